//! 中国竞技麻将 (rulesets/jingji): every technical fan, every additional point, the
//! multi-wait-versus-single-wait rule, hands rejected for want of a technical fan, and the
//! settlement. "seed" is shared/seeds/003 (first part), "spec" is shared/rules/jingji.md; fan
//! values other than 混一色 are the spec's proposal (§4), additional points are the seed's (第九条).

mod common;

use common::scoring::{assert_win, fans};
use mj_dsl::{HandReport, Ruleset};

fn rs() -> &'static Ruleset {
    common::scoring::ruleset("jingji")
}

fn score(hand: &str) -> HandReport {
    common::scoring::score(rs(), hand)
}

/// Asserts the fans and the total of a valid win.
#[track_caller]
fn wins(hand: &str, expected: &[(&str, i64, u32)], total: i64) -> HandReport {
    assert_win(rs(), hand, expected, total)
}

/// Asserts a hand that reads as a win but is not a legal one (no technical fan).
#[track_caller]
fn rejected(hand: &str, expected: &[(&str, i64, u32)], total: i64) -> HandReport {
    let r = score(hand);
    assert_eq!(fans(&r), expected, "{hand}");
    assert_eq!(r.total, total, "{hand}");
    assert!(!r.valid, "{hand} should not be a legal win");
    let reason = r.reason.as_deref().unwrap_or_default();
    assert!(reason.contains("minimum is 1"), "{hand}: {reason}");
    assert!(r.payments.is_empty(), "{hand}: no payments for an illegal win");
    r
}

fn pay(r: &HandReport, seat: &str) -> i64 {
    r.payments.get(seat).unwrap_or(0)
}

// ------------------------------------------------------------------ the ruleset itself

#[test]
fn loads_with_twelve_technical_fans_and_seven_additional_points() {
    let rs = rs();
    assert_eq!(rs.tiles.total_tiles(), 144, "seed §1: 136 tiles plus 8 flowers");
    assert_eq!(rs.min_points, 1);
    assert!(!rs.bonus_counts_toward_min);
    let technical: Vec<_> = rs.fans.iter().filter(|f| f.family == "technical").collect();
    let additional: Vec<_> = rs.fans.iter().filter(|f| f.family == "additional").collect();
    // Twelve numbered technical fans; no. 9 is three fans (全大, 全中, 全小).
    assert_eq!(technical.len(), 14);
    assert_eq!(additional.len(), 7);
    assert!(technical
        .iter()
        .all(|f| !f.bonus && f.value >= 20 && f.value % 2 == 0));
    assert!(additional.iter().all(|f| f.bonus));
    assert_eq!(rs.fans.len(), technical.len() + additional.len());
    let value = |id: &str| rs.fans[rs.fan_index(id).unwrap()].value;
    // Seed 第九条 三: 混一色 20; spec §4 for the rest.
    for (id, v) in [
        ("hua_long", 20),
        ("qing_long", 30),
        ("zu_he_long", 30),
        ("hun_yi_se", 20),
        ("dui_dui_hu", 20),
        ("da_luan", 30),
        ("quan_qiu_du_diao", 20),
        ("jia_jue_zhang", 20),
        ("quan_da", 30),
        ("quan_zhong", 30),
        ("quan_xiao", 30),
        ("qing_yi_se", 40),
        ("qi_dui", 40),
        ("san_jian_ke", 60),
        // Seed 第九条 附加分.
        ("hua_pai", 2),
        ("dan_zhang", 4),
        ("bu_hua_he", 6),
        ("gang_shang_kai_hua", 8),
        ("hai_di_lao_yue", 8),
        ("miao_shou_hui_chun", 8),
        ("men_qing", 8),
    ] {
        assert_eq!(value(id), v, "{id}");
    }
}

