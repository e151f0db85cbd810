//! `sprague repl` driven by scripts on stdin (and, where tmux is installed,
//! at a terminal with the line editor and its history).

use crate::common;

use sprague::GameStore;
use std::io::Write;
use std::process::Command;

/// Runs `sprague repl` with `script` on stdin: (exit code, stdout, stderr).
fn repl(script: &str) -> (i32, String, String) {
    let mut child = crate::common::spawn_repl();
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(script.as_bytes())
        .expect("write the script");
    let out = child.wait_with_output().expect("wait for sprague repl");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Runs the `sprague` command line itself.
fn sprague(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(args)
        .output()
        .expect("run sprague");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The `value:` line of `sprague calc EXPR`.
fn calc_value(expr: &str) -> String {
    let (code, out, err) = sprague(&["calc", expr]);
    assert_eq!(code, 0, "{err}");
    out.lines()
        .find_map(|l| l.strip_prefix("value:"))
        .expect("a value line")
        .trim()
        .to_string()
}

#[test]
fn assigns_and_adds_two_games() {
    let (code, out, err) = repl("a := {1|*}\nb := {2|0}\na + a\na + b\n");
    assert_eq!(code, 0, "{err}");
    assert_eq!(err, "");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "a = {1|*}");
    assert_eq!(lines[1], "b = {2|0}");
    // The same sums written out in full, through `calc`.
    assert_eq!(lines[2], calc_value("{1|*} + {1|*}"));
    assert_eq!(lines[3], calc_value("{1|*} + {2|0}"));
    assert_eq!(lines.len(), 4);
}

#[test]
fn up_plus_up_is_double_up() {
    // ^ + ^ = ^^ = {0|^*} (Winning Ways ch. 3).
    let (code, out, err) = repl("^ + ^\nu := ^\nu + u == {0|^*}\nu + u\n^* || 0\n^ || 0\n");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "^^\nu = ^\ntrue\n^^\ntrue\nfalse\n");
}

#[test]
fn temperature_and_other_queries() {
    // {3||2*|1*}: stops 3 and 2, mean 9/4, temperature 3/4 (Winning Ways ch. 6);
    // {3|1} cooled by 1 is 2*, * heated by 1 is ±1.
    let script = "g := {3 | {2* | 1*}}\ntemperature(g)\nmean(g)\nstops(g)\noutcome(g)\n\
                  cool({3|1}, 1)\nheat(*, 1)\ntemperature(g) + mean(g)\n";
    let (code, out, err) = repl(script);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "g = {3||2*|1*}\n3/4\n9/4\nleft 3, right 2\nL (Left wins)\n2*\n+-1\n3\n"
    );
}

#[test]
fn table_output_equals_the_command_line() {
    let (code, out, err) = repl("table octal:0.07 40\n");
    assert_eq!(code, 0, "{err}");
    let (code, cli, _) = sprague(&["table", "octal:0.07", "--count", "40"]);
    assert_eq!(code, 0);
    assert_eq!(out, cli);
    // Dawson's Kayles (0.07) has period 34 (Winning Ways ch. 4).
    assert!(out.contains("period 34"), "{out}");
}

#[test]
fn value_output_equals_the_command_line() {
    let (code, out, err) = repl("value nim 3 4 5\nvalue nim '3 4 5' --json\n");
    assert_eq!(code, 0, "{err}");
    let (_, text, _) = sprague(&["value", "nim", "3", "4", "5"]);
    let (_, json, _) = sprague(&["value", "nim", "3 4 5", "--json"]);
    assert_eq!(out, format!("{text}{json}"));
    // 3 ^ 4 ^ 5 = 2: the first player wins.
    assert!(text.contains("grundy:  2"), "{text}");
}

