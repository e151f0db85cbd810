//! Golden files: the catalog (`sprague games`, the list and every ruleset's
//! page, as text and as JSON) and the pictures (`table --plot`,
//! `calc --thermograph`) are compared with the files committed under
//! `tests/snapshots/`; the pictures are also read as XML and checked for the
//! parts a reader needs.
//!
//! After an intended change to catalog text or drawing code, rewrite the
//! golden files with one command and review the difference:
//!
//! ```text
//! SPRAGUE_UPDATE_SNAPSHOTS=1 cargo test -p sprague-cli --test commands snapshots::
//! git diff crates/sprague-cli/tests/snapshots
//! ```
//!
//! Rewriting also deletes golden files that nothing produces any more (a
//! ruleset renamed or removed). JSON pages are stored pretty-printed, one field
//! per line, so that a change reads as a small diff.

use serde_json::Value;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The variable that turns comparison into rewriting.
const UPDATE: &str = "SPRAGUE_UPDATE_SNAPSHOTS";

fn updating() -> bool {
    std::env::var_os(UPDATE).is_some_and(|v| !v.is_empty() && v != "0")
}

fn snapshot_dir(sub: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots")
        .join(sub)
}

/// Golden files of one directory: each `check` compares (or, when updating,
/// writes) one file; `finish` reports every difference at once and the files
/// nothing produced.
struct Golden {
    dir: PathBuf,
    seen: BTreeSet<String>,
    failures: Vec<String>,
}

impl Golden {
    fn new(sub: &str) -> Golden {
        let dir = snapshot_dir(sub);
        if updating() {
            std::fs::create_dir_all(&dir).expect("create the snapshot directory");
        }
        Golden {
            dir,
            seen: BTreeSet::new(),
            failures: Vec::new(),
        }
    }

    fn check(&mut self, file: &str, actual: &str) {
        assert!(self.seen.insert(file.to_string()), "{file} checked twice");
        let path = self.dir.join(file);
        if updating() {
            std::fs::write(&path, actual).expect("write a snapshot");
            return;
        }
        match std::fs::read_to_string(&path) {
            Err(_) => self.failures.push(format!("{}: missing", path.display())),
            Ok(expected) if expected != actual => {
                let line = expected
                    .lines()
                    .zip(actual.lines())
                    .position(|(a, b)| a != b)
                    .unwrap_or_else(|| expected.lines().count().min(actual.lines().count()));
                self.failures.push(format!(
                    "{}: differs from line {}:\n  expected: {:?}\n  actual:   {:?}",
                    path.display(),
                    line + 1,
                    expected.lines().nth(line).unwrap_or("<end of file>"),
                    actual.lines().nth(line).unwrap_or("<end of file>"),
                ));
            }
            Ok(_) => {}
        }
    }

    fn finish(mut self) {
        let files = std::fs::read_dir(&self.dir)
            .map(|d| d.filter_map(Result::ok).collect::<Vec<_>>())
            .unwrap_or_default();
        for f in files {
            let name = f.file_name().to_string_lossy().into_owned();
            if !self.seen.contains(&name) {
                if updating() {
                    std::fs::remove_file(f.path()).expect("delete a stale snapshot");
                } else {
                    self.failures
                        .push(format!("{}: nothing produces it any more", f.path().display()));
                }
            }
        }
        assert!(
            self.failures.is_empty(),
            "{} golden file(s) out of date; if the change is intended, run\n  \
             {UPDATE}=1 cargo test -p sprague-cli --test commands snapshots::\n\n{}",
            self.failures.len(),
            self.failures.join("\n")
        );
    }
}

fn sprague_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the sprague binary runs")
}

