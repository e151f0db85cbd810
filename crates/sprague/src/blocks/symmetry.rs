//! The symmetries of a game played on a board: which images of a position
//! have the same value, and which have the negated value. The transposition
//! key of a position is its least image.

use super::board::Board;
use super::board::Neighbourhood;
use super::cell::CellSet;
use crate::parse_error::ParseError;
use core::fmt;

/// A set of board symmetries that keep a game's value, and a set that negate
/// it.
///
/// The elements are the eight symmetries of the rectangle, in the order of
/// [`Board::images`] (identity, left-right mirror, top-bottom mirror, half
/// turn, and those four after transposing), each alone (elements 0–7) or
/// followed by the colour swap of Left's and Right's pieces (elements
/// 8–15). Bit `e` of `keep` says element `e` maps every position to one of
/// the same value; bit `e` of `negate`, to one of the negated value.
///
/// - Cram, Snort on a grid: [`Symmetry::ALL`] (every image is the same game).
/// - Domineering: the mirrors keep the value, the transposes negate it
///   (vertical and horizontal dominoes trade places):
///   `Symmetry::MIRRORS.transpose_negates()`.
/// - Clobber, Konane: every image keeps it and the colour swap negates it:
///   `Symmetry::ALL.swap_negates()`.
/// - Toads and Frogs on a strip: the mirror with the colour swap negates it:
///   `Symmetry::NONE.mirror_swap_negates()`.
///
/// ```
/// use sprague::blocks::{Board, Cells, Symmetry};
/// let d = Cells::EMPTY_AND_BLOCKED;
/// let sym = Symmetry::MIRRORS.transpose_negates();
/// // A 1×2 row is the transpose of a 2×1 column: the same key, negated.
/// let (row, neg_row) = sym.canonical(&Board::parse("..", &d).unwrap());
/// let (col, neg_col) = sym.canonical(&Board::parse(".|.", &d).unwrap());
/// assert_eq!(row, col);
/// assert_ne!(neg_row, neg_col);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Symmetry {
    keep: u16,
    negate: u16,
}

impl Symmetry {
    /// No symmetry: every position is its own key.
    pub const NONE: Symmetry = Symmetry { keep: 1, negate: 0 };
    /// The left-right mirror (a strip read backwards).
    pub const LEFT_RIGHT: Symmetry = Symmetry {
        keep: 0b11,
        negate: 0,
    };
    /// The four mirrors of the rectangle.
    pub const MIRRORS: Symmetry = Symmetry {
        keep: 0x0f,
        negate: 0,
    };
    /// All eight symmetries of the rectangle, transposes included.
    pub const ALL: Symmetry = Symmetry {
        keep: 0xff,
        negate: 0,
    };

    /// The symmetry with these element sets (bits as in the type's
    /// documentation); the identity is always kept.
    #[must_use]
    pub const fn new(keep: u16, negate: u16) -> Symmetry {
        Symmetry {
            keep: keep | 1,
            negate: negate & !(keep | 1),
        }
    }

    /// The elements that keep the value (bit per element).
    #[must_use]
    pub const fn keeping(self) -> u16 {
        self.keep
    }

    /// The elements that negate the value (bit per element).
    #[must_use]
    pub const fn negating(self) -> u16 {
        self.negate
    }

    /// The same, and the transposes of the kept mirrors negate the value
    /// (as in Domineering).
    #[must_use]
    pub const fn transpose_negates(self) -> Symmetry {
        let t = (self.keep & 0x0f) << 4;
        Symmetry::new(self.keep & !t, self.negate | t)
    }

    /// The same, and each element followed by the colour swap has the
    /// opposite effect (the swap negates the value, as in Clobber).
    #[must_use]
    pub const fn swap_negates(self) -> Symmetry {
        let (k, n) = (self.keep & 0xff, self.negate & 0xff);
        Symmetry::new(k | (n << 8), n | (k << 8))
    }

    /// The same, and the left-right mirror followed by the colour swap
    /// negates the value (Toads and Frogs: toads move right, frogs left).
    #[must_use]
    pub const fn mirror_swap_negates(self) -> Symmetry {
        Symmetry::new(self.keep, self.negate | (1 << 9))
    }

    /// Whether the symmetry uses the colour swap.
    #[must_use]
    pub const fn swaps(self) -> bool {
        (self.keep | self.negate) >> 8 != 0
    }

