//! `sprague play` for the graph games, Poker Nim and multiples, driven by
//! scripts on stdin, with hints checked against `sprague value`; and every
//! catalog entry played from its examples.

use serde_json::Value;
use std::collections::BTreeSet;
use std::io::Write;
use std::process::{Command, Output, Stdio};

fn run(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the sprague binary runs");
    // A refused position ends the program before it reads its input.
    let _ = child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(stdin.as_bytes());
    child.wait_with_output().expect("sprague finishes")
}

/// The transcript of `sprague play ARGS` with `script` on stdin (exit 0).
fn transcript(args: &[&str], script: &str) -> String {
    let mut all = vec!["play"];
    all.extend_from_slice(args);
    let out = run(&all, script);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

/// `sprague value --json ARGS`.
fn value(args: &[&str]) -> Value {
    let mut all = vec!["value", "--json"];
    all.extend_from_slice(args);
    let out = run(&all, "");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

/// The `to` fields of a value report's winning moves.
fn winning_to(v: &Value) -> BTreeSet<String> {
    v["winning_moves"]
        .as_array()
        .expect("winning moves listed")
        .iter()
        .map(|m| m["to"].as_str().expect("to").to_string())
        .collect()
}

/// The rows of the last list of winning moves in a transcript: the lines
/// after the last line starting "winning …", trimmed (none if no list).
fn hint_rows(t: &str) -> Vec<String> {
    let lines: Vec<&str> = t.lines().collect();
    let Some(start) = lines.iter().rposition(|l| l.starts_with("winning ")) else {
        return Vec::new();
    };
    // Rows are indented by 4; the session wraps long rows at 79 columns with
    // continuation lines indented by 6, which join their row again.
    let mut rows: Vec<String> = Vec::new();
    for l in lines[start + 1..].iter().take_while(|l| l.starts_with("    ")) {
        match rows.last_mut() {
            Some(last) if l.starts_with("      ") => {
                last.push(' ');
                last.push_str(l.trim());
            }
            _ => rows.push(l.trim().to_string()),
        }
    }
    rows
}

/// Plays the first listed move every turn from a position lost for the user:
/// the engine must win.
fn engine_wins(args: &[&str]) -> String {
    let t = transcript(args, &"#1\n".repeat(40));
    assert!(t.contains("Game over: sprague wins"), "{args:?}\n{t}");
    t
}

/// The positions after the engine's moves.
fn engine_positions(t: &str) -> Vec<String> {
    t.lines()
        .filter(|l| l.starts_with("sprague: "))
        .filter_map(|l| l.rsplit("→  ").next().map(str::to_string))
        .collect()
}

/// A bad move is answered on one line and the session goes on to `then`.
fn bad_move_then_play(args: &[&str], bad: &str, answer: &str, then: &str, played: &str) {
    let t = transcript(args, &format!("{bad}\n{then}\nquit\n"));
    let line = t
        .lines()
        .find(|l| l.contains(answer))
        .unwrap_or_else(|| panic!("{args:?}: no `{answer}`\n{t}"));
    assert!(!line.contains('\n'));
    let after = t.split(answer).nth(1).expect("answer");
    assert!(after.contains(played), "{args:?}: `{then}` was not played\n{t}");
}

// ------------------------------------------------------------ Green Hackenbush

#[test]
fn hackenbush_engine_keeps_the_value_zero() {
    // A triangle on the ground with a tail: three loops and a stalk of 1 after
    // fusion, value 0.
    let t = engine_wins(&["green-hackenbush", "0-1 1-2 2-0 2-3 0-4 4-5"]);
    assert!(t.contains("▔ ground: vertex 0"), "{t}");
    for p in engine_positions(&t) {
        assert_eq!(value(&["green-hackenbush", &p])["grundy"], 0, "{p}\n{t}");
    }
}

#[test]
fn hackenbush_hint_lists_the_cuts_value_finds() {
    let pos = "0-1 1-2 2-0 2-3 0-4 4-5 4-6 0-0 0-7 7-8 8-9";
    let v = value(&["green-hackenbush", pos]);
    let expected: BTreeSet<String> = v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            // `cut edge 2-0` names the edge as written; play writes `0-2`.
            let e = m["description"].as_str().unwrap().replace("cut edge ", "");
            let (u, v) = e.split_once('-').unwrap();
            let (u, v): (u32, u32) = (u.parse().unwrap(), v.parse().unwrap());
            format!("{}-{}", u.min(v), u.max(v))
        })
        .collect();
    assert!(!expected.is_empty());
    let t = transcript(&["green-hackenbush", pos], "hint\n");
    assert!(t.contains("fusion principle"), "{t}");
    assert!(t.contains("nim-sum of the stalks: 1 ⊕ 0 ⊕ 1 ⊕ 3 = 3"), "{t}");
    let got: BTreeSet<String> = hint_rows(&t)
        .iter()
        .map(|r| r.split_whitespace().nth(1).unwrap().to_string())
        .collect();
    assert_eq!(got, expected, "{t}");
    // A cut outside that list throws the win away.
    let all = [
        "0-1", "1-2", "0-2", "2-3", "0-4", "4-5", "4-6", "0-0", "0-7", "7-8", "8-9",
    ];
    let losing = all.iter().find(|e| !expected.contains(**e)).unwrap();
    let t = transcript(&["green-hackenbush", pos], &format!("cut {losing}\n"));
    assert!(t.contains("that threw away the win"), "{t}");
}

