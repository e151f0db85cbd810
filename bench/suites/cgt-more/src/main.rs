//! Toppling Dominoes, Ski-Jumps and Fission: sprague against cgt 0.11.
//!
//! `bench-cgt-more` runs the differential check (canonical forms of random
//! small positions from both engines must be the same game; cgt's forms are
//! rebuilt in a sprague store and compared by id), then one speed case per
//! game, each (case, engine) pair in a child process of its own so that its
//! user CPU time and peak memory (getrusage) belong to that engine alone.
//!
//! Usage: `bench-cgt-more [--diff N] [--seed S] [--no-speed] [CASE...]`
//! (N random positions per game, default 1000). A case may be given as
//! `NAME=POSITION` to time another position of that game.

use cgt::short::partizan::canonical_form::CanonicalForm;
use cgt::short::partizan::partizan_game::PartizanGame;
use cgt::short::partizan::transposition_table::ParallelTranspositionTable;
use rand::{Rng, SeedableRng};
use sprague::{GameId, GameStore, Notation, PartizanRules, PartizanSolver};
use std::collections::HashMap;
use std::process::Command;
use std::str::FromStr;
use std::time::Instant;

/// The speed cases: (name, game, position), each taking cgt 0.11 1–10 s.
const CASES: [(&str, &str, &str); 3] = [
    ("td", "toppling-dominoes", "xoxxooxoxxxooxoxooox"),
    ("ski", "ski-jumps", "L....R.|.R..L..|...L..R|R.....L|..L.R.."),
    ("fission", "fission", ".....|.x.x.|.....|.x.x.|.....|....."),
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

/// A cgt canonical form rebuilt in a sprague store.
fn from_cgt(store: &mut GameStore, memo: &mut HashMap<String, GameId>, g: &CanonicalForm) -> GameId {
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

/// A text of `g` that does not depend on the store's ids (options sorted
/// by their text), so that two processes' values compare as strings.
fn canon(store: &mut GameStore, memo: &mut HashMap<GameId, String>, g: GameId) -> String {
    if let Some(t) = memo.get(&g) {
        return t.clone();
    }
    let text = if store.as_nus(g).is_some() {
        store.display(g)
    } else {
        let (l, r) = store.options(g);
        let mut side = |v: Vec<GameId>| {
            let mut t: Vec<String> = v.into_iter().map(|x| canon(store, memo, x)).collect();
            t.sort();
            t.join(",")
        };
        let (l, r) = (side(l), side(r));
        format!("{{{l}|{r}}}")
    };
    memo.insert(g, text.clone());
    text
}

/// cgt's canonical form of `text` in `game`, and the size of its table.
fn cgt_value(game: &str, text: &str) -> (CanonicalForm, usize) {
    use cgt::short::partizan::games::{fission, ski_jumps, toppling_dominoes};
    match game {
        "toppling-dominoes" => {
            let rows = text
                .split('|')
                .map(|r| {
                    let tiles: Vec<_> = r
                        .chars()
                        .map(|c| if c == 'x' { toppling_dominoes::Tile::Blue } else { toppling_dominoes::Tile::Red })
                        .collect();
                    cgt::grid::small_bit_grid::SmallBitGrid::from_arr(tiles.len() as u8, 1, &tiles).expect("row")
                })
                .collect();
            let tt = ParallelTranspositionTable::new();
            (toppling_dominoes::TopplingDominoes::new(rows).canonical_form(&tt), tt.len())
        }
        "ski-jumps" => {
            let tt = ParallelTranspositionTable::new();
            let p = ski_jumps::SkiJumps::<cgt::grid::vec_grid::VecGrid<_>>::from_str(text).expect("slope");
            (p.canonical_form(&tt), tt.len())
        }
        _ => {
            let tt = ParallelTranspositionTable::new();
            let p = fission::Fission::<cgt::grid::vec_grid::VecGrid<_>>::from_str(text).expect("board");
            (p.canonical_form(&tt), tt.len())
        }
    }
}

/// sprague's canonical form of `text` in `game`, in `solver`'s store.
fn ours<R>(rules: &R, store: GameStore, text: &str) -> (GameStore, GameId, usize)
where
    R: PartizanRules + Notation<R::Position>,
{
    let mut s = PartizanSolver::with_store(rules, store, usize::MAX);
    let g = s.value(&rules.parse_position(text).expect("position")).expect("within budget");
    let n = s.states();
    (s.into_store(), g, n)
}

fn sprague_value(game: &str, store: GameStore, text: &str) -> (GameStore, GameId, usize) {
    use sprague::games::{Fission, SkiJumps, TopplingDominoes};
    match game {
        "toppling-dominoes" => ours(&TopplingDominoes, store, text),
        "ski-jumps" => ours(&SkiJumps, store, text),
        _ => ours(&Fission, store, text),
    }
}

/// A random small position of `game` in the notation both engines read.
fn random_position(game: &str, rng: &mut rand::rngs::StdRng) -> String {
    let (w, h) = (rng.gen_range(1..=5usize), rng.gen_range(1..=4usize));
    let rows: Vec<String> = (0..h)
        .map(|_| {
            (0..w)
                .map(|_| match game {
                    "toppling-dominoes" => ['x', 'o'][rng.gen_range(0..2)],
                    "ski-jumps" => ['L', 'l', 'R', 'r', '.', '.', '.', '.', '.', '.'][rng.gen_range(0..10)],
                    _ => ['x', '.', '.', '.', '#'][rng.gen_range(0..5)],
                })
                .collect()
        })
        .collect();
    // Toppling Dominoes rows may have any lengths: cut some short.
    if game == "toppling-dominoes" {
        return rows.iter().map(|r| &r[..rng.gen_range(1..=r.len())]).collect::<Vec<_>>().join("|");
    }
    rows.join("|")
}

fn differential(n: usize, seed: u64) -> bool {
    let mut ok = true;
    for game in ["toppling-dominoes", "ski-jumps", "fission"] {
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let (mut store, mut memo, mut differ) = (GameStore::new(), HashMap::new(), 0);
        for _ in 0..n {
            let text = random_position(game, &mut rng);
            let (s, g, _) = sprague_value(game, store, &text);
            store = s;
            let (cf, _) = cgt_value(game, &text);
            if from_cgt(&mut store, &mut memo, &cf) != g {
                differ += 1;
                println!("DIFFER {game} {text}: sprague {}, cgt {cf}", store.display(g));
            }
        }
        println!("{game:<18} {n} random positions: {differ} disagreements with cgt 0.11");
        ok &= differ == 0;
    }
    ok
}

fn child(engine: &str, game: &str, text: &str) {
    let start = Instant::now();
    let (value, states) = if engine == "sprague" {
        let (mut store, g, n) = sprague_value(game, GameStore::new(), text);
        (canon(&mut store, &mut HashMap::new(), g), n)
    } else {
        let (cf, n) = cgt_value(game, text);
        let mut store = GameStore::new();
        let id = from_cgt(&mut store, &mut HashMap::new(), &cf);
        let (user, rss) = usage();
        let value = canon(&mut store, &mut HashMap::new(), id);
        println!("{}\t{user}\t{rss}\t{n}\t{value}", start.elapsed().as_secs_f64());
        return;
    };
    let (user, rss) = usage();
    println!("{}\t{user}\t{rss}\t{states}\t{value}", start.elapsed().as_secs_f64());
}

/// (wall, user, peak MiB, states, value) of one engine on one case, from a child process.
fn run(engine: &str, game: &str, text: &str) -> Option<(f64, f64, f64, String, String)> {
    let exe = std::env::current_exe().ok()?;
    let out = Command::new(exe).args(["--child", engine, game, text]).output().ok()?;
    if !out.status.success() {
        eprintln!("{engine} {game}: {}", String::from_utf8_lossy(&out.stderr));
        return None;
    }
    let text = String::from_utf8_lossy(&out.stdout);
    let f: Vec<&str> = text.trim_end().splitn(5, '\t').collect();
    Some((f.first()?.parse().ok()?, f.get(1)?.parse().ok()?, f.get(2)?.parse().ok()?, f.get(3)?.to_string(), f.get(4)?.to_string()))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--child") {
        child(&args[1], &args[2], &args[3]);
        return;
    }
    let value_of = |flag: &str| args.iter().position(|a| a == flag).and_then(|i| args.get(i + 1)).and_then(|v| v.parse().ok());
    let n: usize = value_of("--diff").unwrap_or(1000);
    let seed = value_of("--seed").unwrap_or(1) as u64;
    let mut chosen: Vec<(String, String, String)> = Vec::new();
    for a in args.iter().filter(|a| !a.starts_with("--") && a.parse::<u64>().is_err()) {
        let (name, pos) = a.split_once('=').map_or((a.as_str(), None), |(n, p)| (n, Some(p)));
        if let Some(&(name, game, default)) = CASES.iter().find(|c| c.0 == name) {
            chosen.push((name.to_string(), game.to_string(), pos.unwrap_or(default).to_string()));
        }
    }
    if chosen.is_empty() {
        chosen = CASES.iter().map(|&(a, b, c)| (a.to_string(), b.to_string(), c.to_string())).collect();
    }
    let mut ok = true;
    if n > 0 {
        ok = differential(n, seed);
    }
    if !args.iter().any(|a| a == "--no-speed") {
        println!("{:<8} {:<9} {:>9} {:>9} {:>9} {:>10}  value", "case", "engine", "wall s", "user s", "peak MiB", "states");
        for (name, game, text) in &chosen {
            println!("{name}: {game} {text}");
            let ours = run("sprague", game, text);
            let theirs = run("cgt", game, text);
            for (engine, r) in [("sprague", &ours), ("cgt-0.11", &theirs)] {
                if let Some((wall, user, rss, states, value)) = r {
                    let shown: String = value.chars().take(100).collect();
                    println!("{name:<8} {engine:<9} {wall:>9.3} {user:>9.3} {rss:>9.1} {states:>10}  {shown}");
                }
            }
            if let (Some(a), Some(b)) = (&ours, &theirs) {
                println!(
                    "{name:<8} ratio cgt/sprague: user {:.1}x, wall {:.1}x, memory {:.1}x; values {}",
                    b.1 / a.1.max(1e-6),
                    b.0 / a.0.max(1e-6),
                    b.2 / a.2.max(1e-6),
                    if a.4 == b.4 { "agree" } else { "DIFFER" }
                );
                ok &= a.4 == b.4;
            }
        }
    }
    if !ok {
        std::process::exit(1);
    }
}
