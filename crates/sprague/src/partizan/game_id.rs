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

/// Sorts a list of ids, with no data-dependent branch for up to four (a
/// fixed network of compare-exchanges, each a minimum and a maximum):
/// option lists are that short, and the search sorts one or two for every
/// form it builds, where the branches of an insertion sort are mispredicted
/// about half the time. Longer lists take `sort_unstable`. O(n log n).
#[inline]
pub(super) fn sort_ids(v: &mut [GameId]) {
    #[inline(always)]
    fn exchange(v: &mut [GameId], i: usize, j: usize) {
        let (a, b) = (v[i].0, v[j].0);
        v[i] = GameId(a.min(b));
        v[j] = GameId(a.max(b));
    }
    // Tests in this order rather than a `match`, which becomes a jump
    // table: an indirect branch mispredicted as often as the lengths change.
    let n = v.len();
    if n == 2 {
        exchange(v, 0, 1);
    } else if n == 3 {
        exchange(v, 0, 1);
        exchange(v, 1, 2);
        exchange(v, 0, 1);
    } else if n == 4 {
        exchange(v, 0, 1);
        exchange(v, 2, 3);
        exchange(v, 0, 2);
        exchange(v, 1, 3);
        exchange(v, 1, 2);
    } else if n > 4 {
        v.sort_unstable();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every list of up to six ids drawn from a few values (repeats
    /// included) comes out as `sort_unstable` leaves it.
    #[test]
    fn sort_ids_sorts_every_short_list() {
        fn each(prefix: &mut Vec<GameId>, left: usize) {
            let mut got = prefix.clone();
            sort_ids(&mut got);
            let mut want = prefix.clone();
            want.sort_unstable();
            assert_eq!(got, want, "{prefix:?}");
            if left > 0 {
                for x in 0..5 {
                    prefix.push(GameId(x * 7));
                    each(prefix, left - 1);
                    prefix.pop();
                }
            }
        }
        each(&mut Vec::new(), 6);
    }
}
