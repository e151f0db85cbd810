//! Retrograde analysis on the state graph of one loopy game or of a
//! difference `A − B`: a state is a position (or a pair of positions) and
//! the player to move; Left's states move to Right's and back.

use super::graph::LoopyGame;
use crate::loopy::{Induction, Predecessors, RelaxFn, Retrograde};
use crate::monitor::{Interrupted, Ticker};
use core::convert::Infallible;

/// The player to move in a state: Left's states are the even numbers.
pub(super) const LEFT: usize = 0;
/// Right's states are the odd numbers.
pub(super) const RIGHT: usize = 1;

/// The explicit state graph. State `2p + m` is position `p` (a pair
/// `(a, b)` numbered `a · |B| + b`) with player `m` to move. Each edge
/// records whether it is a move in the first component (`A`) or the second
/// (`−B`).
pub(super) struct Arena {
    pub(super) succ: Vec<Vec<(u32, bool)>>,
    pub(super) pred: Vec<Vec<(u32, bool)>>,
}

impl Arena {
    /// The states of one game (every edge counts as "in A").
    pub(super) fn single(g: &LoopyGame) -> Arena {
        let n = g.position_count();
        let mut succ = vec![Vec::new(); 2 * n];
        for v in 0..n {
            for &w in &g.left[v] {
                succ[2 * v + LEFT].push((2 * w + RIGHT as u32, true));
            }
            for &w in &g.right[v] {
                succ[2 * v + RIGHT].push((2 * w + LEFT as u32, true));
            }
        }
        Arena::with_preds(succ)
    }

    /// The states of `a − b` for every pair of positions: Left moves to a
    /// Left option in `a` or a Right option in `b`; Right to a Right option
    /// in `a` or a Left option in `b`. (The analyses use [`Difference`],
    /// which keeps no edges; this explicit graph is the tests' reference.)
    #[cfg(test)]
    pub(super) fn difference(a: &LoopyGame, b: &LoopyGame) -> Arena {
        let (na, nb) = (a.position_count(), b.position_count());
        let mut succ = vec![Vec::new(); 2 * na * nb];
        for x in 0..na {
            for y in 0..nb {
                let p = x * nb + y;
                let l = &mut succ[2 * p + LEFT];
                for &w in &a.left[x] {
                    l.push((2 * (w * nb as u32 + y as u32) + RIGHT as u32, true));
                }
                for &w in &b.right[y] {
                    l.push((2 * (x as u32 * nb as u32 + w) + RIGHT as u32, false));
                }
                let r = &mut succ[2 * p + RIGHT];
                for &w in &a.right[x] {
                    r.push((2 * (w * nb as u32 + y as u32) + LEFT as u32, true));
                }
                for &w in &b.left[y] {
                    r.push((2 * (x as u32 * nb as u32 + w) + LEFT as u32, false));
                }
            }
        }
        Arena::with_preds(succ)
    }

    /// An arena with the given successor lists (predecessors derived).
    pub(super) fn from_succ(succ: Vec<Vec<(u32, bool)>>) -> Arena {
        Arena::with_preds(succ)
    }

    fn with_preds(succ: Vec<Vec<(u32, bool)>>) -> Arena {
        let mut pred = vec![Vec::new(); succ.len()];
        for (s, out) in succ.iter().enumerate() {
            for &(t, in_a) in out {
                pred[t as usize].push((s as u32, in_a));
            }
        }
        Arena { succ, pred }
    }

    /// The states from which `player` forces a win in finite play: the
    /// opponent, to move, eventually has no move. Everything else is a loss
    /// or a draw for `player`. See [`StateGraph::attractor_with`].
    pub(super) fn attractor(&self, player: usize) -> Vec<bool> {
        self.attractor_with(player, &[])
    }
}

/// A state graph of one loopy game or of a difference, read through its
/// moves and its predecessors (each move labelled with whether it is made in
/// the first component): the analyses below are written once for the
/// explicit [`Arena`] and for [`Difference`], which lists no moves.
pub(super) trait StateGraph: Predecessors<Node = usize, Edge = (usize, bool)> + Sized {
    /// The number of states.
    fn state_count(&self) -> usize;

    /// The moves out of state `s`, each with whether it is made in the
    /// first component.
    fn moves(&self, s: usize) -> impl Iterator<Item = (usize, bool)> + '_;

