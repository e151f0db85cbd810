//! Misère forms (`sprague calc '*[…]'`): parse a sum of `*[…]` games and
//! make the whole report under a small budget of forms, watched by a
//! monitor with a work and memory budget (Nim heaps up to 65,536 and deep
//! nesting are accepted by the parser: the budgets must stop them).
//! Checks: no panic or hang; errors name a column within the text; the printed canonical
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
        Err(e) => check_error(&e.to_string(), text),
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
