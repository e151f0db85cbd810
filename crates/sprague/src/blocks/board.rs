//! The board block: a rectangular grid of at most 128 cells, each empty,
//! Left's, Right's or blocked, kept as two bit-planes of machine words.
//! Moves of placement, movement and capture games are whole-word
//! operations on the planes.

use super::bitgrid;
use super::cell::{Cell, CellSet};
use super::shape::{Dir, Shape};
use super::word::Word;

/// Most cells a board may have.
pub const MAX_BOARD_CELLS: usize = 128;

pub(crate) use super::bitgrid::low_bits;

/// For each width `w`, the bits `r * w` below 128: column 0 of a board of
/// width `w` and any height.
const COLUMN_ZERO: [u128; 129] = {
    let mut table = [0u128; 129];
    let mut w = 1;
    while w <= 128 {
        let mut bit = 0;
        while bit < 128 {
            table[w] |= 1u128 << bit;
            bit += w;
        }
        w += 1;
    }
    table
};

/// A rectangular board of at most 128 cells (row-major, cell
/// `row * width + col`), each cell in one of the four [`Cell`] states, stored as two
/// bit-planes (bit 0 and bit 1 of each cell's code) of two words each.
///
/// A board is `Copy`, 40 bytes, hashed and compared without allocation, so
/// it keys the solvers' memo tables directly. Its moves are word operations:
/// placing a domino anywhere is one AND of the empty cells with a shifted
/// copy of themselves, steps and jumps are shifts with masks, connected
/// regions come from flood fill on the planes, and the canonical orientation
/// is the least of the board's images under its symmetries.
///
/// ```
/// use sprague::blocks::{Board, Cell, Cells, Shape};
///
/// let b = Board::parse("...|...", &Cells::EMPTY_AND_BLOCKED).unwrap();
/// assert_eq!((b.width(), b.height()), (3, 2));
/// // Every vertical domino on the empty cells: one per column.
/// let mut out = Vec::new();
/// b.place(&Shape::DOMINO_VERTICAL, Cell::Blocked, &mut out);
/// assert_eq!(out.len(), 3);
/// assert_eq!(out[0].show(&Cells::EMPTY_AND_BLOCKED), "#..|#..");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    width: u8,
    height: u8,
    /// Bit 0 of each cell's code, high word first (so that the derived order
    /// is the numeric one of the plane).
    low: [u64; 2],
    /// Bit 1 of each cell's code, high word first.
    high: [u64; 2],
}

/// A plane as one 128-bit mask.
#[inline]
const fn join(words: [u64; 2]) -> u128 {
    ((words[0] as u128) << 64) | words[1] as u128
}

/// A 128-bit mask as a plane.
#[inline]
const fn split(mask: u128) -> [u64; 2] {
    [(mask >> 64) as u64, mask as u64]
}

impl core::fmt::Debug for Board {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let chars = super::cell::Cells::new('.', Some('L'), Some('R'), Some('#'));
        write!(f, "Board({})", self.show(&chars))
    }
}

/// Which cells count as neighbours: for regions, and for the adjacency
/// rules of placement games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Neighbourhood {
    /// The four orthogonal neighbours.
    Orthogonal,
    /// The four diagonal neighbours.
    Diagonal,
    /// All eight neighbours (a king's moves).
    King,
}

impl Board {
    /// The empty `width × height` board, or `None` if it has more than
    /// [`MAX_BOARD_CELLS`] cells. A board with no cells (a side of 0) is
    /// the board of a family's first member: no move is possible on it.
    #[must_use]
    pub fn new(width: usize, height: usize) -> Option<Board> {
        if width.checked_mul(height)? > MAX_BOARD_CELLS {
            return None;
        }
        Some(Board {
            width: u8::try_from(width).ok()?,
            height: u8::try_from(height).ok()?,
            low: [0; 2],
            high: [0; 2],
        })
    }

    /// A board whose cells in each state are the given masks (bit `row *
    /// width + col`); a cell in no mask is empty, and a cell in both the
    /// Left and the Right mask is blocked. Bits outside the board are
    /// dropped. `None` if the board has no cells or more than 128.
    #[must_use]
    pub fn from_masks(width: usize, height: usize, left: u128, right: u128, blocked: u128) -> Option<Board> {
        let b = Board::new(width, height)?;
        let all = b.all();
        Some(b.with_planes((left | blocked) & all, (right | blocked) & all))
    }

    /// The whole board in one word, when it has sides of 1 to 8 and at most
    /// 29 cells: the width and height less one (three bits each), then the
    /// two bit-planes (29 bits each). Equal words are equal boards, so any
    /// ruleset played on boards may give this as its
    /// [`PartizanRules::memo_word`](crate::partizan::PartizanRules::memo_word).
    /// Never [`u64::MAX`] (an 8 × 8 board has too many cells). O(1).
    ///
    /// ```
    /// use sprague::blocks::{Board, Cells};
    /// let b = Board::parse("x.|.o", &Cells::new('.', Some('x'), Some('o'), Some('#'))).unwrap();
    /// assert!(b.memo_word().is_some());
    /// assert_eq!(Board::new(6, 5).unwrap().memo_word(), None); // 30 cells
    /// ```
    #[must_use]
    pub const fn memo_word(&self) -> Option<u64> {
        let (w, h) = (self.width as u64, self.height as u64);
        if w == 0 || h == 0 || w > 8 || h > 8 || w * h > 29 {
            return None;
        }
        Some((w - 1) << 61 | (h - 1) << 58 | self.high[1] << 29 | self.low[1])
    }

    /// Number of columns.
    #[must_use]
    pub const fn width(&self) -> usize {
        self.width as usize
    }

    /// Number of rows.
    #[must_use]
    pub const fn height(&self) -> usize {
        self.height as usize
    }

    /// Number of cells, `width × height`.
    #[must_use]
    pub const fn size(&self) -> usize {
        self.width as usize * self.height as usize
    }

    /// Every cell of the board as a mask.
    #[inline]
    #[must_use]
    pub const fn all(&self) -> u128 {
        low_bits(self.size())
    }

    /// The two planes (bit 0 and bit 1 of each cell's code).
    #[inline]
    const fn planes(&self) -> (u128, u128) {
        (join(self.low), join(self.high))
    }

    /// The same board with other planes.
    #[inline]
    const fn with_planes(&self, low: u128, high: u128) -> Board {
        Board {
            width: self.width,
            height: self.height,
            low: split(low),
            high: split(high),
        }
    }

    /// The cells in state `cell`, as a mask. O(1).
    #[inline]
    #[must_use]
    pub const fn mask(&self, cell: Cell) -> u128 {
        let (a, b) = self.planes();
        match cell {
            Cell::Empty => !a & !b & self.all(),
            Cell::Left => a & !b,
            Cell::Right => !a & b,
            Cell::Blocked => a & b,
        }
    }

