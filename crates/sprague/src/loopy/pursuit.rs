//! Speike and Tom: pursuit on a graph. Tom (the cat, chased) and Speike (the
//! dog, chasing) stand on vertices of an undirected graph; they move in turn,
//! Tom first, each along one edge. Speike wins by reaching Tom's vertex (or by
//! Tom stepping onto his); Tom wins by reaching the hole, a vertex Speike may
//! not enter. A player without a move loses, and play that can go on for ever
//! is a draw.
//!
//! This is the cat-and-mouse game of LeetCode 913 ("Cat and Mouse") with Tom
//! as the mouse and Speike as the cat. It is solved as a [`StateSpace`] by
//! the retrograde solver, which gives win, loss or draw with the number of
//! moves (plies) to the end under perfect play.

use super::space::StateSpace;
use super::space_notation::SpaceNotation;
use super::wld::Wld;
use crate::graph_games::EdgeList;
use crate::parse_error::ParseError;

/// The players of [`SpeikeAndTom`].
const TOM: u64 = 0;
const SPEIKE: u64 = 1;

/// The graph, the hole, and the state numbering of Speike and Tom: state
/// `((tom · n) + speike) · 2 + mover` with mover 0 for Tom, 1 for Speike.
///
/// ```
/// use sprague::{StateSpaceSolver, Wld, loopy::{SpaceNotation, SpeikeAndTom}};
/// // LeetCode 913, example 2: Tom at 1 next to the hole 0 escapes at once.
/// let (game, start) = SpeikeAndTom::parse("0-1 0-3 2-3 | 1 2 0").unwrap();
/// let table = StateSpaceSolver::new(&game).solve().unwrap();
/// let v = table.get(start).unwrap();
/// assert_eq!((v.wld, v.remoteness), (Wld::Win, Some(1)));
/// ```
#[derive(Clone, Debug)]
pub struct SpeikeAndTom {
    graph: EdgeList,
    adj: Vec<Vec<u32>>,
    hole: Option<u32>,
}

/// Largest number of vertices accepted (the solver holds 2·n² states).
pub const SPEIKE_AND_TOM_MAX_VERTICES: usize = 1 << 14;

/// Why a graph and hole make no game of Speike and Tom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpeikeAndTomError {
    /// The graph has more vertices than the solver takes.
    TooManyVertices {
        /// Vertices of the graph.
        vertices: usize,
        /// The most accepted ([`SPEIKE_AND_TOM_MAX_VERTICES`]).
        limit: usize,
    },
    /// The hole is not a vertex of the graph.
    HoleNotAVertex {
        /// The hole given.
        hole: u32,
        /// Vertices of the graph.
        vertices: usize,
    },
}

impl core::fmt::Display for SpeikeAndTomError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            SpeikeAndTomError::TooManyVertices { vertices, limit } => write!(
                f,
                "the graph has {vertices} vertices; Speike and Tom is solved over 2·n² states and takes at most {limit}"
            ),
            SpeikeAndTomError::HoleNotAVertex { hole, .. } => {
                write!(f, "the hole {hole} is not a vertex of the graph")
            }
        }
    }
}

impl std::error::Error for SpeikeAndTomError {}

impl SpeikeAndTom {
    /// The game on `graph` with the hole at `hole` (none: Tom can only draw or lose).
    ///
    /// # Errors
    /// [`SpeikeAndTomError`]: more than [`SPEIKE_AND_TOM_MAX_VERTICES`]
    /// vertices, or a hole that is not a vertex.
    pub fn new(graph: EdgeList, hole: Option<u32>) -> Result<SpeikeAndTom, SpeikeAndTomError> {
        if graph.n > SPEIKE_AND_TOM_MAX_VERTICES {
            return Err(SpeikeAndTomError::TooManyVertices {
                vertices: graph.n,
                limit: SPEIKE_AND_TOM_MAX_VERTICES,
            });
        }
        if let Some(hole) = hole.filter(|&h| h as usize >= graph.n) {
            return Err(SpeikeAndTomError::HoleNotAVertex {
                hole,
                vertices: graph.n,
            });
        }
        let mut adj = vec![Vec::new(); graph.n];
        for &(u, v) in &graph.edges {
            adj[u as usize].push(v);
            adj[v as usize].push(u);
        }
        for a in &mut adj {
            a.sort_unstable();
            a.dedup();
        }
        Ok(SpeikeAndTom { graph, adj, hole })
    }

