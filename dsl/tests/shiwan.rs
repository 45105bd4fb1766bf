//! 十万麻将 (rulesets/shiwan): hand-worked examples for every fan of the proposed fan table, the
//! rank-ten tiles (8-9-10 chows, edge waits on 3 and on 8, pungs of 10 as terminals, 清龙 on
//! 2–10), the 5-point minimum, seven pairs and the settlement. "spec" is shared/rules/shiwan.md:
//! "§7 row X" is the row of the proposed fan table (section 7) that a test works through, and
//! "Decisions N" the numbered decision at its end.
//!
//! Unless a hand says otherwise the winner sits East in an East round (so an East pung is both
//! seat and prevalent wind) and won on a discard from the left (from=1, North).

mod common;

use common::scoring::{assert_win, fans};
use mj_dsl::{HandReport, Ruleset};

fn rs() -> &'static Ruleset {
    common::scoring::ruleset("shiwan")
}

fn score(hand: &str) -> HandReport {
    common::scoring::score(rs(), hand)
}

/// Asserts the fans and the total of a legal win (5 points or more).
#[track_caller]
fn wins(hand: &str, expected: &[(&str, i64, u32)], total: i64) -> HandReport {
    assert_win(rs(), hand, expected, total)
}

/// Asserts a complete hand that stays under the 5-point minimum (spec §5, Decisions 4).
#[track_caller]
fn under_minimum(hand: &str, expected: &[(&str, i64, u32)], total: i64) {
    let r = score(hand);
    assert_eq!(fans(&r), expected, "{hand}");
    assert_eq!(r.total, total, "{hand}");
    assert!(!r.valid, "{hand} should be under the minimum");
    let reason = r.reason.as_deref().unwrap_or_default();
    assert!(reason.contains("minimum is 5"), "{hand}: {reason}");
    assert!(r.payments.is_empty(), "{hand}: no payments for an illegal win");
}

/// Payments as (E, S, W, N).
fn pays(r: &HandReport) -> (i64, i64, i64, i64) {
    let p = |s: &str| r.payments.get(s).unwrap_or(0);
    (p("E"), p("S"), p("W"), p("N"))
}

// ------------------------------------------------------------------ the ruleset itself

#[test]
fn loads_with_the_proposed_table() {
    let rs = rs();
    assert_eq!(
        rs.tiles.total_tiles(),
        136,
        "Decisions 1: 120 suited tiles and 16 winds"
    );
    assert_eq!(rs.min_points, 5, "Decisions 4");
    let value = |id: &str| rs.fans[rs.fan_index(id).unwrap()].value;
    // Spec §7, row by row.
    for (id, v) in [
        ("zi_mo", 1),
        ("bian_zhang", 1),
        ("kan_zhang", 1),
        ("dan_diao_jiang", 1),
        ("yao_tou_ke", 1),
        ("ming_gang", 1),
        ("wu_zi", 1),
        ("que_yi_men", 1),
        ("duan_yao", 2),
        ("ping_hu", 2),
        ("men_qian_qing", 2),
        ("an_gang", 2),
        ("men_feng_ke", 2),
        ("quan_feng_ke", 2),
        ("shuang_an_ke", 2),
        ("bu_qiu_ren", 4),
        ("peng_peng_hu", 6),
        ("hun_yi_se", 6),
        ("quan_qiu_ren", 6),
        ("gang_shang_kai_hua", 8),
        ("qiang_gang_he", 8),
        ("hai_di_lao_yue", 8),
        ("miao_shou_hui_chun", 8),
        ("qing_long", 16),
        ("san_feng_ke", 12),
        ("san_an_ke", 16),
        ("qi_dui", 24),
        ("qing_yi_se", 24),
        ("xiao_si_xi", 64),
        ("da_si_xi", 88),
        ("si_an_ke", 64),
    ] {
        assert_eq!(value(id), v, "{id}");
    }
    assert_eq!(rs.fans.len(), 31, "every fan of §7 and no other");
}

// ------------------------------------------------------------------ rank ten (spec §2)

#[test]
fn eight_nine_ten_is_a_chow() {
    // Spec §2 / Decisions 2: 8-9-10 is a chow ("八九不离十"). 890m 456p 789s EEE 11p, won on E
    // (a pung wait beside the 11p pair, so no single-wait fan): §7 rows 门前清, 门风刻, 圈风刻.
    wins(
        "890m456p789s11pEEE",
        &[
            ("men_qian_qing", 2, 1),
            ("men_feng_ke", 2, 1),
            ("quan_feng_ke", 2, 1),
        ],
        6,
    );
}

