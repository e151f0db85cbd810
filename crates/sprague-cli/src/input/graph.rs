//! Graph files: text (`n m`, then `m` lines `u v`, `#` comments) or JSON
//! (`{"n": 3, "edges": [[0, 1], [1, 2]]}`) or binary (see [`super::binary`]),
//! detected by the first bytes.

pub use super::graph_size::check_size;
use crate::error::{CliError, CliResult};
use sprague::DiGraph;
use std::io::BufRead;

/// An edge list as read from a file, before it becomes a [`DiGraph`].
pub struct EdgeList {
    /// Number of vertices.
    pub n: usize,
    /// Edge sources.
    pub sources: Vec<u32>,
    /// Edge targets.
    pub targets: Vec<u32>,
}

impl EdgeList {
    /// The graph in compressed sparse row form.
    pub fn into_graph(self) -> CliResult<DiGraph> {
        DiGraph::from_edges(self.n, &self.sources, &self.targets).map_err(|e| CliError::input(e.to_string()))
    }
}

/// Reads `path` (`-` for stdin) whole, within the memory budget (see
/// [`super::read::read_all`]).
pub fn read_input(path: &str) -> CliResult<Vec<u8>> {
    super::read::read_all(path, "the file", None)
}

/// Parses a graph file held in memory, in any of its formats (see
/// [`read_graph`]).
pub fn parse_graph(bytes: &[u8], path: &str) -> CliResult<EdgeList> {
    read_graph(&mut &bytes[..], path)
}

/// The format of a graph file, told by its first bytes.
pub enum Format {
    /// Nothing but white space.
    Empty,
    /// The binary format (starts with `SPRGRAPH`).
    Binary,
    /// A JSON object (starts with `{`).
    Json,
    /// Text: a header `n m`, then lines.
    Text,
}

/// Tells the format of the file `reader` reads from its first buffered bytes,
/// consuming nothing.
///
/// # Errors
/// The file cannot be read.
pub fn sniff(reader: &mut dyn BufRead, path: &str) -> CliResult<Format> {
    let name = if path == "-" { "stdin" } else { path };
    let head = loop {
        match reader.fill_buf() {
            Ok(head) => break head,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(CliError::input(format!("cannot read `{name}`: {e}"))),
        }
    };
    if super::binary::is_binary(&head[..head.len().min(8)]) {
        return Ok(Format::Binary);
    }
    Ok(match head.iter().find(|b| !b.is_ascii_whitespace()) {
        None if head.is_empty() => Format::Empty,
        Some(b'{') => Format::Json,
        // White space only in the first buffer: the text reader skips blank lines.
        _ => Format::Text,
    })
}

/// Reads the rest of `reader` (JSON is read whole), within the memory budget.
pub fn read_rest(reader: &mut dyn BufRead, path: &str) -> CliResult<Vec<u8>> {
    super::read::read_to_limit(reader, super::read::display_name(path), "the graph file", None)
}

/// Reads a graph file in any format from `reader`, streaming text and binary
/// files line by line or chunk by chunk (never holding the file whole).
/// Errors name the line (text), the line and column (JSON) or the byte
/// (binary).
pub fn read_graph(reader: &mut dyn BufRead, path: &str) -> CliResult<EdgeList> {
    match sniff(reader, path)? {
        Format::Empty => Err(empty(path)),
        Format::Binary => {
            let g = super::binary::read_binary(reader, path, GRUNDY_BYTES_PER_VERTEX, GRUNDY_BYTES_PER_EDGE)?;
            if !(g.outcomes.is_empty() && g.scores.is_empty()) {
                return Err(CliError::input(format!(
                    "{path}: the binary graph has terminal outcomes or scores, which only `sprague solve` reads"
                )));
            }
            Ok(EdgeList {
                n: g.n as usize,
                sources: g.sources,
                targets: g.targets,
            })
        }
        Format::Json => {
            let bytes = read_rest(reader, path)?;
            parse_json(&bytes, path)
        }
        Format::Text => parse_text(reader, path),
    }
}

/// The error of a file without content.
pub fn empty(path: &str) -> CliError {
    CliError::input(format!(
        "`{path}` is empty: expected a first line `n m`, a JSON object or a binary graph"
    ))
}

/// Reads the lines of `reader` one at a time into a reused buffer, calling
/// `each(line number from 1, line without its newline)`. A line longer than
/// [`super::read::line_limit`] (a file without line ends, such as
/// `/dev/zero`) stops the reading with one error line.
///
/// # Errors
/// The reader's (as an input error naming the file), a line too long, and `each`'s.
pub fn for_each_line(
    reader: &mut dyn BufRead,
    path: &str,
    mut each: impl FnMut(usize, &[u8]) -> CliResult<()>,
) -> CliResult<()> {
    let mut lines = super::read::LineReader::new(reader, super::read::display_name(path));
    let mut number = 0;
    while let Some(line) = lines.next_line()? {
        number += 1;
        each(number, line)?;
    }
    Ok(())
}

/// Bytes per vertex and per edge while reading and solving a graph for Grundy
/// values: edge lists (8/edge) and CSR (4/edge, 4/vertex), values and state.
pub const GRUNDY_BYTES_PER_VERTEX: u64 = 4 + 4 + 1 + 8;
/// See [`GRUNDY_BYTES_PER_VERTEX`].
pub const GRUNDY_BYTES_PER_EDGE: u64 = 12;

