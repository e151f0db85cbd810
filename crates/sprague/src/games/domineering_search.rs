//! Who wins a Domineering board, by search: the outcome of boards far too
//! large for canonical forms (8×8 and beyond, up to 11×11).
//!
//! See [`DomineeringSearch`] for the techniques.

use super::domineering::{Domineering, DomineeringBoard};
use crate::{
    monitor::{Monitor, SearchError, Ticker},
    outcome::Outcome,
    partizan::PartizanSolver,
};

/// The longest side of a board [`DomineeringSearch`] can search: its boards
/// live on an 11 × 11 grid of one `u128`.
pub const MAX_SEARCH_SIDE: usize = 11;

/// Positions with at most this many empty cells (after clearing the cells no
/// domino can cover) are valued by canonical forms, by default.
pub const DEFAULT_SMALL_CELLS: u32 = 10;

/// A board on a `side × side` grid: cell `(r, c)` is bit `r * side + c`.
/// Rectangles narrower in one direction are embedded with their extra cells
/// blocked, so that transposing stays inside the grid.
#[derive(Clone, Copy, Debug)]
struct Grid {
    side: u32,
    all: u128,
    not_first: u128,
    not_last: u128,
}

impl Grid {
    fn new(side: usize) -> Self {
        let n = side * side;
        let all = if n >= 128 { u128::MAX } else { (1u128 << n) - 1 };
        let mut col0 = 0u128;
        for r in 0..side {
            col0 |= 1u128 << (r * side);
        }
        Grid {
            side: side as u32,
            all,
            not_first: all & !col0,
            not_last: all & !(col0 << (side - 1)),
        }
    }

    /// Top cells of the vertical dominoes that fit in `x`.
    #[inline]
    fn vertical_slots(&self, x: u128) -> u128 {
        x & (x >> self.side)
    }

    /// Left cells of the horizontal dominoes that fit in `x`.
    #[inline]
    fn horizontal_slots(&self, x: u128) -> u128 {
        x & (x >> 1) & self.not_last
    }

    /// The cells of `x` with an empty cell to their left or right.
    #[inline]
    fn across_neighbours(&self, x: u128) -> u128 {
        ((x & self.not_last) << 1) | ((x & self.not_first) >> 1)
    }

    /// The cells of `x` with an empty cell above or below.
    #[inline]
    fn down_neighbours(&self, x: u128) -> u128 {
        ((x << self.side) & self.all) | (x >> self.side)
    }

    /// The cells of `x` that no domino can ever cover: no empty neighbour.
    #[inline]
    fn dead(&self, x: u128) -> u128 {
        x & !(self.across_neighbours(x) | self.down_neighbours(x))
    }

    /// The most vertical dominoes that fit in `x` at once: the sum over the
    /// columns' runs of empty cells of ⌊run / 2⌋ (a run is a path, whose
    /// largest matching takes pairs from its top). Each round pairs the top
    /// two cells of every run and drops them (a run of one cell is dropped
    /// alone), so it takes ⌈longest run / 2⌉ rounds.
    #[inline]
    fn vertical_packing(&self, mut x: u128) -> u32 {
        let s = self.side;
        let mut n = 0;
        while self.vertical_slots(x) != 0 {
            let tops = x & !(x << s);
            let pairs = tops & (x >> s);
            n += pairs.count_ones();
            x &= !(tops | (pairs << s));
        }
        n
    }

    /// The cells of `x` that the horizontal player can never cover: no empty
    /// cell to their left or right (cells are only ever filled, so this lasts).
    #[inline]
    fn out_of_reach_across(&self, x: u128) -> u128 {
        x & !self.across_neighbours(x)
    }

    /// The same cells transposed: `(r, c)` goes to `(c, r)`. O(cells).
    fn transpose(&self, x: u128) -> u128 {
        let s = self.side as usize;
        let mut out = 0u128;
        let mut rest = x;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            out |= 1u128 << ((i % s) * s + i / s);
        }
        out
    }

    /// Index of the transposed cell.
    #[inline]
    fn transposed_index(&self, i: u32) -> u32 {
        (i % self.side) * self.side + i / self.side
    }

    /// The board turned upside down (rows in reverse order).
    #[inline]
    fn flip_rows(&self, x: u128) -> u128 {
        let s = self.side;
        let row = (1u128 << s) - 1;
        let mut out = 0u128;
        for r in 0..s {
            out |= ((x >> (r * s)) & row) << ((s - 1 - r) * s);
        }
        out
    }

    /// The board turned by a half turn: the whole bit string reversed.
    #[inline]
    fn half_turn(&self, x: u128) -> u128 {
        x.reverse_bits() >> (128 - self.side * self.side)
    }

    /// The least of the four images of `x` that keep vertical dominoes
    /// vertical: itself, upside down, mirrored left to right, half turned.
    #[inline]
    fn key(&self, x: u128) -> u128 {
        let flipped = self.flip_rows(x);
        x.min(self.half_turn(x)).min(flipped).min(self.half_turn(flipped))
    }
}

