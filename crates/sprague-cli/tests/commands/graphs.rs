//! Command-line tests for the games on graphs: examples, JSON fields, and
//! one-line errors with exit code 2 for bad input.

use std::process::Output;

use crate::common;

fn sprague(args: &[&str]) -> Output {
    common::run(args, b"")
}

fn sprague_stdin(args: &[&str], input: &str) -> Output {
    common::run(args, input)
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

/// Asserts exit code 2 and a single stderr line containing every `needle`.
fn bad(args: &[&str], needles: &[&str]) {
    let out = sprague(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    for n in needles {
        assert!(err.contains(n), "{args:?}: `{err}` lacks `{n}`");
    }
}

#[test]
fn green_hackenbush_triangle_json() {
    let v = json(&["value", "green-hackenbush", "0-1 1-2 2-0", "--json"]);
    assert_eq!(v["grundy"], 1);
    assert_eq!(v["outcome"], "N");
    // Cutting a side at the ground leaves a path of two edges (*2); cutting the
    // top edge 1-2 leaves two stalks of one edge (*1 ⊕ *1 = 0): the only win.
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 1);
    assert_eq!(v["winning_moves"][0]["description"], "cut edge 1-2");
}

#[test]
fn green_hackenbush_json_input_and_text() {
    let v = json(&[
        "value",
        "green-hackenbush",
        r#"{"n": 4, "edges": [[0, 1], [1, 2], [2, 3]]}"#,
        "--json",
    ]);
    assert_eq!(v["grundy"], 3);
    // A loop is worth a twig: a stalk of two edges with a loop on top is *3.
    let out = sprague(&["value", "green-hackenbush", "0-1", "1-2", "2-2"]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("grundy:  3"));
}

#[test]
fn geography_lists_winning_starts() {
    let v = json(&["value", "geography", "0-1 1-2 @1", "--json"]);
    assert_eq!(v["winning_starts"], serde_json::json!([1]));
    assert_eq!(v["outcome"], "N");
    let w = v["winning_move"].as_u64().unwrap();
    assert!(w == 0 || w == 2);
    // A triangle (not bipartite): Edmonds; every vertex is missed by some maximum matching.
    let v = json(&["value", "geography", "0-1 1-2 2-0", "--json"]);
    assert_eq!(v["method"], "edmonds");
    assert_eq!(v["winning_starts"], serde_json::json!([]));
}

#[test]
fn geography_grid_cells() {
    let v = json(&["value", "geography-grid", ".../...", "--json"]);
    // A 2×3 board: no cell can be left out of a maximum matching, so all six win.
    assert_eq!(v["winning_count"], 6);
    let v = json(&["value", "geography-grid", "...", "--json"]);
    assert_eq!(v["winning_cells"], serde_json::json!([[0, 1]]));
}

#[test]
fn tree_games() {
    let v = json(&["value", "leaf-removal", "0-1 1-2", "--json"]);
    assert_eq!(v["first_player_wins"], true);
    assert!(v["grundy"].as_u64().unwrap() > 0);
    let v = json(&["value", "increasing-distance", "0-1 1-2 @1", "--json"]);
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["losing_starts"], serde_json::json!([1]));
}

#[test]
fn kayles_and_walls() {
    // Arc Kayles on a path of 6 vertices is Dawson's Kayles of 6: 3 (OEIS A002187).
    let v = json(&["value", "arc-kayles", "0-1 1-2 2-3 3-4 4-5", "--json"]);
    assert_eq!(v["grundy"], 3);
    // Node Kayles on a 5-cycle: any pick leaves a path of two vertices (*1), so 0.
    let v = json(&["value", "node-kayles", "0-1 1-2 2-3 3-4 4-0", "--json"]);
    assert_eq!(v["grundy"], 0);
    let v = json(&["value", "wall-making", "../..", "--json"]);
    assert_eq!(v["grundy"], 0);
}

#[test]
fn misere_by_search() {
    // Misère Nim with heaps 2 and 1 as stalks: cut the stalk of 2 at the ground.
    let v = json(&["value", "green-hackenbush", "0-1 1-2 0-3", "--misere", "--json"]);
    assert_eq!(v["play"], "misere");
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["winning_moves"][0]["description"], "cut edge 0-1");
    // A lone edge: the mover must take it and loses.
    let v = json(&["value", "arc-kayles", "0-1", "--misere", "--json"]);
    assert_eq!(v["outcome"], "P");
    let v = json(&["value", "node-kayles", "0-1 1-2", "--misere", "--json"]);
    assert_eq!(v["outcome"], "N");
}

