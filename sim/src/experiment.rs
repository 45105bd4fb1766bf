//! An experiment: many bot hands under one ruleset. Hand `k` is fully fixed by the master seed
//! and `k` (its wall seed, dealer and prevalent wind), and every hand is played by fresh bots, so
//! the statistics do not depend on how the hands are split over threads or shards: each worker
//! fills its own integer-exact [`Partial`] and merging them is exact.

use crate::partial::Partial;
use mj_core::game::{play_hand, GreedyBot, Player, RandomBot, Record, Rules};
use mj_core::Wind;
use mj_dsl::table::Table;
use serde::{Deserialize, Serialize};
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};

/// The bots that play every seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Bot {
    Greedy,
    Random,
}

impl Bot {
    /// The bot's name in files and reports (`greedy`, `random`).
    pub fn name(self) -> &'static str {
        match self {
            Bot::Greedy => "greedy",
            Bot::Random => "random",
        }
    }
}

impl FromStr for Bot {
    type Err = String;

    /// Reads a bot's name as [`Bot::name`] writes it.
    fn from_str(s: &str) -> Result<Bot, String> {
        match s {
            "greedy" => Ok(Bot::Greedy),
            "random" => Ok(Bot::Random),
            _ => Err(format!("`{s}` is not a bot: greedy or random")),
        }
    }
}

/// One of `count` disjoint slices of an experiment: the hands `k` with `k % count == index`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

impl Shard {
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// How many of the hands `0..hands` belong to this shard.
    pub fn len(self, hands: u64) -> u64 {
        if hands <= self.index {
            0
        } else {
            (hands - self.index - 1) / self.count + 1
        }
    }
}

impl FromStr for Shard {
    type Err = String;

