//! Why a distributed solve did not produce a table.

use core::fmt;

/// A distributed solve that failed: bad configuration, a peer that could not
/// be reached or died, a space the packed cells cannot hold, a budget or a
/// stop request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DistError {
    /// The configuration is wrong (worker or process counts, process index,
    /// hosts list); the text says what and where.
    Config(String),
    /// A hosts file could not be read or parsed.
    Hosts {
        /// The file.
        path: String,
        /// What is wrong, with the line number when it is about a line.
        message: String,
    },
    /// Connecting to the other processes failed (within the timeout).
    Connect(String),
    /// The connection to another process broke during the solve (a process
    /// died or the network failed).
    PeerLost(String),
    /// The space does not fit the packed solver (see
    /// [`sprague::loopy::SpaceLimit`]).
    Limit(sprague::loopy::SpaceLimit),
    /// The space has more indices than the state budget allows.
    Budget {
        /// The budget.
        max_states: usize,
        /// The space's indices.
        states: u64,
    },
    /// A stop was asked for through the monitor (Ctrl-C).
    Interrupted,
    /// A worker failed for another reason (a bug): its message.
    Worker(String),
}

impl fmt::Display for DistError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DistError::Config(m) | DistError::Connect(m) | DistError::Worker(m) => f.write_str(m),
            DistError::Hosts { path, message } => write!(f, "hosts file `{path}`: {message}"),
            DistError::PeerLost(m) => write!(
                f,
                "lost the connection to another process of the solve ({m}): it died or the network failed"
            ),
            DistError::Limit(l) => write!(f, "{l}"),
            DistError::Budget { max_states, states } => write!(
                f,
                "the space has {states} states, more than the budget of {max_states}; raise it with --max-states N"
            ),
            DistError::Interrupted => f.write_str("interrupted"),
        }
    }
}

impl std::error::Error for DistError {}
