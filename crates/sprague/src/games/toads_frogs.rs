//! Toads and Frogs (Winning Ways, ch. 1): toads (Left) hop rightward, frogs
//! (Right) leftward, on a strip of squares.

use crate::registry::Partizan;
use crate::{
    notation::{Notation, ParseError},
    partizan::PartizanRules,
};

/// Most squares of a strip.
const MAX_LEN: usize = 64;

/// A strip of at most 64 squares, each holding a toad, a frog, or nothing.
///
/// Written left to right with `T` (toad), `F` (frog) and `.` (empty), e.g.
/// `TT..FF`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct ToadsFrogsStrip {
    /// The length as a whole word: a strip has no padding bytes, so the
    /// solvers copy it (and pair it with a flag) in plain word moves.
    len: u64,
    toads: u64,
    frogs: u64,
}

impl ToadsFrogsStrip {
    /// A strip of `len` squares with toads and frogs at the set bits of the
    /// masks (bit `i` is square `i` from the left); `None` if `len > 64` or a
    /// square holds both or lies beyond the strip.
    #[must_use]
    pub fn new(len: usize, toads: u64, frogs: u64) -> Option<Self> {
        let all = mask(len);
        if len > MAX_LEN || toads & frogs != 0 || (toads | frogs) & !all != 0 {
            return None;
        }
        Some(ToadsFrogsStrip {
            len: len as u64,
            toads,
            frogs,
        })
    }

    /// Number of squares.
    #[must_use]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the strip has no squares.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Squares holding toads (bit `i` is square `i`).
    #[must_use]
    pub const fn toads(&self) -> u64 {
        self.toads
    }

    /// Squares holding frogs (bit `i` is square `i`).
    #[must_use]
    pub const fn frogs(&self) -> u64 {
        self.frogs
    }

    fn cell(&self, i: usize) -> char {
        if (self.toads >> i) & 1 == 1 {
            'T'
        } else if (self.frogs >> i) & 1 == 1 {
            'F'
        } else {
            '.'
        }
    }

    /// The strip with its toads and frogs at the masks `toads` and `frogs`
    /// (disjoint subsets of its squares).
    pub(crate) const fn with_pieces(&self, toads: u64, frogs: u64) -> Self {
        ToadsFrogsStrip {
            len: self.len,
            toads,
            frogs,
        }
    }

    /// The empty squares of the strip as a bit mask.
    pub(crate) fn empty(&self) -> u64 {
        mask(self.len()) & !(self.toads | self.frogs)
    }

    /// Every strip after one toad (`toads`) or one frog steps one square
    /// onto an empty square: forward (toads rightward, frogs leftward) or,
    /// when `forward` is false, backward. For the variants without jumps
    /// (Elephants and Rhinos) or with steps back (Backsliding Toads and
    /// Frogs). O(pieces).
    pub(crate) fn steps(&self, toads: bool, forward: bool, out: &mut Vec<ToadsFrogsStrip>) {
        let (mine, empty) = (if toads { self.toads } else { self.frogs }, self.empty());
        let rightward = toads == forward;
        let mut movers = mine & if rightward { empty >> 1 } else { empty << 1 };
        while movers != 0 {
            let bit = movers & movers.wrapping_neg();
            movers &= movers - 1;
            let moved = (mine & !bit) | if rightward { bit << 1 } else { bit >> 1 };
            out.push(if toads {
                self.with_pieces(moved, self.frogs)
            } else {
                self.with_pieces(self.toads, moved)
            });
        }
    }

    /// The runs of squares between the squares of `walls` that hold a
    /// toad or a frog, each as a strip of its own, leftmost first: the parts
    /// of a strip whose `walls` never move and cannot be passed. O(runs).
    pub(crate) fn split_at(&self, walls: u64, out: &mut Vec<ToadsFrogsStrip>) {
        for (start, end) in self.runs(walls) {
            self.push_part(start, end, out);
        }
    }

    /// The maximal runs of squares outside `walls`, as `start..end` square
    /// ranges, leftmost first. O(1) a run.
    #[inline]
    fn runs(&self, walls: u64) -> impl Iterator<Item = (usize, usize)> {
        let mut rest = !walls & mask(self.len());
        core::iter::from_fn(move || {
            if rest == 0 {
                return None;
            }
            let start = rest.trailing_zeros() as usize;
            let len = (rest >> start).trailing_ones() as usize;
            rest &= !(mask(len) << start);
            Some((start, start + len))
        })
    }

    /// Pushes the squares `start..end` as a strip of their own when they
    /// hold a toad or a frog.
    #[inline]
    fn push_part(&self, start: usize, end: usize, out: &mut Vec<ToadsFrogsStrip>) {
        let part = self.slice(start, end);
        if part.toads | part.frogs != 0 {
            out.push(part);
        }
    }

