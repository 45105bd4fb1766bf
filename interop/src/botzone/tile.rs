//! Botzone tile names ↔ tiles of a ruleset's tile set.

use mj_core::tile::{Tile, TileSet};

/// Our notation letters for Botzone's suit letters: W 万 = m, B 饼 = p, T 条 = s.
const SUITS: [(char, char); 3] = [('W', 'm'), ('B', 'p'), ('T', 's')];
/// Our honour letters in Botzone's order: F1–F4 then J1–J3.
const WINDS: [char; 4] = ['E', 'S', 'W', 'N'];
const DRAGONS: [char; 3] = ['C', 'F', 'P'];

/// The tile a Botzone name stands for, or a message saying what was expected.
pub fn parse(set: &TileSet, name: &str) -> Result<Tile, String> {
    let bad = || {
        format!(
            "`{name}` is not a Botzone tile: write W1–W9, B1–B9, T1–T9, F1–F4 (winds E S W N), J1–J3 (red, green, white) or H1–H8 (flowers)"
        )
    };
    let mut chars = name.chars();
    let (Some(letter), Some(digit), None) = (chars.next(), chars.next(), chars.next()) else {
        return Err(bad());
    };
    let rank = digit.to_digit(10).ok_or_else(bad)? as u8;
    let tile = if let Some(&(_, ours)) = SUITS.iter().find(|(b, _)| *b == letter) {
        (1..=9).contains(&rank).then(|| set.suited(ours, rank)).flatten()
    } else if letter == 'H' {
        // Botzone's H1–H8 are 春夏秋冬梅兰竹菊; our bonus tiles are numbered 1–8 too. Flowers
        // score alike, so only the count matters and the numbering is taken as is.
        (1..=8).contains(&rank).then(|| set.bonus(rank)).flatten()
    } else {
        let table: &[char] = match letter {
            'F' => &WINDS,
            'J' => &DRAGONS,
            _ => return Err(bad()),
        };
        (rank as usize)
            .checked_sub(1)
            .and_then(|i| table.get(i))
            .and_then(|&l| set.honour(l))
    };
    tile.ok_or_else(bad)
}

/// The Botzone name of `tile`, or `None` for a tile Botzone has no name for (ten-rank tiles).
pub fn name(set: &TileSet, tile: Tile) -> Option<String> {
    if let Some((_, rank)) = set.suit_rank(tile) {
        let ours = set.notation(tile).chars().last()?;
        let &(letter, _) = SUITS.iter().find(|(_, o)| *o == ours)?;
        return (1..=9).contains(&rank).then(|| format!("{letter}{rank}"));
    }
    if set.is_bonus(tile) {
        let number = set.notation(tile).chars().next()?.to_digit(10)?;
        return Some(format!("H{number}"));
    }
    let letter = set.notation(tile).chars().next()?;
    if let Some(i) = WINDS.iter().position(|&l| l == letter) {
        return Some(format!("F{}", i + 1));
    }
    DRAGONS
        .iter()
        .position(|&l| l == letter)
        .map(|i| format!("J{}", i + 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use mj_testkit::presets;

    fn set() -> TileSet {
        TileSet::new("mcr", &presets::chinese_official()).expect("built-in set")
    }

    #[test]
    fn every_playing_tile_round_trips() {
        let set = set();
        let mut named = 0;
        for t in set.playing_tiles() {
            let n = name(&set, t).expect("every MCR playing tile has a Botzone name");
            assert_eq!(parse(&set, &n), Ok(t), "{n}");
            named += 1;
        }
        assert_eq!(named, 34);
    }

    #[test]
    fn known_names() {
        let set = set();
        let text = |n: &str| set.notation(parse(&set, n).expect(n));
        assert_eq!(text("W1"), "1m");
        assert_eq!(text("B9"), "9p");
        assert_eq!(text("T5"), "5s");
        assert_eq!(text("F1"), "E");
        assert_eq!(text("F4"), "N");
        assert_eq!(text("J1"), "C");
        assert_eq!(text("J3"), "P");
        assert_eq!(text("H1"), "1f");
        assert_eq!(text("H8"), "8f");
        assert_eq!(name(&set, parse(&set, "H5").expect("H5")).as_deref(), Some("H5"));
    }

    #[test]
    fn bad_names_are_errors() {
        let set = set();
        for bad in [
            "", "W", "W0", "W10", "F5", "J4", "J0", "H0", "H9", "X1", "w1", "W1 ",
        ] {
            let err = parse(&set, bad).expect_err(bad);
            assert!(err.contains("W1–W9"), "{err}");
        }
    }
}
