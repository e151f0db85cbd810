//! Misère canonical forms of short impartial games (Conway, On Numbers and
//! Games, ch. 12; Siegel, Combinatorial Game Theory, ch. V).
//!
//! Two impartial games `G`, `H` are equal in misère play when `G + X` and
//! `H + X` have the same misère outcome for every game `X`. Conway showed
//! that every game has a unique simplest form: an option `G'` may be
//! dropped from `G` when `G'` has an option equal to what is left,
//! `H = G − {G'}`, and `G` and `H` have the same misère outcome. The outcome
//! condition is the misère exception: `{*2}` is not `0` although its option
//! `*2` has the option `0` (`{*2}` is a P-position, `0` an N-position),
//! while `{*1} = *1 + *1 = 0`. Forms are interned in a [`MisereStore`], so
//! equal games have equal [`MisereGame`] handles.
//!
//! Notation (`*[…]`, as CGSuite prints, with commas): `*[3]` is the Nim heap
//! `*3`; `*[2,1]` the game with options `*2` and `*1`; inside, a number is a
//! Nim heap, `(…)` or `[…]` a game with those options, and a trailing `#` the
//! game whose only option is what precedes it (`*[2#]` is `{*2}`).
//!
//! Beyond the forms: Conway's genus ([`MisereStore::genus`]) and tameness
//! ([`MisereStore::is_tame`]); the *mate* `G⁻` ([`MisereStore::mate`]), with
//! `G + G⁻` always a P-position; and the games just outside the tame ones,
//! *restive* ([`MisereStore::is_restive`], with its genus from `G⁺` and `G⁻`
//! alone, [`Genus::restive`], and next to Nim positions,
//! [`Genus::restive_plus_nim`]) and *restless* ([`MisereStore::is_restless`]).

use crate::budget::BudgetExceeded;
use crate::nimber::mex_in_place;
use crate::outcome::Outcome;
use core::fmt;
use rustc_hash::FxHashMap;

/// A misère canonical form: a handle into the [`MisereStore`] that made it.
/// Equal games have equal handles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MisereGame(u32);

impl MisereGame {
    /// The game with no options (`*[0]`): the player to move has won.
    pub const ZERO: MisereGame = MisereGame(0);
}

/// Conway's genus of a game: its normal Grundy value `g` and the misère
/// Grundy values `γ₀ γ₁ γ₂ …` of `G`, `G + *2`, `G + *2 + *2`, …, written
/// `g^γ₀γ₁…` up to where the sequence alternates for good (its last two
/// terms repeat).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Genus {
    /// The normal-play Grundy value.
    pub grundy: u64,
    /// `γ₀ γ₁ …` until the last two terms repeat forever.
    pub sequence: Vec<u64>,
}

impl Genus {
    /// The term `γ_k` (the misère Grundy value of `G` plus `k` copies of `*2`).
    #[must_use]
    pub fn term(&self, k: usize) -> u64 {
        let n = self.sequence.len();
        if k < n || n < 2 {
            return self.sequence.get(k).copied().unwrap_or(0);
        }
        // The last two terms alternate from here on.
        self.sequence[n - 2 + (k - (n - 2)) % 2]
    }

    /// Whether this is the genus of a misère Nim position: `0^120`,
    /// `1^031`, `0^02`, `1^13`, or `a^a(a+2)` (Nim-sum) for `a ≥ 2`
    /// (Winning Ways, ch. 13).
    #[must_use]
    pub fn is_tame_genus(&self) -> bool {
        let s: Vec<u64> = (0..4).map(|k| self.term(k)).collect();
        match self.grundy {
            0 => s == [1, 2, 0, 2] || s == [0, 2, 0, 2],
            1 => s == [0, 3, 1, 3] || s == [1, 3, 1, 3],
            a => s == [a, a ^ 2, a, a ^ 2],
        }
    }

    /// The genus of a restive game ([`MisereStore::is_restive`]) from its
    /// normal and misère Grundy values `g = G⁺` (0 or 1) and `g₀ = G⁻`
    /// (2 or more): `γ₀ = g₀`, and from `k = 1` on the terms alternate
    /// `x ⊕ 2, x, x ⊕ 2, …` with `x = g₀` when `g₀ < 4` and `x = g`
    /// otherwise (so `0^20`, `1^31`, `1^431`, `0^520`, …). This is the genus
    /// CGSuite assigns to the restive class without computing sums (its
    /// `Genus` for restive games, by Dan Hoey); the tests check it against
    /// [`MisereStore::genus`] on every restive game they meet. `None` when
    /// `g > 1` or `g₀ < 2`. O(1).
    #[must_use]
    pub fn restive(grundy: u64, misere: u64) -> Option<Genus> {
        if grundy > 1 || misere < 2 {
            return None;
        }
        let x = if misere < 4 { misere } else { grundy };
        let mut sequence = vec![misere, x ^ 2, x];
        // Cut as `MisereStore::genus` does: after the first two terms from
        // which the sequence alternates.
        if sequence[0] == sequence[2] {
            sequence.pop();
        }
        Some(Genus { grundy, sequence })
    }
}

