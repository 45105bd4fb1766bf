//! Rust values to Python ones through their JSON form: the report structs already define the
//! documented JSON shape, so a dict built from it has the same keys `mj --json` prints.

use pyo3::prelude::*;
use serde::Serialize;

/// `value` serialized as compact JSON, exactly as `mj_dsl::write_json_line` writes it.
pub fn to_json<T: Serialize + ?Sized>(value: &T) -> String {
    let mut out = Vec::new();
    mj_dsl::write_json_line(&mut out, value);
    out.pop();
    String::from_utf8(out).unwrap_or_default()
}

/// `value` as plain Python data (dicts, lists, str, int, bool, None) via `json.loads`.
pub fn to_py<T: Serialize + ?Sized>(py: Python<'_>, value: &T) -> PyResult<PyObject> {
    json_to_py(py, &to_json(value))
}

/// A JSON text the library wrote (a report) as plain Python data, via `json.loads`.
pub fn json_to_py(py: Python<'_>, text: &str) -> PyResult<PyObject> {
    let loads = py.import("json")?.getattr("loads")?;
    Ok(loads.call1((text,))?.unbind())
}
