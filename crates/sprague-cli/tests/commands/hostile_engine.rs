//! Hostile input to the engine through the command line: every case once
//! crashed, ran away or exhausted memory; each now answers correctly or ends
//! with one line on stderr and exit code 2, within the time and memory stated
//! (the child runs under an address-space limit set by `prlimit`, and is
//! killed if it runs past its time).
#![cfg(target_os = "linux")]

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The outcome of one run: exit code, stdout, stderr.
struct Run {
    code: i32,
    out: String,
    err: String,
}

/// Runs `sprague args` with `stdin`, at most `mib` MiB of address space and
/// `secs` seconds (generous: the machine may be busy and the build is not
/// optimised); panics past the time.
fn run_limited(args: &[&str], stdin: &str, mib: u64, secs: u64) -> Run {
    let bytes = (mib << 20).to_string();
    let mut child = Command::new("prlimit")
        .arg(format!("--as={bytes}"))
        .arg(env!("CARGO_BIN_EXE_sprague"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("prlimit runs");
    let mut input = child.stdin.take().expect("stdin");
    let text = stdin.to_string();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(text.as_bytes());
    });
    let out_pipe = child.stdout.take().expect("stdout");
    let err_pipe = child.stderr.take().expect("stderr");
    let read = |mut p: Box<dyn std::io::Read + Send>| {
        std::thread::spawn(move || {
            let mut s = Vec::new();
            let _ = p.read_to_end(&mut s);
            String::from_utf8_lossy(&s).into_owned()
        })
    };
    let (out, err) = (read(Box::new(out_pipe)), read(Box::new(err_pipe)));
    let end = Instant::now() + Duration::from_secs(secs);
    let status = loop {
        if let Some(s) = child.try_wait().expect("wait") {
            break s;
        }
        if Instant::now() > end {
            let _ = child.kill();
            let _ = child.wait();
            panic!("`sprague {}` ran past {secs} s", short(args));
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let _ = writer.join();
    Run {
        code: status.code().unwrap_or(-1),
        out: out.join().expect("stdout read"),
        err: err.join().expect("stderr read"),
    }
}

fn run(args: &[&str], mib: u64, secs: u64) -> Run {
    run_limited(args, "", mib, secs)
}

/// The arguments, shortened for messages.
fn short(args: &[&str]) -> String {
    let s = args.join(" ");
    if s.len() > 80 {
        format!("{}…", &s[..80])
    } else {
        s
    }
}

/// A one-line error with exit code 2 whose line contains `needle`.
fn assert_error(r: &Run, needle: &str) {
    assert_eq!(r.code, 2, "stdout: {}\nstderr: {}", r.out, r.err);
    assert_eq!(r.err.lines().count(), 1, "one line: {}", r.err);
    assert!(r.err.contains(needle), "`{needle}` not in: {}", r.err);
}

#[test]
fn huge_nimbers_are_added_inline_and_not_expanded() {
    // The README's example: *(2^64 - 1) + *3 = *(2^64 - 4), by nim-addition.
    let r = run(&["calc", "*18446744073709551615 + *3"], 512, 20);
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(
        r.out.starts_with("value:         *18446744073709551612\n"),
        "{}",
        r.out
    );
    assert!(
        r.out
            .contains("incentives:    not listed: *18446744073709551612 is too large"),
        "{}",
        r.out
    );
    // *(2^32 - 1) once grew to 6 GB listing its options.
    let r = run(&["calc", "*4294967295", "--json"], 512, 20);
    assert_eq!(r.code, 0, "{}", r.err);
    let v: serde_json::Value = serde_json::from_str(&r.out).expect("JSON");
    assert_eq!(v["left_incentives"], serde_json::Value::Null);
    assert_eq!(v["birthday"], 4_294_967_295u64);
    // Heating expands the game: refused with the limits.
    let r = run(&["calc", "^4096096", "--heat", "^"], 512, 20);
    assert_error(&r, "^4096096 is too large to expand into its options");
    // The REPL's options() likewise.
    let r = run_limited(&["repl"], "options(*18446744073709551615)\n", 512, 20);
    assert_eq!(r.code, 2, "{} {}", r.out, r.err);
    assert!(r.err.contains("too large to expand"), "{}", r.err);
}

#[test]
fn deep_prefix_signs_do_not_recurse() {
    // 90,000 minus signs: an even number, so the value is 1.
    let expr = format!("{}1", "-".repeat(90_000));
    let r = run(&["calc", &expr], 512, 20);
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.out.starts_with("value:         1\n"), "{}", r.out);
    let r = run_limited(&["repl"], &format!("{}\n", "-".repeat(90_001) + "1"), 512, 20);
    assert_eq!((r.code, r.out.trim()), (0, "-1"), "{}", r.err);
    // `+-` 65,000 times nests ± 65,000 deep: refused with its column.
    let expr = format!("1{}1", "+-".repeat(65_000));
    let r = run(&["calc", &expr], 512, 20);
    assert_error(&r, "`+-` nested more than 200 levels deep");
    // A few nested ± are still computed: ±(±1) = {±1 | ±1}.
    let r = run(&["calc", "+-+-1"], 512, 20);
    assert_eq!(r.code, 0, "{}", r.err);
}

#[test]
fn thread_counts_are_checked() {
    for bad in ["0", "100000", "18446744073709551615"] {
        let r = run(&["solve", "--demo", "tic-tac-toe", "--threads", bad], 512, 20);
        assert_eq!(r.code, 2, "{bad}: {}", r.err);
        assert!(r.err.contains("between 1 and 256"), "{bad}: {}", r.err);
    }
    let r = run(&["solve", "--demo", "tic-tac-toe", "--threads", "3"], 1024, 60);
    assert_eq!(r.code, 0, "{}", r.err);
}

#[test]
fn nim_with_many_heaps_is_a_nim_sum() {
    // 1 ⊕ 2 ⊕ … ⊕ n = 1 when n ≡ 1 (mod 4). 20,001 heaps once took 52 s and
    // 3.2 GB; 32,769 heaps panicked.
    for n in [20_001u64, 32_769] {
        let heaps: Vec<String> = (1..=n).map(|h| h.to_string()).collect();
        let mut args = vec!["value", "nim"];
        args.extend(heaps.iter().map(String::as_str));
        let r = run(&args, 1024, 30);
        assert_eq!(r.code, 0, "{}", r.err);
        assert!(
            r.out.contains("\ngrundy:  1\n"),
            "{}",
            &r.out[..200.min(r.out.len())]
        );
        // Every odd heap h may move to h - 1: listed by the heap changed.
        assert!(
            r.out.contains(&format!("winning moves ({}):", n.div_ceil(2))),
            "n = {n}"
        );
        assert!(r.out.contains("heap 3: 3 → 2"));
        assert!(r.out.len() < 64 * n as usize, "{} bytes", r.out.len());
    }
}

#[test]
fn misere_searches_meet_each_position_once_and_stop_at_their_budget() {
    // Sorted heaps as memo keys: a few thousand states (once 130 s, 3.2 GB).
    let r = run(&["value", "kayles", "9", "9", "6", "7", "--misere"], 1024, 30);
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.out.contains("outcome: N"), "{}", r.out);
    let r = run(&["value", "rectangles", "6x6", "--misere"], 1024, 30);
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.out.contains("outcome: N"), "{}", r.out);
    // Grundy's game 60 60 60 is read from a misère quotient or searched;
    // either way it answers or stops at the state budget, in one line.
    let r = run(
        &[
            "value",
            "grundy",
            "60",
            "60",
            "60",
            "--misere",
            "--max-states",
            "20000",
        ],
        1024,
        60,
    );
    if r.code == 0 {
        assert!(r.out.contains("outcome: "), "{}", r.out);
    } else {
        assert_error(&r, "budget of 20000 states");
    }
    // Rectangles as multisets with canonical forms: the 38 strips 1×11
    // (each *1) cancel in pairs, and a few thousand positions decide it
    // (once 21.6 s of CPU to reach a budget of 300,000).
    let r = run(
        &[
            "value",
            "rectangles",
            "14x28",
            "38x11",
            "--misere",
            "--max-states",
            "20000",
        ],
        1024,
        60,
    );
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.out.contains("outcome: N"), "{}", r.out);
}

