//! Heap lists such as `3 4 5`: the notation of Nim-like rulesets.

use crate::parse_error::ParseError;

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

/// Most heaps a heap list may hold once repeats (`N*K`) are written out.
pub const MAX_LISTED_HEAPS: u64 = 10_000_000;

/// Runs of at least this many equal heaps print as `N*K`
/// ([`format_heaps`]).
pub const REPEAT_RUN: usize = 8;

/// Parses one heap size: a whole number, or a power `A^B` as contest
/// statements write big numbers (`10^18`, `2^63`), below 2^64.
fn parse_heap_size(token: &str, column: usize, what: &str) -> Result<u64, ParseError> {
    let Some((base, exponent)) = token.split_once('^') else {
        return parse_u64_token(token, column, what);
    };
    let base = parse_u64_token(base, column, &format!("{what}: a number before `^`"))?;
    let exponent_column = column + token.find('^').unwrap_or(0) + 1;
    let exponent = parse_u64_token(exponent, exponent_column, "an exponent after `^`")?;
    u32::try_from(exponent)
        .ok()
        .and_then(|e| base.checked_pow(e))
        .ok_or_else(|| {
            ParseError::new(
                format!("{what} must be below 2^64 (`A^B` is the power)"),
                column,
                token,
            )
        })
}

/// Parses heap sizes separated by spaces or commas, e.g. `3 4 5`. A size may
/// be a power, `10^18` (the number, as contest statements write it), and
/// `N*K` stands for `K` heaps of size `N` (`1*4 2` is `1 1 1 1 2`), so that
/// long lists print and read back short.
///
/// # Errors
/// A token that is not a whole number below 2^64 (or `A^B`, or `N*K`), no
/// heaps at all, or more than [`MAX_LISTED_HEAPS`] heaps written out.
///
/// ```
/// use sprague::notation::parse_heaps;
/// assert_eq!(parse_heaps("3 4,5").unwrap(), vec![3, 4, 5]);
/// assert_eq!(parse_heaps("2 1*3").unwrap(), vec![2, 1, 1, 1]);
/// assert_eq!(parse_heaps("10^18 2^3").unwrap(), vec![1_000_000_000_000_000_000, 8]);
/// assert_eq!(parse_heaps("10^3*2").unwrap(), vec![1000, 1000]);
/// assert!(parse_heaps("2^64").unwrap_err().to_string().contains("below 2^64"));
/// assert_eq!(parse_heaps("3 x").unwrap_err().column, 3);
/// assert_eq!(parse_heaps("3 1*x").unwrap_err().column, 5);
/// ```
pub fn parse_heaps(text: &str) -> Result<Vec<u64>, ParseError> {
    let mut heaps = Vec::new();
    for (column, token) in super::tokens::tokens_with_columns(text) {
        let Some((size, count)) = token.split_once('*') else {
            heaps.push(parse_heap_size(token, column, "a heap size")?);
            continue;
        };
        let size = parse_heap_size(size, column, "a heap size before `*`")?;
        let count_column = column + token.find('*').unwrap_or(0) + 1;
        let count = parse_u64_token(count, count_column, "a number of heaps after `*`")?;
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
/// [`REPEAT_RUN`] equal heaps as `N*K` (which [`parse_heaps`] reads back).
///
/// ```
/// use sprague::notation::format_heaps;
/// assert_eq!(format_heaps(&[3, 4, 5]), "3 4 5");
/// assert_eq!(format_heaps(&[7; 10]), "7*10");
/// ```
#[must_use]
pub fn format_heaps(heaps: &[u64]) -> String {
    let mut parts: Vec<String> = Vec::new();
    for run in heaps.chunk_by(|a, b| a == b) {
        if run.len() >= REPEAT_RUN {
            parts.push(format!("{}*{}", run[0], run.len()));
        } else {
            parts.extend(run.iter().map(u64::to_string));
        }
    }
    parts.join(" ")
}

/// Describes a move between two heap lists: which heap changed and how, e.g.
/// `heap 1: 3 → 1`; a take-and-break move names the heap and what it leaves,
/// `heap 1: 10 → 3 + 6 (take 1, split in two)`. Lists that differ otherwise
/// are shown whole. O(n log n) in the number of heaps.
///
/// ```
/// use sprague::notation::describe_heap_move;
/// assert_eq!(describe_heap_move(&[3, 4, 5], &[1, 4, 5]), "heap 1: 3 → 1");
/// assert_eq!(describe_heap_move(&[10, 7], &[3, 6, 7]), "heap 1: 10 → 3 + 6 (take 1, split in two)");
/// assert_eq!(describe_heap_move(&[4, 7], &[4]), "heap 2: 7 → 0 (take all 7)");
/// assert_eq!(describe_heap_move(&[9], &[4, 5]), "heap 1: 9 → 4 + 5 (split in two)");
/// ```
#[must_use]
pub fn describe_heap_move(from: &[u64], to: &[u64]) -> String {
    if from.len() == to.len() {
        let changed: Vec<usize> = (0..from.len()).filter(|&i| from[i] != to[i]).collect();
        if let [i] = changed[..] {
            return format!("heap {}: {} → {}", i + 1, from[i], to[i]);
        }
    }
    // One heap replaced by others: the multiset difference of the lists.
    let (mut a, mut b) = (from.to_vec(), to.to_vec());
    a.sort_unstable();
    b.sort_unstable();
    let (mut removed, mut added) = (Vec::new(), Vec::new());
    let (mut i, mut j) = (0, 0);
    loop {
        match (a.get(i), b.get(j)) {
            (Some(x), Some(y)) if x == y => {
                i += 1;
                j += 1;
            }
            (Some(x), Some(y)) if x < y => {
                removed.push(*x);
                i += 1;
            }
            (Some(x), None) => {
                removed.push(*x);
                i += 1;
            }
            (_, Some(y)) => {
                added.push(*y);
                j += 1;
            }
            (None, None) => break,
        }
    }
    added.retain(|&h| h != 0);
    let left: u128 = added.iter().map(|&h| u128::from(h)).sum();
    if let [heap] = removed[..]
        && left <= u128::from(heap)
    {
        let at = from.iter().position(|&h| h == heap).map_or(0, |p| p + 1);
        // Few parts are shown in the order the position after the move lists
        // them; many in the short form of heap lists.
        let shown = if added.len() < REPEAT_RUN {
            let mut pool = added.clone();
            let mut ordered = Vec::with_capacity(added.len());
            for h in to {
                if let Some(k) = pool.iter().position(|p| p == h) {
                    ordered.push(pool.swap_remove(k).to_string());
                }
            }
            ordered.join(" + ")
        } else {
            format_heaps(&added)
        };
        let taken = u128::from(heap) - left;
        let what = match (added.len(), taken) {
            (0, _) => return format!("heap {at}: {heap} → 0 (take all {heap})"),
            (1, _) => return format!("heap {at}: {heap} → {shown}"),
            (2, 0) => "split in two".to_string(),
            (2, t) => format!("take {t}, split in two"),
            (k, 0) => format!("split in {k}"),
            (k, t) => format!("take {t}, split in {k}"),
        };
        return format!("heap {at}: {heap} → {shown} ({what})");
    }
    format!("{} → {}", format_heaps(from), format_heaps(to))
}
