//! Positions of the games on graphs as text: the edge-list notation or a JSON
//! object `{"n": 3, "edges": [[0, 1]], "start": 0}`, trees, boards, and the
//! memory check made before a large graph is solved.

use crate::graph_games::{CellGrid, EdgeList, MAX_VERTEX_ID, RootedTree, TreeError};
use crate::outcome::Outcome;
use crate::query::{Error, Options, Result};

/// Bytes per vertex and per edge the graph solvers need at most (adjacency,
/// labels, the parsed text), for the memory check before solving.
const BYTES_PER_VERTEX: u64 = 48;
const BYTES_PER_EDGE: u64 = 40;

/// Checks that a graph of `n` vertices and `m` edges fits in memory before
/// anything of that size is allocated: [`check_graph_memory`] against the
/// default memory budget ([`crate::budget::default_max_memory`]), or the
/// memory available if the system says it is less.
///
/// # Errors
/// A graph too large, in one line that gives its size.
pub fn check_graph_size(n: u64, m: u64, bytes_per_vertex: u64, bytes_per_edge: u64) -> Result<()> {
    let max = within_available(crate::budget::default_max_memory());
    check_graph_memory(n, m, bytes_per_vertex, bytes_per_edge, max)
}

/// `budget`, or the memory available if the system says it is less.
fn within_available(budget: u64) -> u64 {
    available_memory().map_or(budget, |a| a.min(budget))
}

/// [`check_graph_memory`] of a graph position for the registry's solvers,
/// within `max_memory` (the query's budget, [`Options::max_memory`](crate::query::Options::max_memory)) and the
/// memory available.
fn check_graph_within(n: u64, m: u64, max_memory: u64) -> Result<()> {
    check_graph_memory(
        n,
        m,
        BYTES_PER_VERTEX,
        BYTES_PER_EDGE,
        within_available(max_memory),
    )
}

/// Checks, before anything of that size is allocated, that a graph of `n`
/// vertices and `m` edges has at most `u32::MAX - 1` of each and needs no
/// more than `max_memory` bytes, counting `bytes_per_vertex` and
/// `bytes_per_edge` for the solver that will run. O(1).
///
/// # Errors
/// [`Error::Input`] past the vertex or edge limit, [`Error::Memory`] past the budget.
pub fn check_graph_memory(
    n: u64,
    m: u64,
    bytes_per_vertex: u64,
    bytes_per_edge: u64,
    max_memory: u64,
) -> Result<()> {
    let limit = u64::from(u32::MAX - 1);
    if n > limit || m > limit {
        return Err(Error::input(format!(
            "graph with {n} vertices and {m} edges is too large: at most {limit} of each"
        )));
    }
    let need = n
        .saturating_mul(bytes_per_vertex)
        .saturating_add(m.saturating_mul(bytes_per_edge));
    crate::budget::check_memory(need, 1, "the graph", max_memory)?;
    Ok(())
}

/// The memory available, where the system says (Linux's `/proc/meminfo`).
fn available_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// Parses a graph position: the edge-list notation, or a JSON object
/// `{"n": 3, "edges": [[0, 1]], "start": 0}` when the text starts with `{`.
/// O(text + n).
pub(crate) fn parse_graph_position(position: &str, max_memory: u64) -> Result<EdgeList> {
    let trimmed = position.trim_start();
    if !trimmed.starts_with('{') {
        let g = EdgeList::parse(position).map_err(|e| Error::position(&short(position), e))?;
        check_position_size(position, &g, max_memory)?;
        return Ok(g);
    }
    let g = JsonGraph::parse(trimmed).map_err(|e| Error::input(format!("position JSON: {e}")))?;
    if g.n == 0 || g.n > MAX_VERTEX_ID + 1 {
        return Err(Error::input(format!(
            "position JSON: n = {} is out of range (1 to {})",
            g.n,
            MAX_VERTEX_ID + 1
        )));
    }
    let mut edges = Vec::with_capacity(g.edges.len());
    for (i, &(u, v)) in g.edges.iter().enumerate() {
        for x in [u, v] {
            if x >= g.n {
                return Err(Error::input(format!(
                    "position JSON: edges[{i}] names vertex {x}, but ids run from 0 to {} (n = {})",
                    g.n - 1,
                    g.n
                )));
            }
        }
        edges.push((u as u32, v as u32));
    }
    if let Some(s) = g.start
        && s >= g.n
    {
        return Err(Error::input(format!(
            "position JSON: start {s} does not exist (n = {})",
            g.n
        )));
    }
    let g = EdgeList {
        n: g.n as usize,
        edges,
        start: g.start.map(|s| s as u32),
    };
    check_position_size(position, &g, max_memory)?;
    Ok(g)
}

