//! Game expressions (`sprague calc`): parse, then everything `calc` prints,
//! then the round-trip parse(display(g)) == g.
//!
//! Inputs are limited to 40 bytes and numbers to 3 digits: larger nimbers,
//! deep nesting and long sums are bounded by the engine's memory and depth
//! budgets (a separate concern), not by the parser under test here.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague::GameStore;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if text.len() > 40 || longest_digit_run(text) > 3 {
        return;
    }
    let mut s = GameStore::new();
    let Ok(g) = s.parse(text) else { return };
    let shown = s.display(g);
    let again = s
        .parse(&shown)
        .unwrap_or_else(|e| panic!("the printed form `{shown}` of `{text}` does not parse: {e}"));
    assert_eq!(g, again, "`{text}` prints as `{shown}`, which reads back as another game");
    let _ = s.outcome(g);
    let _ = s.stops(g);
    let _ = s.mean(g);
    let _ = s.temperature(g);
    let _ = s.thermograph(g);
    let (l, r) = s.incentives(g);
    for x in l.into_iter().chain(r) {
        let _ = s.display(x);
    }
    let _ = s.birthday(g);
    let reduced = s.reduced(g);
    let _ = s.display(reduced);
    if let Some(a) = s.atomic_weight(g) {
        let _ = s.display(a);
    }
});

fn longest_digit_run(text: &str) -> usize {
    text.split(|c: char| !c.is_ascii_digit()).map(str::len).max().unwrap_or(0)
}
