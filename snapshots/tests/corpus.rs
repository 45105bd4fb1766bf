//! Locks every ruleset's scoring of its corpus (`snapshots/corpus/<ruleset>.txt`) in a readable YAML
//! snapshot (`tests/snapshots/<ruleset>.snap`): for each hand its comment, the hand as written and
//! the full result (fans, total, validity, reason, payments) or `error: <message>`.
//!
//! Regenerate with `INSTA_UPDATE=always cargo test -p mj-snapshots` and read the diff.

use insta::_macro_support::{serialize_value, SerializationFormat};
use mj_dsl::Ruleset;
use mj_snapshots::{read_corpus, score_corpus, Entry, Outcome};
use std::path::PathBuf;

fn load(name: &str) -> Ruleset {
    mj_dsl::load(name).unwrap_or_else(|d| panic!("{name} does not load:\n{d}"))
}

fn settings() -> insta::Settings {
    let mut s = insta::Settings::clone_current();
    s.set_prepend_module_to_snapshot(false);
    s.set_omit_expression(true);
    s
}

fn entries(rs: &Ruleset, corpus: &str) -> Vec<Entry> {
    score_corpus(rs, &read_corpus(corpus))
}

fn lock(name: &str) {
    let entries = entries(&load(name), name);
    settings().bind(|| insta::assert_yaml_snapshot!(name, entries));
}

#[test]
fn mcr_corpus() {
    lock("mcr");
}

#[test]
fn mcr_mil_corpus() {
    lock("mcr-mil");
}

#[test]
fn mcr_strict98_corpus() {
    lock("mcr-strict98");
}

#[test]
fn shiwan_corpus() {
    lock("shiwan");
}

#[test]
fn hongkong_corpus() {
    lock("hongkong");
}

#[test]
fn kawuxing_corpus() {
    lock("kawuxing");
}

#[test]
fn jingji_corpus() {
    lock("jingji");
}

#[test]
fn sichuan_corpus() {
    lock("sichuan");
}

#[test]
fn taiwan_corpus() {
    lock("taiwan");
}

#[test]
fn riichi_corpus() {
    lock("riichi");
}

#[test]
fn riichi_ema_corpus() {
    lock("riichi-ema");
}

#[test]
fn riichi_sanma_corpus() {
    lock("riichi-sanma");
}

/// The corpus results rendered exactly as `assert_yaml_snapshot!` renders them (insta's own
/// serializer, which the macro calls).
fn render(entries: &[Entry]) -> String {
    serialize_value(&entries, SerializationFormat::Yaml)
}

/// The body of a locked snapshot, without insta's `---` header.
fn locked(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots")
        .join(format!("{name}.snap"));
    let text =
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let rest = text
        .strip_prefix("---\n")
        .expect("a snapshot starts with a --- header");
    let end = rest.find("\n---\n").expect("the header ends with ---");
    rest[end + "\n---\n".len()..].to_string()
}

#[test]
fn the_snapshot_catches_a_change_of_points() {
    let body = locked("mcr");
    // The unmodified ruleset renders exactly what is locked ...
    assert_eq!(
        render(&entries(&load("mcr"), "mcr")).trim_end(),
        body.trim_end(),
        "the mcr corpus no longer renders as its snapshot"
    );
    // ... and one fan worth one point more does not.
    let modified = mj_dsl::load_from_memory(
        "mcr-mod",
        &[(
            "ruleset.toml",
            "[ruleset]\nname=\"mcr-mod\"\nextends=\"mcr\"\n[[fan]]\nid=\"qing_long\"\npoints=17\n",
        )],
    )
    .unwrap_or_else(|d| panic!("mcr-mod does not load:\n{d}"));
    let changed = render(&entries(&modified, "mcr"));
    assert_ne!(
        changed.trim_end(),
        body.trim_end(),
        "清龙 at 17 points renders the same as the locked mcr snapshot"
    );
    assert!(changed.contains("points: 17"));
}

/// Rulesets whose own corpus must show every one of their fans at least twice.
const FULL_CORPORA: [&str; 8] = [
    "mcr",
    "shiwan",
    "kawuxing",
    "jingji",
    "riichi",
    "riichi-ema",
    "hongkong",
    "sichuan",
];

/// Fans of riichi-sanma that its tiles cannot make, left out of its corpus check: 三色同順 needs a
/// chow in the characters, which keep only 1m and 9m (riichi.md, riichi-sanma).
const SANMA_IMPOSSIBLE: [&str; 1] = ["sanshoku"];

#[test]
fn every_fan_appears_twice_in_its_rulesets_corpus() {
    for name in FULL_CORPORA {
        let rs = load(name);
        let entries = entries(&rs, name);
        for fan in &rs.fans {
            let n = entries
                .iter()
                .filter(|e| match &e.result {
                    Outcome::Scored(r) => r.fans.iter().any(|f| f.id == fan.id),
                    Outcome::Error(_) => false,
                })
                .count();
            assert!(n >= 2, "{name}: fan {} appears in {n} corpus hands", fan.id);
        }
    }
    let rs = load("riichi-sanma");
    let entries = entries(&rs, "riichi-sanma");
    for fan in rs
        .fans
        .iter()
        .filter(|f| !SANMA_IMPOSSIBLE.contains(&f.id.as_str()))
    {
        let n = entries
            .iter()
            .filter(|e| matches!(&e.result, Outcome::Scored(r) if r.fans.iter().any(|f| f.id == fan.id)))
            .count();
        assert!(n >= 2, "riichi-sanma: fan {} appears in {n} corpus hands", fan.id);
    }
}
