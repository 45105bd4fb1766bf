//! riichi's settings for the optional yaku and caps of shared/rules/riichi.md ("Options every
//! riichi ruleset can set": daisharin, the yakuman cap, open riichi, paarenchan), one test per
//! value, each with a hand the value changes. The other options' tests are in settings.rs.

mod common;

use common::scoring::score;
use mj_dsl::{load, load_from_memory, HandReport, Ruleset};

/// Names here choose settings, built at run time, so each is loaded afresh.
fn rs(name: &str) -> Ruleset {
    load(name).unwrap_or_else(|d| panic!("{name}: {d}"))
}

fn pay(r: &HandReport, seat: &str) -> i64 {
    r.payments.get(seat).unwrap_or(0)
}

fn count(r: &HandReport, id: &str) -> u32 {
    r.fans.iter().filter(|f| f.id == id).map(|f| f.count).sum()
}

/// Seven pairs of dots 2–8, a non-dealer's ron on the dealer's discard. Without daisharin the
/// best reading is pinfu 1 + tanyao 1 + ryanpeikou 3 + chinitsu 6 = 11 han, a sanbaiman
/// (Decisions 6 and 8: basic 6,000, a non-dealer's ron 4× = 24,000); as daisharin a yakuman
/// (basic 8,000, 32,000).
const DOTS: &str = "2233445566778p8p seat=S";
/// The same shape in characters.
const CHARACTERS: &str = "2233445566778m8m seat=S";

/// daisharin=none (the default, has_daisharin=False): the shape scores its yaku.
#[test]
fn daisharin_none() {
    let r = score(&rs("riichi"), DOTS);
    assert_eq!(count(&r, "daisharin"), 0, "{r:?}");
    assert_eq!(count(&r, "ryanpeikou"), 1, "{r:?}");
    assert_eq!(pay(&r, "E"), -24000, "{r:?}");
}

/// daisharin=pin (has_daisharin=True): the dots shape is a yakuman, the characters one is not.
#[test]
fn daisharin_pin() {
    let r = rs("riichi[daisharin=pin]");
    let d = score(&r, DOTS);
    assert_eq!((count(&d, "daisharin"), count(&d, "ryanpeikou")), (1, 0), "{d:?}");
    assert_eq!(
        (pay(&d, "E"), d.limit.clone()),
        (-32000, Some(Some("yakuman".into()))),
        "{d:?}"
    );
    let m = score(&r, CHARACTERS);
    assert_eq!((count(&m, "daisharin"), pay(&m, "E")), (0, -24000), "{m:?}");
}

/// daisharin=any_suit (has_daisharin_other_suits=True): the shape in any suit is a yakuman;
/// seven pairs with a terminal or of two suits are not.
#[test]
fn daisharin_any_suit() {
    let r = rs("riichi[daisharin=any_suit]");
    for hand in [DOTS, CHARACTERS] {
        let d = score(&r, hand);
        assert_eq!(
            (count(&d, "daisharin"), pay(&d, "E")),
            (1, -32000),
            "{hand}: {d:?}"
        );
    }
    for hand in ["1133445566778m8m seat=S", "2233445566p778s8s seat=S"] {
        assert_eq!(count(&score(&r, hand), "daisharin"), 0, "{hand}");
    }
}

/// A ruleset extending riichi with a test fan worth six yakuman in an all-honours hand, and
/// `yakuman_cap` defaulting to `cap`: with tsuuiisou that hand holds seven yakuman.
fn seven_yakuman(cap: &str) -> Ruleset {
    let text = format!(
        "[ruleset]\nname = \"heap\"\nextends = \"riichi\"\n\n[[fan]]\nid = \"six_fold\"\nzh = \"六倍\"\nen = \"Six-fold\"\npoints = 78\nlimit = true\nwhen = \"all(honours)\"\ndefinition = \"test\"\n\n[[setting]]\nid = \"yakuman_cap\"\ndefault = \"{cap}\"\n"
    );
    load_from_memory("heap", &[("ruleset.toml", &text)]).unwrap_or_else(|d| panic!("{d}"))
}

