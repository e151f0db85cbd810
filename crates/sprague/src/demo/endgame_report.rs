//! [`EndgameReport`]: a three-piece chess endgame solved whole, with its
//! figures for each side to move.

use core::fmt::Write as _;

use super::space_stats_report::histogram;
use crate::loopy::EndgameSide;
use crate::registry::Data;

/// The figures of a solved chess endgame (the `kqk`, `krk-table` and `kpk`
/// demos): White to move first, then Black ([`crate::loopy::endgame_summary`]).
#[derive(Clone, Debug, PartialEq)]
pub struct EndgameReport {
    /// The demo's name.
    pub demo: &'static str,
    /// The endgame in words.
    pub title: &'static str,
    /// Seconds the solve took, when the caller gave a clock.
    pub seconds: Option<f64>,
    /// White to move, then Black to move.
    pub sides: [EndgameSide; 2],
}

/// The names of the sides to move, in the order of [`EndgameReport::sides`].
const WHO: [&str; 2] = ["White", "Black"];

impl EndgameReport {
    /// The fields: `demo`, `seconds`, and `by_side_to_move` (per side:
    /// `to_move`, `positions`, `white_wins`, `draws`, `stalemates`,
    /// `checkmates`, `mate_in_moves_counts` (index = moves),
    /// `longest_mate_moves`, `longest_mate_plies`, `longest_mate_positions`,
    /// `longest_mate_positions_up_to_symmetry`, `longest_example`). O(depth).
    #[must_use]
    pub fn data(&self) -> Data {
        let sides: Vec<Data> = self
            .sides
            .iter()
            .zip(WHO)
            .map(|(s, who)| {
                Data::map()
                    .with("to_move", who)
                    .with("positions", s.positions)
                    .with("white_wins", s.wins_by_depth.iter().sum::<u64>())
                    .with("draws", s.draws)
                    .with("stalemates", s.stalemates)
                    .with("checkmates", s.checkmates)
                    .with("mate_in_moves_counts", s.wins_by_depth.as_slice())
                    .with("longest_mate_moves", s.longest_moves)
                    .with("longest_mate_plies", s.longest_plies)
                    .with("longest_mate_positions", s.longest_count)
                    .with(
                        "longest_mate_positions_up_to_symmetry",
                        s.longest_count_up_to_symmetry,
                    )
                    .with("longest_example", s.longest_example.as_deref())
            })
            .collect();
        Data::map()
            .with("demo", self.demo)
            .with("seconds", self.seconds)
            .with("by_side_to_move", sides)
    }

    /// The report for people: the title and solve time, then per side to
    /// move its positions, wins, draws, longest mate and the counts of mates
    /// in N moves. O(depth).
    #[must_use]
    pub fn text(&self) -> String {
        let mut text = match self.seconds {
            Some(secs) => format!("{}: solved in {secs:.2} s\n", self.title),
            None => format!("{}: solved\n", self.title),
        };
        for (s, who) in self.sides.iter().zip(WHO) {
            let wins: u64 = s.wins_by_depth.iter().sum();
            let _ = writeln!(
                text,
                "{who} to move: {} positions; White wins {wins}, draws {} (stalemates {}), checkmates {}",
                s.positions, s.draws, s.stalemates, s.checkmates
            );
            let _ = writeln!(
                text,
                "  longest mate: mate in {} (remoteness {}), {} positions ({} up to symmetry){}",
                count(s.longest_moves, "move", "moves"),
                count(s.longest_plies, "ply", "plies"),
                s.longest_count,
                s.longest_count_up_to_symmetry,
                s.longest_example
                    .as_ref()
                    .map(|e| format!(", e.g. {e}"))
                    .unwrap_or_default()
            );
            let _ = writeln!(
                text,
                "  mate in N moves (N:positions): {}",
                histogram(&s.wins_by_depth)
            );
        }
        text
    }
}

/// `n` and the noun for it: `1 ply`, `3 plies`.
fn count(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
