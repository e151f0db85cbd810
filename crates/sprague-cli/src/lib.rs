//! The parts of the `sprague` command that are pure functions of their input:
//! its error type and the readers of graph files. They form a library so the
//! fuzz targets in `fuzz/` (outside the workspace) and tests reach the same
//! code the binary runs.

pub mod error;
pub mod input;
