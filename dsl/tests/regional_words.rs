//! What a line may say, and what its words are worth, in the regional rulesets (hongkong, taiwan,
//! sichuan): first-go-around wins come before any call, a replacement-tile win needs something
//! that was replaced, a robbed kong needs its tile to be the only copy in the winner's hand, and
//! the instant flower wins count only what their specs let them add. Each case quotes the spec it
//! comes from (shared/rules/<name>.md, its Decisions and notation section).

mod common;

use common::scoring::ruleset;
use mj_dsl::{score_text, HandReport};

fn fan_ids(r: &HandReport) -> Vec<(String, u32)> {
    r.fans.iter().map(|f| (f.id.to_string(), f.count)).collect()
}

#[track_caller]
fn scores(name: &'static str, line: &str) -> HandReport {
    score_text(ruleset(name), line).unwrap_or_else(|e| panic!("{name}: {line}: {e}"))
}

#[track_caller]
fn refused(name: &'static str, line: &str, says: &str) {
    let e = score_text(ruleset(name), line)
        .err()
        .unwrap_or_else(|| panic!("{name}: {line} scored"));
    assert!(e.contains(says), "{name}: {line}: {e}");
}

/// hongkong Decision 7 (地糊, 人糊: "no call before"), taiwan Decisions 7 ("no call made before"),
/// sichuan 地胡 ("nobody having ponged or konged before it"): a hand showing a meld is not a
/// first-go-around win, nor is a win on a kong or on the wall's last tile.
#[test]
fn a_first_go_around_win_shows_no_meld() {
    for (name, line) in [
        ("hongkong", "[123m,1]456p789s234s5s5s seat=S first from=3"),
        ("hongkong", "[123m,1]456p789s234s5s5s seat=S self first"),
        ("taiwan", "[123m,1]456m789m23479s11p8s self first seat=S"),
        ("taiwan", "[1111m,2]456m789m23479s11p8s self first seat=S"),
        ("sichuan", "[555p,1]123m456m789m1p1p self first seat=S"),
    ] {
        refused(name, line, "`first` is only for a hand without melds");
    }
    refused(
        "hongkong",
        "123m456p789s234s5s5s seat=S self first last",
        "`first`",
    );
    refused(
        "taiwan",
        "123456789m23479s11p8s seat=S first kong from=2",
        "`first`",
    );
    // Without the meld the same hands are the limit and 地胡.
    let r = scores("hongkong", "123m456p789s234s5s5s seat=S self first");
    assert_eq!(fan_ids(&r), vec![("earthly".to_string(), 1)]);
    let r = scores("taiwan", "123456789m23479s11p8s self first seat=N");
    assert_eq!(r.total, 17, "獨聽 1 + 地胡 16");
}

/// hongkong 槓上開花 "self-drawn on a replacement tile (kong or bonus tile)", taiwan "after a kong
/// or a flower", sichuan "self-drawn on a kong replacement tile": a hand that holds no kong (and
/// no bonus tile) drew no replacement, so the word changes nothing and says so.
#[test]
fn a_replacement_win_needs_something_replaced() {
    for (name, line, total) in [
        ("hongkong", "123m456p789s234s5s5s seat=S self kong", 4),
        ("taiwan", "123456789m234p56p99s7p self kong seat=S", 3),
        ("sichuan", "123456789m11p56p4p self kong", 0),
    ] {
        let r = scores(name, line);
        assert_eq!(r.total, total, "{name}: {line}: {:?}", fan_ids(&r));
        assert!(
            r.warnings.iter().any(|w| w.contains("`kong` changes nothing")),
            "{name}: {line}"
        );
    }
    // A kong in the hand, or a flower (taiwan, hongkong), makes the same word count.
    let r = scores("hongkong", "[1111m]234p567s789s8p8p self kong seat=S");
    assert!(fan_ids(&r).contains(&("kong_bloom".to_string(), 1)));
    let r = scores(
        "hongkong",
        "123m456p789s234s5s5s 2f seat=S self bonus_replacement",
    );
    assert!(fan_ids(&r).contains(&("kong_bloom".to_string(), 1)));
    let r = scores("taiwan", "123456789m234p56p99s7p 5f self after_flower seat=S");
    assert!(fan_ids(&r).contains(&("gang_shang_kai_hua".to_string(), 1)));
}

