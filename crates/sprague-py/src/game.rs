//! `sprague.Game`: short partizan games in canonical form, interned in one
//! store shared by every `Game` of the process, with sums, comparisons,
//! thermographs, cooling and heating from the engine.

use crate::errors::{notation_error, type_error};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::pyclass::CompareOp;
use pyo3::types::{PyFloat, PyInt, PyString};
use sprague::notation::parse_game;
use sprague::partizan::{Thermograph as CoreThermograph, thermograph_svg};
use sprague::{Dyadic, GameId, GameStore};
use std::cmp::Ordering;
use std::sync::{LazyLock, Mutex, MutexGuard};

/// The one store every `Game` is an index into.
static STORE: LazyLock<Mutex<GameStore>> = LazyLock::new(|| Mutex::new(GameStore::new()));

/// The store, locked.
pub fn store() -> PyResult<MutexGuard<'static, GameStore>> {
    STORE
        .lock()
        .map_err(|_| PyRuntimeError::new_err("the game store was poisoned by an earlier failure"))
}

/// Runs `f` with the store taken out of its lock (for a solver that owns a
/// store while it works); the store goes back whatever `f` returns.
pub fn with_store_taken<T>(f: impl FnOnce(GameStore) -> (GameStore, T)) -> PyResult<T> {
    let mut guard = store()?;
    let taken = std::mem::take(&mut *guard);
    let (back, out) = f(taken);
    *guard = back;
    Ok(out)
}

/// A short partizan game in canonical form, written in CGSuite notation:
/// `Game("{3||2*|1*}")`, `Game("^*")`, `Game("3/4")`, `Game(2)`.
///
/// `+`, `-` (sum and difference), comparisons `<=`, `<`, `>=`, `>`, `==` (the
/// partial order of games: `a <= b` means Right wins `a - b` moving second),
/// `a.confused_with(b)` (incomparable, `a ‖ b`). Games hash by value.
#[pyclass(frozen, module = "sprague")]
#[derive(Clone, Copy)]
pub struct Game {
    pub id: GameId,
}

impl Game {
    /// Left's options (`left`) or Right's, in canonical form.
    fn options_of(&self, left: bool) -> PyResult<Vec<Game>> {
        let (l, r) = store()?.options(self.id);
        let ids = if left { l } else { r };
        Ok(ids.into_iter().map(|id| Game { id }).collect())
    }

    /// The game written as `text` in CGSuite notation.
    pub fn parse(py: Python<'_>, text: &str) -> PyResult<Game> {
        let mut s = store()?;
        parse_game(&mut s, text)
            .map(|id| Game { id })
            .map_err(|e| notation_error(py, &format!("game `{text}`: {e}"), text, e.column))
    }

    /// A Game, an int, a dyadic Fraction or float, or CGSuite text as a Game;
    /// `None` for other types.
    fn coerce(py: Python<'_>, v: &Bound<'_, PyAny>) -> PyResult<Option<Game>> {
        if let Ok(g) = v.cast::<Game>() {
            return Ok(Some(*g.get()));
        }
        if let Ok(s) = v.cast::<PyString>() {
            return Game::parse(py, &s.to_cow()?).map(Some);
        }
        if v.is_instance_of::<PyInt>() || v.is_instance_of::<PyFloat>() || is_fraction(v)? {
            let d = to_dyadic(v)?;
            return Ok(Some(Game {
                id: store()?.dyadic(d),
            }));
        }
        Ok(None)
    }

    fn other(py: Python<'_>, v: &Bound<'_, PyAny>, what: &str) -> PyResult<Game> {
        Game::coerce(py, v)?.ok_or_else(|| type_error(what, v))
    }

    fn wrap(py: Python<'_>, g: Option<Game>) -> PyResult<Py<PyAny>> {
        match g {
            Some(g) => Ok(Py::new(py, g)?.into_any()),
            None => Ok(py.NotImplemented()),
        }
    }
}

/// Whether `v` is a `fractions.Fraction`.
fn is_fraction(v: &Bound<'_, PyAny>) -> PyResult<bool> {
    let fraction = v.py().import("fractions")?.getattr("Fraction")?;
    v.is_instance(&fraction)
}

