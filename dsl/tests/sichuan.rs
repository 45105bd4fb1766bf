//! `rulesets/sichuan` (四川 血战到底), scored: the worked examples of shared/rules/sichuan.md, every
//! fan of Decisions 11 on a hand of its own, the payments of Decisions 12–13, the notation's
//! checks (void suit, `first`, `afterkong`, `out=`), and every Option that is a setting, one test
//! per value. Each test cites the Decision (or Option) it proves.

mod common;

use common::scoring::score;
use mj_dsl::{load, score_text, HandReport, Ruleset};

fn rs(name: &str) -> Ruleset {
    load(name).unwrap_or_else(|d| panic!("{name}: {d}"))
}

fn sc() -> Ruleset {
    rs("sichuan")
}

fn pay(r: &HandReport, seat: &str) -> i64 {
    r.payments.get(seat).unwrap_or(0)
}

/// Every seat's payment, E S W N.
fn pays(r: &HandReport) -> [i64; 4] {
    ["E", "S", "W", "N"].map(|s| pay(r, s))
}

/// The fans scored, `id` repeated `count` times, in the report's order.
fn fans(r: &HandReport) -> Vec<(String, u32)> {
    r.fans.iter().map(|f| (f.id.to_string(), f.count)).collect()
}

fn fan(r: &HandReport, id: &str) -> u32 {
    r.fans.iter().filter(|f| f.id == id).map(|f| f.count).sum()
}

fn err(rs: &Ruleset, hand: &str) -> String {
    score_text(rs, hand).expect_err(hand)
}

// ---- Worked examples (sichuan.md "Worked examples") -----------------------------------------

/// Decisions 10 (no minimum: a 平胡 wins), 11 (平胡 0) and 13 (self-drawn: every other player pays
/// P + b, P = 1).
#[test]
fn example_plain_self_draw() {
    let r = score(&sc(), "123456789m234p5p5p self");
    assert_eq!(fans(&r), [("ping_hu".to_string(), 1)]);
    assert_eq!(r.total, 0);
    assert_eq!(pays(&r), [6, -2, -2, -2]);
}

/// Decisions 11 (对对胡 1 + 清一色 2 + 根 1 for the kong) and 13 (the discarder, 对家 W, pays 2^4).
#[test]
fn example_pure_pongs_with_root() {
    let r = score(&sc(), "[2222s,3][555s,1]777s88s99s9s seat=E from=2");
    assert_eq!(r.total, 4);
    assert_eq!(fan(&r, "dui_dui_hu"), 1);
    assert_eq!(fan(&r, "qing_yi_se"), 1);
    assert_eq!(fan(&r, "gen"), 1);
    assert_eq!(pays(&r), [16, 0, -16, 0]);
}

/// Decisions 10 (seven pairs: four equal tiles are two pairs), 11 (龙七对 3; its quad is not also
/// a 根) and 13 (下家 S pays 2^3).
#[test]
fn example_dragon_seven_pairs() {
    let r = score(&sc(), "1122m3333p5577p9m9m seat=E from=3");
    assert_eq!(fans(&r), [("long_qi_dui".to_string(), 1)]);
    assert_eq!(r.total, 3);
    assert_eq!(pays(&r), [8, -8, 0, 0]);
}

/// Decisions 8 and 13 (a player who has left pays nothing) and 11 (对对胡, 金钩钓, 根, 杠上开花).
#[test]
fn example_golden_hook_after_a_player_left() {
    let r = score(&sc(), "[111m,1][4444m][777p,3][888p,2]9p9p self kong out=S");
    assert_eq!(r.total, 4);
    for id in ["dui_dui_hu", "jin_gou_diao", "gen", "gang_shang_hua"] {
        assert_eq!(fan(&r, id), 1, "{id}: {:?}", fans(&r));
    }
    assert_eq!(pays(&r), [34, 0, -17, -17]);
}

// ---- Decisions 11: each fan ----------------------------------------------------------------

/// Decisions 11: 将对 comes with 对对胡 (together 3 fans, ×8).
#[test]
fn jiang_dui_with_all_pongs() {
    let r = score(&sc(), "[888p,1]222m555m222p5p5p");
    assert_eq!(fan(&r, "jiang_dui"), 1);
    assert_eq!(fan(&r, "dui_dui_hu"), 1);
    assert_eq!(r.total, 3);
    assert_eq!(pay(&r, "N"), -8);
}