    /// Parses `EDGES | TOM SPEIKE HOLE [MOVER]`: an edge list (`0-1 1-2 …`,
    /// see [`EdgeList`]), then Tom's vertex, Speike's vertex, the hole (`-`
    /// for none) and who moves (`t`/`tom`, the default, or `s`/`speike`).
    /// Returns the game and the state of the position.
    ///
    /// # Errors
    /// A [`ParseError`] naming what is wrong and the column where it is.
    pub fn parse(text: &str) -> Result<(SpeikeAndTom, u64), ParseError> {
        let bar = find_bar(text)?;
        let graph = EdgeList::parse(&text[..bar])?;
        let placed = placement(text, graph.n)?;
        let game = SpeikeAndTom::new(graph, placed.hole)
            .map_err(|e| ParseError::at(e.to_string(), text, text[..bar].trim()))?;
        let state = game.read_state(text)?;
        Ok((game, state))
    }

    /// The state of the position `text` on this game's graph (the part
    /// before `|` is not read).
    fn read_state(&self, text: &str) -> Result<u64, ParseError> {
        let Placement {
            tom,
            speike,
            hole,
            mover,
            hole_column,
            hole_token,
            speike_column,
        } = placement(text, self.adj.len())?;
        if hole != self.hole {
            return Err(ParseError::new(
                "the hole differs from the game's",
                hole_column,
                hole_token,
            ));
        }
        if self.is_hole(speike) {
            return Err(ParseError::new(
                "Speike stands on the hole, which he may not enter",
                speike_column,
                speike.to_string(),
            ));
        }
        Ok(self.index(tom, speike, mover))
    }

    fn n(&self) -> u64 {
        self.adj.len() as u64
    }

    fn index(&self, tom: u64, speike: u64, mover: u64) -> u64 {
        (tom * self.n() + speike) * 2 + mover
    }

    /// `(tom, speike, mover)` of state `s`.
    fn decode(&self, s: u64) -> (u64, u64, u64) {
        let (pair, mover) = (s / 2, s % 2);
        (pair / self.n(), pair % self.n(), mover)
    }

    fn is_hole(&self, v: u64) -> bool {
        self.hole.is_some_and(|h| u64::from(h) == v)
    }
}

/// Where Tom, Speike and the hole are, and who moves, with the columns of
/// Speike's vertex and of the hole (and the hole as written).
struct Placement {
    tom: u64,
    speike: u64,
    hole: Option<u32>,
    mover: u64,
    speike_column: usize,
    hole_column: usize,
    hole_token: String,
}

/// Where the `|` between the edges and the placement is in `text`.
fn find_bar(text: &str) -> Result<usize, ParseError> {
    text.find('|').ok_or_else(|| {
        ParseError::new(
            "expected the edges, `|`, then Tom's vertex, Speike's vertex and the hole, e.g. `0-1 1-2 | 2 0 1`",
            text.chars().count() + 1,
            "",
        )
    })
}

/// The [`Placement`] read from the part of `text` after `|`, checked against
/// `n` vertices.
fn placement(text: &str, n: usize) -> Result<Placement, ParseError> {
    let bar = find_bar(text)?;
    let mut fields: Vec<(usize, &str)> = Vec::new();
    let mut col = text[..bar].chars().count() + 2;
    for w in text[bar + 1..].split(' ') {
        if !w.is_empty() {
            fields.push((col, w));
        }
        col += w.chars().count() + 1;
    }
    let vertex = |(c, w): (usize, &str), what: &str| -> Result<u64, ParseError> {
        match w.parse::<u64>() {
            Ok(v) if (v as usize) < n => Ok(v),
            Ok(_) => Err(ParseError::new(
                format!("{what} is not a vertex (the graph has vertices 0 to {})", n - 1),
                c,
                w,
            )),
            Err(_) => Err(ParseError::new(
                format!("expected {what} (a vertex number)"),
                c,
                w,
            )),
        }
    };
    if !(3..=4).contains(&fields.len()) {
        return Err(ParseError::at(
            "after `|` expected Tom's vertex, Speike's vertex, the hole (or `-`) and optionally who moves (`t` or `s`), e.g. `| 1 2 0 t`",
            text,
            text[bar + 1..].trim(),
        ));
    }
    let tom = vertex(fields[0], "Tom's vertex")?;
    let speike = vertex(fields[1], "Speike's vertex")?;
    let hole = match fields[2].1 {
        "-" => None,
        _ => Some(vertex(fields[2], "the hole")? as u32),
    };
    let mover = match fields.get(3).map(|f| f.1.to_ascii_lowercase()) {
        None => TOM,
        Some(m) if m == "t" || m == "tom" => TOM,
        Some(m) if m == "s" || m == "speike" => SPEIKE,
        Some(_) => {
            return Err(ParseError::new(
                "who moves is `t` (Tom) or `s` (Speike)",
                fields[3].0,
                fields[3].1,
            ));
        }
    };
    Ok(Placement {
        tom,
        speike,
        hole,
        mover,
        speike_column: fields[1].0,
        hole_column: fields[2].0,
        hole_token: fields[2].1.to_string(),
    })
}

