//! hongkong's Options (shared/rules/hongkong.md, "Options") as named settings: one test per value
//! other than the default, each a hand (or a table rule) that the value changes, checked against
//! the default first. Payments use Decision 9's M(番) unless the test says otherwise.

mod common;

use common::scoring::{fans, score};
use mj_dsl::{load, score_text, HandReport, Ruleset};

/// Names here choose settings, built at run time, so each is loaded afresh.
fn rs(name: &str) -> Ruleset {
    load(name).unwrap_or_else(|d| panic!("{name}: {d}"))
}

/// Payments as (E, S, W, N).
fn pays(r: &HandReport) -> (i64, i64, i64, i64) {
    let p = |s: &str| r.payments.get(s).unwrap_or(0);
    (p("E"), p("S"), p("W"), p("N"))
}

/// 清一色 7, 平糊 1, 門前清 1, 無花 1 = 10 番 on N's discard (the spec's Example 3).
const TEN: &str = "123456789s234s5s5s from=1";
/// 混一色 3, 三元牌 2, 小三元 5, 無花 1 = 11 番 on N's discard.
const ELEVEN: &str = "[CCC,1][FFF,2]123mPP78m9m from=1";
/// 九蓮寶燈, a limit hand, on N's discard.
const NINE_GATES: &str = "1112345678999m5m from=1";
/// 對對糊 3, 門風 1, 無花 1 = 5 番, S wins on N's discard (Example 1).
const FIVE: &str = "[SSS,1]111m999p33s77s7s seat=S from=2";

#[test]
fn every_value_loads() {
    let base = rs("hongkong");
    for s in &base.settings {
        for v in &s.values {
            rs(&format!("hongkong[{}={v}]", s.id));
        }
    }
    assert_eq!(base.settings.len(), 17);
}

/// limit=8: payments stop at M(8) = 64 and a limit hand is worth 8; 詐糊 3 × 64.
#[test]
fn limit_8() {
    let r8 = rs("hongkong[limit=8]");
    assert_eq!(pays(&score(&rs("hongkong"), TEN)), (256, 0, 0, -256));
    assert_eq!(pays(&score(&r8, TEN)), (128, 0, 0, -128));
    let g = score(&r8, NINE_GATES);
    assert_eq!((fans(&g), g.total), (vec![("nine_gates", 8, 1)], 8));
    assert_eq!(r8.settlement.penalties[0].fixed(), Some(192));
}

/// limit=13: the table goes on by half-steps (11 → 192, 13 → 384) and a limit hand is 13.
#[test]
fn limit_13() {
    let r13 = rs("hongkong[limit=13]");
    assert_eq!(pays(&score(&rs("hongkong"), ELEVEN)), (256, 0, 0, -256));
    assert_eq!(pays(&score(&r13, ELEVEN)), (384, 0, 0, -384));
    let g = score(&r13, NINE_GATES);
    assert_eq!((fans(&g), g.total), (vec![("nine_gates", 13, 1)], 13));
    assert_eq!(pays(&g), (768, 0, 0, -768));
    assert_eq!(r13.settlement.penalties[0].fixed(), Some(1152));
}

/// table=spicy (辣辣上): doubling all the way, so 5 番 is 32, not 24.
#[test]
fn table_spicy() {
    assert_eq!(pays(&score(&rs("hongkong"), FIVE)), (0, 48, 0, -48));
    assert_eq!(pays(&score(&rs("hongkong[table=spicy]"), FIVE)), (0, 64, 0, -64));
    // The limit still applies: 11 番 pays M(10) = 1024.
    assert_eq!(
        pays(&score(&rs("hongkong[table=spicy]"), ELEVEN)),
        (2048, 0, 0, -2048)
    );
}

/// min_fan=0 and 1: Example 4's 雞糊 (0 番) wins with no minimum, M(0) = 1; a 1 番 hand wins
/// with a minimum of 1 and not under the default.
#[test]
fn min_fan_0_and_1() {
    let chicken = "[123m,1][555p,2]789s234s9m9m 3f from=1";
    let one = "[123m,1][555p,2]789s234s9m9m from=1";
    assert!(!score(&rs("hongkong"), one).valid);
    let r = score(&rs("hongkong[min_fan=0]"), chicken);
    assert!(r.valid);
    assert_eq!(pays(&r), (2, 0, 0, -2));
    assert!(!score(&rs("hongkong[min_fan=1]"), chicken).valid);
    let r = score(&rs("hongkong[min_fan=1]"), one);
    assert_eq!((r.valid, pays(&r)), (true, (4, 0, 0, -4)));
}

