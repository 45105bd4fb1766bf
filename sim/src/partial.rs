//! The integer-exact statistics of some hands of one experiment: a [`Partial`] filled from game
//! records and merged without loss.
//!
//! Everything a `Partial` holds is a count or a distribution of integers (value → count), so
//! merging partials in any order, split in any way, gives the same `Partial` bit for bit; the
//! floating-point figures are derived from it only when a report is made ([`crate::figures`]).

use mj_core::game::record::{Record, RecordEvent};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A distribution of integer values: value → how many times it was seen. Means, variances and
/// histograms are derived from it; it stays small because the values (totals, draws per hand)
/// take few distinct values, whatever the number of hands.
pub type Dist = BTreeMap<i64, u64>;

/// Integer-exact statistics of some hands of one experiment.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Partial {
    pub hands: u64,
    /// Hands with at least one win.
    pub hands_won: u64,
    /// Hands ended by an exhaustive draw (荒牌).
    pub exhaustive_draws: u64,
    /// Win events (more than hands won where several players may win on one discard).
    pub wins: u64,
    pub self_drawn: u64,
    pub robbed_kong: u64,
    /// Hands in which the dealer won (once or more: where winners play on, a seat may win
    /// several times), and non-dealer seat-hands in which that seat won: yes/no per seat-hand,
    /// so their rates never pass 100% however many wins a hand has.
    pub dealer_won_hands: u64,
    pub non_dealer_won_seat_hands: u64,
    /// Hands in which the dealer paid for a win on its discard (or robbed kong), and non-dealer
    /// seat-hands in which that seat did, once or more.
    pub dealer_dealt_in_hands: u64,
    pub non_dealer_dealt_in_seat_hands: u64,
    /// Win events per hand (0, 1, or more where several players may win in one hand).
    pub wins_per_hand: Dist,
    /// Seat-hands played by non-dealers: the sum over hands of (players − 1).
    pub non_dealer_seat_hands: u64,
    /// Net points of the dealer per hand, and of each non-dealer per seat-hand.
    pub dealer_net: Dist,
    pub non_dealer_net: Dist,
    /// Total of every win.
    pub win_totals: Dist,
    /// Per hand: every draw (replacement draws included), discards (one per completed turn),
    /// and claims on a discard (chi, pong, exposed kong).
    pub draws: Dist,
    pub turns: Dist,
    pub claims: Dist,
    pub chi: u64,
    pub pong: u64,
    /// Kongs of every kind (exposed, added, concealed).
    pub kongs: u64,
    /// Fan name → wins that scored it (at least once).
    pub fans: BTreeMap<String, u64>,
}

fn bump(d: &mut Dist, v: i64) {
    *d.entry(v).or_insert(0) += 1;
}

fn merge_dist(into: &mut Dist, from: &Dist) {
    for (v, c) in from {
        *into.entry(*v).or_insert(0) += c;
    }
}

/// The fan name of a record's fan line (`清一色 24`, `花牌 1×3` → `清一色`, `花牌`).
pub fn fan_name(line: &str) -> &str {
    line.rsplit_once(' ').map_or(line, |(name, _)| name)
}

