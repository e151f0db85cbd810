//! Built-in rulesets, one file per family.

mod bash;
mod nim;

pub use bash::Bash;
pub use nim::Nim;
