//! Loading a ruleset: find its files (built in or on disk), follow `extends`, merge overrides,
//! validate and compile. Loading never panics: it returns the ruleset or every diagnostic found.
//!
//! One function per section of the ruleset, each returning its part or leaving diagnostics:
//! [`files`] (reading and merging files), [`tiles`], [`play`] (wall, deal, play, win), [`forms`],
//! [`words`] (context words), [`fans`], [`scoring`] (with dora, fu and points), [`settlement`] and
//! [`competition`]; [`Loader::compile`] puts them together in that order. [`settings`] reads the
//! named settings a ruleset offers and the choice of them written in its name.

mod competition;
mod fans;
mod files;
mod forms;
mod play;
mod scoring;
mod settings;
mod settlement;
mod tiles;
mod words;

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::expr;
use crate::ruleset::*;
use crate::schema::{self, RawFan, RawFile};
use files::{deep_merge, parse_file, toml_message, Origin, TOML_SYNTAX_HELP};

/// Merges one section across the chain with `merge` (a later layer onto the merged earlier ones);
/// the value and the file of the last layer that wrote it.
fn section_by(
    chain: &[Layer],
    pick: fn(&RawFile) -> Option<&toml::Value>,
    merge: impl Fn(&mut toml::Value, &toml::Value),
) -> Option<(toml::Value, usize)> {
    let mut merged: Option<toml::Value> = None;
    let mut file = 0;
    for l in chain {
        if let Some(v) = pick(&l.raw) {
            file = l.file;
            merged = Some(match merged {
                None => v.clone(),
                Some(mut base) => {
                    merge(&mut base, v);
                    base
                }
            });
        }
    }
    merged.map(|m| (m, file))
}

mod builtin {
    include!(concat!(env!("OUT_DIR"), "/builtin.rs"));
}

/// Names of the built-in rulesets, sorted.
pub fn builtin_names() -> Vec<&'static str> {
    builtin::BUILTIN.iter().map(|(n, _)| *n).collect()
}

/// The sources of a built-in ruleset: (file name, contents).
pub fn builtin_files(name: &str) -> Option<&'static [(&'static str, &'static str)]> {
    builtin::BUILTIN.iter().find(|(n, _)| *n == name).map(|(_, f)| *f)
}

/// Loads `spec`: a built-in name (`mcr`) or a path to a ruleset folder (or its ruleset.toml),
/// optionally followed by a choice of its named settings, `riichi[open_tanyao=false]`.
pub fn load(full: &str) -> Result<Ruleset, Diagnostics> {
    let mut loader = Loader::default();
    let (spec, choices) = if builtin_files(full).is_some() || files::folder_of(full).is_some() {
        (full, Vec::new())
    } else {
        settings::split_spec(full)?
    };
    let root = match files::folder_of(spec) {
        Some(d) => Origin::Dir(d),
        None => {
            if builtin_files(spec).is_none() {
                let names = builtin_names();
                let hint = expr::suggest(spec, &names);
                return Err(Diagnostics(vec![Diagnostic::general(
                    spec,
                    format!("no built-in ruleset `{spec}` and no folder at that path{hint}"),
                )
                .with_help(format!(
                    "built-in rulesets: {}; or give a folder holding ruleset.toml",
                    names.join(", ")
                ))]));
            }
            Origin::Builtin(spec.to_string())
        }
    };
    loader.load(root, full, &choices)
}

/// Loads a ruleset from in-memory files (used by tests and tools): `files` maps file names to
/// contents and must include `ruleset.toml`. `extends` resolves to built-ins.
pub fn load_from_memory(label: &str, files: &[(&str, &str)]) -> Result<Ruleset, Diagnostics> {
    let mut loader = Loader::default();
    loader.load(
        Origin::Memory(
            label.to_string(),
            files
                .iter()
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .collect(),
        ),
        label,
        &[],
    )
}

/// A source file kept for diagnostics.
struct File {
    path: String,
    text: String,
}

