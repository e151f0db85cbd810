//! The REPL (`sprague repl`): each line of the input evaluated by one
//! session, as the REPL does (names, assignments, queries, comparisons,
//! game expressions, verbs left unrun). Lines are at most 120 bytes and
//! numbers at most 3 digits: sums past that are the memory and work
//! budgets' concern, which are set small here and must stop them.
//! Checks: no panic or hang; every error renders with its line shown once
//! and control characters escaped, the caret under a column of the line.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague_cli::repl::{ReplError, session::{Reply, Session}};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let monitor = sprague_cli::monitor();
    // Within libFuzzer's 2 GiB; long arithmetic stops at the work budget.
    monitor.set_max_memory(1 << 30);
    let mut session = Session::new();
    for line in text.lines().take(8) {
        if line.len() > 120 || longest_digit_run(line) > 3 {
            return;
        }
        monitor.reset();
        monitor.set_max_work(20_000);
        match session.line(line) {
            Ok(Reply::Text(t)) => {
                let _ = sprague_cli::error::escape_controls(&t);
            }
            Ok(Reply::Quit) => return,
            Ok(Reply::Nothing | Reply::Verb(_) | Reply::Interrupted(_)) => {}
            Err(e) => check_error(&e, line),
        }
    }
});

/// The rendered error: a first line without control characters; with a
/// column, the line shown and a caret inside it (or just past its end).
fn check_error(e: &ReplError, line: &str) {
    assert!(!e.message.is_empty(), "an empty message for `{line}`");
    let shown = e.render(line, Some(1));
    let lines: Vec<&str> = shown.lines().collect();
    assert!(
        shown.chars().all(|c| c == '\n' || !c.is_control()),
        "control characters in {shown:?}"
    );
    match e.column {
        Some(c) => {
            assert_eq!(lines.len(), 3, "{shown:?}");
            assert!(c >= 1 && c <= line.chars().count() + 1, "column {c} of `{line}`: {shown:?}");
            let caret = lines[2].find('^').expect("a caret");
            assert!(caret <= lines[1].len() + 1, "{shown:?}");
        }
        None => assert_eq!(lines.len(), 1, "{shown:?}"),
    }
}

fn longest_digit_run(text: &str) -> usize {
    text.split(|c: char| !c.is_ascii_digit()).map(str::len).max().unwrap_or(0)
}
