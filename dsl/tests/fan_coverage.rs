//! Every fan of every built-in ruleset is awarded in play: seeded hands are played by a mix of
//! greedy and random bots, every win is scored again from its recorded hand by `mj score`'s path
//! (which must give the same total, so play fills every context word a fan needs), and each fan
//! must occur at least once, or be listed below with the reason it does not in this run.
//!
//! The run's size is `MJ_FAN_COVERAGE_HANDS` hands per ruleset (default [`SHORT`], sized for a
//! debug CI run). Fans in [`LONG_ONLY`] occur only in the long run ([`LONG`] hands or more),
//! which then requires them too:
//!
//! ```sh
//! MJ_FAN_COVERAGE_HANDS=100000 nice cargo test --release -p mj-dsl --test fan_coverage -- --nocapture
//! ```
//!
//! The same file plays seeded 中国竞技麻将 matches (`MJ_JINGJI_MATCHES`, default 12) and checks
//! that every 夹绝张 win had the other three copies shown as another player's pung.

use std::collections::BTreeMap;

use mj_core::game::record::RecordEvent;
use mj_core::game::{play_hand, play_match, GreedyBot, Player, RandomBot, Record, Rules};
use mj_core::Wind;
use mj_dsl::table::Table;

/// Hands per ruleset in the default (CI) run.
const SHORT: u64 = 800;
/// Hands per ruleset from which the [`LONG_ONLY`] fans are required too.
const LONG: u64 = 100_000;

/// Fans that the short run does not award, by ruleset: seen only in the long run.
const LONG_ONLY: &[(&str, &[&str])] = &[];

/// Fans the bots never reach, even in the long run, with the reason.
const UNREACHABLE: &[(&str, &str, &str)] = &[];

fn players(i: u64, n: usize) -> Vec<Box<dyn Player>> {
    (0..n as u64)
        .map(|s| -> Box<dyn Player> {
            match (i % 3, s % 2) {
                (0, _) | (2, 0) => Box::new(GreedyBot::new()),
                _ => Box::new(RandomBot::new(i.wrapping_mul(31).wrapping_add(s))),
            }
        })
        .collect()
}

fn table(name: &str) -> Table {
    Table::new(mj_dsl::load(name).expect("ruleset loads")).expect("table rules")
}

/// Every win of the record, scored again from its hand: the fan ids, after checking that the
/// total is the one play recorded.
fn rescored(t: &Table, r: &Record, what: &str) -> Vec<Vec<String>> {
    r.events
        .iter()
        .filter_map(|e| match e {
            RecordEvent::Win { hand, total, .. } => Some((hand, *total)),
            _ => None,
        })
        .map(|(hand, total)| {
            let rep =
                mj_dsl::score_text(&t.ruleset, hand).unwrap_or_else(|e| panic!("{what}: `{hand}`: {e}"));
            assert_eq!(rep.total, total, "{what}: `{hand}` scores otherwise than in play");
            rep.fans.into_iter().map(|f| f.id).collect()
        })
        .collect()
}

/// Wins of each fan over `hands` seeded hands of ruleset `name`.
fn coverage(name: &str, hands: u64) -> (BTreeMap<String, u64>, u64) {
    let t = table(name);
    let n = t.table().player_count();
    let mut seen: BTreeMap<String, u64> = t.ruleset.fans.iter().map(|f| (f.id.clone(), 0)).collect();
    let mut wins = 0;
    for i in 0..hands {
        let round = Wind::from_index((i / 4 % 4) as u8).unwrap_or_default();
        let mut ps = players(i, n);
        let r = play_hand(&t, &mut ps, i, (i % n as u64) as usize, round)
            .unwrap_or_else(|e| panic!("{name} hand {i}: {e}"));
        for fans in rescored(&t, &r, &format!("{name} hand {i}")) {
            wins += 1;
            for f in fans {
                *seen.entry(f).or_default() += 1;
            }
        }
    }
    (seen, wins)
}

