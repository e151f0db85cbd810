//! A compiled rules script: the sandboxed rhai engine, the functions the file
//! defines, calls with errors that name the file, line, column and position,
//! and the first error of a search (the engine's rule traits cannot fail, so
//! a failing call is remembered and reported when the search returns).

use crate::pos::{Pos, SumValue};
use rhai::{AST, CallFnOptions, Dynamic, Engine, EvalAltResult, Position, Scope};
use sprague::Monitor;
use sprague::blocks::{Cells, Symmetry};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError, RwLock};

/// The cell characters of boards and graphs when a script has no
/// `fn cells()`: `.` empty, `x` Left, `o` Right, `#` blocked.
pub const DEFAULT_CELLS: Cells = Cells::new('.', Some('x'), Some('o'), Some('#'));

/// Sandbox limits of a script.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Most operations one call of a script function may run (`--max-ops`),
    /// at least 1. Growing an array by `push`, `append` or `insert` counts
    /// the array's length too (the sandbox measures the whole array after
    /// each change), as do the positions `sum` and `move_to_splits` build.
    pub max_ops: u64,
    /// Longest string a script may build, in bytes.
    pub max_string: usize,
    /// Largest array (and map) a script may build.
    pub max_array: usize,
    /// Deepest chain of function calls.
    pub max_call_depth: usize,
    /// Most positions a search of the script's game may store (the smaller
    /// of this and the query's state budget applies): each position costs a
    /// script call, so a game that never ends stops within seconds.
    pub max_positions: usize,
}

/// Default of [`Limits::max_positions`].
pub const DEFAULT_MAX_POSITIONS: usize = 1_000_000;

/// Default operation limit per call: enough for a move list of about a
/// hundred thousand options, small enough that a loop without end stops
/// within a second or so.
pub const DEFAULT_MAX_OPS: u64 = 10_000_000;

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_ops: DEFAULT_MAX_OPS,
            max_string: 1 << 20,
            max_array: 1 << 20,
            max_call_depth: 64,
            max_positions: DEFAULT_MAX_POSITIONS,
        }
    }
}

/// The operation count of the current call and the monitor whose stop
/// requests it obeys: the engine's progress callback reads both.
#[derive(Debug, Default)]
struct Meter {
    /// Work charged by native functions during the current call, beyond the
    /// engine's own count of operations.
    charged: AtomicU64,
    /// The operation limit ([`Limits::max_ops`]).
    max_ops: u64,
    /// The monitor polled every [`POLL_OPS`] operations.
    monitor: OnceLock<&'static Monitor>,
    /// Whether the monitor stopped a call (Ctrl-C or the memory budget).
    stopped: AtomicBool,
}

/// Operations between two looks at the monitor.
const POLL_OPS: u64 = 1 << 12;

/// The termination token of a call past [`Limits::max_ops`].
const OUT_OF_OPS: &str = "out of operations";

/// The termination token of a call stopped by the monitor.
const STOPPED: &str = "stopped";

impl Meter {
    /// The engine's progress callback after `ops` operations of the call:
    /// stops it past the limit (its operations plus the work charged), and
    /// when the monitor asks for a stop.
    fn progress(&self, ops: u64) -> Option<Dynamic> {
        if ops.saturating_add(self.charged.load(Ordering::Relaxed)) > self.max_ops {
            return Some(Dynamic::from(OUT_OF_OPS));
        }
        if ops.is_multiple_of(POLL_OPS)
            && let Some(m) = self.monitor.get()
            && m.check().is_err()
        {
            self.stopped.store(true, Ordering::Relaxed);
            return Some(Dynamic::from(STOPPED));
        }
        None
    }

    /// Charges `units` of work to the current call; an error past the limit.
    fn charge(&self, units: usize) -> Result<(), Box<EvalAltResult>> {
        let units = units as u64;
        let total = self
            .charged
            .fetch_add(units, Ordering::Relaxed)
            .saturating_add(units);
        if total > self.max_ops {
            return Err(Box::new(EvalAltResult::ErrorTerminated(
                Dynamic::from(OUT_OF_OPS),
                Position::NONE,
            )));
        }
        Ok(())
    }
}

