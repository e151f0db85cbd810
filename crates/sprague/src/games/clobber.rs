//! Clobber: a stone captures an orthogonally adjacent stone of the other colour.

use crate::blocks::bitgrid::{self, Geometry, MAX_CELLS, first_column, low_bits};
use crate::registry::Partizan;
use crate::{
    notation::{Notation, ParseError},
    partizan::PartizanRules,
};

/// A Clobber board of at most 128 cells: Left's (black, `x`) and Right's
/// (white, `o`) stones.
///
/// Written as rows joined by `|` with `x`, `o` and `.` (empty): `xo|ox`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct ClobberBoard {
    width: u8,
    height: u8,
    black: u128,
    white: u128,
}

impl ClobberBoard {
    /// A `width × height` board with stones at the set bits of the masks (bit
    /// `row * width + col`); `None` for an empty or oversized board, or a cell
    /// holding two stones.
    #[must_use]
    pub fn new(width: usize, height: usize, black: u128, white: u128) -> Option<Self> {
        if width == 0 || height == 0 || width * height > MAX_CELLS || black & white != 0 {
            return None;
        }
        let all = low_bits(width * height);
        if (black | white) & !all != 0 {
            return None;
        }
        Some(ClobberBoard {
            width: u8::try_from(width).ok()?,
            height: u8::try_from(height).ok()?,
            black,
            white,
        })
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

    /// Left's stones (bit `row * width + col`).
    #[must_use]
    pub const fn black(&self) -> u128 {
        self.black
    }

    /// Right's stones (bit `row * width + col`).
    #[must_use]
    pub const fn white(&self) -> u128 {
        self.white
    }
}

/// The Clobber ruleset. A move takes one of your stones onto an orthogonally
/// adjacent stone of the opponent's, removing it; Left plays black (`x`),
/// Right white (`o`); whoever cannot move loses.
///
/// Components are the connected groups of stones (stones never leave their
/// group, and groups never merge), each cropped to its bounding box; groups of
/// one colour are 0 and dropped. The transposition key is the least image
/// under the eight symmetries of the rectangle, with colours exchanged when
/// that is smaller (the conjugate: value negated).
///
/// ```
/// use sprague::{Notation, PartizanRules, games::Clobber};
/// let board = Clobber.parse_position("xo").unwrap();
/// let mut left = Vec::new();
/// Clobber.left_moves(&board, &mut left);
/// assert_eq!(Clobber.format_position(&left[0]), ".x");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Clobber;

fn captures(p: &ClobberBoard, mine: u128, theirs: u128, left: bool, out: &mut Vec<ClobberBoard>) {
    let (w, h) = (p.width(), p.height());
    let col0 = first_column(w, h);
    let last = col0 << (w - 1);
    let mut stones = mine;
    while stones != 0 {
        let i = stones.trailing_zeros() as usize;
        stones &= stones - 1;
        let bit = 1u128 << i;
        let mut targets = 0u128;
        if bit & last == 0 {
            targets |= bit << 1;
        }
        if bit & col0 == 0 {
            targets |= bit >> 1;
        }
        if i + w < w * h {
            targets |= bit << w;
        }
        if i >= w {
            targets |= bit >> w;
        }
        targets &= theirs;
        while targets != 0 {
            let t = targets & targets.wrapping_neg();
            targets &= targets - 1;
            let (m, o) = ((mine & !bit) | t, theirs & !t);
            out.push(if left {
                ClobberBoard {
                    black: m,
                    white: o,
                    ..*p
                }
            } else {
                ClobberBoard {
                    black: o,
                    white: m,
                    ..*p
                }
            });
        }
    }
}

impl PartizanRules for Clobber {
    type Position = ClobberBoard;

    fn left_moves(&self, p: &ClobberBoard, out: &mut Vec<ClobberBoard>) {
        captures(p, p.black, p.white, true, out);
    }

    fn right_moves(&self, p: &ClobberBoard, out: &mut Vec<ClobberBoard>) {
        captures(p, p.white, p.black, false, out);
    }

