//! Reading input files.

pub mod graph;
