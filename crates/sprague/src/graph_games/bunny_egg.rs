//! The game of NOI 2011 "兔兔与蛋蛋游戏" (Bunny and Egg): a board of white and
//! black pieces with one empty cell. Bunny (兔兔), who moves first, slides a
//! white piece next to the empty cell into it; Egg (蛋蛋) does the same with a
//! black piece. The player who cannot move loses.
//!
//! The empty cell walks over the board, alternately swapping with white and
//! black pieces, and never comes back to a cell it left (a colouring argument:
//! the cells it can enter alternate by chessboard parity and colour). So the
//! game is undirected vertex geography on the graph of the empty cell, the
//! white pieces at odd distance and the black pieces at even distance (for
//! Bunny to move), and it is decided by maximum matchings
//! ([`geography_winning_starts`]). [`BunnyEggRules`] plays the board move by
//! move, for brute force.

use super::geography::geography_winning_starts;
use crate::impartial::ImpartialRules;
use crate::notation::{Notation, ParseError};

/// A cell of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BunnyEggCell {
    /// The empty cell (`.`).
    Empty,
    /// A white piece (`O`), moved by Bunny.
    White,
    /// A black piece (`X`), moved by Egg.
    Black,
}

/// A position of the Bunny and Egg game: the board and who moves.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BunnyEggBoard {
    /// Number of columns.
    pub width: usize,
    /// The cells, row by row from the top.
    pub cells: Vec<BunnyEggCell>,
    /// The index of the empty cell.
    pub empty: usize,
    /// `true` when Bunny (white) moves, `false` when Egg (black) moves.
    pub bunny_to_move: bool,
}

/// Most cells a board may have.
pub const BUNNY_EGG_MAX_CELLS: usize = 1 << 16;

impl BunnyEggBoard {
    /// Parses rows of `O` (white), `X` (black) and one `.` (empty) joined by
    /// `|` or `/`, optionally followed by a space and who moves: `b` or
    /// `bunny` (the default), `e` or `egg`. Example: `OXO|X.X|OXO`.
    ///
    /// # Errors
    /// Another character, rows of different lengths, no or several empty
    /// cells, a board over [`BUNNY_EGG_MAX_CELLS`], with the column.
    pub fn parse(text: &str) -> Result<BunnyEggBoard, ParseError> {
        let trimmed = text.trim_end();
        let (board, mover, mover_col) = match trimmed.rsplit_once(' ') {
            Some((b, m)) if ["b", "bunny", "e", "egg"].contains(&m.to_ascii_lowercase().as_str()) => {
                (b, Some(m), b.chars().count() + 2)
            }
            _ => (trimmed, None, 0),
        };
        let bunny_to_move = match mover.map(str::to_ascii_lowercase).as_deref() {
            None | Some("b" | "bunny") => true,
            Some("e" | "egg") => false,
            Some(m) => {
                return Err(ParseError::new(
                    "who moves is `b` (Bunny, white) or `e` (Egg, black)",
                    mover_col,
                    m,
                ));
            }
        };
        let mut cells = Vec::new();
        let mut width = None;
        let mut row_len = 0;
        let mut empty = None;
        let end_row = |row_len: usize, width: &mut Option<usize>, col: usize| match *width {
            None => {
                *width = Some(row_len);
                Ok(())
            }
            Some(w) if w == row_len => Ok(()),
            Some(w) => Err(ParseError::new(
                format!("rows must have the same length: this one has {row_len} cells, the first {w}"),
                col,
                "",
            )),
        };
        for (i, c) in board.chars().enumerate() {
            let cell = match c {
                'O' | 'o' => BunnyEggCell::White,
                'X' | 'x' => BunnyEggCell::Black,
                '.' => {
                    if empty.is_some() {
                        return Err(ParseError::new(
                            "the board has one empty cell `.`, found a second",
                            i + 1,
                            ".",
                        ));
                    }
                    empty = Some(cells.len());
                    BunnyEggCell::Empty
                }
                '|' | '/' => {
                    end_row(row_len, &mut width, i + 1)?;
                    row_len = 0;
                    continue;
                }
                ' ' => continue,
                _ => {
                    return Err(ParseError::new(
                        "cells are `O` (white), `X` (black) or `.` (the empty cell); rows are joined by `|`",
                        i + 1,
                        c.to_string(),
                    ));
                }
            };
            cells.push(cell);
            row_len += 1;
            if cells.len() > BUNNY_EGG_MAX_CELLS {
                return Err(ParseError::new(
                    format!("the board has more than {BUNNY_EGG_MAX_CELLS} cells"),
                    i + 1,
                    c.to_string(),
                ));
            }
        }
        end_row(row_len, &mut width, board.chars().count() + 1)?;
        let width = width.unwrap_or(0);
        let Some(empty) = empty else {
            return Err(ParseError::new("the board needs one empty cell `.`", 1, board));
        };
        Ok(BunnyEggBoard {
            width,
            cells,
            empty,
            bunny_to_move,
        })
    }

