//! Catalog entries for the board, coin and memory games (Wythoff, Poker Nim,
//! staircase Nim, Silver Dollar, Moore's Nim, memory games, Chomp, turning
//! games), with the adapters that answer huge positions by closed forms.

use super::{Entry, Family, no_params, whole_param};
use crate::error::{CliError, CliResult};
use crate::ruleset::{QueryOptions, Report, Ruleset, impartial_report, position_error};
use serde_json::json;
use sprague::{GrundySolver, ImpartialRules, MisereSolver, Nimber, Notation, Outcome};

/// Any ruleset whose closed forms (`closed_form`, `moves_to_value`) answer
/// huge positions: like the generic adapter, but a single component's winning
/// moves also come from `moves_to_value` instead of enumerating every option.
pub struct Board<R> {
    /// Name shown in reports, with parameters.
    pub name: String,
    /// The engine ruleset.
    pub rules: R,
}

/// What the [`Board`] adapter needs beyond the engine trait.
pub trait BoardRules: ImpartialRules {
    /// `Err(reason)` if misère search of `p` is out of reach. Misère play has
    /// no closed forms here and searches whole positions by enumerating
    /// options, so rulesets whose option lists explode on big input refuse it
    /// there instead of exhausting memory.
    fn misere_check(&self, p: &Self::Position) -> Result<(), String> {
        let _ = p;
        Ok(())
    }
}

impl BoardRules for sprague::StaircaseNim {
    fn misere_check(&self, p: &Vec<u64>) -> Result<(), String> {
        if p.iter().sum::<u64>() <= 64 {
            Ok(())
        } else {
            Err("misère staircase Nim is searched, so at most 64 coins are supported".into())
        }
    }
}
impl BoardRules for sprague::SilverDollar {}
impl BoardRules for sprague::Wythoff {}
impl BoardRules for sprague::MooreNim {}
impl BoardRules for sprague::MemoryGame {}
impl BoardRules for sprague::OneOrLargest {
    fn misere_check(&self, _: &Vec<u64>) -> Result<(), String> {
        Err("the game is already played as `whoever takes the last stone loses`; drop --misere".into())
    }
}
impl BoardRules for sprague::TurningCorners {}
impl BoardRules for sprague::TurningGame {
    fn misere_check(&self, p: &Vec<bool>) -> Result<(), String> {
        let last = p.iter().rposition(|&c| c).unwrap_or(0);
        if self.kind() == sprague::TurningKind::FlipAny && last >= 20 {
            Err(
                "misère flip01 is searched over 2^n options per coin: heads only on the first 20 coins"
                    .into(),
            )
        } else {
            Ok(())
        }
    }
}

/// Outcome, Grundy value and winning moves `(to, description)` of a position.
type Solved = (Outcome, Option<u64>, Vec<(String, String)>);

fn solve_board<R>(rules: &R, p: &R::Position, options: &QueryOptions) -> CliResult<Solved>
where
    R: BoardRules + Notation<<R as ImpartialRules>::Position>,
{
    let describe = |to: &R::Position| (rules.format_position(to), rules.describe_move(p, to));
    if options.misere {
        let mut solver =
            MisereSolver::with_max_states(rules, options.max_states).with_monitor(crate::progress::monitor());
        let outcome = solver.outcome(p)?;
        let moves = solver.winning_moves(p)?;
        return Ok((outcome, None, moves.iter().map(describe).collect()));
    }
    let mut solver =
        GrundySolver::with_max_states(rules, options.max_states).with_monitor(crate::progress::monitor());
    let g = solver.grundy(p)?;
    let moves = solver.winning_moves(p)?;
    Ok((
        Outcome::from_grundy(g),
        Some(g.get()),
        moves.iter().map(describe).collect(),
    ))
}

impl<R> Ruleset for Board<R>
where
    R: BoardRules + Notation<<R as ImpartialRules>::Position>,
{
    fn value(&self, position: &str, options: &QueryOptions) -> CliResult<Report> {
        let p = self
            .rules
            .parse_position(position)
            .map_err(|e| position_error(position, &e))?;
        if options.misere {
            self.rules
                .misere_check(&p)
                .map_err(|e| CliError::input(format!("{}: {e}", self.name)))?;
        }
        let (outcome, grundy, moves) = solve_board(&self.rules, &p, options)?;
        Ok(impartial_report(
            &self.name,
            &self.rules.format_position(&p),
            options.misere,
            outcome,
            grundy,
            &moves,
        ))
    }

    fn play(
        &self,
        position: &str,
        settings: &crate::play::Settings,
        io: &mut crate::play::Io<'_>,
    ) -> CliResult<()> {
        play_board(&self.name, &self.rules, position, settings, io, |_| Ok(()))
    }
}

/// Adds a field to the JSON object and a line to the text of a report.
fn annotate(report: &mut Report, key: &str, value: serde_json::Value, line: Option<String>) {
    if let Some(obj) = report.json.as_object_mut() {
        obj.insert(key.to_string(), value);
    }
    if let Some(l) = line {
        report.text.push_str(&l);
        report.text.push('\n');
    }
}

/// Inserts a line of text right after the `outcome:` line of a report.
fn note_after_outcome(report: &mut Report, line: &str) {
    let at = report
        .text
        .find("outcome:")
        .and_then(|i| report.text[i..].find('\n').map(|j| i + j + 1))
        .unwrap_or(report.text.len());
    report.text.insert_str(at, &format!("{line}\n"));
}

/// Largest heap for which Wythoff Grundy values are searched.
const WYTHOFF_SEARCH_LIMIT: u64 = 150;

