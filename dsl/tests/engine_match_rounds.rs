//! Seats, winds and the match of `hongkong` and `taiwan` in play, over seeded matches of greedy
//! bots. Each test re-derives from the spec's own words what every hand's dealer, round wind, seat
//! winds and streak must be, hand after hand, and where the match must end, and compares the
//! engine's records with it.
//!
//! - hongkong.md Decision 2: "The dealer is always East; seat winds move with the deal: dealer E,
//!   下家 S, 對家 W, 上家 N (P). The round wind starts at E and moves on when the deal has gone
//!   round once."
//! - hongkong.md Decision 13: "The dealer keeps the deal after a win of their own or a drawn hand;
//!   otherwise the deal passes to the 下家 (D)."
//! - hongkong.md Decision 14: "Four rounds (E S W N), a round ending when the deal has passed from
//!   all four seats (P)."
//! - taiwan.md Decision 2: "Seat winds (門風) are fixed to the seats for the whole match: the seat of
//!   the first dealer is E, then S, W, N in turn order ...; the current dealer may sit at any seat.
//!   The round wind (圈風) starts at E and moves on each time the deal has gone round the table once."
//! - taiwan.md Decision 10: "The dealer keeps the deal after winning and after a drawn hand, and
//!   the streak N grows by one each time; when another player wins, the deal passes to the
//!   dealer's 下家 and N returns to 0 (P)."
//! - taiwan.md Decision 11: "Four rounds, E S W N; a round ends when the deal has passed from each
//!   of the four seats; the match ends when the North round ends (P)."

mod common;

use common::scoring::ruleset;
use mj_core::game::matchplay::{play_match, MatchResult};
use mj_core::game::record::RecordEvent;
use mj_core::game::{GreedyBot, Player};
use mj_core::{parse_hand, Wind};

const WINDS: [char; 4] = ['E', 'S', 'W', 'N'];

fn play(name: &'static str, seed: u64) -> MatchResult {
    let t = common::table(name);
    let mut players: Vec<Box<dyn Player>> = (0..4)
        .map(|_| Box::new(GreedyBot::new()) as Box<dyn Player>)
        .collect();
    play_match(&t, &mut players, seed, None).expect("the match plays")
}

/// The sequence of hands the spec allows, checked against the match: every hand's dealer, round
/// and streak follow from the hands before it (the dealer stays after its own win or a drawn
/// hand, otherwise the deal passes to the 下家; the round moves on when the deal passes from seat
/// N, the fourth seat), and the match ends exactly when the deal passes from the fourth seat in
/// the North round. Returns (hands, hands in which the dealer kept the deal).
fn check_rotation(name: &str, seed: u64, m: &MatchResult) -> (usize, usize) {
    let (mut dealer, mut round, mut streak, mut kept) = (0usize, 0usize, 0u32, 0);
    for (i, r) in m.hands.iter().enumerate() {
        let at = format!("{name} seed {seed} hand {}", i + 1);
        assert!(round < 4, "{at}: a hand after the North round");
        assert_eq!(
            (r.dealer, r.round),
            (dealer, WINDS[round]),
            "{at}: dealer and round wind"
        );
        assert_eq!(r.dealer_streak, streak, "{at}: the dealer's streak");
        let winners = r.winners();
        assert!(winners.len() <= 1, "{at}: one winner per hand (截糊/截胡)");
        if winners.is_empty() || winners.contains(&dealer) {
            kept += 1;
            streak += 1;
        } else {
            streak = 0;
            if dealer == 3 {
                round += 1;
            }
            dealer = (dealer + 1) % 4;
        }
        let last = i + 1 == m.hands.len();
        assert_eq!(
            last,
            round == 4,
            "{at}: the match ends exactly when the North round ends"
        );
    }
    (m.hands.len(), kept)
}

/// A won hand as the engine wrote it for the scorer, beside the record's own facts.
struct Won {
    seat: usize,
    dealer: usize,
    round: char,
    /// The hand's `seat=`, `round=` and `dealer=`.
    seat_wind: Wind,
    round_wind: Wind,
    dealer_word: Option<String>,
}