/// Which functions the script defines.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[allow(clippy::struct_excessive_bools)] // one flag per optional hook
pub struct Hooks {
    /// `fn moves(p)`: an impartial game.
    pub moves: bool,
    /// `fn left(p)` and `fn right(p)`: a partizan game.
    pub partizan: bool,
    /// `fn components(p)`: sums.
    pub components: bool,
    /// `fn parse(text)`.
    pub parse: bool,
    /// `fn show(p)`.
    pub show: bool,
    /// `fn start(n)`: a family for tables.
    pub start: bool,
    /// `fn terminal(p)`: terminal outcomes (a loopy game).
    pub terminal: bool,
    /// `fn loopy()`: the game may cycle.
    pub loopy: bool,
    /// `fn cells()`: the characters of board cells and graph vertices.
    pub cells: bool,
    /// `fn symmetry()`: the symmetries of boards that keep (or negate) the value.
    pub symmetry: bool,
    /// `fn regions()`: how boards and graphs split into independent parts.
    pub regions: bool,
}

/// A compiled rules script with its sandboxed engine.
pub struct Script {
    /// The file name used in messages.
    pub(crate) file: String,
    engine: Engine,
    ast: AST,
    /// The functions defined.
    pub(crate) hooks: Hooks,
    /// The position budget.
    pub(crate) max_positions: usize,
    /// The first error of the current request (see the module docs).
    failure: Mutex<Option<String>>,
    /// The options given by `move_to(q)` during the current call.
    sink: Arc<Mutex<Vec<Pos>>>,
    /// The operation count and the monitor of the current call.
    meter: Arc<Meter>,
    /// The cell characters of boards and graphs (`fn cells()`).
    pub(crate) cells: Arc<RwLock<Cells>>,
    /// The symmetries of board positions (`fn symmetry()`), applied natively
    /// to every board the game reaches.
    pub(crate) symmetry: Option<Symmetry>,
    /// How boards and graphs split into parts (`fn regions()`), applied
    /// natively in place of a `fn components`.
    pub(crate) regions: Option<crate::blocks::Regions>,
    /// The hooks compiled to closures (see `compiled/`); the others, and
    /// the calls these give up, run in rhai.
    compiled: Option<crate::compiled::Compiled>,
}

impl core::fmt::Debug for Script {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Script")
            .field("file", &self.file)
            .field("hooks", &self.hooks)
            .finish_non_exhaustive()
    }
}

/// Writes a script's `print` or `debug` text as one line on stderr, control
/// characters written as escapes (`\u{1b}`).
fn note(text: &str) {
    use std::io::Write;
    let mut line = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() {
            line.push_str(&c.escape_default().to_string());
        } else {
            line.push(c);
        }
    }
    let _ = writeln!(std::io::stderr(), "{line}");
}

/// Why a script cannot be loaded: one line naming file, line and column.
pub type LoadError = String;

impl Script {
    /// Compiles `source` (named `file` in messages) under `limits`.
    ///
    /// # Errors
    /// A syntax error (`file:line:column: message`), a function with the
    /// wrong number of parameters, or a file that defines neither `moves`
    /// nor `left` and `right`.
    pub fn compile(file: &str, source: &str, limits: Limits) -> Result<Arc<Script>, LoadError> {
        if limits.max_ops == 0 {
            return Err(format!(
                "{file}: the operation limit must be at least 1 (--max-ops 0 would allow no operation; give a large number for long calls)"
            ));
        }
        Self::compile_with(file, source, limits, true)
    }

