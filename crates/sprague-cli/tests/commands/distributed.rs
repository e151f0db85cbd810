//! `sprague solve --workers/--processes/--process/--hosts`: two processes of
//! two workers each on loopback give every result of the one-thread solve,
//! for graph files, built-in spaces and rules scripts; a killed peer, a bad
//! or inconsistent hosts file and an index out of range stop with one line
//! and exit code 2. Every child process runs under a hard timeout.

use crate::common;

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

const TIMEOUT: Duration = Duration::from_secs(120);

/// A file in a fresh temporary folder of this test.
fn temp(name: &str, text: &str) -> PathBuf {
    let dir = crate::common::temp_dir(&format!("dist-{name}"));
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// A hosts file of `n` loopback addresses on ports free a moment ago.
fn hosts(name: &str, n: usize) -> PathBuf {
    let listeners: Vec<TcpListener> = (0..n)
        .map(|_| TcpListener::bind("127.0.0.1:0").unwrap())
        .collect();
    let text: String = listeners
        .iter()
        .map(|l| format!("127.0.0.1:{}\n", l.local_addr().unwrap().port()))
        .collect();
    drop(listeners);
    temp(name, &text)
}

fn spawn(args: &[&str], env: &[(&str, &str)]) -> Child {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_sprague"));
    cmd.args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.spawn().expect("the sprague binary runs")
}

/// Waits for `child` at most `limit`; kills it and fails past that.
fn wait(mut child: Child, limit: Duration, what: &str) -> Output {
    let start = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            return child.wait_with_output().unwrap();
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let out = child.wait_with_output().unwrap();
            panic!(
                "{what} did not finish within {limit:?}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// `args` followed by the flags of process `i` of two at the addresses of
/// the file `hosts`.
fn of_two<'a>(args: &[&'a str], i: &'a str, hosts: &'a str) -> Vec<&'a str> {
    let mut a = args.to_vec();
    a.extend(["--processes", "2", "--process", i, "--hosts", hosts]);
    a
}