/// What the bounds say about a position before any move is tried.
///
/// Let the mover place vertical dominoes on `b`, and let the opponent place
/// horizontal ones.
///
/// * The opponent can make at most `most(opponent)` more moves in the whole
///   game: that many horizontal dominoes fit at once now (the sum over each
///   row's runs of empty cells of ⌊run / 2⌋), and moves only fill cells, so
///   this count never grows.
/// * The mover has at least `safe(mover)` moves the opponent can never take
///   away: vertical dominoes placed disjointly (⌊run / 2⌋ per column run) on
///   cells with no empty cell to their left or right. The opponent can never
///   cover such a cell, and the mover keeps them for last.
///
/// **Rule 1.** If `safe(mover) > most(opponent)`, the mover wins: playing
/// only safe moves, the mover makes move 1, 3, 5, …; before each of its moves
/// number `k + 1` the opponent has made `k` moves, so while the opponent can
/// still move (`k ≤ most(opponent)`) a safe move is left
/// (`safe ≥ most(opponent) + 1 > k`). The opponent runs out first.
///
/// **Rule 2.** If `safe(opponent) ≥ most(mover)`, the mover loses: by rule 1
/// from the opponent's side with the opponent moving second, each of the at
/// most `most(mover)` moves of the mover is answered by a safe move of the
/// opponent, after which the mover cannot move. (A mover with no move at all
/// is the case `most(mover) = 0`.)
///
/// These are the "safe moves" bounds of Breuker, Uiterwijk and van den Herik
/// (2000) in their simplest form.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Bound {
    Win,
    Loss,
    Open,
}

/// Applies rules 1 and 2 (see [`Bound`]) to the mover's board `b` and its
/// transpose `t` (the opponent's board).
#[inline]
fn bounds(g: &Grid, b: u128, t: u128) -> Bound {
    let most_opponent = g.vertical_packing(t);
    let safe_mover = g.vertical_packing(g.out_of_reach_across(b));
    if safe_mover > most_opponent {
        return Bound::Win;
    }
    let most_mover = g.vertical_packing(b);
    let safe_opponent = g.vertical_packing(g.out_of_reach_across(t));
    if safe_opponent >= most_mover {
        return Bound::Loss;
    }
    Bound::Open
}

/// Transposition table entries: the key (at most 121 bits) with, in the top
/// bits, the result (bit 127) and ⌊log₂⌋ of the subtree's size (bits 122..127).
const RESULT_BIT: u32 = 127;
const WORK_SHIFT: u32 = 122;
const KEY_MASK: u128 = (1u128 << WORK_SHIFT) - 1;

