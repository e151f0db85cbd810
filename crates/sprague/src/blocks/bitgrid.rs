//! Rectangular boards of at most 128 cells as bit masks (row-major, bit
//! `row * width + col`): parsing, connected regions, cropping and the eight
//! symmetries of the rectangle. Shared by the grid rulesets.

use super::word::Word;
use crate::parse_error::ParseError;

/// Most cells a board may have.
pub(crate) const MAX_CELLS: usize = 128;

/// Mask of the first `n` bits.
pub(crate) const fn low_bits(n: usize) -> u128 {
    if n >= 128 { u128::MAX } else { (1u128 << n) - 1 }
}

/// Mask of every cell in column 0 of a `width × height` board.
pub(crate) fn first_column(width: usize, height: usize) -> u128 {
    let mut m = 0u128;
    for r in 0..height {
        m |= 1u128 << (r * width);
    }
    m
}

/// The masks a board's neighbourhood computations need, computed once.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Geometry {
    width: usize,
    height: usize,
    all: u128,
    not_first: u128,
    not_last: u128,
}

impl Geometry {
    /// The geometry of a `width × height` board (both at least 1, at most 128 cells).
    pub(crate) fn new(width: usize, height: usize) -> Self {
        let col0 = first_column(width, height);
        Geometry {
            width,
            height,
            all: low_bits(width * height),
            not_first: !col0,
            not_last: !(col0 << (width - 1)),
        }
    }

    /// The cells of `m` and their orthogonal neighbours on the board.
    #[inline]
    pub(crate) fn dilate(&self, m: u128) -> u128 {
        let w = self.width;
        m | ((m & self.not_last) << 1) | ((m & self.not_first) >> 1) | ((m << w) & self.all) | (m >> w)
    }

    /// The connected region of `m` containing the lowest set bit of `seed`.
    /// Boards of at most 64 cells (narrower than 64 columns) take
    /// [`region_of_narrow`](Self::region_of_narrow); larger ones
    /// [`region_of_wide`](Self::region_of_wide).
    #[inline]
    pub(crate) fn region_of(&self, m: u128, seed: u128) -> u128 {
        if self.all >> 64 == 0 && self.width < 64 {
            self.region_of_narrow(m, seed)
        } else {
            self.region_of_wide(m, seed)
        }
    }

