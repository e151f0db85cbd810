//! Explicit game graphs (vertices `0..n`, edges as moves) solved by the
//! engine: Grundy values of an acyclic graph, or win/lose/draw with remoteness
//! of any graph.

use crate::errors::Watch;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use sprague::DiGraph;
use sprague::impartial::grundy_dag_with;
use sprague::loopy::{Wld, solve_graph_with};

/// The graph on `n` vertices with edges `sources[i] → targets[i]`, each end
/// checked (the message names the edge).
fn graph(py: Python<'_>, n: usize, sources: &[i64], targets: &[i64]) -> PyResult<DiGraph> {
    // Sized before anything of that size is allocated: offsets, lists of
    // predecessors and the solvers' per-vertex and per-edge state.
    sprague::registry::check_graph_size(n as u64, sources.len() as u64, 32, 24)
        .map_err(|e| crate::errors::engine_error(py, e))?;
    if sources.len() != targets.len() {
        return Err(PyValueError::new_err(format!(
            "{} edge sources but {} targets",
            sources.len(),
            targets.len()
        )));
    }
    let end = |i: usize, v: i64| -> PyResult<u32> {
        u32::try_from(v)
            .ok()
            .filter(|&v| (v as usize) < n)
            .ok_or_else(|| PyValueError::new_err(format!("edge {i}: vertex {v} is not in 0..{n}")))
    };
    let mut from = Vec::with_capacity(sources.len());
    let mut to = Vec::with_capacity(targets.len());
    for (i, (&a, &b)) in sources.iter().zip(targets).enumerate() {
        from.push(end(i, a)?);
        to.push(end(i, b)?);
    }
    DiGraph::from_edges(n, &from, &to).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// Grundy values of the vertices of an acyclic graph (a cycle is a ValueError
/// naming a vertex on it).
#[pyfunction]
pub fn grundy_graph_edges(
    py: Python<'_>,
    n: usize,
    sources: Vec<i64>,
    targets: Vec<i64>,
) -> PyResult<Vec<u32>> {
    let g = graph(py, n, &sources, &targets)?;
    let watch = Watch::new();
    grundy_dag_with(&g, &watch.monitor).map_err(|e| watch.search_error(py, e))
}

/// Outcomes (`"W"`, `"L"`, `"D"`) and remoteness (`None` for draws) of the
/// vertices of any graph; a vertex without moves is lost for the player to move.
#[pyfunction]
pub fn solve_graph_edges(
    py: Python<'_>,
    n: usize,
    sources: Vec<i64>,
    targets: Vec<i64>,
) -> PyResult<(String, Vec<Option<u32>>)> {
    let g = graph(py, n, &sources, &targets)?;
    let watch = Watch::new();
    let table = solve_graph_with(&g, |_| Wld::Lose, &watch.monitor).map_err(|e| watch.search_error(py, e))?;
    let outcomes: String = table.iter().map(|v| v.wld.as_str()).collect();
    let remoteness = table.iter().map(|v| v.remoteness).collect();
    Ok((outcomes, remoteness))
}
