//! `--rules FILE`: games written as rhai scripts on every verb, and every
//! class of script error as one line with exit code 2.

fn example(name: &str) -> String {
    format!("{}/../../examples/rules/{name}", env!("CARGO_MANIFEST_DIR"))
}

use crate::common;
use common::{run_ok as ok, run_refused as bad};

/// A scratch rules file with `source`, unique per test.
fn script(name: &str, source: &str) -> String {
    let dir = crate::common::temp_dir("rules-test");
    let path = dir.join(name);
    std::fs::write(&path, source).expect("script written");
    path.to_string_lossy().into_owned()
}

#[test]
fn kayles_script_table_equals_the_builtin_table() {
    let kayles = example("kayles.rhai");
    let a = ok(&["table", "--rules", &kayles, "--count", "200"], "");
    let b = ok(&["table", "kayles", "--count", "200"], "");
    // Same values and the same proven period; only the name in the header differs.
    let body = |t: &str| t.lines().skip(1).map(str::to_string).collect::<Vec<_>>();
    assert_eq!(body(&a), body(&b));
    assert!(a.contains("period 12 from n = 71 (proven"), "{a}");
    let json = ok(&["table", "--rules", &kayles, "--count", "200", "--json"], "");
    assert!(
        json.contains("\"period\":{\"preperiod\":71,\"period\":12,\"saltus\":0,\"proven\":true"),
        "{json}"
    );
}

#[test]
fn table_plot_draws_the_script_values() {
    let path = std::env::temp_dir().join(format!("sprague-rules-plot-{}.svg", std::process::id()));
    let path = path.to_string_lossy().into_owned();
    ok(
        &[
            "table",
            "--rules",
            &example("dawsons-chess.rhai"),
            "--count",
            "60",
            "--plot",
            &path,
        ],
        "",
    );
    let svg = std::fs::read_to_string(&path).expect("the plot is written");
    assert!(svg.starts_with("<svg") || svg.starts_with("<?xml"), "{svg:.60}");
    let _ = std::fs::remove_file(&path);
}

#[test]
fn value_on_the_examples() {
    let t = ok(&["value", "--rules", &example("kayles.rhai"), "10", "7"], "");
    assert!(t.contains("outcome: P") && t.contains("grundy:  0"), "{t}");
    let t = ok(
        &["value", "--rules", &example("kayles.rhai"), "10 7 3", "--json"],
        "",
    );
    assert!(t.contains("\"grundy\":3"), "{t}");
    let t = ok(&["value", "--rules", &example("cutcake.rhai"), "8x3"], "");
    assert!(t.contains("value:   3"), "{t}");
    let t = ok(
        &["value", "--rules", &example("pursuit.rhai"), "cop 0 robber 2 cop"],
        "",
    );
    assert!(t.contains("draws"), "{t}");
}

#[test]
fn solve_gives_win_lose_draw_and_remoteness() {
    let t = ok(&["solve", "--rules", &example("loopy-graph.rhai"), "0"], "");
    assert!(t.contains("loses") && t.contains("remoteness 4 plies"), "{t}");
    let t = ok(
        &[
            "solve",
            "--rules",
            &example("pursuit.rhai"),
            "cop 0 robber 6 cop",
            "--json",
        ],
        "",
    );
    assert!(
        t.contains("\"outcome\":\"W\"") && t.contains("\"remoteness\":3"),
        "{t}"
    );
    // Any impartial script: Kayles 4 is a first-player win in 3 plies (take the
    // middle two, then answer the opponent's pin with the other).
    let t = ok(&["solve", "--rules", &example("kayles.rhai"), "4"], "");
    assert!(
        t.contains("wins in 2 moves (remoteness 3 plies)") && t.contains("1 + 1"),
        "{t}"
    );
}

