//! Named ruleset settings (docs/ruleset-format.md, "Settings"): riichi's options
//! (shared/rules/riichi.md, "Options every riichi ruleset can set") chosen in the ruleset's name,
//! one test per value other than the default, each a hand whose scoring the value changes; then
//! the general mechanism: located errors in names, an extension changing a default, and checks
//! of a `[[setting]]` itself.

mod common;

use common::scoring::score;
use mj_dsl::{load, load_from_memory, score_text, HandReport, Ruleset};

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

/// open_tanyao=false (has_open_tanyao=False): tanyao needs a concealed hand, so an open
/// all-simples hand has no yaku.
#[test]
fn open_tanyao_false() {
    let hand = "[234m,1]456p678s23s5p5p4s";
    let on = score(&rs("riichi"), hand);
    assert!(on.valid && count(&on, "tanyao") == 1, "{on:?}");
    let off = score(&rs("riichi[open_tanyao=false]"), hand);
    assert!(!off.valid && count(&off, "tanyao") == 0, "{off:?}");
}

/// aka_dora=false (has_aka_dora=False): no red copies, so `0m` is not a tile.
#[test]
fn aka_dora_false() {
    let hand = "406m234p456s67s2p2p8s";
    assert_eq!(count(&score(&rs("riichi"), hand), "aka_dora"), 1);
    let e = score_text(&rs("riichi[aka_dora=false]"), hand).expect_err("no red fives");
    assert!(e.contains("'0m'"), "{e}");
    let plain = score(&rs("riichi[aka_dora=false]"), "456m234p456s67s2p2p8s");
    assert!(plain.fans.iter().all(|f| f.id != "aka_dora"), "{plain:?}");
}

/// double_yakuman=true (has_double_yakuman=True): daisuushii is worth two yakuman.
#[test]
fn double_yakuman_true() {
    let hand = "[EEE]SSSWWWNNN1m1m seat=S";
    assert_eq!(pay(&score(&rs("riichi"), hand), "E"), -32000);
    let two = score(&rs("riichi[double_yakuman=true]"), hand);
    assert_eq!(pay(&two, "E"), -64000, "{two:?}");
}

/// A 13-han hand without a yakuman: riichi 1, ippatsu 1, tsumo 1, tanyao 1, ryanpeikou 3,
/// chinitsu 6.
const KAZOE: &str = "2233445566778m8m self riichi ippatsu seat=S";

/// kazoe=sanbaiman (KAZOE_SANBAIMAN): 13 han or more is a sanbaiman.
#[test]
fn kazoe_sanbaiman() {
    assert_eq!(score(&rs("riichi"), KAZOE).limit, Some(Some("kazoe".into())));
    let s = score(&rs("riichi[kazoe=sanbaiman]"), KAZOE);
    assert_eq!(s.limit, Some(Some("sanbaiman".into())), "{s:?}");
}

/// kazoe=none (KAZOE_NO_LIMIT): every further 13 han is one more yakuman's worth, so 26 han
/// pays twice what 13 do; riichi caps a counted hand at one yakuman.
#[test]
fn kazoe_none() {
    let hand = format!("{KAZOE} dora=1m2m3m4m ura=5m6m7m");
    let capped = score(&rs("riichi"), &hand);
    let open = score(&rs("riichi[kazoe=none]"), &hand);
    assert!(open.han >= Some(26), "{open:?}");
    assert_eq!(pay(&open, "E"), 2 * pay(&capped, "E"), "{open:?} {capped:?}");
}

/// kiriage=true: 4 han 30 fu (basic 1,920) is rounded up to a mangan.
#[test]
fn kiriage_true() {
    let hand = "234m456p678s34s6p6p5s riichi seat=S dora=1m";
    assert_eq!(pay(&score(&rs("riichi"), hand), "E"), -7700);
    let k = score(&rs("riichi[kiriage=true]"), hand);
    assert_eq!(
        (pay(&k, "E"), k.limit.clone()),
        (-8000, Some(Some("mangan".into()))),
        "{k:?}"
    );
}

/// open_pinfu_fu=false (fu_for_open_pinfu=False): an open pinfu shape is 20 fu, not 30.
#[test]
fn open_pinfu_fu_false() {
    let hand = "[234m,1]456p678s23s5p5p4s";
    assert_eq!(score(&rs("riichi"), hand).fu, Some(30));
    assert_eq!(score(&rs("riichi[open_pinfu_fu=false]"), hand).fu, Some(20));
}

