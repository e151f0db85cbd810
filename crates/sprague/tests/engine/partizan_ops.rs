//! Stops, thermographs, cooling, heating, atomic weights and reduced canonical
//! forms: published values and properties on random games.

use crate::game_pool;

use game_pool::grow_pool;
use proptest::prelude::*;
use sprague::{Dyadic, GameId, GameStore};
use std::collections::HashMap;

fn d(s: &str) -> Dyadic {
    s.parse().unwrap()
}

#[test]
fn published_thermal_values() {
    let mut s = GameStore::new();
    // {3||2*|1*}: mean 9/4, temperature 3/4 (Winning Ways ch. 6; Lessons in Play ch. 6).
    let g = s.parse("{3||2*|1*}").unwrap();
    assert_eq!(s.mean(g), d("9/4"));
    assert_eq!(s.temperature(g), d("3/4"));
    assert_eq!(s.stops(g), (d("3"), d("2")));
    let th = s.thermograph(g);
    assert_eq!(th.left.value_at(&d("0")), d("3"));
    assert_eq!(th.right.value_at(&d("0")), d("2"));
    assert_eq!(th.right.value_at(&d("1/2")), d("2"));
    assert_eq!(th.right.value_at(&d("3/4")), d("9/4"));
    assert_eq!(th.left.value_at(&d("5")), d("9/4"));
    // Numbers: temperature -1/2^k, integers -1 (Winning Ways ch. 6).
    let x = s.parse("3/8").unwrap();
    assert_eq!(s.temperature(x), d("-1/8"));
    let five = s.integer(5);
    assert_eq!(s.temperature(five), d("-1"));
    // Infinitesimals have temperature 0.
    let up = s.parse("^").unwrap();
    assert_eq!(s.temperature(up), d("0"));
    let star = s.parse("*").unwrap();
    assert_eq!(s.thermograph(star).temperature, d("0"));
    // Cooling {3|1} by 1 gives 2* and heating * by 1 gives ±1 (Winning Ways ch. 6).
    let h = s.parse("{3|1}").unwrap();
    let c = s.cool(h, &d("1"));
    assert_eq!(s.display(c), "2*");
    let one = s.integer(1);
    let hs = s.heat(star, one);
    assert_eq!(s.display(hs), "+-1");
    // Cooling above the temperature gives the mean.
    let c2 = s.cool(g, &d("1"));
    assert_eq!(s.display(c2), "9/4");
}

#[test]
fn inline_thermographs_are_the_stops_of_the_cooled_game() {
    // The closed form for x + n·↑ + *m against the definition: the walls at t are
    // the stops of G cooled by t (cooling walks the options).
    let mut s = GameStore::new();
    for n in -3i64..=3 {
        for m in 0u64..=4 {
            for x in [Dyadic::ZERO, Dyadic::new(3, 1)] {
                let g = s.nus(sprague::partizan::Nus::new(x.clone(), n, m));
                let th = s.thermograph(g);
                for t in ["-1", "-3/4", "-1/2", "-1/8", "0", "1/2", "2"] {
                    let t = d(t);
                    let c = s.cool(g, &t);
                    let (ls, rs) = s.stops(c);
                    assert_eq!(th.left.value_at(&t), ls, "left wall of {} at {t}", s.display(g));
                    assert_eq!(th.right.value_at(&t), rs, "right wall of {} at {t}", s.display(g));
                }
            }
        }
    }
}

#[test]
fn atomic_weights() {
    // Winning Ways ch. 8: aw(n·↑ + *m) = n; aw({0|↑*}) = 2; aw(*) = 0;
    // aw({0|v}) hmm not needed; aw({0,↑*|0}) — ↑* has weight 1.
    let mut s = GameStore::new();
    for (text, w) in [
        ("^", "1"),
        ("^*", "1"),
        ("vvv*5", "-3"),
        ("*", "0"),
        ("{0|^*}", "2"),
        ("{0|*,^}", "1"),
    ] {
        let g = s.parse(text).unwrap();
        let a = s.atomic_weight(g).unwrap();
        assert_eq!(s.display(a), w, "aw({text})");
    }
    // {0|vvv}: weight {−2 | −3+2}= {−2|−1} = −3/2 (Lessons in Play ch. 9 style calculus).
    let g = s.parse("{0|vvv}").unwrap();
    let a = s.atomic_weight(g).unwrap();
    assert_eq!(s.display(a), "-3/2");
    // Not infinitesimal: no atomic weight.
    let h = s.parse("{1|0}").unwrap();
    assert!(s.atomic_weight(h).is_none());
}

