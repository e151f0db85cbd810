//! Tiered solves written straight to a table: the same values as the
//! one-pass solve of the column encoding, readable by probe and verify, and
//! resumable from any cut of their checkpoint.

use sprague::loopy::{SolvedValue, Wld};
use sprague_table::{SolveOptions, TableError, TableFile, probe, solve, solve_tiered_to_file, verify};

fn scratch(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("sprague-tiered-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn opts() -> SolveOptions<'static> {
    SolveOptions {
        block_states: 1000,
        max_states: usize::MAX,
        threads: 2,
        ..SolveOptions::default()
    }
}

#[test]
fn tiered_table_matches_the_column_encoding() {
    let d = scratch("match");
    for (w, h) in [(4, 4), (5, 3)] {
        let out = d.join(format!("{w}x{h}.tbl"));
        let out = out.to_str().unwrap();
        let name = format!("connect-four:{w}x{h}");
        let t = solve_tiered_to_file(&name, out, &opts()).unwrap();
        assert_eq!(t.ruleset, format!("connect-four-tiers:{w}x{h}"));
        let plain = solve(&name, &opts()).unwrap();
        let space = sprague::registry::connect_four_tiers(Some(&format!("{w}x{h}"))).unwrap();
        let mut file = TableFile::open(out).unwrap();
        assert_eq!(file.header().state_count, t.states);
        let mut counts = [0u64; 3];
        for s in 0..t.states {
            let (tier, rank) = space.tier_of(s);
            let want = sprague_table::code::decode(plain.codes[space.column_index(tier, rank) as usize]);
            let got = file.get(s).unwrap();
            assert_eq!(got, want, "{w}x{h} index {s}");
            if let Some(v) = got {
                counts[match v.wld {
                    Wld::Win => 0,
                    Wld::Lose => 1,
                    Wld::Draw => 2,
                }] += 1;
            }
        }
        assert_eq!(counts, t.positions);
        let sum = sprague_table::summarize(
            &*sprague::registry::state_space(&name).unwrap().1,
            &plain.codes,
            0,
        );
        assert_eq!(t.reachable, sum.reachable);
        assert_eq!(t.longest_win, sum.longest_win);
        assert_eq!(t.start, sum.start);
        // probe and verify read the table as any other.
        let p = probe(out, "2332").unwrap();
        let q = sprague_table::probe(
            &{
                let o = d.join("plain.tbl");
                sprague_table::write_table(o.to_str().unwrap(), &plain.ruleset, &plain.codes, 1000).unwrap();
                o.to_str().unwrap().to_string()
            },
            "2332",
        )
        .unwrap();
        assert_eq!((p.value, &p.position), (q.value, &q.position));
        assert_eq!(p.moves, q.moves);
        let v = verify(out, 2000, 7).unwrap();
        assert_eq!(v.counts, t.positions);
        assert!(v.sampled > 0);
    }
    // John Tromp, "John's Connect Four Playground" (tromp.github.io/c4/c4.html):
    // 4×4 is a draw.
    let out = d.join("4x4.tbl");
    let p = probe(out.to_str().unwrap(), "start").unwrap();
    assert_eq!(p.value, SolvedValue::DRAW);
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn resumes_from_any_cut_of_the_checkpoint() {
    let d = scratch("cuts");
    let (out, ck) = (d.join("full.tbl"), d.join("full.ckpt"));
    let (out, ck) = (out.to_str().unwrap(), ck.to_str().unwrap());
    let o = SolveOptions {
        checkpoint: Some(ck),
        ..opts()
    };
    let full = solve_tiered_to_file("connect-four:4x3", out, &o).unwrap();
    let table = std::fs::read(out).unwrap();
    let bytes = std::fs::read(ck).unwrap();
    let (cut, again) = (d.join("cut.ckpt"), d.join("again.tbl"));
    let (cut, again) = (cut.to_str().unwrap(), again.to_str().unwrap());
    let step = (bytes.len() / 29).max(1);
    let mut resumed_some = false;
    for len in (60..bytes.len()).step_by(step).chain([bytes.len()]) {
        std::fs::write(cut, &bytes[..len]).unwrap();
        let r = solve_tiered_to_file(
            "connect-four:4x3",
            again,
            &SolveOptions {
                checkpoint: Some(cut),
                resume: true,
                ..opts()
            },
        )
        .unwrap();
        assert_eq!(std::fs::read(again).unwrap(), table, "cut at {len}");
        assert_eq!(r.start, full.start);
        resumed_some |= r.resumed_tiers > 0 && r.resumed_tiers < r.tiers;
    }
    assert!(resumed_some);
    // A leftover checkpoint is never overwritten; a resume needs one.
    assert!(matches!(
        solve_tiered_to_file("connect-four:4x3", again, &o),
        Err(TableError::Input(m)) if m.contains("already exists")
    ));
    assert!(matches!(
        solve_tiered_to_file(
            "connect-four:4x3",
            again,
            &SolveOptions {
                resume: true,
                ..opts()
            }
        ),
        Err(TableError::Input(_))
    ));
    // A checkpoint of another board is refused.
    assert!(matches!(
        solve_tiered_to_file(
            "connect-four:3x4",
            again,
            &SolveOptions {
                checkpoint: Some(ck),
                resume: true,
                ..opts()
            }
        ),
        Err(TableError::Input(m)) if m.contains("another solve")
    ));
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn budget_and_unknown_rulesets() {
    let d = scratch("budget");
    let out = d.join("x.tbl");
    let out = out.to_str().unwrap();
    let small = SolveOptions {
        max_states: 1000,
        ..opts()
    };
    let e = solve_tiered_to_file("connect-four:5x4", out, &small).unwrap_err();
    assert!(e.to_string().contains("--max-states"), "{e}");
    assert!(solve_tiered_to_file("krk", out, &opts()).is_err());
    assert!(!sprague_table::has_tiers("tic-tac-toe"));
    assert!(sprague_table::has_tiers("connect-four:7x4"));
    let _ = std::fs::remove_dir_all(&d);
}
