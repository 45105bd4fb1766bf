//! Worked examples from the 1998 rule text (seeds 000/002, 中国麻将竞赛规则): for each of the 81 fans
//! of 第九条 at least one hand, for each combination principle of 第十条 (不重复, 不拆移, 不得相同,
//! 就高不就低, 套算一次) at least two, the 8-point minimum, the settlement formulas, and the house
//! variants `mcr-mil` and `mcr-strict98`.
//!
//! Every expected fan list and total was derived from the quoted rule text and then checked against
//! the reference calculator (`tools/reference`, `target/reference/bin/<ruleset>`). Where the
//! reference says more than a plain reading of the text, the reference wins and a comment says so.

use mj_dsl::{score_text, HandReport, Ruleset};
use std::sync::OnceLock;

fn rules(name: &str) -> &'static Ruleset {
    static MCR: OnceLock<Ruleset> = OnceLock::new();
    static MIL: OnceLock<Ruleset> = OnceLock::new();
    static STRICT: OnceLock<Ruleset> = OnceLock::new();
    let cell = match name {
        "mcr" => &MCR,
        "mcr-mil" => &MIL,
        "mcr-strict98" => &STRICT,
        other => panic!("no such ruleset in these tests: {other}"),
    };
    cell.get_or_init(|| mj_dsl::load(name).unwrap_or_else(|d| panic!("{name} does not load:\n{d}")))
}

fn report(rs: &Ruleset, hand: &str) -> HandReport {
    score_text(rs, hand).unwrap_or_else(|e| panic!("{hand}: {e}"))
}

/// The fans of a hand as (id, count), sorted by id.
fn fans(rs: &Ruleset, hand: &str) -> Vec<(String, u32)> {
    let mut v: Vec<(String, u32)> = report(rs, hand)
        .fans
        .into_iter()
        .map(|f| (f.id.to_string(), f.count))
        .collect();
    v.sort();
    v
}

/// Asserts the exact fans and the total, and that validity follows the 8-point minimum with
/// flowers left out (第五条 三十四: 花牌分不计在起和分内).
fn check(ruleset: &str, hand: &str, expected: &[(&str, u32)], total: i64) {
    let rs = rules(ruleset);
    let mut want: Vec<(String, u32)> = expected.iter().map(|(id, n)| (id.to_string(), *n)).collect();
    want.sort();
    assert_eq!(fans(rs, hand), want, "{ruleset}: fans of {hand}");
    let r = report(rs, hand);
    assert_eq!(r.total, total, "{ruleset}: total of {hand}");
    let flowers: i64 = r
        .fans
        .iter()
        .filter(|f| f.id == "hua_pai")
        .map(|f| f.points * f.count as i64)
        .sum();
    assert_eq!(r.valid, total - flowers >= 8, "{ruleset}: validity of {hand}");
    assert_eq!(r.reason.is_some(), !r.valid, "{ruleset}: reason of {hand}");
}

macro_rules! case {
    ($name:ident, $rules:literal, $hand:literal, [$(($id:literal, $n:literal)),* $(,)?], $total:literal) => {
        #[test]
        fn $name() {
            check($rules, $hand, &[$(($id, $n)),*], $total);
        }
    };
}

fn payments(hand: &str) -> Vec<(String, i64)> {
    report(rules("mcr"), hand)
        .payments
        .iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect()
}

fn pay(list: &[(&str, i64)]) -> Vec<(String, i64)> {
    list.iter().map(|(k, v)| (k.to_string(), *v)).collect()
}

// ---------------------------------------------------------------- 第十条 (一) 和牌的前提

// 第十条 (一) 2. 番种分值之和至少为8分: 碰碰和 6 + 幺九刻 1 = 7 is a false win (错和).
#[test]
fn seven_points_is_not_a_win() {
    let r = report(rules("mcr"), "[222m][333p][555s]EE9s9s9s");
    assert_eq!(r.total, 7);
    assert!(!r.valid);
    let reason = r.reason.expect("a reason");
    assert!(reason.contains('7') && reason.contains('8'), "{reason}");
    assert!(r.payments.is_empty(), "no payments for a false win");
}

// 第十条: 混一色 6 + 幺九刻 1 = 7 is not a win either.
#[test]
fn half_flush_and_terminal_pung_is_not_a_win() {
    let hand = "[123m][678m]444mEE99m9m";
    check("mcr", hand, &[("hun_yi_se", 1), ("yao_jiu_ke", 1)], 7);
    assert!(!report(rules("mcr"), hand).valid);
}

// 第五条 三十四 (二) 起和分: 和牌必须达到的最低分数（8分）。花牌分不计在起和分内。
// 7 points and three flowers total 10 and are still not a win.
#[test]
fn flowers_do_not_count_toward_the_minimum() {
    let hand = "[222m][333p][555s]EE9s9s9s flowers=3";
    check(
        "mcr",
        hand,
        &[("peng_peng_hu", 1), ("yao_jiu_ke", 1), ("hua_pai", 3)],
        10,
    );
    let r = report(rules("mcr"), hand);
    assert!(!r.valid);
    assert!(r.reason.is_some());
}

// 第九条 43 无番和 is worth exactly 8: the smallest valid hand.
#[test]
fn eight_points_is_a_win() {
    let r = report(rules("mcr"), "[123m][567p]789sNN34s5s");
    assert_eq!(r.total, 8);
    assert!(r.valid);
    assert_eq!(r.reason, None);
}

// ---------------------------------------------------------------- 第十条 (三) 分数的计算

// 1. 自摸：（底分+基本分）×3方: each of the three others pays 8 + 12 = 20 to the winner (S).
#[test]
fn settlement_self_drawn() {
    assert_eq!(
        payments("[WWWW,1][444s]45m678pFF6m self seat=S round=W flowers=2"),
        pay(&[("E", -20), ("S", 60), ("W", -20), ("N", -20)])
    );
}

// 2. 点和：底分×3方+基本分×1方. Winner S, `from=1` (the default) is the left player 上家 = E:
// E pays 8 + 8, the others 8 each.
#[test]
fn settlement_discard_from_the_left() {
    let want = pay(&[("E", -16), ("S", 32), ("W", -8), ("N", -8)]);
    assert_eq!(payments("[123m][567p]789sNN34s5s seat=S"), want);
    assert_eq!(payments("[123m][567p]789sNN34s5s seat=S from=1"), want);
}

// 点和 from=2: the player opposite S is N.
#[test]
fn settlement_discard_from_opposite() {
    assert_eq!(
        payments("[123m][567p]789sNN34s5s seat=S from=2"),
        pay(&[("E", -8), ("S", 32), ("W", -8), ("N", -16)])
    );
}

// 点和 from=3: the player on the right (下家) of W is N.
#[test]
fn settlement_discard_from_the_right() {
    assert_eq!(
        payments("[123m][567p]789sNN34s5s seat=W from=3"),
        pay(&[("E", -8), ("S", -8), ("W", 32), ("N", -16)])
    );
}

// 基本分 in the payments includes the flowers: 8 + 2 = 10, the discarder (W, left of N) pays 18.
#[test]
fn settlement_counts_flowers() {
    assert_eq!(
        payments("[123m][567p]789sNN34s5s seat=N flowers=2"),
        pay(&[("E", -8), ("S", -8), ("W", -18), ("N", 34)])
    );
}

// 抢杠和 (第八条 二 (二) 2. 点和 包括抢杠和): paid as a discard by the konger.
#[test]
fn settlement_robbing_a_kong() {
    assert_eq!(
        payments("[123m][567p]789sNN34s5s kong seat=E from=2"),
        pay(&[("E", 32), ("S", -8), ("W", -16), ("N", -8)])
    );
}

// 杠上开花 (第八条 二 (二) 1. 自摸和 包括杠上开花): paid as self-drawn, 8 + 10 each.
#[test]
fn settlement_kong_replacement() {
    assert_eq!(
        payments("[5555p][123m]789sNN34s5s self kong"),
        pay(&[("E", 54), ("S", -18), ("W", -18), ("N", -18)])
    );
}

// ---------------------------------------------------------------- hands that are not scored

#[test]
fn rejects_what_is_not_a_hand() {
    let rs = rules("mcr");
    // not a win
    assert!(score_text(rs, "123m456p789s19pEEE").is_err());
    // mcr has no rank ten
    let e = score_text(rs, "012m456p789s11pEEE").unwrap_err();
    assert!(e.contains("0m"), "{e}");
    // thirteen tiles
    assert!(score_text(rs, "123m456p789s11pEE").is_err());
    // a context word nobody defines
    let e = score_text(rs, "123m456p789s11pEEE ready").unwrap_err();
    assert!(e.contains("ready"), "{e}");
}

// ---------------------------------------------------------------- mcr

// 第九条 1 大四喜: 由4副风刻（杠）组成的和牌。不计圈风刻、门风刻、三风刻、碰碰和
case!(
    da_si_xi,
    "mcr",
    "[EEE]SSSWWWNNN1m1m",
    [
        ("da_si_xi", 1),
        ("hun_yao_jiu", 1),
        ("san_an_ke", 1),
        ("hun_yi_se", 1),
        ("dan_diao_jiang", 1)
    ],
    143
);

// 第九条 1 大四喜, self-drawn with the pair of 5p
case!(
    da_si_xi_2,
    "mcr",
    "[EEE][SSS,2]WWWNNN5p5p self",
    [
        ("da_si_xi", 1),
        ("hun_yi_se", 1),
        ("shuang_an_ke", 1),
        ("dan_diao_jiang", 1),
        ("zi_mo", 1)
    ],
    98
);

