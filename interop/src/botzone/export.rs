//! Our records in the Botzone log layout (`mj export botzone`).

use super::log::{DEAL, PLAYERS};
use super::replay::RULESET;
use super::tile;
use mj_core::game::record::RecordEvent;
use mj_core::game::{Record, Rules};
use mj_core::{Tile, Wind};
use mj_dsl::table::Table;
use std::fmt::Write as _;

/// A file name for a match id: letters, digits, `-` and `_` kept, anything else `_`.
pub fn file_name(id: &str) -> String {
    id.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// One record as a Botzone log block (ending with a blank line).
pub fn export_record(t: &Table, r: &Record, id: &str) -> Result<String, String> {
    if r.ruleset != RULESET {
        return Err(format!(
            "the record is of ruleset `{}`, not `{RULESET}`",
            r.ruleset
        ));
    }
    let set = t.tiles();
    let n = r.players.len();
    if n != PLAYERS || r.dealer >= n {
        return Err("a Botzone game has four players".into());
    }
    // Botzone player k sits in our seat dealer + k.
    let bz = |seat: usize| (seat + n - r.dealer) % n;
    let tile = |s: &str| -> Result<Tile, String> {
        match mj_core::parse_tiles(set, s) {
            Ok(v) if v.len() == 1 => Ok(v[0]),
            _ => Err(format!("`{s}` is not one tile")),
        }
    };
    let name = |s: &str| -> Result<String, String> {
        let t = tile(s)?;
        tile::name(set, t).ok_or_else(|| format!("{s} has no Botzone name"))
    };
    let wind = Wind::from_letter(r.round).ok_or("the record's round is not a wind")?;
    let mut o = String::new();
    let _ = writeln!(o, "Match {id}");
    let _ = writeln!(o, "Wind {}", wind.index());
    let mut last_offered: Option<String> = None;
    let mut net = vec![0i64; n];
    for e in &r.events {
        match e {
            RecordEvent::Deal { hands, .. } => {
                let mut dealt = vec![String::new(); n];
                let mut first_draw = None;
                for (seat, h) in hands.iter().enumerate() {
                    let tiles = mj_core::parse_tiles(set, h).map_err(|e| e.to_string())?;
                    let mut names: Vec<String> = tiles
                        .iter()
                        .map(|&x| tile::name(set, x).ok_or_else(|| format!("{h} has a tile Botzone lacks")))
                        .collect::<Result<_, _>>()?;
                    if names.len() == DEAL + 1 {
                        first_draw = names.pop();
                    }
                    if names.len() != DEAL {
                        return Err(format!(
                            "seat {seat} is dealt {}",
                            mj_core::tile::tiles_word(names.len())
                        ));
                    }
                    dealt[bz(seat)] = names.join(" ");
                }
                for (p, d) in dealt.iter().enumerate() {
                    let _ = writeln!(o, "Player {p} Deal {d}");
                }
                if let Some(d) = first_draw {
                    let _ = writeln!(o, "Player 0 Draw {d}");
                }
            }
            RecordEvent::Draw { seat, tile: x, .. } => {
                let _ = writeln!(o, "Player {} Draw {}", bz(*seat), name(x)?);
            }
            RecordEvent::Discard { seat, tile: x, .. } => {
                let nm = name(x)?;
                let _ = writeln!(o, "Player {} Play {nm}", bz(*seat));
                last_offered = Some(nm);
            }
            RecordEvent::Chi { seat, chow, .. } => {
                let first = tile(chow)?;
                let mid = set.step(first, 1).ok_or("a chow without a middle tile")?;
                let mid = tile::name(set, mid).ok_or("a chow Botzone cannot name")?;
                let _ = writeln!(o, "Player {} Chi {mid}", bz(*seat));
            }
            RecordEvent::Pong { seat, tile: x, .. } => {
                let _ = writeln!(o, "Player {} Peng {}", bz(*seat), name(x)?);
            }
            RecordEvent::Kong {
                seat, tile: x, kind, ..
            } => {
                let verb = match kind.as_str() {
                    "exposed" => "Gang",
                    "concealed" => "AnGang",
                    _ => "BuGang",
                };
                let nm = name(x)?;
                let _ = writeln!(o, "Player {} {verb} {nm}", bz(*seat));
                if verb == "BuGang" {
                    last_offered = Some(nm);
                }
            }
            RecordEvent::Win {
                seat,
                tile: x,
                self_drawn,
                fans,
                total,
                ..
            } => {
                // The dataset's quirk: a self-drawn win logs the last tile played, not the draw.
                let logged = match (self_drawn, &last_offered) {
                    (true, Some(l)) => l.clone(),
                    _ => name(x)?,
                };
                let _ = writeln!(o, "Player {} Hu {logged}", bz(*seat));
                let desc: Vec<String> = fans.iter().map(|f| fan_entry(f)).collect();
                let _ = writeln!(o, "Fan {total} {}", desc.join("+"));
            }
            RecordEvent::Payment { seat, amount, .. } => net[bz(*seat)] += amount,
            RecordEvent::ExhaustiveDraw { .. } => {
                let _ = writeln!(o, "Huang");
            }
            RecordEvent::Penalty { .. } | RecordEvent::Forfeit { .. } => {
                return Err("a penalty has no place in a Botzone log".into())
            }
            RecordEvent::Ready { .. }
            | RecordEvent::Flower { .. }
            | RecordEvent::Horses { .. }
            | RecordEvent::Void { .. }
            | RecordEvent::Exchange { .. }
            | RecordEvent::AbortiveDraw { .. } => {
                return Err("the record has an event Botzone does not know".into())
            }
        }
    }
    let _ = writeln!(
        o,
        "Score {}",
        net.iter().map(i64::to_string).collect::<Vec<_>>().join(" ")
    );
    let _ = writeln!(o);
    Ok(o)
}

/// `和绝张 4` → `和绝张*1`, `幺九刻 1×2` → `幺九刻*2`: the dataset's `name*count`.
fn fan_entry(f: &str) -> String {
    let (name, value) = f.rsplit_once(' ').unwrap_or((f, "1"));
    let count = value.split_once('×').map_or("1", |(_, c)| c);
    format!("{name}*{count}")
}
