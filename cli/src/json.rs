//! Machine-readable output: the shapes other tools rely on (documented in the README). The
//! structs themselves live in `mj_dsl::report`, shared with the web API, and are written by its
//! writers: a line of `mj score --json` by [`mj_dsl::score_text_line`] (with `--brief`,
//! [`mj_dsl::outcome_text_line`]), of `mj waits --json` by [`mj_dsl::waits_text_line`], the rest
//! by [`mj_dsl::write_json_line`].

use mj_dsl::{HandReport, Ruleset, WaitsReport};

pub fn score_line(rs: &Ruleset, text: &str) -> Result<HandReport, String> {
    mj_dsl::score_text(rs, text)
}

/// The writer of `mj score`'s JSON lines: the report, or with `--brief` the outcome.
pub fn score_writer(brief: bool) -> fn(&Ruleset, &str, Option<usize>, &mut Vec<u8>) -> bool {
    if brief {
        mj_dsl::outcome_text_line
    } else {
        mj_dsl::score_text_line
    }
}

/// Waits and shanten of a 3n+1 hand.
pub fn waits(rs: &Ruleset, text: &str) -> Result<WaitsReport, String> {
    mj_dsl::waits_text(rs, text)
}
