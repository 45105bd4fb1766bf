//! A match (局): hands played round after round of prevalent wind, the deal moving by the
//! ruleset's rotation, players changing seats between rounds as the ruleset says, with running
//! totals per player and ranking points by place.

use super::match_end::{final_round, verdict, AfterHand, Verdict};
use super::play::{play_hand_at, PlayError};
use super::player::Player;
use super::record::{Record, RecordEvent};
use super::rotation::{next_counters, next_streak};
use super::rules::{RankingTies, ResultRule, Rules, TableRules};
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
    /// Every player's match result with uma and oka ([`ResultRule`]); empty when the ruleset
    /// gives no `point_unit`.
    pub results: Vec<RankPoints>,
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
        let g = gcd(num.unsigned_abs().into(), den.unsigned_abs().into()).max(1) as i64;
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

    /// The exact sum, saturating at the ends of `i64` rather than wrapping.
    pub fn plus(self, other: RankPoints) -> RankPoints {
        let (a, b) = (i128::from(self.num), i128::from(self.den));
        let (c, d) = (i128::from(other.num), i128::from(other.den));
        let (mut num, mut den) = (a * d + c * b, b * d);
        let g = gcd(num.unsigned_abs(), den.unsigned_abs()).max(1) as i128;
        (num, den) = (num / g, den / g);
        let clamp = |x: i128| i64::try_from(x).unwrap_or(if x < 0 { i64::MIN } else { i64::MAX });
        RankPoints::new(clamp(num), clamp(den))
    }

    /// The digits after the point when the value is a terminating decimal (the denominator has
    /// no prime factor but 2 and 5), so that it can be written without rounding.
    fn decimals(self) -> Option<u32> {
        let (mut d, mut twos, mut fives) = (self.den, 0u32, 0u32);
        while d % 2 == 0 {
            (d, twos) = (d / 2, twos + 1);
        }
        while d % 5 == 0 {
            (d, fives) = (d / 5, fives + 1);
        }
        (d == 1).then_some(twos.max(fives))
    }
}

fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

impl std::fmt::Display for RankPoints {
    /// Whole numbers as integers, terminating decimals in full (`1.5`, `-12.3`), other
    /// fractions with two decimals (`2.33`).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.den == 1 {
            return write!(f, "{}", self.num);
        }
        if let Some(k) = self.decimals().filter(|&k| k <= 18) {
            let scale = 10i128.pow(k);
            let scaled = i128::from(self.num) * scale / i128::from(self.den);
            let sign = if scaled < 0 { "-" } else { "" };
            let (whole, frac) = (scaled.abs() / scale, scaled.abs() % scale);
            let frac = format!("{frac:0width$}", width = k as usize);
            return write!(f, "{sign}{whole}.{}", frac.trim_end_matches('0'));
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

/// Where a match starts: the first hand's round, dealer, every player's points and what the
/// table carries. [`MatchStart::fresh`] is a match from its first hand; tests start one
/// elsewhere (South 4 with arranged points) to see how it ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchStart {
    /// Round of prevalent wind, 0 = the first.
    pub round: u32,
    pub dealer: usize,
    /// Hands the dealer has kept the deal in a row.
    pub streak: u32,
    pub counters: u32,
    pub deposits: u32,
    /// Every player's points (players by starting seat; without seat changes, seats).
    pub totals: Vec<i64>,
}

impl MatchStart {
    pub fn fresh(rules: &dyn Rules) -> MatchStart {
        let t = rules.table();
        MatchStart {
            round: 0,
            dealer: 0,
            streak: 0,
            counters: 0,
            deposits: 0,
            totals: vec![t.start_points; t.player_count()],
        }
    }
}

/// Hands per seat one round may take before the match is stopped ([`play_match`]). A cap of
/// four per seat switched rounds in the middle of a riichi East with a dealer on a 12-hand
/// renchan (dsl/tests/engine_riichi_match_props.rs); this one is far beyond any real game.
pub const ROUND_CAP_PER_SEAT: usize = 64;

/// Plays `rounds` rounds of prevalent wind (the ruleset's count when `None`, or its
/// `match_hands` hands, the wind going round again after North). A round ends when the deal has
/// passed every seat once, however many hands its dealers keep the deal for (riichi's renchan
/// has no limit). Only a safety cap of [`ROUND_CAP_PER_SEAT`] hands per seat in one round keeps
/// "the dealer stays" rules finite against bots that never let the deal pass: it ends the
/// match, so that no round ever starts part-way through the deal. Hand seeds are drawn from one
/// generator seeded by `seed`.
/// The match ends early or goes into extra rounds as [`match_over`] says. Each hand is played
/// with every seat's running points and the dealer's streak.
pub fn play_match(
    rules: &dyn Rules,
    players: &mut [Box<dyn Player>],
    seed: u64,
    rounds: Option<u32>,
) -> Result<MatchResult, PlayError> {
    play_match_from(rules, players, seed, rounds, &MatchStart::fresh(rules))
}

