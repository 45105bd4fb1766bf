//! `mj check`'s script probe: every fan script of a ruleset runs on a small built-in corpus of
//! generated winning hands, whatever its fan's condition, so that a runaway loop, a wrong return
//! type or a negative count is reported when the ruleset is checked rather than in the middle of
//! a simulation. The corpus is seeded and the same on every run.

use crate::ruleset::Ruleset;
use mj_core::rng::Rng;
use mj_testkit::sample::{winning_hand, SampleOptions};

/// How many hands the probe corpus holds: enough to reach every win form and most shapes, few
/// enough that a ruleset full of runaway scripts is still checked in well under a second (each
/// script is run until its first failure only).
pub const PROBE_HANDS: usize = 64;

/// The seed of the probe corpus.
const PROBE_SEED: u64 = 0x5C41_97ED;

/// One script that failed on the probe corpus.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptProblem {
    /// The script function.
    pub function: String,
    /// The script file that defines it, as the ruleset names it.
    pub file: String,
    /// The 1-based line of its `fn`, 0 when unknown.
    pub line: usize,
    /// What went wrong, with the script's file and line where rhai knows them.
    pub message: String,
    /// The probe hand, in notation, that showed it.
    pub hand: String,
}

/// Runs every script of `rs` on the probe corpus; one problem per failing script function.
pub fn probe_scripts(rs: &Ruleset) -> Vec<ScriptProblem> {
    if rs.scripts.file_count() == 0 {
        return Vec::new();
    }
    let failures = std::cell::RefCell::new(Vec::new());
    let mut rng = Rng::new(PROBE_SEED);
    let opts = SampleOptions::default();
    let mut out = Vec::new();
    for _ in 0..PROBE_HANDS {
        // A caller with a budget (the studio checks as the designer types) gets what was found.
        if crate::cancel::cancelled() {
            break;
        }
        let hand = winning_hand(&rs.tiles, &mut rng, &opts);
        let before = failures.borrow().len();
        crate::score::probe(rs, &hand, &failures);
        for (script, message) in failures.borrow().iter().skip(before) {
            let (file, line) = rs.scripts.location(*script).unwrap_or(("script", 0));
            out.push(ScriptProblem {
                function: rs.scripts.function_name(*script).unwrap_or("?").to_string(),
                file: file.to_string(),
                line,
                message: message.clone(),
                hand: mj_core::notation::print_hand(&rs.tiles, &hand),
            });
        }
    }
    out
}
