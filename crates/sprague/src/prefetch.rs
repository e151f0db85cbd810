//! A hint to the processor to start loading one element of a slice into
//! cache, for loops that know which random element they will read a few
//! iterations from now.
//!
//! A prefetch never faults and changes no value, so a wrong or out-of-range
//! index costs at most a wasted load; on x86-64 the hint is the `prefetcht0`
//! instruction, elsewhere it does nothing. Calling the instruction needs
//! `unsafe` (the intrinsic is declared for processors with SSE, which every
//! x86-64 processor has); this module and `nimber/clmul.rs` are the crate's
//! only uses of it.

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
