//! Checkpoints of a long solve: an append-only file of finished blocks, so
//! that a solve killed at any moment resumes from the last block written.
//!
//! ```text
//! header  magic "SPRGCKPT" (8 bytes), u32 version (1), u64 state count,
//!         u32 states per block, u16 name length, name, u32 crc32 of all before
//! record  u64 block number, u32 compressed length, u32 crc32 of the block
//!         number's 8 bytes followed by the compressed bytes; then the zstd
//!         frame of the block's codes
//! ```
//!
//! Records come in the order the solve finishes blocks (the last block
//! first). A record cut short by a kill, or damaged, ends the usable part:
//! resuming drops it (and anything after) and solves that block again.
//!
//! Spaces solved level by level keep a snapshot instead ([`Snapshots`],
//! version 2): the same header, then at most one snapshot of the solver's
//! cells at the end of a remoteness level:
//!
//! ```text
//! snapshot  u32 level, u32 crc32 of the level's 4 bytes; then per block
//!           u32 compressed length, u32 crc32 of the block number's 8 bytes
//!           followed by the compressed bytes, the zstd frame of its cells
//! ```
//!
//! A new snapshot is written whole to `FILE.tmp`, synced, and renamed over
//! the file, so a kill leaves the previous snapshot or the new one, never a
//! mix; damage found on resuming is therefore reported (file and block),
//! not repaired.

use crate::TableError;
use crate::format::{compress, decompress, u32_at, u64_at};
use std::fs::{File, OpenOptions};
use std::io::{Read, Write};

const MAGIC: &[u8; 8] = b"SPRGCKPT";
const VERSION: u32 = 1;
const SNAPSHOT_VERSION: u32 = 2;
const RECORD: usize = 16;

/// A finished block found in a checkpoint by [`Checkpoint::scan`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Record {
    /// The block number.
    pub block: u64,
    /// Byte offset of its zstd frame in the checkpoint.
    pub offset: u64,
    /// The frame's length.
    pub length: u32,
    /// crc32 of the frame alone (as a table's index stores it).
    pub frame_crc: u32,
    /// Indices in the block.
    pub count: u32,
}

/// An open checkpoint file, positioned for appending records.
pub(crate) struct Checkpoint {
    path: String,
    file: File,
}

fn header_bytes(version: u32, ruleset: &str, n: u64, block_states: u32) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&version.to_le_bytes());
    out.extend_from_slice(&n.to_le_bytes());
    out.extend_from_slice(&block_states.to_le_bytes());
    out.extend_from_slice(&(ruleset.len() as u16).to_le_bytes());
    out.extend_from_slice(ruleset.as_bytes());
    let crc = crc32fast::hash(&out);
    out.extend_from_slice(&crc.to_le_bytes());
    out
}

fn record_crc(block: u64, frame: &[u8]) -> u32 {
    let mut h = crc32fast::Hasher::new();
    h.update(&block.to_le_bytes());
    h.update(frame);
    h.finalize()
}

impl Checkpoint {
    /// Starts a new checkpoint at `path`, which must not exist (a leftover
    /// checkpoint is resumed or deleted on purpose, never overwritten).
    pub(crate) fn create(path: &str, ruleset: &str, n: u64, block_states: u32) -> Result<Self, TableError> {
        let file = create_new(path, &header_bytes(VERSION, ruleset, n, block_states))?;
        Ok(Checkpoint {
            path: path.to_string(),
            file,
        })
    }

    /// The checkpoint `file` at `path` cut to its first `at` bytes (the
    /// records read whole; one cut off by a kill or damaged goes) and opened
    /// again for appending after them.
    fn cut_at(path: &str, file: std::fs::File, at: u64) -> Result<Self, TableError> {
        let io = |e: std::io::Error| TableError::io(path, &e);
        file.set_len(at).map_err(io)?;
        file.sync_data().map_err(io)?;
        drop(file);
        let file = OpenOptions::new().append(true).open(path).map_err(io)?;
        Ok(Checkpoint {
            path: path.to_string(),
            file,
        })
    }

