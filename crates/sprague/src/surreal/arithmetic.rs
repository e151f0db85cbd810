//! What the exact arithmetic of ordinals, rationals and surreal numbers
//! shares: its error ([`ArithmeticError`]) and powers by square-and-multiply.

use core::fmt;

/// Why an exact computation on ordinals, rationals or surreal numbers has no
/// answer here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArithmeticError {
    /// A coefficient, numerator or denominator left its machine integer
    /// (`u64` for ordinal coefficients, `i128` for rationals).
    Overflow,
    /// Division by zero.
    DivisionByZero,
    /// A result with more terms than the limit allows.
    TooLarge {
        /// What grew too large.
        what: &'static str,
        /// The limit passed.
        limit: usize,
    },
    /// A nim product whose operands are not below ω^(ω^3): the field beyond
    /// needs the constants α_11, α_13, … that are not implemented.
    OutsideNimField,
    /// The operation is not defined for these operands (the message says
    /// which).
    Undefined(String),
}

impl fmt::Display for ArithmeticError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArithmeticError::Overflow => f.write_str("arithmetic overflow (a coefficient outgrew its machine integer)"),
            ArithmeticError::DivisionByZero => f.write_str("division by zero"),
            ArithmeticError::TooLarge { what, limit } => {
                write!(f, "{what} would have more than {limit} terms")
            }
            ArithmeticError::OutsideNimField => f.write_str(
                "nim products are implemented below omega^(omega^3) only: the field beyond needs alpha_11 and later",
            ),
            ArithmeticError::Undefined(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for ArithmeticError {}

/// `base` to the power `k` under the associative product `mul` with unit
/// `one`, by square-and-multiply: O(log k) products. Shared by the ordinal
/// (Cantor and nim) and surreal powers.
pub(crate) fn power<T: Clone>(
    base: &T,
    mut k: u64,
    one: T,
    mul: impl Fn(&T, &T) -> Result<T, ArithmeticError>,
) -> Result<T, ArithmeticError> {
    let mut result = one;
    let mut base = base.clone();
    while k > 0 {
        if k & 1 == 1 {
            result = mul(&result, &base)?;
        }
        k >>= 1;
        if k > 0 {
            base = mul(&base, &base)?;
        }
    }
    Ok(result)
}
