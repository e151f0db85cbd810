//! Hostile input and output around the command (issue 39): endless inputs
//! (`/dev/zero`, pipes without line ends), closed and full outputs, bytes
//! that are not text, control characters. Each run ends with one error
//! line and exit code 2, a quiet exit 0 on a closed pipe, or the right
//! answer; every child runs under an address-space limit (`prlimit`) and a
//! time limit, and its peak memory is checked against `--max-memory`.
#![cfg(target_os = "linux")]

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The outcome of one run.
struct Run {
    code: i32,
    out: String,
    err: String,
}

/// Where a child's standard input comes from.
enum Input<'a> {
    /// These bytes, then the end of input.
    Bytes(&'a [u8]),
    /// A file opened for reading (`/dev/zero`, a directory).
    File(&'a str),
}

/// Runs `sprague args` with `input`, under `mib` MiB of address space and
/// `secs` seconds (generous: the build is not optimised and the machine may
/// be busy); panics past the time.
fn run_with(args: &[&str], input: Input<'_>, mib: u64, secs: u64) -> Run {
    let mut cmd = Command::new("prlimit");
    cmd.arg(format!("--as={}", mib << 20))
        .arg(env!("CARGO_BIN_EXE_sprague"))
        .args(args)
        .env("SPRAGUE_HISTORY", "")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let bytes = match input {
        Input::Bytes(b) => {
            cmd.stdin(Stdio::piped());
            Some(b.to_vec())
        }
        Input::File(path) => {
            cmd.stdin(std::fs::File::open(path).expect("the input opens"));
            None
        }
    };
    let mut child = cmd.spawn().expect("prlimit runs");
    let writer = bytes.map(|b| {
        let mut stdin = child.stdin.take().expect("stdin");
        std::thread::spawn(move || {
            let _ = stdin.write_all(&b);
        })
    });
    let read = |mut p: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut s = Vec::new();
            let _ = p.read_to_end(&mut s);
            String::from_utf8_lossy(&s).into_owned()
        })
    };
    let out = read(Box::new(child.stdout.take().expect("stdout")));
    let err = read(Box::new(child.stderr.take().expect("stderr")));
    let end = Instant::now() + Duration::from_secs(secs);
    let status = loop {
        if let Some(s) = child.try_wait().expect("wait") {
            break s;
        }
        if Instant::now() > end {
            let _ = child.kill();
            let _ = child.wait();
            panic!("`sprague {}` ran past {secs} s", args.join(" "));
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    if let Some(w) = writer {
        let _ = w.join();
    }
    Run {
        code: status.code().unwrap_or(-1),
        out: out.join().expect("stdout read"),
        err: err.join().expect("stderr read"),
    }
}

/// One error line and exit code 2, containing every needle.
fn refused(r: &Run, needles: &[&str]) {
    assert_eq!(r.code, 2, "stdout: {}\nstderr: {}", r.out, r.err);
    assert_eq!(r.err.lines().count(), 1, "one line: {}", r.err);
    assert!(r.err.starts_with("sprague: error: "), "{}", r.err);
    for n in needles {
        assert!(r.err.contains(n), "`{n}` not in: {}", r.err);
    }
}

/// The budget of the runs that read endless inputs, and the address space
/// they get: a read past the budget would abort on the limit.
const BUDGET: &str = "--max-memory=200M";
const SPACE_MIB: u64 = 1024;

// Endless inputs: a line (or a file) without end used to grow until the
// allocation failed (an abort at 4 GB). Lines stop at 16 MiB, whole inputs
// at the memory budget or their kind's cap.

#[test]
fn endless_lines_on_stdin_are_refused_at_their_first_line() {
    for args in [
        &["value", "nim", "--batch"][..],
        &["grundy-graph", "-"],
        &["solve", "-"],
        &["repl"],
        &["play", "nim", "3", "4", "5"],
    ] {
        let mut a = vec![BUDGET];
        a.extend_from_slice(args);
        let r = run_with(&a, Input::File("/dev/zero"), SPACE_MIB, 60);
        refused(&r, &["line 1", "longer than 16.0 MiB"]);
    }
}

#[test]
fn endless_files_are_refused_at_their_limit() {
    for (args, needles) in [
        (
            &["grundy-graph", "/dev/zero"][..],
            &["/dev/zero", "line 1", "16.0 MiB"][..],
        ),
        (&["solve", "/dev/zero"], &["/dev/zero", "line 1"]),
        (
            &["count-dag-wins", "/dev/zero"],
            &["/dev/zero", "memory budget", "--max-memory"],
        ),
        (
            &["value", "--rules", "/dev/zero", "1"],
            &["rules file", "16.0 MiB"],
        ),
        (
            &["solve", "--rules", "/dev/zero", "1"],
            &["rules file", "16.0 MiB"],
        ),
        (
            &[
                "solve",
                "--demo",
                "tic-tac-toe",
                "--workers",
                "1",
                "--processes",
                "2",
                "--process",
                "0",
                "--hosts",
                "/dev/zero",
            ],
            &["hosts file", "1.0 MiB"],
        ),
        (
            &[
                "solve",
                "--demo",
                "tic-tac-toe",
                "--out",
                "/tmp/sprague-never-written.tbl",
                "--checkpoint",
                "/dev/zero",
                "--resume",
            ],
            &["--checkpoint", "/dev/zero", "a device"],
        ),
        (&["solve", "--tree", "/dev/zero"], &["/dev/zero", "memory budget"]),
    ] {
        let mut a = vec![BUDGET];
        a.extend_from_slice(args);
        let r = run_with(&a, Input::Bytes(b""), SPACE_MIB, 60);
        refused(&r, needles);
    }
}

#[test]
fn endless_whole_inputs_on_stdin_stop_at_the_budget() {
    for args in [
        &["nimber", "mul", "--batch"][..],
        &["value", "green-hackenbush", "-"],
        &["value", "leaf-removal", "-"],
        &["value", "geography-grid", "-"],
    ] {
        let mut a = vec![BUDGET];
        a.extend_from_slice(args);
        let r = run_with(&a, Input::File("/dev/zero"), SPACE_MIB, 60);
        refused(&r, &["stdin", "memory budget", "--max-memory"]);
    }
}

#[test]
fn a_batch_count_past_the_budget_is_refused_before_allocating() {
    // T = 10^7 products hold 450 MB: past a 100 MB budget, refused at once.
    let r = run_with(
        &["--max-memory", "100M", "nimber", "mul", "--batch"],
        Input::Bytes(b"10000000\n1 2\n"),
        SPACE_MIB,
        30,
    );
    refused(&r, &["line 1", "T = 10000000", "--max-memory"]);
    // Within the budget the same layout answers.
    let r = run_with(
        &["nimber", "mul", "--batch"],
        Input::Bytes(b"2\n2 2\n3 3\n"),
        SPACE_MIB,
        30,
    );
    assert_eq!((r.code, r.out.as_str()), (0, "3\n2\n"), "{}", r.err);
}

#[test]
fn the_repl_loads_no_endless_rules_file_and_reads_no_directory() {
    let r = run_with(
        &[BUDGET, "repl"],
        Input::Bytes(b"load \"/dev/zero\"\n1 + 1\n"),
        SPACE_MIB,
        60,
    );
    assert_eq!(r.code, 2, "{}", r.err);
    assert!(
        r.err.contains("line 1: ") && r.err.contains("16.0 MiB"),
        "{}",
        r.err
    );
    assert_eq!(r.out, "2\n", "the script goes on");
    // A directory as the script: one line, exit 2 (it was exit 1).
    let r = run_with(&["repl"], Input::File("/tmp"), SPACE_MIB, 30);
    refused(&r, &["stdin", "directory"]);
    let r = run_with(&["grundy-graph", "/tmp"], Input::Bytes(b""), SPACE_MIB, 30);
    refused(&r, &["/tmp", "directory"]);
}

// Bytes that are not text.

#[test]
fn a_script_line_that_is_not_utf8_fails_alone() {
    let r = run_with(&["repl"], Input::Bytes(b"a := 1\n\xff\na + 1\n"), SPACE_MIB, 30);
    assert_eq!(r.code, 2, "{}", r.err);
    assert_eq!(r.out, "a = 1\n2\n", "the rest of the script runs");
    assert!(r.err.contains("line 2, column 1: not UTF-8"), "{}", r.err);
    assert_eq!(
        r.err.lines().count(),
        2,
        "the line's error and the summary: {}",
        r.err
    );
    // `play` answers it like any unreadable move, and the game goes on.
    let r = run_with(
        &["play", "nim", "3", "4", "5"],
        Input::Bytes(b"\xff\xfe\n2 4 5\n"),
        SPACE_MIB,
        30,
    );
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.out.contains("not a move"), "{}", r.out);
    assert!(r.out.contains("you: "), "{}", r.out);
}

