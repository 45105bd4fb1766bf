//! Waits and shanten on hands written compactly: every tile that completes a hand, and the
//! distance to ready of the standard and special forms.

use mj_core::meld::From;
use mj_core::tile::{Tile, TileSet};
use mj_core::wait::{shanten, waits};
use mj_core::{FormRules, Meld};
use mj_testkit::presets::{self, mcr, ten};
use mj_testkit::shapes::{all_forms, counts as hand, tile};

fn names(set: &TileSet, ts: &[Tile]) -> Vec<String> {
    ts.iter().map(|&t| set.notation(t)).collect()
}

#[test]
fn nine_gates_waits_on_every_rank() {
    let set = mcr();
    let r = FormRules::default();
    let c = hand(&set, "1112345678999m");
    let w = waits(&set, &r, &[], &c);
    assert_eq!(
        names(&set, &w),
        ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m"]
    );
    assert_eq!(shanten(&set, &r, 0, &c).standard, Some(0));
}

#[test]
fn ten_rank_suits_wait_on_ten() {
    let set = ten();
    let r = FormRules::default();
    let c = hand(&set, "89m 123p 555s EEE SS");
    assert_eq!(names(&set, &waits(&set, &r, &[], &c)), ["7m", "0m"]);
    // 999m + single 10, or 99m pair + 9-10 waiting on 8.
    let c = hand(&set, "999m 0m 123p 555s EEE");
    assert_eq!(names(&set, &waits(&set, &r, &[], &c)), ["8m", "0m"]);
    let c = hand(&set, "1234567890m EEE");
    // A ten-long run leaves a single at 1, 4, 7 or 10.
    let w = waits(&set, &r, &[], &c);
    assert_eq!(names(&set, &w), ["1m", "4m", "7m", "0m"]);
    let mcr = mcr();
    let c = hand(&mcr, "89m 123p 555s EEE SS");
    assert_eq!(names(&mcr, &waits(&mcr, &r, &[], &c)), ["7m"]);
}

#[test]
fn thirteen_orphans_wait_thirteen_ways() {
    let set = mcr();
    let r = all_forms(&set);
    let c = hand(&set, "19m 19p 19s ESWNCFP");
    let w = waits(&set, &r, &[], &c);
    assert_eq!(w.len(), 13);
    let s = shanten(&set, &r, 0, &c);
    assert_eq!(s.orphans, Some(0));
    assert_eq!(s.best(), 0);
    assert!(s.standard.is_some_and(|x| x > 0));
}

#[test]
fn honours_and_knitted_waits() {
    let set = mcr();
    let r = FormRules {
        standard: false,
        honours_knitted: true,
        ..FormRules::default()
    };
    let c = hand(&set, "147m 258p 369s ESWN");
    let w = waits(&set, &r, &[], &c);
    assert_eq!(names(&set, &w), ["C", "F", "P"]);
    assert_eq!(shanten(&set, &r, 0, &c).honours_knitted, Some(0));
    let c = hand(&set, "14m 258p 39s ESWNCF");
    assert_eq!(names(&set, &waits(&set, &r, &[], &c)), ["7m", "6s", "P"]);
    let k = TileSet::new("k", &presets::two_suits_dragons()).expect("preset");
    assert_eq!(
        shanten(&k, &r, 0, &hand(&k, "147m 258p CFPCFPC")).honours_knitted,
        None
    );
}

#[test]
fn knitted_straight_with_set_and_pair() {
    let set = mcr();
    let r = FormRules {
        standard: false,
        knitted_straight: true,
        ..FormRules::default()
    };
    let c = hand(&set, "147m 258p 369s 78p EE");
    assert_eq!(names(&set, &waits(&set, &r, &[], &c)), ["6p", "9p"]);
    assert_eq!(shanten(&set, &r, 0, &c).knitted_straight, Some(0));
    let c = hand(&set, "147m 25p 369s 789p EE");
    assert_eq!(names(&set, &waits(&set, &r, &[], &c)), ["8p"]);
    let melds = [Meld::Pung {
        tile: tile(&set, "C"),
        from: From::Right,
    }];
    let c = hand(&set, "147m 258p 369s E");
    assert_eq!(names(&set, &waits(&set, &r, &melds, &c)), ["E"]);
    assert_eq!(shanten(&set, &r, 1, &c).knitted_straight, Some(0));
}

#[test]
fn seven_pairs_shanten_and_waits() {
    let set = mcr();
    let r = FormRules {
        standard: false,
        seven_pairs: true,
        seven_pairs_allow_four: true,
        ..FormRules::default()
    };
    let c = hand(&set, "111m 22p 33p 44p 55s 66s");
    assert_eq!(names(&set, &waits(&set, &r, &[], &c)), ["1m"]);
    assert_eq!(shanten(&set, &r, 0, &c).seven_pairs, Some(0));
    let strict = FormRules {
        seven_pairs_allow_four: false,
        ..r.clone()
    };
    assert!(waits(&set, &strict, &[], &c).is_empty());
    assert_eq!(shanten(&set, &strict, 0, &c).seven_pairs, Some(1));
    let c = hand(&set, "1111m 22p 33p 44p 55s 6s");
    assert_eq!(shanten(&set, &strict, 0, &c).seven_pairs, Some(2));
    assert_eq!(shanten(&set, &r, 0, &c).seven_pairs, Some(0));
}

#[test]
fn seventeen_tile_hands_need_five_sets() {
    let set = mcr();
    let r = FormRules::default();
    let c = hand(&set, "123456789m 111p 234s 9s");
    assert_eq!(names(&set, &waits(&set, &r, &[], &c)), ["9s"]);
    assert_eq!(shanten(&set, &r, 0, &c).standard, Some(0));
    let c = hand(&set, "123456789m 111p 234s 99s");
    assert_eq!(shanten(&set, &r, 0, &c).standard, Some(-1));
}

