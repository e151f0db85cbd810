//! `sprague value RULESET POSITION...` and `sprague value RULESET --batch`.

use crate::error::{CliError, CliResult, INTERRUPTED};
use crate::progress::{self, Polling, Progress};
use crate::ruleset::{self, QueryOptions, Reading};
use sprague_cli::input::read;
use std::io::Write;

/// Runs `value`: the position may be one quoted argument or several words.
/// On a terminal, a search that runs for more than a moment shows a bar with
/// the states solved and the rate (read from the solvers' monitor); Ctrl-C
/// stops the search and ends with `interrupted after N states` (exit code
/// 130; in the REPL, back to the prompt). A partial search has no value to
/// print: the position's value depends on every state below it. The text
/// lists the first [`sprague::registry::MOVES_SHOWN`] moves of each list and
/// counts the rest, unless `all`.
pub fn run(
    ruleset: &ruleset::Source,
    position: &[String],
    options: &QueryOptions,
    json: bool,
    all: bool,
) -> CliResult<()> {
    let (rules, text) = ruleset::open(ruleset, position, Reading::Value)?;
    progress::interrupt();
    let polling = Polling::start();
    let bar = Progress::monitored(&format!("searching {}", ruleset.label()), "states");
    let report = rules.value(&text, &options.to_core());
    bar.finish();
    drop(polling);
    let report = report?;
    super::emit(&report, json, all)
}

/// Runs `value --batch`: one position per line of stdin, one answer per line
/// of stdout, in order. A line that fails (bad position, budget reached)
/// prints an error line naming its line number in its place and the batch
/// goes on; the result is then an error saying how many lines failed (exit
/// code 2). Ctrl-C stops the whole batch (exit code 130). Each line's search
/// starts afresh with the same budgets. O(total of the searches).
pub fn batch(ruleset: &ruleset::Source, options: &QueryOptions, json: bool) -> CliResult<()> {
    let rules = ruleset.build()?;
    progress::interrupt();
    let _polling = Polling::start();
    let stdin = std::io::BufReader::with_capacity(1 << 16, std::io::stdin().lock());
    // Each line at most `read::MAX_LINE` bytes: `/dev/zero` is refused at line 1.
    let mut lines = read::LineReader::new(stdin, "stdin");
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut failed = 0usize;
    let mut first_failed = 0usize;
    let mut line_no = 0usize;
    loop {
        // Before a read that may wait (a pipe with nothing more yet), the
        // answers so far are written out: they are not lost to a Ctrl-C.
        if lines.get_ref().buffer().is_empty() {
            out.flush()?;
        }
        let line = match lines.next_line() {
            Ok(Some(line)) => line,
            Ok(None) => break,
            Err(e) => {
                out.flush()?;
                return Err(e);
            }
        };
        line_no += 1;
        let answer = match std::str::from_utf8(line) {
            Err(e) => Err(CliError::input(format!(
                "not UTF-8 text (byte {})",
                e.valid_up_to() + 1
            ))),
            Ok(text) if text.trim().is_empty() => Err(CliError::input("no position on this line")),
            Ok(text) => rules.value(text, &options.to_core()).map_err(CliError::from),
        };
        match answer {
            Ok(report) => {
                if json {
                    out.write_all(report.data.to_json().as_bytes())?;
                    out.write_all(b"\n")?;
                } else {
                    writeln!(out, "{}", summary(&report.data))?;
                }
            }
            Err(e) if e.code == INTERRUPTED => {
                out.flush()?;
                return Err(CliError {
                    code: INTERRUPTED,
                    message: format!("interrupted at line {line_no}: {e}"),
                });
            }
            Err(e) => {
                failed += 1;
                if first_failed == 0 {
                    first_failed = line_no;
                }
                let message = crate::error::one_line(&e.message);
                if json {
                    let o = sprague::Data::map().with("line", line_no).with("error", message);
                    out.write_all(o.to_json().as_bytes())?;
                    out.write_all(b"\n")?;
                } else {
                    writeln!(out, "line {line_no}: error: {message}")?;
                }
            }
        }
    }
    out.flush()?;
    if failed > 0 {
        return Err(CliError::input(format!(
            "{failed} line{} of the batch failed (the first: line {first_failed}); their answers are error lines",
            if failed == 1 { "" } else { "s" }
        )));
    }
    Ok(())
}

/// One answer line of a batch: `POSITION<TAB>OUTCOME<TAB>GRUNDY-OR-VALUE`
/// (`-` when the ruleset has neither), from the report's fields.
fn summary(data: &sprague::Data) -> String {
    let text = |key: &str| match data.get(key) {
        Some(sprague::Data::Text(t)) => Some(t.clone()),
        Some(sprague::Data::Int(n)) => Some(n.to_string()),
        _ => None,
    };
    let position = text("position").unwrap_or_default();
    let outcome = text("outcome").unwrap_or_else(|| "-".to_string());
    let value = text("grundy")
        .or_else(|| text("value"))
        .unwrap_or_else(|| "-".to_string());
    let field = |s: String| crate::error::one_line(&s);
    format!("{}\t{}\t{}", field(position), field(outcome), field(value))
}
