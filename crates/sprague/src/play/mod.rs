//! Perfect players for game sessions: the [`Engine`] trait a ruleset's player
//! implements, its object-safe face [`PlayEngine`], the players of each family
//! (impartial, partizan, loopy state spaces), the players of the games on
//! graphs, text boards, and the [`Session`] every surface plays a game through.

pub mod board;
mod closed_form_play;
mod engine;
mod engines;
mod erased;
mod geography;
#[cfg(test)]
mod graph_tests;
mod graph_text;
mod hackenbush;
mod increasing_distance;
mod kayles;
mod leaf_removal;
mod session;
mod wall_making;

pub use crate::loopy::SpaceNotation;
pub use closed_form_play::ClosedFormPlay;
pub use engine::{Engine, Kind, Verdict};
pub(crate) use engines::best_state_moves;
pub use engines::{ImpartialEngine, PartizanEngine, SpaceEngine};
pub use erased::{PlayEngine, PosId, erase};
pub(crate) use geography::GeographyEngine;
pub(crate) use graph_text::parse_in;
pub(crate) use hackenbush::HackenbushEngine;
pub(crate) use increasing_distance::DistancePlay;
pub(crate) use kayles::KaylesPlay;
pub(crate) use leaf_removal::{LeafEngine, UnrootedLeafEngine};
pub use session::{
    Blunder, By, GameOver, JudgedOption, Judgement, MoveError, Ply, Reply, Seats, Session, Turn, keeps,
};
pub(crate) use wall_making::WallEngine;
