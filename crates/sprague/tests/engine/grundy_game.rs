//! Grundy's game by the sparse-space table (`GrundyGameTable`): against the
//! definition, the published values, and through its table file.

use proptest::prelude::*;
use sprague::HeapGame;
use sprague::heap::{
    GrundyGameTable, RESUME_CHECK, TakeBreak, grundy_game_plain, grundy_game_rare, read_grundy_table,
    write_grundy_header, write_grundy_values,
};
use std::io::Cursor;

fn table(count: usize) -> GrundyGameTable {
    let mut t = GrundyGameTable::new();
    t.extend_to(count, &mut |_| true).expect("small values");
    t
}

fn values(t: &GrundyGameTable) -> Vec<u16> {
    (0..t.len()).map(|n| t.value(n).expect("held")).collect()
}

/// OEIS A002188 (Sprague-Grundy values for Grundy's game), the 105 terms of its data section.
const A002188: [u16; 105] = [
    0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1, 2, 4, 1,
    2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3, 2, 1, 3, 2, 4, 3, 2, 4, 3, 2,
    4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3, 7, 4, 3, 7, 4, 3, 5, 2, 3, 5, 2, 3, 5, 2, 3,
];

#[test]
fn oeis_a002188() {
    assert_eq!(values(&table(A002188.len())), A002188);
}

/// Every heap up to 231 with a value in the sparse (rare) class, with its value,
/// as listed by A. Flammenkamp, "Sprague-Grundy Values of Grundy's Game"
/// (wwwhomes.uni-bielefeld.de/achim/grundy.html, "Known Sparse SGV").
#[test]
fn flammenkamp_sparse_values_to_231() {
    let listed: [(usize, u16); 47] = [
        (1, 0),
        (2, 0),
        (3, 1),
        (4, 0),
        (6, 1),
        (7, 0),
        (9, 1),
        (10, 0),
        (12, 1),
        (15, 1),
        (20, 0),
        (23, 0),
        (26, 0),
        (28, 1),
        (31, 1),
        (34, 1),
        (37, 1),
        (40, 1),
        (43, 1),
        (46, 1),
        (49, 1),
        (50, 0),
        (52, 1),
        (53, 0),
        (55, 1),
        (58, 1),
        (61, 1),
        (87, 7),
        (90, 7),
        (93, 7),
        (146, 6),
        (149, 6),
        (152, 6),
        (158, 11),
        (161, 11),
        (164, 11),
        (167, 11),
        (176, 7),
        (179, 7),
        (181, 12),
        (182, 7),
        (185, 7),
        (188, 7),
        (190, 12),
        (193, 12),
        (196, 10),
        (231, 10),
    ];
    let t = table(232);
    assert_eq!(t.rare_heaps(), listed);
    let g = values(&t);
    let by_class: Vec<(usize, u16)> = (1..232)
        .filter(|&n| grundy_game_rare(g[n]))
        .map(|n| (n, g[n]))
        .collect();
    assert_eq!(by_class, listed);
}

#[test]
fn agrees_with_the_definition_exhaustively() {
    let n = 3000;
    assert_eq!(values(&table(n)), grundy_game_plain(n));
}

#[test]
fn agrees_with_the_take_and_break_engine() {
    let n = 6000;
    let other: Vec<u16> = TakeBreak::grundy_game()
        .values_rare(n)
        .into_iter()
        .map(|v| v as u16)
        .collect();
    assert_eq!(values(&table(n)), other);
    // The verbs (`table`, `value`, `count`) ask the heap game, which runs the
    // sparse-space table for Grundy's game: the same values, and a stop at
    // the progress callback leaves a prefix of them.
    let g = TakeBreak::grundy_game();
    let verb: Vec<u16> = g
        .grundy_values(n, &mut |_| true)
        .into_iter()
        .map(|v| v as u16)
        .collect();
    assert_eq!(verb, other);
    let stopped = g.grundy_values(200_000, &mut |done| done < 1 << 16);
    assert_eq!(stopped.len(), 1 << 16);
    assert!(stopped[..n].iter().zip(&other).all(|(&a, &b)| a == u64::from(b)));
}

#[test]
fn records_are_first_occurrences_of_new_maxima() {
    let t = table(2000);
    let g = values(&t);
    let r = t.records();
    assert_eq!(r[0], (0, 0));
    for w in r.windows(2) {
        assert!(w[1].1 > w[0].1);
        assert!(g[w[0].0..w[1].0].iter().all(|&v| v <= w[0].1));
    }
    // From A002188: the value 1 first at heap 3, 2 at 5, 3 at 13, 4 at 18, 5 at 41, 7 at 87.
    for (heap, value) in [(3, 1), (5, 2), (13, 3), (18, 4), (41, 5), (87, 7)] {
        assert!(r.contains(&(heap, value)), "({heap}, {value}) in {r:?}");
    }
}

fn file_of(t: &GrundyGameTable) -> Vec<u8> {
    file_in_blocks(t, t.len().max(1))
}