/// Runs `args` as process 0 and 1 of two, two workers each; process 0's output.
fn two_by_two(args: &[&str], hosts: &str) -> String {
    let run = |i: &str| {
        let mut a: Vec<&str> = args.to_vec();
        a.extend(["--workers", "2"]);
        spawn(&of_two(&a, i, hosts), &[])
    };
    let p1 = run("1");
    let p0 = run("0");
    let o0 = wait(p0, TIMEOUT, "process 0");
    let o1 = wait(p1, TIMEOUT, "process 1");
    for (o, i) in [(&o0, 0), (&o1, 1)] {
        assert!(
            o.status.success(),
            "process {i}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
    assert!(o1.stdout.is_empty(), "process 1 prints nothing");
    String::from_utf8(o0.stdout).unwrap()
}

/// A graph of `n` vertices with pseudo-random edges: cycles, self-loops,
/// terminals of every outcome.
fn random_graph(n: u64) -> String {
    let mut x: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let mut edges = Vec::new();
    let mut outcomes = String::new();
    for u in 0..n {
        let d = next() % 4;
        for _ in 0..d {
            edges.push(format!("{u} {}", next() % n));
        }
        if d == 0 && u % 2 == 0 {
            outcomes.push_str(&format!("outcome {u} {}\n", ["W", "L", "D"][(u % 3) as usize]));
        }
    }
    format!("{n} {}\n{}\n{outcomes}", edges.len(), edges.join("\n"))
}

#[test]
fn two_processes_of_two_workers_match_the_one_thread_solve() {
    let graph = temp("graph.txt", &random_graph(3000));
    let g = graph.to_str().unwrap();
    let want = common::run_ok(&["solve", g, "--json"], b"");
    let h = hosts("hosts-graph.txt", 2);
    let got = two_by_two(&["solve", g, "--json"], h.to_str().unwrap());
    assert_eq!(got, want, "every vertex's value and remoteness agree");
    let misere = common::run_ok(&["solve", g, "--json", "--misere"], b"");
    let got = two_by_two(&["solve", g, "--json", "--misere"], h.to_str().unwrap());
    assert_eq!(got, misere);
    // A built-in state space: the figures of KQK for each side to move.
    let figures = |out: &str| -> serde_json::Value {
        let v: serde_json::Value = serde_json::from_str(out).unwrap();
        v["by_side_to_move"].clone()
    };
    let want = figures(&common::run_ok(&["solve", "--demo", "kqk", "--json"], b""));
    let got = figures(&two_by_two(
        &["solve", "--demo", "kqk", "--json"],
        hosts("hosts-kqk.txt", 2).to_str().unwrap(),
    ));
    assert_eq!(got, want);
    assert_eq!(want[0]["longest_mate_moves"], 10);
}

#[test]
fn threads_alone_match_too() {
    let graph = temp("graph3.txt", &random_graph(500));
    let g = graph.to_str().unwrap();
    let want = common::run_ok(&["solve", g, "--json"], b"");
    for w in ["1", "3"] {
        assert_eq!(common::run_ok(&["solve", g, "--json", "--workers", w], b""), want);
    }
}

#[test]
fn a_killed_peer_stops_the_others_with_one_line() {
    let graph = temp("graph-kill.txt", &random_graph(3000));
    let g = graph.to_str().unwrap();
    let h = hosts("hosts-kill.txt", 2);
    let args = |i: &'static str| of_two(&["solve", g, "--workers", "2"], i, h.to_str().unwrap());
    // Process 1 hangs when its third round starts; then it is killed.
    let mut p1 = spawn(&args("1"), &[("SPRAGUE_DIST_PAUSE_AT_ROUND", "3")]);
    let p0 = spawn(&args("0"), &[]);
    std::thread::sleep(Duration::from_secs(2));
    p1.kill().unwrap();
    let _ = p1.wait();
    let out = wait(p0, Duration::from_secs(30), "the surviving process");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(out.stdout.is_empty());
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert!(
        err.starts_with("sprague: error: lost the connection to another process"),
        "{err}"
    );
    // The killed process is named by its place in the hosts list.
    assert!(err.contains("(process 1 of the hosts list: "), "{err}");
}

#[test]
fn bad_hosts_files_and_indices_are_refused() {
    let missing = std::env::temp_dir().join("sprague-no-such-hosts-file.txt");
    let m = missing.to_str().unwrap();
    let kqk = ["solve", "--demo", "kqk"];
    common::run_refused(
        &of_two(&kqk, "0", m),
        &["hosts file", "sprague-no-such-hosts-file.txt", "cannot read"],
    );
    let bad = temp("bad-hosts.txt", "127.0.0.1:4000\n  localhost-no-port\n");
    common::run_refused(
        &of_two(&kqk, "0", bad.to_str().unwrap()),
        &["bad-hosts.txt", "line 2, column 3", "not HOST:PORT"],
    );
    let one = temp("one-host.txt", "127.0.0.1:4000\n");
    common::run_refused(
        &of_two(&kqk, "0", one.to_str().unwrap()),
        &["one-host.txt", "1 address but --processes is 2"],
    );
    let two = hosts("hosts-range.txt", 2);
    common::run_refused(
        &of_two(&kqk, "2", two.to_str().unwrap()),
        &["--process 2 is out of range", "from 0 to 1"],
    );
    common::run_refused(&["solve", "--demo", "kqk", "--workers", "0"], &["--workers 0"]);
}

#[test]
fn a_peer_that_never_comes_is_a_clear_error() {
    let h = hosts("hosts-absent.txt", 2);
    let args = of_two(
        &["solve", "--demo", "kqk", "--connect-timeout", "1"],
        "0",
        h.to_str().unwrap(),
    );
    let out = wait(spawn(&args, &[]), Duration::from_secs(30), "a lonely process");
    let err = one_line_refusal(&out);
    assert!(err.contains("process 1 did not connect within 1 s"), "{err}");
    assert!(err.contains("hosts-absent.txt"), "the hosts file is named: {err}");
}

/// The single stderr line of a run that must fail with exit code 2 and
/// print nothing.
fn one_line_refusal(out: &Output) -> String {
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(out.stdout.is_empty());
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert!(err.starts_with("sprague: error: "), "{err}");
    err
}

/// Hosts files that disagree (process 1 looks for process 0 at an address
/// where nobody listens): both processes stop with one line naming their
/// hosts file, within the connect timeout.
#[test]
fn hosts_files_that_disagree_are_a_clear_error() {
    let h0 = hosts("hosts-p0.txt", 2);
    let h1 = hosts("hosts-p1.txt", 2);
    let kqk = ["solve", "--demo", "kqk", "--connect-timeout", "2"];
    let p0 = spawn(&of_two(&kqk, "0", h0.to_str().unwrap()), &[]);
    let p1 = spawn(&of_two(&kqk, "1", h1.to_str().unwrap()), &[]);
    let e0 = one_line_refusal(&wait(p0, Duration::from_secs(30), "process 0"));
    let e1 = one_line_refusal(&wait(p1, Duration::from_secs(30), "process 1"));
    assert!(
        e0.contains("process 1 did not connect") && e0.contains("hosts-p0.txt"),
        "{e0}"
    );
    assert!(
        e1.contains("could not connect to process 0") && e1.contains("hosts-p1.txt"),
        "{e1}"
    );
}

/// A scripted loopy game (a token on a pseudo-random graph of `n` vertices,
/// terminal wins, losses and draws, cycles): `moves`, `terminal`.
fn random_rules(n: u64) -> String {
    format!(
        "fn loopy() {{ true }}\n\
         fn terminal(v) {{ if v % 37 == 5 {{ \"draw\" }} else if v % 41 == 3 {{ \"win\" }} }}\n\
         fn moves(v) {{\n\
             let out = [];\n\
             let x = (v * 7919 + 13) % {n};\n\
             for k in 0..(x % 4) {{ out.push((v * 31 + k * 97 + x) % {n}); }}\n\
             out\n\
         }}\n"
    )
}

/// Every state of a scripted space: the distributed solve of its graph
/// equals the one-thread solve of the space.
#[test]
fn scripted_spaces_solve_alike_on_every_state() {
    use sprague::{Monitor, Options, StateSpaceSolver};
    use std::sync::Arc;
    for (n, start) in [(600, "0"), (2000, "17"), (50, "3")] {
        let rules = sprague_script::ScriptRuleset::from_source(
            "random.rhai",
            &random_rules(n),
            sprague_script::Limits::default(),
        )
        .unwrap();
        let monitor = Monitor::default();
        let space = rules.explored(start, &Options::new(&monitor)).unwrap();
        let one = StateSpaceSolver::new(space).solve().unwrap();
        let graph = sprague_dist::GraphSpace::collect(space).unwrap();
        for workers in [1, 3] {
            let t = sprague_dist::DistSolver::new(sprague_dist::Cluster::threads(workers))
                .solve(Arc::new(graph.clone()), "random")
                .unwrap()
                .unwrap();
            assert_eq!(t.len(), one.len());
            assert!(
                (0..one.len()).all(|s| t.get(s) == one.get(s)),
                "{n} from {start}, {workers} workers"
            );
        }
    }
}

/// `solve --rules FILE START` with --workers, and as 2 processes × 2
/// workers on loopback: the same output as the one-thread solve.
#[test]
fn scripted_games_solve_distributed_like_the_one_thread_solve() {
    let rules = temp("random.rhai", &random_rules(700));
    let r = rules.to_str().unwrap();
    let pursuit = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/rules/pursuit.rhai");
    let h = hosts("hosts-rules.txt", 2);
    for (file, start) in [
        (r, "0"),
        (r, "5"),
        (pursuit, "cop 0 robber 6 cop"),
        (pursuit, "cop 0 robber 2 cop"),
    ] {
        let args = ["solve", "--rules", file, start, "--json"];
        let want = common::run_ok(&args, b"");
        assert!(want.contains("\"outcome\""), "{want}");
        let mut threads = args.to_vec();
        threads.extend(["--workers", "3"]);
        assert_eq!(common::run_ok(&threads, b""), want, "{file} {start}, 3 workers");
        assert_eq!(
            two_by_two(&args, h.to_str().unwrap()),
            want,
            "{file} {start}, 2 × 2"
        );
    }
    // Misère play is refused as without --workers.
    common::run_refused(
        &["solve", "--rules", r, "0", "--misere", "--workers", "2"],
        &["--misere is not supported"],
    );
}

/// Two processes given graph files of the same size (n and m) but other
/// edges used to pass the handshake, and process 0 printed a wrong answer
/// (`1 L 2` where the answer is `W 1`): the handshake compares the graphs'
/// digests, so both refuse with one line.
#[test]
fn graph_files_of_the_same_size_but_other_edges_are_refused() {
    // 0 → 1 → 2: vertex 1 wins in 1 (it moves to the terminal 2).
    let a = temp("same-size-a.txt", "3 2\n0 1\n1 2\n");
    // 0 → 1, 0 → 2: vertex 1 is terminal.
    let b = temp("same-size-b.txt", "3 2\n0 1\n0 2\n");
    let h = hosts("hosts-same-size.txt", 2);
    let h = h.to_str().unwrap();
    let args = |file: &PathBuf| -> Vec<String> {
        [
            "solve",
            file.to_str().unwrap(),
            "--workers",
            "1",
            "--connect-timeout",
            "20",
        ]
        .map(String::from)
        .to_vec()
    };
    let (a_args, b_args) = (args(&a), args(&b));
    let a_args: Vec<&str> = a_args.iter().map(String::as_str).collect();
    let b_args: Vec<&str> = b_args.iter().map(String::as_str).collect();
    let p1 = spawn(&of_two(&b_args, "1", h), &[]);
    let p0 = spawn(&of_two(&a_args, "0", h), &[]);
    let e0 = one_line_refusal(&wait(p0, Duration::from_secs(60), "process 0"));
    let e1 = one_line_refusal(&wait(p1, Duration::from_secs(60), "process 1"));
    for e in [&e0, &e1] {
        assert!(e.contains("solves a different space"), "{e}");
    }
    // The same file on both: the right answer, as the one-process solve gives.
    let same = two_by_two(&["solve", a.to_str().unwrap(), "--connect-timeout", "20"], h);
    assert_eq!(same, common::run_ok(&["solve", a.to_str().unwrap()], b""));
    assert!(same.contains("\n1 W 1\n"), "{same}");
}

/// A connect timeout past a week (2^64 - 1 seconds overflowed the deadline:
/// a panic with an empty stderr) is refused with one line.
#[test]
fn a_huge_connect_timeout_is_refused() {
    let h = hosts("hosts-timeout.txt", 2);
    for secs in ["18446744073709551615", "9223372036854775807"] {
        let args = [
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
            h.to_str().unwrap(),
            "--connect-timeout",
            secs,
        ];
        let e = one_line_refusal(&wait(spawn(&args, &[]), Duration::from_secs(30), "the solve"));
        assert!(e.contains("--connect-timeout") && e.contains("a week"), "{e}");
    }
}