#[test]
fn exhausted_tiles_are_not_waits_but_still_ready() {
    let set = mcr();
    let r = FormRules::default();
    // 111m + 1m single is the only completion, and all four 1m are held.
    let c = hand(&set, "1111m 234p 567s 789s");
    assert!(waits(&set, &r, &[], &c).is_empty());
    assert_eq!(shanten(&set, &r, 0, &c).standard, Some(0));
}

#[test]
fn standard_shanten_examples() {
    let set = mcr();
    let r = FormRules::default();
    let sh = |s: &str| shanten(&set, &r, 0, &hand(&set, s)).standard;
    assert_eq!(sh("123m 456p 789s 11s 2p 5p"), Some(1));
    assert_eq!(sh("159m 159p 159s ESWN"), Some(8));
    assert_eq!(sh("123m 456p 789s EEE SS"), Some(-1));
    assert_eq!(sh("123m 456p 789s EE S W"), Some(1));
}

#[test]
fn absurd_input_is_refused() {
    let set = mcr();
    let r = all_forms(&set);
    let c = [200u8; mj_core::tile::MAX_KINDS];
    assert!(waits(&set, &r, &[], &c).is_empty());
    assert_eq!(shanten(&set, &r, 0, &c).best(), i8::MAX);
    let c = [0u8; mj_core::tile::MAX_KINDS];
    assert_eq!(shanten(&set, &r, 0, &c).best(), i8::MAX);
}

/// Seven pairs and a pung (`seven_pairs_pungs = 1`, 嚦咕嚦咕 of 17-tile hands): the win, its one
/// reading (the pung a set, waited as a pung when the winning tile completes it), the waits and
/// the shanten.
#[test]
fn seven_pairs_and_a_pung() {
    let set = mcr();
    let r = FormRules {
        standard: false,
        seven_pairs: true,
        seven_pairs_pungs: 1,
        ..FormRules::default()
    };
    let win = hand(&set, "1133m 5577p 2244s 99s CCC");
    assert!(mj_core::decompose::is_win(&set, &r, 0, &win));
    let rs = mj_core::decompose::readings(&set, &r, &[], &win, tile(&set, "C"));
    assert_eq!(rs.len(), 1);
    assert_eq!(rs[0].form, mj_core::Form::SevenPairs);
    assert_eq!(rs[0].pairs.len(), 7);
    assert_eq!(rs[0].sets.len(), 1);
    assert_eq!(rs[0].wait, mj_core::Wait::Pung);
    let rs = mj_core::decompose::readings(&set, &r, &[], &win, tile(&set, "9s"));
    assert_eq!(rs[0].wait, mj_core::Wait::Single);
    assert_eq!(shanten(&set, &r, 0, &win).seven_pairs, Some(-1));
    // The plain form refuses 17 tiles, and this form refuses 14 and a second pung.
    assert!(!mj_core::decompose::is_win(
        &set,
        &FormRules {
            seven_pairs_pungs: 0,
            ..r.clone()
        },
        0,
        &win
    ));
    assert!(!mj_core::decompose::is_win(
        &set,
        &r,
        0,
        &hand(&set, "1133m 5577p 2244s 99s")
    ));
    assert!(!mj_core::decompose::is_win(
        &set,
        &r,
        0,
        &hand(&set, "1133m 5577p 22s 99s CCC EEE")
    ));
    let before = hand(&set, "1133m 5577p 2244s 99s CC");
    assert_eq!(
        names(&set, &waits(&set, &r, &[], &before)),
        ["1m", "3m", "5p", "7p", "2s", "4s", "9s", "C"]
    );
    assert_eq!(shanten(&set, &r, 0, &before).seven_pairs, Some(0));
    // Two pairs short: 2.
    let far = hand(&set, "1133m 5577p 2s4s6s8s 99s CC");
    assert_eq!(shanten(&set, &r, 0, &far).seven_pairs, Some(2));
}

/// On random 16-tile hands of few kinds (many pairs and pungs): the pung form's shanten is 0
/// exactly when the shape has a winning tile, drawing a tile lowers it by at most one, and a
/// completed hand reads −1 exactly when it is a win.
#[test]
fn seven_pairs_and_a_pung_shanten_agrees_with_waits() {
    let set = mcr();
    let r = FormRules {
        standard: false,
        seven_pairs: true,
        seven_pairs_pungs: 1,
        ..FormRules::default()
    };
    let mut rng = mj_core::Rng::new(24);
    let kinds = 12usize;
    for _ in 0..400 {
        let mut c: mj_core::Counts = [0; mj_core::tile::MAX_KINDS];
        let mut n = 0;
        while n < 16 {
            let k = (rng.next_u64() % kinds as u64) as usize * 2;
            if c[k] < 4 {
                c[k] += 1;
                n += 1;
            }
        }
        let s = shanten(&set, &r, 0, &c).seven_pairs.expect("16 tiles");
        let shape = mj_core::wait::shape_waits(&set, &r, 0, &c);
        assert_eq!(s == 0, shape != 0, "{c:?}");
        for k in 0..set.playing_kinds() {
            if c[k] == 4 {
                continue;
            }
            c[k] += 1;
            let after = shanten(&set, &r, 0, &c).seven_pairs.expect("17 tiles");
            assert!(after >= s - 1, "{c:?}");
            assert_eq!(after == -1, mj_core::decompose::is_win(&set, &r, 0, &c), "{c:?}");
            assert_eq!(after == -1, shape & 1 << k != 0, "{c:?}");
            c[k] -= 1;
        }
    }
}
