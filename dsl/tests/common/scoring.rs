//! Helpers for hand-worked scoring examples: load a built-in ruleset once, score a line, and
//! assert its fans and total.

use mj_dsl::{load, score_text, HandReport, Ruleset};
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// A built-in ruleset, loaded once per test binary.
pub fn ruleset(name: &'static str) -> &'static Ruleset {
    static LOADED: OnceLock<Mutex<HashMap<&'static str, &'static Ruleset>>> = OnceLock::new();
    let mut map = LOADED
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    map.entry(name).or_insert_with(|| {
        Box::leak(Box::new(
            load(name).unwrap_or_else(|d| panic!("{name} does not load:\n{d}")),
        ))
    })
}

pub fn score(rs: &Ruleset, hand: &str) -> HandReport {
    score_text(rs, hand).unwrap_or_else(|e| panic!("{hand}: {e}"))
}

/// (id, points or multiplier, count) of every fan that scored.
pub fn fans(r: &HandReport) -> Vec<(&str, i64, u32)> {
    r.fans
        .iter()
        .map(|f| (f.id.as_str(), f.points, f.count))
        .collect()
}

/// Asserts the fans and the total of a valid win.
#[track_caller]
pub fn assert_win(rs: &Ruleset, hand: &str, expected: &[(&str, i64, u32)], total: i64) -> HandReport {
    let r = score(rs, hand);
    assert_eq!(fans(&r), expected, "{hand}");
    assert_eq!(r.total, total, "{hand}");
    assert!(r.valid, "{hand}: {:?}", r.reason);
    assert_eq!(r.reason, None, "{hand}");
    r
}
