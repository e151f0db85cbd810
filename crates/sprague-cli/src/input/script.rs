//! Rules scripts as the command reads them: within a size limit and the
//! memory budget, compiled, and watched by the process's monitor.

use super::read;
use crate::error::CliResult;

/// The text of the rules file at `path`, read within [`read::MAX_SCRIPT`]
/// bytes and the memory budget.
///
/// # Errors
/// A file that cannot be read, is too large or is not UTF-8.
pub fn text(path: &str) -> CliResult<String> {
    read::read_text(path, "rules file", Some(read::MAX_SCRIPT))
}

/// Reads ([`text`]) and compiles the rules file at `path`; Ctrl-C and the
/// memory budget stop its long calls (it watches [`crate::monitor`]).
///
/// # Errors
/// A file that cannot be read or is too large, and the load errors of
/// `sprague_script::ScriptRuleset::from_source`.
pub fn load(path: &str, limits: sprague_script::Limits) -> CliResult<sprague_script::ScriptRuleset> {
    let source = text(path)?;
    let rules = sprague_script::ScriptRuleset::from_source(path, &source, limits)?;
    rules.watch(crate::monitor());
    Ok(rules)
}