/// Decisions 11: 带幺九, every set and the pair hold a 1 or a 9 (chows 123/789 included).
#[test]
fn dai_yao_jiu() {
    let r = score(&sc(), "123m789m111p999p9m9m");
    assert_eq!(fans(&r), [("dai_yao_jiu".to_string(), 1)]);
    assert_eq!(r.total, 2);
    // Not with a set that holds neither.
    let r = score(&sc(), "123m456m111p999p9m9m");
    assert_eq!(fan(&r, "dai_yao_jiu"), 0);
    assert_eq!(fan(&r, "ping_hu"), 1);
}

/// Decisions 11: 七对 2; with 清一色 (清七对) 4.
#[test]
fn seven_pairs_and_pure_seven_pairs() {
    let r = score(&sc(), "1122m3355p7799p4m4m");
    assert_eq!(fans(&r), [("qi_dui".to_string(), 1)]);
    let r = score(&sc(), "112233557799m4m4m");
    assert_eq!(r.total, 4, "{:?}", fans(&r));
}

/// Decisions 11: 清龙七对 = 清一色 2 + 龙七对 3 = 5; a second quad is a 根.
#[test]
fn pure_dragon_seven_pairs_and_second_quad() {
    let r = score(&sc(), "11112233557799p");
    assert_eq!(r.total, 5, "{:?}", fans(&r));
    let r = score(&sc(), "1111m3333p5577p9m9m");
    assert_eq!(fan(&r, "long_qi_dui"), 1);
    assert_eq!(fan(&r, "gen"), 1);
    assert_eq!(r.total, 4);
}

/// Decisions 11: 根 counts a pong whose fourth copy is in the hand and four concealed copies.
#[test]
fn roots_of_every_kind() {
    // 5555m concealed (a chow and a pung), a pong of 7p with the fourth 7p in a chow.
    let r = score(&sc(), "[777p,1]555m567m789p2p2p");
    assert_eq!(fan(&r, "gen"), 2, "{:?}", fans(&r));
    assert_eq!(fan(&r, "ping_hu"), 1, "根 is not a pattern fan: 平胡 is listed");
}

/// Decisions 11: 十八罗汉 = four kongs and 金钩钓: 对对胡 1 + 金钩钓 1 + 根 4 = 6 (paid at the cap).
#[test]
fn eighteen_arhats() {
    let r = score(&sc(), "[1111m][2222m,1][3333p,2][4444p,3]5p5p");
    assert_eq!(r.total, 6);
    assert_eq!(fan(&r, "gen"), 4);
    assert_eq!(pay(&r, "N"), -16, "Decisions 12: min(6, 4) fans");
}

/// Decisions 11: 杠上炮, 抢杠胡, 海底捞月, 海底炮, one fan each.
#[test]
fn situational_fans() {
    let base = "123m456m789m22p45p3p";
    for (words, id) in [
        ("afterkong", "gang_shang_pao"),
        ("kong", "qiang_gang_hu"),
        ("self last", "hai_di_lao_yue"),
        ("last", "hai_di_pao"),
    ] {
        let r = score(&sc(), &format!("{base} {words}"));
        assert_eq!(fan(&r, id), 1, "{words}: {:?}", fans(&r));
        assert_eq!(r.total, 1, "{words}");
    }
}

/// Decisions 11: 天胡 for the dealer, 地胡 for another seat, 5 each, added to the other fans.
#[test]
fn heavenly_and_earthly() {
    let r = score(&sc(), "123m456m789m22p45p3p self first");
    assert_eq!(fan(&r, "tian_hu"), 1);
    assert_eq!(pays(&r), [51, -17, -17, -17], "min(5, 4) fans: 16 + 1 each");
    let r = score(&sc(), "123m456m789m22p45p3p self first seat=W");
    assert_eq!(fan(&r, "di_hu"), 1);
    assert_eq!(fan(&r, "tian_hu"), 0);
}

// ---- Decisions 12–13: payments -------------------------------------------------------------

/// Decisions 13: a robbed kong is paid by the konger, P to the robber; nobody else pays.
#[test]
fn robbed_kong_paid_by_the_konger() {
    let r = score(&sc(), "123m456m789m22p45p3p kong from=2");
    assert_eq!(pays(&r), [2, 0, -2, 0]);
}

