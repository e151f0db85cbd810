//! [`misere_notation`]: a sum of nimbers read as misère forms.

use crate::registry::{Error, Result};

/// The misère form notation of `expr` for `calc --misere`: a sum of nimbers
/// (`*2 + *`, `0`) becomes `*[2] + *[1]`; terms already in the misère form
/// notation (`*[2,1]`, `2#`, `(…)`) are kept. O(length).
///
/// ```
/// assert_eq!(sprague::calc::misere_notation("*2 + * + 0").unwrap(), "*[2] + *[1] + *[0]");
/// assert!(sprague::calc::misere_notation("{1|2}").is_err());
/// ```
///
/// # Errors
/// A term that is not an impartial game in either notation.
pub fn misere_notation(expr: &str) -> Result<String> {
    let mut terms = Vec::new();
    for term in split_sum(expr) {
        let t = term.trim();
        let nimber = t
            .strip_prefix('*')
            .filter(|n| n.is_empty() || n.bytes().all(|b| b.is_ascii_digit()));
        terms.push(match nimber {
            Some("") => "*[1]".to_string(),
            Some(n) => format!("*[{n}]"),
            None if t == "0" => "*[0]".to_string(),
            None if t.starts_with("*[") || t.starts_with('(') || t.starts_with('[') || t.ends_with('#') => t.to_string(),
            None => {
                return Err(Error::input(format!(
                    "--misere: `{}` is not an impartial game: write a sum of nimbers (`*2 + *3`) or of misère forms (`*[2,1]`, see `sprague calc --help`)",
                    t
                )));
            }
        });
    }
    Ok(terms.join(" + "))
}

/// The terms of a sum `a + b + c`, split at the `+` signs outside brackets.
fn split_sum(expr: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0i32, 0usize);
    for (i, c) in expr.char_indices() {
        match c {
            '[' | '(' | '{' => depth += 1,
            ']' | ')' | '}' => depth -= 1,
            '+' if depth == 0 => {
                parts.push(&expr[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&expr[start..]);
    parts
}
