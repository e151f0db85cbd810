//! The catalog of demos: every built-in state space solved whole, by name,
//! with its title and what it reads.

use crate::loopy::Material;
use crate::registry::Error;

/// What a demo reads besides its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DemoInput {
    /// Nothing: the space is built in.
    Nothing,
    /// A board picture (rows of `.` open, `#` blocked, `O` red, `X` black),
    /// given as [`DemoOptions::board`](super::DemoOptions::board).
    BoardPicture,
}

/// Which space a demo solves and how it is reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum DemoKind {
    TicTacToe,
    Krk,
    Endgame(Material),
    RiverPawn,
}

/// One entry of [`DEMOS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DemoEntry {
    /// The name it is asked for by (`tic-tac-toe`, `krk`, …).
    pub name: &'static str,
    /// What it solves, in words (the first words of its text report).
    pub title: &'static str,
    /// What it reads besides its name.
    pub input: DemoInput,
    pub(crate) kind: DemoKind,
}

/// Every demo, in the order they are listed.
pub const DEMOS: [DemoEntry; 6] = [
    DemoEntry {
        name: "tic-tac-toe",
        title: "tic-tac-toe",
        input: DemoInput::Nothing,
        kind: DemoKind::TicTacToe,
    },
    DemoEntry {
        name: "krk",
        title: "KRK (king and rook against king)",
        input: DemoInput::Nothing,
        kind: DemoKind::Krk,
    },
    DemoEntry {
        name: "kqk",
        title: "KQK (king and queen against king)",
        input: DemoInput::Nothing,
        kind: DemoKind::Endgame(Material::Kqk),
    },
    DemoEntry {
        name: "krk-table",
        title: "KRK (king and rook against king)",
        input: DemoInput::Nothing,
        kind: DemoKind::Endgame(Material::Krk),
    },
    DemoEntry {
        name: "kpk",
        title: "KPK (king and pawn against king; promotions to a queen or a rook)",
        input: DemoInput::Nothing,
        kind: DemoKind::Endgame(Material::Kpk),
    },
    DemoEntry {
        name: "river-pawn",
        title: "river pawn",
        input: DemoInput::BoardPicture,
        kind: DemoKind::RiverPawn,
    },
];

/// The demo called `name` (exact spelling), if there is one. O(demos).
#[must_use]
pub fn demo_entry(name: &str) -> Option<&'static DemoEntry> {
    DEMOS.iter().find(|d| d.name == name)
}

/// The error for a demo name not in [`DEMOS`]: `unknown demo `NAME`:
/// expected a, b or c`.
#[must_use]
pub fn unknown_demo(name: &str) -> Error {
    let names: Vec<&str> = DEMOS.iter().map(|d| d.name).collect();
    let expected = match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        Some((last, _)) => (*last).to_string(),
        None => String::new(),
    };
    Error::input(format!("unknown demo `{name}`: expected {expected}"))
}