impl StateSpace for SpeikeAndTom {
    fn state_count(&self) -> u64 {
        2 * self.n() * self.n()
    }

    /// Speike never stands on the hole.
    fn is_state(&self, s: u64) -> bool {
        !self.is_hole(self.decode(s).1)
    }

    fn terminal(&self, s: u64) -> Option<Wld> {
        let (tom, speike, mover) = self.decode(s);
        let tom_wins = if tom == speike {
            false
        } else if self.is_hole(tom) {
            true
        } else {
            return None;
        };
        Some(if tom_wins == (mover == TOM) {
            Wld::Win
        } else {
            Wld::Lose
        })
    }

    fn moves(&self, s: u64, out: &mut Vec<u64>) {
        let (tom, speike, mover) = self.decode(s);
        if mover == TOM {
            out.extend(
                self.adj[tom as usize]
                    .iter()
                    .map(|&w| self.index(u64::from(w), speike, SPEIKE)),
            );
        } else {
            out.extend(
                self.adj[speike as usize]
                    .iter()
                    .filter(|&&w| !self.is_hole(u64::from(w)))
                    .map(|&w| self.index(tom, u64::from(w), TOM)),
            );
        }
    }

    fn has_unmoves(&self) -> bool {
        true
    }

    fn unmoves(&self, s: u64, out: &mut Vec<u64>) {
        let (tom, speike, mover) = self.decode(s);
        let before: Vec<u64> = if mover == SPEIKE {
            // Tom moved here from a neighbour.
            self.adj[tom as usize]
                .iter()
                .map(|&w| self.index(u64::from(w), speike, TOM))
                .collect()
        } else if self.is_hole(speike) {
            Vec::new()
        } else {
            // Speike moved here from a neighbour other than the hole.
            self.adj[speike as usize]
                .iter()
                .filter(|&&w| !self.is_hole(u64::from(w)))
                .map(|&w| self.index(tom, u64::from(w), SPEIKE))
                .collect()
        };
        out.extend(before.into_iter().filter(|&t| self.terminal(t).is_none()));
    }
}

impl SpaceNotation for SpeikeAndTom {
    fn format_state(&self, s: u64) -> String {
        let (tom, speike, mover) = self.decode(s);
        let hole = self.hole.map_or("-".to_string(), |h| h.to_string());
        let edges: Vec<String> = self.graph.edges.iter().map(|(u, v)| format!("{u}-{v}")).collect();
        format!(
            "n={} {} | {tom} {speike} {hole} {}",
            self.graph.n,
            edges.join(" "),
            if mover == TOM { 't' } else { 's' }
        )
    }

    fn parse_state(&self, text: &str) -> Result<u64, String> {
        self.read_state(text)
            .map_err(|e| format!("position `{text}`: {e}"))
    }

    fn describe_state_move(&self, from: u64, to: u64) -> String {
        let (t0, s0, mover) = self.decode(from);
        let (t1, s1, _) = self.decode(to);
        let (who, a, b) = if mover == TOM {
            ("Tom", t0, t1)
        } else {
            ("Speike", s0, s1)
        };
        let what = if t1 == s1 {
            " and is caught".to_string()
        } else if self.is_hole(t1) {
            " (the hole) and escapes".to_string()
        } else {
            String::new()
        };
        let what = if mover == SPEIKE && t1 == s1 {
            " and catches Tom".to_string()
        } else {
            what
        };
        format!("{who} runs from {a} to {b}{what}")
    }

