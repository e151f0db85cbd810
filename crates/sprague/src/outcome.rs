//! Outcome classes of short games.

use core::fmt;

/// The outcome class of a game: who wins with perfect play.
///
/// Names follow Winning Ways: `L` and `R` are wins for Left (Blue, Vertical in
/// Domineering) and Right whoever starts; `N` is a win for the next player (the
/// one to move); `P` for the previous player. Impartial games are only `N` or `P`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Outcome {
    /// Left wins whoever starts.
    L,
    /// Right wins whoever starts.
    R,
    /// The next player (the one to move) wins.
    N,
    /// The previous player wins: whoever must move loses.
    P,
}

impl Outcome {
    /// The impartial outcome of a position whose Grundy value is `g`: `P` iff `g == 0`.
    #[must_use]
    pub const fn from_grundy(g: crate::nimber::Nimber) -> Outcome {
        if g.is_zero() { Outcome::P } else { Outcome::N }
    }

    /// The outcome from who wins moving first: `left_first` is whether Left wins
    /// when Left starts, `right_first` whether Right wins when Right starts.
    #[must_use]
    pub const fn from_first_moves(left_first: bool, right_first: bool) -> Outcome {
        match (left_first, right_first) {
            (true, true) => Outcome::N,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::P,
        }
    }

    /// Who wins, in words: "the player to move wins" (`N`), "the player to
    /// move loses" (`P`), "Left wins whoever starts" (`L`), "Right wins
    /// whoever starts" (`R`).
    #[must_use]
    pub const fn words(self) -> &'static str {
        match self {
            Outcome::N => "the player to move wins",
            Outcome::P => "the player to move loses",
            Outcome::L => "Left wins whoever starts",
            Outcome::R => "Right wins whoever starts",
        }
    }

    /// Who wins, as the calculator's reports say it: "Left wins", "Right
    /// wins", "the next player wins" (`N`), "the previous player wins" (`P`).
    #[must_use]
    pub const fn calc_words(self) -> &'static str {
        match self {
            Outcome::L => "Left wins",
            Outcome::R => "Right wins",
            Outcome::N => "the next player wins",
            Outcome::P => "the previous player wins",
        }
    }

    /// The one-letter name: `"L"`, `"R"`, `"N"` or `"P"`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Outcome::L => "L",
            Outcome::R => "R",
            Outcome::N => "N",
            Outcome::P => "P",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
