//! `sprague grundy-graph FILE`: Grundy values of every vertex of a DAG.

use crate::error::INTERRUPTED;
use crate::error::{CliError, CliResult, cycle_message};
use crate::input::graph::read_graph;
use crate::progress::{self, Polling, Progress, Unit};
use serde_json::json;
use std::io::{BufRead, Write};

/// Whether a file starts (after comments and blanks) with an edge `U-V`, a
/// vertex count `n=K` or a start `@V`: the edge-list notation of the graph
/// rulesets, not a header `n m`.
fn looks_like_edge_list(head: &[u8]) -> bool {
    let text = String::from_utf8_lossy(&head[..head.len().min(4096)]);
    let first = text
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .find(|l| !l.is_empty())
        .and_then(|l| l.split([' ', ',', '\t']).next().map(str::to_string));
    first.is_some_and(|t| {
        t.starts_with("n=") || t.contains('-') && t.bytes().next().is_some_and(|b| b.is_ascii_digit())
    })
}

/// The graph of an edge list `0-1 1-2` (comments after `#` allowed), each
/// edge `u-v` a move from `u` to `v`; ids from 1 with `one_based`.
fn edges_of_list(bytes: &[u8], path: &str, one_based: bool) -> CliResult<crate::input::graph::EdgeList> {
    let text = std::str::from_utf8(bytes)
        .map_err(|e| CliError::input(format!("{path}: not UTF-8 text (byte {})", e.valid_up_to() + 1)))?;
    let joined: String = text
        .lines()
        .map(|l| l.split('#').next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join(" ");
    let list = sprague::graph_games::EdgeList::parse(&joined)
        .map_err(|e| CliError::input(format!("{path}: {e}")))?;
    let shift = u32::from(one_based);
    let (mut sources, mut targets) = (
        Vec::with_capacity(list.edges.len()),
        Vec::with_capacity(list.edges.len()),
    );
    for &(u, v) in &list.edges {
        if one_based && (u == 0 || v == 0) {
            return Err(CliError::input(format!(
                "{path}: edge {u}-{v}: vertex 0 with --one-based (ids run from 1)"
            )));
        }
        sources.push(u - shift);
        targets.push(v - shift);
    }
    let n = if one_based {
        list.n.saturating_sub(1).max(1)
    } else {
        list.n
    };
    Ok(crate::input::graph::EdgeList { n, sources, targets })
}

/// Reads the graph, computes every vertex's value and prints them. On a
/// terminal, a bar shows the bytes read and parsed, and then the
/// vertices valued out of all, with the rate and an estimate of the time left.
/// Ctrl-C while reading stops at once; while building the graph or solving it stops with
/// `interrupted after N of M vertices` (exit code 130) and prints no values (a
/// vertex's value depends on the whole graph below it).
///
/// Besides the graph file formats, the file may be an edge list as the graph
/// rulesets take it (`0-1 1-2`, `n=K`; each edge `u-v` a move from `u` to
/// `v`); `one_based` reads ids from 1 (the text format's `n m` header then
/// counts vertices 1 to n, as in contest inputs).
pub fn run(path: &str, one_based: bool, json: bool) -> CliResult<()> {
    progress::interrupt();
    let bar = Progress::new("reading", None, Unit::Bytes);
    let mut reader = progress::open_input(path, &bar)?;
    let edge_list = looks_like_edge_list(reader.fill_buf()?);
    let edges = if edge_list || one_based {
        // Edge lists and contest files are small enough to hold whole.
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut reader, &mut bytes)
            .map_err(|e| CliError::input(format!("cannot read `{path}`: {e}")))?;
        if edge_list {
            edges_of_list(&bytes, path, one_based)?
        } else {
            super::count_dag_wins::shift_one_based(&bytes, path, u64::from(u32::MAX))?
        }
    } else {
        // The file is parsed as it is read (never held whole): text line by
        // line, binary chunk by chunk.
        read_graph(&mut *reader, path)?
    };
    drop(reader);
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
            "# {}, {}; {} (value 0); largest value {max}",
            sprague_cli::words::count(graph.vertex_count() as u64, "vertex", "vertices"),
            sprague_cli::words::count(graph.edge_count() as u64, "edge", "edges"),
            sprague_cli::words::count(p as u64, "P-position", "P-positions")
        )?;
        writeln!(out, "# vertex grundy")?;
        for (v, g) in values.iter().enumerate() {
            writeln!(out, "{v} {g}")?;
        }
    }
    out.flush()?;
    Ok(())
}