    /// [`Script::compile`], with the hooks compiled to closures (`compiled`)
    /// or all calls made by rhai's own evaluator.
    pub(crate) fn compile_with(
        file: &str,
        source: &str,
        limits: Limits,
        compiled: bool,
    ) -> Result<Arc<Script>, LoadError> {
        let meter = Arc::new(Meter {
            max_ops: limits.max_ops,
            ..Meter::default()
        });
        let mut engine = Engine::new();
        // The operation limit is the meter's: the engine's own count plus
        // the work charged by native functions (see `Limits::max_ops`).
        let m = Arc::clone(&meter);
        engine.on_progress(move |ops| m.progress(ops));
        engine
            .set_max_string_size(limits.max_string)
            .set_max_array_size(limits.max_array)
            .set_max_map_size(limits.max_array)
            .set_max_call_levels(limits.max_call_depth)
            .set_max_expr_depths(64, 64)
            .set_max_variables(1 << 12)
            .set_max_functions(1 << 12);
        // Script output goes to stderr, so that it never mixes with results
        // (JSON on stdout), with control characters escaped (a script cannot
        // drive the terminal); a closed or full stderr is ignored.
        engine.on_print(note);
        engine.on_debug(|s, _, pos| note(&format!("debug {pos}: {s}")));
        // `move_to(q)` adds option q of the position being asked about: the
        // fast alternative to returning a growing array, which rhai's size
        // limits re-measure on every push (O(length) each).
        let sink: Arc<Mutex<Vec<Pos>>> = Arc::new(Mutex::new(Vec::new()));
        let into = sink.clone();
        engine.register_fn("move_to", move |q: Dynamic| -> Result<(), Box<EvalAltResult>> {
            let q = Pos::from_dynamic(&q).map_err(|e| format!("move_to: {e}"))?;
            into.lock().unwrap_or_else(PoisonError::into_inner).push(q);
            Ok(())
        });
        // `move_to(a, b)` and `move_to(a, b, c)`: the option that is the sum
        // of a, b (and c), played as independent components.
        let into = sink.clone();
        engine.register_fn(
            "move_to",
            move |a: Dynamic, b: Dynamic| -> Result<(), Box<EvalAltResult>> {
                let q = Pos::sum_of([part(&a, 0, "move_to")?, part(&b, 1, "move_to")?]);
                into.lock().unwrap_or_else(PoisonError::into_inner).push(q);
                Ok(())
            },
        );
        let into = sink.clone();
        engine.register_fn(
            "move_to",
            move |a: Dynamic, b: Dynamic, c: Dynamic| -> Result<(), Box<EvalAltResult>> {
                let q = Pos::sum_of([
                    part(&a, 0, "move_to")?,
                    part(&b, 1, "move_to")?,
                    part(&c, 2, "move_to")?,
                ]);
                into.lock().unwrap_or_else(PoisonError::into_inner).push(q);
                Ok(())
            },
        );
        // `move_to_splits(m)`: every option `move_to(a, m - a)` for
        // 0 ≤ a ≤ m / 2, made natively (the take-and-break moves that leave
        // m tokens as two heaps, without one interpreted step each); none
        // when m < 0. At most `max_array` options a call.
        let into = sink.clone();
        let max_array = limits.max_array;
        let meter_splits = Arc::clone(&meter);
        engine.register_fn(
            "move_to_splits",
            move |m: rhai::INT| -> Result<(), Box<EvalAltResult>> {
                if m < 0 {
                    return Ok(());
                }
                let count = usize::try_from(m / 2 + 1).unwrap_or(usize::MAX);
                meter_splits.charge(count.min(max_array + 1))?;
                if count > max_array {
                    return Err(format!(
                        "move_to_splits({m}): {count} options, more than the limit of {max_array} a call"
                    )
                    .into());
                }
                let mut out = into.lock().unwrap_or_else(PoisonError::into_inner);
                out.reserve(count);
                out.extend((0..=m / 2).map(|a| Pos::sum_of([Pos::Int(a), Pos::Int(m - a)])));
                Ok(())
            },
        );
        // Boards, graphs and take-and-break heaps (see `blocks.rs`).
        let cells = Arc::new(RwLock::new(DEFAULT_CELLS));
        crate::blocks::register(
            &mut engine,
            &crate::blocks::Shared {
                sink: sink.clone(),
                cells: cells.clone(),
                max_options: limits.max_array,
                parsed: Arc::default(),
            },
        );
        // `sum(array)`: the sum of the positions in the array; `parts(s)` the
        // array of its parts.
        engine.register_type_with_name::<SumValue>("sum");
        let m = Arc::clone(&meter);
        engine.register_fn(
            "sum",
            move |items: rhai::Array| -> Result<Dynamic, Box<EvalAltResult>> {
                // A sum of sums is flattened: its cost is the parts it holds.
                let parts_in = |d: &Dynamic| {
                    d.clone()
                        .try_cast::<SumValue>()
                        .map_or(1, |s| s.0.parts().map_or(1, <[Pos]>::len))
                };
                m.charge(items.iter().map(parts_in).sum())?;
                let mut parts = Vec::with_capacity(items.len());
                for (i, item) in items.iter().enumerate() {
                    parts.push(part(item, i, "sum")?);
                }
                Ok(Pos::sum(parts).to_dynamic())
            },
        );
        engine.register_fn("parts", |s: &mut SumValue| -> rhai::Array {
            s.0.parts()
                .map_or_else(Vec::new, |p| p.iter().map(Pos::to_dynamic).collect())
        });
        // Array growth counts against the operation limit: after each change
        // the sandbox measures the whole array, so a loop of `push` costs the
        // square of its length. These replace the standard functions of the
        // same names (same behaviour) and charge the array's length.
        let m = Arc::clone(&meter);
        engine.register_fn(
            "push",
            move |array: &mut rhai::Array, item: Dynamic| -> Result<(), Box<EvalAltResult>> {
                m.charge(array.len() + 1)?;
                array.push(item);
                Ok(())
            },
        );
        let m = Arc::clone(&meter);
        engine.register_fn(
            "append",
            move |array: &mut rhai::Array, more: rhai::Array| -> Result<(), Box<EvalAltResult>> {
                m.charge(array.len() + more.len())?;
                array.extend(more);
                Ok(())
            },
        );
        let m = Arc::clone(&meter);
        engine.register_fn(
            "insert",
            move |array: &mut rhai::Array,
                  index: rhai::INT,
                  item: Dynamic|
                  -> Result<(), Box<EvalAltResult>> {
                m.charge(array.len() + 1)?;
                // A negative index counts from the end; past either end, the
                // item goes to that end.
                let len = array.len();
                let at = if index < 0 {
                    len.saturating_sub(usize::try_from(index.unsigned_abs()).unwrap_or(usize::MAX))
                } else {
                    usize::try_from(index).unwrap_or(usize::MAX).min(len)
                };
                array.insert(at, item);
                Ok(())
            },
        );
        let ast = engine
            .compile(source)
            .map_err(|e| format!("{}: syntax error: {}", at(file, e.position()), e.err_type()))?;
        let mut hooks = Hooks::default();
        for f in ast.iter_functions() {
            let arity = f.params.len();
            let (slot, want) = match f.name {
                "moves" => (&mut hooks.moves, 1),
                "left" | "right" => (&mut hooks.partizan, 1),
                "components" => (&mut hooks.components, 1),
                "parse" => (&mut hooks.parse, 1),
                "show" => (&mut hooks.show, 1),
                "start" => (&mut hooks.start, 1),
                "terminal" => (&mut hooks.terminal, 1),
                "loopy" => (&mut hooks.loopy, 0),
                "cells" => (&mut hooks.cells, 0),
                "symmetry" => (&mut hooks.symmetry, 0),
                "regions" => (&mut hooks.regions, 0),
                _ => continue,
            };
            if arity != want {
                return Err(format!(
                    "{file}: fn {} takes {want} parameter{}, not {arity}",
                    f.name,
                    if want == 1 { "" } else { "s" }
                ));
            }
            *slot = true;
        }
        let has = |name: &str| ast.iter_functions().any(|f| f.name == name);
        if hooks.partizan && !(has("left") && has("right")) {
            return Err(format!(
                "{file}: a partizan game defines both fn left(p) and fn right(p)"
            ));
        }
        if hooks.partizan && hooks.moves {
            return Err(format!(
                "{file}: define either fn moves(p) (impartial) or fn left(p) and fn right(p) (partizan), not both"
            ));
        }
        // Inside a script with fn components(p), rhai binds `g` of
        // `g.components(x)` to `this` and calls the hook itself (it takes one
        // argument, as the block method does after its `this`): refused here,
        // where it can be pointed at, rather than as endless recursion.
        if hooks.components
            && let Some((line, column)) = method_call(source, "components")
        {
            return Err(format!(
                "{file}:{line}:{column}: `.components(…)` calls this script's own fn components (rhai passes the value before the dot as `this`); call the graph block as `components(g, \"…\")`, or split natively with fn regions() {{ \"…\" }} instead of fn components"
            ));
        }
        if !hooks.partizan && !hooks.moves {
            return Err(format!(
                "{file}: a rules file defines fn moves(p) (impartial) or fn left(p) and fn right(p) (partizan)"
            ));
        }
        // Run the top level once, so that its errors show now (functions do
        // not see its variables: every hook works on its arguments alone).
        engine
            .run_ast(&ast)
            .map_err(|e| runtime_message(file, "the top level", None, &e))?;
        let compiled = compiled.then(|| {
            crate::compiled::Compiled::new(
                &engine,
                &ast,
                crate::compiled::Limits {
                    max_ops: limits.max_ops,
                    sizes: crate::compiled::SizeLimits {
                        array: limits.max_array,
                        map: limits.max_array,
                        string: limits.max_string,
                    },
                    // rhai counts about two call levels a script call.
                    max_depth: (limits.max_call_depth / 2).saturating_sub(1),
                },
            )
        });
        let mut script = Script {
            file: file.to_string(),
            compiled,
            engine,
            ast,
            hooks,
            max_positions: limits.max_positions,
            failure: Mutex::new(None),
            sink,
            meter,
            cells,
            symmetry: None,
            regions: None,
        };
        if script.hooks.cells {
            let v = script.call("cells", (), None).map_err(|e| e.to_string())?;
            let text = v
                .into_immutable_string()
                .map_err(|t| format!("{file}: fn cells() returns a string such as \".xo#\", not {t}"))?;
            let parsed = Cells::parse(&text).map_err(|e| format!("{file}: fn cells(): {}", e.message))?;
            *script.cells.write().unwrap_or_else(PoisonError::into_inner) = parsed;
        }
        if script.hooks.regions {
            if script.hooks.components {
                return Err(format!(
                    "{file}: define fn regions() (boards and graphs split natively) or fn components(p), not both"
                ));
            }
            let v = script.call("regions", (), None).map_err(|e| e.to_string())?;
            let regions =
                crate::blocks::Regions::read(&v, &script.cells()).map_err(|e| format!("{file}: {e}"))?;
            script.regions = Some(regions);
        }
        if script.hooks.symmetry {
            let v = script.call("symmetry", (), None).map_err(|e| e.to_string())?;
            let text = v.into_immutable_string().map_err(|t| {
                format!(
                    "{file}: fn symmetry() returns a string such as \"mirrors transpose-negates\", not {t}"
                )
            })?;
            script.symmetry =
                Some(Symmetry::parse(&text).map_err(|e| format!("{file}: fn symmetry(): {}", e.message))?);
        }
        if script.hooks.loopy {
            let loopy = script.call("loopy", (), None).map_err(|e| e.to_string())?;
            let Ok(flag) = loopy.as_bool() else {
                return Err(format!(
                    "{file}: fn loopy() returns true or false, not {}",
                    loopy.type_name()
                ));
            };
            script.hooks.loopy = flag;
        }
        Ok(Arc::new(script))
    }

