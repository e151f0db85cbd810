//! Solving a demo's state space for `sprague solve`: across the processes
//! of a distributed solve when one is asked for, else in this process with
//! the threads asked for (the core's [`LocalSolver`]), stopped cleanly by
//! Ctrl-C.

use super::solve_args::SolveArgs;
use crate::error::{CliError, CliResult};
use crate::progress::{self, Polling};
use sprague::StateSpace;
use sprague::demo::{LocalSolver, SpaceSolver};

/// The solver of `sprague solve --demo`: the distributed solve of `a.dist`
/// when active, else the core's [`LocalSolver`] with `a`'s threads and
/// state budget on the process's monitor.
pub struct CliSolver<'a>(pub &'a SolveArgs);

impl SpaceSolver for CliSolver<'_> {
    type Error = CliError;

    /// `input` is what the space was read from (a board picture), compared
    /// between the processes of a distributed solve by its digest (0 for
    /// the built-in spaces).
    fn solve<S: StateSpace + Clone + Send + Sync + 'static>(
        &self,
        space: &S,
        input: &[u8],
    ) -> CliResult<sprague::loopy::StateTable> {
        let a = self.0;
        if a.dist.active() {
            let digest = if input.is_empty() {
                0
            } else {
                super::dist::digest(input)
            };
            return super::dist::solve(
                space.clone(),
                std::any::type_name::<S>(),
                digest,
                &a.dist,
                false,
                a.max_states,
            );
        }
        // The solver polls the monitor: the first Ctrl-C stops it cleanly.
        let _polling = Polling::start();
        let local = LocalSolver {
            threads: a.threads,
            max_states: a.max_states,
            monitor: progress::monitor(),
        };
        Ok(local.solve(space, input)?)
    }

    fn in_process(&self) -> bool {
        !self.0.dist.active()
    }
}
