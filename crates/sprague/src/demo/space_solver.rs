//! [`SpaceSolver`]: how a demo's state space gets solved — in this process
//! ([`LocalSolver`]), or by a caller that solves it elsewhere (the command
//! line's distributed solve across processes).

use crate::Monitor;
use crate::loopy::{SolveError, StateSpace, StateSpaceSolver, StateTable};
use crate::monitor::Stopped;
use crate::registry::Error;

/// Solves a state space into its table of win/lose/draw values with
/// remoteness. A demo asks for one solve (or none, for a space it solves
/// tier by tier itself when [`in_process`](SpaceSolver::in_process)).
pub trait SpaceSolver {
    /// The error of a solve; the demo's own errors convert into it.
    type Error: From<Error>;

    /// The solved table of `space`. `input` is what the space was read from
    /// (a board picture; empty for a built-in space), for a solver that
    /// checks that every process it uses reads the same.
    ///
    /// # Errors
    /// Whatever stopped the solve (a budget, an interruption, a failed
    /// transport).
    fn solve<S: StateSpace + Clone + Send + Sync + 'static>(
        &self,
        space: &S,
        input: &[u8],
    ) -> Result<StateTable, Self::Error>;

    /// Whether the solve runs in this process with
    /// [`DemoOptions::threads`](super::DemoOptions::threads): a space with a
    /// solve of its own by tiers (KPK, one pawn rank at a time) is then
    /// solved that way; otherwise every space goes to [`solve`](Self::solve)
    /// whole.
    fn in_process(&self) -> bool {
        true
    }
}

/// Solves in this process: [`StateSpaceSolver`] with a thread count, a state
/// budget and a monitor (Ctrl-C or a memory budget stops it cleanly).
#[derive(Clone, Copy, Debug)]
pub struct LocalSolver {
    /// Threads of the solve (the values are the same for any number).
    pub threads: usize,
    /// Most states solved.
    pub max_states: usize,
    /// The monitor polled while solving.
    pub monitor: &'static Monitor,
}

impl SpaceSolver for LocalSolver {
    type Error = Error;

    fn solve<S: StateSpace + Clone + Send + Sync + 'static>(
        &self,
        space: &S,
        _input: &[u8],
    ) -> Result<StateTable, Error> {
        StateSpaceSolver::new(space)
            .threads(self.threads)
            .max_states(self.max_states)
            .with_monitor(self.monitor)
            .solve()
            .map_err(solve_error)
    }
}

/// A stopped solve as an [`Error`]: the budget or the interruption as
/// such, any other failure as bad input in its own words.
#[must_use]
pub fn solve_error(e: SolveError) -> Error {
    match e {
        Stopped::Interrupted(i) => i.into(),
        Stopped::Budget(b) => b.into(),
        Stopped::Failed(other) => Error::input(other.to_string()),
    }
}