    /// [`region_of`](Self::region_of) on 128-bit words: grows the region by
    /// one step of neighbours until it stops changing.
    pub(crate) fn region_of_wide(&self, m: u128, seed: u128) -> u128 {
        let mut region = seed & seed.wrapping_neg();
        loop {
            let grown = self.dilate(region) & m;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    /// [`region_of`](Self::region_of) for boards of at most 64 cells and
    /// fewer than 64 columns, on 64-bit words (half the work of 128-bit
    /// shifts). Each step also takes the rest of every run of cells along a
    /// row rightward from the region at once: adding the region's cells to
    /// the row runs (last column left out, so no carry passes into the next
    /// row) clears exactly the cells the carry ran through.
    pub(crate) fn region_of_narrow(&self, m: u128, seed: u128) -> u128 {
        let w = self.width;
        let (m, all) = (m as u64, self.all as u64);
        let (not_first, not_last) = (self.not_first as u64, self.not_last as u64);
        let runs = m & not_last;
        let seed = seed as u64;
        let mut region = seed & seed.wrapping_neg();
        loop {
            let rightward = runs & !runs.wrapping_add(region & runs);
            let r = region | rightward;
            let grown =
                (r | ((r & not_last) << 1) | ((r & not_first) >> 1) | ((r << w) & all) | (r >> w)) & m;
            if grown == region {
                return u128::from(region);
            }
            region = grown;
        }
    }

    /// The connected (orthogonally) regions of the cells in `m`.
    pub(crate) fn regions(&self, m: u128) -> Vec<u128> {
        let mut rest = m;
        let mut out = Vec::new();
        while rest != 0 {
            let region = self.region_of(m, rest);
            out.push(region);
            rest &= !region;
        }
        out
    }

    /// Whether `m` has a cell in the first and the last row and in the first
    /// and the last column: its bounding box is the whole board. O(1).
    pub(crate) fn spans(&self, m: u128) -> bool {
        let row = low_bits(self.width);
        let last_row = row << (self.width * (self.height - 1));
        m & row != 0 && m & last_row != 0 && m & !self.not_first != 0 && m & !self.not_last != 0
    }

    /// Bounding box of the nonzero mask `m`: (first row, first col, rows, cols).
    pub(crate) fn bounding_box(&self, m: u128) -> (usize, usize, usize, usize) {
        bounding_box(m, self.width, self.height)
    }
}

/// The connected (orthogonally) regions of the cells in `m`.
#[cfg(test)]
pub(crate) fn regions(m: u128, width: usize, height: usize) -> Vec<u128> {
    Geometry::new(width, height).regions(m)
}

/// Bounding box of the nonzero mask `m` on a `width × height` board:
/// (first row, first col, rows, cols); all zero for an empty mask. O(height).
pub(crate) fn bounding_box(m: u128, width: usize, height: usize) -> (usize, usize, usize, usize) {
    let row_mask = low_bits(width);
    let (mut r0, mut r1, mut cols) = (usize::MAX, 0, 0u128);
    for r in 0..height {
        let row = (m >> (r * width)) & row_mask;
        if row != 0 {
            r0 = r0.min(r);
            r1 = r;
            cols |= row;
        }
    }
    if cols == 0 {
        return (0, 0, 0, 0);
    }
    let c0 = cols.trailing_zeros() as usize;
    let c1 = 127 - cols.leading_zeros() as usize;
    (r0, c0, r1 - r0 + 1, c1 - c0 + 1)
}

/// The rows of a `width × height` board, top first: each row's index and its
/// cells as the low `width` bits. O(height).
fn rows(m: u128, width: usize, height: usize) -> impl Iterator<Item = (usize, u128)> {
    let row_mask = low_bits(width);
    (0..height).map(move |r| (r, (m >> (r * width)) & row_mask))
}

/// The cells of `m` inside the box at (`r0`, `c0`) of size `rows × cols`,
/// re-laid on a `cols`-wide board.
pub(crate) fn crop(m: u128, width: usize, r0: usize, c0: usize, rows: usize, cols: usize) -> u128 {
    if cols == width {
        return (m >> (r0 * width)) & low_bits(rows * cols);
    }
    let row_mask = low_bits(cols);
    let mut out = 0u128;
    for r in 0..rows {
        let bits = (m >> ((r0 + r) * width + c0)) & row_mask;
        out |= bits << (r * cols);
    }
    out
}

/// Mirrors a `width × height` board left to right. Boards of at most 64
/// cells reverse the whole word once (a half turn) and put the rows back in
/// order; larger ones reverse each row. O(height) word operations.
#[must_use]
#[inline]
#[cfg(test)]
pub(crate) fn mirror_lr(m: u128, width: usize, height: usize) -> u128 {
    mirror_lr_of([m], width, height)[0]
}

/// Mirrors several masks of one board left to right (see `mirror_lr`), in one pass over its rows.
#[must_use]
#[inline]
pub(crate) fn mirror_lr_of<const K: usize>(ms: [u128; K], width: usize, height: usize) -> [u128; K] {
    let n = width * height;
    if n == 0 {
        return [0; K];
    }
    if n <= 64 {
        let half_turns = ms.map(|m| (m as u64).reverse_bits() >> (64 - n));
        return mirror_tb_narrow(half_turns, width, height).map(u128::from);
    }
    ms.map(|m| {
        rows(m, width, height).fold(0, |out, (r, row)| {
            out | ((row.reverse_bits() >> (128 - width)) << (r * width))
        })
    })
}

/// Mirrors a `width × height` board top to bottom: the rows in reverse
/// order. O(height) word operations, on 64-bit words when the board has at
/// most 64 cells.
#[must_use]
#[inline]
pub(crate) fn mirror_tb(m: u128, width: usize, height: usize) -> u128 {
    if width * height <= 64 {
        return u128::from(mirror_tb_narrow([m as u64], width, height)[0]);
    }
    rows(m, width, height).fold(0, |out, (r, row)| out | (row << ((height - 1 - r) * width)))
}

/// [`mirror_tb`] of several masks of a board of at most 64 cells.
#[inline]
fn mirror_tb_narrow<const K: usize>(ms: [u64; K], width: usize, height: usize) -> [u64; K] {
    if width == 0 || height == 0 {
        return [0; K];
    }
    if width >= 64 {
        return ms;
    }
    let row_mask = (1u64 << width) - 1;
    let (mut rest, mut out) = (ms, [0u64; K]);
    let mut at = (height - 1) * width;
    for _ in 0..height {
        for k in 0..K {
            out[k] |= (rest[k] & row_mask) << at;
            rest[k] >>= width;
        }
        at = at.wrapping_sub(width);
    }
    out
}

/// Bit `r` of mask `k` set for each row `r` of a `width × height` board
/// where `ms[k]` has a cell: several masks of one board in one pass over its
/// rows, on 64-bit words when the board has at most 64 cells. O(height).
#[must_use]
#[inline]
#[cfg(test)]
pub(crate) fn nonempty_rows_of<const K: usize>(ms: [u128; K], width: usize, height: usize) -> [u128; K] {
    if width * height <= 64 {
        if width == 0 {
            return [0; K];
        }
        if width >= 64 {
            return ms.map(|m| u128::from(m as u64 != 0));
        }
        let row_mask = (1u64 << width) - 1;
        let mut rest = ms.map(|m| m as u64);
        let mut out = [0u64; K];
        for r in 0..height {
            for k in 0..K {
                out[k] |= u64::from(rest[k] & row_mask != 0) << r;
                rest[k] >>= width;
            }
        }
        return out.map(u128::from);
    }
    ms.map(|m| rows(m, width, height).fold(0, |out, (r, row)| out | u128::from(row != 0) << r))
}

/// Row-parallel word operations on a `width × height` board (at most 128
/// cells, at most 64 when `W` is `u64`): each row is a field of `width`
/// bits of one word, and the operations act on every row at once with a
/// few additions and masks instead of a loop over the rows. A row's flag is
/// its last column's bit.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RowWords<W> {
    width: usize,
    /// Every cell.
    all: W,
    /// Column 0.
    first: W,
    /// The last column: where each row's flag sits.
    last: W,
}

/// Mask of the bits whose index has bit `j` set, for `j < 7`.
const INDEX_BIT: [u128; 7] = {
    let mut table = [0u128; 7];
    let mut j = 0;
    while j < 7 {
        let mut i = 0;
        while i < 128 {
            if i >> j & 1 == 1 {
                table[j] |= 1u128 << i;
            }
            i += 1;
        }
        j += 1;
    }
    table
};

impl<W: Word> RowWords<W> {
    /// The operations of a `width × height` board whose column 0 is
    /// `first` (at least one column; at most 128 cells, or 64 for `u64`).
    #[inline]
    pub(crate) fn new(width: usize, height: usize, first: u128) -> Self {
        let all = W::low(width * height);
        let first = W::of(first) & all;
        RowWords {
            width,
            all,
            first,
            last: first << (width as u32 - 1),
        }
    }

