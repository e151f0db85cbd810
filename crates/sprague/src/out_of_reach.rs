//! Why a ruleset refuses a position before searching it: a kind of play the
//! game does not have, or a position too large for the search it needs.

use core::fmt;

/// A position refused before any search starts, with the offending figures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OutOfReach {
    /// The game is already the misère form of a simpler rule, so misère play
    /// of it is refused.
    AlreadyMisere {
        /// The game, as named in the message (e.g. "guessing game").
        game: &'static str,
        /// The rule it is played by (e.g. "whoever names the secret loses").
        rule: &'static str,
    },
    /// The position needs a search that lists too much: it has `found` of
    /// `unit` where at most `limit` are searched.
    TooLarge {
        /// What is searched and why it grows (e.g. "misère play is searched").
        search: String,
        /// What is counted (e.g. "coins").
        unit: &'static str,
        /// How many the position has.
        found: u64,
        /// How many are searched at the most.
        limit: u64,
    },
}

impl OutOfReach {
    /// `found` of `unit` over the `limit` of a `search`.
    #[must_use]
    pub fn too_large(search: impl Into<String>, unit: &'static str, found: u64, limit: u64) -> Self {
        OutOfReach::TooLarge {
            search: search.into(),
            unit,
            found,
            limit,
        }
    }
}

impl fmt::Display for OutOfReach {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OutOfReach::AlreadyMisere { game, rule } => {
                write!(f, "the {game} is already played as `{rule}`; drop --misere")
            }
            OutOfReach::TooLarge {
                search,
                unit,
                found,
                limit,
            } => write!(f, "{search}: at most {limit} {unit} (found {found})"),
        }
    }
}

impl std::error::Error for OutOfReach {}

#[cfg(test)]
mod tests {
    use super::OutOfReach;

    #[test]
    fn messages_name_the_figures() {
        let e = OutOfReach::too_large("misère play is searched", "coins", 70, 64);
        assert_eq!(
            e.to_string(),
            "misère play is searched: at most 64 coins (found 70)"
        );
        let e = OutOfReach::AlreadyMisere {
            game: "game",
            rule: "whoever takes the last stone loses",
        };
        assert_eq!(
            e.to_string(),
            "the game is already played as `whoever takes the last stone loses`; drop --misere"
        );
    }
}
