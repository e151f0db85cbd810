//! The game graph of a ruleset whose positions may repeat: every position
//! reachable from a start, with its Left and Right options.

use super::graph::LoopyGame;
use crate::budget::BudgetExceeded;
use crate::partizan::rules::PartizanRules;
use rustc_hash::FxHashMap;

/// The positions reachable from a start under a [`PartizanRules`] whose play
/// may cycle, numbered breadth-first from the start (position 0), with each
/// position's Left and Right options by number.
///
/// Built by [`Explored::new`]; [`Explored::game`] is its [`LoopyGame`].
/// The ruleset's `decompose`, `canonical_key` and `number_value` are not
/// used: every position is one vertex of the graph.
///
/// ```
/// use sprague::partizan::{PartizanRules, loopy::{Explored, LoopyGame}};
/// // A token on 0..=2: Left moves it up one, Right down one.
/// struct Walk;
/// impl PartizanRules for Walk {
///     type Position = u8;
///     fn left_moves(&self, p: &u8, out: &mut Vec<u8>) { if *p < 2 { out.push(p + 1) } }
///     fn right_moves(&self, p: &u8, out: &mut Vec<u8>) { if *p > 0 { out.push(p - 1) } }
/// }
/// let g = Explored::new(&Walk, &0, 100).unwrap();
/// assert_eq!(g.positions(), &[0, 1, 2]);
/// assert!(!g.game().is_loopfree());
/// ```
#[derive(Clone, Debug)]
pub struct Explored<P> {
    positions: Vec<P>,
    index: FxHashMap<P, u32>,
    left: Vec<Vec<u32>>,
    right: Vec<Vec<u32>>,
}

impl<P: Clone + Eq + core::hash::Hash> Explored<P> {
    /// Every position reachable from `start` under `rules`, breadth-first,
    /// with Left's options before Right's.
    /// O((positions + moves) · move generation), one hash-map entry a position.
    ///
    /// # Errors
    /// [`BudgetExceeded`] when more than `max_states` positions are reachable
    /// (raise the budget: `--max-states` on the command line).
    pub fn new<R>(rules: &R, start: &P, max_states: usize) -> Result<Explored<P>, BudgetExceeded>
    where
        R: PartizanRules<Position = P> + ?Sized,
    {
        let mut g = Explored {
            positions: vec![start.clone()],
            index: FxHashMap::default(),
            left: Vec::new(),
            right: Vec::new(),
        };
        g.index.insert(start.clone(), 0);
        let mut out = Vec::new();
        let mut i = 0;
        while i < g.positions.len() {
            let p = g.positions[i].clone();
            for player in [0, 1] {
                out.clear();
                if player == 0 {
                    rules.left_moves(&p, &mut out);
                } else {
                    rules.right_moves(&p, &mut out);
                }
                let mut ids = Vec::with_capacity(out.len());
                for q in out.drain(..) {
                    let next = g.positions.len();
                    let id = match g.index.get(&q) {
                        Some(&id) => id,
                        None => {
                            if next >= max_states || u32::try_from(next).is_err() {
                                return Err(BudgetExceeded { max_states });
                            }
                            g.index.insert(q.clone(), next as u32);
                            g.positions.push(q);
                            next as u32
                        }
                    };
                    ids.push(id);
                }
                ids.sort_unstable();
                ids.dedup();
                if player == 0 {
                    g.left.push(ids);
                } else {
                    g.right.push(ids);
                }
            }
            i += 1;
        }
        Ok(g)
    }

    /// The positions, by number (the start is 0).
    #[must_use]
    pub fn positions(&self) -> &[P] {
        &self.positions
    }

    /// The number of position `p`, if it is reachable.
    #[must_use]
    pub fn index_of(&self, p: &P) -> Option<usize> {
        self.index.get(p).map(|&i| i as usize)
    }