// 第九条 2 大三元: 和牌中，有中发白3副刻子。不计箭刻
case!(
    da_san_yuan,
    "mcr",
    "[CCC]FFFPPP234m9s9s",
    [
        ("da_san_yuan", 1),
        ("shuang_an_ke", 1),
        ("que_yi_men", 1),
        ("dan_diao_jiang", 1)
    ],
    92
);

// 第九条 2 大三元 with a kong of 中
case!(
    da_san_yuan_2,
    "mcr",
    "[CCCC,2]FFFPPP789p1m1m",
    [
        ("da_san_yuan", 1),
        ("quan_dai_yao", 1),
        ("shuang_an_ke", 1),
        ("ming_gang", 1),
        ("que_yi_men", 1),
        ("dan_diao_jiang", 1)
    ],
    97
);

// 第九条 3 绿一色: 由23468条及发字中的任何牌组成的顺子、刻子、将的和牌。不计混一色
case!(
    lv_yi_se,
    "mcr",
    "[FFF]234s234s666s8s8s",
    [("lv_yi_se", 1), ("jian_ke", 1), ("yi_ban_gao", 1)],
    91
);

// 第九条 3 绿一色: 如无“发”字组成的和牌，可计清一色
case!(
    lv_yi_se_2,
    "mcr",
    "234s234s234s888s6s6s self",
    [
        ("lv_yi_se", 1),
        ("si_an_ke", 1),
        ("qing_yi_se", 1),
        ("yi_se_san_jie_gao", 1),
        ("duan_yao", 1),
        ("zi_mo", 1)
    ],
    203
);

// 第九条 4 九莲宝灯: 由一种花色序数牌按1112345678999组成的特定牌型，见同花色任何1张序数牌即成和牌。不计清一色
// reference: on a 9 the gates add 清龙 + 四归一 (docs/mcr-reference.md §16)
case!(
    jiu_lian_bao_deng,
    "mcr",
    "1112345678999s9s self",
    [
        ("jiu_lian_bao_deng", 1),
        ("qing_long", 1),
        ("si_gui_yi", 1),
        ("zi_mo", 1)
    ],
    107
);

// 第九条 4 九莲宝灯, won on a 5
// reference: on a 5 the gates add 双暗刻 + 幺九刻
case!(
    jiu_lian_bao_deng_2,
    "mcr",
    "1112345678999m5m",
    [("jiu_lian_bao_deng", 1), ("shuang_an_ke", 1), ("yao_jiu_ke", 1)],
    91
);

// 第九条 5 四杠: 4个杠
// reference: 四杠 excludes 单钓将
case!(
    si_gang,
    "mcr",
    "[1111m][2222p,1][EEEE,5][CCCC]9s9s",
    [
        ("si_gang", 1),
        ("wu_men_qi", 1),
        ("jian_ke", 1),
        ("quan_feng_ke", 1),
        ("men_feng_ke", 1),
        ("shuang_an_ke", 1),
        ("yao_jiu_ke", 1)
    ],
    103
);

// 第九条 5 四杠, all exposed, self-drawn
case!(
    si_gang_2,
    "mcr",
    "[1111m,1][2222p,1][3333s,2][4444s,3]5m5m self",
    [
        ("si_gang", 1),
        ("san_se_san_jie_gao", 1),
        ("yao_jiu_ke", 1),
        ("wu_zi", 1),
        ("zi_mo", 1)
    ],
    99
);

// 第九条 6 连七对: 由一种花色序数牌组成序数相连的7个对子的和牌。不计清一色、不求人、单钓
case!(lian_qi_dui, "mcr", "11223344556677m", [("lian_qi_dui", 1)], 88);

// 第九条 6 连七对 2-8, self-drawn
// reference: 连七对 2-8 adds 断幺
case!(
    lian_qi_dui_2,
    "mcr",
    "22334455667788p self",
    [("lian_qi_dui", 1), ("duan_yao", 1), ("zi_mo", 1)],
    91
);

// 第九条 7 十三幺: 由3种序数牌的一、九牌，7种字牌及其中一对作将组成的和牌。不计五门齐、不求人、单钓
case!(shi_san_yao, "mcr", "19m19p19sESWNCFPP", [("shi_san_yao", 1)], 88);

// 第九条 7 十三幺, self-drawn on the pair tile
case!(
    shi_san_yao_2,
    "mcr",
    "19m19p19sESWNCFP1m self",
    [("shi_san_yao", 1), ("zi_mo", 1)],
    89
);

// 第九条 8 清幺九: 由序数牌一、九刻子组成的和牌。不计碰碰和、同刻、无字
case!(
    qing_yao_jiu,
    "mcr",
    "[111m]999m111p999p9s9s",
    [("qing_yao_jiu", 1), ("san_an_ke", 1), ("dan_diao_jiang", 1)],
    81
);

// 第九条 8 清幺九 with three pungs of 1
// reference: 清幺九 keeps 三同刻 (the seed says only 不计…同刻; the strict reading drops it, see mcr-strict98)
case!(
    qing_yao_jiu_2,
    "mcr",
    "111m111s111p999m9p9p",
    [
        ("qing_yao_jiu", 1),
        ("si_an_ke", 1),
        ("san_tong_ke", 1),
        ("dan_diao_jiang", 1)
    ],
    145
);

// 第九条 9 小四喜: 和牌时有风牌的3副刻子及将牌。不计三风刻
case!(
    xiao_si_xi,
    "mcr",
    "[EEE]SSSWWW999pNN",
    [
        ("xiao_si_xi", 1),
        ("hun_yao_jiu", 1),
        ("san_an_ke", 1),
        ("hun_yi_se", 1),
        ("quan_feng_ke", 1),
        ("men_feng_ke", 1),
        ("dan_diao_jiang", 1)
    ],
    123
);

// 第九条 9 小四喜 with a chow of 123m
// reference: 小四喜 keeps 全带幺 (docs/mcr-reference.md §15.9)
case!(
    xiao_si_xi_2,
    "mcr",
    "[EEE,1]SSSWWWN1m2m3mN",
    [
        ("xiao_si_xi", 1),
        ("hun_yi_se", 1),
        ("quan_dai_yao", 1),
        ("quan_feng_ke", 1),
        ("men_feng_ke", 1),
        ("shuang_an_ke", 1),
        ("dan_diao_jiang", 1)
    ],
    81
);

// 第九条 10 小三元: 和牌时有箭牌的两副刻子和将牌。不计箭刻
case!(
    xiao_san_yuan,
    "mcr",
    "[CCC]FFF123m789mPP",
    [
        ("xiao_san_yuan", 1),
        ("hun_yi_se", 1),
        ("quan_dai_yao", 1),
        ("lao_shao_fu", 1),
        ("dan_diao_jiang", 1)
    ],
    76
);

// 第九条 10 小三元, all concealed
case!(
    xiao_san_yuan_2,
    "mcr",
    "CCCFFF456s789sPP",
    [
        ("xiao_san_yuan", 1),
        ("hun_yi_se", 1),
        ("men_qian_qing", 1),
        ("shuang_an_ke", 1),
        ("lian_liu", 1),
        ("dan_diao_jiang", 1)
    ],
    76
);

// 第九条 11 字一色: 由字牌的刻子（杠）、将组成的和牌。不计碰碰和
case!(
    zi_yi_se,
    "mcr",
    "[EEE]SSSCCCFFFPP",
    [
        ("xiao_san_yuan", 1),
        ("zi_yi_se", 1),
        ("san_an_ke", 1),
        ("quan_feng_ke", 1),
        ("men_feng_ke", 1),
        ("dan_diao_jiang", 1)
    ],
    149
);

// 第九条 11 字一色 as seven pairs
// reference (not strict): 七对 combines with 字一色
case!(
    zi_yi_se_2,
    "mcr",
    "EESSWWNNCCFFPP",
    [("zi_yi_se", 1), ("qi_dui", 1)],
    88
);

// 第九条 12 四暗刻: 4个暗刻（暗杠）。不计门前清、碰碰和
// reference: self-drawn 四暗刻 scores 自摸, not 不求人 (docs/mcr-reference.md §15.12)
case!(
    si_an_ke,
    "mcr",
    "111m222p333sEEE9s9s self",
    [
        ("si_an_ke", 1),
        ("san_se_san_jie_gao", 1),
        ("quan_feng_ke", 1),
        ("men_feng_ke", 1),
        ("yao_jiu_ke", 1),
        ("dan_diao_jiang", 1),
        ("zi_mo", 1)
    ],
    79
);

// 第九条 12 四暗刻 with a concealed kong, won on a discard
case!(
    si_an_ke_2,
    "mcr",
    "[5555p]111m333sEEE9s9s",
    [
        ("si_an_ke", 1),
        ("quan_feng_ke", 1),
        ("men_feng_ke", 1),
        ("an_gang", 1),
        ("yao_jiu_ke", 1),
        ("dan_diao_jiang", 1)
    ],
    72
);

// 第九条 13 一色双龙会: 一种花色的两个老少副，5为将牌。不计平和、七对、清一色
case!(
    yi_se_shuang_long_hui,
    "mcr",
    "123m123m789m789m5m5m",
    [
        ("yi_se_shuang_long_hui", 1),
        ("men_qian_qing", 1),
        ("dan_diao_jiang", 1)
    ],
    67
);

// 第九条 13 一色双龙会, self-drawn
case!(
    yi_se_shuang_long_hui_2,
    "mcr",
    "123p123p789p789p5p5p self",
    [
        ("yi_se_shuang_long_hui", 1),
        ("bu_qiu_ren", 1),
        ("dan_diao_jiang", 1)
    ],
    69
);

