//! Hostile input on the command line (issues 16 and 17): each reproduction
//! ends with a correct answer, or one error line on stderr and exit code 2.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use crate::common;
use common::{run as sprague, run_ok as ok, run_refused as bad};

fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text.trim()).expect("one JSON object")
}

fn temp_file(name: &str, contents: &str) -> std::path::PathBuf {
    let dir = crate::common::temp_dir("hardened");
    let path = dir.join(name);
    std::fs::write(&path, contents).expect("temp file");
    path
}

// Issue 16, item 1: widths taken from data reached a format string and
// panicked ("Formatting argument out of range") past 65,535 characters.

#[test]
fn rectangles_with_huge_sides_answer_in_json_and_text() {
    for r in ["720720x1", "40320x1"] {
        let v = json(&ok(&["value", "rectangles", r, "--json"], b""));
        assert!(v["outcome"].is_string(), "{v}");
        let text = ok(&["value", "rectangles", r], b"");
        assert!(text.contains("outcome:"), "{text}");
        // Capped: a long move list shows 20 moves and a count.
        assert!(text.lines().count() <= 30, "{} lines", text.lines().count());
    }
}

#[test]
fn nim_with_a_position_wider_than_the_formatter_limit() {
    // 2 followed by 32,768 heaps of 1: the ones cancel in pairs, so the
    // nim-sum is 2 (Bouton) and the one winning move empties the heap of 2.
    let mut position = String::from("2");
    for _ in 0..32_768 {
        position.push_str(" 1");
    }
    let v = json(&ok(&["value", "nim", &position, "--json"], b""));
    assert_eq!(v["grundy"], 2);
    assert_eq!(v["winning_moves"].as_array().map(Vec::len), Some(1));
    let text = ok(&["value", "nim", &position], b"");
    assert!(text.contains("grundy:  2"));
}

#[test]
fn equal_split_found_by_the_fuzzer() {
    let v = json(&ok(
        &["value", "equal-split", "163 892 663 655364 379", "--json"],
        b"",
    ));
    assert!(v["grundy"].is_u64(), "{v}");
    let text = ok(&["value", "equal-split", "163 892 663 655364 379"], b"");
    assert!(text.contains("grundy:"));
}

// Issue 17: long move lists are capped with a count, and --all lists them.

#[test]
fn long_move_lists_are_capped_unless_all() {
    // Kayles rows 100 and 3: many winning moves.
    let full = json(&ok(&["value", "kayles", "100 3", "--json"], b""));
    let n = full["winning_moves"].as_array().map_or(0, Vec::len);
    assert!(n > 20, "{n} winning moves");
    let capped = ok(&["value", "kayles", "100 3"], b"");
    assert!(capped.contains(&format!("winning moves ({n}):")), "{capped}");
    assert!(
        capped.contains(&format!("… and {} more (--all lists every move)", n - 20)),
        "{capped}"
    );
    let all = ok(&["value", "kayles", "100 3", "--all"], b"");
    assert_eq!(all.lines().count(), capped.lines().count() - 1 + n - 20);
}

// Conflicting flags are errors.

#[test]
fn conflicting_flags_are_refused() {
    let g = temp_file("cycle.txt", "2 2\n0 1\n1 0\n");
    let g = g.to_str().expect("utf-8 path");
    for args in [
        &["solve", g, "--prefs", "dwl,lwd", "--minimax"][..],
        &["solve", g, "--grundy", "--minimax"],
        &["solve", g, "--misere", "--prefs", "dwl,lwd"],
        &["solve", g, "--misere", "--grundy"],
    ] {
        bad(args, &["cannot be used with"]);
    }
    bad(&["solve", g, "--seed", "3"], &["--and-or"]);
    bad(&["solve", "--demo", "tic-tac-toe", g], &["takes no FILE"]);
    bad(&["solve", g, "--sum", "0,1"], &["--grundy"]);
}