    /// Obeys `monitor` from now on: a call stops when the monitor asks for a
    /// stop (Ctrl-C) or the memory budget is passed, looked at every few
    /// thousand operations, so that a script that computes for long inside
    /// one call is stopped too. Set once; later calls do nothing.
    pub fn watch(&self, monitor: &'static Monitor) {
        let _ = self.meter.monitor.set(monitor);
    }

    /// The memory budget of the watched monitor (the default budget
    /// without one), which the script's caches and state spaces keep to.
    pub(crate) fn max_memory(&self) -> u64 {
        self.meter
            .monitor
            .get()
            .map_or_else(sprague::budget::default_max_memory, |m| m.max_memory())
    }

    /// The work the watched monitor counted (0 without one).
    pub(crate) fn monitor_done(&self) -> u64 {
        self.meter.monitor.get().map_or(0, |m| m.done())
    }

    /// Whether the monitor stopped a call since the last look (then the
    /// request's failure is that stop, not the script's fault); clears it.
    pub(crate) fn take_stopped(&self) -> bool {
        self.meter.stopped.swap(false, Ordering::Relaxed)
    }

    /// Whether the game is solved as a loopy game (win, lose or draw).
    #[must_use]
    pub fn is_loopy(&self) -> bool {
        self.hooks.loopy || self.hooks.terminal
    }

