//! Tree leaf removal: on a tree rooted at vertex 0, a move removes a nonempty
//! set of leaves (vertices with no remaining children; the root is a leaf
//! only once it stands alone). Whoever removes the root makes the last move
//! and wins.

use super::tree::RootedTree;
use crate::impartial::ImpartialRules;

/// Does the first player win tree leaf removal on `tree`? O(n), no recursion.
///
/// The game on a subtree is a **selective compound** of its children's games
/// (a move may act in any nonempty set of them) followed by the one forced
/// removal of its root. So, with `win(v)` the normal-play outcome and
/// `misere(v)` the outcome when removing `v` loses:
///
/// - `misere(v)` is a win iff some child `c` has `win(c)` (normal selective
///   compound: lost iff every component is lost);
/// - `win(v)`: a leaf wins (one move); with one child `c` it equals
///   `misere(c)`; with two or more children it is lost iff every child is lost
///   in normal play (the branch-parity rule: on a bare path the player to move
///   wins iff the path has an odd number of vertices).
///
/// The rule is checked against [`LeafRemovalRules`] on thousands of random trees.
///
/// ```
/// use sprague::{graph_games::{RootedTree, leaf_removal_first_player_wins}};
/// // A path of 3 vertices: three forced moves, the first player makes the last.
/// let t = RootedTree::from_edges(3, &[(0, 1), (1, 2)]).unwrap();
/// assert!(leaf_removal_first_player_wins(&t));
/// // Root with two branches of two vertices each: the second player wins.
/// let t = RootedTree::from_edges(5, &[(0, 1), (1, 2), (0, 3), (3, 4)]).unwrap();
/// assert!(!leaf_removal_first_player_wins(&t));
/// ```
#[must_use]
pub fn leaf_removal_first_player_wins(tree: &RootedTree) -> bool {
    let n = tree.len();
    let mut win = vec![false; n];
    let mut misere = vec![false; n];
    for &v in tree.order.iter().rev() {
        let kids = tree.children(v);
        let vi = v as usize;
        misere[vi] = kids.iter().any(|&c| win[c as usize]);
        win[vi] = match kids {
            [] => true,
            [c] => misere[*c as usize],
            _ => kids.iter().any(|&c| win[c as usize]),
        };
    }
    win[0]
}

/// Tree leaf removal move by move, for brute force and Grundy values of small
/// trees (at most 64 vertices, and few leaves at a time: a move is any
/// nonempty subset of the current leaves). A position is the bit mask of the
/// remaining vertices.
///
/// ```
/// use sprague::{GrundySolver, Nimber, graph_games::{LeafRemovalRules, RootedTree}};
/// let t = RootedTree::from_edges(3, &[(0, 1), (0, 2)]).unwrap();
/// let rules = LeafRemovalRules::new(&t).unwrap();
/// // Removing one leaf leaves a path of two vertices (value 0); removing both
/// // leaves the root alone (value 1); so the value is mex{0, 1} = 2.
/// assert_eq!(GrundySolver::new(&rules).grundy(&rules.start()).unwrap(), Nimber(2));
/// ```
#[derive(Clone, Debug)]
pub struct LeafRemovalRules {
    children: Vec<u64>,
}

impl LeafRemovalRules {
    /// The ruleset for `tree`; `None` if it has more than 64 vertices.
    #[must_use]
    pub fn new(tree: &RootedTree) -> Option<LeafRemovalRules> {
        let n = tree.len();
        if n > 64 {
            return None;
        }
        let children = (0..n as u32)
            .map(|v| tree.children(v).iter().fold(0u64, |m, &c| m | 1 << c))
            .collect();
        Some(LeafRemovalRules { children })
    }

    /// The whole tree.
    #[must_use]
    pub fn start(&self) -> u64 {
        let n = self.children.len();
        if n == 64 { u64::MAX } else { (1u64 << n) - 1 }
    }
}

impl ImpartialRules for LeafRemovalRules {
    type Position = u64;

    fn moves(&self, &alive: &u64, out: &mut Vec<u64>) {
        let mut leaves = 0u64;
        let mut rest = alive;
        while rest != 0 {
            let v = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if self.children[v] & alive == 0 {
                leaves |= 1 << v;
            }
        }
        // Every nonempty subset of the leaves.
        let mut sub = leaves;
        while sub != 0 {
            out.push(alive & !sub);
            sub = (sub - 1) & leaves;
        }
    }
}

/// Leaf removal on an **unrooted** tree: a leaf is any vertex of degree at
/// most 1 (so a lone vertex, and both ends of a lone edge, are leaves); a
/// move removes a nonempty set of leaves; the empty tree is a position, and
/// whoever faces it cannot move and loses. Removing leaves keeps a tree, so
/// no position has more leaves than the start. Positions are bit masks of
/// the remaining vertices (at most 64), searched move by move: every
/// nonempty subset of the leaves is a move, so trees are limited to
/// [`UNROOTED_MAX_LEAVES`] leaves.
///
/// A bare path of `n` vertices moves to `n − 1` or `n − 2` (one or both
/// ends), the subtraction game {1, 2}: the mover loses iff `n ≡ 0 (mod 3)`
/// (Bash game, Winning Ways, 2nd ed., vol. 1, ch. 4) — checked in the tests.
///
/// ```
/// use sprague::{GrundySolver, graph_games::UnrootedLeafRemovalRules};
/// // A path of 3 vertices: the second player wins.
/// let rules = UnrootedLeafRemovalRules::new(3, &[(0, 1), (1, 2)]).unwrap();
/// assert!(GrundySolver::new(&rules).grundy(&rules.start()).unwrap().is_zero());
/// ```
#[derive(Clone, Debug)]
pub struct UnrootedLeafRemovalRules {
    adjacent: Vec<u64>,
}

