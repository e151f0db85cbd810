//! Domineering: Left places vertical dominoes, Right horizontal ones (Winning Ways, ch. 2).

use crate::blocks::bitgrid::{self, Geometry, MAX_CELLS, first_column, low_bits};
use crate::blocks::byteboard;
use crate::registry::Partizan;
use crate::{
    notation::{Notation, ParseError},
    partizan::PartizanRules,
};

/// A Domineering board of at most 128 cells: which cells are still empty.
///
/// Written as rows joined by `|`, `.` for an empty cell and `#` for a covered
/// or blocked one: `..|..` is the 2×2 board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct DomineeringBoard {
    /// Sides as whole 32-bit words: with the cells the board has no padding
    /// bytes, so the solvers copy it in plain word moves.
    width: u32,
    height: u32,
    /// The empty cells, high word first (so that the derived order is the
    /// numeric one). Boards of at most 8 × 8 ([`byteboard::fits`]) keep
    /// them packed one row a byte (bit `8 * row + col` of the low word, the
    /// high word 0), where moves, regions and symmetries are a few word
    /// operations; larger boards row-major (bit `row * width + col` of the
    /// `u128`). Both layouts order boards of one shape alike. Two words
    /// rather than a `u128` keep the board 8-byte aligned: 24 bytes instead
    /// of 32, which the solvers' memo tables of millions of boards feel.
    cells: [u64; 2],
}

/// The two words of a board's cells, high first.
const fn split(empty: u128) -> [u64; 2] {
    [(empty >> 64) as u64, empty as u64]
}

impl DomineeringBoard {
    /// The empty `width × height` board, or `None` if it has more than 128 cells
    /// or no cells.
    #[must_use]
    pub fn rectangle(width: usize, height: usize) -> Option<Self> {
        Self::from_mask(width, height, low_bits(width * height))
    }

    /// A board whose empty cells are the set bits of `empty` (bit `row * width + col`);
    /// `None` if the board has no cells or more than 128.
    #[must_use]
    pub fn from_mask(width: usize, height: usize, empty: u128) -> Option<Self> {
        if width == 0 || height == 0 || width * height > MAX_CELLS {
            return None;
        }
        let empty = empty & low_bits(width * height);
        let cells = if byteboard::fits(width, height) {
            [0, byteboard::pack(empty as u64, width, height)]
        } else {
            split(empty)
        };
        Some(DomineeringBoard {
            width: u32::try_from(width).ok()?,
            height: u32::try_from(height).ok()?,
            cells,
        })
    }

