//! Loopy games (`sprague calc` with `pass`, `on`, labels and equations):
//! parse and make the whole report under a small state and memory budget.
//! Checks: no panic or hang; errors name a column within the text; a stopper's printed
//! simplest form reads back as a game equal to it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague::{GameStore, notation::parse_loopy};

/// States of every comparison and side search; the memory budget bounds
/// them too.
const BUDGET: usize = 200_000;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if text.len() > 300 {
        return;
    }
    match sprague::registry::loopy_game_report_within(text, BUDGET, 64 << 20) {
        Ok(report) => {
            let _ = report.to_string();
        }
        Err(e) => check_error(&e.to_string(), text),
    }
    let mut store = GameStore::new();
    let Ok(g) = parse_loopy(&mut store, text, BUDGET) else { return };
    if !g.is_stopper() || g.position_count() > 200 {
        return;
    }
    let Ok(simplest) = g.canonical(BUDGET) else { return };
    let shown = simplest.display(&mut store);
    let again = parse_loopy(&mut store, &shown, BUDGET)
        .unwrap_or_else(|e| panic!("the printed form `{shown}` of `{text}` does not parse: {e}"));
    if let Ok(equal) = again.equals(&g, BUDGET) {
        assert!(equal, "`{text}` prints as `{shown}`, which reads back as another game");
    }
});

/// An error names what is wrong, and a column it names lies in the text
/// or just past its end (the command prints it on one line, escaped).
fn check_error(message: &str, text: &str) {
    assert!(!message.is_empty());
    let printed = sprague_cli::error::one_line(message);
    assert!(!printed.contains('\n'));
    if let Some(at) = message.rfind("column ") {
        let digits: String = message[at + 7..].chars().take_while(char::is_ascii_digit).collect();
        if let Ok(c) = digits.parse::<usize>() {
            assert!(c >= 1 && c <= text.chars().count() + 1, "column {c} of {text:?}: {message}");
        }
    }
}