/// [`play_match`] from `from` instead of the first hand.
pub fn play_match_from(
    rules: &dyn Rules,
    players: &mut [Box<dyn Player>],
    seed: u64,
    rounds: Option<u32>,
    from: &MatchStart,
) -> Result<MatchResult, PlayError> {
    let n = rules.table().player_count();
    let mut cur: Vec<usize> = (0..n).collect();
    // Both the hands and the dealer's choice to stop ask the players, arranged for the hand.
    let seated = std::cell::RefCell::new((players, &mut cur));
    let result = play_match_asking(
        rules,
        seed,
        rounds,
        from,
        &mut |h: &MatchHand| {
            let (players, cur) = &mut *seated.borrow_mut();
            arrange(players, cur, h.occupant);
            play_hand_at(rules, players, h.seed, h.dealer, h.round, h.start)
        },
        &mut |seat: usize, totals: &[i64]| {
            let (players, _) = &mut *seated.borrow_mut();
            players.get_mut(seat).is_none_or(|p| p.stop_match(seat, totals))
        },
    );
    let (players, cur) = seated.into_inner();
    // Hand the players back in their starting order, whatever happened.
    arrange(players, cur, &(0..n).collect::<Vec<_>>());
    result
}

/// One hand a match asks for: its wall seed, dealer, prevalent wind, the points and counters it
/// starts from, and which player (by starting seat) sits at each seat.
pub struct MatchHand<'a> {
    pub seed: u64,
    pub dealer: usize,
    pub round: Wind,
    pub start: &'a HandStart,
    pub occupant: &'a [usize],
}

/// [`play_match_from`] with each hand played by `hand` (a referee over external players, say)
/// instead of the engine's players: the same seeds, rotation, counters, ending and results. A
/// hand whose record ends in a forfeit ends the match: the referee has stopped the game. A
/// dealer who may stop (あがりやめ) stops.
pub fn play_match_with<E>(
    rules: &dyn Rules,
    seed: u64,
    rounds: Option<u32>,
    from: &MatchStart,
    hand: &mut dyn FnMut(&MatchHand) -> Result<Record, E>,
) -> Result<MatchResult, E> {
    play_match_asking(rules, seed, rounds, from, hand, &mut |_, _| true)
}

