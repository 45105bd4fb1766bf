//! 卡五星 (rulesets/kawuxing): the worked examples of shared/rules/kawuxing.md ("spec"): the
//! seed's 清一色 × 碰碰胡 = 8, every row of the fan table (§6) multiplied as Decisions 4 says, the
//! highest-product reading, and three-player payments (Decisions 7). `total` is the fan product
//! and each fan's `points` its multiplier.
//!
//! The winner sits East unless a hand says otherwise; the seats are E, S, W, so a discard from the
//! left (from=1, 上家) is West's and from=2 (下家) is South's.

mod common;

use common::scoring::assert_win;
use mj_dsl::{HandReport, Ruleset};

fn rs() -> &'static Ruleset {
    common::scoring::ruleset("kawuxing")
}

fn score(hand: &str) -> HandReport {
    common::scoring::score(rs(), hand)
}

/// Asserts the fans and the product of a win.
#[track_caller]
fn wins(hand: &str, expected: &[(&str, i64, u32)], product: i64) -> HandReport {
    let r = assert_win(rs(), hand, expected, product);
    let multiplied: i64 = r.fans.iter().map(|f| f.points.pow(f.count)).product();
    assert_eq!(multiplied, product, "{hand}: total is the product of the fans");
    r
}

/// Payments as (E, S, W); a three-player table has no North.
fn pays(r: &HandReport) -> (i64, i64, i64) {
    assert!(!r.payments.contains_key("N"), "three players");
    let p = |s: &str| r.payments.get(s).unwrap_or(0);
    (p("E"), p("S"), p("W"))
}

#[test]
fn loads_three_players_84_tiles_product() {
    let rs = rs();
    assert_eq!(rs.tiles.total_tiles(), 84, "Decisions 1");
    assert_eq!(rs.play.players, 3, "Decisions 1");
    let value = |id: &str| rs.fans[rs.fan_index(id).unwrap()].value;
    // Decisions 4, in its order.
    for (id, v) in [
        ("peng_peng_hu", 2),
        ("ka_wu_xing", 2),
        ("ming_si_gui_yi", 2),
        ("an_si_gui_yi", 4),
        ("qing_yi_se", 4),
        ("qi_dui", 4),
        ("long_qi_dui", 8),
        ("shuang_long_qi", 16),
        ("san_long_qi_dui", 32),
        ("xiao_san_yuan", 4),
        ("da_san_yuan", 8),
        ("shou_zhua_yi", 4),
        ("gang_shang_kai_hua", 2),
        ("gang_shang_pao", 2),
        ("qiang_gang_hu", 2),
        ("hai_di_lao", 2),
        ("pi_hu", 1),
    ] {
        assert_eq!(value(id), v, "{id}");
    }
    assert_eq!(rs.fans.len(), 17);
}

#[test]
fn seed_example_qing_yi_se_times_peng_peng_hu() {
    // Spec §6: "多种胡牌番种相乘计分, 如清碰为2×4": 清一色 ×4 × 碰碰胡 ×2 = 8.
    wins(
        "[111m][333m,3]555m777m9m9m",
        &[("qing_yi_se", 4, 1), ("peng_peng_hu", 2, 1)],
        8,
    );
}

#[test]
fn shou_zhua_yi_without_peng_peng_hu() {
    // Spec §6 row 手抓一 ×4, "(不计碰碰胡)": four melds, the pair completed by the last tile.
    wins("[111m][333p,3][555m][CCC]9p9p", &[("shou_zhua_yi", 4, 1)], 4);
    // Four pungs of one suit: 清一色 ×4 × 手抓一 ×4 = 16, still no 碰碰胡.
    wins(
        "[111m][333m,3][555m][7777m]9m9m",
        &[("qing_yi_se", 4, 1), ("shou_zhua_yi", 4, 1)],
        16,
    );
}

