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

/// Most heaps a heap list may hold once repeats (`N^K`) are written out.
pub const MAX_LISTED_HEAPS: u64 = 10_000_000;

/// Runs of at least this many equal heaps print as `N^K`
/// ([`format_heaps`]).
pub const REPEAT_RUN: usize = 8;

/// Parses heap sizes separated by spaces or commas, e.g. `3 4 5`; `N^K`
/// stands for `K` heaps of size `N` (as in the notation of partitions,
/// `1^4 2` is `1 1 1 1 2`), so that long lists print and read back short.
///
/// # Errors
/// A token that is not a whole number below 2^64 (or `N^K`), no heaps at
/// all, or more than [`MAX_LISTED_HEAPS`] heaps written out.
///
/// ```
/// use sprague::notation::parse_heaps;
/// assert_eq!(parse_heaps("3 4,5").unwrap(), vec![3, 4, 5]);
/// assert_eq!(parse_heaps("2 1^3").unwrap(), vec![2, 1, 1, 1]);
/// assert_eq!(parse_heaps("3 x").unwrap_err().column, 3);
/// assert_eq!(parse_heaps("3 1^x").unwrap_err().column, 5);
/// ```
pub fn parse_heaps(text: &str) -> Result<Vec<u64>, ParseError> {
    let mut heaps = Vec::new();
    for (column, token) in super::tokens_with_columns(text) {
        let Some((size, count)) = token.split_once('^') else {
            heaps.push(parse_u64_token(token, column, "a heap size")?);
            continue;
        };
        let size = parse_u64_token(size, column, "a heap size before `^`")?;
        let count_column = column + token.find('^').unwrap_or(0) + 1;
        let count = parse_u64_token(count, count_column, "a number of heaps after `^`")?;
        let listed = (heaps.len() as u64).saturating_add(count);
        if listed > MAX_LISTED_HEAPS {
            return Err(ParseError::new(
                format!("too many heaps: at most {MAX_LISTED_HEAPS} in a list"),
                column,
                token,
            ));
        }
        heaps.extend(std::iter::repeat_n(size, count as usize));
    }
    if heaps.is_empty() {
        return Err(ParseError::new("expected at least one heap size", 1, ""));
    }
    Ok(heaps)
}

/// Writes heap sizes separated by single spaces, a run of at least
/// [`REPEAT_RUN`] equal heaps as `N^K` (which [`parse_heaps`] reads back).
///
/// ```
/// use sprague::notation::format_heaps;
/// assert_eq!(format_heaps(&[3, 4, 5]), "3 4 5");
/// assert_eq!(format_heaps(&[7; 10]), "7^10");
/// ```
#[must_use]
pub fn format_heaps(heaps: &[u64]) -> String {
    let mut parts: Vec<String> = Vec::new();
    for run in heaps.chunk_by(|a, b| a == b) {
        if run.len() >= REPEAT_RUN {
            parts.push(format!("{}^{}", run[0], run.len()));
        } else {
            parts.extend(run.iter().map(u64::to_string));
        }
    }
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
