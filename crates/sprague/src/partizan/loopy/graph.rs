//! The loopy game graph: positions with Left and Right options that may
//! cycle, a start position, the named games, negation and disjunctive sums.

use crate::budget::BudgetExceeded;
use crate::partizan::game_id::GameId;
use crate::partizan::store::{GameStore, TooLargeToExpand};
use rustc_hash::FxHashMap;

/// A loopy partizan game: a finite graph of positions, each with Left and
/// Right options (edges may form cycles), and the position play starts from.
///
/// Positions are numbered `0..position_count()`; every game built by this
/// module keeps only the positions reachable from the start, numbered in
/// breadth-first order from the start (position 0), so equal graphs built
/// the same way compare equal with `==` (graph identity, not game value: use
/// [`LoopyGame::equals`](LoopyGame::equals) for values).
///
/// ```
/// use sprague::partizan::loopy::LoopyGame;
/// // over = {0 | over}: position 0 is over, position 1 is 0.
/// let over = LoopyGame::new(vec![vec![1], vec![]], vec![vec![0], vec![]], 0).unwrap();
/// assert_eq!(over, LoopyGame::over());
/// assert!(over.is_stopper());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LoopyGame {
    pub(super) left: Vec<Vec<u32>>,
    pub(super) right: Vec<Vec<u32>>,
    pub(super) start: u32,
}

/// A graph given to [`LoopyGame::new`] that does not describe a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvalidGraph {
    /// What is wrong, e.g. "position 3 has a Left option 7, past the last position 4".
    pub message: String,
}

impl core::fmt::Display for InvalidGraph {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for InvalidGraph {}

impl LoopyGame {
    /// The game whose position `v` has Left options `left[v]` and Right
    /// options `right[v]`, starting at `start`: a system of game equations
    /// `G_v = { G_l, … | G_r, … }` with one unknown per position. Repeated
    /// options count once; positions not reachable from `start` are dropped.
    ///
    /// # Errors
    /// [`InvalidGraph`] if the two lists differ in length, are empty, or an
    /// option or `start` is not a position.
    pub fn new(
        left: Vec<Vec<usize>>,
        right: Vec<Vec<usize>>,
        start: usize,
    ) -> Result<LoopyGame, InvalidGraph> {
        let n = left.len();
        if right.len() != n {
            return Err(InvalidGraph {
                message: format!("{n} lists of Left options but {} of Right options", right.len()),
            });
        }
        if n == 0 || u32::try_from(n).is_err() {
            return Err(InvalidGraph {
                message: format!("a game needs between 1 and 2^32 - 1 positions, not {n}"),
            });
        }
        let check = |v: usize, side: &str, opts: &[usize]| -> Result<Vec<u32>, InvalidGraph> {
            opts.iter()
                .map(|&w| {
                    if w < n {
                        Ok(w as u32)
                    } else {
                        Err(InvalidGraph {
                            message: format!(
                                "position {v} has a {side} option {w}, past the last position {}",
                                n - 1
                            ),
                        })
                    }
                })
                .collect()
        };
        if start >= n {
            return Err(InvalidGraph {
                message: format!("start position {start}, past the last position {}", n - 1),
            });
        }
        let mut l = Vec::with_capacity(n);
        let mut r = Vec::with_capacity(n);
        for v in 0..n {
            l.push(check(v, "Left", &left[v])?);
            r.push(check(v, "Right", &right[v])?);
        }
        Ok(LoopyGame::from_parts(l, r, start as u32))
    }

    /// Packs raw parts: dedups options and keeps the reachable part.
    pub(super) fn from_parts(left: Vec<Vec<u32>>, right: Vec<Vec<u32>>, start: u32) -> LoopyGame {
        LoopyGame { left, right, start }.packed()
    }

    /// The positions reachable from the start, renumbered breadth-first
    /// (Left options before Right options), options sorted and deduplicated.
    pub(super) fn packed(&self) -> LoopyGame {
        let n = self.left.len();
        let mut new_id = vec![u32::MAX; n];
        let mut order = vec![self.start];
        new_id[self.start as usize] = 0;
        let mut i = 0;
        while i < order.len() {
            let v = order[i] as usize;
            i += 1;
            for &w in self.left[v].iter().chain(&self.right[v]) {
                if new_id[w as usize] == u32::MAX {
                    new_id[w as usize] = order.len() as u32;
                    order.push(w);
                }
            }
        }
        let map = |opts: &[u32]| -> Vec<u32> {
            let mut o: Vec<u32> = opts.iter().map(|&w| new_id[w as usize]).collect();
            o.sort_unstable();
            o.dedup();
            o
        };
        let left = order.iter().map(|&v| map(&self.left[v as usize])).collect();
        let right = order.iter().map(|&v| map(&self.right[v as usize])).collect();
        LoopyGame {
            left,
            right,
            start: 0,
        }
    }

    /// One position `{ L | R }` whose options `Some(w)` are other positions of a
    /// two-position game with position 1 = 0, and `None` is the position itself.
    fn one_loop(left: &[Option<u32>], right: &[Option<u32>]) -> LoopyGame {
        let f = |o: &[Option<u32>]| o.iter().map(|x| x.unwrap_or(0)).collect::<Vec<u32>>();
        LoopyGame::from_parts(vec![f(left), vec![]], vec![f(right), vec![]], 0)
    }

