//! Reading input files.

pub mod binary;
pub mod graph;
pub mod read;
pub mod script;
pub mod state_graph;
