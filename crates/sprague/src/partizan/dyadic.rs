//! Dyadic rationals m/2^k: the numbers among short partizan games.

use crate::parse_error::ParseError;
use core::cmp::Ordering;
use core::fmt;
use num_bigint::BigInt;
use num_traits::{One, Signed, ToPrimitive, Zero};

/// A dyadic rational `m / 2^k` in lowest terms (`m` odd or `k == 0`).
///
/// The numerator lives in an `i64` whenever it fits (the fast path: sums of
/// small numbers never allocate); larger numerators move to a boxed
/// [`BigInt`], so long Hackenbush strings or big integers never overflow.
/// The representation is canonical (small whenever it fits), so the derived
/// `==` and `Hash` agree with numeric equality. `Dyadic` is `Clone` but not
/// `Copy` because of the big variant; cloning a small value is a plain copy.
///
/// ```
/// use sprague::Dyadic;
/// let a: Dyadic = "3/8".parse().unwrap();
/// let b = Dyadic::new(1, 3); // 1/8
/// assert_eq!((&a + &b).to_string(), "1/2");
/// assert!(a > b);
/// assert_eq!(Dyadic::integer(i64::MAX).add(&Dyadic::integer(1)).to_string(), "9223372036854775808");
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Dyadic(Repr);

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
enum Repr {
    /// `num / 2^exp`, `num` odd or `exp == 0`.
    Small { num: i64, exp: u32 },
    /// Same invariant; only used when the numerator does not fit an `i64`.
    Big(Box<(BigInt, u32)>),
}

impl Default for Dyadic {
    fn default() -> Self {
        Dyadic::ZERO
    }
}

impl Dyadic {
    /// Zero.
    pub const ZERO: Dyadic = Dyadic(Repr::Small { num: 0, exp: 0 });
    /// One.
    pub const ONE: Dyadic = Dyadic(Repr::Small { num: 1, exp: 0 });

    /// The integer `n`.
    #[must_use]
    pub const fn integer(n: i64) -> Dyadic {
        Dyadic(Repr::Small { num: n, exp: 0 })
    }

    /// `num / 2^exp`, reduced to lowest terms.
    #[must_use]
    pub fn new(num: i64, exp: u32) -> Dyadic {
        Self::normalize_small(num, exp)
    }

    /// `num / 2^exp` with a big numerator, reduced to lowest terms.
    #[must_use]
    pub fn from_big(num: BigInt, exp: u32) -> Dyadic {
        Self::normalize_big(num, exp)
    }

    fn normalize_small(mut num: i64, mut exp: u32) -> Dyadic {
        if num == 0 {
            return Dyadic::ZERO;
        }
        let tz = num.trailing_zeros().min(exp);
        num >>= tz;
        exp -= tz;
        Dyadic(Repr::Small { num, exp })
    }

    fn normalize_big(mut num: BigInt, mut exp: u32) -> Dyadic {
        if num.is_zero() {
            return Dyadic::ZERO;
        }
        let tz = num.trailing_zeros().unwrap_or(0).min(u64::from(exp));
        // tz <= exp, a u32.
        let tz = tz as u32;
        num >>= tz;
        exp -= tz;
        match num.to_i64() {
            Some(n) => Dyadic(Repr::Small { num: n, exp }),
            None => Dyadic(Repr::Big(Box::new((num, exp)))),
        }
    }

    fn to_big(&self) -> (BigInt, u32) {
        match &self.0 {
            Repr::Small { num, exp } => (BigInt::from(*num), *exp),
            Repr::Big(b) => (b.0.clone(), b.1),
        }
    }

    /// The exponent `k` of the denominator `2^k` (0 for integers).
    #[must_use]
    pub fn exponent(&self) -> u32 {
        match &self.0 {
            Repr::Small { exp, .. } => *exp,
            Repr::Big(b) => b.1,
        }
    }

    /// The numerator `m` when it fits an `i64`.
    #[must_use]
    pub fn numerator_i64(&self) -> Option<i64> {
        match &self.0 {
            Repr::Small { num, .. } => Some(*num),
            Repr::Big(_) => None,
        }
    }

    /// The numerator `m` as a big integer.
    #[must_use]
    pub fn numerator(&self) -> BigInt {
        self.to_big().0
    }

    /// Whether this is an integer.
    #[must_use]
    pub fn is_integer(&self) -> bool {
        self.exponent() == 0
    }

