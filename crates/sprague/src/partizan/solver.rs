//! The memoised, iterative solver computing canonical forms of positions of
//! any [`PartizanRules`].

use super::rules::PartizanRules;
use super::{GameId, GameStore};
use crate::budget::{DEFAULT_MAX_STATES, SearchLimits};
use crate::monitor::SearchError;
use crate::outcome::Outcome;
use rustc_hash::FxHashMap;

/// Computes the canonical form ([`GameId`]) of positions of a ruleset.
///
/// A position is split into components by the ruleset's
/// [`decompose`](PartizanRules::decompose); each component is mapped to the
/// representative of its symmetry class by
/// [`canonical_key`](PartizanRules::canonical_key), and the representative's
/// value is memoised. A component's value is the canonical form of
/// `{values of Left options | values of Right options}`, each option valued as
/// the sum of its own components. The search is an explicit-stack depth-first
/// search, so games thousands of moves long do not overflow the call stack.
/// It stops with [`BudgetExceeded`](crate::BudgetExceeded) once the memo,
/// the search stack and the option parts its frames hold together reach
/// `max_states` (a position with thousands of options costs as many states
/// while it is on the stack), and with [`Interrupted`](crate::Interrupted)
/// when its [`Monitor`](crate::monitor::Monitor) (see [`with_monitor`](PartizanSolver::with_monitor))
/// asks it to; the monitor counts the component classes solved.
///
/// The solver owns the [`GameStore`] its ids live in
/// ([`store`](PartizanSolver::store), [`store_mut`](PartizanSolver::store_mut)).
///
/// Complexity: O(sum over distinct component classes c of |options(c)|)
/// ruleset calls, hash look-ups and store additions, plus one canonical-form
/// construction per class.
///
/// ```
/// use sprague::{Notation, Outcome, PartizanSolver, games::Domineering};
/// let mut solver = PartizanSolver::new(&Domineering);
/// let board = Domineering.parse_position("..|..").unwrap();
/// let g = solver.value(&board).unwrap();
/// assert_eq!(solver.store_mut().display(g), "+-1");
/// assert_eq!(solver.outcome(&board).unwrap(), Outcome::N);
/// ```
pub struct PartizanSolver<'r, R: PartizanRules> {
    rules: &'r R,
    store: GameStore,
    memo: FxHashMap<R::Position, GameId>,
    limits: SearchLimits<'r>,
    /// Scratch buffers reused across expansions.
    options: Vec<R::Position>,
    split: Vec<R::Position>,
    spare: Vec<Frame<R::Position>>,
}

/// One component still being valued.
struct Frame<P> {
    /// The representative whose value this frame computes.
    key: P,
    /// Number of Left options (options `0..n_left` are Left's, the rest Right's).
    n_left: usize,
    /// (option index, component representative, conjugated?) still to be valued.
    parts: Vec<(usize, P, bool)>,
    cursor: usize,
    /// The value of each part valued so far (`parts[k]` has `part_values[k]`).
    part_values: Vec<GameId>,
    /// Each option's value, the sum of its parts, filled when the frame pops.
    values: Vec<GameId>,
}

impl<'r, R: PartizanRules> PartizanSolver<'r, R> {
    /// A solver with a fresh store and the default state budget ([`DEFAULT_MAX_STATES`]).
    #[must_use]
    pub fn new(rules: &'r R) -> Self {
        Self::with_store(rules, GameStore::new(), DEFAULT_MAX_STATES)
    }

    /// A solver with a fresh store that stops after memoising `max_states` components.
    #[must_use]
    pub fn with_max_states(rules: &'r R, max_states: usize) -> Self {
        Self::with_store(rules, GameStore::new(), max_states)
    }

    /// A solver adding its values to `store`.
    #[must_use]
    pub fn with_store(rules: &'r R, store: GameStore, max_states: usize) -> Self {
        PartizanSolver {
            rules,
            store,
            memo: FxHashMap::default(),
            limits: SearchLimits::new(max_states),
            options: Vec::new(),
            split: Vec::new(),
            spare: Vec::new(),
        }
    }

    crate::budget::monitor_builder!('r, "component classes");

    /// The ruleset being solved.
    #[must_use]
    pub fn rules(&self) -> &'r R {
        self.rules
    }

    /// The store the values live in.
    #[must_use]
    pub fn store(&self) -> &GameStore {
        &self.store
    }

