//! `sprague calc EXPR`: the core's report on a game expression
//! ([`sprague::calc::calc`]: misère forms, surreal numbers, loopy games,
//! short partizan games), printed as text or JSON; the thermograph drawn
//! to a file. Here: the flags, the progress display and the output.

use crate::error::CliResult;
use sprague::calc::{CalcReport, Route};
use std::io::Write;

/// What `calc` is asked for beyond the default report.
#[derive(Default)]
pub struct CalcOptions<'a> {
    /// Print one JSON object.
    pub json: bool,
    /// Write the thermograph to this file (SVG, or PNG when it ends in `.png`).
    pub thermograph: Option<&'a str>,
    /// Also cool the game by this temperature (a dyadic number).
    pub cool: Option<&'a str>,
    /// Also heat the game by this game (an expression).
    pub heat: Option<&'a str>,
    /// Work budget: sums, comparisons and constructions of general games.
    pub max_states: Option<usize>,
    /// Misère play of an impartial game: nimbers are read as misère forms.
    pub misere: bool,
}

/// Evaluates `expr` and prints its report.
pub fn run(expr: &str, opts: &CalcOptions<'_>) -> CliResult<()> {
    let route = sprague::calc::route(expr, opts.misere);
    // The picture's path is checked before any work.
    if let (Route::Game, Some(path)) = (route, opts.thermograph) {
        crate::picture::check(path, "--thermograph")?;
    }
    let core = sprague::calc::CalcOptions {
        misere: opts.misere,
        cool: opts.cool,
        heat: opts.heat,
        thermograph: opts.thermograph.is_some(),
        max_states: opts.max_states,
        monitor: crate::progress::monitor(),
    };
    let report = match route {
        // Ctrl-C and the memory budget stop the long sums and comparisons
        // and the simplifications of misère forms (`*[16]` takes millions).
        Route::Game | Route::Misere => {
            crate::progress::interrupt();
            let _polling = crate::progress::Polling::start();
            let _bar = (route == Route::Misere)
                .then(|| crate::progress::Progress::monitored("simplifying misère forms", "simplifications"));
            sprague::calc::calc(expr, &core)
        }
        // Loopy comparisons are refused up front past the memory budget and
        // Ctrl-C ends the process at once (they do not poll the monitor).
        Route::Loopy | Route::Surreal => sprague::calc::calc(expr, &core),
    }?;
    let mut text = if opts.json {
        report.to_json() + "\n"
    } else {
        report.text()
    };
    if let (CalcReport::Game(g), Some(path)) = (&report, opts.thermograph) {
        crate::picture::write(path, &g.thermograph_svg(), "--thermograph")?;
        if !opts.json {
            text.push_str(&format!("thermograph written to {path}\n"));
        }
    }
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(())
}