    /// A packed board (at most 8 × 8) from its packed cells.
    const fn packed(width: usize, height: usize, cells: u64) -> Self {
        DomineeringBoard {
            width: width as u32,
            height: height as u32,
            cells: [0, cells],
        }
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

    /// The empty cells as a bit mask (bit `row * width + col`).
    #[must_use]
    pub fn empty_cells(&self) -> u128 {
        self.empty()
    }

    /// Whether the cells are packed one row a byte.
    #[inline]
    const fn is_packed(&self) -> bool {
        byteboard::fits(self.width(), self.height())
    }

    /// Cells `i` whose vertical domino (`i` and the cell below) fits, row-major.
    fn vertical_slots(&self) -> u128 {
        let w = self.width();
        self.empty() & (self.empty() >> w)
    }

    /// Cells `i` whose horizontal domino (`i` and the cell to its right) fits, row-major.
    fn horizontal_slots(&self) -> u128 {
        let (w, h) = (self.width(), self.height());
        let last = first_column(w, h) << (w - 1);
        self.empty() & (self.empty() >> 1) & !last
    }

    /// Every board after a domino covers cell `i` and cell `i + step` for
    /// each cell `i` of `slots` (row-major; a board that is not packed).
    #[inline]
    fn place(&self, mut slots: u128, step: usize, out: &mut Vec<DomineeringBoard>) {
        let empty = self.empty();
        while slots != 0 {
            let i = slots.trailing_zeros() as usize;
            slots &= slots - 1;
            out.push(self.with_empty(empty & !((1u128 << i) | (1u128 << (i + step)))));
        }
    }

    /// [`place`](Self::place) on a packed board: `slots` and `step` in the
    /// packed layout (8 a row).
    #[inline]
    fn place_packed(&self, mut slots: u64, step: u32, out: &mut Vec<DomineeringBoard>) {
        let e = self.cells[1];
        while slots != 0 {
            let bit = slots & slots.wrapping_neg();
            slots &= slots - 1;
            out.push(DomineeringBoard::packed(
                self.width(),
                self.height(),
                e & !(bit | (bit << step)),
            ));
        }
    }

    /// The board with the row-major cells `empty` (a board that is not packed).
    fn with_empty(&self, empty: u128) -> Self {
        DomineeringBoard {
            cells: split(empty),
            ..*self
        }
    }

    /// The empty cells as one row-major mask (bit `row * width + col`).
    #[inline]
    fn empty(&self) -> u128 {
        if self.is_packed() {
            u128::from(byteboard::unpack(self.cells[1], self.width(), self.height()))
        } else {
            ((self.cells[0] as u128) << 64) | self.cells[1] as u128
        }
    }
}

/// The Domineering ruleset. Left (Vertical) covers two vertically adjacent
/// empty cells, Right (Horizontal) two horizontally adjacent ones; whoever
/// cannot move loses.
///
/// Components are the connected empty regions, each cropped to its bounding
/// box; the transposition key is the least image under the four mirrors, and
/// under the transposes, which exchange the players (the value is negated).
///
/// ```
/// use sprague::{Notation, PartizanRules, games::Domineering};
/// let board = Domineering.parse_position("..|..").unwrap();
/// let mut left = Vec::new();
/// Domineering.left_moves(&board, &mut left);
/// assert_eq!(left.len(), 2);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Domineering;

impl PartizanRules for Domineering {
    type Position = DomineeringBoard;

    fn left_moves(&self, p: &DomineeringBoard, out: &mut Vec<DomineeringBoard>) {
        if p.is_packed() {
            let e = p.cells[1];
            p.place_packed(e & (e >> 8), 8, out);
        } else {
            p.place(p.vertical_slots(), p.width(), out);
        }
    }

    fn right_moves(&self, p: &DomineeringBoard, out: &mut Vec<DomineeringBoard>) {
        if p.is_packed() {
            let e = p.cells[1];
            // A row's last cell pairs with nothing: the columns right of the
            // board are empty, and column 7 is left out of the slots.
            p.place_packed(e & (e >> 1) & byteboard::NOT_COL7, 1, out);
        } else {
            p.place(p.horizontal_slots(), 1, out);
        }
    }

    fn decompose(&self, p: &DomineeringBoard, out: &mut Vec<DomineeringBoard>) -> bool {
        if p.is_packed() {
            decompose_packed(p, out)
        } else {
            decompose_row_major(p, out)
        }
    }

    /// A region where only one player can move is an integer: moves only
    /// cover cells, so the other player never gets a move, and the value is the
    /// longest run of moves the mover can make. Vertical dominoes in different
    /// columns never meet, so for Left that is the sum over each column's runs
    /// of empty cells of ⌊run / 2⌋; for Right, the same over rows, negated.
    /// O(cells).
    fn number_value(&self, p: &DomineeringBoard) -> Option<crate::partizan::Dyadic> {
        if p.is_packed() {
            let e = p.cells[1];
            let (vertical, horizontal) = (e & (e >> 8) != 0, e & (e >> 1) & byteboard::NOT_COL7 != 0);
            let moves = match (vertical, horizontal) {
                (true, true) => return None,
                (true, false) => i64::from(vertical_packing(e)),
                (false, true) => -i64::from(horizontal_packing(e)),
                (false, false) => 0,
            };
            return Some(crate::partizan::Dyadic::integer(moves));
        }
        let (vertical, horizontal) = (p.vertical_slots() != 0, p.horizontal_slots() != 0);
        if vertical && horizontal {
            return None;
        }
        let (w, h) = (p.width(), p.height());
        let cell = |r: usize, c: usize| (p.empty() >> (r * w + c)) & 1 != 0;
        // ⌊run / 2⌋ summed over the runs of empty cells along each line.
        fn pairs(lines: usize, len: usize, empty: impl Fn(usize, usize) -> bool) -> i64 {
            (0..lines)
                .map(|i| {
                    let (mut total, mut run) = (0i64, 0i64);
                    for j in 0..len {
                        if empty(i, j) {
                            run += 1;
                        } else {
                            total += run / 2;
                            run = 0;
                        }
                    }
                    total + run / 2
                })
                .sum()
        }
        let moves = if vertical {
            pairs(w, h, |c, r| cell(r, c))
        } else if horizontal {
            -pairs(h, w, cell)
        } else {
            0
        };
        Some(crate::partizan::Dyadic::integer(moves))
    }

