//! Rules scripts (`--rules FILE`): compile, then value, solve and tabulate
//! under small sandbox limits. The first line of the input is the position,
//! the rest is the script; bit 0 of the first byte asks for misère play.
//! Checks: no panic, no hang past the operation and position limits, every
//! report renders, every error is one line.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague::{Monitor, Options, Ruleset};
use sprague_script::{Limits, ScriptRuleset};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let misere = data.first().is_some_and(|b| b & 1 == 1);
    let (position, source) = text.split_once('\n').unwrap_or(("0", text));
    let limits = Limits {
        max_ops: 5_000,
        max_string: 4096,
        max_array: 1024,
        max_call_depth: 16,
        max_positions: 200,
    };
    let rules = match ScriptRuleset::from_source("fuzz.rhai", source, limits) {
        Ok(r) => r,
        Err(e) => return one_line(&e.to_string()),
    };
    let monitor = Monitor::default();
    // Well inside libFuzzer's 2 GiB: input that needs more must be refused
    // by the memory budget, not run until the fuzzer kills it.
    monitor.set_max_memory(256 << 20);
    let options = Options::new(&monitor).misere(misere).max_states(200);
    match rules.value(position, &options) {
        Ok(report) => {
            let _ = report.to_string();
        }
        Err(e) => one_line(&e.to_string()),
    }
    match rules.solve(position, &options) {
        Ok(report) => {
            let _ = report.to_string();
        }
        Err(e) => one_line(&e.to_string()),
    }
    match rules.table(8, &options, &mut |_| true) {
        Ok(table) => assert!(table.values.len() <= 8),
        Err(e) => one_line(&e.to_string()),
    }
});

/// Errors name what is wrong (never empty) and print as one line: the
/// command line writes control characters (a line break in a message the
/// script throws, say) as escapes.
fn one_line(message: &str) {
    let printed = sprague_cli::error::one_line(message);
    assert!(!printed.is_empty(), "an empty error message");
    assert!(!printed.contains('\n'), "an error of several lines: {printed}");
}