impl Partial {
    /// Adds one hand.
    pub fn add(&mut self, r: &Record) {
        let players = r.players.len().max(1);
        let dealer = r.dealer;
        self.hands += 1;
        self.non_dealer_seat_hands += players as u64 - 1;
        let (mut draws, mut turns, mut claims, mut wins) = (0i64, 0i64, 0i64, 0i64);
        // Per seat: won in this hand, dealt in in this hand.
        let mut won_by = vec![false; players];
        let mut dealt_in_by = vec![false; players];
        for e in &r.events {
            match e {
                RecordEvent::Draw { .. } => draws += 1,
                RecordEvent::Discard { .. } => turns += 1,
                RecordEvent::Chi { .. } => {
                    claims += 1;
                    self.chi += 1;
                }
                RecordEvent::Pong { .. } => {
                    claims += 1;
                    self.pong += 1;
                }
                RecordEvent::Kong { from, .. } => {
                    self.kongs += 1;
                    if from.is_some() {
                        claims += 1;
                    }
                }
                RecordEvent::Win {
                    seat,
                    self_drawn,
                    from,
                    robbed_kong,
                    fans,
                    total,
                    ..
                } => {
                    wins += 1;
                    self.wins += 1;
                    if *self_drawn {
                        self.self_drawn += 1;
                    }
                    if *robbed_kong {
                        self.robbed_kong += 1;
                    }
                    if let Some(w) = won_by.get_mut(*seat) {
                        *w = true;
                    }
                    if let Some(d) = from.and_then(|f| dealt_in_by.get_mut(f)) {
                        *d = true;
                    }
                    bump(&mut self.win_totals, *total);
                    let mut names: Vec<&str> = fans.iter().map(|f| fan_name(f)).collect();
                    names.sort_unstable();
                    names.dedup();
                    for n in names {
                        *self.fans.entry(n.to_string()).or_insert(0) += 1;
                    }
                }
                RecordEvent::ExhaustiveDraw { .. } => self.exhaustive_draws += 1,
                _ => {}
            }
        }
        if wins > 0 {
            self.hands_won += 1;
        }
        bump(&mut self.wins_per_hand, wins);
        for s in 0..players {
            let (won, dealt_in) = (u64::from(won_by[s]), u64::from(dealt_in_by[s]));
            if s == dealer {
                self.dealer_won_hands += won;
                self.dealer_dealt_in_hands += dealt_in;
            } else {
                self.non_dealer_won_seat_hands += won;
                self.non_dealer_dealt_in_seat_hands += dealt_in;
            }
        }
        bump(&mut self.draws, draws);
        bump(&mut self.turns, turns);
        bump(&mut self.claims, claims);
        for (s, x) in r.net().into_iter().enumerate() {
            if s == dealer {
                bump(&mut self.dealer_net, x);
            } else {
                bump(&mut self.non_dealer_net, x);
            }
        }
    }

