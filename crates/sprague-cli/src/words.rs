//! Counts in words: `1 ply`, `2 plies`.

/// `n` followed by `one` when `n` is 1, else by `many`: `count(1, "ply",
/// "plies")` is `1 ply`.
#[must_use]
pub fn count(n: impl Into<u128>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::count;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(count(1u32, "ply", "plies"), "1 ply");
        assert_eq!(count(0u32, "ply", "plies"), "0 plies");
        assert_eq!(count(2u64, "block", "blocks"), "2 blocks");
        assert_eq!(
            count(u64::MAX, "P-position", "P-positions"),
            "18446744073709551615 P-positions"
        );
    }
}
