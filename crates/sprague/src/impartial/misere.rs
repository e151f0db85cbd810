//! Misère-play outcomes by search.

use super::rules::ImpartialRules;
use crate::budget::DEFAULT_MAX_STATES;
use crate::monitor::SearchError;
use crate::outcome::Outcome;
use crate::search_limits::SearchLimits;
use std::collections::HashMap;

/// Decides misère play (the player who makes the last move loses) of any short
/// impartial ruleset by memoised search over whole positions.
///
/// Misère values do not add like nimbers, so positions are not decomposed; a
/// ruleset's [`misere_outcome`](ImpartialRules::misere_outcome) closed form is
/// used where it exists. Complexity: O(reachable positions + their options).
/// A [`Monitor`](crate::monitor::Monitor) (see [`with_monitor`](MisereSolver::with_monitor)) counts the
/// positions solved and can stop the search.
///
/// ```
/// use sprague::{MisereSolver, Outcome, games::Nim};
/// let mut solver = MisereSolver::new(&Nim);
/// // Misère Nim with heaps 1 1: the mover takes one, the opponent must take the last.
/// assert_eq!(solver.outcome(&vec![1, 1]).unwrap(), Outcome::N);
/// assert_eq!(solver.outcome(&vec![1, 1, 1]).unwrap(), Outcome::P);
/// ```
pub struct MisereSolver<'r, R: ImpartialRules> {
    rules: &'r R,
    /// `true` for misère N-positions.
    memo: HashMap<R::Position, bool>,
    limits: SearchLimits<'r>,
    use_closed_form: bool,
}

struct Frame<P> {
    position: P,
    options: Vec<P>,
    cursor: usize,
}

impl<'r, R: ImpartialRules> MisereSolver<'r, R> {
    /// A solver with the default state budget.
    #[must_use]
    pub fn new(rules: &'r R) -> Self {
        Self::with_max_states(rules, DEFAULT_MAX_STATES)
    }

    /// A solver that stops after memoising `max_states` positions.
    #[must_use]
    pub fn with_max_states(rules: &'r R, max_states: usize) -> Self {
        MisereSolver {
            rules,
            memo: HashMap::new(),
            limits: SearchLimits::new(max_states),
            use_closed_form: true,
        }
    }

    crate::search_limits::monitor_builder!('r, "positions");

    /// Ignore the ruleset's misère closed form and search everything (for
    /// cross-checking closed forms).
    #[must_use]
    pub fn search_only(mut self) -> Self {
        self.use_closed_form = false;
        self
    }

    fn known(&self, p: &R::Position) -> Option<bool> {
        if self.use_closed_form
            && let Some(o) = self.rules.misere_outcome(p)
        {
            return Some(o == Outcome::N);
        }
        self.memo.get(p).copied()
    }

    /// The misère outcome of `position`: `N` if the player to move wins, else `P`.
    /// A position with no moves is `N`: the player to move has already won.
    ///
    /// # Errors
    /// [`SearchError::Budget`] past `max_states` positions;
    /// [`SearchError::Interrupted`] if the monitor asks it to stop.
    pub fn outcome(&mut self, position: &R::Position) -> Result<Outcome, SearchError> {
        Ok(if self.is_next_win(position)? {
            Outcome::N
        } else {
            Outcome::P
        })
    }

    /// Every option of `position` that is a misère P-position.
    ///
    /// # Errors
    /// [`SearchError::Budget`] past `max_states` positions;
    /// [`SearchError::Interrupted`] if the monitor asks it to stop.
    pub fn winning_moves(&mut self, position: &R::Position) -> Result<Vec<R::Position>, SearchError> {
        let mut options = Vec::new();
        self.rules.moves(position, &mut options);
        let mut winning = Vec::new();
        for o in options {
            if !self.is_next_win(&o)? {
                winning.push(o);
            }
        }
        Ok(winning)
    }

    fn is_next_win(&mut self, root: &R::Position) -> Result<bool, SearchError> {
        let root = self.rules.normalize(root).unwrap_or_else(|| root.clone());
        if let Some(v) = self.known(&root) {
            return Ok(v);
        }
        let result = self.search(&root);
        self.limits.finish(result)
    }

    /// The search below `root`, depth first with an explicit stack. The
    /// budget counts every position held: those memoised and the options
    /// waiting in the frames of the stack (a position with many long options,
    /// such as a rectangle cut into many pieces, holds many), so a search
    /// stops at the budget within the time it takes to store that many
    /// positions. A stop asked for through the monitor is seen at least every
    /// 256 expansions.
    fn search(&mut self, root: &R::Position) -> Result<bool, SearchError> {
        let mut stack = vec![self.expand(root.clone())];
        let mut held = stack[0].options.len();
        loop {
            let Some(frame) = stack.last_mut() else {
                return Ok(false); // unreachable: the root frame returns when it pops
            };
            let mut win = frame.options.is_empty();
            let mut pending = None;
            while let Some(o) = frame.options.get(frame.cursor) {
                match self.known(o) {
                    Some(false) => {
                        win = true;
                        break;
                    }
                    Some(true) => frame.cursor += 1,
                    None => {
                        pending = Some(o.clone());
                        break;
                    }
                }
            }
            if let Some(next) = pending {
                self.limits.passed(stack.len())?;
                let child = self.expand(next);
                held += child.options.len();
                self.limits.passed(self.memo.len().saturating_add(held))?;
                self.limits.descended()?;
                stack.push(child);
                continue;
            }
            let Some(done) = stack.pop() else {
                return Ok(win);
            };
            held -= done.options.len();
            self.limits.reached(self.memo.len())?;
            self.memo.insert(self.rules.kept(done.position), win);
            self.limits.ticker.tick()?;
            if stack.is_empty() {
                return Ok(win);
            }
        }
    }

    /// The frame of `position` (already normalised): its options, each
    /// normalised ([`ImpartialRules::normalize`]) and without repeats.
    fn expand(&self, position: R::Position) -> Frame<R::Position> {
        let mut options = Vec::new();
        self.rules.moves(&position, &mut options);
        for o in &mut options {
            if let Some(n) = self.rules.normalize(o) {
                *o = n;
            }
        }
        let mut seen = std::collections::HashSet::with_capacity(options.len());
        options.retain(|o| seen.insert(o.clone()));
        Frame {
            position,
            options,
            cursor: 0,
        }
    }
}

#[cfg(test)]
mod normalised_tests {
    use super::*;
    use crate::heap::{Heaps, RectangleCutting, TakeBreak};
    use proptest::prelude::*;

