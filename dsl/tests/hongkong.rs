//! 港式古典麻雀 (rulesets/hongkong): the spec's worked examples and a hand-worked case for every
//! 番, limit hand and settlement path. "spec" is shared/rules/hongkong.md; "Decision N" its
//! numbered Decisions, "Example N" the Nth row of its worked examples.
//!
//! Unless a hand says otherwise the winner sits East in an East round and won on a discard from
//! the left (from=1, North). Payments use the 半辣上 table of Decision 9:
//! M = 1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128 for 0 … 10 番.

mod common;

use common::scoring::{assert_win, fans, score};
use mj_dsl::{score_text, HandReport, Ruleset};

fn rs() -> &'static Ruleset {
    common::scoring::ruleset("hongkong")
}

#[track_caller]
fn wins(hand: &str, expected: &[(&str, i64, u32)], total: i64) -> HandReport {
    assert_win(rs(), hand, expected, total)
}

/// Payments as (E, S, W, N).
fn pays(r: &HandReport) -> (i64, i64, i64, i64) {
    let p = |s: &str| r.payments.get(s).unwrap_or(0);
    (p("E"), p("S"), p("W"), p("N"))
}

// ------------------------------------------------------------------ the worked examples

/// Example 1 (Decisions 7, 9, 10): 對對糊 3, 門風 1, 無花 1 = 5 番, M = 24; 全銃: N, opposite
/// of S, pays two portions.
#[test]
fn example_1_all_pongs_seat_wind() {
    let r = wins(
        "[SSS,1]111m999p33s77s7s seat=S from=2",
        &[("all_pongs", 3, 1), ("seat_wind", 1, 1), ("no_flowers", 1, 1)],
        5,
    );
    assert_eq!(pays(&r), (0, 48, 0, -48));
}

/// Example 2 (Decisions 1, 7, 9, 10): 混一色 3, 三元牌 1, 自摸 1, 正花 2 (1f and 5f are E's)
/// = 7 番, M = 48 from each.
#[test]
fn example_2_own_flowers() {
    let r = wins(
        "[CCC,3]123456789p1p1p self 15f seat=E",
        &[
            ("half_flush", 3, 1),
            ("self_drawn", 1, 1),
            ("dragon_pong", 1, 1),
            ("own_flower", 1, 2),
        ],
        7,
    );
    assert_eq!(pays(&r), (144, -48, -48, -48));
}

/// Example 3 (Decisions 7, 8, 9, 10): 清一色 7, 平糊 1, 門前清 1, 無花 1 = 10 番, the limit;
/// N (上家) pays 2 × 128.
#[test]
fn example_3_full_flush_reaches_the_limit() {
    let r = wins(
        "123456789s234s5s5s seat=E from=1",
        &[
            ("full_flush", 7, 1),
            ("all_chows", 1, 1),
            ("concealed", 1, 1),
            ("no_flowers", 1, 1),
        ],
        10,
    );
    assert_eq!(pays(&r), (256, 0, 0, -256));
}

/// Example 4 (Decisions 6, 7): 3f is W's flower, so no 正花 and no 無花: 雞糊 0, under 三番起糊.
#[test]
fn example_4_chicken_hand_is_under_the_minimum() {
    let r = score(rs(), "[123m,1][555p,2]789s234s9m9m 3f seat=E from=1");
    assert_eq!(fans(&r), [("chicken", 0, 1)]);
    assert_eq!(r.total, 0);
    assert!(!r.valid);
    let reason = r.reason.as_deref().unwrap_or_default();
    assert!(reason.contains("minimum is 3"), "{reason}");
    assert!(r.payments.is_empty());
}

// ------------------------------------------------------------------ 番 (Decision 7)

/// 混一色 3 (one suit plus honours); an E pong is neither S's seat nor the S round's wind.
#[test]
fn half_flush() {
    let r = wins(
        "[EEE,1]123m456m789m5m5m seat=S round=S from=1",
        &[("half_flush", 3, 1), ("no_flowers", 1, 1)],
        4,
    );
    // 4 番: M = 16; E is S's 上家 and pays 2 × 16.
    assert_eq!(pays(&r), (-32, 32, 0, 0));
}

/// 清一色 7 with 門前清 and 自摸 (which count together, Decision 7): 10 番, each pays 128.
#[test]
fn full_flush_self_drawn() {
    let r = wins(
        "111m234m567m888m9m9m self seat=W",
        &[
            ("full_flush", 7, 1),
            ("concealed", 1, 1),
            ("self_drawn", 1, 1),
            ("no_flowers", 1, 1),
        ],
        10,
    );
    assert_eq!(pays(&r), (-128, -128, 384, -128));
}

