//! The first layer of the partizan store: [`GameStore`], the
//! interning of canonical forms and their construction from options.
//!
//! The store's modules are layered; each uses only those above it in this list:
//!
//! 1. values without a store: [`Dyadic`], [`Nus`], `trajectory`, `thermograph`
//!    (the walls of a thermograph and how they meet), and the ids of the
//!    store's games ([`GameId`], `game_id`) with the memo tables keyed by
//!    them (`pair_memo`, `position_memo`);
//! 2. `store` (this file): interning, inline values, options, stops, `≤` and
//!    the canonical form of `{L | R}` (which needs `≤`);
//! 3. `ops`: negation, sums, comparisons, outcome, birthday, incentives;
//! 4. `temperature` (thermographs, cooling, heating) and `infinitesimal`
//!    (reduced canonical forms, atomic weights);
//! 5. `display`, `watched` ([`WatchedStore`](super::WatchedStore): the
//!    operations that a [`Monitor`] may stop) and the expression parser in
//!    `notation::game_expr`.
//!
//! Operations that may be stopped run inside an [`Op`]: the store, the
//! monitor (if any) and whether it asked to stop. Once stopped, an `Op`
//! answers every further step at once with a meaningless value and stores
//! nothing; [`Op::finish`] turns that into [`Interrupted`], so no public
//! method ever hands out a meaningless game. Without a monitor an `Op` never
//! stops, which is why [`GameStore`]'s own methods return plain values.

use super::dyadic::Dyadic;
use super::game_id::{GameId, sort_ids};
use super::nus::Nus;
use super::pair_memo::{PairFlags, PairMemo};
use super::thermograph::Thermograph;
use crate::monitor::{Interrupted, Monitor};
use core::ops::{Deref, DerefMut};
use rustc_hash::FxHashMap;

/// The largest nimber `*n` that may meet a game other than a number + up +
/// nimber value: such a sum walks the `n` options of `*n` and compares them
/// pairwise. Sums of inline values alone have no limit.
pub const NIMBER_COMBINE_LIMIT: u64 = 256;

/// The largest up multiple `n·↑` that may meet a game other than a number +
/// up + nimber value (the chain of its options is `n` deep).
pub const UP_COMBINE_LIMIT: u64 = 4096;

const NO_NEG: u32 = u32::MAX;

/// Options of a node: `arena[start..start+nl]` are Left's, the next `nr` Right's.
#[derive(Clone, Copy, Debug)]
pub(super) struct Opts {
    start: u32,
    pub(super) nl: u32,
    pub(super) nr: u32,
}

impl Opts {
    /// The options of an inline value not built yet.
    const UNBUILT: Opts = Opts {
        start: u32::MAX,
        nl: 0,
        nr: 0,
    };

    /// Whether these are options, not [`UNBUILT`](Self::UNBUILT).
    const fn is_built(self) -> bool {
        self.start != Self::UNBUILT.start
    }
}

#[derive(Clone, Debug)]
struct Node {
    /// The inline value when the game is `x + n·↑ + *m`.
    nus: Option<Nus>,
    /// Left and right stops (for inline values, the number part twice).
    stops: (Dyadic, Dyadic),
    /// The previous general form whose options hash the same (`NONE`).
    chain: u32,
}

const NONE: u32 = u32::MAX;

/// The integers `-SMALL..=SMALL` have their ids at hand ([`GameStore`]'s `small`).
const SMALL: i64 = 64;

/// The index of `v` in [`GameStore`]'s `small` when it is an integer
/// between `-SMALL` and `SMALL`.
#[inline]
fn small_index(v: &Nus) -> Option<usize> {
    if v.ups != 0 || v.nimber != 0 || !v.number.is_integer() {
        return None;
    }
    let n = v.number.numerator_i64()?;
    (-SMALL..=SMALL).contains(&n).then(|| (n + SMALL) as usize)
}

/// What the store's hot paths read of a form, apart from the rest of its
/// node so that they share cache lines: its stops as fixed-point keys,
/// whether it is a number, a nimber or inline, and its negative once known.
/// For 8320 forms this is 200 KB, which stays in the processor's
/// second-level cache while the nodes do not.
#[derive(Clone, Copy, Debug)]
struct Head {
    /// The left and right stops times 2^32 ([`stop_key`]); both [`NO_KEY`]
    /// when either does not fit, and comparisons then read the nodes.
    left: i64,
    right: i64,
    /// [`NUMBER`], [`NIMBER`] and [`INLINE`] bits.
    kind: u8,
    /// The id of the negative once computed (`NO_NEG` before): read for
    /// every conjugated component a search values, in the same line as the
    /// stops (the head's padding held it free).
    neg: u32,
}

/// [`Head::left`] and [`Head::right`] of a form whose stops have no key.
const NO_KEY: i64 = i64::MIN;
/// The form is a number.
const NUMBER: u8 = 1;
/// The form is a nimber (0 included).
const NIMBER: u8 = 2;
/// The form is an inline value `x + n·↑ + *m` (numbers and nimbers too).
const INLINE: u8 = 4;

/// `x` times 2^32 as an `i64` when that is exact and fits (with room to
/// spare: never [`NO_KEY`]): such keys compare as the numbers do.
fn stop_key(x: &Dyadic) -> Option<i64> {
    let exp = x.exponent();
    let num = x.numerator_i64()?;
    if exp > 32 {
        return None;
    }
    let v = i128::from(num) << (32 - exp);
    i64::try_from(v).ok().filter(|&k| k > NO_KEY)
}

impl Head {
    fn of(node: &Node) -> Head {
        let (l, r) = &node.stops;
        let (left, right) = match (stop_key(l), stop_key(r)) {
            (Some(a), Some(b)) => (a, b),
            _ => (NO_KEY, NO_KEY),
        };
        let kind = match &node.nus {
            Some(v) => {
                INLINE | (if v.is_number() { NUMBER } else { 0 }) | (if v.is_nimber() { NIMBER } else { 0 })
            }
            None => 0,
        };
        Head {
            left,
            right,
            kind,
            neg: NO_NEG,
        }
    }
}

/// The hash of a pair of option lists (the general forms' index and the
/// option-list memo).
fn options_hash(l: &[GameId], r: &[GameId]) -> u64 {
    use core::hash::Hasher;
    let mut h = rustc_hash::FxHasher::default();
    h.write_usize(l.len());
    for x in l {
        h.write_u32(x.0);
    }
    h.write_u32(u32::MAX);
    for x in r {
        h.write_u32(x.0);
    }
    crate::slot_index::wide_hash(h.finish())
}

/// The canonical forms of option lists already built: `{L | R}` for lists
/// `L`, `R` sorted and without repeats, keyed on [`options_hash`] through a
/// [`SlotIndex`](crate::slot_index::SlotIndex). An entry holds lists of at
/// most [`INLINE_IDS`] ids in all itself, so that the look-ups, which mostly
/// miss the caches, read one cache line after the index's slot and not two;
/// longer lists sit end to end in one arena that the entry points into, so
/// an entry costs no allocation of its own, and the lists stored last, which
/// the solvers meet most, are near each other. O(|L| + |R|) per look-up or
/// insertion.
#[derive(Debug, Default)]
struct RawMemo {
    index: crate::slot_index::SlotIndex,
    entries: Vec<RawEntry>,
    arena: Vec<GameId>,
}

/// Most ids (Left and Right options together) a [`RawEntry`] holds itself.
const INLINE_IDS: usize = 4;