#[test]
fn birthdays_and_incentives() {
    let mut s = GameStore::new();
    for (text, b) in [
        ("0", 0),
        ("1", 1),
        ("-3", 3),
        ("1/2", 2),
        ("3/4", 3),
        ("-5/4", 4),
        ("*", 1),
        ("^", 2),
        ("*2", 2),
        ("{3||2*|1*}", 5),
    ] {
        let g = s.parse(text).unwrap();
        assert_eq!(s.birthday(g), Some(b), "birthday of {text}");
    }
    // Closed forms for inline values agree with the walk over options.
    for text in [
        "^", "^*", "^*2", "vv*3", "^^^", "1/2v*", "-3^^*", "*5", "2*2", "^4*6", "3", "-4", "11/8", "-7/16",
        "5/2", "-37/32",
    ] {
        let g = s.parse(text).unwrap();
        let (l, r) = s.options(g);
        let walked = l
            .into_iter()
            .chain(r)
            .map(|o| s.birthday(o).unwrap() + 1)
            .max()
            .unwrap_or(0);
        assert_eq!(s.birthday(g), Some(walked), "birthday of {text}");
    }
    let huge = s.parse("1180591620717411303424").unwrap();
    assert_eq!(s.birthday(huge), None);
    // ±1: incentives 1 - ±1 and ±1 - (-1)... both equal 1 + ±1 = {2|0}.
    let g = s.parse("+-1").unwrap();
    let (li, ri) = s.incentives(g);
    let want = s.parse("{2|0}").unwrap();
    assert_eq!(li, vec![want]);
    assert_eq!(ri, vec![want]);
}

