//! Mates, restive and restless games in misère play (issue 19, item 2):
//! `MisereStore::mate`, `is_restive`, `is_restless` and `Genus::restive`,
//! each checked against a brute-force definition on small games.
//!
//! Sources: the mate as documented for `Mate` in CGSuite (whose misère pages
//! follow Winning Ways, ch. 13, and Siegel, Combinatorial Game Theory,
//! ch. V); restive and restless as CGSuite classifies games (after Conway,
//! On Numbers and Games, ch. 12); misère Nim as in Winning Ways, ch. 13.

use proptest::prelude::*;
use sprague::Outcome;
use sprague::impartial::{Genus, MisereGame, MisereStore};
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// A game as a plain tree of options, no simplification.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Tree(Vec<Tree>);

fn tree_sum(a: &Tree, b: &Tree) -> Tree {
    let mut opts: Vec<Tree> = a.0.iter().map(|x| tree_sum(x, b)).collect();
    opts.extend(b.0.iter().map(|y| tree_sum(a, y)));
    Tree(opts)
}

/// The misère outcome by the definition: the player to move wins when there
/// is no move or a move to a position where the next player loses.
fn next_wins(t: &Tree, memo: &mut HashMap<Tree, bool>) -> bool {
    if let Some(&v) = memo.get(t) {
        return v;
    }
    let v = t.0.is_empty() || t.0.iter().any(|o| !next_wins(o, memo));
    memo.insert(t.clone(), v);
    v
}

/// The mate by its definition, on the tree as given: `0⁻ = *1`, otherwise
/// the mates of the options.
fn mate_tree(t: &Tree) -> Tree {
    if t.0.is_empty() {
        Tree(vec![Tree(vec![])])
    } else {
        Tree(t.0.iter().map(mate_tree).collect())
    }
}

fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let set: BTreeSet<u64> = values.into_iter().collect();
    (0..).find(|v| !set.contains(v)).unwrap_or(0)
}

/// `(G⁺, G⁻)` of a tree by the definitions: the normal Grundy value, and the
/// misère one (1 for the empty game, else the mex of the options').
fn plus_minus(t: &Tree) -> (u64, u64) {
    let opts: Vec<(u64, u64)> = t.0.iter().map(plus_minus).collect();
    let plus = mex(opts.iter().map(|p| p.0));
    let minus = if opts.is_empty() {
        1
    } else {
        mex(opts.iter().map(|p| p.1))
    };
    (plus, minus)
}

/// Conway's pair condition (On Numbers and Games, ch. 12): `G⁺ = G⁻`, or
/// both are 0 or 1.
fn tame_pair((plus, minus): (u64, u64)) -> bool {
    plus == minus || (plus <= 1 && minus <= 1)
}

/// Every position of the tree meets the pair condition.
fn hereditarily_tame(t: &Tree) -> bool {
    tame_pair(plus_minus(t)) && t.0.iter().all(hereditarily_tame)
}

fn form(s: &mut MisereStore, t: &Tree) -> MisereGame {
    let opts: Vec<MisereGame> = t.0.iter().map(|o| form(s, o)).collect();
    s.game(&opts).unwrap()
}

fn tree_of(s: &MisereStore, g: MisereGame) -> Tree {
    Tree(s.options(g).into_iter().map(|o| tree_of(s, o)).collect())
}

/// Every game born by day `days`, as canonical forms without repeats.
fn born_by(s: &mut MisereStore, days: usize) -> Vec<MisereGame> {
    let mut games = vec![s.zero()];
    for _ in 0..days {
        let mut next = BTreeSet::new();
        for mask in 0u64..(1 << games.len()) {
            let opts: Vec<MisereGame> = (0..games.len())
                .filter(|&i| mask >> i & 1 == 1)
                .map(|i| games[i])
                .collect();
            next.insert(s.game(&opts).unwrap());
        }
        games = next.into_iter().collect();
    }
    games
}

