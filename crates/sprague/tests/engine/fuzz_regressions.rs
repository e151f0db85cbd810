//! Inputs the `position` fuzz target found slow, run through the registry as
//! the target runs them (a state budget of 2000): each must stop at its
//! budget or answer, not run on. The same inputs are in the fuzz corpus.
//! As in the target, the memory budget is 256 MiB, on top of what the test
//! process already holds.

use sprague::{Error, Monitor, Options, SearchError};

/// The fuzz target's memory budget.
const TARGET_MEMORY: u64 = 256 << 20;

/// `value SPEC POSITION` at the fuzz target's state budget, with a memory
/// budget of [`TARGET_MEMORY`] beyond the process's resident memory now. The
/// monitor stops a search when the whole process's resident memory passes
/// its budget, and the other tests of this binary share the process: with
/// 256 MiB flat, a test here could be stopped by their memory, not its own.
fn value(spec: &str, position: &str, misere: bool) -> Result<sprague::Report, Error> {
    let held = sprague::budget::resident_memory().unwrap_or(0);
    value_within(spec, position, misere, held + TARGET_MEMORY)
}

/// `value SPEC POSITION` at the fuzz target's state budget and a memory
/// budget of `max_memory` bytes.
fn value_within(spec: &str, position: &str, misere: bool, max_memory: u64) -> Result<sprague::Report, Error> {
    let monitor = Monitor::default();
    monitor.set_max_memory(max_memory);
    let options = Options::new(&monitor).misere(misere).max_states(2_000);
    sprague::build(spec)?.value(position, &options)
}

fn assert_budget(spec: &str, position: &str, misere: bool) {
    match value(spec, position, misere) {
        Err(Error::Search(SearchError::Budget(b))) => assert_eq!(b.max_states, 2_000),
        other => panic!("{spec} `{position}`: expected the budget error, got {other:?}"),
    }
}

/// The outcome search counted only its table against the budget, so 8×6 ran
/// for minutes.
#[test]
fn domineering_outcome_stops_at_the_budget() {
    assert_budget("domineering-outcome", "8x6", false);
}

/// Misère Lasker's Nim of one heap listed the options of every smaller heap
/// (O(n²) options, gigabytes) before the budget was first checked.
#[test]
fn misere_lasker_stops_at_the_budget() {
    assert_budget("lasker", "9121", true);
    // Small heaps still answer within the budget: a heap of 1 loses in
    // misère play, a heap of 12 wins (take 11, leaving a heap of 1).
    assert_eq!(value("lasker", "1", true).unwrap().outcome(), Some("P"));
    assert_eq!(value("lasker", "12", true).unwrap().outcome(), Some("N"));
}

/// The misère piece search learnt whether each heap it met has a move by
/// listing that heap's options, O(n²) for the ~n heaps one move of a heap of
/// n leaves (over 30 s in the fuzz build for 40422); it now asks
/// `has_move`, O(1) for Lasker's Nim.
#[test]
fn misere_lasker_learns_live_heaps_without_listing_them() {
    assert_budget("lasker", "40422", true);
    assert_budget("grundy", "30000", true);
    assert_budget("kayles", "40000", true);
}

/// The Coin Game tabulated 8192 row values when it was built, whatever the
/// position; rows are now valued on demand.
#[test]
fn coin_game_tabulates_rows_on_demand() {
    for k in [18, 40, 64] {
        let spec = format!("coin-game:{k}");
        // A circle of n > K coins loses; of n ≤ K wins (HDU 3951).
        assert_eq!(value(&spec, "100", false).unwrap().outcome(), Some("P"));
        assert_eq!(value(&spec, "5", false).unwrap().outcome(), Some("N"));
        // A row of at most K coins is taken whole.
        assert_eq!(value(&spec, "r5", false).unwrap().outcome(), Some("N"));
    }
}

/// Splitting a heap into many equal heaps printed every heap (555,505 ones
/// for a heap of 555,505); runs of equal heaps now print as `N*K`, which
/// reads back to the same position.
#[test]
fn long_runs_of_equal_heaps_print_short_and_read_back() {
    let r = value("equal-split", "555505", false).unwrap();
    let text = r.text();
    assert!(text.len() < 2_000, "{} bytes: {}", text.len(), &text[..200]);
    assert!(text.contains("1*555505"), "{text}");
    let again = value("equal-split", "1*555505", false).unwrap();
    assert_eq!(again.outcome(), Some("P"));
    let long = value("nim", "3*9 1", false).unwrap();
    assert_eq!(long.data.get("position").and_then(|p| p.as_text()), Some("3*9 1"));
    assert!(matches!(
        value("nim", "1*18446744073709551615", false),
        Err(Error::Position { .. })
    ));
}

