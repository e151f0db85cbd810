//! The report of a sum of short impartial games in misère play written in
//! `*[…]` notation ([`MisereStore::parse_sum`]): its misère canonical form,
//! outcome, Grundy values, genus, tameness, mate and birthday.

use super::report::{Data, Report};
use crate::impartial::{DEFAULT_MAX_MISERE_GAMES, MisereStore};
use crate::query::{Error, Result};

/// The largest budget of games a misère report accepts (16 times the default).
pub const MAX_MISERE_GAMES: usize = DEFAULT_MAX_MISERE_GAMES * 16;

/// The report of the misère game written `expr` (`*[2#,0] + *[3]`):
///
/// - `value` (the misère canonical form in `*[…]` notation), `outcome` (`N`
///   or `P`, misère play), `misere_grundy` and `grundy` (normal play);
/// - `genus` (Conway's `g^γ₀γ₁…`), `tame`, `restive` and `restless`
///   ([`MisereStore::is_tame`], [`MisereStore::is_restive`],
///   [`MisereStore::is_restless`]);
/// - `mate` (the game `G⁻` with `G + G⁻` a P-position) and `birthday`.
///
/// The store keeps at most `max_games` forms (default
/// [`DEFAULT_MAX_MISERE_GAMES`], at most [`MAX_MISERE_GAMES`]).
///
/// # Errors
/// [`Error::Input`] for text that is not a game (with its column),
/// [`Error::Search`] past the budget.
///
/// ```
/// use sprague::registry::misere_game_report;
/// let r = misere_game_report("*[2#,0]", None).unwrap();
/// assert_eq!(r.data.get("genus").and_then(|v| v.as_text()), Some("1^20"));
/// assert!(r.text().contains("restive:       yes\n"));
/// ```
pub fn misere_game_report(expr: &str, max_games: Option<usize>) -> Result<Report> {
    report(MisereStore::with_max_games(budget(max_games)), expr)
}

/// [`misere_game_report`] watched by `monitor`: Ctrl-C and the memory
/// budget stop the work ([`Error::Search`] with the interruption).
///
/// # Errors
/// As [`misere_game_report`], and the interruption.
pub fn misere_game_report_with(
    expr: &str,
    max_games: Option<usize>,
    monitor: &'static crate::monitor::Monitor,
) -> Result<Report> {
    let mut s = MisereStore::with_max_games(budget(max_games)).with_monitor(monitor);
    let r = report_of(&mut s, expr);
    match s.stopped() {
        Some(i) => Err(i.into()),
        None => r,
    }
}

/// The store's budget of forms: `max_games` or the default, at most
/// [`MAX_MISERE_GAMES`].
fn budget(max_games: Option<usize>) -> usize {
    max_games
        .unwrap_or(DEFAULT_MAX_MISERE_GAMES)
        .min(MAX_MISERE_GAMES)
}

fn report(mut s: MisereStore, expr: &str) -> Result<Report> {
    report_of(&mut s, expr)
}

fn report_of(s: &mut MisereStore, expr: &str) -> Result<Report> {
    let g = s
        .parse_sum(expr)
        .map_err(|e| Error::input(format!("expression `{expr}`: {e}")))?;
    let genus = s.genus(g)?.to_string();
    let tame = s.is_tame(g)?;
    let restive = s.is_restive(g)?;
    let restless = s.is_restless(g)?;
    let mate = s.mate(g)?;
    let (value, mate) = (s.display(g), s.display(mate));
    let outcome = s.outcome(g);
    let (misere, grundy, birthday) = (s.misere_grundy(g), s.grundy(g), s.birthday(g));
    let data = Data::map()
        .with("expression", expr)
        .with("play", "misere")
        .with("value", value.as_str())
        .with("outcome", outcome)
        .with("misere_grundy", misere)
        .with("grundy", grundy)
        .with("genus", genus.as_str())
        .with("tame", tame)
        .with("restive", restive)
        .with("restless", restless)
        .with("mate", mate.as_str())
        .with("birthday", birthday);
    let yes = |b: bool| if b { "yes" } else { "no" };
    let words = outcome.calc_words();
    let text = format!(
        "value:         {value} (misère canonical form)\noutcome:       {outcome} ({words}, misère play)\n\
         misère grundy: {misere}\nnormal grundy: {grundy}\ngenus:         {genus}\n\
         tame:          {}\nrestive:       {}\nrestless:      {}\nmate:          {mate}\n\
         birthday:      {birthday}\n",
        yes(tame),
        yes(restive),
        yes(restless),
    );
    Ok(Report::new(data, text))
}