// Control characters are escaped wherever input is echoed.

#[test]
fn control_characters_from_the_input_never_reach_the_terminal() {
    let r = run_with(&["repl"], Input::Bytes(b"x\x1b[31my\x07\n"), SPACE_MIB, 30);
    assert_eq!(r.code, 2);
    assert!(
        !r.err.contains('\u{1b}') && !r.err.contains('\u{7}'),
        "{:?}",
        r.err
    );
    assert!(r.err.contains("x\\u{1b}[31my\\u{7}"), "{:?}", r.err);
    // The caret stays under the column named.
    let r = run_with(&["repl"], Input::Bytes(b"\x1b1 + foo\n"), SPACE_MIB, 30);
    let lines: Vec<&str> = r.err.lines().collect();
    assert!(lines[0].contains("column 6"), "{:?}", r.err);
    let (shown, caret) = (lines[1], lines[2]);
    let at = caret.find('^').expect("a caret");
    assert_eq!(&shown[at..at + 3], "foo", "{:?}", r.err);
    let r = run_with(&["repl"], Input::Bytes(b"help \x1b[2J\n"), SPACE_MIB, 30);
    assert!(!r.out.contains('\u{1b}'), "{:?}", r.out);
    let r = run_with(
        &["play", "nim", "3"],
        Input::Bytes(b"\x1b[2J\x00\nquit\n"),
        SPACE_MIB,
        30,
    );
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(!r.out.contains('\u{1b}') && !r.out.contains('\0'), "{:?}", r.out);
    assert!(r.out.contains("\\u{1b}[2J"), "{:?}", r.out);
}