    /// Column 0.
    #[inline]
    #[must_use]
    pub(crate) fn first(&self) -> W {
        self.first
    }

    /// The last column, which holds the flags of the rows (see
    /// [`row_flags`](Self::row_flags)).
    #[inline]
    #[must_use]
    pub(crate) fn flags(&self) -> W {
        self.last
    }

    /// The flags of the rows `from..to` (row `r` is the bit `r * width +
    /// width - 1`).
    #[inline]
    #[must_use]
    pub(crate) fn flags_of_rows(&self, from: usize, to: usize) -> W {
        self.last & W::low(to * self.width) & !W::low(from * self.width)
    }

    /// The flag of each row where `m` has a cell: the sum of a row's other
    /// columns and all ones there carries into the last column exactly when
    /// one of them is set, and no carry leaves the row. O(1).
    #[inline]
    #[must_use]
    pub(crate) fn row_flags(&self, m: W) -> W {
        let rest = self.all & !self.last;
        ((m & rest).plus(rest) | m) & self.last
    }

    /// Cells (or flags) `f` moved `k` rows up (towards row 0); rows past
    /// the top are dropped.
    #[inline]
    #[must_use]
    pub(crate) fn rows_up(&self, f: W, k: usize) -> W {
        f.down(k * self.width)
    }

