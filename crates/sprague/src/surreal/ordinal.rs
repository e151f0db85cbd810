//! Ordinals below ε₀ in Cantor normal form, with Cantor (ordinal), natural
//! (Hessenberg) and nim (bitwise) sums.

use super::arithmetic::ArithmeticError;
use core::cmp::Ordering;
use core::fmt;
use std::collections::BTreeMap;
use std::collections::btree_map::Entry;

/// Largest number of terms an ordinal (or a surreal number's numerator or
/// denominator) may have; past it operations fail with
/// [`ArithmeticError::TooLarge`].
pub const MAX_TERMS: usize = 10_000;

/// Largest number of terms a product of ordinals may have counting the
/// terms of its exponents, recursively (see [`Ordinal::size`]): a Cantor
/// product copies the leading exponent of its left factor into every term,
/// so a power such as `(ω^γ + ω)^4655` with an exponent γ of thousands of
/// terms would otherwise hold gigabytes in a few dozen terms. Past it
/// products fail with [`ArithmeticError::TooLarge`].
pub const MAX_SIZE: usize = 100_000;

/// Deepest nesting of parentheses, exponents and signs the parsers accept.
pub const MAX_DEPTH: usize = 256;

/// An ordinal below ε₀ in Cantor normal form
/// `ω^α₁·c₁ + … + ω^αₖ·cₖ` with `α₁ > … > αₖ` (ordinals themselves) and
/// coefficients `cᵢ ≥ 1` of type `u64`.
///
/// Zero is the empty sum. The derived equality is ordinal equality (the
/// normal form is unique) and [`Ord`] is the ordinal order. Arithmetic is
/// checked: a coefficient past `u64::MAX` or a result of more than
/// [`MAX_TERMS`] terms is an [`ArithmeticError`], never a panic.
///
/// ```
/// use sprague::surreal::Ordinal;
///
/// let w = Ordinal::omega();
/// let two = Ordinal::from_u64(2);
/// assert_eq!(two.cantor_mul(&w).unwrap(), w); // 2·ω = ω
/// assert_eq!(w.cantor_mul(&two).unwrap().to_string(), "omega*2");
/// let x: Ordinal = "omega^(omega+1)*3 + omega^2 + 5".parse().unwrap();
/// assert_eq!(x.to_string(), "omega^(omega+1)*3+omega^2+5");
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Default, Debug)]
pub struct Ordinal {
    /// `(exponent, coefficient)`, exponents strictly decreasing, coefficients ≥ 1.
    terms: Vec<(Ordinal, u64)>,
}

impl Ordinal {
    /// Zero.
    #[must_use]
    pub const fn zero() -> Ordinal {
        Ordinal { terms: Vec::new() }
    }

    /// The finite ordinal `n`.
    #[must_use]
    pub fn from_u64(n: u64) -> Ordinal {
        Ordinal::monomial(Ordinal::zero(), n)
    }

    /// ω, the least infinite ordinal.
    #[must_use]
    pub fn omega() -> Ordinal {
        Ordinal::monomial(Ordinal::from_u64(1), 1)
    }

    /// `ω^e`.
    #[must_use]
    pub fn omega_pow(e: Ordinal) -> Ordinal {
        Ordinal::monomial(e, 1)
    }

    /// `ω^e·c` (zero when `c` is 0).
    #[must_use]
    pub fn monomial(e: Ordinal, c: u64) -> Ordinal {
        if c == 0 {
            Ordinal::zero()
        } else {
            Ordinal { terms: vec![(e, c)] }
        }
    }

    /// The ordinal with these `(exponent, coefficient)` terms, or `None` when
    /// the exponents are not strictly decreasing or a coefficient is 0.
    #[must_use]
    pub fn from_terms(terms: Vec<(Ordinal, u64)>) -> Option<Ordinal> {
        let ok = terms.iter().all(|t| t.1 > 0) && terms.windows(2).all(|w| w[0].0 > w[1].0);
        ok.then_some(Ordinal { terms })
    }

    /// The terms `(exponent, coefficient)` of the Cantor normal form, largest
    /// exponent first.
    #[must_use]
    pub fn terms(&self) -> &[(Ordinal, u64)] {
        &self.terms
    }

