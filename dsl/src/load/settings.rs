//! Named settings: a ruleset's `[[setting]]` entries, and the choice of their values written in
//! the ruleset's name, `riichi[open_tanyao=false,kazoe=sanbaiman]`. The name is where every
//! command and API already takes a ruleset, so choosing a setting needs nothing of them.
//!
//! A chosen value's overlay becomes one more layer on top of the `extends` chain, merged by the
//! code that merges an extension (tables key by key, fans by id): a setting can say whatever an
//! extension can, and there is one merger.

use super::{Layer, Loader};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::expr;
use crate::ruleset::Setting;
use crate::schema::RawFile;
use std::ops::Range;

/// The label diagnostics about the settings written in a name show as their file.
const NAME_LABEL: &str = "ruleset name";

/// One `key=value` of a name's bracket, with where each half is in the name.
pub(super) struct Choice {
    key: String,
    key_span: Range<usize>,
    value: String,
    value_span: Range<usize>,
}

/// The ruleset part of `spec` and the settings its bracket chooses: `riichi[a=b, c=d]` gives
/// `riichi` and two choices; a spec without a bracket gives itself and none.
pub(super) fn split_spec(spec: &str) -> Result<(&str, Vec<Choice>), Diagnostics> {
    let Some(open) = spec.find('[').filter(|_| spec.ends_with(']')) else {
        return Ok((spec, Vec::new()));
    };
    let base = &spec[..open];
    let inner_start = open + 1;
    let inner = &spec[inner_start..spec.len() - 1];
    let mut choices: Vec<Choice> = Vec::new();
    let mut at = inner_start;
    for part in inner.split(',') {
        let start = at;
        at += part.len() + 1;
        if part.trim().is_empty() {
            if inner.trim().is_empty() {
                break;
            }
            return Err(one(bad_name(
                spec,
                start..start,
                "an empty setting in the ruleset name",
            )));
        }
        let Some((k, v)) = part.split_once('=') else {
            let span = trimmed(part, start);
            return Err(one(bad_name(
                spec,
                span,
                format!("`{}` does not choose a value", part.trim()),
            )));
        };
        let key_span = trimmed(k, start);
        let value_span = trimmed(v, start + k.len() + 1);
        let choice = Choice {
            key: k.trim().to_string(),
            value: v.trim().to_string(),
            key_span,
            value_span,
        };
        if choices.iter().any(|c| c.key == choice.key) {
            return Err(one(bad_name(
                spec,
                choice.key_span,
                format!("setting `{}` is chosen twice", choice.key),
            )));
        }
        choices.push(choice);
    }
    Ok((base, choices))
}

/// The span of `part` (found at `start` in the name) without its surrounding blanks.
fn trimmed(part: &str, start: usize) -> Range<usize> {
    let lead = part.len() - part.trim_start().len();
    start + lead..start + lead + part.trim().len()
}

fn one(d: Diagnostic) -> Diagnostics {
    Diagnostics(vec![d])
}

fn bad_name(spec: &str, span: Range<usize>, msg: impl Into<String>) -> Diagnostic {
    let mut d = Diagnostic::new(NAME_LABEL, spec, span, msg);
    d.help = Some("write settings as name[setting=value,setting=value]; `mj doc NAME` lists them".into());
    d
}

/// A setting merged across the chain, with the layer whose overlay each value uses, and the file
/// that gave its `constant` (where a number setting's diagnostics point).
struct Merged {
    setting: Setting,
    overlays: Vec<(String, usize)>,
    file: usize,
}

