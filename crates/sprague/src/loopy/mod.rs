//! Games whose positions may repeat, and games played for a score: win/lose/draw
//! with remoteness on graphs and on state spaces, asymmetric preferences, loopy
//! impartial values (generalised Sprague–Grundy), and minimax.

mod connect_four;
mod connect_four_tiers;
mod endgame;
mod gsg;
mod krk;
mod lamp;
mod minimax;
mod ordered;
mod preferences;
mod pursuit;
mod retrograde;
mod river_pawn;
mod space;
mod space_notation;
mod state_cell;
mod stats;
mod tictactoe;
mod tiered;
mod wld;

pub use connect_four::{ConnectFour, ConnectFourSizeError};
pub use connect_four_tiers::ConnectFourTiers;
pub use endgame::{Endgame, EndgameSide, Material, endgame_summary, solve_kpk_by_pawn_rank};
pub use gsg::{LoopyValue, loopy_grundy, loopy_grundy_with, loopy_sum_outcome};
pub use krk::{Krk, krk_depth_counts, krk_longest_mate, krk_longest_mate_example};
pub use lamp::{LAMP_MAX_SWITCHES, LampGame};
pub use minimax::{
    MinimaxDagError, MinimaxTree, alpha_beta, alpha_beta_with, and_or_random, and_or_random_with,
    minimax_dag, minimax_dag_with, minimax_tree,
};
pub use ordered::{implied_value, solve_ordered};
pub use preferences::{
    EXHAUSTIVE_MAX_VERTICES, PreferencesMethod, Ranking, UnsupportedRankings, retrograde_supports,
    solve_preferences, solve_preferences_auto, solve_preferences_exhaustive,
    solve_preferences_exhaustive_with,
};
pub use pursuit::{SPEIKE_AND_TOM_MAX_VERTICES, SpeikeAndTom, SpeikeAndTomError};
pub use retrograde::{
    CountdownCell, Induction, NodeIndex, PredecessorCsr, PredecessorLists, Predecessors, RelaxFn, Retrograde,
    ReversedGraph, Unmoves, countdown,
};
pub use river_pawn::{RiverPawn, RiverPawnBoardError};
pub use space::{
    MAX_THREADS, SolveError, StateSpace, StateSpaceSolver, StateTable, check_threads, reachable,
    reachable_counts,
};
pub use space_notation::SpaceNotation;
pub use state_cell::{SpaceLimit, StateCell};
pub use stats::{ClassCounts, SideStats, SpaceFacts, SpaceStats, space_stats};
pub use tictactoe::TicTacToe;
pub use tiered::{
    TIER_MAX_REMOTENESS, TierNode, TieredError, TieredOptions, TieredSpace, solve_tiered, tier_code,
    tier_value, tiered_peak_states, tiered_reachable,
};
pub use wld::{
    GraphTooLarge, SolveGraphError, SolvedValue, Wld, WldTable, depth_in_moves, distance_words, solve_graph,
    solve_graph_baseline, solve_graph_with,
};
