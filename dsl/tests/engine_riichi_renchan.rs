//! Riichi's dealer rotation and counters (Decisions 12–13 of ../shared/rules/riichi.md) from
//! arranged walls, East = seat 0 deals: the dealer keeps the deal after its own win or when its
//! hand is ready at the exhaustive draw (連荘), otherwise the deal passes; counters +1 after any
//! draw or a dealer win, back to 0 after another player's win.

mod common;

use common::{first_win, table, Game};
use mj_core::game::{next_counters, next_streak, Action, HandStart, Record, Rules};

/// East's hand: 123m 456p 789s 23s 55p waits on 1s/4s once it discards E (pinfu).
const EAST: &str = "123m 456p 789s 23s 55p E";
/// Hands far from ready (South's holds a 1s).
const SOUTH_FAR: &str = "1199m 1199p 19s NSW";
const WEST_FAR: &str = "2238m 6678p 5568s F";
const NORTH_FAR: &str = "4457m 2234p 7789s C";

/// East discards `first`, then everyone discards what it draws until the wall runs out.
fn drawn_hand(ruleset: &str, hands: &[&str], first: &str) -> Record {
    let t = table(ruleset);
    let mut g = Game::new(&t, hands, "", "");
    g.discard(0, first);
    g.passive_to_end();
    let r = g.finish();
    assert!(r.winners().is_empty(), "the wall ran out");
    r
}

/// The next hand's dealer, whether the deal passed, and its counters from `counters` now.
fn next(ruleset: &str, r: &Record, counters: u32) -> ((usize, bool), u32) {
    let t = table(ruleset);
    (
        r.next_dealer(t.table()),
        next_counters(r.dealer, &r.winners(), counters),
    )
}

#[test]
fn a_ready_dealer_keeps_the_deal_at_the_exhaustive_draw() {
    // Decisions 12: "The dealer stays if ready"; 13: counters "+1 after any draw".
    let r = drawn_hand("riichi", &[EAST, SOUTH_FAR, WEST_FAR, NORTH_FAR], "E");
    assert_eq!(r.ready_at_draw(), &[0]);
    assert_eq!(next("riichi", &r, 0), ((0, false), 1));
    assert_eq!(next("riichi", &r, 2), ((0, false), 3));
}

#[test]
fn a_dealer_not_ready_passes_the_deal_and_the_counters_still_rise() {
    // Decisions 13: the dealer "otherwise passes; counters … +1 after any draw". East keeps E
    // and discards 5p: not ready; South waits on N alone.
    let r = drawn_hand(
        "riichi",
        &[
            "123m 456p 789s 23s 5p E N",
            "234m 567m 345p 678s N",
            WEST_FAR,
            NORTH_FAR,
        ],
        "5p",
    );
    assert_eq!(r.ready_at_draw(), &[1]);
    assert_eq!(next("riichi", &r, 0), ((1, true), 1));
    // Nobody ready at all.
    let r = drawn_hand(
        "riichi",
        &["123m 456p 789s 23s 5p E N", SOUTH_FAR, WEST_FAR, NORTH_FAR],
        "5p",
    );
    assert!(r.ready_at_draw().is_empty());
    assert_eq!(next("riichi", &r, 1), ((1, true), 2));
}

#[test]
fn the_rulesets_that_extend_riichi_keep_the_ready_dealer_too() {
    // riichi-ema and riichi-sanma follow riichi where they say nothing (Decisions 12–13).
    let r = drawn_hand("riichi-ema", &[EAST, SOUTH_FAR, WEST_FAR, NORTH_FAR], "E");
    assert_eq!(next("riichi-ema", &r, 0), ((0, false), 1));
    // Three players, no 2m–8m: East waits on 1s/4s after discarding E.
    let sanma = drawn_hand(
        "riichi-sanma",
        &["999m 456p 789s 23s 55p E", "11m 1199p 19s NSW CC", ""],
        "E",
    );
    assert!(sanma.ready_at_draw().contains(&0));
    assert_eq!(next("riichi-sanma", &sanma, 0), ((0, false), 1));
}

