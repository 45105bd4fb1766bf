//! Whole matches per second on one thread: `N` matches of a ruleset (`riichi` unless named) by
//! four greedy bots through `play_match`, every hand's record kept, as python/bench_hanchan.py
//! compares with riichienv. Prints one line: `matches hands seconds`.
//!
//! ```sh
//! cargo run --release -p mj-dsl --example hanchan_rate -- 200 [RULESET] [FIRST_SEED]
//! ```

use std::time::Instant;

use mj_core::game::{play_match, GreedyBot, Player, Rules};
use mj_dsl::table::Table;

fn main() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let n: u64 = args
        .next()
        .map(|a| a.parse().map_err(|_| format!("not a match count: {a}")))
        .transpose()?
        .unwrap_or(100);
    let name = args.next().unwrap_or_else(|| "riichi".into());
    let first: u64 = args
        .next()
        .map(|a| a.parse().map_err(|_| format!("not a seed: {a}")))
        .transpose()?
        .unwrap_or(0);
    let t = Table::new(mj_dsl::load(&name).map_err(|d| d.to_string())?)?;
    let mut bots: Vec<Box<dyn Player>> = (0..t.table().player_count())
        .map(|_| Box::new(GreedyBot::new()) as Box<dyn Player>)
        .collect();
    let clock = Instant::now();
    let mut hands = 0;
    for seed in first..first + n {
        let m = play_match(&t, &mut bots, seed, None).map_err(|e| e.to_string())?;
        hands += m.hands.len();
    }
    println!("{n} {hands} {:.6}", clock.elapsed().as_secs_f64());
    Ok(())
}
