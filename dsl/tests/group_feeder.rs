//! `[settlement.liable] group_feeder` / `group_feeder_discard` (docs/ruleset-format.md): the
//! player who fed the last declared pung of a group (the dragons, the winds) is liable for the
//! win. Hong Kong's `bao_big` (all of it) is tested in hongkong_settings.rs; here the riichi
//! reading, pao (shared/rules/riichi.md Decisions 9: "the player whose discard completed a
//! winner's daisangen or daisuushii by a pon or kan pays all of a tsumo, and half of a ron (the
//! discarder pays the other half)"), on an extension of riichi (which has pao itself; `plain`
//! switches it off with no groups), `group_feeder_counters`, and the load errors.

mod common;

use common::scoring::score;
use mj_dsl::{load_from_memory, HandReport, Ruleset};

fn house(extra: &str) -> Result<Ruleset, String> {
    let text = format!("[ruleset]\nname = \"house\"\nextends = \"riichi\"\n{extra}");
    load_from_memory("house", &[("ruleset.toml", &text)]).map_err(|d| d.to_string())
}

fn pao() -> Ruleset {
    house("[settlement.liable]\ngroup_feeder = [\"CFP\", \"ESWN\"]\ngroup_feeder_discard = \"half\"\n")
        .unwrap_or_else(|e| panic!("{e}"))
}

/// Riichi without pao: no groups.
fn plain() -> Ruleset {
    house("[settlement.liable]\ngroup_feeder = []\n").unwrap_or_else(|e| panic!("{e}"))
}

fn pays(r: &HandReport) -> [i64; 4] {
    ["E", "S", "W", "N"].map(|s| r.payments.get(s).unwrap_or(0))
}

/// Decisions 8-9: S (not the dealer) wins daisangen, a yakuman (32,000), its last dragon pon PPP
/// claimed from 下家 W. On a ron by 對家 N, W and N pay 16,000 each; on a tsumo W pays all of it
/// (the dealer's 16,000 and the others' 8,000 each).
#[test]
fn riichi_pao_pays_all_of_a_tsumo_and_half_of_a_ron() {
    let (plain, pao) = (plain(), pao());
    let ron = "[CCC,1][FFF,2][PPP,3]234p9s9s seat=S from=2";
    assert_eq!(pays(&score(&plain, ron)), [0, 32000, 0, -32000]);
    assert_eq!(pays(&score(&pao, ron)), [0, 32000, -16000, -16000]);
    let tsumo = "[CCC,1][FFF,2][PPP,3]234p9s9s seat=S self";
    assert_eq!(pays(&score(&plain, tsumo)), [-16000, 32000, -8000, -8000]);
    assert_eq!(pays(&score(&pao, tsumo)), [0, 32000, -32000, 0]);
    // The liable player's own ron: all of it, once.
    let own = "[CCC,1][FFF,2][PPP,3]234p9s9s seat=S from=3";
    assert_eq!(pays(&score(&pao, own)), [0, 32000, -32000, 0]);
}

/// Only the last of the group's melds counts, in the order written (made); a dragon set still
/// concealed, or a concealed kong last, makes nobody liable; three dragons without the group's
/// melds all declared is the plain payment.
#[test]
fn only_a_group_all_declared_and_fed_last_makes_a_liable_player() {
    let (plain, pao) = (plain(), pao());
    // FFF last, from 對家 N: N pays all of the tsumo.
    let tsumo = "[CCC,1][PPP,3][FFF,2]234p9s9s seat=S self";
    assert_eq!(pays(&score(&pao, tsumo)), [0, 32000, 0, -32000]);
    for hand in [
        "[CCC,1][FFF,2]PPP234p9s9s seat=S self",
        "[CCC,1][FFF,2][PPPP]234p9s9s seat=S self",
    ] {
        assert_eq!(pays(&score(&pao, hand)), pays(&score(&plain, hand)), "{hand}");
    }
}

/// `group_feeder_counters = "honba"`: the liable player pays the counters whole on top of its
/// half of a ron (Tenhou, riichi.wiki "Sekinin barai"; Decisions 8: 300 per 本場 on a ron), and
/// with the rest on a tsumo (100 from each of three, all paid by it). Naming a word the share
/// does not use (`sticks`: deposits, paid by no seat), the whole share, counters included, is
/// halved. `riichi` itself has the key.
#[test]
fn counters_go_whole_to_the_liable_player() {
    let ron = "[CCC,1][FFF,2][PPP,3]234p9s9s seat=S from=2 honba=2";
    let sticks =
        house("[settlement.liable]\ngroup_feeder_counters = \"sticks\"\n").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(pays(&score(&sticks, ron)), [0, 32600, -16300, -16300]);
    let counters = house(
        "[settlement.liable]\ngroup_feeder = [\"CFP\"]\ngroup_feeder_discard = \"half\"\ngroup_feeder_counters = \"honba\"\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    for rs in [&counters, &mj_dsl::load("riichi").expect("riichi")] {
        assert_eq!(pays(&score(rs, ron)), [0, 32600, -16600, -16000]);
        let tsumo = "[CCC,1][FFF,2][PPP,3]234p9s9s seat=S self honba=1";
        assert_eq!(pays(&score(rs, tsumo)), [0, 32300, -32300, 0]);
    }
    let e = house("[settlement.liable]\ngroup_feeder = [\"CFP\"]\ngroup_feeder_counters = \"bonba\"\n")
        .expect_err("unknown word");
    assert!(
        e.contains("group_feeder_counters = \"bonba\"") && e.contains("ruleset.toml:"),
        "{e}"
    );
}

/// Bad groups and an unknown share are located load errors.
#[test]
fn bad_groups_are_located_errors() {
    let e = house("[settlement.liable]\ngroup_feeder = [\"CFX\"]\n").expect_err("bad tile");
    assert!(e.contains("group_feeder") && e.contains("CFX"), "{e}");
    let e = house("[settlement.liable]\ngroup_feeder = [\"1f\"]\n").expect_err("bonus tile");
    assert!(e.contains("group_feeder"), "{e}");
    let e = house("[settlement.liable]\ngroup_feeder = [\"CFP\"]\ngroup_feeder_discard = \"most\"\n")
        .expect_err("unknown share");
    assert!(
        e.contains("group_feeder_discard = \"most\"") && e.contains("half"),
        "{e}"
    );
    assert!(e.contains("ruleset.toml:"), "located: {e}");
}
