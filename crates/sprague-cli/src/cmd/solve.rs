//! `sprague solve`: win/lose/draw with remoteness, loopy Grundy values, preference
//! rankings and minimax on graph files; game trees; built-in state-space demos.

pub use super::solve_args::SolveArgs;
use super::space_solve::CliSolver;
use crate::error::{CliError, CliResult};
use crate::input::graph::read_input;
use crate::input::state_graph::{StateGraph, parse_tree, read_state_graph};
use crate::progress::{self, Polling, Progress, Unit};
use serde_json::{Value, json};
use sprague::{
    Wld,
    demo::{DemoInput, DemoOptions, DemoReport},
    loopy::{LoopyValue, Ranking, SolvedValue},
};
use std::fmt::Write as _;
use std::io::Write;

/// Largest graph whose per-vertex table is printed as text.
const TABLE_LIMIT: usize = 1000;

/// Runs the verb. On a terminal, a bar shows the bytes read, then the parsing
/// and solving phases. The win/lose/draw solve shows the edges processed in
/// each of its phases out of all, with an estimate of the time left, and
/// Ctrl-C stops it with `interrupted while PHASE after N of M edges` (exit
/// code 130, nothing printed: a remoteness is final only at the end).
/// `--grundy` and `--minimax` show the vertices valued out of all and stop
/// with `interrupted after N of M vertices`; `--tree` and `--and-or` show the
/// tree nodes visited out of all (pruning ends them short of it) and stop with
/// `interrupted after N of M tree nodes`. The retrograde `--prefs` solve shows
/// its phase and elapsed time, and Ctrl-C ends it at once. A `--demo` solve shows the states counted and decided with an
/// estimate of the time left, and Ctrl-C stops it cleanly with
/// `interrupted after N states` (exit code 130): the states decided so far
/// are not printed, since a state's remoteness is only final once the whole
/// level it belongs to is done.
pub fn run(a: &SolveArgs) -> CliResult<()> {
    progress::interrupt();
    // The files to be written are checked before any work: only a missing
    // path or a regular file is replaced (never a device, a FIFO, a
    // directory, a symbolic link or a file with other hard links).
    let table_error = |e: sprague_table::TableError| CliError::input(e.to_string());
    if let Some(out) = &a.out {
        sprague_table::check_replaceable(out, "--out").map_err(table_error)?;
    }
    if let Some(checkpoint) = &a.checkpoint {
        sprague_table::check_replaceable(checkpoint, "--checkpoint").map_err(table_error)?;
    }
    if let Some(path) = &a.rules {
        return rules_run(path, a);
    }
    if super::table_file::handles(a) {
        return super::table_file::solve(a);
    }
    let answer: Answer = if let Some(demo) = &a.demo {
        let _polling = Polling::start();
        let bar = Progress::monitored(&format!("solving {demo}"), "states");
        let r = demo_run(demo, a);
        bar.finish();
        r?.into()
    } else {
        let Some(path) = a.file.as_deref() else {
            return Err(CliError::input(
                "`sprague solve` needs a FILE (or `-` for stdin), or --demo tic-tac-toe|krk|river-pawn",
            ));
        };
        let bar = Progress::new("reading", None, Unit::Bytes);
        if a.tree || a.and_or {
            let bytes = progress::read_input(path, &bar)?;
            // The searches poll the monitor from their first batch: a
            // Ctrl-C while parsing stops them there.
            let _polling = Polling::start();
            bar.phase("parsing", None, Unit::None);
            tree_run(&bytes, path, a, &bar)?.into()
        } else {
            super::table_file::check_graph_flags(a)?;
            // The graph file is parsed as it is read (never held whole): text
            // line by line, binary chunk by chunk. Ctrl-C ends reading at once.
            let g = read_state_graph(&mut *progress::open_input(path, &bar)?, path)?;
            // Every solver but the retrograde --prefs one polls the monitor
            // from its first batch. (The exhaustive --prefs search starts its
            // own polled section.)
            let _polling = a.prefs.is_none().then(Polling::start);
            bar.phase(
                &format!(
                    "solving {} vertices, {} edges",
                    g.graph.vertex_count(),
                    g.graph.edge_count()
                ),
                None,
                Unit::None,
            );
            if a.grundy {
                grundy_run(&g, a, &bar)?
            } else if let Some(p) = &a.prefs {
                prefs_run(&g, p, a.max_states, &bar)?
            } else if a.minimax {
                minimax_run(&g, path, &bar)?
            } else if a.dist.active() {
                let table = super::dist::graph(&g, &a.dist, a.misere)?;
                wld_report(&g, table, a)?
            } else {
                wld_run(&g, a, &bar)?
            }
        }
    };
    let Answer { json, rows, text } = answer;
    // A Ctrl-C while the answer was being put together (after the solver's
    // last poll) stops here; from now on one ends the process at once.
    if progress::stop_requested() {
        return Err(CliError {
            code: crate::error::INTERRUPTED,
            message: "interrupted before printing the answer".to_string(),
        });
    }
    let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    if a.json {
        write_json(&mut out, &json, rows)?;
    } else {
        out.write_all(text.as_bytes())?;
    }
    out.flush()?;
    Ok(())
}

