//! Transfinite nim multiplication (placeholder, filled in the next step).
