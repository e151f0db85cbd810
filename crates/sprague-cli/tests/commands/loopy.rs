//! Command-line tests of `sprague solve`: answers, JSON shape, and bad input
//! (one line on stderr, exit code 2).

use std::process::{Command, Output, Stdio};

use crate::common;

fn run(args: &[&str], stdin: &str) -> Output {
    common::run(args, stdin)
}

fn ok(args: &[&str], stdin: &str) -> String {
    let o = run(args, stdin);
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).unwrap()
}

fn json(args: &[&str], stdin: &str) -> serde_json::Value {
    serde_json::from_str(&ok(args, stdin)).unwrap()
}

/// Exit code 2 and a single line on stderr containing `needle`.
fn bad(args: &[&str], stdin: &str, needle: &str) {
    let o = run(args, stdin);
    assert_eq!(o.status.code(), Some(2), "{args:?} {stdin:?}");
    let err = String::from_utf8(o.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains(needle), "{err:?} should mention {needle:?}");
    assert!(o.stdout.is_empty());
}

const CHAIN: &str = "5 4\n0 1\n1 2\n3 4\n4 3\n";

#[test]
fn wld_json_and_text() {
    let v = json(&["solve", "-", "--json"], CHAIN);
    assert_eq!(
        v["results"],
        serde_json::json!([["L", 2], ["W", 1], ["L", 0], ["D", null], ["D", null]])
    );
    assert_eq!(v["counts"]["D"], 2);
    let t = ok(&["solve", "-"], CHAIN);
    assert!(t.contains("# W 1, L 2, D 2"));
    assert!(t.contains("longest win: vertex 1, remoteness 1"));
    // Misère: the terminal 2 is a win, so 1 loses and 0 wins.
    let v = json(&["solve", "-", "--json", "--misere"], CHAIN);
    assert_eq!(v["results"][0], serde_json::json!(["W", 2]));
    // Explicit outcomes override: a drawn terminal.
    let v = json(&["solve", "-", "--json"], "3 2\n0 1\n1 2\noutcome 2 D\n");
    assert_eq!(
        v["results"],
        serde_json::json!([["D", null], ["D", null], ["D", null]])
    );
    let v = json(
        &["solve", "-", "--json"],
        r#"{"n": 2, "edges": [[0, 1]], "outcomes": [[1, "W"]]}"#,
    );
    assert_eq!(v["results"], serde_json::json!([["L", 1], ["W", 0]]));
}

#[test]
fn loopy_values_sums_prefs_minimax_trees() {
    let v = json(&["solve", "-", "--grundy", "--json"], "3 4\n0 1\n1 0\n1 2\n2 2\n");
    assert_eq!(
        v["values"],
        serde_json::json!([{"infinite": []}, {"infinite": []}, {"infinite": []}])
    );
    let v = json(&["solve", "-", "--grundy", "--json"], "2 2\n0 0\n0 1\n");
    assert_eq!(v["values"], serde_json::json!([{"infinite": [0]}, 0]));
    assert_eq!(v["outcomes"], serde_json::json!(["W", "L"]));
    // ∞(0) + *0 wins; ∞(0) + ∞(0) is a draw.
    let v = json(
        &["solve", "-", "--grundy", "--sum", "0,1", "--json"],
        "2 2\n0 0\n0 1\n",
    );
    assert_eq!(v["outcome"], "W");
    let v = json(
        &["solve", "-", "--grundy", "--sum", "0,0", "--json"],
        "2 2\n0 0\n0 1\n",
    );
    assert_eq!(v["outcome"], "D");
    let v = json(
        &["solve", "-", "--prefs", "dwl,wld", "--json"],
        "3 3\n0 1\n0 2\n2 2\n",
    );
    assert_eq!(v["results"][0], serde_json::json!(["D", "W"]));
    let v = json(
        &["solve", "-", "--prefs", "wdl,wdl", "--json"],
        "3 3\n0 1\n0 2\n2 2\n",
    );
    assert_eq!(v["results"][0], serde_json::json!(["W", "W"]));
    // A history-dependent pair: exhaustive search, and its budget.
    let v = json(&["solve", "-", "--prefs", "dwl,lwd", "--json"], "2 2\n1 0\n1 1\n");
    assert_eq!(v["method"], "exhaustive");
    assert_eq!(v["results"][1], serde_json::json!(["W", "W"]));
    bad(
        &["solve", "-", "--prefs", "dwl,lwd", "--max-states", "2"],
        "2 2\n1 0\n1 1\n",
        "--max-states",
    );
    bad(&["solve", "-", "--prefs", "dwl,xyz"], "2 1\n0 1\n", "column 1");
    // Both prefer a draw: the first player at 0 steers into the loop at 2.
    let v = json(
        &["solve", "-", "--prefs", "dwl,dlw", "--json"],
        "3 3\n0 1\n0 2\n2 2\n",
    );
    assert_eq!(v["results"][0], serde_json::json!(["D", "D"]));
    let v = json(
        &["solve", "-", "--minimax", "--json"],
        "3 2\n0 1\n0 2\nscore 1 -3\nscore 2 5\n",
    );
    assert_eq!(v["values"], serde_json::json!([3, -3, 5]));
    let v = json(&["solve", "-", "--tree", "--json"], "[[3, 5], [2, [9, 1]]]");
    assert_eq!(v["value"], 3);
    let v = json(&["solve", "-", "--and-or", "--json"], "[[1, 0], [0, 0]]");
    assert_eq!(v["value"], false);
}

