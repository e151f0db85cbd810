//! The contest problems of the lecture notes, each answered by one command in
//! the problem's own terms: the published samples through `value --json`, and
//! bad input as one line on stderr with exit code 2.

use serde_json::Value;
use std::process::Output;

use crate::common;

fn sprague(args: &[&str]) -> Output {
    common::run(args, b"")
}

fn json(args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.push("--json");
    let out = sprague(&all);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

/// Exit code 2 and one line on stderr containing `needle`.
fn refused(args: &[&str], needle: &str) {
    common::run_refused(args, &[needle]);
}

#[test]
fn mex_mat_counts() {
    // AtCoder ARC107 E, sample 1: 7 4 5.
    let v = json(&["value", "mex-mat", "1202/000"]);
    assert_eq!(
        (v["zeros"].as_u64(), v["ones"].as_u64(), v["twos"].as_u64()),
        (Some(7), Some(4), Some(5))
    );
    // A long matrix is counted at once: N = 50,000 gives N² entries.
    let row = "012".repeat(16_667)[..50_000].to_string();
    let col = "1".repeat(49_999);
    let v = json(&["value", "mex-mat", &format!("{row}/{col}")]);
    let total: u64 = ["zeros", "ones", "twos"]
        .iter()
        .map(|k| v[k].as_u64().unwrap())
        .sum();
    assert_eq!(total, 50_000u64 * 50_000);
    refused(&["value", "mex-mat", "1203/000"], "column 4");
    refused(&["value", "mex-mat", "1202/00"], "needs 3");
}

#[test]
fn fox_and_card_scores() {
    // Codeforces 388C, samples 1 and 3.
    let v = json(&["value", "fox-and-card", "100 | 1 10"]);
    assert_eq!((v["ciel"].as_u64(), v["jiro"].as_u64()), (Some(101), Some(10)));
    let v = json(&["value", "fox-and-card", "1 3 2 | 5 4 6 | 8 7"]);
    assert_eq!((v["ciel"].as_u64(), v["jiro"].as_u64()), (Some(18), Some(18)));
    refused(&["value", "fox-and-card", "1 2 | x"], "column 7");
}

#[test]
fn choosing_carrot_every_k() {
    // Codeforces 794E, sample 1.
    let v = json(&["value", "choosing-carrot", "1 2 3 5"]);
    let answers: Vec<u64> = v["answers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.as_u64().unwrap())
        .collect();
    assert_eq!(answers, [3, 3, 5, 5]);
    refused(&["value", "choosing-carrot", "1 2 -3"], "column 5");
}

#[test]
fn speike_and_tom_outcomes() {
    // LeetCode 913: example 1 is a draw, example 2 a win for Tom (the mouse) in one move.
    let v = json(&["value", "speike-and-tom", "0-2 0-5 1-3 2-4 2-5 3-4 3-5 | 1 2 0"]);
    assert_eq!(v["outcome"], "D");
    let v = json(&["value", "speike-and-tom", "0-1 0-3 2-3 | 1 2 0"]);
    assert_eq!(
        (v["outcome"].as_str(), v["remoteness"].as_u64()),
        (Some("W"), Some(1))
    );
    // On a path Tom at 3 runs 3-4-5-6 to the hole while Speike follows: 5 plies (Tom 3, Speike 2).
    let v = json(&["value", "speike-and-tom", "0-1 1-2 2-3 3-4 4-5 5-6 | 3 0 6"]);
    assert_eq!(
        (v["outcome"].as_str(), v["remoteness"].as_u64()),
        (Some("W"), Some(5))
    );
    refused(&["value", "speike-and-tom", "0-1 1-2 | 0 9 2"], "not a vertex");
    refused(&["value", "speike-and-tom", "0-1 1-2"], "`|`");
}

#[test]
fn bunny_and_egg_winning_moves() {
    let v = json(&["value", "bunny-and-egg", "XOXO|O.OX|XOXO"]);
    assert_eq!(v["outcome"], "W");
    let moves = v["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 4);
    // Every move listed leaves Egg lost.
    for m in moves {
        let after = json(&["value", "bunny-and-egg", m["to"].as_str().unwrap()]);
        assert_eq!(after["outcome"], "L", "{m}");
    }
    refused(&["value", "bunny-and-egg", "OX|X.|O"], "same length");
}

#[test]
fn lamp_and_switches() {
    // (a+b)(c+d)(e+f) is Light's whoever starts (sigfpe, "A Game of Logic", 2005).
    let v = json(&["value", "lamp-switches", "(a+b)(c+d)(e+f); dark"]);
    assert_eq!(v["outcome"], "L");
    let v = json(&["value", "lamp-switches", "(a+b)(c+d)(e+f)"]);
    assert_eq!(v["outcome"], "W");
    // Light closes a, then b or e makes the lamp light: three moves in all.
    let v = json(&["value", "lamp-switches", "ab+cd+ae; light"]);
    assert_eq!(
        (v["outcome"].as_str(), v["remoteness"].as_u64()),
        (Some("W"), Some(3))
    );
    refused(&["value", "lamp-switches", "a ? b"], "column 3");
    refused(&["value", "lamp-switches", "ab; z=1"], "not in the formula");
}