    /// Cells (or flags) `f` moved `k` rows down; rows past the bottom are
    /// dropped.
    #[inline]
    #[must_use]
    pub(crate) fn rows_down(&self, f: W, k: usize) -> W {
        f.up(k * self.width) & self.all
    }

    /// In each row, the cells at or east of (at a higher column than) the
    /// row's first cell of `m`; none in a row without one. Each row's
    /// `m | -m`, the negation made row by row: the sum of the low columns
    /// carries into the last column's bit, which is added without carry.
    /// O(1).
    #[inline]
    #[must_use]
    pub(crate) fn east_of_first(&self, m: W) -> W {
        let m = m & self.all;
        let (rest, x) = (self.all & !self.last, self.all ^ m);
        let neg = ((x & rest).plus(self.first & rest)) ^ ((x ^ self.first) & self.last);
        m | neg
    }

    /// The sum of the column numbers of the cells of `m`: for each bit `j`
    /// of a column number, `2^j` times the number of cells of `m` in the
    /// columns with that bit. O(log width).
    #[inline]
    #[must_use]
    pub(crate) fn column_sum(&self, m: W) -> u32 {
        let m = m & self.all;
        let mut total = 0;
        let mut j = 0;
        while j < 7 && (1usize << j) < self.width {
            // The columns with bit j, in every row: one row's pattern times
            // column 0 (the copies do not overlap, so nothing carries).
            let columns = W::of(INDEX_BIT[j] & low_bits(self.width)).times(self.first) & self.all;
            total += (m & columns).ones() << j;
            j += 1;
        }
        total
    }
}

/// Transposes a `width × height` board into a `height × width` one, on
/// 64-bit words when the board has at most 64 cells.
pub(crate) fn transpose(m: u128, width: usize, height: usize) -> u128 {
    if width * height <= 64 {
        return u128::from(transpose_narrow(m as u64, width, height));
    }
    transpose_wide(m, width, height)
}

/// [`transpose`] on 128-bit words (any board).
pub(crate) fn transpose_wide(m: u128, width: usize, height: usize) -> u128 {
    let mut out = 0u128;
    for (r, mut row) in rows(m, width, height) {
        while row != 0 {
            let c = row.trailing_zeros() as usize;
            row &= row - 1;
            out |= 1u128 << (c * height + r);
        }
    }
    out
}

/// [`transpose`] for boards of at most 64 cells.
fn transpose_narrow(m: u64, width: usize, height: usize) -> u64 {
    let row_mask = if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    };
    let mut out = 0u64;
    let mut rest = m;
    for r in 0..height {
        let mut row = rest & row_mask;
        rest = rest.checked_shr(width as u32).unwrap_or(0);
        while row != 0 {
            let c = row.trailing_zeros() as usize;
            row &= row - 1;
            out |= 1u64 << (c * height + r);
        }
    }
    out
}

/// The four images of a board under the mirrors (identity, left-right,
/// top-bottom, both), which keep rows as rows. One pass over the rows, on
/// 64-bit words when the board has at most 64 cells.
pub(crate) fn mirrors(m: u128, width: usize, height: usize) -> [u128; 4] {
    if width * height <= 64 {
        let [_, lr, tb, both] = mirrors_narrow(m as u64, width, height);
        return [m, u128::from(lr), u128::from(tb), u128::from(both)];
    }
    mirrors_wide(m, width, height)
}

/// [`mirrors`] on 128-bit words (any board).
pub(crate) fn mirrors_wide(m: u128, width: usize, height: usize) -> [u128; 4] {
    let mut lr = 0u128;
    let mut tb = 0u128;
    let mut both = 0u128;
    for (r, row) in rows(m, width, height) {
        let rev = if width <= 64 {
            u128::from((row as u64).reverse_bits() >> (64 - width))
        } else {
            row.reverse_bits() >> (128 - width)
        };
        let flipped = (height - 1 - r) * width;
        lr |= rev << (r * width);
        tb |= row << flipped;
        both |= rev << flipped;
    }
    [m, lr, tb, both]
}