/// The file of `t` written `step` values at a time (one block each).
fn file_in_blocks(t: &GrundyGameTable, step: usize) -> Vec<u8> {
    let mut f = Vec::new();
    write_grundy_header(&mut f).expect("in memory");
    let mut done = 0;
    while done < t.len() {
        let to = t.len().min(done + step);
        write_grundy_values(&mut f, t, done, to).expect("in memory");
        done = to;
    }
    f
}

/// Bytes of a block's head: length and checksum.
const HEAD: usize = 12;

#[test]
fn file_round_trip_and_damage() {
    let t = table(1500);
    let f = file_of(&t);
    assert_eq!(f.len(), 16 + HEAD + 1500);
    let back = read_grundy_table(&mut Cursor::new(&f), 2000).expect("valid");
    assert_eq!(values(&back.table), values(&t));
    assert_eq!(back.valid_bytes, f.len() as u64);
    // A value changed anywhere, not only among the last ones recomputed,
    // fails its block's checksum: a byte in the middle of a file of three
    // blocks names the middle block.
    let f = file_in_blocks(&t, 500);
    for (at, heap) in [
        (16 + HEAD + 250, 0),
        (16 + 2 * HEAD + 500 + 250, 500),
        (f.len() - 5, 1000),
    ] {
        let mut bad = f.clone();
        bad[at] ^= 1;
        let e = read_grundy_table(&mut Cursor::new(&bad), 0).expect_err("damaged");
        assert!(
            e.to_string().contains(&format!("heaps from {heap} ")) && e.to_string().contains("checksum"),
            "{e}"
        );
    }
    // Blocks swapped: each fails (its checksum covers its first heap).
    let mut swapped = f[..16].to_vec();
    let block = HEAD + 500;
    swapped.extend_from_slice(&f[16 + block..16 + 2 * block]);
    swapped.extend_from_slice(&f[16..16 + block]);
    assert!(read_grundy_table(&mut Cursor::new(&swapped), 0).is_err());
    // A file of the first version (no checksums) is refused.
    let e = read_grundy_table(&mut Cursor::new(b"sprague grundy1\n\x00\x00\x01".to_vec()), 0)
        .expect_err("old version");
    assert!(e.to_string().contains("older version"), "{e}");
    // Not a table.
    let e =
        read_grundy_table(&mut Cursor::new(b"hello world, not a table".to_vec()), 0).expect_err("no header");
    assert!(e.to_string().contains("not a table"), "{e}");
    // An empty file is an empty table.
    let empty = read_grundy_table(&mut Cursor::new(Vec::new()), 10).expect("empty");
    assert!(empty.table.is_empty());
}

#[test]
fn wide_values_use_the_escape_and_the_nibbles() {
    // Values above 255 are stored in the 12-bit layout: push them by hand.
    let mut t = GrundyGameTable::new();
    let vals = [0u16, 300, 4095, 7, 256, 255, 1];
    for &v in &vals {
        t.push_known(v).expect("fits");
    }
    assert_eq!(values(&t), vals);
    t.truncate(4);
    assert_eq!(values(&t), &vals[..4]);
    assert!(t.push_known(4096).is_err());
    let mut f = Vec::new();
    write_grundy_header(&mut f).expect("in memory");
    write_grundy_values(&mut f, &t, 0, t.len()).expect("in memory");
    assert_eq!(f.len(), 16 + HEAD + 1 + 3 + 3 + 1);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Truncating and growing again gives the same values (the resume path).
    #[test]
    fn truncate_and_regrow(n in 1usize..2500, cut in 0usize..2500) {
        let full = table(n);
        let mut t = full.clone();
        t.truncate(cut.min(n));
        t.extend_to(n, &mut |_| true).expect("small");
        prop_assert_eq!(values(&t), values(&full));
        prop_assert_eq!(t.rare_heaps(), full.rare_heaps());
    }

    /// A file cut at any byte (a killed writer) reads back as the prefix of
    /// its whole blocks.
    #[test]
    fn cut_file_reads_back_as_a_prefix(n in 0usize..1200, step in 1usize..400, cut in 0usize..1400) {
        let t = table(n);
        let f = file_in_blocks(&t, step);
        let cut = cut.min(f.len()).max(16);
        let back = read_grundy_table(&mut Cursor::new(&f[..cut]), 0).expect("a prefix is valid");
        // Whole blocks within the cut: each takes HEAD bytes and its values (all below 255 here).
        let mut whole = 0;
        let mut at = 16;
        while whole < n {
            let len = step.min(n - whole);
            if at + HEAD + len > cut {
                break;
            }
            at += HEAD + len;
            whole += len;
        }
        prop_assert_eq!(back.table.len(), whole);
        prop_assert_eq!(back.valid_bytes, at as u64);
        prop_assert_eq!(&values(&back.table)[..], &values(&t)[..whole]);
        prop_assert!(RESUME_CHECK > 0);
    }
}