    /// Reads `i/n` (0 ≤ i < n); the error says what was expected, the caller names the option.
    fn from_str(s: &str) -> Result<Shard, String> {
        let bad = || "expected i/n with 0 <= i < n, e.g. 0/8".to_string();
        let (i, n) = s.split_once('/').ok_or_else(bad)?;
        let index: u64 = i.trim().parse().map_err(|_| bad())?;
        let count: u64 = n.trim().parse().map_err(|_| bad())?;
        if count == 0 || index >= count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

/// What fixes an experiment's results: the ruleset (name and version), bots, seed and size.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Experiment {
    pub ruleset: String,
    pub ruleset_version: String,
    pub players: usize,
    pub bot: Bot,
    pub seed: u64,
    pub hands: u64,
}

fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The wall seed of hand `k`: the SplitMix64 output for state `seed ^ k` (one golden-ratio step
/// ahead), so neighbouring hands and neighbouring master seeds get unrelated walls.
pub fn hand_seed(seed: u64, k: u64) -> u64 {
    mix((seed ^ k).wrapping_add(0x9E37_79B9_7F4A_7C15))
}

/// Dealer and prevalent wind of hand `k`: the deal passes every hand, the wind every full turn.
pub fn seating(k: u64, players: usize) -> (usize, Wind) {
    let n = players.max(1) as u64;
    let dealer = (k % n) as usize;
    let round = Wind::from_index(((k / n) % 4) as u8).unwrap_or_default();
    (dealer, round)
}

fn bots(bot: Bot, n: usize, hand_seed: u64) -> Vec<Box<dyn Player>> {
    (0..n)
        .map(|s| match bot {
            Bot::Greedy => Box::new(GreedyBot::new()) as Box<dyn Player>,
            Bot::Random => Box::new(RandomBot::new(mix(hand_seed ^ (s as u64 + 1)))) as Box<dyn Player>,
        })
        .collect()
}

/// Plays hand `k` of an experiment.
pub fn play(t: &Table, bot: Bot, seed: u64, k: u64) -> Result<Record, String> {
    let n = t.table().player_count();
    let hs = hand_seed(seed, k);
    let (dealer, round) = seating(k, n);
    let mut players = bots(bot, n, hs);
    play_hand(t, &mut players, hs, dealer, round).map_err(|e| format!("hand {k} (wall seed {hs}): {e}"))
}

/// The experiment `rules` defines with these settings.
pub fn experiment(t: &Table, bot: Bot, seed: u64, hands: u64) -> Experiment {
    Experiment {
        ruleset: t.table().ruleset.clone(),
        ruleset_version: t.table().ruleset_version.clone(),
        players: t.table().player_count(),
        bot,
        seed,
        hands,
    }
}

/// Plays the shard's hands on `threads` threads and merges their partials. Worker `w` takes the
/// shard's hands at positions `w, w + threads, ...`; the merge is exact, so the split is
/// invisible in the result. An error names the lowest failing hand. `progress` is told of every
/// hand played (from any worker), so a front end can show a bar; the library shows nothing.
pub fn run(
    t: &Table,
    e: &Experiment,
    shard: Shard,
    threads: usize,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Partial, String> {
    let len = shard.len(e.hands);
    let threads = (threads.max(1) as u64).min(len.max(1));
    let stop = AtomicBool::new(false);
    // A caller that stops waiting (the server's time limit) stops the workers too.
    let token = mj_dsl::cancel::current().unwrap_or_default();
    let results: Vec<Result<Partial, (u64, String)>> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads)
            .map(|w| {
                let stop = &stop;
                let token = &token;
                s.spawn(move || {
                    mj_dsl::cancel::run_with(token, || {
                        let mut p = Partial::default();
                        let mut pos = w;
                        while pos < len {
                            if stop.load(Ordering::Relaxed) {
                                break;
                            }
                            if mj_dsl::cancel::cancelled() {
                                return Err((u64::MAX, "the run was cancelled".to_string()));
                            }
                            let k = shard.index + pos * shard.count;
                            match play(t, e.bot, e.seed, k) {
                                Ok(r) => p.add(&r),
                                Err(msg) => {
                                    stop.store(true, Ordering::Relaxed);
                                    return Err((k, msg));
                                }
                            }
                            progress(1);
                            pos += threads;
                        }
                        Ok(p)
                    })
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err((u64::MAX, "a worker thread panicked".into())))
            })
            .collect()
    });
    let mut total = Partial::default();
    let mut first_err: Option<(u64, String)> = None;
    for r in results {
        match r {
            Ok(p) => total.merge(&p),
            Err(e) => {
                if first_err.as_ref().is_none_or(|f| e.0 < f.0) {
                    first_err = Some(e);
                }
            }
        }
    }
    match first_err {
        Some((_, msg)) => Err(msg),
        None => Ok(total),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_partition_the_hands() {
        for hands in [0u64, 1, 2, 7, 30, 31] {
            for count in 1..=5u64 {
                let total: u64 = (0..count).map(|index| Shard { index, count }.len(hands)).sum();
                assert_eq!(total, hands, "{hands} hands in {count} shards");
                for index in 0..count {
                    let by_hand = (0..hands).filter(|k| k % count == index).count() as u64;
                    assert_eq!(Shard { index, count }.len(hands), by_hand);
                }
            }
        }
        assert_eq!("2/3".parse(), Ok(Shard { index: 2, count: 3 }));
        assert!("3/3".parse::<Shard>().is_err());
        assert!("0/0".parse::<Shard>().is_err());
    }

    #[test]
    fn hands_are_fixed_by_seed_and_index_alone() {
        assert_eq!(hand_seed(5, 9), hand_seed(5, 9));
        let seeds: std::collections::BTreeSet<u64> = (0..1000).map(|k| hand_seed(1, k)).collect();
        assert_eq!(seeds.len(), 1000);
        assert_ne!(hand_seed(1, 0), hand_seed(2, 0));
        assert_eq!(seating(0, 4), (0, Wind::EAST));
        assert_eq!(seating(5, 4), (1, Wind::SOUTH));
        assert_eq!(seating(17, 3), (2, Wind::SOUTH));
        assert_eq!(seating(9, 4), (1, Wind::WEST));
        assert_eq!(seating(16, 4), (0, Wind::EAST));
    }

    /// A run under a raised cancellation flag (the server gave up waiting) stops its workers
    /// instead of playing on, and says so.
    #[test]
    fn a_cancelled_caller_stops_the_workers() {
        let t = Table::new(mj_dsl::load("mcr").expect("mcr")).expect("table");
        let e = experiment(&t, Bot::Greedy, 11, 1_000_000);
        let token = mj_dsl::cancel::Cancel::new();
        token.cancel();
        let out = mj_dsl::cancel::run_with(&token, || run(&t, &e, Shard::WHOLE, 2, &|_| {}));
        assert_eq!(out.err().as_deref(), Some("the run was cancelled"));
    }

    /// A fixed seed's Partial agrees with counts taken straight from the records it played.
    #[test]
    fn partial_agrees_with_the_records() {
        let t = Table::new(mj_dsl::load("mcr").expect("mcr")).expect("table");
        let e = experiment(&t, Bot::Greedy, 11, 6);
        let records: Vec<Record> = (0..6)
            .map(|k| play(&t, Bot::Greedy, 11, k).expect("hand"))
            .collect();
        let p = run(&t, &e, Shard::WHOLE, 2, &|_| {}).expect("run");
        let wins: usize = records.iter().map(|r| r.winners().len()).sum();
        assert_eq!(p.hands, 6);
        assert_eq!(p.wins, wins as u64);
        assert_eq!(
            p.hands_won,
            records.iter().filter(|r| !r.winners().is_empty()).count() as u64
        );
        assert_eq!(p.hands_won + p.exhaustive_draws, 6);
        let dealer_net: i64 = records.iter().map(|r| r.net()[r.dealer]).sum();
        let from_dist: i64 = p.dealer_net.iter().map(|(v, c)| v * *c as i64).sum();
        assert_eq!(from_dist, dealer_net);
        for (k, r) in records.iter().enumerate() {
            assert_eq!(r.seed, hand_seed(11, k as u64));
            assert_eq!(r.dealer, k % 4);
        }
    }
}
