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
    /// A ruleset name that is not in the catalog.
    UnknownRuleset {
        /// The name as given (without parameters or a variant prefix).
        name: String,
        /// The closest catalog name, when one is near (at most three edits).
        suggestion: Option<&'static str>,
    },
    /// A verb that the ruleset does not answer.
    Unsupported(Verb),
    /// Any other bad input (bad parameters, an option the ruleset does not
    /// support, a position too large): one line.
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
            Error::UnknownRuleset { name, suggestion } => {
                write!(f, "unknown ruleset `{name}`")?;
                if let Some(s) = suggestion {
                    write!(f, "; did you mean `{s}`?")?;
                }
                f.write_str(" (`sprague games` lists them all)")
            }
            Error::Unsupported(verb) => f.write_str(verb.needs()),
            Error::Input(m) | Error::Internal(m) => f.write_str(m),
            Error::Search(e) => e.fmt(f),
            Error::Memory(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for Error {}

/// A verb that only some rulesets answer (see [`Error::Unsupported`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verb {
    /// Grundy values of single heaps, with their period.
    Table,
    /// Counting positions by value over a range of heap sizes.
    Count,
    /// The misère quotient of a heap game.
    MisereQuotient,
    /// Playing a game move by move.
    Play,
}

impl Verb {
    /// The verb's name on the command line.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Verb::Table => "table",
            Verb::Count => "count",
            Verb::MisereQuotient => "misere-quotient",
            Verb::Play => "play",
        }
    }

    /// What the verb needs of a ruleset, with examples (one line).
    #[must_use]
    pub const fn needs(self) -> &'static str {
        match self {
            Verb::Table => {
                "`table` needs a one-heap ruleset such as octal:0.07 or subtraction:1,3,4 (see `sprague games`)"
            }
            Verb::Count => {
                "`count` needs a ruleset whose single heaps have a closed form or a proven period, such as kayles, bash:3 or memory2c:2 (see `sprague games`)"
            }
            Verb::MisereQuotient => {
                "`misere-quotient` needs a heap ruleset such as octal:0.75, hex:0.f or subtraction:1,2 (see `sprague games`)"
            }
            Verb::Play => "this ruleset cannot be played (see `sprague games`)",
        }
    }
}

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
