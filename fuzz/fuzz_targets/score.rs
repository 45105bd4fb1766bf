//! Any bytes as a hand under a built-in ruleset (mcr, or the one a first line `@NAME` names): a
//! hand that parses scores (or fails cleanly), scoring its canonical form gives the same report,
//! and the brief line (`mj score --brief`, the outcome path bots and `score_file` use) is the
//! full line less its account, error or not.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// The rulesets an input may name: every scoring family once, the variants sharing a family's
/// code left out (their differences are data the snapshot tests lock).
const RULESETS: [&str; 9] = [
    "mcr", "riichi", "riichi-sanma", "sichuan", "taiwan", "hongkong", "shiwan", "jingji", "kawuxing",
];

fn ruleset(name: &str) -> &'static mj_dsl::Ruleset {
    static LOADED: OnceLock<Mutex<HashMap<&'static str, &'static mj_dsl::Ruleset>>> = OnceLock::new();
    let mut loaded = LOADED.get_or_init(Default::default).lock().expect("not poisoned");
    let name = RULESETS.iter().copied().find(|n| *n == name).unwrap_or("mcr");
    loaded.entry(name).or_insert_with(|| {
        let rs = mj_dsl::load(name).unwrap_or_else(|e| panic!("{name} loads: {e}"));
        Box::leak(Box::new(rs))
    })
}

/// The ruleset an input names and the hand text after it. Inputs without the `@` line are mcr,
/// so the seeds written before rulesets could be named keep their meaning; a name not in
/// [`RULESETS`] (the fuzzer mutates names too) is mcr as well, so every input still scores.
fn split(text: &str) -> (&'static mj_dsl::Ruleset, &str) {
    match text.strip_prefix('@').and_then(|rest| rest.split_once('\n')) {
        Some((name, hand)) => (ruleset(name.trim()), hand),
        None => (ruleset("mcr"), text),
    }
}

fn json(bytes: &[u8]) -> serde_json::Value {
    serde_json::from_slice(bytes).unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(bytes)))
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (rs, text) = split(text);
    let (mut full, mut brief) = (Vec::new(), Vec::new());
    let full_ok = mj_dsl::report_json::score_text_line(rs, text, Some(1), &mut full);
    let brief_ok = mj_dsl::report_json::outcome_text_line(rs, text, Some(1), &mut brief);
    assert_eq!(full_ok, brief_ok, "{text:?}: the report and the brief line disagree on success");
    assert_eq!(
        mj_testkit::brief::brief_of(&json(&full)),
        json(&brief),
        "{text:?}: the brief line is not the report less its account"
    );
    let Ok(report) = mj_dsl::score_text(rs, text) else {
        return;
    };
    let again = mj_dsl::score_text(rs, &report.hand).unwrap_or_else(|e| {
        panic!(
            "{text:?} scored, its canonical form {:?} does not: {e}",
            report.hand
        )
    });
    assert_eq!(again, report, "{text:?} and its canonical form score differently");
});