/// Decisions 13: a 点杠花 (replacement win after a kong on a discard) is paid as a self-draw.
#[test]
fn replacement_win_after_a_direct_kong_is_a_self_draw() {
    let r = score(&sc(), "[2222m,2]456m789m22p45p3p self kong");
    assert_eq!(r.total, 2, "根 and 杠上开花: {:?}", fans(&r));
    assert_eq!(pays(&r), [15, -5, -5, -5]);
}

// ---- Notation (sichuan.md "Notation for sichuan") ------------------------------------------

/// Decisions 5: a hand holding its void suit cannot win; three suits always hold it.
#[test]
fn void_suit_is_checked() {
    let e = err(&sc(), "123m456m789m111p1s1s");
    assert!(e.contains("void suit"), "{e}");
    let e = err(&sc(), "123m456m789m11p55p5p void=p");
    assert!(e.contains("void suit") && e.contains("void=p"), "{e}");
    let e = err(&sc(), "123m456m789m11p55p5p void=z");
    assert!(e.contains("names no suit"), "{e}");
    assert!(score(&sc(), "123m456m789m11p55p5p void=s").valid);
}

/// Decisions 1 and 6: no honours, no chow melds, no bonus tiles.
#[test]
fn tiles_and_melds_outside_the_rules() {
    assert!(err(&sc(), "123m456m789m11pEEE").contains("'E'"));
    assert!(err(&sc(), "[123m]456m789m11p55p5p").contains("chow"));
    assert!(err(&sc(), "123m456m789m11p55p5p flowers=1").contains("no bonus tiles"));
}

/// The notation: `first` needs `self`; `afterkong` is not with `self` or `kong`; `out=` may not
/// name the winner or the discarder.
#[test]
fn word_combinations() {
    assert!(err(&sc(), "123m456m789m22p45p3p first").contains("needs `self`"));
    assert!(err(&sc(), "123m456m789m22p45p3p self afterkong").contains("`self`"));
    assert!(err(&sc(), "123m456m789m22p45p3p kong afterkong").contains("`kong`"));
    assert!(err(&sc(), "123m456m789m22p45p3p out=E").contains("winner"));
    assert!(err(&sc(), "123m456m789m22p45p3p from=2 out=W").contains("discarder"));
    assert!(err(&sc(), "123m456m789m22p45p3p self out=SWN").contains("nobody"));
    // A discard win with the other two out: only the discarder pays anyway.
    let r = score(&sc(), "123m456m789m22p45p3p from=2 out=SN");
    assert_eq!(pays(&r), [1, 0, -1, 0]);
}

/// sichuan-xueliu (Options, last bullet: 血流成河): a winner stays in and every other player pays
/// each win, so no seat has left and `out=` is refused rather than taking payers away.
#[test]
fn nobody_is_out_in_xueliu() {
    let xl = rs("sichuan-xueliu");
    let e = err(&xl, "123m456m789m22p45p3p self out=SW");
    assert!(
        e.contains("nobody leaves") && e.contains("leave out `out=`"),
        "{e}"
    );
    // Self-drawn: all three others pay P + b = 1 + 1 (Decisions 13).
    assert_eq!(pays(&score(&xl, "123m456m789m22p45p3p self")), [6, -2, -2, -2]);
}

/// Notation: `round=` and `fourth` are accepted and score nothing.
#[test]
fn round_and_fourth_score_nothing() {
    let r = score(&sc(), "123m456m789m22p45p3p round=S fourth");
    assert_eq!(r.total, 0);
    assert_eq!(pays(&r), [1, 0, 0, -1]);
}

// ---- Options, one test per value -----------------------------------------------------------

const QING_DUI_SELF: &str = "111s333s555s777s9s9s self"; // 对对胡 1 + 清一色 2 = 3

/// Option cap = 4 (Decisions 12) and 3, 5, 6, 8, none: a 6-fan hand pays 2^min(6, cap); the
/// report's total is the fan count before the cap (Decisions 19).
#[test]
fn cap_values() {
    let hand = "[1111m][2222m,1][3333p,2][4444p,3]5p5p";
    for (name, p) in [
        ("sichuan", 16),
        ("sichuan[cap=4]", 16),
        ("sichuan[cap=3]", 8),
        ("sichuan[cap=5]", 32),
        ("sichuan[cap=6]", 64),
        ("sichuan[cap=8]", 64),
        ("sichuan[cap=none]", 64),
    ] {
        let r = score(&rs(name), hand);
        assert_eq!(r.total, 6, "{name}: the fan count is printed uncapped");
        assert_eq!(pay(&r, "N"), -p, "{name}");
    }
    // With no cap, 8 fans pay 2^8.
    let r = score(&rs("sichuan[cap=none]"), "[1111s][2222s,1][3333s,2][4444s,3]5s5s");
    assert_eq!(r.total, 8);
    assert_eq!(pay(&r, "N"), -256);
}