#[test]
fn play_a_scripted_game() {
    // From one row of 4 the user takes one end pin (leaving 3, a loss);
    // the engine answers with a winning move, and so on to the end.
    let t = ok(&["play", "--rules", &example("kayles.rhai"), "4"], "3\nhint\n");
    assert!(t.contains("that threw away the win"), "{t}");
    assert!(t.contains("sprague: "), "{t}");
    let t = ok(
        &[
            "play",
            "--rules",
            &example("cutcake.rhai"),
            "2x1",
            "--side",
            "left",
        ],
        "1x1 1x1\n",
    );
    assert!(
        t.contains("you win") || t.contains("You win") || t.contains("Game over"),
        "{t}"
    );
    let t = ok(
        &[
            "play",
            "--rules",
            &example("pursuit.rhai"),
            "cop 0 robber 6 cop",
            "--first",
            "engine",
        ],
        "cop 5 robber 6 cop\n",
    );
    assert!(t.contains("Game over"), "{t}");
}

#[test]
fn repl_loads_a_rules_file() {
    let kayles = example("kayles.rhai");
    let t = ok(
        &["repl"],
        format!("load \"{kayles}\"\nvalue 10 7\ntable 20\nvalue nim 3\n"),
    );
    assert!(t.contains("loaded") && t.contains("(impartial)"), "{t}");
    assert!(t.contains("grundy:  0"), "{t}");
    assert!(t.contains("10 |  2  6  4  1  2  7  1  4  3  2"), "{t}");
    assert!(t.contains("nim 3"), "{t}");
}

#[test]
fn syntax_errors_name_file_line_and_column() {
    let f = script("syntax.rhai", "fn moves(p) {\n  let x = [1, 2;\n  x\n}\n");
    bad(
        &["value", "--rules", &f, "3"],
        &["syntax.rhai:2:16: syntax error"],
    );
    bad(&["table", "--rules", &f, "--count", "3"], &["syntax.rhai:2:16"]);
}

#[test]
fn runtime_errors_name_the_position() {
    let f = script(
        "runtime.rhai",
        "fn moves(p) {\n  if p == 3 { throw \"no moves from three\"; }\n  if p > 0 { [p - 1] } else { [] }\n}\nfn start(n) { n }\n",
    );
    bad(
        &["value", "--rules", &f, "5"],
        &["runtime.rhai:2:15", "on position 3", "no moves from three"],
    );
    bad(&["table", "--rules", &f, "--count", "10"], &["on position 3"]);
    bad(&["play", "--rules", &f, "5"], &["on position 3"]);
    bad(&["solve", "--rules", &f, "5"], &["on position 3"]);
    let f = script("float.rhai", "fn moves(p) { [1.5] }\n");
    bad(&["value", "--rules", &f, "5"], &["fn moves(5)", "f64"]);
}

#[test]
fn endless_scripts_stop_at_their_limits() {
    let f = script("forever.rhai", "fn moves(p) {\n  loop { }\n}\n");
    bad(
        &["value", "--rules", &f, "5"],
        &["ran out of operations", "--max-ops"],
    );
    bad(
        &["value", "--rules", &f, "5", "--max-ops", "1000"],
        &["ran out of operations"],
    );
    let f = script(
        "big.rhai",
        "fn moves(p) {\n  let s = \"x\";\n  loop { s += s; }\n}\n",
    );
    bad(&["value", "--rules", &f, "5"], &["too large"]);
    let f = script("endless.rhai", "fn moves(p) { [p + 1] }\n");
    bad(
        &["value", "--rules", &f, "0", "--max-states", "5000"],
        &["budget of 5000", "--max-states"],
    );
    let f = script("cycle.rhai", "fn moves(p) { [(p + 1) % 5] }\n");
    bad(
        &["value", "--rules", &f, "0"],
        &["reached from itself", "fn loopy()"],
    );
}

