//! Partizan canonical forms, sprague against cgt 0.11, side by side.
//!
//! Each (case, engine) pair runs in a child process of its own, so that user
//! CPU time and peak memory (getrusage) belong to that engine alone.
//!
//! Usage: `bench-partizan [--cgt-6x5] [--runs N] [CASE...]`, cases `dom5x5`,
//! `dom6x5`, `dom6x6`, `tf5`. cgt on the 6×5 board takes minutes, so it runs
//! only with `--cgt-6x5`; on 6×6 it is not run (sprague alone, for the
//! 10-minute target). With `--runs N` each case runs N times, the two engines
//! alternating (sprague, cgt, sprague, cgt, …), and a last line gives the
//! median of the N ratios of user CPU time: on a shared machine one pair of
//! runs can be off by a fifth either way.

use std::process::Command;
use std::str::FromStr;
use std::time::Instant;

struct Case {
    name: &'static str,
    game: &'static str,
    position: &'static str,
}

const CASES: [Case; 4] = [
    Case {
        name: "dom5x5",
        game: "domineering",
        position: ".....|.....|.....|.....|.....",
    },
    Case {
        name: "dom6x5",
        game: "domineering",
        position: "......|......|......|......|......",
    },
    Case {
        name: "dom6x6",
        game: "domineering",
        position: "......|......|......|......|......|......",
    },
    Case {
        name: "tf5",
        game: "toads-and-frogs",
        position: "TTTTT....FFFFF",
    },
];

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

/// Converts a cgt canonical form into a sprague store (to print it in
/// sprague's notation and compare values).
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

fn child(engine: &str, case: &Case) {
    use sprague::Notation;
    let start = Instant::now();
    let (value, states) = match (engine, case.game) {
        ("sprague", "domineering") => {
            let p = sprague::games::Domineering
                .parse_position(case.position)
                .expect("board");
            let mut s = sprague::PartizanSolver::new(&sprague::games::Domineering);
            let g = s.value(&p).expect("within budget");
            let n = s.states();
            (s.store_mut().display(g), n)
        }
        ("sprague", _) => {
            let p = sprague::games::ToadsAndFrogs
                .parse_position(case.position)
                .expect("strip");
            let mut s = sprague::PartizanSolver::new(&sprague::games::ToadsAndFrogs);
            let g = s.value(&p).expect("within budget");
            let n = s.states();
            (s.store_mut().display(g), n)
        }
        (_, game) => {
            use cgt::short::partizan::partizan_game::PartizanGame;
            use cgt::short::partizan::transposition_table::ParallelTranspositionTable;
            let (cf, n) = if game == "domineering" {
                let p = cgt::short::partizan::games::domineering::Domineering::<
                    cgt::grid::small_bit_grid::SmallBitGrid<_>,
                >::from_str(case.position)
                .expect("board");
                let tt = ParallelTranspositionTable::new();
                let cf = p.canonical_form(&tt);
                (cf, tt.len())
            } else {
                let p = cgt::short::partizan::games::toads_and_frogs::ToadsAndFrogs::from_str(case.position)
                    .expect("strip");
                let tt = ParallelTranspositionTable::new();
                let cf = p.canonical_form(&tt);
                (cf, tt.len())
            };
            let (user, rss) = usage();
            let wall = start.elapsed().as_secs_f64();
            let mut store = sprague::GameStore::new();
            let id = from_cgt(&mut store, &mut Default::default(), &cf);
            println!("{wall}\t{user}\t{rss}\t{n}\t{}", store.display(id));
            return;
        }
    };
    let (user, rss) = usage();
    let wall = start.elapsed().as_secs_f64();
    println!("{wall}\t{user}\t{rss}\t{states}\t{value}");
}

struct Run {
    wall: f64,
    user: f64,
    rss: f64,
    states: String,
    value: String,
}

