//! `sprague grundy-game FILE --count N`: the table file of Grundy's game,
//! written, resumed, and refused when damaged.

use crate::common;
use common::{run_ok, run_refused};

fn temp(name: &str) -> std::path::PathBuf {
    let dir = crate::common::temp_dir("grundy-game");
    dir.join(name)
}

#[test]
fn writes_resumes_and_matches_a_fresh_run() {
    let a = temp("a.tbl");
    let b = temp("b.tbl");
    let _ = std::fs::remove_file(&a);
    let _ = std::fs::remove_file(&b);
    let (pa, pb) = (a.to_str().expect("utf-8"), b.to_str().expect("utf-8"));
    let out = run_ok(&["grundy-game", pa, "--count", "3000"], b"");
    // `--count N` is G(0) to G(N-1), as `table` prints it.
    assert!(out.contains("G(0..2999) of Grundy's game"), "{out}");
    // The header, then one block: its length and checksum (12 bytes) and a
    // byte a value.
    assert_eq!(std::fs::metadata(&a).expect("written").len(), 16 + 12 + 3000);
    // Cut the file mid-way (a killed run: the block is cut short, so it is
    // dropped) and resume to more heaps.
    let bytes = std::fs::read(&a).expect("read");
    std::fs::write(&a, &bytes[..1234]).expect("cut");
    run_ok(&["grundy-game", pa, "--count", "5000"], b"");
    run_ok(&["grundy-game", pb, "--count", "5000"], b"");
    assert_eq!(std::fs::read(&a).expect("a"), std::fs::read(&b).expect("b"));
    let mut t = sprague::heap::GrundyGameTable::new();
    t.extend_to(5000, &mut |_| true).expect("fits");
    let (heap, max) = *t.records().last().expect("records");
    let out = run_ok(&["grundy-game", pb, "--count", "5000"], b"");
    assert!(
        out.contains(&format!("largest value {max}, first at heap {heap}")),
        "{out}"
    );
}

#[test]
fn damaged_or_foreign_files_are_refused() {
    let a = temp("bad.tbl");
    let pa = a.to_str().expect("utf-8");
    run_ok(&["grundy-game", pa, "--count", "500"], b"");
    let mut bytes = std::fs::read(&a).expect("read");
    let last = bytes.len() - 3;
    bytes[last] ^= 2;
    std::fs::write(&a, &bytes).expect("write");
    run_refused(
        &["grundy-game", pa, "--count", "600"],
        &["heaps from 0", "checksum", "damaged"],
    );
    std::fs::write(&a, b"#!/bin/sh\necho not a table\n").expect("write");
    run_refused(&["grundy-game", pa, "--count", "600"], &["not a table file"]);
}