    /// The cells whose state is in `set`, as a mask. O(1).
    #[inline]
    #[must_use]
    pub const fn mask_of(&self, set: CellSet) -> u128 {
        let mut m = 0;
        if set.contains(Cell::Empty) {
            m |= self.mask(Cell::Empty);
        }
        if set.contains(Cell::Left) {
            m |= self.mask(Cell::Left);
        }
        if set.contains(Cell::Right) {
            m |= self.mask(Cell::Right);
        }
        if set.contains(Cell::Blocked) {
            m |= self.mask(Cell::Blocked);
        }
        m
    }

    /// The state of cell `i` (`row * width + col`); blocked outside the board.
    #[must_use]
    pub const fn cell(&self, i: usize) -> Cell {
        if i >= self.size() {
            return Cell::Blocked;
        }
        let (a, b) = self.planes();
        Cell::from_code((((a >> i) & 1) | (((b >> i) & 1) << 1)) as u8)
    }

    /// The state of the cell at `row`, `col`; blocked outside the board.
    #[must_use]
    pub const fn at(&self, row: usize, col: usize) -> Cell {
        if row >= self.height() || col >= self.width() {
            return Cell::Blocked;
        }
        self.cell(row * self.width() + col)
    }

    /// The board with every cell of `mask` set to `cell`. O(1).
    #[inline]
    #[must_use]
    pub const fn with(&self, mask: u128, cell: Cell) -> Board {
        let (a, b) = self.planes();
        let mask = mask & self.all();
        let code = cell as u8;
        let a = if code & 1 != 0 { a | mask } else { a & !mask };
        let b = if code & 2 != 0 { b | mask } else { b & !mask };
        self.with_planes(a, b)
    }

    /// The board with Left's and Right's pieces exchanged (the colour
    /// swap): the two planes trade places. O(1).
    #[must_use]
    pub const fn swapped(&self) -> Board {
        let (a, b) = self.planes();
        self.with_planes(b, a)
    }

    /// The number of cells in state `cell`.
    #[must_use]
    pub const fn count(&self, cell: Cell) -> u32 {
        self.mask(cell).count_ones()
    }

    /// Column 0 of the board, as a mask. O(1).
    #[inline]
    const fn first_column(&self) -> u128 {
        COLUMN_ZERO[self.width as usize] & self.all()
    }

    /// The cells in the first `k` columns (`k <= width`). O(1).
    #[inline]
    const fn columns_below(&self, k: usize) -> u128 {
        // The row pattern times column 0: the copies do not overlap, so the
        // product has no carries.
        low_bits(k).wrapping_mul(self.first_column()) & self.all()
    }

    /// The cells of `m` moved `dr` rows down and `dc` columns right (negative:
    /// up, left); cells that would leave the board are dropped. O(1).
    #[inline]
    #[must_use]
    pub const fn shift(&self, m: u128, dr: i32, dc: i32) -> u128 {
        let (w, h) = (self.width as i32, self.height as i32);
        if dr.abs() >= h || dc.abs() >= w {
            return 0;
        }
        let mut m = m & self.all();
        if dc > 0 {
            m = (m & self.columns_below((w - dc) as usize)) << dc;
        } else if dc < 0 {
            m = (m & !self.columns_below((-dc) as usize)) >> -dc;
        }
        if dr > 0 {
            m = (m << (dr * w) as u32) & self.all();
        } else if dr < 0 {
            m >>= (-dr * w) as u32;
        }
        m
    }

    /// The cells that neighbour a cell of `m` under `nbhd` (not `m` itself,
    /// unless a cell of `m` neighbours another). O(1).
    #[must_use]
    pub const fn neighbours(&self, m: u128, nbhd: Neighbourhood) -> u128 {
        let orth = self.shift(m, 0, 1) | self.shift(m, 0, -1) | self.shift(m, 1, 0) | self.shift(m, -1, 0);
        match nbhd {
            Neighbourhood::Orthogonal => orth,
            Neighbourhood::Diagonal => {
                self.shift(m, 1, 1) | self.shift(m, 1, -1) | self.shift(m, -1, 1) | self.shift(m, -1, -1)
            }
            Neighbourhood::King => {
                orth | self.shift(m, 1, 1)
                    | self.shift(m, 1, -1)
                    | self.shift(m, -1, 1)
                    | self.shift(m, -1, -1)
            }
        }
    }

    /// The cells where `shape` can be anchored with every one of its cells
    /// in a state of `on`. O(cells of the shape).
    #[must_use]
    pub fn placements(&self, shape: &Shape, on: CellSet) -> u128 {
        let target = self.mask_of(on);
        let mut anchors = self.all();
        for &(dr, dc) in shape.offsets() {
            anchors &= self.shift(target, -i32::from(dr), -i32::from(dc));
        }
        anchors
    }

    /// The cells `shape` covers when anchored at cell `i`.
    #[inline]
    fn shape_at(&self, shape: &Shape, i: usize) -> u128 {
        let w = self.width();
        let mut m = 0u128;
        for &(dr, dc) in shape.offsets() {
            let j = (i + usize::from(dr) * w).wrapping_add_signed(isize::from(dc));
            m |= 1u128 << j;
        }
        m
    }

    /// Every board after placing `shape` on empty cells, its cells becoming
    /// `to` (e.g. Domineering's dominoes cover cells: `Cell::Blocked`), in
    /// the order of the anchor cells. O(placements × cells of the shape).
    pub fn place(&self, shape: &Shape, to: Cell, out: &mut Vec<Board>) {
        let mut anchors = self.placements(shape, CellSet::EMPTY);
        while anchors != 0 {
            let i = anchors.trailing_zeros() as usize;
            anchors &= anchors - 1;
            out.push(self.with(self.shape_at(shape, i), to));
        }
    }

