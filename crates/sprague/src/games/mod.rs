//! Built-in rulesets, one file (or one folder) per game or family: its
//! rules, notation, knowledge ([`Definition`](crate::Definition)) and
//! catalog entry (`pub(crate) const ENTRIES`) together.
//!
//! The build script (`build.rs`) declares every file and folder here as a
//! module, re-exports the items each declares `pub` at its top level, and
//! collects their catalog entries: adding a game is adding its file.

include!(concat!(env!("OUT_DIR"), "/games.rs"));
