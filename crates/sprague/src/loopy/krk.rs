//! The king-and-rook-against-king chess endgame as a state space with un-moves.

use super::space::{StateSpace, StateTable};
use super::wld::Wld;

/// King and rook (White) against king (Black) on the 8×8 board.
///
/// State index `((wk·64 + bk)·64 + rook)·2 + side` (squares 0 = a1 … 63 = h8, side
/// 0 = White to move), plus one extra state [`Krk::BARE_KINGS`] for the drawn
/// position after Black takes the rook. Checkmate is a loss for Black, stalemate
/// a drawn terminal. Un-moves are generated, so the solver never stores edges.
#[derive(Clone, Copy, Debug, Default)]
pub struct Krk;

impl Krk {
    /// The drawn state reached when Black captures the rook.
    pub const BARE_KINGS: u64 = 64 * 64 * 64 * 2;

    /// The state index of a position.
    #[must_use]
    pub const fn index(wk: u8, bk: u8, rook: u8, black_to_move: bool) -> u64 {
        ((wk as u64 * 64 + bk as u64) * 64 + rook as u64) * 2 + black_to_move as u64
    }

    /// The pieces and side to move of a state: `(wk, bk, rook, black_to_move)`.
    #[must_use]
    pub const fn decode(s: u64) -> (u8, u8, u8, bool) {
        let side = s & 1 == 1;
        let x = s >> 1;
        ((x >> 12) as u8, ((x >> 6) & 63) as u8, (x & 63) as u8, side)
    }
}

pub(super) fn near(a: u8, b: u8) -> bool {
    let (af, ar, bf, br) = (a % 8, a / 8, b % 8, b / 8);
    af.abs_diff(bf) <= 1 && ar.abs_diff(br) <= 1
}

/// Whether a rook on `r` attacks `q` along an open line, with `block` the only
/// other piece that can stand in the way.
fn rook_hits(r: u8, q: u8, block: u8) -> bool {
    if r == q {
        return false;
    }
    let (rf, rr, qf, qr) = (r % 8, r / 8, q % 8, q / 8);
    if rf != qf && rr != qr {
        return false;
    }
    let (bf, br) = (block % 8, block / 8);
    let between = |a: u8, b: u8, x: u8| a.min(b) < x && x < a.max(b);
    !(if rf == qf {
        bf == rf && between(rr, qr, br)
    } else {
        br == rr && between(rf, qf, bf)
    })
}

pub(super) fn king_steps(s: u8) -> impl Iterator<Item = u8> {
    let (f, r) = (i16::from(s % 8), i16::from(s / 8));
    (-1i16..=1)
        .flat_map(move |df| (-1i16..=1).map(move |dr| (f + df, r + dr)))
        .filter(move |&(x, y)| (x, y) != (f, r) && (0..8).contains(&x) && (0..8).contains(&y))
        .map(|(x, y)| (y * 8 + x) as u8)
}

/// Squares a rook on `r` slides to, stopping before `a` or `b`.
fn rook_slides(r: u8, a: u8, b: u8, mut out: impl FnMut(u8)) {
    for (df, dr) in [(1i16, 0i16), (-1, 0), (0, 1), (0, -1)] {
        let (mut f, mut k) = (i16::from(r % 8), i16::from(r / 8));
        loop {
            f += df;
            k += dr;
            if !(0..8).contains(&f) || !(0..8).contains(&k) {
                break;
            }
            let q = (k * 8 + f) as u8;
            if q == a || q == b {
                break;
            }
            out(q);
        }
    }
}

fn valid(wk: u8, bk: u8, r: u8, black: bool) -> bool {
    wk != bk && wk != r && bk != r && !near(wk, bk) && (black || !rook_hits(r, bk, wk))
}

fn black_moves(wk: u8, bk: u8, r: u8, out: &mut Vec<u64>) {
    for q in king_steps(bk) {
        if near(q, wk) {
            continue;
        }
        if q == r {
            out.push(Krk::BARE_KINGS);
        } else if !rook_hits(r, q, wk) {
            out.push(Krk::index(wk, q, r, false));
        }
    }
}

impl StateSpace for Krk {
    fn state_count(&self) -> u64 {
        Krk::BARE_KINGS + 1
    }

    fn is_state(&self, s: u64) -> bool {
        if s == Krk::BARE_KINGS {
            return true;
        }
        let (wk, bk, r, black) = Krk::decode(s);
        valid(wk, bk, r, black)
    }

