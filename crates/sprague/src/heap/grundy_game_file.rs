//! The table file of Grundy's game: values streamed as they are computed, read
//! back to resume an interrupted computation.
//!
//! Layout: the 16 bytes [`GRUNDY_TABLE_MAGIC`], then blocks of at most
//! [`GRUNDY_BLOCK_VALUES`] values, each written whole: a 4-byte length `L`
//! and an 8-byte checksum (little-endian), then `L` bytes holding the values
//! `G(from), G(from + 1), …` of the block, each as one byte when below 255
//! and otherwise as the byte 255 followed by the value in two bytes,
//! little-endian. The checksum is FNV-1a (64 bits) of `from` (8 bytes,
//! little-endian) followed by the `L` bytes, so a block that is changed,
//! moved or repeated fails it. [`read_grundy_table`] checks every block: a
//! block cut short at the end of the file (a killed writer) is dropped and
//! computed again; a whole block that fails its checksum is an error naming
//! its first heap. The last values read are also checked against a
//! recomputation.

use super::grundy_game::{GRUNDY_GAME_MAX_VALUE, GrundyGameError, GrundyGameTable};
use core::fmt;
use std::io::{self, BufRead, Read, Write};

/// The first 16 bytes of a table file of Grundy's game (version 2: values
/// in checksummed blocks).
pub const GRUNDY_TABLE_MAGIC: &[u8; 16] = b"sprague grundy2\n";

/// The header of the first version, whose values carry no checksums: such
/// a file is refused (it cannot be checked without computing it again).
const GRUNDY_TABLE_MAGIC_V1: &[u8; 16] = b"sprague grundy1\n";

/// The most values in one block of a table file.
pub const GRUNDY_BLOCK_VALUES: usize = 1 << 20;

/// Bytes of a block's head: its length and checksum.
const BLOCK_HEAD: usize = 12;

/// The most bytes a block's values take (three bytes a value at most).
const MAX_BLOCK_BYTES: usize = 3 * GRUNDY_BLOCK_VALUES;

/// How many values at the end of a resumed file are recomputed and compared.
pub const RESUME_CHECK: usize = 64;

/// What went wrong reading or writing a table file.
#[derive(Debug)]
pub enum GrundyFileError {
    /// The file does not start with [`GRUNDY_TABLE_MAGIC`].
    NotATable,
    /// The file was written by the first version, without checksums.
    OldVersion,
    /// A block before the last fails its checksum, or is malformed.
    Damaged {
        /// The first heap of the block.
        heap: usize,
        /// The byte offset of the block in the file.
        offset: u64,
        /// What is wrong.
        what: &'static str,
    },
    /// A stored value at this heap is above 4095.
    BadValue {
        /// The heap.
        heap: usize,
        /// The value stored.
        value: u16,
    },
    /// A stored value disagrees with the recomputation.
    Mismatch {
        /// The heap.
        heap: usize,
        /// The value stored.
        stored: u16,
        /// The value computed.
        computed: u16,
    },
    /// The computation failed.
    Compute(GrundyGameError),
    /// Reading or writing failed.
    Io(io::Error),
}

