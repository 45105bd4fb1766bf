//! What a rhai fan function sees: one map describing the hand and the reading being judged.
//! Tiles are given in notation (`"5m"`, `"E"`) so scripts read like the rule texts.

use crate::expr::Facts;
use crate::ruleset::Ruleset;
use mj_core::{Hand, SetKind};
use rhai::{Array, Dynamic, Map};

pub fn hand_map(rs: &Ruleset, hand: &Hand, f: &Facts) -> Map {
    let set = &rs.tiles;
    let name = |t: mj_core::Tile| Dynamic::from(set.notation(t));
    let mut m = Map::new();
    let mut tiles = Array::new();
    for t in set.playing_tiles() {
        for _ in 0..f.counts[t.id()] {
            tiles.push(name(t));
        }
    }
    m.insert("tiles".into(), Dynamic::from_array(tiles));
    m.insert(
        "concealed".into(),
        Dynamic::from_array(hand.concealed.iter().map(|&t| name(t)).collect()),
    );
    m.insert(
        "winning".into(),
        f.set.tile(f.winning).map_or(Dynamic::UNIT, name),
    );
    let mut sets = Array::new();
    for s in &f.reading.sets {
        let mut x = Map::new();
        let kind = match s.kind {
            SetKind::Chow => "chow",
            SetKind::Pung => "pung",
            SetKind::Kong => "kong",
        };
        x.insert("kind".into(), Dynamic::from(kind.to_string()));
        x.insert("tile".into(), name(s.tile));
        x.insert("concealed".into(), Dynamic::from(s.concealed));
        x.insert("declared".into(), Dynamic::from(s.meld.is_some()));
        sets.push(Dynamic::from_map(x));
    }
    m.insert("sets".into(), Dynamic::from_array(sets));
    m.insert("pair".into(), f.reading.pair.map_or(Dynamic::UNIT, name));
    let form = match f.reading.form {
        mj_core::Form::Standard => "standard",
        mj_core::Form::SevenPairs => "seven_pairs",
        mj_core::Form::Orphans => "thirteen_orphans",
        mj_core::Form::HonoursKnitted => "honours_knitted",
        mj_core::Form::KnittedStraight => "knitted_straight",
    };
    m.insert("form".into(), Dynamic::from(form.to_string()));
    m.insert("self_drawn".into(), Dynamic::from(f.self_drawn));
    m.insert("last_tile".into(), Dynamic::from(f.last_tile));
    m.insert("kong".into(), Dynamic::from(f.kong));
    m.insert("fourth".into(), Dynamic::from(f.fourth));
    m.insert("seat".into(), Dynamic::from(f.seat as i64));
    m.insert("round".into(), Dynamic::from(f.round as i64));
    m.insert("flowers".into(), Dynamic::from(f.flowers));
    let mut words = Map::new();
    for (i, w) in rs.context_words.iter().enumerate() {
        if let Some(v) = f.words.get(i).copied().flatten() {
            words.insert(w.word.as_str().into(), Dynamic::from(v));
        }
    }
    m.insert("words".into(), Dynamic::from_map(words));
    m
}
