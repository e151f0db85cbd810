//! Graph files for `sprague solve`: the `grundy-graph` formats plus terminal
//! outcomes and scores.
//!
//! Text: a header `n m`, then `m` edge lines `u v`, and anywhere after the header
//! any number of lines `outcome V W|L|D` (the result for the player to move at a
//! terminal vertex V) and `score V S` (the score, a whole number, of the player to
//! move at terminal V, for `--minimax`). `#` starts a comment.
//! JSON: `{"n": 3, "edges": [[0, 1]], "outcomes": [[1, "W"]], "scores": [[1, -5]]}`
//! (`outcomes` and `scores` optional).

use crate::error::{CliError, CliResult};
use crate::input::binary::read_binary;
use crate::input::graph::{Format, empty, for_each_line, json_edges, read_json, sniff};
use crate::input::graph_size::check_size;
use sprague::{DiGraph, Wld};
use std::io::BufRead;

/// Bytes per vertex while solving: CSR and predecessor offsets, packed cells,
/// queue, and the outcome (1) and score (16) annotations.
pub const SOLVE_BYTES_PER_VERTEX: u64 = 4 + 4 + 4 + 4 + 1 + 16;
/// Bytes per edge while reading and solving: the edge list, CSR, predecessors
/// and their 2-byte scratch.
pub const SOLVE_BYTES_PER_EDGE: u64 = 8 + 4 + 4 + 2;

/// A graph with optional terminal annotations.
#[derive(Debug)]
pub struct StateGraph {
    /// The graph.
    pub graph: DiGraph,
    /// Explicit outcome of terminal vertices, by vertex.
    pub outcomes: Vec<Option<Wld>>,
    /// Scores of terminal vertices, by vertex.
    pub scores: Vec<Option<i64>>,
}

/// Parses a graph file held in memory, in any of its formats (see
/// [`read_state_graph`]).
pub fn parse_state_graph(bytes: &[u8], path: &str) -> CliResult<StateGraph> {
    read_state_graph(&mut &bytes[..], path)
}

/// Reads a graph file in any format from `reader`, streaming text and binary
/// files (never holding the file whole); errors name the line (text), the
/// JSON position or the byte (binary).
pub fn read_state_graph(reader: &mut dyn BufRead, path: &str) -> CliResult<StateGraph> {
    match sniff(reader, path)? {
        Format::Empty => Err(empty(path)),
        Format::Binary => {
            let g = read_binary(reader, path, SOLVE_BYTES_PER_VERTEX, SOLVE_BYTES_PER_EDGE)?;
            Builder {
                n: g.n,
                sources: g.sources,
                targets: g.targets,
                outcomes: g.outcomes,
                scores: g.scores,
                place: Place::Record,
            }
            .finish(path)
        }
        Format::Json => {
            let bytes = crate::input::graph::read_rest(reader, path)?;
            parse_json(&bytes, path)
        }
        Format::Text => parse_text(reader, path),
    }
}

/// How the place of an annotation is written in messages.
#[derive(Clone, Copy)]
enum Place {
    /// A line of a text file.
    Line,
    /// An item of the JSON arrays `outcomes` and `scores`.
    Item,
    /// A record of a binary file.
    Record,
}

impl Place {
    fn show(self, what: &str, at: u64) -> String {
        match self {
            Place::Line => format!("line {at}"),
            Place::Item => format!("{what}s[{at}]"),
            Place::Record => format!("{what} {at}"),
        }
    }
}

struct Builder {
    n: u64,
    sources: Vec<u32>,
    targets: Vec<u32>,
    /// `(vertex, outcome, place)`, the place as [`Builder::place`] words it.
    outcomes: Vec<(u32, Wld, u64)>,
    /// `(vertex, score, place)`.
    scores: Vec<(u32, i64, u64)>,
    place: Place,
}

impl Builder {
    /// The graph (the edge lists are freed before the tables are built).
    fn finish(self, path: &str) -> CliResult<StateGraph> {
        let n = self.n as usize;
        let graph = DiGraph::from_edges(n, &self.sources, &self.targets)
            .map_err(|e| CliError::input(format!("{path}: {e}")))?;
        drop((self.sources, self.targets));
        let outcomes = terminal_table(&graph, &self.outcomes, "outcome", self.place, path)?;
        drop(self.outcomes);
        let scores = terminal_table(&graph, &self.scores, "score", self.place, path)?;
        Ok(StateGraph {
            graph,
            outcomes,
            scores,
        })
    }
}

