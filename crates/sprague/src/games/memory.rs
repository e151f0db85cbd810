//! Memory games on one heap: how much a move may take depends on the previous
//! move (Fibonacci Nim and its relatives).

use crate::notation::{ParseError, parse_u64_token};
use crate::play::{ClosedFormPlay, PlayEngine};
use crate::registry::{
    BoardRules, Entry, Error, Family, OnProgress, Options, RangeCount, Report, Result, Ruleset, Table,
    annotate, impartial_report, no_params, note_after_outcome, play_board_closed, read_position,
    solve_board as solve, whole_param,
};
use crate::{impartial::ImpartialRules, nimber::Nimber, notation::Notation, outcome::Outcome};

/// How the previous move `c` bounds the next one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemoryRule {
    /// The next move takes at most `c + k`.
    Add(u64),
    /// The next move takes at most `2c` (Fibonacci Nim).
    Double,
}

/// How much the first move may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FirstMove {
    /// At most this many (1 means exactly one).
    AtMost(u64),
    /// Anything except the whole heap (classic Fibonacci Nim).
    AllButOne,
}

/// A memory game: one heap; a move takes between 1 and the current limit; the
/// next limit is a function `f` of the amount just taken ([`MemoryRule`]).
/// Positions are `(n, m)`: `n` tokens left, the mover may take at most `m`.
///
/// Closed form (Schwenk 1970, for non-decreasing `f(c) ≥ c`): build
/// `H_1 = 1`, `H_{j+1} = H_j + H_l` with `H_l` the smallest term such that
/// `f(H_l) ≥ H_j`. For `2c` these are the Fibonacci numbers; for `c + k` they
/// begin `1, 2, …`. Write `n` greedily as a sum of terms; `(n, m)` with `n > 0`
/// is a P-position iff `m` is below the smallest term. The winning moves take a
/// tail of that representation (checked by brute force in the tests). In
/// misère play (taking the last token loses) `(n, m)` is P iff `(n − 1, m)` is
/// P in normal play. All O(log n) for any u64 heap.
///
/// ```
/// use sprague::{games::{FirstMove, MemoryGame, MemoryRule}};
/// let fib = MemoryGame::new(MemoryRule::Double, FirstMove::AllButOne).unwrap();
/// // 21 is a Fibonacci number: the first player loses.
/// assert!(fib.is_p(21, 20));
/// // 20 = 13 + 5 + 2: take 2.
/// assert_eq!(fib.winning_takes(20, 19), vec![2]);
/// ```
#[derive(Clone, Debug)]
pub struct MemoryGame {
    rule: MemoryRule,
    first: FirstMove,
    /// Every integer `1..=run` is a term (the terms begin 1, 2, 3, …: for
    /// `c + k` the first `k + 2` integers, so they are kept implicit).
    run: u128,
    /// The terms above `run`, increasing, up to the first term ≥ 2^64.
    terms: Vec<u128>,
}

impl MemoryGame {
    /// A memory game; `None` if the first move may take nothing (`AtMost(0)`).
    /// O(log 2^64) terms are built (the initial run of consecutive integers
    /// is implicit, so huge `k` costs nothing).
    #[must_use]
    pub fn new(rule: MemoryRule, first: FirstMove) -> Option<MemoryGame> {
        if first == FirstMove::AtMost(0) {
            return None;
        }
        let f = |c: u128| -> u128 {
            match rule {
                MemoryRule::Add(k) => c + u128::from(k),
                MemoryRule::Double => 2 * c,
            }
        };
        // While f(1) ≥ last, the next term is last + 1.
        let run = f(1) + 1;
        let mut terms: Vec<u128> = Vec::new();
        let mut last = run;
        while last <= u128::from(u64::MAX) {
            // The smallest term h with f(h) ≥ last: inside the run it is the
            // inverse of f; above the run, search the explicit terms.
            let inverse = match rule {
                MemoryRule::Add(k) => last.saturating_sub(u128::from(k)).max(1),
                MemoryRule::Double => last.div_ceil(2),
            };
            let h = if inverse <= run {
                inverse
            } else {
                terms.iter().copied().find(|&t| f(t) >= last).unwrap_or(last)
            };
            last += h;
            terms.push(last);
        }
        Some(MemoryGame {
            rule,
            first,
            run,
            terms,
        })
    }

    /// The first terms `H_1, H_2, …` (at most `count` of them, below 2^64).
    #[must_use]
    pub fn terms(&self, count: usize) -> Vec<u64> {
        let run = (1..=self.run.min(u128::from(u64::MAX)) as u64).take(count);
        let rest = self.terms.iter().filter_map(|&t| u64::try_from(t).ok());
        run.chain(rest).take(count).collect()
    }

