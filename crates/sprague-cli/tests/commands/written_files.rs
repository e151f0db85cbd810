//! Files the command writes (issue 39): `--out`, `--checkpoint`, `--plot`,
//! `--thermograph` and the table of `grundy-game` replace only a missing path
//! or a regular file of their own; a device, a FIFO, a directory, a
//! symbolic link or a file with other hard links is refused with one line,
//! left as it was. A resumed file is checked whole.
#![cfg(unix)]

use crate::common;
use common::{run as sprague, run_ok as ok, run_refused as bad};

use std::os::unix::fs::FileTypeExt;
use std::path::{Path, PathBuf};

/// A fresh folder of this test.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sprague-written-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn s(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

/// A FIFO at `path` (nothing ever opens its other end).
fn fifo(path: &Path) {
    let status = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(status.success());
}

/// What each writing flag refuses, for a path holding `what`: the command
/// ends with one line naming the flag and what is there, and the path is
/// unchanged.
fn refuses_everything_but_regular_files(flag: &str, args_for: &dyn Fn(&str) -> Vec<String>, ext: &str) {
    let dir = folder(&format!("refuse{}", flag.trim_start_matches('-')));
    let target = dir.join(format!("target{ext}"));
    std::fs::write(&target, b"keep me").expect("target");
    let cases: Vec<(PathBuf, &str)> = {
        let pipe = dir.join(format!("pipe{ext}"));
        fifo(&pipe);
        let link = dir.join(format!("link{ext}"));
        std::os::unix::fs::symlink(&target, &link).expect("symlink");
        let hard = dir.join(format!("hard{ext}"));
        std::fs::hard_link(&target, &hard).expect("hard link");
        let sub = dir.join(format!("sub{ext}"));
        std::fs::create_dir(&sub).expect("dir");
        // A picture's name must end in .svg or .png, which refuses /dev/null first.
        let device = if ext == ".svg" { ".svg or .png" } else { "a device" };
        vec![
            (PathBuf::from("/dev/null"), device),
            (pipe, "a FIFO"),
            (link, "a symbolic link"),
            (hard, "2 hard links"),
            (sub, "a directory"),
        ]
    };
    for (path, what) in &cases {
        let args = args_for(s(path));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        bad(&args, &[flag, what]);
    }
    // Nothing was replaced or written through.
    assert_eq!(std::fs::read(&target).expect("target"), b"keep me");
    assert!(
        std::fs::symlink_metadata(&cases[1].0)
            .expect("fifo")
            .file_type()
            .is_fifo()
    );
    assert!(
        std::fs::symlink_metadata(&cases[2].0)
            .expect("link")
            .file_type()
            .is_symlink()
    );
    assert!(
        std::fs::metadata("/dev/null")
            .expect("/dev/null")
            .file_type()
            .is_char_device()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn out_replaces_only_regular_files() {
    refuses_everything_but_regular_files(
        "--out",
        &|p| {
            ["solve", "--demo", "tic-tac-toe", "--out", p]
                .map(String::from)
                .to_vec()
        },
        ".tbl",
    );
    // A graph's table and a rules script's too.
    let dir = folder("out-graph");
    let g = dir.join("g.txt");
    std::fs::write(&g, "2 1\n0 1\n").expect("graph");
    bad(&["solve", s(&g), "--out", "/dev/null"], &["--out", "a device"]);
    // A regular file is replaced, and the table reads back.
    let out = dir.join("t.tbl");
    std::fs::write(&out, b"old").expect("old");
    ok(&["solve", "--demo", "tic-tac-toe", "--out", s(&out)], b"");
    let probe = ok(&["probe", s(&out), "start"], b"");
    assert!(probe.contains("draw") || probe.contains('D'), "{probe}");
    assert!(!dir.join("t.tbl.tmp").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn checkpoint_is_a_regular_file() {
    refuses_everything_but_regular_files(
        "--checkpoint",
        &|p| {
            [
                "solve",
                "--demo",
                "tic-tac-toe",
                "--out",
                "/tmp/sprague-written-unused.tbl",
                "--checkpoint",
                p,
            ]
            .map(String::from)
            .to_vec()
        },
        ".ck",
    );
    // Resuming from a device or a FIFO is refused before it is opened (a
    // FIFO would block, /dev/zero would be read to exhaustion).
    let dir = folder("checkpoint-resume");
    let pipe = dir.join("pipe.ck");
    fifo(&pipe);
    for ck in ["/dev/zero", s(&pipe)] {
        bad(
            &[
                "solve",
                "--demo",
                "tic-tac-toe",
                "--out",
                s(&dir.join("t.tbl")),
                "--checkpoint",
                ck,
                "--resume",
            ],
            &["--checkpoint", ck],
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn plot_and_thermograph_replace_only_regular_files() {
    refuses_everything_but_regular_files(
        "--plot",
        &|p| {
            ["table", "kayles", "--count", "20", "--plot", p]
                .map(String::from)
                .to_vec()
        },
        ".svg",
    );
    refuses_everything_but_regular_files(
        "--thermograph",
        &|p| ["calc", "{3|-1}", "--thermograph", p].map(String::from).to_vec(),
        ".svg",
    );
    let dir = folder("plot-ok");
    let svg = dir.join("k.svg");
    std::fs::write(&svg, b"old").expect("old");
    ok(&["table", "kayles", "--count", "20", "--plot", s(&svg)], b"");
    assert!(std::fs::read_to_string(&svg).expect("svg").starts_with("<svg"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A thermograph of a game as hot as 2^30 drew one tick per degree (2^20
/// already wrote 205 MB): its axes are scaled, so the picture stays small.
#[test]
fn a_hot_thermograph_is_a_small_picture() {
    let dir = folder("hot");
    let svg = dir.join("hot.svg");
    let out = ok(
        &["calc", "{1073741824|-1073741824}", "--thermograph", s(&svg)],
        b"",
    );
    assert!(out.contains("temperature:   1073741824"), "{out}");
    let len = std::fs::metadata(&svg).expect("svg").len();
    assert!(len < 20_000, "{len} bytes");
    let text = std::fs::read_to_string(&svg).expect("svg");
    let doc = roxmltree::Document::parse(&text).expect("the SVG parses");
    let labels = doc.descendants().filter(|n| n.has_tag_name("text")).count();
    assert!(labels < 40, "{labels} labels");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn grundy_game_refuses_anything_but_a_regular_file() {
    let dir = folder("grundy-kinds");
    let pipe = dir.join("pipe.tbl");
    fifo(&pipe);
    // A FIFO hung the command (and Ctrl-C was ignored): refused at once.
    let started = std::time::Instant::now();
    bad(&["grundy-game", s(&pipe), "--count", "100"], &["FIFO"]);
    assert!(started.elapsed().as_secs() < 10);
    bad(&["grundy-game", "/dev/null", "--count", "100"], &["a device"]);
    bad(&["grundy-game", s(&dir), "--count", "100"], &["a directory"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A resumed table with one value byte flipped in the middle reported
/// success and kept the wrong value (only the last 64 values were
/// recomputed): every block is checked, so the damage is found.
#[test]
fn a_resumed_grundy_table_is_checked_whole() {
    let dir = folder("grundy-resume");
    let file = dir.join("g.tbl");
    let f = s(&file);
    let first = ok(&["grundy-game", f, "--count", "1000"], b"");
    assert!(first.contains("G(0..999)"), "{first}");
    let good = std::fs::read(&file).expect("table");
    // Resuming a sound file goes on from it.
    let more = ok(&["grundy-game", f, "--count", "1500"], b"");
    assert!(more.contains("G(0..1499)"), "{more}");
    let longer = std::fs::read(&file).expect("table");
    assert_eq!(&longer[..good.len()], &good[..]);
    // One value in the middle of the first block changed: refused, naming
    // the block, and the file is left as it was.
    let mut bad_file = longer.clone();
    bad_file[16 + 12 + 500] ^= 1;
    std::fs::write(&file, &bad_file).expect("damaged");
    let e = bad(
        &["grundy-game", f, "--count", "2000"],
        &["heaps from 0", "checksum", "damaged"],
    );
    assert!(e.contains(f), "{e}");
    assert_eq!(std::fs::read(&file).expect("table"), bad_file);
    // A file cut in the middle of its last block (a killed run) resumes.
    std::fs::write(&file, &longer[..longer.len() - 100]).expect("cut");
    let resumed = ok(&["grundy-game", f, "--count", "1500"], b"");
    assert!(resumed.contains("G(0..1499)"), "{resumed}");
    assert_eq!(std::fs::read(&file).expect("table").len(), longer.len());
    let _ = std::fs::remove_dir_all(&dir);
}

/// The exit code of a refused write is 2 and nothing is printed on stdout,
/// even when the solve itself would succeed.
#[test]
fn a_refused_out_prints_no_answer() {
    let out = sprague(&["solve", "--demo", "tic-tac-toe", "--out", "/dev/full"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(
        std::fs::metadata("/dev/full")
            .expect("/dev/full")
            .file_type()
            .is_char_device()
    );
}