/// [`play_match_with`], asking `stop` whether a dealer who may end the match (あがりやめ,
/// `[match] last_dealer_chooses`) does: it is given the dealer's seat and every seat's points.
/// The answer is kept in that hand's record (`dealer_stops`), so that a replay of the match
/// ([`super::match_replay`]) can give it again.
pub fn play_match_asking<E>(
    rules: &dyn Rules,
    seed: u64,
    rounds: Option<u32>,
    from: &MatchStart,
    hand: &mut dyn FnMut(&MatchHand) -> Result<Record, E>,
    stop: &mut dyn FnMut(usize, &[i64]) -> bool,
) -> Result<MatchResult, E> {
    let table = rules.table();
    let n = table.player_count();
    // A match of so many hands plays rounds until they are dealt, unless told its rounds.
    let hand_limit = table.match_hands.filter(|_| rounds.is_none()).map(|h| h as usize);
    let rounds = rounds.unwrap_or(table.rounds).min(4);
    let mut totals = from.totals.clone();
    totals.resize(n, table.start_points);
    let mut held = vec![0i64; n];
    let mut hands = Vec::new();
    let mut rng = Rng::new(seed);
    let mut dealer = from.dealer.min(n.saturating_sub(1));
    let mut streak = from.streak;
    let (mut counters, mut deposits) = (from.counters, from.deposits);
    // The player (by starting seat) at every seat.
    let mut occupant: Vec<usize> = (0..n).collect();
    let changes = !table.seat_changes.is_empty();
    // The deal passes seats in turn order from the round's first dealer (seat 0).
    let mut passes = dealer;
    let last = match hand_limit {
        Some(_) => u32::MAX,
        None if rounds == 0 => 0,
        None => final_round(table, rounds) + 1,
    };
    'rounds: for r in from.round..last {
        let round = Wind::from_index((r % 4) as u8).unwrap_or_default();
        let mut played = 0;
        while passes < n {
            if played >= ROUND_CAP_PER_SEAT * n {
                break 'rounds;
            }
            let start = HandStart {
                stacks: occupant.iter().map(|&p| totals[p]).collect(),
                dealer_streak: streak,
                counters,
                deposits,
            };
            let spec = MatchHand {
                seed: rng.next_u64(),
                dealer,
                round,
                start: &start,
                occupant: &occupant,
            };
            let mut record = hand(&spec)?;
            for (s, x) in record.net().into_iter().enumerate() {
                totals[occupant[s]] += x;
            }
            for (s, x) in record.held().into_iter().enumerate() {
                held[occupant[s]] += x;
            }
            if changes {
                record.seats = Some(occupant.clone());
            }
            // A hand voided by a penalty (詐胡) is dealt again as it was: same dealer, streak and
            // counters, and the deal has not passed.
            let replayed = record.replayed(rules);
            let (next, passed) = if replayed {
                (dealer, false)
            } else {
                record.next_dealer(table)
            };
            let after = AfterHand {
                totals: &totals,
                dealer: occupant[dealer],
                dealer_stays: next == dealer,
                round: r,
                last_deal: passes + 1 == n,
            };
            let forfeited = record
                .events
                .iter()
                .any(|e| matches!(e, RecordEvent::Forfeit { .. }));
            let over = forfeited
                || match hand_limit {
                    // A match of so many hands ends at its count, or early as the table says
                    // (the floor, a player below the threshold): never in a stretch of rounds.
                    Some(h) => {
                        let early = AfterHand {
                            round: 0,
                            last_deal: false,
                            ..after
                        };
                        hands.len() + 1 >= h || verdict(table, rounds, &early) == Verdict::Over
                    }
                    None => match verdict(table, rounds, &after) {
                        Verdict::Over => true,
                        Verdict::GoesOn => false,
                        Verdict::DealerMayStop => {
                            let by_seat: Vec<i64> = occupant.iter().map(|&p| totals[p]).collect();
                            let stops = stop(dealer, &by_seat);
                            record.dealer_stops = Some(stops);
                            stops
                        }
                    },
                };
            if !replayed {
                counters = next_counters(dealer, &record.winners(), counters);
                streak = next_streak(table, dealer, next, &record.winners(), streak);
            }
            deposits = record.deposits_left();
            dealer = next;
            if passed {
                passes += 1;
            }
            played += 1;
            hands.push(record);
            if over {
                break 'rounds;
            }
        }
        passes = 0;
        if let Some(moved) = table
            .seat_changes
            .get(r as usize)
            .and_then(|p| permuted(&occupant, p))
        {
            occupant = moved;
        }
    }
    Ok(close_match(table, totals, &held, deposits, hands))
}

/// The match's result once its last hand is played: points held back during the match paid
/// out, deposits still on the table to first place, then places, ranking and final results.
fn close_match(
    table: &TableRules,
    mut totals: Vec<i64>,
    held: &[i64],
    deposits: u32,
    hands: Vec<Record>,
) -> MatchResult {
    for (t, h) in totals.iter_mut().zip(held) {
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
    let results = table
        .results
        .map(|rule| final_results(&totals, &places, &ranking, rule, table.start_points))
        .unwrap_or_default();
    MatchResult {
        hands,
        totals,
        places,
        ranking,
        results,
    }
}

/// Every player's result under `rule`: points over the return in units, the ranking points of
/// its place, and the oka (what every player paid in beyond the start) shared by first place.
pub fn final_results(
    totals: &[i64],
    places: &[usize],
    ranking: &[RankPoints],
    rule: ResultRule,
    start_points: i64,
) -> Vec<RankPoints> {
    let n = totals.len() as i64;
    let unit = rule.point_unit.max(1);
    let firsts = places.iter().filter(|&&p| p == 0).count().max(1) as i64;
    let oka = RankPoints::new(
        (rule.return_points - start_points).saturating_mul(n),
        unit.saturating_mul(firsts),
    );
    totals
        .iter()
        .zip(places)
        .zip(ranking)
        .map(|((&t, &place), &uma)| {
            let own = RankPoints::new(t.saturating_sub(rule.return_points), unit).plus(uma);
            if place == 0 {
                own.plus(oka)
            } else {
                own
            }
        })
        .collect()
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
    fn sums_are_exact_and_terminating_decimals_print_in_full() {
        let r = RankPoints::new(-4_800, 1_000).plus(RankPoints::whole(-10));
        assert_eq!((r.parts(), r.to_string()), ((-74, 5), "-14.8".to_string()));
        let r = RankPoints::new(1, 8).plus(RankPoints::new(1, 1_000));
        assert_eq!(r.to_string(), "0.126");
        assert_eq!(RankPoints::new(-1, 20).to_string(), "-0.05");
        assert_eq!(RankPoints::new(7, 3).to_string(), "2.33");
        assert_eq!(
            RankPoints::new(i64::MAX, 1).plus(RankPoints::whole(1)),
            RankPoints::whole(i64::MAX)
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
