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
