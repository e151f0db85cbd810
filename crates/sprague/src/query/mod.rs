//! The query vocabulary: what every request to the engine carries and what
//! it may fail with — [`Options`] (play convention, budgets, the monitor),
//! the progress callback [`OnProgress`], and the one error type [`Error`]
//! with its [`Result`].
//!
//! It sits below everything that answers requests: the solvers that take
//! [`Options`] (`loopy`, `play`), the players of `play`, the registry's
//! adapters and the games. It imports only the budgets and the monitor
//! ([`crate::budget`], [`crate::monitor`]), the notation's
//! [`ParseError`](crate::ParseError) and one default of [`crate::heap`], so
//! no import runs from a solver back up to the registry. The notation of a
//! state space ([`SpaceNotation`](crate::loopy::SpaceNotation)) lives beside
//! the state spaces it writes, in `loopy`.

mod error;
mod options;

pub(crate) use error::read_position;
pub use error::{Error, Result, Verb};
pub use options::{OnProgress, Options};
