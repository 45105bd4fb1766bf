//! `mj score` on hands whose payments depend on more than their fans: the liabilities the
//! notation determines (melds are written in the order they were made, so the last bracket is the
//! last meld), 杠上开花 only with a kong, `flowers=N` only where bonus tiles exist, and the
//! chips (`stacks=`) and 倍打 (`double`) of 中国竞技麻将.

use mj_dsl::{score_text, HandReport, Ruleset};
use std::sync::OnceLock;

fn rs(name: &str) -> &'static Ruleset {
    static SETS: OnceLock<Vec<(String, Ruleset)>> = OnceLock::new();
    let sets = SETS.get_or_init(|| {
        ["jingji", "kawuxing", "shiwan"]
            .iter()
            .map(|n| (n.to_string(), mj_dsl::load(n).expect("loads")))
            .collect()
    });
    &sets.iter().find(|(n, _)| n == name).expect("known ruleset").1
}

fn score(name: &str, hand: &str) -> HandReport {
    score_text(rs(name), hand).unwrap_or_else(|e| panic!("{name} {hand}: {e}"))
}

/// Payments by seat wind, E S W N (a missing seat is 0).
fn pays(r: &HandReport) -> Vec<i64> {
    ["E", "S", "W", "N"]
        .iter()
        .map(|s| r.payments.get(s).unwrap_or(0))
        .collect()
}

fn fan_ids(r: &HandReport) -> Vec<&str> {
    r.fans.iter().map(|f| f.id.as_str()).collect()
}

#[test]
fn kawuxing_gang_shang_kai_hua_needs_a_kong() {
    // kawuxing.md §3 table: 杠上开花 is a "self-draw on the replacement tile", which exists only
    // after a kong; the hand below has a pung and no kong.
    let r = score("kawuxing", "[111m]234m456p78p99p6p self kong");
    assert!(!fan_ids(&r).contains(&"gang_shang_kai_hua"), "{:?}", fan_ids(&r));
    let r = score("kawuxing", "[1111m]234m456p78p99p6p self kong");
    assert!(fan_ids(&r).contains(&"gang_shang_kai_hua"), "{:?}", fan_ids(&r));
}

#[test]
fn shiwan_gang_shang_kai_hua_after_a_kong_on_a_discard_the_kongs_source_pays_all() {
    // shiwan.md §6 / Decisions 6: "a kong-replacement win after a kong on someone's discard is
    // paid in full (three shares) by that discarder". The 10m kong came from opposite (West).
    let r = score("shiwan", "[0000m,2][SSS,3]234p78p99p9p self kong");
    let t = r.total;
    assert_eq!(pays(&r), vec![3 * t, 0, -3 * t, 0]);
    // An added kong was made on the konger's own draw: an ordinary self-draw, T from each.
    let r = score("shiwan", "[0000m,6][SSS,3]234p78p99p9p self kong");
    let t = r.total;
    assert_eq!(pays(&r), vec![3 * t, -t, -t, -t]);
    // The replacement followed the last kong written: here the concealed kong, so no feeder.
    let r = score("shiwan", "[0000m,2][SSSS]234p78p99p9p self kong");
    let t = r.total;
    assert_eq!(pays(&r), vec![3 * t, -t, -t, -t]);
}

#[test]
fn shiwan_twelve_tiles_down_the_source_of_the_last_meld_pays_all() {
    // shiwan.md §6 / Decisions 6, 十二张落地: "a self-drawn win with four exposed melds (none of
    // them a concealed kong) is paid in full by the player whose discard made the last meld".
    let r = score("shiwan", "[SSS,2][222m,3][444p,1][6666s,2]0s0s self");
    assert_eq!(r.total, 10);
    assert_eq!(pays(&r), vec![30, 0, -30, 0]);
    // The same melds in another order: the last one (444p from the left, North) decides.
    let r = score("shiwan", "[SSS,2][222m,3][6666s,2][444p,1]0s0s self");
    assert_eq!(pays(&r), vec![30, 0, 0, -30]);
    // With a concealed kong among them there is no such liability.
    let r = score("shiwan", "[SSS,2][222m,3][444p,1][6666s]0s0s self");
    let t = r.total;
    assert_eq!(pays(&r), vec![3 * t, -t, -t, -t]);
}