    /// The packed cells of a board of at most 8 × 8: a board's value
    /// depends only on its set of empty cells, and in the packed layout a
    /// cell's bit (`8 * row + col`) does not depend on the board's sides.
    /// Larger boards have none.
    #[inline]
    fn memo_word(&self, key: &DomineeringBoard) -> Option<u64> {
        key.is_packed().then_some(key.cells[1])
    }

    fn canonical_key(&self, p: &DomineeringBoard) -> (DomineeringBoard, bool) {
        if p.is_packed() {
            canonical_key_packed(p)
        } else {
            canonical_key_row_major(p)
        }
    }
}

/// [`Domineering::decompose`] on any board: regions by [`Geometry`], on
/// row-major masks.
fn decompose_row_major(p: &DomineeringBoard, out: &mut Vec<DomineeringBoard>) -> bool {
    let (w, h) = (p.width(), p.height());
    let g = Geometry::new(w, h);
    let empty = p.empty();
    // One lone cell is dropped like the lone cells of larger boards (value 0).
    if empty & empty.wrapping_sub(1) != 0 && g.spans(empty) && g.region_of(empty, empty) == empty {
        return false;
    }
    let mut rest = empty;
    while rest != 0 {
        let region = g.region_of(empty, rest);
        rest &= !region;
        if region & (region - 1) == 0 {
            continue; // a lone cell: value 0
        }
        let (r0, c0, rows, cols) = g.bounding_box(region);
        let cropped = bitgrid::crop(region, w, r0, c0, rows, cols);
        if let Some(b) = DomineeringBoard::from_mask(cols, rows, cropped) {
            out.push(b);
        }
    }
    true
}

/// [`decompose_row_major`] for boards of at most 8 × 8, in the packed
/// layout of [`byteboard`] (the solver's hot path: every option of every
/// position is decomposed).
fn decompose_packed(p: &DomineeringBoard, out: &mut Vec<DomineeringBoard>) -> bool {
    let (w, h) = (p.width(), p.height());
    let empty = p.cells[1];
    // Lone cells (value 0) are dropped at once, not flooded one by one.
    let linked = empty & byteboard::neighbours(empty);
    // The region of the lowest cell, when it was flooded to see whether the
    // board is one region already.
    let mut first = 0;
    if linked == empty && byteboard::spans(empty, w, h) {
        first = byteboard::region(empty, empty);
        if first == empty {
            return false;
        }
    }
    let mut rest = linked;
    while rest != 0 {
        let region = match core::mem::take(&mut first) {
            0 => byteboard::region(empty, rest),
            known => known,
        };
        rest &= !region;
        let (r0, c0, rows, cols) = byteboard::bounding_box(region);
        out.push(DomineeringBoard::packed(
            cols,
            rows,
            byteboard::crop(region, r0, c0),
        ));
    }
    true
}

/// The most vertical dominoes that fit at once in the packed cells `x`: the
/// sum over the columns' runs of empty cells of ⌊run / 2⌋. Each round pairs
/// the top two cells of every run and drops them (a run of one cell is
/// dropped alone). O(longest run).
fn vertical_packing(mut x: u64) -> u32 {
    let mut n = 0;
    while x & (x >> 8) != 0 {
        let tops = x & !(x << 8);
        let pairs = tops & (x >> 8);
        n += pairs.count_ones();
        x &= !(tops | (pairs << 8));
    }
    n
}

/// [`vertical_packing`] along the rows.
fn horizontal_packing(mut x: u64) -> u32 {
    let mut n = 0;
    while x & (x >> 1) & byteboard::NOT_COL7 != 0 {
        let lefts = x & !((x << 1) & byteboard::NOT_COL0);
        let pairs = lefts & (x >> 1) & byteboard::NOT_COL7;
        n += pairs.count_ones();
        x &= !(lefts | (pairs << 1));
    }
    n
}

/// [`Domineering::canonical_key`] on any board. Keys compare (width,
/// height, cells): when the board is narrower than tall only the mirrors can
/// win, when wider only the transposes.
fn canonical_key_row_major(p: &DomineeringBoard) -> (DomineeringBoard, bool) {
    let (w, h) = (p.width(), p.height());
    let (bw, bh, m, flipped) = least_image(
        w,
        h,
        || bitgrid::mirrors(p.empty(), w, h),
        || bitgrid::mirrors(bitgrid::transpose(p.empty(), w, h), h, w),
    );
    // The image has the board's sides, maybe exchanged: it fits a board.
    (DomineeringBoard::from_mask(bw, bh, m).unwrap_or(*p), flipped)
}

/// [`canonical_key_row_major`] for boards of at most 8 × 8, which keep their
/// cells packed: the images are taken and compared in the packed layout,
/// whose order on boards of one shape is the row-major order.
fn canonical_key_packed(p: &DomineeringBoard) -> (DomineeringBoard, bool) {
    let (w, h) = (p.width(), p.height());
    let packed = p.cells[1];
    // [`least_image`] written out for one word a board: the images of one
    // shape compare as words, and only a square board has both shapes.
    let least = |[a, b, c, d]: [u64; 4]| a.min(b).min(c.min(d));
    let upright = || least(byteboard::mirrors(packed, w, h));
    let transposed = || least(byteboard::mirrors(byteboard::transpose(packed), h, w));
    let (bw, bh, m, flipped) = match w.cmp(&h) {
        core::cmp::Ordering::Less => (w, h, upright(), false),
        core::cmp::Ordering::Greater => (h, w, transposed(), true),
        core::cmp::Ordering::Equal => {
            let (u, t) = (upright(), transposed());
            if t < u { (w, h, t, true) } else { (w, h, u, false) }
        }
    };
    (DomineeringBoard::packed(bw, bh, m), flipped)
}

/// The least (width, height, cells) among a `w × h` board's images under
/// the mirrors (`upright`) and under the transposes (`transposed`, which
/// exchange the players: flagged `true`). When the board is narrower than
/// tall only the mirrors can win, when wider only the transposes, so only
/// those are taken. O(1) images.
fn least_image<M: Ord + Copy + Default>(
    w: usize,
    h: usize,
    upright: impl FnOnce() -> [M; 4],
    transposed: impl FnOnce() -> [M; 4],
) -> (usize, usize, M, bool) {
    let mut best: Option<(usize, usize, M, bool)> = None;
    let mut offer = |dims: (usize, usize), images: [M; 4], flipped: bool| {
        for m in images {
            if best.is_none_or(|(bw, bh, bm, _)| (dims.0, dims.1, m) < (bw, bh, bm)) {
                best = Some((dims.0, dims.1, m, flipped));
            }
        }
    };
    if w <= h {
        offer((w, h), upright(), false);
    }
    if h <= w {
        offer((h, w), transposed(), true);
    }
    // Every board is one of the two shapes; the default is never used.
    best.unwrap_or((w, h, M::default(), false))
}

impl Notation<DomineeringBoard> for Domineering {
    /// Rows of `.` (empty) and `#` (blocked) joined by `|`; a shorter row is
    /// padded with `#` on the right, so an L-shaped board is written as its
    /// rows (`...|.`). `WxH` is the empty board W wide and H tall (`3x3`).
    fn parse_position(&self, text: &str) -> Result<DomineeringBoard, ParseError> {
        let rectangle = text.trim().split_once(['x', 'X', '×']).and_then(|(w, h)| {
            let side = |t: &str| {
                t.trim()
                    .parse::<usize>()
                    .ok()
                    .filter(|&n| (1..=bitgrid::MAX_CELLS).contains(&n))
            };
            Some((side(w)?, side(h)?))
        });
        let padded = match rectangle {
            Some((w, h)) if w * h <= bitgrid::MAX_CELLS => vec![".".repeat(w); h].join("|"),
            Some(_) => return Err(ParseError::new("board too large", 1, text.trim())),
            None => {
                // Unknown cells are named at their column in the text as written.
                if let Some((i, c)) = text.chars().enumerate().find(|(_, c)| !".#|".contains(*c)) {
                    return Err(ParseError::new(
                        "unknown cell; expected one of `.`, `#` or `|` between rows",
                        i + 1,
                        c.to_string(),
                    ));
                }
                let rows: Vec<&str> = text.split('|').collect();
                let widest = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0);
                rows.iter()
                    .map(|r| format!("{r}{}", "#".repeat(widest - r.chars().count())))
                    .collect::<Vec<_>>()
                    .join("|")
            }
        };
        let (w, h, cells) = bitgrid::parse_board(&padded, ".#")?;
        let mut empty = 0u128;
        for (i, &c) in cells.iter().enumerate() {
            if c == '.' {
                empty |= 1u128 << i;
            }
        }
        DomineeringBoard::from_mask(w, h, empty).ok_or_else(|| ParseError::new("board too large", 1, ""))
    }

