//! Reading input files.

pub mod graph;
pub mod state_graph;
