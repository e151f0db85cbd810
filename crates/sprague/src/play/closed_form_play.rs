//! Perfect play from a closed form: what a ruleset offers so that positions
//! far too large to list the options of (Wythoff heaps of 10^12, a Fibonacci
//! Nim heap of 10^18) are still played, judged and hinted.

use crate::outcome::Outcome;

/// Perfect play of a one-component impartial game from its closed form,
/// without listing a position's options.
///
/// An [`ImpartialEngine`](super::ImpartialEngine) given this knowledge (see
/// [`ImpartialEngine::with_closed_form`](super::ImpartialEngine::with_closed_form))
/// plays a position `p` by it whenever [`by_closed_form`](ClosedFormPlay::by_closed_form)
/// says so: the user's typed move is checked by [`is_move`](ClosedFormPlay::is_move),
/// the result comes from [`outcome_of`](ClosedFormPlay::outcome_of), the
/// engine's reply and the hints from [`winning_moves_of`](ClosedFormPlay::winning_moves_of)
/// and, in a lost position, [`smallest_move`](ClosedFormPlay::smallest_move).
/// Smaller positions keep the plain path (listed options, searched values),
/// so a game that starts huge ends on the familiar one.
///
/// Every method except `by_closed_form` must hold for *every* position the
/// closed form covers (small ones included), which is what lets the tests
/// compare them with the listed options and a brute-force search. None may
/// take time or memory growing with the heap sizes themselves (O(log n) at
/// most).
pub trait ClosedFormPlay<P> {
    /// Whether `p` is played by the closed form: its options are too many to
    /// list (or its values too costly to search), and the closed form covers
    /// it.
    fn by_closed_form(&self, p: &P) -> bool;

    /// Whether one move leads from `from` to `to`.
    fn is_move(&self, from: &P, to: &P) -> bool;

    /// The outcome of `p` for the player to move (`P`: the player to move
    /// loses), in normal or misère play.
    fn outcome_of(&self, p: &P, misere: bool) -> Outcome;

    /// The moves of `p` that leave a P-position, as the positions after them
    /// (a few at most); empty exactly when `p` is a P-position.
    fn winning_moves_of(&self, p: &P, misere: bool) -> Vec<P>;

    /// Some move of `p` (the smallest one: the fewest tokens taken), or
    /// `None` when `p` has no move.
    fn smallest_move(&self, p: &P) -> Option<P>;

    /// Lines explaining the outcome of `p` by the closed form, first in a
    /// hint (none by default).
    fn explain_closed(&self, p: &P, misere: bool) -> Vec<String> {
        let _ = (p, misere);
        Vec::new()
    }
}