    /// Opens the checkpoint at `path` for the same solve (ruleset, state
    /// count, block size), fills `codes` with its finished blocks and returns
    /// it with the number of blocks read; a cut-off or damaged tail is
    /// dropped from the file. O(file).
    pub(crate) fn resume(
        path: &str,
        ruleset: &str,
        block_states: u32,
        codes: &mut [u16],
    ) -> Result<(Self, u64), TableError> {
        let n = codes.len() as u64;
        let head = header_bytes(VERSION, ruleset, n, block_states);
        let (file, bytes) = open_checked(path, &head, ruleset, n, block_states, RECORD)?;
        let blocks = n.div_ceil(u64::from(block_states));
        let mut at = head.len();
        let mut done = 0u64;
        while done < blocks && at + RECORD <= bytes.len() {
            let block = u64_at(&bytes, at);
            let len = u32_at(&bytes, at + 8) as usize;
            let crc = u32_at(&bytes, at + 12);
            let Some(frame) = bytes.get(at + RECORD..at + RECORD + len) else {
                break;
            };
            if block != blocks - 1 - done || record_crc(block, frame) != crc {
                break;
            }
            let lo = block * u64::from(block_states);
            let hi = (lo + u64::from(block_states)).min(n);
            let Ok(vals) = decompress(frame, (hi - lo) as usize) else {
                break;
            };
            codes[lo as usize..hi as usize].copy_from_slice(&vals);
            at += RECORD + len;
            done += 1;
        }
        // Drop a record cut off by a kill (or damaged) so appends follow
        // the last good one.
        Ok((Checkpoint::cut_at(path, file, at as u64)?, done))
    }

    /// Opens the checkpoint at `path` for the same solve (ruleset, state
    /// count `n`, block size) without loading it: returns it, positioned for
    /// appending, with the records of its finished blocks (the last block
    /// first); a cut-off or damaged tail is dropped from the file. O(file)
    /// time, one frame in memory at a time.
    pub(crate) fn scan(
        path: &str,
        ruleset: &str,
        n: u64,
        block_states: u32,
    ) -> Result<(Self, Vec<Record>), TableError> {
        let io = |e: std::io::Error| TableError::io(path, &e);
        // A regular file only (never a FIFO or a device), checked before opening.
        crate::check_replaceable(path, "--checkpoint")?;
        let file = OpenOptions::new().read(true).write(true).open(path).map_err(io)?;
        let len = file.metadata().map_err(io)?.len();
        let mut r = std::io::BufReader::with_capacity(1 << 20, file);
        let head = header_bytes(VERSION, ruleset, n, block_states);
        let mut got = vec![0u8; head.len().min(len as usize)];
        r.read_exact(&mut got).map_err(io)?;
        if got.len() < 8 || &got[..8] != MAGIC {
            return Err(TableError::damaged(
                path,
                None,
                "not a sprague checkpoint: wrong magic (a checkpoint starts with `SPRGCKPT`)",
            ));
        }
        if got != head {
            return Err(TableError::Input(format!(
                "{path}: the checkpoint belongs to another solve (ruleset, size or block size differ from {ruleset} with {n} states in blocks of {block_states}), or its header is damaged"
            )));
        }
        let blocks = n.div_ceil(u64::from(block_states));
        let mut at = head.len() as u64;
        let mut records = Vec::new();
        let mut rec = [0u8; RECORD];
        while (records.len() as u64) < blocks && at + RECORD as u64 <= len {
            r.read_exact(&mut rec).map_err(io)?;
            let block = u64_at(&rec, 0);
            let length = u32_at(&rec, 8);
            let crc = u32_at(&rec, 12);
            if at + RECORD as u64 + u64::from(length) > len || block != blocks - 1 - records.len() as u64 {
                break;
            }
            let mut frame = vec![0u8; length as usize];
            r.read_exact(&mut frame).map_err(io)?;
            if record_crc(block, &frame) != crc {
                break;
            }
            let lo = block * u64::from(block_states);
            let count = ((lo + u64::from(block_states)).min(n) - lo) as u32;
            records.push(Record {
                block,
                offset: at + RECORD as u64,
                length,
                frame_crc: crc32fast::hash(&frame),
                count,
            });
            at += RECORD as u64 + u64::from(length);
        }
        Ok((Checkpoint::cut_at(path, r.into_inner(), at)?, records))
    }

