//! Catalog entries of the heap games (subtraction, take-and-break,
//! splitting) and rectangle cutting. Each [`HeapGame`] is a [`HeapRuleset`].

use super::heap_rules::PLAY_MAX_HEAP;
use super::{Entry, Error, Family, HeapRuleset, Impartial, Options, Report, Result, Ruleset, without_params};
use crate::heap::{
    AllBut, EqualSplit, HeapGame, Lasker, RangeSubtraction, Rectangle, RectangleCutting, SequenceSubtraction,
    Subtraction, SubtractionSequence, TakeBreak, format_rectangle_counts, parse_rectangle_counts,
    parse_rectangles,
};
use crate::notation::Notation;
use crate::play::PlayEngine;

/// Parses `A,B,…` (whole numbers separated by commas) for ruleset `name`.
fn number_list(name: &str, params: Option<&str>, what: &str) -> Result<Vec<u64>> {
    let text = params.unwrap_or("");
    if text.trim().is_empty() {
        return Err(Error::input(format!(
            "ruleset `{name}` needs {what}, e.g. `{name}:1,3,4`"
        )));
    }
    let mut out = Vec::new();
    let mut column = name.len() + 2;
    for token in text.split(',') {
        let n = crate::notation::parse_u64_token(token.trim(), column, "a number")
            .map_err(|e| Error::input(format!("ruleset `{name}:{text}`: {e}")))?;
        out.push(n);
        column += token.chars().count() + 1;
    }
    Ok(out)
}

fn take_break(name: &str, params: Option<&str>, hex: bool) -> Result<Box<dyn Ruleset>> {
    let code = params.unwrap_or("");
    let game = if hex {
        TakeBreak::parse_hex(code)
    } else {
        TakeBreak::parse(code)
    }
    .map_err(|e| Error::input(format!("ruleset `{name}:{code}`: {}", e.shifted(name.len() + 1))))?;
    Ok(boxed(format!("{name}:{game}"), game))
}

fn boxed<G: HeapGame + Clone + 'static>(name: String, game: G) -> Box<dyn Ruleset> {
    Box::new(HeapRuleset::new(name, game))
}

/// Largest heap of the splitting games whose moves may leave that many heaps.
const SPLIT_MAX: u64 = 1_000_000;

impl crate::definition::Definition<Vec<Rectangle>> for RectangleCutting {}

/// Rectangle cutting: normal play by the closed form for any sides (with
/// `AxB^K` for many equal rectangles), misère play searched.
struct Rectangles(Impartial<RectangleCutting>);

/// The most entries (`AxB` or `AxB^K`) of a position for which a winning cut
/// is shown with the whole position after it (beyond, by the cut alone).
const RECTANGLE_POSITIONS_UP_TO: usize = 1000;

impl Rectangles {
    /// The rectangles of `position`, each side at most `max_side`; `what`
    /// says why, after the rectangle.
    fn parse(position: &str, max_side: u64, what: &str) -> Result<Vec<Rectangle>> {
        let rects = parse_rectangles(position).map_err(|e| Error::position(position, e))?;
        match rects.iter().find(|&&(a, b)| a.max(b) > max_side) {
            Some(&(a, b)) => Err(Error::input(format!(
                "position `{position}`: rectangle {a}x{b} {what}"
            ))),
            None => Ok(rects),
        }
    }

    /// Normal play: the closed form of [`RectangleCutting::solve_sum`], for
    /// any sides and any numbers of copies; each winning cut is named with
    /// its number of pieces, and the position after it is written with
    /// `AxB^K`, never piece by piece.
    fn normal(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        let counted = parse_rectangle_counts(position).map_err(|e| Error::position(position, e))?;
        let sum = self.0.rules.solve_sum(&counted).ok_or_else(|| {
            Error::input(format!("position `{position}`: a side length must be at least 1"))
        })?;
        let full = counted.len() <= RECTANGLE_POSITIONS_UP_TO;
        options.check_memory(
            sum.winning_cuts.len() as u64,
            if full { 64 * counted.len() as u64 } else { 64 },
            "the listing of winning moves",
        )?;
        let mut moves = Vec::with_capacity(sum.winning_cuts.len());
        for (k, cut) in sum.winning_cuts.iter().enumerate() {
            if k % 1024 == 1023 {
                options.monitor.check()?;
            }
            let to = if full {
                format_rectangle_counts(&cut.apply(&counted))
            } else {
                String::new()
            };
            moves.push((to, cut.describe()));
        }
        let mut report = super::impartial_report(
            &self.0.name,
            &format_rectangle_counts(&counted),
            false,
            crate::outcome::Outcome::from_grundy(sum.grundy),
            Some(sum.grundy.get()),
            &moves,
        );
        if !full && !moves.is_empty() {
            report.push_line(&format!(
                "note: with more than {RECTANGLE_POSITIONS_UP_TO} entries, each move is named by its cut, not by the whole position after it"
            ));
        }
        Ok(report)
    }
}

impl Ruleset for Rectangles {
    fn value(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        if !options.misere {
            return self.normal(position, options);
        }
        // Misère play is searched over multisets of rectangles: a cut into d
        // strips is one kind counted d times, not d entries of a list, but
        // every cut of every side is tried.
        Self::parse(
            position,
            SPLIT_MAX,
            &format!(
                "has a side above {SPLIT_MAX}: misère play is searched cut by cut, so sides are limited to {SPLIT_MAX} there"
            ),
        )?;
        let rules = &self.0.rules;
        let p = rules
            .parse_position(position)
            .map_err(|e| Error::position(position, e))?;
        let (outcome, winning) = super::impartial_rules::misere_by_pieces(rules, &p, options)?;
        let moves: Vec<(String, String)> = winning
            .iter()
            .map(|to| (rules.format_position(to), rules.describe_move(&p, to)))
            .collect();
        Ok(super::impartial_report(
            &self.0.name,
            &rules.format_position(&p),
            true,
            outcome,
            None,
            &moves,
        ))
    }