    /// The squares `start..end` as a strip of their own.
    fn slice(&self, start: usize, end: usize) -> ToadsFrogsStrip {
        let m = mask(end - start);
        ToadsFrogsStrip {
            len: (end - start) as u64,
            toads: (self.toads >> start) & m,
            frogs: (self.frogs >> start) & m,
        }
    }
}

/// Each byte with its bits in reverse order.
const REVERSED_BYTES: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = (b as u8).reverse_bits();
        b += 1;
    }
    table
};

/// The squares `0..n` of the mask `m` in reverse order (square `i` to
/// square `n - 1 - i`), for `1 <= n <= 64`: by two look-ups in a table of
/// 256 bytes for strips of up to 16 squares (the word reversal costs
/// about twenty instructions without a bit-reversal instruction, and the
/// solver takes one for every component it keys), by the word's reversal
/// beyond. O(1).
#[inline]
fn reversed(m: u64, n: u64) -> u64 {
    if n <= 16 {
        let low = u64::from(REVERSED_BYTES[(m & 0xFF) as usize]) << 8;
        let high = u64::from(REVERSED_BYTES[((m >> 8) & 0xFF) as usize]);
        (low | high) >> (16 - n)
    } else {
        m.reverse_bits() >> (64 - n)
    }
}

/// Mask of the first `n` squares of a strip.
pub(crate) const fn mask(n: usize) -> u64 {
    if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }
}

/// The moves of the pieces `mine` (the toads or the frogs): each slides one
/// square forward onto an empty square, or else jumps one piece of `theirs`
/// onto the empty square beyond. `ahead(m, k)` moves every square of the
/// mask `m` `k` squares back, so that bit `i` of `ahead(empty, 1)` tells
/// whether the square one ahead of square `i` is empty (squares off the
/// strip are never empty); `f` receives, for each piece that can move,
/// lowest square first, its square's bit and the bit of the square it lands
/// on. All movers are found at once with a few mask operations, then
/// O(movers).
#[inline]
fn slides(mine: u64, theirs: u64, empty: u64, ahead: impl Fn(u64, u32) -> u64, mut f: impl FnMut(u64, bool)) {
    let slide = mine & ahead(empty, 1);
    let jump = mine & ahead(theirs, 1) & ahead(empty, 2);
    let mut movers = slide | jump;
    while movers != 0 {
        let bit = movers & movers.wrapping_neg();
        movers &= movers - 1;
        f(bit, slide & bit != 0);
    }
}

/// The moves the pieces `pieces` (toads when `toads`, else frogs) have left
/// when nothing of the other side stands ahead of them: for each, the empty
/// squares ahead of it (right of a toad, left of a frog). O(pieces).
#[inline]
fn free_moves(pieces: u64, empty: u64, toads: bool) -> i64 {
    let mut moves = 0i64;
    let mut rest = pieces;
    while rest != 0 {
        let i = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let ahead = if toads { !mask(i + 1) } else { mask(i) };
        moves += i64::from((empty & ahead).count_ones());
    }
    moves
}

/// The squares of the strip's dead pieces: those in a run of adjacent
/// pieces that starts with two toads or on the first square and ends with
/// two frogs or on the last square (J. Erickson, "New Toads and Frogs
/// Results", 1996). No piece of such a run ever moves and none is ever
/// jumped over: a toad of the run could move only onto the square past the
/// run's end or by jumping its last piece, which a run ending `FF` or on
/// the last square forbids, and frogs likewise at its start; so its squares
/// stay full for good and the strip splits there. Within one run of pieces
/// the dead ones are those from its first such start to its last such end.
/// O(1): a few word operations.
#[inline]
const fn dead_squares(p: &ToadsFrogsStrip) -> u64 {
    let (t, f) = (p.toads, p.frogs);
    if p.len == 0 {
        return 0;
    }
    let pieces = t | f;
    let starts = (t & (t >> 1)) | (pieces & 1);
    let ends = (f & (f << 1)) | (pieces & (1 << (p.len - 1)));
    // Adding the starts to the runs carries through each run from its
    // first start to its top: those squares become 0, the starts put back.
    let from_start = (pieces & !pieces.wrapping_add(starts)) | starts;
    // No end at or above a start of its run: no dead piece (most strips).
    if from_start & ends == 0 {
        return 0;
    }
    from_start & fill_down(ends, pieces)
}

/// The squares of `within` reached from those of `from` by steps to the
/// square below without leaving `within` (with `from` itself): each square
/// at or below a square of `from` in its run of `within`. O(1): six
/// doubling steps.
#[inline]
const fn fill_down(from: u64, within: u64) -> u64 {
    let (mut reach, mut pass) = (from, within);
    let mut step = 1;
    while step < 64 {
        reach |= pass & (reach >> step);
        pass &= pass >> step;
        step *= 2;
    }
    reach
}

