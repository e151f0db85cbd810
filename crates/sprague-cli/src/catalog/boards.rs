//! Catalog entries for the board, coin and memory games: they all live in
//! the engine's registry (`sprague::registry`), which fills this group.

use super::Entry;

pub(super) fn entries() -> Vec<Entry> {
    Vec::new()
}
