//! The multiples-flipping game: choose a heads coin at `x`, turn it and the
//! coins at `2x, 3x, …, kx`.

use crate::impartial::MisereSolver;
use crate::notation::{ParseError, parse_u64_token};
use crate::outcome::Outcome;
use crate::play::{ImpartialEngine, PlayEngine, erase};
use crate::registry::{
    Data, Entry, Error, Family, Options, Report, Result, Ruleset, annotate, impartial_report, without_params,
};
use crate::{
    impartial::ImpartialRules,
    nimber::{MexSet, Nimber},
    notation::Notation,
};
use std::cell::OnceCell;

/// The multiples-flipping game on coins `1..=n`. A move chooses a heads coin
/// at `x` and some `k ≥ 1` with `kx ≤ n`, and turns the coins
/// `x, 2x, …, kx` (coin `x` goes to tails). It is a coin-turning game, so a
/// position is worth the nim-sum of its single heads coins.
///
/// Structure: a single heads coin at `x` is worth `g(⌊n/x⌋)`, where
/// `g(m) = mex { P_k : 1 ≤ k ≤ m }`, `P_k = g(⌊m/2⌋) ⊕ … ⊕ g(⌊m/k⌋)` (the
/// coin at `jx` has `⌊n/(jx)⌋ = ⌊⌊n/x⌋/j⌋`). Only the O(√n) distinct values
/// `⌊n/x⌋` occur, and each `g(m)` runs over the O(√m) blocks of equal
/// `⌊m/j⌋`, inside which the prefix alternates between two values: the table
/// costs O(n^{3/4}) time and O(√n) memory (n = 10^9 in well under a second
/// in release builds), after which a coin is an O(1) look-up.
///
/// ```
/// use sprague::games::MultiplesFlip;
/// let game = MultiplesFlip::new(10);
/// // Coin 6 (⌊10/6⌋ = 1) can only be turned alone: value 1.
/// assert_eq!(game.coin_value(6), 1);
/// ```
#[derive(Clone, Debug)]
pub struct MultiplesFlip {
    n: u64,
    s: u64,
    /// `small[q] = g(q)` for `q ≤ s`.
    small: Vec<u32>,
    /// `large[d] = g(⌊n/d⌋)` for `d ≤ s`.
    large: Vec<u32>,
}

/// Largest number of coins of [`MultiplesFlip`] valued (the table takes
/// O(N^(3/4)) time).
pub const MULTIPLES_MAX_COINS: u64 = 1_000_000_000_000;

/// Largest number of coins of [`MultiplesFlip`] in misère play, which is searched.
pub const MULTIPLES_MISERE_LIMIT: u64 = 24;

/// A run of winning choices `k = from, from + step, …, ≤ to` for one coin.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KRange {
    /// The chosen heads coin `x`.
    pub coin: u64,
    /// First `k`.
    pub from: u64,
    /// Last `k`.
    pub to: u64,
    /// Step between consecutive `k` (1 or 2).
    pub step: u64,
}

impl KRange {
    /// Number of values of `k` in the run.
    #[must_use]
    pub const fn len(&self) -> u64 {
        (self.to - self.from) / self.step + 1
    }

    /// Whether the run is empty (never, for runs this module returns).
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.to < self.from
    }

    /// The values of `k` in the run, increasing.
    pub fn multipliers(&self) -> impl Iterator<Item = u64> + '_ {
        (0..self.len()).map(|i| self.from + i * self.step)
    }
}

impl MultiplesFlip {
    /// The game on coins `1..=n`, with its value table. O(n^{3/4}).
    #[must_use]
    pub fn new(n: u64) -> MultiplesFlip {
        match Self::with_monitor(n, None) {
            Ok(game) => game,
            // Without a monitor nothing stops the table.
            Err(_) => MultiplesFlip {
                n: 0,
                s: 0,
                small: vec![0],
                large: vec![0],
            },
        }
    }