#[test]
fn duplicate_terminal_lines_are_refused_naming_both_lines() {
    let g = temp_file("dup.txt", "3 1\n0 1\noutcome 2 W\noutcome 2 L\n");
    bad(
        &["solve", g.to_str().expect("utf-8 path")],
        &["line 4", "line 3", "vertex 2"],
    );
    let g = temp_file("dup-score.txt", "3 1\n0 1\nscore 2 5\nscore 1 -1\nscore 2 7\n");
    bad(
        &["solve", g.to_str().expect("utf-8 path"), "--minimax"],
        &["line 5", "line 3"],
    );
    let g = temp_file(
        "dup.json",
        r#"{"n": 2, "edges": [], "outcomes": [[1, "W"], [1, "W"]]}"#,
    );
    bad(
        &["solve", g.to_str().expect("utf-8 path")],
        &["outcomes[1]", "outcomes[0]"],
    );
}

// Usage errors keep clap's detail, on one line.

#[test]
fn usage_errors_say_what_is_missing_and_suggest() {
    bad(&["value", "nim"], &["required", "POSITION"]);
    bad(&["tabel"], &["tabel", "'table'"]);
    bad(&["value", "nim", "3", "--misre"], &["--misre", "'--misere'"]);
    bad(&["solve", "--sum", "1"], &["--grundy"]);
}

#[test]
fn control_characters_and_newlines_in_input_are_escaped() {
    let err = bad(&["value", "nim", "3\n4\u{1b}[31mx"], &["position", "column 3"]);
    assert!(!err.contains('\u{1b}'), "{err:?}");
    assert!(err.contains("\\n") || err.contains("\\u{1b}"), "{err:?}");
    let err = bad(&["value", "no\u{7}such\nruleset", "1"], &[]);
    assert!(!err.contains('\u{7}') && err.contains("\\u{7}"), "{err:?}");
}

// A closed pipe ends quietly with exit code 0.

fn closed_pipe(stderr_piped: bool) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(["table", "kayles", "--count", "100000"])
        .stdout(Stdio::piped())
        .stderr(if stderr_piped {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .spawn()
        .expect("the sprague binary runs");
    let mut reader = BufReader::new(child.stdout.take().expect("stdout is piped"));
    let mut first = String::new();
    reader.read_line(&mut first).expect("a first line");
    assert!(first.starts_with("kayles"), "{first}");
    drop(reader);
    let stderr = child.stderr.take();
    let status = child.wait().expect("sprague finishes");
    assert_eq!(status.code(), Some(0));
    if let Some(mut e) = stderr {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut e, &mut text).expect("stderr");
        assert!(text.is_empty(), "{text}");
    }
}

#[test]
fn a_closed_pipe_ends_quietly() {
    closed_pipe(false);
    closed_pipe(true);
}

// --json on every verb that prints results.

#[test]
fn nimber_answers_in_json() {
    let v = json(&ok(&["nimber", "add", "3", "5", "--json"], b""));
    assert_eq!(v["result"], 6);
    // 2 ⊗ 2 = 3 in the nim field (Conway, On Numbers and Games, ch. 6).
    let v = json(&ok(&["nimber", "--json", "mul", "2", "2"], b""));
    assert_eq!(v["result"], 3);
    let v = json(&ok(&["nimber", "mul", "--batch", "--json"], b"2\n2 2\n5 1\n"));
    assert_eq!(v["products"], serde_json::json!([3, 5]));
    assert!(json(&ok(&["nimber", "inv", "2", "--json"], b""))["result"].is_u64());
}

// value --batch: one answer per line, bad lines named, the batch goes on.

#[test]
fn batch_answers_each_line_and_names_bad_ones() {
    let out = sprague(&["value", "nim", "--batch"], b"3 4 5\n1 2 3\nx 1\n\n7\n");
    assert_eq!(out.status.code(), Some(2));
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5, "{text}");
    assert_eq!(lines[0], "3 4 5\tN\t2");
    assert_eq!(lines[1], "1 2 3\tP\t0");
    assert!(lines[2].starts_with("line 3: error: "), "{}", lines[2]);
    assert!(lines[3].starts_with("line 4: error: "), "{}", lines[3]);
    assert_eq!(lines[4], "7\tN\t7");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("2 lines of the batch failed (the first: line 3)"),
        "{err}"
    );

    let out = sprague(&["value", "kayles", "--batch", "--json"], b"10 7\n-1\n");
    assert_eq!(out.status.code(), Some(2));
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let rows: Vec<serde_json::Value> = text.lines().map(json).collect();
    assert_eq!(rows[0]["outcome"], "P");
    assert_eq!(rows[1]["line"], 2);
    assert!(rows[1]["error"].is_string());

    // Every line succeeds: exit code 0.
    assert_eq!(
        ok(&["value", "bash:3", "--batch"], b"4\n5\n"),
        "4\tP\t0\n5\tN\t1\n"
    );
}

