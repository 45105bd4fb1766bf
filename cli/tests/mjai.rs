//! `mj export mjai` from the command line: a whole match played by `mj play --match --json`
//! becomes one mjai game; a file that is no record is an error naming it.

use serde_json::Value;
use std::process::{Command, Output};

fn mj(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mj"))
        .args(args)
        .output()
        .expect("mj runs")
}

fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("mj-mjai-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp dir");
    dir.join(name)
}

#[test]
fn a_played_riichi_match_exports_as_one_mjai_game() {
    let played = mj(&["play", "-r", "riichi", "--seed", "7", "--match", "--json"]);
    assert!(
        played.status.success(),
        "{}",
        String::from_utf8_lossy(&played.stderr)
    );
    let file = temp("match.json");
    std::fs::write(&file, &played.stdout).expect("written");
    let o = mj(&["export", "mjai", file.to_str().expect("a path")]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let lines: Vec<Value> = String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("every line is JSON"))
        .collect();
    let types: Vec<&str> = lines
        .iter()
        .map(|v| v["type"].as_str().expect("a type"))
        .collect();
    assert_eq!(types.first(), Some(&"start_game"));
    assert_eq!(types.last(), Some(&"end_game"));
    let doc: Value = serde_json::from_slice(&played.stdout).expect("an mj-match document");
    let hands = doc["hands"].as_array().map_or(0, |h| h.len());
    assert!(hands >= 4, "a match of several hands");
    assert_eq!(types.iter().filter(|t| **t == "start_kyoku").count(), hands);
    assert_eq!(types.iter().filter(|t| **t == "end_kyoku").count(), hands);
    // The points are conserved with the deposits: what is not in a seat is on the table.
    let end: Vec<i64> =
        serde_json::from_value(lines.last().expect("a line")["scores"].clone()).expect("scores");
    let total: i64 = end.iter().sum();
    assert!(total <= 100_000 && (100_000 - total) % 1000 == 0, "{end:?}");
}

#[test]
fn a_file_without_records_is_an_error_naming_it() {
    let file = temp("garbage.json");
    std::fs::write(&file, "not a record\n").expect("written");
    let o = mj(&["export", "mjai", file.to_str().expect("a path")]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("garbage.json"), "{err}");
}