    /// Writes the board back: rows joined by `|`, then `b` or `e`.
    #[must_use]
    pub fn format(&self) -> String {
        let rows: Vec<String> = self
            .cells
            .chunks(self.width.max(1))
            .map(|r| {
                r.iter()
                    .map(|c| match c {
                        BunnyEggCell::Empty => '.',
                        BunnyEggCell::White => 'O',
                        BunnyEggCell::Black => 'X',
                    })
                    .collect()
            })
            .collect();
        format!(
            "{} {}",
            rows.join("|"),
            if self.bunny_to_move { 'b' } else { 'e' }
        )
    }

    /// The 1-based `(row, column)` of cell `i`.
    #[must_use]
    pub fn coordinates(&self, i: usize) -> (usize, usize) {
        (i / self.width + 1, i % self.width + 1)
    }

    /// The cells next to cell `i` (up, down, left, right).
    fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        let (w, n) = (self.width, self.cells.len());
        let (r, c) = (i / w, i % w);
        [
            (r > 0).then(|| i - w),
            (i + w < n).then_some(i + w),
            (c > 0).then(|| i - 1),
            (c + 1 < w).then_some(i + 1),
        ]
        .into_iter()
        .flatten()
    }

    /// The colour the player to move slides.
    fn mover_colour(&self) -> BunnyEggCell {
        if self.bunny_to_move {
            BunnyEggCell::White
        } else {
            BunnyEggCell::Black
        }
    }

    /// The position after the piece on cell `from` (next to the empty cell)
    /// slides into it.
    #[must_use]
    pub fn slide(&self, from: usize) -> BunnyEggBoard {
        let mut next = self.clone();
        next.cells.swap(from, self.empty);
        next.empty = from;
        next.bunny_to_move = !self.bunny_to_move;
        next
    }

    /// The move sliding the piece on `from` into the empty cell, in words,
    /// e.g. `Bunny slides the white piece at row 2, column 1 right`.
    #[must_use]
    pub fn describe_slide(&self, from: usize) -> String {
        let (player, colour) = if self.bunny_to_move {
            ("Bunny", "white")
        } else {
            ("Egg", "black")
        };
        let (r, c) = self.coordinates(from);
        let to = self.empty;
        let direction = if to + self.width == from {
            "up"
        } else if from + self.width == to {
            "down"
        } else if to + 1 == from {
            "left"
        } else {
            "right"
        };
        format!("{player} slides the {colour} piece at row {r}, column {c} {direction}")
    }

    /// The cells whose piece the player to move may slide into the empty cell.
    #[must_use]
    pub fn movable(&self) -> Vec<usize> {
        let colour = self.mover_colour();
        self.neighbours(self.empty)
            .filter(|&j| self.cells[j] == colour)
            .collect()
    }

    /// The geography graph of the empty cell: vertices are the cells it can
    /// ever enter (the mover's pieces at odd chessboard distance, the other
    /// player's at even distance, and the empty cell itself), numbered by
    /// cell; edges join neighbours. Returns the edges, skipping `skip`.
    fn walk_edges(&self, skip: Option<usize>) -> Vec<(u32, u32)> {
        let w = self.width;
        let parity = |i: usize| (i / w + i % w) % 2;
        let home = parity(self.empty);
        let own = self.mover_colour();
        let enterable = |i: usize| {
            i == self.empty
                || (parity(i) != home && self.cells[i] == own)
                || (parity(i) == home && self.cells[i] != own && self.cells[i] != BunnyEggCell::Empty)
        };
        let mut edges = Vec::new();
        for i in 0..self.cells.len() {
            if !enterable(i) || Some(i) == skip {
                continue;
            }
            let right = (i % w + 1 < w).then_some(i + 1);
            let below = (i + w < self.cells.len()).then_some(i + w);
            for j in [right, below].into_iter().flatten() {
                if enterable(j) && Some(j) != skip {
                    edges.push((i as u32, j as u32));
                }
            }
        }
        edges
    }
}