    /// [`new`](Self::new), reporting the table's entries to `monitor` and
    /// stopping when it asks (Ctrl-C, the memory budget): the table of
    /// N = 10^12 takes about 10^9 steps.
    ///
    /// # Errors
    /// [`Interrupted`](crate::Interrupted) when the monitor asks for a stop.
    pub fn with_monitor(
        n: u64,
        monitor: Option<&crate::monitor::Monitor>,
    ) -> Result<MultiplesFlip, crate::monitor::Interrupted> {
        let s = n.isqrt();
        let mut game = MultiplesFlip {
            n,
            s,
            small: vec![0; s as usize + 1],
            large: vec![0; s as usize + 1],
        };
        let mut ticker = crate::monitor::Ticker::new(monitor);
        let mut scratch = MexSet::new();
        for q in 1..=s {
            let v = game.compute(q, &mut scratch);
            game.small[q as usize] = v;
            // Each entry costs O(√q) steps.
            ticker.tick_n(q.isqrt() + 1)?;
        }
        for d in (1..=s).rev() {
            let v = game.compute(n / d, &mut scratch);
            game.large[d as usize] = v;
            ticker.tick_n((n / d).isqrt() + 1)?;
        }
        ticker.flush()?;
        Ok(game)
    }

    /// The number of coins.
    #[must_use]
    pub const fn len(&self) -> u64 {
        self.n
    }

    /// Whether there are no coins.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// `g(q)` for a `q` of the form `⌊n/x⌋` (or 0).
    fn g(&self, q: u64) -> u32 {
        if q == 0 {
            0
        } else if q <= self.s {
            self.small[q as usize]
        } else {
            self.large[(self.n / q) as usize]
        }
    }

    /// Calls `f(j0, j1, v)` for each block `j0..=j1` of `j ∈ 2..=m` with equal
    /// `⌊m/j⌋` and value `v = g(⌊m/j⌋)`.
    fn blocks(&self, m: u64, mut f: impl FnMut(u64, u64, u32)) {
        let mut j = 2;
        while j <= m {
            let q = m / j;
            let j1 = m / q;
            f(j, j1, self.g(q));
            j = j1 + 1;
        }
    }

    /// `g(m)`: the mex of the prefixes, gathered in `seen` (values above the
    /// number of prefixes, at most 4√m + 1, cannot affect the mex). O(√m).
    fn compute(&self, m: u64, seen: &mut MexSet) -> u32 {
        seen.clear();
        let bound = 4 * (m.isqrt() as usize) + 8;
        let mut mark = |v: u32| {
            if v as usize <= bound {
                seen.insert(v as usize);
            }
        };
        mark(0);
        let mut cur = 0u32;
        self.blocks(m, |j0, j1, v| {
            mark(cur ^ v);
            if j1 > j0 {
                mark(cur);
            }
            if (j1 - j0) % 2 == 0 {
                cur ^= v;
            }
        });
        seen.mex() as u32
    }

    /// The value of a single heads coin at `x` (1-based, `x ≤ n`). O(1).
    #[must_use]
    pub fn coin_value(&self, x: u64) -> u64 {
        if x == 0 || x > self.n {
            return 0;
        }
        u64::from(self.g(self.n / x))
    }

    /// The value of a position: the nim-sum of its heads coins' values.
    #[must_use]
    pub fn value(&self, heads: &[u64]) -> u64 {
        heads.iter().fold(0, |a, &x| a ^ self.coin_value(x))
    }

