//! `mj replay` and the record's header: a record made under another version of its ruleset
//! replays with a warning (a divergence may be a change of the rules), and a record whose
//! players list does not match the ruleset's table size is refused before anything is replayed.

use serde_json::Value;
mod common;

use common::*;

/// One mcr hand between greedy bots, changed by `edit`, replayed from a file.
fn replay_edited(name: &str, edit: impl Fn(&mut Value)) -> (i32, String, String) {
    let (code, out, err) = mj(&["play", "--rules", "mcr", "--json", "--hands", "1", "--seed", "3"]);
    assert_eq!(code, 0, "{err}");
    let mut v: Value = serde_json::from_str(out.lines().next().expect("a record")).expect("JSON");
    edit(&mut v);
    let file = std::env::temp_dir().join(format!("mj-replay-{name}-{}.json", std::process::id()));
    std::fs::write(&file, v.to_string()).expect("write");
    let r = mj(&["replay", file.to_str().expect("path")]);
    let _ = std::fs::remove_file(&file);
    r
}

#[test]
fn a_record_of_another_ruleset_version_replays_with_a_warning() {
    let (code, out, err) = replay_edited("version", |v| v["ruleset_version"] = "0.9.0".into());
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        err.contains("warning") && err.contains("0.9.0") && err.contains("1.0.0"),
        "{err}"
    );
    let (code, _, err) = replay_edited("same", |_| {});
    assert_eq!(code, 0);
    assert!(!err.contains("warning"), "{err}");
}

#[test]
fn a_players_list_of_the_wrong_length_is_refused() {
    let (code, out, err) = replay_edited("players", |v| {
        v["players"] = serde_json::json!(["a", "b", "c"]);
    });
    assert_ne!(code, 0, "{out}");
    assert!(
        format!("{out}{err}").contains("names 3 players; ruleset `mcr` seats 4"),
        "{out}{err}"
    );
}

/// `mj replay` of riichi match 5 between greedy bots (its last hand ends in あがりやめ: the
/// first-placed dealer keeps the deal in the last hand and stops), changed by `edit`.
fn replay_match_edited(name: &str, edit: impl Fn(&mut Value)) -> (i32, String, String) {
    let (code, out, err) = mj(&["play", "-r", "riichi", "--seed", "5", "--match", "--json"]);
    assert_eq!(code, 0, "{err}");
    let mut v: Value = serde_json::from_str(out.trim()).expect("an mj-match document");
    edit(&mut v);
    let file = std::env::temp_dir().join(format!("mj-replay-match-{name}-{}.json", std::process::id()));
    std::fs::write(&file, v.to_string()).expect("write");
    let r = mj(&["replay", file.to_str().expect("path")]);
    let _ = std::fs::remove_file(&file);
    r
}

#[test]
fn a_match_replays_with_the_dealers_recorded_choice_to_stop() {
    // riichi.md Decision 14: the first-placed dealer with 30,000+ in the last hand *may* stop;
    // the record of that hand carries the answer, and `mj replay` plays the match through it.
    let (code, out, err) = replay_match_edited("as-played", |v| {
        let hands = v["hands"].as_array().expect("hands");
        let last = hands.last().expect("a hand");
        assert_eq!(last["dealer_stops"], true, "the greedy dealer stops");
        let asked = hands.iter().filter(|h| h.get("dealer_stops").is_some()).count();
        assert_eq!(asked, 1);
    });
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("match 1: replays, with its totals"), "{out}");
    // Had it played on, the match would deal another hand, which the records lack.
    let (code, out, _) = replay_match_edited("plays-on", |v| {
        let n = v["hands"].as_array().map_or(0, Vec::len);
        v["hands"][n - 1]["dealer_stops"] = false.into();
    });
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("the match deals another hand; the records end"),
        "{out}"
    );
    // Totals the match does not reach.
    let (code, out, _) = replay_match_edited("totals", |v| v["totals"][0] = 1.into());
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("the document says"), "{out}");
}
