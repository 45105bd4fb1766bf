//! A ruleset as a request names it: a name the server knows, or the folder of one written in the
//! request itself (`{"files": {"ruleset.toml": "...", "fans.rhai": "..."}}`), which the studio
//! page sends as the designer types.
//!
//! An inline ruleset is untrusted input. It goes through the same loader and rhai sandbox as a
//! `--rules-dir` folder, from memory: its `[[script]] file`s are looked up in its own map and
//! nowhere else, and its `extends` names a built-in ruleset (the loader resolves nothing else
//! for files held in memory), so it never touches the server's files. Its size is bounded here
//! (file count, names, bytes), its time by the request's limit, which also stops its scripts.

use crate::error::ApiError;
use crate::AppState;
use mj_dsl::table::Table;
use mj_dsl::{Diagnostics, Ruleset};
use serde::Deserialize;
use serde_json::Value;
use std::sync::Arc;

/// Most files in one inline ruleset: a ruleset.toml and its scripts.
pub const MAX_FILES: usize = 32;
/// Most bytes of all the files of one inline ruleset together (the request body is bounded
/// too; this bound holds whatever the body limit is set to). mcr, the largest built-in
/// ruleset, is about 60 KB.
pub const MAX_BYTES: usize = 512 * 1024;
/// The label an inline ruleset's files carry in the loader; stripped from diagnostics, which
/// name the file as the request does (`ruleset.toml`).
const LABEL: &str = "inline";

/// A ruleset field of a request: a name, or `{"files": {...}}`.
#[derive(Deserialize, Clone, Debug)]
#[serde(try_from = "Value")]
pub enum RulesetRef {
    Name(String),
    Inline(Vec<(String, String)>),
}

impl TryFrom<Value> for RulesetRef {
    type Error = String;

    fn try_from(v: Value) -> Result<RulesetRef, String> {
        const SHAPE: &str = "a ruleset is a name (\"mcr\") or {\"files\": {\"ruleset.toml\": \"...\"}}";
        match v {
            Value::String(s) => Ok(RulesetRef::Name(s)),
            Value::Object(mut o) => {
                let files = o.remove("files").ok_or_else(|| format!("no `files`: {SHAPE}"))?;
                if let Some(k) = o.keys().next() {
                    return Err(format!("unknown field `{k}`: {SHAPE}"));
                }
                let Value::Object(files) = files else {
                    return Err(format!("`files` must map file names to their text: {SHAPE}"));
                };
                let files = files
                    .into_iter()
                    .map(|(name, text)| match text {
                        Value::String(t) => Ok((name, t)),
                        _ => Err(format!("file `{name}` must be a string: its text")),
                    })
                    .collect::<Result<Vec<_>, String>>()?;
                check_files(&files)?;
                Ok(RulesetRef::Inline(files))
            }
            _ => Err(SHAPE.to_string()),
        }
    }
}

/// The bounds of an inline ruleset's folder: a `ruleset.toml`, at most [`MAX_FILES`] files of
/// at most [`MAX_BYTES`] together, each a plain `.toml` or `.rhai` name (no folders, no `..`):
/// names are only looked up in the map, but a name that looks like a path is refused outright
/// so no one has to think about it.
fn check_files(files: &[(String, String)]) -> Result<(), String> {
    if !files.iter().any(|(n, _)| n == "ruleset.toml") {
        return Err("an inline ruleset needs a `ruleset.toml` among its `files`".into());
    }
    if files.len() > MAX_FILES {
        return Err(format!(
            "an inline ruleset has at most {MAX_FILES} files; this one has {}",
            files.len()
        ));
    }
    let bytes: usize = files.iter().map(|(n, t)| n.len() + t.len()).sum();
    if bytes > MAX_BYTES {
        return Err(format!(
            "an inline ruleset's files hold at most {MAX_BYTES} bytes together; these hold {bytes}"
        ));
    }
    for (name, _) in files {
        let plain = !name.starts_with('.')
            && name.len() <= 64
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
            && (name.ends_with(".toml") || name.ends_with(".rhai"));
        if !plain {
            return Err(format!(
                "file name `{name}` is not allowed: an inline ruleset's files are plain names ending in .toml or .rhai (letters, digits, `_`, `-`, `.`; no folders)"
            ));
        }
    }
    Ok(())
}

/// A ruleset ready to be loaded on the worker thread: a known one is at hand, an inline one is
/// compiled there (loading is work, and work runs off the async runtime).
pub enum Pending {
    Known(Arc<Ruleset>, Result<Arc<Table>, String>),
    Inline(Vec<(String, String)>),
}

