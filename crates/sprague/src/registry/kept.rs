//! A list of values kept while their owner lives, for rulesets whose
//! players borrow a game made from the position.

use std::cell::OnceCell;

/// Games made while a ruleset lives, so that its players may borrow them (the
/// rules of Kayles and of the increasing-distance game depend on the
/// position): an append-only list, O(k) to add the k-th.
pub(crate) struct Kept<T> {
    cell: OnceCell<(T, Box<Kept<T>>)>,
}

impl<T> Default for Kept<T> {
    fn default() -> Self {
        Kept {
            cell: OnceCell::new(),
        }
    }
}

impl<T> Kept<T> {
    /// Keeps `value` as long as `self`, and lends it.
    pub(crate) fn keep(&self, value: T) -> &T {
        let mut node = self;
        while let Some((_, next)) = node.cell.get() {
            node = next;
        }
        &node.cell.get_or_init(|| (value, Box::default())).0
    }
}
