//! Misère search over sums of independent pieces, each position kept as a
//! multiset of piece kinds.
//!
//! A misère search cannot split a sum into components (misère values do not
//! add), so it walks whole positions. Positions of heap and cutting games
//! are sums of many pieces, often many equal ones (a rectangle cut into 38
//! strips): written as lists, every option of such a position costs time
//! and memory in the number of pieces. Here a position is the sorted list of
//! `(kind, count)` pairs, each kind's options are listed once and kept, an
//! option is made in O(kinds), and a memoised position is a few bytes.

use super::misere_form::{MisereGame, MisereStore};
use crate::budget::DEFAULT_MAX_STATES;
use crate::monitor::{Interrupted, SearchError};
use crate::outcome::Outcome;
use crate::search_limits::SearchLimits;
use core::hash::Hash;
use rustc_hash::FxHashMap;

/// A ruleset whose positions are sums of independent pieces (heaps,
/// rectangles, …): a move replaces one piece by zero or more pieces.
///
/// ```
/// use sprague::impartial::PieceRules;
/// /// Nim: a heap of n moves to any smaller heap.
/// struct NimHeaps;
/// impl PieceRules for NimHeaps {
///     type Piece = u64;
///     fn piece_options(&self, n: &u64, f: &mut dyn FnMut(&[(u64, u64)])) {
///         for m in 0..*n {
///             f(&[(m, 1)]);
///         }
///     }
/// }
/// ```
pub trait PieceRules {
    /// One piece (a heap, a rectangle).
    type Piece: Clone + Eq + Hash;

    /// Calls `f` once for every option of a single piece, with the pieces the
    /// move leaves, each with its multiplicity (an empty list when nothing is
    /// left; pieces without moves may be listed, they are dropped).
    #[allow(clippy::type_complexity)] // a callback taking the pieces a move leaves
    fn piece_options(&self, piece: &Self::Piece, f: &mut dyn FnMut(&[(Self::Piece, u64)]));

    /// The representative of `piece` among the pieces that are the same game
    /// (a rectangle with its shorter side first). The default is the piece.
    fn normalize_piece(&self, piece: &Self::Piece) -> Self::Piece {
        piece.clone()
    }

    /// Whether `piece` has at least one option. The default lists the
    /// options; rules whose pieces have many options answer it without
    /// listing them.
    fn has_move(&self, piece: &Self::Piece) -> bool {
        let mut any = false;
        self.piece_options(piece, &mut |_| any = true);
        any
    }
}

/// Most misère canonical forms a [`PieceMisereSolver`] keeps for its piece
/// kinds; past it, kinds are searched without forms.
pub const FORM_BUDGET: usize = 20_000;

/// Most copies of one piece in a move whose form is computed as a sum.
const MAX_FORM_COPIES: u64 = 4096;

/// A piece kind's options once normalised: each option the sorted list of
/// `(kind, count)` it leaves, pieces without moves dropped.
type KindOptions = Vec<Vec<(u32, u64)>>;

