//! The built-in rulesets by name, through the engine's registry: values,
//! batches, tables and the catalog.

use crate::errors::{Watch, engine_error, type_error};
use crate::report::{Table, Value};
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyString};
use sprague::{Options, Ruleset};
use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt::Write;
use std::rc::Rc;

/// Rulesets built so far, by spec: building parses parameters (and some build
/// tables), so repeated calls reuse them.
const CACHE_LIMIT: usize = 64;

thread_local! {
    static RULESETS: RefCell<HashMap<String, Rc<dyn Ruleset>>> = RefCell::new(HashMap::new());
}

/// The ruleset of `spec` (`"kayles"`, `"octal:0.07"`, …), built once.
pub fn ruleset(py: Python<'_>, spec: &str) -> PyResult<Rc<dyn Ruleset>> {
    if let Some(r) = RULESETS.with_borrow(|m| m.get(spec).cloned()) {
        return Ok(r);
    }
    let built: Rc<dyn Ruleset> = Rc::from(sprague::build(spec).map_err(|e| engine_error(py, e))?);
    RULESETS.with_borrow_mut(|m| {
        if m.len() >= CACHE_LIMIT {
            m.clear();
        }
        m.insert(spec.to_string(), Rc::clone(&built));
    });
    Ok(built)
}

/// A position given as text in the ruleset's notation, an int (one heap) or a
/// sequence of ints (heaps), as text.
pub fn position_text(p: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(s) = p.cast::<PyString>() {
        return Ok(s.to_cow()?.into_owned());
    }
    if p.is_instance_of::<PyInt>() {
        return Ok(p.extract::<u64>()?.to_string());
    }
    let expected = "a position is a str in the ruleset's notation, an int or a sequence of ints";
    if let Ok(items) = p.try_iter() {
        let mut text = String::new();
        for item in items {
            let item = item?;
            if !item.is_instance_of::<PyInt>() {
                return Err(type_error(&format!("{expected}; a sequence holds ints"), &item));
            }
            if !text.is_empty() {
                text.push(' ');
            }
            let _ = write!(text, "{}", item.extract::<u64>()?);
        }
        return Ok(text);
    }
    Err(type_error(expected, p))
}

/// The options of one call.
pub fn options<'m>(watch: &'m Watch, misere: bool, max_states: Option<usize>) -> Options<'m> {
    let o = Options::new(&watch.monitor).misere(misere);
    match max_states {
        Some(m) => o.max_states(m),
        None => o,
    }
}

/// One position of a built-in ruleset.
pub fn value(
    py: Python<'_>,
    spec: &str,
    position: &Bound<'_, PyAny>,
    misere: bool,
    max_states: Option<usize>,
) -> PyResult<Value> {
    let rules = ruleset(py, spec)?;
    let text = position_text(position)?;
    let watch = Watch::new();
    let report = rules
        .value(&text, &options(&watch, misere, max_states))
        .map_err(|e| watch.error(py, e))?;
    Ok(Value::new(report))
}

/// Many positions of one built-in ruleset (one build, one watch).
pub fn values(
    py: Python<'_>,
    spec: &str,
    positions: &Bound<'_, PyAny>,
    misere: bool,
    max_states: Option<usize>,
) -> PyResult<Vec<Value>> {
    if positions.is_instance_of::<PyString>() {
        return Err(type_error("positions is an iterable of positions", positions));
    }
    let rules = ruleset(py, spec)?;
    let watch = Watch::new();
    let opts = options(&watch, misere, max_states);
    let items = positions
        .try_iter()
        .map_err(|_| type_error("positions is an iterable of positions", positions))?;
    let mut out = Vec::with_capacity(positions.len().unwrap_or(0));
    // The results hold no reference cycles: the cycle collector, which would
    // walk every result held so far again and again, pauses for the batch.
    let _paused = GcPause::new(py)?;
    for item in items {
        let text = position_text(&item?)?;
        let report = rules.value(&text, &opts).map_err(|e| watch.error(py, e))?;
        out.push(Value::new(report));
    }
    Ok(out)
}

/// Python's cycle collector switched off while alive, and back on (if it was
/// on) when dropped, whatever happens in between.
struct GcPause<'py> {
    gc: Option<Bound<'py, PyAny>>,
}

impl<'py> GcPause<'py> {
    fn new(py: Python<'py>) -> PyResult<Self> {
        let gc = py.import("gc")?.into_any();
        if gc.call_method0("isenabled")?.is_truthy()? {
            gc.call_method0("disable")?;
            Ok(GcPause { gc: Some(gc) })
        } else {
            Ok(GcPause { gc: None })
        }
    }
}

