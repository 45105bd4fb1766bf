//! The broken-ruleset corpus: every folder under `tests/broken/` is a ruleset a designer could
//! plausibly write by mistake. Each must fail to load with diagnostics a person can act on; the
//! rendered text is locked with insta so that a regression in wording or location shows up in
//! review. Two cases load and fail only when a hand is scored (rhai runtime errors).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

fn broken_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join("broken")
}

/// Replaces the checkout-dependent prefix so snapshots are the same on every machine.
fn stable(text: &str) -> String {
    let dir = broken_dir();
    text.replace(&dir.display().to_string(), "<broken>")
        .replace('\\', "/")
}

/// Rulesets that load: the failures they hold show up only when scoring.
const SCORING_CASES: [&str; 2] = ["rhai_runtime", "rhai_runaway"];

/// The folders of a case: the case itself, or (for cases that need several rulesets, such as a
/// cycle of `extends`) each sub-folder holding a ruleset.toml.
fn roots(case: &Path) -> Vec<PathBuf> {
    if case.join("ruleset.toml").is_file() {
        return vec![case.to_path_buf()];
    }
    let mut subs: Vec<PathBuf> = std::fs::read_dir(case)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("ruleset.toml").is_file())
        .collect();
    subs.sort();
    subs
}

fn cases() -> Vec<(String, PathBuf)> {
    let mut out: Vec<(String, PathBuf)> = std::fs::read_dir(broken_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir() && p.file_name().is_some_and(|n| n != "snapshots"))
        .map(|p| (p.file_name().unwrap().to_string_lossy().into_owned(), p))
        .collect();
    out.sort();
    out
}

#[test]
fn corpus_is_large_enough() {
    assert!(cases().len() >= 30, "only {} broken cases", cases().len());
}

#[test]
fn every_broken_ruleset_fails_with_located_diagnostics() {
    let mut failures = Vec::new();
    for (name, dir) in cases() {
        if SCORING_CASES.contains(&name.as_str()) {
            continue;
        }
        let mut rendered = Vec::new();
        for root in roots(&dir) {
            let spec = root.display().to_string();
            match mj_dsl::load(&spec) {
                Ok(_) => failures.push(format!("{name}: {spec} loaded without error")),
                Err(d) => {
                    if d.0.is_empty() {
                        failures.push(format!("{name}: error with no diagnostic"));
                    }
                    if !d.0.iter().any(|x| x.line > 0) {
                        failures.push(format!("{name}: no diagnostic has a location"));
                    }
                    for x in &d.0 {
                        if x.line > 0 && x.snippet.trim().is_empty() {
                            failures.push(format!("{name}: `{}` points at an empty line", x.message));
                        }
                    }
                    rendered.push(stable(&d.to_string()));
                }
            }
        }
        insta::with_settings!({ snapshot_path => "broken/snapshots", prepend_module_to_snapshot => false }, {
            insta::assert_snapshot!(name.as_str(), rendered.join("\n\n"));
        });
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

const HAND: &str = "123m456m789m123p55s";

fn load_case(name: &str) -> mj_dsl::Ruleset {
    let path = broken_dir().join(name);
    match mj_dsl::load(&path.display().to_string()) {
        Ok(rs) => rs,
        Err(d) => panic!("{name} should load:\n{d}"),
    }
}

#[test]
fn rhai_runtime_error_is_reported_when_scoring() {
    let rs = load_case("rhai_runtime");
    let err = mj_dsl::score_text(&rs, HAND).expect_err("the script indexes past the end");
    insta::with_settings!({ snapshot_path => "broken/snapshots", prepend_module_to_snapshot => false }, {
        insta::assert_snapshot!("rhai_runtime", stable(&err));
    });
}

#[test]
fn runaway_script_stops_quickly_with_a_clear_error() {
    let rs = load_case("rhai_runaway");
    let start = Instant::now();
    let err = mj_dsl::score_text(&rs, HAND).expect_err("the script never returns");
    let took = start.elapsed();
    assert!(
        took < Duration::from_secs(2),
        "the sandbox took {took:?} to stop a runaway script"
    );
    insta::with_settings!({ snapshot_path => "broken/snapshots", prepend_module_to_snapshot => false }, {
        insta::assert_snapshot!("rhai_runaway", stable(&err));
    });
}

/// Accounting "once" shares out at most 64 group fans of one kind (each is a bit of a mask while
/// a reading is judged): a ruleset with one more is refused at the extra fan's `group`, with the
/// limit and a way out, and one at the limit loads and scores.
#[test]
fn too_many_once_group_fans_are_refused_at_the_extra_fan() {
    let base = mj_dsl::load("mcr").unwrap();
    let have = base
        .fans
        .iter()
        .filter(|f| {
            !f.fallback
                && f.group
                    .as_ref()
                    .is_some_and(|g| g.kind == mj_dsl::expr::GroupKind::Chows)
        })
        .count();
    assert!(have > 0 && have < 64);
    let ruleset = |extra: usize| {
        let mut text = String::from("[ruleset]\nname = \"many-groups\"\nextends = \"mcr\"\n\n");
        for i in 0..extra {
            text.push_str(&format!(
                "[[fan]]\nid = \"extra_{i}\"\nzh = \"组{i}\"\nen = \"Extra {i}\"\npoints = 1\ndefinition = \"Two chows a step apart.\"\ngroup = \"2 chows: same suit, step 1\"\n\n"
            ));
        }
        mj_dsl::load_from_memory("many-groups", &[("ruleset.toml", text.as_str())])
    };
    let at_limit = ruleset(64 - have).expect("64 chow group fans load");
    assert!(mj_dsl::score_text(&at_limit, "123m234m345p456p55s self").is_ok());
    let err = ruleset(65 - have)
        .expect_err("65 chow group fans are refused")
        .to_string();
    assert!(err.contains("extra_") && err.contains("at most 64"), "{err}");
    assert!(err.contains("accounting = \"all\""), "{err}");
    assert!(
        err.contains("ruleset.toml:"),
        "the diagnostic points at the file: {err}"
    );
}
