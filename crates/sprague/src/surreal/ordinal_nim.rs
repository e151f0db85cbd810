//! Transfinite nim multiplication of ordinals below ω^(ω^3).
//!
//! Conway (*On Numbers and Games*, ch. 6) and Lenstra ("On the algebraic
//! closure of two", Proc. KNAW A 80, 1977; see also OEIS A380496) describe
//! the nim field below ω^(ω^ω): for the n-th odd prime p (3, 5, 7, … for
//! n = 1, 2, 3, …) let κ_{p^(k+1)} = ω^(ω^(n−1)·p^k). Then, in nim
//! arithmetic, κ_{p^(k+1)}^p = κ_{p^k} for k ≥ 1, and κ_p^p = α_p with
//! α_3 = 2, α_5 = 4, α_7 = ω + 1. Every ω^e with e = ω²·a + ω·b + c
//! (a, b, c finite) is the nim product of the κ's named by the base-7 digits
//! of a, the base-5 digits of b and the base-3 digits of c, and a finite
//! coefficient multiplies by the nim product of finite nimbers. So two
//! monomials multiply by adding digit vectors, carrying a digit that reaches
//! p down one place (κ_{p^(k+1)}^p = κ_{p^k}), and at the last place
//! multiplying by α_p. The next constant, α_11, is not implemented: products
//! of ordinals not below ω^(ω^3) are an [`ArithmeticError::OutsideNimField`].

use super::arithmetic::ArithmeticError;
use super::ordinal::{MAX_TERMS, Ordinal};
use crate::nimber::Nimber;
use std::collections::BTreeMap;

/// The exponent ω²·a + ω·b + c of a monomial, as `(a, b, c)`.
type Key = (u64, u64, u64);

/// The terms of `x` as exponents `(a, b, c)` with nimber coefficients.
fn split(x: &Ordinal) -> Result<Vec<(Key, u64)>, ArithmeticError> {
    let mut out = Vec::with_capacity(x.terms().len());
    for (e, n) in x.terms() {
        let mut key = (0, 0, 0);
        for (f, d) in e.terms() {
            match f.to_u64() {
                Some(2) => key.0 = *d,
                Some(1) => key.1 = *d,
                Some(0) => key.2 = *d,
                _ => return Err(ArithmeticError::OutsideNimField),
            }
        }
        out.push((key, *n));
    }
    Ok(out)
}

/// The ordinal with these terms (zero coefficients dropped).
fn join(terms: BTreeMap<Key, u64>) -> Ordinal {
    let mut out = Vec::with_capacity(terms.len());
    for ((a, b, c), n) in terms.into_iter().rev() {
        if n == 0 {
            continue;
        }
        let e: Vec<(Ordinal, u64)> = [(2, a), (1, b), (0, c)]
            .into_iter()
            .filter(|t| t.1 > 0)
            .map(|(f, d)| (Ordinal::from_u64(f), d))
            .collect();
        // Keys are distinct and come in decreasing order, as exponents must.
        out.push((Ordinal::from_terms(e).unwrap_or_default(), n));
    }
    Ordinal::from_terms(out).unwrap_or_default()
}

/// `x ⊗ y` of two κ-products given by the digits of `x` and `y` in base `p`:
/// the digits of the product, and whether κ_p^p = α_p was met.
/// O(log_p(x + y)).
fn digit_product(x: u64, y: u64, p: u64) -> Result<(u64, bool), ArithmeticError> {
    const PLACES: usize = 41; // 3^41 > 2^64
    let mut digits = [0u64; PLACES + 1];
    let (mut x, mut y) = (x, y);
    for d in &mut digits {
        *d = x % p + y % p;
        x /= p;
        y /= p;
    }
    let mut alpha = false;
    for k in (0..digits.len()).rev() {
        if digits[k] >= p {
            digits[k] -= p;
            if k == 0 {
                alpha = true;
            } else {
                digits[k - 1] += 1;
            }
        }
    }
    let mut value: u128 = 0;
    for &d in digits.iter().rev() {
        value = value
            .checked_mul(u128::from(p))
            .and_then(|v| v.checked_add(u128::from(d)))
            .ok_or(ArithmeticError::Overflow)?;
    }
    let value = u64::try_from(value).map_err(|_| ArithmeticError::Overflow)?;
    Ok((value, alpha))
}