/// Largest heap for which Wythoff Grundy values come from the bitset table.
const WYTHOFF_TABLE_LIMIT: u64 = 2048;

/// Normal play of a Wythoff sum whose heaps are at most `largest` (≤ the
/// table limit): Grundy values from the table, winning moves component by
/// component (component i moves to value `g_i ⊕ total`).
fn wythoff_by_table(name: &str, rules: &sprague::Wythoff, p: &[[u64; 2]], largest: u64) -> Report {
    let n = largest as usize + 1;
    let table = sprague::wythoff_grundy_table(n);
    let g = |x: u64, y: u64| u64::from(table[x as usize * n + y as usize]);
    let values: Vec<u64> = p.iter().map(|&[x, y]| g(x, y)).collect();
    let total = values.iter().fold(0, |a, &v| a ^ v);
    let mut moves = Vec::new();
    let from = p.to_vec();
    if total != 0 {
        for (i, &[x, y]) in p.iter().enumerate() {
            let target = values[i] ^ total;
            let mut options: Vec<[u64; 2]> = (0..x).map(|a| [a, y]).collect();
            options.extend((0..y).map(|b| [x, b]));
            options.extend((1..=x.min(y)).map(|t| [x - t, y - t]));
            for o in options.into_iter().filter(|&[a, b]| g(a, b) == target) {
                let mut to = from.clone();
                to[i] = o;
                moves.push((rules.format_position(&to), rules.describe_move(&from, &to)));
            }
        }
    }
    let outcome = if total == 0 { Outcome::P } else { Outcome::N };
    impartial_report(
        name,
        &rules.format_position(&from),
        false,
        outcome,
        Some(total),
        &moves,
    )
}

/// Wythoff and Wyt Queens: the Beatty closed form for P/N and winning moves of
/// one component with any heaps; Grundy values by search for small heaps.
struct WythoffBoard {
    name: String,
    rules: sprague::Wythoff,
}

impl Ruleset for WythoffBoard {
    fn value(&self, position: &str, options: &QueryOptions) -> CliResult<Report> {
        let rules = &self.rules;
        let p = rules
            .parse_position(position)
            .map_err(|e| position_error(position, &e))?;
        let largest = p.iter().map(|c| c[0].max(c[1])).max().unwrap_or(0);
        let small = largest <= WYTHOFF_SEARCH_LIMIT;
        let canonical = rules.format_position(&p);
        let mut report = if !options.misere && largest <= WYTHOFF_TABLE_LIMIT {
            wythoff_by_table(&self.name, rules, &p, largest)
        } else if small {
            let (o, g, m) = solve_board(rules, &p, options)?;
            impartial_report(&self.name, &canonical, options.misere, o, g, &m)
        } else if p.len() == 1 {
            let [x, y] = p[0];
            let targets = if options.misere {
                sprague::wythoff_misere_winning_moves(x, y)
            } else {
                sprague::wythoff_winning_moves(x, y)
            };
            let moves: Vec<(String, String)> = targets
                .into_iter()
                .map(|c| {
                    let to = vec![c];
                    (rules.format_position(&to), rules.describe_move(&p, &to))
                })
                .collect();
            let o = if options.misere {
                rules.misere_outcome(&p).unwrap_or(Outcome::N)
            } else if sprague::wythoff_is_p(x, y) {
                Outcome::P
            } else {
                Outcome::N
            };
            let mut r = impartial_report(&self.name, &canonical, options.misere, o, None, &moves);
            note_after_outcome(
                &mut r,
                &format!(
                    "grundy:  not computed (a heap above {WYTHOFF_SEARCH_LIMIT}; P/N and the winning moves come from the Beatty closed form)"
                ),
            );
            r
        } else {
            return Err(CliError::input(format!(
                "position `{position}`: a sum of Wythoff games needs each component's Grundy value, computed only for heaps up to {} ({} in misère play); a single component of any size is decided by the closed form",
                WYTHOFF_TABLE_LIMIT, WYTHOFF_SEARCH_LIMIT
            )));
        };
        if let [[x, y]] = p[..]
            && sprague::wythoff_is_p(x, y)
            && !options.misere
        {
            let k = x.abs_diff(y);
            annotate(
                &mut report,
                "p_position_index",
                json!(k),
                Some(format!("this is P-position number {k}: (⌊{k}φ⌋, ⌊{k}φ⌋ + {k})")),
            );
        }
        Ok(report)
    }

    fn play(
        &self,
        position: &str,
        settings: &crate::play::Settings,
        io: &mut crate::play::Io<'_>,
    ) -> CliResult<()> {
        play_board(&self.name, &self.rules, position, settings, io, |p| {
            match p.iter().map(|c| c[0].max(c[1])).max() {
                Some(m) if m > WYTHOFF_SEARCH_LIMIT => Err(format!(
                    "play searches Grundy values, so heaps are limited to {WYTHOFF_SEARCH_LIMIT} (found {m})"
                )),
                _ => Ok(()),
            }
        })
    }
}

/// Poker Nim: the Nim rule, winning removals and additions.
struct PokerBoard;

