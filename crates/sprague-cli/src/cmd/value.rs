//! `sprague value RULESET POSITION...`

use crate::catalog;
use crate::error::{CliError, CliResult};
use crate::progress::{self, Polling, Progress};
use crate::ruleset::QueryOptions;

/// Runs `value`: the position may be one quoted argument or several words.
/// On a terminal, a search that runs for more than a moment shows a bar with
/// the states solved and the rate (read from the solvers' monitor); Ctrl-C
/// stops the search and ends with `interrupted after N states` (exit code
/// 130; in the REPL, back to the prompt). A partial search has no value to
/// print: the position's value depends on every state below it.
pub fn run(ruleset: &str, position: &[String], options: &QueryOptions, json: bool) -> CliResult<()> {
    let rules = catalog::build(ruleset)?;
    let text = position.join(" ");
    if text.trim().is_empty() {
        return Err(CliError::input(format!(
            "no position given for `{ruleset}` (`sprague games` shows its notation)"
        )));
    }
    progress::interrupt();
    let polling = Polling::start();
    let bar = Progress::monitored(&format!("searching {ruleset}"), "states");
    let report = rules.value(&text, options);
    bar.finish();
    drop(polling);
    let report = report?;
    super::emit(&report, json)
}
