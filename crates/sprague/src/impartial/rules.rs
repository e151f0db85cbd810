//! The ruleset trait every impartial solver is written against.

use crate::{nimber::Nimber, outcome::Outcome};
use core::hash::Hash;

/// An impartial ruleset: both players have the same moves from every position.
///
/// Only [`moves`](ImpartialRules::moves) is required. The optional hooks let a
/// ruleset split positions into independent components (whose Grundy values
/// combine by nim-sum), supply closed forms, and find moves to a given value
/// without enumerating every option (needed for huge heaps).
///
/// Positions must be finite and the game must end (no position may be
/// reachable from itself); cyclic games belong to the loopy solver.
pub trait ImpartialRules {
    /// A position of the game.
    type Position: Clone + Eq + Hash;

    /// Appends every option (position reachable in one move) of `position` to `out`.
    fn moves(&self, position: &Self::Position, out: &mut Vec<Self::Position>);

    /// Splits `position` into independent components, appended to `out`, and
    /// returns `true`; or returns `false` if it is a single component. A
    /// component must itself return `false`. An empty split means the empty game.
    fn decompose(&self, position: &Self::Position, out: &mut Vec<Self::Position>) -> bool {
        let _ = (position, out);
        false
    }

    /// Whether the solvers remember the value of each position that
    /// [`decompose`](ImpartialRules::decompose) splits, so that a split
    /// position met again costs one look-up instead of a `decompose` and a
    /// look-up per component, and `decompose` is asked about each position
    /// at most once: the winning moves of a position already split are then
    /// found among its options, not component by component. Worth its memory
    /// where `decompose` is costly, as in games written in Python; the
    /// default `false` keeps the memo to components.
    fn memoise_splits(&self) -> bool {
        false
    }

    /// `position` as the solvers' tables keep it once its value is known:
    /// the same position (equal to it, hashing alike), lightened of what
    /// only its moves need, such as the foreign object that a game written
    /// in another language carries; a kept position that is searched again
    /// must still give its moves. The default keeps the position whole.
    fn kept(&self, position: Self::Position) -> Self::Position {
        position
    }

    /// Joins components back into one position (the inverse of
    /// [`decompose`](ImpartialRules::decompose)), so that winning moves in a sum
    /// can be found component by component. `None` if unsupported.
    fn compose(&self, parts: &[Self::Position]) -> Option<Self::Position> {
        let _ = parts;
        None
    }

    /// The whole position after component `i` of `whole` (which
    /// [`decompose`](ImpartialRules::decompose) split into `parts`) is replaced
    /// by `option`. The default recomposes every part with
    /// [`compose`](ImpartialRules::compose); rulesets whose components overlap in
    /// place (coin-turning games) override it to splice in O(size of one part).
    fn replace_component(
        &self,
        whole: &Self::Position,
        parts: &[Self::Position],
        i: usize,
        option: Self::Position,
    ) -> Option<Self::Position> {
        let _ = whole;
        let mut joined = parts.to_vec();
        *joined.get_mut(i)? = option;
        self.compose(&joined)
    }

    /// The Grundy value of a component by a closed form, if one is known.
    fn closed_form(&self, component: &Self::Position) -> Option<Nimber> {
        let _ = component;
        None
    }

    /// Every option of `component` whose Grundy value is `target`, if the ruleset
    /// can find them without enumerating all options (for example in a huge heap
    /// with a known closed form). `None` means "enumerate and evaluate".
    fn moves_to_value(&self, component: &Self::Position, target: Nimber) -> Option<Vec<Self::Position>> {
        let _ = (component, target);
        None
    }

    /// The misère-play outcome (last player to move loses) of a whole position by
    /// a closed form, if known. `None` means "search".
    fn misere_outcome(&self, position: &Self::Position) -> Option<Outcome> {
        let _ = position;
        None
    }

    /// A canonical representative of `position` for memo tables: a position
    /// that is the same game (the same game tree up to the order of moves),
    /// e.g. the heaps sorted with the empty ones dropped, so that searches
    /// over whole positions (misère play) meet each position once. `None`
    /// means the position is its own representative.
    fn normalize(&self, position: &Self::Position) -> Option<Self::Position> {
        let _ = position;
        None
    }
}

/// [`ImpartialRules::decompose`] for rulesets whose position is a list of
/// independent pieces (heaps, rectangles, heads coins, queens): one component
/// per piece, or `false` when the position is a single piece already. O(n)
/// for n pieces.
///
/// ```
/// use sprague::impartial::split_pieces;
/// let mut out = Vec::new();
/// assert!(split_pieces(&[3u64, 5], &mut out));
/// assert_eq!(out, vec![vec![3], vec![5]]);
/// assert!(!split_pieces(&[7u64], &mut out));
/// ```
pub fn split_pieces<T: Clone>(position: &[T], out: &mut Vec<Vec<T>>) -> bool {
    if position.len() == 1 {
        return false;
    }
    out.extend(position.iter().map(|piece| vec![piece.clone()]));
    true
}