/// Misère outcomes of sums of pieces by memoised depth-first search over
/// multisets of piece kinds.
///
/// Every position is searched whole, as misère play requires; what is
/// saved is the cost per position: an option is made in O(distinct kinds),
/// a memoised position takes about 40-80 bytes (its `(kind, count)` pairs
/// as variable-length bytes), and the budget is checked at every position
/// entered. These rules cut the search, each exact:
///
/// - each piece kind is replaced by its misère canonical form
///   ([`MisereStore`], while the forms stay within a budget of 20,000 games): kinds
///   equal to `0` are dropped (as are pieces without moves), kinds with
///   the same form are one kind (the one of least rank, so that positions
///   still only go down), and pairs of kinds equal to `*1` cancel,
///   as `*1 + *1 = 0` in misère play (Conway, On Numbers and Games,
///   ch. 12). No other pairs cancel: `*2 + *2` is a misère P-position, so
///   it is not `0`;
/// - a position whose every kind is a Nim heap (its form, or its moves one
///   by one) is decided by Bouton's misère rule: the heaps' nim-sum, or the
///   parity of the heaps of 1 when no heap is larger (Winning Ways, ch. 13).
///
/// ```
/// use sprague::{Outcome, impartial::{PieceMisereSolver, PieceRules}};
/// struct NimHeaps;
/// impl PieceRules for NimHeaps {
///     type Piece = u64;
///     fn piece_options(&self, n: &u64, f: &mut dyn FnMut(&[(u64, u64)])) {
///         for m in 0..*n {
///             f(&[(m, 1)]);
///         }
///     }
/// }
/// let mut solver = PieceMisereSolver::new(&NimHeaps);
/// assert_eq!(solver.outcome(&[(1, 3)]).unwrap(), Outcome::P); // three heaps of 1
/// assert_eq!(solver.outcome(&[(2, 2)]).unwrap(), Outcome::P); // 2 + 2
/// assert_eq!(solver.outcome(&[(1, 1), (2, 1)]).unwrap(), Outcome::N);
/// ```
pub struct PieceMisereSolver<'r, R: PieceRules> {
    rules: &'r R,
    ids: FxHashMap<R::Piece, u32>,
    pieces: Vec<R::Piece>,
    /// Whether each kind has a move at all (`None`: not asked yet).
    live: Vec<Option<bool>>,
    /// Each kind's options, listed when a position holding it is first expanded.
    options: Vec<Option<KindOptions>>,
    /// Each kind's size as a Nim heap when its options are exactly the Nim
    /// heaps below that size (`Some(None)`: it is not one).
    nim: Vec<Option<Option<u64>>>,
    /// Misère canonical forms of the kinds, while they stay small.
    forms: MisereStore,
    /// Each kind's canonical form (`Some(None)`: not known, too large).
    form: Vec<Option<Option<MisereGame>>>,
    /// Each kind's place in a position: `None` when it is `0` (dropped),
    /// else the first kind met with the same form, and whether that form is
    /// `*1` (whose pairs cancel).
    class: Vec<Option<Option<(u32, bool)>>>,
    /// For each form, the kind of least rank met with it.
    rep: FxHashMap<MisereGame, u32>,
    /// A rank of each kind with a form: 0 without moves, else one more than
    /// the ranks of the pieces its moves leave, so every piece a move leaves
    /// ranks below the piece moved.
    rank: Vec<u64>,
    use_forms: bool,
    /// `true` for misère N-positions, keyed by the encoded multiset.
    memo: FxHashMap<Box<[u8]>, bool>,
    limits: SearchLimits<'r>,
    expanded: u64,
    /// Options listed over all kinds: they count towards the budget, since
    /// valuing a big piece can list the options of every smaller one.
    listed: usize,
    /// [`listed`](Self::listed) at the last look at the monitor.
    listed_at_look: usize,
    /// Set when the monitor stopped the listing of a kind's options (a kind
    /// of 10^4 pieces may have tens of millions): the list is not kept, and
    /// the search returns this instead of reading the missing options.
    cut_short: Option<Interrupted>,
}

/// Options listed between two looks at the monitor, beside the counts of
/// kinds and positions: one kind of 10^4 pieces lists about 15,000 options,
/// as long as thousands of steps take.
const LISTED_PER_LOOK: usize = 4096;

/// A position being searched: its multiset, its key, and the next option to
/// try (entry `i` of the multiset, option `j` of that kind).
struct Frame {
    state: Vec<(u32, u64)>,
    key: Box<[u8]>,
    i: usize,
    j: usize,
}

impl<'r, R: PieceRules> PieceMisereSolver<'r, R> {
    /// A solver with the default state budget.
    #[must_use]
    pub fn new(rules: &'r R) -> Self {
        Self::with_max_states(rules, DEFAULT_MAX_STATES)
    }