    /// Whether this is 0.
    #[must_use]
    pub fn is_zero(&self) -> bool {
        self.terms.is_empty()
    }

    /// The value as a `u64` when the ordinal is finite.
    #[must_use]
    pub fn to_u64(&self) -> Option<u64> {
        match self.terms.as_slice() {
            [] => Some(0),
            [(e, c)] if e.is_zero() => Some(*c),
            _ => None,
        }
    }

    /// Whether the ordinal is finite.
    #[must_use]
    pub fn is_finite(&self) -> bool {
        self.to_u64().is_some()
    }

    /// The largest exponent (`None` for 0).
    #[must_use]
    pub fn leading_exponent(&self) -> Option<&Ordinal> {
        self.terms.first().map(|t| &t.0)
    }

    /// Depth of nesting of exponents: 0 for 0, 1 for a finite non-zero
    /// ordinal, 2 for `ω`, … O(size).
    #[must_use]
    pub fn depth(&self) -> usize {
        self.terms.iter().map(|t| t.0.depth() + 1).max().unwrap_or(0)
    }

    /// The number of terms, counting the terms of the exponents,
    /// recursively: 0 for 0, 1 for a finite non-zero ordinal, 2 for `ω`.
    /// O(size).
    #[must_use]
    pub fn size(&self) -> usize {
        self.terms
            .iter()
            .fold(0usize, |n, (e, _)| n.saturating_add(1).saturating_add(e.size()))
    }

    /// Adds to `size` the size of one more term of exponent `e` of a
    /// product being built, refusing the product past [`MAX_SIZE`] (so it
    /// stops within a few times the limit, however large it would be).
    pub(super) fn grow(size: &mut usize, e: &Ordinal, what: &'static str) -> Result<(), ArithmeticError> {
        *size = size.saturating_add(1).saturating_add(e.size());
        if *size > MAX_SIZE {
            return Err(ArithmeticError::TooLarge {
                what,
                limit: MAX_SIZE,
            });
        }
        Ok(())
    }

    fn checked(terms: Vec<(Ordinal, u64)>, what: &'static str) -> Result<Ordinal, ArithmeticError> {
        if terms.len() > MAX_TERMS {
            return Err(ArithmeticError::TooLarge {
                what,
                limit: MAX_TERMS,
            });
        }
        Ok(Ordinal { terms })
    }

    /// The Cantor (ordinal) sum `self + other`: the terms of `self` smaller
    /// than `other`'s leading term are absorbed, so `1 + ω = ω`. O(k) for k
    /// terms (plus comparisons of exponents).
    ///
    /// # Errors
    /// [`ArithmeticError::Overflow`] when a coefficient passes `u64::MAX`.
    pub fn cantor_add(&self, other: &Ordinal) -> Result<Ordinal, ArithmeticError> {
        let mut sum = self.clone();
        sum.cantor_add_assign(other)?;
        Ok(sum)
    }

    /// `self = self + other` in place: the terms of `self` below `other`'s
    /// leading exponent are popped from its end, so a sum of n terms built
    /// one at a time costs O(n) in all (not O(n²) copies).
    ///
    /// # Errors
    /// As [`Ordinal::cantor_add`]; `self` is then unspecified.
    pub(crate) fn cantor_add_assign(&mut self, other: &Ordinal) -> Result<(), ArithmeticError> {
        let Some((lead, c)) = other.terms.first() else {
            return Ok(());
        };
        let mut first = *c;
        while let Some((e, d)) = self.terms.last() {
            match e.cmp(lead) {
                Ordering::Greater => break,
                Ordering::Equal => {
                    first = first.checked_add(*d).ok_or(ArithmeticError::Overflow)?;
                    self.terms.pop();
                    break;
                }
                Ordering::Less => {
                    self.terms.pop();
                }
            }
        }
        self.terms.push((lead.clone(), first));
        self.terms.extend(other.terms[1..].iter().cloned());
        if self.terms.len() > MAX_TERMS {
            return Err(ArithmeticError::TooLarge {
                what: "an ordinal sum",
                limit: MAX_TERMS,
            });
        }
        Ok(())
    }