#[test]
fn no_wrap_around_chows() {
    // Decisions 2: 9-10-1 is not a chow, so this is no win at all.
    let e = mj_dsl::score_text(rs(), "901m234p567s99sEEE").unwrap_err();
    assert!(e.contains("not a win"), "{e}");
}

#[test]
fn a_declared_chow_is_refused_in_a_game_without_chi() {
    // Decisions 3: pong and kong only, no chi, so a hand cannot show a chow claimed on a discard.
    let e = mj_dsl::score_text(rs(), "[456p]890m789s11pEEE").unwrap_err();
    assert!(
        e.contains("a declared chow cannot happen in ruleset shiwan"),
        "{e}"
    );
    assert!(e.contains("pong"), "the message lists the claims there are: {e}");
    // The same tiles with a declared pung instead are a legal hand.
    assert!(mj_dsl::score_text(rs(), "[555p]890m789s11pEEE").is_ok());
}

#[test]
fn a_shiwan_win_that_mcr_cannot_even_read() {
    // Spec §1: rank ten exists only here. A 不求人 + 平和 hand with an 8-9-10 chow (row 不求人 4,
    // row 平和 2; the 10s keep it from 断幺) ...
    let line = "234m567p890s45s99s3s self";
    let r = wins(line, &[("bu_qiu_ren", 4, 1), ("ping_hu", 2, 1)], 6);
    assert_eq!(pays(&r), (18, -6, -6, -6));
    // ... is an error under mcr, which names the tile and rank ten (shared/notation.md, Errors).
    let mcr = mj_dsl::load("mcr").unwrap_or_else(|d| panic!("mcr does not load:\n{d}"));
    let e = mj_dsl::score_text(&mcr, line).unwrap_err();
    assert!(
        e.contains("'0s'") && e.contains("rank ten") && e.contains("mcr"),
        "{e}"
    );
}

#[test]
fn bian_zhang_edge_wait_on_3() {
    // §7 row 边张 (1): 1-2 waiting on 3 is the only wait. Concealed and self-drawn: 不求人 4;
    // the S pung is 幺头刻 (not the seat or round wind); no 条: 缺一门 1.
    wins(
        "SSS456p789p99m12m3m self",
        &[
            ("bu_qiu_ren", 4, 1),
            ("yao_tou_ke", 1, 1),
            ("que_yi_men", 1, 1),
            ("bian_zhang", 1, 1),
        ],
        7,
    );
}

#[test]
fn bian_zhang_edge_wait_on_8() {
    // §7 row 边张 / spec §2: 9-10 waiting on 8 is an edge wait (there is no rank 11).
    wins(
        "SSS456p789p22m90m8m self",
        &[
            ("bu_qiu_ren", 4, 1),
            ("yao_tou_ke", 1, 1),
            ("que_yi_men", 1, 1),
            ("bian_zhang", 1, 1),
        ],
        7,
    );
    // 8-9 is no edge here: it waits on 7 and on 10, so no wait fan (it would be 边张 in mcr).
    wins(
        "SSS456p123p22m89m7m self",
        &[("bu_qiu_ren", 4, 1), ("yao_tou_ke", 1, 1), ("que_yi_men", 1, 1)],
        6,
    );
    // 234m 456m 678m 999m + 10m waits on 10 (pair) and on 8 (99 pair, 8-9-10): no wait fan.
    wins(
        "234m456m678m999m00m",
        &[("qing_yi_se", 24, 1), ("men_qian_qing", 2, 1)],
        26,
    );
}

#[test]
fn kan_zhang_closed_wait() {
    // §7 row 坎张 (1): 7-9 waiting on 8, the only wait.
    wins(
        "SSS456p123p22m79m8m self",
        &[
            ("bu_qiu_ren", 4, 1),
            ("yao_tou_ke", 1, 1),
            ("que_yi_men", 1, 1),
            ("kan_zhang", 1, 1),
        ],
        7,
    );
}

