//! Loopy games (`sprague calc` with `pass`, `on`, labels and equations):
//! parse and make the whole report under a small state and memory budget.
//! Checks: no panic or hang; errors are one line; a stopper's printed
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
        Err(e) => one_line(&e.to_string()),
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

fn one_line(message: &str) {
    assert!(!message.is_empty());
    assert!(!message.contains('\n'), "not one line: {message:?}");
}
