//! Any [`HeapGame`] as a registry [`Ruleset`]: values of heap sums (with
//! tables and proven periods for huge heaps), tables, misère play and play.

use super::count::count_listed;
use super::count::{COUNT_LISTING_LIMIT, check_count};
use super::impartial_rules::{described_moves, impartial_report};
use super::report::{Report, Table};
use super::ruleset::Ruleset;
use crate::heap::HeapMove;
use crate::play::{ImpartialEngine, PlayEngine, erase};
use crate::query::{Error, OnProgress, Options, Result};
use crate::{
    heap::{GrundyTable, HeapGame, Heaps, misere_grundy_values_with},
    notation::{Notation, parse_heaps},
    outcome::Outcome,
};
use std::sync::OnceLock;

/// Largest heap accepted by [`Ruleset::play`] (every option of a heap is listed).
pub(crate) const PLAY_MAX_HEAP: u64 = 1 << 12;

/// Largest heap of the splitting games whose moves may leave that many heaps.
pub(crate) const SPLIT_MAX: u64 = 1_000_000;

/// Largest heap accepted in misère play (searched position by position).
const MISERE_MAX_HEAP: u64 = 1 << 16;

/// A [`HeapGame`] as a [`Ruleset`] on positions of several heaps (`3 4 5`).
///
/// Values come from the game's closed form or from a [`GrundyTable`] chosen by
/// [`GrundyTable::covering`] (so heaps up to 2^64 − 1 are answered through a
/// proven period), and winning moves from [`Heaps::solve_sum`]. Misère play
/// of tame games is answered by [`Heaps::solve_tame_misere`] (any heaps),
/// otherwise from a misère quotient when a small one covers the heaps,
/// else searched by [`PieceMisereSolver`](crate::impartial::PieceMisereSolver) over multisets of heaps
/// (heaps up to 2^16). Tables are
/// [`GrundyTable::listing`] (or misère values by search). Play accepts heaps
/// up to 2^12; the table made for the first session's largest heap serves
/// every later session of the same ruleset.
///
/// ```
/// use sprague::{Monitor, Options, Ruleset, registry::HeapRuleset, games::Nim};
/// let nim = HeapRuleset::new("nim".to_string(), Nim);
/// let monitor = Monitor::default();
/// let report = nim.value("3 4 5", &Options::new(&monitor)).unwrap();
/// assert_eq!(report.grundy(), Some(2));
/// ```
#[derive(Debug)]
pub struct HeapRuleset<G> {
    name: String,
    game: G,
    max_heap: u64,
    /// The rules with the table that play uses, made by the first session
    /// for its largest heap.
    play_rules: OnceLock<Heaps<G>>,
}

/// The most heaps for which a winning move is shown as the whole position
/// after it (beyond, as the heap it changes).
const FULL_POSITIONS_UP_TO: usize = 1000;

/// A move in a long sum of heaps, named by the heap it changes: `heap 7: 9 → 4`,
/// `heap 7: 9 → 2 5` (a split) or `heap 7: 9 → nothing`. O(parts).
fn describe_compact(heaps: &[u64], m: &HeapMove) -> String {
    let from = heaps.get(m.heap).copied().unwrap_or(0);
    let to = if m.parts.is_empty() {
        "nothing".to_string()
    } else {
        m.parts.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")
    };
    format!("heap {}: {from} → {to}", m.heap + 1)
}

/// Bytes a misère table holds per heap at most: the value, its copy in the
/// returned [`Table`], and the searches' bookkeeping.
const MISERE_TABLE_BYTES_PER_VALUE: u64 = 48;

/// Bytes a heap costs while a table is made (`table`, and `value` and
/// `count` up to a heap): the value kept (8), and the engine's own copy
/// while they are converted (Grundy's game 1.5 bytes, the general
/// rare-value engine 4).
const TABULATE_BYTES_PER_VALUE: u64 = 12;

