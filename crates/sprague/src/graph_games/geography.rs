//! Undirected vertex geography: a token moves along edges to vertices not yet
//! visited; the player who cannot move loses. Solved by matchings, and on
//! grids with obstacles.

use super::kayles::adjacency_masks;
use super::matching::{UndirectedGraph, always_covered_bipartite, always_covered_general};
use crate::impartial::ImpartialRules;
use core::fmt;

/// For every vertex `s`: does the first player win undirected vertex
/// geography started at `s` (the token on `s`, `s` visited)?
///
/// The first player wins from `s` iff every maximum matching covers `s`
/// (Fraenkel, Scheinerman and Ullman, 1993). Bipartite graphs use one
/// Hopcroft–Karp matching and a residual-graph search for all vertices at
/// once (O(m √n)); other graphs use Edmonds' blossom algorithm and the
/// Gallai–Edmonds set D from one more blossom search (O(n³)).
///
/// ```
/// use sprague::graph_games::geography_winning_starts;
/// // A path 0-1-2: from the middle the first player moves to an end and wins;
/// // from an end, the move to the middle leaves the other end to the opponent.
/// assert_eq!(geography_winning_starts(3, &[(0, 1), (1, 2)]), vec![false, true, false]);
/// ```
#[must_use]
pub fn geography_winning_starts(n: usize, edges: &[(u32, u32)]) -> Vec<bool> {
    let g = UndirectedGraph::new(n, edges);
    match g.two_coloring() {
        Some(side) => always_covered_bipartite(&g, &side),
        None => always_covered_general(&g),
    }
}

/// Geography played move by move on a graph of at most 64 vertices, for brute
/// force: a position is `(token, visited set as a bit mask)`.
///
/// ```
/// use sprague::{GrundySolver, graph_games::GeographyRules};
/// let rules = GeographyRules::new(3, &[(0, 1), (1, 2)]).unwrap();
/// let mut solver = GrundySolver::new(&rules);
/// assert!(!solver.grundy(&rules.start(1)).unwrap().is_zero());
/// assert!(solver.grundy(&rules.start(0)).unwrap().is_zero());
/// ```
#[derive(Clone, Debug)]
pub struct GeographyRules {
    adj: Vec<u64>,
}

impl GeographyRules {
    /// The ruleset on `n <= 64` vertices; `None` if `n > 64` or an edge names a
    /// vertex `>= n`. Loops are ignored (a visited vertex cannot be re-entered).
    #[must_use]
    pub fn new(n: usize, edges: &[(u32, u32)]) -> Option<GeographyRules> {
        adjacency_masks(n, edges).map(|adj| GeographyRules { adj })
    }

    /// The starting position with the token on `s`.
    #[must_use]
    pub fn start(&self, s: u32) -> (u8, u64) {
        (s as u8, 1u64 << s)
    }
}

impl ImpartialRules for GeographyRules {
    type Position = (u8, u64);

    fn moves(&self, &(at, visited): &(u8, u64), out: &mut Vec<(u8, u64)>) {
        let mut free = self.adj[at as usize] & !visited;
        while free != 0 {
            let w = free.trailing_zeros();
            free &= free - 1;
            out.push((w as u8, visited | 1 << w));
        }
    }
}

/// A rectangular board of open cells (`.`) and obstacles (`#`), rows top to
/// bottom. Used by grid geography and by the Wall Making Game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellGrid {
    /// Number of rows.
    pub height: usize,
    /// Number of columns.
    pub width: usize,
    /// `true` for an open cell, row by row.
    pub open: Vec<bool>,
}

/// Why board text does not make a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// A character other than `.` and `#`, at 1-based `row` and `column`.
    BadCell {
        /// 1-based row.
        row: usize,
        /// 1-based column within the row.
        column: usize,
        /// The character found.
        found: char,
    },
    /// Row `row` (1-based) has `len` cells, but the first row has `expected`.
    RaggedRow {
        /// 1-based row.
        row: usize,
        /// Its length.
        len: usize,
        /// The first row's length.
        expected: usize,
    },
    /// No rows, or empty rows.
    Empty,
    /// More rows or columns than the solver allows.
    TooLarge {
        /// Rows.
        height: usize,
        /// Columns.
        width: usize,
        /// The limit on each side.
        limit: usize,
    },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::BadCell { row, column, found } => write!(
                f,
                "row {row}, column {column}: expected `.` (open) or `#` (blocked), found `{found}`"
            ),
            BoardError::RaggedRow { row, len, expected } => write!(
                f,
                "row {row} has {len} cells, but row 1 has {expected}: every row must have the same length"
            ),
            BoardError::Empty => f.write_str("the board has no cells"),
            BoardError::TooLarge { height, width, limit } => write!(
                f,
                "a {height}×{width} board is too large here: at most {limit} rows and {limit} columns"
            ),
        }
    }
}

