//! Short partizan games: canonical forms, rulesets and the solver.

mod rules;

pub use rules::{PartizanRules, Player, moves_of, outcome_by_minimax, wins_moving_first};