impl Loader {
    /// Merges the chain's `[[setting]]` entries, checks the name's choices against them and
    /// appends the overlay of every value in force to `chain`. Returns the settings with their
    /// values, or `None` after the diagnostics that say why.
    pub(super) fn apply_settings(
        &mut self,
        chain: &mut Vec<Layer>,
        spec: &str,
        choices: &[Choice],
    ) -> Option<Vec<Setting>> {
        let merged = self.merge_settings(chain);
        let ruleset = chain
            .iter()
            .rev()
            .find_map(|l| l.raw.ruleset.as_ref().map(|m| m.name.get_ref().clone()))
            .unwrap_or_default();
        let known: Vec<&str> = merged.iter().map(|m| m.setting.id.as_str()).collect();
        let mut ok = true;
        for c in choices {
            let Some(m) = merged.iter().find(|m| m.setting.id == c.key) else {
                let listed = if known.is_empty() {
                    "it has none".to_string()
                } else {
                    format!("known: {}", known.join(", "))
                };
                let hint = expr::suggest(&c.key, &known);
                self.diags.push(bad_name(
                    spec,
                    c.key_span.clone(),
                    format!("unknown setting `{}` of {ruleset}{hint}; {listed}", c.key),
                ));
                ok = false;
                continue;
            };
            if !m.setting.allows(&c.value) {
                let values: Vec<&str> = m.setting.values.iter().map(String::as_str).collect();
                let hint = expr::suggest(&c.value, &values);
                self.diags.push(bad_name(
                    spec,
                    c.value_span.clone(),
                    format!(
                        "value `{}` of setting `{}` is not {}{hint}",
                        c.value,
                        c.key,
                        m.setting.allowed()
                    ),
                ));
                ok = false;
            }
        }
        if !ok {
            return None;
        }
        let mut out = Vec::new();
        for mut m in merged {
            if let Some(c) = choices.iter().find(|c| c.key == m.setting.id) {
                m.setting.value = c.value.clone();
            }
            if let Some((_, layer)) = m.overlays.iter().find(|(v, _)| *v == m.setting.value) {
                let (file, origin) = (chain[*layer].file, chain[*layer].origin.clone());
                let raw = self.overlay(&chain[*layer].raw, &m.setting, file)?;
                chain.push(Layer { file, raw, origin });
            }
            if let Some(layer) = self.constant_layer(chain, &m) {
                chain.push(layer);
            }
            out.push(m.setting);
        }
        Some(out)
    }

    /// For a number setting, the layer that sets its `[settlement] constants` name to the value
    /// in force; the name must be one the ruleset declares, or the setting would change nothing.
    fn constant_layer(&mut self, chain: &[Layer], m: &Merged) -> Option<Layer> {
        let (name, _, _) = m.setting.constant.as_ref()?;
        let declared = |l: &Layer| {
            let constants = l.raw.settlement.as_ref().and_then(|s| s.get("constants"));
            constants.and_then(|c| c.get(name)).is_some()
        };
        let (file, origin) = (m.file, chain.last().map(|l| l.origin.clone())?);
        if !chain.iter().any(declared) {
            let span = self.find_in(file, "setting", name);
            self.help(
                file,
                span,
                format!(
                    "setting `{}` sets constant `{name}`, which [settlement] constants does not declare",
                    m.setting.id
                ),
                format!(
                    "declare it with its default, e.g. [settlement] constants = {{ {name} = {} }}",
                    m.setting.default
                ),
            );
            return None;
        }
        let value: i64 = m.setting.value.parse().ok()?;
        let mut constants = toml::Table::new();
        constants.insert(name.clone(), toml::Value::Integer(value));
        let mut settlement = toml::Table::new();
        settlement.insert("constants".into(), toml::Value::Table(constants));
        let raw = RawFile {
            settlement: Some(toml::Value::Table(settlement)),
            ..RawFile::default()
        };
        Some(Layer { file, raw, origin })
    }

    /// The overlay of the value `setting` has, as a layer's file: it may not name a ruleset or
    /// declare settings of its own.
    fn overlay(&mut self, declaring: &RawFile, setting: &Setting, file: usize) -> Option<RawFile> {
        let raw = declaring
            .setting
            .iter()
            .rev()
            .find(|s| *s.get_ref().id.get_ref() == setting.id)
            .and_then(|s| s.get_ref().overlay.get(&setting.value))?
            .clone();
        if raw.ruleset.is_some() || !raw.setting.is_empty() {
            let span = self.find_in(file, &format!("setting.overlay.{}", setting.value), "");
            self.help(
                file,
                span,
                format!(
                    "the overlay of `{}={}` names a ruleset or declares settings",
                    setting.id, setting.value
                ),
                "an overlay holds only the sections an extension may override ([points], [[fan]], ...)",
            );
            return None;
        }
        Some(raw)
    }