impl Genus {
    /// The genus of `G + N` for a restive `G` of this genus
    /// ([`MisereStore::is_restive`]) and the Nim position `N` with the given
    /// heaps, by Conway's rule (On Numbers and Games, ch. 12, "Tame games,
    /// and restive and restless games"): with `n` the Nim-sum of the heaps,
    /// when every heap is 0, 1, `g₀` or `g₀ ⊕ 1` (`g₀ = γ₀`, the misère
    /// Grundy value of `G`), `G` acts as the heap `*g₀` and the genus is this
    /// one with `n` Nim-added to every entry; otherwise `G` acts as `*g`
    /// (`g` its normal Grundy value) and the genus is that of a Nim position
    /// of value `m = g ⊕ n` with a heap of 2 or more, `m^{m, m⊕2}`. So
    /// `G + N` is a misère P-position exactly when the result's `γ₀` is 0.
    ///
    /// The rule is for Nim company only: next to a tame game that is not a
    /// Nim position, a restive game is not decided by the two genera (see
    /// [`MisereStore::is_restive`]). `None` when this is not the genus of a
    /// restive game (`g > 1` or `γ₀ < 2`); for a game that has such a genus
    /// without being restive (an option is not tame), the rule need not
    /// hold. O(heaps + terms).
    ///
    /// ```
    /// use sprague::impartial::MisereStore;
    /// let mut s = MisereStore::new();
    /// let g = s.parse("*[2#,0]").unwrap(); // {{*2}, 0}: restive, 1^20
    /// let genus = s.genus(g).unwrap();
    /// // Next to *2 + *3 (heaps g₀ and g₀ ⊕ 1) it acts as *2: 1 ⊕ … entries.
    /// assert_eq!(genus.restive_plus_nim(&[2, 3]).unwrap().to_string(), "0^31");
    /// // Next to *5 it acts as *1: a Nim position of value 4.
    /// assert_eq!(genus.restive_plus_nim(&[5]).unwrap().to_string(), "4^46");
    /// ```
    #[must_use]
    pub fn restive_plus_nim(&self, heaps: &[u64]) -> Option<Genus> {
        let g0 = self.term(0);
        if self.grundy > 1 || g0 < 2 {
            return None;
        }
        let n = heaps.iter().fold(0, |acc, &h| acc ^ h);
        if heaps.iter().all(|&h| h <= 1 || h == g0 || h == g0 ^ 1) {
            Some(Genus {
                grundy: self.grundy ^ n,
                sequence: self.sequence.iter().map(|&x| x ^ n).collect(),
            })
        } else {
            let m = self.grundy ^ n;
            Some(Genus {
                grundy: m,
                sequence: vec![m, m ^ 2],
            })
        }
    }
}

impl fmt::Display for Genus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digits: Vec<String> = self.sequence.iter().map(u64::to_string).collect();
        // Terms above 9 are separated by commas so the symbol reads back.
        let sep = if self.sequence.iter().any(|&v| v > 9) {
            ","
        } else {
            ""
        };
        write!(f, "{}^{}", self.grundy, digits.join(sep))
    }
}