fn run(engine: &str, case: &Case) -> Option<Run> {
    let exe = std::env::current_exe().ok()?;
    let out = Command::new(exe)
        .args(["--child", engine, case.name])
        .output()
        .ok()?;
    if !out.status.success() {
        eprintln!("{engine} {}: {}", case.name, String::from_utf8_lossy(&out.stderr));
        return None;
    }
    let text = String::from_utf8_lossy(&out.stdout);
    let f: Vec<&str> = text.trim_end().splitn(5, '\t').collect();
    Some(Run {
        wall: f.first()?.parse().ok()?,
        user: f.get(1)?.parse().ok()?,
        rss: f.get(2)?.parse().ok()?,
        states: f.get(3)?.to_string(),
        value: f.get(4)?.to_string(),
    })
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--child") {
        let case = CASES
            .iter()
            .find(|c| Some(c.name) == args.get(2).map(String::as_str));
        match (args.get(1), case) {
            (Some(engine), Some(case)) => child(engine, case),
            _ => std::process::exit(2),
        }
        return;
    }
    let cgt_6x5 = args.iter().any(|a| a == "--cgt-6x5");
    let runs_at = args.iter().position(|a| a == "--runs");
    let runs = match runs_at.map(|i| args.get(i + 1).and_then(|n| n.parse::<usize>().ok())) {
        None => 1,
        Some(Some(n)) if n > 0 => n,
        Some(_) => {
            eprintln!("--runs needs a positive whole number after it");
            std::process::exit(2);
        }
    };
    let chosen: Vec<&String> = args
        .iter()
        .enumerate()
        .filter(|&(i, a)| !a.starts_with("--") && runs_at.is_none_or(|r| i != r + 1))
        .map(|(_, a)| a)
        .collect();
    println!(
        "{:<8} {:<8} {:>9} {:>9} {:>9} {:>10}  value",
        "case", "engine", "wall s", "user s", "peak MiB", "states"
    );
    for case in &CASES {
        if !chosen.is_empty() && !chosen.iter().any(|c| *c == case.name) {
            continue;
        }
        // 6×6 takes minutes: only when named (`bench/run partizan dom6x6`).
        if chosen.is_empty() && case.name == "dom6x6" {
            continue;
        }
        let mut ratios = Vec::new();
        for _ in 0..runs {
            if let Some(ratio) = compare(case, cgt_6x5) {
                ratios.push(ratio);
            }
        }
        if runs > 1 && !ratios.is_empty() {
            let shown: Vec<String> = ratios.iter().map(|r| format!("{r:.1}x")).collect();
            ratios.sort_by(f64::total_cmp);
            let n = ratios.len();
            let median = (ratios[(n - 1) / 2] + ratios[n / 2]) / 2.0;
            println!(
                "{:<8} median of {n} alternating runs, cgt/sprague user: {median:.1}x ({})",
                case.name,
                shown.join(", ")
            );
        }
    }
}

/// Runs `case` once with sprague, then with cgt where it runs, prints both
/// and their ratios, and returns the ratio of user CPU times (cgt over
/// sprague) when both ran.
fn compare(case: &Case, cgt_6x5: bool) -> Option<f64> {
    let ours = run("sprague", case);
    // cgt on 6×6 would take hours: it is never run; on 6×5 only when asked.
    let theirs = if (case.name == "dom6x5" && !cgt_6x5) || case.name == "dom6x6" {
        None
    } else {
        run("cgt", case)
    };
    for (engine, r) in [("sprague", &ours), ("cgt-0.11", &theirs)] {
        match r {
            Some(r) => println!(
                "{:<8} {:<8} {:>9.3} {:>9.3} {:>9.1} {:>10}  {}",
                case.name, engine, r.wall, r.user, r.rss, r.states, r.value
            ),
            None => println!("{:<8} {engine:<8} {:>9}", case.name, "skipped"),
        }
    }
    if let (Some(a), Some(b)) = (&ours, &theirs) {
        println!(
            "{:<8} ratio cgt/sprague: user {:.1}x, wall {:.1}x, memory {:.1}x; values {}",
            case.name,
            b.user / a.user.max(1e-6),
            b.wall / a.wall.max(1e-6),
            b.rss / a.rss.max(1e-6),
            if a.value == b.value { "agree" } else { "DIFFER" }
        );
        return Some(b.user / a.user.max(1e-6));
    }
    None
}