#[derive(Debug)]
struct RawEntry {
    /// The lists when they hold at most [`INLINE_IDS`] ids in all (Left's
    /// first, then Right's); else the first two words are the `start` of
    /// the lists in the arena (`arena[start..start + nl]` Left's, the next
    /// `nr` Right's), low half first.
    ids: [GameId; INLINE_IDS],
    nl: u32,
    nr: u32,
    id: GameId,
}

impl RawEntry {
    /// Whether the lists sit in [`ids`](Self::ids).
    #[inline]
    const fn is_inline(&self) -> bool {
        self.nl as usize + self.nr as usize <= INLINE_IDS
    }

    /// Where the lists start in the arena when they are not inline.
    #[inline]
    fn start(&self) -> usize {
        (u64::from(self.ids[0].0) | u64::from(self.ids[1].0) << 32) as usize
    }

    /// Whether the lists of this entry are `l` and `r`.
    #[inline]
    fn holds(&self, arena: &[GameId], l: &[GameId], r: &[GameId]) -> bool {
        let (nl, nr) = (self.nl as usize, self.nr as usize);
        if nl != l.len() || nr != r.len() {
            return false;
        }
        let lists = if self.is_inline() {
            &self.ids[..nl + nr]
        } else {
            let start = self.start();
            &arena[start..start + nl + nr]
        };
        lists[..nl] == *l && lists[nl..] == *r
    }
}

impl RawMemo {
    fn get(&self, h: u64, l: &[GameId], r: &[GameId]) -> Option<GameId> {
        let place = self.index.find(h, |e| self.entries[e].holds(&self.arena, l, r))?;
        Some(self.entries[place].id)
    }

    /// Copies the sorted lists `l`, `r` (not present) aside, into the key
    /// itself or the arena, for [`commit`](Self::commit) or
    /// [`discard`](Self::discard).
    fn stage(&mut self, l: &[GameId], r: &[GameId]) -> StagedKey {
        let arena_len = self.arena.len();
        let mut entry = RawEntry {
            ids: [GameId::ZERO; INLINE_IDS],
            nl: l.len() as u32,
            nr: r.len() as u32,
            id: GameId::ZERO,
        };
        if entry.is_inline() {
            entry.ids[..l.len()].copy_from_slice(l);
            entry.ids[l.len()..l.len() + r.len()].copy_from_slice(r);
        } else {
            self.arena.extend_from_slice(l);
            self.arena.extend_from_slice(r);
            let start = arena_len as u64;
            entry.ids[0] = GameId(start as u32);
            entry.ids[1] = GameId((start >> 32) as u32);
        }
        StagedKey { entry, arena_len }
    }

    /// Stores `id` for the staged lists of hash `h`.
    fn commit(&mut self, h: u64, key: StagedKey, id: GameId) {
        if crate::slot_index::SlotIndex::is_full(self.entries.len()) {
            return self.discard(key); // a full memo only stops remembering
        }
        self.entries.push(RawEntry { id, ..key.entry });
        self.index.insert(h, self.entries.len());
    }

    /// Forgets the staged lists.
    fn discard(&mut self, key: StagedKey) {
        self.arena.truncate(key.arena_len);
    }
}

/// Lists copied aside by [`RawMemo::stage`], not yet stored: their entry
/// (with no form yet), and the arena's length before the copy.
struct StagedKey {
    entry: RawEntry,
    arena_len: usize,
}

/// Memo tables of the operations of the upper layers, keyed by id (their
/// value types come from the lower layers, so the store need not know the
/// operations).
#[derive(Debug, Default)]
pub(super) struct Derived {
    /// Thermographs (`temperature`).
    pub(super) thermo: FxHashMap<GameId, Thermograph>,
    /// Birthdays (`ops`).
    pub(super) birthday: FxHashMap<GameId, u64>,
    /// Reduced canonical forms (`infinitesimal`).
    pub(super) reduced: FxHashMap<GameId, GameId>,
    /// Atomic weights (`infinitesimal`).
    pub(super) atomic: FxHashMap<GameId, GameId>,
}

/// The interned store of canonical short partizan games.
///
/// Construction ([`GameStore::game`]) bypasses reversible options and removes
/// dominated ones, so every id denotes a canonical form and equality of values
/// is equality of ids. Values `x + n·↑ + *m` ([`Nus`]) carry their parts
/// inline: their sums, negatives and comparisons are O(1) and their options
/// are only built when asked for. `≤` and `+` are memoised on id pairs.
///
/// The methods come in groups, each documented with its cost: building games
/// (`integer` … `game`, `tiny`, `plus_minus`), looking at them (`as_nus`,
/// `options`, `stops`), comparing (`le`, `compare`, `outcome`), arithmetic
/// (`neg`, `add`, `sub`, `sum`), thermography (`thermograph`, `temperature`,
/// `mean`, `cool`, `heat`), infinitesimals (`reduced`, `atomic_weight`),
/// and text (`display`, `parse`). They never stop early; for operations that a
/// [`Monitor`] may stop (Ctrl-C), see [`GameStore::with_monitor`].
///
/// ```
/// use sprague::{GameId, GameStore, Outcome};
/// let mut s = GameStore::new();
/// let zero = GameId::ZERO;
/// let star = s.game(&[zero], &[zero]);
/// assert_eq!(star, s.nimber(1));
/// let up = s.game(&[zero], &[star]);
/// assert_eq!(up, s.up_multiple(1));
/// let double_up = s.add(up, up);
/// assert_eq!(s.display(double_up), "^^");
/// // ↑ + ↑ = {0 | ↑*} (Winning Ways, ch. 3)
/// let up_star = s.add(up, star);
/// assert_eq!(double_up, s.game(&[zero], &[up_star]));
/// assert_eq!(s.outcome(up_star), Outcome::N);
/// ```
#[derive(Debug)]
pub struct GameStore {
    nodes: Vec<Node>,
    /// The canonical options of each form, apart from its node so that the
    /// comparisons and constructions, which read them for every option they
    /// walk, find them close together ([`Opts::UNBUILT`] for an inline
    /// value's until they are first asked for).
    options: Vec<Opts>,
    /// The hot part of each node (same index).
    heads: Vec<Head>,
    arena: Vec<GameId>,
    /// Hash of a general form's option lists → the newest id with that hash;
    /// older ids with the same hash are chained through `Node::chain`.
    general: FxHashMap<u64, u32>,
    /// Scratch option lists reused by `game` (it is not re-entered).
    scratch: (Vec<GameId>, Vec<GameId>),
    /// Scratch option lists reused by `canonicalize_undominated` for each pass.
    pass: (Vec<GameId>, Vec<GameId>),
    /// Empty option lists for the sums (`ops`), which nest: each takes two
    /// and gives them back, so a search allocates only as many as its
    /// deepest sum needs.
    pub(super) lists: Vec<Vec<GameId>>,
    /// Canonical forms of the option lists seen by `Op::game_memoised`.
    raw_memo: RawMemo,
    inline: FxHashMap<Nus, GameId>,
    /// The ids of the integers `-SMALL..=SMALL` once interned (`NONE`
    /// before): the searches add small integers to their values all the
    /// time, and this spares those sums the hashing of `inline`.
    small: [u32; 2 * SMALL as usize + 1],
    le_memo: PairFlags,
    /// Sums on ordered id pairs (`ops`).
    pub(super) add_memo: PairMemo,
    /// Memo tables of the upper layers.
    pub(super) derived: Derived,
}

/// Sums, comparisons and constructions between two reports to a watching [`Monitor`].
const REPORT_EVERY: u32 = crate::monitor::Ticker::BATCH;