/// The memory check of a graph position ([`check_graph_within`]); when the
/// graph is too large and some vertex id below its largest is named by no
/// edge (nor as the start), the error names that unused id and the largest
/// one instead: a stray id such as `2-4000000000` in a five-edge picture is a
/// typo, not a request for gigabytes. O(m log m) when the check fails, O(1)
/// otherwise.
fn check_position_size(position: &str, g: &EdgeList, max_memory: u64) -> Result<()> {
    let Err(too_large) = check_graph_within(g.n as u64, g.edges.len() as u64, max_memory) else {
        return Ok(());
    };
    let mut named: Vec<u32> = g.edges.iter().flat_map(|&(u, v)| [u, v]).chain(g.start).collect();
    named.sort_unstable();
    named.dedup();
    let unused = (0u32..)
        .zip(&named)
        .find(|&(k, &id)| k != id)
        .map_or(named.len() as u64, |(k, _)| u64::from(k));
    if unused >= g.n as u64 {
        return Err(too_large);
    }
    let top = g.n as u64 - 1;
    let why = match named.last() {
        Some(&largest) if u64::from(largest) == top => format!("vertex {top} is named"),
        _ => format!("n = {} is declared", g.n),
    };
    Err(Error::input(format!(
        "position `{}`: vertex {unused} is named by no edge, yet {why}, so ids would run from 0 to {top} ({too_large}); number the vertices from 0 without gaps",
        short(position.trim())
    )))
}

/// A tree position: the graph and the tree rooted at vertex 0.
pub(crate) fn parse_tree(position: &str, max_memory: u64) -> Result<(EdgeList, RootedTree)> {
    let not_a_tree = |e: TreeError| Error::input(format!("position `{}`: {e}", short(position)));
    let g = if position.trim_start().starts_with('{') {
        parse_graph_position(position, max_memory)?
    } else {
        let g = EdgeList::parse(position).map_err(|e| Error::position(&short(position), e))?;
        // A tree on n vertices has n - 1 edges. With fewer, some vertex is
        // cut off: say which before anything is sized by the largest id.
        if g.n > g.edges.len() + 1
            && let Some(vertex) = cut_off_vertex(&g)
        {
            return Err(not_a_tree(TreeError::Disconnected { vertex }));
        }
        check_graph_within(g.n as u64, g.edges.len() as u64, max_memory)?;
        g
    };
    let tree = RootedTree::from_edges(g.n, &g.edges).map_err(not_a_tree)?;
    Ok((g, tree))
}

/// A vertex that no edge names (the smallest such id), or, when vertex 0 is
/// the one no edge names, the smallest named vertex: either way a vertex that
/// cannot be reached from vertex 0. O(m log m) in the number of edges.
fn cut_off_vertex(g: &EdgeList) -> Option<u32> {
    let mut named: Vec<u32> = g.edges.iter().flat_map(|&(u, v)| [u, v]).collect();
    named.sort_unstable();
    named.dedup();
    let missing = (0u32..).zip(&named).find(|&(k, &id)| k != id).map(|(k, _)| k);
    match missing {
        Some(0) => named.first().copied(),
        Some(k) => Some(k),
        None => (named.len() < g.n)
            .then(|| u32::try_from(named.len()).ok())
            .flatten(),
    }
}

/// A board position (rows of `.` and `#` separated by `/`).
pub(crate) fn parse_board(position: &str) -> Result<CellGrid> {
    CellGrid::parse(position).map_err(|e| Error::input(format!("board `{}`: {e}", short(position))))
}

/// The position text, cut short for error messages about huge inputs.
pub(crate) fn short(text: &str) -> String {
    if text.chars().count() <= 60 {
        text.to_string()
    } else {
        let head: String = text.chars().take(57).collect();
        format!("{head}...")
    }
}

/// The graph as shown in reports: the whole notation when small.
pub(crate) fn shown_graph(g: &EdgeList) -> String {
    if g.edges.len() <= 200 {
        g.format()
    } else {
        format!("n={} with {} edges", g.n, g.edges.len())
    }
}

/// The JSON form of a graph position, read by a small reader of exactly this
/// shape (unknown fields refused). Errors end with the line and column.
struct JsonGraph {
    n: u64,
    edges: Vec<(u64, u64)>,
    start: Option<u64>,
}

/// A cursor over JSON text.
struct Json<'t> {
    text: &'t str,
    at: usize,
}