/// Splits `p` into the runs of squares between its dead pieces (`dead`, as
/// from [`dead_squares`]) and trims each run's ends: frogs on its first
/// squares and toads on its last never move and are never jumped. Before
/// such a frog is the strip's start or a dead frog (a dead run ends with
/// two frogs unless it reaches the strip's end), so it can neither step
/// nor jump, and no toad can stand before it; the toads at the other end
/// likewise. Parts left with no toad or frog are dropped. O(runs).
fn split_strip(p: &ToadsFrogsStrip, dead: u64, out: &mut Vec<ToadsFrogsStrip>) {
    let (t, f) = (p.toads, p.frogs);
    for (start, end) in p.runs(dead) {
        let a = (start + (f >> start).trailing_ones() as usize).min(end);
        let trailing_toads = (t << (64 - end)).leading_ones() as usize;
        p.push_part(a, end - trailing_toads.min(end - a), out);
    }
}

/// The Toads and Frogs ruleset. Left moves a toad one square right onto an
/// empty square, or jumps it over exactly one frog onto the empty square just
/// beyond; Right does the same with frogs moving left over toads.
///
/// Decomposition: dead pieces (a run of adjacent pieces from two toads or
/// the strip's start to two frogs or its end, such as `TTFF`; Erickson's
/// rule, see below) can never move again and nothing can jump across them,
/// so they cut the strip into independent pieces; frogs at the left end of
/// a piece and toads at its right end are dead too and removed. The
/// transposition key is the lesser of the strip and its conjugate
/// (reversed with toads and frogs exchanged, value negated).
///
/// Finished frogs and terminal toads: a toad right of every frog is worth
/// the empty squares to its right, whatever the rest of the strip, so it is
/// removed with its square and that integer added; a frog left of every
/// toad likewise, negated. For the last toad, with only empty squares
/// beyond it, that reads `X T □ⁿ = X □ⁿ + n` for every strip `X`; removing
/// the last such toad each time removes them all, and the frogs' case is
/// the conjugate. J. Erickson, "New Toads and Frogs Results", *Games of No
/// Chance* (MSRI Publications 29, 1996), gives simplification rules for
/// such terminal toads and finished frogs. The tests check the identity
/// against the canonical form by definition on every strip of up to 8
/// squares, and against the solver without it on longer random strips.
///
/// ```
/// use sprague::{Notation, PartizanRules, games::ToadsAndFrogs};
/// let strip = ToadsAndFrogs.parse_position("T.F").unwrap();
/// let mut left = Vec::new();
/// ToadsAndFrogs.left_moves(&strip, &mut left);
/// assert_eq!(ToadsAndFrogs.format_position(&left[0]), ".TF");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct ToadsAndFrogs;

impl PartizanRules for ToadsAndFrogs {
    type Position = ToadsFrogsStrip;

    fn left_moves(&self, p: &ToadsFrogsStrip, out: &mut Vec<ToadsFrogsStrip>) {
        // Toads move right: the square ahead of square `i` is `i + 1`.
        slides(
            p.toads,
            p.frogs,
            p.empty(),
            |m, k| m >> k,
            |bit, slide| {
                let to = if slide { bit << 1 } else { bit << 2 };
                out.push(ToadsFrogsStrip {
                    toads: p.toads ^ bit ^ to,
                    ..*p
                });
            },
        );
    }

    fn right_moves(&self, p: &ToadsFrogsStrip, out: &mut Vec<ToadsFrogsStrip>) {
        // Frogs move left: the square ahead of square `i` is `i - 1`.
        slides(
            p.frogs,
            p.toads,
            p.empty(),
            |m, k| m << k,
            |bit, slide| {
                let to = if slide { bit >> 1 } else { bit >> 2 };
                out.push(ToadsFrogsStrip {
                    frogs: p.frogs ^ bit ^ to,
                    ..*p
                });
            },
        );
    }

    #[inline]
    fn decompose(&self, p: &ToadsFrogsStrip, out: &mut Vec<ToadsFrogsStrip>) -> bool {
        if p.len == 0 {
            return false;
        }
        let dead = dead_squares(p);
        // A frog on the first square or a toad on the last never moves.
        let stuck = (p.frogs | (p.toads >> (p.len - 1))) & 1;
        if dead == 0 && stuck == 0 {
            return false;
        }
        split_strip(p, dead, out);
        true
    }

