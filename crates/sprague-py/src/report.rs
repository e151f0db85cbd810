//! The result objects: a position's [`Value`] with its [`Move`]s, a
//! [`Table`] of single-heap values with its [`Period`], and the conversion of
//! the engine's self-describing [`Data`] into Python objects.

use pyo3::exceptions::{PyAttributeError, PyIndexError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};
use sprague::{Data, Report};

/// [`Data`] as plain Python objects: `None`, `bool`, `int`, `float`, `str`,
/// `list` and `dict`.
pub fn data_to_py<'py>(py: Python<'py>, d: &Data) -> PyResult<Bound<'py, PyAny>> {
    Ok(match d {
        Data::Null => py.None().into_bound(py),
        Data::Bool(b) => b.into_pyobject(py)?.to_owned().into_any(),
        Data::Int(n) => n.into_pyobject(py)?.into_any(),
        Data::Float(x) => x.into_pyobject(py)?.into_any(),
        Data::Text(s) => s.into_pyobject(py)?.into_any(),
        Data::List(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(data_to_py(py, item)?)?;
            }
            list.into_any()
        }
        Data::Map(fields) => {
            let dict = PyDict::new(py);
            for (k, v) in fields {
                dict.set_item(k, data_to_py(py, v)?)?;
            }
            dict.into_any()
        }
    })
}

/// A position written in a built-in ruleset's notation as a Python value: a
/// tuple of ints when the text is whole numbers separated by spaces (heaps),
/// else the text itself.
pub fn notation_value<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    let numbers: Option<Vec<u64>> = text.split_whitespace().map(|w| w.parse().ok()).collect();
    match numbers {
        Some(ns) if !text.trim().is_empty() => Ok(PyTuple::new(py, ns)?.into_any()),
        _ => Ok(text.into_pyobject(py)?.into_any()),
    }
}

/// One move: the position it leads to, in notation (`to`) and as a Python
/// value (`position`), and a description for people.
#[pyclass(frozen, module = "sprague")]
pub struct Move {
    /// The position after the move, in the ruleset's notation (or `repr` of a
    /// user game's position).
    #[pyo3(get)]
    to: String,
    /// The move in words (empty for user games).
    #[pyo3(get)]
    description: String,
    /// The position after the move as a Python value.
    #[pyo3(get)]
    position: Py<PyAny>,
}

#[pymethods]
impl Move {
    fn __repr__(&self) -> String {
        if self.description.is_empty() {
            format!("Move(to={:?})", self.to)
        } else {
            format!("Move(to={:?}, description={:?})", self.to, self.description)
        }
    }

    fn __str__(&self) -> String {
        self.to.clone()
    }
}

/// The answer for one position: outcome, value, winning moves, and every
/// other field the engine reports (see `data`).
#[pyclass(frozen, module = "sprague")]
pub struct Value {
    /// The engine's report: its fields, and its text, written when asked for.
    report: Report,
    /// For user games: the Python positions of the moves of each move list, by
    /// field name, in the order of the field's entries.
    objects: Vec<(String, Vec<Py<PyAny>>)>,
}

impl Value {
    /// A value from the engine's report (built-in rulesets).
    pub fn new(report: Report) -> Self {
        Value {
            report,
            objects: Vec::new(),
        }
    }

    /// A value whose move lists carry Python positions (user games).
    pub fn with_objects(data: Data, text: String, objects: Vec<(String, Vec<Py<PyAny>>)>) -> Self {
        Value {
            report: Report::new(data, text),
            objects,
        }
    }

