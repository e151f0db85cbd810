//! Positions of every ruleset, through the registry as `sprague value` runs
//! them, with a small state budget; then the round-trip: the value of the
//! printed (canonical) position equals the value of the position.
//!
//! Input: the first byte picks the catalog entry (modulo its length) and
//! whether play is misère (bit 7); the text before the first newline, when
//! there is one, is the ruleset's parameters; the rest is the position.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague::{Monitor, Options};

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else { return };
    let Ok(rest) = std::str::from_utf8(rest) else { return };
    let catalog = sprague::catalog();
    let entry = &catalog[usize::from(first & 0x7f) % catalog.len()];
    let misere = first & 0x80 != 0;
    let (spec, position) = match rest.split_once('\n') {
        Some((params, position)) => (format!("{}:{params}", entry.name), position),
        None => (entry.name.to_string(), rest),
    };
    // `-` reads a graph position from stdin on the command line.
    if position.trim() == "-" {
        return;
    }
    let Ok(rules) = sprague::build(&spec) else { return };
    let monitor = Monitor::default();
    // Well inside libFuzzer's 2 GiB: input that needs more must be refused
    // by the memory budget, not run until the fuzzer kills it.
    monitor.set_max_memory(256 << 20);
    let options = Options::new(&monitor).misere(misere).max_states(2_000);
    let Ok(report) = rules.value(position, &options) else { return };
    // The report renders as text without panicking.
    let _ = report.to_string();
    let Some(printed) = report.data.get("position").and_then(|p| p.as_text()) else { return };
    let again = match rules.value(printed, &options) {
        Ok(r) => r,
        Err(sprague::Error::Search(_)) => return,
        Err(e) => panic!("{spec}: `{position}` prints as `{printed}`, which does not read back: {e}"),
    };
    for field in ["outcome", "grundy", "value"] {
        assert_eq!(
            report.data.get(field),
            again.data.get(field),
            "{spec}: `{position}` and its printed form `{printed}` differ in `{field}`"
        );
    }
});
