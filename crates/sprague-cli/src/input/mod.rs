//! Reading input files.

pub mod binary;
pub mod graph;
pub mod graph_size;
pub mod read;
pub mod script;
pub mod state_graph;
