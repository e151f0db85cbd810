//! The compiled evaluator against rhai's own, call by call: every hook on
//! every position reachable from a few starts must answer the same options,
//! or fail with the same message; and whole searches must report the same.

use crate::ruleset::ScriptRuleset;
use crate::script::{Limits, Script};
use proptest::prelude::*;
use sprague::{Monitor, Options, Ruleset};
use std::collections::HashSet;
use std::sync::Arc;

const DOMINEERING_PLAIN: &str = include_str!("../../tests/scripts/domineering-plain.rhai");
const CRAM_PLAIN: &str = include_str!("../../tests/scripts/cram-plain.rhai");

fn example(name: &str) -> String {
    let path = format!("{}/../../examples/rules/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn both(source: &str, limits: Limits) -> (Arc<Script>, Arc<Script>) {
    let compiled = Script::compile_with("t.rhai", source, limits, true).expect("the script loads");
    let plain = Script::compile_with("t.rhai", source, limits, false).expect("the script loads");
    (compiled, plain)
}

fn move_hooks(s: &Script) -> Vec<&'static str> {
    let mut out = Vec::new();
    if s.hooks.moves {
        out.push("moves");
    }
    if s.hooks.partizan {
        out.extend(["left", "right"]);
    }
    if s.hooks.components {
        out.push("components");
    }
    out
}

/// Calls every hook of both evaluators on the positions reachable from
/// `starts` (at most `limit` of them), requiring the same answers; the
/// number of calls the compiled evaluator answered itself.
fn same_answers(source: &str, limits: Limits, starts: &[&str], limit: usize) -> u64 {
    let (a, b) = both(source, limits);
    let mut todo = Vec::new();
    for text in starts {
        let (p, q) = (a.parse_text(text), b.parse_text(text));
        assert_eq!(format!("{p:?}"), format!("{q:?}"), "{text}");
        todo.extend(p.ok());
    }
    let mut seen = HashSet::new();
    while let Some(p) = todo.pop() {
        if seen.len() >= limit {
            break;
        }
        if let Some(parts) = p.parts() {
            todo.extend(parts.iter().cloned());
            continue;
        }
        if !seen.insert(p.clone()) {
            continue;
        }
        for hook in move_hooks(&a) {
            let (mut x, mut y) = (Vec::new(), Vec::new());
            let (ra, rb) = (a.positions(hook, &p, &mut x), b.positions(hook, &p, &mut y));
            assert_eq!(ra, rb, "fn {hook}({p})");
            assert_eq!(x, y, "fn {hook}({p})");
            todo.extend(x);
        }
        if a.hooks.terminal {
            let ra = a.call_hook("terminal", &p).map(|v| format!("{v:?}"));
            let rb = b
                .call("terminal", (p.to_dynamic(),), Some(&p))
                .map(|v| format!("{v:?}"));
            assert_eq!(ra, rb, "fn terminal({p})");
        }
    }
    let c = a.compiled_for_tests().expect("compiled");
    ["moves", "left", "right", "components", "terminal"]
        .iter()
        .map(|h| {
            let (calls, bails) = c.stats(h);
            calls - bails
        })
        .sum()
}

#[test]
fn plain_board_scripts_are_compiled_and_answer_as_rhai_does() {
    let (a, _) = both(DOMINEERING_PLAIN, Limits::default());
    let c = a.compiled_for_tests().expect("compiled");
    assert_eq!(c.hooks(), ["left", "right"]);
    let parse = c.function("parse", 1).expect("fn parse is compiled");
    assert!(c.complete(parse), "fn parse compiles in full");
    let n = same_answers(
        DOMINEERING_PLAIN,
        Limits::default(),
        &["....|....|...", ".....|..#..|....."],
        4000,
    );
    assert!(n > 1000, "only {n} compiled calls");
    // Every position reachable from these two boards: a few hundred.
    let n = same_answers(
        CRAM_PLAIN,
        Limits::default(),
        &["....|....|....", "..#.|....|.#.."],
        4000,
    );
    assert!(n > 300, "only {n} compiled calls");
}

