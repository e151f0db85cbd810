//! `sprague value RULESET POSITION...`

use crate::catalog;
use crate::error::{CliError, CliResult};
use crate::ruleset::QueryOptions;

/// Runs `value`: the position may be one quoted argument or several words.
pub fn run(ruleset: &str, position: &[String], options: &QueryOptions, json: bool) -> CliResult<()> {
    let rules = catalog::build(ruleset)?;
    let text = position.join(" ");
    if text.trim().is_empty() {
        return Err(CliError::input(format!(
            "no position given for `{ruleset}` (`sprague games` shows its notation)"
        )));
    }
    let report = rules.value(&text, options)?;
    super::emit(&report, json)
}
