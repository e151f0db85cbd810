//! Tiered solves streamed to a table file: each solved tier goes to the
//! checkpoint as finished blocks (last block first), only two tiers stay in
//! memory, and the table is assembled from the checkpoint at the end.

use crate::checkpoint::{Checkpoint, Record};
use crate::format::{BlockEntry, ENCODING_U16, ENTRY, Header, decompress, index_bytes};
use crate::{SolveOptions, TableError};
use sprague::loopy::{
    ConnectFourTiers, SolveError, SolvedValue, TieredError, TieredOptions, TieredSpace, Wld, solve_tiered,
    tier_value, tiered_peak_states, tiered_reachable,
};
use sprague::monitor::Stopped;
use std::io::{Read, Seek, SeekFrom, Write};

/// What a tiered solve found and wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TieredSolved {
    /// The ruleset stored in the table (`connect-four-tiers:WxH`).
    pub ruleset: String,
    /// Indices (ranks of all tiers).
    pub states: u64,
    /// Tiers.
    pub tiers: usize,
    /// Tiers taken from the checkpoint instead of solved in this run.
    pub resumed_tiers: usize,
    /// Blocks of the table.
    pub blocks: u64,
    /// The start's value.
    pub start: Option<SolvedValue>,
    /// Every position: wins, losses, draws for the player to move (of the
    /// tiers solved in this run, all of them unless resumed).
    pub positions: [u64; 3],
    /// The positions reachable from the start by play: wins, losses, draws
    /// (of the tiers solved in this run).
    pub reachable: [u64; 3],
    /// The largest remoteness of a reachable won position.
    pub longest_win: Option<u32>,
    /// The most states of two adjacent tiers: the bytes of values the solve
    /// holds.
    pub peak_tier_states: u64,
    /// The size of the table file.
    pub bytes: u64,
}

/// The tiered space of a ruleset: `connect-four:WxH` or
/// `connect-four-tiers:WxH`, with its canonical name.
fn tiered_space(ruleset: &str) -> Result<(String, ConnectFourTiers), TableError> {
    let spec = ruleset.trim();
    let (name, params) = match spec.split_once(':') {
        Some((n, p)) => (n, Some(p)),
        None => (spec, None),
    };
    match name.to_ascii_lowercase().as_str() {
        "connect-four" | "connect-four-tiers" => {
            let t = sprague::registry::connect_four_tiers(params)?;
            let c = *t.board();
            Ok((format!("connect-four-tiers:{}x{}", c.width(), c.height()), t))
        }
        _ => Err(TableError::Input(format!(
            "`{ruleset}` has no tiered solver: expected connect-four:WxH"
        ))),
    }
}

/// Whether `ruleset` is one [`solve_tiered_to_file`] takes.
#[must_use]
pub fn has_tiers(ruleset: &str) -> bool {
    tiered_space(ruleset).is_ok()
}

/// The blocks written so far, from the top of the index space down, and the
/// codes of the indices below the last written block that are solved but
/// not yet a whole block.
struct Emitter {
    checkpoint: Checkpoint,
    block_states: u64,
    /// The lowest index written (blocks cover `low..n`).
    low: u64,
    /// Codes of `carry_lo..low`.
    carry: Vec<u16>,
    carry_lo: u64,
}

impl Emitter {
    /// Takes tier values for `lo..lo + v.len()` (just below `carry_lo`, or
    /// overlapping `low..` on a resumed tier) and writes every block that is
    /// now whole.
    fn tier(&mut self, lo: u64, v: &[u8]) -> Result<(), TableError> {
        let hi = lo + v.len() as u64;
        let code = |i: u64, carry: &[u16], carry_lo: u64| -> u16 {
            if i < hi {
                u16::from(v[(i - lo) as usize])
            } else {
                carry[(i - carry_lo) as usize]
            }
        };
        while self.low > 0 {
            let blo = (self.low - 1) / self.block_states * self.block_states;
            if blo < lo {
                break;
            }
            let codes: Vec<u16> = (blo..self.low)
                .map(|i| code(i, &self.carry, self.carry_lo))
                .collect();
            self.checkpoint.append(blo / self.block_states, &codes)?;
            self.low = blo;
        }
        let carry: Vec<u16> = (lo..self.low)
            .map(|i| code(i, &self.carry, self.carry_lo))
            .collect();
        self.carry = carry;
        self.carry_lo = lo;
        Ok(())
    }
}

fn slot(v: SolvedValue) -> usize {
    match v.wld {
        Wld::Win => 0,
        Wld::Lose => 1,
        Wld::Draw => 2,
    }
}

