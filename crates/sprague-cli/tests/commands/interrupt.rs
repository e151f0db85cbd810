//! Ctrl-C (SIGINT) during long searches: `sprague value` stops with one line
//! and exit code 130; `sprague repl` goes back to its prompt and keeps its
//! names. Each search here would run for minutes; the tests stop it early.
#![cfg(unix)]

use crate::common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// A misère search of Kayles rows of 130 and five of 20: millions of
/// positions, far more than the tests wait for. (A row above 128 keeps
/// `value --misere` from reading the sum off a misère quotient, which
/// answers six rows of 20 at once.)
const LONG_SEARCH: [&str; 9] = ["value", "kayles", "130", "20", "20", "20", "20", "20", "--misere"];

/// Generous: the machine running the tests may be busy.
const PATIENCE: Duration = Duration::from_secs(60);

fn sigint(child: &Child) {
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
}

/// The lines of a pipe, read on a thread.
fn lines(pipe: impl std::io::Read + Send + 'static) -> Receiver<String> {
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(pipe).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

/// Waits for a line satisfying `want`, skipping others; panics after `wait`.
fn expect_line(rx: &Receiver<String>, want: impl Fn(&str) -> bool, wait: Duration, what: &str) -> String {
    let end = Instant::now() + wait;
    loop {
        let left = end.saturating_duration_since(Instant::now());
        match rx.recv_timeout(left) {
            Ok(line) if want(&line) => return line,
            Ok(_) => {}
            Err(RecvTimeoutError::Timeout) => panic!("no {what} within {wait:?}"),
            Err(RecvTimeoutError::Disconnected) => panic!("the stream ended before {what}"),
        }
    }
}

/// Sends SIGINT once the search has had time to start, and again if no
/// answer comes (a signal that arrives before the REPL starts the line is
/// forgotten with the previous line); returns the `interrupted` line.
fn interrupt_search(child: &Child, stderr: &Receiver<String>, prefix: &str) -> String {
    std::thread::sleep(Duration::from_millis(1500));
    for _ in 0..3 {
        sigint(child);
        let end = Instant::now() + Duration::from_secs(20);
        while let Some(left) = end.checked_duration_since(Instant::now()) {
            match stderr.recv_timeout(left) {
                Ok(line) if line.starts_with(prefix) => return line,
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => break,
                Err(RecvTimeoutError::Disconnected) => panic!("the REPL ended on Ctrl-C"),
            }
        }
    }
    panic!("Ctrl-C did not stop the search");
}

#[test]
fn ctrl_c_stops_value_with_one_line() {
    let child = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(LONG_SEARCH)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the sprague binary runs");
    std::thread::sleep(Duration::from_millis(1500));
    sigint(&child);
    let out = child.wait_with_output().expect("sprague ends");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert!(out.stdout.is_empty());
    let err = err.trim();
    assert_eq!(err.lines().count(), 1, "{err}");
    let n: u64 = err
        .strip_prefix("sprague: interrupted after ")
        .and_then(|r| r.strip_suffix(" states"))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("unexpected message `{err}`"));
    assert!(n > 0, "the search had started: {err}");
}

#[test]
fn ctrl_c_stops_an_exhaustive_preference_search() {
    // 40 vertices, 160 pseudo-random edges: `wld,dlw` needs the exhaustive
    // search, exponential here.
    let mut text = String::from("40 160\n");
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut edges = std::collections::BTreeSet::new();
    while edges.len() < 160 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let (a, b) = (x % 40, (x >> 32) % 40);
        if a != b {
            edges.insert((a, b));
        }
    }
    for (a, b) in &edges {
        text.push_str(&format!("{a} {b}\n"));
    }
    let dir = crate::common::temp_dir("interrupt");
    let path = dir.join("graph.txt");
    std::fs::write(&path, text).expect("write the graph");
    let child = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(["solve", "--prefs", "wld,dlw", "--max-states", "100000000000"])
        .arg(&path)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the sprague binary runs");
    std::thread::sleep(Duration::from_millis(1500));
    sigint(&child);
    let out = child.wait_with_output().expect("sprague ends");
    let _ = std::fs::remove_dir_all(&dir);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert!(out.stdout.is_empty());
    let err = err.trim();
    assert!(
        err.starts_with("sprague: interrupted after ")
            && err.ends_with(" tree nodes")
            && err.lines().count() == 1,
        "{err}"
    );
}