    /// Adds another partial of the same experiment. Exact, associative and commutative.
    pub fn merge(&mut self, o: &Partial) {
        self.hands += o.hands;
        self.hands_won += o.hands_won;
        self.exhaustive_draws += o.exhaustive_draws;
        self.wins += o.wins;
        self.self_drawn += o.self_drawn;
        self.robbed_kong += o.robbed_kong;
        self.dealer_won_hands += o.dealer_won_hands;
        self.non_dealer_won_seat_hands += o.non_dealer_won_seat_hands;
        self.dealer_dealt_in_hands += o.dealer_dealt_in_hands;
        self.non_dealer_dealt_in_seat_hands += o.non_dealer_dealt_in_seat_hands;
        merge_dist(&mut self.wins_per_hand, &o.wins_per_hand);
        self.non_dealer_seat_hands += o.non_dealer_seat_hands;
        merge_dist(&mut self.dealer_net, &o.dealer_net);
        merge_dist(&mut self.non_dealer_net, &o.non_dealer_net);
        merge_dist(&mut self.win_totals, &o.win_totals);
        merge_dist(&mut self.draws, &o.draws);
        merge_dist(&mut self.turns, &o.turns);
        merge_dist(&mut self.claims, &o.claims);
        self.chi += o.chi;
        self.pong += o.pong;
        self.kongs += o.kongs;
        for (n, c) in &o.fans {
            *self.fans.entry(n.clone()).or_insert(0) += c;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::figures::Figures;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    fn record(dealer: usize, events: Vec<RecordEvent>) -> Record {
        Record {
            format: "mj-record".into(),
            version: 1,
            ruleset: "toy".into(),
            ruleset_version: "1".into(),
            seed: 0,
            dealer,
            round: 'E',
            players: vec!["greedy".into(); 4],
            wall: None,
            stacks: None,
            dealer_streak: 0,
            counters: 0,
            deposits: 0,
            seats: None,
            dealer_stops: None,
            events,
        }
    }

    fn draw(seat: usize) -> RecordEvent {
        RecordEvent::Draw {
            seat,
            tile: "1m".into(),
            replacement: false,
        }
    }

    fn discard(seat: usize) -> RecordEvent {
        RecordEvent::Discard {
            seat,
            tile: "1m".into(),
            from_hand: false,
        }
    }

    fn win(seat: usize, from: Option<usize>, fans: &[&str], total: i64) -> RecordEvent {
        RecordEvent::Win {
            seat,
            tile: "1m".into(),
            self_drawn: from.is_none(),
            from,
            robbed_kong: false,
            hand: String::new(),
            fans: fans.iter().map(|f| f.to_string()).collect(),
            total,
        }
    }

    fn pay(seat: usize, amount: i64) -> RecordEvent {
        RecordEvent::Payment {
            seat,
            amount,
            reason: None,
        }
    }

    /// Three hands with known outcomes:
    /// 1. dealer 0 wins self-drawn with total 10 (the fan lines are only names here), after
    ///    3 draws, 2 discards and one pong; each other seat pays 10.
    /// 2. dealer 1; seat 3 wins on the dealer's discard (total 25, 花牌 counted once although
    ///    scored ×3), after a chi and an exposed kong; 4 draws (one replacement), 3 discards.
    /// 3. dealer 2; exhaustive draw after 2 draws and 2 discards, no payments.
    fn three_hands() -> Vec<Record> {
        vec![
            record(
                0,
                vec![
                    draw(0),
                    discard(0),
                    RecordEvent::Pong {
                        seat: 2,
                        from: 0,
                        tile: "1m".into(),
                    },
                    discard(2),
                    draw(3),
                    draw(0),
                    win(0, None, &["自摸 1", "清一色 24"], 10),
                    pay(0, 30),
                    pay(1, -10),
                    pay(2, -10),
                    pay(3, -10),
                ],
            ),
            record(
                1,
                vec![
                    draw(1),
                    discard(1),
                    RecordEvent::Chi {
                        seat: 2,
                        from: 1,
                        tile: "2m".into(),
                        chow: "1m".into(),
                    },
                    discard(2),
                    RecordEvent::Kong {
                        seat: 3,
                        tile: "3m".into(),
                        kind: "exposed".into(),
                        from: Some(2),
                    },
                    RecordEvent::Draw {
                        seat: 3,
                        tile: "4m".into(),
                        replacement: true,
                    },
                    discard(3),
                    draw(0),
                    draw(1),
                    win(3, Some(1), &["花牌 1×3", "清一色 24"], 25),
                    pay(3, 25),
                    pay(1, -25),
                ],
            ),
            record(
                2,
                vec![
                    draw(2),
                    discard(2),
                    draw(3),
                    discard(3),
                    RecordEvent::ExhaustiveDraw { ready: vec![] },
                ],
            ),
        ]
    }

    #[test]
    fn three_known_hands_give_hand_counted_statistics() {
        let mut p = Partial::default();
        for r in three_hands() {
            p.add(&r);
        }
        assert_eq!(p.hands, 3);
        assert_eq!(p.hands_won, 2);
        assert_eq!(p.exhaustive_draws, 1);
        assert_eq!(p.wins, 2);
        assert_eq!(p.self_drawn, 1);
        assert_eq!(p.dealer_won_hands, 1);
        assert_eq!(p.non_dealer_won_seat_hands, 1);
        assert_eq!(p.dealer_dealt_in_hands, 1);
        assert_eq!(p.non_dealer_dealt_in_seat_hands, 0);
        assert_eq!(p.wins_per_hand, Dist::from([(0, 1), (1, 2)]));
        assert_eq!(p.non_dealer_seat_hands, 9);
        assert_eq!(p.win_totals, Dist::from([(10, 1), (25, 1)]));
        assert_eq!(p.draws, Dist::from([(2, 1), (3, 1), (4, 1)]));
        assert_eq!(p.turns, Dist::from([(2, 2), (3, 1)]));
        assert_eq!(p.claims, Dist::from([(0, 1), (1, 1), (2, 1)]));
        assert_eq!((p.chi, p.pong, p.kongs), (1, 1, 1));
        // Dealer nets: +30, −25, 0. Non-dealers: −10 ×3; 0, +25, 0; 0 ×3.
        assert_eq!(p.dealer_net, Dist::from([(-25, 1), (0, 1), (30, 1)]));
        assert_eq!(p.non_dealer_net, Dist::from([(-10, 3), (0, 5), (25, 1)]));
        let fans: Vec<(&str, u64)> = p.fans.iter().map(|(k, v)| (k.as_str(), *v)).collect();
        assert_eq!(fans, vec![("清一色", 2), ("自摸", 1), ("花牌", 1)]);

        let f = Figures::of(&p);
        assert!(close(f.win_rate.rate, 2.0 / 3.0, 1e-12));
        assert!(close(f.self_drawn_share.rate, 0.5, 1e-12));
        assert!(close(f.exhaustive_draw_rate.rate, 1.0 / 3.0, 1e-12));
        assert!(close(f.win_total.mean, 17.5, 1e-12));
        // sd of {10, 25}: sqrt(((−7.5)² + 7.5²) / 1).
        assert!(close(f.win_total.sd, 112.5f64.sqrt(), 1e-12));
        assert!(close(f.draws_per_hand.mean, 3.0, 1e-12));
        assert!(close(f.turns_per_hand.mean, 7.0 / 3.0, 1e-12));
        assert!(close(f.claims_per_hand.mean, 1.0, 1e-12));
        assert!(close(f.dealer_net.mean, 5.0 / 3.0, 1e-12));
        assert!(close(f.non_dealer_win_rate.rate, 1.0 / 9.0, 1e-12));
        assert_eq!(f.fans[0].fan, "清一色");
        assert_eq!(f.fans[0].rate.count, 2);
        let buckets: Vec<(Option<i64>, i64, u64)> = f
            .win_total_histogram
            .iter()
            .map(|b| (b.lo, b.hi, b.count))
            .collect();
        assert_eq!(buckets, vec![(Some(10), 20, 1), (Some(20), 50, 1)]);
    }

    /// A hand where winners play on (血战到底, 血流成河): the dealer 0 wins twice, seat 2 once on
    /// the dealer's discard and seat 3 twice, once on seat 2's discard and once on the dealer's.
    /// Five wins in one hand are one hand the dealer won, two non-dealer seat-hands won of three,
    /// one hand the dealer dealt in and one non-dealer seat-hand dealt in: no rate passes 100%,
    /// and the wins per hand say 5.
    #[test]
    fn several_wins_in_a_hand_count_once_per_seat_in_the_rates() {
        let mut p = Partial::default();
        p.add(&record(
            0,
            vec![
                win(0, None, &["自摸 1"], 1),
                win(2, Some(0), &["平胡 0"], 0),
                win(3, Some(2), &["平胡 0"], 0),
                win(0, None, &["自摸 1"], 1),
                win(3, Some(0), &["平胡 0"], 0),
            ],
        ));
        assert_eq!((p.hands, p.hands_won, p.wins), (1, 1, 5));
        assert_eq!((p.dealer_won_hands, p.non_dealer_won_seat_hands), (1, 2));
        assert_eq!(
            (p.dealer_dealt_in_hands, p.non_dealer_dealt_in_seat_hands),
            (1, 1)
        );
        assert_eq!(p.wins_per_hand, Dist::from([(5, 1)]));
        let f = Figures::of(&p);
        assert!(close(f.dealer_win_rate.rate, 1.0, 1e-12));
        assert!(close(f.non_dealer_win_rate.rate, 2.0 / 3.0, 1e-12));
        assert!(close(f.dealer_deal_in_rate.rate, 1.0, 1e-12));
        assert!(close(f.non_dealer_deal_in_rate.rate, 1.0 / 3.0, 1e-12));
        assert!(close(f.wins_per_hand.mean, 5.0, 1e-12));
    }

    #[test]
    fn merging_is_exact_in_any_split_and_order() {
        let hands = three_hands();
        let mut whole = Partial::default();
        for r in &hands {
            whole.add(r);
        }
        let mut a = Partial::default();
        a.add(&hands[2]);
        let mut b = Partial::default();
        b.add(&hands[0]);
        b.add(&hands[1]);
        let mut ab = a.clone();
        ab.merge(&b);
        let mut ba = b.clone();
        ba.merge(&a);
        assert_eq!(ab, whole);
        assert_eq!(ba, whole);
        let mut with_empty = whole.clone();
        with_empty.merge(&Partial::default());
        assert_eq!(with_empty, whole);
        // And it round-trips through JSON unchanged.
        let text = serde_json::to_string(&whole).unwrap();
        let back: Partial = serde_json::from_str(&text).unwrap();
        assert_eq!(back, whole);
    }

    #[test]
    fn fan_names_drop_the_value() {
        assert_eq!(fan_name("清一色 24"), "清一色");
        assert_eq!(fan_name("花牌 1×3"), "花牌");
        assert_eq!(fan_name("plain"), "plain");
    }
}