    /// The least image of `board` under the elements, and whether that
    /// image has the negated value. O(cells) for boards above 8 × 8, a few
    /// word operations below.
    #[must_use]
    pub fn canonical(self, board: &Board) -> (Board, bool) {
        let used = self.keep | self.negate;
        if used == 1 {
            return (*board, false);
        }
        let (image, e) = board.least_image(used);
        // When a kept and a negating element both reach the least image, the
        // board equals its own negative (its value is 0) and either answer
        // is right.
        (image, self.negate >> e & 1 != 0)
    }

    /// Reads a symmetry from words: a base, `none`, `left-right`, `mirrors`
    /// or `all`, then modifiers `transpose-negates`, `swap-negates`,
    /// `mirror-swap-negates` (separated by spaces, commas or `+`).
    ///
    /// # Errors
    /// An unknown word: a [`ParseError`] at it, its message naming it.
    pub fn parse(text: &str) -> Result<Symmetry, ParseError> {
        let mut words = text.split([' ', ',', '+']).filter(|w| !w.is_empty());
        let mut sym = match words.next() {
            None => Symmetry::NONE,
            Some(word) => match word.to_ascii_lowercase().as_str() {
                "none" => Symmetry::NONE,
                "left-right" | "mirror" => Symmetry::LEFT_RIGHT,
                "mirrors" => Symmetry::MIRRORS,
                "all" | "dihedral" => Symmetry::ALL,
                other => {
                    return Err(ParseError::at(
                        format!("unknown symmetry `{other}`: start with none, left-right, mirrors or all"),
                        text,
                        word,
                    ));
                }
            },
        };
        for word in words {
            sym = match word.to_ascii_lowercase().as_str() {
                "transpose-negates" => sym.transpose_negates(),
                "swap-negates" => sym.swap_negates(),
                "mirror-swap-negates" => sym.mirror_swap_negates(),
                other => {
                    return Err(ParseError::at(
                        format!(
                            "unknown symmetry modifier `{other}`: use transpose-negates, swap-negates or mirror-swap-negates"
                        ),
                        text,
                        word,
                    ));
                }
            };
        }
        Ok(sym)
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "keep {:#06x}, negate {:#06x}", self.keep, self.negate)
    }
}

// A board's parts keyed under a symmetry, beside the keys they are replaced by.
impl Board {
    /// The independent parts of the board, as [`regions`](Self::regions)
    /// makes them, each replaced by its key under `symmetry` (its least
    /// image; impartial games only, where every image has the same value):
    /// the components an impartial solver memoises. Returns `false`, adding
    /// nothing, when the board is one region that is its own key.
    pub fn parts(
        &self,
        connect: CellSet,
        nbhd: Neighbourhood,
        min_cells: usize,
        symmetry: Symmetry,
        out: &mut Vec<Board>,
    ) -> bool {
        let start = out.len();
        if !self.regions(connect, nbhd, min_cells, out) {
            let (key, _) = symmetry.canonical(self);
            if key == *self {
                return false;
            }
            out.push(key);
            return true;
        }
        for part in &mut out[start..] {
            *part = symmetry.canonical(part).0;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blocks::Cells;

    #[test]
    fn presets_have_the_expected_elements() {
        let d = Symmetry::MIRRORS.transpose_negates();
        assert_eq!((d.keeping(), d.negating()), (0x0f, 0xf0));
        let c = Symmetry::ALL.swap_negates();
        assert_eq!((c.keeping(), c.negating()), (0x00ff, 0xff00));
        let t = Symmetry::NONE.mirror_swap_negates();
        assert_eq!((t.keeping(), t.negating()), (1, 1 << 9));
        assert_eq!(Symmetry::parse("mirrors transpose-negates").unwrap(), d);
        assert_eq!(Symmetry::parse("all, swap-negates").unwrap(), c);
        assert!(Symmetry::parse("sideways").is_err());
        assert!(Symmetry::parse("all upside-down").is_err());
    }

    #[test]
    fn the_key_is_the_least_image() {
        let cells = Cells::new('.', Some('x'), Some('o'), Some('#'));
        let b = Board::parse("x.o|..#", &cells).unwrap();
        let (key, neg) = Symmetry::ALL.canonical(&b);
        assert!(!neg);
        assert_eq!(Some(&key), b.images().iter().min());
        let (key2, neg2) = Symmetry::ALL.swap_negates().canonical(&b.swapped());
        let (key1, neg1) = Symmetry::ALL.swap_negates().canonical(&b);
        assert_eq!(key1, key2);
        assert_ne!(neg1, neg2);
    }

    #[test]
    fn parse_errors_point_at_the_unknown_word() {
        let e = Symmetry::parse("all, upside-down").unwrap_err();
        assert_eq!((e.column, e.token.as_str()), (6, "upside-down"));
        assert!(e.message.starts_with("unknown symmetry modifier `upside-down`"));
    }
}