#[test]
fn every_example_answers_as_rhai_does() {
    let cases: [(&str, &[&str]); 11] = [
        ("coins.rhai", &["3 9 1 2", "5 1 7 2 8 lead 3"]),
        ("col.rhai", &["0-1 1-2 2-3 3-4 4-0 0-2", "0-1 1-2 2-3 : .x.o"]),
        ("cram.rhai", &["4x3", "..#.|....|...."]),
        ("cutcake.rhai", &["4x3 2x3"]),
        ("dawsons-chess.rhai", &["12 7"]),
        ("domineering.rhai", &["....|....|....", "4x4"]),
        ("kayles.rhai", &["10 7 3"]),
        ("konane.rhai", &[".ox.|o..x|....", "xoxo.|.oxo.|xo..x"]),
        ("loopy-graph.rhai", &["0", "3"]),
        ("pursuit.rhai", &["cop 0 robber 2 cop", "cop 0 robber 6 robber"]),
        ("snort.rhai", &["0-1 1-2 2-3 3-4 4-0 0-2", "0-1 1-2 2-3 : .x.o"]),
    ];
    for (name, starts) in cases {
        same_answers(&example(name), Limits::default(), starts, 3000);
    }
}

/// The report of `position` under the script, compiled or not.
fn report(source: &str, compiled: bool, position: &str) -> String {
    let r = ScriptRuleset::from_source_with("t.rhai", source, Limits::default(), compiled)
        .expect("the script loads");
    let monitor = Monitor::default();
    match r.value(position, &Options::new(&monitor)) {
        Ok(report) => report.text(),
        Err(e) => format!("error: {e}"),
    }
}

#[test]
fn whole_searches_report_the_same() {
    for (source, position) in [
        (DOMINEERING_PLAIN.to_string(), "....|....|...."),
        (CRAM_PLAIN.to_string(), "....|....|....|...."),
        (example("kayles.rhai"), "10 7 3"),
        (example("coins.rhai"), "3 9 1 2 lead 1"),
        (example("pursuit.rhai"), "cop 0 robber 2 cop"),
    ] {
        assert_eq!(
            report(&source, true, position),
            report(&source, false, position),
            "{position}"
        );
    }
}

/// Scripts whose calls fail, or go where the compiler does not: the same
/// answers and the same messages (file, line, column) either way.
#[test]
fn failures_and_unusual_scripts_answer_as_rhai_does() {
    let scripts = [
        "fn moves(p) { if p == 3 { throw \"no moves from three\"; } if p > 0 { [p - 1] } else { [] } }",
        "fn moves(p) { [p * 4611686018427387904] }",
        "fn moves(p) { let a = [1, 2]; if p > 0 { [a[p - 3]] } else { [] } }",
        "fn moves(p) { if p < 2 { [1.5] } else { [p - 1] } }",
        "fn moves(p) { if p == 4 { 5 } else if p > 0 { [p - 1] } else { [] } }",
        "fn moves(p) {\n  let s = \"x\";\n  if p == 5 { loop { s += s; } }\n  if p > 0 { [p - 1] } else { [] }\n}",
        "fn moves(p) { let s = 0; for i in 0..p * 400 { s += i; } if p > 0 { [p - 1, s % 3] } else { [] } }",
        "fn f(n) { f(n + 1) } fn moves(p) { if p == 2 { f(0); } if p > 0 { [p - 1] } else { [] } }",
        "fn f(n) { if n <= 1 { n } else { f(n - 1) + f(n - 2) } } fn moves(p) { if p == 0 { [] } else { [p - 1, f(p) % p] } }",
        "fn moves(p) { let out = []; let i = 0; while true { i += 1; if i > p { break; } if i % 2 == 0 { continue; } out.push(p - i); } out }",
        "fn moves(p) { let out = []; let i = p; do { i -= 1; if i >= 0 { out.push(i); } } until i <= 0; out }",
        "fn moves(p) { let s = \"ab\" + p; let c = s[1]; if c == 'b' && s.len() < 5 { [p - 1] } else { [] } }",
        "fn moves(p) { switch p { 0 => [], 1 => [0], _ => [p - 1, p - 2] } }",
        "fn moves(p) { let f = |x| x - 1; if p > 0 { [f.call(p)] } else { [] } }",
        "fn moves(p) { for k in 0..p { move_to(k); } }",
        "fn moves(p) { if p > 1 { move_to(p - 2, 1); move_to_splits(p - 1); } }",
        "fn moves(p) { let m = #{n: p, k: [p, p]}; m.k[0] -= 1; m.extra = 1; if p > 0 { [m.k[0], m.n - 1] } else { [] } }",
        "fn moves(p) { let a = [p, 1, 2]; a.sort(); a.reverse(); let x = a.pop(); a.insert(0, x); if p > 0 { [a[-1], p - 1] } else { [] } }",
        "fn moves(p) { if p > 0 { [(p >> 1) ^ (p << 70), p - 1, -(p - 1), p ** 2 % 5] } else { [] } }",
        "fn moves(p) { if p > 0 && (p & 1 == 1 || p > 6) { [p - 1] } else if p > 0 { [p - 2 ?? 0] } else { [] } }",
        // Methods on a variable: done here, bridged, or on the wrong type.
        "fn moves(p) { let s = \"ab\"; s.pad(4, 'x'); let m = #{a: 1}; m.remove(\"a\"); let a = [1]; a.push(p); a.insert(0, 2); if p > 0 { [s.len() + p - 1, m.len(), a[1] - 1] } else { [] } }",
        "fn moves(p) { let a = 5; a.push(1); [] }",
        "fn moves(p) { let out = []; for i in 0..p { out.push(i); out.push(out.len() - 1); } out }",
        // Truth values and map entries in integer expressions.
        "fn moves(p) { let m = #{a: p, s: \"x\"}; let t = !(p > 2) & (m.a < 6) | (p == 1) ^ true; if t && p > 0 { [m.a - 1, m.s + m.a] } else if p > 0 { [p - 1, m.z] } else { [] } }",
    ];
    for (i, source) in scripts.iter().enumerate() {
        let limits = Limits {
            max_ops: 5000,
            max_string: 1 << 12,
            ..Limits::default()
        };
        same_answers(source, limits, &["7", "5", "3"], 200);
        for position in ["0", "3", "5", "8"] {
            let r = |compiled| {
                let r = ScriptRuleset::from_source_with("t.rhai", source, limits, compiled).expect("loads");
                let monitor = Monitor::default();
                // A small budget: the scripts that never end (positions
                // that grow without bound, or loops) answer alike, and
                // quickly, at it.
                match r.value(position, &Options::new(&monitor).max_states(20_000)) {
                    Ok(report) => report.text(),
                    Err(e) => format!("error: {e}"),
                }
            };
            assert_eq!(r(true), r(false), "script {i} on {position}");
        }
    }
}

