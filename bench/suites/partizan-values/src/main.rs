//! Sum of 14 copies of {3|{2|{1|0}}}, added one at a time, in sprague and in
//! cgt 0.11 side by side. Each engine runs in its own child process so that
//! user CPU and peak memory (getrusage) are its own.
//!
//! Usage: `cargo run --release -p bench-partizan-values [-- COPIES [RUNS]]`
//! (by default 200 runs of sprague and 3 of cgt, figures per run);
//! `-- --diff N [SEED]` runs a differential check of N random games against cgt instead.

mod diff;

use std::process::Command;
use std::time::Instant;

const ENGINES: [&str; 2] = ["sprague", "cgt"];

fn rusage_self() -> (f64, f64, u64) {
    // SAFETY-free: libc::getrusage through a zeroed struct.
    let mut ru = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    let rc = unsafe { libc::getrusage(libc::RUSAGE_SELF, ru.as_mut_ptr()) };
    assert_eq!(rc, 0, "getrusage failed");
    let ru = unsafe { ru.assume_init() };
    let user = ru.ru_utime.tv_sec as f64 + ru.ru_utime.tv_usec as f64 * 1e-6;
    let sys = ru.ru_stime.tv_sec as f64 + ru.ru_stime.tv_usec as f64 * 1e-6;
    (user, sys, ru.ru_maxrss as u64)
}

/// One run of the workload in one engine; returns the printed final value.
fn workload(engine: &str, copies: usize) -> String {
    match engine {
        "sprague" => {
            let mut s = sprague::GameStore::new();
            let (zero, one, two, three) = (sprague::GameId::ZERO, s.integer(1), s.integer(2), s.integer(3));
            let a = s.game(&[one], &[zero]);
            let b = s.game(&[two], &[a]);
            let g = s.game(&[three], &[b]);
            let mut acc = sprague::GameId::ZERO;
            for _ in 0..copies {
                acc = s.add(acc, g);
            }
            format!("{} (store: {} games)", short(&s.display(acc)), s.len())
        }
        _ => {
            use cgt::short::partizan::canonical_form::CanonicalForm;
            let int = CanonicalForm::new_integer;
            let a = CanonicalForm::new_from_moves(vec![int(1)], vec![int(0)]);
            let b = CanonicalForm::new_from_moves(vec![int(2)], vec![a]);
            let g = CanonicalForm::new_from_moves(vec![int(3)], vec![b]);
            let mut acc = int(0);
            for _ in 0..copies {
                acc = &acc + &g;
            }
            short(&acc.to_string())
        }
    }
}

fn short(s: &str) -> String {
    if s.len() > 60 {
        format!("{}… ({} chars)", &s[..60], s.len())
    } else {
        s.to_string()
    }
}

fn child(engine: &str, copies: usize, repeats: usize) {
    let t = Instant::now();
    let mut shown = String::new();
    for _ in 0..repeats {
        shown = workload(engine, copies);
    }
    let wall = t.elapsed().as_secs_f64() / repeats as f64;
    let (user, sys, rss_kib) = rusage_self();
    println!(
        "{wall} {} {} {rss_kib} {shown}",
        user / repeats as f64,
        sys / repeats as f64
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() >= 5 && args[1] == "--child" {
        let copies = args[3].parse().unwrap_or(14);
        let repeats = args[4].parse().unwrap_or(1);
        child(&args[2], copies, repeats);
        return;
    }
    if args.len() >= 2 && args[1] == "--diff" {
        let count = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(2000);
        let seed = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(0x5eed);
        match diff::run(count, seed) {
            Ok((n, forms)) => println!(
                "differential check against cgt 0.11: {n} checks agree ({forms} distinct canonical forms)"
            ),
            Err(e) => {
                eprintln!("differential check against cgt 0.11 failed: {e}");
                std::process::exit(1);
            }
        }
        return;
    }
    let copies: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(14);
    // Runs per engine: enough for sprague's user time to exceed the clock tick.
    let given: Option<usize> = args.get(2).and_then(|a| a.parse().ok());
    let exe = std::env::current_exe().expect("own executable path");
    println!(
        "# sum of {copies} copies of {{3|{{2|{{1|0}}}}}}, added one at a time (per-run figures, averaged)"
    );
    println!(
        "{:<8} {:>10} {:>10} {:>10} {:>9}  value",
        "engine", "wall s", "user s", "sys s", "peak MiB"
    );
    let mut results = Vec::new();
    for engine in ENGINES {
        let repeats = given.unwrap_or(if engine == "sprague" { 200 } else { 3 });
        let out = Command::new(&exe)
            .args(["--child", engine, &copies.to_string(), &repeats.to_string()])
            .output()
            .expect("run child");
        let text = String::from_utf8_lossy(&out.stdout);
        let mut it = text.trim().splitn(5, ' ');
        let wall: f64 = it.next().and_then(|x| x.parse().ok()).unwrap_or(f64::NAN);
        let user: f64 = it.next().and_then(|x| x.parse().ok()).unwrap_or(f64::NAN);
        let sys: f64 = it.next().and_then(|x| x.parse().ok()).unwrap_or(f64::NAN);
        let rss: f64 = it.next().and_then(|x| x.parse().ok()).unwrap_or(f64::NAN) / 1024.0;
        let shown = it.next().unwrap_or("").to_string();
        println!("{engine:<8} {wall:>10.6} {user:>10.6} {sys:>10.6} {rss:>9.1}  {shown} [{repeats} runs]");
        results.push((wall, user, rss));
    }
    let (s, c) = (results[0], results[1]);
    println!(
        "ratio cgt/sprague: wall {:.1}x, user {:.1}x, peak memory {:.1}x",
        c.0 / s.0,
        c.1 / s.1,
        c.2 / s.2
    );
}
