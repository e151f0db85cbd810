//! The memoised, iterative Grundy solver.

use super::rules::ImpartialRules;
use crate::budget::DEFAULT_MAX_STATES;
use crate::monitor::SearchError;
use crate::nimber::{Nimber, mex_in_place};
use crate::search_limits::SearchLimits;
use rustc_hash::FxHashMap;

/// Computes Grundy values of positions of any [`ImpartialRules`].
///
/// Positions are split into components by the ruleset's
/// [`decompose`](ImpartialRules::decompose); each component's value is memoised
/// and components combine by nim-sum. The search is an explicit-stack
/// depth-first search, so games thousands of moves deep do not overflow the
/// call stack. It stops with [`BudgetExceeded`](crate::BudgetExceeded) once the memo holds
/// `max_states` components, and with [`Interrupted`](crate::Interrupted) when
/// its [`Monitor`](crate::monitor::Monitor) (see [`with_monitor`](GrundySolver::with_monitor)) asks it
/// to; the monitor counts the components solved.
///
/// Complexity: O(sum over distinct components c of |options(c)|) ruleset calls
/// and hash look-ups.
///
/// ```
/// use sprague::{GrundySolver, Nimber, games::Nim};
/// let mut solver = GrundySolver::new(&Nim);
/// assert_eq!(solver.grundy(&vec![3, 4, 5]).unwrap(), Nimber(2));
/// assert_eq!(solver.winning_moves(&vec![3, 4, 5]).unwrap(), vec![vec![1, 4, 5]]);
/// ```
pub struct GrundySolver<'r, R: ImpartialRules> {
    rules: &'r R,
    memo: FxHashMap<R::Position, Nimber>,
    limits: SearchLimits<'r>,
}

struct Frame<P> {
    position: P,
    /// (option index, component of that option) pairs still to be valued.
    parts: Vec<(usize, P)>,
    cursor: usize,
    /// Running nim-sum of each option's valued components.
    values: Vec<u64>,
}

impl<'r, R: ImpartialRules> GrundySolver<'r, R> {
    /// A solver with the default state budget ([`DEFAULT_MAX_STATES`]).
    #[must_use]
    pub fn new(rules: &'r R) -> Self {
        Self::with_max_states(rules, DEFAULT_MAX_STATES)
    }

    /// A solver that stops after memoising `max_states` components.
    #[must_use]
    pub fn with_max_states(rules: &'r R, max_states: usize) -> Self {
        GrundySolver {
            rules,
            memo: FxHashMap::default(),
            limits: SearchLimits::new(max_states),
        }
    }

    crate::search_limits::monitor_builder!('r, "components");

    /// The ruleset being solved.
    #[must_use]
    pub fn rules(&self) -> &'r R {
        self.rules
    }

    /// Number of memoised components.
    #[must_use]
    pub fn states(&self) -> usize {
        self.memo.len()
    }

    /// The Grundy value of `position`: the nim-sum of its components' values.
    ///
    /// # Errors
    /// [`SearchError::Budget`] if the search needs more than `max_states`
    /// states; [`SearchError::Interrupted`] if the monitor asks it to stop.
    pub fn grundy(&mut self, position: &R::Position) -> Result<Nimber, SearchError> {
        let mut parts = Vec::new();
        if self.rules.decompose(position, &mut parts) {
            let mut total = Nimber::ZERO;
            for c in parts {
                total += self.component(c)?;
            }
            Ok(total)
        } else {
            self.component(position.clone())
        }
    }