    /// Whether this is zero.
    #[must_use]
    pub fn is_zero(&self) -> bool {
        matches!(self.0, Repr::Small { num: 0, .. })
    }

    /// The sign: -1, 0 or 1.
    #[must_use]
    pub fn signum(&self) -> i32 {
        match &self.0 {
            Repr::Small { num, .. } => num.signum() as i32,
            Repr::Big(b) => {
                if b.0.is_negative() {
                    -1
                } else {
                    1
                }
            }
        }
    }

    /// The birthday of this number: `|n|` for an integer `n`, else
    /// `|integer part toward 0| + k + 1` for the denominator `2^k` (`1/2` →
    /// 2, `3/4` → 3, `-5/4` → 4). `None` when it does not fit a `u64`. O(1)
    /// for numerators that fit an `i64`.
    ///
    /// ```
    /// use sprague::Dyadic;
    /// assert_eq!(Dyadic::new(3, 2).birthday(), Some(3)); // 3/4 = {1/2 | 1}
    /// assert_eq!(Dyadic::new(-5, 2).birthday(), Some(4)); // -5/4
    /// assert_eq!(Dyadic::integer(-7).birthday(), Some(7));
    /// ```
    #[must_use]
    pub fn birthday(&self) -> Option<u64> {
        let k = u64::from(self.exponent());
        let n = match &self.0 {
            Repr::Small { num, exp } => {
                let m = num.unsigned_abs();
                if *exp >= 64 { 0 } else { m >> exp }
            }
            Repr::Big(_) => {
                let int_part = if self.signum() >= 0 {
                    self.floor()
                } else {
                    self.ceil()
                };
                int_part.to_i64()?.unsigned_abs()
            }
        };
        if k == 0 {
            Some(n)
        } else {
            n.checked_add(k)?.checked_add(1)
        }
    }

    /// The value as an `i64` when it is an integer that fits.
    #[must_use]
    pub fn to_i64(&self) -> Option<i64> {
        match &self.0 {
            Repr::Small { num, exp: 0 } => Some(*num),
            _ => None,
        }
    }

    /// A floating-point approximation (for drawing).
    #[must_use]
    pub fn to_f64(&self) -> f64 {
        let (n, e) = self.to_big();
        n.to_f64().unwrap_or(f64::NAN) / 2f64.powi(e.min(1000) as i32)
    }

    /// The sum `self + other`.
    #[must_use]
    pub fn add(&self, other: &Dyadic) -> Dyadic {
        if let (Repr::Small { num: a, exp: ea }, Repr::Small { num: b, exp: eb }) = (&self.0, &other.0) {
            let e = (*ea).max(*eb);
            let (sa, sb) = (e - ea, e - eb);
            if sa < 62 && sb < 62 {
                let x = i128::from(*a) << sa;
                let y = i128::from(*b) << sb;
                let s = x + y;
                if let Ok(s) = i64::try_from(s) {
                    return Self::normalize_small(s, e);
                }
            }
        }
        let (a, ea) = self.to_big();
        let (b, eb) = other.to_big();
        let e = ea.max(eb);
        Self::normalize_big((a << (e - ea)) + (b << (e - eb)), e)
    }

    /// The difference `self - other`.
    #[must_use]
    pub fn sub(&self, other: &Dyadic) -> Dyadic {
        self.add(&other.neg())
    }

    /// The negative `-self`.
    #[must_use]
    pub fn neg(&self) -> Dyadic {
        match &self.0 {
            Repr::Small { num, exp } => match num.checked_neg() {
                Some(n) => Dyadic(Repr::Small { num: n, exp: *exp }),
                None => Self::normalize_big(-BigInt::from(*num), *exp),
            },
            Repr::Big(b) => Self::normalize_big(-b.0.clone(), b.1),
        }
    }

    /// `self / 2^k`.
    #[must_use]
    pub fn halve(&self, k: u32) -> Dyadic {
        match &self.0 {
            Repr::Small { num, exp } => match exp.checked_add(k) {
                Some(e) => Self::normalize_small(*num, e),
                None => Self::normalize_big(BigInt::from(*num), u32::MAX),
            },
            Repr::Big(b) => Self::normalize_big(b.0.clone(), b.1.saturating_add(k)),
        }
    }