    /// Every board after colouring one cell of `allowed` (which should be
    /// empty cells) with `to`, in cell order. O(cells of `allowed`).
    pub fn colour(&self, allowed: u128, to: Cell, out: &mut Vec<Board>) {
        let mut rest = allowed & self.all();
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest &= rest - 1;
            out.push(self.with(bit, to));
        }
    }

    /// Every board after a move on one cell whose state is in `allowed`:
    /// that cell becomes blocked and each of its neighbours (under `nbhd`)
    /// changes state by `map`, indexed by the neighbour's state. With the
    /// states standing for "who may still play here" this writes Snort and
    /// Col on a grid (see [`GraphBoard::mark`](super::GraphBoard::mark)).
    /// O(options).
    pub fn mark(&self, allowed: CellSet, nbhd: Neighbourhood, map: [Cell; 4], out: &mut Vec<Board>) {
        let mut rest = self.mask_of(allowed);
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest &= rest - 1;
            let around = self.neighbours(bit, nbhd);
            let mut next = *self;
            for cell in Cell::ALL {
                let m = around & self.mask(cell);
                if m != 0 && map[cell as usize] != cell {
                    next = next.with(m, map[cell as usize]);
                }
            }
            out.push(next.with(bit, Cell::Blocked));
        }
    }

    /// Every board after one piece in state `piece` steps one cell in one of
    /// `dirs` onto a cell whose state is in `onto`, which it takes over (a
    /// capture when `onto` holds pieces, as in Clobber); the cell it leaves
    /// becomes empty. O(pieces × directions).
    pub fn steps(&self, piece: Cell, dirs: &[Dir], onto: CellSet, out: &mut Vec<Board>) {
        let pieces = self.mask(piece);
        let targets = self.mask_of(onto);
        for d in dirs {
            let (dr, dc) = (i32::from(d.dr), i32::from(d.dc));
            let mut from = pieces & self.shift(targets, -dr, -dc);
            while from != 0 {
                let bit = from & from.wrapping_neg();
                from &= from - 1;
                let to = self.shift(bit, dr, dc);
                out.push(self.with(bit, Cell::Empty).with(to, piece));
            }
        }
    }

    /// Every board after one piece in state `piece` jumps in one of `dirs`
    /// over an adjacent cell whose state is in `over` into the empty cell
    /// beyond. With `capture` the jumped cell becomes empty (Konane, Fox and
    /// Geese); without, it stays (Toads and Frogs). With `chain`, a piece
    /// that lands may jump again in the same direction, and every stop of
    /// the chain is an option (Konane's multiple jumps in a line).
    /// O(pieces × directions × chain length).
    pub fn jumps(
        &self,
        piece: Cell,
        dirs: &[Dir],
        over: CellSet,
        capture: bool,
        chain: bool,
        out: &mut Vec<Board>,
    ) {
        let rule = Jump {
            piece,
            over,
            capture,
            chain,
        };
        if self.size() <= 64 {
            self.jumps_on::<u64>(rule, dirs, out);
        } else {
            self.jumps_on::<u128>(rule, dirs, out);
        }
    }

    /// [`jumps`](Self::jumps) on planes held in words `W` (64-bit ones when
    /// the board has at most 64 cells), with the masks of each shift made
    /// once a direction.
    fn jumps_on<W: Word>(&self, rule: Jump, dirs: &[Dir], out: &mut Vec<Board>) {
        let (a0, b0) = self.planes();
        let (a0, b0) = (W::of(a0), W::of(b0));
        let all = W::of(self.all());
        let grid = Shifts::<W>::new(self.width(), self.height());
        // The masks of the board before the move serve the whole chain: a
        // chain goes on in one direction, so the cells it jumps over and
        // lands on are never ones it has already changed.
        let (pieces, over, empty) = (
            plane_mask(a0, b0, all, rule.piece),
            plane_mask_of(a0, b0, all, rule.over),
            plane_mask(a0, b0, all, Cell::Empty),
        );
        for d in dirs {
            let (dr, dc) = (i32::from(d.dr), i32::from(d.dc));
            let (one, two) = (grid.step(dr, dc), grid.step(2 * dr, 2 * dc));
            let mut from =
                pieces & grid.step(-dr, -dc).apply(over, all) & grid.step(-2 * dr, -2 * dc).apply(empty, all);
            while from != W::ZERO {
                let bit = from.lowest();
                from &= !bit;
                let (mut a, mut b) = (a0, b0);
                let mut at = bit;
                loop {
                    let mid = one.apply(at, all);
                    let land = two.apply(at, all);
                    if mid & over == W::ZERO || land & empty == W::ZERO {
                        break;
                    }
                    (a, b) = plane_set(a, b, at, Cell::Empty);
                    (a, b) = plane_set(a, b, land, rule.piece);
                    if rule.capture {
                        (a, b) = plane_set(a, b, mid, Cell::Empty);
                    }
                    out.push(self.with_planes(a.wide(), b.wide()));
                    if !rule.chain {
                        break;
                    }
                    at = land;
                }
            }
        }
    }

    /// Every board after one piece in state `piece` slides one or more cells
    /// in one of `dirs` through empty cells (a rook's or a queen's move);
    /// the cell it leaves becomes empty. O(options).
    pub fn slides(&self, piece: Cell, dirs: &[Dir], out: &mut Vec<Board>) {
        let empty = self.mask(Cell::Empty);
        let mut pieces = self.mask(piece);
        while pieces != 0 {
            let bit = pieces & pieces.wrapping_neg();
            pieces &= pieces - 1;
            let lifted = self.with(bit, Cell::Empty);
            for d in dirs {
                let (dr, dc) = (i32::from(d.dr), i32::from(d.dc));
                let mut at = self.shift(bit, dr, dc);
                while at & empty != 0 {
                    out.push(lifted.with(at, piece));
                    at = self.shift(at, dr, dc);
                }
            }
        }
    }

    /// Every board after one piece in state `piece` slides as in
    /// [`slides`](Self::slides) and then, from where it stopped, shoots
    /// through empty cells in one of `dirs` to a cell that becomes `arrow`
    /// (Amazons: a queen's move, then an arrow). The cell the piece left is
    /// empty, so the arrow may pass or land there. O(options).
    pub fn slides_and_shoots(&self, piece: Cell, dirs: &[Dir], arrow: Cell, out: &mut Vec<Board>) {
        let mut moved = Vec::new();
        self.slides(piece, dirs, &mut moved);
        let pieces = self.mask(piece);
        for board in moved {
            // The one cell holding `piece` now that did not before.
            let landed = board.mask(piece) & !pieces;
            let empty = board.mask(Cell::Empty);
            for d in dirs {
                let (dr, dc) = (i32::from(d.dr), i32::from(d.dc));
                let mut at = board.shift(landed, dr, dc);
                while at & empty != 0 {
                    out.push(board.with(at, arrow));
                    at = board.shift(at, dr, dc);
                }
            }
        }
    }

    /// The connected region (under `nbhd`) of the cells of `m` that holds
    /// the lowest cell of `seed`. O(steps of the flood fill).
    #[must_use]
    pub fn region_of(&self, m: u128, seed: u128, nbhd: Neighbourhood) -> u128 {
        Flood::new(self).region(m, seed, nbhd)
    }

    /// Bounding box of the nonzero mask `m`: (first row, first col, rows, cols).
    fn bounding_box(&self, m: u128) -> (usize, usize, usize, usize) {
        bitgrid::bounding_box(m, self.width(), self.height())
    }

    /// The part of the board inside the box at (`r0`, `c0`) of `rows × cols`
    /// cells, with every cell outside `keep` blocked.
    fn crop(&self, keep: u128, (r0, c0, rows, cols): (usize, usize, usize, usize)) -> Board {
        let w = self.width();
        let (a, b) = self.planes();
        let (a, b) = (a | !keep, b | !keep);
        let row_mask = low_bits(cols);
        let (mut na, mut nb) = (0u128, 0u128);
        for r in 0..rows {
            let shift = (r0 + r) * w + c0;
            na |= ((a >> shift) & row_mask) << (r * cols);
            nb |= ((b >> shift) & row_mask) << (r * cols);
        }
        Board {
            width: cols as u8,
            height: rows as u8,
            low: split(na),
            high: split(nb),
        }
    }

    /// The independent parts of the board: the connected regions (under
    /// `nbhd`) of the cells whose state is in `connect`, each cropped to its
    /// bounding box with every other cell blocked. Regions of fewer than
    /// `min_cells` cells are left out (use it only when such a region is
    /// worth nothing to either player, as a lone cell in Domineering).
    ///
    /// Returns `false`, with nothing added, when the board is one region
    /// that fills its box and nothing was left out; else `true` with the
    /// parts in `out` (none: the board is worth nothing). O(cells) per
    /// region.
    pub fn regions(
        &self,
        connect: CellSet,
        nbhd: Neighbourhood,
        min_cells: usize,
        out: &mut Vec<Board>,
    ) -> bool {
        let m = self.mask_of(connect);
        // Every cell connects: a full rectangle is one region under an
        // orthogonal or king neighbourhood, so there is nothing to flood.
        if m == self.all() && m != 0 && self.size() >= min_cells && !matches!(nbhd, Neighbourhood::Diagonal) {
            return false;
        }
        let start = out.len();
        let mut rest = m;
        let mut dropped = false;
        let flood = Flood::new(self);
        while rest != 0 {
            let region = flood.region(m, rest, nbhd);
            rest &= !region;
            if (region.count_ones() as usize) < min_cells {
                dropped = true;
                continue;
            }
            if region == m && !dropped && rest == 0 {
                let bbox = self.bounding_box(region);
                if bbox == (0, 0, self.height(), self.width()) && m | self.mask(Cell::Blocked) == self.all() {
                    out.truncate(start);
                    return false;
                }
            }
            out.push(self.crop(region, self.bounding_box(region)));
        }
        true
    }

    /// The groups of cells in play joined through the cells of `through`:
    /// two neighbouring cells (under `nbhd`) are in one group when at least
    /// one of them is in `through`. Every group holds a cell of `through`;
    /// a cell in play with no neighbour in `through` is in no group. For
    /// games whose pieces interact only across empty cells (AntiClobber: a
    /// stone moves only onto an empty neighbour). O(cells) per group.
    ///
    /// ```
    /// use sprague::{Notation, blocks::{Cell, Neighbourhood}, games::AntiClobber};
    /// // `x.o|###|o.x`: two groups, each a row, joined through its empty cell.
    /// let b = AntiClobber.parse_position("x.o|###|o.x").unwrap();
    /// let groups = b.groups_through(b.mask(Cell::Empty), Neighbourhood::Orthogonal);
    /// assert_eq!(groups, vec![0b111, 0b111 << 6]);
    /// ```
    #[must_use]
    pub fn groups_through(&self, through: u128, nbhd: Neighbourhood) -> Vec<u128> {
        let play = self.mask_of(CellSet::IN_PLAY);
        let through = through & play;
        let (mut groups, mut rest) = (Vec::new(), through);
        while rest != 0 {
            let mut group = rest & rest.wrapping_neg();
            loop {
                let grown = group
                    | (self.neighbours(group & through, nbhd) & play)
                    | (self.neighbours(group, nbhd) & through);
                if grown == group {
                    break;
                }
                group = grown;
            }
            rest &= !group;
            groups.push(group);
        }
        groups
    }

    /// The board cut into `parts` (disjoint masks of cells), each cropped
    /// to its bounding box with every cell outside it blocked. Returns
    /// `false`, with nothing added, when `parts` is one part that holds
    /// every cell in play and spans the board: the board is its own part.
    /// Else `true`, with the parts in `out` (none: nothing is in play). The
    /// decomposition of a game whose parts the game finds itself (as with
    /// [`groups_through`](Board::groups_through)). O(cells) per part.
    pub fn split_into(&self, parts: &[u128], out: &mut Vec<Board>) -> bool {
        if let [only] = parts
            && *only == self.mask_of(CellSet::IN_PLAY)
            && self.bounding_box(*only) == (0, 0, self.height(), self.width())
        {
            return false;
        }
        out.extend(parts.iter().map(|&part| self.crop(part, self.bounding_box(part))));
        true
    }

    /// A partizan game's decomposition of the board: its
    /// [`regions`](Board::regions), without the parts that are `idle` (worth
    /// nothing: neither player can ever move there). Returns `false`, with
    /// nothing added, when the board is one region that fills its box and is
    /// not idle; else `true` with the parts in `out` (none: the board is
    /// worth nothing). O(cells) per region, plus `idle` on each part.
    pub fn live_regions(
        &self,
        connect: CellSet,
        nbhd: Neighbourhood,
        min_cells: usize,
        out: &mut Vec<Board>,
        idle: impl Fn(&Board) -> bool,
    ) -> bool {
        let start = out.len();
        if !self.regions(connect, nbhd, min_cells, out) {
            return idle(self);
        }
        let mut i = start;
        while i < out.len() {
            if idle(&out[i]) {
                out.swap_remove(i);
            } else {
                i += 1;
            }
        }
        true
    }

    /// The board mirrored left to right. O(height) word operations.
    #[must_use]
    pub fn mirror_left_right(&self) -> Board {
        let (a, b) = self.planes();
        let [a, b] = super::bitgrid::mirror_lr_of([a, b], self.width(), self.height());
        self.with_planes(a, b)
    }

    /// The rows whose cells are bits `from..to` (both at row starts, `from
    /// < to <= size`), as a board of their own. O(1).
    #[inline]
    #[must_use]
    pub(crate) const fn row_band(&self, from: usize, to: usize) -> Board {
        let (a, b) = self.planes();
        let keep = low_bits(to - from);
        Board {
            width: self.width,
            height: ((to - from) / self.width as usize) as u8,
            low: split((a >> from) & keep),
            high: split((b >> from) & keep),
        }
    }

    /// The board and a mask `extra` of its cells, both mirrored left to
    /// right in one pass over the rows. O(height) word operations.
    #[must_use]
    pub(crate) fn mirror_left_right_with(&self, extra: u128) -> (Board, u128) {
        let (a, b) = self.planes();
        let [a, b, extra] = super::bitgrid::mirror_lr_of([a, b, extra], self.width(), self.height());
        (self.with_planes(a, b), extra)
    }

    /// The row-parallel word operations of this board (see
    /// [`RowWords`](super::bitgrid::RowWords)), on words `W` (`u64` only
    /// for boards of at most 64 cells).
    #[inline]
    #[must_use]
    pub(crate) fn row_words<W: super::word::Word>(&self) -> super::bitgrid::RowWords<W> {
        let w = if self.width == 0 { 1 } else { self.width as usize };
        super::bitgrid::RowWords::new(w, self.height(), COLUMN_ZERO[w])
    }

    /// The board mirrored top to bottom. O(height) word operations.
    #[must_use]
    pub fn mirror_top_bottom(&self) -> Board {
        let (a, b, w, h) = (self.planes().0, self.planes().1, self.width(), self.height());
        self.with_planes(
            super::bitgrid::mirror_tb(a, w, h),
            super::bitgrid::mirror_tb(b, w, h),
        )
    }

    /// The `width × height` board whose cell (r, c) is this board's cell
    /// `from(r, c)`. O(cells).
    fn map_cells(&self, width: usize, height: usize, from: impl Fn(usize, usize) -> (usize, usize)) -> Board {
        let (a, b) = self.planes();
        let w = self.width();
        let (mut na, mut nb) = (0u128, 0u128);
        for r in 0..height {
            for c in 0..width {
                let (sr, sc) = from(r, c);
                let i = sr * w + sc;
                let j = r * width + c;
                na |= ((a >> i) & 1) << j;
                nb |= ((b >> i) & 1) << j;
            }
        }
        Board {
            width: width as u8,
            height: height as u8,
            low: split(na),
            high: split(nb),
        }
    }

    /// The four images of the board under the mirrors of the rectangle:
    /// identity, left-right, top-bottom, half turn. Boards of at most 8 × 8
    /// cells take a few word operations, larger ones O(cells).
    #[must_use]
    pub fn mirrors(&self) -> [Board; 4] {
        let (w, h) = (self.width(), self.height());
        if w == 0 || h == 0 {
            return [*self; 4];
        }
        if super::byteboard::fits(w, h) {
            use super::byteboard::{mirrors, pack, unpack};
            let (a, b) = self.planes();
            let (ma, mb) = (
                mirrors(pack(a as u64, w, h), w, h),
                mirrors(pack(b as u64, w, h), w, h),
            );
            return [0, 1, 2, 3]
                .map(|k| self.with_planes(u128::from(unpack(ma[k], w, h)), u128::from(unpack(mb[k], w, h))));
        }
        let lr = self.mirror_left_right();
        [*self, lr, self.mirror_top_bottom(), lr.mirror_top_bottom()]
    }

    /// The transposed board: cell (row, col) goes to (col, row), so a
    /// `width × height` board becomes `height × width`. A few word
    /// operations up to 8 × 8, O(cells) above.
    #[must_use]
    pub fn transposed(&self) -> Board {
        let (w, h) = (self.width(), self.height());
        if w == 0 || h == 0 {
            return Board::new(h, w).unwrap_or(*self);
        }
        if super::byteboard::fits(w, h) {
            use super::byteboard::{pack, transpose, unpack};
            let (a, b) = self.planes();
            let t = |m: u128| u128::from(unpack(transpose(pack(m as u64, w, h)), h, w));
            return Board {
                width: self.height,
                height: self.width,
                low: split(t(a)),
                high: split(t(b)),
            };
        }
        self.map_cells(h, w, |r, c| (c, r))
    }

    /// The least of the board's images under the elements of `used` (bit
    /// `e` for element `e` of [`Symmetry`](super::Symmetry): the eight
    /// symmetries of the rectangle, then the same after the colour swap),
    /// and that element's index. Boards of at most 8 × 8 cells compare their
    /// images packed one row per byte (the order of the packed planes is
    /// the row-major one) and unpack only the least. O(1) for them.
    #[must_use]
    pub fn least_image(&self, used: u16) -> (Board, usize) {
        let (w, h) = (self.width(), self.height());
        if w == 0 || h == 0 {
            // No cells: every image is the board itself.
            return (*self, 0);
        }
        if !super::byteboard::fits(w, h) {
            let plain = self.images();
            let mut best = (*self, 0);
            for (e, image) in plain.iter().enumerate() {
                if used >> e & 1 != 0 && *image < best.0 {
                    best = (*image, e);
                }
            }
            if used >> 8 != 0 {
                for (e, image) in plain.iter().enumerate() {
                    let swapped = image.swapped();
                    if used >> (8 + e) & 1 != 0 && swapped < best.0 {
                        best = (swapped, 8 + e);
                    }
                }
            }
            return best;
        }
        use super::byteboard::{mirrors, pack, transpose, unpack};
        let (a, b) = self.planes();
        let (pa, pb) = (pack(a as u64, w, h), pack(b as u64, w, h));
        // Images of the same shape compare as their two packed planes, one
        // 128-bit word; the first of the least in the order below is kept.
        let key = |x: u64, y: u64| (u128::from(x) << 64) | u128::from(y);
        let mut best = (key(pa, pb), 0usize);
        let consider = |best: &mut (u128, usize), k: u128, e: usize| {
            if used >> e & 1 != 0 && k < best.0 {
                *best = (k, e);
            }
        };
        let (ma, mb) = (mirrors(pa, w, h), mirrors(pb, w, h));
        for k in 0..4 {
            consider(&mut best, key(ma[k], mb[k]), k);
            consider(&mut best, key(mb[k], ma[k]), 8 + k);
        }
        // The transposed images are `h` wide: all smaller than the board
        // when it is wider than high, all larger when it is higher than
        // wide (then they are not even made).
        let mut shape = (w, h);
        if used & 0xf0f0 != 0 && h <= w {
            let (ta, tb) = (mirrors(transpose(pa), h, w), mirrors(transpose(pb), h, w));
            let mut turned = (u128::MAX, usize::MAX);
            let into = if h < w { &mut turned } else { &mut best };
            for k in 0..4 {
                consider(into, key(ta[k], tb[k]), 4 + k);
                consider(into, key(tb[k], ta[k]), 12 + k);
            }
            if turned.1 != usize::MAX {
                best = turned;
                shape = (h, w);
            }
        }
        let (k, e) = best;
        if e == 0 {
            return (*self, 0);
        }
        let (bw, bh) = shape;
        let image = Board {
            width: bw as u8,
            height: bh as u8,
            low: split(u128::from(unpack((k >> 64) as u64, bw, bh))),
            high: split(u128::from(unpack(k as u64, bw, bh))),
        };
        (image, e)
    }

    /// The eight images of the board under the symmetries of the rectangle,
    /// in the order of [`Symmetry`](super::Symmetry)'s elements: the four
    /// [`mirrors`](Self::mirrors), then the four mirrors of the transpose.
    #[must_use]
    pub fn images(&self) -> [Board; 8] {
        let m = self.mirrors();
        let t = self.transposed().mirrors();
        [m[0], m[1], m[2], m[3], t[0], t[1], t[2], t[3]]
    }
}

