//! Script functions compiled from rhai's syntax tree into trees of Rust
//! closures over a compact value type ([`Value`]), for the hooks the engine
//! calls once per position (`moves`, `left`, `right`, `components`,
//! `terminal`) and the script functions they call.
//!
//! The compiled functions mean exactly what rhai makes of the same script:
//! the same operators (checked integer arithmetic, rhai's shifts, its
//! comparisons of mixed types), value semantics for arrays and maps, the
//! same operation count (statement by statement, as rhai's evaluator counts
//! them) and data size checks. Whatever they are not sure to do as rhai
//! does — an error of any kind (overflow, division by zero, an index out of
//! bounds, the operation limit, a value too large, calls nested too deep), a
//! value or a function they do not know — makes the call *bail*: its partial
//! results are dropped and rhai runs the same call from the start, so that
//! results and error messages are rhai's own. A hook that uses what the
//! compiler does not cover (closures, `switch`, `try`, …) is left to rhai
//! altogether, and so is a hook whose calls keep bailing.
//!
//! Native functions that are not built in here (the board and graph blocks,
//! string functions, …) are called through rhai itself, one small bridging
//! function per call site.

mod builtins;
mod compiler;
mod ops;
mod pure;
mod value;

use crate::pos::Pos;
use rhai::{AST, Dynamic, Engine};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

pub(crate) use value::{SizeLimits, Value};

/// Why evaluation stopped before the end of a function.
pub(crate) enum Flow {
    /// Let rhai run the call (an error, or something not compiled).
    Bail,
    /// `break` (with its value) out of the innermost loop.
    Break(Value),
    /// `continue` with the innermost loop.
    Continue,
    /// `return` from the function.
    Return(Value),
}

/// The result of evaluating a node.
pub(crate) type R<T> = Result<T, Flow>;

/// A compiled expression or statement.
pub(crate) type Eval = Box<dyn Fn(&mut Ctx<'_>) -> R<Value> + Send + Sync>;

/// A compiled node and the operations rhai counts for it that do not depend
/// on what happens at run time: the node's parent charges them (folded into
/// its own) before running it, so a straight-line statement is one charge.
pub(crate) struct Node {
    pub(crate) pre: u64,
    pub(crate) f: Eval,
}

/// A compiled script function.
pub(crate) struct Function {
    /// Its name (for messages and tests).
    pub(crate) name: String,
    /// Number of parameters (the first local slots).
    pub(crate) params: usize,
    /// Number of local slots.
    pub(crate) slots: usize,
    /// The statements of its body; `None` for an empty body (rhai calls it
    /// without counting an operation).
    pub(crate) body: Option<Vec<Node>>,
    /// Whether everything in it was compiled (no construct left to rhai).
    pub(crate) complete: bool,
    /// The functions it calls.
    pub(crate) calls: Vec<usize>,
}

/// How a compiled hook has fared: after enough calls that had to be given
/// to rhai, the hook is left to rhai for good.
#[derive(Default)]
struct Record {
    calls: AtomicU64,
    bails: AtomicU64,
    off: AtomicBool,
}

/// Calls of a hook after which its record decides whether it stays compiled.
const TRIAL_CALLS: u64 = 64;

/// The compiled functions of a script.
pub(crate) struct Compiled {
    functions: Vec<Function>,
    /// The hooks compiled: name and function index.
    hooks: Vec<(&'static str, usize, Record)>,
    limits: Limits,
}

/// The limits a compiled call runs under (those of the rhai engine).
#[derive(Clone, Copy)]
pub(crate) struct Limits {
    pub(crate) max_ops: u64,
    pub(crate) sizes: SizeLimits,
    /// Most nested script calls (rhai's call levels are about twice that).
    pub(crate) max_depth: usize,
}

/// What a call needs from the script: its engine (for bridged native
/// functions) and the options that rhai-side functions add.
pub(crate) struct Env<'a> {
    pub(crate) engine: &'a Engine,
    pub(crate) sink: &'a Arc<Mutex<Vec<Pos>>>,
    /// The search's monitor, polled every [`POLL_OPS`] operations: a stop
    /// request (Ctrl-C, the memory budget) bails the call, and rhai, rerunning
    /// it, stops at its own first poll with the usual message.
    pub(crate) monitor: Option<&'static sprague::Monitor>,
}

/// Operations between two looks at the monitor (as rhai's own calls poll).
const POLL_OPS: u64 = 1 << 12;

/// The state of one compiled call.
pub(crate) struct Ctx<'a> {
    ops: u64,
    max_ops: u64,
    /// Local variables of the active calls; a call's start at `base`.
    stack: Vec<Value>,
    base: usize,
    depth: usize,
    max_depth: usize,
    pub(crate) sizes: SizeLimits,
    funcs: &'a [Function],
    pub(crate) env: &'a Env<'a>,
    /// The options made by `move_to` and friends during the call.
    pub(crate) options: Vec<Pos>,
}

