//! One JSON on every surface: each request of `tests/json_corpus.txt` (one
//! position of every ruleset of the catalog, tables, and every kind of `calc`) gives
//! the JSON line written under it, byte for byte, from `sprague … --json`
//! and from the playground's API (`sprague_wasm::api`, called natively).
//! The Python package's `.json()` is held to the same lines by
//! `crates/sprague-py/tests/test_same_json.py`.
//!
//! `SPRAGUE_UPDATE_SNAPSHOTS=1` rewrites the answers from the command line
//! (then review the diff).

use crate::common;

use std::path::Path;

/// One request of the corpus and the JSON written under it.
struct Case {
    request: String,
    json: String,
}

fn corpus_path() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/json_corpus.txt")
}

/// The comment lines (kept when rewriting) and the cases.
fn read_corpus() -> (Vec<String>, Vec<Case>) {
    let text = std::fs::read_to_string(corpus_path()).expect("tests/json_corpus.txt is readable");
    let mut head = Vec::new();
    let mut cases = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if line.starts_with('#') || line.trim().is_empty() {
            if cases.is_empty() {
                head.push(line.to_string());
            }
            continue;
        }
        let json = lines.next().unwrap_or_default().to_string();
        cases.push(Case {
            request: line.to_string(),
            json,
        });
    }
    (head, cases)
}

/// The command line's arguments for a request: `value SPEC POSITION…
/// [--misere]`, `table SPEC COUNT [--misere]` or
/// `calc [--misere] [--cool T] [--heat G] EXPR`.
fn cli_args(request: &str) -> Vec<String> {
    let (verb, rest) = request.split_once(' ').expect("a verb and its arguments");
    let mut args = vec![verb.to_string()];
    match verb {
        "value" => {
            let (rest, misere) = match rest.strip_suffix(" --misere") {
                Some(r) => (r, true),
                None => (rest, false),
            };
            let (spec, position) = rest.split_once(' ').expect("a ruleset and a position");
            args.extend([spec.to_string(), position.to_string()]);
            if misere {
                args.push("--misere".to_string());
            }
        }
        "table" => {
            let (rest, misere) = match rest.strip_suffix(" --misere") {
                Some(r) => (r, true),
                None => (rest, false),
            };
            let (spec, count) = rest.split_once(' ').expect("a ruleset and a count");
            args.extend([spec.to_string(), "--count".to_string(), count.to_string()]);
            if misere {
                args.push("--misere".to_string());
            }
        }
        "calc" => {
            let mut rest = rest;
            loop {
                if let Some(r) = rest.strip_prefix("--misere ") {
                    args.push("--misere".to_string());
                    rest = r;
                } else if let Some(r) = rest
                    .strip_prefix("--cool ")
                    .or_else(|| rest.strip_prefix("--heat "))
                {
                    let flag = &rest[..6];
                    let (value, r) = r.split_once(' ').expect("an option's value and the expression");
                    args.extend([flag.to_string(), value.to_string()]);
                    rest = r;
                } else {
                    break;
                }
            }
            args.push(rest.to_string());
        }
        _ => panic!("unknown verb in `{request}`"),
    }
    args.push("--json".to_string());
    args
}

/// The playground's answer's JSON for a request, or `None` for the options
/// the page does not offer (`calc --misere/--cool/--heat`).
fn playground(request: &str) -> Option<String> {
    let args = cli_args(request);
    match args[0].as_str() {
        "value" => {
            let misere = args.contains(&"--misere".to_string());
            let answer = sprague_wasm::api::value(&args[1], "", &args[2], misere, 0)
                .unwrap_or_else(|e| panic!("`{request}` in the playground: {e}"));
            // `{"data":REPORT,"text":…}`: the report's bytes.
            let data = answer
                .strip_prefix("{\"data\":")
                .and_then(|a| a.rsplit_once(",\"text\":"))
                .map(|(d, _)| d.to_string())
                .unwrap_or_else(|| panic!("`{request}`: the playground's answer is {answer}"));
            Some(data)
        }
        "table" => {
            let count = args[3].parse().expect("a count");
            let misere = args.contains(&"--misere".to_string());
            Some(
                sprague_wasm::api::table(&args[1], "", count, misere)
                    .unwrap_or_else(|e| panic!("`{request}` in the playground: {e}")),
            )
        }
        _ if args.len() > 3 => None,
        _ => {
            let expr = &args[1];
            let json = sprague_wasm::api::calc_json(expr, 0)
                .unwrap_or_else(|e| panic!("`{request}` in the playground: {e}"));
            // The page's answer embeds the same bytes.
            let page = sprague_wasm::api::calc(expr, 0).expect("calc answers as calc_json did");
            assert!(page.contains(&format!("\"report\":{json},\"text\":")), "{page}");
            Some(json)
        }
    }
}