/// What a piece of [`Board::jumps`] jumps and how.
#[derive(Clone, Copy)]
struct Jump {
    piece: Cell,
    over: CellSet,
    capture: bool,
    chain: bool,
}

/// The cells in state `cell` of planes `a`, `b` (see [`Board::mask`]).
#[inline]
fn plane_mask<W: Word>(a: W, b: W, all: W, cell: Cell) -> W {
    match cell {
        Cell::Empty => !a & !b & all,
        Cell::Left => a & !b,
        Cell::Right => !a & b,
        Cell::Blocked => a & b,
    }
}

/// The cells whose state is in `set`, of planes `a`, `b` (see
/// [`Board::mask_of`]).
#[inline]
fn plane_mask_of<W: Word>(a: W, b: W, all: W, set: CellSet) -> W {
    let mut m = W::ZERO;
    for cell in [Cell::Empty, Cell::Left, Cell::Right, Cell::Blocked] {
        if set.contains(cell) {
            m |= plane_mask(a, b, all, cell);
        }
    }
    m
}

/// Planes `a`, `b` with the cells of `m` set to `cell` (see [`Board::with`]).
#[inline]
fn plane_set<W: Word>(a: W, b: W, m: W, cell: Cell) -> (W, W) {
    let code = cell as u8;
    let a = if code & 1 != 0 { a | m } else { a & !m };
    let b = if code & 2 != 0 { b | m } else { b & !m };
    (a, b)
}