impl JsonGraph {
    fn parse(text: &str) -> core::result::Result<JsonGraph, String> {
        let mut r = Json { text, at: 0 };
        let (mut n, mut edges, mut start) = (None, None, None);
        r.expect(b'{')?;
        if !r.eat(b'}')? {
            loop {
                let key = r.string()?;
                r.expect(b':')?;
                match key.as_str() {
                    "n" if n.is_none() => n = Some(r.whole()?),
                    "edges" if edges.is_none() => edges = Some(r.edges()?),
                    "start" if start.is_none() => start = Some(r.optional_whole()?),
                    "n" | "edges" | "start" => return Err(r.error(&format!("duplicate field `{key}`"))),
                    _ => {
                        return Err(r.error(&format!(
                            "unknown field `{key}`, expected one of `n`, `edges`, `start`"
                        )));
                    }
                }
                if r.eat(b'}')? {
                    break;
                }
                r.expect(b',')?;
            }
        }
        r.skip_space();
        if r.at < r.text.len() {
            return Err(r.error("trailing characters"));
        }
        let n = n.ok_or_else(|| r.error("missing field `n`"))?;
        let edges = edges.ok_or_else(|| r.error("missing field `edges`"))?;
        Ok(JsonGraph {
            n,
            edges,
            start: start.flatten(),
        })
    }
}

impl Json<'_> {
    /// `what` at the cursor's line and column (both from 1).
    fn error(&self, what: &str) -> String {
        let before = &self.text[..self.at.min(self.text.len())];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count());
        format!("{what} at line {line} column {column}")
    }

    fn skip_space(&mut self) {
        let rest = &self.text[self.at..];
        self.at += rest.len() - rest.trim_start().len();
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_space();
        self.text.as_bytes().get(self.at).copied()
    }

    /// Takes `byte` if it comes next.
    fn eat(&mut self, byte: u8) -> core::result::Result<bool, String> {
        match self.peek() {
            None => {
                self.at = self.text.len();
                Err(self.error("EOF while parsing"))
            }
            Some(b) if b == byte => {
                self.at += 1;
                Ok(true)
            }
            Some(_) => Ok(false),
        }
    }

    fn expect(&mut self, byte: u8) -> core::result::Result<(), String> {
        if self.eat(byte)? {
            Ok(())
        } else {
            self.at += 1;
            Err(self.error(&format!("expected `{}`", char::from(byte))))
        }
    }

    /// A string without escapes (field names).
    fn string(&mut self) -> core::result::Result<String, String> {
        if self.peek() != Some(b'"') {
            self.at += 1;
            return Err(self.error("key must be a string"));
        }
        let rest = &self.text[self.at + 1..];
        let end = rest
            .find('"')
            .ok_or_else(|| self.error("EOF while parsing a string"))?;
        let s = rest[..end].to_string();
        self.at += end + 2;
        Ok(s)
    }

    /// What the next value is, in words, for type errors.
    fn kind_here(&mut self) -> String {
        match self.peek() {
            Some(b'"') => "string".to_string(),
            Some(b'[') => "sequence".to_string(),
            Some(b'{') => "map".to_string(),
            Some(b't' | b'f') => "boolean".to_string(),
            Some(b'n') => "null".to_string(),
            _ => "value".to_string(),
        }
    }

    /// A whole number `>= 0`.
    fn whole(&mut self) -> core::result::Result<u64, String> {
        let start = {
            self.skip_space();
            self.at
        };
        let rest = &self.text[start..];
        let len = rest
            .find(|c: char| !(c.is_ascii_digit() || matches!(c, '-' | '+' | '.' | 'e' | 'E')))
            .unwrap_or(rest.len());
        let word = &rest[..len];
        if len == 0 {
            let kind = self.kind_here();
            self.at += 1;
            return Err(self.error(&format!("invalid type: {kind}, expected u64")));
        }
        self.at += len;
        if let Ok(v) = word.parse::<u64>() {
            return Ok(v);
        }
        let what = if word.parse::<i64>().is_ok() {
            format!("invalid value: integer `{word}`, expected u64")
        } else if word.parse::<f64>().is_ok() {
            format!("invalid type: floating point `{word}`, expected u64")
        } else {
            "invalid number".to_string()
        };
        Err(self.error(&what))
    }

    /// A whole number or `null`.
    fn optional_whole(&mut self) -> core::result::Result<Option<u64>, String> {
        if self.text[self.at..].trim_start().starts_with("null") {
            self.skip_space();
            self.at += 4;
            return Ok(None);
        }
        self.whole().map(Some)
    }

    /// `[[u, v], …]`.
    fn edges(&mut self) -> core::result::Result<Vec<(u64, u64)>, String> {
        let mut out = Vec::new();
        if self.peek() != Some(b'[') {
            let kind = self.kind_here();
            self.at += 1;
            return Err(self.error(&format!("invalid type: {kind}, expected a sequence")));
        }
        self.at += 1;
        if self.eat(b']')? {
            return Ok(out);
        }
        loop {
            if self.peek() != Some(b'[') {
                let kind = self.kind_here();
                self.at += 1;
                return Err(self.error(&format!("invalid type: {kind}, expected a tuple of size 2")));
            }
            self.at += 1;
            let u = self.whole()?;
            self.expect(b',')?;
            let v = self.whole()?;
            if !self.eat(b']')? {
                return Err(self.error("invalid length, expected a tuple of size 2"));
            }
            out.push((u, v));
            if self.eat(b']')? {
                return Ok(out);
            }
            self.expect(b',')?;
        }
    }
}