/// The product of the monomials ω^x ⊗ ω^y: a nimber factor, the exponent,
/// and whether the result is still to be multiplied by α_7 = ω + 1.
fn monomial_product(x: Key, y: Key) -> Result<(u64, Key, bool), ArithmeticError> {
    let (c, two) = digit_product(x.2, y.2, 3)?;
    let (b, four) = digit_product(x.1, y.1, 5)?;
    let (a, seven) = digit_product(x.0, y.0, 7)?;
    let mut factor = Nimber::ONE;
    if two {
        factor *= Nimber(2);
    }
    if four {
        factor *= Nimber(4);
    }
    Ok((factor.get(), (a, b, c), seven))
}

impl Ordinal {
    /// The transfinite nim product `self ⊗ other`, for ordinals below
    /// ω^(ω^3) (see the module notes for the method, after Conway and
    /// Lenstra). With the nim-sum ([`Ordinal::nim_add`]) the ordinals below
    /// ω^(ω^3) form a field; on finite ordinals this is [`Nimber`]
    /// multiplication. O(k·l·log) for k and l terms.
    ///
    /// ```
    /// use sprague::surreal::Ordinal;
    ///
    /// let w = Ordinal::omega();
    /// assert_eq!(w.nim_mul(&w).unwrap().to_string(), "omega^2");
    /// assert_eq!(w.nim_pow(3).unwrap(), Ordinal::from_u64(2)); // ω is a cube root of 2
    /// let k7: Ordinal = "omega^(omega^2)".parse().unwrap();
    /// assert_eq!(k7.nim_pow(7).unwrap().to_string(), "omega+1");
    /// ```
    ///
    /// # Errors
    /// [`ArithmeticError::OutsideNimField`] when an operand is not below
    /// ω^(ω^3), [`ArithmeticError::Overflow`] when an exponent's finite part
    /// passes `u64::MAX`, [`ArithmeticError::TooLarge`] past
    /// [`MAX_TERMS`] terms.
    pub fn nim_mul(&self, other: &Ordinal) -> Result<Ordinal, ArithmeticError> {
        let (xs, ys) = (split(self)?, split(other)?);
        if xs.len().saturating_mul(ys.len()) > MAX_TERMS * 100 {
            return Err(ArithmeticError::TooLarge {
                what: "a nim product",
                limit: MAX_TERMS,
            });
        }
        let mut acc: BTreeMap<Key, u64> = BTreeMap::new();
        let mut add = |k: Key, n: u64| *acc.entry(k).or_insert(0) ^= n;
        for &(kx, nx) in &xs {
            for &(ky, ny) in &ys {
                let n = Nimber(nx) * Nimber(ny);
                let (f, k, seven) = monomial_product(kx, ky)?;
                let n = n * Nimber(f);
                add(k, n.get());
                if seven {
                    // × (ω + 1): this monomial again, times ω.
                    let (f2, k2, _) = monomial_product(k, (0, 0, 1))?;
                    add(k2, (n * Nimber(f2)).get());
                }
            }
        }
        let result = join(acc);
        if result.terms().len() > MAX_TERMS {
            return Err(ArithmeticError::TooLarge {
                what: "a nim product",
                limit: MAX_TERMS,
            });
        }
        Ok(result)
    }