    /// Frogs left of every toad and toads right of every frog removed, with
    /// the squares they stood on: each is worth the empty squares ahead of
    /// it, to the strip's end (finished frogs and terminal toads, see the
    /// type's documentation). `None` when there is none, or when no
    /// toad is left of a frog (the strip is a number by
    /// [`number_value`](PartizanRules::number_value)). O(pieces).
    #[inline]
    fn integer_shift(&self, p: &ToadsFrogsStrip) -> Option<(ToadsFrogsStrip, i64)> {
        let (t, f) = (p.toads, p.frogs);
        if t == 0 || f == 0 {
            return None;
        }
        let first_toad = t.trailing_zeros() as usize;
        let last_frog = 63 - f.leading_zeros() as usize;
        if last_frog < first_toad {
            return None;
        }
        let finished = f & mask(first_toad);
        let terminal = t & !mask(last_frog + 1);
        if finished | terminal == 0 {
            return None;
        }
        let empty = p.empty();
        let shift = free_moves(terminal, empty, true) - free_moves(finished, empty, false);
        // Every removed frog stands left of every square kept with a piece,
        // every removed toad right of them: the kept pieces move left by
        // the number of removed frogs, and the strip loses both.
        let k = finished.count_ones();
        let simpler = ToadsFrogsStrip {
            len: p.len - u64::from(k + terminal.count_ones()),
            toads: (t & !terminal) >> k,
            frogs: (f & !finished) >> k,
        };
        Some((simpler, shift))
    }

    fn number_value(&self, p: &ToadsFrogsStrip) -> Option<crate::partizan::Dyadic> {
        let (t, f) = (p.toads, p.frogs);
        if t != 0 && f != 0 && (63 - f.leading_zeros()) > t.trailing_zeros() {
            return None;
        }
        let empty = p.empty();
        let value = free_moves(t, empty, true) - free_moves(f, empty, false);
        Some(crate::partizan::Dyadic::integer(value))
    }

    /// The whole strip in one word when it has at most 29 squares: its
    /// length in the top six bits, then the frogs and the toads, 29 bits
    /// each. Longer strips have none.
    #[inline]
    fn memo_word(&self, key: &ToadsFrogsStrip) -> Option<u64> {
        (key.len <= 29).then_some(key.len << 58 | key.frogs << 29 | key.toads)
    }

    #[inline]
    fn canonical_key(&self, p: &ToadsFrogsStrip) -> (ToadsFrogsStrip, bool) {
        // The conjugate's toads are the reversed frogs: comparing them with
        // the toads first decides most strips with one reversal.
        let n = p.len;
        if n == 0 {
            return (*p, false);
        }
        let toads = reversed(p.frogs, n);
        if toads > p.toads {
            return (*p, false);
        }
        let c = ToadsFrogsStrip {
            len: p.len,
            toads,
            frogs: reversed(p.toads, n),
        };
        if c < *p { (c, true) } else { (*p, false) }
    }
}

/// The notation of a game played on [`ToadsFrogsStrip`]s: Toads and Frogs'
/// strips (`T`, `F`, `.`), and moves told as `toad moves from square 2 to
/// 3` with the pieces' names of the game.
pub trait StripNotation {
    /// What Left's and Right's pieces are called in move descriptions.
    const PIECES: [&'static str; 2] = ["toad", "frog"];
}

impl StripNotation for ToadsAndFrogs {}

impl<G: StripNotation> Notation<ToadsFrogsStrip> for G {
    fn parse_position(&self, text: &str) -> Result<ToadsFrogsStrip, ParseError> {
        let (mut toads, mut frogs, mut len) = (0u64, 0u64, 0usize);
        for (i, c) in text.chars().enumerate() {
            if i >= MAX_LEN {
                return Err(ParseError::new(
                    format!("a strip has at most {MAX_LEN} squares"),
                    i + 1,
                    c.to_string(),
                ));
            }
            match c {
                'T' | 't' => toads |= 1 << i,
                'F' | 'f' => frogs |= 1 << i,
                '.' | '_' => {}
                _ => {
                    return Err(ParseError::new(
                        "unknown square; expected `T` (toad), `F` (frog) or `.` (empty)",
                        i + 1,
                        c.to_string(),
                    ));
                }
            }
            len = i + 1;
        }
        if len == 0 {
            return Err(ParseError::new("expected a strip such as `TT..FF`", 1, ""));
        }
        Ok(ToadsFrogsStrip {
            len: len as u64,
            toads,
            frogs,
        })
    }

    fn format_position(&self, p: &ToadsFrogsStrip) -> String {
        (0..p.len()).map(|i| p.cell(i)).collect()
    }