impl Default for GameStore {
    fn default() -> Self {
        Self::new()
    }
}

/// The key of an id pair in the `≤` and `+` memo tables.
pub(super) fn pair(a: GameId, b: GameId) -> u64 {
    (u64::from(a.0) << 32) | u64::from(b.0)
}

/// One operation under way on a [`GameStore`]: the store, the monitor that
/// may stop it, and whether it did. Every sum, comparison and construction of
/// a general form counts one unit; every [`REPORT_EVERY`] units they are added
/// to the monitor's count and its stop flag is read. Once stopped, every
/// further step answers at once with a meaningless value and memoises
/// nothing, so the store stays correct; [`Op::finish`] reports the stop.
pub(crate) struct Op<'s, 'm> {
    store: &'s mut GameStore,
    monitor: Option<&'m Monitor>,
    /// Units since the last report to the monitor.
    pending: u32,
    /// Set once the monitor asked to stop.
    halted: bool,
    /// Whether the units are added to the monitor's count (a search that
    /// counts its own states only polls).
    counts: bool,
}

impl Deref for Op<'_, '_> {
    type Target = GameStore;
    fn deref(&self) -> &GameStore {
        self.store
    }
}

impl DerefMut for Op<'_, '_> {
    fn deref_mut(&mut self) -> &mut GameStore {
        self.store
    }
}

impl<'s, 'm> Op<'s, 'm> {
    /// An operation on `store`, stopped when `monitor` (if any) asks.
    pub(crate) fn new(store: &'s mut GameStore, monitor: Option<&'m Monitor>) -> Self {
        Op {
            store,
            monitor,
            pending: 0,
            halted: false,
            counts: true,
        }
    }

    /// An operation on `store` that reads `monitor`'s stop flag as
    /// [`Op::new`]'s does but adds nothing to its count: for a search whose
    /// monitor counts its states.
    pub(crate) fn polling(store: &'s mut GameStore, monitor: Option<&'m Monitor>) -> Self {
        Op {
            counts: false,
            ..Op::new(store, monitor)
        }
    }

    /// Whether the monitor stopped this operation (its results mean nothing).
    pub(crate) const fn halted(&self) -> bool {
        self.halted
    }

    /// Pushes `each(x)` for every Left option `x` of `g` onto `left` and for
    /// every Right option onto `right`, in order. O(options of `g`) calls.
    pub(super) fn push_options(
        &mut self,
        g: GameId,
        left: &mut Vec<GameId>,
        right: &mut Vec<GameId>,
        mut each: impl FnMut(&mut Self, GameId) -> GameId,
    ) {
        let o = self.opts(g);
        for i in 0..o.nl {
            let x = self.left_at(o, i);
            left.push(each(self, x));
        }
        for i in 0..o.nr {
            let x = self.right_at(o, i);
            right.push(each(self, x));
        }
    }

    /// The canonical form of `{f(gl) + shift | f(gr) - shift}` over the
    /// options `gl`, `gr` of `g` (heating and cooling both take this shape).
    /// O(options of `g`) calls of `f`, then one [`game`](Self::game).
    pub(super) fn shifted_options(
        &mut self,
        g: GameId,
        shift: GameId,
        mut f: impl FnMut(&mut Self, GameId) -> GameId,
    ) -> GameId {
        let (l, r) = self.options(g);
        let mut nl = Vec::with_capacity(l.len());
        for gl in l {
            let x = f(self, gl);
            nl.push(self.add(x, shift));
        }
        let mut nr = Vec::with_capacity(r.len());
        for gr in r {
            let x = f(self, gr);
            nr.push(self.sub(x, shift));
        }
        self.game(&nl, &nr)
    }

    /// Ends the operation: adds the units not yet reported to the monitor.
    ///
    /// # Errors
    /// [`Interrupted`] if the monitor stopped it.
    pub(crate) fn finish(self) -> Result<(), Interrupted> {
        if let Some(m) = self.monitor {
            if self.counts {
                m.add(u64::from(self.pending));
            }
            if self.halted {
                return Err(Interrupted { done: m.done() });
            }
        }
        Ok(())
    }

    /// Counts one sum, comparison or construction; every [`REPORT_EVERY`] it
    /// reports to the monitor and halts if asked to stop.
    #[inline]
    pub(super) fn tick(&mut self) {
        self.pending += 1;
        if self.pending >= REPORT_EVERY {
            self.report();
        }
    }

    #[cold]
    fn report(&mut self) {
        if let Some(m) = self.monitor {
            if self.counts {
                m.add(u64::from(self.pending));
            }
            // `check` also polls the memory and work budgets.
            if m.check().is_err() {
                self.halted = true;
            }
        }
        self.pending = 0;
    }

    /// `a <= b`: Left wins `b - a` moving second (Right has no winning first
    /// move in `b - a`). Inline values compare in O(1); otherwise the
    /// recursive definition with number avoidance (a number's own options are
    /// never walked against a non-number), memoised on the id pair.
    pub(crate) fn le(&mut self, a: GameId, b: GameId) -> bool {
        if a == b {
            return true;
        }
        // Stops decide many pairs at once: a <= b needs L(a) <= L(b) and
        // R(a) <= R(b); and L(a) < R(b) forces a < b. (Inline values have
        // both stops equal to their number part, so the stops decide them
        // whenever the number parts differ.)
        match self.le_by_stops(a, b) {
            Some(r) => r,
            None => self.le_past_stops(a, b),
        }
    }

    /// `a <= b` for distinct `a`, `b` whose stops do not decide it: O(1)
    /// for two inline values, else the memo or the recursive definition.
    fn le_past_stops(&mut self, a: GameId, b: GameId) -> bool {
        // The heads were just read for the stops: the nodes are read only
        // when both are inline.
        if self.is_inline(a)
            && self.is_inline(b)
            && let (Some(x), Some(y)) = (self.as_nus(a), self.as_nus(b))
        {
            return x.le(y);
        }
        if self.halted {
            return false;
        }
        self.tick();
        let key = pair(a, b);
        if let Some(r) = self.le_memo.get(key) {
            return r;
        }
        let r = self.le_walk(a, b);
        if !self.halted {
            self.le_memo.insert(key, r);
        }
        r
    }

    fn le_walk(&mut self, a: GameId, b: GameId) -> bool {
        // a <= b iff no a^L >= b and no b^R <= a.
        if !self.is_number(a) {
            let oa = self.opts(a);
            for i in 0..oa.nl {
                let al = self.left_at(oa, i);
                if self.le(b, al) {
                    return false;
                }
            }
        }
        if !self.is_number(b) {
            let ob = self.opts(b);
            for i in 0..ob.nr {
                let br = self.right_at(ob, i);
                if self.le(br, a) {
                    return false;
                }
            }
        }
        true
    }

    /// Raw `G <= h` where `G = {gl | gr}` is given by (not necessarily canonical) options.
    fn raw_le(&mut self, gl: &[GameId], gr: &[GameId], h: GameId) -> bool {
        for &l in gl {
            if self.le(h, l) {
                return false;
            }
        }
        let oh = self.opts(h);
        for i in 0..oh.nr {
            let hr = self.right_at(oh, i);
            if self.raw_ge(gl, gr, hr) {
                return false;
            }
        }
        true
    }

