//! Built-in rulesets, one file per family.

mod bash;
mod nim;

pub use bash::Bash;
pub use nim::Nim;
mod wythoff;
pub use wythoff::{
    Wythoff, wythoff_grundy_table, wythoff_index, wythoff_is_p, wythoff_misere_winning_moves, wythoff_pair,
    wythoff_partner, wythoff_winning_moves,
};
mod silver_dollar;
mod staircase;
pub use silver_dollar::{CoinStrip, SilverDollar, silver_dollar_value};
pub use staircase::{StaircaseNim, odd_step_xor};
mod moore;
pub use moore::{MooreNim, moore_is_p, moore_winning_move};
mod poker_nim;
pub use poker_nim::{PokerNim, PokerPosition};
mod memory;
pub use memory::{FirstMove, MemoryGame, MemoryRule};
mod chomp;
pub use chomp::Chomp;
mod turning;
pub use turning::{MAX_COINS, TurningGame, TurningKind, odious, parse_coins};
mod turning_corners;
pub use turning_corners::{CoinGrid, TurningCorners};
mod multiples;
pub use multiples::{KRange, MultiplesFlip, parse_multiples};
mod one_or_largest;
pub use one_or_largest::{OneOrLargest, one_or_largest_is_p};