    /// The game 0 = `{ | }`: no moves.
    #[must_use]
    pub fn zero() -> LoopyGame {
        LoopyGame::from_parts(vec![vec![]], vec![vec![]], 0)
    }

    /// on = `{on | }` = `{pass | }`: Left may always pass, Right never moves
    /// (Winning Ways, ch. 11; Siegel, *Combinatorial Game Theory*, VI.1).
    #[must_use]
    pub fn on() -> LoopyGame {
        LoopyGame::one_loop(&[None], &[])
    }

    /// off = `{ | off}` = `{ | pass}`, the negative of on.
    #[must_use]
    pub fn off() -> LoopyGame {
        LoopyGame::one_loop(&[], &[None])
    }

    /// over = `{0 | over}` = `{0 | pass}` (Winning Ways, ch. 11).
    #[must_use]
    pub fn over() -> LoopyGame {
        LoopyGame::one_loop(&[Some(1)], &[None])
    }

    /// under = `{under | 0}` = `{pass | 0}`, the negative of over.
    #[must_use]
    pub fn under() -> LoopyGame {
        LoopyGame::one_loop(&[None], &[Some(1)])
    }

    /// dud = `{dud | dud}` = `{pass | pass}`, the deathless universal draw.
    #[must_use]
    pub fn dud() -> LoopyGame {
        LoopyGame::one_loop(&[None], &[None])
    }

    /// upon = `{upon | *}` = `{pass | *}` (Winning Ways, ch. 11; predefined in CGSuite).
    #[must_use]
    pub fn upon() -> LoopyGame {
        // 0: upon, 1: *, 2: 0.
        LoopyGame::from_parts(vec![vec![0], vec![2], vec![]], vec![vec![1], vec![2], vec![]], 0)
    }

    /// tis = `{tisn | }`, where tisn = `{ | tis}` (Winning Ways, ch. 11).
    #[must_use]
    pub fn tis() -> LoopyGame {
        LoopyGame::from_parts(vec![vec![1], vec![]], vec![vec![], vec![0]], 0)
    }

    /// tisn = `{ | tis}`, where tis = `{tisn | }`: the negative of tis.
    #[must_use]
    pub fn tisn() -> LoopyGame {
        LoopyGame::tis().neg()
    }

    /// The named games by their names: `on`, `off`, `over`, `under`, `dud`,
    /// `upon`, `tis`, `tisn`.
    #[must_use]
    pub fn named(name: &str) -> Option<LoopyGame> {
        Some(match name {
            "on" => LoopyGame::on(),
            "off" => LoopyGame::off(),
            "over" => LoopyGame::over(),
            "under" => LoopyGame::under(),
            "dud" => LoopyGame::dud(),
            "upon" => LoopyGame::upon(),
            "tis" => LoopyGame::tis(),
            "tisn" => LoopyGame::tisn(),
            _ => return None,
        })
    }