#[test]
fn seven_pairs_family() {
    // Spec §6 rows 七对 ×4, 龙七对 ×8, 双龙七 ×16 (the seed's "双龙七(双豪七)：16番"), 三龙七对
    // ×32; each replaces 七对 rather than multiplying it.
    wins("1122m3344p55pCCFF", &[("qi_dui", 4, 1)], 4);
    wins("1111m3355p77pCCFF", &[("long_qi_dui", 8, 1)], 8);
    wins("1111m2222m3344pCC", &[("shuang_long_qi", 16, 1)], 16);
    wins("1111m5555m9999pCC", &[("san_long_qi_dui", 32, 1)], 32);
    // 清一色 combines with 七对 (row 清一色).
    wins("11223344557799m", &[("qi_dui", 4, 1), ("qing_yi_se", 4, 1)], 16);
}

#[test]
fn three_quads_read_as_chows_beat_san_long_qi_dui() {
    // 1111 2222 3333m CC is 三龙七对 (×32) as seven pairs, but also 123m ×4 + CC holding three
    // 暗四归一 (×4 each, 全频道): the highest product counts (Decisions 4), 64.
    wins("111122223333mCC", &[("an_si_gui_yi", 4, 3)], 64);
}

#[test]
fn ka_wu_xing_closed_five() {
    // Spec §6 row 卡五星 ×2: 4-6 waiting on 5.
    wins("[CCC][111p]99p46m789m5m", &[("ka_wu_xing", 2, 1)], 2);
    // "胡卡5只需摆出46能胡5的牌即算卡5": 4666m waits on 4m and 5m, and the 5m still counts.
    wins("[CCC][FFF][111p]4666m5m", &[("ka_wu_xing", 2, 1)], 2);
    // A 5 completing 3-4-5 is no 卡五星.
    wins("[CCC][111p]99p34m789m5m", &[("pi_hu", 1, 1)], 1);
    // Nor in seven pairs ("Cannot combine with 七对"), though 445566m is also 456 456.
    wins("44566m11p99pCCFF5m", &[("qi_dui", 4, 1)], 4);
}

#[test]
fn best_reading_444_555_666() {
    // Spec §6 "Alternative arrangements (for example 卡五星 versus 碰碰胡 on 444-555-666): score
    // the arrangement with the highest product."
    // With a chow of 123p there is no 碰碰胡: the chows reading with 卡五星 (×2) beats the pungs
    // reading (屁胡 ×1).
    wins("123p44455666m99p5m", &[("ka_wu_xing", 2, 1)], 2);
    // Won on the 9p pair there is no 卡五星: the pungs reading with 碰碰胡 (×2) beats 456 ×3.
    wins("[CCC]444555666m9p9p", &[("peng_peng_hu", 2, 1)], 2);
    // Both readings are worth ×2 here; either way the product is 2.
    assert_eq!(score("[CCC]44455666m99p5m").total, 2);
}

#[test]
fn two_an_si_gui_yi_multiply() {
    // Spec §6 "Several 四归一 in one hand ... multiply once per instance (暗 ×4 each)": 1111m in
    // 111m + 123m, 5555p in 555p + 567p: 4 × 4 = 16.
    wins("11112m555567pCC3m", &[("an_si_gui_yi", 4, 2)], 16);
}

#[test]
fn ming_si_gui_yi() {
    // Spec §6 row 明四归一 ×2: a melded pung of 5p with the fourth 5p in the hand (in 567p).
    wins("[555p]123m789m67pCC5p", &[("ming_si_gui_yi", 2, 1)], 2);
}

#[test]
fn dragons() {
    // Spec §6 rows 小三元 ×4 and 大三元 ×8 (大三元 excludes 小三元).
    wins("[CCC][FFF]123m456pPP", &[("xiao_san_yuan", 4, 1)], 4);
    wins("[CCC][FFF]PPP123m9p9p", &[("da_san_yuan", 8, 1)], 8);
}