/// A store of interned misère canonical forms, with their sums and
/// invariants memoised.
///
/// ```
/// use sprague::impartial::MisereStore;
/// let mut s = MisereStore::new();
/// let one = s.nim(1).unwrap();
/// let two = s.nim(2).unwrap();
/// // *1 + *1 = 0 in misère play, but *2 + *2 is not 0.
/// assert_eq!(s.sum(one, one).unwrap(), s.zero());
/// let twos = s.sum(two, two).unwrap();
/// assert_ne!(twos, s.zero());
/// assert_eq!(s.genus(twos).unwrap().to_string(), "0^02");
/// assert_eq!(s.parse("*[2,1,0]").unwrap(), s.nim(3).unwrap());
/// assert_eq!(s.display(twos), "*[3,2]"); // *2 + *1 = *3: its option *1 + *1 is 0
/// ```
#[derive(Debug)]
pub struct MisereStore {
    options: Vec<Box<[u32]>>,
    index: FxHashMap<Box<[u32]>, u32>,
    /// Option sets (sorted, without repeats) already simplified.
    reduced: FxHashMap<Box<[u32]>, u32>,
    next_win: Vec<bool>,
    normal: Vec<u64>,
    misere: Vec<u64>,
    birthday: Vec<u32>,
    /// `Some(n)` for the Nim heap `*n`.
    heap: Vec<Option<u64>>,
    sums: FxHashMap<(u32, u32), u32>,
    /// Mates ([`MisereStore::mate`]) computed so far.
    mates: FxHashMap<u32, u32>,
    max_games: usize,
    /// Option sets simplified so far (a guard against the rare games whose
    /// simplification tries many subsets of options).
    work: usize,
    /// The monitor whose stop requests (Ctrl-C, the memory budget) end the
    /// work, looked at every [`Ticker::BATCH`](crate::monitor::Ticker::BATCH) simplifications.
    monitor: Option<&'static crate::monitor::Monitor>,
    /// The stop that ended the work, if the monitor asked for one.
    stopped: Option<crate::monitor::Interrupted>,
}

impl Default for MisereStore {
    fn default() -> Self {
        Self::new()
    }
}

/// The default budget of a [`MisereStore`]: games interned.
pub const DEFAULT_MAX_MISERE_GAMES: usize = 1_000_000;

/// Why a `*[…]` text is not a game: the message and the 1-based column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MisereParseError {
    /// What is wrong.
    pub message: String,
    /// Where (1-based character column).
    pub column: usize,
}

impl fmt::Display for MisereParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.column, self.message)
    }
}

impl std::error::Error for MisereParseError {}

/// Deepest nesting accepted by [`MisereStore::parse`].
pub const MAX_MISERE_NESTING: usize = 64;

impl MisereStore {
    /// A store holding only `0`, with the default budget.
    #[must_use]
    pub fn new() -> Self {
        Self::with_max_games(DEFAULT_MAX_MISERE_GAMES)
    }

    /// A store that stops with [`BudgetExceeded`] past `max_games` forms (or
    /// eight times as many option sets simplified).
    #[must_use]
    pub fn with_max_games(max_games: usize) -> Self {
        let mut s = MisereStore {
            options: Vec::new(),
            index: FxHashMap::default(),
            reduced: FxHashMap::default(),
            next_win: Vec::new(),
            normal: Vec::new(),
            misere: Vec::new(),
            birthday: Vec::new(),
            heap: Vec::new(),
            sums: FxHashMap::default(),
            mates: FxHashMap::default(),
            max_games: max_games.max(1),
            work: 0,
            monitor: None,
            stopped: None,
        };
        s.intern(Vec::new());
        s
    }

    /// This store watched by `monitor`: its simplifications are counted on
    /// it, and when it asks for a stop (Ctrl-C, the memory budget) the work
    /// ends as at the budget ([`BudgetExceeded`]), after which
    /// [`stopped`](Self::stopped) tells that it was a stop. (Misère forms
    /// such as `*[16]` take many simplifications.)
    #[must_use]
    pub fn with_monitor(mut self, monitor: &'static crate::monitor::Monitor) -> Self {
        self.monitor = Some(monitor);
        self
    }

    /// The stop request that ended the last computation, if one did (see
    /// [`with_monitor`](Self::with_monitor)); cleared by reading.
    pub fn stopped(&mut self) -> Option<crate::monitor::Interrupted> {
        self.stopped.take()
    }

    /// The game `0` (no options).
    #[must_use]
    pub const fn zero(&self) -> MisereGame {
        MisereGame::ZERO
    }

    /// How many forms are interned.
    #[must_use]
    pub fn len(&self) -> usize {
        self.options.len()
    }