#[test]
fn an_error_names_the_column_and_the_session_goes_on() {
    let script = "a := {1|*}\nb := a + {1|1/3}\na + a\nc := a + nope\ntable nosuch 10\n\
                  value nim\na - a\n";
    let (code, out, err) = repl(script);
    // Every line ran; the script as a whole reports failure.
    assert_eq!(code, 2, "{err}");
    assert_eq!(out, format!("a = {{1|*}}\n{}\n0\n", calc_value("{1|*}+{1|*}")));
    // `1/3` starts at column 13 of line 2; a caret sits under it.
    assert!(
        err.contains("error: line 2, column 13: `1/3` is not a dyadic rational"),
        "{err}"
    );
    let caret = format!("\n  b := a + {{1|1/3}}\n  {}^\n", " ".repeat(12));
    assert!(err.contains(&caret), "{err}");
    assert!(
        err.contains("error: line 4, column 10: unknown name `nope`"),
        "{err}"
    );
    assert!(err.contains("error: line 5: unknown ruleset `nosuch`"), "{err}");
    assert!(err.contains("error: line 6: "), "{err}");
    assert!(err.contains("4 lines of the script failed"), "{err}");
}

#[test]
fn quit_ends_the_session_and_help_and_vars_answer() {
    let (code, out, err) = repl("x := *2\nvars\nhelp temperature\nquit\nx + *\n");
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "x = *2\nx = *2\ntemperature(g)     the temperature (a number)\n"
    );
    let (code, out, _) = repl("help\nexit\n*\n");
    assert_eq!(code, 0);
    assert!(
        out.contains("a := {1|*}") && out.contains("value nim 3 4 5"),
        "{out}"
    );
    assert!(!out.ends_with("*\n"));
}

#[test]
fn numbers_beyond_the_dyadics_in_a_session() {
    // Bare numbers print their value; `calc` and `nimber` print what the
    // command line prints. ONAG ch. 6: ω ⊗ ω = ω² in nim multiplication;
    // ch. 3: (ω+1)(ω−1) = ω² − 1 and 1/ω below every positive rational.
    let script = "omega+1\n1/omega\n(omega^omega)/(omega+1)\n1/3+1/6\n(omega+1)*(omega-1)\n\
                  1/omega < 1/1000000007\ncalc omega+1\ncalc '(omega^omega)/(omega+1)' --json\n\
                  calc 1/3+1/6\nnimber mul omega omega\nnimber add omega*3+1 omega+3\n";
    let (code, out, err) = repl(script);
    assert_eq!(code, 0, "{err}");
    let (_, calc1, _) = sprague(&["calc", "omega+1"]);
    let (_, calc2, _) = sprague(&["calc", "(omega^omega)/(omega+1)", "--json"]);
    let (_, calc3, _) = sprague(&["calc", "1/3+1/6"]);
    assert_eq!(
        out,
        format!(
            "omega+1\n1/omega\n(omega^omega)/(omega+1)\n1/2\nomega^2-1\ntrue\n\
             {calc1}{calc2}{calc3}omega^2\nomega*2+2\n"
        )
    );
    assert!(
        calc1.contains("ordinal:       yes, omega+1 in Cantor normal form"),
        "{calc1}"
    );
    // Errors name the column of the surreal parser.
    let (code, _, err) = repl("omega + y\n");
    assert_eq!(code, 2);
    assert!(err.contains("line 1, column 9: unknown"), "{err}");
}

/// A small deterministic generator (SplitMix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[(self.next() % xs.len() as u64) as usize]
    }
}