    fn format_position(&self, p: &DomineeringBoard) -> String {
        bitgrid::format_board(p.width(), p.height(), |i| {
            if (p.empty() >> i) & 1 == 1 { '.' } else { '#' }
        })
    }

    fn describe_move(&self, from: &DomineeringBoard, to: &DomineeringBoard) -> String {
        let covered = from.empty() & !to.empty();
        let w = from.width();
        let cells: Vec<String> = (0..128)
            .filter(|i| (covered >> i) & 1 == 1)
            .map(|i| bitgrid::cell_name(i, w))
            .collect();
        let first = covered.trailing_zeros() as usize;
        // Horizontal when the second cell is the next one in the first's
        // row (on a board one cell wide, the next cell is in the next row).
        let kind = if covered >> first == 3 && !(first + 1).is_multiple_of(w) {
            "horizontal"
        } else {
            "vertical"
        };
        format!("{kind} domino {}", cells.join("-"))
    }
}

// The game's knowledge beyond its rules and notation: none yet (its drawing
// comes from its notation, by name, in `play::board`).
impl crate::definition::Definition<DomineeringBoard> for Domineering {}

/// The catalog entry.
pub(crate) const ENTRIES: &[crate::registry::Entry] = &[crate::registry::Entry {
    name: "domineering",
    params: "",
    family: crate::registry::Family::Partizan,
    summary: "Left places vertical dominoes, Right horizontal ones (Winning Ways); whoever cannot move loses",
    notation: "rows joined by `|`, `.` empty and `#` blocked, e.g. `...|...`",
    example: "value domineering ....|....|....|....",
    example2: "value domineering ..|..",
    rules: "Domineering: on a board of empty `.` and blocked `#` cells, Left places vertical dominoes and Right horizontal ones on two empty cells. Whoever cannot place a domino loses.",
    known: "The 2×2 board is ±1 (whoever moves first wins), a 2×1 column is 1 and a 1×2 row −1; sprague computes the canonical value of any small board.",
    build: Partizan::<Domineering>::build,
}];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{outcome::Outcome, partizan::outcome_by_minimax};

    fn board(s: &str) -> DomineeringBoard {
        Domineering.parse_position(s).unwrap()
    }

    /// The packed paths of boards up to 8 × 8 give the same components and
    /// keys as the row-major paths, on random boards of every such shape.
    #[test]
    fn packed_and_row_major_paths_agree() {
        crate::blocks::byteboard::random_boards(|w, h, m, _| {
            let p = DomineeringBoard::from_mask(w, h, u128::from(m)).unwrap();
            let (mut fast, mut slow) = (Vec::new(), Vec::new());
            let split = decompose_packed(&p, &mut fast);
            assert_eq!(split, decompose_row_major(&p, &mut slow), "{w}x{h} {m:b}");
            assert_eq!(fast, slow, "{w}x{h} {m:b}");
            for c in fast.iter().chain([&p]) {
                assert_eq!(
                    canonical_key_packed(c),
                    canonical_key_row_major(c),
                    "{w}x{h} {m:b}"
                );
            }
        });
    }

    /// A packed board's memo word is its set of empty cells: the same
    /// board framed by a blocked column on the right and a blocked row
    /// below has the same word and, by the definition, the same value; and
    /// boards with different empty cells have different words.
    #[test]
    fn memo_words_are_the_empty_cells() {
        use crate::partizan::{GameStore, value_by_definition};
        let mut store = GameStore::new();
        let mut seen = std::collections::HashMap::new();
        for seed in 0..300 {
            let (w, h) = (1 + (seed % 4) as usize, 1 + ((seed / 4) % 4) as usize);
            let text = random_board(seed, w, h);
            let framed = format!(
                "{}|{}",
                text.split('|')
                    .map(|row| format!("{row}#"))
                    .collect::<Vec<_>>()
                    .join("|"),
                "#".repeat(w + 1)
            );
            let (b, f) = (board(&text), board(&framed));
            let word = Domineering.memo_word(&b).unwrap();
            assert_eq!(Some(word), Domineering.memo_word(&f), "{text}");
            assert_eq!(
                value_by_definition(&Domineering, &mut store, &b),
                value_by_definition(&Domineering, &mut store, &f),
                "{text}"
            );
            let cells = (0..h * w)
                .filter(|&i| text.split('|').nth(i / w).unwrap().as_bytes()[i % w] == b'.')
                .map(|i| (i / w, i % w))
                .collect::<Vec<_>>();
            assert_eq!(
                *seen.entry(word).or_insert_with(|| cells.clone()),
                cells,
                "{text}"
            );
        }
        assert_eq!(
            Domineering.memo_word(&DomineeringBoard::rectangle(9, 2).unwrap()),
            None
        );
    }

    /// Moves by a direct reading of the rules on a character grid.
    fn naive_moves(s: &str, vertical: bool) -> Vec<String> {
        let rows: Vec<Vec<char>> = s.split('|').map(|r| r.chars().collect()).collect();
        let (h, w) = (rows.len(), rows[0].len());
        let mut out = Vec::new();
        for r in 0..h {
            for c in 0..w {
                let (r2, c2) = if vertical { (r + 1, c) } else { (r, c + 1) };
                if r2 < h && c2 < w && rows[r][c] == '.' && rows[r2][c2] == '.' {
                    let mut g = rows.clone();
                    g[r][c] = '#';
                    g[r2][c2] = '#';
                    let t: Vec<String> = g.iter().map(|x| x.iter().collect()).collect();
                    out.push(t.join("|"));
                }
            }
        }
        out.sort();
        out
    }

    fn moves(s: &str, vertical: bool) -> Vec<String> {
        let mut out = Vec::new();
        if vertical {
            Domineering.left_moves(&board(s), &mut out);
        } else {
            Domineering.right_moves(&board(s), &mut out);
        }
        let mut v: Vec<String> = out.iter().map(|b| Domineering.format_position(b)).collect();
        v.sort();
        v
    }

    fn random_board(seed: u64, w: usize, h: usize) -> String {
        let mut x = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mut rows = Vec::new();
        for _ in 0..h {
            let mut row = String::new();
            for _ in 0..w {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                row.push(if x.is_multiple_of(4) { '#' } else { '.' });
            }
            rows.push(row);
        }
        rows.join("|")
    }

    #[test]
    fn moves_match_the_rules() {
        for seed in 0..300 {
            let (w, h) = (1 + (seed % 6) as usize, 1 + ((seed / 6) % 5) as usize);
            let s = random_board(seed, w, h);
            assert_eq!(moves(&s, true), naive_moves(&s, true), "{s}");
            assert_eq!(moves(&s, false), naive_moves(&s, false), "{s}");
        }
    }

    #[test]
    fn moves_are_described_by_their_direction() {
        // One cell wide or one tall: the two cells are next in row-major
        // order either way.
        for (text, vertical, want) in [
            (".|.|.", true, "vertical domino a1-a2"),
            ("...", false, "horizontal domino a1-b1"),
            ("..|..", true, "vertical domino a1-a2"),
            ("..|..", false, "horizontal domino a1-b1"),
        ] {
            let from = board(text);
            let mut options = Vec::new();
            if vertical {
                Domineering.left_moves(&from, &mut options);
            } else {
                Domineering.right_moves(&from, &mut options);
            }
            let said: Vec<String> = options
                .iter()
                .map(|to| Domineering.describe_move(&from, to))
                .collect();
            assert!(said.iter().any(|d| d == want), "{text}: {said:?}");
            let other = if vertical { "horizontal" } else { "vertical" };
            assert!(said.iter().all(|d| !d.starts_with(other)), "{text}: {said:?}");
        }
    }

    #[test]
    fn notation_round_trips_and_rejects_bad_boards() {
        for s in ["..|..", "#.#|...", ".", "....|....|....|...."] {
            assert_eq!(Domineering.format_position(&board(s)), s);
        }
        // A shorter row is padded with blocked cells on the right.
        assert_eq!(Domineering.parse_position("...|..").unwrap(), board("...|..#"));
        let e = Domineering.parse_position("...|..x").unwrap_err();
        assert_eq!((e.column, e.token.as_str()), (7, "x"));
        let e = Domineering.parse_position("..|.x").unwrap_err();
        assert_eq!((e.column, e.token.as_str()), (5, "x"));
    }

    #[test]
    fn decomposition_keeps_outcomes_and_symmetry_keys_agree() {
        for seed in 0..120 {
            let (w, h) = (2 + (seed % 3) as usize, 2 + ((seed / 3) % 2) as usize);
            let b = board(&random_board(seed, w, h));
            let mut parts = Vec::new();
            if Domineering.decompose(&b, &mut parts) {
                for p in &parts {
                    let mut again = Vec::new();
                    assert!(!Domineering.decompose(p, &mut again), "components do not split");
                }
            }
            let (key, flipped) = Domineering.canonical_key(&b);
            let o = outcome_by_minimax(&Domineering, &b);
            let k = outcome_by_minimax(&Domineering, &key);
            let expected = if flipped {
                match o {
                    Outcome::L => Outcome::R,
                    Outcome::R => Outcome::L,
                    x => x,
                }
            } else {
                o
            };
            assert_eq!(k, expected, "{}", Domineering.format_position(&b));
        }
    }

    /// One-sided regions take their value by rule: checked against the
    /// definition on random boards (the others must answer `None`).
    #[test]
    fn number_values_match_the_definition() {
        use crate::partizan::{GameStore, value_by_definition};
        let mut store = GameStore::new();
        let mut answered = 0;
        for seed in 0..400 {
            let (w, h) = (1 + (seed % 5) as usize, 1 + ((seed / 5) % 4) as usize);
            let b = board(&random_board(seed, w, h));
            let d = value_by_definition(&Domineering, &mut store, &b);
            match Domineering.number_value(&b) {
                Some(x) => {
                    answered += 1;
                    assert_eq!(store.dyadic(x), d, "{}", Domineering.format_position(&b));
                }
                None => assert!(
                    b.vertical_slots() != 0 && b.horizontal_slots() != 0,
                    "{}",
                    Domineering.format_position(&b)
                ),
            }
        }
        assert!(answered > 50, "{answered}");
    }

    #[test]
    fn small_outcomes_by_minimax() {
        // Winning Ways, ch. 2: the 2×2 board is ±1 (a first-player win); a
        // vertical 1×2 strip is 1 (Left wins); a horizontal one is −1.
        assert_eq!(outcome_by_minimax(&Domineering, &board("..|..")), Outcome::N);
        assert_eq!(outcome_by_minimax(&Domineering, &board(".|.")), Outcome::L);
        assert_eq!(outcome_by_minimax(&Domineering, &board("..")), Outcome::R);
    }
}
