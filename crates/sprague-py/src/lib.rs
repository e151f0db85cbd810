//! `sprague._sprague`: the native part of the `sprague` Python package, a thin
//! adapter over the engine's registry and solvers. The Python layer
//! (`python/sprague/__init__.py`) documents the public API and adds what needs
//! no engine (NumPy conversions, small helper classes).
//!
//! No game logic lives here: built-in rulesets go through `sprague::build`,
//! games written in Python through the engine's solvers over a wrapper of
//! Python objects (module `user`).

mod board;
mod builtin;
mod errors;
mod game;
mod graph;
mod graph_board;
mod hot;
mod nimber;
mod report;
mod surreal;
mod user;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyString;

/// The state budget when none is given.
const DEFAULT_MAX_STATES: usize = sprague::DEFAULT_MAX_STATES;

/// The value of one position: of a built-in ruleset named by `ruleset`
/// (position in its notation), or of a game object written in Python.
#[pyfunction]
#[pyo3(signature = (ruleset, position, misere = false, max_states = None, loopy = None))]
fn value(
    py: Python<'_>,
    ruleset: &Bound<'_, PyAny>,
    position: &Bound<'_, PyAny>,
    misere: bool,
    max_states: Option<usize>,
    loopy: Option<bool>,
) -> PyResult<report::Value> {
    if let Ok(spec) = ruleset.cast::<PyString>() {
        if loopy.is_some() {
            return Err(PyValueError::new_err(
                "loopy= is for games written in Python; built-in rulesets know their kind",
            ));
        }
        return builtin::value(py, &spec.to_cow()?, position, misere, max_states);
    }
    let mut one = user_values(
        py,
        ruleset,
        std::slice::from_ref(position),
        misere,
        max_states,
        loopy,
    )?;
    one.pop()
        .ok_or_else(|| PyValueError::new_err("no value was computed"))
}