/// pinfu_tsumo_fu=true (fu_for_pinfu_tsumo=True): tsumo fu always count, and pinfu is then only
/// won on a discard.
#[test]
fn pinfu_tsumo_fu_true() {
    let hand = "123m456p789s23s5p5p4s self riichi";
    let d = score(&rs("riichi"), hand);
    assert_eq!((d.fu, count(&d, "pinfu")), (Some(20), 1));
    let t = score(&rs("riichi[pinfu_tsumo_fu=true]"), hand);
    assert_eq!((t.fu, count(&t, "pinfu")), (Some(30), 0), "{t:?}");
    let ron = score(&rs("riichi[pinfu_tsumo_fu=true]"), "123m456p789s23s5p5p4s riichi");
    assert_eq!(count(&ron, "pinfu"), 1, "pinfu on a discard");
}

/// A non-dealer's win on a discard before the first draw, no call made.
const RENHOU: &str = "123m456p789s23s5p5p4s first seat=S";

/// renhou=mangan: renhou is 5 han (here with pinfu: 6 han, a haneman).
#[test]
fn renhou_mangan() {
    assert_eq!(
        count(&score(&rs("riichi"), RENHOU), "renhou"),
        0,
        "no renhou by default"
    );
    let m = score(&rs("riichi[renhou=mangan]"), RENHOU);
    assert_eq!(count(&m, "renhou"), 1, "{m:?}");
    assert_eq!(
        (m.han, m.limit.clone()),
        (Some(6), Some(Some("haneman".into()))),
        "{m:?}"
    );
}

/// renhou=yakuman (renhou_as_yakuman=True): renhou is a yakuman.
#[test]
fn renhou_yakuman() {
    let y = score(&rs("riichi[renhou=yakuman]"), RENHOU);
    assert_eq!(count(&y, "renhou"), 1, "{y:?}");
    assert_eq!(y.limit, Some(Some("yakuman".into())), "{y:?}");
}

/// Every setting of riichi is listed with its values and default, and a name that chooses the
/// defaults loads the same rules under the name as written.
#[test]
fn settings_are_listed_and_names_reload() {
    let r = rs("riichi");
    let ids: Vec<&str> = r.settings.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(
        ids,
        [
            "open_tanyao",
            "aka_dora",
            "double_yakuman",
            "kazoe",
            "kiriage",
            "open_pinfu_fu",
            "pinfu_tsumo_fu",
            "renhou",
            "daisharin",
            "yakuman_cap",
            "open_riichi",
            "paarenchan",
            "kuikae",
            "kandora",
            "abortive_draws",
            "nagashi_mangan",
            "multiple_ron",
            "tobi",
            "west",
            "uma",
            "oka"
        ]
    );
    assert!(r
        .settings
        .iter()
        .all(|s| s.value == s.default && s.values.contains(&s.default)));
    let k = rs("riichi[ kiriage = true , kazoe=none ]");
    assert_eq!(k.name, "riichi[kazoe=none,kiriage=true]", "declaration order");
    assert_eq!(rs(&k.name).name, k.name, "the name loads again");
    let d = rs("riichi[kazoe=yakuman]");
    assert_eq!(score(&d, KAZOE), score(&r, KAZOE), "the default chosen by name");
}

/// Errors in a name point into it: unknown setting (with the known ones), unknown value, a
/// bracket part without `=`, a setting chosen twice, a ruleset without settings.
#[test]
fn name_errors_are_located() {
    let err = |name: &str| load(name).expect_err(name).to_string();
    let e = err("riichi[kazo=none]");
    assert!(
        e.contains("unknown setting `kazo` of riichi") && e.contains("did you mean `kazoe`"),
        "{e}"
    );
    assert!(
        e.contains("known: open_tanyao, aka_dora") && e.contains("ruleset name:1:8"),
        "{e}"
    );
    let e = err("riichi[kazoe=sanbaimen]");
    assert!(
        e.contains("not one of yakuman, sanbaiman, none") && e.contains("1:14"),
        "{e}"
    );
    assert!(err("riichi[kazoe]").contains("does not choose a value"));
    assert!(err("riichi[kiriage=true,kiriage=false]").contains("chosen twice"));
    assert!(err("mcr[x=y]").contains("it has none"));
}

const TOY_SETTING: &str = r#"
[ruleset]
name = "house"
extends = "riichi"

[[setting]]
id = "kazoe"
default = "sanbaiman"
"#;

/// An extension may change its base's default: the value's overlay then applies by default.
#[test]
fn an_extension_changes_a_default() {
    let h = load_from_memory("house", &[("ruleset.toml", TOY_SETTING)]).unwrap_or_else(|d| panic!("{d}"));
    let kazoe = h.settings.iter().find(|s| s.id == "kazoe").expect("kazoe");
    assert_eq!(
        (kazoe.default.as_str(), kazoe.value.as_str()),
        ("sanbaiman", "sanbaiman")
    );
    assert_eq!(score(&h, KAZOE).limit, Some(Some("sanbaiman".into())));
}