#[test]
fn batch_applies_the_state_budget_to_each_line() {
    let out = sprague(
        &["value", "chomp", "--batch", "--max-states", "50"],
        b"4 3\n9 9\n2 2\n",
    );
    assert_eq!(out.status.code(), Some(2));
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(
        lines[1].contains("line 2: error:") && lines[1].contains("--max-states"),
        "{text}"
    );
    // A 2x2 Chomp board: the first player wins (Gale's strategy stealing).
    assert!(lines[2].starts_with("2 2\tN\t"), "{text}");
}

#[test]
fn batch_is_refused_inside_the_repl() {
    // The REPL's script is stdin: a batch there would swallow the rest of it.
    let out = sprague(&["repl"], b"value nim --batch\nvalue nim 3 4 5\n");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--batch reads standard input"), "{err}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("grundy:  2"), "{text}");
}

// Found by the `position` fuzz target: one huge vertex id in a tree made the
// tree rulesets allocate per id (4.8 GB for leaf-removal) before finding the
// tree disconnected.

#[test]
fn a_huge_vertex_id_in_a_tree_is_refused_before_allocating() {
    for ruleset in ["leaf-removal", "increasing-distance"] {
        let started = std::time::Instant::now();
        bad(
            &["value", ruleset, "0-1 311111111-2 2-3 0-8"],
            &["not a tree", "disconnected", "vertex 4"],
        );
        assert!(
            started.elapsed().as_secs() < 5,
            "{ruleset} took {:?}",
            started.elapsed()
        );
    }
}

// Issue 17, item 1: the same in the graph rulesets (isolated vertices are
// legal there, so only a graph too large for memory is refused, naming the
// unused id rather than the gigabytes).

#[test]
fn a_huge_vertex_id_in_a_graph_is_named() {
    for ruleset in ["green-hackenbush", "geography", "node-kayles", "arc-kayles"] {
        bad(
            &["value", ruleset, "0-1 1-2 2-4000000000"],
            &["vertex 3 is named by no edge", "vertex 4000000000 is named"],
        );
    }
}

// Issue 17, item 6: the binary graph format, and `solve --json` as one JSON
// document whatever the size.

fn binary_file(
    name: &str,
    n: u64,
    edges: &[(u32, u32)],
    outcomes: &[(u32, sprague::Wld)],
) -> std::path::PathBuf {
    let mut bytes = Vec::new();
    sprague_cli::input::binary::write_binary(&mut bytes, n, edges, outcomes, &[]).expect("in memory");
    let dir = crate::common::temp_dir("hardened");
    let path = dir.join(name);
    std::fs::write(&path, bytes).expect("temp file");
    path
}

#[test]
fn binary_graphs_answer_as_their_text_form() {
    let edges = [(0, 1), (1, 2), (2, 0), (3, 4), (2, 5)];
    let text = temp_file("six.txt", "6 5\n0 1\n1 2\n2 0\n3 4\n2 5\noutcome 5 D\n");
    let bin = binary_file("six.bin", 6, &edges, &[(5, sprague::Wld::Draw)]);
    for args in [
        &["solve", "--json"][..],
        &["solve"],
        &["solve", "--grundy", "--json"],
    ] {
        let args_for = |p: &std::path::Path| {
            let mut a: Vec<String> = args.iter().map(ToString::to_string).collect();
            a.push(p.to_string_lossy().to_string());
            a
        };
        let (t, b) = (args_for(&text), args_for(&bin));
        let t: Vec<&str> = t.iter().map(String::as_str).collect();
        let b: Vec<&str> = b.iter().map(String::as_str).collect();
        if args.contains(&"--grundy") {
            // --grundy takes no terminal outcomes, in either format.
            bad(&t, &["normal play only"]);
            bad(&b, &["normal play only"]);
        } else {
            assert_eq!(ok(&t, b""), ok(&b, b""), "{args:?}");
        }
    }
    let dag = binary_file("dag.bin", 4, &[(0, 1), (1, 2), (0, 3)], &[]);
    let dag_text = temp_file("dag.txt", "4 3\n0 1\n1 2\n0 3\n");
    let p = dag.to_string_lossy().to_string();
    let q = dag_text.to_string_lossy().to_string();
    assert_eq!(ok(&["grundy-graph", &p], b""), ok(&["grundy-graph", &q], b""));
    // From stdin too.
    let bytes = std::fs::read(&dag).expect("written");
    assert_eq!(
        ok(&["grundy-graph", "-", "--json"], &bytes),
        ok(&["grundy-graph", &q, "--json"], b"")
    );
    // Truncated: one line naming the byte.
    let cut = binary_file("cut.bin", 4, &[(0, 1), (1, 2), (0, 3)], &[]);
    std::fs::write(&cut, &bytes[..45]).expect("rewritten");
    let c = cut.to_string_lossy().to_string();
    bad(
        &["solve", &c],
        &["binary graph truncated", "ends at byte 45", "edges 0 to 2"],
    );
    bad(
        &["grundy-graph", &c],
        &["binary graph truncated", "ends at byte 45"],
    );
}