/// A graph position is sized by its largest vertex id: `107071212-2` asked
/// for 10^8 vertices (3.5 GB), within the default budget of half the RAM
/// but not the query's own memory budget, which graph positions ignored.
#[test]
fn graph_positions_are_sized_within_the_query_memory_budget() {
    // The flat budget of the target: refused before anything is allocated.
    match value_within("geography", "107071212-2", false, TARGET_MEMORY) {
        Err(Error::Input(e)) if e.contains("past the memory budget of 256.0 MiB") => {}
        other => panic!("expected the memory budget to refuse it, got {other:?}"),
    }
    assert_eq!(
        value("geography", "0-1 1-2 @1", false).unwrap().outcome(),
        Some("N")
    );
}

/// A 9606×9 cake has 4,803 cuts each way, and every position on the search
/// stack held its options' parts: 1.2 GB before the budget of 2000 states
/// was reached. The parts held now count towards the budget.
#[test]
fn cutcake_options_count_towards_the_budget() {
    assert_budget("cutcake", "9606x9", false);
    // Small cakes still answer: a cake 8 wide and 3 tall is worth 3, Left
    // cutting across its width (Winning Ways, ch. 2: Cutcake).
    assert_eq!(
        value("cutcake", "8x3", false)
            .unwrap()
            .data
            .get("value")
            .and_then(|v| v.as_text()),
        Some("3")
    );
}

/// Inputs the `calc` fuzz target found slow: ± of a game born on day 80
/// minus a tiny, whose incentives are sums of two games of about 80 options
/// each. The calc service counts that work against its budget and stops
/// with the budget error (the fuzz target's budget is 200,000 states);
/// the same family with a small nimber still answers.
#[test]
fn calc_incentives_stop_at_the_budget() {
    let monitor: &'static Monitor = Box::leak(Box::new(Monitor::default()));
    let mut opts = sprague::calc::CalcOptions::new(monitor);
    opts.max_states = Some(200_000);
    for expr in [
        "+-1+1*77 - TIny(1)",
        "+-1+2^**76 - Tiny(3)",
        "+-^+*2*177 - Tiny(2)",
    ] {
        monitor.reset();
        match sprague::calc::calc(expr, &opts) {
            Err(Error::Search(SearchError::Budget(b))) => assert_eq!(b.max_states, 200_000, "{expr}"),
            other => panic!("`{expr}`: expected the budget error, got {other:?}"),
        }
    }
    monitor.reset();
    let report = sprague::calc::calc("+-1+1*7 - Tiny(1)", &opts).unwrap();
    let sprague::calc::CalcReport::Game(g) = report else {
        panic!("a short game's report expected")
    };
    // ±1 + (1 + *7) − Tiny(1): mean 0 + 1 + 0, and ±1 makes it hot at 1.
    assert_eq!(
        (g.mean.to_string(), g.temperature.to_string()),
        ("1".to_string(), "1".to_string())
    );
}

/// The `repl` fuzz target found `heat(*52,0)` running for minutes: heating
/// recursed along every path of the game tree (2^52 of them for `*52`).
/// Each subposition is now heated (and cooled) once.
#[test]
fn heating_a_large_nimber_visits_each_subposition_once() {
    let mut s = sprague::GameStore::new();
    let star52 = s.parse("*52").unwrap();
    let zero = s.parse("0").unwrap();
    let one = s.parse("1").unwrap();
    // Heating by 0 changes nothing.
    assert_eq!(s.heat(star52, zero), star52);
    // Heating * by 1 is ±1: {0 + 1 | 0 - 1}.
    let star = s.parse("*").unwrap();
    let pm1 = s.parse("+-1").unwrap();
    assert_eq!(s.heat(star, one), pm1);
    // Cooling ±1 by 1 gives * back; cooling is additive, and *52 (of
    // temperature 0) cooled by 1 is its mean, 0.
    assert_eq!(s.cool(pm1, &sprague::Dyadic::from(1i64)), star);
    let hot = s.parse("{3|-3} + *52").unwrap();
    let cooled = s.cool(hot, &sprague::Dyadic::from(1i64));
    let expected = s.parse("{2|-2}").unwrap();
    assert_eq!(cooled, expected);
}