/// The outcome search for Domineering boards of at most
/// [`MAX_SEARCH_SIDE`] × [`MAX_SEARCH_SIDE`] cells: who wins with each
/// player moving first.
///
/// The canonical form of the 6×6 board takes minutes; the outcome of 8×8 only
/// needs, for each player moving first, a proof that one of their moves wins.
/// [`DomineeringSearch`] does that with a depth-first AND/OR search on bit
/// boards (the techniques of Breuker, Uiterwijk and van den Herik, "Solving
/// 8×8 Domineering", Theoretical Computer Science 230 (2000), and of Bullock's
/// Obsequi, "Domineering: Solving Large Combinatorial Search Spaces", MSc
/// thesis, University of Alberta, 2002):
///
/// - **One player's view.** A position is searched as "the player to move
///   places *vertical* dominoes on board `b`". After a move the opponent, who
///   places horizontal dominoes on `b`, is the vertical player of the
///   transposed board, so the search keeps `b` and its transpose side by side
///   and swaps them at every move: one code path for both players.
/// - **Safe moves** (a lower bound on the mover's moves) against the
///   opponent's **most moves** (an upper bound) decide many positions without
///   a move; the rule and its proof are in the source (`Bound`).
/// - **Move ordering:** moves that take the most moves from the opponent and
///   the fewest from the mover first, the mover's safe moves last; ties by
///   the history heuristic (credit to the moves that won, by the size of the
///   position).
/// - **Transposition table** of fixed size (the state budget), keyed by the
///   least image of the board under the four symmetries that keep the players
///   (the two mirrors and the half turn); cells no domino can cover are
///   cleared first, so positions differing only there share an entry.
/// - **Small positions by canonical forms:** once few empty cells remain, the
///   position's value comes from the canonical-form engine
///   ([`PartizanSolver`](crate::PartizanSolver)), which splits it into components, gives one-sided
///   regions their integer value and memoises each component; its outcome
///   answers the search.
///
/// ```
/// use sprague::{Outcome, games::{DomineeringBoard, DomineeringSearch}};
/// let mut search = DomineeringSearch::new(1 << 16);
/// // The 2×2 board is ±1: whoever moves first wins.
/// let board = DomineeringBoard::rectangle(2, 2).unwrap();
/// assert_eq!(search.outcome(&board), Ok(Outcome::N));
/// ```
///
/// The transposition table holds a fixed number of positions (the state
/// budget, rounded down to a power of two, 16 bytes each), so the search's
/// memory does not grow; when it is full, positions of smaller subtrees give
/// way. The search runs until it has an answer or its [`Monitor`] asks it to
/// stop.
pub struct DomineeringSearch<'m> {
    table: Vec<u128>,
    grid: Grid,
    nodes: u64,
    max_nodes: u64,
    ticker: Ticker<'m>,
    small_cells: u32,
    small: PartizanSolver<'static, Domineering>,
    small_states: usize,
    /// History heuristic: for each player (0 moves first on the board as
    /// given, vertically; 1 is the other) and each top cell of their own
    /// grid, the credit of the moves there that won.
    history: Box<[[u64; 128]; 2]>,
}

impl core::fmt::Debug for DomineeringSearch<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("DomineeringSearch")
            .field("table", &self.table.len())
            .field("nodes", &self.nodes)
            .field("small_cells", &self.small_cells)
            .finish()
    }
}

impl<'m> DomineeringSearch<'m> {
    /// A search whose transposition table holds `max_states` positions
    /// (rounded down to a power of two, at least 2^10): 16 bytes each.
    /// The canonical-form engine valuing small positions memoises at most
    /// `max_states / 4` component classes; when it is full it starts afresh.
    #[must_use]
    pub fn new(max_states: usize) -> Self {
        let entries = max_states.max(1 << 10);
        let entries = 1usize << (usize::BITS - 1 - entries.leading_zeros());
        DomineeringSearch {
            table: vec![0; entries],
            grid: Grid::new(1),
            nodes: 0,
            max_nodes: u64::MAX,
            ticker: Ticker::new(None),
            small_cells: DEFAULT_SMALL_CELLS,
            small: PartizanSolver::with_max_states(&Domineering, usize::MAX),
            small_states: (max_states / 4).max(1 << 10),
            history: Box::new([[0; 128]; 2]),
        }
    }

    /// Reports the positions searched to `monitor` and stops with
    /// [`SearchError::Interrupted`] soon after it asks for a stop (checked
    /// every [`Ticker::BATCH`] positions).
    #[must_use]
    pub fn with_monitor(mut self, monitor: &'m Monitor) -> Self {
        self.ticker = Ticker::new(Some(monitor));
        self
    }

    /// Stops with [`SearchError::Budget`] once more than `max_nodes`
    /// positions have been searched (counted as [`nodes`](Self::nodes));
    /// unlimited by default.
    #[must_use]
    pub const fn with_max_nodes(mut self, max_nodes: u64) -> Self {
        self.max_nodes = max_nodes;
        self
    }

    /// Values positions of at most `cells` empty cells by canonical forms
    /// instead of searching them (0: never). Default [`DEFAULT_SMALL_CELLS`].
    #[must_use]
    pub fn with_small_cells(mut self, cells: u32) -> Self {
        self.small_cells = cells;
        self
    }

    /// Positions searched so far (each counted once per visit, including the
    /// ones answered by the table, the bounds or canonical forms).
    #[must_use]
    pub const fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether [`DomineeringSearch`] can search `board`: both sides at most
    /// [`MAX_SEARCH_SIDE`].
    #[must_use]
    pub fn fits(board: &DomineeringBoard) -> bool {
        board.width().max(board.height()) <= MAX_SEARCH_SIDE
    }

