//! Play outcomes of loopy games: who wins with Left or Right moving first,
//! under normal play with infinite play a draw.

use super::arena::{Arena, LEFT, RIGHT};
use super::graph::LoopyGame;
use crate::outcome::Outcome;
use core::fmt;

/// Who wins a loopy game from one position with one player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Winner {
    /// Left forces Right to be stuck in finitely many moves.
    Left,
    /// Right forces Left to be stuck in finitely many moves.
    Right,
    /// Neither can force a win: with best play the game goes on forever.
    Draw,
}

impl Winner {
    /// `L`, `R` or `D`.
    #[must_use]
    pub fn letter(self) -> char {
        match self {
            Winner::Left => 'L',
            Winner::Right => 'R',
            Winner::Draw => 'D',
        }
    }

    /// `Left wins`, `Right wins` or `draw`.
    #[must_use]
    pub fn words(self) -> &'static str {
        match self {
            Winner::Left => "Left wins",
            Winner::Right => "Right wins",
            Winner::Draw => "draw",
        }
    }
}

/// The outcome of a loopy game: the result with Left moving first and with
/// Right moving first (Siegel, *Combinatorial Game Theory*, VI.1: nine
/// outcome classes, of which four are the classes of short games).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LoopyOutcome {
    /// The result when Left moves first.
    pub left_first: Winner,
    /// The result when Right moves first.
    pub right_first: Winner,
}

impl LoopyOutcome {
    /// The short-game class `L`, `R`, `N` or `P` when neither result is a draw.
    #[must_use]
    pub fn short(&self) -> Option<Outcome> {
        Some(match (self.left_first, self.right_first) {
            (Winner::Left, Winner::Left) => Outcome::L,
            (Winner::Right, Winner::Right) => Outcome::R,
            (Winner::Left, Winner::Right) => Outcome::N,
            (Winner::Right, Winner::Left) => Outcome::P,
            _ => return None,
        })
    }

    /// A short code: `L`, `R`, `N`, `P` for the short classes, `D` for a draw
    /// whoever starts, otherwise two letters (Left-first result, then
    /// Right-first result), e.g. `LD`: Left wins moving first, a draw when
    /// Right starts.
    #[must_use]
    pub fn code(&self) -> String {
        if let Some(o) = self.short() {
            return o.to_string();
        }
        if (self.left_first, self.right_first) == (Winner::Draw, Winner::Draw) {
            return "D".to_string();
        }
        format!("{}{}", self.left_first.letter(), self.right_first.letter())
    }
}

impl fmt::Display for LoopyOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (Left first: {}; Right first: {})",
            self.code(),
            self.left_first.words(),
            self.right_first.words()
        )
    }
}

impl LoopyGame {
    /// The outcome from the start position, by retrograde analysis of the
    /// game's states (position, player to move). O(positions + moves).
    ///
    /// ```
    /// use sprague::partizan::loopy::{LoopyGame, Winner};
    /// let o = LoopyGame::dud().outcome();
    /// assert_eq!((o.left_first, o.right_first), (Winner::Draw, Winner::Draw));
    /// assert_eq!(LoopyGame::on().outcome().code(), "L");
    /// ```
    #[must_use]
    pub fn outcome(&self) -> LoopyOutcome {
        self.outcomes()[self.start as usize]
    }

    /// The outcome from every position, indexed by position number.
    #[must_use]
    pub fn outcomes(&self) -> Vec<LoopyOutcome> {
        let arena = Arena::single(self);
        let left = arena.attractor(LEFT);
        let right = arena.attractor(RIGHT);
        let winner = |s: usize| {
            if left[s] {
                Winner::Left
            } else if right[s] {
                Winner::Right
            } else {
                Winner::Draw
            }
        };
        (0..self.position_count())
            .map(|v| LoopyOutcome {
                left_first: winner(2 * v + LEFT),
                right_first: winner(2 * v + RIGHT),
            })
            .collect()
    }
}
