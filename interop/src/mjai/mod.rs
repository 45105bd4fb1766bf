//! mjai, the JSON-lines event format of Riichi bots (gimite's mjai server, Mortal, mjai.app):
//! one JSON object per line, `{"type": "start_kyoku", ...}`, `{"type": "dahai", ...}`.
//!
//! Tiles are named `1m`–`9m`, `1p`–`9p`, `1s`–`9s`, the winds `E S W N` and the dragons `P`
//! (white, 白), `F` (green, 發), `C` (red, 中) — the same letters as our notation — and a red
//! five adds `r` (`5mr`). Seats (`actor`, `target`, `oya`) are our seat indices.
//!
//! [`export`] writes our records of a game as an mjai log (`mj export mjai`), [`bot`] is the
//! greedy bot as an mjai player and [`judge`] seats four mjai bots at our table.

pub mod bot;
pub mod export;
pub mod judge;

use mj_core::tile::{Tile, TileSet};
use serde_json::{json, Value};

/// The mjai name of `t`, `red` when it is a red copy (`5mr`); `None` for a tile mjai cannot
/// name (flowers, a suit or honour outside Riichi's 34 kinds).
pub fn tile_name(set: &TileSet, t: Tile, red: bool) -> Option<String> {
    let n = set.notation(t);
    let ok = match n.as_bytes() {
        [d, s] => (b'1'..=b'9').contains(d) && matches!(s, b'm' | b'p' | b's'),
        [h] => b"ESWNPFC".contains(h),
        _ => false,
    };
    if !ok {
        return None;
    }
    Some(if red && n.starts_with('5') {
        format!("{n}r")
    } else {
        n
    })
}

/// The tile an mjai name stands for and whether it names a red copy (`5mr`); `None` for a name
/// that is not one of `set`'s tiles.
pub fn parse_tile(set: &TileSet, name: &str) -> Option<(Tile, bool)> {
    let plain = name.strip_suffix('r').unwrap_or(name);
    match mj_core::parse_tiles(set, plain) {
        Ok(t) if t.len() == 1 => Some((t[0], plain != name)),
        _ => None,
    }
}

/// Event `v` as seat `seat` is told it: `start_game` with its own `id`, the other seats'
/// starting hands and draws hidden as `?` (mjai's convention).
pub fn seat_view(v: &Value, seat: usize) -> Value {
    let mut v = v.clone();
    match v["type"].as_str() {
        Some("start_game") => v["id"] = json!(seat),
        Some("start_kyoku") => {
            if let Some(hands) = v["tehais"].as_array_mut() {
                for (_, h) in hands.iter_mut().enumerate().filter(|(s, _)| *s != seat) {
                    let n = h.as_array().map_or(13, |a| a.len());
                    *h = json!(vec!["?"; n]);
                }
            }
        }
        Some("tsumo") if v["actor"] != json!(seat) => v["pai"] = json!("?"),
        _ => {}
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn riichi_tiles_have_mjai_names_and_red_fives_an_r() {
        let t = mj_dsl::table::Table::new(mj_dsl::load("riichi").expect("loads")).expect("table");
        let set = mj_core::game::Rules::tiles(&t);
        let names: Vec<String> = set
            .playing_tiles()
            .map(|x| tile_name(set, x, false).expect("named"))
            .collect();
        assert_eq!(names.len(), 34);
        for want in ["1m", "9p", "5s", "E", "N", "P", "F", "C"] {
            assert!(names.iter().any(|n| n == want), "{want} in {names:?}");
        }
        let five = mj_core::parse_tiles(set, "5p").expect("a tile")[0];
        assert_eq!(tile_name(set, five, true).as_deref(), Some("5pr"));
        let one = mj_core::parse_tiles(set, "1p").expect("a tile")[0];
        assert_eq!(tile_name(set, one, true).as_deref(), Some("1p"));
    }
}
