//! The catalog: every built-in ruleset with its documentation and constructor.

use super::{Error, Result, Ruleset};
use crate::partizan::Variant;

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
    pub fn data(&self) -> super::Data {
        let example = format!("sprague {}", self.example);
        let example2 = format!("sprague {}", self.example2);
        super::Data::map()
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

/// Every built-in ruleset, in display order: by family; within a family the
/// rulesets named in `LISTED` (the catalog's order before each game's
/// entry moved into the game's file) first, in that order, then every other game
/// in the order of its file under `games/`.
#[must_use]
pub fn catalog() -> Vec<Entry> {
    let mut all: Vec<Entry> = crate::games::FILE_ENTRIES
        .iter()
        .flat_map(|e| e.iter().copied())
        .collect();
    // A stable sort: entries with the same key keep their file order.
    all.sort_by_key(|e| {
        (
            Family::ALL.iter().position(|&f| f == e.family),
            LISTED.iter().position(|&n| n == e.name).unwrap_or(LISTED.len()),
        )
    });
    all
}

/// The rulesets listed first in their family, in this order: the order of
/// the catalog before each game's entry moved into the game's own file, kept
/// so that `sprague games` and the pages that follow it do not change. A
/// game not named here (every game added since) comes after these, in the
/// order of its file under `games/`; adding a game needs no line here.
const LISTED: [&str; 64] = [
    // Impartial heap games.
    "nim",
    "bash",
    "subtraction",
    "range",
    "allbut",
    "squares",
    "fibonacci",
    "wythoff",
    "poker-nim",
    "staircase",
    "moore",
    "one-or-largest",
    "fibonacci-nim",
    "memory2c",
    "memory",
    "smallest-nim",
    "largest-nim",
    // Take-and-break games.
    "octal",
    "hex",
    "kayles",
    "dawson",
    "grundy",
    "lasker",
    "equal-split",
    "rectangles",
    // Other impartial games.
    "wyt-queens",
    "silver-dollar",
    "chomp",
    "turning-turtles",
    "mock-turtles",
    "ruler",
    "flip-left",
    "turning-corners",
    "multiples",
    "mex-mat",
    "flip-suffix",
    "guessing",
    "coin-game",
    // Games on graphs.
    "green-hackenbush",
    "geography",
    "geography-grid",
    "leaf-removal",
    "leaf-removal-unrooted",
    "increasing-distance",
    "node-kayles",
    "arc-kayles",
    "wall-making",
    "bunny-and-egg",
    // Partizan games.
    "hackenbush",
    "domineering",
    "domineering-outcome",
    "toads-and-frogs",
    "clobber",
    "cutcake",
    "takeab",
    "fox-and-card",
    "choosing-carrot",
    // Loopy games and state spaces.
    "tic-tac-toe",
    "krk",
    "connect-four",
    "kqk",
    "kpk",
    "speike-and-tom",
    "lamp-switches",
];

/// Builds the ruleset named by `spec` (`NAME` or `NAME:PARAMS`, any case).
///
/// # Errors
/// An unknown name (with the closest name as a suggestion) or bad parameters.
pub fn build(spec: &str) -> Result<Box<dyn Ruleset>> {
    let (name, params) = match spec.split_once(':') {
        Some((n, p)) => (n, Some(p)),
        None => (spec, None),
    };
    if let Some(variant) = Variant::from_name(name.trim()) {
        return build_variant(variant, params);
    }
    let all = catalog();
    let e = lookup(&all, name)?;
    (e.build)(e.name, params)
}

/// The `variant` of the ruleset named by `base` (`twisted:` + `domineering`).
fn build_variant(variant: Variant, base: Option<&str>) -> Result<Box<dyn Ruleset>> {
    let base = base.map(str::trim).filter(|b| !b.is_empty()).ok_or_else(|| {
        Error::input(format!(
            "`{variant}:` needs a partizan ruleset after it, e.g. `{variant}:domineering`"
        ))
    })?;
    let base_name = base.split_once(':').map_or(base, |(n, _)| n);
    if Variant::from_name(base_name.trim()).is_some() {
        return Err(Error::input(format!(
            "`{variant}:{base}`: variants do not nest; give one of impartial:, dicotic: or twisted: before a partizan ruleset"
        )));
    }
    let rules = build(base)?;
    rules.variant(variant).ok_or_else(|| {
        Error::input(format!(
            "`{variant}:{base}`: the impartial, dicotic and twisted variants are defined for partizan rulesets valued by canonical forms (domineering, clobber, hackenbush, …), and `{base_name}` is not one"
        ))
    })
}

/// Former names still accepted, as `(old name, current name)`: `flip01` was
/// renamed `flip-left` when `flip-suffix` (the 01-string game of the lecture
/// notes) arrived, and keeps working for existing scripts.
pub const ALIASES: [(&str, &str); 1] = [("flip01", "flip-left")];

/// The entry named `name` in `all` (any case; parameters after `:` are
/// ignored; a former name in [`ALIASES`] finds its current entry; a
/// [`Variant`] prefix such as `twisted:` finds the entry of the ruleset it
/// varies).
///
/// # Errors
/// An unknown name: one line with the closest name as a suggestion.
pub fn lookup<'a>(all: &'a [Entry], name: &str) -> Result<&'a Entry> {
    let name = match name.split_once(':') {
        Some((prefix, rest)) if Variant::from_name(prefix.trim()).is_some() => rest,
        _ => name,
    };
    let name = name.split_once(':').map_or(name, |(n, _)| n);
    let name = ALIASES
        .iter()
        .find(|(old, _)| old.eq_ignore_ascii_case(name))
        .map_or(name, |&(_, new)| new);
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
            Err(Error::input(format!(
                "unknown ruleset `{name}`{hint} (`sprague games` lists them all)"
            )))
        }
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

/// Levenshtein distance, for "did you mean" hints. O(|a|·|b|).
#[must_use]
pub fn edit_distance(a: &str, b: &str) -> usize {
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
        let all = catalog();
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
    fn aliases_find_their_current_entry() {
        let all = catalog();
        for (old, new) in ALIASES {
            assert!(all.iter().all(|e| e.name != old), "{old} is still a name");
            assert_eq!(lookup(&all, old).unwrap().name, new);
            assert_eq!(lookup(&all, &old.to_ascii_uppercase()).unwrap().name, new);
        }
    }

    #[test]
    fn every_listed_name_is_a_ruleset_of_the_catalog() {
        let all = catalog();
        for name in LISTED {
            assert!(all.iter().any(|e| e.name == name), "{name} is not in the catalog");
        }
    }

    #[test]
    fn edit_distance_examples() {
        assert_eq!(edit_distance("bsh", "bash"), 1);
        assert_eq!(edit_distance("", "nim"), 3);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }
}
