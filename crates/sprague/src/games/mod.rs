//! Built-in rulesets, one file per family.

mod bash;
mod bitgrid;
mod cutcake;
mod domineering;
mod nim;
mod take_ab;
mod toads_frogs;

pub use bash::Bash;
pub use cutcake::{Cake, Cutcake};
pub use domineering::{Domineering, DomineeringBoard};
pub use nim::Nim;
pub use take_ab::TakeAB;
pub use toads_frogs::{ToadsAndFrogs, ToadsFrogsStrip};