impl Drop for GcPause<'_> {
    fn drop(&mut self) {
        if let Some(gc) = &self.gc {
            let _ = gc.call_method0("enable");
        }
    }
}

/// The single-heap table of a built-in ruleset.
pub fn table(
    py: Python<'_>,
    spec: &str,
    count: usize,
    misere: bool,
    max_states: Option<usize>,
) -> PyResult<Table> {
    let rules = ruleset(py, spec)?;
    let watch = Watch::new();
    let opts = options(&watch, misere, max_states);
    let table = rules
        .table(count, &opts, &mut |_| watch.monitor.check().is_ok())
        .map_err(|e| watch.error(py, e))?;
    watch.check()?;
    Ok(Table::from(table))
}

/// The misère quotient of the heaps `1 ..= heaps` of a built-in heap ruleset.
pub fn misere_quotient(
    py: Python<'_>,
    spec: &str,
    heaps: u64,
    sum: Option<&str>,
    max_states: Option<usize>,
    max_order: Option<usize>,
) -> PyResult<Value> {
    let rules = ruleset(py, spec)?;
    let watch = Watch::new();
    let mut opts = options(&watch, true, max_states);
    if let Some(m) = max_order {
        opts = opts.max_order(m);
    }
    let report = rules
        .misere_quotient(heaps, sum, &opts)
        .map_err(|e| watch.error(py, e))?;
    Ok(Value::new(report))
}

/// One entry of the catalog: a built-in ruleset and its documentation.
#[pyclass(frozen, module = "sprague")]
pub struct RulesetInfo {
    /// The name to pass to `value`, `values` and `table`.
    #[pyo3(get)]
    name: String,
    /// Parameters written after a colon (`octal:CODE`), or empty.
    #[pyo3(get)]
    params: String,
    /// The family heading the ruleset is listed under.
    #[pyo3(get)]
    family: String,
    /// One line of rules.
    #[pyo3(get)]
    summary: String,
    /// How positions are written.
    #[pyo3(get)]
    notation: String,
    /// An example, as a command line of `sprague` (`value kayles 10 7`).
    #[pyo3(get)]
    example: String,
    /// The full rules.
    #[pyo3(get)]
    rules: String,
    /// Known results and where they come from.
    #[pyo3(get)]
    known: String,
}

impl RulesetInfo {
    fn from_entry(e: &sprague::Entry) -> Self {
        RulesetInfo {
            name: e.name.to_string(),
            params: e.params.to_string(),
            family: e.family.title().to_string(),
            summary: e.summary.to_string(),
            notation: e.notation.to_string(),
            example: e.example.to_string(),
            rules: e.rules.to_string(),
            known: e.known.to_string(),
        }
    }
}

#[pymethods]
impl RulesetInfo {
    /// The example as the arguments of `sprague.value(ruleset, position)`,
    /// when the example values a position; else `None`.
    #[getter]
    fn example_value(&self) -> Option<(String, String)> {
        let rest = self.example.strip_prefix("value ")?;
        let (spec, position) = rest.split_once(' ').unwrap_or((rest, ""));
        Some((spec.to_string(), position.to_string()))
    }

    /// The documentation of the ruleset as one text.
    #[getter]
    fn doc(&self) -> String {
        let spec = if self.params.is_empty() {
            self.name.clone()
        } else {
            format!("{}:{}", self.name, self.params)
        };
        let mut s = format!(
            "{spec} — {}\n\nFamily: {}\nPosition: {}\nExample: sprague {}\n",
            self.summary, self.family, self.notation, self.example
        );
        if !self.rules.is_empty() {
            s.push_str(&format!("\nRules: {}\n", self.rules));
        }
        if !self.known.is_empty() {
            s.push_str(&format!("\nKnown: {}\n", self.known));
        }
        s
    }

    fn __repr__(&self) -> String {
        format!("RulesetInfo(name={:?}, summary={:?})", self.name, self.summary)
    }

    fn __str__(&self) -> String {
        self.doc()
    }
}

/// Every built-in ruleset with its documentation.
pub fn games() -> Vec<RulesetInfo> {
    sprague::catalog().iter().map(RulesetInfo::from_entry).collect()
}

/// The documentation of one ruleset by name (with or without parameters).
pub fn doc(py: Python<'_>, name: &str) -> PyResult<String> {
    let all = sprague::catalog();
    let base = name.split(':').next().unwrap_or(name);
    let entry = sprague::lookup(&all, base).map_err(|e| engine_error(py, e))?;
    Ok(RulesetInfo::from_entry(entry).doc())
}
