//! The parts of the `sprague` command that are pure functions of their input:
//! its error type and the readers of graph files. They form a library so the
//! fuzz targets in `fuzz/` (outside the workspace) and tests reach the same
//! code the binary runs.

pub mod error;
pub mod input;
pub mod words;

/// The one monitor of the process: the running computation's progress, the
/// stop flag Ctrl-C raises, and the memory budget (`--max-memory`).
#[must_use]
pub fn monitor() -> &'static sprague::Monitor {
    static MONITOR: sprague::Monitor = sprague::Monitor::new();
    &MONITOR
}
