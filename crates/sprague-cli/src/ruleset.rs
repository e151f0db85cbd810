//! How the verbs reach the engine's registry: the ruleset by name, the
//! position text (the games on graphs read `-` from standard input), the
//! query options, and registry data as JSON.

use crate::error::{CliError, CliResult};

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

/// Where a verb's rules come from: a built-in ruleset by name, or a rules
/// script (`--rules FILE`, see `sprague_script`).
#[derive(Clone, Debug)]
pub enum Source {
    /// `NAME` or `NAME:PARAMS`.
    Builtin(String),
    /// A rules file; `first` is a first position word clap took for a ruleset name.
    Script {
        /// The file.
        path: String,
        /// A position word that stood where a ruleset name would.
        first: Option<String>,
        /// `--max-ops`.
        max_ops: u64,
        /// `--max-states`, when not the default: the script's position limit too.
        max_states: usize,
    },
}

impl Source {
    /// The source of a verb's `RULESET` argument and `--rules`/`--max-ops` options.
    #[must_use]
    pub fn of(ruleset: Option<String>, rules: Option<String>, max_ops: u64, max_states: usize) -> Source {
        match rules {
            Some(path) => Source::Script {
                path,
                first: ruleset,
                max_ops,
                max_states,
            },
            None => Source::Builtin(ruleset.unwrap_or_default()),
        }
    }

    /// The name shown in messages and headers: the ruleset or the file.
    #[must_use]
    pub fn label(&self) -> &str {
        match self {
            Source::Builtin(spec) => spec,
            Source::Script { path, .. } => path,
        }
    }

    /// The rules script, compiled.
    ///
    /// # Errors
    /// A file that cannot be read, a syntax error (file:line:column) and the
    /// other load errors of `sprague_script::ScriptRuleset::load`.
    pub fn script(&self) -> CliResult<Option<sprague_script::ScriptRuleset>> {
        match self {
            Source::Builtin(_) => Ok(None),
            Source::Script {
                path,
                max_ops,
                max_states,
                ..
            } => {
                // A script's searches stop at its own, smaller position limit
                // unless --max-states is given.
                let max_positions = if *max_states == sprague::DEFAULT_MAX_STATES {
                    sprague_script::DEFAULT_MAX_POSITIONS
                } else {
                    *max_states
                };
                let limits = sprague_script::Limits {
                    max_ops: *max_ops,
                    max_positions,
                    ..sprague_script::Limits::default()
                };
                Ok(Some(load_script(path, limits)?))
            }
        }
    }

    /// The ruleset.
    ///
    /// # Errors
    /// An unknown ruleset or bad parameters; a rules file that does not load.
    pub fn build(&self) -> CliResult<Box<dyn sprague::Ruleset>> {
        match self {
            Source::Builtin(spec) => Ok(sprague::build(spec)?),
            Source::Script { .. } => match self.script()? {
                Some(s) => Ok(Box::new(s)),
                None => Err(CliError::internal("a rules source without a script")),
            },
        }
    }

    /// The position words, with a word clap took for a ruleset name put back.
    #[must_use]
    pub fn words(&self, words: &[String]) -> Vec<String> {
        match self {
            Source::Script { first: Some(w), .. } => {
                std::iter::once(w.clone()).chain(words.iter().cloned()).collect()
            }
            _ => words.to_vec(),
        }
    }
}

pub use sprague_cli::input::script::{load as load_script, text as script_text};

/// The ruleset of `source` and the position text of `words` for it.
///
/// # Errors
/// An unknown ruleset or bad parameters, an empty position, `-` where it
/// cannot be read.
pub fn open(
    source: &Source,
    words: &[String],
    reading: Reading,
) -> CliResult<(Box<dyn sprague::Ruleset>, String)> {
    let rules = source.build()?;
    let spec = source.label();
    let text = source.words(words).join(" ");
    if text.trim().is_empty() {
        return Err(CliError::input(format!(
            "no position given for `{spec}` (`sprague games` shows its notation)"
        )));
    }
    let graph = sprague::lookup(&sprague::catalog(), spec).is_ok_and(|e| e.family == sprague::Family::Graph);
    if graph && text.trim() == "-" {
        return match reading {
            Reading::Value => {
                // Within the memory budget: `/dev/zero` is refused, not read to exhaustion.
                let text = sprague_cli::input::read::read_text("-", "the position", None)?;
                Ok((rules, text))
            }
            Reading::Play => Err(CliError::input(
                "`sprague play` reads the moves from stdin, so the position cannot be `-`: give it on the command line",
            )),
        };
    }
    Ok((rules, text))
}

/// The value parser of a `RULESET` argument: any text (parameters follow a
/// colon, `bash:3`; the registry judges it), with the catalog's names as its
/// possible values, so that the shell completions generated by
/// `sprague completions` complete ruleset names.
#[derive(Clone, Copy, Debug)]
pub struct RulesetName;

impl clap::builder::TypedValueParser for RulesetName {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        clap::builder::StringValueParser::new().parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(sprague::catalog().into_iter().map(|e| {
            clap::builder::PossibleValue::new(e.name).help(e.summary)
        })))
    }
}