impl Ruleset for PokerBoard {
    fn value(&self, position: &str, options: &QueryOptions) -> CliResult<Report> {
        if options.misere {
            return Err(CliError::input(
                "poker-nim: misère play is not supported (normal play only)",
            ));
        }
        let r = sprague::PokerNim;
        let p = r
            .parse_position(position)
            .map_err(|e| position_error(position, &e))?;
        let moves: Vec<(String, String)> = sprague::PokerNim::winning_moves(&p)
            .iter()
            .map(|q| (r.format_position(q), r.describe_move(&p, q)))
            .collect();
        let x = p.nim_sum().get();
        let mut report = impartial_report(
            "poker-nim",
            &r.format_position(&p),
            false,
            sprague::PokerNim::outcome(&p),
            None,
            &moves,
        );
        // Small positions are also solved by retrograde analysis of the loopy
        // game, as a visible check of the Nim rule.
        let chips: u128 =
            p.heaps.iter().map(|&h| u128::from(h)).sum::<u128>() + u128::from(p.mover) + u128::from(p.other);
        let searched = if chips <= 10 && p.heaps.len() <= 4 {
            match r.search_outcome(&p, 2_000_000) {
                Ok(Some(o)) => json!(o.as_str()),
                Ok(None) => json!("draw"),
                Err(_) => serde_json::Value::Null,
            }
        } else {
            serde_json::Value::Null
        };
        let nim_outcome = sprague::PokerNim::outcome(&p).as_str();
        let line = searched.as_str().map(|o| {
            let verdict = if o == nim_outcome {
                "agrees with"
            } else {
                "differs from"
            };
            format!("search:  {o} (retrograde analysis of the whole loopy game {verdict} the Nim rule)")
        });
        annotate(&mut report, "search_outcome", searched.clone(), line);
        annotate(
            &mut report,
            "nim_sum",
            json!(x),
            Some(format!(
                "nim-sum: {x} (with finite reserves the heaps play exactly as Nim heaps)"
            )),
        );
        Ok(report)
    }

    fn play(
        &self,
        position: &str,
        settings: &crate::play::Settings,
        io: &mut crate::play::Io<'_>,
    ) -> CliResult<()> {
        crate::play::poker::play_poker(position, settings, io)
    }
}

/// Moore's Nim_k: the digit-sum rule for any heaps; Grundy values and the
/// full list of winning moves when the position is small enough to enumerate.
struct MooreBoard {
    name: String,
    rules: sprague::MooreNim,
}

/// Largest number of options enumerated for Moore's Nim winning moves.
const MOORE_OPTION_LIMIT: u64 = 200_000;
/// Largest number of reachable positions searched for a Moore Grundy value.
const MOORE_STATE_LIMIT: u64 = 20_000;

impl Ruleset for MooreBoard {
    fn value(&self, position: &str, options: &QueryOptions) -> CliResult<Report> {
        let rules = &self.rules;
        let p = rules
            .parse_position(position)
            .map_err(|e| position_error(position, &e))?;
        let k = rules.k();
        let states = p.iter().fold(1u64, |a, &h| a.saturating_mul(h.saturating_add(1)));
        if options.misere && states > MOORE_STATE_LIMIT {
            return Err(CliError::input(format!(
                "{}: misère play is searched, so the heaps' (size + 1) product must be at most {MOORE_STATE_LIMIT}",
                self.name
            )));
        }
        if states <= MOORE_STATE_LIMIT {
            let (o, g, m) = solve_board(rules, &p, options)?;
            let mut r = impartial_report(&self.name, &rules.format_position(&p), options.misere, o, g, &m);
            annotate(&mut r, "winning_moves_complete", json!(true), None);
            return Ok(r);
        }
        let outcome = if sprague::moore_is_p(&p, k) {
            Outcome::P
        } else {
            Outcome::N
        };
        let (targets, complete) = if rules.option_count(&p) <= MOORE_OPTION_LIMIT {
            let mut opts = Vec::new();
            rules.moves(&p, &mut opts);
            opts.retain(|o| sprague::moore_is_p(o, k));
            (opts, true)
        } else {
            (sprague::moore_winning_move(&p, k).into_iter().collect(), false)
        };
        let moves: Vec<(String, String)> = targets
            .iter()
            .map(|q| (rules.format_position(q), rules.describe_move(&p, q)))
            .collect();
        let mut r = impartial_report(
            &self.name,
            &rules.format_position(&p),
            false,
            outcome,
            None,
            &moves,
        );
        note_after_outcome(
            &mut r,
            "grundy:  not computed (position too large to search; P/N from the digit-sum rule)",
        );
        annotate(
            &mut r,
            "winning_moves_complete",
            json!(complete),
            (!complete).then(|| "(one winning move shown: too many options to list them all)".to_string()),
        );
        Ok(r)
    }

    fn play(
        &self,
        position: &str,
        settings: &crate::play::Settings,
        io: &mut crate::play::Io<'_>,
    ) -> CliResult<()> {
        play_board(&self.name, &self.rules, position, settings, io, |p| {
            let states = p.iter().fold(1u64, |a, &h| a.saturating_mul(h.saturating_add(1)));
            if states > MOORE_STATE_LIMIT {
                Err(format!(
                    "play searches every position, so the heaps' (size + 1) product must be at most {MOORE_STATE_LIMIT}"
                ))
            } else {
                Ok(())
            }
        })
    }
}

/// Largest heap for which memory-game Grundy values are searched.
const MEMORY_SEARCH_LIMIT: u64 = 200;

/// Largest `--count` of `table` for memory games.
const MEMORY_TABLE_LIMIT: usize = 1000;

/// Memory games: Grundy values by search for small heaps, the Schwenk /
/// Zeckendorf closed form for outcome and winning moves of any heap.
struct MemoryBoard {
    name: String,
    rules: sprague::MemoryGame,
}

