//! The heap-game rulesets and `sprague table` from the outside: outputs, JSON
//! fields, huge heaps, and one-line errors with exit code 2.

use serde_json::Value;
use std::process::{Command, Output};

use crate::common;

fn sprague(args: &[&str]) -> Output {
    common::run(args, b"")
}

fn json(args: &[&str]) -> Value {
    let out = sprague(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

fn bad_input(args: &[&str]) -> String {
    let out = sprague(args);
    assert_eq!(
        out.status.code(),
        Some(2),
        "{args:?} should fail with exit code 2"
    );
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
    assert!(err.starts_with("sprague: error: "), "{err}");
    err
}

#[test]
fn nim_keeps_its_answer() {
    let v = json(&["value", "nim", "3", "4", "5", "--json"]);
    assert_eq!(v["grundy"], 2);
    assert_eq!(v["outcome"], "N");
    let moves = v["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0]["to"], "1 4 5");
}

#[test]
fn dawsons_kayles_table_has_a_proven_period() {
    let v = json(&["table", "octal:0.07", "--count", "40", "--json"]);
    let values: Vec<u64> = v["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect();
    // OEIS A002187 shifted by one (Dawson's Kayles = 0.07).
    assert_eq!(&values[..12], &[0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3]);
    assert_eq!(values.len(), 40);
    assert_eq!(v["period"]["period"], 34);
    assert_eq!(v["period"]["preperiod"], 53);
    assert_eq!(v["period"]["saltus"], 0);
    assert_eq!(v["period"]["proven"], true);
    let text = String::from_utf8(sprague(&["table", "octal:0.07", "--count", "40"]).stdout).unwrap();
    assert!(text.contains("\nperiod 34 from n = 53 (proven)\n"), "{text}");
    assert!(text.lines().any(|l| l.trim_start().starts_with("30 |")), "{text}");
}

#[test]
fn kayles_and_lasker_periods_in_words() {
    // The proven-period line stays short; what proves it, with its source,
    // is in the JSON (and on the catalog page).
    let text = String::from_utf8(sprague(&["table", "kayles", "--count", "200"]).stdout).unwrap();
    let line = text.lines().last().unwrap();
    assert_eq!(line, "period 12 from n = 71 (proven)");
    let v = json(&["table", "kayles", "--count", "200", "--json"]);
    let proof = v["period"]["proof"].as_str().unwrap();
    assert!(
        proof.contains("periodicity theorem") && proof.contains("Guy and Smith"),
        "{proof}"
    );
    let page = String::from_utf8(sprague(&["games", "kayles"]).stdout).unwrap();
    assert!(page.contains("Guy") || page.contains("Winning Ways"), "{page}");
    // Closed forms prove their (arithmetic) periods too.
    let text = String::from_utf8(sprague(&["table", "lasker", "--count", "100"]).stdout).unwrap();
    assert!(
        text.contains("\narithmetic-periodic: period 4, saltus 4 from n = 1 (proven)\n"),
        "{text}"
    );
    let v = json(&["table", "lasker", "--count", "100", "--json"]);
    assert!(v["period"]["proof"].as_str().unwrap().contains("closed form"));
    let v = json(&["table", "nim", "--count", "5", "--json"]);
    assert_eq!(v["period"]["proven"], true);
    assert!(v["period"]["proof"].as_str().unwrap().contains("Bouton"));
    assert_eq!(
        (v["period"]["period"].as_u64(), v["period"]["saltus"].as_u64()),
        (Some(1), Some(1))
    );
    // A period seen in values without a theorem stays unproven.
    let text = String::from_utf8(sprague(&["table", "allbut:2,3,7", "--count", "60"]).stdout).unwrap();
    assert!(text.contains("(not proven)"), "{text}");
    let v = json(&["table", "grundy", "--count", "20", "--json"]);
    assert_eq!(v["values"][13], 3);
}

#[test]
fn huge_heaps_answer_through_the_period() {
    let v = json(&["value", "octal:0.07", "9223372036854775807", "--json"]);
    assert!(v["grundy"].is_u64());
    let v = json(&[
        "value",
        "octal:0.07",
        "18446744073709551615",
        "18446744073709551614",
        "7",
        "--json",
    ]);
    let g = v["grundy"].as_u64().unwrap();
    assert_eq!(v["outcome"], if g == 0 { "P" } else { "N" });
    if g != 0 {
        // Every listed move is a P-position (checked by asking again).
        for m in v["winning_moves"].as_array().unwrap().iter().take(5) {
            let to = m["to"].as_str().unwrap();
            let args: Vec<&str> = ["value", "octal:0.07"]
                .into_iter()
                .chain(to.split(' '))
                .chain(["--json"])
                .collect();
            assert_eq!(json(&args)["grundy"], 0, "{to}");
        }
    }
    let v = json(&["value", "subtraction:1,3,4", "18446744073709551615", "--json"]);
    // Period 7 from 0: 0 1 0 1 2 3 2.
    assert_eq!(v["grundy"], [0, 1, 0, 1, 2, 3, 2][(u64::MAX % 7) as usize]);
}

#[test]
fn every_heap_ruleset_answers_value_and_table() {
    for (spec, position) in [
        ("subtraction:1,3,4", "10 7"),
        ("bash:3", "10 7"),
        ("range:2,3", "10 7"),
        ("allbut:2", "10 7"),
        ("squares", "10 7"),
        ("fibonacci", "10 7"),
        ("octal:0.137", "10 7"),
        ("octal:4.07", "10 7"),
        ("hex:0.f8", "10 7"),
        ("kayles", "10 7"),
        ("dawson", "10 7"),
        ("grundy", "10 7"),
        ("lasker", "10 7"),
        ("equal-split", "12 9"),
    ] {
        let mut args = vec!["value", spec];
        args.extend(position.split(' '));
        args.push("--json");
        let v = json(&args);
        assert!(v["grundy"].is_u64(), "{spec}");
        let t = json(&["table", spec, "--count", "30", "--json"]);
        assert_eq!(t["values"].as_array().unwrap().len(), 30, "{spec}");
    }
    let v = json(&["value", "rectangles", "3x4", "2x5", "--json"]);
    assert!(v["grundy"].is_u64());
}

#[test]
fn rectangles_of_any_sides() {
    // 10^9 = 2^9·5^9 and the prime 999999937: G = (Ω(5^9) ⊕ Ω(999999937)) + 1
    // = (9 ⊕ 1) + 1 = 9. Its winning cuts make an even number of strips
    // across the side 10^9 (its 90 even divisors); the last leaves 10^9
    // strips 1x999999937, written with `^`, never listed.
    let v = json(&["value", "rectangles", "1000000000x999999937", "--json"]);
    assert_eq!(v["grundy"], 9);
    let moves = v["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 90);
    assert_eq!(moves[0]["to"], "500000000x999999937 500000000x999999937");
    assert_eq!(moves[89]["to"], "1x999999937^1000000000");
    assert_eq!(
        moves[89]["description"],
        "cut 1000000000x999999937 across its side of 1000000000 into 1000000000 pieces 1x999999937"
    );
    // The printed position reads back; equal rectangles cancel in pairs.
    let v = json(&["value", "rectangles", "1x999999937^1000000000", "7x9", "--json"]);
    assert_eq!(v["grundy"], 3); // 7x9: Ω(7) ⊕ Ω(9) = 1 ⊕ 2
    let v = json(&[
        "value",
        "rectangles",
        "18446744073709551615x18446744073709551557",
        "--json",
    ]);
    assert_eq!(v["grundy"], 6); // Ω(2^64 − 1) = 7, the prime 2^64 − 59: 7 ⊕ 1
}

#[test]
fn misere_tables_and_values() {
    let v = json(&["table", "octal:0.07", "--count", "12", "--misere", "--json"]);
    // A heap with no move (0 or 1 pin) has misère value 1.
    assert_eq!(v["values"][0], 1);
    assert_eq!(v["values"][1], 1);
    // A heap of 2: the only move leaves nothing, so the mover loses in misère.
    assert_eq!(v["values"][2], 0);
    let m = json(&["value", "octal:0.07", "2", "--misere", "--json"]);
    assert_eq!(m["outcome"], "P");
}

#[test]
fn every_catalog_example_runs() {
    let v = json(&["games", "--json"]);
    for g in v["games"].as_array().unwrap() {
        let example = g["example"].as_str().unwrap();
        let args: Vec<&str> = example.split_whitespace().skip(1).collect();
        let out = sprague(&args);
        assert!(
            out.status.success(),
            "{example}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    let e = bad_input(&["value", "octal:0.8", "3"]);
    assert!(e.contains("column 9") && e.contains("not an octal digit"), "{e}");
    bad_input(&["value", "octal:1.07", "3"]);
    bad_input(&["value", "octal:", "3"]);
    let e = bad_input(&["value", "subtraction:", "3"]);
    assert!(e.contains("subtraction set"), "{e}");
    bad_input(&["value", "subtraction:1,x", "3"]);
    bad_input(&["value", "subtraction:0,1", "3"]);
    bad_input(&["value", "range:3,2", "3"]);
    bad_input(&["value", "allbut:0", "3"]);
    let e = bad_input(&["value", "nim", "18446744073709551616"]);
    assert!(e.contains("below 2^64"), "{e}");
    bad_input(&["value", "octal:0.07", "3", "-1"]);
    bad_input(&["value", "rectangles", "3x"]);
    bad_input(&["value", "rectangles", "3x0"]);
    // Misère play searches cut by cut: sides above 10^6 are refused there.
    let e = bad_input(&["value", "rectangles", "2000000x3", "--misere"]);
    assert!(e.contains("misère play is searched"), "{e}");
    bad_input(&["value", "rectangles", "2x3^0"]);
    bad_input(&["value", "equal-split", "2000000"]);
    bad_input(&["table", "rectangles", "--count", "5"]);
    bad_input(&["table", "octal:0.07", "--count", "0"]);
    bad_input(&["table", "octal:0.07", "--count", "x"]);
    bad_input(&["value", "hex:0.g", "3"]);
    bad_input(&["value", "octal:0.07", "18446744073709551615", "--misere"]);
    // Grundy's game has no proven period: a heap is valued from a table of
    // every heap up to it, so a huge one is refused by the memory budget and
    // a large one by the state budget (one state a value), before any work.
    let e = bad_input(&["value", "grundy", "18446744073709551615"]);
    assert!(
        e.contains("no closed form or proven period") && e.contains("--max-memory"),
        "{e}"
    );
    let e = bad_input(&["value", "grundy", "100000", "--max-states", "50000"]);
    assert!(
        e.contains("more than the state budget of 50000") && e.contains("--max-states"),
        "{e}"
    );
    let e = bad_input(&["count", "grundy", "--range", "0,100000", "--max-states", "50000"]);
    assert!(e.contains("more than the state budget of 50000"), "{e}");
}

#[cfg(unix)]
#[test]
fn ctrl_c_prints_the_values_so_far() {
    use std::process::Stdio;
    let child = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(["table", "grundy", "--count", "5000000", "--json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the sprague binary runs");
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
    let out = child.wait_with_output().expect("sprague ends");
    assert_eq!(out.status.code(), Some(130));
    let v: Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(v["interrupted"], true);
    let values = v["values"].as_array().unwrap();
    assert!(!values.is_empty() && values.len() < 5_000_000);
    // OEIS A002188 begins 0, 0, 0, 1, 0, 2.
    assert_eq!(values[5], 2);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("interrupted"), "{err}");
}

#[test]
fn misere_nim_and_bash_answer_any_heaps_by_the_tame_rule() {
    // Issue 16: heaps of 2^16 and more were refused in misère play.
    let v = json(&["value", "nim", "65536", "65537", "--misere", "--json"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["misere_rule"], "tame");
    assert_eq!(v["winning_moves"][0]["to"], "65536 65536");
    // Bouton: with one big heap, leave an odd number of one-token heaps.
    let v = json(&[
        "value",
        "nim",
        "18446744073709551615",
        "1",
        "1",
        "--misere",
        "--json",
    ]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 1);
    assert_eq!(v["winning_moves"][0]["to"], "1 1 1");
    let v = json(&["value", "nim", "1", "1", "1", "--misere", "--json"]);
    assert_eq!(v["outcome"], "P");
    // Bash heaps 100000 ≡ 0 and 7 ≡ 3 (mod 4).
    let v = json(&["value", "bash:3", "100000", "7", "--misere", "--json"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 2);
}

#[test]
fn allbut_takes_a_set_of_forbidden_amounts() {
    // allbut:2,3,7 from the definition: G(0..8) = 0 1 0 1 2 3 2 3.
    let v = json(&["table", "allbut:7,3,2,3", "--count", "8", "--json"]);
    assert_eq!(v["values"], serde_json::json!([0, 1, 0, 1, 2, 3, 2, 3]));
    let v = json(&["value", "allbut:2,3,7", "10", "7", "--json"]);
    assert_eq!(v["ruleset"], "allbut:2,3,7");
    bad_input(&["value", "allbut:2,0", "5"]);
    bad_input(&["value", "allbut:2,x", "5"]);
}
