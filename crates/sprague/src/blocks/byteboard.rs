//! Boards of at most 8 × 8 cells packed one row per byte (bit `8 * row +
//! col` of a `u64`): the fast path of the grid rulesets' decomposition and
//! symmetry keys.
//!
//! In this layout every row has the same stride whatever the board's width,
//! so a board's symmetries are a few whole-word operations (a byte swap
//! mirrors top to bottom, a bit reversal inside each byte mirrors left to
//! right, three delta swaps transpose), its bounding box is read off with
//! leading and trailing zero counts, and cropping is one shift. The columns
//! right of the board are zero and act as guards. Boards stored row-major at
//! their own width ([`super::bitgrid`]) are converted with [`pack`] and
//! [`unpack`]. Every function here is checked against its counterpart in
//! `bitgrid` on random boards of every shape.

/// Whether a `width × height` board fits the packed layout.
#[inline]
pub(crate) const fn fits(width: usize, height: usize) -> bool {
    width <= 8 && height <= 8
}

/// Every cell except those in column 7.
pub(crate) const NOT_COL7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
/// Every cell except those in column 0.
pub(crate) const NOT_COL0: u64 = 0xfefe_fefe_fefe_fefe;
/// The cells of column 0.
const COL0: u64 = 0x0101_0101_0101_0101;

/// The low `n` bits of a byte (`n <= 8`).
#[inline]
const fn row_mask(n: usize) -> u64 {
    (1u64 << n) - 1
}

/// The three moves that carry a row-major board of width `w < 8` into the
/// packed layout: row `r` must move `r * (8 - w)` bits up, which is done
/// for the bits of `r` in turn, 4, 2 and 1. `masks[i]` holds the rows that
/// move at step `i` (in the layout before that step) and `shifts[i]` how
/// far they move.
#[derive(Clone, Copy)]
struct Spread {
    masks: [u64; 3],
    shifts: [u32; 3],
}

/// [`Spread`] for width `w` (`1 <= w < 8`).
const fn spread(w: usize) -> Spread {
    let d = (8 - w) as u32;
    let rows2 = (1u64 << (2 * w)) - 1;
    let row = row_mask(w);
    Spread {
        // Step 4: rows 4 to 7, everything from bit 4w up.
        // Step 2: rows 2 and 3 of each group of four (the groups now start
        // at bits 0 and 32).
        // Step 1: the odd rows (the pairs now start at 0, 16, 32 and 48).
        masks: [
            !0u64 << (4 * w),
            (rows2 << (2 * w)) | (rows2 << (32 + 2 * w)),
            (row << w) * 0x0001_0001_0001_0001,
        ],
        shifts: [4 * d, 2 * d, d],
    }
}

/// [`spread`] of every width below 8 (index 0 unused).
const SPREADS: [Spread; 8] = {
    let mut t = [Spread {
        masks: [0; 3],
        shifts: [0; 3],
    }; 8];
    let mut w = 1;
    while w < 8 {
        t[w] = spread(w);
        w += 1;
    }
    t
};

/// The cells of a `width × height` board in the packed layout.
#[inline]
fn packed_cells(width: usize, height: usize) -> u64 {
    let rows = if height >= 8 {
        !0u64
    } else {
        (1u64 << (8 * height)) - 1
    };
    (row_mask(width) * COL0) & rows
}

/// A board stored row-major at its own `width` (bit `row * width + col`,
/// at most 64 cells) in the packed layout. O(1): three masked shifts, one
/// for each bit of the row index.
#[inline]
pub(crate) fn pack(m: u64, width: usize, height: usize) -> u64 {
    if width >= 8 {
        return m;
    }
    if width == 0 || height == 0 {
        return 0;
    }
    let cells = width * height; // < 64: width < 8 and height <= 8
    let mut x = m & ((1u64 << cells) - 1);
    let s = &SPREADS[width];
    for i in 0..3 {
        x = (x & !s.masks[i]) | ((x & s.masks[i]) << s.shifts[i]);
    }
    x
}

