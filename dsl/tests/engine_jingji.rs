//! 中国竞技麻将 scenarios from arranged walls (four players, East = seat 0 deals): payments capped
//! by an empty stack and several winners paid in turn order, no win off a player at zero, 追牌,
//! 倍打, the three 包付 liabilities, kong money, and the 局结 restriction (禁止非胜式和牌局结).

mod common;

use common::{payments, table, win_totals, Game};
use mj_core::game::engine::next_dealer;
use mj_core::game::{play_match, Action, GreedyBot, HandStart, Player, Rules};

fn at(stacks: [i64; 4], dealer_streak: u32) -> HandStart {
    HandStart {
        stacks: stacks.to_vec(),
        dealer_streak,
        ..HandStart::default()
    }
}

/// South and West both wait on 9p; East discards it first thing.
fn two_wait_on_9p<'a>(t: &'a mj_dsl::table::Table, start: &HandStart) -> Game<'a> {
    let mut g = Game::new_at(
        t,
        &["9p", "111m222m333m444m9p", "555s666s777s888s9p"],
        "",
        "",
        start,
    );
    g.discard(0, "9p");
    g
}

#[test]
fn a_payer_short_of_chips_pays_what_it_has_winners_in_turn_order() {
    let t = table("jingji");
    let mut g = two_wait_on_9p(&t, &at([30, 100, 100, 100], 0));
    assert!(g.offered_win(1) && g.offered_win(2));
    g.claim_many(&[(1, Action::Win), (2, Action::Win)]);
    let r = g.finish();
    let wins = win_totals(&r);
    assert_eq!(wins.iter().map(|w| w.0).collect::<Vec<_>>(), vec![1, 2]);
    assert!(
        2 * wins[0].1 > 30,
        "the first winner alone is owed more than East has"
    );
    // South (first in turn order from East) takes all 30; West still wins but East is empty.
    assert_eq!(payments(&r, None), vec![vec![-30, 30, 0, 0], vec![0; 4]]);
    assert_eq!(g.st.balance(0), 0);
    // With enough chips each winner is paid 2T.
    let mut g = two_wait_on_9p(&t, &at([300, 100, 100, 100], 0));
    g.claim_many(&[(1, Action::Win), (2, Action::Win)]);
    let r = g.finish();
    let w = win_totals(&r);
    assert_eq!(
        payments(&r, None),
        vec![
            vec![-2 * w[0].1, 2 * w[0].1, 0, 0],
            vec![-2 * w[1].1, 0, 2 * w[1].1, 0]
        ]
    );
}

#[test]
fn nobody_may_win_off_a_player_at_zero() {
    let t = table("jingji");
    let g = two_wait_on_9p(&t, &at([0, 150, 150, 100], 0));
    assert!(!g.offered_win(1) && !g.offered_win(2));
    // South may still win by drawing the tile itself.
    let mut g = Game::new_at(
        &t,
        &["1s", "111m222m333m444m9p"],
        "9p",
        "",
        &at([0, 150, 150, 100], 0),
    );
    g.discard(0, "1s");
    g.pass();
    assert!(g.legal(1).contains(&Action::SelfWin));
    g.act(1, Action::SelfWin);
    let r = g.finish();
    // East has nothing to pay; West and North pay T each.
    let total = win_totals(&r)[0].1;
    assert_eq!(payments(&r, None), vec![vec![0, 2 * total, -total, -total]]);
}

/// East, South, West and North each discard an East wind, East first.
fn four_east_winds<'a>(t: &'a mj_dsl::table::Table, start: &HandStart) -> Game<'a> {
    let mut g = Game::new_at(t, &["E", "E", "E", "E"], "1p 2p 3p", "", start);
    g.discard(0, "E");
    g.pass();
    for s in 1..4 {
        g.discard(s, "E");
        g.pass();
    }
    g
}

#[test]
fn four_equal_discards_in_a_row_the_first_discarder_pays_each_other_player() {
    let t = table("jingji");
    let mut g = four_east_winds(&t, &HandStart::default());
    g.passive_to_end();
    let r = g.finish();
    assert_eq!(payments(&r, Some("discard_run"))[0], vec![-12, 4, 4, 4]);
    // 倍打 doubles it.
    let mut g = four_east_winds(&t, &at([100; 4], 1));
    g.passive_to_end();
    let r = g.finish();
    assert_eq!(payments(&r, Some("discard_run"))[0], vec![-24, 8, 8, 8]);
}

