//! The interned store of canonical forms: [`GameId`] and [`GameStore`].

use super::dyadic::Dyadic;
use super::fxhash::FxMap;
use super::nus::Nus;
use crate::{Monitor, Outcome};
use core::cmp::Ordering;

/// A canonical short partizan game: an index into one [`GameStore`].
///
/// Every canonical form is interned once, so two ids of the same store are
/// equal exactly when the games are equal in value; ids key every memo table.
/// Ids from different stores must not be mixed.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct GameId(u32);

impl GameId {
    /// The id of 0 in every store.
    pub const ZERO: GameId = GameId(0);

    /// The index of this game in its store.
    #[must_use]
    pub const fn index(self) -> u32 {
        self.0
    }
}

const NO_NEG: u32 = u32::MAX;

/// Options of a node: `arena[start..start+nl]` are Left's, the next `nr` Right's.
#[derive(Clone, Copy, Debug)]
pub(super) struct Opts {
    start: u32,
    pub(super) nl: u32,
    pub(super) nr: u32,
}

#[derive(Clone, Debug)]
struct Node {
    /// The inline value when the game is `x + n·↑ + *m`.
    nus: Option<Nus>,
    /// Canonical options; built on first use for inline values.
    opts: Option<Opts>,
    /// Cached negative (`NO_NEG` until computed).
    neg: u32,
    /// Left and right stops (for inline values, the number part twice).
    stops: (Dyadic, Dyadic),
    /// The previous general form whose options hash the same (`NONE`).
    chain: u32,
}

const NONE: u32 = u32::MAX;

fn options_hash(l: &[GameId], r: &[GameId]) -> u64 {
    use core::hash::Hasher;
    let mut h = super::fxhash::FxHasher::default();
    h.write_usize(l.len());
    for x in l {
        h.write_u32(x.0);
    }
    h.write_u32(u32::MAX);
    for x in r {
        h.write_u32(x.0);
    }
    h.finish()
}

/// The interned store of canonical short partizan games.
///
/// Construction ([`GameStore::game`]) bypasses reversible options and removes
/// dominated ones, so every id denotes a canonical form and equality of values
/// is equality of ids. Values `x + n·↑ + *m` ([`Nus`]) carry their parts
/// inline: their sums, negatives and comparisons are O(1) and their options
/// are only built when asked for. `≤` and `+` are memoised on id pairs.
///
/// ```
/// use sprague::{GameStore, Outcome};
/// let mut s = GameStore::new();
/// let zero = s.zero();
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
    arena: Vec<GameId>,
    /// Hash of a general form's option lists → the newest id with that hash;
    /// older ids with the same hash are chained through `Node::chain`.
    general: FxMap<u64, u32>,
    /// Scratch option lists reused by `game` (it is not re-entered).
    scratch: (Vec<GameId>, Vec<GameId>),
    inline: FxMap<Nus, GameId>,
    le_memo: FxMap<u64, bool>,
    add_memo: FxMap<u64, GameId>,
    /// Memo tables of the derived operations (stops, thermographs, …).
    pub(super) memo: super::ops::OpMemo,
    /// Where long computations report and learn that they should stop.
    monitor: Option<&'static Monitor>,
    /// Sums, comparisons and constructions since the last report to the monitor.
    pending: u32,
    /// Set once the monitor asked to stop: from then on every operation
    /// answers at once with a meaningless value and nothing is stored, until
    /// [`GameStore::resume`].
    halted: bool,
}

/// Sums, comparisons and constructions between two reports to a watching [`Monitor`].
const REPORT_EVERY: u32 = 4096;

impl Default for GameStore {
    fn default() -> Self {
        Self::new()
    }
}

fn pair(a: GameId, b: GameId) -> u64 {
    (u64::from(a.0) << 32) | u64::from(b.0)
}

impl GameStore {
    /// An empty store holding only 0.
    #[must_use]
    pub fn new() -> GameStore {
        let mut s = GameStore {
            nodes: Vec::new(),
            arena: Vec::new(),
            general: FxMap::default(),
            scratch: (Vec::new(), Vec::new()),
            inline: FxMap::default(),
            le_memo: FxMap::default(),
            add_memo: FxMap::default(),
            memo: super::ops::OpMemo::default(),
            monitor: None,
            pending: 0,
            halted: false,
        };
        let z = s.nus(Nus::ZERO);
        debug_assert_eq!(z, GameId::ZERO);
        s
    }