    /// Every option of `position` with Grundy value 0 (empty when `position` is
    /// a P-position). In a sum whose ruleset can put a component back
    /// ([`replace_component`](ImpartialRules::replace_component)), moves are
    /// found component by component: component `i` must move to value
    /// `g_i ⊕ total`, through [`moves_to_value`](ImpartialRules::moves_to_value)
    /// where the ruleset has it.
    ///
    /// # Errors
    /// [`SearchError::Budget`] if the search needs more than `max_states`
    /// states; [`SearchError::Interrupted`] if the monitor asks it to stop.
    pub fn winning_moves(&mut self, position: &R::Position) -> Result<Vec<R::Position>, SearchError> {
        let mut parts = Vec::new();
        if self.rules.decompose(position, &mut parts)
            && let Some(first) = parts.first()
            && self
                .rules
                .replace_component(position, &parts, 0, first.clone())
                .is_some()
        {
            let mut values = Vec::with_capacity(parts.len());
            let mut total = Nimber::ZERO;
            for c in &parts {
                let g = self.component(c.clone())?;
                total += g;
                values.push(g);
            }
            let mut winning = Vec::new();
            if total.is_zero() {
                return Ok(winning);
            }
            for (i, c) in parts.iter().enumerate() {
                for option in self.moves_to(c, values[i] + total)? {
                    if let Some(p) = self.rules.replace_component(position, &parts, i, option) {
                        winning.push(p);
                    }
                }
            }
            return Ok(winning);
        }
        if parts.is_empty() {
            // A single component: its moves to value 0, found directly where the
            // ruleset can.
            if self.grundy(position)?.is_zero() {
                return Ok(Vec::new());
            }
            return self.moves_to(position, Nimber::ZERO);
        }
        let mut options = Vec::new();
        self.rules.moves(position, &mut options);
        let mut winning = Vec::new();
        for option in options {
            if self.grundy(&option)?.is_zero() {
                winning.push(option);
            }
        }
        Ok(winning)
    }

    /// The options of a component whose value is `target`.
    fn moves_to(&mut self, component: &R::Position, target: Nimber) -> Result<Vec<R::Position>, SearchError> {
        if let Some(found) = self.rules.moves_to_value(component, target) {
            return Ok(found);
        }
        let mut options = Vec::new();
        self.rules.moves(component, &mut options);
        let mut found = Vec::new();
        for option in options {
            if self.grundy(&option)? == target {
                found.push(option);
            }
        }
        Ok(found)
    }

    fn known(&self, component: &R::Position) -> Option<Nimber> {
        self.rules
            .closed_form(component)
            .or_else(|| self.memo.get(component).copied())
    }

    fn expand(&self, position: R::Position) -> Frame<R::Position> {
        let mut options = Vec::new();
        self.rules.moves(&position, &mut options);
        let n = options.len();
        let mut parts = Vec::with_capacity(n);
        let mut split = Vec::new();
        for (i, option) in options.into_iter().enumerate() {
            split.clear();
            if self.rules.decompose(&option, &mut split) {
                parts.extend(split.drain(..).map(|c| (i, c)));
            } else {
                parts.push((i, option));
            }
        }
        // An option that splits into no components is the empty game: value 0.
        Frame {
            position,
            parts,
            cursor: 0,
            values: vec![0; n],
        }
    }

    /// Value of a single component, by iterative depth-first search.
    fn component(&mut self, root: R::Position) -> Result<Nimber, SearchError> {
        if let Some(v) = self.known(&root) {
            return Ok(v);
        }
        let result = self.search(root);
        self.limits.finish(result)
    }

    fn search(&mut self, root: R::Position) -> Result<Nimber, SearchError> {
        let mut stack = vec![self.expand(root)];
        loop {
            let Some(frame) = stack.last_mut() else {
                return Ok(Nimber::ZERO); // unreachable: the loop returns when the root frame pops
            };
            while let Some((i, c)) = frame.parts.get(frame.cursor) {
                match self.rules.closed_form(c).or_else(|| self.memo.get(c).copied()) {
                    Some(v) => {
                        frame.values[*i] ^= v.0;
                        frame.cursor += 1;
                    }
                    None => break,
                }
            }
            if let Some((_, c)) = frame.parts.get(frame.cursor) {
                let next = c.clone();
                self.limits.passed(stack.len())?;
                self.limits.descended()?;
                let child = self.expand(next);
                stack.push(child);
                continue;
            }
            let Some(mut done) = stack.pop() else {
                return Ok(Nimber::ZERO);
            };
            let value = mex_in_place(&mut done.values);
            self.limits.reached(self.memo.len())?;
            self.memo.insert(done.position, value);
            self.limits.ticker.tick()?;
            if stack.is_empty() {
                return Ok(value);
            }
        }
    }
}