    /// Every winning move, as runs of `k` per heads coin. O(heads · √n).
    #[must_use]
    pub fn winning_moves(&self, heads: &[u64]) -> Vec<KRange> {
        let total = self.value(heads);
        let mut out = Vec::new();
        if total == 0 {
            return out;
        }
        for &x in heads {
            let m = self.n / x;
            let target = (total ^ self.coin_value(x)) as u32;
            if target == 0 {
                out.push(KRange {
                    coin: x,
                    from: 1,
                    to: 1,
                    step: 1,
                });
            }
            let mut cur = 0u32;
            self.blocks(m, |j0, j1, v| {
                if cur ^ v == target {
                    out.push(KRange {
                        coin: x,
                        from: j0,
                        to: j1 - (j1 - j0) % 2,
                        step: 2,
                    });
                }
                if j1 > j0 && cur == target {
                    out.push(KRange {
                        coin: x,
                        from: j0 + 1,
                        to: j1 - (j1 - j0 - 1) % 2,
                        step: 2,
                    });
                }
                if (j1 - j0) % 2 == 0 {
                    cur ^= v;
                }
            });
        }
        for r in &mut out {
            if r.from == r.to {
                r.step = 1;
            }
        }
        out
    }
}

impl ImpartialRules for MultiplesFlip {
    /// The heads coins, increasing.
    type Position = Vec<u64>;

    fn moves(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for &x in p {
            let mut q: std::collections::BTreeSet<u64> = p.iter().copied().collect();
            q.remove(&x);
            out.push(q.iter().copied().collect());
            let mut k = 2;
            while k * x <= self.n {
                let c = k * x;
                if !q.remove(&c) {
                    q.insert(c);
                }
                out.push(q.iter().copied().collect());
                k += 1;
            }
        }
    }

    fn decompose(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) -> bool {
        crate::impartial::split_pieces(p, out)
    }

    fn compose(&self, parts: &[Vec<u64>]) -> Option<Vec<u64>> {
        let mut set = std::collections::BTreeSet::new();
        for &x in parts.iter().flatten() {
            if !set.remove(&x) {
                set.insert(x);
            }
        }
        Some(set.into_iter().collect())
    }

    fn closed_form(&self, p: &Vec<u64>) -> Option<Nimber> {
        match p[..] {
            [] => Some(Nimber::ZERO),
            [x] => Some(Nimber(self.coin_value(x))),
            _ => None,
        }
    }
}

/// Parses `N: x1 x2 …` (the number of coins, then the heads coins, 1-based).
///
/// # Errors
/// A missing `:`, a bad number, a coin outside `1..=N`, or a repeated coin.
pub fn parse_multiples(text: &str) -> Result<(u64, Vec<u64>), ParseError> {
    let Some((left, right)) = text.split_once(':') else {
        return Err(ParseError::new(
            "expected `N: x1 x2 …` (number of coins, a colon, the heads coins)",
            1,
            text.trim(),
        ));
    };
    let lead = left.len() - left.trim_start().len();
    let n = parse_u64_token(left.trim(), lead + 1, "the number of coins N")?;
    let base = left.chars().count() + 1;
    let mut heads = Vec::new();
    let mut col = base;
    for word in right.split(|c: char| c.is_whitespace() || c == ',') {
        if word.is_empty() {
            col += 1;
            continue;
        }
        let x = parse_u64_token(word, col + 1, "a coin position")?;
        if x == 0 || x > n {
            return Err(ParseError::new(
                format!("coins are numbered 1 to {n}"),
                col + 1,
                word,
            ));
        }
        heads.push((x, col + 1, word));
        col += word.chars().count() + 1;
    }
    heads.sort_unstable_by_key(|h| h.0);
    if let Some(w) = heads.windows(2).find(|w| w[0].0 == w[1].0) {
        return Err(ParseError::new("a coin is listed twice", w[1].1, w[1].2));
    }
    Ok((n, heads.into_iter().map(|h| h.0).collect()))
}

impl Notation<Vec<u64>> for MultiplesFlip {
    /// `N: x1 x2 …`; `N` must equal this game's number of coins.
    fn parse_position(&self, text: &str) -> Result<Vec<u64>, ParseError> {
        let (n, heads) = parse_multiples(text)?;
        if n != self.n {
            return Err(ParseError::new(
                format!("this game has {} coins", self.n),
                1,
                n.to_string(),
            ));
        }
        Ok(heads)
    }