/// Tsuuiisou with a called East: no other yakuman (no four winds, no daisangen, not concealed).
const HONOURS: &str = "[EEE]SSSWWWFFFPP seat=S";

/// yakuman_cap=none (riichi's default; Decisions 6: different yakuman add up): seven yakuman,
/// 7 × 32,000 from the discarder.
#[test]
fn yakuman_cap_none() {
    let r = score(&seven_yakuman("none"), HONOURS);
    assert_eq!((count(&r, "tsuuiisou"), count(&r, "six_fold")), (1, 1), "{r:?}");
    assert_eq!(pay(&r, "E"), -7 * 32000, "{r:?}");
}

/// yakuman_cap=6 (limit_to_sextuple_yakuman=True): at most six yakuman are paid.
#[test]
fn yakuman_cap_six() {
    let r = score(&seven_yakuman("6"), HONOURS);
    assert_eq!(pay(&r, "E"), -6 * 32000, "{r:?}");
}

/// yakuman_cap=1 (riichi-ema's default, "yakuman do not add up"): one yakuman at most, and a
/// name can choose it for riichi too.
#[test]
fn yakuman_cap_one() {
    let r = score(&seven_yakuman("1"), HONOURS);
    assert_eq!(pay(&r, "E"), -32000, "{r:?}");
    // Tsuuiisou and daisuushii: two yakuman in riichi, one under the cap.
    let hand = "[SSS,2]EEEWWWNNNPP self seat=N round=W";
    assert_eq!(pay(&score(&rs("riichi"), hand), "N"), 64000);
    assert_eq!(pay(&score(&rs("riichi[yakuman_cap=1]"), hand), "N"), 32000);
    assert_eq!(pay(&score(&rs("riichi-ema"), hand), "N"), 32000);
    assert_eq!(pay(&score(&rs("riichi-ema[yakuman_cap=none]"), hand), "N"), 64000);
}

/// A non-dealer's closed pinfu ron on the dealer's discard (no tanyao: 123m): with riichi
/// 2 han 30 fu, 2,000 (Decisions 7 and 8: 30 × 2^4 × 4 = 1,920, rounded up).
const PINFU: &str = "123m456p789s23s5p5p4s seat=S";

/// open_riichi=false (the default): no open riichi; the word is not riichi's.
#[test]
fn open_riichi_false() {
    let r = score(&rs("riichi"), &format!("{PINFU} riichi"));
    assert_eq!((count(&r, "riichi"), pay(&r, "E")), (1, -2000), "{r:?}");
    let e =
        mj_dsl::score_text(&rs("riichi"), &format!("{PINFU} riichi open_riichi")).expect_err("no such word");
    assert!(e.contains("open_riichi"), "{e}");
}

/// open_riichi=true: an open riichi is 2 han instead of 1 (3 han 30 fu, 3,900), a double open
/// riichi 3 (4 han 30 fu, 7,700); a ron on it is no yakuman (has_sashikomi_yakuman=False). The
/// figures are the oracle's (`mahjong` 2.1.0, is_open_riichi).
#[test]
fn open_riichi_true() {
    let r = rs("riichi[open_riichi=true]");
    let open = score(&r, &format!("{PINFU} riichi open_riichi"));
    assert_eq!(
        (
            count(&open, "riichi"),
            count(&open, "open_riichi"),
            open.han,
            pay(&open, "E")
        ),
        (0, 1, Some(3), -3900),
        "{open:?}"
    );
    let double = score(&r, &format!("{PINFU} double open_riichi"));
    assert_eq!(
        (
            count(&double, "double_riichi"),
            count(&double, "double_open_riichi"),
            pay(&double, "E")
        ),
        (0, 1, -7700),
        "{double:?}"
    );
    let plain = score(&r, &format!("{PINFU} riichi"));
    assert_eq!(
        (count(&plain, "riichi"), pay(&plain, "E")),
        (1, -2000),
        "{plain:?}"
    );
    assert_eq!(count(&open, "sashikomi"), 0);
}