/// One parsed file of the extends chain.
struct Layer {
    file: usize,
    raw: RawFile,
    origin: Origin,
}

#[derive(Default)]
struct Loader {
    files: Vec<File>,
    diags: Vec<Diagnostic>,
}

/// A fan with the file its fields came from.
struct MergedFan {
    raw: RawFan,
    /// File of each field's last writer; for simplicity one file per fan entry, the latest.
    file: usize,
    span: std::ops::Range<usize>,
}

impl Loader {
    fn diag(&mut self, file: usize, span: std::ops::Range<usize>, msg: impl Into<String>) -> &mut Diagnostic {
        let f = &self.files[file];
        self.diags.push(Diagnostic::new(&f.path, &f.text, span, msg));
        let last = self.diags.len() - 1;
        &mut self.diags[last]
    }

    fn help(
        &mut self,
        file: usize,
        span: std::ops::Range<usize>,
        msg: impl Into<String>,
        help: impl Into<String>,
    ) {
        let h = help.into();
        self.diag(file, span, msg).help = Some(h);
    }

    /// Reads the `extends` chain from `root`, applies the settings `choices` picks (`spec` is the
    /// name as written, for their diagnostics) and compiles the result.
    fn load(
        &mut self,
        root: Origin,
        spec: &str,
        choices: &[settings::Choice],
    ) -> Result<Ruleset, Diagnostics> {
        let mut chain: Vec<Layer> = Vec::new();
        let mut origin = root;
        loop {
            let Some((path, text)) = origin.read("ruleset.toml") else {
                self.diags.push(
                    Diagnostic::general(&origin.label(), format!("{} has no ruleset.toml", origin.label()))
                        .with_help("a ruleset is a folder holding ruleset.toml and any scripts it names"),
                );
                return Err(Diagnostics(std::mem::take(&mut self.diags)));
            };
            let file = self.files.len();
            self.files.push(File { path, text });
            let raw: RawFile = match parse_file(&origin, &self.files[file].text) {
                Ok(r) => r,
                Err(e) => {
                    let span = e.span().unwrap_or(0..0);
                    let (msg, help) = toml_message(e.message());
                    let d = self.diag(file, span, msg);
                    d.help = help.or_else(|| Some(TOML_SYNTAX_HELP.to_string()));
                    return Err(Diagnostics(std::mem::take(&mut self.diags)));
                }
            };
            let Some(meta) = raw.ruleset.clone() else {
                self.help(
                    file,
                    0..0,
                    "missing [ruleset] table",
                    "start the file with [ruleset] and name = \"...\"",
                );
                return Err(Diagnostics(std::mem::take(&mut self.diags)));
            };
            let extends = meta.extends.clone();
            chain.push(Layer {
                file,
                raw,
                origin: origin.clone(),
            });
            let Some(base) = extends else { break };
            let base_name = base.get_ref().clone();
            if chain.iter().any(|l| {
                l.raw
                    .ruleset
                    .as_ref()
                    .is_some_and(|m| *m.name.get_ref() == base_name)
                    || matches!(&l.origin, Origin::Builtin(n) if *n == base_name)
            }) {
                let names: Vec<String> = chain
                    .iter()
                    .filter_map(|l| l.raw.ruleset.as_ref().map(|m| m.name.get_ref().clone()))
                    .collect();
                self.help(
                    file,
                    base.span(),
                    format!("cyclic `extends`: {} -> {base_name}", names.join(" -> ")),
                    "a ruleset may extend another only if that one does not extend it back",
                );
                return Err(Diagnostics(std::mem::take(&mut self.diags)));
            }
            if chain.len() > 16 {
                self.diag(file, base.span(), "`extends` chain is longer than 16 rulesets");
                return Err(Diagnostics(std::mem::take(&mut self.diags)));
            }
            match origin.base(&base_name) {
                Some(o) => origin = o,
                None => {
                    let names = builtin_names();
                    let hint = expr::suggest(&base_name, &names);
                    self.help(
                        file,
                        base.span(),
                        format!("`extends` names `{base_name}`, which is neither a built-in ruleset nor a sibling folder{hint}"),
                        format!("built-in rulesets: {}", names.join(", ")),
                    );
                    return Err(Diagnostics(std::mem::take(&mut self.diags)));
                }
            }
        }
        // Base first.
        chain.reverse();
        let Some(chosen) = self.apply_settings(&mut chain, spec, choices) else {
            return Err(Diagnostics(std::mem::take(&mut self.diags)));
        };
        let rs = self.compile(&chain).map(|mut rs| {
            rs.name = settings::chosen_name(&rs.name, &chosen, choices);
            rs.settings = chosen;
            // Read off the finished fan table and words.
            rs.word_reach = crate::words::reach(&rs);
            rs
        });
        if self.diags.is_empty() {
            rs.ok_or_else(|| Diagnostics(vec![]))
        } else {
            Err(Diagnostics(std::mem::take(&mut self.diags)))
        }
    }

