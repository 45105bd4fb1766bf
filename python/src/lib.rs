//! `mjrules`: the engine's library crates (`mj_dsl`, `mj_core`, `mj_sim`) as a Python extension module.
//! Python sees the same reports the CLI prints (`to_json` is `mj score --json`'s line), so a
//! bot trained here scores exactly as `mj` and the web API do. Errors are exceptions carrying
//! the library's message; no input reaches a panic.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

mod batch;
mod convert;
mod game;
mod ruleset;
mod score;
mod simulate;

create_exception!(
    mjrules,
    RulesetError,
    PyValueError,
    "A ruleset that could not be loaded; the message is the located diagnostic (file:line:column)."
);
create_exception!(
    mjrules,
    HandError,
    PyValueError,
    "A line of notation that could not be read or scored; the message is `mj`'s own."
);
create_exception!(
    mjrules,
    GameError,
    PyValueError,
    "An action the engine refused, or a record that does not replay."
);

#[pymodule]
#[pyo3(name = "_native")]
fn native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("RulesetError", py.get_type::<RulesetError>())?;
    m.add("HandError", py.get_type::<HandError>())?;
    m.add("GameError", py.get_type::<GameError>())?;
    m.add_class::<ruleset::Ruleset>()?;
    m.add_class::<score::Score>()?;
    m.add_class::<score::Tally>()?;
    m.add_class::<game::Game>()?;
    m.add_function(wrap_pyfunction!(ruleset::builtin_rulesets, m)?)?;
    m.add_function(wrap_pyfunction!(simulate::simulate, m)?)?;
    Ok(())
}
