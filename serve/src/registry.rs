//! The rulesets a server offers: every built-in one, plus each subfolder of `--rules-dir`.
//! Everything is loaded and compiled once at start, so a request never reads a file: this is the
//! only place serve touches the file system (listing the folder; dsl's loader reads the rulesets).

use mj_dsl::table::Table;
use mj_dsl::Ruleset;
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

/// One ruleset, ready to score and to replay.
pub struct Entry {
    pub ruleset: Arc<Ruleset>,
    /// The ruleset at the table, for replaying records; the reason when its play rules are not
    /// ones the engine runs (it can still score hands).
    pub table: Result<Arc<Table>, String>,
    /// Built into the binary, or loaded from `--rules-dir`.
    pub builtin: bool,
}

impl Entry {
    fn new(ruleset: Ruleset, builtin: bool) -> Entry {
        let table = Table::new(ruleset.clone()).map(Arc::new);
        Entry {
            ruleset: Arc::new(ruleset),
            table,
            builtin,
        }
    }
}

/// Rulesets by name.
#[derive(Default)]
pub struct Registry {
    entries: BTreeMap<String, Entry>,
}

impl Registry {
    /// The built-in rulesets, then every subfolder of `dir` (hidden folders skipped). A folder
    /// ruleset that does not load, or whose name is already taken, stops the start with the
    /// loader's diagnostics: a server silently missing a house ruleset would be worse.
    pub fn load(dir: Option<&Path>) -> Result<Registry, String> {
        let mut reg = Registry::default();
        for name in mj_dsl::builtin_names() {
            let rs = mj_dsl::load(name).map_err(|d| format!("built-in ruleset {name}: {d}"))?;
            reg.entries.insert(name.to_string(), Entry::new(rs, true));
        }
        if let Some(dir) = dir {
            reg.add_dir(dir)?;
        }
        Ok(reg)
    }

    fn add_dir(&mut self, dir: &Path) -> Result<(), String> {
        let shown = dir.display();
        let listing = std::fs::read_dir(dir).map_err(|e| format!("--rules-dir {shown}: {e}"))?;
        let mut folders: Vec<_> = listing
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.is_dir())
            .filter(|p| {
                p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| !n.starts_with('.'))
            })
            .collect();
        folders.sort();
        for folder in folders {
            let spec = folder.to_string_lossy().to_string();
            let rs = mj_dsl::load(&spec).map_err(|d| format!("--rules-dir: {spec}:\n{d}"))?;
            if self.entries.contains_key(&rs.name) {
                return Err(format!(
                    "--rules-dir: {spec} is named `{}`, which is already taken; give it another `name`",
                    rs.name
                ));
            }
            self.entries.insert(rs.name.clone(), Entry::new(rs, false));
        }
        Ok(())
    }

    pub fn get(&self, name: &str) -> Option<&Entry> {
        self.entries.get(name)
    }

    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.entries.keys().map(String::as_str)
    }

    pub fn entries(&self) -> impl Iterator<Item = &Entry> {
        self.entries.values()
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}
