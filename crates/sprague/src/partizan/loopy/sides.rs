//! Onsides and offsides: the stoppers a loopy game equals when infinite
//! play is counted for Left or for Right.

use super::canonical::LoopyError;
use super::compare::Side;
use super::graph::LoopyGame;
use super::sidling::{
    Meter, drop_right_cycle_moves, drop_some_right_cycle_moves, sidle_onside, simplified_onside,
};

impl LoopyGame {
    /// The onside or offside of the game, as a stopper in simplest form: the
    /// stopper `S` with `S ≥ G` and `G ≥ S` on that side (see
    /// [`LoopyGame::ge_side`]). A stopper is its own onside and offside
    /// (Winning Ways, ch. 11).
    ///
    /// For other games, candidates are tried in turn, each checked exactly
    /// (`S ≥ G` and `G ≥ S` on that side by [`LoopyGame::ge_side`]), so
    /// every answer is exact. Below for the onside; the offside is the
    /// negative of the onside of `−G` (Left and Right swapped):
    ///
    /// 1. the game without Right's moves that lie on an infinite
    ///    alternating run (a cycle of the state graph), since infinite play
    ///    is Left's win on the onside;
    /// 2. the game simplified within its own graph by the onside order of
    ///    its positions: Right's reversible options bypassed, dominated
    ///    options removed (and then 1. on the result);
    /// 3. sidling (Conway, *On Numbers and Games*, ch. 11; Winning Ways,
    ///    ch. 11, "sidling in toward a stopper"; Siegel, *Combinatorial Game
    ///    Theory*, ch. VI): every position's approximation starts at `on`
    ///    (for the offside, `off`) and is replaced, round after round, by
    ///    `{ its Left options' approximations | its Right options'
    ///    approximations }` in simplest form (only positions with an option
    ///    whose approximation changed are rebuilt); the approximations only go
    ///    down, and the start's approximation is a candidate after every
    ///    round that changes it and once a round changes no position's
    ///    value. They may also come closer and
    ///    closer to a side without reaching it (from `on`, `{0 | x}` goes
    ///    1, 1/2, 1/4, … toward over, `{* | x}` goes `{*|0}`, `{*|{*|0}}`,
    ///    … toward `{* | pass}`), so after every round the candidates with
    ///    the loop closed are tried too: the new approximations with their
    ///    copies of the approximations of one of the last three rounds sent
    ///    back to the new ones (over is `{0 | 1/2}` with 1/2 sent back to
    ///    the start);
    /// 4. the game without some of those cycle moves of Right: subsets by
    ///    size from both ends (all kept but one, all dropped but one, then
    ///    two, …), at most 2^16 of them (a Right move that starts a cycle can
    ///    still be a real option of the onside).
    ///
    /// Steps 3 and 4 each stop when their states (stopper tests,
    /// simplifications, comparisons and isomorphism tests, `2mn` states for
    /// graphs of `m` and `n` positions) pass `max_states`, and step 3 after
    /// `4n + 16` rounds for a game of `n` positions. Sidling comes before
    /// the subsets because it grows with the positions and the subsets with
    /// 2 to the number of Right's cycle moves.
    ///
    /// `Ok(None)`: no candidate was confirmed. Either the side is not a
    /// stopper (the game is not stopper-sided, like Bach's carousel of
    /// Winning Ways, ch. 11), or it is one that the bounded searches above
    /// did not reach; a larger budget lets steps 3 and 4 run longer.
    ///
    /// # Errors
    /// [`LoopyError::Budget`] if one comparison or simplification alone
    /// passes `max_states`.
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
        // Everything is computed on the onside: the offside of G is −(onside of −G).
        let g = match side {
            Side::Onside => self.clone(),
            Side::Offside => self.neg(),
        };
        let back = |s: LoopyGame| match side {
            Side::Onside => s,
            Side::Offside => s.neg(),
        };
        let fast = drop_right_cycle_moves(&g);
        if let Some(s) = self.checked_side(back(fast), side, max_states)? {
            return Ok(Some(s));
        }
        let simplified = simplified_onside(&g, max_states)?;
        for candidate in [simplified.clone(), drop_right_cycle_moves(&simplified)] {
            if let Some(s) = self.checked_side(back(candidate), side, max_states)? {
                return Ok(Some(s));
            }
        }
        // Sidling before the subsets: it grows with the game's positions,
        // the subsets with 2^(cycle moves of Right), thousands of exact
        // checks on a game of hundreds of positions. An error of sidling
        // waits until the subsets have had their try.
        let rounds = 4 * g.position_count() + 16;
        let sidled = sidle_onside(&g, &mut Meter::new(max_states), rounds, |c| {
            self.checked_side(back(c), side, max_states)
        });
        if let Ok(Some(s)) = sidled {
            return Ok(Some(s));
        }
        let found = drop_some_right_cycle_moves(&g, &mut Meter::new(max_states), |c| {
            self.checked_side(back(c), side, max_states)
        })?;
        if found.is_some() {
            return Ok(found);
        }
        sidled
    }

    /// `candidate` in simplest form if it is a stopper equal to the game on
    /// `side` (`≥` both ways by [`LoopyGame::ge_side`]).
    fn checked_side(
        &self,
        candidate: LoopyGame,
        side: Side,
        max_states: usize,
    ) -> Result<Option<LoopyGame>, LoopyError> {
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
