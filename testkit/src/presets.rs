//! Tile set specs that stand in for rulesets where no ruleset is loaded: core's own tests, benches,
//! examples and fuzz targets. Core itself knows no variant; these are data a test hands it.
use mj_core::tile::{SuitSpec, TileSetSpec, HONOUR_LETTERS};
use mj_core::TileSet;

fn suit(letter: char, name: &str, max_rank: u8) -> SuitSpec {
    SuitSpec {
        letter,
        name: name.into(),
        min_rank: 1,
        max_rank,
        copies: 4,
        red: 0,
        red_rank: 5,
        ranks: None,
    }
}

/// 144 tiles: three suits 1–9, four winds, three dragons, eight bonus tiles.
pub fn chinese_official() -> TileSetSpec {
    TileSetSpec {
        suits: vec![suit('m', "万", 9), suit('p', "饼", 9), suit('s', "条", 9)],
        honours: HONOUR_LETTERS.to_vec(),
        honour_copies: 4,
        bonus: (1..=8).collect(),
        honour_numbers: None,
        bonus_seats: false,
    }
}

/// 136 tiles: three suits ranked 1–10 and four winds.
pub fn ten_rank() -> TileSetSpec {
    TileSetSpec {
        suits: vec![suit('m', "万", 10), suit('p', "饼", 10), suit('s', "条", 10)],
        honours: vec!['E', 'S', 'W', 'N'],
        honour_copies: 4,
        bonus: vec![],
        honour_numbers: None,
        bonus_seats: false,
    }
}

/// 84 tiles: 万 and 筒 1–9 and the three dragons.
pub fn two_suits_dragons() -> TileSetSpec {
    TileSetSpec {
        suits: vec![suit('m', "万", 9), suit('p', "筒", 9)],
        honours: vec!['C', 'F', 'P'],
        honour_copies: 4,
        bonus: vec![],
        honour_numbers: None,
        bonus_seats: false,
    }
}

/// A preset built, for tests: the presets are valid by construction, so building cannot fail.
pub fn build(name: &str, spec: &TileSetSpec) -> TileSet {
    match TileSet::new(name, spec) {
        Ok(set) => set,
        Err(e) => panic!("preset {name} does not build: {e}"),
    }
}

/// The Chinese Official set (144 tiles), built.
pub fn mcr() -> TileSet {
    build("mcr", &chinese_official())
}

/// The 1–10 set (136 tiles), built.
pub fn ten() -> TileSet {
    build("ten", &ten_rank())
}

/// The two-suit-and-dragons set (84 tiles), built.
pub fn kawuxing() -> TileSet {
    build("kawuxing", &two_suits_dragons())
}
