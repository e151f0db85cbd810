//! Random loopy partizan graphs for the property tests of the loopy
//! modules (`loopy_partizan.rs`, `loopy_sides.rs`).

use sprague::partizan::loopy::LoopyGame;

/// A random loopy graph of 1..=5 positions from `picks` (up to two options
/// per player and position, to any position, itself included), rooted at
/// position 0.
pub fn random_graph(picks: &[u8]) -> LoopyGame {
    random_graph_of(picks, 5)
}

/// As [`random_graph`], with 1..=`max_positions` positions.
pub fn random_graph_of(picks: &[u8], max_positions: usize) -> LoopyGame {
    let mut it = picks.iter().copied().cycle();
    let mut next = || usize::from(it.next().unwrap_or(0));
    let n = 1 + next() % max_positions;
    let mut left = Vec::new();
    let mut right = Vec::new();
    for _ in 0..n {
        let nl = next() % 3;
        let nr = next() % 3;
        left.push((0..nl).map(|_| next() % n).collect());
        right.push((0..nr).map(|_| next() % n).collect());
    }
    LoopyGame::new(left, right, 0).unwrap()
}
