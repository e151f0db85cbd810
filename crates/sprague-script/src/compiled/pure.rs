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
use super::value::Map;
use super::{Ctx, Value};
use rhai::ImmutableString;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A side-effect-free expression over integers and truth values.
pub(crate) enum Pure {
    /// An integer literal.
    Lit(i64),
    /// A local variable (its slot).
    Slot(usize),
    /// `local.name`, an entry of a map held by a local.
    Prop(Box<Prop>),
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

/// `local.name`: the local's slot, the name, and where the name was last
/// found among the map's keys (maps made by one literal share their keys,
/// so the place found once is nearly always right the next time).
pub(crate) struct Prop {
    slot: usize,
    name: ImmutableString,
    hint: AtomicUsize,
}

impl Prop {
    pub(crate) fn new(slot: usize, name: ImmutableString) -> Prop {
        Prop {
            slot,
            name,
            hint: AtomicUsize::new(0),
        }
    }

    /// The integer entry `name` of the map held by the local.
    #[inline(always)]
    fn int(&self, c: &Ctx<'_>) -> Option<i64> {
        match c.local(self.slot) {
            Value::Map(m) => match self.get(m) {
                Some(Value::Int(n)) => Some(*n),
                _ => None,
            },
            _ => None,
        }
    }

    /// The entry `name` of `m`.
    #[inline]
    fn get<'m>(&self, m: &'m Map) -> Option<&'m Value> {
        let keys = m.keys();
        let hint = self.hint.load(Ordering::Relaxed);
        if let Some(k) = keys.get(hint)
            && k.ptr_eq(&self.name)
        {
            return m.values().get(hint);
        }
        let i = keys.iter().position(|k| k.ptr_eq(&self.name));
        match i {
            Some(i) => {
                self.hint.store(i, Ordering::Relaxed);
                m.values().get(i)
            }
            None => m.get(&self.name),
        }
    }
}

