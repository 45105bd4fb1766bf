//! A context word that cannot apply is reported, not silently dropped (issue 25). Cases from the
//! Chinese Official rule text (第九条): 和绝张 (58) needs the winning tile to be the last unseen
//! copy, impossible when the hand holds another copy; 抢杠和 (60) robs a kong added to a pung,
//! so the robbed tile cannot be one the hand already pairs; 杠上开花 (53) is self-drawn.

fn warnings(ruleset: &str, hand: &str) -> Vec<String> {
    let rs = mj_dsl::load(ruleset).expect("built-in");
    mj_dsl::score_text(&rs, hand).expect("scores").warnings
}

#[test]
fn words_that_cannot_apply_get_a_warning_that_says_why() {
    // 和绝张 on a 9p when the hand already pairs 9p: the fourth copy cannot be the winning tile.
    let w = warnings("mcr", "[CCC,1][FFF,2]123m456p9p9p fourth");
    assert_eq!(w.len(), 1, "{w:?}");
    assert!(
        w[0].starts_with("`fourth` changes nothing") && w[0].contains("和绝张"),
        "{w:?}"
    );
    // `kong` with a pung-completing discard: neither 抢杠和 nor 杠上开花 can apply.
    let w = warnings("mcr", "[CCC,1][FFF,2]123m456p9p9p kong");
    assert!(
        w.iter()
            .any(|m| m.contains("`kong`") && m.contains("抢杠和") && m.contains("杠上开花")),
        "{w:?}"
    );
    // `last kong` on a discard: `last` gives 海底捞月, `kong` on a paired tile gives nothing.
    let w = warnings("mcr", "[CCC,1][FFF,2]123m456p9p9p last kong");
    assert_eq!(w.len(), 1, "{w:?}");
    assert!(w[0].starts_with("`kong`"), "{w:?}");
}

#[test]
fn words_that_apply_get_no_warning() {
    // 和绝张 on an edge 3p wait whose other copies are not in the hand.
    assert_eq!(
        warnings("mcr", "[CCC,1][FFF,2]123m12p99p3p fourth"),
        Vec::<String>::new()
    );
    // 抢杠和 on a discard the hand does not otherwise hold.
    assert_eq!(
        warnings("mcr", "[123m][567p]789sNN34s5s kong from=3"),
        Vec::<String>::new()
    );
    assert_eq!(
        warnings("mcr", "[5555p][123m]789sNN34s5s self kong last"),
        Vec::<String>::new()
    );
}
