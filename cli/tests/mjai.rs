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

fn mjai_match(bots: &[String], extra: &[&str]) -> Output {
    let mut args = vec!["match", "--protocol", "mjai", "--rules", "riichi"];
    for b in bots {
        args.extend(["--bot", b.as_str()]);
    }
    args.extend(extra);
    mj(&args)
}

fn greedy_mjai() -> String {
    format!("{} bot --protocol mjai", env!("CARGO_BIN_EXE_mj"))
}

#[test]
fn mj_match_over_mjai_plays_the_match_mj_play_plays_and_writes_records_that_replay() {
    let dir = temp("judged");
    let bots = vec![greedy_mjai(); 4];
    let o = mjai_match(
        &bots,
        &["--seed", "3", "--json", "--out", dir.to_str().expect("a path")],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let lines: Vec<Value> = String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(lines.len(), 2, "one line per match and the standings: {lines:?}");
    assert_eq!(lines[0]["result"], "complete", "{}", lines[0]);
    assert_eq!(lines[1]["forfeits"], serde_json::json!([0, 0, 0, 0]));
    let file = lines[0]["record"].as_str().expect("a record file");
    let replayed = mj(&["replay", file]);
    assert!(
        replayed.status.success(),
        "{}",
        String::from_utf8_lossy(&replayed.stdout)
    );
    let judged: Value = serde_json::from_str(&std::fs::read_to_string(file).expect("read")).expect("JSON");
    let played = mj(&["play", "-r", "riichi", "--seed", "3", "--match", "--json"]);
    let played: Value = serde_json::from_slice(&played.stdout).expect("an mj-match document");
    assert_eq!(judged["totals"], played["totals"]);
    assert_eq!(judged["totals"], lines[0]["totals"]);
    let (a, b) = (
        judged["hands"].as_array().expect("hands"),
        played["hands"].as_array().expect("hands"),
    );
    assert!(a.len() >= 4, "a whole match");
    assert_eq!(a.len(), b.len());
    let mut from_hand = 0;
    for (k, (x, y)) in a.iter().zip(b).enumerate() {
        // The judge's record keeps the discards each bot said came from the hand (`dahai` with
        // `tsumogiri: false`), which the engine cannot know; otherwise the events are the same.
        let mut x = x["events"].clone();
        for e in x.as_array_mut().expect("events") {
            if e.as_object_mut().and_then(|o| o.remove("from_hand")).is_some() {
                from_hand += 1;
            }
        }
        assert_eq!(x, y["events"], "hand {}", k + 1);
    }
    assert!(from_hand > 0, "the greedy bots discard from the hand");
}

#[test]
fn with_mjai_arrays_the_same_match_is_played() {
    let bots = vec![greedy_mjai(); 4];
    let totals = |extra: &[&str]| -> Value {
        let mut args = vec!["--seed", "4", "--json"];
        args.extend(extra);
        let o = mjai_match(&bots, &args);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let first = String::from_utf8_lossy(&o.stdout)
            .lines()
            .next()
            .map(str::to_string);
        let v: Value = serde_json::from_str(&first.expect("a line")).expect("JSON");
        assert_eq!(v["result"], "complete", "{v}");
        v["totals"].clone()
    };
    assert_eq!(totals(&["--mjai-arrays"]), totals(&[]));
}

/// A match where seat 1 is `script` (a shell command) and the others are greedy mjai bots.
fn faulty_seat_1(script: &str, timeout_ms: &str) -> Value {
    // One folder per script: the records of one case do not overwrite another's.
    let n = std::hash::BuildHasher::hash_one(
        &std::hash::BuildHasherDefault::<std::collections::hash_map::DefaultHasher>::default(),
        script,
    );
    let dir = temp(&format!("fault-{n:x}"));
    let mut bots = vec![greedy_mjai(); 4];
    bots[1] = script.to_string();
    let o = mjai_match(
        &bots,
        &[
            "--json",
            "--timeout-ms",
            timeout_ms,
            "--out",
            dir.to_str().expect("a path"),
        ],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8_lossy(&o.stdout).to_string();
    let first: Value = serde_json::from_str(text.lines().next().expect("a line")).expect("JSON");
    let file = first["record"].as_str().expect("a record file");
    let replayed = mj(&["replay", file]);
    assert!(replayed.status.success(), "the forfeited match replays");
    first
}

#[test]
fn a_bot_that_answers_garbage_sleeps_or_exits_forfeits() {
    // Garbage: not JSON, at the very first line (start_game).
    let g = faulty_seat_1("while read l; do echo garbage; done", "2000");
    assert_eq!(
        (g["result"].as_str(), g["offender"].as_u64()),
        (Some("forfeit"), Some(1)),
        "{g}"
    );
    assert!(
        g["reason"].as_str().unwrap_or_default().contains("not JSON"),
        "{g}"
    );
    assert_eq!(g["hands"], 1, "the match ends with the forfeited hand");
    // Riichi defines no penalty: the forfeited hand ends unpaid.
    assert_eq!(
        g["totals"],
        serde_json::json!([25000, 25000, 25000, 25000]),
        "{g}"
    );
    // Late: a first answer has twice the time (400 ms here).
    let g = faulty_seat_1(
        "while read l; do sleep 3; echo '{\"type\":\"none\"}'; done",
        "200",
    );
    assert_eq!(g["offender"], 1, "{g}");
    assert!(
        g["reason"].as_str().unwrap_or_default().contains("within 400 ms"),
        "{g}"
    );
    // Crashed: the program ends without answering.
    let g = faulty_seat_1("true", "2000");
    assert_eq!(g["offender"], 1, "{g}");
    assert!(g["reason"].as_str().unwrap_or_default().contains("exited"), "{g}");
    // An mjai action where only none is allowed: a bot that always discards 1m.
    let g = faulty_seat_1(
        "while read l; do echo '{\"type\":\"dahai\",\"actor\":1,\"pai\":\"1m\",\"tsumogiri\":false}'; done",
        "2000",
    );
    assert_eq!(g["offender"], 1, "{g}");
    assert!(
        g["reason"].as_str().unwrap_or_default().contains("only none"),
        "{g}"
    );
    // An action the engine refuses: a false self-drawn win on its first draw, `none` elsewhere.
    let g = faulty_seat_1(
        r#"while read l; do case "$l" in '{"type":"tsumo","actor":1,'*) echo '{"type":"hora","actor":1,"target":1}';; *) echo '{"type":"none"}';; esac; done"#,
        "2000",
    );
    assert_eq!(g["offender"], 1, "{g}");
    assert!(
        g["reason"].as_str().unwrap_or_default().contains("illegal"),
        "{g}"
    );
}
