//! `mj import botzone`: Botzone game logs replayed under `mcr-botzone`.
//!
//! `botzone/golden.txt` holds five games written in the dataset's exact layout:
//!
//! 1. a discard win that beat two simultaneous claims (`Ignore Player 0 Peng`, `Ignore Player 3 Chi`);
//! 2. all three kongs (East's concealed F1, South's exposed J1, West's pong of F2 made an added
//!    kong) and West's self-drawn win on the added kong's replacement (杠上开花), its `Hu` tile
//!    repeating the last discard as the dataset does;
//! 3. a robbed added kong (抢杠和), after a pong that beat a chow (`Ignore Player 1 CHI`);
//! 4. a drawn game with every wall empty (Huang), and
//! 5. a drawn game where East, due to draw, has an empty wall while South and West still hold a
//!    tile each (West's pong made them skip a draw).
//!
//! Games 1–3 were written by hand; their fan totals were derived by hand from the 1998 fan table
//! and agree with `mj score --rules mcr-mil`. Games 4–5 are walls shuffled by a throwaway script
//! (seeds 2023 and 77, West dealt two J1 and East's first draw a J1 for the pong) where every
//! seat discards the tile it draws; a drawn game scores 0.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn mj(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mj"))
        .args(args)
        .output()
        .expect("mj runs")
}

fn lines(o: &Output) -> Vec<Value> {
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

fn golden() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/botzone/golden.txt")
}