// 第九条 14 一色四同顺: 一种花色4副序数相同的顺子，不计一色三节高、一般高、四归一
case!(
    yi_se_si_tong_shun,
    "mcr",
    "[234s]234s234s234s9p9p",
    [
        ("yi_se_si_tong_shun", 1),
        ("ping_hu", 1),
        ("que_yi_men", 1),
        ("dan_diao_jiang", 1)
    ],
    52
);

// 第九条 14 一色四同顺 (docs/mcr-reference.md §16: no 单钓将, 4m also waits)
// reference: no 单钓将, since 4m also completes the hand (独听 needs one winning tile)
case!(
    yi_se_si_tong_shun_2,
    "mcr",
    "11112222333355m self",
    [
        ("yi_se_si_tong_shun", 1),
        ("qing_yi_se", 1),
        ("bu_qiu_ren", 1),
        ("ping_hu", 1)
    ],
    78
);

// 第九条 15 一色四节高: 一种花色4副依次递增一位数的刻子，不计一色三同顺、碰碰和
case!(
    yi_se_si_jie_gao,
    "mcr",
    "[333m]444m555m666m9p9p",
    [
        ("yi_se_si_jie_gao", 1),
        ("san_an_ke", 1),
        ("que_yi_men", 1),
        ("wu_zi", 1),
        ("dan_diao_jiang", 1)
    ],
    67
);

// 第九条 15 一色四节高, self-drawn
case!(
    yi_se_si_jie_gao_2,
    "mcr",
    "[222p,2][333p]444p555pEE self",
    [
        ("yi_se_si_jie_gao", 1),
        ("hun_yi_se", 1),
        ("shuang_an_ke", 1),
        ("dan_diao_jiang", 1),
        ("zi_mo", 1)
    ],
    58
);

// 第九条 16 一色四步高: 一种花色4副依次递增一位数……的顺子
case!(
    yi_se_si_bu_gao,
    "mcr",
    "123m234m345m456m9s9s",
    [
        ("yi_se_si_bu_gao", 1),
        ("men_qian_qing", 1),
        ("ping_hu", 1),
        ("que_yi_men", 1),
        ("dan_diao_jiang", 1)
    ],
    38
);

// 第九条 16 一色四步高: ……或依次递增二位数的顺子
case!(
    yi_se_si_bu_gao_2,
    "mcr",
    "[123p]345p567p789pEE",
    [("yi_se_si_bu_gao", 1), ("hun_yi_se", 1), ("dan_diao_jiang", 1)],
    39
);

// 第九条 17 三杠: 3个杠
case!(
    san_gang,
    "mcr",
    "[1111m][2222p,1][3333s,2]456mEE",
    [
        ("san_gang", 1),
        ("san_se_san_jie_gao", 1),
        ("yao_jiu_ke", 1),
        ("dan_diao_jiang", 1)
    ],
    42
);

// 第九条 17 三杠, all exposed
case!(
    san_gang_2,
    "mcr",
    "[5555m,5][6666p,1][7777s,3]234pNN",
    [("san_gang", 1), ("san_se_san_jie_gao", 1), ("dan_diao_jiang", 1)],
    41
);

// 第九条 18 混幺九: 由字牌和序数牌一、九的刻子及将牌组成的和牌。不计碰碰和
case!(
    hun_yao_jiu,
    "mcr",
    "[111m]999pEEESSS9s9s",
    [
        ("hun_yao_jiu", 1),
        ("san_an_ke", 1),
        ("quan_feng_ke", 1),
        ("men_feng_ke", 1),
        ("dan_diao_jiang", 1)
    ],
    53
);

// 第九条 18 混幺九 as seven pairs
// reference (not strict): 七对 combines with 混幺九
case!(
    hun_yao_jiu_2,
    "mcr",
    "1199m1199pEESSCC",
    [("hun_yao_jiu", 1), ("qi_dui", 1), ("que_yi_men", 1)],
    57
);

// 第九条 19 七对: 由7个对子组成的和牌。不计不求人、单钓
case!(qi_dui, "mcr", "1133m2277p4499sEE", [("qi_dui", 1)], 24);

// 第九条 19 七对, self-drawn
case!(
    qi_dui_2,
    "mcr",
    "113355m2255p7799s self",
    [("qi_dui", 1), ("wu_zi", 1), ("zi_mo", 1)],
    26
);

// 第九条 20 七星不靠: 必须有7个单张的东西南北中发白，加上3种花色，数位按147、258、369中的7张序数牌组成没有将牌的和牌。不计五门齐、不求人、单钓
case!(
    qi_xing_bu_kao,
    "mcr",
    "147m25p36sESWNCFP",
    [("qi_xing_bu_kao", 1)],
    24
);

// 第九条 20 七星不靠, self-drawn
case!(
    qi_xing_bu_kao_2,
    "mcr",
    "47m258p39sESWNCFP self",
    [("qi_xing_bu_kao", 1), ("zi_mo", 1)],
    25
);

// 第九条 21 全双刻: 由2、4、6、8序数牌的刻子、将牌组成的和牌。不计碰碰和、断幺
case!(
    quan_shuang_ke,
    "mcr",
    "[222m]444p666s888s2p2p",
    [("quan_shuang_ke", 1), ("san_an_ke", 1)],
    40
);

// 第九条 21 全双刻, self-drawn
case!(
    quan_shuang_ke_2,
    "mcr",
    "[666m,3]888m444s222p8p8p self",
    [
        ("quan_shuang_ke", 1),
        ("san_an_ke", 1),
        ("dan_diao_jiang", 1),
        ("zi_mo", 1)
    ],
    42
);

// 第九条 22 清一色: 由一种花色的序数牌组成的和牌。不计无字
case!(
    qing_yi_se,
    "mcr",
    "111m345m666m789m2m2m",
    [
        ("qing_yi_se", 1),
        ("men_qian_qing", 1),
        ("shuang_an_ke", 1),
        ("yao_jiu_ke", 1)
    ],
    29
);

// 第九条 22 清一色 with a chow
case!(
    qing_yi_se_2,
    "mcr",
    "[234p]234p567p888p9p9p",
    [("qing_yi_se", 1), ("yi_ban_gao", 1), ("lian_liu", 1)],
    26
);

// 第九条 23 一色三同顺: 和牌时有一种花色3副序数相同的顺子。不计一色三节高
case!(
    yi_se_san_tong_shun,
    "mcr",
    "[123m]123m123m789p5s5s",
    [("yi_se_san_tong_shun", 1), ("ping_hu", 1), ("dan_diao_jiang", 1)],
    27
);

// 第九条 23 一色三同顺 with a chow
case!(
    yi_se_san_tong_shun_2,
    "mcr",
    "[345s]345s345s999pCC",
    [
        ("yi_se_san_tong_shun", 1),
        ("yao_jiu_ke", 1),
        ("que_yi_men", 1),
        ("dan_diao_jiang", 1)
    ],
    27
);

// 第九条 24 一色三节高: 和牌时有一种花色3副依次递增一位数字的刻子。不计一色三同顺
case!(
    yi_se_san_jie_gao,
    "mcr",
    "[555p]666p777p123s9m9m",
    [
        ("yi_se_san_jie_gao", 1),
        ("shuang_an_ke", 1),
        ("wu_zi", 1),
        ("dan_diao_jiang", 1)
    ],
    28
);

// 第九条 24 一色三节高 with two exposed pungs
case!(
    yi_se_san_jie_gao_2,
    "mcr",
    "[222s][333s]444s789mEE",
    [("yi_se_san_jie_gao", 1), ("que_yi_men", 1), ("dan_diao_jiang", 1)],
    26
);

// 第九条 25 全大: 由序数牌789组成的顺子、刻子（杠）、将牌的和牌。不计无字
case!(
    quan_da,
    "mcr",
    "[777p]888p999m789s8s8s",
    [
        ("quan_da", 1),
        ("shuang_an_ke", 1),
        ("yao_jiu_ke", 1),
        ("kan_zhang", 1)
    ],
    28
);

// 第九条 25 全大
case!(
    quan_da_2,
    "mcr",
    "789m789p789s888s9m9m",
    [
        ("quan_da", 1),
        ("san_se_san_tong_shun", 1),
        ("men_qian_qing", 1),
        ("si_gui_yi", 1)
    ],
    36
);

// 第九条 26 全中: 由序数牌456组成的顺子、刻子（杠）、将牌的和牌。不计断幺
case!(
    quan_zhong,
    "mcr",
    "[444s]555p666m456s5m5m",
    [
        ("quan_zhong", 1),
        ("san_se_san_jie_gao", 1),
        ("si_gui_yi", 1),
        ("shuang_an_ke", 1)
    ],
    36
);

// 第九条 26 全中
case!(
    quan_zhong_2,
    "mcr",
    "456m456p456s555m4p4p",
    [
        ("quan_zhong", 1),
        ("san_se_san_tong_shun", 1),
        ("men_qian_qing", 1),
        ("si_gui_yi", 1)
    ],
    36
);

// 第九条 27 全小: 由序数牌123组成的顺子、刻子（杠）、将牌的和牌。不计无字
case!(
    quan_xiao,
    "mcr",
    "[333p]222m111s123s3m3m",
    [
        ("quan_xiao", 1),
        ("san_se_san_jie_gao", 1),
        ("si_gui_yi", 1),
        ("shuang_an_ke", 1),
        ("yao_jiu_ke", 1)
    ],
    37
);

// 第九条 27 全小
case!(
    quan_xiao_2,
    "mcr",
    "123m123p123s111s2m2m",
    [
        ("quan_xiao", 1),
        ("san_se_san_tong_shun", 1),
        ("men_qian_qing", 1),
        ("si_gui_yi", 1),
        ("yao_jiu_ke", 1),
        ("kan_zhang", 1)
    ],
    38
);