#[test]
fn table_rules_follow_decisions_1_and_6() {
    let t = mj_dsl::table::table_rules(rs()).unwrap();
    use mj_core::game::rules::{ClaimKind, DealerRotation, MultipleWinners};
    assert!(t.claims.chi && t.claims.pong && t.claims.exposed_kong && t.claims.bonus);
    assert!(t.level(ClaimKind::Win) < t.level(ClaimKind::Kong));
    assert!(t.level(ClaimKind::Kong) < t.level(ClaimKind::Pong));
    assert!(t.level(ClaimKind::Pong) < t.level(ClaimKind::Chi));
    assert_eq!(t.multiple_winners, MultipleWinners::All);
    assert_eq!(t.dealer, DealerRotation::StayOnWin);
    assert!(t.replace_bonus_at_deal);
    assert_eq!(t.wall_sides, vec![18, 18, 18, 18]);
}

// ------------------------------------------------------------------ technical fans

#[test]
fn hua_long_mixed_straight() {
    // Seed fan 1 (花龙, spec 20): 123m 456p 789s; two-sided wait, a call, so nothing else.
    wins("[123m]456p789s23mEE4m", &[("hua_long", 20, 1)], 20);
}

#[test]
fn qing_long_pure_straight() {
    // Seed fan 2 (清龙, spec 30).
    wins("[123m]456m789m23pEE4p", &[("qing_long", 30, 1)], 30);
}

#[test]
fn zu_he_long_knitted_straight_form() {
    // Seed fan 3 (组合龙, spec 30): the knitted straight + set + pair form (Decisions 4). The
    // winning 7m completes the knit, which is no 夹/边/单吊 wait.
    wins("[EEE]14m258p369s55m7m", &[("zu_he_long", 30, 1)], 30);
    // Waiting on the pair instead is a single wait: + 单张 4.
    wins(
        "[EEE]147m258p369s5m5m",
        &[("zu_he_long", 30, 1), ("dan_zhang", 4, 1)],
        34,
    );
}

#[test]
fn hun_yi_se_half_flush() {
    // Seed fan 4 (混一色 20, the seed's own value); a shanpon-free two-pung hand.
    wins("[234m]567mEEE99mSSS", &[("hun_yi_se", 20, 1)], 20);
}

#[test]
fn seed_example_seven_pairs_and_half_flush() {
    // Seed 第九条 计分原则: "七对得分，同时为混一色的情况加上混一色20分" — 七对 40 (spec) +
    // 混一色 20 = 60 in fans; 门清 8 is added (Decisions 8 reading); no 单张 with 七对 (seed 十七).
    let r = wins(
        "1133557799mEEWW",
        &[("hun_yi_se", 20, 1), ("qi_dui", 40, 1), ("men_qing", 8, 1)],
        68,
    );
    let fan_points: i64 = r
        .fans
        .iter()
        .filter(|f| rs().fans[rs().fan_index(&f.id).unwrap()].family == "technical")
        .map(|f| f.points * f.count as i64)
        .sum();
    assert_eq!(fan_points, 60);
}

#[test]
fn dui_dui_hu_all_pungs() {
    // Seed fan 5 (对对和, spec 20); a shanpon (7s or E) is a multi-wait, so no 单张.
    wins("[222m][333p]555s77sEEE", &[("dui_dui_hu", 20, 1)], 20);
}

#[test]
fn da_luan_honours_and_knitted() {
    // Seed fan 6 (大乱/十四不靠, spec 30): 7 knitted tiles and all seven honours; concealed, so
    // 门清 8 (spec §5).
    wins("147m25p36sESWNCFP", &[("da_luan", 30, 1), ("men_qing", 8, 1)], 38);
    // Spec §4 row 6: with all nine knitted tiles 组合龙 is counted too.
    wins(
        "147m258p369sESWNC",
        &[("zu_he_long", 30, 1), ("da_luan", 30, 1), ("men_qing", 8, 1)],
        68,
    );
    // The same suit pattern twice is not this ruleset's 十四不靠 (see the note on da_luan).
    assert!(mj_dsl::score_text(rs(), "147m147p258sESWNC").is_err());
}