    /// `self * n` for an integer `n`.
    #[must_use]
    pub fn mul_int(&self, n: i64) -> Dyadic {
        if let Repr::Small { num, exp } = &self.0
            && let Some(p) = num.checked_mul(n)
        {
            return Self::normalize_small(p, *exp);
        }
        let (a, e) = self.to_big();
        Self::normalize_big(a * BigInt::from(n), e)
    }

    /// The largest integer `<= self`.
    #[must_use]
    pub fn floor(&self) -> Dyadic {
        match &self.0 {
            Repr::Small { num, exp } => {
                if *exp >= 63 {
                    Dyadic::integer(if *num < 0 { -1 } else { 0 })
                } else {
                    Dyadic::integer(num >> exp)
                }
            }
            Repr::Big(b) => Self::normalize_big(&b.0 >> b.1, 0),
        }
    }

    /// The smallest integer `>= self`.
    #[must_use]
    pub fn ceil(&self) -> Dyadic {
        self.neg().floor().neg()
    }

    /// The simplest number strictly between `lo` and `hi` (either bound may be
    /// absent), by the simplicity rule: the integer of least magnitude if one
    /// fits, else the dyadic with the smallest denominator. `None` if
    /// `lo >= hi`. O(1) for bounds of at most 32 binary places whose answer
    /// has at most 32 too (a few word operations in fixed point); else
    /// O(k) for denominators 2^k.
    #[must_use]
    pub fn simplest_between(lo: Option<&Dyadic>, hi: Option<&Dyadic>) -> Option<Dyadic> {
        if let (Some(l), Some(h)) = (lo, hi)
            && l >= h
        {
            return None;
        }
        // A bound in fixed point: `Some(None)` when absent, `None` when it
        // does not fit (the general steps then answer).
        let fixed = |b: Option<&Dyadic>| match b {
            None => Some(None),
            Some(d) => d.fixed_32().map(Some),
        };
        if let (Some(l), Some(h)) = (fixed(lo), fixed(hi))
            && let Some(x) = simplest_fixed(l, h)
        {
            return Some(Dyadic::new(x, 32));
        }
        Self::simplest_between_general(lo, hi)
    }

    /// `self` times 2^32 as an `i64`, when it has at most 32 binary places
    /// and that product fits.
    fn fixed_32(&self) -> Option<i64> {
        match self.0 {
            Repr::Small { num, exp } if exp <= 32 => num.checked_mul(1 << (32 - exp)),
            _ => None,
        }
    }

    /// [`simplest_between`](Self::simplest_between) by the definition's
    /// steps on any bounds: the integer nearest 0, else the candidates of
    /// growing denominator.
    fn simplest_between_general(lo: Option<&Dyadic>, hi: Option<&Dyadic>) -> Option<Dyadic> {
        match (lo, hi) {
            (None, None) => Some(Dyadic::ZERO),
            (Some(l), None) => Some(if l.signum() < 0 {
                Dyadic::ZERO
            } else {
                l.floor().add(&Dyadic::ONE)
            }),
            (None, Some(h)) => Some(if h.signum() > 0 {
                Dyadic::ZERO
            } else {
                h.ceil().sub(&Dyadic::ONE)
            }),
            (Some(l), Some(h)) => {
                if l >= h {
                    return None;
                }
                if l.signum() < 0 && h.signum() > 0 {
                    return Some(Dyadic::ZERO);
                }
                if l.signum() >= 0 {
                    let c = l.floor().add(&Dyadic::ONE);
                    if &c < h {
                        return Some(c);
                    }
                } else {
                    let c = h.ceil().sub(&Dyadic::ONE);
                    if &c > l {
                        return Some(c);
                    }
                }
                // No integer strictly between: the smallest denominator wins.
                if let Some(c) = Self::simplest_fraction_small(l, h) {
                    return Some(c);
                }
                Some(Self::simplest_fraction_big(l, h))
            }
        }
    }

