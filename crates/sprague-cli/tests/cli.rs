//! The `sprague` binary end to end: outputs, JSON fields, and bad input.

mod common;
use common::{run as sprague, run_ok as ok};

/// Asserts exit code 2 and a single stderr line containing every `needle`.
fn bad(args: &[&str], stdin: &[u8], needles: &[&str]) {
    common::run_refused_with(args, stdin, needles);
}

fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text).expect("valid JSON")
}

#[test]
fn nim_345_json() {
    let v = json(&ok(&["value", "nim", "3", "4", "5", "--json"], b""));
    assert_eq!(v["ruleset"], "nim");
    assert_eq!(v["position"], "3 4 5");
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["grundy"], 2);
    assert_eq!(v["play"], "normal");
    let moves = v["winning_moves"].as_array().expect("array");
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0]["to"], "1 4 5");
    assert_eq!(moves[0]["description"], "heap 1: 3 → 1");
    // One quoted argument is the same position.
    assert_eq!(json(&ok(&["value", "nim", "3 4 5", "--json"], b"")), v);
}

#[test]
fn nim_text_and_p_positions() {
    let text = ok(&["value", "nim", "1", "2", "3"], b"");
    assert!(text.contains("outcome: P"), "{text}");
    assert!(text.contains("grundy:  0"), "{text}");
    assert!(text.contains("winning moves: none"), "{text}");
}

#[test]
fn misere_nim() {
    // Bouton's misère rule: all heaps ≤ 1, an odd number of ones loses for the mover.
    let v = json(&ok(&["value", "nim", "1 1 1", "--misere", "--json"], b""));
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["grundy"], serde_json::Value::Null);
    let v = json(&ok(&["value", "nim", "2 2", "--misere", "--json"], b""));
    assert_eq!(v["outcome"], "P");
    let v = json(&ok(&["value", "nim", "1 2", "--misere", "--json"], b""));
    assert_eq!(v["outcome"], "N");
    // From 1 2 the only misère win is 1 0 (leave one heap of one).
    assert_eq!(v["winning_moves"][0]["to"], "1 0");
    assert_eq!(v["winning_moves"].as_array().map(Vec::len), Some(1));
    // Bash misère by search (a sum has no closed form), by hand: from heaps 1 1 the
    // mover empties one heap and the opponent must take the last token.
    let v = json(&ok(&["value", "bash:2", "1 1", "--misere", "--json"], b""));
    assert_eq!(v["outcome"], "N");
}

#[test]
fn bash_and_huge_heaps() {
    let v = json(&ok(&["value", "bash:3", "10", "7", "--json"], b""));
    assert_eq!(v["grundy"], 2 ^ 3);
    let v = json(&ok(&["value", "nim", "18446744073709551615", "1", "--json"], b""));
    assert_eq!(v["grundy"], serde_json::json!(18446744073709551614u64));
    assert_eq!(v["winning_moves"][0]["to"], "1 1");
}