/// A `[[setting]]` is checked where it is written: a default or an overlay outside the values,
/// a new setting without values, an overlay that names a ruleset.
#[test]
fn setting_errors_are_located() {
    let bad = |body: &str| {
        let text = format!("[ruleset]\nname = \"house\"\nextends = \"riichi\"\n{body}");
        load_from_memory("house", &[("ruleset.toml", &text)])
            .expect_err("bad setting")
            .to_string()
    };
    let e = bad("[[setting]]\nid = \"kazoe\"\ndefault = \"never\"\n");
    assert!(
        e.contains("default `never` of setting `kazoe` is not one of its values") && e.contains(":6:"),
        "{e}"
    );
    // A number setting: its constant must be declared, its default and range whole numbers.
    let e = bad("[[setting]]\nid = \"stake\"\nconstant = \"stake\"\ndefault = \"5\"\n");
    assert!(
        e.contains("sets constant `stake`, which [settlement] constants does not declare"),
        "{e}"
    );
    let e = bad("[settlement.constants]\nstake = 1\n[[setting]]\nid = \"stake\"\nconstant = \"stake\"\nrange = [1, 9]\ndefault = \"10\"\n");
    assert!(
        e.contains("default `10` of setting `stake` is not a whole number from 1 to 9"),
        "{e}"
    );
    // Its help names the range, not an empty list of values.
    assert!(
        e.contains("the default is a whole number from 1 to 9") && !e.contains("the values are"),
        "{e}"
    );
    let e = bad("[settlement.constants]\nstake = 1\n[[setting]]\nid = \"stake\"\nconstant = \"stake\"\nrange = [9, 1]\ndefault = \"5\"\n");
    assert!(e.contains("setting `stake` has range [9, 1]"), "{e}");
    let e = bad("[[setting]]\nid = \"fast\"\ndefinition = \"x\"\n");
    assert!(e.contains("setting `fast` needs `values` and `default`"), "{e}");
    let e = bad("[[setting]]\nid = \"fast\"\nvalues = [\"a\", \"b\"]\ndefault = \"a\"\n[setting.overlay.c.points]\nlimit_fans_max = 1\n");
    assert!(
        e.contains("overlay for `c`, which is not one of its values"),
        "{e}"
    );
    let e = bad("[[setting]]\nid = \"fast\"\nvalues = [\"a\", \"b\"]\ndefault = \"b\"\n[setting.overlay.b.ruleset]\nname = \"x\"\n");
    assert!(e.contains("names a ruleset or declares settings"), "{e}");
}

/// riichi-ema sets riichi's settings' defaults (no red fives, kazoe a sanbaiman, renhou a
/// mangan), so its name can choose them back; riichi-sanma says `aka_dora=false` for its own
/// tile set (no 2m–8m).
#[test]
fn ema_defaults_and_sanma_red_fives() {
    let ema = rs("riichi-ema");
    let value = |r: &Ruleset, id: &str| r.settings.iter().find(|s| s.id == id).map(|s| s.value.clone());
    assert_eq!(value(&ema, "aka_dora").as_deref(), Some("false"));
    assert_eq!(score(&ema, KAZOE).limit, Some(Some("sanbaiman".into())));
    assert_eq!(count(&score(&ema, RENHOU), "renhou"), 1);
    let back = rs("riichi-ema[aka_dora=true,renhou=none,kazoe=yakuman]");
    assert_eq!(count(&score(&back, "406m234p456s67s2p2p8s"), "aka_dora"), 1);
    assert_eq!(count(&score(&back, RENHOU), "renhou"), 0);
    assert_eq!(score(&back, KAZOE).limit, Some(Some("kazoe".into())));
    let sanma = rs("riichi-sanma[aka_dora=false]");
    assert_eq!(sanma.tiles.total_tiles(), rs("riichi-sanma").tiles.total_tiles());
    let e = score_text(&sanma, "11m406p456s678s99s9s").expect_err("no red fives");
    assert!(e.contains("'0p'"), "{e}");
}

/// `mj doc` lists the settings: each value, the default in bold, the chosen one marked.
#[test]
fn the_doc_lists_settings() {
    let d = mj_dsl::doc::settings(&rs("riichi[kazoe=none]"));
    assert!(d.contains("`riichi[setting=value,...]`"), "{d}");
    assert!(d.contains("| `kazoe` | Counted yakuman (kazoe limit) / 数え役満 / 累计役满 | **yakuman**, sanbaiman, none (chosen) |"), "{d}");
    assert!(mj_dsl::doc::settings(&rs("mcr")).is_empty());
}
