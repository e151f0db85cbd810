//! Table files (`solve --out`), through everything that reads one: opening
//! (header, block index), reading and decompressing every block, looking up
//! indices, `probe` and `verify`.
//!
//! Input: the first byte picks the mode. Bit 0 clear: the rest of the input
//! is the whole file. Bit 0 set: the file is a valid table of tic-tac-toe
//! (several blocks), edited by the rest of the input read as triples
//! (2-byte offset, byte to xor in); with bit 1 set the header, index and
//! block checksums are then recomputed, so that the damage reaches the
//! parsing behind them (lengths, offsets, zstd frames, codes); with bit 2 set
//! the file is also cut to a length taken from the input.
//!
//! Checked: no panic, no hang; every error is one line and names the file.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

/// A valid table of tic-tac-toe in blocks of 2,048 indices.
fn valid_table() -> &'static [u8] {
    static TABLE: OnceLock<Vec<u8>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("sprague-fuzz-table-{}", std::process::id()));
        let _ = std::fs::create_dir_all(&dir);
        let path = dir.join("valid.tbl");
        let path = path.to_string_lossy().into_owned();
        let solved = sprague_table::solve("tic-tac-toe", &sprague_table::SolveOptions::default())
            .expect("tic-tac-toe solves");
        sprague_table::write_table(&path, &solved.ruleset, &solved.codes, 2048).expect("table written");
        let bytes = std::fs::read(&path).expect("table read back");
        let _ = std::fs::remove_dir_all(&dir);
        bytes
    })
}

fn u32_at(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(b.get(at..at + 4)?.try_into().ok()?))
}

fn u64_at(b: &[u8], at: usize) -> Option<u64> {
    Some(u64::from_le_bytes(b.get(at..at + 8)?.try_into().ok()?))
}

fn put_u32(b: &mut [u8], at: usize, v: u32) {
    if let Some(s) = b.get_mut(at..at + 4) {
        s.copy_from_slice(&v.to_le_bytes());
    }
}

/// Recomputes the checksums the layout of `docs`/`format.rs` describes:
/// each block's, the index's and the header's, as far as the (possibly
/// damaged) lengths and offsets allow.
fn fix_checksums(b: &mut [u8]) {
    let Some(len) = u32_at(b, 12).map(|l| l as usize) else { return };
    let Some(count) = u32_at(b, 28).map(|c| c as usize) else { return };
    if len < 4 || len > b.len() {
        return;
    }
    let count = count.min(4096);
    for i in 0..count {
        let at = len + 16 * i;
        let (Some(offset), Some(length)) = (u64_at(b, at), u32_at(b, at + 8)) else { break };
        let (offset, length) = (offset as usize, length as usize);
        if let Some(frame) = offset.checked_add(length).and_then(|end| b.get(offset..end)) {
            let crc = crc32fast::hash(frame);
            put_u32(b, at + 12, crc);
        }
    }
    let end = len + 16 * count;
    if end <= b.len() {
        let crc = crc32fast::hash(&b[len..end]);
        put_u32(b, end, crc);
    }
    let crc = crc32fast::hash(&b[..len - 4]);
    put_u32(b, len - 4, crc);
}

fn one_line(e: &sprague_table::TableError, path: &str) {
    let text = e.to_string();
    assert!(!text.contains('\n'), "a table error spans lines: {text:?}");
    assert!(!text.is_empty());
    if matches!(e, sprague_table::TableError::Damaged { .. }) {
        assert!(text.contains(path), "a damaged-table error does not name the file: {text}");
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else { return };
    let bytes = if mode & 1 == 0 {
        rest.to_vec()
    } else {
        let mut b = valid_table().to_vec();
        let (edits, cut) = if mode & 4 != 0 && rest.len() >= 2 {
            (&rest[2..], Some(usize::from(u16::from_le_bytes([rest[0], rest[1]]))))
        } else {
            (rest, None)
        };
        for e in edits.chunks_exact(3) {
            let at = usize::from(u16::from_le_bytes([e[0], e[1]]));
            if !b.is_empty() {
                let n = b.len();
                b[at % n] ^= e[2];
            }
        }
        if mode & 2 != 0 {
            fix_checksums(&mut b);
        }
        if let Some(cut) = cut {
            b.truncate(cut);
        }
        b
    };
    let dir = std::env::temp_dir();
    let path = dir.join(format!("sprague-fuzz-{}.tbl", std::process::id()));
    let path = path.to_string_lossy().into_owned();
    if std::fs::write(&path, &bytes).is_err() {
        return;
    }
    match sprague_table::TableFile::open(&path) {
        Err(e) => one_line(&e, &path),
        Ok(mut t) => {
            let blocks = t.header().block_count().min(64);
            for b in 0..blocks {
                if let Err(e) = t.read_block(b) {
                    one_line(&e, &path);
                }
            }
            let n = t.header().state_count;
            for s in [0, 1, n / 2, n.saturating_sub(1), n] {
                if let Err(e) = t.get(s) {
                    one_line(&e, &path);
                }
            }
            if t.header().state_count <= 1 << 16 {
                match sprague_table::verify(&path, 16, 1) {
                    Ok(_) => {}
                    Err(e) => one_line(&e, &path),
                }
                for position in ["start", "X........", "XO.|...|..."] {
                    if let Err(e) = sprague_table::probe(&path, position) {
                        one_line(&e, &path);
                    }
                }
            }
        }
    }
    let _ = std::fs::remove_file(&path);
});