    /// Calls `name` with `args`; `on` is the position the call is about
    /// (named in the error).
    ///
    /// # Errors
    /// The script's runtime error, or its operation limit reached, as one line.
    pub(crate) fn call(
        &self,
        name: &str,
        args: impl rhai::FuncArgs,
        on: Option<&Pos>,
    ) -> Result<Dynamic, ScriptFailure> {
        let options = CallFnOptions::new().eval_ast(false).rewind_scope(false);
        let mut scope = Scope::new();
        // Each call has its own operation count.
        self.meter.charged.store(0, Ordering::Relaxed);
        self.engine
            .call_fn_with_options::<Dynamic>(options, &mut scope, &self.ast, name, args)
            .map_err(|e| ScriptFailure(runtime_message(&self.file, &format!("fn {name}"), on, &e)))
    }

    /// Calls a hook on position `p` and converts its answer, which must be an
    /// array of positions (`what` names it in errors).
    ///
    /// # Errors
    /// As [`Script::call`], or an answer that is not an array of positions.
    pub(crate) fn positions(&self, name: &str, p: &Pos, out: &mut Vec<Pos>) -> Result<(), ScriptFailure> {
        if let Some(answer) = self.run_compiled(name, p) {
            // An answer that is not an array of positions is left to the
            // rhai call below, for its message.
            match answer.value {
                crate::compiled::Value::Unit => {
                    out.extend(answer.options);
                    return Ok(());
                }
                crate::compiled::Value::Array(items) => {
                    let start = out.len();
                    out.extend(answer.options);
                    out.reserve(items.len());
                    if items
                        .items()
                        .iter()
                        .all(|v| v.to_pos(0).map(|q| out.push(q)).is_some())
                    {
                        return Ok(());
                    }
                    out.truncate(start);
                }
                _ => {}
            }
        }
        self.sink.lock().unwrap_or_else(PoisonError::into_inner).clear();
        let answer = self.call(name, (p.to_dynamic(),), Some(p))?;
        out.append(&mut self.sink.lock().unwrap_or_else(PoisonError::into_inner));
        if answer.is_unit() {
            return Ok(());
        }
        let Some(items) = answer.read_lock::<rhai::Array>() else {
            return Err(ScriptFailure(format!(
                "{}: fn {name}({}) returned {}, not an array of positions (or nothing, after move_to(q) for each)",
                self.file,
                shorten(p),
                answer.type_name()
            )));
        };
        out.reserve(items.len());
        for (i, item) in items.iter().enumerate() {
            let q = Pos::from_dynamic(item).map_err(|e| {
                ScriptFailure(format!(
                    "{}: fn {name}({}) returned an array whose item {i} is not a position: {e}",
                    self.file,
                    shorten(p)
                ))
            })?;
            out.push(q);
        }
        Ok(())
    }

