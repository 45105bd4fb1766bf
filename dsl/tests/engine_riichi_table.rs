//! Riichi at the table around the scoring, from arranged walls (East = seat 0 deals): the
//! exhaustive draw's ready payments (不聴罰符) and nagashi mangan, and the kuikae ban. Each case
//! cites the Decision of ../shared/rules/riichi.md it checks; expected points are worked from
//! the Decision in the comments, not copied from our output.

mod common;

use common::{payments, table, Game};
use mj_core::game::{Action, Rules};

/// East's hand: 123m 456p 789s 23s 55p waits on 1s/4s once it discards E.
const EAST: &str = "123m 456p 789s 23s 55p E";
/// Hands far from ready.
const SOUTH_FAR: &str = "1199m 1199p 19s NSW";
const WEST_FAR: &str = "2238m 6678p 5568s F";
const NORTH_FAR: &str = "4457m 2234p 7789s C";

/// East discards E (its hand is then ready), then everyone discards what it draws to the end.
fn drawn_hand(hands: [&str; 4]) -> mj_core::game::Record {
    let t = table("riichi");
    let mut g = Game::new(&t, &hands, "", "");
    g.discard(0, "E");
    g.passive_to_end();
    let r = g.finish();
    assert!(r.winners().is_empty(), "the wall ran out");
    r
}

#[test]
fn one_ready_hand_at_the_draw_takes_1000_from_each_other_player() {
    // Decisions 12: "1 ready: 3,000 from the three".
    let r = drawn_hand([EAST, SOUTH_FAR, WEST_FAR, NORTH_FAR]);
    assert_eq!(
        payments(&r, Some("drawn_hand")),
        vec![vec![3000, -1000, -1000, -1000]]
    );
}

#[test]
fn two_ready_hands_take_1500_each_from_the_two_others() {
    // Decisions 12: "2: 1,500 each". South waits on N alone.
    let r = drawn_hand([EAST, "234m 567m 345p 678s N", WEST_FAR, NORTH_FAR]);
    assert_eq!(
        payments(&r, Some("drawn_hand")),
        vec![vec![1500, 1500, -1500, -1500]]
    );
}

#[test]
fn three_ready_hands_take_1000_each_from_the_fourth() {
    // Decisions 12: "3: 1,000 each to them". West waits on W alone.
    let r = drawn_hand([EAST, "234m 567m 345p 678s N", "345m 678m 678p 234s W", NORTH_FAR]);
    assert_eq!(
        payments(&r, Some("drawn_hand")),
        vec![vec![1000, 1000, 1000, -3000]]
    );
}

#[test]
fn nobody_ready_nobody_pays() {
    // Decisions 12: the 3,000 goes to ready hands; with none, nothing moves. East keeps E.
    let t = table("riichi");
    let mut g = Game::new(
        &t,
        &["123m 456p 789s 23s 5p E N", SOUTH_FAR, WEST_FAR, NORTH_FAR],
        "",
        "",
    );
    g.discard(0, "5p");
    g.passive_to_end();
    let r = g.finish();
    assert!(payments(&r, Some("drawn_hand")).is_empty());
    assert_eq!(r.net(), vec![0, 0, 0, 0]);
}