#[test]
fn yao_tou_ke_pungs_of_1_and_10() {
    // §7 row 幺头刻 (1 each) with spec §1: terminals are 1 and 10. Pungs of 10m and 1p, both
    // concealed: 双暗刻 2; self-drawn and concealed: 不求人 4; no winds: 无字 1.
    wins(
        "000m111p234s45s99s3s self",
        &[
            ("bu_qiu_ren", 4, 1),
            ("shuang_an_ke", 2, 1),
            ("yao_tou_ke", 1, 2),
            ("wu_zi", 1, 1),
        ],
        9,
    );
    // 9 is an ordinary tile (spec §1): a pung of 9m is no 幺头刻, and the hand is all
    // simples (row 断幺 2): 2 points, under the minimum.
    under_minimum("[999m]234p567s88s45s6s", &[("duan_yao", 2, 1)], 2);
}

#[test]
fn qing_long_on_2_to_10() {
    // §7 row 清龙 (16): "1–9 or 2–10". 234m 567m 890m; 平和 2, 门前清 2, 缺一门 1.
    wins(
        "234m567m890m55p34p2p",
        &[
            ("qing_long", 16, 1),
            ("ping_hu", 2, 1),
            ("men_qian_qing", 2, 1),
            ("que_yi_men", 1, 1),
        ],
        21,
    );
    // And 1–9 in the same ten-rank suit.
    wins(
        "123m456m789m55p34p2p",
        &[
            ("qing_long", 16, 1),
            ("ping_hu", 2, 1),
            ("men_qian_qing", 2, 1),
            ("que_yi_men", 1, 1),
        ],
        21,
    );
}

// ------------------------------------------------------------------ the big fans

#[test]
fn da_si_xi_big_four_winds() {
    // §7 row 大四喜 (88): excludes 碰碰和, 三风刻 and the wind-pung fans (门风刻, 圈风刻, 幺头刻).
    // S W N concealed: 三暗刻 16; 1m only: 混一色 6; single wait on 1m: 单钓将 1.
    wins(
        "[EEE]SSSWWWNNN1m1m",
        &[
            ("da_si_xi", 88, 1),
            ("san_an_ke", 16, 1),
            ("hun_yi_se", 6, 1),
            ("dan_diao_jiang", 1, 1),
        ],
        111,
    );
}

#[test]
fn xiao_si_xi_little_four_winds() {
    // §7 row 小四喜 (64): excludes 三风刻 only. The E pung is seat and prevalent wind (2 + 2);
    // S and W are 幺头刻 (1 each) and concealed (双暗刻 2); 混一色 6; single wait on N.
    wins(
        "[EEE]SSSWWW234pNN",
        &[
            ("xiao_si_xi", 64, 1),
            ("hun_yi_se", 6, 1),
            ("men_feng_ke", 2, 1),
            ("quan_feng_ke", 2, 1),
            ("shuang_an_ke", 2, 1),
            ("yao_tou_ke", 1, 2),
            ("dan_diao_jiang", 1, 1),
        ],
        79,
    );
}

#[test]
fn si_an_ke_four_concealed_pungs() {
    // §7 row 四暗刻 (64): excludes 碰碰和, 门前清, 三暗刻. Self-drawn: 不求人 4; 1m is a terminal
    // (幺头刻 1), 9m is not; 无字 1. 7s also wins (555s + 567s... 55 + 567), so no 单钓将.
    let r = wins(
        "111m333p555s999m7s7s self",
        &[
            ("si_an_ke", 64, 1),
            ("bu_qiu_ren", 4, 1),
            ("yao_tou_ke", 1, 1),
            ("wu_zi", 1, 1),
        ],
        70,
    );
    assert_eq!(pays(&r), (210, -70, -70, -70));
}

#[test]
fn san_an_ke_three_concealed_pungs() {
    // §7 row 三暗刻 (16): excludes 双暗刻. The 10s can only be the pair: 单钓将 1.
    wins(
        "222m444p666s345s0s0s",
        &[
            ("san_an_ke", 16, 1),
            ("men_qian_qing", 2, 1),
            ("wu_zi", 1, 1),
            ("dan_diao_jiang", 1, 1),
        ],
        20,
    );
}

#[test]
fn san_feng_ke_three_winds() {
    // §7 row 三风刻 (12): S, W, N are none of the seat or round wind, so each is also 幺头刻.
    wins(
        "[SSS][WWW]NNN234m5p5p",
        &[
            ("san_feng_ke", 12, 1),
            ("yao_tou_ke", 1, 3),
            ("que_yi_men", 1, 1),
            ("dan_diao_jiang", 1, 1),
        ],
        17,
    );
}

#[test]
fn qing_yi_se_full_flush() {
    // §7 row 清一色 (24): excludes 无字 and 缺一门. 8-9 waits on 7 and 10: no wait fan.
    wins("[222p][444p]567p00p89p7p", &[("qing_yi_se", 24, 1)], 24);
}