    /// Raw `G >= h`.
    fn raw_ge(&mut self, gl: &[GameId], gr: &[GameId], h: GameId) -> bool {
        for &r in gr {
            if self.le(r, h) {
                return false;
            }
        }
        let oh = self.opts(h);
        for i in 0..oh.nl {
            let hl = self.left_at(oh, i);
            if self.raw_le(gl, gr, hl) {
                return false;
            }
        }
        true
    }

    /// The canonical form of `{left | right}` (options in any order, repeats allowed).
    ///
    /// Fast paths: only numbers as options (the simplest number, `x*`, or a
    /// switch `{a | b}`), and nimbers with equal option sets (`*mex`).
    /// Otherwise dominated options are removed and reversible ones bypassed
    /// until neither applies; the result is recognised as an inline value
    /// `x + n·↑ + *m` when it is one. Each pass costs O((|L| + |R|)^2)
    /// comparisons, themselves memoised.
    pub(crate) fn game(&mut self, left: &[GameId], right: &[GameId]) -> GameId {
        let (mut l, mut r) = core::mem::take(&mut self.scratch);
        l.clear();
        l.extend_from_slice(left);
        r.clear();
        r.extend_from_slice(right);
        let id = self.game_in(&mut l, &mut r);
        self.scratch = (l, r);
        id
    }

    /// [`game`](Self::game), memoised on the option lists left once the
    /// dominated options are removed: the positions of a search often have
    /// options of the same values, and a repeat costs the (memoised)
    /// comparisons of that removal and one hash look-up, instead of the
    /// search for reversible options as well. For the solvers (each of
    /// their forms is built once; sums keep their own memo).
    ///
    /// The memo is not asked before the removal. Most lists of a search
    /// lose an option there (87% in Toads and Frogs `TTTTT....FFFFF`), so
    /// a look-up of the lists as given rarely hits and mostly misses the
    /// caches: without it that solve runs 6% fewer instructions and about
    /// 14% less time.
    pub(crate) fn game_memoised(&mut self, left: &[GameId], right: &[GameId]) -> GameId {
        let (mut l, mut r) = core::mem::take(&mut self.scratch);
        l.clear();
        l.extend_from_slice(left);
        sort_ids(&mut l);
        l.dedup();
        r.clear();
        r.extend_from_slice(right);
        sort_ids(&mut r);
        r.dedup();
        let id = self.game_sorted(&mut l, &mut r, true);
        self.scratch = (l, r);
        id
    }

    /// [`game_undominated`](Self::game_undominated) through the option-list
    /// memo: the form it holds for the sorted lists `l`, `r`, or else the one
    /// built, stored there unless the construction was stopped. The build
    /// reduces the lists in place, so the key is copied aside first.
    fn undominated_memoised(&mut self, l: &mut Vec<GameId>, r: &mut Vec<GameId>) -> GameId {
        let h = options_hash(l, r);
        if let Some(id) = self.raw_memo.get(h, l, r) {
            return id;
        }
        let key = self.raw_memo.stage(l, r);
        let id = self.game_undominated(l, r);
        if self.halted {
            self.raw_memo.discard(key);
        } else {
            self.raw_memo.commit(h, key, id);
        }
        id
    }

    /// The canonical form of `{l | r}` for lists sorted and without repeats:
    /// the fast paths, then the dominated options removed and
    /// [`game_undominated`](Self::game_undominated). With `memoise` (for
    /// [`game_memoised`](Self::game_memoised)), the lists without their
    /// dominated options are looked up in the option-list memo, and stored
    /// there with the form when new: different option lists often lose
    /// different dominated options and keep the same ones, and a hit spares
    /// the search for reversible options, the longest step.
    fn game_sorted(&mut self, l: &mut Vec<GameId>, r: &mut Vec<GameId>, memoise: bool) -> GameId {
        if self.halted {
            return GameId::ZERO;
        }
        self.tick();
        if let Some(id) = self.fast_game(l, r) {
            return id;
        }
        self.remove_dominated(l, true);
        self.remove_dominated(r, false);
        if memoise && !self.halted {
            return self.undominated_memoised(l, r);
        }
        self.game_undominated(l, r)
    }

    /// The canonical form of `{l | r}` for sorted lists without repeats and
    /// without dominated options.
    fn game_undominated(&mut self, l: &mut Vec<GameId>, r: &mut Vec<GameId>) -> GameId {
        self.canonicalize_undominated(l, r);
        if self.halted {
            // Comparisons gave up: these options may not be canonical.
            return GameId::ZERO;
        }
        if let Some(id) = self.fast_game(l, r) {
            return id;
        }
        if let Some(v) = self.recognise_nus(l, r) {
            return self.nus(v);
        }
        self.intern(l, r)
    }

    fn game_in(&mut self, l: &mut Vec<GameId>, r: &mut Vec<GameId>) -> GameId {
        l.sort_unstable();
        l.dedup();
        r.sort_unstable();
        r.dedup();
        self.game_sorted(l, r, false)
    }

    /// Bypasses reversible options and removes dominated ones, until
    /// neither applies, in lists with no dominated option.
    fn canonicalize_undominated(&mut self, l: &mut Vec<GameId>, r: &mut Vec<GameId>) {
        let (mut nl, mut nr) = core::mem::take(&mut self.pass);
        loop {
            let mut changed = false;
            nl.clear();
            for &gl in l.iter() {
                let o = self.opts(gl);
                let mut bypass = None;
                for i in 0..o.nr {
                    let glr = self.right_at(o, i);
                    if self.raw_ge(l, r, glr) {
                        bypass = Some(glr);
                        break;
                    }
                }
                match bypass {
                    Some(glr) => {
                        changed = true;
                        let o2 = self.opts(glr);
                        for j in 0..o2.nl {
                            nl.push(self.left_at(o2, j));
                        }
                    }
                    None => nl.push(gl),
                }
            }
            nr.clear();
            for &gr in r.iter() {
                let o = self.opts(gr);
                let mut bypass = None;
                for i in 0..o.nl {
                    let grl = self.left_at(o, i);
                    if self.raw_le(l, r, grl) {
                        bypass = Some(grl);
                        break;
                    }
                }
                match bypass {
                    Some(grl) => {
                        changed = true;
                        let o2 = self.opts(grl);
                        for j in 0..o2.nr {
                            nr.push(self.right_at(o2, j));
                        }
                    }
                    None => nr.push(gr),
                }
            }
            // Without a bypass the lists have no dominated or reversible
            // option: done.
            if !changed {
                break;
            }
            nl.sort_unstable();
            nl.dedup();
            nr.sort_unstable();
            nr.dedup();
            core::mem::swap(l, &mut nl);
            core::mem::swap(r, &mut nr);
            self.remove_dominated(l, true);
            self.remove_dominated(r, false);
        }
        self.pass = (nl, nr);
    }

    /// Keeps the options not dominated by another: for Left the maximal ones,
    /// for Right the minimal ones. `v` is sorted and deduplicated. Inlined
    /// for its first test: a third of the lists have one option or none.
    #[inline]
    fn remove_dominated(&mut self, v: &mut Vec<GameId>, left: bool) {
        if v.len() >= 2 {
            self.remove_dominated_among(v, left);
        }
    }

