//! The documentation against the code: the table of names a condition may use
//! (docs/ruleset-format.md, "Names") is generated from the scorer's own list, and the hands of
//! docs/api.md's diff example are real hands that change between its two rulesets.
//! `MJ_UPDATE_DOCS=1 cargo test -p mj-dsl --test docs` rewrites the table after a change.

use std::path::PathBuf;

fn doc(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../docs")
        .join(name)
}

const BEGIN: &str = "<!-- names: generated -->\n";
const END: &str = "<!-- end names -->";

fn names_table() -> String {
    let mut t = String::from("| name | value |\n| --- | --- |\n");
    for (name, what) in mj_dsl::expr::names() {
        t.push_str(&format!("| `{name}` | {what} |\n"));
    }
    t
}

#[test]
fn every_condition_name_is_documented_from_the_code() {
    let path = doc("ruleset-format.md");
    let text = std::fs::read_to_string(&path).expect("ruleset-format.md");
    let start = text
        .find(BEGIN)
        .expect("the generated names table's start marker")
        + BEGIN.len();
    let end = text[start..].find(END).expect("its end marker") + start;
    let want = names_table();
    if std::env::var_os("MJ_UPDATE_DOCS").is_some() {
        let updated = format!("{}{want}{}", &text[..start], &text[end..]);
        std::fs::write(&path, updated).expect("write ruleset-format.md");
        return;
    }
    assert_eq!(
        &text[start..end],
        want,
        "docs/ruleset-format.md's names differ from the code; run MJ_UPDATE_DOCS=1 cargo test -p mj-dsl --test docs"
    );
    // The names the issue found missing are there.
    for name in ["concealed_hogs", "melded_hogs", "win_in_melds"] {
        assert!(want.contains(&format!("`{name}`")), "{name}");
    }
}

#[test]
fn the_api_diff_example_is_a_real_hand_that_changes() {
    let text = std::fs::read_to_string(doc("api.md")).expect("api.md");
    let section = text
        .split("## `POST /api/diff`")
        .nth(1)
        .expect("the diff section");
    let example = section
        .lines()
        .find(|l| l.trim_start().starts_with("{\"a\":"))
        .expect("an example request");
    let v: serde_json::Value = serde_json::from_str(example.trim()).expect("the example is JSON");
    let (a, b) = (v["a"].as_str().expect("a"), v["b"].as_str().expect("b"));
    let (ra, rb) = (
        mj_dsl::load(a).expect("a loads"),
        mj_dsl::load(b).expect("b loads"),
    );
    let report = mj_dsl::diff::compare(
        &ra,
        &rb,
        &v["hands"]
            .as_array()
            .expect("hands")
            .iter()
            .enumerate()
            .map(|(i, h)| mj_dsl::diff::Case {
                comment: String::new(),
                hand: h.as_str().expect("a hand").to_string(),
                origin: format!("hands[{i}]"),
            })
            .collect::<Vec<_>>(),
    );
    for h in v["hands"].as_array().expect("hands") {
        let h = h.as_str().expect("a hand");
        for rs in [&ra, &rb] {
            let r = mj_dsl::score_text(rs, h).unwrap_or_else(|e| panic!("{h} under {}: {e}", rs.name));
            assert!(r.valid, "{h} is not a valid win under {}", rs.name);
        }
    }
    assert_eq!(report.changed, report.hands, "every example hand should change");
}