    fn format_position(&self, p: &Vec<u64>) -> String {
        let parts: Vec<String> = p.iter().map(u64::to_string).collect();
        format!("{}: {}", self.n, parts.join(" "))
    }
}

/// Largest number of winning moves listed for the multiples game (the text
/// shows the first few unless `--all`; `runs` describes every move).
const MULTIPLES_LIST_LIMIT: u64 = 100_000;

/// The multiples-flipping game. A player borrows its game for its whole
/// life, and the game (the value table) depends on the N of the position, so
/// the ruleset keeps the games it has played, one per N up to the play limit.
#[derive(Default)]
struct MultiplesBoard {
    played: OnceCell<Box<[OnceCell<MultiplesPlay>]>>,
}

impl MultiplesBoard {
    /// The game on `n ≤ MULTIPLES_PLAY_LIMIT` coins, built on first use.
    fn game(&self, n: u64) -> Option<&MultiplesPlay> {
        let played = self
            .played
            .get_or_init(|| (0..=MULTIPLES_PLAY_LIMIT).map(|_| OnceCell::new()).collect());
        let cell = played.get(usize::try_from(n).ok()?)?;
        Some(cell.get_or_init(|| MultiplesPlay(MultiplesFlip::new(n))))
    }
}

impl Ruleset for MultiplesBoard {
    fn value(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        let (n, heads) = parse_multiples(position).map_err(|e| Error::position(position, e))?;
        if n > MULTIPLES_MAX_COINS {
            return Err(Error::input(format!(
                "position `{position}`: N must be at most 10^12 (the value table takes O(N^3/4) time)"
            )));
        }
        let game = MultiplesFlip::with_monitor(n, Some(options.monitor))?;
        let canonical = game.format_position(&heads);
        if options.misere && n > MULTIPLES_MISERE_LIMIT {
            return Err(Error::input(format!(
                "multiples: misère play is searched, so N must be at most {MULTIPLES_MISERE_LIMIT}"
            )));
        }
        if options.misere {
            let mut solver =
                MisereSolver::with_max_states(&game, options.max_states).with_monitor(options.monitor);
            let o = solver.outcome(&heads)?;
            let moves: Vec<(String, String)> = solver
                .winning_moves(&heads)?
                .iter()
                .map(|q| {
                    let turned: Vec<String> = heads
                        .iter()
                        .filter(|x| !q.contains(x))
                        .chain(q.iter().filter(|x| !heads.contains(x)))
                        .map(u64::to_string)
                        .collect();
                    (
                        game.format_position(q),
                        format!("turn coins {}", turned.join(", ")),
                    )
                })
                .collect();
            return Ok(impartial_report("multiples", &canonical, true, o, None, &moves));
        }
        let g = game.value(&heads);
        let runs = game.winning_moves(&heads);
        let total: u64 = runs.iter().map(KRange::len).sum();
        let moves: Vec<(String, String)> = runs
            .iter()
            .flat_map(|r| r.multipliers().map(move |k| (r.coin, k)))
            .take(MULTIPLES_LIST_LIMIT as usize)
            .map(|(x, k)| {
                let what = if k == 1 {
                    format!("turn coin {x} alone")
                } else {
                    format!("turn coins {x}, {}, …, {}", 2 * x, k * x)
                };
                (format!("x={x} k={k}"), what)
            })
            .collect();
        let mut report = impartial_report(
            "multiples",
            &canonical,
            false,
            Outcome::from_grundy(Nimber(g)),
            Some(g),
            &moves,
        );
        let values: Vec<u64> = heads.iter().map(|&x| game.coin_value(x)).collect();
        annotate(&mut report, "coin_values", values, None);
        annotate(
            &mut report,
            "winning_moves_total",
            total,
            (total > moves.len() as u64).then(|| {
                format!(
                    "({total} winning moves in all; the first {} are listed)",
                    moves.len()
                )
            }),
        );
        let runs: Vec<Data> = runs
            .iter()
            .map(|r| {
                Data::map()
                    .with("coin", r.coin)
                    .with("k_from", r.from)
                    .with("k_to", r.to)
                    .with("k_step", r.step)
            })
            .collect();
        annotate(&mut report, "winning_runs", Data::List(runs), None);
        Ok(report)
    }

