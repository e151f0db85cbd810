//! `sprague table RULESET --count N`: Grundy values of single heaps, with the
//! period in words.

mod plot;

use crate::error::{CliError, CliResult};
use crate::progress::{self, Polling, Progress, Unit};
use crate::ruleset::QueryOptions;
use sprague::Table as TableData;
use sprague::columns::pad_left;
use std::io::Write;

pub use plot::plot_svg;

/// Values per printed row.
const ROW: usize = 10;

/// The ruleset and the number of values of `table`, from its words: `table
/// RULESET N`, `table RULESET --count N`, and with `--rules FILE` (no ruleset
/// name) `table --rules FILE N`, where the first word is the count.
///
/// # Errors
/// Both forms of the count, neither, or a count that is not a whole number.
pub fn count_of(
    ruleset: Option<String>,
    n: Option<String>,
    rules: bool,
    count: Option<usize>,
) -> CliResult<(Option<String>, usize)> {
    let (ruleset, n) = match (rules, ruleset, n) {
        (true, Some(_), Some(_)) => {
            return Err(CliError::input(
                "with --rules FILE, `table` takes no ruleset name: `table --rules FILE N`",
            ));
        }
        (true, first, None) => (None, first),
        (_, ruleset, n) => (ruleset, n),
    };
    let n = match (n, count) {
        (Some(_), Some(_)) => {
            return Err(CliError::input(
                "the number of values is given twice: write `N` or `--count N`",
            ));
        }
        (Some(text), None) => text.parse::<usize>().map_err(|_| {
            CliError::input(format!(
                "the number of values `{}` is not a whole number (`table RULESET N`, e.g. `table kayles 50`)",
                crate::error::one_line(&text)
            ))
        })?,
        (None, Some(c)) => c,
        (None, None) => {
            return Err(CliError::input(
                "how many values? `table RULESET N` (or `--count N`), e.g. `sprague table kayles 50`",
            ));
        }
    };
    Ok((ruleset, n))
}

/// Runs `table`: computes `G(0 .. count)` (misère values with `--misere`) and
/// prints them as aligned rows or as one JSON object; with `plot`, also draws
/// them (SVG, or PNG by extension). A progress bar shows on a terminal when
/// the table takes more than a moment; Ctrl-C stops the computation and
/// prints (and draws) the values done so far.
pub fn run(
    source: &crate::ruleset::Source,
    count: usize,
    options: &QueryOptions,
    json: bool,
    plot: Option<&str>,
) -> CliResult<()> {
    let rules = source.build()?;
    let ruleset = source.label();
    if count == 0 {
        return Err(CliError::input("--count must be at least 1"));
    }
    if let Some(path) = plot {
        // Check the file name before the work, not after.
        crate::picture::check(path, "--plot")?;
    }
    // The first Ctrl-C asks the computation to stop and print what it has
    // (searches inside a value stop through the monitor); a second one ends
    // the process.
    progress::interrupt();
    let polling = Polling::start();
    let bar = Progress::new(ruleset, Some(count as u64), Unit::Items("values"));
    let mut progress = |done: usize| -> bool {
        bar.set(done as u64);
        !progress::stop_requested()
    };
    let data = rules.table(count, &options.to_core(), &mut progress)?;
    bar.finish();
    drop(polling);
    let stopped = data.values.len() < count;
    if let Some(path) = plot {
        let svg = plot_svg(ruleset, &data, options.misere);
        crate::picture::write(path, &svg, "--plot")?;
    }
    print_table(ruleset, &data, options.misere, json, stopped)?;
    if stopped {
        return Err(CliError {
            code: 130,
            message: format!(
                "interrupted: printed the {} values computed before Ctrl-C",
                data.values.len()
            ),
        });
    }
    Ok(())
}

fn print_table(ruleset: &str, data: &TableData, misere: bool, json: bool, stopped: bool) -> CliResult<()> {
    // Written straight to a buffered standard output: a table of 10^7 values
    // is never held as one string (or as a JSON tree) beside its values.
    let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    if json {
        // The core's one JSON form, written in pieces.
        data.write_json(stopped, &mut out)?;
        writeln!(out)?;
    } else {
        write_table(&mut out, ruleset, data, misere)?;
    }
    out.flush()?;
    Ok(())
}

/// The human table written to `out` row by row: a header, rows of [`ROW`]
/// values led by their first `n`, and the period in words. O(values).
fn write_table(out: &mut impl Write, ruleset: &str, data: &TableData, misere: bool) -> std::io::Result<()> {
    let n = data.values.len();
    let kind = if misere {
        "misère Grundy values"
    } else {
        "Grundy values"
    };
    writeln!(out, "{ruleset}: {kind} G(0..{})", n.saturating_sub(1))?;
    let digits = |v: u64| v.checked_ilog10().map_or(1, |d| d as usize + 1);
    let width = data.values.iter().map(|&v| digits(v)).max().unwrap_or(1);
    let lead = digits(n.saturating_sub(1) as u64);
    write!(out, "{} |", pad_left("n", lead))?;
    for j in 0..ROW.min(n) {
        write!(out, " {}", pad_left(&format!("+{j}"), width))?;
    }
    writeln!(out)?;
    // Widths are at most 20 digits, well inside what a format string takes.
    let cell = width.max(2);
    for (r, chunk) in data.values.chunks(ROW).enumerate() {
        write!(out, "{:>lead$} |", r * ROW)?;
        for v in chunk {
            write!(out, " {v:>cell$}")?;
        }
        writeln!(out)?;
    }
    match data.period {
        Some(p) => writeln!(out, "{}", p.describe()),
        None => writeln!(out, "no period found in these values"),
    }
}
