//! `mj tournament` end to end: an event file through new, draw, record and standings; the file
//! survives a crash mid-write; a whole simulated event.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn mj(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_mj"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("run mj");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

fn ok(dir: &Path, args: &[&str]) -> String {
    let (code, out, err) = mj(dir, args);
    assert_eq!(code, 0, "mj {args:?}: {err}");
    out
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("mj-tournament-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Eight players in two teams, two rounds recorded by hand.
fn event(d: &Path) {
    std::fs::write(
        d.join("players.txt"),
        "# eight\nAnn\nBob\nCid\nDee\nEve\nFay\nGus\nHal\n",
    )
    .unwrap();
    std::fs::write(
        d.join("teams.txt"),
        "Red: Ann, Bob, Cid, Dee\nBlue: Eve, Fay, Gus, Hal\n",
    )
    .unwrap();
    ok(
        d,
        &[
            "tournament",
            "new",
            "--rules",
            "mcr",
            "--players",
            "players.txt",
            "--teams",
            "teams.txt",
            "--rounds",
            "2",
            "--out",
            "ev.json",
        ],
    );
    for round in ["1", "2"] {
        let drawn = ok(d, &["tournament", "draw", "ev.json", "--seed", "9"]);
        assert!(drawn.contains("table 2:"), "{drawn}");
        for (table, scores) in [("1", "560 520 480 440"), ("2", "530 530 470 470")] {
            ok(
                d,
                &[
                    "tournament",
                    "record",
                    "ev.json",
                    "--round",
                    round,
                    "--table",
                    table,
                    "--scores",
                    scores,
                ],
            );
        }
    }
}

#[test]
fn an_event_from_new_to_standings() {
    let d = scratch("flow");
    event(&d);
    let v: Value = serde_json::from_str(&ok(&d, &["tournament", "standings", "ev.json", "--json"])).unwrap();
    let players = v["players"].as_array().unwrap();
    assert_eq!(players.len(), 8);
    // Every round hands out 4 + 2 + 1 + 0 at table 1 and 3 + 3 + 0.5 + 0.5 at table 2.
    let total: f64 = players
        .iter()
        .map(|p| p["ranking_points"].as_f64().unwrap())
        .sum();
    assert_eq!(total, 28.0);
    let teams = v["teams"].as_array().unwrap();
    let team_total: f64 = teams.iter().map(|t| t["ranking_points"].as_f64().unwrap()).sum();
    assert_eq!(team_total, 28.0);
    assert_eq!(
        v["tie_breaks"],
        serde_json::json!(["score", "best_ranking", "high_count"])
    );
    let csv = ok(&d, &["tournament", "standings", "ev.json", "--csv"]);
    assert_eq!(csv.lines().count(), 9);
    assert!(csv.starts_with("place,name,team,ranking_points,score,best_ranking,high_count"));
    let md = ok(&d, &["tournament", "standings", "ev.json", "--markdown"]);
    assert!(md.contains("| place | team |"), "{md}");
    // The event is over.
    let (code, _, err) = mj(&d, &["tournament", "draw", "ev.json"]);
    assert_eq!(code, 2);
    assert!(err.contains("all 2 rounds"), "{err}");
}

#[test]
fn a_match_record_is_recorded_seat_by_seat() {
    let d = scratch("record");
    std::fs::write(d.join("players.txt"), "A\nB\nC\nD\n").unwrap();
    ok(
        &d,
        &[
            "tournament",
            "new",
            "--rules",
            "mcr",
            "--players",
            "players.txt",
            "--rounds",
            "1",
            "--out",
            "ev.json",
        ],
    );
    ok(&d, &["tournament", "draw", "ev.json", "--seed", "1"]);
    let m = ok(
        &d,
        &["play", "--rules", "mcr", "--seed", "3", "--match", "--json"],
    );
    std::fs::write(d.join("m.json"), &m).unwrap();
    ok(
        &d,
        &[
            "tournament",
            "record",
            "ev.json",
            "--round",
            "1",
            "--table",
            "1",
            "--record",
            "m.json",
        ],
    );
    let totals: Vec<i64> = serde_json::from_str::<Value>(&m).unwrap()["totals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_i64().unwrap())
        .collect();
    let ev: Value = serde_json::from_str(&std::fs::read_to_string(d.join("ev.json")).unwrap()).unwrap();
    assert_eq!(ev["drawn"][0]["tables"][0]["scores"], serde_json::json!(totals));
    // A record of another ruleset is refused.
    let other = ok(
        &d,
        &["play", "--rules", "shiwan", "--seed", "3", "--match", "--json"],
    );
    std::fs::write(d.join("o.json"), other).unwrap();
    let (code, _, err) = mj(
        &d,
        &[
            "tournament",
            "record",
            "ev.json",
            "--round",
            "1",
            "--table",
            "1",
            "--record",
            "o.json",
        ],
    );
    assert_eq!(code, 2);
    assert!(err.contains("played under"), "{err}");
}

#[test]
fn a_truncated_event_file_is_an_error_and_the_backup_is_kept() {
    let d = scratch("truncate");
    event(&d);
    let path = d.join("ev.json");
    let bak = d.join("ev.json.bak");
    let good = std::fs::read(&path).unwrap();
    let backup = std::fs::read(&bak).unwrap();
    assert_ne!(good, backup, "the backup is the state before the last change");
    // A crash halfway through writing.
    std::fs::write(&path, &good[..good.len() / 2]).unwrap();
    for args in [
        &["tournament", "standings", "ev.json"][..],
        &[
            "tournament",
            "record",
            "ev.json",
            "--round",
            "1",
            "--table",
            "1",
            "--scores",
            "1 2 3 4",
        ][..],
        &["tournament", "draw", "ev.json"][..],
    ] {
        let (code, _, err) = mj(&d, args);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains("ev.json is not a valid event file"), "{err}");
        assert!(err.contains("truncated or half-written"), "{err}");
        assert!(err.contains("ev.json.bak"), "{err}");
    }
    assert_eq!(std::fs::read(&bak).unwrap(), backup, "the backup is untouched");
    assert_eq!(
        std::fs::read(&path).unwrap().len(),
        good.len() / 2,
        "the broken file is left as it was"
    );
    // Restoring the backup gives a working event again, one table short of the last state.
    std::fs::copy(&bak, &path).unwrap();
    let s = ok(&d, &["tournament", "standings", "ev.json", "--json"]);
    assert!(s.contains("\"rounds_drawn\":2"), "{s}");
    // No temporary file is left behind.
    let stray: Vec<_> = std::fs::read_dir(&d)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().contains(".tmp"))
        .collect();
    assert!(stray.is_empty());
    // Not an event at all.
    std::fs::write(&path, "{\"format\":\"mj-match\"}").unwrap();
    let (_, _, err) = mj(&d, &["tournament", "standings", "ev.json"]);
    assert!(err.contains("not an mj-event document"), "{err}");
}

#[test]
fn new_refuses_to_overwrite_and_checks_its_input() {
    let d = scratch("new");
    std::fs::write(d.join("players.txt"), "A\nB\nC\nD\n").unwrap();
    std::fs::write(d.join("ev.json"), "keep me").unwrap();
    let (code, _, err) = mj(
        &d,
        &[
            "tournament",
            "new",
            "--rules",
            "mcr",
            "--players",
            "players.txt",
            "--rounds",
            "1",
            "--out",
            "ev.json",
        ],
    );
    assert_eq!(code, 2);
    assert!(err.contains("exists"), "{err}");
    assert_eq!(std::fs::read_to_string(d.join("ev.json")).unwrap(), "keep me");
    std::fs::write(d.join("teams.txt"), "Red: A, Zed\n").unwrap();
    let (_, _, err) = mj(
        &d,
        &[
            "tournament",
            "new",
            "--rules",
            "mcr",
            "--players",
            "players.txt",
            "--teams",
            "teams.txt",
            "--rounds",
            "1",
            "--out",
            "x.json",
        ],
    );
    assert!(err.contains("not a player"), "{err}");
    let (_, _, err) = mj(
        &d,
        &[
            "tournament",
            "new",
            "--rules",
            "mcr-strict98",
            "--players",
            "players.txt",
            "--rounds",
            "1",
            "--out",
            "x.json",
            "--reserve",
            "2",
        ],
    );
    assert!(err.contains("no advancement"), "{err}");
}

#[test]
fn a_simulated_event_ranks_every_player() {
    let d = scratch("simulate");
    let out = ok(
        &d,
        &[
            "tournament",
            "simulate",
            "--rules",
            "mcr",
            "--players",
            "9",
            "--rounds",
            "2",
            "--seed",
            "4",
            "--winds",
            "1",
            "--json",
            "--out",
            "sim.json",
        ],
    );
    let v: Value = serde_json::from_str(&out).unwrap();
    let players = v["players"].as_array().unwrap();
    assert_eq!(players.len(), 9);
    // 9 players: two tables and a bye each round.
    let byes: u64 = players.iter().map(|p| p["byes"].as_u64().unwrap()).sum();
    assert_eq!(byes, 2);
    // The written event gives the same standings.
    let again = ok(&d, &["tournament", "standings", "sim.json", "--json"]);
    assert_eq!(
        serde_json::from_str::<Value>(&again).unwrap()["players"],
        v["players"]
    );
    // Same seed, same event.
    let twice = ok(
        &d,
        &[
            "tournament",
            "simulate",
            "--rules",
            "mcr",
            "--players",
            "9",
            "--rounds",
            "2",
            "--seed",
            "4",
            "--winds",
            "1",
            "--json",
        ],
    );
    assert_eq!(out, twice);
}

#[test]
fn jingji_events_name_who_advances() {
    let d = scratch("jingji");
    let out = ok(
        &d,
        &[
            "tournament",
            "simulate",
            "--rules",
            "jingji",
            "--players",
            "8",
            "--rounds",
            "1",
            "--seed",
            "2",
            "--winds",
            "1",
        ],
    );
    assert!(out.contains("advancing from round 1"), "{out}");
    // One per table, or more when first place is shared (并列名次).
    assert!(out.matches("(place)").count() >= 2, "{out}");
}

/// 中国竞技麻将: a round is four 局 with seat changes between them; `record` takes the four match
/// documents in order and adds every player's totals wherever they sat.
#[test]
fn jingji_rounds_add_four_ju_across_seat_changes() {
    let d = scratch("sessions");
    std::fs::write(d.join("players.txt"), "A\nB\nC\nD\n").unwrap();
    ok(
        &d,
        &[
            "tournament",
            "new",
            "--rules",
            "jingji",
            "--players",
            "players.txt",
            "--rounds",
            "1",
            "--out",
            "ev.json",
        ],
    );
    ok(&d, &["tournament", "draw", "ev.json"]);
    let mut files = Vec::new();
    let mut totals = Vec::new();
    for k in 0..4 {
        let m = ok(
            &d,
            &[
                "play",
                "--rules",
                "jingji",
                "--seed",
                &(20 + k).to_string(),
                "--match",
                "--json",
            ],
        );
        let t: Vec<i64> = serde_json::from_str::<Value>(&m).unwrap()["totals"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_i64().unwrap())
            .collect();
        totals.push(t);
        let f = format!("ju{k}.json");
        std::fs::write(d.join(&f), m).unwrap();
        files.push(f);
    }
    let (code, _, err) = mj(
        &d,
        &[
            "tournament",
            "record",
            "ev.json",
            "--round",
            "1",
            "--table",
            "1",
            "--record",
            "ju0.json",
        ],
    );
    assert_eq!(code, 2);
    assert!(err.contains("4 session(s)"), "{err}");
    let mut args = vec!["tournament", "record", "ev.json", "--round", "1", "--table", "1"];
    for f in &files {
        args.extend(["--record", f.as_str()]);
    }
    ok(&d, &args);
    // The seat of the table's i-th player in each 局 (rulesets/jingji session_seat_changes).
    let seat = [[0, 1, 2, 3], [1, 0, 3, 2], [3, 2, 1, 0], [2, 3, 0, 1]];
    let expected: Vec<i64> = (0..4)
        .map(|i| (0..4).map(|k| totals[k][seat[k][i]]).sum())
        .collect();
    let ev: Value = serde_json::from_str(&std::fs::read_to_string(d.join("ev.json")).unwrap()).unwrap();
    assert_eq!(ev["drawn"][0]["tables"][0]["scores"], serde_json::json!(expected));
    assert_eq!(
        expected.iter().sum::<i64>(),
        1600,
        "four players, four 局 of 100 each, zero-sum"
    );
}

/// A table already recorded is not overwritten by a second `record` (a mistyped table number
/// would silently erase another table's result); `--replace` records it again and keeps the old
/// result in the event's history. Negative scores are written unquoted, as `--scores -50 0 0 50`.
#[test]
fn record_refuses_to_overwrite_without_replace_and_keeps_history() {
    let d = scratch("replace");
    event(&d);
    let again = [
        "tournament",
        "record",
        "ev.json",
        "--round",
        "2",
        "--table",
        "1",
        "--scores",
    ];
    let before = std::fs::read_to_string(d.join("ev.json")).unwrap();
    let (code, _, err) = mj(&d, &[&again[..], &["-50", "0", "0", "50"]].concat());
    assert_ne!(code, 0, "overwrote a recorded table");
    assert!(
        err.contains("already recorded") && err.contains("--replace"),
        "{err}"
    );
    assert_eq!(
        std::fs::read_to_string(d.join("ev.json")).unwrap(),
        before,
        "the event changed"
    );
    let out = ok(&d, &[&again[..], &["-50", "0", "0", "50", "--replace"]].concat());
    assert!(out.contains("recorded again"), "{out}");
    let v: Value = serde_json::from_str(&std::fs::read_to_string(d.join("ev.json")).unwrap()).unwrap();
    assert_eq!(
        v["drawn"][1]["tables"][0]["scores"],
        serde_json::json!([-50, 0, 0, 50])
    );
    assert_eq!(
        v["history"],
        serde_json::json!([{ "round": 2, "table": 1, "scores": [560, 520, 480, 440], "replaced_by": [-50, 0, 0, 50] }])
    );
    // Several values after --scores, then another option.
    ok(
        &d,
        &[
            "tournament",
            "record",
            "ev.json",
            "--round",
            "2",
            "--table",
            "2",
            "--scores",
            "10",
            "-20",
            "30",
            "-20",
            "--replace",
        ],
    );
    let v: Value = serde_json::from_str(&std::fs::read_to_string(d.join("ev.json")).unwrap()).unwrap();
    assert_eq!(
        v["drawn"][1]["tables"][1]["scores"],
        serde_json::json!([10, -20, 30, -20])
    );
}

/// A jingji event of four players A–D, one round drawn and recorded with the 局分 `scores`.
fn jingji_table(d: &Path, scores: &str) -> Vec<String> {
    std::fs::write(d.join("players.txt"), "A\nB\nC\nD\n").unwrap();
    let new = [
        "tournament",
        "new",
        "--rules",
        "jingji",
        "--players",
        "players.txt",
    ];
    ok(d, &[&new[..], &["--rounds", "1", "--out", "ev.json"]].concat());
    let drawn = ok(d, &["tournament", "draw", "ev.json", "--seed", "1"]);
    let seats: Vec<String> = drawn
        .lines()
        .find_map(|l| l.strip_prefix("table 1: "))
        .expect("table 1")
        .split(", ")
        .map(String::from)
        .collect();
    let rec = ["tournament", "record", "ev.json", "--round", "1", "--table", "1"];
    ok(d, &[&rec[..], &["--scores", scores]].concat());
    seats
}

fn table_scores(d: &Path) -> (Vec<i64>, Value) {
    let ev: Value = serde_json::from_str(&std::fs::read_to_string(d.join("ev.json")).unwrap()).unwrap();
    let t = ev["drawn"][0]["tables"][0].clone();
    let s = t["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_i64().unwrap())
        .collect();
    (s, t)
}

#[test]
fn a_named_penalty_is_applied_to_a_player_and_kept_in_the_event_file() {
    // Seed 003 (jingji.md §9): "罚分限定为10分一个单位，限于50分以内", given to the disadvantaged
    // player ("明显亏损方") or dead points.
    let d = scratch("penalty");
    let seats = jingji_table(&d, "400 410 390 400");
    let rec = ["tournament", "record", "ev.json", "--round", "1", "--table", "1"];
    // The second seat (410, first) is fined 20 to the third seat: 390 + 20 = 410 ties it.
    let given = [
        &rec[..],
        &[
            "--penalty",
            "fa_fen",
            "--player",
            &seats[1],
            "--amount",
            "20",
            "--to",
            &seats[2],
        ],
    ]
    .concat();
    let out = ok(&d, &given);
    assert!(
        out.contains(&format!("{} -20", seats[1])) && out.contains(&format!("{} +20", seats[2])),
        "{out}"
    );
    let (scores, t) = table_scores(&d);
    assert_eq!(
        scores,
        vec![400, 410, 390, 400],
        "the recorded scores stay as played"
    );
    assert_eq!(t["penalties"][0]["id"], "fa_fen");
    assert_eq!(t["penalties"][0]["deltas"], serde_json::json!([0, -20, 20, 0]));
    // The standings see the scores after the penalty: 400 390 410 400, so the third seat leads.
    let v: Value = serde_json::from_str(&ok(&d, &["tournament", "standings", "ev.json", "--json"])).unwrap();
    let first = v["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["place"] == 1)
        .unwrap()
        .clone();
    assert_eq!(first["name"], seats[2].as_str());
    assert_eq!(first["score"], 410);
    // Dead points: nobody receives them.
    ok(
        &d,
        &[
            &rec[..],
            &["--penalty", "fa_fen", "--player", &seats[0], "--amount", "10"],
        ]
        .concat(),
    );
    assert_eq!(
        table_scores(&d).1["penalties"][1]["deltas"],
        serde_json::json!([-10, 0, 0, 0])
    );
    // Not on the scale, unknown, or fixed amounts are refused with the reason.
    for (args, says) in [
        (
            vec!["--penalty", "fa_fen", "--player", &seats[0], "--amount", "60"],
            "one of 10, 20, 30, 40, 50",
        ),
        (
            vec!["--penalty", "fa_fen", "--player", &seats[0]],
            "give --amount",
        ),
        (
            vec!["--penalty", "nope", "--player", &seats[0]],
            "has no penalty `nope`",
        ),
        (
            vec![
                "--penalty",
                "win_off_zero",
                "--player",
                &seats[0],
                "--amount",
                "10",
            ],
            "fixed at 10",
        ),
        (
            vec!["--penalty", "fa_fen", "--player", "Zed", "--amount", "10"],
            "Zed does not sit",
        ),
    ] {
        let (code, _, err) = mj(&d, &[&rec[..], &args[..]].concat());
        assert_ne!(code, 0, "{args:?}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
    // A fixed penalty to each other player (对无分者和牌: "向三家各赔付10分").
    ok(
        &d,
        &[&rec[..], &["--penalty", "win_off_zero", "--player", &seats[3]]].concat(),
    );
    assert_eq!(
        table_scores(&d).1["penalties"][2]["deltas"],
        serde_json::json!([10, 10, 10, -30])
    );
}