    /// A solver that stops once it holds `max_states` positions and piece
    /// kinds together.
    #[must_use]
    pub fn with_max_states(rules: &'r R, max_states: usize) -> Self {
        PieceMisereSolver {
            rules,
            ids: FxHashMap::default(),
            pieces: Vec::new(),
            live: Vec::new(),
            options: Vec::new(),
            nim: Vec::new(),
            forms: MisereStore::with_max_games(FORM_BUDGET),
            form: Vec::new(),
            class: Vec::new(),
            rep: FxHashMap::default(),
            rank: Vec::new(),
            use_forms: true,
            memo: FxHashMap::default(),
            limits: SearchLimits::new(max_states),
            expanded: 0,
            listed: 0,
            listed_at_look: 0,
            cut_short: None,
        }
    }

    crate::search_limits::monitor_builder!('r, "positions");

    /// The number of positions memoised so far.
    #[must_use]
    pub fn states(&self) -> usize {
        self.memo.len()
    }

    /// The misère outcome of the sum of `pieces` (each with its count): `N`
    /// if the player to move wins. A sum without moves is `N`.
    ///
    /// # Errors
    /// [`SearchError::Budget`] past the state budget;
    /// [`SearchError::Interrupted`] if the monitor asks it to stop.
    pub fn outcome(&mut self, pieces: &[(R::Piece, u64)]) -> Result<Outcome, SearchError> {
        self.cut_short = None;
        let state = self.state_of(pieces);
        let result = self.is_next_win(state);
        let win = self.limits.finish(result)?;
        Ok(if win { Outcome::N } else { Outcome::P })
    }

    /// The misère outcome of the sum of a list of pieces (repeats allowed).
    ///
    /// # Errors
    /// As [`outcome`](Self::outcome).
    pub fn outcome_of_list(&mut self, pieces: &[R::Piece]) -> Result<Outcome, SearchError> {
        let counted: Vec<(R::Piece, u64)> = pieces.iter().map(|p| (p.clone(), 1)).collect();
        self.outcome(&counted)
    }

    fn intern(&mut self, piece: &R::Piece) -> u32 {
        let piece = self.rules.normalize_piece(piece);
        if let Some(&id) = self.ids.get(&piece) {
            return id;
        }
        let id = u32::try_from(self.pieces.len()).unwrap_or(u32::MAX);
        self.ids.insert(piece.clone(), id);
        self.pieces.push(piece);
        self.live.push(None);
        self.options.push(None);
        self.nim.push(None);
        self.form.push(None);
        self.class.push(None);
        self.rank.push(0);
        id
    }

    /// Search without canonical forms (every kind its own class), for
    /// cross-checking the reductions.
    #[must_use]
    pub fn without_forms(mut self) -> Self {
        self.use_forms = false;
        self
    }

    /// The misère canonical form of kind `id`, while forms stay within
    /// [`FORM_BUDGET`]: the game whose options are the sums of the forms of
    /// the pieces each move leaves. Evaluated with an explicit stack.
    fn form_of(&mut self, id: u32) -> Option<MisereGame> {
        let mut stack = vec![id];
        let mut steps = 0u64;
        while let Some(&top) = stack.last() {
            let k = top as usize;
            if self.form[k].is_some() {
                stack.pop();
                continue;
            }
            if self.over_budget() {
                // Forms only speed the search up: past the budget they stop,
                // and the search itself reports the budget.
                self.use_forms = false;
            }
            // The forms of many large kinds (every heap up to 10^4) take
            // long and list many options: a stop request (Ctrl-C, the
            // memory budget) ends them too, and the search reports it at
            // its next look at the monitor.
            steps = steps.wrapping_add(1);
            if self.stop_asked(steps) {
                self.use_forms = false;
            }
            if !self.use_forms {
                self.form[k] = Some(None);
                stack.pop();
                continue;
            }
            if !self.ensure_options(top) {
                self.use_forms = false;
                self.form[k] = Some(None);
                stack.pop();
                continue;
            }
            // The first part whose form is unknown, found without copying
            // the option list (a kind is visited once per such part).
            let (options, form) = (&self.options, &self.form);
            let unknown = options[k]
                .iter()
                .flatten()
                .flatten()
                .map(|&(p, _)| p)
                .find(|&p| form[p as usize].is_none());
            if let Some(part) = unknown {
                stack.push(part);
                continue;
            }
            let opts = self.options[k].take().unwrap_or_default();
            stack.pop();
            self.rank[k] = opts
                .iter()
                .flatten()
                .map(|&(p, _)| self.rank[p as usize] + 1)
                .max()
                .unwrap_or(0);
            let mut option_forms = Vec::with_capacity(opts.len());
            let mut known = true;
            'options: for o in &opts {
                let mut acc = MisereGame::ZERO;
                for &(p, c) in o {
                    let Some(Some(f)) = self.form[p as usize] else {
                        known = false;
                        break 'options;
                    };
                    if c > MAX_FORM_COPIES {
                        known = false;
                        break 'options;
                    }
                    for _ in 0..c {
                        match self.forms.sum(acc, f) {
                            Ok(s) => acc = s,
                            Err(_) => {
                                known = false;
                                break 'options;
                            }
                        }
                    }
                }
                option_forms.push(acc);
            }
            self.options[k] = Some(opts);
            let f = if known {
                self.forms.game(&option_forms).ok()
            } else {
                None
            };
            if f.is_none() && known {
                // The store is full: no more forms in this search.
                self.use_forms = false;
            }
            self.form[k] = Some(f);
        }
        self.form[id as usize].flatten()
    }

