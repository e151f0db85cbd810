//! Helpers shared by the integration tests: running the `sprague` binary
//! with input on stdin, the REPL as a child with piped streams, scratch
//! directories, and the tmux check of the tests that drive a real terminal.
//! Each test module uses some of them.
#![allow(dead_code)]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Child, Command, Output, Stdio};

/// A scratch directory `sprague-NAME-PID` under the system's temporary
/// directory, created if missing. All the modules run in one test process,
/// so `name` must differ between modules (tests of one module may share it).
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sprague-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// `sprague repl` as a child with its three streams piped and no history
/// file.
pub fn spawn_repl() -> Child {
    Command::new(env!("CARGO_BIN_EXE_sprague"))
        .arg("repl")
        .env("SPRAGUE_HISTORY", "")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run sprague repl")
}

/// Whether tmux can run the terminal tests. CI installs tmux and sets
/// `SPRAGUE_REQUIRE_TMUX`, so there a missing tmux fails the test instead of
/// skipping it; elsewhere the test is skipped with a note naming `what` it
/// would have exercised.
pub fn tmux_available(what: &str) -> bool {
    let have_tmux = Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success());
    if !have_tmux {
        assert!(
            std::env::var_os("SPRAGUE_REQUIRE_TMUX").is_none(),
            "SPRAGUE_REQUIRE_TMUX is set but tmux is not installed"
        );
        eprintln!("tmux is not installed: {what} is not exercised");
    }
    have_tmux
}

/// Runs `sprague` with `args`, writing `stdin` to its standard input.
pub fn run(args: &[&str], stdin: impl AsRef<[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the sprague binary runs");
    let mut input = child.stdin.take().expect("stdin is piped");
    // A command that does not read stdin may close it first.
    let _ = input.write_all(stdin.as_ref());
    drop(input);
    child.wait_with_output().expect("sprague finishes")
}

/// Runs `sprague` and asserts success; its standard output.
pub fn run_ok(args: &[&str], stdin: impl AsRef<[u8]>) -> String {
    let out = run(args, stdin);
    assert!(
        out.status.success(),
        "{args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8 output")
}

/// Runs `sprague` and asserts a refusal: exit code 2, nothing on stdout and
/// one stderr line `sprague: error: …` containing every `needle`; the line.
pub fn run_refused(args: &[&str], needles: &[&str]) -> String {
    run_refused_with(args, b"", needles)
}

/// [`run_refused`] with `stdin` as the standard input.
pub fn run_refused_with(args: &[&str], stdin: impl AsRef<[u8]>, needles: &[&str]) -> String {
    let out = run(args, stdin);
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?} printed to stdout");
    assert_eq!(err.lines().count(), 1, "{args:?}: not one line: {err}");
    assert!(err.ends_with('\n'), "{args:?}: {err}");
    assert!(err.starts_with("sprague: error: "), "{err}");
    for n in needles {
        assert!(err.contains(n), "{args:?}: `{n}` not in: {err}");
    }
    err
}
