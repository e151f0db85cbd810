//! `sprague grundy-graph FILE`: Grundy values of every vertex of a DAG.

use crate::error::{CliError, CliResult};
use crate::input::graph::parse_graph;
use crate::progress::{self, Progress, Unit};
use serde_json::json;
use std::io::Write;

/// Reads the graph, computes every vertex's value and prints them. On a
/// terminal, a bar shows the bytes read and then the parsing and solving
/// phases; Ctrl-C while reading stops at once (there is nothing partial to
/// print: a vertex's value depends on the whole graph below it).
pub fn run(path: &str, json: bool) -> CliResult<()> {
    progress::interrupt();
    let bar = Progress::new("reading", None, Unit::Bytes);
    let bytes = progress::read_input(path, &bar)?;
    bar.phase("parsing the graph", None, Unit::None);
    let graph = parse_graph(&bytes, path)?.into_graph()?;
    drop(bytes);
    bar.phase(
        &format!(
            "solving {} vertices, {} edges",
            graph.vertex_count(),
            graph.edge_count()
        ),
        None,
        Unit::None,
    );
    let values = sprague::grundy_dag(&graph).map_err(|e| CliError::input(format!("{path}: {e}")))?;
    bar.finish();
    let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    if json {
        writeln!(out, "{}", json!({ "grundy": values }))?;
    } else {
        let p = values.iter().filter(|&&g| g == 0).count();
        let max = values.iter().copied().max().unwrap_or(0);
        writeln!(
            out,
            "# {} vertices, {} edges; {p} P-positions (value 0); largest value {max}",
            graph.vertex_count(),
            graph.edge_count()
        )?;
        writeln!(out, "# vertex grundy")?;
        for (v, g) in values.iter().enumerate() {
            writeln!(out, "{v} {g}")?;
        }
    }
    out.flush()?;
    Ok(())
}
