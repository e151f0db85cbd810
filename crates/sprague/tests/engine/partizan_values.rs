//! Canonical forms checked against a definition-level implementation (games as
//! option trees, `≤` by the recursive definition) and against published values.

use proptest::prelude::*;
use sprague::{Dyadic, GameId, GameStore, Outcome};
use std::cmp::Ordering;

/// A game as a plain option tree.
#[derive(Clone, Debug)]
struct MinimaxTree {
    l: Vec<MinimaxTree>,
    r: Vec<MinimaxTree>,
}

/// `g <= h` by the definition: no g^L >= h and no h^R <= g.
fn tle(g: &MinimaxTree, h: &MinimaxTree) -> bool {
    g.l.iter().all(|gl| !tle(h, gl)) && h.r.iter().all(|hr| !tle(hr, g))
}

fn teq(g: &MinimaxTree, h: &MinimaxTree) -> bool {
    tle(g, h) && tle(h, g)
}

fn tsum(g: &MinimaxTree, h: &MinimaxTree) -> MinimaxTree {
    let mut l: Vec<MinimaxTree> = g.l.iter().map(|x| tsum(x, h)).collect();
    l.extend(h.l.iter().map(|x| tsum(g, x)));
    let mut r: Vec<MinimaxTree> = g.r.iter().map(|x| tsum(x, h)).collect();
    r.extend(h.r.iter().map(|x| tsum(g, x)));
    MinimaxTree { l, r }
}

fn tneg(g: &MinimaxTree) -> MinimaxTree {
    MinimaxTree {
        l: g.r.iter().map(tneg).collect(),
        r: g.l.iter().map(tneg).collect(),
    }
}

fn tree(s: &mut GameStore, g: GameId) -> MinimaxTree {
    let (l, r) = s.options(g);
    MinimaxTree {
        l: l.into_iter().map(|x| tree(s, x)).collect(),
        r: r.into_iter().map(|x| tree(s, x)).collect(),
    }
}

/// A pool of small games built through the store from random option sets.
/// `picks` drives the choices; returns the store, the pool, and for each pool
/// game the raw (uncanonicalised) tree it was built from.
fn build_pool(picks: &[u8], size: usize) -> (GameStore, Vec<GameId>, Vec<MinimaxTree>) {
    let mut s = GameStore::new();
    let zero = GameId::ZERO;
    let mut pool = vec![zero];
    let mut raw = vec![MinimaxTree { l: vec![], r: vec![] }];
    let mut it = picks.iter().copied().cycle();
    while pool.len() < size {
        let nl = usize::from(it.next().unwrap_or(0) % 3);
        let nr = usize::from(it.next().unwrap_or(0) % 3);
        let mut l = Vec::new();
        let mut r = Vec::new();
        let mut tl = Vec::new();
        let mut tr = Vec::new();
        for _ in 0..nl {
            let k = usize::from(it.next().unwrap_or(0)) % pool.len();
            l.push(pool[k]);
            tl.push(raw[k].clone());
        }
        for _ in 0..nr {
            let k = usize::from(it.next().unwrap_or(0)) % pool.len();
            r.push(pool[k]);
            tr.push(raw[k].clone());
        }
        let g = s.game(&l, &r);
        pool.push(g);
        raw.push(MinimaxTree { l: tl, r: tr });
    }
    (s, pool, raw)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn construction_matches_the_definition(picks in proptest::collection::vec(any::<u8>(), 40)) {
        let (mut s, pool, raw) = build_pool(&picks, 12);
        for (g, t) in pool.iter().zip(&raw) {
            let canon = tree(&mut s, *g);
            prop_assert!(teq(&canon, t), "canonical form {} differs from its definition", s.display(*g));
        }
        for &a in &pool {
            for &b in &pool {
                let (ta, tb) = (tree(&mut s, a), tree(&mut s, b));
                prop_assert_eq!(s.le(a, b), tle(&ta, &tb));
                // Equal values <=> equal ids.
                prop_assert_eq!(a == b, teq(&ta, &tb));
            }
        }
    }

    #[test]
    fn sums_and_negatives_match_the_definition(picks in proptest::collection::vec(any::<u8>(), 40)) {
        let (mut s, pool, _) = build_pool(&picks, 9);
        for &a in &pool {
            let ta = tree(&mut s, a);
            let n = s.neg(a);
            let tn = tree(&mut s, n);
            prop_assert!(teq(&tn, &tneg(&ta)));
            for &b in &pool {
                let c = s.add(a, b);
                let tb = tree(&mut s, b);
                let tc = tree(&mut s, c);
                prop_assert!(teq(&tc, &tsum(&ta, &tb)), "{} + {} = {}", s.display(a), s.display(b), s.display(c));
            }
        }
    }

    #[test]
    fn algebraic_laws(picks in proptest::collection::vec(any::<u8>(), 60)) {
        let (mut s, pool, _) = build_pool(&picks, 14);
        for &a in &pool {
            let na = s.neg(a);
            prop_assert_eq!(s.add(a, na), GameId::ZERO);
            for &b in &pool {
                prop_assert_eq!(s.add(a, b), s.add(b, a));
                let d = s.sub(b, a);
                prop_assert_eq!(s.le(a, b), s.le(GameId::ZERO, d));
                for &c in pool.iter().take(5) {
                    let ab = s.add(a, b);
                    let bc = s.add(b, c);
                    prop_assert_eq!(s.add(ab, c), s.add(a, bc));
                    // Transitivity.
                    if s.le(a, b) && s.le(b, c) {
                        prop_assert!(s.le(a, c));
                    }
                }
                // Antisymmetry.
                if s.le(a, b) && s.le(b, a) {
                    prop_assert_eq!(a, b);
                }
            }
        }
    }
}

