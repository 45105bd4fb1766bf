//! `extends` and overrides: a toy ruleset written for these tests changes four things in mcr,
//! and each change is proven by scoring a hand under both; the built-in house rulesets differ
//! from mcr exactly where they say they do; the example in docs/ruleset-format.md loads.

use mj_dsl::{load, load_from_memory, score_text, HandReport, Ruleset};
use std::path::Path;

fn toy() -> Ruleset {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join("toy");
    load(&dir.display().to_string()).unwrap_or_else(|d| panic!("toy does not load:\n{d}"))
}

fn builtin(name: &str) -> Ruleset {
    load(name).unwrap_or_else(|d| panic!("{name} does not load:\n{d}"))
}

fn score(rs: &Ruleset, hand: &str) -> HandReport {
    score_text(rs, hand).unwrap_or_else(|e| panic!("{hand} under {}: {e}", rs.name))
}

fn fan_ids(r: &HandReport) -> Vec<&str> {
    r.fans.iter().map(|f| f.id.as_str()).collect()
}

fn points_of(r: &HandReport, id: &str) -> Option<i64> {
    r.fans.iter().find(|f| f.id == id).map(|f| f.points)
}

#[test]
fn toy_loads_like_mj_check() {
    let rs = toy();
    assert_eq!(rs.name, "toy");
    assert_eq!(rs.extends, vec!["mcr".to_string()]);
    // One fan removed, one added.
    assert_eq!(rs.fans.len(), builtin("mcr").fans.len());
}

#[test]
fn patched_fan_points_take_effect() {
    let hand = "123m456m789m123p5s5s";
    let mcr = score(&builtin("mcr"), hand);
    let toy = score(&toy(), hand);
    assert_eq!(points_of(&mcr, "qing_long"), Some(16));
    assert_eq!(points_of(&toy, "qing_long"), Some(20));
}

#[test]
fn removed_fan_no_longer_scores() {
    let hand = "123m456m789m123p5s5s";
    let mcr = score(&builtin("mcr"), hand);
    let toy = score(&toy(), hand);
    assert!(fan_ids(&mcr).contains(&"xi_xiang_feng"), "{:?}", fan_ids(&mcr));
    assert!(!fan_ids(&toy).contains(&"xi_xiang_feng"));
    assert!(!toy_fan_exists("xi_xiang_feng"));
    // 16 + 2 + 2 + 1 + 1 in mcr; 20 + 2 + 2 + 1 without 喜相逢 in the toy.
    assert_eq!((mcr.total, toy.total), (22, 25));
}

fn toy_fan_exists(id: &str) -> bool {
    toy().fans.iter().any(|f| f.id == id)
}

#[test]
fn added_fan_scores_and_lower_minimum_makes_a_win() {
    let hand = "[777p]123m456m789s5s5s self";
    let mcr = score(&builtin("mcr"), hand);
    let toy = score(&toy(), hand);
    assert!(!fan_ids(&mcr).contains(&"lucky_sevens"));
    assert_eq!(points_of(&toy, "lucky_sevens"), Some(3));
    assert_eq!((mcr.total, mcr.valid), (4, false));
    assert_eq!((toy.total, toy.valid), (7, true));
    assert_eq!(crate::toy().min_points, 4);
}

#[test]
fn mcr_mil_adds_ming_an_gang() {
    let hand = "[5555p][1111s,2]234m789sEE self";
    let mcr = score(&builtin("mcr"), hand);
    let mil = score(&builtin("mcr-mil"), hand);
    assert_eq!(mcr.total, 6);
    assert_eq!(mil.total, 8);
    assert_eq!(points_of(&mil, "ming_an_gang"), Some(5));
    assert!(!fan_ids(&mil).contains(&"an_gang"));
    assert!(!fan_ids(&mil).contains(&"ming_gang"));
    assert_eq!(builtin("mcr-mil").extends, vec!["mcr".to_string()]);
}

#[test]
fn mcr_strict98_keeps_seven_pairs_apart_from_whole_hand_fans() {
    let hand = "EESSWWNNCCFFPP";
    let mcr = score(&builtin("mcr"), hand);
    let strict = score(&builtin("mcr-strict98"), hand);
    assert_eq!(mcr.total, 88);
    assert!(fan_ids(&mcr).contains(&"zi_yi_se"));
    assert_eq!(strict.total, 27);
    assert!(!fan_ids(&strict).contains(&"zi_yi_se"));
    let que = strict.fans.iter().find(|f| f.id == "que_yi_men").expect("缺一门");
    assert_eq!(que.count, 3);
    assert!(fan_ids(&strict).contains(&"qi_dui"));
}

#[test]
fn house_rulesets_leave_ordinary_hands_alone() {
    let hand = "123m456m789m123p5s5s";
    let base = score(&builtin("mcr"), hand);
    for name in ["mcr-mil", "mcr-strict98"] {
        assert_eq!(score(&builtin(name), hand), base, "{name}");
    }
}

/// The fenced block that follows `<!-- example: NAME -->` in the format document.
fn doc_block(doc: &str, name: &str) -> String {
    let marker = format!("<!-- example: {name} -->");
    let start = doc.find(&marker).unwrap_or_else(|| panic!("no {marker}"));
    let rest = &doc[start..];
    let open = rest.find("```").unwrap();
    let body = &rest[open..];
    let body = &body[body.find('\n').unwrap() + 1..];
    body[..body.find("```").unwrap()].to_string()
}

#[test]
fn the_documented_example_loads_and_scores() {
    let doc =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/ruleset-format.md"))
            .unwrap();
    let toml = doc_block(&doc, "ruleset.toml");
    let rhai = doc_block(&doc, "fans.rhai");
    let rs = load_from_memory("two-suits", &[("ruleset.toml", &toml), ("fans.rhai", &rhai)])
        .unwrap_or_else(|d| panic!("the documented example does not load:\n{d}"));
    assert_eq!(rs.name, "two-suits");
    let cases = [
        ("123m456m789m777m5m5m", 8, true),
        ("[CCC]123m456m789m5m5m ready", 6, true),
        ("123m123m456p789pFF self 12f", 3, false),
        ("123m456p789m234pCC", 3, true),
    ];
    for (hand, total, valid) in cases {
        let r = score(&rs, hand);
        assert_eq!((r.total, r.valid), (total, valid), "{hand}: {:?}", fan_ids(&r));
    }
}
