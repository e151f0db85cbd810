//! `sprague completions SHELL` and `sprague man`: generated from the CLI definition.

use crate::error::CliResult;
use std::io::Write;

/// Writes the completion script for `shell` to stdout.
pub fn completions(shell: clap_complete::Shell, command: &mut clap::Command) -> CliResult<()> {
    let mut out = std::io::stdout().lock();
    clap_complete::generate(shell, command, "sprague", &mut out);
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