/// Most leaves an unrooted tree may have (moves are subsets of the leaves).
pub const UNROOTED_MAX_LEAVES: usize = 16;

impl UnrootedLeafRemovalRules {
    /// The ruleset for the tree on `0..n` with `edges` (the caller checks it
    /// is a tree); `None` with more than 64 vertices or more than
    /// [`UNROOTED_MAX_LEAVES`] leaves.
    #[must_use]
    pub fn new(n: usize, edges: &[(u32, u32)]) -> Option<UnrootedLeafRemovalRules> {
        if n > 64 {
            return None;
        }
        let mut adjacent = vec![0u64; n];
        for &(a, b) in edges {
            *adjacent.get_mut(a as usize)? |= 1 << b;
            *adjacent.get_mut(b as usize)? |= 1 << a;
        }
        let rules = UnrootedLeafRemovalRules { adjacent };
        (rules.leaves(rules.start()).count_ones() as usize <= UNROOTED_MAX_LEAVES).then_some(rules)
    }

    /// The whole tree.
    #[must_use]
    pub fn start(&self) -> u64 {
        let n = self.adjacent.len();
        if n == 64 { u64::MAX } else { (1u64 << n) - 1 }
    }

    /// The leaves of `alive`: its vertices with at most one living neighbour.
    #[must_use]
    pub fn leaves(&self, alive: u64) -> u64 {
        let mut leaves = 0u64;
        let mut rest = alive;
        while rest != 0 {
            let v = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if (self.adjacent[v] & alive).count_ones() <= 1 {
                leaves |= 1 << v;
            }
        }
        leaves
    }
}

impl ImpartialRules for UnrootedLeafRemovalRules {
    type Position = u64;

    fn moves(&self, &alive: &u64, out: &mut Vec<u64>) {
        let leaves = self.leaves(alive);
        let mut sub = leaves;
        while sub != 0 {
            out.push(alive & !sub);
            sub = (sub - 1) & leaves;
        }
    }
}

#[cfg(test)]
mod unrooted_tests {
    use super::*;
    use crate::impartial::GrundySolver;
    use proptest::prelude::*;

    /// Definition-level: the mover wins iff some nonempty set of vertices of
    /// degree ≤ 1 can be removed leaving a lost tree (degrees recounted from
    /// the edge list each time).
    fn mover_wins(
        n: usize,
        edges: &[(u32, u32)],
        alive: u64,
        memo: &mut std::collections::HashMap<u64, bool>,
    ) -> bool {
        if let Some(&w) = memo.get(&alive) {
            return w;
        }
        let degree = |v: usize| {
            edges
                .iter()
                .filter(|&&(a, b)| {
                    alive >> a & 1 == 1 && alive >> b & 1 == 1 && (a as usize == v || b as usize == v)
                })
                .count()
        };
        let leaves: Vec<usize> = (0..n)
            .filter(|&v| alive >> v & 1 == 1 && degree(v) <= 1)
            .collect();
        let mut win = false;
        for mask in 1u32..1 << leaves.len() {
            let removed = leaves
                .iter()
                .enumerate()
                .filter(|&(i, _)| mask >> i & 1 == 1)
                .fold(0u64, |m, (_, &v)| m | 1 << v);
            if !mover_wins(n, edges, alive & !removed, memo) {
                win = true;
                break;
            }
        }
        memo.insert(alive, win);
        win
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(150))]
        #[test]
        fn search_matches_definition(parents in proptest::collection::vec(0u32..1000, 0..10)) {
            let n = parents.len() + 1;
            let edges: Vec<(u32, u32)> = parents.iter().enumerate().map(|(i, &p)| (p % (i as u32 + 1), i as u32 + 1)).collect();
            let rules = UnrootedLeafRemovalRules::new(n, &edges).unwrap();
            let g = GrundySolver::new(&rules).grundy(&rules.start()).unwrap();
            let mut memo = std::collections::HashMap::new();
            prop_assert_eq!(!g.is_zero(), mover_wins(n, &edges, rules.start(), &mut memo));
        }
    }

    #[test]
    fn paths_are_the_subtraction_game_1_2() {
        for n in 1..=20usize {
            let edges: Vec<(u32, u32)> = (1..n as u32).map(|i| (i - 1, i)).collect();
            let rules = UnrootedLeafRemovalRules::new(n, &edges).unwrap();
            let g = GrundySolver::new(&rules).grundy(&rules.start()).unwrap();
            assert_eq!(g.get(), n as u64 % 3, "path of {n}");
        }
        let star: Vec<(u32, u32)> = (1..=17).map(|i| (0, i)).collect();
        assert!(UnrootedLeafRemovalRules::new(18, &star).is_none());
    }
}