impl RulesetRef {
    /// Looks a name up (404 listing the names there are) or takes the inline files as they are.
    pub fn pending(&self, state: &AppState) -> Result<Pending, ApiError> {
        match self {
            RulesetRef::Name(name) => {
                let e = crate::api::entry(state, name)?;
                Ok(Pending::Known(Arc::clone(&e.ruleset), e.table.clone()))
            }
            RulesetRef::Inline(files) => Ok(Pending::Inline(files.clone())),
        }
    }
}

impl Pending {
    /// The compiled ruleset, or the loader's diagnostics.
    pub fn load(self) -> Result<Arc<Ruleset>, Diagnostics> {
        match self {
            Pending::Known(rs, _) => Ok(rs),
            Pending::Inline(files) => load_inline(&files).map(Arc::new),
        }
    }

    /// The compiled ruleset; a ruleset that does not load is a 422 with its diagnostics.
    pub fn ruleset(self) -> Result<Arc<Ruleset>, ApiError> {
        self.load().map_err(|d| {
            ApiError::unprocessable(format!(
                "the inline ruleset does not load:\n{}",
                strip_label(&d.to_string())
            ))
        })
    }

    /// The ruleset at the table, for simulations.
    pub fn table(self) -> Result<Arc<Table>, ApiError> {
        let table = match self {
            Pending::Known(_, t) => t,
            inline @ Pending::Inline(_) => {
                let rs = inline.ruleset()?;
                Table::new((*rs).clone()).map(Arc::new)
            }
        };
        table.map_err(|why| ApiError::unprocessable(format!("the engine cannot play this ruleset: {why}")))
    }
}

fn load_inline(files: &[(String, String)]) -> Result<Ruleset, Diagnostics> {
    let borrowed: Vec<(&str, &str)> = files.iter().map(|(n, t)| (n.as_str(), t.as_str())).collect();
    mj_dsl::load_from_memory(LABEL, &borrowed)
}

/// A diagnostic's file as the request named it: `inline/fans.rhai` is `fans.rhai`.
pub fn request_file(file: &str) -> &str {
    file.strip_prefix(LABEL)
        .and_then(|f| f.strip_prefix('/'))
        .unwrap_or(file)
}

/// Rendered diagnostics with the inline label taken off the file names.
fn strip_label(text: &str) -> String {
    text.replace(&format!("{LABEL}/"), "")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(names: &[&str]) -> Value {
        let map: serde_json::Map<String, Value> = names
            .iter()
            .map(|n| (n.to_string(), Value::String(String::new())))
            .collect();
        serde_json::json!({ "files": map })
    }

    #[test]
    fn names_that_look_like_paths_are_refused() {
        for bad in [
            "../../etc/passwd.toml",
            "/etc/passwd",
            "a/b.rhai",
            ".hidden.toml",
            "x.txt",
            "..",
            "",
        ] {
            let r = RulesetRef::try_from(files(&["ruleset.toml", bad]));
            assert!(r.is_err(), "{bad:?} accepted");
        }
        assert!(RulesetRef::try_from(files(&["ruleset.toml", "fans-2.rhai"])).is_ok());
    }

    #[test]
    fn a_folder_needs_its_ruleset_toml_and_bounded_size() {
        assert!(RulesetRef::try_from(files(&["fans.rhai"])).is_err());
        let many: Vec<String> = (0..=MAX_FILES).map(|i| format!("f{i}.rhai")).collect();
        let mut names: Vec<&str> = many.iter().map(String::as_str).collect();
        names.push("ruleset.toml");
        assert!(RulesetRef::try_from(files(&names)).is_err());
        let big = serde_json::json!({ "files": { "ruleset.toml": "#".repeat(MAX_BYTES + 1) } });
        assert!(RulesetRef::try_from(big).is_err());
    }

    #[test]
    fn a_name_is_a_name() {
        assert!(
            matches!(RulesetRef::try_from(Value::String("mcr".into())), Ok(RulesetRef::Name(n)) if n == "mcr")
        );
        assert!(RulesetRef::try_from(serde_json::json!(7)).is_err());
        assert!(RulesetRef::try_from(serde_json::json!({ "files": {}, "x": 1 })).is_err());
    }

    #[test]
    fn request_files_lose_the_label_only() {
        assert_eq!(request_file("inline/fans.rhai"), "fans.rhai");
        assert_eq!(
            request_file("rulesets/mcr/ruleset.toml"),
            "rulesets/mcr/ruleset.toml"
        );
    }
}
