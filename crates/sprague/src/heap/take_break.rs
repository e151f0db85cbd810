//! Take-and-break games given by octal or hexadecimal codes (and Grundy's game).

use super::game::{HeapGame, HeapValuer};
use super::grundy_game::GrundyGameTable;
use super::period::{PeriodRule, extend_periodic, find_period};
use super::rare::{Spec, plain_values_u32, rare_values_u32};
use crate::nimber::Nimber;
use crate::parse_error::ParseError;
use core::fmt;

/// A take-and-break game in Winning Ways' code convention.
///
/// The code `d₀.d₁d₂d₃…` says what a move may do after removing `i` tokens
/// from one heap: digit `dᵢ` is a sum of
/// - 1: remove `i` if that leaves nothing (the whole heap),
/// - 2: remove `i` and leave one (non-empty) heap,
/// - 4: remove `i` and leave two non-empty heaps,
/// - 8 (hexadecimal codes only): remove `i` and leave three non-empty heaps.
///
/// `d₀` may only carry 4 (and 8): split a heap without removing anything.
/// Examples: `0.77` Kayles, `0.07` Dawson's Kayles counted in pins, `0.137`
/// Dawson's Chess, `4.07`. Grundy's game (split one heap into two unequal
/// heaps) is [`TakeBreak::grundy_game`].
///
/// Values come from the rare-value method ([`TakeBreak::values_rare`]) and,
/// once a period is proven by the periodicity theorem, from the period.
///
/// ```
/// use sprague::{HeapGame, heap::TakeBreak};
/// let kayles = TakeBreak::parse("0.77").unwrap();
/// // Kayles, OEIS A002186: 0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6.
/// assert_eq!(kayles.grundy_values(12, &mut |_| true), vec![0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TakeBreak {
    digits: Vec<u8>,
    hex: bool,
    unequal: bool,
}

/// Codes longer than this many digits after the point are refused.
pub const MAX_CODE_DIGITS: usize = 4096;

impl TakeBreak {
    /// Parses an octal code such as `0.07`, `4.07` or `0.137`.
    ///
    /// # Errors
    /// A character that is not an octal digit (column given), a first digit
    /// other than 0 or 4, more than one point, or an empty code.
    ///
    /// ```
    /// use sprague::heap::TakeBreak;
    /// assert!(TakeBreak::parse("0.07").is_ok());
    /// assert_eq!(TakeBreak::parse("0.8").unwrap_err().column, 3);
    /// ```
    pub fn parse(code: &str) -> Result<TakeBreak, ParseError> {
        Self::parse_radix(code, false)
    }

    /// Parses a hexadecimal code such as `0.f` or `8.0` (digits 0–9, a–f).
    ///
    /// # Errors
    /// As [`TakeBreak::parse`], with hexadecimal digits and a first digit that
    /// may carry 4 and 8 only.
    pub fn parse_hex(code: &str) -> Result<TakeBreak, ParseError> {
        Self::parse_radix(code, true)
    }

    fn parse_radix(code: &str, hex: bool) -> Result<TakeBreak, ParseError> {
        let radix = if hex { 16 } else { 8 };
        let kind = if hex { "hexadecimal" } else { "octal" };
        if code.trim().is_empty() {
            return Err(ParseError::new(
                format!("expected an {kind} code such as 0.07"),
                1,
                "",
            ));
        }
        let mut digits = Vec::new();
        let mut point = None;
        for (col, c) in code.chars().enumerate() {
            let column = col + 1;
            if c == '.' {
                if point.is_some() {
                    return Err(ParseError::new("a code has one point", column, "."));
                }
                if digits.is_empty() {
                    digits.push(0);
                }
                if digits.len() > 1 {
                    return Err(ParseError::new(
                        "only one digit may stand before the point",
                        1,
                        code,
                    ));
                }
                point = Some(column);
                continue;
            }
            let Some(d) = c.to_digit(radix) else {
                return Err(ParseError::new(
                    format!("`{c}` is not an {kind} digit"),
                    column,
                    c.to_string(),
                ));
            };
            digits.push(d as u8);
        }
        if point.is_none() && digits.len() > 1 {
            return Err(ParseError::new(
                "expected a point after the first digit, as in 0.07",
                2,
                code,
            ));
        }
        if digits.len() > MAX_CODE_DIGITS + 1 {
            return Err(ParseError::new(
                format!("codes are limited to {MAX_CODE_DIGITS} digits"),
                1,
                code,
            ));
        }
        let allowed0 = if hex { 0b1100 } else { 0b0100 };
        if digits[0] & !allowed0 != 0 {
            return Err(ParseError::new(
                format!(
                    "the digit before the point may only be {} (split without removing)",
                    if hex { "0, 4, 8 or c" } else { "0 or 4" }
                ),
                1,
                code.chars().next().map(String::from).unwrap_or_default(),
            ));
        }
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        Ok(TakeBreak {
            digits,
            hex,
            unequal: false,
        })
    }