    /// The answer of hook `name` on `p` by its compiled form, when it is
    /// compiled and the call did not bail.
    fn run_compiled(&self, name: &str, p: &Pos) -> Option<crate::compiled::Answer> {
        let compiled = self.compiled.as_ref()?;
        if !compiled.has(name) {
            return None;
        }
        let env = crate::compiled::Env {
            engine: &self.engine,
            sink: &self.sink,
            monitor: self.meter.monitor.get().copied(),
        };
        compiled.run(name, p, &env)
    }

    /// The compiled hooks (for tests).
    #[cfg(test)]
    pub(crate) fn compiled_for_tests(&self) -> Option<&crate::compiled::Compiled> {
        self.compiled.as_ref()
    }

    /// Calls hook `name` on position `p` (compiled when it can be), for its
    /// value: what [`Script::call`] answers.
    ///
    /// # Errors
    /// As [`Script::call`].
    pub(crate) fn call_hook(&self, name: &str, p: &Pos) -> Result<Dynamic, ScriptFailure> {
        if let Some(answer) = self.run_compiled(name, p)
            && answer.options.is_empty()
        {
            return Ok(answer.value.to_dynamic());
        }
        self.call(name, (p.to_dynamic(),), Some(p))
    }

    /// Reads a position typed by the user: `fn parse(text)` when the script
    /// has it, else `text` evaluated as a rhai expression (a literal such as
    /// `[3, 4]`; no statements, so nothing else runs).
    ///
    /// # Errors
    /// The script's error (column 1, the whole text), a syntax error of the
    /// literal (its column), or a value that is not a position.
    pub(crate) fn parse_text(&self, text: &str) -> Result<Pos, sprague::ParseError> {
        let whole = |message: String| sprague::ParseError::new(message, 1, text.trim());
        let value = if self.hooks.parse {
            let v = self
                .call("parse", (Dynamic::from(text.to_string()),), None)
                .map_err(|e| whole(e.0))?;
            if v.is_unit() {
                return Err(whole(format!(
                    "not a position of {} (fn parse returned nothing)",
                    self.file
                )));
            }
            v
        } else {
            self.engine.eval_expression::<Dynamic>(text).map_err(|e| {
                let column = e.position().position().unwrap_or(1);
                let what = bare(e.unwrap_inner());
                sprague::ParseError::new(
                    format!("not a rhai literal ({what}); {} has no fn parse(text)", self.file),
                    column,
                    text.chars()
                        .skip(column.saturating_sub(1))
                        .take(12)
                        .collect::<String>(),
                )
            })?
        };
        Pos::from_dynamic(&value).map_err(|e| whole(e.to_string()))
    }