#[test]
fn every_surface_writes_the_same_json() {
    let (head, cases) = read_corpus();
    assert!(cases.len() >= 80, "the corpus has {} requests", cases.len());
    // Every ruleset of the catalog is valued once.
    for e in sprague::catalog() {
        assert!(
            cases.iter().any(|c| {
                c.request
                    .strip_prefix("value ")
                    .and_then(|r| r.split([' ', ':']).next())
                    == Some(e.name)
            }),
            "no position of `{}` in tests/json_corpus.txt",
            e.name
        );
    }
    // Every kind of calc report.
    let kinds: Vec<String> = cases
        .iter()
        .filter(|c| c.request.starts_with("calc "))
        .filter_map(|c| sprague_wasm::api::calc(&cli_args(&c.request)[1], 0).ok())
        .filter_map(|a| Some(a.strip_prefix("{\"kind\":\"")?.split('"').next()?.to_string()))
        .collect();
    for kind in ["game", "misere", "loopy", "surreal"] {
        assert!(kinds.iter().any(|k| k == kind), "no calc of kind {kind}");
    }
    let update = std::env::var_os("SPRAGUE_UPDATE_SNAPSHOTS").is_some_and(|v| !v.is_empty() && v != "0");
    let mut failures = Vec::new();
    let mut written = head;
    for case in &cases {
        let args = cli_args(&case.request);
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = common::run(&refs, "");
        let stdout = String::from_utf8_lossy(&out.stdout);
        if !out.status.success() {
            failures.push(format!(
                "`{}`: the command line failed: {}",
                case.request,
                String::from_utf8_lossy(&out.stderr)
            ));
            continue;
        }
        let cli = stdout.strip_suffix('\n').unwrap_or(&stdout).to_string();
        assert!(!cli.contains('\n'), "`{}`: one line of JSON", case.request);
        let expected = if update { &cli } else { &case.json };
        if cli != *expected {
            failures.push(format!(
                "`{}`: the command line wrote\n  {cli}\nnot\n  {expected}",
                case.request
            ));
        }
        if let Some(page) = playground(&case.request)
            && page != *expected
        {
            failures.push(format!(
                "`{}`: the playground wrote\n  {page}\nnot\n  {expected}",
                case.request
            ));
        }
        written.push(case.request.clone());
        written.push(cli);
    }
    if update {
        std::fs::write(corpus_path(), written.join("\n") + "\n").expect("the corpus is writable");
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The core's JSON writer against an independent reader (serde_json): any
/// data it writes parses, and reads back as the same values, with integers
/// beyond 2^53 − 1 in magnitude as strings of their digits.
mod writer_against_serde_json {
    use proptest::prelude::*;
    use serde_json::Value;
    use sprague::Data;

    fn data() -> impl Strategy<Value = Data> {
        let leaf = prop_oneof![
            Just(Data::Null),
            any::<bool>().prop_map(Data::Bool),
            any::<i128>().prop_map(Data::Int),
            (-1i128 << 60..1i128 << 60).prop_map(Data::Int),
            any::<f64>().prop_map(Data::Float),
            any::<String>().prop_map(Data::Text),
        ];
        leaf.prop_recursive(3, 24, 4, |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..4).prop_map(Data::List),
                proptest::collection::vec((any::<String>(), inner), 0..4).prop_map(Data::Map),
            ]
        })
    }

    fn agrees(d: &Data, v: &Value) -> bool {
        match (d, v) {
            (Data::Null, Value::Null) => true,
            (Data::Bool(a), Value::Bool(b)) => a == b,
            (Data::Int(n), Value::Number(x)) => {
                n.unsigned_abs() <= sprague::registry::MAX_JSON_INTEGER.unsigned_abs()
                    && x.as_i64().map(i128::from) == Some(*n)
            }
            (Data::Int(n), Value::String(s)) => {
                n.unsigned_abs() > sprague::registry::MAX_JSON_INTEGER.unsigned_abs() && *s == n.to_string()
            }
            (Data::Float(x), Value::Null) => !x.is_finite(),
            // serde_json's default float reading may be one unit off in
            // the last place; the writer's text is Rust's shortest exact form.
            (Data::Float(x), Value::Number(y)) => {
                x.is_finite() && y.as_f64().is_some_and(|y| (y - x).abs() <= x.abs() * 1e-15)
            }
            (Data::Text(a), Value::String(b)) => a == b,
            (Data::List(a), Value::Array(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(d, v)| agrees(d, v))
            }
            (Data::Map(a), Value::Object(b)) => {
                // serde_json keeps the last value of a repeated key.
                let mut keys: Vec<&String> = a.iter().map(|(k, _)| k).collect();
                keys.sort();
                keys.dedup();
                keys.len() == b.len()
                    && keys.iter().all(|k| {
                        let last = a.iter().rev().find(|(k2, _)| k2 == *k).map(|(_, d)| d);
                        last.zip(b.get(k.as_str())).is_some_and(|(d, v)| agrees(d, v))
                    })
            }
            _ => false,
        }
    }

    proptest! {
        #[test]
        fn what_the_core_writes_serde_json_reads_back(d in data()) {
            let text = d.to_json();
            let v: Value = serde_json::from_str(&text).map_err(|e| TestCaseError::fail(format!("{e}: {text}")))?;
            prop_assert!(agrees(&d, &v), "{}", text);
        }
    }
}
