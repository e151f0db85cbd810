//! The documentation is executed: every `console` block of `README.md` and
//! `docs/*.md` is run, and what the program prints must be what the block
//! shows. A drift between the docs and the program fails the test suite.
//!
//! How a block is read:
//!
//! - `$ COMMAND` runs COMMAND with `sh` in a fresh directory holding a copy
//!   of `examples/`, with the `sprague` under test first on the `PATH`; the
//!   lines up to the next `$` are what it prints (stdout and stderr as a
//!   terminal shows them, interleaved). The exit code must be 0, or 2 when the
//!   output shows `sprague: error: …`, or 130 when it shows
//!   `sprague: interrupted …`.
//! - A line that starts with a prompt (`your move> `, `your move (Left)> `,
//!   `game over> `, `sprague> `) shows what the user typed after it: those lines are the
//!   command's standard input. `play` echoes each line it reads when its input
//!   is not a terminal, and the REPL does with `--echo`, which the runner adds,
//!   so the output is the transcript the block shows. The session is cut where
//!   the block ends: at the prompt that would read the next line (a block may
//!   end with that bare prompt).
//! - A block that starts with a prompt goes on with the session of the block
//!   before it in the same file: that block's lines are typed first (without
//!   a final `quit`), and the comparison starts where they end.
//! - `^C` is the terminal's echo of Ctrl-C: the runner sends SIGINT at that
//!   point, once the session has read every line before it and the command
//!   has had a moment to start. How far a computation got when the signal
//!   came depends on timing, so in the line printed after it every number
//!   matches any number.
//! - Placeholders, for what differs from run to run only: `[TIME]` matches a
//!   duration or rate (digits, `.`, `,`, `:`, `/`, spaces and the units `s`,
//!   `ms`, `µs`, `min`, `h`); `[PATH]` matches a path (no spaces).
//!
//! `SPRAGUE_DOCS=FILE` runs the blocks of one file only (e.g. `docs/repl.md`).

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The most time one command may take before the test fails.
const TIMEOUT: Duration = Duration::from_secs(120);

/// The prompt of `play` (`your move> `, `your move (Left)> `).
const PLAY_PROMPT: &str = "your move";

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// One `console` block: its file, first line and lines (indentation removed).
#[derive(Clone, Debug)]
struct Block {
    file: String,
    line: usize,
    lines: Vec<String>,
}

/// Every `console` block of `text`.
fn blocks_of(file: &str, text: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let lines: Vec<&str> = text.lines().collect();
    let mut i = 0;
    while i < lines.len() {
        let trimmed = lines[i].trim_start();
        if trimmed.trim_end() == "```console" {
            let indent = lines[i].len() - trimmed.len();
            let start = i + 1;
            let mut j = start;
            while j < lines.len() && lines[j].trim() != "```" {
                j += 1;
            }
            assert!(j < lines.len(), "{file}:{}: a console block is not closed", i + 1);
            let body = lines[start..j]
                .iter()
                .map(|l| {
                    let cut = l.len() - l.trim_start().len();
                    l[cut.min(indent)..].trim_end().to_string()
                })
                .collect();
            out.push(Block {
                file: file.to_string(),
                line: i + 1,
                lines: body,
            });
            i = j;
        }
        i += 1;
    }
    out
}

/// The text typed after a prompt at the start of `line`, if it starts with one.
fn typed(line: &str) -> Option<&str> {
    if let Some(rest) = line.strip_prefix("game over>") {
        return Some(rest.strip_prefix(' ').unwrap_or(rest));
    }
    if let Some(rest) = line.strip_prefix("sprague>") {
        return Some(rest.strip_prefix(' ').unwrap_or(rest));
    }
    let rest = line.strip_prefix(PLAY_PROMPT)?;
    // `your move> ` or `your move (Left)> `
    let rest = match rest.strip_prefix(" (") {
        Some(side) => &side[side.find(")>")? + 1..],
        None => rest,
    };
    let rest = rest.strip_prefix('>')?;
    Some(rest.strip_prefix(' ').unwrap_or(rest))
}