// 第九条 28 清龙: 和牌时，有一种花色1-9相连接的序数牌
case!(
    qing_long,
    "mcr",
    "123m456m789m234p5s5s",
    [
        ("qing_long", 1),
        ("men_qian_qing", 1),
        ("ping_hu", 1),
        ("dan_diao_jiang", 1)
    ],
    21
);

// 第九条 28 清龙 with a chow and honours
case!(
    qing_long_2,
    "mcr",
    "[789s]123s456sEEEFF",
    [
        ("qing_long", 1),
        ("hun_yi_se", 1),
        ("quan_feng_ke", 1),
        ("men_feng_ke", 1),
        ("dan_diao_jiang", 1)
    ],
    27
);

// 第九条 29 三色双龙会: 2种花色2个老少副、另一种花色5作将的和牌。不计喜相逢、老少副、无字、平和
case!(
    san_se_shuang_long_hui,
    "mcr",
    "123m789m123p789p5s5s",
    [
        ("san_se_shuang_long_hui", 1),
        ("men_qian_qing", 1),
        ("dan_diao_jiang", 1)
    ],
    19
);

// 第九条 29 三色双龙会 with a chow
case!(
    san_se_shuang_long_hui_2,
    "mcr",
    "[123s]789s123m789m5p5p",
    [("san_se_shuang_long_hui", 1), ("dan_diao_jiang", 1)],
    17
);

// 第九条 30 一色三步高: 和牌时，有一种花色3副依次递增一位……数字的顺子
case!(
    yi_se_san_bu_gao,
    "mcr",
    "123m234m345m789p5s5s",
    [
        ("yi_se_san_bu_gao", 1),
        ("men_qian_qing", 1),
        ("ping_hu", 1),
        ("dan_diao_jiang", 1)
    ],
    21
);

// 第九条 30 一色三步高: ……或依次递增二位数字的顺子
case!(
    yi_se_san_bu_gao_2,
    "mcr",
    "123p345p567pEEE9s9s",
    [
        ("yi_se_san_bu_gao", 1),
        ("quan_feng_ke", 1),
        ("men_feng_ke", 1),
        ("men_qian_qing", 1),
        ("que_yi_men", 1),
        ("dan_diao_jiang", 1)
    ],
    24
);

// 第九条 31 全带五: 每副牌及将牌必须有5的序数牌。不计断幺
case!(
    quan_dai_wu,
    "mcr",
    "345m456p567s555s5m5m",
    [
        ("quan_dai_wu", 1),
        ("san_se_san_bu_gao", 1),
        ("men_qian_qing", 1),
        ("si_gui_yi", 1)
    ],
    26
);

// 第九条 31 全带五 with a pung of 5p
case!(
    quan_dai_wu_2,
    "mcr",
    "[555p]345m456s567s5m5m",
    [("quan_dai_wu", 1)],
    16
);

// 第九条 32 三同刻: 3个序数相同的刻子（杠）
case!(
    san_tong_ke,
    "mcr",
    "333m333p333s789mEE",
    [
        ("san_tong_ke", 1),
        ("san_an_ke", 1),
        ("men_qian_qing", 1),
        ("dan_diao_jiang", 1)
    ],
    35
);

// 第九条 32 三同刻 with exposed pungs
case!(
    san_tong_ke_2,
    "mcr",
    "[777s][777m]777p123pNN",
    [("san_tong_ke", 1), ("dan_diao_jiang", 1)],
    17
);

// 第九条 33 三暗刻: 3个暗刻
case!(
    san_an_ke,
    "mcr",
    "111m444p777s789mEE",
    [
        ("san_an_ke", 1),
        ("men_qian_qing", 1),
        ("yao_jiu_ke", 1),
        ("dan_diao_jiang", 1)
    ],
    20
);

// 第九条 33 三暗刻 with a chow meld
case!(
    san_an_ke_2,
    "mcr",
    "[234m]222p555s888sCC",
    [("san_an_ke", 1), ("dan_diao_jiang", 1)],
    17
);

// 第九条 34 全不靠: 由单张3种花色147、258、369不能错位的序数牌及东南西北中发白中的任何14张牌组成的和牌。不计五门齐、不求人、单钓
case!(quan_bu_kao, "mcr", "14m258p369sESWNCF", [("quan_bu_kao", 1)], 12);

// 第九条 34 全不靠 holding all nine knitted tiles (also 组合龙)
// reference: 全不靠 with the full knitted straight adds 组合龙
case!(
    quan_bu_kao_2,
    "mcr",
    "147m258p369sESWNC",
    [("quan_bu_kao", 1), ("zu_he_long", 1)],
    24
);

// 第九条 35 组合龙: 3种花色的147、258、369不能错位的序数牌 (plus a set and a pair)
// reference: the wait fan comes from the 4-tile remainder 123s + EE
case!(
    zu_he_long,
    "mcr",
    "147m258p369s123sEE",
    [("zu_he_long", 1), ("men_qian_qing", 1), ("dan_diao_jiang", 1)],
    15
);

// 第九条 35 组合龙 with one declared chow
case!(
    zu_he_long_2,
    "mcr",
    "[123s]147m258s369pEE",
    [("zu_he_long", 1), ("dan_diao_jiang", 1)],
    13
);

// 第九条 36 大于五: 由序数牌6-9的顺子、刻子、将牌组成的和牌。不计无字
case!(
    da_yu_wu,
    "mcr",
    "666m789p789s888s6p6p",
    [
        ("da_yu_wu", 1),
        ("men_qian_qing", 1),
        ("si_gui_yi", 1),
        ("shuang_an_ke", 1),
        ("xi_xiang_feng", 1)
    ],
    19
);

// 第九条 36 大于五 with a pung
case!(
    da_yu_wu_2,
    "mcr",
    "[999s]678m678p777m6s6s",
    [
        ("da_yu_wu", 1),
        ("si_gui_yi", 1),
        ("xi_xiang_feng", 1),
        ("yao_jiu_ke", 1),
        ("dan_diao_jiang", 1)
    ],
    17
);

// 第九条 37 小于五: 由序数牌1-4的顺子、刻子、将牌组成的和牌。不计无字
case!(
    xiao_yu_wu,
    "mcr",
    "123m234p234s444m1s1s",
    [("xiao_yu_wu", 1), ("men_qian_qing", 1), ("xi_xiang_feng", 1)],
    15
);

// 第九条 37 小于五 with a pung
case!(
    xiao_yu_wu_2,
    "mcr",
    "[111p]234m234p333s4s4s",
    [("xiao_yu_wu", 1), ("xi_xiang_feng", 1), ("yao_jiu_ke", 1)],
    14
);

// 第九条 38 三风刻: 3个风刻
case!(
    san_feng_ke,
    "mcr",
    "[EEE]SSSWWW123m9s9s",
    [
        ("san_feng_ke", 1),
        ("quan_dai_yao", 1),
        ("quan_feng_ke", 1),
        ("men_feng_ke", 1),
        ("shuang_an_ke", 1),
        ("que_yi_men", 1),
        ("dan_diao_jiang", 1)
    ],
    24
);

// 第九条 38 三风刻, seat and round South
case!(
    san_feng_ke_2,
    "mcr",
    "[SSS]WWWNNN456p7m7m seat=S round=S",
    [
        ("san_feng_ke", 1),
        ("quan_feng_ke", 1),
        ("men_feng_ke", 1),
        ("shuang_an_ke", 1),
        ("que_yi_men", 1),
        ("dan_diao_jiang", 1)
    ],
    20
);

// 第九条 39 花龙: 3种花色的3副顺子连接成1-9的序数牌
case!(
    hua_long,
    "mcr",
    "123m456p789s111sEE",
    [
        ("hua_long", 1),
        ("men_qian_qing", 1),
        ("yao_jiu_ke", 1),
        ("dan_diao_jiang", 1)
    ],
    12
);

// 第九条 39 花龙 with a chow
case!(
    hua_long_2,
    "mcr",
    "[123p]456s789mCCC5m5m",
    [("hua_long", 1), ("jian_ke", 1), ("dan_diao_jiang", 1)],
    11
);

// 第九条 40 推不倒: 由牌面图形没有上下区别的牌组成的和牌，包括1234589饼、245689条、白板。不计缺一门
case!(
    tui_bu_dao,
    "mcr",
    "123p345p888sPPP9s9s",
    [
        ("tui_bu_dao", 1),
        ("jian_ke", 1),
        ("men_qian_qing", 1),
        ("shuang_an_ke", 1)
    ],
    14
);

// 第九条 40 推不倒
case!(
    tui_bu_dao_2,
    "mcr",
    "[234p]456s888pPPP5s5s",
    [
        ("tui_bu_dao", 1),
        ("jian_ke", 1),
        ("shuang_an_ke", 1),
        ("kan_zhang", 1)
    ],
    13
);

// 第九条 41 三色三同顺: 和牌时，有3种花色3副序数相同的顺子
case!(
    san_se_san_tong_shun,
    "mcr",
    "234m234p234s789mEE",
    [
        ("san_se_san_tong_shun", 1),
        ("men_qian_qing", 1),
        ("dan_diao_jiang", 1)
    ],
    11
);

// 第九条 41 三色三同顺 with two chows
case!(
    san_se_san_tong_shun_2,
    "mcr",
    "[567m][567p]567s111sCC",
    [
        ("san_se_san_tong_shun", 1),
        ("yao_jiu_ke", 1),
        ("dan_diao_jiang", 1)
    ],
    10
);

