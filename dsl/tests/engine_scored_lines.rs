//! A played win's line, as the record writes it, is a line of notation that `mj score` scores to
//! what play paid: every word play knows and the payments read (who discarded, who had declared
//! ready, the dealer and the streak) is on the line, so a club re-scoring a recorded hand, or a
//! tool reading records, gets the table's money and not the default seat's. Checked over seeded
//! hands of every ruleset whose win payments come from the winning line (jingji's chip stacks,
//! 倍打 and 包付 are on the line too; sichuan's later winners and kong money are checked by its
//! own engine tests).

mod common;

use mj_core::game::play::play_hand_at;
use mj_core::game::record::RecordEvent;
use mj_core::game::{replay, GreedyBot, HandStart, Player, RandomBot, Rules};
use mj_core::Wind;
use mj_dsl::table::Table;

fn players(i: u64, n: usize) -> Vec<Box<dyn Player>> {
    (0..n as u64)
        .map(|s| -> Box<dyn Player> {
            if (i + s).is_multiple_of(3) {
                Box::new(RandomBot::new(i * 7 + s))
            } else {
                Box::new(GreedyBot::new())
            }
        })
        .collect()
}

/// What [`check`] compared: wins, those on a discard, those in a hand where some player made
/// three claims or more (where jingji's 包付 may make one player pay the whole win, decided by
/// the play's history: who fed three calls, which tile a 全求 hand first hung), and lines that
/// name a liable player.
#[derive(Default)]
struct Compared {
    wins: usize,
    discards: usize,
    three_claims: usize,
    liable: usize,
}

/// Plays `hands` seeded hands of `name`; for each hand with one win, scores its line and
/// compares the payments seat by seat. Hands start from varied points, dealer streaks and
/// counters, so that a chip floor, 倍打, a dealer's 連莊 and riichi's 本場 are all on the line.
fn check(name: &str, hands: u64) -> Compared {
    let t = Table::new(mj_dsl::load(name).expect("loads")).expect("table");
    let rs = &t.ruleset;
    let n = t.table().player_count();
    let mut c = Compared::default();
    for i in 0..hands {
        let dealer = (i % n as u64) as usize;
        let round = Wind::from_index((i / 4 % 4) as u8).expect("wind");
        let mut ps = players(i, n);
        let start = HandStart {
            stacks: (0..n as u64)
                .map(|s| t.table().start_points - ((i * 37 + s * 53) % 90) as i64)
                .collect(),
            dealer_streak: (i % 3) as u32,
            counters: (i % 2) as u32,
            deposits: 0,
        };
        let r =
            play_hand_at(&t, &mut ps, i, dealer, round, &start).unwrap_or_else(|e| panic!("{name} {i}: {e}"));
        let wins: Vec<_> = r
            .events
            .iter()
            .filter_map(|e| match e {
                RecordEvent::Win { hand, self_drawn, .. } => Some((hand.clone(), *self_drawn)),
                _ => None,
            })
            .collect();
        let [(line, self_drawn)] = &wins[..] else {
            continue;
        };
        // The one win's payments (win payments carry no reason).
        let paid = common::payments(&r, None).concat();
        let end = replay(&t, &r).unwrap_or_else(|d| panic!("{name} {i}: {d}"));
        let scored = mj_dsl::score_text(rs, line).unwrap_or_else(|e| panic!("{name} {i}: {line}: {e}"));
        for (s, &amount) in paid.iter().enumerate() {
            let wind = end.seats[s].wind.letter().to_string();
            assert_eq!(
                scored.payments.get(&wind).unwrap_or(0),
                amount,
                "{name} hand {i}: `{line}` pays seat {s} ({wind}) otherwise than play did"
            );
        }
        c.wins += 1;
        c.discards += usize::from(!self_drawn);
        c.three_claims += usize::from(three_claims(&r.events, n));
        c.liable += usize::from(line.contains(" bao="));
    }
    c
}

/// Whether some seat made three claims or more (chow, pong, kong on a discard).
fn three_claims(events: &[RecordEvent], n: usize) -> bool {
    let mut claims = vec![0usize; n];
    for e in events {
        match e {
            RecordEvent::Chi { seat, .. } | RecordEvent::Pong { seat, .. } => claims[*seat] += 1,
            RecordEvent::Kong {
                seat, from: Some(_), ..
            } => claims[*seat] += 1,
            _ => {}
        }
    }
    claims.iter().any(|&c| c >= 3)
}

#[test]
fn a_recorded_win_line_pays_what_play_paid() {
    for (name, hands) in [
        ("mcr", 60),
        ("shiwan", 60),
        ("hongkong", 80),
        ("taiwan", 60),
        ("kawuxing", 60),
        ("riichi", 60),
        ("riichi-sanma", 60),
        ("jingji", 240),
    ] {
        let c = check(name, hands);
        // Enough wins on a discard, off every seat, for a line without `from=` to be caught.
        assert!(
            c.wins >= 20 && c.discards >= 8,
            "{name}: {} wins, {} on a discard",
            c.wins,
            c.discards
        );
        if name == "jingji" {
            eprintln!(
                "jingji: {} wins, {} with three claims, {} lines with bao=",
                c.wins, c.three_claims, c.liable
            );
            assert!(
                c.three_claims >= 20 && c.liable >= 5,
                "jingji: too few hands with 包付 to check"
            );
        }
    }
}

/// A record written before a ruleset came to set a word from play (here jingji's `bao=`) still
/// replays: its win line, the same tiles with fewer words, is the record's own. A line whose
/// tiles differ is still a divergence.
#[test]
fn a_record_with_an_older_win_line_still_replays() {
    let t = Table::new(mj_dsl::load("jingji").expect("loads")).expect("table");
    let n = t.table().player_count();
    let found = (0..400u64).find_map(|i| {
        let start = HandStart {
            stacks: vec![t.table().start_points; n],
            ..HandStart::default()
        };
        let r = play_hand_at(&t, &mut players(i, n), i, (i % 4) as usize, Wind::EAST, &start).ok()?;
        let at = r.events.iter().position(
            |e| matches!(e, RecordEvent::Win { hand, .. } if hand.split(' ').any(|w| w.starts_with("bao="))),
        )?;
        Some((r, at))
    });
    let (r, at) = found.expect("a jingji hand whose win line names a liable player");
    replay(&t, &r).expect("the record replays");
    let with_line = |edit: &dyn Fn(&str) -> String| {
        let mut old = r.clone();
        if let RecordEvent::Win { hand, .. } = &mut old.events[at] {
            *hand = edit(hand);
        }
        old
    };
    let older = with_line(&|h| {
        h.split(' ')
            .filter(|w| !w.starts_with("bao="))
            .collect::<Vec<_>>()
            .join(" ")
    });
    replay(&t, &older).expect("the line without bao= replays");
    let other_tiles = with_line(&|h| format!("1m{h}"));
    assert!(replay(&t, &other_tiles).is_err(), "other tiles diverge");
    let other_word = with_line(&|h| format!("{h} double"));
    assert!(
        replay(&t, &other_word).is_err(),
        "a word play did not set diverges"
    );
}
