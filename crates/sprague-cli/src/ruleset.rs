//! How the verbs reach the engine's registry: the ruleset by name, the
//! position text (the games on graphs read `-` from standard input), the
//! query options, and registry data as JSON.

use crate::error::{CliError, CliResult};
use serde_json::{Value, json};

/// Options shared by `value`-like queries.
#[derive(Clone, Copy, Debug)]
pub struct QueryOptions {
    /// Misère play: the last player to move loses.
    pub misere: bool,
    /// State budget of searches.
    pub max_states: usize,
}

impl QueryOptions {
    /// The engine options of this query, reporting to the command line's monitor.
    #[must_use]
    pub fn to_core(self) -> sprague::Options<'static> {
        sprague::Options::new(crate::progress::monitor())
            .misere(self.misere)
            .max_states(self.max_states)
    }
}

/// The verb that reads a position, which decides what `-` means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reading {
    /// `value`: `-` reads the position from standard input.
    Value,
    /// `play`: standard input carries the moves, so `-` is refused.
    Play,
}

/// The ruleset named by `spec` (`NAME` or `NAME:PARAMS`) and the position
/// text of `words` for it.
///
/// # Errors
/// An unknown ruleset or bad parameters, an empty position, `-` where it
/// cannot be read.
pub fn open(
    spec: &str,
    words: &[String],
    reading: Reading,
) -> CliResult<(Box<dyn sprague::Ruleset>, String)> {
    let rules = sprague::build(spec)?;
    let text = words.join(" ");
    if text.trim().is_empty() {
        return Err(CliError::input(format!(
            "no position given for `{spec}` (`sprague games` shows its notation)"
        )));
    }
    let graph = sprague::lookup(&sprague::catalog(), spec).is_ok_and(|e| e.family == sprague::Family::Graph);
    if graph && text.trim() == "-" {
        return match reading {
            Reading::Value => {
                let mut text = String::new();
                std::io::Read::read_to_string(&mut std::io::stdin(), &mut text)
                    .map_err(|e| CliError::input(format!("cannot read the position from stdin: {e}")))?;
                Ok((rules, text))
            }
            Reading::Play => Err(CliError::input(
                "`sprague play` reads the moves from stdin, so the position cannot be `-`: give it on the command line",
            )),
        };
    }
    Ok((rules, text))
}

/// The JSON form of registry data.
#[must_use]
pub fn json_of(d: &sprague::Data) -> Value {
    use sprague::Data;
    match d {
        Data::Null => Value::Null,
        Data::Bool(b) => Value::Bool(*b),
        Data::Int(n) => {
            if let Ok(v) = i64::try_from(*n) {
                json!(v)
            } else if let Ok(v) = u64::try_from(*n) {
                json!(v)
            } else {
                Value::String(n.to_string())
            }
        }
        Data::Float(x) => json!(x),
        Data::Text(t) => Value::String(t.clone()),
        Data::List(items) => Value::Array(items.iter().map(json_of).collect()),
        Data::Map(fields) => Value::Object(fields.iter().map(|(k, v)| (k.clone(), json_of(v))).collect()),
    }
}
