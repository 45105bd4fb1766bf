//! Machine-readable output: the shapes other tools rely on (documented in the README). The
//! structs themselves live in `mj_dsl::report`, shared with the web API, and are written by its
//! writers: a scored hand by [`mj_dsl::write_report_line`], a hand's waits by
//! [`mj_dsl::write_waits_line`], the rest by [`mj_dsl::write_json_line`].

use mj_dsl::{write_json_line, ErrorReport, HandReport, Ruleset, WaitsReport};

pub fn score_line(rs: &Ruleset, text: &str) -> Result<HandReport, String> {
    mj_dsl::score_text(rs, text)
}

/// Appends the JSON line of one scored hand to `out`:
/// `{"hand":…,"fans":[...],"total":N,"valid":bool,"payments":{...}}` (plus `reason` and the
/// rest of the report), or `{"error":…}`; batch runs add the input `line` to both. Returns
/// whether the line failed.
pub fn score_into(rs: &Ruleset, text: &str, line: Option<usize>, out: &mut Vec<u8>) -> bool {
    match score_line(rs, text) {
        Ok(r) => {
            mj_dsl::write_report_line(out, &r, line);
            false
        }
        Err(e) => {
            write_json_line(out, &ErrorReport { error: &e, line });
            true
        }
    }
}

/// Appends the JSON line of one hand's outcome (`mj score --brief`, written by
/// [`mj_dsl::write_outcome_line`]: fans, total, validity, payments, han/fu/limit) or the error
/// to `out`, as [`score_into`] does; returns whether the line failed.
pub fn outcome_into(rs: &Ruleset, text: &str, line: Option<usize>, out: &mut Vec<u8>) -> bool {
    match mj_dsl::outcome::settle_text(rs, text) {
        Ok((hand, o)) => {
            mj_dsl::write_outcome_line(out, rs, &hand, &o, line);
            false
        }
        Err(e) => {
            write_json_line(out, &ErrorReport { error: &e, line });
            true
        }
    }
}

/// Waits and shanten of a 3n+1 hand.
pub fn waits(rs: &Ruleset, text: &str) -> Result<WaitsReport, String> {
    mj_dsl::waits_text(rs, text)
}

/// Appends the waits report's JSON line (`{"waits":[...],"shanten":N,...}`, written by
/// [`mj_dsl::write_waits_line`]) or the error to `out`; returns whether it failed.
pub fn waits_into(rs: &Ruleset, text: &str, line: Option<usize>, out: &mut Vec<u8>) -> bool {
    match waits(rs, text) {
        Ok(r) => {
            mj_dsl::write_waits_line(out, &r, line);
            false
        }
        Err(e) => {
            write_json_line(out, &ErrorReport { error: &e, line });
            true
        }
    }
}
