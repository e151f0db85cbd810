//! Native functions of compiled scripts: the array, string and map
//! functions that rules scripts call in their loops, and the engine's own
//! `move_to`, `move_to_splits` and `sum`, done directly on [`Value`]s; and
//! every other native function called through rhai itself (a bridge: one
//! tiny rhai function per call site that makes the same call).
//!
//! A native function here takes its receiver (`x` of `x.f(a)`, or the first
//! argument of `f(x, a)`) as `args[0]` and may change it; it answers `None`
//! when the types are not those it handles (the bridge then makes the call).

use super::ops::plain_eq;
use super::value::Array;
use super::{Ctx, Flow, R, Value, from_dynamic};
use crate::pos::Pos;
use rhai::{AST, CallFnOptions, Dynamic, Engine, Scope};
use std::cmp::Ordering;
use std::sync::Arc;

/// A native function done here.
pub(crate) type NativeFn = fn(&mut Ctx<'_>, &mut [Value]) -> Option<R<Value>>;

/// A native function and whether it leaves its receiver unchanged.
#[derive(Clone, Copy)]
pub(crate) struct Native {
    pub(crate) f: NativeFn,
    pub(crate) pure: bool,
}

/// The native function `name` taking `n` arguments (the receiver included),
/// when it is done here.
pub(crate) fn lookup(name: &str, n: usize) -> Option<Native> {
    let (f, pure): (NativeFn, bool) = match (name, n) {
        ("len", 1) => (len, true),
        ("is_empty", 1) => (is_empty, true),
        ("push", 2) => (push, false),
        ("pop", 1) => (pop, false),
        ("shift", 1) => (shift, false),
        ("insert", 3) => (insert, false),
        ("remove", 2) => (remove, false),
        ("clear", 1) => (clear, false),
        ("truncate", 2) => (truncate, false),
        ("reverse", 1) => (reverse, false),
        ("extract", 2) => (extract_tail, true),
        ("extract", 3) => (extract, true),
        ("contains", 2) => (contains, true),
        ("index_of", 2) => (index_of, true),
        ("get", 2) => (get, true),
        ("sort", 1) => (sort, false),
        ("move_to", 1) => (move_to, true),
        ("move_to", 2) => (move_to2, true),
        ("move_to", 3) => (move_to3, true),
        ("move_to_splits", 1) => (move_to_splits, true),
        ("sum", 1) => (sum, true),
        _ => return None,
    };
    Some(Native { f, pure })
}

/// The array of a receiver, for writing.
fn array_mut(v: &mut Value) -> Option<&mut Array> {
    match v {
        Value::Array(a) => Some(Arc::make_mut(a)),
        _ => None,
    }
}

fn int(v: &Value) -> Option<i64> {
    match v {
        Value::Int(n) => Some(*n),
        _ => None,
    }
}

fn len(_: &mut Ctx<'_>, args: &mut [Value]) -> Option<R<Value>> {
    let n = match &args[0] {
        Value::Array(a) => a.len(),
        Value::Map(m) => m.len(),
        Value::Str(s) => s.chars().count(),
        _ => return None,
    };
    Some(Ok(Value::Int(i64::try_from(n).unwrap_or(i64::MAX))))
}

fn is_empty(_: &mut Ctx<'_>, args: &mut [Value]) -> Option<R<Value>> {
    let empty = match &args[0] {
        Value::Array(a) => a.len() == 0,
        Value::Map(m) => m.len() == 0,
        Value::Str(s) => s.is_empty(),
        _ => return None,
    };
    Some(Ok(Value::Bool(empty)))
}

/// Charges the array's length plus one, as the sandbox's own `push` and
/// `insert` do (see `Limits::max_ops`): a compiled call counts at least the
/// operations rhai counts, so it never finishes where rhai runs out.
fn charge_growth(c: &mut Ctx<'_>, v: &Value) -> R<()> {
    match v {
        Value::Array(a) => c.charge(a.len() as u64 + 1),
        _ => Ok(()),
    }
}

fn push(c: &mut Ctx<'_>, args: &mut [Value]) -> Option<R<Value>> {
    let (this, rest) = args.split_first_mut()?;
    if !matches!(this, Value::Array(_)) {
        return None;
    }
    if let Err(e) = charge_growth(c, this) {
        return Some(Err(e));
    }
    let item = std::mem::replace(&mut rest[0], Value::Unit);
    array_mut(this)?.push(item);
    Some(c.check_size(this).map(|()| Value::Unit))
}

fn pop(_: &mut Ctx<'_>, args: &mut [Value]) -> Option<R<Value>> {
    let a = array_mut(&mut args[0])?;
    Some(Ok(a.pop().unwrap_or(Value::Unit)))
}

fn shift(_: &mut Ctx<'_>, args: &mut [Value]) -> Option<R<Value>> {
    let a = array_mut(&mut args[0])?;
    Some(Ok(if a.len() == 0 { Value::Unit } else { a.remove(0) }))
}

/// Where an index counts from: rhai's `calc_offset_len` start (negative
/// counts from the end, before the start clamps to 0, past the end is the
/// length).
fn offset(len: usize, start: i64) -> usize {
    if start < 0 {
        usize::try_from(start.unsigned_abs()).map_or(0, |x| len - x.min(len))
    } else {
        usize::try_from(start).map_or(len, |x| x.min(len))
    }
}

/// rhai's `calc_index` counting negative indices from the end.
pub(crate) fn index(len: usize, i: i64) -> Option<usize> {
    if len == 0 {
        None
    } else if i < 0 {
        usize::try_from(i.unsigned_abs())
            .ok()
            .filter(|&a| a <= len)
            .map(|a| len - a)
    } else {
        usize::try_from(i).ok().filter(|&i| i < len)
    }
}

fn insert(c: &mut Ctx<'_>, args: &mut [Value]) -> Option<R<Value>> {
    let i = int(&args[1])?;
    if !matches!(args[0], Value::Array(_)) {
        return None;
    }
    if let Err(e) = charge_growth(c, &args[0]) {
        return Some(Err(e));
    }
    let item = std::mem::replace(&mut args[2], Value::Unit);
    let a = array_mut(&mut args[0])?;
    let at = offset(a.len(), i);
    if at >= a.len() {
        a.push(item);
    } else {
        a.insert(at, item);
    }
    Some(c.check_size(&args[0]).map(|()| Value::Unit))
}

fn remove(_: &mut Ctx<'_>, args: &mut [Value]) -> Option<R<Value>> {
    let i = int(&args[1])?;
    let a = array_mut(&mut args[0])?;
    Some(Ok(match index(a.len(), i) {
        Some(i) => a.remove(i),
        None => Value::Unit,
    }))
}

fn clear(_: &mut Ctx<'_>, args: &mut [Value]) -> Option<R<Value>> {
    array_mut(&mut args[0])?.clear();
    Some(Ok(Value::Unit))
}

fn truncate(_: &mut Ctx<'_>, args: &mut [Value]) -> Option<R<Value>> {
    let n = int(&args[1])?;
    let a = array_mut(&mut args[0])?;
    a.truncate(usize::try_from(n).unwrap_or(0));
    Some(Ok(Value::Unit))
}

fn reverse(_: &mut Ctx<'_>, args: &mut [Value]) -> Option<R<Value>> {
    array_mut(&mut args[0])?.reverse();
    Some(Ok(Value::Unit))
}

/// The `len` elements of `a` from `start` (rhai's `extract`).
fn slice(a: &Array, start: i64, len: i64) -> Value {
    if a.len() == 0 || len <= 0 {
        return Value::array(Vec::new());
    }
    let from = offset(a.len(), start);
    let n = usize::try_from(len).map_or(a.len() - from, |n| n.min(a.len() - from));
    Value::array(a.items()[from..from + n].to_vec())
}

fn extract(_: &mut Ctx<'_>, args: &mut [Value]) -> Option<R<Value>> {
    let (start, n) = (int(&args[1])?, int(&args[2])?);
    let Value::Array(a) = &args[0] else { return None };
    Some(Ok(slice(a, start, n)))
}

fn extract_tail(_: &mut Ctx<'_>, args: &mut [Value]) -> Option<R<Value>> {
    let start = int(&args[1])?;
    let Value::Array(a) = &args[0] else { return None };
    Some(Ok(slice(a, start, i64::MAX)))
}

/// The first index from which an element of `a` equals `v` by rhai's `==`;
/// `None` when some comparison is not one of the built-in ones.
fn find(a: &Array, v: &Value) -> Option<Option<usize>> {
    for (i, item) in a.items().iter().enumerate() {
        if plain_eq(item, v)? {
            return Some(Some(i));
        }
    }
    Some(None)
}

fn contains(_: &mut Ctx<'_>, args: &mut [Value]) -> Option<R<Value>> {
    match (&args[0], &args[1]) {
        (Value::Array(a), v) => Some(Ok(Value::Bool(find(a, v)?.is_some()))),
        (Value::Map(m), Value::Str(k)) => Some(Ok(Value::Bool(m.get(k).is_some()))),
        _ => None,
    }
}

fn index_of(_: &mut Ctx<'_>, args: &mut [Value]) -> Option<R<Value>> {
    let Value::Array(a) = &args[0] else { return None };
    let at = find(a, &args[1])?;
    Some(Ok(Value::Int(
        at.map_or(-1, |i| i64::try_from(i).unwrap_or(i64::MAX)),
    )))
}

fn get(_: &mut Ctx<'_>, args: &mut [Value]) -> Option<R<Value>> {
    let i = int(&args[1])?;
    let Value::Array(a) = &args[0] else { return None };
    if a.len() == 0 {
        return Some(Ok(Value::Unit));
    }
    let at = offset(a.len(), i);
    Some(Ok(a.items().get(at).cloned().unwrap_or(Value::Unit)))
}

fn sort(_: &mut Ctx<'_>, args: &mut [Value]) -> Option<R<Value>> {
    let Value::Array(a) = &args[0] else { return None };
    if a.len() <= 1 {
        return Some(Ok(Value::Unit));
    }
    let key = |v: &Value| -> u8 {
        match v {
            Value::Int(_) => 1,
            Value::Char(_) => 2,
            Value::Str(_) => 3,
            Value::Bool(_) => 4,
            _ => 0,
        }
    };
    let kind = key(&a.items()[0]);
    if kind == 0 || a.items().iter().any(|v| key(v) != kind) {
        return None;
    }
    // Already in order: nothing to write (and no copy of a shared array).
    let ordered = a
        .items()
        .windows(2)
        .all(|w| compare(&w[0], &w[1]) != Ordering::Greater);
    if !ordered {
        array_mut(&mut args[0])?.sort_by(compare);
    }
    Some(Ok(Value::Unit))
}

/// The order of two values of one sortable type.
fn compare(a: &Value, b: &Value) -> Ordering {
    match (a, b) {
        (Value::Int(x), Value::Int(y)) => x.cmp(y),
        (Value::Char(x), Value::Char(y)) => x.cmp(y),
        (Value::Str(x), Value::Str(y)) => x.as_str().cmp(y.as_str()),
        (Value::Bool(x), Value::Bool(y)) => x.cmp(y),
        _ => Ordering::Equal,
    }
}

/// A part of a sum made by `move_to` or `sum`.
fn part(v: &Value) -> Option<Pos> {
    v.to_pos(0)
}

fn move_to(c: &mut Ctx<'_>, args: &mut [Value]) -> Option<R<Value>> {
    Some(match args[0].to_pos(0) {
        Some(q) => {
            c.options.push(q);
            Ok(Value::Unit)
        }
        None => Err(Flow::Bail),
    })
}

fn move_to2(c: &mut Ctx<'_>, args: &mut [Value]) -> Option<R<Value>> {
    Some(match (part(&args[0]), part(&args[1])) {
        (Some(a), Some(b)) => {
            c.options.push(Pos::sum_of([a, b]));
            Ok(Value::Unit)
        }
        _ => Err(Flow::Bail),
    })
}

fn move_to3(c: &mut Ctx<'_>, args: &mut [Value]) -> Option<R<Value>> {
    Some(match (part(&args[0]), part(&args[1]), part(&args[2])) {
        (Some(a), Some(b), Some(d)) => {
            c.options.push(Pos::sum_of([a, b, d]));
            Ok(Value::Unit)
        }
        _ => Err(Flow::Bail),
    })
}

fn move_to_splits(c: &mut Ctx<'_>, args: &mut [Value]) -> Option<R<Value>> {
    let m = int(&args[0])?;
    if m < 0 {
        return Some(Ok(Value::Unit));
    }
    let count = usize::try_from(m / 2 + 1).unwrap_or(usize::MAX);
    if count > c.sizes.array {
        return Some(Err(Flow::Bail));
    }
    c.options.reserve(count);
    c.options
        .extend((0..=m / 2).map(|a| Pos::sum_of([Pos::Int(a), Pos::Int(m - a)])));
    Some(Ok(Value::Unit))
}

fn sum(_: &mut Ctx<'_>, args: &mut [Value]) -> Option<R<Value>> {
    let Value::Array(a) = &args[0] else { return None };
    let mut parts = Vec::with_capacity(a.len());
    for item in a.items() {
        match part(item) {
            Some(p) => parts.push(p),
            None => return Some(Err(Flow::Bail)),
        }
    }
    Some(Ok(Value::from_pos(&Pos::sum(parts))))
}

/// A native function called through rhai: a rhai function `b` that makes
/// the same call on `this` and its parameters.
pub(crate) struct Bridge {
    ast: AST,
    /// Whether the call has a receiver (bound as `this`).
    this: bool,
}

impl Bridge {
    /// The bridge of `this.name(a1, …)` (`method`), of `name(this, a1, …)`
    /// (a function with `n` ≥ 1 arguments, the receiver included) or of
    /// `name()`; for a property, `this.name`. `None` when rhai does not
    /// compile it.
    pub(crate) fn new(engine: &Engine, name: &str, n: usize, style: Style) -> Option<Bridge> {
        let params: Vec<String> = (1..n.max(1)).map(|i| format!("a{i}")).collect();
        let list = params.join(", ");
        let (call, this) = match style {
            Style::Method => (format!("this.{name}({list})"), true),
            Style::Property => (format!("this.{name}"), true),
            Style::Function if n == 0 => (format!("{name}()"), false),
            Style::Function if params.is_empty() => (format!("{name}(this)"), true),
            Style::Function => (format!("{name}(this, {list})"), true),
        };
        let ast = engine.compile(format!("fn b({list}) {{ {call} }}")).ok()?;
        Some(Bridge { ast, this })
    }

    /// Makes the call on `args` (the receiver first): rhai's answer, the
    /// receiver as the call left it, and the options it made moved into
    /// the compiled call's.
    pub(crate) fn call(&self, c: &mut Ctx<'_>, args: &mut [Value]) -> R<Value> {
        let (mut this, rest) = if self.this {
            match args.split_first() {
                Some((first, rest)) => (first.to_dynamic(), rest),
                None => return Err(Flow::Bail),
            }
        } else {
            (Dynamic::UNIT, &*args)
        };
        let rest: Vec<Dynamic> = rest.iter().map(Value::to_dynamic).collect();
        let mut options = CallFnOptions::new().eval_ast(false).rewind_scope(false);
        if self.this {
            options = options.bind_this_ptr(&mut this);
        }
        let answer =
            c.env
                .engine
                .call_fn_with_options::<Dynamic>(options, &mut Scope::new(), &self.ast, "b", rest);
        c.drain_sink();
        let answer = answer.map_err(|_| Flow::Bail)?;
        if self.this {
            args[0] = from_dynamic(&this)?;
        }
        from_dynamic(&answer)
    }
}

/// How a bridged native function is called.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Style {
    /// `x.f(a, …)`.
    Method,
    /// `f(x, a, …)` or `f()`.
    Function,
    /// `x.p` (a property getter).
    Property,
}
