//! rulesets/taiwan against shared/rules/taiwan.md: each worked example as a test citing its
//! Decisions, the 台 the examples do not reach, each Option (a named setting) per value, and the
//! table facts in play (seat winds fixed to the seats, the dealer and streak fed to fans and
//! payments).

mod common;

use common::scoring::{assert_win, fans, ruleset, score};
use common::Game;
use mj_core::game::record::RecordEvent;
use mj_core::game::{Action, HandStart};
use mj_dsl::table::Table;
use mj_dsl::{load, score_text, HandReport, Ruleset};

fn pay(r: &HandReport) -> Vec<i64> {
    ["E", "S", "W", "N"]
        .iter()
        .map(|s| r.payments.get(s).unwrap_or(0))
        .collect()
}

fn tw() -> &'static Ruleset {
    ruleset("taiwan")
}

/// Worked example 1 — Decisions 7 (平胡 2, 門清 1) and 8–9 (the discarder alone pays; the dealer
/// E, 上家 of S, pays 100 + 20 × (3 + 1)).
#[test]
fn example_1_all_chows_off_the_dealer() {
    let r = assert_win(
        tw(),
        "123456789m234p56p99s7p seat=S from=1",
        &[("men_qing", 1, 1), ("ping_hu", 2, 1)],
        3,
    );
    assert_eq!(pay(&r), vec![-180, 180, 0, 0]);
}

/// Worked example 2 — Decisions 2 (1f is E's flower, 6f S's), 7 (莊家, 門清自摸 replacing 門清 and
/// 自摸, 獨聽 on 中洞 8s, 正花) and 9 (self-drawn: each of the three pays 100 + 20 × 6).
#[test]
fn example_2_dealer_self_draw_with_own_flower() {
    let r = assert_win(
        tw(),
        "123456789m23479s11p8s 16f self seat=E",
        &[
            ("zhuang_jia", 1, 1),
            ("men_qing_zi_mo", 3, 1),
            ("du_ting", 1, 1),
            ("zheng_hua", 1, 1),
        ],
        6,
    );
    assert_eq!(pay(&r), vec![660, -220, -220, -220]);
}

/// Worked example 3 — Decisions 7 (自摸 with an open hand; the self-drawn 1p pong is concealed
/// but alone, no 三暗刻) and 8 (the dealer E with 連二拉二 pays 100 + 20 × (1 + 5)).
#[test]
fn example_3_dealer_pays_his_streak() {
    let r = assert_win(
        tw(),
        "[234s,1]567s456m789p11p33m1p self seat=W dealer=E streak=2",
        &[("zi_mo", 1, 1)],
        1,
    );
    assert_eq!(pay(&r), vec![-220, -120, 460, -120]);
}

/// Decisions 7 and 13: a winning dealer's 連莊 counts 2 per streak in the total (連N拉N = 2N + 1
/// with 莊家); a dealer who is not at E is found by `dealer=`.
#[test]
fn a_winning_dealer_counts_his_streak_wherever_he_sits() {
    let r = score(tw(), "123456789m23479s11p8s self seat=S dealer=S streak=2");
    assert_eq!(
        fans(&r),
        vec![
            ("zhuang_jia", 1, 1),
            ("lian_zhuang", 2, 2),
            ("men_qing_zi_mo", 3, 1),
            ("du_ting", 1, 1)
        ]
    );
    assert_eq!(r.total, 9);
    assert_eq!(pay(&r), vec![-280, 840, -280, -280]);
    // The same hand by South with East dealing: no dealer 台 for the winner, East pays 1 + 2N more.
    let r = score(tw(), "123456789m23479s11p8s self seat=S streak=2");
    assert_eq!(r.total, 4);
    assert_eq!(pay(&r), vec![-280, 640, -180, -180]);
}