#[test]
fn quan_qiu_du_diao_all_melded_single_wait() {
    // Seed fan 7 (全求独钓, spec 20) with chows: four calls and a pair wait; 花龙 and the
    // single-wait bonus 4 add.
    wins(
        "[123m][456p][789s][EEE,2]SS",
        &[
            ("hua_long", 20, 1),
            ("quan_qiu_du_diao", 20, 1),
            ("dan_zhang", 4, 1),
        ],
        44,
    );
    // "全部为碰牌产生的全求独钓，另加对对和得分": all pungs add 对对和.
    wins(
        "[222m][333p,2][555s,3][EEE]SS",
        &[
            ("dui_dui_hu", 20, 1),
            ("quan_qiu_du_diao", 20, 1),
            ("dan_zhang", 4, 1),
        ],
        44,
    );
    // A concealed kong is no call (spec: "after calls"): three calls are not 全求独钓. The hand
    // is 混一色 instead, and still a single wait.
    wins(
        "[123m][456m][789m,2][EEEE]SS",
        &[("qing_long", 30, 1), ("hun_yi_se", 20, 1), ("dan_zhang", 4, 1)],
        54,
    );
}

#[test]
fn jia_jue_zhang_last_copy_closed_or_edge() {
    // Seed fan 8 (夹绝张, spec 20): the last 2m, the other three shown (`fourth`), closed in 1_3;
    // the 单张 4 still applies (spec §4 row 8).
    wins(
        "[234p][678s]13mEEE55s2m fourth",
        &[("jia_jue_zhang", 20, 1), ("dan_zhang", 4, 1)],
        24,
    );
    // "夹绝张，包括边张听绝张": the edge wait 12_ counts.
    wins(
        "[234p][678s]12mEEE55s3m fourth",
        &[("jia_jue_zhang", 20, 1), ("dan_zhang", 4, 1)],
        24,
    );
    // Not on the last copy: no technical fan, so no win (seed 第九条 一(二) 无番禁和牌).
    rejected("[234p][678s]13mEEE55s2m", &[("dan_zhang", 4, 1)], 4);
    // A pair wait on the last copy is not 夹.
    rejected("[234p][678s]123mEEE5s5s fourth", &[("dan_zhang", 4, 1)], 4);
}

#[test]
fn quan_da_zhong_xiao_three_equal_chows() {
    // Seed fan 9 (spec 30 each): "含有9张牌为全大即三组789" — three 789 chows anywhere in the
    // hand, any suits (Decisions 8).
    wins("[789m]789p789s55p23m1m", &[("quan_da", 30, 1)], 30);
    wins("[456m]456p456s23mEE4m", &[("quan_zhong", 30, 1)], 30);
    // One suit is fine too.
    wins("[123m]123m123m56pEE4p", &[("quan_xiao", 30, 1)], 30);
    // Two 789 chows are not enough.
    rejected("[789m]789p456s55p34m2m", &[], 0);
}

#[test]
fn qing_yi_se_full_flush() {
    // Seed fan 10 (清一色, spec 40).
    wins("[234m][567m]22m345m78m9m", &[("qing_yi_se", 40, 1)], 40);
}

#[test]
fn qi_dui_seven_pairs() {
    // Seed fan 11 (七对, spec 40): concealed, so 门清 8; "七对番种情况下，不再追加单张和牌分".
    wins("1122m3344p5566sEE", &[("qi_dui", 40, 1), ("men_qing", 8, 1)], 48);
}

#[test]
fn san_jian_ke_three_dragon_pungs() {
    // Seed fan 12 (三箭刻, spec 60), kongs allowed ("可以包含箭牌杠牌").
    wins("[CCC][FFFF,2]PPP23m55p1m", &[("san_jian_ke", 60, 1)], 60);
}

// ------------------------------------------------------------------ additional points

#[test]
fn flowers_two_points_each() {
    // Seed 第九条 (1): 花牌 2 each.
    wins(
        "[123m]456p789s23mEE4m flowers=2",
        &[("hua_long", 20, 1), ("hua_pai", 2, 2)],
        24,
    );
    wins(
        "[123m]456p789s23mEE4m 157f",
        &[("hua_long", 20, 1), ("hua_pai", 2, 3)],
        26,
    );
}