impl<G: HeapGame + Clone> HeapRuleset<G> {
    /// `game` under the name `name` (shown in reports, with parameters),
    /// accepting any heap below 2^64.
    #[must_use]
    pub fn new(name: String, game: G) -> Self {
        HeapRuleset {
            name,
            game,
            max_heap: u64::MAX,
            play_rules: OnceLock::new(),
        }
    }

    /// The same ruleset accepting heaps of at most `max_heap` tokens (for
    /// splitting games, whose moves may leave that many heaps).
    #[must_use]
    pub fn with_max_heap(mut self, max_heap: u64) -> Self {
        self.max_heap = max_heap;
        self
    }

    /// The table that values every heap up to `largest`: the cheap one of
    /// [`GrundyTable::covering`] (closed form, proven period, small heaps),
    /// else `G(0 ..= largest)` by the game's fastest algorithm (Grundy's game:
    /// its sparse-space engine), within the budgets of `options`: one state
    /// a value against `max_states` and [`TABULATE_BYTES_PER_VALUE`] a value
    /// against the memory budget, both checked before the work; the monitor
    /// sees the values done (phase `tabulating`) and its stop request (Ctrl-C)
    /// ends the work. Cost: the game's table algorithm on `largest + 1`
    /// values when no cheaper table values `largest`.
    ///
    /// # Errors
    /// [`Error::Input`] past the state budget, [`Error::Memory`] past the
    /// memory budget, [`Error::Search`] when stopped.
    fn table_up_to(&self, largest: u64, options: &Options<'_>) -> Result<GrundyTable> {
        let table = self.covering(largest, options)?;
        if self.game.heap_value(largest).is_some() || table.value(largest).is_some() {
            return Ok(table);
        }
        let count = largest.saturating_add(1);
        let what = "a table of every heap up to the largest (no closed form or proven period values it)";
        options.check_memory(count, TABULATE_BYTES_PER_VALUE, what)?;
        if count > options.max_states as u64 {
            return Err(Error::input(format!(
                "heap {largest} of {}: no closed form and no proven period, so it is valued from a table of G(0..={largest}), {count} values, more than the state budget of {} (one state a value; raise it with --max-states, or max_states= in Python)",
                self.name, options.max_states
            )));
        }
        let Ok(count) = usize::try_from(count) else {
            return Err(Error::Memory(crate::budget::MemoryExceeded {
                what,
                needed: u64::MAX,
                max_memory: options.max_memory(),
            }));
        };
        let monitor = options.monitor;
        monitor.start_phase("tabulating", Some(count as u64), 0);
        let mut reported = 0usize;
        let table = GrundyTable::compute_with(&self.game, count, &mut |done| {
            monitor.add(done.saturating_sub(reported) as u64);
            reported = reported.max(done);
            monitor.check().is_ok()
        });
        if table.values().len() < count {
            return Err(Error::Search(crate::monitor::SearchError::Interrupted(
                crate::monitor::Interrupted { done: monitor.done() },
            )));
        }
        Ok(table)
    }

    /// The heaps of `position`, checked against the largest heap accepted.
    fn parse(&self, position: &str) -> Result<Vec<u64>> {
        let heaps = parse_heaps(position).map_err(|e| Error::position(position, e))?;
        if let Some(&h) = heaps.iter().find(|&&h| h > self.max_heap) {
            return Err(Error::input(format!(
                "position `{position}`: heap {h} is too large for {} (at most {}; a move may leave that many heaps)",
                self.name, self.max_heap
            )));
        }
        Ok(heaps)
    }
}

/// Largest heap for which `value --misere` tries a misère quotient first.
pub const QUOTIENT_MAX_HEAP: u64 = 128;

/// Largest quotient order `value --misere` builds before searching instead.
pub const QUOTIENT_MAX_ORDER: usize = 2048;

/// Most states the verification of that quotient may visit.
const QUOTIENT_MAX_STATES: usize = 2_000_000;

