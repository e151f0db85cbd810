//! The one way the command reads its input: files, standard input, rules
//! scripts, hosts files, positions and script lines all come through here,
//! and every read stops at a limit with one line saying which.
//!
//! - A whole input ([`read_all`]) stops at the memory budget
//!   (`--max-memory`), or at a smaller cap where the kind of input has a
//!   natural size (a rules script, a hosts file): `/dev/zero` or an endless
//!   pipe is refused after that many bytes, never read to exhaustion.
//! - A line ([`LineReader`]) stops at [`MAX_LINE`] bytes (or the budget if
//!   smaller): a stream without line ends is refused at its first line.
//! - A directory is refused when it is opened, before anything is read.
//!
//! Reading may block (a pipe, a FIFO without a writer, a terminal): while it
//! does, Ctrl-C ends the process at once with exit code 130 even inside a
//! computation that polls the monitor ([`Blocked`]).

use crate::error::{CliError, CliResult};
use sprague::budget::format_bytes;
use std::io::{BufRead, Read};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Longest line read from a line-oriented input: 16 MiB (a position of a
/// few million heaps, a script line of any sensible length).
pub const MAX_LINE: usize = 16 << 20;

/// The largest rules script read: 16 MiB.
pub const MAX_SCRIPT: u64 = 16 << 20;

/// The largest hosts file read: 1 MiB (a line per process).
pub const MAX_HOSTS: u64 = 1 << 20;

/// Reads in progress that may block; see [`Blocked`].
static BLOCKED: AtomicUsize = AtomicUsize::new(0);

/// While alive, a read that may block on a pipe or a terminal is under way
/// (or a computation that cannot poll the monitor, such as the comparisons
/// of loopy games): a Ctrl-C then ends the process at once (exit code 130),
/// since nothing would look at the stop flag.
pub struct Blocked(());

impl Blocked {
    /// Marks a read that may block, until the guard is dropped.
    #[must_use]
    pub fn start() -> Self {
        BLOCKED.fetch_add(1, Ordering::SeqCst);
        Blocked(())
    }
}

impl Drop for Blocked {
    fn drop(&mut self) {
        BLOCKED.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Whether a read that may block is under way ([`Blocked`]).
#[must_use]
pub fn blocked() -> bool {
    BLOCKED.load(Ordering::SeqCst) > 0
}

/// The name of `path` in messages: `stdin` for `-`.
#[must_use]
pub fn display_name(path: &str) -> &str {
    if path == "-" { "stdin" } else { path }
}

/// The most bytes a whole input may hold: `cap` (when given) or what is left
/// of the memory budget (the budget less the memory already resident),
/// whichever is smaller, and whether the budget is the limit.
fn whole_limit(cap: Option<u64>) -> (u64, bool) {
    let max = crate::monitor().max_memory();
    let resident = sprague::budget::resident_memory().unwrap_or(0);
    let budget = max.saturating_sub(resident).max(1 << 20);
    match cap {
        Some(c) if c < budget => (c, false),
        _ => (budget, true),
    }
}

/// Opens `path` for reading (`-`: standard input). A directory is refused
/// here; FIFOs, devices and pipes are read as streams, within the limits of
/// the reader that reads them.
///
/// # Errors
/// A file that cannot be opened or is a directory (exit code 2).
pub fn open(path: &str, what: &str) -> CliResult<Box<dyn Read + Send>> {
    if path == "-" {
        return Ok(Box::new(std::io::stdin()));
    }
    if std::fs::metadata(path).is_ok_and(|m| m.is_dir()) {
        return Err(CliError::input(format!(
            "cannot read {what} `{path}`: it is a directory"
        )));
    }
    // Opening a FIFO waits for a writer: Ctrl-C must still end the wait.
    let _blocked = Blocked::start();
    let file = std::fs::File::open(path)
        .map_err(|e| CliError::input(format!("cannot read {what} `{path}`: {e}")))?;
    Ok(Box::new(file))
}

/// Reads `reader` to its end, refusing more than `cap` bytes (when given) or
/// more than the memory budget. `name` and `what` word the messages
/// ("cannot read the rules file `k.rhai`: …"). O(bytes read).
///
/// # Errors
/// A read error, or the limit passed (one line naming the limit and, for
/// the budget, how to raise it).
pub fn read_to_limit(reader: &mut dyn Read, name: &str, what: &str, cap: Option<u64>) -> CliResult<Vec<u8>> {
    let (limit, is_budget) = whole_limit(cap);
    let mut out = Vec::new();
    let mut chunk = vec![0u8; 1 << 16];
    loop {
        let k = {
            let _blocked = Blocked::start();
            match reader.read(&mut chunk) {
                Ok(k) => k,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(CliError::input(format!("cannot read {what} `{name}`: {e}"))),
            }
        };
        if k == 0 {
            return Ok(out);
        }
        if (out.len() + k) as u64 > limit {
            return Err(too_large(name, what, limit, is_budget));
        }
        if out.len() + k > out.capacity() {
            // Doubling, but never past the limit: the buffer itself stays
            // within what is left of the budget.
            let limit = usize::try_from(limit).unwrap_or(usize::MAX);
            let want = out.capacity().saturating_mul(2).max(out.len() + k).min(limit);
            out.reserve_exact(want - out.len());
        }
        out.extend_from_slice(&chunk[..k]);
    }
}

/// The error of an input past its limit.
fn too_large(name: &str, what: &str, limit: u64, is_budget: bool) -> CliError {
    if is_budget {
        CliError::input(format!(
            "{what} `{name}` is larger than the {} left of the memory budget of {}: stopped reading there; raise it with --max-memory SIZE (e.g. 16G)",
            format_bytes(limit),
            format_bytes(crate::monitor().max_memory())
        ))
    } else {
        CliError::input(format!(
            "{what} `{name}` is larger than {}, the most read from such a file: stopped reading there",
            format_bytes(limit)
        ))
    }
}

/// Reads the file at `path` (`-`: standard input) whole, within `cap` and
/// the memory budget (see [`read_to_limit`]).
///
/// # Errors
/// As [`open`] and [`read_to_limit`].
pub fn read_all(path: &str, what: &str, cap: Option<u64>) -> CliResult<Vec<u8>> {
    let mut reader = open(path, what)?;
    read_to_limit(&mut *reader, display_name(path), what, cap)
}

/// [`read_all`] as UTF-8 text.
///
/// # Errors
/// As [`read_all`], and text that is not UTF-8 (naming the byte).
pub fn read_text(path: &str, what: &str, cap: Option<u64>) -> CliResult<String> {
    let bytes = read_all(path, what, cap)?;
    String::from_utf8(bytes).map_err(|e| {
        CliError::input(format!(
            "{what} `{}` is not UTF-8 text (byte {})",
            display_name(path),
            e.utf8_error().valid_up_to() + 1
        ))
    })
}

/// The longest line a [`LineReader`] accepts: [`MAX_LINE`], or the memory
/// budget when that is smaller.
#[must_use]
pub fn line_limit() -> usize {
    let budget = usize::try_from(crate::monitor().max_memory()).unwrap_or(usize::MAX);
    MAX_LINE.min(budget)
}

/// One line of at most `limit` bytes from `reader` into `line` (cleared
/// first, the line end kept off). `Ok(false)` at the end of input.
///
/// # Errors
/// The reader's errors; a line longer than `limit` as
/// [`std::io::ErrorKind::InvalidData`] (nothing more of it is read).
pub fn read_line_within(reader: &mut dyn BufRead, line: &mut Vec<u8>, limit: usize) -> std::io::Result<bool> {
    line.clear();
    let mut any = false;
    loop {
        let (done, used) = {
            let buf = {
                let _blocked = Blocked::start();
                match reader.fill_buf() {
                    Ok(b) => b,
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                    Err(e) => return Err(e),
                }
            };
            if buf.is_empty() {
                return Ok(any);
            }
            any = true;
            match buf.iter().position(|&b| b == b'\n') {
                Some(i) => {
                    if line.len() + i > limit {
                        return Err(long_line(limit));
                    }
                    line.extend_from_slice(&buf[..i]);
                    (true, i + 1)
                }
                None => {
                    if line.len() + buf.len() > limit {
                        return Err(long_line(limit));
                    }
                    line.extend_from_slice(buf);
                    (false, buf.len())
                }
            }
        };
        reader.consume(used);
        if done {
            return Ok(true);
        }
    }
}

fn long_line(limit: usize) -> std::io::Error {
    std::io::Error::new(
        std::io::ErrorKind::InvalidData,
        format!("longer than {} without a line end", format_bytes(limit as u64)),
    )
}

/// Lines of a stream, each at most [`line_limit`] bytes, numbered from 1;
/// a line's `\r\n` or `\n` end is removed. Errors name the input and the line.
pub struct LineReader<R> {
    reader: R,
    name: String,
    line: Vec<u8>,
    number: usize,
    limit: usize,
}

impl<R: BufRead> LineReader<R> {
    /// Lines of `reader`, named `name` in messages (`stdin`, a file).
    pub fn new(reader: R, name: &str) -> Self {
        LineReader {
            reader,
            name: name.to_string(),
            line: Vec::new(),
            number: 0,
            limit: line_limit(),
        }
    }

    /// The number of the last line read (0 before the first).
    #[must_use]
    pub fn number(&self) -> usize {
        self.number
    }

    /// The reader (e.g. to see whether its buffer still holds bytes, so
    /// that the next line is read without waiting).
    pub fn get_ref(&self) -> &R {
        &self.reader
    }

    /// The next line (without its line end), `None` at the end of input.
    ///
    /// # Errors
    /// A read error, or a line past the limit (one line naming the input
    /// and the line number).
    pub fn next_line(&mut self) -> CliResult<Option<&[u8]>> {
        match read_line_within(&mut self.reader, &mut self.line, self.limit) {
            Ok(false) => Ok(None),
            Ok(true) => {
                self.number += 1;
                if self.line.last() == Some(&b'\r') {
                    self.line.pop();
                }
                Ok(Some(&self.line))
            }
            Err(e) if e.kind() == std::io::ErrorKind::InvalidData => Err(CliError::input(format!(
                "{}: line {} is {e}: stopped reading there (lines hold at most {})",
                self.name,
                self.number + 1,
                format_bytes(self.limit as u64)
            ))),
            Err(e) => Err(CliError::input(format!("cannot read `{}`: {e}", self.name))),
        }
    }
}