/// discard_pay=half (半銃): the discarder one portion, each other player half of one.
#[test]
fn discard_pay_half() {
    let r = score(&rs("hongkong[discard_pay=half]"), FIVE);
    assert_eq!(pays(&r), (-12, 48, -12, -24));
}

/// bao_12=false: four exposed melds make nobody liable; each pays one portion.
#[test]
fn bao_12_false() {
    let hand = "[123m,1][456p,2][789s,3][EEE,1]5s5s self";
    assert_eq!(pays(&score(&rs("hongkong"), hand)), (48, 0, 0, -48));
    assert_eq!(
        pays(&score(&rs("hongkong[bao_12=false]"), hand)),
        (48, -16, -16, -16)
    );
}

/// bao_big=true (Options): the feeder of the last dragon pong of 大三元 (or the last wind pong of
/// 大四喜) pays the whole hand, self-drawn or on a discard; melds are written in the order made.
#[test]
fn bao_big_true() {
    let (off, on) = (rs("hongkong"), rs("hongkong[bao_big=true]"));
    // 大三元 8, 自摸 1, 無花 1 = 10, the limit, M = 128; PPP, the last, came from 下家 S.
    let selfdrawn = "[CCC,1][FFF,2][PPP,3]123m5s5s self";
    assert_eq!(pays(&score(&off, selfdrawn)), (384, -128, -128, -128));
    assert_eq!(pays(&score(&on, selfdrawn)), (384, -384, 0, 0));
    // On N's discard: 大三元 8, 無花 1 = 9, M = 96, 全銃 2 portions, paid by S instead of N.
    let discard = "[CCC,1][FFF,2][PPP,3]123m5s5s from=1";
    assert_eq!(pays(&score(&off, discard)), (192, 0, 0, -192));
    assert_eq!(pays(&score(&on, discard)), (192, -192, 0, 0));
    // 大四喜 (limit) on N's discard; NNN, the last wind pong, came from 對家 W.
    let winds = "[EEE,1][SSS,2][WWW,3][NNN,2]5s5s from=1";
    assert_eq!(pays(&score(&off, winds)), (256, 0, 0, -256));
    assert_eq!(pays(&score(&on, winds)), (256, 0, -256, 0));
    // The third dragon pong concealed: not every pong of the group was declared, nobody is liable.
    let hidden = "[CCC,1][FFF,2]PPP123m5s5s self";
    assert_eq!(pays(&score(&on, hidden)), pays(&score(&off, hidden)));
    assert_eq!(pays(&score(&on, hidden)), (384, -128, -128, -128));
}

/// multi_win=all (一炮多響): every claimant of a discard wins, not only the first.
#[test]
fn multi_win_all() {
    assert_eq!(rs("hongkong").play.multiple_winners, "first");
    assert_eq!(rs("hongkong[multi_win=all]").play.multiple_winners, "all");
}

/// seven_pairs=true: 七對 4, concealed, is a win form.
#[test]
fn seven_pairs_true() {
    let hand = "1122m3344p5566sEE from=1";
    assert!(score_text(&rs("hongkong"), hand).is_err());
    let r = score(&rs("hongkong[seven_pairs=true]"), hand);
    assert_eq!(
        fans(&r),
        [("concealed", 1, 1), ("no_flowers", 1, 1), ("seven_pairs", 4, 1)]
    );
    assert_eq!(r.total, 6);
}

/// flowers_break_concealed=true: a bonus tile (3f, not E's) cancels 門前清.
#[test]
fn flowers_break_concealed_true() {
    let hand = "123456789s234s5s5s 3f from=1";
    assert_eq!(score(&rs("hongkong"), hand).total, 9);
    let r = score(&rs("hongkong[flowers_break_concealed=true]"), hand);
    assert_eq!(fans(&r), [("full_flush", 7, 1), ("all_chows", 1, 1)]);
}

