//! The king-and-rook-against-king chess endgame under its own name: the
//! KRK [`Endgame`], with its figures (depth to mate).

use super::endgame::{Endgame, Material, square};
use super::space::{StateSpace, StateTable};
use super::wld::Wld;

/// The KRK endgame.
const KRK: Endgame = Endgame::new(Material::Krk);

/// King and rook (White) against king (Black) on the 8×8 board: the
/// [`Endgame`] of [`Material::Krk`], whose rules, un-moves, notation and
/// figures it uses.
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
        Endgame::index(0, wk, bk, rook, black_to_move)
    }

    /// The pieces and side to move of a state: `(wk, bk, rook, black_to_move)`.
    #[must_use]
    pub const fn decode(s: u64) -> (u8, u8, u8, bool) {
        let (_, wk, bk, rook, black) = Endgame::decode(s);
        (wk, bk, rook, black)
    }
}

impl StateSpace for Krk {
    fn state_count(&self) -> u64 {
        KRK.state_count()
    }

    fn is_state(&self, s: u64) -> bool {
        KRK.is_state(s)
    }

    fn terminal(&self, s: u64) -> Option<Wld> {
        KRK.terminal(s)
    }

    fn moves(&self, s: u64, out: &mut Vec<u64>) {
        KRK.moves(s, out);
    }

    fn has_unmoves(&self) -> bool {
        true
    }

    fn unmoves(&self, s: u64, out: &mut Vec<u64>) {
        KRK.unmoves(s, out);
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

impl super::stats::SpaceFacts for Krk {
    fn side_names(&self) -> &'static [&'static str] {
        KRK.side_names()
    }

    fn side(&self, s: u64) -> usize {
        KRK.side(s)
    }

    fn terminal_kind(&self, s: u64) -> &'static str {
        KRK.terminal_kind(s)
    }

    fn symmetry_class(&self, s: u64) -> u64 {
        KRK.symmetry_class(s)
    }
}

impl super::space_notation::SpaceNotation for Krk {
    fn format_state(&self, s: u64) -> String {
        KRK.format_state(s)
    }

    fn parse_state(&self, text: &str) -> Result<u64, String> {
        KRK.parse_state(text)
    }

    fn describe_state_move(&self, from: u64, to: u64) -> String {
        KRK.describe_state_move(from, to)
    }

    fn mover(&self, s: u64) -> String {
        KRK.mover(s)
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
