//! `sprague wythoff-pair K`: the K-th P-position of Wythoff's game.

use crate::error::{CliError, CliResult};
use serde_json::json;
use std::io::Write;

/// Prints `(a_K, b_K)`, computed exactly in integers.
pub fn run(k: &str, json: bool) -> CliResult<()> {
    let k = sprague::notation::parse_u64_token(k.trim(), 1, "an index K")
        .map_err(|e| CliError::input(format!("wythoff-pair `{k}`: {e}")))?;
    let (a, b) = sprague::games::wythoff_pair(k);
    let mut out = std::io::stdout().lock();
    if json {
        // The pair may exceed 2^64, so it is printed as decimal strings.
        writeln!(out, "{}", json!({"k": k, "a": a.to_string(), "b": b.to_string()}))?;
    } else {
        writeln!(
            out,
            "Wythoff P-position {k}: ({a}, {b})   a = ⌊{k}φ⌋, b = a + {k}"
        )?;
    }
    Ok(())
}