/// [`mirrors`] for boards of at most 64 cells.
fn mirrors_narrow(m: u64, width: usize, height: usize) -> [u64; 4] {
    let row_mask = if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    };
    let (mut lr, mut tb, mut both) = (0u64, 0u64, 0u64);
    let mut rest = m;
    for r in 0..height {
        let row = rest & row_mask;
        rest = rest.checked_shr(width as u32).unwrap_or(0);
        let rev = row.reverse_bits() >> (64 - width);
        let at = r * width;
        let flipped = (height - 1 - r) * width;
        lr |= rev << at;
        tb |= row << flipped;
        both |= rev << flipped;
    }
    [m, lr, tb, both]
}

/// Parses a board written as rows joined by `|`, each character one cell.
/// Returns the width, height and the cells row by row.
///
/// # Errors
/// Ragged rows, characters outside `allowed`, an empty board, or more than
/// [`MAX_CELLS`] cells, each with the 1-based column in `text`.
pub(crate) fn parse_board(text: &str, allowed: &str) -> Result<(usize, usize, Vec<char>), ParseError> {
    let mut cells = Vec::new();
    let mut width = None;
    let mut row_len = 0usize;
    let mut rows = 0usize;
    let mut row_start = 1usize;
    let chars: Vec<char> = text.chars().collect();
    let trimmed_len = chars.len();
    for (i, &c) in chars.iter().enumerate() {
        let column = i + 1;
        if c == '|' {
            match width {
                None => width = Some(row_len),
                Some(w) if w != row_len => {
                    return Err(ParseError::new(
                        format!("ragged rows: row {} has {row_len} cells, row 1 has {w}", rows + 1),
                        row_start,
                        chars[row_start - 1..i].iter().collect::<String>(),
                    ));
                }
                Some(_) => {}
            }
            rows += 1;
            row_len = 0;
            row_start = column + 1;
        } else if allowed.contains(c) {
            cells.push(c);
            row_len += 1;
        } else {
            let expected: Vec<String> = allowed.chars().map(|a| format!("`{a}`")).collect();
            return Err(ParseError::new(
                format!(
                    "unknown cell; expected one of {} or `|` between rows",
                    expected.join(", ")
                ),
                column,
                c.to_string(),
            ));
        }
    }
    if let Some(w) = width
        && w != row_len
    {
        return Err(ParseError::new(
            format!("ragged rows: row {} has {row_len} cells, row 1 has {w}", rows + 1),
            row_start,
            chars[row_start - 1..trimmed_len].iter().collect::<String>(),
        ));
    }

    rows += 1;
    if row_len == 0 {
        return Err(ParseError::new("empty row", row_start, ""));
    }
    if cells.len() > MAX_CELLS {
        return Err(ParseError::new(
            format!(
                "board has {} cells; at most {MAX_CELLS} are supported",
                cells.len()
            ),
            1,
            "",
        ));
    }
    Ok((row_len, rows, cells))
}

/// Writes a board: rows joined by `|`, `cell(i)` giving the character of cell `i`.
/// The name of cell `i` of a board `width` cells wide, as the boards are drawn:
/// column letter and row number (`b1` is row 1, column 2), or `(row,col)` on
/// boards wider than 26 columns.
pub(crate) fn cell_name(i: usize, width: usize) -> String {
    let (r, c) = (i / width, i % width);
    if width <= 26 {
        format!("{}{}", char::from(b'a' + c as u8), r + 1)
    } else {
        format!("({},{})", r + 1, c + 1)
    }
}

