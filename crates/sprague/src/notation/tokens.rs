//! Splitting position text into tokens that remember their columns.

/// Splits `text` on white space and commas, yielding each token with its
/// 1-based column in characters (for errors that point at the token).
///
/// ```
/// use sprague::notation::tokens_with_columns;
/// assert_eq!(tokens_with_columns("3, 4  x"), vec![(1, "3"), (4, "4"), (7, "x")]);
/// ```
#[must_use]
pub fn tokens_with_columns(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (col, (i, c)) in text.char_indices().enumerate() {
        let sep = c.is_whitespace() || c == ',';
        match (sep, start) {
            (false, None) => start = Some((col + 1, i)),
            (true, Some((sc, si))) => {
                out.push((sc, &text[si..i]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some((sc, si)) = start {
        out.push((sc, &text[si..]));
    }
    out
}

/// Index in `c` of the bracket (`}` or `)`) closing the one (`{` or `(`) at
/// `open`, either kind closing either; `c.len()` when none does. The game
/// expression parsers check the balance first. O(len(c)).
pub(crate) fn matching_bracket(c: &[char], open: usize) -> usize {
    let mut depth = 0usize;
    for (i, &ch) in c.iter().enumerate().skip(open) {
        match ch {
            '{' | '(' => depth += 1,
            '}' | ')' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return i;
                }
            }
            _ => {}
        }
    }
    c.len()
}