    /// The number of moves out of state `s`.
    fn move_count(&self, s: usize) -> u32 {
        self.moves(s).count() as u32
    }

    /// The states from which `player` forces a win in finite play (the
    /// opponent, to move, eventually has no move), where the decided states
    /// (`known[s]` is `Some`; states past the end of `known` are undecided)
    /// are taken as given and their moves ignored. Everything else is a loss
    /// or a draw for `player`. Backward induction on [`Retrograde`]:
    /// O(states + the moves into the states `player` wins).
    fn attractor_with(&self, player: usize, known: &[Option<bool>]) -> Vec<bool> {
        let Ok(won) = self.attractor_polled(player, known, &mut ());
        won
    }

    /// [`StateGraph::attractor_with`], telling `poll` of the states it goes
    /// through (every state once while counting moves, then each batch of
    /// decided states) and stopping when `poll` says so.
    ///
    /// # Errors
    /// What `poll` returns.
    fn attractor_polled<Q: Poll>(
        &self,
        player: usize,
        known: &[Option<bool>],
        poll: &mut Q,
    ) -> Result<Vec<bool>, Q::Stop> {
        let n = self.state_count();
        let mut won = vec![false; n];
        // For the opponent's states: moves not yet known to lose.
        let mut count: Vec<u32> = Vec::with_capacity(n);
        for s in 0..n {
            if s % POLL_STATES == 0 {
                poll.states(POLL_STATES.min(n - s))?;
            }
            count.push(if s % 2 == player { 0 } else { self.move_count(s) });
        }
        let decided = |s: usize| known.get(s).copied().flatten();
        let mut work = Retrograde::new();
        for (s, w) in won.iter_mut().enumerate() {
            let seed = match decided(s) {
                Some(k) => k,
                None => s % 2 != player && count[s] == 0,
            };
            if seed {
                *w = true;
                work.push(s);
            }
        }
        work.run(
            self,
            &mut Polled {
                poll,
                relax: |_, (s, _): (usize, bool)| {
                    if won[s] || decided(s).is_some() {
                        return None;
                    }
                    if s % 2 != player {
                        count[s] -= 1;
                        if count[s] != 0 {
                            return None;
                        }
                    }
                    won[s] = true;
                    Some(s)
                },
            },
        )?;
        Ok(won)
    }

    /// The states from which Left wins when, besides finite play (Right to
    /// move and stuck), Left also wins every infinite play with infinitely
    /// many moves in the first component (`accept_in_a`) or in the second
    /// (`!accept_in_a`). A Büchi game, solved by the classical nested
    /// attractors: O(states · moves) at worst.
    fn left_buchi(&self, accept_in_a: bool) -> Vec<bool> {
        let n = self.state_count();
        let mut alive = vec![true; n]; // states not yet known lost for Left
        let mut good = vec![false; n];
        let mut count = vec![0u32; n];
        loop {
            // Left's attractor to an accepting move (or Right stuck) inside `alive`.
            good.fill(false);
            let mut work = Retrograde::new();
            for s in 0..n {
                if !alive[s] {
                    continue;
                }
                if s % 2 == LEFT {
                    if self.moves(s).any(|(t, a)| a == accept_in_a && alive[t]) {
                        good[s] = true;
                        work.push(s);
                    }
                } else {
                    // Right's moves out of `alive` can never be made good.
                    let mut c = 0u32;
                    let mut blocked = false;
                    for (t, a) in self.moves(s) {
                        if !alive[t] {
                            blocked = true;
                        } else if a != accept_in_a {
                            c += 1;
                        }
                    }
                    count[s] = if blocked { u32::MAX } else { c };
                    if c == 0 && !blocked {
                        good[s] = true;
                        work.push(s);
                    }
                }
            }
            let Ok(()) = work.run(
                self,
                &mut RelaxFn(|_, (s, a): (usize, bool)| {
                    if !alive[s] || good[s] || a == accept_in_a {
                        return None;
                    }
                    if s % 2 == RIGHT {
                        if count[s] == u32::MAX {
                            return None;
                        }
                        count[s] -= 1;
                        if count[s] != 0 {
                            return None;
                        }
                    }
                    good[s] = true;
                    Some(s)
                }),
            );
            // Where Left cannot force progress, Right wins; so does wherever Right can force play there.
            let trap: Vec<usize> = (0..n).filter(|&s| alive[s] && !good[s]).collect();
            if trap.is_empty() {
                return alive;
            }
            // Left's moves to states still alive, counted before the trap dies.
            for s in (0..n).filter(|s| s % 2 == LEFT && alive[*s]) {
                count[s] = self.moves(s).filter(|&(t, _)| alive[t]).count() as u32;
            }
            for &s in &trap {
                alive[s] = false;
            }
            let Ok(()) = Retrograde::from(trap).run(
                self,
                &mut RelaxFn(|_, (s, _): (usize, bool)| {
                    if !alive[s] {
                        return None;
                    }
                    if s % 2 == LEFT {
                        count[s] -= 1;
                        if count[s] != 0 {
                            return None;
                        }
                    }
                    alive[s] = false;
                    Some(s)
                }),
            );
        }
    }
}