/// The integer held by local `slot`.
#[inline(always)]
fn slot_int(c: &Ctx<'_>, slot: usize) -> Option<i64> {
    match c.local(slot) {
        Value::Int(n) => Some(*n),
        _ => None,
    }
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
            Pure::Slot(s) => slot_int(c, *s),
            Pure::Prop(p) => p.int(c),
            Pure::Arith(op, ab) => {
                let x = ab[0].operand(c)?;
                let y = ab[1].operand(c)?;
                ops::int_arith(*op, x, y)
            }
            Pure::Neg(a) => a.operand(c)?.checked_neg(),
            Pure::Cmp(..) | Pure::Logic(..) | Pure::Not(..) => None,
        }
    }

    /// The integer value of an operand: a literal or a local read here,
    /// without a call (most operands of an inner loop are leaves).
    #[inline(always)]
    fn operand(&self, c: &Ctx<'_>) -> Option<i64> {
        match self {
            Pure::Lit(n) => Some(*n),
            Pure::Slot(s) => slot_int(c, *s),
            _ => self.int(c),
        }
    }

    /// The truth value; `None` when the tree declines.
    #[inline]
    pub(crate) fn truth(&self, c: &Ctx<'_>) -> Option<bool> {
        match self {
            Pure::Cmp(op, ab) => {
                let x = ab[0].operand(c)?;
                let y = ab[1].operand(c)?;
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

/// An operand read without evaluating anything: a literal, a local or a
/// map entry of a local.
pub(crate) enum Leaf {
    Lit(i64),
    Slot(usize),
    Prop(Box<Prop>),
}

impl Leaf {
    #[inline(always)]
    fn get(&self, c: &Ctx<'_>) -> Option<i64> {
        match self {
            Leaf::Lit(n) => Some(*n),
            Leaf::Slot(s) => slot_int(c, *s),
            Leaf::Prop(p) => p.int(c),
        }
    }
}

/// One step of a [`Flat`] expression, on an accumulator (truth values as
/// 0 and 1) and a small stack.
pub(crate) enum Code {
    /// `acc = leaf`.
    Load(Leaf),
    /// `acc = acc op leaf` (an integer operator or a comparison).
    Op(BinOp, Leaf),
    /// `acc = leaf op acc`.
    RevOp(BinOp, Leaf),
    /// Pushes `acc`.
    Push,
    /// `acc = popped op acc`.
    PopOp(BinOp),
    /// `acc = -acc`.
    Neg,
    /// `acc = !acc` on a truth value.
    Not,
}

/// Most values a [`Flat`] expression keeps on its stack; deeper trees are
/// walked as trees.
const FLAT_STACK: usize = 8;

/// A [`Pure`] expression laid out flat, for the hot loops of rules scripts:
/// one pass over a few steps, most of them an operator with a leaf operand,
/// without a call a node. It means exactly what the tree means (an operand
/// that declines makes the whole expression decline; the tree has no side
/// effects, so the order its operands are read in does not matter).
pub(crate) enum Flat {
    Codes { codes: Box<[Code]>, is_bool: bool },
    Tree(Pure),
}

impl Flat {
    /// The flat form of `p` (its tree when it needs a deep stack).
    pub(crate) fn new(p: Pure) -> Flat {
        let is_bool = p.is_bool();
        let mut codes = Vec::new();
        let mut depth = 0;
        let mut max = 0;
        match Flat::emit(&p, &mut codes, &mut depth, &mut max) {
            Some(()) if max <= FLAT_STACK => Flat::Codes {
                codes: codes.into(),
                is_bool,
            },
            _ => Flat::Tree(p),
        }
    }

    /// The leaf form of `p`, when it is one.
    fn leaf(p: &Pure) -> Option<Leaf> {
        Some(match p {
            Pure::Lit(n) => Leaf::Lit(*n),
            Pure::Slot(s) => Leaf::Slot(*s),
            Pure::Prop(q) => Leaf::Prop(Box::new(Prop::new(q.slot, q.name.clone()))),
            _ => return None,
        })
    }

    /// Appends the steps that leave `p`'s value in the accumulator.
    fn emit(p: &Pure, out: &mut Vec<Code>, depth: &mut usize, max: &mut usize) -> Option<()> {
        if let Some(l) = Flat::leaf(p) {
            out.push(Code::Load(l));
            return Some(());
        }
        match p {
            Pure::Arith(op, ab) | Pure::Cmp(op, ab) | Pure::Logic(op, ab) => {
                let logic = matches!(p, Pure::Logic(..));
                match (Flat::leaf(&ab[0]), Flat::leaf(&ab[1])) {
                    (_, Some(b)) if !logic => {
                        Flat::emit(&ab[0], out, depth, max)?;
                        out.push(Code::Op(*op, b));
                    }
                    (Some(a), None) if !logic => {
                        Flat::emit(&ab[1], out, depth, max)?;
                        out.push(Code::RevOp(*op, a));
                    }
                    _ => {
                        Flat::emit(&ab[0], out, depth, max)?;
                        out.push(Code::Push);
                        *depth += 1;
                        *max = (*max).max(*depth);
                        Flat::emit(&ab[1], out, depth, max)?;
                        out.push(Code::PopOp(*op));
                        *depth -= 1;
                    }
                }
            }
            Pure::Neg(a) => {
                Flat::emit(a, out, depth, max)?;
                out.push(Code::Neg);
            }
            Pure::Not(a) => {
                Flat::emit(a, out, depth, max)?;
                out.push(Code::Not);
            }
            Pure::Lit(_) | Pure::Slot(_) | Pure::Prop(_) => return None,
        }
        Some(())
    }

    /// `x op y` on integers (arithmetic or a comparison, 0 or 1) or on
    /// truth values (`&`, `|`, `^` on 0 and 1 are those of truth values).
    #[inline(always)]
    fn apply(op: BinOp, x: i64, y: i64) -> Option<i64> {
        if ops::is_comparison(op) {
            ops::int_cmp(op, x, y).map(i64::from)
        } else {
            ops::int_arith(op, x, y)
        }
    }

    /// The accumulator at the end (truth values as 0 and 1); `None` when
    /// the expression declines.
    #[inline]
    fn run(codes: &[Code], c: &Ctx<'_>) -> Option<i64> {
        let mut stack = [0i64; FLAT_STACK];
        let mut sp = 0;
        let mut acc = 0;
        for code in codes {
            acc = match code {
                Code::Load(l) => l.get(c)?,
                Code::Op(op, l) => Flat::apply(*op, acc, l.get(c)?)?,
                Code::RevOp(op, l) => Flat::apply(*op, l.get(c)?, acc)?,
                Code::Push => {
                    *stack.get_mut(sp)? = acc;
                    sp += 1;
                    acc
                }
                Code::PopOp(op) => {
                    sp = sp.checked_sub(1)?;
                    Flat::apply(*op, *stack.get(sp)?, acc)?
                }
                Code::Neg => acc.checked_neg()?,
                Code::Not => i64::from(acc == 0),
            };
        }
        Some(acc)
    }

    /// The value, as the expression's closure would answer it; `None` when
    /// the expression declines.
    #[inline]
    pub(crate) fn value(&self, c: &Ctx<'_>) -> Option<Value> {
        match self {
            Flat::Codes { codes, is_bool } => {
                let n = Flat::run(codes, c)?;
                Some(if *is_bool {
                    Value::Bool(n != 0)
                } else {
                    Value::Int(n)
                })
            }
            Flat::Tree(p) => p.value(c),
        }
    }

    /// The truth value of a truth-valued expression; `None` when it
    /// declines.
    #[inline]
    pub(crate) fn truth(&self, c: &Ctx<'_>) -> Option<bool> {
        match self {
            Flat::Codes { codes, is_bool: true } => Some(Flat::run(codes, c)? != 0),
            Flat::Codes { .. } => None,
            Flat::Tree(p) => p.truth(c),
        }
    }
}
