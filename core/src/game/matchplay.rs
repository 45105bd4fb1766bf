//! A match (局): hands played round after round of prevalent wind, the deal moving by the
//! ruleset's rotation, with running totals and ranking points by place.

use super::engine::next_dealer;
use super::play::{play_hand_at, PlayError};
use super::player::Player;
use super::record::Record;
use super::rules::Rules;
use super::state::HandStart;
use crate::rng::Rng;
use crate::tile::Wind;

/// The outcome of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchResult {
    pub hands: Vec<Record>,
    /// Points of every seat at the end (start points plus every hand's net, and any payments
    /// held outside the table).
    pub totals: Vec<i64>,
    /// Place of every seat, 0 = first. Ties go to the lower seat index, so places are unique.
    pub places: Vec<usize>,
    /// Ranking points of every seat by its place.
    pub ranking: Vec<i64>,
}

/// Plays `rounds` rounds of prevalent wind (the ruleset's count when `None`). A round ends when
/// the deal has passed every seat once; a hard cap of four times that many hands per round keeps
/// "the dealer stays" rules finite. Hand seeds are drawn from one generator seeded by `seed`.
/// With `[match] end_at_floor` the match ends after the hand that leaves that many players at
/// the chip floor. Each hand is played with every seat's running points and the dealer's streak.
pub fn play_match(
    rules: &dyn Rules,
    players: &mut [Box<dyn Player>],
    seed: u64,
    rounds: Option<u32>,
) -> Result<MatchResult, PlayError> {
    let table = rules.table();
    let n = table.player_count();
    let rounds = rounds.unwrap_or(table.rounds).min(4);
    let mut totals = vec![table.start_points; n];
    let mut held = vec![0i64; n];
    let mut hands = Vec::new();
    let mut rng = Rng::new(seed);
    let mut dealer = 0usize;
    let mut streak = 0u32;
    let floor = table.floor.unwrap_or(0);
    let ended = |totals: &[i64]| {
        table
            .end_at_floor
            .is_some_and(|k| totals.iter().filter(|&&t| t <= floor).count() >= k as usize)
    };
    'rounds: for r in 0..rounds {
        let round = Wind::from_index(r as u8).unwrap_or_default();
        let mut passes = 0;
        let mut played = 0;
        while passes < n && played < 4 * n {
            let hand_seed = rng.next_u64();
            let start = HandStart {
                stacks: totals.clone(),
                dealer_streak: streak,
            };
            let record = play_hand_at(rules, players, hand_seed, dealer, round, &start)?;
            for (t, x) in totals.iter_mut().zip(record.net()) {
                *t += x;
            }
            for (h, x) in held.iter_mut().zip(record.held()) {
                *h += x;
            }
            let (next, passed) = next_dealer(table, dealer, &record.winners(), record.discarder());
            streak = if next == dealer { streak + 1 } else { 0 };
            dealer = next;
            if passed {
                passes += 1;
            }
            played += 1;
            hands.push(record);
            if ended(&totals) {
                break 'rounds;
            }
        }
    }
    for (t, h) in totals.iter_mut().zip(&held) {
        *t += h;
    }
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&s| (std::cmp::Reverse(totals[s]), s));
    let mut places = vec![0; n];
    for (place, &s) in order.iter().enumerate() {
        places[s] = place;
    }
    let ranking = places
        .iter()
        .map(|&p| table.ranking_points.get(p).copied().unwrap_or(0))
        .collect();
    Ok(MatchResult {
        hands,
        totals,
        places,
        ranking,
    })
}
