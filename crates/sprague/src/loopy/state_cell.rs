//! The two-byte cell of the state-space solvers: a countdown while a
//! position is undecided, its value once decided.

use super::retrograde::CountdownCell;
use super::wld::{SolvedValue, Wld};
use crate::monitor::Failure;
use core::fmt;

const DECIDED: u16 = 1 << 15;
const WIN: u16 = 1 << 14;
const REM: u16 = WIN - 1;

/// One index of a state-space solve in two bytes, the packing of
/// [`StateTable`](super::StateTable) and of every solver that fills one
/// (the one-thread and threaded [`StateSpaceSolver`](super::StateSpaceSolver),
/// a distributed solver).
///
/// Bit 15 clear: an undecided position, the low 15 bits counting its moves
/// not yet known to be won for the opponent (a position still undecided at
/// the end is a draw). Bit 15 set: `0xBFFF` not a position, `0xBFFE` a drawn
/// terminal, else decided: bit 14 set for a win, the low 14 bits the
/// remoteness (at most [`StateCell::MAX_REMOTENESS`]).
///
/// ```
/// use sprague::loopy::{SolvedValue, StateCell};
/// assert_eq!(StateCell::won(3).value(), Some(SolvedValue::win(3)));
/// assert_eq!(StateCell::NOT_STATE.value(), None);
/// assert_eq!(StateCell::undecided(5).value(), Some(SolvedValue::DRAW));
/// assert_eq!(StateCell::lost(2).decided_at(), Some((true, 2)));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct StateCell(u16);

impl StateCell {
    /// An index that is not a position.
    pub const NOT_STATE: StateCell = StateCell(DECIDED | REM);
    /// A terminal position that is drawn.
    pub const DRAWN: StateCell = StateCell(DECIDED | (REM - 1));
    /// The largest remoteness a cell holds.
    pub const MAX_REMOTENESS: u32 = (REM - 2) as u32;
    /// The largest count of moves an undecided cell holds.
    pub const MAX_COUNT: usize = (DECIDED - 1) as usize;

    /// The cell of its bits, as [`StateCell::bits`] gives them.
    #[must_use]
    #[inline]
    pub const fn from_bits(bits: u16) -> StateCell {
        StateCell(bits)
    }

    /// The bits of the cell.
    #[must_use]
    #[inline]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// An undecided position with `count` moves left to count (at most
    /// [`StateCell::MAX_COUNT`]; 0 for a position whose moves are not
    /// counted).
    #[must_use]
    #[inline]
    pub const fn undecided(count: u16) -> StateCell {
        StateCell(count & !DECIDED)
    }

    /// A position won with remoteness `r` (kept to its low 14 bits; at most
    /// [`StateCell::MAX_REMOTENESS`] reads back).
    #[must_use]
    #[inline]
    pub const fn won(r: u32) -> StateCell {
        StateCell(DECIDED | WIN | (r as u16 & REM))
    }

    /// A position lost with remoteness `r` (as [`StateCell::won`]).
    #[must_use]
    #[inline]
    pub const fn lost(r: u32) -> StateCell {
        StateCell(DECIDED | (r as u16 & REM))
    }

    /// The cell of a terminal position: lost, won or drawn with remoteness 0.
    #[must_use]
    #[inline]
    pub const fn terminal(w: Wld) -> StateCell {
        match w {
            Wld::Lose => StateCell::lost(0),
            Wld::Win => StateCell::won(0),
            Wld::Draw => StateCell::DRAWN,
        }
    }

    /// Whether the cell's value is final (won, lost, a drawn terminal, or
    /// not a position).
    #[must_use]
    #[inline]
    pub const fn is_decided(self) -> bool {
        self.0 & DECIDED != 0
    }

    /// `(lost, remoteness)` of a won or lost position; `None` for the
    /// undecided, drawn terminals and indices that are not positions.
    #[must_use]
    #[inline]
    pub const fn decided_at(self) -> Option<(bool, u32)> {
        if self.0 & DECIDED != 0 && self.0 & REM <= REM - 2 {
            Some((self.0 & WIN == 0, (self.0 & REM) as u32))
        } else {
            None
        }
    }

    /// Whether the cell is won or lost at remoteness `level` (at most
    /// [`StateCell::MAX_REMOTENESS`]). O(1), branch-free.
    #[must_use]
    #[inline]
    pub const fn is_decided_at(self, level: u32) -> bool {
        self.0 & DECIDED != 0 && (self.0 & REM) as u32 == level
    }

