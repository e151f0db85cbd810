//! Heap lists such as `3 4 5`: the notation of Nim-like rulesets.

use super::ParseError;

/// Parses one whole number below 2^64, `column` being its 1-based position (for errors).
///
/// # Errors
/// Not a decimal number, or too large for 64 bits.
pub fn parse_u64_token(token: &str, column: usize, what: &str) -> Result<u64, ParseError> {
    if token.is_empty() || !token.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ParseError::new(
            format!("expected {what} (a whole number)"),
            column,
            token,
        ));
    }
    token
        .parse::<u64>()
        .map_err(|_| ParseError::new(format!("{what} must be below 2^64"), column, token))
}

/// Parses heap sizes separated by spaces or commas, e.g. `3 4 5`.
///
/// # Errors
/// A token that is not a whole number below 2^64, or no heaps at all.
///
/// ```
/// use sprague::notation::parse_heaps;
/// assert_eq!(parse_heaps("3 4,5").unwrap(), vec![3, 4, 5]);
/// assert_eq!(parse_heaps("3 x").unwrap_err().column, 3);
/// ```
pub fn parse_heaps(text: &str) -> Result<Vec<u64>, ParseError> {
    let mut heaps = Vec::new();
    for (column, token) in super::tokens_with_columns(text) {
        heaps.push(parse_u64_token(token, column, "a heap size")?);
    }
    if heaps.is_empty() {
        return Err(ParseError::new("expected at least one heap size", 1, ""));
    }
    Ok(heaps)
}

/// Writes heap sizes separated by single spaces.
#[must_use]
pub fn format_heaps(heaps: &[u64]) -> String {
    let parts: Vec<String> = heaps.iter().map(u64::to_string).collect();
    parts.join(" ")
}

/// Describes a move between two heap lists: which heap changed and how, e.g.
/// `heap 1: 3 → 1`; when the lists differ in length (a heap split), the whole
/// lists are shown.
#[must_use]
pub fn describe_heap_move(from: &[u64], to: &[u64]) -> String {
    if from.len() == to.len() {
        let changed: Vec<usize> = (0..from.len()).filter(|&i| from[i] != to[i]).collect();
        if let [i] = changed[..] {
            return format!("heap {}: {} → {}", i + 1, from[i], to[i]);
        }
    }
    format!("{} → {}", format_heaps(from), format_heaps(to))
}
