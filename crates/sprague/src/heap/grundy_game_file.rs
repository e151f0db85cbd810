//! The table file of Grundy's game: values streamed as they are computed, read
//! back to resume an interrupted computation.
//!
//! Layout: the 16 bytes [`GRUNDY_TABLE_MAGIC`], then `G(0), G(1), …` in order,
//! each as one byte when below 255 and otherwise as the byte 255 followed by the
//! value in two bytes, little-endian. The file only ever grows by whole values,
//! so a file cut anywhere (a killed process) holds a correct prefix, at most one
//! value cut short; [`read_grundy_table`] drops that partial value and checks the
//! last values it read against a recomputation.

use super::grundy_game::{GRUNDY_GAME_MAX_VALUE, GrundyGameError, GrundyGameTable};
use core::fmt;
use std::io::{self, BufRead, Read, Write};

/// The first 16 bytes of a table file of Grundy's game.
pub const GRUNDY_TABLE_MAGIC: &[u8; 16] = b"sprague grundy1\n";

/// How many values at the end of a resumed file are recomputed and compared.
pub const RESUME_CHECK: usize = 64;

/// What went wrong reading or writing a table file.
#[derive(Debug)]
pub enum GrundyFileError {
    /// The file does not start with [`GRUNDY_TABLE_MAGIC`].
    NotATable,
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

/// Writes the values of heaps `from .. to` of `table` in the file encoding.
/// O(to − from).
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
    let mut buf = Vec::with_capacity(1 << 16);
    for n in from..to.min(table.len()) {
        let v = table.value(n).unwrap_or(0);
        if v < 255 {
            buf.push(v as u8);
        } else {
            buf.push(255);
            buf.extend_from_slice(&v.to_le_bytes());
        }
        if buf.len() >= (1 << 16) - 3 {
            w.write_all(&buf)?;
            buf.clear();
        }
    }
    w.write_all(&buf)
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

/// Reads a table file, reserving room for `reserve` values in all.
///
/// The last [`RESUME_CHECK`] values read are recomputed from the ones before
/// them and compared; a value cut short at the end of the file is dropped. An
/// empty input is an empty table (a file about to be started). Cost: O(values
/// in the file) to read, plus the computation of the last values.
///
/// # Errors
/// A file that is not a table of Grundy's game, a value out of range, a value
/// that disagrees with the recomputation, or a read error.
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
    if header.as_slice() != GRUNDY_TABLE_MAGIC {
        return Err(GrundyFileError::NotATable);
    }
    let mut valid = 16u64;
    let mut pending: Vec<u8> = Vec::new();
    let mut reserved = false;
    loop {
        let chunk = r.fill_buf()?;
        if chunk.is_empty() {
            break;
        }
        let len = chunk.len();
        if !reserved {
            // The first read tells nothing of the file size; reserve what was asked.
            table.reserve_to(reserve)?;
            reserved = true;
        }
        for &byte in chunk {
            if pending.is_empty() && byte < 255 {
                table.push_known(u16::from(byte))?;
                valid += 1;
                continue;
            }
            pending.push(byte);
            if pending.len() == 3 {
                let v = u16::from_le_bytes([pending[1], pending[2]]);
                if v > GRUNDY_GAME_MAX_VALUE {
                    return Err(GrundyFileError::BadValue {
                        heap: table.len(),
                        value: v,
                    });
                }
                table.push_known(v)?;
                valid += 3;
                pending.clear();
            }
        }
        r.consume(len);
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