    /// The value of the cell: `None` when the index is not a position, a
    /// draw for a drawn terminal and for an undecided cell. O(1).
    #[must_use]
    pub const fn value(self) -> Option<SolvedValue> {
        if self.0 == StateCell::NOT_STATE.0 {
            None
        } else if self.0 & DECIDED == 0 || self.0 == StateCell::DRAWN.0 {
            Some(SolvedValue::DRAW)
        } else if self.0 & WIN != 0 {
            Some(SolvedValue::win((self.0 & REM) as u32))
        } else {
            Some(SolvedValue::lose((self.0 & REM) as u32))
        }
    }

    /// The cell of a value (`None`: not a position; a draw is stored as a
    /// drawn terminal). O(1).
    ///
    /// # Errors
    /// [`SpaceLimit::RemotenessOverflow`] past [`StateCell::MAX_REMOTENESS`],
    /// or for a win or loss without a remoteness.
    pub const fn of_value(v: Option<SolvedValue>) -> Result<StateCell, SpaceLimit> {
        let Some(v) = v else {
            return Ok(StateCell::NOT_STATE);
        };
        match (v.wld, v.remoteness) {
            (Wld::Draw, _) => Ok(StateCell::DRAWN),
            (Wld::Win, Some(r)) if r <= StateCell::MAX_REMOTENESS => Ok(StateCell::won(r)),
            (Wld::Lose, Some(r)) if r <= StateCell::MAX_REMOTENESS => Ok(StateCell::lost(r)),
            _ => Err(SpaceLimit::RemotenessOverflow),
        }
    }
}

impl CountdownCell for StateCell {
    #[inline]
    fn is_decided(self) -> bool {
        StateCell::is_decided(self)
    }

    #[inline]
    fn is_last(self) -> bool {
        self.0 <= 1
    }

    #[inline]
    fn count_down(self) -> Self {
        StateCell(self.0 - 1)
    }

    #[inline]
    fn won(r: u32) -> Self {
        StateCell::won(r)
    }

    #[inline]
    fn lost(r: u32) -> Self {
        StateCell::lost(r)
    }
}

/// A state space that the packed solver cannot represent.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SpaceLimit {
    /// A state has more moves than the packed counters hold.
    TooManyMoves {
        /// The state.
        state: u64,
        /// Its number of moves.
        moves: usize,
    },
    /// A remoteness does not fit the packed cells.
    RemotenessOverflow,
}

impl fmt::Display for SpaceLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpaceLimit::TooManyMoves { state, moves } => write!(
                f,
                "state {state} has {moves} moves, more than the solver's limit of {}",
                StateCell::MAX_COUNT
            ),
            SpaceLimit::RemotenessOverflow => write!(
                f,
                "a remoteness exceeds the solver's limit of {} moves",
                StateCell::MAX_REMOTENESS
            ),
        }
    }
}

impl std::error::Error for SpaceLimit {}

impl Failure for SpaceLimit {
    const WORK: &'static str = "states";
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn values_round_trip(r in 0..=StateCell::MAX_REMOTENESS, k in 0u8..4) {
            let v = match k {
                0 => None,
                1 => Some(SolvedValue::DRAW),
                2 => Some(SolvedValue::win(r)),
                _ => Some(SolvedValue::lose(r)),
            };
            let c = StateCell::of_value(v).unwrap();
            prop_assert_eq!(c.value(), v);
            prop_assert_eq!(StateCell::from_bits(c.bits()), c);
            prop_assert_eq!(c.decided_at().is_some(), k >= 2);
            prop_assert_eq!(c.is_decided_at(r), k >= 2);
        }
    }

    #[test]
    fn the_packing_of_the_tables() {
        // The bits are a stored format (StateTable::raw, the distributed
        // solver's messages): they must not change.
        assert_eq!(StateCell::NOT_STATE.bits(), 0xBFFF);
        assert_eq!(StateCell::DRAWN.bits(), 0xBFFE);
        assert_eq!(StateCell::won(5).bits(), 0xC005);
        assert_eq!(StateCell::lost(5).bits(), 0x8005);
        assert_eq!(StateCell::undecided(7).bits(), 7);
        assert!(StateCell::of_value(Some(SolvedValue::win(StateCell::MAX_REMOTENESS + 1))).is_err());
        assert!(!StateCell::NOT_STATE.is_decided_at(StateCell::MAX_REMOTENESS));
        assert!(!StateCell::DRAWN.is_decided_at(StateCell::MAX_REMOTENESS));
    }
}