/// The `loopy_forms` fuzz target found ` +5555555555555555555555v` running
/// past its 30 s limit: a loopy game's graph walked the short part's
/// positions one at a time (an integer `n` is a chain of `n` of them) until
/// the budget. A short part born on the budget's day or later is now refused
/// before the walk; a small one is still walked.
/// `text` parsed as a loopy game at a budget of 200,000 positions stops with
/// the budget error naming that budget.
fn assert_loopy_budget(text: &str) {
    use sprague::notation::{LoopyParseError, parse_loopy};
    let mut store = sprague::GameStore::new();
    match parse_loopy(&mut store, text, 200_000) {
        Err(LoopyParseError::Budget(b)) => assert_eq!(b.max_states, 200_000),
        other => panic!("`{text}`: expected the budget error, got {other:?}"),
    }
}

#[test]
fn loopy_graphs_refuse_huge_short_parts_before_walking_them() {
    use sprague::notation::{LoopyParseError, parse_loopy};
    for text in [
        " +5555555555555555555555v",
        "{pass | 5555555555555555555555}",
        "a{5555555555555555555555 + a | 1}",
        "{pass | 200001}",
    ] {
        assert_loopy_budget(text);
    }
    // Under the budget: {pass | 5} has the positions of 5 to 0 and itself.
    let mut store = sprague::GameStore::new();
    let g = parse_loopy(&mut store, "{pass | 5}", 200_000).unwrap();
    assert_eq!(g.position_count(), 7);
    assert!(matches!(
        parse_loopy(&mut store, "{pass | 5}", 6),
        Err(LoopyParseError::Budget(_))
    ));
}

/// The `loopy_forms` fuzz target found `-5*232` running past its 30 s limit
/// (issue 39), and `calc '{pass | -5*232}'` took seconds: the simplest form
/// compared the 233 positions of `*232` pairwise through the moves of
/// `G − G`, and the printer rebuilt each one's canonical form by pairwise
/// comparisons. Positions whose value is a number, nimber or up sum are now
/// compared and printed by that value. The values printed stay the same.
#[test]
fn loopy_games_with_large_inline_values_are_quick() {
    use sprague::notation::parse_loopy;
    for (text, value, sign) in [
        ("-5*232", "-5*232", "<"),
        ("{pass | -5*232}", "{pass|-5*232}", "<"),
        ("{pass | *255}", "{pass|*255}", ">"),
        ("{pass | ^*200 + 1/1024}", "{pass|1/1024^*200}", ">"),
        ("{pass | {*200 | -5*100}}", "under", "<"),
    ] {
        let started = std::time::Instant::now();
        let report = sprague::registry::loopy_game_report_within(text, 200_000, 64 << 20).unwrap();
        let shown = report.to_string();
        assert!(
            shown.contains(&format!("value:         {value}\n")),
            "{text}:\n{shown}"
        );
        assert!(
            shown.contains(&format!("compared to 0: G {sign} 0\n")),
            "{text}:\n{shown}"
        );
        // Well under a second in the dev profile (it took 10 s there).
        assert!(
            started.elapsed().as_secs() < 10,
            "{text}: {:?}",
            started.elapsed()
        );
    }
    // The stopper's simplest form reads back as an equal game, as the fuzz
    // target checks.
    let mut store = sprague::GameStore::new();
    let g = parse_loopy(&mut store, "{pass | -5*232}", 200_000).unwrap();
    let shown = g.canonical(200_000).unwrap().display(&mut store);
    assert_eq!(shown, "{pass|-5*232}");
    let again = parse_loopy(&mut store, &shown, 200_000).unwrap();
    assert!(again.equals(&g, 200_000).unwrap());
}

