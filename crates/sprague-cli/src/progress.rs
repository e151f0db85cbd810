//! Progress bars and Ctrl-C for long computations.
//!
//! A [`Progress`] stays hidden for its first half second and never shows when
//! stderr is not a terminal, so quick commands and piped runs print nothing
//! extra. Once shown, a background tick keeps the elapsed time moving even
//! while an engine call that reports nothing is running. A bar made with
//! [`Progress::monitored`] reads the process's [`sprague::Monitor`]
//! ([`monitor`]) on that tick: the engine only bumps atomic counters and never
//! touches the terminal.
//!
//! [`interrupt`] installs the Ctrl-C handler: while a computation polls the
//! monitor (see [`Polling`]) the first Ctrl-C asks it to stop and keep what it
//! has; otherwise, on a second Ctrl-C, or while a read that may block is
//! under way ([`read::Blocked`]), the process ends at once with exit code 130
//! and the one line `sprague: interrupted`.

use crate::error::CliError;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use sprague::Monitor;
use sprague_cli::input::read;
use std::io::{IsTerminal, Read, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How long a computation runs before its bar appears.
const DELAY: Duration = Duration::from_millis(500);

/// How often a monitored bar reads the monitor.
const TICK: Duration = Duration::from_millis(100);

/// Number of live [`Polling`] guards (the REPL holds one for its whole session).
static POLLED: AtomicUsize = AtomicUsize::new(0);

/// Installs the Ctrl-C handler (once per process; later calls do nothing).
pub fn interrupt() {
    let _ = ctrlc::set_handler(|| {
        if POLLED.load(Ordering::SeqCst) == 0 || read::blocked() || monitor().stop_requested() {
            // On a terminal the line starts after the `^C` it echoed.
            let lead = if std::io::stderr().is_terminal() { "\n" } else { "" };
            let _ = writeln!(std::io::stderr(), "{lead}sprague: interrupted");
            std::process::exit(130);
        }
        monitor().stop();
    });
}

pub use sprague_cli::monitor;

/// Whether Ctrl-C asked the running computation to stop.
pub fn stop_requested() -> bool {
    monitor().stop_requested()
}

/// Forgets a Ctrl-C and the counts of an earlier computation: the REPL calls
/// this before each line.
pub fn new_request() {
    monitor().reset();
}

/// While alive, Ctrl-C asks the computation to stop (it polls [`monitor`])
/// instead of ending the process.
pub struct Polling(());

impl Polling {
    /// Starts a polled section. The outermost one starts from a fresh monitor;
    /// inside the REPL's session-long section, [`new_request`] does that
    /// instead, so that a Ctrl-C between reading a line and starting its
    /// search still stops that search.
    #[must_use]
    pub fn start() -> Self {
        if POLLED.fetch_add(1, Ordering::SeqCst) == 0 {
            monitor().reset();
        }
        Polling(())
    }
}

impl Drop for Polling {
    fn drop(&mut self) {
        POLLED.fetch_sub(1, Ordering::SeqCst);
    }
}

/// What a bar counts, which sets its layout.
#[derive(Clone, Copy, Debug)]
pub enum Unit {
    /// Nothing: a spinner with the phase and the elapsed time.
    None,
    /// Bytes, shown as KiB/MiB with a rate.
    Bytes,
    /// Items named by the string, e.g. `values` or `states`.
    Items(&'static str),
}

/// A progress bar (or spinner) on stderr that appears only after a moment and
/// only on a terminal.
pub struct Progress {
    bar: ProgressBar,
    shown: Arc<Mutex<bool>>,
    visible: bool,
}

impl Progress {
    /// A bar for `message`; `len` is the total when known.
    pub fn new(message: &str, len: Option<u64>, unit: Unit) -> Self {
        Self::with_visibility(message, len, unit, std::io::stderr().is_terminal())
    }

    /// A bar for `message` that shows the [`monitor`]'s count of `unit`
    /// (e.g. `states`), its rate, and the phase's total and an estimate of the
    /// time left when the engine knows the total.
    pub fn monitored(message: &str, unit: &'static str) -> Self {
        Self::build(
            message,
            None,
            Unit::Items(unit),
            std::io::stderr().is_terminal(),
            Some(monitor()),
        )
    }

    fn with_visibility(message: &str, len: Option<u64>, unit: Unit, visible: bool) -> Self {
        Self::build(message, len, unit, visible, None)
    }

    fn build(
        message: &str,
        len: Option<u64>,
        unit: Unit,
        visible: bool,
        monitor: Option<&'static Monitor>,
    ) -> Self {
        let bar = ProgressBar::with_draw_target(len, ProgressDrawTarget::hidden());
        set_style(&bar, unit, len.is_some());
        bar.set_message(sprague_cli::error::one_line(message));
        let shown = Arc::new(Mutex::new(false));
        if visible {
            let (bar, shown) = (bar.clone(), Arc::clone(&shown));
            let message = message.to_string();
            std::thread::spawn(move || {
                std::thread::sleep(DELAY);
                if let Ok(mut s) = shown.lock()
                    && !bar.is_finished()
                {
                    bar.set_draw_target(ProgressDrawTarget::term_like(Box::new(Narrow(
                        console::Term::stderr(),
                    ))));
                    bar.enable_steady_tick(Duration::from_millis(120));
                    *s = true;
                }
                if let Some(m) = monitor {
                    follow(&bar, &shown, m, &message, unit);
                }
            });
        }
        Progress { bar, shown, visible }
    }

    /// Sets the count done.
    pub fn set(&self, done: u64) {
        self.bar.set_position(done);
    }

    /// Adds to the count done.
    pub fn inc(&self, delta: u64) {
        self.bar.inc(delta);
    }

    /// Starts a new phase on the same line: a new message, total and count.
    pub fn phase(&self, message: &str, len: Option<u64>, unit: Unit) {
        set_style(&self.bar, unit, len.is_some());
        match len {
            Some(l) => self.bar.set_length(l),
            None => self.bar.unset_length(),
        }
        self.bar.set_position(0);
        self.bar.reset_eta();
        self.bar.set_message(sprague_cli::error::one_line(message));
    }

    /// Turns the bar into one that follows the [`monitor`] (as
    /// [`Progress::monitored`] makes), for a computation that reports to it
    /// after earlier phases counted here.
    pub fn follow_monitor(&self, message: &str, unit: &'static str) {
        self.phase(message, None, Unit::Items(unit));
        if self.visible {
            let (bar, shown, message) = (self.bar.clone(), Arc::clone(&self.shown), message.to_string());
            std::thread::spawn(move || follow(&bar, &shown, monitor(), &message, Unit::Items(unit)));
        }
    }

    /// Removes the bar from the terminal.
    pub fn finish(&self) {
        // Hold the lock so that the bar is not revealed after it is cleared.
        let _guard = self.shown.lock();
        self.bar.finish_and_clear();
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.finish();
    }
}

/// Stderr, reported a few columns narrower than it is. The bar's line then
/// ends short of the right edge, so the `^C` a terminal echoes on Ctrl-C does
/// not wrap onto a new line, which would leave the bar on screen when it is
/// cleared.
#[derive(Debug)]
struct Narrow(console::Term);

impl indicatif::TermLike for Narrow {
    fn width(&self) -> u16 {
        self.0.size().1.saturating_sub(3).max(20)
    }
    fn move_cursor_up(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_up(n)
    }
    fn move_cursor_down(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_down(n)
    }
    fn move_cursor_right(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_right(n)
    }
    fn move_cursor_left(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_left(n)
    }
    fn write_line(&self, s: &str) -> std::io::Result<()> {
        self.0.write_line(s)
    }
    fn write_str(&self, s: &str) -> std::io::Result<()> {
        self.0.write_str(s)
    }
    fn clear_line(&self) -> std::io::Result<()> {
        self.0.clear_line()
    }
    fn flush(&self) -> std::io::Result<()> {
        self.0.flush()
    }
}

/// Copies the monitor's phase, total and count into the bar every [`TICK`]
/// until the bar is finished (under the `shown` lock, which
/// [`Progress::finish`] holds while it clears the bar).
fn follow(bar: &ProgressBar, shown: &Mutex<bool>, monitor: &Monitor, message: &str, unit: Unit) {
    let mut last: Option<(&'static str, Option<u64>)> = None;
    loop {
        let Ok(guard) = shown.lock() else { return };
        if bar.is_finished() {
            return;
        }
        let now = (monitor.phase(), monitor.total());
        if last != Some(now) {
            let (phase, total) = now;
            set_style(bar, unit, total.is_some());
            match total {
                Some(t) => bar.set_length(t),
                None => bar.unset_length(),
            }
            bar.reset_eta();
            if phase.is_empty() {
                bar.set_message(sprague_cli::error::one_line(message));
            } else {
                bar.set_message(sprague_cli::error::one_line(&format!("{message}: {phase}")));
            }
            last = Some(now);
        }
        bar.set_position(monitor.done());
        drop(guard);
        std::thread::sleep(TICK);
    }
}

fn set_style(bar: &ProgressBar, unit: Unit, has_len: bool) {
    let template = match (unit, has_len) {
        (Unit::None, _) => "{spinner} {msg} [{elapsed_precise}]".to_string(),
        (Unit::Bytes, true) => {
            "{spinner} {msg} [{elapsed_precise}] {bar:30} {bytes}/{total_bytes} ({bytes_per_sec}, eta {eta})"
                .to_string()
        }
        (Unit::Bytes, false) => "{spinner} {msg} [{elapsed_precise}] {bytes} ({bytes_per_sec})".to_string(),
        (Unit::Items(name), true) => format!(
            "{{spinner}} {{msg}} [{{elapsed_precise}}] {{bar:30}} {{human_pos}}/{{human_len}} {name} ({{rate}}, eta {{eta}})"
        ),
        (Unit::Items(name), false) => {
            format!("{{spinner}} {{msg}} [{{elapsed_precise}}] {{human_pos}} {name} ({{rate}})")
        }
    };
    if let Ok(style) = ProgressStyle::with_template(&template) {
        // Whole items per second since the start, e.g. `81988/s` (steadier
        // than a recent-rate estimate when counts arrive in batches).
        let rate = |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
            let secs = state.elapsed().as_secs_f64();
            let per_sec = if secs > 0.0 {
                state.pos() as f64 / secs
            } else {
                0.0
            };
            let _ = write!(w, "{per_sec:.0}/s");
        };
        bar.set_style(style.with_key("rate", rate));
    }
}

/// A reader that moves a byte-count bar.
struct Counted<'b, R> {
    inner: R,
    bar: &'b Progress,
}

impl<R: Read> Read for Counted<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let k = self.inner.read(buf)?;
        self.bar.inc(k as u64);
        Ok(k)
    }
}

