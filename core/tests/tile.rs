//! Tile sets built from specs: sequences follow each suit's own ranks, and bad specs are refused
//! with a reason.

use mj_core::tile::{TileSet, TileSetError};
use mj_testkit::presets;

#[test]
fn shipped_sets_have_the_documented_sizes() {
    let mcr = TileSet::new("mcr", &presets::chinese_official()).unwrap();
    assert_eq!(mcr.total_tiles(), 144);
    assert_eq!(mcr.playing_kinds(), 34);
    let shiwan = TileSet::new("shiwan", &presets::ten_rank()).unwrap();
    assert_eq!(shiwan.total_tiles(), 136);
    let kawuxing = TileSet::new("kawuxing", &presets::two_suits_dragons()).unwrap();
    assert_eq!(kawuxing.total_tiles(), 84);
}

#[test]
fn sequences_follow_the_suit_and_never_wrap() {
    let shiwan = TileSet::new("shiwan", &presets::ten_rank()).unwrap();
    let eight = shiwan.suited('m', 8).unwrap();
    assert!(shiwan.chow_start(eight), "8-9-10 is a sequence where ten exists");
    assert!(!shiwan.chow_start(shiwan.suited('m', 9).unwrap()));
    let ten = shiwan.suited('m', 10).unwrap();
    assert!(shiwan.is_terminal(ten));
    assert_eq!(shiwan.step(ten, 1), None);
    let mcr = TileSet::new("mcr", &presets::chinese_official()).unwrap();
    assert!(!mcr.chow_start(mcr.suited('m', 8).unwrap()));
    assert_eq!(mcr.suited('m', 10), None);
    assert!(mcr.is_terminal(mcr.suited('p', 9).unwrap()));
}

#[test]
fn bad_specs_are_rejected_with_a_reason() {
    let mut spec = presets::chinese_official();
    spec.suits[0].max_rank = 11;
    assert!(matches!(
        TileSet::new("x", &spec),
        Err(TileSetError::BadRankRange { .. })
    ));
    let mut spec = presets::chinese_official();
    spec.honours.push('E');
    assert_eq!(TileSet::new("x", &spec), Err(TileSetError::DuplicateHonour('E')));
    let mut spec = presets::chinese_official();
    spec.suits[1].letter = 'x';
    assert_eq!(TileSet::new("x", &spec), Err(TileSetError::BadSuitLetter('x')));
}
