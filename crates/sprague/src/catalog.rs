//! The catalog: every built-in ruleset with its documentation and
//! constructor, in display order, found by name (with a suggestion for a
//! name mistyped) and built from `NAME:PARAMS`.
//!
//! It gathers the entries that every file under `games/` declares, so it
//! stands above the games; the vocabulary of an entry ([`Entry`],
//! [`Family`]) is the registry's, below them.

use crate::partizan::Variant;
use crate::query::{Error, Result};
use crate::registry::{Entry, Family, Ruleset};

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
pub(crate) const ALIASES: [(&str, &str); 1] = [("flip01", "flip-left")];

/// The entry named `name` in `all` (any case; parameters after `:` are
/// ignored; a former name, such as `flip01`, finds its current entry; a
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
            Err(Error::UnknownRuleset {
                name: name.to_string(),
                suggestion: best.filter(|&(d, _)| d <= 3).map(|(_, n)| n),
            })
        }
    }
}

/// Levenshtein distance, for "did you mean" hints. O(|a|·|b|).
#[must_use]
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
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

    /// An unknown name is reported as data: the name and the nearest
    /// catalog name within three edits, and the same line as always.
    #[test]
    fn unknown_names_carry_their_suggestion() {
        let all = catalog();
        let e = lookup(&all, "domineeering:2").unwrap_err();
        assert_eq!(
            e,
            Error::UnknownRuleset {
                name: "domineeering".to_string(),
                suggestion: Some("domineering"),
            }
        );
        assert_eq!(
            e.to_string(),
            "unknown ruleset `domineeering`; did you mean `domineering`? (`sprague games` lists them all)"
        );
        let far = lookup(&all, "qqqqqqqqqqqq").unwrap_err();
        assert!(
            matches!(far, Error::UnknownRuleset { suggestion: None, .. }),
            "{far:?}"
        );
        assert_eq!(
            far.to_string(),
            "unknown ruleset `qqqqqqqqqqqq` (`sprague games` lists them all)"
        );
    }

    /// A verb a ruleset does not answer is reported as that verb.
    #[test]
    fn unsupported_verbs_are_typed() {
        let dom = crate::build("domineering").unwrap();
        let monitor = crate::Monitor::default();
        let options = crate::Options::new(&monitor);
        let e = dom.table(10, &options, &mut |_| true).err();
        assert_eq!(e, Some(Error::Unsupported(crate::Verb::Table)));
        let e = dom.count(0, 10, &options).err();
        assert_eq!(e, Some(Error::Unsupported(crate::Verb::Count)));
        let e = e.map(|e| e.to_string()).unwrap_or_default();
        assert!(e.starts_with("`count` needs a ruleset"), "{e}");
    }

    #[test]
    fn edit_distance_examples() {
        assert_eq!(edit_distance("bsh", "bash"), 1);
        assert_eq!(edit_distance("", "nim"), 3);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }
}