impl<G: HeapGame + Clone> HeapRuleset<G> {
    /// [`GrundyTable::covering`] of `largest`, stopping when the monitor of
    /// `options` asks (Ctrl-C, the memory budget): a table of a big game
    /// (a subtraction set of 10^5 numbers) takes long to prove.
    ///
    /// # Errors
    /// [`Error::Search`] with the interruption.
    fn covering(&self, largest: u64, options: &Options<'_>) -> Result<GrundyTable> {
        let monitor = options.monitor;
        let table = GrundyTable::covering_with(&self.game, largest, &mut |_| monitor.check().is_ok());
        monitor.check()?;
        Ok(table)
    }

    /// The misère report of `heaps` from the misère quotient of the heaps
    /// `1 ..= largest` ([`MisereQuotient`](crate::heap::MisereQuotient)),
    /// when it is found within [`QUOTIENT_MAX_ORDER`] elements and its
    /// verification within its budget; `Ok(None)` otherwise (the caller
    /// searches). The outcome and each option's are one product per heap.
    fn misere_by_quotient(
        &self,
        rules: &Heaps<G>,
        heaps: &[u64],
        largest: u64,
        options: &Options<'_>,
    ) -> Result<Option<Report>> {
        use crate::heap::{MisereQuotient, QuotientError, QuotientLimits};
        if largest == 0 || largest > QUOTIENT_MAX_HEAP {
            return Ok(None);
        }
        let limits = QuotientLimits {
            max_order: QUOTIENT_MAX_ORDER,
            max_states: QUOTIENT_MAX_STATES.min(options.max_states),
            monitor: Some(options.monitor),
        };
        let q = match MisereQuotient::compute(&self.game, largest, &limits) {
            Ok(q) => q,
            Err(QuotientError::Interrupted(i)) => return Err(Error::Search(i.into())),
            Err(_) => return Ok(None),
        };
        let Some(outcome) = q.outcome(heaps) else {
            return Ok(None);
        };
        // The winning moves, one heap at a time: the product of the other
        // heaps (prefix times suffix) times the product of what the move
        // leaves. O(heaps + options of each distinct heap size), never a
        // whole position per move (30,000 heaps would take gigabytes).
        let mut winning: Vec<crate::heap::HeapMove> = Vec::new();
        if outcome == Outcome::N {
            let Some(elements) = heaps
                .iter()
                .map(|&h| q.heap_element(h))
                .collect::<Option<Vec<usize>>>()
            else {
                return Ok(None);
            };
            let mut suffix = vec![0usize; elements.len() + 1];
            for i in (0..elements.len()).rev() {
                suffix[i] = q.multiply(elements[i], suffix[i + 1]);
            }
            let mut prefix = 0usize;
            let mut seen = std::collections::HashSet::new();
            let mut ticker = crate::monitor::Ticker::new(Some(options.monitor));
            for (i, &h) in heaps.iter().enumerate() {
                let rest = q.multiply(prefix, suffix[i + 1]);
                prefix = q.multiply(prefix, elements[i]);
                ticker.tick()?;
                if !seen.insert(h) {
                    continue;
                }
                let mut failed = false;
                self.game.heap_options(h, &mut |parts| {
                    let Some(e) = q.element_of(parts) else {
                        failed = true;
                        return;
                    };
                    if q.is_p(q.multiply(rest, e)) {
                        winning.push(crate::heap::HeapMove {
                            heap: i,
                            parts: parts.to_vec(),
                        });
                    }
                });
                if failed {
                    return Ok(None);
                }
            }
            ticker.flush()?;
        }
        let full = heaps.len() <= FULL_POSITIONS_UP_TO;
        options.check_memory(
            winning.len() as u64,
            if full { 64 * heaps.len() as u64 } else { 64 },
            "the listing of winning moves",
        )?;
        let mut moves: Vec<(String, String)> = Vec::with_capacity(winning.len());
        for (k, m) in winning.iter().enumerate() {
            if k % 1024 == 1023 {
                options.monitor.check()?;
            }
            moves.push(if full {
                let to = m.apply(heaps);
                (
                    rules.format_position(&to),
                    rules.describe_move(&heaps.to_vec(), &to),
                )
            } else {
                (String::new(), describe_compact(heaps, m))
            });
        }
        let canonical = rules.format_position(&heaps.to_vec());
        let mut report = impartial_report(&self.name, &canonical, true, outcome, None, &moves);
        report.data.insert("misere_rule", "quotient");
        report.data.insert("quotient_order", q.order());
        report.push_line(&format!(
            "by the misère quotient of the heaps 1..{largest} (order {}; Plambeck and Siegel): one product per heap",
            q.order()
        ));
        Ok(Some(report))
    }
}