/// The games of the sample: all 22 born by day 4, and games whose 1 to 3
/// options are born by day 4 (a fixed pseudo-random choice of `extra`).
fn sample(s: &mut MisereStore, extra: usize) -> Vec<MisereGame> {
    let day4 = born_by(s, 4);
    let mut games = day4.clone();
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    for _ in 0..extra {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let k = 1 + (x % 3) as usize;
        let opts: Vec<MisereGame> = (0..k)
            .map(|i| day4[((x >> (8 + 5 * i)) % day4.len() as u64) as usize])
            .collect();
        games.push(s.game(&opts).unwrap());
    }
    games.sort_unstable();
    games.dedup();
    games
}

fn outcome_of_sum(s: &mut MisereStore, a: MisereGame, b: MisereGame) -> Outcome {
    let t = s.sum(a, b).unwrap();
    s.outcome(t)
}

#[test]
fn mates_of_nim_heaps() {
    // From the definition: 0⁻ = *1, *1⁻ = {0⁻} = {*1} = 0 and, for n ≥ 2,
    // *n⁻ = {0⁻, *1⁻, …} = *n. The sums *1 + 0 and *n + *n (n ≥ 2) are the
    // misère Nim P-positions of Bouton's rule (Winning Ways, ch. 13).
    let mut s = MisereStore::new();
    let one = s.nim(1).unwrap();
    assert_eq!(s.mate(s.zero()).unwrap(), one);
    assert_eq!(s.mate(one).unwrap(), s.zero());
    for n in 2..8 {
        let h = s.nim(n).unwrap();
        assert_eq!(s.mate(h).unwrap(), h, "*{n}");
        assert_eq!(outcome_of_sum(&mut s, h, h), Outcome::P);
    }
    // {*2}⁻ = {*2⁻} = {*2}, and {*2} + {*2} is a P-position.
    let sharp = s.parse("*[2#]").unwrap();
    assert_eq!(s.mate(sharp).unwrap(), sharp);
    assert_eq!(outcome_of_sum(&mut s, sharp, sharp), Outcome::P);
    // {*2, *1}⁻ = {*2, 0}, a different game.
    let g = s.parse("*[2#,1]").unwrap();
    let m = s.mate(g).unwrap();
    assert_eq!(s.display(m), "*[2#,0]");
    assert_eq!(outcome_of_sum(&mut s, g, m), Outcome::P);
}

#[test]
fn restive_and_restless_examples() {
    // Computed examples (no published list of small restive games was
    // found): {{*2}, 0} has G⁺ = 1, G⁻ = 2 and tame options, so it is
    // restive, of genus 1^20; {{*2}, *1} has G⁺ = 2, G⁻ = 1: restless.
    let mut s = MisereStore::new();
    let restive = s.parse("*[2#,0]").unwrap();
    assert_eq!((s.grundy(restive), s.misere_grundy(restive)), (1, 2));
    assert!(s.is_restive(restive).unwrap());
    assert!(!s.is_restless(restive).unwrap());
    assert!(!s.is_tame(restive).unwrap());
    assert_eq!(s.genus(restive).unwrap().to_string(), "1^20");
    let restless = s.parse("*[2#,1]").unwrap();
    assert_eq!((s.grundy(restless), s.misere_grundy(restless)), (2, 1));
    assert!(s.is_restless(restless).unwrap());
    assert!(!s.is_restive(restless).unwrap());
    // Nim heaps are tame, never restive or restless.
    for n in 0..6 {
        let h = s.nim(n).unwrap();
        assert!(!s.is_restive(h).unwrap() && !s.is_restless(h).unwrap());
    }
    // The restive genus from (G⁺, G⁻) alone.
    let shown = |g: u64, m: u64| Genus::restive(g, m).map(|x| x.to_string());
    assert_eq!(shown(1, 2).as_deref(), Some("1^20"));
    assert_eq!(shown(0, 2).as_deref(), Some("0^20"));
    assert_eq!(shown(1, 3).as_deref(), Some("1^31"));
    assert_eq!(shown(1, 4).as_deref(), Some("1^431"));
    assert_eq!(shown(0, 5).as_deref(), Some("0^520"));
    assert_eq!(Genus::restive(2, 3), None);
    assert_eq!(Genus::restive(0, 1), None);
}