/// 搶槓 is won on the fourth copy another player adds to a pong (hongkong Decision 7, taiwan
/// Decisions 7, sichuan 抢杠胡): the winner cannot hold another copy of that tile.
#[test]
fn a_robbed_kong_tile_is_the_only_copy_in_the_hand() {
    for (name, line, fan) in [
        (
            "hongkong",
            "123m456p789s234s5s5s seat=S kong from=2",
            "robbing_kong",
        ),
        (
            "taiwan",
            "[123m,1][456p,1][789s,1]234s567m5p5p kong seat=S",
            "qiang_gang",
        ),
        ("sichuan", "123m456m789m11m45m3m kong", "qiang_gang_hu"),
    ] {
        let r = scores(name, line);
        assert!(fan_ids(&r).iter().all(|(id, _)| id != fan), "{name}: {line}");
    }
    for (name, line, fan) in [
        ("hongkong", "123m456p789s11s23s4s kong from=2", "robbing_kong"),
        (
            "taiwan",
            "[123m,1][456p,1][789s,1]234s55p46m5m kong seat=S",
            "qiang_gang",
        ),
        ("sichuan", "111m555m999m22m78m6m kong", "qiang_gang_hu"),
    ] {
        let r = scores(name, line);
        assert!(fan_ids(&r).contains(&(fan.to_string(), 1)), "{name}: {line}");
    }
    // sichuan Decisions 2: no kong once the wall is empty, so a robbed tile is never 海底炮.
    let r = scores("sichuan", "123456789m11p56p4p kong last");
    assert_eq!(
        fan_ids(&r),
        vec![("ping_hu".to_string(), 1), ("qiang_gang_hu".to_string(), 1)]
    );
}

/// hongkong notation: "`bao=K` | with `self`: the player liable under rule 11 pays all three
/// portions; an error without `self`", whatever the hand is worth.
#[test]
fn hongkong_bao_needs_self_on_every_hand() {
    for line in [
        "[123m,1][456p,1][789s,1][CCC,2]EE seat=S from=2 bao=1 15f",
        "[123m,1][456p,1][789s,1][CCC,2]EE seat=S from=2 bao=1 26f",
    ] {
        refused("hongkong", line, "`bao` needs `self`");
    }
}

/// hongkong notation: "A line with only the flower word `12345678f` and no tiles is 花糊
/// (self-drawn)"; Decision 10: each of the three others pays a portion, M(8) = 64.
#[test]
fn hongkong_the_bare_flower_line_is_a_self_drawn_flower_hand() {
    let bare = scores("hongkong", "12345678f");
    let with_self = scores("hongkong", "12345678f self");
    for r in [&bare, &with_self] {
        assert_eq!(fan_ids(r), vec![("flower_hand".to_string(), 1)]);
        assert_eq!(r.total, 8);
        assert_eq!(r.payments.get("E"), Some(192));
        assert_eq!(r.payments.get("S"), Some(-64));
    }
    // 花糊 is never won on a discard.
    refused("hongkong", "12345678f from=2", "self-drawn (no `from=`)");
}

/// taiwan Decisions 7: 八仙過海 "instant win, no hand needed, only 莊家/連莊 may be added"; 七搶一
/// "instant, as above"; Decisions 9 and 13: the dealer's 台 include 莊家 1 + 連莊 2N, each payer
/// 100 + 20 × 台.
#[test]
fn taiwan_instant_flower_wins_add_only_the_dealer() {
    let r = scores("taiwan", "12345678f self seat=E streak=2");
    let ids = fan_ids(&r);
    assert_eq!(
        ids,
        vec![
            ("zhuang_jia".to_string(), 1),
            ("lian_zhuang".to_string(), 2),
            ("ba_xian_guo_hai".to_string(), 1)
        ]
    );
    assert_eq!(r.total, 13);
    assert_eq!(r.payments.get("S"), Some(-360));
    let r = scores("taiwan", "12345678f seat=E from=2");
    assert_eq!(r.total, 9, "莊家 1 + 七搶一 8");
    assert_eq!(r.payments.get("W"), Some(-280));
    // Not the dealer: the fan alone (worked example 4).
    let r = scores("taiwan", "12345678f self seat=N");
    assert_eq!(r.total, 8);
    // A hand of tiles with all eight flowers scores as a hand: the instant win is its own line.
    let r = scores("taiwan", "123456789m23479s11p8s 12345678f self seat=S");
    assert!(
        fan_ids(&r).iter().all(|(id, _)| id != "ba_xian_guo_hai"),
        "{:?}",
        fan_ids(&r)
    );
    assert_eq!(r.total, 10, "門清自摸 3, 獨聽 1, 正花 1 × 2, 花槓 2 × 2");
}
