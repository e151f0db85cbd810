//! Grundy's game G(0..N) by `GrundyGameTable` (the sparse-space table), streamed
//! to a table file and resumed from it when the file exists.
//!
//! Usage: `cargo run --release -p bench-grundy-game -- N FILE [--check-plain M]`
//!
//! Prints one line at every power of ten (and at N): heaps done, user CPU and
//! wall seconds of this process, microseconds of user CPU a heap since the last
//! line, peak resident memory, rare heaps, largest value. With `--check-plain M`
//! it first compares G(0..M) with the plain O(n²) definition and prints both
//! user CPU times (no peer crate computes Grundy's game; the definition is the
//! reference).

use sprague::heap::{
    GrundyGameTable, grundy_game_plain, read_grundy_table, write_grundy_header, write_grundy_values,
};
use std::fs::OpenOptions;
use std::io::{BufReader, BufWriter, Seek, SeekFrom, Write};
use std::time::Instant;

fn rusage() -> (f64, u64) {
    // SAFETY: getrusage only writes into the zeroed struct we own.
    let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: valid pointer to a rusage struct.
    unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut ru) };
    let user = ru.ru_utime.tv_sec as f64 + ru.ru_utime.tv_usec as f64 * 1e-6;
    (user, ru.ru_maxrss as u64)
}

fn check_plain(m: usize) {
    let u0 = rusage().0;
    let plain = grundy_game_plain(m);
    let u1 = rusage().0;
    let mut t = GrundyGameTable::new();
    t.extend_to(m, &mut |_| true).expect("values fit");
    let u2 = rusage().0;
    let same = (0..m).all(|n| t.value(n) == Some(plain[n]));
    println!(
        "check G(0..{m}): plain definition {:.3} s user, sparse table {:.3} s user ({:.0}x), agree: {same}",
        u1 - u0,
        u2 - u1,
        (u1 - u0) / (u2 - u1).max(1e-9)
    );
    if !same {
        std::process::exit(1);
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: bench-grundy-game N FILE [--check-plain M]";
    let (Some(n), Some(path)) = (args.get(1).and_then(|s| s.parse::<usize>().ok()), args.get(2)) else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    if let Some(i) = args.iter().position(|a| a == "--check-plain") {
        let m = args.get(i + 1).and_then(|s| s.parse().ok()).unwrap_or(100_000);
        check_plain(m);
    }
    let wall = Instant::now();
    let mut file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .unwrap_or_else(|e| {
            eprintln!("{path}: {e}");
            std::process::exit(2)
        });
    let resumed = read_grundy_table(&mut BufReader::with_capacity(1 << 20, &mut file), n).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(2)
    });
    let mut table = resumed.table;
    let start = table.len();
    file.set_len(resumed.valid_bytes).expect("truncate");
    file.seek(SeekFrom::Start(resumed.valid_bytes)).expect("seek");
    let mut out = BufWriter::with_capacity(1 << 20, file);
    if resumed.valid_bytes == 0 {
        write_grundy_header(&mut out).expect("write");
    }
    let (u_start, _) = rusage();
    println!(
        "Grundy's game to {n}: resumed at heap {start} ({:.1} s user reading and checking the file)",
        u_start
    );
    println!(
        "{:>12} {:>10} {:>10} {:>12} {:>10} {:>6} {:>6}",
        "heaps", "user s", "wall s", "us/heap", "peak MiB", "rare", "max"
    );
    let mut last = (start, u_start);
    let mut done = start;
    let mut mark = 10usize;
    while mark <= start {
        mark *= 10;
    }
    while done < n {
        // Write in steps of 2^20 heaps so a kill loses little.
        let step = (n.min(done + (1 << 20))).min(mark.max(done + 1));
        table.extend_to(step, &mut |_| true).unwrap_or_else(|e| {
            eprintln!("{e}");
            std::process::exit(1)
        });
        write_grundy_values(&mut out, &table, done, step).expect("write");
        out.flush().expect("flush");
        done = step;
        if done == mark || done == n {
            let (u, rss) = rusage();
            let max = table.records().last().map_or(0, |r| r.1);
            println!(
                "{done:>12} {u:>10.1} {:>10.1} {:>12.3} {:>10.1} {:>6} {:>6}",
                wall.elapsed().as_secs_f64(),
                (u - last.1) / (done - last.0).max(1) as f64 * 1e6,
                rss as f64 / 1024.0,
                table.rare_heaps().len(),
                max
            );
            last = (done, u);
            if done == mark {
                mark *= 10;
            }
        }
    }
    let records = table.records();
    let shown: Vec<String> = records.iter().rev().take(6).rev().map(|(h, v)| format!("G({h})={v}")).collect();
    println!("last records (first heap of each new largest value): {}", shown.join(", "));
    println!(
        "values in memory: {:.2} bytes a value",
        table.value_bytes() as f64 / table.len().max(1) as f64
    );
}