    /// Merges one section across the chain: later layers override keys of earlier ones.
    fn section(
        &mut self,
        chain: &[Layer],
        pick: fn(&RawFile) -> Option<&toml::Value>,
    ) -> Option<(toml::Value, usize)> {
        section_by(chain, pick, deep_merge)
    }

    /// Deserializes a merged section, reporting type errors and unknown keys against the file
    /// that last wrote it (located by searching for the key's text).
    fn typed<T: serde::de::DeserializeOwned>(
        &mut self,
        name: &str,
        v: Option<(toml::Value, usize)>,
    ) -> Option<T> {
        let (v, file) = v?;
        match v.try_into::<T>() {
            Ok(t) => Some(t),
            Err(e) => {
                let msg = e.message().to_string();
                let (msg, help) = toml_message(&msg);
                let span = self.find_in(file, name, &msg);
                let d = self.diag(file, span, format!("in [{name}]: {msg}"));
                d.help = help;
                None
            }
        }
    }

    /// Best-effort location for a problem in a section: the offending key if the message names
    /// one, else the section header.
    fn find_in(&self, file: usize, section: &str, msg: &str) -> std::ops::Range<usize> {
        let text = &self.files[file].text;
        let header = format!("[{section}]");
        let start = text.find(&header).unwrap_or(0);
        // The section runs to the next table header.
        let end = text[start + 1.min(text.len() - start)..]
            .find("\n[")
            .map_or(text.len(), |o| start + 1 + o);
        let body = &text[start..end];
        let needle = if msg.starts_with("missing") {
            None
        } else if let Some(k) = msg.split('`').nth(1) {
            Some(k.to_string())
        } else {
            // `wrong type: found string "eight"`: look for the value as written.
            msg.split('"').nth(1).map(|v| format!("\"{v}\""))
        };
        if let Some(k) = needle.filter(|k| !k.is_empty()) {
            if let Some(off) = body.find(k.as_str()) {
                return start + off..start + off + k.len();
            }
        }
        start..start + header.len().min(text.len() - start)
    }

    /// Where in [tiles] a tile-set error is: the entry it names, else the header.
    fn tiles_error_span(&self, file: usize, e: &mj_core::tile::TileSetError) -> std::ops::Range<usize> {
        use mj_core::tile::TileSetError as E;
        let text = &self.files[file].text;
        let header = self.find_in(file, "tiles", "");
        let body_end = text[header.end..]
            .find("\n[")
            .map_or(text.len(), |o| header.end + o);
        let body = &text[header.start..body_end];
        let (needle, last) = match e {
            E::DuplicateSuit(c) => (format!("\"{c}\""), true),
            E::BadSuitLetter(c) | E::BadHonour(c) => (format!("\"{c}\""), false),
            E::DuplicateHonour(c) => (format!("\"{c}\""), true),
            E::BadRankRange { max, min, .. } => {
                if body.contains(&format!("max_rank = {max}")) && !(1..=10).contains(max) {
                    (format!("max_rank = {max}"), false)
                } else {
                    (format!("min_rank = {min}"), false)
                }
            }
            E::BadBonus(_) | E::DuplicateBonus(_) => ("bonus".to_string(), false),
            E::RedWithTen(_) | E::BadRed { .. } => ("red".to_string(), false),
            E::BadHonourNumbers(_) => ("honour_numbers".to_string(), false),
            _ => return header,
        };
        let found = if last {
            body.rfind(&needle)
        } else {
            body.find(&needle)
        };
        match found {
            Some(o) => header.start + o..header.start + o + needle.len(),
            None => header,
        }
    }