    /// Appends finished block `block` and syncs it to disk. O(block).
    pub(crate) fn append(&mut self, block: u64, codes: &[u16]) -> Result<(), TableError> {
        let io = |e: std::io::Error| TableError::io(&self.path, &e);
        let frame = compress(codes).map_err(io)?;
        let mut rec = Vec::with_capacity(RECORD + frame.len());
        rec.extend_from_slice(&block.to_le_bytes());
        rec.extend_from_slice(&(frame.len() as u32).to_le_bytes());
        rec.extend_from_slice(&record_crc(block, &frame).to_le_bytes());
        rec.extend_from_slice(&frame);
        self.file.write_all(&rec).map_err(io)?;
        self.file.sync_data().map_err(io)
    }
}

/// Creates the checkpoint file `path` (which must not exist) holding `head`, synced.
fn create_new(path: &str, head: &[u8]) -> Result<File, TableError> {
    let mut file = OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .map_err(|e| {
            if e.kind() == std::io::ErrorKind::AlreadyExists {
                TableError::Input(format!(
                    "{path}: the checkpoint already exists: pass --resume to continue it, or delete it to start over"
                ))
            } else {
                TableError::io(path, &e)
            }
        })?;
    let io = |e: std::io::Error| TableError::io(path, &e);
    file.write_all(head).map_err(io)?;
    file.sync_data().map_err(io)?;
    Ok(file)
}

/// The most bytes a checkpoint of `n` states in blocks of `block_states`
/// can hold: its header, a level, and per block a record head of `record`
/// bytes and a zstd frame no larger than zstd's bound on the block's codes
/// (2 bytes each). A longer file is not a checkpoint of this solve, and is
/// refused before it is read. O(1).
fn max_checkpoint_bytes(head: usize, n: u64, block_states: u32, record: usize) -> u64 {
    let bs = u64::from(block_states.max(1));
    let blocks = n.div_ceil(bs);
    let raw = 2 * bs;
    let frame = raw + raw / 128 + 1024;
    (head as u64 + 8).saturating_add(blocks.saturating_mul(record as u64 + frame))
}

/// Opens the checkpoint `path` for reading and writing and reads it whole,
/// checking that it starts with the header `head` of this solve. Only a
/// regular file is opened (never a FIFO or a device, checked before
/// opening), and only one no longer than a checkpoint of this solve can be
/// ([`max_checkpoint_bytes`], checked before reading).
fn open_checked(
    path: &str,
    head: &[u8],
    ruleset: &str,
    n: u64,
    block_states: u32,
    record: usize,
) -> Result<(File, Vec<u8>), TableError> {
    let io = |e: std::io::Error| TableError::io(path, &e);
    crate::check_replaceable(path, "--checkpoint")?;
    let mut file = OpenOptions::new().read(true).write(true).open(path).map_err(io)?;
    let len = file.metadata().map_err(io)?.len();
    let most = max_checkpoint_bytes(head.len(), n, block_states, record);
    if len > most {
        return Err(TableError::damaged(
            path,
            None,
            format!(
                "{len} bytes, more than a checkpoint of {n} states in blocks of {block_states} can hold ({most}): not this solve's checkpoint"
            ),
        ));
    }
    let mut bytes = Vec::with_capacity(len as usize);
    (&mut file).take(most).read_to_end(&mut bytes).map_err(io)?;
    if bytes.len() < 8 || &bytes[..8] != MAGIC {
        return Err(TableError::damaged(
            path,
            None,
            "not a sprague checkpoint: wrong magic (a checkpoint starts with `SPRGCKPT`)",
        ));
    }
    if bytes.len() < head.len() || bytes[..head.len()] != head[..] {
        return Err(TableError::Input(format!(
            "{path}: the checkpoint belongs to another solve (ruleset, size, block size or kind of solve differ from {ruleset} with {n} states in blocks of {block_states}), or its header is damaged"
        )));
    }
    Ok((file, bytes))
}

/// The snapshot checkpoint of a solve that runs level by level: the file
/// holds the header, then the latest snapshot (see the module's notes).
pub(crate) struct Snapshots {
    path: String,
    head: Vec<u8>,
    block_states: u32,
}

/// The cells of a snapshot and the level they end.
pub(crate) type Snapshot = (u32, Vec<u16>);