    /// Where kind `id` goes in a position (see the field `class`): the kind
    /// of least rank met so far with the same form, which ranks no higher
    /// than `id`. So a move replaces a kind by kinds of lower rank, pairs
    /// cancelling and zeros dropping only remove kinds, and no position
    /// repeats below itself (the multiset of ranks decreases).
    fn class_of(&mut self, id: u32) -> Option<(u32, bool)> {
        if let Some(c) = self.class[id as usize] {
            return c;
        }
        let c = match self.form_of(id) {
            None => Some((id, false)),
            Some(f) if f == MisereGame::ZERO => None,
            Some(f) => {
                let rep = match self.rep.get(&f) {
                    Some(&r) if self.rank[r as usize] <= self.rank[id as usize] => r,
                    _ => {
                        self.rep.insert(f, id);
                        id
                    }
                };
                Some((rep, self.forms.nim_heap(f) == Some(1)))
            }
        };
        self.class[id as usize] = Some(c);
        c
    }

    fn is_live(&mut self, id: u32) -> bool {
        let k = id as usize;
        if let Some(l) = self.live[k] {
            return l;
        }
        let any = self.rules.has_move(&self.pieces[k]);
        self.live[k] = Some(any);
        any
    }

    /// Adds `count` pieces of kind `id` to the sorted multiset `state`, as
    /// the first kind of the same canonical form; nothing for a kind without
    /// a move or equal to `0`, and pairs of `*1` cancel (`*1 + *1 = 0` in
    /// misère play: Conway, On Numbers and Games, ch. 12). O(kinds).
    fn add(&mut self, state: &mut Vec<(u32, u64)>, id: u32, count: u64) {
        if count == 0 || !self.is_live(id) {
            return;
        }
        let Some((id, star1)) = self.class_of(id) else {
            return;
        };
        let at = match state.binary_search_by_key(&id, |&(k, _)| k) {
            Ok(at) => {
                state[at].1 = state[at].1.saturating_add(count);
                at
            }
            Err(at) => {
                state.insert(at, (id, count));
                at
            }
        };
        if star1 {
            state[at].1 %= 2;
            if state[at].1 == 0 {
                state.remove(at);
            }
        }
    }

    /// Adds a raw part to a kind's option list (no classes: forms are
    /// computed from these lists).
    fn add_raw(&mut self, option: &mut Vec<(u32, u64)>, id: u32, count: u64) {
        if count == 0 || !self.is_live(id) {
            return;
        }
        match option.binary_search_by_key(&id, |&(k, _)| k) {
            Ok(at) => option[at].1 = option[at].1.saturating_add(count),
            Err(at) => option.insert(at, (id, count)),
        }
    }

    fn state_of(&mut self, pieces: &[(R::Piece, u64)]) -> Vec<(u32, u64)> {
        let mut state = Vec::new();
        for (p, c) in pieces {
            let id = self.intern(p);
            self.add(&mut state, id, *c);
        }
        state
    }

