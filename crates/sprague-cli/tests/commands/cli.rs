//! The `sprague` binary end to end: outputs, JSON fields, and bad input.

use crate::common;
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
    // Beyond 2^53 - 1, an integer is written as a string (the README's JSON reference).
    assert_eq!(v["grundy"], "18446744073709551614");
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
    let dir = crate::common::temp_dir("cli-test");
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

// The frictions a newcomer met, one test each (the first ten minutes).

/// Friction 1: A heap written `10^18` is the number 10^18, as contest statements
/// write it (it used to be read as 18 heaps of 10); repetition is `N*K`.
#[test]
fn powers_are_numbers_and_repetition_is_a_star() {
    let v = json(&ok(&["value", "nim", "10^18", "--json"], b""));
    assert_eq!(v["position"], "1000000000000000000");
    assert_eq!(v["grundy"], "1000000000000000000"); // a string beyond 2^53 - 1
    let v = json(&ok(&["value", "nim", "2^63", "2^63", "--json"], b""));
    assert_eq!(
        (v["outcome"].as_str(), v["grundy"].as_u64()),
        (Some("P"), Some(0))
    );
    bad(&["value", "nim", "2^64"], b"", &["column 1", "below 2^64"]);
    bad(&["value", "nim", "3 10^x"], b"", &["column 6", "exponent"]);
    // K heaps of N: `N*K`, which is also how long runs print.
    let v = json(&ok(&["value", "nim", "3*4 1", "--json"], b""));
    assert_eq!(
        (v["position"].as_str(), v["grundy"].as_u64()),
        (Some("3 3 3 3 1"), Some(1))
    );
    let v = json(&ok(&["value", "nim", "5*9", "--json"], b""));
    assert_eq!(v["position"], "5*9");
}

/// Friction 3: `table RULESET N` counts like `--count N`, as the REPL always took it.
#[test]
fn table_takes_the_count_as_a_word() {
    let by_word = ok(&["table", "kayles", "30"], b"");
    assert_eq!(by_word, ok(&["table", "kayles", "--count", "30"], b""));
    assert!(
        by_word.starts_with("kayles: Grundy values G(0..29)\n"),
        "{by_word}"
    );
    let script = ok(
        &["table", "--rules", "../../examples/rules/kayles.rhai", "30"],
        b"",
    );
    assert!(script.contains("G(0..29)"), "{script}");
    bad(&["table", "kayles"], b"", &["table RULESET N", "--count"]);
    bad(&["table", "kayles", "30", "--count", "30"], b"", &["--count"]);
    bad(&["table", "kayles", "lots"], b"", &["`lots`", "whole number"]);
}

/// Friction 4: `calc --misere` reads a sum of nimbers in misère play, and `calc
/// --help` names every kind of game it takes.
#[test]
fn calc_takes_misere_nimbers_and_says_what_it_takes() {
    assert_eq!(
        ok(&["calc", "*2 + *2", "--misere"], b""),
        ok(&["calc", "*[2] + *[2]"], b"")
    );
    let v = json(&ok(&["calc", "* + *", "--misere", "--json"], b""));
    assert_eq!(v["outcome"], "N", "{v}");
    bad(
        &["calc", "{1|0}", "--misere"],
        b"",
        &["not an impartial game", "*[2,1]"],
    );
    let help = ok(&["calc", "--help"], b"");
    for word in [
        "misère",
        "*[2] + *[2]",
        "--misere",
        "loopy",
        "pass",
        "omega",
        "1/3",
    ] {
        assert!(help.contains(word), "`{word}` is not in calc --help:\n{help}");
    }
}

/// Friction 6: `play` takes what `value` answers: one Wythoff pair and the
/// memory games' heaps of any u64 size play by the closed forms; a sum of
/// Wythoff games with large heaps (searched) is refused in one line.
#[test]
fn play_takes_the_huge_positions_value_answers() {
    for args in [
        &["play", "wythoff", "1000000000000", "1618033988749"][..],
        &["play", "wyt-queens", "1000000000000,1618033988749"],
        &["play", "fibonacci-nim", "1000"],
        &["play", "fibonacci-nim", "18446744073709551615"],
        &["play", "memory2c:3", "1000000000000000000"],
        &["play", "memory:2", "1000000000000000000", "--misere"],
        &["play", "wythoff", "1000000000000", "1618033988749", "--misere"],
    ] {
        let value: Vec<&str> = std::iter::once("value")
            .chain(args[1..].iter().copied())
            .collect();
        ok(&value, b"");
        let t = ok(args, b"hint\nquit\n");
        assert!(t.ends_with("Bye.\n"), "{args:?}: {t}");
    }
    bad(
        &["play", "wythoff", "3 5; 1000 2000"],
        b"",
        &["heaps are limited to 150"],
    );
}