/// Values of positions of a game object written in Python, all through one
/// solver of its kind (what one position's search memoises serves the next;
/// loopy games are numbered position by position).
fn user_values(
    py: Python<'_>,
    ruleset: &Bound<'_, PyAny>,
    positions: &[Bound<'_, PyAny>],
    misere: bool,
    max_states: Option<usize>,
    loopy: Option<bool>,
) -> PyResult<Vec<report::Value>> {
    let watch = errors::Watch::new();
    let user = user::User::new(py, ruleset, &watch)?;
    let budget = max_states.unwrap_or(DEFAULT_MAX_STATES);
    let loopy = match loopy {
        Some(l) => l,
        None => ruleset
            .getattr("loopy")
            .ok()
            .and_then(|l| l.is_truthy().ok())
            .unwrap_or(false),
    };
    if user.is_partizan() {
        if misere || loopy {
            return Err(PyValueError::new_err(
                "partizan games written in Python are valued in normal play (no misere=, no loopy=)",
            ));
        }
        return user::partizan_values(py, &user, positions, budget);
    }
    if !user.is_impartial() {
        return Err(errors::type_error(
            "a ruleset is a name (str) or a game with `moves`, or `left_moves` and `right_moves`",
            ruleset,
        ));
    }
    if loopy {
        if misere {
            return Err(PyValueError::new_err(
                "loopy games are solved in normal play (a player without a move loses)",
            ));
        }
        return positions
            .iter()
            .map(|p| user::loopy_value(py, &user, p, budget))
            .collect();
    }
    user::impartial_values(py, &user, positions, misere, budget)
}

/// Values of many positions of one ruleset.
#[pyfunction]
#[pyo3(signature = (ruleset, positions, misere = false, max_states = None))]
fn values(
    py: Python<'_>,
    ruleset: &Bound<'_, PyAny>,
    positions: &Bound<'_, PyAny>,
    misere: bool,
    max_states: Option<usize>,
) -> PyResult<Vec<report::Value>> {
    if let Ok(spec) = ruleset.cast::<PyString>() {
        return builtin::values(py, &spec.to_cow()?, positions, misere, max_states);
    }
    let positions = positions.try_iter()?.collect::<PyResult<Vec<_>>>()?;
    user_values(py, ruleset, &positions, misere, max_states, None)
}

/// Values `G(0 .. count)` of single heaps and their period.
#[pyfunction]
#[pyo3(signature = (ruleset, count, misere = false, max_states = None))]
fn table(
    py: Python<'_>,
    ruleset: &Bound<'_, PyAny>,
    count: usize,
    misere: bool,
    max_states: Option<usize>,
) -> PyResult<report::Table> {
    if let Ok(spec) = ruleset.cast::<PyString>() {
        return builtin::table(py, &spec.to_cow()?, count, misere, max_states);
    }
    if misere {
        return Err(PyValueError::new_err(
            "tables of games written in Python are normal-play Grundy values (misere= is for built-in rulesets)",
        ));
    }
    let watch = errors::Watch::new();
    let user = user::User::new(py, ruleset, &watch)?;
    if !user.is_impartial() {
        return Err(errors::type_error(
            "table needs an impartial game with `moves`",
            ruleset,
        ));
    }
    user::heap_table(py, &user, count, max_states.unwrap_or(DEFAULT_MAX_STATES))
}

/// The misère quotient (Plambeck and Siegel) of the sums of heaps
/// `1 ..= heaps` of a built-in heap ruleset: `order`, `p_portion`,
/// `generators`, `relations`, `heap_elements`; with `sum` (heaps such as
/// `"3 4 5"`), also that sum's misère outcome read from the quotient.
#[pyfunction]
#[pyo3(signature = (ruleset, heaps, sum = None, max_states = None, max_order = None))]
fn misere_quotient(
    py: Python<'_>,
    ruleset: &str,
    heaps: u64,
    sum: Option<&str>,
    max_states: Option<usize>,
    max_order: Option<usize>,
) -> PyResult<report::Value> {
    builtin::misere_quotient(py, ruleset, heaps, sum, max_states, max_order)
}

/// The report of a loopy partizan game written as `sprague calc` writes it
/// (`{0|pass}`, `a{0|{a|*}}`, `on + off`): `value`, `outcome`, `left_first`,
/// `right_first`, `stopper`, `onside`, `offside`, `compared_with_zero`,
/// `positions`.
#[pyfunction]
#[pyo3(signature = (expr, max_states = None))]
fn loopy_game(py: Python<'_>, expr: &str, max_states: Option<usize>) -> PyResult<report::Value> {
    sprague::registry::loopy_game_report(expr, max_states.unwrap_or(DEFAULT_MAX_STATES))
        .map(report::Value::new)
        .map_err(|e| errors::engine_error(py, e))
}

/// The report of a sum of impartial games in misère play written in `*[…]`
/// notation (`*[2#,0] + *[3]`): `value` (misère canonical form), `outcome`,
/// `misere_grundy`, `grundy`, `genus`, `tame`, `restive`, `restless`,
/// `mate`, `birthday`.
#[pyfunction]
#[pyo3(signature = (expr, max_states = None))]
fn misere_game(py: Python<'_>, expr: &str, max_states: Option<usize>) -> PyResult<report::Value> {
    sprague::registry::misere_game_report(expr, max_states)
        .map(report::Value::new)
        .map_err(|e| errors::engine_error(py, e))
}

/// The report of any game expression as `sprague calc` gives it
/// ([`sprague::calc::calc`]): a short partizan game, a sum of misère forms, a
/// loopy game, a surreal number or a rational.
#[pyfunction]
#[pyo3(signature = (expr, misere = false, cool = None, heat = None, max_states = None))]
fn calc(
    py: Python<'_>,
    expr: &str,
    misere: bool,
    cool: Option<&str>,
    heat: Option<&str>,
    max_states: Option<usize>,
) -> PyResult<report::Value> {
    /// The monitor of `calc`, polling Python's signal handlers (Ctrl-C). The
    /// GIL is held while a calc runs, so one is enough.
    static MONITOR: std::sync::LazyLock<sprague::Monitor> = std::sync::LazyLock::new(|| {
        sprague::Monitor::new().with_poll(|| Python::attach(|py| py.check_signals().is_err()))
    });
    let monitor: &'static sprague::Monitor = &MONITOR;
    monitor.reset();
    let opts = sprague::calc::CalcOptions {
        misere,
        cool,
        heat,
        max_states,
        ..sprague::calc::CalcOptions::new(monitor)
    };
    let r = sprague::calc::calc(expr, &opts).map_err(|e| errors::engine_error(py, e))?;
    Ok(report::Value::new(sprague::Report::new(r.data(), r.text())))
}

/// The canonical form of a position of a partizan game written in Python.
#[pyfunction]
#[pyo3(signature = (game, position, max_states = None))]
fn canonical(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    position: &Bound<'_, PyAny>,
    max_states: Option<usize>,
) -> PyResult<game::Game> {
    let watch = errors::Watch::new();
    let user = user::User::new(py, game, &watch)?;
    if !user.is_partizan() {
        return Err(errors::type_error(
            "canonical needs a game with `left_moves` and `right_moves`",
            game,
        ));
    }
    let budget = max_states.unwrap_or(DEFAULT_MAX_STATES);
    let mut one = user::partizan_games(py, &user, std::slice::from_ref(position), budget)?;
    one.pop()
        .map(|(g, ..)| g)
        .ok_or_else(|| PyValueError::new_err("no value was computed"))
}

/// Every built-in ruleset with its documentation.
#[pyfunction]
fn games() -> Vec<builtin::RulesetInfo> {
    builtin::games()
}

/// The documentation of one built-in ruleset.
#[pyfunction]
fn doc(py: Python<'_>, name: &str) -> PyResult<String> {
    builtin::doc(py, name)
}

/// The native module.
#[pymodule]
fn _sprague(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_function(wrap_pyfunction!(value, m)?)?;
    m.add_function(wrap_pyfunction!(calc, m)?)?;
    m.add_function(wrap_pyfunction!(values, m)?)?;
    m.add_function(wrap_pyfunction!(misere_quotient, m)?)?;
    m.add_function(wrap_pyfunction!(loopy_game, m)?)?;
    m.add_function(wrap_pyfunction!(misere_game, m)?)?;
    m.add_function(wrap_pyfunction!(table, m)?)?;
    m.add_function(wrap_pyfunction!(canonical, m)?)?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(doc, m)?)?;
    m.add_function(wrap_pyfunction!(nimber::mex, m)?)?;
    m.add_function(wrap_pyfunction!(graph::grundy_graph_edges, m)?)?;
    m.add_function(wrap_pyfunction!(graph::solve_graph_edges, m)?)?;
    m.add_class::<board::Board>()?;
    m.add_class::<graph_board::GraphBoard>()?;
    m.add_class::<nimber::Nimber>()?;
    m.add_class::<game::Game>()?;
    m.add_class::<surreal::Surreal>()?;
    m.add_class::<game::Thermograph>()?;
    m.add_class::<report::Value>()?;
    m.add_class::<report::Move>()?;
    m.add_class::<report::Table>()?;
    m.add_class::<report::Period>()?;
    m.add_class::<builtin::RulesetInfo>()?;
    m.add("SpragueError", py.get_type::<errors::SpragueError>())?;
    m.add("BudgetError", py.get_type::<errors::BudgetError>())?;
    m.add("NotationError", py.get_type::<errors::NotationError>())?;
    m.add("DEFAULT_MAX_STATES", DEFAULT_MAX_STATES)?;
    Ok(())
}