/// The masks a flood fill of one board reuses at every step: its
/// [`neighbours`](Board::neighbours) as four to eight shifts by constants
/// and masks, instead of [`Board::shift`]'s general steps.
#[derive(Clone, Copy)]
struct Flood {
    width: u32,
    all: u128,
    /// The cells with a column to their right (east) on the board.
    not_last: u128,
    /// The cells with a column to their left (west).
    not_first: u128,
}

impl Flood {
    const fn new(b: &Board) -> Flood {
        let w = b.width as usize;
        let all = b.all();
        // A board one column wide has no cell with a column beside it.
        let (not_last, not_first) = if w == 0 {
            (0, 0)
        } else {
            (b.columns_below(w - 1), all & !b.columns_below(1))
        };
        Flood {
            width: w as u32,
            all,
            not_last,
            not_first,
        }
    }

    /// [`Board::neighbours`] of `m` (cells of the board). O(1).
    #[inline]
    fn neighbours(&self, m: u128, nbhd: Neighbourhood) -> u128 {
        let (w, all) = (self.width, self.all);
        let (east, west) = ((m & self.not_last) << 1, (m & self.not_first) >> 1);
        let down = |x: u128| if w >= 128 { 0 } else { (x << w) & all };
        let up = |x: u128| if w >= 128 { 0 } else { x >> w };
        let orth = east | west | down(m) | up(m);
        match nbhd {
            Neighbourhood::Orthogonal => orth,
            Neighbourhood::Diagonal => down(east | west) | up(east | west),
            Neighbourhood::King => orth | down(east | west) | up(east | west),
        }
    }

