//! Table files: `solve --out`, `probe`, `verify`, checkpoints that survive a
//! SIGKILL, and the faults a damaged file must report (file and block named,
//! exit code 2).

use crate::common;

use common::{run, run_ok, run_refused};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("sprague-tables-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn s(p: &std::path::Path) -> String {
    p.to_str().unwrap().to_string()
}

/// The offset and length of block `b` from the file's index.
fn block_span(bytes: &[u8], b: usize) -> (usize, usize) {
    let head = u32::from_le_bytes(bytes[12..16].try_into().unwrap()) as usize;
    let e = head + 16 * b;
    let off = u64::from_le_bytes(bytes[e..e + 8].try_into().unwrap()) as usize;
    let len = u32::from_le_bytes(bytes[e + 8..e + 12].try_into().unwrap()) as usize;
    (off, len)
}

#[test]
fn solve_probe_verify_connect_four_4x4() {
    let d = scratch("c44");
    let t = s(&d.join("c44.tbl"));
    let out = run_ok(
        &["solve", "--demo", "connect-four:4x4", "--out", &t, "--json"],
        b"",
    );
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    // John Tromp, "John's Connect Four Playground": 4×4 is a draw.
    assert_eq!(j["start"]["outcome"], "D");
    assert_eq!(j["reachable"]["total"], 161_029);
    // The table answers like the in-memory solve of `value`.
    for pos in ["start", "2332", "1212", "121"] {
        let probe: serde_json::Value =
            serde_json::from_str(&run_ok(&["probe", &t, pos, "--json"], b"")).unwrap();
        let value: serde_json::Value =
            serde_json::from_str(&run_ok(&["value", "connect-four:4x4", pos, "--json"], b"")).unwrap();
        assert_eq!(probe["outcome"], value["outcome"], "{pos}");
        assert_eq!(probe["remoteness"], value["remoteness"], "{pos}");
    }
    let v = run_ok(&["verify", &t, "--json"], b"");
    let v: serde_json::Value = serde_json::from_str(&v).unwrap();
    assert_eq!(v["ok"], true);
    assert!(v["sampled"].as_u64().unwrap() >= 1000);
    run_refused(&["probe", &t, "1259"], &["column 3", "`5`"]);
    run_refused(&["probe", &t, "X"], &["position `X`"]);
}

#[test]
fn faults_name_the_file_and_the_block() {
    let d = scratch("faults");
    let t = d.join("t.tbl");
    run_ok(
        &[
            "solve",
            "--demo",
            "connect-four:4x4",
            "--out",
            &s(&t),
            "--block-states",
            "65536",
        ],
        b"",
    );
    let good = std::fs::read(&t).unwrap();
    let broken = |name: &str, bytes: &[u8]| {
        let p = d.join(name);
        std::fs::write(&p, bytes).unwrap();
        s(&p)
    };
    // Truncated: the last block (15 blocks of 65536 in 31^4 = 923521) is cut off.
    let f = broken("cut.tbl", &good[..good.len() - 10]);
    run_refused(&["verify", &f], &[&f, "block 14", "truncated"]);
    run_refused(&["probe", &f, "start"], &[&f, "block 14", "truncated"]);
    // A flipped bit inside block 3.
    let (off, len) = block_span(&good, 3);
    let mut b = good.clone();
    b[off + len / 2] ^= 0x10;
    let f = broken("flip.tbl", &b);
    run_refused(&["verify", &f], &[&f, "block 3", "checksum mismatch"]);
    // Probing a position of an intact block still works.
    run_ok(&["probe", &f, "start"], b"");
    // A flipped bit in the block of the probed position: refused, naming it.
    let probe: serde_json::Value =
        serde_json::from_str(&run_ok(&["probe", &s(&t), "1", "--json"], b"")).unwrap();
    let block = probe["index"].as_u64().unwrap() / 65536;
    let (off, len) = block_span(&good, block as usize);
    let mut b = good.clone();
    b[off + len / 3] ^= 0x01;
    let f = broken("flip-probed.tbl", &b);
    run_refused(
        &["probe", &f, "1"],
        &[&f, &format!("block {block}"), "checksum mismatch"],
    );
    // Wrong magic, wrong version, damaged header and index, empty file.
    let mut b = good.clone();
    b[0] = b'X';
    let f = broken("magic.tbl", &b);
    run_refused(&["verify", &f], &[&f, "not a sprague table"]);
    let mut b = good.clone();
    b[8..12].copy_from_slice(&9u32.to_le_bytes());
    let f = broken("version.tbl", &b);
    run_refused(&["probe", &f, "start"], &[&f, "version 9"]);
    let mut b = good.clone();
    b[20] ^= 1;
    let f = broken("head.tbl", &b);
    run_refused(&["verify", &f], &[&f, "header checksum"]);
    let head = u32::from_le_bytes(good[12..16].try_into().unwrap()) as usize;
    let mut b = good.clone();
    b[head + 3] ^= 4;
    let f = broken("index.tbl", &b);
    run_refused(&["verify", &f], &[&f, "index checksum"]);
    let f = broken("empty.tbl", b"");
    run_refused(&["verify", &f], &[&f, "empty"]);
    let f = broken("short.tbl", &good[..30]);
    run_refused(&["verify", &f], &[&f, "truncated"]);
    run_refused(&["verify", &s(&d.join("missing.tbl"))], &["missing.tbl"]);
    let mut b = good.clone();
    b.push(0);
    let f = broken("long.tbl", &b);
    run_refused(&["verify", &f], &[&f, "after the last block"]);
}