    fn moves(&self, py: Python<'_>, key: &str) -> PyResult<Option<Vec<Move>>> {
        let Some(Data::List(rows)) = self.report.data.get(key) else {
            return Ok(None);
        };
        let objects = self.objects.iter().find(|(k, _)| k == key).map(|(_, v)| v);
        let mut out = Vec::with_capacity(rows.len());
        for (i, row) in rows.iter().enumerate() {
            let to = row.get("to").and_then(Data::as_text).unwrap_or("").to_string();
            let description = row
                .get("description")
                .and_then(Data::as_text)
                .unwrap_or("")
                .to_string();
            let position = match objects.and_then(|o| o.get(i)) {
                Some(o) => o.clone_ref(py),
                None => notation_value(py, &to)?.unbind(),
            };
            out.push(Move {
                to,
                description,
                position,
            });
        }
        Ok(Some(out))
    }

    fn field<'py>(&self, py: Python<'py>, key: &str) -> PyResult<Bound<'py, PyAny>> {
        data_to_py(py, self.report.data.get(key).unwrap_or(&Data::Null))
    }
}

#[pymethods]
impl Value {
    /// `"N"` or `"P"` (impartial), `"L"`, `"R"`, `"N"`, `"P"` (partizan),
    /// `"W"`, `"L"`, `"D"` (loopy: win, lose or draw for the player to move).
    #[getter]
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "outcome")
    }

    /// The Grundy value (impartial games in normal play), else `None`.
    #[getter]
    fn grundy<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "grundy")
    }

    /// The canonical form in CGSuite notation (partizan games), else `None`.
    #[getter]
    fn value<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "value")
    }

    /// The canonical form as a [`Game`](crate::game::Game) (partizan games), else `None`.
    #[getter]
    fn canonical(&self, py: Python<'_>) -> PyResult<Option<crate::game::Game>> {
        match self.report.data.get("value").and_then(Data::as_text) {
            Some(text) => crate::game::Game::parse(py, text).map(Some),
            None => Ok(None),
        }
    }

    /// Moves left with best play (loopy games and games with remoteness), else `None`.
    #[getter]
    fn remoteness<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "remoteness")
    }

    /// Whether the value is for misère play.
    #[getter]
    fn misere(&self) -> bool {
        self.report.data.get("play").and_then(Data::as_text) == Some("misere")
    }

    /// The winning moves of the player to move (for partizan games Left's and
    /// Right's are in `left_winning_moves` and `right_winning_moves`; for loopy
    /// games the best moves).
    #[getter]
    fn winning_moves(&self, py: Python<'_>) -> PyResult<Vec<Move>> {
        for key in ["winning_moves", "best_moves"] {
            if let Some(m) = self.moves(py, key)? {
                return Ok(m);
            }
        }
        Ok(Vec::new())
    }

    /// Left's winning moves (partizan games), else `None`.
    #[getter]
    fn left_winning_moves(&self, py: Python<'_>) -> PyResult<Option<Vec<Move>>> {
        self.moves(py, "left_winning_moves")
    }

    /// Right's winning moves (partizan games), else `None`.
    #[getter]
    fn right_winning_moves(&self, py: Python<'_>) -> PyResult<Option<Vec<Move>>> {
        self.moves(py, "right_winning_moves")
    }

    /// Every field of the answer as a dict (the fields of `sprague value --json`).
    #[getter]
    fn data<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        data_to_py(py, &self.report.data)
    }

    /// The answer as one line of JSON, byte for byte what
    /// `sprague value … --json` (or `sprague calc … --json`) prints and the
    /// playground answers: integers beyond 2^53 - 1 as strings.
    fn json(&self) -> String {
        self.report.data.to_json()
    }

    /// The answer for people, as the command line prints it.
    #[getter]
    fn text(&self) -> String {
        self.report.text()
    }

    /// Any other field of `data` by name (`states`, `to_move`, …).
    fn __getattr__<'py>(&self, py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
        match self.report.data.get(name) {
            Some(d) => data_to_py(py, d),
            None => Err(PyAttributeError::new_err(format!(
                "this value has no field `{name}`"
            ))),
        }
    }

    fn __str__(&self) -> String {
        self.report.text().trim_end().to_string()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let mut parts = Vec::new();
        for key in ["outcome", "grundy", "value", "remoteness"] {
            if let Some(d) = self.report.data.get(key)
                && *d != Data::Null
            {
                parts.push(format!("{key}={}", self.field(py, key)?.repr()?));
            }
        }
        for key in [
            "winning_moves",
            "best_moves",
            "left_winning_moves",
            "right_winning_moves",
        ] {
            if let Some(moves) = self.moves(py, key)? {
                let list: Vec<&str> = moves.iter().map(|m| m.to.as_str()).collect();
                parts.push(format!("{key}={}", PyList::new(py, list)?.repr()?));
            }
        }
        Ok(format!("Value({})", parts.join(", ")))
    }
}