    /// [`Board::region_of`]: the region of `m` around the lowest cell of
    /// `seed & m`. O(cells of the region) steps.
    #[inline]
    fn region(&self, m: u128, seed: u128, nbhd: Neighbourhood) -> u128 {
        let mut region = seed & seed.wrapping_neg() & m;
        loop {
            let grown = (region | self.neighbours(region, nbhd)) & m;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }
}

/// The shifts of a board's planes held in words `W` (see [`Board::shift`]).
#[derive(Clone, Copy)]
struct Shifts<W> {
    width: usize,
    height: usize,
    all: W,
    /// Column 0.
    first_column: W,
}

/// One shift of [`Shifts`]: the cells that stay on the board and how far
/// they move (bits up; negative: down).
#[derive(Clone, Copy)]
struct Step<W> {
    keep: W,
    by: i32,
}

impl<W: Word> Shifts<W> {
    fn new(width: usize, height: usize) -> Self {
        let all = W::low(width * height);
        Shifts {
            width,
            height,
            all,
            first_column: W::of(COLUMN_ZERO[width]) & all,
        }
    }

    /// The cells in the first `k` columns (`k < width`): the row pattern
    /// times column 0, whose copies do not overlap.
    fn columns_below(&self, k: usize) -> W {
        W::low(k).times(self.first_column)
    }