/// A table over the vertices of `graph` holding each `(vertex, value, place)`
/// of `given`; refuses a vertex with moves, since only a terminal position
/// has a terminal `what` ("outcome", "score"), and a vertex given twice.
/// O(n + given).
fn terminal_table<T: Copy>(
    graph: &DiGraph,
    given: &[(u32, T, u64)],
    what: &str,
    place: Place,
    path: &str,
) -> CliResult<Vec<Option<T>>> {
    let mut table = vec![None; graph.vertex_count()];
    for (i, &(v, value, at)) in given.iter().enumerate() {
        let at = place.show(what, at);
        if graph.out_degree(v) > 0 {
            return Err(CliError::input(format!(
                "{path}: {at}: vertex {v} has moves, so it cannot have a terminal {what}"
            )));
        }
        let slot = &mut table[v as usize];
        if slot.is_some() {
            // Where it was given first, named in the message.
            let earlier = given[..i]
                .iter()
                .find(|e| e.0 == v)
                .map_or_else(|| "earlier".to_string(), |e| place.show(what, e.2));
            return Err(CliError::input(format!(
                "{path}: {at}: vertex {v} already has a {what} ({earlier}); give each terminal {what} once"
            )));
        }
        *slot = Some(value);
    }
    Ok(table)
}

fn parse_outcome(s: &str) -> Option<Wld> {
    match s {
        "W" | "w" => Some(Wld::Win),
        "L" | "l" => Some(Wld::Lose),
        "D" | "d" => Some(Wld::Draw),
        _ => None,
    }
}

fn parse_score(s: &str) -> Option<i64> {
    s.parse::<i64>().ok().filter(|&x| x != i64::MIN)
}

