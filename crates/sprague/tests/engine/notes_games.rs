//! The lecture notes' games: every catalog example of the rulesets added for
//! them is run through the registry and checked against a definition-level
//! brute force written here (moves straight from the rules, outcomes by
//! memoised search), and `count` is checked against counting heap by heap.

use proptest::prelude::*;
use sprague::{Monitor, Options, catalog};
use std::collections::HashMap;
use std::hash::Hash;

/// Whether the player to move wins, by the definition: some move leads to a
/// position the opponent loses. In misère play a player without a move wins.
fn wins<P: Clone + Eq + Hash>(
    p: &P,
    moves: &dyn Fn(&P) -> Vec<P>,
    misere: bool,
    memo: &mut HashMap<P, bool>,
) -> bool {
    if let Some(&w) = memo.get(p) {
        return w;
    }
    let options = moves(p);
    let w = if options.is_empty() {
        misere
    } else {
        options.iter().any(|q| !wins(q, moves, misere, memo))
    };
    memo.insert(p.clone(), w);
    w
}

fn sorted(mut v: Vec<u64>) -> Vec<u64> {
    v.retain(|&h| h > 0);
    v.sort_unstable();
    v
}

/// The 01-string game: flip from a chosen 1 to the end.
fn flip_suffix(s: &[bool]) -> Vec<Vec<bool>> {
    (0..s.len())
        .filter(|&i| s[i])
        .map(|i| {
            s.iter()
                .enumerate()
                .map(|(j, &b)| if j >= i { !b } else { b })
                .collect()
        })
        .collect()
}

/// Take any amount from a smallest (or largest) heap.
fn pick_nim(largest: bool) -> impl Fn(&Vec<u64>) -> Vec<Vec<u64>> {
    move |h: &Vec<u64>| {
        let Some(&target) = (if largest { h.iter().max() } else { h.iter().min() }) else {
            return Vec::new();
        };
        let i = h.iter().position(|&x| x == target).unwrap_or(0);
        (0..target)
            .map(|v| {
                let mut q = h.clone();
                q[i] = v;
                sorted(q)
            })
            .collect()
    }
}

/// Guess any number but the secret in the range.
fn guessing(&(lo, hi, x): &(u64, u64, u64)) -> Vec<(u64, u64, u64)> {
    (lo..=hi)
        .filter(|&g| g != x)
        .map(|g| if g < x { (g + 1, hi, x) } else { (lo, g - 1, x) })
        .collect()
}

/// Coin Game parts: (is_circle, coins); take 1..=k consecutive coins.
/// Coin Game parts as `(is_circle, coins)`, sorted.
type Parts = Vec<(bool, u64)>;

fn coin_game(k: u64) -> impl Fn(&Parts) -> Vec<Parts> {
    move |parts: &Parts| {
        let mut out = Vec::new();
        for (i, &(circle, n)) in parts.iter().enumerate() {
            let mut rest = parts.clone();
            rest.remove(i);
            for take in 1..=k.min(n) {
                let pieces: Vec<Vec<u64>> = if circle {
                    vec![vec![n - take]]
                } else {
                    (0..=n - take).map(|left| vec![left, n - take - left]).collect()
                };
                for piece in pieces {
                    let mut q = rest.clone();
                    q.extend(piece.into_iter().filter(|&m| m > 0).map(|m| (false, m)));
                    q.sort_unstable();
                    out.push(q);
                }
            }
        }
        out
    }
}

/// Remove a nonempty set of vertices of degree ≤ 1 (degrees from the edges).
fn unrooted_leaves(edges: Vec<(usize, usize)>) -> impl Fn(&Vec<usize>) -> Vec<Vec<usize>> {
    move |alive: &Vec<usize>| {
        let degree = |v: usize| {
            edges
                .iter()
                .filter(|&&(a, b)| (a == v || b == v) && alive.contains(&a) && alive.contains(&b))
                .count()
        };
        let leaves: Vec<usize> = alive.iter().copied().filter(|&v| degree(v) <= 1).collect();
        (1u32..1 << leaves.len())
            .map(|mask| {
                alive
                    .iter()
                    .copied()
                    .filter(|v| {
                        leaves
                            .iter()
                            .position(|l| l == v)
                            .is_none_or(|i| mask >> i & 1 == 0)
                    })
                    .collect()
            })
            .collect()
    }
}

fn numbers(text: &str) -> Vec<u64> {
    text.split_whitespace().map(|w| w.parse().unwrap()).collect()
}

/// The brute-force outcome ("N" or "P") of `position` in ruleset `spec`.
fn brute(spec: &str, position: &str, misere: bool) -> &'static str {
    let (name, param) = spec.split_once(':').map_or((spec, None), |(n, p)| (n, Some(p)));
    let w = match name {
        "flip-suffix" => {
            let s: Vec<bool> = position.trim().chars().map(|c| c == '1').collect();
            wins(&s, &|s: &Vec<bool>| flip_suffix(s), misere, &mut HashMap::new())
        }
        "smallest-nim" | "largest-nim" => {
            let h = sorted(numbers(position));
            wins(&h, &pick_nim(name == "largest-nim"), misere, &mut HashMap::new())
        }
        "guessing" => {
            let v = numbers(position);
            wins(&(1, v[0], v[1]), &guessing, misere, &mut HashMap::new())
        }
        "coin-game" => {
            let k: u64 = param.unwrap().parse().unwrap();
            let mut parts: Parts = position
                .split_whitespace()
                .map(|w| match w.strip_prefix('r') {
                    Some(n) => (false, n.parse().unwrap()),
                    None => (true, w.parse().unwrap()),
                })
                .collect();
            parts.sort_unstable();
            wins(&parts, &coin_game(k), misere, &mut HashMap::new())
        }
        "leaf-removal-unrooted" => {
            let edges: Vec<(usize, usize)> = position
                .split_whitespace()
                .map(|e| {
                    let (a, b) = e.split_once('-').unwrap();
                    (a.parse().unwrap(), b.parse().unwrap())
                })
                .collect();
            let n = edges.len() + 1;
            wins(
                &(0..n).collect(),
                &unrooted_leaves(edges),
                misere,
                &mut HashMap::new(),
            )
        }
        other => panic!("no brute force for {other}"),
    };
    if w { "N" } else { "P" }
}