    /// The rule for later moves.
    #[must_use]
    pub const fn rule(&self) -> MemoryRule {
        self.rule
    }

    /// The limit on the next move after taking `c`.
    #[must_use]
    pub const fn next_limit(&self, c: u64) -> u64 {
        match self.rule {
            MemoryRule::Add(k) => c.saturating_add(k),
            MemoryRule::Double => c.saturating_mul(2),
        }
    }

    /// The limit on the first move from a fresh heap of `n`.
    #[must_use]
    pub const fn first_limit(&self, n: u64) -> u64 {
        match self.first {
            FirstMove::AtMost(k) => k,
            FirstMove::AllButOne => n.saturating_sub(1),
        }
    }

    /// The greedy representation of `n` by the terms H_j, largest first.
    #[must_use]
    pub fn representation(&self, mut n: u64) -> Vec<u64> {
        let mut out = Vec::new();
        for &h in self.terms.iter().rev() {
            if h <= u128::from(n) {
                out.push(h as u64);
                n -= h as u64;
            }
        }
        // Below the explicit terms every integer up to `run` is a term.
        while n > 0 {
            let t = u128::from(n).min(self.run) as u64;
            out.push(t);
            n -= t;
        }
        out
    }

    /// Whether `(n, m)` is a P-position in normal play. O(log n).
    #[must_use]
    pub fn is_p(&self, n: u64, m: u64) -> bool {
        n == 0 || self.representation(n).last().is_some_and(|&z| m < z)
    }

    /// Every amount `t` that wins from `(n, m)` in normal play, smallest first.
    /// O(log² n).
    #[must_use]
    pub fn winning_takes(&self, n: u64, m: u64) -> Vec<u64> {
        let rep = self.representation(n);
        let mut out = Vec::new();
        let mut t = 0u64;
        // Taking the smallest j terms leaves the larger terms, which are their
        // own greedy representation, so the next term up is the new smallest.
        for j in (0..rep.len()).rev() {
            t += rep[j];
            if t > m {
                break;
            }
            if j == 0 || self.next_limit(t) < rep[j - 1] {
                out.push(t);
            }
        }
        out
    }

    /// How many `x` in `[1, n]` have a smallest greedy term above `k`.
    /// Splitting by the largest term `t ≤ n`: `x = t` counts when `t > k`,
    /// `x` in `(t, n]` counts when `x − t` does, and `x < t` is the same
    /// question for `t − 1` (kept per term in `below`). O(terms).
    fn smallest_above(&self, n: u64, k: u64, below: &[u128]) -> u128 {
        let (k, mut n) = (u128::from(k), u128::from(n));
        let mut acc = 0u128;
        while n > self.run {
            let (t, before) = match self.terms.iter().rposition(|&t| t <= n) {
                Some(j) => (self.terms[j], below[j]),
                None => (self.run, (self.run - 1).saturating_sub(k)),
            };
            acc += before + u128::from(t > k);
            n -= t;
        }
        // Inside the run every integer is its own (smallest) term.
        acc + n.saturating_sub(k)
    }

    /// `below[j]`: how many `x < H` (H the j-th explicit term) have a
    /// smallest term above `k`. O(terms²).
    fn below_terms(&self, k: u64) -> Vec<u128> {
        let mut below: Vec<u128> = Vec::with_capacity(self.terms.len());
        for &t in &self.terms {
            let b = match u64::try_from(t - 1) {
                Ok(x) => self.smallest_above(x, k, &below),
                Err(_) => 0,
            };
            below.push(b);
        }
        below
    }

    /// How many heaps `n` in `[0, x]` are P-positions as fresh heaps (the
    /// first-move rule applies), in normal or misère play. O(terms²).
    fn fresh_p_upto(&self, x: u64, misere: bool) -> u128 {
        match (self.first, misere) {
            // (n, k) is P iff n = 0 or k is below the smallest term of n.
            (FirstMove::AtMost(k), false) => 1 + self.smallest_above(x, k, &self.below_terms(k)),
            // (n, n − 1) is P iff n is a term (or 0).
            (FirstMove::AllButOne, false) => {
                let run = u128::from(x).min(self.run);
                let explicit = self.terms.iter().filter(|&&t| t <= u128::from(x)).count() as u128;
                1 + run + explicit
            }
            // Misère: n ≥ 1 and (n − 1, k) is P in normal play.
            (FirstMove::AtMost(k), true) => match x.checked_sub(1) {
                Some(y) => 1 + self.smallest_above(y, k, &self.below_terms(k)),
                None => 0,
            },
            // Misère, all but one: (n − 1, n − 1) is P only for n = 1.
            (FirstMove::AllButOne, true) => u128::from(x >= 1),
        }
    }