/// Runs the solve `common` with `--out` and `--checkpoint`, kills it by
/// SIGKILL once `ready` says the checkpoint holds enough, resumes it, and
/// checks that the table is byte for byte an uninterrupted solve's and that
/// verify and probe work on it; the resumed solve's output and the probe of
/// `position`.
fn kill_and_resume(name: &str, common: &[&str], position: &str, ready: impl Fn(&[u8]) -> bool) -> String {
    let d = scratch(name);
    let full = s(&d.join("full.tbl"));
    let part = s(&d.join("part.tbl"));
    let ck = s(&d.join("solve.ckpt"));
    let mut args: Vec<&str> = common.to_vec();
    args.extend(["--out", &part, "--checkpoint", &ck]);
    let mut child = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(&args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let t0 = Instant::now();
    while !ready(&std::fs::read(&ck).unwrap_or_default()) {
        assert!(
            child.try_wait().unwrap().is_none(),
            "the solve ended before it could be killed"
        );
        assert!(t0.elapsed() < Duration::from_secs(120), "no checkpoint written");
        std::thread::sleep(Duration::from_millis(2));
    }
    child.kill().unwrap(); // SIGKILL
    let status = child.wait().unwrap();
    assert_eq!(status.code(), None, "killed by a signal, not finished");
    assert!(
        !std::path::Path::new(&part).exists(),
        "no table from a killed solve"
    );
    // Without --resume the leftover checkpoint is refused, not overwritten.
    run_refused(&args, &[&ck, "--resume"]);
    args.push("--resume");
    let out = run_ok(&args, b"");
    assert!(out.contains("resumed:"), "{out}");
    let mut uninterrupted: Vec<&str> = common.to_vec();
    uninterrupted.extend(["--out", &full]);
    run_ok(&uninterrupted, b"");
    assert!(
        std::fs::read(&part).unwrap() == std::fs::read(&full).unwrap(),
        "tables differ"
    );
    let v: serde_json::Value = serde_json::from_str(&run_ok(&["verify", &part, "--json"], b"")).unwrap();
    assert_eq!(v["ok"], true);
    // A damaged checkpoint is refused with one line naming it.
    let mut bytes = std::fs::read(&ck).unwrap();
    let at = bytes.len() * 2 / 3;
    bytes[at] ^= 0x20;
    std::fs::write(&ck, &bytes).unwrap();
    let resumed = run(&args, b"");
    if !resumed.status.success() {
        let err = String::from_utf8_lossy(&resumed.stderr);
        assert_eq!(resumed.status.code(), Some(2), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(&ck), "{err}");
    } else {
        // An append checkpoint drops a damaged tail and solves it again.
        assert!(std::fs::read(&part).unwrap() == std::fs::read(&full).unwrap());
    }
    format!("{out}{}", run_ok(&["probe", &part, position], b""))
}

/// A Connect Four solve (finished blocks appended to the checkpoint) killed
/// by SIGKILL mid-way resumes to the same table.
#[test]
fn killed_solve_resumes_to_identical_table() {
    let common = [
        "solve",
        "--demo",
        "connect-four:5x4",
        "--max-states",
        "100000000",
        "--block-states",
        "65536",
    ];
    // Kill once a few blocks are in the checkpoint (the header is < 100 bytes).
    let out = kill_and_resume("kill", &common, "start", |ck| ck.len() > 4000);
    // John Tromp, "John's Connect Four Playground": 5×4 is a draw.
    assert!(out.contains("draws"), "{out}");
}

/// A level-by-level solve (KRK: a snapshot of the cells at the end of every
/// level) killed by SIGKILL resumes from its last snapshot to the same table.
#[test]
fn killed_level_solve_resumes_to_identical_table() {
    let common = [
        "solve",
        "--demo",
        "krk",
        "--block-states",
        "65536",
        "--checkpoint-every",
        "0",
    ];
    // The header: magic 8, version 4, states 8, block 4, name 2 + 3, crc 4;
    // then the snapshot's level. Kill once the fourth level is kept.
    let out = kill_and_resume("killkrk", &common, "Kc6 Rh1 ka8 w", |ck| {
        ck.len() > 37 && u32::from_le_bytes(ck[33..37].try_into().unwrap()) >= 4
    });
    assert!(out.contains("remoteness level"), "{out}");
    assert!(out.contains("White to move wins"), "{out}");
}

#[test]
fn tiered_solve_probe_verify_connect_four_4x4() {
    let d = scratch("c44t");
    let t = s(&d.join("c44t.tbl"));
    let out = run_ok(
        &[
            "solve",
            "--demo",
            "connect-four:4x4",
            "--out",
            &t,
            "--tiered",
            "--json",
        ],
        b"",
    );
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(j["ruleset"], "connect-four-tiers:4x4");
    // John Tromp, "John's Connect Four Playground": 4×4 is a draw; 161,029
    // positions are reachable, as the column encoding's solve counts.
    assert_eq!(j["start"]["outcome"], "D");
    assert_eq!(j["reachable"]["total"], 161_029);
    for pos in ["start", "2332", "1212", "121"] {
        let probe: serde_json::Value =
            serde_json::from_str(&run_ok(&["probe", &t, pos, "--json"], b"")).unwrap();
        let value: serde_json::Value =
            serde_json::from_str(&run_ok(&["value", "connect-four:4x4", pos, "--json"], b"")).unwrap();
        assert_eq!(probe["outcome"], value["outcome"], "{pos}");
        assert_eq!(probe["remoteness"], value["remoteness"], "{pos}");
    }
    let v: serde_json::Value = serde_json::from_str(&run_ok(&["verify", &t, "--json"], b"")).unwrap();
    assert_eq!(v["ok"], true);
    // The tiered path is chosen by itself past the state budget, and its
    // own budget (two tiers) is named with the option that raises it.
    let out = run_ok(
        &[
            "solve",
            "--demo",
            "connect-four:4x4",
            "--out",
            &t,
            "--max-states",
            "100000",
            "--json",
        ],
        b"",
    );
    assert!(out.contains("connect-four-tiers:4x4"));
    run_refused(
        &[
            "solve",
            "--demo",
            "connect-four:5x4",
            "--out",
            &t,
            "--max-states",
            "1000",
        ],
        &["--max-states"],
    );
    run_refused(
        &["solve", "--demo", "tic-tac-toe", "--out", &t, "--tiered"],
        &["--tiered"],
    );
}

/// `solve GRAPH --out FILE`: the table of a graph file answers `probe` for
/// every vertex as the solve printed it, lists the moves when the graph is
/// given again, and is refused for another graph.
#[test]
fn graph_file_tables_probe_and_verify() {
    let d = scratch("graph");
    let g = d.join("g.txt");
    // 0 → 1 → 2 → 0 (a cycle: draws), 2 → 3, 3 → 4; 4 has no move; 5 → 4;
    // 6 is terminal and won by the player to move.
    std::fs::write(&g, "7 6\n0 1\n1 2\n2 0\n2 3\n3 4\n5 4\noutcome 6 W\n").unwrap();
    let other = d.join("other.txt");
    std::fs::write(&other, "7 5\n0 1\n1 2\n2 0\n2 3\n3 4\n").unwrap();
    let t = s(&d.join("g.tbl"));
    for misere in [false, true] {
        let mut args = vec!["solve", g.to_str().unwrap(), "--out", &t, "--json"];
        if misere {
            args.push("--misere");
        }
        let solved: serde_json::Value = serde_json::from_str(&run_ok(&args, b"")).unwrap();
        let ruleset = solved["out"]["ruleset"].as_str().unwrap().to_string();
        assert!(ruleset.starts_with("graph-file:"), "{ruleset}");
        assert_eq!(ruleset.ends_with(":misere"), misere);
        let results = solved["results"].as_array().unwrap();
        assert_eq!(results.len(), 7);
        for (v, want) in results.iter().enumerate() {
            let vs = v.to_string();
            let alone: serde_json::Value =
                serde_json::from_str(&run_ok(&["probe", &t, &vs, "--json"], b"")).unwrap();
            assert_eq!(alone["outcome"], want[0], "vertex {v}");
            assert_eq!(alone["remoteness"], want[1], "vertex {v}");
            assert!(alone["moves"].is_null());
            let with: serde_json::Value = serde_json::from_str(&run_ok(
                &["probe", &t, &vs, "--graph", g.to_str().unwrap(), "--json"],
                b"",
            ))
            .unwrap();
            assert_eq!(with["outcome"], want[0]);
            let moves = with["moves"].as_array().unwrap();
            // Each move's value is the solve's value of the vertex moved to.
            for m in moves {
                let to: usize = m["position"].as_str().unwrap().parse().unwrap();
                assert_eq!(m["value"]["outcome"], results[to][0]);
            }
            let degree = [1, 1, 2, 1, 0, 1, 0][v];
            assert_eq!(moves.len(), degree, "vertex {v}");
        }
        let v: serde_json::Value = serde_json::from_str(&run_ok(
            &["verify", &t, "--graph", g.to_str().unwrap(), "--json"],
            b"",
        ))
        .unwrap();
        assert_eq!(v["children_checked"], true);
        assert_eq!(v["sampled"], 7);
        let v: serde_json::Value = serde_json::from_str(&run_ok(&["verify", &t, "--json"], b"")).unwrap();
        assert_eq!(v["children_checked"], false);
        assert_eq!(v["ok"], true);
    }
    // The normal-play values: the cycle draws, 3 wins (moves to the lost 4).
    let solved: serde_json::Value = serde_json::from_str(&run_ok(
        &["solve", g.to_str().unwrap(), "--out", &t, "--json"],
        b"",
    ))
    .unwrap();
    assert_eq!(solved["results"][0][0], "D");
    assert_eq!(solved["results"][3], serde_json::json!(["W", 1]));
    assert_eq!(solved["results"][6], serde_json::json!(["W", 0]));
    run_refused(
        &["probe", &t, "3", "--graph", other.to_str().unwrap()],
        &["not the one the table", "graph-file:"],
    );
    run_refused(&["probe", &t, "7"], &["vertex 7 is not in the graph"]);
    run_refused(&["probe", &t, "x"], &["column 1"]);
    run_refused(
        &[
            "solve",
            g.to_str().unwrap(),
            "--out",
            &t,
            "--checkpoint",
            &s(&d.join("ck")),
        ],
        &["--checkpoint: only for --demo solves"],
    );
    run_refused(
        &["solve", g.to_str().unwrap(), "--out", &t, "--grundy"],
        &["cannot be used with"],
    );
}

/// `solve --rules SCRIPT START --out FILE`: the table of a scripted game,
/// probed and verified with the script given again (its positions are
/// explored anew from the start the table names), refused without it or
/// with another script.
#[test]
fn rules_script_tables_probe_and_verify() {
    let d = scratch("script");
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/rules");
    let script = s(&root.join("loopy-graph.rhai"));
    let other = s(&root.join("kayles.rhai"));
    let t = s(&d.join("lg.tbl"));
    let solved: serde_json::Value = serde_json::from_str(&run_ok(
        &["solve", "--rules", &script, "0", "--out", &t, "--json"],
        b"",
    ))
    .unwrap();
    let ruleset = solved["out"]["ruleset"].as_str().unwrap();
    assert!(
        ruleset.starts_with("rules-script:") && ruleset.ends_with(" from 0"),
        "{ruleset}"
    );
    // The table answers as the in-memory solve of each position.
    for pos in ["0", "1", "2", "4"] {
        let probe: serde_json::Value =
            serde_json::from_str(&run_ok(&["probe", &t, pos, "--rules", &script, "--json"], b"")).unwrap();
        let direct: serde_json::Value =
            serde_json::from_str(&run_ok(&["solve", "--rules", &script, pos, "--json"], b"")).unwrap();
        assert_eq!(probe["outcome"], direct["outcome"], "{pos}");
        assert_eq!(probe["remoteness"], direct["remoteness"], "{pos}");
        // The probe's value is the one its listed moves imply: a win exactly
        // when some move leaves the opponent lost.
        let moves = probe["moves"].as_array().unwrap();
        assert!(
            !moves.is_empty(),
            "{pos}: every position of this graph has a move"
        );
        let to_lost = moves.iter().any(|m| m["value"]["outcome"] == "L");
        assert_eq!(probe["outcome"] == "W", to_lost, "{pos}: {probe}");
    }
    let v: serde_json::Value =
        serde_json::from_str(&run_ok(&["verify", &t, "--rules", &script, "--json"], b"")).unwrap();
    assert_eq!(v["ok"], true);
    assert_eq!(v["children_checked"], true);
    assert_eq!(
        v["sampled"],
        v["positions"]["W"].as_u64().unwrap()
            + v["positions"]["L"].as_u64().unwrap()
            + v["positions"]["D"].as_u64().unwrap()
    );
    run_refused(&["probe", &t, "0"], &["give the script with --rules"]);
    run_refused(&["probe", &t, "0", "--rules", &other], &["not the one the table"]);
    run_refused(
        &["probe", &t, "0", "--graph", &script, "--rules", &script],
        &["cannot be used with"],
    );
}
