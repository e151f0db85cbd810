//! Heap games side by side: octal-game tables against `ogs` (the solver library
//! of `ogsolve`, methods naive and rc2) and our own plain O(n²) loop, and the
//! subtraction game {1, 3, 4} against `cgt` 0.11.
//!
//! Each case runs in a fresh child process (this binary with `--case`), which
//! reports wall time, user CPU and peak resident memory (getrusage), so the
//! figures of one case do not include another's memory.
//!
//! Usage: `cargo run --release -p bench-heaps [-- --quick] [--limit SECONDS] [--only CODE,…]`
//! (`--quick`: 10^5 only; each case is stopped after `--limit` seconds, 120 by default).

use std::process::{Command, Stdio};
use std::time::Instant;

fn rusage() -> (f64, u64) {
    // SAFETY: getrusage only writes into the zeroed struct we own.
    let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: valid pointer to a rusage struct.
    unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut ru) };
    let user = ru.ru_utime.tv_sec as f64 + ru.ru_utime.tv_usec as f64 * 1e-6;
    (user, ru.ru_maxrss as u64)
}

/// Fletcher-style checksum so engines can be compared across processes.
fn checksum<T: Copy + Into<u64>>(v: &[T]) -> u64 {
    let (mut a, mut b) = (0u64, 0u64);
    for &x in v {
        a = (a + x.into()) % 65521;
        b = (b + a) % 65521;
    }
    (b << 16) | a
}

fn ogs_game(code: &str) -> ogs::Game {
    code.parse().unwrap_or_else(|_| panic!("ogs cannot parse {code}"))
}

/// Computes one table; returns the wall and user seconds spent computing
/// (the checksum afterwards is not counted) and the checksum of the values.
fn run_case(engine: &str, game: &str, n: usize) -> ((f64, f64), u64) {
    fn timed<T>(f: impl FnOnce() -> T) -> ((f64, f64), T) {
        let u = rusage().0;
        let t = Instant::now();
        let v = f();
        ((t.elapsed().as_secs_f64(), rusage().0 - u), v)
    }
    fn sum<T: Copy + Into<u64>>((t, v): ((f64, f64), Vec<T>)) -> ((f64, f64), u64) {
        (t, checksum(&v))
    }
    let taker = |code: &str| {
        if code == "grundy" {
            sprague::heap::TakeBreak::grundy_game()
        } else {
            octal(code)
        }
    };
    match (engine, game) {
        ("sprague-fast", code) => {
            let g = taker(code);
            sum(timed(|| g.values_fast(n, &mut |_| true)))
        }
        ("sprague-rare", code) => {
            let g = taker(code);
            sum(timed(|| g.values_rare(n)))
        }
        ("sprague-table", "grundy") => {
            let (t, table) = timed(|| {
                let mut t = sprague::heap::GrundyGameTable::new();
                t.extend_to(n, &mut |_| true).expect("values fit");
                t
            });
            let values: Vec<u16> = (0..n).map(|i| table.value(i).unwrap_or(u16::MAX)).collect();
            (t, checksum(&values))
        }
        ("sprague-plain", code) => {
            let g = taker(code);
            sum(timed(|| g.values_plain(n)))
        }
        ("ogs-naive", code) => {
            use ogs::Solver;
            let game = ogs_game(code);
            let (t, s) = timed(|| {
                let mut s = ogs::NaiveSolver::<()>::with_capacity(game, n);
                for _ in s.by_ref().take(n) {}
                s
            });
            (t, checksum(s.nimbers()))
        }
        ("ogs-rc2", code) => {
            use ogs::Solver;
            let game = ogs_game(code);
            let (t, s) = timed(|| {
                let mut s = ogs::RC2Solver::<true, ()>::with_capacity(game, n);
                for _ in s.by_ref().take(n) {}
                s
            });
            (t, checksum(s.nimbers()))
        }
        ("sprague-periodic", "sub134") => {
            let s = sprague::heap::Subtraction::new(&[1, 3, 4]).expect("valid set");
            sum(timed(|| s.values_periodic(n).expect("small set")))
        }
        ("sprague-direct", "sub134") => {
            let s = sprague::heap::Subtraction::new(&[1, 3, 4]).expect("valid set");
            sum(timed(|| s.values_direct(n).expect("small set")))
        }
        ("cgt", "sub134") => {
            let game = cgt::short::impartial::games::subtraction::Sub::new(vec![1, 3, 4]);
            let (t, v) = timed(|| game.grundy_sequence().take(n).collect::<Vec<_>>());
            let values: Vec<u32> = v.iter().map(|g| g.value()).collect();
            (t, checksum(&values))
        }
        _ => panic!("unknown case {engine} {game}"),
    }
}

