//! Perfect players for game sessions: the [`Engine`] trait a ruleset's player
//! implements, its object-safe face [`PlayEngine`], the players of each family
//! (impartial, partizan, loopy state spaces), and text boards.

pub mod board;
mod engine;
mod engines;
mod erased;
mod multiples;
mod poker_nim;

pub use engine::{Engine, Kind, Verdict};
pub use engines::{ImpartialEngine, PartizanEngine, SpaceEngine, SpaceNotation};
pub use erased::{PlayEngine, PosId, erase};
pub use multiples::{MULTIPLES_MISERE_PLAY_LIMIT, MULTIPLES_PLAY_LIMIT, MultiplesPlay, multiples_engine};
pub use poker_nim::{POKER_PLAY_LIMIT, PokerEngine};
