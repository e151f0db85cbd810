//! The binary graph format, for graphs too big to read quickly as text (see
//! `docs/graphs.md`): a fixed header, the edges as pairs of 32-bit ids, then
//! the terminal outcomes and scores that `sprague solve` reads. All numbers
//! are little-endian.
//!
//! | bytes | what |
//! | --- | --- |
//! | 8 | the magic `SPRGRAPH` |
//! | 4 | version, `1` |
//! | 4 | flags, `0` (reserved) |
//! | 8 | `n`, the number of vertices |
//! | 8 | `m`, the number of edges |
//! | 8·m | the edges: source, then target (u32 each) |
//! | 8 | `k`, the number of terminal outcomes |
//! | 5·k | vertex (u32), then `W`, `L` or `D` (one ASCII byte) |
//! | 8 | `s`, the number of terminal scores |
//! | 12·s | vertex (u32), then the score (i64) |
//!
//! The file ends there. The reader streams the file (it never holds it
//! whole), checks the sizes against the memory budget before anything of
//! that size is allocated, and names the byte where a truncated or corrupt
//! file goes wrong.

use crate::error::{CliError, CliResult};
use crate::input::graph_size::check_size;
use sprague::Wld;
use std::io::Read;

/// The first eight bytes of a binary graph file.
pub const MAGIC: [u8; 8] = *b"SPRGRAPH";
/// The version this reader reads.
pub const VERSION: u32 = 1;

/// Whether `head`, the first bytes of a file (at least 8 of them unless the
/// file is shorter), starts like a binary graph file: the magic, or a
/// shorter file that is a prefix of it (then the reader says it is truncated).
#[must_use]
pub fn is_binary(head: &[u8]) -> bool {
    !head.is_empty() && head.len() < MAGIC.len() && MAGIC.starts_with(head) || head.starts_with(&MAGIC)
}

/// A binary graph file as read: the graph as two lists of edge ends, and the
/// terminal annotations with their record index (for messages).
pub struct BinaryGraph {
    /// Number of vertices.
    pub n: u64,
    /// Edge sources.
    pub sources: Vec<u32>,
    /// Edge targets.
    pub targets: Vec<u32>,
    /// `(vertex, outcome, record index)` of each terminal outcome.
    pub outcomes: Vec<(u32, Wld, u64)>,
    /// `(vertex, score, record index)` of each terminal score.
    pub scores: Vec<(u32, i64, u64)>,
}

/// A reader that counts the bytes read, for error messages.
struct Cursor<'r> {
    reader: &'r mut dyn Read,
    at: u64,
    path: &'r str,
}

impl Cursor<'_> {
    /// Fills `buf` or says which bytes (`what`) the file ends in.
    fn fill(&mut self, buf: &mut [u8], what: &str) -> CliResult<()> {
        let mut got = 0;
        while got < buf.len() {
            match self.reader.read(&mut buf[got..]) {
                Ok(0) => {
                    return Err(CliError::input(format!(
                        "{}: binary graph truncated: the file ends at byte {} within {what} (bytes {} to {})",
                        self.path,
                        self.at + got as u64,
                        self.at,
                        self.at + buf.len() as u64 - 1
                    )));
                }
                Ok(k) => got += k,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(CliError::input(format!("cannot read `{}`: {e}", self.path))),
            }
        }
        self.at += buf.len() as u64;
        Ok(())
    }

    fn u32(&mut self, what: &str) -> CliResult<u32> {
        let mut b = [0; 4];
        self.fill(&mut b, what)?;
        Ok(u32::from_le_bytes(b))
    }

    fn u64(&mut self, what: &str) -> CliResult<u64> {
        let mut b = [0; 8];
        self.fill(&mut b, what)?;
        Ok(u64::from_le_bytes(b))
    }

    /// An error about the bytes from `at` on.
    fn corrupt(&self, at: u64, what: &str) -> CliError {
        CliError::input(format!("{}: binary graph: byte {at}: {what}", self.path))
    }

    /// A vertex id read at byte `at`, checked to be below `n`; `whose` words
    /// the record for the error (only then built).
    fn vertex(&self, v: u32, n: u64, at: u64, whose: impl Fn() -> String) -> CliResult<u32> {
        if u64::from(v) >= n {
            return Err(self.corrupt(
                at,
                &format!(
                    "{} names vertex {v}, but ids run from 0 to {} (n = {n})",
                    whose(),
                    n.saturating_sub(1)
                ),
            ));
        }
        Ok(v)
    }
}

