//! `sprague calc` for loopy games: `{0|pass}`, `a{0|{a|*}}`, `on + off`,
//! `a = {0|b}; b = {a|*}; a` — simplest form, outcome with either player
//! first, stopper or not, onside and offside.

use crate::cmd::calc::CalcOptions;
use crate::error::{CliError, CliResult};
use serde_json::json;
use sprague::GameStore;
use sprague::notation::{LoopyParseError, parse_loopy};
use sprague::partizan::loopy::{LoopyError, LoopyGame};
use std::io::Write;

fn budget_error(e: LoopyError) -> CliError {
    match e {
        LoopyError::Budget(b) => b.into(),
        LoopyError::NotStopper => CliError::input(e.to_string()),
    }
}

/// Evaluates a loopy `expr` and prints its report.
pub fn run(expr: &str, opts: &CalcOptions<'_>) -> CliResult<()> {
    for (flag, given) in [
        ("--thermograph", opts.thermograph.is_some()),
        ("--cool", opts.cool.is_some()),
        ("--heat", opts.heat.is_some()),
    ] {
        if given {
            return Err(CliError::input(format!(
                "{flag}: not defined for loopy games (expression `{expr}`)"
            )));
        }
    }
    let budget = opts.max_states.unwrap_or(sprague::DEFAULT_MAX_STATES);
    let mut store = GameStore::new();
    let g = parse_loopy(&mut store, expr, budget).map_err(|e| match e {
        LoopyParseError::Budget(b) => b.into(),
        LoopyParseError::Parse(p) => CliError::input(format!("expression `{expr}`: {p}")),
    })?;
    let outcome = g.outcome();
    let stopper = g.is_stopper();
    let onside = g.onside(budget).map_err(budget_error)?;
    let offside = g.offside(budget).map_err(budget_error)?;
    let show = |s: &mut GameStore, x: &Option<LoopyGame>| x.as_ref().map(|x| x.display(s));
    let (on_text, off_text) = (show(&mut store, &onside), show(&mut store, &offside));
    let value = if stopper {
        on_text.clone().unwrap_or_default()
    } else {
        match (&onside, &offside) {
            (Some(s), Some(t)) if *s == LoopyGame::on() && *t == LoopyGame::off() => "dud".to_string(),
            (Some(_), Some(_)) => format!(
                "{} & {}",
                on_text.clone().unwrap_or_default(),
                off_text.clone().unwrap_or_default()
            ),
            _ => g.display(&mut store),
        }
    };
    let sign = g.compare(&LoopyGame::zero(), budget)?;
    let sign = match sign {
        Some(core::cmp::Ordering::Greater) => ">",
        Some(core::cmp::Ordering::Less) => "<",
        Some(core::cmp::Ordering::Equal) => "=",
        None => "||",
    };
    let mut out = std::io::stdout().lock();
    if opts.json {
        let report = json!({
            "expression": expr,
            "loopy": true,
            "value": value,
            "positions": g.position_count(),
            "stopper": stopper,
            "outcome": outcome.code(),
            "left_first": outcome.left_first.letter().to_string(),
            "right_first": outcome.right_first.letter().to_string(),
            "onside": on_text,
            "offside": off_text,
            "compared_with_zero": sign,
        });
        serde_json::to_writer(&mut out, &report)?;
        out.write_all(b"\n")?;
    } else {
        let mut text = String::new();
        text.push_str(&format!("value:         {value}\n"));
        text.push_str(&format!("outcome:       {outcome}\n"));
        text.push_str(&format!(
            "stopper:       {}\n",
            if stopper {
                "yes"
            } else {
                "no (an infinite alternating run of play exists)"
            }
        ));
        let none = "not found (the game may not be stopper-sided)";
        text.push_str(&format!(
            "onside:        {}\n",
            on_text.as_deref().unwrap_or(none)
        ));
        text.push_str(&format!(
            "offside:       {}\n",
            off_text.as_deref().unwrap_or(none)
        ));
        text.push_str(&format!("compared to 0: G {sign} 0\n"));
        text.push_str(&format!(
            "positions:     {} in the game graph as written\n",
            g.position_count()
        ));
        out.write_all(text.as_bytes())?;
    }
    out.flush()?;
    Ok(())
}