impl<G: HeapGame + Clone> Ruleset for HeapRuleset<G> {
    fn misere_quotient(&self, max_heap: u64, sum: Option<&str>, options: &Options<'_>) -> Result<Report> {
        super::misere_quotient::misere_quotient_report(&self.name, &self.game, max_heap, sum, options)
    }

    fn value(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        /// Most heaps whose values are listed one by one.
        const MOVES_SHOWN_HEAPS: usize = 20;
        let heaps = self.parse(position)?;
        let largest = heaps.iter().copied().max().unwrap_or(0);
        let table = if options.misere {
            self.covering(largest, options)?
        } else {
            self.table_up_to(largest, options)?
        };
        let rules = Heaps::with_table(self.game.clone(), table);
        let canonical = rules.format_position(&heaps);
        let describe = |to: &Vec<u64>| (rules.format_position(to), rules.describe_move(&heaps, to));
        if options.misere {
            // Tame games (misère Nim, Bash) follow a rule for any heap sizes.
            if let Some((outcome, to)) = rules.solve_tame_misere(&heaps) {
                let moves = described_moves(&rules, &heaps, &to);
                let mut report = impartial_report(&self.name, &canonical, true, outcome, None, &moves);
                report.data.insert("misere_rule", "tame");
                report.data.insert(
                    "misere_rule_source",
                    "Conway, On Numbers and Games, ch. 12; Winning Ways, ch. 13",
                );
                report.push_line("by the tame-game rule: as in normal play, unless every heap left plays like a heap of 0 or 1");
                return Ok(report);
            }
            // A misère quotient of the heaps up to the largest, when it is
            // small: the outcome of any sum is one product per heap.
            if let Some(report) = self.misere_by_quotient(&rules, &heaps, largest, options)? {
                return Ok(report);
            }
            // Misère play is searched over whole positions: keep heaps small
            // enough that listing one heap's options is cheap.
            if largest > MISERE_MAX_HEAP {
                return Err(Error::input(format!(
                    "position `{position}`: misère play is searched, so heaps are limited to {MISERE_MAX_HEAP} (found {largest})"
                )));
            }
            let (outcome, winning) = super::impartial_rules::misere_by_pieces(&rules, &heaps, options)?;
            let moves = described_moves(&rules, &heaps, &winning);
            return Ok(impartial_report(
                &self.name, &canonical, true, outcome, None, &moves,
            ));
        }
        let sum = rules.solve_sum(&heaps).map_err(|h| {
            let tabulated = (rules.table().values().len() as u64).max(GrundyTable::on_demand_limit(&self.game));
            Error::input(format!(
                "heap {h} of {}: no closed form and no proven period, and heaps above {} are not tabulated (try `sprague table {} --count N`)",
                self.name,
                tabulated - 1,
                self.name
            ))
        })?;
        // Each move's whole position is written out only for positions of a
        // few heaps: otherwise the listing would grow with heaps × moves.
        let full = heaps.len() <= FULL_POSITIONS_UP_TO;
        options.check_memory(
            sum.winning_moves.len() as u64,
            if full { 64 * heaps.len() as u64 } else { 64 },
            "the listing of winning moves",
        )?;
        let mut moves: Vec<(String, String)> = Vec::with_capacity(sum.winning_moves.len());
        for (k, m) in sum.winning_moves.iter().enumerate() {
            if k % 1024 == 1023 {
                options.monitor.check()?;
            }
            moves.push(if full {
                describe(&m.apply(&heaps))
            } else {
                (String::new(), describe_compact(&heaps, m))
            });
        }
        let mut report = impartial_report(
            &self.name,
            &canonical,
            false,
            Outcome::from_grundy(sum.grundy),
            Some(sum.grundy.get()),
            &moves,
        );
        // Each heap's value, when they are not the heap sizes themselves
        // (as in Nim) and few enough to list: the total is their nim-sum.
        if (2..=MOVES_SHOWN_HEAPS).contains(&heaps.len()) {
            let values: Vec<u64> = heaps
                .iter()
                .filter_map(|&h| rules.heap_grundy(h).map(crate::nimber::Nimber::get))
                .collect();
            if values.len() == heaps.len() && values != heaps {
                let parts: Vec<String> = heaps
                    .iter()
                    .zip(&values)
                    .map(|(h, v)| format!("G({h}) = {v}"))
                    .collect();
                report.insert_line_after(
                    "grundy:",
                    &format!(
                        "heaps:   {} (the grundy value is their nim-sum)",
                        parts.join(", ")
                    ),
                );
                report.data.insert(
                    "heap_values",
                    super::report::Data::List(
                        values
                            .iter()
                            .map(|&v| super::report::Data::Int(i128::from(v)))
                            .collect(),
                    ),
                );
            }
        }
        if !full && !moves.is_empty() {
            report.push_line(&format!(
                "note: with more than {FULL_POSITIONS_UP_TO} heaps, each move is named by the heap it changes, not by the whole position after it"
            ));
        }
        if !sum.complete {
            report.data.insert("winning_moves_complete", false);
            report.push_text(
                "note: some heaps are too large to list every winning move; those listed are correct, and for a take-and-break game every other winning split differs from a listed one by multiples of the period\n",
            );
        }
        Ok(report)
    }