    /// [`remove_dominated`](Self::remove_dominated) for two options or more.
    /// Each option is compared with the survivors before it, lowest first:
    /// it joins them unless one of them dominates it, and drops those it
    /// dominates. So each option meets the few survivors so far, not every
    /// other option. O(n · survivors) comparisons, themselves memoised.
    fn remove_dominated_among(&mut self, v: &mut Vec<GameId>, left: bool) {
        let n = v.len();
        if n == 2 {
            // The common case, with the same comparisons as the loop below.
            // Left drops an option that is at most the other, Right one that
            // is at least the other; the ids are distinct, so at most one of
            // the two goes.
            let (lo, hi) = if left { (v[0], v[1]) } else { (v[1], v[0]) };
            if self.le(lo, hi) {
                v.remove(0);
            } else if self.le(hi, lo) {
                v.truncate(1);
            }
            return;
        }
        // The survivors as a bit set: one word on the stack for up to 64
        // options (no allocation; the sweep, inlined, is then specialised
        // to that one word), a vector of words beyond.
        if n <= 64 {
            self.sweep_dominated(v, left, &mut [0u64]);
        } else {
            self.sweep_dominated(v, left, &mut vec![0u64; n.div_ceil(64)]);
        }
    }

    /// The loop of [`remove_dominated_among`](Self::remove_dominated_among)
    /// with the survivors in the bits of `keep` (clear on entry, a bit for
    /// every option of `v`): they are visited by their bits, lowest first,
    /// and moved down in place at the end.
    #[inline(always)]
    fn sweep_dominated(&mut self, v: &mut Vec<GameId>, left: bool, keep: &mut [u64]) {
        for i in 0..v.len() {
            if !self.survives(v, left, i, keep) {
                continue;
            }
            for (w, word) in keep.iter_mut().enumerate() {
                let mut rest = *word;
                while rest != 0 {
                    let j = w * 64 + rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    if self.dominates(v, left, i, j) {
                        *word &= !(1 << (j % 64));
                    }
                }
            }
            keep[i / 64] |= 1 << (i % 64);
        }
        let mut kept = 0;
        for (w, &word) in keep.iter().enumerate() {
            let mut rest = word;
            while rest != 0 {
                v[kept] = v[w * 64 + rest.trailing_zeros() as usize];
                rest &= rest - 1;
                kept += 1;
            }
        }
        v.truncate(kept);
    }

    /// Whether no survivor so far (the bits of `keep`, all below `i`)
    /// dominates option `i` of `v`: the survivors are asked lowest first.
    #[inline]
    fn survives(&mut self, v: &[GameId], left: bool, i: usize, keep: &[u64]) -> bool {
        for (w, &word) in keep.iter().enumerate() {
            let mut rest = word;
            while rest != 0 {
                let j = w * 64 + rest.trailing_zeros() as usize;
                rest &= rest - 1;
                if self.dominates(v, left, j, i) {
                    return false;
                }
            }
        }
        true
    }

    /// Whether option `by` of `v` dominates option `x` of `v`: for Left
    /// `v[x] <= v[by]`, for Right `v[x] >= v[by]`.
    #[inline]
    fn dominates(&mut self, v: &[GameId], left: bool, by: usize, x: usize) -> bool {
        if left {
            self.le(v[x], v[by])
        } else {
            self.le(v[by], v[x])
        }
    }
}

/// `a <= b` when the stops of `a` (`la`, `ra`) and of `b` (`lb`, `rb`)
/// decide it, `None` when they do not. Stops are monotone, so `a <= b`
/// needs `L(a) <= L(b)` and `R(a) <= R(b)`; and `R(b - a) >= R(b) - L(a)`,
/// so `L(a) < R(b)` makes the right stop of `b - a` positive, which forces
/// `a < b`. Stops come as [`Dyadic`]s or as their fixed-point keys.
#[inline]
fn by_stops<T: PartialOrd>(la: &T, ra: &T, lb: &T, rb: &T) -> Option<bool> {
    if la > lb || ra > rb {
        Some(false)
    } else if la < rb {
        Some(true)
    } else {
        None
    }
}

/// Building games, looking at them, and comparing them.
impl GameStore {
    /// An empty store holding only 0. O(1).
    #[must_use]
    pub fn new() -> GameStore {
        let mut s = GameStore {
            nodes: Vec::new(),
            options: Vec::new(),
            heads: Vec::new(),
            arena: Vec::new(),
            general: FxHashMap::default(),
            scratch: (Vec::new(), Vec::new()),
            pass: (Vec::new(), Vec::new()),
            lists: Vec::new(),
            raw_memo: RawMemo::default(),
            inline: FxHashMap::default(),
            small: [NONE; 2 * SMALL as usize + 1],
            le_memo: PairFlags::default(),
            add_memo: PairMemo::default(),
            derived: Derived::default(),
        };
        let z = s.nus(Nus::ZERO);
        debug_assert_eq!(z, GameId::ZERO);
        s
    }

    /// How many canonical forms the store holds. O(1).
    #[must_use]
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the store is empty (never true: 0 is always there). O(1).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The integer `n`. O(1) (inline; options are built lazily).
    pub fn integer(&mut self, n: i64) -> GameId {
        self.dyadic(Dyadic::integer(n))
    }

    /// The number `x`. O(1) (inline).
    pub fn dyadic(&mut self, x: Dyadic) -> GameId {
        self.nus(Nus::new(x, 0, 0))
    }

    /// The nimber `*n`. O(1) (inline).
    pub fn nimber(&mut self, n: u64) -> GameId {
        self.nus(Nus::new(Dyadic::ZERO, 0, n))
    }

    /// `n·↑` (`n < 0` gives downs). O(1) (inline).
    pub fn up_multiple(&mut self, n: i64) -> GameId {
        self.nus(Nus::new(Dyadic::ZERO, n, 0))
    }

    /// The value `x + n·↑ + *m` given by its parts. O(1) (options are built lazily).
    pub fn nus(&mut self, v: Nus) -> GameId {
        let small = small_index(&v);
        if let Some(k) = small
            && self.small[k] != NONE
        {
            return GameId(self.small[k]);
        }
        if let Some(&id) = self.inline.get(&v) {
            return id;
        }
        let opts = if v == Nus::ZERO {
            Opts {
                start: 0,
                nl: 0,
                nr: 0,
            }
        } else {
            Opts::UNBUILT
        };
        let node = Node {
            nus: Some(v.clone()),
            stops: (v.number.clone(), v.number.clone()),
            chain: NONE,
        };
        let id = self.push(node, opts);
        self.inline.insert(v, id);
        if let Some(k) = small {
            self.small[k] = id.0;
        }
        id
    }

    /// The canonical form of `{left | right}` (options in any order, repeats
    /// allowed).
    ///
    /// Fast paths: only numbers as options (the simplest number, `x*`, or a
    /// switch `{a | b}`), and nimbers with equal option sets (`*mex`).
    /// Otherwise dominated options are removed and reversible ones bypassed
    /// until neither applies; the result is recognised as an inline value
    /// `x + n·↑ + *m` when it is one. Each pass costs O((|L| + |R|)^2)
    /// comparisons, themselves memoised.
    pub fn game(&mut self, left: &[GameId], right: &[GameId]) -> GameId {
        self.op().game(left, right)
    }

    /// The inline parts of `id` when it is `x + n·↑ + *m`. O(1).
    #[must_use]
    pub fn as_nus(&self, id: GameId) -> Option<&Nus> {
        self.nodes[id.0 as usize].nus.as_ref()
    }

    /// The number `id` equals, if it is one. O(1).
    #[must_use]
    pub fn as_number(&self, id: GameId) -> Option<&Dyadic> {
        self.as_nus(id).filter(|v| v.is_number()).map(|v| &v.number)
    }

    /// The nimber `id` equals, if it is one (`*0` for 0). O(1).
    #[must_use]
    pub fn as_nimber(&self, id: GameId) -> Option<u64> {
        self.as_nus(id).filter(|v| v.is_nimber()).map(|v| v.nimber)
    }

