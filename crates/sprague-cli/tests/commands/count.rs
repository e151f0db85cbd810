//! `sprague count RULESET --range L,R`: the verb only formats what the core
//! counts (checked against brute force in the core's tests); here the JSON
//! fields, the text and bad input.

use std::process::Output;

use crate::common;

fn sprague(args: &[&str]) -> Output {
    common::run(args, b"")
}

fn json(args: &[&str]) -> serde_json::Value {
    let out = sprague(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

#[test]
fn counts_as_json_and_text() {
    // Subtraction {1, 3, 4}: values 0 1 0 1 2 3 2 repeating with period 7.
    let v = json(&["count", "subtraction:1,3,4", "--range", "0,69", "--json"]);
    assert_eq!(v["total"], 70);
    assert_eq!(v["p_positions"], 20);
    assert_eq!(v["n_positions"], 50);
    assert_eq!(v["by_value"][0], serde_json::json!({"grundy": 0, "count": 20}));
    // SNOI 2020's question for memory2c:K: P-positions among fresh heaps.
    let v = json(&[
        "count",
        "fibonacci-nim",
        "--range",
        "1,18446744073709551615",
        "--json",
    ]);
    assert_eq!(v["p_positions"], 92);
    assert!(v["by_value"].is_null());
    let out = sprague(&["count", "coin-game:2", "--range", "1,10"]);
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert!(text.contains("P-positions (second player wins): 8"), "{text}");
}

#[test]
fn bad_ranges_are_one_line_and_exit_2() {
    for (args, needle) in [
        (&["count", "kayles", "--range", "9,3"][..], "above the second"),
        (&["count", "kayles", "--range", "3"][..], "expected two bounds"),
        (&["count", "kayles", "--range", "1,x"][..], "second bound `x`"),
        (
            &["count", "chomp", "--range", "1,5"][..],
            "closed form or a proven period",
        ),
        (&["count", "kayles", "--range", "1,5", "--misere"][..], "--misere"),
    ] {
        let out = sprague(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).expect("utf-8");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}