    /// The span of the `[ruleset]` header of a file (where "missing table" problems point).
    fn header_span(&self, file: usize) -> std::ops::Range<usize> {
        let text = &self.files[file].text;
        match text.find("[ruleset]") {
            Some(o) => o..o + "[ruleset]".len(),
            None => 0..0,
        }
    }

    /// The ruleset of an extends chain (base first), or `None` after the diagnostics that say why.
    fn compile(&mut self, chain: &[Layer]) -> Option<Ruleset> {
        // The last layer that names a ruleset: the layers after it are settings' overlays.
        let top = chain.iter().rev().find(|l| l.raw.ruleset.is_some())?;
        let meta = top.raw.ruleset.clone()?;
        let name = meta.name.get_ref().clone();
        let inherit = |f: fn(&schema::RawMeta) -> Option<String>| {
            chain
                .iter()
                .rev()
                .find_map(|l| l.raw.ruleset.as_ref().and_then(f))
        };
        let version = inherit(|m| m.version.clone()).unwrap_or_else(|| "0".into());
        let description = meta.description.clone().unwrap_or_default();
        let language = inherit(|m| m.language.clone()).unwrap_or_else(|| "zh".into());
        let extends: Vec<String> = chain
            .iter()
            .rev()
            .filter_map(|l| l.raw.ruleset.as_ref().map(|m| m.name.get_ref().clone()))
            .skip(1)
            .collect();

        let (tiles_spec, tiles_file) = self.tiles_spec(chain, top.file);
        let table = self.table_sections(chain, top.file);
        let (scoring_raw, scoring_file) = self.scoring_raw(chain, top.file);
        let (settle_raw, settle_file) = self.settlement_raw(chain, top.file);
        let players = table.play.as_ref().map_or(4, |p| p.players as usize);
        let (match_rules, competition) = self.competition(chain, top.file, players);
        let tiles = self.tile_set(&name, tiles_spec.as_ref(), tiles_file);
        let words = self.context_words(chain, table.play.as_ref());
        let (scripts, scripts_failed) = self.scripts(chain);
        let (fans, removed) = self.merge_fans(chain);
        let win_file = table.win_file;
        let (tiles, tiles_spec, wall, deal, play, win, scoring_raw, settle_raw) = match (
            tiles,
            tiles_spec,
            table.wall,
            table.deal,
            table.play,
            table.win,
            scoring_raw,
            settle_raw,
        ) {
            (Some(a), Some(b), Some(c), Some(d), Some(e), Some(f), Some(g), Some(h)) => {
                (a, b, c, d, e, f, g, h)
            }
            _ => return None,
        };
        let forms = self.forms(&win, win_file, &tiles, &words.words);

        let scope = fans::FanScope {
            set: &tiles,
            words: words
                .words
                .iter()
                .map(|w| w.word.clone())
                .chain(DERIVED_WORDS.iter().map(|w| w.to_string()))
                .collect(),
        };
        let ids: Vec<String> = fans.iter().map(|m| m.raw.id.get_ref().clone()).collect();
        let id_refs: Vec<&str> = ids.iter().map(|s| s.as_str()).collect();
        let compiled = self.compile_fans(
            &fans,
            &fans::FanInputs {
                scope: &scope,
                tiles: &tiles,
                tiles_spec: &tiles_spec,
                scripts: &scripts,
                scripts_failed,
                ids: &ids,
                id_refs: &id_refs,
                removed: &removed,
            },
        );
        let scoring = self.scoring(
            &scoring_raw,
            &scoring::ScoringInputs {
                file: scoring_file,
                compiled: &compiled,
                merged: &fans,
                forms: &forms,
                removed: &removed,
                id_refs: &id_refs,
            },
        );
        let max = crate::limits::MAX_FAN_VALUE;
        for (file, section, key, v) in [
            (win_file, "win", "min_points", Some(win.min_points)),
            (win_file, "win", "discard_min_points", win.discard_min_points),
            (scoring_file, "scoring", "cap", scoring_raw.cap),
        ] {
            self.check_range(file, section, key, v, max);
        }
        let points = self.compile_points(chain, &tiles, &scope, &compiled);
        let word_counts_as = self.resolve_counts_as(chain, &tiles, &words.words, &words.counts_as);
        let alone_fans = self.alone_fans(chain, &words, &compiled, &removed);
        let bonus_win = self.bonus_win_fans(chain, &win, &compiled, &removed);

        let has_points = points.formula.is_some();
        let mut settlement = self.compile_settlement(&settle_raw, settle_file, &tiles, &words, has_points);
        settlement.discards_fan =
            self.drawn_hand_rules(settle_file, &settle_raw, &tiles, players, &compiled, &removed);
        self.check_table(chain, top.file, &deal, &play);

        let files = self.files.iter().map(|f| f.path.clone()).collect();
        let wind_tiles = [0u8, 1, 2, 3].map(|w| {
            mj_core::Wind::from_index(w)
                .and_then(|w| tiles.honour(w.letter()))
                .map(|t| t.id())
        });
        let set_names = crate::ruleset::SetNames::new(&tiles);
        Some(Ruleset {
            name,
            version,
            description,
            language,
            extends,
            tiles,
            tiles_spec,
            wall,
            deal,
            meld_claims: meld_claims(&play.claims),
            play,
            min_points: win.min_points,
            bonus_counts_toward_min: win.bonus_counts_toward_min,
            win,
            forms,
            fans: compiled,
            scoring,
            points,
            word_counts_as,
            alone_fans,
            bonus_win,
            settlement,
            settlement_source: settle_raw,
            match_rules,
            competition,
            context_words: words.words,
            dealer_words: Ruleset::find_dealer_words(&words.sources),
            context_sources: words.sources,
            word_rules: words.rules,
            word_reach: Vec::new(),
            scripts,
            wind_tiles,
            set_names,
            files,
            settings: Vec::new(),
        })
    }