    /// The candidates of [`simplest_between`](Self::simplest_between) with
    /// no integer between `l < h`: `(⌊l · 2^k⌋ + 1) / 2^k` for k = 1, 2, …,
    /// the first below `h`. On small operands (numerators in an `i64`,
    /// denominators up to 2^62) in `i128` arithmetic; `None` when the
    /// operands or a candidate do not fit, for
    /// [`simplest_fraction_big`](Self::simplest_fraction_big). A candidate
    /// with denominator 2^(e + 1) always lies between two numbers of
    /// denominators up to 2^e, so the loop ends by k = 63. O(k).
    fn simplest_fraction_small(l: &Dyadic, h: &Dyadic) -> Option<Dyadic> {
        let (Repr::Small { num, exp }, Repr::Small { exp: he, .. }) = (&l.0, &h.0) else {
            return None;
        };
        if *exp > 62 || *he > 62 {
            return None;
        }
        for k in 1..=63u32 {
            let floor = if k >= *exp {
                i128::from(*num) << (k - exp)
            } else {
                i128::from(*num) >> (exp - k)
            };
            let c = Dyadic::new(i64::try_from(floor + 1).ok()?, k);
            if &c < h {
                return Some(c);
            }
        }
        None
    }

    /// [`simplest_fraction_small`](Self::simplest_fraction_small) through big
    /// integers, for any operands. O(k) big-integer steps.
    fn simplest_fraction_big(l: &Dyadic, h: &Dyadic) -> Dyadic {
        let mut k = 1u32;
        loop {
            let scaled = l.scale_up(k);
            let c = scaled.floor().add(&Dyadic::ONE).halve(k);
            if &c < h {
                return c;
            }
            k += 1;
        }
    }

    /// `self * 2^k`.
    fn scale_up(&self, k: u32) -> Dyadic {
        let (a, e) = self.to_big();
        if e >= k {
            Self::normalize_big(a, e - k)
        } else {
            Self::normalize_big(a << (k - e), 0)
        }
    }

    /// Parses `m`, `-m` or `m/d` with `d` a power of two.
    ///
    /// # Errors
    /// A [`ParseError`] at the part that is not an integer, or at the whole
    /// text when the denominator is zero or not a power of two; its message
    /// names the offending text.
    pub fn parse_str(text: &str) -> Result<Dyadic, ParseError> {
        let (n, d) = match text.split_once('/') {
            Some((n, d)) => (n.trim(), Some(d.trim())),
            None => (text.trim(), None),
        };
        let num: BigInt = n
            .parse()
            .map_err(|_| ParseError::at(format!("`{n}` is not an integer"), text, n))?;
        let exp = match d {
            None => 0,
            Some(d) => {
                let den: BigInt = d
                    .parse()
                    .map_err(|_| ParseError::at(format!("`{d}` is not an integer"), text, d))?;
                if den.is_zero() {
                    return Err(ParseError::at("division by zero", text, d));
                }
                if !den.is_positive() || (&den & (&den - BigInt::one())) != BigInt::zero() {
                    return Err(ParseError::at(
                        format!("`{text}` is not a dyadic rational (the denominator must be a power of 2)"),
                        text,
                        text,
                    ));
                }
                den.trailing_zeros().unwrap_or(0) as u32
            }
        };
        Ok(Self::normalize_big(num, exp))
    }
}

impl core::str::FromStr for Dyadic {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Dyadic::parse_str(s)
    }
}

impl From<i64> for Dyadic {
    fn from(n: i64) -> Self {
        Dyadic::integer(n)
    }
}

impl Ord for Dyadic {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        if let (Repr::Small { num: a, exp: ea }, Repr::Small { num: b, exp: eb }) = (&self.0, &other.0) {
            if ea == eb {
                return a.cmp(b);
            }
            let e = (*ea).max(*eb);
            let (sa, sb) = (e - ea, e - eb);
            if sa < 62 && sb < 62 {
                return (i128::from(*a) << sa).cmp(&(i128::from(*b) << sb));
            }
        }
        self.cmp_big(other)
    }
}

impl Dyadic {
    /// [`Ord::cmp`] through big integers: the path of big numerators and of
    /// exponents far apart, kept out of line so the small path inlines.
    #[cold]
    #[inline(never)]
    fn cmp_big(&self, other: &Self) -> Ordering {
        let (a, ea) = self.to_big();
        let (b, eb) = other.to_big();
        let e = ea.max(eb);
        (a << (e - ea)).cmp(&(b << (e - eb)))
    }
}

