//! The 血战 table in play (`rulesets/sichuan`, shared/rules/sichuan.md), from seeded hands and
//! arranged walls: the tiles, wall and deal (Decisions 1–3: 108 tiles, the dealer 14 and the
//! others 13, no dead wall, no kong once the wall is empty), the calls (Decisions 6: pong and
//! kong, never a chow) and the passed-win lock (Decisions 9).

mod common;

use common::{rest, table, written, Game};
use mj_core::game::event::Event;
use mj_core::game::play::run_observed;
use mj_core::game::record::RecordEvent;
use mj_core::game::{new_hand, Action, GreedyBot, Player, RandomBot, Rules};
use mj_core::Wind;

/// Decisions 1–3: 108 tiles (three suits of nine ranks, four copies); the dealer holds 14 and
/// the others 13, so 55 are left in the wall, every one of them drawable (no dead wall).
#[test]
fn the_deal_leaves_fifty_five_tiles_to_draw() {
    let t = table("sichuan");
    assert_eq!(t.tiles().total_tiles(), 108);
    for seed in 0..8 {
        let dealer = (seed % 4) as usize;
        let (st, _) = new_hand(&t, seed, dealer, Wind::EAST).expect("deal");
        let held: Vec<usize> = st
            .seats
            .iter()
            .map(|s| s.concealed.iter().map(|&c| usize::from(c)).sum())
            .collect();
        for (seat, &n) in held.iter().enumerate() {
            assert_eq!(n, if seat == dealer { 14 } else { 13 }, "seed {seed} seat {seat}");
        }
        assert_eq!(st.wall.remaining(), 55, "seed {seed}");
    }
}

/// North's hand: three 1m and three 9m; it draws the fourth 1m with four tiles left and the
/// fourth 9m as the wall's last tile.
const NORTH: &str = "111m 999m 2p 3p 5p 6p 7p 8p 9p";

/// Decisions 2: every tile of the wall is drawn (55 draws, South first, so the 51st and the
/// 55th are North's), and a kong is not allowed once the wall is empty: North may kong 1m with
/// four tiles left but not 9m drawn last, for no replacement could be drawn.
#[test]
fn no_kong_on_the_last_tile() {
    let t = table("sichuan[exchange_three=false]");
    let hands = [
        "222m 333m 444m 555m 66m",
        "111p 222p 333p 444p 5p",
        "111s 222s 333s 444s 5s",
        NORTH,
    ];
    let mut pool = rest(&t, &hands);
    let (one, nine) = (common::tile(&t, "1m"), common::tile(&t, "9m"));
    pool.retain(|&x| x != one && x != nine);
    assert_eq!(pool.len(), 53);
    let mut front = pool[..50].to_vec();
    front.push(one);
    front.extend_from_slice(&pool[50..]);
    front.push(nine);
    let mut g = Game::new(&t, &hands, &written(&t, &front), "");
    g.declare_voids([1, 0, 0, 2]);
    g.passive_until(|st| st.wall.remaining() == 4);
    assert_eq!((g.turn(), g.drawn()), (Some(3), Some(one)));
    assert!(
        g.legal(3).contains(&Action::ConcealedKong(one)),
        "a kong with tiles left"
    );
    g.discard(3, "1m");
    g.passive_until(|st| st.wall.remaining() == 0);
    assert_eq!((g.turn(), g.drawn()), (Some(3), Some(nine)));
    assert!(
        !g.legal(3).iter().any(|a| matches!(a, Action::ConcealedKong(_))),
        "no kong on the last tile: {:?}",
        g.legal(3)
    );
    g.passive_to_end();
    let r = g.finish();
    let draws = r
        .events
        .iter()
        .filter(|e| matches!(e, RecordEvent::Draw { .. }))
        .count();
    assert_eq!(draws, 55);
}

/// Decisions 6: pong and kong, no chow. Over seeded hands of greedy and random seats no seat is
/// ever offered a chow, while pongs and kongs are made.
#[test]
fn pongs_and_kongs_but_never_a_chow() {
    let t = table("sichuan");
    let (mut pongs, mut kongs, mut chow_offers) = (0, 0, 0usize);
    for seed in 0..40u64 {
        let mut players: Vec<Box<dyn Player>> = (0..4)
            .map(|s| -> Box<dyn Player> {
                if (seed + s) % 2 == 0 {
                    Box::new(GreedyBot::new())
                } else {
                    Box::new(RandomBot::new(seed * 7 + s))
                }
            })
            .collect();
        let (mut st, mut events) = new_hand(&t, seed, 0, Wind::EAST).expect("deal");
        run_observed(&t, &mut st, &mut players, &mut events, &mut |s, seat, _| {
            let legal = mj_core::game::legal_actions(&t, s, seat);
            chow_offers += legal.iter().filter(|a| matches!(a, Action::Chi(_))).count();
        })
        .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        for e in &events {
            match e {
                Event::Pong { .. } => pongs += 1,
                Event::Kong { .. } => kongs += 1,
                Event::Chi { .. } => chow_offers += 1,
                _ => {}
            }
        }
    }
    assert_eq!(chow_offers, 0);
    assert!(pongs > 0 && kongs > 0, "pongs {pongs}, kongs {kongs}");
}

/// Decisions 9 (过水不胡): West, waiting on 5p, passes East's 5p; South's 5p, before West's next
/// draw, is not offered to West as a win; after West has drawn, North's 5p is. East, South and
/// North each hold one 5p as their only tile of their void suit 筒, so each must throw it first.
#[test]
fn a_passed_win_waits_for_the_next_draw() {
    let t = table("sichuan[exchange_three=false]");
    let hands = [
        "5p 123m 456m 789m 11s 22s",
        "5p 123s 456s 789s 33s 4s",
        "123m 456m 789m 234p 5p",
        "5p 99m 88m 77m 66s 77s 88s",
    ];
    let mut g = Game::new(&t, &hands, "1p 9p 2p", "");
    g.declare_voids([1, 1, 2, 1]);
    g.discard(0, "5p");
    assert!(g.offered_win(2), "West may win on East's 5p");
    g.pass();
    g.discard(1, "5p");
    assert!(!g.offered_win(2), "not again before West's next draw");
    g.pass();
    g.discard_drawn(2);
    g.pass();
    g.discard(3, "5p");
    assert!(g.offered_win(2), "after West's draw, a discard win again");
}

/// Decisions 6: a win comes before a kong whatever the seats' order. East throws its void 5p;
/// South, next in turn, holds 555p and claims the kong; West, after it, is ready on 2p or 5p
/// (123m 456m 789m 22p 34p) and wins. West's win takes the tile, South's kong is not made, and
/// East pays West 2^0 = 1 for the 平胡 (Decisions 13).
#[test]
fn a_win_comes_before_a_kong() {
    let t = table("sichuan[exchange_three=false]");
    let hands = [
        "5p 123m 456m 789m 11s 22s",
        "555p 123m 456m 789m 9p",
        "123m 456m 789m 22p 34p",
    ];
    let mut g = Game::new(&t, &hands, "", "");
    g.declare_voids([1, 2, 2, 0]);
    g.discard(0, "5p");
    g.claim_many(&[(1, Action::ExposedKong), (2, Action::Win)]);
    assert_eq!(g.win_count(), 1);
    assert!(
        !g.events.iter().any(|e| matches!(e, Event::Kong { .. })),
        "no kong"
    );
    let r = g.record();
    let wins: Vec<usize> = r.winners();
    assert_eq!(wins, vec![2]);
    assert_eq!(common::payments(&r, None), vec![vec![-1, 0, 1, 0]]);
}