/// Option self_draw = add_base (自摸加底, the default), add_fan (自摸 +1 before the cap), none.
#[test]
fn self_draw_values() {
    let r = score(&rs("sichuan[self_draw=add_base]"), QING_DUI_SELF);
    assert_eq!(pays(&r), [27, -9, -9, -9]);
    let r = score(&rs("sichuan[self_draw=add_fan]"), QING_DUI_SELF);
    assert_eq!(fan(&r, "zi_mo"), 1);
    assert_eq!(r.total, 4);
    assert_eq!(pays(&r), [48, -16, -16, -16]);
    let r = score(&rs("sichuan[self_draw=none]"), QING_DUI_SELF);
    assert_eq!(pays(&r), [24, -8, -8, -8]);
    // add_fan is before the cap: 4 fans + 自摸 still pay 16.
    let r = score(
        &rs("sichuan[self_draw=add_fan]"),
        "[2222s,3][555s,1]777s88s99s9s self",
    );
    assert_eq!(r.total, 5);
    assert_eq!(pay(&r, "S"), -16);
}

/// Option direct_kong_pay = 2 (Decisions 14) or 1: the kong formula's value.
#[test]
fn direct_kong_pay_values() {
    use mj_core::game::rules::KongFacts;
    use mj_core::game::KongKind;
    let facts = |konger: usize, kind: KongKind, from: Option<usize>| KongFacts {
        konger,
        kind,
        from,
        on_replacement: false,
        declared: Vec::new(),
        dealer_streak: 0,
        left: Vec::new(),
    };
    let kong = |name: &str| mj_dsl::settle::settle_kong(&rs(name), &facts(0, KongKind::Exposed, Some(2)));
    assert_eq!(kong("sichuan"), [2, 0, -2, 0]);
    assert_eq!(kong("sichuan[direct_kong_pay=2]"), [2, 0, -2, 0]);
    assert_eq!(kong("sichuan[direct_kong_pay=1]"), [1, 0, -1, 0]);
    // Decisions 14: added 1 and concealed 2 from each other player.
    let added = mj_dsl::settle::settle_kong(&sc(), &facts(1, KongKind::Added, None));
    assert_eq!(added, [-1, 3, -1, -1]);
    let concealed = mj_dsl::settle::settle_kong(&sc(), &facts(1, KongKind::Concealed, None));
    assert_eq!(concealed, [-2, 6, -2, -2]);
    // Decisions 13/14 with 血战: a player who has won and left pays no kong money.
    let left = KongFacts {
        left: vec![true, false, false, false],
        ..facts(1, KongKind::Concealed, None)
    };
    assert_eq!(mj_dsl::settle::settle_kong(&sc(), &left), [0, 4, -2, -2]);
}

/// Option dian_gang_hua = self_draw (Decisions 13) or discard (the kong's feeder pays P alone).
#[test]
fn dian_gang_hua_values() {
    let hand = "[2222m,2]456m789m22p45p3p self kong";
    let r = score(&rs("sichuan[dian_gang_hua=self_draw]"), hand);
    assert_eq!(pays(&r), [15, -5, -5, -5]);
    let r = score(&rs("sichuan[dian_gang_hua=discard]"), hand);
    assert_eq!(pays(&r), [4, 0, -4, 0], "W fed the kong and pays 2^2");
    // A concealed kong has no feeder: still a self-draw.
    let r = score(
        &rs("sichuan[dian_gang_hua=discard]"),
        "[2222m]456m789m22p45p3p self kong",
    );
    assert_eq!(pays(&r), [15, -5, -5, -5]);
}