    /// Misère outcome by the definition: a position is N iff it has no move
    /// or some move reaches a P-position. Memoised on the positions exactly
    /// as the moves write them (no normalising).
    fn by_definition<R: ImpartialRules>(rules: &R, p: &R::Position) -> bool {
        fn go<R: ImpartialRules>(rules: &R, p: &R::Position, memo: &mut HashMap<R::Position, bool>) -> bool {
            if let Some(&v) = memo.get(p) {
                return v;
            }
            let mut options = Vec::new();
            rules.moves(p, &mut options);
            let v = options.is_empty() || options.iter().any(|o| !go(rules, o, memo));
            memo.insert(p.clone(), v);
            v
        }
        go(rules, p, &mut HashMap::new())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn kayles_and_dawsons_kayles_match_the_definition(heaps in proptest::collection::vec(0u64..7, 0..4)) {
            for code in ["0.77", "0.07"] {
                let rules = Heaps::new(TakeBreak::parse(code).unwrap());
                let mut solver = MisereSolver::new(&rules).search_only();
                let want = if by_definition(&rules, &heaps) { Outcome::N } else { Outcome::P };
                prop_assert_eq!(solver.outcome(&heaps).unwrap(), want, "{} {:?}", code, heaps);
            }
        }

        #[test]
        fn rectangles_match_the_definition(pieces in proptest::collection::vec((1u64..5, 1u64..5), 0..3)) {
            let mut solver = MisereSolver::new(&RectangleCutting).search_only();
            let want = if by_definition(&RectangleCutting, &pieces) { Outcome::N } else { Outcome::P };
            prop_assert_eq!(solver.outcome(&pieces).unwrap(), want, "{:?}", pieces);
        }
    }

    #[test]
    fn sorted_heaps_meet_each_position_once() {
        // Kayles 9 9 6 7 in misère play is N (a few thousand sorted positions).
        let rules = Heaps::new(TakeBreak::kayles());
        let mut solver = MisereSolver::with_max_states(&rules, 20_000).search_only();
        assert_eq!(solver.outcome(&vec![9, 9, 6, 7]).unwrap(), Outcome::N);
        assert_eq!(rules.normalize(&vec![3, 0, 1, 2]), Some(vec![1, 2, 3]));
        assert_eq!(
            RectangleCutting.normalize(&vec![(3, 2), (1, 1), (2, 3)]),
            Some(vec![(2, 3), (2, 3)])
        );
    }
}
