//! Built-in rulesets, one file per family.

mod bash;
mod bitgrid;
mod clobber;
mod cutcake;
mod domineering;
mod hackenbush;
mod nim;
mod take_ab;
mod toads_frogs;

pub use bash::Bash;
pub use clobber::{Clobber, ClobberBoard};
pub use cutcake::{Cake, Cutcake};
pub use domineering::{Domineering, DomineeringBoard};
pub use hackenbush::{Colour, Edge, Hackenbush, HackenbushGraph};
pub use nim::Nim;
pub use take_ab::TakeAB;
pub use toads_frogs::{ToadsAndFrogs, ToadsFrogsStrip};