    /// The names [`LoopyGame::named`] knows.
    pub const NAMES: [&'static str; 8] = ["on", "off", "over", "under", "dud", "upon", "tis", "tisn"];

    /// The number of positions (all reachable from the start).
    #[must_use]
    pub fn position_count(&self) -> usize {
        self.left.len()
    }

    /// The start position's number (0 for every game this module builds).
    #[must_use]
    pub fn start(&self) -> usize {
        self.start as usize
    }

    /// Left's options from position `v`, as position numbers.
    ///
    /// # Panics
    /// If `v` is not a position.
    #[must_use]
    pub fn left_options(&self, v: usize) -> Vec<usize> {
        self.left[v].iter().map(|&w| w as usize).collect()
    }

    /// Right's options from position `v`, as position numbers.
    ///
    /// # Panics
    /// If `v` is not a position.
    #[must_use]
    pub fn right_options(&self, v: usize) -> Vec<usize> {
        self.right[v].iter().map(|&w| w as usize).collect()
    }

    /// The game played from position `v` of this graph.
    ///
    /// # Panics
    /// If `v` is not a position.
    #[must_use]
    pub fn at(&self, v: usize) -> LoopyGame {
        LoopyGame {
            left: self.left.clone(),
            right: self.right.clone(),
            start: v as u32,
        }
        .packed()
    }

    /// The negative: Left's and Right's options swapped at every position.
    #[must_use]
    pub fn neg(&self) -> LoopyGame {
        LoopyGame {
            left: self.right.clone(),
            right: self.left.clone(),
            start: self.start,
        }
        .packed()
    }

    /// Whether no position can be reached from itself (a short game).
    #[must_use]
    pub fn is_loopfree(&self) -> bool {
        // Kahn's algorithm on the move graph.
        let n = self.left.len();
        let mut indeg = vec![0u32; n];
        for v in 0..n {
            for &w in self.left[v].iter().chain(&self.right[v]) {
                indeg[w as usize] += 1;
            }
        }
        let mut stack: Vec<usize> = (0..n).filter(|&v| indeg[v] == 0).collect();
        let mut seen = 0;
        while let Some(v) = stack.pop() {
            seen += 1;
            for &w in self.left[v].iter().chain(&self.right[v]) {
                indeg[w as usize] -= 1;
                if indeg[w as usize] == 0 {
                    stack.push(w as usize);
                }
            }
        }
        seen == n
    }

    /// The disjunctive sum `self + other`: a position of the sum is a pair of
    /// positions, and a move is a move in one component. Only the pairs
    /// reachable from the two starts are built.
    ///
    /// # Errors
    /// [`BudgetExceeded`] if the sum has more than `max_positions` positions.
    pub fn add(&self, other: &LoopyGame, max_positions: usize) -> Result<LoopyGame, BudgetExceeded> {
        LoopyGame::sum(&[self, other], max_positions)
    }

    /// `self − other` = `self + (−other)`; see [`LoopyGame::add`].
    ///
    /// # Errors
    /// [`BudgetExceeded`] if the difference has more than `max_positions` positions.
    pub fn sub(&self, other: &LoopyGame, max_positions: usize) -> Result<LoopyGame, BudgetExceeded> {
        self.add(&other.neg(), max_positions)
    }

    /// The disjunctive sum of `games` (0 for none).
    ///
    /// # Errors
    /// [`BudgetExceeded`] if the sum has more than `max_positions` positions.
    pub fn sum(games: &[&LoopyGame], max_positions: usize) -> Result<LoopyGame, BudgetExceeded> {
        let start: Vec<u32> = games.iter().map(|g| g.start).collect();
        let mut index: FxHashMap<Vec<u32>, u32> = FxHashMap::default();
        let mut tuples: Vec<Vec<u32>> = vec![start.clone()];
        index.insert(start, 0);
        let (mut left, mut right) = (Vec::new(), Vec::new());
        let mut i = 0;
        while i < tuples.len() {
            let t = tuples[i].clone();
            i += 1;
            let mut opts = [Vec::new(), Vec::new()];
            for (k, g) in games.iter().enumerate() {
                for (side, edges) in [&g.left, &g.right].into_iter().enumerate() {
                    for &w in &edges[t[k] as usize] {
                        let mut u = t.clone();
                        u[k] = w;
                        let id = match index.get(&u) {
                            Some(&id) => id,
                            None => {
                                if tuples.len() >= max_positions {
                                    return Err(BudgetExceeded {
                                        max_states: max_positions,
                                    });
                                }
                                let id = tuples.len() as u32;
                                index.insert(u.clone(), id);
                                tuples.push(u);
                                id
                            }
                        };
                        opts[side].push(id);
                    }
                }
            }
            let [l, r] = opts;
            left.push(l);
            right.push(r);
        }
        Ok(LoopyGame::from_parts(left, right, 0))
    }

    /// The loop-free graph of a short game's canonical form: one position per
    /// distinct canonical subposition.
    ///
    /// # Errors
    /// [`TooLargeToExpand`] for a nimber or up multiple past the store's limits.
    pub fn from_short(store: &mut GameStore, g: GameId) -> Result<LoopyGame, TooLargeToExpand> {
        let mut index: FxHashMap<GameId, u32> = FxHashMap::default();
        let mut ids = vec![g];
        index.insert(g, 0);
        let (mut left, mut right) = (Vec::new(), Vec::new());
        let mut i = 0;
        while i < ids.len() {
            let x = ids[i];
            i += 1;
            store.check_expandable(x)?;
            let (lo, ro) = store.options(x);
            let mut map = |opts: Vec<GameId>| -> Vec<u32> {
                opts.into_iter()
                    .map(|o| {
                        *index.entry(o).or_insert_with(|| {
                            ids.push(o);
                            (ids.len() - 1) as u32
                        })
                    })
                    .collect()
            };
            left.push(map(lo));
            right.push(map(ro));
        }
        Ok(LoopyGame::from_parts(left, right, 0))
    }

    /// The canonical short game of a loop-free game (`None` if some position
    /// can be reached from itself).
    pub fn to_short(&self, store: &mut GameStore) -> Option<GameId> {
        if !self.is_loopfree() {
            return None;
        }
        let n = self.left.len();
        let mut value: Vec<Option<GameId>> = vec![None; n];
        // Depth-first post-order without recursion.
        let mut stack: Vec<(usize, bool)> = vec![(self.start as usize, false)];
        while let Some((v, expanded)) = stack.pop() {
            if value[v].is_some() {
                continue;
            }
            if expanded {
                let l: Vec<GameId> = self.left[v].iter().filter_map(|&w| value[w as usize]).collect();
                let r: Vec<GameId> = self.right[v].iter().filter_map(|&w| value[w as usize]).collect();
                value[v] = Some(store.game(&l, &r));
            } else {
                stack.push((v, true));
                for &w in self.left[v].iter().chain(&self.right[v]) {
                    if value[w as usize].is_none() {
                        stack.push((w as usize, false));
                    }
                }
            }
        }
        value[self.start as usize]
    }
}
