//! Checkpoints cut off or damaged at any byte resume to the same table, and
//! probes refuse positions a table does not hold.

use sprague_table::{SolveOptions, TableError, probe, solve, write_table};

fn scratch(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("sprague-table-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn resumes_from_any_cut_of_the_checkpoint() {
    let d = scratch("cuts");
    let ck = d.join("full.ckpt");
    let ck = ck.to_str().unwrap();
    let opts = SolveOptions {
        block_states: 4096,
        max_states: usize::MAX,
        ..SolveOptions::default()
    };
    let plain = solve("connect-four:4x3", &opts).unwrap();
    let with = solve(
        "connect-four:4x3",
        &SolveOptions {
            checkpoint: Some(ck),
            ..opts
        },
    )
    .unwrap();
    assert_eq!(plain.codes, with.codes);
    let bytes = std::fs::read(ck).unwrap();
    let cut = d.join("cut.ckpt");
    let cut = cut.to_str().unwrap();
    // Cuts at many points (inside records and on their boundaries), and a
    // flipped byte: the resumed solve always gives the same codes.
    let step = (bytes.len() / 37).max(1);
    let mut resumed_some = false;
    for len in (60..bytes.len()).step_by(step).chain([bytes.len()]) {
        std::fs::write(cut, &bytes[..len]).unwrap();
        let r = solve(
            "connect-four:4x3",
            &SolveOptions {
                checkpoint: Some(cut),
                resume: true,
                ..opts
            },
        )
        .unwrap();
        assert_eq!(r.codes, plain.codes, "cut at {len}");
        resumed_some |= r.resumed_blocks > 0 && r.resumed_blocks < r.blocks;
    }
    assert!(resumed_some);
    let mut flipped = bytes.clone();
    let at = bytes.len() / 2;
    flipped[at] ^= 0x40;
    std::fs::write(cut, &flipped).unwrap();
    let r = solve(
        "connect-four:4x3",
        &SolveOptions {
            checkpoint: Some(cut),
            resume: true,
            ..opts
        },
    )
    .unwrap();
    assert_eq!(r.codes, plain.codes);
    // A checkpoint of another solve is refused.
    std::fs::write(cut, &bytes).unwrap();
    let other = solve(
        "connect-four:3x4",
        &SolveOptions {
            checkpoint: Some(cut),
            resume: true,
            ..opts
        },
    );
    assert!(matches!(other, Err(TableError::Input(m)) if m.contains("another solve")));
    // --checkpoint asked of a space solved level by level.
    assert!(
        solve(
            "tic-tac-toe",
            &SolveOptions {
                checkpoint: Some(cut),
                ..opts
            }
        )
        .is_err()
    );
}

#[test]
fn probe_of_a_position_the_table_does_not_hold() {
    let d = scratch("hole");
    let t = d.join("empty-ttt.tbl");
    let t = t.to_str().unwrap();
    write_table(t, "tic-tac-toe", &vec![0u16; 19683], 4096).unwrap();
    let e = probe(t, "X..|...|...").unwrap_err().to_string();
    assert!(e.contains("not in the table") && e.contains(t), "{e}");
    let e = probe(t, "X..|...").unwrap_err().to_string();
    assert!(e.contains("expected 9"), "{e}");
    // A table whose size does not match its ruleset.
    write_table(t, "tic-tac-toe", &[1u16; 100], 4096).unwrap();
    let e = probe(t, "start").unwrap_err().to_string();
    assert!(e.contains("100 indices"), "{e}");
}
