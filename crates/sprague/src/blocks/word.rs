//! The machine word that holds a board's cells, one bit a cell: `u64` for
//! boards of at most 64 cells (half the work of `u128`, and a shift by a
//! variable amount is one instruction), `u128` for any board. Code written
//! once over [`Word`] runs on the narrow word whenever the board fits.

/// A word of a board's cells (see the module documentation).
pub(crate) trait Word:
    Copy
    + Eq
    + core::ops::BitAnd<Output = Self>
    + core::ops::BitOr<Output = Self>
    + core::ops::BitXor<Output = Self>
    + core::ops::Not<Output = Self>
    + core::ops::Shl<u32, Output = Self>
    + core::ops::Shr<u32, Output = Self>
    + core::ops::BitOrAssign
    + core::ops::BitAndAssign
{
    /// No cell.
    const ZERO: Self;
    /// The low bits of `x` (all of the board's cells).
    fn of(x: u128) -> Self;
    /// The word as a 128-bit mask.
    fn wide(self) -> u128;
    /// The lowest set bit.
    fn lowest(self) -> Self;
    /// The sum, modulo the word size.
    fn plus(self, other: Self) -> Self;
    /// The product, modulo the word size.
    fn times(self, other: Self) -> Self;
    /// The bits moved `k` up; none once `k` reaches the word size.
    fn up(self, k: usize) -> Self;
    /// The bits moved `k` down; none once `k` reaches the word size.
    fn down(self, k: usize) -> Self;
    /// Number of set bits.
    fn ones(self) -> u32;
    /// The mask of the first `k` bits (every bit once `k` reaches the word
    /// size), made in the word itself: cheaper than cutting a 128-bit mask.
    fn low(k: usize) -> Self;
}

/// [`Word`] for one unsigned type (the cast keeps the low bits).
macro_rules! word {
    ($t:ty) => {
        impl Word for $t {
            const ZERO: Self = 0;
            #[inline]
            fn of(x: u128) -> Self {
                x as $t
            }
            #[inline]
            fn wide(self) -> u128 {
                u128::from(self)
            }
            #[inline]
            fn lowest(self) -> Self {
                self & self.wrapping_neg()
            }
            #[inline]
            fn plus(self, other: Self) -> Self {
                self.wrapping_add(other)
            }
            #[inline]
            fn times(self, other: Self) -> Self {
                self.wrapping_mul(other)
            }
            #[inline]
            fn up(self, k: usize) -> Self {
                self.checked_shl(u32::try_from(k).unwrap_or(u32::MAX))
                    .unwrap_or(0)
            }
            #[inline]
            fn down(self, k: usize) -> Self {
                self.checked_shr(u32::try_from(k).unwrap_or(u32::MAX))
                    .unwrap_or(0)
            }
            #[inline]
            fn ones(self) -> u32 {
                self.count_ones()
            }
            #[inline]
            fn low(k: usize) -> Self {
                if k >= <$t>::BITS as usize {
                    <$t>::MAX
                } else {
                    (1 << k) - 1
                }
            }
        }
    };
}

word!(u64);
word!(u128);

#[cfg(test)]
mod tests {
    use super::Word;

    /// The narrow and the wide word agree on every operation where the
    /// narrow one holds the result, and shifts past the word give nothing.
    #[test]
    fn narrow_and_wide_words_agree() {
        let xs = [0u64, 1, 0x8000_0000_0000_0001, 0x0123_4567_89ab_cdef, u64::MAX];
        for &x in &xs {
            let w = u128::from(x);
            assert_eq!(<u64 as Word>::of(w).wide(), w);
            assert_eq!(x.lowest().wide(), w.lowest() & u128::from(u64::MAX));
            assert_eq!(x.ones(), w.ones());
            for k in [0usize, 1, 5, 63, 64, 127, 128, 1000] {
                assert_eq!(x.down(k).wide(), w.down(k), "down {k}");
                assert_eq!(x.up(k).wide(), w.up(k) & u128::from(u64::MAX), "up {k}");
            }
            for &y in &xs {
                let v = u128::from(y);
                assert_eq!(x.plus(y).wide(), w.plus(v) & u128::from(u64::MAX));
                assert_eq!(x.times(y).wide(), w.times(v) & u128::from(u64::MAX));
            }
        }
    }
}
