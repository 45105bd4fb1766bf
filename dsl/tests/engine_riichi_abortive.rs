//! Riichi's abortive draws (Decisions 11 of ../shared/rules/riichi.md, and Decisions 10's three
//! rons) from arranged walls, East = seat 0 deals: nine kinds (the player's choice), four winds,
//! four riichi, four kongs by more than one player, three rons. Each ends the hand with nobody
//! paid, the deposits left on the table, and the dealer dealing again.

mod common;

use common::{payments, table, Game};
use mj_core::game::record::RecordEvent;
use mj_core::game::{Action, HandStart, Record, Rules};

/// The 14 tiles kept back (the dead wall): honours none of these hands uses.
const KEPT: &str = "SSSS WWWW PPPP FF";

/// The abortive draw the record ends with: its reason and the seats it names.
fn aborted(r: &Record) -> Option<(String, Vec<usize>)> {
    r.events.iter().find_map(|e| match e {
        RecordEvent::AbortiveDraw { reason, seats } => Some((reason.clone(), seats.clone())),
        _ => None,
    })
}

#[test]
fn nine_kinds_on_the_first_draw_may_call_the_hand_off() {
    let t = table("riichi");
    // Decisions 11: nine kinds of terminals and honours on the first uninterrupted draw, the
    // player's choice. East holds 1m 9m 1p 9p 1s 9s E S W: nine kinds.
    let mut g = Game::new(&t, &["19m 19p 19s ESW 23456m", "", "", ""], "", "");
    assert!(g.legal(0).contains(&Action::AbortiveDraw));
    g.act(0, Action::AbortiveDraw);
    let r = g.finish();
    assert_eq!(aborted(&r), Some(("nine_kinds".into(), vec![0])));
    assert_eq!(r.net(), vec![0, 0, 0, 0]);
    // The dealer stays (Decisions 11).
    assert_eq!(r.next_dealer(t.table()), (0, false));
    // Eight kinds (W swapped for 7m): no such choice.
    let g = Game::new(&t, &["19m 19p 19s ES 234567m", "", "", ""], "", "");
    assert!(!g.legal(0).contains(&Action::AbortiveDraw));
}

#[test]
fn nine_kinds_is_only_on_the_first_uninterrupted_draw() {
    let t = table("riichi");
    // South holds nine kinds, but East's discard of 5m is ponned by West first: the go-around
    // is interrupted (Decisions 11: "the first uninterrupted draw").
    let south = "19m 19p 19s ESW 2p 3p 4p";
    let mut g = Game::new(
        &t,
        &["123m 456p 789s 23s 55p 5m", south, "55m 2468p 2468s NN F", ""],
        "",
        "",
    );
    g.discard(0, "5m");
    g.claim(2, Action::Pong);
    g.discard(2, "F");
    g.pass();
    g.discard_drawn(3);
    g.pass();
    g.discard_drawn(0);
    g.pass();
    assert_eq!(g.turn(), Some(1));
    assert!(!g.legal(1).contains(&Action::AbortiveDraw));
    // Without the pon South has the choice on its first draw.
    let mut g = Game::new(&t, &["123m 456p 789s 23s 55p 5m", south, "", ""], "", "");
    g.discard(0, "5m");
    g.pass();
    assert_eq!(g.turn(), Some(1));
    assert!(g.legal(1).contains(&Action::AbortiveDraw));
}

/// Hands that each discard N first: four same winds in the first go-around.
const FOUR_N: [&str; 4] = [
    "123m 456p 789s 23s 55p N",
    "1199m 1199p 19s NS",
    "2238m 6678p 5568s N",
    "4457m 2234p 7789s N",
];

#[test]
fn four_same_winds_in_the_first_go_around_call_the_hand_off() {
    let t = table("riichi");
    let mut g = Game::new(&t, &FOUR_N, "", "");
    for seat in 0..4 {
        g.discard(seat, "N");
        g.pass();
    }
    // Decisions 11: four same winds discarded in the first go-around.
    let r = g.finish();
    assert_eq!(aborted(&r), Some(("four_winds".into(), vec![])));
    assert_eq!(r.net(), vec![0, 0, 0, 0]);
    // A different fourth wind: play goes on.
    let hands = [
        "123m 456p 789s 23s 55p N",
        "1199m 1199p 19s NS",
        "2238m 6678p 5568s N",
        "4457m 2234p 7789s W",
    ];
    let mut g = Game::new(&t, &hands, "", "");
    for (seat, w) in ["N", "N", "N", "W"].into_iter().enumerate() {
        g.discard(seat, w);
        g.pass();
    }
    assert!(!g.st.is_over());
}