/// Writes one per-vertex JSON array to the output.
type Rows = Box<dyn FnOnce(&mut dyn Write) -> std::io::Result<()>>;

/// What a solve prints: the small fields of its JSON object, its per-vertex
/// arrays (written straight to the output when JSON is asked for, never built
/// as JSON values: a vertex's value would take a hundred bytes and more),
/// and its text.
struct Answer {
    json: Head,
    rows: Vec<(&'static str, Rows)>,
    text: String,
}

/// The small fields of a solve's JSON object: a report's data (written by
/// the core's one JSON writer, [`sprague::Data::to_json`]) or a JSON value.
enum Head {
    Data(sprague::Data),
    Value(Value),
}

impl From<(Value, String)> for Answer {
    fn from((json, text): (Value, String)) -> Self {
        Answer {
            json: Head::Value(json),
            rows: Vec::new(),
            text,
        }
    }
}

impl From<DemoReport> for Answer {
    fn from(r: DemoReport) -> Self {
        Answer {
            json: Head::Data(r.data()),
            rows: Vec::new(),
            text: r.text(),
        }
    }
}

/// A per-vertex array `[item, item, …]` of `table`'s `len` items, item `v`
/// written by `each(out, &table, v)`.
fn rows<T: 'static>(
    table: T,
    len: usize,
    each: impl Fn(&mut dyn Write, &T, usize) -> std::io::Result<()> + 'static,
) -> Rows {
    Box::new(move |out: &mut dyn Write| {
        out.write_all(b"[")?;
        for v in 0..len {
            if v > 0 {
                out.write_all(b",")?;
            }
            each(out, &table, v)?;
        }
        out.write_all(b"]")
    })
}

/// `["W", 3]`, `["L", 0]` or `["D", null]`.
fn write_solved(out: &mut dyn Write, s: SolvedValue) -> std::io::Result<()> {
    match s.remoteness {
        Some(r) => write!(out, "[\"{}\",{r}]", s.wld.as_str()),
        None => write!(out, "[\"{}\",null]", s.wld.as_str()),
    }
}

