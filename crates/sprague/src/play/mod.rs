//! Perfect players for game sessions: the [`Engine`] trait a ruleset's player
//! implements, its object-safe face [`PlayEngine`], the players of each family
//! (impartial, partizan, loopy state spaces), and text boards.

pub mod board;
mod engine;
mod engines;
mod erased;

pub use engine::{Engine, Kind, Verdict};
pub(crate) use engines::best_state_moves;
pub use engines::{ImpartialEngine, PartizanEngine, SpaceEngine, SpaceNotation};
pub use erased::{PlayEngine, PosId, erase};