impl Ruleset for MemoryBoard {
    /// `G(n)` of the starting position with a heap of `n`, for `n < count`, from
    /// one memoised search (about n²/2 states for the largest heap); misère
    /// values are not defined this way and are refused.
    fn table(
        &self,
        count: usize,
        options: &QueryOptions,
        progress: &mut dyn FnMut(usize) -> bool,
    ) -> CliResult<crate::ruleset::TableData> {
        if options.misere {
            return Err(CliError::input(format!(
                "`table {} --misere` is not supported: use `value {} N --misere` for misère outcomes",
                self.name, self.name
            )));
        }
        if count > MEMORY_TABLE_LIMIT {
            return Err(CliError::input(format!(
                "`table {}` searches about n²/2 states per heap: --count is limited to {MEMORY_TABLE_LIMIT}",
                self.name
            )));
        }
        let mut solver = GrundySolver::with_max_states(&self.rules, options.max_states)
            .with_monitor(crate::progress::monitor());
        let mut values = Vec::with_capacity(count);
        for n in 0..count {
            let start = self
                .rules
                .parse_position(&n.to_string())
                .map_err(|e| position_error(&n.to_string(), &e))?;
            match solver.grundy(&start) {
                // Ctrl-C: keep the values done so far, as `progress` would.
                Err(sprague::SearchError::Interrupted(_)) => break,
                r => values.push(r?.get()),
            }
            if !progress(n + 1) {
                break;
            }
        }
        let period = sprague::find_period(&values, None);
        Ok(crate::ruleset::TableData { values, period })
    }

    fn value(&self, position: &str, options: &QueryOptions) -> CliResult<Report> {
        let rules = &self.rules;
        let p = rules
            .parse_position(position)
            .map_err(|e| position_error(position, &e))?;
        let (n, m) = p;
        let canonical = rules.format_position(&p);
        let mut r = if n <= MEMORY_SEARCH_LIMIT {
            let (o, g, moves) = solve_board(rules, &p, options)?;
            impartial_report(&self.name, &canonical, options.misere, o, g, &moves)
        } else {
            let (p_now, takes) = if options.misere {
                (rules.is_p_misere(n, m), rules.winning_takes_misere(n, m))
            } else {
                (rules.is_p(n, m), rules.winning_takes(n, m))
            };
            let moves: Vec<(String, String)> = takes
                .iter()
                .map(|&t| {
                    let to = (n - t, rules.next_limit(t));
                    (rules.format_position(&to), rules.describe_move(&p, &to))
                })
                .collect();
            let o = if p_now { Outcome::P } else { Outcome::N };
            let mut r = impartial_report(&self.name, &canonical, options.misere, o, None, &moves);
            note_after_outcome(
                &mut r,
                &format!(
                    "grundy:  not computed (heap above {MEMORY_SEARCH_LIMIT}; P/N and the winning moves come from the closed form)"
                ),
            );
            r
        };
        let rep = rules.representation(if options.misere { n.saturating_sub(1) } else { n });
        let words: Vec<String> = rep.iter().map(u64::to_string).collect();
        annotate(
            &mut r,
            "representation",
            json!(rep),
            Some(format!(
                "{} = {}{}",
                if options.misere { n.saturating_sub(1) } else { n },
                if words.is_empty() {
                    "0".to_string()
                } else {
                    words.join(" + ")
                },
                match rules.rule() {
                    sprague::MemoryRule::Double => "   (Zeckendorf representation)",
                    sprague::MemoryRule::Add(_) => "   (greedy representation by the game's terms)",
                }
            )),
        );
        Ok(r)
    }

    fn play(
        &self,
        position: &str,
        settings: &crate::play::Settings,
        io: &mut crate::play::Io<'_>,
    ) -> CliResult<()> {
        play_board(&self.name, &self.rules, position, settings, io, |p| {
            if p.0 > MEMORY_SEARCH_LIMIT {
                Err(format!(
                    "play searches Grundy values, so the heap is limited to {MEMORY_SEARCH_LIMIT}"
                ))
            } else {
                Ok(())
            }
        })
    }
}

/// Chomp: Grundy value of the canonical diagram; winning bites listed on the
/// diagram as written, 1-based.
struct ChompBoard;

impl Ruleset for ChompBoard {
    fn value(&self, position: &str, options: &QueryOptions) -> CliResult<Report> {
        use sprague::Chomp;
        let p = Chomp
            .parse_position(position)
            .map_err(|e| position_error(position, &e))?;
        let canon = Chomp::canonical(&p);
        let (outcome, grundy, bites) = if options.misere {
            let mut solver = MisereSolver::with_max_states(&Chomp, options.max_states)
                .with_monitor(crate::progress::monitor());
            let o = solver.outcome(&canon)?;
            let mut bites = Vec::new();
            for (r, c) in Chomp::bites(&p) {
                let after = Chomp::canonical(&Chomp::bite(&p, r, c));
                if solver.outcome(&after)? == Outcome::P {
                    bites.push((r, c, after));
                }
            }
            (o, None, bites)
        } else {
            let mut solver = GrundySolver::with_max_states(&Chomp, options.max_states)
                .with_monitor(crate::progress::monitor());
            let g = solver.grundy(&canon)?;
            let mut bites = Vec::new();
            for (r, c) in Chomp::bites(&p) {
                let after = Chomp::bite(&p, r, c);
                if solver.grundy(&Chomp::canonical(&after))?.is_zero() {
                    bites.push((r, c, after));
                }
            }
            (Outcome::from_grundy(g), Some(g.get()), bites)
        };
        let moves: Vec<(String, String)> = bites
            .iter()
            .map(|(r, c, after)| {
                (
                    Chomp.format_position(after),
                    format!("bite at (row {}, column {})", r + 1, c + 1),
                )
            })
            .collect();
        let mut report = impartial_report(
            "chomp",
            &Chomp.format_position(&p),
            options.misere,
            outcome,
            grundy,
            &moves,
        );
        annotate(
            &mut report,
            "winning_bites",
            json!(
                bites
                    .iter()
                    .map(|(r, c, _)| json!({"row": r + 1, "column": c + 1}))
                    .collect::<Vec<_>>()
            ),
            None,
        );
        Ok(report)
    }

