//! Comparison of loopy games: of stoppers by survival, of general games side
//! by side (onside and offside).

#[cfg(test)]
use super::arena::Arena;
use super::arena::{Difference, LEFT, Poll, RIGHT, StateGraph};
use super::graph::LoopyGame;
use super::stopper::short_values;
use crate::budget::BudgetExceeded;
use crate::partizan::store::GameStore;
use core::cmp::Ordering;

/// The onside or the offside of a loopy game: the game played with infinite
/// play counted as a win for Left (onside) or for Right (offside) (Winning
/// Ways, ch. 11, "sidling"; Siegel, *Combinatorial Game Theory*, VI.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// Infinite play favours Left.
    Onside,
    /// Infinite play favours Right.
    Offside,
}

/// A state count past the budget for comparing games of `a` and `b` positions.
pub(super) fn check_budget(a: usize, b: usize, max_states: usize) -> Result<(), BudgetExceeded> {
    match a.checked_mul(b).and_then(|p| p.checked_mul(2)) {
        Some(states) if states <= max_states => Ok(()),
        _ => Err(BudgetExceeded { max_states }),
    }
}

impl LoopyGame {
    /// `self ≥ other`. For two stoppers: Left, moving second in
    /// `self − other`, survives (wins or plays forever) (Siegel, *Combinatorial
    /// Game Theory*, VI.2: G ≥ H iff Left survives G − H playing second, for
    /// stoppers G and H). Otherwise both sides compare:
    /// `self ≥ other` iff it holds on the onside and on the offside (see
    /// [`LoopyGame::ge_side`]). O(|self| · |other|) states.
    ///
    /// # Errors
    /// [`BudgetExceeded`] if `2 · |self| · |other|` passes `max_states`.
    ///
    /// ```
    /// use sprague::partizan::loopy::LoopyGame;
    /// let (on, over, zero) = (LoopyGame::on(), LoopyGame::over(), LoopyGame::zero());
    /// assert!(on.ge(&over, 1000).unwrap());
    /// assert!(over.ge(&zero, 1000).unwrap());
    /// assert!(!zero.ge(&over, 1000).unwrap());
    /// ```
    pub fn ge(&self, other: &LoopyGame, max_states: usize) -> Result<bool, BudgetExceeded> {
        check_budget(self.position_count(), other.position_count(), max_states)?;
        if self.is_stopper() && other.is_stopper() {
            let right = Difference::new(self, other).attractor_with(RIGHT, &[]);
            return Ok(!right[start_state(self, other, RIGHT)]);
        }
        Ok(self.ge_side(other, Side::Onside, max_states)?
            && self.ge_side(other, Side::Offside, max_states)?)
    }

    /// `self ≥ other` on one side: Left, moving second in `self − other`,
    /// wins every finite play, and also every infinite play with infinitely
    /// many moves in `self` (onside) or in `other` (offside). For stoppers
    /// both sides agree with [`LoopyGame::ge`]. A Büchi game on the states of
    /// the difference.
    ///
    /// # Errors
    /// [`BudgetExceeded`] if `2 · |self| · |other|` passes `max_states`.
    pub fn ge_side(&self, other: &LoopyGame, side: Side, max_states: usize) -> Result<bool, BudgetExceeded> {
        check_budget(self.position_count(), other.position_count(), max_states)?;
        let wins = Difference::new(self, other).left_buchi(side == Side::Onside);
        Ok(wins[start_state(self, other, RIGHT)])
    }

    /// `self ≤ other`: see [`LoopyGame::ge`].
    ///
    /// # Errors
    /// [`BudgetExceeded`] as for [`LoopyGame::ge`].
    pub fn le(&self, other: &LoopyGame, max_states: usize) -> Result<bool, BudgetExceeded> {
        other.ge(self, max_states)
    }

    /// Whether the two games are equal in value (`≥` both ways).
    ///
    /// # Errors
    /// [`BudgetExceeded`] as for [`LoopyGame::ge`].
    pub fn equals(&self, other: &LoopyGame, max_states: usize) -> Result<bool, BudgetExceeded> {
        Ok(self.ge(other, max_states)? && other.ge(self, max_states)?)
    }

