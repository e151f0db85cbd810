//! CGSuite's own benchmark set, run through the `sprague` binary by ruleset
//! name and timed: Kayles(40000) nim value, Clobber 4×4 canonical form,
//! `*14` heated by 1 and Amazons 2×7 canonical form (the positions of
//! CGSuite's benchmark instances).
//!
//! Usage: `bench-cgsuite-set [--runs N]` (default 3 runs a case; the median
//! is printed). The binary is `$SPRAGUE_BIN`, else `../target/release/sprague`
//! (build it with `cargo build --release -p sprague-cli` from the repository
//! root), else `sprague` on the PATH. A case whose ruleset the binary does
//! not have is skipped with a note.

use std::process::Command;
use std::time::Instant;

const CASES: [(&str, &[&str]); 4] = [
    ("Kayles(40000) nim value", &["value", "kayles", "40000"]),
    ("Clobber 4x4 canonical form", &["value", "clobber", "xoxo|oxox|xoxo|oxox"]),
    ("*14 heated by 1", &["calc", "*14", "--heat", "1"]),
    ("Amazons 2x7 canonical form", &["value", "amazons", "x......|o......"]),
];

/// User CPU seconds of the finished children of this process so far.
#[allow(unsafe_code)]
fn children_user() -> f64 {
    // SAFETY: a rusage is plain integers (all-zero is valid), and getrusage
    // only writes into the struct passed to it.
    let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
    if unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut ru) } != 0 {
        return f64::NAN;
    }
    ru.ru_utime.tv_sec as f64 + ru.ru_utime.tv_usec as f64 / 1e6
}

fn binary() -> String {
    if let Ok(b) = std::env::var("SPRAGUE_BIN") {
        return b;
    }
    let built = "../target/release/sprague";
    if std::path::Path::new(built).exists() {
        return built.to_string();
    }
    "sprague".to_string()
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let runs: usize = args
        .iter()
        .position(|a| a == "--runs")
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(3)
        .max(1);
    let bin = binary();
    println!("sprague binary: {bin}; median of {runs} runs, user CPU of the child process");
    println!("{:<28} {:>9} {:>9}  result", "case", "user s", "wall s");
    let mut failed = false;
    for (name, argv) in CASES {
        if argv[0] == "value" {
            let known = Command::new(&bin).args(["games", argv[1]]).output();
            if !known.is_ok_and(|o| o.status.success()) {
                println!("{name:<28} skipped: this sprague has no ruleset `{}`", argv[1]);
                continue;
            }
        }
        let (mut users, mut walls, mut result) = (Vec::new(), Vec::new(), String::new());
        for _ in 0..runs {
            let before = children_user();
            let start = Instant::now();
            let out = match Command::new(&bin).args(argv).output() {
                Ok(o) => o,
                Err(e) => {
                    eprintln!("cannot run {bin}: {e}");
                    std::process::exit(2);
                }
            };
            walls.push(start.elapsed().as_secs_f64());
            users.push(children_user() - before);
            if !out.status.success() {
                failed = true;
                result = format!("FAILED: {}", String::from_utf8_lossy(&out.stderr).trim());
                break;
            }
            let text = String::from_utf8_lossy(&out.stdout);
            let line = ["heated", "value:", "grundy"]
                .iter()
                .find_map(|k| text.lines().find(|l| l.starts_with(k)))
                .unwrap_or("")
                .trim();
            let n = line.chars().count();
            result = if n > 100 {
                format!("{}… ({n} characters)", line.chars().take(100).collect::<String>())
            } else {
                line.to_string()
            };
        }
        println!("{name:<28} {:>9.3} {:>9.3}  {result}", median(users), median(walls));
    }
    if failed {
        std::process::exit(1);
    }
}