/// Option yaojiu_jiangdui = true (default) or false (neither 带幺九 nor 将对; 平胡 instead).
#[test]
fn yaojiu_jiangdui_values() {
    let yaojiu = "123m789m111p999p9m9m";
    let jiang = "[888p,1]222m555m222p5p5p";
    let on = rs("sichuan[yaojiu_jiangdui=true]");
    assert_eq!(score(&on, yaojiu).total, 2);
    assert_eq!(score(&on, jiang).total, 3);
    let off = rs("sichuan[yaojiu_jiangdui=false]");
    let r = score(&off, yaojiu);
    assert_eq!(fans(&r), [("ping_hu".to_string(), 1)]);
    let r = score(&off, jiang);
    assert_eq!(fans(&r), [("dui_dui_hu".to_string(), 1)]);
}

/// Option menqing_zhongzhang = false (default) or true (门清 +1, 中张 +1).
#[test]
fn menqing_zhongzhang_values() {
    let hand = "234m456m678m22p45p3p";
    assert_eq!(score(&rs("sichuan[menqing_zhongzhang=false]"), hand).total, 0);
    let on = rs("sichuan[menqing_zhongzhang=true]");
    let r = score(&on, hand);
    assert_eq!(fan(&r, "men_qing"), 1);
    assert_eq!(fan(&r, "zhong_zhang"), 1);
    assert_eq!(r.total, 2);
    // A pong ends 门清; a 9 ends 中张; a concealed kong keeps 门清.
    let r = score(&on, "[444m,1]456m789m22p45p3p");
    assert_eq!((fan(&r, "men_qing"), fan(&r, "zhong_zhang")), (0, 0));
    let r = score(&on, "[4444m]567m678m22p45p3p");
    assert_eq!(fan(&r, "men_qing"), 1);
}

/// Option jiang_qidui = false (default) or true (将七对 +2 on seven pairs of 2, 5, 8). In two
/// suits seven pairs of three ranks hold a quad, so the hand is also 龙七对 (3).
#[test]
fn jiang_qidui_values() {
    let hand = "22225588m22558p8p";
    assert_eq!(score(&rs("sichuan[jiang_qidui=false]"), hand).total, 3);
    let r = score(&rs("sichuan[jiang_qidui=true]"), hand);
    assert_eq!(fan(&r, "jiang_qi_dui"), 1);
    assert_eq!(r.total, 5);
    assert_eq!(
        score(&rs("sichuan[jiang_qidui=true]"), "1122m3355p7799p4m4m").total,
        2
    );
}

/// Option tian_di_hu = true (default) or false (neither fan).
#[test]
fn tian_di_hu_values() {
    let hand = "123m456m789m22p45p3p self first";
    assert_eq!(score(&rs("sichuan[tian_di_hu=true]"), hand).total, 5);
    let r = score(&rs("sichuan[tian_di_hu=false]"), hand);
    assert_eq!(r.total, 0);
    assert_eq!(fan(&r, "tian_hu"), 0);
}

/// Option dihu_on_discard = true (Options: 地胡 also on the dealer's first discard, paid by the
/// dealer as a discard win): `dealerfirst` is a non-dealer's win off the dealer, so `from=` must
/// name the dealer (E: from=1 for S, 2 for W, 3 for N) and the winner cannot be the dealer. 地胡 5
/// caps at 4 fan: the dealer pays 2^4 = 16 (Decisions 13).
#[test]
fn dealerfirst_is_a_win_off_the_dealer() {
    let r = rs("sichuan[dihu_on_discard=true]");
    let hand = "123m456m789m22p45p3p";
    for (words, pays_e, winner) in [
        ("seat=S dealerfirst", -16, "S"),
        ("seat=W dealerfirst from=2", -16, "W"),
        ("seat=N dealerfirst from=3", -16, "N"),
    ] {
        let rep = score(&r, &format!("{hand} {words}"));
        assert_eq!(fan(&rep, "di_hu"), 1, "{words}");
        assert_eq!((pay(&rep, "E"), pay(&rep, winner)), (pays_e, 16), "{words}");
    }
    let e = err(&r, &format!("{hand} seat=S dealerfirst from=2"));
    assert!(e.contains("dealer is E") && e.contains("write from=1"), "{e}");
    let e = err(&r, &format!("{hand} seat=E dealerfirst from=2"));
    assert!(e.contains("is the dealer"), "{e}");
}