    fn table(&self, count: usize, options: &Options<'_>, progress: &mut OnProgress<'_>) -> Result<Table> {
        let bytes = if options.misere {
            MISERE_TABLE_BYTES_PER_VALUE
        } else {
            TABULATE_BYTES_PER_VALUE
        };
        options.check_memory(count as u64, bytes, "the table's values")?;
        if options.misere {
            // Stops at a stop request (inside a heap's search too) with the values so far.
            let values =
                misere_grundy_values_with(&self.game, count, options.max_states, options.monitor, progress)?;
            return Ok(Table::with_period_found(values));
        }
        let table = GrundyTable::listing(&self.game, count, progress);
        let period = table.period();
        Ok(Table {
            values: table.into_values(),
            period,
        })
    }

    /// From the values tabulated up to `high`, else from the proven period
    /// of [`GrundyTable::covering`], else (ranges of at most 2^16 heaps) from
    /// the closed form heap by heap, else (normal play) from `G(0 ..= high)`
    /// tabulated within the budgets (see `table_up_to`).
    fn count(&self, low: u64, high: u64, options: &Options<'_>) -> Result<Report> {
        check_count(&self.name, low, high, options)?;
        let table = self.covering(high, options)?;
        let mut listing = Table {
            values: table.values().to_vec(),
            period: table.period(),
        };
        if listing.values.is_empty() {
            // A closed form: tabulate enough to see (and prove) a period.
            listing = self.table(1 << 12, options, &mut |_| true)?;
        }
        if let Some(c) = listing.count(low, high) {
            return Ok(c.report(&self.name));
        }
        if high - low < COUNT_LISTING_LIMIT {
            let values: Option<Vec<u64>> = (low..=high)
                .map(|n| self.game.heap_value(n).map(|g| g.get()))
                .collect();
            if let Some(values) = values {
                return Ok(
                    count_listed(&values, low, high, "the closed form, heap by heap").report(&self.name)
                );
            }
        }
        if !options.misere && self.game.heap_value(high).is_none() {
            let table = self.table_up_to(high, options)?;
            let listing = Table {
                period: table.period(),
                values: table.into_values(),
            };
            if let Some(c) = listing.count(low, high) {
                return Ok(c.report(&self.name));
            }
        }
        Err(Error::input(format!(
            "`count {}`: no proven period covers heap {high} (and no closed form for a range above {COUNT_LISTING_LIMIT} heaps)",
            self.name
        )))
    }

