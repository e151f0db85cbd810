//! One ruleset of the catalog: its [`Entry`] (name, documentation and
//! constructor), its [`Family`], and the helpers its constructor uses to read
//! the parameters after `NAME:`. Every game file declares its entries with
//! these; the catalog ([`crate::catalog()`]) gathers them.

use super::ruleset::Ruleset;
use crate::query::{Error, Result};

/// A group of rulesets in the catalog.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// Nim-like games on heaps.
    Heap,
    /// Take-and-break (octal, hexadecimal) games.
    TakeAndBreak,
    /// Other impartial games (boards, coins, turning games).
    Impartial,
    /// Games played on graphs.
    Graph,
    /// Partizan games.
    Partizan,
    /// Loopy games and state spaces.
    Loopy,
}

impl Family {
    /// The heading of this family in listings.
    #[must_use]
    pub const fn title(self) -> &'static str {
        match self {
            Family::Heap => "impartial heap games",
            Family::TakeAndBreak => "take-and-break games",
            Family::Impartial => "other impartial games",
            Family::Graph => "games on graphs",
            Family::Partizan => "partizan games",
            Family::Loopy => "loopy games and state spaces",
        }
    }

    /// All families in display order.
    pub const ALL: [Family; 6] = [
        Family::Heap,
        Family::TakeAndBreak,
        Family::Impartial,
        Family::Graph,
        Family::Partizan,
        Family::Loopy,
    ];
}

/// How a ruleset is built from its name and the parameter text after the `:`.
pub type Builder = fn(name: &str, params: Option<&str>) -> Result<Box<dyn Ruleset>>;

/// One ruleset in the catalog, with its documentation.
#[derive(Clone, Copy)]
pub struct Entry {
    /// The name typed on the command line.
    pub name: &'static str,
    /// Parameter syntax after `NAME:`, empty when it takes none (e.g. `M`).
    pub params: &'static str,
    /// Its group.
    pub family: Family,
    /// One sentence of rules.
    pub summary: &'static str,
    /// How positions are written.
    pub notation: &'static str,
    /// A command line (after `sprague`) that runs.
    pub example: &'static str,
    /// A second command line (after `sprague`) that runs, showing another verb or feature.
    pub example2: &'static str,
    /// The rules in a paragraph.
    pub rules: &'static str,
    /// What is known: closed forms, periods, with a reference (Winning Ways
    /// chapter, OEIS number or paper).
    pub known: &'static str,
    /// Constructor.
    pub build: Builder,
}

impl Entry {
    /// The entry as data, as `sprague games --json` and the playground list
    /// it: `name`, `params`, `family`, `summary`, `rules`, `notation`,
    /// `known`, `example` (the first command line, `sprague …`) and
    /// `examples` (both command lines).
    #[must_use]
    pub fn data(&self) -> super::report::Data {
        let example = format!("sprague {}", self.example);
        let example2 = format!("sprague {}", self.example2);
        super::report::Data::map()
            .with("name", self.name)
            .with("params", self.params)
            .with("family", self.family.title())
            .with("summary", self.summary)
            .with("rules", self.rules)
            .with("notation", self.notation)
            .with("known", self.known)
            .with("example", example.as_str())
            .with("examples", vec![example, example2])
    }
}

impl core::fmt::Debug for Entry {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Entry")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

/// Parses a required whole-number parameter, e.g. the `M` of `bash:M`.
///
/// # Errors
/// A missing or malformed parameter.
pub fn whole_param(name: &str, params: Option<&str>, what: &str) -> Result<u64> {
    let text =
        params.ok_or_else(|| Error::input(format!("ruleset `{name}` needs a parameter: `{name}:{what}`")))?;
    crate::notation::parse_u64_token(text.trim(), name.len() + 2, what)
        .map_err(|e| Error::input(format!("ruleset `{name}:{text}`: {e}")))
}

/// Parses an optional whole-number parameter in `range`, e.g. the `H` of
/// `cram:H`: `None` when there is none.
///
/// # Errors
/// A malformed parameter or one outside `range`.
pub fn optional_param(
    name: &str,
    params: Option<&str>,
    what: &str,
    range: core::ops::RangeInclusive<u64>,
) -> Result<Option<u64>> {
    let Some(text) = params else {
        return Ok(None);
    };
    let n = whole_param(name, params, what)?;
    if !range.contains(&n) {
        return Err(Error::input(format!(
            "ruleset `{name}:{text}`: {what} is {} to {}",
            range.start(),
            range.end()
        )));
    }
    Ok(Some(n))
}

/// Rejects parameters for rulesets that take none.
///
/// # Errors
/// Any parameter text.
pub fn no_params(name: &str, params: Option<&str>) -> Result<()> {
    match params {
        None => Ok(()),
        Some(p) => Err(Error::input(format!(
            "ruleset `{name}` takes no parameters, found `{name}:{p}`"
        ))),
    }
}

/// The [`Builder`] of a ruleset that takes no parameters: rejects any, then
/// boxes `make(name)`.
///
/// # Errors
/// Any parameter text.
pub fn without_params<R: Ruleset + 'static>(
    name: &str,
    params: Option<&str>,
    make: impl FnOnce(String) -> R,
) -> Result<Box<dyn Ruleset>> {
    no_params(name, params)?;
    Ok(Box::new(make(name.to_string())))
}
