//! The parse error shared by every notation and every parser of the crate
//! (positions, expressions, numbers, board blocks): below all of them.

use core::fmt;

/// Text that does not parse, with the 1-based column (in characters) where the
/// problem starts and the offending token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// What is wrong, e.g. "expected a heap size".
    pub message: String,
    /// 1-based character column of the offending token.
    pub column: usize,
    /// The offending token (may be empty at end of input).
    pub token: String,
}

impl ParseError {
    /// A parse error at `column` (1-based) about `token`.
    #[must_use]
    pub fn new(message: impl Into<String>, column: usize, token: impl Into<String>) -> Self {
        ParseError {
            message: message.into(),
            column,
            token: token.into(),
        }
    }

    /// A parse error about `part`, a piece of `text` (a subslice of it, as
    /// `split` and `trim` give), at the column where `part` starts; a `part`
    /// that is not inside `text` is placed at column 1. O(len(text)).
    #[must_use]
    pub fn at(message: impl Into<String>, text: &str, part: &str) -> Self {
        let offset = (part.as_ptr() as usize).wrapping_sub(text.as_ptr() as usize);
        let column = text.get(..offset).map_or(1, |before| before.chars().count() + 1);
        ParseError::new(message, column, part)
    }

    /// The same error with its column shifted right by `by` characters (for text
    /// embedded in a longer line).
    #[must_use]
    pub fn shifted(mut self, by: usize) -> Self {
        self.column += by;
        self
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.token.is_empty() {
            write!(f, "column {}: {}", self.column, self.message)
        } else {
            write!(
                f,
                "column {}: {} (found `{}`)",
                self.column, self.message, self.token
            )
        }
    }
}

impl std::error::Error for ParseError {}