/// The inverse of [`pack`]: the packed board `p` stored row-major at its
/// own `width`. O(1): [`pack`]'s three moves undone in reverse order.
#[inline]
pub(crate) fn unpack(p: u64, width: usize, height: usize) -> u64 {
    if width >= 8 {
        return p;
    }
    if width == 0 || height == 0 {
        return 0;
    }
    let mut x = p & packed_cells(width, height);
    let s = &SPREADS[width];
    for i in (0..3).rev() {
        let moved = s.masks[i] << s.shifts[i];
        x = (x & !moved) | ((x & moved) >> s.shifts[i]);
    }
    x
}

/// The connected (orthogonally) region of `m` holding the lowest cell of
/// `seed`. Each step adds the neighbours of the region and, along every row,
/// the rest of each run of cells rightward from it at once (adding the
/// region's cells to the runs, column 7 left out so that no carry enters the
/// next row, clears exactly the cells the carry passed through). O(steps),
/// at most the number of cells.
#[inline]
pub(crate) fn region(m: u64, seed: u64) -> u64 {
    let runs = m & NOT_COL7;
    let mut region = seed & seed.wrapping_neg();
    loop {
        let rightward = runs & !runs.wrapping_add(region & runs);
        let r = region | rightward;
        let grown = (r | ((r << 1) & NOT_COL0) | ((r >> 1) & NOT_COL7) | (r << 8) | (r >> 8)) & m;
        if grown == region {
            return region;
        }
        region = grown;
    }
}

/// The cells next to a cell of `p` (left, right, above or below), in the
/// packed layout: `p` grown by one step in each direction, `p` itself
/// excepted where no cell of `p` is next to it. O(1).
#[inline]
pub(crate) const fn neighbours(p: u64) -> u64 {
    ((p << 1) & NOT_COL0) | ((p >> 1) & NOT_COL7) | (p << 8) | (p >> 8)
}

/// The columns holding a cell of `p`, as the low byte. O(1).
#[inline]
fn columns(p: u64) -> u64 {
    let mut x = p | (p >> 32);
    x |= x >> 16;
    x |= x >> 8;
    x & 0xff
}

/// Bounding box of the nonzero packed board `p`: (first row, first col,
/// rows, cols). O(1).
#[inline]
pub(crate) fn bounding_box(p: u64) -> (usize, usize, usize, usize) {
    let r0 = p.trailing_zeros() as usize / 8;
    let r1 = (63 - p.leading_zeros() as usize) / 8;
    let cols = columns(p);
    let c0 = cols.trailing_zeros() as usize;
    let c1 = 63 - cols.leading_zeros() as usize;
    (r0, c0, r1 - r0 + 1, c1 - c0 + 1)
}

/// Whether the packed board `p` has a cell in the first and last row and
/// column of a `width × height` board: its bounding box is the whole board. O(1).
#[inline]
pub(crate) fn spans(p: u64, width: usize, height: usize) -> bool {
    p & 0xff != 0 && (p >> (8 * (height - 1))) & 0xff != 0 && p & COL0 != 0 && p & (COL0 << (width - 1)) != 0
}

/// The cells of `p` inside the box at (`r0`, `c0`) moved to the corner:
/// the box itself as a board, when `p` has no cell outside it. O(1).
#[inline]
pub(crate) const fn crop(p: u64, r0: usize, c0: usize) -> u64 {
    // Cells of a lower column of the next row would cross into this one:
    // there are none, the box starts at column c0.
    p >> (8 * r0 + c0)
}

/// The four images of a packed `width × height` board under the mirrors
/// (identity, left-right, top-bottom, both). O(1).
#[inline]
pub(crate) fn mirrors(p: u64, width: usize, height: usize) -> [u64; 4] {
    // Reversing all 64 bits and then the bytes reverses each byte in place;
    // a row's cells then sit in the high bits of its byte, and the shift
    // brings them down (the bits it moves across bytes are empty columns).
    let lr = p.reverse_bits().swap_bytes() >> (8 - width);
    let down = 8 * (8 - height);
    let tb = p.swap_bytes() >> down;
    let both = lr.swap_bytes() >> down;
    [p, lr, tb, both]
}

