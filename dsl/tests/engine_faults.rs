//! Faults at the table in play: the false win that voids a hand and the wrong tile count that bars
//! a player, as penalty events a referee writes into a record (the engine's own play never makes
//! either: it deals every tile and judges a win before it may be declared).
//!
//! - taiwan.md Decision 12: "詐胡 (false win): the hand stops, the offender pays each other player
//!   d + 8t (setting `false_win_tai` = 8), and the hand is replayed with the same dealer and streak
//!   (D). 相公 (wrong tile count): may not win for the rest of the hand and plays on (P)."
//! - hongkong.md Decision 12: "詐糊 (false win). The offender pays each other player three portions
//!   at the limit ..., 3 × 128 = 384 each; the hand is replayed with the same dealer (P: the
//!   scorer's reading; D for the replay)."

mod common;

use mj_core::game::matchplay::{play_match_with, MatchHand, MatchStart};
use mj_core::game::record::{insert_penalty, RecordEvent};
use mj_core::game::{
    legal_actions, penalize, play_hand, play_hand_at, replay_observed, Action, GreedyBot, PlayError, Player,
    Record, Rules,
};

fn greedy() -> Vec<Box<dyn Player>> {
    (0..4)
        .map(|_| Box::new(GreedyBot::new()) as Box<dyn Player>)
        .collect()
}

/// A match in which the first hand dealt with a streak of at least `min_streak` is stopped by
/// the penalty `id` against the dealer's 下家 after its third discard. Returns the match's hands
/// and the index of the penalized one.
fn match_with_false_win(name: &str, id: &str, min_streak: u32) -> (Vec<Record>, usize) {
    let t = common::table(name);
    let mut players = greedy();
    let mut penalized: Option<usize> = None;
    let mut k = 0usize;
    let m = play_match_with(&t, 2026, None, &MatchStart::fresh(&t), &mut |h: &MatchHand| {
        let record = play_hand_at(&t, &mut players, h.seed, h.dealer, h.round, h.start)?;
        let here = k;
        k += 1;
        if penalized.is_some() || h.start.dealer_streak < min_streak {
            return Ok::<Record, PlayError>(record);
        }
        penalized = Some(here);
        let at = (0..record.events.len())
            .filter(|&i| matches!(record.events[i], RecordEvent::Discard { .. }))
            .nth(2)
            .expect("three discards");
        let mut cut = record.clone();
        cut.events.truncate(at);
        Ok(insert_penalty(&t, &cut, at, (h.dealer + 1) % 4, id).expect("the penalty goes in"))
    })
    .expect("the match plays");
    (m.hands, penalized.expect("a hand was penalized"))
}

/// taiwan Decision 12 (詐胡): the offender pays each other player 100 + 8 × 20 = 260, and the next
/// hand has the same dealer, the same streak and the same round: a drawn hand would have kept the
/// dealer too (Decision 10) but grown the streak, a win by another would have passed the deal.
#[test]
fn taiwan_false_win_is_paid_and_the_hand_replayed_with_the_same_dealer_and_streak() {
    let (hands, i) = match_with_false_win("taiwan", "zha_hu", 1);
    let (p, next) = (&hands[i], &hands[i + 1]);
    let offender = (p.dealer + 1) % 4;
    let mut expected = vec![260; 4];
    expected[offender] = -780;
    assert_eq!(
        p.net(),
        expected,
        "詐胡: d + 8t from the offender to each other player"
    );
    assert!(p.winners().is_empty());
    assert!(p.dealer_streak >= 1, "the voided hand had a streak");
    assert_eq!(
        (next.dealer, next.dealer_streak, next.round, next.counters),
        (p.dealer, p.dealer_streak, p.round, p.counters),
        "the hand is dealt again as it was"
    );
    // The setting: false_win_tai=5 pays 100 + 5 × 20.
    let (hands, i) = match_with_false_win("taiwan[false_win_tai=5]", "zha_hu", 0);
    let offender = (hands[i].dealer + 1) % 4;
    assert_eq!(hands[i].net()[offender], -600);
    assert_eq!(hands[i + 1].dealer_streak, hands[i].dealer_streak);
}