    /// Lets `monitor` watch long computations: every 4096 sums, comparisons
    /// and constructions of general forms are added to its count, and
    /// when it asks to stop, the operation under way gives up: it returns a
    /// meaningless game (or `false`) at once, stores nothing it computed from
    /// then on, and [`GameStore::interrupted`] is true until
    /// [`GameStore::resume`]. Everything stored before the stop remains
    /// correct, so the store can go on being used.
    ///
    /// ```
    /// use sprague::{GameStore, Monitor};
    /// static MONITOR: Monitor = Monitor::new();
    /// let mut s = GameStore::new();
    /// s.watch(&MONITOR);
    /// MONITOR.stop();
    /// let g = s.parse("{5|{4|{3|{2|{1|0}}}}}").unwrap();
    /// let many = s.sum(&[g; 12]);
    /// assert!(s.interrupted()); // `many` means nothing
    /// # let _ = many;
    /// MONITOR.reset();
    /// s.resume();
    /// let three = s.sum(&[g; 3]);
    /// let mut fresh = GameStore::new();
    /// let h = fresh.parse("{5|{4|{3|{2|{1|0}}}}}").unwrap();
    /// let expected = fresh.sum(&[h; 3]);
    /// assert_eq!(s.display(three), fresh.display(expected));
    /// ```
    pub fn watch(&mut self, monitor: &'static Monitor) {
        self.monitor = Some(monitor);
    }

    /// Whether a stop asked by the watching monitor cut short an operation
    /// since the last [`GameStore::resume`]: its result must be thrown away.
    #[must_use]
    pub const fn interrupted(&self) -> bool {
        self.halted
    }

    /// Clears [`GameStore::interrupted`] after a stop (reset the monitor's
    /// stop flag first, or the next operation stops again).
    pub fn resume(&mut self) {
        self.halted = false;
        self.pending = 0;
    }

    /// Counts one sum, comparison or construction; every [`REPORT_EVERY`] it
    /// reports to the monitor and halts the store if asked to stop.
    #[inline]
    fn tick(&mut self) {
        self.pending += 1;
        if self.pending >= REPORT_EVERY {
            self.report();
        }
    }

    #[cold]
    fn report(&mut self) {
        if let Some(m) = self.monitor {
            m.add(u64::from(self.pending));
            if m.stop_requested() {
                self.halted = true;
            }
        }
        self.pending = 0;
    }

    /// How many canonical forms the store holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Sizes of the store's tables: (canonical forms, option slots, memoised
    /// comparisons, memoised sums).
    #[must_use]
    pub fn table_sizes(&self) -> (usize, usize, usize, usize) {
        (
            self.nodes.len(),
            self.arena.len(),
            self.le_memo.len(),
            self.add_memo.len(),
        )
    }

    /// Whether the store holds only 0 (never true: 0 is always there).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The game 0 = { | }.
    #[must_use]
    pub const fn zero(&self) -> GameId {
        GameId::ZERO
    }

    /// The integer `n`.
    pub fn integer(&mut self, n: i64) -> GameId {
        self.dyadic(Dyadic::integer(n))
    }

    /// The number `x`.
    pub fn dyadic(&mut self, x: Dyadic) -> GameId {
        self.nus(Nus::new(x, 0, 0))
    }

    /// The nimber `*n`.
    pub fn nimber(&mut self, n: u64) -> GameId {
        self.nus(Nus::new(Dyadic::ZERO, 0, n))
    }

    /// `n·↑` (`n < 0` gives downs).
    pub fn up_multiple(&mut self, n: i64) -> GameId {
        self.nus(Nus::new(Dyadic::ZERO, n, 0))
    }

    /// The value `x + n·↑ + *m` given by its parts. O(1) (options are built lazily).
    pub fn nus(&mut self, v: Nus) -> GameId {
        if let Some(&id) = self.inline.get(&v) {
            return id;
        }
        let id = self.push(Node {
            nus: Some(v.clone()),
            opts: if v == Nus::ZERO {
                Some(Opts {
                    start: 0,
                    nl: 0,
                    nr: 0,
                })
            } else {
                None
            },
            neg: NO_NEG,
            stops: (v.number.clone(), v.number.clone()),
            chain: NONE,
        });
        self.inline.insert(v, id);
        id
    }

    fn push(&mut self, node: Node) -> GameId {
        let id = GameId(u32::try_from(self.nodes.len()).unwrap_or(u32::MAX - 1));
        assert!(
            id.0 < u32::MAX - 1,
            "game store full: more than 2^32 - 2 canonical forms"
        );
        self.nodes.push(node);
        id
    }