impl Ctx<'_> {
    /// Counts `n` operations; bails past the limit.
    #[inline]
    pub(crate) fn charge(&mut self, n: u64) -> R<()> {
        let before = self.ops;
        self.ops += n;
        if self.ops > self.max_ops {
            return Err(Flow::Bail);
        }
        if before / POLL_OPS != self.ops / POLL_OPS
            && let Some(m) = self.env.monitor
            && m.check().is_err()
        {
            return Err(Flow::Bail);
        }
        Ok(())
    }

    /// Local `slot` of the current call.
    #[inline]
    pub(crate) fn local(&self, slot: usize) -> &Value {
        &self.stack[self.base + slot]
    }

    /// Local `slot` of the current call, for writing.
    #[inline]
    pub(crate) fn local_mut(&mut self, slot: usize) -> &mut Value {
        &mut self.stack[self.base + slot]
    }

    /// Bails unless `v` is within the size limits.
    #[inline]
    pub(crate) fn check_size(&self, v: &Value) -> R<()> {
        match v {
            Value::Str(_) | Value::Array(_) | Value::Map(_) if !self.sizes.allow(v.sizes()) => {
                Err(Flow::Bail)
            }
            _ => Ok(()),
        }
    }

    /// Moves the options added on the rhai side (by a bridged native
    /// function) into this call's options.
    pub(crate) fn drain_sink(&mut self) {
        let mut sink = self.env.sink.lock().unwrap_or_else(PoisonError::into_inner);
        if !sink.is_empty() {
            self.options.append(&mut sink);
        }
    }

    /// Calls compiled function `f` with `args`.
    pub(crate) fn call(&mut self, f: usize, args: impl IntoIterator<Item = Value>) -> R<Value> {
        let funcs = self.funcs;
        let func = &funcs[f];
        let Some(body) = &func.body else {
            return Ok(Value::Unit);
        };
        if self.depth >= self.max_depth {
            return Err(Flow::Bail);
        }
        let base = self.stack.len();
        self.stack.extend(args);
        debug_assert_eq!(self.stack.len(), base + func.params);
        self.stack.resize(base + func.slots, Value::Unit);
        let saved = std::mem::replace(&mut self.base, base);
        self.depth += 1;
        let result = run_block(self, body);
        self.depth -= 1;
        self.base = saved;
        self.stack.truncate(base);
        match result {
            Ok(v) | Err(Flow::Return(v)) => Ok(v),
            Err(_) => Err(Flow::Bail),
        }
    }
}

/// Runs the statements of a block: the value of the last one.
#[inline]
pub(crate) fn run_block(c: &mut Ctx<'_>, stmts: &[Node]) -> R<Value> {
    let Some((last, rest)) = stmts.split_last() else {
        return Ok(Value::Unit);
    };
    for s in rest {
        c.charge(s.pre)?;
        (s.f)(c)?.discard();
    }
    c.charge(last.pre)?;
    (last.f)(c)
}

/// The hooks that are compiled when they can be: those the engine calls
/// once per position.
const HOOKS: [&str; 5] = ["moves", "left", "right", "components", "terminal"];

/// What a compiled hook answered.
pub(crate) struct Answer {
    /// The value it returned.
    pub(crate) value: Value,
    /// The options it made by `move_to` and friends, in order.
    pub(crate) options: Vec<Pos>,
}

