//! The Wall Making Game: on an H×W board a move picks an open cell not yet
//! walled; walls grow from it in the four directions until they meet a wall
//! built earlier or the edge of the board. Whoever cannot move loses.
//!
//! Cells marked `#` can never be picked, but walls grow across them (they are
//! marks on the board, not walls that stop growth). So every built wall runs
//! across a whole rectangle of the board, and each move splits its rectangle
//! into at most four smaller ones.

use super::geography::{BoardError, CellGrid};
use crate::{
    impartial::ImpartialRules,
    nimber::{Nimber, mex_in_place},
};

/// Largest height and width [`wall_making_values`] accepts.
pub const WALL_MAKING_MAX_SIDE: usize = 20;

/// Grundy values of every sub-rectangle of a Wall Making board.
#[derive(Clone, Debug)]
pub struct WallMakingValues {
    height: usize,
    width: usize,
    values: Vec<u32>,
}

impl WallMakingValues {
    fn index(&self, r1: usize, r2: usize, c1: usize, c2: usize) -> usize {
        ((r1 * self.height + r2) * self.width + c1) * self.width + c2
    }

    /// Value of the rectangle rows `r1..r2`, columns `c1..c2` (half-open; empty is 0).
    #[must_use]
    pub fn rect(&self, r1: usize, r2: usize, c1: usize, c2: usize) -> u32 {
        if r1 >= r2 || c1 >= c2 {
            0
        } else {
            self.values[self.index(r1, r2 - 1, c1, c2 - 1)]
        }
    }

    /// The value of the whole board.
    #[must_use]
    pub fn whole(&self) -> Nimber {
        Nimber(u64::from(self.rect(0, self.height, 0, self.width)))
    }

    /// The value after picking cell `(r, c)` on the empty board: the nim-sum of
    /// the four rectangles the new walls cut off.
    #[must_use]
    pub fn after_move(&self, r: usize, c: usize) -> Nimber {
        let (h, w) = (self.height, self.width);
        Nimber(u64::from(
            self.rect(0, r, 0, c)
                ^ self.rect(0, r, c + 1, w)
                ^ self.rect(r + 1, h, 0, c)
                ^ self.rect(r + 1, h, c + 1, w),
        ))
    }
}

/// Grundy values of every sub-rectangle of `board`, by dynamic programming
/// over rectangles from small to large: O(H²W² · HW) time, 4·H²W² bytes.
///
/// # Errors
/// [`BoardError::TooLarge`] beyond [`WALL_MAKING_MAX_SIDE`] on a side.
///
/// ```
/// use sprague::{Nimber, graph_games::{CellGrid, wall_making_values}};
/// // 1×3: any pick walls the whole row and ends the game, so the value is 1.
/// assert_eq!(wall_making_values(&CellGrid::parse("...").unwrap()).unwrap().whole(), Nimber(1));
/// // 2×2: any pick leaves the opposite 1×1 corner (value 1), so the value is 0.
/// assert_eq!(wall_making_values(&CellGrid::parse("../..").unwrap()).unwrap().whole(), Nimber(0));
/// ```
pub fn wall_making_values(board: &CellGrid) -> Result<WallMakingValues, BoardError> {
    let (h, w) = (board.height, board.width);
    if h > WALL_MAKING_MAX_SIDE || w > WALL_MAKING_MAX_SIDE {
        return Err(BoardError::TooLarge {
            height: h,
            width: w,
            limit: WALL_MAKING_MAX_SIDE,
        });
    }
    let mut table = WallMakingValues {
        height: h,
        width: w,
        values: vec![0; h * h * w * w],
    };
    let mut seen: Vec<u64> = Vec::new();
    for dr in 0..h {
        for dc in 0..w {
            for r1 in 0..h - dr {
                let r2 = r1 + dr + 1;
                for c1 in 0..w - dc {
                    let c2 = c1 + dc + 1;
                    seen.clear();
                    for r in r1..r2 {
                        for c in c1..c2 {
                            if !board.open[r * w + c] {
                                continue;
                            }
                            let g = table.rect(r1, r, c1, c)
                                ^ table.rect(r1, r, c + 1, c2)
                                ^ table.rect(r + 1, r2, c1, c)
                                ^ table.rect(r + 1, r2, c + 1, c2);
                            seen.push(u64::from(g));
                        }
                    }
                    let idx = table.index(r1, r2 - 1, c1, c2 - 1);
                    table.values[idx] = mex_in_place(&mut seen).0 as u32;
                }
            }
        }
    }
    Ok(table)
}

/// The Wall Making Game move by move on boards of at most 64 cells, for brute
/// force: a position is the bit mask of walled cells (cell `r * width + c`).
///
/// ```
/// use sprague::{GrundySolver, Nimber, graph_games::{CellGrid, WallMakingRules}};
/// let rules = WallMakingRules::new(&CellGrid::parse("../..").unwrap()).unwrap();
/// assert_eq!(GrundySolver::new(&rules).grundy(&0).unwrap(), Nimber(0));
/// ```
#[derive(Clone, Debug)]
pub struct WallMakingRules {
    height: usize,
    width: usize,
    pickable: u64,
    /// Every cell of the board.
    full: u64,
}