/// A Python number (int, float, Fraction) with a power-of-two denominator as a Dyadic.
pub fn to_dyadic(v: &Bound<'_, PyAny>) -> PyResult<Dyadic> {
    let py = v.py();
    if let Ok(s) = v.cast::<PyString>() {
        return Dyadic::parse_str(&s.to_cow()?).map_err(|e| PyValueError::new_err(e.message));
    }
    let fraction = py.import("fractions")?.getattr("Fraction")?;
    let f = fraction
        .call1((v,))
        .map_err(|_| type_error("a dyadic number is an int, a float or a Fraction", v))?;
    let text: String = f.str()?.extract()?;
    Dyadic::parse_str(&text).map_err(|_| {
        PyValueError::new_err(format!(
            "{text} is not a dyadic rational (denominator a power of 2)"
        ))
    })
}

/// A Dyadic as a `fractions.Fraction`.
pub fn to_fraction<'py>(py: Python<'py>, d: &Dyadic) -> PyResult<Bound<'py, PyAny>> {
    py.import("fractions")?
        .getattr("Fraction")?
        .call1((d.to_string(),))
}

#[pymethods]
impl Game {
    #[new]
    fn new(py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<Game> {
        Game::other(
            py,
            value,
            "a Game is made from CGSuite text, an int, a dyadic Fraction or float, or a Game",
        )
    }

    /// The canonical form in CGSuite notation.
    #[getter]
    fn canonical(&self) -> PyResult<String> {
        Ok(store()?.display(self.id))
    }

    /// Who wins: `"L"` (Left, either way), `"R"`, `"N"` (the player to move)
    /// or `"P"` (the player not to move).
    #[getter]
    fn outcome(&self) -> PyResult<&'static str> {
        Ok(store()?.outcome(self.id).as_str())
    }

    /// Left's options in canonical form.
    #[getter]
    fn left_options(&self) -> PyResult<Vec<Game>> {
        self.options_of(true)
    }

    /// Right's options in canonical form.
    #[getter]
    fn right_options(&self) -> PyResult<Vec<Game>> {
        self.options_of(false)
    }

    /// The Left and Right stops, as Fractions.
    #[getter]
    fn stops<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let (l, r) = store()?.stops(self.id);
        Ok((to_fraction(py, &l)?, to_fraction(py, &r)?))
    }

    /// The mean value, as a Fraction.
    #[getter]
    fn mean<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let m = store()?.mean(self.id);
        to_fraction(py, &m)
    }

    /// The temperature, as a Fraction (−1 for integers, negative for numbers).
    #[getter]
    fn temperature<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let t = store()?.temperature(self.id);
        to_fraction(py, &t)
    }

    /// The atomic weight of an atomic game (every all-small game, and other
    /// infinitesimals the atomic weight calculus answers, as CGSuite does), else `None`.
    #[getter]
    fn atomic_weight(&self) -> PyResult<Option<Game>> {
        Ok(store()?.atomic_weight(self.id).map(|id| Game { id }))
    }

    /// Whether the game is a number.
    #[getter]
    fn is_number(&self) -> PyResult<bool> {
        Ok(store()?.as_number(self.id).is_some())
    }

    /// The thermograph: walls, mean, temperature, and its SVG drawing.
    fn thermograph(&self) -> PyResult<Thermograph> {
        let mut s = store()?;
        let th = s.thermograph(self.id);
        Ok(Thermograph {
            th,
            title: s.display(self.id),
        })
    }

    /// The game cooled by `t`, a dyadic number above −1 (int, Fraction, float
    /// or text), as CGSuite defines it: negative temperatures heat a little
    /// (`Game("1/4").cool("-1/4") == Game("1/4*")`).
    fn cool(&self, t: &Bound<'_, PyAny>) -> PyResult<Game> {
        let t = to_dyadic(t)?;
        if !sprague::partizan::cooling_defined(&t) {
            return Err(PyValueError::new_err(format!(
                "cool(t) needs t > -1 (as in CGSuite), not {t}"
            )));
        }
        Ok(Game {
            id: store()?.cool(self.id, &t),
        })
    }

    /// The game heated by `t` (a game: int, Fraction, text or Game).
    fn heat(&self, py: Python<'_>, t: &Bound<'_, PyAny>) -> PyResult<Game> {
        let t = Game::other(py, t, "heat(t) takes a game (int, Fraction, text or Game)")?;
        Ok(Game {
            id: store()?.heat(self.id, t.id),
        })
    }

    /// Whether the two games are confused (incomparable, `a ‖ b`): the first
    /// player wins their difference.
    fn confused_with(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let o = Game::other(py, other, "confused_with takes a game")?;
        Ok(store()?.compare(self.id, o.id).is_none())
    }

    fn __add__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let sum = match Game::coerce(py, other)? {
            Some(o) => Some(Game {
                id: store()?.add(self.id, o.id),
            }),
            None => None,
        };
        Game::wrap(py, sum)
    }

    fn __radd__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.__add__(py, other)
    }

    fn __sub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let d = match Game::coerce(py, other)? {
            Some(o) => Some(Game {
                id: store()?.sub(self.id, o.id),
            }),
            None => None,
        };
        Game::wrap(py, d)
    }

    fn __rsub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let d = match Game::coerce(py, other)? {
            Some(o) => Some(Game {
                id: store()?.sub(o.id, self.id),
            }),
            None => None,
        };
        Game::wrap(py, d)
    }

    fn __neg__(&self) -> PyResult<Game> {
        Ok(Game {
            id: store()?.neg(self.id),
        })
    }

    fn __pos__(&self) -> Game {
        *self
    }

    fn __richcmp__(&self, py: Python<'_>, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let Some(o) = Game::coerce(py, other).ok().flatten() else {
            return Ok(py.NotImplemented());
        };
        let c = store()?.compare(self.id, o.id);
        let r = match op {
            CompareOp::Eq => c == Some(Ordering::Equal),
            CompareOp::Ne => c != Some(Ordering::Equal),
            CompareOp::Lt => c == Some(Ordering::Less),
            CompareOp::Le => matches!(c, Some(Ordering::Less | Ordering::Equal)),
            CompareOp::Gt => c == Some(Ordering::Greater),
            CompareOp::Ge => matches!(c, Some(Ordering::Greater | Ordering::Equal)),
        };
        Ok(r.into_pyobject(py)?.to_owned().into_any().unbind())
    }

    fn __hash__(&self) -> u64 {
        // Canonical forms are interned: equal games share one id.
        u64::from(self.id.index())
    }

    fn __repr__(&self) -> PyResult<String> {
        Ok(store()?.display(self.id))
    }

    fn __str__(&self) -> PyResult<String> {
        self.__repr__()
    }

    /// The thermograph as SVG (Jupyter draws it).
    fn _repr_svg_(&self) -> PyResult<String> {
        self.thermograph().map(|t| t.svg())
    }
}

