//! `Ruleset`: a compiled ruleset (built-in name or folder) and what can be asked of it without
//! playing: scoring, batch scoring, waits, shanten, the fan table, sample hands.

use crate::batch::map_lines;
use crate::convert::to_py;
use crate::score::{Score, Tally};
use crate::{GameError, HandError, RulesetError};
use mj_dsl::table::Table;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyList;
use std::sync::{Arc, OnceLock};

/// A loaded ruleset. `Ruleset.load("mcr")` or `Ruleset.load("path/to/folder")`; a broken
/// ruleset raises `RulesetError` with the diagnostic `mj check` prints.
#[pyclass(frozen, module = "mjrules")]
pub struct Ruleset {
    pub inner: Arc<mj_dsl::Ruleset>,
    /// The ruleset with its table rules, built on the first `Game` (scoring never needs it).
    table: OnceLock<Result<Arc<Table>, String>>,
}

impl Ruleset {
    /// The ruleset ready to play, or why the engine cannot play it.
    pub fn table(&self) -> PyResult<Arc<Table>> {
        self.table
            .get_or_init(|| Table::new(mj_dsl::Ruleset::clone(&self.inner)).map(Arc::new))
            .clone()
            .map_err(GameError::new_err)
    }
}

/// One result of `score_many`.
enum Item {
    Score(Box<mj_dsl::HandReport>),
    Tally(Tally),
}

/// The names of the built-in rulesets (as `mj rulesets` lists them).
#[pyfunction]
pub fn builtin_rulesets() -> Vec<&'static str> {
    mj_dsl::builtin_names()
}

#[pymethods]
impl Ruleset {
    /// Loads a built-in ruleset by name, or a ruleset folder by path.
    #[staticmethod]
    pub fn load(py: Python<'_>, name_or_path: &str) -> PyResult<Ruleset> {
        let loaded = py.allow_threads(|| mj_dsl::load(name_or_path));
        match loaded {
            Ok(rs) => Ok(Ruleset {
                inner: Arc::new(rs),
                table: OnceLock::new(),
            }),
            Err(d) => Err(RulesetError::new_err(d.to_string())),
        }
    }

    #[getter]
    fn name(&self) -> &str {
        &self.inner.name
    }

    #[getter]
    fn version(&self) -> &str {
        &self.inner.version
    }

    #[getter]
    fn description(&self) -> &str {
        &self.inner.description
    }

    /// The fan table in table order: dicts with `id`, `zh`, `en`, `points`, `bonus`,
    /// `definition`, `note` (when the ruleset gives one) and `excludes`.
    #[getter]
    fn fans(&self, py: Python<'_>) -> PyResult<PyObject> {
        to_py(py, &mj_dsl::report::fan_table(&self.inner))
    }

    /// The ruleset as a Markdown page for players, exactly what `mj doc` prints: the fan table
    /// (with han and fu tables for a ruleset that has them), then winning, play, settlement,
    /// context words and penalties.
    fn doc(&self) -> String {
        mj_dsl::doc::markdown(&self.inner)
    }

    /// Scores one line of notation (melds, concealed tiles ending with the winning tile,
    /// context words). Raises `HandError` for a line that is not a readable win.
    fn score(&self, hand: &str) -> PyResult<Score> {
        mj_dsl::score_text(&self.inner, hand)
            .map(|report| Score { report })
            .map_err(HandError::new_err)
    }

    /// Fans, total and validity of one line without the explanation (`Tally`): the fast path.
    /// Raises `HandError` for a line that is not a readable win.
    fn tally(&self, hand: &str) -> PyResult<Tally> {
        Tally::of(&self.inner, hand).map_err(HandError::new_err)
    }

    /// Scores many lines on `threads` threads (default: every core) without holding the GIL;
    /// results in input order. A bad line raises `HandError` naming its 1-based line, or, with
    /// `errors="return"`, stands in the list as that `HandError` instead of a `Score`.
    ///
    /// With `explain=False` the items are `Tally`s: fans, total and validity without the
    /// explanation, the reading or payments (the fast path, for training loops).
    #[pyo3(signature = (lines, threads=None, errors="raise", explain=true))]
    fn score_many<'py>(
        &self,
        py: Python<'py>,
        lines: Vec<String>,
        threads: Option<usize>,
        errors: &str,
        explain: bool,
    ) -> PyResult<Bound<'py, PyList>> {
        let keep_errors = match errors {
            "raise" => false,
            "return" => true,
            other => {
                return Err(PyValueError::new_err(format!(
                    "errors={other:?}: write errors=\"raise\" (the default) or errors=\"return\""
                )))
            }
        };
        let rs = &self.inner;
        let failed = || Err("the scorer failed on this line's chunk".to_string());
        let results: Vec<Result<Item, String>> = if explain {
            let job = |l: &str| mj_dsl::score_text(rs, l).map(|r| Item::Score(Box::new(r)));
            py.allow_threads(|| map_lines(&lines, threads, &job, &failed))
        } else {
            let job = |l: &str| Tally::of(rs, l).map(Item::Tally);
            py.allow_threads(|| map_lines(&lines, threads, &job, &failed))
        };
        let mut out = Vec::with_capacity(results.len());
        for (i, r) in results.into_iter().enumerate() {
            match r {
                Ok(Item::Score(report)) => out.push(Py::new(py, Score { report: *report })?.into_any()),
                Ok(Item::Tally(t)) => out.push(Py::new(py, t)?.into_any()),
                Err(e) if keep_errors => out.push(HandError::new_err(e).into_value(py).into_any()),
                Err(e) => return Err(HandError::new_err(format!("line {}: {e}", i + 1))),
            }
        }
        PyList::new(py, out)
    }

    /// The waits of a hand one tile short (no winning tile), as `mj waits --json` prints them:
    /// a dict with `waits` (tiles in notation), `shanten` and `per_wait` (each wait's total on a
    /// discard and self-drawn, and whether it reaches the minimum).
    fn waits(&self, py: Python<'_>, hand: &str) -> PyResult<PyObject> {
        let report = mj_dsl::waits_text(&self.inner, hand).map_err(HandError::new_err)?;
        to_py(py, &report)
    }

    /// The shanten number of a hand one tile short: 0 is ready, -1 is not possible here (that
    /// hand would be complete); the best over every win form the ruleset enables.
    fn shanten(&self, hand: &str) -> PyResult<i8> {
        mj_dsl::waits_text(&self.inner, hand)
            .map(|r| r.shanten)
            .map_err(HandError::new_err)
    }

    /// `count` seeded random winning hands under this ruleset, in notation, with random
    /// context words and red copies: the hands `mj sample --seed SEED --count COUNT` prints.
    fn sample(&self, seed: u64, count: usize) -> Vec<String> {
        let rs = &self.inner;
        let mut rng = mj_core::Rng::new(seed);
        let opts = mj_dsl::sample::SampleOptions::default();
        (0..count)
            .map(|_| {
                let h = mj_dsl::sample::winning_hand(rs, &mut rng, &opts);
                mj_core::print_hand(&rs.tiles, &h)
            })
            .collect()
    }

    fn __repr__(&self) -> String {
        format!("Ruleset({:?}, version={:?})", self.inner.name, self.inner.version)
    }
}