    fn describe_move(&self, from: &ToadsFrogsStrip, to: &ToadsFrogsStrip) -> String {
        let (moved, who) = if from.toads != to.toads {
            (from.toads & !to.toads, G::PIECES[0])
        } else {
            (from.frogs & !to.frogs, G::PIECES[1])
        };
        let landed = if from.toads != to.toads {
            to.toads & !from.toads
        } else {
            to.frogs & !from.frogs
        };
        let (a, b) = (moved.trailing_zeros() + 1, landed.trailing_zeros() + 1);
        let how = if a.abs_diff(b) == 2 { "jumps" } else { "moves" };
        format!("{who} {how} from square {a} to {b}")
    }
}

// The game's knowledge beyond its rules and notation: none yet (its drawing
// comes from its notation, by name, in `play::board`).
impl crate::definition::Definition<ToadsFrogsStrip> for ToadsAndFrogs {}

/// The catalog entry.
pub(crate) const ENTRIES: &[crate::registry::Entry] = &[crate::registry::Entry {
    name: "toads-and-frogs",
    params: "",
    family: crate::registry::Family::Partizan,
    summary: "Left's toads step or jump one frog rightward, Right's frogs step or jump one toad leftward",
    notation: "a strip of `T` (toad), `F` (frog) and `.` (empty), e.g. `TT..FF`",
    example: "value toads-and-frogs TTT..FFF",
    example2: "value toads-and-frogs T.F",
    rules: "Toads and Frogs: a strip of squares holding toads `T`, frogs `F` and empty squares `.`. Left moves a toad one square right into an empty square, or jumps it over one frog into an empty square; Right moves frogs leftward the same way. Whoever cannot move loses.",
    known: "Introduced in Winning Ways, 2nd ed., vol. 1, ch. 1; T.F is * (whoever moves first wins), and sprague computes the canonical value of any short row.",
    build: Partizan::<ToadsAndFrogs>::build,
}];

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The conjugate of a strip written out: reversed, toads and frogs
    /// swapped (Left's and Right's pieces change places).
    pub(crate) fn conjugate(s: &str) -> String {
        s.chars()
            .rev()
            .map(|c| match c {
                'T' => 'F',
                'F' => 'T',
                x => x,
            })
            .collect()
    }
    use crate::{outcome::Outcome, partizan::outcome_by_minimax};

    fn strip(s: &str) -> ToadsFrogsStrip {
        ToadsAndFrogs.parse_position(s).unwrap()
    }

    fn naive(s: &str, left: bool) -> Vec<String> {
        naive_moves(s, left, false)
    }

    /// Left's (`left`) or Right's moves of the strip `s` by the rules, square
    /// by square, sorted: a forward slide, a jump over one of the other kind,
    /// and with `backward` (Backsliding Toads and Frogs) a backward slide.
    pub(crate) fn naive_moves(s: &str, left: bool, backward: bool) -> Vec<String> {
        let c: Vec<char> = s.chars().collect();
        let n = c.len() as isize;
        let (me, them, d) = if left { ('T', 'F', 1) } else { ('F', 'T', -1) };
        let at = |j: isize| {
            if (0..n).contains(&j) {
                Some(c[j as usize])
            } else {
                None
            }
        };
        let mut out = Vec::new();
        for i in 0..n {
            if c[i as usize] != me {
                continue;
            }
            let mut targets = Vec::new();
            if at(i + d) == Some('.') {
                targets.push(i + d);
            }
            if at(i + d) == Some(them) && at(i + 2 * d) == Some('.') {
                targets.push(i + 2 * d);
            }
            if backward && at(i - d) == Some('.') {
                targets.push(i - d);
            }
            for t in targets {
                let mut g = c.clone();
                g[i as usize] = '.';
                g[t as usize] = me;
                out.push(g.into_iter().collect());
            }
        }
        out.sort();
        out
    }

