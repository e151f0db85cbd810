//! The catalog end to end: `sprague games`, every example of every entry runs,
//! the facts stated in the catalog's "known" paragraphs hold, and the
//! pictures of `table --plot` and `calc --thermograph` (SVG and PNG).

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn sprague_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the sprague binary runs")
}

fn sprague(args: &[&str]) -> Output {
    sprague_in(Path::new("."), args)
}

fn stdout_ok(args: &[&str]) -> String {
    let out = sprague(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

fn json(args: &[&str]) -> Value {
    serde_json::from_str(&stdout_ok(args)).expect("one JSON object")
}

/// A fresh directory for files a test writes.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sprague-catalog-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

#[test]
fn every_entry_is_complete_and_both_examples_run() {
    let v = json(&["games", "--json"]);
    let games = v["games"].as_array().expect("games array");
    assert!(games.len() >= 29);
    let dir = scratch("examples");
    for g in games {
        let name = g["name"].as_str().unwrap();
        for field in ["summary", "rules", "notation", "known", "family"] {
            let text = g[field].as_str().unwrap_or("");
            assert!(!text.trim().is_empty(), "{name}: empty {field}");
        }
        let examples = g["examples"].as_array().expect("examples");
        assert_eq!(examples.len(), 2, "{name}");
        assert_eq!(examples[0], g["example"]);
        for ex in examples {
            let ex = ex.as_str().unwrap();
            let args: Vec<&str> = ex.split_whitespace().skip(1).collect();
            let out = sprague_in(&dir, &args);
            assert!(
                out.status.success(),
                "{name}: `{ex}` failed: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            assert!(!out.stdout.is_empty(), "{name}: `{ex}` printed nothing");
        }
    }
    // The Kayles example draws its table.
    let svg = std::fs::read_to_string(dir.join("kayles.svg")).expect("kayles.svg written");
    roxmltree::Document::parse(&svg).expect("valid XML");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn one_ruleset_page_and_its_json() {
    let page = stdout_ok(&["games", "kayles"]);
    // Paragraphs are wrapped: compare with single spaces.
    let flat = page.split_whitespace().collect::<Vec<_>>().join(" ");
    for part in [
        "kayles (take-and-break games)",
        "rules:",
        "position:",
        "known:",
        "period 12 from n = 71",
        "A002186",
        "examples:",
        "sprague value kayles 10 7",
        "sprague table kayles --count 100 --plot kayles.svg",
    ] {
        assert!(flat.contains(part), "`{part}` not in:\n{page}");
    }
    // Shell characters in examples are quoted for copying.
    let page = stdout_ok(&["games", "domineering"]);
    assert!(page.contains("sprague value domineering '"), "{page}");
    // Parameters are accepted and ignored.
    let v = json(&["games", "bash:3", "--json"]);
    assert_eq!(v["name"], "bash");
    assert_eq!(v["params"], "M");
    assert!(v["known"].as_str().unwrap().contains("n mod (M+1)"));
    let list = stdout_ok(&["games"]);
    for heading in [
        "impartial heap games:",
        "take-and-break games:",
        "games on graphs:",
        "partizan games:",
    ] {
        assert!(list.contains(heading), "{heading}");
    }
}

#[test]
fn unknown_ruleset_is_one_line_with_a_suggestion() {
    let out = sprague(&["games", "kayels"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("unknown ruleset `kayels`; did you mean `kayles`?"),
        "{err}"
    );
}

fn table(spec: &str, count: usize) -> Value {
    json(&["table", spec, "--count", &count.to_string(), "--json"])
}

fn values(v: &Value) -> Vec<u64> {
    v["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect()
}

/// The closed forms and periods the catalog states, against the engine.
#[test]
fn known_facts_hold() {
    // Kayles: period 12 from n = 71 (Guy and Smith; Winning Ways, ch. 4).
    let k = table("kayles", 200);
    assert_eq!(k["period"]["period"], 12);
    assert_eq!(k["period"]["preperiod"], 71);
    // Dawson's Kayles: period 34 from n = 53.
    let d = table("dawson", 300);
    assert_eq!(d["period"]["period"], 34);
    assert_eq!(d["period"]["preperiod"], 53);
    // Subtraction {1,3,4}: 0 1 0 1 2 3 2, period 7.
    let s = table("subtraction:1,3,4", 40);
    assert_eq!(values(&s)[..7], [0, 1, 0, 1, 2, 3, 2]);
    assert_eq!(s["period"]["period"], 7);
    // Bash: n mod (M+1).
    let b = values(&table("bash:3", 30));
    assert!(b.iter().enumerate().all(|(n, &g)| g == n as u64 % 4));
    // Range L..R: floor((n mod (L+R)) / L).
    let r = values(&table("range:2,3", 30));
    assert!(r.iter().enumerate().all(|(n, &g)| g == (n as u64 % 5) / 2));
    // Lasker's Nim.
    let l = values(&table("lasker", 40));
    for (n, &g) in l.iter().enumerate().skip(1) {
        let n = n as u64;
        let want = match n % 4 {
            1 | 2 => n,
            3 => n + 1,
            _ => n - 1,
        };
        assert_eq!(g, want, "Lasker G({n})");
    }
    // Equal split: Ω(odd part), plus 1 for even heaps.
    let e = values(&table("equal-split", 200));
    for (n, &g) in e.iter().enumerate().skip(1) {
        let mut m = n;
        while m % 2 == 0 {
            m /= 2;
        }
        let (mut omega, mut x, mut p) = (0u64, m, 3);
        while x > 1 {
            while x % p == 0 {
                x /= p;
                omega += 1;
            }
            p += 2;
        }
        let want = omega + u64::from(n % 2 == 0);
        assert_eq!(g, want, "equal-split G({n})");
    }
    // Subtract-a-square: OEIS A014586 and its first losing heaps.
    let sq = values(&table("squares", 35));
    assert_eq!(sq[..10], [0, 1, 0, 1, 2, 0, 1, 0, 1, 2]);
    let losing: Vec<usize> = (0..35).filter(|&n| sq[n] == 0).collect();
    assert_eq!(losing, [0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34]);
    // Board, coin and memory games: outcomes and values stated in the catalog.
    for (ruleset, position, outcome, grundy) in [
        ("wythoff", "3 5", "P", 0),                 // (⌊2φ⌋, ⌊2φ²⌋)
        ("wyt-queens", "1,2", "P", 0),              // (⌊φ⌋, ⌊φ²⌋)
        ("chomp", "3 2", "P", 0),                   // rows a, a − 1
        ("fibonacci-nim", "21", "P", 0),            // a Fibonacci number
        ("staircase", "0 4 0 4", "P", 0),           // odd steps 0 ⊕ 0
        ("moore:2", "1 1 1", "P", 0),               // three ones in bit 0
        ("turning-turtles", "HHH", "P", 0),         // 1 ⊕ 2 ⊕ 3
        ("mock-turtles", "HHHH", "P", 0),           // 1 ⊕ 2 ⊕ 4 ⊕ 7
        ("ruler", "TTTTTTTH", "N", 8),              // largest power of 2 dividing 8
        ("flip-left", "1011", "N", 13),             // 1 + 4 + 8
        ("flip-suffix", "10110", "P", 0),           // ends in 0
        ("guessing", "9 5", "P", 0),                // the middle of 1..9: 4 ⊕ 4
        ("guessing", "10 5", "N", 1),               // 4 ⊕ 5
        ("largest-nim", "3 5 5", "P", 0),           // two largest heaps
        ("turning-corners", "TTT/TTT/TTH", "N", 3), // 2 ⊗ 2
    ] {
        let v = json(&["value", ruleset, position, "--json"]);
        assert_eq!(v["outcome"], outcome, "{ruleset} {position}: {v}");
        assert_eq!(v["grundy"], grundy, "{ruleset} {position}: {v}");
    }
    let v = json(&["value", "fibonacci-nim", "20", "--json"]);
    assert!(
        v["winning_moves"][0]["description"]
            .as_str()
            .unwrap()
            .starts_with("take 2")
    );
    // State spaces: tic-tac-toe is a draw over 5,478 positions; KRK mates in at most 16.
    let v = json(&["value", "tic-tac-toe", "start", "--json"]);
    assert_eq!(v["outcome"], "D");
    let v = json(&["solve", "--demo", "tic-tac-toe", "--json"]);
    assert_eq!(v["reachable"], 5478);
    let v = json(&["solve", "--demo", "krk", "--json"]);
    assert_eq!(v["longest_mate_moves"], 16);
    // Partizan values stated in the catalog.
    for (ruleset, position, value) in [
        ("clobber", "xo", "*"),
        ("clobber", "xxo", "^"),
        ("hackenbush", "BBRB", "7/4"),
        ("domineering", "..|..", "+-1"),
        ("cutcake", "4x1", "3"),
        ("cutcake", "1x4", "-3"),
        ("toads-and-frogs", "T.F", "*"),
    ] {
        let v = json(&["value", ruleset, position, "--json"]);
        assert_eq!(v["value"], value, "{ruleset} {position}: {v}");
    }
}

fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "PNG signature");
    assert_eq!(&bytes[12..16], b"IHDR");
    let w = u32::from_be_bytes([bytes[16], bytes[17], bytes[18], bytes[19]]);
    let h = u32::from_be_bytes([bytes[20], bytes[21], bytes[22], bytes[23]]);
    (w, h)
}

#[test]
fn table_plot_svg_and_png() {
    let dir = scratch("plot");
    let out = sprague_in(&dir, &["table", "kayles", "--count", "120", "--plot", "k.svg"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    // The table is still printed.
    assert!(String::from_utf8_lossy(&out.stdout).contains("period 12 from n = 71"));
    let svg = std::fs::read_to_string(dir.join("k.svg")).unwrap();
    let doc = roxmltree::Document::parse(&svg).expect("valid XML");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    let ids: Vec<&str> = doc.descendants().filter_map(|n| n.attribute("id")).collect();
    for id in ["title", "period", "axes", "values", "legend"] {
        assert!(ids.contains(&id), "no #{id}");
    }
    assert!(svg.contains("Grundy values of kayles: G(0) to G(119)"));
    assert!(svg.contains("period 12 from n = 71 (proven)"));
    let circles = doc.descendants().filter(|n| n.has_tag_name("circle")).count();
    assert_eq!(circles, 120);

    let out = sprague_in(&dir, &["table", "kayles", "--count", "120", "--plot", "k.png"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let png = std::fs::read(dir.join("k.png")).unwrap();
    assert_eq!(png_size(&png), (1600, 880));
    assert!(png.len() > 10_000, "a picture, not a blank: {} bytes", png.len());

    // A bad extension is refused before any work.
    let out = sprague_in(&dir, &["table", "kayles", "--count", "10", "--plot", "k.jpg"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("must end in .svg or .png") && err.lines().count() == 1,
        "{err}"
    );
    // An unwritable path is one line, exit 2.
    let out = sprague_in(
        &dir,
        &["table", "kayles", "--count", "10", "--plot", "no/such/dir/k.svg"],
    );
    assert_eq!(out.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn thermograph_png() {
    let dir = scratch("thermo");
    let out = sprague_in(&dir, &["calc", "{3||2|1}", "--thermograph", "t.png"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let png = std::fs::read(dir.join("t.png")).unwrap();
    assert_eq!(png_size(&png), (1280, 960));
    let out = sprague_in(&dir, &["calc", "{3||2|1}", "--thermograph", "t.svg"]);
    assert!(out.status.success());
    let svg = std::fs::read_to_string(dir.join("t.svg")).unwrap();
    roxmltree::Document::parse(&svg).expect("valid XML");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn graph_verbs_stay_silent_when_piped() {
    let dir = scratch("graph");
    let path = dir.join("g.txt");
    std::fs::write(&path, "3 2\n2 1\n1 0\n").unwrap();
    let p = path.to_str().unwrap();
    let out = sprague(&["grundy-graph", p]);
    assert!(out.status.success());
    assert!(out.stderr.is_empty(), "no progress output when piped");
    // The path 2 → 1 → 0 has values 0, 1, 0.
    assert!(String::from_utf8_lossy(&out.stdout).contains("\n1 1\n2 0\n"));
    let out = sprague(&["solve", p]);
    assert!(out.status.success());
    assert!(out.stderr.is_empty());
    let out = sprague(&["grundy-graph", dir.join("missing").to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn ctrl_c_ends_a_graph_read_at_once() {
    use std::process::Stdio;
    // stdin stays open and empty: the read blocks until Ctrl-C.
    let mut child = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(["grundy-graph", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the sprague binary runs");
    let stdin = child.stdin.take();
    std::thread::sleep(std::time::Duration::from_millis(700));
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
    let out = child.wait_with_output().expect("sprague ends");
    drop(stdin);
    assert_eq!(out.status.code(), Some(130));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.trim(), "sprague: interrupted");
}