#[test]
fn demos() {
    let v = json(&["solve", "--demo", "tic-tac-toe", "--json"], "");
    assert_eq!(v["reachable"], 5478);
    assert_eq!(v["start"], serde_json::json!(["D", null]));
    // Published figures (Wikipedia, "Tic-tac-toe", from Henry Bottomley's
    // counts): 765 positions up to symmetry, 255,168 games, of which 131,184
    // are won by X (they end with O to move after a line), 77,904 by O and
    // 46,080 drawn; 958 terminal positions, 138 up to symmetry.
    let st = &v["statistics"];
    assert_eq!(st["positions"], 5478);
    assert_eq!(st["up_to_symmetry"], 765);
    assert_eq!(st["games"]["total"], "255168");
    let ends = st["games"]["by_end"].as_array().unwrap();
    let games = |side: &str, end: &str| {
        ends.iter()
            .find(|e| e["to_move"] == side && e["end"] == end)
            .map(|e| e["games"].clone())
    };
    assert_eq!(games("O", "lost (three in a row)"), Some("131184".into()));
    assert_eq!(games("X", "lost (three in a row)"), Some("77904".into()));
    assert_eq!(games("O", "drawn (full board)"), Some("46080".into()));
    let sides = st["by_side_to_move"].as_array().unwrap();
    let terminal: u64 = sides
        .iter()
        .flat_map(|s| s["terminal"].as_object().unwrap().values())
        .map(|t| t["positions"].as_u64().unwrap())
        .sum();
    assert_eq!(terminal, 958);
    let v = json(&["solve", "--demo", "krk", "--json", "--threads", "2"], "");
    // The longest KRK mate is 16 moves (Wikipedia, "Checkmate" / endgame
    // tablebases): 31 plies with White to move.
    assert_eq!(v["longest_mate_moves"], 16);
    assert_eq!(v["longest_mate_plies"], 31);
    let white = &v["statistics"]["by_side_to_move"][0];
    assert_eq!(white["to_move"], "White");
    assert_eq!(white["wins_by_remoteness_plies"].as_array().unwrap().len(), 32);
    // Published figures: the UCI Machine Learning Repository's "Chess
    // (King-Rook vs. King)" data set (M. Bain, 1994) lists the 28,056 KRK
    // positions with Black to move up to symmetry, 2,796 of them drawn and 27
    // mated (depth 0).
    let black = &v["statistics"]["by_side_to_move"][1];
    assert_eq!(black["to_move"], "Black");
    assert_eq!(black["up_to_symmetry"]["total"], 28_056);
    assert_eq!(black["up_to_symmetry"]["D"], 2_796);
    assert_eq!(black["terminal"]["checkmate"]["up_to_symmetry"], 27);
    assert!(black["terminal"]["stalemate"]["positions"].as_u64().unwrap() > 0);
    // Text and JSON name plies and moves as such.
    let t = ok(&["solve", "--demo", "krk", "--threads", "2"], "");
    assert!(t.contains("mate in 16 moves (remoteness 31 plies"), "{t}");
    let t = ok(&["value", "krk", "Ka1 Rb2 kc3 w"], "");
    assert!(t.contains("wins in 16 moves (remoteness 31 plies)"), "{t}");
    let v = json(&["value", "krk", "Ka1 Rb2 kc3 w", "--json"], "");
    assert_eq!(
        (v["remoteness"].as_u64(), v["depth_moves"].as_u64()),
        (Some(31), Some(16))
    );
    assert_eq!(
        ok(&["solve", "--demo", "river-pawn", "-"], "...\n.O.\nXO.\n"),
        "Red 1\n"
    );
    bad(
        &["solve", "--demo", "river-pawn", "-"],
        "...\n.O.\nXZ.\n",
        "line 3, column 2",
    );
    bad(
        &["solve", "--demo", "krk", "--max-states", "1000"],
        "",
        "--max-states",
    );
    bad(&["solve", "--demo", "chess"], "", "unknown demo");
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    bad(&["solve", "-"], "", "empty");
    bad(&["solve", "-"], "3 1\n0 x\n", "line 2");
    bad(&["solve", "-"], "3 1\n0 3\n", "vertex 3 is out of range");
    bad(&["solve", "-"], "3 2\n0 1\n", "m = 2");
    bad(&["solve", "-"], "3 1\n0 1\n1 2\n", "more edges");
    bad(&["solve", "-"], "3 1\n0 1\n1 2 3\n", "line 3");
    bad(&["solve", "-"], "3 1\n0 1\noutcome 0 W\n", "has moves");
    bad(&["solve", "-"], "3 1\n0 1\noutcome 1 Q\n", "outcome V W|L|D");
    bad(&["solve", "-"], "99999999999 1\n0 1\n", "too large");
    bad(&["solve", "-"], "4000000000 4000000000\n", "GiB");
    bad(
        &["solve", "-", "--minimax"],
        "2 1\n0 1\nscore 1 99999999999999999999\n",
        "not a whole number",
    );
    bad(
        &["solve", "-", "--minimax"],
        "2 1\n0 1\nscore 1 -9223372036854775808\n",
        "not a whole number",
    );
    bad(&["solve", "-", "--minimax"], "2 1\n0 1\n", "has no score");
    bad(&["solve", "-", "--minimax"], "2 2\n0 1\n1 0\n", "acyclic");
    bad(&["solve", "-", "--tree"], "[[1, 2], []]", "at least one child");
    bad(&["solve", "-", "--tree"], "[[1, 1e400]]", "");
    bad(
        &["solve", "-", "--tree"],
        "[1, 99999999999999999999]",
        "whole number",
    );
    bad(&["solve", "-"], r#"{"n": 2, "edges": [[0, 2]]}"#, "edges[0]");
    bad(
        &["solve", "-", "--grundy", "--sum", "0,9"],
        "2 1\n0 1\n",
        "out of range",
    );
    bad(&["solve"], "", "needs a FILE");
}

#[test]
fn ctrl_c_stops_a_long_solve_cleanly() {
    // An 18 × 18 board: about 68 million states, far more than 1.5 s of work.
    let mut board = String::new();
    for r in 0..18 {
        let row: String = (0..18)
            .map(|c| match (r, c) {
                (17, 0) => 'X',
                (0, 0) | (0, 17) => 'O',
                _ => '.',
            })
            .collect();
        board.push_str(&row);
        board.push('\n');
    }
    let dir = crate::common::temp_dir("loopy");
    let path = dir.join("board.txt");
    std::fs::write(&path, board).unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args([
            "solve",
            "--demo",
            "river-pawn",
            "--max-states",
            "100000000",
            path.to_str().unwrap(),
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{err}");
    let err = err.trim();
    assert!(
        err.starts_with("sprague: interrupted after ")
            && err.ends_with(" states")
            && err.lines().count() == 1,
        "{err}"
    );
    assert!(out.stdout.is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}
