//! `mj tournament` under the riichi rulesets: a table's ranking points are the match's final
//! result (riichi.md Decision 14: (points − 30,000) / 1,000, uma +20/+10/−10/−20, the 20 oka to
//! first, ties by seat order), added over the rounds; zero-sum at every table.

use mj_core::game::matchplay::RankPoints;
use mj_core::tournament::Event;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn mj(dir: &Path, args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_mj"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("run mj");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "mj {args:?}: {err}");
    String::from_utf8_lossy(&out.stdout).to_string()
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("mj-tournament-riichi-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn event(d: &Path) -> Event {
    Event::from_file_json(&std::fs::read(d.join("ev.json")).unwrap()).unwrap()
}

/// Every player's ranking points in the standings, by name.
fn points(d: &Path) -> Vec<(String, f64)> {
    let v: Value = serde_json::from_str(&mj(d, &["tournament", "standings", "ev.json", "--json"])).unwrap();
    v["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["name"].as_str().unwrap().to_string(),
                p["ranking_points"].as_f64().unwrap(),
            )
        })
        .collect()
}

/// `mj` with the words of `line` and then `more`.
fn run(d: &Path, line: &str, more: &[&str]) -> String {
    let words: Vec<&str> = line.split_whitespace().chain(more.iter().copied()).collect();
    mj(d, &words)
}

/// A one-round event of `names` under `rules` in `d`, drawn, its only table recorded with
/// `record` (`--scores ...` or `--record FILE`); the standings' ranking points by seat.
fn one_table(d: &Path, rules: &str, names: &[&str], record: &[&str]) -> Vec<f64> {
    std::fs::write(d.join("players.txt"), names.join("\n")).unwrap();
    let new = "tournament new --players players.txt --rounds 1 --out ev.json --rules";
    run(d, new, &[rules]);
    run(d, "tournament draw ev.json --seed 1", &[]);
    run(d, "tournament record ev.json --round 1 --table 1", record);
    let e = event(d);
    let by_name = points(d);
    e.drawn[0].tables[0]
        .players
        .iter()
        .map(|&p| by_name.iter().find(|(n, _)| *n == e.players[p].name).unwrap().1)
        .collect()
}

#[test]
fn a_table_scores_its_final_result_worked_by_hand() {
    let four = ["A", "B", "C", "D"];
    let scores = |rules: &str, names: &[&str], s: &str| {
        let d = scratch(rules);
        let words: Vec<&str> = ["--scores"].into_iter().chain(s.split(' ')).collect();
        one_table(&d, rules, names, &words)
    };
    // Decision 14 (riichi): 25,000 start, 30,000 return, uma +20/+10/-10/-20, oka 20 to first;
    // the two at 30,000 are placed by seat: 0 + 20 + 20, 0 + 10, -5 - 10, -15 - 20.
    let r = scores("riichi", &four, "30000 30000 25000 15000");
    assert_eq!(r, [40.0, 10.0, -15.0, -35.0]);
    // riichi-ema (riichi.md, riichi-ema): 30,000 start, uma +15/+5/-5/-15, no oka.
    let r = scores("riichi-ema", &four, "42000 31000 27000 20000");
    assert_eq!(r, [27.0, 6.0, -8.0, -25.0]);
    // riichi-sanma: 35,000 start, 40,000 return (oka 5 x 3 = 15 to first), uma +15/0/-15.
    let r = scores("riichi-sanma", &four[..3], "50000 35000 20000");
    assert_eq!(r, [40.0, -5.0, -35.0]);
}

#[test]
fn a_recorded_match_scores_the_results_it_printed() {
    let d = scratch("match");
    let played = run(&d, "play --rules riichi --seed 3 --match --json", &[]);
    let line = played.lines().find(|l| l.contains("\"mj-match\"")).unwrap();
    std::fs::write(d.join("m.json"), line).unwrap();
    let m: Value = serde_json::from_str(line).unwrap();
    // Worked by hand from the totals 22,800 20,700 23,500 33,000 (Decision 14): seat 3 first,
    // 3 + 20 + 20 = 43; seat 2 -6.5 + 10 = 3.5; seat 0 -7.2 - 10 = -17.2; seat 1 -9.3 - 20.
    assert_eq!(m["totals"], serde_json::json!([22800, 20700, 23500, 33000]));
    assert_eq!(m["results"], serde_json::json!([-17.2, -29.3, 3.5, 43]));
    let got = one_table(&d, "riichi", &["A", "B", "C", "D"], &["--record", "m.json"]);
    let want: Vec<f64> = (0..4).map(|s| m["results"][s].as_f64().unwrap()).collect();
    assert_eq!(got, want);
}

#[test]
fn simulated_riichi_events_run_and_every_table_is_zero_sum() {
    for (rules, players) in [("riichi", "8"), ("riichi-ema", "8"), ("riichi-sanma", "9")] {
        let d = scratch(&format!("sim-{rules}"));
        let args = [
            "tournament",
            "simulate",
            "--rules",
            rules,
            "--players",
            players,
            "--rounds",
            "2",
        ];
        mj(
            &d,
            &[&args[..], &["--seed", "5", "--winds", "1", "--out", "ev.json"]].concat(),
        );
        let e = event(&d);
        let mut tables = 0;
        for t in e.drawn.iter().flat_map(|r| &r.tables) {
            let (_, rp) = e.table_result(t).expect("recorded");
            let sum = rp.iter().fold(RankPoints::whole(0), |a, &b| a.plus(b));
            assert_eq!(sum, RankPoints::whole(0), "{rules}: {t:?} gives {rp:?}");
            // The points handed out are the start's: every table's totals add up to it.
            let start = e.competition.result.expect("ranked by result").start_points;
            assert_eq!(
                t.scores.as_ref().unwrap().iter().sum::<i64>(),
                start * t.players.len() as i64
            );
            tables += 1;
        }
        assert_eq!(
            tables,
            2 * 2 + usize::from(rules == "riichi-sanma") * 2,
            "{rules}"
        );
        let total: f64 = points(&d).iter().map(|(_, x)| x).sum();
        assert!(total.abs() < 1e-9, "{rules}: standings add to {total}");
    }
}