/// Opens a file (or stdin for `-`) for streaming, with a byte-count bar that
/// follows the reading (1 MiB buffer); the readers that take it stop at
/// their own limits ([`sprague_cli::input::read`]). Reading is not a polled
/// section, as for [`read_input`].
///
/// # Errors
/// The file cannot be opened, or is a directory.
pub fn open_input<'b>(path: &str, bar: &'b Progress) -> Result<Box<dyn std::io::BufRead + 'b>, CliError> {
    Ok(Box::new(std::io::BufReader::with_capacity(
        1 << 20,
        counted(path, bar)?,
    )))
}

/// The file at `path` (stdin for `-`) opened behind a byte count on `bar`,
/// its phase started with the file's length when it has one.
///
/// # Errors
/// The file cannot be opened, or is a directory.
fn counted<'b>(path: &str, bar: &'b Progress) -> Result<Counted<'b, Box<dyn Read + Send>>, CliError> {
    let inner = read::open(path, "the file")?;
    if path != "-" {
        let len = std::fs::metadata(path)
            .ok()
            .filter(std::fs::Metadata::is_file)
            .map(|m| m.len());
        bar.phase(&format!("reading {path}"), len, Unit::Bytes);
    }
    Ok(Counted { inner, bar })
}

/// Reads a file (or stdin for `-`) with a byte-count bar, within the memory
/// budget ([`read::read_to_limit`]). Reading is not a polled section: a read
/// may block on a pipe, so Ctrl-C ends the process at once.
///
/// # Errors
/// The file cannot be read, or is larger than the memory budget.
pub fn read_input(path: &str, bar: &Progress) -> Result<Vec<u8>, CliError> {
    let mut counted = counted(path, bar)?;
    read::read_to_limit(&mut counted, read::display_name(path), "the file", None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hidden_bar_counts_and_finishes() {
        let p = Progress::with_visibility("test", Some(10), Unit::Items("values"), false);
        p.set(3);
        p.inc(2);
        assert_eq!(p.bar.position(), 5);
        p.phase("next", None, Unit::None);
        assert_eq!(p.bar.position(), 0);
        p.finish();
        assert!(p.bar.is_finished());
    }

    #[test]
    fn a_monitored_bar_follows_the_monitor() {
        static M: Monitor = Monitor::new();
        let p = Progress::with_visibility("test", None, Unit::Items("states"), false);
        M.start_phase("deciding", Some(10), 3);
        let (bar, shown) = (p.bar.clone(), Arc::clone(&p.shown));
        let follower = std::thread::spawn(move || follow(&bar, &shown, &M, "test", Unit::Items("states")));
        let seen = |pos, len| {
            (0..100).any(|_| {
                std::thread::sleep(TICK / 2);
                p.bar.position() == pos && p.bar.length() == len
            })
        };
        assert!(seen(3, Some(10)));
        assert_eq!(p.bar.message(), "test: deciding");
        M.add(4);
        assert!(seen(7, Some(10)));
        M.start_phase("", None, 0);
        assert!(seen(0, None));
        assert_eq!(p.bar.message(), "test");
        p.finish();
        follower.join().unwrap();
    }

    #[test]
    fn reads_a_file_whole() {
        let dir = std::env::temp_dir().join(format!("sprague-progress-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("data.txt");
        let data: Vec<u8> = (0..3_000_000u32).map(|i| (i % 251) as u8).collect();
        std::fs::write(&path, &data).unwrap();
        let p = Progress::with_visibility("test", None, Unit::Bytes, false);
        let got = read_input(path.to_str().unwrap(), &p).unwrap();
        assert_eq!(got, data);
        assert_eq!(p.bar.position(), data.len() as u64);
        let missing = read_input(dir.join("missing").to_str().unwrap(), &p);
        assert!(missing.unwrap_err().message.contains("cannot read"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
