//! `[tiles]`: the tile set every other section is read against.

use super::files::deep_merge;
use super::{section_by, Layer, Loader};
use crate::expr;
use mj_core::{TileSet, TileSetSpec};

impl Loader {
    /// The `[tiles]` table as written, and its file (`None` after the diagnostic of a missing or
    /// malformed table).
    pub(super) fn tiles_spec(&mut self, chain: &[Layer], top: usize) -> (Option<TileSetSpec>, usize) {
        let mut tiles_v = section_by(chain, |r| r.tiles.as_ref(), merge_tiles);
        let tiles_file = tiles_v.as_ref().map(|x| x.1).unwrap_or(top);
        if let Some(letters) = tiles_v
            .as_mut()
            .map(|(v, _)| take_removals(v))
            .filter(|l| !l.is_empty())
        {
            let span = self.find_in(tiles_file, "tiles", "`remove`");
            self.help(
                tiles_file,
                span,
                format!("in [tiles]: suit {letters} is removed, but no base ruleset has it"),
                "`{ letter = \"m\", remove = true }` deletes a suit of the ruleset extended; drop the entry, or check the letter",
            );
            return (None, tiles_file);
        }
        let tiles_spec: Option<TileSetSpec> = match tiles_v {
            None => {
                let span = self.header_span(top);
                self.help(
                    top,
                    span,
                    "missing [tiles] table",
                    "give suits, honours and bonus tiles, e.g. suits = [{ letter = \"m\", max_rank = 9 }]",
                );
                None
            }
            some => self.typed("tiles", some),
        };
        (tiles_spec, tiles_file)
    }

    /// The tile set of a spec, or the diagnostic of a spec that makes none.
    pub(super) fn tile_set(
        &mut self,
        name: &str,
        tiles_spec: Option<&TileSetSpec>,
        tiles_file: usize,
    ) -> Option<TileSet> {
        match tiles_spec {
            Some(spec) => match TileSet::new(name.to_string(), spec) {
                Ok(t) => Some(t),
                Err(e) => {
                    let span = self.tiles_error_span(tiles_file, &e);
                    self.help(
                        tiles_file,
                        span,
                        format!("in [tiles]: {e}"),
                        "a suit is { letter = \"m\", name = \"万\", max_rank = 9 } (ranks 1–10, letters m p s, each once)",
                    );
                    None
                }
            },
            None => None,
        }
    }
}

/// `[tiles]` of a later layer onto an earlier one: keys override as everywhere, but `suits` merge
/// by `letter` (a suit's keys override the base's suit of that letter, a new letter is added at
/// the end, `remove = true` deletes it), so an extension or a setting says only what changes
/// (`{ letter = "m", red = 0 }`) instead of restating every suit.
fn merge_tiles(base: &mut toml::Value, over: &toml::Value) {
    let letter = |v: &toml::Value| v.get("letter").and_then(|l| l.as_str()).map(str::to_string);
    let base_suits = base.get("suits").and_then(|s| s.as_array()).cloned();
    let over_suits = over.get("suits").and_then(|s| s.as_array());
    deep_merge(base, over);
    let (Some(mut suits), Some(over_suits), Some(table)) = (base_suits, over_suits, base.as_table_mut())
    else {
        return;
    };
    for (k, o) in over_suits.iter().enumerate() {
        let removes = o.get("remove").and_then(|r| r.as_bool()) == Some(true);
        // A letter given twice in one layer stays twice, for the tile set's "listed twice".
        let again = over_suits[..k]
            .iter()
            .any(|p| letter(p).is_some() && letter(p) == letter(o));
        match suits
            .iter()
            .position(|b| letter(b).is_some() && letter(b) == letter(o))
        {
            _ if again => suits.push(o.clone()),
            Some(i) if removes => {
                suits.remove(i);
            }
            Some(i) => deep_merge(&mut suits[i], o),
            None => suits.push(o.clone()),
        }
    }
    table.insert("suits".into(), toml::Value::Array(suits));
}

/// Takes the `remove` keys out of the merged suits (the tile set does not know them): the letters
/// of those that asked to remove a suit no layer below had, for the diagnostic.
fn take_removals(tiles: &mut toml::Value) -> String {
    let mut unknown = Vec::new();
    let suits = tiles.get_mut("suits").and_then(|s| s.as_array_mut());
    for s in suits.into_iter().flatten() {
        if let Some(t) = s.as_table_mut() {
            if t.remove("remove").and_then(|r| r.as_bool()) == Some(true) {
                unknown.push(
                    t.get("letter")
                        .and_then(|l| l.as_str())
                        .unwrap_or("?")
                        .to_string(),
                );
            }
        }
    }
    unknown
        .iter()
        .map(|l| format!("`{l}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A help line for an error in a `when` condition (or a group's tile class).
pub(super) fn when_help(message: &str, spec: &mj_core::TileSetSpec) -> String {
    let expr::Vocabulary {
        names,
        functions: funcs,
        classes,
    } = expr::vocabulary();
    let list = |v: &[expr::Entry]| v.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ");
    if message.contains("unknown name") {
        format!(
            "names are hand quantities ({}) and the ruleset's [[context]] words",
            list(&names)
        )
    } else if message.contains("unknown function") {
        format!("functions are {}", list(&funcs))
    } else if message.contains("tile class") {
        format!(
            "tile classes are {}, a tile list such as {{19m E}}, rank(1, 9) and suit(m), combined with | and &",
            list(&classes)
        )
    } else if message.contains("ruleset") || message.contains("tile") {
        format!("this ruleset's tiles are {}", describe_tiles(spec))
    } else {
        "a condition reads like `pungs(honours) >= 2 and suits == 1`: numbers, names, calls f(x), + - * /, comparisons, and/or/not".to_string()
    }
}

/// The tiles of a spec in notation, for help lines: `1–9m 1–9p 1–9s E S W N C F P`.
fn describe_tiles(spec: &mj_core::TileSetSpec) -> String {
    let mut parts: Vec<String> = spec
        .suits
        .iter()
        .map(|s| format!("{}–{}{}", s.min_rank, s.max_rank, s.letter))
        .collect();
    parts.extend(spec.honours.iter().map(|h| h.to_string()));
    parts.join(" ")
}