#[test]
fn ctrl_c_in_the_repl_returns_to_the_prompt() {
    let mut child = crate::common::spawn_repl();
    let mut stdin = child.stdin.take().expect("stdin");
    let stdout = lines(child.stdout.take().expect("stdout"));
    let stderr = lines(child.stderr.take().expect("stderr"));
    let mut send = |line: &str| {
        writeln!(stdin, "{line}").expect("the REPL reads");
        stdin.flush().expect("the REPL reads");
    };

    send("a := 3");
    expect_line(&stdout, |l| l == "a = 3", PATIENCE, "the assignment");
    // A search, interrupted: one line, and the session carries on.
    send(&LONG_SEARCH.join(" "));
    let line = interrupt_search(&child, &stderr, "interrupted after ");
    assert!(line.ends_with(" states"), "{line}");
    send("a + 1");
    expect_line(&stdout, |l| l == "4", PATIENCE, "the answer after Ctrl-C");
    // A second interruption in the same session: a table keeps its values.
    send("table grundy 100000000");
    let line = interrupt_search(&child, &stderr, "interrupted: printed the ");
    assert!(line.contains("values computed before Ctrl-C"), "{line}");
    send("a + 2");
    expect_line(
        &stdout,
        |l| l == "5",
        PATIENCE,
        "the answer after the second Ctrl-C",
    );
    // Long game arithmetic: the switch on twelve copies of a hot game, added
    // to itself, takes minutes.
    send("h := {5|{4|{3|{2|{1|0}}}}}");
    expect_line(&stdout, |l| l.starts_with("h = "), PATIENCE, "the hot game");
    send(&format!("b := {}", ["h"; 12].join(" + ")));
    expect_line(&stdout, |l| l.starts_with("b = "), PATIENCE, "the sum of copies");
    send("c := {b|-b}");
    expect_line(&stdout, |l| l.starts_with("c = "), PATIENCE, "the switch");
    send("d := c + c");
    let line = interrupt_search(&child, &stderr, "interrupted after ");
    assert!(line.ends_with(" sums and comparisons"), "{line}");
    // Nothing of the stopped line was kept, and the store still adds right.
    send("vars");
    send("h + h");
    let end = Instant::now() + PATIENCE;
    loop {
        let left = end.saturating_duration_since(Instant::now());
        let line = stdout
            .recv_timeout(left)
            .expect("`vars` and the sum are answered");
        assert!(
            !line.starts_with("d = "),
            "the stopped assignment was kept: {line}"
        );
        // The value of h + h from a store that was never stopped.
        if line == "{9|||9|{8|||7||6|5}||{7|||{7|||6||5|4}||5|{5||4|3|||3||2,{3|2}|1}}}" {
            break;
        }
    }
    send("quit");
    drop(stdin);
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("wait for the REPL") {
            // Interruptions are not failed lines.
            assert_eq!(status.code(), Some(0));
            break;
        }
        if start.elapsed() > PATIENCE {
            let _ = child.kill();
            panic!("the REPL did not end on `quit`");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// At a terminal (tmux): the bar shows the states solved during a search;
/// Ctrl-C stops the search and brings back the prompt; Ctrl-C at the prompt
/// clears the line; Ctrl-D ends the session.
#[test]
fn terminal_ctrl_c_at_the_prompt_and_during_a_search() {
    if !common::tmux_available("the terminal session") {
        return;
    }
    let name = format!("sprague-interrupt-{}", std::process::id());
    let tmux = |args: &[&str]| {
        Command::new("tmux")
            .args(["-L", &name])
            .args(args)
            .output()
            .expect("run tmux")
    };
    let cmd = format!("SPRAGUE_HISTORY= '{}' repl", env!("CARGO_BIN_EXE_sprague"));
    let started = tmux(&["new-session", "-d", "-s", &name, "-x", "120", "-y", "30", &cmd]);
    assert!(started.status.success(), "{started:?}");
    let screen = || String::from_utf8_lossy(&tmux(&["capture-pane", "-p", "-t", &name]).stdout).into_owned();
    let wait_for = |what: &dyn Fn(&str) -> bool| {
        let end = Instant::now() + PATIENCE;
        while Instant::now() < end {
            if what(&screen()) {
                return true;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        false
    };
    let prompts = |n: usize| move |s: &str| s.matches("sprague>").count() >= n;
    let keys = |k: &[&str]| {
        tmux(
            &["send-keys", "-t", &name]
                .iter()
                .chain(k)
                .copied()
                .collect::<Vec<_>>(),
        );
    };
    let check = |ok: bool| {
        if !ok {
            let shown = screen();
            tmux(&["kill-server"]);
            panic!("{shown}");
        }
    };
    check(wait_for(&prompts(1)));
    std::thread::sleep(Duration::from_millis(300));
    keys(&["-l", "b := 3"]);
    keys(&["Enter"]);
    check(wait_for(&|s| s.contains("b = 3")));
    // Ctrl-C at the prompt drops the line typed so far.
    keys(&["-l", "half typed"]);
    check(wait_for(&|s| s.contains("half typed")));
    keys(&["C-c"]);
    check(wait_for(&prompts(3)));
    keys(&["-l", &LONG_SEARCH.join(" ")]);
    keys(&["Enter"]);
    // The bar appears after half a second with the count of states.
    check(wait_for(&|s| {
        s.contains("searching kayles") && s.contains(" states (")
    }));
    keys(&["C-c"]);
    check(wait_for(&|s| s.contains("interrupted after ")));
    check(wait_for(&prompts(4)));
    std::thread::sleep(Duration::from_millis(300));
    keys(&["-l", "b + 1"]);
    keys(&["Enter"]);
    check(wait_for(&|s| s.contains("sprague> b + 1\n4\n")));
    // The abandoned line was not run, and the bar was cleared.
    let shown = screen();
    check(!shown.contains("unknown name") && !shown.contains("searching kayles"));
    keys(&["C-d"]);
    // Ctrl-D ends the session and with it the tmux server.
    let ended = (0..100).any(|_| {
        std::thread::sleep(Duration::from_millis(100));
        !tmux(&["has-session", "-t", &name]).status.success()
    });
    tmux(&["kill-server"]);
    assert!(ended, "Ctrl-D did not end the session");
}

/// A scrambled DAG of `n` vertices and `m` edges in the text format (every
/// edge goes from a higher to a lower rank, ids shuffled, so `grundy-graph`
/// runs its depth-first search).
fn scrambled_dag(n: u64, m: u64) -> String {
    let mut x: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    // An odd multiplier is a bijection modulo a power of two; n is one.
    let id = |rank: u64| (rank.wrapping_mul(0x9e37_79b9) ^ 0x55) & (n - 1);
    let mut text = format!("{n} {m}\n");
    for _ in 0..m {
        let a = 1 + next() % (n - 1);
        let b = next() % a;
        text.push_str(&format!("{} {}\n", id(a), id(b)));
    }
    text
}

/// Runs `sprague ARGS FILE` and sends SIGINT once the file is read (while it
/// is parsed or solved: Ctrl-C then stops the solver at its first batch).
/// The delay is found by search, since the machine may be busy: a signal that
/// lands while the file is still being read ends the process at once with
/// nothing printed (too early), one that lands while the values are printed
/// ends it with some printed, and a run that finishes was too late. Returns
/// the `interrupted …` message.
fn interrupt_graph_solve(args: &[&str], path: &std::path::Path) -> String {
    let (mut lo, mut hi) = (Duration::ZERO, None::<Duration>);
    for _ in 0..16 {
        let delay = match hi {
            Some(hi) => (lo + hi) / 2,
            None => lo * 2 + Duration::from_millis(200),
        };
        let child = Command::new(env!("CARGO_BIN_EXE_sprague"))
            .args(args)
            .arg(path)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the sprague binary runs");
        std::thread::sleep(delay);
        // The process may have ended already; `kill` then fails, harmlessly.
        let _ = Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .stderr(Stdio::null())
            .status();
        let out = child.wait_with_output().expect("sprague ends");
        let err = String::from_utf8_lossy(&out.stderr).trim().to_string();
        match out.status.code() {
            Some(0) => {
                assert!(!out.stdout.is_empty());
                hi = Some(delay);
            }
            // Ctrl-C after the solver's last poll, while the answer is put
            // together: too late, like an answer printed in full.
            Some(130) if err == "sprague: interrupted before printing the answer" => {
                assert!(out.stdout.is_empty(), "nothing is printed after Ctrl-C");
                hi = Some(delay);
            }
            Some(130) if err == "sprague: interrupted" => {
                if out.stdout.is_empty() {
                    lo = delay;
                } else {
                    hi = Some(delay);
                }
            }
            Some(130) => {
                assert!(out.stdout.is_empty(), "nothing is printed after Ctrl-C");
                assert_eq!(err.lines().count(), 1, "{err}");
                return err;
            }
            other => panic!("exit {other:?}: {err}"),
        }
    }
    panic!("no Ctrl-C landed while {args:?} was parsing or solving");
}

/// A graph of 2^21 vertices and 4 million edges (60 MB): read at once,
/// parsed and solved in about a second.
fn big_graph(name: &str) -> (std::path::PathBuf, std::path::PathBuf) {
    let dir = crate::common::temp_dir(&format!("interrupt-{name}"));
    let path = dir.join("dag.txt");
    std::fs::write(&path, scrambled_dag(1 << 21, 4_000_000)).expect("write the graph");
    (dir, path)
}

/// The number `N` and total `M` in `… after N of M UNIT` (UNIT may be several words).
fn count_of(message: &str, unit: &str) -> (u64, u64) {
    let tail = message.rsplit("after ").next().unwrap_or("");
    let parts: Vec<&str> = tail.splitn(4, ' ').collect();
    match parts[..] {
        [n, "of", m, u] if u == unit => (n.parse().expect("a count"), m.parse().expect("a total")),
        _ => panic!("unexpected message `{message}`"),
    }
}

#[test]
fn ctrl_c_stops_grundy_graph_while_solving() {
    let (dir, path) = big_graph("grundy");
    let err = interrupt_graph_solve(&["grundy-graph"], &path);
    assert!(err.starts_with("sprague: interrupted after "), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
    let (done, total) = count_of(&err, "vertices");
    assert_eq!(total, 1 << 21);
    assert!(done <= total && done % 4096 == 0, "{err}");
}

#[test]
fn ctrl_c_stops_a_win_lose_draw_solve() {
    let (dir, path) = big_graph("wld");
    let err = interrupt_graph_solve(&["solve"], &path);
    assert!(err.starts_with("sprague: interrupted while "), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
    let (done, total) = count_of(&err, "edges");
    assert_eq!(total, 4_000_000);
    assert!(done <= total, "{err}");
    let phase = err.trim_start_matches("sprague: interrupted while ");
    assert!(
        [
            "sorting edges by target",
            "listing predecessors",
            "deciding vertices"
        ]
        .iter()
        .any(|p| phase.starts_with(p)),
        "{err}"
    );
}

#[test]
fn ctrl_c_stops_loopy_grundy_values() {
    let (dir, path) = big_graph("loopy");
    let err = interrupt_graph_solve(&["solve", "--grundy"], &path);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(err.starts_with("sprague: interrupted after "), "{err}");
    let (done, total) = count_of(&err, "vertices");
    assert_eq!(total, 1 << 21);
    assert!(done <= total, "{err}");
}

#[test]
fn ctrl_c_stops_minimax_values() {
    // The big DAG with a score on every terminal vertex.
    let n = 1u64 << 21;
    let mut text = scrambled_dag(n, 4_000_000);
    let mut moves = vec![false; n as usize];
    for line in text.lines().skip(1) {
        let from = line.split(' ').next().and_then(|v| v.parse::<usize>().ok());
        moves[from.expect("an edge line")] = true;
    }
    for (v, _) in moves.iter().enumerate().filter(|(_, m)| !**m) {
        text.push_str(&format!("score {v} {}\n", v % 5));
    }
    let dir = crate::common::temp_dir("interrupt-minimax");
    let path = dir.join("scored.txt");
    std::fs::write(&path, text).expect("write the graph");
    let err = interrupt_graph_solve(&["solve", "--minimax"], &path);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(err.starts_with("sprague: interrupted after "), "{err}");
    let (done, total) = count_of(&err, "vertices");
    assert_eq!(total, n);
    assert!(done <= total && done % 4096 == 0, "{err}");
}

#[test]
fn ctrl_c_stops_a_tree_search() {
    // A root with 1000 children of 1000 leaves each, child i's leaves above
    // child i - 1's: alpha-beta prunes nothing, and visits all 1,001,001 nodes.
    let children: Vec<String> = (0..1000u64)
        .map(|i| {
            let leaves: Vec<String> = (0..1000u64).map(|j| (i * 1000 + j).to_string()).collect();
            format!("[{}]", leaves.join(","))
        })
        .collect();
    let dir = crate::common::temp_dir("interrupt-tree");
    let path = dir.join("tree.json");
    std::fs::write(&path, format!("[{}]", children.join(","))).expect("write the tree");
    let err = interrupt_graph_solve(&["solve", "--tree"], &path);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(err.starts_with("sprague: interrupted after "), "{err}");
    let (done, total) = count_of(&err, "tree nodes");
    assert_eq!(total, 1_001_001);
    // A stop is seen at a batch, or by the final count when it came after the last one.
    assert!(done % 4096 == 0 || done == total, "{err}");
}

/// `sprague play` on six rows of misère Kayles: every judgement is a long
/// search. Ctrl-C during a hint, and during the judgement of a move, goes back
/// to the prompt; the session then ends normally.
#[test]
fn ctrl_c_in_play_returns_to_the_prompt() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(["play", "kayles", "20 20 20 20 20 20", "--misere"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run sprague play");
    let mut stdin = child.stdin.take().expect("stdin");
    let stdout = lines(child.stdout.take().expect("stdout"));
    let mut send = |line: &str| {
        writeln!(stdin, "{line}").expect("play reads");
        stdin.flush().expect("play reads");
    };
    // Ctrl-C once the line is echoed (the engine is thinking then).
    let stop_after = |echo: &str| {
        expect_line(&stdout, |l| l.ends_with(echo), PATIENCE, echo);
        std::thread::sleep(Duration::from_millis(500));
        sigint(&child);
    };
    send("hint");
    stop_after("> hint");
    expect_line(
        &stdout,
        |l| l == "(interrupted: no hint)",
        PATIENCE,
        "the stopped hint",
    );
    send("#1");
    stop_after("> #1");
    expect_line(
        &stdout,
        |l| l == "(interrupted: sprague stopped thinking; the move was not made)",
        PATIENCE,
        "the stopped judgement",
    );
    send("quit");
    expect_line(&stdout, |l| l.ends_with("Bye."), PATIENCE, "the goodbye");
    drop(stdin);
    let out = child.wait_with_output().expect("play ends");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// When sprague moves first and is stopped before it can judge the start,
/// the game ends with one line.
#[test]
fn ctrl_c_before_the_first_judgement_ends_the_game() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args([
            "play",
            "kayles",
            "20 20 20 20 20 20",
            "--misere",
            "--first",
            "engine",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run sprague play");
    let stdout = lines(child.stdout.take().expect("stdout"));
    // The greeting comes before the engine starts thinking.
    expect_line(
        &stdout,
        |l| l.starts_with("sprague play kayles"),
        PATIENCE,
        "the greeting",
    );
    std::thread::sleep(Duration::from_millis(800));
    sigint(&child);
    let out = child.wait_with_output().expect("play ends");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert_eq!(
        err.trim(),
        "sprague: interrupted before sprague could judge 20 20 20 20 20 20: game ended"
    );
}

/// Runs `sprague args` with `stdin`, sends SIGINT after 2 seconds, and
/// returns the exit code, stdout and the trimmed stderr once it ends (it
/// must end within 20 s of the signal).
fn ctrl_c_after_two_seconds(args: &[&str], stdin: &[u8]) -> (Option<i32>, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(args)
        .env("SPRAGUE_HISTORY", "")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the sprague binary runs");
    let mut input = child.stdin.take().expect("stdin");
    let bytes = stdin.to_vec();
    // The input stays open (a script still being typed): only the signal ends the run.
    let keep = std::thread::spawn(move || {
        let _ = input.write_all(&bytes);
        std::thread::sleep(Duration::from_secs(30));
    });
    std::thread::sleep(Duration::from_secs(2));
    sigint(&child);
    let end = Instant::now() + Duration::from_secs(20);
    while child.try_wait().expect("wait").is_none() {
        if Instant::now() > end {
            let _ = child.kill();
            panic!("`sprague {}` did not end within 20 s of Ctrl-C", args.join(" "));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    drop(keep);
    let out = child.wait_with_output().expect("sprague ends");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).trim().to_string(),
    )
}

/// Each of these ran past 30 s with Ctrl-C ignored (issue 39): Ctrl-C now
/// ends it after 2 s with exit code 130 and one line.
#[test]
fn ctrl_c_ends_every_long_computation_with_one_line() {
    let dir = crate::common::temp_dir("interrupt-long");
    // A script pushing 10^8 array elements (under a limit that lets it),
    // and one building a sum of ever more parts.
    let push = dir.join("push.rhai");
    std::fs::write(
        &push,
        "fn moves(p) { let a = []; for i in 0..100000000 { a.push(i); } [] }\n",
    )
    .expect("script");
    let sum = dir.join("sum.rhai");
    std::fs::write(
        &sum,
        "fn moves(p) { let s = sum([0]); for i in 0..100000000 { s = sum([s, i]); } [] }\n",
    )
    .expect("script");
    // Loopy equations: 8,000 names of three capitals (short enough for one
    // argument), each game with two options; its sides compare the 8,000
    // positions pairwise (about 5 s of CPU in a release build, 1.8 GB).
    let name = |i: usize| {
        let letter = |k: usize| char::from(b'A' + (k % 26) as u8);
        format!("{}{}{}", letter(i / 676), letter(i / 26), letter(i))
    };
    let n = 8000;
    let loopy: Vec<String> = (0..n)
        .map(|i| format!("{}={{{}|{}}}", name(i), name((i + 1) % n), name((i * 7 + 3) % n)))
        .collect();
    let loopy = format!("{};{}", loopy.join(";"), name(0));
    let (push, sum) = (
        push.to_string_lossy().to_string(),
        sum.to_string_lossy().to_string(),
    );
    let huge_ops = "1000000000000000";
    let cases: Vec<Vec<&str>> = vec![
        vec!["value", "multiples", "1000000000000: 1 2 3"],
        vec!["calc", "*[16]"],
        vec!["calc", &loopy, "--max-states", "1000000000"],
        // Four geese on row 4: 10,680 positions, compared pairwise.
        vec!["value", "fox-and-geese", "#x#x#x#x|.#.#.#.#|#.#.#.#.|o#.#.#.#"],
        // Large canonical forms: each sum and construction takes seconds.
        vec!["value", "eatcake", "60x60"],
        vec!["value", "--rules", &push, "1", "--max-ops", huge_ops],
        vec!["value", "--rules", &sum, "1", "--max-ops", huge_ops],
    ];
    // The cases run side by side: each is signalled 2 s after its own start,
    // still running (sharing the processor only slows it further).
    let ends: Vec<_> = std::thread::scope(|scope| {
        let runs: Vec<_> = cases
            .iter()
            .map(|args| scope.spawn(move || ctrl_c_after_two_seconds(args, b"")))
            .collect();
        runs.into_iter()
            .map(|run| run.join().expect("a case's thread"))
            .collect()
    });
    for (args, (code, out, err)) in cases.into_iter().zip(ends) {
        let shown = args.join(" ").chars().take(60).collect::<String>();
        assert_eq!(code, Some(130), "{shown}: {err}");
        assert!(out.is_empty(), "{shown}: {out}");
        assert_eq!(err.lines().count(), 1, "{shown}: {err}");
        assert!(err.starts_with("sprague: interrupted"), "{shown}: {err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// In the REPL, the same computations stop and the session goes on.
#[test]
fn ctrl_c_in_the_repl_stops_misere_forms_and_big_subtraction_sets() {
    let set: Vec<String> = (1..=140_000).map(|s| s.to_string()).collect();
    let set = set.join(",");
    let mut child = crate::common::spawn_repl();
    let mut stdin = child.stdin.take().expect("stdin");
    let stdout = lines(child.stdout.take().expect("stdout"));
    let stderr = lines(child.stderr.take().expect("stderr"));
    let mut send = |line: &str| {
        writeln!(stdin, "{line}").expect("the REPL reads");
        stdin.flush().expect("the REPL reads");
    };
    for (k, line) in [
        "calc '*[16]'".to_string(),
        format!("value subtraction:{set} 18446744073709551615"),
        format!("table subtraction:{set} 1000000"),
    ]
    .iter()
    .enumerate()
    {
        send(line);
        let got = interrupt_search(&child, &stderr, "interrupted");
        assert!(!got.is_empty());
        send(&format!("{k} + 1000"));
        let want = (k + 1000).to_string();
        expect_line(&stdout, |l| l == want, PATIENCE, "the answer after Ctrl-C");
    }
    send("quit");
    drop(stdin);
    let status = child.wait().expect("the REPL ends");
    assert_eq!(status.code(), Some(0));
}

/// `grundy-game` on a FIFO hung, Ctrl-C ignored: now refused at once.
#[test]
fn grundy_game_on_a_fifo_is_refused_at_once() {
    let dir = crate::common::temp_dir("interrupt-fifo");
    let pipe = dir.join("pipe");
    assert!(
        Command::new("mkfifo")
            .arg(&pipe)
            .status()
            .expect("mkfifo")
            .success()
    );
    common::run_refused(
        &["grundy-game", pipe.to_str().expect("utf-8"), "--count", "10"],
        &["FIFO"],
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A read that blocks (a FIFO with no writer as a graph file, a pipe with
/// nothing yet) ends at once on Ctrl-C with one line.
#[test]
fn ctrl_c_while_reading_ends_at_once() {
    let dir = crate::common::temp_dir("interrupt-read");
    let pipe = dir.join("pipe");
    assert!(
        Command::new("mkfifo")
            .arg(&pipe)
            .status()
            .expect("mkfifo")
            .success()
    );
    let p = pipe.to_str().expect("utf-8");
    for args in [
        vec!["grundy-graph", p],
        vec!["solve", p],
        vec!["value", "nim", "--batch"],
    ] {
        let (code, _, err) = ctrl_c_after_two_seconds(&args, b"");
        assert_eq!(code, Some(130), "{args:?}: {err}");
        assert_eq!(err, "sprague: interrupted", "{args:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