impl fmt::Display for GrundyFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GrundyFileError::NotATable => write!(
                f,
                "not a table file of Grundy's game (it does not start with {:?})",
                String::from_utf8_lossy(GRUNDY_TABLE_MAGIC)
            ),
            GrundyFileError::OldVersion => f.write_str(
                "a table file of an older version (`sprague grundy1`), whose values carry no checksums: move it away and compute the table again",
            ),
            GrundyFileError::Damaged { heap, offset, what } => write!(
                f,
                "the block of heaps from {heap} (at byte {offset}) {what}: the file is damaged"
            ),
            GrundyFileError::BadValue { heap, value } => write!(
                f,
                "value {value} stored for heap {heap} is above {GRUNDY_GAME_MAX_VALUE}"
            ),
            GrundyFileError::Mismatch {
                heap,
                stored,
                computed,
            } => write!(
                f,
                "heap {heap}: the file says {stored} but the value is {computed} (the file is damaged)"
            ),
            GrundyFileError::Compute(e) => e.fmt(f),
            GrundyFileError::Io(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for GrundyFileError {}

impl From<io::Error> for GrundyFileError {
    fn from(e: io::Error) -> Self {
        GrundyFileError::Io(e)
    }
}

impl From<GrundyGameError> for GrundyFileError {
    fn from(e: GrundyGameError) -> Self {
        GrundyFileError::Compute(e)
    }
}

/// Writes the file header.
///
/// # Errors
/// Any error of `w`.
pub fn write_grundy_header(w: &mut dyn Write) -> io::Result<()> {
    w.write_all(GRUNDY_TABLE_MAGIC)
}

/// FNV-1a (64 bits) of a block: its first heap, then its bytes.
fn block_checksum(from: usize, bytes: &[u8]) -> u64 {
    (from as u64)
        .to_le_bytes()
        .iter()
        .chain(bytes)
        .fold(0xcbf2_9ce4_8422_2325, |h, &b| {
            (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
        })
}

/// Writes the values of heaps `from .. to` of `table` as blocks of the file
/// (at most [`GRUNDY_BLOCK_VALUES`] values each, each with its length and
/// checksum; see the module's notes). O(to − from).
///
/// # Errors
/// Any error of `w`.
///
/// # Panics
/// Never for `to ≤ table.len()`; heaps beyond it are not written.
pub fn write_grundy_values(
    w: &mut dyn Write,
    table: &GrundyGameTable,
    from: usize,
    to: usize,
) -> io::Result<()> {
    let to = to.min(table.len());
    let mut buf = Vec::with_capacity(1 << 16);
    let mut start = from;
    while start < to {
        let end = to.min(start + GRUNDY_BLOCK_VALUES);
        buf.clear();
        for n in start..end {
            let v = table.value(n).unwrap_or(0);
            if v < 255 {
                buf.push(v as u8);
            } else {
                buf.push(255);
                buf.extend_from_slice(&v.to_le_bytes());
            }
        }
        let mut head = [0u8; BLOCK_HEAD];
        head[..4].copy_from_slice(&(buf.len() as u32).to_le_bytes());
        head[4..].copy_from_slice(&block_checksum(start, &buf).to_le_bytes());
        w.write_all(&head)?;
        w.write_all(&buf)?;
        start = end;
    }
    Ok(())
}

/// A table read back from a file.
#[derive(Debug)]
pub struct ResumedTable {
    /// The values read (all checked as described in [`read_grundy_table`]).
    pub table: GrundyGameTable,
    /// Bytes of the file holding the header and whole values: a resumed
    /// computation truncates the file to this length before appending.
    pub valid_bytes: u64,
}

/// Reads `buf.len()` bytes from `r` or fewer at the end of the input;
/// returns how many were read.
fn read_up_to(r: &mut dyn BufRead, buf: &mut [u8]) -> io::Result<usize> {
    let mut got = 0;
    while got < buf.len() {
        match r.read(&mut buf[got..]) {
            Ok(0) => break,
            Ok(k) => got += k,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(got)
}

/// Reads a table file, reserving room for `reserve` values in all.
///
/// Every block's checksum is checked (see the module's notes): a block cut
/// short at the end is dropped; a whole block failing its checksum is an
/// error. The last [`RESUME_CHECK`] values read are then
/// recomputed from the ones before them and compared. An empty input is an
/// empty table (a file about to be started). Cost: O(values in the file)
/// to read and check, plus the computation of the last values; one block
/// in memory at a time.
///
/// # Errors
/// A file that is not a table of Grundy's game (or of its first version),
/// a damaged block, a value out of range, a value that disagrees with the
/// recomputation, or a read error.
pub fn read_grundy_table(r: &mut dyn BufRead, reserve: usize) -> Result<ResumedTable, GrundyFileError> {
    let mut table = GrundyGameTable::new();
    let mut header = Vec::with_capacity(16);
    (&mut *r).take(16).read_to_end(&mut header)?;
    if header.is_empty() {
        table.reserve_to(reserve)?;
        return Ok(ResumedTable {
            table,
            valid_bytes: 0,
        });
    }
    if header.as_slice() == GRUNDY_TABLE_MAGIC_V1 {
        return Err(GrundyFileError::OldVersion);
    }
    if header.as_slice() != GRUNDY_TABLE_MAGIC {
        return Err(GrundyFileError::NotATable);
    }
    table.reserve_to(reserve)?;
    let mut valid = 16u64;
    let mut bytes = Vec::new();
    loop {
        let mut head = [0u8; BLOCK_HEAD];
        let got = read_up_to(r, &mut head)?;
        if got < BLOCK_HEAD {
            break;
        }
        let len = u32::from_le_bytes([head[0], head[1], head[2], head[3]]) as usize;
        let mut sum = [0u8; 8];
        sum.copy_from_slice(&head[4..]);
        let sum = u64::from_le_bytes(sum);
        let from = table.len();
        let damaged = |what| GrundyFileError::Damaged {
            heap: from,
            offset: valid,
            what,
        };
        if len > MAX_BLOCK_BYTES {
            // Checked before anything of that size is allocated.
            return Err(damaged("is longer than a block may be"));
        }
        bytes.resize(len, 0);
        if read_up_to(r, &mut bytes)? < len {
            break;
        }
        if block_checksum(from, &bytes) != sum {
            return Err(damaged("fails its checksum"));
        }
        let mut at = 0;
        let mut count = 0usize;
        while at < len {
            let v = if bytes[at] < 255 {
                at += 1;
                u16::from(bytes[at - 1])
            } else if at + 3 <= len {
                at += 3;
                u16::from_le_bytes([bytes[at - 2], bytes[at - 1]])
            } else {
                return Err(damaged("ends inside a value"));
            };
            if v > GRUNDY_GAME_MAX_VALUE {
                return Err(GrundyFileError::BadValue {
                    heap: table.len(),
                    value: v,
                });
            }
            table.push_known(v)?;
            count += 1;
        }
        if count > GRUNDY_BLOCK_VALUES {
            return Err(damaged("holds more values than a block may"));
        }
        valid += (BLOCK_HEAD + len) as u64;
    }
    let n = table.len();
    let start = n.saturating_sub(RESUME_CHECK);
    let stored: Vec<u16> = (start..n).filter_map(|h| table.value(h)).collect();
    table.truncate(start);
    table.extend_to(n, &mut |_| true)?;
    for (i, &s) in stored.iter().enumerate() {
        let computed = table.value(start + i).unwrap_or(u16::MAX);
        if computed != s {
            return Err(GrundyFileError::Mismatch {
                heap: start + i,
                stored: s,
                computed,
            });
        }
    }
    table.reserve_to(reserve)?;
    Ok(ResumedTable {
        table,
        valid_bytes: valid,
    })
}