#[test]
fn a_dealer_win_keeps_the_deal_and_another_win_resets_the_counters() {
    let t = table("riichi");
    // Decisions 13: "stays after a win as dealer … (連荘, counters +1)". East (dealer) waits on
    // 1s/4s and South discards 1s.
    let mut g = Game::new(&t, &[EAST, SOUTH_FAR, WEST_FAR, NORTH_FAR], "", "");
    g.discard(0, "E");
    g.discard(1, "1s");
    g.claim(0, Action::Win);
    let r = g.finish();
    assert_eq!(r.winners(), vec![0]);
    assert_eq!(next("riichi", &r, 1), ((0, false), 2));
    // Decisions 13: "otherwise passes; counters reset after a non-dealer win". South waits on
    // 5s/8s (234m 567m 345p 67s 88m) and East discards 8s.
    let mut g = Game::new(&t, &[EAST, "234m 567m 345p 67s 88m", WEST_FAR, NORTH_FAR], "", "");
    g.discard(0, "8s");
    g.claim(1, Action::Win);
    let r = g.finish();
    assert_eq!(r.winners(), vec![1]);
    assert_eq!(next("riichi", &r, 3), ((1, true), 0));
}

#[test]
fn the_draw_lists_ready_seats_only_where_the_rotation_reads_them() {
    // mcr's deal passes at a drawn hand whatever the hands: its records list no ready seats,
    // so they read as before this rule existed.
    let t = table("mcr");
    let mut g = Game::new(&t, &["123m 456p 789s 23s 55p E", "", "", ""], "", "");
    g.discard(0, "E");
    g.passive_to_end();
    let r = g.finish();
    assert!(r.winners().is_empty(), "passive play wins nothing");
    assert!(r.ready_at_draw().is_empty());
    assert!(!r.to_json().contains("\"ready\""));
}

#[test]
fn under_paarenchan_the_streak_counts_the_dealers_wins_only() {
    // The setting paarenchan=true ([play] dealer_streak = "won"): a ready dealer keeping the
    // deal at the draw (Decisions 12) ends its run of wins, where riichi's streak of hands kept
    // goes on; a dealer win adds one either way, and a passed deal starts again at 0.
    let (won, kept) = (table("riichi[paarenchan=true]"), table("riichi"));
    let r = drawn_hand(
        "riichi[paarenchan=true]",
        &[EAST, SOUTH_FAR, WEST_FAR, NORTH_FAR],
        "E",
    );
    assert_eq!(r.next_dealer(won.table()), (0, false));
    assert_eq!(next_streak(won.table(), 0, 0, &r.winners(), 5), 0);
    assert_eq!(next_streak(kept.table(), 0, 0, &r.winners(), 5), 6);
    assert_eq!(next_streak(won.table(), 0, 0, &[0], 6), 7);
    assert_eq!(next_streak(won.table(), 0, 1, &[1], 6), 0);
}

#[test]
fn a_dealers_eighth_win_in_a_row_is_paarenchan_in_play() {
    // East deals with seven wins behind it and rons South's 1s (pinfu): play writes the streak
    // as `renchan=7` and the win is a paarenchan yakuman, the dealer's ron 6 × 8,000 = 48,000
    // (Decisions 8). Without the setting the same win is pinfu 1 han 30 fu (plus any dora).
    let start = HandStart {
        dealer_streak: 7,
        ..HandStart::default()
    };
    let win = |rules: &str| {
        let t = table(rules);
        let mut g = Game::new_at(&t, &[EAST, SOUTH_FAR, WEST_FAR, NORTH_FAR], "", "", &start);
        g.discard(0, "E");
        g.discard(1, "1s");
        g.claim(0, Action::Win);
        let r = g.finish();
        let (hand, fans) = first_win(&r).expect("a win");
        (hand, fans, r.net())
    };
    let (hand, fans, net) = win("riichi[paarenchan=true]");
    assert!(hand.contains("renchan=7"), "{hand}");
    assert!(fans.iter().any(|f| f.starts_with("八连庄")), "{fans:?}");
    assert_eq!(net[..2], [48000, -48000], "{fans:?}");
    let (hand, fans, net) = win("riichi");
    assert!(!hand.contains("renchan"), "{hand}");
    assert!(!fans.iter().any(|f| f.starts_with("八连庄")), "{fans:?}");
    assert!(net[0] < 12000, "{net:?}");
}
