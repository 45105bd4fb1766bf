//! Embeds every folder under `rulesets/` into the library, so `--rules mcr` works from any
//! directory with nothing installed beside the binary, and the snapshot corpora
//! (`snapshots/corpus/*.txt`), so `mj diff A B` and `/api/diff` have hands to compare wherever
//! they run.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../rulesets");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut out = String::from(
        "/// (ruleset name, [(file name, contents)])\npub static BUILTIN: &[(&str, &[(&str, &str)])] = &[\n",
    );
    let mut dirs: Vec<_> = std::fs::read_dir(&root)
        .map(|rd| {
            rd.filter_map(Result::ok)
                .filter(|e| e.path().join("ruleset.toml").is_file())
                .collect()
        })
        .unwrap_or_default();
    dirs.sort_by_key(|e| e.file_name());
    for d in dirs {
        let name = d.file_name().to_string_lossy().to_string();
        let mut files: Vec<_> = std::fs::read_dir(d.path())
            .map(|rd| rd.filter_map(Result::ok).filter(|e| e.path().is_file()).collect())
            .unwrap_or_default();
        files.sort_by_key(|e| e.file_name());
        let _ = writeln!(out, "    ({name:?}, &[");
        for f in files {
            let fname = f.file_name().to_string_lossy().to_string();
            if !(fname.ends_with(".toml") || fname.ends_with(".rhai")) {
                continue;
            }
            include_entry(&mut out, "        ", &fname, &f.path());
        }
        let _ = writeln!(out, "    ]),");
    }
    out.push_str("];\n");
    write_out("builtin.rs", &out);
    write_out("corpus.rs", &corpora());
}

/// `pub static CORPUS: &[(ruleset name, contents)]` for every `snapshots/corpus/NAME.txt`.
fn corpora() -> String {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../snapshots/corpus");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .map(|rd| {
            rd.filter_map(Result::ok)
                .filter(|e| e.path().extension().is_some_and(|x| x == "txt"))
                .collect()
        })
        .unwrap_or_default();
    files.sort_by_key(|e| e.file_name());
    let mut out = String::from("/// (ruleset name, corpus text)\npub static CORPUS: &[(&str, &str)] = &[\n");
    for f in files {
        let name = f
            .path()
            .file_stem()
            .map(|s| s.to_string_lossy().to_string())
            .unwrap_or_default();
        include_entry(&mut out, "    ", &name, &f.path());
    }
    out.push_str("];\n");
    out
}

/// Appends `(key, include_str!(path)),` and has cargo rebuild when the file changes.
fn include_entry(out: &mut String, indent: &str, key: &str, path: &Path) {
    println!("cargo:rerun-if-changed={}", path.display());
    let abs = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    let _ = writeln!(
        out,
        "{indent}({key:?}, include_str!({:?})),",
        abs.display().to_string()
    );
}

fn write_out(file: &str, text: &str) {
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap_or_else(|_| ".".into())).join(file);
    if let Err(e) = std::fs::write(&dest, text) {
        panic!("cannot write {}: {e}", dest.display());
    }
}
