//! The one error type of the command line: a message and an exit code.

use core::fmt;

/// An error to print as one line on stderr, with the process exit code.
#[derive(Debug)]
pub struct CliError {
    /// 2 for bad input (and budgets reached), 1 for internal failures.
    pub code: i32,
    /// One line saying what is wrong and where.
    pub message: String,
}

impl CliError {
    /// Bad input: exit code 2.
    pub fn input(message: impl Into<String>) -> Self {
        CliError {
            code: 2,
            message: message.into(),
        }
    }

    /// Internal or environment failure (I/O on output): exit code 1.
    pub fn internal(message: impl Into<String>) -> Self {
        CliError {
            code: 1,
            message: message.into(),
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// A budget reached: the core's message, plus how to raise the budget on the
/// command line.
impl From<sprague::BudgetExceeded> for CliError {
    fn from(e: sprague::BudgetExceeded) -> Self {
        CliError::input(format!(
            "{e}; raise it with --max-states N (each state costs roughly 50-150 bytes, more for positions of many pieces)"
        ))
    }
}

/// A graph with a cycle given to a solver that needs an acyclic one: the
/// core's message, plus the command that handles cyclic graphs.
pub fn cycle_message(cycle: &sprague::impartial::GraphCycle) -> String {
    format!("{cycle}; use `sprague solve` for win/lose/draw and loopy values")
}

/// Exit code of a computation stopped by Ctrl-C (128 + SIGINT).
pub const INTERRUPTED: i32 = 130;

/// A memory budget reached: the core's message, plus how to raise it, with a
/// size that covers the need when it was estimated up front (and twice the
/// budget when it was measured while running, which says only that more is
/// needed).
impl From<sprague::MemoryExceeded> for CliError {
    fn from(e: sprague::MemoryExceeded) -> Self {
        let gib = e.needed.max(e.max_memory.saturating_mul(2)).div_ceil(1 << 30);
        CliError::input(format!("{e}; raise it with --max-memory SIZE (e.g. {gib}G)"))
    }
}

/// A stop: Ctrl-C, or the memory budget passed while running (the monitor
/// tells which).
impl From<sprague::Interrupted> for CliError {
    fn from(e: sprague::Interrupted) -> Self {
        if let Some(m) = crate::monitor().memory_exceeded() {
            return m.into();
        }
        if let Some(b) = crate::monitor().work_exceeded() {
            return b.into();
        }
        CliError {
            code: INTERRUPTED,
            message: e.to_string(),
        }
    }
}

impl From<sprague::SearchError> for CliError {
    fn from(e: sprague::SearchError) -> Self {
        match e {
            sprague::SearchError::Budget(b) => b.into(),
            sprague::SearchError::Interrupted(i) => i.into(),
        }
    }
}

/// Exit code 0 with nothing printed: the reader of standard output went away
/// (a closed pipe, as `sprague table … | head -1` does), which is not a failure.
pub const QUIET: i32 = -1;

impl From<std::io::Error> for CliError {
    fn from(e: std::io::Error) -> Self {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            return CliError {
                code: QUIET,
                message: "output closed".to_string(),
            };
        }
        CliError::internal(format!("{IO_ERROR}{e}"))
    }
}

/// How the message of an output failure ([`From<std::io::Error>`]) starts.
const IO_ERROR: &str = "i/o error: ";

impl CliError {
    /// Whether this is a failure of the output itself (a closed pipe, a full
    /// disk) rather than of the computation: a REPL ends its session on one.
    #[must_use]
    pub fn output_failed(&self) -> bool {
        self.code == QUIET || (self.code == 1 && self.message.starts_with(IO_ERROR))
    }
}

/// JSON written to the output: a closed pipe ends quietly like any other
/// write; anything else is an internal failure.
impl From<serde_json::Error> for CliError {
    fn from(e: serde_json::Error) -> Self {
        match e.io_error_kind() {
            Some(kind) => std::io::Error::from(kind).into(),
            None => CliError::internal(e.to_string()),
        }
    }
}

/// `message` on one line: line breaks, tabs and every other control
/// character written as escapes (`\n`, `\t`, `\u{1b}`), so no input can
/// break an error message over lines or drive the terminal. O(length).
#[must_use]
pub fn one_line(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    for c in message.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => out.push_str(&format!("\\u{{{:x}}}", u32::from(c))),
            c => out.push(c),
        }
    }
    out
}