#[test]
fn hackenbush_bad_cuts_reprompt() {
    bad_move_then_play(
        &["green-hackenbush", "0-1 1-2"],
        "cut 5-6",
        "not a move: there is no edge 5-6",
        "1-2",
        "you: cut 1-2",
    );
}

// ------------------------------------------------------------ Geography

/// The graph `edges` without the edges at `gone`, for `value` from `@start`.
fn without(edges: &str, n: usize, gone: u32, start: u32) -> String {
    let kept: Vec<&str> = edges
        .split_whitespace()
        .filter(|e| !e.split('-').any(|v| v == gone.to_string()))
        .collect();
    format!("n={n} {} @{start}", kept.join(" "))
}

#[test]
fn geography_lost_start_and_matching_hint() {
    engine_wins(&["geography", "0-1 1-2 2-3 3-0 3-4 @0"]);
    let edges = "0-1 1-2 2-3 3-4 4-5 5-0 1-6 6-7 2-7";
    let t = transcript(&["geography", &format!("{edges} @1")], "hint\n");
    assert!(t.contains("every maximum matching"), "{t}");
    let got: BTreeSet<u32> = hint_rows(&t)
        .iter()
        .map(|r| {
            r.split("→ ")
                .nth(1)
                .unwrap()
                .split_whitespace()
                .next()
                .unwrap()
                .parse()
                .unwrap()
        })
        .collect();
    // Each neighbour w of 1 is a winning move iff `value` finds the rest lost from w.
    for w in [0u32, 2, 6] {
        let v = value(&["geography", &without(edges, 8, 1, w)]);
        assert_eq!(got.contains(&w), v["outcome"] == "P", "move 1 → {w}\n{t}");
    }
}

#[test]
fn geography_thrown_win_and_bad_moves() {
    // Path 0-1-2-3 from 1: 1 → 0 wins (nothing left next to 0); 1 → 2 loses.
    let t = transcript(&["geography", "0-1 1-2 2-3 @1"], "2\n");
    assert!(t.contains("that threw away the win"), "{t}");
    assert!(t.contains("Game over: sprague wins"), "{t}");
    bad_move_then_play(
        &["geography", "0-1 1-2 2-3 @1"],
        "3",
        "not a move: 3 is not next to the token on 1",
        "0",
        "Game over: you win",
    );
}

