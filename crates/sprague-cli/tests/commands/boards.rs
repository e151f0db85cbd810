//! Command-line tests of the board, coin and memory games: every catalog
//! example runs, answers match the closed forms, and bad input is one line
//! with a column and exit code 2.

use std::process::Output;

use crate::common;

fn sprague(args: &[&str]) -> Output {
    common::run(args, b"")
}

fn json(args: &[&str]) -> serde_json::Value {
    let mut all = args.to_vec();
    all.push("--json");
    let out = sprague(&all);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert_eq!(text.trim_end().lines().count(), 1, "one JSON object: {text}");
    serde_json::from_str(&text).expect("valid JSON")
}

/// A bad-input case: exit code 2, one line on stderr containing `needle`.
fn bad(args: &[&str], needle: &str) {
    let out = sprague(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let err = String::from_utf8(out.stderr).expect("utf-8");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    assert!(err.contains(needle), "{args:?}: {err}");
    assert!(out.stdout.is_empty());
}

const NAMES: [&str; 17] = [
    "wythoff",
    "wyt-queens",
    "poker-nim",
    "staircase",
    "silver-dollar",
    "moore",
    "chomp",
    "turning-turtles",
    "mock-turtles",
    "ruler",
    "flip-left",
    "turning-corners",
    "multiples",
    "one-or-largest",
    "fibonacci-nim",
    "memory2c",
    "memory",
];

#[test]
fn every_example_runs() {
    let games = json(&["games"]);
    let list = games["games"].as_array().expect("a list");
    for name in NAMES {
        let entry = list
            .iter()
            .find(|e| e["name"] == name)
            .unwrap_or_else(|| panic!("{name} is listed"));
        let example = entry["example"].as_str().expect("example");
        let args: Vec<&str> = example.split_whitespace().skip(1).collect();
        let out = sprague(&args);
        assert!(
            out.status.success(),
            "{example}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(String::from_utf8_lossy(&out.stdout).contains("outcome:"));
    }
}

#[test]
fn wythoff_huge_heaps_use_the_closed_form() {
    // (a_k, b_k) for k = 10^18: a P-position; one heap more is an N-position.
    let pair = json(&["wythoff-pair", "1000000000000000000"]);
    let a: u64 = pair["a"].as_str().unwrap().parse().unwrap();
    let b: u64 = pair["b"].as_str().unwrap().parse().unwrap();
    assert_eq!(b - a, 1_000_000_000_000_000_000);
    // K beyond 2^53 - 1 is a string too (the one JSON writer's rule).
    assert_eq!(pair["k"], "1000000000000000000");
    let v = json(&["value", "wythoff", &a.to_string(), &b.to_string()]);
    assert_eq!(v["outcome"], "P");
    // Beyond 2^53 - 1, an integer is written as a string (the README's JSON reference).
    assert_eq!(v["p_position_index"], "1000000000000000000");
    let v = json(&["value", "wythoff", &a.to_string(), &(b + 5).to_string()]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["grundy"], serde_json::Value::Null);
    let to = format!("{a} {b}");
    assert!(
        v["winning_moves"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["to"] == to.as_str())
    );
    // Small heaps get Grundy values: (1, 1) is *2; a sum takes them from the table.
    assert_eq!(json(&["value", "wythoff", "1 1"])["grundy"], 2);
    let sum = json(&["value", "wythoff", "1 1; 3 5; 300 200"]);
    let g = sum["grundy"].as_u64().unwrap();
    assert!(g > 0);
    // Every listed winning move of the sum leads to a P-position.
    for m in sum["winning_moves"].as_array().unwrap() {
        assert_eq!(
            json(&["value", "wythoff", m["to"].as_str().unwrap()])["grundy"],
            0
        );
    }
    assert_eq!(json(&["value", "wyt-queens", "3,5 4,7"])["outcome"], "P");
    // The 5th pair is (8, 13).
    let p = json(&["wythoff-pair", "5"]);
    assert_eq!((p["a"].as_str(), p["b"].as_str()), (Some("8"), Some("13")));
}

#[test]
fn closed_form_answers() {
    assert_eq!(json(&["value", "staircase", "3 9 5 1"])["grundy"], 6);
    assert_eq!(json(&["value", "silver-dollar", "..o.o..o"])["grundy"], 0);
    let d = json(&["value", "silver-dollar", "$D.o"]);
    assert_eq!(
        d["winning_moves"][0]["description"],
        "pocket the silver dollar (and win)"
    );
    assert_eq!(json(&["value", "moore:2", "1 1 1"])["outcome"], "P");
    let poker = json(&["value", "poker-nim", "1 2 3 / 2 0"]);
    assert_eq!(
        (poker["outcome"].as_str(), poker["search_outcome"].as_str()),
        (Some("P"), Some("P"))
    );
    assert_eq!(
        json(&["value", "fibonacci-nim", "12200160415121876738"])["outcome"],
        "P"
    );
    let v = json(&["value", "fibonacci-nim", "20"]);
    assert_eq!(v["winning_moves"][0]["to"], "18/4");
    // Misère (4, 1) of memory:1: the only move leaves (3, 2), from which taking 2 leaves the last token.
    assert_eq!(json(&["value", "memory:1", "4", "--misere"])["outcome"], "P");
    let c = json(&["value", "chomp", "5 3 3"]);
    assert_eq!(c["winning_bites"][0]["row"], 3);
    assert_eq!(json(&["value", "chomp", "4 3"])["outcome"], "P");
    assert_eq!(json(&["value", "mock-turtles", "THHTTH"])["grundy"], 2 ^ 4 ^ 11);
    assert_eq!(json(&["value", "turning-corners", "TTT/TTT/TTH"])["grundy"], 3);
    // `flip01` is the former name of `flip-left` and still works.
    assert_eq!(json(&["value", "flip01", "0110"])["grundy"], 6);
    assert_eq!(json(&["value", "flip-left", "0110"])["grundy"], 6);
    assert_eq!(json(&["value", "one-or-largest", "1 1"])["outcome"], "N");
    let m = json(&["value", "multiples", "10: 6"]);
    assert_eq!(m["grundy"], 1);
}

#[test]
fn bad_notation_names_the_column() {
    bad(&["value", "wythoff", "3 5 4"], "column 5");
    bad(&["value", "wythoff", "3 x"], "column 3");
    bad(&["value", "wyt-queens", "3,5 4;7"], "column 5");
    bad(&["value", "poker-nim", "3 4 | 1 x"], "column 9");
    bad(&["value", "staircase", "3 -1"], "column 3");
    bad(&["value", "silver-dollar", "..ox"], "column 4");
    bad(&["value", "silver-dollar", ".oD"], "column 3");
    bad(&["value", "moore:0", "1 2"], "K must be between 1");
    bad(&["value", "moore", "1 2"], "needs a parameter");
    bad(&["value", "chomp", "3 4"], "column 3");
    bad(&["value", "ruler", "THX"], "column 3");
    bad(&["value", "turning-corners", "TTH/HT"], "column 5");
    bad(&["value", "multiples", "10: 3 11"], "column 7");
    bad(&["value", "fibonacci-nim", "12/x"], "column 4");
    bad(&["value", "memory", "10"], "needs a parameter");
    bad(&["value", "one-or-largest", "0 0"], "at least one stone");
    bad(&["value", "wythoff", "3000 300; 1 2"], "sum of Wythoff games");
    bad(&["wythoff-pair", "x"], "column 1");
    bad(&["value", "poker-nim", "1 2", "--misere"], "misère");
}

#[test]
fn budgets_stop_searches_with_a_message() {
    bad(
        &["value", "chomp", "9 9 9 9 9 9 9 9 9", "--max-states", "100"],
        "--max-states",
    );
}

#[test]
fn moore_misere_answers_huge_heaps_by_rule() {
    // Issue 16: misère Moore's Nim_k was refused beyond the search limit.
    let v = json(&["value", "moore:2", "18446744073709551615", "1", "1", "--misere"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["winning_moves"][0]["to"], "0 0 1");
    // Four one-token heaps: 4 = 3 + 1, lost for the mover (searched, small).
    let v = json(&["value", "moore:2", "1", "1", "1", "1", "--misere"]);
    assert_eq!(v["outcome"], "P");
    let out = sprague(&["value", "moore:2", "1", "1", "1", "1", "--misere"]);
    assert!(out.status.success());
}
