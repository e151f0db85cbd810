//! `sprague calc` on numbers beyond the dyadics: ordinals, rationals and the
//! surreal numbers they generate. Which expressions are such numbers and what
//! is said about one come from the core ([`sprague::surreal::claim`],
//! [`sprague::surreal::SurrealReport`]); this prints the report.

use crate::cmd::calc::{CalcOptions, outcome_words};
use crate::error::{CliError, CliResult};
use serde_json::json;
use sprague::surreal::{Claim, SurrealReport, claim};
use std::io::Write;

/// Whether `expr` names ω (`omega`, `w` or `ω` as a whole word) and has none
/// of the braces, bars and definitions of game expressions: then it is a
/// surreal number, and its errors are the surreal parser's.
#[must_use]
pub fn claims(expr: &str) -> bool {
    claim(expr) == Claim::Surreal
}

/// Whether `expr` is arithmetic on integers with a division (`1/3 + 1/6`):
/// evaluated as a rational when the game parser rejects it.
#[must_use]
pub fn is_arithmetic(expr: &str) -> bool {
    claim(expr) == Claim::Rational
}

/// Evaluates `expr` as a surreal number and prints its value, its outcome
/// (the sign), and whether it is an ordinal or a short game.
pub fn run(expr: &str, opts: &CalcOptions<'_>) -> CliResult<()> {
    if opts.thermograph.is_some() || opts.cool.is_some() || opts.heat.is_some() {
        return Err(CliError::input(format!(
            "expression `{expr}`: surreal numbers beyond the dyadics have no thermograph, cooling or heating here"
        )));
    }
    let r = SurrealReport::parse(expr).map_err(|e| CliError::input(format!("expression `{expr}`: {e}")))?;
    let ordinal = r.ordinal.as_ref().map(ToString::to_string);
    let short = r.dyadic.as_ref().map(ToString::to_string);
    let mut out = std::io::stdout().lock();
    if opts.json {
        let report = json!({
            "expression": expr,
            "value": r.value,
            "outcome": r.outcome.as_str(),
            "sign": r.sign,
            "ordinal": ordinal,
            "short_game": short,
        });
        serde_json::to_writer(&mut out, &report)?;
        out.write_all(b"\n")?;
    } else {
        let mut text = format!("value:         {}\n", r.value);
        text.push_str(&format!(
            "outcome:       {} ({})\n",
            r.outcome,
            outcome_words(r.outcome)
        ));
        match &ordinal {
            Some(o) => text.push_str(&format!("ordinal:       yes, {o} in Cantor normal form\n")),
            None => text.push_str("ordinal:       no\n"),
        }
        match &short {
            Some(d) => text.push_str(&format!("short game:    yes, canonical form {d}\n")),
            None => text.push_str("short game:    no (not a dyadic rational)\n"),
        }
        out.write_all(text.as_bytes())?;
    }
    out.flush()?;
    Ok(())
}