// 第九条 42 三色三节高: 和牌时，有3种花色3副依次递增一位数的刻子
case!(
    san_se_san_jie_gao,
    "mcr",
    "222m333p444s789mEE",
    [
        ("san_an_ke", 1),
        ("san_se_san_jie_gao", 1),
        ("men_qian_qing", 1),
        ("dan_diao_jiang", 1)
    ],
    27
);

// 第九条 42 三色三节高 with an exposed pung
case!(
    san_se_san_jie_gao_2,
    "mcr",
    "[666p]777s888m123sNN",
    [
        ("san_se_san_jie_gao", 1),
        ("shuang_an_ke", 1),
        ("dan_diao_jiang", 1)
    ],
    11
);

// 第九条 43 无番和: 和牌后，数不出任何番种分（花牌不计算在内）
case!(wu_fan_he, "mcr", "[123m][567p]789sNN34s5s", [("wu_fan_he", 1)], 8);

// 第九条 43 无番和 with two flowers (花牌不计算在内)
case!(
    wu_fan_he_2,
    "mcr",
    "[123m][567p]789sNN34s5s flowers=2",
    [("wu_fan_he", 1), ("hua_pai", 2)],
    10
);

// 第九条 44 妙手回春: 自摸牌墙上最后一张牌和牌。不计自摸
case!(
    miao_shou_hui_chun,
    "mcr",
    "[123m][567p]789sNN34s5s self last",
    [("miao_shou_hui_chun", 1)],
    8
);

// 第九条 44 妙手回春, concealed
case!(
    miao_shou_hui_chun_2,
    "mcr",
    "123m567p789sNN34s5s self last",
    [("miao_shou_hui_chun", 1), ("bu_qiu_ren", 1)],
    12
);

// 第九条 45 海底捞月: 和打出的最后一张牌
case!(
    hai_di_lao_yue,
    "mcr",
    "[123m][567p]789sNN34s5s last",
    [("hai_di_lao_yue", 1)],
    8
);

// 第九条 45 海底捞月, concealed
case!(
    hai_di_lao_yue_2,
    "mcr",
    "123m567p789sNN34s5s last",
    [("hai_di_lao_yue", 1), ("men_qian_qing", 1)],
    10
);

// 第九条 46 杠上开花: 开杠抓进的牌成和牌（不包括补花）。不计自摸
// reference: the kong replacement keeps 暗杠 and replaces 自摸
case!(
    gang_shang_kai_hua,
    "mcr",
    "[5555p][123m]789sNN34s5s self kong",
    [("gang_shang_kai_hua", 1), ("an_gang", 1)],
    10
);

// 第九条 46 杠上开花 with an exposed kong
case!(
    gang_shang_kai_hua_2,
    "mcr",
    "[5555p,2][123m]789sNN34s5s self kong",
    [("gang_shang_kai_hua", 1), ("ming_gang", 1)],
    9
);

// 第九条 47 抢杠和: 和别人自抓开明杠的牌。不计和绝张
case!(
    qiang_gang_he,
    "mcr",
    "[123m][567p]789sNN34s5s kong",
    [("qiang_gang_he", 1)],
    8
);

// 第九条 47 抢杠和 (不计和绝张: fourth is ignored)
// reference: the 和绝张 flag is dropped by 抢杠和
case!(
    qiang_gang_he_2,
    "mcr",
    "[123m][567p]789sNN34s5s kong fourth",
    [("qiang_gang_he", 1)],
    8
);

// 第九条 48 碰碰和: 由4副刻子（或杠）、将牌组成的和牌
case!(
    peng_peng_hu,
    "mcr",
    "[111m][333p]555s777sEE",
    [
        ("peng_peng_hu", 1),
        ("shuang_an_ke", 1),
        ("yao_jiu_ke", 1),
        ("dan_diao_jiang", 1)
    ],
    10
);

// 第九条 48 碰碰和 with a kong
case!(
    peng_peng_hu_2,
    "mcr",
    "[2222m,1][444p][666s]888pNN",
    [("peng_peng_hu", 1), ("ming_gang", 1), ("dan_diao_jiang", 1)],
    8
);

// 第九条 49 混一色: 由一种花色序数牌及字牌组成的和牌
case!(
    hun_yi_se,
    "mcr",
    "[123m]666m789mEEECC",
    [
        ("hun_yi_se", 1),
        ("quan_feng_ke", 1),
        ("men_feng_ke", 1),
        ("shuang_an_ke", 1),
        ("lao_shao_fu", 1),
        ("dan_diao_jiang", 1)
    ],
    14
);

// 第九条 49 混一色
case!(
    hun_yi_se_2,
    "mcr",
    "234p567p999pFFFSS",
    [
        ("hun_yi_se", 1),
        ("jian_ke", 1),
        ("men_qian_qing", 1),
        ("shuang_an_ke", 1),
        ("lian_liu", 1),
        ("yao_jiu_ke", 1),
        ("dan_diao_jiang", 1)
    ],
    15
);

// 第九条 50 三色三步高: 3种花色3副依次递增一位序数的顺子
case!(
    san_se_san_bu_gao,
    "mcr",
    "123m234p345s789mEE",
    [
        ("san_se_san_bu_gao", 1),
        ("men_qian_qing", 1),
        ("lao_shao_fu", 1),
        ("dan_diao_jiang", 1)
    ],
    10
);

// 第九条 50 三色三步高 with chows
case!(
    san_se_san_bu_gao_2,
    "mcr",
    "[456m][567p]678s222sNN",
    [("san_se_san_bu_gao", 1), ("dan_diao_jiang", 1)],
    7
);

// 第九条 51 五门齐: 和牌时3种序数牌、风、箭牌齐全
case!(
    wu_men_qi,
    "mcr",
    "[234m]456p789sEEECC",
    [
        ("wu_men_qi", 1),
        ("quan_feng_ke", 1),
        ("men_feng_ke", 1),
        ("dan_diao_jiang", 1)
    ],
    11
);

// 第九条 51 五门齐
case!(
    wu_men_qi_2,
    "mcr",
    "234m567p999sNNNFF",
    [
        ("wu_men_qi", 1),
        ("men_qian_qing", 1),
        ("shuang_an_ke", 1),
        ("yao_jiu_ke", 2),
        ("dan_diao_jiang", 1)
    ],
    13
);

// 第九条 52 全求人: 全靠吃牌、碰牌、单钓别人打出的牌和牌。不计单钓
case!(
    quan_qiu_ren,
    "mcr",
    "[123m][456p][789s][EEE]FF",
    [
        ("hua_long", 1),
        ("wu_men_qi", 1),
        ("quan_qiu_ren", 1),
        ("quan_feng_ke", 1),
        ("men_feng_ke", 1)
    ],
    24
);

// 第九条 52 全求人 with a kong
case!(
    quan_qiu_ren_2,
    "mcr",
    "[234m][5555p,2][678s][999m]1s1s",
    [
        ("quan_qiu_ren", 1),
        ("yao_jiu_ke", 1),
        ("ming_gang", 1),
        ("wu_zi", 1)
    ],
    9
);

// 第九条 53 双暗杠: 2个暗杠
case!(
    shuang_an_gang,
    "mcr",
    "[1111m][2222p]345s678sEE",
    [
        ("shuang_an_gang", 1),
        ("men_qian_qing", 1),
        ("lian_liu", 1),
        ("yao_jiu_ke", 1),
        ("dan_diao_jiang", 1)
    ],
    11
);

// 第九条 53 双暗杠, self-drawn
case!(
    shuang_an_gang_2,
    "mcr",
    "[4444s][8888m]123p567pCC self",
    [("shuang_an_gang", 1), ("bu_qiu_ren", 1), ("dan_diao_jiang", 1)],
    11
);

// 第九条 54 双箭刻: 2副箭刻（或杠）
case!(
    shuang_jian_ke,
    "mcr",
    "[CCC]FFF123m456p7s7s",
    [("shuang_jian_ke", 1), ("dan_diao_jiang", 1)],
    7
);

// 第九条 54 双箭刻 with a kong
case!(
    shuang_jian_ke_2,
    "mcr",
    "[PPPP,1][CCC]234s567s9m9m",
    [
        ("shuang_jian_ke", 1),
        ("lian_liu", 1),
        ("ming_gang", 1),
        ("que_yi_men", 1),
        ("dan_diao_jiang", 1)
    ],
    10
);

// 第九条 55 全带幺: 和牌时，每副牌、将牌都有幺牌
case!(
    quan_dai_yao,
    "mcr",
    "123m789m123p999sEE",
    [
        ("quan_dai_yao", 1),
        ("men_qian_qing", 1),
        ("xi_xiang_feng", 1),
        ("lao_shao_fu", 1),
        ("yao_jiu_ke", 1),
        ("dan_diao_jiang", 1)
    ],
    10
);

// 第九条 55 全带幺 with melds
case!(
    quan_dai_yao_2,
    "mcr",
    "[789s][111p]123m789mNN",
    [
        ("quan_dai_yao", 1),
        ("xi_xiang_feng", 1),
        ("lao_shao_fu", 1),
        ("yao_jiu_ke", 1),
        ("dan_diao_jiang", 1)
    ],
    8
);

// 第九条 56 不求人: 4副牌及将中没有吃牌、碰牌（包括明杠），自摸和牌
case!(
    bu_qiu_ren,
    "mcr",
    "123m456p789s234s5s5s self",
    [("hua_long", 1), ("bu_qiu_ren", 1), ("ping_hu", 1)],
    14
);

// 第九条 56 不求人 with a concealed kong
case!(
    bu_qiu_ren_2,
    "mcr",
    "[3333m]456p678s22sEEE self",
    [
        ("bu_qiu_ren", 1),
        ("quan_feng_ke", 1),
        ("men_feng_ke", 1),
        ("shuang_an_ke", 1),
        ("an_gang", 1)
    ],
    12
);

