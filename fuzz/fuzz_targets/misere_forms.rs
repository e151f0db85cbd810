//! Misère forms (`sprague calc '*[…]'`): parse a sum of `*[…]` games and
//! make the whole report under a small budget of forms, watched by a
//! monitor with a work and memory budget (Nim heaps up to 65,536 and deep
//! nesting are accepted by the parser: the budgets must stop them).
//! Checks: no panic or hang; errors are one line; the printed canonical
//! form reads back as the same form, with the same outcome and values.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague::impartial::MisereStore;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if text.len() > 200 {
        return;
    }
    let monitor = sprague_cli::monitor();
    monitor.reset();
    monitor.set_max_memory(1 << 30);
    match sprague::registry::misere_game_report_with(text, Some(20_000), monitor) {
        Ok(report) => {
            let _ = report.to_string();
        }
        Err(e) => one_line(&e.to_string()),
    }
    let mut s = MisereStore::with_max_games(20_000).with_monitor(monitor);
    monitor.reset();
    let Ok(g) = s.parse_sum(text) else { return };
    let shown = s.display(g);
    let again = s
        .parse_sum(&shown)
        .unwrap_or_else(|e| panic!("the printed form `{shown}` of `{text}` does not parse: {e}"));
    assert_eq!(g, again, "`{text}` prints as `{shown}`, which reads back as another form");
    assert_eq!(s.outcome(g), s.outcome(again));
    assert_eq!(s.misere_grundy(g), s.misere_grundy(again));
});

fn one_line(message: &str) {
    assert!(!message.is_empty());
    assert!(!message.contains('\n'), "not one line: {message:?}");
}