/// One command of a block and the transcript it must print.
#[derive(Clone, Debug, Default)]
struct Step {
    command: String,
    /// The lines typed, in order; `None` marks a Ctrl-C.
    inputs: Vec<Option<String>>,
    expected: Vec<String>,
    /// For each expected line: whether it is the first printed after a
    /// Ctrl-C (its numbers are free).
    after_interrupt: Vec<bool>,
    /// Inputs typed before the compared part (a continued session).
    replayed: usize,
}

fn steps_of(block: &Block) -> Vec<Step> {
    let mut steps: Vec<Step> = Vec::new();
    let mut interrupted = false;
    for line in &block.lines {
        if let Some(cmd) = line.strip_prefix("$ ") {
            steps.push(Step {
                command: cmd.to_string(),
                ..Step::default()
            });
            interrupted = false;
            continue;
        }
        if steps.is_empty() {
            steps.push(Step::default());
        }
        let step = steps.last_mut().expect("a step");
        if line == "^C" {
            step.inputs.push(None);
            interrupted = true;
            continue;
        }
        let input = typed(line);
        if let Some(input) = input {
            step.inputs.push(Some(input.to_string()));
        }
        step.after_interrupt.push(interrupted && input.is_none());
        interrupted = false;
        step.expected.push(line.clone());
    }
    for step in &mut steps {
        // A bare prompt at the end shows where the session waits: nothing is typed there.
        if step.expected.last().is_some_and(|l| typed(l) == Some(""))
            && step.inputs.last() == Some(&Some(String::new()))
        {
            step.inputs.pop();
        }
    }
    steps
}

/// Matches one expected line against an actual one: placeholders, and free
/// numbers after a Ctrl-C.
fn line_matches(expected: &str, actual: &str, free_numbers: bool) -> bool {
    if free_numbers {
        return line_matches(&numbers_free(expected), &numbers_free(actual), false);
    }
    match (expected.find("[TIME]"), expected.find("[PATH]")) {
        (None, None) => expected == actual,
        (t, p) => {
            let (at, len, ok): (usize, usize, fn(char) -> bool) = match (t, p) {
                (Some(t), Some(p)) if p < t => (p, 6, |c| !c.is_whitespace()),
                (Some(t), _) => (t, 6, |c| c.is_ascii_digit() || " .,:/µsminh".contains(c)),
                (None, Some(p)) => (p, 6, |c| !c.is_whitespace()),
                (None, None) => unreachable!(),
            };
            let (head, tail) = (&expected[..at], &expected[at + len..]);
            let Some(rest) = actual.strip_prefix(head) else {
                return false;
            };
            // The placeholder takes at least one character, then the rest must match.
            let mut ends: Vec<usize> = rest
                .char_indices()
                .skip(1)
                .map(|(i, _)| i)
                .chain([rest.len()])
                .collect();
            ends.retain(|&e| e > 0 && rest[..e].chars().all(ok));
            ends.into_iter().any(|e| line_matches(tail, &rest[e..], false))
        }
    }
}

