//! The memoised, iterative solver computing canonical forms of positions of
//! any [`PartizanRules`].

use super::component_memo::{ComponentMemo, MemoKey};
use super::dyadic::Dyadic;
use super::game_id::GameId;
use super::rules::{NumberSearch, PartizanRules};
use super::store::{GameStore, Op};
use crate::budget::DEFAULT_MAX_STATES;
use crate::monitor::SearchError;
use crate::outcome::Outcome;
use crate::search_limits::SearchLimits;

/// Computes the canonical form ([`GameId`]) of positions of a ruleset.
///
/// A position is split into components by the ruleset's
/// [`decompose`](PartizanRules::decompose); a component that is a simpler
/// position plus an integer ([`integer_shift`](PartizanRules::integer_shift))
/// is replaced by the simpler position, the integer added to its value;
/// each component is mapped to the representative of its symmetry class by
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
    memo: ComponentMemo<R::Position>,
    limits: SearchLimits<'r>,
    /// Scratch buffers reused across expansions.
    options: Vec<R::Position>,
    split: Vec<R::Position>,
    /// The components on the search path, root first; each one's parts sit
    /// in `parts` after those of the frame below it.
    frames: Vec<Frame<R::Position>>,
    /// The option parts of every frame on the path, end to end.
    parts: Vec<Part<R::Position>>,
    /// Each option's value while a frame is finished (scratch).
    values: Vec<GameId>,
    /// The part values of one option while they are added (scratch).
    sum_scratch: Vec<GameId>,
    /// The ruleset's own search for components that are numbers, if any.
    numbers: Option<Box<dyn NumberSearch<R::Position> + 'r>>,
    /// The states `numbers` held after its last call.
    number_states: usize,
    /// Options listed since the last look at the monitor.
    listed: usize,
}

/// One component still being valued: its parts are
/// `parts[start..]` of the solver (up to the next frame's start).
///
/// In declaration order (`repr(C)`), as is [`Part`]: with the layout left
/// to the compiler, the key shared its words with the memo key's padding,
/// and pushing a frame or part copied that blob through the stack in
/// overlapping unaligned moves, which stall on the stores just made.
#[repr(C)]
struct Frame<P> {
    /// The representative whose value this frame computes.
    key: P,
    /// Where `key` sits in the memo.
    at: MemoKey,
    /// Number of Left options (options `0..n_left` are Left's, the rest Right's).
    n_left: u32,
    /// Number of options.
    n_options: u32,
    /// Where this frame's parts start in the solver's `parts`.
    start: usize,
    /// The first part not yet valued.
    cursor: usize,
}

/// One component of one option of a frame.
#[repr(C)]
struct Part<P> {
    /// The component's representative.
    key: P,
    /// Where `key` sits in the memo.
    at: MemoKey,
    /// The integer the component's value exceeds its simpler form's by
    /// ([`PartizanRules::integer_shift`]); 0 when it has none.
    shift: i64,
    /// The option it belongs to (an option's parts are consecutive).
    option: u32,
    /// The value of the component's simpler form (the component's own
    /// when `shift` is 0), once known.
    value: GameId,
    /// Whether `key` is the conjugate of the component (value negated).
    conjugate: bool,
}

impl<P: Eq + core::hash::Hash> Part<P> {
    /// The part of option `option` that is the component `c`: the
    /// representative under `rules` of its simpler form (see
    /// [`PartizanRules::integer_shift`]), with its memo key, and the memo's
    /// slot for it prefetched; no value yet. Always inlined into the
    /// expansion loop, as is [`key_of`]: as calls, they returned their
    /// positions through memory, 3% of the instructions of a Toads and
    /// Frogs search.
    #[inline(always)]
    fn of<R: PartizanRules<Position = P>>(rules: &R, memo: &ComponentMemo<P>, c: &P, option: u32) -> Self {
        let ((key, conjugate), shift) = key_of(rules, c);
        let at = MemoKey::of(&key, rules.memo_word(&key));
        memo.prefetch(at);
        Part {
            key,
            option,
            at,
            conjugate,
            shift,
            value: GameId::ZERO,
        }
    }
}

