//! Built-in rulesets, one file per family.

mod bash;
mod bitgrid;
mod byteboard;
mod clobber;
mod cutcake;
mod domineering;
mod domineering_search;
mod hackenbush;
mod nim;
mod take_ab;
mod toads_frogs;

pub use bash::Bash;
pub use clobber::{Clobber, ClobberBoard};
pub use cutcake::{Cake, Cutcake};
pub use domineering::{Domineering, DomineeringBoard};
pub use domineering_search::{
    DEFAULT_SMALL_CELLS, DomineeringSearch, DomineeringSearchStats, MAX_SEARCH_SIDE,
};
pub use hackenbush::{Hackenbush, HackenbushColour, HackenbushEdge, HackenbushGraph, stalk_value};
pub use nim::Nim;
pub use take_ab::TakeAB;
pub use toads_frogs::{ToadsAndFrogs, ToadsFrogsStrip};

// Board, coin and memory games.
mod chomp;
mod coin_circle;
mod guessing;
mod memory;
mod moore;
mod multiples;
mod one_or_largest;
mod pick_nim;
mod poker_nim;
mod silver_dollar;
mod staircase;
mod suffix_flip;
mod turning;
mod turning_corners;
mod wythoff;

pub use chomp::{Chomp, ChompAsDrawn, ChompBite};
pub use coin_circle::{COIN_GAME_MAX_K, COIN_GAME_ROW_TABLE, CoinGame, CoinPart};
pub use guessing::GuessingGame;
pub use memory::{FirstMove, MEMORY_SEARCH_LIMIT, MEMORY_TABLE_LIMIT, MemoryGame, MemoryRule};
pub use moore::{
    MOORE_OPTION_LIMIT, MOORE_STATE_LIMIT, MooreNim, moore_is_p, moore_misere_is_p,
    moore_misere_winning_move, moore_winning_move,
};
pub use multiples::{KRange, MULTIPLES_MAX_COINS, MULTIPLES_MISERE_LIMIT, MultiplesFlip, parse_multiples};
pub use one_or_largest::{OneOrLargest, one_or_largest_is_p};
pub use pick_nim::{PickHeap, PickNim};
pub use poker_nim::{PokerNim, PokerPosition};
pub use silver_dollar::{CoinStrip, SilverDollar, silver_dollar_value};
pub use staircase::{StaircaseNim, odd_step_xor};
pub use suffix_flip::SuffixFlip;
pub use turning::{MAX_TURNING_COINS, TurningGame, TurningKind, odious, parse_coins};
pub use turning_corners::{CoinGrid, TurningCorners};
pub use wythoff::{
    WYTHOFF_SEARCH_LIMIT, WYTHOFF_TABLE_LIMIT, Wythoff, wythoff_grundy_table, wythoff_index, wythoff_is_p,
    wythoff_misere_winning_moves, wythoff_p_index, wythoff_pair, wythoff_partner, wythoff_sum_by_table,
    wythoff_winning_moves,
};

// Contest games of the lecture notes, answered in the problems' own terms.
mod carrot;
mod fox_and_card;
mod mex_mat;

pub use carrot::{carrot_answers, carrot_brute_force};
pub use fox_and_card::{
    FoxPlayer, format_fox_piles, fox_and_card_best_moves, fox_and_card_brute_force, fox_and_card_scores,
    parse_fox_piles,
};
pub use mex_mat::{MexMat, MexMatRules, MexMatToken};
