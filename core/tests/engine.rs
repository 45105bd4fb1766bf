//! The turn engine's own behaviour, under the small rules of `mj_testkit::rules` (stated there):
//! dealing, legal actions, claim priority, draws and replacements, money and its chip floor,
//! penalties, and dealer rotation. Every expected figure follows from those stated rules; the
//! rulesets in play are tested in dsl/tests/engine_*.rs.

use mj_core::game::engine::{cap_to_floor, next_dealer, penalize};
use mj_core::game::event::{Event, KongKind};
use mj_core::game::rules::{DealerAfterDraw, DealerAfterMultiple, DealerRotation};
use mj_core::game::{
    apply, arrange_wall, legal_actions, new_hand, new_hand_from_wall, Action, Phase, Rules, State,
};
use mj_core::{parse_tiles, Tile, Wind};
use mj_testkit::rules::{TestRules, KONG_POINTS, PENALTY, PENALTY_POINTS, START_POINTS, WIN_POINTS};

fn tiles(rules: &TestRules, s: &str) -> Vec<Tile> {
    parse_tiles(rules.tiles(), s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn tile(rules: &TestRules, s: &str) -> Tile {
    tiles(rules, s)[0]
}

fn east() -> Wind {
    Wind::from_letter('E').expect("east")
}

/// A hand from an arranged wall, East (seat 0) dealing.
fn arranged(rules: &TestRules, hands: [&str; 4], front: &str, back: &str) -> (State, Vec<Event>) {
    let hands: Vec<Vec<Tile>> = hands.iter().map(|h| tiles(rules, h)).collect();
    let wall =
        arrange_wall(rules, 0, &hands, &tiles(rules, front), &tiles(rules, back)).expect("wall arranges");
    new_hand_from_wall(rules, wall, 0, east()).expect("hand starts")
}

/// Applies `action` for the seat to act, which must be `seat`, and returns the new events.
fn act(rules: &TestRules, st: &mut State, seat: usize, action: Action) -> Vec<Event> {
    assert_eq!(st.to_act(), Some(seat), "seat {seat} should be to act");
    let (next, events) = apply(rules, st, seat, action).unwrap_or_else(|e| panic!("{e}"));
    *st = next;
    events
}

/// Every seat asked about an offer passes.
fn pass_offers(rules: &TestRules, st: &mut State) {
    while let Phase::Offer(_) = st.phase {
        let seat = st.to_act().expect("someone answers");
        act(rules, st, seat, Action::Pass);
    }
}

/// The competing-claims deal: East discards 5s; South (East's left) can chi it with 46s, West
/// can pong it with 55s. North's hand is given by the test.
fn claims_deal(rules: &TestRules, north: &str) -> State {
    let hands = [
        "13579m13579p5sESW",
        "46s2468m2468pNCF",
        "55s1s9s2468m2468pP",
        north,
    ];
    arranged(rules, hands, "", "").0
}

#[test]
fn a_seeded_deal_gives_thirteen_tiles_and_the_dealer_fourteen() {
    let rules = TestRules::new();
    let (st, events) = new_hand(&rules, 42, 0, east()).expect("hand starts");
    let lens: Vec<usize> = st.seats.iter().map(|s| s.concealed_len()).collect();
    assert_eq!(lens, [14, 13, 13, 13]);
    assert_eq!(
        st.wall.remaining(),
        136 - 53,
        "the rest of the 136 tiles is the wall"
    );
    assert_eq!(st.census(), 136);
    assert!(matches!(events.first(), Some(Event::Deal { dealer: 0, .. })));
    assert_eq!(st.to_act(), Some(0), "the dealer moves first");
    let again = new_hand(&rules, 42, 0, east()).expect("hand starts").0;
    assert_eq!(again, st, "the same seed deals the same hand");
    let other = new_hand(&rules, 43, 0, east()).expect("hand starts").0;
    assert_ne!(other.seats, st.seats, "another seed deals another hand");
}

#[test]
fn only_the_seat_to_act_has_actions_and_illegal_ones_are_refused() {
    let rules = TestRules::new();
    let st = claims_deal(&rules, "123s789s13579mNC");
    let dealer = legal_actions(&rules, &st, 0);
    let distinct = tiles(&rules, "13579m13579p5sESW");
    assert_eq!(
        dealer.len(),
        distinct.len(),
        "one discard per tile kind held: {dealer:?}"
    );
    for t in distinct {
        assert!(dealer.contains(&Action::Discard(t)));
    }
    for seat in 1..4 {
        assert!(
            legal_actions(&rules, &st, seat).is_empty(),
            "seat {seat} is not to act"
        );
    }
    let not_held = Action::Discard(tile(&rules, "2s"));
    let err = apply(&rules, &st, 0, not_held).expect_err("2s is not in the dealer's hand");
    assert_eq!(err.seat, 0);
    assert_eq!(
        apply(&rules, &st, 1, Action::Pass)
            .map(|_| ())
            .err()
            .map(|e| e.seat),
        Some(1)
    );
}

#[test]
fn a_pong_outranks_a_chi_on_the_same_discard() {
    let rules = TestRules::new();
    let mut st = claims_deal(&rules, "123s789s13579mNC");
    let five = tile(&rules, "5s");
    act(&rules, &mut st, 0, Action::Discard(five));
    let four = tile(&rules, "4s");
    assert_eq!(legal_actions(&rules, &st, 1), [Action::Chi(four), Action::Pass]);
    act(&rules, &mut st, 1, Action::Chi(four));
    assert_eq!(legal_actions(&rules, &st, 2), [Action::Pong, Action::Pass]);
    let events = act(&rules, &mut st, 2, Action::Pong);
    assert_eq!(
        events,
        [Event::Pong {
            seat: 2,
            from: 0,
            tile: five
        }]
    );
    assert_eq!(st.to_act(), Some(2), "the ponger discards next");
    assert_eq!(st.seats[2].melds.len(), 1);
    assert!(st.seats[1].melds.is_empty(), "the chi lost");
}

#[test]
fn a_win_outranks_every_claim_and_the_discarder_pays() {
    let rules = TestRules::new();
    let mut st = claims_deal(&rules, "123m456p789sEE46s");
    let five = tile(&rules, "5s");
    act(&rules, &mut st, 0, Action::Discard(five));
    act(&rules, &mut st, 1, Action::Chi(tile(&rules, "4s")));
    act(&rules, &mut st, 2, Action::Pong);
    assert_eq!(legal_actions(&rules, &st, 3), [Action::Win, Action::Pass]);
    let events = act(&rules, &mut st, 3, Action::Win);
    assert!(
        matches!(&events[0], Event::Win { seat: 3, from: Some(0), self_drawn: false, total, .. } if *total == WIN_POINTS),
        "{events:?}"
    );
    assert_eq!(st.phase, Phase::Over { winners: vec![3] });
    assert_eq!(st.scores, [-WIN_POINTS, 0, 0, WIN_POINTS]);
}

#[test]
fn passing_every_claim_lets_the_next_seat_draw() {
    let rules = TestRules::new();
    let mut st = claims_deal(&rules, "123s789s13579mNC");
    act(&rules, &mut st, 0, Action::Discard(tile(&rules, "5s")));
    pass_offers(&rules, &mut st);
    assert_eq!(st.to_act(), Some(1));
    assert_eq!(st.seats[1].concealed_len(), 14, "South drew");
    assert_eq!(st.wall.remaining(), 136 - 53 - 1);
}

#[test]
fn a_concealed_kong_is_paid_at_once_and_replaced_from_the_wall_end() {
    let rules = TestRules::new();
    let (mut st, _) = arranged(&rules, ["1111m3579m13579pE", "", "", ""], "", "9s");
    let one = tile(&rules, "1m");
    assert!(legal_actions(&rules, &st, 0).contains(&Action::ConcealedKong(one)));
    let events = act(&rules, &mut st, 0, Action::ConcealedKong(one));
    assert_eq!(
        events[0],
        Event::Kong {
            seat: 0,
            tile: one,
            kind: KongKind::Concealed,
            from: None
        }
    );
    let replacement = events.iter().find_map(|e| match e {
        Event::Draw {
            seat: 0,
            tile,
            replacement: true,
        } => Some(*tile),
        _ => None,
    });
    assert_eq!(
        replacement,
        Some(tile(&rules, "9s")),
        "the wall's last tile replaces the kong"
    );
    assert_eq!(
        st.scores,
        [3 * KONG_POINTS, -KONG_POINTS, -KONG_POINTS, -KONG_POINTS]
    );
    assert_eq!(st.kong_net, st.scores);
    assert_eq!(st.census(), 136);
}

/// East deals and discards its 9s; South draws 5s onto a hand that waits on it.
fn self_drawn_deal(rules: &TestRules) -> State {
    let (mut st, _) = arranged(
        rules,
        ["13579m13579p9sESW", "123m456p789sEE46s", "", ""],
        "5s",
        "",
    );
    act(rules, &mut st, 0, Action::Discard(tile(rules, "9s")));
    pass_offers(rules, &mut st);
    st
}

#[test]
fn a_self_drawn_win_doubles_and_every_other_seat_pays() {
    let rules = TestRules::new();
    let mut st = self_drawn_deal(&rules);
    assert!(legal_actions(&rules, &st, 1).contains(&Action::SelfWin));
    let events = act(&rules, &mut st, 1, Action::SelfWin);
    assert!(
        matches!(&events[0], Event::Win { seat: 1, self_drawn: true, total, .. } if *total == 2 * WIN_POINTS),
        "{events:?}"
    );
    let paid = 2 * WIN_POINTS;
    assert_eq!(st.scores, [-paid, 3 * paid, -paid, -paid]);
}

#[test]
fn with_a_chip_floor_payers_pay_only_what_they_have_above_it() {
    let mut rules = TestRules::new();
    let above = 10;
    rules.table.floor = Some(START_POINTS - above);
    let mut st = self_drawn_deal(&rules);
    act(&rules, &mut st, 1, Action::SelfWin);
    assert!(
        2 * WIN_POINTS > above,
        "the win is worth more than the payers have"
    );
    assert_eq!(st.scores, [-above, 3 * above, -above, -above]);
    assert_eq!(st.balance(0), START_POINTS - above);
}

#[test]
fn the_capping_step_pays_payees_in_turn_order_from_the_first_payer() {
    assert_eq!(cap_to_floor(&[-30, 30, 0, 0], &[10, 0, 0, 0], 0), [-10, 10, 0, 0]);
    assert_eq!(
        cap_to_floor(&[-20, 10, 10, 0], &[15, 0, 0, 0], 0),
        [-15, 10, 5, 0]
    );
    assert_eq!(
        cap_to_floor(&[10, 0, -20, 10], &[0, 0, 15, 0], 0),
        [5, 0, -15, 10]
    );
    assert_eq!(
        cap_to_floor(&[-8, 8, 0, 0], &[50, 0, 0, 0], 0),
        [-8, 8, 0, 0],
        "enough chips: no cap"
    );
    assert_eq!(
        cap_to_floor(&[-8, 8, 0, 0], &[-5, 0, 0, 0], 0),
        [0, 0, 0, 0],
        "below the floor pays nothing"
    );
}

#[test]
fn an_empty_wall_ends_the_hand_drawn() {
    let mut rules = TestRules::new();
    rules.wins = false;
    let (mut st, mut events) = new_hand(&rules, 7, 0, east()).expect("hand starts");
    let wall = st.wall.remaining();
    while let Some(seat) = st.to_act() {
        let legal = legal_actions(&rules, &st, seat);
        let choice = if legal.contains(&Action::Pass) {
            Action::Pass
        } else {
            *legal
                .iter()
                .find(|a| matches!(a, Action::Discard(_)))
                .expect("a discard")
        };
        events.extend(act(&rules, &mut st, seat, choice));
    }
    let draws = events.iter().filter(|e| matches!(e, Event::Draw { .. })).count();
    let discards = events
        .iter()
        .filter(|e| matches!(e, Event::Discard { .. }))
        .count();
    assert_eq!(draws, wall, "every wall tile is drawn");
    assert_eq!(
        discards,
        wall + 1,
        "the dealer's first discard, then one per draw"
    );
    assert_eq!(events.last(), Some(&Event::ExhaustiveDraw { ready: vec![] }));
    assert_eq!(st.phase, Phase::Over { winners: vec![] });
    assert_eq!(
        st.scores,
        [0, 0, 0, 0],
        "a drawn hand pays nothing under these rules"
    );
}

#[test]
fn a_penalty_costs_its_offender_to_every_other_seat() {
    let rules = TestRules::new();
    let (mut st, _) = new_hand(&rules, 1, 0, east()).expect("hand starts");
    let paid = penalize(&rules, &mut st, 2, PENALTY).expect("a known penalty");
    assert_eq!(
        paid,
        [
            PENALTY_POINTS,
            PENALTY_POINTS,
            -3 * PENALTY_POINTS,
            PENALTY_POINTS
        ]
    );
    assert!(penalize(&rules, &mut st, 2, "no_such_penalty").is_err());
    assert!(penalize(&rules, &mut st, 9, PENALTY).is_err(), "no seat 9");
}

#[test]
fn the_dealer_rotates_as_the_table_says() {
    let mut table = TestRules::new().table;
    assert_eq!(
        next_dealer(&table, 0, &[2], Some(1)),
        (1, true),
        "rotate: always the next seat"
    );
    assert_eq!(
        next_dealer(&table, 3, &[], None),
        (0, true),
        "rotate: round the table"
    );
    table.dealer = DealerRotation::WinnerDeals;
    assert_eq!(next_dealer(&table, 0, &[2], Some(1)), (2, true));
    assert_eq!(
        next_dealer(&table, 0, &[0], None),
        (0, false),
        "the winning dealer stays"
    );
    table.dealer_after_draw = DealerAfterDraw::Stay;
    assert_eq!(next_dealer(&table, 0, &[], None), (0, false));
    table.dealer_after_draw = DealerAfterDraw::Pass;
    assert_eq!(next_dealer(&table, 0, &[], None), (1, true));
    assert_eq!(
        next_dealer(&table, 0, &[2, 3], Some(1)),
        (2, true),
        "the first winner"
    );
    table.dealer_after_multiple = DealerAfterMultiple::Discarder;
    assert_eq!(
        next_dealer(&table, 0, &[2, 3], Some(1)),
        (1, true),
        "the discarder of a double win"
    );
    table.dealer = DealerRotation::StayOnWin;
    assert_eq!(next_dealer(&table, 0, &[0], None), (0, false));
    assert_eq!(next_dealer(&table, 0, &[2], Some(1)), (1, true));
}