/// The thermograph of a game: its left and right walls (the breakpoints `(t,
/// x)` above t = 0 as Fractions, and `left_at(t)`, `right_at(t)`), mean value
/// and temperature; `svg()` draws it.
#[pyclass(frozen, module = "sprague")]
pub struct Thermograph {
    th: CoreThermograph,
    title: String,
}

fn walls<'py>(
    py: Python<'py>,
    points: &[(Dyadic, Dyadic)],
) -> PyResult<Vec<(Bound<'py, PyAny>, Bound<'py, PyAny>)>> {
    points
        .iter()
        .map(|(t, x)| Ok((to_fraction(py, t)?, to_fraction(py, x)?)))
        .collect()
}

#[pymethods]
impl Thermograph {
    /// The mast's value (the game's mean), as a Fraction.
    #[getter]
    fn mean<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_fraction(py, &self.th.mean)
    }

    /// The temperature where the walls meet, as a Fraction.
    #[getter]
    fn temperature<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_fraction(py, &self.th.temperature)
    }

    /// Breakpoints `(t, x)` of the left wall, lowest temperature first.
    #[getter]
    fn left_wall<'py>(&self, py: Python<'py>) -> PyResult<Vec<(Bound<'py, PyAny>, Bound<'py, PyAny>)>> {
        walls(py, &self.th.left.breakpoints())
    }

    /// Breakpoints `(t, x)` of the right wall, lowest temperature first.
    #[getter]
    fn right_wall<'py>(&self, py: Python<'py>) -> PyResult<Vec<(Bound<'py, PyAny>, Bound<'py, PyAny>)>> {
        walls(py, &self.th.right.breakpoints())
    }

    /// The left wall's value at temperature `t` (a dyadic number).
    fn left_at<'py>(&self, py: Python<'py>, t: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        to_fraction(py, &self.th.left.value_at(&to_dyadic(t)?))
    }

    /// The right wall's value at temperature `t` (a dyadic number).
    fn right_at<'py>(&self, py: Python<'py>, t: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        to_fraction(py, &self.th.right.value_at(&to_dyadic(t)?))
    }

    /// The SVG drawing (the same file as `sprague calc --thermograph`).
    fn svg(&self) -> String {
        thermograph_svg(&self.th, &self.title)
    }

    fn _repr_svg_(&self) -> String {
        self.svg()
    }

    fn __repr__(&self) -> String {
        format!(
            "Thermograph(of={:?}, mean={}, temperature={})",
            self.title, self.th.mean, self.th.temperature
        )
    }
}