/// Loopy games whose positions are all loopy and have many options each
/// (`over + *k`, `dud + *k`) were compared on an explicit state graph of
/// `G − G` with every move listed twice (forwards and back): for
/// `{0 | pass} + *200`, about 32 M moves and 1.1 GB, 4.8 s in the dev
/// profile; `{0|pass} + {pass|0} + *100`, 12 s and 0.8 GB. The comparisons
/// now read moves from the games' own option lists (issue 39). Values as
/// printed before the change.
#[test]
fn loopy_sums_with_many_options_compare_without_an_edge_list() {
    let started = std::time::Instant::now();
    for (text, value, onside, offside) in [
        ("{0 | pass} + *200", "over", "over", "over"),
        ("{pass|pass} + *200", "dud", "on", "off"),
        ("{0|pass} + {pass|0} + *100", "over & under", "over", "under"),
    ] {
        let report = sprague::registry::loopy_game_report_within(text, 2_000_000, 256 << 20).unwrap();
        let shown = report.to_string();
        for (field, want) in [("value", value), ("onside", onside), ("offside", offside)] {
            let line = format!("{field}:");
            assert!(
                shown.contains(&format!("{line:<15}{want}\n")),
                "{text}: {field} {want}:\n{shown}"
            );
        }
    }
    // About 3 s together in the dev profile; 22 s before.
    assert!(started.elapsed().as_secs() < 15, "{:?}", started.elapsed());
}

/// Found by the `surreal` fuzz target (a timeout after 45 s, gigabytes in
/// `nimber mul`): `8^(ω^4+8)^4612` is `ω^γ·8^8` with an exponent γ of
/// 4,612 terms, and every Cantor product of the powers of
/// `ω^γ·8^8 + ω + 8` copied γ into each of its terms, a few thousand of
/// them. Products now count the terms of their exponents and stop at
/// `MAX_SIZE`, within a few times the limit.
#[test]
fn ordinal_powers_with_huge_exponents_stop_at_the_size_limit() {
    use sprague::surreal::{MAX_SIZE, Ordinal};
    let big = "(8\t^(omega^4+8)^4612+omega+8)^4655";
    let e = Ordinal::parse(big).expect_err("past the size limit");
    assert!(
        e.to_string().contains("counting the terms of its exponents"),
        "{e}"
    );
    // Sizes by hand from the definition (a term counts 1 plus the size of
    // its exponent): 1 = ω^0 is 1, ω = ω^1 is 2, ω+1 is 2 + 1,
    // ω^(ω+1)·2 + 5 is (1 + 3) + 1.
    let size = |t: &str| Ordinal::parse(t).expect("an ordinal").size();
    assert_eq!(
        [
            size("0"),
            size("1"),
            size("omega"),
            size("omega+1"),
            size("omega^(omega+1)*2+5")
        ],
        [0, 1, 2, 3, 5]
    );
    // A small Cantor power, against its expansion by hand: (ω+1)·(ω+1) =
    // (ω+1)·ω + (ω+1) = ω^2 + ω + 1.
    let square = Ordinal::parse("(omega+1)^2").expect("within the limit");
    assert_eq!(square, Ordinal::parse("omega^2+omega+1").expect("an ordinal"));
    assert_eq!(square.size(), 5);
    // The same shapes, small, are computed: sizes well within the limit.
    let small = Ordinal::parse("(8^(omega^4+8)^46+omega+8)^46").expect("within the limit");
    assert!(
        small.size() > 46 * 46 && small.size() <= MAX_SIZE,
        "{}",
        small.size()
    );
}