    /// How many fresh heaps `n` in `[low, high]` (the first-move rule
    /// applies) are P-positions, in normal or misère play — the range
    /// question of SNOI 2020 for `memory2c:K`. O(terms²) (about 100 terms for
    /// 64-bit heaps), whatever the range.
    ///
    /// ```
    /// use sprague::games::{FirstMove, MemoryGame, MemoryRule};
    /// let fib = MemoryGame::new(MemoryRule::Double, FirstMove::AllButOne).unwrap();
    /// // P-positions of Fibonacci Nim in [1, 100]: 1, 2, 3, 5, 8, 13, 21, 34, 55, 89.
    /// assert_eq!(fib.count_fresh_p(1, 100, false), 10);
    /// ```
    #[must_use]
    pub fn count_fresh_p(&self, low: u64, high: u64, misere: bool) -> u128 {
        if low > high {
            return 0;
        }
        let below = low.checked_sub(1).map_or(0, |l| self.fresh_p_upto(l, misere));
        self.fresh_p_upto(high, misere) - below
    }

    /// Misère play (taking the last token loses): whether `(n, m)` is P.
    #[must_use]
    pub fn is_p_misere(&self, n: u64, m: u64) -> bool {
        n >= 1 && self.is_p(n - 1, m)
    }

    /// Every amount that wins from `(n, m)` in misère play.
    #[must_use]
    pub fn winning_takes_misere(&self, n: u64, m: u64) -> Vec<u64> {
        if n == 0 {
            return Vec::new();
        }
        self.winning_takes(n - 1, m)
            .into_iter()
            .filter(|&t| t < n)
            .collect()
    }
}

/// Largest heap for which memory-game Grundy values are searched (values,
/// `play`); larger heaps are decided by the closed form.
pub const MEMORY_SEARCH_LIMIT: u64 = 200;

/// Largest count of [`MemoryGame::grundy_values`] (about n²/2 states per heap).
pub const MEMORY_TABLE_LIMIT: usize = 1000;

impl MemoryGame {
    /// Whether `(n, m)` is a P-position by the closed form, in normal or
    /// misère play. O(log n).
    #[must_use]
    pub fn is_p_by_rule(&self, (n, m): (u64, u64), misere: bool) -> bool {
        if misere {
            self.is_p_misere(n, m)
        } else {
            self.is_p(n, m)
        }
    }

    /// Every winning move of `(n, m)` by the closed form, as the position
    /// after it, smallest take first, in normal or misère play. O(log² n).
    #[must_use]
    pub fn winning_moves_by_rule(&self, (n, m): (u64, u64), misere: bool) -> Vec<(u64, u64)> {
        let takes = if misere {
            self.winning_takes_misere(n, m)
        } else {
            self.winning_takes(n, m)
        };
        takes.iter().map(|&t| (n - t, self.next_limit(t))).collect()
    }

    /// The number whose representation explains `n`: `n` in normal play,
    /// `n − 1` in misère play (see [`MemoryGame::is_p_misere`]).
    #[must_use]
    pub const fn explained(n: u64, misere: bool) -> u64 {
        if misere { n.saturating_sub(1) } else { n }
    }

    /// Grundy values `G(n)` of the starting positions with a heap of `n`, for
    /// `n < count`, from one memoised search (about n²/2 states for the
    /// largest heap, O(count³) moves in all). `progress(k)` is called with the
    /// number of values done; returning `false`, or a stop of `monitor`,
    /// ends early with the values done so far.
    ///
    /// # Errors
    /// [`SearchError::Budget`](crate::monitor::SearchError::Budget) when more than `max_states` positions are stored.
    pub fn grundy_values(
        &self,
        count: usize,
        max_states: usize,
        monitor: &crate::monitor::Monitor,
        progress: &mut dyn FnMut(usize) -> bool,
    ) -> Result<Vec<u64>, crate::monitor::SearchError> {
        let mut solver =
            crate::impartial::GrundySolver::with_max_states(self, max_states).with_monitor(monitor);
        let mut values = Vec::with_capacity(count);
        for n in 0..count as u64 {
            match solver.grundy(&(n, self.first_limit(n))) {
                Err(crate::monitor::SearchError::Interrupted(_)) => break,
                r => values.push(r?.get()),
            }
            if !progress(values.len()) {
                break;
            }
        }
        Ok(values)
    }
}

impl ImpartialRules for MemoryGame {
    /// `(tokens left, largest amount the mover may take)`.
    type Position = (u64, u64);

    fn moves(&self, &(n, m): &(u64, u64), out: &mut Vec<(u64, u64)>) {
        for t in 1..=m.min(n) {
            out.push((n - t, self.next_limit(t)));
        }
    }

