//! Catalog entries of the heap games (subtraction, take-and-break, splitting)
//! and the command-line face of every [`HeapGame`]: values of heap sums, with
//! tables and proven periods for huge heaps, and `sprague table`.

use super::{Entry, Family, no_params, whole_param};
use crate::error::{CliError, CliResult};
use crate::ruleset::{Impartial, QueryOptions, Report, Ruleset, TableData, impartial_report, position_error};
use serde_json::Value;
use sprague::{
    AllBut, EqualSplit, GrundyTable, HeapGame, Heaps, Lasker, MisereSolver, Nimber, Notation, Outcome,
    RangeSubtraction, RectangleCutting, SequenceSubtraction, Subtraction, SubtractionSequence, TakeBreak,
    find_period, misere_grundy_values_with,
};

/// Values of single heaps are tabulated on demand up to this many heaps
/// (beyond it a heap needs a closed form or a proven period).
pub const TABLE_LIMIT: u64 = 1 << 16;

/// Periodic games are tabulated until their period is proven, up to this many values.
pub const PROOF_LIMIT: usize = 1 << 18;

/// Tables of games with a periodicity theorem are computed to at least this
/// many values to look for a period.
pub const MIN_PROOF_TABLE: usize = 512;

/// Largest heap accepted by `sprague play` (every option of a heap is listed).
pub const PLAY_MAX_HEAP: u64 = 1 << 12;

/// Largest heap accepted in misère play (searched position by position).
pub const MISERE_MAX_HEAP: u64 = 1 << 16;

/// A [`HeapGame`] on the command line.
pub struct HeapRules<G> {
    /// Name shown in reports, with parameters.
    pub name: String,
    /// The heap game.
    pub game: G,
    /// Largest heap accepted in positions (splitting games may leave that many heaps).
    pub max_heap: u64,
    /// Whether winning moves listed for heaps above the enumeration limit are all of them.
    pub huge_moves_complete: bool,
}

impl<G: HeapGame + Clone> HeapRules<G> {
    /// A heap ruleset accepting any heap below 2^64.
    pub fn new(name: String, game: G) -> Self {
        HeapRules {
            name,
            game,
            max_heap: u64::MAX,
            huge_moves_complete: true,
        }
    }

    /// The largest table computed on demand: smaller for games with
    /// three-heap moves, whose tables cost O(n³).
    fn table_limit(&self) -> u64 {
        match self.game.period_rule() {
            Some(r) if r.max_parts > 2 => 1 << 11,
            _ => TABLE_LIMIT,
        }
    }

    /// The table used to value heaps of at most `largest` tokens.
    fn table_for(&self, largest: u64) -> GrundyTable {
        let rule = self.game.period_rule();
        if self.game.heap_value(largest).is_some() {
            return GrundyTable::empty();
        }
        let first = match rule {
            Some(r) if r.max_parts > 2 => 1 << 9,
            Some(_) => 1 << 12,
            None => 0,
        };
        let mut table = if first > 0 {
            GrundyTable::until_proven(&self.game, first)
        } else {
            GrundyTable::empty()
        };
        if table.value(largest).is_none() && largest < self.table_limit() {
            table = GrundyTable::compute(&self.game, (largest + 1) as usize);
        }
        if table.value(largest).is_none() && rule.is_some_and(|r| r.max_parts <= 2) {
            table = GrundyTable::until_proven(&self.game, PROOF_LIMIT);
        }
        table
    }
}

