//! `sprague count RULESET --range L,R`: how many single heaps in a range are
//! P-positions (and have each Grundy value), counted by the core from a
//! closed form or a proven period.

use crate::error::{CliError, CliResult};
use crate::progress::{self, Polling, Progress};
use crate::ruleset::QueryOptions;

/// Parses `L,R` (two u64 bounds) for `--range`.
fn parse_range(text: &str) -> CliResult<(u64, u64)> {
    let bad = |what: &str| CliError::input(format!("--range `{text}`: {what}"));
    let (l, r) = text
        .split_once(',')
        .ok_or_else(|| bad("expected two bounds `L,R`, e.g. `--range 1,1000000`"))?;
    let parse = |s: &str, which: &str| {
        s.trim().parse::<u64>().map_err(|_| {
            bad(&format!(
                "the {which} bound `{}` is not a whole number below 2^64",
                s.trim()
            ))
        })
    };
    Ok((parse(l, "first")?, parse(r, "second")?))
}

/// Runs `count`: one report from [`sprague::Ruleset::count`], as text or JSON.
/// A count that tabulates values (Grundy's game has no period) shows a bar
/// on a terminal and stops at Ctrl-C (exit code 130).
pub fn run(ruleset: &str, range: &str, options: &QueryOptions, json: bool) -> CliResult<()> {
    let (low, high) = parse_range(range)?;
    let rules = sprague::build(ruleset)?;
    progress::interrupt();
    let polling = Polling::start();
    let bar = Progress::monitored(&format!("counting {ruleset}"), "values");
    let report = rules.count(low, high, &options.to_core());
    bar.finish();
    drop(polling);
    super::emit(&report?, json, true)
}