    /// `self` to the `k`-th nim power, by square-and-multiply (O(log k) nim
    /// products).
    ///
    /// # Errors
    /// As [`Ordinal::nim_mul`].
    pub fn nim_pow(&self, k: u64) -> Result<Ordinal, ArithmeticError> {
        super::arithmetic::power(self, k, Ordinal::from_u64(1), Ordinal::nim_mul)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn o(text: &str) -> Ordinal {
        text.parse().unwrap()
    }

    /// Ordinals below ω^(ω^3) with up to 3 terms and small coefficients;
    /// exponents large enough to make every kind of carry.
    fn arb_small() -> impl Strategy<Value = Ordinal> {
        prop::collection::btree_map((0u64..15, 0u64..26, 0u64..28), 1u64..20, 0..4).prop_map(join)
    }

    #[test]
    fn published_nim_products() {
        // Conway, ONAG ch. 6: ω is a cube root of 2 over the finite nimbers,
        // so ω⊗ω = ω² and ω⊗ω⊗ω = 2.
        let w = Ordinal::omega();
        assert_eq!(w.nim_mul(&w).unwrap(), o("omega^2"));
        assert_eq!(w.nim_mul(&w).unwrap().nim_mul(&w).unwrap(), Ordinal::from_u64(2));
        // Lenstra (1977), OEIS A380496: κ_5 = ω^ω with κ_5^5 = α_5 = 4, and
        // κ_7 = ω^(ω²) with κ_7^7 = α_7 = ω + 1.
        assert_eq!(o("omega^omega").nim_pow(5).unwrap(), Ordinal::from_u64(4));
        assert_eq!(o("omega^(omega^2)").nim_pow(7).unwrap(), o("omega+1"));
        // κ_9 = ω^3 with κ_9^3 = κ_3 = ω; κ_25 = ω^(ω·5) with κ_25^5 = κ_5.
        assert_eq!(o("omega^3").nim_pow(3).unwrap(), w);
        assert_eq!(o("omega^(omega*5)").nim_pow(5).unwrap(), o("omega^omega"));
        // ω^(ω·2+1) is κ_5² ⊗ κ_3 (the digits of b = 2 and c = 1).
        assert_eq!(
            o("omega^omega").nim_mul(&o("omega^(omega+1)")).unwrap(),
            o("omega^(omega*2+1)")
        );
        // Beyond the field implemented here: a typed error.
        assert_eq!(
            o("omega^(omega^3)").nim_mul(&w),
            Err(ArithmeticError::OutsideNimField)
        );
        assert_eq!(
            w.nim_mul(&o("omega^(omega^omega)")),
            Err(ArithmeticError::OutsideNimField)
        );
        // Exponents whose finite part would pass 2^64 - 1.
        let big = Ordinal::omega_pow(Ordinal::from_u64(u64::MAX));
        assert_eq!(big.nim_mul(&big), Err(ArithmeticError::Overflow));
    }

    #[test]
    fn finite_products_agree_with_nimbers() {
        for a in [0u64, 1, 2, 3, 7, 16, 255, 1 << 33, u64::MAX] {
            for b in [0u64, 1, 5, 6, 1000, 1 << 63] {
                let p = Ordinal::from_u64(a).nim_mul(&Ordinal::from_u64(b)).unwrap();
                assert_eq!(p.to_u64(), Some((Nimber(a) * Nimber(b)).get()));
            }
        }
    }

    proptest! {
        #[test]
        fn nim_field_laws(a in arb_small(), b in arb_small(), c in arb_small()) {
            let ab = a.nim_mul(&b).unwrap();
            prop_assert_eq!(&ab, &b.nim_mul(&a).unwrap());
            prop_assert_eq!(ab.nim_mul(&c).unwrap(), a.nim_mul(&b.nim_mul(&c).unwrap()).unwrap());
            let l = a.nim_mul(&b.nim_add(&c)).unwrap();
            let r = ab.nim_add(&a.nim_mul(&c).unwrap());
            prop_assert_eq!(l, r);
            prop_assert_eq!(a.nim_mul(&Ordinal::from_u64(1)).unwrap(), a.clone());
            prop_assert!(a.nim_mul(&Ordinal::zero()).unwrap().is_zero());
            // No zero divisors.
            if !a.is_zero() && !b.is_zero() { prop_assert!(!ab.is_zero()); }
        }
    }
}
