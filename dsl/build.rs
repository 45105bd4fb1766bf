//! Embeds every folder under `rulesets/` into the library, so `--rules mcr` works from any
//! directory with nothing installed beside the binary.

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
            println!("cargo:rerun-if-changed={}", f.path().display());
            let abs = f.path().canonicalize().unwrap_or(f.path());
            let _ = writeln!(
                out,
                "        ({fname:?}, include_str!({:?})),",
                abs.display().to_string()
            );
        }
        let _ = writeln!(out, "    ]),");
    }
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap_or_else(|_| ".".into())).join("builtin.rs");
    if let Err(e) = std::fs::write(&dest, out) {
        panic!("cannot write {}: {e}", dest.display());
    }
}