/// States between two polls of the move-counting pass.
const POLL_STATES: usize = 1 << 16;

/// What a long analysis tells of its progress, and asks whether to go on:
/// nothing (`()`, which never stops), or a [`Ticker`] that counts the states
/// on its monitor and stops on Ctrl-C.
pub(super) trait Poll {
    /// Why the analysis stops.
    type Stop;

    /// `n` more states gone through.
    ///
    /// # Errors
    /// When the analysis must stop.
    fn states(&mut self, n: usize) -> Result<(), Self::Stop>;
}

impl Poll for () {
    type Stop = Infallible;

    #[inline]
    fn states(&mut self, _: usize) -> Result<(), Infallible> {
        Ok(())
    }
}

impl Poll for Ticker<'_> {
    type Stop = Interrupted;

    #[inline]
    fn states(&mut self, n: usize) -> Result<(), Interrupted> {
        self.tick_n(n as u64)
    }
}

/// A relaxation rule that polls before each batch of decided states.
struct Polled<'q, Q, F> {
    poll: &'q mut Q,
    relax: F,
}

impl<P, Q, F> Induction<P> for Polled<'_, Q, F>
where
    P: Predecessors + ?Sized,
    Q: Poll,
    F: FnMut(P::Node, P::Edge) -> Option<P::Node>,
{
    type Child = P::Node;
    type Stop = Q::Stop;

    #[inline]
    fn child(&mut self, v: P::Node) -> P::Node {
        v
    }

    #[inline]
    fn relax(&mut self, child: P::Node, edge: P::Edge) -> Option<P::Node> {
        (self.relax)(child, edge)
    }

    #[inline]
    fn batch(&mut self, _: &P, frontier: &[P::Node]) -> Result<(), Q::Stop> {
        self.poll.states(frontier.len())
    }
}

impl StateGraph for Arena {
    fn state_count(&self) -> usize {
        self.succ.len()
    }

    fn moves(&self, s: usize) -> impl Iterator<Item = (usize, bool)> + '_ {
        self.succ[s].iter().map(|&(t, a)| (t as usize, a))
    }

    fn move_count(&self, s: usize) -> u32 {
        self.succ[s].len() as u32
    }
}

impl Predecessors for Arena {
    type Node = usize;
    type Edge = (usize, bool);

    fn predecessors<'a>(&'a self, t: usize, buf: &'a mut Vec<(usize, bool)>) -> &'a [(usize, bool)] {
        buf.extend(self.pred[t].iter().map(|&(s, a)| (s as usize, a)));
        buf
    }
}

/// The state graph of `a − b` without its edges: a state's moves are read
/// from the two games' option lists and its predecessors from their
/// reversed lists when needed. Memory: the reversed lists (the size of the
/// two games) plus what an analysis keeps per state, instead of the
/// explicit [`Arena`]'s two lists per state, which for games whose
/// positions have many options (`over + *k`: about `k` each) held tens of
/// millions of edges.
pub(super) struct Difference<'a> {
    a: &'a LoopyGame,
    b: &'a LoopyGame,
    /// `rev[0]`: the positions of `a` with a Left option to `x`, for each
    /// `x`; `rev[1]`: with a Right option. `rev[2]`, `rev[3]`: the same for `b`.
    rev: [Reversed; 4],
}

/// Reversed option lists in compressed form: the positions with an option
/// to `x` are `from[at[x]..at[x + 1]]`, once per listed option.
struct Reversed {
    at: Vec<u32>,
    from: Vec<u32>,
}

