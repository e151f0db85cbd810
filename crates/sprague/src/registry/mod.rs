//! The registry: how a ruleset answers by name — parameters and positions
//! parsed from text, values, winning moves, tables and play — behind one
//! object-safe interface ([`Ruleset`]), and the [`Entry`] each game declares
//! for the catalog ([`crate::catalog()`]).
//!
//! The games themselves, each with its catalog entry, are under `games/`;
//! this module keeps the generic adapters ([`Impartial`], [`HeapRuleset`],
//! [`Partizan`], [`SpaceRules`] and the crate's `CellGrid`) and the
//! vocabulary they share. The layers, from the bottom: the query vocabulary
//! (`query/`: options and errors), the solvers and players, this registry,
//! the games, and the catalog that gathers the games' entries (`catalog.rs`).

mod cell_grid;
pub(crate) mod count;
mod entry;
mod graph_position;
mod heap_family;
mod heap_rules;
mod impartial_rules;
mod json;
mod kept;
mod loopy;
mod loopy_game;
mod loopy_partizan;
mod misere_game;
mod misere_quotient;
mod partizan;
mod report;
mod ruleset;

pub(crate) use crate::query::read_position;
pub use crate::query::{Error, OnProgress, Options, Result};
pub(crate) use cell_grid::{
    BoardRules, CellGrid, annotate, note_after_outcome, play_board, play_board_closed, solve as solve_board,
};
pub use count::{RangeCount, count_listed, count_outcomes_by};
pub use entry::{Builder, Entry, Family, no_params, optional_param, whole_param, without_params};
pub use graph_position::{check_graph_memory, check_graph_size};
pub(crate) use graph_position::{
    list_vertices, normal_only, outcome_text, parse_board, parse_graph_position, parse_tree, short,
    shown_graph,
};
pub use heap_family::{CodeWatch, HeapFamily, heap_family_table, heap_game_table};
pub use heap_rules::HeapRuleset;
pub(crate) use heap_rules::{PLAY_MAX_HEAP, SPLIT_MAX};
pub(crate) use impartial_rules::misere_by_pieces;
pub use impartial_rules::{Impartial, impartial_report};
pub use json::MAX_JSON_INTEGER;
pub(crate) use kept::Kept;
pub(crate) use loopy::connect_four;
pub use loopy::{SpaceRules, connect_four_tiers, state_space};
pub use loopy_game::{
    LOOPY_BYTES_PER_STATE, LOOPY_SIDE_BYTES_PER_STATE, loopy_game_report, loopy_game_report_watched,
    loopy_game_report_within,
};
pub use loopy_partizan::LoopyPartizan;
pub use misere_game::{MAX_MISERE_GAMES, misere_game_report, misere_game_report_with};
pub use misere_quotient::{MAX_QUOTIENT_HEAPS, misere_quotient_report};
pub use partizan::{Partizan, partizan_report};
pub use report::{Data, MOVES_SHOWN, Report, Table};
pub use ruleset::Ruleset;
pub(crate) use ruleset::normal_play_only;
