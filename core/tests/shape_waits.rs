//! `shape_waits` (per-suit wait search) must agree with trying every tile through `is_win`.

use mj_core::decompose::is_win;
use mj_core::hand::counts_of;
use mj_core::reading::FormRules;
use mj_core::rng::Rng;
use mj_core::tile::TileSet;
use mj_core::wait::shape_waits;
use mj_testkit::presets;
use mj_testkit::sample::{winning_hand, SampleOptions};

fn brute(set: &TileSet, rules: &FormRules, melds: usize, before: &mj_core::Counts) -> u64 {
    let mut mask = 0;
    let mut c = *before;
    for t in set.playing_tiles() {
        c[t.id()] += 1;
        if is_win(set, rules, melds, &c) {
            mask |= 1 << t.id();
        }
        c[t.id()] -= 1;
    }
    mask
}

fn check(set: &TileSet, rules: &FormRules, seed: u64) {
    let mut rng = Rng::new(seed);
    let opts = SampleOptions::default();
    let tiles: Vec<_> = set.playing_tiles().collect();
    for n in 0..3000 {
        let hand = winning_hand(set, &mut rng, &opts);
        let mut before = hand.concealed_before_win().to_vec();
        // Every third hand also has one tile replaced, to test hands that are not ready.
        if n % 3 == 0 && !before.is_empty() {
            let i = rng.below(before.len() as u64) as usize;
            before[i] = tiles[rng.below(tiles.len() as u64) as usize];
        }
        let c = counts_of(&before);
        assert_eq!(
            shape_waits(set, rules, hand.melds.len(), &c),
            brute(set, rules, hand.melds.len(), &c),
            "{}",
            mj_core::notation::print_tiles(set, &before)
        );
    }
}

#[test]
fn standard_and_seven_pairs_agree_with_brute_force() {
    let set = TileSet::new("mcr", &presets::chinese_official()).unwrap();
    let rules = FormRules {
        standard: true,
        seven_pairs: true,
        ..FormRules::default()
    };
    check(&set, &rules, 1);
}

#[test]
fn all_forms_agree_with_brute_force() {
    let set = TileSet::new("mcr", &presets::chinese_official()).unwrap();
    let orphans = mj_core::notation::parse_tiles(&set, "19m19p19sESWNCFP").unwrap();
    let rules = FormRules {
        standard: true,
        seven_pairs: true,
        orphans,
        honours_knitted: true,
        knitted_straight: true,
        ..FormRules::default()
    };
    check(&set, &rules, 2);
}

#[test]
fn ten_rank_suits_agree_with_brute_force() {
    let set = TileSet::new("shiwan", &presets::ten_rank()).unwrap();
    check(
        &set,
        &FormRules {
            standard: true,
            seven_pairs: true,
            ..FormRules::default()
        },
        3,
    );
}