#[test]
fn hun_yi_se_half_flush() {
    // §7 row 混一色 (6): excludes 缺一门. 78m waits on 6m and 9m (two-sided).
    wins(
        "[WWW]123m456m99m78m6m",
        &[("hun_yi_se", 6, 1), ("yao_tou_ke", 1, 1)],
        7,
    );
}

#[test]
fn peng_peng_hu_all_pungs() {
    // §7 row 碰碰和 (6): 444p and 666s concealed (双暗刻 2), S 幺头刻 1, single wait on 10s.
    wins(
        "[SSS][222m]444p666s0s0s",
        &[
            ("peng_peng_hu", 6, 1),
            ("shuang_an_ke", 2, 1),
            ("yao_tou_ke", 1, 1),
            ("dan_diao_jiang", 1, 1),
        ],
        10,
    );
}

#[test]
fn quan_qiu_ren_melded_hand() {
    // §7 row 全求人 (6): four exposed melds, won on a discard; excludes 单钓将. All pungs: 碰碰和
    // 6; the kong of 6s: 明杠 1.
    wins(
        "[SSS][222m,2][444p,3][6666s,1]0s0s",
        &[
            ("peng_peng_hu", 6, 1),
            ("quan_qiu_ren", 6, 1),
            ("yao_tou_ke", 1, 1),
            ("ming_gang", 1, 1),
        ],
        14,
    );
    // Self-drawn it is not 全求人 (the row says "won on a discard"): 碰碰和 6 + 幺头刻 1 + 明杠 1
    // + 单钓将 1 + 自摸 1.
    wins(
        "[SSS][222m,2][444p,3][6666s,1]0s0s self",
        &[
            ("peng_peng_hu", 6, 1),
            ("yao_tou_ke", 1, 1),
            ("ming_gang", 1, 1),
            ("dan_diao_jiang", 1, 1),
            ("zi_mo", 1, 1),
        ],
        10,
    );
}

// ------------------------------------------------------------------ how the hand was won

#[test]
fn gang_shang_kai_hua_replacement_tile() {
    // §7 row 杠上开花 (8): excludes 自摸. A concealed kong of 1m (暗杠 2, 幺头刻 1), concealed
    // and self-drawn (不求人 4), no winds (无字 1). 5s and 8s both win, so no 单钓将.
    let r = wins(
        "[1111m]234p567s890s5s5s self kong",
        &[
            ("gang_shang_kai_hua", 8, 1),
            ("bu_qiu_ren", 4, 1),
            ("an_gang", 2, 1),
            ("yao_tou_ke", 1, 1),
            ("wu_zi", 1, 1),
        ],
        16,
    );
    // Decisions 6: after one's own kong, an ordinary self-draw: three shares.
    assert_eq!(pays(&r), (48, -16, -16, -16));
}

#[test]
fn qiang_gang_he_robbing_the_kong() {
    // §7 row 抢杠和 (8). The winner holds no other 3s. Decisions 6: "robbing a kong is scored
    // as self-drawn and the konger pays all three shares" (seed §6(3)④ "作自摸和（3份分数全部由
    // 杠牌者承担）"): the self-draw fans count (自摸 1) and the konger pays 3P.
    let r = wins(
        "[SSS]234m567p45s99s3s kong",
        &[("qiang_gang_he", 8, 1), ("yao_tou_ke", 1, 1), ("zi_mo", 1, 1)],
        10,
    );
    assert_eq!(pays(&r), (30, 0, 0, -30), "konger on the left (from=1)");
    let r = score("[SSS]234m567p45s99s3s kong from=2");
    assert_eq!(pays(&r), (30, 0, -30, 0), "konger opposite");
    let r = score("[SSS]234m567p45s99s3s kong from=3");
    assert_eq!(pays(&r), (30, -30, 0, 0), "konger on the right");
    // A concealed hand robbing a kong is a concealed self-draw: 不求人 (which excludes 门前清
    // and 自摸), not 门前清.
    let r = wins(
        "234m567p890s45s99s3s kong",
        &[("qiang_gang_he", 8, 1), ("bu_qiu_ren", 4, 1), ("ping_hu", 2, 1)],
        14,
    );
    assert_eq!(pays(&r), (42, 0, 0, -42));
}

