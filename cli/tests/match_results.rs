//! `mj play --match` shows each player's final result where the ruleset defines results
//! (`[match] point_unit`): riichi's Decision 14, "(points − 30,000) / 1,000 plus uma
//! +20/+10/−10/−20 and the 20 oka to first", worked out here from the document's own totals and
//! places; rulesets without results keep their documents as before.

use serde_json::Value;
use std::process::Command;

fn play(rules: &str, seed: &str, json: bool) -> String {
    let mut args = vec!["play", "--rules", rules, "--seed", seed, "--match"];
    if json {
        args.push("--json");
    }
    let o = Command::new(env!("CARGO_BIN_EXE_mj"))
        .args(&args)
        .output()
        .expect("mj runs");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn numbers(v: &Value, key: &str) -> Vec<f64> {
    v[key]
        .as_array()
        .unwrap_or_else(|| panic!("no {key}: {v}"))
        .iter()
        .map(|x| x.as_f64().expect("a number"))
        .collect()
}

/// The document's results against `return`, `unit`, uma by place and the oka to first.
fn check(rules: &str, seed: &str, ret: f64, uma: &[f64], oka: f64) {
    let doc: Value = serde_json::from_str(&play(rules, seed, true)).expect("JSON");
    let (totals, places) = (numbers(&doc, "totals"), numbers(&doc, "places"));
    let results = numbers(&doc, "results");
    for s in 0..totals.len() {
        let place = places[s] as usize;
        let first = if place == 0 { oka } else { 0.0 };
        let want = (totals[s] - ret) / 1000.0 + uma[place] + first;
        assert!(
            (results[s] - want).abs() < 1e-9,
            "{rules} seed {seed} P{s}: {results:?}"
        );
    }
    // The text form prints the same results.
    let text = play(rules, seed, false);
    for (s, r) in results.iter().enumerate() {
        let line = text
            .lines()
            .find(|l| l.starts_with(&format!("P{s} ")))
            .expect("a result line");
        assert!(line.ends_with(&format!(", result {r}")), "{line}");
    }
}

#[test]
fn riichi_matches_print_results_with_uma_and_oka() {
    for seed in ["1", "4"] {
        check("riichi", seed, 30_000.0, &[20.0, 10.0, -10.0, -20.0], 20.0);
        check("riichi[uma=false,oka=false]", seed, 25_000.0, &[0.0; 4], 0.0);
        check("riichi-sanma", seed, 40_000.0, &[15.0, 0.0, -15.0], 15.0);
        check("riichi-ema", seed, 30_000.0, &[15.0, 5.0, -5.0, -15.0], 0.0);
    }
}

#[test]
fn rulesets_without_results_print_none() {
    let doc: Value = serde_json::from_str(&play("mcr", "3", true)).expect("JSON");
    assert!(doc.get("results").is_none(), "{doc}");
    assert!(!play("mcr", "3", false).contains(", result "));
}
