//! Subtraction games on heaps, as catalog entries: a finite set (`subtraction:S`),
//! a range (`range:L,R`), all but some amounts (`allbut:L`), squares and
//! Fibonacci numbers. The rules and their periods are in [`crate::heap`].

use crate::heap::{
    AllBut, HeapGame, RangeSubtraction, SequenceSubtraction, Subtraction, SubtractionSequence,
};
use crate::registry::{Entry, Error, Family, HeapRuleset, Result, Ruleset, without_params};

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

/// The heap ruleset of `game`, shown as `name`.
fn heap_box<G: HeapGame + Clone + 'static>(name: String, game: G) -> Box<dyn Ruleset> {
    Box::new(HeapRuleset::new(name, game))
}

/// The catalog entries.
pub(crate) const ENTRIES: &[Entry] = &[
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
            Ok(heap_box(format!("{name}:{}", shown.join(",")), game))
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
            Ok(heap_box(format!("{name}:{l},{r}"), game))
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
            Ok(heap_box(format!("{name}:{}", shown.join(",")), game))
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
];