#[test]
fn solve_json_is_one_document_with_every_vertex() {
    // A path 0 → 1 → … → 1499 (more vertices than the text table shows).
    let mut text = String::from("1500 1499\n");
    for v in 0..1499 {
        text.push_str(&format!("{v} {}\n", v + 1));
    }
    let g = temp_file("path.txt", &text);
    let p = g.to_string_lossy().to_string();
    let out = ok(&["solve", &p, "--json"], b"");
    assert_eq!(out.lines().count(), 1);
    let v = json(&out);
    let results = v["results"].as_array().expect("results");
    assert_eq!(results.len(), 1500);
    // The last vertex has no move: lost at once; the one before wins in 1.
    assert_eq!(results[1499], serde_json::json!(["L", 0]));
    assert_eq!(results[1498], serde_json::json!(["W", 1]));
    assert_eq!(v["counts"]["W"], 750);
    let v = json(&ok(&["solve", &p, "--grundy", "--json"], b""));
    assert_eq!(v["values"].as_array().map(Vec::len), Some(1500));
    assert_eq!(v["outcomes"][1499], "L");
    let scores: String = text.clone() + "score 1499 4\n";
    let s = temp_file("path-scores.txt", &scores);
    let v = json(&ok(&["solve", &s.to_string_lossy(), "--minimax", "--json"], b""));
    // Negamax along the path: the sign flips at each step back.
    assert_eq!(v["values"][1499], 4);
    assert_eq!(v["values"][1498], -4);
    assert_eq!(v["values"][0], -4);
    let v = json(&ok(&["solve", &p, "--prefs", "wld,wld", "--json"], b""));
    assert_eq!(v["results"].as_array().map(Vec::len), Some(1500));
}

// Issue 17, item 2: misère searches stop at the state budget, which counts
// the options waiting on the search stack as well as the positions solved:
// a position with many long options (a rectangle cut into 38 pieces) fills
// the budget as fast as it fills memory.

#[test]
fn misere_searches_stop_at_the_budget() {
    for (ruleset, position) in [("rectangles", "14x28 38x11"), ("grundy", "60 60 60")] {
        let out = sprague(
            &["value", ruleset, position, "--misere", "--max-states", "20000"],
            b"",
        );
        let err = String::from_utf8_lossy(&out.stderr);
        if out.status.success() {
            // An answer is fine too: misère play is decided one way or the other.
            let text = String::from_utf8_lossy(&out.stdout);
            assert!(text.contains("outcome:"), "{text}");
        } else {
            assert_eq!(out.status.code(), Some(2), "{err}");
            assert!(
                err.contains("budget of 20000 states") && err.contains("--max-states"),
                "{err}"
            );
            assert_eq!(err.lines().count(), 1, "{err}");
        }
    }
}

/// Found by the graph_binary fuzz target: a JSON graph file whose unknown key
/// holds an escaped line break is named in one error line, the break written
/// as `\n`.
#[test]
fn a_json_key_with_a_line_break_is_named_on_one_line() {
    let file = "{\"nn\\nnn\": 1, \"n\": 2, \"edges\": []}";
    let err = common::run_refused_with(&["solve", "-"], file, &["unknown field", "nn\\nnn"]);
    assert!(err.contains("line 1 column"), "{err}");
}