#[test]
fn single_wait_four_points() {
    // Seed 十七 / 第九条 (2): 单张和牌 4 for a closed (夹), edge (边) or pair (单吊) wait.
    wins(
        "[123m][EEE]24m55mSSS3m",
        &[("hun_yi_se", 20, 1), ("dan_zhang", 4, 1)],
        24,
    );
    wins(
        "[123m][EEE]12m55mSSS3m",
        &[("hun_yi_se", 20, 1), ("dan_zhang", 4, 1)],
        24,
    );
    wins(
        "[123m][EEE]456mSSS9m9m",
        &[("hun_yi_se", 20, 1), ("dan_zhang", 4, 1)],
        24,
    );
}

#[test]
fn multi_wait_scores_as_multi_wait() {
    // Seed 计分原则: "可以排列成多张和牌也可以排列成单张和牌时，只能按照多张和牌计算得低分不计
    // 单张得分". 3555m waits on 3m and 4m: the win on 4m reads as 35 closed, but no bonus.
    wins("[123m][EEE]3555mSSS4m", &[("hun_yi_se", 20, 1)], 20);
    // 1112m waits on 2m (单吊) and 3m: no bonus either.
    wins("[456m][EEE]1112mSSS2m", &[("hun_yi_se", 20, 1)], 20);
    // Nor does the last copy make such a win 夹绝张: with no other fan it is no win.
    rejected("[234p][678s]3555mEEE4m fourth", &[], 0);
}

#[test]
fn bu_hua_he_flower_replacement_win() {
    // Seed 第九条 (3): 补花和牌 6, a self-draw (with its flower's 2).
    let r = wins(
        "[123m]456p789s23mEE4m self bonus_replacement flowers=1",
        &[("hua_long", 20, 1), ("hua_pai", 2, 1), ("bu_hua_he", 6, 1)],
        28,
    );
    assert_eq!((pay(&r, "E"), pay(&r, "S")), (84, -28));
}

#[test]
fn gang_shang_kai_hua_kong_replacement_win() {
    // Seed 第九条 (4): 杠上开花 8 (here with a pair wait: + 单张 4).
    wins(
        "[EEEE,2][123m]456p789sSS self kong",
        &[
            ("hua_long", 20, 1),
            ("dan_zhang", 4, 1),
            ("gang_shang_kai_hua", 8, 1),
        ],
        32,
    );
}

#[test]
fn hai_di_lao_yue_and_miao_shou_hui_chun() {
    // Seed 第九条 (4): 8 each; "本盘最后各人一张牌" read as the last four (spec §5).
    wins(
        "[123m]456p789s23mEE4m last",
        &[("hua_long", 20, 1), ("hai_di_lao_yue", 8, 1)],
        28,
    );
    wins(
        "[123m]456p789s23mEE4m last_turn",
        &[("hua_long", 20, 1), ("hai_di_lao_yue", 8, 1)],
        28,
    );
    wins(
        "[123m]456p789s23mEE4m self last_turn",
        &[("hua_long", 20, 1), ("miao_shou_hui_chun", 8, 1)],
        28,
    );
    wins(
        "[123m]456p789s23mEE4m self last",
        &[("hua_long", 20, 1), ("miao_shou_hui_chun", 8, 1)],
        28,
    );
}

#[test]
fn men_qing_concealed_hand() {
    // Seed 第九条 (5): 门清 8, on a discard too (Decisions 8), concealed kongs allowed (spec §5).
    wins(
        "123m456p789s23mEE4m",
        &[("hua_long", 20, 1), ("men_qing", 8, 1)],
        28,
    );
    wins(
        "[SSSS]456m789m23mEE4m",
        &[("hun_yi_se", 20, 1), ("men_qing", 8, 1)],
        28,
    );
}

// ------------------------------------------------------------------ 无番禁和牌

