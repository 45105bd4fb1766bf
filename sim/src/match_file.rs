//! The `mj-match` document: a whole match played by bots (every hand's record, the totals,
//! places, ranking points and, where the ruleset defines them, the final results), as `mj play --match --json` writes it, `mj replay` replays it and
//! `mj tournament record --record` takes its totals. The match itself is
//! [`mj_core::game::matchplay::MatchResult`]; this module is its file format.

use mj_core::game::matchplay::MatchResult;
use mj_core::game::Record;
use serde_json::Value;

/// `format` of a match document.
pub const FORMAT: &str = "mj-match";
/// The match document version this build writes.
pub const VERSION: u32 = 1;

/// The document of match `m`, played under `ruleset` from `seed`: one JSON line, without its
/// newline.
pub fn to_json(ruleset: &str, seed: u64, m: &MatchResult) -> String {
    let mut v = serde_json::json!({
        "format": FORMAT,
        "version": VERSION,
        "ruleset": ruleset,
        "seed": seed,
        "hands": m.hands,
        "totals": m.totals,
        "places": m.places,
        "ranking_points": m.ranking,
    });
    // Final results (uma and oka) only for rulesets that define them, so that other rulesets'
    // documents stay as they were.
    if let (false, Some(o)) = (m.results.is_empty(), v.as_object_mut()) {
        o.insert("results".into(), serde_json::json!(m.results));
    }
    v.to_string()
}

/// Whether a JSON value is a match document (by its `format`).
pub fn is_match(v: &Value) -> bool {
    v.get("format").and_then(Value::as_str) == Some(FORMAT)
}

/// The records of every hand of a match document, in order (none when it lists no hands).
pub fn records(v: &Value) -> Result<Vec<Record>, String> {
    let hands = v
        .get("hands")
        .and_then(|h| h.as_array())
        .cloned()
        .unwrap_or_default();
    hands.iter().map(|h| Record::from_json(&h.to_string())).collect()
}

/// What `mj tournament record` takes from a match document.
pub struct Totals {
    /// The ruleset the match was played under (empty when the document names none).
    pub ruleset: String,
    /// The totals by starting seat, if the document has a list of whole numbers.
    pub totals: Option<Vec<i64>>,
}

/// Reads a match document's ruleset and totals; `path` names the document in errors.
pub fn totals(text: &str, path: &str) -> Result<Totals, String> {
    let v: Value = serde_json::from_str(text.trim()).map_err(|err| format!("{path}: {err}"))?;
    if !is_match(&v) {
        return Err(format!(
            "{path} is not an mj-match document (`mj play --match --json`)"
        ));
    }
    Ok(Totals {
        ruleset: v.get("ruleset").and_then(Value::as_str).unwrap_or("").to_string(),
        totals: v
            .get("totals")
            .and_then(Value::as_array)
            .and_then(|a| a.iter().map(Value::as_i64).collect()),
    })
}

/// The match documents in a records file's text (the whole text, or its JSON lines), for
/// replaying each as a match; lines that are not JSON are left to [`records_in`] to report.
pub fn documents_in(text: &str) -> Vec<Value> {
    let whole: Result<Value, _> = serde_json::from_str(text);
    let values: Vec<Value> = match whole {
        Ok(v) => vec![v],
        Err(_) => text
            .lines()
            .filter_map(|l| serde_json::from_str(l).ok())
            .collect(),
    };
    values.into_iter().filter(is_match).collect()
}

/// The records in a records file's text: one JSON record, JSON lines of records, or match
/// documents (each giving its hands' records); `path` names the file in errors.
pub fn records_in(text: &str, path: &str) -> Result<Vec<Record>, String> {
    let whole: Result<Value, _> = serde_json::from_str(text);
    let values: Vec<Value> = match whole {
        Ok(v) => vec![v],
        Err(_) => text
            .lines()
            .filter(|l| !l.trim().is_empty())
            .enumerate()
            .map(|(i, l)| serde_json::from_str(l).map_err(|e| format!("{path}: line {}: {e}", i + 1)))
            .collect::<Result<_, _>>()?,
    };
    let mut found = Vec::new();
    for v in values {
        if is_match(&v) {
            found.extend(records(&v)?);
        } else {
            found.push(Record::from_json(&v.to_string())?);
        }
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn totals_are_read_with_their_ruleset() {
        let t = totals(
            r#"{"format":"mj-match","ruleset":"mcr","totals":[5,-5]}"#,
            "m.json",
        )
        .expect("reads");
        assert_eq!((t.ruleset.as_str(), t.totals), ("mcr", Some(vec![5, -5])));
        let none = totals(r#"{"format":"mj-match","totals":[1.5]}"#, "m.json").expect("reads");
        assert_eq!((none.ruleset.as_str(), none.totals), ("", None));
        let err = totals(r#"{"format":"mj-record"}"#, "m.json")
            .err()
            .unwrap_or_default();
        assert!(err.starts_with("m.json is not an mj-match document"), "{err}");
        assert!(totals("{", "m.json").is_err());
    }

    #[test]
    fn a_records_file_without_records_is_empty_and_bad_lines_are_named() {
        assert_eq!(
            records_in(r#"{"format":"mj-match","hands":[]}"#, "f").map(|r| r.len()),
            Ok(0)
        );
        let err = records_in("{\"a\":1}\nnot json\n", "f").err().unwrap_or_default();
        assert!(err.starts_with("f: line 2:"), "{err}");
    }
}