    /// The store the values live in, for operations on them (display, compare, …).
    pub fn store_mut(&mut self) -> &mut GameStore {
        &mut self.store
    }

    /// The store, giving up the solver.
    #[must_use]
    pub fn into_store(self) -> GameStore {
        self.store
    }

    /// Number of memoised component classes.
    #[must_use]
    pub fn states(&self) -> usize {
        self.memo.len()
    }

    /// The canonical form of `position`: the sum of its components' values.
    ///
    /// # Errors
    /// [`SearchError::Budget`] if the search needs more than `max_states`
    /// states; [`SearchError::Interrupted`] if the monitor asks it to stop.
    pub fn value(&mut self, position: &R::Position) -> Result<GameId, SearchError> {
        let mut total = GameId::ZERO;
        for (key, conjugate) in self.components(position) {
            let v = self.component(key)?;
            let v = if conjugate { self.store.neg(v) } else { v };
            total = self.store.add(total, v);
        }
        Ok(total)
    }

    /// The outcome class of `position` (who wins with perfect play).
    ///
    /// # Errors
    /// [`SearchError::Budget`] if the search needs more than `max_states`
    /// states; [`SearchError::Interrupted`] if the monitor asks it to stop.
    pub fn outcome(&mut self, position: &R::Position) -> Result<Outcome, SearchError> {
        let g = self.value(position)?;
        Ok(self.store.outcome(g))
    }

    /// Left's winning moves: the Left options of value ≥ 0 (after which Right,
    /// moving first, loses). Empty when Left moving first loses.
    ///
    /// # Errors
    /// [`SearchError::Budget`] if the search needs more than `max_states`
    /// states; [`SearchError::Interrupted`] if the monitor asks it to stop.
    pub fn left_winning_moves(&mut self, position: &R::Position) -> Result<Vec<R::Position>, SearchError> {
        let mut options = Vec::new();
        self.rules.left_moves(position, &mut options);
        self.keep_winning(options, |store, v| store.le(GameId::ZERO, v))
    }

    /// Right's winning moves: the Right options of value ≤ 0. Empty when Right
    /// moving first loses.
    ///
    /// # Errors
    /// [`SearchError::Budget`] if the search needs more than `max_states`
    /// states; [`SearchError::Interrupted`] if the monitor asks it to stop.
    pub fn right_winning_moves(&mut self, position: &R::Position) -> Result<Vec<R::Position>, SearchError> {
        let mut options = Vec::new();
        self.rules.right_moves(position, &mut options);
        self.keep_winning(options, |store, v| store.le(v, GameId::ZERO))
    }

    /// The `options` whose value passes `wins` (the mover's winning test), in
    /// order. One [`value`](Self::value) per option.
    fn keep_winning(
        &mut self,
        options: Vec<R::Position>,
        wins: impl Fn(&mut GameStore, GameId) -> bool,
    ) -> Result<Vec<R::Position>, SearchError> {
        let mut winning = Vec::new();
        for option in options {
            let v = self.value(&option)?;
            if wins(&mut self.store, v) {
                winning.push(option);
            }
        }
        Ok(winning)
    }

    /// The components of `position` as (representative, conjugated?) pairs.
    fn components(&self, position: &R::Position) -> Vec<(R::Position, bool)> {
        let mut parts = Vec::new();
        if self.rules.decompose(position, &mut parts) {
            parts.iter().map(|c| self.rules.canonical_key(c)).collect()
        } else {
            vec![self.rules.canonical_key(position)]
        }
    }

    fn expand(&mut self, key: R::Position) -> Frame<R::Position> {
        let mut frame = self.spare.pop().unwrap_or(Frame {
            key: key.clone(),
            n_left: 0,
            parts: Vec::new(),
            cursor: 0,
            part_values: Vec::new(),
            values: Vec::new(),
        });
        let mut options = core::mem::take(&mut self.options);
        options.clear();
        self.rules.left_moves(&key, &mut options);
        let n_left = options.len();
        self.rules.right_moves(&key, &mut options);
        frame.parts.clear();
        for (i, option) in options.iter().enumerate() {
            self.split.clear();
            if self.rules.decompose(option, &mut self.split) {
                for c in &self.split {
                    let (k, conjugate) = self.rules.canonical_key(c);
                    frame.parts.push((i, k, conjugate));
                }
            } else {
                let (k, conjugate) = self.rules.canonical_key(option);
                frame.parts.push((i, k, conjugate));
            }
        }
        frame.part_values.clear();
        frame.values.clear();
        frame.values.resize(options.len(), GameId::ZERO);
        frame.key = key;
        frame.n_left = n_left;
        frame.cursor = 0;
        self.options = options;
        frame
    }