/// Writes the JSON object `json` with the arrays `rows` as further fields,
/// then a newline: one JSON document, whatever the graph's size. O(output).
fn write_json(out: &mut dyn Write, json: &Head, rows: Vec<(&'static str, Rows)>) -> CliResult<()> {
    let head = match json {
        Head::Data(d) => d.to_json(),
        Head::Value(v) => serde_json::to_string(v)?,
    };
    let Some(open) = head.strip_suffix('}') else {
        return Err(CliError::internal("a solve's JSON answer is not an object"));
    };
    out.write_all(open.as_bytes())?;
    let mut first = open == "{";
    for (key, write) in rows {
        if !first {
            out.write_all(b",")?;
        }
        first = false;
        serde_json::to_writer(&mut *out, key)?;
        out.write_all(b":")?;
        write(out)?;
    }
    out.write_all(b"}\n")?;
    Ok(())
}

/// The error of a computation stopped by Ctrl-C after `done` of `total` units
/// (exit code 130).
fn interrupted(done: u64, total: u64, unit: &str) -> CliError {
    CliError {
        code: crate::error::INTERRUPTED,
        message: format!("interrupted after {done} of {total} {unit}"),
    }
}

fn wld_run(g: &StateGraph, a: &SolveArgs, bar: &Progress) -> CliResult<Answer> {
    let default = if a.misere { Wld::Win } else { Wld::Lose };
    let table = {
        // The solver polls the monitor: the first Ctrl-C stops it cleanly.
        let _polling = Polling::start();
        bar.follow_monitor(&format!("solving {} vertices", g.graph.vertex_count()), "edges");
        let monitor = progress::monitor();
        sprague::loopy::solve_graph_with(&g.graph, |v| g.outcomes[v as usize].unwrap_or(default), monitor)
            .map_err(|e| match e {
                sprague::monitor::Stopped::Failed(e) => CliError::input(e.to_string()),
                sprague::monitor::Stopped::Budget(b) => b.into(),
                sprague::monitor::Stopped::Interrupted(i) => CliError {
                    code: crate::error::INTERRUPTED,
                    message: format!(
                        "interrupted while {} after {} of {} edges",
                        monitor.phase(),
                        i.done,
                        g.graph.edge_count()
                    ),
                },
            })?
    };
    wld_report(g, table, a)
}

/// The counts, longest win and per-vertex values of a solved graph; with
/// `--out`, the table written for `sprague probe` and `sprague verify`.
fn wld_report(g: &StateGraph, table: sprague::loopy::WldTable, a: &SolveArgs) -> CliResult<Answer> {
    let misere = a.misere;
    let written = match &a.out {
        Some(path) => Some(super::table_file::write_graph_table(g, &table, a, path)?),
        None => None,
    };
    let (w, l, d) = table.counts();
    let longest = table.longest_win();
    let mut json = json!({
        "play": if misere { "misere" } else { "normal" },
        "counts": {"W": w, "L": l, "D": d},
        "longest_win": longest.map(|(v, s)| json!({"vertex": v, "remoteness": s.remoteness})),
    });
    let mut text = format!(
        "# {} vertices, {} edges; {} play\n# W {w}, L {l}, D {d}\n",
        g.graph.vertex_count(),
        g.graph.edge_count(),
        if misere { "misère" } else { "normal" }
    );
    match longest {
        Some((v, s)) => {
            let _ = writeln!(
                text,
                "# longest win: vertex {v}, remoteness {}",
                sprague_cli::words::count(s.remoteness.unwrap_or(0), "ply", "plies")
            );
        }
        None => text.push_str("# no vertex is a win for the player to move\n"),
    }
    if table.len() <= TABLE_LIMIT {
        text.push_str("# vertex outcome remoteness\n");
        for (v, s) in table.iter().enumerate() {
            let _ = match s.remoteness {
                Some(r) => writeln!(text, "{v} {} {r}", s.wld),
                None => writeln!(text, "{v} {} -", s.wld),
            };
        }
    } else {
        let _ = writeln!(
            text,
            "# (per-vertex table omitted above {TABLE_LIMIT} vertices; use --json)"
        );
    }
    if let Some((path, bytes, blocks, ruleset)) = &written {
        json["out"] = json!({"file": path, "bytes": bytes, "blocks": blocks, "ruleset": ruleset});
        let _ = writeln!(
            text,
            "# wrote {path} ({bytes} bytes, {blocks} blocks, {ruleset}): `sprague probe {path} VERTEX --graph FILE`"
        );
    }
    let len = table.len();
    let results = rows(table, len, |out, t, v| write_solved(out, t.get(v)));
    Ok(Answer {
        json: Head::Value(json),
        rows: vec![("results", results)],
        text,
    })
}

fn loopy_json(v: &LoopyValue) -> Value {
    match v {
        LoopyValue::Finite(g) => json!(g),
        LoopyValue::Infinite(k) => json!({ "infinite": k }),
    }
}

fn grundy_run(g: &StateGraph, a: &SolveArgs, bar: &Progress) -> CliResult<Answer> {
    if g.outcomes.iter().any(Option::is_some) {
        return Err(CliError::input(
            "--grundy uses normal play only: remove the `outcome` lines from the file",
        ));
    }
    let n = g.graph.vertex_count();
    bar.follow_monitor(&format!("loopy values of {n} vertices"), "vertices");
    let vals = sprague::loopy::loopy_grundy_with(&g.graph, progress::monitor())
        .map_err(|i| interrupted(i.done, n as u64, "vertices"))?;
    if let Some(spec) = &a.sum {
        let mut parts = Vec::new();
        for (i, t) in spec.split(',').enumerate() {
            let v: usize = t
                .trim()
                .parse()
                .map_err(|_| CliError::input(format!("--sum: item {} `{t}` is not a vertex id", i + 1)))?;
            if v >= vals.len() {
                return Err(CliError::input(format!(
                    "--sum: vertex {v} is out of range: ids run from 0 to {}",
                    vals.len().saturating_sub(1)
                )));
            }
            parts.push(v);
        }
        let refs: Vec<&LoopyValue> = parts.iter().map(|&v| &vals[v]).collect();
        let o = sprague::loopy::loopy_sum_outcome(&refs);
        // A winning move takes one token along an edge to a sum that loses
        // for the player then to move (decided from the values, as above).
        // O(sum of the tokens' out-degrees × tokens).
        let mut winning: Vec<(usize, u32)> = Vec::new();
        if o == Wld::Win {
            for (i, &from) in parts.iter().enumerate() {
                for &to in g.graph.successors(from as u32) {
                    let mut after = refs.clone();
                    after[i] = &vals[to as usize];
                    if sprague::loopy::loopy_sum_outcome(&after) == Wld::Lose && !winning.contains(&(i, to)) {
                        winning.push((i, to));
                    }
                }
            }
        }
        let json = json!({
            "sum": parts,
            "values": refs.iter().map(|v| loopy_json(v)).collect::<Vec<_>>(),
            "outcome": o.as_str(),
            "winning_moves": winning
                .iter()
                .map(|&(i, to)| json!({"token": i + 1, "from": parts[i], "to": to}))
                .collect::<Vec<_>>(),
        });
        let shown: Vec<String> = refs.iter().map(|v| v.to_string()).collect();
        let who = match o {
            Wld::Win => "first player (to move) wins",
            Wld::Lose => "second player wins",
            Wld::Draw => "draw",
        };
        let mut text = format!(
            "sum of vertices {spec}: values {}\noutcome: {o} ({who})\n",
            shown.join(" + ")
        );
        if o == Wld::Win {
            let _ = writeln!(text, "winning moves ({}):", winning.len());
            for &(i, to) in &winning {
                let mut after: Vec<String> = parts.iter().map(usize::to_string).collect();
                after[i] = to.to_string();
                let _ = writeln!(
                    text,
                    "  {}   token {}: vertex {} → {to}",
                    after.join(","),
                    i + 1,
                    parts[i]
                );
            }
        }
        return Ok((json, text).into());
    }
    let json = json!({});
    let finite = vals.iter().filter(|v| matches!(v, LoopyValue::Finite(_))).count();
    let mut text = format!(
        "# {} vertices; {finite} finite values, {} infinite\n",
        vals.len(),
        vals.len() - finite
    );
    if vals.len() <= TABLE_LIMIT {
        text.push_str("# vertex value outcome\n");
        for (v, x) in vals.iter().enumerate() {
            let _ = writeln!(text, "{v} {x} {}", x.outcome());
        }
    } else {
        let _ = writeln!(
            text,
            "# (per-vertex table omitted above {TABLE_LIMIT} vertices; use --json)"
        );
    }
    let vals = std::rc::Rc::new(vals);
    let len = vals.len();
    let values = rows(vals.clone(), len, |out, vals, v| {
        serde_json::to_writer(out, &loopy_json(&vals[v])).map_err(std::io::Error::from)
    });
    let outcomes = rows(vals, len, |out, vals, v| {
        write!(out, "\"{}\"", vals[v].outcome().as_str())
    });
    Ok(Answer {
        json: Head::Value(json),
        rows: vec![("values", values), ("outcomes", outcomes)],
        text,
    })
}

fn prefs_run(g: &StateGraph, spec: &str, max_nodes: usize, bar: &Progress) -> CliResult<Answer> {
    let Some((a, b)) = spec.split_once(',') else {
        return Err(CliError::input(format!(
            "--prefs `{spec}`: expected two rankings FIRST,SECOND such as `dwl,wld`"
        )));
    };
    let parse = |s: &str, who: &str| -> CliResult<Ranking> {
        s.trim()
            .parse()
            .map_err(|e| CliError::input(format!("--prefs: {who} ranking `{s}`: {e}")))
    };
    let (first, second) = (parse(a, "first")?, parse(b, "second")?);
    // 30 of the 36 pairs have a per-position solution; the other six depend on
    // the history of play and are searched exhaustively within the budget.
    // 30 of the 36 pairs have a per-position solution; the other six depend on
    // the history of play and are searched exhaustively within the budget: a
    // search that may run long, counted, and stopped by Ctrl-C.
    let n = g.graph.vertex_count();
    if n > sprague::loopy::EXHAUSTIVE_MAX_VERTICES && !sprague::loopy::retrograde_supports(first, second) {
        return Err(CliError::input(format!(
            "--prefs {first},{second}: these rankings need an exhaustive search (values depend on the history of play), which takes graphs of at most {} vertices; this one has {n}",
            sprague::loopy::EXHAUSTIVE_MAX_VERTICES
        )));
    }
    let _polling = Polling::start();
    bar.follow_monitor(&format!("--prefs {first},{second}"), "nodes");
    let (res, method) = sprague::loopy::solve_preferences_auto(&g.graph, first, second, max_nodes, progress::monitor())
        .map_err(|e| match e {
            sprague::SearchError::Budget(b) => CliError::input(format!(
                "--prefs {first},{second}: these rankings need an exhaustive search (values depend on the history of play), which stopped at its budget of {} tree nodes; raise it with --max-states N",
                b.max_states
            )),
            sprague::SearchError::Interrupted(i) => CliError {
                code: crate::error::INTERRUPTED,
                message: format!("interrupted after {} tree nodes", i.done),
            },
        })?;
    let method = method.as_str();
    let json = json!({
        "first": first.to_string(),
        "second": second.to_string(),
        "method": method,
    });
    let mut text = format!(
        "# rankings: first player {first}, second player {second} (best first); {method}\n# vertex first-to-move second-to-move (result for the player to move)\n"
    );
    for (v, r) in res.iter().enumerate().take(TABLE_LIMIT) {
        let _ = writeln!(text, "{v} {} {}", r[0], r[1]);
    }
    let len = res.len();
    let results = rows(res, len, |out, res, v| {
        write!(out, "[\"{}\",\"{}\"]", res[v][0].as_str(), res[v][1].as_str())
    });
    Ok(Answer {
        json: Head::Value(json),
        rows: vec![("results", results)],
        text,
    })
}

fn minimax_run(g: &StateGraph, path: &str, bar: &Progress) -> CliResult<Answer> {
    for v in 0..g.graph.vertex_count() {
        if g.graph.out_degree(v as u32) == 0 && g.scores[v].is_none() {
            return Err(CliError::input(format!(
                "{path}: terminal vertex {v} has no score: add a line `score {v} S`"
            )));
        }
    }
    let n = g.graph.vertex_count();
    bar.follow_monitor(&format!("minimax values of {n} vertices"), "vertices");
    let vals = sprague::loopy::minimax_dag_with(
        &g.graph,
        |v| g.scores[v as usize].unwrap_or(0),
        progress::monitor(),
    )
    .map_err(|e| match e {
        sprague::monitor::Stopped::Failed(c) => CliError::input(format!(
            "{path}: minimax needs an acyclic graph: {c}; without --minimax, `sprague solve` gives win/lose/draw with remoteness on graphs with cycles"
        )),
        sprague::monitor::Stopped::Budget(b) => b.into(),
        sprague::monitor::Stopped::Interrupted(i) => interrupted(i.done, n as u64, "vertices"),
    })?;
    let json = json!({});
    let mut text = format!(
        "# {} vertices; value for the player to move\n# vertex value\n",
        vals.len()
    );
    for (v, x) in vals.iter().enumerate().take(TABLE_LIMIT) {
        let _ = writeln!(text, "{v} {x}");
    }
    let len = vals.len();
    let values = rows(vals, len, |out, vals, v| write!(out, "{}", vals[v]));
    Ok(Answer {
        json: Head::Value(json),
        rows: vec![("values", values)],
        text,
    })
}

fn tree_run(bytes: &[u8], path: &str, a: &SolveArgs, bar: &Progress) -> CliResult<(Value, String)> {
    let tree = parse_tree(bytes, path)?;
    let leaves = tree.leaves();
    let monitor = progress::monitor();
    bar.follow_monitor(&format!("tree of {leaves} leaves"), "tree nodes");
    // The total is set by the search: the tree's nodes, leaves included.
    let stopped = |i: sprague::Interrupted| interrupted(i.done, monitor.total().unwrap_or(0), "tree nodes");
    if a.and_or {
        let (v, read) = sprague::loopy::and_or_random_with(&tree, a.seed, monitor).map_err(stopped)?;
        let json = json!({"value": v, "leaves": leaves, "read": read, "seed": a.seed});
        let text = format!(
            "AND-OR value: {v} (OR at the root; {read} of {leaves} leaves read, seed {})\n",
            a.seed
        );
        Ok((json, text))
    } else {
        let (v, seen) = sprague::loopy::alpha_beta_with(&tree, monitor).map_err(stopped)?;
        let json = json!({"value": v, "leaves": leaves, "visited": seen});
        let text = format!(
            "minimax value: {v} (maximiser at the root; alpha-beta looked at {seen} of {leaves} leaves)\n"
        );
        Ok((json, text))
    }
}

/// `--demo NAME [FILE]`: the arguments checked (only a demo that reads a
/// board picture takes FILE, which is read here), then the demo solved and
/// reported by the core.
fn demo_run(name: &str, a: &SolveArgs) -> CliResult<DemoReport> {
    let entry = sprague::demo::demo_entry(name);
    let reads_board = entry.is_some_and(|e| e.input == DemoInput::BoardPicture);
    if !reads_board && let Some(file) = &a.file {
        return Err(CliError::input(format!(
            "--demo {name} takes no FILE (`{file}` given): only --demo river-pawn reads a board picture"
        )));
    }
    let board = match (reads_board, a.file.as_deref()) {
        (false, _) => None,
        (true, None) => {
            return Err(CliError::input(format!(
                "--demo {name} needs a board picture FILE (rows of `.`, `#`, `O` red, `X` black)"
            )));
        }
        (true, Some(path)) => Some(String::from_utf8_lossy(&read_input(path)?).into_owned()),
    };
    let opts = DemoOptions {
        board: board.as_deref(),
        board_name: a.file.as_deref().unwrap_or_default(),
        threads: a.threads,
        max_states: a.max_states,
        monitor: progress::monitor(),
        clock: Some(seconds),
    };
    sprague::demo::solve_demo(name, &opts, &CliSolver(a))
}

/// Seconds since the first call: the clock the demos time their solves by.
fn seconds() -> f64 {
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    START.get_or_init(std::time::Instant::now).elapsed().as_secs_f64()
}

/// `solve --rules FILE START`: the script's game from START as a state space
/// (win, lose or draw with remoteness and the best moves).
fn rules_run(path: &str, a: &SolveArgs) -> CliResult<()> {
    let Some(start) = a.file.as_deref() else {
        return Err(CliError::input(format!(
            "`sprague solve --rules {path}` needs the starting position"
        )));
    };
    let source = crate::ruleset::Source::of(None, Some(path.to_string()), a.max_ops, a.max_states);
    let Some(script) = source.script()? else {
        return Err(CliError::internal("a rules source without a script"));
    };
    let options = crate::ruleset::QueryOptions {
        misere: a.misere,
        max_states: a.max_states,
    };
    let _polling = Polling::start();
    let bar = Progress::monitored(&format!("solving {path}"), "states");
    let report = if a.dist.active() {
        // Each process explores the script itself (the numbering is the
        // same in every one, and the handshake compares the state counts),
        // then solves its share of the graph.
        let opts = options.to_core();
        let explored = script.explored(start, &opts).and_then(|space| {
            sprague_dist::GraphSpace::collect(space).map_err(|e| sprague::Error::input(e.to_string()))
        });
        let graph = match explored {
            Ok(g) => g,
            Err(e) => {
                bar.finish();
                return Err(e.into());
            }
        };
        // The processes must solve the same script from the same start:
        // both go into the name the handshake compares (the name its table
        // carries).
        let text = crate::ruleset::script_text(path)?.into_bytes();
        let name = super::table_file::script_ruleset(&text, start);
        // The explored graph's digest too: the same script may explore
        // differently under other limits.
        let input = graph.fingerprint();
        let table = super::dist::solve(graph, &name, input, &a.dist, false, a.max_states);
        bar.finish();
        let table = table?;
        let written = match &a.out {
            Some(out) => Some(script_table(&name, &table, a, out)?),
            None => None,
        };
        script
            .solved_report(start, &opts, &table)
            .map(|r| with_written(r, written))
    } else if let Some(out) = &a.out {
        let opts = options.to_core();
        let solved = script.explored(start, &opts).and_then(|space| {
            if space.scored() {
                return Err(sprague::Error::input(format!(
                    "--out: `{path}` is played for a score; tables hold win/lose/draw values"
                )));
            }
            sprague::StateSpaceSolver::new(space)
                .with_monitor(opts.monitor)
                .max_states(a.max_states)
                .solve()
                .map_err(|e| sprague::Error::input(e.to_string()))
        });
        bar.finish();
        let table = solved?;
        let text = crate::ruleset::script_text(path)?.into_bytes();
        let name = super::table_file::script_ruleset(&text, start);
        let written = script_table(&name, &table, a, out)?;
        script
            .solved_report(start, &opts, &table)
            .map(|r| with_written(r, Some(written)))
    } else {
        let r = script.solve(start, &options.to_core());
        bar.finish();
        r
    };
    super::emit(&report?, a.json, false)
}

/// Writes the solved `table` of a rules script to `out` under the ruleset
/// name `ruleset` ([`script_ruleset`](super::table_file::script_ruleset));
/// returns the file, its size and the name.
fn script_table(
    ruleset: &str,
    table: &sprague::loopy::StateTable,
    a: &SolveArgs,
    out: &str,
) -> CliResult<(String, u64, String)> {
    let values = (0..table.len()).map(|s| table.get(s));
    let (bytes, _) = super::table_file::write_values(out, ruleset, values, a.block_states)?;
    Ok((out.to_string(), bytes, ruleset.to_string()))
}

/// The report with the table file it was written to (`out` in JSON, a
/// line of text).
fn with_written(mut r: sprague::Report, written: Option<(String, u64, String)>) -> sprague::Report {
    if let Some((file, bytes, ruleset)) = written {
        r.data.insert(
            "out",
            sprague::registry::Data::map()
                .with("file", file.as_str())
                .with("bytes", bytes)
                .with("ruleset", ruleset.as_str()),
        );
        r.push_line(&format!(
            "wrote {file} ({bytes} bytes, {ruleset}): `sprague probe {file} POSITION --rules FILE`"
        ));
    }
    r
}
