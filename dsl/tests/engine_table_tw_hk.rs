//! The table of `taiwan` and `hongkong` in play: tiles, wall, deal and calls, checked over
//! seeded hands of greedy bots (and on the table rules where play seldom shows a rule).
//!
//! - taiwan.md Decision 1: "144: ... eight flowers, one each"; Decision 3: "The last 16 tiles are
//!   never drawn (留牌): the hand is drawn (流局) when a player should draw and only 16 tiles
//!   remain"; Decision 4: "Dealer 17 tiles, the others 16. Flowers are set aside face up and
//!   replaced from the tail ... The dealer discards first."; Decision 5: "吃 (chow) from 上家 only
//!   ... One winner per discard (截胡) ... Only an added kong can be robbed (搶槓)."
//! - hongkong.md Decision 1: "144 ... eight bonus tiles, one each"; Decision 3: "no dead wall; the
//!   hand is drawn (流局) when the wall is empty ... Dealer 14 tiles, others 13; before the first
//!   discard every player, dealer first, declares bonus tiles and draws replacements until none
//!   are left. The dealer discards first."; Decision 4: "上 (chow) from 上家 only ... One winner
//!   per discard (截糊) ... Only an added kong can be robbed, except that 十三么 may also rob a
//!   concealed kong".

mod common;

use mj_core::game::record::RecordEvent;
use mj_core::game::rules::MultipleWinners;
use mj_core::game::{play_hand, replay, replay_observed, GreedyBot, Player, Record, Rules};
use mj_dsl::table::Table;

fn hands(t: &Table, n: u64) -> Vec<Record> {
    (0..n)
        .map(|seed| {
            let mut p: Vec<Box<dyn Player>> = (0..4)
                .map(|_| Box::new(GreedyBot::new()) as Box<dyn Player>)
                .collect();
            play_hand(t, &mut p, seed, (seed % 4) as usize, mj_core::Wind::EAST).expect("the hand plays")
        })
        .collect()
}

/// What every hand of `name` must show: the dealt sizes, bonus tiles all set aside (and replaced
/// from the tail) before the dealer's first discard, the wall left at a drawn hand, chows only
/// from 上家 and at most one winner. Returns (drawn hands, chows, bonus tiles set aside).
fn check(name: &str, hand: usize, reserve: usize) -> (usize, usize, usize) {
    let t = common::table(name);
    let set = t.tiles();
    assert_eq!(set.total_tiles(), 144, "{name}: Decision 1");
    let bonus: Vec<_> = set.tiles().filter(|&x| set.is_bonus(x)).collect();
    assert_eq!(bonus.len(), 8, "{name}: eight bonus tiles");
    assert!(bonus.iter().all(|&x| set.copies(x) == 1), "{name}: one of each");
    let (mut drawn, mut chows, mut set_aside) = (0, 0, 0);
    for (i, r) in hands(&t, 40).iter().enumerate() {
        let at = format!("{name} hand {i}");
        let RecordEvent::Deal { dealer, hands, .. } = &r.events[0] else {
            panic!("{at}: no deal first")
        };
        for (s, h) in hands.iter().enumerate() {
            let n = mj_core::parse_tiles(set, h).expect("dealt tiles").len();
            assert_eq!(
                n,
                if s == *dealer { hand + 1 } else { hand },
                "{at}: seat {s} dealt"
            );
        }
        // Up to the first discard: bonus tiles are set aside, each followed by a replacement.
        let first = r
            .events
            .iter()
            .position(|e| matches!(e, RecordEvent::Discard { .. }))
            .expect("a discard");
        assert!(
            matches!(r.events[first], RecordEvent::Discard { seat, .. } if seat == *dealer),
            "{at}: the dealer discards first"
        );
        for (k, e) in r.events[..first].iter().enumerate() {
            if let RecordEvent::Flower { seat, .. } = e {
                set_aside += 1;
                assert!(
                    matches!(&r.events[k + 1], RecordEvent::Draw { seat: s, replacement: true, .. } if s == seat),
                    "{at}: a bonus tile is replaced from the tail"
                );
            }
        }
        let mut before = None;
        let _ = replay_observed(&t, r, &mut |k, st| {
            if k == first {
                before = Some(st.clone());
            }
        });
        let before = before.expect("the state before the first discard");
        for (s, seat) in before.seats.iter().enumerate() {
            assert!(
                set.tiles()
                    .filter(|&x| set.is_bonus(x))
                    .all(|x| seat.concealed[x.id()] == 0),
                "{at}: seat {s} still holds a bonus tile at the first discard"
            );
        }
        for e in &r.events {
            if let RecordEvent::Chi { seat, from, .. } = e {
                chows += 1;
                assert_eq!(*from, (seat + 3) % 4, "{at}: a chow from 上家 only");
            }
        }
        assert!(r.winners().len() <= 1, "{at}: one winner per discard");
        if r.events
            .iter()
            .any(|e| matches!(e, RecordEvent::ExhaustiveDraw { .. }))
        {
            drawn += 1;
            // Every tile that left the wall was dealt or drawn (replacements included).
            let draws = r
                .events
                .iter()
                .filter(|e| matches!(e, RecordEvent::Draw { .. }))
                .count();
            assert_eq!(144 - (4 * hand + 1) - draws, reserve, "{at}: tiles never drawn");
            let end = replay(&t, r).expect("replays");
            assert_eq!(end.wall.remaining(), 0, "{at}: nothing more to draw");
        }
    }
    let rules = t.table();
    assert_eq!(rules.multiple_winners, MultipleWinners::First, "{name}: 截胡");
    assert!(
        rules.rob_kong.added && !rules.rob_kong.concealed && !rules.rob_kong.exposed,
        "{name}: only an added kong is robbed by every win"
    );
    // hongkong's 十三么 exception is played out in engine_rob_concealed_kong.rs.
    let by_forms: Vec<_> = rules.rob_kong.by_forms.iter().map(|(k, _)| *k).collect();
    let expected = if name == "hongkong" {
        vec![mj_core::game::event::KongKind::Concealed]
    } else {
        Vec::new()
    };
    assert_eq!(by_forms, expected, "{name}: kongs robbed by some forms only");
    (drawn, chows, set_aside)
}

/// taiwan Decisions 1, 3, 4 and 5.
#[test]
fn taiwan_deals_sixteen_keeps_sixteen_back_and_chows_from_the_left() {
    let (drawn, chows, set_aside) = check("taiwan", 16, 16);
    // Each rule was met in play, not only vacuously.
    assert!(
        drawn >= 1 && chows >= 10 && set_aside >= 20,
        "taiwan: {drawn} drawn, {chows} chows, {set_aside} flowers"
    );
}

/// hongkong Decisions 1, 3 and 4.
#[test]
fn hongkong_deals_thirteen_draws_the_wall_out_and_chows_from_the_left() {
    let (drawn, chows, set_aside) = check("hongkong", 13, 0);
    assert!(
        drawn >= 1 && chows >= 10 && set_aside >= 20,
        "hongkong: {drawn} drawn, {chows} chows, {set_aside} bonus tiles"
    );
}