/// Whether the player to move wins, and the cells whose piece wins when slid
/// into the empty cell (every winning first move). O(E √V) by bipartite
/// matchings on the walk graph, for V cells and E neighbour pairs.
///
/// A move to cell v wins exactly when v is not a winning start of geography
/// on the graph without the empty cell's old place, which the walk never
/// re-enters.
///
/// ```
/// use sprague::graph_games::{BunnyEggBoard, bunny_egg_winning_moves};
/// // A white piece next to the empty cell, and nothing for Egg afterwards.
/// let b = BunnyEggBoard::parse("O.").unwrap();
/// assert_eq!(bunny_egg_winning_moves(&b), (true, vec![0]));
/// ```
#[must_use]
pub fn bunny_egg_winning_moves(board: &BunnyEggBoard) -> (bool, Vec<usize>) {
    let n = board.cells.len();
    let wins = geography_winning_starts(n, &board.walk_edges(None))[board.empty];
    let after = geography_winning_starts(n, &board.walk_edges(Some(board.empty)));
    let mut winning: Vec<usize> = board.movable().into_iter().filter(|&v| !after[v]).collect();
    winning.sort_unstable();
    (wins, winning)
}

/// The Bunny and Egg game played move by move on the board, for brute force
/// with the generic solver. A position fixes who moves, so only its outcome
/// (Grundy value zero or not) is meaningful, not its value in sums.
#[derive(Clone, Copy, Debug, Default)]
pub struct BunnyEggRules;

impl ImpartialRules for BunnyEggRules {
    type Position = BunnyEggBoard;

    fn moves(&self, p: &BunnyEggBoard, out: &mut Vec<BunnyEggBoard>) {
        out.extend(p.movable().into_iter().map(|from| p.slide(from)));
    }
}

impl Notation<BunnyEggBoard> for BunnyEggRules {
    fn parse_position(&self, text: &str) -> Result<BunnyEggBoard, ParseError> {
        BunnyEggBoard::parse(text)
    }

    fn format_position(&self, p: &BunnyEggBoard) -> String {
        p.format()
    }

    fn describe_move(&self, from: &BunnyEggBoard, to: &BunnyEggBoard) -> String {
        from.describe_slide(to.empty)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::GrundySolver;
    use proptest::prelude::*;

    fn brute(board: &BunnyEggBoard) -> (bool, Vec<usize>) {
        let mut solver = GrundySolver::new(&BunnyEggRules);
        let wins = !solver.grundy(board).unwrap().is_zero();
        let mut moves: Vec<usize> = solver
            .winning_moves(board)
            .unwrap()
            .into_iter()
            .map(|next| next.empty)
            .collect();
        moves.sort_unstable();
        (wins, moves)
    }

    #[test]
    fn small_boards_and_notation() {
        let b = BunnyEggBoard::parse("OXO|X.X|OXO").unwrap();
        assert_eq!(b.format(), "OXO|X.X|OXO b");
        // Every neighbour of the empty cell is black: Bunny cannot move.
        assert_eq!(bunny_egg_winning_moves(&b), (false, vec![]));
        assert_eq!(brute(&b), (false, vec![]));
        let e = BunnyEggBoard::parse("OXO|X.X|OXO e").unwrap();
        assert_eq!(bunny_egg_winning_moves(&e), brute(&e));
        for bad in ["OX|X", "O.|.X", "OXO|XOX", "OQ.", "O. z", "O. bb"] {
            assert!(BunnyEggBoard::parse(bad).is_err(), "{bad}");
        }
        assert_eq!(BunnyEggBoard::parse("O.Q").unwrap_err().column, 3);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn matching_answer_matches_play(
            width in 1usize..5,
            height in 1usize..5,
            colours in proptest::collection::vec(any::<bool>(), 16),
            hole in 0usize..16,
            bunny in any::<bool>(),
        ) {
            let n = width * height;
            let mut cells: Vec<BunnyEggCell> = colours[..n]
                .iter()
                .map(|&w| if w { BunnyEggCell::White } else { BunnyEggCell::Black })
                .collect();
            let empty = hole % n;
            cells[empty] = BunnyEggCell::Empty;
            let board = BunnyEggBoard { width, cells, empty, bunny_to_move: bunny };
            prop_assert_eq!(BunnyEggBoard::parse(&board.format()).unwrap(), board.clone());
            prop_assert_eq!(bunny_egg_winning_moves(&board), brute(&board));
        }
    }
}