/// Friction 7: `grundy-graph` takes `--one-based` (as `count-dag-wins` does) and the
/// edge lists every graph ruleset takes; `solve --grundy --sum` lists the
/// winning moves of the sum.
#[test]
fn grundy_graph_reads_contest_files_and_edge_lists() {
    let one = ok(&["grundy-graph", "--one-based", "-"], b"3 3\n1 2\n1 3\n2 3\n");
    let zero = ok(&["grundy-graph", "-"], b"3 3\n0 1\n0 2\n1 2\n");
    assert_eq!(one, zero);
    assert!(zero.ends_with("0 2\n1 1\n2 0\n"), "{zero}");
    assert_eq!(ok(&["grundy-graph", "-"], b"0-1 0-2 1-2\n"), zero);
    assert_eq!(
        ok(&["grundy-graph", "--one-based", "-"], b"# a path\n1-2, 1-3 2-3\n"),
        zero
    );
    bad(
        &["grundy-graph", "--one-based", "-"],
        b"3 1\n0 1\n",
        &["out of range", "from 1"],
    );
    bad(
        &["grundy-graph", "--one-based", "-"],
        b"0-1\n",
        &["vertex 0", "--one-based"],
    );
    // A loop at 0 and an edge 0 -> 1: ∞(0) + 0 is a win, by moving the
    // first token to 1 (0 + 0 loses for the next player).
    let text = ok(&["solve", "-", "--grundy", "--sum", "0,1"], b"2 2\n0 0\n0 1\n");
    assert!(text.contains("outcome: W"), "{text}");
    assert!(
        text.contains("winning moves (1):\n  1,1   token 1: vertex 0 → 1\n"),
        "{text}"
    );
    let v = json(&ok(
        &["solve", "-", "--grundy", "--sum", "0,1", "--json"],
        b"2 2\n0 0\n0 1\n",
    ));
    assert_eq!(
        v["winning_moves"],
        serde_json::json!([{"token": 1, "from": 0, "to": 1}])
    );
    // Every winning move checked against the definition: the sum after it
    // loses for the player to move, on a small graph with every pair of tokens.
    let graph = b"4 5\n0 1\n1 2\n2 0\n2 3\n3 3\n";
    for a in 0..4 {
        for b in 0..4 {
            let sum = format!("{a},{b}");
            let v = json(&ok(&["solve", "-", "--grundy", "--sum", &sum, "--json"], graph));
            for m in v["winning_moves"].as_array().unwrap() {
                let mut after = [a, b];
                after[m["token"].as_u64().unwrap() as usize - 1] = m["to"].as_u64().unwrap();
                let next = format!("{},{}", after[0], after[1]);
                let w = json(&ok(&["solve", "-", "--grundy", "--sum", &next, "--json"], graph));
                assert_eq!(w["outcome"], "L", "{sum} -> {next}");
            }
        }
    }
}

/// Friction 8: A sum of heaps shows each heap's value, and a take-and-break move
/// names the heap it splits instead of restating the position.
#[test]
fn heap_values_and_take_and_break_moves_in_words() {
    let text = ok(&["value", "kayles", "10", "7"], b"");
    assert!(
        text.contains("\nheaps:   G(10) = 2, G(7) = 2 (the grundy value is their nim-sum)\n"),
        "{text}"
    );
    let v = json(&ok(&["value", "kayles", "10", "7", "--json"], b""));
    assert_eq!(v["heap_values"], serde_json::json!([2, 2]));
    let text = ok(&["value", "kayles", "10", "6"], b"");
    assert!(
        text.contains("heap 1: 10 → 1 + 7 (take 2, split in two)"),
        "{text}"
    );
    // Nim's values are the heaps themselves: no such line.
    assert!(!ok(&["value", "nim", "3", "4", "5"], b"").contains("heaps:"));
}