/// Solves `ruleset` (Connect Four) tier by tier
/// ([`sprague::loopy::solve_tiered`]) into the table file `out`, whose
/// ruleset is `connect-four-tiers:WxH` (so `probe` and `verify` read it as
/// any table). Memory: one byte per state of two adjacent tiers, plus one
/// bit per index for the positions reachable from the start (found first,
/// tier by tier forwards), plus a block's codes.
///
/// Every solved tier is appended to the checkpoint (`opts.checkpoint`, or
/// `out` + `.part`, removed at the end) as whole blocks from the top down;
/// with `opts.resume` the solve reads the finished blocks back, solves again
/// the tier holding the first missing index, and goes on down: the table is
/// the same as an uninterrupted solve's. The table is then assembled from
/// the checkpoint (blocks in index order) under a temporary name and renamed
/// to `out`.
///
/// # Errors
/// [`TableError::Input`] for a ruleset without tiers, two tiers past
/// `opts.max_states`, or a remoteness past a byte;
/// [`TableError::Interrupted`] on a stop request; I/O and checkpoint errors.
pub fn solve_tiered_to_file(
    ruleset: &str,
    out: &str,
    opts: &SolveOptions<'_>,
) -> Result<TieredSolved, TableError> {
    let (name, space) = tiered_space(ruleset)?;
    // Refused before the solve, not after it.
    crate::check_replaceable(out, "--out")?;
    let peak = tiered_peak_states(&space);
    if peak > opts.max_states as u64 {
        return Err(TableError::Input(format!(
            "{name}: two adjacent tiers hold {peak} states, more than the budget of {} states: raise it with --max-states {peak} (the tiered solve takes 1 byte per state of two tiers, {} MiB)",
            opts.max_states,
            peak >> 20
        )));
    }
    let tiers = space.tier_count();
    let offsets: Vec<u64> = (0..=tiers)
        .scan(0u64, |a, t| {
            let o = *a;
            if t < tiers {
                *a += space.tier_size(t);
            }
            Some(o)
        })
        .collect();
    let n = offsets[tiers];
    let block_states = opts.block_states.max(1);
    let b = u64::from(block_states);
    let blocks = n.div_ceil(b);
    let own = opts.checkpoint.is_none();
    let ck_path = opts
        .checkpoint
        .map_or_else(|| format!("{out}.part"), str::to_string);
    let (checkpoint, records) = if opts.resume {
        if own {
            return Err(TableError::Input("--resume needs --checkpoint FILE".to_string()));
        }
        Checkpoint::scan(&ck_path, &name, n, block_states)?
    } else {
        if own {
            // A leftover of an earlier run of this very output: start over.
            let _ = std::fs::remove_file(&ck_path);
        }
        (Checkpoint::create(&ck_path, &name, n, block_states)?, Vec::new())
    };
    let low = if records.is_empty() {
        n
    } else {
        (blocks - records.len() as u64) * b
    };
    // The tier holding index `low - 1` is solved again; the tier above it
    // comes from the checkpoint.
    let redo = if low == 0 {
        None
    } else {
        Some(offsets.partition_point(|&o| o < low) - 1)
    };
    let resume = match redo {
        Some(t) if t + 1 < tiers => Some((
            t + 1,
            read_tier(&ck_path, &records, offsets[t + 1], space.tier_size(t + 1), b)?,
        )),
        _ => None,
    };
    let resumed_tiers = match redo {
        Some(t) => tiers - 1 - t,
        None => tiers,
    };
    let topts = TieredOptions {
        threads: opts.threads,
        max_states: opts.max_states,
        monitor: opts.monitor,
    };
    let interrupted = |done: u64| TableError::Interrupted {
        done,
        checkpoint: (!own).then(|| ck_path.clone()),
    };
    let reach = tiered_reachable(&space, 0, &topts).map_err(|e| match e {
        Stopped::Interrupted(i) => interrupted(i.done),
        other => TableError::Input(format!("{name}: {other}")),
    })?;
    let mut reach: Vec<Option<Vec<u64>>> = reach.into_iter().map(Some).collect();
    let mut emitter = Emitter {
        checkpoint,
        block_states: b,
        low,
        carry: Vec::new(),
        carry_lo: low,
    };
    let (mut positions, mut reachable, mut longest_win, mut start) =
        ([0u64; 3], [0u64; 3], None::<u32>, None);
    let mut solved_here = 0u64;
    if redo.is_some() {
        let r = solve_tiered(&space, &topts, resume, |t, v: &[u8]| {
            let bits = reach[t].take().unwrap_or_default();
            for (r, &c) in v.iter().enumerate() {
                if let Some(val) = tier_value(c) {
                    positions[slot(val)] += 1;
                    if bits.get(r / 64).is_some_and(|w| w >> (r % 64) & 1 == 1) {
                        reachable[slot(val)] += 1;
                        if val.wld == Wld::Win {
                            longest_win = longest_win.max(val.remoteness);
                        }
                    }
                }
            }
            if t == 0 {
                start = tier_value(v[0]);
            }
            solved_here += v.len() as u64;
            emitter.tier(offsets[t], v)
        });
        r.map_err(|e| match e {
            TieredError::Sink(e) => e,
            TieredError::Solve(SolveError::Interrupted(_)) => interrupted(solved_here),
            TieredError::Solve(other) => TableError::Input(format!("{name}: {other}")),
            TieredError::BadResume { tier, .. } => TableError::damaged(
                &ck_path,
                None,
                format!("tier {tier} read back with the wrong size"),
            ),
        })?;
    }
    drop(emitter);
    let (_, records) = Checkpoint::scan(&ck_path, &name, n, block_states)?;
    if records.len() as u64 != blocks {
        return Err(TableError::damaged(
            &ck_path,
            None,
            format!("holds {} of {blocks} blocks after the solve", records.len()),
        ));
    }
    if start.is_none() {
        start = read_tier(&ck_path, &records, 0, 1, b)?
            .first()
            .and_then(|&c| tier_value(c));
    }
    assemble(&ck_path, &records, out, &name, n, block_states)?;
    if own {
        let _ = std::fs::remove_file(&ck_path);
    }
    Ok(TieredSolved {
        ruleset: name,
        states: n,
        tiers,
        resumed_tiers,
        blocks,
        start,
        positions,
        reachable,
        longest_win,
        peak_tier_states: peak,
        bytes: std::fs::metadata(out).map(|m| m.len()).unwrap_or(0),
    })
}