/// All games born by day 4 and about 550 with 1–3 options born by
/// day 4: every property against its brute-force definition.
#[test]
fn small_games_against_the_definitions() {
    let mut s = MisereStore::with_max_games(4_000_000);
    let games = sample(&mut s, 1500);
    let nims = nim_positions(&mut s);
    let mut restive_count = 0;
    let mut restless_count = 0;
    // (G⁺, G⁻, Nim position) -> outcomes of restive G plus it.
    let mut company: BTreeMap<(u64, u64, Vec<u64>), BTreeSet<bool>> = BTreeMap::new();
    for &g in &games {
        let tree = tree_of(&s, g);
        let name = s.display(g);
        // The mate: G + G⁻ is a P-position, and mating twice gives G back.
        let m = s.mate(g).unwrap();
        assert_eq!(outcome_of_sum(&mut s, g, m), Outcome::P, "{name}");
        assert_eq!(s.mate(m).unwrap(), g, "{name}");
        // Tameness by genus agrees with Conway's pair condition.
        let tame = s.is_tame(g).unwrap();
        assert_eq!(tame, hereditarily_tame(&tree), "{name}");
        // Restive and restless by the definition on the canonical form.
        let (plus, minus) = plus_minus(&tree);
        let options_tame = tree.0.iter().all(hereditarily_tame);
        let restive = s.is_restive(g).unwrap();
        let restless = s.is_restless(g).unwrap();
        assert_eq!(restive, options_tame && plus <= 1 && minus >= 2, "{name}");
        assert_eq!(restless, options_tame && plus >= 2 && minus <= 1, "{name}");
        assert!(!(tame && (restive || restless)), "{name}");
        if restive {
            restive_count += 1;
            // The restive genus rule against the genus computed with sums.
            let direct = s.genus(g).unwrap();
            assert_eq!(Genus::restive(plus, minus), Some(direct.clone()), "{name}");
            assert!(!direct.is_tame_genus(), "{name}");
            for (heaps, n) in &nims {
                let p = outcome_of_sum(&mut s, g, *n) == Outcome::P;
                company.entry((plus, minus, heaps.clone())).or_default().insert(p);
            }
        }
        if restless {
            restless_count += 1;
        }
    }
    eprintln!(
        "{} games, {restive_count} restive, {restless_count} restless, {} (G⁺, G⁻, Nim position) cells",
        games.len(),
        company.len()
    );
    assert!(
        restive_count >= 10 && restless_count >= 10,
        "{restive_count} {restless_count}"
    );
    // Restive games with equal G⁺ and G⁻ are interchangeable next to Nim
    // positions (the genus theory's claim that a restive game plus Nim heaps
    // is decided by its genus, which depends on G⁺ and G⁻ alone).
    for (key, outcomes) in &company {
        assert_eq!(outcomes.len(), 1, "{key:?}");
    }
}

