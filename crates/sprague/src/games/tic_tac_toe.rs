//! Tic-tac-toe as a catalog entry: the whole game solved by retrograde
//! analysis ([`crate::loopy::TicTacToe`]).

use crate::loopy::TicTacToe;
use crate::registry::{Entry, Family};

/// The catalog entries.
pub(crate) const ENTRIES: &[Entry] = &[Entry {
    name: "tic-tac-toe",
    params: "",
    family: Family::Loopy,
    summary: "noughts and crosses on 3×3: X moves first, three in a row wins, a full board is a draw",
    notation: "three rows joined by `|` with `X`, `O` and `.`, e.g. `X..|.O.|...`, or `start`",
    example: "value tic-tac-toe X..|.O.|...",
    example2: "value tic-tac-toe start --json",
    rules: "Noughts and crosses: X and O take turns to mark an empty square of a 3×3 board, X first. Three marks of one player in a row, column or diagonal win; a full board without a line is a draw.",
    known: "Perfect play from the empty board is a draw. 5,478 positions are reachable from the empty board; sprague solves every one by retrograde analysis, giving win, loss or draw with the number of moves to the end (`sprague solve --demo tic-tac-toe` prints the counts).",
    build: |name, params| super::space_without_params(name, params, TicTacToe),
}];