// 第九条 57 双明杠: 2个明杠
case!(
    shuang_ming_gang,
    "mcr",
    "[1111m,1][2222p,2]345s678sEE",
    [
        ("shuang_ming_gang", 1),
        ("lian_liu", 1),
        ("yao_jiu_ke", 1),
        ("dan_diao_jiang", 1)
    ],
    7
);

// 第九条 57 双明杠, one added to a pung
case!(
    shuang_ming_gang_2,
    "mcr",
    "[6666s,5][9999p,3]234m456mNN",
    [("shuang_ming_gang", 1), ("yao_jiu_ke", 1), ("dan_diao_jiang", 1)],
    6
);

// 第九条 58 和绝张: 和牌池、桌面已亮明的3张牌所剩的第4张牌
case!(
    he_jue_zhang,
    "mcr",
    "[123m][567p]789sNN34s5s fourth",
    [("he_jue_zhang", 1)],
    4
);

// 第九条 58 和绝张, the other three shown in the hand's own pung (forced)
// reference: 和绝张 is forced when the hand's own melds show the other three copies
case!(
    he_jue_zhang_2,
    "mcr",
    "[555s][123m][567p]NN34s5s",
    [("he_jue_zhang", 1), ("si_gui_yi", 1)],
    6
);

// 第九条 59 箭刻: 由中、发、白3张相同的牌组成的刻子
case!(
    jian_ke,
    "mcr",
    "[CCC]123m456p789s5s5s",
    [("hua_long", 1), ("jian_ke", 1), ("dan_diao_jiang", 1)],
    11
);

// 第九条 59 箭刻
case!(
    jian_ke_2,
    "mcr",
    "[FFF]234m345p678p9p9p",
    [("jian_ke", 1), ("lian_liu", 1), ("que_yi_men", 1)],
    4
);

// 第九条 60 圈风刻: 与圈风相同的风刻
case!(
    quan_feng_ke,
    "mcr",
    "[SSS]123m456p789s5s5s round=S seat=E",
    [("hua_long", 1), ("quan_feng_ke", 1), ("dan_diao_jiang", 1)],
    11
);

// 第九条 60 圈风刻, west round
case!(
    quan_feng_ke_2,
    "mcr",
    "[WWW]234m345p678p9p9p round=W seat=N",
    [("quan_feng_ke", 1), ("lian_liu", 1), ("que_yi_men", 1)],
    4
);

// 第九条 61 门风刻: 与本门风相同的风刻
case!(
    men_feng_ke,
    "mcr",
    "[NNN]123m456p789s5s5s seat=N",
    [("hua_long", 1), ("men_feng_ke", 1), ("dan_diao_jiang", 1)],
    11
);

// 第九条 61 门风刻 and 圈风刻 from one pung
case!(
    men_feng_ke_2,
    "mcr",
    "[EEE]123m456p789s5s5s seat=E round=E",
    [
        ("hua_long", 1),
        ("quan_feng_ke", 1),
        ("men_feng_ke", 1),
        ("dan_diao_jiang", 1)
    ],
    13
);

// 第九条 62 门前清: 没有吃、碰、明杠，和别人打出的牌
case!(
    men_qian_qing,
    "mcr",
    "123m456p789s234sEE",
    [("hua_long", 1), ("men_qian_qing", 1), ("dan_diao_jiang", 1)],
    11
);

// 第九条 62 门前清: 暗杠不影响“门前清”
case!(
    men_qian_qing_2,
    "mcr",
    "[7777s]123m456p789pEE",
    [
        ("men_qian_qing", 1),
        ("an_gang", 1),
        ("lian_liu", 1),
        ("dan_diao_jiang", 1)
    ],
    6
);

// 第九条 63 平和: 由4副顺子及序数牌作将组成的和牌，边、坎、钓不影响平和
case!(ping_hu, "mcr", "[123m][567p]789s22s34s5s", [("ping_hu", 1)], 2);

// 第九条 63 平和, concealed
case!(
    ping_hu_2,
    "mcr",
    "234m567p678s345s99m",
    [
        ("men_qian_qing", 1),
        ("ping_hu", 1),
        ("lian_liu", 1),
        ("dan_diao_jiang", 1)
    ],
    6
);

// 第九条 64 四归一: 和牌中，有4张相同的牌归于一家的顺、刻子、对、将牌中（不包括杠牌）
case!(
    si_gui_yi,
    "mcr",
    "[222m]234m567p789sEE",
    [("si_gui_yi", 1), ("dan_diao_jiang", 1)],
    3
);

// 第九条 64 四归一 in a chow and the pair
case!(
    si_gui_yi_2,
    "mcr",
    "[123m][567p]345m789s3m3m",
    [("ping_hu", 1), ("si_gui_yi", 1)],
    4
);

// 第九条 65 双同刻: 2副序数相同的刻子
case!(
    shuang_tong_ke,
    "mcr",
    "[555m][555p]123s789sEE",
    [("shuang_tong_ke", 1), ("lao_shao_fu", 1), ("dan_diao_jiang", 1)],
    4
);

// 第九条 65 双同刻
case!(
    shuang_tong_ke_2,
    "mcr",
    "[222s][222p]456m789mNN",
    [("shuang_tong_ke", 1), ("lian_liu", 1), ("dan_diao_jiang", 1)],
    4
);

// 第九条 66 双暗刻: 2个暗刻
case!(
    shuang_an_ke,
    "mcr",
    "[123m][456p]777sEEE9s9s",
    [("quan_feng_ke", 1), ("men_feng_ke", 1), ("shuang_an_ke", 1)],
    6
);

// 第九条 66 双暗刻
case!(
    shuang_an_ke_2,
    "mcr",
    "[234m][567p]111s999sNN",
    [("shuang_an_ke", 1), ("yao_jiu_ke", 2), ("dan_diao_jiang", 1)],
    5
);

// 第九条 67 暗杠: 自抓4张相同的牌开杠
case!(
    an_gang,
    "mcr",
    "[3333p][123m]456s789sNN",
    [("an_gang", 1), ("lian_liu", 1), ("dan_diao_jiang", 1)],
    4
);

// 第九条 67 暗杠
case!(
    an_gang_2,
    "mcr",
    "[CCCC][234m]567p888sEE",
    [
        ("wu_men_qi", 1),
        ("jian_ke", 1),
        ("shuang_an_ke", 1),
        ("an_gang", 1),
        ("dan_diao_jiang", 1)
    ],
    13
);

// 第九条 68 断幺: 和牌中没有一、九及字牌
case!(
    duan_yao,
    "mcr",
    "[234m][567p]345s678s2m2m",
    [
        ("ping_hu", 1),
        ("duan_yao", 1),
        ("lian_liu", 1),
        ("dan_diao_jiang", 1)
    ],
    6
);

// 第九条 68 断幺
case!(
    duan_yao_2,
    "mcr",
    "[345m][678p]234s555s6m6m",
    [("duan_yao", 1), ("dan_diao_jiang", 1)],
    3
);

// 第九条 69 一般高: 由一种花色2副相同的顺子组成的牌
case!(
    yi_ban_gao,
    "mcr",
    "[123m][123m]456p789sEE",
    [("hua_long", 1), ("yi_ban_gao", 1), ("dan_diao_jiang", 1)],
    10
);

// 第九条 69 一般高
case!(
    yi_ban_gao_2,
    "mcr",
    "[345p][345p]111sCCC9m9m",
    [
        ("jian_ke", 1),
        ("shuang_an_ke", 1),
        ("yi_ban_gao", 1),
        ("yao_jiu_ke", 1),
        ("dan_diao_jiang", 1)
    ],
    7
);

// 第九条 70 喜相逢: 2种花色2副序数相同的顺子
case!(
    xi_xiang_feng,
    "mcr",
    "[123m][123p]456s789sEE",
    [("xi_xiang_feng", 1), ("lian_liu", 1), ("dan_diao_jiang", 1)],
    3
);

// 第九条 70 喜相逢
case!(
    xi_xiang_feng_2,
    "mcr",
    "[456m][456s]111pCCC9p9p",
    [
        ("jian_ke", 1),
        ("shuang_an_ke", 1),
        ("xi_xiang_feng", 1),
        ("yao_jiu_ke", 1),
        ("dan_diao_jiang", 1)
    ],
    7
);

// 第九条 71 连六: 一种花色6张相连接的序数牌
case!(
    lian_liu,
    "mcr",
    "[123m][456m]789p111sEE",
    [("lian_liu", 1), ("yao_jiu_ke", 1), ("dan_diao_jiang", 1)],
    3
);

// 第九条 71 连六
case!(
    lian_liu_2,
    "mcr",
    "[345s][678s]111pCCC9m9m",
    [
        ("jian_ke", 1),
        ("shuang_an_ke", 1),
        ("lian_liu", 1),
        ("yao_jiu_ke", 1),
        ("dan_diao_jiang", 1)
    ],
    7
);

// 第九条 72 老少副: 一种花色牌的123、789两副顺子
case!(
    lao_shao_fu,
    "mcr",
    "[123m][789m]456p111sEE",
    [("lao_shao_fu", 1), ("yao_jiu_ke", 1), ("dan_diao_jiang", 1)],
    3
);

// 第九条 72 老少副
case!(
    lao_shao_fu_2,
    "mcr",
    "[123p][789p]222sCCC5m5m",
    [
        ("jian_ke", 1),
        ("shuang_an_ke", 1),
        ("lao_shao_fu", 1),
        ("dan_diao_jiang", 1)
    ],
    6
);