    fn decompose(&self, p: &ClobberBoard, out: &mut Vec<ClobberBoard>) -> bool {
        let (w, h) = (p.width(), p.height());
        let geometry = Geometry::new(w, h);
        let stones = p.black | p.white;
        if stones != 0
            && geometry.region_of(stones, stones) == stones
            && geometry.bounding_box(stones) == (0, 0, h, w)
        {
            return false;
        }
        for g in geometry.regions(stones) {
            if g & p.black == 0 || g & p.white == 0 {
                continue; // one colour only: nobody can move
            }
            let (r0, c0, rows, cols) = geometry.bounding_box(g);
            let b = bitgrid::crop(g & p.black, w, r0, c0, rows, cols);
            let wh = bitgrid::crop(g & p.white, w, r0, c0, rows, cols);
            if let Some(board) = ClobberBoard::new(cols, rows, b, wh) {
                out.push(board);
            }
        }
        true
    }

    fn canonical_key(&self, p: &ClobberBoard) -> (ClobberBoard, bool) {
        let (w, h) = (p.width(), p.height());
        let mut best = (w, h, p.black, p.white, false);
        let mut consider = |w: usize, h: usize, b: u128, o: u128| {
            for (x, y, flip) in [(b, o, false), (o, b, true)] {
                if (w, h, x, y) < (best.0, best.1, best.2, best.3) {
                    best = (w, h, x, y, flip);
                }
            }
        };
        let bm = bitgrid::mirrors(p.black, w, h);
        let wm = bitgrid::mirrors(p.white, w, h);
        for k in 0..4 {
            consider(w, h, bm[k], wm[k]);
        }
        let (bt, wt) = (
            bitgrid::transpose(p.black, w, h),
            bitgrid::transpose(p.white, w, h),
        );
        let bm = bitgrid::mirrors(bt, h, w);
        let wm = bitgrid::mirrors(wt, h, w);
        for k in 0..4 {
            consider(h, w, bm[k], wm[k]);
        }
        let (bw, bh, black, white, flip) = best;
        (
            ClobberBoard {
                width: bw as u8,
                height: bh as u8,
                black,
                white,
            },
            flip,
        )
    }
}

impl Notation<ClobberBoard> for Clobber {
    fn parse_position(&self, text: &str) -> Result<ClobberBoard, ParseError> {
        let (w, h, cells) = bitgrid::parse_board(text, "xo.")?;
        let (mut black, mut white) = (0u128, 0u128);
        for (i, &c) in cells.iter().enumerate() {
            match c {
                'x' => black |= 1u128 << i,
                'o' => white |= 1u128 << i,
                _ => {}
            }
        }
        ClobberBoard::new(w, h, black, white).ok_or_else(|| ParseError::new("board too large", 1, ""))
    }

    fn format_position(&self, p: &ClobberBoard) -> String {
        bitgrid::format_board(p.width(), p.height(), |i| {
            if (p.black >> i) & 1 == 1 {
                'x'
            } else if (p.white >> i) & 1 == 1 {
                'o'
            } else {
                '.'
            }
        })
    }

    fn describe_move(&self, from: &ClobberBoard, to: &ClobberBoard) -> String {
        let w = from.width();
        let at = |m: u128| bitgrid::cell_name(m.trailing_zeros() as usize, w);
        let (left_from, right_from) = (from.black & !to.black, from.white & !to.white);
        let (stone, a, b) = if left_from != 0 && to.black & !from.black != 0 {
            ('x', at(left_from), at(to.black & !from.black))
        } else {
            ('o', at(right_from), at(to.white & !from.white))
        };
        format!("{stone} on {a} clobbers {b} ({a}-{b})")
    }
}

// The game's knowledge beyond its rules and notation: none yet (its drawing
// comes from its notation, by name, in `play::board`).
impl crate::definition::Definition<ClobberBoard> for Clobber {}

/// The catalog entry.
pub(crate) const ENTRIES: &[crate::registry::Entry] = &[crate::registry::Entry {
    name: "clobber",
    params: "",
    family: crate::registry::Family::Partizan,
    summary: "move one of your stones onto an orthogonally adjacent enemy stone, removing it; Left plays `x`, Right `o`",
    notation: "rows joined by `|`, `x` Left's stone, `o` Right's, `.` empty, e.g. `xox|oxo`",
    example: "value clobber xox|oxo",
    example2: "value clobber xo",
    rules: "Clobber: a board of Left's stones `x`, Right's stones `o` and empty cells `.`. A move takes one of your stones onto an orthogonally adjacent stone of the other colour, removing that stone. Whoever cannot move loses.",
    known: "Invented in 2001 by M. H. Albert, J. P. Grossman and R. J. Nowakowski. Most small positions are infinitesimals: `xo` is * and `xxo` is ↑ (up).",
    build: Partizan::<Clobber>::build,
}];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{outcome::Outcome, partizan::outcome_by_minimax};

