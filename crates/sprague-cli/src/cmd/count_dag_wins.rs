//! `sprague count-dag-wins FILE`: of all edge subsets of a DAG, how many let
//! the first player win with tokens on the first two vertices (AGC016 F).

use crate::error::{CliError, CliResult};
use crate::input::graph::{parse_graph, read_input};
use std::io::Write;

/// Reads the DAG, counts modulo 10^9 + 7 and prints the count.
///
/// With `one_based`, vertex ids in the file run from 1 to n (the contest's
/// format: first line `N M`, then `M` lines `x y`); otherwise from 0.
pub fn run(path: &str, one_based: bool, json: bool) -> CliResult<()> {
    let bytes = read_input(path)?;
    let list = if one_based {
        shift_one_based(&bytes, path, sprague::graph_games::DAG_COUNT_MAX_VERTICES as u64)?
    } else {
        parse_graph(&bytes, path)?
    };
    if list.n > sprague::graph_games::DAG_COUNT_MAX_VERTICES || list.n < 2 {
        return Err(CliError::input(format!(
            "{path}: the graph has {} vertices; count-dag-wins needs 2 to {} (the count takes 3^n steps)",
            list.n,
            sprague::graph_games::DAG_COUNT_MAX_VERTICES
        )));
    }
    let edges: Vec<(u32, u32)> = list
        .sources
        .iter()
        .copied()
        .zip(list.targets.iter().copied())
        .collect();
    // On a terminal, a bar with the steps done out of 3^n and an estimate of
    // the time left; Ctrl-C stops the count (exit code 130).
    crate::progress::interrupt();
    let polling = crate::progress::Polling::start();
    let bar = crate::progress::Progress::monitored(&format!("3^{} vertex-set pairs", list.n), "pairs");
    let count = sprague::graph_games::count_dag_wins_with(list.n, &edges, crate::progress::monitor());
    bar.finish();
    drop(polling);
    let count = count.map_err(|e| match e {
        sprague::graph_games::DagCountError::Interrupted(i) => CliError {
            code: crate::error::INTERRUPTED,
            message: format!("interrupted after {} of the 3^{} steps", i.done, list.n),
        },
        other => CliError::input(format!("{path}: {other}")),
    })?;
    let report = sprague::graph_games::DagWinsReport {
        n: list.n,
        m: edges.len(),
        tokens: if one_based { [1, 2] } else { [0, 1] },
        winning_subsets: count,
    };
    let mut out = std::io::stdout().lock();
    if json {
        writeln!(out, "{}", report.data().to_json())?;
    } else {
        out.write_all(report.text().as_bytes())?;
    }
    out.flush()?;
    Ok(())
}

/// Parses the contest's text format: `N M`, then `M` lines `x y` with ids
/// 1 to N (`#` starts a comment), N at most `max_vertices`. Errors name the line.
pub fn shift_one_based(
    bytes: &[u8],
    path: &str,
    max_vertices: u64,
) -> CliResult<crate::input::graph::EdgeList> {
    let text = String::from_utf8_lossy(bytes);
    let mut header: Option<(u64, u64)> = None;
    let (mut sources, mut targets) = (Vec::new(), Vec::new());
    for (index, raw) in text.lines().enumerate() {
        let line_no = index + 1;
        let line = raw.split('#').next().unwrap_or("");
        let fields: Vec<&str> = line.split_whitespace().collect();
        if fields.is_empty() {
            continue;
        }
        let nums: Option<Vec<u64>> = fields.iter().map(|f| f.parse::<u64>().ok()).collect();
        let (Some(nums), 2) = (nums, fields.len()) else {
            return Err(CliError::input(format!(
                "{path}: line {line_no}: expected two whole numbers, found `{}`",
                raw.trim_end()
            )));
        };
        match header {
            None => {
                if nums[0] > max_vertices || nums[1] > 1 << 32 {
                    return Err(CliError::input(format!(
                        "{path}: line {line_no}: N = {} and M = {} are too large (N at most {max_vertices})",
                        nums[0], nums[1],
                    )));
                }
                crate::input::graph_size::check_size(nums[0], nums[1], 64, 12)?;
                header = Some((nums[0], nums[1]));
            }
            Some((n, m)) => {
                if sources.len() as u64 == m {
                    return Err(CliError::input(format!(
                        "{path}: line {line_no}: more edges than the header's M = {m}"
                    )));
                }
                for &x in &nums {
                    if x == 0 || x > n {
                        return Err(CliError::input(format!(
                            "{path}: line {line_no}: vertex {x} is out of range: ids run from 1 to {n} (--one-based)"
                        )));
                    }
                }
                sources.push(nums[0] as u32 - 1);
                targets.push(nums[1] as u32 - 1);
            }
        }
    }
    let Some((n, m)) = header else {
        return Err(CliError::input(format!("{path}: no header line `N M` found")));
    };
    if (sources.len() as u64) < m {
        return Err(CliError::input(format!(
            "{path}: the header says M = {m} edges, but the file has {}",
            sources.len()
        )));
    }
    Ok(crate::input::graph::EdgeList {
        n: n as usize,
        sources,
        targets,
    })
}
