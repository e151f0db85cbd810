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
use crate::input::graph::{check_size, json_edges, read_json};
use sprague::{DiGraph, Wld};

/// Bytes per vertex while solving: CSR and predecessor offsets, packed cells,
/// queue, and the outcome (1) and score (16) annotations.
pub const SOLVE_BYTES_PER_VERTEX: u64 = 4 + 4 + 4 + 4 + 1 + 16;
/// Bytes per edge while reading and solving: the edge list, CSR, predecessors
/// and their 2-byte scratch.
pub const SOLVE_BYTES_PER_EDGE: u64 = 8 + 4 + 4 + 2;

/// A graph with optional terminal annotations.
pub struct StateGraph {
    /// The graph.
    pub graph: DiGraph,
    /// Explicit outcome of terminal vertices, by vertex.
    pub outcomes: Vec<Option<Wld>>,
    /// Scores of terminal vertices, by vertex.
    pub scores: Vec<Option<i64>>,
}

/// Parses a graph file in either format; errors name the line (text) or the JSON
/// position.
pub fn parse_state_graph(bytes: &[u8], path: &str) -> CliResult<StateGraph> {
    match bytes.iter().find(|b| !b.is_ascii_whitespace()) {
        None => Err(CliError::input(format!(
            "`{path}` is empty: expected a first line `n m` or a JSON object"
        ))),
        Some(b'{') => parse_json(bytes, path),
        Some(_) => parse_text(bytes, path),
    }
}

struct Builder {
    n: u64,
    sources: Vec<u32>,
    targets: Vec<u32>,
    outcomes: Vec<(u64, Wld, String)>,
    scores: Vec<(u64, i64, String)>,
}

impl Builder {
    fn finish(self, path: &str) -> CliResult<StateGraph> {
        let n = self.n as usize;
        let graph = DiGraph::from_edges(n, &self.sources, &self.targets)
            .map_err(|e| CliError::input(format!("{path}: {e}")))?;
        let outcomes = terminal_table(&graph, self.outcomes, "outcome", path)?;
        let scores = terminal_table(&graph, self.scores, "score", path)?;
        Ok(StateGraph {
            graph,
            outcomes,
            scores,
        })
    }
}

/// A table over the vertices of `graph` holding each `(vertex, value, where
/// given)` of `given`; refuses a vertex with moves, since only a terminal
/// position has a terminal `what` ("outcome", "score"). O(n + given).
fn terminal_table<T: Clone>(
    graph: &DiGraph,
    given: Vec<(u64, T, String)>,
    what: &str,
    path: &str,
) -> CliResult<Vec<Option<T>>> {
    let mut table = vec![None; graph.vertex_count()];
    // Where each vertex's value was given, to name both places of a duplicate.
    let mut first: Vec<(u64, usize)> = Vec::with_capacity(given.len());
    for (i, (v, value, at)) in given.iter().enumerate() {
        if graph.out_degree(*v as u32) > 0 {
            return Err(CliError::input(format!(
                "{path}: {at}: vertex {v} has moves, so it cannot have a terminal {what}"
            )));
        }
        let slot = &mut table[*v as usize];
        if slot.is_some() {
            first.sort_unstable();
            let earlier = first
                .binary_search_by_key(v, |&(u, _)| u)
                .map_or_else(|_| "earlier".to_string(), |k| given[first[k].1].2.clone());
            return Err(CliError::input(format!(
                "{path}: {at}: vertex {v} already has a {what} ({earlier}); give each terminal {what} once"
            )));
        }
        *slot = Some(value.clone());
        first.push((*v, i));
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

fn parse_text(bytes: &[u8], path: &str) -> CliResult<StateGraph> {
    let text = std::str::from_utf8(bytes)
        .map_err(|e| CliError::input(format!("{path}: not UTF-8 text (byte {})", e.valid_up_to())))?;
    let mut b: Option<Builder> = None;
    let mut m = 0u64;
    for (index, raw) in text.split('\n').enumerate() {
        let line_no = index + 1;
        let line = raw.split('#').next().unwrap_or("");
        let fields: Vec<&str> = line.split_ascii_whitespace().collect();
        if fields.is_empty() {
            continue;
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
            });
            continue;
        };
        let vertex = |s: &str| -> CliResult<u64> {
            let v: u64 = s.parse().map_err(|_| bad("a vertex id (a whole number)"))?;
            if v >= g.n {
                return Err(CliError::input(format!(
                    "{path}: line {line_no}: vertex {v} is out of range: ids run from 0 to {} (n = {})",
                    g.n.saturating_sub(1),
                    g.n
                )));
            }
            Ok(v)
        };
        match fields[..] {
            ["outcome", v, o] => {
                let v = vertex(v)?;
                let o = parse_outcome(o).ok_or_else(|| bad("`outcome V W|L|D`"))?;
                g.outcomes.push((v, o, format!("line {line_no}")));
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
                g.scores.push((v, s, format!("line {line_no}")));
            }
            [u, v] => {
                let (u, v) = (vertex(u)?, vertex(v)?);
                if g.sources.len() as u64 == m {
                    return Err(CliError::input(format!(
                        "{path}: line {line_no}: more edges than the header's m = {m}"
                    )));
                }
                g.sources.push(u as u32);
                g.targets.push(v as u32);
            }
            _ => return Err(bad("an edge `u v`, `outcome V W|L|D` or `score V S`")),
        }
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
    let range = |what: String, x: u64| -> CliResult<u64> {
        if x >= j.n {
            Err(CliError::input(format!(
                "{path}: {what} names vertex {x}, but ids run from 0 to {} (n = {})",
                j.n.saturating_sub(1),
                j.n
            )))
        } else {
            Ok(x)
        }
    };
    let mut b = Builder {
        n: j.n,
        sources,
        targets,
        outcomes: Vec::new(),
        scores: Vec::new(),
    };
    for (i, (v, o)) in j.outcomes.iter().enumerate() {
        let at = format!("outcomes[{i}]");
        let v = range(at.clone(), *v)?;
        let o = parse_outcome(o)
            .ok_or_else(|| CliError::input(format!("{path}: {at}: outcome `{o}` is not W, L or D")))?;
        b.outcomes.push((v, o, at));
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
        b.scores.push((v, s, at));
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
