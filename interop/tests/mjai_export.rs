//! `mj export mjai` over the records of the 20 Tenhou development logs (tests/data/tenhou, from
//! mjx, MIT), imported by our engine: every line is an mjai event of a known type with the
//! fields mjai gives it; every tile a player discards, calls with or wins on is one it holds
//! (tiles conserved, red fives included, no kind or red copy seen more often than the set has);
//! each hand's deltas sum to the record's payments and every `scores` is the running total.

use mj_core::game::record::RecordEvent;
use mj_interop::mjai::export::export_game;
use mj_interop::tenhou::{self, import::import};
use serde_json::Value;
use std::collections::HashMap;

mod common;

fn names(v: &Value) -> Vec<String> {
    v.as_array()
        .expect("an array of tiles")
        .iter()
        .map(|t| t.as_str().expect("a tile name").to_string())
        .collect()
}

/// A tile name of mjai: 1m..9m, 1p..9p, 1s..9s, a red five, or an honour letter.
fn is_tile(n: &str) -> bool {
    matches!(n.as_bytes(), [d, s] if (b'1'..=b'9').contains(d) && b"mps".contains(s))
        || matches!(n, "5mr" | "5pr" | "5sr")
        || matches!(n, "E" | "S" | "W" | "N" | "P" | "F" | "C")
}

/// Checks one game's lines; returns the hands it held.
fn check_game(file: &str, lines: &[Value], nets: &[Vec<i64>]) -> usize {
    let mut hands: Vec<Vec<String>> = Vec::new();
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut scores: Vec<i64> = Vec::new();
    let mut hand_delta: Vec<i64> = Vec::new();
    let mut last_tsumo: Vec<Option<String>> = vec![None; 4];
    let mut kyoku = 0usize;
    let take = |hands: &mut Vec<Vec<String>>, seat: usize, tile: &str, what: &str| {
        let at = hands[seat].iter().position(|t| t == tile).unwrap_or_else(|| {
            panic!(
                "{file}: seat {seat} {what} {tile} it does not hold: {:?}",
                hands[seat]
            )
        });
        hands[seat].remove(at);
    };
    let see = |seen: &mut HashMap<String, usize>, t: &str| {
        assert!(is_tile(t), "{file}: `{t}` is not an mjai tile");
        *seen.entry(t.to_string()).or_default() += 1;
        let plain = t.trim_end_matches('r');
        let copies =
            seen.get(plain).copied().unwrap_or(0) + seen.get(&format!("{plain}r")).copied().unwrap_or(0);
        assert!(copies <= 4, "{file}: a fifth {plain}");
        if t.ends_with('r') {
            assert!(seen[t] <= 1, "{file}: a second {t}");
        }
    };
    assert_eq!(lines.first().and_then(|v| v["type"].as_str()), Some("start_game"));
    assert_eq!(lines.last().and_then(|v| v["type"].as_str()), Some("end_game"));
    for v in lines {
        let ty = v["type"]
            .as_str()
            .unwrap_or_else(|| panic!("{file}: no type in {v}"));
        let actor = v["actor"].as_u64().map(|a| a as usize);
        match ty {
            "start_game" | "end_kyoku" => {}
            "start_kyoku" => {
                hands = v["tehais"]
                    .as_array()
                    .expect("tehais")
                    .iter()
                    .map(names)
                    .collect();
                seen.clear();
                for h in &hands {
                    assert_eq!(h.len(), 13, "{file}: {v}");
                    for t in h {
                        see(&mut seen, t);
                    }
                }
                see(&mut seen, v["dora_marker"].as_str().expect("a dora marker"));
                for k in ["bakaze", "kyoku", "honba", "kyotaku", "oya"] {
                    assert!(!v[k].is_null(), "{file}: start_kyoku without {k}");
                }
                let start: Vec<i64> = serde_json::from_value(v["scores"].clone()).expect("scores");
                if !scores.is_empty() {
                    assert_eq!(
                        start,
                        scores,
                        "{file}: hand {} starts from other scores",
                        kyoku + 1
                    );
                }
                scores = start;
                hand_delta = vec![0; 4];
            }
            "tsumo" => {
                let (s, t) = (actor.expect("an actor"), v["pai"].as_str().expect("a tile"));
                see(&mut seen, t);
                hands[s].push(t.to_string());
                last_tsumo[s] = Some(t.to_string());
            }
            "dahai" => {
                let (s, t) = (actor.expect("an actor"), v["pai"].as_str().expect("a tile"));
                take(&mut hands, s, t, "discards");
                if v["tsumogiri"].as_bool().expect("tsumogiri") {
                    assert_eq!(
                        last_tsumo[s].as_deref(),
                        Some(t),
                        "{file}: tsumogiri of a tile not drawn"
                    );
                }
                last_tsumo[s] = None;
            }
            "chi" | "pon" | "daiminkan" | "ankan" | "kakan" => {
                let s = actor.expect("an actor");
                let consumed = names(&v["consumed"]);
                let want = match ty {
                    "chi" | "pon" => 2,
                    "ankan" => 4,
                    _ => 3,
                };
                assert_eq!(consumed.len(), want, "{file}: {v}");
                if ty == "kakan" {
                    take(&mut hands, s, v["pai"].as_str().expect("a tile"), "adds");
                } else {
                    for t in &consumed {
                        take(&mut hands, s, t, "melds");
                    }
                }
                last_tsumo[s] = None;
            }
            "dora" => see(&mut seen, v["dora_marker"].as_str().expect("a marker")),
            "reach" => assert!(actor.is_some()),
            "reach_accepted" | "hora" | "ryukyoku" => {
                let deltas: Vec<i64> = serde_json::from_value(v["deltas"].clone()).expect("deltas");
                let after: Vec<i64> = serde_json::from_value(v["scores"].clone()).expect("scores");
                for s in 0..4 {
                    scores[s] += deltas[s];
                    hand_delta[s] += deltas[s];
                }
                assert_eq!(after, scores, "{file}: scores are not the running total at {v}");
                if ty == "hora" {
                    let s = actor.expect("an actor");
                    let pai = v["pai"].as_str().expect("a tile");
                    if v["target"].as_u64() == Some(s as u64) {
                        assert!(
                            hands[s].iter().any(|t| t == pai),
                            "{file}: tsumo on {pai} not held"
                        );
                    }
                }
            }
            "end_game" => {}
            other => panic!("{file}: unknown type {other}"),
        }
        if ty == "end_kyoku" {
            assert_eq!(hand_delta, nets[kyoku], "{file}: hand {}'s deltas", kyoku + 1);
            kyoku += 1;
        }
    }
    kyoku
}