#[test]
fn flowers_in_a_ruleset_without_bonus_tiles_is_an_error_naming_it() {
    // shiwan.md §1 "No dragons, no flowers"; kawuxing.md §1 "no flowers".
    for (name, hand) in [
        ("shiwan", "[111m]234m456p78p99p9p flowers=2"),
        ("kawuxing", "[111m]234m456p78p99p6p flowers=1"),
    ] {
        let e = score_text(rs(name), hand).unwrap_err();
        assert!(
            e.contains(name) && e.contains("flowers=") && e.contains("no bonus tiles"),
            "{e}"
        );
    }
    // jingji has flowers.
    assert!(score_text(rs("jingji"), "[CCC,2][FFF,3]PPP45p9s9s6p from=2 flowers=2").is_ok());
}

/// 三箭刻 60 won on West's discard (from=2): the discarder owes 2T = 120 (jingji.md §6).
const DRAGONS: &str = "[CCC,2][FFF,3]PPP45p9s9s6p from=2";

#[test]
fn jingji_stacks_cap_a_single_hands_payments() {
    // jingji.md §6: "a payer pays only until their 100-point stack is gone (盘面100分付完为止)".
    let r = score("jingji", DRAGONS);
    assert_eq!(r.total, 60);
    assert_eq!(pays(&r), vec![120, 0, -120, 0], "no stacks given: uncapped");
    let r = score("jingji", &format!("{DRAGONS} stacks=100,100,40,100"));
    assert_eq!(pays(&r), vec![40, 0, -40, 0]);
    // Self-drawn: each pays T = 60, or what it has.
    let r = score("jingji", "[CCC,2][FFF,3]PPP45p9s9s6p self stacks=100,10,100,30");
    let t = r.total;
    assert_eq!(pays(&r), vec![10 + t + 30, -10, -t, -30]);
    // Decisions 2: nobody may win from a player at zero.
    let e = score_text(rs("jingji"), &format!("{DRAGONS} stacks=100,100,0,100")).unwrap_err();
    assert!(e.contains("no win off a player at 0"), "{e}");
    // A malformed stacks word is an error that says how to write it.
    for bad in [
        "stacks=100,100",
        "stacks=100,x,100,100",
        "stacks=100,100,-5,100",
        "stacks=1,2,3,99999999999999",
    ] {
        let e = score_text(rs("jingji"), &format!("{DRAGONS} {bad}")).unwrap_err();
        assert!(e.contains("stacks=100,100,100,100"), "{bad}: {e}");
    }
}

#[test]
fn jingji_double_is_bei_da() {
    // jingji.md §6 倍打: "every later gain and loss by anyone is ×2".
    let r = score("jingji", &format!("{DRAGONS} double"));
    assert_eq!(pays(&r), vec![240, 0, -240, 0]);
    // Doubled, then capped by the stack.
    let r = score("jingji", &format!("{DRAGONS} double stacks=100,100,150,100"));
    assert_eq!(pays(&r), vec![150, 0, -150, 0]);
}

#[test]
fn jingji_three_claims_from_one_feeder_written_in_the_melds() {
    // jingji.md §7: three calls from the same player (counted from the start of the hand): the
    // feeder pays all three shares, a self-draw included. All three pungs from West (,2).
    let r = score("jingji", "[CCC,2][FFF,2][PPP,2]45p9s9s6p self");
    let t = r.total;
    assert_eq!(pays(&r), vec![3 * t, 0, -3 * t, 0]);
}
