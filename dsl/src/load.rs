//! Loading a ruleset: find its files (built in or on disk), follow `extends`, merge overrides,
//! validate and compile. Loading never panics: it returns the ruleset or every diagnostic found.

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::expr::{self, Scope};
use crate::ruleset::*;
use crate::schema::{self, RawFan, RawFile};
use crate::script::Scripts;
use mj_core::notation::ContextWordSpec;
use mj_core::{FormRules, TileSet};
use std::path::{Path, PathBuf};
use toml::Spanned;

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

/// Loads `spec`: a built-in name (`mcr`) or a path to a ruleset folder (or its ruleset.toml).
pub fn load(spec: &str) -> Result<Ruleset, Diagnostics> {
    let path = Path::new(spec);
    let dir = if path.is_dir() {
        Some(path.to_path_buf())
    } else if path.file_name().is_some_and(|f| f == "ruleset.toml") && path.is_file() {
        path.parent().map(Path::to_path_buf)
    } else {
        None
    };
    let mut loader = Loader::default();
    let root = match dir {
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
    loader.load(root)
}

/// Loads a ruleset from in-memory files (used by tests and tools): `files` maps file names to
/// contents and must include `ruleset.toml`. `extends` resolves to built-ins.
pub fn load_from_memory(label: &str, files: &[(&str, &str)]) -> Result<Ruleset, Diagnostics> {
    let mut loader = Loader::default();
    loader.load(Origin::Memory(
        label.to_string(),
        files
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect(),
    ))
}

#[derive(Clone, Debug)]
enum Origin {
    Builtin(String),
    Dir(PathBuf),
    Memory(String, Vec<(String, String)>),
}

impl Origin {
    fn label(&self) -> String {
        match self {
            Origin::Builtin(n) => format!("rulesets/{n}"),
            Origin::Dir(d) => d.display().to_string(),
            Origin::Memory(l, _) => l.clone(),
        }
    }

    /// (display path, contents) of a file of this ruleset.
    fn read(&self, file: &str) -> Option<(String, String)> {
        match self {
            Origin::Builtin(n) => builtin_files(n)?
                .iter()
                .find(|(f, _)| *f == file)
                .map(|(f, c)| (format!("rulesets/{n}/{f}"), c.to_string())),
            Origin::Dir(d) => {
                let p = d.join(file);
                std::fs::read_to_string(&p)
                    .ok()
                    .map(|c| (p.display().to_string(), c))
            }
            Origin::Memory(l, files) => files
                .iter()
                .find(|(f, _)| f == file)
                .map(|(f, c)| (format!("{l}/{f}"), c.clone())),
        }
    }

    /// Where a base named in `extends` is looked for: a sibling folder first, then built-ins.
    fn base(&self, name: &str) -> Option<Origin> {
        if let Origin::Dir(d) = self {
            if let Some(parent) = d.parent() {
                let sib = parent.join(name);
                if sib.join("ruleset.toml").is_file() {
                    return Some(Origin::Dir(sib));
                }
            }
        }
        builtin_files(name).map(|_| Origin::Builtin(name.to_string()))
    }
}

/// Parses one `ruleset.toml`. A built-in's is parsed once per process and cloned after that:
/// most house rulesets extend a built-in, and parsing mcr's eighty fans was a fifth of loading one.
fn parse_file(origin: &Origin, text: &str) -> Result<RawFile, toml::de::Error> {
    use std::collections::HashMap;
    use std::sync::{Mutex, OnceLock};
    static BUILTINS: OnceLock<Mutex<HashMap<String, RawFile>>> = OnceLock::new();
    let Origin::Builtin(name) = origin else {
        return toml::from_str(text);
    };
    // One lock for the look-up and the parse, so threads loading the same built-in at once parse
    // it once. A poisoned lock only means another thread panicked holding it; the map is whole.
    let mut cache = BUILTINS
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    if let Some(raw) = cache.get(name) {
        return Ok(raw.clone());
    }
    let raw: RawFile = toml::from_str(text)?;
    cache.insert(name.clone(), raw.clone());
    Ok(raw)
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

    fn load(&mut self, root: Origin) -> Result<Ruleset, Diagnostics> {
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
        let rs = self.compile(&chain);
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
        let mut merged: Option<toml::Value> = None;
        let mut file = 0;
        for l in chain {
            if let Some(v) = pick(&l.raw) {
                file = l.file;
                merged = Some(match merged {
                    None => v.clone(),
                    Some(mut base) => {
                        deep_merge(&mut base, v);
                        base
                    }
                });
            }
        }
        merged.map(|m| (m, file))
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

    fn compile(&mut self, chain: &[Layer]) -> Option<Ruleset> {
        let top = chain.last()?;
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
            .skip(1)
            .filter_map(|l| l.raw.ruleset.as_ref().map(|m| m.name.get_ref().clone()))
            .collect();

        let tiles_v = self.section(chain, |r| r.tiles.as_ref());
        let tiles_file = tiles_v.as_ref().map(|x| x.1).unwrap_or(top.file);
        let tiles_spec: Option<mj_core::TileSetSpec> = match tiles_v {
            None => {
                let span = self.header_span(top.file);
                self.help(
                    top.file,
                    span,
                    "missing [tiles] table",
                    "give suits, honours and bonus tiles, e.g. suits = [{ letter = \"m\", max_rank = 9 }]",
                );
                None
            }
            some => self.typed("tiles", some),
        };
        let wall_v = self.section(chain, |r| r.wall.as_ref());
        let wall: Option<schema::Wall> = self.required("wall", wall_v, top.file);
        let deal_v = self.section(chain, |r| r.deal.as_ref());
        let deal: Option<schema::Deal> = self.required("deal", deal_v, top.file);
        let play_v = self.section(chain, |r| r.play.as_ref());
        let play: Option<schema::Play> = self.required("play", play_v, top.file);
        let win_v = self.section(chain, |r| r.win.as_ref());
        let win_file = win_v.as_ref().map(|x| x.1).unwrap_or(top.file);
        let win: Option<schema::Win> = self.required("win", win_v, top.file);
        let scoring_v = self.section(chain, |r| r.scoring.as_ref());
        let scoring_file = scoring_v.as_ref().map(|x| x.1).unwrap_or(top.file);
        let scoring_raw: Option<schema::Scoring> = match scoring_v {
            None => toml::Value::Table(Default::default()).try_into().ok(),
            some => self.typed("scoring", some),
        };
        let settle_v = self.section(chain, |r| r.settlement.as_ref());
        let settle_file = settle_v.as_ref().map(|x| x.1).unwrap_or(top.file);
        let settle_raw: Option<schema::Settlement> = match settle_v {
            None => Some(schema::Settlement::default()),
            some => self.typed("settlement", some),
        };
        let match_v = self.section(chain, |r| r.match_.as_ref());
        let match_rules: Option<schema::Match> = self.typed("match", match_v);
        let comp_v = self.section(chain, |r| r.competition.as_ref());
        let comp_file = comp_v.as_ref().map(|x| x.1).unwrap_or(top.file);
        let comp_raw: Option<schema::Competition> = self.typed("competition", comp_v);
        let players = play.as_ref().map_or(4, |p| p.players as usize);
        let competition = comp_raw.and_then(|c| {
            crate::tournament::resolve(&c, players, match_rules.as_ref())
                .map_err(|(key, msg, help)| {
                    let span = self.find_in(comp_file, "competition", &format!("`{key}`"));
                    self.help(comp_file, span, format!("in [competition]: {msg}"), help);
                })
                .ok()
        });

        let tiles = match &tiles_spec {
            Some(spec) => match TileSet::new(name.clone(), spec) {
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
        };

        // Context words.
        let mut words: Vec<ContextWordSpec> = Vec::new();
        let mut sources: Vec<WordSource> = Vec::new();
        let mut counts_as: Vec<(String, String)> = Vec::new();
        let mut alone: Vec<(String, String)> = Vec::new();
        for l in chain {
            for w in &l.raw.context {
                let word = w.get_ref().word.get_ref().clone();
                const RESERVED: [&str; 7] = ["self", "last", "kong", "fourth", "seat", "round", "flowers"];
                if RESERVED.contains(&word.as_str())
                    || !word.chars().all(|c| c.is_ascii_lowercase() || c == '_')
                    || word.is_empty()
                {
                    let why = if RESERVED.contains(&word.as_str()) {
                        "is reserved: the hand notation already defines it"
                    } else {
                        "is not a lowercase word (letters a–z and _)"
                    };
                    self.help(
                        l.file,
                        w.get_ref().word.span(),
                        format!("context word `{word}` {why}"),
                        "choose a new lowercase word such as `ready`; the notation already defines self, last, kong, fourth, seat, round, flowers",
                    );
                    continue;
                }
                let (takes_value, value) = match &w.get_ref().value {
                    schema::RawWordValue::Flag(b) => (*b, mj_core::WordValue::Text),
                    schema::RawWordValue::Kind(k) => match k.as_str() {
                        "number" => (true, mj_core::WordValue::Number),
                        "tiles" => (true, mj_core::WordValue::Tiles),
                        "text" => (true, mj_core::WordValue::Text),
                        other => {
                            self.help(
                                l.file,
                                w.get_ref().word.span(),
                                format!("context word `{word}` has value = \"{other}\", which is not a kind of value"),
                                "value is false (a flag), true or \"text\", \"number\" or \"tiles\"",
                            );
                            continue;
                        }
                    },
                };
                let value = if w.get_ref().alone.is_some() && !takes_value {
                    mj_core::WordValue::Alone
                } else {
                    value
                };
                let src = match crate::context::source(w.get_ref()) {
                    Ok(s) => s,
                    Err(e) => {
                        self.help(l.file, e.span, e.message, e.help);
                        continue;
                    }
                };
                if let Some(i) = words.iter().position(|x| x.word == word) {
                    words.remove(i);
                    sources.remove(i);
                }
                alone.retain(|(x, _): &(String, String)| *x != word);
                if let Some(f) = &w.get_ref().alone {
                    alone.push((word.clone(), f.clone()));
                }
                counts_as.retain(|(x, _): &(String, String)| *x != word);
                if let Some(t) = &w.get_ref().counts_as {
                    counts_as.push((word.clone(), t.clone()));
                }
                words.push(ContextWordSpec {
                    word,
                    takes_value,
                    value,
                    help: w.get_ref().help.clone(),
                });
                sources.push(src);
            }
        }
        // The older way to name the 杠上炮 fact.
        if let Some(w) = play.as_ref().and_then(|p| p.after_kong_discard_word.as_ref()) {
            if let Some(i) = words.iter().position(|x| &x.word == w) {
                if sources[i] == WordSource::Unset {
                    sources[i] = WordSource::Fact(mj_core::game::rules::WinFact::AfterKongDiscard);
                }
            }
        }

        // Scripts.
        let mut scripts = Scripts::default();
        let mut scripts_failed = false;
        for l in chain {
            for s in &l.raw.script {
                let fname = s.get_ref().file.get_ref().clone();
                match l.origin.read(&fname) {
                    None => {
                        scripts_failed = true;
                        self.help(
                            l.file,
                            s.get_ref().file.span(),
                            format!("script file `{fname}` not found beside ruleset.toml"),
                            "put the .rhai file in the ruleset folder and name it here",
                        );
                    }
                    Some((path, text)) => {
                        let fid = self.files.len();
                        self.files.push(File {
                            path,
                            text: text.clone(),
                        });
                        match scripts.add_file(&fname, &text) {
                            Ok(_) => {}
                            Err(e) => {
                                scripts_failed = true;
                                let off = offset_of(&text, e.line, e.column);
                                self.help(
                                    fid,
                                    off..off + 1,
                                    format!("rhai syntax error: {}", e.message),
                                    "a fan function looks like `fn name(hand) { ... }` and returns an integer or true/false; check the brackets and operators before this point",
                                );
                            }
                        }
                    }
                }
            }
        }

        // Fans, merged by id.
        let mut fans: Vec<MergedFan> = Vec::new();
        // Ids deleted with `remove = true`: exclusions naming them are moot, not errors.
        let mut removed: Vec<String> = Vec::new();
        for (li, l) in chain.iter().enumerate() {
            for f in &l.raw.fan {
                let span = f.span();
                let raw = f.get_ref().clone();
                let id = raw.id.get_ref().clone();
                match fans.iter().position(|m| *m.raw.id.get_ref() == id) {
                    Some(i) => {
                        if fans[i].file == l.file {
                            self.help(
                                l.file,
                                raw.id.span(),
                                format!("fan `{id}` is defined twice"),
                                "give each fan a unique id",
                            );
                            continue;
                        }
                        if raw.remove == Some(true) {
                            fans.remove(i);
                            removed.push(id);
                            continue;
                        }
                        patch_fan(&mut fans[i].raw, raw);
                        fans[i].file = l.file;
                        fans[i].span = span;
                    }
                    _ => {
                        // In a ruleset that extends another, an entry without names is an
                        // override; if its id is not in the base it is most likely misspelt.
                        if raw.remove.is_some() || (li > 0 && raw.zh.is_none() && raw.en.is_none()) {
                            let known: Vec<&str> = fans.iter().map(|m| m.raw.id.get_ref().as_str()).collect();
                            let hint = match expr::suggest(&id, &known) {
                                h if h.starts_with("; did you mean") => h,
                                _ => String::new(),
                            };
                            let what = if raw.remove.is_some() {
                                "removes"
                            } else {
                                "changes"
                            };
                            self.help(
                                l.file,
                                raw.id.span(),
                                format!(
                                    "this [[fan]] {what} fan `{id}`, which the base ruleset does not have{hint}"
                                ),
                                "to change or remove a base fan use its exact id (`mj doc BASE` lists them); to add a new fan give zh, en, points (or multiplier), definition and when",
                            );
                            continue;
                        }
                        fans.push(MergedFan {
                            raw,
                            file: l.file,
                            span,
                        });
                    }
                }
            }
        }

        let (tiles, tiles_spec, wall, deal, play, win, scoring_raw, settle_raw) =
            match (tiles, tiles_spec, wall, deal, play, win, scoring_raw, settle_raw) {
                (Some(a), Some(b), Some(c), Some(d), Some(e), Some(f), Some(g), Some(h)) => {
                    (a, b, c, d, e, f, g, h)
                }
                _ => return None,
            };

        // Win forms.
        let mut forms = FormRules {
            standard: false,
            seven_pairs_allow_four: win.seven_pairs_allow_four,
            ..FormRules::default()
        };
        for f in &win.forms {
            match f.as_str() {
                "standard" => forms.standard = true,
                "seven_pairs" => forms.seven_pairs = true,
                "thirteen_orphans" => {
                    let text = win.orphans.clone().unwrap_or_default();
                    match mj_core::notation::parse_tiles(&tiles, &text) {
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

        struct FanScope<'a> {
            set: &'a TileSet,
            words: Vec<String>,
        }
        impl Scope for FanScope<'_> {
            fn set(&self) -> &TileSet {
                self.set
            }
            fn words(&self) -> &[String] {
                &self.words
            }
        }
        // Fans see the context words, then the quantities the scorer derives for them.
        let scope = FanScope {
            set: &tiles,
            words: words
                .iter()
                .map(|w| w.word.clone())
                .chain(crate::ruleset::DERIVED_WORDS.iter().map(|w| w.to_string()))
                .collect(),
        };

        let ids: Vec<String> = fans.iter().map(|m| m.raw.id.get_ref().clone()).collect();
        let id_refs: Vec<&str> = ids.iter().map(|s| s.as_str()).collect();
        let mut compiled = Vec::new();
        for m in &fans {
            let r = &m.raw;
            let id = r.id.get_ref().clone();
            let mut missing = Vec::new();
            if r.zh.is_none() {
                missing.push("zh");
            }
            if r.en.is_none() {
                missing.push("en");
            }
            if r.points.is_none() && r.multiplier.is_none() {
                missing.push("points");
            }
            if r.when.is_none() && r.group.is_none() && r.script.is_none() {
                missing.push("when");
            }
            if !missing.is_empty() {
                self.help(
                    m.file,
                    r.id.span(),
                    format!("fan `{id}` lacks {}", missing.join(", ")),
                    "every fan needs zh, en, points (or multiplier), a one-line definition and a condition (when, group or script)",
                );
                continue;
            }
            if r.definition.as_deref().unwrap_or("").trim().is_empty() {
                self.help(
                    m.file,
                    r.id.span(),
                    format!("fan `{id}` has no definition"),
                    "add definition = \"one line saying what the fan is\"",
                );
            }
            let when = match &r.when {
                Some(w) => match crate::expr::parse_expr(w.get_ref()) {
                    Ok(ast) => match expr::compile(&ast, &scope) {
                        Ok(e) => Some(e),
                        Err(e) => {
                            let base = w.span().start + 1;
                            self.help(
                                m.file,
                                base + e.span.start..base + e.span.end,
                                format!("in `when` of fan `{id}`: {}", e.message),
                                when_help(&e.message, &tiles_spec),
                            );
                            None
                        }
                    },
                    Err(e) => {
                        let base = w.span().start + 1;
                        self.help(
                            m.file,
                            base + e.span.start..base + e.span.end,
                            format!("in `when` of fan `{id}`: {}", e.message),
                            when_help(&e.message, &tiles_spec),
                        );
                        None
                    }
                },
                None => None,
            };
            let group = match &r.group {
                Some(g) => {
                    let base = g.span().start + 1;
                    match crate::expr::parse_group(g.get_ref()) {
                        Ok(ast) => match expr::compile_group(&ast, &tiles) {
                            Ok(g) => Some(g),
                            Err(e) => {
                                let help = if e.message.contains("ranks") {
                                    "`ranks` gives the (starting) rank of each set, one per set: \"3 chows: different suits, ranks 1 4 7\"".to_string()
                                } else {
                                    when_help(&e.message, &tiles_spec)
                                };
                                self.help(
                                    m.file,
                                    base + e.span.start..base + e.span.end,
                                    format!("in `group` of fan `{id}`: {}", e.message),
                                    help,
                                );
                                None
                            }
                        },
                        Err(e) => {
                            self.help(
                                m.file,
                                base + e.span.start..base + e.span.end,
                                format!("in `group` of fan `{id}`: {}", e.message),
                                "a group reads like \"3 chows: same suit, ranks 1 4 7\"",
                            );
                            None
                        }
                    }
                }
                None => None,
            };
            let script = match &r.script {
                Some(s) => match scripts.function(s.get_ref()) {
                    Some(i) => Some(i),
                    // A script that did not load explains itself; don't add a second error.
                    None if scripts_failed => None,
                    None => {
                        let known: Vec<&str> = scripts.function_names().collect();
                        let hint = expr::suggest(s.get_ref(), &known);
                        self.help(
                            m.file,
                            s.span(),
                            format!(
                                "fan `{id}` names script function `{}`, which no script defines{hint}",
                                s.get_ref()
                            ),
                            "define it in a .rhai file listed under [[script]]",
                        );
                        None
                    }
                },
                None => None,
            };
            let mut excludes = Vec::new();
            for e in r.excludes.iter().flatten() {
                let text = e.get_ref();
                let (fid, count) = match text.split_once('*') {
                    Some((a, n)) => match n.trim().parse::<u32>() {
                        Ok(n) => (a.trim(), Some(n)),
                        Err(_) => {
                            self.help(
                                m.file,
                                e.span(),
                                format!("bad count in exclusion `{text}`"),
                                "write `fan_id` or `fan_id*N`",
                            );
                            continue;
                        }
                    },
                    None => (text.as_str(), None),
                };
                match ids.iter().position(|x| x == fid) {
                    Some(i) => excludes.push((i, count)),
                    None if removed.iter().any(|x| x == fid) => {}
                    None => {
                        let hint = expr::suggest(fid, &id_refs);
                        self.help(
                            m.file,
                            e.span(),
                            format!("unknown fan `{fid}` in excludes of `{id}`{hint}"),
                            "excludes lists ids of fans in this ruleset or its base, as `fan_id` or `fan_id*N`",
                        );
                    }
                }
            }
            let mut forms_mask = 0u8;
            match &r.forms {
                None => forms_mask = ALL_FORMS,
                Some(list) => {
                    for f in list {
                        match expr::form_by_name(f.get_ref()) {
                            Some(form) => forms_mask |= form_bit(form),
                            None => {
                                let hint = expr::suggest(f.get_ref(), &expr::FORM_NAMES);
                                self.help(
                                    m.file,
                                    f.span(),
                                    format!("unknown form `{}` in fan `{id}`{hint}", f.get_ref()),
                                    format!("forms are {}", expr::FORM_NAMES.join(", ")),
                                );
                            }
                        }
                    }
                }
            }
            let value_of = r.points.as_ref().map(|v| ("points", v));
            let value_of = value_of.or(r.multiplier.as_ref().map(|v| ("multiplier", v)));
            if let Some((key, v)) = value_of {
                let max = crate::limits::MAX_FAN_VALUE;
                if let Some(msg) = crate::limits::out_of_range(key, *v.get_ref(), max) {
                    self.help(
                        m.file,
                        v.span(),
                        format!("fan `{id}`: {msg}"),
                        "a fan's value is a count of points or a factor; settlement formulas turn it into money",
                    );
                }
            }
            let value = value_of.map(|(_, v)| *v.get_ref()).unwrap_or(0);
            compiled.push(Fan {
                id: id.clone(),
                zh: r.zh.clone().unwrap_or_default(),
                en: r.en.clone().unwrap_or_default(),
                ja: r.ja.clone(),
                open_value: r.open_points,
                limit: r.limit.unwrap_or(false),
                value,
                definition: r.definition.clone().unwrap_or_default(),
                note: r.note.clone(),
                family: r.family.clone().unwrap_or_default(),
                when,
                when_text: r.when.as_ref().map(|w| w.get_ref().clone()),
                group,
                group_text: r.group.as_ref().map(|w| w.get_ref().clone()),
                excludes,
                forms: forms_mask,
                max_count: r.max_count,
                bonus: r.bonus.unwrap_or(false),
                fallback: r.fallback.unwrap_or(false),
                exclusive: r.exclusive.unwrap_or(false),
                script,
            });
        }

        // Scoring.
        let combine = match scoring_raw.combine.as_str() {
            "sum" => Combine::Sum,
            "product" => Combine::Product,
            other => {
                let span = self.find_in(scoring_file, "scoring", &format!("`{other}`"));
                self.help(
                    scoring_file,
                    span,
                    format!("unknown combine `{other}`"),
                    "use \"sum\" or \"product\"",
                );
                Combine::Sum
            }
        };
        let accounting = match scoring_raw.accounting.as_str() {
            "all" => Accounting::All,
            "once" => Accounting::Once,
            other => {
                let span = self.find_in(scoring_file, "scoring", &format!("`{other}`"));
                self.help(
                    scoring_file,
                    span,
                    format!("unknown accounting `{other}`"),
                    "use \"once\" or \"all\"",
                );
                Accounting::All
            }
        };
        if accounting == Accounting::Once {
            // Each such fan is a bit of a mask while a reading is shared out.
            for kind in [crate::expr::GroupKind::Chows, crate::expr::GroupKind::Pungs] {
                let over = compiled
                    .iter()
                    .filter(|f| !f.fallback && f.group.as_ref().is_some_and(|g| g.kind == kind))
                    .nth(crate::plan::once::MAX_ONCE_FANS);
                let Some(m) = over.and_then(|f| fans.iter().find(|m| *m.raw.id.get_ref() == f.id)) else {
                    continue;
                };
                let span = m.raw.group.as_ref().map_or(m.raw.id.span(), |g| g.span());
                self.help(
                    m.file,
                    span,
                    format!(
                        "fan `{}` is group fan number {} of its kind under accounting \"once\"; at most {} are supported",
                        m.raw.id.get_ref(),
                        crate::plan::once::MAX_ONCE_FANS + 1,
                        crate::plan::once::MAX_ONCE_FANS
                    ),
                    "merge patterns into fewer fans, or use accounting = \"all\"",
                );
            }
        }
        let discard_pung = match scoring_raw.discard_pung.as_str() {
            "exposed" => DiscardPung::Exposed,
            "exposed_unless_chow" => DiscardPung::ExposedUnlessChow,
            other => {
                let span = self.find_in(scoring_file, "scoring", &format!("`{other}`"));
                self.help(
                    scoring_file,
                    span,
                    format!("unknown discard_pung `{other}`"),
                    "use \"exposed\" or \"exposed_unless_chow\"",
                );
                DiscardPung::Exposed
            }
        };
        let mut exclusive_forms = 0u8;
        let mut uw = FormRules {
            standard: false,
            orphans: vec![],
            ..forms.clone()
        };
        uw.seven_pairs = false;
        uw.honours_knitted = false;
        uw.knitted_straight = false;
        for (list, is_uw) in [
            (&scoring_raw.exclusive_forms, false),
            (&scoring_raw.unique_wait_forms, true),
        ] {
            for f in list {
                match expr::form_by_name(f) {
                    Some(form) if !is_uw => exclusive_forms |= form_bit(form),
                    Some(form) => match form {
                        mj_core::Form::Standard => uw.standard = true,
                        mj_core::Form::SevenPairs => uw.seven_pairs = true,
                        mj_core::Form::Orphans => uw.orphans = forms.orphans.clone(),
                        mj_core::Form::HonoursKnitted => uw.honours_knitted = true,
                        mj_core::Form::KnittedStraight => uw.knitted_straight = true,
                    },
                    None => {
                        let span = self.find_in(scoring_file, "scoring", &format!("`{f}`"));
                        let hint = expr::suggest(f, &expr::FORM_NAMES);
                        self.diag(scoring_file, span, format!("unknown form `{f}`{hint}"));
                    }
                }
            }
        }
        let mut tie_prefer = Vec::new();
        for t in &scoring_raw.tie_prefer {
            match compiled.iter().position(|f| f.id == *t) {
                Some(i) => tie_prefer.push(i),
                None if removed.iter().any(|x| x == t) => {}
                None => {
                    let span = self.find_in(scoring_file, "scoring", &format!("`{t}`"));
                    let hint = expr::suggest(t, &id_refs);
                    self.diag(
                        scoring_file,
                        span,
                        format!("unknown fan `{t}` in tie_prefer{hint}"),
                    );
                }
            }
        }

        let max = crate::limits::MAX_FAN_VALUE;
        for (file, section, key, v) in [
            (win_file, "win", "min_points", Some(win.min_points)),
            (win_file, "win", "discard_min_points", win.discard_min_points),
            (scoring_file, "scoring", "cap", scoring_raw.cap),
        ] {
            self.check_range(file, section, key, v, max);
        }

        let points = self.compile_points(chain, &tiles, &scope, &compiled);
        let word_counts_as = self.resolve_counts_as(chain, &tiles, &words, &counts_as);
        let mut alone_fans = Vec::new();
        for (word, fan) in &alone {
            let w = words.iter().position(|x| x.word == *word);
            match (w, compiled.iter().position(|f| f.id == *fan)) {
                (Some(w), Some(f)) => alone_fans.push((w, f)),
                // An extension that removes the fan removes the result (riichi-ema: no nagashi).
                (Some(_), None) if removed.iter().any(|x| x == fan) => {}
                _ => {
                    let file = chain
                        .iter()
                        .rev()
                        .find(|l| l.raw.context.iter().any(|c| c.get_ref().word.get_ref() == word))
                        .map_or(0, |l| l.file);
                    let span = self.find_in(file, "context", "`alone`");
                    self.help(
                        file,
                        span,
                        format!("context word `{word}`: alone = \"{fan}\" names no fan (and the word must be a flag)"),
                        "give the id of a fan of the ruleset, e.g. alone = \"nagashi_mangan\"",
                    );
                }
            }
        }

        // Settlement.
        let word_names: Vec<String> = words.iter().map(|w| w.word.clone()).collect();
        let has_points = points.formula.is_some();
        let settlement = self.compile_settlement(&settle_raw, settle_file, &tiles, &word_names, has_points);
        let settlement_source = settle_raw.clone();

        if deal.hand_size == 0 || deal.hand_size % 3 != 1 {
            let span = self.find_in(
                chain
                    .iter()
                    .rev()
                    .find(|l| l.raw.deal.is_some())
                    .map_or(top.file, |l| l.file),
                "deal",
                "`hand_size`",
            );
            let file = chain
                .iter()
                .rev()
                .find(|l| l.raw.deal.is_some())
                .map_or(top.file, |l| l.file);
            self.help(
                file,
                span,
                format!("hand_size {} is not 3n+1", deal.hand_size),
                "use 13 (four sets and a pair) or 16 (five sets and a pair)",
            );
        }
        if !(2..=4).contains(&play.players) {
            let file = chain
                .iter()
                .rev()
                .find(|l| l.raw.play.is_some())
                .map_or(top.file, |l| l.file);
            let span = self.find_in(file, "play", "`players`");
            self.help(
                file,
                span,
                format!("{} players is not supported", play.players),
                "use 2, 3 or 4 players",
            );
        }

        let files = self.files.iter().map(|f| f.path.clone()).collect();
        let exclusive_fans = compiled
            .iter()
            .enumerate()
            .filter(|(_, f)| f.exclusive)
            .map(|(i, _)| i)
            .collect();
        let plan = Plan::new(&compiled, accounting);
        let wind_tiles = [0u8, 1, 2, 3].map(|w| {
            mj_core::Wind::from_index(w)
                .and_then(|w| tiles.honour(w.letter()))
                .map(|t| t.id())
        });
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
            meld_claims: crate::score::meld_claims(&play.claims),
            play,
            min_points: win.min_points,
            bonus_counts_toward_min: win.bonus_counts_toward_min,
            win,
            forms,
            fans: compiled,
            scoring: Scoring {
                combine,
                accounting,
                exclusive_forms,
                discard_pung,
                unique_wait_forms: uw,
                tie_prefer,
                cap: scoring_raw.cap,
                wait_per_reading: scoring_raw.wait_per_reading,
                exclusive_fans,
                plan,
            },
            points,
            word_counts_as,
            alone_fans,
            settlement,
            settlement_source,
            match_rules,
            competition,
            context_words: words,
            context_sources: sources,
            scripts,
            wind_tiles,
            files,
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

    /// Range checks of every `[settlement]` amount (see [`crate::limits`]).
    fn check_settlement_ranges(&mut self, raw: &schema::Settlement, file: usize) {
        let max = crate::limits::MAX_AMOUNT;
        let kong = raw.kong.as_ref();
        let drawn = raw.drawn_hand.as_ref();
        for (section, key, v) in [
            ("settlement", "cap", raw.cap),
            ("settlement", "floor", raw.floor),
            ("settlement", "float", raw.float),
            ("settlement", "per_concealed_pung", raw.per_concealed_pung),
            (
                "settlement",
                "dealer_repeat_multiplier",
                raw.dealer_repeat_multiplier,
            ),
            (
                "settlement.kong",
                "on_replacement",
                kong.and_then(|k| k.on_replacement),
            ),
            (
                "settlement.drawn_hand",
                "first_declared_pays_undeclared",
                drawn.map(|d| d.first_declared_pays_undeclared),
            ),
            (
                "settlement.drawn_hand",
                "unready_pays_ready",
                drawn.map(|d| d.unready_pays_ready),
            ),
        ] {
            self.check_range(file, section, key, v, max);
        }
        for p in &raw.penalty {
            self.check_range(file, "settlement.penalty", "each", p.each, max);
            self.check_range(file, "settlement.penalty", "min_amount", p.min_amount, max);
            for &a in &p.amounts {
                self.check_range(file, "settlement.penalty", "amounts", Some(a), max);
            }
        }
    }

    /// `[dora]`, `[fu]` and `[points]` (see `crate::points`), each error reported at its table.
    fn compile_points(
        &mut self,
        chain: &[Layer],
        tiles: &TileSet,
        scope: &dyn Scope,
        fans: &[Fan],
    ) -> crate::points::PointsRules {
        let dora_v = self.section(chain, |r| r.dora.as_ref());
        let fu_v = self.section(chain, |r| r.fu.as_ref());
        let points_v = self.section(chain, |r| r.points.as_ref());
        let file_of = |v: &Option<(toml::Value, usize)>| v.as_ref().map_or(0, |x| x.1);
        let files = [
            ("dora", file_of(&dora_v)),
            ("fu", file_of(&fu_v)),
            ("points", file_of(&points_v)),
        ];
        let dora = self.typed("dora", dora_v);
        let fu = self.typed("fu", fu_v);
        let points = self.typed("points", points_v);
        let ids: Vec<&str> = fans.iter().map(|f| f.id.as_str()).collect();
        match crate::points::compile(dora, fu, points, tiles, scope, &ids) {
            Ok(p) => p,
            Err(errors) => {
                for (section, key, msg) in errors {
                    let file = files.iter().find(|(n, _)| *n == section).map_or(0, |x| x.1);
                    let span = self.find_in(file, section, &format!("`{key}`"));
                    self.help(
                        file,
                        span,
                        msg,
                        "docs/ruleset-format.md, \"Base points and limits\", describes these tables",
                    );
                }
                crate::points::PointsRules::default()
            }
        }
    }

    /// `counts_as` of the context words: (word index, tile id) pairs.
    fn resolve_counts_as(
        &mut self,
        chain: &[Layer],
        tiles: &TileSet,
        words: &[ContextWordSpec],
        counts_as: &[(String, String)],
    ) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for (word, tile) in counts_as {
            let Some(i) = words.iter().position(|w| w.word == *word) else {
                continue;
            };
            let full = out.len() >= crate::points::MAX_COUNTS_AS;
            match mj_core::notation::parse_tiles(tiles, tile) {
                Ok(t) if !full && t.len() == 1 && words[i].value == mj_core::WordValue::Number => {
                    out.push((i, t[0].id()))
                }
                other => {
                    let file = chain
                        .iter()
                        .rev()
                        .find(|l| l.raw.context.iter().any(|c| c.get_ref().word.get_ref() == word))
                        .map_or(0, |l| l.file);
                    let span = self.find_in(file, "context", "`counts_as`");
                    let why = match other {
                        Err(e) => e.to_string(),
                        Ok(_) if full => format!(
                            "at most {} context words may carry counts_as; fold the others into one count",
                            crate::points::MAX_COUNTS_AS
                        ),
                        _ => "it must name one tile, on a word with value = \"number\"".into(),
                    };
                    self.help(
                        file,
                        span,
                        format!("context word `{word}`: counts_as = \"{tile}\": {why}"),
                        "e.g. counts_as = \"N\" for a count of set-aside North tiles",
                    );
                }
            }
        }
        out
    }

    fn compile_settlement(
        &mut self,
        raw: &schema::Settlement,
        file: usize,
        tiles: &TileSet,
        words: &[String],
        has_points: bool,
    ) -> Settlement {
        self.check_settlement_ranges(raw, file);
        struct SettleScope<'a>(&'a TileSet, &'a [String]);
        impl Scope for SettleScope<'_> {
            fn set(&self) -> &TileSet {
                self.0
            }
            fn words(&self) -> &[String] {
                &[]
            }
            // The amounts first, then the ruleset's context words (their values as numbers).
            fn extra_var(&self, name: &str) -> Option<usize> {
                let vars = crate::settle::VARS;
                vars.iter()
                    .position(|v| *v == name)
                    .or_else(|| self.1.iter().position(|w| w == name).map(|i| vars.len() + i))
            }
            fn extra_names(&self) -> Vec<&str> {
                let mut v = crate::settle::VARS.to_vec();
                v.extend(self.1.iter().map(|s| s.as_str()));
                v
            }
        }
        let scope = SettleScope(tiles, words);
        // The amounts of a points formula are offered where the ruleset has one.
        let mut offered: Vec<&str> = crate::settle::VARS[..crate::settle::PLAIN_VARS].to_vec();
        if has_points {
            offered.extend(&crate::settle::VARS[crate::settle::PLAIN_VARS..]);
            offered.extend(words.iter().map(|w| w.as_str()));
        }
        let formula = |this: &mut Self, text: &Option<String>| -> Option<crate::expr::Expr> {
            let t = text.as_ref()?;
            let r = crate::expr::parse_expr(t)
                .map_err(|e| (e.message, e.span))
                .and_then(|ast| {
                    let mut nums = Vec::new();
                    crate::limits::numbers(&ast, &mut nums);
                    let max = crate::limits::MAX_AMOUNT;
                    if let Some((m, span)) = nums.into_iter().find_map(|(n, span)| {
                        crate::limits::out_of_range("a number", n, max).map(|m| (m, span))
                    }) {
                        return Err((m, span));
                    }
                    let e = expr::compile(&ast, &scope).map_err(|e| (e.message, e.span))?;
                    // Formulas see amounts, not hands: a hand name would silently be 0.
                    match hand_name_in(&ast, words) {
                        Some((name, span)) => Err((
                            format!("`{name}` describes a hand; a formula sees only amounts"),
                            span,
                        )),
                        None => Ok(e),
                    }
                });
            match r {
                Ok(e) => Some(e),
                Err((m, at)) => {
                    // The formula's text in the file, then the offending part within it.
                    let whole = this.find_in(file, "settlement", &format!("`{t}`"));
                    let span = if this.files[file].text.get(whole.clone()) == Some(t.as_str()) {
                        whole.start + at.start..whole.start + at.end.max(at.start + 1)
                    } else {
                        whole
                    };
                    this.help(
                        file,
                        span,
                        format!("in [settlement] formula `{t}`: {m}"),
                        format!("formulas use numbers, + - * / and {}", offered.join(", ")),
                    );
                    None
                }
            }
        };
        let rule = |this: &mut Self, r: &Option<schema::PaymentRule>| -> PaymentRule {
            let Some(r) = r else { return PaymentRule::default() };
            PaymentRule {
                each: formula(this, &r.each),
                discarder: formula(this, &r.discarder),
                others: formula(this, &r.others),
            }
        };
        for p in &raw.penalty {
            if let Err(e) = crate::penalty::check(p) {
                let span = self.find_in(file, "settlement", &format!("\"{}\"", p.id));
                self.help(
                    file,
                    span,
                    format!("in [settlement] penalty `{}`: {e}", p.id),
                    "a penalty has `each = N` (fixed, to each other player), or `amounts = [..]` or `min_amount = N` (sized by the referee) with `to = \"each\"` or `to = \"one\"`",
                );
            }
        }
        let self_drawn = rule(self, &raw.self_drawn);
        let discard = rule(self, &raw.discard);
        let robbed_kong = raw.robbed_kong.as_ref().map(|r| rule(self, &Some(r.clone())));
        if let Some(v) = raw.kong.as_ref().and_then(|k| k.exposed_payers.as_ref()) {
            if v != "discarder" && v != "each" {
                let span = self.find_in(file, "settlement", &format!("\"{v}\""));
                self.help(
                    file,
                    span,
                    format!("in [settlement.kong]: exposed_payers = \"{v}\" is not known"),
                    "use \"discarder\" or \"each\"".to_string(),
                );
            }
        }
        let kong = match &raw.kong {
            None => crate::ruleset::KongRule::default(),
            Some(k) => crate::ruleset::KongRule {
                added: formula(self, &k.added),
                concealed: formula(self, &k.concealed),
                exposed: formula(self, &k.exposed),
                exposed_each: k.exposed_payers.as_deref() == Some("each"),
                on_replacement: k.on_replacement.unwrap_or(1),
                stand_on_draw: k.stand_on_draw.unwrap_or(true),
            },
        };
        let discard_run = match &raw.discard_run {
            None => None,
            Some(r) => formula(self, &Some(r.each.clone())).map(|e| (r.count, e)),
        };
        Settlement {
            floor: raw.floor,
            dealer_repeat_multiplier: raw.dealer_repeat_multiplier.unwrap_or(1),
            discard_run,
            self_drawn,
            discard,
            robbed_kong,
            penalties: raw.penalty.clone(),
            cap: raw.cap,
            declared_words: raw.declared_words.clone().unwrap_or_default(),
            table_words: raw.table_words.clone().unwrap_or_default(),
            liable: raw.liable.clone().unwrap_or_default(),
            kong,
            drawn_hand: raw.drawn_hand.clone().unwrap_or_default(),
            per_concealed_pung: raw.per_concealed_pung.unwrap_or(0),
            float: raw.float.unwrap_or(0),
            horses: raw.horses.clone().filter(|h| h.count > 0),
            deposits: formula(self, &raw.deposits),
        }
    }
}

/// The first name or call in a settlement formula that is not a settlement quantity.
fn hand_name_in(ast: &crate::expr::Ast, words: &[String]) -> Option<(String, crate::expr::Span)> {
    use crate::expr::Ast;
    let hand_name_in = |a: &Ast| hand_name_in(a, words);
    match ast {
        Ast::Ident(n, s) if !crate::settle::VARS.contains(&n.as_str()) && !words.contains(n) => {
            Some((n.clone(), s.clone()))
        }
        Ast::Call(n, _, s) => Some((format!("{n}(...)"), s.clone())),
        Ast::Not(a, _) => hand_name_in(a),
        Ast::Bin(_, a, b, _) => hand_name_in(a).or_else(|| hand_name_in(b)),
        _ => None,
    }
}

fn patch_fan(base: &mut RawFan, over: RawFan) {
    if over.points.is_some() {
        base.multiplier = None;
    }
    if over.multiplier.is_some() {
        base.points = None;
    }
    macro_rules! take {
        ($($f:ident),*) => { $( if over.$f.is_some() { base.$f = over.$f; } )* };
    }
    take!(
        zh,
        en,
        ja,
        points,
        open_points,
        limit,
        multiplier,
        definition,
        when,
        group,
        excludes,
        forms,
        max_count,
        family,
        bonus,
        fallback,
        exclusive,
        script,
        note
    );
}

fn deep_merge(base: &mut toml::Value, over: &toml::Value) {
    match (base, over) {
        (toml::Value::Table(b), toml::Value::Table(o)) => {
            for (k, v) in o {
                match b.get_mut(k) {
                    Some(bv) if bv.is_table() && v.is_table() => deep_merge(bv, v),
                    _ => {
                        b.insert(k.clone(), v.clone());
                    }
                }
            }
        }
        (b, o) => *b = o.clone(),
    }
}

/// A help line for an error in a `when` condition (or a group's tile class).
fn when_help(message: &str, spec: &mj_core::TileSetSpec) -> String {
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

/// Help for TOML syntax errors, which the toml parser reports without advice.
const TOML_SYNTAX_HELP: &str = "TOML syntax: `key = value` lines under [table] headers; strings in double quotes closed on the same line (\"\"\" for several lines), lists in [ ], inline tables in { }";

/// Turns a toml/serde message into one a rule designer can act on, with a help line for the
/// common cases (unknown key with a did-you-mean, missing key, wrong type).
fn toml_message(msg: &str) -> (String, Option<String>) {
    let first = msg.lines().next().unwrap_or(msg).trim().to_string();
    if let Some(rest) = first.strip_prefix("unknown field `") {
        // "key`, expected one of `a`, `b`"; "key`, expected `a`"; "key`, there are no fields"
        let (key, tail) = rest.split_once('`').unwrap_or((rest, ""));
        let expected: Vec<&str> = tail.split('`').skip(1).step_by(2).collect();
        let hint = if expected.is_empty() {
            String::new()
        } else {
            match expr::suggest(key, &expected) {
                h if h.starts_with("; did you mean") => h,
                _ => String::new(),
            }
        };
        let help = if expected.is_empty() {
            "remove the key".to_string()
        } else {
            format!("the keys allowed here are {}", expected.join(", "))
        };
        return (format!("unknown key `{key}`{hint}"), Some(help));
    }
    if let Some(rest) = first.strip_prefix("missing field `") {
        let key = rest.split('`').next().unwrap_or(rest);
        return (
            format!("missing key `{key}`"),
            Some(format!(
                "add `{key} = ...`; docs/ruleset-format.md describes every key"
            )),
        );
    }
    if let Some(rest) = first.strip_prefix("invalid type: ") {
        // "string \"24\", expected i64"
        let (found, expected) = rest.split_once(", expected ").unwrap_or((rest, "?"));
        let expected = plain_type(expected);
        return (
            format!("wrong type: found {found}, expected {expected}"),
            Some("strings go in double quotes, numbers and true/false bare, lists in [ ]".to_string()),
        );
    }
    if let Some(rest) = first.strip_prefix("invalid value: ") {
        let (found, expected) = rest.split_once(", expected ").unwrap_or((rest, "?"));
        return (
            format!("value out of range: {found}, expected {}", plain_type(expected)),
            None,
        );
    }
    (first, None)
}

/// Rust type names in serde messages, in words.
fn plain_type(t: &str) -> String {
    match t.trim() {
        "i64" | "i32" => "a whole number".into(),
        "u8" => "a whole number from 0 to 255".into(),
        "u32" | "u64" | "usize" => "a whole number, 0 or more".into(),
        "a sequence" => "a list [ ... ]".into(),
        "a boolean" => "true or false".into(),
        "a character" | "a char" => "a one-letter string".into(),
        other => other.into(),
    }
}

fn offset_of(text: &str, line: usize, column: usize) -> usize {
    let mut off = 0;
    for (i, l) in text.split_inclusive('\n').enumerate() {
        if i + 1 == line {
            return off
                + l.char_indices()
                    .nth(column.saturating_sub(1))
                    .map_or(0, |(b, _)| b);
        }
        off += l.len();
    }
    off.min(text.len())
}

#[allow(dead_code)]
fn unused(_: Spanned<()>) {}