/// Positions that are maps: records (at most four integers), larger maps,
/// maps with other values, and a key spelt like a keyword.
#[test]
fn map_positions_answer_as_rhai_does() {
    let source = r#"
        fn moves(p) {
            if p.n <= 0 { return []; }
            let n = p.n - 1;
            [#{n: n, k: 1}, #{n: n, a: 1, b: 2, c: 3, d: 4}, #{n: n, s: "x"}, #{n: n}, #{"if": 2, n: n}, #{n: n, k: p.n % 2}]
        }
    "#;
    for start in ["#{n: 3}", "#{n: 2, a: 1, b: 2, c: 3, d: 4}", "#{n: 2, s: \"x\"}"] {
        same_answers(source, Limits::default(), &[start], 500);
        let r = |compiled| {
            let r = ScriptRuleset::from_source_with("t.rhai", source, Limits::default(), compiled)
                .expect("loads");
            let monitor = Monitor::default();
            r.value(start, &Options::new(&monitor))
                .map(|report| report.text())
                .unwrap_or_else(|e| e.to_string())
        };
        assert_eq!(r(true), r(false), "{start}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Random small boards of plain Domineering and Cram.
    #[test]
    fn random_boards_answer_as_rhai_does(w in 1usize..6, h in 1usize..5, holes in any::<u32>()) {
        let rows: Vec<String> = (0..h)
            .map(|r| (0..w).map(|c| if holes >> ((r * w + c) % 32) & 1 == 1 && (r + c) % 3 == 0 { '#' } else { '.' }).collect())
            .collect();
        let board = rows.join("|");
        same_answers(DOMINEERING_PLAIN, Limits::default(), &[&board], 300);
        same_answers(CRAM_PLAIN, Limits::default(), &[&board], 300);
    }

    /// Random integer expressions: the same value, or the same error.
    #[test]
    fn random_expressions_answer_as_rhai_does(e in expression(), p in -70i64..70) {
        let source = format!("fn moves(p) {{ let q = p * 3; let m = #{{a: p - 2, s: \"x\"}}; let v = {e}; if p > 0 {{ [p - 1, v] }} else {{ [] }} }}");
        same_answers(&source, Limits::default(), &[&p.to_string()], 4);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Deep expressions, whose flat form needs a stack (both operands of an
    /// operator not leaves) or is too deep for one (walked as a tree), as
    /// values and as the conditions of `if`, `while` and `do`, short-circuit
    /// `&&` and `||` among them.
    #[test]
    fn deep_expressions_and_conditions_answer_as_rhai_does(
        e in deep_expression(),
        f in deep_expression(),
        p in -40i64..40,
    ) {
        let source = format!(
            "fn moves(p) {{
                let q = p * 3; let m = #{{a: p - 2, b: 7}};
                let v = {e};
                let w = 0;
                if ({e}) > ({f}) || ({f}) == 0 {{ w += 1; }}
                if ({e}) != 0 && ({f}) < 0 {{ w += 2; }}
                let i = 0;
                while i < 3 && (({f}) + i) % 2 == 0 {{ i += 1; }}
                do {{ i += 1; }} until i > 4 || ({e}) < i;
                if p > 0 {{ [p - 1, v, w, i] }} else {{ [] }}
            }}"
        );
        same_answers(&source, Limits::default(), &[&p.to_string()], 3);
    }
}

/// A balanced expression nine levels deep: its flat form would need more
/// stack than it has, so it is walked as a tree, with the same answers.
#[test]
fn an_expression_too_deep_to_lay_flat_answers_as_rhai_does() {
    fn tree(depth: u32) -> String {
        if depth == 0 {
            return "(p + m.b)".to_string();
        }
        let op = ["+", "-", "^", "|"][depth as usize % 4];
        format!("({} {op} {})", tree(depth - 1), tree(depth - 1))
    }
    let e = tree(9);
    let source = format!(
        "fn moves(p) {{ let m = #{{b: 3}}; let v = {e}; if ({e}) > 5 && p > 0 {{ [p - 1, v] }} else if p > 0 {{ [p - 1] }} else {{ [] }} }}"
    );
    let answered = same_answers(&source, Limits::default(), &["6", "-4"], 8);
    assert!(
        answered >= 6,
        "the compiled evaluator answered {answered} calls itself"
    );
}

/// Deep integer expressions over `p`, `q` and map entries, with
/// comparisons and truth-value operators inside.
fn deep_expression() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        Just("p".to_string()),
        Just("q".to_string()),
        (-9i64..9).prop_map(|n| format!("({n})")),
        Just("m.a".to_string()),
        Just("m.b".to_string()),
        Just("m.z".to_string()),
    ];
    leaf.prop_recursive(10, 96, 2, |inner| {
        let ops = prop::sample::select(vec!["+", "-", "*", "%", "<<", ">>", "&", "|", "^"]);
        let cmps = prop::sample::select(vec!["==", "!=", "<", "<=", ">", ">="]);
        let logic = prop::sample::select(vec!["&", "|", "^"]);
        prop_oneof![
            4 => (inner.clone(), ops, inner.clone()).prop_map(|(a, op, b)| format!("({a} {op} {b})")),
            1 => inner.clone().prop_map(|a| format!("(-{a})")),
            1 => (inner.clone(), cmps.clone(), inner.clone(), logic, inner.clone(), cmps, inner)
                .prop_map(|(a, c1, b, l, x, c2, y)| {
                    format!("(if ({a} {c1} {b}) {l} !({x} {c2} {y}) {{ 1 }} else {{ 0 }})")
                }),
        ]
    })
}

/// Integer (and truth-value) expressions over `p` and `q`.
fn expression() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        Just("p".to_string()),
        Just("q".to_string()),
        (-70i64..70).prop_map(|n| format!("({n})")),
        Just("9223372036854775807".to_string()),
        Just("m.a".to_string()),
        Just("m.s".to_string()),
        Just("m.z".to_string()),
        Just("(p > q)".to_string()),
    ];
    leaf.prop_recursive(4, 24, 2, |inner| {
        let ops = prop::sample::select(vec![
            "+", "-", "*", "/", "%", "**", "<<", ">>", "&", "|", "^", "==", "!=", "<", "<=", ">", ">=",
        ]);
        prop_oneof![
            (inner.clone(), ops, inner.clone()).prop_map(|(a, op, b)| format!("({a} {op} {b})")),
            inner.clone().prop_map(|a| format!("(-{a})")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("(!({a} == {b}))")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("(({a} > 0) && ({b} < 3))")),
            (inner.clone(), inner.clone(), inner)
                .prop_map(|(c, a, b)| format!("(if {c} > 0 {{ {a} }} else {{ {b} }})")),
        ]
    })
}