fn temp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("mj-botzone-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

fn scores(v: &Value, key: &str) -> Vec<i64> {
    v[key]
        .as_array()
        .expect("a list")
        .iter()
        .map(|x| x.as_i64().expect("a number"))
        .collect()
}

fn fans(v: &Value) -> Vec<String> {
    v["fans"]
        .as_array()
        .expect("fans")
        .iter()
        .map(|x| x.as_str().expect("text").to_string())
        .collect()
}

#[test]
fn the_golden_games_replay_to_their_hand_computed_scores() {
    let dir = temp("golden");
    let path = golden();
    let o = mj(&[
        "import",
        "botzone",
        path.to_str().expect("path"),
        "--out",
        dir.to_str().expect("dir"),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = lines(&o);
    assert_eq!(out.len(), 5);
    for v in &out {
        assert_eq!(v["ok"], true, "{v}");
        assert!(v["divergence"].is_null(), "{v}");
        assert_eq!(scores(v, "scores"), scores(v, "recorded"), "{v}");
    }
    // Discard win, F = 清龙 16 + 门前清 2 + 平和 2 + 单钓将 1 = 21 (平和 excludes 无字).
    // Botzone: the winner 8 × 3 + F = 45, the discarder −(8 + F) = −29, the others −8.
    assert_eq!(out[0]["match"], "golden-discard-win-ignored-claims");
    assert_eq!(scores(&out[0], "scores"), vec![-8, 45, -29, -8]);
    assert_eq!(fans(&out[0]), ["清龙 16", "门前清 2", "平和 2", "单钓将 1"]);
    // Self-drawn on a kong's replacement, F = 清龙 16 + 杠上开花 8 (excludes 自摸) + 幺九刻 1 (F2,
    // neither seat nor prevalent wind) + 明杠 1 (the added kong) + 缺一门 1 + 单钓将 1 = 28.
    // Botzone: the winner 3 × (8 + F) = 108, everyone else −(8 + F) = −36.
    assert_eq!(scores(&out[1], "scores"), vec![-36, -36, 108, -36]);
    assert_eq!(
        fans(&out[1]),
        [
            "清龙 16",
            "杠上开花 8",
            "幺九刻 1",
            "明杠 1",
            "缺一门 1",
            "单钓将 1"
        ]
    );
    // Robbing North's added kong, F = 清龙 16 + 抢杠和 8 (excludes 和绝张) + 门前清 2 + 平和 2 +
    // 坎张 1 = 29, paid as a discard win by the konger: 24 + 29 = 53, −37, −8, −8.
    assert_eq!(scores(&out[2], "scores"), vec![-8, 53, -8, -37]);
    assert_eq!(
        fans(&out[2]),
        ["清龙 16", "抢杠和 8", "门前清 2", "平和 2", "坎张 1"]
    );
    // Drawn games score 0.
    for v in &out[3..] {
        assert_eq!(scores(v, "scores"), vec![0, 0, 0, 0]);
        assert!(fans(v).is_empty());
    }

    // Our records replay with `mj replay` and hold what the logs said.
    let mut all = String::new();
    for v in &out {
        let file = dir.join(format!("{}.json", v["match"].as_str().expect("id")));
        let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let r = mj(&["replay", file.to_str().expect("file")]);
        assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stdout));
        all.push_str(&text);
    }
    let recs: Vec<Value> = all
        .lines()
        .map(|l| serde_json::from_str(l).expect("json"))
        .collect();
    let events = |i: usize| recs[i]["events"].as_array().expect("events").clone();
    let kinds: Vec<String> = events(1)
        .iter()
        .filter(|e| e["type"] == "kong")
        .map(|e| e["kind"].as_str().expect("kind").to_string())
        .collect();
    assert_eq!(kinds, ["concealed", "exposed", "added"]);
    assert!(events(1)
        .iter()
        .any(|e| e["type"] == "win" && e["self_drawn"] == true && e["tile"] == "5s"));
    assert!(events(2)
        .iter()
        .any(|e| e["type"] == "win" && e["robbed_kong"] == true && e["from"] == 3));
    assert!(events(0)
        .iter()
        .any(|e| e["type"] == "win" && e["seat"] == 1 && e["from"] == 2));
    for i in [3, 4] {
        assert_eq!(events(i).last().expect("events")["type"], "exhaustive_draw");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Writes `text` to a file of its own and imports it.
fn import_text(name: &str, text: &str) -> Output {
    let dir = temp(name);
    let file = dir.join("log.txt");
    std::fs::write(&file, text).expect("write");
    mj(&["import", "botzone", file.to_str().expect("file")])
}

/// The golden file's first game, with `from` replaced by `to`.
fn first_game_with(from: &str, to: &str) -> String {
    let text = std::fs::read_to_string(golden()).expect("golden");
    let first: String = text.split("\n\n").next().expect("a game").to_string() + "\n";
    assert!(first.contains(from), "{from}");
    first.replacen(from, to, 1)
}

#[test]
fn a_wrong_score_is_a_divergence_naming_its_line() {
    let o = import_text(
        "score",
        &first_game_with("Score -8 45 -29 -8", "Score -8 46 -30 -8"),
    );
    assert_eq!(o.status.code(), Some(1));
    let v = &lines(&o)[0];
    assert_eq!(v["ok"], false);
    let d = v["divergence"].as_str().expect("a message");
    assert!(d.starts_with("line 15: scores"), "{d}");
    assert_eq!(scores(v, "scores"), vec![-8, 45, -29, -8]);
}

#[test]
fn a_wrong_fan_total_is_a_divergence() {
    let o = import_text("fan", &first_game_with("Fan 21", "Fan 22"));
    assert_eq!(o.status.code(), Some(1));
    let d = lines(&o)[0]["divergence"]
        .as_str()
        .expect("a message")
        .to_string();
    assert!(
        d.starts_with("line 14: fan total: the log has 22, ours is 21"),
        "{d}"
    );
}

#[test]
fn an_illegal_action_is_a_divergence_naming_its_line() {
    // West cannot pong South's J1: it holds none.
    let o = import_text(
        "illegal",
        &first_game_with("Player 1 Play J1\n", "Player 1 Play J1\nPlayer 2 Peng J1\n"),
    );
    assert_eq!(o.status.code(), Some(1));
    let d = lines(&o)[0]["divergence"]
        .as_str()
        .expect("a message")
        .to_string();
    assert!(d.starts_with("line 11: player 2 cannot pong"), "{d}");
    // A draw the walls cannot give: East's first draw must be its 14th tile; a tile played that
    // is not in the hand.
    let o = import_text(
        "not-held",
        &first_game_with("Player 0 Play J3", "Player 0 Play W9"),
    );
    let d = lines(&o)[0]["divergence"]
        .as_str()
        .expect("a message")
        .to_string();
    assert!(d.starts_with("line 8: seat 0 may not discard 9m"), "{d}");
    // A win that is not one (under 8 fan, or not complete) is illegal too.
    let o = import_text(
        "false-win",
        &first_game_with("Player 1 Hu B3 Ignore", "Player 0 Hu B3 Ignore"),
    );
    let d = lines(&o)[0]["divergence"]
        .as_str()
        .expect("a message")
        .to_string();
    assert!(
        d.starts_with("line 13: seat 0 may not win now; legal: pong, pass"),
        "{d}"
    );
}

#[test]
fn malformed_logs_are_errors_with_their_line() {
    let cases = [
        (first_game_with("Wind 0", "Wind 4"), ":2: `Wind 4`"),
        (
            first_game_with("Player 0 Draw T1", "Player 0 Draw X1"),
            ":7: `X1` is not a Botzone tile",
        ),
        (
            first_game_with("Player 0 Draw T1", "Player 0 Discard T1"),
            ":7: unknown action `Discard`",
        ),
        (
            first_game_with("Player 0 Play J3", "Player 0 Play J3 Ignore Player 1 Chi W2"),
            ":8: `Ignore` follows only",
        ),
        (
            first_game_with("Player 2 Deal B3 ", "Player 2 Deal "),
            ":5: a deal is 13 tiles, found 12",
        ),
        (
            first_game_with("Score -8 45 -29 -8", "Score -8 45 -29"),
            ":15: `Score` needs four whole numbers",
        ),
        (
            first_game_with("Score -8 45 -29 -8\n", ""),
            ":14: game golden-discard-win-ignored-claims ends without a `Score` line",
        ),
        (
            first_game_with("Fan 21 清龙*1+门前清*1+平和*1+单钓将*1\n", ""),
            ":14: a win's `Score` needs a `Fan` line",
        ),
        ("Wind 0\n".to_string(), ":1: expected `Match <id>`"),
    ];
    let good = first_game_with("Wind 0", "Wind 0");
    for (i, (text, want)) in cases.iter().enumerate() {
        let o = import_text(&format!("bad{i}"), text);
        assert_eq!(o.status.code(), Some(1), "case {i}");
        assert!(o.stdout.is_empty(), "case {i}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(want), "case {i}: {err}");
        assert!(err.contains("1 malformed"), "case {i}: {err}");
        // A malformed game does not stop the import: the good game after it is replayed, and
        // the exit is still 1 at the end.
        let o = import_text(&format!("bad{i}-then-good"), &format!("{text}\n{good}"));
        assert_eq!(o.status.code(), Some(1), "case {i} then a good game");
        let out = lines(&o);
        assert_eq!(out.len(), 1, "case {i}: the good game is reported: {out:?}");
        assert_eq!(out[0]["ok"], Value::Bool(true), "case {i}: {}", out[0]);
        let err = String::from_utf8_lossy(&o.stderr);
        // (A game cut short is noticed at the next game's `Match` line, so only the message.)
        let what = want.splitn(3, ':').nth(2).unwrap_or(want);
        assert!(
            err.contains(what) && err.contains("1 game(s), 1 replay"),
            "case {i}: {err}"
        );
    }
    let o = import_text("empty", "\n\n");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("holds no game"));
}

#[test]
fn played_games_export_and_import_to_the_same_scores() {
    let dir = temp("roundtrip");
    let play = mj(&[
        "play",
        "--rules",
        "mcr-botzone",
        "--seed",
        "11",
        "--hands",
        "40",
        "--json",
    ]);
    assert!(play.status.success());
    let records = dir.join("records.jsonl");
    std::fs::write(&records, &play.stdout).expect("write");
    let export = mj(&["export", "botzone", records.to_str().expect("file")]);
    assert!(
        export.status.success(),
        "{}",
        String::from_utf8_lossy(&export.stderr)
    );
    let log = dir.join("log.txt");
    std::fs::write(&log, &export.stdout).expect("write");
    let o = mj(&["import", "botzone", log.to_str().expect("file")]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stdout));
    let out = lines(&o);
    assert_eq!(out.len(), 40);
    // Botzone's player k is our seat dealer + k.
    for (i, (v, rec)) in out
        .iter()
        .zip(String::from_utf8_lossy(&play.stdout).lines())
        .enumerate()
    {
        let rec: Value = serde_json::from_str(rec).expect("record");
        let dealer = rec["dealer"].as_u64().expect("dealer") as usize;
        let mut net = [0i64; 4];
        for e in rec["events"].as_array().expect("events") {
            if e["type"] == "payment" {
                net[(e["seat"].as_u64().expect("seat") as usize + 4 - dealer) % 4] +=
                    e["amount"].as_i64().expect("amount");
            }
        }
        assert_eq!(v["ok"], true, "game {i}: {v}");
        assert_eq!(scores(v, "scores"), net.to_vec(), "game {i}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
