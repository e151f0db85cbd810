//! Operators as rhai evaluates them on the values it builds in (integers,
//! truth values, characters, strings, `()`), and the few on arrays that
//! scripts use (`+`, `+=`). Anything else bails (rhai then runs the call).

use super::value::Array;
use super::{Ctx, Flow, R, Value};
use rhai::{ImmutableString, Token};
use std::cmp::Ordering;
use std::sync::Arc;

/// A binary operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Pow,
    Shl,
    Shr,
    BitAnd,
    BitOr,
    BitXor,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Range,
    RangeInclusive,
}

impl BinOp {
    /// The operator of a binary operator token (or of an op-assignment's
    /// base token).
    pub(crate) fn of(t: &Token) -> Option<BinOp> {
        Some(match t {
            Token::Plus => BinOp::Add,
            Token::Minus => BinOp::Sub,
            Token::Multiply => BinOp::Mul,
            Token::Divide => BinOp::Div,
            Token::Modulo => BinOp::Rem,
            Token::PowerOf => BinOp::Pow,
            Token::LeftShift => BinOp::Shl,
            Token::RightShift => BinOp::Shr,
            Token::Ampersand => BinOp::BitAnd,
            Token::Pipe => BinOp::BitOr,
            Token::XOr => BinOp::BitXor,
            Token::EqualsTo => BinOp::Eq,
            Token::NotEqualsTo => BinOp::Ne,
            Token::LessThan => BinOp::Lt,
            Token::LessThanEqualsTo => BinOp::Le,
            Token::GreaterThan => BinOp::Gt,
            Token::GreaterThanEqualsTo => BinOp::Ge,
            Token::ExclusiveRange => BinOp::Range,
            Token::InclusiveRange => BinOp::RangeInclusive,
            _ => return None,
        })
    }

    const fn is_comparison(self) -> bool {
        matches!(
            self,
            BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge
        )
    }

    /// The answer of a comparison from an ordering.
    fn holds(self, o: Ordering) -> bool {
        match self {
            BinOp::Eq => o == Ordering::Equal,
            BinOp::Ne => o != Ordering::Equal,
            BinOp::Lt => o == Ordering::Less,
            BinOp::Le => o != Ordering::Greater,
            BinOp::Gt => o == Ordering::Greater,
            BinOp::Ge => o != Ordering::Less,
            _ => false,
        }
    }
}

/// `x << y` as rhai's checked build computes it: shifts of 64 or more give
/// 0, a negative amount shifts the other way.
pub(crate) fn shift_left(x: i64, y: i64) -> i64 {
    if y > i64::from(u32::MAX) {
        0
    } else if y < 0 {
        shift_right(x, y.checked_abs().unwrap_or(i64::MAX))
    } else {
        x.checked_shl(u32::try_from(y).unwrap_or(u32::MAX)).unwrap_or(0)
    }
}

/// `x >> y` as rhai's checked build computes it: shifts of 64 or more give
/// the sign (0 or -1), a negative amount shifts the other way.
pub(crate) fn shift_right(x: i64, y: i64) -> i64 {
    if y > i64::from(u32::MAX) {
        x.wrapping_shr(u32::MAX)
    } else if y < 0 {
        shift_left(x, y.checked_abs().unwrap_or(i64::MAX))
    } else {
        x.checked_shr(u32::try_from(y).unwrap_or(u32::MAX))
            .unwrap_or_else(|| x.wrapping_shr(u32::MAX))
    }
}

/// An integer operation whose answer is an integer (arithmetic, shifts and
/// bitwise operators); `None` where rhai raises an error (overflow, division
/// by zero, a negative or huge power) and for the other operators.
#[inline]
pub(crate) fn int_arith(op: BinOp, x: i64, y: i64) -> Option<i64> {
    Some(match op {
        BinOp::Add => x.checked_add(y)?,
        BinOp::Sub => x.checked_sub(y)?,
        BinOp::Mul => x.checked_mul(y)?,
        BinOp::Div => {
            if y == 0 {
                return None;
            }
            x.checked_div(y)?
        }
        BinOp::Rem => x.checked_rem(y)?,
        BinOp::Pow => {
            if y < 0 || y > i64::from(u32::MAX) {
                return None;
            }
            x.checked_pow(u32::try_from(y).ok()?)?
        }
        BinOp::Shl => shift_left(x, y),
        BinOp::Shr => shift_right(x, y),
        BinOp::BitAnd => x & y,
        BinOp::BitOr => x | y,
        BinOp::BitXor => x ^ y,
        _ => return None,
    })
}