#[test]
fn hai_di_lao_yue_and_miao_shou_hui_chun() {
    // §7 rows 海底捞月 and 妙手回春 (8 each); 妙手回春 excludes 自摸.
    wins(
        "[SSS]234m567p45s99s3s last",
        &[("hai_di_lao_yue", 8, 1), ("yao_tou_ke", 1, 1)],
        9,
    );
    let r = wins(
        "[SSS]234m567p45s99s3s self last",
        &[("miao_shou_hui_chun", 8, 1), ("yao_tou_ke", 1, 1)],
        9,
    );
    assert_eq!(pays(&r), (27, -9, -9, -9));
}

#[test]
fn bu_qiu_ren_and_men_qian_qing() {
    // §7 row 不求人 (4, excludes 门前清 and 自摸) and row 门前清 (2, concealed, on a discard);
    // row 断幺 (2) and row 平和 (2, both excluding 无字).
    wins(
        "234m567p678s45s99s3s self",
        &[("bu_qiu_ren", 4, 1), ("duan_yao", 2, 1), ("ping_hu", 2, 1)],
        8,
    );
    wins(
        "234m567p678s45s99s3s",
        &[("duan_yao", 2, 1), ("ping_hu", 2, 1), ("men_qian_qing", 2, 1)],
        6,
    );
}

#[test]
fn kongs_concealed_and_melded() {
    // §7 row 暗杠 (2 each) and row 明杠 (1 each). A concealed kong of 10m is also a concealed pung
    // (with 111p: 双暗刻 2) and a 幺头刻.
    wins(
        "[0000m]111p234s45s99s3s",
        &[
            ("men_qian_qing", 2, 1),
            ("an_gang", 2, 1),
            ("shuang_an_ke", 2, 1),
            ("yao_tou_ke", 1, 2),
            ("wu_zi", 1, 1),
        ],
        9,
    );
    // An exposed kong of 10m and an exposed pung of 1p, self-drawn: exactly 5 points.
    wins(
        "[0000m,2][111p]234s45s99s3s self",
        &[
            ("yao_tou_ke", 1, 2),
            ("ming_gang", 1, 1),
            ("wu_zi", 1, 1),
            ("zi_mo", 1, 1),
        ],
        5,
    );
    // An added kong counts as melded too.
    wins(
        "[0000m,6][111p]234s45s99s3s self",
        &[
            ("yao_tou_ke", 1, 2),
            ("ming_gang", 1, 1),
            ("wu_zi", 1, 1),
            ("zi_mo", 1, 1),
        ],
        5,
    );
}

#[test]
fn seat_and_prevalent_wind_pungs() {
    // §7 row 门风刻 / 圈风刻 (2 each, "excludes 幺头刻 for that pung"): South's S pung and the W
    // pung of a West round; the 10s pair is a single wait. Exactly 5 points. Won from the left,
    // which for South is East.
    let r = wins(
        "[SSS]WWW234m567p0s0s seat=S round=W",
        &[
            ("men_feng_ke", 2, 1),
            ("quan_feng_ke", 2, 1),
            ("dan_diao_jiang", 1, 1),
        ],
        5,
    );
    assert_eq!(pays(&r), (-5, 5, 0, 0));
    // The same hand for East in an East round: S and W are plain 幺头刻, 3 points in all.
    under_minimum(
        "[SSS]WWW234m567p0s0s",
        &[("yao_tou_ke", 1, 2), ("dan_diao_jiang", 1, 1)],
        3,
    );
}

#[test]
fn shuang_an_ke_que_yi_men_wu_zi() {
    // §7 rows 双暗刻 (2), 缺一门 (1), 无字 (1), with 碰碰和 6 and a single wait.
    wins(
        "[222m][444m]555p777p0p0p",
        &[
            ("peng_peng_hu", 6, 1),
            ("shuang_an_ke", 2, 1),
            ("wu_zi", 1, 1),
            ("que_yi_men", 1, 1),
            ("dan_diao_jiang", 1, 1),
        ],
        11,
    );
}

#[test]
fn zi_mo_self_drawn() {
    // §7 row 自摸 (1), with an exposed meld so that it is not 不求人.
    wins(
        "[SSS][WWW][NNN]45s99s3s self",
        &[
            ("san_feng_ke", 12, 1),
            ("hun_yi_se", 6, 1),
            ("yao_tou_ke", 1, 3),
            ("zi_mo", 1, 1),
        ],
        22,
    );
}

// ------------------------------------------------------------------ seven pairs

