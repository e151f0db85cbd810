//! Files read back to resume a computation: the checkpoint of a table
//! solve (`solve --demo NAME --out T --checkpoint C --resume`: tic-tac-toe
//! keeps snapshots of its levels, connect-four:3x3 appends finished
//! blocks) and the table of Grundy's game (`grundy-game FILE`). Bit 0 of
//! the first byte picks the reader, bit 1 the space; the rest is the file.
//! The seeds are real files, which the fuzzer damages.
//! Checks: no panic, no read or allocation past what the file can hold;
//! a checkpoint either resumes into the table an uninterrupted solve
//! writes or is refused with one line naming the file; a Grundy table
//! either reads back as a prefix of G (checked against the definition) or
//! is refused with one line.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

fuzz_target!(|data: &[u8]| {
    let Some((&which, file)) = data.split_first() else { return };
    if which & 1 == 0 {
        grundy(file);
    } else if which & 2 == 0 {
        checkpoint("tic-tac-toe", 0, file);
    } else {
        checkpoint("connect-four:3x3", 1, file);
    }
});

/// G(0..4096) of Grundy's game, by the definition.
fn truth() -> &'static [u16] {
    static G: OnceLock<Vec<u16>> = OnceLock::new();
    G.get_or_init(|| sprague::heap::grundy_game_plain(4096))
}

fn grundy(file: &[u8]) {
    match sprague::heap::read_grundy_table(&mut &file[..], 0) {
        Ok(resumed) => {
            let t = resumed.table;
            assert!(resumed.valid_bytes <= file.len() as u64);
            let n = t.len().min(4096);
            for h in 0..n {
                assert_eq!(t.value(h), Some(truth()[h]), "heap {h}");
            }
        }
        Err(e) => assert!(!e.to_string().contains('\n')),
    }
}

/// The table codes of `space` (number `k`) from a solve without a checkpoint.
fn reference(space: &str, k: usize) -> &'static [u16] {
    static C: [OnceLock<Vec<u16>>; 2] = [OnceLock::new(), OnceLock::new()];
    C[k].get_or_init(|| {
        let opts = sprague_table::SolveOptions {
            block_states: 4096,
            ..sprague_table::SolveOptions::default()
        };
        sprague_table::solve(space, &opts).expect("the space solves").codes
    })
}

fn checkpoint(space: &str, k: usize, file: &[u8]) {
    let dir = std::env::temp_dir().join(format!("sprague-fuzz-checkpoint-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join("c.ck");
    if std::fs::write(&path, file).is_err() {
        return;
    }
    let path = path.to_string_lossy().to_string();
    let opts = sprague_table::SolveOptions {
        block_states: 4096,
        checkpoint: Some(&path),
        resume: true,
        ..sprague_table::SolveOptions::default()
    };
    match sprague_table::solve(space, &opts) {
        Ok(solved) => assert!(solved.codes == reference(space, k), "a resumed solve of {space} differs from a fresh one"),
        Err(e) => {
            let m = e.to_string();
            assert!(!m.contains('\n'), "{m:?}");
        }
    }
}
