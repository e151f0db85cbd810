//! A tiered Connect Four solve to a table file, for measuring big boards in
//! a release build without the CLI's dependencies:
//!
//! ```text
//! cargo run --release -p sprague-table --example tiered_solve -- connect-four:7x4 OUT CHECKPOINT [THREADS] [--resume]
//! ```
//!
//! Prints the figures of `sprague solve --demo connect-four:WxH --out OUT
//! --checkpoint CHECKPOINT`; progress (tiers and states) goes to stderr.

use sprague::monitor::Monitor;
use sprague_table::{SolveOptions, solve_tiered_to_file};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let resume = args.iter().any(|a| a == "--resume");
    let pos: Vec<&String> = args.iter().filter(|a| !a.starts_with("--")).collect();
    let (Some(ruleset), Some(out), Some(ck)) = (pos.first(), pos.get(1), pos.get(2)) else {
        eprintln!("usage: tiered_solve RULESET OUT CHECKPOINT [THREADS] [--resume]");
        std::process::exit(2);
    };
    let threads = pos.get(3).and_then(|t| t.parse().ok()).unwrap_or(1);
    let monitor = Monitor::new();
    let done = std::sync::atomic::AtomicBool::new(false);
    let t0 = std::time::Instant::now();
    let r = std::thread::scope(|s| {
        s.spawn(|| {
            while !done.load(std::sync::atomic::Ordering::Relaxed) {
                std::thread::sleep(std::time::Duration::from_secs(30));
                eprintln!(
                    "{:8.1} s  {}: {} of {:?}",
                    t0.elapsed().as_secs_f64(),
                    monitor.phase(),
                    monitor.done(),
                    monitor.total()
                );
            }
        });
        let opts = SolveOptions {
            block_states: 1 << 22,
            checkpoint: Some(ck),
            resume,
            threads,
            max_states: usize::MAX,
            monitor: Some(&monitor),
            ..SolveOptions::default()
        };
        let r = solve_tiered_to_file(ruleset, out, &opts);
        done.store(true, std::sync::atomic::Ordering::Relaxed);
        r
    });
    match r {
        Ok(t) => println!("{t:#?}\nseconds: {:.1}", t0.elapsed().as_secs_f64()),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    }
}