    /// The shift by `dr` rows down and `dc` columns right.
    fn step(&self, dr: i32, dc: i32) -> Step<W> {
        let (w, h) = (self.width as i32, self.height as i32);
        if dr.abs() >= h || dc.abs() >= w {
            return Step { keep: W::ZERO, by: 0 };
        }
        let keep = match dc {
            0 => self.all,
            1.. => self.columns_below((w - dc) as usize),
            _ => self.all & !self.columns_below((-dc) as usize),
        };
        Step {
            keep,
            by: dr * w + dc,
        }
    }
}

impl<W: Word> Step<W> {
    /// The cells of `m` moved; those that leave the board are dropped.
    #[inline]
    fn apply(self, m: W, all: W) -> W {
        let m = m & self.keep;
        if self.by >= 0 {
            (m << self.by as u32) & all
        } else {
            m >> self.by.unsigned_abs()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blocks::{Cells, Symmetry};
    use crate::test_rng::XorShift;

    const KONANE: Cells = Cells::new('.', Some('x'), Some('o'), Some('#'));

    fn board(text: &str) -> Board {
        Board::parse(text, &KONANE).unwrap()
    }

    fn show(b: &Board) -> String {
        b.show(&KONANE)
    }

    fn next_u128(rng: &mut XorShift) -> u128 {
        (u128::from(rng.next_u64()) << 64) | u128::from(rng.next_u64())
    }

    /// A random board of `w × h` cells with every state.
    fn random(rng: &mut XorShift, w: usize, h: usize) -> Board {
        let all = low_bits(w * h);
        let (a, b) = (next_u128(rng) & all, next_u128(rng) & all);
        let (a, b) = match rng.next_u64() % 3 {
            0 => (a, b & next_u128(rng)),
            1 => (a & next_u128(rng), b & next_u128(rng)),
            _ => (a, b),
        };
        Board::new(w, h).unwrap().with_planes(a, b)
    }

    /// Shapes of random boards up to 128 cells, wide and tall.
    fn shapes(rng: &mut XorShift) -> (usize, usize) {
        let w = 1 + (rng.next_u64() % 16) as usize;
        let h = 1 + (rng.next_u64() % (128 / w).min(16) as u64) as usize;
        (w, h)
    }

    /// A random board of a random shape ([`shapes`], [`random`]).
    fn random_board(rng: &mut XorShift) -> Board {
        let (w, h) = shapes(rng);
        random(rng, w, h)
    }

    /// Memo words name boards: equal words exactly for equal boards, over
    /// random boards of every shape (those with words and those without).
    #[test]
    fn memo_words_are_the_boards() {
        let mut rng = XorShift::new(0x05ee_d0fb_0a4d);
        let mut seen = std::collections::HashMap::new();
        let mut words = 0;
        for _ in 0..20_000 {
            let (w, h) = if rng.next_u64().is_multiple_of(2) {
                (
                    1 + (rng.next_u64() % 8) as usize,
                    1 + (rng.next_u64() % 8) as usize,
                )
            } else {
                shapes(&mut rng)
            };
            let b = random(&mut rng, w, h);
            let fits = w <= 8 && h <= 8 && w * h <= 29;
            assert_eq!(b.memo_word().is_some(), fits, "{w}x{h}");
            if let Some(word) = b.memo_word() {
                words += 1;
                assert_eq!(*seen.entry(word).or_insert(b), b, "{w}x{h} {}", show(&b));
            }
        }
        assert!(
            words > 5_000 && seen.len() > 4_000,
            "{words} words, {} boards",
            seen.len()
        );
        assert_eq!(Board::new(0, 3).unwrap().memo_word(), None);
    }

    /// A cell's state by coordinates, or `None` off the board.
    fn get(b: &Board, r: i32, c: i32) -> Option<Cell> {
        (r >= 0 && c >= 0 && (r as usize) < b.height() && (c as usize) < b.width())
            .then(|| b.at(r as usize, c as usize))
    }

    /// The coordinates of every cell of `b`, row by row.
    fn coords(b: &Board) -> impl Iterator<Item = (i32, i32)> {
        let (w, h) = (b.width() as i32, b.height() as i32);
        (0..h).flat_map(move |r| (0..w).map(move |c| (r, c)))
    }

    /// The coordinates of the cells of `b` that hold `piece`, row by row.
    fn holding(b: &Board, piece: Cell) -> impl Iterator<Item = (i32, i32)> + '_ {
        coords(b).filter(move |&(r, c)| get(b, r, c) == Some(piece))
    }

    fn set(b: &Board, r: i32, c: i32, cell: Cell) -> Board {
        b.with(1u128 << (r as usize * b.width() + c as usize), cell)
    }

    fn sorted(mut v: Vec<Board>) -> Vec<Board> {
        v.sort();
        v
    }

    #[test]
    fn shifts_match_the_coordinates() {
        let mut rng = XorShift::new(7);
        for _ in 0..500 {
            let b = random_board(&mut rng);
            let (w, h) = (b.width(), b.height());
            let m = b.mask(Cell::Left);
            for dr in -3..=3 {
                for dc in -3..=3 {
                    let got = b.shift(m, dr, dc);
                    let mut want = 0u128;
                    for (r, c) in coords(&b) {
                        let (sr, sc) = (r - dr, c - dc);
                        if get(&b, sr, sc) == Some(Cell::Left) {
                            want |= 1 << (r as usize * w + c as usize);
                        }
                    }
                    assert_eq!(got, want, "{w}x{h} shift {dr},{dc} of {}", show(&b));
                }
            }
        }
    }

    #[test]
    fn placements_match_the_definition() {
        let mut rng = XorShift::new(11);
        let shapes_tried = [
            Shape::DOMINO_VERTICAL,
            Shape::DOMINO_HORIZONTAL,
            Shape::parse(".#|##").unwrap(),
            Shape::parse("###").unwrap(),
            Shape::MONOMINO,
        ];
        for _ in 0..400 {
            let b = random_board(&mut rng);
            for shape in &shapes_tried {
                let mut got = Vec::new();
                b.place(shape, Cell::Blocked, &mut got);
                let mut want = Vec::new();
                for (r, c) in coords(&b) {
                    let cells: Vec<(i32, i32)> = shape
                        .offsets()
                        .iter()
                        .map(|&(dr, dc)| (r + i32::from(dr), c + i32::from(dc)))
                        .collect();
                    if cells.iter().all(|&(rr, cc)| get(&b, rr, cc) == Some(Cell::Empty)) {
                        let mut n = b;
                        for &(rr, cc) in &cells {
                            n = set(&n, rr, cc, Cell::Blocked);
                        }
                        want.push(n);
                    }
                }
                assert_eq!(sorted(got), sorted(want), "{} on {}", shape, show(&b));
            }
        }
    }

    #[test]
    fn steps_jumps_and_slides_match_the_definition() {
        let mut rng = XorShift::new(13);
        for _ in 0..400 {
            let b = random_board(&mut rng);
            for piece in [Cell::Left, Cell::Right] {
                let enemy = piece.swapped();
                // Steps onto the enemy (Clobber).
                let mut got = Vec::new();
                b.steps(piece, &Dir::ORTHOGONAL, enemy.set(), &mut got);
                let mut want = Vec::new();
                for (r, c) in holding(&b, piece) {
                    for d in Dir::ORTHOGONAL {
                        let (tr, tc) = (r + i32::from(d.dr), c + i32::from(d.dc));
                        if get(&b, tr, tc) == Some(enemy) {
                            want.push(set(&set(&b, r, c, Cell::Empty), tr, tc, piece));
                        }
                    }
                }
                assert_eq!(sorted(got), sorted(want), "steps on {}", show(&b));
                // Jumps: with capture, chained in a line (Konane); without
                // capture or chain (Toads and Frogs); over either colour, in
                // the eight directions.
                for (capture, chain) in [(true, true), (false, false), (true, false), (false, true)] {
                    for over in [enemy.set(), enemy.set().union(piece.set())] {
                        for dirs in [&Dir::ORTHOGONAL[..], &Dir::KING[..]] {
                            let mut got = Vec::new();
                            b.jumps(piece, dirs, over, capture, chain, &mut got);
                            let mut want = Vec::new();
                            for (r, c) in holding(&b, piece) {
                                for d in dirs {
                                    let (dr, dc) = (i32::from(d.dr), i32::from(d.dc));
                                    let (mut n, mut rr, mut cc) = (b, r, c);
                                    while get(&n, rr + dr, cc + dc).is_some_and(|x| over.contains(x))
                                        && get(&n, rr + 2 * dr, cc + 2 * dc) == Some(Cell::Empty)
                                    {
                                        n = set(&n, rr, cc, Cell::Empty);
                                        if capture {
                                            n = set(&n, rr + dr, cc + dc, Cell::Empty);
                                        }
                                        n = set(&n, rr + 2 * dr, cc + 2 * dc, piece);
                                        want.push(n);
                                        if !chain {
                                            break;
                                        }
                                        rr += 2 * dr;
                                        cc += 2 * dc;
                                    }
                                }
                            }
                            assert_eq!(
                                sorted(got),
                                sorted(want),
                                "jumps on {} (capture {capture}, chain {chain})",
                                show(&b)
                            );
                        }
                    }
                }
                // Queen slides, then arrows (Amazons).
                let mut got = Vec::new();
                b.slides_and_shoots(piece, &Dir::KING, Cell::Blocked, &mut got);
                let mut want = Vec::new();
                let ray = |n: &Board, r: i32, c: i32, d: Dir| -> Vec<(i32, i32)> {
                    let mut out = Vec::new();
                    let (mut rr, mut cc) = (r + i32::from(d.dr), c + i32::from(d.dc));
                    while get(n, rr, cc) == Some(Cell::Empty) {
                        out.push((rr, cc));
                        rr += i32::from(d.dr);
                        cc += i32::from(d.dc);
                    }
                    out
                };
                for (r, c) in holding(&b, piece) {
                    for d in Dir::KING {
                        for (tr, tc) in ray(&b, r, c, d) {
                            let moved = set(&set(&b, r, c, Cell::Empty), tr, tc, piece);
                            for d2 in Dir::KING {
                                for (ar, ac) in ray(&moved, tr, tc, d2) {
                                    want.push(set(&moved, ar, ac, Cell::Blocked));
                                }
                            }
                        }
                    }
                }
                assert_eq!(sorted(got), sorted(want), "amazons on {}", show(&b));
            }
        }
    }

    #[test]
    fn the_flood_fill_neighbours_are_the_boards() {
        let mut rng = XorShift::new(29);
        for _ in 0..2000 {
            let b = random_board(&mut rng);
            let flood = Flood::new(&b);
            let m = (u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64())) & b.all();
            for nbhd in [
                Neighbourhood::Orthogonal,
                Neighbourhood::Diagonal,
                Neighbourhood::King,
            ] {
                assert_eq!(
                    flood.neighbours(m, nbhd),
                    b.neighbours(m, nbhd),
                    "{} {nbhd:?}",
                    show(&b)
                );
            }
        }
        // One row of 128 cells, one column of 128.
        for (w, h) in [(128, 1), (1, 128), (64, 2)] {
            let b = Board::new(w, h).unwrap();
            let flood = Flood::new(&b);
            for m in [1u128, 1 << 127, u128::MAX, 0x8000_0001 << 60] {
                let m = m & b.all();
                assert_eq!(
                    flood.neighbours(m, Neighbourhood::King),
                    b.neighbours(m, Neighbourhood::King)
                );
            }
        }
    }

