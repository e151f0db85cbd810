//! rhai's syntax tree (the `internals` view of it) compiled into closures.
//!
//! Each node knows the operations rhai counts for it: `eval_stmt` counts one
//! per statement, `eval_expr` one per expression it evaluates, an argument
//! that is a literal counts one (and is not evaluated), a variable as the
//! first argument of a call or as the root of a `.`/`[]` chain counts one,
//! the arguments of a chain count one per link (unless the chain is a single
//! property, literal index or method call without arguments), each link
//! counts one as it is followed, a call of a native function one, a call
//! of a script function with a body one. What is known when compiling is
//! folded into [`Node::pre`]; loops, branches and calls count as they run.

use super::builtins::{self, Bridge, Native, Style};
use super::ops::{self, BinOp};
use super::pure::{Flat, Prop, Pure};
use super::{Ctx, Eval, Flow, Function, Node, R, Value, run_block};
use rhai::{
    AST, ASTFlags, ASTNode, Engine, Expr, FnCallExpr, ImmutableString, Module, ScriptFuncDef, Shared, Stmt,
    Token,
};
use std::sync::Arc;

/// Compiles every function of `ast` (those that cannot be compiled in full
/// are marked incomplete; their hooks are left to rhai).
pub(crate) fn compile(engine: &Engine, ast: &AST) -> Vec<Function> {
    struct Def {
        name: ImmutableString,
        params: Vec<ImmutableString>,
        typed: bool,
        body: Vec<Stmt>,
    }
    let defs: Vec<Def> = ast
        .iter_fn_def()
        .map(|d| Def {
            name: d.name.clone(),
            params: d.params.iter().cloned().collect(),
            typed: d.this_type.is_some(),
            body: body_of(d),
        })
        .collect();
    let table: Vec<(ImmutableString, usize)> =
        defs.iter().map(|d| (d.name.clone(), d.params.len())).collect();
    let mut names = Vec::new();
    defs.iter()
        .map(|d| {
            let mut fc = FnCompiler {
                engine,
                table: &table,
                names: &mut names,
                vars: Vec::new(),
                slots: 0,
                complete: !d.typed,
                calls: Vec::new(),
            };
            for p in &d.params {
                fc.declare(p.clone(), false);
            }
            let body = if d.body.is_empty() {
                None
            } else {
                Some(fc.block(&d.body))
            };
            Function {
                name: d.name.to_string(),
                params: d.params.len(),
                slots: fc.slots,
                body,
                complete: fc.complete,
                calls: fc.calls,
            }
        })
        .collect()
}

/// The statements of the body of function `def` (cloned from the tree:
/// rhai does not name the type that holds them, so they are read by walking
/// a tree that holds this one function alone).
fn body_of(def: &Shared<ScriptFuncDef>) -> Vec<Stmt> {
    let mut lib = Module::new();
    lib.set_script_fn(def.clone());
    let only = AST::new(Vec::<Stmt>::new(), lib);
    let mut out = Vec::new();
    only.walk(&mut |path: &[ASTNode]| {
        if let [ASTNode::Stmt(s)] = path {
            out.push((*s).clone());
        }
        true
    });
    out
}

/// Functions a compiled function may not call directly: they see the
/// caller's scope, print, or take function pointers.
const SPECIAL: [&str; 11] = [
    "print",
    "debug",
    "eval",
    "Fn",
    "call",
    "curry",
    "is_def_var",
    "is_def_fn",
    "is_shared",
    "this",
    "!",
];

struct Var {
    name: ImmutableString,
    slot: usize,
    constant: bool,
}

struct FnCompiler<'a> {
    engine: &'a Engine,
    /// Every script function: name and number of parameters.
    table: &'a [(ImmutableString, usize)],
    /// One copy of each map key and property name (see `Map::get_shared`).
    names: &'a mut Vec<ImmutableString>,
    vars: Vec<Var>,
    slots: usize,
    complete: bool,
    calls: Vec<usize>,
}

