use pyo3::prelude::*;
#[pyclass(module = "mjrules")]
pub struct Game {}