impl PartialOrd for Dyadic {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl core::ops::Add for &Dyadic {
    type Output = Dyadic;
    fn add(self, rhs: &Dyadic) -> Dyadic {
        Dyadic::add(self, rhs)
    }
}

impl core::ops::Sub for &Dyadic {
    type Output = Dyadic;
    fn sub(self, rhs: &Dyadic) -> Dyadic {
        Dyadic::sub(self, rhs)
    }
}

impl core::ops::Neg for &Dyadic {
    type Output = Dyadic;
    fn neg(self) -> Dyadic {
        Dyadic::neg(self)
    }
}

impl fmt::Display for Dyadic {
    /// `m` for integers, `m/2^k` written out as `m/d` otherwise (`3/8`, `-1/2`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Repr::Small { num, exp: 0 } => write!(f, "{num}"),
            Repr::Small { num, exp } if *exp < 63 => write!(f, "{num}/{}", 1u64 << exp),
            _ => {
                let (n, e) = self.to_big();
                if e == 0 {
                    write!(f, "{n}")
                } else {
                    write!(f, "{n}/{}", BigInt::one() << e)
                }
            }
        }
    }
}

/// The simplest number strictly between `lo` and `hi` (either may be
/// absent: no bound), all three as numbers times 2^32, for `lo < hi`: 0
/// when the interval holds it, else the integer nearest 0, else the number
/// of fewest binary places. `None` when that number needs more than 32
/// places or its value times 2^32 would overflow. O(1).
fn simplest_fixed(lo: Option<i64>, hi: Option<i64>) -> Option<i64> {
    const ONE: i64 = 1 << 32;
    match (lo, hi) {
        (None, None) => Some(0),
        (Some(l), None) => {
            if l < 0 {
                Some(0)
            } else {
                ((l >> 32) + 1).checked_mul(ONE)
            }
        }
        (None, Some(h)) => simplest_fixed(Some(h.checked_neg()?), None).map(|x| -x),
        (Some(l), Some(h)) => {
            if l >= h {
                return None;
            }
            if l < 0 && h > 0 {
                return Some(0);
            }
            if h <= 0 {
                return simplest_fixed(Some(h.checked_neg()?), Some(l.checked_neg()?)).map(|x| -x);
            }
            // 0 <= l < h: the least integer above l when it is below h.
            let c = ((l >> 32) + 1).checked_mul(ONE)?;
            if c < h {
                return Some(c);
            }
            // Otherwise the values in [l + 1, h - 1] lie between two
            // integers; the simplest has the most trailing zeros: the upper
            // end with the bits below the highest differing bit cleared.
            let (a, b) = (l + 1, h - 1);
            match a.cmp(&b) {
                core::cmp::Ordering::Greater => None,
                core::cmp::Ordering::Equal => Some(a),
                core::cmp::Ordering::Less => {
                    let top = 63 - (a ^ b).leading_zeros();
                    Some(b & !((1i64 << top) - 1))
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fixed-point path against the general one on random bounds of
    /// few binary places (where simple answers are common), on bounds as
    /// fine as 2^-32 (where the answer may need 33 places: then `None`),
    /// and on missing bounds; and the extremes of the fixed-point values.
    #[test]
    fn simplest_fixed_agrees_with_the_general_steps() {
        let mut rng = crate::test_rng::XorShift::new(0x513b_1e57_ca1e);
        let mut answered = 0;
        for n in 0..200_000u32 {
            let places = [0u32, 1, 2, 3, 6, 32][(rng.next_u64() % 6) as usize];
            let span = 1i64 << (places + 3);
            let mut pick = || (rng.next_u64() % (2 * span as u64 + 1)) as i64 - span;
            let (mut x, mut y) = (pick(), pick());
            if x == y {
                continue;
            }
            if x > y {
                core::mem::swap(&mut x, &mut y);
            }
            let scale = |k: i64| k << (32 - places);
            let lo = (n % 7 != 0).then_some(scale(x));
            let hi = (n % 11 != 0).then_some(scale(y));
            let d = |k: i64| Dyadic::new(k, 32);
            let want = Dyadic::simplest_between_general(lo.map(d).as_ref(), hi.map(d).as_ref());
            match simplest_fixed(lo, hi) {
                Some(k) => {
                    answered += 1;
                    assert_eq!(Some(d(k)), want, "{lo:?} {hi:?}");
                }
                None => assert!(
                    want.as_ref().is_none_or(|w| w.exponent() > 32),
                    "{lo:?} {hi:?}: {want:?}"
                ),
            }
            assert_eq!(
                Dyadic::simplest_between(lo.map(d).as_ref(), hi.map(d).as_ref()),
                want,
                "{lo:?} {hi:?}"
            );
        }
        assert!(answered > 150_000, "{answered}");
        let big = i64::MAX - 5;
        assert_eq!(simplest_fixed(Some(big), None), None);
        assert_eq!(simplest_fixed(None, Some(-big)), None);
        assert_eq!(simplest_fixed(Some(-big), Some(big)), Some(0));
        assert_eq!(simplest_fixed(Some(1 << 32), Some((1 << 32) + 1)), None);
        // Bounds beyond the fixed-point range take the general steps.
        let huge = Dyadic::integer(i64::MAX);
        assert_eq!(
            Dyadic::simplest_between(Some(&huge), None),
            Some(huge.add(&Dyadic::ONE))
        );
    }

    #[test]
    fn simplest_between_follows_the_simplicity_rule() {
        let d = |s: &str| s.parse::<Dyadic>().unwrap();
        let sb = |a: &str, b: &str| {
            Dyadic::simplest_between(Some(&d(a)), Some(&d(b)))
                .unwrap()
                .to_string()
        };
        assert_eq!(sb("0", "1"), "1/2");
        assert_eq!(sb("1/2", "1"), "3/4");
        assert_eq!(sb("-5/2", "3"), "0");
        assert_eq!(sb("1", "4"), "2");
        assert_eq!(sb("-4", "-1"), "-2");
        assert_eq!(sb("3/8", "5/8"), "1/2");
        assert_eq!(sb("1/8", "1/4"), "3/16");
        assert_eq!(
            Dyadic::simplest_between(Some(&d("5/2")), None)
                .unwrap()
                .to_string(),
            "3"
        );
        assert_eq!(
            Dyadic::simplest_between(None, Some(&d("-5/2")))
                .unwrap()
                .to_string(),
            "-3"
        );
        assert!(Dyadic::simplest_between(Some(&d("1")), Some(&d("1"))).is_none());
    }

    /// The small path of the fraction search gives the big path's answer on
    /// random pairs of every scale (including exponents past its limit and
    /// numerators near the ends of `i64`, where it hands over).
    #[test]
    fn small_fraction_search_matches_the_big_one() {
        let mut rng = crate::test_rng::XorShift::new(0x9E37_79B9_7F4A_7C15);
        let mut next = || rng.next_u64();
        let mut checked = 0;
        for _ in 0..20_000 {
            let exps = [next() % 8, next() % 70];
            let pick = |r: u64, e: u64| {
                let num = match r % 4 {
                    0 => (r >> 8) as i64,
                    1 => (r >> 40) as i64 - (1 << 23),
                    2 => i64::MAX - (r >> 60) as i64,
                    _ => (r >> 50) as i64 - 512,
                };
                Dyadic::new(num, e as u32)
            };
            let a = pick(next(), exps[(next() % 2) as usize]);
            let b = pick(next(), exps[(next() % 2) as usize]);
            let (l, h) = if a < b { (a, b) } else { (b, a) };
            if l == h {
                continue;
            }
            if let Some(c) = Dyadic::simplest_fraction_small(&l, &h) {
                assert_eq!(c, Dyadic::simplest_fraction_big(&l, &h), "{l} {h}");
                checked += 1;
            }
        }
        assert!(checked > 10_000, "{checked}");
    }

    #[test]
    fn big_fallback_round_trips() {
        let big = Dyadic::integer(i64::MAX).add(&Dyadic::integer(i64::MAX));
        assert_eq!(big.to_string(), "18446744073709551614");
        assert_eq!(big.sub(&Dyadic::integer(i64::MAX)), Dyadic::integer(i64::MAX));
        let tiny = Dyadic::new(1, 200);
        assert!(tiny > Dyadic::ZERO && tiny < Dyadic::new(1, 199));
        assert_eq!(tiny.add(&tiny), Dyadic::new(1, 199));
        assert!("1/3".parse::<Dyadic>().is_err());
        assert_eq!("6/8".parse::<Dyadic>().unwrap(), Dyadic::new(3, 2));
    }

    #[test]
    fn parse_errors_point_at_the_bad_part() {
        let e = Dyadic::parse_str("3/y").unwrap_err();
        assert_eq!(
            (e.column, e.token.as_str(), e.message.as_str()),
            (3, "y", "`y` is not an integer")
        );
        let e = Dyadic::parse_str("1/3").unwrap_err();
        assert_eq!((e.column, e.token.as_str()), (1, "1/3"));
        assert_eq!(
            e.message,
            "`1/3` is not a dyadic rational (the denominator must be a power of 2)"
        );
    }
}