/// Option pass_lock_higher_fan = false (Decisions 9: the plain lock) or true (a higher fan
/// unlocks): the play rule it sets.
#[test]
fn pass_lock_higher_fan_values() {
    use mj_core::game::rules::MissedWin;
    let lock = |name: &str| mj_dsl::table::table_rules(&rs(name)).expect(name).missed_win;
    assert_eq!(lock("sichuan"), MissedWin::UntilDraw);
    assert_eq!(lock("sichuan[pass_lock_higher_fan=false]"), MissedWin::UntilDraw);
    assert_eq!(
        lock("sichuan[pass_lock_higher_fan=true]"),
        MissedWin::UntilDrawOrFanChange
    );
}

/// Option dealer_rule = first_winner_or_discarder (Decisions 17) or first_winner.
#[test]
fn dealer_rule_values() {
    use mj_core::game::rules::{DealerAfterDraw, DealerAfterMultiple, DealerRotation};
    let rules = |name: &str| mj_dsl::table::table_rules(&rs(name)).expect(name);
    for name in ["sichuan", "sichuan[dealer_rule=first_winner_or_discarder]"] {
        let t = rules(name);
        assert_eq!(t.dealer, DealerRotation::WinnerDeals, "{name}");
        assert_eq!(t.dealer_after_multiple, DealerAfterMultiple::Discarder, "{name}");
        assert_eq!(t.dealer_after_draw, DealerAfterDraw::Stay, "{name}");
    }
    let t = rules("sichuan[dealer_rule=first_winner]");
    assert_eq!(t.dealer_after_multiple, DealerAfterMultiple::FirstWinner);
}

/// Decisions 16 (查大叫) and the notation's `end`: a 13-tile ready hand valued as its best discard
/// win over its waits, with no payments.
#[test]
fn end_values_a_ready_hand() {
    // 七对 waiting on 4m: 2 fans.
    let r = score(&sc(), "1122m3355p7799p4m end");
    assert_eq!(r.total, 2);
    assert!(r.payments.is_empty());
    // 对对胡 + 清一色 on either wait: 3.
    let r = score(&sc(), "111m333m555m77m99m end");
    assert_eq!(r.total, 3);
    // Two waits (3p 平胡, 6p 平胡): 0; the best is kept, not the first.
    assert_eq!(score(&sc(), "123m456m789m22p45p end").total, 0);
    // One suit, waiting on 1m and 4m: 清一色 on both, and on 1m the fourth 1m is a 根: the best
    // wait, 1m, is worth 3.
    let r = score(&sc(), "123m456m789m11m23m end");
    assert_eq!(r.total, 3, "{:?}", fans(&r));
    assert_eq!(fan(&r, "gen"), 1);
    // Situational words are not counted, and some are refused.
    assert!(err(&sc(), "1122m3355p7799p4m end self").contains("`self`"));
    let e = err(&sc(), "123m456m789m22p46s end");
    assert!(e.contains("not ready") || e.contains("void suit"), "{e}");
    assert!(err(&sc(), "123m456m789m22p49p end").contains("not ready"));
    assert!(err(&sc(), "123m456m789m22p45p3p end").contains("ready hand has 13"));
}

// ---- sichuan-sbr (sichuan.md, Options, last bullet) -------------------------------------------
// "the Western SBR tournament scoring ...: fans 0–3 paid 1/2/4/8, a root per quad, a self-draw
// bonus, and a void-suit penalty of 16 to each other player at the end" (the end check is played
// in engine_sichuan_end.rs).

/// Fans 0–3 are paid 1, 2, 4, 8 by the discarder (上家 N, `from=1`), and more fans pay 8 still: 平胡
/// 0; 对对胡 1; 七对 2; 对对胡 + 清一色 3; four kongs of one suit, 对对胡 1 + 金钩钓 1 + 清一色 2 +
/// 根 4 = 8, paid 8 (16 under sichuan's cap of 4). The total printed is the uncapped count.
#[test]
fn sbr_pays_fans_zero_to_three_as_one_to_eight() {
    let sbr = rs("sichuan-sbr");
    for (hand, total, paid) in [
        ("123m456m789m22p45p3p", 0, 1),
        ("111m333m555p777p9p9p", 1, 2),
        ("1122m3344m5566p7p7p", 2, 4),
        ("111s333s555s777s9s9s", 3, 8),
        ("[1111s][2222s,1][3333s,2][4444s,3]5s5s", 8, 8),
    ] {
        let r = score(&sbr, hand);
        assert_eq!(r.total, total, "{hand}");
        assert_eq!(pays(&r), [paid, 0, 0, -paid], "{hand}");
    }
    let r = score(&sc(), "[1111s][2222s,1][3333s,2][4444s,3]5s5s");
    assert_eq!(pay(&r, "N"), -16, "sichuan itself caps at 4");
}

