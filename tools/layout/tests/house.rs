//! The house rules hold for this workspace: ARCHITECTURE.md's size limits and its "imports only
//! downward" invariants for core/ and dsl/.

use std::path::Path;

fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

#[test]
fn no_room_too_large_and_no_import_circle() {
    let found = mj_layout::check(root(), mj_layout::ACYCLIC);
    let shown: Vec<String> = found.iter().map(|v| v.to_string()).collect();
    assert!(
        found.is_empty(),
        "the tree breaks the house rules:\n{}",
        shown.join("\n")
    );
}

#[test]
fn cli_is_a_thin_shell() {
    let lines = mj_layout::crate_lines(&root().join("cli"));
    assert!(
        lines <= mj_layout::MAX_CLI_LINES,
        "cli/ has {lines} lines of sources"
    );
}

#[test]
fn the_checker_sees_the_workspace() {
    // A checker that reads nothing passes everything: make sure it found the crates it guards.
    let files = mj_layout::source_files(root());
    for krate in ["core/src/lib.rs", "dsl/src/lib.rs", "cli/src/main.rs"] {
        assert!(
            files.iter().any(|f| f.ends_with(krate)),
            "{krate} not found among {} files",
            files.len()
        );
    }
}
