//! Text in columns without format-string widths: a width computed from data
//! can be any size, and `format!("{x:<w$}")` panics when `w` passes the
//! formatter's limit (65,535), so widths from data never reach a format string.

/// The widest column a cell is padded to: a wider cell is printed unpadded,
/// so one huge cell (a position of 100,000 heaps) never widens every line.
pub const MAX_COLUMN: usize = 40;

/// The width of a column holding `cells`: the widest cell in characters,
/// leaving out cells wider than [`MAX_COLUMN`]. O(total length).
#[must_use]
pub fn column_width<'a>(cells: impl IntoIterator<Item = &'a str>) -> usize {
    cells
        .into_iter()
        .map(|c| c.chars().count())
        .filter(|&w| w <= MAX_COLUMN)
        .max()
        .unwrap_or(0)
}

/// `text` followed by spaces up to `width` characters (unchanged when it is
/// already as wide). O(width + text).
#[must_use]
pub fn pad_right(text: &str, width: usize) -> String {
    let mut out = String::from(text);
    push_spaces(&mut out, width.saturating_sub(text.chars().count()));
    out
}

/// Spaces up to `width` characters followed by `text` (unchanged when it is
/// already as wide). O(width + text).
#[must_use]
pub fn pad_left(text: &str, width: usize) -> String {
    let mut out = String::new();
    push_spaces(&mut out, width.saturating_sub(text.chars().count()));
    out.push_str(text);
    out
}

fn push_spaces(out: &mut String, n: usize) {
    out.extend(core::iter::repeat_n(' ', n));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pads_by_characters_and_never_cuts() {
        assert_eq!(pad_right("ab", 4), "ab  ");
        assert_eq!(pad_left("ab", 4), "  ab");
        assert_eq!(pad_right("→x", 3), "→x ");
        assert_eq!(pad_right("abcdef", 2), "abcdef");
        assert_eq!(pad_left("abcdef", 2), "abcdef");
    }

    #[test]
    fn column_widths_leave_out_huge_cells() {
        let huge = "x".repeat(MAX_COLUMN + 1);
        assert_eq!(column_width(["ab", "abcd", huge.as_str()]), 4);
        assert_eq!(column_width([huge.as_str()]), 0);
        assert_eq!(column_width(Vec::<&str>::new()), 0);
    }

    #[test]
    fn widths_beyond_the_formatter_limit_are_fine() {
        // `format!("{:<70000}", "")` would panic ("Formatting argument out of range").
        assert_eq!(pad_right("", 70_000).len(), 70_000);
        assert_eq!(pad_left("x", 70_001).len(), 70_001);
    }
}