/// Friction 9: In `play`: the game goes on after it is over so that `undo` can review
/// the loss, `swap` says a whole sentence, and a Chomp bite is typed as the
/// cell its board shows.
#[test]
fn play_reviews_a_lost_game_swaps_cleanly_and_takes_cells() {
    // 2 1 is lost for the player to move: sprague wins, then `undo` goes
    // back to the position before the user's move.
    let t = ok(&["play", "chomp", "2 1"], b"2\nundo\nquit\n");
    assert!(t.contains("Game over: sprague wins"), "{t}");
    assert!(t.contains("game over> undo\nundone: back to 2 1\n"), "{t}");
    assert!(t.ends_with("your move> quit\nBye.\n"), "{t}");
    let t = ok(&["play", "chomp", "2 1"], b"2\nlook\n");
    assert!(t.contains("game over> look\nthe game is over: `undo`"), "{t}");
    let t = ok(&["play", "nim", "3 4 5"], b"swap\nquit\n");
    assert!(t.contains("\nswapped: sprague moves now.\n"), "{t}");
    let t = ok(&["play", "domineering", "..|.."], b"swap\nquit\n");
    assert!(
        t.contains("\nswapped: sprague moves now; you now play Right"),
        "{t}"
    );
    for cell in ["2,3", "(2,3)", "r2c3", "row 2 column 3"] {
        let t = ok(&["play", "chomp", "4 4 4"], format!("{cell}\nquit\n"));
        assert!(
            t.contains("you: bite at row 2, column 3  →  4 2 2"),
            "{cell}: {t}"
        );
    }
}

/// Friction 10: `sprague man VERB` prints the page sprague(1) refers to, with the
/// verb's options; `--dir` writes every page; the completions complete
/// ruleset names; counts of one are singular.
#[test]
fn man_pages_per_verb_completions_and_singulars() {
    let main = ok(&["man"], b"");
    assert!(main.contains("sprague\\-value(1)"), "{main}");
    let page = ok(&["man", "value"], b"");
    assert!(page.contains(".TH sprague-value 1"), "{page}");
    for option in ["\\-\\-misere", "\\-\\-batch", "\\-\\-max\\-states"] {
        assert!(page.contains(option), "{option} not in sprague-value(1)");
    }
    bad(&["man", "valeu"], b"", &["no verb `valeu`", "value"]);
    let dir = std::env::temp_dir().join(format!("sprague-man-{}", std::process::id()));
    let listed = ok(&["man", "--dir", dir.to_str().unwrap()], b"");
    for page in [
        "sprague.1",
        "sprague-value.1",
        "sprague-table.1",
        "sprague-nimber-mul.1",
    ] {
        assert!(dir.join(page).is_file(), "{page} not written: {listed}");
    }
    let _ = std::fs::remove_dir_all(&dir);
    for shell in ["bash", "zsh", "fish"] {
        let script = ok(&["completions", shell], b"");
        for name in ["kayles", "domineering", "tic-tac-toe", "green-hackenbush"] {
            assert!(script.contains(name), "{shell} completions lack `{name}`");
        }
    }
    // Ruleset names are offered, not required: parameters still parse.
    assert!(ok(&["value", "bash:3", "5"], b"").contains("outcome:"));
    let text = ok(&["grundy-graph", "-"], b"2 1\n0 1\n");
    assert!(
        text.starts_with("# 2 vertices, 1 edge; 1 P-position (value 0)"),
        "{text}"
    );
    let text = ok(&["solve", "-"], b"2 1\n0 1\n");
    assert!(text.contains("remoteness 1 ply\n"), "{text}");
}

/// Friction 10: Geography on a board says what W means: the player who moves the
/// token off a W cell wins, so the first player places it elsewhere.
#[test]
fn geography_grid_says_where_to_place_the_token() {
    let text = ok(&["value", "geography-grid", "..#./..../#..."], b"");
    assert!(
        text.contains("from which the player to move the token wins"),
        "{text}"
    );
    assert!(
        text.contains("place the token on one of the 6 open cells that are not W"),
        "{text}"
    );
    let text = ok(&["value", "geography-grid", ".."], b"");
    assert!(
        text.contains("every open cell is W: whoever places the token loses"),
        "{text}"
    );
}

/// `--all` lists every winning move of a multiples position (it listed 50 of
/// 1356); the text without it shows the first 20 and counts the rest.
#[test]
fn all_lists_every_winning_move_of_multiples() {
    let args = ["value", "multiples", "1000000000: 1 2 3 5 8 13 21 34 55 89"];
    let all = ok(&[&args[..], &["--all"]].concat(), b"");
    let v = json(&ok(&[&args[..], &["--json"]].concat(), b""));
    let total = v["winning_moves_total"].as_u64().unwrap();
    assert_eq!(total, 1356);
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 1356);
    assert_eq!(
        all.lines().filter(|l| l.starts_with("  x=")).count(),
        1356,
        "{all}"
    );
    let short = ok(&args, b"");
    assert_eq!(short.lines().filter(|l| l.starts_with("  x=")).count(), 20);
    assert!(short.contains("… and 1336 more"), "{short}");
}