fn stdout_ok(args: &[&str]) -> String {
    let out = sprague_in(Path::new("."), args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

/// The one JSON object printed by `args` (exactly one line).
fn json(args: &[&str]) -> Value {
    let text = stdout_ok(args);
    assert_eq!(text.lines().count(), 1, "{args:?} prints one line");
    serde_json::from_str(&text).expect("one JSON object")
}

fn pretty(v: &Value) -> String {
    let mut s = serde_json::to_string_pretty(v).expect("JSON prints");
    s.push('\n');
    s
}

#[test]
fn catalog_pages_match_their_golden_files() {
    let mut golden = Golden::new("games");
    golden.check("list.txt", &stdout_ok(&["games"]));
    let all = json(&["games", "--json"]);
    let list = all["games"].as_array().expect("a games array");
    let names: Vec<&str> = list.iter().map(|g| g["name"].as_str().expect("a name")).collect();
    assert!(names.len() >= 29, "{names:?}");
    for (name, listed) in names.iter().zip(list) {
        golden.check(&format!("{name}.txt"), &stdout_ok(&["games", name]));
        let page = json(&["games", name, "--json"]);
        // The list holds the same objects as the pages, in the same order.
        assert_eq!(&page, listed, "{name}");
        golden.check(&format!("{name}.json"), &pretty(&page));
    }
    golden.finish();
}

/// A fresh directory for files a test writes.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sprague-snapshots-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Runs `args` in `dir` and returns the picture it wrote to `file`.
fn picture(dir: &Path, args: &[&str], file: &str) -> String {
    let out = sprague_in(dir, args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::read_to_string(dir.join(file)).expect("the picture was written")
}

fn by_id<'a, 'i>(doc: &'a roxmltree::Document<'i>, id: &str) -> roxmltree::Node<'a, 'i> {
    doc.descendants()
        .find(|n| n.attribute("id") == Some(id))
        .unwrap_or_else(|| panic!("no element #{id}"))
}

fn num(node: roxmltree::Node<'_, '_>, attr: &str) -> f64 {
    node.attribute(attr)
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("no number in {attr} of {node:?}"))
}

/// The texts of the `<text>` elements under `node`.
fn texts<'a, 'i>(node: roxmltree::Node<'a, 'i>) -> Vec<(roxmltree::Node<'a, 'i>, String)> {
    node.descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| (n, n.text().unwrap_or("").to_string()))
        .collect()
}

/// `table RULESET --count N --plot`: the file matches its golden copy, and its
/// title, axes, marks and period shading say what the table says.
fn check_table_plot(golden: &mut Golden, dir: &Path, ruleset: &str, count: usize) {
    let file = format!("{}-{count}.svg", ruleset.replace([':', ','], "_"));
    let n = count.to_string();
    let svg = picture(dir, &["table", ruleset, "--count", &n, "--plot", &file], &file);
    golden.check(&file, &svg);
    let table = json(&["table", ruleset, "--count", &n, "--json"]);
    let values: Vec<u64> = table["values"]
        .as_array()
        .expect("values")
        .iter()
        .map(|v| v.as_u64().expect("a value"))
        .collect();

    let doc = roxmltree::Document::parse(&svg).expect("the plot is well-formed XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(root.tag_name().namespace(), Some("http://www.w3.org/2000/svg"));
    let title = format!("Grundy values of {ruleset}: G(0) to G({})", count - 1);
    let heading = root
        .children()
        .find(|n| n.has_tag_name("title"))
        .and_then(|n| n.text());
    assert_eq!(heading, Some(title.as_str()), "{file}: the document title");
    assert_eq!(by_id(&doc, "title").text(), Some(title.as_str()), "{file}");

    // Both axes, with their names and numbered ticks; the tick positions give
    // the scale used to check the marks.
    let axes = by_id(&doc, "axes");
    let labels = texts(axes);
    for name in ["n (heap size)", "G(n)"] {
        assert!(
            labels.iter().any(|(_, t)| t == name),
            "{file}: no axis label {name}"
        );
    }
    // Numbered ticks: (position, number), x under the axis, y beside it.
    let numbered = |anchor: &str, coord: &str| -> Vec<(f64, f64)> {
        labels
            .iter()
            .filter(|(n, _)| n.attribute("text-anchor") == Some(anchor))
            .filter_map(|(n, t)| t.parse::<f64>().ok().map(|v| (num(*n, coord), v)))
            .collect()
    };
    let xlabels = numbered("middle", "x");
    assert!(xlabels.len() >= 2, "{file}: the n axis is numbered");
    assert_eq!(xlabels[0].1, 0.0, "{file}: the n axis starts at 0");
    let ((xa, na), (xb, nb)) = (xlabels[0], xlabels[1]);
    let slot = (xb - xa) / (nb - na);
    let x_of = |k: f64| xa + (k - na) * slot;
    let vmax = values.iter().copied().max().unwrap_or(0).max(1);
    // The value labels sit 4 units below their ticks (centred on the line).
    let ylabels = numbered("end", "y");
    assert!(ylabels.len() >= 2, "{file}: the value axis is numbered");
    assert!(
        ylabels.iter().any(|&(_, v)| v >= vmax as f64),
        "{file}: the value axis reaches {vmax}"
    );
    let ((ya, va), (yb, vb)) = (ylabels[0], ylabels[1]);
    let y_of = |g: u64| ya - 4.0 + (g as f64 - va) * (yb - ya) / (vb - va);

    // One mark per value, where the value is.
    let marks: Vec<_> = by_id(&doc, "values")
        .children()
        .filter(|n| n.has_tag_name("circle"))
        .collect();
    assert_eq!(marks.len(), count, "{file}: one mark per value");
    for (k, (m, &g)) in marks.iter().zip(&values).enumerate() {
        let tip = m
            .children()
            .find(|c| c.has_tag_name("title"))
            .and_then(|c| c.text());
        assert_eq!(tip, Some(format!("G({k}) = {g}").as_str()), "{file}");
        assert!(
            (num(*m, "cx") - x_of(k as f64)).abs() < 0.1,
            "{file}: mark {k} is off its column"
        );
        assert!(
            (num(*m, "cy") - y_of(g)).abs() < 0.1,
            "{file}: mark {k} is off its height"
        );
    }

    // The shaded period starts half a column before its first value, and
    // the legend says it in words.
    let legend: String = texts(by_id(&doc, "legend")).into_iter().map(|(_, t)| t).collect();
    match table["period"].as_object() {
        Some(p) => {
            let start = p["preperiod"].as_u64().expect("preperiod") as f64;
            let period = p["period"].as_u64().expect("period") as f64;
            let rects: Vec<_> = by_id(&doc, "period")
                .children()
                .filter(|n| n.has_tag_name("rect"))
                .collect();
            assert_eq!(rects.len(), 2, "{file}: the periodic part and its first period");
            for r in &rects {
                assert!(
                    (num(*r, "x") - (x_of(start) - slot / 2.0)).abs() < 0.1,
                    "{file}: shading starts at n = {start}"
                );
            }
            let first_end = num(rects[1], "x") + num(rects[1], "width");
            assert!(
                (first_end - (x_of(start + period) - slot / 2.0)).abs() < 0.1,
                "{file}: the first period is {period} columns wide"
            );
            assert!(
                legend.contains(&format!("period {period} from n = {start}")),
                "{file}: legend `{legend}`"
            );
        }
        None => assert_eq!(legend, "no period found in these values", "{file}"),
    }
}

/// `calc EXPR --thermograph`: the file matches its golden copy, and has a
/// title, both axes with labels, two walls that meet the mast at the top, and
/// one dot per breakpoint.
fn check_thermograph(golden: &mut Golden, dir: &Path, expr: &str, file: &str) {
    let svg = picture(dir, &["calc", expr, "--thermograph", file], file);
    golden.check(file, &svg);
    let report = json(&["calc", expr, "--json"]);
    let doc = roxmltree::Document::parse(&svg).expect("the thermograph is well-formed XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    let value = report["value"].as_str().expect("a value");
    let title = format!("Thermograph of {value}");
    let heading = root
        .children()
        .find(|n| n.has_tag_name("title"))
        .and_then(|n| n.text());
    assert_eq!(heading, Some(title.as_str()), "{file}");
    assert_eq!(by_id(&doc, "title").text(), Some(title.as_str()), "{file}");

    let axes = by_id(&doc, "axes");
    assert!(axes.children().filter(|n| n.has_tag_name("line")).count() >= 2);
    let labels: Vec<String> = texts(axes).into_iter().map(|(_, t)| t).collect();
    for name in [
        "temperature t",
        "value (Left's side ←, Right's side →)",
        "0",
        "-1",
        "1",
    ] {
        assert!(
            labels.iter().any(|t| t == name),
            "{file}: no axis label {name}: {labels:?}"
        );
    }

    // The walls: Left's in blue, Right's in red, one corner per breakpoint
    // and the ends; above the temperature both run up the mast.
    let points = |id: &str| -> Vec<(f64, f64)> {
        by_id(&doc, id)
            .attribute("points")
            .expect("points")
            .split(' ')
            .map(|p| {
                let (x, y) = p.split_once(',').expect("x,y");
                (x.parse().expect("x"), y.parse().expect("y"))
            })
            .collect()
    };
    let (left, right) = (points("left-wall"), points("right-wall"));
    assert_eq!(by_id(&doc, "left-wall").attribute("stroke"), Some("blue"));
    assert_eq!(by_id(&doc, "right-wall").attribute("stroke"), Some("red"));
    let wall = &report["thermograph"];
    for (pts, key) in [(&left, "left_wall"), (&right, "right_wall")] {
        let pieces = wall[key].as_array().expect("wall pieces").len();
        assert_eq!(
            pts.len(),
            pieces + 1,
            "{file}: {key} has a corner per piece and a top"
        );
    }
    let mast = by_id(&doc, "mast")
        .children()
        .find(|n| n.has_tag_name("line"))
        .expect("the mast line");
    let (mx, top) = (num(mast, "x1"), num(mast, "y2"));
    assert_eq!(num(mast, "x2"), mx, "{file}: the mast is vertical");
    for (pts, side) in [(&left, "left"), (&right, "right")] {
        let &(x, y) = pts.last().expect("a wall");
        assert!(
            (x - mx).abs() < 0.02 && (y - top).abs() < 0.02,
            "{file}: the {side} wall ends on the mast top"
        );
    }
    // Left's wall stands at larger values, drawn further left.
    assert!(left[0].0 <= right[0].0 + 0.02, "{file}: walls crossed");
    let temperature = report["temperature"].as_str().expect("a temperature");
    let mean = report["mean"].as_str().expect("a mean");
    let mast_text: String = texts(by_id(&doc, "mast")).into_iter().map(|(_, t)| t).collect();
    assert_eq!(
        mast_text,
        format!("mean {mean}, temperature {temperature}"),
        "{file}"
    );
    let dots = by_id(&doc, "breakpoints")
        .children()
        .filter(|n| n.has_tag_name("circle"))
        .count();
    let mut corners = BTreeSet::new();
    for key in ["left_wall", "right_wall"] {
        for piece in wall[key].as_array().expect("wall pieces").iter().skip(1) {
            corners.insert((piece[0].to_string(), piece[1].to_string()));
        }
    }
    assert_eq!(dots, corners.len(), "{file}: one dot per breakpoint");
}

#[test]
fn pictures_match_their_golden_files() {
    let dir = scratch("pictures");
    let mut golden = Golden::new("pictures");
    // Kayles: period 12 from n = 71 (Guy and Smith 1956; Winning Ways, ch. 4).
    check_table_plot(&mut golden, &dir, "kayles", 120);
    // Subtraction {1, 3, 4}: 0 1 0 1 2 3 2, period 7 from 0 (Winning Ways, ch. 4).
    check_table_plot(&mut golden, &dir, "subtraction:1,3,4", 30);
    // Treblecross (0.007): no period is known, none is shaded.
    check_table_plot(&mut golden, &dir, "octal:0.007", 60);
    // More values than dots: columns instead of marks.
    let svg = picture(
        &dir,
        &["table", "kayles", "--count", "500", "--plot", "k500.svg"],
        "k500.svg",
    );
    golden.check("kayles-500.svg", &svg);
    let doc = roxmltree::Document::parse(&svg).expect("well-formed XML");
    assert_eq!(
        by_id(&doc, "values")
            .children()
            .filter(|n| n.has_tag_name("path"))
            .count(),
        2
    );

    // {3||2|1}: stops 3 and 2, mean 9/4, temperature 3/4 (as `calc` reports).
    check_thermograph(&mut golden, &dir, "{3||2|1}", "thermograph-3_2_1.svg");
    // ±1: a hot switch, mean 0 and temperature 1.
    check_thermograph(&mut golden, &dir, "+-1", "thermograph-switch.svg");
    // A number: temperature -1/4 below its birthday, walls on the mast.
    check_thermograph(&mut golden, &dir, "3/4", "thermograph-number.svg");
    // A sum with several breakpoints on each wall.
    check_thermograph(&mut golden, &dir, "{5|{2|-1}} + {0|-4}", "thermograph-sum.svg");
    golden.finish();

    // The same drawings twice give the same bytes.
    let again = picture(
        &dir,
        &["table", "kayles", "--count", "120", "--plot", "again.svg"],
        "again.svg",
    );
    let first = std::fs::read_to_string(dir.join("kayles-120.svg")).expect("first");
    assert_eq!(again, first);
    std::fs::remove_dir_all(&dir).expect("clean up");
}

#[test]
fn png_pictures_decode_with_their_sizes() {
    use resvg::tiny_skia::Pixmap;
    let dir = scratch("png");
    for (args, file, size) in [
        (
            &["table", "kayles", "--count", "120", "--plot", "k.png"][..],
            "k.png",
            (1600, 880),
        ),
        (
            &["calc", "{3||2|1}", "--thermograph", "t.png"][..],
            "t.png",
            (1280, 960),
        ),
    ] {
        let out = sprague_in(&dir, args);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let bytes = std::fs::read(dir.join(file)).expect("the PNG was written");
        let png = Pixmap::decode_png(&bytes).expect("the PNG decodes");
        assert_eq!((png.width(), png.height()), size, "{file}");
        // Mostly white background, with the drawing's colours in it: the
        // marks' dark blue in the plot, the blue and red walls in the
        // thermograph (shapes, so this holds whatever fonts are installed).
        let pixels = png.pixels();
        let count = |want: (u8, u8, u8)| {
            pixels
                .iter()
                .filter(|p| {
                    p.alpha() == 255
                        && p.red().abs_diff(want.0) < 24
                        && p.green().abs_diff(want.1) < 24
                        && p.blue().abs_diff(want.2) < 24
                })
                .count()
        };
        let white = count((255, 255, 255));
        assert!(
            white > pixels.len() / 2,
            "{file}: mostly background ({white} white pixels)"
        );
        let inks: &[(u8, u8, u8)] = if file == "k.png" {
            &[(0x1e, 0x3a, 0x8a)]
        } else {
            &[(0, 0, 255), (255, 0, 0)]
        };
        for &ink in inks {
            let n = count(ink);
            assert!(n > 500, "{file}: {n} pixels of colour {ink:?}");
        }
    }
    std::fs::remove_dir_all(&dir).expect("clean up");
}
