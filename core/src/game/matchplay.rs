//! A match (局): hands played round after round of prevalent wind, the deal moving by the
//! ruleset's rotation, players changing seats between rounds as the ruleset says, with running
//! totals per player and ranking points by place.

use super::play::{play_hand_at, PlayError};
use super::player::Player;
use super::record::Record;
use super::rotation::next_counters;
use super::rules::{RankingTies, Rules};
use super::state::HandStart;
use crate::rng::Rng;
use crate::tile::Wind;

/// The outcome of a match. Players are numbered by the seat they started in; each hand's
/// record says which player sat where ([`Record::seats`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchResult {
    pub hands: Vec<Record>,
    /// Points of every player at the end (start points plus every hand's net, and any payments
    /// held outside the table).
    pub totals: Vec<i64>,
    /// Place of every player, 0 = first. With [`RankingTies::SeatOrder`] ties go to the lower
    /// starting seat, so places are unique; with [`RankingTies::Share`] tied players share the
    /// best place they cover.
    pub places: Vec<usize>,
    /// Ranking points of every player by its place.
    pub ranking: Vec<RankPoints>,
}

/// Ranking points: an integer, or a fraction when tied players share places.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RankPoints {
    num: i64,
    den: i64,
}

impl RankPoints {
    /// `num / den` in lowest terms (`den` > 0).
    pub fn new(num: i64, den: i64) -> RankPoints {
        let den = den.max(1);
        let g = gcd(num.unsigned_abs(), den.unsigned_abs()).max(1) as i64;
        RankPoints {
            num: num / g,
            den: den / g,
        }
    }

    pub fn whole(n: i64) -> RankPoints {
        RankPoints { num: n, den: 1 }
    }

    /// Numerator and denominator in lowest terms.
    pub fn parts(self) -> (i64, i64) {
        (self.num, self.den)
    }

    pub fn as_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

impl std::fmt::Display for RankPoints {
    /// Whole numbers as integers, fractions with at most two decimals (`1.5`, `2.33`).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.den == 1 {
            return write!(f, "{}", self.num);
        }
        let s = format!("{:.2}", self.as_f64());
        write!(f, "{}", s.trim_end_matches('0').trim_end_matches('.'))
    }
}

impl serde::Serialize for RankPoints {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.den == 1 {
            s.serialize_i64(self.num)
        } else {
            s.serialize_f64(self.as_f64())
        }
    }
}

/// Places and ranking points of players with `totals`: higher totals first; `points[k]` is the
/// ranking points of place `k` (0 beyond the list). Ties as `ties` says.
pub fn rank(totals: &[i64], points: &[i64], ties: RankingTies) -> (Vec<usize>, Vec<RankPoints>) {
    let n = totals.len();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&s| (std::cmp::Reverse(totals[s]), s));
    let at = |k: usize| points.get(k).copied().unwrap_or(0);
    let mut places = vec![0; n];
    let mut ranking = vec![RankPoints::whole(0); n];
    let mut k = 0;
    while k < n {
        let group = match ties {
            RankingTies::SeatOrder => 1,
            RankingTies::Share => order[k..]
                .iter()
                .take_while(|&&s| totals[s] == totals[order[k]])
                .count(),
        };
        let sum: i64 = (k..k + group).map(at).sum();
        for &s in &order[k..k + group] {
            places[s] = k;
            ranking[s] = RankPoints::new(sum, group as i64);
        }
        k += group;
    }
    (places, ranking)
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
    let (mut counters, mut deposits) = (0u32, 0u32);
    // The player (by starting seat) at every seat; `players` is kept in that order.
    let mut occupant: Vec<usize> = (0..n).collect();
    let mut cur = occupant.clone();
    let changes = !table.seat_changes.is_empty();
    let floor = table.floor.unwrap_or(0);
    let ended = |totals: &[i64]| {
        table
            .end_at_floor
            .is_some_and(|k| totals.iter().filter(|&&t| t <= floor).count() >= k as usize)
    };
    let result = (|| {
        'rounds: for r in 0..rounds {
            let round = Wind::from_index(r as u8).unwrap_or_default();
            let mut passes = 0;
            let mut played = 0;
            while passes < n && played < 4 * n {
                let hand_seed = rng.next_u64();
                let start = HandStart {
                    stacks: occupant.iter().map(|&p| totals[p]).collect(),
                    dealer_streak: streak,
                    counters,
                    deposits,
                };
                let mut record = play_hand_at(rules, players, hand_seed, dealer, round, &start)?;
                for (s, x) in record.net().into_iter().enumerate() {
                    totals[occupant[s]] += x;
                }
                for (s, x) in record.held().into_iter().enumerate() {
                    held[occupant[s]] += x;
                }
                if changes {
                    record.seats = Some(occupant.clone());
                }
                let (next, passed) = record.next_dealer(table);
                counters = next_counters(dealer, &record.winners(), counters);
                deposits = record.deposits_left();
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
            if r + 1 < rounds {
                if let Some(moved) = table
                    .seat_changes
                    .get(r as usize)
                    .and_then(|p| permuted(&occupant, p))
                {
                    occupant = moved;
                    arrange(players, &mut cur, &occupant);
                }
            }
        }
        Ok(())
    })();
    // Hand the players back in their starting order, whatever happened.
    arrange(players, &mut cur, &(0..n).collect::<Vec<_>>());
    result?;
    for (t, h) in totals.iter_mut().zip(&held) {
        *t += h;
    }
    // Deposits still on the table go to the first-placed player (ties by seat order).
    let pot = table.declaration.deposit.saturating_mul(i64::from(deposits));
    if pot != 0 {
        let (places, _) = rank(&totals, &table.ranking_points, RankingTies::SeatOrder);
        if let Some(first) = places.iter().position(|&p| p == 0) {
            totals[first] = totals[first].saturating_add(pot);
        }
    }
    let (places, ranking) = rank(&totals, &table.ranking_points, table.ranking_ties);
    Ok(MatchResult {
        hands,
        totals,
        places,
        ranking,
    })
}

