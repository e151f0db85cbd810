//! The registry: every built-in ruleset by name — parameters and positions
//! parsed from text, values, winning moves, tables and play — behind one
//! object-safe interface ([`Ruleset`]) with its documentation ([`catalog`]).
//!
//! Each family of rulesets registers its entries from its own file.

mod boards;
mod catalog;
mod contest;
pub(crate) mod count;
mod domineering_outcome;
mod error;
mod graph_position;
mod graphs;
mod heap_family;
mod heap_rules;
mod heaps;
mod impartial;
mod impartial_rules;
mod loopy;
mod loopy_game;
mod loopy_partizan;
mod misere_game;
mod misere_quotient;
mod partizan;
mod report;
mod ruleset;

pub use catalog::{
    ALIASES, Builder, Entry, Family, build, catalog, edit_distance, lookup, no_params, whole_param,
    without_params,
};
pub use count::{RangeCount, count_listed, count_outcomes_by};
pub(crate) use error::read_position;
pub use error::{Error, Result};
pub use graph_position::{check_graph_memory, check_graph_size};
pub use heap_family::{CodeWatch, HeapFamily, heap_family_table, heap_game_table};
pub use heap_rules::HeapRuleset;
pub use impartial_rules::{Impartial, impartial_report};
pub use loopy::{SpaceRules, connect_four_tiers, state_space};
pub use loopy_game::{LOOPY_BYTES_PER_STATE, loopy_game_report, loopy_game_report_within};
pub use loopy_partizan::LoopyPartizan;
pub use misere_game::{MAX_MISERE_GAMES, misere_game_report, misere_game_report_with};
pub use misere_quotient::{MAX_QUOTIENT_HEAPS, misere_quotient_report};
pub use partizan::{Partizan, partizan_report};
pub use report::{Data, MOVES_SHOWN, Report, Table};
pub use ruleset::{OnProgress, Options, Ruleset};
