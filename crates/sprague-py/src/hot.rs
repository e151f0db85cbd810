//! The hot path of a search over a game written in Python, run once for
//! each position the search meets: the call of a game's method with one
//! position, the clock that times it, and the reading of the list of
//! positions a method returns and of a position that is a tuple of ints.
//! Through pyo3's safe API under the stable ABI, each call builds and frees
//! a one-element argument tuple, each clock read goes through the system
//! clock, and each int read checks its type through the interpreter; here
//! the argument is passed on the stack (CPython's
//! `PyObject_CallFunctionObjArgs`), the interval is read from the
//! processor's time-stamp counter where there is one, and an int is known
//! by its type pointer. This module is the crate's one use of `unsafe`.

#![allow(unsafe_code)]

use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};
use std::time::Instant;

/// `f(arg)`.
pub fn call_one<'py>(f: &Bound<'py, PyAny>, arg: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let py = f.py();
    // SAFETY: `f` and `arg` are live objects that their `Bound`s keep alive
    // for the whole call, the interpreter is attached (a `Bound` exists only
    // while it is), and the variadic argument list ends with the null
    // pointer the function requires. The result is a new reference, or null
    // with an exception set, which `from_owned_ptr_or_err` takes over.
    unsafe {
        let r = ffi::PyObject_CallFunctionObjArgs(
            f.as_ptr(),
            arg.as_ptr(),
            core::ptr::null_mut::<ffi::PyObject>(),
        );
        Bound::from_owned_ptr_or_err(py, r)
    }
}

/// `f(a, b)`.
pub fn call_two<'py>(
    f: &Bound<'py, PyAny>,
    a: &Bound<'py, PyAny>,
    b: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = f.py();
    // SAFETY: as for `call_one`, with two arguments before the null pointer.
    unsafe {
        let r = ffi::PyObject_CallFunctionObjArgs(
            f.as_ptr(),
            a.as_ptr(),
            b.as_ptr(),
            core::ptr::null_mut::<ffi::PyObject>(),
        );
        Bound::from_owned_ptr_or_err(py, r)
    }
}

/// A clock for summing many short intervals: [`Clock::now`] reads a tick
/// count (the time-stamp counter on x86-64, nanoseconds of the system clock
/// elsewhere), and [`Clock::seconds`] converts a sum of ticks by the rate
/// seen since the clock was made.
pub struct Clock {
    made: Instant,
    made_ticks: u64,
}

impl Clock {
    /// A clock started now.
    pub fn new() -> Clock {
        let made = Instant::now();
        Clock {
            made,
            made_ticks: ticks(made),
        }
    }

    /// The tick count now.
    #[inline]
    pub fn now(&self) -> u64 {
        ticks(self.made)
    }

    /// Seconds since the clock was made.
    pub fn elapsed(&self) -> f64 {
        self.made.elapsed().as_secs_f64()
    }

    /// `ticks` in seconds, at most the seconds since the clock was made (a
    /// counter that differs between processors could give more).
    pub fn seconds(&self, ticks: u64) -> f64 {
        let seconds = self.elapsed();
        let passed = self.now().saturating_sub(self.made_ticks);
        if passed == 0 {
            return 0.0;
        }
        (ticks as f64 * seconds / passed as f64).min(seconds)
    }
}

/// The tick count: the time-stamp counter on x86-64.
#[cfg(target_arch = "x86_64")]
#[inline]
fn ticks(_made: Instant) -> u64 {
    // SAFETY: `rdtsc` reads a counter, touches no memory, and is part of
    // the x86-64 baseline.
    unsafe { core::arch::x86_64::_rdtsc() }
}

/// The tick count: nanoseconds since `made`.
#[cfg(not(target_arch = "x86_64"))]
#[inline]
fn ticks(made: Instant) -> u64 {
    u64::try_from(made.elapsed().as_nanos()).unwrap_or(u64::MAX)
}

/// The ints of `t` into `out` when `t` has at most eight items, each an
/// exact int that fits in `i64`: the count of them; `None` otherwise.
#[inline]
pub fn tuple_ints(t: &Bound<'_, PyTuple>, out: &mut [i64; 8]) -> Option<usize> {
    let p = t.as_ptr();
    // SAFETY: `t` is a live tuple (its `Bound` keeps it alive, and the
    // interpreter is attached), and a tuple's length never changes.
    // `PyTuple_GetItem` is called with an index below that length and gives
    // a borrowed reference to a live item, kept alive by the tuple while it
    // is read here (null only for an index out of range, which the loop
    // cannot make; it is still checked). The item's type is read through
    // `Py_TYPE` and compared with the int type's address: an exact int,
    // whose value `PyLong_AsLongAndOverflow` reads without raising (an int
    // needs no conversion), flagging one outside `c_long` in `overflow`.
    unsafe {
        let n = usize::try_from(ffi::PyTuple_Size(p)).ok()?;
        if n > out.len() {
            return None;
        }
        for (i, slot) in out.iter_mut().enumerate().take(n) {
            let item = ffi::PyTuple_GetItem(p, i as ffi::Py_ssize_t);
            if item.is_null() {
                ffi::PyErr_Clear();
                return None;
            }
            if ffi::Py_TYPE(item) != &raw mut ffi::PyLong_Type {
                return None;
            }
            let mut overflow = 0;
            let v = ffi::PyLong_AsLongAndOverflow(item, &mut overflow);
            if overflow != 0 {
                return None;
            }
            // `c_long` is 32 bits wide on some platforms.
            #[allow(clippy::useless_conversion)]
            {
                *slot = i64::from(v);
            }
        }
        Some(n)
    }
}

/// Item `i` of `list` (a new reference), or `None` when `i` is not below
/// its length at this call (a list that changes while it is read is still
/// read safely; the `None` costs an exception made and cleared, so callers
/// stop at the length they read first).
#[inline]
pub fn list_item<'py>(list: &Bound<'py, PyList>, i: usize) -> Option<Bound<'py, PyAny>> {
    let i = ffi::Py_ssize_t::try_from(i).ok()?;
    let py = list.py();
    // SAFETY: `list` is a live list (its `Bound` keeps it alive, and the
    // interpreter is attached). `PyList_GetItem` checks `i` against the
    // list's length and gives a borrowed reference to a live item, or null
    // with an `IndexError` set (cleared here); the item is taken as a new
    // reference at once, before any Python code can run.
    unsafe {
        let item = ffi::PyList_GetItem(list.as_ptr(), i);
        if item.is_null() {
            ffi::PyErr_Clear();
            return None;
        }
        Some(Bound::from_borrowed_ptr(py, item))
    }
}
