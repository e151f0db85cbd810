//! Short partizan games: canonical forms interned in a [`GameStore`], the
//! numbers among them ([`Dyadic`]), and inline number + up + nimber values
//! ([`Nus`]).

mod display;
mod dyadic;
mod fxhash;
mod nus;
mod store;

pub use display::format_nus;
pub use dyadic::Dyadic;
pub use nus::Nus;
pub use store::{GameId, GameStore};
