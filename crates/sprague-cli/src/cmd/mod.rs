//! One file per verb.

pub mod calc;
pub mod count;
pub mod count_dag_wins;
pub mod dist;
pub mod games;
pub mod grundy_game;
pub mod grundy_graph;
pub mod memory;
pub mod misere_quotient;
pub mod nimber;
pub mod play;
pub mod repl;
pub mod serve;
pub mod shell;
pub mod solve;
pub mod solve_args;
pub mod space_solve;
pub mod table;
pub mod table_file;
pub mod value;
pub mod wythoff_pair;

use crate::error::CliResult;
use std::io::Write;

/// Prints a report as JSON (one object and a newline, every move listed) or
/// as text (the first [`sprague::registry::MOVES_SHOWN`] moves of each list
/// and a count of the rest, unless `all`); only the form printed is built.
pub fn emit(report: &sprague::Report, json: bool, all: bool) -> CliResult<()> {
    let mut out = std::io::stdout().lock();
    if json {
        out.write_all(report.data.to_json().as_bytes())?;
        out.write_all(b"\n")?;
    } else {
        let limit = (!all).then_some(sprague::registry::MOVES_SHOWN);
        out.write_all(report.text_with(limit).as_bytes())?;
    }
    out.flush()?;
    Ok(())
}