    fn play<'a>(&'a self, position: &str, options: &Options<'a>) -> Result<Box<dyn PlayEngine + 'a>> {
        let (n, heads) = parse_multiples(position).map_err(|e| Error::position(position, e))?;
        let limit = if options.misere {
            MULTIPLES_MISERE_PLAY_LIMIT
        } else {
            MULTIPLES_PLAY_LIMIT
        };
        let game = self.game(n).filter(|_| n <= limit).ok_or_else(|| {
            Error::input(format!(
                "position `{position}`: multiples plays games of at most {limit} coins{} (every move is listed each turn); this one has {n}",
                if options.misere { " in misère play" } else { "" }
            ))
        })?;
        Ok(erase(multiples_engine(game, options), heads))
    }
}

/// The catalog entries.
pub(crate) const ENTRIES: &[Entry] = &[Entry {
    name: "multiples",
    params: "",
    family: Family::Impartial,
    summary: "coins 1..N: pick a heads coin x and k ≥ 1, turn coins x, 2x, …, kx",
    notation: "`N: x1 x2 …` (number of coins, then the heads coins), N up to 10^12",
    example: "value multiples 1000000000: 1 2 3 5 8 13 21 34 55 89",
    example2: "value multiples 10: 6",
    rules: "Coins numbered 1 to N, some showing heads. A move chooses a heads coin x and some k ≥ 1 with kx ≤ N, and turns over the coins x, 2x, …, kx (coin x goes to tails). The player who cannot move loses.",
    known: "A coin-turning game, so a position is the nim-sum of its single heads coins (coin-turning theorem, Winning Ways, ch. 14). A heads coin at x is worth g(⌊N/x⌋) with g(m) = mex over k ≤ m of g(⌊m/2⌋) ⊕ … ⊕ g(⌊m/k⌋), which sprague computes in O(N^(3/4)) time for N up to 10^12.",
    build: |name, params| without_params(name, params, |_| MultiplesBoard::default()),
}];

/// Most coins of a multiples game in play (every move is listed each turn).
pub const MULTIPLES_PLAY_LIMIT: u64 = 1_000;
/// Most coins of a multiples game in misère play (searched).
pub const MULTIPLES_MISERE_PLAY_LIMIT: u64 = MULTIPLES_MISERE_LIMIT;

/// The multiples game with moves described as the coins they turn, a board
/// of `H` and `.` and short move forms, for play.
#[derive(Clone, Debug)]
pub struct MultiplesPlay(pub MultiplesFlip);

impl ImpartialRules for MultiplesPlay {
    type Position = Vec<u64>;

    fn moves(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        self.0.moves(p, out);
    }

    fn decompose(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) -> bool {
        self.0.decompose(p, out)
    }

    fn compose(&self, parts: &[Vec<u64>]) -> Option<Vec<u64>> {
        self.0.compose(parts)
    }

    fn closed_form(&self, p: &Vec<u64>) -> Option<Nimber> {
        self.0.closed_form(p)
    }
}

impl Notation<Vec<u64>> for MultiplesPlay {
    fn parse_position(&self, text: &str) -> Result<Vec<u64>, ParseError> {
        self.0.parse_position(text)
    }

    fn format_position(&self, p: &Vec<u64>) -> String {
        self.0.format_position(p)
    }

