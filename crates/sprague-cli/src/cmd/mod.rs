//! One file per verb.

pub mod calc;
pub mod count;
pub mod count_dag_wins;
pub mod games;
pub mod grundy_graph;
pub mod nimber;
pub mod play;
pub mod repl;
pub mod shell;
pub mod solve;
pub mod table;
pub mod value;
pub mod wythoff_pair;

use crate::error::CliResult;
use std::io::Write;

/// Prints a report as JSON (one object and a newline) or as text.
pub fn emit(report: &sprague::Report, json: bool) -> CliResult<()> {
    let mut out = std::io::stdout().lock();
    if json {
        serde_json::to_writer(&mut out, &crate::ruleset::json_of(&report.data))
            .map_err(|e| crate::error::CliError::internal(e.to_string()))?;
        out.write_all(b"\n")?;
    } else {
        out.write_all(report.text.as_bytes())?;
    }
    out.flush()?;
    Ok(())
}
