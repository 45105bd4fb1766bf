//! `mj-layout [ROOT]`: print every place the tree breaks the house rules; exit 1 if there is one.

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let root = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("."));
    let found = mj_layout::check(&root, mj_layout::ACYCLIC);
    for v in &found {
        println!("{v}");
    }
    let cli = mj_layout::crate_lines(&root.join("cli"));
    println!("cli/ sources: {cli} lines (limit {})", mj_layout::MAX_CLI_LINES);
    if found.is_empty() && cli <= mj_layout::MAX_CLI_LINES {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