#[test]
fn names_give_the_same_games_as_the_expressions_they_stand_for() {
    // Random pairs of small games: the session's sums, differences and
    // comparisons through names must equal the library's on the written-out text.
    let pool = [
        "0",
        "1",
        "-1/2",
        "*",
        "*2",
        "^",
        "v*",
        "{1|*}",
        "{2|0}",
        "{0|-1}",
        "+-1",
        "{3||2*|1*}",
        "{1,*|0}",
        "Tiny(2)",
        "{0,^|v}",
        "3/8^",
        "{1/2|-1/2}",
        "{*|*2}",
    ];
    let mut rng = Rng(7);
    let mut script = String::new();
    let mut expected = String::new();
    let mut s = GameStore::new();
    for _ in 0..60 {
        let (x, y) = (rng.pick(&pool), rng.pick(&pool));
        script.push_str(&format!(
            "x := {x}\ny := {y}\nx + y\nx - y\n{{x | y}}\nx <= y\nx || y\n"
        ));
        let gx = s.parse(x).expect("pool");
        let gy = s.parse(y).expect("pool");
        let sum = s.parse(&format!("({x}) + ({y})")).expect("sum");
        let diff = s.parse(&format!("({x}) - ({y})")).expect("difference");
        let braced = s.parse(&format!("{{({x}) | ({y})}}")).expect("braces");
        let le = s.le(gx, gy);
        let confused = s.compare(gx, gy).is_none();
        let (dx, dy, ds, dd, db) = (
            s.display(gx),
            s.display(gy),
            s.display(sum),
            s.display(diff),
            s.display(braced),
        );
        expected.push_str(&format!(
            "x = {dx}\ny = {dy}\n{ds}\n{dd}\n{db}\n{le}\n{confused}\n"
        ));
    }
    let (code, out, err) = repl(&script);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, expected);
}

/// At a terminal (tmux): the prompt, the line editor's history recall with
/// the Up arrow, Tab completion, and the history file written at the end.
#[test]
fn terminal_session_with_history() {
    if !common::tmux_available("the terminal session") {
        return;
    }
    let dir = crate::common::temp_dir("repl-test");
    let history = dir.join("history");
    let name = format!("sprague-repl-{}", std::process::id());
    let tmux = |args: &[&str]| {
        Command::new("tmux")
            .args(["-L", &name])
            .args(args)
            .output()
            .expect("run tmux")
    };
    let cmd = format!(
        "SPRAGUE_HISTORY='{}' '{}' repl",
        history.display(),
        env!("CARGO_BIN_EXE_sprague")
    );
    let started = tmux(&["new-session", "-d", "-s", &name, "-x", "100", "-y", "30", &cmd]);
    assert!(started.status.success(), "{started:?}");
    let screen = || String::from_utf8_lossy(&tmux(&["capture-pane", "-p", "-t", &name]).stdout).into_owned();
    let wait_for = |what: &str, count: usize| {
        for _ in 0..100 {
            if screen().matches(what).count() >= count {
                return true;
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        false
    };
    // Once the latest prompt is up and the editor has settled, sends `keys`
    // (named tmux keys, or literal text after `=`), then Enter, and waits for
    // the next prompt.
    let mut prompts = 1;
    let mut type_line = |keys: &[&str]| {
        assert!(wait_for("sprague>", prompts), "{}", screen());
        std::thread::sleep(std::time::Duration::from_millis(300));
        for k in keys {
            match k.strip_prefix('=') {
                Some(text) => tmux(&["send-keys", "-t", &name, "-l", text]),
                None => tmux(&["send-keys", "-t", &name, k]),
            };
        }
        tmux(&["send-keys", "-t", &name, "Enter"]);
        prompts += 1;
        assert!(wait_for("sprague>", prompts), "{}", screen());
    };
    type_line(&["=a := {1|*}"]);
    type_line(&["=a + a"]);
    // Up recalls `a + a`; editing it to `a + a + *` gives 1.
    type_line(&["Up", "End", "= + *"]);
    type_line(&["=oops("]);
    // Tab completes function names.
    type_line(&["=tempe", "Tab", "=(a)"]);
    let shown = screen();
    assert!(shown.contains("a = {1|*}\n"), "{shown}");
    assert!(shown.contains("sprague> a + a\n1*\n"), "{shown}");
    assert!(shown.contains("sprague> a + a + *\n1\n"), "{shown}");
    assert!(shown.contains("error: column 1: unknown name `oops`"), "{shown}");
    assert!(shown.contains("sprague> temperature(a)\n1/2\n"), "{shown}");
    tmux(&["send-keys", "-t", &name, "C-d", ""]);
    let mut saved = String::new();
    for _ in 0..100 {
        saved = std::fs::read_to_string(&history).unwrap_or_default();
        if saved.contains("a + a + *") {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    tmux(&["kill-server"]);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        saved.contains("a := {1|*}") && saved.contains("a + a + *"),
        "{saved}"
    );
}