#[test]
fn bad_files_and_positions() {
    bad(
        &["value", "--rules", "no-such-file.rhai", "1"],
        &["cannot read rules file"],
    );
    let f = script("nomoves.rhai", "fn show(p) { \"x\" }\n");
    bad(&["value", "--rules", &f, "1"], &["defines fn moves(p)"]);
    let f = script(
        "nim.rhai",
        "fn moves(n) { let o = []; for k in 0..n { o.push(k); } o }\n",
    );
    bad(&["value", "--rules", &f, "[1"], &["position `[1`", "column 3"]);
    bad(&["table", "--rules", &f, "--count", "5"], &["needs fn start(n)"]);
    bad(
        &["value", "--rules", &example("kayles.rhai"), "3 x"],
        &["position `3 x`"],
    );
    bad(
        &["table", "--rules", &example("cutcake.rhai"), "--count", "5"],
        &["needs an impartial game"],
    );
    bad(
        &["value", "--rules", &example("cutcake.rhai"), "2x2", "--misere"],
        &["misère play is not supported"],
    );
}

#[test]
fn solve_a_game_played_for_a_score() {
    // Coins 3 9 1 2: take 2 (then 9 is yours whatever the opponent takes):
    // 2 + 9 against 3 + 1, a lead of 7.
    let t = ok(&["solve", "--rules", &example("coins.rhai"), "3 9 1 2"], "");
    assert!(t.contains("scores 7 with perfect play"), "{t}");
    assert!(t.contains("3 9 1 lead -2"), "{t}");
    let t = ok(
        &["value", "--rules", &example("coins.rhai"), "3 9 1 2", "--json"],
        "",
    );
    assert!(t.contains("\"score\":7"), "{t}");
    // Played: the engine, moving second, keeps its score against any moves.
    let t = ok(
        &["play", "--rules", &example("coins.rhai"), "3 9 1 2"],
        "#1\n#1\n#1\n#1\n",
    );
    assert!(t.contains("Game over"), "{t}");
}

#[test]
fn repl_plays_a_loaded_game() {
    // `play 4` reads its moves from the lines after it; when the game is
    // over the session goes on with the next line.
    let kayles = example("kayles.rhai");
    let t = ok(
        &["repl"],
        format!("load \"{kayles}\"\nplay 4\n3\n1\nvalue 10 7\n"),
    );
    assert!(t.contains("`play POSITION`"), "{t}");
    assert!(t.contains("that threw away the win"), "{t}");
    let after = t.split("that threw away the win").nth(1).unwrap();
    assert!(after.contains("grundy:  0"), "{t}");
}

#[test]
fn repl_errors_after_play_name_the_right_line() {
    // Lines 3 and 4 are moves of the game; line 5 is the bad one.
    let kayles = example("kayles.rhai");
    let out = common::run(&["repl"], format!("load \"{kayles}\"\nplay 4\n3\n1\nvalue 1 x\n"));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("error: line 5"), "{err}");
}

/// A script without its own move descriptions says what each move changed:
/// the parts of a sum it took away and put back, or a map's entries.
#[test]
fn script_moves_are_described_by_what_they_change() {
    let kayles = ok(&["value", "--rules", &example("kayles.rhai"), "7"], "");
    assert!(kayles.contains("3 + 3   7 to 3 + 3"), "{kayles}");
    assert!(kayles.contains("1 + 4   7 to 1 + 4"), "{kayles}");
    let sum = ok(&["value", "--rules", &example("kayles.rhai"), "4 + 3 + 3"], "");
    // A row taken whole leaves nothing; a part without moves is not written.
    assert!(sum.contains("2 + 3 + 4       3 to 2\n"), "{sum}");
    assert!(sum.contains("1 + 1 + 3 + 3   4 to 1 + 1\n"), "{sum}");
    let rows = script(
        "rows.rhai",
        "fn moves(p) { let out = []; if p.n > 0 { out.push(#{n: p.n - 1, k: p.k}); } out }",
    );
    let map = ok(&["value", "--rules", &rows, "#{n: 3, k: 7}"], "");
    assert!(map.contains("n 3 to 2"), "{map}");
    assert!(!map.contains(" to #{"), "{map}");
}
