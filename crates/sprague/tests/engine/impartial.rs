//! The impartial engine against definition-level brute force.

use proptest::prelude::*;
use sprague::{
    DiGraph, GrundySolver, ImpartialRules, MisereSolver, Nimber, Outcome, games::Nim, impartial::grundy_dag,
    mex,
};
use std::collections::HashMap;

/// Tokens on an explicit DAG: a position is a list of token vertices; a move
/// slides one token along one edge. A sum of single-token games.
struct Tokens {
    succ: Vec<Vec<u32>>,
}

impl ImpartialRules for Tokens {
    type Position = Vec<u32>;
    fn moves(&self, p: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
        for (i, &v) in p.iter().enumerate() {
            for &w in &self.succ[v as usize] {
                let mut q = p.clone();
                q[i] = w;
                out.push(q);
            }
        }
    }
    fn decompose(&self, p: &Vec<u32>, out: &mut Vec<Vec<u32>>) -> bool {
        if p.len() == 1 {
            return false;
        }
        out.extend(p.iter().map(|&v| vec![v]));
        true
    }
    fn compose(&self, parts: &[Vec<u32>]) -> Option<Vec<u32>> {
        Some(parts.concat())
    }
}

/// The same game with no decomposition: the solver must search whole positions.
struct TokensWhole<'a>(&'a Tokens);

impl ImpartialRules for TokensWhole<'_> {
    type Position = Vec<u32>;
    fn moves(&self, p: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
        self.0.moves(p, out);
    }
}

/// The same game, counting its `decompose` calls, with the solver asked to
/// remember the values of positions that split (as games written in Python
/// are) or not.
struct TokensCounted<'a> {
    rules: &'a Tokens,
    memoise: bool,
    splits: std::cell::RefCell<HashMap<Vec<u32>, usize>>,
}

impl ImpartialRules for TokensCounted<'_> {
    type Position = Vec<u32>;
    fn moves(&self, p: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
        self.rules.moves(p, out);
    }
    fn decompose(&self, p: &Vec<u32>, out: &mut Vec<Vec<u32>>) -> bool {
        *self.splits.borrow_mut().entry(p.clone()).or_default() += 1;
        self.rules.decompose(p, out)
    }
    fn compose(&self, parts: &[Vec<u32>]) -> Option<Vec<u32>> {
        self.rules.compose(parts)
    }
    fn memoise_splits(&self) -> bool {
        self.memoise
    }
}

/// Definition: G(p) = mex of G over the options of p, by plain recursion.
fn brute_grundy(rules: &Tokens, p: &Vec<u32>, memo: &mut HashMap<Vec<u32>, u64>) -> u64 {
    if let Some(&g) = memo.get(p) {
        return g;
    }
    let mut options = Vec::new();
    rules.moves(p, &mut options);
    let values: Vec<Nimber> = options
        .iter()
        .map(|o| Nimber(brute_grundy(rules, o, memo)))
        .collect();
    let g = mex(values).0;
    memo.insert(p.clone(), g);
    g
}

/// Misère by definition: no move = the mover wins; else wins iff some option loses.
fn brute_misere_win(rules: &Tokens, p: &Vec<u32>, memo: &mut HashMap<Vec<u32>, bool>) -> bool {
    if let Some(&w) = memo.get(p) {
        return w;
    }
    let mut options = Vec::new();
    rules.moves(p, &mut options);
    let w = options.is_empty() || options.iter().any(|o| !brute_misere_win(rules, o, memo));
    memo.insert(p.clone(), w);
    w
}

