//! A whole tournament played by bots (`mj tournament simulate`): every round drawn, every table
//! a match of greedy bots, every result recorded, so an organiser can try a `[competition]`
//! before running it with people.

use mj_core::game::matchplay::play_match;
use mj_core::game::{GreedyBot, Player, Rules};
use mj_core::tournament::{Entrant, Event};
use mj_dsl::table::Table;

/// `players` entrants named `P1`, `P2`, ... (zero-padded to one width, so names sort in order).
pub fn numbered_entrants(players: usize) -> Vec<Entrant> {
    let width = players.to_string().len();
    (1..=players)
        .map(|i| Entrant {
            name: format!("P{i:0width$}"),
            team: None,
            substitute: false,
        })
        .collect()
}

/// Plays every round of `e` under `table`: each round drawn from `seed`, each table a match of
/// greedy bots (`winds` rounds of prevalent wind, default the ruleset's) seeded from `seed`, the
/// round and the table, and its totals recorded.
pub fn play_event(table: &Table, e: &mut Event, seed: u64, winds: Option<u32>) -> Result<(), String> {
    let n = table.table().player_count();
    for r in 0..e.rounds as usize {
        let tables = e.draw(seed)?.tables.len();
        for k in 0..tables {
            let mut bots: Vec<Box<dyn Player>> = (0..n)
                .map(|_| Box::new(GreedyBot::new()) as Box<dyn Player>)
                .collect();
            let match_seed = seed ^ ((r as u64) << 32 | k as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            let m = play_match(table, &mut bots, match_seed, winds).map_err(|err| err.to_string())?;
            e.record(r, k, m.totals)?;
        }
    }
    Ok(())
}