/// open_riichi=sashikomi (has_sashikomi_yakuman=True): a ron on an open riichi is a yakuman
/// (32,000 from the discarder); a tsumo is not (menzen tsumo, open riichi, pinfu: 4 han 20 fu,
/// 1,300 / 2,600).
#[test]
fn open_riichi_sashikomi() {
    let r = rs("riichi[open_riichi=sashikomi]");
    let ron = score(&r, &format!("{PINFU} riichi open_riichi"));
    assert_eq!((count(&ron, "sashikomi"), pay(&ron, "E")), (1, -32000), "{ron:?}");
    let tsumo = score(&r, &format!("{PINFU} riichi open_riichi self"));
    assert_eq!(
        (
            count(&tsumo, "sashikomi"),
            count(&tsumo, "open_riichi"),
            pay(&tsumo, "E"),
            pay(&tsumo, "W")
        ),
        (0, 1, -2600, -1300),
        "{tsumo:?}"
    );
}

/// The dealer's closed pinfu tsumo (123m 456p 789s 23s 55p, 4s drawn): pinfu and menzen tsumo,
/// 2 han 20 fu, basic 320, so 700 from each (Decisions 7 and 8: a dealer's tsumo 2 × 320, rounded
/// up to 100).
const DEALER_TSUMO: &str = "123m456p789s23s55p4s self";

/// paarenchan=false (the default, Tenhou): no streak word, no paarenchan.
#[test]
fn paarenchan_false() {
    let r = score(&rs("riichi"), DEALER_TSUMO);
    assert_eq!((count(&r, "paarenchan"), pay(&r, "S")), (0, -700), "{r:?}");
    let e =
        mj_dsl::score_text(&rs("riichi"), &format!("{DEALER_TSUMO} renchan=7")).expect_err("no such word");
    assert!(e.contains("renchan"), "{e}");
}

/// paarenchan=true (HandConfig(paarenchan=1), paarenchan_needs_yaku=True): the dealer's eighth
/// win in a row (`renchan=7`) is a yakuman, 16,000 from each; the seventh is not, nor another
/// seat's win; and a hand with no yaku (an open hand of dora only) stays no win.
#[test]
fn paarenchan_true() {
    let r = rs("riichi[paarenchan=true]");
    let eighth = score(&r, &format!("{DEALER_TSUMO} renchan=7"));
    assert_eq!(
        (
            count(&eighth, "paarenchan"),
            count(&eighth, "pinfu"),
            pay(&eighth, "S")
        ),
        (1, 0, -16000),
        "{eighth:?}"
    );
    assert_eq!(eighth.limit, Some(Some("yakuman".into())), "{eighth:?}");
    let seventh = score(&r, &format!("{DEALER_TSUMO} renchan=6"));
    assert_eq!(
        (count(&seventh, "paarenchan"), pay(&seventh, "S")),
        (0, -700),
        "{seventh:?}"
    );
    let south = score(&r, &format!("{DEALER_TSUMO} renchan=7 seat=S"));
    assert_eq!(count(&south, "paarenchan"), 0, "{south:?}");
    // An open chi, no yaku (no tanyao: 9s; no pinfu open), dora 5p ×2: no win, streak or not.
    let bare = "[234m,1]456p789s23s55p4s renchan=7 dora=4p";
    let b = score(&r, bare);
    assert!(!b.valid && count(&b, "paarenchan") == 0, "{b:?}");
}

/// Oracle fault, kept failing (the issue: "listed with the rule text and left failing in an
/// ignored test, never tuned away"). Daisharin is "seven pairs of 2-3-4-5-6-7-8 in a single
/// suit" (the `mahjong` package's own definition of `Daisharin`); a hand with a chow called is
/// not seven pairs, but the oracle counts only the tiles, so it scores this open hand
/// (`[234p,1]` and 2345566778p + 8p) a yakuman, 32,000. Ours is tanyao 1 and an open chinitsu 5:
/// a haneman, 12,000. `diff.py 'riichi[daisharin=pin]'` reports it as a difference when the
/// generator makes such a hand.
#[test]
#[ignore = "oracle fault: mahjong 2.1.0 counts daisharin in an open hand"]
fn oracle_gap_open_daisharin() {
    let r = score(&rs("riichi[daisharin=pin]"), "[234p,1]2345566778p8p seat=S");
    assert_eq!(pay(&r, "E"), -32000, "the oracle's open daisharin: {r:?}");
}