#[test]
fn inline_values_match_their_definitions() {
    // x + n·↑ + *m for small parts: the stored options against sums of the
    // definitions ↑ = {0|*}, *m = {*j | *j}, numbers by the simplicity rule.
    let mut s = GameStore::new();
    let zero = GameId::ZERO;
    let star = s.game(&[zero], &[zero]);
    let up_def = MinimaxTree {
        l: vec![MinimaxTree { l: vec![], r: vec![] }],
        r: vec![tree(&mut s, star)],
    };
    for n in -2i64..=2 {
        for m in 0u64..=3 {
            for x in [Dyadic::ZERO, Dyadic::new(-1, 1)] {
                if n.abs() + m as i64 > 4 {
                    continue;
                }
                let nm = s.nimber(m);
                let mut def = tree(&mut s, nm);
                let up_or_down = if n >= 0 { up_def.clone() } else { tneg(&up_def) };
                for _ in 0..n.unsigned_abs() {
                    def = tsum(&def, &up_or_down);
                }
                let xg = s.dyadic(x.clone());
                def = tsum(&def, &tree(&mut s, xg));
                let v = s.nus(sprague::partizan::Nus::new(x.clone(), n, m));
                let t = tree(&mut s, v);
                assert!(teq(&t, &def), "{}", s.display(v));
                // Rebuilding from the stored options recognises the inline value.
                let (l, r) = s.options(v);
                assert_eq!(s.game(&l, &r), v, "{}", s.display(v));
            }
        }
    }
}

#[test]
fn published_values() {
    let mut s = GameStore::new();
    // ↑ + ↑ = {0 | ↑*} (Winning Ways, ch. 3; Lessons in Play, ch. 5).
    let a = s.parse("^ + ^").unwrap();
    let b = s.parse("{0|^*}").unwrap();
    assert_eq!(a, b);
    assert_eq!(s.display(a), "^^");
    // {0,* | 0,*} = *2 (Winning Ways, ch. 2; the mex rule).
    let c = s.parse("{0,*|0,*}").unwrap();
    assert_eq!(c, s.nimber(2));
    // Blue-Red Hackenbush BBRB = 1 + 1/2 + 1/4 = 7/4 (Winning Ways ch. 1; sign expansion):
    // Left cuts a Blue edge, Right a Red one, and everything above the cut falls.
    // B = {0|} = 1, BB = {0, B |}, BBR = {0, B | BB}, BBRB = {0, B, BBR | BB}.
    let stalk = s
        .parse("{0, {0|}, {0, {0|} | {0, {0|} |}} | {0, {0|} |}}")
        .unwrap();
    assert_eq!(s.display(stalk), "7/4");
    // ^* is confused with 0, ↑ > 0, ⇑* > 0 (Winning Ways ch. 3).
    let us = s.parse("^*").unwrap();
    assert_eq!(s.outcome(us), Outcome::N);
    let u = s.parse("^").unwrap();
    assert_eq!(s.outcome(u), Outcome::L);
    let v = s.parse("vv*").unwrap();
    assert_eq!(s.outcome(v), Outcome::R);
    assert_eq!(s.compare(u, us), None);
    // Domineering 4×4 as CGSuite writes it (Winning Ways ch. 5 tables; the issue's
    // published value): ±(0, {{2|0}, 2Tiny(2) | {2|0}, Miny(2)}) prints back the same way.
    let text = "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}";
    let d44 = s.parse(text).unwrap();
    assert_eq!(s.display(d44), text);
    let explicit = s
        .parse("{0, {{2|0}, {2||2|0} | {2|0}, {2|0||0}} | 0, {{0|-2}, {0||0|-2} | {0|-2}, {0|-2||-2}}}")
        .unwrap();
    assert_eq!(d44, explicit);
    let pm = s.parse("+-1").unwrap();
    assert_eq!(s.display(pm), "+-1");
    assert_eq!(s.compare(pm, GameId::ZERO), None::<Ordering>);
}

/// Dominated options go whatever the size of their stops: stops that fit
/// the fixed-point keys of the construction (exponents up to 64) and stops
/// that do not (finer numbers, numerators past 64 bits) give the same
/// canonical forms.
#[test]
fn dominated_options_go_at_every_scale_of_stops() {
    use sprague::partizan::Nus;
    let mut s = GameStore::new();
    let big = Dyadic::integer(i64::MAX).add(&Dyadic::integer(i64::MAX));
    for e in [1u32, 3, 63, 64, 65, 70, 200] {
        for base in [Dyadic::ZERO, big.clone()] {
            let fine = |k: u32| base.add(&Dyadic::new(1, k));
            // x* for the two numbers x = base + 2^-e > base + 2^-(e+1).
            let a = s.nus(Nus::new(fine(e), 0, 1));
            let b = s.nus(Nus::new(fine(e + 1), 0, 1));
            // Hot games: Left moves to a or b, Right to base - 1 (and the
            // mirror image).
            let lo = s.dyadic(base.sub(&Dyadic::ONE));
            let hi = s.dyadic(base.add(&Dyadic::integer(2)));
            let g = s.game(&[b, a], &[lo]);
            assert_eq!(s.options(g), (vec![a], vec![lo]), "2^-{e}: Left keeps the larger");
            let h = s.game(&[hi], &[a, b]);
            assert_eq!(
                s.options(h),
                (vec![hi], vec![b]),
                "2^-{e}: Right keeps the smaller"
            );
            assert_eq!(s.compare(a, b), Some(Ordering::Greater));
        }
    }
}