#[test]
fn misere_canonical_forms_in_calc() {
    // *2 + *2: genus 0^02, a misère P-position (Winning Ways, ch. 13).
    let r = run(&["calc", "*[2] + *[2]"], 256, 30);
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.out.contains("value:         *[3,2]"), "{}", r.out);
    assert!(r.out.contains("outcome:       P"), "{}", r.out);
    assert!(r.out.contains("genus:         0^02"), "{}", r.out);
    // *1 + *1 = 0 in misère play; {*2} is not 0.
    let r = run(&["calc", "*[1]+*[1]", "--json"], 256, 30);
    assert!(r.out.contains("\"value\":\"*[0]\""), "{}", r.out);
    let r = run(&["calc", "*[2#]"], 256, 30);
    assert!(r.out.contains("outcome:       P"), "{}", r.out);
    let r = run(&["calc", "*[2,1"], 256, 30);
    assert_error(&r, "column 6");
}

#[test]
fn tables_longer_than_the_memory_budget_are_refused_up_front() {
    // 10^10 values at 12 bytes each (the value and the engine's copy) are
    // 120 GB, past the default budget (half the RAM) of any machine here.
    for count in ["10000000000", "18446744073709551615"] {
        let r = run(&["table", "kayles", "--count", count], 256, 20);
        assert_error(&r, "past the memory budget");
        assert!(r.err.contains("--max-memory"), "{}", r.err);
    }
    let r = run(
        &["table", "kayles", "--count", "100000", "--max-memory", "1M"],
        256,
        20,
    );
    assert_error(&r, "the memory budget of 1.0 MiB");
    let r = run(
        &["table", "kayles", "--count", "10", "--max-memory", "lots"],
        256,
        20,
    );
    assert_eq!(r.code, 2, "{}", r.err);
}

