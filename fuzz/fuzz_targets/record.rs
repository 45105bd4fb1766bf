//! Any bytes as a JSON game record: reading never panics, and replaying a record that reads
//! (under the built-in ruleset it names, if any) ends in a state or a divergence, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mj_core::game::{replay, Record, Rules};
use mj_dsl::table::Table;
use std::sync::OnceLock;

fn tables() -> &'static [(String, Table)] {
    static T: OnceLock<Vec<(String, Table)>> = OnceLock::new();
    T.get_or_init(|| {
        mj_dsl::builtin_names()
            .into_iter()
            .filter_map(|n| {
                let t = Table::new(mj_dsl::load(n).ok()?).ok()?;
                Some((t.table().ruleset.clone(), t))
            })
            .collect()
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(record) = Record::from_json(text) else {
        return;
    };
    let _ = record.to_json();
    if let Some((_, t)) = tables().iter().find(|(name, _)| *name == record.ruleset) {
        let _ = replay(t, &record);
    }
});
