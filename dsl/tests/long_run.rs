//! Long-run invariants of the turn engine over every built-in ruleset: seeded hands are played
//! by a mix of greedy and random bots and, at every step, every tile is accounted for and only
//! legal actions are applied; no hand panics or errors; each hand's payments are zero-sum (with a
//! chip floor: payments on the table and those held outside it are each zero-sum, and no stack
//! ends below the floor); and every 1,000th record goes through JSON and replays to the same end.
//!
//! The number of hands (spread evenly over the rulesets) comes from `MJ_LONG_RUN_HANDS`, 10,000
//! by default. A long run:
//!
//! ```sh
//! MJ_LONG_RUN_HANDS=1000000 cargo test --release -p mj-dsl --test long_run -- --nocapture
//! ```

mod common;

use std::time::Instant;

use mj_core::game::play::run_observed;
use mj_core::game::{legal_actions, new_hand, replay, Record, Rules};
use mj_core::Wind;
use mj_dsl::table::Table;

/// Every this many hands, the record is written as JSON, read back and replayed.
const REPLAY_EVERY: u64 = 1_000;

#[derive(Default, Debug, Clone, Copy)]
struct Counts {
    hands: u64,
    wins: u64,
    draws: u64,
    multiple_wins: u64,
    steps: u64,
    replayed: u64,
}

fn run_ruleset(name: &str, first: u64, hands: u64) -> Counts {
    let t = Table::new(mj_dsl::load(name).expect("ruleset loads")).expect("table rules");
    let total = t.tiles().total_tiles();
    let n = t.table().player_count();
    let floor = t.table().floor;
    let mut c = Counts::default();
    for i in first..first + hands {
        let dealer = (i % n as u64) as usize;
        let round = Wind::from_index((i / 4 % 4) as u8).unwrap();
        let (mut st, mut events) =
            new_hand(&t, i, dealer, round).unwrap_or_else(|e| panic!("{name} hand {i}: deal: {e}"));
        assert_eq!(st.census(), total, "{name} hand {i}: tiles lost at the deal");
        let mut ps = common::mixed_seats(i, n);
        let mut steps = 0u64;
        run_observed(&t, &mut st, &mut ps, &mut events, &mut |s, seat, action| {
            steps += 1;
            assert_eq!(s.census(), total, "{name} hand {i}: tiles lost");
            assert!(
                legal_actions(&t, s, seat).contains(&action),
                "{name} hand {i}: illegal action applied"
            );
        })
        .unwrap_or_else(|e| panic!("{name} hand {i}: {e}"));
        assert_eq!(st.census(), total, "{name} hand {i}: tiles lost at the end");
        assert!(st.is_over(), "{name} hand {i}: not over");
        let names = ps.iter().map(|p| p.name()).collect();
        let record = Record::new(&t, i, dealer, round, names, None, &events);
        let net = record.net();
        // Deposits put on the table (or taken off it) are the only payments with no counterpart.
        assert_eq!(
            net.iter().sum::<i64>() + st.pot_change(t.table().declaration.deposit),
            0,
            "{name} hand {i}: payments not zero-sum"
        );
        assert_eq!(net, st.scores, "{name} hand {i}: payments differ from the scores");
        assert_eq!(
            record.held().iter().sum::<i64>(),
            0,
            "{name} hand {i}: held not zero-sum"
        );
        if let Some(floor) = floor {
            for s in 0..n {
                assert!(
                    st.balance(s) >= floor,
                    "{name} hand {i}: seat {s} below the floor"
                );
            }
        }
        match record.winners().len() {
            0 => c.draws += 1,
            1 => c.wins += 1,
            _ => {
                c.wins += 1;
                c.multiple_wins += 1;
            }
        }
        if i % REPLAY_EVERY == 0 {
            let json = record.to_json();
            let back = Record::from_json(&json).unwrap_or_else(|e| panic!("{name} hand {i}: {e}"));
            assert_eq!(back, record, "{name} hand {i}: the JSON does not read back");
            let end = replay(&t, &back).unwrap_or_else(|d| panic!("{name} hand {i}: {d}"));
            assert_eq!(end, st, "{name} hand {i}: replay ends elsewhere");
            c.replayed += 1;
        }
        c.hands += 1;
        c.steps += steps;
    }
    c
}

#[test]
fn long_run_keeps_every_invariant() {
    let total: u64 = std::env::var("MJ_LONG_RUN_HANDS")
        .ok()
        .map(|v| v.trim().parse().expect("MJ_LONG_RUN_HANDS is a number"))
        .unwrap_or(10_000);
    let names = mj_dsl::builtin_names();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).max(1);
    let per = total / names.len() as u64;
    let start = Instant::now();
    // Each ruleset's hands are split into chunks with distinct seeds, run on a few threads.
    let chunk = per.div_ceil(threads as u64).max(1);
    let mut jobs: Vec<(String, u64, u64)> = Vec::new();
    for name in &names {
        let mut first = 0;
        while first < per {
            let k = chunk.min(per - first);
            jobs.push((name.to_string(), first, k));
            first += k;
        }
    }
    let jobs = std::sync::Mutex::new(jobs);
    let results = std::sync::Mutex::new(Vec::<(String, Counts)>::new());
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let Some((name, first, k)) = jobs.lock().unwrap().pop() else {
                    break;
                };
                let c = run_ruleset(&name, first, k);
                results.lock().unwrap().push((name, c));
            });
        }
    });
    let took = start.elapsed();
    let mut all = Counts::default();
    for name in &names {
        let mut c = Counts::default();
        for (_, r) in results.lock().unwrap().iter().filter(|(n, _)| n == name) {
            c.hands += r.hands;
            c.wins += r.wins;
            c.draws += r.draws;
            c.multiple_wins += r.multiple_wins;
            c.steps += r.steps;
            c.replayed += r.replayed;
        }
        eprintln!("{name:<14} {c:?}");
        assert_eq!(c.hands, per, "{name}");
        if per >= 100 {
            assert!(c.wins > 0 && c.draws > 0, "{name}: {c:?}");
        }
        all.hands += c.hands;
        all.wins += c.wins;
        all.draws += c.draws;
        all.multiple_wins += c.multiple_wins;
        all.steps += c.steps;
        all.replayed += c.replayed;
    }
    eprintln!(
        "long run: {} hands over {} rulesets on {threads} threads in {took:.1?} ({:.0} hands/s): {all:?}",
        all.hands,
        names.len(),
        all.hands as f64 / took.as_secs_f64()
    );
}