/// Records read per chunk.
const CHUNK_RECORDS: usize = 8192;

/// Reads a binary graph file from `reader` (named `path` in messages),
/// checking its size against the memory budget for a solver that needs
/// `bytes_per_vertex` and `bytes_per_edge`. O(file) time; the memory is the
/// edge lists and annotations plus a 96 KiB buffer.
///
/// # Errors
/// A file that is not a binary graph of version 1, is truncated, names a
/// vertex at or beyond `n`, has an outcome byte other than `W`, `L`, `D`, a
/// score of -2^63, more annotations than vertices, or bytes after the end;
/// and a graph past the memory budget. Each error names the byte.
pub fn read_binary(
    reader: &mut dyn Read,
    path: &str,
    bytes_per_vertex: u64,
    bytes_per_edge: u64,
) -> CliResult<BinaryGraph> {
    let mut r = Cursor { reader, at: 0, path };
    let mut magic = [0; 8];
    r.fill(&mut magic, "the magic `SPRGRAPH`")?;
    if magic != MAGIC {
        return Err(r.corrupt(0, "not a binary graph file (it does not start with `SPRGRAPH`)"));
    }
    let version = r.u32("the version")?;
    if version != VERSION {
        return Err(r.corrupt(
            8,
            &format!("version {version} is not one this sprague reads (version {VERSION})"),
        ));
    }
    let flags = r.u32("the flags")?;
    if flags != 0 {
        return Err(r.corrupt(12, &format!("flags {flags:#x} are reserved and must be 0")));
    }
    let n = r.u64("the vertex count n")?;
    let m = r.u64("the edge count m")?;
    if n == 0 && m > 0 {
        return Err(r.corrupt(16, "n = 0, yet the file declares edges"));
    }
    check_size(n, m, bytes_per_vertex, bytes_per_edge)?;
    // Within the budget (checked just now), the lists take their whole size at
    // once; pages not yet written cost no memory, so a truncated file that
    // declares many edges costs only what it holds.
    let mut sources = Vec::with_capacity(m as usize);
    let mut targets = Vec::with_capacity(m as usize);
    let mut buf = vec![0u8; CHUNK_RECORDS * 12];
    chunked(
        &mut r,
        &mut buf,
        m,
        8,
        CHUNK_RECORDS,
        "edge",
        |r, at, index, pair| {
            let edge = || format!("edge {index}");
            let u = u32::from_le_bytes([pair[0], pair[1], pair[2], pair[3]]);
            let v = u32::from_le_bytes([pair[4], pair[5], pair[6], pair[7]]);
            sources.push(r.vertex(u, n, at, edge)?);
            targets.push(r.vertex(v, n, at + 4, edge)?);
            Ok(())
        },
    )?;
    let outcomes = records(&mut r, &mut buf, n, "outcome", 5, |r, at, i, v, rec| {
        let o = match rec[4] {
            b'W' => Wld::Win,
            b'L' => Wld::Lose,
            b'D' => Wld::Draw,
            b => {
                return Err(r.corrupt(
                    at + 4,
                    &format!("outcome {i}: byte {b:#04x} is not `W`, `L` or `D`"),
                ));
            }
        };
        Ok((v, o, i))
    })?;
    let scores = records(&mut r, &mut buf, n, "score", 12, |r, at, i, v, rec| {
        let mut b = [0; 8];
        b.copy_from_slice(&rec[4..12]);
        let s = i64::from_le_bytes(b);
        if s == i64::MIN {
            return Err(r.corrupt(
                at + 4,
                &format!(
                    "score {i}: {s} is out of range (at most {} in absolute value)",
                    i64::MAX
                ),
            ));
        }
        Ok((v, s, i))
    })?;
    let end = r.at;
    let mut extra = [0; 1];
    if r.fill(&mut extra, "").is_ok() {
        return Err(r.corrupt(
            end,
            "bytes after the end of the scores (the file should end here)",
        ));
    }
    Ok(BinaryGraph {
        n,
        sources,
        targets,
        outcomes,
        scores,
    })
}

