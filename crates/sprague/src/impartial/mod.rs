//! Impartial games: rulesets, the memoised Grundy solver, misère search, and
//! Grundy values of explicit acyclic graphs.

mod dag;
mod misere;
mod misere_form;
mod pieces;
mod rules;
mod solver;
mod tame;

pub use dag::{GraphCycle, GrundyDagError, grundy_dag, grundy_dag_with};
pub use misere::MisereSolver;
pub use misere_form::{
    DEFAULT_MAX_MISERE_GAMES, Genus, MAX_MISERE_NESTING, MisereGame, MisereParseError, MisereStore,
};
pub use pieces::{PieceMisereSolver, PieceRules};
pub use rules::{ImpartialRules, split_pieces};
pub use solver::GrundySolver;
pub use tame::{TameComponent, TameSum};
