//! The graph block: a position on an undirected graph of at most 128
//! vertices, each vertex empty, Left's, Right's or removed, as two
//! bit-planes; adjacency as one bitset per vertex, so a colouring rule is
//! one AND per neighbour set.

use super::cell::{Cell, CellSet, Cells};
use crate::parse_error::ParseError;
use core::hash::{Hash, Hasher};
use std::sync::Arc;

/// Most vertices of a [`GraphBoard`].
pub const MAX_GRAPH_VERTICES: usize = 128;

/// An undirected simple graph of at most 128 vertices, as the bitset of each
/// vertex's neighbours.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Adjacency {
    neighbours: Vec<u128>,
    edges: Vec<(u8, u8)>,
}

impl Adjacency {
    /// The graph on `n` vertices with these edges (loops and repeats are
    /// dropped), or `None` if `n` is 0 or above [`MAX_GRAPH_VERTICES`] or
    /// an edge names a vertex `>= n`.
    #[must_use]
    pub fn new(n: usize, edges: &[(usize, usize)]) -> Option<Adjacency> {
        if n == 0 || n > MAX_GRAPH_VERTICES {
            return None;
        }
        let mut neighbours = vec![0u128; n];
        let mut list = Vec::new();
        for &(u, v) in edges {
            if u >= n || v >= n {
                return None;
            }
            if u == v || neighbours[u] >> v & 1 != 0 {
                continue;
            }
            neighbours[u] |= 1 << v;
            neighbours[v] |= 1 << u;
            list.push((u.min(v) as u8, u.max(v) as u8));
        }
        Some(Adjacency {
            neighbours,
            edges: list,
        })
    }

    /// Number of vertices.
    #[must_use]
    pub fn len(&self) -> usize {
        self.neighbours.len()
    }

    /// Whether the graph has no vertices (never, for a graph made by
    /// [`Adjacency::new`]).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.neighbours.is_empty()
    }

    /// The neighbours of vertex `v`, as a bitset.
    #[must_use]
    pub fn of(&self, v: usize) -> u128 {
        self.neighbours.get(v).copied().unwrap_or(0)
    }

    /// The edges, each once with its smaller end first, in input order.
    #[must_use]
    pub fn edges(&self) -> &[(u8, u8)] {
        &self.edges
    }

    /// The vertices next to a vertex of `m`. O(vertices of `m`).
    #[must_use]
    pub fn around(&self, m: u128) -> u128 {
        let mut out = 0;
        let mut rest = m;
        while rest != 0 {
            out |= self.neighbours[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        out
    }
}

/// A position on a graph: the graph (shared by every position of a search)
/// and the state of each vertex as two bit-planes, [`Cell::Blocked`] for a
/// vertex removed from play.
///
/// Clones share the graph; equality and hashing look at the planes (and at
/// the graph only when the planes agree and the graphs are not the same
/// object), so memo tables key positions without allocating.
///
/// ```
/// use sprague::blocks::{Cell, CellSet, Cells, GraphBoard};
/// const SNORT: Cells = Cells::new('.', Some('L'), Some('R'), Some('#'));
/// // A path of three vertices.
/// let p = GraphBoard::parse("0-1 1-2", &SNORT).unwrap();
/// // Node Kayles: take a vertex and its neighbours away.
/// let mut out = Vec::new();
/// p.mark(CellSet::EMPTY, [Cell::Blocked; 4], &mut out);
/// let shown: Vec<String> = out.iter().map(|q| q.show(&SNORT)).collect();
/// assert_eq!(shown, ["0-1 1-2 : ##.", "0-1 1-2 : ###", "0-1 1-2 : .##"]);
/// ```
#[derive(Clone)]
pub struct GraphBoard {
    graph: Arc<Adjacency>,
    low: u128,
    high: u128,
}

impl PartialEq for GraphBoard {
    fn eq(&self, other: &Self) -> bool {
        self.low == other.low
            && self.high == other.high
            && (Arc::ptr_eq(&self.graph, &other.graph) || self.graph == other.graph)
    }
}

impl Eq for GraphBoard {}

impl PartialOrd for GraphBoard {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// By the planes, then by the graph (positions of one search share it).
impl Ord for GraphBoard {
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        (self.low, self.high).cmp(&(other.low, other.high)).then_with(|| {
            if Arc::ptr_eq(&self.graph, &other.graph) {
                core::cmp::Ordering::Equal
            } else {
                self.graph.cmp(&other.graph)
            }
        })
    }
}

impl Hash for GraphBoard {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u128(self.low);
        state.write_u128(self.high);
        state.write_usize(self.graph.len());
    }
}

