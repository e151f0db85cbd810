//! The edge-list notation shared by the games on graphs: `0-1 1-2 2-0`, with an
//! optional vertex count `n=5` and an optional start vertex `@3`.

use crate::parse_error::ParseError;

/// An undirected multigraph written as an edge list, with an optional start vertex.
///
/// Tokens are separated by spaces or commas:
/// - `U-V` is an edge between vertices `U` and `V` (whole numbers; `U-U` is a loop);
/// - `n=K` fixes the vertex count to `K` (every id must then be below `K`);
/// - `@V` names a start vertex (used by the games that move a token).
///
/// Without `n=`, the vertex count is one more than the largest id (at least 1).
///
/// ```
/// use sprague::graph_games::EdgeList;
/// let g = EdgeList::parse("0-1 1-2, 2-0 @1").unwrap();
/// assert_eq!((g.n, g.edges.len(), g.start), (3, 3, Some(1)));
/// assert_eq!(EdgeList::parse("0-1 1-x").unwrap_err().column, 7);
/// assert!(EdgeList::parse("n=2 0-1 1-2").is_err()); // vertex 2 does not exist
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EdgeList {
    /// Number of vertices: ids run from 0 to `n - 1`.
    pub n: usize,
    /// The edges in input order, as written (`(u, v)` for `u-v`).
    pub edges: Vec<(u32, u32)>,
    /// The start vertex given with `@V`, if any.
    pub start: Option<u32>,
}

/// Largest vertex id the notation accepts (ids are stored as `u32`).
pub const MAX_VERTEX_ID: u64 = (u32::MAX - 2) as u64;

impl EdgeList {
    /// Parses the notation described on [`EdgeList`].
    ///
    /// # Errors
    /// A [`ParseError`] with the 1-based column of the offending token: a token
    /// that is not `U-V`, `n=K` or `@V`; an id that is not a whole number (a
    /// minus sign, as in `-1-2` or `0--3`, is reported as a negative id); an id
    /// at or beyond the declared `n=`; a repeated `n=` or `@`.
    pub fn parse(text: &str) -> Result<EdgeList, ParseError> {
        let mut edges = Vec::new();
        let mut declared: Option<(u64, usize)> = None;
        let mut start: Option<(u32, usize)> = None;
        let mut largest: Option<(u64, usize, &str)> = None;
        for (column, token) in tokens(text) {
            if let Some(rest) = token.strip_prefix("n=") {
                not_given_yet(&declared, "the vertex count `n=`", column, token)?;
                let k = parse_id(rest, column + 2, "a vertex count")?;
                if k == 0 {
                    return Err(ParseError::new(
                        "a graph needs at least one vertex",
                        column,
                        token,
                    ));
                }
                declared = Some((k, column));
            } else if let Some(rest) = token.strip_prefix('@') {
                not_given_yet(&start, "the start vertex `@`", column, token)?;
                let v = parse_id(rest, column + 1, "a start vertex")?;
                note_largest(&mut largest, v, column, token);
                start = Some((v as u32, column));
            } else {
                let Some(dash) = token.find('-') else {
                    return Err(ParseError::new(
                        "expected an edge `U-V`, a vertex count `n=K` or a start `@V`",
                        column,
                        token,
                    ));
                };
                let (a, b) = (&token[..dash], &token[dash + 1..]);
                if a.is_empty() {
                    return Err(ParseError::new(
                        "vertex ids cannot be negative (expected an edge `U-V`)",
                        column,
                        token,
                    ));
                }
                let u = parse_id(a, column, "a vertex id")?;
                let bcol = column + a.chars().count() + 1;
                if b.starts_with('-') {
                    return Err(ParseError::new("vertex ids cannot be negative", bcol, b));
                }
                let v = parse_id(b, bcol, "a vertex id")?;
                note_largest(&mut largest, u, column, token);
                note_largest(&mut largest, v, column, token);
                edges.push((u as u32, v as u32));
            }
        }
        let n = match (declared, &largest) {
            (Some((k, _)), Some((big, col, tok))) if *big >= k => {
                return Err(ParseError::new(
                    format!("vertex {big} does not exist: n={k} means ids 0 to {}", k - 1),
                    *col,
                    *tok,
                ));
            }
            (Some((k, col)), _) => {
                if k > MAX_VERTEX_ID + 1 {
                    return Err(ParseError::new("too many vertices", col, format!("n={k}")));
                }
                k as usize
            }
            (None, Some((big, _, _))) => *big as usize + 1,
            (None, None) => 1,
        };
        Ok(EdgeList {
            n,
            edges,
            start: start.map(|(v, _)| v),
        })
    }

