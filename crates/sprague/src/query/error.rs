//! The one error type of a query: what went wrong with a request, with the
//! offending input, as data (the command line adds its own flag hints).

use crate::{
    budget::{BudgetExceeded, MemoryExceeded},
    monitor::{Interrupted, SearchError},
    parse_error::ParseError,
};
use core::fmt;

/// Why a request (build a ruleset, value a position, tabulate, play)
/// gave no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// A position did not parse: the text and the notation error (with its column).
    Position {
        /// The position as given.
        text: String,
        /// What is wrong and where.
        error: ParseError,
    },
    /// Any other bad input (unknown ruleset, bad parameters, an option the
    /// ruleset does not support, a position too large): one line.
    Input(String),
    /// A search reached its state budget or was stopped through its monitor.
    Search(SearchError),
    /// The request needs more memory than the budget allows (refused before
    /// allocating, or stopped when the process passed it).
    Memory(MemoryExceeded),
    /// An invariant of the engine failed; a bug, never the user's fault.
    Internal(String),
}

impl Error {
    /// Bad input described by `message` (one line).
    pub fn input(message: impl Into<String>) -> Self {
        Error::Input(message.into())
    }

    /// A position `text` that failed to parse with `error`.
    pub fn position(text: &str, error: ParseError) -> Self {
        Error::Position {
            text: text.to_string(),
            error,
        }
    }

    /// An internal failure described by `message`.
    pub fn internal(message: impl Into<String>) -> Self {
        Error::Internal(message.into())
    }

    /// This error as `monitor` explains it: a stop the monitor asked for
    /// because its memory or work budget was passed is that budget's
    /// error, not an interruption. Other errors are returned unchanged.
    #[must_use]
    pub fn explained_by(self, monitor: &crate::Monitor) -> Self {
        match self {
            Error::Search(SearchError::Interrupted(i)) => {
                if let Some(m) = monitor.memory_exceeded() {
                    Error::Memory(m)
                } else if let Some(b) = monitor.work_exceeded() {
                    Error::Search(SearchError::Budget(b))
                } else {
                    Error::Search(SearchError::Interrupted(i))
                }
            }
            other => other,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Position { text, error } => write!(f, "position `{text}`: {error}"),
            Error::Input(m) | Error::Internal(m) => f.write_str(m),
            Error::Search(e) => e.fmt(f),
            Error::Memory(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for Error {}

impl From<SearchError> for Error {
    fn from(e: SearchError) -> Self {
        Error::Search(e)
    }
}

impl From<BudgetExceeded> for Error {
    fn from(e: BudgetExceeded) -> Self {
        Error::Search(SearchError::Budget(e))
    }
}

impl From<MemoryExceeded> for Error {
    fn from(e: MemoryExceeded) -> Self {
        Error::Memory(e)
    }
}

impl From<Interrupted> for Error {
    fn from(e: Interrupted) -> Self {
        Error::Search(SearchError::Interrupted(e))
    }
}

/// The result of a request.
pub type Result<T, E = Error> = core::result::Result<T, E>;

/// `position` read in the notation of `rules`, its error an [`Error::Position`].
///
/// # Errors
/// A position that does not parse.
pub(crate) fn read_position<P, N>(rules: &N, position: &str) -> Result<P>
where
    N: crate::notation::Notation<P> + ?Sized,
{
    rules
        .parse_position(position)
        .map_err(|e| Error::position(position, e))
}