#[test]
fn graph_headers_are_checked_against_the_memory_budget() {
    // 10^9 vertices need about 17 GB: refused before reading on.
    let r = run_limited(
        &["grundy-graph", "-", "--max-memory", "4G"],
        "1000000000 0\n",
        256,
        20,
    );
    assert_error(&r, "the graph needs");
    let r = run_limited(&["solve", "-", "--max-memory", "256M"], "30000000 0\n", 256, 20);
    assert_error(&r, "the graph needs");
    // 10^6 vertices and one edge fit in 64 bytes per vertex.
    let r = run_limited(&["solve", "-"], "1000000 1\n0 1\n", 64 + 256, 60);
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.out.starts_with("# 1000000 vertices, 1 edges"), "{}", r.out);
}

#[test]
fn a_long_blue_red_stalk_is_valued_by_its_rule() {
    // 1,000 alternating edges: 1 - 1/2 + 1/4 - … (once 34 s, cubic).
    let stalk: String = (0..1000).map(|i| if i % 2 == 0 { 'B' } else { 'R' }).collect();
    let r = run(&["value", "hackenbush", &stalk, "--json"], 1024, 60);
    assert_eq!(r.code, 0, "{}", r.err);
    let v: serde_json::Value = serde_json::from_str(&r.out).expect("JSON");
    let value = v["value"].as_str().expect("value");
    assert!(value.ends_with("/2^999") || value.contains('/'), "{value}");
    assert_eq!(v["outcome"], "L");
}