    /// Whether positions split into components: by `fn components(p)`, or
    /// natively by `fn regions()`.
    pub(crate) fn has_components(&self) -> bool {
        self.hooks.components || self.regions.is_some()
    }

    /// The cell characters of the game's boards and graphs.
    pub(crate) fn cells(&self) -> Cells {
        *self.cells.read().unwrap_or_else(PoisonError::into_inner)
    }

    /// Records `failure` as the request's error, if it is the first.
    pub(crate) fn fail(&self, failure: ScriptFailure) {
        let mut slot = self.failure.lock().unwrap_or_else(PoisonError::into_inner);
        if slot.is_none() {
            *slot = Some(failure.0);
        }
    }

    /// Whether a call of this request failed already (later calls return
    /// nothing, so the search ends quickly).
    pub(crate) fn failed(&self) -> bool {
        self.failure
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .is_some()
    }

    /// Takes the request's error, leaving none.
    pub(crate) fn take_failure(&self) -> Option<String> {
        self.failure.lock().unwrap_or_else(PoisonError::into_inner).take()
    }
}

/// Part `i` of a sum made by `move_to` or `sum`, as a position.
fn part(value: &Dynamic, i: usize, what: &str) -> Result<Pos, String> {
    if let Ok(n) = value.as_int() {
        return Ok(Pos::Int(n));
    }
    Pos::from_dynamic(value).map_err(|e| format!("{what}: part {i}: {e}"))
}

/// A failed script call: one line naming the file, the place and the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptFailure(pub String);

impl core::fmt::Display for ScriptFailure {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The line and column (from 1, in characters) of the first method call
/// `.name(` in `source` outside `//` comments, spaces allowed around the
/// name.
fn method_call(source: &str, name: &str) -> Option<(usize, usize)> {
    for (l, line) in source.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        for (at, _) in code.match_indices('.') {
            let rest = code[at + 1..].trim_start();
            if let Some(after) = rest.strip_prefix(name)
                && after.trim_start().starts_with('(')
            {
                return Some((l + 1, code[..at].chars().count() + 1));
            }
        }
    }
    None
}