/// An integer comparison; `None` for the other operators.
#[inline]
pub(crate) const fn int_cmp(op: BinOp, x: i64, y: i64) -> Option<bool> {
    Some(match op {
        BinOp::Eq => x == y,
        BinOp::Ne => x != y,
        BinOp::Lt => x < y,
        BinOp::Le => x <= y,
        BinOp::Gt => x > y,
        BinOp::Ge => x >= y,
        _ => return None,
    })
}

/// An integer operation; `None` where rhai raises an error (overflow,
/// division by zero, a negative or huge power) or has no such operator.
#[inline]
pub(crate) fn int_op(op: BinOp, x: i64, y: i64) -> Option<Value> {
    Some(match op {
        BinOp::Range => Value::Other(Box::new((x..y).into())),
        BinOp::RangeInclusive => Value::Other(Box::new((x..=y).into())),
        _ if op.is_comparison() => Value::Bool(int_cmp(op, x, y)?),
        _ => Value::Int(int_arith(op, x, y)?),
    })
}

/// Whether `op` answers an integer on two integers.
pub(crate) const fn is_arith(op: BinOp) -> bool {
    !op.is_comparison() && !matches!(op, BinOp::Range | BinOp::RangeInclusive)
}

/// Whether `op` is one of `==`, `!=`, `<`, `<=`, `>`, `>=`.
pub(crate) const fn is_comparison(op: BinOp) -> bool {
    op.is_comparison()
}

/// The first two characters of a string, as rhai compares a character with
/// a string.
fn two_chars(s: &str) -> [Option<char>; 2] {
    let mut c = s.chars();
    [c.next(), c.next()]
}

/// A value's place in rhai's comparisons of different types: `None` for
/// values whose comparisons are not built in (floats and custom types).
const fn plain_kind(v: &Value) -> Option<u8> {
    Some(match v {
        Value::Unit => 0,
        Value::Bool(_) => 1,
        Value::Int(_) => 2,
        Value::Char(_) => 3,
        Value::Str(_) => 4,
        Value::Array(_) => 5,
        Value::Map(_) => 6,
        Value::Other(_) => return None,
    })
}

/// `a op b` as rhai's built-in operators (and the array `+`) evaluate it.
/// Charges the operation rhai counts for a registered operator function.
pub(crate) fn binary(c: &mut Ctx<'_>, op: BinOp, a: Value, b: Value) -> R<Value> {
    if let (Value::Int(x), Value::Int(y)) = (&a, &b) {
        return int_op(op, *x, *y).ok_or(Flow::Bail);
    }
    let v = match (&a, &b) {
        (Value::Bool(x), Value::Bool(y)) => match op {
            BinOp::BitAnd => Value::Bool(*x & *y),
            BinOp::BitOr => Value::Bool(*x | *y),
            BinOp::BitXor => Value::Bool(*x ^ *y),
            _ if op.is_comparison() => Value::Bool(op.holds(x.cmp(y))),
            _ => return Err(Flow::Bail),
        },
        (Value::Str(x), Value::Str(y)) => match op {
            BinOp::Add => {
                let s = concat(x, y);
                c.check_size(&s)?;
                s
            }
            _ if op.is_comparison() => Value::Bool(op.holds(x.as_str().cmp(y.as_str()))),
            _ => return Err(Flow::Bail),
        },
        (Value::Char(x), Value::Char(y)) => match op {
            BinOp::Add => {
                let mut s = String::with_capacity(8);
                s.push(*x);
                s.push(*y);
                let s = Value::Str(s.into());
                c.check_size(&s)?;
                s
            }
            _ if op.is_comparison() => Value::Bool(op.holds(x.cmp(y))),
            _ => return Err(Flow::Bail),
        },
        (Value::Char(x), Value::Str(y)) => match op {
            BinOp::Add => {
                let mut s = String::with_capacity(y.len() + 4);
                s.push(*x);
                s.push_str(y);
                let s = Value::Str(s.into());
                c.check_size(&s)?;
                s
            }
            _ if op.is_comparison() => Value::Bool(op.holds([Some(*x), None].cmp(&two_chars(y)))),
            _ => return Err(Flow::Bail),
        },
        (Value::Str(x), Value::Char(y)) => match op {
            BinOp::Add => {
                let mut s = String::with_capacity(x.len() + 4);
                s.push_str(x);
                s.push(*y);
                let s = Value::Str(s.into());
                c.check_size(&s)?;
                s
            }
            _ if op.is_comparison() => Value::Bool(op.holds(two_chars(x).cmp(&[Some(*y), None]))),
            _ => return Err(Flow::Bail),
        },
        (Value::Unit, Value::Unit) => match op {
            BinOp::Eq => Value::Bool(true),
            BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => Value::Bool(false),
            _ => return Err(Flow::Bail),
        },
        (Value::Unit, Value::Str(s)) | (Value::Str(s), Value::Unit) => match op {
            BinOp::Add => Value::Str(s.clone()),
            BinOp::Ne => Value::Bool(true),
            BinOp::Eq | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => Value::Bool(false),
            _ => return Err(Flow::Bail),
        },
        (Value::Array(x), Value::Array(y)) if op == BinOp::Add => {
            // The array package's `+`: a registered function, one operation.
            c.charge(1)?;
            let v = if y.len() == 0 {
                a.clone()
            } else if x.len() == 0 {
                b.clone()
            } else {
                let mut out = Array::from_vec(Vec::with_capacity(x.len() + y.len()));
                out.extend_from(x);
                out.extend_from(y);
                Value::Array(Arc::new(out))
            };
            c.check_size(&v)?;
            v
        }
        _ => match (plain_kind(&a), plain_kind(&b)) {
            // Values of different types: never equal, never ordered.
            (Some(ka), Some(kb)) if ka != kb => match op {
                BinOp::Ne => Value::Bool(true),
                BinOp::Eq | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => Value::Bool(false),
                _ => return Err(Flow::Bail),
            },
            _ => return Err(Flow::Bail),
        },
    };
    Ok(v)
}

