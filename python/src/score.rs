//! `Score`: one scored hand, the library's `HandReport` kept as is. Attributes are read from it
//! when asked, so `score_many` hands back a list of these without building a dict per hand.

use crate::convert::{to_json, to_py};
use mj_dsl::{FanHit, HandReport, Ruleset};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::Arc;

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
        self.report.reading.iter().map(|s| s.to_string()).collect()
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

/// Fans, total and validity of a hand without the explanation: what `Ruleset.tally` and
/// `score_many(explain=False)` return, scored by `mj_dsl::score` alone (no reading, no why,
/// no payments, no check of settlement-only words such as `from=`). The fans and total are
/// those of `Score`.
#[pyclass(frozen, module = "mjrules")]
pub struct Tally {
    rs: Arc<Ruleset>,
    hits: Vec<FanHit>,
    total: i64,
    valid: bool,
    /// A meld is exposed: fans with an open value count that.
    open: bool,
}

impl Tally {
    pub fn of(rs: &Arc<Ruleset>, text: &str) -> Result<Tally, String> {
        let hand = mj_core::notation::parse_hand(
            &rs.tiles,
            &rs.context_words,
            text.trim_matches(|c: char| c.is_ascii_whitespace()),
        )
        .map_err(|e| e.to_string())?;
        let s = mj_dsl::score(rs, &hand).map_err(|e| e.to_string())?;
        Ok(Tally {
            rs: Arc::clone(rs),
            hits: s.hits,
            total: s.total,
            valid: s.valid,
            open: hand.is_open(),
        })
    }

    fn points(&self, fan: &mj_dsl::ruleset::Fan) -> i64 {
        fan.value_in(self.open)
    }
}

#[pymethods]
impl Tally {
    /// `(id, zh, en, points each, count)` of every fan counted, in table order.
    #[getter]
    fn fans(&self) -> Vec<(String, String, String, i64, u32)> {
        self.hits
            .iter()
            .map(|h| {
                let f = &self.rs.fans[h.fan];
                (
                    f.id.to_string(),
                    f.zh.to_string(),
                    f.en.to_string(),
                    self.points(f),
                    h.count,
                )
            })
            .collect()
    }

    /// `(id, points each, count)` of every fan counted, as `Score.fan_ids`.
    #[getter]
    fn fan_ids(&self) -> Vec<(String, i64, u32)> {
        self.hits
            .iter()
            .map(|h| {
                let f = &self.rs.fans[h.fan];
                (f.id.to_string(), self.points(f), h.count)
            })
            .collect()
    }

    #[getter]
    fn total(&self) -> i64 {
        self.total
    }

    #[getter]
    fn valid(&self) -> bool {
        self.valid
    }

    fn __repr__(&self) -> String {
        let ids: Vec<String> = self.fan_ids().into_iter().map(|(id, _, _)| id).collect();
        format!(
            "Tally(total={}, valid={}, fans=[{}])",
            self.total,
            if self.valid { "True" } else { "False" },
            ids.join(", ")
        )
    }
}
