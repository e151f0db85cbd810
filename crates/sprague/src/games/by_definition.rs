//! Test support for the partizan games: the canonical form of a position
//! straight from the definition, to check the solver (components,
//! symmetry keys, number rules) against.
#![cfg(test)]

use crate::notation::Notation;
use crate::partizan::{GameId, GameStore, PartizanRules, PartizanSolver};
use std::collections::HashMap;

/// The canonical form straight from the options, memoised on the whole
/// position: no components, no symmetry, no number rule.
pub(crate) fn plain<R: PartizanRules>(
    rules: &R,
    store: &mut GameStore,
    memo: &mut HashMap<R::Position, GameId>,
    p: &R::Position,
) -> GameId {
    if let Some(&g) = memo.get(p) {
        return g;
    }
    let (mut l, mut r) = (Vec::new(), Vec::new());
    rules.left_moves(p, &mut l);
    rules.right_moves(p, &mut r);
    let l: Vec<GameId> = l.iter().map(|o| plain(rules, store, memo, o)).collect();
    let r: Vec<GameId> = r.iter().map(|o| plain(rules, store, memo, o)).collect();
    let g = store.game(&l, &r);
    memo.insert(p.clone(), g);
    g
}

/// The value by the solver and by the plain search, as text.
pub(crate) fn both<R: PartizanRules>(rules: &R, p: &R::Position) -> (String, String) {
    let mut solver = PartizanSolver::new(rules);
    let g = solver.value(p).unwrap();
    let d = plain(rules, solver.store_mut(), &mut HashMap::new(), p);
    (solver.store_mut().display(g), solver.store_mut().display(d))
}

/// Whether the solver's value of `text` is the game written `expected`.
pub(crate) fn is<R>(rules: &R, text: &str, expected: &str) -> bool
where
    R: PartizanRules + Notation<R::Position>,
{
    let mut solver = PartizanSolver::new(rules);
    let g = solver.value(&rules.parse_position(text).unwrap()).unwrap();
    let e = crate::notation::parse_game(solver.store_mut(), expected).unwrap();
    if g != e {
        eprintln!("{text}: {} is not {expected}", solver.store_mut().display(g));
    }
    g == e
}

/// Left's options of `p` (Right's when `left` is false) in the notation of
/// `rules`, sorted: what a test compares with a plain reading of the rules.
pub(crate) fn shown_moves<R>(rules: &R, p: &R::Position, left: bool) -> Vec<String>
where
    R: PartizanRules + Notation<R::Position>,
{
    let mut out = Vec::new();
    if left {
        rules.left_moves(p, &mut out);
    } else {
        rules.right_moves(p, &mut out);
    }
    let mut shown: Vec<String> = out.iter().map(|q| rules.format_position(q)).collect();
    shown.sort();
    shown
}

/// Checks that the solver's value of `p` is the one straight from the
/// definition ([`both`]), naming the position when not.
pub(crate) fn agrees_with_definition<R>(
    rules: &R,
    p: &R::Position,
) -> Result<(), proptest::test_runner::TestCaseError>
where
    R: PartizanRules + Notation<R::Position>,
{
    let (fast, slow) = both(rules, p);
    proptest::prop_assert_eq!(fast, slow, "{}", rules.format_position(p));
    Ok(())
}