/// Every won hand of the match (checking its `streak=` where the ruleset has the word).
fn won_hands(name: &'static str, m: &MatchResult) -> Vec<Won> {
    let rs = ruleset(name);
    let mut out = Vec::new();
    for r in &m.hands {
        for e in &r.events {
            if let RecordEvent::Win { seat, hand, .. } = e {
                let h =
                    parse_hand(&rs.tiles, &rs.context_words, hand).unwrap_or_else(|e| panic!("{hand}: {e}"));
                let streak = h
                    .context
                    .value("streak")
                    .map_or(0, |v| v.parse().expect("a number"));
                out.push(Won {
                    seat: *seat,
                    dealer: r.dealer,
                    round: r.round,
                    seat_wind: h.context.seat,
                    round_wind: h.context.round,
                    dealer_word: h.context.value("dealer").map(str::to_string),
                });
                // taiwan's 連莊 word (hongkong has none): the hand's streak reaches the scorer.
                if rs.context_words.iter().any(|w| w.word == "streak") {
                    assert_eq!(streak, r.dealer_streak, "{hand}: streak= is the hand's streak");
                }
            }
        }
    }
    out
}

const SEEDS: [u64; 3] = [2026, 7, 31];

/// [`check_rotation`] over the seeded matches of `name`. Dealers must have kept the deal often
/// enough that a rule passing it every hand would have failed.
fn rotation_over_seeds(name: &'static str) {
    let (mut hands, mut kept) = (0, 0);
    for seed in SEEDS {
        let (h, k) = check_rotation(name, seed, &play(name, seed));
        hands += h;
        kept += k;
    }
    assert!(
        hands >= 48 && kept >= 5,
        "{name}: {hands} hands, {kept} kept by the dealer"
    );
}

/// hongkong Decisions 13 and 14: four rounds, each ending when the deal has passed from all four
/// seats; the dealer keeps the deal on its own win or a drawn hand.
#[test]
fn hongkong_plays_four_rounds_each_until_the_deal_has_gone_round() {
    rotation_over_seeds("hongkong");
}

/// hongkong Decision 2: the dealer is East and the seat winds move with the deal; the round wind
/// is the round's. Every won hand is scored with the winner's seat wind counted from the dealer.
#[test]
fn hongkong_seat_winds_move_with_the_deal() {
    let mut seen = [[false; 4]; 4];
    for seed in SEEDS {
        let m = play("hongkong", seed);
        for Won {
            seat,
            dealer,
            round,
            seat_wind,
            round_wind,
            ..
        } in won_hands("hongkong", &m)
        {
            let expected = Wind::from_index(((seat + 4 - dealer) % 4) as u8).expect("a wind");
            assert_eq!(
                seat_wind, expected,
                "seed {seed}: seat {seat} with dealer {dealer}"
            );
            assert_eq!(round_wind.letter(), round, "seed {seed}: the round wind");
            seen[seat][expected.index() as usize] = true;
        }
    }
    // The same seat won under different winds: they moved with the deal.
    let moved = seen
        .iter()
        .filter(|w| w.iter().filter(|&&x| x).count() >= 2)
        .count();
    assert!(moved >= 3, "seats seen winning under two or more winds: {seen:?}");
}

/// taiwan Decisions 10 and 11: four rounds E S W N, the round ending when the deal has passed from
/// each seat; the dealer's streak grows on its win or a drawn hand and returns to 0 when the deal
/// passes; the match ends when the North round ends.
#[test]
fn taiwan_plays_four_rounds_and_ends_with_the_north_round() {
    rotation_over_seeds("taiwan");
}

/// taiwan Decision 2: seat winds stay with the seats (seat 0 East) whoever deals; the hand names the
/// dealer's seat (`dealer=`) and the round wind.
#[test]
fn taiwan_seat_winds_stay_with_the_seats() {
    let mut dealer_elsewhere = 0;
    for seed in SEEDS {
        let m = play("taiwan", seed);
        for Won {
            seat,
            dealer,
            round,
            seat_wind,
            round_wind,
            dealer_word,
        } in won_hands("taiwan", &m)
        {
            assert_eq!(
                seat_wind.index() as usize,
                seat,
                "seed {seed}: the winner's 門風 is its seat's"
            );
            assert_eq!(round_wind.letter(), round, "seed {seed}: 圈風");
            let named = dealer_word.unwrap_or_else(|| "E".into());
            assert_eq!(named, WINDS[dealer].to_string(), "seed {seed}: dealer=");
            dealer_elsewhere += usize::from(dealer != 0);
        }
    }
    assert!(
        dealer_elsewhere >= 10,
        "wins with the deal away from seat 0: {dealer_elsewhere}"
    );
}
