//! Whether a graph fits in memory: checked from its vertex and edge counts
//! before anything of that size is allocated, by every reader of graphs
//! (text, JSON and binary) and by the solvers they feed.

use crate::error::CliResult;

/// Checks that a graph of `n` vertices and `m` edges fits in memory before
/// anything of that size is allocated. `bytes_per_edge` and `bytes_per_vertex`
/// describe the solver that will run.
pub fn check_size(n: u64, m: u64, bytes_per_vertex: u64, bytes_per_edge: u64) -> CliResult<()> {
    Ok(sprague::registry::check_graph_memory(
        n,
        m,
        bytes_per_vertex,
        bytes_per_edge,
        crate::monitor().max_memory(),
    )?)
}