/// Heaps above which a brute force is out of reach: such examples show the
/// closed forms on huge input and are checked by the rulesets' own tests.
fn brute_force_fits(position: &str) -> bool {
    position
        .split_whitespace()
        .all(|w| w.trim_start_matches('r').parse::<u64>().map_or(true, |n| n <= 40))
}

#[test]
fn every_new_example_agrees_with_brute_force() {
    let monitor = Monitor::default();
    let names = [
        "flip-suffix",
        "smallest-nim",
        "largest-nim",
        "guessing",
        "coin-game",
        "leaf-removal-unrooted",
    ];
    let mut checked = 0;
    for e in catalog().into_iter().filter(|e| names.contains(&e.name)) {
        for example in [e.example, e.example2] {
            let words: Vec<&str> = example.split_whitespace().collect();
            let misere = words.contains(&"--misere");
            let words: Vec<&str> = words.into_iter().filter(|w| !w.starts_with("--")).collect();
            let rules = sprague::build(words[1]).unwrap();
            let options = Options::new(&monitor).misere(misere);
            match words[0] {
                "value" => {
                    let position = words[2..].join(" ");
                    let report = rules.value(&position, &options).unwrap();
                    if brute_force_fits(&position) {
                        assert_eq!(
                            report.outcome(),
                            Some(brute(words[1], &position, misere)),
                            "{example}"
                        );
                        checked += 1;
                    }
                }
                "count" => {
                    // `--range L,R` was dropped with the flags: count a prefix instead.
                    let report = rules.count(0, 30, &options).unwrap();
                    let p = (0..=30u64)
                        .filter(|n| *n == 0 || brute(words[1], &n.to_string(), misere) == "P")
                        .count();
                    assert_eq!(
                        report.data.get("p_positions").and_then(|d| d.as_int()),
                        Some(p as i128),
                        "{example}"
                    );
                    checked += 1;
                }
                other => panic!("unexpected verb {other} in {example}"),
            }
        }
    }
    assert!(checked >= 8, "only {checked} examples checked");
}

/// Brute-force counting: the P-positions among heaps `low ..= high`, each
/// valued through the registry's `value` (search for small heaps).
fn count_by_value(spec: &str, low: u64, high: u64) -> i128 {
    let monitor = Monitor::default();
    let rules = sprague::build(spec).unwrap();
    (low..=high)
        .filter(|n| {
            rules
                .value(&n.to_string(), &Options::new(&monitor))
                .unwrap()
                .outcome()
                == Some("P")
        })
        .count() as i128
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn counts_agree_with_counting_heap_by_heap(which in 0usize..7, low in 0u64..120, len in 0u64..60) {
        let spec = ["kayles", "bash:3", "subtraction:1,3,4", "memory2c:2", "fibonacci-nim", "memory:1", "dawson"][which];
        let monitor = Monitor::default();
        let high = low + len;
        let report = sprague::build(spec).unwrap().count(low, high, &Options::new(&monitor)).unwrap();
        let got = report.data.get("p_positions").and_then(|d| d.as_int());
        prop_assert_eq!(got, Some(count_by_value(spec, low, high)), "{} [{}, {}]", spec, low, high);
    }

    #[test]
    fn coin_game_counts_agree_with_brute_force(k in 1u64..5, low in 1u64..14, len in 0u64..8) {
        let spec = format!("coin-game:{k}");
        let monitor = Monitor::default();
        let high = low + len;
        let report = sprague::build(&spec).unwrap().count(low, high, &Options::new(&monitor)).unwrap();
        let brute = (low..=high).filter(|n| brute(&spec, &n.to_string(), false) == "P").count() as i128;
        prop_assert_eq!(report.data.get("p_positions").and_then(|d| d.as_int()), Some(brute));
    }
}

#[test]
fn huge_ranges_are_counted_at_once() {
    let monitor = Monitor::default();
    let options = Options::new(&monitor);
    // Kayles: only the empty row loses (period 12 from 71, no zero after 0).
    let r = sprague::build("kayles")
        .unwrap()
        .count(0, u64::MAX, &options)
        .unwrap();
    assert_eq!(r.data.get("p_positions").and_then(|d| d.as_int()), Some(1));
    assert_eq!(r.data.get("total").and_then(|d| d.as_int()), Some(1i128 << 64));
    // Fibonacci Nim: the Fibonacci numbers F(2) = 1 … F(93) lose, 92 of them.
    let r = sprague::build("fibonacci-nim")
        .unwrap()
        .count(1, u64::MAX, &options)
        .unwrap();
    assert_eq!(r.data.get("p_positions").and_then(|d| d.as_int()), Some(92));
    // Coin Game, K = 1: the even circles in [1, 10^9].
    let r = sprague::build("coin-game:1")
        .unwrap()
        .count(1, 1_000_000_000, &options)
        .unwrap();
    assert_eq!(
        r.data.get("p_positions").and_then(|d| d.as_int()),
        Some(500_000_000)
    );
    // Bad ranges and rulesets without a rule are one clear error.
    assert!(sprague::build("kayles").unwrap().count(5, 1, &options).is_err());
    assert!(sprague::build("chomp").unwrap().count(0, 5, &options).is_err());
}
