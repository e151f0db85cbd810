//! The memoised, iterative Grundy solver.

use super::rules::ImpartialRules;
use crate::budget::DEFAULT_MAX_STATES;
use crate::monitor::SearchError;
use crate::nimber::{Nimber, mex_in_place};
use crate::position_memo::{PositionMemo, position_hash};
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
    /// Values of positions that split, when the ruleset asks for them
    /// ([`memoise_splits`](ImpartialRules::memoise_splits)); at most
    /// `max_states` of them. Most look-ups here miss (a position is split
    /// once), and the index can be asked to fetch a slot ahead of its
    /// look-up, which a hash map cannot.
    splits: PositionMemo<R::Position, Nimber>,
    /// The components of one option, reused.
    scratch: Vec<R::Position>,
    /// The components of a position asked for by [`grundy`](Self::grundy),
    /// reused.
    roots: Vec<R::Position>,
    limits: SearchLimits<'r>,
}

/// A position being valued. A ruleset's options are split into components
/// all at once when the frame is made; for a ruleset that remembers the
/// values of positions that split
/// ([`memoise_splits`](ImpartialRules::memoise_splits)), one at a time as
/// the search reaches them, so that an option met again is looked up before
/// it is split, and its components are looked up while they are fresh.
struct Frame<P> {
    position: P,
    /// The options not yet split, the first last (taken by `pop`).
    options: Vec<P>,
    /// (option index, component of that option) pairs not yet valued, last
    /// first.
    parts: Vec<(u32, P)>,
    /// The option being valued (the last taken from `options`), with its
    /// hash, when it splits and its value is to be remembered.
    split: Option<(P, u64)>,
    /// Nim-sum so far of each option's valued components.
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
            splits: PositionMemo::new(),
            scratch: Vec::new(),
            roots: Vec::new(),
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
        let hash = self.split_hash(position);
        if let Some(hash) = hash
            && let Some(v) = self.split_value(position, hash)
        {
            return Ok(v);
        }
        let mut parts = core::mem::take(&mut self.roots);
        parts.clear();
        let split = self.rules.decompose(position, &mut parts);
        let result = if split {
            let mut total = Ok(Nimber::ZERO);
            for c in parts.drain(..) {
                total = total.and_then(|t| Ok(t + self.component(c)?));
            }
            if let (Some(hash), Ok(total)) = (hash, total) {
                self.remember_split(position.clone(), hash, total);
            }
            total
        } else {
            self.component(position.clone())
        };
        self.roots = parts;
        result
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
        // A ruleset whose splits cost (`memoise_splits`) is not asked again
        // about a position the search has split or valued as a component.
        if self.rules.memoise_splits() {
            let hash = position_hash(position);
            if self.splits.get(position, hash).is_some() {
                return self.options_of_value_zero(position);
            }
            if self.memo.contains_key(position) {
                return self.single_component_winning_moves(position);
            }
        }
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
            return self.single_component_winning_moves(position);
        }
        self.options_of_value_zero(position)
    }

    /// The winning moves of a single component: its moves to value 0, found
    /// directly where the ruleset can.
    fn single_component_winning_moves(
        &mut self,
        position: &R::Position,
    ) -> Result<Vec<R::Position>, SearchError> {
        if self.grundy(position)?.is_zero() {
            return Ok(Vec::new());
        }
        self.moves_to(position, Nimber::ZERO)
    }

    /// Every option of `position` of value 0.
    fn options_of_value_zero(&mut self, position: &R::Position) -> Result<Vec<R::Position>, SearchError> {
        let mut options = Vec::new();
        self.rules.moves(position, &mut options);
        let mut winning = Vec::new();
        let mut options = options.into_iter().peekable();
        while let Some(option) = options.next() {
            self.prefetch_split(options.peek());
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
        let mut options = options.into_iter().peekable();
        while let Some(option) = options.next() {
            self.prefetch_split(options.peek());
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
        let values = vec![0; options.len()];
        if self.rules.memoise_splits() {
            // Taken by `pop`: the first option is valued first.
            options.reverse();
            return Frame {
                position,
                options,
                parts: Vec::new(),
                split: None,
                values,
            };
        }
        let mut parts = Vec::with_capacity(options.len());
        let mut split = Vec::new();
        // Last option first, so that the first is valued first.
        for (i, option) in options.into_iter().enumerate().rev() {
            let i = i as u32;
            split.clear();
            if self.rules.decompose(&option, &mut split) {
                parts.extend(split.drain(..).map(|c| (i, c)));
            } else {
                parts.push((i, option));
            }
        }
        Frame {
            position,
            options: Vec::new(),
            parts,
            split: None,
            values,
        }
    }

    /// The next component of `frame` whose value is not known yet, with
    /// every known one before it added to its option's value; `None` when
    /// every option is valued. An option that splits into no components is
    /// the empty game, value 0.
    fn next_unknown(&mut self, frame: &mut Frame<R::Position>) -> Option<R::Position> {
        loop {
            // Read and dropped in place: a part moved out of the vector is
            // copied through the stack, and reading the copy back stalls.
            while let Some((i, c)) = frame.parts.last_mut() {
                match self.known(c) {
                    Some(v) => {
                        frame.values[*i as usize] ^= v.0;
                        frame.parts.truncate(frame.parts.len() - 1);
                    }
                    None => {
                        // A copy stays to be looked up once valued; the
                        // search takes the position itself.
                        let copy = c.clone();
                        return Some(core::mem::replace(c, copy));
                    }
                }
            }
            // Options split one at a time (only for `memoise_splits`); the
            // option last taken is at index `taken - 1`.
            let taken = frame.values.len() - frame.options.len();
            if let Some((split, hash)) = frame.split.take() {
                self.remember_split(split, hash, Nimber(frame.values[taken - 1]));
            }
            let option = frame.options.pop()?;
            self.prefetch_split(frame.options.last());
            let i = taken as u32;
            let hash = position_hash(&option);
            if let Some(v) = self.split_value(&option, hash) {
                frame.values[i as usize] = v.0;
                continue;
            }
            let mut split = core::mem::take(&mut self.scratch);
            split.clear();
            if self.rules.decompose(&option, &mut split) {
                frame.parts.extend(split.drain(..).map(|c| (i, c)));
                frame.split = Some((option, hash));
            } else {
                frame.parts.push((i, option));
            }
            self.scratch = split;
        }
    }

    /// For a ruleset that remembers splits
    /// ([`memoise_splits`](ImpartialRules::memoise_splits)): hints that
    /// `next` will be looked up by [`split_value`](Self::split_value) after
    /// the position in hand is split or searched (calls of the ruleset, which
    /// are costly for these rulesets), so that its slots are fetched
    /// meanwhile. No effect on any value.
    fn prefetch_split(&self, next: Option<&R::Position>) {
        if let Some(next) = next
            && self.rules.memoise_splits()
        {
            let hash = position_hash(next);
            self.splits.prefetch(hash);
        }
    }

    /// The hash of `position` in the table of splits, for a ruleset that
    /// remembers them ([`memoise_splits`](ImpartialRules::memoise_splits));
    /// `None` (and no hashing) for the others.
    fn split_hash(&self, position: &R::Position) -> Option<u64> {
        self.rules.memoise_splits().then(|| position_hash(position))
    }

    /// For a ruleset that remembers splits: the remembered value of a
    /// position (of hash `hash`), whether it splits or is a component, found
    /// without calling `decompose`.
    fn split_value(&self, position: &R::Position, hash: u64) -> Option<Nimber> {
        self.splits.get(position, hash).or_else(|| self.known(position))
    }

    /// Remembers the value of a position (of hash `hash`) that splits, while
    /// there is room.
    fn remember_split(&mut self, position: R::Position, hash: u64, value: Nimber) {
        if self.splits.len() < self.limits.max_states {
            self.splits.insert(self.rules.kept(position), hash, value);
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
            if let Some(next) = self.next_unknown(frame) {
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
            self.memo.insert(self.rules.kept(done.position), value);
            self.limits.ticker.tick()?;
            if stack.is_empty() {
                return Ok(value);
            }
        }
    }
}