/// 混么九 4 replaces 對對糊; the E pong is the round wind. 6 番: M = 32; from=3 is N's 下家, E.
#[test]
fn mixed_terminals_replaces_all_pongs() {
    let r = wins(
        "[111m,1][999p,2]EEESSS9s9s seat=N from=3",
        &[
            ("mixed_terminals", 4, 1),
            ("round_wind", 1, 1),
            ("no_flowers", 1, 1),
        ],
        6,
    );
    assert_eq!(pays(&r), (-64, 0, 0, 64));
}

/// 三元牌 1 for each dragon pong: exactly the 3 番 minimum, M = 8.
#[test]
fn dragon_pongs_each_count() {
    let r = wins(
        "[CCC,1][FFF,2]123m456p5s5s from=1",
        &[("dragon_pong", 1, 2), ("no_flowers", 1, 1)],
        3,
    );
    assert_eq!(pays(&r), (16, 0, 0, -16));
}

/// 小三元 5, and its two pongs still count 三元牌; with 混一色 11 番, paid at the limit.
#[test]
fn small_three_dragons_keeps_dragon_pongs() {
    let r = wins(
        "[CCC,1][FFF,2]123mPP78m9m from=1",
        &[
            ("half_flush", 3, 1),
            ("dragon_pong", 1, 2),
            ("small_three_dragons", 5, 1),
            ("no_flowers", 1, 1),
        ],
        11,
    );
    assert_eq!(pays(&r), (256, 0, 0, -256), "payments use min(番, 10)");
}

/// 大三元 8 replaces 三元牌: 9 番, M = 96.
#[test]
fn big_three_dragons_replaces_dragon_pongs() {
    let r = wins(
        "[CCC,1][FFF,2]PPP123m5p5p from=1",
        &[("big_three_dragons", 8, 1), ("no_flowers", 1, 1)],
        9,
    );
    assert_eq!(pays(&r), (192, 0, 0, -192));
}

/// 小四喜 6; 門風 and 圈風 (E in the E round: both) still count.
#[test]
fn small_four_winds_keeps_wind_fans() {
    wins(
        "[EEE,1][SSS,2]WWWNN23p1p from=1",
        &[
            ("half_flush", 3, 1),
            ("seat_wind", 1, 1),
            ("round_wind", 1, 1),
            ("small_four_winds", 6, 1),
            ("no_flowers", 1, 1),
        ],
        12,
    );
}

/// 門風 and 圈風 both for E in the E round (Decision 7: "both, 2 番").
#[test]
fn east_in_east_round_is_two_fan() {
    let r = wins(
        "[EEE,1]123m456p789s5s5s from=1",
        &[("seat_wind", 1, 1), ("round_wind", 1, 1), ("no_flowers", 1, 1)],
        3,
    );
    assert_eq!(pays(&r), (16, 0, 0, -16));
}

/// 槓上開花 1 on a kong's replacement; a concealed kong keeps 門前清.
#[test]
fn win_on_kong_replacement() {
    let r = wins(
        "[1111m]234p567s789s8p8p self kong seat=S",
        &[
            ("concealed", 1, 1),
            ("self_drawn", 1, 1),
            ("kong_bloom", 1, 1),
            ("no_flowers", 1, 1),
        ],
        4,
    );
    assert_eq!(pays(&r), (-16, 48, -16, -16));
}

/// 槓上開花 also on a bonus tile's replacement (Decision 7); 3f is not S's, so no flower 番.
#[test]
fn win_on_bonus_replacement() {
    let r = wins(
        "123m234p567s789s8p8p self bonus_replacement 3f seat=S",
        &[
            ("all_chows", 1, 1),
            ("concealed", 1, 1),
            ("self_drawn", 1, 1),
            ("kong_bloom", 1, 1),
        ],
        4,
    );
    assert_eq!(pays(&r), (-16, 48, -16, -16));
}

/// 搶槓 1; the konger (from=2, W) pays as the discarder (Decision 10).
#[test]
fn robbing_a_kong_konger_pays() {
    let r = wins(
        "123m456p789s11s23s4s kong from=2",
        &[
            ("all_chows", 1, 1),
            ("concealed", 1, 1),
            ("robbing_kong", 1, 1),
            ("no_flowers", 1, 1),
        ],
        4,
    );
    assert_eq!(pays(&r), (32, 0, -32, 0));
}

/// 海底撈月 1: self-drawn the wall's last tile. 5 番, M = 24 each.
#[test]
fn last_tile_self_drawn() {
    let r = wins(
        "123m456p789s11s23s4s self last",
        &[
            ("all_chows", 1, 1),
            ("concealed", 1, 1),
            ("self_drawn", 1, 1),
            ("last_tile_draw", 1, 1),
            ("no_flowers", 1, 1),
        ],
        5,
    );
    assert_eq!(pays(&r), (72, -24, -24, -24));
}

