//! `sprague value RULESET POSITION...`

use crate::catalog;
use crate::error::{CliError, CliResult};
use crate::ruleset::QueryOptions;

/// Runs `value`: the position may be one quoted argument or several words.
/// On a terminal, a search that runs for more than a moment shows a spinner
/// with its elapsed time (the solvers report no counts); Ctrl-C ends it.
pub fn run(ruleset: &str, position: &[String], options: &QueryOptions, json: bool) -> CliResult<()> {
    let rules = catalog::build(ruleset)?;
    let text = position.join(" ");
    if text.trim().is_empty() {
        return Err(CliError::input(format!(
            "no position given for `{ruleset}` (`sprague games` shows its notation)"
        )));
    }
    crate::progress::interrupt();
    let bar =
        crate::progress::Progress::new(&format!("searching {ruleset}"), None, crate::progress::Unit::None);
    let report = rules.value(&text, options);
    bar.finish();
    let report = report?;
    super::emit(&report, json)
}