    /// Value of one component representative, by iterative depth-first search.
    fn component(&mut self, root: R::Position) -> Result<GameId, SearchError> {
        if let Some(&v) = self.memo.get(&root) {
            return Ok(v);
        }
        if let Some(x) = self.rules.number_value(&root) {
            return Ok(self.store.dyadic(x));
        }
        let result = self.search(root);
        self.limits.finish(result)
    }

    fn search(&mut self, root: R::Position) -> Result<GameId, SearchError> {
        let mut stack = vec![self.expand(root)];
        // Option parts held by the frames on the stack: they count towards
        // the budget, or a long chain of positions with many options each
        // would hold memory far beyond it.
        let mut held = stack[0].parts.len();
        self.limits.reached(held + 1)?;
        loop {
            let Some(frame) = stack.last_mut() else {
                return Ok(GameId::ZERO); // unreachable: the loop returns when the root frame pops
            };
            let mut missing = None;
            while let Some((_, key, conjugate)) = frame.parts.get(frame.cursor) {
                // A value by rule is not stored: it costs no state. One memo
                // look-up per part.
                let known = match self.memo.get(key) {
                    Some(&v) => Some(v),
                    None => self.rules.number_value(key).map(|x| self.store.dyadic(x)),
                };
                match known {
                    Some(v) => {
                        let v = if *conjugate { self.store.neg(v) } else { v };
                        frame.part_values.push(v);
                        frame.cursor += 1;
                    }
                    None => {
                        missing = Some(key.clone());
                        break;
                    }
                }
            }
            if let Some(next) = missing {
                let child = self.expand(next);
                held += child.parts.len();
                stack.push(child);
                self.limits.reached(stack.len() + self.memo.len() + held)?;
                continue;
            }
            let Some(mut done) = stack.pop() else {
                return Ok(GameId::ZERO);
            };
            held -= done.parts.len();
            // Each option's value is the sum of its parts' values (parts of
            // one option are consecutive).
            let mut k = 0;
            while k < done.parts.len() {
                let i = done.parts[k].0;
                let mut end = k + 1;
                while end < done.parts.len() && done.parts[end].0 == i {
                    end += 1;
                }
                done.values[i] = sum_of_parts(&mut self.store, &mut done.part_values[k..end]);
                k = end;
            }
            let (left, right) = done.values.split_at(done.n_left);
            let value = self.store.op().game_memoised(left, right);
            self.limits.reached(self.memo.len())?;
            self.memo.insert(done.key.clone(), value);
            self.limits.ticker.tick()?;
            self.spare.push(done);
            if stack.is_empty() {
                return Ok(value);
            }
        }
    }
}

/// The sum of the values of an option's components, added in id order so
/// that equal sums of the same parts meet the store's sum memo whatever order
/// the ruleset listed the components in. O(k log k) for k parts, plus the
/// store sums.
fn sum_of_parts(store: &mut GameStore, parts: &mut [GameId]) -> GameId {
    if let [v] = parts {
        return *v;
    }
    parts.sort_unstable();
    parts.iter().fold(GameId::ZERO, |total, &v| store.add(total, v))
}

/// The canonical form of `position` straight from the definition: the
/// canonical form of `{values of Left options | values of Right options}`,
/// recursively, with no memo, no decomposition and no symmetry. Exponential;
/// the oracle the solver is tested against.
pub fn value_by_definition<R: PartizanRules + ?Sized>(
    rules: &R,
    store: &mut GameStore,
    position: &R::Position,
) -> GameId {
    let mut left = Vec::new();
    rules.left_moves(position, &mut left);
    let mut right = Vec::new();
    rules.right_moves(position, &mut right);
    let l: Vec<GameId> = left
        .iter()
        .map(|p| value_by_definition(rules, store, p))
        .collect();
    let r: Vec<GameId> = right
        .iter()
        .map(|p| value_by_definition(rules, store, p))
        .collect();
    store.game(&l, &r)
}