fn concat(x: &ImmutableString, y: &ImmutableString) -> Value {
    if y.is_empty() {
        return Value::Str(x.clone());
    }
    if x.is_empty() {
        return Value::Str(y.clone());
    }
    let mut s = String::with_capacity(x.len() + y.len());
    s.push_str(x);
    s.push_str(y);
    Value::Str(s.into())
}

/// `x op= y` in place, as rhai's built-in op-assignments do it; bails where
/// rhai would call a registered function (or fail).
pub(crate) fn assign_op(c: &mut Ctx<'_>, op: BinOp, x: &mut Value, y: Value) -> R<()> {
    match (&mut *x, &y) {
        (Value::Int(a), Value::Int(b)) => {
            let Some(Value::Int(v)) = (match op {
                BinOp::Add
                | BinOp::Sub
                | BinOp::Mul
                | BinOp::Div
                | BinOp::Rem
                | BinOp::Pow
                | BinOp::Shl
                | BinOp::Shr
                | BinOp::BitAnd
                | BinOp::BitOr
                | BinOp::BitXor => int_op(op, *a, *b),
                _ => None,
            }) else {
                return Err(Flow::Bail);
            };
            *a = v;
        }
        (Value::Bool(a), Value::Bool(b)) => match op {
            BinOp::BitAnd => *a = *a && *b,
            BinOp::BitOr => *a = *a || *b,
            BinOp::BitXor => *a ^= *b,
            _ => return Err(Flow::Bail),
        },
        (Value::Str(a), Value::Str(b)) if op == BinOp::Add => {
            let v = concat(a, b);
            c.check_size(&v)?;
            *x = v;
        }
        (Value::Char(a), Value::Char(b)) if op == BinOp::Add => {
            let mut s = String::with_capacity(8);
            s.push(*a);
            s.push(*b);
            *x = Value::Str(s.into());
        }
        (Value::Array(a), Value::Array(b)) if op == BinOp::Add => {
            if b.len() > 0 {
                if a.len() == 0 {
                    *a = b.clone();
                } else {
                    Arc::make_mut(a).extend_from(b);
                }
            }
            c.check_size(x)?;
        }
        _ => return Err(Flow::Bail),
    }
    Ok(())
}

/// `!x` and `-x` as rhai's fast operator path evaluates them.
pub(crate) fn unary(negate: bool, v: Value) -> R<Value> {
    match (negate, v) {
        (false, Value::Bool(b)) => Ok(Value::Bool(!b)),
        (true, Value::Int(n)) => n.checked_neg().map(Value::Int).ok_or(Flow::Bail),
        _ => Err(Flow::Bail),
    }
}

/// Whether `a == b` as rhai's `==` answers it for the values it has
/// built-in comparisons of; `None` when that takes a registered function
/// (arrays, maps, custom types).
pub(crate) fn plain_eq(a: &Value, b: &Value) -> Option<bool> {
    Some(match (a, b) {
        (Value::Int(x), Value::Int(y)) => x == y,
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::Char(x), Value::Char(y)) => x == y,
        (Value::Str(x), Value::Str(y)) => x.as_str() == y.as_str(),
        (Value::Unit, Value::Unit) => true,
        (Value::Char(x), Value::Str(y)) | (Value::Str(y), Value::Char(x)) => two_chars(y) == [Some(*x), None],
        (Value::Array(_), Value::Array(_)) | (Value::Map(_), Value::Map(_)) => return None,
        _ => {
            let (ka, kb) = (plain_kind(a)?, plain_kind(b)?);
            if ka == kb {
                return None;
            }
            false
        }
    })
}