    /// The order of the two values, `None` when they are confused
    /// (incomparable).
    ///
    /// # Errors
    /// [`BudgetExceeded`] as for [`LoopyGame::ge`].
    pub fn compare(&self, other: &LoopyGame, max_states: usize) -> Result<Option<Ordering>, BudgetExceeded> {
        let ge = self.ge(other, max_states)?;
        let le = other.ge(self, max_states)?;
        Ok(match (ge, le) {
            (true, true) => Some(Ordering::Equal),
            (true, false) => Some(Ordering::Greater),
            (false, true) => Some(Ordering::Less),
            (false, false) => None,
        })
    }
}

/// The state of `a − b` at the two starts with `mover` to move.
fn start_state(a: &LoopyGame, b: &LoopyGame, mover: usize) -> usize {
    2 * (a.start as usize * b.position_count() + b.start as usize) + mover
}

/// `ge[x · n + y]`: position `x` ≥ position `y` of the stopper `g`, for all
/// pairs at once (one retrograde analysis of `g − g`).
///
/// Positions whose short value is known without comparisons (numbers,
/// nimbers, `x + n·↑ + *m`: see [`short_values`]) compare with each other
/// in O(1) by those values, and their pairs' states of `g − g` get no
/// moves: the arena of `{pass | *k}` would otherwise hold the k³/3 moves of
/// `*k − *k`.
pub(super) fn stopper_order(g: &LoopyGame) -> Vec<bool> {
    let Ok(order) = stopper_order_polled(g, &mut ());
    order
}

/// [`stopper_order`], telling `poll` of the states of `g − g` it goes
/// through and stopping when `poll` says so.
///
/// # Errors
/// What `poll` returns.
pub(super) fn stopper_order_polled<Q: Poll>(g: &LoopyGame, poll: &mut Q) -> Result<Vec<bool>, Q::Stop> {
    let n = g.position_count();
    let mut store = GameStore::new();
    let known = short_values(g, &mut store, false);
    if known.iter().filter(|k| k.is_some()).count() < 2 {
        let right = Difference::new(g, g).attractor_polled(RIGHT, &[], poll)?;
        return Ok((0..n * n).map(|p| !right[2 * p + RIGHT]).collect());
    }
    // For a pair of known values, Right wins `x − y` moving first iff not
    // x ≥ y, and moving second iff x ≤ y (short games have no draws).
    let mut decided: Vec<Option<bool>> = vec![None; 2 * n * n];
    for (x, kx) in known.iter().enumerate() {
        let Some(a) = *kx else { continue };
        for (y, ky) in known.iter().enumerate() {
            let Some(b) = *ky else { continue };
            let p = x * n + y;
            decided[2 * p + RIGHT] = Some(!store.le(b, a));
            decided[2 * p + LEFT] = Some(store.le(a, b));
        }
    }
    let right = Difference::new(g, g).attractor_polled(RIGHT, &decided, poll)?;
    Ok((0..n * n).map(|p| !right[2 * p + RIGHT]).collect())
}