    /// The chain's settings in the order they are first declared; a later layer naming an id
    /// again patches the fields it gives and replaces the overlays it gives.
    fn merge_settings(&mut self, chain: &[Layer]) -> Vec<Merged> {
        let mut merged: Vec<Merged> = Vec::new();
        for (li, layer) in chain.iter().enumerate() {
            for entry in &layer.raw.setting {
                let raw = entry.get_ref();
                let id = raw.id.get_ref().clone();
                let pos = match merged.iter().position(|m| m.setting.id == id) {
                    Some(p) => p,
                    None => {
                        let (true, Some(default)) =
                            (raw.values.is_some() || raw.constant.is_some(), &raw.default)
                        else {
                            self.help(
                                layer.file,
                                raw.id.span(),
                                format!("setting `{id}` needs `values` and `default` (a number setting: `constant` and `default`)"),
                                "e.g. values = [\"true\", \"false\"] and default = \"true\"",
                            );
                            continue;
                        };
                        merged.push(Merged {
                            setting: Setting {
                                id: id.clone(),
                                zh: None,
                                en: None,
                                ja: None,
                                definition: String::new(),
                                values: Vec::new(),
                                constant: None,
                                default: default.get_ref().clone(),
                                value: String::new(),
                            },
                            overlays: Vec::new(),
                            file: layer.file,
                        });
                        merged.len() - 1
                    }
                };
                let m = &mut merged[pos];
                let s = &mut m.setting;
                for (field, v) in [(&mut s.zh, &raw.zh), (&mut s.en, &raw.en), (&mut s.ja, &raw.ja)] {
                    if v.is_some() {
                        field.clone_from(v);
                    }
                }
                if let Some(d) = &raw.definition {
                    s.definition.clone_from(d);
                }
                if let Some(values) = &raw.values {
                    s.values = values.iter().map(|v| v.get_ref().clone()).collect();
                }
                if let Some(c) = &raw.constant {
                    let [lo, hi] = raw.range.unwrap_or([0, crate::limits::MAX_AMOUNT]);
                    s.constant = Some((c.get_ref().clone(), lo, hi));
                    m.file = layer.file;
                }
                if let Some(d) = &raw.default {
                    s.default = d.get_ref().clone();
                }
                for value in raw.overlay.keys() {
                    m.overlays.retain(|(v, _)| v != value);
                    m.overlays.push((value.clone(), li));
                }
                self.check_setting(layer.file, raw, &m.setting);
                m.setting.value = m.setting.default.clone();
            }
        }
        merged
    }

    /// Located diagnostics for a default or an overlay that is not one of the values, and for a
    /// setting that has both `values` and `constant`.
    fn check_setting(&mut self, file: usize, raw: &crate::schema::RawSetting, s: &Setting) {
        let values = s.values.join(", ");
        if let Some((_, lo, hi)) = s.constant.as_ref().filter(|(_, lo, hi)| {
            lo > hi || lo.abs() > crate::limits::MAX_AMOUNT || hi.abs() > crate::limits::MAX_AMOUNT
        }) {
            self.help(
                file,
                raw.id.span(),
                format!("setting `{}` has range [{lo}, {hi}]", s.id),
                format!(
                    "give [lowest, highest], each within ±{}",
                    crate::limits::MAX_AMOUNT
                ),
            );
        }
        if s.constant.is_some() && !s.values.is_empty() {
            self.help(
                file,
                raw.id.span(),
                format!("setting `{}` has both `values` and `constant`", s.id),
                "a number setting sets its constant to the number chosen: drop `values`",
            );
        }
        if let Some(d) = raw.default.as_ref().filter(|d| !s.allows(d.get_ref())) {
            self.help(
                file,
                d.span(),
                format!(
                    "default `{}` of setting `{}` is not {}",
                    d.get_ref(),
                    s.id,
                    match s.constant {
                        Some(_) => s.allowed(),
                        None => "one of its values".to_string(),
                    }
                ),
                match s.constant {
                    Some(_) => format!("the default is {}", s.allowed()),
                    None => format!("the values are {values}"),
                },
            );
        }
        for value in raw.overlay.keys().filter(|v| !s.values.contains(v)) {
            self.help(
                file,
                raw.id.span(),
                format!(
                    "setting `{}` has an overlay for `{value}`, which is not one of its values",
                    s.id
                ),
                match s.constant {
                    Some(_) => format!("the default is {}", s.allowed()),
                    None => format!("the values are {values}"),
                },
            );
        }
    }
}

/// The name a ruleset loaded with `choices` goes by: its own, and the bracket as chosen (in the
/// order the settings are declared), which loads the same ruleset again.
pub(super) fn chosen_name(name: &str, settings: &[Setting], choices: &[Choice]) -> String {
    if choices.is_empty() {
        return name.to_string();
    }
    let parts: Vec<String> = settings
        .iter()
        .filter(|s| choices.iter().any(|c| c.key == s.id))
        .map(|s| format!("{}={}", s.id, s.value))
        .collect();
    format!("{name}[{}]", parts.join(","))
}