    /// Kayles, `0.77`.
    #[must_use]
    pub fn kayles() -> TakeBreak {
        TakeBreak {
            digits: vec![0, 7, 7],
            hex: false,
            unequal: false,
        }
    }

    /// Dawson's Kayles counted in pins, `0.07`.
    #[must_use]
    pub fn dawsons_kayles() -> TakeBreak {
        TakeBreak {
            digits: vec![0, 0, 7],
            hex: false,
            unequal: false,
        }
    }

    /// Grundy's game: split one heap into two non-empty heaps of different sizes.
    #[must_use]
    pub fn grundy_game() -> TakeBreak {
        TakeBreak {
            digits: vec![4],
            hex: false,
            unequal: true,
        }
    }

    /// The digits `d₀, d₁, …` (trailing zeros dropped).
    #[must_use]
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// `true` for Grundy's game (splits must be unequal).
    #[must_use]
    pub const fn unequal_splits(&self) -> bool {
        self.unequal
    }

    /// The largest number of tokens one move removes.
    #[must_use]
    pub fn max_removal(&self) -> u64 {
        (self.digits.len() - 1) as u64
    }

    pub(crate) fn spec(&self) -> Spec {
        let mut spec = Spec {
            unequal: self.unequal,
            ..Spec::default()
        };
        for (i, &d) in self.digits.iter().enumerate() {
            if d & 3 != 0 {
                spec.nonsplit.push((i, d & 1 != 0, d & 2 != 0));
            }
            if d & 4 != 0 {
                spec.split2.push(i);
            }
            if d & 8 != 0 {
                spec.split3.push(i);
            }
        }
        spec
    }

    /// `G(0 .. count)` by the definition: every option of every heap, O(n²)
    /// for octal codes (O(n³) with three-heap moves). The baseline and test oracle.
    #[must_use]
    pub fn values_plain(&self, count: usize) -> Vec<u32> {
        plain_values_u32(&self.spec(), count, &mut |_| true)
    }

    /// `G(0 .. count)` by the rare-value ("sparse space") method, without the
    /// period shortcut. The nimbers split into a rare class (containing 0) and a
    /// common one by the parity of `popcount(v & mask)`; every common option
    /// value comes from the few splits with a rare part, and the rare values
    /// below the candidate are usually reached early in a scan of the splits.
    /// Near-linear when few heaps have values in the rare class, O(n²) at worst.
    #[must_use]
    pub fn values_rare(&self, count: usize) -> Vec<u32> {
        rare_values_u32(&self.spec(), Vec::new(), count, &mut |_| true)
    }

    /// `G(0 .. count)` by the rare-value method, computing only until a period
    /// is proven by the periodicity theorem and copying it from there on.
    pub fn values_fast(&self, count: usize, progress: &mut dyn FnMut(usize) -> bool) -> Vec<u32> {
        let spec = self.spec();
        let rule = self.period_rule();
        let mut g = Vec::new();
        let mut target = 256usize;
        loop {
            let upto = target.min(count);
            let before = g.len();
            g = rare_values_u32(&spec, g, upto, progress);
            if g.len() < upto || upto == count || g.len() == before {
                return g;
            }
            if let Some(p) = rule
                .and_then(|r| find_period(&g, Some(r)))
                .filter(|p| p.proven && p.saltus == 0)
            {
                extend_periodic(&mut g, p.preperiod as usize, p.period as usize, count);
                return g;
            }
            target = target.saturating_mul(2);
        }
    }
}

impl fmt::Display for TakeBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.unequal {
            return f.write_str("grundy");
        }
        let digit = |d: u8| char::from_digit(u32::from(d), 16).unwrap_or('?');
        write!(f, "{}.", digit(self.digits[0]))?;
        if self.digits.len() == 1 {
            f.write_str("0")?;
        }
        for &d in &self.digits[1..] {
            write!(f, "{}", digit(d))?;
        }
        Ok(())
    }
}

impl HeapGame for TakeBreak {
    fn heap_options(&self, n: u64, f: &mut dyn FnMut(&[u64])) {
        for (i, &d) in self.digits.iter().enumerate() {
            let i = i as u64;
            if i > n {
                break;
            }
            let m = n - i;
            if d & 1 != 0 && m == 0 {
                f(&[]);
            }
            if d & 2 != 0 && m > 0 && i > 0 {
                f(&[m]);
            }
            if d & 4 != 0 {
                for a in 1..=m / 2 {
                    if !(self.unequal && 2 * a == m) {
                        f(&[a, m - a]);
                    }
                }
            }
            if d & 8 != 0 {
                for a in 1..=m / 3 {
                    for b in a..=(m - a) / 2 {
                        f(&[a, b, m - a - b]);
                    }
                }
            }
        }
    }

