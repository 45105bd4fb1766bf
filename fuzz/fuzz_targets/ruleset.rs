//! Any bytes as an in-memory ruleset: `ruleset.toml`, then (after a NUL byte, if any) a rhai
//! script `fans.rhai`. Loading never panics; a ruleset that loads scores one of a few hands (Ok or
//! an error, never a panic, and within the sandbox's limits).
//!
//! One hand per input, picked by the input's length: a script that runs to the sandbox's operation
//! limit costs milliseconds per hand, and scoring every hand cut the executions per second by half
//! with no coverage gained, since the fuzzer reaches each hand through the length anyway.
#![no_main]

use libfuzzer_sys::fuzz_target;

const HANDS: [&str; 3] = [
    "123m456m789m123p55s",
    "[WWWW,1][444s]45m678pFF6m self seat=S round=W flowers=2",
    "1199m1199p1199s11z",
];

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (toml, script) = text.split_once('\0').unwrap_or((text, ""));
    let Ok(rs) = mj_dsl::load_from_memory("fuzz", &[("ruleset.toml", toml), ("fans.rhai", script)]) else {
        return;
    };
    let _ = mj_dsl::score_text(&rs, HANDS[data.len() % HANDS.len()]);
});
