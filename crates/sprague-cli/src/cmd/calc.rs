//! `sprague calc EXPR`: canonical form, outcome, stops, mean and temperature
//! of a short partizan game written as CGSuite users write it.

use crate::error::{CliError, CliResult};
use serde_json::{Value, json};
use sprague::{Dyadic, GameStore, partizan::Trajectory};
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

/// The misère form notation of `expr` for `calc --misere`: a sum of nimbers
/// (`*2 + *`, `0`) becomes `*[2] + *[1]`; terms already in the misère form
/// notation (`*[2,1]`, `2#`, `(…)`) are kept.
///
/// # Errors
/// A term that is not an impartial game in either notation.
pub fn misere_notation(expr: &str) -> CliResult<String> {
    let mut terms = Vec::new();
    for term in split_sum(expr) {
        let t = term.trim();
        let nimber = t
            .strip_prefix('*')
            .filter(|n| n.is_empty() || n.bytes().all(|b| b.is_ascii_digit()));
        terms.push(match nimber {
            Some("") => "*[1]".to_string(),
            Some(n) => format!("*[{n}]"),
            None if t == "0" => "*[0]".to_string(),
            None if t.starts_with("*[") || t.starts_with('(') || t.starts_with('[') || t.ends_with('#') => t.to_string(),
            None => {
                return Err(CliError::input(format!(
                    "--misere: `{}` is not an impartial game: write a sum of nimbers (`*2 + *3`) or of misère forms (`*[2,1]`, see `sprague calc --help`)",
                    crate::error::one_line(t)
                )));
            }
        });
    }
    Ok(terms.join(" + "))
}