impl WallMakingRules {
    /// The ruleset for `board`; `None` if it has more than 64 cells.
    #[must_use]
    pub fn new(board: &CellGrid) -> Option<WallMakingRules> {
        if board.height * board.width > 64 {
            return None;
        }
        let pickable = board
            .open
            .iter()
            .enumerate()
            .fold(0u64, |m, (i, &o)| if o { m | 1 << i } else { m });
        let cells = board.height * board.width;
        Some(WallMakingRules {
            height: board.height,
            width: board.width,
            pickable,
            full: if cells == 64 {
                u64::MAX
            } else {
                (1u64 << cells) - 1
            },
        })
    }
}

impl ImpartialRules for WallMakingRules {
    type Position = u64;

    fn moves(&self, &walls: &u64, out: &mut Vec<u64>) {
        let (h, w) = (self.height as isize, self.width as isize);
        let mut free = self.pickable & !walls;
        while free != 0 {
            let cell = free.trailing_zeros() as isize;
            free &= free - 1;
            let (r, c) = (cell / w, cell % w);
            let mut next = walls | 1 << cell;
            for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                let (mut rr, mut cc) = (r + dr, c + dc);
                while rr >= 0 && rr < h && cc >= 0 && cc < w {
                    let bit = 1u64 << (rr * w + cc);
                    if walls & bit != 0 {
                        break;
                    }
                    next |= bit;
                    rr += dr;
                    cc += dc;
                }
            }
            out.push(next);
        }
    }

    /// Splits the cells not walled into their 4-connected regions: a wall
    /// grows only through cells not walled, so no move reaches from one
    /// region into another and the regions are played independently. Each
    /// part walls every cell outside its region. O(cells) per split.
    fn decompose(&self, &walls: &u64, out: &mut Vec<u64>) -> bool {
        let w = self.width;
        let mut free = self.full & !walls;
        let mut parts = Vec::new();
        while free != 0 {
            let seed = free & free.wrapping_neg();
            let mut region = seed;
            let mut stack = vec![seed.trailing_zeros() as usize];
            while let Some(cell) = stack.pop() {
                let (r, c) = (cell / w, cell % w);
                let mut near = Vec::with_capacity(4);
                if r > 0 {
                    near.push(cell - w);
                }
                if r + 1 < self.height {
                    near.push(cell + w);
                }
                if c > 0 {
                    near.push(cell - 1);
                }
                if c + 1 < w {
                    near.push(cell + 1);
                }
                for n in near {
                    let bit = 1u64 << n;
                    if free & bit != 0 && region & bit == 0 {
                        region |= bit;
                        stack.push(n);
                    }
                }
            }
            free &= !region;
            parts.push(self.full & !region);
        }
        if parts.len() == 1 {
            return false;
        }
        out.extend(parts);
        true
    }

    /// The walls of the union of the parts' regions: the cells walled in every part.
    fn compose(&self, parts: &[u64]) -> Option<u64> {
        Some(parts.iter().fold(self.full, |a, &p| a & p))
    }
}

/// Largest board (in cells) that may start with walls: such boards are
/// searched move by move on a 64-bit mask (see [`WallMakingRules`]).
pub const WALL_MAKING_MAX_WALLED_CELLS: usize = 64;

/// A Wall Making board with the three states of a cell: `.` empty (may be
/// picked), `#` marked (never picked; walls grow across it) and `W` a wall
/// already built (never picked; walls stop at it). Returns the board of
/// pickable cells (walls shown as not pickable) and the mask of walls (cell
/// `r * width + c`, so only the first 64 cells are recorded: callers refuse
/// larger boards with walls), or `None` for the mask when there are no walls.
///
/// # Errors
/// A [`BoardError`] for a bad character, ragged rows or an empty board.
///
/// ```
/// use sprague::graph_games::parse_wall_board;
/// let (board, walls) = parse_wall_board("..W/.#.").unwrap();
/// assert_eq!((board.height, board.width, walls), (2, 3, Some(0b100)));
/// assert_eq!(parse_wall_board("../..").unwrap().1, None);
/// ```
pub fn parse_wall_board(text: &str) -> Result<(CellGrid, Option<u64>), BoardError> {
    let marked: String = text.chars().map(|c| if c == 'W' { '#' } else { c }).collect();
    let board = CellGrid::parse(&marked)?;
    if !text.contains('W') {
        return Ok((board, None));
    }
    let mut walls = 0u64;
    let mut i = 0u32;
    for row in text.split(['/', '\n']).map(str::trim).filter(|r| !r.is_empty()) {
        for c in row.chars() {
            if c == 'W' && i < 64 {
                walls |= 1 << i;
            }
            i += 1;
        }
    }
    Ok((board, Some(walls)))
}

/// A board with walls in the notation of [`parse_wall_board`]: `.`, `#`, `W`,
/// rows joined by `/`.
#[must_use]
pub fn format_wall_board(board: &CellGrid, walls: u64) -> String {
    let rows: Vec<String> = (0..board.height)
        .map(|r| {
            (0..board.width)
                .map(|c| {
                    let i = r * board.width + c;
                    if walls >> i & 1 == 1 {
                        'W'
                    } else if board.open[i] {
                        '.'
                    } else {
                        '#'
                    }
                })
                .collect()
        })
        .collect();
    rows.join("/")
}