#[test]
fn kong_money_is_paid_at_once_and_doubled_under_bei_da() {
    let t = table("jingji");
    for (streak, mult) in [(0, 1), (1, 2), (3, 2)] {
        // East declares a concealed kong of North winds, then West konges East's 5s.
        let mut g = Game::new_at(&t, &["NNNN5s", "", "5s5s5s"], "", "1p 2p", &at([100; 4], streak));
        g.act(0, Action::ConcealedKong(g.tile("N")));
        g.discard(0, "5s");
        g.claim(2, Action::ExposedKong);
        g.passive_to_end();
        let r = g.finish();
        let kongs = payments(&r, Some("kong"));
        assert_eq!(kongs[0], vec![12 * mult, -4 * mult, -4 * mult, -4 * mult]);
        // An exposed kong is paid 2 by each other player, not only the discarder.
        assert_eq!(kongs[1], vec![-2 * mult, -2 * mult, 6 * mult, -2 * mult]);
    }
}

#[test]
fn bei_da_doubles_a_win_while_the_dealer_keeps_the_deal() {
    let t = table("jingji");
    let plain = {
        let mut g = two_wait_on_9p(&t, &at([100, 100, 100, 100], 0));
        g.claim(1, Action::Win);
        payments(&g.finish(), None)
    };
    let doubled = {
        let mut g = two_wait_on_9p(&t, &at([200, 100, 100, 100], 2));
        g.claim(1, Action::Win);
        payments(&g.finish(), None)
    };
    let twice: Vec<Vec<i64>> = plain.iter().map(|p| p.iter().map(|x| 2 * x).collect()).collect();
    assert_eq!(doubled, twice);
    // The streak starts when the dealer wins and ends when anyone else wins or on a drawn hand.
    assert_eq!(next_dealer(t.table(), 0, &[0], None), (0, false));
    assert_eq!(next_dealer(t.table(), 0, &[1], Some(0)), (1, true));
    assert_eq!(next_dealer(t.table(), 0, &[], None), (1, true));
    // In a played match each hand's streak counts the dealer's kept deals before it.
    let mut players: Vec<Box<dyn Player>> = (0..4)
        .map(|_| Box::new(GreedyBot::new()) as Box<dyn Player>)
        .collect();
    let mut seen_streak = false;
    for seed in 0..12u64 {
        let m = play_match(&t, &mut players, seed, None).expect("match");
        for w in m.hands.windows(2) {
            let kept = w[1].dealer == w[0].dealer;
            assert_eq!(w[1].dealer_streak, if kept { w[0].dealer_streak + 1 } else { 0 });
            if kept {
                assert!(
                    w[0].winners().contains(&w[0].dealer),
                    "the deal is kept only by a dealer win"
                );
                seen_streak = true;
            }
        }
    }
    assert!(seen_streak, "no dealer repeat in 12 matches");
}

#[test]
fn three_calls_in_a_row_from_one_feeder_make_it_pay_for_a_self_drawn_win() {
    let t = table("jingji");
    // Deep stacks, so that nothing is capped.
    let mut g = Game::new_at(
        &t,
        &["3m6m9m", "12m45m78mEEE5p1s9sN"],
        "1p 2p 3p 4p 6p 7p 8p 9p 2s 5p",
        "",
        &at([500; 4], 0),
    );
    for (give, chow, junk) in [("3m", "1m", "1s"), ("6m", "4m", "9s"), ("9m", "7m", "N")] {
        g.discard(0, give);
        let c = g.tile(chow);
        g.claim(1, Action::Chi(c));
        g.discard(1, junk);
        g.pass();
        for s in [2, 3] {
            g.discard_drawn(s);
            g.pass();
        }
    }
    g.discard_drawn(0);
    g.pass();
    // South draws 5p and wins with 清龙.
    assert_eq!(g.turn(), Some(1));
    assert_eq!(g.drawn(), Some(g.tile("5p")));
    g.act(1, Action::SelfWin);
    let r = g.finish();
    let total = win_totals(&r)[0].1;
    assert_eq!(payments(&r, None), vec![vec![-3 * total, 3 * total, 0, 0]]);
}

