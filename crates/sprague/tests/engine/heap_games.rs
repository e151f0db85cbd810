//! Heap games against definition-level brute force and published sequences.

use proptest::prelude::*;
use sprague::{
    GrundySolver, HeapGame, Heaps, ImpartialRules, MisereSolver, Nimber, Outcome,
    heap::{
        AllBut, EqualSplit, GrundyTable, Lasker, RangeSubtraction, RectangleCutting, SequenceSubtraction,
        Subtraction, SubtractionSequence, TakeBreak, find_period, misere_grundy_values, plain_values,
    },
};

// ---------------------------------------------------------------------------
// Definition-level oracles, written independently of the engine: a position is
// a sorted list of heaps, a move is written out from the rules' wording, and
// the value is a plain memoised mex over whole positions (no decomposition,
// no nim-sums), so the Sprague–Grundy theorem itself is checked too.

/// A move rule on one heap: the lists of heaps a heap of n may become.
type MoveFn = dyn Fn(u64) -> Vec<Vec<u64>>;

struct Brute<'a> {
    moves: &'a MoveFn,
}

impl ImpartialRules for Brute<'_> {
    type Position = Vec<u64>;
    fn moves(&self, position: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for i in 0..position.len() {
            for parts in (self.moves)(position[i]) {
                let mut p: Vec<u64> = position[..i].to_vec();
                p.extend_from_slice(&position[i + 1..]);
                p.extend(parts.into_iter().filter(|&h| h > 0));
                p.sort_unstable();
                out.push(p);
            }
        }
    }
}

fn brute_values(moves: &MoveFn, count: u64) -> Vec<u64> {
    let rules = Brute { moves };
    let mut solver = GrundySolver::new(&rules);
    (0..count)
        .map(|n| solver.grundy(&vec![n]).unwrap().get())
        .collect()
}

