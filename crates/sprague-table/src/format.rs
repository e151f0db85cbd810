//! The table file layout: header, block index, zstd blocks (all integers
//! little-endian).
//!
//! ```text
//! header   magic "SPRGTBL\n" (8 bytes)
//!          u32 format version (1)
//!          u32 header length H in bytes (to the end of the header crc)
//!          u64 state count N (indices 0..N)
//!          u32 states per block B (every block but the last holds B)
//!          u32 block count ceil(N / B)
//!          u16 encoding (1: one u16 code per index, see `code`)
//!          u16 length of the ruleset name, then its UTF-8 bytes
//!          u32 crc32 of every header byte before it
//! index    per block: u64 offset of the block, u32 compressed length,
//!          u32 crc32 of the compressed bytes; then u32 crc32 of the index
//! blocks   each the zstd frame of its codes (2 bytes per index); the last
//!          block ends at the end of the file
//! ```
//!
//! The index comes before the blocks, so a file cut short keeps its index
//! and the reader names the first block the cut reaches.

/// The first 8 bytes of a table file.
pub const MAGIC: &[u8; 8] = b"SPRGTBL\n";
/// The format version this crate writes and reads.
pub const VERSION: u32 = 1;
/// The encoding of values: one little-endian u16 code per index.
pub const ENCODING_U16: u16 = 1;
/// Bytes of the fixed part of the header (before the name).
pub(crate) const FIXED: usize = 8 + 4 + 4 + 8 + 4 + 4 + 2 + 2;
/// Bytes of one index entry.
pub(crate) const ENTRY: usize = 16;

/// The header of a table file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The ruleset the table solves, in the registry's spelling
    /// (`connect-four:5x4`).
    pub ruleset: String,
    /// Number of indices.
    pub state_count: u64,
    /// Indices per block.
    pub block_states: u32,
    /// Encoding of the values ([`ENCODING_U16`]).
    pub encoding: u16,
}

impl Header {
    /// Number of blocks. O(1).
    #[must_use]
    pub fn block_count(&self) -> u64 {
        self.state_count.div_ceil(u64::from(self.block_states.max(1)))
    }

    /// The indices of block `b`. O(1).
    #[must_use]
    pub fn block_range(&self, b: u64) -> (u64, u64) {
        let lo = b * u64::from(self.block_states);
        (lo, (lo + u64::from(self.block_states)).min(self.state_count))
    }

