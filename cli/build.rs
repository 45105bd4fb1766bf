//! Embeds the snapshot corpora (snapshots/corpus/*.txt) so `mj diff A B` has a default corpus
//! wherever the binary runs.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
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
    let mut out = String::from("[\n");
    for f in files {
        let name = f
            .path()
            .file_stem()
            .map(|s| s.to_string_lossy().to_string())
            .unwrap_or_default();
        println!("cargo:rerun-if-changed={}", f.path().display());
        let abs = f.path().canonicalize().unwrap_or(f.path());
        let _ = writeln!(
            out,
            "    ({name:?}, include_str!({:?})),",
            abs.display().to_string()
        );
    }
    out.push_str("] as [(&str, &str); _]\n");
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap_or_else(|_| ".".into())).join("corpus.rs");
    if let Err(e) = std::fs::write(&dest, out) {
        panic!("cannot write {}: {e}", dest.display());
    }
}
