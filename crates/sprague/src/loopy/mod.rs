//! Games whose positions may repeat, and games played for a score: win/lose/draw
//! with remoteness on graphs and on state spaces, asymmetric preferences, loopy
//! impartial values (generalised Sprague–Grundy), and minimax.

mod krk;
mod river_pawn;
mod space;
mod tictactoe;
mod wld;

pub use krk::{Krk, krk_depth_counts, krk_longest_mate};
pub use river_pawn::{BoardError, RiverPawn};
pub use space::{SolveError, StateSpace, StateSpaceSolver, StateTable, reachable};
pub use tictactoe::TicTacToe;
pub use wld::{GraphTooLarge, Solved, Wld, WldTable, solve_graph, solve_graph_baseline};
