//! `sprague repl`: an interactive session for game expressions and queries.
//!
//! On a terminal the line editor keeps a history (saved under the user's data
//! directory); when stdin is not a terminal the lines are read plainly and only
//! results are printed, so a session can be scripted.
//!
//! Ctrl-C during a long search (`value`, `table`, a state-space solve) or
//! long game arithmetic (sums and comparisons of big canonical forms) stops it
//! and returns to the prompt with one line such as `interrupted after N
//! states` (a table prints the values done so far); nothing of the stopped
//! line is kept, and the session, its names and its history carry on. At the
//! prompt, Ctrl-C clears the line and Ctrl-D ends the session.

mod complete;

use crate::error::{CliError, CliResult, INTERRUPTED};
use crate::progress::{self, Polling};
use session::{Reply, Session};
use sprague_cli::input::read;
use sprague_cli::repl::{ReplError, session};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;

/// The first line of an interactive session.
const BANNER: &str = "sprague repl: `help` lists what you can type; Ctrl-D or `quit` ends.";

/// The prompt of an interactive session.
const PROMPT: &str = "sprague> ";

/// Runs the session until `quit`, `exit` or the end of input. Reading a
/// script, the exit code is 2 if any line failed (every line is still run);
/// with `echo` the script is printed as a terminal session shows it (banner,
/// prompts and lines, errors without line numbers, none of them failing).
pub fn run(echo: bool) -> CliResult<()> {
    let interactive = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    // For the whole session, Ctrl-C asks the running line to stop instead of
    // ending the process (twice in one line still ends it).
    progress::interrupt();
    // A game played in the session ends at game over: the next line is the session's.
    crate::play::REVIEW_AFTER_GAME.store(false, std::sync::atomic::Ordering::Relaxed);
    let _polling = Polling::start();
    let mut session = Session::new();
    let failed = if interactive {
        interactive_loop(&mut session)?
    } else {
        script_loop(&mut session, echo)?
    };
    if failed > 0 {
        return Err(CliError::input(format!(
            "{failed} line{} of the script failed",
            if failed == 1 { "" } else { "s" }
        )));
    }
    Ok(())
}

/// Evaluates one line and prints its result; returns false on `quit` and
/// counts errors in `failed`.
fn step(session: &mut Session, line: &str, line_no: Option<usize>, failed: &mut usize) -> CliResult<bool> {
    // A Ctrl-C from before this line (at the prompt, or one that came too late
    // to stop the previous line) is forgotten.
    progress::new_request();
    // Long game arithmetic shows a bar (after half a second, on a terminal).
    let bar = progress::Progress::monitored("computing", "sums and comparisons");
    let reply = session.line(line);
    bar.finish();
    let err = match reply {
        Ok(Reply::Quit) => return Ok(false),
        Ok(Reply::Nothing) => return Ok(true),
        Ok(Reply::Text(t)) => {
            let mut out = std::io::stdout().lock();
            // A reply may name what was typed (`help TOPIC`): escaped.
            writeln!(out, "{}", crate::error::escape_controls(&t))?;
            out.flush()?;
            return Ok(true);
        }
        Ok(Reply::Interrupted(message)) => {
            std::io::stdout().flush()?;
            note(&crate::error::one_line(&message));
            return Ok(true);
        }
        Ok(Reply::Verb(words)) => match run_verb(&words) {
            Ok(()) => return Ok(true),
            Err(VerbError::Interrupted(message)) => {
                // Not a failure of the line: report it and carry on.
                std::io::stdout().flush()?;
                note(&crate::error::one_line(&message));
                return Ok(true);
            }
            Err(VerbError::Failed(e)) => e,
            // The output went away (a closed pipe): the session ends as the
            // verb would have, quietly.
            Err(VerbError::Output(e)) => return Err(e),
        },
        Err(e) => e,
    };
    *failed += 1;
    std::io::stdout().flush()?;
    note(&err.render(line, line_no));
    Ok(true)
}

/// Writes `text` and a line end to stderr; a closed or full stderr is not a
/// reason to stop the session.
fn note(text: &str) {
    let _ = writeln!(std::io::stderr(), "{text}");
}

/// How a verb run from the session ended without success.
enum VerbError {
    /// Ctrl-C stopped it; the message says how far it got.
    Interrupted(String),
    /// It failed: a session error.
    Failed(ReplError),
    /// Its output failed (a closed pipe, a full disk): the session ends.
    Output(CliError),
}

impl From<ReplError> for VerbError {
    fn from(e: ReplError) -> Self {
        VerbError::Failed(e)
    }
}

/// Runs a command-line verb exactly as `sprague VERB ARGS…` would, printing
/// its report; its errors come back as session errors.
fn run_verb(words: &[String]) -> Result<(), VerbError> {
    use clap::Parser;
    if words.iter().any(|w| w == "--batch") {
        // The session's own input is stdin: a batch would read the rest of it.
        return Err(ReplError::plain(
            "--batch reads standard input: run it from the shell, not in the REPL".to_string(),
        )
        .into());
    }
    let argv = std::iter::once("sprague".to_string()).chain(words.iter().cloned());
    match crate::Cli::try_parse_from(argv) {
        Ok(cli) => crate::run(cli).map_err(|e| {
            if e.code == INTERRUPTED {
                VerbError::Interrupted(e.message)
            } else if e.output_failed() {
                VerbError::Output(e)
            } else {
                VerbError::Failed(ReplError::plain(e.message))
            }
        }),
        Err(e) => {
            if crate::is_help_request(&e) {
                let mut out = std::io::stdout().lock();
                write!(out, "{}", e.render())
                    .map_err(|e| VerbError::Failed(ReplError::plain(e.to_string())))?;
                return Ok(());
            }
            // clap's message and its tips, on one line.
            let message = crate::error::clap_one_line(&e);
            Err(ReplError::plain(format!("{message} (`{} --help` shows the options)", words[0])).into())
        }
    }
}

