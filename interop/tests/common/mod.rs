//! What the interop tests share: the 20 Tenhou development logs (tests/data/tenhou, from mjx,
//! MIT) and the riichi table they are replayed under.

#![allow(dead_code)] // each test file uses its own part

use mj_interop::tenhou::{self, Log};
use std::path::PathBuf;

/// The folder of the development logs and their oracle-scored corpus.
pub fn data() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/tenhou")
}

/// Every development log, by file name, in name order.
pub fn logs() -> Vec<(String, Log)> {
    let mut files: Vec<_> = std::fs::read_dir(data())
        .expect("the data folder")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "mjlog"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("readable");
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            let log = tenhou::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
            (name, log)
        })
        .collect()
}

/// The built-in `riichi` ruleset as a table to play under.
pub fn riichi() -> mj_dsl::table::Table {
    mj_dsl::table::Table::new(mj_dsl::load("riichi").expect("riichi loads")).expect("a table")
}