    /// The header's bytes, crc included.
    pub(crate) fn to_bytes(&self) -> Vec<u8> {
        let name = self.ruleset.as_bytes();
        let len = FIXED + name.len() + 4;
        let mut out = Vec::with_capacity(len);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&(len as u32).to_le_bytes());
        out.extend_from_slice(&self.state_count.to_le_bytes());
        out.extend_from_slice(&self.block_states.to_le_bytes());
        out.extend_from_slice(&(self.block_count() as u32).to_le_bytes());
        out.extend_from_slice(&self.encoding.to_le_bytes());
        out.extend_from_slice(&(name.len() as u16).to_le_bytes());
        out.extend_from_slice(name);
        let crc = crc32fast::hash(&out);
        out.extend_from_slice(&crc.to_le_bytes());
        out
    }

    /// Parses a header from the start of `bytes`; returns it and its length.
    /// Errors are messages for [`crate::TableError::Damaged`].
    pub(crate) fn parse(bytes: &[u8]) -> Result<(Header, usize), String> {
        if bytes.len() < 8 || &bytes[..8] != MAGIC {
            if bytes.len() < 8 && MAGIC.starts_with(bytes) {
                return Err(format!(
                    "truncated: {} bytes, shorter than a table header",
                    bytes.len()
                ));
            }
            return Err("not a sprague table: wrong magic (a table starts with `SPRGTBL`)".to_string());
        }
        if bytes.len() < FIXED + 4 {
            return Err(format!(
                "truncated: {} bytes, shorter than a table header",
                bytes.len()
            ));
        }
        let version = u32_at(bytes, 8);
        if version != VERSION {
            return Err(format!(
                "table format version {version}; this sprague reads version {VERSION}"
            ));
        }
        let len = u32_at(bytes, 12) as usize;
        let name_len = usize::from(u16::from_le_bytes([bytes[34], bytes[35]]));
        if len != FIXED + name_len + 4 {
            return Err(format!(
                "damaged header: length {len} does not match its name length {name_len}"
            ));
        }
        if bytes.len() < len {
            return Err(format!(
                "truncated: {} bytes, the header alone takes {len}",
                bytes.len()
            ));
        }
        let stored = u32_at(bytes, len - 4);
        let computed = crc32fast::hash(&bytes[..len - 4]);
        if stored != computed {
            return Err(format!(
                "header checksum mismatch (stored crc32 {stored:08x}, computed {computed:08x}): the header is damaged"
            ));
        }
        let ruleset = String::from_utf8(bytes[FIXED..FIXED + name_len].to_vec())
            .map_err(|_| "damaged header: the ruleset name is not UTF-8".to_string())?;
        let h = Header {
            ruleset,
            state_count: u64_at(bytes, 16),
            block_states: u32_at(bytes, 24),
            encoding: u16::from_le_bytes([bytes[32], bytes[33]]),
        };
        if h.block_states == 0 || u64::from(u32_at(bytes, 28)) != h.block_count() {
            return Err("damaged header: block size and block count disagree".to_string());
        }
        if h.encoding != ENCODING_U16 {
            return Err(format!(
                "value encoding {} is not one this sprague reads (1)",
                h.encoding
            ));
        }
        Ok((h, len))
    }
}

/// Where a block lies in the file and its checksum.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlockEntry {
    /// Byte offset of the compressed block.
    pub offset: u64,
    /// Its compressed length.
    pub length: u32,
    /// crc32 of its compressed bytes.
    pub crc: u32,
}

/// The index's bytes, crc included.
pub(crate) fn index_bytes(entries: &[BlockEntry]) -> Vec<u8> {
    let mut out = Vec::with_capacity(entries.len() * ENTRY + 4);
    for e in entries {
        out.extend_from_slice(&e.offset.to_le_bytes());
        out.extend_from_slice(&e.length.to_le_bytes());
        out.extend_from_slice(&e.crc.to_le_bytes());
    }
    let crc = crc32fast::hash(&out);
    out.extend_from_slice(&crc.to_le_bytes());
    out
}

pub(crate) fn u32_at(b: &[u8], at: usize) -> u32 {
    let mut x = [0u8; 4];
    x.copy_from_slice(&b[at..at + 4]);
    u32::from_le_bytes(x)
}

pub(crate) fn u64_at(b: &[u8], at: usize) -> u64 {
    let mut x = [0u8; 8];
    x.copy_from_slice(&b[at..at + 8]);
    u64::from_le_bytes(x)
}

/// The zstd frame of a block of codes. O(block).
pub(crate) fn compress(codes: &[u16]) -> std::io::Result<Vec<u8>> {
    let mut raw = Vec::with_capacity(codes.len() * 2);
    for c in codes {
        raw.extend_from_slice(&c.to_le_bytes());
    }
    zstd::bulk::compress(&raw, 3)
}

/// The codes of a zstd frame holding exactly `count` of them.
pub(crate) fn decompress(frame: &[u8], count: usize) -> Result<Vec<u16>, String> {
    let raw = zstd::bulk::decompress(frame, count * 2).map_err(|e| format!("does not decompress: {e}"))?;
    if raw.len() != count * 2 {
        return Err(format!("holds {} values, expected {count}", raw.len() / 2));
    }
    Ok(raw
        .chunks_exact(2)
        .map(|p| u16::from_le_bytes([p[0], p[1]]))
        .collect())
}