/// A root per quad: the kong of 2m and the four 3m in hand (a pong and a chow) are a 根 each, 平胡 0 +
/// 根 2 = 2, paid 4 by 上家 N; and the self-draw bonus: on a self-draw each other player pays one
/// base more, 8 + 1 (4 fans, 对对胡 1 + 清一色 2 + 根 1, capped at 3).
#[test]
fn sbr_roots_and_self_draw_bonus() {
    let sbr = rs("sichuan-sbr");
    let r = score(&sbr, "[2222m,1]333m345m567p8p8p");
    assert_eq!((fan(&r, "gen"), r.total), (2, 2));
    assert_eq!(pays(&r), [4, 0, 0, -4]);
    let r = score(&sbr, "[2222s,3][555s,1]777s88s99s9s self");
    assert_eq!(r.total, 4);
    assert_eq!(pays(&r), [27, -9, -9, -9]);
}

/// sichuan's `cap` setting, SBR's default 3: every value changes the win payments (8 fans paid
/// 2^min(8, cap)); `sichuan-sbr[cap=3]` is the ruleset itself.
#[test]
fn sbr_cap_values() {
    let hand = "[1111s][2222s,1][3333s,2][4444s,3]5s5s";
    for (name, p) in [
        ("sichuan-sbr[cap=3]", 8),
        ("sichuan-sbr[cap=4]", 16),
        ("sichuan-sbr[cap=5]", 32),
        ("sichuan-sbr[cap=6]", 64),
        ("sichuan-sbr[cap=8]", 256),
        ("sichuan-sbr[cap=none]", 256),
    ] {
        assert_eq!(pay(&score(&rs(name), hand), "N"), -p, "{name}");
    }
}

// ---- sichuan-3p (sichuan.md, Options, last bullet) --------------------------------------------
// "sichuan-3p (三人两房: 72 tiles, two suits, no 定缺)", and three players.

/// 72 tiles of two suits (筒 and 条), three players, no void declaration: a 万 tile is an error
/// naming the suit, and a hand of both suits wins whatever `void=` says (under sichuan `void=p`
/// with 筒 tiles is refused).
#[test]
fn three_player_two_suits_no_void() {
    let p3 = rs("sichuan-3p");
    assert_eq!(p3.tiles.total_tiles(), 72);
    assert_eq!((p3.play.players, p3.play.declare_void), (3, false));
    assert_eq!(
        p3.play.exchange.as_ref().map(|e| e.tiles),
        Some(0),
        "no 换三张 without 定缺"
    );
    assert!(err(&p3, "123456789m234s5s5s").contains("no characters suit 'm'"));
    let r = score(&p3, "123456789p234s5s5s void=p");
    assert_eq!(r.total, 0);
    assert!(err(&sc(), "123456789p234s5s5s void=p").contains("holds its void suit"));
}

/// Decisions 13 with three seats: a self-drawn 平胡 (P = 1) is paid P + b = 2 by each of the two
/// others; a discard win by the discarder alone, 上家 W (`from=1`) or 下家 S (`from=2`); there is no
/// 对家 (`from=3` is an error). 清一色 + 对对胡 = 3 fans, paid 8.
#[test]
fn three_player_payments() {
    let p3 = rs("sichuan-3p");
    assert_eq!(pays(&score(&p3, "123456789p234s5s5s self")), [4, -2, -2, 0]);
    assert_eq!(pays(&score(&p3, "123456789p234s5s5s")), [1, 0, -1, 0]);
    assert_eq!(pays(&score(&p3, "123456789p234s5s5s from=2")), [1, -1, 0, 0]);
    assert!(score_text(&p3, "123456789p234s5s5s from=3").is_err());
    let r = score(&p3, "111s333s555s777s9s9s from=2");
    assert_eq!((r.total, pays(&r)), (3, [8, -8, 0, 0]));
    // 将对 with two suits: 对对胡 1 + 将对 2 = 3 fans, paid 8 by 上家 W.
    let r = score(&p3, "222p555p888p222s5s5s");
    assert_eq!((fan(&r, "jiang_dui"), r.total, pays(&r)), (1, 3, [8, 0, -8, 0]));
}
