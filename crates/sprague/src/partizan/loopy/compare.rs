//! Comparison of loopy games: of stoppers by survival, of general games side
//! by side (onside and offside).

use super::arena::{Arena, LEFT, RIGHT};
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
            let arena = Arena::difference(self, other);
            let right = arena.attractor(RIGHT);
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
        let arena = Arena::difference(self, other);
        let wins = arena.left_buchi(side == Side::Onside);
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
    let n = g.position_count();
    let mut store = GameStore::new();
    let known = short_values(g, &mut store, false);
    if known.iter().filter(|k| k.is_some()).count() < 2 {
        return stopper_order_by_play(g);
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
    let arena = Arena::difference_where(g, g, |p| decided[2 * p].is_none());
    let right = arena.attractor_with(RIGHT, &decided);
    (0..n * n).map(|p| !right[2 * p + RIGHT]).collect()
}

/// [`stopper_order`] by the definition alone: the retrograde analysis of
/// all of `g − g`.
pub(super) fn stopper_order_by_play(g: &LoopyGame) -> Vec<bool> {
    let n = g.position_count();
    let arena = Arena::difference(g, g);
    let right = arena.attractor(RIGHT);
    (0..n * n).map(|p| !right[2 * p + RIGHT]).collect()
}
