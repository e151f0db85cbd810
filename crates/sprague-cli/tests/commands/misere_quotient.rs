//! `sprague misere-quotient RULESET --heaps N`: the verb formats what the core
//! computes and verifies (checked against search and published quotients in
//! the core's tests); here the JSON fields, the text and bad input.

use crate::common;

fn json(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&common::run_ok(args, b"")).expect("one JSON object")
}

#[test]
fn misere_nim_heaps_up_to_two_is_t2() {
    // Plambeck and Siegel (2008): misère Nim with heaps 1 and 2 has the
    // quotient T2 = <a, b | a^2 = 1, b^3 = b>, order 6, P-portion {a, b^2}.
    let v = json(&["misere-quotient", "subtraction:1,2", "--heaps", "2", "--json"]);
    assert_eq!(v["order"], 6);
    assert_eq!(v["p_portion"], serde_json::json!(["a", "b^2"]));
    assert_eq!(v["relations"], serde_json::json!(["a^2 = 1", "b^3 = b"]));
    assert_eq!(v["heap_elements"], serde_json::json!(["1", "a", "b"]));
    assert_eq!(v["generators"][1], serde_json::json!({"name": "b", "heap": 2}));
    let text = common::run_ok(
        &["misere-quotient", "octal:0.33", "--heaps", "2", "--sum", "1 1 1"],
        b"",
    );
    assert!(text.contains("order 6, P-portion {a, b^2}"), "{text}");
    assert!(text.contains("relations: a^2 = 1, b^3 = b"), "{text}");
    assert!(text.contains("sum 1 1 1: element a, misère outcome P"), "{text}");
}

#[test]
fn sums_read_their_outcome_from_the_quotient() {
    // Misère Kayles: 1 1 is won by the player to move (take one pin), 1 1 1 lost.
    let v = json(&[
        "misere-quotient",
        "kayles",
        "--heaps",
        "6",
        "--sum",
        "1 1",
        "--json",
    ]);
    assert_eq!(v["sum"]["outcome"], "N");
    let v = json(&[
        "misere-quotient",
        "kayles",
        "--heaps",
        "6",
        "--sum",
        "1 1 1",
        "--json",
    ]);
    assert_eq!(v["sum"]["outcome"], "P");
    assert_eq!(v["heaps"], 6);
}

#[test]
fn bad_input_is_refused() {
    common::run_refused(&["misere-quotient", "octal:0.75", "--heaps", "0"], &["--heaps 0"]);
    common::run_refused(
        &["misere-quotient", "octal:0.75", "--heaps", "5", "--sum", "3 9"],
        &["heap 9", "--heaps 5"],
    );
    common::run_refused(
        &["misere-quotient", "octal:0.75", "--heaps", "5", "--sum", "3 x"],
        &["column 3"],
    );
    common::run_refused(
        &["misere-quotient", "domineering", "--heaps", "5"],
        &["heap ruleset"],
    );
    common::run_refused(
        &[
            "misere-quotient",
            "octal:0.07",
            "--heaps",
            "30",
            "--max-states",
            "5",
        ],
        &["5 states"],
    );
    // The bound on the order the error names is a flag that exists.
    refused_under_order(
        "octal:0.07",
        "12",
        "5",
        &["passed 5 elements", "heap 4", "--max-order"],
    );
    refused_under_order("octal:0.07", "3", "0", &["--max-order 0"]);
    refused_under_order(
        "octal:0.07",
        "3",
        "10000000",
        &["multiplication table", "--max-memory"],
    );
}

/// `misere-quotient RULESET --heaps HEAPS --max-order ORDER` exits 2 with a
/// message holding each of `expected`.
fn refused_under_order(ruleset: &str, heaps: &str, order: &str, expected: &[&str]) {
    common::run_refused(
        &["misere-quotient", ruleset, "--heaps", heaps, "--max-order", order],
        expected,
    );
}

#[test]
fn the_bound_on_the_order_is_the_one_given() {
    // T2, the quotient of misère Nim heaps 1 and 2, has order 6 (Plambeck
    // and Siegel 2008): refused under a bound of 5, found under 6.
    refused_under_order("subtraction:1,2", "2", "5", &["passed 5 elements"]);
    let v = json(&[
        "misere-quotient",
        "subtraction:1,2",
        "--heaps",
        "2",
        "--max-order",
        "6",
        "--json",
    ]);
    assert_eq!(v["order"], 6);
}