    fn play<'a>(&'a self, position: &str, options: &Options<'a>) -> Result<Box<dyn PlayEngine + 'a>> {
        let heaps = parse_heaps(position).map_err(|e| Error::position(position, e))?;
        let limit = PLAY_MAX_HEAP.min(self.max_heap);
        if let Some(&h) = heaps.iter().find(|&&h| h > limit) {
            return Err(Error::input(format!(
                "position `{position}`: heap {h} is too large to play (at most {limit} tokens, so that every move can be listed)"
            )));
        }
        // The engine borrows its rules for the session, so they are kept here:
        // the first session's table serves later ones (heaps it does not
        // value are searched).
        let largest = heaps.iter().copied().max().unwrap_or(0);
        if self.play_rules.get().is_none() {
            let table = self.covering(largest, options)?;
            let _ = self.play_rules.set(Heaps::with_table(self.game.clone(), table));
        }
        let Some(rules) = self.play_rules.get() else {
            return Err(Error::internal("the play rules were not kept"));
        };
        let engine = ImpartialEngine::new(self.name.clone(), rules, true, options);
        Ok(erase(engine, heaps))
    }
}

/// Heap rulesets built by name, through this adapter.
#[cfg(test)]
mod built_tests {
    use crate::{
        catalog::build,
        monitor::Monitor,
        registry::{Data, Error, Options},
    };

    fn value(spec: &str, position: &str, misere: bool) -> crate::registry::Result<crate::registry::Report> {
        let monitor = Monitor::default();
        build(spec)?.value(position, &Options::new(&monitor).misere(misere))
    }

    fn moves(report: &crate::registry::Report) -> Vec<String> {
        match report.data.get("winning_moves") {
            Some(Data::List(rows)) => rows
                .iter()
                .filter_map(|r| r.get("to").and_then(Data::as_text).map(str::to_string))
                .collect(),
            _ => Vec::new(),
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]

        /// `value --misere` of sums of octal heaps (read from a misère
        /// quotient when one is small enough, else searched) agrees with a
        /// plain misère search over lists of heaps, moves included.
        #[test]
        fn misere_values_match_the_plain_search(
            digits in proptest::collection::vec(0u8..8, 1..4),
            heaps in proptest::collection::vec(1u64..12, 1..4),
        ) {
            use crate::impartial::{ImpartialRules, MisereSolver};
            let code = format!("0.{}", digits.iter().map(u8::to_string).collect::<String>());
            let rules = crate::heap::Heaps::new(crate::heap::TakeBreak::parse(&code).unwrap());
            let text: Vec<String> = heaps.iter().map(u64::to_string).collect();
            let r = value(&format!("octal:{code}"), &text.join(" "), true).unwrap();
            let mut plain = MisereSolver::new(&rules).search_only();
            let want = plain.outcome(&heaps).unwrap();
            proptest::prop_assert_eq!(r.outcome(), Some(want.as_str()), "{} {:?}", code, heaps);
            let mut options = Vec::new();
            rules.moves(&heaps, &mut options);
            let mut want_moves: Vec<Vec<u64>> = options
                .into_iter()
                .filter(|o| plain.outcome(o).unwrap() == crate::outcome::Outcome::P)
                .map(|o| rules.normalize(&o).unwrap_or(o))
                .collect();
            want_moves.sort();
            want_moves.dedup();
            let mut got: Vec<Vec<u64>> = moves(&r)
                .iter()
                .map(|m| rules.normalize(&crate::notation::parse_heaps(m).unwrap()).unwrap())
                .collect();
            got.sort();
            got.dedup();
            proptest::prop_assert_eq!(got, want_moves, "{} {:?}", code, heaps);
        }
    }