fn parse_text(reader: &mut dyn BufRead, path: &str) -> CliResult<StateGraph> {
    let mut b: Option<Builder> = None;
    let mut m = 0u64;
    let mut blank = true;
    for_each_line(reader, path, |line_no, raw| {
        blank &= raw.iter().all(u8::is_ascii_whitespace);
        let raw = std::str::from_utf8(raw).map_err(|e| {
            CliError::input(format!(
                "{path}: line {line_no}: not UTF-8 text (byte {} of the line)",
                e.valid_up_to() + 1
            ))
        })?;
        let line = raw.split('#').next().unwrap_or("");
        // At most four fields are kept: four or more is an error anyway.
        let mut fields = [""; 4];
        let mut count = 0;
        for f in line.split_ascii_whitespace() {
            fields[count.min(3)] = f;
            count += 1;
        }
        let fields = &fields[..count.min(4)];
        if fields.is_empty() {
            return Ok(());
        }
        let shown = raw.trim_end();
        let bad = |what: &str| {
            CliError::input(format!(
                "{path}: line {line_no}: expected {what}, found `{shown}`"
            ))
        };
        let Some(g) = b.as_mut() else {
            let [a, c] = fields[..] else {
                return Err(bad("a header `n m` (two whole numbers)"));
            };
            let (Ok(n), Ok(mm)) = (a.parse::<u64>(), c.parse::<u64>()) else {
                return Err(bad("a header `n m` (two whole numbers below 2^64)"));
            };
            check_size(n, mm, SOLVE_BYTES_PER_VERTEX, SOLVE_BYTES_PER_EDGE)?;
            m = mm;
            b = Some(Builder {
                n,
                sources: Vec::with_capacity(mm as usize),
                targets: Vec::with_capacity(mm as usize),
                outcomes: Vec::new(),
                scores: Vec::new(),
                place: Place::Line,
            });
            return Ok(());
        };
        let vertex = |s: &str| -> CliResult<u32> {
            let v: u64 = s.parse().map_err(|_| bad("a vertex id (a whole number)"))?;
            if v >= g.n {
                return Err(CliError::input(format!(
                    "{path}: line {line_no}: vertex {v} is out of range: ids run from 0 to {} (n = {})",
                    g.n.saturating_sub(1),
                    g.n
                )));
            }
            // Below n, which the size check keeps below 2^32.
            Ok(v as u32)
        };
        let line_no = line_no as u64;
        match fields[..] {
            ["outcome", v, o] => {
                let v = vertex(v)?;
                let o = parse_outcome(o).ok_or_else(|| bad("`outcome V W|L|D`"))?;
                g.outcomes.push((v, o, line_no));
            }
            ["score", v, s] => {
                let v = vertex(v)?;
                let s = parse_score(s).ok_or_else(|| {
                    CliError::input(format!(
                        "{path}: line {line_no}: score `{s}` is not a whole number between -{} and {}",
                        i64::MAX,
                        i64::MAX
                    ))
                })?;
                g.scores.push((v, s, line_no));
            }
            [u, v] => {
                let (u, v) = (vertex(u)?, vertex(v)?);
                if g.sources.len() as u64 == m {
                    return Err(CliError::input(format!(
                        "{path}: line {line_no}: more edges than the header's m = {m}"
                    )));
                }
                g.sources.push(u);
                g.targets.push(v);
            }
            _ => return Err(bad("an edge `u v`, `outcome V W|L|D` or `score V S`")),
        }
        Ok(())
    })?;
    if blank {
        return Err(empty(path));
    }
    let Some(g) = b else {
        return Err(CliError::input(format!("{path}: no header line `n m` found")));
    };
    if (g.sources.len() as u64) < m {
        return Err(CliError::input(format!(
            "{path}: the header says m = {m} edges, but the file has {}",
            g.sources.len()
        )));
    }
    g.finish(path)
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonGraph {
    n: u64,
    edges: Vec<(u64, u64)>,
    #[serde(default)]
    outcomes: Vec<(u64, String)>,
    #[serde(default)]
    scores: Vec<(u64, i64)>,
}

fn parse_json(bytes: &[u8], path: &str) -> CliResult<StateGraph> {
    let j: JsonGraph = read_json(bytes, path)?;
    let (sources, targets) = json_edges(path, j.n, &j.edges, SOLVE_BYTES_PER_VERTEX, SOLVE_BYTES_PER_EDGE)?;
    let range = |what: String, x: u64| -> CliResult<u32> {
        if x >= j.n {
            Err(CliError::input(format!(
                "{path}: {what} names vertex {x}, but ids run from 0 to {} (n = {})",
                j.n.saturating_sub(1),
                j.n
            )))
        } else {
            // Below n, which the size check keeps below 2^32.
            Ok(x as u32)
        }
    };
    let mut b = Builder {
        n: j.n,
        sources,
        targets,
        outcomes: Vec::new(),
        scores: Vec::new(),
        place: Place::Item,
    };
    for (i, (v, o)) in j.outcomes.iter().enumerate() {
        let at = format!("outcomes[{i}]");
        let v = range(at.clone(), *v)?;
        let o = parse_outcome(o)
            .ok_or_else(|| CliError::input(format!("{path}: {at}: outcome `{o}` is not W, L or D")))?;
        b.outcomes.push((v, o, i as u64));
    }
    for (i, &(v, s)) in j.scores.iter().enumerate() {
        let at = format!("scores[{i}]");
        let v = range(at.clone(), v)?;
        if s == i64::MIN {
            return Err(CliError::input(format!(
                "{path}: {at}: score {s} is out of range (at most {} in absolute value)",
                i64::MAX
            )));
        }
        b.scores.push((v, s, i as u64));
    }
    b.finish(path)
}

/// Parses a game tree given as nested JSON lists of whole numbers, e.g.
/// `[[3, 5], [2, [9, 1]]]`.
pub fn parse_tree(bytes: &[u8], path: &str) -> CliResult<sprague::loopy::MinimaxTree> {
    let v: serde_json::Value =
        serde_json::from_slice(bytes).map_err(|e| CliError::input(format!("{path}: {e}")))?;
    fn conv(v: &serde_json::Value, at: &mut String, path: &str) -> CliResult<sprague::loopy::MinimaxTree> {
        match v {
            serde_json::Value::Number(x) => match x.as_i64().filter(|&s| s != i64::MIN) {
                Some(s) => Ok(sprague::loopy::MinimaxTree::Leaf(s)),
                // A float here may be a rounded long integer: not echoed.
                None if x.is_f64() => Err(CliError::input(format!(
                    "{path}: tree{at}: a leaf is not a whole number between -{m} and {m} (it has a fraction, an exponent or too many digits)",
                    m = i64::MAX
                ))),
                None => Err(CliError::input(format!(
                    "{path}: tree{at}: leaf `{x}` is not a whole number between -{m} and {m}",
                    m = i64::MAX
                ))),
            },
            serde_json::Value::Bool(b) => Ok(sprague::loopy::MinimaxTree::Leaf(i64::from(*b))),
            serde_json::Value::Array(items) => {
                if items.is_empty() {
                    return Err(CliError::input(format!(
                        "{path}: tree{at}: a node needs at least one child"
                    )));
                }
                let mut kids = Vec::with_capacity(items.len());
                for (i, it) in items.iter().enumerate() {
                    let len = at.len();
                    at.push_str(&format!("[{i}]"));
                    kids.push(conv(it, at, path)?);
                    at.truncate(len);
                }
                Ok(sprague::loopy::MinimaxTree::Node(kids))
            }
            other => Err(CliError::input(format!(
                "{path}: tree{at}: expected a number or a list, found `{other}`"
            ))),
        }
    }
    conv(&v, &mut String::new(), path)
}