#[test]
fn additional_points_never_qualify_a_hand() {
    // Seed 第九条 一(二) "必须具备技术型番种即无番禁和牌"; spec §3.2: additional points do not
    // qualify a hand. Flowers, single wait and a concealed hand: 16 points, no win.
    let r = rejected(
        "123m456p777s24mEE3m flowers=2",
        &[("hua_pai", 2, 2), ("dan_zhang", 4, 1), ("men_qing", 8, 1)],
        16,
    );
    assert!(r.reason.unwrap().contains("only bonus fans scored"));
    // Every additional point at once, still no technical fan.
    rejected(
        "[SSSS]123m456p77s24m3m self kong flowers=1",
        &[
            ("hua_pai", 2, 1),
            ("dan_zhang", 4, 1),
            ("gang_shang_kai_hua", 8, 1),
            ("men_qing", 8, 1),
        ],
        22,
    );
    // Nothing at all.
    rejected("[123m]456p777s23mEE4m", &[], 0);
}

// ------------------------------------------------------------------ settlement

#[test]
fn discard_win_discarder_pays_double() {
    // Seed 第九条 四(一) "总分×2，点炮方支付": T = 20 + 2×2 = 24, the discarder (left, N) pays 48.
    let r = wins(
        "[123m]456p789s23mEE4m flowers=2",
        &[("hua_long", 20, 1), ("hua_pai", 2, 2)],
        24,
    );
    assert_eq!(
        (pay(&r, "E"), pay(&r, "S"), pay(&r, "W"), pay(&r, "N")),
        (48, 0, 0, -48)
    );
    // from=2: the player opposite pays.
    let r = score("[123m]456p789s23mEE4m from=2");
    assert_eq!((pay(&r, "E"), pay(&r, "W"), pay(&r, "N")), (40, -40, 0));
}

#[test]
fn self_drawn_each_pays_the_total() {
    // Seed 第九条 四(二) "总分×1，三家支付".
    let r = wins("[123m]456m789m23pEE4p self", &[("qing_long", 30, 1)], 30);
    assert_eq!(
        (pay(&r, "E"), pay(&r, "S"), pay(&r, "W"), pay(&r, "N")),
        (90, -30, -30, -30)
    );
}

#[test]
fn robbing_a_kong_the_konger_pays_three_shares() {
    // Seed 第九条 四(二) "抢杠和牌由杠牌者一家支付三家分": the konger (opposite, from=2) pays 3T.
    let r = wins("[123m]456p789s23mEE4m kong from=2", &[("hua_long", 20, 1)], 20);
    assert_eq!(
        (pay(&r, "E"), pay(&r, "S"), pay(&r, "W"), pay(&r, "N")),
        (60, 0, -60, 0)
    );
}

/// 包付 (jingji.md section 7, Decisions 5): the liable player pays all three shares, 3T, for a
/// win however made. Play decides who from the hand's history (three claims in a row from one
/// feeder, and the reverse; the tile a 全求 hand first hung) and writes it on the win's line as
/// `bao=K` (counted as `from=K`); `mj score` of that line charges the same player. Here W wins a
/// seven-pairs hand (T = 48 a share) on E's discard while N is liable: N pays 3 × 48, E nothing.
#[test]
fn a_liable_player_named_on_the_line_pays_all_three_shares() {
    let plain = score("566m11223355p66s5m seat=W from=2");
    assert_eq!((pay(&plain, "E"), pay(&plain, "N")), (-96, 0));
    for line in [
        "566m11223355p66s5m seat=W from=2 bao=3",
        "566m11223355p66s5m seat=W self bao=3",
    ] {
        let r = score(line);
        assert_eq!(
            ["E", "S", "W", "N"].map(|s| pay(&r, s)),
            [0, 0, 144, -144],
            "{line}"
        );
    }
}

/// A word of the engine fact `liable` must be the ruleset's `[settlement.liable] word`: otherwise
/// play would write `bao=K` on its lines and `mj score` would pay as if nobody were liable.
#[test]
fn a_liable_fact_word_must_be_the_liability_word() {
    let toml = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../rulesets/jingji/ruleset.toml"
    ))
    .expect("reads");
    let text = toml.replace("as play did.\nword = \"bao\"\n", "as play did.\n");
    assert_ne!(text, toml);
    let e = mj_dsl::load_from_memory("jingji-unnamed", &[("ruleset.toml", text.as_str())])
        .expect_err("the fact word is not the liability word")
        .to_string();
    assert!(
        e.contains("names the fact \"liable\"") && e.contains("word = \"bao\""),
        "{e}"
    );
}
