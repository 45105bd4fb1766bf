//! `Score`: one scored hand, the library's `HandReport` kept as is. Attributes are read from it
//! when asked, so `score_many` hands back a list of these without building a dict per hand.

use crate::convert::{to_json, to_py};
use mj_dsl::HandReport;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// A scored hand: fans with what produced them, total, validity and payments, as `mj score`
/// reports it. `to_dict()` is the object `mj score --json` prints; `to_json()` its exact line.
#[pyclass(frozen, module = "mjrules")]
pub struct Score {
    pub report: HandReport,
}

#[pymethods]
impl Score {
    /// The hand in canonical notation.
    #[getter]
    fn hand(&self) -> &str {
        &self.report.hand
    }

    /// The reading scored: its sets and pair(s) in notation.
    #[getter]
    fn reading(&self) -> Vec<String> {
        self.report.reading.clone()
    }

    /// Every fan counted, in table order: dicts with `id`, `zh`, `en`, `points` (each),
    /// `count` and `why` (the sets and context words that produced each occurrence).
    #[getter]
    fn fans(&self, py: Python<'_>) -> PyResult<PyObject> {
        to_py(py, &self.report.fans)
    }

    /// `(id, points each, count)` of every fan counted: the fans without their explanation.
    #[getter]
    fn fan_ids(&self) -> Vec<(String, i64, u32)> {
        self.report
            .fans
            .iter()
            .map(|f| (f.id.to_string(), f.points, f.count))
            .collect()
    }

    /// Sum of points × count over every fan listed (bonus fans included).
    #[getter]
    fn total(&self) -> i64 {
        self.report.total
    }

    /// Whether the hand is a legal win reaching the ruleset's minimum (bonus fans not counted).
    #[getter]
    fn valid(&self) -> bool {
        self.report.valid
    }

    /// Why the hand is not valid, when it is not.
    #[getter]
    fn reason(&self) -> Option<String> {
        self.report.reason.clone()
    }

    /// Net change per seat, by seat wind letter (`{"E": -8, "S": 24, …}`); empty when invalid.
    #[getter]
    fn payments<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (w, a) in self.report.payments.iter() {
            d.set_item(w.to_string(), a)?;
        }
        Ok(d)
    }

    /// Context words of the hand that changed nothing, each saying why.
    #[getter]
    fn warnings(&self) -> Vec<String> {
        self.report.warnings.clone()
    }

    /// Han, for a ruleset with a points formula (riichi); `None` otherwise.
    #[getter]
    fn han(&self) -> Option<i64> {
        self.report.han
    }

    /// Fu, for a ruleset with a points formula (riichi); `None` otherwise.
    #[getter]
    fn fu(&self) -> Option<i64> {
        self.report.fu
    }

    /// The limit reached (mangan, …), for a ruleset with a points formula; `None` otherwise.
    #[getter]
    fn limit(&self) -> Option<String> {
        self.report.limit.clone().flatten()
    }

    /// The object `mj score --json` prints for this hand.
    fn to_dict(&self, py: Python<'_>) -> PyResult<PyObject> {
        to_py(py, &self.report)
    }

    /// The line `mj score --json` prints for this hand (without its newline).
    fn to_json(&self) -> String {
        to_json(&self.report)
    }

    fn __repr__(&self) -> String {
        let fans: Vec<String> = self
            .report
            .fans
            .iter()
            .map(|f| match f.count {
                1 => f.id.to_string(),
                n => format!("{}×{n}", f.id),
            })
            .collect();
        format!(
            "Score(total={}, valid={}, fans=[{}])",
            self.report.total,
            if self.report.valid { "True" } else { "False" },
            fans.join(", ")
        )
    }
}