#[test]
fn a_one_suit_display_of_three_claims_makes_the_discarder_pay_every_share() {
    let t = table("jingji");
    let mut g = Game::new_at(
        &t,
        &["1m", "11m22m33m456m9m1s9sN", "2m", "3m9m"],
        "1p 2p 3p 4p 6p",
        "",
        &at([500; 4], 0),
    );
    g.discard(0, "1m");
    g.claim(1, Action::Pong);
    g.discard(1, "1s");
    g.pass();
    g.discard(2, "2m");
    g.claim(1, Action::Pong);
    g.discard(1, "9s");
    g.pass();
    g.discard_drawn(2);
    g.pass();
    g.discard(3, "3m");
    g.claim(1, Action::Pong);
    g.discard(1, "N");
    g.pass();
    g.discard_drawn(2);
    g.pass();
    g.discard(3, "9m");
    assert!(g.offered_win(1));
    g.claim(1, Action::Win);
    let r = g.finish();
    let total = win_totals(&r)[0].1;
    assert_eq!(payments(&r, None), vec![vec![0, 3 * total, 0, -3 * total]]);
}

/// South pongs four times (from East, West, North, East) down to 5p alone, then draws `swap` and
/// discards 5p; West discards the same tile as `swap`. With `swap` = None South draws 1p and
/// discards it, still hanging 5p, and West discards 5p.
fn hanging(t: &mj_dsl::table::Table, swap: Option<&str>) -> mj_core::game::record::Record {
    let (draw, feed) = match swap {
        Some(s) => (s, s),
        None => ("1p", "5p"),
    };
    let west = format!("S{feed}");
    let mut g = Game::new_at(
        t,
        &["EC", "EESSWWCC5p1s9s1m9m", &west, "W"],
        &format!("2s 3s 4s 6s 7s 8s 2p 3p 6p {draw} 1p"),
        "",
        &at([500; 4], 0),
    );
    g.discard(0, "E");
    g.claim(1, Action::Pong);
    g.discard(1, "1s");
    g.pass();
    g.discard(2, "S");
    g.claim(1, Action::Pong);
    g.discard(1, "9s");
    g.pass();
    g.discard_drawn(2);
    g.pass();
    g.discard(3, "W");
    g.claim(1, Action::Pong);
    g.discard(1, "1m");
    g.pass();
    for s in [2, 3] {
        g.discard_drawn(s);
        g.pass();
    }
    g.discard(0, "C");
    g.claim(1, Action::Pong);
    g.discard(1, "9m");
    g.pass();
    for s in [2, 3, 0] {
        g.discard_drawn(s);
        g.pass();
    }
    assert_eq!(g.drawn(), Some(g.tile(draw)));
    g.discard(1, if swap.is_some() { "5p" } else { draw });
    g.pass();
    g.discard(2, feed);
    assert!(g.offered_win(1));
    g.claim(1, Action::Win);
    g.finish()
}

#[test]
fn the_hanging_tile_makes_the_discarder_pay_until_the_player_swaps_it() {
    let t = table("jingji");
    // jingji.md §7 (2): South still hangs 5p; West discards it: West pays all three shares.
    let r = hanging(&t, None);
    let total = win_totals(&r)[0].1;
    assert_eq!(payments(&r, None), vec![vec![0, 3 * total, -3 * total, 0]]);
    // "Once the hanging player swaps the tile, the liability ends, and a later feed is an
    // ordinary 点和": 5p swapped for 4p (inside r−2..r+2) or 8p (outside), the discarder pays 2T.
    for swap in ["4p", "8p"] {
        let r = hanging(&t, Some(swap));
        let total = win_totals(&r)[0].1;
        assert_eq!(
            payments(&r, None),
            vec![vec![0, 2 * total, -2 * total, 0]],
            "{swap}"
        );
    }
}