    fn play(
        &self,
        position: &str,
        settings: &crate::play::Settings,
        io: &mut crate::play::Io<'_>,
    ) -> CliResult<()> {
        let p = sprague::Chomp
            .parse_position(position)
            .map_err(|e| position_error(position, &e))?;
        let engine =
            crate::play::ImpartialEngine::new("chomp".to_string(), &ChompAsDrawn, false, &settings.options());
        crate::play::run_session(&mut *crate::play::erase(engine, p), settings, io)
    }
}

/// Chomp for `sprague play`: options keep the diagram as drawn (the engine's
/// own moves are transposed to a canonical form, which would turn the board
/// the user sees).
struct ChompAsDrawn;

impl ImpartialRules for ChompAsDrawn {
    type Position = Vec<u32>;

    fn moves(&self, position: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
        for (r, c) in sprague::Chomp::bites(position) {
            out.push(sprague::Chomp::bite(position, r, c));
        }
    }
}

impl Notation<Vec<u32>> for ChompAsDrawn {
    fn parse_position(&self, text: &str) -> Result<Vec<u32>, sprague::ParseError> {
        sprague::Chomp.parse_position(text)
    }

    fn format_position(&self, position: &Vec<u32>) -> String {
        sprague::Chomp.format_position(position)
    }

    fn describe_move(&self, from: &Vec<u32>, to: &Vec<u32>) -> String {
        sprague::Chomp::bites(from)
            .find(|&(r, c)| sprague::Chomp::bite(from, r, c) == *to)
            .map_or_else(
                || format!("to {}", self.format_position(to)),
                |(r, c)| format!("bite at row {}, column {}", r + 1, c + 1),
            )
    }
}

/// Largest number of winning moves listed for the multiples game.
const MULTIPLES_LIST_LIMIT: u64 = 50;

/// The multiples-flipping game: the value table for N, then O(1) per coin.
struct MultiplesBoard;

impl Ruleset for MultiplesBoard {
    fn value(&self, position: &str, options: &QueryOptions) -> CliResult<Report> {
        let (n, heads) = sprague::parse_multiples(position).map_err(|e| position_error(position, &e))?;
        if n > 1_000_000_000_000 {
            return Err(CliError::input(format!(
                "position `{position}`: N must be at most 10^12 (the value table takes O(N^3/4) time)"
            )));
        }
        let game = sprague::MultiplesFlip::new(n);
        let canonical = game.format_position(&heads);
        if options.misere && n > 24 {
            return Err(CliError::input(
                "multiples: misère play is searched, so N must be at most 24",
            ));
        }
        if options.misere {
            let mut solver = MisereSolver::with_max_states(&game, options.max_states)
                .with_monitor(crate::progress::monitor());
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
        let total: u64 = runs.iter().map(sprague::KRange::len).sum();
        let mut moves = Vec::new();
        'outer: for r in &runs {
            for i in 0..r.len() {
                if moves.len() as u64 >= MULTIPLES_LIST_LIMIT {
                    break 'outer;
                }
                let k = r.from + i * r.step;
                let what = if k == 1 {
                    format!("turn coin {} alone", r.coin)
                } else {
                    format!("turn coins {}, {}, …, {}", r.coin, 2 * r.coin, k * r.coin)
                };
                moves.push((format!("x={} k={k}", r.coin), what));
            }
        }
        let mut report = impartial_report(
            "multiples",
            &canonical,
            false,
            Outcome::from_grundy(Nimber(g)),
            Some(g),
            &moves,
        );
        let values: Vec<u64> = heads.iter().map(|&x| game.coin_value(x)).collect();
        annotate(&mut report, "coin_values", json!(values), None);
        annotate(
            &mut report,
            "winning_moves_total",
            json!(total),
            (total > moves.len() as u64).then(|| {
                format!(
                    "({total} winning moves in all; the first {} are listed)",
                    moves.len()
                )
            }),
        );
        annotate(
            &mut report,
            "winning_runs",
            json!(
                runs.iter()
                    .map(|r| json!({"coin": r.coin, "k_from": r.from, "k_to": r.to, "k_step": r.step}))
                    .collect::<Vec<_>>()
            ),
            None,
        );
        Ok(report)
    }

    fn play(
        &self,
        position: &str,
        settings: &crate::play::Settings,
        io: &mut crate::play::Io<'_>,
    ) -> CliResult<()> {
        crate::play::multiples::play_multiples(position, settings, io)
    }
}

fn memory_entry(
    name: &str,
    rule: sprague::MemoryRule,
    first: sprague::FirstMove,
    shown: String,
) -> CliResult<Box<dyn Ruleset>> {
    let rules = sprague::MemoryGame::new(rule, first).ok_or_else(|| {
        CliError::input(format!(
            "ruleset `{name}`: the first move must be allowed to take at least 1"
        ))
    })?;
    Ok(Box::new(MemoryBoard { name: shown, rules }))
}

