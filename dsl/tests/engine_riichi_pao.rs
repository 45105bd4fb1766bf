//! Pao (責任払い) at the riichi table, from arranged walls (East = seat 0 deals): South (seat 1,
//! not the dealer) pons the three dragons, the last from North (seat 3), or the four winds, the
//! last from East. shared/rules/riichi.md Decisions 9: "the player whose discard completed a
//! winner's daisangen or daisuushii by a pon or kan pays all of a tsumo, and half of a ron (the
//! discarder pays the other half)". Counters under pao follow Tenhou (riichi.wiki, Sekinin
//! barai): on a tsumo the liable player pays the counters with the rest; on a ron it pays them
//! on top of its half. Decisions 8: a yakuman is basic 8,000; a non-dealer's ron is 4 × 8,000 =
//! 32,000, its tsumo 16,000 from the dealer and 8,000 from each other (32,000 in all), counters
//! 300 per 本場 (ron) or 100 from each (tsumo). Expected amounts are worked from these rules.

mod common;

use common::{payments, table, Game};
use mj_core::game::{Action, HandStart};

/// South waits on 9s alone once its three dragon pons are made and 1m, 5m, 7m discarded.
const SOUTH_DRAGONS: &str = "CC FF PP 234p 9s 1m 5m 7m";
const EAST: &str = "C 2m 3m 4m 6p 7p 8p 1s 2s 3s 6s 7s 8s 9m";
const WEST: &str = "F 1p 1p 3m 4m 6m 7m 8m 2s 3s 5s 6s 7s";
const NORTH: &str = "P 5p 5p 6p 3s 4s 5s 6s 7s 8s 4m 5m 6m";

/// East discards C, West F, North P, South pons each and discards 1m, 5m, 7m; the others
/// discard what they draw from `front` until the feeder's turn (after a pon play goes on from
/// South: West draws `front`'s first tile and discards F, then its second, then North draws the
/// third and discards P). South's daisangen is declared and North, who fed the last dragon, is
/// liable; West draws next (front's fourth tile).
fn dragons_declared<'a>(t: &'a mj_dsl::table::Table, front: &str, counters: u32) -> Game<'a> {
    let start = HandStart {
        counters,
        ..HandStart::default()
    };
    let mut g = Game::new_at(t, &[EAST, SOUTH_DRAGONS, WEST, NORTH], front, "", &start);
    pons(&mut g, &[(0, "C", "1m"), (2, "F", "5m"), (3, "P", "7m")]);
    g
}

/// South pons each (feeder, tile) in turn and discards the third tile named; until each feeder's
/// turn the others discard what they draw.
fn pons(g: &mut Game, pons: &[(usize, &str, &str)]) {
    for &(feeder, tile, away) in pons {
        discard_drawn_until(g, feeder);
        g.discard(feeder, tile);
        g.claim(1, Action::Pong);
        g.discard(1, away);
        g.pass();
    }
}

/// Every seat before `seat` discards the tile it draws (offers passed).
fn discard_drawn_until(g: &mut Game, seat: usize) {
    while let Some(s) = g.turn().filter(|&s| s != seat) {
        g.discard_drawn(s);
        g.pass();
    }
    assert_eq!(g.turn(), Some(seat), "{seat}'s turn");
}

/// The win payments of a finished hand, one list per seat.
fn win(g: &Game) -> Vec<i64> {
    let r = g.finish();
    let wins = payments(&r, None);
    assert_eq!(wins.len(), 1, "one win: {wins:?}");
    wins[0].clone()
}

#[test]
fn tsumo_daisangen_is_paid_all_by_the_liable_player_counters_included() {
    // West, North and East discard what they draw (5p, 6m, 7p), South draws 9s: tsumo.
    let t = table("riichi");
    let mut g = dragons_declared(&t, "2m 3m 4p 5p 6m 7p 9s", 1);
    discard_drawn_until(&mut g, 1);
    assert_eq!(g.drawn(), Some(g.tile("9s")));
    g.act(1, Action::SelfWin);
    // North pays the whole 32,000 and the 本場's 3 × 100.
    assert_eq!(win(&g), vec![0, 32300, 0, -32300]);
}

