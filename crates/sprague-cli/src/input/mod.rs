//! Reading input files.

pub mod graph;
pub mod state_graph;
pub mod stdin_position;
