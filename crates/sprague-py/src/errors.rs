//! Python exceptions for the engine's errors, and the watch every call runs
//! under: a monitor whose poll looks for Python signals (Ctrl-C), and the
//! first Python error raised by user code during the call.

use pyo3::exceptions::{PyKeyboardInterrupt, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::{create_exception, exceptions::PyException};
use sprague::{Monitor, monitor::Stopped};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

create_exception!(
    sprague,
    SpragueError,
    PyException,
    "Base class of the errors sprague raises for its own reasons."
);
create_exception!(
    sprague,
    BudgetError,
    SpragueError,
    "A search reached its state budget; pass a larger `max_states=` to go further."
);
create_exception!(
    sprague,
    NotationError,
    PyValueError,
    "Text that does not parse. `column` (1-based) says where, `text` is the input."
);

/// Where the first Python error of a call waits to be raised.
type Pending = Arc<Slot>;

/// The waiting error, and whether there is one: read before every call of
/// user code, without taking the lock.
#[derive(Default)]
struct Slot {
    error: Mutex<Option<PyErr>>,
    waiting: AtomicBool,
}

/// The monitor of one call, polling Python's signal handlers at every batch of
/// work, and the first Python error met (a signal handler's, or user code's).
pub struct Watch {
    /// The monitor the engine's solvers report to.
    pub monitor: Monitor,
    pending: Pending,
}

impl Watch {
    /// A fresh watch: no error, no stop.
    pub fn new() -> Self {
        let pending: Pending = Arc::default();
        let slot = Arc::clone(&pending);
        let monitor = Monitor::new().with_poll(move || {
            Python::attach(|py| match py.check_signals() {
                Ok(()) => false,
                Err(e) => {
                    store(&slot, e);
                    true
                }
            })
        });
        Watch { monitor, pending }
    }

    /// Records `e` (unless an earlier error is waiting) and stops the search.
    pub fn fail(&self, e: PyErr) {
        store(&self.pending, e);
        self.monitor.stop();
    }

    /// Whether an error is waiting.
    pub fn failed(&self) -> bool {
        self.pending.waiting.load(Ordering::Acquire)
    }

    /// The waiting error, if any.
    pub fn take(&self) -> Option<PyErr> {
        let taken = self.pending.error.lock().ok().and_then(|mut p| p.take());
        self.pending.waiting.store(false, Ordering::Release);
        taken
    }

    /// `Err` with the waiting error, if any.
    pub fn check(&self) -> PyResult<()> {
        self.take().map_or(Ok(()), Err)
    }

    /// The Python exception for an engine error: the waiting Python error
    /// first (it is why the engine stopped), else the engine's own.
    pub fn error(&self, py: Python<'_>, e: sprague::Error) -> PyErr {
        self.take().unwrap_or_else(|| engine_error(py, e))
    }

    /// [`Watch::error`] for a search error.
    pub fn search_error<E: sprague::monitor::Failure>(&self, py: Python<'_>, e: Stopped<E>) -> PyErr {
        if let Some(p) = self.take() {
            return p;
        }
        match e {
            Stopped::Budget(b) => budget_error(py, b.max_states),
            Stopped::Interrupted(_) => PyKeyboardInterrupt::new_err(e.to_string()),
            Stopped::Failed(f) => PyValueError::new_err(f.to_string()),
        }
    }
}

fn store(slot: &Pending, e: PyErr) {
    if let Ok(mut p) = slot.error.lock() {
        p.get_or_insert(e);
    }
    slot.waiting.store(true, Ordering::Release);
}

/// A [`BudgetError`] saying how to raise the budget, with `max_states` set.
pub fn budget_error(py: Python<'_>, max_states: usize) -> PyErr {
    let e = BudgetError::new_err(format!(
        "search stopped at its budget of {max_states} states; pass a larger max_states= to search further"
    ));
    let _ = e.value(py).setattr("max_states", max_states);
    e
}

/// The Python exception for an engine error.
pub fn engine_error(py: Python<'_>, e: sprague::Error) -> PyErr {
    match e {
        sprague::Error::Position { ref text, ref error } => {
            notation_error(py, &e.to_string(), text, error.column)
        }
        sprague::Error::Input(m) => PyValueError::new_err(m),
        sprague::Error::UnknownRuleset { ref name, suggestion } => {
            let err = PyValueError::new_err(e.to_string());
            let _ = err.value(py).setattr("name", name);
            let _ = err.value(py).setattr("suggestion", suggestion);
            err
        }
        sprague::Error::Unsupported(verb) => {
            let err = PyValueError::new_err(e.to_string());
            let _ = err.value(py).setattr("verb", verb.name());
            err
        }
        sprague::Error::Search(Stopped::Budget(b)) => budget_error(py, b.max_states),
        sprague::Error::Search(s @ Stopped::Interrupted(_)) => PyKeyboardInterrupt::new_err(s.to_string()),
        sprague::Error::Search(Stopped::Failed(never)) => match never {},
        sprague::Error::Internal(m) => SpragueError::new_err(m),
        sprague::Error::Memory(m) => {
            let e = BudgetError::new_err(format!("{m}; the memory budget is the engine's default"));
            let _ = e.value(py).setattr("max_memory", m.max_memory);
            e
        }
    }
}

/// A [`NotationError`] with its `column` and `text`.
pub fn notation_error(py: Python<'_>, message: &str, text: &str, column: usize) -> PyErr {
    let e = NotationError::new_err(message.to_string());
    let v = e.value(py);
    let _ = v.setattr("column", column);
    let _ = v.setattr("text", text);
    e
}

/// A `TypeError` naming what was expected and the type that came.
pub fn type_error(what: &str, got: &Bound<'_, PyAny>) -> PyErr {
    let name = got
        .get_type()
        .name()
        .map_or_else(|_| "?".to_string(), |n| n.to_string());
    PyTypeError::new_err(format!("{what}, not {name}"))
}

/// `e` with a note naming the call of user code that raised it (Python 3.11+
/// shows notes under the traceback; older versions keep `e` as it is).
pub fn with_note(py: Python<'_>, e: PyErr, note: &str) -> PyErr {
    let v = e.value(py);
    if v.hasattr("add_note").unwrap_or(false) {
        let _ = v.call_method1("add_note", (note,));
    } else {
        // Before 3.11: the same list, read by whoever looks for it.
        let notes = v
            .getattr("__notes__")
            .ok()
            .and_then(|n| n.cast_into::<pyo3::types::PyList>().ok());
        match notes {
            Some(list) => {
                let _ = list.append(note);
            }
            None => {
                let _ = v.setattr("__notes__", vec![note]);
            }
        }
    }
    e
}