#[test]
fn the_records_of_the_tenhou_dev_logs_export_as_consistent_mjai() {
    let t = common::riichi();
    let (mut games, mut hands, mut lines_total, mut reds) = (0, 0, 0, 0);
    for (name, log) in common::logs() {
        if log.players != 4 {
            continue;
        }
        let o = import(&t, &log, &name);
        // Hands our engine could not finish are left out: the importer stops at a divergence.
        let records: Vec<_> = o
            .records
            .into_iter()
            .filter(|r| mj_core::game::replay(&t, r).is_ok())
            .collect();
        if records.is_empty() {
            continue;
        }
        let lines = export_game(&t, &records).unwrap_or_else(|e| panic!("{name}: {e}"));
        // Every line is one JSON object as the CLI prints it, and parses back.
        for l in &lines {
            let text = l.to_string();
            assert!(!text.contains('\n'));
            let back: Value = serde_json::from_str(&text).expect("parses");
            assert_eq!(&back, l);
        }
        reds += lines
            .iter()
            .filter(|l| {
                ["5mr\"", "5pr\"", "5sr\""]
                    .iter()
                    .any(|r| l.to_string().contains(r))
            })
            .count();
        let nets: Vec<Vec<i64>> = records.iter().map(|r| r.net()).collect();
        hands += check_game(&name, &lines, &nets);
        games += 1;
        lines_total += lines.len();
    }
    println!("{games} games, {hands} hands, {lines_total} lines, {reds} lines naming a red five");
    assert!(games >= 18, "games exported: {games}");
    assert!(hands >= 140, "hands exported: {hands}");
    assert!(reds > 0, "red fives are named");
}

/// mjai's `tsumogiri` says which copy left the hand, and mjlog's tile ids tell it (the reader
/// marks a discard whose id is the one just drawn). The record keeps what the log says
/// (`from_hand`), so on every discard of a game the export says what the log says, including a
/// discard from the hand of the kind just drawn (手出し), which the engine's events alone would
/// give as thrown from the draw.
#[test]
fn tsumogiri_in_the_export_is_the_logs_on_every_discard() {
    let t = common::riichi();
    let (mut games, mut discards, mut inferred_wrong) = (0, 0, 0);
    for (name, log) in common::logs() {
        if log.players != 4 {
            continue;
        }
        let o = import(&t, &log, &name);
        // Only games replayed to their end: their records hold every discard of the log.
        if !o.ok {
            continue;
        }
        // The records are of the hands with a result, in order; only the last hand of a log that
        // was cut off has none.
        let hands = log.hands();
        assert!(o.records.len() + 1 >= hands.len(), "{name}: hands left out");
        let want: Vec<bool> = hands[..o.records.len()]
            .iter()
            .flat_map(|h| h.iter())
            .filter_map(|e| match e {
                tenhou::Event::Discard { tsumogiri, .. } => Some(*tsumogiri),
                _ => None,
            })
            .collect();
        let tsumogiri = |records: &[mj_core::game::Record]| -> Vec<bool> {
            let lines = export_game(&t, records).unwrap_or_else(|e| panic!("{name}: {e}"));
            lines
                .iter()
                .filter(|l| l["type"] == "dahai")
                .map(|l| l["tsumogiri"].as_bool().expect("tsumogiri"))
                .collect()
        };
        assert_eq!(
            tsumogiri(&o.records),
            want,
            "{name}: tsumogiri of the export against the log's"
        );
        // The same records without the log's word: the export infers from the tiles alone.
        let mut plain = o.records.clone();
        for e in plain.iter_mut().flat_map(|r| r.events.iter_mut()) {
            if let RecordEvent::Discard { from_hand, .. } = e {
                *from_hand = false;
            }
        }
        inferred_wrong += tsumogiri(&plain)
            .iter()
            .zip(&want)
            .filter(|(a, b)| a != b)
            .count();
        games += 1;
        discards += want.len();
    }
    println!("{games} games, {discards} discards, {inferred_wrong} given wrong without the log's word");
    assert!(games >= 18, "games compared: {games}");
    // The case the record has to carry occurs in real games: without it this test proves little.
    assert!(
        inferred_wrong > 0,
        "no discard from the hand of the kind just drawn"
    );
}
