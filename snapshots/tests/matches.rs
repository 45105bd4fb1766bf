//! One seeded full match per built-in ruleset, locked as its readable record: any change to play,
//! claims, scoring or settlement shows up here as a diff of the game it changes.

use mj_core::game::matchplay::play_match;
use mj_core::game::{replay, GreedyBot, Player, Rules};
use mj_dsl::table::Table;
use std::fmt::Write as _;

const SEED: u64 = 2026;

fn match_text(name: &str) -> String {
    let rs = mj_dsl::load(name).unwrap_or_else(|d| panic!("{name}: {d}"));
    let t = Table::new(rs).unwrap_or_else(|e| panic!("{name}: {e}"));
    let n = t.table().player_count();
    let mut players: Vec<Box<dyn Player>> = (0..n)
        .map(|_| Box::new(GreedyBot::new()) as Box<dyn Player>)
        .collect();
    let m = play_match(&t, &mut players, SEED, None).unwrap_or_else(|e| panic!("{name}: {e}"));
    let mut out = String::new();
    for (i, r) in m.hands.iter().enumerate() {
        // Every hand of the locked match must also replay through the engine.
        if let Err(d) = replay(&t, r) {
            panic!("{name} hand {} does not replay: {d:?}", i + 1);
        }
        let _ = writeln!(out, "── hand {} ──", i + 1);
        out.push_str(&r.to_text(t.tiles(), t.table().fixed_seat_winds));
    }
    let _ = writeln!(out, "── result ──");
    for s in 0..n {
        let result = m.results.get(s).map(|r| format!(", result {r}"));
        let _ = writeln!(
            out,
            "P{s} (started in seat {s}): {} points, place {}, ranking points {}{}",
            m.totals[s],
            m.places[s] + 1,
            m.ranking[s],
            result.unwrap_or_default()
        );
    }
    out
}

#[test]
fn every_builtin_ruleset_plays_its_locked_match() {
    for name in mj_dsl::builtin_names() {
        insta::assert_snapshot!(format!("match-{name}"), match_text(name));
    }
}