/// A line, the fans it scores (id, 台, count) and its total.
type Case = (&'static str, &'static [(&'static str, i64, u32)], i64);

/// Decisions 7: the 台 the worked examples leave out, one line each.
#[test]
fn every_other_tai() {
    let cases: &[Case] = &[
        // 全求 replaces 獨聽.
        (
            "[123m,1][456m,1][789p,1][123s,1][NNN,2]9s9s seat=S",
            &[("quan_qiu", 2, 1)],
            2,
        ),
        // 圈風 and 門風 (E in the E round); 三暗刻: the 9s pong completed by the discard is exposed.
        (
            "EEE111m222p345s5s5s99s9s",
            &[
                ("zhuang_jia", 1, 1),
                ("men_qing", 1, 1),
                ("quan_feng", 1, 1),
                ("men_feng", 1, 1),
                ("san_an_ke", 2, 1),
            ],
            6,
        ),
        // 五暗刻 (a pair wait: every pong concealed) and 碰碰胡.
        (
            "EEE111m222p333s99s9s5s5s",
            &[
                ("zhuang_jia", 1, 1),
                ("men_qing", 1, 1),
                ("quan_feng", 1, 1),
                ("men_feng", 1, 1),
                ("wu_an_ke", 8, 1),
                ("peng_peng_hu", 4, 1),
            ],
            16,
        ),
        // 四暗刻 (the self-drawn 2m completes the fourth), 小三元 replacing 三元牌.
        (
            "CCCFFF111m345pPP22m2m self seat=S",
            &[
                ("men_qing_zi_mo", 3, 1),
                ("si_an_ke", 5, 1),
                ("xiao_san_yuan", 4, 1),
            ],
            12,
        ),
        // 大三元 replacing 三元牌, 混一色.
        (
            "[CCC,1][FFF,1][PPP,1]123m456m7m7m seat=S",
            &[("hun_yi_se", 4, 1), ("da_san_yuan", 8, 1)],
            12,
        ),
        // 大四喜 and 小四喜 replace 圈風 and 門風.
        (
            "[EEE,1][SSS,1][WWW,1][NNN,1]123m4m4m seat=S",
            &[("hun_yi_se", 4, 1), ("da_si_xi", 16, 1)],
            20,
        ),
        (
            "[EEE,1][SSS,1][WWW,1]123m45mNN6m seat=S",
            &[("hun_yi_se", 4, 1), ("xiao_si_xi", 8, 1)],
            12,
        ),
        // 字一色 replaces 混一色 and 碰碰胡.
        (
            "EEESSSWWWCCCFFFPP seat=S self",
            &[
                ("men_qing_zi_mo", 3, 1),
                ("du_ting", 1, 1),
                ("quan_feng", 1, 1),
                ("men_feng", 1, 1),
                ("wu_an_ke", 8, 1),
                ("xiao_san_yuan", 4, 1),
                ("zi_yi_se", 16, 1),
            ],
            34,
        ),
        // 清一色; 槓上開花 after a kong; 海底撈月.
        (
            "[2222m]111m345m678m999m5m5m self kong last seat=S",
            &[
                ("men_qing_zi_mo", 3, 1),
                ("gang_shang_kai_hua", 1, 1),
                ("hai_di_lao_yue", 1, 1),
                ("san_an_ke", 2, 1),
                ("qing_yi_se", 8, 1),
            ],
            15,
        ),
        // 搶槓 and 河底撈魚 are wins on a discard; the robbed 5m is the only copy in the hand.
        (
            "[123m,1][456p,1][789s,1]234s55p46m5m kong seat=S",
            &[("du_ting", 1, 1), ("qiang_gang", 1, 1)],
            2,
        ),
        // 花槓 2 per complete set; the seat flower inside still counts 正花 (Decisions 7, D).
        (
            "[123m,1][456p,1][789s,1]234s567m5p5p last seat=S 1234f",
            &[
                ("du_ting", 1, 1),
                ("zheng_hua", 1, 1),
                ("hua_gang", 2, 1),
                ("he_di_lao_yu", 1, 1),
            ],
            5,
        ),
        // 天胡 replaces 門清自摸 and 獨聽; 地胡 and 人胡.
        (
            "123456789m23479s11p8s self first",
            &[("zhuang_jia", 1, 1), ("tian_hu", 24, 1)],
            25,
        ),
        (
            "123456789m23479s11p8s self first seat=N",
            &[("du_ting", 1, 1), ("di_hu", 16, 1)],
            17,
        ),
        (
            "123456789m23479s11p8s first seat=N",
            &[("du_ting", 1, 1), ("ren_hu", 8, 1)],
            9,
        ),
    ];
    for (hand, expected, total) in cases {
        assert_win(tw(), hand, expected, *total);
    }
}

/// Decisions 6 and 7: no minimum, a hand of 0 台 wins and is paid the 底; 平胡 needs no flower
/// and the winning tile in a chow (a pair wait never counts).
#[test]
fn zero_tai_wins_and_all_chows_needs_a_chow_wait() {
    let r = assert_win(tw(), "[123m,1]456m789p222s55p34p2p seat=S", &[], 0);
    // E, the dealer, pays 100 + 20 × (0 + 1) (Decisions 8).
    assert_eq!(pay(&r), vec![-120, 120, 0, 0]);
    // With a flower: no 平胡.
    let r = score(tw(), "123456789m234p56p99s7p seat=S 1f");
    assert!(fans(&r).iter().all(|f| f.0 != "ping_hu"), "{:?}", fans(&r));
    // Won on the pair (a single wait 獨聽): no 平胡.
    let r = score(tw(), "123456789m234p567p9s9s seat=S");
    assert!(fans(&r).iter().all(|f| f.0 != "ping_hu"), "{:?}", fans(&r));
}

/// The notation for taiwan: `flowers=N` is an error (the seat of each flower scores), and so is a
/// 16-tile line (a win has 17).
#[test]
fn notation_errors_are_located() {
    let e = score_text(tw(), "123456789m234p56p99s7p flowers=1").expect_err("refused");
    assert!(e.contains("column 24") && e.contains("15f"), "{e}");
    let e = score_text(tw(), "123456789m234p56p99s").expect_err("16 tiles");
    assert!(e.contains("17"), "{e}");
    let e = score_text(tw(), "123456789m234p56p99s7p dealer=X").expect_err("no such wind");
    assert!(e.contains("column 31") && e.contains("E S W N"), "{e}");
}

fn rs(name: &str) -> Ruleset {
    load(name).unwrap_or_else(|d| panic!("{name}: {d}"))
}

/// Options: `base` = 100, `tai_value` = 20, "any pair: 30/10, 50/20, 300/100 …". Worked example
/// 1 (3 台, the dealer E pays d + (3 + 1) × t) at each pair, and at one no table lists.
#[test]
fn settings_base_and_tai_value() {
    let hand = "123456789m234p56p99s7p seat=S from=1";
    for (name, e) in [
        ("taiwan", -180),
        ("taiwan[base=100,tai_value=20]", -180),
        ("taiwan[base=30,tai_value=10]", -70),
        ("taiwan[base=50,tai_value=20]", -130),
        ("taiwan[base=300,tai_value=100]", -700),
        ("taiwan[base=0,tai_value=7]", -28),
        ("taiwan[tai_value=50]", -300),
    ] {
        assert_eq!(pay(&score(&rs(name), hand))[0], e, "{name}");
    }
    // A value that is not a whole number in range is an error at its place in the name.
    for (name, says) in [
        ("taiwan[base=x]", "not a whole number from 0 to 1000000"),
        ("taiwan[tai_value=-5]", "not a whole number from 0 to 1000000"),
    ] {
        let e = load(name)
            .err()
            .unwrap_or_else(|| panic!("{name} loads"))
            .to_string();
        assert!(e.contains(says), "{name}: {e}");
    }
}

/// Decisions 12: 詐胡 costs the offender d + 8t to each other player (`false_win_tai` = 8, or
/// 5 or 10), at whatever 底 and 台錢 the settings `base` and `tai_value` give.
#[test]
fn false_win_pays_base_and_tai_at_the_settings_stakes() {
    for (name, each) in [
        ("taiwan", 260),
        ("taiwan[base=30,tai_value=10]", 110),
        ("taiwan[base=300,tai_value=100]", 1100),
        ("taiwan[false_win_tai=5]", 200),
        ("taiwan[false_win_tai=10]", 300),
        ("taiwan[false_win_tai=5,base=50,tai_value=10]", 100),
        ("taiwan[tai_value=0,false_win_tai=10]", 100),
    ] {
        let r = rs(name);
        let p = r
            .settlement
            .penalties
            .iter()
            .find(|p| p.id == "zha_hu")
            .unwrap_or_else(|| panic!("{name}: no 詐胡"));
        let d = mj_dsl::penalty::deltas(p, 4, 2, None, None).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(d, vec![each, each, -3 * each, each], "{name}");
    }
}

/// Options: `flower_kong_includes_seat_flower`: with true, 花槓 replaces the 正花 of its set.
#[test]
fn setting_flower_kong_includes_seat_flower() {
    let hand = "[123m,1][456p,1][789s,1]234s567m5p5p seat=S 12346f";
    let f = |name: &str| {
        fans(&score(&rs(name), hand))
            .iter()
            .map(|f| (f.0.to_string(), f.2))
            .collect::<Vec<_>>()
    };
    let own = |n| ("zheng_hua".to_string(), n);
    let set = ("hua_gang".to_string(), 1);
    let du = ("du_ting".to_string(), 1);
    assert_eq!(
        f("taiwan[flower_kong_includes_seat_flower=false]"),
        vec![du.clone(), own(2), set.clone()]
    );
    assert_eq!(
        f("taiwan[flower_kong_includes_seat_flower=true]"),
        vec![du, own(1), set]
    );
}

/// Options: `heaven_earth` 24/16/8 or 16/16/16.
#[test]
fn setting_heaven_earth() {
    let tian = "123456789m23479s11p8s self first";
    let ren = "123456789m23479s11p8s first seat=N";
    let total = |name: &str, h: &str| score(&rs(name), h).total;
    assert_eq!(total("taiwan[heaven_earth=24/16/8]", tian), 25);
    assert_eq!(total("taiwan[heaven_earth=24/16/8]", ren), 9);
    assert_eq!(total("taiwan[heaven_earth=16/16/16]", tian), 17);
    assert_eq!(total("taiwan[heaven_earth=16/16/16]", ren), 17);
}

/// Options: `all_honours_as_flush`: 字一色 8 instead of 16.
#[test]
fn setting_all_honours_as_flush() {
    let hand = "EEESSSWWWCCCFFFPP seat=S self";
    assert_eq!(score(&rs("taiwan[all_honours_as_flush=false]"), hand).total, 34);
    assert_eq!(score(&rs("taiwan[all_honours_as_flush=true]"), hand).total, 26);
}

/// Options: `no_honour_no_flower`: 無字 1 and 無花 1.
#[test]
fn setting_no_honour_no_flower() {
    let hand = "[123m,1]456m789p222s55p34p2p seat=S";
    assert_eq!(score(&rs("taiwan[no_honour_no_flower=false]"), hand).total, 0);
    assert_eq!(score(&rs("taiwan[no_honour_no_flower=true]"), hand).total, 2);
    assert_eq!(
        score(&rs("taiwan[no_honour_no_flower=true]"), &format!("{hand} 3f")).total,
        1
    );
}

/// Options: `banqiu`: 半求 1 (all claimed, self-drawn), replacing 獨聽.
#[test]
fn setting_banqiu() {
    let hand = "[123m,1][456m,1][789p,1][123s,1][NNN,2]9s9s self seat=S";
    let ids = |name: &str| {
        fans(&score(&rs(name), hand))
            .iter()
            .map(|f| f.0.to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(ids("taiwan[banqiu=false]"), vec!["zi_mo", "du_ting"]);
    assert_eq!(ids("taiwan[banqiu=true]"), vec!["zi_mo", "ban_qiu"]);
}

/// Options: `seven_pairs_16`: 嚦咕嚦咕 8, seven pairs and a pong, concealed; Decisions 6 (no
/// seven-pairs form) holds with `false`. The other 台 add up (Decisions 7); the dealer E, 上家 of
/// S, pays 100 + 20 × (10 + 1) (Decisions 8-9).
#[test]
fn setting_seven_pairs_16() {
    let off = rs("taiwan[seven_pairs_16=false]");
    let on = rs("taiwan[seven_pairs_16=true]");
    // The winning C completes the pong beside the pairs: a discard pong is exposed, still 三元牌.
    let pong = "1133m5577p2244s99sCCC seat=S from=1";
    assert!(score_text(&off, pong).is_err(), "no seven-pairs form by default");
    let r = assert_win(
        &on,
        pong,
        &[("men_qing", 1, 1), ("san_yuan_pai", 1, 1), ("li_gu_li_gu", 8, 1)],
        10,
    );
    assert_eq!(pay(&r), vec![-320, 320, 0, 0]);
    // The winning E pairs the single: 獨聽 (the only wait), the dealer's self-draw.
    let pair = "111m33m55p77p22s44s99sEE self seat=E";
    assert!(score_text(&off, pair).is_err());
    let r = assert_win(
        &on,
        pair,
        &[
            ("zhuang_jia", 1, 1),
            ("men_qing_zi_mo", 3, 1),
            ("du_ting", 1, 1),
            ("li_gu_li_gu", 8, 1),
        ],
        13,
    );
    assert_eq!(pay(&r), vec![1080, -360, -360, -360]);
    // A melded hand is never the form; a hand of five sets scores the same either way.
    assert!(score_text(&on, "[CCC,1]1133m5577p2244s9s9s seat=S from=1").is_err());
    let plain = "123456789m234p56p99s7p seat=S from=1";
    assert_eq!(score(&on, plain).total, score(&off, plain).total);
    // Waits and shanten of the 16 tiles: eight pairs wait on any of them as the pong; six pairs,
    // a pong and a single on the single.
    let w = mj_dsl::waits_text(&on, "1133m5577p2244s99sCC").expect("16 tiles");
    assert_eq!(w.waits, ["1m", "3m", "5p", "7p", "2s", "4s", "9s", "C"]);
    assert_eq!(w.shanten, 0);
    assert!(mj_dsl::waits_text(&off, "1133m5577p2244s99sCC")
        .expect("16")
        .waits
        .is_empty());
    let w = mj_dsl::waits_text(&on, "111m33m55p77p22s44s99sE").expect("16 tiles");
    assert_eq!(w.waits, ["E"]);
    // One tile away: a pair broken into a single and a stray.
    let w = mj_dsl::waits_text(&on, "111m33m55p77p22s44s9sNE").expect("16 tiles");
    assert_eq!(
        w.per_form.iter().find(|f| f.0 == "seven_pairs").map(|f| f.1),
        Some(1)
    );
}

/// Options: `four_kongs`: 四槓 8.
#[test]
fn setting_four_kongs() {
    let hand = "[1111m,1][2222p,1][3333s,1][4444s,1]567m5p5p seat=S";
    // 獨聽 1 (the 5p pair wait) either way.
    assert_eq!(score(&rs("taiwan[four_kongs=false]"), hand).total, 1);
    assert_eq!(score(&rs("taiwan[four_kongs=true]"), hand).total, 9);
}

/// Options: `reserve_tiles`, `multi_win`, `false_win_tai`: table rules, each value read.
#[test]
fn settings_of_the_table() {
    for (v, kept) in [("16", 16), ("0", 0), ("14", 14), ("18", 18)] {
        let t = Table::new(rs(&format!("taiwan[reserve_tiles={v}]"))).expect("table");
        assert_eq!(mj_core::game::Rules::table(&t).kept_back, kept, "{v}");
    }
    use mj_core::game::rules::MultipleWinners;
    for (v, m) in [
        ("head_bump", MultipleWinners::First),
        ("all", MultipleWinners::All),
    ] {
        let t = Table::new(rs(&format!("taiwan[multi_win={v}]"))).expect("table");
        assert_eq!(mj_core::game::Rules::table(&t).multiple_winners, m, "{v}");
    }
    for (v, each) in [("8", 260), ("5", 200), ("10", 300)] {
        let r = rs(&format!("taiwan[false_win_tai={v}]"));
        let p = r
            .settlement
            .penalties
            .iter()
            .find(|p| p.id == "zha_hu")
            .expect("zha_hu");
        assert_eq!(p.fixed(), Some(each), "{v}");
    }
}

/// Decisions 2 (seat winds fixed to the seats), 8 and 10 in play: South deals with a streak of
/// 2; West, whose seat wind stays W, wins on the dealer's discard with a pong of W (門風), and
/// the dealer pays the hand's 台 plus 1 + 2 × 2.
#[test]
fn in_play_seat_winds_stay_and_the_dealer_pays_his_streak() {
    let t = Table::new(rs("taiwan")).expect("table");
    let start = HandStart {
        dealer_streak: 2,
        ..HandStart::default()
    };
    let west = "WWW123m456m789m123p5p";
    let mut g = Game::dealt_by(&t, 1, &["", "5p", west, ""], "", "", &start);
    for (s, w) in ["E", "S", "W", "N"].iter().enumerate() {
        assert_eq!(g.st.seats[s].wind.letter().to_string(), *w);
    }
    g.discard(1, "5p");
    g.claim(2, Action::Win);
    let r = g.finish();
    let (hand, fans) = r
        .events
        .iter()
        .find_map(|e| match e {
            RecordEvent::Win { hand, fans, .. } => Some((hand.clone(), fans.clone())),
            _ => None,
        })
        .expect("a win");
    assert!(
        hand.contains("dealer=S") && hand.contains("streak=2") && hand.contains("seat=W"),
        "{hand}"
    );
    assert!(fans.iter().any(|f| f.starts_with("門風")), "{fans:?}");
    // West wins before its first discard, nobody having called: 人胡 8 (Decisions 7, which
    // replaces 門清), 獨聽 1, 門風 1 = 10; South pays 100 + 20 × (10 + 1 + 4).
    assert!(fans.iter().any(|f| f.starts_with("人胡")), "{fans:?}");
    assert_eq!(r.net(), vec![0, -400, 400, 0]);
}

/// Worked example 4 — Decisions 6 (八仙過海, an instant win on the eight flowers) and 8–9 (each
/// of the three pays; the dealer E 100 + 20 × 9). 七搶一 is paid by the robbed player alone, and
/// fewer than eight flowers make no hand.
#[test]
fn example_4_eight_flowers_and_seven_robbing_one() {
    let r = score(tw(), "12345678f self seat=N");
    assert_eq!(fans(&r), vec![("ba_xian_guo_hai", 8, 1)]);
    assert_eq!(r.total, 8);
    assert_eq!(pay(&r), vec![-280, -260, -260, 800]);
    let r = score(tw(), "12345678f seat=S from=2");
    assert_eq!(fans(&r), vec![("qi_qiang_yi", 8, 1)]);
    assert_eq!(pay(&r), vec![0, 260, 0, -260]);
    let e = score_text(tw(), "1234567f self").expect_err("seven flowers are no win");
    assert!(e.contains("all 8"), "{e}");
    // mcr has no bonus_seats: a line of bonus tiles stays refused where the notation reads it.
    let e = score_text(&rs("mcr"), "12345678f self").expect_err("refused");
    assert!(e.contains("column 1") && e.contains("only bonus tiles"), "{e}");
}

/// Decisions 2 (seat winds fixed to the seats) in the text record `mj play` prints: seat 0 is E
/// whoever deals, so a hand South deals says "dealer S" and names the dealer's moves with S.
#[test]
fn text_record_names_seats_by_their_fixed_winds() {
    use mj_core::game::{play_hand, GreedyBot, Player, Rules};
    let t = Table::new(rs("taiwan")).expect("table");
    let mut players: Vec<Box<dyn Player>> = (0..4)
        .map(|_| Box::new(GreedyBot::new()) as Box<dyn Player>)
        .collect();
    let r = play_hand(&t, &mut players, 5, 1, mj_core::Wind::EAST).expect("plays");
    let text = r.to_text(t.tiles(), t.table().fixed_seat_winds);
    assert!(
        text.lines().next().is_some_and(|l| l.contains("dealer S")),
        "{text}"
    );
    let first = r
        .events
        .iter()
        .find_map(|e| match e {
            RecordEvent::Discard { seat, .. } => Some(*seat),
            _ => None,
        })
        .expect("a discard");
    assert_eq!(first, 1, "the dealer discards first");
    let line = text
        .lines()
        .find(|l| l.contains(" discards "))
        .expect("a discard line");
    assert!(line.starts_with("S discards"), "{line}");
    // Dealer-relative naming (every ruleset whose seat winds move with the deal) calls it E.
    let moving = r.to_text(t.tiles(), false);
    assert!(moving.lines().any(|l| l.starts_with("E discards")) && moving.contains("dealer E"));
}
