//! The partizan rulesets from the command line: values, JSON fields, bad input.

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
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert_eq!(text.lines().count(), 1, "one JSON object on one line");
    serde_json::from_str(&text).expect("valid JSON")
}

/// Exit code 2 and one line on stderr containing every `needle`.
fn bad(args: &[&str], needles: &[&str]) {
    let out = sprague(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    for n in needles {
        assert!(err.contains(n), "{args:?}: `{err}` lacks `{n}`");
    }
}

#[test]
fn domineering_two_by_two_is_plus_minus_one() {
    // Winning Ways, ch. 2: the 2×2 Domineering board is ±1.
    let v = json(&["value", "domineering", "..|..", "--json"]);
    assert_eq!(v["ruleset"], "domineering");
    assert_eq!(v["position"], "..|..");
    assert_eq!(v["value"], "+-1");
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["left_winning_moves"].as_array().map(Vec::len), Some(2));
    assert_eq!(v["right_winning_moves"].as_array().map(Vec::len), Some(2));
}

#[test]
fn four_by_four_domineering_and_text_output() {
    // Winning Ways, ch. 2: the 4×4 board.
    let v = json(&["value", "domineering", "....|....|....|....", "--json"]);
    assert_eq!(v["value"], "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}");
    assert_eq!(v["outcome"], "N");
    let out = sprague(&["value", "domineering", "....|....|....|...."]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("outcome: N"), "{text}");
    assert!(text.contains("value:"), "{text}");
}

#[test]
fn hackenbush_stalks_and_edges() {
    // Winning Ways, ch. 1: the Blue-Red stalk BBRB is 1 + 1 - 1/2 + 1/4 = 7/4.
    let v = json(&["value", "hackenbush", "BBRB", "--json"]);
    assert_eq!(v["value"], "7/4");
    assert_eq!(v["outcome"], "L");
    // Two green stalks of heights 1 and 2: *1 + *2 = *3, a first-player win.
    let v = json(&["value", "hackenbush", "0-1:G 0-2:G 2-3:G", "--json"]);
    assert_eq!(v["value"], "*3");
    assert_eq!(v["outcome"], "N");
}

#[test]
fn the_other_rulesets_run() {
    let v = json(&["value", "toads-and-frogs", "T.F", "--json"]);
    assert_eq!(v["value"], "*");
    let v = json(&["value", "clobber", "xo", "--json"]);
    assert_eq!(v["value"], "*");
    let v = json(&["value", "cutcake", "3x1", "--json"]);
    assert_eq!(v["value"], "2");
    assert_eq!(v["outcome"], "L");
    let v = json(&["value", "takeab:2,3", "7", "--json"]);
    assert_eq!(v["outcome"], "L");
    assert_eq!(v["ruleset"], "takeab:2,3");
}

#[test]
fn catalog_examples_run() {
    let out = sprague(&["games", "--json"]);
    let list: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let games = list["games"].as_array().expect("a list");
    let partizan: Vec<_> = games.iter().filter(|g| g["family"] == "partizan games").collect();
    assert!(partizan.len() >= 6);
    for g in partizan {
        let example = g["example"].as_str().expect("example");
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
fn bad_input_is_one_line_with_a_column() {
    bad(&["value", "domineering", "..|.x"], &["column 5", "`x`"]);
    bad(&["value", "clobber", "xo|x#"], &["column 5"]);
    bad(
        &["value", "hackenbush", "0-1:B 1-x:R"],
        &["column 9", "vertex number"],
    );
    bad(&["value", "hackenbush", "BBQ"], &["column 3"]);
    bad(&["value", "toads-and-frogs", "TTxFF"], &["column 3"]);
    bad(&["value", "cutcake", "3x4 2y1"], &["column 5"]);
    bad(&["value", "takeab:2", "5"], &["A,B"]);
    bad(&["value", "takeab:0,3", "5"], &["at least 1"]);
    bad(&["value", "domineering", "..|..", "--misere"], &["misère"]);
}

#[test]
fn budget_stops_cleanly() {
    bad(
        &[
            "value",
            "domineering",
            "......|......|......|......",
            "--max-states",
            "10",
        ],
        &["--max-states"],
    );
}

#[test]
fn domineering_outcome_by_search() {
    // The 4×4 board is a first-player win (its value is ±{…}, Winning Ways
    // ch. 2); the answer names a winning first move for each player.
    let v = json(&["value", "domineering-outcome", "4x4", "--json"]);
    assert_eq!(v["ruleset"], "domineering-outcome");
    assert_eq!(v["position"], "....|....|....|....");
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["left_first_wins"], true);
    assert!(
        v["left_winning_move"]["description"]
            .as_str()
            .is_some_and(|d| d.starts_with("vertical"))
    );
    // A 1×2 column: Left wins whoever starts; Right, moving first, cannot move.
    let v = json(&["value", "domineering-outcome", ".|.", "--json"]);
    assert_eq!(v["outcome"], "L");
    assert_eq!(v["right_winning_move"], serde_json::Value::Null);
    bad(
        &["value", "domineering-outcome", "12x12"],
        &["12x12", "from 1 to 11"],
    );
    // Rows of different lengths are a board of that shape (missing cells
    // blocked), as in `domineering`; an unknown cell is refused.
    let v = json(&["value", "domineering-outcome", "..|.", "--json"]);
    assert_eq!(
        v["position"],
        json(&["value", "domineering-outcome", "..|.#", "--json"])["position"]
    );
    bad(&["value", "domineering-outcome", "..|.o"], &["..|.o", "column 5"]);
}

/// Boards as a newcomer writes them: `WxH` for the empty rectangle (as
/// `domineering-outcome` takes it), and rows of different lengths for boards
/// that are not rectangles (the missing cells are blocked).
#[test]
fn domineering_takes_a_size_and_boards_of_any_shape() {
    let value = |board: &str| {
        let out = sprague(&["value", "domineering", board, "--json"]);
        assert!(
            out.status.success(),
            "{board}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        (
            v["value"].as_str().unwrap().to_string(),
            v["position"].as_str().unwrap().to_string(),
        )
    };
    assert_eq!(value("3x3").0, value("...|...|...").0);
    assert_eq!(value("3x3").1, "...|...|...");
    assert_eq!(value("2X4").0, value("..|..|..|..").0);
    // An L of three cells: rows `..` and `.`, the missing cell blocked.
    assert_eq!(value("..|."), value("..|.#"));
    assert_eq!(value("...|.|."), value("...|.##|.##"));
    bad(&["value", "domineering", "20x20"], &["too large"]);
    bad(&["value", "domineering", "..|.|.x"], &["column 7", "`x`"]);
}
