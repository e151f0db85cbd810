//! The value of one index as stored in a table: a little-endian `u16`.

use sprague::loopy::{SolvedValue, Wld};

/// The code of an index that is not a position.
pub const NOT_A_POSITION: u16 = 0;
/// The code of a draw.
pub const DRAW: u16 = 1;
/// The largest remoteness a code holds.
pub const MAX_REMOTENESS: u32 = (u16::MAX as u32 - 3) / 2;

/// The code of a value: 0 not a position, 1 draw, `2 + 2r` lost with
/// remoteness `r`, `3 + 2r` won with remoteness `r`; `None` past
/// [`MAX_REMOTENESS`]. O(1).
#[must_use]
pub fn encode(v: Option<SolvedValue>) -> Option<u16> {
    let Some(v) = v else {
        return Some(NOT_A_POSITION);
    };
    let r = match v.remoteness {
        Some(r) if r <= MAX_REMOTENESS => r as u16,
        Some(_) => return None,
        None => 0,
    };
    Some(match v.wld {
        Wld::Draw => DRAW,
        Wld::Lose => 2 + 2 * r,
        Wld::Win => 3 + 2 * r,
    })
}

/// The value of a code (`None`: not a position). O(1).
#[must_use]
pub fn decode(c: u16) -> Option<SolvedValue> {
    match c {
        NOT_A_POSITION => None,
        DRAW => Some(SolvedValue::DRAW),
        c if c % 2 == 0 => Some(SolvedValue::lose(u32::from((c - 2) / 2))),
        c => Some(SolvedValue::win(u32::from((c - 3) / 2))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn codes_round_trip(r in 0u32..=MAX_REMOTENESS, k in 0u8..4) {
            let v = match k {
                0 => None,
                1 => Some(SolvedValue::DRAW),
                2 => Some(SolvedValue::win(r)),
                _ => Some(SolvedValue::lose(r)),
            };
            let c = encode(v).unwrap();
            prop_assert_eq!(decode(c), v);
        }
    }

    #[test]
    fn too_remote() {
        assert_eq!(encode(Some(SolvedValue::win(MAX_REMOTENESS + 1))), None);
    }
}
