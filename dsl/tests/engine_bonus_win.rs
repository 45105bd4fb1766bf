//! Instant wins on the bonus tiles alone in play (`[win] bonus_win`, TableRules::bonus_win):
//! a seat that sets aside the last of the eight flowers may declare the self-drawn win (taiwan
//! 八仙過海, hongkong 花糊), and a seat holding the other seven may rob the eighth as another seat
//! sets it aside (taiwan 七搶一; hongkong with `seven_flowers=true`). East (seat 0) deals. The
//! expected payments are worked out in the comments from the specs' money rules
//! (shared/rules/taiwan.md Decisions 6, 8, 9; shared/rules/hongkong.md Decisions 5, 9, 10 and the
//! seven_flowers Option), not copied from output.

mod common;

use common::{payments, table, Game};
use mj_core::game::record::RecordEvent;
use mj_core::game::{Action, HandStart, Record};

/// Taiwan keeps 16 tiles back (Decisions 3); the scenarios do not care which.
const KEPT: &str = "1111m 2222m 3333m 4444m";

/// The replacements drawn from the tail, in order: seven at the deal for the seven flowers dealt,
/// then one in play.
const BACK: &str = "1p 2p 3p 4p 5p 6p 7p 9s";

/// The record's win events: (winner, self-drawn, from, fans).
fn wins(r: &Record) -> Vec<(usize, bool, Option<usize>, Vec<String>)> {
    r.events
        .iter()
        .filter_map(|e| match e {
            RecordEvent::Win {
                seat,
                self_drawn,
                from,
                fans,
                ..
            } => Some((*seat, *self_drawn, *from, fans.clone())),
            _ => None,
        })
        .collect()
}

/// Each of `seats` in turn throws the tile it drew, every offer passed.
fn throw_round(g: &mut Game<'_>, seats: &[usize]) {
    for &s in seats {
        g.discard_drawn(s);
        g.pass();
    }
}

#[test]
fn taiwan_setting_aside_the_eighth_flower_offers_ba_xian_guo_hai() {
    let t = table("taiwan");
    // North is dealt seven flowers (replaced at the deal) and draws the eighth on its first draw.
    let mut g = Game::with_kept(
        &t,
        &["", "", "", "1234567f"],
        "9m 9p 8f",
        BACK,
        KEPT,
        &HandStart::default(),
    );
    throw_round(&mut g, &[0, 1, 2]);
    assert_eq!(g.turn(), Some(3));
    let eighth = g.tile("8f");
    assert_eq!(
        g.legal(3),
        vec![Action::Bonus(eighth)],
        "a flower is set aside first"
    );
    g.act(3, Action::Bonus(eighth));
    assert!(g.legal(3).contains(&Action::SelfWin), "the flower win is offered");
    g.act(3, Action::SelfWin);
    let r = g.finish();
    assert_eq!(wins(&r), vec![(3, true, None, vec!["八仙過海 8".to_string()])]);
    // Worked example 4 (`12345678f self seat=N`): S and W pay 100 + 20 × 8 = 260, E the dealer
    // 100 + 20 × (8 + 1) = 280; N +800.
    assert_eq!(payments(&r, None), vec![vec![-280, -260, -260, 800]]);
}

#[test]
fn taiwan_the_dealer_adds_zhuang_jia_and_lian_zhuang_to_ba_xian_guo_hai() {
    let t = table("taiwan");
    // East deals in a streak of 2 (連二), is dealt seven flowers and draws the eighth on its second
    // turn, after the three others have thrown what they drew.
    let start = HandStart {
        dealer_streak: 2,
        ..HandStart::default()
    };
    let mut g = Game::with_kept(&t, &["1234567f", "", "", ""], "9m 9p 9s 8f", BACK, KEPT, &start);
    throw_round(&mut g, &[0, 1, 2, 3]);
    assert_eq!(g.turn(), Some(0));
    let eighth = g.tile("8f");
    g.act(0, Action::Bonus(eighth));
    assert!(g.legal(0).contains(&Action::SelfWin), "the flower win is offered");
    g.act(0, Action::SelfWin);
    let r = g.finish();
    // Decisions 7: 八仙過海, "only 莊家/連莊 may be added": 莊家 1 + 連莊 2 × 2 + 8 = 13 台, and
    // Decisions 9: each of the three others pays 100 + 20 × 13 = 360.
    let fans = ["莊家 1", "連莊 2×2", "八仙過海 8"].map(String::from).to_vec();
    assert_eq!(wins(&r), vec![(0, true, None, fans)]);
    assert_eq!(payments(&r, None), vec![vec![1080, -360, -360, -360]]);
}

