//! Short partizan games: canonical forms interned in a [`GameStore`], the
//! numbers among them ([`Dyadic`]), inline number + up + nimber values
//! ([`Nus`]), and thermographs ([`Thermograph`], [`Trajectory`]); loopy
//! partizan games (on, off, over, stoppers, sides) in [`loopy`].
//!
//! The store's files are layered, each using only the ones before it:
//! values without a store (`dyadic`, `nus`, `trajectory`, `thermograph`);
//! `store` (interning, options, `≤`, canonical construction); `ops`
//! (negation, sums, comparisons); `temperature` and `infinitesimal`;
//! `display` and `watched` (the operations a [`Monitor`](crate::Monitor)
//! may stop, in [`WatchedStore`]).

mod component_memo;
mod display;
mod dyadic;
mod game_id;
mod infinitesimal;
pub mod loopy;
mod nus;
mod ops;
mod pair_memo;
mod rules;
mod solver;
mod store;
mod temperature;
mod thermograph;
mod thermograph_svg;
mod trajectory;
mod variant;
mod watched;

pub use dyadic::Dyadic;
pub use game_id::GameId;
pub use infinitesimal::MAX_TOLERANCE_STAR;
pub use nus::{Nus, format_nus};
pub use rules::{NumberSearch, PartizanRules, Player, moves_of, outcome_by_minimax, wins_moving_first};
pub use solver::{PartizanSolver, value_by_definition};
pub(crate) use store::Op;
pub use store::{GameStore, NIMBER_COMBINE_LIMIT, TooLargeToExpand, UP_COMBINE_LIMIT};
pub use temperature::cooling_defined;
pub use thermograph::Thermograph;
pub use thermograph_svg::thermograph_svg;
pub use trajectory::{Trajectory, TrajectoryPiece};
pub use variant::{DicoticVariant, ImpartialVariant, Twist, TwistedVariant, Variant};
pub use watched::WatchedStore;
