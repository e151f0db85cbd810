//! The process's heap, counted, so that the memory budget (`--max-memory`)
//! holds for every computation, the loops that poll the monitor and the
//! ones that do not.
//!
//! The global allocator wraps the system's and keeps the bytes held. Each
//! thread adds its allocations and frees to a counter of its own and passes
//! it to the shared count once it has moved by [`FLUSH`] bytes, so the hot
//! path is a thread-local add and compare; the shared count is off by at
//! most [`FLUSH`] per thread.
//!
//! Each time the shared count grows, the memory the computation takes is
//! the larger of the bytes held and the growth of the resident memory since
//! the budget was set (the resident memory also holds what the system's
//! allocator keeps of freed blocks; the program's own code and start-up are
//! not the computation's). Two limits, both set from the budget by [`arm`]:
//! - past the **soft** limit (15/16 of the budget), the computation is asked
//!   to stop through the monitor, which then reports the memory budget: a
//!   loop that polls the monitor ends with its usual message and the work
//!   done;
//! - past the **hard** limit (the budget), before the allocation that would
//!   pass it is made, the process prints the same one-line budget error and
//!   exits with code 2. A loop that does not poll cannot read past the
//!   budget.
//!
//! The one module of the command that allows `unsafe` code: a global
//! allocator is an `unsafe` trait. Each method forwards its arguments
//! unchanged to [`System`] and only counts.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};

/// Bytes a thread's own count moves before it is passed to the shared one.
pub const FLUSH: i64 = 256 << 10;

/// The global allocator of the `sprague` command.
pub struct CountingHeap;

/// Bytes held by the process, as passed on by the threads.
static HELD: AtomicI64 = AtomicI64::new(0);
/// The hard limit in bytes (`i64::MAX`: none); the soft one is 15/16 of it.
static HARD: AtomicI64 = AtomicI64::new(i64::MAX);
/// The resident memory when the limits were set.
static BASE: AtomicI64 = AtomicI64::new(0);
/// Set once the process is leaving for the hard limit: every allocation
/// after that (the message's own) passes unchecked.
static LEAVING: AtomicBool = AtomicBool::new(false);

thread_local! {
    /// This thread's allocations minus its frees since it last passed them on.
    static PENDING: Cell<i64> = const { Cell::new(0) };
}

/// Sets the limits from the memory budget `max_memory` (bytes): the soft
/// limit at 15/16 of it, the hard limit at it, both counted from the
/// resident memory now. O(1).
pub fn arm(max_memory: u64) {
    BASE.store(resident(), Ordering::Relaxed);
    HARD.store(i64::try_from(max_memory).unwrap_or(i64::MAX), Ordering::Relaxed);
}

/// Counts `delta` bytes allocated (negative: freed) by this thread, before
/// an allocation is made or after a free.
#[inline]
fn count(delta: i64) {
    let pending = PENDING.with(|p| {
        let v = p.get().saturating_add(delta);
        if v.unsigned_abs() < FLUSH.unsigned_abs() {
            p.set(v);
            0
        } else {
            p.set(0);
            v
        }
    });
    if pending != 0 {
        pass_on(pending);
    }
}

/// Adds `pending` to the shared count and, when it grew, compares the
/// memory the computation takes with the limits: the larger of the bytes
/// held and the growth of the resident memory (one small file read per
/// [`FLUSH`] bytes of growth).
#[cold]
fn pass_on(pending: i64) {
    let held = HELD.fetch_add(pending, Ordering::Relaxed).saturating_add(pending);
    if pending < 0 || LEAVING.load(Ordering::Relaxed) {
        return;
    }
    let used = held.max(resident().saturating_sub(BASE.load(Ordering::Relaxed)));
    let hard = HARD.load(Ordering::Relaxed);
    if used > hard {
        leave(used);
    } else if used > hard - hard / 16 {
        // Stopped on the way to the budget: it would need at least that much.
        let needed = used.max(hard);
        crate::progress::monitor().stop_for_memory(u64::try_from(needed).unwrap_or(0));
    }
}

/// The resident memory of the process in bytes, or 0 where it cannot be
/// read. The core's reader allocates a small string: that allocation comes
/// back through [`count`], far below [`FLUSH`], and is passed on later.
fn resident() -> i64 {
    sprague::budget::resident_memory().map_or(0, |r| i64::try_from(r).unwrap_or(i64::MAX))
}

/// Prints the budget error and exits with code 2, before the allocation
/// that would pass the hard limit is made.
#[cold]
fn leave(used: i64) -> ! {
    if LEAVING.swap(true, Ordering::SeqCst) {
        // Another thread is printing the message and exiting.
        loop {
            std::thread::park();
        }
    }
    let e = sprague::MemoryExceeded {
        what: "the computation",
        needed: u64::try_from(used).unwrap_or(0),
        max_memory: u64::try_from(HARD.load(Ordering::Relaxed)).unwrap_or(0),
    };
    let message = crate::error::CliError::from(e).to_string();
    let mut err = std::io::stderr().lock();
    // On a terminal the line starts below a progress bar.
    let lead = if err.is_terminal() { "\n" } else { "" };
    let _ = writeln!(err, "{lead}sprague: error: {message}");
    let _ = err.flush();
    std::process::exit(2)
}

/// Converts a size to the counted delta.
#[inline]
fn bytes(size: usize) -> i64 {
    i64::try_from(size).unwrap_or(i64::MAX)
}

// SAFETY: every method forwards its arguments unchanged to `System`, whose
// contract is the one asked of a global allocator; counting touches only
// atomics and a `Cell` of this thread (const-initialised, no destructor, so
// it needs no allocation and is reachable while a thread starts or ends).
unsafe impl GlobalAlloc for CountingHeap {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(bytes(layout.size()));
        // SAFETY: the caller's contract for `alloc`, passed on.
        unsafe { System.alloc(layout) }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count(bytes(layout.size()));
        // SAFETY: the caller's contract for `alloc_zeroed`, passed on.
        unsafe { System.alloc_zeroed(layout) }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract for `dealloc`, passed on.
        unsafe { System.dealloc(ptr, layout) };
        count(-bytes(layout.size()));
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count(bytes(new_size) - bytes(layout.size()));
        // SAFETY: the caller's contract for `realloc`, passed on.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}
