//! Games on graphs whose values come from structure rather than search: Green
//! Hackenbush (fusion and colon principles), vertex geography (matchings),
//! tree leaf removal, the increasing-distance tree game, the Wall Making Game,
//! Node and Arc Kayles, and the AGC016F edge-subset count. Each structural
//! algorithm has a move-by-move [`ImpartialRules`](crate::ImpartialRules)
//! ruleset beside it for brute force.

mod bunny_egg;
mod dag_count;
mod dag_wins_report;
mod edge_list;
mod geography;
mod green_hackenbush;
mod increasing_distance;
mod kayles;
mod leaf_removal;
mod matching;
mod tree;
mod wall_making;

#[cfg(test)]
mod tests;

pub use bunny_egg::{
    BUNNY_EGG_MAX_CELLS, BunnyEggBoard, BunnyEggCell, BunnyEggRules, bunny_egg_winning_moves,
};
pub use dag_count::{
    DAG_COUNT_MAX_VERTICES, DAG_COUNT_MODULUS, DagCountError, count_dag_wins, count_dag_wins_brute_force,
    count_dag_wins_with,
};
pub use dag_wins_report::DagWinsReport;
pub use edge_list::{EdgeList, MAX_VERTEX_ID};
pub use geography::{
    BoardError, CellGrid, GeographyRules, geography_winning_starts, grid_geography_winning_cells,
};
pub use green_hackenbush::{GreenHackenbush, green_hackenbush_value};
pub(crate) use green_hackenbush::{grounded, keep_grounded, picture_value, pieces};
pub use increasing_distance::{IncreasingDistanceRules, increasing_distance_winning_starts};
pub use kayles::{ArcKayles, NodeKayles};
pub use leaf_removal::{
    LeafRemovalRules, UNROOTED_MAX_LEAVES, UnrootedLeafRemovalRules, leaf_removal_first_player_wins,
};
pub use matching::{
    UndirectedGraph, always_covered_bipartite, always_covered_general, edmonds_matching, hopcroft_karp,
    matching_size,
};
pub use tree::{RootedTree, TreeError};
pub use wall_making::{
    WALL_MAKING_MAX_SIDE, WALL_MAKING_MAX_WALLED_CELLS, WallMakingRules, WallMakingValues, format_wall_board,
    parse_wall_board, wall_making_values,
};
