//! Number + up + nimber values `x + n·↑ + *m`, kept inline in the store.

use super::dyadic::Dyadic;
use core::cmp::Ordering;

/// A value `x + n·↑ + *m`: a dyadic number `x`, a multiple `n` of up (negative
/// for downs) and a nimber `*m`. Sums, negatives and comparisons of these never
/// walk game trees: they act on the three parts.
///
/// ```
/// use sprague::{Dyadic, partizan::Nus};
/// let up_star = Nus::new(Dyadic::ZERO, 1, 1);
/// assert!(up_star.compare(&Nus::ZERO).is_none()); // ↑* is confused with 0
/// let double_up = Nus::new(Dyadic::ZERO, 2, 0);
/// assert!(Nus::ZERO.le(&double_up.add(&Nus::new(Dyadic::ZERO, 0, 1))));
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Nus {
    /// The number part `x`.
    pub number: Dyadic,
    /// The multiple of ↑ (negative for ↓).
    pub ups: i64,
    /// The nimber part `m` of `*m`.
    pub nimber: u64,
}

impl Nus {
    /// The value 0.
    pub const ZERO: Nus = Nus {
        number: Dyadic::ZERO,
        ups: 0,
        nimber: 0,
    };

    /// `number + ups·↑ + *nimber`.
    #[must_use]
    pub const fn new(number: Dyadic, ups: i64, nimber: u64) -> Nus {
        Nus { number, ups, nimber }
    }

    /// Whether the value is a number (no ups, no nimber).
    #[must_use]
    pub const fn is_number(&self) -> bool {
        self.ups == 0 && self.nimber == 0
    }

    /// Whether the value is a nimber `*m` (number part 0, no ups).
    #[must_use]
    pub fn is_nimber(&self) -> bool {
        self.ups == 0 && self.number.is_zero()
    }

    /// The sum: parts add (nimbers by XOR). Up multiples saturate at the `i64`
    /// range; see [`Nus::checked_add`].
    #[must_use]
    pub fn add(&self, other: &Nus) -> Nus {
        Nus {
            number: self.number.add(&other.number),
            ups: self.ups.saturating_add(other.ups),
            nimber: self.nimber ^ other.nimber,
        }
    }

    /// The sum, or `None` when the up multiples overflow `i64`.
    #[must_use]
    pub fn checked_add(&self, other: &Nus) -> Option<Nus> {
        Some(Nus {
            number: self.number.add(&other.number),
            ups: self.ups.checked_add(other.ups)?,
            nimber: self.nimber ^ other.nimber,
        })
    }

    /// The negative: `-x - n·↑ + *m`.
    #[must_use]
    pub fn neg(&self) -> Nus {
        Nus {
            number: self.number.neg(),
            ups: self.ups.saturating_neg(),
            nimber: self.nimber,
        }
    }

    /// Whether `n·↑ + *m >= 0`: true for `n >= 2`, for `n == 1` unless `m == 1`
    /// (↑* is confused with 0), and for `n == 0` only when `m == 0`.
    #[must_use]
    pub const fn infinitesimal_nonnegative(ups: i64, nimber: u64) -> bool {
        ups >= 2 || (ups == 1 && nimber != 1) || (ups == 0 && nimber == 0)
    }

    /// `self <= other`. O(1) for small numbers.
    #[must_use]
    pub fn le(&self, other: &Nus) -> bool {
        match self.number.cmp(&other.number) {
            Ordering::Less => true,
            Ordering::Greater => false,
            Ordering::Equal => Self::infinitesimal_nonnegative(
                other.ups.saturating_sub(self.ups),
                self.nimber ^ other.nimber,
            ),
        }
    }

    /// The order relation: `None` when the two are confused (incomparable).
    #[must_use]
    pub fn compare(&self, other: &Nus) -> Option<Ordering> {
        match (self.le(other), other.le(self)) {
            (true, true) => Some(Ordering::Equal),
            (true, false) => Some(Ordering::Less),
            (false, true) => Some(Ordering::Greater),
            (false, false) => None,
        }
    }
}

/// Writes `x + n·↑ + *m`: `0`, `3/8`, `^`, `vv*`, `1/2^*3`, `-1^4`.
/// Up multiples print as `^`, `^^`, `^^^`, then `^4`, `^5`, …; downs as `v`.
#[must_use]
pub fn format_nus(v: &Nus) -> String {
    let mut s = String::new();
    if !v.number.is_zero() {
        s.push_str(&v.number.to_string());
    }
    let n = v.ups.unsigned_abs();
    let c = if v.ups > 0 { '^' } else { 'v' };
    match n {
        0 => {}
        1..=3 => (0..n).for_each(|_| s.push(c)),
        _ => {
            s.push(c);
            s.push_str(&n.to_string());
        }
    }
    match v.nimber {
        0 => {}
        1 => s.push('*'),
        m => {
            s.push('*');
            s.push_str(&m.to_string());
        }
    }
    if s.is_empty() {
        s.push('0');
    }
    s
}
