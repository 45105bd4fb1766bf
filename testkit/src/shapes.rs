//! Hands written compactly for tests: digits then a suit letter (`0` = ten), honour letters alone,
//! spaces ignored (`"123m 55p EEE"`), read straight into counts without the notation's checks.

use mj_core::tile::{Counts, Tile, TileSet, MAX_KINDS};
use mj_core::FormRules;

/// Counts from compact notation: digits then a suit letter (`0` = ten), honour letters alone.
pub fn counts(set: &TileSet, s: &str) -> Counts {
    let mut c = [0u8; MAX_KINDS];
    let mut digits = Vec::new();
    for ch in s.chars() {
        match ch {
            '0'..='9' => digits.push(ch.to_digit(10).map_or(0, |d| if d == 0 { 10 } else { d as u8 })),
            'm' | 'p' | 's' => {
                for r in digits.drain(..) {
                    c[set.suited(ch, r).expect("tile in set").id()] += 1;
                }
            }
            ' ' => {}
            h => c[set.honour(h).expect("honour in set").id()] += 1,
        }
    }
    c
}

/// The one tile `s` names (`"5p"`, `"E"`).
pub fn tile(set: &TileSet, s: &str) -> Tile {
    let c = counts(set, s);
    c.iter()
        .position(|&n| n > 0)
        .and_then(|id| set.tile(id))
        .expect("one tile of the set")
}

/// Every win form enabled, the orphans being the set's terminals and honours, so that whatever
/// the tile set, every code path of the win check runs.
pub fn all_forms(set: &TileSet) -> FormRules {
    FormRules {
        standard: true,
        seven_pairs: true,
        seven_pairs_allow_four: true,
        seven_pairs_pungs: 0,
        orphans: set
            .playing_tiles()
            .filter(|&t| set.is_terminal(t) || set.is_honour(t))
            .collect(),
        honours_knitted: true,
        knitted_straight: true,
    }
}