impl<G: HeapGame + Clone> Ruleset for HeapRules<G> {
    fn value(&self, position: &str, options: &QueryOptions) -> CliResult<Report> {
        let heaps_in = sprague::parse_heaps(position).map_err(|e| position_error(position, &e))?;
        if let Some(&h) = heaps_in.iter().find(|&&h| h > self.max_heap) {
            return Err(CliError::input(format!(
                "position `{position}`: heap {h} is too large for {} (at most {}; a move may leave that many heaps)",
                self.name, self.max_heap
            )));
        }
        let largest = heaps_in.iter().copied().max().unwrap_or(0);
        let rules = Heaps::with_table(self.game.clone(), self.table_for(largest));
        let canonical = rules.format_position(&heaps_in);
        if options.misere {
            // Misère play is searched over whole positions: keep heaps small
            // enough that listing one heap's options is cheap.
            if largest > MISERE_MAX_HEAP {
                return Err(CliError::input(format!(
                    "position `{position}`: misère play is searched, so heaps are limited to {MISERE_MAX_HEAP} (found {largest})"
                )));
            }
            let mut solver = MisereSolver::with_max_states(&rules, options.max_states)
                .with_monitor(crate::progress::monitor());
            let outcome = solver.outcome(&heaps_in)?;
            let moves: Vec<(String, String)> = solver
                .winning_moves(&heaps_in)?
                .iter()
                .map(|to| (rules.format_position(to), rules.describe_move(&heaps_in, to)))
                .collect();
            return Ok(impartial_report(
                &self.name, &canonical, true, outcome, None, &moves,
            ));
        }
        let mut values = Vec::with_capacity(heaps_in.len());
        for &h in &heaps_in {
            let v = rules.heap_grundy(h).ok_or_else(|| {
                CliError::input(format!(
                    "heap {h} of {}: no closed form and no proven period, and heaps above {} are not tabulated (try `sprague table {} --count N`)",
                    self.name,
                    (rules.table().values().len() as u64).max(self.table_limit()) - 1,
                    self.name
                ))
            })?;
            values.push(v);
        }
        let total: Nimber = values.iter().copied().sum();
        let mut moves = Vec::new();
        let mut complete = true;
        if !total.is_zero() {
            for (i, (&h, &g)) in heaps_in.iter().zip(&values).enumerate() {
                let target = g + total;
                match rules.heap_moves_to_value(h, target) {
                    Some(found) => {
                        if h > sprague::ENUMERATION_LIMIT && !self.huge_moves_complete {
                            complete = false;
                        }
                        for parts in found {
                            let mut to = heaps_in[..i].to_vec();
                            to.extend_from_slice(&parts);
                            to.extend_from_slice(&heaps_in[i + 1..]);
                            moves.push((rules.format_position(&to), rules.describe_move(&heaps_in, &to)));
                        }
                    }
                    None => complete = false,
                }
            }
        }
        let mut report = impartial_report(
            &self.name,
            &canonical,
            false,
            Outcome::from_grundy(total),
            Some(total.get()),
            &moves,
        );
        if !complete {
            if let Value::Object(map) = &mut report.json {
                map.insert("winning_moves_complete".into(), Value::Bool(false));
            }
            report.text.push_str(
                "note: some heaps are too large to list every winning move; those listed are correct, and for a take-and-break game every other winning split differs from a listed one by multiples of the period\n",
            );
        }
        Ok(report)
    }

    fn table(
        &self,
        count: usize,
        options: &QueryOptions,
        progress: &mut dyn FnMut(usize) -> bool,
    ) -> CliResult<TableData> {
        if options.misere {
            // Stops at Ctrl-C (inside a heap's search too) with the values so far.
            let values = misere_grundy_values_with(
                &self.game,
                count,
                options.max_states,
                crate::progress::monitor(),
                progress,
            )?;
            let period = find_period(&values, None);
            return Ok(TableData { values, period });
        }
        let rule = self.game.period_rule();
        // Games with a periodicity theorem get a few hundred values at least,
        // so that short tables still show (and prove) their period.
        let wanted = if rule.is_some() {
            count.max(MIN_PROOF_TABLE)
        } else {
            count
        };
        let mut values = self.game.grundy_values(wanted, progress);
        let mut period = find_period(&values, rule);
        // A period seen but not yet proven: compute the values the periodicity
        // theorem needs, when that is cheap.
        if let (Some(p), Some(r)) = (period, rule)
            && !p.proven
            && p.saltus == 0
            && values.len() == wanted
            && let Some(need) = r.proof_length(p.preperiod, p.period)
            && need
                <= (if r.max_parts > 2 {
                    1 << 12
                } else {
                    PROOF_LIMIT as u64
                })
        {
            let more = self.game.grundy_values(need as usize, &mut |_| true);
            if let Some(q) = find_period(&more, rule)
                && q.proven
                && q.period == p.period
            {
                values = more;
                period = Some(q);
            }
        }
        values.truncate(count);
        Ok(TableData { values, period })
    }