// 第九条 73 幺九刻: 3张相同的一、九序数牌及字牌组成的刻子（或杠）
case!(
    yao_jiu_ke,
    "mcr",
    "[999m][123p]456s789sNN",
    [("lian_liu", 1), ("yao_jiu_ke", 1), ("dan_diao_jiang", 1)],
    3
);

// 第九条 73 幺九刻 of a wind that is neither seat nor round wind
case!(
    yao_jiu_ke_2,
    "mcr",
    "[WWW][123p]456s789m5m5m",
    [("hua_long", 1), ("yao_jiu_ke", 1), ("dan_diao_jiang", 1)],
    10
);

// 第九条 74 明杠: 自己有暗刻，碰别人打出的一张相同的牌开杠
case!(
    ming_gang,
    "mcr",
    "[5555p,1][123m]456s789sNN",
    [("lian_liu", 1), ("ming_gang", 1), ("dan_diao_jiang", 1)],
    3
);

// 第九条 74 明杠: 或自己抓进一张与碰的明刻相同的牌开杠
case!(
    ming_gang_2,
    "mcr",
    "[5555p,6][123m]456s789sNN",
    [("lian_liu", 1), ("ming_gang", 1), ("dan_diao_jiang", 1)],
    3
);

// 第九条 75 缺一门: 和牌中缺少一种花色序数牌
case!(
    que_yi_men,
    "mcr",
    "[123m][456m]789p234pNN",
    [("lian_liu", 1), ("que_yi_men", 1), ("dan_diao_jiang", 1)],
    3
);

// 第九条 75 缺一门
case!(
    que_yi_men_2,
    "mcr",
    "[345s][678s]123pCCC9p9p",
    [
        ("jian_ke", 1),
        ("lian_liu", 1),
        ("que_yi_men", 1),
        ("dan_diao_jiang", 1)
    ],
    5
);

// 第九条 76 无字: 和牌中没有风、箭牌
case!(
    wu_zi,
    "mcr",
    "[123m][567p]789s999p5s5s",
    [("yao_jiu_ke", 1), ("wu_zi", 1), ("dan_diao_jiang", 1)],
    3
);

// 第九条 76 无字
case!(
    wu_zi_2,
    "mcr",
    "[123m][456p]789s111s9m9m",
    [
        ("hua_long", 1),
        ("yao_jiu_ke", 1),
        ("wu_zi", 1),
        ("dan_diao_jiang", 1)
    ],
    11
);

// 第九条 77 边张: 单和123的3及789的7
case!(
    bian_zhang,
    "mcr",
    "[123m][567p]EEE99s12s3s",
    [
        ("quan_feng_ke", 1),
        ("men_feng_ke", 1),
        ("xi_xiang_feng", 1),
        ("bian_zhang", 1)
    ],
    6
);

// 第九条 77 边张, seed example: 7789和7 ……都为边张
case!(
    bian_zhang_2,
    "mcr",
    "[123m][567p]EEE7789s7s",
    [("quan_feng_ke", 1), ("men_feng_ke", 1), ("bian_zhang", 1)],
    5
);

// 第九条 77 边张, seed example: 1233和3 ……都为边张
case!(
    bian_zhang_3,
    "mcr",
    "[123m][567p]EEE1233s3s",
    [
        ("quan_feng_ke", 1),
        ("men_feng_ke", 1),
        ("xi_xiang_feng", 1),
        ("bian_zhang", 1)
    ],
    6
);

// 第九条 77 边张, seed example: 手中有12345和3……不算和边张 (3s and 6s both win)
case!(
    bian_zhang_4,
    "mcr",
    "[123m][567p]12345s99p3s",
    [("ping_hu", 1), ("xi_xiang_feng", 1)],
    3
);

// 第九条 78 坎张: 和2张牌之间的牌
case!(
    kan_zhang,
    "mcr",
    "[123m][567p]EEE99s13s2s",
    [
        ("quan_feng_ke", 1),
        ("men_feng_ke", 1),
        ("xi_xiang_feng", 1),
        ("kan_zhang", 1)
    ],
    6
);

// 第九条 78 坎张, seed example: 4556和5也为坎张
case!(
    kan_zhang_2,
    "mcr",
    "[123m][567p]EEE4556s5s",
    [("quan_feng_ke", 1), ("men_feng_ke", 1), ("kan_zhang", 1)],
    5
);

// 第九条 78 坎张, seed example: 手中有45567和6不算坎张 (3s and 6s both win)
case!(
    kan_zhang_3,
    "mcr",
    "[123m][567p]45567s99p6s",
    [("ping_hu", 1), ("xi_xiang_feng", 1)],
    3
);

// 第九条 79 单钓将: 钓单张牌作将成和
case!(
    dan_diao_jiang,
    "mcr",
    "[123m][567p]789sEEE5s5s",
    [("quan_feng_ke", 1), ("men_feng_ke", 1), ("dan_diao_jiang", 1)],
    5
);

// 第九条 79 单钓将
case!(
    dan_diao_jiang_2,
    "mcr",
    "[234m][678p]NNN999s1m1m",
    [("shuang_an_ke", 1), ("yao_jiu_ke", 2), ("dan_diao_jiang", 1)],
    5
);

// 第九条 80 自摸: 自己抓进牌成和牌
case!(
    zi_mo,
    "mcr",
    "[123m]456p777sEECCC self",
    [
        ("wu_men_qi", 1),
        ("jian_ke", 1),
        ("shuang_an_ke", 1),
        ("zi_mo", 1)
    ],
    11
);

// 第九条 80 自摸
case!(
    zi_mo_2,
    "mcr",
    "[123m][567p]789sNN34s5s self flowers=1",
    [("zi_mo", 1), ("hua_pai", 1)],
    2
);

// 第九条 81 花牌: 每花计一分。不计在起和分内，和牌后才能计分
case!(
    hua_pai,
    "mcr",
    "123m456p789s1z2z2z2z1z self 15f",
    [
        ("hua_long", 1),
        ("bu_qiu_ren", 1),
        ("yao_jiu_ke", 1),
        ("dan_diao_jiang", 1),
        ("hua_pai", 2)
    ],
    16
);

// 第九条 81 花牌, flowers=3
case!(
    hua_pai_2,
    "mcr",
    "[123m][567p]789sNN34s5s flowers=3",
    [("wu_fan_he", 1), ("hua_pai", 3)],
    11
);

// 第十条 不重复原则: 全双刻 implies 碰碰和 and 断幺, which are not counted again
case!(
    p_bu_chong_fu,
    "mcr",
    "[222m]444p666s888s2p2p",
    [("quan_shuang_ke", 1), ("san_an_ke", 1)],
    40
);

// 第十条 不重复原则: 清一色 implies 无字; 四暗刻 implies 碰碰和 and 门前清
case!(
    p_bu_chong_fu_2,
    "mcr",
    "111m222m333m555m9m9m",
    [
        ("si_an_ke", 1),
        ("qing_yi_se", 1),
        ("yi_se_san_jie_gao", 1),
        ("yao_jiu_ke", 1),
        ("dan_diao_jiang", 1)
    ],
    114
);

// 第十条 不重复原则: 大四喜 implies 圈风刻/门风刻/三风刻/碰碰和
case!(
    p_bu_chong_fu_3,
    "mcr",
    "[EEE][SSS][WWW][NNN]1m1m",
    [
        ("da_si_xi", 1),
        ("hun_yao_jiu", 1),
        ("hun_yi_se", 1),
        ("quan_qiu_ren", 1)
    ],
    132
);

// 第十条 不拆移原则: the three chows of 清龙 do not also make 连六 or 老少副 among themselves
case!(
    p_bu_chai_yi,
    "mcr",
    "123m456m789m234p5s5s",
    [
        ("qing_long", 1),
        ("men_qian_qing", 1),
        ("ping_hu", 1),
        ("dan_diao_jiang", 1)
    ],
    21
);

// 第十条 不拆移原则: the chows of 一色三步高 do not also make 连六 among themselves
case!(
    p_bu_chai_yi_2,
    "mcr",
    "123p234p345p789s5m5m",
    [
        ("yi_se_san_bu_gao", 1),
        ("men_qian_qing", 1),
        ("ping_hu", 1),
        ("dan_diao_jiang", 1)
    ],
    21
);

// 第十条 不拆移原则: 三色双龙会 is not also 喜相逢/老少副
case!(
    p_bu_chai_yi_3,
    "mcr",
    "123m789m123p789p5s5s",
    [
        ("san_se_shuang_long_hui", 1),
        ("men_qian_qing", 1),
        ("dan_diao_jiang", 1)
    ],
    19
);

// 第十条 不得相同原则: 234s567s234p567p: 喜相逢×2 and 连六 only once
// reference: four chows give at most three 1-point relations
case!(
    p_bu_de_xiang_tong,
    "mcr",
    "234567s234567p5m5m",
    [
        ("men_qian_qing", 1),
        ("ping_hu", 1),
        ("duan_yao", 1),
        ("xi_xiang_feng", 2),
        ("lian_liu", 1),
        ("dan_diao_jiang", 1)
    ],
    10
);

// 第十条 不得相同原则: 123m×2 + 123p×2: chows already combined are not combined again into the same fan
// reference: four chows give at most three 1-point relations (一般高×2 + 喜相逢)
case!(
    p_bu_de_xiang_tong_2,
    "mcr",
    "[123m]123m123p123pEE",
    [
        ("quan_dai_yao", 1),
        ("yi_ban_gao", 2),
        ("xi_xiang_feng", 1),
        ("que_yi_men", 1),
        ("dan_diao_jiang", 1)
    ],
    9
);