impl Compiled {
    /// Compiles the hooks of `ast` (and the functions they call) that can be
    /// compiled, for `engine` under `limits`.
    pub(crate) fn new(engine: &Engine, ast: &AST, limits: Limits) -> Compiled {
        let functions = compiler::compile(engine, ast);
        let mut hooks = Vec::new();
        for hook in HOOKS {
            let Some(i) = functions.iter().position(|f| f.name == hook && f.params == 1) else {
                continue;
            };
            if reachable_complete(&functions, i) {
                hooks.push((hook, i, Record::default()));
            }
        }
        Compiled {
            functions,
            hooks,
            limits,
        }
    }

    /// Whether hook `name` is compiled (and not given up).
    pub(crate) fn has(&self, name: &str) -> bool {
        self.hooks
            .iter()
            .any(|(h, _, r)| *h == name && !r.off.load(Ordering::Relaxed))
    }

    /// Names of the hooks compiled (for tests and diagnostics).
    #[cfg(test)]
    pub(crate) fn hooks(&self) -> Vec<&'static str> {
        self.hooks.iter().map(|(h, ..)| *h).collect()
    }

    /// Runs hook `name` on `arg`; `None` when rhai is to run the call (the
    /// hook is not compiled, or the call bailed).
    pub(crate) fn run(&self, name: &str, arg: &Pos, env: &Env<'_>) -> Option<Answer> {
        let (_, f, record) = self.hooks.iter().find(|(h, ..)| *h == name)?;
        if record.off.load(Ordering::Relaxed) {
            return None;
        }
        let answer = self.run_function(*f, Value::from_pos(arg), env);
        let calls = record.calls.fetch_add(1, Ordering::Relaxed) + 1;
        if answer.is_none() {
            let bails = record.bails.fetch_add(1, Ordering::Relaxed) + 1;
            // Mostly bailing: rhai would have been faster on its own.
            if calls >= TRIAL_CALLS && bails * 4 > calls {
                record.off.store(true, Ordering::Relaxed);
            }
        }
        answer
    }

    /// Runs function `f` on `arg` as a call from the engine.
    pub(crate) fn run_function(&self, f: usize, arg: Value, env: &Env<'_>) -> Option<Answer> {
        env.sink.lock().unwrap_or_else(PoisonError::into_inner).clear();
        let mut c = Ctx {
            // rhai counts the call itself.
            ops: 1,
            max_ops: if self.limits.max_ops == 0 {
                u64::MAX
            } else {
                self.limits.max_ops
            },
            stack: Vec::with_capacity(64),
            base: 0,
            depth: 0,
            max_depth: self.limits.max_depth,
            sizes: self.limits.sizes,
            funcs: &self.functions,
            env,
            options: Vec::new(),
        };
        if c.ops > c.max_ops {
            return None;
        }
        let value = c.call(f, [arg]).ok()?;
        Some(Answer {
            value,
            options: c.options,
        })
    }

    /// Calls of hook `name` made here and those of them that bailed.
    #[cfg(test)]
    pub(crate) fn stats(&self, name: &str) -> (u64, u64) {
        self.hooks
            .iter()
            .find(|(h, ..)| *h == name)
            .map_or((0, 0), |(_, _, r)| {
                (r.calls.load(Ordering::Relaxed), r.bails.load(Ordering::Relaxed))
            })
    }

    /// The compiled function named `name` with `params` parameters.
    #[cfg(test)]
    pub(crate) fn function(&self, name: &str, params: usize) -> Option<usize> {
        self.functions
            .iter()
            .position(|f| f.name == name && f.params == params)
    }

    /// Whether function `f` and every function it may call are complete.
    #[cfg(test)]
    pub(crate) fn complete(&self, f: usize) -> bool {
        reachable_complete(&self.functions, f)
    }
}

/// Whether function `f` and every function reachable from it compiled
/// completely.
fn reachable_complete(functions: &[Function], f: usize) -> bool {
    let mut seen = vec![false; functions.len()];
    let mut todo = vec![f];
    while let Some(g) = todo.pop() {
        if std::mem::replace(&mut seen[g], true) {
            continue;
        }
        if !functions[g].complete {
            return false;
        }
        todo.extend(functions[g].calls.iter().copied());
    }
    true
}

/// The answer of a rhai value for a compiled caller (bridged calls).
pub(crate) fn from_dynamic(d: &Dynamic) -> R<Value> {
    Value::from_dynamic(d, 0).ok_or(Flow::Bail)
}

#[cfg(test)]
mod tests;