#[test]
fn taiwan_seven_flowers_rob_the_eighth_qi_qiang_yi() {
    let t = table("taiwan");
    // North holds seven flowers from the deal; South draws the eighth and sets it aside.
    let mut g = Game::with_kept(
        &t,
        &["", "", "", "1234567f"],
        "8f",
        BACK,
        KEPT,
        &HandStart::default(),
    );
    throw_round(&mut g, &[0]);
    let eighth = g.tile("8f");
    g.act(1, Action::Bonus(eighth));
    assert!(g.offered_win(3), "North may rob the eighth flower");
    g.claim(3, Action::Win);
    let r = g.finish();
    assert_eq!(wins(&r), vec![(3, false, Some(1), vec!["七搶一 8".to_string()])]);
    // Decisions 9: the player whose eighth flower was robbed pays alone, 100 + 20 × 8 = 260 (South
    // is not the dealer).
    assert_eq!(payments(&r, None), vec![vec![0, -260, 0, 260]]);
    // The robbed flower went to North: all eight are there.
    assert_eq!(g.st.seats[3].bonus.len(), 8);
    assert!(g.st.seats[1].bonus.is_empty());
}

#[test]
fn taiwan_a_passed_rob_lets_the_flower_stand_and_its_owner_draws_on() {
    let t = table("taiwan");
    let mut g = Game::with_kept(
        &t,
        &["", "", "", "1234567f"],
        "8f",
        BACK,
        KEPT,
        &HandStart::default(),
    );
    throw_round(&mut g, &[0]);
    let eighth = g.tile("8f");
    g.act(1, Action::Bonus(eighth));
    g.pass();
    // South drew its replacement (the eighth of BACK) and plays on; nobody can win on flowers.
    assert_eq!(g.turn(), Some(1));
    assert_eq!(g.drawn(), Some(g.tile("9s")));
    assert_eq!(g.st.seats[1].bonus, vec![eighth]);
    g.passive_to_end();
    let r = g.finish();
    assert!(wins(&r).is_empty(), "no win in a passive hand");
}

#[test]
fn hongkong_the_eighth_bonus_tile_offers_hua_hu_paid_as_a_self_draw() {
    let t = table("hongkong");
    // South holds seven bonus tiles from the deal and draws the eighth on its first draw.
    let mut g = Game::new(&t, &["", "1234567f"], "8f", BACK);
    throw_round(&mut g, &[0]);
    let eighth = g.tile("8f");
    g.act(1, Action::Bonus(eighth));
    // hongkong has no 七搶一 by default: nobody is asked, South draws its replacement.
    assert!(g.legal(1).contains(&Action::SelfWin));
    g.act(1, Action::SelfWin);
    let r = g.finish();
    assert_eq!(wins(&r), vec![(1, true, None, vec!["花糊 8".to_string()])]);
    // Decisions 9–10: 8 番 → M = 64, each of the three others pays one portion.
    assert_eq!(payments(&r, None), vec![vec![-64, 192, -64, -64]]);
}

#[test]
fn hongkong_seven_flowers_setting_robs_the_eighth_for_three_fan() {
    let t = table("hongkong[seven_flowers=true]");
    // West holds seven bonus tiles; South draws and sets aside the eighth.
    let mut g = Game::new(&t, &["", "", "1234567f"], "8f", BACK);
    throw_round(&mut g, &[0]);
    let eighth = g.tile("8f");
    g.act(1, Action::Bonus(eighth));
    g.claim(2, Action::Win);
    let r = g.finish();
    assert_eq!(wins(&r), vec![(2, false, Some(1), vec!["七搶一 3".to_string()])]);
    // Option seven_flowers: 3 番 → M = 8, paid by the robbed player as a discarder pays (全銃,
    // Decision 10): 2 × 8 = 16.
    assert_eq!(payments(&r, None), vec![vec![0, -16, 16, 0]]);

    // Without the setting the same wall asks nobody.
    let t = table("hongkong");
    let mut g = Game::new(&t, &["", "", "1234567f"], "8f", BACK);
    throw_round(&mut g, &[0]);
    g.act(1, Action::Bonus(eighth));
    assert_eq!(g.turn(), Some(1), "South drew its replacement at once");
}