/// pinghu_no_flowers=true: 平糊 only with no bonus tile.
#[test]
fn pinghu_no_flowers_true() {
    let hand = "123456789s234s5s5s 3f from=1";
    let r = score(&rs("hongkong[pinghu_no_flowers=true]"), hand);
    assert_eq!(fans(&r), [("full_flush", 7, 1), ("concealed", 1, 1)]);
}

/// reserve_tiles=16: sixteen tiles at the wall's end are never drawn.
#[test]
fn reserve_tiles_16() {
    assert_eq!(rs("hongkong").wall.kept_back, 0);
    assert_eq!(rs("hongkong[reserve_tiles=16]").wall.kept_back, 16);
}

/// kan_kan_hu=8: four concealed pongs is 8 番 and adds to the other 番.
#[test]
fn kan_kan_hu_8() {
    let hand = "111m333p555s777sEE self";
    let r = score(&rs("hongkong[kan_kan_hu=8]"), hand);
    assert_eq!(
        fans(&r),
        [
            ("all_concealed_pungs", 8, 1),
            ("all_pongs", 3, 1),
            ("concealed", 1, 1),
            ("self_drawn", 1, 1),
            ("no_flowers", 1, 1)
        ]
    );
    assert_eq!(r.total, 14);
}

/// ren_hu=none: a first-go-around discard win is no fan; the hand is then 2 番, under 3.
#[test]
fn ren_hu_none() {
    let hand = "123m456m789p123s5s5s first seat=S from=1";
    assert_eq!(fans(&score(&rs("hongkong"), hand)), [("human", 10, 1)]);
    let r = score(&rs("hongkong[ren_hu=none]"), hand);
    assert_eq!(
        fans(&r),
        [("all_chows", 1, 1), ("concealed", 1, 1), ("no_flowers", 1, 1)]
    );
}

/// hunyao=adds: 混么九 4 on top of 對對糊 3.
#[test]
fn hunyao_adds() {
    let hand = "[111m,1][999p,2]EEESSS9s9s seat=N from=3";
    assert_eq!(score(&rs("hongkong"), hand).total, 6);
    let r = score(&rs("hongkong[hunyao=adds]"), hand);
    assert_eq!(
        fans(&r),
        [
            ("mixed_terminals", 4, 1),
            ("all_pongs", 3, 1),
            ("round_wind", 1, 1),
            ("no_flowers", 1, 1)
        ]
    );
}

/// draw_keeps_deal=false: a drawn hand passes the deal.
#[test]
fn draw_keeps_deal_false() {
    assert_eq!(rs("hongkong").play.dealer_after_draw.as_deref(), Some("stay"));
    assert_eq!(
        rs("hongkong[draw_keeps_deal=false]")
            .play
            .dealer_after_draw
            .as_deref(),
        Some("pass")
    );
}

/// seven_flowers=true: the eight bonus tiles without `self` are 七搶一, 3 番 (M = 8), paid by the
/// robbed player (from=K) as a discarder pays, 2 × 8 (Decision 10, 全銃); by default such a line
/// is refused and only 花糊 (with `self`) is a bonus-tile win. Play: dsl/tests/engine_bonus_win.rs.
#[test]
fn seven_flowers_true() {
    let robbed = "12345678f seat=S from=2";
    let e = score_text(&rs("hongkong"), robbed).expect_err("no 七搶一 by default");
    assert!(e.contains("self-drawn"), "{e}");
    let r = score(&rs("hongkong[seven_flowers=true]"), robbed);
    assert_eq!((fans(&r), r.total), (vec![("seven_robbing_one", 3, 1)], 3));
    // S's 對家 is N.
    assert_eq!(pays(&r), (0, 16, 0, -16));
    // 花糊 is unchanged by the setting: 8 番, 64 from each.
    let r = score(&rs("hongkong[seven_flowers=true]"), "12345678f self seat=S");
    assert_eq!(
        (fans(&r), pays(&r)),
        (vec![("flower_hand", 8, 1)], (-64, 192, -64, -64))
    );
}
