//! The deposits a drawn hand leaves on the table for the next (riichi, Decision 8 of
//! ../shared/rules/riichi.md: the 1,000 of a riichi stays on the table until a later winner takes
//! it). `Record::deposits_left` is what a match carries to its next hand; a deposit is written as
//! one payment line per seat, and only its payer's counts.

mod common;

use common::{table, Game};
use mj_core::game::{Action, HandStart};

#[test]
fn a_riichi_deposit_of_a_drawn_hand_is_carried_once() {
    let t = table("riichi");
    // The hands of engine_riichi.rs: East is ready on 1s/4s after discarding E, nobody can
    // claim E; the wall gives nobody a win (every later draw is discarded as drawn).
    let hands = [
        "123m 456p 789s 23s 55p E",
        "1199m 1199p 19s NSW",
        "2238m 6678p 5568s F",
        "4457m 2234p 7789s C",
    ];
    let start = HandStart {
        deposits: 2,
        ..HandStart::default()
    };
    let mut g = Game::with_kept(&t, &hands, "", "", "6666m 777m 888m 777p 4s", &start);
    let e = g.tile("E");
    let declare = g
        .legal(0)
        .into_iter()
        .find(|a| matches!(a, Action::DeclareReady { discard, .. } if *discard == e))
        .expect("East may declare riichi with E");
    g.act(0, declare);
    g.passive_to_end();
    let r = g.finish();
    assert!(r.winners().is_empty(), "the hand must end drawn");
    // Two deposits from earlier hands and East's one.
    assert_eq!(r.deposits_left(), 3);
}
