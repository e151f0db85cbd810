//! Distributed retrograde solving for sprague on timely-dataflow: the
//! win/lose/draw and remoteness of every state of a
//! [`StateSpace`](sprague::StateSpace), computed by worker threads in one
//! or more processes (connected over TCP, addresses from a hosts file),
//! identical to the one-thread [`sprague::StateSpaceSolver`].
//!
//! ```
//! use std::sync::Arc;
//! use sprague::{StateSpaceSolver, loopy::TicTacToe};
//! use sprague_dist::{Cluster, DistSolver};
//! let table = DistSolver::new(Cluster::threads(2)).solve(Arc::new(TicTacToe), "tic-tac-toe").unwrap().unwrap();
//! let one = StateSpaceSolver::new(&TicTacToe).solve().unwrap();
//! assert!((0..one.len()).all(|s| table.get(s) == one.get(s)));
//! ```

mod cluster;
mod error;
mod graph;
mod solve;

pub use cluster::{Cluster, MAX_PROCESSES, MAX_WORKERS, parse_hosts, read_hosts};
pub use error::DistError;
pub use graph::GraphSpace;
pub use solve::{DistOptions, DistSolver};