fn random_game(s: &mut GameStore, picks: &[u8]) -> Vec<GameId> {
    let base = ["0", "1", "-1", "1/2", "*", "^", "v*", "2", "-1/4", "*2"];
    let mut pool: Vec<GameId> = base.iter().map(|t| s.parse(t).unwrap()).collect();
    grow_pool(s, &mut pool, picks, 8);
    pool
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn temperature_of_a_switch_between_numbers(a in -64i64..64, b in -64i64..64, ka in 0u32..4, kb in 0u32..4) {
        let (x, y) = (Dyadic::new(a, ka), Dyadic::new(b, kb));
        prop_assume!(x > y);
        let mut s = GameStore::new();
        let (gx, gy) = (s.dyadic(x.clone()), s.dyadic(y.clone()));
        let g = s.game(&[gx], &[gy]);
        prop_assert_eq!(s.temperature(g), x.sub(&y).halve(1));
        prop_assert_eq!(s.mean(g), x.add(&y).halve(1));
    }

    #[test]
    fn mean_is_additive_and_stops_bound_it(picks in proptest::collection::vec(any::<u8>(), 40)) {
        let mut s = GameStore::new();
        let pool = random_game(&mut s, &picks);
        for &a in pool.iter().rev().take(6) {
            let (ls, rs) = s.stops(a);
            let m = s.mean(a);
            prop_assert!(rs <= m && m <= ls);
            let th = s.thermograph(a);
            prop_assert_eq!(th.left.value_at(&Dyadic::ZERO), ls.clone());
            prop_assert_eq!(th.right.value_at(&Dyadic::ZERO), rs.clone());
            for &b in pool.iter().rev().take(4) {
                let c = s.add(a, b);
                let (ma, mb, mc) = (s.mean(a), s.mean(b), s.mean(c));
                prop_assert_eq!(mc, ma.add(&mb));
            }
        }
    }

    #[test]
    fn thermograph_walls_are_the_stops_of_the_cooled_game(picks in proptest::collection::vec(any::<u8>(), 40)) {
        // Winning Ways ch. 6: the walls at temperature t are the stops of G cooled by t.
        let mut s = GameStore::new();
        let pool = random_game(&mut s, &picks);
        for &g in pool.iter().rev().take(4) {
            let th = s.thermograph(g);
            for k in 0..=12 {
                let t = Dyadic::new(k, 3); // 0, 1/8, …, 3/2
                let c = s.cool(g, &t);
                let (ls, rs) = s.stops(c);
                prop_assert_eq!(th.left.value_at(&t), ls, "left wall of {} at {}", s.display(g), t);
                prop_assert_eq!(th.right.value_at(&t), rs, "right wall of {} at {}", s.display(g), t);
            }
        }
    }

    #[test]
    fn reduced_form_is_infinitesimally_close_and_unique(picks in proptest::collection::vec(any::<u8>(), 40)) {
        let mut s = GameStore::new();
        let pool = random_game(&mut s, &picks);
        let up = s.parse("^").unwrap();
        let tiny = s.parse("Tiny(1)").unwrap();
        for &a in pool.iter().rev().take(5) {
            let r = s.reduced(a);
            let diff = s.sub(a, r);
            prop_assert!(s.is_infinitesimal(diff));
            prop_assert_eq!(s.reduced(r), r);
            let a_up = s.add(a, up);
            let a_tiny = s.add(a, tiny);
            prop_assert_eq!(s.reduced(a_up), r);
            prop_assert_eq!(s.reduced(a_tiny), r);
        }
    }

    #[test]
    fn parse_display_round_trip(picks in proptest::collection::vec(any::<u8>(), 40)) {
        let mut s = GameStore::new();
        let pool = random_game(&mut s, &picks);
        for &g in &pool {
            let text = s.display(g);
            let back = s.parse(&text);
            prop_assert_eq!(back, Ok(g), "{}", text);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Any text parses to a game or fails with a column inside the text (or
    /// just past its end); printing a parsed game parses back to it.
    #[test]
    fn parser_never_panics(text in "[-+*^v/|,{}()0-9 TinyM±↑]{0,24}") {
        let mut s = GameStore::new();
        match s.parse(&text) {
            Ok(g) => {
                let shown = s.display(g);
                prop_assert_eq!(s.parse(&shown), Ok(g), "{}", shown);
            }
            Err(e) => prop_assert!(e.column >= 1 && e.column <= text.chars().count() + 1, "{:?} for {:?}", e, text),
        }
    }
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let mut s = GameStore::new();
    let text = format!("{}0{}", "(".repeat(100_000), ")".repeat(100_000));
    let e = s.parse(&text).unwrap_err();
    assert!(e.message.contains("nested"));
    // 150 levels are fine: {{…{0|}…|}|} = 150.
    let mut ok = String::from("0");
    for _ in 0..150 {
        ok = format!("{{{ok}|}}");
    }
    let g = s.parse(&ok).unwrap();
    assert_eq!(s.display(g), "150");
}

/// Cooling by the definition (Winning Ways ch. 6; Siegel, Combinatorial Game
/// Theory, ch. II.5), written out for the test, at `t = k/64`: an integer
/// stays (a number that is not an integer is cooled like any game);
/// otherwise `G'_t = {G^L_t − t | G^R_t + t}`, unless for some `t' < t`
/// (scanned on the grid of 1/64 from just above −1) `G'_{t'}` is
/// infinitesimally close to a number `x` (both stops equal `x`): then
/// `G_t = x` for the least such `t'`. Memoised on (game, k).
fn cool_by_definition(
    s: &mut GameStore,
    g: GameId,
    k: i64,
    memo: &mut HashMap<(GameId, i64), GameId>,
) -> GameId {
    if let Some(&c) = memo.get(&(g, k)) {
        return c;
    }
    let (ls, rs) = s.stops(g);
    let zero = s.dyadic(Dyadic::ZERO);
    let is_integer = ls == rs && ls.is_integer() && {
        let x = s.dyadic(ls.clone());
        s.sub(g, x) == zero
    };
    let result = if is_integer {
        g
    } else {
        let mut frozen = None;
        for kp in -63..k {
            let unfrozen = cool_step(s, g, kp, memo);
            let (l, r) = s.stops(unfrozen);
            if l == r {
                frozen = Some(s.dyadic(l));
                break;
            }
        }
        match frozen {
            Some(x) => x,
            None => cool_step(s, g, k, memo),
        }
    };
    memo.insert((g, k), result);
    result
}

fn cool_step(s: &mut GameStore, g: GameId, k: i64, memo: &mut HashMap<(GameId, i64), GameId>) -> GameId {
    let (l, r) = s.options(g);
    let shift = s.dyadic(Dyadic::new(k, 6));
    let l: Vec<GameId> = l
        .into_iter()
        .map(|o| {
            let c = cool_by_definition(s, o, k, memo);
            s.sub(c, shift)
        })
        .collect();
    let r: Vec<GameId> = r
        .into_iter()
        .map(|o| {
            let c = cool_by_definition(s, o, k, memo);
            s.add(c, shift)
        })
        .collect();
    s.game(&l, &r)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// Cooling by any −1 < t (as CGSuite allows) agrees with the definition
    /// on random games (numbers among them and among their subgames), and
    /// commutes with negation.
    #[test]
    fn cooling_follows_the_definition(picks in proptest::collection::vec(any::<u8>(), 40), extra in -63i64..=80) {
        let mut s = GameStore::new();
        let pool = random_game(&mut s, &picks);
        let mut memo = HashMap::new();
        for &g in pool.iter().rev().take(4) {
            for k in [-56i64, -32, -16, -8, -4, 0, 24, 48, extra] {
                let t = Dyadic::new(k, 6); // −63/64 … 5/4
                prop_assert!(sprague::partizan::cooling_defined(&t));
                let fast = s.cool(g, &t);
                let def = cool_by_definition(&mut s, g, k, &mut memo);
                prop_assert_eq!(fast, def, "{} cooled by {}", s.display(g), t);
                let ng = s.neg(g);
                let nc = s.cool(ng, &t);
                prop_assert_eq!(nc, s.neg(fast));
            }
        }
    }
}

/// `G + H` by the definition, `{G^L + H, G + H^L | G^R + H, G + H^R}`,
/// walking the options of numbers too (no number avoidance, no
/// translation), each form built by the store's construction alone.
fn add_by_definition(
    s: &mut GameStore,
    g: GameId,
    h: GameId,
    memo: &mut HashMap<(GameId, GameId), GameId>,
) -> GameId {
    if let Some(&v) = memo.get(&(g, h)) {
        return v;
    }
    let (gl, gr) = s.options(g);
    let (hl, hr) = s.options(h);
    let mut l: Vec<GameId> = gl.iter().map(|&x| add_by_definition(s, x, h, memo)).collect();
    l.extend(
        hl.iter()
            .map(|&x| add_by_definition(s, g, x, memo))
            .collect::<Vec<_>>(),
    );
    let mut r: Vec<GameId> = gr.iter().map(|&x| add_by_definition(s, x, h, memo)).collect();
    r.extend(
        hr.iter()
            .map(|&x| add_by_definition(s, g, x, memo))
            .collect::<Vec<_>>(),
    );
    let v = s.game(&l, &r);
    memo.insert((g, h), v);
    v
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// Sums of random games with numbers (the translation the store builds
    /// with no comparison, `{G^L + x | G^R + x}`) and with each other agree
    /// with the sum by the definition; a translate's options are the
    /// translated options, and taking the number away gives the game back.
    #[test]
    fn sums_with_numbers_follow_the_definition(picks in proptest::collection::vec(any::<u8>(), 40), k in -40i64..=40, e in 0u32..4) {
        let mut s = GameStore::new();
        let pool = random_game(&mut s, &picks);
        let x = s.dyadic(Dyadic::new(k, e));
        let mut memo = HashMap::new();
        for &g in pool.iter().rev().take(5) {
            let fast = s.add(g, x);
            let def = add_by_definition(&mut s, g, x, &mut memo);
            prop_assert_eq!(fast, def, "{} + {}", s.display(g), s.display(x));
            prop_assert_eq!(s.sub(fast, x), g);
            if s.as_nus(g).is_none() {
                let (gl, gr) = s.options(g);
                let mut l: Vec<GameId> = gl.iter().map(|&o| s.add(o, x)).collect();
                let mut r: Vec<GameId> = gr.iter().map(|&o| s.add(o, x)).collect();
                l.sort_unstable();
                r.sort_unstable();
                let (fl, fr) = s.options(fast);
                prop_assert_eq!((fl, fr), (l, r));
            }
            let h = pool[usize::from(picks[0]) % pool.len()];
            let both = s.add(g, h);
            prop_assert_eq!(both, add_by_definition(&mut s, g, h, &mut memo));
        }
    }
}

#[test]
fn numbers_cooled_below_their_temperature() {
    // m/2^k has temperature −1/2^k: above it the number stays, at or below
    // it the number is cooled through its options (CGSuite agrees:
    // 1/4.Cool(-1/4) = 1/4*).
    let mut s = GameStore::new();
    for (g, t, want) in [
        ("1/4", "-1/4", "1/4*"),
        ("1/4", "-1/8", "1/4"),
        ("1/2", "-1/2", "1/2*"),
        ("3/4", "-1/4", "3/4*"),
        ("-1/4", "-1/4", "-1/4*"),
        ("1/8", "-1/8", "1/8*"),
        ("5", "-1/2", "5"),
    ] {
        let x = s.parse(g).unwrap();
        let c = s.cool(x, &t.parse().unwrap());
        assert_eq!(s.display(c), want, "{g} cooled by {t}");
    }
    // The definition over the whole range, on every number of birthday ≤ 4.
    let mut memo = HashMap::new();
    for num in -16i64..=16 {
        let x = s.dyadic(Dyadic::new(num, 3));
        for k in -63i64..=16 {
            let fast = s.cool(x, &Dyadic::new(k, 6));
            let def = cool_by_definition(&mut s, x, k, &mut memo);
            assert_eq!(fast, def, "{} cooled by {k}/64", s.display(x));
        }
    }
}

#[test]
fn star_cooled_by_minus_one_half_is_a_switch() {
    let mut s = GameStore::new();
    let star = s.parse("*").unwrap();
    let c = s.cool(star, &"-1/2".parse().unwrap());
    assert_eq!(c, s.parse("+-1/2").unwrap());
    assert!(!sprague::partizan::cooling_defined(&"-1".parse().unwrap()));
}