    fn closed_form(&self, &(n, m): &(u64, u64)) -> Option<Nimber> {
        self.is_p(n, m.min(n)).then_some(Nimber::ZERO)
    }

    fn moves_to_value(&self, &(n, m): &(u64, u64), target: Nimber) -> Option<Vec<(u64, u64)>> {
        target.is_zero().then(|| {
            self.winning_takes(n, m)
                .into_iter()
                .map(|t| (n - t, self.next_limit(t)))
                .collect()
        })
    }

    fn misere_outcome(&self, &(n, m): &(u64, u64)) -> Option<Outcome> {
        Some(if self.is_p_misere(n, m) {
            Outcome::P
        } else {
            Outcome::N
        })
    }
}

impl Notation<(u64, u64)> for MemoryGame {
    /// `N` (a fresh heap: the first-move rule applies) or `N/M` (N tokens, the
    /// mover may take at most M).
    fn parse_position(&self, text: &str) -> Result<(u64, u64), ParseError> {
        let lead = text.len() - text.trim_start().len();
        let t = text.trim();
        let col = text[..lead].chars().count() + 1;
        match t.split_once('/') {
            Some((a, b)) => {
                let n = parse_u64_token(a.trim_end(), col, "the number of tokens")?;
                let m = parse_u64_token(b.trim(), col + a.chars().count() + 1, "the move limit")?;
                Ok((n, m))
            }
            None => {
                let n = parse_u64_token(t, col, "the number of tokens (or N/M)")?;
                Ok((n, self.first_limit(n)))
            }
        }
    }

    fn format_position(&self, &(n, m): &(u64, u64)) -> String {
        format!("{n}/{m}")
    }

    fn describe_move(&self, from: &(u64, u64), to: &(u64, u64)) -> String {
        let t = from.0 - to.0;
        format!("take {t}, leaving {} (next move at most {})", to.0, to.1)
    }
}

/// Memory games: Grundy values by search for small heaps, the Schwenk /
/// Zeckendorf closed form for outcome and winning moves of any heap.
struct MemoryBoard {
    /// Name shown in reports, with parameters.
    name: String,
    /// The engine ruleset.
    rules: MemoryGame,
}

impl Ruleset for MemoryBoard {
    /// `G(n)` of the starting position with a heap of `n`, for `n < count`
    /// ([`MemoryGame::grundy_values`]); misère values are not defined this
    /// way and are refused.
    fn table(&self, count: usize, options: &Options<'_>, progress: &mut OnProgress<'_>) -> Result<Table> {
        if options.misere {
            return Err(Error::input(format!(
                "`table {} --misere` is not supported: use `value {} N --misere` for misère outcomes",
                self.name, self.name
            )));
        }
        if count > MEMORY_TABLE_LIMIT {
            return Err(Error::input(format!(
                "`table {}` searches about n²/2 states per heap: --count is limited to {MEMORY_TABLE_LIMIT}",
                self.name
            )));
        }
        let values = self
            .rules
            .grundy_values(count, options.max_states, options.monitor, progress)?;
        Ok(Table::with_period_found(values))
    }

    /// Fresh heaps `n` in `[low, high]` (the first-move rule applies) by
    /// Schwenk's closed form ([`MemoryGame::count_fresh_p`]): outcomes only,
    /// in normal or misère play.
    fn count(&self, low: u64, high: u64, options: &Options<'_>) -> Result<Report> {
        if low > high {
            return Err(Error::input(format!(
                "--range {low},{high}: the first bound is above the second"
            )));
        }
        let p = self.rules.count_fresh_p(low, high, options.misere);
        let how = format!(
            "Schwenk's closed form for fresh heaps{}, counted term by term over the greedy representations",
            if options.misere { " in misère play" } else { "" }
        );
        let mut r = RangeCount {
            low,
            high,
            p_positions: p,
            by_value: None,
            how,
        }
        .report(&self.name);
        if options.misere {
            r.data.insert("play", "misere");
        }
        Ok(r)
    }