impl Snapshots {
    /// Starts a snapshot checkpoint at `path`, which must not exist; it holds
    /// the header only until the first snapshot.
    pub(crate) fn create(path: &str, ruleset: &str, n: u64, block_states: u32) -> Result<Self, TableError> {
        let head = header_bytes(SNAPSHOT_VERSION, ruleset, n, block_states);
        create_new(path, &head)?;
        Ok(Snapshots {
            path: path.to_string(),
            head,
            block_states,
        })
    }

    /// Opens the checkpoint at `path` of the same solve and reads its
    /// snapshot (`None` when it holds the header only). O(file).
    ///
    /// A damaged or cut snapshot is an error naming the file and the block:
    /// snapshots replace each other whole, so damage is never a kill's.
    pub(crate) fn resume(
        path: &str,
        ruleset: &str,
        n: u64,
        block_states: u32,
    ) -> Result<(Self, Option<Snapshot>), TableError> {
        let head = header_bytes(SNAPSHOT_VERSION, ruleset, n, block_states);
        let (_, bytes) = open_checked(path, &head, ruleset, n, block_states, RECORD_SNAPSHOT)?;
        let me = Snapshots {
            path: path.to_string(),
            head,
            block_states,
        };
        let mut at = me.head.len();
        if at == bytes.len() {
            return Ok((me, None));
        }
        let damaged = |block: Option<u64>, what: &str| {
            TableError::damaged(
                path,
                block,
                format!("{what} (the checkpoint is damaged: delete it to start the solve over)"),
            )
        };
        if at + 8 > bytes.len() {
            return Err(damaged(None, "the snapshot's level is truncated"));
        }
        let level = u32_at(&bytes, at);
        if crc32fast::hash(&bytes[at..at + 4]) != u32_at(&bytes, at + 4) {
            return Err(damaged(None, "the snapshot's level fails its checksum"));
        }
        at += 8;
        let bs = u64::from(block_states.max(1));
        let mut cells = Vec::with_capacity(n as usize);
        for b in 0..n.div_ceil(bs) {
            let count = ((b + 1) * bs).min(n) - b * bs;
            if at + RECORD_SNAPSHOT > bytes.len() {
                return Err(damaged(Some(b), "truncated"));
            }
            let len = u32_at(&bytes, at) as usize;
            let crc = u32_at(&bytes, at + 4);
            let Some(frame) = bytes.get(at + RECORD_SNAPSHOT..at + RECORD_SNAPSHOT + len) else {
                return Err(damaged(Some(b), "truncated"));
            };
            if record_crc(b, frame) != crc {
                return Err(damaged(Some(b), "checksum mismatch"));
            }
            let vals = decompress(frame, count as usize).map_err(|e| damaged(Some(b), &e))?;
            cells.extend_from_slice(&vals);
            at += RECORD_SNAPSHOT + len;
        }
        if at != bytes.len() {
            return Err(damaged(None, "bytes after the last block"));
        }
        Ok((me, Some((level, cells))))
    }

    /// The checkpoint file.
    pub(crate) fn path(&self) -> &str {
        &self.path
    }

    /// Replaces the snapshot by `cells` at the end of level `level`: written
    /// to `FILE.tmp`, synced, renamed over the file. O(cells).
    pub(crate) fn write(&self, level: u32, cells: &[u16]) -> Result<(), TableError> {
        crate::target::replace_file(&self.path, "--checkpoint", |out| {
            out.write_all(&self.head)?;
            out.write_all(&level.to_le_bytes())?;
            out.write_all(&crc32fast::hash(&level.to_le_bytes()).to_le_bytes())?;
            for (b, chunk) in cells.chunks(self.block_states.max(1) as usize).enumerate() {
                let frame = compress(chunk)?;
                out.write_all(&(frame.len() as u32).to_le_bytes())?;
                out.write_all(&record_crc(b as u64, &frame).to_le_bytes())?;
                out.write_all(&frame)?;
            }
            Ok(())
        })?;
        // The rename itself is durable once the folder is synced.
        if let Some(dir) = std::path::Path::new(&self.path).parent() {
            let dir = if dir.as_os_str().is_empty() {
                std::path::Path::new(".")
            } else {
                dir
            };
            if let Ok(d) = File::open(dir) {
                let _ = d.sync_all();
            }
        }
        Ok(())
    }
}

const RECORD_SNAPSHOT: usize = 8;