#[test]
fn qi_dui_seven_pairs() {
    // §7 row 七对 (24), Decisions 4. Pairs of 1m, 10m, 2p, 3p, 4s, 5s, E.
    wins("11m00m2233p4455sEE", &[("qi_dui", 24, 1)], 24);
    // Four equal tiles count as two pairs (row 七对).
    wins("11m11m2233p4455sEE", &[("qi_dui", 24, 1)], 24);
    // With 混一色 (row 混一色 applies to seven pairs too).
    wins("1122335566m00mEE", &[("qi_dui", 24, 1), ("hun_yi_se", 6, 1)], 30);
    // With 清一色: 112233445566 00m also reads as 123 123 456 456 + 10m pair (清一色 + 平和 +
    // 门前清 = 28), but seven pairs scores more: 24 + 24.
    wins("11223344556600m", &[("qi_dui", 24, 1), ("qing_yi_se", 24, 1)], 48);
}

#[test]
fn qi_dui_self_drawn_is_bu_qiu_ren() {
    // §7: 七对 excludes 门前清 and 单钓将 only; 不求人 (concealed, self-drawn) excludes 自摸.
    wins(
        "2233m4455p6677s99s self",
        &[("qi_dui", 24, 1), ("bu_qiu_ren", 4, 1), ("duan_yao", 2, 1)],
        30,
    );
}

// ------------------------------------------------------------------ the 5-point minimum

#[test]
fn five_point_minimum() {
    // Spec §5 / Decisions 4: 4 points is no win (幺头刻 ×2, 缺一门, 自摸) ...
    under_minimum(
        "[SSS][WWW]234m45s99s3s self",
        &[("yao_tou_ke", 1, 2), ("que_yi_men", 1, 1), ("zi_mo", 1, 1)],
        4,
    );
    // ... and 5 points is (see kongs_concealed_and_melded and seat_and_prevalent_wind_pungs).
    wins(
        "[0000m,2][111p]234s45s99s3s self",
        &[
            ("yao_tou_ke", 1, 2),
            ("ming_gang", 1, 1),
            ("wu_zi", 1, 1),
            ("zi_mo", 1, 1),
        ],
        5,
    );
}

#[test]
fn tiles_shiwan_lacks() {
    // Spec §1: no dragons, no flowers.
    let e = mj_dsl::score_text(rs(), "123m456p789s55sCCC").unwrap_err();
    assert!(e.contains("'C'") && e.contains("shiwan"), "{e}");
    assert!(mj_dsl::score_text(rs(), "123m456p789s55sEEE 1f").is_err());
}

// ------------------------------------------------------------------ settlement (Decisions 6)

#[test]
fn self_drawn_each_of_three_pays() {
    let r = score("234m567p678s45s99s3s self");
    assert_eq!(r.total, 8);
    assert_eq!(pays(&r), (24, -8, -8, -8));
    // South self-draws: the three others pay.
    let r = score("234m567p678s45s99s3s self seat=S");
    assert_eq!(pays(&r), (-8, 24, -8, -8));
}

#[test]
fn discard_the_discarder_pays() {
    // 6 points (断幺 2, 平和 2, 门前清 2); from=1 left (North for East), 2 opposite, 3 right.
    let hand = "234m567p678s45s99s3s";
    assert_eq!(pays(&score(hand)), (6, 0, 0, -6));
    assert_eq!(pays(&score(&format!("{hand} from=1"))), (6, 0, 0, -6));
    assert_eq!(pays(&score(&format!("{hand} from=2"))), (6, 0, -6, 0));
    assert_eq!(pays(&score(&format!("{hand} from=3"))), (6, -6, 0, 0));
}

#[test]
fn gang_shang_kai_hua_after_a_discard_kong_the_feeder_pays_all() {
    // Decisions 6: "a kong-replacement win after a kong on someone's discard is paid in full
    // (three shares) by that discarder". The 1m kong came from the player opposite ([1111m,2]); 杠上开花 8 + 幺头刻 1 + 明杠 1 +
    // 无字 1 = 11; the opposite player (West) should pay 33.
    let r = wins(
        "[1111m,2]234p567s890s5s5s self kong",
        &[
            ("gang_shang_kai_hua", 8, 1),
            ("yao_tou_ke", 1, 1),
            ("ming_gang", 1, 1),
            ("wu_zi", 1, 1),
        ],
        11,
    );
    assert_eq!(pays(&r), (33, 0, -33, 0));
}