fn turning_entry(
    name: &'static str,
    kind: sprague::TurningKind,
    summary: &'static str,
    example: &'static str,
    [example2, rules, known]: [&'static str; 3],
) -> Entry {
    fn build_kind(
        name: &str,
        params: Option<&str>,
        kind: sprague::TurningKind,
    ) -> CliResult<Box<dyn Ruleset>> {
        no_params(name, params)?;
        Ok(Box::new(Board {
            name: name.to_string(),
            rules: sprague::TurningGame::new(kind),
        }))
    }
    let build: super::Builder = match kind {
        sprague::TurningKind::TurningTurtles => |n, p| build_kind(n, p, sprague::TurningKind::TurningTurtles),
        sprague::TurningKind::MockTurtles => |n, p| build_kind(n, p, sprague::TurningKind::MockTurtles),
        sprague::TurningKind::Ruler => |n, p| build_kind(n, p, sprague::TurningKind::Ruler),
        sprague::TurningKind::FlipAny => |n, p| build_kind(n, p, sprague::TurningKind::FlipAny),
    };
    Entry {
        name,
        params: "",
        family: Family::Impartial,
        summary,
        notation: if kind == sprague::TurningKind::FlipAny {
            "a 01 string, leftmost coin first, e.g. `0110` (also `THHT`)"
        } else {
            "a row of coins, leftmost first: `H`/`1` heads, `T`/`0` tails, e.g. `THHTTH`"
        },
        example,
        example2,
        rules,
        known,
        build,
    }
}

pub(super) fn entries() -> Vec<Entry> {
    vec![
        Entry {
            name: "wythoff",
            params: "",
            family: Family::Heap,
            summary: "two heaps: take from one heap, or the same amount from both (Wythoff's game)",
            notation: "two heaps `x y`; a sum of games `3 5; 4 7`; P/N for any u64 heaps",
            example: "value wythoff 1000000000000 1618033988749",
            example2: "value wythoff 3 5",
            rules: "Wythoff's game: two heaps of tokens. A move takes any positive number of tokens from one heap, or the same positive number from both heaps. The player who takes the last token wins.",
            known: "The losing positions are the pairs (⌊kφ⌋, ⌊kφ²⌋) for k = 0, 1, 2, … with φ the golden ratio (W. A. Wythoff, A modification of the game of Nim, Nieuw Archief voor Wiskunde, 1907; the lower Wythoff sequence is OEIS A000201), so outcomes are decided for any 64-bit heaps; sprague finds Grundy values by search.",
            build: |name, params| {
                no_params(name, params)?;
                Ok(Box::new(WythoffBoard {
                    name: name.to_string(),
                    rules: sprague::Wythoff::heaps(),
                }))
            },
        },
        Entry {
            name: "wyt-queens",
            params: "",
            family: Family::Impartial,
            summary: "queens move left, down or diagonally down-left toward the corner (Wythoff on a board)",
            notation: "queens as `x,y` (0-based, corner 0,0) separated by spaces, e.g. `3,5 2,2`",
            example: "value wyt-queens 3,5 2,2",
            example2: "value wyt-queens 1,2",
            rules: "Queens on a board with a corner at 0,0. A move carries one queen any distance left, down, or diagonally down-left toward the corner; several queens may share a square. The player who cannot move (every queen in the corner) loses.",
            known: "One queen at x,y is Wythoff's game with heaps x and y: it loses for the mover exactly at (⌊kφ⌋, ⌊kφ²⌋) and its mirror image (W. A. Wythoff, 1907; Wyt Queens, Winning Ways, 2nd ed., vol. 1, ch. 3); several queens add as a sum of games.",
            build: |name, params| {
                no_params(name, params)?;
                Ok(Box::new(WythoffBoard {
                    name: name.to_string(),
                    rules: sprague::Wythoff::queens(),
                }))
            },
        },
        Entry {
            name: "poker-nim",
            params: "",
            family: Family::Heap,
            summary: "Nim where removed chips go to your reserve and may be added back to a heap",
            notation: "heaps, `/` (or `|`), the mover's and the other player's reserves, e.g. `3 4 5 / 2 1`",
            example: "value poker-nim 3 4 5 / 2 1",
            example2: "value poker-nim 1 2 3 / 4 0",
            rules: "Poker Nim: heaps of chips, and each player has a reserve of chips. A move either removes chips from one heap into the mover's reserve, or adds chips from the mover's reserve to one heap. The player who cannot move loses.",
            known: "With finite reserves it is decided exactly as Nim (Bouton's theorem): the player who wins Nim answers every addition by removing the chips added, which shrinks the chips on the table plus the loser's reserve, so the game ends (Poker-Nim and reversible moves, Winning Ways, 2nd ed., vol. 1, ch. 3).",
            build: |name, params| {
                no_params(name, params)?;
                Ok(Box::new(PokerBoard))
            },
        },
        Entry {
            name: "staircase",
            params: "",
            family: Family::Heap,
            summary: "move coins from one step down to the next step (step 1 to the ground)",
            notation: "coins on steps 1, 2, 3, … e.g. `3 9 5 1`",
            example: "value staircase 3 9 5 1",
            example2: "value staircase 0 4 0 4",
            rules: "Staircase Nim: coins lie on steps 1, 2, 3, …. A move carries any positive number of coins from one step down to the next step (from step 1 onto the ground, out of play). The player who makes the last move wins.",
            known: "The coins on odd-numbered steps form a Nim position and the even steps do not matter: the position loses for the mover exactly when the nim-sum of the odd steps is 0, since a move onto an odd step can be undone at once.",
            build: |name, params| {
                no_params(name, params)?;
                Ok(Box::new(Board {
                    name: name.to_string(),
                    rules: sprague::StaircaseNim,
                }))
            },
        },
        Entry {
            name: "silver-dollar",
            params: "",
            family: Family::Impartial,
            summary: "slide a coin left on a strip without jumping; with `$`, the leftmost coin may drop into the bag; whoever bags the dollar `D` wins",
            notation: "`o` coin, `.` empty square, leading `$` money bag, `D` the silver dollar, e.g. `..o.o..o`, `$.o..oD.o`",
            example: "value silver-dollar ..o.o...o",
            example2: "value silver-dollar $.o..oD.o",
            rules: "Coins on a strip of squares. A move slides one coin any number of squares to the left onto empty squares, never jumping another coin. With a money bag `$` at the left end, the leftmost coin may instead drop into the bag, and one coin may be the silver dollar `D`: whoever bags the dollar wins.",
            known: "The game is Staircase Nim on the gaps read from the right: the value is the nim-sum of the gaps in front of the 1st, 3rd, 5th, … coin from the right; with the bag, the leftmost gap counts the bag as one more square.",
            build: |name, params| {
                no_params(name, params)?;
                Ok(Box::new(Board {
                    name: name.to_string(),
                    rules: sprague::SilverDollar,
                }))
            },
        },
        Entry {
            name: "moore",
            params: "K",
            family: Family::Heap,
            summary: "remove tokens from up to K heaps at once (Moore's Nim_K)",
            notation: "heap sizes separated by spaces, e.g. `1 2 3 4`",
            example: "value moore:2 1 2 3 4",
            example2: "value moore:2 1 2 4",
            rules: "Moore's Nim_K: heaps of tokens; a move takes tokens from at least one and at most K heaps (any positive number from each chosen heap). The player who takes the last token wins.",
            known: "Write the heap sizes in binary: the position loses for the mover exactly when, in every bit position, the number of heaps with a 1 there is a multiple of K + 1 (E. H. Moore, A generalization of the game called Nim, Annals of Mathematics, 2nd series, vol. 11, 1910).",
            build: |name, params| {
                let k = whole_param(name, params, "K")?;
                let rules = usize::try_from(k)
                    .ok()
                    .and_then(sprague::MooreNim::new)
                    .ok_or_else(|| {
                        CliError::input(format!("ruleset `{name}:{k}`: K must be between 1 and 2^32 - 1"))
                    })?;
                Ok(Box::new(MooreBoard {
                    name: format!("{name}:{k}"),
                    rules,
                }))
            },
        },
        Entry {
            name: "chomp",
            params: "",
            family: Family::Impartial,
            summary: "bite a square and everything below-right of it; whoever must eat the poison (row 1, column 1) loses",
            notation: "row lengths of a Young diagram, longest first, e.g. `5 3 3`",
            example: "value chomp 5 3 3",
            example2: "value chomp 2 1",
            rules: "Chomp: a bar of chocolate squares in rows of non-increasing length (a Young diagram); the top-left square is poisoned. A move bites a square and every square below and to the right of it. Whoever must eat the poisoned square loses.",
            known: "By strategy stealing the first player wins every rectangle larger than 1×1, though no winning move is known in general; a square board is won by biting at (2,2) and mirroring, and two rows of lengths a and a − 1 lose for the mover. Chomp is David Gale's chocolate-bar form of a divisor game of F. Schuh; the name is Martin Gardner's.",
            build: |name, params| {
                no_params(name, params)?;
                Ok(Box::new(ChompBoard))
            },
        },
        turning_entry(
            "turning-turtles",
            sprague::TurningKind::TurningTurtles,
            "turn a heads coin to tails and optionally one coin to its left",
            "value turning-turtles THHTTH",
            [
                "value turning-turtles HHH",
                "A row of coins showing heads `H` or tails `T`. A move turns a heads coin to tails and may also turn over one coin anywhere to its left. The player who cannot move loses.",
                "Turning Turtles is Nim in disguise: a heads coin at position n (counting from 1 at the left) is a nim-heap of size n, and a position is the nim-sum of its heads coins (coin-turning games, Winning Ways, 1st ed. 1982, ch. 14).",
            ],
        ),
        turning_entry(
            "mock-turtles",
            sprague::TurningKind::MockTurtles,
            "turn a heads coin to tails and up to two coins to its left (values: odious numbers)",
            "value mock-turtles THHTTH",
            [
                "value mock-turtles HHHH",
                "A row of coins showing heads `H` or tails `T`. A move turns a heads coin to tails and may also turn over one or two coins anywhere to its left. The player who cannot move loses.",
                "A heads coin at position n (from 0 at the left) is worth the n-th odious number 1, 2, 4, 7, 8, 11, 13, 14, … (numbers with an odd count of binary ones, OEIS A000069), and a position is the nim-sum of its coins (coin-turning games, Winning Ways, 1st ed. 1982, ch. 14).",
            ],
        ),
        turning_entry(
            "ruler",
            sprague::TurningKind::Ruler,
            "turn a run of consecutive coins whose rightmost coin goes heads to tails",
            "value ruler THHTTH",
            [
                "value ruler TTTTTTTH",
                "A row of coins showing heads `H` or tails `T`. A move turns over a run of consecutive coins whose rightmost coin goes from heads to tails. The player who cannot move loses.",
                "A heads coin at position n (from 1 at the left) is worth the largest power of 2 dividing n (OEIS A006519), and a position is the nim-sum of its coins (coin-turning games, Winning Ways, 1st ed. 1982, ch. 14).",
            ],
        ),
        turning_entry(
            "flip01",
            sprague::TurningKind::FlipAny,
            "01-string flip game: turn a 1 to 0 and any coins to its left (value: the string as a binary number)",
            "value flip01 0110",
            [
                "value flip01 1011",
                "A string of 0s and 1s. A move turns one 1 into 0 and may turn over any of the coins to its left. The player who cannot move (all 0s) loses.",
                "A 1 at position i (from 0 at the left) is worth 2^i, so the value is the string read as a binary number with the leftmost digit as the lowest bit (coin-turning theorem, Winning Ways, 1st ed. 1982, ch. 14; checked against search in sprague's tests).",
            ],
        ),
        Entry {
            name: "turning-corners",
            params: "",
            family: Family::Impartial,
            summary: "turn the four corners of a rectangle whose lower-right corner goes heads to tails (values: nim products)",
            notation: "rows of coins separated by `/`, e.g. `TTTT/THTT/TTTH`",
            example: "value turning-corners TTTT/THTT/TTTH",
            example2: "value turning-corners TTT/TTT/TTH",
            rules: "A rectangle of coins showing heads `H` or tails `T`. A move chooses a heads coin and a rectangle with that coin as its lower-right corner (at least two rows and two columns), and turns over the rectangle's four corner coins. The player who cannot move loses.",
            known: "Turning Corners is the coin-turning product of two Turning Turtles rows numbered from 0: a single heads coin at row r, column c (from 0) is worth the nim product r ⊗ c, and a position is the nim-sum of its heads coins (coin-turning games, Winning Ways, 1st ed. 1982, ch. 14).",
            build: |name, params| {
                no_params(name, params)?;
                Ok(Box::new(Board {
                    name: name.to_string(),
                    rules: sprague::TurningCorners,
                }))
            },
        },
        Entry {
            name: "multiples",
            params: "",
            family: Family::Impartial,
            summary: "coins 1..N: pick a heads coin x and k ≥ 1, turn coins x, 2x, …, kx",
            notation: "`N: x1 x2 …` (number of coins, then the heads coins), N up to 10^12",
            example: "value multiples 1000000000: 1 2 3 5 8 13 21 34 55 89",
            example2: "value multiples 10: 6",
            rules: "Coins numbered 1 to N, some showing heads. A move chooses a heads coin x and some k ≥ 1 with kx ≤ N, and turns over the coins x, 2x, …, kx (coin x goes to tails). The player who cannot move loses.",
            known: "A coin-turning game, so a position is the nim-sum of its single heads coins (coin-turning theorem, Winning Ways, ch. 14). A heads coin at x is worth g(⌊N/x⌋) with g(m) = mex over k ≤ m of g(⌊m/2⌋) ⊕ … ⊕ g(⌊m/k⌋), which sprague computes in O(N^(3/4)) time for N up to 10^12.",
            build: |name, params| {
                no_params(name, params)?;
                Ok(Box::new(MultiplesBoard))
            },
        },
        Entry {
            name: "one-or-largest",
            params: "",
            family: Family::Heap,
            summary: "take one stone from every heap, or a whole largest heap; whoever takes the last stone loses",
            notation: "heap sizes separated by spaces, e.g. `3 1 4 1 5`",
            example: "value one-or-largest 3 1 4 1 5",
            example2: "value one-or-largest 1 1",
            rules: "Heaps of stones. A move either takes one stone from every non-empty heap, or takes a whole largest heap. The player who takes the last stone loses.",
            known: "Draw the heaps, largest first, as the rows of a Young diagram: play walks a token right or down from the corner. Walk diagonally while possible; from the last diagonal cell (k, k), with x cells to its right and y rows below it longer than k, the mover wins iff x or y is odd (derivation in the documentation of `sprague::one_or_largest_is_p`, checked against search on all small inputs).",
            build: |name, params| {
                no_params(name, params)?;
                Ok(Box::new(Board {
                    name: name.to_string(),
                    rules: sprague::OneOrLargest,
                }))
            },
        },
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
                memory_entry(
                    name,
                    sprague::MemoryRule::Double,
                    sprague::FirstMove::AllButOne,
                    name.to_string(),
                )
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
                    sprague::MemoryRule::Double,
                    sprague::FirstMove::AtMost(k),
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
                    sprague::MemoryRule::Add(k),
                    sprague::FirstMove::AtMost(k),
                    format!("{name}:{k}"),
                )
            },
        },
    ]
}

/// `sprague play` on an impartial board ruleset: checks the position with
/// `fits` (the searches behind each move must stay small), then plays it.
fn play_board<R>(
    name: &str,
    rules: &R,
    position: &str,
    settings: &crate::play::Settings,
    io: &mut crate::play::Io<'_>,
    fits: impl Fn(&R::Position) -> Result<(), String>,
) -> CliResult<()>
where
    R: BoardRules + Notation<<R as ImpartialRules>::Position>,
{
    let p = rules
        .parse_position(position)
        .map_err(|e| position_error(position, &e))?;
    fits(&p).map_err(|e| CliError::input(format!("position `{position}`: {e}")))?;
    if settings.misere {
        rules
            .misere_check(&p)
            .map_err(|e| CliError::input(format!("{name}: {e}")))?;
    }
    let engine = crate::play::ImpartialEngine::new(name.to_string(), rules, false, &settings.options());
    crate::play::run_session(&mut *crate::play::erase(engine, p), settings, io)
}
