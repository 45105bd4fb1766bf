//! The house rules of the source tree, checked: room sizes and which modules may import which.
//!
//! ARCHITECTURE.md states the layout as absences ("expr imports nothing from score", "no file over 800
//! lines"); prose drifts, so this crate reads the sources and reports every place where the tree breaks
//! them. It knows Rust only as text: a small lexer that skips strings, characters and comments is enough to
//! match braces and find `crate::` paths, and keeps the check free of any parser dependency.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

pub mod lex;
pub mod modules;

/// The limits the guide sets for a room.
pub const MAX_FILE_LINES: usize = 800;
pub const MAX_FN_LINES: usize = 150;
/// cli/ is a thin shell over the libraries: clap, the terminal, processes and files.
pub const MAX_CLI_LINES: usize = 2500;
/// The crates whose modules must form no import circle.
pub const ACYCLIC: &[&str] = &["core", "dsl"];

/// One way the tree breaks the house rules.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Violation {
    LongFile {
        file: PathBuf,
        lines: usize,
    },
    LongFn {
        file: PathBuf,
        line: usize,
        name: String,
        lines: usize,
    },
    /// Sibling modules that import each other, directly or round a loop, named from the crate root.
    Cycle {
        krate: String,
        circle: modules::Circle,
    },
}

impl std::fmt::Display for Violation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Violation::LongFile { file, lines } => {
                write!(
                    f,
                    "{}: {lines} lines (limit {MAX_FILE_LINES}): split it by purpose",
                    file.display()
                )
            }
            Violation::LongFn {
                file,
                line,
                name,
                lines,
            } => write!(
                f,
                "{}:{line}: fn {name} is {lines} lines (limit {MAX_FN_LINES}): split it into steps",
                file.display()
            ),
            Violation::Cycle { krate, circle } => {
                write!(
                    f,
                    "{krate}: import circle among {}: move the shared piece below them",
                    circle.modules.join(", ")
                )?;
                for (a, b, place) in &circle.edges {
                    write!(f, "\n    {a} -> {b}: {place}")?;
                }
                Ok(())
            }
        }
    }
}

/// The library and binary sources of every crate below `root`: each `src/` folder outside `target/`,
/// `node_modules/` and hidden folders. Tests, benches, examples and fuzz targets are not rooms the
/// limits speak of.
pub fn source_files(root: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    walk(root, &mut out, false);
    out.sort();
    out
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>, in_src: bool) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let path = e.path();
        let name = e.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') || name == "target" || name == "node_modules" || name.starts_with("target-")
        {
            continue;
        }
        if path.is_dir() {
            // `src/bin` and nested modules are sources too; a nested crate's own `src` starts afresh.
            let skip = in_src && (name == "tests" || name == "benches" || name == "examples");
            if !skip {
                walk(&path, out, in_src || name == "src");
            }
        } else if in_src && name.ends_with(".rs") {
            out.push(path);
        }
    }
}

/// Every violation below `root`, sorted. Import circles are checked in the crates named in `acyclic`
/// (folders relative to `root`, each holding `src/`).
pub fn check(root: &Path, acyclic: &[&str]) -> Vec<Violation> {
    let mut out = BTreeSet::new();
    for file in source_files(root) {
        let Ok(text) = fs::read_to_string(&file) else {
            continue;
        };
        let shown = file.strip_prefix(root).unwrap_or(&file).to_path_buf();
        let lines = text.lines().count();
        if lines > MAX_FILE_LINES {
            out.insert(Violation::LongFile {
                file: shown.clone(),
                lines,
            });
        }
        for f in lex::functions(&text) {
            if f.lines > MAX_FN_LINES {
                out.insert(Violation::LongFn {
                    file: shown.clone(),
                    line: f.line,
                    name: f.name,
                    lines: f.lines,
                });
            }
        }
    }
    for krate in acyclic {
        let graph = modules::graph(&root.join(krate).join("src"));
        for circle in modules::cycles(&graph) {
            out.insert(Violation::Cycle {
                krate: krate.to_string(),
                circle,
            });
        }
    }
    out.into_iter().collect()
}

/// Lines of Rust in the sources of one crate folder (for "cli/ under 2,500 lines").
pub fn crate_lines(dir: &Path) -> usize {
    source_files(dir)
        .iter()
        .filter_map(|f| fs::read_to_string(f).ok())
        .map(|t| t.lines().count())
        .sum()
}