/// [`stopper_order`] by the definition alone: the retrograde analysis of
/// all of `g − g` on its explicit state graph (the tests' reference).
#[cfg(test)]
pub(super) fn stopper_order_by_play(g: &LoopyGame) -> Vec<bool> {
    let n = g.position_count();
    let arena = Arena::difference(g, g);
    let right = arena.attractor(RIGHT);
    (0..n * n).map(|p| !right[2 * p + RIGHT]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_game;
    use crate::partizan::game_id::GameId;
    use proptest::prelude::*;

    /// Short games for the graphs below: inline values (numbers, nimbers,
    /// ups and their sums, recognised without comparisons) and general
    /// forms (compared through their moves).
    const SHORTS: [&str; 14] = [
        "0", "1", "-2", "1/2", "*", "*3", "^", "v*2", "^*3+1/4", "-1*5", "{1|*}", "{0|^}", "+-1", "{^|*2}",
    ];

    /// A random graph: 1..=4 positions with random options among
    /// themselves and among the positions of up to three short games of
    /// [`SHORTS`] (each as its canonical form's graph). Cycles, stoppers
    /// and other games all occur.
    fn random_mixed(store: &mut GameStore, picks: &[u8]) -> LoopyGame {
        let mut it = picks.iter().copied().cycle();
        let mut next = || usize::from(it.next().unwrap_or(0));
        let k = 1 + next() % 4;
        let (mut left, mut right): (Vec<Vec<usize>>, Vec<Vec<usize>>) = (vec![vec![]; k], vec![vec![]; k]);
        for _ in 0..next() % 4 {
            let text = SHORTS[next() % SHORTS.len()];
            let id = parse_game(store, text).unwrap();
            let s = LoopyGame::from_short(store, id).unwrap();
            let base = left.len();
            for v in 0..s.position_count() {
                left.push(s.left_options(v).iter().map(|w| w + base).collect());
                right.push(s.right_options(v).iter().map(|w| w + base).collect());
            }
        }
        let n = left.len();
        for v in 0..k {
            for _ in 0..next() % 3 {
                left[v].push(next() % n);
            }
            for _ in 0..next() % 3 {
                right[v].push(next() % n);
            }
        }
        LoopyGame::new(left, right, 0).unwrap()
    }

    /// Random option lists for [`GameStore::known_game`]: the canonical
    /// options of a random inline value or general form of [`SHORTS`],
    /// sometimes with one option left out, added or moved to the other
    /// side.
    fn random_options(store: &mut GameStore, picks: &[u8]) -> (Vec<GameId>, Vec<GameId>) {
        let mut it = picks.iter().copied().cycle();
        let mut next = || usize::from(it.next().unwrap_or(0));
        let inline: [(i64, i64, u64); 7] = [
            (0, 0, 5),
            (1, 0, 3),
            (-2, 1, 0),
            (0, 2, 1),
            (3, -1, 2),
            (0, -3, 0),
            (-1, 1, 1),
        ];
        let g = if next() % 3 == 0 {
            parse_game(store, SHORTS[next() % SHORTS.len()]).unwrap()
        } else {
            // x + u·↑ + *m
            let (x, u, m) = inline[next() % inline.len()];
            let number = parse_game(store, &format!("{x}")).unwrap();
            let up = parse_game(store, if u >= 0 { "^" } else { "v" }).unwrap();
            let star = parse_game(store, &format!("*{m}")).unwrap();
            let mut g = store.add(number, star);
            for _ in 0..u.unsigned_abs() {
                g = store.add(g, up);
            }
            g
        };
        let (mut l, mut r) = (store.left_options(g), store.right_options(g));
        let extra = parse_game(store, SHORTS[next() % SHORTS.len()]).unwrap();
        match next() % 6 {
            0 if !l.is_empty() => {
                l.remove(next() % l.len());
            }
            1 => l.push(extra),
            2 => r.push(extra),
            3 if !r.is_empty() => {
                let x = r.remove(next() % r.len());
                l.push(x);
            }
            _ => {}
        }
        if next() % 2 == 0 {
            l.reverse();
            l.extend(l.clone());
        }
        (l, r)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        /// Deciding the pairs of inline values by those values gives the
        /// order of the retrograde analysis of all of `g − g`.
        #[test]
        fn stopper_order_matches_the_whole_difference(picks in proptest::collection::vec(any::<u8>(), 40)) {
            let mut store = GameStore::new();
            let g = random_mixed(&mut store, &picks);
            prop_assert_eq!(stopper_order(&g), stopper_order_by_play(&g));
        }

        /// A game known without comparisons is the one the full
        /// construction gives.
        #[test]
        fn known_games_are_the_constructed_ones(picks in proptest::collection::vec(any::<u8>(), 12)) {
            let mut store = GameStore::new();
            let (l, r) = random_options(&mut store, &picks);
            if let Some(k) = store.known_game(&l, &r) {
                prop_assert_eq!(k, store.game(&l, &r));
            }
        }
    }

    /// The proptest above meets the known values often: the lists of
    /// inline values and of interned forms are recognised, others not.
    #[test]
    fn known_games_are_met() {
        let mut store = GameStore::new();
        for text in ["*3", "-1*5", "^*3+1/4", "v*2", "3vvv*2", "{1|*}", "{^|*2}"] {
            let g = parse_game(&mut store, text).unwrap();
            let (l, r) = (store.left_options(g), store.right_options(g));
            assert_eq!(store.known_game(&l, &r), Some(g), "{text}");
        }
        // {0, ^ | 2}: 0 ≤ ^ is dominated, so the lists are not canonical.
        let up = parse_game(&mut store, "^").unwrap();
        let two = parse_game(&mut store, "2").unwrap();
        assert_eq!(store.known_game(&[GameId::ZERO, up], &[two]), None);
        // {^ | 2}: ^ reverses through * ≤ {^ | 2}; the form is 1, not these lists.
        assert_eq!(store.known_game(&[up], &[two]), None);
        let one = parse_game(&mut store, "1").unwrap();
        assert_eq!(store.game(&[up], &[two]), one);
    }
}
