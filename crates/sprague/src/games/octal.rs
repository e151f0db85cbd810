//! Take-and-break games by their octal or hexadecimal code, as catalog
//! entries: `octal:CODE`, `hex:CODE`, and Kayles, Dawson's Kayles and
//! Grundy's game by name. The rules, tables and proven periods are in
//! [`crate::heap`].

use crate::heap::{HeapGame, TakeBreak};
use crate::registry::{Entry, Error, Family, HeapRuleset, Result, Ruleset, without_params};

/// Builds `octal:CODE` (or, with `hex`, `hex:CODE`) from its code.
fn take_break(name: &str, params: Option<&str>, hex: bool) -> Result<Box<dyn Ruleset>> {
    let code = params.unwrap_or("");
    let game = if hex {
        TakeBreak::parse_hex(code)
    } else {
        TakeBreak::parse(code)
    }
    .map_err(|e| Error::input(format!("ruleset `{name}:{code}`: {}", e.shifted(name.len() + 1))))?;
    Ok(heap_box(format!("{name}:{game}"), game))
}

/// The heap ruleset of `game`, shown as `name`.
fn heap_box<G: HeapGame + Clone + 'static>(name: String, game: G) -> Box<dyn Ruleset> {
    Box::new(HeapRuleset::new(name, game))
}

/// The catalog entries.
pub(crate) const ENTRIES: &[Entry] = &[
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
];