#[test]
fn restive_plus_tame_is_not_decided_by_the_tame_genus() {
    // Next to Nim positions a restive game is decided by G⁺ and G⁻ (tested
    // above); next to other tame games it is not: H = {*2 + *2, {*3, {*2}},
    // {*2}} is tame with the genus 2^20 of the heap *2, yet G = {{*2}, 0}
    // (restive) plus *2 is a P-position and G + H is not. Found by search
    // over the sample; the outcomes are checked on the game trees by the
    // definition, without the store.
    let mut s = MisereStore::new();
    let g = s.parse("*[2#,0]").unwrap();
    let h = s.parse("*[(3,2),(3,2#),2#]").unwrap();
    let two = s.nim(2).unwrap();
    assert!(s.is_restive(g).unwrap());
    assert!(s.is_tame(h).unwrap());
    assert_eq!(s.genus(h).unwrap(), s.genus(two).unwrap());
    assert_eq!(outcome_of_sum(&mut s, g, two), Outcome::P);
    assert_eq!(outcome_of_sum(&mut s, g, h), Outcome::N);
    let mut memo = HashMap::new();
    let (tg, th, t2) = (tree_of(&s, g), tree_of(&s, h), tree_of(&s, two));
    assert!(!next_wins(&tree_sum(&tg, &t2), &mut memo));
    assert!(next_wins(&tree_sum(&tg, &th), &mut memo));
}

#[test]
fn restive_plus_nim_follows_conways_rule() {
    // On Numbers and Games, ch. 12: next to a Nim position N whose heaps are
    // all 0, 1, g₀ or g₀ ⊕ 1, a restive G acts as *g₀ (the genus of G + N is
    // G's with the Nim-sum of N added to every entry); next to any other, as
    // *g (the genus of a Nim position of value g ⊕ n with a big heap). Every
    // restive game of the sample against the actual sum (its G⁺ and its
    // misère values with up to three copies of *2 added), next
    // to every Nim position of up to three heaps of at most 5; the outcomes
    // of a few sums also on the game trees by the definition.
    let mut s = MisereStore::with_max_games(4_000_000);
    let games = sample(&mut s, 400);
    let two = s.nim(2).unwrap();
    let nims = nim_positions(&mut s);
    let mut checked = 0;
    let mut as_g0 = 0;
    let mut memo = HashMap::new();
    for &g in &games {
        if !s.is_restive(g).unwrap() {
            continue;
        }
        let genus = s.genus(g).unwrap();
        let g0 = genus.term(0);
        for (heaps, n) in &nims {
            let want = genus.restive_plus_nim(heaps).unwrap();
            let sum = s.sum(g, *n).unwrap();
            let name = format!("{} + {heaps:?}", s.display(g));
            assert_eq!(s.grundy(sum), want.grundy, "{name}: {want}");
            // γ₀ … γ₃: the misère Grundy values of the sum plus k copies of *2.
            let mut x = sum;
            for k in 0..4 {
                assert_eq!(s.misere_grundy(x), want.term(k), "{name}: γ{k} of {want}");
                x = s.sum(x, two).unwrap();
            }
            assert_eq!(s.outcome(sum) == Outcome::P, want.term(0) == 0, "{name}");
            if heaps.iter().all(|&h| h <= 1 || h == g0 || h == g0 ^ 1) {
                as_g0 += 1;
            }
            if checked % 97 == 0 && s.birthday(g) <= 4 && heaps.iter().sum::<u64>() <= 6 {
                let t = tree_sum(&tree_of(&s, g), &tree_of(&s, *n));
                assert_eq!(!next_wins(&t, &mut memo), want.term(0) == 0, "{name} on trees");
            }
            checked += 1;
        }
    }
    eprintln!("{checked} restive + Nim sums, {as_g0} where G acts as *g₀");
    assert!(checked >= 500 && as_g0 >= 100, "{checked} {as_g0}");
    // Not a restive genus: no rule.
    assert_eq!(s.genus(two).unwrap().restive_plus_nim(&[1]), None);
}

fn arb_tree() -> impl Strategy<Value = Tree> {
    arb_tree_of(4, 16)
}

