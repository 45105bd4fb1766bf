//! Machine-readable output: the shapes other tools rely on (documented in the README). The
//! structs themselves live in `mj_dsl::report`, shared with the web API.

use mj_dsl::{HandReport, Ruleset, WaitsReport};
use serde_json::{json, Value};

pub fn score_line(rs: &Ruleset, text: &str) -> Result<HandReport, String> {
    mj_dsl::score_text(rs, text)
}

/// `{"fans":[...],"total":N,"valid":bool,"payments":{...}}` (plus `hand`, `reason`).
pub fn score_json(_rs: &Ruleset, r: &HandReport) -> Value {
    serde_json::to_value(r).unwrap_or_else(|e| json!({ "error": e.to_string() }))
}

/// `{"waits":[...],"shanten":N}`.
pub fn waits_json(w: &WaitsReport) -> Value {
    serde_json::to_value(w).unwrap_or_else(|e| json!({ "error": e.to_string() }))
}

/// Waits and shanten of a 3n+1 hand.
pub fn waits(rs: &Ruleset, text: &str) -> Result<WaitsReport, String> {
    mj_dsl::waits_text(rs, text)
}