/// The transpose of a packed board: cell (row, col) goes to (col, row), so a
/// `width × height` board becomes a `height × width` one. Three delta swaps
/// exchange the off-diagonal 1×1, 2×2 and 4×4 blocks of the 8 × 8 matrix
/// (Warren, *Hacker's Delight*, 2nd ed., section 7-3). O(1).
#[inline]
pub(crate) const fn transpose(p: u64) -> u64 {
    let mut x = p;
    let t = (x ^ (x >> 7)) & 0x00aa_00aa_00aa_00aa;
    x ^= t ^ (t << 7);
    let t = (x ^ (x >> 14)) & 0x0000_cccc_0000_cccc;
    x ^= t ^ (t << 14);
    let t = (x ^ (x >> 28)) & 0x0000_0000_f0f0_f0f0;
    x ^= t ^ (t << 28);
    x
}

/// Calls `f(width, height, cells, seed)` on 200 random boards of every
/// shape up to 8 × 8 (row-major cells, dense and sparse, and a seed holding
/// the lowest cell and some others), for tests of the grid paths.
#[cfg(test)]
pub(crate) fn random_boards(mut f: impl FnMut(usize, usize, u64, u64)) {
    use super::bitgrid::low_bits;
    let mut rng = crate::test_rng::XorShift::new(0x2545_F491_4F6C_DD1D);
    let mut next = || rng.next_u64();
    for w in 1..=8usize {
        for h in 1..=8usize {
            for _ in 0..200 {
                let (a, b, c) = (next(), next(), next());
                let m = (if b % 2 == 0 { a | c } else { a & c }) & low_bits(w * h) as u64;
                let seed = (m & !next()) | (m & m.wrapping_neg());
                f(w, h, m, seed);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blocks::bitgrid::{self, Geometry, low_bits};

    /// Every packed operation agrees with the row-major one of `bitgrid`
    /// on random dense and sparse boards of every shape up to 8 × 8.
    #[test]
    fn packed_operations_match_the_row_major_ones() {
        random_boards(|w, h, m, seed| {
            let p = pack(m, w, h);
            assert_eq!(unpack(p, w, h), m);
            assert_eq!(p & !pack(low_bits(w * h) as u64, w, h), 0);
            let images = mirrors(p, w, h);
            let want = bitgrid::mirrors(u128::from(m), w, h);
            for (got, want) in images.iter().zip(want) {
                assert_eq!(u128::from(unpack(*got, w, h)), want, "{w}x{h} {m:b}");
            }
            let t = bitgrid::transpose(u128::from(m), w, h);
            assert_eq!(u128::from(unpack(transpose(p), h, w)), t, "{w}x{h} {m:b}");
            if m == 0 {
                return;
            }
            let g = Geometry::new(w, h);
            let r = g.region_of(u128::from(m), u128::from(seed));
            assert_eq!(
                u128::from(unpack(region(p, pack(seed, w, h)), w, h)),
                r,
                "{w}x{h} {m:b}"
            );
            let bb = g.bounding_box(u128::from(m));
            assert_eq!(bounding_box(p), bb, "{w}x{h} {m:b}");
            assert_eq!(spans(p, w, h), g.spans(u128::from(m)));
            let (r0, c0, rows, cols) = bb;
            let cropped = bitgrid::crop(u128::from(m), w, r0, c0, rows, cols);
            assert_eq!(u128::from(unpack(crop(p, r0, c0), cols, rows)), cropped);
        });
    }

    /// The packed order of two boards of one shape is their row-major order
    /// (rows and columns keep their significance), so the least packed image
    /// is the least row-major one.
    #[test]
    fn packing_keeps_the_order_of_boards() {
        let mut previous: Option<(usize, usize, u64)> = None;
        random_boards(|w, h, m, _| {
            if let Some((pw, ph, pm)) = previous
                && (pw, ph) == (w, h)
            {
                assert_eq!(pack(m, w, h).cmp(&pack(pm, w, h)), m.cmp(&pm), "{w}x{h}");
            }
            previous = Some((w, h, m));
        });
    }
}