/// hongkong Decision 12 (詐糊): 3 × 128 = 384 to each other player, and the same dealer deals the
/// next hand, which is not counted as a dealer's keep: the round does not move on either.
#[test]
fn hongkong_false_win_is_paid_and_the_hand_replayed_with_the_same_dealer() {
    let (hands, i) = match_with_false_win("hongkong", "false_win", 0);
    let (p, next) = (&hands[i], &hands[i + 1]);
    let offender = (p.dealer + 1) % 4;
    assert_eq!(p.net()[offender], -1152);
    assert_eq!(
        (next.dealer, next.dealer_streak, next.round),
        (p.dealer, p.dealer_streak, p.round)
    );
}

/// The seeded taiwan hand whose first win is self-drawn: its record and the index of the win.
fn self_drawn_hand(t: &mj_dsl::table::Table) -> (Record, usize) {
    for seed in 0..50u64 {
        let r = play_hand(t, &mut greedy(), seed, 0, mj_core::Wind::EAST).expect("the hand plays");
        if let Some(w) = r.events.iter().position(|e| matches!(e, RecordEvent::Win { .. })) {
            if matches!(r.events[w], RecordEvent::Win { self_drawn: true, .. }) {
                return (r, w);
            }
        }
    }
    panic!("no self-drawn win in 50 hands");
}

/// The state after the first `n` events of `r` (a record may stop where a seat is to act: replay
/// then reports the missing event, after showing every state before it).
fn state_at(t: &mj_dsl::table::Table, r: &Record, n: usize) -> mj_core::game::State {
    let mut at = None;
    let _ = replay_observed(t, r, &mut |k, st| {
        if k == n {
            at = Some(st.clone());
        }
    });
    at.expect("the record reaches that event")
}

/// taiwan Decision 12 (相公): a player barred just before its self-drawn win may not take it, and
/// plays on to the end of the hand without ever being offered a win; nothing is paid.
#[test]
fn taiwan_wrong_tile_count_bars_the_win_and_play_goes_on() {
    let t = common::table("taiwan");
    let (r, w) = self_drawn_hand(&t);
    let RecordEvent::Win { seat: winner, .. } = r.events[w] else {
        unreachable!()
    };
    // Without the penalty the winner may win there.
    let before = state_at(&t, &r, w);
    assert!(legal_actions(&t, &before, winner).contains(&Action::SelfWin));
    // In a record, the win after the penalty is a divergence: the barred seat cannot win.
    assert!(insert_penalty(&t, &r, w, winner, "xiang_gong").is_err());
    // With it (as replay applies a penalty event), no win; the seat discards and the hand plays
    // on passively to its end.
    let mut st = before.clone();
    let paid = penalize(&t, &mut st, winner, "xiang_gong").expect("the penalty applies");
    assert_eq!(paid, vec![0; 4], "相公 costs nothing");
    assert!(st.seats[winner].barred);
    assert!(!st.is_over(), "相公 does not end the hand");
    let mut offered_to_barred = 0;
    while let Some(seat) = st.to_act() {
        let legal = legal_actions(&t, &st, seat);
        if seat == winner {
            offered_to_barred +=
                usize::from(legal.contains(&Action::SelfWin) || legal.contains(&Action::Win));
        }
        let a = if legal.contains(&Action::Pass) {
            Action::Pass
        } else if let Some(b) = legal.iter().copied().find(|a| matches!(a, Action::Bonus(_))) {
            b
        } else {
            *legal
                .iter()
                .find(|a| matches!(a, Action::Discard(_)))
                .expect("a discard")
        };
        st = mj_core::game::apply(&t, &st, seat, a).expect("legal").0;
    }
    assert_eq!(offered_to_barred, 0, "the barred seat was offered a win");
    assert_eq!(st.census(), t.tiles().total_tiles());
    assert!(t.penalty_bars_win("xiang_gong") && !t.penalty_ends_hand("xiang_gong"));
}