    fn terminal(&self, s: u64) -> Option<Wld> {
        if s == Krk::BARE_KINGS {
            return Some(Wld::Draw);
        }
        let (wk, bk, r, black) = Krk::decode(s);
        if !black {
            return None;
        }
        let can_move = king_steps(bk).any(|q| !near(q, wk) && (q == r || !rook_hits(r, q, wk)));
        if can_move {
            None
        } else if rook_hits(r, bk, wk) {
            Some(Wld::Lose)
        } else {
            Some(Wld::Draw)
        }
    }

    fn moves(&self, s: u64, out: &mut Vec<u64>) {
        let (wk, bk, r, black) = Krk::decode(s);
        if black {
            black_moves(wk, bk, r, out);
            return;
        }
        for q in king_steps(wk) {
            if q != r && !near(q, bk) {
                out.push(Krk::index(q, bk, r, true));
            }
        }
        rook_slides(r, wk, bk, |q| out.push(Krk::index(wk, bk, q, true)));
    }

    fn has_unmoves(&self) -> bool {
        true
    }

    fn unmoves(&self, s: u64, out: &mut Vec<u64>) {
        if s == Krk::BARE_KINGS {
            return;
        }
        let (wk, bk, r, black) = Krk::decode(s);
        if !valid(wk, bk, r, black) {
            return;
        }
        if !black {
            // Black's king came from a neighbouring square.
            for q in king_steps(bk) {
                if valid(wk, q, r, true) {
                    out.push(Krk::index(wk, q, r, true));
                }
            }
            return;
        }
        for q in king_steps(wk) {
            if q != r && valid(q, bk, r, false) {
                out.push(Krk::index(q, bk, r, false));
            }
        }
        rook_slides(r, wk, bk, |q| {
            if valid(wk, bk, q, false) {
                out.push(Krk::index(wk, bk, q, false));
            }
        });
    }
}

/// The longest distance to mate in the solved KRK table, in White's moves.
#[must_use]
pub fn krk_longest_mate(table: &StateTable) -> u32 {
    krk_depth_counts(table).len().saturating_sub(1) as u32
}

/// `counts[d]` = number of White-to-move positions that White mates in exactly
/// `d` moves (d ≥ 1), from a solved KRK table.
#[must_use]
pub fn krk_depth_counts(table: &StateTable) -> Vec<u64> {
    let mut counts = vec![0u64];
    for s in (0..Krk::BARE_KINGS).step_by(2) {
        if let Some(v) = table.get(s)
            && v.wld == Wld::Win
            && let Some(r) = v.remoteness
        {
            let d = super::wld::depth_in_moves(r) as usize;
            if counts.len() <= d {
                counts.resize(d + 1, 0);
            }
            counts[d] += 1;
        }
    }
    counts
}

/// A position of the longest mate with White to move, in words ("White Ka1
/// Rb2, Black Kc3, White to move"), the first in index order; `None` when no
/// position is won. One pass over the table.
#[must_use]
pub fn krk_longest_mate_example(table: &StateTable) -> Option<String> {
    let longest = krk_depth_counts(table).len().saturating_sub(1);
    (0..Krk::BARE_KINGS).step_by(2).find_map(|s| {
        let v = table.get(s)?;
        (v.wld == Wld::Win && v.remoteness.map(|r| super::wld::depth_in_moves(r) as usize) == Some(longest))
            .then(|| {
                let (wk, bk, r, _) = Krk::decode(s);
                format!(
                    "White K{} R{}, Black K{}, White to move",
                    square(wk),
                    square(r),
                    square(bk)
                )
            })
    })
}

/// Square `q` under symmetry `k` of the board (bit 0: mirror the files, bit
/// 1: mirror the ranks, bit 2: swap files and ranks). O(1).
pub(super) const fn transform(q: u8, k: u8) -> u8 {
    let (mut f, mut r) = (q % 8, q / 8);
    if k & 1 != 0 {
        f = 7 - f;
    }
    if k & 2 != 0 {
        r = 7 - r;
    }
    if k & 4 != 0 {
        (f, r) = (r, f);
    }
    r * 8 + f
}

impl super::stats::SpaceFacts for Krk {
    fn side_names(&self) -> &'static [&'static str] {
        &["White", "Black"]
    }

    /// White is to move after Black took the rook.
    fn side(&self, s: u64) -> usize {
        usize::from(s != Krk::BARE_KINGS && s & 1 == 1)
    }

    fn terminal_kind(&self, s: u64) -> &'static str {
        match self.terminal(s) {
            _ if s == Krk::BARE_KINGS => "drawn (rook taken, bare kings)",
            Some(Wld::Lose) => "checkmate",
            Some(Wld::Draw) => "stalemate",
            _ => "not over",
        }
    }

    /// The least index among the 8 images of the three pieces (no pawns, so
    /// every rotation and reflection of the board is a symmetry). O(8).
    fn symmetry_class(&self, s: u64) -> u64 {
        if s >= Krk::BARE_KINGS {
            return s;
        }
        let (wk, bk, r, black) = Krk::decode(s);
        (0..8)
            .map(|k| Krk::index(transform(wk, k), transform(bk, k), transform(r, k), black))
            .min()
            .unwrap_or(s)
    }
}