// 第十条 就高不就低原则: 111222333m can be 123m×3 (一色三同顺 24) or three pungs (一色三节高 24 + 三暗刻 16): the higher reading counts
// reference: equal 24 either way; the pung reading adds 三暗刻 16
case!(
    p_jiu_gao,
    "mcr",
    "123m123m123m789p5s5s",
    [
        ("yi_se_san_jie_gao", 1),
        ("san_an_ke", 1),
        ("men_qian_qing", 1),
        ("yao_jiu_ke", 1),
        ("wu_zi", 1),
        ("dan_diao_jiang", 1)
    ],
    45
);

// 第十条 就高不就低原则: a seven-pairs hand that is also a regular hand scores the higher reading
case!(
    p_jiu_gao_2,
    "mcr",
    "112233m445566p7s7s",
    [("qi_dui", 1), ("wu_zi", 1)],
    25
);

// 第十条 套算一次原则: 234s223344567p: 一般高 + 喜相逢 + 连六
case!(
    p_tao_suan,
    "mcr",
    "234s223344567p9m9m",
    [
        ("men_qian_qing", 1),
        ("ping_hu", 1),
        ("yi_ban_gao", 1),
        ("xi_xiang_feng", 1),
        ("lian_liu", 1),
        ("dan_diao_jiang", 1)
    ],
    8
);

// 第十条 套算一次原则: 123m123m789m123p: 一般高 + 喜相逢 + 老少副
case!(
    p_tao_suan_2,
    "mcr",
    "[123m]123m789m123pEE",
    [
        ("quan_dai_yao", 1),
        ("yi_ban_gao", 1),
        ("xi_xiang_feng", 1),
        ("lao_shao_fu", 1),
        ("que_yi_men", 1),
        ("dan_diao_jiang", 1)
    ],
    9
);

// 第十条 不重复原则: 平和 (序数牌作将) implies 无字, which is not counted again
case!(
    p_bu_chong_fu_4,
    "mcr",
    "[123m][567p]789s22s34s5s",
    [("ping_hu", 1)],
    2
);

// ---------------------------------------------------------------- mcr-strict98

// 七对 is not also 绿一色 (strict 1998 reading); mcr scores 绿一色 + 七对
case!(
    strict98_lv_yi_se_7p,
    "mcr-strict98",
    "222233446688sFF",
    [("qi_dui", 1), ("hun_yi_se", 1), ("si_gui_yi", 1)],
    32
);

// 绿一色 is still scored for four sets and a pair
case!(
    strict98_lv_yi_se_std,
    "mcr-strict98",
    "[FFF]234s234s666s8s8s",
    [("lv_yi_se", 1), ("jian_ke", 1), ("yi_ban_gao", 1)],
    91
);

// 七对 is not also 字一色; nothing then removes 缺一门 (×3, docs/mcr-reference.md §14)
case!(
    strict98_zi_yi_se_7p,
    "mcr-strict98",
    "EESSWWNNCCFFPP",
    [("qi_dui", 1), ("que_yi_men", 3)],
    27
);

// 七对 is not also 清幺九
case!(
    strict98_qing_yao_jiu_7p,
    "mcr-strict98",
    "111199m1199p1199s",
    [("qi_dui", 1), ("si_gui_yi", 1), ("wu_zi", 1)],
    27
);

// 清幺九 also excludes 三同刻 (mcr 145, strict 129)
case!(
    strict98_qing_yao_jiu_san_tong_ke,
    "mcr-strict98",
    "111m111s111p999m9p9p",
    [("qing_yao_jiu", 1), ("si_an_ke", 1), ("dan_diao_jiang", 1)],
    129
);

// 七对 is not also 混幺九
case!(
    strict98_hun_yao_jiu_7p,
    "mcr-strict98",
    "1199m1199pEESSCC",
    [("qi_dui", 1), ("que_yi_men", 1)],
    25
);

// 七对 is not also 全大
case!(
    strict98_quan_da_7p,
    "mcr-strict98",
    "778899m778899p77s",
    [
        ("quan_da", 1),
        ("men_qian_qing", 1),
        ("ping_hu", 1),
        ("yi_ban_gao", 2),
        ("xi_xiang_feng", 1),
        ("dan_diao_jiang", 1)
    ],
    32
);

// 七对 is not also 全中
case!(
    strict98_quan_zhong_7p,
    "mcr-strict98",
    "4455m4466p445566s",
    [("qi_dui", 1), ("duan_yao", 1)],
    26
);

// 七对 is not also 全小; the regular reading 123m×2 123p×2 11s keeps 全小
case!(
    strict98_quan_xiao_7p,
    "mcr-strict98",
    "112233m112233p11s",
    [
        ("quan_xiao", 1),
        ("quan_dai_yao", 1),
        ("men_qian_qing", 1),
        ("ping_hu", 1),
        ("yi_ban_gao", 2),
        ("xi_xiang_feng", 1),
        ("dan_diao_jiang", 1)
    ],
    36
);

// 七对 is not also 大于五
case!(
    strict98_da_yu_wu_7p,
    "mcr-strict98",
    "667788m667799p66s",
    [("qi_dui", 1), ("wu_zi", 1)],
    25
);

// 七对 is not also 小于五
case!(
    strict98_xiao_yu_wu_7p,
    "mcr-strict98",
    "223344m112244p33s",
    [("qi_dui", 1), ("wu_zi", 1)],
    25
);

// 大三元 excludes 缺一门
case!(
    strict98_da_san_yuan,
    "mcr-strict98",
    "[CCC]FFFPPP234m9s9s",
    [("da_san_yuan", 1), ("shuang_an_ke", 1), ("dan_diao_jiang", 1)],
    91
);

// 小三元 excludes 缺一门
case!(
    strict98_xiao_san_yuan,
    "mcr-strict98",
    "[CCC]FFF123m456pPP",
    [("xiao_san_yuan", 1), ("dan_diao_jiang", 1)],
    65
);

// 一色四同顺 excludes 缺一门
case!(
    strict98_yi_se_si_tong_shun,
    "mcr-strict98",
    "[234s]234s234s234s9p9p",
    [("yi_se_si_tong_shun", 1), ("ping_hu", 1), ("dan_diao_jiang", 1)],
    51
);

// 一色四节高 excludes 缺一门
case!(
    strict98_yi_se_si_jie_gao,
    "mcr-strict98",
    "[333m]444m555m666m9p9p",
    [
        ("yi_se_si_jie_gao", 1),
        ("san_an_ke", 1),
        ("wu_zi", 1),
        ("dan_diao_jiang", 1)
    ],
    66
);

// 一色四步高 excludes 缺一门
case!(
    strict98_yi_se_si_bu_gao,
    "mcr-strict98",
    "123m234m345m456m9s9s",
    [
        ("yi_se_si_bu_gao", 1),
        ("men_qian_qing", 1),
        ("ping_hu", 1),
        ("dan_diao_jiang", 1)
    ],
    37
);

// 三风刻 excludes 缺一门
case!(
    strict98_san_feng_ke,
    "mcr-strict98",
    "[EEE]SSSWWW123m9s9s",
    [
        ("san_feng_ke", 1),
        ("quan_dai_yao", 1),
        ("quan_feng_ke", 1),
        ("men_feng_ke", 1),
        ("shuang_an_ke", 1),
        ("dan_diao_jiang", 1)
    ],
    23
);

// plain 七对 still scores the suit fans
case!(
    strict98_qi_dui,
    "mcr-strict98",
    "1133m2277p4499sEE",
    [("qi_dui", 1)],
    24
);

// 断幺 and 推不倒 are still computed on 七对
case!(
    strict98_duan_yao_7p,
    "mcr-strict98",
    "224488p2244s5588s",
    [("qi_dui", 1), ("tui_bu_dao", 1), ("duan_yao", 1)],
    34
);

// ---------------------------------------------------------------- mcr-mil

// 明暗杠: one concealed and one exposed kong, 5 points instead of 暗杠 2 + 明杠 1
case!(
    mil_ming_an_gang,
    "mcr-mil",
    "[5555p][1111s,2]234m789sEE self",
    [
        ("yao_jiu_ke", 1),
        ("dan_diao_jiang", 1),
        ("zi_mo", 1),
        ("ming_an_gang", 1)
    ],
    8
);

// 明暗杠 with an added kong
case!(
    mil_ming_an_gang_2,
    "mcr-mil",
    "[CCCC][EEEE,5]123m456p9s9s",
    [
        ("wu_men_qi", 1),
        ("jian_ke", 1),
        ("quan_feng_ke", 1),
        ("men_feng_ke", 1),
        ("dan_diao_jiang", 1),
        ("ming_an_gang", 1)
    ],
    18
);

// two concealed kongs stay 双暗杠
case!(
    mil_two_concealed,
    "mcr-mil",
    "[1111m][2222p]345s678sEE",
    [
        ("shuang_an_gang", 1),
        ("men_qian_qing", 1),
        ("lian_liu", 1),
        ("yao_jiu_ke", 1),
        ("dan_diao_jiang", 1)
    ],
    11
);

// two exposed kongs stay 双明杠
case!(
    mil_two_exposed,
    "mcr-mil",
    "[1111m,1][2222p,2]345s678sEE",
    [
        ("shuang_ming_gang", 1),
        ("lian_liu", 1),
        ("yao_jiu_ke", 1),
        ("dan_diao_jiang", 1)
    ],
    7
);

// with three kongs, 三杠 and no 明暗杠
case!(
    mil_three_kongs,
    "mcr-mil",
    "[1111m][2222p,1][3333s,2]456mEE",
    [
        ("san_gang", 1),
        ("san_se_san_jie_gao", 1),
        ("yao_jiu_ke", 1),
        ("dan_diao_jiang", 1)
    ],
    42
);