impl core::fmt::Debug for GraphBoard {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let chars = Cells::new('.', Some('L'), Some('R'), Some('#'));
        write!(f, "GraphBoard({})", self.show(&chars))
    }
}

impl GraphBoard {
    /// Every vertex of `graph` empty.
    #[must_use]
    pub fn new(graph: Arc<Adjacency>) -> GraphBoard {
        GraphBoard {
            graph,
            low: 0,
            high: 0,
        }
    }

    /// The graph.
    #[must_use]
    pub fn graph(&self) -> &Arc<Adjacency> {
        &self.graph
    }

    /// Every vertex, as a mask.
    #[must_use]
    pub fn all(&self) -> u128 {
        super::board::low_bits(self.graph.len())
    }

    /// The vertices in state `cell`. O(1).
    #[must_use]
    pub fn mask(&self, cell: Cell) -> u128 {
        let (a, b) = (self.low, self.high);
        match cell {
            Cell::Empty => !a & !b & self.all(),
            Cell::Left => a & !b,
            Cell::Right => !a & b,
            Cell::Blocked => a & b,
        }
    }

    /// The vertices whose state is in `set`. O(1).
    #[must_use]
    pub fn mask_of(&self, set: CellSet) -> u128 {
        Cell::ALL
            .into_iter()
            .filter(|&c| set.contains(c))
            .fold(0, |m, c| m | self.mask(c))
    }

    /// The state of vertex `v` (blocked past the last vertex).
    #[must_use]
    pub fn vertex(&self, v: usize) -> Cell {
        if v >= self.graph.len() {
            return Cell::Blocked;
        }
        Cell::from_code((((self.low >> v) & 1) | (((self.high >> v) & 1) << 1)) as u8)
    }

    /// The position with every vertex of `mask` set to `cell`. O(1).
    #[must_use]
    pub fn with(&self, mask: u128, cell: Cell) -> GraphBoard {
        let mask = mask & self.all();
        let code = cell as u8;
        GraphBoard {
            graph: self.graph.clone(),
            low: if code & 1 != 0 {
                self.low | mask
            } else {
                self.low & !mask
            },
            high: if code & 2 != 0 {
                self.high | mask
            } else {
                self.high & !mask
            },
        }
    }

    /// The position with Left's and Right's vertices exchanged.
    #[must_use]
    pub fn swapped(&self) -> GraphBoard {
        GraphBoard {
            graph: self.graph.clone(),
            low: self.high,
            high: self.low,
        }
    }

    /// The vertices next to a vertex of `m`.
    #[must_use]
    pub fn neighbours(&self, m: u128) -> u128 {
        self.graph.around(m) & self.all()
    }

    /// Every position after a move on one vertex whose state is in
    /// `allowed`: that vertex is removed ([`Cell::Blocked`]) and each of its
    /// neighbours changes state by `map` (indexed by the neighbour's state).
    /// This one rule writes many placement games with the states standing
    /// for "who may still play here":
    ///
    /// - Node Kayles: `allowed` empty, every neighbour removed;
    /// - Snort for Left: `allowed` {empty, Left}; an empty neighbour becomes
    ///   Left's only (`Cell::Left`), a Right-only neighbour is dead;
    /// - Col for Left: the same with the neighbour becoming Right's only.
    ///
    /// O(options × degree).
    pub fn mark(&self, allowed: CellSet, map: [Cell; 4], out: &mut Vec<GraphBoard>) {
        let mut rest = self.mask_of(allowed);
        while rest != 0 {
            let v = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let around = self.graph.of(v) & self.all();
            let mut next = self.clone();
            for cell in Cell::ALL {
                let m = around & self.mask(cell);
                if m != 0 && map[cell as usize] != cell {
                    next = next.with(m, map[cell as usize]);
                }
            }
            out.push(next.with(1 << v, Cell::Blocked));
        }
    }

