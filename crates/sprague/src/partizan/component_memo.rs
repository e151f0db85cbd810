//! The partizan solver's memo of component values: by a word of the
//! ruleset's ([`PartizanRules::memo_word`](super::PartizanRules::memo_word))
//! where it gives one, else by the position.

use super::game_id::GameId;
use super::pair_memo::PairMemo;
use crate::position_memo::{PositionMemo, position_hash};
use core::hash::Hash;

/// How one component representative is found in a [`ComponentMemo`]: its
/// memo word, or the hash of the whole position. Computed once
/// ([`MemoKey::of`]) for the look-up, the prefetch and the insertion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct MemoKey {
    /// The word, or the position's [`position_hash`].
    code: u64,
    /// Whether `code` is a word.
    word: bool,
}

impl MemoKey {
    /// The key of representative `key`, whose memo word (if the ruleset has
    /// one) is `word`. [`u64::MAX`] is not a word: it reads as `None`.
    #[inline]
    pub(super) fn of<P: Hash>(key: &P, word: Option<u64>) -> Self {
        match word {
            Some(w) if w != u64::MAX => MemoKey { code: w, word: true },
            _ => MemoKey {
                code: position_hash(key),
                word: false,
            },
        }
    }
}

/// Component representatives to the ids of their canonical forms.
///
/// A representative with a memo word sits in a table of (word, id) slots,
/// 16 bytes each: a look-up reads one slot, one cache line, and stores no
/// position. The others sit in a [`PositionMemo`]: one slot of its index,
/// then the entry to compare the position with, most often a second cache
/// line. The solver's look-ups mostly miss the caches (its memo grows to
/// millions of components), so the word halves their cost.
///
/// O(1) expected per operation.
pub(super) struct ComponentMemo<P> {
    positions: PositionMemo<P, GameId>,
    words: PairMemo,
}

impl<P: Eq + Hash> ComponentMemo<P> {
    /// An empty memo.
    pub(super) fn new() -> Self {
        ComponentMemo {
            positions: PositionMemo::new(),
            words: PairMemo::default(),
        }
    }

    /// Number of components stored.
    pub(super) fn len(&self) -> usize {
        self.positions.len() + self.words.len()
    }

    /// Hints that `at` will be looked up soon. No effect on any value.
    #[inline]
    pub(super) fn prefetch(&self, at: MemoKey) {
        if at.word {
            self.words.prefetch(at.code);
        } else {
            self.positions.prefetch(at.code);
        }
    }

    /// The value stored for representative `key`, found by `at`.
    #[inline]
    pub(super) fn get(&self, key: &P, at: MemoKey) -> Option<GameId> {
        if at.word {
            self.words.get(at.code)
        } else {
            self.positions.get(key, at.code)
        }
    }

    /// Stores `value` for representative `key`, found by `at`; it must not
    /// be stored yet.
    pub(super) fn insert(&mut self, key: &P, at: MemoKey, value: GameId)
    where
        P: Clone,
    {
        if at.word {
            self.words.insert(at.code, value);
        } else {
            self.positions.insert(key.clone(), at.code, value);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Keys with and without words, through growths, against a map of
    /// (word or position) to value; `u64::MAX` falls back to the position.
    #[test]
    fn agrees_with_a_hash_map() {
        let mut memo = ComponentMemo::new();
        let mut plain = std::collections::HashMap::new();
        let mut rng = crate::test_rng::XorShift::new(0x0bad_cafe_1234_5678);
        for n in 0..30_000u32 {
            let position = rng.next_u64() % 20_000;
            let word = match position % 3 {
                0 => None,
                1 => Some(position.wrapping_mul(0x9E37_79B9_7F4A_7C15)),
                _ => Some(u64::MAX - (position % 2)),
            };
            let at = MemoKey::of(&position, word);
            let name = match word {
                Some(w) if w != u64::MAX => (true, w),
                _ => (false, position),
            };
            assert_eq!(at.word, name.0);
            memo.prefetch(at);
            let got = memo.get(&position, at);
            assert_eq!(got, plain.get(&name).copied(), "{position} {word:?}");
            if got.is_none() {
                let v = GameId::from_index(n);
                memo.insert(&position, at, v);
                plain.insert(name, v);
            }
        }
        assert_eq!(memo.len(), plain.len());
    }
}