    /// The outcome class of `board`: who wins with Left (Vertical) moving
    /// first and with Right (Horizontal) moving first.
    ///
    /// # Errors
    /// [`SearchError::Interrupted`] when the monitor asks the search to stop.
    /// A board that does not [`fit`](Self::fits) is a budget error
    /// ([`SearchError::Budget`] naming [`MAX_SEARCH_SIDE`]).
    pub fn outcome(&mut self, board: &DomineeringBoard) -> Result<Outcome, SearchError> {
        let left = self.winning_move(board, true)?.is_some();
        let right = self.winning_move(board, false)?.is_some();
        Ok(Outcome::from_first_moves(left, right))
    }

    /// A winning first move on `board` for Left (`left_first`) or Right, as
    /// the board after it, or `None` when the player moving first loses.
    ///
    /// # Errors
    /// As [`outcome`](Self::outcome).
    pub fn winning_move(
        &mut self,
        board: &DomineeringBoard,
        left_first: bool,
    ) -> Result<Option<DomineeringBoard>, SearchError> {
        let (w, h) = (board.width(), board.height());
        if !Self::fits(board) {
            return Err(SearchError::Budget(crate::budget::BudgetExceeded {
                max_states: MAX_SEARCH_SIDE,
            }));
        }
        let side = w.max(h);
        if self.grid.side as usize != side {
            self.grid = Grid::new(side);
            self.table.fill(0);
            *self.history = [[0; 128]; 2];
        }
        let g = self.grid;
        let mut b = 0u128;
        let empty = board.empty_cells();
        for r in 0..h {
            for c in 0..w {
                if (empty >> (r * w + c)) & 1 == 1 {
                    b |= 1u128 << (r * side + c);
                }
            }
        }
        let t = g.transpose(b);
        let (mine, theirs) = if left_first { (b, t) } else { (t, b) };
        let result = self.search(mine, theirs, true, usize::from(!left_first));
        let flushed = self.ticker.flush();
        let found = result?;
        flushed?;
        Ok(found.map(|i| {
            // Back from the grid to the board: cell `i` of the mover's grid
            // (transposed for Right) and the one below it.
            let (i, j) = if left_first {
                (i, i + g.side)
            } else {
                (g.transposed_index(i), g.transposed_index(i) + 1)
            };
            let cell = |k: u32| {
                let (r, c) = ((k / g.side) as usize, (k % g.side) as usize);
                1u128 << (r * w + c)
            };
            DomineeringBoard::from_mask(w, h, empty & !(cell(i) | cell(j))).unwrap_or(*board)
        }))
    }

    /// Whether the mover, placing vertical dominoes on `b` (transpose `t`),
    /// wins: `Some(top cell of a winning move)` or `None`. `root` asks for a
    /// move even when the bounds decide (the first in move order).
    fn search(&mut self, b: u128, t: u128, root: bool, side: usize) -> Result<Option<u32>, SearchError> {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            return Err(SearchError::Budget(crate::budget::BudgetExceeded {
                max_states: usize::try_from(self.max_nodes).unwrap_or(usize::MAX),
            }));
        }
        self.ticker.tick()?;
        let g = self.grid;
        let (b, t) = (b & !g.dead(b), t & !g.dead(t));
        let bound = bounds(&g, b, t);
        if bound == Bound::Loss {
            return Ok(None);
        }
        // At the root a winning move is wanted, so the search goes on (the
        // bounds' winning strategy plays safe moves, which come last).
        if bound == Bound::Win && !root {
            return Ok(Some(0));
        }
        let cells = b.count_ones();
        if cells <= self.small_cells && !root {
            return self.small_position(b).map(|wins| wins.then_some(0));
        }
        let key = g.key(b);
        let slot = self.slot(key);
        for e in [self.table[slot], self.table[slot + 1]] {
            if e != 0 && e & KEY_MASK == key && !root {
                return Ok(((e >> RESULT_BIT) == 1).then_some(0));
            }
        }
        let before = self.nodes;
        let moves = order_moves(&g, b, &self.history[side]);
        let mut found = None;
        for &(_, i) in moves.as_slice() {
            let bit = (1u128 << i) | (1u128 << (i + g.side));
            let ti = g.transposed_index(i);
            let tbit = 3u128 << ti;
            if self.search(t & !tbit, b & !bit, false, side ^ 1)?.is_none() {
                found = Some(i);
                self.history[side][i as usize] += u64::from(cells * cells);
                break;
            }
        }
        let work = 127 - u128::from(self.nodes - before).leading_zeros().min(127);
        let work = work.min(31);
        let entry = key | (u128::from(work) << WORK_SHIFT) | (u128::from(found.is_some()) << RESULT_BIT);
        let kept = self.table[slot];
        if kept == 0 || (kept >> WORK_SHIFT) & 31 <= u128::from(work) || kept & KEY_MASK == key {
            self.table[slot] = entry;
        } else {
            self.table[slot + 1] = entry;
        }
        Ok(found)
    }

    /// Whether the mover (vertical on `b`) wins, from the canonical form of
    /// the position: Left moving first wins iff its outcome is `L` or `N`.
    #[cold]
    fn small_position(&mut self, b: u128) -> Result<bool, SearchError> {
        let s = self.grid.side as usize;
        let Some(board) = DomineeringBoard::from_mask(s, s, b) else {
            return Ok(false);
        };
        if self.small.states() >= self.small_states {
            self.small = PartizanSolver::with_max_states(&Domineering, usize::MAX);
        }
        Ok(matches!(self.small.outcome(&board)?, Outcome::L | Outcome::N))
    }

    /// The first of the two table slots for `key`.
    #[inline]
    fn slot(&self, key: u128) -> usize {
        let folded = (key as u64) ^ ((key >> 64) as u64).rotate_left(29);
        let h = folded.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let bits = self.table.len().trailing_zeros();
        ((h >> (64 - bits)) as usize) & !1
    }
}