#[test]
fn every_graph_example_runs() {
    let out = sprague(&["games", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let mut ran = 0;
    for g in v["games"].as_array().unwrap() {
        if g["family"] != "games on graphs" {
            continue;
        }
        let example = g["example"].as_str().unwrap();
        let args: Vec<&str> = example.split_whitespace().skip(1).collect();
        let out = sprague(&args);
        assert!(
            out.status.success(),
            "{example}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        ran += 1;
    }
    // Eight graph games, bunny-and-egg (NOI 2011) played on a board, and
    // unrooted leaf removal.
    assert_eq!(ran, 10, "{ran} graph examples ran");
}

#[test]
fn count_dag_wins_files() {
    // Contest format (1-based): two parallel edges 1→2; three of four subsets win.
    let out = sprague_stdin(&["count-dag-wins", "--one-based", "-"], "2 2\n1 2\n1 2\n");
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "3");
    // Project format (0-based) and JSON.
    let out = sprague_stdin(&["count-dag-wins", "-", "--json"], "4 2\n0 2\n1 3\n");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["winning_subsets"], 2);
    let out = sprague_stdin(
        &["count-dag-wins", "-"],
        r#"{"n": 3, "edges": [[0, 1], [1, 2], [2, 0]]}"#,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not acyclic"));
    let out = sprague_stdin(&["count-dag-wins", "--one-based", "-"], "3 1\n1 4\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("line 2"));
}

#[test]
fn bad_input_is_one_line_with_exit_2() {
    bad(
        &["value", "green-hackenbush", "n=3 0-1 1-5"],
        &["column 9", "vertex 5 does not exist"],
    );
    bad(
        &["value", "green-hackenbush", "0-1 1-x"],
        &["column 7", "whole number"],
    );
    bad(&["value", "green-hackenbush", "0-1 1-2.5"], &["column 7"]);
    bad(&["value", "geography", "0-1 1--2"], &["column 7", "negative"]);
    bad(&["value", "geography", "0-1, -1-2"], &["column 6", "negative"]);
    bad(
        &[
            "value",
            "green-hackenbush",
            r#"{"n": 2, "edges": [[0, 1], [1, 2]]}"#,
        ],
        &["edges[1]", "vertex 2"],
    );
    bad(
        &["value", "green-hackenbush", r#"{"n": 2, "edges": [[0, -1]]}"#],
        &["column"],
    );
    bad(
        &["value", "leaf-removal", "0-1 1-2 2-0"],
        &["not a tree", "cycle", "2-0"],
    );
    bad(
        &["value", "leaf-removal", "0-1 2-3"],
        &["not a tree", "disconnected", "vertex 2"],
    );
    bad(
        &["value", "increasing-distance", "n=4 0-1 1-2"],
        &["disconnected", "vertex 3"],
    );
    bad(&["value", "geography-grid", "..#/.."], &["row 2", "same length"]);
    bad(&["value", "wall-making", "../.x"], &["row 2, column 2"]);
    bad(
        &["value", "wall-making", &vec!["."; 21].concat()],
        &["at most 20"],
    );
    bad(&["value", "node-kayles", "0-70"], &["at most 64"]);
    bad(&["value", "geography", "0-1", "--misere"], &["normal play"]);
    let big: String = (1..=21).map(|i| format!("0-{i} ")).collect();
    bad(
        &["value", "green-hackenbush", &big, "--misere"],
        &["at most 20 edges"],
    );
}

#[test]
fn wall_making_takes_given_walls() {
    // `W..`: both picks wall the two open cells, so the mover wins at once;
    // `W.W`: one pick; `.W.`: two separate cells, value 0.
    let v = json(&["value", "wall-making", "W..", "--json"]);
    assert_eq!(
        (v["grundy"].as_u64(), v["winning_moves"].as_array().unwrap().len()),
        (Some(1), 2)
    );
    let v = json(&["value", "wall-making", ".W.", "--json"]);
    assert_eq!(v["grundy"], 0);
    assert_eq!(v["position"], ".W.");
    let v = json(&["value", "wall-making", "..W./..../.#..", "--json"]);
    assert_eq!(v["outcome"], "N");
    let out = sprague(&["value", "wall-making", &vec!["W".repeat(9); 9].join("/")]);
    assert_eq!(out.status.code(), Some(2));
}