    /// Every position after colouring one vertex of `allowed` with `to`.
    pub fn colour(&self, allowed: u128, to: Cell, out: &mut Vec<GraphBoard>) {
        let mut rest = allowed & self.all();
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest &= rest - 1;
            out.push(self.with(bit, to));
        }
    }

    /// Every position after removing both ends of an edge whose ends are
    /// both in a state of `allowed` (Arc Kayles). O(edges).
    pub fn remove_edges(&self, allowed: CellSet, out: &mut Vec<GraphBoard>) {
        let ok = self.mask_of(allowed);
        for &(u, v) in self.graph.edges() {
            let m = (1u128 << u) | (1u128 << v);
            if ok & m == m {
                out.push(self.with(m, Cell::Blocked));
            }
        }
    }

    /// Every position after a token (a vertex in state `token`) moves along
    /// an edge to a vertex whose state is in `onto`; the vertex it leaves
    /// becomes `leave` (e.g. removed, in undirected vertex geography).
    pub fn token_moves(&self, token: Cell, onto: CellSet, leave: Cell, out: &mut Vec<GraphBoard>) {
        let targets = self.mask_of(onto);
        let mut rest = self.mask(token);
        while rest != 0 {
            let v = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let mut to = self.graph.of(v) & targets;
            while to != 0 {
                let bit = to & to.wrapping_neg();
                to &= to - 1;
                out.push(self.with(1 << v, leave).with(bit, token));
            }
        }
    }

    /// The independent parts of the position: the connected components of
    /// the vertices whose state is in `connect`, each with every other vertex
    /// removed. Returns `false`, adding nothing, when there is one component
    /// and no vertex outside `connect` is left to remove; else `true` with
    /// the parts in `out`. O(vertices × degree).
    pub fn components(&self, connect: CellSet, out: &mut Vec<GraphBoard>) -> bool {
        let m = self.mask_of(connect);
        let mut rest = m;
        let mut parts = Vec::new();
        while rest != 0 {
            let mut region = rest & rest.wrapping_neg();
            loop {
                let grown = (region | self.graph.around(region)) & m;
                if grown == region {
                    break;
                }
                region = grown;
            }
            rest &= !region;
            parts.push(region);
        }
        let outside = self.all() & !m & !self.mask(Cell::Blocked);
        if parts.len() == 1 && outside == 0 {
            return false;
        }
        for region in parts {
            out.push(self.with(self.all() & !region, Cell::Blocked));
        }
        true
    }

    /// Reads a position: an edge list `0-1 1-2 2-0` (optionally `n=K` for
    /// isolated vertices, as the graph rulesets write graphs), then
    /// optionally ` : ` and one character per vertex from `cells`, vertex 0
    /// first (`0-1 1-2 : L.R`; missing vertices are empty).
    ///
    /// # Errors
    /// The edge list's errors with their columns, more than 128 vertices,
    /// an unknown vertex character, or more characters than vertices.
    pub fn parse(text: &str, cells: &Cells) -> Result<GraphBoard, ParseError> {
        let (graph_text, states) = match text.split_once(':') {
            Some((g, s)) => (g, Some((s, g.chars().count() + 2))),
            None => (text, None),
        };
        let list = crate::graph_games::EdgeList::parse(graph_text)?;
        if list.n > MAX_GRAPH_VERTICES {
            return Err(ParseError::new(
                format!("at most {MAX_GRAPH_VERTICES} vertices, this graph has {}", list.n),
                1,
                "",
            ));
        }
        let edges: Vec<(usize, usize)> = list
            .edges
            .iter()
            .map(|&(u, v)| (u as usize, v as usize))
            .collect();
        let graph =
            Adjacency::new(list.n, &edges).ok_or_else(|| ParseError::new("a graph needs a vertex", 1, ""))?;
        let mut board = GraphBoard::new(Arc::new(graph));
        if let Some((s, start)) = states {
            let mut v = 0;
            for (i, c) in s.chars().enumerate() {
                if c.is_whitespace() {
                    continue;
                }
                let column = start + i;
                let Some(cell) = cells.cell(c) else {
                    return Err(ParseError::new(
                        format!("unknown vertex state; expected one of `{}`", cells.alphabet()),
                        column,
                        c.to_string(),
                    ));
                };
                if v >= board.graph.len() {
                    return Err(ParseError::new(
                        format!("more vertex states than the {} vertices", board.graph.len()),
                        column,
                        c.to_string(),
                    ));
                }
                board = board.with(1 << v, cell);
                v += 1;
            }
        }
        Ok(board)
    }

    /// The position as [`GraphBoard::parse`] reads it: the edges, `n=K` when
    /// the last vertices have no edge, and the vertex states after ` : `
    /// unless every vertex is empty.
    #[must_use]
    pub fn show(&self, cells: &Cells) -> String {
        let mut parts: Vec<String> = self
            .graph
            .edges()
            .iter()
            .map(|(u, v)| format!("{u}-{v}"))
            .collect();
        let touched = self
            .graph
            .edges()
            .iter()
            .map(|&(u, v)| usize::from(u.max(v)) + 1)
            .max()
            .unwrap_or(0);
        if touched < self.graph.len() {
            parts.insert(0, format!("n={}", self.graph.len()));
        }
        let mut text = parts.join(" ");
        if self.mask(Cell::Empty) != self.all() {
            text.push_str(" : ");
            text.extend((0..self.graph.len()).map(|v| cells.char(self.vertex(v))));
        }
        text
    }

    /// The move from `self` to `to` named by the vertices it changes: the
    /// vertex played (`3`), or `1-2` for a token or an edge.
    #[must_use]
    pub fn describe_change(&self, to: &GraphBoard, cells: &Cells) -> String {
        let removed = to.mask(Cell::Blocked) & !self.mask(Cell::Blocked);
        let mut changed = 0u128;
        for cell in Cell::ALL {
            changed |= self.mask(cell) ^ to.mask(cell);
        }
        let list = |m: u128| -> Vec<String> {
            let mut out = Vec::new();
            let mut rest = m;
            while rest != 0 {
                out.push(rest.trailing_zeros().to_string());
                rest &= rest - 1;
            }
            out
        };
        // A token that moved: one vertex lost it, one empty vertex gained it.
        for piece in [Cell::Left, Cell::Right] {
            let lost = self.mask(piece) & !to.mask(piece);
            let gained = to.mask(piece) & self.mask(Cell::Empty);
            if lost.count_ones() == 1 && gained.count_ones() == 1 {
                return format!("{}-{}", lost.trailing_zeros(), gained.trailing_zeros());
            }
        }
        // The played vertex: removed, and every other change is next to it.
        let mut rest = removed;
        while rest != 0 {
            let v = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if changed & !(1 << v) & !self.graph.of(v) == 0 {
                let c = self.vertex(v);
                return if c == Cell::Empty {
                    format!("vertex {v}")
                } else {
                    format!("vertex {v} ({})", cells.char(c))
                };
            }
        }
        format!("vertices {}", list(changed).join("-"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SNORT: Cells = Cells::new('.', Some('L'), Some('R'), Some('#'));

    fn show_all(v: &[GraphBoard]) -> Vec<String> {
        v.iter().map(|q| q.show(&SNORT)).collect()
    }

    #[test]
    fn notation_round_trips() {
        for text in ["0-1 1-2", "0-1 1-2 : L.R", "n=4 0-1", "n=3 0-1 : #.."] {
            let g = GraphBoard::parse(text, &SNORT).unwrap();
            assert_eq!(g.show(&SNORT), text);
        }
        let e = GraphBoard::parse("0-1 : .x", &SNORT).unwrap_err();
        assert_eq!(e.column, 8);
        assert!(GraphBoard::parse("0-1 : ...", &SNORT).is_err());
        assert!(GraphBoard::parse("0-200", &SNORT).is_err());
    }

    #[test]
    fn snort_and_col_colourings() {
        let p = GraphBoard::parse("0-1 1-2", &SNORT).unwrap();
        // Snort for Left: the played vertex goes, its neighbours become Left's only.
        let snort_left = [Cell::Left, Cell::Left, Cell::Blocked, Cell::Blocked];
        let mut out = Vec::new();
        p.mark(CellSet::of(&[Cell::Empty, Cell::Left]), snort_left, &mut out);
        assert_eq!(
            show_all(&out),
            ["0-1 1-2 : #L.", "0-1 1-2 : L#L", "0-1 1-2 : .L#"]
        );
        let mut parts = Vec::new();
        assert!(out[1].components(CellSet::IN_PLAY, &mut parts));
        assert_eq!(show_all(&parts), ["0-1 1-2 : L##", "0-1 1-2 : ##L"]);
        let mut parts = Vec::new();
        assert!(!p.components(CellSet::IN_PLAY, &mut parts));
        // Arc Kayles and tokens.
        let mut out = Vec::new();
        p.remove_edges(CellSet::EMPTY, &mut out);
        assert_eq!(show_all(&out), ["0-1 1-2 : ##.", "0-1 1-2 : .##"]);
        let t = GraphBoard::parse("0-1 1-2 : .L.", &SNORT).unwrap();
        let mut out = Vec::new();
        t.token_moves(Cell::Left, CellSet::EMPTY, Cell::Blocked, &mut out);
        assert_eq!(show_all(&out), ["0-1 1-2 : L#.", "0-1 1-2 : .#L"]);
        assert_eq!(t.describe_change(&out[0], &SNORT), "1-0");
        let mut out = Vec::new();
        p.remove_edges(CellSet::EMPTY, &mut out);
        // Removing edge 0-1 of a path changes what playing vertex 0 of Node
        // Kayles would: the generic name is the vertex (a game may say "edge").
        assert_eq!(p.describe_change(&out[0], &SNORT), "vertex 0");
        let mut out = Vec::new();
        p.mark(CellSet::EMPTY, [Cell::Blocked; 4], &mut out);
        assert_eq!(p.describe_change(&out[1], &SNORT), "vertex 1");
    }
}
