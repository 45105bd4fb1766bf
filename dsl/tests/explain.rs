//! The explanation of a score (`why` of every fan, the reading, the fans not counted) against
//! the hand itself: every set an explanation names is a set of the reading, the reading's tiles
//! are exactly the hand's, and a fan counted n times has n occurrences (or one for all). Checked
//! over seeded generated hands of every built-in ruleset and over the MCR snapshot corpus; the
//! hand-written cases cite the Chinese Official rule text (第九条) they come from.

use mj_core::notation::parse_tiles;
use mj_core::rng::Rng;
use mj_dsl::{HandReport, Ruleset};
use mj_testkit::sample::{winning_hand, SampleOptions};

/// Checks one report against its hand; returns how many occurrences it checked.
fn check(rs: &Ruleset, text: &str, r: &HandReport) -> usize {
    let hand =
        mj_core::notation::parse_hand(&rs.tiles, &rs.context_words, &r.hand).expect("canonical hand parses");
    // The reading's tiles are the hand's tiles, kongs counting four.
    let mut from_reading = vec![0u32; 64];
    for item in &r.reading {
        for t in parse_tiles(&rs.tiles, item).unwrap_or_else(|e| panic!("{text}: reading item {item}: {e}")) {
            from_reading[t.id()] += 1;
        }
    }
    let counts = hand.all_counts(&rs.tiles);
    for t in rs.tiles.playing_tiles() {
        assert_eq!(
            from_reading[t.id()],
            u32::from(counts[t.id()]),
            "{text}: tile {} in the reading {:?}",
            rs.tiles.notation(t),
            r.reading
        );
    }
    let mut checked = 0;
    for f in &r.fans {
        assert!(!f.why.is_empty(), "{text}: fan {} has no explanation", f.id);
        assert!(
            f.why.len() == 1 || f.why.len() == f.count as usize,
            "{text}: fan {} counted {} times has {} occurrences",
            f.id,
            f.count,
            f.why.len()
        );
        for o in &f.why {
            assert!(
                !o.sets.is_empty() || !o.words.is_empty(),
                "{text}: empty occurrence of {}",
                f.id
            );
            // Each occurrence names distinct sets of the reading: as many copies as it names.
            for s in &o.sets {
                let named = o.sets.iter().filter(|x| *x == s).count();
                let there = r.reading.iter().filter(|x| *x == s).count();
                assert!(
                    named <= there,
                    "{text}: fan {} names {s} ×{named}, the reading {:?}",
                    f.id,
                    r.reading
                );
            }
            for w in &o.words {
                if let Some(n) = w.strip_prefix("flowers=") {
                    assert_eq!(
                        n.parse::<u64>().ok(),
                        Some(hand.flower_count() as u64),
                        "{text}: {w}"
                    );
                    continue;
                }
                let word = w.split('=').next().unwrap_or(w);
                assert!(
                    r.hand.contains(word),
                    "{text}: fan {} names word {w} absent from {}",
                    f.id,
                    r.hand
                );
            }
            checked += 1;
        }
    }
    checked
}

#[test]
fn every_explained_set_is_in_the_reading_over_generated_hands() {
    for name in mj_dsl::builtin_names() {
        let rs = mj_dsl::load(name).expect("built-in loads");
        // The test kit's sampler plans four sets and a pair: a 16-tile ruleset (taiwan) gets no
        // hand from it, and its explanations are checked by its corpus instead.
        if rs.deal.hand_size != 13 {
            continue;
        }
        let mut rng = Rng::new(0x25);
        let opts = SampleOptions::default();
        let (mut scored, mut occurrences) = (0, 0);
        for _ in 0..400 {
            let mut hand = winning_hand(&rs.tiles, &mut rng, &opts);
            // The sampler counts flowers (`flowers=N`), which a ruleset whose bonus tiles belong
            // to seats does not read.
            if rs.tiles.bonus_seats() {
                hand.context.flowers = 0;
            }
            let text = mj_core::notation::print_hand(&rs.tiles, &hand);
            if let Ok(r) = mj_dsl::report::score_hand(&rs, &hand) {
                occurrences += check(&rs, &text, &r);
                scored += 1;
            }
        }
        assert!(scored >= 100, "{name}: only {scored} generated hands scored");
        assert!(
            occurrences >= scored,
            "{name}: {occurrences} occurrences over {scored} hands"
        );
    }
}

