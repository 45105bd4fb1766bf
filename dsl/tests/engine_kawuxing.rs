//! 卡五星 scenarios from arranged walls (three players, East = seat 0 deals): 亮倒 (frozen hands,
//! the discard ban and its exception, hidden triplets), 过手胡, kong payments, drawn-hand
//! payments, two winners on one discard and the next dealer.

mod common;

use common::{payments, table, win_totals, Game};
use mj_core::game::engine::next_dealer;
use mj_core::game::{Action, Rules};

#[test]
fn declared_hand_is_frozen_and_its_waits_may_not_be_discarded() {
    let t = table("kawuxing");
    let mut g = Game::new(
        &t,
        &["1112345678999mC", "2345m123456789p", "1226667778889m"],
        "1p 3m F 9p 4m",
        "",
    );
    g.declare(0, "C", "");
    let waits = g.st.seats[0].declared.as_ref().expect("declared").waits.clone();
    assert_eq!(waits.len(), 9, "nine gates waits on every 万");
    // South may not discard a 万 (East waits on all of them) while it has other tiles.
    assert_eq!(g.turn(), Some(1));
    let legal = g.legal(1);
    assert!(legal.contains(&Action::Discard(g.tile("1p"))));
    for a in &legal {
        if let Action::Discard(x) | Action::DeclareReady { discard: x, .. } = a {
            assert!(
                !waits.contains(x),
                "South may not discard a tile East waits on: {a:?}"
            );
        }
    }
    g.discard(1, "1p");
    // West holds only 万: every tile is a wait, so any of them may go.
    assert_eq!(g.turn(), Some(2));
    let discards = g
        .legal(2)
        .iter()
        .filter(|a| matches!(a, Action::Discard(_)))
        .count();
    assert_eq!(discards, 7, "1m 2m 3m 6m 7m 8m 9m");
    g.discard(2, "3m");
    // East passes the win (过手胡 locks it until its own draw, which comes at once).
    assert!(g.offered_win(0));
    g.pass();
    // East's frozen turn: draw and discard that tile, nothing else.
    assert_eq!(g.turn(), Some(0));
    assert_eq!(g.legal(0), vec![Action::Discard(g.tile("F"))]);
    assert_eq!(g.st.seats[0].missed_win, None, "the draw lifts the lock");
    g.discard(0, "F");
    g.discard(1, "9p");
    g.discard(2, "4m");
    assert!(g.offered_win(0));
    g.claim(0, Action::Win);
    let r = g.finish();
    let total = win_totals(&r)[0].1;
    assert!(r.to_json().contains("\"type\":\"ready\""));
    // West pays the declared winner double.
    assert_eq!(payments(&r, None), vec![vec![2 * total, 0, -2 * total]]);
}

#[test]
fn hidden_triplet_may_be_konged_after_declaring_and_a_shown_one_not() {
    let t = table("kawuxing");
    for hide in ["5p", ""] {
        let mut g = Game::new(&t, &["555p123m456m78mCCF"], "1p 2p 5p", "9m");
        g.declare(0, "F", hide);
        g.pass();
        g.discard(1, "1p");
        g.pass();
        g.discard(2, "2p");
        g.pass();
        let kong = Action::ConcealedKong(g.tile("5p"));
        if hide.is_empty() {
            assert_eq!(g.legal(0), vec![Action::Discard(g.tile("5p"))]);
            continue;
        }
        assert!(g.legal(0).contains(&kong));
        g.act(0, kong);
        assert!(g.legal(0).contains(&Action::SelfWin), "杠上开花 on 9m");
        g.act(0, Action::SelfWin);
        let r = g.finish();
        assert_eq!(payments(&r, Some("kong")), vec![vec![4, -2, -2]]);
        let total = win_totals(&r)[0].1;
        assert_eq!(payments(&r, None), vec![vec![4 * total, -2 * total, -2 * total]]);
    }
}

