//! `sprague completions SHELL` and `sprague man`: generated from the CLI definition.

use crate::error::{CliError, CliResult};
use std::io::Write;

/// Writes the completion script for `shell` to stdout. The script is made
/// in memory first (the generator panics on a failed write): a closed pipe
/// then ends quietly and a full disk is one error line.
/// The ruleset names complete wherever a `RULESET` is read (bash, zsh and
/// the others from the argument's possible values; fish, whose generated
/// script completes only options, from a line added here).
pub fn completions(shell: clap_complete::Shell, command: &mut clap::Command) -> CliResult<()> {
    let mut script = Vec::new();
    clap_complete::generate(shell, command, "sprague", &mut script);
    let mut out = std::io::stdout().lock();
    out.write_all(&script)?;
    if shell == clap_complete::Shell::Fish {
        let verbs = ["value", "play", "table", "count", "games", "misere-quotient"];
        for entry in sprague::catalog() {
            writeln!(
                out,
                "complete -c sprague -n \"__fish_seen_subcommand_from {}\" -f -a \"{}\" -d '{}'",
                verbs.join(" "),
                entry.name,
                entry.summary.replace('\\', "\\\\").replace('\'', "\\'")
            )?;
        }
    }
    out.flush()?;
    Ok(())
}

/// Writes a roff manual page to stdout: the command's, sprague(1), or with
/// `verb` that verb's, sprague-VERB(1), with its options; with `dir`, writes
/// every page (the command's, each verb's and each sub-verb's, as
/// `sprague-nimber-mul.1`) into that directory and lists the files.
///
/// # Errors
/// An unknown verb; a directory that cannot be written.
pub fn man(command: clap::Command, verb: Option<&str>, dir: Option<&str>) -> CliResult<()> {
    let mut command = command.disable_help_subcommand(true);
    command.build();
    let mut out = std::io::stdout().lock();
    if let Some(dir) = dir {
        let dir = std::path::Path::new(dir);
        std::fs::create_dir_all(dir)
            .map_err(|e| CliError::input(format!("--dir: cannot create `{}`: {e}", dir.display())))?;
        let mut pages = Vec::new();
        collect_pages(&command, &mut pages);
        for page in pages {
            let man = clap_mangen::Man::new(page);
            let path = man
                .generate_to(dir)
                .map_err(|e| CliError::input(format!("--dir: cannot write into `{}`: {e}", dir.display())))?;
            writeln!(out, "{}", path.display())?;
        }
    } else if let Some(verb) = verb {
        let Some(sub) = command.find_subcommand(verb).cloned() else {
            let verbs: Vec<&str> = command.get_subcommands().map(clap::Command::get_name).collect();
            return Err(CliError::input(format!(
                "no verb `{}`: the verbs are {}",
                crate::error::one_line(verb),
                verbs.join(", ")
            )));
        };
        clap_mangen::Man::new(sub).render(&mut out)?;
    } else {
        clap_mangen::Man::new(command).render(&mut out)?;
    }
    out.flush()?;
    Ok(())
}

/// `command` and every sub-command under it, each built (named
/// `sprague-VERB` for its page).
fn collect_pages(command: &clap::Command, pages: &mut Vec<clap::Command>) {
    pages.push(command.clone());
    for sub in command.get_subcommands().filter(|s| !s.is_hide_set()) {
        collect_pages(sub, pages);
    }
}