/// The one-byte values of indices `lo..lo + len` read from the checkpoint's
/// records (which cover every index from `lo` up).
fn read_tier(path: &str, records: &[Record], lo: u64, len: u64, b: u64) -> Result<Vec<u8>, TableError> {
    let mut out = vec![0u8; len as usize];
    let mut file = std::fs::File::open(path).map_err(|e| TableError::io(path, &e))?;
    for rec in records {
        let (blo, bhi) = (rec.block * b, rec.block * b + u64::from(rec.count));
        if bhi <= lo || blo >= lo + len {
            continue;
        }
        let codes = read_record(path, &mut file, rec)?;
        for i in blo.max(lo)..bhi.min(lo + len) {
            let c = codes[(i - blo) as usize];
            out[(i - lo) as usize] = u8::try_from(c).map_err(|_| {
                TableError::damaged(
                    path,
                    Some(rec.block),
                    format!("value code {c} does not fit a tier byte"),
                )
            })?;
        }
    }
    Ok(out)
}

fn read_record(path: &str, file: &mut std::fs::File, rec: &Record) -> Result<Vec<u16>, TableError> {
    let frame = read_frame(path, file, rec)?;
    decompress(&frame, rec.count as usize).map_err(|w| TableError::damaged(path, Some(rec.block), w))
}

fn read_frame(path: &str, file: &mut std::fs::File, rec: &Record) -> Result<Vec<u8>, TableError> {
    let io = |e: std::io::Error| TableError::io(path, &e);
    file.seek(SeekFrom::Start(rec.offset)).map_err(io)?;
    let mut frame = vec![0u8; rec.length as usize];
    file.read_exact(&mut frame).map_err(io)?;
    Ok(frame)
}

/// Writes the table: header, index, then the checkpoint's frames in block
/// order (copied, not recompressed). O(file).
fn assemble(
    ck_path: &str,
    records: &[Record],
    out: &str,
    ruleset: &str,
    n: u64,
    block_states: u32,
) -> Result<(), TableError> {
    let header = Header {
        ruleset: ruleset.to_string(),
        state_count: n,
        block_states,
        encoding: ENCODING_U16,
    };
    let head = header.to_bytes();
    let mut sorted: Vec<&Record> = records.iter().collect();
    sorted.sort_by_key(|r| r.block);
    let mut offset = (head.len() + sorted.len() * ENTRY + 4) as u64;
    let entries: Vec<BlockEntry> = sorted
        .iter()
        .map(|r| {
            let e = BlockEntry {
                offset,
                length: r.length,
                crc: r.frame_crc,
            };
            offset += u64::from(r.length);
            e
        })
        .collect();
    let mut ck = std::fs::File::open(ck_path).map_err(|e| TableError::io(ck_path, &e))?;
    // A damaged frame of the checkpoint is its own error, not the output's.
    let mut damage = None;
    crate::target::replace_file(out, "--out", |w| {
        w.write_all(&head)?;
        w.write_all(&index_bytes(&entries))?;
        for r in sorted {
            match read_frame(ck_path, &mut ck, r) {
                Ok(frame) => w.write_all(&frame)?,
                Err(e) => {
                    damage = Some(e);
                    return Err(std::io::Error::other("the checkpoint could not be read"));
                }
            }
        }
        Ok(())
    })
    .map_err(|e| damage.take().unwrap_or(e))
}
