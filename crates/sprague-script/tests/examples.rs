//! The rules scripts of `examples/rules/` against the built-in rulesets and
//! against definition-level oracles written here in Rust.

use proptest::prelude::*;
use sprague::loopy::{SolvedValue, Wld, solve_graph};
use sprague::{Data, DiGraph, Monitor, Options, Ruleset};
use sprague_script::{Limits, ScriptRuleset};

fn example(name: &str) -> ScriptRuleset {
    let path = format!("{}/../../examples/rules/{name}", env!("CARGO_MANIFEST_DIR"));
    ScriptRuleset::load(&path, Limits::default()).expect("the example loads")
}

fn table(r: &dyn Ruleset, count: usize, misere: bool) -> sprague::Table {
    let monitor = Monitor::default();
    r.table(count, &Options::new(&monitor).misere(misere), &mut |_| true)
        .expect("the table is computed")
}

fn value(r: &dyn Ruleset, position: &str, misere: bool) -> sprague::Report {
    let monitor = Monitor::default();
    r.value(position, &Options::new(&monitor).misere(misere))
        .unwrap_or_else(|e| panic!("{position}: {e}"))
}

fn field<'a>(r: &'a sprague::Report, key: &str) -> &'a Data {
    r.data
        .get(key)
        .unwrap_or_else(|| panic!("no field {key} in {}", r.text()))
}

#[test]
fn kayles_table_matches_the_builtin_with_its_proven_period() {
    let script = example("kayles.rhai");
    let builtin = sprague::build("kayles").unwrap();
    let a = table(&script, 200, false);
    let b = table(&*builtin, 200, false);
    assert_eq!(a, b);
    // Kayles: period 12 from n = 71 (Guy and Smith; Winning Ways ch. 4).
    let p = a.period.unwrap();
    assert_eq!((p.period, p.preperiod, p.proven), (12, 71, true));
}

#[test]
fn kayles_misere_table_matches_the_builtin() {
    let script = example("kayles.rhai");
    let builtin = sprague::build("kayles").unwrap();
    assert_eq!(table(&script, 25, true).values, table(&*builtin, 25, true).values);
}

#[test]
fn dawsons_chess_matches_octal_0137() {
    let script = example("dawsons-chess.rhai");
    let builtin = sprague::build("octal:0.137").unwrap();
    let a = table(&script, 200, false);
    assert_eq!(a, table(&*builtin, 200, false));
    // Dawson's Chess: period 34 from n = 52 (Winning Ways ch. 4).
    let p = a.period.unwrap();
    assert_eq!((p.period, p.preperiod, p.proven), (34, 52, true));
}

