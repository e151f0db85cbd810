//! `sprague calc` on numbers beyond the dyadics: ordinals, rationals and the
//! surreal numbers they generate ([`sprague::surreal::Surreal`]).

use crate::cmd::calc::{CalcOptions, outcome_words};
use crate::error::{CliError, CliResult};
use serde_json::json;
use sprague::Outcome;
use sprague::surreal::Surreal;
use std::io::Write;

/// Whether `word` names ω.
fn is_omega(word: &str) -> bool {
    matches!(word, "omega" | "w" | "ω")
}

/// Whether `expr` names ω (`omega`, `w` or `ω` as a whole word) and has none
/// of the braces, bars and definitions of game expressions: then it is a
/// surreal number, and its errors are the surreal parser's.
#[must_use]
pub fn claims(expr: &str) -> bool {
    if expr.contains(['{', '}', '|', '=', ';', '[', ']']) {
        return false;
    }
    let mut word = String::new();
    for c in expr.chars().chain([' ']) {
        if c.is_alphanumeric() || c == '_' {
            word.push(c);
        } else {
            if is_omega(&word) {
                return true;
            }
            word.clear();
        }
    }
    false
}

/// Whether `expr` is arithmetic on integers with a division (`1/3 + 1/6`):
/// evaluated as a rational when the game parser rejects it.
#[must_use]
pub fn is_arithmetic(expr: &str) -> bool {
    expr.contains('/')
        && expr
            .chars()
            .all(|c| c.is_ascii_digit() || c.is_whitespace() || "+-*/^()".contains(c))
}

/// Evaluates `expr` as a surreal number and prints its value, its outcome
/// (the sign), and whether it is an ordinal or a short game.
pub fn run(expr: &str, opts: &CalcOptions<'_>) -> CliResult<()> {
    if opts.thermograph.is_some() || opts.cool.is_some() || opts.heat.is_some() {
        return Err(CliError::input(format!(
            "expression `{expr}`: surreal numbers beyond the dyadics have no thermograph, cooling or heating here"
        )));
    }
    let x = Surreal::parse(expr).map_err(|e| CliError::input(format!("expression `{expr}`: {e}")))?;
    let value = x.to_string();
    let outcome = match x.signum() {
        1 => Outcome::L,
        -1 => Outcome::R,
        _ => Outcome::P,
    };
    let ordinal = x.to_ordinal().map(|o| o.to_string());
    let short = x.to_dyadic().map(|d| d.to_string());
    let mut out = std::io::stdout().lock();
    if opts.json {
        let report = json!({
            "expression": expr,
            "value": value,
            "outcome": outcome.as_str(),
            "sign": x.signum(),
            "ordinal": ordinal,
            "short_game": short,
        });
        serde_json::to_writer(&mut out, &report)?;
        out.write_all(b"\n")?;
    } else {
        let mut text = format!("value:         {value}\n");
        text.push_str(&format!(
            "outcome:       {outcome} ({})\n",
            outcome_words(outcome)
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
