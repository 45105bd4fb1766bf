//! Fans whose condition held but that the scorer dropped after the exclusions are listed among
//! the fans not counted, with the rule that dropped them, and a context word read only by such a
//! fan is explained by that rule, not by a condition that in fact held. The rules are those of
//! shared/rules/riichi.md, Decisions 6 and 8: "closed / open; – = closed only", "yakuman 8,000 ×
//! count" (a yakuman hand is paid as yakuman alone: its riichi and dora add nothing), and the
//! paarenchan option (a yakuman that needs another yaku beside it).

use mj_dsl::report::score_text;
use mj_dsl::HandReport;

fn report(rules: &str, line: &str) -> HandReport {
    let rs = mj_dsl::load(rules).expect("built-in ruleset loads");
    score_text(&rs, line).unwrap_or_else(|e| panic!("{line}: {e}"))
}

/// The rule given for fan `id` among the fans not counted, if it is listed.
fn removed_by<'a>(r: &'a HandReport, id: &str) -> Option<&'a str> {
    r.removed.iter().find(|f| f.id == id).map(|f| f.by.as_str())
}

fn warning<'a>(r: &'a HandReport, word: &str) -> &'a str {
    let head = format!("`{word}` changes nothing");
    r.warnings
        .iter()
        .find(|w| w.starts_with(&head))
        .unwrap_or_else(|| panic!("no warning for `{word}`: {:?}", r.warnings))
}

#[test]
fn a_yakuman_lists_the_riichi_and_dora_it_leaves_out() {
    let r = report("riichi", "19m19p19s1234567z1m riichi dora=9s");
    let ids: Vec<&str> = r.fans.iter().map(|f| f.id.as_str()).collect();
    assert_eq!(ids, ["kokushi"], "{:?}", r.fans);
    for id in ["riichi", "dora"] {
        let by = removed_by(&r, id).unwrap_or_else(|| panic!("{id} not listed: {:?}", r.removed));
        assert!(by.contains("limit hand") && by.contains("国士无双"), "{id}: {by}");
    }
    // The word's warning names the rule that left 立直 out, not the condition (which held).
    let w = warning(&r, "riichi");
    assert!(w.contains("立直 is not counted: a limit hand"), "{w}");
    assert!(!w.contains("立直 needs"), "{w}");
}

#[test]
fn a_closed_only_yaku_in_an_open_hand_is_listed_as_such() {
    // Tanyao counts open (kuitan); the two identical chows 234m would be iipeikou, closed only.
    let r = report("riichi", "[567p,1]223344m2267s8s");
    assert!(r.fans.iter().any(|f| f.id == "tanyao"), "{:?}", r.fans);
    assert!(!r.fans.iter().any(|f| f.id == "iipeikou"), "{:?}", r.fans);
    let by = removed_by(&r, "iipeikou").unwrap_or_else(|| panic!("iipeikou not listed: {:?}", r.removed));
    assert!(by.contains("concealed hand only"), "{by}");
}

#[test]
fn paarenchan_without_another_yaku_is_listed_and_its_word_explained() {
    // The dealer (East) wins open with no yaku: paarenchan's condition holds (renchan=7) but it
    // needs another yaku, so nothing is counted.
    let r = report("riichi[paarenchan=true]", "[234m,1]567p789s22s34m5m renchan=7");
    assert!(r.fans.is_empty(), "{:?}", r.fans);
    let by = removed_by(&r, "paarenchan").unwrap_or_else(|| panic!("not listed: {:?}", r.removed));
    assert!(by.contains("only beside another fan"), "{by}");
    // `renchan` is read through `dealer_streak`: the warning names 八连庄, not "no fan reads it".
    let w = warning(&r, "renchan");
    assert!(w.contains("八连庄 is not counted"), "{w}");
    assert!(!w.contains("no fan of ruleset"), "{w}");
}

#[test]
fn a_counted_yakuman_beside_paarenchan_leaves_nothing_unexplained() {
    // With another yakuman beside it paarenchan counts: neither is listed as not counted.
    let r = report("riichi[paarenchan=true]", "19m19p19s1234567z1m renchan=7");
    let ids: Vec<&str> = r.fans.iter().map(|f| f.id.as_str()).collect();
    assert_eq!(ids.len(), 2, "{ids:?}");
    assert!(ids.contains(&"paarenchan") && ids.contains(&"kokushi"), "{ids:?}");
    assert!(removed_by(&r, "paarenchan").is_none(), "{:?}", r.removed);
}