    /// The inline parts of `id` when it is `x + n·↑ + *m`.
    #[must_use]
    pub fn as_nus(&self, id: GameId) -> Option<&Nus> {
        self.nodes[id.0 as usize].nus.as_ref()
    }

    /// The number `id` equals, if it is one.
    #[must_use]
    pub fn as_number(&self, id: GameId) -> Option<&Dyadic> {
        self.as_nus(id).filter(|v| v.is_number()).map(|v| &v.number)
    }

    /// Whether `id` is a number.
    #[must_use]
    pub fn is_number(&self, id: GameId) -> bool {
        self.as_nus(id).is_some_and(Nus::is_number)
    }

    /// The nimber `id` equals, if it is one (`*0` for 0).
    #[must_use]
    pub fn as_nimber(&self, id: GameId) -> Option<u64> {
        self.as_nus(id).filter(|v| v.is_nimber()).map(|v| v.nimber)
    }

    // ---------------------------------------------------------------- options

    pub(super) fn opts(&mut self, id: GameId) -> Opts {
        if let Some(o) = self.nodes[id.0 as usize].opts {
            return o;
        }
        let v = self.nodes[id.0 as usize].nus.clone().unwrap_or_default();
        let (l, r) = self.nus_options(&v);
        let o = self.store_opts(&l, &r);
        self.nodes[id.0 as usize].opts = Some(o);
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
            let nl = r.into_iter().map(|g| self.neg(g)).collect();
            let nr = l.into_iter().map(|g| self.neg(g)).collect();
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
    pub fn left_options(&mut self, id: GameId) -> Vec<GameId> {
        let o = self.opts(id);
        self.arena[o.start as usize..(o.start + o.nl) as usize].to_vec()
    }

    /// Right's options of the canonical form of `id`, in id order.
    pub fn right_options(&mut self, id: GameId) -> Vec<GameId> {
        let o = self.opts(id);
        self.arena[(o.start + o.nl) as usize..(o.start + o.nl + o.nr) as usize].to_vec()
    }

    /// Both option lists of `id`.
    pub fn options(&mut self, id: GameId) -> (Vec<GameId>, Vec<GameId>) {
        (self.left_options(id), self.right_options(id))
    }

    // ------------------------------------------------------------ comparison

    /// `a <= b`: Left wins `b - a` moving second (Right has no winning first
    /// move in `b - a`). Inline values compare in O(1); otherwise the
    /// recursive definition with number avoidance (a number's own options are
    /// never walked against a non-number), memoised on the id pair.
    pub fn le(&mut self, a: GameId, b: GameId) -> bool {
        if a == b {
            return true;
        }
        if let (Some(x), Some(y)) = (self.as_nus(a), self.as_nus(b)) {
            return x.le(y);
        }
        // Stops decide many pairs at once: a <= b needs L(a) <= L(b) and
        // R(a) <= R(b); and L(a) < R(b) forces a < b.
        {
            let (la, ra) = self.stops_ref(a);
            let (lb, rb) = self.stops_ref(b);
            if la > lb || ra > rb {
                return false;
            }
            if la < rb {
                return true;
            }
        }
        if self.halted {
            return false;
        }
        self.tick();
        let key = pair(a, b);
        if let Some(&r) = self.le_memo.get(&key) {
            return r;
        }
        let r = self.le_walk(a, b);
        if !self.halted {
            self.le_memo.insert(key, r);
        }
        r
    }

    /// The left and right stops of `g`, stored with every form. O(1).
    #[must_use]
    pub fn stops_ref(&self, g: GameId) -> (&Dyadic, &Dyadic) {
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

    /// `a >= b`.
    pub fn ge(&mut self, a: GameId, b: GameId) -> bool {
        self.le(b, a)
    }

    /// `a < b`.
    pub fn lt(&mut self, a: GameId, b: GameId) -> bool {
        a != b && self.le(a, b)
    }

    /// The order between `a` and `b`; `None` when they are confused (`a || b`).
    pub fn compare(&mut self, a: GameId, b: GameId) -> Option<Ordering> {
        if a == b {
            return Some(Ordering::Equal);
        }
        match (self.le(a, b), self.le(b, a)) {
            (true, _) => Some(Ordering::Less),
            (false, true) => Some(Ordering::Greater),
            (false, false) => None,
        }
    }

    /// The outcome class: `L` if `G > 0`, `R` if `G < 0`, `P` if `G = 0`,
    /// `N` if `G || 0`.
    pub fn outcome(&mut self, g: GameId) -> Outcome {
        match self.compare(g, GameId::ZERO) {
            Some(Ordering::Greater) => Outcome::L,
            Some(Ordering::Less) => Outcome::R,
            Some(Ordering::Equal) => Outcome::P,
            None => Outcome::N,
        }
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

    // ---------------------------------------------------------- construction

    /// The canonical form of `{left | right}` (options in any order, repeats allowed).
    ///
    /// Fast paths: only numbers as options (the simplest number, `x*`, or a
    /// switch `{a | b}`), and nimbers with equal option sets (`*mex`).
    /// Otherwise dominated options are removed and reversible ones bypassed
    /// until neither applies; the result is recognised as an inline value
    /// `x + n·↑ + *m` when it is one. Each pass costs O((|L| + |R|)^2)
    /// comparisons, themselves memoised.
    pub fn game(&mut self, left: &[GameId], right: &[GameId]) -> GameId {
        let (mut l, mut r) = core::mem::take(&mut self.scratch);
        l.clear();
        l.extend_from_slice(left);
        r.clear();
        r.extend_from_slice(right);
        let id = self.game_in(&mut l, &mut r);
        self.scratch = (l, r);
        id
    }

    fn game_in(&mut self, l: &mut Vec<GameId>, r: &mut Vec<GameId>) -> GameId {
        if self.halted {
            return GameId::ZERO;
        }
        self.tick();
        l.sort_unstable();
        l.dedup();
        r.sort_unstable();
        r.dedup();
        if let Some(id) = self.fast_game(l, r) {
            return id;
        }
        self.canonicalize(l, r);
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

    /// Interns a canonical option pair that is not an inline value. No
    /// allocation when the form is already known.
    fn intern(&mut self, l: &[GameId], r: &[GameId]) -> GameId {
        let h = options_hash(l, r);
        let head = self.general.get(&h).copied().unwrap_or(NONE);
        let mut id = head;
        while id != NONE {
            let node = &self.nodes[id as usize];
            if let Some(o) = node.opts {
                let start = o.start as usize;
                let mid = start + o.nl as usize;
                let end = mid + o.nr as usize;
                if self.arena[start..mid] == *l && self.arena[mid..end] == *r {
                    return GameId(id);
                }
            }
            id = node.chain;
        }
        let opts = self.store_opts(l, r);
        let stops = self.stops_from_options(l, r);
        let new = self.push(Node {
            nus: None,
            opts: Some(opts),
            neg: NO_NEG,
            stops,
            chain: head,
        });
        self.general.insert(h, new.0);
        new
    }

    fn fast_game(&mut self, l: &[GameId], r: &[GameId]) -> Option<GameId> {
        if l.is_empty() && r.is_empty() {
            return Some(GameId::ZERO);
        }
        // Only numbers.
        if l.iter().chain(r).all(|&g| self.is_number(g)) {
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
        if l == r && l.iter().all(|&g| self.as_nimber(g).is_some()) {
            let mut ns: Vec<u64> = l.iter().filter_map(|&g| self.as_nimber(g)).collect();
            ns.sort_unstable();
            let mut mex = 0;
            for n in ns {
                if n == mex {
                    mex += 1;
                } else if n > mex {
                    break;
                }
            }
            return Some(self.nimber(mex));
        }
        None
    }

    /// Removes dominated options and bypasses reversible ones until stable.
    fn canonicalize(&mut self, l: &mut Vec<GameId>, r: &mut Vec<GameId>) {
        loop {
            self.remove_dominated(l, true);
            self.remove_dominated(r, false);
            let mut changed = false;
            let mut nl = Vec::with_capacity(l.len());
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
            let mut nr = Vec::with_capacity(r.len());
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
            nl.sort_unstable();
            nl.dedup();
            nr.sort_unstable();
            nr.dedup();
            *l = nl;
            *r = nr;
            if !changed {
                self.remove_dominated(l, true);
                self.remove_dominated(r, false);
                return;
            }
        }
    }

    /// Keeps the options not dominated by another: for Left the maximal ones,
    /// for Right the minimal ones. `v` is sorted and deduplicated.
    fn remove_dominated(&mut self, v: &mut Vec<GameId>, left: bool) {
        if v.len() < 2 {
            return;
        }
        let mut keep = vec![true; v.len()];
        for i in 0..v.len() {
            if !keep[i] {
                continue;
            }
            for j in 0..v.len() {
                if i == j || !keep[j] {
                    continue;
                }
                let dominated = if left {
                    self.le(v[i], v[j])
                } else {
                    self.le(v[j], v[i])
                };
                if dominated {
                    keep[i] = false;
                    break;
                }
            }
        }
        let mut k = 0;
        v.retain(|_| {
            let r = keep[k];
            k += 1;
            r
        });
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

    // ------------------------------------------------------------ arithmetic

    /// The negative `-G = {-G^R | -G^L}`. O(1) for inline values; otherwise
    /// linear in the number of new forms, cached per id.
    pub fn neg(&mut self, g: GameId) -> GameId {
        if let Some(v) = self.as_nus(g) {
            let v = v.neg();
            return self.nus(v);
        }
        let cached = self.nodes[g.0 as usize].neg;
        if cached != NO_NEG {
            return GameId(cached);
        }
        let o = self.opts(g);
        let mut nl = Vec::with_capacity(o.nr as usize);
        for i in 0..o.nr {
            let x = self.right_at(o, i);
            nl.push(self.neg(x));
        }
        let mut nr = Vec::with_capacity(o.nl as usize);
        for i in 0..o.nl {
            let x = self.left_at(o, i);
            nr.push(self.neg(x));
        }
        nl.sort_unstable();
        nr.sort_unstable();
        // The negative of a canonical form is canonical.
        let n = self.intern(&nl, &nr);
        self.nodes[g.0 as usize].neg = n.0;
        self.nodes[n.0 as usize].neg = g.0;
        n
    }

    /// The sum `G + H`. O(1) for two inline values; otherwise the canonical
    /// form of `{G^L + H, G + H^L | G^R + H, G + H^R}` (a number term's own
    /// options are skipped, by number avoidance), memoised on the id pair.
    pub fn add(&mut self, g: GameId, h: GameId) -> GameId {
        if g == GameId::ZERO {
            return h;
        }
        if h == GameId::ZERO {
            return g;
        }
        if let (Some(x), Some(y)) = (self.as_nus(g), self.as_nus(h)) {
            let v = x.add(y);
            return self.nus(v);
        }
        let (a, b) = if g <= h { (g, h) } else { (h, g) };
        if self.halted {
            return GameId::ZERO;
        }
        self.tick();
        let key = pair(a, b);
        if let Some(&r) = self.add_memo.get(&key) {
            return r;
        }
        let mut l = Vec::new();
        let mut r = Vec::new();
        let (a_num, b_num) = (self.is_number(a), self.is_number(b));
        if !a_num {
            let o = self.opts(a);
            for i in 0..o.nl {
                let x = self.left_at(o, i);
                l.push(self.add(x, b));
            }
            for i in 0..o.nr {
                let x = self.right_at(o, i);
                r.push(self.add(x, b));
            }
        }
        if !b_num {
            let o = self.opts(b);
            for i in 0..o.nl {
                let x = self.left_at(o, i);
                l.push(self.add(a, x));
            }
            for i in 0..o.nr {
                let x = self.right_at(o, i);
                r.push(self.add(a, x));
            }
        }
        let s = self.game(&l, &r);
        if !self.halted {
            self.add_memo.insert(key, s);
        }
        s
    }

    /// The difference `G - H`.
    pub fn sub(&mut self, g: GameId, h: GameId) -> GameId {
        let nh = self.neg(h);
        self.add(g, nh)
    }

    /// The sum of many games, added left to right.
    pub fn sum(&mut self, games: &[GameId]) -> GameId {
        games.iter().fold(GameId::ZERO, |acc, &g| self.add(acc, g))
    }

    /// `{0 || 0 | -x}`, written `Tiny(x)` (tiny-x; Winning Ways ch. 5).
    pub fn tiny(&mut self, x: GameId) -> GameId {
        let nx = self.neg(x);
        let inner = self.game(&[GameId::ZERO], &[nx]);
        self.game(&[GameId::ZERO], &[inner])
    }

    /// `{x | 0 || 0}`, written `Miny(x)`: the negative of `Tiny(x)`.
    pub fn miny(&mut self, x: GameId) -> GameId {
        let t = self.tiny(x);
        self.neg(t)
    }

    /// `±G = {G | -G}`.
    pub fn plus_minus(&mut self, g: GameId) -> GameId {
        let ng = self.neg(g);
        self.game(&[g], &[ng])
    }
}