/// The seating after the change `to` (the seat each seat's player moves to); `None` when `to`
/// is empty or not a permutation of the seats.
fn permuted(occupant: &[usize], to: &[usize]) -> Option<Vec<usize>> {
    let n = occupant.len();
    if to.len() != n {
        return None;
    }
    let mut out = vec![usize::MAX; n];
    for (s, &t) in to.iter().enumerate() {
        let slot = out.get_mut(t).filter(|x| **x == usize::MAX)?;
        *slot = occupant[s];
    }
    Some(out)
}

/// Reorders `players` so that index `s` holds the player `target[s]`; `cur[i]` says which player
/// is at index `i` now and is updated.
fn arrange(players: &mut [Box<dyn Player>], cur: &mut [usize], target: &[usize]) {
    let n = cur.len().min(players.len());
    for (s, want) in target.iter().enumerate().take(n) {
        if let Some(j) = (s..n).find(|&j| cur[j] == *want) {
            players.swap(s, j);
            cur.swap(s, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MCR: [i64; 4] = [4, 2, 1, 0];

    fn shown(r: &[RankPoints]) -> Vec<String> {
        r.iter().map(|p| p.to_string()).collect()
    }

    #[test]
    fn seat_order_places_ties_by_starting_seat() {
        let (places, ranking) = rank(&[10, 30, 10, 30], &MCR, RankingTies::SeatOrder);
        assert_eq!(places, vec![2, 0, 3, 1]);
        assert_eq!(shown(&ranking), ["1", "4", "0", "2"]);
    }

    #[test]
    fn shared_ties_split_the_places_they_cover() {
        let (places, ranking) = rank(&[10, 30, 10, 30], &MCR, RankingTies::Share);
        assert_eq!(places, vec![2, 0, 2, 0]);
        assert_eq!(shown(&ranking), ["0.5", "3", "0.5", "3"]);
        let (places, ranking) = rank(&[500, 520, 520, 460], &MCR, RankingTies::Share);
        assert_eq!(places, vec![2, 0, 0, 3]);
        assert_eq!(ranking[1], RankPoints::whole(3));
        let (_, ranking) = rank(&[5, 9, 5, 5], &MCR, RankingTies::Share);
        assert_eq!(shown(&ranking), ["1", "4", "1", "1"]);
        let (places, ranking) = rank(&[1, 1, 1, 0], &MCR, RankingTies::Share);
        assert_eq!(places, vec![0, 0, 0, 3]);
        assert_eq!(ranking[0].parts(), (7, 3));
        assert_eq!(shown(&ranking), ["2.33", "2.33", "2.33", "0"]);
        // Without ties both readings agree.
        let totals = [3, 1, 4, 2];
        assert_eq!(
            rank(&totals, &MCR, RankingTies::Share),
            rank(&totals, &MCR, RankingTies::SeatOrder)
        );
        assert_eq!(
            serde_json::to_string(&ranking).unwrap(),
            "[2.3333333333333335,2.3333333333333335,2.3333333333333335,0]"
        );
    }

    #[test]
    fn a_seat_change_must_be_a_permutation() {
        assert_eq!(permuted(&[0, 1, 2, 3], &[1, 0, 3, 2]), Some(vec![1, 0, 3, 2]));
        assert_eq!(permuted(&[1, 0, 3, 2], &[2, 3, 0, 1]), Some(vec![3, 2, 1, 0]));
        assert_eq!(permuted(&[0, 1, 2, 3], &[1, 1, 2, 3]), None);
        assert_eq!(permuted(&[0, 1, 2, 3], &[]), None);
        assert_eq!(permuted(&[0, 1, 2, 3], &[0, 1, 2, 9]), None);
    }
}