impl Reversed {
    fn of(options: &[Vec<u32>]) -> Reversed {
        let mut at = vec![0u32; options.len() + 1];
        for opts in options {
            for &w in opts {
                at[w as usize + 1] += 1;
            }
        }
        for i in 1..at.len() {
            at[i] += at[i - 1];
        }
        let mut next = at.clone();
        let mut from = vec![0u32; at[options.len()] as usize];
        for (v, opts) in options.iter().enumerate() {
            for &w in opts {
                from[next[w as usize] as usize] = v as u32;
                next[w as usize] += 1;
            }
        }
        Reversed { at, from }
    }

    fn to(&self, x: usize) -> &[u32] {
        &self.from[self.at[x] as usize..self.at[x + 1] as usize]
    }
}

impl<'a> Difference<'a> {
    /// The states of `a − b`, numbered as in [`Arena::difference`].
    pub(super) fn new(a: &'a LoopyGame, b: &'a LoopyGame) -> Self {
        let rev = [
            Reversed::of(&a.left),
            Reversed::of(&a.right),
            Reversed::of(&b.left),
            Reversed::of(&b.right),
        ];
        Difference { a, b, rev }
    }
}

impl StateGraph for Difference<'_> {
    /// The moves out of state `s`, each with whether it is made in `a`:
    /// Left moves to a Left option in `a` or a Right option in `b`, Right to
    /// a Right option in `a` or a Left option in `b`.
    fn moves(&self, s: usize) -> impl Iterator<Item = (usize, bool)> + '_ {
        let nb = self.b.position_count();
        let (x, y) = (s / 2 / nb, s / 2 % nb);
        let (in_a, in_b, next) = if s % 2 == LEFT {
            (&self.a.left[x], &self.b.right[y], RIGHT)
        } else {
            (&self.a.right[x], &self.b.left[y], LEFT)
        };
        let in_a = in_a
            .iter()
            .map(move |&w| (2 * (w as usize * nb + y) + next, true));
        let in_b = in_b
            .iter()
            .map(move |&w| (2 * (x * nb + w as usize) + next, false));
        in_a.chain(in_b)
    }

    /// The number of moves out of state `s`.
    fn move_count(&self, s: usize) -> u32 {
        let nb = self.b.position_count();
        let (x, y) = (s / 2 / nb, s / 2 % nb);
        let n = if s % 2 == LEFT {
            self.a.left[x].len() + self.b.right[y].len()
        } else {
            self.a.right[x].len() + self.b.left[y].len()
        };
        n as u32
    }

    fn state_count(&self) -> usize {
        2 * self.a.position_count() * self.b.position_count()
    }
}