/// Reads a count and that many records of `size` bytes, each a vertex (four
/// bytes, checked below `n`) and what is said of it, turned into a `T` by
/// `decode(cursor, byte, index, vertex, record)`. At most `n` records: each
/// annotates a different vertex.
fn records<T>(
    r: &mut Cursor<'_>,
    buf: &mut [u8],
    n: u64,
    what: &str,
    size: usize,
    decode: impl Fn(&Cursor<'_>, u64, u64, u32, &[u8]) -> CliResult<T>,
) -> CliResult<Vec<T>> {
    let count_at = r.at;
    let count = r.u64(&format!("the {what} count"))?;
    if count > n {
        return Err(r.corrupt(
            count_at,
            &format!("{count} {what}s for {n} vertices: at most one each"),
        ));
    }
    let mut out = Vec::with_capacity(count as usize);
    let per_chunk = buf.len() / size;
    chunked(r, buf, count, size, per_chunk, what, |r, at, index, rec| {
        let v = r.vertex(
            u32::from_le_bytes([rec[0], rec[1], rec[2], rec[3]]),
            n,
            at,
            || format!("{what} {index}"),
        )?;
        out.push(decode(r, at, index, v, rec)?);
        Ok(())
    })?;
    Ok(out)
}

/// Reads `count` records of `size` bytes through `buf`, `per_chunk` at a
/// time, handing each to `each(cursor, byte, index, record)`; a file that
/// ends early names the `what`s of the chunk it was reading.
fn chunked(
    r: &mut Cursor<'_>,
    buf: &mut [u8],
    count: u64,
    size: usize,
    per_chunk: usize,
    what: &str,
    mut each: impl FnMut(&Cursor<'_>, u64, u64, &[u8]) -> CliResult<()>,
) -> CliResult<()> {
    let mut left = count;
    while left > 0 {
        let k = left.min(per_chunk as u64) as usize;
        let first = count - left;
        let start = r.at;
        r.fill(
            &mut buf[..size * k],
            &format!("{what}s {first} to {}", first + k as u64 - 1),
        )?;
        for (i, rec) in buf[..size * k].chunks_exact(size).enumerate() {
            each(r, start + (size * i) as u64, first + i as u64, rec)?;
        }
        left -= k as u64;
    }
    Ok(())
}

/// Writes a graph in the binary format (for tests, tools and `docs/graphs.md`).
/// O(m + annotations).
///
/// # Errors
/// The writer's.
pub fn write_binary(
    out: &mut dyn std::io::Write,
    n: u64,
    edges: &[(u32, u32)],
    outcomes: &[(u32, Wld)],
    scores: &[(u32, i64)],
) -> std::io::Result<()> {
    out.write_all(&MAGIC)?;
    out.write_all(&VERSION.to_le_bytes())?;
    out.write_all(&0u32.to_le_bytes())?;
    out.write_all(&n.to_le_bytes())?;
    out.write_all(&(edges.len() as u64).to_le_bytes())?;
    for &(u, v) in edges {
        out.write_all(&u.to_le_bytes())?;
        out.write_all(&v.to_le_bytes())?;
    }
    out.write_all(&(outcomes.len() as u64).to_le_bytes())?;
    for &(v, o) in outcomes {
        out.write_all(&v.to_le_bytes())?;
        out.write_all(o.as_str().as_bytes())?;
    }
    out.write_all(&(scores.len() as u64).to_le_bytes())?;
    for &(v, s) in scores {
        out.write_all(&v.to_le_bytes())?;
        out.write_all(&s.to_le_bytes())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::graph::parse_graph;
    use crate::input::state_graph::parse_state_graph;

    fn file(n: u64, edges: &[(u32, u32)], outcomes: &[(u32, Wld)], scores: &[(u32, i64)]) -> Vec<u8> {
        let mut out = Vec::new();
        write_binary(&mut out, n, edges, outcomes, scores).unwrap();
        out
    }

    fn refused(bytes: &[u8]) -> String {
        match parse_state_graph(bytes, "g.bin") {
            Ok(_) => panic!("{bytes:?} was accepted"),
            Err(e) => e.message,
        }
    }

    #[test]
    fn reads_what_it_writes_like_the_text_form() {
        let bytes = file(4, &[(0, 1), (1, 2), (2, 0), (3, 3)], &[(1, Wld::Draw)], &[]);
        let g = parse_state_graph(&bytes, "g.bin").unwrap_err();
        // Vertex 1 has a move, so it cannot carry a terminal outcome.
        assert!(
            g.message.contains("g.bin: outcome 0: vertex 1 has moves"),
            "{}",
            g.message
        );
        let bytes = file(5, &[(0, 1), (1, 2), (2, 0), (3, 3)], &[(4, Wld::Win)], &[(4, -7)]);
        let g = parse_state_graph(&bytes, "g.bin").unwrap();
        let text = "5 4\n0 1\n1 2\n2 0\n3 3\noutcome 4 W\nscore 4 -7\n";
        let t = parse_state_graph(text.as_bytes(), "g.txt").unwrap();
        assert_eq!(g.graph, t.graph);
        assert_eq!(g.outcomes, t.outcomes);
        assert_eq!(g.scores, t.scores);
        let e = parse_graph(&file(3, &[(0, 1), (1, 2)], &[], &[]), "g.bin").unwrap();
        assert_eq!((e.n, e.sources, e.targets), (3, vec![0, 1], vec![1, 2]));
        // grundy-graph reads no annotations.
        let Err(e) = parse_graph(&bytes, "g.bin") else {
            panic!("annotations accepted")
        };
        assert!(e.message.contains("only `sprague solve` reads"), "{}", e.message);
    }

    /// Every proper prefix of a file is refused as truncated, naming the
    /// byte where it ends.
    #[test]
    fn every_truncation_is_named() {
        let bytes = file(6, &[(0, 1), (5, 4), (2, 3)], &[(1, Wld::Lose)], &[(3, 9)]);
        assert!(parse_state_graph(&bytes, "g.bin").is_ok());
        for k in 1..bytes.len() {
            let e = refused(&bytes[..k]);
            assert!(
                e.starts_with("g.bin: binary graph truncated: the file ends at byte ")
                    && e.contains(&format!("at byte {k} within")),
                "{k}: {e}"
            );
        }
    }

    #[test]
    fn corrupt_files_name_the_byte() {
        let good = file(3, &[(0, 1), (1, 2)], &[(2, Wld::Win)], &[(2, 5)]);
        let with = |at: usize, new: &[u8]| {
            let mut b = good.clone();
            b[at..at + new.len()].copy_from_slice(new);
            b
        };
        let mut trailing = good.clone();
        trailing.push(0);
        let many = {
            let mut b = good.clone();
            // The outcome count (after 32 header and 16 edge bytes) past n.
            b[48..56].copy_from_slice(&4u64.to_le_bytes());
            b
        };
        for (bytes, want) in [
            (with(8, &2u32.to_le_bytes()), "byte 8: version 2"),
            (with(12, &1u32.to_le_bytes()), "byte 12: flags 0x1"),
            (with(36, &3u32.to_le_bytes()), "byte 36: edge 0 names vertex 3"),
            (with(44, &7u32.to_le_bytes()), "byte 44: edge 1 names vertex 7"),
            (with(60, b"X"), "byte 60: outcome 0: byte 0x58"),
            (with(73, &i64::MIN.to_le_bytes()), "byte 73: score 0"),
            (trailing, "byte 81: bytes after the end"),
            (many, "byte 48: 4 outcomes for 3 vertices"),
        ] {
            let e = refused(&bytes);
            assert!(
                e.starts_with("g.bin: binary graph: ") && e.contains(want),
                "{want}: {e}"
            );
        }
        // A header past the memory budget is refused before anything is read.
        let mut huge = good[..32].to_vec();
        huge[24..32].copy_from_slice(&(u64::from(u32::MAX) - 2).to_le_bytes());
        huge[16..24].copy_from_slice(&(u64::from(u32::MAX) - 2).to_le_bytes());
        let e = refused(&huge);
        assert!(e.contains("memory"), "{e}");
        // A file whose magic is damaged is not taken for a binary graph: the
        // text reader refuses its first line.
        let e = refused(&with(0, b"SPRGRAPX"));
        assert!(e.contains("line 1: expected a header"), "{e}");
    }
}
