//! Catalog entries for the games on graphs: they all live in the engine's
//! registry now (`sprague::catalog`); this group adds none of its own.

use super::Entry;

pub(super) fn entries() -> Vec<Entry> {
    Vec::new()
}
