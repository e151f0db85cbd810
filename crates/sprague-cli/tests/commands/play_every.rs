//! One game of every ruleset that `sprague games` lists, played to its end
//! in the terminal session: the user always types `#1` (the first move of
//! the `moves` list) and the engine answers, until "Game over".
//!
//! The position is the one of the ruleset's catalog example, except for the
//! few whose example is too large to play out move by move in a test (a heap
//! of 10^12 tokens); those play a small position of the same ruleset, listed
//! in `play_every_positions.txt`. A ruleset added to the catalog is played here without any
//! change to this file.

use serde_json::Value;

use crate::common;

/// Rulesets whose catalog example is too long a game for a test, one a
/// line: the name, then the position played instead, with the options of
/// `play` it needs (`#` starts a comment).
const SMALL: &str = include_str!("../play_every_positions.txt");

/// The position [`SMALL`] gives for `name`, if any.
fn small_position(name: &str) -> Option<&'static str> {
    SMALL
        .lines()
        .filter(|l| !l.starts_with('#'))
        .find_map(|l| l.split_once(' ').filter(|(n, _)| *n == name).map(|(_, p)| p))
}

/// The most moves a test game may take (both players): a game longer than
/// this fails the test, so a ruleset whose play never ends is caught.
const MAX_LINES: usize = 600;

/// The positional arguments of `sprague value NAME ARGS…` in a catalog
/// example, without options.
fn example_position(example: &str, name: &str) -> Option<Vec<String>> {
    let mut words = example.split_whitespace();
    if words.next()? != "sprague" || words.next()? != "value" {
        return None;
    }
    let ruleset = words.next()?;
    if ruleset != name && ruleset.split(':').next() != Some(name) {
        return None;
    }
    let mut args = vec![ruleset.to_string()];
    args.extend(words.filter(|w| !w.starts_with("--")).map(str::to_string));
    Some(args)
}

#[test]
fn every_listed_ruleset_plays_one_game_to_its_end() {
    let listing: Value =
        serde_json::from_str(&common::run_ok(&["games", "--json"], "")).expect("`games --json` prints JSON");
    let games = listing["games"].as_array().expect("a list of games");
    assert!(games.len() >= 60, "{} rulesets listed", games.len());
    let script = "#1\n".repeat(MAX_LINES);
    let mut failures = Vec::new();
    for g in games {
        let name = g["name"].as_str().expect("a name");
        let examples: Vec<&str> = g["examples"]
            .as_array()
            .expect("examples")
            .iter()
            .filter_map(Value::as_str)
            .collect();
        let Some(mut args) = examples.iter().find_map(|e| example_position(e, name)) else {
            failures.push(format!("{name}: no `sprague value {name} …` example"));
            continue;
        };
        if let Some(small) = small_position(name) {
            args.truncate(1);
            args.extend(small.split_whitespace().map(str::to_string));
        }
        let mut all = vec!["play"];
        all.extend(args.iter().map(String::as_str));
        let out = common::run(&all, &script);
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        if !out.status.success() {
            failures.push(format!("{all:?} failed ({:?}): {stderr}", out.status.code()));
        } else if !stdout.contains("Game over") {
            failures.push(format!(
                "{all:?}: no game over after {MAX_LINES} moves of the user:\n{}",
                tail(&stdout, 12)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// The last `n` lines of `text`.
fn tail(text: &str, n: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(n)..].join("\n")
}
