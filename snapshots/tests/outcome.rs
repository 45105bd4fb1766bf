//! The outcome without its account (`mj_dsl::outcome::settle_hand`, the fast entry point for
//! bots and batch comparisons) says what the full report (`mj_dsl::report::score_hand`, what
//! `mj score` prints and the snapshots lock) says: the same error for a line that does not score,
//! else the same fans with their counts in order, total, validity, han, fu, limit and every
//! seat's payment. Checked on every corpus of `snapshots/corpus/` and on seeded sampled hands of
//! the riichi rulesets (whose points formula, dora and fu the fast path must not skip). The JSON
//! line of `mj score --brief` is the report's line less its account, on every corpus.

use mj_core::{Hand, Rng};
use mj_dsl::outcome::settle_hand;
use mj_dsl::report::score_hand;
use mj_dsl::Ruleset;
use mj_snapshots::{corpus_names, read_corpus};

fn load(name: &str) -> Ruleset {
    mj_dsl::load(name).unwrap_or_else(|d| panic!("{name} does not load:\n{d}"))
}

/// Compares the two results for one hand; returns whether it was a valid win.
fn agree(rs: &Ruleset, hand: &Hand, line: &str) -> bool {
    let fast = settle_hand(rs, hand);
    let full = score_hand(rs, hand);
    match (fast, full) {
        (Err(a), Err(b)) => {
            assert_eq!(a, b, "{}: {line}: the two paths refuse differently", rs.name);
            false
        }
        (Ok(o), Ok(r)) => {
            let fans: Vec<(&str, u32)> = o
                .hits
                .iter()
                .map(|h| (rs.fans[h.fan].id.as_str(), h.count))
                .collect();
            let want: Vec<(&str, u32)> = r.fans.iter().map(|f| (f.id.as_str(), f.count)).collect();
            let ctx = format!("{}: {line}", rs.name);
            assert_eq!(fans, want, "{ctx}: fans");
            assert_eq!(o.total, r.total, "{ctx}: total");
            assert_eq!(o.valid, r.valid, "{ctx}: valid");
            assert_eq!(o.payments, r.payments, "{ctx}: payments");
            assert_eq!(o.han_fu.map(|h| h.han), r.han, "{ctx}: han");
            if hand.melds.is_empty() && hand.concealed.is_empty() {
                // A line of words only has no reading, so the report shows no fu.
                assert_eq!(r.fu, None, "{ctx}: fu");
            } else {
                assert_eq!(o.han_fu.map(|h| h.fu), r.fu, "{ctx}: fu");
            }
            let limit = r.limit.clone();
            assert_eq!(
                o.han_fu.map(|_| o.limit_name(rs).map(String::from)),
                limit,
                "{ctx}: limit"
            );
            o.valid
        }
        (a, b) => panic!(
            "{}: {line}: one path scores, the other refuses: {a:?} / {b:?}",
            rs.name
        ),
    }
}

#[test]
fn outcome_agrees_with_the_report_on_every_corpus() {
    let names = corpus_names();
    assert!(names.len() >= 12, "corpora: {names:?}");
    for name in &names {
        let rs = load(name);
        let (mut wins, mut cases) = (0, 0);
        for case in read_corpus(name) {
            let Ok(hand) = mj_core::notation::parse_hand(&rs.tiles, &rs.context_words, &case.hand) else {
                continue;
            };
            cases += 1;
            wins += agree(&rs, &hand, &case.hand) as usize;
        }
        // Each corpus holds at least a dozen valid wins; a corpus that stopped parsing would
        // compare nothing.
        assert!(wins >= 10, "{name}: {wins} wins of {cases} parsed lines");
    }
}

#[test]
fn outcome_agrees_with_the_report_on_sampled_riichi_hands() {
    let opts = mj_dsl::sample::SampleOptions::default();
    for name in [
        "riichi",
        "riichi-ema",
        "riichi-sanma",
        "riichi[kiriage=true]",
        "riichi[kazoe=none]",
    ] {
        let rs = load(name);
        let mut rng = Rng::new(22);
        let mut wins = 0;
        for _ in 0..400 {
            let hand = mj_dsl::sample::winning_hand(&rs, &mut rng, &opts);
            let line = mj_core::print_hand(&rs.tiles, &hand);
            wins += agree(&rs, &hand, &line) as usize;
        }
        assert!(
            wins >= 100,
            "{name}: only {wins} of 400 sampled hands are valid wins"
        );
    }
}

#[test]
fn brief_json_is_the_report_json_less_its_account_on_every_corpus() {
    for name in &corpus_names() {
        let rs = load(name);
        let mut lines = 0;
        for case in read_corpus(name) {
            let mut brief = Vec::new();
            match mj_dsl::outcome::settle_text(&rs, &case.hand) {
                Ok((hand, o)) => mj_dsl::write_outcome_line(&mut brief, &rs, &hand, &o, None),
                Err(e) => mj_dsl::write_json_line(
                    &mut brief,
                    &mj_dsl::ErrorReport {
                        error: &e,
                        line: None,
                    },
                ),
            }
            let mut full = Vec::new();
            match mj_dsl::score_text(&rs, &case.hand) {
                Ok(r) => mj_dsl::write_report_line(&mut full, &r, None),
                Err(e) => mj_dsl::write_json_line(
                    &mut full,
                    &mj_dsl::ErrorReport {
                        error: &e,
                        line: None,
                    },
                ),
            }
            let brief: serde_json::Value = serde_json::from_slice(&brief).expect("brief JSON parses");
            let full: serde_json::Value = serde_json::from_slice(&full).expect("report JSON parses");
            assert_eq!(brief, mj_testkit::brief::brief_of(&full), "{name}: {}", case.hand);
            lines += 1;
        }
        assert!(lines >= 20, "{name}: {lines} lines");
    }
}
