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
    // A leftover checkpoint is not overwritten, whatever the space.
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

/// A level-by-level solve with a checkpoint gives the codes of the plain
/// solve ([`sprague::StateSpaceSolver`]); stopped after any number of checks
/// and resumed from its last snapshot, it gives them again.
#[test]
fn level_snapshots_resume_to_the_same_codes() {
    let d = scratch("levels");
    for space in ["tic-tac-toe", "krk"] {
        let opts = SolveOptions {
            block_states: 1 << 14,
            max_states: usize::MAX,
            checkpoint_every: std::time::Duration::ZERO,
            ..SolveOptions::default()
        };
        let plain = solve(space, &opts).unwrap();
        let ck = d.join(format!("{space}.ckpt"));
        let ck = ck.to_str().unwrap();
        let with = solve(
            space,
            &SolveOptions {
                checkpoint: Some(ck),
                ..opts
            },
        )
        .unwrap();
        assert_eq!(with.codes, plain.codes, "{space}");
        assert_eq!(with.resumed_level, None);
        // Stops at many points: each resumes from the last level's snapshot.
        let mut levels = std::collections::BTreeSet::new();
        for stop_after in [1u64, 3, 6, 8, 10, 12, 20, 60, 130, 140, 150, 170, 200, 230] {
            std::fs::remove_file(ck).unwrap();
            let checks = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
            let c = std::sync::Arc::clone(&checks);
            let monitor = sprague::Monitor::new()
                .with_poll(move || c.fetch_add(1, std::sync::atomic::Ordering::Relaxed) >= stop_after);
            let stopped = solve(
                space,
                &SolveOptions {
                    checkpoint: Some(ck),
                    monitor: Some(&monitor),
                    ..opts
                },
            );
            let Err(TableError::Interrupted { checkpoint, .. }) = stopped else {
                // Fewer checks than `stop_after` in the whole solve.
                continue;
            };
            assert_eq!(checkpoint.as_deref(), Some(ck));
            let r = solve(
                space,
                &SolveOptions {
                    checkpoint: Some(ck),
                    resume: true,
                    ..opts
                },
            )
            .unwrap();
            assert_eq!(r.codes, plain.codes, "{space}, stopped after {stop_after} checks");
            levels.insert(r.resumed_level);
        }
        assert!(levels.len() >= 2, "{space}: resumed from {levels:?}");
    }
}

/// A damaged snapshot is refused with the file and the block named, never
/// resumed into a wrong table; a snapshot checkpoint is not an append one.
#[test]
fn damaged_snapshots_name_the_file_and_the_block() {
    let d = scratch("snapdamage");
    let ck = d.join("krk.ckpt");
    let ck = ck.to_str().unwrap();
    let opts = SolveOptions {
        block_states: 1 << 14,
        max_states: usize::MAX,
        checkpoint: Some(ck),
        ..SolveOptions::default()
    };
    solve("krk", &opts).unwrap();
    let good = std::fs::read(ck).unwrap();
    let resume = |bytes: &[u8]| {
        std::fs::write(ck, bytes).unwrap();
        solve("krk", &SolveOptions { resume: true, ..opts })
    };
    let damaged = |r: Result<sprague_table::Solved, TableError>| match r {
        Err(TableError::Damaged { path, block, what }) => {
            assert_eq!(path, ck);
            (block, what)
        }
        other => panic!("expected a damaged checkpoint, got {other:?}"),
    };
    // A flipped bit in the middle of the file, in some block's frame.
    let mut b = good.clone();
    b[good.len() / 2] ^= 0x08;
    let (block, what) = damaged(resume(&b));
    assert!(block.is_some() && what.contains("checksum"), "{block:?} {what}");
    // Cut off in the middle: the block where the file ends is named.
    let (block, what) = damaged(resume(&good[..good.len() / 2]));
    assert!(block.is_some() && what.contains("truncated"), "{block:?} {what}");
    let mut b = good.clone();
    b.push(7);
    let (_, what) = damaged(resume(&b));
    assert!(what.contains("after the last block"), "{what}");
    // The whole snapshot resumes to the plain solve's codes.
    let plain = solve(
        "krk",
        &SolveOptions {
            checkpoint: None,
            ..opts
        },
    )
    .unwrap();
    assert_eq!(resume(&good).unwrap().codes, plain.codes);
    // An append checkpoint (connect-four) is another kind of solve.
    let c4 = d.join("c4.ckpt");
    let c4 = c4.to_str().unwrap();
    solve(
        "connect-four:4x3",
        &SolveOptions {
            checkpoint: Some(c4),
            ..opts
        },
    )
    .unwrap();
    std::fs::copy(c4, ck).unwrap();
    let other = solve("krk", &SolveOptions { resume: true, ..opts });
    assert!(matches!(other, Err(TableError::Input(m)) if m.contains("another solve")));
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