/// `file:line:column` (or `file` alone when rhai gives no position).
fn at(file: &str, pos: Position) -> String {
    match (pos.line(), pos.position()) {
        (Some(l), Some(c)) => format!("{file}:{l}:{c}"),
        (Some(l), None) => format!("{file}:{l}"),
        _ => file.to_string(),
    }
}

/// A position for an error message, cut to a readable length.
pub(crate) fn shorten(p: &Pos) -> String {
    let text = p.to_string();
    if text.chars().count() <= 80 {
        text
    } else {
        let cut: String = text.chars().take(77).collect();
        format!("{cut}...")
    }
}

/// The one-line message of a runtime error: where (innermost position in
/// the file), in which call, on which position, and what.
fn runtime_message(file: &str, place: &str, on: Option<&Pos>, e: &EvalAltResult) -> String {
    let inner = e.unwrap_inner();
    let pos = if inner.position().is_none() {
        e.position()
    } else {
        inner.position()
    };
    let what = bare(inner);
    let what = match inner {
        EvalAltResult::ErrorTooManyOperations(..) => {
            "the script ran out of operations (an endless loop? raise the limit with --max-ops N)".to_string()
        }
        EvalAltResult::ErrorTerminated(token, _) if token.clone().into_string().is_ok_and(|t| t == OUT_OF_OPS) => {
            "the script ran out of operations (an endless loop, or an array grown one item at a time? raise the limit with --max-ops N)".to_string()
        }
        EvalAltResult::ErrorTerminated(..) => "stopped (Ctrl-C or the memory budget)".to_string(),
        EvalAltResult::ErrorDataTooLarge(..) => {
            format!("{what}: the script built a value larger than the sandbox allows")
        }
        EvalAltResult::ErrorStackOverflow(..) => {
            "the script's calls nest too deeply (endless recursion?)".to_string()
        }
        _ => what.to_string(),
    };
    let on = on.map_or(String::new(), |p| format!(" on position {}", shorten(p)));
    format!("{}: runtime error in {place}{on}: {what}", at(file, pos))
}

/// The message of `e` without rhai's ` (line L, position C)` suffix.
fn bare(e: &EvalAltResult) -> String {
    let text = e.to_string();
    let pos = e.position();
    if pos.is_none() {
        return text;
    }
    let suffix = format!(" ({pos})");
    text.strip_suffix(&suffix)
        .map_or_else(|| text.clone(), str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn method_calls_are_found_outside_comments() {
        let src = "fn components(g) {\n  // g.components(\".x\")\n  let n = 1; g . components (\".xo\")\n}";
        assert_eq!(method_call(src, "components"), Some((3, 16)));
        assert_eq!(method_call("components(g, \".x\")", "components"), None);
        assert_eq!(method_call("g.components_of(1)", "components"), None);
    }

    /// A hook that calls `g.components(…)` would call itself; it is refused
    /// when the script loads, with its place, and the call form works.
    #[test]
    fn a_components_hook_may_call_the_graph_block() {
        let base = "fn cells() { \".xo#\" }\nfn parse(t) { graph(t) }\nfn left(g) { g.mark(\".x\", \"xx##\") }\nfn right(g) { g.mark(\".o\", \"o#o#\") }\n";
        let method = format!("{base}fn components(g) {{ g.components(\".xo\") }}\n");
        let err = Script::compile("snort.rhai", &method, Limits::default()).err();
        let err = err.map(|e| e.to_string()).unwrap_or_default();
        assert!(
            err.starts_with("snort.rhai:5:21: `.components(…)` calls"),
            "{err}"
        );
        let call = format!("{base}fn components(g) {{ components(g, \".xo\") }}\n");
        assert!(Script::compile("snort.rhai", &call, Limits::default()).is_ok());
    }
}