    fn mover(&self, s: u64) -> String {
        if self.decode(s).2 == TOM { "Tom" } else { "Speike" }.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::DiGraph;
    use crate::loopy::{SolvedValue, StateSpaceSolver, solve_graph};
    use proptest::prelude::*;

    fn solve_at(text: &str) -> SolvedValue {
        let (game, start) = SpeikeAndTom::parse(text).unwrap();
        StateSpaceSolver::new(&game).solve().unwrap().get(start).unwrap()
    }

    #[test]
    fn leetcode_913_examples() {
        // LeetCode 913 (Cat and Mouse): mouse (Tom) at 1, cat (Speike) at 2,
        // hole 0, mouse first. Example 1, graph [[2,5],[3],[0,4,5],[1,4,5],
        // [2,3],[0,2,3]]: a draw. Example 2, graph [[1,3],[0],[3],[0,2]]: the
        // mouse wins.
        let draw = solve_at("0-2 0-5 1-3 2-4 2-5 3-4 3-5 | 1 2 0");
        assert_eq!(draw.wld, Wld::Draw);
        let win = solve_at("0-1 0-3 2-3 | 1 2 0 t");
        assert_eq!((win.wld, win.remoteness), (Wld::Win, Some(1)));
        // Speike next to Tom on a path without a hole catches him.
        let caught = solve_at("0-1 1-2 | 0 1 - s");
        assert_eq!((caught.wld, caught.remoteness), (Wld::Win, Some(1)));
    }

    #[test]
    fn bad_positions() {
        for bad in [
            "0-1",
            "0-1 | 0",
            "0-1 | 0 5 -",
            "0-1 | 0 1 x",
            "0-1 | 0 1 0 z",
            "0-1 | 1 0 0",
        ] {
            assert!(SpeikeAndTom::parse(bad).is_err(), "{bad}");
        }
        let e = SpeikeAndTom::parse("0-1 | 1 0 0").unwrap_err();
        assert!(e.message.contains("hole") && e.column == 9, "{e}");
        let e = SpeikeAndTom::parse("0-1 | 0 1 0 z").unwrap_err();
        assert_eq!((e.column, e.token.as_str()), (13, "z"), "{e}");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(120))]
        /// The retrograde state-space solve equals W/L/D with remoteness on the
        /// explicit graph of all states (built move by move from the rules).
        #[test]
        fn matches_the_explicit_state_graph(
            n in 2usize..7,
            raw in proptest::collection::vec((0u32..7, 0u32..7), 1..12),
            hole in proptest::option::of(0u32..7),
        ) {
            let edges: Vec<(u32, u32)> =
                raw.into_iter().map(|(u, v)| (u % n as u32, v % n as u32)).collect();
            let graph = EdgeList { n, edges, start: None };
            let game = SpeikeAndTom::new(graph, hole.map(|h| h % n as u32)).unwrap();
            let table = StateSpaceSolver::new(&game).solve().unwrap();
            let count = game.state_count() as usize;
            let (mut from, mut to) = (Vec::new(), Vec::new());
            for s in 0..count as u64 {
                let (tom, speike, mover) = game.decode(s);
                if !game.is_state(s) || tom == speike || game.is_hole(tom) {
                    continue;
                }
                let successors: Vec<u64> = if mover == TOM {
                    (0..n as u64).filter(|&w| game.graph.edges.iter().any(|&(a, b)| {
                        (u64::from(a), u64::from(b)) == (tom, w) || (u64::from(a), u64::from(b)) == (w, tom)
                    })).map(|w| game.index(w, speike, SPEIKE)).collect()
                } else {
                    (0..n as u64).filter(|&w| !game.is_hole(w) && game.graph.edges.iter().any(|&(a, b)| {
                        (u64::from(a), u64::from(b)) == (speike, w) || (u64::from(a), u64::from(b)) == (w, speike)
                    })).map(|w| game.index(tom, w, TOM)).collect()
                };
                for t in successors {
                    from.push(s as u32);
                    to.push(t as u32);
                }
            }
            let g = DiGraph::from_edges(count, &from, &to).unwrap();
            let explicit = solve_graph(&g, |v| game.terminal(u64::from(v)).unwrap_or(Wld::Lose)).unwrap();
            for s in 0..count as u64 {
                if game.is_state(s) {
                    prop_assert_eq!(table.get(s), Some(explicit.get(s as usize)), "state {}", s);
                }
            }
        }
    }
}
