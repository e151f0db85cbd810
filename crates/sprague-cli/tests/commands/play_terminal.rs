//! `sprague play` at a real terminal (tmux): the boards as drawn on the
//! screen, the screen after each typed move, `hint`, `undo` and `quit`, no
//! line broken by the terminal and no colour codes.
//!
//! CI installs tmux and sets `SPRAGUE_REQUIRE_TMUX`, so there these tests
//! always run; elsewhere they are skipped only when tmux is not installed.

use crate::common;

use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// Columns of the test terminal: the common minimum.
const COLUMNS: usize = 80;

/// A tmux server of its own running one command in an 80×40 pane; killed when
/// dropped.
struct Pane {
    socket: String,
}

impl Pane {
    /// Starts `sprague ARGS` in a fresh pane, or `None` when tmux is missing
    /// and not required.
    fn start(tag: &str, args: &[&str]) -> Option<Pane> {
        if !common::tmux_available("the terminal drawing") {
            return None;
        }
        let pane = Pane {
            socket: format!("sprague-play-{tag}-{}", std::process::id()),
        };
        let mut cmd = format!("'{}' play", env!("CARGO_BIN_EXE_sprague"));
        for a in args {
            cmd.push_str(&format!(" '{a}'"));
        }
        // The shell stays after sprague ends, to show how it ended.
        let shell = format!("{cmd}; echo \"[exit $?]\"; sleep 600");
        let (w, h) = (COLUMNS.to_string(), "40".to_string());
        let started = pane.tmux(&["new-session", "-d", "-s", "play", "-x", &w, "-y", &h, &shell]);
        assert!(started.status.success(), "{started:?}");
        Some(pane)
    }

    fn tmux(&self, args: &[&str]) -> Output {
        Command::new("tmux")
            .args(["-L", &self.socket, "-f", "/dev/null"])
            .args(args)
            .output()
            .expect("tmux runs")
    }

    /// The screen and its scrollback, rows as the terminal shows them
    /// (`joined`: rows the terminal wrapped put back together; `escapes`:
    /// with colour and attribute codes).
    fn capture(&self, joined: bool, escapes: bool) -> String {
        let mut args = vec!["capture-pane", "-p", "-t", "play", "-S", "-500"];
        if joined {
            args.push("-J");
        }
        if escapes {
            args.push("-e");
        }
        let text = String::from_utf8_lossy(&self.tmux(&args).stdout).into_owned();
        text.trim_end().to_string()
    }

    fn screen(&self) -> String {
        self.capture(false, false)
    }

    /// Waits until `ok` holds for the screen (at most 20 s), then checks that
    /// nothing was wrapped by the terminal or coloured, and returns the screen.
    fn wait(&self, what: &str, ok: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if ok(&screen) {
                // Let the rest of the output arrive before judging the layout.
                std::thread::sleep(Duration::from_millis(200));
                let screen = self.screen();
                let joined = self.capture(true, false);
                assert_eq!(
                    screen.lines().count(),
                    joined.lines().count(),
                    "a line was wider than {COLUMNS} columns and the terminal broke it:\n{screen}"
                );
                assert!(
                    !self.capture(false, true).contains('\u{1b}'),
                    "colour or attribute codes on the screen:\n{screen}"
                );
                return screen;
            }
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "timed out waiting for {what}; the screen:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Types `line` and Enter once prompt number `prompts` is up, then waits
    /// for the next prompt (or for the end of the program) and returns the
    /// screen.
    fn type_line(&self, prompts: &mut usize, prompt: &str, line: &str) -> String {
        self.wait("the prompt", |s| s.matches(prompt).count() >= *prompts);
        self.tmux(&["send-keys", "-t", "play", "-l", line]);
        self.tmux(&["send-keys", "-t", "play", "Enter"]);
        *prompts += 1;
        self.wait("the next prompt", |s| {
            s.matches(prompt).count() >= *prompts || s.contains("[exit ")
        })
    }
}

impl Drop for Pane {
    fn drop(&mut self) {
        self.tmux(&["kill-server"]);
    }
}

/// The screen from the last occurrence of `marker` on.
fn after<'a>(screen: &'a str, marker: &str) -> &'a str {
    screen.rfind(marker).map_or("", |i| &screen[i..])
}

/// The heaps drawn in `screen` after `marker`: the tokens on each `heap i:` row,
/// checked against the size printed at the row's end.
fn drawn_heaps(screen: &str, marker: &str) -> Vec<usize> {
    after(screen, marker)
        .lines()
        .skip(1)
        .skip_while(|l| l.trim().is_empty())
        .map_while(|l| l.trim_start().strip_prefix("heap "))
        .map(|row| {
            let tokens = row.matches('●').count();
            let size = row
                .rsplit('(')
                .next()
                .and_then(|s| s.strip_suffix(')'))
                .and_then(|s| s.parse::<usize>().ok())
                .expect("the size at the end of the row");
            assert_eq!(tokens, size, "row `{row}`");
            tokens
        })
        .collect()
}

