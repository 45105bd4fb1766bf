//! `[tiles]`: the tile set every other section is read against.

use super::{Layer, Loader};
use crate::expr;
use mj_core::{TileSet, TileSetSpec};

impl Loader {
    /// The `[tiles]` table as written, and its file (`None` after the diagnostic of a missing or
    /// malformed table).
    pub(super) fn tiles_spec(&mut self, chain: &[Layer], top: usize) -> (Option<TileSetSpec>, usize) {
        let tiles_v = self.section(chain, |r| r.tiles.as_ref());
        let tiles_file = tiles_v.as_ref().map(|x| x.1).unwrap_or(top);
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
