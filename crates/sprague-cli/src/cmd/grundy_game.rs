//! `sprague grundy-game FILE --count N`: G(0..N) of Grundy's game streamed to
//! a table file, resumed from the file when it already holds values.

use crate::error::{CliError, CliResult, INTERRUPTED};
use crate::progress::{self, Polling, Progress, Unit};
use sprague::heap::{GrundyGameTable, read_grundy_table, write_grundy_header, write_grundy_values};
use std::fs::OpenOptions;
use std::io::{BufReader, BufWriter, Seek, SeekFrom, Write};

/// Heaps computed between two writes to the file.
const STEP: usize = 1 << 20;

/// Opens (or creates) the table file, checks what it holds, and appends values
/// until it holds `count`, writing every 2^20 heaps. Ctrl-C stops after the
/// last whole step written (exit code 130); running again resumes there.
/// Prints one line: heaps held, largest value and where it first occurs, rare heaps.
pub fn run(path: &str, count: usize) -> CliResult<()> {
    let io = |e: std::io::Error| CliError::input(format!("{path}: {e}"));
    progress::interrupt();
    let polling = Polling::start();
    let mut file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .map_err(io)?;
    let bar = Progress::new("reading the table file", None, Unit::None);
    let resumed = read_grundy_table(&mut BufReader::with_capacity(1 << 20, &mut file), count)
        .map_err(|e| CliError::input(format!("{path}: {e}")))?;
    let mut table: GrundyGameTable = resumed.table;
    file.set_len(resumed.valid_bytes).map_err(io)?;
    file.seek(SeekFrom::Start(resumed.valid_bytes)).map_err(io)?;
    let mut out = BufWriter::with_capacity(1 << 20, file);
    if resumed.valid_bytes == 0 {
        write_grundy_header(&mut out).map_err(io)?;
    }
    bar.phase("Grundy's game", Some(count as u64), Unit::None);
    let mut done = table.len();
    while done < count {
        if progress::stop_requested() {
            bar.finish();
            return Err(CliError {
                code: INTERRUPTED,
                message: format!(
                    "interrupted: {path} holds G(0..{}); run again to resume",
                    done.saturating_sub(1)
                ),
            });
        }
        let step = count.min(done + STEP);
        table
            .extend_to(step, &mut |_| !progress::stop_requested())
            .map_err(|e| CliError::input(e.to_string()))?;
        let held = table.len();
        write_grundy_values(&mut out, &table, done, held).map_err(io)?;
        out.flush().map_err(io)?;
        done = held;
        bar.set(done as u64);
    }
    bar.finish();
    drop(polling);
    let (heap, max) = table.records().last().copied().unwrap_or((0, 0));
    println!(
        "{path}: G(0..{}) of Grundy's game; largest value {max}, first at heap {heap}; {}",
        table.len().saturating_sub(1),
        sprague_cli::words::count(table.rare_heaps().len() as u64, "rare heap", "rare heaps")
    );
    Ok(())
}