    fn describe_move(&self, from: &Vec<u64>, to: &Vec<u64>) -> String {
        // The coins turned: the symmetric difference; x is the smallest, kx the largest.
        let turned: Vec<u64> = from
            .iter()
            .filter(|c| to.binary_search(c).is_err())
            .chain(to.iter().filter(|c| from.binary_search(c).is_err()))
            .copied()
            .collect();
        let (Some(&x), Some(&top)) = (turned.iter().min(), turned.iter().max()) else {
            return "no change".to_string();
        };
        match top / x {
            1 => format!("turn coin {x}"),
            2 => format!("turn coins {x}, {top} (x = {x}, k = 2)"),
            k => format!("turn coins {x}, {}, …, {top} (x = {x}, k = {k})", 2 * x),
        }
    }
}

impl MultiplesPlay {
    /// Reads `X` (turn coin X alone) or `X K` (coins X, 2X, …, KX).
    fn read(&self, from: &[u64], line: &str) -> Option<Result<Vec<u64>, String>> {
        let t = line.trim();
        let t = t.strip_prefix("turn").map_or(t, str::trim);
        let words: Vec<&str> = t.split([' ', ',']).filter(|w| !w.is_empty()).collect();
        let (x, k) = match words[..] {
            [x] => (x.parse::<u64>().ok()?, 1),
            [x, k] => (
                x.parse::<u64>().ok()?,
                k.strip_prefix("k=").unwrap_or(k).parse::<u64>().ok()?,
            ),
            _ => return None,
        };
        let n = self.0.len();
        if from.binary_search(&x).is_err() {
            return Some(Err(format!(
                "coin {x} shows tails: a move starts at a heads coin"
            )));
        }
        if k == 0 || k.checked_mul(x).is_none_or(|kx| kx > n) {
            return Some(Err(format!("k must be 1 to {} for coin {x} (kx ≤ {n})", n / x)));
        }
        let mut set: std::collections::BTreeSet<u64> = from.iter().copied().collect();
        for j in 1..=k {
            if !set.remove(&(j * x)) {
                set.insert(j * x);
            }
        }
        Some(Ok(set.into_iter().collect()))
    }

    /// The coins as a strip, `H` heads and `.` tails, for up to 60 coins.
    fn draw(&self, p: &[u64]) -> Option<String> {
        let n = self.0.len();
        if n > 60 {
            return None;
        }
        let w = n.to_string().len() + 1;
        let cells: String = (1..=n)
            .map(|c| crate::columns::pad_right(if p.binary_search(&c).is_ok() { "H" } else { "." }, w))
            .collect();
        let nums: String = (1..=n)
            .map(|c| crate::columns::pad_right(&c.to_string(), w))
            .collect();
        Some(format!(
            "{}\n{}\n(H heads, . tails)\n",
            cells.trim_end(),
            nums.trim_end()
        ))
    }
}

