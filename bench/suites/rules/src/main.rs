//! Kayles written as a rules script (`examples/rules/kayles.rhai`) tabulated
//! to n = 2000 through `sprague table --rules` (the `sprague-script` adapter
//! over the engine's plain heap tabulation), against the built-in plain
//! O(n²) engine (`plain_values` over `TakeBreak::kayles()`) and against the
//! same rules in plain Python with memoisation (`kayles.py`, python3).
//!
//! Quotes user CPU time (the machine may be shared: wall time is not
//! quoted), heaps valued per second and options examined per second, and
//! the ratios. The target: the script within 30× of the built-in plain engine,
//! and faster than Python.
//!
//! Usage: `bench/run rules [N]` (N = 2000 by default).

use sprague::heap::{TakeBreak, plain_values};
use sprague::{Monitor, Options, Ruleset};
use std::process::Command;

fn checksum(v: &[u64]) -> u64 {
    let (mut a, mut b) = (0u64, 0u64);
    for &x in v {
        a = (a + x) % 65521;
        b = (b + a) % 65521;
    }
    (b << 16) | a
}

/// Options of a heap of n in Kayles: 1 or 2 pins, unordered splits.
fn options_total(n: usize) -> u64 {
    (0..n as u64)
        .map(|k| (1..=2u64).filter(|&t| t <= k).map(|t| (k - t) / 2 + 1).sum::<u64>())
        .sum()
}

/// User CPU seconds of this process so far (Linux: `/proc/self/stat`,
/// clock ticks of 10 ms), or NaN elsewhere.
fn user_cpu() -> f64 {
    std::fs::read_to_string("/proc/self/stat")
        .ok()
        .and_then(|s| {
            let fields: Vec<String> = s.rsplit(')').next()?.split_whitespace().map(str::to_string).collect();
            fields.get(11)?.parse::<f64>().ok()
        })
        .map_or(f64::NAN, |ticks| ticks / 100.0)
}

/// Runs `f` `runs` times: the user CPU seconds of one run (the mean, so
/// that many runs of a fast engine beat the 10 ms clock tick) and the answer.
fn cpu_of<T>(runs: usize, mut f: impl FnMut() -> T) -> (f64, T) {
    let start = user_cpu();
    let mut out = None;
    for _ in 0..runs {
        out = Some(f());
    }
    ((user_cpu() - start) / runs as f64, out.expect("at least one run"))
}

fn main() {
    let n: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(2000);
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../..");
    let path = format!("{root}/examples/rules/kayles.rhai");
    let options = options_total(n);
    println!("Kayles G(0..{n}): {options} options in all");

    let (t_builtin, v) = cpu_of(50, || plain_values(&TakeBreak::kayles(), n, &mut |_| true));
    let sum_builtin = checksum(&v);

    let rules = sprague_script::ScriptRuleset::load(&path, sprague_script::Limits::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let monitor = Monitor::default();
    let (t_script, table) = cpu_of(1, || {
        rules
            .table(n, &Options::new(&monitor), &mut |_| true)
            .unwrap_or_else(|e| panic!("{e}"))
    });
    let sum_script = checksum(&table.values);
    assert_eq!(sum_script, sum_builtin, "the script's values differ from the built-in's");

    let py = Command::new("python3")
        .arg(format!("{}/kayles.py", env!("CARGO_MANIFEST_DIR")))
        .arg(n.to_string())
        .output();
    let t_python = match py {
        Ok(out) if out.status.success() => {
            let text = String::from_utf8_lossy(&out.stdout).to_string();
            let mut w = text.split_whitespace();
            let _wall: f64 = w.next().and_then(|x| x.parse().ok()).unwrap_or(f64::NAN);
            let s: u64 = w.next().and_then(|x| x.parse().ok()).unwrap_or(0);
            let _count = w.next();
            let cpu: f64 = w.next().and_then(|x| x.parse().ok()).unwrap_or(f64::NAN);
            assert_eq!(s, sum_builtin, "python's values differ");
            Some(cpu)
        }
        _ => None,
    };

    let row = |name: &str, t: f64| {
        println!(
            "{name:<38} {:>10.2} ms user CPU {:>12.0} heaps/s {:>14.0} options/s",
            t * 1e3,
            n as f64 / t,
            options as f64 / t
        );
    };
    row("built-in plain O(n^2) (plain_values)", t_builtin);
    row("rules script (table --rules)", t_script);
    if let Some(t) = t_python {
        row("python3, memoised (process CPU)", t);
    } else {
        println!("python3, memoised: python3 did not run");
    }
    println!("script / built-in: {:.1}x (target: within 30x)", t_script / t_builtin);
    if let Some(t) = t_python {
        println!("python / script:   {:.2}x (target: script faster, > 1)", t / t_script);
    }
}
