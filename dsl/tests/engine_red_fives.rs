//! Red fives in play (riichi, Decision 2 of ../shared/rules/riichi.md: each red five held is one
//! dora, 赤宝牌): the wall marks which copies are red, the seats follow them, and the winning
//! hand carries them to the scorer. Expected points are worked from Decision 8 in the comments.

use mj_core::game::record::RecordEvent;
use mj_core::game::state::{Phase, TurnStart};
use mj_core::game::{
    apply, arrange_wall, deal_seats, new_hand_at, new_hand_from_marked_wall_at, replay, Action, HandStart,
    Record, Rules, State,
};
use mj_core::{parse_tiles, Tile, Wind};
use mj_dsl::table::Table;

fn table() -> Table {
    Table::new(mj_dsl::load("riichi").expect("riichi loads")).expect("table")
}

fn tiles(t: &Table, s: &str) -> Vec<Tile> {
    let s: String = s.split_whitespace().collect();
    parse_tiles(t.tiles(), &s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// East deals (seat 0) `east` (14 tiles; the tile at `red_at` is a red copy) against hands that
/// cannot claim; `front` are the next draws; the dead wall has the indicator 6m (dora 7m, held
/// by nobody) with 6m under it.
fn deal(
    t: &Table,
    east: &str,
    red_at: usize,
    front: &str,
) -> (State, Vec<Tile>, Vec<bool>, Vec<mj_core::game::Event>) {
    let hands: Vec<Vec<Tile>> = [
        east,
        "1199m 1199p 19s NSW",
        "2238m 6678p 5568s F",
        "4457m 2234p 7789s C",
    ]
    .iter()
    .map(|h| tiles(t, h))
    .collect();
    let kept = tiles(t, "6666m 777m 888m 777p 4s");
    let back: Vec<Tile> = kept.iter().rev().copied().collect();
    let wall = arrange_wall(t, 0, &hands, &tiles(t, front), &back).expect("wall");
    // Mark the red copy where the deal puts East's tile number `red_at`.
    let mut red = vec![false; wall.len()];
    let mut east_seen = 0;
    for (i, s) in deal_seats(t.table(), 0).into_iter().enumerate() {
        if s == 0 {
            red[i] = east_seen == red_at;
            east_seen += 1;
        }
    }
    let (st, ev) =
        new_hand_from_marked_wall_at(t, wall.clone(), red.clone(), 0, Wind::EAST, &HandStart::default())
            .expect("deal");
    (st, wall, red, ev)
}

fn act(t: &Table, st: &mut State, ev: &mut Vec<mj_core::game::Event>, seat: usize, a: Action) {
    let (next, more) = apply(t, st, seat, a).unwrap_or_else(|e| panic!("{}", e.message(t.tiles())));
    *st = next;
    ev.extend(more);
}

fn drawn(st: &State) -> Tile {
    match &st.phase {
        Phase::Turn(turn) => match turn.start {
            TurnStart::Drew { tile, .. } => tile,
            _ => panic!("no draw"),
        },
        _ => panic!("not a turn"),
    }
}

#[test]
fn a_red_five_held_counts_as_dora_in_play_and_the_record_replays() {
    let t = table();
    // East: 123m 406p 789s 23s 55p E, the 5p of 456p red (tile 4 in East's list). East discards
    // E; South, West and North discard what they draw (W, S, P); East draws 4s and wins.
    let (mut st, wall, red, mut ev) = deal(&t, "123m 456p 789s 23s 55p E", 4, "W S P 4s");
    assert_eq!(st.seats[0].red[tiles(&t, "5p")[0].id()], 1);
    act(&t, &mut st, &mut ev, 0, Action::Discard(tiles(&t, "E")[0]));
    for seat in 1..4 {
        let d = drawn(&st);
        act(&t, &mut st, &mut ev, seat, Action::Discard(d));
    }
    act(&t, &mut st, &mut ev, 0, Action::SelfWin);
    let r = Record::new(&t, 0, 0, Wind::EAST, vec!["a".into(); 4], Some(&wall), &ev)
        .at(&t, &st)
        .with_red_wall(t.tiles(), &red);
    let (hand, fans) = r
        .events
        .iter()
        .find_map(|e| match e {
            RecordEvent::Win { hand, fans, .. } => Some((hand.clone(), fans.clone())),
            _ => None,
        })
        .expect("a win");
    // The winning line writes the red copy (0p) among the pins.
    assert!(hand.starts_with("123m40556p23789s4s"), "{hand}");
    assert!(fans.iter().any(|f| f == "赤宝牌 1"), "{fans:?}");
    // Decision 8: dealer tsumo, menzen tsumo 1 + pinfu 1 + aka dora 1 = 3 han 20 fu (pinfu
    // tsumo): basic 20 × 2^5 = 640; each pays 2 × 640 = 1,280 → 1,300; without the red five it
    // would be 2 han: 320 × 2 = 640 → 700 each.
    assert_eq!(r.net(), vec![3900, -1300, -1300, -1300]);
    // The record writes the red copy in its wall (0p) and replays to the same state.
    assert_eq!(
        r.wall
            .as_ref()
            .unwrap()
            .iter()
            .filter(|w| w.starts_with('0'))
            .count(),
        1
    );
    assert_eq!(replay(&t, &r).expect("replays"), st);
}

#[test]
fn a_seeded_wall_marks_one_red_five_per_suit_and_the_deal_follows_the_marks() {
    let t = table();
    let five = |s: &str| tiles(&t, s)[0].id();
    for seed in 0..50 {
        let (st, _) =
            new_hand_at(&t, seed, seed as usize % 4, Wind::EAST, &HandStart::default()).expect("deal");
        // Decision 2: one red five per suit, so three red copies in the 136 tiles.
        let marked = (0..t.tiles().total_tiles())
            .filter(|&i| st.wall.is_red(i))
            .count();
        assert_eq!(marked, 3, "seed {seed}");
        // The dealt tiles (the first 53 drawn) hold exactly the marked red copies among them.
        let dealt = deal_seats(t.table(), st.dealer).len();
        let red_dealt = (0..dealt).filter(|&i| st.wall.is_red(i)).count();
        let held: usize = st
            .seats
            .iter()
            .map(|s| usize::from(s.red[five("5m")] + s.red[five("5p")] + s.red[five("5s")]))
            .sum();
        assert_eq!(held, red_dealt, "seed {seed}");
        assert!(st
            .seats
            .iter()
            .all(|s| s.red.iter().zip(&s.concealed).all(|(r, c)| r <= c)));
    }
}

#[test]
fn a_player_holding_red_and_plain_fives_chooses_which_to_discard_and_the_record_keeps_it() {
    let t = table();
    // Decision 1: one red five per suit, a copy of 5p like the others but worth a dora held.
    // East holds three 5p, one red (tile 4 of its list): which copy it gives away is its choice.
    let (st, wall, red, ev) = deal(&t, "123m 456p 789s 23s 55p E", 4, "W S P 4s N S W 5p");
    let five = tiles(&t, "5p")[0];
    let legal = mj_core::game::legal_actions(&t, &st, 0);
    assert!(legal.contains(&Action::Discard(five)), "{legal:?}");
    // The red discard is listed only where there is a choice: for 5p, nothing else.
    let named: Vec<&Action> = legal
        .iter()
        .filter(|a| matches!(a, Action::DiscardRed(_)))
        .collect();
    assert_eq!(named, vec![&Action::DiscardRed(five)]);
    // East gives away a 5p, draws 4s and discards E (ready on 5p alone), the others discard
    // what they draw, and East draws the last 5p and wins. Decision 8: menzen tsumo 1 han,
    // 30 fu (20 + tsumo 2 + single wait 2, rounded up); as dealer each pays 2 × 30 × 2^3 = 480
    // → 500. Keeping the red copy adds aka dora: 2 han, 960 → 1,000 each.
    for (action, red_left, written, each) in [
        (Action::Discard(five), 1, "5p", 1000),
        (Action::DiscardRed(five), 0, "0p", 500),
    ] {
        let (mut s, mut e) = (st.clone(), ev.clone());
        act(&t, &mut s, &mut e, 0, action);
        assert_eq!(s.seats[0].red[five.id()], red_left, "{action:?}");
        assert_eq!(s.seats[0].concealed[five.id()], 2);
        for round in 0..2 {
            for seat in 1..4 {
                let d = drawn(&s);
                act(&t, &mut s, &mut e, seat, Action::Discard(d));
            }
            if round == 0 {
                act(&t, &mut s, &mut e, 0, Action::Discard(tiles(&t, "E")[0]));
            }
        }
        act(&t, &mut s, &mut e, 0, Action::SelfWin);
        let r = Record::new(&t, 0, 0, Wind::EAST, vec!["a".into(); 4], Some(&wall), &e)
            .at(&t, &s)
            .with_red_wall(t.tiles(), &red);
        let first = r.events.iter().find_map(|x| match x {
            RecordEvent::Discard { seat: 0, tile, .. } => Some(tile.clone()),
            _ => None,
        });
        assert_eq!(first.as_deref(), Some(written));
        assert_eq!(r.net(), vec![3 * each, -each, -each, -each], "{action:?}");
        // Replaying the record makes the same choice.
        assert_eq!(replay(&t, &r).expect("replays"), s);
    }
}