    /// The Cantor (ordinal) product `self · other`: `2·ω = ω`, `ω·2 = ω + ω`.
    /// Each term `ω^β·m` of `other` with `β > 0` gives `ω^(α₁+β)·m` (α₁ the
    /// leading exponent of `self`); a finite last term `n` gives `self` with
    /// its leading coefficient multiplied by `n`. O(k·l) comparisons.
    ///
    /// # Errors
    /// [`ArithmeticError::Overflow`] when a coefficient passes `u64::MAX`,
    /// [`ArithmeticError::TooLarge`] past [`MAX_TERMS`] terms, or past
    /// [`MAX_SIZE`] counting the terms of the exponents.
    pub fn cantor_mul(&self, other: &Ordinal) -> Result<Ordinal, ArithmeticError> {
        let Some((a1, c1)) = self.terms.first() else {
            return Ok(Ordinal::zero());
        };
        const WHAT: &str = "an ordinal product (counting the terms of its exponents)";
        let mut terms = Vec::with_capacity(self.terms.len() + other.terms.len());
        let mut size = 0;
        for (b, m) in &other.terms {
            if b.is_zero() {
                let c = c1.checked_mul(*m).ok_or(ArithmeticError::Overflow)?;
                terms.push((a1.clone(), c));
                terms.extend(self.terms[1..].iter().cloned());
                for (e, _) in &self.terms {
                    Ordinal::grow(&mut size, e, WHAT)?;
                }
            } else {
                let e = a1.cantor_add(b)?;
                Ordinal::grow(&mut size, &e, WHAT)?;
                terms.push((e, *m));
            }
        }
        Ordinal::checked(terms, "an ordinal product")
    }

    /// The ordinal power `self^exp`: by repeated squaring when `exp` is
    /// finite; otherwise, writing `exp = ω·γ + k` with `k` finite,
    /// `n^(ω·γ) = ω^γ` for a finite base `n ≥ 2` and
    /// `x^(ω·γ) = ω^(α₁·ω·γ)` for an infinite base of leading exponent `α₁`,
    /// times `self^k`. O(log k) products.
    ///
    /// # Errors
    /// [`ArithmeticError::Overflow`] or [`ArithmeticError::TooLarge`] when
    /// the result does not fit.
    pub fn pow(&self, exp: &Ordinal) -> Result<Ordinal, ArithmeticError> {
        if exp.is_zero() {
            return Ok(Ordinal::from_u64(1));
        }
        if self.is_zero() {
            return Ok(Ordinal::zero());
        }
        if self.to_u64() == Some(1) {
            return Ok(self.clone());
        }
        let k = match exp.terms.last() {
            Some((e, c)) if e.is_zero() => *c,
            _ => 0,
        };
        let finite_part = self.pow_u64(k)?;
        if exp.is_finite() {
            return Ok(finite_part);
        }
        // γ with ω·γ = exp − k: each exponent e > 0 becomes −1 + e.
        let mut gamma = Vec::new();
        for (e, c) in &exp.terms {
            if e.is_zero() {
                continue;
            }
            let e2 = match e.to_u64() {
                Some(n) => Ordinal::from_u64(n - 1),
                None => e.clone(),
            };
            gamma.push((e2, *c));
        }
        let gamma = Ordinal { terms: gamma };
        let limit = if self.is_finite() {
            Ordinal::omega_pow(gamma)
        } else {
            let a1 = self.terms[0].0.clone();
            let w_gamma = Ordinal::omega().cantor_mul(&gamma)?;
            Ordinal::omega_pow(a1.cantor_mul(&w_gamma)?)
        };
        limit.cantor_mul(&finite_part)
    }

    fn pow_u64(&self, k: u64) -> Result<Ordinal, ArithmeticError> {
        super::arithmetic::power(self, k, Ordinal::from_u64(1), Ordinal::cantor_mul)
    }

    /// The natural (Hessenberg) sum `self ⊕ other`: add the coefficients of
    /// equal powers of ω. Commutative and associative. O(k + l).
    ///
    /// # Errors
    /// [`ArithmeticError::Overflow`] when a coefficient passes `u64::MAX`,
    /// [`ArithmeticError::TooLarge`] past [`MAX_TERMS`] terms.
    pub fn natural_add(&self, other: &Ordinal) -> Result<Ordinal, ArithmeticError> {
        let terms = merge(&self.terms, &other.terms, |a, b| {
            a.checked_add(*b).map(Some).ok_or(ArithmeticError::Overflow)
        })?;
        Ordinal::checked(terms, "a natural sum")
    }