    #[test]
    fn regions_cover_the_cells_once() {
        let mut rng = XorShift::new(17);
        for _ in 0..400 {
            let b = random_board(&mut rng);
            for nbhd in [Neighbourhood::Orthogonal, Neighbourhood::King] {
                let mut parts = Vec::new();
                let split = b.regions(CellSet::IN_PLAY, nbhd, 1, &mut parts);
                let cells = b.mask_of(CellSet::IN_PLAY).count_ones();
                if split {
                    let total: u32 = parts
                        .iter()
                        .map(|p| p.mask_of(CellSet::IN_PLAY).count_ones())
                        .sum();
                    assert_eq!(total, cells, "{}", show(&b));
                    for p in &parts {
                        let m = p.mask_of(CellSet::IN_PLAY);
                        assert_eq!(p.region_of(m, m, nbhd), m, "a part is connected");
                    }
                    for state in [Cell::Left, Cell::Right, Cell::Empty] {
                        let n: u32 = parts.iter().map(|p| p.count(state)).sum();
                        assert_eq!(n, b.count(state));
                    }
                } else {
                    assert!(parts.is_empty());
                    let m = b.mask_of(CellSet::IN_PLAY);
                    assert_eq!(b.region_of(m, m, nbhd), m);
                }
            }
        }
        let b = board("x.#o|..#.");
        let mut parts = Vec::new();
        assert!(b.regions(CellSet::IN_PLAY, Neighbourhood::Orthogonal, 1, &mut parts));
        let shown: Vec<String> = parts.iter().map(show).collect();
        assert_eq!(shown, ["x.|..", "o|."]);
    }

    #[test]
    fn least_images_are_the_least_of_the_images() {
        let mut rng = XorShift::new(23);
        for _ in 0..2000 {
            let b = random_board(&mut rng);
            let used = (rng.next_u64() as u16) | 1;
            let images = b.images();
            let all: Vec<(Board, usize)> = (0..16)
                .filter(|e| used >> e & 1 != 0)
                .map(|e| {
                    if e < 8 {
                        (images[e], e)
                    } else {
                        (images[e - 8].swapped(), e)
                    }
                })
                .collect();
            let want = all.iter().map(|x| x.0).min().unwrap();
            let (got, e) = b.least_image(used);
            assert_eq!(got, want, "{} used {used:#x}", show(&b));
            assert!(all.contains(&(got, e)), "element {e} gives the image");
        }
    }

    #[test]
    fn boards_without_cells_are_their_own_images() {
        for (w, h) in [(0, 0), (0, 2), (3, 0), (0, 9), (12, 0)] {
            let b = Board::new(w, h).unwrap();
            assert_eq!(b.least_image(0xffff), (b, 0));
            assert_eq!(b.mirrors(), [b; 4]);
            assert_eq!((b.transposed().width(), b.transposed().height()), (h, w));
            assert_eq!(Symmetry::ALL.canonical(&b), (b, false));
        }
    }

    #[test]
    fn images_are_the_symmetries_of_the_rectangle() {
        let mut rng = XorShift::new(19);
        for _ in 0..400 {
            let b = random_board(&mut rng);
            let (w, h) = (b.width(), b.height());
            let images = b.images();
            let t = b.map_cells(h, w, |r, c| (c, r));
            assert_eq!(b.transposed(), t);
            let (lr, tb) = (b.mirror_left_right(), b.mirror_top_bottom());
            assert_eq!(lr, b.map_cells(w, h, |r, c| (r, w - 1 - c)));
            assert_eq!(tb, b.map_cells(w, h, |r, c| (h - 1 - r, c)));
            let want = [
                b,
                lr,
                tb,
                lr.mirror_top_bottom(),
                t,
                t.mirror_left_right(),
                t.mirror_top_bottom(),
                t.mirror_left_right().mirror_top_bottom(),
            ];
            assert_eq!(images, want, "{}", show(&b));
            for r in 0..h {
                for c in 0..w {
                    assert_eq!(t.at(c, r), b.at(r, c));
                    assert_eq!(lr.at(r, w - 1 - c), b.at(r, c));
                }
            }
            assert_eq!(b.swapped().swapped(), b);
            assert_eq!(b.swapped().count(Cell::Left), b.count(Cell::Right));
        }
    }
}