#[test]
fn every_explained_set_is_in_the_reading_over_the_mcr_corpus() {
    let rs = mj_dsl::load("mcr").expect("mcr");
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../snapshots/corpus/mcr.txt");
    let text = std::fs::read_to_string(path).expect("the MCR snapshot corpus");
    let mut scored = 0;
    for line in text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        if let Ok(r) = mj_dsl::score_text(&rs, line) {
            check(&rs, line, &r);
            scored += 1;
        }
    }
    assert!(scored >= 150, "only {scored} corpus hands scored");
}

fn fan<'a>(r: &'a HandReport, id: &str) -> &'a mj_dsl::report::FanLine {
    r.fans
        .iter()
        .find(|f| f.id == id)
        .unwrap_or_else(|| panic!("no {id} in {:?}", r.fans))
}

fn sets(f: &mj_dsl::report::FanLine) -> Vec<String> {
    f.why.iter().map(|o| o.sets.join(" ")).collect()
}

#[test]
fn rule_text_cases_name_the_sets_that_produced_each_fan() {
    let rs = mj_dsl::load("mcr").expect("mcr");
    // 第九条 69 一般高: 由一种花色2副相同的顺子组成的牌.
    let r = mj_dsl::score_text(&rs, "[789s,1]123m123m456p9p9p").expect("scores");
    assert_eq!(sets(fan(&r, "yi_ban_gao")), ["123m 123m"]);
    // 第九条 59 箭刻: 由中、发、白3张相同的牌组成的刻子 — counted twice, once per pung.
    let r = mj_dsl::score_text(&rs, "[CCC,1][FFF,2]123m456p9p9p").expect("scores");
    let jian = fan(&r, "shuang_jian_ke");
    assert_eq!(sets(jian), ["CCC FFF"]);
    let r = mj_dsl::score_text(&rs, "[CCC,1][777p,2]123m456p9p9p").expect("scores");
    assert_eq!(sets(fan(&r, "jian_ke")), ["CCC"]);
    // 第九条 2 大三元: 和牌中，有中发白3副刻子。不计箭刻 — the not-counted 箭刻 names 大三元.
    let r = mj_dsl::score_text(&rs, "[CCC,1][FFF,2][PPP,3]123m9p9p").expect("scores");
    assert_eq!(sets(fan(&r, "da_san_yuan")), ["CCC FFF PPP"]);
    let removed = r
        .removed
        .iter()
        .find(|x| x.id == "jian_ke")
        .expect("箭刻 listed as not counted");
    assert!(removed.by.contains("大三元"), "{removed:?}");
    // 自摸 reads the context word, not the tiles.
    let r = mj_dsl::score_text(&rs, "[CCC,1][FFF,2][PPP,3]123m9p9p self").expect("scores");
    assert_eq!(fan(&r, "zi_mo").why[0].words, ["self"]);
}

/// mcr-strict98 reads 七对 strictly: seven pairs do not combine with whole-hand fans such as
/// 混幺九 (docs/mcr-reference.md, STRICT_98_RULE). The account says so instead of staying silent.
#[test]
fn the_strict_seven_pairs_reading_names_the_fans_it_removed() {
    let hand = "1m1m9m9m1p1p9p9p1s1sEENN";
    let plain = mj_dsl::score_text(&mj_dsl::load("mcr").expect("mcr"), hand).expect("scores");
    assert!(plain.fans.iter().any(|f| f.id == "hun_yao_jiu"));
    let strict = mj_dsl::score_text(&mj_dsl::load("mcr-strict98").expect("strict"), hand).expect("scores");
    assert!(strict.fans.iter().all(|f| f.id != "hun_yao_jiu"));
    let removed = strict
        .removed
        .iter()
        .find(|x| x.id == "hun_yao_jiu")
        .expect("混幺九 listed");
    assert!(removed.by.contains("seven_pairs"), "{removed:?}");
}
