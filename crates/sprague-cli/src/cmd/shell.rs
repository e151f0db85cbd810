//! `sprague completions SHELL` and `sprague man`: generated from the CLI definition.

use crate::error::CliResult;
use std::io::Write;

/// Writes the completion script for `shell` to stdout. The script is made
/// in memory first (the generator panics on a failed write): a closed pipe
/// then ends quietly and a full disk is one error line.
pub fn completions(shell: clap_complete::Shell, command: &mut clap::Command) -> CliResult<()> {
    let mut script = Vec::new();
    clap_complete::generate(shell, command, "sprague", &mut script);
    let mut out = std::io::stdout().lock();
    out.write_all(&script)?;
    out.flush()?;
    Ok(())
}

/// Writes the roff manual page to stdout.
pub fn man(command: clap::Command) -> CliResult<()> {
    let mut out = std::io::stdout().lock();
    clap_mangen::Man::new(command).render(&mut out)?;
    out.flush()?;
    Ok(())
}
