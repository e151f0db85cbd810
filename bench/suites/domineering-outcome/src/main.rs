//! Who wins Domineering on the n × n board: sprague's outcome search
//! (`DomineeringSearch`) against the outcome read from canonical forms
//! (sprague's `PartizanSolver` and cgt 0.11), side by side.
//!
//! Each (engine, board) pair runs in a child process of its own, so that user
//! CPU time and peak memory (getrusage) belong to that engine alone; a child
//! still running after the time limit is killed and reported as not finished.
//!
//! Usage: `bench-domineering-outcome [--limit SECONDS] [--engines a,b,...] [N...]`
//! (boards default 5 6 7 8; engines `search`, `search-plain` (no canonical
//! forms for small positions), `sprague-cf`, `cgt`; default limit 120 s).

use std::process::{Command, Stdio};
use std::str::FromStr;
use std::time::{Duration, Instant};

/// User CPU seconds and peak resident memory (MiB) of this process so far.
#[allow(unsafe_code)]
fn usage() -> (f64, f64) {
    // SAFETY: a rusage is plain integers (all-zero is valid), and getrusage
    // only writes into the struct passed to it.
    let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
    if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut ru) } != 0 {
        return (f64::NAN, f64::NAN);
    }
    let user = ru.ru_utime.tv_sec as f64 + ru.ru_utime.tv_usec as f64 / 1e6;
    (user, ru.ru_maxrss as f64 / 1024.0)
}

/// The n × n board in the `domineering` notation.
fn board_text(n: usize) -> String {
    vec![".".repeat(n); n].join("|")
}

/// Runs one engine on the n × n board and prints
/// `wall<TAB>user<TAB>peak MiB<TAB>states<TAB>outcome`.
fn child(engine: &str, n: usize) {
    let start = Instant::now();
    let (outcome, states) = match engine {
        "search" | "search-plain" => {
            let board = sprague::games::DomineeringBoard::rectangle(n, n).expect("board");
            // 2^25 positions: 512 MiB of table.
            let mut s = sprague::games::DomineeringSearch::new(1 << 25);
            if engine == "search-plain" {
                s = s.with_small_cells(0);
            }
            let o = s.outcome(&board).expect("no monitor, no stop");
            (o.as_str().to_string(), s.nodes())
        }
        "sprague-cf" => {
            use sprague::Notation;
            let p = sprague::games::Domineering
                .parse_position(&board_text(n))
                .expect("board");
            let mut s = sprague::PartizanSolver::with_max_states(&sprague::games::Domineering, usize::MAX);
            let o = s.outcome(&p).expect("no budget");
            (o.as_str().to_string(), s.states() as u64)
        }
        _ => {
            use cgt::short::partizan::partizan_game::PartizanGame;
            use cgt::short::partizan::transposition_table::ParallelTranspositionTable;
            let p = cgt::short::partizan::games::domineering::Domineering::<
                cgt::grid::small_bit_grid::SmallBitGrid<_>,
            >::from_str(&board_text(n))
            .expect("board");
            let tt = ParallelTranspositionTable::new();
            let cf = p.canonical_form(&tt);
            // The outcome from the canonical form: compare with zero in
            // sprague's store (the forms agree, see bench-partizan).
            let mut store = sprague::GameStore::new();
            let id = from_cgt(&mut store, &mut Default::default(), &cf);
            (store.outcome(id).as_str().to_string(), tt.len() as u64)
        }
    };
    let (user, rss) = usage();
    let wall = start.elapsed().as_secs_f64();
    println!("{wall}\t{user}\t{rss}\t{states}\t{outcome}");
}

/// Converts a cgt canonical form into a sprague store.
fn from_cgt(
    store: &mut sprague::GameStore,
    memo: &mut std::collections::HashMap<String, sprague::GameId>,
    g: &cgt::short::partizan::canonical_form::CanonicalForm,
) -> sprague::GameId {
    let key = g.to_string();
    if let Some(&id) = memo.get(&key) {
        return id;
    }
    let left: Vec<_> = g.left_moves().map(|o| from_cgt(store, memo, &o)).collect();
    let right: Vec<_> = g.right_moves().map(|o| from_cgt(store, memo, &o)).collect();
    let id = store.game(&left, &right);
    memo.insert(key, id);
    id
}

/// The child's report, or why there is none.
enum Run {
    Done(String),
    TimedOut,
    Failed(String),
}

fn run(engine: &str, n: usize, limit: Duration) -> Run {
    let Ok(exe) = std::env::current_exe() else {
        return Run::Failed("no executable".into());
    };
    let mut child = match Command::new(exe)
        .args(["--child", engine, &n.to_string()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
    {
        Ok(c) => c,
        Err(e) => return Run::Failed(e.to_string()),
    };
    let start = Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(_)) => break,
            Ok(None) if start.elapsed() > limit => {
                let _ = child.kill();
                let _ = child.wait();
                return Run::TimedOut;
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(50)),
            Err(e) => return Run::Failed(e.to_string()),
        }
    }
    match child.wait_with_output() {
        Ok(out) if out.status.success() => Run::Done(String::from_utf8_lossy(&out.stdout).trim().to_string()),
        Ok(out) => Run::Failed(String::from_utf8_lossy(&out.stderr).trim().to_string()),
        Err(e) => Run::Failed(e.to_string()),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--child") {
        match (args.get(1), args.get(2).and_then(|n| n.parse().ok())) {
            (Some(engine), Some(n)) => child(engine, n),
            _ => std::process::exit(2),
        }
        return;
    }
    let mut limit = 120.0;
    let mut engines: Vec<String> = ["search", "search-plain", "sprague-cf", "cgt"]
        .map(String::from)
        .to_vec();
    let mut boards = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--limit" => limit = it.next().and_then(|s| s.parse().ok()).unwrap_or(limit),
            "--engines" => {
                if let Some(list) = it.next() {
                    engines = list.split(',').map(String::from).collect();
                }
            }
            n => {
                if let Ok(n) = n.parse::<usize>() {
                    boards.push(n);
                }
            }
        }
    }
    if boards.is_empty() {
        boards = vec![5, 6, 7, 8];
    }
    println!("time limit per run: {limit} s wall");
    println!(
        "{:<6} {:<13} {:>9} {:>9} {:>9} {:>13}  outcome",
        "board", "engine", "wall s", "user s", "peak MiB", "states"
    );
    for &n in &boards {
        for engine in &engines {
            let name = format!("{n}x{n}");
            match run(engine, n, Duration::from_secs_f64(limit)) {
                Run::Done(line) => {
                    let f: Vec<&str> = line.split('\t').collect();
                    let num = |i: usize| f.get(i).and_then(|s| s.parse::<f64>().ok()).unwrap_or(f64::NAN);
                    println!(
                        "{name:<6} {engine:<13} {:>9.2} {:>9.2} {:>9.1} {:>13}  {}",
                        num(0),
                        num(1),
                        num(2),
                        f.get(3).unwrap_or(&"?"),
                        f.get(4).unwrap_or(&"?")
                    );
                }
                Run::TimedOut => println!("{name:<6} {engine:<13} did not finish within {limit} s (killed)"),
                Run::Failed(e) => println!("{name:<6} {engine:<13} failed: {e}"),
            }
        }
    }
}
