//! The files of a ruleset: where they come from (built in, a folder, memory), reading and parsing
//! them, merging a base's TOML with an extension's, and turning TOML errors into plain words. This
//! is the only place in the crate that reads a file.

use super::builtin_files;
use crate::expr;
use crate::schema::RawFile;
use std::path::{Path, PathBuf};
use toml::Spanned;

/// The ruleset folder `spec` names on disk: the folder itself, or the one holding the
/// `ruleset.toml` it names; `None` when it names neither (a built-in name, or nothing).
pub(super) fn folder_of(spec: &str) -> Option<PathBuf> {
    let path = Path::new(spec);
    if path.is_dir() {
        Some(path.to_path_buf())
    } else if path.file_name().is_some_and(|f| f == "ruleset.toml") && path.is_file() {
        path.parent().map(Path::to_path_buf)
    } else {
        None
    }
}

#[derive(Clone, Debug)]
pub(super) enum Origin {
    Builtin(String),
    Dir(PathBuf),
    Memory(String, Vec<(String, String)>),
}

impl Origin {
    pub(super) fn label(&self) -> String {
        match self {
            Origin::Builtin(n) => format!("rulesets/{n}"),
            Origin::Dir(d) => d.display().to_string(),
            Origin::Memory(l, _) => l.clone(),
        }
    }

    /// (display path, contents) of a file of this ruleset.
    pub(super) fn read(&self, file: &str) -> Option<(String, String)> {
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
    pub(super) fn base(&self, name: &str) -> Option<Origin> {
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
pub(super) fn parse_file(origin: &Origin, text: &str) -> Result<RawFile, toml::de::Error> {
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

pub(super) fn deep_merge(base: &mut toml::Value, over: &toml::Value) {
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

/// Help for TOML syntax errors, which the toml parser reports without advice.
pub(super) const TOML_SYNTAX_HELP: &str = "TOML syntax: `key = value` lines under [table] headers; strings in double quotes closed on the same line (\"\"\" for several lines), lists in [ ], inline tables in { }";

/// Turns a toml/serde message into one a rule designer can act on, with a help line for the
/// common cases (unknown key with a did-you-mean, missing key, wrong type).
pub(super) fn toml_message(msg: &str) -> (String, Option<String>) {
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
    if let Some((_, old)) = SYNTAX_WORDING.iter().find(|(new, _)| *new == first) {
        return (old.to_string(), None);
    }
    (first, None)
}

/// Syntax messages of the toml 1 parser with the wording diagnostics had before it: the help
/// line after them already says what the parser adds (the closing quote or bracket).
const SYNTAX_WORDING: [(&str, &str); 2] = [
    ("invalid basic string, expected `\"`", "invalid basic string"),
    ("unclosed table, expected `]`", "invalid table header"),
];

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

pub(super) fn offset_of(text: &str, line: usize, column: usize) -> usize {
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
pub(super) fn unused(_: Spanned<()>) {}
