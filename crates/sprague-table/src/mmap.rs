//! The crate's only unsafe code: mapping a table file into memory.

#![allow(unsafe_code)]

use std::fs::File;
use std::ops::Deref;

/// A read-only memory map of a whole file.
pub(crate) struct Mapped(memmap2::Mmap);

impl Mapped {
    /// Maps `file` read-only.
    ///
    /// # Errors
    /// The operating system's error.
    pub(crate) fn new(file: &File) -> std::io::Result<Mapped> {
        // SAFETY: `Mmap::map` is unsafe because another process could change
        // or truncate the file while it is mapped, which would change bytes
        // behind a `&[u8]` (or fault on access past a truncation). Table files
        // are written once to a temporary name and renamed into place, never
        // modified afterwards, so a mapped table does not change; every block
        // read is still checked against its crc32 before it is used, so a
        // file damaged on disk is reported, not trusted.
        unsafe { memmap2::Mmap::map(file) }.map(Mapped)
    }
}

impl Deref for Mapped {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.0
    }
}
