//! Reading a table file: memory-mapped, every block checked against its
//! crc32 before use.

use crate::format::{BlockEntry, ENTRY, Header, decompress, u32_at, u64_at};
use crate::mmap::Mapped;
use crate::{TableError, code};
use sprague::loopy::SolvedValue;
use std::collections::HashMap;

/// Blocks kept decompressed by a [`TableFile`] (the oldest is dropped).
const CACHE_BLOCKS: usize = 64;

/// An open table file: header and index checked, blocks read on demand.
pub struct TableFile {
    path: String,
    header: Header,
    index: Vec<BlockEntry>,
    map: Mapped,
    cache: HashMap<u64, Vec<u16>>,
    order: Vec<u64>,
}

impl TableFile {
    /// Opens and maps `path`, checking the magic, the version, the header's
    /// and the index's checksums, and that every block lies inside the file.
    /// O(blocks).
    ///
    /// # Errors
    /// [`TableError::Io`] if the file cannot be opened, and
    /// [`TableError::Damaged`] naming what is wrong (and the block, for a
    /// block cut off by a truncation).
    pub fn open(path: &str) -> Result<TableFile, TableError> {
        let file = std::fs::File::open(path).map_err(|e| TableError::io(path, &e))?;
        let len = file.metadata().map_err(|e| TableError::io(path, &e))?.len();
        if len == 0 {
            return Err(TableError::damaged(path, None, "truncated: the file is empty"));
        }
        let map = Mapped::new(&file).map_err(|e| TableError::io(path, &e))?;
        let (header, head_len) = Header::parse(&map).map_err(|w| TableError::damaged(path, None, w))?;
        let count = header.block_count() as usize;
        let index_end = head_len + count * ENTRY + 4;
        if map.len() < index_end {
            return Err(TableError::damaged(
                path,
                None,
                format!(
                    "truncated: {} bytes, the block index runs to byte {index_end}",
                    map.len()
                ),
            ));
        }
        let raw = &map[head_len..index_end - 4];
        let stored = u32_at(&map, index_end - 4);
        let computed = crc32fast::hash(raw);
        if stored != computed {
            return Err(TableError::damaged(
                path,
                None,
                format!(
                    "block index checksum mismatch (stored crc32 {stored:08x}, computed {computed:08x}): the index is damaged"
                ),
            ));
        }
        let index: Vec<BlockEntry> = raw
            .chunks_exact(ENTRY)
            .map(|e| BlockEntry {
                offset: u64_at(e, 0),
                length: u32_at(e, 8),
                crc: u32_at(e, 12),
            })
            .collect();
        let mut expected = index_end as u64;
        for (b, e) in index.iter().enumerate() {
            let end = e.offset.saturating_add(u64::from(e.length));
            if e.offset != expected {
                return Err(TableError::damaged(
                    path,
                    Some(b as u64),
                    format!(
                        "starts at byte {}, expected {expected}: the index is damaged",
                        e.offset
                    ),
                ));
            }
            if end > map.len() as u64 {
                return Err(TableError::damaged(
                    path,
                    Some(b as u64),
                    format!(
                        "truncated: the block runs to byte {end}, the file ends at byte {}",
                        map.len()
                    ),
                ));
            }
            expected = end;
        }
        if expected != map.len() as u64 {
            return Err(TableError::damaged(
                path,
                None,
                format!(
                    "{} unexpected bytes after the last block (byte {expected})",
                    map.len() as u64 - expected
                ),
            ));
        }
        Ok(TableFile {
            path: path.to_string(),
            header,
            index,
            map,
            cache: HashMap::new(),
            order: Vec::new(),
        })
    }

    /// The header.
    #[must_use]
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The file's path.
    #[must_use]
    pub fn path(&self) -> &str {
        &self.path
    }

    /// The size of the file in bytes.
    #[must_use]
    pub fn file_len(&self) -> u64 {
        self.map.len() as u64
    }

    /// The codes of block `b`, checked against its crc32 and decompressed
    /// (no caching). O(block).
    ///
    /// # Errors
    /// [`TableError::Damaged`] naming the block on a checksum mismatch or a
    /// frame that does not decompress to the block's size.
    pub fn read_block(&self, b: u64) -> Result<Vec<u16>, TableError> {
        let e = self.index[b as usize];
        let frame = &self.map[e.offset as usize..(e.offset + u64::from(e.length)) as usize];
        let computed = crc32fast::hash(frame);
        if computed != e.crc {
            return Err(TableError::damaged(
                &self.path,
                Some(b),
                format!(
                    "checksum mismatch (stored crc32 {:08x}, computed {computed:08x}): the block is damaged",
                    e.crc
                ),
            ));
        }
        let (lo, hi) = self.header.block_range(b);
        decompress(frame, (hi - lo) as usize).map_err(|w| TableError::damaged(&self.path, Some(b), w))
    }

    /// The value of index `s` (`None`: not a position), through a cache of
    /// the last `CACHE_BLOCKS` blocks read. O(block) on a miss, O(1) on a
    /// hit.
    ///
    /// # Errors
    /// [`TableError::Input`] past the index space; the errors of
    /// [`TableFile::read_block`].
    pub fn get(&mut self, s: u64) -> Result<Option<SolvedValue>, TableError> {
        if s >= self.header.state_count {
            return Err(TableError::Input(format!(
                "{}: index {s} is outside the table (0 to {})",
                self.path,
                self.header.state_count.saturating_sub(1)
            )));
        }
        let b = s / u64::from(self.header.block_states);
        if !self.cache.contains_key(&b) {
            let codes = self.read_block(b)?;
            if self.order.len() >= CACHE_BLOCKS {
                let old = self.order.remove(0);
                self.cache.remove(&old);
            }
            self.cache.insert(b, codes);
            self.order.push(b);
        }
        let lo = b * u64::from(self.header.block_states);
        Ok(self
            .cache
            .get(&b)
            .and_then(|c| code::decode(c[(s - lo) as usize])))
    }
}
