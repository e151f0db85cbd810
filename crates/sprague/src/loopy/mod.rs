//! Games whose positions may repeat, and games played for a score: win/lose/draw
//! with remoteness on graphs and on state spaces, asymmetric preferences, loopy
//! impartial values (generalised Sprague–Grundy), and minimax.

mod wld;

pub use wld::{GraphTooLarge, Solved, Wld, WldTable, solve_graph, solve_graph_baseline};