pub(crate) fn format_board(width: usize, height: usize, cell: impl Fn(usize) -> char) -> String {
    let mut s = String::with_capacity((width + 1) * height);
    for r in 0..height {
        if r > 0 {
            s.push('|');
        }
        for c in 0..width {
            s.push(cell(r * width + c));
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions_and_crop() {
        // ..#
        // #.#
        // ##.
        let m = 0b000_010_011u128 | (1 << 8);
        let rs = regions(m, 3, 3);
        assert_eq!(rs.len(), 2);
        let (r0, c0, rows, cols) = bounding_box(rs[0], 3, 3);
        assert_eq!((r0, c0, rows, cols), (0, 0, 2, 2));
        assert_eq!(crop(rs[0], 3, r0, c0, rows, cols), 0b1011);
    }

    #[test]
    fn mirrors_and_row_flags_match_the_cells() {
        let mut rng = crate::test_rng::XorShift::new(41);
        for (w, h) in [
            (1, 1),
            (1, 64),
            (63, 1),
            (5, 12),
            (3, 2),
            (7, 5),
            (8, 8),
            (9, 7),
            (16, 8),
            (64, 1),
            (64, 2),
            (128, 1),
            (1, 128),
        ] {
            for _ in 0..50 {
                let m = (u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64())) & low_bits(w * h);
                let (lr, tb, rows) = (
                    mirror_lr(m, w, h),
                    mirror_tb(m, w, h),
                    nonempty_rows_of([m], w, h)[0],
                );
                for r in 0..h {
                    let mut any = false;
                    for c in 0..w {
                        let bit = m >> (r * w + c) & 1;
                        any |= bit == 1;
                        assert_eq!(lr >> (r * w + w - 1 - c) & 1, bit, "{w}x{h}");
                        assert_eq!(tb >> ((h - 1 - r) * w + c) & 1, bit, "{w}x{h}");
                    }
                    assert_eq!(rows >> r & 1 == 1, any, "{w}x{h}");
                }
                assert_eq!(rows.checked_shr(h as u32).unwrap_or(0), 0);
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(512))]
        /// The row-parallel operations agree with a plain walk over the
        /// rows and cells.
        #[test]
        fn row_words_match_the_cells(w in 1usize..=128, h in 1usize..=128, hi: u64, lo: u64, hi2: u64, lo2: u64) {
            let h = h.min(128 / w);
            let n = w * h;
            let m = (u128::from(hi) << 64 | u128::from(lo)) & low_bits(n);
            // Sparse masks too, so that rows with one cell or none are common.
            let m2 = m & (u128::from(hi2) << 64 | u128::from(lo2));
            let rw = RowWords::<u128>::new(w, h, first_column(w, h));
            for x in [m, m2, m & m2 & (u128::from(lo2) << 64 | u128::from(hi2))] {
                if n <= 64 {
                    // The 64-bit words agree with the 128-bit ones.
                    let narrow = RowWords::<u64>::new(w, h, first_column(w, h));
                    let y = x as u64;
                    proptest::prop_assert_eq!(narrow.row_flags(y).wide(), rw.row_flags(x));
                    proptest::prop_assert_eq!(narrow.east_of_first(y).wide(), rw.east_of_first(x));
                    proptest::prop_assert_eq!(narrow.column_sum(y), rw.column_sum(x));
                    for k in 0..3 {
                        proptest::prop_assert_eq!(narrow.rows_up(y, k).wide(), rw.rows_up(x, k));
                        proptest::prop_assert_eq!(narrow.rows_down(y, k).wide(), rw.rows_down(x, k));
                    }
                    proptest::prop_assert_eq!(narrow.flags().wide(), rw.flags());
                    proptest::prop_assert_eq!(narrow.first().wide(), rw.first());
                    proptest::prop_assert_eq!(narrow.flags_of_rows(1.min(h), h).wide(), rw.flags_of_rows(1.min(h), h));
                }
                let (flags, east, sum) = (rw.row_flags(x), rw.east_of_first(x), rw.column_sum(x));
                let mut plain_sum = 0;
                for r in 0..h {
                    let row = x >> (r * w) & low_bits(w);
                    proptest::prop_assert_eq!(flags >> (r * w + w - 1) & 1 == 1, row != 0);
                    let first = if row == 0 { w } else { row.trailing_zeros() as usize };
                    for c in 0..w {
                        proptest::prop_assert_eq!(east >> (r * w + c) & 1 == 1, c >= first, "{}x{} row {} col {}", w, h, r, c);
                        plain_sum += (row >> c & 1) as u32 * c as u32;
                    }
                }
                proptest::prop_assert_eq!(flags & !rw.flags(), 0);
                proptest::prop_assert_eq!(sum, plain_sum);
                for k in 0..3 {
                    let up = rw.rows_up(flags, k);
                    let down = rw.rows_down(flags, k);
                    for r in 0..h {
                        let bit = |f: u128, row: usize| f >> (row * w + w - 1) & 1;
                        proptest::prop_assert_eq!(bit(up, r), if r + k < h { bit(flags, r + k) } else { 0 });
                        proptest::prop_assert_eq!(bit(down, r), if r >= k { bit(flags, r - k) } else { 0 });
                    }
                    proptest::prop_assert_eq!(up & !rw.flags(), 0);
                    proptest::prop_assert_eq!(down & !rw.flags(), 0);
                }
                for from in 0..=h {
                    for to in from..=h {
                        let f = rw.flags_of_rows(from, to);
                        proptest::prop_assert_eq!(f.count_ones() as usize, to - from);
                        proptest::prop_assert_eq!(f & !rw.flags(), 0);
                        proptest::prop_assert_eq!(f & low_bits(from * w), 0);
                    }
                }
            }
        }
    }

    #[test]
    fn symmetries_are_involutions() {
        // 3 wide, 2 tall: row 0 = `..#` (bits 0,1 empty), row 1 = `#.#`.
        let m = 0b010_011u128;
        assert_eq!(mirror_lr(m, 3, 2), 0b010_110);
        assert_eq!(mirror_tb(m, 3, 2), 0b011_010);
        assert_eq!(transpose(m, 3, 2), 0b00_11_01);
        assert_eq!(transpose(transpose(m, 3, 2), 2, 3), m);
        for x in mirrors(m, 3, 2) {
            assert_eq!(x.count_ones(), 3);
            assert_eq!(mirror_lr(mirror_lr(x, 3, 2), 3, 2), x);
        }
    }

    /// The region of `seed`'s lowest cell by a plain breadth-first search.
    fn region_by_search(m: u128, seed: u128, w: usize, h: usize) -> u128 {
        let mut region = 0u128;
        let mut todo = vec![seed.trailing_zeros() as usize];
        while let Some(i) = todo.pop() {
            if (m >> i) & 1 == 0 || (region >> i) & 1 == 1 {
                continue;
            }
            region |= 1 << i;
            let (r, c) = (i / w, i % w);
            if c > 0 {
                todo.push(i - 1);
            }
            if c + 1 < w {
                todo.push(i + 1);
            }
            if r > 0 {
                todo.push(i - w);
            }
            if r + 1 < h {
                todo.push(i + w);
            }
        }
        region
    }

    /// The 64-bit paths agree with the 128-bit ones and with a plain search
    /// on random boards of every shape up to 64 cells.
    #[test]
    fn narrow_paths_match_wide_ones() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for w in 1..=64usize {
            for h in 1..=64 / w {
                let g = Geometry::new(w, h);
                for _ in 0..20 {
                    // Dense and sparse boards.
                    let (a, b) = (next(), next());
                    let m = u128::from(if b % 2 == 0 { a | next() } else { a & next() }) & low_bits(w * h);
                    if m == 0 {
                        continue;
                    }
                    let seed = m & !u128::from(next()) | (m & m.wrapping_neg());
                    let want = region_by_search(m, seed, w, h);
                    // The narrow path serves boards under 64 columns only.
                    if w < 64 {
                        assert_eq!(g.region_of_narrow(m, seed), want, "{w}x{h} {m:b}");
                    }
                    assert_eq!(g.region_of_wide(m, seed), want, "{w}x{h} {m:b}");
                    assert_eq!(g.region_of(m, seed), want);
                    assert_eq!(mirrors(m, w, h), mirrors_wide(m, w, h), "{w}x{h} {m:b}");
                    assert_eq!(transpose(m, w, h), transpose_wide(m, w, h), "{w}x{h} {m:b}");
                    assert_eq!(g.spans(m), g.bounding_box(m) == (0, 0, h, w));
                }
            }
        }
    }

    #[test]
    fn parse_errors_have_columns() {
        assert_eq!(parse_board("..|...", ".#").unwrap_err().column, 4);
        assert_eq!(parse_board("..|.x", ".#").unwrap_err().column, 5);
        assert_eq!(parse_board("..|..", ".#").unwrap(), (2, 2, vec!['.'; 4]));
    }
}
