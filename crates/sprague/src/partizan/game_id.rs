//! The id of a canonical short partizan game in its store: what every memo
//! table of the store is keyed by, so it stands below the store and its
//! tables.

/// A canonical short partizan game: an index into one [`GameStore`](super::GameStore).
///
/// Every canonical form is interned once, so two ids of the same store are
/// equal exactly when the games are equal in value; ids key every memo table.
/// Ids from different stores must not be mixed.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct GameId(pub(super) u32);

impl GameId {
    /// The id of 0 in every store.
    pub const ZERO: GameId = GameId(0);

    /// The index of this game in its store.
    #[must_use]
    pub const fn index(self) -> u32 {
        self.0
    }

    /// The id at `index` (for the tests of the tables keyed or valued by ids).
    #[cfg(test)]
    pub(crate) const fn from_index(index: u32) -> GameId {
        GameId(index)
    }
}