#[test]
fn grid_geography_placements_match_value() {
    let board = "..#./..../#...";
    let v = value(&["geography-grid", board]);
    let winning: BTreeSet<(usize, usize)> = v["winning_cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c[0].as_u64().unwrap() as usize, c[1].as_u64().unwrap() as usize))
        .collect();
    let t = transcript(&["geography-grid", board], "hint\n");
    let got: BTreeSet<(usize, usize)> = hint_rows(&t)
        .iter()
        .map(|r| {
            let cell = r.split_whitespace().nth(4).unwrap().as_bytes();
            ((cell[1] - b'1') as usize, (cell[0] - b'a') as usize)
        })
        .collect();
    // Placing the token wins where the player moving from there loses.
    let open: Vec<(usize, usize)> = board
        .split('/')
        .enumerate()
        .flat_map(|(r, row)| {
            row.chars()
                .enumerate()
                .filter(|c| c.1 == '.')
                .map(move |(c, _)| (r, c))
        })
        .collect();
    let expected: BTreeSet<(usize, usize)> = open.into_iter().filter(|c| !winning.contains(c)).collect();
    assert_eq!(got, expected, "{t}");
    // Placing it on a winning start (a1) gives the win away, and sprague wins.
    let t = transcript(&["geography-grid", board], &format!("a1\n{}", "#1\n".repeat(20)));
    assert!(t.contains("that threw away the win"), "{t}");
    assert!(t.contains("  1  x @ # ."), "{t}");
    assert!(t.contains("along the maximum matching edge"), "{t}");
    assert!(t.contains("Game over: sprague wins"), "{t}");
    bad_move_then_play(
        &["geography-grid", board],
        "z9",
        "not a move: there is no cell z9 on this 3×4 board",
        "b1",
        "you: place the token on b1",
    );
}

// ------------------------------------------------------------ Trees

#[test]
fn leaf_removal_lost_tree_and_hint() {
    engine_wins(&["leaf-removal", "0-1 1-2 0-3 3-4"]);
    let pos = "0-1 1-2 2-3 0-4 4-5 4-6";
    let expected = winning_to(&value(&["leaf-removal", pos]));
    let t = transcript(&["leaf-removal", pos], "hint\n");
    assert!(t.contains("├─ "), "{t}");
    let got: BTreeSet<String> = hint_rows(&t)
        .iter()
        .map(|r| r.rsplit("leaves ").next().unwrap().to_string())
        .collect();
    assert_eq!(got, expected, "{t}");
    assert!(!expected.contains("{0,1,2,4,5,6}"));
    let t = transcript(&["leaf-removal", pos], "3\n");
    assert!(t.contains("that threw away the win"), "{t}");
    bad_move_then_play(
        &["leaf-removal", pos],
        "1",
        "not a move: 1 not a leaf now",
        "3",
        "you: remove leaf 3",
    );
}

#[test]
fn increasing_distance_centre_loses_and_placements_match_value() {
    // A path of 5 vertices: even diameter, its centre 2 loses.
    engine_wins(&["increasing-distance", "0-1 1-2 2-3 3-4 @2"]);
    let v = value(&["increasing-distance", "0-1 1-2 2-3 3-4 2-5"]);
    let losing: BTreeSet<String> = v["losing_starts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.to_string())
        .collect();
    let t = transcript(&["increasing-distance", "0-1 1-2 2-3 3-4 2-5"], "hint\n0\n");
    let got: BTreeSet<String> = hint_rows(&t)
        .iter()
        .map(|r| {
            r.trim_start_matches('@')
                .split_whitespace()
                .next()
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(got, losing, "{t}");
    assert!(t.contains("that threw away the win"), "{t}");
    bad_move_then_play(
        &["increasing-distance", "0-1 1-2 2-3 3-4 @2"],
        "9",
        "not a move: ",
        "3",
        "you: move the token 2 → 3 (1 edge)",
    );
}

// ------------------------------------------------------------ Kayles

#[test]
fn node_kayles_cycle_is_lost_and_hint_matches_value() {
    engine_wins(&["node-kayles", "0-1 1-2 2-3 3-4 4-0"]);
    let pos = "0-1 1-2 2-3 3-4 4-5 5-6 6-7 7-8";
    let expected = winning_to(&value(&["node-kayles", pos]));
    let t = transcript(&["node-kayles", pos], "hint\n");
    let got: BTreeSet<String> = hint_rows(&t)
        .iter()
        .filter(|r| r.starts_with('{'))
        .map(|r| r.split_whitespace().next().unwrap().to_string())
        .collect();
    assert_eq!(got, expected, "{t}");
    let thrown = (0..9i32)
        .find(|v| {
            let left: Vec<String> = (0..9i32)
                .filter(|w| (*w - *v).abs() > 1)
                .map(|w| w.to_string())
                .collect();
            !expected.contains(&format!("{{{}}}", left.join(",")))
        })
        .unwrap();
    let t = transcript(&["node-kayles", pos], &format!("{thrown}\n"));
    assert!(t.contains("that threw away the win"), "{t}");
    bad_move_then_play(
        &["node-kayles", pos],
        "9",
        "not a move: vertex 9 is not left",
        "take 0",
        "you: take vertex 0",
    );
}

#[test]
fn arc_kayles_path_is_lost_and_hint_matches_value() {
    engine_wins(&["arc-kayles", "0-1 1-2 2-3 3-4"]);
    let pos = "0-1 1-2 2-3 3-4 4-5 5-6 6-7 2-8";
    let expected = winning_to(&value(&["arc-kayles", pos]));
    let t = transcript(&["arc-kayles", pos], "hint\n");
    let got: BTreeSet<String> = hint_rows(&t)
        .iter()
        .filter(|r| r.starts_with('{'))
        .map(|r| r.split_whitespace().next().unwrap().to_string())
        .collect();
    assert_eq!(got, expected, "{t}");
    let t = transcript(&["arc-kayles", "0-1 1-2 2-3 3-4 4-5"], "0-1\n");
    assert!(
        t.contains("that threw away the win: `take edge 2-3` was the winning move"),
        "{t}"
    );
    bad_move_then_play(
        &["arc-kayles", pos],
        "0-2",
        "not a move: edge 0-2 is not in the graph left",
        "take 1-2",
        "you: take edge 1-2",
    );
}

// ------------------------------------------------------------ Wall Making

#[test]
fn wall_making_square_is_lost_and_picks_match_value() {
    engine_wins(&["wall-making", "../.."]);
    let board = "..#/.../...";
    let expected: BTreeSet<String> = winning_to(&value(&["wall-making", board]));
    let t = transcript(&["wall-making", board], "hint\nb2\n");
    let got: BTreeSet<String> = hint_rows(&t)
        .iter()
        .map(|r| {
            let cell = r.split_whitespace().nth(1).unwrap().as_bytes();
            format!("{},{}", cell[1] - b'0', cell[0] - b'a' + 1)
        })
        .collect();
    assert_eq!(got, expected, "{t}");
    assert!(t.contains("rectangle 1 (rows 1–3, columns a–c): value 3"), "{t}");
    assert!(t.contains("that threw away the win"), "{t}");
    assert!(t.contains("  2  + + +"), "{t}");
    bad_move_then_play(
        &["wall-making", board],
        "c1",
        "not a move: c1 cannot be picked: it is marked `#`",
        "a1",
        "you: pick a1",
    );
}

// ------------------------------------------------------------ Poker Nim

#[test]
fn poker_nim_additions_are_taken_back() {
    let t = transcript(
        &["poker-nim", "1 2 3 / 4 0"],
        // With the heaps empty the user still adds chips from the reserve, one at
        // a time (`#1`), and sprague takes each back until the reserve is spent.
        &format!("add 2 to heap 1\nheap 1 -> 0\nheap 2 -> 0\n{}", "#1\n".repeat(12)),
    );
    assert!(
        t.contains("sprague: heap 1: 3 → 1 (take 2 into the reserve)"),
        "{t}"
    );
    assert!(t.contains("go straight back: an addition is reversible"), "{t}");
    assert!(t.contains("reserve of the player to move: ●●  (2)"), "{t}");
    assert!(t.contains("reserve of the player to move:   (0)"), "{t}");
    assert!(t.contains("Game over: sprague wins"), "{t}");
    for p in engine_positions(&t) {
        assert_eq!(value(&["poker-nim", &p])["outcome"], "P", "{p}\n{t}");
    }
}

#[test]
fn poker_nim_hint_matches_value_and_bad_moves() {
    let pos = "3 4 5 / 2 1";
    let expected: BTreeSet<String> = winning_to(&value(&["poker-nim", pos]))
        .iter()
        .map(|to| to.split(" /").next().unwrap().to_string())
        .collect();
    let t = transcript(&["poker-nim", pos], "hint\ntake 1 from heap 3\n");
    assert!(t.contains("nim-sum of the heaps: 3 ⊕ 4 ⊕ 5 = 2"), "{t}");
    let got: BTreeSet<String> = hint_rows(&t)
        .iter()
        .map(|r| r.split("   ").next().unwrap().to_string())
        .collect();
    assert_eq!(got, expected, "{t}");
    assert!(t.contains("that threw away the win"), "{t}");
    bad_move_then_play(
        &["poker-nim", pos],
        "add 5 to heap 1",
        "not a move: adding 5 chips to heap 1 needs them in your reserve, which has 2",
        "heap 1: 3 -> 1",
        "you: heap 1: 3 → 1",
    );
    bad_move_then_play(
        &["poker-nim", pos],
        "9 9 9",
        "cannot be reached",
        "1 4 5",
        "you: heap 1: 3 → 1",
    );
}

// ------------------------------------------------------------ Multiples

#[test]
fn multiples_lost_position_and_hint_matches_value() {
    let t = engine_wins(&["multiples", "12: 3 7"]);
    for p in engine_positions(&t) {
        assert_eq!(value(&["multiples", &p])["grundy"], 0, "{p}\n{t}");
    }
    let pos = "12: 3 5 7";
    let expected = winning_to(&value(&["multiples", pos]));
    let t = transcript(&["multiples", pos], "hint\n3 2\n");
    let got: BTreeSet<String> = hint_rows(&t)
        .iter()
        .filter(|r| r.starts_with("12:"))
        .map(|r| match r.split_once("(x = ") {
            Some((_, xk)) => {
                let xk = xk.trim_end_matches(')');
                let (x, k) = xk.split_once(", k = ").unwrap();
                format!("x={x} k={k}")
            }
            None => format!("x={} k=1", r.rsplit(' ').next().unwrap()),
        })
        .collect();
    assert_eq!(got, expected, "{t}");
    assert!(t.contains("a coin-turning game"), "{t}");
    // Each heads coin x is named by x, with its value g(⌊12/x⌋).
    assert!(t.contains("    heads coin 3 (value 1): 1 → 1 ⊕ 2 = 3"), "{t}");
    assert!(t.contains("    heads coin 5 (value 2): 2 → 2 ⊕ 2 = 0"), "{t}");
    assert!(t.contains("that threw away the win"), "{t}");
    bad_move_then_play(
        &["multiples", pos],
        "4",
        "not a move: coin 4 shows tails",
        "5",
        "you: turn coin 5",
    );
}

// ------------------------------------------------------------ The catalog

#[test]
fn every_catalog_entry_plays_from_its_examples() {
    let out = run(&["games", "--json"], "");
    assert!(out.status.success());
    let games: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let mut unplayable = Vec::new();
    for g in games["games"].as_array().expect("games") {
        let name = g["name"].as_str().unwrap();
        let mut played = false;
        for e in g["examples"].as_array().unwrap() {
            let words: Vec<&str> = e.as_str().unwrap().split_whitespace().collect();
            let ["sprague", "value", args @ ..] = &words[..] else {
                continue;
            };
            // The position is every word after the ruleset but the flags.
            let flags: Vec<&str> = args
                .iter()
                .copied()
                .filter(|a| a.starts_with("--") && *a != "--json")
                .collect();
            let position = args[1..]
                .iter()
                .copied()
                .filter(|a| !a.starts_with("--"))
                .collect::<Vec<_>>()
                .join(" ");
            let mut play = vec!["play", args[0], position.as_str()];
            play.extend(flags);
            let out = run(&play, "quit\n");
            let stdout = String::from_utf8_lossy(&out.stdout);
            let stderr = String::from_utf8_lossy(&out.stderr);
            if out.status.success() {
                assert!(stdout.contains("Bye."), "{e}: {stdout}");
                played = true;
            } else if stderr.contains("cannot be played") {
                // A ruleset without a player (listed below), said on one line.
                assert_eq!(out.status.code(), Some(2), "{e}: {stderr}");
            } else {
                // Refused: too big to play, said on one line with the limit,
                // or a ruleset answered by numbers rather than played.
                assert_eq!(out.status.code(), Some(2), "{e}: {stderr}");
                assert_eq!(stderr.trim_end().lines().count(), 1, "{e}: {stderr}");
                assert!(
                    stderr.contains("at most")
                        || stderr.contains("limited to")
                        || stderr.contains("cannot be played"),
                    "{e}: {stderr}"
                );
            }
        }
        if !played {
            unplayable.push(name.to_string());
        }
    }
    // The octal entry's only position example is a heap of 2^63 - 1 (a
    // closed-form showcase); smaller heaps play (tests/commands/play_every.rs plays
    // one game of every listed ruleset to its end).
    assert_eq!(unplayable, ["octal"]);
    let t = transcript(&["octal:0.07", "9", "5"], "quit\n");
    assert!(t.contains("Bye."), "{t}");
}