impl std::error::Error for BoardError {}

impl CellGrid {
    /// Parses rows of `.` and `#`, separated by `/` or newlines (blank lines and
    /// surrounding spaces ignored).
    ///
    /// # Errors
    /// [`BoardError`] naming the row and column of a bad character, or the row
    /// whose length differs from the first row's.
    ///
    /// ```
    /// use sprague::graph_games::CellGrid;
    /// let b = CellGrid::parse("..#/...").unwrap();
    /// assert_eq!((b.height, b.width, b.open[2]), (2, 3, false));
    /// assert!(CellGrid::parse("..#/..").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<CellGrid, BoardError> {
        let mut open = Vec::new();
        let mut width = 0;
        let mut height = 0;
        for raw in text.split(['/', '\n']) {
            let row = raw.trim();
            if row.is_empty() {
                continue;
            }
            height += 1;
            let mut len = 0;
            for (i, c) in row.chars().enumerate() {
                match c {
                    '.' => open.push(true),
                    '#' => open.push(false),
                    found => {
                        return Err(BoardError::BadCell {
                            row: height,
                            column: i + 1,
                            found,
                        });
                    }
                }
                len += 1;
            }
            if height == 1 {
                width = len;
            } else if len != width {
                return Err(BoardError::RaggedRow {
                    row: height,
                    len,
                    expected: width,
                });
            }
        }
        if height == 0 || width == 0 {
            return Err(BoardError::Empty);
        }
        Ok(CellGrid { height, width, open })
    }

    /// Writes the board back as rows joined by `/`.
    #[must_use]
    pub fn format(&self) -> String {
        let rows: Vec<String> = self
            .open
            .chunks(self.width)
            .map(|r| r.iter().map(|&o| if o { '.' } else { '#' }).collect())
            .collect();
        rows.join("/")
    }

    /// The graph of open cells joined to their open orthogonal neighbours;
    /// vertex `r * width + c` is cell (r, c). Every vertex id is kept (blocked
    /// cells are isolated).
    #[must_use]
    pub fn grid_edges(&self) -> Vec<(u32, u32)> {
        let (h, w) = (self.height, self.width);
        let mut edges = Vec::new();
        for r in 0..h {
            for c in 0..w {
                let v = r * w + c;
                if !self.open[v] {
                    continue;
                }
                if c + 1 < w && self.open[v + 1] {
                    edges.push((v as u32, v as u32 + 1));
                }
                if r + 1 < h && self.open[v + w] {
                    edges.push((v as u32, (v + w) as u32));
                }
            }
        }
        edges
    }
}

/// Grid geography: for every cell, does the first player win when the token
/// starts there? The token moves to an orthogonally adjacent open cell not yet
/// visited; who cannot move loses. Blocked cells are never winning.
///
/// The grid is bipartite (colour `(r + c) mod 2`), so one Hopcroft–Karp matching
/// and one residual search answer every cell at once: O(HW · √(HW)).
///
/// ```
/// use sprague::{graph_games::{CellGrid, grid_geography_winning_cells}};
/// // 1×3: only the middle cell wins.
/// let b = CellGrid::parse("...").unwrap();
/// assert_eq!(grid_geography_winning_cells(&b), vec![false, true, false]);
/// ```
#[must_use]
pub fn grid_geography_winning_cells(board: &CellGrid) -> Vec<bool> {
    let n = board.height * board.width;
    let g = UndirectedGraph::new(n, &board.grid_edges());
    let side: Vec<bool> = (0..n)
        .map(|v| (v / board.width + v % board.width) % 2 == 1)
        .collect();
    let mut win = always_covered_bipartite(&g, &side);
    for (v, w) in win.iter_mut().enumerate() {
        *w &= board.open[v];
    }
    win
}