fn parse_text(reader: &mut dyn BufRead, path: &str) -> CliResult<EdgeList> {
    let mut header: Option<(u64, u64)> = None;
    let mut sources = Vec::new();
    let mut targets = Vec::new();
    let mut n = 0u64;
    let mut m = 0u64;
    let mut blank = true;
    for_each_line(reader, path, |line_no, raw| {
        blank &= raw.iter().all(u8::is_ascii_whitespace);
        let line = match raw.iter().position(|&b| b == b'#') {
            Some(i) => &raw[..i],
            None => raw,
        };
        let mut fields = line.split(|b| b.is_ascii_whitespace()).filter(|f| !f.is_empty());
        let Some(a) = fields.next() else { return Ok(()) };
        let b = fields.next();
        let extra = fields.next();
        let show = || String::from_utf8_lossy(raw).trim_end().to_string();
        let (Some(b), None) = (b, extra) else {
            let what = if header.is_none() {
                "a header `n m`"
            } else {
                "an edge `u v`"
            };
            return Err(CliError::input(format!(
                "{path}: line {line_no}: expected {what} (two whole numbers), found `{}`",
                show()
            )));
        };
        let (Some(x), Some(y)) = (parse_num(a), parse_num(b)) else {
            return Err(CliError::input(format!(
                "{path}: line {line_no}: expected two whole numbers below 2^64, found `{}`",
                show()
            )));
        };
        match header {
            None => {
                check_size(x, y, GRUNDY_BYTES_PER_VERTEX, GRUNDY_BYTES_PER_EDGE)?;
                header = Some((x, y));
                n = x;
                m = y;
                sources.reserve(m as usize);
                targets.reserve(m as usize);
            }
            Some(_) => {
                if sources.len() as u64 == m {
                    return Err(CliError::input(format!(
                        "{path}: line {line_no}: more edges than the header's m = {m}"
                    )));
                }
                check_ends(x, y, n, |v, ids| {
                    format!("{path}: line {line_no}: vertex {v} is out of range: {ids}")
                })?;
                sources.push(x as u32);
                targets.push(y as u32);
            }
        }
        Ok(())
    })?;
    if blank {
        return Err(empty(path));
    }
    if header.is_none() {
        return Err(CliError::input(format!("{path}: no header line `n m` found")));
    }
    if (sources.len() as u64) < m {
        return Err(CliError::input(format!(
            "{path}: the header says m = {m} edges, but the file has {}",
            sources.len()
        )));
    }
    Ok(EdgeList {
        n: n as usize,
        sources,
        targets,
    })
}

fn parse_num(field: &[u8]) -> Option<u64> {
    if field.is_empty() || field.len() > 20 {
        return None;
    }
    let mut v: u64 = 0;
    for &c in field {
        if !c.is_ascii_digit() {
            return None;
        }
        v = v.checked_mul(10)?.checked_add(u64::from(c - b'0'))?;
    }
    Some(v)
}

/// The JSON object of a graph file, its errors prefixed by the file's `path`.
pub fn read_json<T: serde::de::DeserializeOwned>(bytes: &[u8], path: &str) -> CliResult<T> {
    serde_json::from_slice(bytes).map_err(|e| CliError::input(format!("{path}: {e}")))
}

/// Checks that the edge `u → v` names vertices below `n`; `refuse(x, ids)`
/// words the error for the first vertex `x` out of range, `ids` being the
/// phrase "ids run from 0 to n-1 (n = n)". O(1).
fn check_ends(u: u64, v: u64, n: u64, refuse: impl Fn(u64, String) -> String) -> CliResult<()> {
    match [u, v].into_iter().find(|&x| x >= n) {
        Some(x) => Err(CliError::input(refuse(
            x,
            format!("ids run from 0 to {} (n = {n})", n.saturating_sub(1)),
        ))),
        None => Ok(()),
    }
}

/// The `edges` of a JSON graph file of `n` vertices as (sources, targets),
/// after checking that the graph fits in memory for a solver of the given
/// costs ([`check_size`]) and that every edge names vertices below `n`. O(m).
pub fn json_edges(
    path: &str,
    n: u64,
    edges: &[(u64, u64)],
    bytes_per_vertex: u64,
    bytes_per_edge: u64,
) -> CliResult<(Vec<u32>, Vec<u32>)> {
    check_size(n, edges.len() as u64, bytes_per_vertex, bytes_per_edge)?;
    let mut sources = Vec::with_capacity(edges.len());
    let mut targets = Vec::with_capacity(edges.len());
    for (i, &(u, v)) in edges.iter().enumerate() {
        check_ends(u, v, n, |x, ids| {
            format!("{path}: edges[{i}] names vertex {x}, but {ids}")
        })?;
        sources.push(u as u32);
        targets.push(v as u32);
    }
    Ok((sources, targets))
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonGraph {
    n: u64,
    edges: Vec<(u64, u64)>,
}

fn parse_json(bytes: &[u8], path: &str) -> CliResult<EdgeList> {
    let g: JsonGraph = read_json(bytes, path)?;
    let (sources, targets) = json_edges(
        path,
        g.n,
        &g.edges,
        GRUNDY_BYTES_PER_VERTEX,
        GRUNDY_BYTES_PER_EDGE,
    )?;
    Ok(EdgeList {
        n: g.n as usize,
        sources,
        targets,
    })
}