    fn play(
        &self,
        position: &str,
        settings: &crate::play::Settings,
        io: &mut crate::play::Io<'_>,
    ) -> CliResult<()> {
        let heaps_in = sprague::parse_heaps(position).map_err(|e| position_error(position, &e))?;
        if let Some(&h) = heaps_in.iter().find(|&&h| h > PLAY_MAX_HEAP.min(self.max_heap)) {
            return Err(CliError::input(format!(
                "position `{position}`: heap {h} is too large to play (at most {} tokens, so that every move can be listed)",
                PLAY_MAX_HEAP.min(self.max_heap)
            )));
        }
        let largest = heaps_in.iter().copied().max().unwrap_or(0);
        let rules = Heaps::with_table(self.game.clone(), self.table_for(largest));
        let engine = crate::play::ImpartialEngine::new(self.name.clone(), &rules, true, &settings.options());
        crate::play::run_session(&mut *crate::play::erase(engine, heaps_in), settings, io)
    }
}

/// Parses `A,B,…` (whole numbers separated by commas) for ruleset `name`.
fn number_list(name: &str, params: Option<&str>, what: &str) -> CliResult<Vec<u64>> {
    let text = params.unwrap_or("");
    if text.trim().is_empty() {
        return Err(CliError::input(format!(
            "ruleset `{name}` needs {what}, e.g. `{name}:1,3,4`"
        )));
    }
    let mut out = Vec::new();
    let mut column = name.len() + 2;
    for token in text.split(',') {
        let n = sprague::parse_u64_token(token.trim(), column, "a number")
            .map_err(|e| CliError::input(format!("ruleset `{name}:{text}`: {e}")))?;
        out.push(n);
        column += token.chars().count() + 1;
    }
    Ok(out)
}

fn take_break(name: &str, params: Option<&str>, hex: bool) -> CliResult<Box<dyn Ruleset>> {
    let code = params.unwrap_or("");
    let game = if hex {
        TakeBreak::parse_hex(code)
    } else {
        TakeBreak::parse(code)
    }
    .map_err(|e| CliError::input(format!("ruleset `{name}:{code}`: {}", e.shifted(name.len() + 1))))?;
    Ok(boxed(format!("{name}:{game}"), game, false))
}

fn boxed<G: HeapGame + Clone + 'static>(name: String, game: G, huge_complete: bool) -> Box<dyn Ruleset> {
    let mut r = HeapRules::new(name, game);
    r.huge_moves_complete = huge_complete;
    Box::new(r)
}

/// Largest heap of the splitting games whose moves may leave that many heaps.
const SPLIT_MAX: u64 = 1_000_000;

/// Rectangle cutting with a bound on the side lengths.
struct Rectangles(Impartial<RectangleCutting>);

impl Ruleset for Rectangles {
    fn value(&self, position: &str, options: &QueryOptions) -> CliResult<Report> {
        let rects = sprague::parse_rectangles(position).map_err(|e| position_error(position, &e))?;
        if let Some(&(a, b)) = rects.iter().find(|&&(a, b)| a.max(b) > SPLIT_MAX) {
            return Err(CliError::input(format!(
                "position `{position}`: rectangle {a}x{b} has a side above {SPLIT_MAX} (a cut may leave that many pieces)"
            )));
        }
        self.0.value(position, options)
    }

    fn play(
        &self,
        position: &str,
        settings: &crate::play::Settings,
        io: &mut crate::play::Io<'_>,
    ) -> CliResult<()> {
        let rects = sprague::parse_rectangles(position).map_err(|e| position_error(position, &e))?;
        if let Some(&(a, b)) = rects.iter().find(|&&(a, b)| a.max(b) > PLAY_MAX_HEAP) {
            return Err(CliError::input(format!(
                "position `{position}`: rectangle {a}x{b} is too large to play (sides up to {PLAY_MAX_HEAP})"
            )));
        }
        self.0.play(position, settings, io)
    }
}