    /// Writes the graph back in the notation: `n=K` first, then the edges, then `@V`.
    #[must_use]
    pub fn format(&self) -> String {
        let mut parts = vec![format!("n={}", self.n)];
        parts.extend(self.edges.iter().map(|(u, v)| format!("{u}-{v}")));
        if let Some(s) = self.start {
            parts.push(format!("@{s}"));
        }
        parts.join(" ")
    }

    /// The edges with the smaller end first, sorted (a canonical multiset).
    #[must_use]
    pub fn normalized_edges(&self) -> Vec<(u32, u32)> {
        let mut e: Vec<(u32, u32)> = self.edges.iter().map(|&(u, v)| (u.min(v), u.max(v))).collect();
        e.sort_unstable();
        e
    }
}

/// An error naming `what` (a setting such as the vertex count) as given twice
/// when `slot` already holds it.
fn not_given_yet<T>(slot: &Option<T>, what: &str, column: usize, token: &str) -> Result<(), ParseError> {
    match slot {
        Some(_) => Err(ParseError::new(format!("{what} is given twice"), column, token)),
        None => Ok(()),
    }
}

fn note_largest<'a>(largest: &mut Option<(u64, usize, &'a str)>, v: u64, column: usize, token: &'a str) {
    if largest.as_ref().is_none_or(|(b, _, _)| v > *b) {
        *largest = Some((v, column, token));
    }
}

fn parse_id(text: &str, column: usize, what: &str) -> Result<u64, ParseError> {
    if text.starts_with('-') {
        return Err(ParseError::new(
            format!("{what} cannot be negative"),
            column,
            text,
        ));
    }
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ParseError::new(
            format!("expected {what} (a whole number)"),
            column,
            text,
        ));
    }
    match text.parse::<u64>() {
        Ok(v) if v <= MAX_VERTEX_ID => Ok(v),
        _ => Err(ParseError::new(
            format!("{what} must be at most {MAX_VERTEX_ID}"),
            column,
            text,
        )),
    }
}

pub(crate) use crate::notation::tokens_with_columns as tokens;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_formats() {
        let g = EdgeList::parse("0-1 1-2 2-0").unwrap();
        assert_eq!(g.n, 3);
        assert_eq!(g.format(), "n=3 0-1 1-2 2-0");
        assert_eq!(EdgeList::parse(&g.format()).unwrap(), g);
        let g = EdgeList::parse("n=5 3-3 @4").unwrap();
        assert_eq!((g.n, g.start), (5, Some(4)));
        assert_eq!(EdgeList::parse("").unwrap().n, 1);
    }

    #[test]
    fn errors_name_the_column() {
        let e = EdgeList::parse("0-1 -1-2").unwrap_err();
        assert_eq!(e.column, 5);
        assert!(e.message.contains("negative"), "{e}");
        let e = EdgeList::parse("0-1 1--2").unwrap_err();
        assert_eq!(e.column, 7);
        assert!(e.message.contains("negative"), "{e}");
        let e = EdgeList::parse("0-1 1-2.5").unwrap_err();
        assert_eq!(e.column, 7);
        let e = EdgeList::parse("n=3 0-1 1-3").unwrap_err();
        assert_eq!(e.column, 9);
        assert!(e.message.contains("does not exist"), "{e}");
        assert!(EdgeList::parse("0-1 oops").is_err());
        assert!(EdgeList::parse("@1 @2").is_err());
        assert!(EdgeList::parse("n=0").is_err());
    }
}