    /// Whether only `0` is interned.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.options.len() <= 1
    }

    fn intern(&mut self, opts: Vec<u32>) -> u32 {
        if let Some(&g) = self.index.get(opts.as_slice()) {
            return g;
        }
        let id = self.options.len() as u32;
        let next_win = opts.is_empty() || opts.iter().any(|&o| !self.next_win[o as usize]);
        let mut normal: Vec<u64> = opts.iter().map(|&o| self.normal[o as usize]).collect();
        let normal = mex_in_place(&mut normal).get();
        let misere = if opts.is_empty() {
            1
        } else {
            let mut m: Vec<u64> = opts.iter().map(|&o| self.misere[o as usize]).collect();
            mex_in_place(&mut m).get()
        };
        let birthday = opts
            .iter()
            .map(|&o| self.birthday[o as usize] + 1)
            .max()
            .unwrap_or(0);
        // A Nim heap *n has exactly the options *0 … *(n − 1).
        let mut heaps: Vec<Option<u64>> = opts.iter().map(|&o| self.heap[o as usize]).collect();
        heaps.sort_unstable();
        let heap = heaps
            .iter()
            .enumerate()
            .all(|(i, &h)| h == Some(i as u64))
            .then_some(heaps.len() as u64);
        let opts: Box<[u32]> = opts.into_boxed_slice();
        self.index.insert(opts.clone(), id);
        self.options.push(opts);
        self.next_win.push(next_win);
        self.normal.push(normal);
        self.misere.push(misere);
        self.birthday.push(birthday);
        self.heap.push(heap);
        id
    }

    fn check_budget(&self) -> Result<(), BudgetExceeded> {
        if self.options.len() >= self.max_games {
            Err(BudgetExceeded {
                max_states: self.max_games,
            })
        } else {
            Ok(())
        }
    }

    /// The canonical form of the game whose options are `options` (each
    /// already a canonical form).
    ///
    /// # Errors
    /// [`BudgetExceeded`] once the store holds its budget of forms.
    pub fn game(&mut self, options: &[MisereGame]) -> Result<MisereGame, BudgetExceeded> {
        let opts: Vec<u32> = options.iter().map(|g| g.0).collect();
        self.reduce(opts).map(MisereGame)
    }

    /// Drops options one at a time while Conway's rule allows (an option
    /// with an option equal to the rest, and the same outcome as the rest),
    /// memoised on option sets. Each recursive call has one option fewer.
    fn reduce(&mut self, mut opts: Vec<u32>) -> Result<u32, BudgetExceeded> {
        opts.sort_unstable();
        opts.dedup();
        if let Some(&g) = self.reduced.get(opts.as_slice()) {
            return Ok(g);
        }
        self.work += 1;
        if self.work / 8 >= self.max_games {
            return Err(BudgetExceeded {
                max_states: self.max_games,
            });
        }
        if let Some(m) = self.monitor
            && self.work.is_multiple_of(crate::monitor::Ticker::BATCH as usize)
        {
            m.add(u64::from(crate::monitor::Ticker::BATCH));
            if let Err(i) = m.check() {
                self.stopped = Some(i);
                return Err(BudgetExceeded {
                    max_states: self.max_games,
                });
            }
        }
        let win = opts.is_empty() || opts.iter().any(|&o| !self.next_win[o as usize]);
        let mut result = None;
        for k in 0..opts.len() {
            let o = opts[k] as usize;
            // The option equal to the rest has the rest's outcome, which
            // must be the outcome of the whole.
            if !self.options[o].iter().any(|&x| self.next_win[x as usize] == win) {
                continue;
            }
            let mut rest = opts.clone();
            rest.remove(k);
            let h = self.reduce(rest)?;
            if self.next_win[h as usize] == win && self.options[o].contains(&h) {
                result = Some(h);
                break;
            }
        }
        let g = match result {
            Some(h) => h,
            None => {
                if !self.index.contains_key(opts.as_slice()) {
                    self.check_budget()?;
                }
                self.intern(opts.clone())
            }
        };
        self.reduced.insert(opts.into_boxed_slice(), g);
        Ok(g)
    }

    /// The Nim heap `*n`.
    ///
    /// # Errors
    /// [`BudgetExceeded`] past the store's budget (at most one form per heap).
    pub fn nim(&mut self, n: u64) -> Result<MisereGame, BudgetExceeded> {
        let mut heaps: Vec<u32> = vec![0];
        for _ in 1..=n {
            if heaps.len() >= self.max_games {
                return Err(BudgetExceeded {
                    max_states: self.max_games,
                });
            }
            let next = self.reduce(heaps.clone())?;
            heaps.push(next);
        }
        Ok(MisereGame(heaps[n as usize]))
    }

    /// The canonical form of `a + b`. Memoised; the recursion is as deep as
    /// the sum's birthday.
    ///
    /// # Errors
    /// [`BudgetExceeded`] past the store's budget.
    pub fn sum(&mut self, a: MisereGame, b: MisereGame) -> Result<MisereGame, BudgetExceeded> {
        self.sum_ids(a.0, b.0).map(MisereGame)
    }

    fn sum_ids(&mut self, a: u32, b: u32) -> Result<u32, BudgetExceeded> {
        if a == 0 {
            return Ok(b);
        }
        if b == 0 {
            return Ok(a);
        }
        let key = (a.min(b), a.max(b));
        if let Some(&s) = self.sums.get(&key) {
            return Ok(s);
        }
        let mut opts = Vec::with_capacity(self.options[a as usize].len() + self.options[b as usize].len());
        for i in 0..self.options[a as usize].len() {
            let x = self.options[a as usize][i];
            opts.push(self.sum_ids(x, b)?);
        }
        for i in 0..self.options[b as usize].len() {
            let y = self.options[b as usize][i];
            opts.push(self.sum_ids(a, y)?);
        }
        let s = self.reduce(opts)?;
        self.sums.insert(key, s);
        Ok(s)
    }

    /// The options of the canonical form `g`.
    #[must_use]
    pub fn options(&self, g: MisereGame) -> Vec<MisereGame> {
        self.options[g.0 as usize]
            .iter()
            .map(|&o| MisereGame(o))
            .collect()
    }

    /// The misère outcome of `g`: `N` when the player to move wins.
    #[must_use]
    pub fn outcome(&self, g: MisereGame) -> Outcome {
        if self.next_win[g.0 as usize] {
            Outcome::N
        } else {
            Outcome::P
        }
    }

    /// The normal-play Grundy value of `g`.
    #[must_use]
    pub fn grundy(&self, g: MisereGame) -> u64 {
        self.normal[g.0 as usize]
    }

    /// The misère Grundy value of `g` (1 for `0`, else the mex of the options').
    #[must_use]
    pub fn misere_grundy(&self, g: MisereGame) -> u64 {
        self.misere[g.0 as usize]
    }

    /// The birthday of the canonical form of `g`.
    #[must_use]
    pub fn birthday(&self, g: MisereGame) -> u32 {
        self.birthday[g.0 as usize]
    }

    /// `Some(n)` when `g` is the Nim heap `*n`.
    #[must_use]
    pub fn nim_heap(&self, g: MisereGame) -> Option<u64> {
        self.heap[g.0 as usize]
    }

    /// Conway's genus of `g`: the misère values of `g + k·*2` for
    /// `k = 0 … birthday + 4`, cut where the last two terms repeat to the
    /// end of that range.
    ///
    /// # Errors
    /// [`BudgetExceeded`] past the store's budget.
    pub fn genus(&mut self, g: MisereGame) -> Result<Genus, BudgetExceeded> {
        let two = self.nim(2)?;
        let horizon = self.birthday(g) as usize + 5;
        let mut seq = Vec::with_capacity(horizon);
        let mut x = g;
        for _ in 0..horizon {
            seq.push(self.misere_grundy(x));
            x = self.sum(x, two)?;
        }
        // Cut after the first two terms from which it alternates to the end.
        let mut cut = seq.len();
        while cut >= 3 && seq[cut - 1] == seq[cut - 3] {
            cut -= 1;
        }
        seq.truncate(cut.max(2));
        Ok(Genus {
            grundy: self.grundy(g),
            sequence: seq,
        })
    }

    /// Whether `g` is *tame*: the genus of every position of its canonical
    /// form is that of a misère Nim position ([`Genus::is_tame_genus`]), so
    /// that sums of tame games follow the misère Nim rule (Winning Ways,
    /// ch. 13; Conway, On Numbers and Games, ch. 12). This is the hereditary
    /// notion (CGSuite's `IsTame`); equivalently (checked by the tests),
    /// every position meets Conway's condition that `G⁺ = G⁻` or both are 0
    /// or 1. Games that are tame only through reversible wild options
    /// (CGSuite's "reversibly tame", after Winning Ways, ch. 13) are not
    /// recognised.
    ///
    /// Complexity: one [`genus`](Self::genus) per position of the form.
    ///
    /// # Errors
    /// [`BudgetExceeded`] past the store's budget.
    pub fn is_tame(&mut self, g: MisereGame) -> Result<bool, BudgetExceeded> {
        self.all_tame(&[g.0])
    }

    /// Whether every position reachable from `roots` (the roots included)
    /// has a tame genus.
    fn all_tame(&mut self, roots: &[u32]) -> Result<bool, BudgetExceeded> {
        let mut seen: FxHashMap<u32, ()> = FxHashMap::default();
        let mut stack = roots.to_vec();
        while let Some(x) = stack.pop() {
            if seen.insert(x, ()).is_some() {
                continue;
            }
            if !self.genus(MisereGame(x))?.is_tame_genus() {
                return Ok(false);
            }
            stack.extend(self.options[x as usize].iter().copied());
        }
        Ok(true)
    }

    /// The *mate* `G⁻` of `g`: `0⁻ = *1`, and otherwise `G⁻` is the game
    /// whose options are the mates of the options of `G` (the definition
    /// documented for `Mate` in CGSuite, whose misère pages follow Winning
    /// Ways, ch. 13, and Siegel, Combinatorial Game Theory, ch. V). It is
    /// taken on the canonical form of `g`.
    ///
    /// `G + G⁻` is a misère P-position for every game `G`: the second player
    /// answers each move in one component by the same move in the other,
    /// which keeps the pair `X + X⁻`; when `X = 0` the position is `0 + *1`,
    /// where the player to move has to take the last move and loses. So
    /// `0⁻ = *1`, `*1⁻ = 0` and `*n⁻ = *n` for `n ≥ 2`.
    ///
    /// Memoised; each position of the form is mated once (one
    /// simplification of its mated options), recursion as deep as the
    /// birthday.
    ///
    /// ```
    /// use sprague::{Outcome, impartial::MisereStore};
    /// let mut s = MisereStore::new();
    /// let g = s.parse("*[2#,1]").unwrap();
    /// let m = s.mate(g).unwrap();
    /// let both = s.sum(g, m).unwrap();
    /// assert_eq!(s.outcome(both), Outcome::P);
    /// assert_eq!(s.mate(s.zero()).unwrap(), s.nim(1).unwrap());
    /// ```
    ///
    /// # Errors
    /// [`BudgetExceeded`] past the store's budget.
    pub fn mate(&mut self, g: MisereGame) -> Result<MisereGame, BudgetExceeded> {
        self.mate_id(g.0).map(MisereGame)
    }

    fn mate_id(&mut self, g: u32) -> Result<u32, BudgetExceeded> {
        if g == 0 {
            return self.nim(1).map(|one| one.0);
        }
        if let Some(&m) = self.mates.get(&g) {
            return Ok(m);
        }
        let mut opts = Vec::with_capacity(self.options[g as usize].len());
        for i in 0..self.options[g as usize].len() {
            let o = self.options[g as usize][i];
            opts.push(self.mate_id(o)?);
        }
        let m = self.reduce(opts)?;
        self.mates.insert(g, m);
        Ok(m)
    }

    /// Whether `g` is *restive*: every option of its canonical form is tame
    /// ([`is_tame`](Self::is_tame)), its normal Grundy value `G⁺` is 0 or 1
    /// and its misère Grundy value `G⁻` is 2 or more (so `g` itself is not
    /// tame). This is the class CGSuite's `IsRestive` tests (its
    /// "hereditarily restive" games, after Conway, On Numbers and Games,
    /// ch. 12, and Winning Ways, ch. 13, where restive games are the
    /// ambivalent Nim heaps that act as `*G⁻` or `*G⁺` according to their
    /// company).
    ///
    /// The tests check on small games that restive games with equal `G⁺`
    /// and `G⁻` have the same outcome next to every Nim position of up to
    /// three heaps, but not next to every tame game: `{{*2}, 0} + *2` is a
    /// P-position, while `{{*2}, 0} + H` is not for a tame `H` of the same
    /// genus `2^20` as `*2`. Next to Nim positions, Conway's rule gives the
    /// genus of the sum ([`Genus::restive_plus_nim`]); the Winning Ways
    /// (ch. 13) treatment of restive games next to other tame games, and of
    /// half-tame games, is not implemented here.
    ///
    /// Complexity: as [`is_tame`](Self::is_tame) on the options.
    ///
    /// # Errors
    /// [`BudgetExceeded`] past the store's budget.
    pub fn is_restive(&mut self, g: MisereGame) -> Result<bool, BudgetExceeded> {
        if self.grundy(g) > 1 || self.misere_grundy(g) < 2 {
            return Ok(false);
        }
        let opts = self.options[g.0 as usize].to_vec();
        self.all_tame(&opts)
    }

    /// Whether `g` is *restless*: every option of its canonical form is
    /// tame, its misère Grundy value `G⁻` is 0 or 1 and its normal Grundy
    /// value `G⁺` is 2 or more (the mirror image of
    /// [`is_restive`](Self::is_restive); CGSuite's `IsRestless`, which also
    /// admits options that are tame only through reversible moves, a class
    /// this store does not recognise).
    ///
    /// Complexity: as [`is_tame`](Self::is_tame) on the options.
    ///
    /// # Errors
    /// [`BudgetExceeded`] past the store's budget.
    pub fn is_restless(&mut self, g: MisereGame) -> Result<bool, BudgetExceeded> {
        if self.grundy(g) < 2 || self.misere_grundy(g) > 1 {
            return Ok(false);
        }
        let opts = self.options[g.0 as usize].to_vec();
        self.all_tame(&opts)
    }

    /// `g` in `*[…]` notation (see the module docs): options in decreasing
    /// order of birthday, then of their own notation.
    #[must_use]
    pub fn display(&self, g: MisereGame) -> String {
        match self.heap[g.0 as usize] {
            Some(n) => format!("*[{n}]"),
            None => format!("*[{}]", self.body(g.0)),
        }
    }

    /// The list inside `*[…]` for a game that is not a Nim heap.
    fn body(&self, g: u32) -> String {
        let opts = &self.options[g as usize];
        if let [only] = opts[..] {
            return format!("{}#", self.token(only));
        }
        self.option_tokens(g).join(",")
    }

    fn option_tokens(&self, g: u32) -> Vec<String> {
        let mut items: Vec<(u32, String)> = self.options[g as usize]
            .iter()
            .map(|&o| (self.birthday[o as usize], self.token(o)))
            .collect();
        items.sort_unstable_by(|a, b| b.cmp(a));
        items.into_iter().map(|(_, t)| t).collect()
    }

    fn token(&self, g: u32) -> String {
        if let Some(n) = self.heap[g as usize] {
            return n.to_string();
        }
        let opts = &self.options[g as usize];
        if let [only] = opts[..] {
            return format!("{}#", self.token(only));
        }
        format!("({})", self.option_tokens(g).join(","))
    }

    /// Parses a game in `*[…]` notation (see the module docs) into its
    /// canonical form.
    ///
    /// # Errors
    /// [`MisereParseError`] naming the column, for text that is not a game,
    /// nesting deeper than [`MAX_MISERE_NESTING`], Nim heaps above 2^16, or
    /// the store's budget.
    pub fn parse(&mut self, text: &str) -> Result<MisereGame, MisereParseError> {
        let chars: Vec<char> = text.chars().collect();
        let mut p = Parser { chars: &chars, at: 0 };
        p.skip_space();
        if !p.eat('*') || !p.eat('[') {
            return Err(p.error("expected `*[`, e.g. `*[2,1]`"));
        }
        let items = self.parse_list(&mut p, ']', 1)?;
        p.skip_space();
        if p.at < chars.len() {
            return Err(p.error("unexpected text after the game"));
        }
        // A single item is that game; several are the options of one.
        match items[..] {
            [only] => Ok(MisereGame(only)),
            _ => self.reduce(items).map(MisereGame).map_err(|b| p.budget(b)),
        }
    }

    /// Parses a sum of games `*[…] + *[…] + …` (each term as in
    /// [`parse`](Self::parse)) into the canonical form of the sum.
    ///
    /// # Errors
    /// As [`parse`](Self::parse), with columns counted in the whole text.
    pub fn parse_sum(&mut self, text: &str) -> Result<MisereGame, MisereParseError> {
        let mut total = MisereGame::ZERO;
        let mut depth = 0usize;
        let mut start = 0usize; // byte offset of the current term
        let mut start_col = 0usize; // its character column (0-based)
        let mut terms: Vec<(usize, usize, usize)> = Vec::new();
        for (col, (i, c)) in text.char_indices().enumerate() {
            match c {
                '(' | '[' => depth += 1,
                ')' | ']' => depth = depth.saturating_sub(1),
                '+' if depth == 0 => {
                    terms.push((start, i, start_col));
                    start = i + 1;
                    start_col = col + 1;
                }
                _ => {}
            }
        }
        terms.push((start, text.len(), start_col));
        for (from, to, column) in terms {
            let term = self.parse(&text[from..to]).map_err(|e| MisereParseError {
                message: e.message,
                column: e.column + column,
            })?;
            total = self.sum(total, term).map_err(|b| MisereParseError {
                message: format!("the sum needs more than {} forms (its budget)", b.max_states),
                column: column + 1,
            })?;
        }
        Ok(total)
    }

    fn parse_list(
        &mut self,
        p: &mut Parser<'_>,
        close: char,
        depth: usize,
    ) -> Result<Vec<u32>, MisereParseError> {
        if depth > MAX_MISERE_NESTING {
            return Err(p.error(&format!("nested deeper than {MAX_MISERE_NESTING} levels")));
        }
        let mut items = Vec::new();
        p.skip_space();
        if p.eat(close) {
            return Ok(items);
        }
        loop {
            p.skip_space();
            let mut item = if p.eat('(') {
                let inner = self.parse_list(p, ')', depth + 1)?;
                self.reduce(inner).map_err(|b| p.budget(b))?
            } else if p.eat('[') {
                let inner = self.parse_list(p, ']', depth + 1)?;
                self.reduce(inner).map_err(|b| p.budget(b))?
            } else if p.peek().is_some_and(|c| c.is_ascii_digit()) {
                let start = p.at;
                while p.peek().is_some_and(|c| c.is_ascii_digit()) {
                    p.at += 1;
                }
                let digits: String = p.chars[start..p.at].iter().collect();
                let n: u64 = digits
                    .parse()
                    .ok()
                    .filter(|&n| n <= 1 << 16)
                    .ok_or_else(|| Parser::error_at(start, "a Nim heap must be at most 65536"))?;
                self.nim(n).map_err(|b| p.budget(b))?.0
            } else {
                return Err(p.error("expected a number, `(` or `[`"));
            };
            p.skip_space();
            while p.eat('#') {
                item = self.reduce(vec![item]).map_err(|b| p.budget(b))?;
                p.skip_space();
            }
            items.push(item);
            p.skip_space();
            if p.eat(close) {
                return Ok(items);
            }
            if !p.eat(',') {
                return Err(p.error(&format!("expected `,` or `{close}`")));
            }
        }
    }
}