/// In the REPL, an error at a name named the `(` of the value put in its
/// place: `a a` said "unexpected symbol (found `(`)".
#[test]
fn an_error_at_a_name_names_the_name() {
    let r = run_with(&["repl"], Input::Bytes(b"a := 1\na a\n2a\n"), SPACE_MIB, 30);
    assert_eq!(r.code, 2);
    assert!(!r.err.contains("`(`"), "{}", r.err);
    assert!(
        r.err.contains("line 2, column 3") && r.err.contains("(found `a`)"),
        "{}",
        r.err
    );
    assert!(r.err.contains("line 3, column 2"), "{}", r.err);
}

// Closed and full outputs: a closed pipe ends quietly with exit code 0, a
// full disk with one line (exit code 1: the output failed, not the input).

/// Runs `args` with stdout a pipe whose reader closes it after the first
/// line; the exit code and stderr.
fn closed_after_first_line(args: &[&str], stdin: &[u8]) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the sprague binary runs");
    let mut input = child.stdin.take().expect("stdin");
    let _ = input.write_all(stdin);
    drop(input);
    let mut out = child.stdout.take().expect("stdout");
    let mut byte = [0u8; 1];
    // Read up to the first line end, then close.
    while out.read(&mut byte).is_ok_and(|k| k == 1) && byte[0] != b'\n' {}
    drop(out);
    let mut err = String::new();
    let _ = child.stderr.take().expect("stderr").read_to_string(&mut err);
    let status = child.wait().expect("sprague ends");
    (status.code().unwrap_or(-1), err)
}

#[test]
fn a_closed_pipe_ends_quietly_everywhere() {
    let dir = crate::common::temp_dir("hostile-input");
    let table = dir.join("g.tbl");
    let table = table.to_str().expect("utf-8");
    for (args, stdin) in [
        (vec!["completions", "bash"], &b""[..]),
        (vec!["completions", "zsh"], b""),
        (vec!["man"], b""),
        (vec!["grundy-game", table, "--count", "1000"], b""),
        (vec!["table", "kayles", "--count", "100000"], b""),
        (vec!["repl"], b"table kayles 100000\n"),
        (
            vec!["value", "nim", "--batch"],
            &[b"1 2\n".as_slice(); 20000].concat(),
        ),
    ] {
        let (code, err) = closed_after_first_line(&args, stdin);
        assert_eq!((code, err.as_str()), (0, ""), "{args:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_full_disk_is_one_line() {
    let dir = crate::common::temp_dir("hostile-full");
    let table = dir.join("g.tbl");
    for args in [
        vec!["completions", "bash"],
        vec!["completions", "zsh"],
        vec!["grundy-game", table.to_str().expect("utf-8"), "--count", "1000"],
        vec!["value", "nim", "3 4 5"],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_sprague"))
            .args(&args)
            .stdout(
                std::fs::OpenOptions::new()
                    .write(true)
                    .open("/dev/full")
                    .expect("/dev/full"),
            )
            .output()
            .expect("runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains("No space left on device"), "{args:?}: {err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