    #[test]
    fn misere_sums_use_the_quotient() {
        // Dawson's Kayles heaps up to 12: a small misère quotient answers,
        // as an exhaustive search does.
        let r = value("octal:0.07", "12 10 5", true).unwrap();
        assert_eq!(
            r.data.get("misere_rule").and_then(Data::as_text),
            Some("quotient")
        );
        let rules = crate::heap::Heaps::new(crate::heap::TakeBreak::parse("0.07").unwrap());
        let want = crate::impartial::PieceMisereSolver::new(&rules)
            .without_forms()
            .outcome_of_list(&[12, 10, 5])
            .unwrap();
        assert_eq!(r.outcome(), Some(want.as_str()));
    }

    #[test]
    fn nim_sum_and_its_winning_move() {
        let r = value("nim", "3 4 5", false).unwrap();
        assert_eq!(r.grundy(), Some(2));
        assert_eq!(r.outcome(), Some("N"));
        assert_eq!(moves(&r), ["1 4 5"]);
        assert!(r.text().contains("heap 1: 3 → 1"), "{}", r.text());
        assert_eq!(r.data.get("winning_moves_complete"), None);
    }

    #[test]
    fn misere_nim() {
        let r = value("nim", "1 2 3", true).unwrap();
        assert_eq!(r.outcome(), Some("P"));
        assert_eq!(r.grundy(), None);
        assert_eq!(r.data.get("play").and_then(Data::as_text), Some("misere"));
        let r = value("nim", "1 1 1", true).unwrap();
        assert_eq!(r.outcome(), Some("P"));
        let r = value("nim", "3 4 5", true).unwrap();
        assert_eq!(moves(&r), ["1 4 5"]);
    }

    #[test]
    fn dawsons_kayles_table_proves_its_period() {
        let monitor = Monitor::default();
        let t = build("octal:0.07")
            .unwrap()
            .table(200, &Options::new(&monitor), &mut |_| true)
            .unwrap();
        assert_eq!(t.values.len(), 200);
        assert_eq!(&t.values[..10], &[0, 0, 1, 1, 2, 0, 3, 1, 1, 0]);
        let p = t.period.unwrap();
        assert_eq!((p.preperiod, p.period, p.saltus, p.proven), (53, 34, 0, true));
    }

    #[test]
    fn huge_heaps_through_the_proven_period() {
        let r = value("octal:0.07", "9223372036854775807 5", false).unwrap();
        assert_eq!(r.grundy(), Some(0));
        // Winning splits of a huge heap are listed only in part.
        let r = value("kayles", "9223372036854775807", false).unwrap();
        assert!(!moves(&r).is_empty());
        assert_eq!(r.data.get("winning_moves_complete"), Some(&Data::Bool(false)));
        assert!(
            r.text().contains("note: some heaps are too large"),
            "{}",
            r.text()
        );
    }

    #[test]
    fn bad_parameters_and_positions() {
        let monitor = Monitor::default();
        assert!(matches!(build("bash:0").err(), Some(Error::Input(_))));
        assert!(matches!(build("kayles:3").err(), Some(Error::Input(_))));
        assert!(matches!(build("subtraction:1,0").err(), Some(Error::Input(_))));
        let nim = build("nim").unwrap();
        match nim.value("3 x", &Options::new(&monitor)) {
            Err(e @ Error::Position { .. }) => {
                if let Error::Position { error, .. } = &e {
                    assert_eq!(error.column, 3);
                }
                assert!(e.to_string().starts_with("position `3 x`: column 3"), "{e}");
            }
            other => panic!("{other:?}"),
        }
        let e = value("equal-split", "2000000", false).unwrap_err();
        assert!(e.to_string().contains("heap 2000000 is too large"), "{e}");
        // Misère Nim follows Bouton's rule for any heaps; games without a
        // misère rule are searched, with small heaps only.
        assert!(value("nim", "100000", true).is_ok());
        let e = value("subtraction:1,3,4", "100000", true).unwrap_err();
        assert!(e.to_string().contains("misère play is searched"), "{e}");
        assert!(nim.play("5000", &Options::new(&monitor)).is_err());
    }