/// A node with no operations of its own to count.
fn node(pre: u64, f: impl Fn(&mut Ctx<'_>) -> R<Value> + Send + Sync + 'static) -> Node {
    Node { pre, f: Box::new(f) }
}

/// An operand of an operator.
enum Operand {
    /// A local variable.
    Slot(usize),
    /// An integer literal.
    Int(i64),
    /// Any other expression.
    Eval(Eval),
}

impl Operand {
    #[inline]
    fn eval(&self, c: &mut Ctx<'_>) -> R<Value> {
        match self {
            Operand::Slot(slot) => Ok(c.local(*slot).clone()),
            Operand::Int(n) => Ok(Value::Int(*n)),
            Operand::Eval(f) => f(c),
        }
    }
}

/// How the root of a chain is reached.
enum Root {
    /// A local variable (slot, constant).
    Var(usize, bool),
    /// Any other expression: its value is a temporary.
    Expr(Eval),
}

/// A link of a `.`/`[]` chain.
enum Step {
    /// `[i]`: its index (evaluated before the root).
    Index(Eval),
    /// `[literal]`.
    Literal(Value),
    /// `.name` (a map entry, or a property getter of a native type).
    Prop(ImmutableString, Option<Bridge>),
    /// `.name(args)`.
    Method {
        args: Vec<Eval>,
        native: Option<Native>,
        bridge: Option<Bridge>,
    },
}

impl FnCompiler<'_> {
    /// Marks the function incomplete and returns a node that bails.
    fn unsupported(&mut self, pre: u64) -> Node {
        self.complete = false;
        node(pre, |_| Err(Flow::Bail))
    }

    /// The shared copy of `name`.
    fn intern(&mut self, name: &str) -> ImmutableString {
        if let Some(n) = self.names.iter().find(|n| n.as_str() == name) {
            return n.clone();
        }
        let n = ImmutableString::from(name);
        self.names.push(n.clone());
        n
    }

    fn declare(&mut self, name: ImmutableString, constant: bool) -> usize {
        let slot = self.slots;
        self.slots += 1;
        self.vars.push(Var { name, slot, constant });
        slot
    }

    fn lookup(&self, name: &str) -> Option<(usize, bool)> {
        self.vars
            .iter()
            .rev()
            .find(|v| v.name.as_str() == name)
            .map(|v| (v.slot, v.constant))
    }

    fn script_fn(&self, name: &str, arity: usize) -> Option<usize> {
        self.table
            .iter()
            .position(|(n, a)| n.as_str() == name && *a == arity)
    }

    fn is_script_name(&self, name: &str) -> bool {
        self.table.iter().any(|(n, _)| n.as_str() == name)
    }

    /// A block of statements in a scope of its own.
    fn block(&mut self, stmts: &[Stmt]) -> Vec<Node> {
        let mark = self.vars.len();
        let out = stmts.iter().map(|s| self.stmt(s)).collect();
        self.vars.truncate(mark);
        out
    }

    fn stmt(&mut self, s: &Stmt) -> Node {
        match s {
            Stmt::Noop(..) => node(1, |_| Ok(Value::Unit)),
            Stmt::Expr(e) => {
                let n = self.expr(e);
                Node {
                    pre: 1 + n.pre,
                    f: n.f,
                }
            }
            Stmt::FnCall(x, ..) => {
                let n = self.call(x, false);
                Node {
                    pre: 1 + n.pre,
                    f: n.f,
                }
            }
            Stmt::Block(b) => {
                let body = self.block(b.statements());
                node(1, move |c| run_block(c, &body))
            }
            Stmt::Var(x, flags, ..) => {
                if flags.contains(ASTFlags::EXPORTED) {
                    return self.unsupported(1);
                }
                let (ident, init, _) = &**x;
                let pure = self.pure(init).map(Flat::new);
                let init = self.expr(init);
                let slot = self.declare(ident.name.clone(), flags.contains(ASTFlags::CONSTANT));
                let f = init.f;
                match pure {
                    // An integer or truth value read straight off the tree.
                    Some(p) => node(1 + init.pre, move |c| {
                        let v = match p.value(c) {
                            Some(v) => v,
                            None => f(c)?,
                        };
                        Value::set(c.local_mut(slot), v);
                        Ok(Value::Unit)
                    }),
                    None => node(1 + init.pre, move |c| {
                        let v = f(c)?;
                        Value::set(c.local_mut(slot), v);
                        Ok(Value::Unit)
                    }),
                }
            }
            Stmt::Assignment(x) => self.assignment(&x.0, &x.1.lhs, &x.1.rhs),
            Stmt::If(x, ..) => {
                let (cpre, test) = self.condition(&x.expr);
                let body = self.block(x.body.statements());
                let branch = self.block(x.branch.statements());
                node(1 + cpre, move |c| {
                    if test(c)? {
                        run_block(c, &body)
                    } else {
                        run_block(c, &branch)
                    }
                })
            }
            Stmt::While(x, ..) => {
                let forever = matches!(x.expr, Expr::Unit(..) | Expr::BoolConstant(true, ..));
                let body = self.block(x.body.statements());
                if forever {
                    return node(1, move |c| {
                        if body.is_empty() {
                            loop {
                                c.charge(1)?;
                            }
                        }
                        loop {
                            match run_block(c, &body) {
                                Ok(_) | Err(Flow::Continue) => {}
                                Err(Flow::Break(v)) => return Ok(v),
                                Err(e) => return Err(e),
                            }
                        }
                    });
                }
                let (cpre, test) = self.condition(&x.expr);
                node(1, move |c| {
                    loop {
                        c.charge(cpre)?;
                        if !test(c)? {
                            return Ok(Value::Unit);
                        }
                        match run_block(c, &body) {
                            Ok(_) | Err(Flow::Continue) => {}
                            Err(Flow::Break(v)) => return Ok(v),
                            Err(e) => return Err(e),
                        }
                    }
                })
            }
            Stmt::Do(x, flags, ..) => {
                let until = flags.contains(ASTFlags::NEGATED);
                let body = self.block(x.body.statements());
                let (cpre, test) = self.condition(&x.expr);
                node(1, move |c| {
                    loop {
                        if !body.is_empty() {
                            match run_block(c, &body) {
                                Ok(_) => {}
                                // rhai goes round again without testing.
                                Err(Flow::Continue) => continue,
                                Err(Flow::Break(v)) => return Ok(v),
                                Err(e) => return Err(e),
                            }
                        }
                        c.charge(cpre)?;
                        if test(c)? == until {
                            return Ok(Value::Unit);
                        }
                    }
                })
            }
            Stmt::For(x, ..) => self.for_loop(
                &x.0.name,
                x.1.as_ref().map(|i| &i.name),
                &x.2.expr,
                x.2.body.statements(),
            ),
            Stmt::BreakLoop(e, flags, ..) => {
                let is_break = flags.contains(ASTFlags::BREAK);
                let value = e.as_ref().map(|e| self.expr(e));
                match (is_break, value) {
                    (true, Some(v)) => {
                        let f = v.f;
                        node(1 + v.pre, move |c| Err(Flow::Break(f(c)?)))
                    }
                    (true, None) => node(1, |_| Err(Flow::Break(Value::Unit))),
                    (false, Some(v)) => {
                        let f = v.f;
                        node(1 + v.pre, move |c| {
                            f(c)?;
                            Err(Flow::Continue)
                        })
                    }
                    (false, None) => node(1, |_| Err(Flow::Continue)),
                }
            }
            // `throw`: an error, for rhai to report.
            Stmt::Return(_, flags, ..) if flags.contains(ASTFlags::BREAK) => node(1, |_| Err(Flow::Bail)),
            Stmt::Return(e, ..) => match e {
                Some(e) => {
                    let v = self.expr(e);
                    let f = v.f;
                    node(1 + v.pre, move |c| Err(Flow::Return(f(c)?)))
                }
                None => node(1, |_| Err(Flow::Return(Value::Unit))),
            },
            _ => self.unsupported(1),
        }
    }

    /// `for var in iter { body }` (with `counter` as `for (var, counter)`).
    fn for_loop(
        &mut self,
        var: &ImmutableString,
        counter: Option<&ImmutableString>,
        iter: &Expr,
        body: &[Stmt],
    ) -> Node {
        // A range of integers is iterated without making it.
        let range = match iter {
            Expr::FnCall(x, ..) if x.args.len() == 2 && !x.is_qualified() => match x.op_token {
                Some(Token::ExclusiveRange) => Some(false),
                Some(Token::InclusiveRange) => Some(true),
                _ => None,
            },
            _ => None,
        };
        let source = match (range, iter) {
            (Some(inclusive), Expr::FnCall(x, ..)) => {
                let (a, b) = (self.arg(&x.args[0]), self.arg(&x.args[1]));
                let pre = 1 + a.pre + b.pre;
                let (fa, fb) = (a.f, b.f);
                Source::Range {
                    pre,
                    bounds: Box::new(move |c| match (fa(c)?, fb(c)?) {
                        (Value::Int(a), Value::Int(b)) => Ok((a, b)),
                        _ => Err(Flow::Bail),
                    }),
                    inclusive,
                }
            }
            _ => {
                let n = self.expr(iter);
                Source::Value { pre: n.pre, f: n.f }
            }
        };
        let mark = self.vars.len();
        let counter = counter.map(|n| self.declare(n.clone(), false));
        let slot = self.declare(var.clone(), false);
        let body = self.block(body);
        self.vars.truncate(mark);
        let pre = 1 + match &source {
            Source::Range { pre, .. } | Source::Value { pre, .. } => *pre,
        };
        node(pre, move |c| {
            let turn = |c: &mut Ctx<'_>, i: usize, v: Value| -> R<Option<Value>> {
                turn(c, &body, counter, slot, i64::try_from(i).unwrap_or(i64::MAX), v)
            };
            match &source {
                Source::Range {
                    bounds, inclusive, ..
                } => {
                    let (a, b) = bounds(c)?;
                    if *inclusive {
                        for (i, x) in (a..=b).enumerate() {
                            if let Some(v) = turn(c, i, Value::Int(x))? {
                                return Ok(v);
                            }
                        }
                    } else {
                        for (i, x) in (a..b).enumerate() {
                            if let Some(v) = turn(c, i, Value::Int(x))? {
                                return Ok(v);
                            }
                        }
                    }
                }
                Source::Value { f, .. } => match f(c)? {
                    Value::Array(a) => {
                        for (i, v) in a.items().iter().enumerate() {
                            if let Some(v) = turn(c, i, v.clone())? {
                                return Ok(v);
                            }
                        }
                    }
                    Value::Str(s) => {
                        for (i, ch) in s.chars().enumerate() {
                            if let Some(v) = turn(c, i, Value::Char(ch))? {
                                return Ok(v);
                            }
                        }
                    }
                    Value::Other(d) => {
                        let (a, b, inclusive) = if let Some(r) = d.read_lock::<core::ops::Range<i64>>() {
                            (r.start, r.end, false)
                        } else if let Some(r) = d.read_lock::<core::ops::RangeInclusive<i64>>() {
                            (*r.start(), *r.end(), true)
                        } else {
                            return Err(Flow::Bail);
                        };
                        let it: Box<dyn Iterator<Item = i64>> = if inclusive {
                            Box::new(a..=b)
                        } else {
                            Box::new(a..b)
                        };
                        for (i, x) in it.enumerate() {
                            if let Some(v) = turn(c, i, Value::Int(x))? {
                                return Ok(v);
                            }
                        }
                    }
                    _ => return Err(Flow::Bail),
                },
            }
            Ok(Value::Unit)
        })
    }

    /// An expression as rhai's `eval_expr` evaluates it (one operation for
    /// the expression itself).
    fn expr(&mut self, e: &Expr) -> Node {
        match e {
            Expr::DynamicConstant(..)
            | Expr::BoolConstant(..)
            | Expr::IntegerConstant(..)
            | Expr::CharConstant(..)
            | Expr::StringConstant(..)
            | Expr::Unit(..) => self.constant(e),
            Expr::Variable(x, ..) => {
                if !x.2.is_empty() {
                    return self.unsupported(1);
                }
                match self.lookup(&x.1) {
                    Some((slot, _)) => node(1, move |c| Ok(c.local(slot).clone())),
                    None => self.unsupported(1),
                }
            }
            Expr::Array(items, ..) => {
                let items: Vec<Node> = items.iter().map(|i| self.expr(i)).collect();
                let pre = 1 + items.iter().map(|n| n.pre).sum::<u64>();
                let fs: Vec<Eval> = items.into_iter().map(|n| n.f).collect();
                node(pre, move |c| {
                    let mut out = Vec::with_capacity(fs.len());
                    for f in &fs {
                        out.push(f(c)?);
                    }
                    let v = Value::array(out);
                    c.check_size(&v)?;
                    Ok(v)
                })
            }
            Expr::Map(x, ..) => {
                let keys: Vec<ImmutableString> = x.1.keys().map(|k| self.intern(k.as_str())).collect();
                self.map_literal(&x.0, keys.into_iter())
            }
            Expr::Stmt(b) => {
                let body = self.block(b.statements());
                node(1, move |c| run_block(c, &body))
            }
            Expr::FnCall(x, ..) => self.call(x, true),
            Expr::Dot(..) | Expr::Index(..) => {
                // `local.name`: an integer entry read straight off the map.
                let pure = self.pure(e).map(Flat::new);
                let n = self.chain(e);
                match pure {
                    Some(p) => {
                        let f = n.f;
                        node(n.pre, move |c| match p.value(c) {
                            Some(v) => Ok(v),
                            None => f(c),
                        })
                    }
                    None => n,
                }
            }
            Expr::And(..) | Expr::Or(..) => {
                let (pre, test) = self.condition(e);
                node(pre, move |c| test(c).map(Value::Bool))
            }
            Expr::Coalesce(list, ..) => {
                let items: Vec<Node> = list.iter().map(|i| self.expr(i)).collect();
                let first = items.first().map_or(0, |n| n.pre);
                let items: Vec<(u64, Eval)> = items.into_iter().map(|n| (n.pre, n.f)).collect();
                node(1 + first, move |c| {
                    let mut v = Value::Unit;
                    for (i, (pre, f)) in items.iter().enumerate() {
                        if i > 0 {
                            c.charge(*pre)?;
                        }
                        v = f(c)?;
                        if !matches!(v, Value::Unit) {
                            break;
                        }
                    }
                    Ok(v)
                })
            }
            _ => {
                // Floats are values rhai keeps; anything else (closures,
                // interpolated strings, `this`) is left to rhai.
                if let Expr::FloatConstant(..) = e {
                    return self.constant(e);
                }
                self.unsupported(1)
            }
        }
    }

    /// A truth-valued expression (a condition of `if`, `while`, `do`, an
    /// operand of `&&` and `||`) and the operations counted before it runs,
    /// as [`FnCompiler::expr`] counts them: its [`Pure`] tree first, `&&` and
    /// `||` short-circuiting item by item (each item after the first counted
    /// when it runs, as rhai does), and a value that is not `true` or
    /// `false` left to rhai.
    fn condition(&mut self, e: &Expr) -> (u64, Test) {
        if let Expr::And(list, ..) | Expr::Or(list, ..) = e {
            let is_and = matches!(e, Expr::And(..));
            let items: Vec<(u64, Test)> = list.iter().map(|i| self.condition(i)).collect();
            let first = items.first().map_or(0, |n| n.0);
            return (
                1 + first,
                Box::new(move |c| {
                    for (i, (pre, test)) in items.iter().enumerate() {
                        if i > 0 {
                            c.charge(*pre)?;
                        }
                        let b = test(c)?;
                        if b != is_and {
                            return Ok(b);
                        }
                    }
                    Ok(is_and)
                }),
            );
        }
        let pure = self.pure(e).filter(Pure::is_bool).map(Flat::new);
        let n = self.expr(e);
        let f = n.f;
        let general = move |c: &mut Ctx<'_>| match f(c)? {
            Value::Bool(b) => Ok(b),
            _ => Err(Flow::Bail),
        };
        let test: Test = match pure {
            Some(p) => Box::new(move |c| match p.truth(c) {
                Some(b) => Ok(b),
                None => general(c),
            }),
            None => Box::new(general),
        };
        (n.pre, test)
    }

    /// A literal, one operation.
    fn constant(&mut self, e: &Expr) -> Node {
        match e
            .get_literal_value(None)
            .as_ref()
            .and_then(|d| Value::from_dynamic(d, 0))
        {
            Some(v) => match v {
                Value::Int(n) => node(1, move |_| Ok(Value::Int(n))),
                Value::Bool(b) => node(1, move |_| Ok(Value::Bool(b))),
                v => node(1, move |_| Ok(v.clone())),
            },
            None => self.unsupported(1),
        }
    }

    /// A call argument as rhai's `get_arg_value` evaluates it: a literal is
    /// one operation (not evaluated), anything else an expression.
    fn arg(&mut self, e: &Expr) -> Node {
        if e.get_literal_value(None).is_some() {
            return self.constant(e);
        }
        self.expr(e)
    }

    /// An operand of an operator: a local variable or an integer literal
    /// read in place, anything else evaluated (the operations counted are
    /// those of [`FnCompiler::arg`]).
    fn operand(&mut self, e: &Expr) -> (u64, Operand) {
        let n = self.arg(e);
        let direct = match e {
            Expr::Variable(x, ..) if x.2.is_empty() => self.lookup(&x.1).map(|(slot, _)| Operand::Slot(slot)),
            Expr::IntegerConstant(v, ..) => Some(Operand::Int(*v)),
            _ => None,
        };
        (n.pre, direct.unwrap_or(Operand::Eval(n.f)))
    }

    /// `#{k: v, …}`: the values in the order written, into a map with the
    /// keys of the literal.
    fn map_literal(
        &mut self,
        entries: &[(rhai::Ident, Expr)],
        keys: impl Iterator<Item = ImmutableString>,
    ) -> Node {
        let mut keys: Vec<ImmutableString> = keys.collect();
        keys.sort_by(|a, b| a.as_str().cmp(b.as_str()));
        keys.dedup_by(|a, b| a.as_str() == b.as_str());
        let mut slots = Vec::with_capacity(entries.len());
        let mut pre = 1;
        let mut fs = Vec::with_capacity(entries.len());
        for (k, e) in entries {
            let Some(i) = keys.iter().position(|x| x.as_str() == k.name.as_str()) else {
                return self.unsupported(1);
            };
            slots.push(i);
            let n = self.expr(e);
            pre += n.pre;
            fs.push(n.f);
        }
        let keys: Arc<[ImmutableString]> = keys.into();
        // Written in key order: the values go straight in.
        let in_order = slots.iter().enumerate().all(|(i, &s)| i == s) && slots.len() == keys.len();
        node(pre, move |c| {
            let values = if in_order {
                let mut values = super::value::Values::new();
                for f in &fs {
                    values.push(f(c)?);
                }
                values
            } else {
                let mut values: super::value::Values = keys.iter().map(|_| Value::Unit).collect();
                for (f, &i) in fs.iter().zip(&slots) {
                    values[i] = f(c)?;
                }
                values
            };
            let v = Value::Map(Arc::new(super::value::Map::from_parts(keys.clone(), values)));
            c.check_size(&v)?;
            Ok(v)
        })
    }

    /// A function call: an operator, a script function or a native one.
    /// `in_expr`: evaluated as an expression (one more operation than as a
    /// statement of its own).
    fn call(&mut self, x: &FnCallExpr, in_expr: bool) -> Node {
        let base = u64::from(in_expr);
        if x.is_qualified() || x.capture_parent_scope {
            return self.unsupported(base);
        }
        if let Some(op) = &x.op_token {
            return self.operator(op, &x.args, base);
        }
        let name = x.name.as_str();
        let n = x.args.len();
        if SPECIAL.contains(&name) {
            return self.unsupported(base);
        }
        // Arguments: a variable first is read after the others, as rhai
        // passes it by reference; it counts one operation.
        let mut pre = base;
        let first = match x.args.first() {
            Some(Expr::Variable(v, ..)) if v.2.is_empty() => match self.lookup(&v.1) {
                Some((slot, constant)) => {
                    pre += 1;
                    Some((slot, constant))
                }
                None => return self.unsupported(pre),
            },
            _ => None,
        };
        let skip = usize::from(first.is_some());
        let mut args = Vec::with_capacity(n);
        for a in &x.args[skip..] {
            let node = self.arg(a);
            pre += node.pre;
            args.push(node.f);
        }
        let args = Args { first, rest: args };
        if let Some(f) = self.script_fn(name, n) {
            self.calls.push(f);
            return node(pre, move |c| {
                let values = args.values(c, false)?;
                let funcs = c.funcs;
                if funcs[f].body.is_some() {
                    c.charge(1)?;
                }
                c.call(f, values)
            });
        }
        // A native function: one operation for the call.
        pre += 1;
        let native = builtins::lookup(name, n);
        let bridge = Bridge::new(self.engine, name, n, Style::Function);
        if native.is_none() && bridge.is_none() {
            return self.unsupported(pre);
        }
        node(pre, move |c| {
            let mut values = args.values(c, true)?;
            let result = if let Some(Some(r)) = native.map(|nat| (nat.f)(c, &mut values)) {
                r
            } else if let Some(b) = &bridge {
                b.call(c, &mut values)
            } else {
                Err(Flow::Bail)
            };
            // The variable passed first gets what the call left in it.
            if let (Some((slot, false)), Some(v)) = (args.first, values.into_iter().next())
                && result.is_ok()
            {
                *c.local_mut(slot) = v;
            }
            result
        })
    }

    /// The side-effect-free integer or truth-valued form of `e`, when it
    /// has one (see [`Pure`]).
    fn pure(&mut self, e: &Expr) -> Option<Pure> {
        match e {
            Expr::IntegerConstant(n, ..) => Some(Pure::Lit(*n)),
            Expr::Variable(x, ..) if x.2.is_empty() => self.lookup(&x.1).map(|(slot, _)| Pure::Slot(slot)),
            Expr::Dot(x, flags, ..) if !flags.contains(ASTFlags::NEGATED) => match (&x.lhs, &x.rhs) {
                (Expr::Variable(v, ..), Expr::Property(p, ..)) if v.2.is_empty() => {
                    let (slot, _) = self.lookup(&v.1)?;
                    Some(Pure::Prop(Box::new(Prop::new(slot, self.intern(&p.2)))))
                }
                _ => None,
            },
            Expr::FnCall(x, ..) if !x.is_qualified() && !x.capture_parent_scope => {
                self.pure_op(x.op_token.as_ref()?, &x.args)
            }
            _ => None,
        }
    }

    /// The [`Pure`] form of operator `op` on `args`.
    fn pure_op(&mut self, op: &Token, args: &[Expr]) -> Option<Pure> {
        match args {
            [a] => {
                let a = self.pure(a)?;
                match op {
                    Token::Bang if a.is_bool() => Some(Pure::Not(Box::new(a))),
                    Token::Minus | Token::UnaryMinus if !a.is_bool() => Some(Pure::Neg(Box::new(a))),
                    _ => None,
                }
            }
            [a, b] => {
                let op = BinOp::of(op)?;
                let (a, b) = (self.pure(a)?, self.pure(b)?);
                Pure::binary(op, a, b)
            }
            _ => None,
        }
    }

    /// A unary or binary operator: its [`Pure`] form first when it has one,
    /// the general evaluation when that declines.
    fn operator(&mut self, op: &Token, args: &[Expr], base: u64) -> Node {
        let general = self.operator_general(op, args, base);
        let Some(pure) = self.pure_op(op, args).map(Flat::new) else {
            return general;
        };
        let f = general.f;
        node(general.pre, move |c| match pure.value(c) {
            Some(v) => Ok(v),
            None => f(c),
        })
    }

    /// A unary or binary operator, evaluated in general.
    fn operator_general(&mut self, op: &Token, args: &[Expr], base: u64) -> Node {
        match args {
            [a] => {
                let negate = match op {
                    Token::Bang => false,
                    Token::Minus | Token::UnaryMinus => true,
                    _ => return self.unsupported(base),
                };
                let a = self.arg(a);
                let f = a.f;
                node(base + a.pre, move |c| ops::unary(negate, f(c)?))
            }
            [a, b] => {
                let Some(op) = BinOp::of(op) else {
                    return self.unsupported(base);
                };
                let ((pa, fa), (pb, fb)) = (self.operand(a), self.operand(b));
                node(base + pa + pb, move |c| {
                    let x = fa.eval(c)?;
                    let y = fb.eval(c)?;
                    if let (Value::Int(x), Value::Int(y)) = (&x, &y) {
                        return ops::int_op(op, *x, *y).ok_or(Flow::Bail);
                    }
                    ops::binary(c, op, x, y)
                })
            }
            _ => self.unsupported(base),
        }
    }

    /// `lhs = rhs` or `lhs op= rhs`.
    fn assignment(&mut self, info: &rhai::OpAssignment, lhs: &Expr, rhs: &Expr) -> Node {
        let op = match info.get_op_assignment_info() {
            None => None,
            Some((.., base, _)) => match BinOp::of(base) {
                Some(op) => Some(op),
                None => return self.unsupported(1),
            },
        };
        let rhs = self.expr(rhs);
        let pre = 1 + rhs.pre;
        let value = rhs.f;
        match lhs {
            Expr::Variable(x, ..) if x.2.is_empty() => {
                let Some((slot, constant)) = self.lookup(&x.1) else {
                    return self.unsupported(pre + 1);
                };
                if constant {
                    // An error in rhai.
                    return node(pre + 1, |_| Err(Flow::Bail));
                }
                match op {
                    None => node(pre + 1, move |c| {
                        let v = value(c)?;
                        *c.local_mut(slot) = v;
                        Ok(Value::Unit)
                    }),
                    Some(op) => node(pre + 1, move |c| {
                        let v = value(c)?;
                        if let (Value::Int(x), Value::Int(y)) = (c.local_mut(slot), &v) {
                            let Some(Value::Int(r)) = ops::int_op(op, *x, *y) else {
                                return Err(Flow::Bail);
                            };
                            *x = r;
                            return Ok(Value::Unit);
                        }
                        let mut x = std::mem::take(c.local_mut(slot));
                        let r = ops::assign_op(c, op, &mut x, v);
                        *c.local_mut(slot) = x;
                        r.map(|()| Value::Unit)
                    }),
                }
            }
            Expr::Index(..) | Expr::Dot(..) => {
                let Some((root, steps, args_pre, guard)) = self.flatten(lhs) else {
                    return self.unsupported(pre);
                };
                let Root::Var(slot, constant) = root else {
                    return self.unsupported(pre);
                };
                if constant || guard.is_some() {
                    return node(pre, |_| Err(Flow::Bail));
                }
                if steps.iter().any(|s| matches!(s, Step::Method { .. })) {
                    return self.unsupported(pre);
                }
                // The chain's arguments, the root, a link each.
                let pre = pre + args_pre + 1 + steps.len() as u64;
                node(pre, move |c| {
                    let v = value(c)?;
                    let mut vals = eval_steps(c, &steps)?.into_iter();
                    let mut root = std::mem::take(c.local_mut(slot));
                    let r = assign_into(c, &mut root, &steps, &mut vals, op, v);
                    if r.is_ok() {
                        c.check_size(&root)?;
                        *c.local_mut(slot) = root;
                    }
                    r.map(|()| Value::Unit)
                })
            }
            _ => self.unsupported(pre),
        }
    }

    /// A `.`/`[]` chain: the root, its links, the operations of the
    /// chain's arguments, and a link that makes the chain unsupported at
    /// run time (`?.`).
    #[allow(clippy::type_complexity)]
    fn flatten(&mut self, e: &Expr) -> Option<(Root, Vec<Step>, u64, Option<()>)> {
        let (x, flags, dotting) = match e {
            Expr::Index(x, f, ..) => (x, *f, false),
            Expr::Dot(x, f, ..) => (x, *f, true),
            _ => return None,
        };
        let mut guard = None;
        let mut links: Vec<(&Expr, bool)> = Vec::new();
        let (mut cur, mut cur_flags, mut cur_dot) = (&x.rhs, flags, dotting);
        if flags.contains(ASTFlags::NEGATED) {
            guard = Some(());
        }
        loop {
            match cur {
                Expr::Index(y, f, ..) | Expr::Dot(y, f, ..) if !cur_flags.contains(ASTFlags::BREAK) => {
                    links.push((&y.lhs, cur_dot));
                    if f.contains(ASTFlags::NEGATED) {
                        guard = Some(());
                    }
                    cur_dot = matches!(cur, Expr::Dot(..));
                    cur_flags = *f;
                    cur = &y.rhs;
                }
                _ => {
                    links.push((cur, cur_dot));
                    break;
                }
            }
        }
        // The arguments: none for a lone property, literal index or method
        // call without arguments; else one operation a link and the
        // arguments themselves (an index as an expression, method arguments
        // as call arguments).
        let lone = links.len() == 1
            && match links[0] {
                (Expr::Property(..), true) => true,
                (Expr::MethodCall(m, ..), true) => m.args.is_empty(),
                (i, false) => i.get_literal_value(None).is_some(),
                _ => false,
            };
        let mut args_pre = if lone { 0 } else { links.len() as u64 };
        let mut steps = Vec::with_capacity(links.len());
        for (link, dot) in links {
            let step = match (link, dot) {
                (Expr::Property(p, ..), true) => {
                    let name = self.intern(&p.2);
                    let bridge = Bridge::new(self.engine, &name, 1, Style::Property);
                    Step::Prop(name, bridge)
                }
                (Expr::MethodCall(m, ..), true) => {
                    let name = m.name.as_str();
                    if m.is_qualified() || SPECIAL.contains(&name) || self.is_script_name(name) {
                        return None;
                    }
                    let mut args = Vec::with_capacity(m.args.len());
                    for a in &m.args {
                        let n = self.arg(a);
                        args_pre += n.pre;
                        args.push(n.f);
                    }
                    let k = m.args.len() + 1;
                    let native = builtins::lookup(name, k);
                    let bridge = Bridge::new(self.engine, name, k, Style::Method);
                    if native.is_none() && bridge.is_none() {
                        return None;
                    }
                    Step::Method { args, native, bridge }
                }
                (i, false) if lone => {
                    let v = i
                        .get_literal_value(None)
                        .and_then(|d| Value::from_dynamic(&d, 0))?;
                    Step::Literal(v)
                }
                (i, false) => {
                    let n = self.expr(i);
                    args_pre += n.pre;
                    Step::Index(n.f)
                }
                _ => return None,
            };
            steps.push(step);
        }
        let root = match &x.lhs {
            Expr::Variable(v, ..) if v.2.is_empty() => {
                let (slot, constant) = self.lookup(&v.1)?;
                Root::Var(slot, constant)
            }
            Expr::Variable(..) | Expr::ThisPtr(..) => return None,
            other => {
                let n = self.expr(other);
                args_pre += n.pre;
                // The root's own operations are counted with the arguments
                // (both are known when compiling); `Root::Var` counts one.
                Root::Expr(n.f)
            }
        };
        Some((root, steps, args_pre, guard))
    }

    /// A chain read as an expression.
    fn chain(&mut self, e: &Expr) -> Node {
        let Some((root, steps, args_pre, guard)) = self.flatten(e) else {
            return self.unsupported(1);
        };
        if guard.is_some() {
            return self.unsupported(1);
        }
        let var_pre = u64::from(matches!(root, Root::Var(..)));
        let pre = 1 + args_pre + var_pre + steps.len() as u64;
        // The common shapes, read in place.
        let steps = Arc::new(steps);
        let root = Arc::new(root);
        if let (Root::Var(slot, _), [Step::Prop(name, _)]) = (&*root, steps.as_slice()) {
            let (slot, name) = (*slot, name.clone());
            return node(pre, move |c| {
                if let Value::Map(m) = c.local(slot) {
                    return Ok(m.get_shared(&name).cloned().unwrap_or(Value::Unit));
                }
                chain_walk(c, &root, &steps, Vec::new())
            });
        }
        if let (Root::Var(slot, false), [Step::Method { args, .. }]) = (&*root, steps.as_slice())
            && args.len() < 4
        {
            // `x.f(a, …)` on a variable (`out.push(q)`): the arguments, then
            // the call on the variable in place, as `walk` makes it, without
            // a list of argument values.
            let slot = *slot;
            let steps2 = steps.clone();
            return node(pre, move |c| {
                let Step::Method { args, native, bridge } = &steps2[0] else {
                    return Err(Flow::Bail);
                };
                let mut values: [Value; 4] = Default::default();
                let k = args.len();
                for (v, f) in values[1..].iter_mut().zip(args) {
                    *v = f(c)?;
                }
                let values = &mut values[..=k];
                values[0] = std::mem::take(c.local_mut(slot));
                let r = match native.and_then(|n| (n.f)(c, values)) {
                    Some(r) => r,
                    None => match &bridge {
                        Some(b) => b.call(c, values),
                        None => Err(Flow::Bail),
                    },
                };
                *c.local_mut(slot) = std::mem::take(&mut values[0]);
                r
            });
        }
        if let (Root::Var(slot, _), [Step::Index(f)]) = (&*root, steps.as_slice()) {
            let slot = *slot;
            let _ = f;
            let steps2 = steps.clone();
            // The index is evaluated once, then read in place.
            return node(pre, move |c| {
                let vals = eval_steps(c, &steps2)?;
                if let Some(v) = index_value(c.local(slot), &vals[0]) {
                    return Ok(v);
                }
                chain_walk(c, &root, &steps2, vals)
            });
        }
        node(pre, move |c| {
            let vals = eval_steps(c, &steps)?;
            chain_walk(c, &root, &steps, vals)
        })
    }
}

