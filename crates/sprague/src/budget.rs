//! State budgets: how searches stop cleanly instead of exhausting memory.

use core::fmt;

/// A search stopped because it reached its state budget.
///
/// The message names the budget reached; raise it with the solvers'
/// `with_max_states` (e.g. [`crate::impartial::GrundySolver::with_max_states`]). Each
/// stored state costs roughly 50-150 bytes (measured: 141 bytes per misère
/// Kayles position), more for positions of many pieces.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct BudgetExceeded {
    /// The budget that was reached, in stored states.
    pub max_states: usize,
}

impl fmt::Display for BudgetExceeded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "search stopped at its budget of {} states", self.max_states)
    }
}

impl std::error::Error for BudgetExceeded {}

/// Default state budget of the searching solvers: 20 million stored states, a
/// few GiB at most for typical positions.
pub const DEFAULT_MAX_STATES: usize = 20_000_000;

/// A computation would need more memory than its budget allows: refused
/// before allocating (a size read from the input) or stopped when the
/// process's resident memory passed the budget (see
/// [`Monitor::set_max_memory`](crate::monitor::Monitor::set_max_memory)).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MemoryExceeded {
    /// What needs the memory (e.g. `"the graph's vertices"`).
    pub what: &'static str,
    /// The bytes needed (estimated up front, or resident when measured).
    pub needed: u64,
    /// The budget, in bytes.
    pub max_memory: u64,
}

impl fmt::Display for MemoryExceeded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} needs {} or more, past the memory budget of {}",
            self.what,
            format_bytes(self.needed),
            format_bytes(self.max_memory)
        )
    }
}

impl std::error::Error for MemoryExceeded {}

/// `bytes` for people: `512 B`, `1.5 KiB`, `3.2 GiB`, … (binary units).
#[must_use]
pub fn format_bytes(bytes: u64) -> String {
    const UNITS: [&str; 6] = ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
    if bytes < 1024 {
        return format!("{bytes} B");
    }
    #[allow(clippy::cast_precision_loss)] // a rounded figure for a message
    let mut v = bytes as f64 / 1024.0;
    let mut unit = 0;
    while v >= 1024.0 && unit + 1 < UNITS.len() {
        v /= 1024.0;
        unit += 1;
    }
    format!("{v:.1} {}", UNITS[unit])
}

/// The memory budget when none is set: half of the machine's RAM where the
/// system says how much there is (`/proc/meminfo` on Linux), else
/// [`FALLBACK_MAX_MEMORY`] (e.g. on wasm32, whose memory is at most 4 GiB).
/// Read once per process. O(1) after the first call.
#[must_use]
pub fn default_max_memory() -> u64 {
    static DEFAULT: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *DEFAULT.get_or_init(|| total_ram().map_or(FALLBACK_MAX_MEMORY, |t| (t / 2).max(64 << 20)))
}

/// The memory budget where the size of the RAM cannot be read: 1 GiB.
pub const FALLBACK_MAX_MEMORY: u64 = 1 << 30;

/// The machine's RAM in bytes, from `MemTotal` in `/proc/meminfo`.
fn total_ram() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

/// The resident memory of this process in bytes (`/proc/self/statm` on
/// Linux), or `None` where it cannot be read. One small file read.
#[must_use]
#[cfg(not(target_arch = "wasm32"))]
pub fn resident_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = text.split_whitespace().nth(1)?.parse().ok()?;
    // The page size is 4 KiB on the Linux targets this runs on.
    pages.checked_mul(4096)
}

/// The memory of this WebAssembly instance in bytes: its linear memory, which
/// only grows (64 KiB pages). O(1).
#[must_use]
#[cfg(target_arch = "wasm32")]
pub fn resident_memory() -> Option<u64> {
    let pages = core::arch::wasm32::memory_size::<0>() as u64;
    pages.checked_mul(64 << 10)
}

/// Whether a hash table that is full (`len` entries in `capacity` usable
/// slots, so the next insertion reallocates) may grow within `max_memory`:
/// while the table grows, the old slots and twice as many new ones are held
/// at once, so the resident memory plus the new table of `2 · capacity`
/// slots of `entry_bytes` bytes (and the ⅛ spare slots and one control byte
/// each of a swiss table) must fit. Always `true` while the table has room
/// or where the resident memory cannot be read. One small file read, only
/// when the table is full: O(1) amortised per insertion.
///
/// A cache answers "not cached" instead of growing past the budget; a table
/// that must grow reports [`MemoryExceeded`] (see [`table_growth`]).
#[must_use]
pub fn table_may_grow(len: usize, capacity: usize, entry_bytes: usize, max_memory: u64) -> bool {
    table_growth(len, capacity, entry_bytes, max_memory, "the table").is_ok()
}

/// [`table_may_grow`] as a check: [`MemoryExceeded`] naming `what`, with
/// the bytes the table would need after growing, when its growth would pass
/// `max_memory`.
///
/// # Errors
/// [`MemoryExceeded`] past the budget.
///
/// ```
/// use sprague::budget::table_growth;
/// // A table with room never needs a check.
/// assert!(table_growth(3, 7, 1 << 40, 1, "positions").is_ok());
/// // A full table of 2^20 slots of 1 KiB cannot grow within 1 MiB.
/// let e = table_growth(1 << 20, 1 << 20, 1024, 1 << 20, "positions").unwrap_err();
/// assert!(e.to_string().starts_with("positions needs"));
/// ```
pub fn table_growth(
    len: usize,
    capacity: usize,
    entry_bytes: usize,
    max_memory: u64,
    what: &'static str,
) -> Result<(), MemoryExceeded> {
    if len < capacity {
        return Ok(());
    }
    let Some(resident) = resident_memory() else {
        return Ok(());
    };
    let slots = (capacity as u64).max(4).saturating_mul(2).saturating_mul(8) / 7;
    let grown = slots.saturating_mul(entry_bytes as u64 + 1);
    let needed = resident.saturating_add(grown);
    if needed > max_memory {
        Err(MemoryExceeded {
            what,
            needed,
            max_memory,
        })
    } else {
        Ok(())
    }
}

/// The allocation check every path whose size comes from the input makes
/// before allocating: `count` items of `item_bytes` bytes each for `what`,
/// against `max_memory`. Overflowing sizes are refused too. O(1).
///
/// ```
/// use sprague::budget::check_memory;
/// assert!(check_memory(1000, 8, "heaps", 1 << 20).is_ok());
/// let e = check_memory(u64::MAX, 8, "heaps", 1 << 20).unwrap_err();
/// assert_eq!(e.to_string(), "heaps needs 16.0 EiB or more, past the memory budget of 1.0 MiB");
/// ```
///
/// # Errors
/// [`MemoryExceeded`] when `count × item_bytes` is larger than `max_memory`.
pub fn check_memory(
    count: u64,
    item_bytes: u64,
    what: &'static str,
    max_memory: u64,
) -> Result<(), MemoryExceeded> {
    let needed = u128::from(count) * u128::from(item_bytes);
    if needed > u128::from(max_memory) {
        Err(MemoryExceeded {
            what,
            needed: u64::try_from(needed).unwrap_or(u64::MAX),
            max_memory,
        })
    } else {
        Ok(())
    }
}