    /// The natural (Hessenberg) product `self ⊗ other`: multiply as
    /// polynomials in ω with natural sums of exponents. Commutative,
    /// associative, distributive over the natural sum. O(k·l·log(k·l)).
    ///
    /// # Errors
    /// [`ArithmeticError::Overflow`] when a coefficient passes `u64::MAX`,
    /// [`ArithmeticError::TooLarge`] past [`MAX_TERMS`] terms, or past
    /// [`MAX_SIZE`] counting the terms of the exponents.
    pub fn natural_mul(&self, other: &Ordinal) -> Result<Ordinal, ArithmeticError> {
        if self.terms.len().saturating_mul(other.terms.len()) > MAX_TERMS * 100 {
            return Err(ArithmeticError::TooLarge {
                what: "a natural product",
                limit: MAX_TERMS,
            });
        }
        let mut acc = BTreeMap::new();
        let mut size = 0;
        for (a, c) in &self.terms {
            for (b, d) in &other.terms {
                let m = c.checked_mul(*d).ok_or(ArithmeticError::Overflow)?;
                match acc.entry(a.natural_add(b)?) {
                    Entry::Vacant(slot) => {
                        Ordinal::grow(
                            &mut size,
                            slot.key(),
                            "a natural product (counting the terms of its exponents)",
                        )?;
                        slot.insert(m);
                    }
                    Entry::Occupied(mut slot) => {
                        let sum = slot.get().checked_add(m).ok_or(ArithmeticError::Overflow)?;
                        slot.insert(sum);
                    }
                }
            }
        }
        Ordinal::checked(acc.into_iter().rev().collect(), "a natural product")
    }

    /// The nim-sum `self ⊕ other` (XOR of the coefficients of equal powers of
    /// ω). Because `ω^β·n = 2^(ω·β)·n`, the Cantor normal form in base ω is
    /// the base-2 expansion grouped by ω-powers, and nim addition is bitwise
    /// on base-2 Cantor normal forms (Conway, *On Numbers and Games*, ch. 6).
    /// O(k + l).
    #[must_use]
    pub fn nim_add(&self, other: &Ordinal) -> Ordinal {
        let terms = merge(&self.terms, &other.terms, |a, b| {
            let x = a ^ b;
            Ok::<_, core::convert::Infallible>((x != 0).then_some(x))
        });
        let Ok(terms) = terms;
        Ordinal { terms }
    }

    /// The γ with `other ⊕ γ = self` (natural sum), when there is one:
    /// whether the monomial `ω^other` divides `ω^self` in the natural
    /// product. O(k + l).
    #[must_use]
    pub fn natural_sub(&self, other: &Ordinal) -> Option<Ordinal> {
        let mut terms = Vec::with_capacity(self.terms.len());
        let mut j = 0;
        for (e, c) in &self.terms {
            let mut c = *c;
            if let Some((f, d)) = other.terms.get(j) {
                match f.cmp(e) {
                    Ordering::Greater => return None,
                    Ordering::Equal => {
                        c = c.checked_sub(*d)?;
                        j += 1;
                    }
                    Ordering::Less => {}
                }
            }
            if c > 0 {
                terms.push((e.clone(), c));
            }
        }
        (j == other.terms.len()).then_some(Ordinal { terms })
    }

    /// The largest γ with `γ ⊕ x = self` and `γ ⊕ y = other` for some x, y:
    /// the least coefficient of each power of ω. O(k + l).
    #[must_use]
    pub fn natural_meet(&self, other: &Ordinal) -> Ordinal {
        let mut terms = Vec::new();
        let mut j = 0;
        for (e, c) in &self.terms {
            while j < other.terms.len() && other.terms[j].0 > *e {
                j += 1;
            }
            if let Some((f, d)) = other.terms.get(j)
                && f == e
            {
                terms.push((e.clone(), (*c).min(*d)));
            }
        }
        Ordinal { terms }
    }