impl<P> Part<P> {
    /// Records `v`, the value of this part's representative, as the
    /// part's: negated when the part is its conjugate. O(1) once the
    /// negative is cached. Whether a part is the conjugate is as good as
    /// random, so once the negative is known the choice is a select, not
    /// a branch (a branch there was mispredicted about once in five parts).
    #[inline]
    fn take(&mut self, store: &mut GameStore, v: GameId) {
        let cached = store.cached_neg(v);
        if self.conjugate && cached.is_none() {
            // The first time `v` is met conjugated: rare.
            self.value = store.neg(v);
            return;
        }
        let n = cached.unwrap_or(v);
        let keep = u32::from(self.conjugate).wrapping_neg();
        self.value = GameId((n.0 & keep) | (v.0 & !keep));
    }
}

/// The representative of component `c` (or of its simpler form), whether
/// it is the conjugate, and the integer `c` exceeds the simpler form by:
/// `c = ±key + shift`.
#[inline(always)]
fn key_of<R: PartizanRules>(rules: &R, c: &R::Position) -> ((R::Position, bool), i64) {
    match rules.integer_shift(c) {
        Some((simpler, shift)) => (rules.canonical_key(&simpler), shift),
        None => (rules.canonical_key(c), 0),
    }
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
            memo: ComponentMemo::new(),
            limits: SearchLimits::new(max_states),
            options: Vec::new(),
            split: Vec::new(),
            frames: Vec::new(),
            parts: Vec::new(),
            values: Vec::new(),
            sum_scratch: Vec::new(),
            numbers: rules.number_search(),
            number_states: 0,
            listed: 0,
        }
    }

    crate::search_limits::monitor_builder!('r, "component classes");

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

    /// Number of memoised component classes, with the states of the
    /// ruleset's own number search ([`PartizanRules::number_search`]).
    #[must_use]
    pub fn states(&self) -> usize {
        self.memo.len() + self.number_states
    }

    /// The value of the component representative `key` by the ruleset's
    /// number search, if it has one and the search answers. Its states
    /// count in the budget with `held` states of this solver's.
    fn searched_number(
        numbers: &mut Option<Box<dyn NumberSearch<R::Position> + 'r>>,
        number_states: &mut usize,
        limits: &SearchLimits<'r>,
        key: &R::Position,
        held: usize,
    ) -> Result<Option<Dyadic>, SearchError> {
        let Some(search) = numbers.as_mut() else {
            return Ok(None);
        };
        let result = search.value(key, limits.max_states, held, limits.ticker.monitor());
        *number_states = search.states();
        result
    }

    /// The canonical form of `position`: the sum of its components' values.
    ///
    /// # Errors
    /// [`SearchError::Budget`] if the search needs more than `max_states`
    /// states; [`SearchError::Interrupted`] if the monitor asks it to stop.
    pub fn value(&mut self, position: &R::Position) -> Result<GameId, SearchError> {
        let mut total = GameId::ZERO;
        let mut shift = 0i64;
        for ((key, conjugate), n) in self.components(position) {
            let v = self.component(key)?;
            let v = if conjugate { self.store.neg(v) } else { v };
            let mut op = Op::polling(&mut self.store, self.limits.ticker.monitor());
            total = op.add(total, v);
            op.finish()?;
            shift += n;
        }
        if shift != 0 {
            let n = self.store.integer(shift);
            let mut op = Op::polling(&mut self.store, self.limits.ticker.monitor());
            total = op.add(total, n);
            op.finish()?;
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
    /// order. One [`value`](Self::value) per option. (`wins` is a function
    /// pointer, not a generic closure: one copy of this per ruleset serves
    /// both players.)
    fn keep_winning(
        &mut self,
        options: Vec<R::Position>,
        wins: fn(&mut GameStore, GameId) -> bool,
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

    /// The components of `position` as ((representative, conjugated?),
    /// integer shift) pairs (see [`key_of`]).
    fn components(&self, position: &R::Position) -> Vec<((R::Position, bool), i64)> {
        let mut parts = Vec::new();
        if self.rules.decompose(position, &mut parts) {
            parts.iter().map(|c| key_of(self.rules, c)).collect()
        } else {
            vec![key_of(self.rules, position)]
        }
    }

    /// Pushes the frame of `key`: its options, each split into components
    /// mapped to their representatives, as parts.
    fn expand(&mut self, key: R::Position, at: MemoKey) {
        let mut options = core::mem::take(&mut self.options);
        options.clear();
        self.rules.left_moves(&key, &mut options);
        let n_left = options.len();
        self.rules.right_moves(&key, &mut options);
        let start = self.parts.len();
        for (i, option) in options.iter().enumerate() {
            let option_index = i as u32;
            self.split.clear();
            if self.rules.decompose(option, &mut self.split) {
                for c in &self.split {
                    self.parts.push(Part::of(self.rules, &self.memo, c, option_index));
                }
            } else {
                self.parts
                    .push(Part::of(self.rules, &self.memo, option, option_index));
            }
        }
        self.listed += options.len();
        self.frames.push(Frame {
            key,
            at,
            n_left: n_left as u32,
            n_options: options.len() as u32,
            start,
            cursor: start,
        });
        self.options = options;
    }

    /// Value of one component representative, by iterative depth-first search.
    fn component(&mut self, root: R::Position) -> Result<GameId, SearchError> {
        let at = MemoKey::of(&root, self.rules.memo_word(&root));
        if let Some(v) = self.memo.get(&root, at) {
            return Ok(v);
        }
        if let Some(x) = self.rules.number_value(&root) {
            return Ok(self.store.dyadic(x));
        }
        let held = self.memo.len() + self.frames.len() + self.parts.len();
        let searched = Self::searched_number(
            &mut self.numbers,
            &mut self.number_states,
            &self.limits,
            &root,
            held,
        );
        if let Some(x) = searched? {
            return Ok(self.store.dyadic(x));
        }
        let (frames, parts) = (self.frames.len(), self.parts.len());
        let result = self.search(root, at);
        // A search that stopped leaves its path behind.
        self.frames.truncate(frames);
        self.parts.truncate(parts);
        self.limits.finish(result)
    }

    fn search(&mut self, root: R::Position, at: MemoKey) -> Result<GameId, SearchError> {
        let base = self.frames.len();
        self.expand(root, at);
        self.look_if_due()?;
        // Option parts held by the frames on the path count towards the
        // budget, or a long chain of positions with many options each would
        // hold memory far beyond it.
        self.limits.reached(self.parts.len() + 1)?;
        loop {
            let top = self.frames.len() - 1;
            let mut cursor = self.frames[top].cursor;
            let mut missing = false;
            while let Some(part) = self.parts.get(cursor) {
                // A value by rule is not stored: it costs no state. One memo
                // look-up per part; the ruleset's number search keeps what
                // it finds in its own memo.
                let known = match self.memo.get(&part.key, part.at) {
                    Some(v) => Some(v),
                    None => match self.rules.number_value(&part.key) {
                        Some(x) => Some(self.store.dyadic(x)),
                        None => {
                            let held = self.frames.len() + self.memo.len() + self.parts.len();
                            Self::searched_number(
                                &mut self.numbers,
                                &mut self.number_states,
                                &self.limits,
                                &part.key,
                                held,
                            )?
                            .map(|x| self.store.dyadic(x))
                        }
                    },
                };
                match known {
                    Some(v) => {
                        self.parts[cursor].take(&mut self.store, v);
                        cursor += 1;
                    }
                    None => {
                        missing = true;
                        break;
                    }
                }
            }
            self.frames[top].cursor = cursor;
            if missing {
                let next = self.parts[cursor].key.clone();
                self.expand(next, self.parts[cursor].at);
                self.look_if_due()?;
                self.limits
                    .reached(self.frames.len() + self.memo.len() + self.parts.len() + self.number_states)?;
                self.limits.descended()?;
                continue;
            }
            let value = self.finish_top()?;
            self.limits.reached(self.memo.len() + self.number_states)?;
            // The frame is read in place and then dropped: moved out whole,
            // its copy on the stack was read back before the stores writing
            // it had landed (a stall on every finished component).
            let Some(top) = self.frames.last() else {
                return Ok(value); // unreachable: the top frame was just finished
            };
            let start = top.start;
            self.memo.insert(&top.key, top.at, value);
            self.frames.pop();
            self.parts.truncate(start);
            self.limits.ticker.tick()?;
            if self.frames.len() == base {
                return Ok(value);
            }
            // The frame below was waiting for this value at its cursor:
            // it takes it there, with no second memo look-up.
            if let Some(below) = self.frames.last_mut()
                && let Some(part) = self.parts.get_mut(below.cursor)
            {
                part.take(&mut self.store, value);
                below.cursor += 1;
            }
        }
    }

    /// Looks at the monitor once [`LISTED_PER_LOOK`] options were listed
    /// since the last look, beside the state count's looks: positions with
    /// thousands of options each (a Cutcake of side 2,000) list millions
    /// between two of those. O(1) between looks.
    ///
    /// # Errors
    /// [`SearchError::Interrupted`] when the monitor asks for a stop.
    fn look_if_due(&mut self) -> Result<(), SearchError> {
        if self.listed >= LISTED_PER_LOOK {
            self.listed = 0;
            if let Some(monitor) = self.limits.ticker.monitor() {
                monitor.check()?;
            }
        }
        Ok(())
    }

    /// The value of the top frame, whose parts are all valued: each option's
    /// value is the sum of its parts' values, and the frame's the canonical
    /// form of its options. The sums and the construction read the monitor's
    /// stop flag as they go (large forms, such as those of big Eatcake
    /// cakes, take seconds each).
    ///
    /// # Errors
    /// [`SearchError::Interrupted`] when the monitor asks for a stop; the
    /// store keeps only what was finished.
    fn finish_top(&mut self) -> Result<GameId, SearchError> {
        let Some(frame) = self.frames.last() else {
            return Ok(GameId::ZERO);
        };
        let mut op = Op::polling(&mut self.store, self.limits.ticker.monitor());
        let (start, n_left) = (frame.start, frame.n_left as usize);
        self.values.clear();
        self.values.resize(frame.n_options as usize, GameId::ZERO);
        let parts = &mut self.parts[start..];
        let mut k = 0;
        while k < parts.len() {
            let i = parts[k].option;
            let mut end = k + 1;
            let mut shift = parts[k].shift;
            while end < parts.len() && parts[end].option == i {
                shift += parts[end].shift;
                end += 1;
            }
            let sum = if end == k + 1 {
                parts[k].value
            } else {
                self.sum_scratch.clear();
                self.sum_scratch.extend(parts[k..end].iter().map(|p| p.value));
                sum_of_parts(&mut op, &mut self.sum_scratch)
            };
            self.values[i as usize] = if shift == 0 {
                sum
            } else {
                let n = op.integer(shift);
                op.add(sum, n)
            };
            k = end;
        }
        let (left, right) = self.values.split_at(n_left);
        let value = op.game_memoised(left, right);
        op.finish()?;
        Ok(value)
    }
}

/// Options listed between two looks at the monitor (see
/// [`PartizanSolver::look_if_due`]).
const LISTED_PER_LOOK: usize = 4096;

/// The sum of the values of an option's components, added in id order so
/// that equal sums of the same parts meet the store's sum memo whatever order
/// the ruleset listed the components in. O(k log k) for k parts, plus the
/// store sums.
fn sum_of_parts(store: &mut Op<'_, '_>, parts: &mut [GameId]) -> GameId {
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