    /// Whether `id` may be expanded into its options by the operations that
    /// walk them (listing options and incentives, heating, cooling, sums with
    /// general games): refused for an inline `*n` beyond
    /// [`NIMBER_COMBINE_LIMIT`](NIMBER_COMBINE_LIMIT) (it has
    /// `n` options of each side) or `n·↑` beyond
    /// [`UP_COMBINE_LIMIT`](UP_COMBINE_LIMIT) (its chain of
    /// options is `n` deep), which the parser already refuses to combine with
    /// general games. O(1).
    ///
    /// ```
    /// use sprague::GameStore;
    /// let mut s = GameStore::new();
    /// let g = s.parse("*18446744073709551615").unwrap();
    /// assert!(s.check_expandable(g).is_err());
    /// let h = s.parse("*256 + ^4096").unwrap();
    /// assert!(s.check_expandable(h).is_ok());
    /// ```
    ///
    /// # Errors
    /// [`TooLargeToExpand`] naming the value and the limits.
    pub fn check_expandable(&self, id: GameId) -> Result<(), TooLargeToExpand> {
        match self.as_nus(id) {
            Some(v) if v.nimber > NIMBER_COMBINE_LIMIT || v.ups.unsigned_abs() > UP_COMBINE_LIMIT => {
                Err(TooLargeToExpand {
                    value: super::nus::format_nus(v),
                })
            }
            _ => Ok(()),
        }
    }

    /// Both option lists of `id`, each in id order. O(|L| + |R|); inline
    /// values build theirs on first use (`*n` has `n` of each: see
    /// [`check_expandable`](GameStore::check_expandable) before asking for
    /// those of a value from the input).
    pub fn options(&mut self, id: GameId) -> (Vec<GameId>, Vec<GameId>) {
        (self.left_options(id), self.right_options(id))
    }

    /// The left and right stops: where play ends when Left (resp. Right)
    /// starts and both play to reach a number. O(1): stored with every form.
    ///
    /// ```
    /// use sprague::{Dyadic, GameStore};
    /// let mut s = GameStore::new();
    /// let g = s.parse("{3||2*|1*}").unwrap();
    /// assert_eq!(s.stops(g), (Dyadic::integer(3), Dyadic::integer(2)));
    /// ```
    #[must_use]
    pub fn stops(&self, g: GameId) -> (Dyadic, Dyadic) {
        let (l, r) = self.stops_ref(g);
        (l.clone(), r.clone())
    }

    /// `a <= b`: Left wins `b - a` moving second (Right has no winning first
    /// move in `b - a`). O(1) for inline values and pairs the stops decide;
    /// otherwise the recursive definition with number avoidance, memoised on
    /// the id pair: at most O(|subgames(a)| · |subgames(b)|) comparisons.
    pub fn le(&mut self, a: GameId, b: GameId) -> bool {
        self.op().le(a, b)
    }
}

/// Interning, lazy options of inline values, and helpers of the upper layers.
impl GameStore {
    /// An operation on this store that never stops (no monitor).
    pub(crate) fn op(&mut self) -> Op<'_, 'static> {
        Op::new(self, None)
    }

    fn push(&mut self, node: Node, opts: Opts) -> GameId {
        // Fewer than 2^31 forms: the `≤` memo packs an id pair and its
        // answer into one word (2^31 forms would take hundreds of GB).
        let id = GameId(u32::try_from(self.nodes.len()).unwrap_or(u32::MAX));
        assert!(id.0 < 1 << 31, "game store full: more than 2^31 canonical forms");
        self.heads.push(Head::of(&node));
        self.options.push(opts);
        self.nodes.push(node);
        id
    }

    /// Whether `id` is a number.
    #[must_use]
    pub(crate) fn is_number(&self, id: GameId) -> bool {
        self.heads[id.0 as usize].kind & NUMBER != 0
    }

    /// Whether `id` is an inline value (`as_nus` is `Some`), from its head.
    #[inline]
    fn is_inline(&self, id: GameId) -> bool {
        self.heads[id.0 as usize].kind & INLINE != 0
    }

    /// Whether `id` is a nimber (0 included).
    fn is_nimber(&self, id: GameId) -> bool {
        self.heads[id.0 as usize].kind & NIMBER != 0
    }

    /// `a <= b` when the stops decide it (see `by_stops`), from the heads
    /// when both have keys.
    #[inline]
    fn le_by_stops(&self, a: GameId, b: GameId) -> Option<bool> {
        let (ha, hb) = (self.heads[a.0 as usize], self.heads[b.0 as usize]);
        if ha.left != NO_KEY && hb.left != NO_KEY {
            by_stops(&ha.left, &ha.right, &hb.left, &hb.right)
        } else {
            let (la, ra) = self.stops_ref(a);
            let (lb, rb) = self.stops_ref(b);
            by_stops(la, ra, lb, rb)
        }
    }

    #[inline]
    pub(super) fn opts(&mut self, id: GameId) -> Opts {
        let o = self.options[id.0 as usize];
        if o.is_built() {
            return o;
        }
        self.build_opts(id)
    }

    /// The options of the inline value `id`, built and kept on its first
    /// [`opts`](Self::opts): out of line, so that the common case inlines.
    #[cold]
    #[inline(never)]
    fn build_opts(&mut self, id: GameId) -> Opts {
        let v = self.nodes[id.0 as usize].nus.clone().unwrap_or_default();
        let (l, r) = self.nus_options(&v);
        let o = self.store_opts(&l, &r);
        self.options[id.0 as usize] = o;
        o
    }

    fn store_opts(&mut self, l: &[GameId], r: &[GameId]) -> Opts {
        let start = u32::try_from(self.arena.len()).unwrap_or(u32::MAX);
        self.arena.extend_from_slice(l);
        self.arena.extend_from_slice(r);
        Opts {
            start,
            nl: l.len() as u32,
            nr: r.len() as u32,
        }
    }

    /// The canonical options of the inline value `x + n·↑ + *m`.
    ///
    /// Numbers: `k = {k-1 | }`, `-k = { | -k+1}`, `m/2^j = {(m-1)/2^j | (m+1)/2^j}`;
    /// `x + *m = {x + *j | x + *j : j < m}`; for `n >= 1`,
    /// `x + n·↑ + *m = {x, (x + * when n = 1, m = 1) | x + (n-1)·↑ + *(m ⊕ 1)}`
    /// and negatives mirror it (Winning Ways ch. 3; Lessons in Play ch. 5).
    /// The tests check these against the definition-level construction.
    fn nus_options(&mut self, v: &Nus) -> (Vec<GameId>, Vec<GameId>) {
        if v.ups < 0 {
            let (l, r) = self.nus_options(&v.neg());
            // The options of an inline value are inline values: negate their parts.
            let mut neg = |g: GameId| {
                let v = self.as_nus(g).map(Nus::neg).unwrap_or_default();
                self.nus(v)
            };
            let nl = r.into_iter().map(&mut neg).collect();
            let nr = l.into_iter().map(&mut neg).collect();
            return (nl, nr);
        }
        let x = &v.number;
        if v.ups == 0 && v.nimber == 0 {
            if x.is_zero() {
                return (vec![], vec![]);
            }
            if x.is_integer() {
                return if x.signum() > 0 {
                    (vec![self.dyadic(x.sub(&Dyadic::ONE))], vec![])
                } else {
                    (vec![], vec![self.dyadic(x.add(&Dyadic::ONE))])
                };
            }
            let ulp = Dyadic::new(1, x.exponent());
            let l = self.dyadic(x.sub(&ulp));
            let r = self.dyadic(x.add(&ulp));
            return (vec![l], vec![r]);
        }
        if v.ups == 0 {
            let opts: Vec<GameId> = (0..v.nimber)
                .map(|j| self.nus(Nus::new(x.clone(), 0, j)))
                .collect();
            return (opts.clone(), opts);
        }
        let mut l = vec![self.dyadic(x.clone())];
        if v.ups == 1 && v.nimber == 1 {
            l.push(self.nus(Nus::new(x.clone(), 0, 1)));
        }
        let r = vec![self.nus(Nus::new(x.clone(), v.ups - 1, v.nimber ^ 1))];
        l.sort_unstable();
        (l, r)
    }

