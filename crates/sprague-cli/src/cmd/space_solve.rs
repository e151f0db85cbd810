//! Solving a built-in state space for `sprague solve`: across the processes
//! of a distributed solve when one is asked for, else in this process with
//! the threads asked for, stopped cleanly by Ctrl-C.

use super::solve_args::SolveArgs;
use crate::error::{CliError, CliResult};
use crate::progress::{self, Polling};
use sprague::{StateSpace, StateSpaceSolver, loopy::SolveError};

/// Solves `space`; `input` is a digest of what the space was read from (a
/// board picture), 0 for the built-in spaces, compared between the
/// processes of a distributed solve.
pub fn space_solve<S: StateSpace + Clone + Send + Sync + 'static>(
    space: &S,
    a: &SolveArgs,
    input: u64,
) -> CliResult<sprague::loopy::StateTable> {
    if a.dist.active() {
        return super::dist::solve(
            space.clone(),
            std::any::type_name::<S>(),
            input,
            &a.dist,
            false,
            a.max_states,
        );
    }
    // The solver polls the monitor: the first Ctrl-C stops it cleanly.
    let _polling = Polling::start();
    StateSpaceSolver::new(space)
        .threads(a.threads)
        .max_states(a.max_states)
        .with_monitor(progress::monitor())
        .solve()
        .map_err(|e| match e {
            SolveError::Interrupted(i) => i.into(),
            SolveError::Budget(b) => b.into(),
            other => CliError::input(other.to_string()),
        })
}