#[test]
fn nim_heaps_are_rows_of_tokens_at_a_terminal() {
    let Some(pane) = Pane::start("nim", &["nim", "3", "4", "5"]) else {
        return;
    };
    let prompt = "your move>";
    let mut prompts = 1;
    let screen = pane.wait("the board", |s| s.contains(prompt));
    assert!(screen.starts_with("sprague play nim."), "{screen}");
    for row in [
        "  heap 1: ●●●    (3)",
        "  heap 2: ●●●●   (4)",
        "  heap 3: ●●●●●  (5)",
    ] {
        assert!(screen.lines().any(|l| l == row), "no row `{row}`:\n{screen}");
    }
    assert_eq!(screen.lines().last(), Some(prompt), "{screen}");

    // 3 4 5 → 1 4 5 (nim-sum 0); sprague answers and the board is redrawn.
    let screen = pane.type_line(&mut prompts, prompt, "1 4 5");
    assert!(
        screen.contains("your move> 1 4 5\nyou: heap 1: 3 → 1  →  1 4 5\n"),
        "{screen}"
    );
    let reply = after(&screen, "\nsprague: ").lines().nth(1).unwrap_or("");
    let position: Vec<usize> = reply
        .rsplit("→  ")
        .next()
        .unwrap_or("")
        .split(' ')
        .map(|h| h.parse().expect("a heap size"))
        .collect();
    assert_eq!(position.len(), 3, "{screen}");
    assert_ne!(
        position.iter().fold(0, |a, h| a ^ h),
        0,
        "from nim-sum 0 every move leaves a non-zero sum"
    );
    assert_eq!(drawn_heaps(&screen, reply), position, "{screen}");
    assert_eq!(screen.lines().last(), Some(prompt), "{screen}");

    // The hint shows the nim-sum arithmetic and a move that makes it 0.
    let screen = pane.type_line(&mut prompts, prompt, "hint");
    let hint = after(&screen, "your move> hint");
    let sum = position.iter().fold(0, |a, h| a ^ h);
    let shown: Vec<String> = position.iter().map(usize::to_string).collect();
    assert!(hint.contains(&format!("{} = {sum}", shown.join(" ⊕ "))), "{hint}");
    assert!(hint.contains("winning moves ("), "{hint}");
    assert_eq!(screen.lines().last(), Some(prompt), "{screen}");

    // Undo goes back to before the user's move: 3 4 5 drawn again.
    let screen = pane.type_line(&mut prompts, prompt, "undo");
    assert!(screen.contains("undone: back to 3 4 5"), "{screen}");
    assert_eq!(drawn_heaps(&screen, "undone: back to"), [3, 4, 5], "{screen}");
    assert_eq!(screen.lines().last(), Some(prompt), "{screen}");

    let screen = pane.type_line(&mut prompts, prompt, "quit");
    assert!(screen.ends_with("your move> quit\nBye.\n[exit 0]"), "{screen}");
}

#[test]
fn chomp_board_at_a_terminal() {
    let Some(pane) = Pane::start("chomp", &["chomp", "3", "3", "2"]) else {
        return;
    };
    let prompt = "your move>";
    let mut prompts = 1;
    let screen = pane.wait("the board", |s| s.contains(prompt));
    // Three rows of squares, the poisoned one top left, columns numbered.
    for row in ["     1 2 3", "  1  ☠ ■ ■", "  2  ■ ■ ■", "  3  ■ ■"] {
        assert!(screen.lines().any(|l| l == row), "no row `{row}`:\n{screen}");
    }
    let screen = pane.type_line(&mut prompts, prompt, "hint");
    assert!(
        after(&screen, "hint").contains("3 1 1   bite at row 2, column 2"),
        "{screen}"
    );
    // Bite at (2,2): 3 1 1; sprague answers and the board is redrawn.
    let screen = pane.type_line(&mut prompts, prompt, "3 1 1");
    assert!(
        screen.contains("you: bite at row 2, column 2  →  3 1 1"),
        "{screen}"
    );
    let reply = after(&screen, "\nsprague: ").lines().nth(1).unwrap_or("");
    let rows: Vec<usize> = reply
        .rsplit("→  ")
        .next()
        .unwrap_or("")
        .split(' ')
        .filter_map(|r| r.parse().ok())
        .collect();
    let board = after(&screen, reply);
    for (r, &len) in rows.iter().enumerate() {
        let drawn = board
            .lines()
            .find_map(|l| l.trim_start().strip_prefix(&format!("{}  ", r + 1)))
            .unwrap_or_else(|| panic!("row {} not drawn:\n{screen}", r + 1));
        assert_eq!(drawn.matches(['☠', '■']).count(), len, "row {}:\n{screen}", r + 1);
    }
    let screen = pane.type_line(&mut prompts, prompt, "quit");
    assert!(screen.ends_with("Bye.\n[exit 0]"), "{screen}");
}