    fn write_exponent(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_finite() || *self == Ordinal::omega() {
            write!(f, "{self}")
        } else {
            write!(f, "({self})")
        }
    }

    /// Writes `ω^e` as `omega`, `omega^2`, `omega^(omega+1)` (nothing for e = 0).
    pub(crate) fn write_power(e: &Ordinal, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if e.is_zero() {
            return Ok(());
        }
        f.write_str("omega")?;
        if e.to_u64() != Some(1) {
            f.write_str("^")?;
            e.write_exponent(f)?;
        }
        Ok(())
    }
}

/// Merges two term lists sorted by decreasing exponent: terms of one list
/// only are kept, and `both` combines the coefficients of an exponent in both
/// (`None`: the term cancels). Shared by the ordinal sums and the surreal
/// polynomial sum. O(k + l) combinations and exponent comparisons.
pub(crate) fn merge<C: Clone, E>(
    a: &[(Ordinal, C)],
    b: &[(Ordinal, C)],
    mut both: impl FnMut(&C, &C) -> Result<Option<C>, E>,
) -> Result<Vec<(Ordinal, C)>, E> {
    let (mut i, mut j) = (0, 0);
    let mut out = Vec::with_capacity(a.len() + b.len());
    while i < a.len() || j < b.len() {
        let ord = match (a.get(i), b.get(j)) {
            (Some(x), Some(y)) => x.0.cmp(&y.0),
            (Some(_), None) => Ordering::Greater,
            _ => Ordering::Less,
        };
        match ord {
            Ordering::Greater => {
                out.push(a[i].clone());
                i += 1;
            }
            Ordering::Less => {
                out.push(b[j].clone());
                j += 1;
            }
            Ordering::Equal => {
                if let Some(c) = both(&a[i].1, &b[j].1)? {
                    out.push((a[i].0.clone(), c));
                }
                i += 1;
                j += 1;
            }
        }
    }
    Ok(out)
}

impl Ord for Ordinal {
    /// The ordinal order: compare the Cantor normal forms term by term
    /// (exponent first, then coefficient); a proper prefix is smaller.
    fn cmp(&self, other: &Ordinal) -> Ordering {
        for (x, y) in self.terms.iter().zip(&other.terms) {
            let o = x.0.cmp(&y.0).then(x.1.cmp(&y.1));
            if o != Ordering::Equal {
                return o;
            }
        }
        self.terms.len().cmp(&other.terms.len())
    }
}

