//! Short partizan games: canonical forms interned in a [`GameStore`], the
//! numbers among them ([`Dyadic`]), inline number + up + nimber values
//! ([`Nus`]), and thermographs ([`Thermograph`], [`Trajectory`]).

mod display;
mod dyadic;
mod fxhash;
mod nus;
mod ops;
mod rules;
mod solver;
mod store;
mod thermograph;
mod trajectory;

pub use display::format_nus;
pub use dyadic::Dyadic;
pub use nus::Nus;
pub use rules::{PartizanRules, Player, moves_of, outcome_by_minimax, wins_moving_first};
pub use solver::{PartizanSolver, value_by_definition};
pub use store::{GameId, GameStore};
pub use thermograph::Thermograph;
pub use trajectory::{Piece, Trajectory};