#[test]
fn calc_sums_stop_at_their_budgets() {
    // ±1 + ±2 + … + ±22 once ran for minutes with no budget.
    let expr: Vec<String> = (1..=22).map(|k| format!("+-{k}")).collect();
    let expr = expr.join(" + ");
    let r = run(&["calc", &expr, "--max-states", "20000"], 1024, 60);
    assert_error(&r, "budget of 20000 states");
    // The memory budget too: the store passes 32 MiB long before the end.
    let r = run(&["calc", &expr, "--max-memory", "32M"], 1024, 60);
    assert_error(
        &r,
        "past the memory budget of 32.0 MiB; raise it with --max-memory",
    );
}

#[test]
fn solve_messages_name_the_real_limits() {
    // The exhaustive --prefs search takes at most 10,000 vertices: raising
    // --max-states would not help, so the message says so.
    let r = run_limited(&["solve", "-", "--prefs", "dwl,lwd"], "10001 0\n", 512, 30);
    assert_error(&r, "at most 10000 vertices; this one has 10001");
    assert!(!r.err.contains("--max-states"), "{}", r.err);
    // --minimax on a cycle: the advice is to drop --minimax, not `sprague solve`.
    let r = run_limited(&["solve", "-", "--minimax"], "2 2\n0 1\n1 0\n", 512, 30);
    assert_error(&r, "without --minimax");
    // A leaf past i64 is refused, not rounded to 1e+20.
    let r = run_limited(&["solve", "-", "--tree"], "[99999999999999999999, 1]", 512, 30);
    assert_error(&r, "not a whole number");
    assert!(!r.err.contains("e+20") && !r.err.contains("e20"), "{}", r.err);
}

