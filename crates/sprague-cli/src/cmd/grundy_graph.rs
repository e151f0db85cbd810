//! `sprague grundy-graph FILE`: Grundy values of every vertex of a DAG.

use crate::error::INTERRUPTED;
use crate::error::{CliError, CliResult, cycle_message};
use crate::input::graph::read_graph;
use crate::progress::{self, Polling, Progress, Unit};
use serde_json::json;
use std::io::Write;

/// Reads the graph, computes every vertex's value and prints them. On a
/// terminal, a bar shows the bytes read and parsed, and then the
/// vertices valued out of all, with the rate and an estimate of the time left.
/// Ctrl-C while reading stops at once; while building the graph or solving it stops with
/// `interrupted after N of M vertices` (exit code 130) and prints no values (a
/// vertex's value depends on the whole graph below it).
pub fn run(path: &str, json: bool) -> CliResult<()> {
    progress::interrupt();
    let bar = Progress::new("reading", None, Unit::Bytes);
    // The file is parsed as it is read (never held whole): text line by
    // line, binary chunk by chunk.
    let edges = read_graph(&mut *progress::open_input(path, &bar)?, path)?;
    // From here on Ctrl-C asks to stop: a Ctrl-C while building the graph is
    // seen by the solver at its first batch.
    let polling = Polling::start();
    bar.phase("building the graph", None, Unit::None);
    let graph = edges.into_graph()?;
    let values = {
        bar.follow_monitor(&format!("solving {} edges", graph.edge_count()), "vertices");
        sprague::impartial::grundy_dag_with(&graph, progress::monitor()).map_err(|e| match e {
            sprague::monitor::Stopped::Failed(c) => CliError::input(format!("{path}: {}", cycle_message(&c))),
            sprague::monitor::Stopped::Budget(b) => b.into(),
            sprague::monitor::Stopped::Interrupted(i) => CliError {
                code: INTERRUPTED,
                message: format!(
                    "interrupted after {} of {} vertices",
                    i.done,
                    graph.vertex_count()
                ),
            },
        })?
    };
    bar.finish();
    // Printing is not polled: Ctrl-C ends it at once.
    drop(polling);
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