impl PartialOrd for Ordinal {
    fn partial_cmp(&self, other: &Ordinal) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl From<u64> for Ordinal {
    fn from(n: u64) -> Ordinal {
        Ordinal::from_u64(n)
    }
}

impl fmt::Display for Ordinal {
    /// CGSuite-like ASCII: `omega^2*3+omega+1`, `omega^(omega+1)`, `0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.terms.is_empty() {
            return f.write_str("0");
        }
        for (i, (e, c)) in self.terms.iter().enumerate() {
            if i > 0 {
                f.write_str("+")?;
            }
            if e.is_zero() {
                write!(f, "{c}")?;
            } else {
                Ordinal::write_power(e, f)?;
                if *c != 1 {
                    write!(f, "*{c}")?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use proptest::prelude::*;

    fn o(text: &str) -> Ordinal {
        text.parse().unwrap()
    }

    /// Small ordinals: up to 4 terms over a pool of exponents below ω^ω^ω.
    pub(crate) fn arb_ordinal() -> impl Strategy<Value = Ordinal> {
        let pool = [
            "0",
            "1",
            "2",
            "3",
            "omega",
            "omega+1",
            "omega*2",
            "omega^2",
            "omega^omega",
        ];
        prop::collection::vec((0..pool.len(), 1u64..6), 0..4).prop_map(move |mut v| {
            v.sort_by_key(|t| core::cmp::Reverse(t.0));
            v.dedup_by_key(|t| t.0);
            // The pool is increasing, so sorting indices sorts exponents.
            let terms = v.into_iter().map(|(i, c)| (o(pool[i]), c)).collect();
            Ordinal::from_terms(terms).unwrap()
        })
    }

    /// A sum of thousands of terms, as a power's printed form is read back,
    /// is built in place term by term (the `surreal` fuzz target found the
    /// printed (ω+8)^9312 taking 3.8 s to read back, copying the sum at each
    /// `+`); it reads back to the same ordinal.
    #[test]
    fn long_sums_read_back() {
        let x = Ordinal::parse("(omega+8)^9312").unwrap();
        assert_eq!(x.terms().len(), 9313);
        assert_eq!(x.terms()[1], (Ordinal::from_u64(9311), 8));
        assert_eq!(Ordinal::parse(&x.to_string()).unwrap(), x);
    }

    #[test]
    fn cantor_arithmetic_is_not_commutative() {
        // Textbook facts (e.g. Jech, Set Theory, 3rd ed., ch. 2): 1 + ω = ω,
        // 2·ω = ω, ω·2 = ω + ω, (ω+1)·ω = ω², (ω+1)² = ω²+ω+1, 2^ω = ω.
        let w = Ordinal::omega();
        let (one, two) = (Ordinal::from_u64(1), Ordinal::from_u64(2));
        assert_eq!(one.cantor_add(&w).unwrap(), w);
        assert_eq!(two.cantor_mul(&w).unwrap(), w);
        assert_eq!(w.cantor_mul(&two).unwrap(), w.cantor_add(&w).unwrap());
        assert_eq!(o("(omega+1)*omega"), o("omega^2"));
        assert_eq!(o("(omega+1)^2"), o("omega^2+omega+1"));
        assert_eq!(o("2^omega"), w);
        assert_eq!(o("2^(omega+3)"), o("omega*8"));
        assert_eq!(o("(omega+1)^omega"), o("omega^omega"));
        assert_eq!(o("(omega^2+1)^(omega+1)"), o("omega^(omega+2)+omega^omega"));
        assert_eq!(o("omega^omega^omega"), o("omega^(omega^omega)"));
        assert_eq!(o("(omega^omega)^omega"), o("omega^(omega^2)"));
        assert_eq!(o("3*omega + 4*omega"), o("omega*2"));
        // Natural sums commute: 1 ⊕ ω = ω + 1.
        assert_eq!(one.natural_add(&w).unwrap(), o("omega+1"));
        assert_eq!(
            o("omega+1").natural_mul(&o("omega+1")).unwrap(),
            o("omega^2+omega*2+1")
        );
    }

    #[test]
    fn display_and_parse() {
        for (text, shown) in [
            ("omega^2*3+omega+1", "omega^2*3+omega+1"),
            ("w^(w+1)", "omega^(omega+1)"),
            ("ω^ω", "omega^omega"),
            ("omega^(omega^2)*2", "omega^(omega^2)*2"),
            ("0", "0"),
            ("  7 ", "7"),
            ("omega*0", "0"),
            ("18446744073709551615", "18446744073709551615"),
        ] {
            assert_eq!(o(text).to_string(), shown, "{text}");
            assert_eq!(o(shown), o(text));
        }
    }

    #[test]
    fn parse_errors_name_the_column() {
        for (text, column) in [
            ("omega +", 8),
            ("omega - 1", 7),
            ("x", 1),
            ("(omega", 7),
            ("omega)", 6),
            ("omega 2", 7),
            ("", 1),
            ("3 / 4", 3),
            ("18446744073709551616", 1),
            ("18446744073709551615 + 1", 22),
            ("omega # 1", 7),
        ] {
            let e = Ordinal::parse(text).unwrap_err();
            assert_eq!(e.column, column, "{text}: {e}");
        }
        let deep = format!("{}1{}", "(".repeat(100_000), ")".repeat(100_000));
        assert!(Ordinal::parse(&deep).unwrap_err().message.contains("nested"));
        let tower = "omega^".repeat(100_000) + "1";
        assert!(Ordinal::parse(&tower).unwrap_err().message.contains("nested"));
        let ok = format!("{}1{}", "(".repeat(200), ")".repeat(200));
        assert_eq!(o(&ok), Ordinal::from_u64(1));
        // Large but flat input: fine, and overflow is an error.
        let long = vec!["omega"; 20_000].join("+");
        assert_eq!(o(&long), o("omega*20000"));
        assert!(Ordinal::parse("(omega+1)^100000").is_err());
    }

    #[test]
    fn finite_nim_sums_agree_with_nimbers() {
        for a in 0..40u64 {
            for b in [0, 1, 7, 33, 1 << 40, u64::MAX] {
                let s = Ordinal::from_u64(a).nim_add(&Ordinal::from_u64(b));
                assert_eq!(
                    s.to_u64(),
                    Some((crate::nimber::Nimber(a) + crate::nimber::Nimber(b)).get())
                );
            }
        }
        // ω⊕ω = 0, (ω·3 + 1) ⊕ (ω + 3) = ω·2 + 2.
        assert!(Ordinal::omega().nim_add(&Ordinal::omega()).is_zero());
        assert_eq!(o("omega*3+1").nim_add(&o("omega+3")), o("omega*2+2"));
    }

    proptest! {
        #[test]
        fn order_is_total_and_sums_are_monotone(a in arb_ordinal(), b in arb_ordinal(), c in arb_ordinal()) {
            prop_assert_eq!(a.cmp(&b), b.cmp(&a).reverse());
            if a <= b && b <= c { prop_assert!(a <= c); }
            let s = a.cantor_add(&b).unwrap();
            prop_assert!(a <= s && b <= s);
            // The natural sum is at least the Cantor sum.
            prop_assert!(s <= a.natural_add(&b).unwrap());
            // Strictly increasing in the right argument.
            if b < c { prop_assert!(s < a.cantor_add(&c).unwrap()); }
            prop_assert_eq!(Ordinal::parse(&a.to_string()).unwrap(), a.clone());
        }

        #[test]
        fn cantor_laws(a in arb_ordinal(), b in arb_ordinal(), c in arb_ordinal()) {
            let ab_c = a.cantor_add(&b).unwrap().cantor_add(&c).unwrap();
            let a_bc = a.cantor_add(&b.cantor_add(&c).unwrap()).unwrap();
            prop_assert_eq!(ab_c, a_bc);
            let ab_c = a.cantor_mul(&b).unwrap().cantor_mul(&c).unwrap();
            let a_bc = a.cantor_mul(&b.cantor_mul(&c).unwrap()).unwrap();
            prop_assert_eq!(ab_c, a_bc);
            // Left distributivity a·(b+c) = a·b + a·c.
            let l = a.cantor_mul(&b.cantor_add(&c).unwrap()).unwrap();
            let r = a.cantor_mul(&b).unwrap().cantor_add(&a.cantor_mul(&c).unwrap()).unwrap();
            prop_assert_eq!(l, r);
        }

        #[test]
        fn natural_laws(a in arb_ordinal(), b in arb_ordinal(), c in arb_ordinal()) {
            prop_assert_eq!(a.natural_add(&b).unwrap(), b.natural_add(&a).unwrap());
            prop_assert_eq!(a.natural_mul(&b).unwrap(), b.natural_mul(&a).unwrap());
            let ab_c = a.natural_mul(&b).unwrap().natural_mul(&c).unwrap();
            let a_bc = a.natural_mul(&b.natural_mul(&c).unwrap()).unwrap();
            prop_assert_eq!(ab_c, a_bc);
            let l = a.natural_mul(&b.natural_add(&c).unwrap()).unwrap();
            let r = a.natural_mul(&b).unwrap().natural_add(&a.natural_mul(&c).unwrap()).unwrap();
            prop_assert_eq!(l, r);
            let s = a.natural_add(&b).unwrap();
            prop_assert_eq!(s.natural_sub(&b), Some(a.clone()));
            let m = a.natural_meet(&b);
            prop_assert!(a.natural_sub(&m).is_some() && b.natural_sub(&m).is_some());
        }

        #[test]
        fn nim_sum_laws(a in arb_ordinal(), b in arb_ordinal(), c in arb_ordinal()) {
            prop_assert!(a.nim_add(&a).is_zero());
            prop_assert_eq!(a.nim_add(&b), b.nim_add(&a));
            prop_assert_eq!(a.nim_add(&b).nim_add(&c), a.nim_add(&b.nim_add(&c)));
            prop_assert_eq!(a.nim_add(&Ordinal::zero()), a.clone());
        }
    }
}