/// Random trees of depth at most `depth`, about `size` nodes, 0–2 options.
fn arb_tree_of(depth: u32, size: u32) -> impl Strategy<Value = Tree> {
    let leaf = Just(Tree(vec![]));
    leaf.prop_recursive(depth, size, 3, |inner| {
        prop::collection::vec(inner, 0..3).prop_map(Tree)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// On random game trees (birthday up to 4, not simplified): the tree
    /// plus its mate is a P-position by the definition of the outcome, and
    /// the store's mate of the canonical form is the form of the tree's
    /// mate (so the mate does not depend on the form chosen).
    #[test]
    fn mates_by_the_definition(t in arb_tree()) {
        let mut s = MisereStore::new();
        let mut memo = HashMap::new();
        let m = mate_tree(&t);
        prop_assert!(!next_wins(&tree_sum(&t, &m), &mut memo));
        let g = form(&mut s, &t);
        let mated = s.mate(g).unwrap();
        prop_assert_eq!(mated, form(&mut s, &m));
        let both = s.sum(g, mated).unwrap();
        prop_assert_eq!(s.outcome(both), Outcome::P);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The form of a sum computed from the forms equals the form of the
    /// sum's tree; outcomes from the forms equal the definition's, also
    /// next to a third game; a form is the same game as its tree.
    #[test]
    fn forms_add_and_keep_outcomes(a in arb_tree_of(3, 12), b in arb_tree_of(3, 12), c in arb_tree_of(3, 12)) {
        let mut s = MisereStore::new();
        let (fa, fb, fc) = (form(&mut s, &a), form(&mut s, &b), form(&mut s, &c));
        let sum = s.sum(fa, fb).unwrap();
        let direct = tree_sum(&a, &b);
        prop_assert_eq!(sum, form(&mut s, &direct));
        let mut memo = HashMap::new();
        for (g, t) in [(sum, direct.clone()), (fa, a.clone())] {
            let want = if next_wins(&t, &mut memo) { Outcome::N } else { Outcome::P };
            prop_assert_eq!(s.outcome(g), want);
        }
        // Equal forms are interchangeable: the form's tree plus c has the
        // outcome of the original plus c.
        let back = tree_of(&s, fa);
        prop_assert_eq!(next_wins(&tree_sum(&back, &c), &mut memo), next_wins(&tree_sum(&a, &c), &mut memo));
        let with_c = s.sum(sum, fc).unwrap();
        let want = if next_wins(&tree_sum(&direct, &c), &mut memo) { Outcome::N } else { Outcome::P };
        prop_assert_eq!(s.outcome(with_c), want);
        // Notation reads back.
        let text = s.display(sum);
        prop_assert_eq!(s.parse(&text).unwrap(), sum, "{}", text);
    }
}

#[test]
fn games_born_by_day_four() {
    // Conway, On Numbers and Games, pp. 139-140 (after Grundy and
    // Smith): counting games in simplest form, 1 game is born by day 0,
    // 2 by day 1, 3 by day 2, 5 by day 3 and 22 by day 4.
    let mut s = MisereStore::new();
    let counts: Vec<usize> = (0..=4).map(|d| born_by(&mut s, d).len()).collect();
    assert_eq!(counts, [1, 2, 3, 5, 22]);
}

#[test]
#[ignore = "2^22 option sets: under 3 minutes in a release build (run with --release -- --ignored; passed 2026-11-26)"]
fn games_born_by_day_five() {
    // Same source: 4171780 games by day 5.
    let mut s = MisereStore::with_max_games(10_000_000);
    assert_eq!(born_by(&mut s, 5).len(), 4_171_780);
}

/// The Nim positions of up to three heaps of at most 5 (heaps sorted), each
/// with its misère form.
fn nim_positions(s: &mut MisereStore) -> Vec<(Vec<u64>, MisereGame)> {
    let mut nims = Vec::new();
    for a in 0..6u64 {
        for b in a..6 {
            for c in b..6 {
                let (x, y, z) = (s.nim(a).unwrap(), s.nim(b).unwrap(), s.nim(c).unwrap());
                let t = s.sum(x, y).unwrap();
                nims.push((vec![a, b, c], s.sum(t, z).unwrap()));
            }
        }
    }
    nims
}
