//! The JSON that `mj score --json --batch` prints is locked byte for byte, two ways:
//!
//! - against `json_fixtures/<ruleset>.jsonl`, on every snapshot corpus, for any thread count. The
//!   fixtures were first the output of the binary built from commit d41f0f0 (before the batch
//!   serialized the report structs directly, when every line went through a `serde_json::Value`);
//!   when the reports gained fields and `line` on main (2edbcc9) they were regenerated after the
//!   test below had shown the new output equal to main's Value path on every corpus line;
//! - against that old path itself, kept here (`serde_json::to_value`, `line` inserted, then
//!   `to_string`), on every corpus and on generated hands: this one follows fields added to the
//!   report structs, the fixtures do not.
//!
//! A deliberate change of the JSON (a new field) regenerates the fixtures with
//! `MJ_UPDATE_FIXTURES=1 cargo test -p mj-cli --test json_bytes`; read the diff.

use std::path::PathBuf;

use mj_core::notation::print_hand;
use mj_core::rng::Rng;
use mj_testkit::sample::{winning_hand, SampleOptions};

mod common;

const CORPORA: [&str; 9] = [
    "mcr",
    "mcr-mil",
    "mcr-strict98",
    "shiwan",
    "kawuxing",
    "jingji",
    "riichi",
    "riichi-ema",
    "riichi-sanma",
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Runs `mj ARGS` with `input` on stdin; returns stdout.
fn mj(args: &[&str], input: &[u8]) -> Vec<u8> {
    common::mj_stdin(args, input).1
}

#[test]
fn batch_json_of_every_corpus_is_what_it_was() {
    let update = std::env::var_os("MJ_UPDATE_FIXTURES").is_some();
    for name in CORPORA {
        let corpus = root().join("snapshots/corpus").join(format!("{name}.txt"));
        let fixture = root()
            .join("cli/tests/json_fixtures")
            .join(format!("{name}.jsonl"));
        let text = std::fs::read(&corpus).expect("corpus");
        for threads in ["1", "2", "3"] {
            let out = mj(
                &[
                    "score",
                    "--rules",
                    name,
                    "--json",
                    "--batch",
                    "-",
                    "--threads",
                    threads,
                ],
                &text,
            );
            if update && threads == "1" {
                std::fs::write(&fixture, &out).expect("fixture written");
            }
            let want = std::fs::read(&fixture).expect("fixture");
            assert!(
                out == want,
                "{name} with {threads} threads: the batch JSON differs from {}",
                fixture.display()
            );
        }
    }
}

/// The pre-change output of one batch line: the report turned into a `serde_json::Value`, its
/// `line` inserted last, and printed (or the error object with its line).
fn old_line(rs: &mj_dsl::Ruleset, text: &str, line: usize) -> String {
    let v = match mj_dsl::score_text(rs, text) {
        Ok(r) => {
            let mut v = serde_json::to_value(&r).expect("a report is JSON");
            if let Some(o) = v.as_object_mut() {
                o.insert("line".into(), serde_json::json!(line));
            }
            v
        }
        Err(e) => serde_json::json!({ "error": e, "line": line }),
    };
    format!("{v}\n")
}

/// Every corpus through the batch, against the old path on each of its lines.
#[test]
fn batch_json_of_every_corpus_matches_the_value_path() {
    for name in CORPORA {
        let rs = mj_dsl::load(name).expect("built-in");
        let corpus = root().join("snapshots/corpus").join(format!("{name}.txt"));
        let text = std::fs::read_to_string(&corpus).expect("corpus");
        let mut want = String::new();
        for (i, l) in text.lines().enumerate() {
            let l = l.trim_end_matches('\r');
            if !(l.trim().is_empty() || l.trim_start().starts_with('#')) {
                want.push_str(&old_line(&rs, l, i + 1));
            }
        }
        let out = mj(
            &[
                "score",
                "--rules",
                name,
                "--json",
                "--batch",
                "-",
                "--threads",
                "2",
            ],
            text.as_bytes(),
        );
        assert!(
            String::from_utf8_lossy(&out) == want,
            "{name}: batch JSON differs from the Value path"
        );
    }
}

#[test]
fn batch_json_matches_the_value_path_on_generated_hands() {
    for name in ["mcr-mil", "shiwan", "kawuxing", "jingji"] {
        let rs = mj_dsl::load(name).expect("built-in");
        let mut rng = Rng::new(26);
        let opts = SampleOptions::default();
        let mut input = String::new();
        let mut want = String::new();
        for i in 0..3000 {
            let mut hand = print_hand(&rs.tiles, &winning_hand(&rs.tiles, &mut rng, &opts));
            // Every tenth line mutated, so errors are compared too.
            if i % 10 == 9 {
                hand.insert(rng.index(hand.len() + 1), '!');
            }
            want.push_str(&old_line(&rs, &hand, i + 1));
            input.push_str(&hand);
            input.push('\n');
        }
        for threads in ["1", "2"] {
            let out = mj(
                &[
                    "score",
                    "--rules",
                    name,
                    "--json",
                    "--batch",
                    "-",
                    "--threads",
                    threads,
                ],
                input.as_bytes(),
            );
            let out = String::from_utf8(out).expect("utf-8");
            for (k, (a, b)) in out.lines().zip(want.lines()).enumerate() {
                assert_eq!(a, b, "{name}, line {}", k + 1);
            }
            assert_eq!(out.len(), want.len(), "{name} with {threads} threads");
        }
    }
}

/// A single `mj score --json` prints the same line as the batch, without `line` on errors.
#[test]
fn single_hand_json_is_the_batch_line() {
    let rs = mj_dsl::load("mcr").expect("built-in");
    for hand in [
        "[WWWW,1][444s]45m678pFF6m self seat=S round=W flowers=2",
        "123m456m789m123p55s",
        "12m",
    ] {
        let out = mj(&["score", "--rules", "mcr", "--json", hand], b"");
        let v = match mj_dsl::score_text(&rs, hand) {
            Ok(r) => serde_json::to_value(&r).expect("a report is JSON"),
            Err(e) => serde_json::json!({ "error": e }),
        };
        assert_eq!(String::from_utf8(out).expect("utf-8"), format!("{v}\n"), "{hand}");
    }
}

/// `mj waits --batch` prints, line by line, what `mj waits --json` prints for each hand alone,
/// with its input `line`.
#[test]
fn waits_batch_is_each_hand_alone() {
    let hands = [
        "1112345678999m",
        "123m456p789s11sEE",
        "123m 456p",
        "19m19p19s1234567z",
        "nonsense",
    ];
    let input = hands.join("\n");
    let mut want = Vec::new();
    for (i, hand) in hands.iter().enumerate() {
        let alone = String::from_utf8(mj(&["waits", "--rules", "mcr", "--json", hand], b"")).expect("utf-8");
        // The same object with the input line added last.
        let body = alone.trim_end().strip_suffix('}').expect("a JSON object");
        let line = format!("{body},\"line\":{}}}\n", i + 1);
        want.extend_from_slice(line.as_bytes());
    }
    for threads in ["1", "2"] {
        let out = mj(
            &["waits", "--rules", "mcr", "--batch", "-", "--threads", threads],
            input.as_bytes(),
        );
        assert_eq!(
            String::from_utf8_lossy(&out),
            String::from_utf8_lossy(&want),
            "{threads} threads"
        );
    }
}