#[test]
fn every_fan_of_every_builtin_ruleset_is_awarded_in_play() {
    let hands: u64 = std::env::var("MJ_FAN_COVERAGE_HANDS")
        .ok()
        .map(|v| v.trim().parse().expect("MJ_FAN_COVERAGE_HANDS is a number"))
        .unwrap_or(SHORT);
    let names = mj_dsl::builtin_names();
    // Two workers at most: the machine is shared, and the result does not depend on it.
    let queue = std::sync::Mutex::new(names.clone());
    let done = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                while let Some(name) = queue.lock().expect("queue").pop() {
                    let c = coverage(name, hands);
                    done.lock().expect("results").push((name, c));
                }
            });
        }
    });
    let mut results = done.into_inner().expect("results");
    results.sort_by_key(|(name, _)| *name);
    let mut missing = Vec::new();
    for (name, (seen, wins)) in &results {
        eprintln!("{name}: {wins} wins in {hands} hands");
        for (fan, count) in seen {
            eprintln!("  {fan:<28} {count}");
        }
        let unreachable = |f: &str| UNREACHABLE.iter().any(|(r, x, _)| r == name && *x == f);
        let long_only = |f: &str| LONG_ONLY.iter().any(|(r, fans)| r == name && fans.contains(&f));
        for (fan, &count) in seen {
            if count > 0 && unreachable(fan) {
                missing.push(format!(
                    "{name} {fan}: listed as unreachable but awarded {count} times"
                ));
            }
            if count == 0 && !unreachable(fan) && (hands >= LONG || !long_only(fan)) {
                missing.push(format!("{name} {fan}: never awarded"));
            }
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

#[test]
fn every_jia_jue_zhang_win_in_jingji_matches_had_the_exposed_pung() {
    // Seed 003 / jingji.md §4 row 8: 夹绝张 needs the other copies "牌池内已经出现碰牌的刻子".
    let matches: u64 = std::env::var("MJ_JINGJI_MATCHES")
        .ok()
        .map(|v| v.trim().parse().expect("MJ_JINGJI_MATCHES is a number"))
        .unwrap_or(12);
    let t = table("jingji");
    let jia = t.ruleset.fan_index("jia_jue_zhang").expect("the fan exists");
    let jia = t.ruleset.fans[jia].id.clone();
    let mut seen: BTreeMap<String, u64> = t.ruleset.fans.iter().map(|f| (f.id.clone(), 0)).collect();
    let (mut hands, mut wins, mut jia_wins) = (0u64, 0u64, 0u64);
    for m in 0..matches {
        let mut ps = players(m, 4);
        let result = play_match(&t, &mut ps, m, None).unwrap_or_else(|e| panic!("match {m}: {e}"));
        for (h, r) in result.hands.iter().enumerate() {
            hands += 1;
            let what = format!("match {m} hand {h}");
            let fans = rescored(&t, r, &what);
            let won: Vec<(usize, &String)> = r
                .events
                .iter()
                .filter_map(|e| match e {
                    RecordEvent::Win { seat, tile, .. } => Some((*seat, tile)),
                    _ => None,
                })
                .collect();
            for (ids, (winner, tile)) in fans.iter().zip(won) {
                wins += 1;
                for f in ids {
                    *seen.entry(f.clone()).or_default() += 1;
                }
                if ids.contains(&jia) {
                    jia_wins += 1;
                    let pung = r.events.iter().any(|e| {
                        matches!(e, RecordEvent::Pong { seat, tile: p, .. } if *seat != winner && p == tile)
                    });
                    assert!(
                        pung,
                        "{what}: 夹绝张 on {tile} without another player's pung of it"
                    );
                }
            }
        }
    }
    eprintln!(
        "jingji: {matches} matches, {hands} hands, {wins} wins, {jia_wins} 夹绝张 wins, all with the pung"
    );
    for (fan, count) in &seen {
        eprintln!("  {fan:<28} {count}");
    }
    assert!(jia_wins > 0 || matches < 12, "no 夹绝张 win in {matches} matches");
}
