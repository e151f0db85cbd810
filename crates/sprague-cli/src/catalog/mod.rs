//! The catalog of rulesets: names, notation, examples, and how to build each.
//! Each family of rulesets registers its entries from its own file.

mod boards;
mod graphs;

use crate::error::{CliError, CliResult};
use crate::ruleset::Ruleset;

pub use sprague::Family;

/// How a ruleset is built from its parameter text (after the `:`).
pub type Builder = fn(name: &str, params: Option<&str>) -> CliResult<Box<dyn Ruleset>>;

/// One ruleset in the catalog.
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
    /// The rules in a paragraph, for `sprague games NAME`.
    pub rules: &'static str,
    /// What is known: closed forms, periods, with a reference (Winning Ways
    /// chapter, OEIS number or paper).
    pub known: &'static str,
    /// Constructor.
    pub build: Builder,
}

/// Every ruleset, in display order: each group from the engine's registry
/// once it has moved there, else from the command line's own list.
pub fn entries() -> Vec<Entry> {
    let cli = [
        Vec::new(),
        graphs::entries(),
        Vec::new(),
        Vec::new(),
        boards::entries(),
        Vec::new(),
    ];
    let mut all = Vec::new();
    for (core, cli) in sprague::catalog_groups().into_iter().zip(cli) {
        all.extend(cli);
        all.extend(core.iter().map(from_core));
    }
    all
}

/// A registry entry as a command-line entry.
fn from_core(e: &sprague::Entry) -> Entry {
    Entry {
        name: e.name,
        params: e.params,
        family: e.family,
        summary: e.summary,
        notation: e.notation,
        example: e.example,
        example2: e.example2,
        rules: e.rules,
        known: e.known,
        build: |name, params| {
            let all = sprague::catalog();
            let e = sprague::lookup(&all, name)?;
            let ruleset = crate::ruleset::Registered((e.build)(e.name, params)?);
            // Graph positions may be too large for an argument: `-` reads stdin.
            Ok(if e.family == Family::Graph {
                Box::new(crate::input::stdin_position::StdinPosition(ruleset))
            } else {
                Box::new(ruleset)
            })
        },
    }
}

/// Builds the ruleset named by `spec` (`NAME` or `NAME:PARAMS`).
pub fn build(spec: &str) -> CliResult<Box<dyn Ruleset>> {
    let (name, params) = match spec.split_once(':') {
        Some((n, p)) => (n, Some(p)),
        None => (spec, None),
    };
    let all = entries();
    let e = lookup(&all, name)?;
    (e.build)(e.name, params)
}

/// The entry named `name` (any case; parameters after `:` are ignored).
///
/// # Errors
/// An unknown name: one line with the closest name as a suggestion.
pub fn lookup<'a>(all: &'a [Entry], name: &str) -> CliResult<&'a Entry> {
    let name = name.split_once(':').map_or(name, |(n, _)| n);
    match all.iter().find(|e| e.name.eq_ignore_ascii_case(name)) {
        Some(e) => Ok(e),
        None => {
            let best = all
                .iter()
                .map(|e| (edit_distance(&name.to_ascii_lowercase(), e.name), e.name))
                .min();
            let hint = match best {
                Some((d, n)) if d <= 3 => format!("; did you mean `{n}`?"),
                _ => String::new(),
            };
            Err(CliError::input(format!(
                "unknown ruleset `{name}`{hint} (`sprague games` lists them all)"
            )))
        }
    }
}

/// Parses a required whole-number parameter, e.g. the `M` of `bash:M`.
pub fn whole_param(name: &str, params: Option<&str>, what: &str) -> CliResult<u64> {
    let text = params
        .ok_or_else(|| CliError::input(format!("ruleset `{name}` needs a parameter: `{name}:{what}`")))?;
    sprague::parse_u64_token(text.trim(), name.len() + 2, what)
        .map_err(|e| CliError::input(format!("ruleset `{name}:{text}`: {e}")))
}

/// Rejects parameters for rulesets that take none.
pub fn no_params(name: &str, params: Option<&str>) -> CliResult<()> {
    match params {
        None => Ok(()),
        Some(p) => Err(CliError::input(format!(
            "ruleset `{name}` takes no parameters, found `{name}:{p}`"
        ))),
    }
}

/// Levenshtein distance, for "did you mean" hints.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_lowercase() {
        let all = entries();
        for (i, e) in all.iter().enumerate() {
            assert_eq!(e.name, e.name.to_ascii_lowercase());
            assert!(
                all[i + 1..].iter().all(|f| f.name != e.name),
                "duplicate {}",
                e.name
            );
        }
    }

    #[test]
    fn edit_distance_examples() {
        assert_eq!(edit_distance("bsh", "bash"), 1);
        assert_eq!(edit_distance("", "nim"), 3);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }
}