    pub(super) fn left_at(&self, o: Opts, i: u32) -> GameId {
        self.arena[(o.start + i) as usize]
    }

    pub(super) fn right_at(&self, o: Opts, i: u32) -> GameId {
        self.arena[(o.start + o.nl + i) as usize]
    }

    /// Left's options of the canonical form of `id`, in id order. Inline
    /// values build theirs on first use (`*n` has `n` of them).
    pub(super) fn left_options(&mut self, id: GameId) -> Vec<GameId> {
        let o = self.opts(id);
        self.arena[o.start as usize..(o.start + o.nl) as usize].to_vec()
    }

    /// Right's options of the canonical form of `id`, in id order.
    pub(super) fn right_options(&mut self, id: GameId) -> Vec<GameId> {
        let o = self.opts(id);
        self.arena[(o.start + o.nl) as usize..(o.start + o.nl + o.nr) as usize].to_vec()
    }

    /// The left and right stops of `g`, stored with every form. O(1).
    #[must_use]
    pub(super) fn stops_ref(&self, g: GameId) -> (&Dyadic, &Dyadic) {
        let s = &self.nodes[g.0 as usize].stops;
        (&s.0, &s.1)
    }

    /// Stops of `{l | r}` from its options' stops: the left stop is the
    /// largest right stop of a Left option, the right stop the smallest left
    /// stop of a Right option. Only for forms that are not numbers.
    fn stops_from_options(&self, l: &[GameId], r: &[GameId]) -> (Dyadic, Dyadic) {
        let ls = l
            .iter()
            .map(|&x| self.stops_ref(x).1)
            .max()
            .cloned()
            .unwrap_or_default();
        let rs = r
            .iter()
            .map(|&x| self.stops_ref(x).0)
            .min()
            .cloned()
            .unwrap_or_default();
        (ls, rs)
    }

    /// Interns a canonical option pair that is not an inline value. No
    /// allocation when the form is already known.
    pub(super) fn intern(&mut self, l: &[GameId], r: &[GameId]) -> GameId {
        let h = options_hash(l, r);
        let head = self.general.get(&h).copied().unwrap_or(NONE);
        if let Some(id) = self.interned_in_chain(head, l, r) {
            return id;
        }
        let opts = self.store_opts(l, r);
        let stops = self.stops_from_options(l, r);
        let node = Node {
            nus: None,
            stops,
            chain: head,
        };
        let new = self.push(node, opts);
        self.general.insert(h, new.0);
        new
    }

    /// The general form of the hash chain starting at `head` whose option
    /// lists are `l` and `r`, if there is one.
    fn interned_in_chain(&self, head: u32, l: &[GameId], r: &[GameId]) -> Option<GameId> {
        let mut id = head;
        while id != NONE {
            // A chain holds general forms only, whose options are built
            // when they are interned.
            let o = self.options[id as usize];
            debug_assert!(o.is_built());
            let start = o.start as usize;
            let mid = start + o.nl as usize;
            let end = mid + o.nr as usize;
            if self.arena[start..mid] == *l && self.arena[mid..end] == *r {
                return Some(GameId(id));
            }
            id = self.nodes[id as usize].chain;
        }
        None
    }

    /// The game `{left | right}` (options in any order, repeats allowed)
    /// when it is known without comparing options: the fast paths of
    /// [`game`](Self::game) (only numbers; nimbers with equal sets), or
    /// option lists that are already the canonical options of an inline
    /// value `x + n·↑ + *m` or of an interned general form (then the form
    /// is that value's canonical form itself). `None` otherwise
    /// ([`game`](Self::game) then decides). O(|L| + |R|) plus a sort and,
    /// for an inline candidate, the building of its options.
    ///
    /// This spares the O(k²) dominance tests (and more for
    /// reversibility) that [`game`](Self::game) spends on, say, the
    /// options `*0, …, *(k−1)` of `x + *k` with `x ≠ 0`, which add up to
    /// O(k⁴) over the positions of such a value.
    pub(crate) fn known_game(&mut self, left: &[GameId], right: &[GameId]) -> Option<GameId> {
        let mut l = left.to_vec();
        let mut r = right.to_vec();
        l.sort_unstable();
        l.dedup();
        r.sort_unstable();
        r.dedup();
        if let Some(id) = self.fast_game(&l, &r) {
            return Some(id);
        }
        if let Some(v) = self.recognise_nus(&l, &r) {
            return Some(self.nus(v));
        }
        let head = self.general.get(&options_hash(&l, &r)).copied().unwrap_or(NONE);
        self.interned_in_chain(head, &l, &r)
    }

    fn fast_game(&mut self, l: &[GameId], r: &[GameId]) -> Option<GameId> {
        if l.is_empty() && r.is_empty() {
            return Some(GameId::ZERO);
        }
        // Only numbers.
        if l.iter().chain(r).all(|&g| self.is_number(g)) {
            if let Some(id) = self.numbers_by_keys(l, r) {
                return Some(id);
            }
            let max_l = l.iter().filter_map(|&g| self.as_number(g)).max().cloned();
            let min_r = r.iter().filter_map(|&g| self.as_number(g)).min().cloned();
            return Some(match (&max_l, &min_r) {
                (Some(a), Some(b)) if a == b => self.nus(Nus::new(a.clone(), 0, 1)),
                (Some(a), Some(b)) if a > b => {
                    let (ga, gb) = (self.dyadic(a.clone()), self.dyadic(b.clone()));
                    self.intern(&[ga], &[gb])
                }
                _ => {
                    let x = Dyadic::simplest_between(max_l.as_ref(), min_r.as_ref()).unwrap_or_default();
                    self.dyadic(x)
                }
            });
        }
        // Nimbers on both sides with the same sets: *mex.
        if l == r && l.iter().all(|&g| self.is_nimber(g)) {
            let mut ns: Vec<u64> = l.iter().filter_map(|&g| self.as_nimber(g)).collect();
            let mex = crate::nimber::mex_in_place(&mut ns);
            return Some(self.nimber(mex.get()));
        }
        None
    }