#[test]
fn games_lists_examples_that_run() {
    let v = json(&ok(&["games", "--json"], b""));
    let games = v["games"].as_array().expect("array");
    assert!(games.len() >= 2);
    for g in games {
        let example = g["example"].as_str().expect("example");
        let args: Vec<&str> = shell_words(example.strip_prefix("sprague ").expect("starts with sprague"));
        let out = sprague(&args, b"");
        assert!(
            out.status.success(),
            "example `{example}` failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// Splits an example command line on spaces, keeping "double-quoted" words.
fn shell_words(line: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = line.trim();
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix('"') {
            let end = r.find('"').expect("closing quote");
            out.push(&r[..end]);
            rest = r[end + 1..].trim_start();
        } else {
            let end = rest.find(' ').unwrap_or(rest.len());
            out.push(&rest[..end]);
            rest = rest[end..].trim_start();
        }
    }
    out
}

#[test]
fn nimber_verbs() {
    assert_eq!(ok(&["nimber", "mul", "2", "2"], b""), "3\n");
    assert_eq!(ok(&["nimber", "add", "3", "5"], b""), "6\n");
    let inv = ok(&["nimber", "inv", "3141"], b"");
    assert_eq!(ok(&["nimber", "mul", "3141", inv.trim()], b""), "1\n");
    let r = ok(&["nimber", "sqrt", "12345"], b"");
    assert_eq!(ok(&["nimber", "mul", r.trim(), r.trim()], b""), "12345\n");
    assert_eq!(ok(&["nimber", "pow", "2", "2"], b""), "3\n");
}

#[test]
fn nimber_batch_library_checker_sample() {
    let input = b"11\n5 0\n5 1\n5 2\n5 3\n5 4\n5 5\n5 6\n5 7\n5 8\n3141 5926\n18446744073709551615 18446744073709551615\n";
    let out = ok(&["nimber", "mul", "--batch"], input);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 11);
    assert_eq!(lines[9], "14994");
    assert_eq!(lines[10], "11290409524105353207");
    assert_eq!(&lines[..9], ["0", "5", "10", "15", "2", "7", "8", "13", "3"]);
}

#[test]
fn grundy_graph_text_and_json() {
    let text = b"# a path with a shortcut\n3 3\n1 0\n2 1\n2 0 # comment\n";
    let out = ok(&["grundy-graph", "-"], text);
    assert!(out.contains("\n2 2\n"), "{out}");
    let v = json(&ok(&["grundy-graph", "-", "--json"], text));
    assert_eq!(v["grundy"], serde_json::json!([0, 1, 2]));
    let v = json(&ok(
        &["grundy-graph", "-", "--json"],
        br#"{"n": 3, "edges": [[1, 0], [2, 1], [2, 0]]}"#,
    ));
    assert_eq!(v["grundy"], serde_json::json!([0, 1, 2]));
    let dir = std::env::temp_dir().join(format!("sprague-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("g.txt");
    std::fs::write(&file, text).expect("write");
    let v = json(&ok(
        &["grundy-graph", file.to_str().expect("utf-8 path"), "--json"],
        b"",
    ));
    assert_eq!(v["grundy"], serde_json::json!([0, 1, 2]));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_numbers() {
    bad(&["nimber", "mul", "12a", "3"], b"", &["12a"]);
    bad(&["nimber", "mul", "18446744073709551616", "3"], b"", &["2^64"]);
    bad(&["nimber", "inv", "0"], b"", &["inverse"]);
    bad(&["nimber", "mul", "--batch"], b"2\n1 2\n3 -4\n", &["line 3"]);
    bad(
        &["nimber", "mul", "--batch"],
        b"1\n18446744073709551616 2\n",
        &["line 2"],
    );
    bad(&["nimber", "mul", "--batch"], b"3\n1 2\n", &["T = 3"]);
    bad(&["nimber", "mul", "--batch"], b"", &["empty"]);
    bad(&["nimber", "mul", "--batch"], b"x\n", &["line 1"]);
}

#[test]
fn bad_rulesets_and_positions() {
    bad(
        &["value", "nmi", "3"],
        b"",
        &["unknown ruleset `nmi`", "did you mean `nim`"],
    );
    bad(
        &["value", "zzzzzzzzz", "3"],
        b"",
        &["unknown ruleset", "sprague games"],
    );
    bad(&["value", "nim", "3", "4x", "5"], b"", &["column 3", "`4x`"]);
    bad(
        &["value", "nim", "3 99999999999999999999"],
        b"",
        &["column 3", "2^64"],
    );
    bad(&["value", "bash", "3"], b"", &["bash:M"]);
    bad(&["value", "bash:0", "3"], b"", &["M"]);
    bad(&["value", "bash:q", "3"], b"", &["column 6", "`q`"]);
    bad(&["value", "nim:3", "3"], b"", &["no parameters"]);
    bad(&["value", "nim", " "], b"", &["no position"]);
    bad(&["valu", "nim", "3"], b"", &["valu"]);
}

#[test]
fn bad_graph_files() {
    bad(&["grundy-graph", "-"], b"", &["empty"]);
    bad(&["grundy-graph", "-"], b"   \n# only a comment\n", &["no header"]);
    bad(
        &["grundy-graph", "-"],
        b"3 2\n0 1\n1 3\n",
        &["line 3", "vertex 3", "out of range"],
    );
    bad(&["grundy-graph", "-"], b"3 3\n0 1\n1 2\n", &["m = 3", "has 2"]);
    bad(
        &["grundy-graph", "-"],
        b"3 1\n0 1\n1 2\n",
        &["line 3", "more edges"],
    );
    bad(&["grundy-graph", "-"], b"3 1\n0 x\n", &["line 2", "`0 x`"]);
    bad(&["grundy-graph", "-"], b"3\n", &["line 1"]);
    bad(
        &["grundy-graph", "-"],
        b"2 2\n0 1\n1 0\n",
        &["cycle through vertex", "sprague solve"],
    );
    bad(
        &["grundy-graph", "-"],
        br#"{"n": 2, "edges": [[0, 5]]}"#,
        &["edges[0]", "vertex 5"],
    );
    bad(
        &["grundy-graph", "-"],
        br#"{"n": 2, "edges": [[0, 1]"#,
        &["line 1"],
    );
    bad(&["grundy-graph", "/nonexistent/graph.txt"], b"", &["cannot read"]);
    bad(&["grundy-graph", "-"], b"99999999999 1\n0 1\n", &["too large"]);
    bad(&["grundy-graph", "-"], b"4000000000 4000000000\n", &["GiB"]);
}

#[test]
fn completions_and_man_page() {
    for (shell, marker) in [
        ("bash", "complete"),
        ("zsh", "#compdef sprague"),
        ("fish", "complete -c sprague"),
    ] {
        let script = ok(&["completions", shell], b"");
        assert!(script.contains(marker), "{shell}: {script}");
        assert!(script.contains("grundy-graph"), "{shell} completion lacks a verb");
    }
    let man = ok(&["man"], b"");
    assert!(man.contains(".TH sprague"), "{man}");
    assert!(man.contains("grundy\\-graph"), "{man}");
    bad(&["completions", "tcsh"], b"", &["tcsh"]);
}

#[test]
fn searches_stop_at_the_state_budget() {
    let kayles = [
        "value",
        "node-kayles",
        "0-1 1-2 2-3 3-4 4-5 5-6 6-7 7-8 8-9 9-10 10-11 0-5 2-8",
    ];
    bad(
        &[&kayles[..], &["--max-states", "5"]].concat(),
        b"",
        &["budget of 5 states", "--max-states"],
    );
    // The same search within a sufficient budget answers.
    ok(&[&kayles[..], &["--max-states", "100000"]].concat(), b"");
    bad(
        &[
            "value",
            "domineering",
            "......|......|......|......",
            "--max-states",
            "50",
        ],
        b"",
        &["budget of 50 states", "--max-states"],
    );
}

#[test]
fn table_of_a_memory_game() {
    // Fibonacci Nim (Whinihan 1963): the P-positions are exactly the Fibonacci numbers.
    let v = json(&ok(&["table", "fibonacci-nim", "--count", "60", "--json"], b""));
    let values = v["values"].as_array().expect("values");
    assert_eq!(values.len(), 60);
    let fib = [1u64, 2, 3, 5, 8, 13, 21, 34, 55];
    for (n, g) in values.iter().enumerate().skip(1) {
        assert_eq!(g.as_u64() == Some(0), fib.contains(&(n as u64)), "G({n}) = {g}");
    }
    bad(&["table", "fibonacci-nim", "--count", "5000"], b"", &["--count"]);
    bad(
        &["table", "fibonacci-nim", "--count", "5", "--misere"],
        b"",
        &["misère"],
    );
}
