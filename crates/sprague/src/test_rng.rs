//! A small deterministic random source for the unit tests: Marsaglia's
//! xorshift64 (13, 7, 17), so that every run draws the same cases.

/// Xorshift64 with the shifts 13, 7, 17 (Marsaglia, "Xorshift RNGs", 2003).
pub(crate) struct XorShift(u64);

impl XorShift {
    /// A generator from a nonzero `seed`.
    pub(crate) const fn new(seed: u64) -> Self {
        XorShift(seed)
    }

    /// The next 64 bits.
    pub(crate) fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
}
