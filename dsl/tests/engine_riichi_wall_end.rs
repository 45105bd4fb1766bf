//! The wall's last tile and a kong's replacement in riichi play, from an arranged wall (East =
//! seat 0 deals). A replacement comes from the dead wall and only the live wall's last tile is
//! haitei, so a win on the replacement drawn after a kong that left the live wall empty is
//! rinshan kaihou without haitei (riichi.wiki, "Rinshan kaihou": "cannot be combined with
//! haitei ... tsumo is not called on any tile from the live wall, but on a tile from the dead
//! wall"), while the discard after that replacement is the hand's last, and a ron on it is
//! houtei (riichi.wiki, "Haitei raoyue and houtei raoyui": "this last discard may suffice for
//! houtei"). shared/rules/riichi.md Decision 2: a 14-tile dead wall, the replacements from it.

mod common;

use common::{first_win, rest, table, written, Game};
use mj_core::game::{Action, HandStart, Rules};

/// East: three 1m and a ready 456p 789s 23s 55p (waits 1s/4s), plus C to discard first.
const EAST: &str = "111m 456p 789s 23s 55p C";
/// The others, far from ready and holding no 1m.
const OTHERS: [&str; 3] = [
    "2299m 1199p 19s NSW",
    "2238m 6678p 5568s F",
    "4457m 2234p 7789s F",
];
/// A South ready on F alone (456m 678m 345s 678s F), with no yaku but the wall's end.
const SOUTH_ON_F: &str = "456m 678m 345s 678s F";
/// The dead wall's first four: the indicator N (dora E), its ura W, the kong's indicator N and
/// its ura W; no winner holds E or N. The other ten are whatever is left.
const INDICATORS: &str = "N W N W";

/// East discards C, then everyone discards what it draws. East's draw with one live tile left
/// (the 68th of the 69 after the deal; South's is the last) is the fourth 1m, which East kongs;
/// the replacement is `replacement`. Returns the game at East's turn after the replacement.
fn kong_with_one_tile_left<'a>(t: &'a mj_dsl::table::Table, south: &str, replacement: &str) -> Game<'a> {
    let hands = [EAST, south, OTHERS[1], OTHERS[2]];
    let mut used: Vec<&str> = hands.to_vec();
    used.extend([INDICATORS, replacement, "1m"]);
    // The live wall: no 1m but the one East draws last, and no 1s or 4s among East's draws (it
    // would be offered tsumo). The k-th tile (from 0) is drawn by seat (k + 1) % 4.
    let is_wait = |x: &mj_core::Tile| ["1s", "4s"].contains(&t.tiles().notation(*x).as_str());
    let pool = rest(t, &used);
    let (mut waits, mut plain): (Vec<_>, Vec<_>) = pool.iter().partition(|x| is_wait(x));
    let kept = format!("{INDICATORS}{}", written(t, &plain.split_off(plain.len() - 10)));
    let mut front = Vec::new();
    for k in 0..67 {
        let east = (k + 1) % 4 == 0;
        let next = if east { None } else { waits.pop() };
        front.push(next.or_else(|| plain.pop()).expect("enough tiles"));
    }
    front.push(common::tile(t, "1m"));
    let mut g = Game::with_kept(
        t,
        &hands,
        &written(t, &front),
        replacement,
        &kept,
        &HandStart::default(),
    );
    g.discard(0, "C");
    g.passive_until(|st| st.wall.remaining() == 1);
    assert_eq!((g.turn(), g.drawn()), (Some(0), Some(g.tile("1m"))));
    let one = g.tile("1m");
    g.act(0, Action::ConcealedKong(one));
    assert_eq!(g.drawn(), Some(g.tile(replacement)), "the replacement");
    assert_eq!(
        g.st.wall.remaining(),
        0,
        "the kong took the live wall's last tile"
    );
    g
}

#[test]
fn a_win_on_the_replacement_after_the_live_walls_last_tile_is_rinshan_not_haitei() {
    let t = table("riichi");
    let mut g = kong_with_one_tile_left(&t, OTHERS[0], "4s");
    g.act(0, Action::SelfWin);
    let r = g.finish();
    let (hand, fans) = first_win(&r).expect("a win");
    assert!(fans.iter().any(|f| f.contains("岭上开花")), "{hand}: {fans:?}");
    assert!(!fans.iter().any(|f| f.contains("海底")), "{hand}: {fans:?}");
}

#[test]
fn the_discard_after_that_replacement_is_the_last_and_a_ron_on_it_is_houtei() {
    let t = table("riichi");
    let mut g = kong_with_one_tile_left(&t, SOUTH_ON_F, "F");
    g.discard(0, "F");
    // South has no yaku but houtei: the win is offered only because the discard is the last.
    assert!(g.offered_win(1), "{:?}", g.legal(1));
    g.claim(1, Action::Win);
    let r = g.finish();
    let (hand, fans) = first_win(&r).expect("a win");
    assert!(fans.iter().any(|f| f.contains("河底捞鱼")), "{hand}: {fans:?}");
}