    /// Whether [`LISTED_PER_LOOK`] options were listed since the last time
    /// this said so: then the monitor is looked at, however few kinds or
    /// positions were visited. O(1).
    fn look_due(&mut self) -> bool {
        let due = self.listed - self.listed_at_look >= LISTED_PER_LOOK;
        if due {
            self.listed_at_look = self.listed;
        }
        due
    }

    /// Whether the monitor asks to stop (Ctrl-C, the time or memory
    /// budget), looked at on every 64th of the caller's `steps` and whenever
    /// [`look_due`](Self::look_due). The search reports the stop at its own
    /// next look; the form and Nim-heap walks, which only speed it up, give
    /// up. O(1) between looks.
    fn stop_asked(&mut self, steps: u64) -> bool {
        let due = self.look_due();
        (due || steps.is_multiple_of(64))
            && self
                .limits
                .ticker
                .monitor()
                .is_some_and(|monitor| monitor.check().is_err())
    }

    /// Lists the options of kind `id` (once), looking at the monitor every
    /// [`LISTED_PER_LOOK`] options. `false` when the monitor asked to stop
    /// before the list was complete: then nothing is kept, and
    /// [`cut_short`](Self::cut_short) says why.
    fn ensure_options(&mut self, id: u32) -> bool {
        let k = id as usize;
        if self.options[k].is_some() {
            return true;
        }
        let monitor = self.limits.ticker.monitor();
        let mut raw: Vec<Vec<(R::Piece, u64)>> = Vec::new();
        let mut stopped = None;
        self.rules.piece_options(&self.pieces[k], &mut |parts| {
            if stopped.is_some() {
                return;
            }
            if (raw.len() + 1).is_multiple_of(LISTED_PER_LOOK)
                && let Some(monitor) = monitor
                && let Err(stop) = monitor.check()
            {
                stopped = Some(stop);
                return;
            }
            raw.push(parts.to_vec());
        });
        if let Some(stop) = stopped {
            self.cut_short = Some(stop);
            return false;
        }
        let mut listed: KindOptions = Vec::with_capacity(raw.len());
        for parts in raw {
            let mut option = Vec::with_capacity(parts.len());
            for (p, c) in &parts {
                let id = self.intern(p);
                self.add_raw(&mut option, id, *c);
            }
            listed.push(option);
        }
        listed.sort_unstable();
        listed.dedup();
        self.listed = self.listed.saturating_add(listed.len());
        self.live[k] = Some(!listed.is_empty());
        self.options[k] = Some(listed);
        true
    }

    /// The size of kind `id` as a Nim heap, if its options are, recursively,
    /// exactly the Nim heaps `0 .. n` (each option empty or one piece that is
    /// a Nim heap). Evaluated with an explicit stack: chains of kinds may be
    /// long.
    fn nim_heap(&mut self, id: u32) -> Option<u64> {
        if let Some(Some(f)) = self.form[id as usize]
            && let Some(n) = self.forms.nim_heap(f)
        {
            return Some(n);
        }
        let mut stack = vec![id];
        let mut steps = 0u64;
        while let Some(&top) = stack.last() {
            let k = top as usize;
            if self.nim[k].is_some() {
                stack.pop();
                continue;
            }
            steps = steps.wrapping_add(1);
            if self.over_budget() || self.stop_asked(steps) || !self.ensure_options(top) {
                // Not known as a Nim heap: the search decides (and reports
                // the budget or the stop).
                for &kind in &stack {
                    self.nim[kind as usize].get_or_insert(None);
                }
                return self.nim[id as usize].flatten();
            }
            let opts = self.options[k].as_ref().map_or(&[][..], Vec::as_slice);
            let mut pending = None;
            let mut values: Vec<u64> = Vec::with_capacity(opts.len());
            let mut nimlike = true;
            for o in opts {
                match o[..] {
                    [] => values.push(0),
                    [(part, 1)] => match self.nim[part as usize] {
                        Some(Some(v)) => values.push(v),
                        Some(None) => {
                            nimlike = false;
                            break;
                        }
                        None => {
                            pending = Some(part);
                            break;
                        }
                    },
                    _ => {
                        nimlike = false;
                        break;
                    }
                }
            }
            if nimlike && let Some(part) = pending {
                stack.push(part);
                continue;
            }
            stack.pop();
            let value = nimlike
                .then(|| {
                    values.sort_unstable();
                    values.dedup();
                    let n = values.len() as u64;
                    values
                        .iter()
                        .enumerate()
                        .all(|(i, &v)| v == i as u64)
                        .then_some(n)
                })
                .flatten();
            self.nim[k] = Some(value);
        }
        self.nim[id as usize].flatten()
    }

