//! `sprague wythoff-pair K`: the K-th P-position of Wythoff's game.

use crate::error::{CliError, CliResult};
use std::io::Write;

/// Prints `(a_K, b_K)`, computed exactly in integers.
pub fn run(k: &str, json: bool) -> CliResult<()> {
    let k = sprague::notation::parse_u64_token(k.trim(), 1, "an index K")
        .map_err(|e| CliError::input(format!("wythoff-pair `{k}`: {e}")))?;
    let (a, b) = sprague::games::wythoff_pair(k);
    let mut out = std::io::stdout().lock();
    if json {
        // The pair may exceed 2^64, so it is printed as decimal strings (and
        // K too beyond 2^53 - 1, by the one JSON writer's rule).
        let data = sprague::Data::map()
            .with("k", k)
            .with("a", a.to_string())
            .with("b", b.to_string());
        writeln!(out, "{}", data.to_json())?;
    } else {
        writeln!(
            out,
            "Wythoff P-position {k}: ({a}, {b})   a = ⌊{k}φ⌋, b = a + {k}"
        )?;
    }
    Ok(())
}