/// A chain read: in place when it only follows indices and map entries,
/// else in full (method calls may change the variable at its root).
fn chain_walk(c: &mut Ctx<'_>, root: &Root, steps: &[Step], vals: Vec<Value>) -> R<Value> {
    let has_method = steps.iter().any(|s| matches!(s, Step::Method { .. }));
    match root {
        Root::Var(slot, constant) => {
            if !has_method && let Some(v) = read_ref(c.local(*slot), steps, &vals) {
                return Ok(v);
            }
            if *constant {
                // A copy: rhai refuses to change a constant.
                let mut copy = c.local(*slot).clone();
                return walk(c, &mut copy, steps, &mut vals.into_iter(), false);
            }
            let mut root = std::mem::take(c.local_mut(*slot));
            let r = walk(c, &mut root, steps, &mut vals.into_iter(), true);
            *c.local_mut(*slot) = root;
            r
        }
        Root::Expr(f) => {
            let mut t = f(c)?;
            walk(c, &mut t, steps, &mut vals.into_iter(), true)
        }
    }
}

/// One turn of a `for` loop: `Ok(Some(v))` ends the loop with `v`.
fn turn(
    c: &mut Ctx<'_>,
    body: &[Node],
    counter: Option<usize>,
    slot: usize,
    i: i64,
    v: Value,
) -> R<Option<Value>> {
    if body.is_empty() {
        c.charge(1)?;
        return Ok(None);
    }
    if let Some(k) = counter {
        Value::set(c.local_mut(k), Value::Int(i));
    }
    Value::set(c.local_mut(slot), v);
    match run_block(c, body) {
        Ok(v) => {
            v.discard();
            Ok(None)
        }
        Err(Flow::Continue) => Ok(None),
        Err(Flow::Break(v)) => Ok(Some(v)),
        Err(e) => Err(e),
    }
}