    /// The options of position `v` for Left (`left`) or Right, by number.
    ///
    /// # Panics
    /// If `v` is not a position number.
    #[must_use]
    pub fn options(&self, v: usize, left: bool) -> &[u32] {
        if left { &self.left[v] } else { &self.right[v] }
    }

    /// The loopy game played from the start. O(positions + moves).
    #[must_use]
    pub fn game(&self) -> LoopyGame {
        LoopyGame::from_parts(self.left.clone(), self.right.clone(), 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A ruleset whose positions are the vertices of a fixed graph.
    struct Graph {
        left: Vec<Vec<usize>>,
        right: Vec<Vec<usize>>,
    }

    impl PartizanRules for Graph {
        type Position = usize;
        fn left_moves(&self, p: &usize, out: &mut Vec<usize>) {
            out.extend(&self.left[*p]);
        }
        fn right_moves(&self, p: &usize, out: &mut Vec<usize>) {
            out.extend(&self.right[*p]);
        }
    }

    fn game_of(left: Vec<Vec<usize>>, right: Vec<Vec<usize>>, start: usize) -> LoopyGame {
        let rules = Graph { left, right };
        Explored::new(&rules, &start, 1000).unwrap().game()
    }

    /// Rulesets whose positions form on, off, dud, over, under and upon
    /// give exactly those games, as graphs and as values.
    #[test]
    fn named_games_from_rules() {
        let budget = 100_000;
        let cases = [
            (game_of(vec![vec![0]], vec![vec![]], 0), LoopyGame::on()),
            (game_of(vec![vec![]], vec![vec![0]], 0), LoopyGame::off()),
            (game_of(vec![vec![0]], vec![vec![0]], 0), LoopyGame::dud()),
            // over = {0 | over}, from position 1 of a graph with an unreachable position 0.
            (
                game_of(vec![vec![], vec![2], vec![]], vec![vec![1], vec![1], vec![]], 1),
                LoopyGame::over(),
            ),
            (
                game_of(vec![vec![0], vec![]], vec![vec![1], vec![]], 0),
                LoopyGame::under(),
            ),
            // upon = {upon | *}: 0 upon, 1 *, 2 zero.
            (
                game_of(vec![vec![0], vec![2], vec![]], vec![vec![1], vec![2], vec![]], 0),
                LoopyGame::upon(),
            ),
        ];
        for (got, want) in &cases {
            assert_eq!(got, want);
            assert!(got.equals(want, budget).unwrap());
        }
        // A longer cycle with the same value as over: {0 | a}, a = {0 | {0 | a}}.
        let long = game_of(vec![vec![2], vec![2], vec![]], vec![vec![1], vec![0], vec![]], 0);
        assert_ne!(long, LoopyGame::over());
        assert!(long.equals(&LoopyGame::over(), budget).unwrap());
        assert_eq!(long.canonical(budget).unwrap(), LoopyGame::over());
        // {on | off} is a stopper (no alternating run goes on for ever).
        let hot = game_of(vec![vec![1], vec![1], vec![]], vec![vec![2], vec![], vec![2]], 0);
        assert!(hot.is_stopper());
        assert_eq!(hot.outcome().code(), "N");
    }

    #[test]
    fn budget_stops_exploration() {
        struct Up;
        impl PartizanRules for Up {
            type Position = u64;
            fn left_moves(&self, p: &u64, out: &mut Vec<u64>) {
                out.push(p + 1);
            }
            fn right_moves(&self, p: &u64, out: &mut Vec<u64>) {
                out.push(p.saturating_sub(1));
            }
        }
        assert_eq!(
            Explored::new(&Up, &0, 50).unwrap_err(),
            BudgetExceeded { max_states: 50 }
        );
        let g = Explored::new(
            &Graph {
                left: vec![vec![1], vec![0]],
                right: vec![vec![], vec![]],
            },
            &0,
            2,
        )
        .unwrap();
        assert_eq!(g.positions().len(), 2);
        assert_eq!(g.index_of(&1), Some(1));
        assert_eq!(g.options(1, true), &[0]);
    }
}
