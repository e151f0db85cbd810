//! `sprague value RULESET POSITION...`

use crate::error::CliResult;
use crate::progress::{self, Polling, Progress};
use crate::ruleset::{self, QueryOptions, Reading};

/// Runs `value`: the position may be one quoted argument or several words.
/// On a terminal, a search that runs for more than a moment shows a bar with
/// the states solved and the rate (read from the solvers' monitor); Ctrl-C
/// stops the search and ends with `interrupted after N states` (exit code
/// 130; in the REPL, back to the prompt). A partial search has no value to
/// print: the position's value depends on every state below it.
pub fn run(
    ruleset: &ruleset::Source,
    position: &[String],
    options: &QueryOptions,
    json: bool,
) -> CliResult<()> {
    let (rules, text) = ruleset::open(ruleset, position, Reading::Value)?;
    progress::interrupt();
    let polling = Polling::start();
    let bar = Progress::monitored(&format!("searching {}", ruleset.label()), "states");
    let report = rules.value(&text, &options.to_core());
    bar.finish();
    drop(polling);
    let report = report?;
    super::emit(&report, json)
}
