//! Robbing a kong restricted to some win forms (`[play] rob_kong = ["added",
//! "concealed:thirteen_orphans"]`), in play under `hongkong` and `riichi`.
//!
//! hongkong.md Decision 4: "Only an added kong can be robbed, except that 十三么 may also rob a
//! concealed kong (P)." Decision 10: "搶槓: the konger pays as the discarder", who under 全銃 pays
//! two portions; Decisions 7–9: 十三么 is a limit hand listed alone, worth the limit of 10 番,
//! M(10) = 128.
//!
//! East (seat 0) deals holding three 1m, throws a 9s, the others each throw the tile they draw,
//! and East draws the fourth 1m and declares a concealed kong with it. South waits on 1m.

mod common;

use common::{first_win, payments, table, Game};
use mj_core::game::record::RecordEvent;
use mj_core::game::{Action, HandStart};
use mj_dsl::table::Table;

const EAST: &str = "111m 234m 234p 234s 99s";
const WEST: &str = "567m 567p 567s 678s 8p";
const NORTH: &str = "345p 345s 678m 678p 8m";
/// South, West and North draw one each, then East draws the fourth 1m.
const FRONT: &str = "2p 3p 4p 1m";

/// Plays `g` (dealt with [`EAST`] and [`FRONT`]) up to East's concealed kong of 1m.
fn kong_of_one_man(mut g: Game<'_>) -> Game<'_> {
    g.discard(0, "9s");
    g.pass();
    for seat in 1..4 {
        g.discard_drawn(seat);
        g.pass();
    }
    let one = g.tile("1m");
    assert_eq!(g.drawn(), Some(one), "East drew the fourth 1m");
    assert!(
        g.legal(0).contains(&Action::ConcealedKong(one)),
        "East may declare the kong"
    );
    g.act(0, Action::ConcealedKong(one));
    g
}

/// A `hongkong` deal with `south` as South's hand.
fn hongkong_deal<'a>(t: &'a Table, south: &str) -> Game<'a> {
    Game::new(t, &[EAST, south, WEST, NORTH], FRONT, "9p")
}

/// A `riichi` deal with `south` as South's hand; the 14 dead-wall tiles are none of a hand's.
fn riichi_deal<'a>(t: &'a Table, south: &str) -> Game<'a> {
    let dead = "EEE SSS WWW NN C FF";
    Game::with_kept(
        t,
        &[EAST, south, WEST, NORTH],
        FRONT,
        "",
        dead,
        &HandStart::default(),
    )
}

#[test]
fn thirteen_orphans_robs_a_concealed_kong() {
    let t = table("hongkong");
    // South: one of each terminal and honour but 1m, with 9m twice: it waits on 1m alone.
    let mut g = kong_of_one_man(hongkong_deal(&t, "99m19p19sESWNCFP"));
    assert!(g.offered_win(1), "十三么 may rob the concealed kong");
    g.claim(1, Action::Win);
    let r = g.finish();
    let wins: Vec<(usize, Option<usize>)> = r
        .events
        .iter()
        .filter_map(|e| match *e {
            RecordEvent::Win { seat, from, .. } => Some((seat, from)),
            _ => None,
        })
        .collect();
    assert_eq!(wins, vec![(1, Some(0))], "South wins from the konger");
    let (_, fans) = first_win(&r).expect("a win");
    assert_eq!(fans, vec!["十三么 10".to_string()], "a limit hand listed alone");
    // The konger pays as a discarder, two portions of M(10) = 128.
    assert_eq!(payments(&r, None), vec![vec![-256, 256, 0, 0]]);
}

#[test]
fn any_other_hand_may_not_rob_a_concealed_kong() {
    let t = table("hongkong");
    // South: 清一色 waiting on 1m or 4m, worth far more than the 3 番 minimum; it could win on a
    // discarded 1m, but a concealed kong is robbed by 十三么 alone.
    let mut g = kong_of_one_man(hongkong_deal(&t, "23m 456m 789m 999m 55m"));
    assert!(!g.offered_win(1), "a standard hand does not rob a concealed kong");
    g.pass();
    assert_eq!(g.turn(), Some(0), "the kong stands and East plays on");
    assert_eq!(g.win_count(), 0);
}

/// `riichi` follows Tenhou's ranked rules (riichi.md, "Decisions for riichi": "Tenhou ranked
/// rules"), under which kokushi musou alone may win on another player's closed kan (国士無双の
/// 暗槓ロンあり). South's kokushi waits on 1m; East closes a kan of 1m. A non-dealer's yakuman on a
/// discard is 32,000, paid by the konger as by a discarder (Decision 8's table).
#[test]
fn riichi_kokushi_robs_a_closed_kan() {
    let t = table("riichi");
    let mut g = kong_of_one_man(riichi_deal(&t, "99m19p19sESWNCFP"));
    assert!(g.offered_win(1), "kokushi may rob the closed kan");
    g.claim(1, Action::Win);
    let r = g.finish();
    let (_, fans) = first_win(&r).expect("a win");
    // Kokushi (zh 国士无双) alone: a yakuman leaves no room for chankan or anything else.
    assert_eq!(fans.len(), 1, "the yakuman alone: {fans:?}");
    assert!(fans[0].starts_with("国士无双 "), "{fans:?}");
    assert_eq!(payments(&r, None), vec![vec![-32000, 32000, 0, 0]]);

    // Any other hand waiting on 1m is not offered the kan.
    let g = kong_of_one_man(riichi_deal(&t, "23m 456m 789m 999m 55m"));
    assert!(!g.offered_win(1), "a chinitsu hand does not rob a closed kan");
}