/// `seat` declares riichi with `discard` (the one declaration the table offers with it).
fn riichi(g: &mut Game<'_>, seat: usize, discard: &str) {
    let d = g.tile(discard);
    let a = g
        .legal(seat)
        .into_iter()
        .find(|a| matches!(a, Action::DeclareReady { discard, .. } if *discard == d))
        .expect("the seat may declare with that discard");
    g.act(seat, a);
}

#[test]
fn four_riichi_call_the_hand_off_and_the_deposits_stay() {
    let t = table("riichi");
    // Every hand is ready: East on 1s/4s after discarding E, the others (all simples) waiting
    // alone on 5s, 5s and 8m; each draws a 9p and declares with it.
    let hands = [
        "123m 456p 789s 23s 55p E",
        "234m 567m 234p 678s 5s",
        "345m 678m 678p 234s 5s",
        "345m 456m 345p 678s 8m",
    ];
    let mut g = Game::with_kept(&t, &hands, "9p 9p 9p", "", KEPT, &HandStart::default());
    riichi(&mut g, 0, "E");
    g.pass();
    for seat in 1..4 {
        riichi(&mut g, seat, "9p");
        g.pass();
    }
    // Decisions 11: four riichi, once the fourth's discard is not won on; the deposits stay.
    let r = g.finish();
    assert_eq!(aborted(&r), Some(("all_declared".into(), vec![])));
    assert_eq!(
        payments(&r, Some("deposit")),
        vec![
            vec![-1000, 0, 0, 0],
            vec![0, -1000, 0, 0],
            vec![0, 0, -1000, 0],
            vec![0, 0, 0, -1000]
        ]
    );
    assert_eq!(r.deposits_left(), 4);
    assert_eq!(r.next_dealer(t.table()), (0, false));
}

#[test]
fn four_kongs_by_two_players_call_the_hand_off_and_allow_no_fifth() {
    let t = table("riichi");
    let hands = ["1111m 2222m 55p 678s E", "3333m 4444m 999s N", "", ""];
    let mut g = Game::with_kept(&t, &hands, "9s", "1p 2p 3p 4p", KEPT, &HandStart::default());
    g.act(0, Action::ConcealedKong(g.tile("1m")));
    g.act(0, Action::ConcealedKong(g.tile("2m")));
    g.discard(0, "E");
    g.pass();
    g.act(1, Action::ConcealedKong(g.tile("3m")));
    g.act(1, Action::ConcealedKong(g.tile("4m")));
    // Decisions 2: four kong replacements at most: South's 9999s may not be a fifth kong.
    assert!(!g.legal(1).contains(&Action::ConcealedKong(g.tile("9s"))));
    g.discard(1, "N");
    g.pass();
    // Decisions 11: four kongs by more than one player, once the discard after the fourth is
    // not won on.
    let r = g.finish();
    assert_eq!(aborted(&r), Some(("four_kongs".into(), vec![])));
}

#[test]
fn four_kongs_by_one_player_play_on() {
    let t = table("riichi");
    // East's replacements bring its last two 4m.
    let hands = ["1111m 2222m 3333m 44m", "", "", ""];
    let mut g = Game::with_kept(&t, &hands, "", "4m 4m 1p 2p", KEPT, &HandStart::default());
    for k in ["1m", "2m", "3m", "4m"] {
        g.act(0, Action::ConcealedKong(g.tile(k)));
    }
    g.discard(0, "1p");
    g.pass();
    assert!(
        !g.st.is_over(),
        "one player's four kongs do not call the hand off"
    );
}

/// Three hands that win on East's 5s (all simples, a yaku), and East discarding it.
const THREE_ON_5S: [&str; 4] = [
    "123m 456p 789s 23s 55p 5s",
    "234m 567m 234p 678s 5s",
    "345m 678m 678p 234s 5s",
    "345m 456m 345p 678s 5s",
];