#[test]
fn the_caller_pays_for_the_feeders_win_too() {
    use mj_dsl::settle::{settle_win, WinKind, WinPay};
    let rs = mj_dsl::load("jingji").expect("loads");
    // South made three claims in a row from East; East wins off West's discard: South pays 3T.
    let mut p = WinPay::plain(30, 30, 0, WinKind::Discard { discarder: 2 }, 0);
    p.claim_feeders = vec![vec![], vec![0, 0, 0], vec![], vec![]];
    assert_eq!(settle_win(&rs, &p), vec![90, -90, 0, 0]);
    // Claims from East that are not in a row do not count.
    p.claim_feeders = vec![vec![], vec![0, 3, 0, 0], vec![], vec![]];
    assert_eq!(settle_win(&rs, &p), vec![60, 0, -60, 0]);
    // jingji.md §7: the three calls are "counted from the start of the hand" (从起初): three in
    // a row from East after a first call from North do not count either.
    p.claim_feeders = vec![vec![], vec![3, 0, 0, 0], vec![], vec![]];
    assert_eq!(settle_win(&rs, &p), vec![60, 0, -60, 0]);
}

/// East is at zero; South (10 points) discards 1s, on which West wins: South would be the second
/// player at zero and the match would end.
fn ending_discard(t: &mj_dsl::table::Table, stacks: [i64; 4]) -> Game<'_> {
    let mut g = Game::new_at(t, &["2s", "1s", "111m222m333m444m1s"], "3p", "", &at(stacks, 0));
    g.discard(0, "2s");
    g.pass();
    g.discard(1, "1s");
    g
}

#[test]
fn a_win_that_ends_the_match_is_offered_only_to_a_player_who_would_finish_first() {
    let t = table("jingji");
    // West would finish behind North (240): no win.
    let g = ending_discard(&t, [0, 10, 150, 240]);
    assert!(!g.offered_win(2));
    // West would finish first: the win is offered and ends with South at zero.
    let mut g = ending_discard(&t, [0, 10, 250, 140]);
    assert!(g.offered_win(2));
    g.claim(2, Action::Win);
    let r = g.finish();
    assert_eq!(payments(&r, None), vec![vec![0, -10, 10, 0]]);
    // Not ending the match (South has enough): offered whoever leads.
    let g = ending_discard(&t, [0, 200, 150, 240]);
    assert!(g.offered_win(2));
}

#[test]
fn a_discard_run_payment_that_would_end_the_match_is_held_outside_the_table() {
    let t = table("jingji");
    // East has 4 and West none: East pays South the 4 it has and is left at zero beside West.
    let mut g = four_east_winds(&t, &at([4, 100, 0, 296], 0));
    g.passive_to_end();
    let r = g.finish();
    assert!(payments(&r, Some("discard_run")).is_empty());
    assert_eq!(r.held(), vec![-4, 4, 0, 0]);
    assert_eq!(r.net().iter().sum::<i64>(), 0);
    assert_eq!(g.st.held, vec![-4, 4, 0, 0]);
}

#[test]
fn a_jingji_match_ends_when_two_players_are_at_zero_and_conserves_the_chips() {
    let t = table("jingji");
    let mut players: Vec<Box<dyn Player>> = (0..4)
        .map(|_| Box::new(GreedyBot::new()) as Box<dyn Player>)
        .collect();
    let mut early = 0;
    for seed in 0..12u64 {
        let m = play_match(&t, &mut players, seed, None).expect("match");
        assert_eq!(
            m.totals.iter().sum::<i64>(),
            400,
            "seed {seed}: chips not conserved"
        );
        let mut stacks = [100i64; 4];
        for (i, h) in m.hands.iter().enumerate() {
            assert_eq!(h.stacks.as_deref(), Some(&stacks[..]), "seed {seed} hand {i}");
            assert!(
                mj_core::game::replay(&t, h).is_ok(),
                "seed {seed} hand {i} replays"
            );
            for (s, x) in stacks.iter_mut().zip(h.net()) {
                *s += x;
            }
            assert!(stacks.iter().all(|&s| s >= 0), "seed {seed} hand {i}: below zero");
            let at_zero = stacks.iter().filter(|&&s| s == 0).count();
            if at_zero >= 2 {
                assert_eq!(i + 1, m.hands.len(), "seed {seed}: played on after two at zero");
                early += 1;
            }
        }
    }
    eprintln!("matches ended by two players at zero: {early}");
}