#[test]
fn a_script_that_leaves_its_octal_code_gets_no_proof() {
    // Kayles, except that heaps of 150 or more may also lose 5 tokens: the
    // values up to 149 are Kayles's, but no octal code describes every heap,
    // so whatever period shows is not proven.
    let source = std::fs::read_to_string(format!(
        "{}/../../examples/rules/kayles.rhai",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
    .replace(
        "move_to_splits(n - 2);",
        "move_to_splits(n - 2); if n >= 150 { move_to_splits(n - 5); }",
    );
    assert!(source.contains("n >= 150"), "the example changed: {source}");
    let r = ScriptRuleset::from_source("odd.rhai", &source, Limits::default()).unwrap();
    let t = table(&r, 200, false);
    let kayles = table(&*sprague::build("kayles").unwrap(), 200, false);
    assert_eq!(t.values[..150], kayles.values[..150]);
    assert!(t.period.is_none_or(|p| !p.proven), "{:?}", t.period);
}

#[test]
fn a_family_that_is_not_made_of_heaps_is_solved_position_by_position() {
    // Subtraction {1, 2} with a flag that flips on every move: G(n) = n mod 3,
    // but options [m, 1] are not start(m) = [m, 0], so the heap machinery
    // does not apply and the period is not proven.
    let source = "
        fn moves(p) { let out = []; for k in 1..=2 { if p[0] >= k { out.push([p[0] - k, 1 - p[1]]); } } out }
        fn start(n) { [n, 0] }
    ";
    let r = ScriptRuleset::from_source("flag.rhai", source, Limits::default()).unwrap();
    let t = table(&r, 60, false);
    assert_eq!(t.values, (0..60).map(|n| n % 3).collect::<Vec<u64>>());
    let p = t.period.unwrap();
    assert_eq!((p.period, p.proven), (3, false));
}

#[test]
fn cutcake_matches_the_builtin_on_every_small_cake() {
    let script = example("cutcake.rhai");
    let builtin = sprague::build("cutcake").unwrap();
    for w in 1..=5 {
        for h in 1..=5 {
            let pos = format!("{w}x{h} 2x3");
            let (a, b) = (value(&script, &pos, false), value(&*builtin, &pos, false));
            assert_eq!(field(&a, "value"), field(&b, "value"), "{pos}");
            assert_eq!(a.outcome(), b.outcome(), "{pos}");
            for side in ["left_winning_moves", "right_winning_moves"] {
                assert_eq!(cakes(field(&a, side)), cakes(field(&b, side)), "{pos} {side}");
            }
        }
    }
}

/// Winning moves as sorted lists of cakes, 1x1 cakes (worth 0, which the
/// built-in leaves out) dropped.
fn cakes(moves: &Data) -> Vec<Vec<String>> {
    let Data::List(items) = moves else {
        return Vec::new();
    };
    let mut out: Vec<Vec<String>> = items
        .iter()
        .map(|m| {
            let mut v: Vec<String> = m
                .get("to")
                .and_then(Data::as_text)
                .unwrap()
                .split_whitespace()
                .filter(|c| *c != "1x1")
                .map(str::to_string)
                .collect();
            v.sort();
            v
        })
        .collect();
    out.sort();
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    /// Sums of Kayles rows: the script and the built-in agree on the value
    /// and on every winning move, in normal and misère play.
    #[test]
    fn kayles_sums_match_the_builtin(rows in prop::collection::vec(1u64..9, 1..4), misere in any::<bool>()) {
        let script = example("kayles.rhai");
        let builtin = sprague::build("kayles").unwrap();
        let pos = rows.iter().map(u64::to_string).collect::<Vec<_>>().join(" ");
        let (a, b) = (value(&script, &pos, misere), value(&*builtin, &pos, misere));
        prop_assert_eq!(a.outcome(), b.outcome());
        prop_assert_eq!(a.grundy(), b.grundy());
        let moves = |r: &sprague::Report| {
            let mut v: Vec<String> = match field(r, "winning_moves") {
                Data::List(items) => items
                    .iter()
                    .map(|m| m.get("to").and_then(Data::as_text).unwrap().to_string())
                    .collect(),
                _ => Vec::new(),
            };
            // Same positions, written with heaps in any order.
            for m in &mut v {
                let mut w: Vec<u64> =
                    m.split_whitespace().filter(|&x| x != "+").map(|x| x.parse().unwrap()).filter(|&x| x > 0).collect();
                w.sort_unstable();
                *m = format!("{w:?}");
            }
            // The same position reached from either of two equal rows is one
            // option of the script's sum (the built-in lists both moves).
            v.sort();
            v.dedup();
            v
        };
        prop_assert_eq!(moves(&a), moves(&b));
    }

    /// A token on a random directed graph (cycles allowed): the script's
    /// win/lose/draw and remoteness match the engine's graph solver.
    #[test]
    fn random_loopy_graphs_match_the_graph_solver(
        edges in prop::collection::vec(prop::collection::vec(0usize..7, 0..3), 7)
    ) {
        let lists: Vec<String> = edges.iter().map(|e| format!("{e:?}")).collect();
        let source = format!("fn loopy() {{ true }}\nfn moves(v) {{ [{}][v] }}", lists.join(", "));
        let r = ScriptRuleset::from_source("g.rhai", &source, Limits::default()).unwrap();
        let pairs: Vec<(u32, u32)> = edges
            .iter()
            .enumerate()
            .flat_map(|(u, e)| e.iter().map(move |&v| (u as u32, v as u32)))
            .collect();
        let graph = graph_of(7, &pairs);
        let solved = solve_graph(&graph, |_| Wld::Lose).unwrap();
        for v in 0..7 {
            let report = value(&r, &v.to_string(), false);
            prop_assert_eq!(report_value(&report), solved.get(v));
        }
    }
}

fn graph_of(n: usize, pairs: &[(u32, u32)]) -> DiGraph {
    let (s, t): (Vec<u32>, Vec<u32>) = pairs.iter().copied().unzip();
    DiGraph::from_edges(n, &s, &t).unwrap()
}

/// The outcome and remoteness of a win/lose/draw report.
fn report_value(r: &sprague::Report) -> SolvedValue {
    let remoteness = r
        .data
        .get("remoteness")
        .and_then(Data::as_int)
        .map(|x| u32::try_from(x).unwrap());
    match (r.outcome(), remoteness) {
        (Some("W"), Some(n)) => SolvedValue::win(n),
        (Some("L"), Some(n)) => SolvedValue::lose(n),
        (Some("D"), _) => SolvedValue::DRAW,
        other => panic!("unexpected {other:?} in {}", r.text()),
    }
}

#[test]
fn loopy_graph_example_matches_the_graph_solver() {
    let r = example("loopy-graph.rhai");
    let edges: &[&[u32]] = &[&[1, 2], &[3], &[0, 4], &[], &[5], &[4, 6], &[], &[7, 8], &[7]];
    let pairs: Vec<(u32, u32)> = edges
        .iter()
        .enumerate()
        .flat_map(|(u, e)| e.iter().map(move |&v| (u as u32, v)))
        .collect();
    let graph = graph_of(edges.len(), &pairs);
    let solved = solve_graph(&graph, |_| Wld::Lose).unwrap();
    let mut draws = 0;
    for v in 0..edges.len() {
        let got = report_value(&value(&r, &v.to_string(), false));
        assert_eq!(got, solved.get(v), "vertex {v}");
        draws += usize::from(got == SolvedValue::DRAW);
    }
    assert_eq!(draws, 2, "7 and 8 chase each other for ever");
}

/// The cop-and-robber graph of `examples/rules/pursuit.rhai`.
const PURSUIT: [&[usize]; 7] = [&[1, 4, 5], &[0, 2], &[1, 3], &[2, 4], &[3, 0], &[0, 6], &[5]];

#[test]
#[allow(clippy::needless_range_loop)] // (c, r) are vertices, indices of PURSUIT by meaning
fn pursuit_matches_a_graph_built_from_the_rules() {
    // Vertex (c, r, t) = (c * 7 + r) * 2 + t, t = 0 when the cop moves.
    let id = |c: usize, r: usize, t: usize| ((c * 7 + r) * 2 + t) as u32;
    let mut pairs = Vec::new();
    for c in 0..7 {
        for r in 0..7 {
            if c == r {
                continue; // caught: terminal
            }
            for &c2 in std::iter::once(&c).chain(PURSUIT[c]) {
                pairs.push((id(c, r, 0), id(c2, r, 1)));
            }
            for &r2 in std::iter::once(&r).chain(PURSUIT[r]) {
                pairs.push((id(c, r, 1), id(c, r2, 0)));
            }
        }
    }
    let graph = graph_of(98, &pairs);
    // Caught with the cop to move: she has won; with the robber to move: he has lost.
    let solved = solve_graph(&graph, |v| if v % 2 == 0 { Wld::Win } else { Wld::Lose }).unwrap();
    let script = example("pursuit.rhai");
    let mut draws = 0;
    for c in 0..7 {
        for r in 0..7 {
            for (t, turn) in ["cop", "robber"].iter().enumerate() {
                let pos = format!("cop {c} robber {r} {turn}");
                let got = report_value(&value(&script, &pos, false));
                let want = solved.get(id(c, r, t) as usize);
                assert_eq!(got, want, "{pos}");
                draws += usize::from(got == SolvedValue::DRAW);
            }
        }
    }
    // A robber on the 5-cycle escapes for ever from a cop who is not next to him.
    assert!(draws > 0);
    assert_eq!(
        report_value(&value(&script, "cop 0 robber 2 cop", false)),
        SolvedValue::DRAW
    );
    // On the tail the cop catches him: cop to 5, robber stays or runs into her, cop takes.
    assert_eq!(
        report_value(&value(&script, "cop 0 robber 6 cop", false)),
        SolvedValue::win(3)
    );
}

#[test]
fn play_follows_the_script() {
    let script = example("kayles.rhai");
    let monitor = Monitor::default();
    let options = Options::new(&monitor);
    let mut engine = script.play("4", &options).unwrap();
    let start = engine.start();
    let options = engine.options(start, sprague::Player::Left).unwrap();
    let shown: Vec<String> = options.iter().map(|&p| engine.format(p)).collect();
    // Kayles from 4: 3, 1 + 2, 2, 1 + 1 (each once; rows of 0 pins are
    // not shown).
    let mut sorted = shown.clone();
    sorted.sort();
    assert_eq!(sorted, ["1 + 1", "1 + 2", "2", "3"]);
}

/// Coins in a row by the interval recurrence: the most the player to move
/// can end ahead over `c` (both playing for the largest lead), O(n²).
fn coins_oracle(c: &[i64]) -> i64 {
    let n = c.len();
    // best[i][j]: over the coins c[i..j].
    let mut best = vec![vec![0i64; n + 1]; n + 1];
    for len in 1..=n {
        for i in 0..=n - len {
            let j = i + len;
            best[i][j] = (c[i] - best[i + 1][j]).max(c[j - 1] - best[i][j - 1]);
        }
    }
    best[0][n]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Coins in a row, a game played for a score: the script's minimax value
    /// is the interval recurrence's, and every best move keeps it.
    #[test]
    fn coins_match_the_interval_recurrence(coins in prop::collection::vec(0i64..20, 0..7), lead in -5i64..5) {
        let r = example("coins.rhai");
        let text: Vec<String> = coins.iter().map(i64::to_string).collect();
        let pos = format!("{} lead {lead}", text.join(" "));
        let report = value(&r, &pos, false);
        let score = field(&report, "score").as_int().unwrap();
        prop_assert_eq!(score, i128::from(lead + coins_oracle(&coins)));
        let Data::List(best) = field(&report, "best_moves") else { panic!("no list") };
        prop_assert_eq!(best.is_empty(), coins.is_empty());
        for m in best {
            let to = m.get("to").and_then(Data::as_text).unwrap();
            let after = value(&r, to, false);
            prop_assert_eq!(field(&after, "score").as_int(), Some(-score));
        }
    }
}

#[test]
fn a_scored_game_must_end_and_score_every_end() {
    let load = |source: &str| ScriptRuleset::from_source("s.rhai", source, Limits::default()).unwrap();
    let monitor = Monitor::default();
    let err = |r: &ScriptRuleset, pos: &str| r.value(pos, &Options::new(&monitor)).unwrap_err().to_string();
    // 0 and 1 move to each other: minimax values need play to end.
    let cyclic = load(
        "fn loopy() { true } fn terminal(p) { if p == 2 { 1 } } fn moves(p) { if p == 0 { [1, 2] } else if p == 1 { [0] } else { [] } }",
    );
    let e = err(&cyclic, "0");
    assert!(
        e.contains("s.rhai: position") && e.contains("reached from itself"),
        "{e}"
    );
    // 1 has no moves and no score.
    let unscored =
        load("fn terminal(p) { if p == 2 { 1 } } fn moves(p) { if p == 0 { [1, 2] } else { [] } }");
    let e = err(&unscored, "0");
    assert!(e.contains("position 1 has no moves and no score"), "{e}");
    // A win/lose/draw end among scores.
    let mixed = load(
        r#"fn terminal(p) { if p == 2 { 1 } else if p == 1 { "lose" } } fn moves(p) { if p == 0 { [1, 2] } else { [] } }"#,
    );
    let e = err(&mixed, "0");
    assert!(e.contains("win/lose/draw outcome"), "{e}");
    // Scored games are played: from coins 1 2 the mover takes the 2 and the
    // opponent the 1, a lead of 1; after taking the 1 the opponent leads by 1.
    let coins = example("coins.rhai");
    let options = Options::new(&monitor);
    let mut engine = coins.play("1 2", &options).expect("a scored game plays");
    let start = engine.start();
    let mover = sprague::Player::Left;
    assert_eq!(
        engine.verdict(start, mover).expect("a verdict"),
        sprague::play::Verdict::Score(1)
    );
    let after: Vec<_> = engine
        .options(start, mover)
        .expect("options")
        .into_iter()
        .map(|o| engine.verdict(o, mover.opponent()).expect("a verdict"))
        .collect();
    assert_eq!(after.len(), 2, "{after:?}");
    assert!(after.contains(&sprague::play::Verdict::Score(-1)), "{after:?}");
    assert!(after.contains(&sprague::play::Verdict::Score(1)), "{after:?}");
}

#[test]
fn sums_made_by_the_script_are_played_part_by_part() {
    // Nim written one heap per position, positions typed as sums.
    let r = ScriptRuleset::from_source(
        "nim.rhai",
        "fn moves(n) { for k in 0..n { move_to(k); } } fn start(n) { n }",
        Limits::default(),
    )
    .unwrap();
    // sum([3, 5, 6]): 3 ^ 5 ^ 6 = 0.
    assert_eq!(value(&r, "sum([3, 5, 6])", false).grundy(), Some(0));
    assert_eq!(value(&r, "sum([3, 5, 7])", false).grundy(), Some(1));
    // A sum of sums is one flat sum; parts(s) takes it apart.
    let s = ScriptRuleset::from_source(
        "parts.rhai",
        "fn moves(n) { [] } fn parse(t) { let s = sum([sum([1, 2]), 3]); if s.parts().len() != 3 { throw \"not flat\"; } s }",
        Limits::default(),
    )
    .unwrap();
    assert_eq!(value(&s, "x", false).grundy(), Some(0));
    // A part that is not a position is refused with its place.
    let bad = ScriptRuleset::from_source("bad.rhai", "fn moves(n) { move_to(1, 2.5); }", Limits::default())
        .unwrap();
    let monitor = Monitor::default();
    let e = bad.value("3", &Options::new(&monitor)).unwrap_err().to_string();
    assert!(
        e.contains("bad.rhai:1:") && e.contains("move_to: part 1") && e.contains("on position 3"),
        "{e}"
    );
}

/// `move_to_splits(m)` makes the options of the loop it stands for, in
/// the same tables; it refuses more options than the array limit, and makes
/// none for m < 0.
#[test]
fn move_to_splits_is_the_loop_it_stands_for() {
    let looped = ScriptRuleset::from_source(
        "loop.rhai",
        "fn moves(n) { for t in [1, 3] { let m = n - t; if m >= 0 { for a in 0..=m / 2 { move_to(a, m - a); } } } } fn start(n) { n }",
        Limits::default(),
    )
    .unwrap();
    let native = ScriptRuleset::from_source(
        "native.rhai",
        "fn moves(n) { move_to_splits(n - 1); move_to_splits(n - 3); } fn start(n) { n }",
        Limits::default(),
    )
    .unwrap();
    // Octal 0.707 (take 1 or 3, splitting allowed), the same rules built in.
    let builtin = table(&*sprague::build("octal:0.707").unwrap(), 300, false);
    assert_eq!(table(&looped, 300, false).values, builtin.values);
    assert_eq!(table(&native, 300, false).values, builtin.values);
    let limits = Limits {
        max_array: 10,
        ..Limits::default()
    };
    let big =
        ScriptRuleset::from_source("big.rhai", "fn moves(n) { move_to_splits(n - 1); }", limits).unwrap();
    let monitor = Monitor::default();
    let octal_07 = sprague::build("octal:0.7").unwrap();
    assert_eq!(
        value(&big, "19", false).grundy(),
        value(&*octal_07, "19", false).grundy()
    );
    let e = big.value("21", &Options::new(&monitor)).unwrap_err().to_string();
    assert!(
        e.contains("move_to_splits(20): 11 options, more than the limit of 10"),
        "{e}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// Tables of scripts written one heap per position (options as sums by
    /// `move_to(a, b)`) equal the built-in take-and-break tables: random
    /// octal codes 0.d1d2d3, the script following the digits literally.
    #[test]
    fn heap_scripts_match_random_octal_codes(d in prop::collection::vec(0u8..8, 1..4)) {
        prop_assume!(d.last() != Some(&0));
        let digits: String = d.iter().map(|x| char::from(b'0' + x)).collect();
        let source = format!("
            fn moves(n) {{
                let code = [{}];
                for take in 1..=code.len() {{
                    let m = n - take;
                    if m < 0 {{ break; }}
                    let digit = code[take - 1];
                    if (digit & 1) != 0 && m == 0 {{ move_to(0); }}
                    if (digit & 2) != 0 && m > 0 {{ move_to(m); }}
                    if (digit & 4) != 0 {{ for a in 1..=m / 2 {{ move_to(a, m - a); }} }}
                }}
            }}
            fn start(n) {{ n }}",
            d.iter().map(u8::to_string).collect::<Vec<_>>().join(", "));
        let r = ScriptRuleset::from_source("octal.rhai", &source, Limits::default()).unwrap();
        let builtin = sprague::build(&format!("octal:0.{digits}")).unwrap();
        let a = table(&r, 80, false);
        let b = table(&*builtin, 80, false);
        prop_assert_eq!(&a.values, &b.values);
        // The code is inferred from the moves: a period the script's table
        // proves is the built-in's (which may look beyond the 80 values for
        // a longer one).
        if let Some(p) = a.period.filter(|p| p.proven) {
            prop_assert_eq!(Some((p.period, p.preperiod)), b.period.map(|q| (q.period, q.preperiod)));
        }
    }
}

/// A random board of `w × h` cells, some blocked, in the `.`/`#` notation.
fn random_board(seed: &mut u64, w: usize, h: usize) -> String {
    let rows: Vec<String> = (0..h)
        .map(|_| {
            (0..w)
                .map(|_| {
                    *seed ^= *seed << 13;
                    *seed ^= *seed >> 7;
                    *seed ^= *seed << 17;
                    if (*seed).is_multiple_of(5) { '#' } else { '.' }
                })
                .collect()
        })
        .collect();
    rows.join("|")
}

#[test]
fn domineering_on_the_board_block_matches_the_builtin() {
    let script = example("domineering.rhai");
    let builtin = sprague::build("domineering").unwrap();
    let mut seed = 0x0d0e_1234_5678_9abc_u64;
    for _ in 0..120 {
        let (w, h) = (1 + (seed % 4) as usize, 1 + ((seed >> 8) % 4) as usize);
        let board = random_board(&mut seed, w, h);
        let (a, b) = (value(&script, &board, false), value(&*builtin, &board, false));
        assert_eq!(field(&a, "value"), field(&b, "value"), "{board}");
        assert_eq!(a.outcome(), b.outcome(), "{board}");
    }
    // The 4×4 board, whose value has the two Tiny and Miny switches.
    let a = value(&script, "4x4", false);
    assert_eq!(
        field(&a, "value").as_text(),
        Some("+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}")
    );
}

#[test]
fn cram_on_the_board_block_matches_the_builtin() {
    let script = example("cram.rhai");
    let builtin = sprague::build("cram").unwrap();
    let mut seed = 0xc4a3_9876_5432_10fe_u64;
    for _ in 0..120 {
        let (w, h) = (1 + (seed % 5) as usize, 1 + ((seed >> 8) % 4) as usize);
        let board = random_board(&mut seed, w, h);
        for misere in [false, true] {
            let (a, b) = (value(&script, &board, misere), value(&*builtin, &board, misere));
            assert_eq!(a.grundy(), b.grundy(), "{board}");
            assert_eq!(a.outcome(), b.outcome(), "{board} misère {misere}");
        }
    }
    // The family of 2 × n boards: the script's table against the built-in's.
    assert_eq!(
        table(&script, 12, false).values,
        table(&*sprague::build("cram:2").unwrap(), 12, false).values
    );
}

/// A random Konane board of `w × h` cells: empty, Left's stones, Right's
/// stones and cells off the board.
fn random_konane_board(seed: &mut u64, w: usize, h: usize) -> String {
    let rows: Vec<String> = (0..h)
        .map(|_| {
            (0..w)
                .map(|_| {
                    *seed ^= *seed << 13;
                    *seed ^= *seed >> 7;
                    *seed ^= *seed << 17;
                    ['.', '.', 'x', 'x', 'o', 'o', '#'][(*seed % 7) as usize]
                })
                .collect()
        })
        .collect();
    rows.join("|")
}

#[test]
fn konane_on_the_board_block_matches_the_builtin() {
    let script = example("konane.rhai");
    let builtin = sprague::build("konane").unwrap();
    let mut seed = 0x6b6f_6e61_6e65_0042_u64;
    let mut with_moves = 0;
    for _ in 0..150 {
        let (w, h) = (2 + (seed % 4) as usize, 2 + ((seed >> 8) % 3) as usize);
        let board = random_konane_board(&mut seed, w, h);
        let (a, b) = (value(&script, &board, false), value(&*builtin, &board, false));
        assert_eq!(field(&a, "value"), field(&b, "value"), "{board}");
        assert_eq!(a.outcome(), b.outcome(), "{board}");
        with_moves += usize::from(field(&a, "value").as_text() != Some("0"));
    }
    assert!(
        with_moves > 40,
        "only {with_moves} boards with a value other than 0"
    );
    // A double jump: in `xo.o.` Left's stone may stop after one jump
    // (`..xo.`, which is {0|0} = *) or go on to the end of the row
    // (`....x`, 0), and Right has no move: {0, *|} = {0|} = 1.
    let row = value(&script, "xo.o.", false);
    assert_eq!(field(&row, "value").as_text(), Some("1"));
    // The catalog's example.
    let a = value(&script, ".ox.|o..x|....", false);
    assert_eq!(field(&a, "value").as_text(), Some("+-1"));
}

/// A random graph on up to 7 vertices, in the graph notation, with a random
/// state per vertex (`.` either may colour, `x` Left only, `o` Right only,
/// `#` nobody).
fn random_tinted_graph(seed: &mut u64) -> String {
    let mut next = || {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    };
    let n = 1 + next() % 7;
    let mut edges = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            if next() % 3 == 0 {
                edges.push(format!("{a}-{b}"));
            }
        }
    }
    let states: String = (0..n)
        .map(|_| ['.', '.', '.', 'x', 'o', '#'][(next() % 6) as usize])
        .collect();
    format!("{} n={n} : {states}", edges.join(" "))
}

#[test]
fn snort_and_col_on_the_graph_block_match_the_builtins() {
    for game in ["snort", "col"] {
        let script = example(&format!("{game}.rhai"));
        let builtin = sprague::build(game).unwrap();
        let mut seed = 0x5a0f_7c01_2345_6789_u64;
        for _ in 0..150 {
            let g = random_tinted_graph(&mut seed);
            let (a, b) = (value(&script, &g, false), value(&*builtin, &g, false));
            assert_eq!(field(&a, "value"), field(&b, "value"), "{game} {g}");
            assert_eq!(a.outcome(), b.outcome(), "{game} {g}");
        }
    }
}

/// A `fn components(g)` hook that calls the graph block as a call,
/// `components(g, ".xo")` (the method form would call the hook itself and is
/// refused at load): Snort split by it matches the built-in.
#[test]
fn a_components_hook_calling_the_graph_block_matches_the_builtin() {
    let path = format!("{}/../../examples/rules/snort.rhai", env!("CARGO_MANIFEST_DIR"));
    let source = std::fs::read_to_string(path).expect("the example reads");
    let split = format!("{source}\nfn components(g) {{ components(g, \".xo\") }}\n");
    let script = ScriptRuleset::from_source("snort-split.rhai", &split, Limits::default()).unwrap();
    let builtin = sprague::build("snort").unwrap();
    // The same canonical form (its options may be listed in another order).
    let mut store = sprague::GameStore::new();
    let mut form = |r: &sprague::Report| {
        let Data::Text(t) = field(r, "value") else {
            panic!("the value is a text: {}", r.text())
        };
        sprague::notation::parse_game(&mut store, t).expect("a canonical form")
    };
    let mut seed = 0x0dd5_ee11_0f5e_ed00_u64;
    for _ in 0..100 {
        let g = random_tinted_graph(&mut seed);
        let (a, b) = (value(&script, &g, false), value(&*builtin, &g, false));
        assert_eq!(form(&a), form(&b), "{g}");
    }
    let method = format!("{source}\nfn components(g) {{ g.components(\".xo\") }}\n");
    assert!(ScriptRuleset::from_source("snort-method.rhai", &method, Limits::default()).is_err());
}