pub(super) fn square(q: u8) -> String {
    format!("{}{}", char::from(b'a' + q % 8), q / 8 + 1)
}

impl super::space_notation::SpaceNotation for Krk {
    fn format_state(&self, s: u64) -> String {
        if s == Krk::BARE_KINGS {
            return "bare kings (the rook was taken)".to_string();
        }
        let (wk, bk, r, black) = Krk::decode(s);
        format!(
            "K{} R{} k{} {}",
            square(wk),
            square(r),
            square(bk),
            if black { 'b' } else { 'w' }
        )
    }

    fn parse_state(&self, text: &str) -> Result<u64, String> {
        let (mut wk, mut bk, mut rook, mut black) = (None, None, None, false);
        let mut col = 1;
        for w in text.split(' ') {
            let cs: Vec<char> = w.chars().collect();
            let sq = |f: char, r: char| -> Option<u8> {
                (('a'..='h').contains(&f) && ('1'..='8').contains(&r))
                    .then(|| (r as u8 - b'1') * 8 + (f as u8 - b'a'))
            };
            let bad = || {
                format!(
                    "position `{text}`: column {col}: expected `Ke1`, `Ra1`, `ke8` (White king, rook, Black king) or `w`/`b` (side to move), found `{w}`"
                )
            };
            match cs[..] {
                [] => {}
                ['w'] => black = false,
                ['b'] => black = true,
                [p, f, r] => {
                    let q = sq(f, r).ok_or_else(bad)?;
                    let slot = match p {
                        'K' => &mut wk,
                        'R' => &mut rook,
                        'k' => &mut bk,
                        _ => return Err(bad()),
                    };
                    if slot.is_some() {
                        return Err(format!("position `{text}`: column {col}: `{p}` is given twice"));
                    }
                    *slot = Some(q);
                }
                _ => return Err(bad()),
            }
            col += w.chars().count() + 1;
        }
        let (Some(wk), Some(bk), Some(r)) = (wk, bk, rook) else {
            return Err(format!(
                "position `{text}`: needs the White king, the rook and the Black king, e.g. `Ke1 Ra1 ke8 w`"
            ));
        };
        let s = Krk::index(wk, bk, r, black);
        if !Krk.is_state(s) {
            return Err(format!(
                "position `{text}`: not a legal position (pieces on distinct squares, kings not adjacent, and the side not to move not in check)"
            ));
        }
        Ok(s)
    }

    fn describe_state_move(&self, from: u64, to: u64) -> String {
        let (wk, bk, r, _) = Krk::decode(from);
        if to == Krk::BARE_KINGS {
            return format!("king takes the rook on {}", square(r));
        }
        let (wk2, bk2, r2, _) = Krk::decode(to);
        if wk != wk2 {
            format!("K{}-{}", square(wk), square(wk2))
        } else if r != r2 {
            format!("R{}-{}", square(r), square(r2))
        } else {
            format!("k{}-{}", square(bk), square(bk2))
        }
    }

    fn mover(&self, s: u64) -> String {
        if s == Krk::BARE_KINGS || s & 1 == 1 {
            "Black"
        } else {
            "White"
        }
        .to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loopy::StateSpaceSolver;
    use crate::loopy::space::tests::check_unmoves;

    #[test]
    fn krk_unmoves_invert_moves() {
        check_unmoves(&Krk, |t| t == Krk::BARE_KINGS);
    }

    #[test]
    fn krk_longest_mate_is_sixteen() {
        // Published fact (e.g. Ströhlein 1970, Thompson's tables): with the rook,
        // White mates from any position in at most 16 moves.
        let t = StateSpaceSolver::new(&Krk).threads(2).solve().unwrap();
        assert_eq!(krk_longest_mate(&t), 16);
        // a position: White Ka1, Black Kc3... mate in one: Kb6 (41)? Use a known mate in 1:
        // White Kc6 (42), Rook a1 (0), Black Kc8 (58): Ra8#.
        assert_eq!(
            t.get(Krk::index(42, 58, 0, false)),
            Some(crate::loopy::SolvedValue::win(1))
        );
        // Black to move with the rook en prise and unprotected draws by taking it.
        assert_eq!(t.get(Krk::index(0, 58, 57, true)).map(|v| v.wld), Some(Wld::Draw));
        let one = StateSpaceSolver::new(&Krk).solve().unwrap();
        assert_eq!(one.raw(), t.raw());
    }
}