    /// [`fast_game`](Self::fast_game) for options that are all numbers,
    /// read from the heads' stop keys (a number's stops are itself, times
    /// 2^32): the largest Left option `a` and the smallest Right option
    /// `b` give `a*` when equal, the switch `{a | b}` when `a > b`, and
    /// else the simplest number between them
    /// ([`Dyadic::simplest_between`], whose fixed-point path these keys
    /// take). `None` when a key is missing; the caller then takes the same
    /// steps on the values themselves. O(options).
    fn numbers_by_keys(&mut self, l: &[GameId], r: &[GameId]) -> Option<GameId> {
        let key = |g: GameId| Some(self.heads[g.0 as usize].left).filter(|&k| k != NO_KEY);
        let mut best_l: Option<(i64, GameId)> = None;
        for &g in l {
            let k = key(g)?;
            if best_l.is_none_or(|(m, _)| k > m) {
                best_l = Some((k, g));
            }
        }
        let mut best_r: Option<(i64, GameId)> = None;
        for &g in r {
            let k = key(g)?;
            if best_r.is_none_or(|(m, _)| k < m) {
                best_r = Some((k, g));
            }
        }
        match (best_l, best_r) {
            (Some((a, _)), Some((b, _))) if a == b => Some(self.nus(Nus::new(Dyadic::new(a, 32), 0, 1))),
            (Some((a, ga)), Some((b, gb))) if a > b => Some(self.intern(&[ga], &[gb])),
            (lo, hi) => {
                let bound = |b: Option<(i64, GameId)>| b.map(|(k, _)| Dyadic::new(k, 32));
                let x = Dyadic::simplest_between(bound(lo).as_ref(), bound(hi).as_ref())?;
                Some(self.dyadic(x))
            }
        }
    }

    /// Recognises canonical options that form an inline value `x + n·↑ + *m`
    /// (not a number: numbers are caught by the fast path).
    fn recognise_nus(&mut self, l: &[GameId], r: &[GameId]) -> Option<Nus> {
        if !l.iter().chain(r).all(|&g| self.as_nus(g).is_some()) {
            return None;
        }
        let first = l.first().or(r.first())?;
        let x = self.as_nus(*first)?.number.clone();
        if !l
            .iter()
            .chain(r)
            .all(|&g| self.as_nus(g).is_some_and(|v| v.number == x))
        {
            return None;
        }
        let mut candidates = Vec::new();
        if l.len() == r.len() {
            candidates.push(Nus::new(x.clone(), 0, l.len() as u64));
        }
        if let [g] = r
            && let Some(v) = self.as_nus(*g)
            && v.ups >= 0
        {
            candidates.push(Nus::new(x.clone(), v.ups + 1, v.nimber ^ 1));
        }
        if let [g] = l
            && let Some(v) = self.as_nus(*g)
            && v.ups <= 0
        {
            candidates.push(Nus::new(x.clone(), v.ups - 1, v.nimber ^ 1));
        }
        for c in candidates {
            let (mut cl, mut cr) = self.nus_options(&c);
            cl.sort_unstable();
            cr.sort_unstable();
            if cl == l && cr == r {
                return Some(c);
            }
        }
        None
    }

    /// The negative of `g` if it was computed already. O(1).
    pub(super) fn cached_neg(&self, g: GameId) -> Option<GameId> {
        let n = self.heads[g.0 as usize].neg;
        (n != NO_NEG).then_some(GameId(n))
    }

    /// Remembers that `n` is the negative of `g` (and `g` that of `n`).
    pub(super) fn cache_neg(&mut self, g: GameId, n: GameId) {
        self.heads[g.0 as usize].neg = n.0;
        self.heads[n.0 as usize].neg = g.0;
    }
}

/// A value too large to expand into its options (see
/// [`GameStore::check_expandable`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TooLargeToExpand {
    /// The value, as displayed.
    pub value: String,
}

impl core::fmt::Display for TooLargeToExpand {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "{} is too large to expand into its options (limits: *{}, ^{})",
            self.value, NIMBER_COMBINE_LIMIT, UP_COMBINE_LIMIT
        )
    }
}

impl std::error::Error for TooLargeToExpand {}

#[cfg(test)]
mod tests {
    use super::*;

    /// `remove_dominated` against the definition: Left keeps the options
    /// at most no other option, Right those at least no other, on random
    /// sorted lists of 0 to 100 distinct canonical forms (so the paths for
    /// two options, for one word of survivors and for several words all
    /// run), in the order given.
    #[test]
    fn remove_dominated_keeps_the_undominated_options() {
        let mut store = GameStore::new();
        let mut rng = crate::test_rng::XorShift::new(0x0d0e_1a7e_d0f1_5eed);
        let mut pool: Vec<GameId> = (-3..=3).map(|n| store.integer(n)).collect();
        pool.extend((1..4).map(|n| store.nimber(n)));
        while pool.len() < 160 {
            let side = |rng: &mut crate::test_rng::XorShift| -> Vec<GameId> {
                let n = (rng.next_u64() % 3) as usize;
                (0..n)
                    .map(|_| pool[(rng.next_u64() % pool.len() as u64) as usize])
                    .collect()
            };
            let (l, r) = (side(&mut rng), side(&mut rng));
            let g = store.game(&l, &r);
            if !pool.contains(&g) {
                pool.push(g);
            }
        }
        let mut sizes = [0usize; 3];
        for round in 0..3_000 {
            let n = match round % 3 {
                0 => (rng.next_u64() % 3) as usize,
                1 => (rng.next_u64() % 20) as usize,
                _ => 60 + (rng.next_u64() % 41) as usize,
            };
            let mut v: Vec<GameId> = (0..n)
                .map(|_| pool[(rng.next_u64() % pool.len() as u64) as usize])
                .collect();
            v.sort_unstable();
            v.dedup();
            sizes[usize::from(v.len() > 2) + usize::from(v.len() > 64)] += 1;
            for left in [true, false] {
                let expected: Vec<GameId> = v
                    .iter()
                    .copied()
                    .filter(|&x| {
                        !v.iter()
                            .any(|&y| y != x && if left { store.le(x, y) } else { store.le(y, x) })
                    })
                    .collect();
                let mut got = v.clone();
                Op::new(&mut store, None).remove_dominated(&mut got, left);
                assert_eq!(got, expected, "{v:?}, left {left}");
            }
        }
        assert!(sizes.iter().all(|&k| k > 100), "{sizes:?}");
    }

    /// Sorted lists without repeats of 0 to 6 ids from a small range, so
    /// that lists recur and both kinds of entry (inline and in the arena)
    /// are stored, looked up and discarded, against a map.
    #[test]
    fn raw_memo_agrees_with_a_hash_map() {
        let mut rng = crate::test_rng::XorShift::new(0x5eed_0f0b_710a_5701);
        let list = |rng: &mut crate::test_rng::XorShift| {
            let n = (rng.next_u64() % 7) as usize;
            let mut v: Vec<GameId> = (0..n)
                .map(|_| GameId::from_index((rng.next_u64() % 9) as u32))
                .collect();
            v.sort_unstable();
            v.dedup();
            v
        };
        let mut memo = RawMemo::default();
        let mut plain = std::collections::HashMap::new();
        let (mut inline, mut in_arena) = (0, 0);
        for n in 0..20_000u32 {
            let (l, r) = (list(&mut rng), list(&mut rng));
            let h = options_hash(&l, &r);
            let got = memo.get(h, &l, &r);
            assert_eq!(got, plain.get(&(l.clone(), r.clone())).copied(), "{l:?} | {r:?}");
            if got.is_none() {
                let key = memo.stage(&l, &r);
                if n % 5 == 0 {
                    memo.discard(key);
                    continue;
                }
                let id = GameId::from_index(n);
                memo.commit(h, key, id);
                plain.insert((l.clone(), r.clone()), id);
                if l.len() + r.len() <= INLINE_IDS {
                    inline += 1;
                } else {
                    in_arena += 1;
                }
            }
        }
        assert!(
            inline > 100 && in_arena > 100,
            "{inline} inline, {in_arena} in the arena"
        );
        assert_eq!(memo.entries.len(), plain.len());
    }
}
