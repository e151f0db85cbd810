//! Hints to the processor and the memory system: start loading one element
//! of a slice into cache, for loops that know which random element they will
//! read a few iterations from now ([`prefetch`]); back a large table with
//! huge pages ([`advise_huge_pages`]).
//!
//! A prefetch never faults and changes no value, so a wrong or out-of-range
//! index costs at most a wasted load; on x86-64 the hint is the `prefetcht0`
//! instruction, elsewhere it does nothing. Calling the instruction needs
//! `unsafe` (the intrinsic is declared for processors with SSE, which every
//! x86-64 processor has); this module and `nimber/clmul.rs` are the crate's
//! only uses of it. So is the `madvise` call of [`advise_huge_pages`].

#![allow(unsafe_code)]

/// Hints that `slice[i]` will be read soon. No effect on any value; O(1).
#[inline(always)]
pub(crate) fn prefetch<T>(slice: &[T], i: usize) {
    #[cfg(target_arch = "x86_64")]
    {
        // The address is computed without dereferencing (`wrapping_add`), and
        // a prefetch of any address, mapped or not, neither faults nor
        // writes: the hint is sound for every index.
        let p = slice.as_ptr().wrapping_add(i).cast::<i8>();
        // SAFETY: `prefetcht0` reads no memory architecturally and cannot
        // fault; SSE is part of the x86-64 baseline.
        unsafe { core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(p) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (slice, i);
    }
}

/// A table of `len` copies of `fill` whose memory was advised onto huge
/// pages ([`advise_huge_pages`]) before the first write, so that the pages
/// are huge from their first touch: for the open-addressed memo tables,
/// read at random indices. O(len).
pub(crate) fn huge_table<T: Copy>(len: usize, fill: T) -> Vec<T> {
    let mut table = Vec::with_capacity(len);
    advise_huge_pages(table.spare_capacity_mut());
    table.resize(len, fill);
    table
}

/// Asks the kernel to back the whole 2 MiB blocks of `table` with huge
/// pages (Linux's transparent huge pages, `madvise(MADV_HUGEPAGE)`); no
/// effect elsewhere, or when the kernel declines. Call it before the table
/// is first written: the pages are then huge from their first touch.
///
/// A table of hundreds of megabytes read at random indices misses the
/// translation cache on nearly every read with 4 KiB pages (a page walk,
/// which in a virtual machine is itself many memory reads); with 2 MiB
/// pages its translations fit that cache. Changes no value; O(1).
pub(crate) fn advise_huge_pages<T>(table: &mut [T]) {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let start = table.as_mut_ptr() as usize;
        let end = start + core::mem::size_of_val(table);
        let first = start.next_multiple_of(HUGE);
        let last = end - end % HUGE;
        if last > first {
            // SAFETY: `first..last` lies inside the table, which this
            // function borrows mutably; `MADV_HUGEPAGE` changes how the
            // pages are backed, never their contents, and a refusal is
            // only an error code, ignored here.
            unsafe {
                libc::madvise(first as *mut libc::c_void, last - first, libc::MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = table;
    }
}
