//! `mj export mjai` from the command line: a whole match played by `mj play --match --json`
//! becomes one mjai game; a file that is no record is an error naming it.

use serde_json::Value;
use std::io::Write;
use std::process::{Command, Output, Stdio};

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

#[test]
fn mj_bot_speaks_mjai_one_answer_per_line() {
    let played = mj(&["play", "-r", "riichi", "--seed", "3", "--json"]);
    assert!(played.status.success());
    let file = temp("hand.json");
    std::fs::write(&file, &played.stdout).expect("written");
    let o = mj(&["export", "mjai", file.to_str().expect("a path")]);
    let log: Vec<Value> = String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    // Seat 0 deals: its first draw is the third event, and its answer there is a discard.
    let mut input: Vec<String> = log.iter().take(3).map(|v| v.to_string()).collect();
    input[0] = r#"{"type":"start_game","id":0}"#.to_string();
    input.push("[]".to_string());
    let mut child = Command::new(env!("CARGO_BIN_EXE_mj"))
        .args(["bot", "--protocol", "mjai"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("mj bot starts");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin
        .write_all((input.join("\n") + "\n").as_bytes())
        .expect("written");
    drop(stdin);
    let out = child.wait_with_output().expect("mj bot ends");
    assert!(out.status.success());
    let answers: Vec<Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(answers.len(), 4, "{answers:?}");
    assert_eq!(answers[0]["type"], "none");
    assert_eq!(answers[2]["type"], "dahai", "{answers:?}");
    assert_eq!(answers[2]["actor"], 0);
    assert_eq!(answers[3]["type"], "none");
}
