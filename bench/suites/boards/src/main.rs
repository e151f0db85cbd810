//! Closed forms of the board, coin and memory games against the plain
//! definition-level searches they replace, side by side in one run. There is
//! no crates.io peer for these rulesets; the baseline is the brute force the
//! tests use as an oracle.

use sprague::{GrundySolver, ImpartialRules, Nimber, games::{Chomp, FirstMove, MemoryGame, MemoryRule, MultiplesFlip}};
use std::hint::black_box;
use std::time::Instant;

fn time<T>(f: impl FnOnce() -> T) -> (T, f64) {
    let t = Instant::now();
    let r = f();
    (r, t.elapsed().as_secs_f64())
}

fn row(what: &str, ours: f64, base: f64, base_name: &str) {
    println!(
        "{what:<46} ours {:>10.3} ms   {base_name} {:>10.3} ms   ratio {:>8.1}x",
        ours * 1e3,
        base * 1e3,
        base / ours
    );
}

/// xorshift64 for reproducible inputs.
fn rng(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

/// Wythoff P-table of every pair below n by definition: O(n³).
fn wythoff_table(n: usize) -> Vec<Vec<bool>> {
    let mut p = vec![vec![false; n]; n];
    for x in 0..n {
        for y in 0..n {
            let reach =
                (0..x).any(|a| p[a][y]) || (0..y).any(|b| p[x][b]) || (1..=x.min(y)).any(|t| p[x - t][y - t]);
            p[x][y] = !reach;
        }
    }
    p
}

/// The multiples game's single-coin values for every m ≤ n by definition: O(n²).
fn multiples_naive(n: u64) -> Vec<u32> {
    let mut g = vec![0u32; n as usize + 1];
    let mut seen = Vec::new();
    for m in 1..=n {
        seen.clear();
        seen.push(0u32);
        let mut cur = 0;
        for k in 2..=m {
            cur ^= g[(m / k) as usize];
            seen.push(cur);
        }
        seen.sort_unstable();
        seen.dedup();
        g[m as usize] = seen
            .iter()
            .enumerate()
            .take_while(|&(i, &v)| v == i as u32)
            .count() as u32;
    }
    g
}

struct NoCanon;
impl ImpartialRules for NoCanon {
    type Position = Vec<u32>;
    fn moves(&self, p: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
        out.extend(Chomp::bites(p).map(|(r, c)| Chomp::bite(p, r, c)));
    }
}

fn main() {
    println!("bench-boards: closed forms vs definition-level search (release build)");

    // Wythoff: P/N of all pairs below 600, closed form vs the O(n³) table.
    let n = 600;
    let (table, base) = time(|| wythoff_table(n));
    let (count, ours) = time(|| {
        let mut c = 0usize;
        for x in 0..n as u64 {
            for y in 0..n as u64 {
                c += usize::from(sprague::games::wythoff_is_p(black_box(x), black_box(y)));
            }
        }
        c
    });
    assert_eq!(count, table.iter().flatten().filter(|&&b| b).count());
    row("wythoff P/N of all pairs < 600", ours, base, "table");
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let (_, t) = time(|| {
        for _ in 0..1_000_000 {
            black_box(sprague::games::wythoff_winning_moves(rng(&mut seed), rng(&mut seed)));
        }
    });
    println!(
        "{:<46} ours {:>10.3} ms   ({:.0} ns per position)",
        "wythoff winning moves, 10^6 random u64 pairs",
        t * 1e3,
        t * 1e3
    );

    // Wythoff Grundy values: bitset table vs the memoised solver.
    let n = 200usize;
    let (t1, base) = time(|| {
        let w = sprague::games::Wythoff::heaps();
        let mut s = GrundySolver::new(&w);
        let mut v = Vec::with_capacity(n * n);
        for x in 0..n as u64 {
            for y in 0..n as u64 {
                v.push(s.grundy(&vec![[x, y]]).expect("fits").get() as u32);
            }
        }
        v
    });
    let (t2, ours) = time(|| sprague::games::wythoff_grundy_table(n));
    assert_eq!(t1, t2);
    row("wythoff grundy values of all pairs < 200", ours, base, "solver");
    let (_, t) = time(|| black_box(sprague::games::wythoff_grundy_table(2000)));
    println!(
        "{:<46} ours {:>10.3} ms",
        "wythoff grundy table, all pairs < 2000",
        t * 1e3
    );

    // Multiples game: value table for n vs the O(n²) definition.
    let n = 20_000;
    let (naive, base) = time(|| multiples_naive(n));
    let (game, ours) = time(|| MultiplesFlip::new(n));
    for x in 1..=n {
        assert_eq!(game.coin_value(x), u64::from(naive[(n / x) as usize]));
    }
    row("multiples value table, n = 20000", ours, base, "naive");
    for n in [1_000_000u64, 1_000_000_000] {
        let (_, t) = time(|| black_box(MultiplesFlip::new(n)));
        println!(
            "{:<46} ours {:>10.3} ms",
            format!("multiples value table, n = {n}"),
            t * 1e3
        );
    }

    // Fibonacci Nim: closed form vs search on (n, m) states.
    let fib = MemoryGame::new(MemoryRule::Double, FirstMove::AllButOne).expect("valid rules");
    struct Plain<'a>(&'a MemoryGame);
    impl ImpartialRules for Plain<'_> {
        type Position = (u64, u64);
        fn moves(&self, p: &(u64, u64), out: &mut Vec<(u64, u64)>) {
            self.0.moves(p, out);
        }
    }
    let plain = Plain(&fib);
    let n = 400u64;
    let (v, base) = time(|| {
        let mut s = GrundySolver::new(&plain);
        (1..=n)
            .filter(|&h| s.grundy(&(h, h - 1)).expect("small").is_zero())
            .count()
    });
    let (w, ours) = time(|| (1..=n).filter(|&h| fib.is_p(h, h - 1)).count());
    assert_eq!(v, w);
    row("fibonacci nim P/N, heaps 1..400", ours, base, "search");
    let (_, t) = time(|| {
        for _ in 0..1_000_000 {
            let h = rng(&mut seed);
            black_box(fib.winning_takes(h, h - 1));
        }
    });
    println!(
        "{:<46} ours {:>10.3} ms",
        "fibonacci nim winning moves, 10^6 u64 heaps",
        t * 1e3
    );

    // Chomp: transposition-canonical memo vs plain memo on an 8 × 8 square.
    let square = vec![8u32; 8];
    let (g1, ours) = time(|| GrundySolver::new(&Chomp).grundy(&square).expect("fits"));
    let (g2, base) = time(|| GrundySolver::new(&NoCanon).grundy(&square).expect("fits"));
    assert_eq!(g1, g2);
    row("chomp 8x8 grundy", ours, base, "no-canon");

    // Turning Corners: nim-product closed form on a 64 × 64 grid.
    let (v, t) = time(|| {
        let mut total = Nimber::ZERO;
        for r in 0..64u64 {
            for c in 0..64u64 {
                if rng(&mut seed) & 1 == 1 {
                    total += Nimber(r) * Nimber(c);
                }
            }
        }
        total
    });
    black_box(v);
    println!(
        "{:<46} ours {:>10.3} ms",
        "turning corners value, 64x64 random grid",
        t * 1e3
    );

    // One-or-largest: 10^6 heaps.
    let heaps: Vec<u64> = (0..1_000_000).map(|_| rng(&mut seed) % 1_000_000 + 1).collect();
    let (_, t) = time(|| black_box(sprague::games::one_or_largest_is_p(&heaps)));
    println!(
        "{:<46} ours {:>10.3} ms",
        "one-or-largest rule, 10^6 heaps",
        t * 1e3
    );
}
