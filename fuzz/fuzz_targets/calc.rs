//! Game expressions (`sprague calc`): the calc service's whole report, then
//! the round-trip parse(display(g)) == g of a short game.
//!
//! Inputs are limited to 40 bytes and numbers to 3 digits, and the work is
//! bounded as `sprague calc --max-states 200000` bounds it: a game whose
//! incentives, reduced form or atomic weight need more stops at that budget
//! with an error (sums of games born on day 80 can take seconds in this
//! instrumented build). What is checked is that nothing panics or hangs
//! and that the printed form reads back as the same game.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague::GameStore;
use sprague::calc::{CalcOptions, calc};

/// The work budget of each step, in the engine's states.
const BUDGET: usize = 200_000;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if text.len() > 40 || longest_digit_run(text) > 3 {
        return;
    }
    let monitor = sprague_cli::monitor();
    monitor.reset();
    // Within libFuzzer's 2 GiB: more must be refused by the memory budget.
    monitor.set_max_memory(1 << 30);
    let mut opts = CalcOptions::new(monitor);
    opts.max_states = Some(BUDGET);
    if let Ok(report) = calc(text, &opts) {
        let _ = report.text();
        let _ = report.to_json();
    }
    monitor.reset();
    monitor.set_max_work(BUDGET as u64);
    let mut s = GameStore::new();
    let Ok(Ok(g)) = s.with_monitor(monitor).parse(text) else { return };
    let shown = s.display(g);
    let again = match s.with_monitor(monitor).parse(&shown) {
        Ok(parsed) => parsed
            .unwrap_or_else(|e| panic!("the printed form `{shown}` of `{text}` does not parse: {e}")),
        Err(_) => return, // the budget, reached while reading back
    };
    assert_eq!(g, again, "`{text}` prints as `{shown}`, which reads back as another game");
});

fn longest_digit_run(text: &str) -> usize {
    text.split(|c: char| !c.is_ascii_digit()).map(str::len).max().unwrap_or(0)
}