    /// Bouton's misère rule when every kind of `state` is a Nim heap.
    fn nim_rule(&mut self, state: &[(u32, u64)]) -> Option<bool> {
        let mut xor = 0u64;
        let mut large = false;
        for &(id, count) in state {
            let v = self.nim_heap(id)?;
            if count % 2 == 1 {
                xor ^= v;
            }
            large |= v > 1;
        }
        // Only heaps of 0 and 1: the mover loses iff their number is odd.
        let lost = if large { xor == 0 } else { xor == 1 };
        Some(!lost)
    }

    fn encode(state: &[(u32, u64)]) -> Box<[u8]> {
        let mut out = Vec::with_capacity(state.len() * 2 + 2);
        let mut put = |mut v: u64| {
            while v >= 0x80 {
                out.push((v as u8) | 0x80);
                v >>= 7;
            }
            out.push(v as u8);
        };
        for &(id, count) in state {
            put(u64::from(id));
            put(count);
        }
        out.into_boxed_slice()
    }

    /// The known result of `state`, by rule or memo.
    fn known(&mut self, state: &[(u32, u64)], key: &[u8]) -> Option<bool> {
        if state.is_empty() {
            return Some(true);
        }
        if let Some(&v) = self.memo.get(key) {
            return Some(v);
        }
        self.nim_rule(state)
    }

    /// The option `j` of entry `i` of `state`, or `None` past the last.
    fn option(&mut self, state: &[(u32, u64)], i: usize, j: usize) -> Option<Vec<(u32, u64)>> {
        let (id, count) = *state.get(i)?;
        self.ensure_options(id);
        let parts = self.options[id as usize].as_ref()?.get(j)?.clone();
        let mut next = state.to_vec();
        if count == 1 {
            next.remove(i);
        } else {
            next[i].1 = count - 1;
        }
        for (p, c) in parts {
            self.add(&mut next, p, c);
        }
        Some(next)
    }

    fn held(&self, frames: usize) -> usize {
        self.memo
            .len()
            .saturating_add(self.pieces.len())
            .saturating_add(self.listed)
            .saturating_add(frames)
    }

    /// Whether the kinds and their listed options already fill the budget.
    fn over_budget(&self) -> bool {
        self.pieces.len().saturating_add(self.listed) > self.limits.max_states
    }