#[test]
fn pi_hu_plain_win() {
    // Spec §6 row 平胡/屁胡 ×1: any legal hand with no other pattern, on a discard too
    // (Decisions 3).
    let r = wins("[111m]234m456p78p99p6p", &[("pi_hu", 1, 1)], 1);
    assert_eq!(pays(&r), (1, 0, -1));
    // The wall's last tile on a discard (海底炮) is off in seed mode.
    wins("[111m]234m456p78p99p6p last", &[("pi_hu", 1, 1)], 1);
}

#[test]
fn how_the_hand_was_won() {
    // Spec §6 rows 杠上开花, 杠上炮, 抢杠胡, 海底捞: ×2 each.
    let r = wins(
        "[1111m]234m456p78p99p6p self kong",
        &[("gang_shang_kai_hua", 2, 1)],
        2,
    );
    // Decisions 7: on a kong-replacement win both others pay.
    assert_eq!(pays(&r), (4, -2, -2));
    // After a direct kong on a discard as well ("无论是直杠开还是补杠开").
    let r = score("[1111m,3]234m456p78p99p6p self kong");
    assert_eq!(pays(&r), (4, -2, -2));
    // 杠上炮: the discarder, who had just konged, pays.
    let r = wins("[111m]234m456p78p99p6p gangpao", &[("gang_shang_pao", 2, 1)], 2);
    assert_eq!(pays(&r), (2, 0, -2));
    let r = score("[111m]234m456p78p99p6p gangpao from=2");
    assert_eq!(pays(&r), (2, -2, 0));
    // 抢杠胡: the konger pays.
    let r = wins("[111m]234m456p78p99p6p kong", &[("qiang_gang_hu", 2, 1)], 2);
    assert_eq!(pays(&r), (2, 0, -2));
    let r = score("[111m]234m456p78p99p6p kong from=2");
    assert_eq!(pays(&r), (2, -2, 0));
    // 海底捞: self-draw of the wall's last tile.
    let r = wins("[111m]234m456p78p99p6p self last", &[("hai_di_lao", 2, 1)], 2);
    assert_eq!(pays(&r), (4, -2, -2));
}

#[test]
fn products_multiply_across_rows() {
    // 清一色 ×4 × 卡五星 ×2 × 杠上开花 ×2 = 16, paid by both others.
    let r = wins(
        "[1111m]222m46m789m99m5m self kong",
        &[
            ("qing_yi_se", 4, 1),
            ("ka_wu_xing", 2, 1),
            ("gang_shang_kai_hua", 2, 1),
        ],
        16,
    );
    assert_eq!(pays(&r), (32, -16, -16));
}

#[test]
fn three_player_payments() {
    // Decisions 7 (base 1 × product). 清一色 × 碰碰胡 = 8.
    let hand = "[111m][333m,3]555m777m9m9m";
    assert_eq!(pays(&score(hand)), (8, 0, -8), "from=1: West (上家) pays");
    assert_eq!(pays(&score(&format!("{hand} from=1"))), (8, 0, -8));
    assert_eq!(pays(&score(&format!("{hand} from=2"))), (8, -8, 0), "下家");
    assert_eq!(pays(&score(&format!("{hand} self"))), (16, -8, -8));
    // South wins: its 上家 is East, its 下家 West.
    assert_eq!(pays(&score(&format!("{hand} seat=S"))), (-8, 8, 0));
    assert_eq!(pays(&score(&format!("{hand} seat=S from=2"))), (0, 8, -8));
}

#[test]
fn tiles_and_words_kawuxing_lacks() {
    // Spec §2: 万 and 筒 only, dragons, no winds, no flowers.
    for (hand, tile) in [
        ("[111m]234s456p78p99p6p", "'2s'"),
        ("[111m]234m456p78p99pEEE", "'E'"),
    ] {
        let e = mj_dsl::score_text(rs(), hand).unwrap_err();
        assert!(e.contains(tile) && e.contains("kawuxing"), "{e}");
    }
    let e = mj_dsl::score_text(rs(), "[111m]234m456p78p99p6p liangdao").unwrap_err();
    assert!(e.contains("gangpao"), "the error lists the accepted words: {e}");
}
