//! Exact rational numbers over `i128`.

use super::arithmetic::ArithmeticError;
use crate::parse_error::ParseError;
use crate::partizan::Dyadic;
use core::cmp::Ordering;
use core::fmt;
use num_bigint::BigInt;
use num_traits::ToPrimitive;

/// An exact rational `num/den` with `i128` parts, in lowest terms with a
/// positive denominator (so the derived equality is equality of values).
/// The numerator is never `i128::MIN`, so negation cannot overflow.
/// Arithmetic is checked: a result that does not fit is an
/// [`ArithmeticError::Overflow`], never a panic.
///
/// ```
/// use sprague::surreal::Rational;
///
/// let third = Rational::new(1, 3).unwrap();
/// let sixth = Rational::new(1, 6).unwrap();
/// assert_eq!(third.checked_add(&sixth).unwrap(), Rational::new(1, 2).unwrap());
/// assert_eq!(Rational::new(4, -6).unwrap().to_string(), "-2/3");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Rational {
    num: i128,
    den: i128,
}

fn gcd(mut a: i128, mut b: i128) -> i128 {
    // Works on magnitudes; callers never pass i128::MIN.
    a = a.abs();
    b = b.abs();
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Default for Rational {
    fn default() -> Rational {
        Rational::ZERO
    }
}

impl Rational {
    /// Zero.
    pub const ZERO: Rational = Rational { num: 0, den: 1 };
    /// One.
    pub const ONE: Rational = Rational { num: 1, den: 1 };

    /// `num/den` in lowest terms. O(log den).
    ///
    /// # Errors
    /// [`ArithmeticError::DivisionByZero`] when `den` is 0,
    /// [`ArithmeticError::Overflow`] when a part is `i128::MIN` after
    /// reduction.
    pub fn new(num: i128, den: i128) -> Result<Rational, ArithmeticError> {
        if den == 0 {
            return Err(ArithmeticError::DivisionByZero);
        }
        if num == i128::MIN || den == i128::MIN {
            // Reduce by 2 first when both are even; otherwise out of range.
            if num % 2 == 0 && den % 2 == 0 {
                return Rational::new(num / 2, den / 2);
            }
            return Err(ArithmeticError::Overflow);
        }
        let g = gcd(num, den);
        let (mut num, mut den) = (num / g, den / g);
        if den < 0 {
            num = -num;
            den = -den;
        }
        Ok(Rational { num, den })
    }

    /// The integer `n`.
    ///
    /// # Errors
    /// [`ArithmeticError::Overflow`] for `i128::MIN`.
    pub fn integer(n: i128) -> Result<Rational, ArithmeticError> {
        Rational::new(n, 1)
    }

    /// The numerator (its sign is the sign of the number).
    #[must_use]
    pub const fn numer(&self) -> i128 {
        self.num
    }

    /// The denominator, positive.
    #[must_use]
    pub const fn denom(&self) -> i128 {
        self.den
    }

    /// Whether this is 0.
    #[must_use]
    pub const fn is_zero(&self) -> bool {
        self.num == 0
    }

    /// −1, 0 or 1.
    #[must_use]
    pub const fn signum(&self) -> i32 {
        self.num.signum() as i32
    }

    /// Whether the denominator is 1.
    #[must_use]
    pub const fn is_integer(&self) -> bool {
        self.den == 1
    }

    /// `self + other`. O(log) for the reductions.
    ///
    /// # Errors
    /// [`ArithmeticError::Overflow`].
    pub fn checked_add(&self, other: &Rational) -> Result<Rational, ArithmeticError> {
        let g = gcd(self.den, other.den);
        let (b, d) = (self.den / g, other.den / g);
        let num = self
            .num
            .checked_mul(d)
            .zip(other.num.checked_mul(b))
            .and_then(|(x, y)| x.checked_add(y))
            .ok_or(ArithmeticError::Overflow)?;
        let den = b.checked_mul(other.den).ok_or(ArithmeticError::Overflow)?;
        Rational::new(num, den)
    }

    /// `−self` (never overflows).
    #[must_use]
    pub const fn neg(&self) -> Rational {
        Rational {
            num: -self.num,
            den: self.den,
        }
    }

    /// `self − other`.
    ///
    /// # Errors
    /// [`ArithmeticError::Overflow`].
    pub fn checked_sub(&self, other: &Rational) -> Result<Rational, ArithmeticError> {
        self.checked_add(&other.neg())
    }

    /// `self · other`, reducing crosswise first.
    ///
    /// # Errors
    /// [`ArithmeticError::Overflow`].
    pub fn checked_mul(&self, other: &Rational) -> Result<Rational, ArithmeticError> {
        if self.is_zero() || other.is_zero() {
            return Ok(Rational::ZERO);
        }
        let g1 = gcd(self.num, other.den);
        let g2 = gcd(other.num, self.den);
        let num = (self.num / g1)
            .checked_mul(other.num / g2)
            .ok_or(ArithmeticError::Overflow)?;
        let den = (self.den / g2)
            .checked_mul(other.den / g1)
            .ok_or(ArithmeticError::Overflow)?;
        Rational::new(num, den)
    }

    /// `1/self`.
    ///
    /// # Errors
    /// [`ArithmeticError::DivisionByZero`] for 0.
    pub fn recip(&self) -> Result<Rational, ArithmeticError> {
        Rational::new(self.den, self.num)
    }

    /// `self / other`.
    ///
    /// # Errors
    /// [`ArithmeticError::DivisionByZero`] or [`ArithmeticError::Overflow`].
    pub fn checked_div(&self, other: &Rational) -> Result<Rational, ArithmeticError> {
        self.checked_mul(&other.recip()?)
    }

    /// The same number as a [`Dyadic`], when the denominator is a power of 2.
    #[must_use]
    pub fn to_dyadic(&self) -> Option<Dyadic> {
        (self.den.count_ones() == 1)
            .then(|| Dyadic::from_big(BigInt::from(self.num), self.den.trailing_zeros()))
    }

    /// Parses `n`, `-n` or `n/d` (decimal integers).
    ///
    /// # Errors
    /// A [`ParseError`] at the part that is not an integer, or at the
    /// denominator when the quotient is not a number here (zero, overflow);
    /// its message names the offending text.
    pub fn parse_str(text: &str) -> Result<Rational, ParseError> {
        let (n, d) = text.split_once('/').unwrap_or((text, "1"));
        let (n, d) = (n.trim(), d.trim());
        let n: i128 = n
            .parse()
            .map_err(|_| ParseError::at(format!("`{n}` is not an integer"), text, n))?;
        let den: i128 = d
            .parse()
            .map_err(|_| ParseError::at(format!("`{d}` is not an integer"), text, d))?;
        Rational::new(n, den).map_err(|e| ParseError::at(e.to_string(), text, d))
    }
}

impl TryFrom<&Dyadic> for Rational {
    type Error = ArithmeticError;
    /// The dyadic `m/2^k` as a rational.
    ///
    /// # Errors
    /// [`ArithmeticError::Overflow`] when `m` or `2^k` does not fit an `i128`.
    fn try_from(d: &Dyadic) -> Result<Rational, ArithmeticError> {
        let num = d.numerator().to_i128().ok_or(ArithmeticError::Overflow)?;
        let den = 1i128
            .checked_shl(d.exponent())
            .filter(|x| *x > 0)
            .ok_or(ArithmeticError::Overflow)?;
        Rational::new(num, den)
    }
}

impl Ord for Rational {
    /// Exact comparison without overflow: compare integer parts, then the
    /// reciprocals of the fractional parts (the continued fractions).
    /// O(log den).
    fn cmp(&self, other: &Rational) -> Ordering {
        let (mut a, mut b, mut c, mut d) = (self.num, self.den, other.num, other.den);
        let mut flipped = false;
        loop {
            let (q1, q2) = (a.div_euclid(b), c.div_euclid(d));
            if q1 != q2 {
                let o = q1.cmp(&q2);
                return if flipped { o.reverse() } else { o };
            }
            let (r1, r2) = (a.rem_euclid(b), c.rem_euclid(d));
            if r1 == 0 || r2 == 0 {
                let o = r1.cmp(&r2);
                return if flipped { o.reverse() } else { o };
            }
            // r1/b vs r2/d  ⇔  d/r2 vs b/r1.
            (a, b, c, d) = (b, r1, d, r2);
            flipped = !flipped;
        }
    }
}

impl PartialOrd for Rational {
    fn partial_cmp(&self, other: &Rational) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl From<i64> for Rational {
    fn from(n: i64) -> Rational {
        Rational {
            num: i128::from(n),
            den: 1,
        }
    }
}

impl fmt::Display for Rational {
    /// `n` or `n/d`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == 1 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use proptest::prelude::*;

    fn r(n: i128, d: i128) -> Rational {
        Rational::new(n, d).unwrap()
    }

    pub(crate) fn arb_rational() -> impl Strategy<Value = Rational> {
        (-30i128..30, 1i128..13).prop_map(|(n, d)| Rational::new(n, d).unwrap())
    }

    fn arb_dyadic() -> impl Strategy<Value = Dyadic> {
        (-1_000_000i64..1_000_000, 0u32..40).prop_map(|(n, k)| Dyadic::new(n, k))
    }

    #[test]
    fn normal_form_and_errors() {
        assert_eq!(r(6, -4), r(-3, 2));
        assert_eq!(r(0, -5), Rational::ZERO);
        assert_eq!(Rational::new(1, 0), Err(ArithmeticError::DivisionByZero));
        assert_eq!(r(i128::MIN, 2), r(i128::MIN / 2, 1));
        assert_eq!(Rational::new(i128::MIN, 1), Err(ArithmeticError::Overflow));
        let big = r(i128::MAX, 1);
        assert_eq!(big.checked_add(&big), Err(ArithmeticError::Overflow));
        assert_eq!(big.checked_mul(&r(2, 1)), Err(ArithmeticError::Overflow));
        assert_eq!(
            big.checked_mul(&r(1, 3)).unwrap().checked_mul(&r(3, 1)).unwrap(),
            big
        );
        // Comparison never overflows, even where cross products would.
        assert!(r(i128::MAX - 1, i128::MAX) < r(i128::MAX, i128::MAX - 1));
        assert!(r(-1, 3) < r(-1, 4) && r(1, 4) < r(1, 3));
        assert_eq!(Rational::parse_str("-10/4"), Ok(r(-5, 2)));
        assert!(Rational::parse_str("1/0").is_err());
        assert_eq!(r(-7, 3).to_string(), "-7/3");
        assert_eq!(r(3, 8).to_dyadic(), Some(Dyadic::new(3, 3)));
        assert_eq!(r(1, 3).to_dyadic(), None);
    }

    proptest! {
        #[test]
        fn field_and_order_laws(a in arb_rational(), b in arb_rational(), c in arb_rational()) {
            prop_assert_eq!(a.checked_add(&b).unwrap(), b.checked_add(&a).unwrap());
            prop_assert_eq!(a.checked_mul(&b).unwrap().checked_mul(&c).unwrap(), a.checked_mul(&b.checked_mul(&c).unwrap()).unwrap());
            let l = a.checked_mul(&b.checked_add(&c).unwrap()).unwrap();
            let r = a.checked_mul(&b).unwrap().checked_add(&a.checked_mul(&c).unwrap()).unwrap();
            prop_assert_eq!(l, r);
            prop_assert!(a.checked_add(&a.neg()).unwrap().is_zero());
            if !a.is_zero() { prop_assert_eq!(a.checked_mul(&a.recip().unwrap()).unwrap(), Rational::ONE); }
            // The order agrees with cross multiplication (small values).
            prop_assert_eq!(a.cmp(&b), (a.numer() * b.denom()).cmp(&(b.numer() * a.denom())));
            if a <= b { prop_assert!(a.checked_add(&c).unwrap() <= b.checked_add(&c).unwrap()); }
        }

        #[test]
        fn dyadics_agree(x in arb_dyadic(), y in arb_dyadic()) {
            let (rx, ry) = (Rational::try_from(&x).unwrap(), Rational::try_from(&y).unwrap());
            prop_assert_eq!(rx.cmp(&ry), x.cmp(&y));
            prop_assert_eq!(rx.checked_add(&ry).unwrap().to_dyadic(), Some(x.add(&y)));
            prop_assert_eq!(rx.checked_sub(&ry).unwrap().to_dyadic(), Some(x.sub(&y)));
            prop_assert_eq!(rx.to_dyadic(), Some(x.clone()));
            prop_assert_eq!(rx.to_string(), x.to_string());
            // The product of dyadics, computed through the exponents.
            let p = Dyadic::from_big(x.numerator() * y.numerator(), x.exponent() + y.exponent());
            prop_assert_eq!(rx.checked_mul(&ry).unwrap().to_dyadic(), Some(p));
        }
    }

    #[test]
    fn parse_errors_point_at_the_bad_part() {
        let e = Rational::parse_str("3 / x").unwrap_err();
        assert_eq!(
            (e.column, e.token.as_str(), e.message.as_str()),
            (5, "x", "`x` is not an integer")
        );
        assert_eq!(
            Rational::parse_str("1/0").unwrap_err().message,
            "division by zero"
        );
    }
}