    fn is_next_win(&mut self, root: Vec<(u32, u64)>) -> Result<bool, SearchError> {
        let root_key = Self::encode(&root);
        if let Some(v) = self.known(&root, &root_key) {
            return Ok(v);
        }
        let mut stack = vec![Frame {
            state: root,
            key: root_key,
            i: 0,
            j: 0,
        }];
        // The result of the frame just finished, for its parent.
        let mut returned: Option<bool> = None;
        loop {
            let Some(top) = stack.last_mut() else {
                return Ok(false); // unreachable: the root returns when it pops
            };
            let mut win = false;
            if let Some(child_win) = returned.take() {
                if child_win {
                    top.j += 1;
                } else {
                    win = true;
                }
            }
            let mut descend = None;
            if !win {
                let (mut i, mut j) = (top.i, top.j);
                loop {
                    let Some(next) = self.option(&top.state, i, j) else {
                        if i + 1 < top.state.len() {
                            i += 1;
                            j = 0;
                            continue;
                        }
                        break;
                    };
                    let key = Self::encode(&next);
                    match self.known(&next, &key) {
                        Some(false) => {
                            win = true;
                            break;
                        }
                        Some(true) => j += 1,
                        None => {
                            descend = Some((next, key));
                            break;
                        }
                    }
                }
                top.i = i;
                top.j = j;
            }
            if let Some(stop) = self.cut_short.take() {
                // An option list was cut short: the options read as missing
                // were not there, so nothing above is known.
                return Err(SearchError::Interrupted(stop));
            }
            if let Some((state, key)) = descend {
                self.limits.passed(self.held(stack.len() + 1))?;
                self.expanded += 1;
                let due = self.look_due();
                if (due || self.expanded.is_multiple_of(256))
                    && let Some(monitor) = self.limits.ticker.monitor()
                {
                    monitor.check()?;
                }
                debug_assert!(
                    stack.iter().all(|f| f.key != key),
                    "a position repeats below itself: {:?} at depth {}",
                    state,
                    stack.len()
                );
                stack.push(Frame {
                    state,
                    key,
                    i: 0,
                    j: 0,
                });
                continue;
            }
            let Some(done) = stack.pop() else {
                return Ok(win);
            };
            self.limits.reached(self.held(stack.len()))?;
            self.memo.insert(done.key, win);
            self.limits.ticker.tick()?;
            if stack.is_empty() {
                return Ok(win);
            }
            returned = Some(win);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::{Heaps, RectangleCutting, TakeBreak};
    use crate::impartial::{ImpartialRules, MisereSolver};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// The multiset search agrees with the plain search over lists on
        /// random sums of heaps of random octal games and on random sums of
        /// rectangles.
        #[test]
        fn matches_the_list_search(
            digits in proptest::collection::vec(0u8..8, 1..4),
            heaps in proptest::collection::vec(0u64..9, 0..5),
            rects in proptest::collection::vec((1u64..7, 1u64..7), 0..3),
        ) {
            let code = format!("0.{}", digits.iter().map(u8::to_string).collect::<String>());
            let rules = Heaps::new(TakeBreak::parse(&code).unwrap());
            let want = MisereSolver::new(&rules).search_only().outcome(&heaps).unwrap();
            let got = PieceMisereSolver::new(&rules).outcome_of_list(&heaps).unwrap();
            prop_assert_eq!(got, want, "{} {:?}", code, heaps);
            let plain = PieceMisereSolver::new(&rules).without_forms().outcome_of_list(&heaps).unwrap();
            prop_assert_eq!(plain, want, "{} {:?} without forms", code, heaps);
            let want = MisereSolver::new(&RectangleCutting).search_only().outcome(&rects).unwrap();
            let got = PieceMisereSolver::new(&RectangleCutting).outcome_of_list(&rects).unwrap();
            prop_assert_eq!(got, want, "{:?}", rects);
        }
    }

    #[test]
    fn nim_heaps_are_recognised_move_for_move() {
        // Subtraction {1, 2, 3, …}: every heap is a Nim heap, so no search.
        let nim = Heaps::new(crate::games::Nim);
        // The budget counts the options listed (heaps 0 to 1000: about half
        // a million), though no position is searched.
        let mut solver = PieceMisereSolver::with_max_states(&nim, 1_000_000);
        assert_eq!(solver.outcome(&[(1000, 1), (1000, 1)]).unwrap(), Outcome::P);
        assert_eq!(solver.outcome(&[(1, 5)]).unwrap(), Outcome::P);
        assert_eq!(solver.outcome(&[(1, 4)]).unwrap(), Outcome::N);
        assert_eq!(solver.outcome(&[(1, 4), (3, 1)]).unwrap(), Outcome::N);
        assert_eq!(solver.states(), 0);
        // Kayles heap 3 moves to 2, 1 and 1 + 1: not a Nim heap move for
        // move, but its canonical form is *3 ({*2, *1, *1 + *1 = 0}).
        let kayles = Heaps::new(TakeBreak::kayles());
        let mut solver = PieceMisereSolver::new(&kayles).without_forms();
        let three = solver_id(&mut solver, 3);
        let two = solver_id(&mut solver, 2);
        assert_eq!(solver.nim_heap(two), Some(2));
        assert_eq!(solver.nim_heap(three), None);
        let mut solver = PieceMisereSolver::new(&kayles);
        let three = solver_id(&mut solver, 3);
        let f = solver.form_of(three).unwrap();
        assert_eq!(solver.forms.nim_heap(f), Some(3));
        assert_eq!(solver.nim_heap(three), Some(3));
        assert_eq!(
            solver.outcome(&[(9, 2), (6, 1), (7, 1)]).unwrap(),
            MisereSolver::new(&kayles)
                .search_only()
                .outcome(&vec![9, 9, 6, 7])
                .unwrap()
        );
        assert!(kayles.normalize(&vec![0, 3]).is_some());
    }

    fn solver_id<R: PieceRules>(s: &mut PieceMisereSolver<'_, R>, p: R::Piece) -> u32 {
        s.intern(&p)
    }

    /// A piece 2 with 6,001 options: `k` pieces 1 for every even `k` up to
    /// 12,000, then 5,001 pieces 1. A piece 1 moves to nothing; `k` of them
    /// are a misère P-position exactly when `k` is odd (each move takes one,
    /// and whoever takes the last loses). So piece 2's one winning move is
    /// its last option.
    struct LastMoveWins;

    impl PieceRules for LastMoveWins {
        type Piece = u32;
        fn piece_options(&self, piece: &u32, f: &mut dyn FnMut(&[(u32, u64)])) {
            match piece {
                1 => f(&[]),
                2 => {
                    for k in 1..=6000 {
                        f(&[(1, 2 * k)]);
                    }
                    f(&[(1, 5001)]);
                }
                _ => {}
            }
        }
    }

    #[test]
    fn an_option_list_cut_short_by_a_stop_is_not_kept() {
        use crate::monitor::Monitor;
        let monitor = Monitor::new();
        let mut solver = PieceMisereSolver::new(&LastMoveWins).with_monitor(&monitor);
        assert_eq!(solver.outcome(&[(1, 5001)]).unwrap(), Outcome::P);
        assert_eq!(solver.outcome(&[(1, 12)]).unwrap(), Outcome::N);
        // Stopped before the list of piece 2 is complete: an error, not the
        // outcome of the options listed so far (all N-positions: `P`).
        monitor.stop();
        assert!(matches!(
            solver.outcome(&[(2, 1)]),
            Err(SearchError::Interrupted(_))
        ));
        assert!(solver.options[solver.ids[&2] as usize].is_none());
        // Once the monitor is reset, the same solver lists every option.
        monitor.reset();
        assert_eq!(solver.outcome(&[(2, 1)]).unwrap(), Outcome::N);
        let mut fresh = PieceMisereSolver::new(&LastMoveWins);
        assert_eq!(fresh.outcome(&[(2, 1)]).unwrap(), Outcome::N);
        // Beside one piece 1, any even option leaves an odd count: N too.
        assert_eq!(fresh.outcome(&[(2, 1), (1, 1)]).unwrap(), Outcome::N);
    }

    #[test]
    fn the_budget_stops_the_search_at_once() {
        // Misère rectangles 14×28 + 38×11: with canonical forms (1×p strips
        // are *1, and 38 of them cancel) a few thousand positions decide it;
        // without forms it needs far more than 5,000 and stops there.
        let mut solver = PieceMisereSolver::with_max_states(&RectangleCutting, 5_000);
        assert_eq!(solver.outcome_of_list(&[(14, 28), (38, 11)]).unwrap(), Outcome::N);
        assert!(solver.held(0) <= 5_000);
        let mut solver = PieceMisereSolver::with_max_states(&RectangleCutting, 5_000).without_forms();
        let e = solver.outcome_of_list(&[(14, 28), (38, 11)]).unwrap_err();
        assert!(matches!(e, SearchError::Budget(b) if b.max_states == 5_000));
        assert!(solver.held(0) <= 5_000);
    }
}