/// The terms of a sum `a + b + c`, split at the `+` signs outside brackets.
fn split_sum(expr: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0i32, 0usize);
    for (i, c) in expr.char_indices() {
        match c {
            '[' | '(' | '{' => depth += 1,
            ']' | ')' | '}' => depth -= 1,
            '+' if depth == 0 => {
                parts.push(&expr[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&expr[start..]);
    parts
}

/// Evaluates `expr` and prints its report.
pub fn run(expr: &str, opts: &CalcOptions<'_>) -> CliResult<()> {
    if opts.misere {
        return misere(&misere_notation(expr)?, opts);
    }
    if expr.trim_start().starts_with("*[") {
        return misere(expr, opts);
    }
    if crate::cmd::calc_surreal::claims(expr) {
        return crate::cmd::calc_surreal::run(expr, opts);
    }
    if sprague::notation::is_loopy_expression(expr) {
        return crate::cmd::calc_loopy::run(expr, opts);
    }
    let (json, thermograph) = (opts.json, opts.thermograph);
    // Ctrl-C and the memory budget stop the long sums and comparisons.
    crate::progress::interrupt();
    let _polling = crate::progress::Polling::start();
    let monitor = crate::progress::monitor();
    if let Some(n) = opts.max_states {
        monitor.set_max_work(n as u64);
    }
    let mut s = GameStore::new();
    let g = match s.with_monitor(monitor).parse(expr)? {
        Ok(g) => g,
        // `1/3`, `1/3 + 1/6`: rationals beyond the dyadics.
        Err(_) if crate::cmd::calc_surreal::is_arithmetic(expr) => {
            return crate::cmd::calc_surreal::run(expr, opts);
        }
        Err(e) => return Err(CliError::input(format!("expression `{expr}`: {e}"))),
    };
    let too_large =
        |flag: &str, e: sprague::partizan::TooLargeToExpand| CliError::input(format!("{flag}: {e}"));
    let cooled = match opts.cool {
        None => None,
        Some(t) => {
            let td: Dyadic = t
                .parse()
                .map_err(|e| CliError::input(format!("--cool `{t}`: {e}")))?;
            if !sprague::partizan::cooling_defined(&td) {
                return Err(CliError::input(format!(
                    "--cool `{t}`: the temperature must be above -1 (cooling by -1 < t < 0 is allowed, as in CGSuite)"
                )));
            }
            s.check_expandable(g).map_err(|e| too_large("--cool", e))?;
            let c = s.with_monitor(monitor).cool(g, &td)?;
            Some(s.display(c))
        }
    };
    let heated = match opts.heat {
        None => None,
        Some(t) => {
            let tg = s
                .with_monitor(monitor)
                .parse(t)?
                .map_err(|e| CliError::input(format!("--heat `{t}`: {e}")))?;
            s.check_expandable(g).map_err(|e| too_large("--heat", e))?;
            s.check_expandable(tg).map_err(|e| too_large("--heat", e))?;
            let h = s.with_monitor(monitor).heat(g, tg)?;
            Some(s.display(h))
        }
    };
    // `*n` has n incentives of each side: not listed beyond the limit.
    let incentives = match s.check_expandable(g) {
        Ok(()) => {
            let (li, ri) = s.with_monitor(monitor).incentives(g)?;
            let li: Vec<String> = li.into_iter().map(|x| s.display(x)).collect();
            let ri: Vec<String> = ri.into_iter().map(|x| s.display(x)).collect();
            Ok((li, ri))
        }
        Err(e) => Err(e),
    };
    let value = s.display(g);
    let outcome = s.outcome(g);
    let (ls, rs) = s.stops(g);
    let mean = s.mean(g);
    let temperature = s.temperature(g);
    let birthday = s.birthday(g);
    let reduced = s.with_monitor(monitor).reduced(g)?;
    let reduced = s.display(reduced);
    let atomic = s.with_monitor(monitor).atomic_weight(g)?.map(|a| s.display(a));
    let th = s.thermograph(g);
    if let Some(path) = thermograph {
        let picture = sprague::partizan::thermograph_svg(&th, &value);
        crate::picture::write(path, &picture, "--thermograph")?;
    }
    let mut out = std::io::stdout().lock();
    if json {
        let mut report = json!({
            "expression": expr,
            "value": value,
            "outcome": outcome.as_str(),
            "left_stop": ls.to_string(),
            "right_stop": rs.to_string(),
            "mean": mean.to_string(),
            "temperature": temperature.to_string(),
            "birthday": birthday,
            "atomic_weight": atomic,
            "reduced": reduced,
            "left_incentives": incentives.as_ref().ok().map(|(l, _)| l),
            "right_incentives": incentives.as_ref().ok().map(|(_, r)| r),
            "thermograph": {
                "left_wall": wall_json(&th.left),
                "right_wall": wall_json(&th.right),
            },
        });
        if let Some(c) = &cooled {
            report["cooled"] = json!(c);
        }
        if let Some(h) = &heated {
            report["heated"] = json!(h);
        }
        serde_json::to_writer(&mut out, &report)?;
        out.write_all(b"\n")?;
    } else {
        let mut text = String::new();
        text.push_str(&format!("value:         {value}\n"));
        text.push_str(&format!(
            "outcome:       {} ({})\n",
            outcome,
            outcome_words(outcome)
        ));
        text.push_str(&format!("stops:         left {ls}, right {rs}\n"));
        text.push_str(&format!("mean:          {mean}\n"));
        text.push_str(&format!("temperature:   {temperature}\n"));
        match birthday {
            Some(b) => text.push_str(&format!("birthday:      {b}\n")),
            None => text.push_str("birthday:      more than 2^64\n"),
        }
        if let Some(a) = &atomic {
            text.push_str(&format!("atomic weight: {a}\n"));
        }
        text.push_str(&format!("reduced form:  {reduced}\n"));
        match &incentives {
            Ok((li, ri)) => text.push_str(&format!(
                "incentives:    Left [{}], Right [{}]\n",
                li.join(", "),
                ri.join(", ")
            )),
            Err(e) => text.push_str(&format!("incentives:    not listed: {e}\n")),
        }
        if let (Some(c), Some(t)) = (&cooled, opts.cool) {
            text.push_str(&format!("cooled by {t}:  {c}\n"));
        }
        if let (Some(h), Some(t)) = (&heated, opts.heat) {
            text.push_str(&format!("heated by {t}:  {h}\n"));
        }
        text.push_str(&format!("left wall:     {}\n", wall_text(&th.left)));
        text.push_str(&format!("right wall:    {}\n", wall_text(&th.right)));
        if let Some(path) = thermograph {
            text.push_str(&format!("thermograph written to {path}\n"));
        }
        out.write_all(text.as_bytes())?;
    }
    out.flush()?;
    Ok(())
}

/// `calc '*[…] + …'`: a sum of impartial games in misère play, by its
/// misère canonical form ([`sprague::registry::misere_game_report`]).
fn misere(expr: &str, opts: &CalcOptions<'_>) -> CliResult<()> {
    if opts.thermograph.is_some() || opts.cool.is_some() || opts.heat.is_some() {
        return Err(CliError::input(format!(
            "expression `{expr}`: misère games (`*[…]`) have no thermograph, cooling or heating"
        )));
    }
    let report = sprague::registry::misere_game_report(expr, opts.max_states)?;
    crate::cmd::emit(&report, opts.json, true)
}

pub(crate) fn outcome_words(o: sprague::Outcome) -> &'static str {
    o.calc_words()
}

/// The wall as `[[t, x, slope], …]`: each piece's start and its slope.
fn wall_json(w: &Trajectory) -> Value {
    Value::Array(
        w.pieces()
            .iter()
            .map(|p| json!([p.t.to_string(), p.x.to_string(), p.slope]))
            .collect(),
    )
}

/// `x at t=-1, then breakpoints (t, x)…`.
pub(crate) fn wall_text(w: &Trajectory) -> String {
    let first = w.value_at(&Dyadic::integer(-1));
    let mut s = format!("{first} at t=-1");
    for (t, x) in w.breakpoints() {
        s.push_str(&format!(", {x} at t={t}"));
    }
    s
}