    fn play<'a>(&'a self, position: &str, options: &Options<'a>) -> Result<Box<dyn PlayEngine + 'a>> {
        Self::parse(
            position,
            PLAY_MAX_HEAP,
            &format!("is too large to play (sides at most {PLAY_MAX_HEAP})"),
        )?;
        self.0.play(position, options)
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
                    Error::input(format!(
                        "ruleset `{name}:{}`: the subtraction set may not contain 0",
                        params.unwrap_or("")
                    ))
                })?;
                let shown: Vec<String> = game.set().iter().map(u64::to_string).collect();
                Ok(boxed(format!("{name}:{}", shown.join(",")), game))
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
                    return Err(Error::input(format!(
                        "ruleset `{name}:{}`: expected two bounds L,R",
                        params.unwrap_or("")
                    )));
                };
                let game = RangeSubtraction::new(l, r).ok_or_else(|| {
                    Error::input(format!(
                        "ruleset `{name}:{l},{r}`: need 1 ≤ L ≤ R and L + R < 2^64"
                    ))
                })?;
                Ok(boxed(format!("{name}:{l},{r}"), game))
            },
        },
        Entry {
            name: "allbut",
            params: "L[,L...]",
            family: Family::Heap,
            summary: "remove any positive number of tokens from one heap except exactly L (or any of a set L,L,...)",
            notation: "heap sizes separated by spaces, e.g. `10 7`",
            example: "value allbut:2 10 7",
            example2: "table allbut:2,3,7 --count 30",
            rules: "Heaps of tokens; a move takes any positive number of tokens from one heap, except that taking exactly one of the forbidden amounts (`allbut:2`: 2; `allbut:2,3,7`: 2, 3 or 7) is not allowed. The player who makes the last move wins.",
            known: "An all-but subtraction game: the values grow without bound, so the sequence is not periodic; all-but games are observed to be arithmetic-periodic — repeating up to a constant increase (the saltus) per period — which `sprague table` reports as seen, not proven (all-but subtraction games: Winning Ways, 2nd ed., vol. 1, ch. 4). Values are checked against the definition (a mex over every option).",
            build: |name, params| {
                let forbidden = number_list(name, params, "the forbidden amounts L")?;
                let game = AllBut::of_set(&forbidden).ok_or_else(|| {
                    Error::input(format!(
                        "ruleset `{name}:{}`: every forbidden amount must be at least 1",
                        params.unwrap_or("")
                    ))
                })?;
                let shown: Vec<String> = game.forbidden().iter().map(u64::to_string).collect();
                Ok(boxed(format!("{name}:{}", shown.join(",")), game))
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
                without_params(name, params, |name| {
                    HeapRuleset::new(name, SequenceSubtraction::new(SubtractionSequence::Squares))
                })
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
                without_params(name, params, |name| {
                    HeapRuleset::new(name, SequenceSubtraction::new(SubtractionSequence::Fibonacci))
                })
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
                without_params(name, params, |name| HeapRuleset::new(name, TakeBreak::kayles()))
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
                without_params(name, params, |name| {
                    HeapRuleset::new(name, TakeBreak::dawsons_kayles())
                })
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
                without_params(name, params, |name| {
                    HeapRuleset::new(name, TakeBreak::grundy_game())
                })
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
            build: |name, params| without_params(name, params, |name| HeapRuleset::new(name, Lasker)),
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
                without_params(name, params, |name| {
                    HeapRuleset::new(name, EqualSplit).with_max_heap(SPLIT_MAX)
                })
            },
        },
        Entry {
            name: "rectangles",
            params: "",
            family: Family::TakeAndBreak,
            summary: "cut an a×b rectangle along one side into d ≥ 2 equal pieces (d divides that side)",
            notation: "rectangles AxB separated by spaces, e.g. `3x4 2x5`; AxB^K for K equal ones (misère play: sides up to 10^6)",
            example: "value rectangles 3x4 2x5",
            example2: "value rectangles 1000000000x999999937",
            rules: "Rectangles of whole sides a×b. A move cuts one rectangle into d ≥ 2 equal pieces along one side — d must divide that side, so a×b becomes d rectangles (a/d)×b or d rectangles a×(b/d). A 1×1 square is dead. The player who makes the last move wins.",
            known: "Equal pieces cancel in pairs, so a cut into an even number of pieces is worth 0 and into an odd number d is worth one piece. With a = 2^s·m and b = 2^t·n (m, n odd) and Ω counting prime factors with multiplicity, G(a×b) = Ω(m) ⊕ Ω(n) when both sides are odd and (Ω(m) ⊕ Ω(n)) + 1 when one is even: by induction the odd cuts play Nim on the heaps Ω(m) and Ω(n), and an even side adds the option 0 (mex rule, Winning Ways, 2nd ed., vol. 1, ch. 3; proof in the documentation of sprague's RectangleCutting). Sides are factored by Pollard's rho, so any sides below 2^64 answer at once.",
            build: |name, params| {
                without_params(name, params, |name| {
                    Rectangles(Impartial {
                        name,
                        rules: RectangleCutting,
                    })
                })
            },
        },
    ]
}

#[cfg(test)]
mod tests {
    use crate::{
        monitor::Monitor,
        registry::{Data, Error, Options, build},
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
            matches!(e, Error::Search(crate::SearchError::Interrupted(_))),
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