/// A full front of the wall in which South (seat 1) draws only terminals and honours (and
/// discards each), while the other seats draw simples while there are any (so each discards a
/// simple): South alone ends with a river of terminals and honours that nobody claimed (passive
/// play claims nothing).
fn nagashi_front(t: &mj_dsl::table::Table, hands: &[&str]) -> String {
    let set = t.tiles();
    let mut left: Vec<u8> = set.tiles().map(|k| set.copies(k)).collect();
    for k in hands.iter().flat_map(|h| common::tiles(t, h)) {
        left[k.id()] -= 1;
    }
    let yaochu = |k: mj_core::Tile| set.is_honour(k) || set.is_terminal(k);
    let mut take = |want: &dyn Fn(mj_core::Tile) -> bool| {
        let k = set
            .playing_tiles()
            .find(|&k| left[k.id()] > 0 && want(k))
            .or_else(|| set.playing_tiles().find(|&k| left[k.id()] > 0))
            .expect("a tile left");
        left[k.id()] -= 1;
        set.notation(k)
    };
    // Draws after East's first discard: South, West, North, East, South, ... (69 in all).
    (0..69)
        .map(|i| {
            if i % 4 == 0 {
                take(&yaochu)
            } else {
                take(&|k| !yaochu(k))
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The drawn hand's payments under `rules` where South ends with a river of terminals and
/// honours nobody claimed and East is ready (it discards E, then everyone what it draws).
fn nagashi_river(rules: &str) -> Vec<Vec<i64>> {
    let t = table(rules);
    let hands = [EAST, "2358m 2368p 2357s 6m", WEST_FAR, NORTH_FAR];
    let front = nagashi_front(&t, &hands);
    let mut g = Game::new(&t, &hands, &front, "");
    g.discard(0, "E");
    g.passive_to_end();
    payments(&g.finish(), Some("drawn_hand"))
}

#[test]
fn nagashi_mangan_is_paid_as_a_mangan_tsumo_instead_of_the_ready_payments() {
    // Decisions 12: nagashi mangan first; Decisions 6 / 8: a mangan (basic 2,000) tsumo by a
    // non-dealer: the dealer pays 2 × 2,000 = 4,000, the others 2,000 each. East is ready, but
    // with a nagashi mangan the ready hands are not paid.
    assert_eq!(nagashi_river("riichi"), vec![vec![-4000, 8000, -2000, -2000]]);
}

#[test]
fn without_nagashi_mangan_the_ready_hands_are_paid_at_that_draw() {
    // The setting nagashi_mangan=false (riichi-ema's default: "no nagashi mangan"): the same
    // river pays nothing, and Decisions 12's "1 ready: 3,000 from the three" applies to East.
    for rules in ["riichi[nagashi_mangan=false]", "riichi-ema"] {
        assert_eq!(
            nagashi_river(rules),
            vec![vec![3000, -1000, -1000, -1000]],
            "{rules}"
        );
    }
}

/// South's legal discards after claiming East's first discard `discard` with `claim`.
fn discards_after_claim(
    rules: &str,
    south: &str,
    east: &str,
    discard: &str,
    claim: fn(&Game<'_>) -> Action,
) -> Vec<String> {
    let t = table(rules);
    let mut g = Game::new(&t, &[east, south, WEST_FAR, NORTH_FAR], "", "");
    g.discard(0, discard);
    let a = claim(&g);
    g.claim(1, a);
    assert_eq!(g.turn(), Some(1), "South claimed");
    g.legal(1)
        .into_iter()
        .filter_map(|a| match a {
            Action::Discard(k) => Some(t.tiles().notation(k)),
            _ => None,
        })
        .collect()
}

#[test]
fn no_swap_call_after_a_chi_bans_the_claimed_tile_and_the_other_end() {
    // Decisions 3: after a chi a player may not discard the claimed tile nor the tile at the
    // other end of the chow (Tenhou). South chis East's 2m with 34m: 5m (the other end) is
    // banned though South holds it; 2m is gone with the chow.
    let d = discards_after_claim(
        "riichi",
        "345m 1199p 19s NSWE",
        "123m 456p 789s 23s 55p E",
        "2m",
        |g| Action::Chi(g.tile("2m")),
    );
    assert!(!d.contains(&"5m".to_string()), "{d:?}");
    assert!(
        d.contains(&"1p".to_string()) && d.contains(&"E".to_string()),
        "{d:?}"
    );
    // Claimed in the middle (3m into 24m): only the claimed tile is banned, and 5m is free.
    let d = discards_after_claim(
        "riichi",
        "2345m 199p 19s NSWE",
        "123m 456p 789s 23s 55p E",
        "3m",
        |g| Action::Chi(g.tile("2m")),
    );
    assert!(!d.contains(&"3m".to_string()), "{d:?}");
    assert!(d.contains(&"5m".to_string()), "{d:?}");
}

#[test]
fn no_swap_call_after_a_pon_bans_the_claimed_tile() {
    // Decisions 3: after a pon the claimed tile may not be discarded: South pons East's N
    // holding three, and may not discard the fourth.
    let d = discards_after_claim(
        "riichi",
        "345m 1199p 19s NNN W",
        "123m 456p 789s 23s 55p N",
        "N",
        |_| Action::Pong,
    );
    assert!(!d.contains(&"N".to_string()), "{d:?}");
    assert!(d.contains(&"W".to_string()), "{d:?}");
}

#[test]
fn swap_calls_stay_allowed_where_the_table_allows_them() {
    // The same pon under mcr (no kuikae rule): the fourth copy may be discarded.
    let t = table("mcr");
    assert!(!t.table().no_swap_calls);
    assert!(table("riichi").table().no_swap_calls);
}

#[test]
fn kuikae_true_allows_the_swap_calls() {
    // The setting kuikae=true (shared/rules/riichi.md "Options": kuikae): the chi and pon of the
    // two tests above, with the other end of the chow and the fourth N now legal discards.
    let rules = "riichi[kuikae=true]";
    let d = discards_after_claim(
        rules,
        "345m 1199p 19s NSWE",
        "123m 456p 789s 23s 55p E",
        "2m",
        |g| Action::Chi(g.tile("2m")),
    );
    assert!(d.contains(&"5m".to_string()), "{d:?}");
    let d = discards_after_claim(
        rules,
        "345m 1199p 19s NNN W",
        "123m 456p 789s 23s 55p N",
        "N",
        |_| Action::Pong,
    );
    assert!(d.contains(&"N".to_string()), "{d:?}");
}
