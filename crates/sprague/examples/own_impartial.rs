//! Your own impartial game: the subtraction game S(1, 3, 4), where a move takes
//! 1, 3 or 4 tokens from one heap, written from scratch and checked against the
//! built-in `Subtraction` ruleset.
//!
//! Run with `cargo run -p sprague --example own_impartial`.

use sprague::{
    GrundySolver, HeapGame, Heaps, ImpartialRules, Nimber, Outcome,
    heap::{GrundyTable, PeriodRule, Subtraction},
};

const TAKE: [u64; 3] = [1, 3, 4];

/// The game S(1, 3, 4).
struct OneThreeFour;

/// A position is a list of heaps; a move takes 1, 3 or 4 tokens from one heap.
/// That is all the Grundy solver needs.
impl ImpartialRules for OneThreeFour {
    type Position = Vec<u64>;

    fn moves(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for (i, &h) in heaps.iter().enumerate() {
            for &t in TAKE.iter().filter(|&&t| t <= h) {
                let mut next = heaps.clone();
                next[i] = h - t;
                out.push(next);
            }
        }
    }
}

/// The same rules seen one heap at a time: enough for Grundy tables, and with
/// a [`PeriodRule`] (a move leaves at most one heap and removes at most 4
/// tokens) an observed period is proven by the periodicity theorem.
impl HeapGame for OneThreeFour {
    fn heap_options(&self, n: u64, f: &mut dyn FnMut(&[u64])) {
        for &t in TAKE.iter().filter(|&&t| t <= n) {
            // The heaps left: none when the whole heap is taken.
            if t == n { f(&[]) } else { f(&[n - t]) }
        }
    }

    fn period_rule(&self) -> Option<PeriodRule> {
        Some(PeriodRule {
            max_parts: 1,
            max_removal: 4,
        })
    }
}

/// Runs the example (also called by `tests/engine/examples.rs`); a failed assertion is a wrong answer.
pub fn main() {
    // Grundy values of single heaps, and of a sum by the Sprague–Grundy theorem.
    let mut solver = GrundySolver::new(&OneThreeFour);
    let first: Vec<u64> = (0..8)
        .map(|n| solver.grundy(&vec![n]).expect("a small search").get())
        .collect();
    println!("G(0..8) = {first:?}");
    assert_eq!(first, [0, 1, 0, 1, 2, 3, 2, 0]);

    // Heaps 5 + 6 + 7: G = 3 ⊕ 2 ⊕ 0 = 1, a first-player win with three winning moves.
    let sum = vec![5, 6, 7];
    let g = solver.grundy(&sum).expect("a small search");
    assert_eq!((g, Outcome::from_grundy(g)), (Nimber(1), Outcome::N));
    let mut winning = solver.winning_moves(&sum).expect("a small search");
    winning.sort();
    println!("{sum:?} has value {g}; winning moves: {winning:?}");
    assert_eq!(winning, [vec![4, 6, 7], vec![5, 5, 7], vec![5, 6, 3]]);

    // A table with a proven period: G(n + 7) = G(n) for every n.
    let ours = GrundyTable::until_proven(&OneThreeFour, 1 << 12);
    let period = ours.period().expect("S(1, 3, 4) is periodic");
    println!("{}", period.describe());
    assert!(period.proven && period.period == 7 && period.preperiod == 0);
    assert_eq!(
        ours.value(1_000_000_000_000),
        Some(Nimber([0, 1, 0, 1, 2, 3, 2][1_000_000_000_000 % 7]))
    );

    // With `HeapGame` alone, `Heaps` is the sum-of-heaps ruleset (no `ImpartialRules`
    // impl needed): with the proven table it answers for heaps of any size.
    let heaps = Heaps::with_table(OneThreeFour, ours.clone());
    let mut fast = GrundySolver::new(&heaps);
    let mut same = fast.winning_moves(&sum).expect("a small search");
    same.sort();
    assert_eq!(same, winning);
    // 10^12 = 1 (mod 7), so G(10^12) = G(1) = 1, and G(5) = 3.
    let huge = vec![1_000_000_000_000, 5];
    assert_eq!(fast.grundy(&huge).expect("answered by the period"), Nimber(1 ^ 3));

    // The built-in ruleset agrees, value for value and on the period.
    let builtin = Subtraction::new(&TAKE).expect("a valid subtraction set");
    let theirs = GrundyTable::until_proven(&builtin, 1 << 12);
    assert_eq!(ours.values(), theirs.values());
    assert_eq!(ours.period(), theirs.period());
}
