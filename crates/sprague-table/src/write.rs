//! Writing a table file.

use crate::TableError;
use crate::format::{BlockEntry, ENCODING_U16, Header, compress, index_bytes};
use std::io::Write;

/// Writes `codes` (one per index, see [`crate::code`]) of ruleset `ruleset`
/// as a table file at `path`, in blocks of `block_states` indices. The file
/// is written under a temporary name beside `path` and renamed into place, so
/// `path` is never a half-written table; only a missing path or a regular
/// file is replaced ([`crate::check_replaceable`], checked before the work
/// and again before the rename). O(N) time; the compressed blocks are held
/// in memory until written.
///
/// # Errors
/// [`TableError::Input`] for a path that is not a regular file (a device, a
/// FIFO, a directory, a symbolic link, a file with other hard links);
/// [`TableError::Io`] when the file cannot be written.
pub fn write_table(path: &str, ruleset: &str, codes: &[u16], block_states: u32) -> Result<(), TableError> {
    crate::check_replaceable(path, "--out")?;
    let header = Header {
        ruleset: ruleset.to_string(),
        state_count: codes.len() as u64,
        block_states: block_states.max(1),
        encoding: ENCODING_U16,
    };
    let head = header.to_bytes();
    let count = header.block_count();
    let mut frames = Vec::with_capacity(count as usize);
    for b in 0..count {
        let (lo, hi) = header.block_range(b);
        frames.push(compress(&codes[lo as usize..hi as usize]).map_err(|e| TableError::io(path, &e))?);
    }
    let mut offset = (head.len() + count as usize * crate::format::ENTRY + 4) as u64;
    let entries: Vec<BlockEntry> = frames
        .iter()
        .map(|f| {
            let e = BlockEntry {
                offset,
                length: f.len() as u32,
                crc: crc32fast::hash(f),
            };
            offset += f.len() as u64;
            e
        })
        .collect();
    crate::target::replace_file(path, "--out", |out| {
        out.write_all(&head)?;
        out.write_all(&index_bytes(&entries))?;
        for f in &frames {
            out.write_all(f)?;
        }
        Ok(())
    })
}
