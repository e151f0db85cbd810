//! Parsing and printing positions and expressions, with typed errors that
//! point at the offending column.

pub(crate) mod game_expr;
mod heaps;
mod loopy_expr;
mod tokens;

pub use crate::parse_error::ParseError;
pub use crate::partizan::{NIMBER_COMBINE_LIMIT, UP_COMBINE_LIMIT};
pub use game_expr::{MAX_NESTING, parse_game};
pub use heaps::{
    MAX_LISTED_HEAPS, REPEAT_RUN, describe_heap_move, format_heaps, parse_heaps, parse_u64_token,
};
pub use loopy_expr::{LoopyParseError, is_loopy_expression, parse_loopy};
pub use tokens::tokens_with_columns;

/// How a ruleset writes its positions: parsing, printing, and describing moves.
///
/// Implemented by every built-in ruleset; `P` is the ruleset's position type.
pub trait Notation<P> {
    /// Parses a position written in the ruleset's notation.
    ///
    /// # Errors
    /// A [`ParseError`] naming the offending token and its column.
    fn parse_position(&self, text: &str) -> Result<P, ParseError>;

    /// Writes `position` in the ruleset's notation (it parses back to the same position).
    fn format_position(&self, position: &P) -> String;

    /// A short human description of the move from `from` to `to`.
    fn describe_move(&self, from: &P, to: &P) -> String {
        let _ = from;
        format!("to {}", self.format_position(to))
    }
}