/// Refuses misère play for the structural solvers.
pub(crate) fn normal_only(name: &str, options: &Options<'_>) -> Result<()> {
    if options.misere {
        return Err(Error::input(format!(
            "`{name}` is solved for normal play only; drop --misere"
        )));
    }
    Ok(())
}

pub(crate) fn outcome_text(o: Outcome) -> &'static str {
    if o == Outcome::N {
        "the player to move wins"
    } else {
        "the player to move loses"
    }
}

pub(crate) fn list_vertices(vs: &[u32]) -> String {
    if vs.is_empty() {
        return "none".to_string();
    }
    let parts: Vec<String> = vs.iter().map(u32::to_string).collect();
    parts.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_positions_read_and_errors_give_the_column() {
        let g =
            parse_graph_position(r#" {"n": 3, "edges": [[0, 1], [1, 2]], "start": 2}"#, u64::MAX).unwrap();
        assert_eq!((g.n, g.edges, g.start), (3, vec![(0, 1), (1, 2)], Some(2)));
        let g = parse_graph_position(r#"{"edges": [], "n": 1, "start": null}"#, u64::MAX).unwrap();
        assert_eq!((g.n, g.edges.len(), g.start), (1, 0, None));
        for (text, want) in [
            (r#"{"n": 2, "edges": [[0, -1]]}"#, "integer `-1`"),
            (r#"{"n": 2, "edges": [[0, 1]], "x": 1}"#, "unknown field `x`"),
            (r#"{"n": 2}"#, "missing field `edges`"),
            (r#"{"n": 2, "edges": [[0, 1, 1]]}"#, "tuple of size 2"),
            (r#"{"n": 2, "edges": [[0, 1]]"#, "EOF"),
            (r#"{"n": "2", "edges": []}"#, "invalid type: string"),
            (r#"{"n": 2, "edges": []} x"#, "trailing characters"),
        ] {
            let e = parse_graph_position(text, u64::MAX).unwrap_err().to_string();
            assert!(
                e.starts_with("position JSON: ") && e.contains(want) && e.contains("column"),
                "{text}: {e}"
            );
        }
        let e = parse_graph_position(r#"{"n": 2, "edges": [[0, 1], [1, 2]]}"#, u64::MAX)
            .unwrap_err()
            .to_string();
        assert!(e.contains("edges[1]") && e.contains("vertex 2"), "{e}");
    }

    /// A stray huge id in a small picture is named as such, in every graph
    /// ruleset and both notations, instead of a memory message; small gaps
    /// (isolated vertices) stay legal.
    #[test]
    fn an_unused_id_below_a_huge_one_is_named() {
        let monitor = crate::monitor::Monitor::default();
        let options = crate::query::Options::new(&monitor);
        for name in ["green-hackenbush", "geography", "node-kayles", "arc-kayles"] {
            let rules = crate::catalog::build(name).unwrap();
            for (position, unused, why) in [
                ("0-1 1-2 2-4000000000", "vertex 3 ", "vertex 4000000000 is named"),
                ("n=4000000000 0-1 1-2", "vertex 3 ", "n = 4000000000 is declared"),
                (
                    r#"{"n": 4000000000, "edges": [[0, 1]]}"#,
                    "vertex 2 ",
                    "n = 4000000000",
                ),
                ("1-2 2-4000000000 @1", "vertex 0 ", "vertex 4000000000 is named"),
            ] {
                let e = rules.value(position, &options).unwrap_err();
                let text = e.to_string();
                assert!(matches!(e, Error::Input(_)), "{name} {position}: {text}");
                assert!(
                    text.contains(&format!("{unused}is named by no edge")) && text.contains(why),
                    "{name} {position}: {text}"
                );
                assert_eq!(text.lines().count(), 1);
            }
            assert!(rules.value("0-1 5-6 @0", &options).is_ok(), "{name}");
        }
        // Trees: the text notation names the first vertex cut off.
        for name in ["increasing-distance", "leaf-removal", "leaf-removal-unrooted"] {
            let rules = crate::catalog::build(name).unwrap();
            for (position, want) in [
                ("0-1 1-2 2-4000000000", "vertex 3 cannot be reached"),
                (
                    r#"{"n": 4000000000, "edges": [[0, 1]]}"#,
                    "vertex 2 is named by no edge",
                ),
            ] {
                let text = rules.value(position, &options).unwrap_err().to_string();
                assert!(text.contains(want), "{name} {position}: {text}");
            }
        }
    }
}
