//! Table files: `sprague solve --demo NAME [--out FILE]` for state spaces
//! solved into tables (with checkpoints), `sprague probe` and `sprague
//! verify`. The format and the work live in the `sprague-table` crate.

use super::solve_args::SolveArgs;
use crate::error::{CliError, CliResult, INTERRUPTED};
use crate::input::state_graph::{StateGraph, read_state_graph};
use crate::progress::{self, Polling, Progress};
use serde_json::{Value, json};
use sprague::loopy::SolvedValue;
use sprague_table::{SolveOptions, TableError};
use std::fmt::Write as _;
use std::io::Write;

/// `sprague probe FILE POSITION`.
#[derive(clap::Args)]
pub struct ProbeArgs {
    /// The table file.
    pub file: String,
    /// The position in the table's ruleset's notation (one quoted argument or several words).
    #[arg(required = true, num_args = 1..)]
    pub position: Vec<String>,
    /// The game of a graph file's or a script's table.
    #[command(flatten)]
    pub given: GivenGame,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// `sprague verify FILE`.
#[derive(clap::Args)]
pub struct VerifyArgs {
    /// The table file.
    pub file: String,
    /// How many positions to check against their children.
    #[arg(long, value_name = "N", default_value_t = 10_000)]
    pub sample: u64,
    /// Seed of the sample.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The game of a graph file's or a script's table.
    #[command(flatten)]
    pub given: GivenGame,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// The game a graph file's or a rules script's table was solved from, for
/// `probe` (its moves) and `verify` (the parent/child self-test); a
/// built-in ruleset's table needs neither.
#[derive(clap::Args)]
pub struct GivenGame {
    /// For a graph file's table: the graph it was solved from (without it,
    /// `probe` reads a vertex's value alone and `verify` checks the
    /// checksums and counts).
    #[arg(long, value_name = "GRAPH", conflicts_with = "rules")]
    pub graph: Option<String>,
    /// For a rules script's table: the script it was solved from (its
    /// positions are explored again from the table's start to number them).
    #[arg(long, value_name = "RULES")]
    pub rules: Option<String>,
    /// State budget of that exploration.
    #[arg(long, value_name = "N", default_value_t = sprague::DEFAULT_MAX_STATES)]
    pub max_states: usize,
}

/// Whether `solve` goes through table files: `--demo NAME --out`, or a demo
/// only solved here (Connect Four). (A graph FILE with `--out` is solved as
/// other graphs, then written by [`write_graph_table`].)
pub fn handles(a: &SolveArgs) -> bool {
    a.demo.is_some()
        && (a.out.is_some()
            || a.demo
                .as_deref()
                .is_some_and(|d| d.to_ascii_lowercase().starts_with("connect-four")))
}

/// Writes `values` (one per index) to a table file at `path` named
/// `ruleset`; returns its size in bytes and its blocks. The error names the
/// first index whose remoteness a table cannot hold.
pub fn write_values(
    path: &str,
    ruleset: &str,
    values: impl Iterator<Item = Option<SolvedValue>>,
    block_states: u32,
) -> CliResult<(u64, u64)> {
    let mut codes = Vec::with_capacity(values.size_hint().0);
    for (i, v) in values.enumerate() {
        codes.push(sprague_table::code::encode(v).ok_or_else(|| {
            CliError::input(format!(
                "--out: index {i} has a remoteness above {}, more than a table holds",
                sprague_table::code::MAX_REMOTENESS
            ))
        })?);
    }
    sprague_table::write_table(path, ruleset, &codes, block_states).map_err(cli)?;
    let bytes = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
    Ok((
        bytes,
        (codes.len() as u64).div_ceil(u64::from(block_states.max(1))),
    ))
}

/// Writes the solved `table` of the graph `g` to `path` (`solve GRAPH --out
/// FILE`); returns the path, the file's size, its blocks and the ruleset
/// name the table carries (the graph's fingerprint).
pub fn write_graph_table(
    g: &StateGraph,
    table: &sprague::loopy::WldTable,
    a: &SolveArgs,
    path: &str,
) -> CliResult<(String, u64, u64, String)> {
    let ruleset = sprague_table::graph_ruleset(&g.graph, &g.outcomes, a.misere);
    let values = (0..table.len()).map(|v| Some(table.get(v)));
    let (bytes, blocks) = write_values(path, &ruleset, values, a.block_states)?;
    Ok((path.to_string(), bytes, blocks, ruleset))
}

/// Refuses the table flags that only --demo solves take, before a graph
/// FILE is read and solved.
pub fn check_graph_flags(a: &SolveArgs) -> CliResult<()> {
    for (flag, given) in [("--checkpoint", a.checkpoint.is_some()), ("--tiered", a.tiered)] {
        if given {
            return Err(CliError::input(format!(
                "{flag}: only for --demo solves; a graph FILE is solved in memory and written with --out"
            )));
        }
    }
    Ok(())
}

/// The ruleset name of the table of a rules script `text` solved from
/// `start`: the script's digest (FNV-1a) and the start position.
pub fn script_ruleset(text: &[u8], start: &str) -> String {
    let digest = text.iter().fold(0xcbf2_9ce4_8422_2325_u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    format!("rules-script:{digest:016x} from {start}")
}

/// The game given with `--graph` or `--rules` to `probe` or `verify` of the
/// table at `table` (whose ruleset name says the play, or the start), and
/// calls `f` with it.
fn with_given<T>(
    table: &str,
    given: &GivenGame,
    f: impl FnOnce(Option<&sprague_table::External<'_>>) -> CliResult<T>,
) -> CliResult<T> {
    let (graph, rules, max_states) = (given.graph.as_deref(), given.rules.as_deref(), given.max_states);
    if graph.is_none() && rules.is_none() {
        return f(None);
    }
    let t = sprague_table::TableFile::open(table).map_err(cli)?;
    let ruleset = t.header().ruleset.clone();
    drop(t);
    if let Some(path) = graph {
        let misere = ruleset.ends_with(":misere");
        let bar = Progress::new("reading", None, crate::progress::Unit::Bytes);
        let g = read_state_graph(&mut *progress::open_input(path, &bar)?, path)?;
        bar.finish();
        let space = sprague_table::GraphFile::new(g.graph, g.outcomes, misere);
        let ext = sprague_table::External {
            ruleset: space.ruleset(),
            space: &space,
        };
        return f(Some(&ext));
    }
    let Some(path) = rules else { return f(None) };
    let Some(start) = ruleset
        .strip_prefix("rules-script:")
        .and_then(|r| r.split_once(" from "))
        .map(|(_, s)| s.to_string())
    else {
        return Err(CliError::input(format!(
            "--rules {path}: the table {table} is not a rules script's (its ruleset is {ruleset})"
        )));
    };
    let text = crate::ruleset::script_text(path)?.into_bytes();
    let source = crate::ruleset::Source::of(
        None,
        Some(path.to_string()),
        sprague_script::DEFAULT_MAX_OPS,
        max_states,
    );
    let Some(script) = source.script()? else {
        return Err(CliError::internal("a rules source without a script"));
    };
    let options = crate::ruleset::QueryOptions {
        misere: false,
        max_states,
    };
    let space = script.explored(&start, &options.to_core())?;
    let ext = sprague_table::External {
        ruleset: script_ruleset(&text, &start),
        space,
    };
    f(Some(&ext))
}

fn cli(e: TableError) -> CliError {
    match e {
        TableError::Interrupted { .. } => CliError {
            code: INTERRUPTED,
            message: e.to_string(),
        },
        TableError::Io { .. } => CliError::input(e.to_string()),
        other => CliError::input(other.to_string()),
    }
}

fn value_json(v: SolvedValue) -> Value {
    json!({"outcome": v.wld.as_str(), "remoteness": v.remoteness})
}

fn print(json: bool, j: &Value, text: &str) -> CliResult<()> {
    let mut out = std::io::stdout().lock();
    if json {
        serde_json::to_writer(&mut out, j)?;
        out.write_all(b"\n")?;
    } else {
        out.write_all(text.as_bytes())?;
    }
    out.flush()?;
    Ok(())
}

/// `solve --demo NAME [--out FILE [--checkpoint CK [--resume]]]`: solves the
/// state space, prints its start value and counts, writes the table.
pub fn solve(a: &SolveArgs) -> CliResult<()> {
    let Some(name) = a.demo.as_deref() else {
        return Err(CliError::input(
            "--out needs --demo NAME (tic-tac-toe, krk or connect-four:WxH)",
        ));
    };
    if a.file.is_some() {
        return Err(CliError::input(format!("--demo {name} takes no FILE")));
    }
    if let Some(out) = &a.out
        && sprague_table::has_tiers(name)
        && (a.tiered
            || sprague::registry::state_space(name).is_ok_and(|(_, s)| s.state_count() > a.max_states as u64))
    {
        return solve_tiered(a, name, out);
    }
    if a.tiered {
        return Err(CliError::input(format!(
            "--tiered: {name} has no tiered solver (connect-four:WxH has)"
        )));
    }
    let t0 = std::time::Instant::now();
    let solved = {
        let _polling = Polling::start();
        let bar = Progress::monitored(&format!("solving {name}"), "states");
        let opts = solve_options(a);
        let r = sprague_table::solve(name, &opts);
        bar.finish();
        r.map_err(cli)?
    };
    let secs = t0.elapsed().as_secs_f64();
    let (_, space) = sprague::registry::state_space(&solved.ruleset)?;
    // Spaces without a `start` position (krk) have no reachable counts.
    let start = space.parse_state("start").unwrap_or(u64::MAX);
    let sum = sprague_table::summarize(&*space, &solved.codes, start);
    let written = match &a.out {
        Some(path) => {
            sprague_table::write_table(path, &solved.ruleset, &solved.codes, a.block_states).map_err(cli)?;
            Some((
                path.clone(),
                std::fs::metadata(path).map(|m| m.len()).unwrap_or(0),
            ))
        }
        None => None,
    };
    let [w, l, d] = sum.reachable;
    let [pw, pl, pd] = sum.positions;
    let j = json!({
        "ruleset": solved.ruleset,
        "states": solved.codes.len(),
        "start": sum.start.map(value_json),
        "reachable": {"W": w, "L": l, "D": d, "total": w + l + d},
        "positions": {"W": pw, "L": pl, "D": pd, "total": pw + pl + pd},
        "longest_win_plies": sum.longest_win,
        "blocks": solved.blocks,
        "resumed_blocks": solved.resumed_blocks,
        "resumed_level": solved.resumed_level,
        "seconds": secs,
        "out": written.as_ref().map(|(p, b)| json!({"file": p, "bytes": b})),
    });
    let mut text = format!(
        "{}: {} indices solved in {secs:.2} s",
        solved.ruleset,
        solved.codes.len()
    );
    if solved.resumed_blocks > 0 {
        let _ = write!(
            text,
            " (resumed: {} of {} read from the checkpoint)",
            solved.resumed_blocks,
            sprague_cli::words::count(solved.blocks, "block", "blocks")
        );
    }
    if let Some(level) = solved.resumed_level {
        let _ = write!(
            text,
            " (resumed: from the checkpoint's snapshot at remoteness level {level})"
        );
    }
    text.push('\n');
    summary_lines(
        &mut text,
        sum.start,
        sum.reachable,
        sum.positions,
        sum.longest_win,
    );
    if let Some((p, b)) = &written {
        let blocks = sprague_cli::words::count(solved.blocks, "block", "blocks");
        let _ = writeln!(text, "wrote {p} ({b} bytes, {blocks})");
    }
    print(a.json, &j, &text)
}

/// `solve --demo connect-four:WxH --out FILE` tier by tier: the table is
/// written as the tiers are solved; prints the start's value and counts.
fn solve_tiered(a: &SolveArgs, name: &str, out: &str) -> CliResult<()> {
    let t0 = std::time::Instant::now();
    let solved = {
        let _polling = Polling::start();
        let bar = Progress::monitored(&format!("solving {name} tier by tier"), "states");
        let opts = solve_options(a);
        let r = sprague_table::solve_tiered_to_file(name, out, &opts);
        bar.finish();
        r.map_err(cli)?
    };
    let secs = t0.elapsed().as_secs_f64();
    let [w, l, d] = solved.reachable;
    let [pw, pl, pd] = solved.positions;
    let partial = solved.resumed_tiers > 0;
    let j = json!({
        "ruleset": solved.ruleset,
        "states": solved.states,
        "tiers": solved.tiers,
        "resumed_tiers": solved.resumed_tiers,
        "start": solved.start.map(value_json),
        "reachable": {"W": w, "L": l, "D": d, "total": w + l + d},
        "positions": {"W": pw, "L": pl, "D": pd, "total": pw + pl + pd},
        "counts_cover_resumed_tiers": !partial,
        "longest_win_plies": solved.longest_win,
        "peak_tier_states": solved.peak_tier_states,
        "blocks": solved.blocks,
        "seconds": secs,
        "out": {"file": out, "bytes": solved.bytes},
    });
    let mut text = format!(
        "{}: {} indices in {} tiers solved in {secs:.2} s (two tiers in memory: at most {} bytes of values)\n",
        solved.ruleset, solved.states, solved.tiers, solved.peak_tier_states
    );
    if partial {
        let _ = writeln!(
            text,
            "resumed: {} of {} tiers read from the checkpoint (the counts below cover the tiers solved in this run)",
            solved.resumed_tiers, solved.tiers
        );
    }
    summary_lines(
        &mut text,
        solved.start,
        solved.reachable,
        solved.positions,
        solved.longest_win,
    );
    let _ = writeln!(
        text,
        "wrote {out} ({} bytes, {})",
        solved.bytes,
        sprague_cli::words::count(solved.blocks, "block", "blocks")
    );
    print(a.json, &j, &text)
}

/// `sprague probe FILE POSITION`.
pub fn probe(a: &ProbeArgs) -> CliResult<()> {
    let position = a.position.join(" ");
    let p = with_given(&a.file, &a.given, |e| {
        sprague_table::probe_with(&a.file, &position, e).map_err(cli)
    })?;
    let moves: Vec<Value> = p
        .moves
        .iter()
        .map(|(m, pos, v)| json!({"move": m, "position": pos, "value": value_json(*v)}))
        .collect();
    let j = json!({
        "ruleset": p.ruleset,
        "position": p.position,
        "index": p.index,
        "to_move": p.to_move,
        "outcome": p.value.wld.as_str(),
        "remoteness": p.value.remoteness,
        "moves": if p.moves_known { json!(moves) } else { Value::Null },
    });
    let mut text = format!(
        "{} {}\n{} to move {} (outcome {})\n",
        p.ruleset,
        p.position,
        p.to_move,
        p.value.words(),
        p.value.wld
    );
    for (m, _, v) in &p.moves {
        let _ = writeln!(text, "  {m}: then {v} for the opponent");
    }
    if !p.moves_known {
        text.push_str("  (the moves are read from the graph: add --graph FILE)\n");
    }
    print(a.json, &j, &text)
}

/// `sprague verify FILE`.
pub fn verify(a: &VerifyArgs) -> CliResult<()> {
    let v = with_given(&a.file, &a.given, |e| {
        sprague_table::verify_with(&a.file, a.sample, a.seed, e).map_err(cli)
    })?;
    let [w, l, d] = v.counts;
    let j = json!({
        "file": a.file,
        "ruleset": v.ruleset,
        "ok": true,
        "blocks": v.blocks,
        "states": v.states,
        "positions": {"W": w, "L": l, "D": d},
        "sampled": v.sampled,
        "children_checked": v.children_checked,
        "bytes": v.bytes,
    });
    let children = if v.children_checked {
        format!("{} positions agree with their children", v.sampled)
    } else {
        "children not checked (add --graph FILE for the parent/child self-test)".to_string()
    };
    let text = format!(
        "{}: ok: {} table, {} checksummed, {} indices ({} positions: W {w}, L {l}, D {d}), {children}, {} bytes\n",
        a.file,
        v.ruleset,
        sprague_cli::words::count(v.blocks, "block", "blocks"),
        v.states,
        w + l + d,
        v.bytes
    );
    print(a.json, &j, &text)
}

/// The lines a solve prints about its values: the start's, the counts of
/// reachable positions and of all positions by value, the longest forced win.
fn summary_lines(
    text: &mut String,
    start: Option<sprague::loopy::SolvedValue>,
    [w, l, d]: [u64; 3],
    [pw, pl, pd]: [u64; 3],
    longest_win: Option<u32>,
) {
    if let Some(v) = start {
        let _ = writeln!(text, "start: {v} (the player to move {})", v.words());
    }
    let _ = writeln!(
        text,
        "reachable from the start: {} positions (W {w}, L {l}, D {d} for the player to move)",
        w + l + d
    );
    let _ = writeln!(
        text,
        "all positions of the index space: {} (W {pw}, L {pl}, D {pd})",
        pw + pl + pd
    );
    if let Some(r) = longest_win {
        let r = sprague_cli::words::count(r, "ply", "plies");
        let _ = writeln!(text, "longest forced win from a reachable position: {r}");
    }
}

/// The table solver's options from the command line's.
fn solve_options(a: &SolveArgs) -> SolveOptions<'_> {
    SolveOptions {
        block_states: a.block_states,
        checkpoint: a.checkpoint.as_deref(),
        resume: a.resume,
        threads: a.threads,
        checkpoint_every: std::time::Duration::from_secs(a.checkpoint_every),
        max_states: a.max_states,
        monitor: Some(progress::monitor()),
    }
}