/// `line` with every run of digits (and `,` between digits) replaced by `#`.
fn numbers_free(line: &str) -> String {
    let mut out = String::new();
    let chars: Vec<char> = line.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_ascii_digit() {
            while i < chars.len()
                && (chars[i].is_ascii_digit()
                    || (chars[i] == ',' && chars.get(i + 1).is_some_and(char::is_ascii_digit)))
            {
                i += 1;
            }
            out.push('#');
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    out
}

/// A fresh working directory with a copy of `examples/`.
fn workdir(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sprague-docs-{}-{tag}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    copy_dir(&repo().join("examples"), &dir.join("examples"));
    dir
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("create a directory");
    for entry in std::fs::read_dir(from).expect("read examples/") {
        let entry = entry.expect("a directory entry");
        let path = entry.path();
        if path.is_dir() {
            copy_dir(&path, &to.join(entry.file_name()));
        } else {
            std::fs::copy(&path, to.join(entry.file_name())).expect("copy an example");
        }
    }
}

/// What a command printed (stdout and stderr on one pipe) and its exit code.
struct Ran {
    output: String,
    code: Option<i32>,
}

fn spawn(command: &str, dir: &Path) -> Child {
    let bin = Path::new(env!("CARGO_BIN_EXE_sprague"));
    let path = std::env::join_paths(
        std::iter::once(bin.parent().expect("the binary's directory").to_path_buf()).chain(
            std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
        ),
    )
    .expect("a PATH");
    // `exec` keeps the pid of a single command that of `sprague`, for SIGINT.
    let script = format!("exec 2>&1\nexec {command}");
    let script = if command.contains(['|', ';', '&', '>', '<']) {
        format!("exec 2>&1\n{command}")
    } else {
        script
    };
    Command::new("sh")
        .arg("-c")
        .arg(script)
        .current_dir(dir)
        .env("PATH", path)
        .env("SPRAGUE_HISTORY", "")
        .env("NO_COLOR", "1")
        .env_remove("COLUMNS")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("sh runs")
}

/// Runs `command` typing `inputs` (a `None` is a Ctrl-C), in `dir`.
fn run(command: &str, inputs: &[Option<String>], dir: &Path) -> Ran {
    let mut child = spawn(command, dir);
    let output = Arc::new(Mutex::new(Vec::<u8>::new()));
    let mut stdout = child.stdout.take().expect("piped stdout");
    let reader = {
        let output = Arc::clone(&output);
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = stdout.read(&mut buf) {
                if n == 0 {
                    break;
                }
                output.lock().expect("the output").extend_from_slice(&buf[..n]);
            }
        })
    };
    let mut stdin = child.stdin.take();
    let started = Instant::now();
    for (k, input) in inputs.iter().enumerate() {
        match input {
            Some(line) => {
                if let Some(pipe) = stdin.as_mut() {
                    let _ = pipe.write_all(format!("{line}\n").as_bytes());
                    let _ = pipe.flush();
                }
            }
            None => {
                // Wait until the line before the Ctrl-C was read and echoed,
                // then give the command a moment to be under way.
                let before = inputs[..k].iter().flatten().last().cloned();
                while let Some(line) = &before {
                    let seen = String::from_utf8_lossy(&output.lock().expect("the output")).into_owned();
                    if seen.contains(&format!("> {line}\n")) || started.elapsed() > TIMEOUT {
                        break;
                    }
                    std::thread::sleep(Duration::from_millis(20));
                }
                std::thread::sleep(Duration::from_millis(1500));
                let status = Command::new("kill")
                    .args(["-INT", &child.id().to_string()])
                    .status()
                    .expect("kill runs");
                assert!(status.success(), "could not send SIGINT to `{command}`");
                std::thread::sleep(Duration::from_millis(300));
            }
        }
    }
    drop(stdin.take());
    let code = loop {
        if let Some(status) = child.try_wait().expect("wait for the command") {
            break status.code();
        }
        if started.elapsed() > TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            panic!("`{command}` ran for more than {TIMEOUT:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    reader.join().expect("the reader thread");
    let output = String::from_utf8_lossy(&output.lock().expect("the output")).into_owned();
    Ran { output, code }
}

/// The part of a session's `output` the block shows: from the prompt that
/// read input `skip` (0-based; the inputs before it were replayed), up to the
/// prompt after the last of the `typed_count` inputs.
fn session_part(output: &str, skip: usize, typed_count: usize) -> String {
    let mut prompts = 0usize;
    let mut start = None;
    let mut shown = Vec::new();
    for line in output.lines() {
        if typed(line).is_some() {
            prompts += 1;
            if prompts > typed_count {
                break;
            }
        }
        if start.is_none() && (skip == 0 || prompts == skip + 1) {
            start = Some(shown.len());
        }
        shown.push(line);
    }
    shown[start.unwrap_or(shown.len())..].join("\n")
}

/// Runs one block; the differences found, as messages, and the block's last
/// session (the next block may go on with it).
fn check_block(block: &Block, previous: Option<&Step>, index: usize) -> (Vec<String>, Option<Step>) {
    let dir = workdir(&index.to_string());
    let mut failures = Vec::new();
    let mut session: Option<Step> = None;
    let mut background: Vec<(Child, Step)> = Vec::new();
    for mut step in steps_of(block) {
        if step.command.is_empty() {
            // A continued session: the previous block's command and lines first.
            let Some(prev) = previous else {
                failures.push(format!(
                    "{}:{}: the block starts with a prompt but no block before it in the file starts a session",
                    block.file, block.line
                ));
                continue;
            };
            let mut inputs: Vec<Option<String>> = prev.inputs.clone();
            while matches!(inputs.last(), Some(Some(l)) if l == "quit" || l == "exit") {
                inputs.pop();
            }
            step.replayed = inputs.iter().flatten().count();
            inputs.extend(step.inputs);
            step.inputs = inputs;
            step.command.clone_from(&prev.command);
        }
        let interactive =
            step.command.starts_with("sprague repl") || step.command.starts_with("sprague play");
        let command = if step.command.starts_with("sprague repl") && !step.command.contains('|') {
            step.command.replacen("sprague repl", "sprague repl --echo", 1)
        } else {
            step.command.clone()
        };
        if let Some(command) = command.strip_suffix(" &") {
            // In the background: started now, checked at the end of the block.
            background.push((spawn(command, &dir), step.clone()));
            continue;
        }
        let ran = run(&command, &step.inputs, &dir);
        let typed_count = step.inputs.iter().flatten().count();
        let actual = if interactive && !step.command.contains('|') {
            session_part(&ran.output, step.replayed, typed_count)
        } else {
            ran.output.trim_end_matches('\n').to_string()
        };
        let mut expected = step.expected.clone();
        // A block may end with the bare prompt that reads the next line.
        let mut after_interrupt = step.after_interrupt.clone();
        if expected.last().is_some_and(|l| typed(l) == Some("")) {
            expected.pop();
            after_interrupt.pop();
        }
        let actual_lines: Vec<&str> = actual.split('\n').map(str::trim_end).collect();
        let actual_lines: Vec<&str> = if actual.is_empty() {
            Vec::new()
        } else {
            actual_lines
        };
        let mismatch = (0..expected.len().max(actual_lines.len())).find(|&k| {
            match (expected.get(k), actual_lines.get(k)) {
                (Some(e), Some(a)) => !line_matches(e, a, after_interrupt[k]),
                _ => true,
            }
        });
        let shows = |what: &str| expected.iter().any(|l| l.starts_with(what));
        let want = if shows("sprague: error:") {
            2
        } else if shows("sprague: interrupted") {
            130
        } else {
            0
        };
        if let Some(k) = mismatch {
            failures.push(format!(
                "{}:{}: `$ {}` differs at line {} of its output:\n  docs:    {:?}\n  program: {:?}\n--- the program printed ---\n{}\n---",
                block.file,
                block.line,
                step.command,
                k + 1,
                expected.get(k).map_or("<end>", String::as_str),
                actual_lines.get(k).copied().unwrap_or("<end>"),
                actual
            ));
        } else if ran.code != Some(want) {
            failures.push(format!(
                "{}:{}: `$ {}` exited with {:?}, the docs imply {want}",
                block.file, block.line, step.command, ran.code
            ));
        }
        session = Some(step);
    }
    for (mut child, step) in background {
        let started = Instant::now();
        let code = loop {
            if let Some(status) = child.try_wait().expect("wait for the command") {
                break status.code();
            }
            if started.elapsed() > TIMEOUT {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            std::thread::sleep(Duration::from_millis(10));
        };
        let mut output = String::new();
        if let Some(mut out) = child.stdout.take() {
            let _ = out.read_to_string(&mut output);
        }
        let output = output.trim_end().to_string();
        if output != step.expected.join("\n") || code != Some(0) {
            failures.push(format!(
                "{}:{}: `$ {}` (in the background) exited with {code:?} and printed:\n{output}",
                block.file, block.line, step.command
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    (failures, session)
}

/// The files whose blocks run.
fn doc_files() -> Vec<String> {
    if let Some(one) = std::env::var_os("SPRAGUE_DOCS") {
        return vec![one.to_string_lossy().into_owned()];
    }
    let mut files = vec!["README.md".to_string()];
    let mut docs: Vec<String> = std::fs::read_dir(repo().join("docs"))
        .expect("read docs/")
        .map(|e| e.expect("an entry").file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".md"))
        .map(|n| format!("docs/{n}"))
        .collect();
    docs.sort();
    files.extend(docs);
    files
}

#[test]
fn every_console_block_of_the_docs_prints_what_it_shows() {
    let mut failures = Vec::new();
    let mut count = 0usize;
    for file in doc_files() {
        let text = std::fs::read_to_string(repo().join(&file)).expect("read a doc");
        let mut last: Option<Step> = None;
        for block in blocks_of(&file, &text) {
            count += 1;
            let (failed, session) = check_block(&block, last.as_ref(), count);
            failures.extend(failed);
            if session.is_some() {
                last = session;
            }
        }
    }
    eprintln!("{count} console blocks run");
    assert!(
        failures.is_empty(),
        "{} of {count} console blocks differ from the program:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
    if std::env::var_os("SPRAGUE_DOCS").is_none() {
        assert!(count >= 40, "only {count} console blocks found");
    }
}

#[test]
fn the_runner_reads_prompts_placeholders_and_sessions() {
    assert_eq!(typed("your move> 1 4 5"), Some("1 4 5"));
    assert_eq!(typed("your move (Left)> b1-b2"), Some("b1-b2"));
    assert_eq!(typed("sprague> a + b"), Some("a + b"));
    assert_eq!(typed("your move>"), Some(""));
    assert_eq!(typed("you: heap 1: 3 → 1"), None);
    assert!(line_matches("solved in [TIME]", "solved in 0.11 s", false));
    assert!(line_matches(
        "solved in [TIME], done",
        "solved in 1 min 2 s, done",
        false
    ));
    assert!(!line_matches("solved in [TIME]", "solved in lots", false));
    assert!(!line_matches("solved in [TIME]", "solved in ", false));
    assert!(line_matches(
        "wrote [PATH] (3 values)",
        "wrote /tmp/x.svg (3 values)",
        false
    ));
    assert!(!line_matches("a 1", "a 2", false));
    assert!(line_matches("after 503,808 states", "after 12 states", true));
    assert!(!line_matches("after 503 states", "after 12 values", true));
    let block = Block {
        file: "x.md".into(),
        line: 1,
        lines: vec![
            "$ sprague play nim 1".into(),
            "your move> 0".into(),
            "you: …".into(),
            "^C".into(),
            "$ sprague nimber add 1 2".into(),
            "3".into(),
        ],
    };
    let steps = steps_of(&block);
    assert_eq!(steps.len(), 2);
    assert_eq!(steps[0].inputs, vec![Some("0".to_string()), None]);
    assert_eq!(steps[0].expected, vec!["your move> 0", "you: …"]);
    assert_eq!(steps[1].expected, vec!["3"]);
    let out = "intro\nyour move> a\nx\nyour move> b\ny\nyour move> \n(end of input: game abandoned)\n";
    assert_eq!(session_part(out, 0, 2), "intro\nyour move> a\nx\nyour move> b\ny");
    assert_eq!(session_part(out, 1, 2), "your move> b\ny");
}