#[test]
fn three_rons_on_one_discard_call_the_hand_off() {
    let t = table("riichi");
    let mut g = Game::with_kept(&t, &THREE_ON_5S, "", "", KEPT, &HandStart::default());
    g.discard(0, "5s");
    for s in 1..4 {
        assert!(g.offered_win(s), "seat {s} may ron");
    }
    g.claim_many(&[(1, Action::Win), (2, Action::Win), (3, Action::Win)]);
    // Decisions 10: three = abortive draw (三家和); nobody is paid.
    let r = g.finish();
    assert_eq!(aborted(&r), Some(("three_wins".into(), vec![1, 2, 3])));
    assert!(r.winners().is_empty());
    assert_eq!(r.net(), vec![0, 0, 0, 0]);
}

#[test]
fn two_rons_are_both_paid_and_ema_pays_three() {
    let t = table("riichi");
    let mut g = Game::with_kept(&t, &THREE_ON_5S, "", "", KEPT, &HandStart::default());
    g.discard(0, "5s");
    g.claim_many(&[(1, Action::Win), (3, Action::Win)]);
    let r = g.finish();
    assert!(aborted(&r).is_none());
    assert_eq!(r.winners(), vec![1, 3]);
    // riichi-ema: no abortive draws, every ron paid (its shared/rules/riichi.md section).
    let t = table("riichi-ema");
    let mut g = Game::with_kept(&t, &THREE_ON_5S, "", "", KEPT, &HandStart::default());
    g.discard(0, "5s");
    g.claim_many(&[(1, Action::Win), (2, Action::Win), (3, Action::Win)]);
    let r = g.finish();
    assert_eq!(r.winners(), vec![1, 2, 3]);
}

#[test]
fn abortive_draws_false_plays_on_where_the_table_would_call_the_hand_off() {
    // The setting abortive_draws=false (riichi-ema's default: "no abortive draws"): nine kinds
    // is no choice, four same winds in the first go-around are four discards.
    for rules in ["riichi[abortive_draws=false]", "riichi-ema"] {
        let t = table(rules);
        let g = Game::new(&t, &["19m 19p 19s ESW 23456m", "", "", ""], "", "");
        assert!(!g.legal(0).contains(&Action::AbortiveDraw), "{rules}");
        let mut g = Game::new(&t, &FOUR_N, "", "");
        for seat in 0..4 {
            g.discard(seat, "N");
            g.pass();
        }
        assert!(!g.st.is_over(), "{rules}: four winds play on");
    }
}

/// The winners of East's 5s when `claimants` all ron it, under `rules`.
fn rons(rules: &str, claimants: &[usize]) -> (Vec<usize>, Option<(String, Vec<usize>)>) {
    let t = table(rules);
    let mut g = Game::with_kept(&t, &THREE_ON_5S, "", "", KEPT, &HandStart::default());
    g.discard(0, "5s");
    let claims: Vec<(usize, Action)> = claimants.iter().map(|&s| (s, Action::Win)).collect();
    g.claim_many(&claims);
    let r = g.finish();
    (r.winners(), aborted(&r))
}

#[test]
fn multiple_ron_atamahane_pays_only_the_first_in_turn_order() {
    // The setting multiple_ron=atamahane (頭ハネ): of South and North, South is first after
    // East, the discarder, and alone wins; three rons are still 三家和 while abortive draws are on.
    let rules = "riichi[multiple_ron=atamahane]";
    assert_eq!(rons(rules, &[1, 3]), (vec![1], None));
    assert_eq!(rons(rules, &[2, 3]), (vec![2], None));
    assert_eq!(
        rons(rules, &[1, 2, 3]).1,
        Some(("three_wins".into(), vec![1, 2, 3]))
    );
}

#[test]
fn multiple_ron_double_without_abortive_draws_pays_the_first_two_of_three() {
    // The default multiple_ron=double (Decisions 10: "two winners both paid") with
    // abortive_draws=false: three rons are no 三家和, and the first two after East win.
    assert_eq!(rons("riichi", &[1, 3]), (vec![1, 3], None));
    assert_eq!(
        rons("riichi[abortive_draws=false]", &[1, 2, 3]),
        (vec![1, 2], None)
    );
}

#[test]
fn multiple_ron_all_pays_three_rons_even_with_abortive_draws() {
    // The setting multiple_ron=all (riichi-ema's default: "several rons all paid"): three rons
    // are three wins, abortive draws on or off (三家和 settles only rons the table cannot pay).
    for rules in [
        "riichi[multiple_ron=all]",
        "riichi-ema",
        "riichi-ema[abortive_draws=true]",
    ] {
        assert_eq!(rons(rules, &[1, 2, 3]), (vec![1, 2, 3], None), "{rules}");
    }
}
