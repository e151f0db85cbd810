//! Impartial games: rulesets, the memoised Grundy solver, misère search, and
//! Grundy values of explicit acyclic graphs.

mod dag;
mod misere;
mod rules;
mod solver;
mod tame;

pub use dag::{GraphCycle, GrundyDagError, grundy_dag, grundy_dag_with};
pub use misere::MisereSolver;
pub use rules::{ImpartialRules, split_pieces};
pub use solver::GrundySolver;
pub use tame::{TameComponent, TameSum};