/// 河底撈魚 1: won on the last discard.
#[test]
fn last_discard() {
    wins(
        "123m456p789s11s23s4s last from=1",
        &[
            ("all_chows", 1, 1),
            ("concealed", 1, 1),
            ("last_tile_discard", 1, 1),
            ("no_flowers", 1, 1),
        ],
        4,
    );
}

/// 坎坎糊 needs the pongs concealed: one completed by the winning discard is not (Decision 7),
/// so the hand is 對對糊 3, 門前清 1, 無花 1.
#[test]
fn pong_completed_by_discard_is_not_concealed() {
    wins(
        "111m333p555s77sEE7s from=1",
        &[("all_pongs", 3, 1), ("concealed", 1, 1), ("no_flowers", 1, 1)],
        5,
    );
}

// ------------------------------------------------------------------ flowers (Decisions 1, 7)

/// 一台花 2 replaces the 正花 of its set: 1f–4f is a set (2), 5f is E's own (1); with 平糊 and
/// 門前清, 5 番 on N's discard.
#[test]
fn flower_set_replaces_its_own_flower() {
    let r = wins(
        "123m456p789s11s23s4s 12345f from=1",
        &[
            ("all_chows", 1, 1),
            ("concealed", 1, 1),
            ("own_flower", 1, 1),
            ("flower_set", 2, 1),
        ],
        5,
    );
    assert_eq!(pays(&r), (48, 0, 0, -48));
    wins(
        "123m456p789s11s23s4s 12345678f self seat=W",
        &[
            ("all_chows", 1, 1),
            ("concealed", 1, 1),
            ("self_drawn", 1, 1),
            ("flower_set", 2, 2),
        ],
        7,
    );
}

/// A flower of another seat scores nothing (Decision 1: 3f is W's), and `flowers=N` is refused
/// (notation section: the seat of each bonus tile scores).
#[test]
fn only_own_seat_flowers_score() {
    wins(
        "123m456p789s11s23s4s 236f seat=S from=2",
        &[("all_chows", 1, 1), ("concealed", 1, 1), ("own_flower", 1, 2)],
        4,
    );
    assert!(score_text(rs(), "123m456p789s11s23s4s flowers=2 from=1").is_err());
}

// ------------------------------------------------------------------ limit hands (Decision 7)

/// Each limit hand is worth exactly the limit and listed alone; a discard win pays 2 × 128.
#[test]
fn limit_hands_replace_every_other_fan() {
    for (hand, id) in [
        ("[EEE,1][SSS,2][WWW,3]NNN5p5p from=1", "big_four_winds"),
        ("[CCC,1][FFF,2]EEESSSNN from=1", "all_honours"),
        ("[111m,1][999m,2]111p999s9p9p from=1", "all_terminals"),
        ("19m19p19sESWNCFP1m from=1", "thirteen_orphans"),
        ("[1111m][2222p,1][3333s,2][EEEE,3]5p5p from=1", "eighteen_arhats"),
        ("111m333p555s777sEE from=1", "all_concealed_pungs"),
        ("111m333p555s777sEE self", "all_concealed_pungs"),
        ("1112345678999m5m from=1", "nine_gates"),
    ] {
        let r = wins(hand, &[(id, 10, 1)], 10);
        let (e, _, _, n) = pays(&r);
        if hand.contains("self") {
            assert_eq!(pays(&r), (384, -128, -128, -128), "{hand}");
        } else {
            assert_eq!((e, n), (256, -256), "{hand}");
        }
    }
}

/// 天糊, 地糊 and 人糊 from the `first` word (notation: with `self` 天糊 for E, 地糊 otherwise;
/// on a discard 人糊).
#[test]
fn first_go_around_limits() {
    let r = wins("123m456m789p123s5s5s self first", &[("heavenly", 10, 1)], 10);
    assert_eq!(pays(&r), (384, -128, -128, -128));
    wins(
        "123m456m789p123s5s5s self first seat=S",
        &[("earthly", 10, 1)],
        10,
    );
    let r = wins(
        "123m456m789p123s5s5s first seat=S from=1",
        &[("human", 10, 1)],
        10,
    );
    assert_eq!(pays(&r), (-256, 256, 0, 0));
}

/// When several limit hands apply, the first in Decision 7's order is named: 字一色 before
/// 坎坎糊 and 大四喜 before both.
#[test]
fn first_limit_hand_in_order_is_named() {
    wins("EEESSSWWWNNNCC self", &[("big_four_winds", 10, 1)], 10);
    wins("EEESSSWWWCCCFF self", &[("all_honours", 10, 1)], 10);
    wins("19m19p19sESWNCFP1m self first", &[("heavenly", 10, 1)], 10);
}

// ------------------------------------------------------------------ 包自摸 (Decision 11)