/// The period of a sequence of values: from `preperiod` on, `G(n + period) =
/// G(n) + saltus`; `proven` when a theorem shows it holds for every n.
#[pyclass(frozen, module = "sprague", eq)]
#[derive(Clone, PartialEq)]
pub struct Period {
    /// First index from which the sequence repeats.
    #[pyo3(get)]
    preperiod: u64,
    /// Length of the period.
    #[pyo3(get)]
    period: u64,
    /// Increase per period (0 for a pure period).
    #[pyo3(get)]
    saltus: u64,
    /// Whether the period is proven for every heap size.
    #[pyo3(get)]
    proven: bool,
}

impl From<sprague::Period> for Period {
    fn from(p: sprague::Period) -> Self {
        Period {
            preperiod: p.preperiod,
            period: p.period,
            saltus: p.saltus,
            proven: p.proven,
        }
    }
}

#[pymethods]
impl Period {
    fn __repr__(&self) -> String {
        format!(
            "Period(preperiod={}, period={}, saltus={}, proven={})",
            self.preperiod,
            self.period,
            self.saltus,
            if self.proven { "True" } else { "False" }
        )
    }
}

/// Values `G(0), G(1), …` of single heaps, and their period (or `None`).
#[pyclass(frozen, module = "sprague")]
pub struct Table {
    /// The values, `G(0)` first.
    #[pyo3(get)]
    values: Vec<u64>,
    /// The period found in the values, proven or not, or `None`.
    #[pyo3(get)]
    period: Option<Period>,
    stored: Option<sprague::Period>,
}

impl From<sprague::Table> for Table {
    fn from(t: sprague::Table) -> Self {
        Table {
            values: t.values,
            period: t.period.map(Period::from),
            stored: t.period,
        }
    }
}

#[pymethods]
impl Table {
    fn __len__(&self) -> usize {
        self.values.len()
    }

    fn __getitem__(&self, n: isize) -> PyResult<u64> {
        let len = self.values.len() as isize;
        let i = if n < 0 { n + len } else { n };
        usize::try_from(i)
            .ok()
            .and_then(|i| self.values.get(i).copied())
            .ok_or_else(|| PyIndexError::new_err(format!("heap {n} is not in a table of {len} values")))
    }

    /// The table as one line of JSON, byte for byte what
    /// `sprague table … --json` prints and the playground answers.
    fn json(&self) -> String {
        sprague::Table {
            values: self.values.clone(),
            period: self.stored,
        }
        .data()
        .to_json()
    }

    /// `G(n)` for any `n`, extrapolated through a proven period beyond the
    /// table; `None` when the table cannot tell.
    fn value_at(&self, n: u64) -> Option<u64> {
        match (
            usize::try_from(n).ok().and_then(|i| self.values.get(i)),
            self.stored,
        ) {
            (Some(&v), _) => Some(v),
            (None, Some(p)) if p.proven => p.value_at(&self.values, n),
            _ => None,
        }
    }

    fn __repr__(&self) -> String {
        let shown: Vec<String> = self.values.iter().take(20).map(u64::to_string).collect();
        let more = if self.values.len() > 20 { ", …" } else { "" };
        let period = self.period.as_ref().map_or("None".to_string(), Period::__repr__);
        format!(
            "Table(values=[{}{more}] ({} values), period={period})",
            shown.join(", "),
            self.values.len()
        )
    }
}