    fn random_strip(seed: u64, n: usize) -> String {
        let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        (0..n)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                ['T', 'F', '.'][(x % 3) as usize]
            })
            .collect()
    }

    #[test]
    fn moves_match_the_rules() {
        for seed in 0..400 {
            let s = random_strip(seed, 1 + (seed % 12) as usize);
            for left in [true, false] {
                let got = crate::games::by_definition::shown_moves(&ToadsAndFrogs, &strip(&s), left);
                assert_eq!(got, naive(&s, left), "{s}");
            }
        }
    }

    fn minimax_of_parts(parts: &[ToadsFrogsStrip]) -> (bool, bool) {
        // Outcome of a sum by minimax over the joined strip: pieces separated by `TTFF`.
        let mut joined = String::new();
        for (k, p) in parts.iter().enumerate() {
            if k > 0 {
                joined.push_str("TTFF");
            }
            joined.push_str(&ToadsAndFrogs.format_position(p));
        }
        let j = if joined.is_empty() {
            ".".to_string()
        } else {
            joined
        };
        let o = outcome_by_minimax(&ToadsAndFrogs, &strip(&j));
        (
            matches!(o, Outcome::L | Outcome::N),
            matches!(o, Outcome::R | Outcome::N),
        )
    }

    #[test]
    fn decomposition_and_conjugation_keep_outcomes() {
        for seed in 0..300 {
            let s = random_strip(seed, 3 + (seed % 9) as usize);
            let p = strip(&s);
            let o = outcome_by_minimax(&ToadsAndFrogs, &p);
            let mut parts = Vec::new();
            if ToadsAndFrogs.decompose(&p, &mut parts) {
                let (l, r) = minimax_of_parts(&parts);
                assert_eq!(Outcome::from_first_moves(l, r), o, "{s}");
                for q in &parts {
                    assert!(!ToadsAndFrogs.decompose(q, &mut Vec::new()));
                }
            }
            let (key, flipped) = ToadsAndFrogs.canonical_key(&p);
            let k = outcome_by_minimax(&ToadsAndFrogs, &key);
            let swapped = match o {
                Outcome::L => Outcome::R,
                Outcome::R => Outcome::L,
                x => x,
            };
            assert_eq!(k, if flipped { swapped } else { o }, "{s}");
        }
    }

    /// The strip's canonical form by definition (no decomposition) is the
    /// sum of its parts' on random strips, crowded ones included (blocks
    /// such as `TTFF` and dead ends are frequent there), and a part does not
    /// split again.
    #[test]
    fn decomposition_keeps_values() {
        use crate::partizan::{GameId, GameStore, value_by_definition};
        use proptest::prelude::*;
        let store = std::cell::RefCell::new(GameStore::new());
        let cells = prop::collection::vec(prop::sample::select(vec!['T', 'F', '.', 'T', 'F']), 1..=8);
        proptest!(ProptestConfig::with_cases(400), |(cells in cells)| {
            let s: String = cells.into_iter().collect();
            let p = strip(&s);
            let store = &mut *store.borrow_mut();
            let whole = value_by_definition(&ToadsAndFrogs, store, &p);
            let mut parts = Vec::new();
            if ToadsAndFrogs.decompose(&p, &mut parts) {
                let mut sum = GameId::ZERO;
                for q in &parts {
                    prop_assert!(!ToadsAndFrogs.decompose(q, &mut Vec::new()), "{}", s);
                    let v = value_by_definition(&ToadsAndFrogs, store, q);
                    sum = store.add(sum, v);
                }
                prop_assert_eq!(sum, whole, "{}", s);
            }
        });
    }

    /// `reversed` moves square `i` to square `n - 1 - i`, checked square by
    /// square for every length (both the table's lengths and the word's),
    /// on random masks of that many squares.
    #[test]
    fn reversal_moves_each_square_to_its_mirror() {
        let mut rng = crate::test_rng::XorShift::new(0x7e0d_5f06);
        for n in 1..=64u64 {
            for _ in 0..200 {
                let m = rng.next_u64() & mask(n as usize);
                let mirror = (0..n)
                    .filter(|i| (m >> i) & 1 == 1)
                    .fold(0, |r, i| r | 1 << (n - 1 - i));
                assert_eq!(reversed(m, n), mirror, "{m:#x} {n}");
            }
        }
    }

    /// Every strip of `n` squares, for `n` in `lengths`.
    fn every_strip(lengths: core::ops::RangeInclusive<u32>) -> impl Iterator<Item = ToadsFrogsStrip> {
        lengths.flat_map(|n| {
            (0..3u32.pow(n)).map(move |code| {
                let (mut toads, mut frogs, mut c) = (0u64, 0u64, code);
                for i in 0..n {
                    match c % 3 {
                        1 => toads |= 1 << i,
                        2 => frogs |= 1 << i,
                        _ => {}
                    }
                    c /= 3;
                }
                ToadsFrogsStrip::new(n as usize, toads, frogs).unwrap()
            })
        })
    }

    /// The squares `dead_squares` names hold the same piece in every strip
    /// reached by any moves of either player in any order (not only
    /// alternating ones), on every strip of up to 9 squares: the pieces
    /// there never move and are never passed. Checked by walking all those
    /// strips, with no use of the rule itself.
    #[test]
    fn dead_pieces_never_move_on_every_small_strip() {
        let (mut with_dead, mut beyond_blocks) = (0, 0);
        for p in every_strip(1..=9) {
            let dead = dead_squares(&p);
            if dead == 0 {
                continue;
            }
            with_dead += 1;
            // Dead squares outside every `TTFF` block.
            let s = ToadsAndFrogs.format_position(&p);
            let blocks = p.toads & (p.toads >> 1) & (p.frogs >> 2) & (p.frogs >> 3);
            if dead & !(blocks | blocks << 1 | blocks << 2 | blocks << 3) != 0 {
                beyond_blocks += 1;
            }
            let mut seen = std::collections::HashSet::from([p]);
            let mut stack = vec![p];
            while let Some(q) = stack.pop() {
                assert_eq!(
                    (q.toads & dead, q.frogs & dead),
                    (p.toads & dead, p.frogs & dead),
                    "{s} reaches {}",
                    ToadsAndFrogs.format_position(&q)
                );
                let mut next = Vec::new();
                ToadsAndFrogs.left_moves(&q, &mut next);
                ToadsAndFrogs.right_moves(&q, &mut next);
                for r in next {
                    if seen.insert(r) {
                        stack.push(r);
                    }
                }
            }
        }
        assert!(
            with_dead > 10_000 && beyond_blocks > 5000,
            "{with_dead} {beyond_blocks}"
        );
        // A run from two toads to two frogs, `TTFTFF`, inside a strip.
        let p = strip(".TTFTFF.T.F");
        assert_eq!(dead_squares(&p), 0b111_1110);
        let mut parts = Vec::new();
        assert!(ToadsAndFrogs.decompose(&p, &mut parts));
        let shown: Vec<String> = parts.iter().map(|q| ToadsAndFrogs.format_position(q)).collect();
        assert_eq!(shown, [".T.F"]);
    }

    /// Every strip of up to 8 squares: when it splits, its canonical form by
    /// definition is the sum of its parts' (by definition too), and no part
    /// splits again.
    #[test]
    fn decomposition_keeps_values_on_every_small_strip() {
        use crate::partizan::{GameId, GameStore, value_by_definition};
        let mut store = GameStore::new();
        let mut split = 0;
        for p in every_strip(1..=8) {
            let mut parts = Vec::new();
            if !ToadsAndFrogs.decompose(&p, &mut parts) {
                continue;
            }
            split += 1;
            let s = ToadsAndFrogs.format_position(&p);
            let whole = value_by_definition(&ToadsAndFrogs, &mut store, &p);
            let mut sum = GameId::ZERO;
            for q in &parts {
                assert!(!ToadsAndFrogs.decompose(q, &mut Vec::new()), "{s}");
                let v = value_by_definition(&ToadsAndFrogs, &mut store, q);
                sum = store.add(sum, v);
            }
            assert_eq!(sum, whole, "{s}");
        }
        assert!(split > 3000, "{split}");
    }

    /// Every strip of up to 8 squares: its canonical form by definition is
    /// that of the strip with its finished frogs and terminal toads removed,
    /// plus the shift; the simpler strip has none left and does not split;
    /// and the shift is given exactly when such a piece exists beside a
    /// toad left of a frog.
    #[test]
    fn integer_shift_keeps_values_on_every_small_strip() {
        use crate::partizan::{GameStore, value_by_definition};
        let mut store = GameStore::new();
        let mut shifted = 0;
        for p in every_strip(1..=8) {
            let s = ToadsAndFrogs.format_position(&p);
            let crossing = s.find('T').is_some_and(|i| s[i..].contains('F'));
            let ends = s.find('T').is_some_and(|i| s[..i].contains('F'))
                || s.rfind('F').is_some_and(|i| s[i..].contains('T'));
            let Some((q, shift)) = ToadsAndFrogs.integer_shift(&p) else {
                assert!(!(crossing && ends), "{s}");
                continue;
            };
            assert!(crossing && ends, "{s}");
            shifted += 1;
            assert_eq!(ToadsAndFrogs.integer_shift(&q), None, "{s}");
            // A component's simpler strip is a component too.
            if !ToadsAndFrogs.decompose(&p, &mut Vec::new()) {
                assert!(!ToadsAndFrogs.decompose(&q, &mut Vec::new()), "{s}");
            }
            let whole = value_by_definition(&ToadsAndFrogs, &mut store, &p);
            let simpler = value_by_definition(&ToadsAndFrogs, &mut store, &q);
            let n = store.integer(shift);
            assert_eq!(
                store.add(simpler, n),
                whole,
                "{s} = {} + {shift}",
                ToadsAndFrogs.format_position(&q)
            );
        }
        assert!(shifted > 1500, "{shifted}");
        // `.F.T.F.T..`: the first frog has one empty square to its left
        // (-1), the last toad two to its right (+2); both squares go.
        let (q, shift) = ToadsAndFrogs.integer_shift(&strip(".F.T.F.T..")).unwrap();
        assert_eq!(
            (ToadsAndFrogs.format_position(&q), shift),
            ("..T.F...".to_string(), -1 + 2)
        );
    }

    /// Rules as Toads and Frogs' in every hook but the integer shift: the
    /// solver's reference for it on strips too long for the definition.
    struct Unshifted;

    impl PartizanRules for Unshifted {
        type Position = ToadsFrogsStrip;
        fn left_moves(&self, p: &ToadsFrogsStrip, out: &mut Vec<ToadsFrogsStrip>) {
            ToadsAndFrogs.left_moves(p, out);
        }
        fn right_moves(&self, p: &ToadsFrogsStrip, out: &mut Vec<ToadsFrogsStrip>) {
            ToadsAndFrogs.right_moves(p, out);
        }
        fn decompose(&self, p: &ToadsFrogsStrip, out: &mut Vec<ToadsFrogsStrip>) -> bool {
            ToadsAndFrogs.decompose(p, out)
        }
        fn canonical_key(&self, p: &ToadsFrogsStrip) -> (ToadsFrogsStrip, bool) {
            ToadsAndFrogs.canonical_key(p)
        }
        fn memo_word(&self, p: &ToadsFrogsStrip) -> Option<u64> {
            ToadsAndFrogs.memo_word(p)
        }
        fn number_value(&self, p: &ToadsFrogsStrip) -> Option<crate::partizan::Dyadic> {
            ToadsAndFrogs.number_value(p)
        }
    }

    /// Random strips of 9 to 16 squares, crowded ones included: the solver
    /// with the integer shift and without it give the same canonical form
    /// (in one store, where equal forms have equal ids).
    #[test]
    fn integer_shift_keeps_values_on_long_strips() {
        use crate::partizan::{GameStore, PartizanSolver};
        use proptest::prelude::*;
        let store = std::cell::RefCell::new(GameStore::new());
        let cells = prop::collection::vec(prop::sample::select(vec!['T', 'F', '.', '.', 'T', 'F']), 9..=16);
        proptest!(ProptestConfig::with_cases(64), |(cells in cells)| {
            let s: String = cells.into_iter().collect();
            let p = strip(&s);
            let mut plain = PartizanSolver::with_store(&Unshifted, store.take(), usize::MAX);
            let want = plain.value(&p).unwrap();
            let mut shifted = PartizanSolver::with_store(&ToadsAndFrogs, plain.into_store(), usize::MAX);
            let got = shifted.value(&p).unwrap();
            store.replace(shifted.into_store());
            prop_assert_eq!(got, want, "{}", s);
        });
    }

    /// The key is the lesser (in the strip order) of the strip and its
    /// conjugate, written out square by square, and a strip and its
    /// conjugate share it.
    #[test]
    fn keys_are_the_lesser_of_strip_and_conjugate() {
        for seed in 0..2000 {
            let s = random_strip(seed, 1 + (seed % 64) as usize);
            let conjugate = conjugate(&s);
            let (p, c) = (strip(&s), strip(&conjugate));
            let expected = if c < p { (c, true) } else { (p, false) };
            assert_eq!(ToadsAndFrogs.canonical_key(&p), expected, "{s}");
            assert_eq!(ToadsAndFrogs.canonical_key(&c).0, expected.0, "{s}");
        }
    }

    /// The rule for strips with no toad left of a frog agrees with the
    /// canonical form by definition on random strips, and answers on a
    /// fair share of them.
    #[test]
    fn number_values_match_the_definition() {
        use crate::partizan::{GameStore, value_by_definition};
        let mut store = GameStore::new();
        let mut answered = 0;
        for seed in 0..600 {
            let s = random_strip(seed, 1 + (seed % 7) as usize);
            // Half the strips sorted frogs-first, so the rule applies to them.
            let s: String = if seed % 2 == 0 {
                let mut c: Vec<char> = s.chars().collect();
                let frogs: Vec<usize> = (0..c.len()).filter(|&i| c[i] == 'F').collect();
                let toads: Vec<usize> = (0..c.len()).filter(|&i| c[i] == 'T').collect();
                let mut slots: Vec<usize> = frogs.iter().chain(&toads).copied().collect();
                slots.sort_unstable();
                for &i in &slots {
                    c[i] = '.';
                }
                for (k, &i) in slots.iter().enumerate() {
                    c[i] = if k < frogs.len() { 'F' } else { 'T' };
                }
                c.into_iter().collect()
            } else {
                s
            };
            let p = strip(&s);
            let d = value_by_definition(&ToadsAndFrogs, &mut store, &p);
            if let Some(x) = ToadsAndFrogs.number_value(&p) {
                answered += 1;
                assert_eq!(store.dyadic(x), d, "{s}");
            } else {
                assert!(s.find('T').is_some_and(|i| s[i..].contains('F')), "{s}");
            }
        }
        assert!(answered > 300, "{answered}");
        // `..F.T..`: the toad has 2 empty squares to its right, the frog 2 to its left.
        assert_eq!(
            ToadsAndFrogs.number_value(&strip("..F.T..")),
            Some(crate::partizan::Dyadic::integer(0))
        );
        assert_eq!(
            ToadsAndFrogs.number_value(&strip("T...")),
            Some(crate::partizan::Dyadic::integer(3))
        );
        assert_eq!(ToadsAndFrogs.number_value(&strip("T.F")), None);
    }

    #[test]
    fn notation() {
        assert_eq!(ToadsAndFrogs.format_position(&strip("TT..FF")), "TT..FF");
        assert_eq!(ToadsAndFrogs.parse_position("TTx").unwrap_err().column, 3);
        // `T.F` = {0|0} = *: either first move leaves a position of value 0.
        assert_eq!(outcome_by_minimax(&ToadsAndFrogs, &strip("T.F")), Outcome::N);
    }
}