/// The surreal fuzz target's slow input: `(ω − ω^α)^3866` with α =
/// `(ω+9)^3866` of 3,867 terms. Each power's binomial terms carry
/// exponents `i·α` of thousands of terms, so the squarings held millions of
/// terms for seconds before a coefficient overflowed. Products now count
/// the terms of their exponents and stop at the size limit.
#[test]
fn surreal_powers_with_huge_exponents_stop_at_the_size_limit() {
    use sprague::surreal::{MAX_SIZE, Ordinal, Surreal};
    let slow = "(omega+-----ω^(omega+9)^03866)^03866/2";
    let e = Surreal::parse(slow).expect_err("past the size limit");
    assert!(
        e.to_string().contains("counting the terms of its exponents"),
        "{e}"
    );
    // A small power of the same shape is computed, and checked against the
    // binomial expansion by hand. In an exponent, `(omega+9)^3` is the
    // Cantor power α = ω^3 + ω^2·9 + ω·9 + 9 (each 9 absorbed but the
    // last); monomials multiply by the natural sum of their exponents, so
    // (ω − ω^α)^2 = ω^(α ⊕ α) − 2·ω^(α ⊕ 1) + ω^2.
    let alpha = Ordinal::parse("(omega+9)^3").expect("an ordinal");
    assert_eq!(
        alpha,
        Ordinal::parse("omega^3+omega^2*9+omega*9+9").expect("an ordinal")
    );
    let square = Surreal::parse("(omega-ω^(omega+9)^3)^2").expect("within the limit");
    let by_hand =
        Surreal::parse("ω^(omega^3*2+omega^2*18+omega*18+18)-2*ω^(omega^3+omega^2*9+omega*9+10)+omega^2")
            .expect("a surreal number");
    assert!(square.equals(&by_hand).expect("comparable"), "{square}");
    // Its size by hand: α ⊕ α and α ⊕ 1 each have three terms of finite
    // exponent (2 each) and a constant (1), so 7; each of their monomials
    // counts 1 + 7 = 8, and ω^2 counts 1 + 1.
    let exponents: usize = square.numerator().iter().map(|(e, _)| 1 + e.size()).sum();
    assert_eq!(exponents, 8 + 8 + 2);
    assert!(exponents <= MAX_SIZE, "{exponents}");
    // Powers that stay within the limit are still computed: (ω − ω^α)^8 has
    // 9 binomial terms, the largest coefficient C(8,4) = 70.
    let eighth = Surreal::parse("(omega-ω^(omega+9)^3)^8").expect("within the limit");
    assert_eq!(eighth.numerator().len(), 9);
    assert!(
        eighth.numerator().iter().any(|(_, c)| c.to_string() == "70"),
        "{eighth}"
    );
}

/// The surreal fuzz target's next slow input: `(−2·ω^α + 2)/(ω + 1)` with
/// α = `(ω+1386)^3862` of 3,863 terms. Normalising the quotient tried 1,000
/// steps of long division, each copying exponents of thousands of terms
/// (1.65 s in release). The division now stops at a work limit and keeps
/// the quotient as a fraction, which is the same number.
#[test]
fn long_divisions_by_huge_exponents_stop_at_a_work_limit() {
    use sprague::surreal::Surreal;
    let parse = |t: &str| Surreal::parse(t).expect("a surreal number");
    let x = parse("-----ω^(omega+1386)^03862*-2+2");
    let y = parse("omega+1");
    let q = x.checked_div(&y).expect("a fraction");
    assert_eq!(q.denominator().len(), 2, "kept as a fraction");
    assert!(
        q.checked_mul(&y)
            .expect("within the limits")
            .equals(&x)
            .expect("comparable")
    );
    // Exact divisions with small exponents still divide: by the geometric
    // sum, (ω^5 − 1)/(ω − 1) = ω^4 + ω^3 + ω^2 + ω + 1.
    let q = parse("(omega^5-1)/(omega-1)");
    assert_eq!(q.denominator().len(), 1);
    assert!(
        q.equals(&parse("omega^4+omega^3+omega^2+omega+1"))
            .expect("comparable")
    );
}

/// The `calc` fuzz target's slowest unit (33 s): in a loopy expression, the
/// arithmetic of the short games was not counted against the budget.
/// `2*244Tiny(1)` (a sum of 488 games) took 3.4 s at a budget of 200,000;
/// `a = {0|a} + 2*24Tiny(1)`, whose graph adds a short game at each of its
/// positions, 395 s and 1 GB before its graph reached the budget. Both now
/// count the short games' work against the same budget.
#[test]
fn loopy_expressions_count_the_work_of_their_short_games() {
    use sprague::notation::parse_loopy;
    // The unit itself: its short part was summed (seconds) before its
    // unknown name `tify` was reported; now the sum stops first.
    for text in ["+-+tify+1**2*244Tiny(1)", "a = {0|a} + 2*24Tiny(1); a"] {
        assert_loopy_budget(text);
    }
    // Short arithmetic within the budget is done: {pass | 1/2 + 1/2} is
    // the game {pass | 1}, and it has the positions of 1, 0 and itself.
    let mut store = sprague::GameStore::new();
    let g = parse_loopy(&mut store, "{pass | 1/2 + 1/2}", 200_000).unwrap();
    let h = parse_loopy(&mut store, "{pass | 1}", 200_000).unwrap();
    assert!(g.equals(&h, 200_000).unwrap());
    assert_eq!(g.position_count(), 3);
}
