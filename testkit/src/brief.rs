//! The contract of `mj score --brief` (and of `/api/score` with `"brief": true`), stated once for
//! the tests of the library, the command line and the web API: its line is the full report's
//! line less the report's account of the hand.

use serde_json::Value;

/// Top-level keys of a report that belong to its account, not to what the hand scores and pays.
const ACCOUNT: [&str; 5] = ["hand", "reading", "removed", "reason", "warnings"];

/// The brief line a full report's JSON (`mj score --json`, or its error object) should give:
/// the same object without [`ACCOUNT`]'s keys and without each fan's `why`.
pub fn brief_of(full: &Value) -> Value {
    let mut v = full.clone();
    if let Some(m) = v.as_object_mut() {
        m.retain(|k, _| !ACCOUNT.contains(&k.as_str()));
        for fan in m
            .get_mut("fans")
            .and_then(Value::as_array_mut)
            .into_iter()
            .flatten()
        {
            if let Some(f) = fan.as_object_mut() {
                f.remove("why");
            }
        }
    }
    v
}
