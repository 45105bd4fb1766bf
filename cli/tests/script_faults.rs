//! A fan script that fails is an error, never a fan worth 0: every command that plays hands
//! (`simulate`, `simulate --compare`, `play`, `tournament simulate`) stops with a non-zero exit and
//! names the script's file and line, and `mj check` finds the failure on its probe corpus before
//! anything is played. The failing fan has no condition, so every win judgement runs it.

use std::path::PathBuf;
mod common;

use common::*;

/// A ruleset extending mcr with one scripted fan; `script` is the body of `fn bad(hand)`.
fn ruleset(name: &str, script: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("mj-script-faults-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&d).expect("scratch dir");
    let toml = format!(
        r#"[ruleset]
name = "{name}"
extends = "mcr"

[[script]]
file = "bad.rhai"

[[fan]]
id = "bad"
zh = "坏"
en = "Bad"
points = 1
definition = "A fan whose script fails."
script = "bad"
"#
    );
    std::fs::write(d.join("ruleset.toml"), toml).expect("write toml");
    std::fs::write(d.join("bad.rhai"), format!("fn bad(hand) {{\n{script}\n}}\n")).expect("write script");
    d
}

const RUNTIME: &str = "    let n = hand.tiles.len();\n    n.no_such_method()";
const WRONG_TYPE: &str = "    \"seven\"";
const NEGATIVE: &str = "    -2";
const RUNAWAY: &str = "    let n = 0;\n    loop { n += 1; }\n    n";

fn assert_fails_at_script(what: &str, (code, stdout, stderr): (i32, String, String), wants: &str) {
    assert_ne!(code, 0, "{what} succeeded:\n{stdout}");
    assert!(stderr.contains("bad.rhai"), "{what}: no file in: {stderr}");
    assert!(stderr.contains(wants), "{what}: `{wants}` missing from: {stderr}");
    assert!(!stdout.contains("0.0%"), "{what} printed a report: {stdout}");
}

#[test]
fn simulate_stops_at_a_failing_script_with_its_file_and_line() {
    let d = ruleset("runtime", RUNTIME);
    let r = d.to_str().unwrap();
    let out = mj(&["simulate", "--rules", r, "--hands", "20", "--threads", "1"]);
    // The runtime error is on line 3 of bad.rhai (line 1 is `fn bad(hand) {`).
    assert_fails_at_script("simulate", out, "bad.rhai:3:");
}

#[test]
fn compare_play_and_tournament_stop_too() {
    let d = ruleset("wrongtype", WRONG_TYPE);
    let r = d.to_str().unwrap();
    let out = mj(&[
        "simulate",
        "--compare",
        "mcr",
        r,
        "--hands",
        "20",
        "--threads",
        "1",
    ]);
    // A returned value has no position of its own: the message names the function's line.
    assert_fails_at_script("compare", out, "bad.rhai:1 returned string");
    let out = mj(&["play", "--rules", r, "--hands", "4"]);
    assert_fails_at_script("play", out, "returned string");
    let out = mj(&[
        "tournament",
        "simulate",
        "--rules",
        r,
        "--players",
        "4",
        "--rounds",
        "1",
    ]);
    assert_fails_at_script("tournament simulate", out, "returned string");
}

#[test]
fn a_negative_count_is_an_error_not_a_zero() {
    let d = ruleset("negative", NEGATIVE);
    let out = mj(&[
        "simulate",
        "--rules",
        d.to_str().unwrap(),
        "--hands",
        "20",
        "--threads",
        "1",
    ]);
    assert_fails_at_script("simulate", out, "bad.rhai:1 returned -2");
}

#[test]
fn check_probes_every_script_and_reports_each_failure() {
    for (name, body, wants) in [
        ("probe-runtime", RUNTIME, "bad.rhai:3:"),
        ("probe-type", WRONG_TYPE, "returned string"),
        ("probe-negative", NEGATIVE, "returned -2"),
        ("probe-runaway", RUNAWAY, "operations"),
    ] {
        let d = ruleset(name, body);
        let (code, stdout, stderr) = mj(&["check", d.to_str().unwrap()]);
        assert_eq!(code, 1, "{name}: check passed:\n{stdout}{stderr}");
        assert!(stderr.contains(wants), "{name}: `{wants}` missing: {stderr}");
        assert!(stderr.contains("probe hand:"), "{name}: no probe hand: {stderr}");
    }
    // A sound script passes the probe.
    let d = ruleset("probe-sound", "    hand.tiles.len() - hand.tiles.len()");
    let (code, _, stderr) = mj(&["check", d.to_str().unwrap()]);
    assert_eq!(code, 0, "a sound script failed the probe: {stderr}");
}