    fn board(s: &str) -> ClobberBoard {
        Clobber.parse_position(s).unwrap()
    }

    fn naive(s: &str, left: bool) -> Vec<String> {
        let g: Vec<Vec<char>> = s.split('|').map(|r| r.chars().collect()).collect();
        let (h, w) = (g.len() as isize, g[0].len() as isize);
        let (me, them) = if left { ('x', 'o') } else { ('o', 'x') };
        let mut out = Vec::new();
        for r in 0..h {
            for c in 0..w {
                if g[r as usize][c as usize] != me {
                    continue;
                }
                for (dr, dc) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                    let (r2, c2) = (r + dr, c + dc);
                    if (0..h).contains(&r2) && (0..w).contains(&c2) && g[r2 as usize][c2 as usize] == them {
                        let mut n = g.clone();
                        n[r as usize][c as usize] = '.';
                        n[r2 as usize][c2 as usize] = me;
                        let rows: Vec<String> = n.iter().map(|x| x.iter().collect()).collect();
                        out.push(rows.join("|"));
                    }
                }
            }
        }
        out.sort();
        out
    }

    fn random_board(seed: u64, w: usize, h: usize) -> String {
        let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let rows: Vec<String> = (0..h)
            .map(|_| {
                (0..w)
                    .map(|_| {
                        x ^= x << 13;
                        x ^= x >> 7;
                        x ^= x << 17;
                        ['x', 'o', 'x', 'o', '.'][(x % 5) as usize]
                    })
                    .collect()
            })
            .collect();
        rows.join("|")
    }

    #[test]
    fn moves_match_the_rules() {
        for seed in 0..300 {
            let s = random_board(seed, 1 + (seed % 5) as usize, 1 + ((seed / 5) % 4) as usize);
            for left in [true, false] {
                let mut out = Vec::new();
                if left {
                    Clobber.left_moves(&board(&s), &mut out);
                } else {
                    Clobber.right_moves(&board(&s), &mut out);
                }
                let mut got: Vec<String> = out.iter().map(|p| Clobber.format_position(p)).collect();
                got.sort();
                assert_eq!(got, naive(&s, left), "{s}");
            }
        }
    }

    #[test]
    fn symmetry_keys_keep_outcomes() {
        for seed in 0..150 {
            let s = random_board(seed, 2 + (seed % 3) as usize, 1 + ((seed / 3) % 3) as usize);
            let b = board(&s);
            let (key, flip) = Clobber.canonical_key(&b);
            let o = outcome_by_minimax(&Clobber, &b);
            let swapped = match o {
                Outcome::L => Outcome::R,
                Outcome::R => Outcome::L,
                x => x,
            };
            assert_eq!(
                outcome_by_minimax(&Clobber, &key),
                if flip { swapped } else { o },
                "{s}"
            );
            let mut parts = Vec::new();
            if Clobber.decompose(&b, &mut parts) {
                for p in &parts {
                    assert!(!Clobber.decompose(p, &mut Vec::new()), "{s}");
                }
            }
        }
    }

    #[test]
    fn notation() {
        assert_eq!(Clobber.format_position(&board("xo.|.ox")), "xo.|.ox");
        assert_eq!(Clobber.parse_position("xo|x#").unwrap_err().column, 5);
        // `xo` = {0|0} = *: whoever moves first wins.
        assert_eq!(outcome_by_minimax(&Clobber, &board("xo")), Outcome::N);
    }
}
