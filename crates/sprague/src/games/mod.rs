//! Built-in rulesets, one file per family.

mod bash;
mod nim;

pub use bash::Bash;
pub use nim::Nim;
mod wythoff;
pub use wythoff::{Wythoff, wythoff_index, wythoff_is_p, wythoff_pair, wythoff_partner, wythoff_winning_moves};
