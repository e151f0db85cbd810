//! The dynamic face of a ruleset that the verbs talk to, and the adapter that
//! gives every ruleset of the engine's registry that face.

use crate::error::{CliError, CliResult};
use serde_json::{Value, json};
use sprague::Outcome;

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

/// What a query prints: one JSON object for `--json`, and text for people.
pub struct Report {
    /// The object printed by `--json`.
    pub json: Value,
    /// The human-readable text (ends with a newline).
    pub text: String,
}

/// A ruleset as the command line sees it: built from its name and parameters,
/// answering queries on positions written in its notation.
pub trait Ruleset {
    /// Outcome, value and winning moves of `position`.
    fn value(&self, position: &str, options: &QueryOptions) -> CliResult<Report>;

    /// Grundy values of single heaps `G(0 .. count)` (misère values with
    /// `options.misere`), for one-heap rulesets. `progress(k)` is called with the
    /// number of values done; returning `false` stops early with a prefix.
    fn table(
        &self,
        count: usize,
        options: &QueryOptions,
        progress: &mut dyn FnMut(usize) -> bool,
    ) -> CliResult<TableData> {
        let _ = (count, options, progress);
        Err(CliError::input(
            "`table` needs a one-heap ruleset such as octal:0.07 or subtraction:1,3,4 (see `sprague games`)",
        ))
    }

    /// Plays a game from `position` against the user (`sprague play`).
    fn play(
        &self,
        position: &str,
        settings: &crate::play::Settings,
        io: &mut crate::play::Io<'_>,
    ) -> CliResult<()> {
        let _ = (position, settings, io);
        Err(CliError::input(
            "this ruleset cannot be played (see `sprague games`)",
        ))
    }
}

/// A computed table of single-heap values and the period found in it.
pub struct TableData {
    /// `G(0), G(1), …` (possibly fewer than asked when interrupted).
    pub values: Vec<u64>,
    /// The period of the values, proven or not.
    pub period: Option<sprague::Period>,
}

/// Turns a notation error into a one-line message that names the position text.
pub fn position_error(position: &str, e: &sprague::ParseError) -> CliError {
    CliError::input(format!("position `{position}`: {e}"))
}

/// The standard report of an impartial position (see [`sprague::impartial_report`]).
pub fn impartial_report(
    ruleset: &str,
    position: &str,
    misere: bool,
    outcome: Outcome,
    grundy: Option<u64>,
    moves: &[(String, String)],
) -> Report {
    let r = sprague::impartial_report(ruleset, position, misere, outcome, grundy, moves);
    Report {
        json: json_of(&r.data),
        text: r.text,
    }
}

/// A ruleset of the engine's registry, as the command line sees it.
pub struct Registered(pub Box<dyn sprague::Ruleset>);

impl Ruleset for Registered {
    fn value(&self, position: &str, options: &QueryOptions) -> CliResult<Report> {
        let r = self.0.value(position, &options.to_core())?;
        Ok(Report {
            json: json_of(&r.data),
            text: r.text,
        })
    }

    fn table(
        &self,
        count: usize,
        options: &QueryOptions,
        progress: &mut dyn FnMut(usize) -> bool,
    ) -> CliResult<TableData> {
        let t = self.0.table(count, &options.to_core(), progress)?;
        Ok(TableData {
            values: t.values,
            period: t.period,
        })
    }

    fn play(
        &self,
        position: &str,
        settings: &crate::play::Settings,
        io: &mut crate::play::Io<'_>,
    ) -> CliResult<()> {
        let options = settings.options();
        // Preparing may solve a whole state space: with a bar, and Ctrl-C
        // ends before the first move.
        let engine = {
            let _polling = crate::progress::Polling::start();
            let bar = crate::progress::Progress::monitored("preparing the game", "states");
            let engine = self.0.play(position, &options);
            bar.finish();
            engine?
        };
        let mut engine = engine;
        crate::play::run_session(&mut *engine, settings, io)
    }
}

/// The JSON form of registry data.
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