    #[test]
    fn grundy_heaps_beyond_the_on_demand_tables() {
        use crate::heap::{HeapGame, TakeBreak};
        // Heap 70000 of Grundy's game has no period to use: it is valued
        // from G(0..=70000), just past the tables made on demand, by the sparse-space engine, moves included.
        let g = TakeBreak::grundy_game().grundy_values(70_001, &mut |_| true);
        let r = value("grundy", "70000", false).unwrap();
        assert_eq!(r.grundy(), Some(g[70_000]));
        let want: Vec<String> = (1..35_000u64)
            .filter(|&a| g[a as usize] == g[70_000 - a as usize])
            .map(|a| format!("{a} {}", 70_000 - a))
            .collect();
        assert_eq!(moves(&r), want);
        // The same through `count`: P-positions among the heaps 0..=70000.
        let monitor = Monitor::default();
        let c = build("grundy")
            .unwrap()
            .count(0, 70_000, &Options::new(&monitor))
            .unwrap();
        let zeros = g.iter().filter(|&&v| v == 0).count() as i128;
        assert_eq!(
            c.data.get("p_positions").and_then(Data::as_int),
            Some(zeros),
            "{}",
            c.text()
        );
        // The budgets hold: one state a value, 16 bytes a value, and a stop.
        let monitor = Monitor::default();
        let rules = build("grundy").unwrap();
        let e = rules
            .value("70000", &Options::new(&monitor).max_states(60_000))
            .unwrap_err();
        assert!(
            e.to_string().contains("more than the state budget of 60000"),
            "{e}"
        );
        monitor.set_max_memory(1 << 19);
        let e = rules.value("70000", &Options::new(&monitor)).unwrap_err();
        assert!(matches!(e, Error::Memory(_)), "{e}");
        let monitor = Monitor::default();
        monitor.stop();
        let e = rules.value("70000", &Options::new(&monitor)).unwrap_err();
        assert!(
            matches!(e, Error::Search(crate::monitor::SearchError::Interrupted(_))),
            "{e}"
        );
        // The table verb takes the same engine: equal values.
        let t = rules
            .table(70_001, &Options::new(&Monitor::default()), &mut |_| true)
            .unwrap();
        assert_eq!(t.values, g);
    }

    #[test]
    fn rectangles_and_play() {
        let r = value("rectangles", "3x4 2x5", false).unwrap();
        assert!(r.grundy().is_some());
        // Any sides in normal play; misère play searches, so sides stay small.
        // 2000000 = 2^7·5^6: (Ω(5^6) ⊕ Ω(1)) + 1 = 7.
        let r = value("rectangles", "2000000x1", false).unwrap();
        assert_eq!(r.grundy(), Some(7));
        // 10^9 = 2^9·5^9 beside the prime 999999937: (9 ⊕ 1) + 1 = 9. The
        // winning cuts are the 90 even divisors of 10^9, the largest making
        // 10^9 strips 1x999999937, written with `^`.
        let r = value("rectangles", "1000000000x999999937", false).unwrap();
        assert_eq!(r.grundy(), Some(9));
        let moves = r.data.get("winning_moves").and_then(|m| match m {
            crate::registry::Data::List(l) => Some(l.len()),
            _ => None,
        });
        assert_eq!(moves, Some(90));
        let text = r.text();
        assert!(text.contains("1x999999937^1000000000"), "{text}");
        assert!(text.lines().all(|l| l.len() < 200), "{text}");
        let e = value("rectangles", "2000000x1", true).unwrap_err();
        assert!(e.to_string().contains("has a side above 1000000"), "{e}");
        let monitor = Monitor::default();
        let kayles = build("kayles").unwrap();
        let engine = kayles.play("10 7", &Options::new(&monitor)).unwrap();
        assert_eq!(engine.format(engine.start()), "10 7");
    }
}
