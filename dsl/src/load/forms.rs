//! `[win]`'s forms: which shapes make a winning hand.

use super::Loader;
use crate::expr;
use crate::schema;
use mj_core::{FormRules, TileSet};

/// Most pungs `[win] seven_pairs_pungs` may add to the seven pairs.
const MAX_SEVEN_PAIRS_PUNGS: u8 = 2;

impl Loader {
    /// The win forms of `[win]`, each unknown one a diagnostic (and its `never_together` entries
    /// checked against the ruleset's `words`).
    pub(super) fn forms(
        &mut self,
        win: &schema::Win,
        win_file: usize,
        tiles: &TileSet,
        words: &[mj_core::notation::ContextWordSpec],
    ) -> FormRules {
        for entry in &win.never_together {
            let unknown = entry.words.iter().find(|name| {
                !crate::word_rules::BUILT_IN_FLAGS.contains(&name.as_str())
                    && !words.iter().any(|w| &w.word == *name)
            });
            let problem = match (unknown, entry.win.as_deref()) {
                (Some(name), _) => Some((
                    name.clone(),
                    format!("[win] never_together: `{name}` is not a word"),
                )),
                (None, None | Some("discard" | "self_drawn")) if entry.words.len() >= 2 => None,
                (None, None | Some("discard" | "self_drawn")) => Some((
                    "words".to_string(),
                    "[win] never_together: an entry needs two words or more".to_string(),
                )),
                (None, Some(other)) => Some((
                    other.to_string(),
                    format!("[win] never_together: win = \"{other}\" is not \"discard\" or \"self_drawn\""),
                )),
            };
            if let Some((at, message)) = problem {
                let span = self.find_in(win_file, "win", &at);
                self.help(
                    win_file,
                    span,
                    message,
                    "e.g. never_together = [{ words = [\"kong\", \"last\"], win = \"discard\" }]: words are flags of the notation (self, last, kong, fourth) or the ruleset's context words",
                );
            }
        }
        let mut forms = FormRules {
            standard: false,
            seven_pairs_allow_four: win.seven_pairs_allow_four,
            seven_pairs_pungs: win.seven_pairs_pungs,
            ..FormRules::default()
        };
        // Shanten tries every choice of the pung kinds, so their number stays small.
        if win.seven_pairs_pungs > MAX_SEVEN_PAIRS_PUNGS {
            let span = self.find_in(win_file, "win", "seven_pairs_pungs");
            self.help(
                win_file,
                span,
                format!(
                    "in [win]: seven_pairs_pungs = {} is too many",
                    win.seven_pairs_pungs
                ),
                format!("use 0 to {MAX_SEVEN_PAIRS_PUNGS} (1 is seven pairs and a pung, 17 tiles)"),
            );
            forms.seven_pairs_pungs = 0;
        }
        for f in &win.forms {
            match f.as_str() {
                "standard" => forms.standard = true,
                "seven_pairs" => forms.seven_pairs = true,
                "thirteen_orphans" => {
                    let text = win.orphans.clone().unwrap_or_default();
                    match mj_core::notation::parse_tiles(tiles, &text) {
                        Ok(t) if !t.is_empty() => forms.orphans = t,
                        Ok(_) => {
                            let span = self.find_in(win_file, "win", "`orphans`");
                            self.help(
                                win_file,
                                span,
                                "thirteen_orphans needs `orphans`, the tiles of the form",
                                "e.g. orphans = \"19m19p19sESWNCFP\"",
                            );
                        }
                        Err(e) => {
                            let span = self.find_in(win_file, "win", "`orphans`");
                            self.diag(win_file, span, format!("in [win] orphans: {e}"));
                        }
                    }
                }
                "honours_knitted" => forms.honours_knitted = true,
                "knitted_straight" => forms.knitted_straight = true,
                other => {
                    let span = self.find_in(win_file, "win", &format!("`{other}`"));
                    let hint = expr::suggest(other, &expr::FORM_NAMES);
                    self.help(
                        win_file,
                        span,
                        format!("unknown win form `{other}`{hint}"),
                        format!("forms are {}", expr::FORM_NAMES.join(", ")),
                    );
                }
            }
        }
        forms
    }
}
