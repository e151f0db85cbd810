//! Integer and truth-valued expressions read straight off the locals: the
//! arithmetic, bitwise operators and comparisons of rules scripts' inner
//! loops (`1 << (r * p.w + c)`, `(p.bits & a) != 0`) as one small tree
//! walked by a `match`, without a closure call, a [`Value`] or a clone a
//! node.
//!
//! Such an expression has no side effects and rhai counts no operation for
//! it while it runs (its operations are all known when compiling, and its
//! parent charges them), so the tree is tried first and the expression's
//! general closure runs only when the tree declines: a leaf that is not an
//! integer (a string, `()`, a map without the entry, a value that is not a
//! map), or an operator that rhai would refuse (overflow, division by zero,
//! a negative power). The closure then evaluates the whole expression again,
//! with rhai's meaning for every type and its error for every failure.

use super::ops::{self, BinOp};
use super::{Ctx, Value};
use rhai::ImmutableString;

/// A side-effect-free expression over integers and truth values.
pub(crate) enum Pure {
    /// An integer literal.
    Lit(i64),
    /// A local variable (its slot).
    Slot(usize),
    /// `local.name`, an entry of a map held by a local.
    Prop(usize, ImmutableString),
    /// An operator with an integer answer on two integers.
    Arith(BinOp, Box<[Pure; 2]>),
    /// `-x` on an integer.
    Neg(Box<Pure>),
    /// A comparison of two integers.
    Cmp(BinOp, Box<[Pure; 2]>),
    /// `&`, `|` or `^` on two truth values.
    Logic(BinOp, Box<[Pure; 2]>),
    /// `!x` on a truth value.
    Not(Box<Pure>),
}

impl Pure {
    /// Whether the expression answers a truth value (else an integer).
    pub(crate) const fn is_bool(&self) -> bool {
        matches!(self, Pure::Cmp(..) | Pure::Logic(..) | Pure::Not(..))
    }

    /// The integer value; `None` when the tree declines (see the module).
    #[inline]
    pub(crate) fn int(&self, c: &Ctx<'_>) -> Option<i64> {
        match self {
            Pure::Lit(n) => Some(*n),
            Pure::Slot(s) => match c.local(*s) {
                Value::Int(n) => Some(*n),
                _ => None,
            },
            Pure::Prop(s, name) => match c.local(*s) {
                Value::Map(m) => match m.get_shared(name) {
                    Some(Value::Int(n)) => Some(*n),
                    _ => None,
                },
                _ => None,
            },
            Pure::Arith(op, ab) => {
                let x = ab[0].int(c)?;
                let y = ab[1].int(c)?;
                ops::int_arith(*op, x, y)
            }
            Pure::Neg(a) => a.int(c)?.checked_neg(),
            Pure::Cmp(..) | Pure::Logic(..) | Pure::Not(..) => None,
        }
    }

    /// The truth value; `None` when the tree declines.
    #[inline]
    pub(crate) fn truth(&self, c: &Ctx<'_>) -> Option<bool> {
        match self {
            Pure::Cmp(op, ab) => {
                let x = ab[0].int(c)?;
                let y = ab[1].int(c)?;
                ops::int_cmp(*op, x, y)
            }
            Pure::Logic(op, ab) => {
                let x = ab[0].truth(c)?;
                let y = ab[1].truth(c)?;
                match op {
                    BinOp::BitAnd => Some(x & y),
                    BinOp::BitOr => Some(x | y),
                    BinOp::BitXor => Some(x ^ y),
                    _ => None,
                }
            }
            Pure::Not(a) => Some(!a.truth(c)?),
            _ => None,
        }
    }

    /// The value, as the expression's closure would answer it; `None` when
    /// the tree declines.
    #[inline]
    pub(crate) fn value(&self, c: &Ctx<'_>) -> Option<Value> {
        if self.is_bool() {
            self.truth(c).map(Value::Bool)
        } else {
            self.int(c).map(Value::Int)
        }
    }

    /// `a op b` when both sides fit the operator: integers for arithmetic
    /// and comparisons, truth values for `&`, `|`, `^`.
    pub(crate) fn binary(op: BinOp, a: Pure, b: Pure) -> Option<Pure> {
        match (a.is_bool(), b.is_bool()) {
            (false, false) if ops::is_arith(op) => Some(Pure::Arith(op, Box::new([a, b]))),
            (false, false) if ops::is_comparison(op) => Some(Pure::Cmp(op, Box::new([a, b]))),
            (true, true) if matches!(op, BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor) => {
                Some(Pure::Logic(op, Box::new([a, b])))
            }
            _ => None,
        }
    }
}
