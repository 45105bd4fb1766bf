//! The first go-around in play for taiwan and hongkong: the engine fact `first_turn` (the win
//! comes before the winner's first discard, no meld made at the table) sets the word `first`, so
//! 天胡/地胡/人胡 (taiwan, shared/rules/taiwan.md Decisions 7) and 天糊/地糊/人糊 (hongkong,
//! shared/rules/hongkong.md Decisions 7) are awarded in play. East (seat 0) deals; the expected
//! payments are worked out in the comments from the spec's money rules, not copied from output.

mod common;

use common::{payments, table, Game};
use mj_core::game::record::RecordEvent;
use mj_core::game::{Action, Record};

/// South's 16 tiles in taiwan: 123m 456m 789m 234p 55s 67s waits on 5s or 8s (two-sided, so not
/// 獨聽); with 8s the hand is five chows and a suited pair.
const TW_SOUTH: &str = "123m 456m 789m 234p 55s 67s";

/// The fans of the record's only win.
fn fans(r: &Record) -> Vec<String> {
    let wins: Vec<&Vec<String>> = r
        .events
        .iter()
        .filter_map(|e| match e {
            RecordEvent::Win { fans, .. } => Some(fans),
            _ => None,
        })
        .collect();
    assert_eq!(wins.len(), 1, "one win");
    wins[0].clone()
}

#[test]
fn taiwan_the_dealers_dealt_tiles_winning_is_tian_hu() {
    let t = table("taiwan");
    // East's 17 dealt tiles are five sets and a pair (no flower: arranged walls put flowers last).
    let mut g = Game::new(&t, &["123m 456m 789m 234p 567s 99s"], "", "");
    g.act(0, Action::SelfWin);
    let r = g.finish();
    // Decisions 7: 天胡 24 replaces 門清自摸 and 獨聽; 莊家 1 (the winner deals): 25 台.
    assert_eq!(fans(&r), vec!["莊家 1", "天胡 24"]);
    // Decisions 8–9: each other player pays 100 + 20 × 25 = 600.
    assert_eq!(payments(&r, None), vec![vec![1800, -600, -600, -600]]);
}

#[test]
fn taiwan_a_non_dealer_self_drawing_on_the_first_draw_is_di_hu() {
    let t = table("taiwan");
    let mut g = Game::new(&t, &["N", TW_SOUTH], "8s", "");
    g.discard(0, "N");
    g.pass();
    assert_eq!(g.turn(), Some(1));
    g.act(1, Action::SelfWin);
    let r = g.finish();
    // Decisions 7: 地胡 16 replaces 門清自摸 (平胡 needs a discard): 16 台.
    assert_eq!(fans(&r), vec!["地胡 16"]);
    // Decisions 8–9: W and N pay 100 + 20 × 16 = 420; E, the dealer, 100 + 20 × (16 + 1) = 440.
    assert_eq!(payments(&r, None), vec![vec![-440, 1280, -420, -420]]);
}

#[test]
fn taiwan_a_win_on_a_discard_in_the_first_go_around_is_ren_hu() {
    let t = table("taiwan");
    let mut g = Game::new(&t, &["8s", TW_SOUTH], "", "");
    g.discard(0, "8s");
    g.claim(1, Action::Win);
    let r = g.finish();
    // Decisions 7: 人胡 8 replaces 門清; 平胡 2 (five chows, suited pair, two-sided wait on a
    // discard): 10 台.
    assert_eq!(fans(&r), vec!["平胡 2", "人胡 8"]);
    // Decisions 8–9: the discarder alone pays, and being the dealer adds 莊家 1:
    // 100 + 20 × (10 + 1) = 320.
    assert_eq!(payments(&r, None), vec![vec![-320, 320, 0, 0]]);
}

#[test]
fn taiwan_a_self_draw_after_ones_first_discard_is_not_di_hu() {
    let t = table("taiwan");
    // South draws 1p first and throws it; everyone throws what they draw; South then draws 8s.
    let mut g = Game::new(&t, &["N", TW_SOUTH], "1p 9m 9p E 8s", "");
    g.discard(0, "N");
    g.pass();
    for seat in [1, 2, 3, 0] {
        g.discard_drawn(seat);
        g.pass();
    }
    assert_eq!(g.turn(), Some(1));
    g.act(1, Action::SelfWin);
    let r = g.finish();
    // Decisions 7: an ordinary concealed self-draw, 門清自摸 3; E pays 100 + 20 × 4 = 180, W and
    // N 160 each.
    assert_eq!(fans(&r), vec!["門清自摸 3"]);
    assert_eq!(payments(&r, None), vec![vec![-180, 500, -160, -160]]);
}

#[test]
fn taiwan_a_call_before_the_win_ends_the_first_go_around() {
    let t = table("taiwan");
    // West pongs East's first discard N (so South's first draw comes after North's and East's); South
    // then self-draws 8s on its first draw.
    let mut g = Game::new(&t, &["N", TW_SOUTH, "NN"], "9m 9p 8s", "");
    g.discard(0, "N");
    g.claim(2, Action::Pong);
    let d = g
        .legal(2)
        .into_iter()
        .find(|a| matches!(a, Action::Discard(_)))
        .expect("a discard");
    g.act(2, d);
    g.pass();
    g.discard_drawn(3);
    g.pass();
    g.discard_drawn(0);
    g.pass();
    assert_eq!(g.turn(), Some(1));
    g.act(1, Action::SelfWin);
    let r = g.finish();
    // Decisions 7: 地胡 needs "no call made before": 門清自摸 3 only.
    assert_eq!(fans(&r), vec!["門清自摸 3"]);
}

#[test]
fn hongkong_the_first_go_around_wins_are_limit_hands() {
    let t = table("hongkong");
    // Decisions 7: 天糊 is a limit hand, 10 番 (Decision 8) → M = 128 (Decision 9); Decision 10:
    // each other player pays one portion.
    let mut g = Game::new(&t, &["123m 456m 789m 234p 99s"], "", "");
    g.act(0, Action::SelfWin);
    let r = g.finish();
    assert_eq!(fans(&r), vec!["天糊 10"]);
    assert_eq!(payments(&r, None), vec![vec![384, -128, -128, -128]]);

    // 地糊: South self-draws on its first draw, 128 from each other player.
    let south = "123m 456m 789m 55s 67s";
    let mut g = Game::new(&t, &["N", south], "8s", "");
    g.discard(0, "N");
    g.pass();
    g.act(1, Action::SelfWin);
    let r = g.finish();
    assert_eq!(fans(&r), vec!["地糊 10"]);
    assert_eq!(payments(&r, None), vec![vec![-128, 384, -128, -128]]);

    // 人糊: South wins on East's first discard; 全銃, the discarder pays two portions, 256.
    let mut g = Game::new(&t, &["8s", south], "", "");
    g.discard(0, "8s");
    g.claim(1, Action::Win);
    let r = g.finish();
    assert_eq!(fans(&r), vec!["人糊 10"]);
    assert_eq!(payments(&r, None), vec![vec![-256, 256, 0, 0]]);
}