/// The predecessors of a state of `a − b`, once per move into it, each
/// with whether the move is made in `a`.
impl Predecessors for Difference<'_> {
    type Node = usize;
    type Edge = (usize, bool);

    fn predecessors<'a>(&'a self, t: usize, buf: &'a mut Vec<(usize, bool)>) -> &'a [(usize, bool)] {
        let nb = self.b.position_count();
        let (x, y) = (t / 2 / nb, t / 2 % nb);
        // A Right state was reached by a Left move, and the other way round.
        let mover = 1 - t % 2;
        let (in_a, in_b) = if mover == LEFT {
            (&self.rev[0], &self.rev[3])
        } else {
            (&self.rev[1], &self.rev[2])
        };
        buf.extend(
            in_a.to(x)
                .iter()
                .map(|&v| (2 * (v as usize * nb + y) + mover, true)),
        );
        buf.extend(
            in_b.to(y)
                .iter()
                .map(|&w| (2 * (x * nb + w as usize) + mover, false)),
        );
        buf
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Random arenas of up to `n` states: each edge a target and whether it
    /// is a move in the first component. Self-loops, cycles and repeated
    /// edges all occur.
    fn arb_arena(n: usize) -> impl Strategy<Value = Vec<Vec<(u32, bool)>>> {
        (1..=n).prop_flat_map(|n| {
            proptest::collection::vec(proptest::collection::vec((0..n as u32, any::<bool>()), 0..4), n)
        })
    }

    /// A random loopy game of 1..=`n` positions, each with up to three
    /// options per player (cycles, self-loops and repeats included).
    fn arb_game(n: usize) -> impl Strategy<Value = LoopyGame> {
        (1..=n).prop_flat_map(|n| {
            let opts = || proptest::collection::vec(proptest::collection::vec(0..n, 0..4), n);
            (opts(), opts()).prop_map(|(l, r)| LoopyGame::new(l, r, 0).expect("options in range"))
        })
    }

    /// Whether `s`'s options make it join a set: one option does for the
    /// states of `player`, every option (none at all included) for the
    /// others.
    fn joins(succ: &[Vec<(u32, bool)>], s: usize, player: usize, good: impl Fn(u32, bool) -> bool) -> bool {
        if s % 2 == player {
            succ[s].iter().any(|&(t, a)| good(t, a))
        } else {
            succ[s].iter().all(|&(t, a)| good(t, a))
        }
    }

    /// The attractor by its definition: the least fixed point of "joins",
    /// from the empty set, one round at a time.
    fn attractor_fixed_point(succ: &[Vec<(u32, bool)>], player: usize) -> Vec<bool> {
        let mut won = vec![false; succ.len()];
        loop {
            let next: Vec<bool> = (0..succ.len())
                .map(|s| won[s] || joins(succ, s, player, |t, _| won[t as usize]))
                .collect();
            if next == won {
                return won;
            }
            won = next;
        }
    }

    /// Left's Büchi winning region by its definition, the nested fixed
    /// point νZ. μY. {s : s's options lead into Y, or by an accepting edge
    /// into Z} (one option for Left, every option for Right, so a stuck
    /// Right is in and a stuck Left out).
    fn buchi_fixed_point(succ: &[Vec<(u32, bool)>], accept_in_a: bool) -> Vec<bool> {
        let n = succ.len();
        let mut z = vec![true; n];
        loop {
            let mut y = vec![false; n];
            loop {
                let next: Vec<bool> = (0..n)
                    .map(|s| {
                        y[s] || joins(succ, s, LEFT, |t, a| {
                            y[t as usize] || (a == accept_in_a && z[t as usize])
                        })
                    })
                    .collect();
                if next == y {
                    break;
                }
                y = next;
            }
            if y == z {
                return z;
            }
            z = y;
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]
        #[test]
        fn attractor_matches_the_fixed_point(succ in arb_arena(14)) {
            let arena = Arena::from_succ(succ.clone());
            for player in [LEFT, RIGHT] {
                prop_assert_eq!(arena.attractor(player), attractor_fixed_point(&succ, player));
            }
        }

        #[test]
        fn implicit_difference_matches_the_explicit_arena(
            a in arb_game(5),
            b in arb_game(5),
            decide in proptest::collection::vec(0u8..4, 50),
        ) {
            let explicit = Arena::difference(&a, &b);
            let implicit = Difference::new(&a, &b);
            for player in [LEFT, RIGHT] {
                prop_assert_eq!(implicit.attractor_with(player, &[]), explicit.attractor(player));
            }
            for accept in [true, false] {
                prop_assert_eq!(implicit.left_buchi(accept), explicit.left_buchi(accept));
            }
            // Decided states: their moves are ignored, their values given.
            let known: Vec<Option<bool>> = decide.iter().map(|&d| [None, None, Some(false), Some(true)][d as usize]).collect();
            let n = explicit.succ.len();
            for player in [LEFT, RIGHT] {
                // The least fixed point with the decided states held at their values.
                let mut fixed: Vec<bool> = (0..n).map(|s| known.get(s).copied().flatten().unwrap_or(false)).collect();
                loop {
                    let next: Vec<bool> = (0..n).map(|s| {
                        if let Some(k) = known.get(s).copied().flatten() { return k; }
                        fixed[s] || joins(&explicit.succ, s, player, |t, _| fixed[t as usize])
                    }).collect();
                    if next == fixed { break; }
                    fixed = next;
                }
                prop_assert_eq!(implicit.attractor_with(player, &known), fixed);
            }
        }

        #[test]
        fn left_buchi_matches_the_nested_fixed_point(succ in arb_arena(14)) {
            let arena = Arena::from_succ(succ.clone());
            for accept in [true, false] {
                prop_assert_eq!(arena.left_buchi(accept), buchi_fixed_point(&succ, accept));
            }
        }
    }
}
