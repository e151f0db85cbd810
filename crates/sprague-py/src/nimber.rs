//! `sprague.Nimber`: the engine's nimbers below 2^64 as an int-like Python
//! value (`+` is nim-addition, `*` nim-multiplication).

use pyo3::exceptions::{PyValueError, PyZeroDivisionError};
use pyo3::prelude::*;
use pyo3::pyclass::CompareOp;
use pyo3::types::PyInt;

/// A nimber `*n` (0 ≤ n < 2^64): `+` and `-` are nim-addition (XOR), `*` is
/// nim-multiplication, `/` divides in the field of nimbers, `**` raises to an
/// ordinary integer power. Compares equal to the int `n` and hashes like it.
#[pyclass(frozen, module = "sprague")]
#[derive(Clone, Copy)]
pub struct Nimber(pub sprague::Nimber);

/// The nimber of a Nimber or a non-negative int below 2^64; `None` for other types.
fn operand(other: &Bound<'_, PyAny>) -> PyResult<Option<sprague::Nimber>> {
    if let Ok(n) = other.cast::<Nimber>() {
        return Ok(Some(n.get().0));
    }
    if other.is_instance_of::<PyInt>() {
        let v: u64 = other
            .extract()
            .map_err(|_| PyValueError::new_err("a nimber is an int from 0 to 2**64 - 1"))?;
        return Ok(Some(sprague::Nimber(v)));
    }
    Ok(None)
}

#[pymethods]
impl Nimber {
    #[new]
    fn new(value: &Bound<'_, PyAny>) -> PyResult<Self> {
        match operand(value)? {
            Some(n) => Ok(Nimber(n)),
            None => Err(crate::errors::type_error("a Nimber is made from an int", value)),
        }
    }

    /// The nimber's number n, as an int.
    #[getter]
    fn value(&self) -> u64 {
        self.0.get()
    }

    fn __int__(&self) -> u64 {
        self.0.get()
    }

    fn __index__(&self) -> u64 {
        self.0.get()
    }

    fn __bool__(&self) -> bool {
        !self.0.is_zero()
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        self.0.get().into_pyobject(py)?.hash()
    }

    fn __repr__(&self) -> String {
        format!("Nimber({})", self.0.get())
    }

    fn __str__(&self) -> String {
        match self.0.get() {
            0 => "0".to_string(),
            1 => "*".to_string(),
            n => format!("*{n}"),
        }
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let Ok(Some(o)) = operand(other) else {
            return Ok(py.NotImplemented());
        };
        let r = match op {
            CompareOp::Eq => self.0 == o,
            CompareOp::Ne => self.0 != o,
            // Nimbers are not ordered; the order of their numbers sorts them.
            CompareOp::Lt => self.0.get() < o.get(),
            CompareOp::Le => self.0.get() <= o.get(),
            CompareOp::Gt => self.0.get() > o.get(),
            CompareOp::Ge => self.0.get() >= o.get(),
        };
        Ok(r.into_pyobject(py)?.to_owned().into_any().unbind())
    }

    fn __add__(&self, other: &Bound<'_, PyAny>, py: Python<'_>) -> PyResult<Py<PyAny>> {
        or_not(py, operand(other)?.map(|o| Nimber(self.0 + o)))
    }

    fn __radd__(&self, other: &Bound<'_, PyAny>, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.__add__(other, py)
    }

    fn __sub__(&self, other: &Bound<'_, PyAny>, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.__add__(other, py)
    }

    fn __rsub__(&self, other: &Bound<'_, PyAny>, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.__add__(other, py)
    }

    fn __neg__(&self) -> Nimber {
        *self
    }

    fn __mul__(&self, other: &Bound<'_, PyAny>, py: Python<'_>) -> PyResult<Py<PyAny>> {
        or_not(py, operand(other)?.map(|o| Nimber(self.0 * o)))
    }

    fn __rmul__(&self, other: &Bound<'_, PyAny>, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.__mul__(other, py)
    }

    fn __truediv__(&self, other: &Bound<'_, PyAny>, py: Python<'_>) -> PyResult<Py<PyAny>> {
        match operand(other)? {
            Some(o) => or_not(py, Some(Nimber(self.0 * inverse(o)?))),
            None => or_not(py, None),
        }
    }

    fn __rtruediv__(&self, other: &Bound<'_, PyAny>, py: Python<'_>) -> PyResult<Py<PyAny>> {
        match operand(other)? {
            Some(o) => or_not(py, Some(Nimber(o * inverse(self.0)?))),
            None => or_not(py, None),
        }
    }

    fn __pow__(&self, exponent: &Bound<'_, PyAny>, modulo: Option<&Bound<'_, PyAny>>) -> PyResult<Nimber> {
        if modulo.is_some() {
            return Err(PyValueError::new_err("pow() of a Nimber takes no modulus"));
        }
        let e: i128 = exponent
            .extract()
            .map_err(|_| crate::errors::type_error("a Nimber's exponent is an int", exponent))?;
        let magnitude = u64::try_from(e.unsigned_abs())
            .map_err(|_| PyValueError::new_err("a Nimber's exponent is at most 2**64 - 1 in size"))?;
        let base = if e < 0 { inverse(self.0)? } else { self.0 };
        Ok(Nimber(base.pow(magnitude)))
    }

    /// The multiplicative inverse in the field of nimbers below 2^64.
    ///
    /// Raises ZeroDivisionError for `Nimber(0)`.
    fn inv(&self) -> PyResult<Nimber> {
        inverse(self.0).map(Nimber)
    }

    /// The square root: the one nimber whose nim-square is this one.
    fn sqrt(&self) -> Nimber {
        Nimber(self.0.sqrt())
    }
}

/// The nimber as a Python object, or `NotImplemented` for an operand of another type.
fn or_not(py: Python<'_>, n: Option<Nimber>) -> PyResult<Py<PyAny>> {
    match n {
        Some(n) => Ok(Py::new(py, n)?.into_any()),
        None => Ok(py.NotImplemented()),
    }
}

fn inverse(n: sprague::Nimber) -> PyResult<sprague::Nimber> {
    n.inverse()
        .ok_or_else(|| PyZeroDivisionError::new_err("Nimber(0) has no inverse"))
}

/// The minimum excluded value of an iterable of ints or Nimbers.
#[pyfunction]
pub fn mex(values: &Bound<'_, PyAny>) -> PyResult<u64> {
    let mut seen = Vec::new();
    for v in values.try_iter()? {
        let v = v?;
        match operand(&v)? {
            Some(n) => seen.push(n),
            None => return Err(crate::errors::type_error("mex takes ints or Nimbers", &v)),
        }
    }
    Ok(sprague::mex(seen).get())
}
