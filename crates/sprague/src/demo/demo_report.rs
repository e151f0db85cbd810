//! [`DemoReport`]: what a demo says, one variant per kind of demo, with its
//! one JSON form and its text.

use core::fmt::Write as _;

use super::EndgameReport;
use crate::loopy::{SolvedValue, SpaceStats, Wld};
use crate::registry::Data;

/// Tic-tac-toe solved from the empty board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TicTacToeReport {
    /// Positions reachable from the empty board (itself included).
    pub reachable: u64,
    /// Of those, the wins, losses and draws for the player to move.
    pub counts: [u64; 3],
    /// The value of the empty board.
    pub start: SolvedValue,
    /// The statistics of the reachable positions, games counted.
    pub statistics: SpaceStats,
}

/// King and rook against king on the whole board, White to move wins
/// ([`crate::loopy::Krk`]).
#[derive(Clone, Debug, PartialEq)]
pub struct KrkReport {
    /// The endgame in words.
    pub title: &'static str,
    /// The longest forced mate in White's moves.
    pub longest_mate_moves: usize,
    /// The same as a remoteness in plies.
    pub longest_mate_plies: usize,
    /// The first position of the longest mate, in notation.
    pub longest_example: Option<String>,
    /// `mate_in_moves_counts[n]`: positions (White to move) mated in `n` moves.
    pub mate_in_moves_counts: Vec<u64>,
    /// The statistics of every state.
    pub statistics: SpaceStats,
    /// Seconds the solve took, when the caller gave a clock.
    pub seconds: Option<f64>,
}

/// Who wins a river-pawn board ([`crate::loopy::RiverPawn`]) with perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RiverPawnReport {
    /// `Red` (to move first), `Black`, or `Tie`.
    pub result: &'static str,
    /// The remoteness in plies of a won board; `None` for a tie.
    pub steps: Option<u32>,
}

/// The answer of [`solve_demo`](super::solve_demo): one variant per kind of
/// demo. [`data`](DemoReport::data) holds its fields (the JSON every surface
/// prints, [`to_json`](DemoReport::to_json)), [`text`](DemoReport::text) the
/// same answer for people.
#[derive(Clone, Debug, PartialEq)]
pub enum DemoReport {
    /// `tic-tac-toe`.
    TicTacToe(TicTacToeReport),
    /// `krk`.
    Krk(KrkReport),
    /// `kqk`, `krk-table`, `kpk`.
    Endgame(EndgameReport),
    /// `river-pawn`.
    RiverPawn(RiverPawnReport),
}

/// `["W", 3]`, `["L", 0]` or `["D", null]`.
fn solved_data(s: SolvedValue) -> Data {
    Data::List(vec![s.wld.as_str().into(), s.remoteness.into()])
}

impl DemoReport {
    /// The fields of the answer, in the order they are printed; `demo` (the
    /// name) first. O(size of the report).
    #[must_use]
    pub fn data(&self) -> Data {
        match self {
            DemoReport::TicTacToe(r) => {
                let [w, l, d] = r.counts;
                Data::map()
                    .with("demo", "tic-tac-toe")
                    .with("reachable", r.reachable)
                    .with("counts", Data::map().with("W", w).with("L", l).with("D", d))
                    .with("start", solved_data(r.start))
                    .with("statistics", r.statistics.data())
            }
            DemoReport::Krk(r) => Data::map()
                .with("demo", "krk")
                .with("longest_mate_moves", r.longest_mate_moves)
                .with("longest_mate_plies", r.longest_mate_plies)
                .with("longest_example", r.longest_example.as_deref())
                .with("mate_in_moves_counts", r.mate_in_moves_counts.as_slice())
                .with("statistics", r.statistics.data())
                .with("seconds", r.seconds),
            DemoReport::Endgame(r) => r.data(),
            DemoReport::RiverPawn(r) => Data::map()
                .with("demo", "river-pawn")
                .with("result", r.result)
                .with("steps", r.steps),
        }
    }

    /// The answer as one JSON object ([`Data::to_json`]: the same bytes on
    /// every surface). No integer of a demo passes 2^53 − 1 but the game
    /// counts, which are written as strings of digits in any case.
    #[must_use]
    pub fn to_json(&self) -> String {
        self.data().to_json()
    }

    /// The answer for people.
    #[must_use]
    pub fn text(&self) -> String {
        match self {
            DemoReport::TicTacToe(r) => {
                let [w, l, d] = r.counts;
                let mut text = format!(
                    "tic-tac-toe: {} positions reachable from the empty board (W {w}, L {l}, D {d} for the player to move)\nempty board: {} (perfect play is a draw)\n",
                    r.reachable, r.start
                );
                r.statistics.write_text(&mut text);
                text
            }
            DemoReport::Krk(r) => {
                let solved = r
                    .seconds
                    .map(|s| format!(", solved in {s:.2} s"))
                    .unwrap_or_default();
                let mut text = format!(
                    "{}: longest mate: mate in {} moves (remoteness {} plies, White to move){solved}\n",
                    r.title, r.longest_mate_moves, r.longest_mate_plies
                );
                if let Some(e) = &r.longest_example {
                    let _ = writeln!(text, "a longest mate: {e}");
                }
                text.push_str("# mate in N moves: positions (White to move)\n");
                for (d, c) in r.mate_in_moves_counts.iter().enumerate().skip(1) {
                    let _ = writeln!(text, "{d} {c}");
                }
                r.statistics.write_text(&mut text);
                text
            }
            DemoReport::Endgame(r) => r.text(),
            DemoReport::RiverPawn(r) => match r.steps {
                Some(s) => format!("{} {s}\n", r.result),
                None => "Tie\n".to_string(),
            },
        }
    }
}

/// The result of a river-pawn board whose start has value `s` (Red moves
/// first).
pub(super) fn river_pawn_result(s: SolvedValue) -> RiverPawnReport {
    let (result, steps) = match (s.wld, s.remoteness) {
        (Wld::Win, r) => ("Red", r),
        (Wld::Lose, r) => ("Black", r),
        _ => ("Tie", None),
    };
    RiverPawnReport { result, steps }
}