#[test]
fn ctrl_c_stops_calc() {
    let expr: Vec<String> = (1..=22).map(|k| format!("+-{k}")).collect();
    let mut child = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(["calc", &expr.join(" + "), "--max-states", "100000000000"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sprague runs");
    std::thread::sleep(Duration::from_millis(1500));
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(kill.success());
    let end = Instant::now() + Duration::from_secs(20);
    let status = loop {
        if let Some(s) = child.try_wait().expect("wait") {
            break s;
        }
        assert!(Instant::now() < end, "calc did not stop within 20 s of Ctrl-C");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(status.code(), Some(130));
}

// Issue 39.

/// Misère Kayles on 30,000 heaps of 1 built every winning move through the
/// quotient as a whole position (O(n²): an abort at 6 GB): now the moves
/// are found heap by heap. Misère Kayles on heaps of 1 plays as misère Nim
/// on heaps of 1: an even number of them is a first-player win (take one).
#[test]
fn misere_kayles_on_thirty_thousand_heaps() {
    let heaps = vec!["1"; 30_000].join(" ");
    let r = run(
        &["--max-memory", "500M", "value", "kayles", "--misere", &heaps],
        1024,
        60,
    );
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.out.contains("outcome: N"), "{}", r.out);
    assert!(r.out.contains("heap 1: 1 → nothing"), "{}", r.out);
    // An odd number: the second player wins.
    let odd = vec!["1"; 30_001].join(" ");
    let r = run(
        &[
            "--max-memory",
            "500M",
            "value",
            "kayles",
            "--misere",
            &odd,
            "--json",
        ],
        1024,
        60,
    );
    let v: serde_json::Value = serde_json::from_str(&r.out).expect("JSON");
    assert_eq!(v["outcome"], "P", "{}", r.err);
    // And a batch line of 10^5 heaps.
    let line = format!("{}\n", vec!["1"; 100_000].join(" "));
    let r = run_limited(
        &["--max-memory", "500M", "value", "kayles", "--misere", "--batch"],
        &line,
        1024,
        60,
    );
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(
        r.out.contains("\tN\t"),
        "{}",
        &r.out[r.out.len().saturating_sub(80)..]
    );
}

/// A script's terminal score of -2^63 was reported as -2^63 + 1: it is
/// refused, naming the value, and -2^63 + 1 itself is kept exactly.
#[test]
fn a_terminal_score_of_minus_two_to_the_63_is_refused() {
    let dir = crate::common::temp_dir("hostile-score");
    let script = |name: &str, score: &str| {
        let path = dir.join(name);
        std::fs::write(
            &path,
            format!("fn moves(p) {{ if p == 0 {{ [1] }} else {{ [] }} }}\nfn terminal(p) {{ if p == 1 {{ {score} }} }}\n"),
        )
        .expect("script");
        path.to_string_lossy().to_string()
    };
    let low = script("low.rhai", "-9223372036854775807 - 1");
    let r = run(&["solve", "--rules", &low, "0"], 1024, 30);
    assert_error(&r, "-9223372036854775808, out of range");
    let ok = script("ok.rhai", "-9223372036854775807");
    let r = run(&["solve", "--rules", &ok, "0", "--json"], 1024, 30);
    assert_eq!(r.code, 0, "{}", r.err);
    // Position 0 moves to 1, which ends with -(2^63 - 1) for its mover: 0 scores 2^63 - 1.
    assert!(r.out.contains("9223372036854775807"), "{}", r.out);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--max-ops 0` meant "no limit" silently: refused.
#[test]
fn max_ops_zero_is_refused() {
    let kayles = format!("{}/../../examples/rules/kayles.rhai", env!("CARGO_MANIFEST_DIR"));
    let r = run(&["value", "--rules", &kayles, "3", "--max-ops", "0"], 1024, 30);
    assert_error(&r, "--max-ops");
}

/// A loopy calculation of 3,000 equations reached 2.7 GB under
/// `--max-memory 100M`: its comparisons are refused before they are built.
#[test]
fn a_large_loopy_calculation_stays_within_the_budget() {
    let eqs: Vec<String> = (0..3000)
        .map(|i| format!("a{i} = {{a{}|a{}}}", (i + 1) % 3000, (i * 7 + 3) % 3000))
        .collect();
    let expr = format!("{}; a0", eqs.join("; "));
    let r = run(&["--max-memory", "100M", "calc", &expr], 1024, 60);
    assert_error(&r, "past the memory budget of 100.0 MiB");
}

/// A script pushing array elements one at a time: each push counts the
/// array's length against --max-ops, so the default limit stops it within
/// a second, where 10^5 pushes used to take 8.5 s.
#[test]
fn array_growth_counts_against_the_operation_limit() {
    let dir = crate::common::temp_dir("hostile-push");
    let path = dir.join("push.rhai");
    std::fs::write(
        &path,
        "fn moves(p) { let a = []; for i in 0..100000000 { a.push(i); } [] }\n",
    )
    .expect("script");
    let started = Instant::now();
    let r = run(
        &["value", "--rules", path.to_str().expect("utf-8"), "1"],
        1024,
        30,
    );
    assert_error(&r, "ran out of operations");
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A script whose positions never end (`p` moves to `p + 1`): the search
/// goes deeper forever and solves nothing. `value` looks at the memory
/// budget as it descends, the script's move cache stops growing near the
/// budget, and `solve`'s state space checks each growth of its index
/// against it: both end with the budget's one line, well inside an address
/// space of 1 GiB where they used to grow until the allocator failed.
#[test]
fn endless_script_positions_stop_at_the_memory_budget() {
    let dir = crate::common::temp_dir("hostile-endless");
    let path = dir.join("endless.rhai");
    std::fs::write(&path, "fn moves(p) { [p + 1] }\n").expect("script");
    let script = path.to_str().expect("utf-8");
    for verb in ["value", "solve"] {
        let r = run(&["--max-memory", "64M", verb, "--rules", script, "1"], 1024, 120);
        assert_error(&r, "past the memory budget of 64.0 MiB");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
