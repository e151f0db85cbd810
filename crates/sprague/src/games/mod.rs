//! Built-in rulesets, one file (or one folder) per game or family: its
//! rules, notation, knowledge ([`Definition`](crate::Definition)) and
//! catalog entry (`pub(crate) const ENTRIES`) together.
//!
//! The build script (`build.rs`) declares every file and folder here as a
//! module, re-exports the items each declares `pub` at its top level, and
//! collects their catalog entries: adding a game is adding its file.
//!
//! # Adding a built-in ruleset: one file
//!
//! 1. Write `src/games/NAME.rs` (or `src/games/NAME/mod.rs` for a game of
//!    several parts): the rules ([`ImpartialRules`](crate::ImpartialRules)
//!    or [`PartizanRules`](crate::PartizanRules)), the notation
//!    ([`Notation`](crate::Notation)) and the optional knowledge
//!    ([`Definition`](crate::Definition)).
//! 2. In the same file, its catalog entry: `pub(crate) const ENTRIES:
//!    &[Entry] = &[Entry { name, params, family, summary, notation, example,
//!    example2, rules, known, build }];` (the `\npub(crate) const ENTRIES:`
//!    at the start of a line is what the build script looks for). `build`
//!    wraps the rules in a generic adapter of the registry: `Impartial` or
//!    `HeapRuleset` for impartial games, `Partizan` for partizan ones,
//!    `SpaceRules` for state spaces (see `snort.rs`, `cram.rs`,
//!    `fission.rs`).
//! 3. Nothing else: no module line, no registration, no list. `sprague
//!    games`, every verb, the catalog page, JSON, the Python package and the
//!    playground find it through the catalog. It is listed at the end of its
//!    family, after the games of the files before it (`catalog` keeps the
//!    older games in their former order). Its golden catalog pages under
//!    `crates/sprague-cli/tests/snapshots/games/` are data the tests write
//!    (`SPRAGUE_UPDATE_SNAPSHOTS=1`), not code; the terminal and playground
//!    tests play its catalog example unchanged.
//!
//! # Games with a `Ruleset` of their own
//!
//! Most games go through a generic adapter of the registry (`Impartial`,
//! `HeapRuleset`, `CellGrid`, `Partizan`, `SpaceRules`). These files keep
//! their own `impl Ruleset`, because the game answers by an algorithm of its
//! own that a search over moves could not match, or in the problem's own
//! terms:
//!
//! - closed forms for positions of any size, with search only for small
//!   ones: `wythoff` (Beatty pairs, Wythoff and Wyt Queens), `moore` (binary
//!   digit sums mod K + 1), `memory` (Schwenk / Zeckendorf for Fibonacci
//!   Nim and relatives), `pick_nim` (Smallest and Largest Nim),
//!   `poker_nim` (Bouton's rule with additions), `rectangles` (the
//!   `AxB^K` closed form of rectangle cutting), `coin_circle` (range
//!   counts of circles from the closed form and the rows' proven period);
//! - a value table built once per parameter: `multiples` (the
//!   O(N^(3/4)) table of the multiples game, kept per N for its players);
//! - a dedicated search or a bespoke answer: `chomp` (winning bites named
//!   on the diagram as written), `domineering_search` (outcome-only
//!   search for boards far beyond canonical forms);
//! - structural solvers on graphs: `green_hackenbush` (colon and fusion
//!   principles, linear time), `geography` (maximum matchings),
//!   `leaf_removal`, `increasing_distance` (diameter-midpoint rule),
//!   `node_kayles` (bitmask graphs of at most 64 vertices),
//!   `wall_making` (regions), `bunny_egg` (matchings after each slide);
//! - contest problems that answer in their own terms: `mex_mat` (counts of
//!   0s, 1s and 2s), `fox_and_card` and `carrot` (final sums and scores by
//!   greedy rules), `lamp` and `speike_and_tom` (a state space built from
//!   each position, then the state-space adapter).

/// The catalog `build` of a state space that takes no parameters: `space`
/// solved under the entry's name.
fn space_without_params<S: crate::loopy::SpaceNotation + 'static>(
    name: &str,
    params: Option<&str>,
    space: S,
) -> crate::registry::Result<Box<dyn crate::registry::Ruleset>> {
    crate::registry::without_params(name, params, |name| crate::registry::SpaceRules { name, space })
}

include!(concat!(env!("OUT_DIR"), "/games.rs"));
