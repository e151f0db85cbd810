//! Onsides and offsides: the stoppers a loopy game equals when infinite
//! play is counted for Left or for Right.

use super::arena::{Arena, LEFT, RIGHT};
use super::compare::Side;
use super::stopper::components;
use super::{LoopyError, LoopyGame};

impl LoopyGame {
    /// The onside or offside of the game, as a stopper in simplest form, when
    /// found: a stopper is its own onside and offside (Winning Ways, ch. 11);
    /// for other games a candidate is built and then checked.
    ///
    /// The candidate for the onside drops every Right move that lies on an
    /// infinite alternating run (a cycle of the state graph), since infinite
    /// play is Left's win there; for the offside, every such Left move. What
    /// is left is a stopper `S`, and it is returned only if it equals the game
    /// on that side (`S ≥ G` and `G ≥ S` by [`LoopyGame::ge_side`]), so every
    /// answer is exact. `Ok(None)`: the candidate failed; the game may still
    /// be stopper-sided (the full sidling algorithm of Winning Ways would
    /// then be needed), or its sides are not stoppers (Bach's carousel).
    ///
    /// # Errors
    /// [`LoopyError::Budget`] if the comparisons pass `max_states`.
    ///
    /// ```
    /// use sprague::partizan::loopy::{LoopyGame, Side};
    /// let dud = LoopyGame::dud();
    /// assert_eq!(dud.side(Side::Onside, 1000).unwrap(), Some(LoopyGame::on()));
    /// assert_eq!(dud.side(Side::Offside, 1000).unwrap(), Some(LoopyGame::off()));
    /// ```
    pub fn side(&self, side: Side, max_states: usize) -> Result<Option<LoopyGame>, LoopyError> {
        if self.is_stopper() {
            return self.canonical(max_states).map(Some);
        }
        let arena = Arena::single(self);
        let comp = components(&arena);
        // The player whose cycle moves are dropped: the one infinite play hurts.
        let loser = if side == Side::Onside { RIGHT } else { LEFT };
        let n = self.position_count();
        let mut left = self.left.clone();
        let mut right = self.right.clone();
        for v in 0..n {
            let s = 2 * v + loser;
            let (opts, target_mover) = if loser == RIGHT {
                (&mut right[v], LEFT)
            } else {
                (&mut left[v], RIGHT)
            };
            opts.retain(|&w| comp[2 * w as usize + target_mover] != comp[s]);
        }
        let candidate = LoopyGame::from_parts(left, right, self.start);
        if !candidate.is_stopper() {
            return Ok(None);
        }
        if candidate.ge_side(self, side, max_states)? && self.ge_side(&candidate, side, max_states)? {
            candidate.canonical(max_states).map(Some)
        } else {
            Ok(None)
        }
    }

    /// The onside: [`LoopyGame::side`] with [`Side::Onside`].
    ///
    /// # Errors
    /// As for [`LoopyGame::side`].
    pub fn onside(&self, max_states: usize) -> Result<Option<LoopyGame>, LoopyError> {
        self.side(Side::Onside, max_states)
    }

    /// The offside: [`LoopyGame::side`] with [`Side::Offside`].
    ///
    /// # Errors
    /// As for [`LoopyGame::side`].
    pub fn offside(&self, max_states: usize) -> Result<Option<LoopyGame>, LoopyError> {
        self.side(Side::Offside, max_states)
    }
}