/// The mover's moves, best first: `(score, top cell)`.
struct Moves {
    list: [(i64, u32); 128],
    len: usize,
}

impl Moves {
    fn as_slice(&self) -> &[(i64, u32)] {
        &self.list[..self.len]
    }
}

/// Orders the mover's vertical moves on `b`: those covering the most of the
/// opponent's move places and the fewest of the mover's own first; moves on
/// the mover's safe cells (out of the opponent's reach) last, as those are
/// the mover's reserve; among moves of equal score, those with the most
/// history credit (`history`, the history heuristic) first.
#[inline]
fn order_moves(g: &Grid, b: u128, history: &[u64; 128]) -> Moves {
    let mine = g.vertical_slots(b);
    let theirs = g.horizontal_slots(b);
    let safe = g.out_of_reach_across(b);
    let mut moves = Moves {
        list: [(0, 0); 128],
        len: 0,
    };
    let mut rest = mine;
    while rest != 0 {
        let i = rest.trailing_zeros();
        rest &= rest - 1;
        let cells = (1u128 << i) | (1u128 << (i + g.side));
        let taken = (theirs & (cells | (cells >> 1))).count_ones() as i32;
        let lost = (mine & (cells | (cells >> g.side))).count_ones() as i32 - 1;
        let mut score = 4 * taken - 3 * lost;
        if cells & safe == cells {
            score -= 100;
        }
        // The static score first, the history among equals (the other way
        // round searched far more positions on 7×7).
        let h = i64::try_from(history[i as usize].min(1 << 39)).unwrap_or(0);
        let key = (i64::from(score) << 40) + h;
        moves.list[moves.len] = (key, i);
        moves.len += 1;
    }
    moves.list[..moves.len].sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Notation;
    use crate::partizan::outcome_by_minimax;
    use proptest::prelude::*;

    fn board(s: &str) -> DomineeringBoard {
        Domineering.parse_position(s).unwrap()
    }

    #[test]
    fn grid_helpers_match_their_definitions() {
        let g = Grid::new(5);
        // A column of 5 cells holds 2 vertical dominoes; of 4, 2; of 3, 1.
        assert_eq!(g.vertical_packing(g.all), 10);
        let col = 1 | (1 << 5) | (1 << 10) | (1 << 20);
        assert_eq!(g.vertical_packing(col), 1);
        for x in [0x1_2345_6789u128, g.all, 0x155_5555, 0b10110_01101_11011] {
            let x = x & g.all;
            assert_eq!(g.transpose(g.transpose(x)), x);
            // The half turn is both flips; the key is one of the images.
            assert_eq!(g.half_turn(g.half_turn(x)), x);
            assert_eq!(g.flip_rows(g.flip_rows(x)), x);
            assert_eq!(g.vertical_packing(x), naive_packing(x, 5));
            let k = g.key(x);
            assert!(k <= x && k.count_ones() == x.count_ones());
        }
    }

    /// Sum over columns of ⌊run / 2⌋, cell by cell.
    fn naive_packing(x: u128, s: usize) -> u32 {
        let mut total = 0;
        for c in 0..s {
            let mut run = 0;
            for r in 0..=s {
                if r < s && (x >> (r * s + c)) & 1 == 1 {
                    run += 1;
                } else {
                    total += run / 2;
                    run = 0;
                }
            }
        }
        total
    }

    #[test]
    fn small_boards_match_winning_ways() {
        // Winning Ways, ch. 2: the 2×2 board is ±1; a vertical strip of two
        // cells is 1, a horizontal one −1; one cell is 0.
        let mut s = DomineeringSearch::new(1 << 12);
        assert_eq!(s.outcome(&board("..|..")), Ok(Outcome::N));
        assert_eq!(s.outcome(&board(".|.")), Ok(Outcome::L));
        assert_eq!(s.outcome(&board("..")), Ok(Outcome::R));
        assert_eq!(s.outcome(&board(".")), Ok(Outcome::P));
    }

    /// Random boards of at most 5×5 with blocked cells: the search agrees
    /// with the canonical form's outcome and with plain minimax, with and
    /// without canonical forms for small positions, and its winning moves
    /// win (the board after them is a loss for the other player moving first).
    fn check_board(w: usize, h: usize, mask: u128) {
        let b = DomineeringBoard::from_mask(w, h, mask).unwrap();
        let expected = PartizanSolver::new(&Domineering).outcome(&b).unwrap();
        let plain = outcome_by_minimax(&Domineering, &b);
        assert_eq!(plain, expected);
        for small in [0, 6, DEFAULT_SMALL_CELLS] {
            let mut s = DomineeringSearch::new(1 << 10).with_small_cells(small);
            assert_eq!(s.outcome(&b), Ok(expected), "{}", Domineering.format_position(&b));
            for left in [true, false] {
                if let Some(after) = s.winning_move(&b, left).unwrap() {
                    let mut options = Vec::new();
                    if left {
                        Domineering.left_moves(&b, &mut options);
                    } else {
                        Domineering.right_moves(&b, &mut options);
                    }
                    assert!(options.contains(&after));
                    let o = outcome_by_minimax(&Domineering, &after);
                    let ok = if left {
                        matches!(o, Outcome::L | Outcome::P)
                    } else {
                        matches!(o, Outcome::R | Outcome::P)
                    };
                    assert!(ok, "{}", Domineering.format_position(&after));
                }
            }
        }
    }

    use crate::partizan::PartizanRules;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn outcomes_match_canonical_forms(w in 1usize..=5, h in 1usize..=5, mask in any::<u32>(), dense in any::<u32>()) {
            // Two thirds of the cells empty on average: `mask | dense`.
            check_board(w, h, u128::from(mask | dense));
        }
    }

    #[test]
    fn full_rectangles_match_canonical_forms() {
        for w in 1..=4 {
            for h in 1..=4 {
                check_board(w, h, u128::MAX);
            }
        }
    }

    #[test]
    fn square_boards_match_canonical_forms() {
        // The square boards up to 5×5 against their canonical forms: 2×2 to
        // 4×4 are first-player wins (2×2 is ±1, Winning Ways ch. 2) and 5×5
        // is a second-player win.
        let mut s = DomineeringSearch::new(1 << 16);
        for n in 2..=5 {
            let b = DomineeringBoard::rectangle(n, n).unwrap();
            let expected = PartizanSolver::new(&Domineering).outcome(&b).unwrap();
            assert_eq!(s.outcome(&b), Ok(expected), "{n}×{n}");
            assert_eq!(expected, if n == 5 { Outcome::P } else { Outcome::N }, "{n}×{n}");
        }
    }

    #[test]
    fn a_stop_request_stops_the_search() {
        let monitor = Monitor::new();
        monitor.stop();
        let mut s = DomineeringSearch::new(1 << 12).with_monitor(&monitor);
        let b = DomineeringBoard::rectangle(8, 8).unwrap();
        assert!(matches!(s.outcome(&b), Err(SearchError::Interrupted(_))));
        let too_big = DomineeringBoard::rectangle(12, 2).unwrap();
        assert!(matches!(
            DomineeringSearch::new(1 << 10).outcome(&too_big),
            Err(SearchError::Budget(_))
        ));
    }
}
