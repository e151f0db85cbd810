//! Loopy partizan games: the published identities of Winning Ways (ch. 11),
//! Siegel's *Combinatorial Game Theory* (ch. VI) and CGSuite's documentation,
//! and property tests against the short-game engine and brute force.

use crate::loopy_graphs;

use loopy_graphs::random_graph;
use proptest::prelude::*;
use sprague::notation::parse_loopy;
use sprague::partizan::loopy::{LoopyGame, LoopyOutcome, Side, Winner};
use sprague::{GameId, GameStore, Outcome};

const BUDGET: usize = 1_000_000;

fn parse(s: &mut GameStore, text: &str) -> LoopyGame {
    parse_loopy(s, text, BUDGET).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn eq(a: &LoopyGame, b: &LoopyGame) -> bool {
    a.equals(b, BUDGET).unwrap()
}

fn ge(a: &LoopyGame, b: &LoopyGame) -> bool {
    a.ge(b, BUDGET).unwrap()
}

/// Outcomes by brute force: value iteration of "the mover wins within k
/// moves" until nothing changes; everything else is a draw.
fn outcomes_by_iteration(g: &LoopyGame) -> Vec<LoopyOutcome> {
    let n = g.position_count();
    // win[p][v]: player p to move at v wins (p = 0 Left, 1 Right); lose likewise.
    let mut win = [vec![false; n], vec![false; n]];
    let mut lose = [vec![false; n], vec![false; n]];
    loop {
        let mut changed = false;
        for v in 0..n {
            for p in 0..2 {
                let opts = if p == 0 {
                    g.left_options(v)
                } else {
                    g.right_options(v)
                };
                let w = opts.iter().any(|&x| lose[1 - p][x]);
                let l = opts.iter().all(|&x| win[1 - p][x]);
                if w && !win[p][v] {
                    win[p][v] = true;
                    changed = true;
                }
                if l && !lose[p][v] {
                    lose[p][v] = true;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    (0..n)
        .map(|v| {
            let res = |p: usize| {
                let mover = if p == 0 { Winner::Left } else { Winner::Right };
                let other = if p == 0 { Winner::Right } else { Winner::Left };
                if win[p][v] {
                    mover
                } else if lose[p][v] {
                    other
                } else {
                    Winner::Draw
                }
            };
            LoopyOutcome {
                left_first: res(0),
                right_first: res(1),
            }
        })
        .collect()
}

/// A random stopper of 1..=5 positions: one player's moves go to the same
/// or a later position, the other's only to later positions, so every cycle
/// is a run of one player's passes (not alternating).
fn random_stopper(picks: &[u8]) -> LoopyGame {
    let mut it = picks.iter().copied().cycle();
    let mut next = || usize::from(it.next().unwrap_or(0));
    let n = 1 + next() % 5;
    let left_passes = next() % 2 == 0;
    let (mut free, mut forward) = (Vec::new(), Vec::new());
    for v in 0..n {
        let (nf, nw) = (next() % 3, if v + 1 < n { next() % 3 } else { 0 });
        free.push((0..nf).map(|_| v + next() % (n - v)).collect::<Vec<usize>>());
        forward.push(
            (0..nw)
                .map(|_| v + 1 + next() % (n - v - 1).max(1))
                .collect::<Vec<usize>>(),
        );
    }
    let g = if left_passes {
        LoopyGame::new(free, forward, 0)
    } else {
        LoopyGame::new(forward, free, 0)
    };
    g.unwrap()
}

/// A random loop-free graph: options only to higher-numbered positions.
fn random_loopfree(picks: &[u8]) -> LoopyGame {
    let mut it = picks.iter().copied().cycle();
    let mut next = || usize::from(it.next().unwrap_or(0));
    let n = 1 + next() % 6;
    let mut left = Vec::new();
    let mut right = Vec::new();
    for v in 0..n {
        let span = n - v - 1;
        let (nl, nr) = if span == 0 {
            (0, 0)
        } else {
            (next() % 3, next() % 3)
        };
        left.push((0..nl).map(|_| v + 1 + next() % span.max(1)).collect());
        right.push((0..nr).map(|_| v + 1 + next() % span.max(1)).collect());
    }
    LoopyGame::new(left, right, 0).unwrap()
}

fn outcome(left_first: Winner, right_first: Winner) -> LoopyOutcome {
    LoopyOutcome {
        left_first,
        right_first,
    }
}

#[test]
fn outcome_tables_of_the_named_games() {
    // Winning Ways ch. 11: on and upon are positive (Left wins whoever
    // starts), over too; dud is a draw; tis lets Right, moving first, lose at
    // once and otherwise goes on forever.
    use Winner::{Draw as D, Left as L, Right as R};
    let table = [
        (LoopyGame::on(), outcome(L, L)),
        (LoopyGame::off(), outcome(R, R)),
        (LoopyGame::over(), outcome(L, L)),
        (LoopyGame::under(), outcome(R, R)),
        (LoopyGame::upon(), outcome(L, L)),
        (LoopyGame::dud(), outcome(D, D)),
        (LoopyGame::tis(), outcome(D, L)),
        (LoopyGame::tisn(), outcome(R, D)),
        (LoopyGame::zero(), outcome(R, L)),
    ];
    for (g, want) in table {
        assert_eq!(g.outcome(), want, "{g:?}");
        assert_eq!(outcomes_by_iteration(&g)[0], want, "{g:?}");
    }
    assert_eq!(LoopyGame::dud().outcome().code(), "D");
    assert_eq!(LoopyGame::tis().outcome().code(), "DL");
    assert_eq!(LoopyGame::zero().outcome().short(), Some(Outcome::P));
}

#[test]
fn stoppers_among_the_named_games() {
    // Siegel, CGT VI.2: on, off, over, under, upon are stoppers; dud and tis
    // have infinite alternating runs.
    for g in [
        LoopyGame::on(),
        LoopyGame::off(),
        LoopyGame::over(),
        LoopyGame::under(),
        LoopyGame::upon(),
    ] {
        assert!(g.is_stopper(), "{g:?}");
    }
    for g in [LoopyGame::dud(), LoopyGame::tis(), LoopyGame::tisn()] {
        assert!(!g.is_stopper(), "{g:?}");
    }
}

#[test]
fn plumtree_notation_matches_the_named_games() {
    // CGSuite's loopy games tutorial: on := {pass|}, off := {|pass},
    // over := {0|pass}, upon := {pass|*}; a{0|a} is another name for over.
    let mut s = GameStore::new();
    assert_eq!(parse(&mut s, "{pass|}"), LoopyGame::on());
    assert_eq!(parse(&mut s, "{|pass}"), LoopyGame::off());
    assert_eq!(parse(&mut s, "{0|pass}"), LoopyGame::over());
    assert_eq!(parse(&mut s, "{pass|0}"), LoopyGame::under());
    assert_eq!(parse(&mut s, "{pass|pass}"), LoopyGame::dud());
    assert_eq!(parse(&mut s, "a{0|a}"), LoopyGame::over());
    assert_eq!(parse(&mut s, "a = {0 | a}"), LoopyGame::over());
    assert!(eq(&parse(&mut s, "{pass|*}"), &LoopyGame::upon()));
    // Winning Ways ch. 11: tis = {tisn | }, tisn = { | tis}; CGSuite writes tis as a{{|a}|}.
    assert_eq!(parse(&mut s, "a{{|a}|}"), LoopyGame::tis());
    assert_eq!(parse(&mut s, "t = {n|}; n = {|t}; t"), LoopyGame::tis());
    assert_eq!(parse(&mut s, "tisn"), LoopyGame::tisn());
}

#[test]
fn on_plus_off_is_dud() {
    // Winning Ways ch. 11 (and CGSuite's "note the shorthand recognition of dud = on & off").
    let sum = LoopyGame::on().add(&LoopyGame::off(), BUDGET).unwrap();
    assert!(!sum.is_stopper());
    assert_eq!(sum.outcome(), LoopyGame::dud().outcome());
    assert!(eq(&sum, &LoopyGame::dud()));
    assert_eq!(sum.onside(BUDGET).unwrap(), Some(LoopyGame::on()));
    assert_eq!(sum.offside(BUDGET).unwrap(), Some(LoopyGame::off()));
}

#[test]
fn on_plus_on_is_on_and_off_plus_off_is_off() {
    // Winning Ways ch. 11.
    let on2 = LoopyGame::on().add(&LoopyGame::on(), BUDGET).unwrap();
    assert!(on2.is_stopper());
    assert!(eq(&on2, &LoopyGame::on()));
    assert_eq!(on2.canonical(BUDGET).unwrap(), LoopyGame::on());
    let off2 = LoopyGame::off().add(&LoopyGame::off(), BUDGET).unwrap();
    assert_eq!(off2.canonical(BUDGET).unwrap(), LoopyGame::off());
}

#[test]
fn tis_is_one_and_zero() {
    // CGSuite's StopperSidedValue documentation: tis = a{{|a}|} = 1 & 0
    // (Winning Ways ch. 11: the onside of tis is 1, its offside 0); tisn = 0 & -1.
    let mut s = GameStore::new();
    let one = parse(&mut s, "1");
    let zero = LoopyGame::zero();
    let minus_one = parse(&mut s, "-1");
    let tis = LoopyGame::tis();
    assert!(
        tis.onside(BUDGET)
            .unwrap()
            .unwrap()
            .is_isomorphic(&one, BUDGET)
            .unwrap()
    );
    assert!(
        tis.offside(BUDGET)
            .unwrap()
            .unwrap()
            .is_isomorphic(&zero, BUDGET)
            .unwrap()
    );
    let tisn = LoopyGame::tisn();
    assert!(
        tisn.onside(BUDGET)
            .unwrap()
            .unwrap()
            .is_isomorphic(&zero, BUDGET)
            .unwrap()
    );
    assert!(
        tisn.offside(BUDGET)
            .unwrap()
            .unwrap()
            .is_isomorphic(&minus_one, BUDGET)
            .unwrap()
    );
    // Sides add: tis + tisn = (1 + 0) & (0 + -1) = 1 & -1.
    let sum = tis.add(&tisn, BUDGET).unwrap();
    assert!(
        sum.ge_side(&one, Side::Onside, BUDGET).unwrap() && one.ge_side(&sum, Side::Onside, BUDGET).unwrap()
    );
    assert!(sum.ge_side(&minus_one, Side::Offside, BUDGET).unwrap());
    assert!(minus_one.ge_side(&sum, Side::Offside, BUDGET).unwrap());
}

#[test]
fn over_is_positive_and_below_every_positive_number() {
    // Winning Ways ch. 11: over = {0 | over} is a positive infinitesimal, less than
    // 1/2^n for every n; under = -over. Also upon > 0 (upon = {pass | *}).
    let mut s = GameStore::new();
    let over = LoopyGame::over();
    let zero = LoopyGame::zero();
    assert!(ge(&over, &zero) && !ge(&zero, &over));
    for text in ["1", "1/2", "1/8", "1/64"] {
        let x = parse(&mut s, text);
        assert!(ge(&x, &over) && !ge(&over, &x), "{text}");
    }
    let under = LoopyGame::under();
    assert!(eq(&under, &over.neg()));
    assert!(ge(&zero, &under) && !ge(&under, &zero));
    let upon = LoopyGame::upon();
    assert!(ge(&upon, &zero) && !ge(&zero, &upon));
}

#[test]
fn over_plus_under_is_over_and_under() {
    // Computed (CGSuite's loopy tutorial shows over - over as an example of
    // sidling, without its value): over + under is not a stopper, a draw
    // whoever starts; its onside is over and its offside under, the sum of the
    // components' sides, so it is not dud = on & off.
    let sum = LoopyGame::over().add(&LoopyGame::under(), BUDGET).unwrap();
    assert!(!sum.is_stopper());
    assert_eq!(sum.outcome().code(), "D");
    assert_eq!(sum.onside(BUDGET).unwrap(), Some(LoopyGame::over()));
    assert_eq!(sum.offside(BUDGET).unwrap(), Some(LoopyGame::under()));
    assert!(!eq(&sum, &LoopyGame::dud()));
    // Its onside differs from on: on + under stays ≥ over + under, not ≤.
    assert!(LoopyGame::on().ge_side(&sum, Side::Onside, BUDGET).unwrap());
    assert!(!sum.ge_side(&LoopyGame::on(), Side::Onside, BUDGET).unwrap());
}

#[test]
fn figure_vi_3_2_keeps_its_four_cycle() {
    // CGSuite's loopy tutorial, after Siegel CGT Figure VI.3.2: a{0||||0|||a|*||*}
    // is a stopper whose canonical form has an irreducible 4-cycle.
    let mut s = GameStore::new();
    let g = parse(&mut s, "a{0||||0|||a|*||*}");
    assert!(g.is_stopper());
    let c = g.canonical(BUDGET).unwrap();
    assert!(!c.is_loopfree());
    // The shortest cycle through the start has four moves.
    let n = c.position_count();
    let mut dist = vec![usize::MAX; n];
    let mut queue = std::collections::VecDeque::new();
    dist[c.start()] = 0;
    queue.push_back(c.start());
    let mut cycle = None;
    while let Some(v) = queue.pop_front() {
        for w in c.left_options(v).into_iter().chain(c.right_options(v)) {
            if w == c.start() && cycle.is_none() {
                cycle = Some(dist[v] + 1);
            }
            if dist[w] == usize::MAX {
                dist[w] = dist[v] + 1;
                queue.push_back(w);
            }
        }
    }
    assert_eq!(cycle, Some(4));
    assert!(eq(&g, &c));
}

#[test]
fn on_and_off_bound_every_finite_game() {
    // Winning Ways ch. 11: on is at least every game and off at most.
    let mut s = GameStore::new();
    let on = LoopyGame::on();
    let off = LoopyGame::off();
    for text in ["0", "*", "^", "{3|-2}", "100", "-100", "{1|*}+v", "±5"] {
        let g = parse(&mut s, text);
        assert!(ge(&on, &g) && !ge(&g, &on), "{text}");
        assert!(ge(&g, &off) && !ge(&off, &g), "{text}");
    }
}

#[test]
fn display_names_and_round_trip() {
    let mut s = GameStore::new();
    assert_eq!(LoopyGame::on().display(&mut s), "on");
    assert_eq!(LoopyGame::dud().display(&mut s), "dud");
    assert_eq!(LoopyGame::upon().display(&mut s), "upon");
    let g = parse(&mut s, "a{0||||0|||a|*||*}").canonical(BUDGET).unwrap();
    let text = g.display(&mut s);
    assert!(text.starts_with('a'), "{text}");
    let back = parse(&mut s, &text);
    assert!(
        back.canonical(BUDGET).unwrap().is_isomorphic(&g, BUDGET).unwrap(),
        "{text}"
    );
}

#[test]
fn bad_loopy_text_is_an_error_with_a_column() {
    let mut s = GameStore::new();
    for (text, column) in [
        ("{0|b}", 4),
        ("pass", 1),
        ("a = a + 1; a", 5),
        ("{0|pass", 1),
        ("a = {0|a}; a = 1; a", 12),
        ("on = 1; on", 1),
        ("{0 | over} +", 13),
    ] {
        match parse_loopy(&mut s, text, BUDGET) {
            Err(sprague::notation::LoopyParseError::Parse(e)) => {
                assert_eq!(e.column, column, "{text}: {e}");
            }
            other => panic!("{text}: {other:?}"),
        }
    }
    // A graph past the budget stops cleanly.
    assert!(matches!(
        parse_loopy(&mut s, "a = {0 | a + 1}; a", 50),
        Err(sprague::notation::LoopyParseError::Budget(_))
    ));
}

/// A random short game: a loop-free random graph's canonical form.
fn short_of(s: &mut GameStore, g: &LoopyGame) -> GameId {
    g.to_short(s).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn outcomes_match_value_iteration(picks in proptest::collection::vec(any::<u8>(), 40)) {
        let g = random_graph(&picks);
        prop_assert_eq!(g.outcomes(), outcomes_by_iteration(&g));
    }

    #[test]
    fn loopfree_games_agree_with_the_short_engine(a in proptest::collection::vec(any::<u8>(), 30), b in proptest::collection::vec(any::<u8>(), 30)) {
        let mut s = GameStore::new();
        let (ga, gb) = (random_loopfree(&a), random_loopfree(&b));
        let (xa, xb) = (short_of(&mut s, &ga), short_of(&mut s, &gb));
        prop_assert!(ga.is_stopper());
        // Outcome.
        prop_assert_eq!(ga.outcome().short(), Some(s.outcome(xa)));
        // Comparison.
        prop_assert_eq!(ga.ge(&gb, BUDGET).unwrap(), s.le(xb, xa));
        prop_assert_eq!(ga.ge_side(&gb, Side::Onside, BUDGET).unwrap(), s.le(xb, xa));
        prop_assert_eq!(ga.ge_side(&gb, Side::Offside, BUDGET).unwrap(), s.le(xb, xa));
        // Sum.
        let sum = ga.add(&gb, BUDGET).unwrap();
        let xs = s.add(xa, xb);
        prop_assert_eq!(short_of(&mut s, &sum), xs);
        // Simplest form: the short canonical form's graph.
        let c = ga.canonical(BUDGET).unwrap();
        let want = LoopyGame::from_short(&mut s, xa).unwrap();
        prop_assert!(c.is_isomorphic(&want, BUDGET).unwrap());
        prop_assert_eq!(c.position_count(), want.position_count());
        // Display round trip.
        let text = c.display(&mut s);
        prop_assert_eq!(text.clone(), s.display(xa));
        let back = parse_loopy(&mut s, &text, BUDGET).unwrap();
        prop_assert_eq!(short_of(&mut s, &back), xa);
    }

    #[test]
    fn stopper_order_is_a_partial_order(a in proptest::collection::vec(any::<u8>(), 40), b in proptest::collection::vec(any::<u8>(), 40), c in proptest::collection::vec(any::<u8>(), 40)) {
        let gs: Vec<LoopyGame> = [a, b, c].iter().map(|p| random_stopper(p)).collect();
        for g in &gs {
            prop_assert!(g.is_stopper());
        }
        for x in &gs {
            prop_assert!(ge(x, x));
            prop_assert!(ge(&LoopyGame::on(), x) && ge(x, &LoopyGame::off()));
            for y in &gs {
                let xy = ge(x, y);
                // Both sides agree with survival for stoppers.
                prop_assert_eq!(x.ge_side(y, Side::Onside, BUDGET).unwrap(), xy);
                prop_assert_eq!(x.ge_side(y, Side::Offside, BUDGET).unwrap(), xy);
                if xy && ge(y, x) {
                    let (cx, cy) = (x.canonical(BUDGET).unwrap(), y.canonical(BUDGET).unwrap());
                    prop_assert!(cx.is_isomorphic(&cy, BUDGET).unwrap());
                }
                for z in &gs {
                    if xy && ge(y, z) {
                        prop_assert!(ge(x, z));
                    }
                }
            }
        }
    }

    #[test]
    fn simplest_form_of_a_stopper_is_equal_idempotent_and_unique(picks in proptest::collection::vec(any::<u8>(), 40), x in proptest::collection::vec(any::<u8>(), 20)) {
        let g = random_stopper(&picks);
        prop_assert!(g.is_stopper());
        let c = g.canonical(BUDGET).unwrap();
        prop_assert!(c.position_count() <= g.position_count());
        prop_assert!(eq(&g, &c));
        prop_assert!(c.canonical(BUDGET).unwrap().is_isomorphic(&c, BUDGET).unwrap());
        prop_assert_eq!(c.outcome(), g.outcome());
        // G + x − x for a short x is G: the same simplest form.
        let mut s = GameStore::new();
        let short = random_loopfree(&x);
        let bigger = LoopyGame::sum(&[&g, &short, &short.neg()], BUDGET).unwrap();
        prop_assume!(bigger.is_stopper());
        let cb = bigger.canonical(BUDGET).unwrap();
        prop_assert!(cb.is_isomorphic(&c, BUDGET).unwrap(), "{} vs {}", cb.display(&mut s), c.display(&mut s));
        // The printed form reads back as the same game.
        let text = c.display(&mut s);
        let back = parse_loopy(&mut s, &text, BUDGET).unwrap();
        prop_assert!(back.canonical(BUDGET).unwrap().is_isomorphic(&c, BUDGET).unwrap(), "{}", text);
    }

    #[test]
    fn dud_absorbs_every_game(picks in proptest::collection::vec(any::<u8>(), 40)) {
        // In G + dud either player may always pass in dud: nobody ever loses.
        let g = random_graph(&picks);
        let sum = g.add(&LoopyGame::dud(), BUDGET).unwrap();
        prop_assert_eq!(sum.outcome().code(), "D");
        prop_assert!(eq(&sum, &LoopyGame::dud()));
    }

    #[test]
    fn sides_found_are_exact_and_ordered(picks in proptest::collection::vec(any::<u8>(), 40)) {
        let g = random_graph(&picks);
        let on = g.onside(BUDGET).unwrap();
        let off = g.offside(BUDGET).unwrap();
        if let Some(s) = &on {
            prop_assert!(s.is_stopper());
            prop_assert!(s.ge_side(&g, Side::Onside, BUDGET).unwrap() && g.ge_side(s, Side::Onside, BUDGET).unwrap());
        }
        if let Some(t) = &off {
            prop_assert!(t.is_stopper());
            prop_assert!(t.ge_side(&g, Side::Offside, BUDGET).unwrap() && g.ge_side(t, Side::Offside, BUDGET).unwrap());
        }
        if let (Some(s), Some(t)) = (&on, &off) {
            // Winning Ways ch. 11: the onside is at least the offside.
            prop_assert!(ge(s, t));
        }
        if g.is_stopper() {
            prop_assert!(on.is_some() && off.is_some());
        }
    }

    #[test]
    fn negation_reverses_the_order(a in proptest::collection::vec(any::<u8>(), 40), b in proptest::collection::vec(any::<u8>(), 40)) {
        let (x, y) = (random_graph(&a), random_graph(&b));
        prop_assert_eq!(ge(&x, &y), ge(&y.neg(), &x.neg()));
    }
}