fn octal(code: &str) -> sprague::heap::TakeBreak {
    sprague::heap::TakeBreak::parse(code).expect("valid code")
}

struct Measured {
    wall: f64,
    user: f64,
    rss_kib: u64,
    sum: u64,
    runs: u64,
}

/// Runs one case in a child process, killed after `limit` seconds.
fn measure(engine: &str, game: &str, n: usize, limit: f64) -> Option<Measured> {
    let exe = std::env::current_exe().ok()?;
    let mut child = Command::new(exe)
        .args(["--case", engine, game, &n.to_string()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .ok()?;
    let started = Instant::now();
    loop {
        if child.try_wait().ok()?.is_some() {
            break;
        }
        if started.elapsed().as_secs_f64() > limit {
            let _ = child.kill();
            let _ = child.wait();
            println!("  {engine:<28} stopped after {limit:.0} s (wall)");
            return None;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let out = child.wait_with_output().ok()?;
    if !out.status.success() {
        eprintln!("{engine} {game} {n}: {}", String::from_utf8_lossy(&out.stderr));
        return None;
    }
    let text = String::from_utf8_lossy(&out.stdout);
    let f: Vec<&str> = text.split_whitespace().collect();
    Some(Measured {
        wall: f.first()?.parse().ok()?,
        user: f.get(1)?.parse().ok()?,
        rss_kib: f.get(2)?.parse().ok()?,
        sum: f.get(3)?.parse().ok()?,
        runs: f.get(4)?.parse().ok()?,
    })
}

/// One result line; the ratio is by user CPU time (the machine is shared, so
/// wall time includes waiting for a core).
fn row(label: &str, m: &Measured, base: Option<f64>) {
    let ratio = base.map_or(String::new(), |b| format!("{:>11.1}x", b / m.user.max(1e-9)));
    println!(
        "  {label:<18} {:>12.3} ms wall {:>12.3} ms user {:>7.1} MiB peak {:>5} runs {ratio}",
        m.wall * 1e3,
        m.user * 1e3,
        m.rss_kib as f64 / 1024.0,
        m.runs
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("--case") {
        let n: usize = args[4].parse().expect("count");
        // Quick cases are repeated until 0.2 s of user CPU; figures are per
        // run and count the computation only (not the checksum pass).
        let mut runs = 0u32;
        let (mut wall, mut user) = (0.0, 0.0);
        let mut sum;
        loop {
            let ((w, u), s) = run_case(&args[2], &args[3], n);
            wall += w;
            user += u;
            sum = s;
            runs += 1;
            if user >= 0.2 || runs >= 1000 {
                break;
            }
        }
        let rss = rusage().1;
        let runs_f = f64::from(runs);
        println!("{} {} {rss} {sum} {runs}", wall / runs_f, user / runs_f);
        return;
    }
    let quick = args.iter().any(|a| a == "--quick");
    let limit: f64 = args
        .iter()
        .position(|a| a == "--limit")
        .and_then(|i| args.get(i + 1))
        .and_then(|s| s.parse().ok())
        .unwrap_or(120.0);
    println!("octal games: G(0..n); ratio = reference user CPU / this user CPU (reference: our plain loop)");
    let sizes: &[usize] = if quick { &[100_000] } else { &[100_000, 1_000_000] };
    // `--only CODE[,CODE…]`: run these games only (the subtraction game is `sub134`).
    let only: Option<Vec<String>> = args
        .iter()
        .position(|a| a == "--only")
        .and_then(|i| args.get(i + 1))
        .map(|s| s.split(',').map(str::to_string).collect());
    let wanted = |code: &str| only.as_ref().is_none_or(|o| o.iter().any(|c| c == code));
    // Codes with no known period (the two named in the project's issue 18),
    // to 10^7 against ogs rc2.
    let open_sizes: &[usize] = if quick { &[100_000] } else { &[1_000_000, 10_000_000] };
    for &code in &["0.106", "0.165"] {
        if !wanted(code) {
            continue;
        }
        for &n in open_sizes {
            println!("{code} n = {n} (no known period); ratio = ogs-rc2 user CPU / this user CPU");
            let mut results: Vec<(&str, Measured)> = Vec::new();
            for e in ["sprague-rare", "ogs-rc2"] {
                if let Some(m) = measure(e, code, n, limit) {
                    results.push((e, m));
                }
            }
            let ogs = results.iter().find(|(e, _)| *e == "ogs-rc2").map(|(_, m)| m.user);
            for (e, m) in &results {
                row(e, m, ogs);
            }
            let agree = results.windows(2).all(|w| w[0].1.sum == w[1].1.sum);
            println!("  all engines agree on the values: {agree}");
        }
    }
    for &code in &["0.07", "0.16", "4.07", "grundy"] {
        if !wanted(code) {
            continue;
        }
        for &n in sizes {
            println!("{code} n = {n}");
            let mut results: Vec<(String, Measured)> = Vec::new();
            let mut engines = vec!["sprague-fast", "sprague-rare"];
            if code != "grundy" {
                engines.push("ogs-rc2");
            } else {
                engines.insert(0, "sprague-table");
            }
            if n <= 100_000 {
                engines.push("sprague-plain");
                if code != "grundy" {
                    engines.push("ogs-naive");
                }
            }
            for e in engines {
                if let Some(m) = measure(e, code, n, limit) {
                    results.push((e.to_string(), m));
                }
            }
            let plain = results.iter().find(|(e, _)| e == "sprague-plain").map(|(_, m)| m.user);
            if let Some(o) = results.iter().find(|(e, _)| e == "ogs-rc2").map(|(_, m)| m.user)
                && let Some(r) = results.iter().find(|(e, _)| e == "sprague-rare").map(|(_, m)| m.user)
            {
                println!("  sprague-rare against ogs-rc2: {:.2}x (ogs-rc2 user CPU / sprague-rare user CPU)", o / r.max(1e-9));
            }
            let sums: Vec<u64> = results.iter().map(|(_, m)| m.sum).collect();
            for (e, m) in &results {
                row(e, m, plain);
            }
            let agree = sums.windows(2).all(|w| w[0] == w[1]);
            println!("  all engines agree on the values: {agree}");
        }
    }
    if !wanted("sub134") {
        return;
    }
    println!("subtraction game {{1, 3, 4}}: G(0..10^7)");
    let n = 10_000_000;
    let mut results = Vec::new();
    for e in ["sprague-periodic", "sprague-direct", "cgt"] {
        if let Some(m) = measure(e, "sub134", n, limit) {
            results.push((e, m));
        }
    }
    println!("  ratio = cgt user CPU / this user CPU");
    let cgt = results.iter().find(|(e, _)| *e == "cgt").map(|(_, m)| m.user);
    for (e, m) in &results {
        row(e, m, cgt);
    }
    let agree = results.windows(2).all(|w| w[0].1.sum == w[1].1.sum);
    println!("  all engines agree on the values: {agree}");
}