    fn value(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        let rules = &self.rules;
        let p = read_position(rules, position)?;
        let (n, _) = p;
        let canonical = rules.format_position(&p);
        let mut r = if n <= MEMORY_SEARCH_LIMIT {
            let (o, g, moves) = solve(rules, &p, options)?;
            impartial_report(&self.name, &canonical, options.misere, o, g, &moves)
        } else {
            let moves: Vec<(String, String)> = rules
                .winning_moves_by_rule(p, options.misere)
                .iter()
                .map(|to| (rules.format_position(to), rules.describe_move(&p, to)))
                .collect();
            let o = if rules.is_p_by_rule(p, options.misere) {
                Outcome::P
            } else {
                Outcome::N
            };
            let mut r = impartial_report(&self.name, &canonical, options.misere, o, None, &moves);
            note_after_outcome(
                &mut r,
                &format!(
                    "grundy:  not computed (heap above {MEMORY_SEARCH_LIMIT}; P/N and the winning moves come from the closed form)"
                ),
            );
            r
        };
        let explained = MemoryGame::explained(n, options.misere);
        let rep = rules.representation(explained);
        let words: Vec<String> = rep.iter().map(u64::to_string).collect();
        let line = format!(
            "{explained} = {}{}",
            if words.is_empty() {
                "0".to_string()
            } else {
                words.join(" + ")
            },
            match rules.rule() {
                MemoryRule::Double => "   (Zeckendorf representation)",
                MemoryRule::Add(_) => "   (greedy representation by the game's terms)",
            }
        );
        annotate(&mut r, "representation", rep, Some(line));
        Ok(r)
    }

    /// Any u64 heap: heaps above [`MEMORY_SEARCH_LIMIT`] play by the closed
    /// form ([`ClosedFormPlay`]).
    fn play<'a>(&'a self, position: &str, options: &Options<'a>) -> Result<Box<dyn PlayEngine + 'a>> {
        play_board_closed(&self.name, &self.rules, position, options, |_| Ok(()))
    }
}

impl BoardRules for MemoryGame {}

/// Play of any heap by Schwenk's closed form: a move is checked by
/// arithmetic, the winning moves are [`MemoryGame::winning_moves_by_rule`]
/// (taking a tail of the greedy representation), all O(log² n).
impl ClosedFormPlay<(u64, u64)> for MemoryGame {
    fn by_closed_form(&self, p: &(u64, u64)) -> bool {
        p.0 > MEMORY_SEARCH_LIMIT
    }

    fn is_move(&self, &(n, m): &(u64, u64), &(n2, m2): &(u64, u64)) -> bool {
        n2 < n && n - n2 <= m && m2 == self.next_limit(n - n2)
    }

    fn outcome_of(&self, &(n, m): &(u64, u64), misere: bool) -> Outcome {
        // No move (a heap typed as `N/0`): the mover loses in normal play
        // and wins in misère play.
        if self.smallest_move(&(n, m)).is_none() {
            return if misere { Outcome::N } else { Outcome::P };
        }
        if self.is_p_by_rule((n, m.min(n)), misere) {
            Outcome::P
        } else {
            Outcome::N
        }
    }

    fn winning_moves_of(&self, &(n, m): &(u64, u64), misere: bool) -> Vec<(u64, u64)> {
        self.winning_moves_by_rule((n, m.min(n)), misere)
    }

    /// One token.
    fn smallest_move(&self, &(n, m): &(u64, u64)) -> Option<(u64, u64)> {
        (n > 0 && m > 0).then(|| (n - 1, self.next_limit(1)))
    }

    fn explain_closed(&self, &(n, m): &(u64, u64), misere: bool) -> Vec<String> {
        let explained = MemoryGame::explained(n, misere);
        let rep = self.representation(explained);
        let Some(&smallest) = rep.last() else {
            return Vec::new();
        };
        let words: Vec<String> = rep.iter().map(u64::to_string).collect();
        let how = match self.rule {
            MemoryRule::Double => "Zeckendorf representation",
            MemoryRule::Add(_) => "greedy representation by the game's terms",
        };
        let mut lines = vec![format!("{explained} = {}   ({how})", words.join(" + "))];
        if misere {
            lines.push(format!(
                "misère play: {n} tokens lose for the mover exactly where {explained} would in normal play."
            ));
        }
        lines.push(format!(
            "the mover (at most {m} this move) loses exactly when that limit is below the smallest term, {smallest} (Schwenk 1970); a winning move takes a tail of the representation."
        ));
        lines
    }
}

fn memory_entry(name: &str, rule: MemoryRule, first: FirstMove, shown: String) -> Result<Box<dyn Ruleset>> {
    let rules = MemoryGame::new(rule, first).ok_or_else(|| {
        Error::input(format!(
            "ruleset `{name}`: the first move must be allowed to take at least 1"
        ))
    })?;
    Ok(Box::new(MemoryBoard { name: shown, rules }))
}

