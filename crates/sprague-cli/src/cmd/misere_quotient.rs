//! `sprague misere-quotient RULESET --heaps N`: the misère quotient of a heap
//! ruleset (presentation, order, P-portion, heap elements), computed and
//! verified by the core.

use crate::error::CliResult;
use crate::progress::{self, Polling};
use crate::ruleset::QueryOptions;

/// Runs `misere-quotient`: one report from [`sprague::Ruleset::misere_quotient`],
/// as text or JSON. Ctrl-C stops the computation.
pub fn run(
    ruleset: &str,
    heaps: u64,
    sum: Option<&str>,
    max_states: usize,
    max_order: usize,
    json: bool,
) -> CliResult<()> {
    let rules = sprague::build(ruleset)?;
    progress::interrupt();
    let _polling = Polling::start();
    let options = QueryOptions {
        misere: true,
        max_states,
    };
    let report = rules.misere_quotient(heaps, sum, &options.to_core().max_order(max_order))?;
    super::emit(&report, json, true)
}
