//! A game's definition beyond its moves and notation: the knowledge the
//! generic adapters use (families for tables, ends of loopy and scored games,
//! drawings, moves typed in short forms, explanations for hints, limits).
//!
//! A game is its rules ([`ImpartialRules`](crate::ImpartialRules) or
//! [`PartizanRules`](crate::PartizanRules)), its notation
//! ([`Notation`](crate::Notation)) and this trait, whose every hook has a
//! default. A built-in game, a rules script and a Python class implement the
//! same three traits; values, winning moves, tables, misère play, win/lose/draw,
//! canonical forms, play, JSON and the catalog page come from the generic
//! adapters of the registry.
//!
//! ```
//! use sprague::{Definition, ImpartialRules, Notation, ParseError};
//!
//! /// One heap; take 1 or 2 tokens.
//! struct Take12;
//! impl ImpartialRules for Take12 {
//!     type Position = u64;
//!     fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
//!         out.extend((1..=2).filter(|&t| t <= n).map(|t| n - t));
//!     }
//! }
//! impl Notation<u64> for Take12 {
//!     fn parse_position(&self, text: &str) -> Result<u64, ParseError> {
//!         sprague::notation::parse_u64_token(text.trim(), 1, "a heap size")
//!     }
//!     fn format_position(&self, n: &u64) -> String {
//!         n.to_string()
//!     }
//! }
//! impl Definition<u64> for Take12 {
//!     // The family of single heaps, for tables.
//!     fn start(&self, n: u64) -> Option<u64> {
//!         Some(n)
//!     }
//! }
//! assert_eq!(Take12.start(5), Some(5));
//! ```

/// How a game that ends by its own rules ends at a position, for the player
/// to move there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Terminal {
    /// The player to move has won.
    Win,
    /// The player to move has lost.
    Lose,
    /// The game is drawn.
    Draw,
    /// The game is over with this score for the player to move (a game
    /// played for a score is solved by minimax).
    Score(i64),
}

/// What a position is being checked for by [`Definition::check`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Purpose {
    /// A game against the engine, which judges every move of every turn.
    Play,
    /// A misère search over whole positions (no closed forms, no sums).
    Misere,
}

/// What a game knows beyond its moves and notation. Every hook has a
/// default, so `impl Definition<P> for MyGame {}` is a complete definition.
pub trait Definition<P> {
    /// The position of size `n` of the game's family (a heap of `n`, a row
    /// of `n` pins, an empty board of `n` columns), for `table`; `None`
    /// (the default) when the game has no family.
    fn start(&self, n: u64) -> Option<P> {
        let _ = n;
        None
    }

    /// A drawing of `p` for play in a terminal (a board with coordinates,
    /// heaps of tokens), or `None` (the default) to show its notation.
    fn draw(&self, p: &P) -> Option<String> {
        let _ = p;
        None
    }

    /// A move typed in a short form from `from`: `Some(Ok(to))`,
    /// `Some(Err(why))` for a form recognised but refused, `None` when the
    /// text is not in a short form of this game. The default recognises
    /// none; a play session also takes any move written as its description
    /// ([`Notation::describe_move`](crate::Notation::describe_move)), e.g. a
    /// board game's `b1-b2`.
    fn read_move(&self, from: &P, text: &str) -> Option<Result<P, String>> {
        let _ = (from, text);
        None
    }

    /// A sentence on the short move forms, for the start of play.
    fn move_help(&self) -> Option<String> {
        None
    }

    /// Lines that explain `p`, shown first in a hint (e.g. the closed form
    /// that decides it).
    fn explain(&self, p: &P) -> Vec<String> {
        let _ = p;
        Vec::new()
    }

    /// Refuses `p` when it is out of reach for `purpose`, with the reason
    /// (e.g. "too large to play: at most 4096 tokens"). Every position is
    /// fine by default.
    ///
    /// # Errors
    /// The reason, one line.
    fn check(&self, p: &P, purpose: Purpose) -> Result<(), String> {
        let _ = (p, purpose);
        Ok(())
    }

    /// How the game ends at `p` when its own rules end it (a loopy game's
    /// win, loss or draw, or a score), or `None` (the default) to play on:
    /// a player with no move then loses.
    fn terminal(&self, p: &P) -> Option<Terminal> {
        let _ = p;
        None
    }

    /// Whether play may return to a position, so that the game is solved as
    /// win, lose or draw with remoteness rather than by values.
    fn loopy(&self) -> bool {
        false
    }
}