#[test]
fn ron_by_a_third_player_is_split_with_the_liable_player_who_pays_the_counters() {
    // West draws 9s and discards it: South rons. 2 本場 (600): West pays half of 32,000,
    // North the other half and the 600.
    let t = table("riichi");
    let mut g = dragons_declared(&t, "2m 3m 4p 9s", 2);
    g.discard_drawn(2);
    assert!(g.offered_win(1), "South may ron");
    g.claim(1, Action::Win);
    assert_eq!(win(&g), vec![0, 32600, -16000, -16600]);
}

#[test]
fn ron_without_counters_is_half_and_half() {
    let t = table("riichi");
    let mut g = dragons_declared(&t, "2m 3m 4p 9s", 0);
    g.discard_drawn(2);
    g.claim(1, Action::Win);
    assert_eq!(win(&g), vec![0, 32000, -16000, -16000]);
}

#[test]
fn ron_on_the_liable_players_own_discard_is_paid_all_by_him() {
    // West discards what it draws; North draws 9s and discards it: South rons on the liable
    // player's own discard, who pays it all (1 本場: 32,300).
    let t = table("riichi");
    let mut g = dragons_declared(&t, "2m 3m 4p 5p 9s", 1);
    discard_drawn_until(&mut g, 3);
    assert_eq!(g.drawn(), Some(g.tile("9s")));
    g.discard_drawn(3);
    g.claim(1, Action::Win);
    assert_eq!(win(&g), vec![0, 32300, 0, -32300]);
}

#[test]
fn daisuushii_fed_last_by_the_dealer_makes_the_dealer_pay_a_tsumo() {
    // South pons E (East), S (West), W (North), then N from East in the second go-around:
    // East, the dealer, fed the last wind and pays all of South's tsumo (no counters).
    let t = table("riichi");
    let south = "EE SS WW NN 9s 1m 5m 7m 2p";
    let east = "E N 2m 3m 4m 6p 7p 8p 1s 2s 3s 6s 7s";
    let west = "S 1p 1p 3m 4m 6m 7m 8m 2s 3s 5s 6s 7s";
    let north = "W 5p 5p 6p 3s 4s 5s 6s 7s 8s 4m 5m 6m";
    // West draws 2m and discards S, then 3m; North 4p and discards W; West 5p, North 6m; East
    // 7p and discards N; West 8m, North 1p, East 2s; South 9s.
    let front = "2m 3m 4p 5p 6m 7p 8m 1p 2s 9s";
    let mut g = Game::new(&t, &[east, south, west, north], front, "");
    pons(
        &mut g,
        &[(0, "E", "1m"), (2, "S", "5m"), (3, "W", "7m"), (0, "N", "2p")],
    );
    discard_drawn_until(&mut g, 1);
    assert_eq!(g.drawn(), Some(g.tile("9s")));
    g.act(1, Action::SelfWin);
    assert_eq!(win(&g), vec![-32000, 32000, 0, 0]);
}

#[test]
fn without_pao_a_tsumo_daisangen_is_paid_by_everyone() {
    // The same tsumo under a house ruleset that switches pao off (empty groups): the dealer
    // 16,000, the others 8,000 (Decisions 8), so the mechanism, not the amounts, moved it.
    let house = mj_dsl::load_from_memory(
        "house",
        &[(
            "ruleset.toml",
            "[ruleset]\nname = \"house\"\nextends = \"riichi\"\n[settlement.liable]\ngroup_feeder = []\n",
        )],
    )
    .expect("loads");
    let t = mj_dsl::table::Table::new(house).expect("table");
    let mut g = Game::new(
        &t,
        &[EAST, SOUTH_DRAGONS, WEST, NORTH],
        "2m 3m 4p 5p 6m 7p 9s",
        "",
    );
    pons(&mut g, &[(0, "C", "1m"), (2, "F", "5m"), (3, "P", "7m")]);
    discard_drawn_until(&mut g, 1);
    g.act(1, Action::SelfWin);
    assert_eq!(win(&g), vec![-16000, 32000, -8000, -8000]);
}