struct Parser<'t> {
    chars: &'t [char],
    at: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.at += 1;
        }
    }

    fn error(&self, message: &str) -> MisereParseError {
        Self::error_at(self.at, message)
    }

    fn error_at(at: usize, message: &str) -> MisereParseError {
        MisereParseError {
            message: message.to_string(),
            column: at + 1,
        }
    }

    fn budget(&self, b: BudgetExceeded) -> MisereParseError {
        self.error(&format!(
            "the game needs more than {} forms (its budget)",
            b.max_states
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn nim_heaps_and_their_genera() {
        // Winning Ways, ch. 13: the genera of Nim heaps are 0^120, 1^031,
        // 2^20, 3^31, …; of *2 + *2 it is 0^02, of *2 + *3 it is 1^13.
        let mut s = MisereStore::new();
        let want = ["0^120", "1^031", "2^20", "3^31", "4^46", "5^57"];
        for (n, w) in want.iter().enumerate() {
            let h = s.nim(n as u64).unwrap();
            assert_eq!(s.nim_heap(h), Some(n as u64));
            assert_eq!(s.genus(h).unwrap().to_string(), *w);
            assert!(s.is_tame(h).unwrap());
        }
        let (two, three) = (s.nim(2).unwrap(), s.nim(3).unwrap());
        let g = s.sum(two, two).unwrap();
        assert_eq!(s.genus(g).unwrap().to_string(), "0^02");
        assert_eq!(s.outcome(g), Outcome::P);
        let g = s.sum(two, three).unwrap();
        assert_eq!(s.genus(g).unwrap().to_string(), "1^13");
        assert!(s.is_tame(g).unwrap());
    }

    #[test]
    fn the_misere_exceptions() {
        let mut s = MisereStore::new();
        let (one, two) = (s.nim(1).unwrap(), s.nim(2).unwrap());
        // {*1} = *1 + *1 = 0, but {*2} is not 0: it is a P-position.
        assert_eq!(s.game(&[one]).unwrap(), s.zero());
        let sharp = s.game(&[two]).unwrap();
        assert_ne!(sharp, s.zero());
        assert_eq!(s.outcome(sharp), Outcome::P);
        assert_eq!(s.display(sharp), "*[2#]");
        assert_eq!(s.parse("*[2#]").unwrap(), sharp);
        assert_eq!(s.parse("*[[2]]").unwrap(), sharp);
        assert_eq!(s.parse(" *[ 0 ] ").unwrap(), s.zero());
        let e = s.parse("*[2,1").unwrap_err();
        assert_eq!(e.column, 6);
        let deep = format!("*[{}0{}]", "(".repeat(100), ")".repeat(100));
        assert!(s.parse(&deep).unwrap_err().message.contains("nested deeper"));
    }
}