/// A compiled condition.
type Test = Box<dyn Fn(&mut Ctx<'_>) -> R<bool> + Send + Sync>;

/// The compiled bounds of a range.
type Bounds = Box<dyn Fn(&mut Ctx<'_>) -> R<(i64, i64)> + Send + Sync>;

/// Where a `for` loop takes its values from.
enum Source {
    Range {
        pre: u64,
        bounds: Bounds,
        inclusive: bool,
    },
    Value {
        pre: u64,
        f: Eval,
    },
}

/// The arguments of a call: a variable first (slot, constant) read after
/// the others, then the rest in order.
struct Args {
    first: Option<(usize, bool)>,
    rest: Vec<Eval>,
}

impl Args {
    /// The values; with `take`, the variable passed first is moved out of
    /// its slot (the caller puts back what the call leaves), else copied.
    fn values(&self, c: &mut Ctx<'_>, take: bool) -> R<Vec<Value>> {
        let mut out = Vec::with_capacity(self.rest.len() + 1);
        if self.first.is_some() {
            out.push(Value::Unit);
        }
        for f in &self.rest {
            out.push(f(c)?);
        }
        if let Some((slot, constant)) = self.first {
            out[0] = if constant || !take {
                c.local(slot).clone()
            } else {
                std::mem::take(c.local_mut(slot))
            };
        }
        Ok(out)
    }
}

/// The values of a chain's indices and method arguments, in order.
fn eval_steps(c: &mut Ctx<'_>, steps: &[Step]) -> R<Vec<Value>> {
    let mut out = Vec::new();
    for s in steps {
        match s {
            Step::Index(f) => out.push(f(c)?),
            Step::Method { args, .. } => {
                for f in args {
                    out.push(f(c)?);
                }
            }
            Step::Literal(_) | Step::Prop(..) => {}
        }
    }
    Ok(out)
}

/// `v[i]` read, as rhai's `get_indexed_mut` answers for arrays, maps,
/// integers (a bit) and strings (a character); `None` for an error or a
/// type it leaves to an indexer function.
fn index_value(v: &Value, i: &Value) -> Option<Value> {
    match (v, i) {
        (Value::Array(a), Value::Int(i)) => builtins::index(a.len(), *i).map(|i| a.items()[i].clone()),
        (Value::Map(m), Value::Str(k)) => Some(m.get(k).cloned().unwrap_or(Value::Unit)),
        (Value::Int(n), Value::Int(i)) => builtins::index(64, *i).map(|b| Value::Bool(n & (1 << b) != 0)),
        (Value::Str(s), Value::Int(i)) => {
            let ch = if *i >= 0 {
                s.chars().nth(usize::try_from(*i).ok()?)
            } else {
                s.chars().rev().nth(usize::try_from(i.unsigned_abs()).ok()? - 1)
            };
            ch.map(Value::Char)
        }
        _ => None,
    }
}

/// A chain of indices and map properties read in place; `None` when a link
/// needs more (an error, a getter): the caller then walks it in full.
fn read_ref(v: &Value, steps: &[Step], vals: &[Value]) -> Option<Value> {
    let Some((step, rest)) = steps.split_first() else {
        return Some(v.clone());
    };
    match step {
        Step::Literal(i) => read_at(v, i, rest, vals),
        Step::Index(_) => {
            let (i, more) = vals.split_first()?;
            read_at(v, i, rest, more)
        }
        Step::Prop(name, _) => match v {
            Value::Map(m) => match m.get(name) {
                Some(x) => read_ref(x, rest, vals),
                None => read_ref(&Value::Unit, rest, vals),
            },
            _ => None,
        },
        Step::Method { .. } => None,
    }
}

/// `v[i]` and the rest of a chain, read in place.
fn read_at(v: &Value, i: &Value, rest: &[Step], vals: &[Value]) -> Option<Value> {
    match (v, i) {
        (Value::Array(a), Value::Int(k)) => read_ref(&a.items()[builtins::index(a.len(), *k)?], rest, vals),
        (Value::Map(m), Value::Str(k)) => match m.get(k) {
            Some(x) => read_ref(x, rest, vals),
            None => read_ref(&Value::Unit, rest, vals),
        },
        _ => read_ref(&index_value(v, i)?, rest, vals),
    }
}

/// Follows a chain from `target` (changed in place when `mutable`): reads,
/// method calls (which may change what they are called on).
fn walk(
    c: &mut Ctx<'_>,
    target: &mut Value,
    steps: &[Step],
    vals: &mut std::vec::IntoIter<Value>,
    mutable: bool,
) -> R<Value> {
    let Some((step, rest)) = steps.split_first() else {
        return Ok(target.clone());
    };
    match step {
        Step::Literal(i) => {
            let i = i.clone();
            follow(c, target, &i, rest, vals, mutable)
        }
        Step::Index(_) => {
            let i = vals.next().ok_or(Flow::Bail)?;
            follow(c, target, &i, rest, vals, mutable)
        }
        Step::Prop(name, bridge) => match target {
            Value::Map(_) => follow(c, target, &Value::Str(name.clone()), rest, vals, mutable),
            _ => {
                // A getter: its value is a temporary, so the rest of the
                // chain may not change anything.
                let b = bridge.as_ref().ok_or(Flow::Bail)?;
                let mut args = [std::mem::take(target)];
                let r = b.call(c, &mut args);
                let [back] = args;
                *target = back;
                let mut v = r?;
                if rest.iter().any(|s| matches!(s, Step::Method { .. })) {
                    return Err(Flow::Bail);
                }
                walk(c, &mut v, rest, vals, false)
            }
        },
        Step::Method { args, native, bridge } => {
            let mut values = Vec::with_capacity(args.len() + 1);
            values.push(std::mem::take(target));
            for _ in 0..args.len() {
                values.push(vals.next().ok_or(Flow::Bail)?);
            }
            let pure = native.is_some_and(|n| n.pure);
            let r = if let Some(Some(r)) = native.map(|n| (n.f)(c, &mut values)) {
                r
            } else if !mutable {
                Err(Flow::Bail)
            } else if let Some(b) = bridge {
                b.call(c, &mut values)
            } else {
                Err(Flow::Bail)
            };
            if !mutable && !pure {
                return Err(Flow::Bail);
            }
            *target = values.swap_remove(0);
            let mut v = r?;
            walk(c, &mut v, rest, vals, true)
        }
    }
}

/// `target[i]…` for the rest of the chain.
fn follow(
    c: &mut Ctx<'_>,
    target: &mut Value,
    i: &Value,
    rest: &[Step],
    vals: &mut std::vec::IntoIter<Value>,
    mutable: bool,
) -> R<Value> {
    if rest.is_empty() {
        return index_value(target, i).ok_or(Flow::Bail);
    }
    match (&mut *target, i) {
        (Value::Array(a), Value::Int(k)) => {
            let k = builtins::index(a.len(), *k).ok_or(Flow::Bail)?;
            if !mutable {
                let mut item = a.items()[k].clone();
                return walk(c, &mut item, rest, vals, false);
            }
            Arc::make_mut(a).with_item(k, |item| walk(c, item, rest, vals, true))
        }
        (Value::Map(m), Value::Str(k)) => {
            if m.get(k).is_none() {
                let mut unit = Value::Unit;
                return walk(c, &mut unit, rest, vals, false);
            }
            if !mutable {
                let mut item = m.get(k).cloned().unwrap_or(Value::Unit);
                return walk(c, &mut item, rest, vals, false);
            }
            Arc::make_mut(m).with_entry(k, |item| walk(c, item, rest, vals, true))
        }
        _ => {
            // A bit of an integer or a character of a string: a temporary.
            if rest.iter().any(|s| matches!(s, Step::Method { .. })) {
                return Err(Flow::Bail);
            }
            let mut v = index_value(target, i).ok_or(Flow::Bail)?;
            walk(c, &mut v, rest, vals, false)
        }
    }
}

/// `target…[i] op= v` through a chain of indices and map properties.
fn assign_into(
    c: &mut Ctx<'_>,
    target: &mut Value,
    steps: &[Step],
    vals: &mut std::vec::IntoIter<Value>,
    op: Option<BinOp>,
    v: Value,
) -> R<()> {
    let Some((step, rest)) = steps.split_first() else {
        return Err(Flow::Bail);
    };
    let key = match step {
        Step::Literal(i) => i.clone(),
        Step::Index(_) => vals.next().ok_or(Flow::Bail)?,
        Step::Prop(name, _) if matches!(target, Value::Map(_)) => Value::Str(name.clone()),
        _ => return Err(Flow::Bail),
    };
    let set = |c: &mut Ctx<'_>, slot: &mut Value| -> R<()> {
        if rest.is_empty() {
            match op {
                None => {
                    *slot = v;
                    Ok(())
                }
                Some(op) => ops::assign_op(c, op, slot, v),
            }
        } else {
            assign_into(c, slot, rest, vals, op, v)
        }
    };
    match (target, &key) {
        (Value::Array(a), Value::Int(k)) => {
            let k = builtins::index(a.len(), *k).ok_or(Flow::Bail)?;
            Arc::make_mut(a).with_item(k, |item| set(c, item))
        }
        (Value::Map(m), Value::Str(k)) => {
            // A missing entry is added by the last link only.
            if !rest.is_empty() && m.get(k).is_none() {
                return Err(Flow::Bail);
            }
            Arc::make_mut(m).with_entry(k, |item| set(c, item))
        }
        _ => Err(Flow::Bail),
    }
}