pub(super) fn entries() -> Vec<Entry> {
    vec![
        Entry {
            name: "subtraction",
            params: "S",
            family: Family::Heap,
            summary: "remove exactly s tokens from one heap, for s in the finite set S (e.g. 1,3,4)",
            notation: "heap sizes separated by spaces, e.g. `10 7`",
            example: "value subtraction:1,3,4 10 7",
            example2: "table subtraction:1,3,4 --count 30",
            rules: "A subtraction game: heaps of tokens and a finite set S of positive whole numbers. A move takes exactly s tokens from one heap, for some s in S no larger than the heap. The player who makes the last move wins.",
            known: "Every subtraction game with a finite set is ultimately periodic, because the values of the last max(S) heaps determine the next one; sprague finds the period and proves it. S = {1,3,4} has values 0 1 0 1 2 3 2 repeating with period 7 from n = 0 (subtraction games: Winning Ways, 2nd ed., vol. 1, ch. 4).",
            build: |name, params| {
                let set = number_list(name, params, "a subtraction set")?;
                let game = Subtraction::new(&set).ok_or_else(|| {
                    CliError::input(format!(
                        "ruleset `{name}:{}`: the subtraction set may not contain 0",
                        params.unwrap_or("")
                    ))
                })?;
                let shown: Vec<String> = game.set().iter().map(u64::to_string).collect();
                Ok(boxed(format!("{name}:{}", shown.join(",")), game, true))
            },
        },
        Entry {
            name: "range",
            params: "L,R",
            family: Family::Heap,
            summary: "remove between L and R tokens from one heap; value ⌊(n mod (L+R))/L⌋",
            notation: "heap sizes separated by spaces, e.g. `10 7`",
            example: "value range:2,3 10 7",
            example2: "table range:2,3 --count 20",
            rules: "Heaps of tokens; a move takes at least L and at most R tokens from one heap. The player who makes the last move wins.",
            known: "The subtraction game {L, …, R}: G(n) = ⌊(n mod (L+R)) / L⌋, periodic with period L+R from n = 0 (subtraction games: Winning Ways, 2nd ed., vol. 1, ch. 4).",
            build: |name, params| {
                let v = number_list(name, params, "bounds L,R")?;
                let [l, r] = v[..] else {
                    return Err(CliError::input(format!(
                        "ruleset `{name}:{}`: expected two bounds L,R",
                        params.unwrap_or("")
                    )));
                };
                let game = RangeSubtraction::new(l, r).ok_or_else(|| {
                    CliError::input(format!(
                        "ruleset `{name}:{l},{r}`: need 1 ≤ L ≤ R and L + R < 2^64"
                    ))
                })?;
                Ok(boxed(format!("{name}:{l},{r}"), game, true))
            },
        },
        Entry {
            name: "allbut",
            params: "L",
            family: Family::Heap,
            summary: "remove any positive number of tokens from one heap except exactly L",
            notation: "heap sizes separated by spaces, e.g. `10 7`",
            example: "value allbut:2 10 7",
            example2: "table allbut:2 --count 30",
            rules: "Heaps of tokens; a move takes any positive number of tokens from one heap, except that taking exactly L tokens is not allowed. The player who makes the last move wins.",
            known: "An all-but subtraction game: the values grow without bound, so the sequence is not periodic but arithmetic-periodic — it repeats up to a constant increase (the saltus) per period, which `sprague table` reports (subtraction games: Winning Ways, 2nd ed., vol. 1, ch. 4).",
            build: |name, params| {
                let l = whole_param(name, params, "L")?;
                let game = AllBut::new(l)
                    .ok_or_else(|| CliError::input(format!("ruleset `{name}:{l}`: L must be at least 1")))?;
                Ok(boxed(format!("{name}:{l}"), game, true))
            },
        },
        Entry {
            name: "squares",
            params: "",
            family: Family::Heap,
            summary: "remove a positive square number of tokens from one heap",
            notation: "heap sizes separated by spaces, e.g. `10 7`",
            example: "value squares 10 7",
            example2: "table squares --count 40",
            rules: "Subtract-a-square: heaps of tokens; a move takes a positive square number of tokens (1, 4, 9, 16, …) from one heap. The player who makes the last move wins.",
            known: "Subtract-a-square (described by S. W. Golomb, 1966): Grundy values 0, 1, 0, 1, 2, 0, 1, 0, 1, 2, … (OEIS A014586). The losing heaps 0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, … (OEIS A030193) differ by no square, so they have density zero by the Furstenberg–Sárközy theorem (proved independently by H. Furstenberg and by A. Sárközy in the late 1970s).",
            build: |name, params| {
                no_params(name, params)?;
                let game = SequenceSubtraction::new(SubtractionSequence::Squares);
                Ok(boxed(name.to_string(), game, true))
            },
        },
        Entry {
            name: "fibonacci",
            params: "",
            family: Family::Heap,
            summary: "remove a Fibonacci number (1, 2, 3, 5, 8, …) of tokens from one heap",
            notation: "heap sizes separated by spaces, e.g. `10 7`",
            example: "value fibonacci 10 7",
            example2: "table fibonacci --count 40",
            rules: "Heaps of tokens; a move takes a Fibonacci number of tokens (1, 2, 3, 5, 8, 13, …) from one heap. The player who makes the last move wins.",
            known: "The subtraction set is infinite, so the periodicity argument for finite subtraction games (Winning Ways, 2nd ed., vol. 1, ch. 4) does not apply: sprague tabulates the values on demand and `sprague table` shows whether a period appears in them.",
            build: |name, params| {
                no_params(name, params)?;
                let game = SequenceSubtraction::new(SubtractionSequence::Fibonacci);
                Ok(boxed(name.to_string(), game, true))
            },
        },
        Entry {
            name: "octal",
            params: "CODE",
            family: Family::TakeAndBreak,
            summary: "take-and-break game with an octal code (Winning Ways): 0.07 Dawson's Kayles, 0.77 Kayles, 4.07",
            notation: "heap sizes separated by spaces, e.g. `10 7`",
            example: "value octal:0.07 9223372036854775807 5",
            example2: "table octal:0.137 --count 120",
            rules: "A take-and-break game given by its octal code d0.d1d2d3…: digit dk says what may remain when k tokens are taken from one heap — bit 1: nothing (the whole heap is taken), bit 2: one non-empty heap, bit 4: two non-empty heaps (the rest split in two). The player who makes the last move wins.",
            known: "The periodicity theorem for octal games (R. K. Guy and C. A. B. Smith, The G-values of various games, Proc. Cambridge Philos. Soc. 52, 1956; Winning Ways, 2nd ed., vol. 1, ch. 4): if the values repeat with period p from n = e up to 2(e + p) + t, where t is the most tokens a move may take, they repeat for ever; sprague proves periods this way. 0.77 is Kayles, 0.07 Dawson's Kayles, 0.137 Dawson's chess and 0.007 Treblecross (all in Winning Ways, ch. 4).",
            build: |name, params| take_break(name, params, false),
        },
        Entry {
            name: "hex",
            params: "CODE",
            family: Family::TakeAndBreak,
            summary: "take-and-break game with a hexadecimal code (digit bit 8: leave three heaps), e.g. 0.8f",
            notation: "heap sizes separated by spaces, e.g. `10 7`",
            example: "value hex:0.f8 10 7",
            example2: "table hex:0.f8 --count 40",
            rules: "A take-and-break game with a hexadecimal code d0.d1d2…: as for octal codes, bit 1 of digit dk lets a move take k tokens and leave nothing, bit 2 one heap, bit 4 two heaps, and bit 8 three non-empty heaps. The player who makes the last move wins.",
            known: "The argument of the octal periodicity theorem extends to moves that leave up to three heaps: values repeating up to 3(e + p) + t prove a period; sprague tabulates and proves periods this way.",
            build: |name, params| take_break(name, params, true),
        },
        Entry {
            name: "kayles",
            params: "",
            family: Family::TakeAndBreak,
            summary: "Kayles (octal 0.77): knock down one pin or two adjacent pins from a row",
            notation: "row lengths separated by spaces, e.g. `10 7`",
            example: "value kayles 10 7",
            example2: "table kayles --count 100 --plot kayles.svg",
            rules: "Kayles: rows of bowling pins. A move knocks down one pin or two adjacent pins, which may split a row in two. Each row is a heap; the player who knocks down the last pin wins.",
            known: "Octal game 0.77. Its values (OEIS A002186) are periodic with period 12 from n = 71, the last exception being n = 70 (R. K. Guy and C. A. B. Smith, The G-values of various games, Proc. Cambridge Philos. Soc. 52, 1956; Winning Ways, 2nd ed., vol. 1, ch. 4).",
            build: |name, params| {
                no_params(name, params)?;
                Ok(boxed(name.to_string(), TakeBreak::kayles(), false))
            },
        },
        Entry {
            name: "dawson",
            params: "",
            family: Family::TakeAndBreak,
            summary: "Dawson's Kayles (octal 0.07): knock down two adjacent pins from a row",
            notation: "row lengths separated by spaces, e.g. `10 7`",
            example: "value dawson 10 7",
            example2: "table dawson --count 120",
            rules: "Dawson's Kayles: rows of pins; a move knocks down two adjacent pins, which may split a row in two. The player who makes the last move wins. It is Dawson's chess (octal 0.137) with every heap one larger.",
            known: "Octal game 0.07. Its values are those of Dawson's chess (OEIS A002187) shifted by one, periodic with period 34 from n = 53, the last exception being n = 52 (R. K. Guy and C. A. B. Smith, Proc. Cambridge Philos. Soc. 52, 1956; Winning Ways, 2nd ed., vol. 1, ch. 4).",
            build: |name, params| {
                no_params(name, params)?;
                Ok(boxed(name.to_string(), TakeBreak::dawsons_kayles(), false))
            },
        },
        Entry {
            name: "grundy",
            params: "",
            family: Family::TakeAndBreak,
            summary: "Grundy's game: split one heap into two non-empty heaps of different sizes",
            notation: "heap sizes separated by spaces, e.g. `10 7`",
            example: "value grundy 10 7",
            example2: "table grundy --count 100",
            rules: "Grundy's game: heaps of tokens; a move splits one heap into two non-empty heaps of different sizes, so heaps of 1 and 2 tokens are dead. The player who makes the last move wins.",
            known: "Grundy's game (P. M. Grundy, Mathematics and games, Eureka 2, 1939). Values: OEIS A002188 (tabulated by Guy and Smith, Proc. Cambridge Philos. Soc. 52, 1956); no period has been found in the values computed so far (Winning Ways, 2nd ed., vol. 1, ch. 4).",
            build: |name, params| {
                no_params(name, params)?;
                Ok(boxed(name.to_string(), TakeBreak::grundy_game(), false))
            },
        },
        Entry {
            name: "lasker",
            params: "",
            family: Family::TakeAndBreak,
            summary: "Lasker's Nim: remove any number of tokens from a heap, or split a heap into two",
            notation: "heap sizes separated by spaces, e.g. `10 7`",
            example: "value lasker 10 7",
            example2: "table lasker --count 24",
            rules: "Lasker's Nim: heaps of tokens; a move either takes any positive number of tokens from one heap, or splits one heap into two non-empty heaps. The player who makes the last move wins.",
            known: "G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4 and G(4k+4) = 4k+3, by induction on the heap size: arithmetic-periodic with period 4 and saltus 4. The game is named after Emanuel Lasker and appears among the games of Winning Ways.",
            build: |name, params| {
                no_params(name, params)?;
                Ok(boxed(name.to_string(), Lasker, false))
            },
        },
        Entry {
            name: "equal-split",
            params: "",
            family: Family::TakeAndBreak,
            summary: "split one heap into k ≥ 2 equal heaps",
            notation: "heap sizes up to 10^6 separated by spaces, e.g. `12 9`",
            example: "value equal-split 12 9",
            example2: "table equal-split --count 30",
            rules: "Heaps of tokens; a move splits one heap into k ≥ 2 heaps of equal size (so k divides the heap). A heap of one token is dead. The player who makes the last move wins.",
            known: "Equal heaps cancel in pairs, so a split into an even number of parts is worth 0 and into an odd number k is worth G(n/k). By induction, G(n) = Ω(m) for odd n and Ω(m) + 1 for even n, where m is the odd part of n and Ω counts prime factors with multiplicity (mex rule, Winning Ways, 2nd ed., vol. 1, ch. 3).",
            build: |name, params| {
                no_params(name, params)?;
                let mut r = HeapRules::new(name.to_string(), EqualSplit);
                r.max_heap = SPLIT_MAX;
                Ok(Box::new(r))
            },
        },
        Entry {
            name: "rectangles",
            params: "",
            family: Family::TakeAndBreak,
            summary: "cut an a×b rectangle along one side into d ≥ 2 equal pieces (d divides that side)",
            notation: "rectangles AxB (sides up to 10^6) separated by spaces, e.g. `3x4 2x5`",
            example: "value rectangles 3x4 2x5",
            example2: "value rectangles 6x9 --json",
            rules: "Rectangles of whole sides a×b. A move cuts one rectangle into d ≥ 2 equal pieces along one side — d must divide that side, so a×b becomes d rectangles (a/d)×b or d rectangles a×(b/d). A 1×1 square is dead. The player who makes the last move wins.",
            known: "Equal pieces cancel in pairs, so a cut into an even number of pieces is worth 0 and into an odd number d is worth one piece; the value of a×b therefore depends only on the prime signatures of its sides, and sprague keys its table by them (mex rule, Winning Ways, 2nd ed., vol. 1, ch. 3).",
            build: |name, params| {
                no_params(name, params)?;
                Ok(Box::new(Rectangles(Impartial {
                    name: name.to_string(),
                    rules: RectangleCutting,
                })))
            },
        },
    ]
}