#[test]
fn domineering_board_at_a_terminal() {
    let Some(pane) = Pane::start("domineering", &["domineering", "...|...|..."]) else {
        return;
    };
    let prompt = "your move (Left)>";
    let mut prompts = 1;
    let screen = pane.wait("the board", |s| s.contains(prompt));
    assert!(screen.contains("You play Left."), "{screen}");
    for row in ["     a b c", "  1  . . .", "  2  . . .", "  3  . . ."] {
        assert!(screen.lines().any(|l| l == row), "no row `{row}`:\n{screen}");
    }
    let screen = pane.type_line(&mut prompts, prompt, "hint");
    let hint = after(&screen, "> hint");
    assert!(hint.contains("value +-1"), "{hint}");
    assert!(hint.contains(".#.|.#.|..."), "{hint}");
    // The vertical domino in the middle column; sprague (Right) answers with
    // a horizontal one, and both show on the board.
    let screen = pane.type_line(&mut prompts, prompt, ".#.|.#.|...");
    assert!(screen.contains("you (Left): "), "{screen}");
    let reply = after(&screen, "\nsprague (Right): ").lines().nth(1).unwrap_or("");
    let position = reply.rsplit("→  ").next().unwrap_or("");
    let board: Vec<&str> = after(&screen, reply)
        .lines()
        .skip(3)
        .take(3)
        .map(|l| l.get(5..).unwrap_or(""))
        .collect();
    let expected: Vec<String> = position
        .split('|')
        .map(|r| r.chars().map(String::from).collect::<Vec<_>>().join(" "))
        .collect();
    assert_eq!(board, expected, "{screen}");
    assert_eq!(position.matches('#').count(), 4, "{screen}");
    let screen = pane.type_line(&mut prompts, prompt, "quit");
    assert!(screen.ends_with("Bye.\n[exit 0]"), "{screen}");
}

/// The other drawn boards, each as the terminal shows it, then a hint and
/// `quit`: Blue-Red Hackenbush stalks, Wythoff's two heaps, tic-tac-toe,
/// Toads and Frogs, grid geography, Green Hackenbush pieces and Poker Nim.
#[test]
fn other_boards_at_a_terminal() {
    let cases: [(&str, &[&str], &[&str]); 7] = [
        (
            "stalks",
            &["hackenbush", "BR", "B"],
            &["   R", "   B   B", "  ▔▔▔▔▔▔▔▔▔", "   1   2"],
        ),
        (
            "wythoff",
            &["wythoff", "3", "5"],
            &["  heap 1: ●●●    (3)", "  heap 2: ●●●●●  (5)"],
        ),
        (
            "ttt",
            &["tic-tac-toe", "X..|.O.|..."],
            &["     a b c", "  1  X . .", "  2  . O .", "  3  . . ."],
        ),
        (
            "toads",
            &["toads-and-frogs", "TT..F"],
            &["  T  T  .  .  F", "  1  2  3  4  5"],
        ),
        (
            "grid",
            &["geography-grid", "..#./..../#..."],
            &["     a b c d", "  1  . . # .", "  2  . . . .", "  3  # . . ."],
        ),
        (
            "green",
            &["green-hackenbush", "0-1 1-2 2-0 2-3"],
            &["  piece 1: 0-1 0-2 1-2 2-3", "  ▔▔▔▔▔▔▔▔▔▔▔▔ ground: vertex 0"],
        ),
        (
            "poker",
            &["poker-nim", "1", "2", "3", "/", "4", "0"],
            &["  heap 3: ●●●  (3)", "  reserve of the player to move: ●●●●  (4)"],
        ),
    ];
    for (tag, args, rows) in cases {
        let Some(pane) = Pane::start(tag, args) else {
            return;
        };
        let prompt = "your move";
        let mut prompts = 1;
        let screen = pane.wait("the board", |s| s.contains(prompt));
        for row in rows {
            assert!(
                screen.lines().any(|l| l == *row),
                "{tag}: no row `{row}`:\n{screen}"
            );
        }
        let screen = pane.type_line(&mut prompts, prompt, "hint");
        // The command's line, at least two lines of hint, and the next prompt.
        assert!(
            after(&screen, "hint").lines().count() >= 4,
            "{tag}: no hint:\n{screen}"
        );
        let screen = pane.type_line(&mut prompts, prompt, "quit");
        assert!(screen.ends_with("Bye.\n[exit 0]"), "{tag}:\n{screen}");
    }
}
