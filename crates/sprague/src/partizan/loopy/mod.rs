//! Loopy partizan games: finite game graphs whose play may cycle, played
//! under normal play with infinite play a draw (Winning Ways, ch. 11;
//! Siegel, *Combinatorial Game Theory*, ch. VI).
//!
//! A [`LoopyGame`] is a graph of positions with Left and Right options and a
//! start. Build one from its equations ([`LoopyGame::new`]), by name
//! ([`LoopyGame::on`], [`LoopyGame::off`], [`LoopyGame::over`],
//! [`LoopyGame::under`], [`LoopyGame::dud`], [`LoopyGame::upon`],
//! [`LoopyGame::tis`], [`LoopyGame::tisn`]), from a short game
//! ([`LoopyGame::from_short`]), by sums and negation, or from text with
//! [`parse_loopy`](crate::notation::parse_loopy) (`{0|pass}`, `a{0|{a|*}}`,
//! `a = {0|b}; b = {a|*}; a + 1`).
//! A ruleset whose positions may repeat (a [`PartizanRules`](crate::partizan::PartizanRules)
//! such as Backsliding Toads and Frogs) gives its game graph from a start
//! with [`Explored`].
//!
//! What it answers:
//!
//! - [`LoopyGame::outcome`]: who wins with Left or Right moving first, or a
//!   draw ([`LoopyOutcome`]), by retrograde analysis of the game's states.
//! - [`LoopyGame::is_stopper`]: no infinite alternating run of play.
//! - [`LoopyGame::ge`], [`LoopyGame::equals`], [`LoopyGame::compare`]: for
//!   stoppers, `G ≥ H` iff Left survives `G − H` moving second; for other
//!   games onside and offside compare separately ([`LoopyGame::ge_side`]).
//! - [`LoopyGame::canonical`]: the simplest form of a stopper.
//! - [`LoopyGame::onside`], [`LoopyGame::offside`]: the sides, as stoppers
//!   in simplest form: a stopper is its own sides; for other games
//!   candidates (the game without cycle moves of the player infinite play
//!   hurts, the game simplified on that side, then sidling from `on` or
//!   `off`, Winning Ways ch. 11, with its loops closed where the
//!   approximations never settle) are each checked exactly, and none comes
//!   back when no stopper equals the game on that side or the search
//!   passes its budget.
//!
//! ```
//! use sprague::partizan::loopy::LoopyGame;
//! let budget = 1_000_000;
//! // on + off = dud (Winning Ways, ch. 11).
//! let sum = LoopyGame::on().add(&LoopyGame::off(), budget).unwrap();
//! assert!(sum.equals(&LoopyGame::dud(), budget).unwrap());
//! // over = {0 | over} lies strictly between 0 and 1/2 = {0 | 1}.
//! let half = LoopyGame::new(vec![vec![1], vec![], vec![1]], vec![vec![2], vec![], vec![]], 0).unwrap();
//! let (over, zero) = (LoopyGame::over(), LoopyGame::zero());
//! assert!(over.ge(&zero, budget).unwrap() && !zero.ge(&over, budget).unwrap());
//! assert!(half.ge(&over, budget).unwrap() && !over.ge(&half, budget).unwrap());
//! ```
//!
//! Sums grow as products of graphs; every operation takes a state budget.

mod arena;
mod canonical;
mod compare;
mod display;
mod explore;
mod graph;
mod outcome;
mod sides;
mod sidling;
mod stopper;

pub use canonical::LoopyError;
pub use compare::Side;
pub use explore::Explored;
pub use graph::{InvalidGraph, LoopyGame};
pub use outcome::{LoopyOutcome, Winner};
