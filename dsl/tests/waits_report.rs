//! `mj waits` per wait: what each winning tile would score, and whether it reaches the minimum
//! (Chinese Official 第十条: a win needs 8 points); and a ready shape whose every winning tile is
//! already held is told apart from a hand that is not ready.

fn waits(hand: &str) -> mj_dsl::WaitsReport {
    mj_dsl::waits_text(&mj_dsl::load("mcr").expect("mcr"), hand).expect("a 13-tile hand")
}

#[test]
fn each_wait_says_what_it_would_score() {
    let rs = mj_dsl::load("mcr").expect("mcr");
    let hand = "[123m][567p]789s22s34s";
    let w = waits(hand);
    assert_eq!(w.waits, ["2s", "5s"]);
    assert_eq!(
        w.per_wait.iter().map(|p| p.tile.as_str()).collect::<Vec<_>>(),
        ["2s", "5s"]
    );
    for p in &w.per_wait {
        // The same hand scored with the wait as its winning tile, on a discard and self-drawn.
        let discard = mj_dsl::score_text(&rs, &format!("{hand}{}", p.tile)).expect("a win");
        let drawn = mj_dsl::score_text(&rs, &format!("{hand}{} self", p.tile)).expect("a win");
        assert_eq!(
            (p.discard, p.discard_valid),
            (Some(discard.total), discard.valid),
            "{p:?}"
        );
        assert_eq!(
            (p.self_drawn, p.self_drawn_valid),
            (Some(drawn.total), drawn.valid),
            "{p:?}"
        );
    }
    // 5s is 平和 alone on a discard (2 points, the corpus's 不重复原则 case): below the minimum.
    let five = &w.per_wait[1];
    assert_eq!((five.discard, five.discard_valid), (Some(2), false));
}

#[test]
fn a_ready_shape_with_every_winning_tile_held_is_not_called_not_ready() {
    // 1111m: the only tile completing 111m + 1m (or 11m + 11m) is a fifth 1m.
    let w = waits("1111m234p567p888s");
    assert!(w.waits.is_empty());
    assert_eq!(w.shanten, 0);
    assert_eq!(w.exhausted, ["1m"]);
    // A hand that is really one away has no exhausted tiles.
    let w = waits("123m456p789s11p19s");
    assert_eq!((w.shanten, w.exhausted.len()), (1, 0));
}
