//! `sprague calc` for loopy games: `{0|pass}`, `a{0|{a|*}}`, `on + off`,
//! `a = {0|b}; b = {a|*}; a` — simplest form, outcome with either player
//! first, stopper or not, onside and offside
//! ([`sprague::registry::loopy_game_report`]).

use crate::cmd::calc::CalcOptions;
use crate::error::{CliError, CliResult};

/// Evaluates a loopy `expr` and prints its report.
pub fn run(expr: &str, opts: &CalcOptions<'_>) -> CliResult<()> {
    for (flag, given) in [
        ("--thermograph", opts.thermograph.is_some()),
        ("--cool", opts.cool.is_some()),
        ("--heat", opts.heat.is_some()),
    ] {
        if given {
            return Err(CliError::input(format!(
                "{flag}: not defined for loopy games (expression `{expr}`)"
            )));
        }
    }
    let budget = opts.max_states.unwrap_or(sprague::DEFAULT_MAX_STATES);
    // The comparisons are refused up front past the memory budget; Ctrl-C
    // ends the process at once (they do not poll the monitor).
    let report =
        sprague::registry::loopy_game_report_within(expr, budget, crate::progress::monitor().max_memory())?;
    crate::cmd::emit(&report, opts.json, true)
}
