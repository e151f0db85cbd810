//! # sprague — a combinatorial game theory engine
//!
//! Values, outcomes and winning moves of combinatorial games: impartial games
//! and the Sprague–Grundy theorem, nimbers and the nim field, explicit game
//! graphs, and (in later modules) loopy and partizan games.
//!
//! The vocabulary is flat: [`Nimber`], [`Outcome`], [`ImpartialRules`],
//! [`GrundySolver`], [`DiGraph`], and one type per built-in ruleset.
//!
//! ```
//! use sprague::{GrundySolver, Nim, Nimber, Outcome};
//!
//! // Nim with heaps 3, 4, 5: nim-sum 3 ⊕ 4 ⊕ 5 = 2, a first-player win.
//! let mut solver = GrundySolver::new(&Nim);
//! let g = solver.grundy(&vec![3, 4, 5]).unwrap();
//! assert_eq!(g, Nimber(2));
//! assert_eq!(Outcome::from_grundy(g), Outcome::N);
//! // The one winning move takes the heap of 3 down to 1.
//! assert_eq!(solver.winning_moves(&vec![3, 4, 5]).unwrap(), vec![vec![1, 4, 5]]);
//!
//! // Nim multiplication: the nimbers below 2^64 form a field.
//! assert_eq!(Nimber(2) * Nimber(2), Nimber(3));
//! ```
#![cfg_attr(not(test), warn(clippy::unwrap_used, clippy::expect_used))]

mod budget;
mod games;
mod graph;
mod graphgames;
mod heap;
mod impartial;
mod loopy;
mod monitor;
mod nimber;
mod notation;
mod outcome;
mod partizan;
pub mod play;
mod registry;

pub use budget::{BudgetExceeded, DEFAULT_MAX_STATES};
pub use games::*;
pub use graph::{DiGraph, GraphError};
pub use graphgames::*;
pub use heap::*;
pub use impartial::*;
pub use loopy::*;
pub use monitor::{Interrupted, Monitor, SearchError, Ticker};
pub use nimber::{Nimber, mex, mex_in_place, nim_mul_plain};
pub use notation::*;
pub use outcome::Outcome;
pub use partizan::*;
pub use registry::{
    Builder, Data, Entry, Error, Family, Impartial, Options, Partizan, Report, Result, Ruleset, SpaceRules,
    Table, build, catalog, catalog_groups, edit_distance, impartial_report, lookup, no_params,
    partizan_report, whole_param,
};