/// The moves of an octal/hexadecimal code, from its definition.
fn code_moves(digits: Vec<u8>, unequal: bool) -> impl Fn(u64) -> Vec<Vec<u64>> {
    move |n| {
        let mut out = Vec::new();
        for (i, &d) in digits.iter().enumerate() {
            let i = i as u64;
            if i > n {
                continue;
            }
            let rest = n - i;
            for k in 0..4u32 {
                if d & (1 << k) == 0 {
                    continue;
                }
                // k + 0 = leave nothing, 1 = one heap, 2 = two heaps, 3 = three heaps.
                match k {
                    0 if rest == 0 && i > 0 => out.push(vec![]),
                    1 if rest >= 1 && i > 0 => out.push(vec![rest]),
                    2 => {
                        for a in 1..rest {
                            let b = rest - a;
                            if a <= b && !(unequal && a == b) {
                                out.push(vec![a, b]);
                            }
                        }
                    }
                    3 => {
                        for a in 1..rest {
                            for b in a..rest {
                                if a + b < rest && b <= rest - a - b {
                                    out.push(vec![a, b, rest - a - b]);
                                }
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        out
    }
}

fn u64s(v: Vec<u32>) -> Vec<u64> {
    v.into_iter().map(u64::from).collect()
}

// ---------------------------------------------------------------------------
// Published sequences.

/// OEIS A002186 (Kayles, octal 0.77), terms for n = 0..104.
const KAYLES: [u64; 105] = [
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8, 6,
    7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8,
    6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1,
];

/// OEIS A002187 (Dawson's Chess, octal 0.137), terms for n = 0..135. Dawson's
/// Kayles 0.07 has values a(n − 1) (OEIS comment; Winning Ways pp. 89, 102).
const DAWSON_CHESS: [u64; 136] = [
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4, 0,
    1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4, 8, 1,
    1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1,
    2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4,
];

/// OEIS A002188 (Grundy's game), terms for n = 0..104.
const GRUNDY: [u64; 105] = [
    0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1, 2, 4, 1,
    2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3, 2, 1, 3, 2, 4, 3, 2, 4, 3, 2,
    4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3, 7, 4, 3, 7, 4, 3, 5, 2, 3, 5, 2, 3, 5, 2, 3,
];

/// OEIS A014586 (subtract-a-square), terms for n = 0..98.
const SQUARES: [u64; 99] = [
    0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 3, 2, 3, 4, 5, 3, 2, 3, 4, 0,
    1, 2, 3, 2, 0, 1, 2, 3, 2, 0, 1, 2, 3, 2, 3, 4, 5, 0, 1, 3, 4, 5, 0, 1, 3, 4, 5, 0, 1, 3, 0, 1, 0, 1, 2,
    4, 3, 0, 1, 5, 6, 2, 3, 4, 5, 6, 2, 3, 4, 5, 0, 1, 6, 3, 2, 4, 2, 6, 4, 5, 0, 1, 6, 4,
];

#[test]
fn kayles_matches_a002186_with_period_12_from_71() {
    let k = TakeBreak::parse("0.77").unwrap();
    assert_eq!(k, TakeBreak::kayles());
    assert_eq!(u64s(k.values_plain(105)), KAYLES);
    assert_eq!(u64s(k.values_rare(105)), KAYLES);
    let t = GrundyTable::until_proven(&k, 1 << 12);
    let p = t.period().unwrap();
    // OEIS A002186: "From n=71 on, the sequence is periodic with period 12."
    assert_eq!((p.preperiod, p.period, p.saltus, p.proven), (71, 12, 0, true));
    assert_eq!(&t.values()[..105], &KAYLES);
}

#[test]
fn dawsons_kayles_is_dawsons_chess_shifted_with_period_34() {
    let d = TakeBreak::parse("0.07").unwrap();
    let values = u64s(d.values_rare(137));
    assert_eq!(values[0], 0);
    assert_eq!(&values[1..], &DAWSON_CHESS);
    let chess = TakeBreak::parse("0.137").unwrap();
    assert_eq!(u64s(chess.values_plain(136)), DAWSON_CHESS);
    let t = GrundyTable::until_proven(&d, 1 << 12);
    let p = t.period().unwrap();
    // A002187: period 34, last exception at n = 51, i.e. n = 52 for 0.07.
    assert_eq!((p.preperiod, p.period, p.proven), (53, 34, true));
}

#[test]
fn grundys_game_matches_a002188() {
    let g = TakeBreak::grundy_game();
    assert_eq!(u64s(g.values_rare(105)), GRUNDY);
    assert_eq!(u64s(g.values_plain(105)), GRUNDY);
    assert_eq!(g.grundy_values(105, &mut |_| true), GRUNDY);
    // No periodicity theorem for Grundy's game.
    assert!(g.period_rule().is_none());
}

#[test]
fn subtract_a_square_matches_a014586() {
    let sq = SequenceSubtraction::new(SubtractionSequence::Squares);
    assert_eq!(sq.grundy_values(99, &mut |_| true), SQUARES);
    assert_eq!(plain_values(&sq, 99, &mut |_| true), SQUARES);
}

#[test]
fn rare_value_method_agrees_on_long_tables() {
    // 0.16 and Grundy's game have no short period: the rare-value engine
    // itself is exercised far past the first mask choices.
    for code in ["0.16", "0.14", "4.07", "0.26"] {
        let g = TakeBreak::parse(code).unwrap();
        assert_eq!(g.values_rare(1500), g.values_plain(1500), "{code}");
    }
    // Values that pass 64 (0.37 and 0.6 reach 91, 0.444 reaches 178, 0.666
    // reaches 64 within 3000 heaps): the engine leaves its one-word path for
    // the general one on the way.
    for code in ["0.37", "0.6", "0.444", "0.666"] {
        let g = TakeBreak::parse(code).unwrap();
        assert_eq!(g.values_rare(3000), g.values_plain(3000), "{code}");
        assert!(g.values_plain(3000).iter().any(|&v| v >= 64), "{code}");
    }
    let g = TakeBreak::grundy_game();
    assert_eq!(g.values_rare(1500), g.values_plain(1500));
    // Three-heap moves: the pair-sum bitset engine against the plain loop.
    for code in ["0.f8", "0.88", "4.8", "c.08", "8.0", "0.0f"] {
        let g = TakeBreak::parse_hex(code).unwrap();
        assert_eq!(g.values_rare(300), g.values_plain(300), "{code}");
    }
}

#[test]
fn proven_periods_extend_tables_exactly() {
    for code in ["0.07", "0.77", "4.07", "0.137", "0.51", "0.33"] {
        let g = TakeBreak::parse(code).unwrap();
        let fast = g.values_fast(3000, &mut |_| true);
        assert_eq!(fast, g.values_rare(3000), "{code}");
        let t = GrundyTable::until_proven(&g, 1 << 12);
        let p = t.period().unwrap();
        assert!(p.proven, "{code}");
        for n in 0..3000u64 {
            assert_eq!(p.value_at(t.values(), n), Some(u64::from(fast[n as usize])));
        }
    }
}

fn octal_code() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec![0u8, 4]),
        prop::collection::vec(0u8..8, 1..4),
    )
        .prop_map(|(d0, ds)| format!("{d0}.{}", ds.iter().map(u8::to_string).collect::<String>()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn octal_codes_equal_brute_force(code in octal_code()) {
        let g = TakeBreak::parse(&code).unwrap();
        let moves = code_moves(g.digits().to_vec(), false);
        let brute = brute_values(&moves, 13);
        prop_assert_eq!(&u64s(g.values_plain(13)), &brute);
        prop_assert_eq!(&u64s(g.values_rare(13)), &brute);
        prop_assert_eq!(&plain_values(&g, 13, &mut |_| true), &brute);
        // Longer: the fast engines against the plain loop.
        let plain = g.values_plain(400);
        prop_assert_eq!(&g.values_rare(400), &plain);
        prop_assert_eq!(&g.values_fast(400, &mut |_| true), &plain);
    }

    #[test]
    fn hex_codes_equal_brute_force(d0 in prop::sample::select(vec![0u8, 4, 8, 12]), ds in prop::collection::vec(0u8..16, 1..3)) {
        let code = format!("{d0:x}.{}", ds.iter().map(|d| format!("{d:x}")).collect::<String>());
        let g = TakeBreak::parse_hex(&code).unwrap();
        let moves = code_moves(g.digits().to_vec(), false);
        let brute = brute_values(&moves, 11);
        prop_assert_eq!(&u64s(g.values_plain(11)), &brute);
        prop_assert_eq!(&g.grundy_values(11, &mut |_| true), &brute);
        prop_assert_eq!(&plain_values(&g, 60, &mut |_| true), &u64s(g.values_fast(60, &mut |_| true)));
    }

    #[test]
    fn subtraction_sets_equal_brute_force(set in prop::collection::btree_set(1u64..9, 1..4)) {
        let set: Vec<u64> = set.into_iter().collect();
        let s = Subtraction::new(&set).unwrap();
        let moves = {
            let set = set.clone();
            move |n: u64| set.iter().filter(|&&k| k <= n).map(|&k| vec![n - k]).collect::<Vec<_>>()
        };
        let brute = brute_values(&moves, 40);
        prop_assert_eq!(&s.grundy_values(40, &mut |_| true), &brute);
        // The periodic shortcut over a long table, against the direct loop.
        let direct = s.values_direct(5000).unwrap();
        prop_assert_eq!(&s.values_periodic(5000).unwrap(), &direct);
        let t = GrundyTable::until_proven(&s, 1 << 12);
        prop_assert!(t.period().unwrap().proven);
        for n in [4999u64, 4998, 4000] {
            prop_assert_eq!(t.value(n), Some(Nimber(u64::from(direct[n as usize]))));
        }
    }

    #[test]
    fn range_closed_form_equals_search(l in 1u64..5, extra in 0u64..4) {
        let r = l + extra;
        let g = RangeSubtraction::new(l, r).unwrap();
        let searched = plain_values(&g, 60, &mut |_| true);
        let closed: Vec<u64> = (0..60).map(|n| g.heap_value(n).unwrap().get()).collect();
        prop_assert_eq!(&closed, &searched);
        prop_assert_eq!(&g.grundy_values(60, &mut |_| true), &searched);
        let moves = move |n: u64| (l..=r.min(n)).map(|k| vec![n - k]).collect::<Vec<_>>();
        prop_assert_eq!(&brute_values(&moves, 25), &searched[..25].to_vec());
    }

    #[test]
    fn allbut_equals_brute_force(l in 1u64..6) {
        let g = AllBut::new(l).unwrap();
        let moves = move |n: u64| (1..=n).filter(|&k| k != l).map(|k| vec![n - k]).collect::<Vec<_>>();
        let brute = brute_values(&moves, 14);
        prop_assert_eq!(&g.grundy_values(14, &mut |_| true), &brute);
        prop_assert_eq!(&g.grundy_values(300, &mut |_| true), &plain_values(&g, 300, &mut |_| true));
    }
}

#[test]
fn nim_and_bash_tables() {
    let bash = sprague::games::Bash::new(3).unwrap();
    assert_eq!(
        bash.grundy_values(50, &mut |_| true),
        plain_values(&bash, 50, &mut |_| true)
    );
    assert_eq!(
        sprague::games::Nim.grundy_values(30, &mut |_| true),
        plain_values(&sprague::games::Nim, 30, &mut |_| true)
    );
}

#[test]
fn fibonacci_equals_brute_force() {
    let g = SequenceSubtraction::new(SubtractionSequence::Fibonacci);
    let fib = [1u64, 2, 3, 5, 8, 13, 21];
    let moves = move |n: u64| {
        fib.iter()
            .filter(|&&k| k <= n)
            .map(|&k| vec![n - k])
            .collect::<Vec<_>>()
    };
    assert_eq!(g.grundy_values(30, &mut |_| true), brute_values(&moves, 30));
    assert_eq!(
        g.grundy_values(500, &mut |_| true),
        plain_values(&g, 500, &mut |_| true)
    );
}

#[test]
fn lasker_closed_form_equals_brute_force() {
    let moves = |n: u64| {
        let mut out: Vec<Vec<u64>> = (0..n).map(|k| vec![k]).collect();
        out.extend((1..n).filter(|a| 2 * a <= n).map(|a| vec![a, n - a]));
        out
    };
    let brute = brute_values(&moves, 12);
    assert_eq!(Lasker.grundy_values(12, &mut |_| true), brute);
    assert_eq!(
        Lasker.grundy_values(200, &mut |_| true),
        plain_values(&Lasker, 200, &mut |_| true)
    );
    // Arithmetic-periodic: period 4, saltus 4.
    let v = Lasker.grundy_values(200, &mut |_| true);
    let p = find_period(&v, None).unwrap();
    assert_eq!((p.period, p.saltus), (4, 4));
}

#[test]
fn equal_split_equals_brute_force() {
    let moves = |n: u64| {
        (2..=n)
            .filter(|k| n.is_multiple_of(*k))
            .map(|k| vec![n / k; k as usize])
            .collect::<Vec<_>>()
    };
    let brute = brute_values(&moves, 25);
    assert_eq!(EqualSplit.grundy_values(25, &mut |_| true), brute);
    let sieve = EqualSplit.grundy_values(3000, &mut |_| true);
    assert_eq!(sieve, plain_values(&EqualSplit, 3000, &mut |_| true));
    for n in 0..3000u64 {
        assert_eq!(
            EqualSplit.heap_value(n).unwrap().get(),
            sieve[n as usize],
            "n = {n}"
        );
    }
}

/// Rectangle cutting written out from the rules, valued by whole-position search.
struct RectBrute;
impl ImpartialRules for RectBrute {
    type Position = Vec<(u64, u64)>;
    fn moves(&self, p: &Vec<(u64, u64)>, out: &mut Vec<Vec<(u64, u64)>>) {
        for i in 0..p.len() {
            let (a, b) = p[i];
            let rest: Vec<_> = p[..i].iter().chain(&p[i + 1..]).copied().collect();
            for d in 2..=a {
                if a % d == 0 {
                    let mut q = rest.clone();
                    q.extend(std::iter::repeat_n((a / d, b), d as usize));
                    q.sort_unstable();
                    out.push(q);
                }
            }
            for d in 2..=b {
                if b % d == 0 {
                    let mut q = rest.clone();
                    q.extend(std::iter::repeat_n((a, b / d), d as usize));
                    q.sort_unstable();
                    out.push(q);
                }
            }
        }
    }
}

#[test]
fn rectangle_cutting_equals_brute_force() {
    let mut brute = GrundySolver::new(&RectBrute);
    let mut fast = GrundySolver::new(&RectangleCutting);
    for a in 1..=6u64 {
        for b in 1..=6u64 {
            let want = brute.grundy(&vec![(a, b)]).unwrap();
            assert_eq!(RectangleCutting.rectangle_value((a, b)), Some(want), "{a}x{b}");
            assert_eq!(fast.grundy(&vec![(a, b)]).unwrap(), want);
        }
    }
    let pos = vec![(3, 4), (2, 5), (1, 3)];
    let moves = fast.winning_moves(&pos).unwrap();
    for m in moves {
        assert_eq!(brute.grundy(&m).unwrap(), Nimber::ZERO);
    }
}

#[test]
fn misere_values_predict_misere_outcomes() {
    for code in ["0.07", "0.77", "4.07", "0.137"] {
        let g = TakeBreak::parse(code).unwrap();
        let values = misere_grundy_values(&g, 16, 1_000_000).unwrap();
        let rules = Heaps::new(g.clone());
        let mut search = MisereSolver::new(&rules).search_only();
        for (n, &v) in values.iter().enumerate() {
            let outcome = search.outcome(&vec![n as u64]).unwrap();
            assert_eq!(v == 0, outcome == Outcome::P, "{code} heap {n}");
        }
    }
    // Misère Nim (Bouton): g⁻(0) = 1, g⁻(1) = 0, g⁻(n) = n for n ≥ 2.
    let v = misere_grundy_values(&sprague::games::Nim, 8, 10_000).unwrap();
    assert_eq!(v, vec![1, 0, 2, 3, 4, 5, 6, 7]);
}

#[test]
fn heaps_adapter_values_sums_and_huge_heaps() {
    let d = TakeBreak::dawsons_kayles();
    let table = GrundyTable::until_proven(&d, 1 << 12);
    let values = table.values().to_vec();
    let rules = Heaps::with_table(d.clone(), table);
    let mut solver = GrundySolver::new(&rules);
    // Sums are nim-sums; the whole-position brute force agrees on small sums.
    let moves = code_moves(d.digits().to_vec(), false);
    let brute_rules = Brute { moves: &moves };
    let mut brute = GrundySolver::new(&brute_rules);
    for pos in [vec![3u64, 5], vec![4, 4, 2], vec![7, 6], vec![9, 1, 2]] {
        assert_eq!(
            solver.grundy(&pos).unwrap(),
            brute.grundy(&pos).unwrap(),
            "{pos:?}"
        );
        for m in solver.winning_moves(&pos).unwrap() {
            assert_eq!(solver.grundy(&m).unwrap(), Nimber::ZERO);
        }
    }
    // Huge heaps: value from the period; every move listed reaches the target.
    let huge = i64::MAX as u64;
    let g = rules.heap_grundy(huge).unwrap();
    assert_eq!(g.get(), values[53 + ((huge - 53) % 34) as usize]);
    let target = Nimber(1);
    let moves = rules.heap_moves_to_value(huge, target).unwrap();
    assert!(!moves.is_empty());
    for parts in moves {
        let v: Nimber = parts.iter().map(|&h| rules.heap_grundy(h).unwrap()).sum();
        assert_eq!(v, target);
        assert_eq!(parts.iter().sum::<u64>(), huge - 2);
    }
}

#[test]
fn octal_code_errors_name_the_column() {
    assert_eq!(TakeBreak::parse("0.8").unwrap_err().column, 3);
    assert_eq!(TakeBreak::parse("1.07").unwrap_err().column, 1);
    assert!(TakeBreak::parse("").is_err());
    assert!(TakeBreak::parse("0.0.7").is_err());
    assert!(TakeBreak::parse("07").is_err());
    assert!(TakeBreak::parse_hex("0.g").is_err());
    assert!(TakeBreak::parse_hex("0.f8").is_ok());
    assert_eq!(TakeBreak::parse("4.07").unwrap().to_string(), "4.07");
    assert_eq!(TakeBreak::parse(".070").unwrap().to_string(), "0.07");
    assert!(Subtraction::new(&[]).is_none());
    assert!(Subtraction::new(&[0, 1]).is_none());
    assert!(RangeSubtraction::new(3, 2).is_none());
}

// ---------------------------------------------------------------------------
// Misère play of tame games (issue 16, item 2) and closed-form periods (item 4).

/// The misère outcome and winning moves of a sum of heaps by plain search over
/// whole positions (the definition: a position without moves is won).
fn misere_by_search(moves: &MoveFn, heaps: &[u64]) -> (Outcome, Vec<Vec<u64>>) {
    let rules = Brute { moves };
    let mut solver = MisereSolver::new(&rules).search_only();
    let mut start: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
    start.sort_unstable();
    let outcome = solver.outcome(&start).unwrap();
    let mut options = Vec::new();
    rules.moves(&start, &mut options);
    let mut winning: Vec<Vec<u64>> = options
        .into_iter()
        .filter(|o| solver.outcome(o).unwrap() == Outcome::P)
        .collect();
    winning.sort();
    winning.dedup();
    (outcome, winning)
}

fn sorted_moves(moves: Vec<Vec<u64>>) -> Vec<Vec<u64>> {
    let mut out: Vec<Vec<u64>> = moves
        .into_iter()
        .map(|mut m| {
            m.retain(|&h| h > 0);
            m.sort_unstable();
            m
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Misère Nim by the tame rule (Bouton) against exhaustive search: the
    /// outcome and every winning move.
    #[test]
    fn misere_nim_by_rule_equals_search(heaps in prop::collection::vec(0u64..7, 1..5)) {
        let nim = |n: u64| (0..n).map(|k| vec![k]).collect::<Vec<_>>();
        let (outcome, moves) = Heaps::new(sprague::games::Nim).solve_tame_misere(&heaps).unwrap();
        let (want, want_moves) = misere_by_search(&nim, &heaps);
        prop_assert_eq!(outcome, want);
        prop_assert_eq!(sorted_moves(moves), want_moves);
    }

    /// Sums of Bash heaps (remove 1 to m) by the tame rule against search.
    #[test]
    fn misere_bash_by_rule_equals_search(m in 1u64..5, heaps in prop::collection::vec(0u64..11, 1..5)) {
        let bash = move |n: u64| (1..=m.min(n)).map(|k| vec![n - k]).collect::<Vec<_>>();
        let game = sprague::games::Bash::new(m).unwrap();
        let (outcome, moves) = Heaps::new(game).solve_tame_misere(&heaps).unwrap();
        let (want, want_moves) = misere_by_search(&bash, &heaps);
        prop_assert_eq!(outcome, want, "bash:{} {:?}", m, heaps);
        prop_assert_eq!(sorted_moves(moves), want_moves);
        prop_assert_eq!(HeapGame::misere_outcome(&game, &heaps), Some(want));
    }

    /// Huge Nim heaps: the tame rule is Bouton's misère rule, and every move
    /// it lists wins by that rule.
    #[test]
    fn misere_nim_huge_heaps_follow_bouton(heaps in prop::collection::vec(prop_oneof![0u64..3, any::<u64>()], 1..6)) {
        let (outcome, moves) = Heaps::new(sprague::games::Nim).solve_tame_misere(&heaps).unwrap();
        let bouton = |h: &[u64]| {
            let next_wins = if h.iter().all(|&x| x <= 1) {
                h.iter().filter(|&&x| x == 1).count() % 2 == 0
            } else {
                h.iter().fold(0, |a, &x| a ^ x) != 0
            };
            if next_wins { Outcome::N } else { Outcome::P }
        };
        prop_assert_eq!(outcome, bouton(&heaps));
        // A position without moves is won in misère play, with no move to make.
        let over = heaps.iter().all(|&h| h == 0);
        prop_assert_eq!(outcome == Outcome::N && !over, !moves.is_empty());
        for m in &moves {
            prop_assert_eq!(bouton(m), Outcome::P);
        }
    }
}

/// Games whose closed form is declared periodic: the period extends the
/// brute-force values (a mex over every option) of the first 200 heaps.
#[test]
fn closed_form_periods_match_brute_force() {
    fn check<G: HeapGame>(name: &str, game: &G) {
        let p = game.closed_form_period().unwrap();
        assert!(p.proven && p.proof.is_some_and(|w| !w.is_empty()), "{name}");
        let brute = plain_values(game, 200, &mut |_| true);
        let prefix = &brute[..(p.preperiod + p.period) as usize];
        for (n, &v) in brute.iter().enumerate() {
            assert_eq!(p.value_at(prefix, n as u64), Some(v), "{name} at {n}");
        }
        // The table a user asks for reports it, proven, however short.
        let t = GrundyTable::listing(game, 3, &mut |_| true);
        assert_eq!(t.period(), Some(p), "{name}");
    }
    check("nim", &sprague::games::Nim);
    check("lasker", &Lasker);
    for m in 1..6 {
        check("bash", &sprague::games::Bash::new(m).unwrap());
    }
    for (l, r) in [(1, 1), (2, 3), (3, 7)] {
        check("range subtraction", &RangeSubtraction::new(l, r).unwrap());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The rare-value engine (step-1 pass, the probe and the segment scan)
    /// against the definition on random octal codes of up to four digits.
    #[test]
    fn rare_value_engine_equals_plain_on_random_codes(
        first in prop::sample::select(vec![0u8, 4]),
        digits in prop::collection::vec(0u8..8, 1..5),
        count in 1usize..700,
    ) {
        let code: String = format!("{first}.{}", digits.iter().map(|d| d.to_string()).collect::<String>());
        let g = TakeBreak::parse(&code).unwrap();
        prop_assert_eq!(g.values_rare(count), g.values_plain(count), "{}", code);
    }
}

/// What [`HeapGame::has_move`] answers by default: whether listing the
/// options finds any.
fn lists_a_move<G: HeapGame>(game: &G, n: u64) -> bool {
    let mut any = false;
    game.heap_options(n, &mut |_| any = true);
    any
}

fn same_moves<G: HeapGame>(game: &G, upto: u64) -> Result<(), TestCaseError> {
    for n in 0..upto {
        prop_assert_eq!(game.has_move(n), lists_a_move(game, n), "heap {}", n);
    }
    Ok(())
}

proptest! {
    /// The O(1) and O(rule size) `has_move` answers of each ruleset agree with
    /// listing the options, on random rules and every heap below 70.
    #[test]
    fn has_move_agrees_with_the_listed_options(
        digits in proptest::collection::vec(0u8..16, 1..6),
        set in proptest::collection::btree_set(1u64..12, 1..4),
        l in 1u64..6,
        width in 0u64..6,
    ) {
        let octal: String = digits.iter().map(|d| char::from(b'0' + d % 8)).collect();
        let hex: String = digits.iter().map(|d| format!("{d:x}")).collect();
        for code in [format!("0.{octal}"), format!("4.{octal}"), format!("0.{octal}!")] {
            if let Ok(game) = TakeBreak::parse(&code) {
                same_moves(&game, 70)?;
            }
        }
        if let Ok(game) = TakeBreak::parse_hex(&format!("0.{hex}")) {
            same_moves(&game, 70)?;
        }
        let set: Vec<u64> = set.into_iter().collect();
        same_moves(&Subtraction::new(&set).expect("a set of positive numbers"), 70)?;
        same_moves(&AllBut::of_set(&set).expect("a set of positive numbers"), 70)?;
        same_moves(&RangeSubtraction::new(l, l + width).expect("1 ≤ l ≤ r"), 70)?;
        same_moves(&sprague::games::Bash::new(l).expect("m ≥ 1"), 70)?;
    }
}

#[test]
fn has_move_agrees_for_the_fixed_rulesets() {
    let upto = 200;
    for n in 0..upto {
        assert_eq!(Lasker.has_move(n), lists_a_move(&Lasker, n));
        assert_eq!(EqualSplit.has_move(n), lists_a_move(&EqualSplit, n));
        assert_eq!(
            sprague::games::Nim.has_move(n),
            lists_a_move(&sprague::games::Nim, n)
        );
        for kind in [SubtractionSequence::Squares, SubtractionSequence::Fibonacci] {
            let game = SequenceSubtraction::new(kind);
            assert_eq!(game.has_move(n), lists_a_move(&game, n));
        }
        for game in [
            TakeBreak::kayles(),
            TakeBreak::dawsons_kayles(),
            TakeBreak::grundy_game(),
        ] {
            assert_eq!(game.has_move(n), lists_a_move(&game, n), "heap {n}");
        }
    }
}
