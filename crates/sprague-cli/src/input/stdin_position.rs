//! The position `-`: the games on graphs read a position too large for a
//! command-line argument from standard input.

use crate::error::{CliError, CliResult};
use crate::ruleset::{QueryOptions, Report, Ruleset, TableData};

/// A ruleset whose position `-` is read from standard input (for `value`);
/// `sprague play` refuses it there, since its stdin carries the moves.
pub struct StdinPosition<R>(pub R);

/// Reads a whole position from standard input.
fn read_stdin() -> CliResult<String> {
    let mut text = String::new();
    std::io::Read::read_to_string(&mut std::io::stdin(), &mut text)
        .map_err(|e| CliError::input(format!("cannot read the position from stdin: {e}")))?;
    Ok(text)
}

impl<R: Ruleset> Ruleset for StdinPosition<R> {
    fn value(&self, position: &str, options: &QueryOptions) -> CliResult<Report> {
        if position.trim() == "-" {
            return self.0.value(&read_stdin()?, options);
        }
        self.0.value(position, options)
    }

    fn table(
        &self,
        count: usize,
        options: &QueryOptions,
        progress: &mut dyn FnMut(usize) -> bool,
    ) -> CliResult<TableData> {
        self.0.table(count, options, progress)
    }

    fn play(
        &self,
        position: &str,
        settings: &crate::play::Settings,
        io: &mut crate::play::Io<'_>,
    ) -> CliResult<()> {
        if position.trim() == "-" {
            return Err(CliError::input(
                "`sprague play` reads the moves from stdin, so the position cannot be `-`: give it on the command line",
            ));
        }
        self.0.play(position, settings, io)
    }
}