/// A random DAG on `n` vertices: edges only go from higher to lower ids.
fn dag(n: usize) -> impl Strategy<Value = Vec<Vec<u32>>> {
    proptest::collection::vec(proptest::collection::vec(any::<u32>(), 0..5), n).prop_map(|rows| {
        rows.into_iter()
            .enumerate()
            .map(|(v, picks)| {
                if v == 0 {
                    Vec::new()
                } else {
                    picks.into_iter().map(|x| x % v as u32).collect()
                }
            })
            .collect()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn solver_matches_definition_on_sums(succ in (1usize..12).prop_flat_map(dag), tokens in proptest::collection::vec(any::<u32>(), 1..4)) {
        let rules = Tokens { succ };
        let n = rules.succ.len() as u32;
        let p: Vec<u32> = tokens.into_iter().map(|t| t % n).collect();
        let mut memo = HashMap::new();
        let want = brute_grundy(&rules, &p, &mut memo);
        let mut solver = GrundySolver::new(&rules);
        prop_assert_eq!(solver.grundy(&p).unwrap().0, want);
        // Without decomposition the solver must agree too.
        let whole = TokensWhole(&rules);
        prop_assert_eq!(GrundySolver::new(&whole).grundy(&p).unwrap().0, want);
        // Winning moves: exactly the options of value 0, found component-wise.
        let mut options = Vec::new();
        rules.moves(&p, &mut options);
        let mut expected: Vec<Vec<u32>> = options.into_iter().filter(|o| brute_grundy(&rules, o, &mut memo) == 0).collect();
        let mut got = solver.winning_moves(&p).unwrap();
        expected.sort();
        got.sort();
        prop_assert_eq!(&got, &expected);
        let mut got_whole = GrundySolver::new(&whole).winning_moves(&p).unwrap();
        got_whole.sort();
        prop_assert_eq!(got_whole, expected);
    }

    /// Remembering the values of positions that split changes no value and
    /// no winning move, and splits each position of a batch at most once.
    #[test]
    fn remembered_splits_change_no_answer(succ in (1usize..12).prop_flat_map(dag), positions in proptest::collection::vec(proptest::collection::vec(any::<u32>(), 1..5), 1..4)) {
        let rules = Tokens { succ };
        let n = rules.succ.len() as u32;
        let positions: Vec<Vec<u32>> = positions.into_iter().map(|p| p.into_iter().map(|t| t % n).collect()).collect();
        let mut memo = HashMap::new();
        let counted = |memoise| TokensCounted { rules: &rules, memoise, splits: Default::default() };
        let (with, without) = (counted(true), counted(false));
        // One solver over the batch, as a batch of values uses it.
        let mut a = GrundySolver::new(&with);
        let mut b = GrundySolver::new(&without);
        for p in &positions {
            let want = brute_grundy(&rules, p, &mut memo);
            prop_assert_eq!(a.grundy(p).unwrap().0, want);
            prop_assert_eq!(b.grundy(p).unwrap().0, want);
            let mut options = Vec::new();
            rules.moves(p, &mut options);
            let mut expected: Vec<Vec<u32>> = options.into_iter().filter(|o| brute_grundy(&rules, o, &mut memo) == 0).collect();
            expected.sort();
            for solver in [&mut a, &mut b] {
                let mut got = solver.winning_moves(p).unwrap();
                got.sort();
                prop_assert_eq!(&got, &expected);
            }
        }
        let twice: Vec<_> = with.splits.borrow().iter().filter(|&(_, &n)| n > 1).map(|(p, _)| p.clone()).collect();
        prop_assert!(twice.is_empty(), "split more than once: {:?}", twice);
    }

    #[test]
    fn misere_matches_definition(succ in (1usize..10).prop_flat_map(dag), tokens in proptest::collection::vec(any::<u32>(), 1..4)) {
        let rules = Tokens { succ };
        let n = rules.succ.len() as u32;
        let p: Vec<u32> = tokens.into_iter().map(|t| t % n).collect();
        let want = brute_misere_win(&rules, &p, &mut HashMap::new());
        let got = MisereSolver::new(&rules).outcome(&p).unwrap();
        prop_assert_eq!(got == Outcome::N, want);
    }

    #[test]
    fn grundy_dag_matches_definition(succ in (1usize..40).prop_flat_map(dag), perm_seed: u64) {
        // Relabel vertices by a random permutation so that ids are not in topological order.
        let n = succ.len();
        let mut perm: Vec<u32> = (0..n as u32).collect();
        let mut s = perm_seed | 1;
        for i in (1..n).rev() {
            s ^= s << 13; s ^= s >> 7; s ^= s << 17;
            perm.swap(i, (s % (i as u64 + 1)) as usize);
        }
        let rules = Tokens { succ: succ.clone() };
        let (mut src, mut dst) = (Vec::new(), Vec::new());
        for (v, ws) in succ.iter().enumerate() {
            for &w in ws {
                src.push(perm[v]);
                dst.push(perm[w as usize]);
            }
        }
        let g = DiGraph::from_edges(n, &src, &dst).unwrap();
        let values = grundy_dag(&g).unwrap();
        let mut memo = HashMap::new();
        for v in 0..n {
            prop_assert_eq!(u64::from(values[perm[v] as usize]), brute_grundy(&rules, &vec![v as u32], &mut memo));
        }
    }

    #[test]
    fn nim_value_is_xor_and_moves_are_exact(heaps in proptest::collection::vec(0u64..9, 1..5)) {
        let mut solver = GrundySolver::new(&Nim);
        let x = heaps.iter().fold(0, |a, &h| a ^ h);
        prop_assert_eq!(solver.grundy(&heaps).unwrap(), Nimber(x));
        let winning = solver.winning_moves(&heaps).unwrap();
        let mut options = Vec::new();
        Nim.moves(&heaps, &mut options);
        for o in &options {
            let zero = o.iter().fold(0, |a, &h| a ^ h) == 0;
            prop_assert_eq!(winning.contains(o), zero, "option {:?}", o);
        }
    }

    #[test]
    fn misere_bash_closed_form_matches_search(m in 1u64..5, heaps in proptest::collection::vec(0u64..14, 1..3)) {
        let bash = sprague::games::Bash::new(m).unwrap();
        let closed = MisereSolver::new(&bash).outcome(&heaps).unwrap();
        let searched = MisereSolver::new(&bash).search_only().outcome(&heaps).unwrap();
        prop_assert_eq!(closed, searched);
    }

    #[test]
    fn misere_nim_closed_form_matches_search(heaps in proptest::collection::vec(0u64..5, 1..5)) {
        let closed = MisereSolver::new(&Nim).outcome(&heaps).unwrap();
        let searched = MisereSolver::new(&Nim).search_only().outcome(&heaps).unwrap();
        prop_assert_eq!(closed, searched);
    }
}

/// A path 0 ← 1 ← … ← n−1 has values alternating 0, 1: the solver must not
/// recurse on the call stack.
struct Countdown;

impl ImpartialRules for Countdown {
    type Position = u32;
    fn moves(&self, p: &u32, out: &mut Vec<u32>) {
        if *p > 0 {
            out.push(p - 1);
        }
    }
}

#[test]
fn deep_games_do_not_overflow_the_stack() {
    let mut solver = GrundySolver::new(&Countdown);
    assert_eq!(solver.grundy(&200_001).unwrap(), Nimber(1));
    assert_eq!(solver.grundy(&200_000).unwrap(), Nimber(0));
    assert_eq!(
        MisereSolver::new(&Countdown).outcome(&300_001).unwrap(),
        Outcome::P
    );
    assert_eq!(
        MisereSolver::new(&Countdown).outcome(&300_000).unwrap(),
        Outcome::N
    );
    // A chain v → v−1 of a million vertices, labelled so that edges point both
    // up and down in id order: the topological-order path of `grundy_dag` is taken.
    let n = 1_000_000u32;
    let label = |v: u32| if v.is_multiple_of(2) { v / 2 } else { n - 1 - v / 2 };
    let src: Vec<u32> = (1..n).map(label).collect();
    let dst: Vec<u32> = (1..n).map(|v| label(v - 1)).collect();
    let g = DiGraph::from_edges(n as usize, &src, &dst).unwrap();
    let values = grundy_dag(&g).unwrap();
    for v in [0, 1, 2, 77, n - 2, n - 1] {
        assert_eq!(values[label(v) as usize], v % 2, "vertex {v}");
    }
}

#[test]
fn budget_stops_cleanly() {
    let mut solver = GrundySolver::with_max_states(&Countdown, 1000);
    let e = solver.grundy(&5000).unwrap_err();
    assert_eq!(
        e,
        sprague::SearchError::Budget(sprague::BudgetExceeded { max_states: 1000 })
    );
    assert_eq!(e.to_string(), "search stopped at its budget of 1000 states");
}

#[test]
fn cycles_are_reported() {
    let g = DiGraph::from_edges(4, &[0, 1, 2, 3], &[1, 2, 1, 0]).unwrap();
    let e = grundy_dag(&g).unwrap_err();
    assert!(e.vertex == 1 || e.vertex == 2, "{e:?}");
    let g = DiGraph::from_edges(2, &[1], &[1]).unwrap();
    assert_eq!(grundy_dag(&g).unwrap_err().vertex, 1);
}

/// The transitive tournament on 300 vertices (every v → every w < v) has
/// Grundy value v at v. Its ids are scrambled, so the topological-order (Kahn) path runs, and
/// values above 253 and out-degrees of 64 and more take the solver's wide paths.
#[test]
fn grundy_dag_large_values_on_scrambled_ids() {
    let n = 300u32;
    let label = |v: u32| (v * 7 + 11) % n; // 7 is prime to 300: a bijection
    let (mut src, mut dst) = (Vec::new(), Vec::new());
    for v in 0..n {
        for w in 0..v {
            src.push(label(v));
            dst.push(label(w));
        }
    }
    let g = DiGraph::from_edges(n as usize, &src, &dst).unwrap();
    let values = grundy_dag(&g).unwrap();
    for v in 0..n {
        assert_eq!(values[label(v) as usize], v, "vertex {v}");
    }
}
