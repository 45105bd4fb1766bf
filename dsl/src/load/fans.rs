//! `[[fan]]` and `[[script]]`: the fan table, merged by id along the extends chain and compiled,
//! each fan's condition, group pattern, script, exclusions and forms checked against the ruleset.

use super::files::offset_of;
use super::tiles::when_help;
use super::{File, Layer, Loader, MergedFan};
use crate::expr::{self, Cond, Group, Scope};
use crate::ruleset::{form_bit, Exclusion, Fan, ALL_FORMS};
use crate::schema::RawFan;
use crate::script::Scripts;
use mj_core::{TileSet, TileSetSpec};

/// Where fan conditions are compiled: the ruleset's context words, then the words the scorer
/// derives for them.
pub(super) struct FanScope<'a> {
    pub set: &'a TileSet,
    pub words: Vec<String>,
}

impl Scope for FanScope<'_> {
    fn set(&self) -> &TileSet {
        self.set
    }
    fn words(&self) -> &[String] {
        &self.words
    }
}

/// What compiling one fan reads besides the fan.
pub(super) struct FanInputs<'a> {
    pub scope: &'a FanScope<'a>,
    pub tiles: &'a TileSet,
    pub tiles_spec: &'a TileSetSpec,
    pub scripts: &'a Scripts,
    /// A script failed to load: a fan naming a missing function then says nothing more.
    pub scripts_failed: bool,
    pub ids: &'a [String],
    pub id_refs: &'a [&'a str],
    /// Ids deleted with `remove = true`: exclusions naming them are moot, not errors.
    pub removed: &'a [String],
}

impl Loader {
    /// The scripts of every layer, and whether one failed to load.
    pub(super) fn scripts(&mut self, chain: &[Layer]) -> (Scripts, bool) {
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
        (scripts, scripts_failed)
    }

    /// The fans of every layer merged by id, and the ids removed along the way.
    pub(super) fn merge_fans(&mut self, chain: &[Layer]) -> (Vec<MergedFan>, Vec<String>) {
        let mut fans: Vec<MergedFan> = Vec::new();
        // Ids deleted with `remove = true`: exclusions naming them are moot, not errors.
        let mut removed: Vec<String> = Vec::new();
        // The layer that last wrote each fan: a settings overlay is a layer of the same file as
        // its ruleset, so "defined twice" is about layers, not files.
        let mut writer: std::collections::HashMap<String, usize> = Default::default();
        for (li, l) in chain.iter().enumerate() {
            for f in &l.raw.fan {
                let span = f.span();
                let raw = f.get_ref().clone();
                let id = raw.id.get_ref().clone();
                match fans.iter().position(|m| *m.raw.id.get_ref() == id) {
                    Some(i) => {
                        if writer.get(&id) == Some(&li) {
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
                        writer.insert(id, li);
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
                        writer.insert(id, li);
                        fans.push(MergedFan {
                            raw,
                            file: l.file,
                            span,
                        });
                    }
                }
            }
        }
        (fans, removed)
    }

    /// Every fan compiled; a fan with an error is left out after its diagnostic.
    pub(super) fn compile_fans(&mut self, fans: &[MergedFan], cx: &FanInputs) -> Vec<Fan> {
        fans.iter().filter_map(|m| self.compile_fan(m, cx)).collect()
    }

    fn compile_fan(&mut self, m: &MergedFan, cx: &FanInputs) -> Option<Fan> {
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
            return None;
        }
        if r.definition.as_deref().unwrap_or("").trim().is_empty() {
            self.help(
                m.file,
                r.id.span(),
                format!("fan `{id}` has no definition"),
                "add definition = \"one line saying what the fan is\"",
            );
        }
        let when = self.fan_when(m, &id, cx);
        let group = self.fan_group(m, &id, cx);
        let script = self.fan_script(m, &id, cx);
        let excludes = self.fan_excludes(m, &id, cx);
        let forms_mask = self.fan_forms(m, &id);
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
        let (zh, en) = (
            r.zh.as_deref().unwrap_or_default(),
            r.en.as_deref().unwrap_or_default(),
        );
        Some(Fan {
            head: std::sync::Arc::new(crate::json_text::FanHead::new(&id, zh, en)),
            id: id.as_str().into(),
            zh: zh.into(),
            en: en.into(),
            ja: r.ja.as_deref().map(Into::into),
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
            needs_other: r.needs_other.unwrap_or(false),
            script,
        })
    }

    /// The fan's `when`, compiled.
    fn fan_when(&mut self, m: &MergedFan, id: &str, cx: &FanInputs) -> Option<Cond> {
        let (r, scope, tiles_spec) = (&m.raw, cx.scope, cx.tiles_spec);
        let w = r.when.as_ref()?;
        // A syntax error and a compile error are reported alike, at their place in the text.
        let compiled = crate::expr::parse_expr(w.get_ref())
            .map_err(|e| (e.span, e.message))
            .and_then(|ast| expr::compile(&ast, scope).map_err(|e| (e.span, e.message)));
        match compiled {
            Ok(e) => Some(Cond::new(e)),
            Err((span, message)) => {
                let base = w.span().start + 1;
                self.help(
                    m.file,
                    base + span.start..base + span.end,
                    format!("in `when` of fan `{id}`: {message}"),
                    when_help(&message, tiles_spec),
                );
                None
            }
        }
    }

    /// The fan's `group` pattern, compiled.
    fn fan_group(&mut self, m: &MergedFan, id: &str, cx: &FanInputs) -> Option<Group> {
        let (r, tiles, tiles_spec) = (&m.raw, cx.tiles, cx.tiles_spec);
        match &r.group {
            Some(g) => {
                let base = g.span().start + 1;
                match crate::expr::parse_group(g.get_ref()) {
                    Ok(ast) => match expr::compile_group(&ast, tiles) {
                        Ok(g) => Some(g),
                        Err(e) => {
                            let help = if e.message.contains("ranks") {
                                "`ranks` gives the (starting) rank of each set, one per set: \"3 chows: different suits, ranks 1 4 7\"".to_string()
                            } else {
                                when_help(&e.message, tiles_spec)
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
        }
    }

    /// The index of the fan's script function.
    fn fan_script(&mut self, m: &MergedFan, id: &str, cx: &FanInputs) -> Option<usize> {
        let (r, scripts, scripts_failed) = (&m.raw, cx.scripts, cx.scripts_failed);
        match &r.script {
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
        }
    }

    /// The fans this one excludes, each `fan_id` or `fan_id*N`.
    fn fan_excludes(&mut self, m: &MergedFan, id: &str, cx: &FanInputs) -> Vec<Exclusion> {
        let (r, ids, id_refs, removed) = (&m.raw, cx.ids, cx.id_refs, cx.removed);
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
                    let hint = expr::suggest(fid, id_refs);
                    self.help(
                        m.file,
                        e.span(),
                        format!("unknown fan `{fid}` in excludes of `{id}`{hint}"),
                        "excludes lists ids of fans in this ruleset or its base, as `fan_id` or `fan_id*N`",
                    );
                }
            }
        }
        excludes
    }

    /// The forms the fan applies to, as a bit per form.
    fn fan_forms(&mut self, m: &MergedFan, id: &str) -> u8 {
        let r = &m.raw;
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
        forms_mask
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
        needs_other,
        script,
        note
    );
}