    /// O(digits): a digit allows a move on a heap when its leftover `m`
    /// fits one of its kinds (nothing left, one heap, two or three heaps).
    fn has_move(&self, n: u64) -> bool {
        self.digits.iter().enumerate().any(|(i, &d)| {
            let Some(m) = n.checked_sub(i as u64) else {
                return false;
            };
            (d & 1 != 0 && m == 0)
                || (d & 2 != 0 && m > 0 && i > 0)
                || (d & 4 != 0 && m >= if self.unequal { 3 } else { 2 })
                || (d & 8 != 0 && m >= 3)
        })
    }

    /// Grundy's game by [`GrundyGameTable`] (its own sparse-space engine,
    /// 1–1.5 bytes a value while it runs, about 2.3× faster than the general
    /// one); other codes by [`values_fast`](TakeBreak::values_fast).
    fn grundy_values(&self, count: usize, progress: &mut dyn FnMut(usize) -> bool) -> Vec<u64> {
        if self.is_grundy_game() {
            return grundy_game_values(count, progress);
        }
        self.values_fast(count, progress)
            .into_iter()
            .map(u64::from)
            .collect()
    }

    fn period_rule(&self) -> Option<PeriodRule> {
        if self.unequal {
            return None;
        }
        let parts = if self.digits.iter().any(|d| d & 8 != 0) {
            3
        } else if self.digits.iter().any(|d| d & 4 != 0) {
            2
        } else {
            1
        };
        Some(PeriodRule {
            max_parts: parts,
            max_removal: self.max_removal(),
        })
    }

    fn huge_heap_moves(&self, n: u64, target: Nimber, value: HeapValuer<'_>) -> Option<Vec<Vec<u64>>> {
        // Only with a proven pure period (e, p): then a split (a, b) with both
        // parts ≥ e + p has the value of (a − p, b + p), so the splits whose
        // smaller part is below e + 2p represent every value class.
        let rule = self.period_rule()?;
        if rule.max_parts > 2 {
            return None;
        }
        let window = self.split_window(value)?;
        let mut found = Vec::new();
        for (i, &d) in self.digits.iter().enumerate() {
            let i = i as u64;
            let m = n.checked_sub(i)?;
            if d & 2 != 0 && i > 0 && value(m)? == target {
                found.push(vec![m]);
            }
            if d & 4 != 0 {
                for a in 1..=window.min(m / 2) {
                    if value(a)? + value(m - a)? == target {
                        found.push(vec![a, m - a]);
                    }
                }
            }
        }
        Some(found)
    }

    /// `false`: the splits of a huge heap are listed with their smaller part
    /// below `e + 2p`; every other winning split differs from a listed one by
    /// multiples of the period.
    fn huge_heap_moves_complete(&self) -> bool {
        false
    }
}

/// `G(0 .. count)` of Grundy's game by [`GrundyGameTable`] (fewer values when
/// `progress`, called every 2^16 values, returns `false`). Should the table
/// stop early for want of memory or of room for a value (none above 4095 is
/// known: the largest value below 10^9 is 281), the general rare-value engine
/// continues from the values found, so the answer is whole either way.
fn grundy_game_values(count: usize, progress: &mut dyn FnMut(usize) -> bool) -> Vec<u64> {
    let mut table = GrundyGameTable::new();
    // Stopped by `progress` or not, `Ok` leaves the values computed.
    let result = table.extend_to(count, progress);
    let len = table.len();
    if result.is_ok() {
        let mut values = Vec::with_capacity(len);
        values.extend((0..len).map(|n| u64::from(table.value(n).unwrap_or(0))));
        return values;
    }
    let prefix: Vec<u32> = (0..len).map(|n| u32::from(table.value(n).unwrap_or(0))).collect();
    drop(table);
    rare_values_u32(&TakeBreak::grundy_game().spec(), prefix, count, progress)
        .into_iter()
        .map(u64::from)
        .collect()
}

impl TakeBreak {
    /// `true` for Grundy's game itself (code `4.0` with unequal splits).
    fn is_grundy_game(&self) -> bool {
        self.unequal && self.digits == [4]
    }

    /// Smallest parts to list for a huge heap: e + 2p of the proven period,
    /// recovered from the valuation by checking it against the table. `None`
    /// when the valuation has no proven period.
    fn split_window(&self, value: &dyn Fn(u64) -> Option<Nimber>) -> Option<u64> {
        // The valuation answers every heap only through a proven period; find it
        // from the prefix (cheap: the proof needs few values).
        let limit = 1usize << 16;
        let prefix: Vec<u64> = (0..limit as u64)
            .map_while(|h| value(h).map(Nimber::get))
            .collect();
        if prefix.len() < limit {
            return None;
        }
        let p = find_period(&prefix, self.period_rule()).filter(|p| p.proven && p.saltus == 0)?;
        Some(p.preperiod + 2 * p.period)
    }
}