/// A perfect player of `game`: one heads coin a component, with its board,
/// short move forms and the coin-turning explanation in hints.
#[must_use]
pub fn multiples_engine<'r>(
    game: &'r MultiplesPlay,
    options: &Options<'r>,
) -> ImpartialEngine<'r, MultiplesPlay> {
    ImpartialEngine::new("multiples".to_string(), game, false, options)
        .with_component_word("coin")
        .with_component_label(|c| match c.first() {
            Some(x) => format!("heads coin {x}"),
            None => "no coin".to_string(),
        })
        .with_why(|_| {
            vec!["a coin-turning game: each heads coin x is a game of its own, worth g(⌊N/x⌋), and the position is worth the nim-sum of its heads coins (Winning Ways, ch. 14).".to_string()]
        })
        .with_board(|p| game.draw(p))
        .with_short_moves("as the heads coin x to start from and k, `6` (coin 6 alone) or `3 2` (coins 3, 6)", |from, line| {
            game.read(from, line)
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::GrundySolver;
    use proptest::prelude::*;

    /// The game with no decomposition or closed form: full search on sets of heads.
    struct Plain<'a>(&'a MultiplesFlip);
    impl ImpartialRules for Plain<'_> {
        type Position = Vec<u64>;
        fn moves(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
            self.0.moves(p, out);
        }
    }

    #[test]
    fn table_matches_full_search_for_all_small_boards() {
        for n in 1..=11u64 {
            let game = MultiplesFlip::new(n);
            let plain = Plain(&game);
            let mut s = GrundySolver::new(&plain);
            for mask in 0u32..(1 << n) {
                let heads: Vec<u64> = (1..=n).filter(|&x| mask >> (x - 1) & 1 == 1).collect();
                let want = s.grundy(&heads).unwrap().get();
                assert_eq!(game.value(&heads), want, "n={n} {heads:?}");
                // Winning moves: expand the runs and compare with search.
                let mut got: Vec<(u64, u64)> = game
                    .winning_moves(&heads)
                    .iter()
                    .flat_map(|r| (0..r.len()).map(move |i| (r.coin, r.from + i * r.step)))
                    .collect();
                got.sort_unstable();
                let mut expect = Vec::new();
                for &x in &heads {
                    for k in 1..=n / x {
                        let mut set: std::collections::BTreeSet<u64> = heads.iter().copied().collect();
                        for j in 1..=k {
                            if !set.remove(&(j * x)) {
                                set.insert(j * x);
                            }
                        }
                        let after: Vec<u64> = set.into_iter().collect();
                        if game.value(&after) == 0 {
                            expect.push((x, k));
                        }
                    }
                }
                assert_eq!(got, expect, "n={n} {heads:?}");
            }
        }
    }

    /// g by its definition, O(m²) per value.
    fn g_direct(m: u64, memo: &mut std::collections::HashMap<u64, u64>) -> u64 {
        if let Some(&v) = memo.get(&m) {
            return v;
        }
        let mut seen = vec![0u64];
        let mut cur = 0;
        for k in 2..=m {
            cur ^= g_direct(m / k, memo);
            seen.push(cur);
        }
        let v = crate::nimber::mex(seen.into_iter().map(Nimber)).get();
        memo.insert(m, v);
        v
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(40))]
        #[test]
        fn block_table_matches_direct_definition(n in 1u64..3000, x in 1u64..3000) {
            let game = MultiplesFlip::new(n);
            let x = x.min(n);
            let mut memo = std::collections::HashMap::new();
            prop_assert_eq!(game.coin_value(x), g_direct(n / x, &mut memo));
        }
    }

    #[test]
    fn notation() {
        assert_eq!(parse_multiples("10: 3 1 7").unwrap(), (10, vec![1, 3, 7]));
        assert_eq!(parse_multiples("10: 3 11").unwrap_err().column, 7);
        assert_eq!(parse_multiples("10: 3 3").unwrap_err().column, 7);
        assert_eq!(parse_multiples("10 3").unwrap_err().column, 1);
    }
}

#[cfg(test)]
mod play_tests {
    use super::*;

    #[test]
    fn short_moves_and_descriptions() {
        let game = MultiplesPlay(MultiplesFlip::new(10));
        let from = vec![3, 6];
        assert_eq!(game.read(&from, "3 2"), Some(Ok(vec![])));
        assert_eq!(game.read(&from, "6"), Some(Ok(vec![3])));
        assert!(matches!(game.read(&from, "4"), Some(Err(_))));
        assert!(matches!(game.read(&from, "3 4"), Some(Err(_))));
        assert_eq!(game.read(&from, "x"), None);
        assert_eq!(
            game.describe_move(&from, &vec![]),
            "turn coins 3, 6 (x = 3, k = 2)"
        );
        assert_eq!(game.describe_move(&from, &vec![3]), "turn coin 6");
        assert!(game.draw(&from).is_some_and(|b| b.starts_with(".  .  H")));
    }
}