    fn required<T: serde::de::DeserializeOwned>(
        &mut self,
        name: &str,
        v: Option<(toml::Value, usize)>,
        top: usize,
    ) -> Option<T> {
        if v.is_none() {
            let example = match name {
                "wall" => "[wall] with sides = [18, 18, 18, 18]",
                "deal" => "[deal] with hand_size = 13",
                "play" => "[play] with claims = [\"chi\", \"pong\"], priority = [\"win\", \"pong\", \"chi\"] and multiple_winners = \"first\"",
                "win" => "[win] with forms = [\"standard\"]",
                _ => "the table",
            };
            let span = self.header_span(top);
            self.help(
                top,
                span,
                format!("missing [{name}] table"),
                format!(
                    "add {example}, or extend a ruleset that has it; docs/ruleset-format.md lists every key"
                ),
            );
            return None;
        }
        self.typed(name, v)
    }

    /// A located diagnostic when `value` lies outside -max..=max.
    fn check_range(&mut self, file: usize, section: &str, key: &str, value: Option<i64>, max: i64) {
        let Some(m) = value.and_then(|v| crate::limits::out_of_range(key, v, max)) else {
            return;
        };
        let span = self.find_in(file, section, &format!("`{key}`"));
        self.help(
            file,
            span,
            format!("in [{section}]: {m}"),
            "the ranges are listed under \"Limits\" in docs/ruleset-format.md",
        );
    }
}