/// Four exposed melds, the fourth (EEE) claimed from 上家 N: N pays all three portions of the
/// self-draw. 自摸 1, 門風 1, 圈風 1, 無花 1 = 4 番, M = 16.
#[test]
fn twelve_tile_liability_from_the_last_meld() {
    let r = wins(
        "[123m,1][456p,2][789s,3][EEE,1]5s5s self",
        &[
            ("self_drawn", 1, 1),
            ("seat_wind", 1, 1),
            ("round_wind", 1, 1),
            ("no_flowers", 1, 1),
        ],
        4,
    );
    assert_eq!(pays(&r), (48, 0, 0, -48));
}

/// `bao=K` names the liable player (notation section): bao=2 is W for E.
#[test]
fn bao_word_names_the_liable_player() {
    let r = score(rs(), "[123m,1][456p,2][789s,3][EEE,1]5s5s self bao=2");
    assert_eq!(pays(&r), (48, 0, -48, 0));
}

/// A discard win by the same player is paid normally (Decision 11): 3 番, the discarder 2 × 8.
#[test]
fn liability_only_for_self_draw() {
    let r = score(rs(), "[123m,1][456p,2][789s,3][EEE,1]5s5s from=2");
    assert_eq!(pays(&r), (16, 0, -16, 0));
}

/// `bao=K` without `self` is an error, and so is a K that names no seat.
#[test]
fn bao_word_errors() {
    let e = score_text(rs(), "[123m,1][456p,2][789s,3][EEE,1]5s5s bao=2").expect_err("no self");
    assert!(e.contains("self"), "{e}");
    let e = score_text(rs(), "[123m,1][456p,2][789s,3][EEE,1]5s5s self bao=4").expect_err("no seat");
    assert!(e.contains("bao=1"), "{e}");
}

/// Decision 11 makes a player liable only for a hand with four exposed melds (十二張落地): with
/// three, or with a concealed kong for the fourth, `bao=K` names a player no rule makes liable,
/// and charging that player alone would be a silent wrong answer. With 包自摸 turned off
/// (`bao_12=false`) only 包大牌 (`bao_big=true`) can make one liable.
#[test]
fn bao_word_needs_a_liability_that_covers_the_hand() {
    let three = "[123m,1][456p,2][789s,3]EEE5s5s self bao=2";
    let kong = "[123m,1][456p,2][789s,3][EEEE]5s5s self bao=2";
    for (ruleset, hand) in [
        ("hongkong", three),
        ("hongkong", kong),
        (
            "hongkong[bao_12=false]",
            "[123m,1][456p,2][789s,3][EEE,1]5s5s self bao=2",
        ),
        ("hongkong[bao_big=true]", three),
    ] {
        let e = score_text(common::scoring::ruleset(ruleset), hand).expect_err(hand);
        assert!(
            e.contains("no liability of ruleset") && e.contains("drop `bao=`"),
            "{ruleset} {hand}: {e}"
        );
    }
    let e = score_text(rs(), three).expect_err(three);
    assert!(e.contains("4 exposed melds"), "{e}");
    // 大三元 with every dragon pung declared: 包大牌 covers it, and the last pung came from S
    // (下家 of E), which pays it all, as bao=3 says; bao=2 (W) contradicts the melds.
    let big = common::scoring::ruleset("hongkong[bao_big=true,bao_12=false]");
    let r = score(big, "[CCC,1][FFF,2][PPP,3]123m5p5p self bao=3");
    assert_eq!((pays(&r).1, pays(&r).2), (-pays(&r).0, 0));
    let e = score_text(big, "[CCC,1][FFF,2][PPP,3]123m5p5p self bao=2").expect_err("bao=2");
    assert!(e.contains("write bao=3"), "{e}");
}

// ------------------------------------------------------------------ table and penalty

/// Decision 9: the 半辣上 table, M(番) for 0 … 10, and min(番, 10) beyond.
#[test]
fn half_spicy_table() {
    let t = rs().settlement.fan_table.as_ref().expect("a fan table");
    let m: Vec<i64> = (0..=12).map(|n| t.portion(n)).collect();
    assert_eq!(m, [1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 128, 128]);
}

/// Decision 12: 詐糊 costs each other player 3 × M(10) = 384.
#[test]
fn false_win_penalty() {
    let p = rs()
        .settlement
        .penalties
        .iter()
        .find(|p| p.id == "false_win")
        .expect("詐糊");
    assert_eq!((p.zh.as_str(), p.fixed(), p.ends_hand), ("詐糊", Some(384), true));
}

/// Decision 5: no seven pairs by default — such a line is not a complete hand.
#[test]
fn no_seven_pairs_by_default() {
    assert!(score_text(rs(), "1122m3344p5566sEE from=1").is_err());
}
