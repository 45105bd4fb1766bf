//! Any bytes as a hand under mcr: a hand that parses scores (or fails cleanly), and scoring its
//! canonical form gives the same report.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

fn mcr() -> &'static mj_dsl::Ruleset {
    static R: OnceLock<mj_dsl::Ruleset> = OnceLock::new();
    R.get_or_init(|| mj_dsl::load("mcr").expect("mcr loads"))
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(report) = mj_dsl::score_text(mcr(), text) else {
        return;
    };
    let again = mj_dsl::score_text(mcr(), &report.hand).unwrap_or_else(|e| {
        panic!(
            "{text:?} scored, its canonical form {:?} does not: {e}",
            report.hand
        )
    });
    assert_eq!(again, report, "{text:?} and its canonical form score differently");
});