#[test]
fn passed_win_locks_until_own_draw_unless_the_new_win_is_worth_more() {
    let t = table("kawuxing");
    // West waits on 3p and 6p (plain win, ×1) and 5p (all pungs, ×2).
    for (second, wins) in [("6p", false), ("5p", true)] {
        let mut g = Game::new(&t, &["3p", "56p", "111m999mCCC4445p"], "1m", "");
        g.discard(0, "3p");
        assert!(g.offered_win(2));
        g.pass();
        assert_eq!(g.st.seats[2].missed_win, Some(1));
        g.discard(1, second);
        if wins {
            assert!(g.offered_win(2), "a win worth 2 beats the passed 1");
            g.claim(2, Action::Win);
            let r = g.finish();
            assert_eq!(win_totals(&r), vec![(2, 2)]);
            assert_eq!(payments(&r, None), vec![vec![0, -2, 2]]);
        } else {
            // Not offered at all: West drew at once, which lifts the lock.
            assert_eq!(g.turn(), Some(2));
            assert_eq!(g.st.seats[2].missed_win, None);
            assert_eq!(g.win_count(), 0);
        }
    }
}

#[test]
fn kong_on_a_replacement_tile_pays_double_and_kong_money_stands_after_a_drawn_hand() {
    let t = table("kawuxing");
    let mut g = Game::new(&t, &["1111m222m"], "", "2m");
    g.act(0, Action::ConcealedKong(g.tile("1m")));
    g.act(0, Action::ConcealedKong(g.tile("2m")));
    g.passive_to_end();
    let r = g.finish();
    assert!(win_totals(&r).is_empty(), "a drawn hand");
    assert_eq!(payments(&r, Some("kong")), vec![vec![4, -2, -2], vec![8, -4, -4]]);
    assert!(payments(&r, Some("drawn_hand")).is_empty());
    assert_eq!(r.net(), vec![12, -6, -6]);
}

#[test]
fn drawn_hand_payments_follow_the_declarations() {
    let t = table("kawuxing");
    let cases: [(&[usize], Option<Vec<i64>>); 6] = [
        (&[], None),
        (&[0], Some(vec![-2, 1, 1])),
        (&[1], Some(vec![1, -2, 1])),
        (&[0, 1], Some(vec![-1, 0, 1])),
        (&[1, 2], Some(vec![1, -1, 0])),
        (&[0, 1, 2], None),
    ];
    for (declare, expect) in cases {
        let mut g = Game::new(
            &t,
            &["123m456m789m11pCCF", "123p456p789p22mPP", "345p678p333m44mFF"],
            "9m 9p",
            "",
        );
        for (seat, tile) in [(0, "F"), (1, "9m"), (2, "9p")] {
            if declare.contains(&seat) {
                g.declare(seat, tile, "");
            } else {
                g.discard(seat, tile);
            }
            g.pass();
        }
        g.passive_to_end();
        let r = g.finish();
        assert!(win_totals(&r).is_empty(), "{declare:?}: a drawn hand");
        let got = payments(&r, Some("drawn_hand"));
        assert_eq!(
            got,
            expect.into_iter().collect::<Vec<_>>(),
            "declared {declare:?}"
        );
    }
}

#[test]
fn two_winners_on_one_discard_each_paid_and_the_discarder_deals_next() {
    let t = table("kawuxing");
    let mut g = Game::new(&t, &["123m456m789m46pCCF", "", "34p678p111m222m99p"], "5p", "");
    g.discard(0, "F");
    g.pass();
    g.discard(1, "5p");
    g.claim_many(&[(0, Action::Win), (2, Action::Win)]);
    let r = g.finish();
    let wins = win_totals(&r);
    assert_eq!(wins.iter().map(|w| w.0).collect::<Vec<_>>(), vec![2, 0]);
    let (w2, w0) = (wins[0].1, wins[1].1);
    assert_eq!(payments(&r, None), vec![vec![0, -w2, w2], vec![w0, -w0, 0]]);
    assert_eq!(r.discarder(), Some(1));
    let tr = t.table();
    assert_eq!(next_dealer(tr, 0, &r.winners(), r.discarder()), (1, true));
    // One winner deals; a drawn hand keeps the dealer.
    assert_eq!(next_dealer(tr, 0, &[2], Some(1)), (2, true));
    assert_eq!(next_dealer(tr, 0, &[0], None), (0, false));
    assert_eq!(next_dealer(tr, 1, &[], None), (1, false));
}