/// `text` safe to print on a terminal: every control character but the line
/// break and the tab written as an escape (`\u{1b}`), so that text from the
/// input (a position echoed, a name in a message, a script's `show`) cannot
/// drive the terminal. Lines stay lines. O(length).
#[must_use]
pub fn escape_controls(text: &str) -> String {
    if !text.chars().any(|c| c.is_control() && c != '\n' && c != '\t') {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\n' | '\t' => out.push(c),
            '\r' => out.push_str("\\r"),
            c if c.is_control() => out.push_str(&format!("\\u{{{:x}}}", u32::from(c))),
            c => out.push(c),
        }
    }
    out
}

/// A writer that passes text on with [`escape_controls`] applied: for
/// transcripts that echo what the user typed (`sprague play`). Bytes that
/// are not UTF-8 are written as `\x..` escapes.
pub struct Escaping<W> {
    inner: W,
}

impl<W: std::io::Write> Escaping<W> {
    /// Escapes what is written to `inner`.
    pub fn new(inner: W) -> Self {
        Escaping { inner }
    }
}

impl<W: std::io::Write> std::io::Write for Escaping<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let mut out = String::with_capacity(buf.len());
        for chunk in buf.utf8_chunks() {
            out.push_str(&escape_controls(chunk.valid()));
            for b in chunk.invalid() {
                out.push_str(&format!("\\x{b:02x}"));
            }
        }
        self.inner.write_all(out.as_bytes())?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

/// A command-line usage error of clap as one line, keeping its detail: what
/// is missing or unexpected and its "did you mean" tip, without the usage
/// block (`sprague --help` has it).
#[must_use]
pub fn clap_one_line(e: &clap::Error) -> String {
    let rendered = e.render().to_string();
    let mut out = String::new();
    for line in rendered.lines() {
        let line = line.trim();
        if line.starts_with("Usage:") || line.starts_with("For more information") {
            break;
        }
        let line = line.strip_prefix("error: ").unwrap_or(line);
        if line.is_empty() {
            continue;
        }
        if !out.is_empty() {
            out.push_str(if out.ends_with(':') { " " } else { "; " });
        }
        out.push_str(line);
    }
    if out.is_empty() {
        out.push_str("invalid arguments");
    }
    out
}

/// Result alias for command-line code.
pub type CliResult<T> = Result<T, CliError>;

impl From<sprague::Error> for CliError {
    fn from(e: sprague::Error) -> Self {
        match e {
            sprague::Error::Search(s) => s.into(),
            sprague::Error::Memory(m) => m.into(),
            sprague::Error::Internal(m) => CliError::internal(m),
            e @ (sprague::Error::Input(_)
            | sprague::Error::Position { .. }
            | sprague::Error::UnknownRuleset { .. }
            | sprague::Error::Unsupported(_)) => CliError::input(e.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn control_characters_are_escaped_but_lines_stay() {
        assert_eq!(one_line("a\nb\u{1b}[31m"), "a\\nb\\u{1b}[31m");
        assert_eq!(
            escape_controls("a\nb\tc\u{1b}[31m\0\u{9b}"),
            "a\nb\tc\\u{1b}[31m\\u{0}\\u{9b}"
        );
        assert_eq!(escape_controls("plain ↑ text"), "plain ↑ text");
        let mut out = Escaping::new(Vec::new());
        out.write_all(b"x\x1b[2Jy\n\xff\n").unwrap();
        assert_eq!(String::from_utf8(out.inner).unwrap(), "x\\u{1b}[2Jy\n\\xff\n");
    }
}
