//! Connect Four and table files: the one-pass solver (moves raise the index)
//! against the level-by-level retrograde solver on the same space, then
//! writing the table, probing random positions from it and verifying it.
//!
//! `bench/run tables [WxH ...]` (default 4x4 5x4). The level solver runs only
//! below 10^8 indices (it sweeps every index once per remoteness level).
//! Peak memory is the process's (run one board per invocation to read it per
//! board: `bench/run tables 5x5`).

use sprague::loopy::{SolvedValue, StateSpaceSolver, solve_ordered};
use std::time::Instant;

/// (user CPU seconds, peak RSS in MiB) of this process so far.
fn rusage() -> (f64, f64) {
    // SAFETY: getrusage fills the zeroed struct it is given.
    let mut u: libc::rusage = unsafe { core::mem::zeroed() };
    unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut u) };
    let user = u.ru_utime.tv_sec as f64 + u.ru_utime.tv_usec as f64 / 1e6;
    (user, u.ru_maxrss as f64 / 1024.0)
}

fn main() {
    let boards: Vec<String> = std::env::args().skip(1).collect();
    let boards = if boards.is_empty() { vec!["4x4".to_string(), "5x4".to_string()] } else { boards };
    let dir = std::env::temp_dir().join(format!("bench-tables-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch directory");
    for b in boards {
        let name = format!("connect-four:{b}");
        let (_, space) = sprague::registry::state_space(&name).expect("a connect-four:WxH board");
        let n = space.state_count();
        println!("== {name}: {n} indices");
        let (u0, _) = rusage();
        let t0 = Instant::now();
        let ordered = solve_ordered(&*space, usize::MAX, None).expect("solve");
        let (u1, rss) = rusage();
        println!(
            "one-pass solve:  {:.2} s wall, {:.2} s user, {:.1} M indices/s, peak RSS {rss:.0} MiB ({:.2} bytes/index)",
            t0.elapsed().as_secs_f64(),
            u1 - u0,
            n as f64 / (u1 - u0).max(1e-9) / 1e6,
            rss * 1048576.0 / n as f64
        );
        println!("start: {}", ordered.get(0).unwrap_or(SolvedValue::DRAW));
        if n < 100_000_000 {
            let t0 = Instant::now();
            let levels = StateSpaceSolver::new(&*space).max_states(usize::MAX).solve().expect("solve");
            let (u2, _) = rusage();
            let same = (0..n).all(|s| levels.get(s) == ordered.get(s));
            println!(
                "level solve:     {:.2} s wall, {:.2} s user (same values: {same})",
                t0.elapsed().as_secs_f64(),
                u2 - u1
            );
        }
        drop(ordered);
        let (u2, _) = rusage();
        let solved = sprague_table::solve(
            &name,
            &sprague_table::SolveOptions { max_states: usize::MAX, ..Default::default() },
        )
        .expect("solve");
        let (u3, _) = rusage();
        let path = dir.join(format!("{b}.tbl"));
        let path = path.to_str().expect("utf-8 path");
        sprague_table::write_table(path, &name, &solved.codes, 1 << 20).expect("write");
        let (u4, _) = rusage();
        let bytes = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
        println!(
            "table solve {:.2} s user, write {:.2} s user: {bytes} bytes ({:.3} bits/index, {:.2} bytes/position)",
            u3 - u2,
            u4 - u3,
            bytes as f64 * 8.0 / n as f64,
            bytes as f64 / solved.codes.iter().filter(|&&c| c != 0).count().max(1) as f64
        );
        drop(solved);
        let mut t = sprague_table::TableFile::open(path).expect("open");
        let mut x = 1u64;
        let probes = 10_000;
        let t0 = Instant::now();
        let mut found = 0;
        for _ in 0..probes {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            if t.get(x % n).expect("read").is_some() {
                found += 1;
            }
        }
        println!(
            "{probes} random probes: {:.1} µs each ({found} positions)",
            t0.elapsed().as_secs_f64() * 1e6 / f64::from(probes)
        );
        let (u5, _) = rusage();
        let v = sprague_table::verify(path, 10_000, 1).expect("verify");
        let (u6, _) = rusage();
        println!("verify: {} blocks, {} positions sampled, {:.2} s user", v.blocks, v.sampled, u6 - u5);
        let _ = std::fs::remove_file(path);
    }
}
