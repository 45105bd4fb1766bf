//! `mjrules.simulate`: a bot experiment run by `mj_sim`, the library behind `mj simulate`, so
//! Python gets the very statistics `mj simulate --json` prints (the same seeds, the same hands,
//! the same figures) without going through the CLI.

use crate::convert::json_to_py;
use crate::ruleset::Ruleset;
use crate::GameError;
use mj_sim::experiment::{experiment, run};
use mj_sim::report::report;
use mj_sim::{Bot, Format, Shard};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// Where the ruleset comes from: a loaded `Ruleset`, or a built-in name or folder to load.
#[derive(FromPyObject)]
pub enum RulesetArg<'py> {
    Loaded(Bound<'py, Ruleset>),
    Named(String),
}

/// The bot in every seat, as `mj simulate --bot` names it.
fn bot(name: &str) -> PyResult<Bot> {
    match name {
        "greedy" => Ok(Bot::Greedy),
        "random" => Ok(Bot::Random),
        other => Err(PyValueError::new_err(format!(
            "bot={other:?}: write bot=\"greedy\" (the default) or bot=\"random\""
        ))),
    }
}

/// Plays `hands` seeded hands with `bot` in every seat on `threads` threads (default: every
/// core; the result does not depend on it) without holding the GIL, and returns the report
/// `mj simulate --rules R --hands N --seed S --bot B --json` prints, as a dict.
#[pyfunction]
#[pyo3(signature = (ruleset, hands, seed, threads=None, bot="greedy"))]
pub fn simulate(
    py: Python<'_>,
    ruleset: RulesetArg<'_>,
    hands: u64,
    seed: u64,
    threads: Option<usize>,
    bot: &str,
) -> PyResult<PyObject> {
    let bot = self::bot(bot)?;
    if hands == 0 {
        return Err(PyValueError::new_err(
            "hands=0: an experiment plays at least one hand",
        ));
    }
    let ruleset = match ruleset {
        RulesetArg::Loaded(rs) => rs,
        RulesetArg::Named(name) => Bound::new(py, Ruleset::load(py, &name)?)?,
    };
    let table = ruleset.get().table()?;
    let threads = threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let e = experiment(&table, bot, seed, hands);
    let text = py
        .allow_threads(|| {
            run(&table, &e, Shard::WHOLE, threads, &|_| {}).map(|p| report(&e, &p, Format::Json))
        })
        .map_err(GameError::new_err)?;
    json_to_py(py, &text)
}
