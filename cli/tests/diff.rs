//! `mj diff` end to end: the strict 1998 reading changes exactly the hands its rules speak of.

use serde_json::Value;
use std::process::Command;

fn mj(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_mj"))
        .args(args)
        .output()
        .expect("run mj");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).to_string(),
    )
}

fn fan_ids(v: &Value) -> Vec<String> {
    v["fans"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|f| f["id"].as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}

/// What the strict reading (shared/rules/mcr.md, STRICT_98_RULE) changes, judged on mcr's result.
fn strict_changes(ids: &[String]) -> bool {
    let has = |id: &str| ids.iter().any(|x| x == id);
    let seven_pairs_whole_hand = has("qi_dui")
        && [
            "lv_yi_se",
            "zi_yi_se",
            "qing_yao_jiu",
            "hun_yao_jiu",
            "quan_da",
            "quan_zhong",
            "quan_xiao",
            "da_yu_wu",
            "xiao_yu_wu",
        ]
        .iter()
        .any(|f| has(f));
    let voided_suit = has("que_yi_men")
        && [
            "da_san_yuan",
            "xiao_san_yuan",
            "yi_se_si_tong_shun",
            "yi_se_si_jie_gao",
            "yi_se_si_bu_gao",
            "san_feng_ke",
        ]
        .iter()
        .any(|f| has(f));
    let terminals_triple = has("qing_yao_jiu") && has("san_tong_ke");
    seven_pairs_whole_hand || voided_suit || terminals_triple
}

#[test]
fn strict98_changes_exactly_the_hands_its_rules_name() {
    let (code, out) = mj(&["diff", "mcr", "mcr-strict98", "--json"]);
    assert_eq!(code, 1, "something changed, so the exit status is 1");
    let v: Value = serde_json::from_str(out.trim()).expect("JSON");
    let changed: Vec<String> = v["changes"]
        .as_array()
        .expect("changes")
        .iter()
        .filter_map(|c| c["hand"].as_str().map(String::from))
        .collect();
    assert!(!changed.is_empty());
    // Every hand of the corpus, scored under mcr: the changed ones are exactly those the rules name.
    let corpus = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../snapshots/corpus/mcr.txt"
    ))
    .expect("corpus");
    let mut expected = Vec::new();
    for line in corpus
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let (_, out) = mj(&["score", "--rules", "mcr", "--json", line]);
        let r: Value = serde_json::from_str(out.trim()).expect("score JSON");
        if r.get("error").is_none() && strict_changes(&fan_ids(&r)) {
            expected.push(line.to_string());
        }
    }
    assert_eq!(changed, expected);
}

#[test]
fn identical_rulesets_change_nothing_and_exit_zero() {
    let (code, out) = mj(&["diff", "mcr", "mcr"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("0 of"), "{out}");
}