fn script_loop(session: &mut Session, echo: bool) -> CliResult<usize> {
    let mut failed = 0;
    let stdin = std::io::stdin();
    let mut line = Vec::new();
    let mut line_no = 0;
    let limit = read::line_limit();
    if echo {
        println!("{BANNER}");
    }
    loop {
        if echo {
            let mut out = std::io::stdout().lock();
            write!(out, "{PROMPT}")?;
            out.flush()?;
        }
        // Standard input is locked for one line at a time: `play` reads its
        // moves from the lines that follow it, and they count as lines of
        // the script. A line past the limit (`/dev/zero`) ends the script.
        match read::read_line_within(&mut stdin.lock(), &mut line, limit) {
            Ok(true) => {}
            Ok(false) => {
                if echo {
                    println!();
                }
                break;
            }
            Err(e) if e.kind() == std::io::ErrorKind::InvalidData => {
                return Err(CliError::input(format!(
                    "stdin: line {} is {e}: stopped reading the script there",
                    line_no + 1
                )));
            }
            Err(e) => return Err(CliError::input(format!("cannot read the script from stdin: {e}"))),
        }
        line_no += 1;
        let bytes = line.strip_suffix(b"\r").unwrap_or(&line);
        if echo {
            // The line as typed, escaped like everything else the session prints.
            let mut out = std::io::stdout().lock();
            writeln!(
                out,
                "{}",
                crate::error::escape_controls(&String::from_utf8_lossy(bytes))
            )?;
            out.flush()?;
        }
        let text = match std::str::from_utf8(bytes) {
            Ok(text) => text,
            Err(e) => {
                // A line that is not text fails alone; the script goes on.
                let at = e.valid_up_to();
                let column = String::from_utf8_lossy(&bytes[..at]).chars().count() + 1;
                let place = if echo {
                    format!("column {column}")
                } else {
                    failed += 1;
                    format!("line {line_no}, column {column}")
                };
                std::io::stdout().flush()?;
                note(&format!(
                    "error: {place}: not UTF-8 text (byte {} of the line)",
                    at + 1
                ));
                continue;
            }
        };
        let text = text.to_string();
        let before = crate::play::lines_read();
        let (place, count) = if echo {
            (None, &mut 0)
        } else {
            (Some(line_no), &mut failed)
        };
        if !step(session, &text, place, count)? {
            break;
        }
        line_no += crate::play::lines_read() - before;
    }
    Ok(failed)
}

fn interactive_loop(session: &mut Session) -> CliResult<usize> {
    use rustyline::error::ReadlineError;
    let cannot = |e: ReadlineError| CliError::internal(format!("cannot start the line editor: {e}"));
    let config = rustyline::Config::builder()
        .max_history_size(1000)
        .map_err(cannot)?
        .auto_add_history(false)
        .build();
    let mut editor: rustyline::Editor<complete::Completion, rustyline::history::FileHistory> =
        rustyline::Editor::with_config(config).map_err(cannot)?;
    editor.set_helper(Some(complete::Completion {
        words: session.words(),
    }));
    let history = history_path();
    if let Some(path) = &history {
        let _ = editor.load_history(path);
    }
    writeln!(std::io::stdout(), "{BANNER}")?;
    let mut failed = 0;
    loop {
        match editor.readline(PROMPT) {
            Ok(line) => {
                if !line.trim().is_empty() {
                    let _ = editor.add_history_entry(line.as_str());
                }
                if !step(session, &line, None, &mut failed)? {
                    break;
                }
                if let Some(helper) = editor.helper_mut() {
                    helper.words = session.words();
                }
            }
            Err(ReadlineError::Interrupted) => continue,
            Err(ReadlineError::Eof) => break,
            Err(e) => return Err(CliError::internal(format!("cannot read a line: {e}"))),
        }
    }
    if let Some(path) = &history {
        // Saving the history is a convenience: failures are silent.
        if let Some(dir) = path.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        let _ = editor.save_history(path);
    }
    // Errors typed at a terminal were already answered: they do not fail the session.
    Ok(0)
}

/// `$SPRAGUE_HISTORY` (empty: no history), else `sprague/history` under the
/// data directory (`$XDG_DATA_HOME`, `~/.local/share`, or `%APPDATA%`).
fn history_path() -> Option<PathBuf> {
    let var = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty());
    if let Some(p) = std::env::var_os("SPRAGUE_HISTORY") {
        return (!p.is_empty()).then(|| PathBuf::from(p));
    }
    let base = var("XDG_DATA_HOME")
        .map(PathBuf::from)
        .or_else(|| var("HOME").map(|h| PathBuf::from(h).join(".local").join("share")))
        .or_else(|| var("APPDATA").map(PathBuf::from))?;
    Some(base.join("sprague").join("history"))
}
