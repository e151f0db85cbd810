//! Reading input files.

pub mod binary;
pub mod graph;
pub mod state_graph;