/// A house ruleset that extends 卡五星 with the given `[win]` and `[settlement]` lines.
fn house(win: &str, settlement: &str) -> mj_dsl::table::Table {
    let toml = format!(
        "[ruleset]\nname = \"house\"\nextends = \"kawuxing\"\n\n[win]\n{win}\n\n[settlement]\n{settlement}\n"
    );
    let rs = mj_dsl::load_from_memory("house", &[("ruleset.toml", &toml)]).unwrap_or_else(|d| panic!("{d}"));
    mj_dsl::table::Table::new(rs).expect("table rules")
}

fn paid(t: &mj_dsl::table::Table, hand: &str) -> Vec<i64> {
    let r = mj_dsl::score_text(&t.ruleset, hand).expect("scores");
    ["E", "S", "W"]
        .iter()
        .map(|w| r.payments.get(w).expect("a payment for every seat"))
        .collect()
}

#[test]
fn cap_applies_per_payer_after_the_ready_doubling() {
    // 三龙七对 ×32 (and more), the winner declared: doubled before the cap.
    let hand = "1111m2222m3333m5p5p ready";
    let total = mj_dsl::score_text(&table("kawuxing").ruleset, hand)
        .unwrap()
        .total;
    assert!(total >= 32);
    assert_eq!(paid(&table("kawuxing"), hand), vec![2 * total, 0, -2 * total]);
    for cap in [8, 16, 32] {
        let t = house("", &format!("cap = {cap}"));
        assert_eq!(paid(&t, hand), vec![cap, 0, -cap], "cap {cap}");
        // Self-drawn: each payer is capped on its own.
        assert_eq!(
            paid(&t, "1111m2222m3333m5p5p self ready_payers=S"),
            vec![2 * cap, -cap, -cap],
            "cap {cap}"
        );
    }
    // Below the cap nothing changes; the doubling happens once even when both declared.
    let t = house("", "cap = 8");
    assert_eq!(
        paid(&t, "123m456m789m46pCC5p ready ready_payers=W"),
        vec![4, 0, -4]
    );
}

#[test]
fn plain_win_on_a_discard_can_be_limited_to_self_draw() {
    let base = table("kawuxing");
    let strict = house("discard_min_points = 2", "");
    let plain = "123m456m789m123pCC";
    let plain_self = "123m456m789m123pCC self";
    for (t, on_discard) in [(&base, true), (&strict, false)] {
        let r = mj_dsl::score_text(&t.ruleset, plain).unwrap();
        assert_eq!(r.valid, on_discard);
        assert!(mj_dsl::score_text(&t.ruleset, plain_self).unwrap().valid);
        // At the table: West waits on C (a plain win) and is offered East's C only when allowed.
        let mut g = Game::new(t, &["C", "", "123m456m789m123pC"], "", "");
        g.discard(0, "C");
        assert_eq!(g.offered_win(2), on_discard);
        // 卡五星 (×2) may still win on a discard.
        let mut g = Game::new(t, &["5p", "", "123m456m789m46pCC"], "", "");
        g.discard(0, "5p");
        assert!(g.offered_win(2));
    }
}

#[test]
fn kong_money_can_be_returned_after_a_drawn_hand() {
    let t = house("", "kong = { stand_on_draw = false }");
    let mut g = Game::new(&t, &["1111m"], "", "");
    g.act(0, Action::ConcealedKong(g.tile("1m")));
    g.passive_to_end();
    let r = g.finish();
    assert_eq!(payments(&r, Some("kong")), vec![vec![4, -2, -2]]);
    assert_eq!(payments(&r, Some("drawn_hand")), vec![vec![-4, 2, 2]]);
    assert_eq!(r.net(), vec![0, 0, 0]);
}