/// The catalog entries.
pub(crate) const ENTRIES: &[Entry] = &[
    Entry {
        name: "fibonacci-nim",
        params: "",
        family: Family::Heap,
        summary: "one heap; first move takes any amount but not all, then at most twice the previous move",
        notation: "a heap `N`, or `N/M` (N left, the next move takes at most M); any u64",
        example: "value fibonacci-nim 1000000000000",
        example2: "value fibonacci-nim 20",
        rules: "Fibonacci Nim: one heap of tokens. The first move takes any number of tokens but not all; after that, each move takes at least one token and at most twice what the previous move took. The player who takes the last token wins.",
        known: "The first player loses exactly when the heap is a Fibonacci number; otherwise the winning move takes the smallest term of the heap's Zeckendorf representation (M. J. Whinihan, Fibonacci Nim, 1963, crediting R. E. Gaskell; OEIS A000045 for the Fibonacci numbers). E.g. 20 = 13 + 5 + 2: take 2.",
        build: |name, params| {
            no_params(name, params)?;
            memory_entry(name, MemoryRule::Double, FirstMove::AllButOne, name.to_string())
        },
    },
    Entry {
        name: "memory2c",
        params: "K",
        family: Family::Heap,
        summary: "one heap; first move takes at most K (plain `memory2c`: exactly 1), then at most twice the previous move",
        notation: "a heap `N`, or `N/M` (N left, the next move takes at most M); any u64",
        example: "value memory2c:3 100",
        example2: "value memory2c 21",
        rules: "One heap of tokens. The first move takes at least one and at most K tokens (plain `memory2c`: exactly one); after that each move takes at least one token and at most twice what the previous move took. The player who takes the last token wins.",
        known: "Schwenk's theorem (1970): build H_1 = 1, H_(j+1) = H_j + H_l with H_l the smallest term whose double is at least H_j (here the Fibonacci numbers); write n greedily as a sum of terms; (n, m) loses for the mover iff m is below the smallest term used. O(log n) for any 64-bit heap.",
        build: |name, params| {
            let k = match params {
                None => 1,
                Some(_) => whole_param(name, params, "K")?,
            };
            memory_entry(
                name,
                MemoryRule::Double,
                FirstMove::AtMost(k),
                format!("{name}:{k}"),
            )
        },
    },
    Entry {
        name: "memory",
        params: "K",
        family: Family::Heap,
        summary: "one heap; first move takes at most K, then at most K more than the previous move",
        notation: "a heap `N`, or `N/M` (N left, the next move takes at most M); any u64",
        example: "value memory:2 1000",
        example2: "value memory:1 100/3",
        rules: "One heap of tokens. The first move takes at least one and at most K tokens; after that each move takes at least one token and at most K more than the previous move took. The player who takes the last token wins.",
        known: "Schwenk's theorem (1970) with the rule c ↦ c + K: build H_1 = 1, H_(j+1) = H_j + H_l with H_l the smallest term such that H_l + K ≥ H_j; write n greedily as a sum of terms; (n, m) loses for the mover iff m is below the smallest term used.",
        build: |name, params| {
            let k = whole_param(name, params, "K")?;
            memory_entry(
                name,
                MemoryRule::Add(k),
                FirstMove::AtMost(k),
                format!("{name}:{k}"),
            )
        },
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::{GrundySolver, MisereSolver};

    /// The ruleset with its closed forms switched off.
    struct Plain<'a>(&'a MemoryGame);
    impl ImpartialRules for Plain<'_> {
        type Position = (u64, u64);
        fn moves(&self, p: &(u64, u64), out: &mut Vec<(u64, u64)>) {
            self.0.moves(p, out);
        }
    }

    fn games() -> Vec<MemoryGame> {
        let mut v = vec![MemoryGame::new(MemoryRule::Double, FirstMove::AllButOne).unwrap()];
        for k in 1..5 {
            v.push(MemoryGame::new(MemoryRule::Add(k), FirstMove::AtMost(k)).unwrap());
            v.push(MemoryGame::new(MemoryRule::Double, FirstMove::AtMost(k)).unwrap());
        }
        v
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]
        /// Range counts agree with the closed form heap by heap, in both conventions.
        #[test]
        fn range_counts_match_heap_by_heap(which in 0usize..9, low in 0u64..400, len in 0u64..400, misere: bool) {
            let g = &games()[which];
            let high = low + len;
            let fresh = |n: u64| if misere {
                g.is_p_misere(n, g.first_limit(n))
            } else {
                g.is_p(n, g.first_limit(n))
            };
            let brute = (low..=high).filter(|&n| fresh(n)).count() as u128;
            proptest::prop_assert_eq!(g.count_fresh_p(low, high, misere), brute);
        }
    }

    #[test]
    fn range_counts_over_all_u64() {
        let fib = MemoryGame::new(MemoryRule::Double, FirstMove::AllButOne).unwrap();
        // 0 and the Fibonacci numbers 1, 2, 3, 5, … below 2^64 (F(2) … F(93)).
        assert_eq!(fib.count_fresh_p(0, u64::MAX, false), 1 + 92);
        for g in games() {
            let whole = g.count_fresh_p(0, u64::MAX, false);
            let split = g.count_fresh_p(0, 1 << 40, false) + g.count_fresh_p((1 << 40) + 1, u64::MAX, false);
            assert_eq!(whole, split);
        }
    }

    #[test]
    fn closed_forms_match_brute_force() {
        for g in games() {
            let plain = Plain(&g);
            let mut normal = GrundySolver::new(&plain);
            let mut misere = MisereSolver::new(&plain);
            for n in 0..70u64 {
                for m in 1..=n.max(1) {
                    let p = (n, m);
                    let is_p = normal.grundy(&p).unwrap().is_zero();
                    assert_eq!(g.is_p(n, m), is_p, "{:?} ({n},{m})", g.rule);
                    let mut opts = Vec::new();
                    g.moves(&p, &mut opts);
                    let expect: Vec<u64> = opts
                        .iter()
                        .filter(|o| normal.grundy(o).unwrap().is_zero())
                        .map(|o| n - o.0)
                        .collect();
                    assert_eq!(g.winning_takes(n, m), expect, "{:?} ({n},{m})", g.rule);
                    let mis_p = misere.outcome(&p).unwrap() == Outcome::P;
                    assert_eq!(g.is_p_misere(n, m), mis_p, "misère {:?} ({n},{m})", g.rule);
                    let expect: Vec<u64> = opts
                        .iter()
                        .filter(|o| misere.outcome(o).unwrap() == Outcome::P)
                        .map(|o| n - o.0)
                        .collect();
                    assert_eq!(
                        g.winning_takes_misere(n, m),
                        expect,
                        "misère {:?} ({n},{m})",
                        g.rule
                    );
                }
            }
        }
    }

    #[test]
    fn fibonacci_terms_and_zeckendorf() {
        let g = MemoryGame::new(MemoryRule::Double, FirstMove::AllButOne).unwrap();
        // OEIS A000045 (Fibonacci numbers from F(2) = 1, F(3) = 2).
        assert_eq!(g.terms(10), vec![1, 2, 3, 5, 8, 13, 21, 34, 55, 89]);
        assert_eq!(g.representation(100), vec![89, 8, 3]);
        // c + 1 rule: 1, 2, 3, 5, 10, 20, 40, … (the doubling tail of Schwenk's sequence).
        let a = MemoryGame::new(MemoryRule::Add(1), FirstMove::AtMost(1)).unwrap();
        assert_eq!(a.terms(7), vec![1, 2, 3, 5, 10, 20, 40]);
        // c + 3: 1, 2, 3, 4, 5, 7, 11, 22, 44 (brute-force thresholds).
        let b = MemoryGame::new(MemoryRule::Add(3), FirstMove::AtMost(3)).unwrap();
        assert_eq!(b.terms(9), vec![1, 2, 3, 4, 5, 7, 11, 22, 44]);
    }

    #[test]
    fn huge_k_is_instant_and_representations_are_greedy() {
        let g = MemoryGame::new(MemoryRule::Add(u64::MAX), FirstMove::AtMost(u64::MAX)).unwrap();
        assert!(g.terms.len() < 200);
        for n in [1u64, 17, 1 << 40, u64::MAX] {
            let rep = g.representation(n);
            assert_eq!(rep.iter().map(|&t| u128::from(t)).sum::<u128>(), u128::from(n));
            assert!(rep.windows(2).all(|w| w[0] > w[1]));
        }
        // With k ≥ n every position with m ≥ 1 is a first-player win (take all).
        assert!(!g.is_p(u64::MAX, u64::MAX));
        assert_eq!(g.winning_takes(5, 5), vec![5]);
    }

    #[test]
    fn huge_heaps_are_instant() {
        let g = MemoryGame::new(MemoryRule::Double, FirstMove::AllButOne).unwrap();
        // F(93) = 12200160415121876738 is the largest Fibonacci number below 2^64.
        let f93 = 12_200_160_415_121_876_738u64;
        assert!(g.is_p(f93, f93 - 1));
        assert_eq!(g.winning_takes(f93 + 1, f93), vec![1]);
    }

    #[test]
    fn closed_form_moves_match_search() {
        let game = MemoryGame::new(MemoryRule::Double, FirstMove::AllButOne).unwrap();
        let mut normal = crate::impartial::GrundySolver::new(&game);
        let mut misere = crate::impartial::MisereSolver::new(&game);
        for n in 0..30 {
            for m in 0..=n {
                let p = (n, m);
                assert_eq!(
                    game.is_p_by_rule(p, false),
                    normal.grundy(&p).unwrap().is_zero(),
                    "{p:?}"
                );
                assert_eq!(
                    game.winning_moves_by_rule(p, false),
                    normal.winning_moves(&p).unwrap(),
                    "{p:?}"
                );
                assert_eq!(
                    game.is_p_by_rule(p, true),
                    misere.outcome(&p).unwrap() == Outcome::P,
                    "{p:?}"
                );
                let mut found = misere.winning_moves(&p).unwrap();
                found.sort_by_key(|q| std::cmp::Reverse(q.0));
                assert_eq!(game.winning_moves_by_rule(p, true), found, "{p:?}");
            }
        }
    }

    #[test]
    fn grundy_values_of_starting_heaps() {
        let game = MemoryGame::new(MemoryRule::Double, FirstMove::AllButOne).unwrap();
        let monitor = crate::monitor::Monitor::default();
        let values = game
            .grundy_values(30, 1_000_000, &monitor, &mut |_| true)
            .unwrap();
        let mut solver = crate::impartial::GrundySolver::new(&game);
        for (n, v) in values.iter().enumerate() {
            let n = n as u64;
            assert_eq!(*v, solver.grundy(&(n, game.first_limit(n))).unwrap().get());
        }
        let some = game
            .grundy_values(30, 1_000_000, &monitor, &mut |k| k < 5)
            .unwrap();
        assert_eq!(some, values[..5]);
    }

    /// 1 if the mover wins `(n, m)`, by plain negamax over the listed moves
    /// (no closed form): no move loses in normal play and wins in misère play.
    fn brute_wins(
        g: &MemoryGame,
        p: (u64, u64),
        misere: bool,
        memo: &mut std::collections::HashMap<(u64, u64), bool>,
    ) -> bool {
        if let Some(&w) = memo.get(&p) {
            return w;
        }
        let mut options = Vec::new();
        g.moves(&p, &mut options);
        let w = if options.is_empty() {
            misere
        } else {
            options.iter().any(|&o| !brute_wins(g, o, misere, memo))
        };
        memo.insert(p, w);
        w
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]

        /// The closed-form play of huge heaps checked on small ones: a move is
        /// legal exactly when the listed options hold it, the outcome is the
        /// brute-force one, a winning move exists exactly at N-positions and
        /// each leaves a P-position by brute force, and the smallest move is
        /// an option.
        #[test]
        fn closed_form_play_agrees_with_listed_options_and_brute_force(
            which in 0usize..9,
            n in 0u64..70,
            extra in 0u64..80,
            misere: bool,
        ) {
            use crate::play::ClosedFormPlay;
            use proptest::{prop_assert, prop_assert_eq};
            let g = &games()[which];
            let p = (n, extra.min(n + 3));
            let mut options = Vec::new();
            g.moves(&p, &mut options);
            for n2 in 0..=n + 1 {
                for m2 in 0..=2 * n + 10 {
                    let to = (n2, m2);
                    prop_assert_eq!(g.is_move(&p, &to), options.contains(&to), "{:?} → {:?}", p, to);
                }
            }
            let mut memo = std::collections::HashMap::new();
            let wins = brute_wins(g, p, misere, &mut memo);
            let outcome = if wins { Outcome::N } else { Outcome::P };
            prop_assert_eq!(g.outcome_of(&p, misere), outcome, "{:?} misère {}", p, misere);
            let winning = g.winning_moves_of(&p, misere);
            // (A misère end position is won without a move.)
            prop_assert_eq!(!winning.is_empty(), wins && !options.is_empty(), "{:?} misère {}", p, misere);
            for to in &winning {
                prop_assert!(options.contains(to));
                prop_assert!(!brute_wins(g, *to, misere, &mut memo), "{:?} → {:?}", p, to);
            }
            match g.smallest_move(&p) {
                Some(to) => prop_assert_eq!(Some(&to), options.first()),
                None => prop_assert!(options.is_empty()),
            }
        }
    }

    #[test]
    fn heaps_of_any_size_are_played_by_the_closed_form() {
        use crate::play::ClosedFormPlay;
        let fib = MemoryGame::new(MemoryRule::Double, FirstMove::AllButOne).unwrap();
        let n = 10u64.pow(18);
        let p = (n, fib.first_limit(n));
        assert!(fib.by_closed_form(&p) && !fib.by_closed_form(&(MEMORY_SEARCH_LIMIT, 5)));
        let winning = fib.winning_moves_of(&p, false);
        // 10^18 is no Fibonacci number (OEIS A000045: F(86) < 10^18 < F(87)),
        // so the first player wins by taking the smallest Zeckendorf term.
        let smallest = *fib.representation(n).last().unwrap();
        assert_eq!(winning[0], (n - smallest, 2 * smallest));
        for to in &winning {
            assert!(fib.is_move(&p, to));
            assert_eq!(fib.outcome_of(to, false), Outcome::P);
        }
    }
}
