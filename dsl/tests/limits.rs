//! The ranges of a ruleset's numbers (docs/ruleset-format.md, "Limits"): a value outside them is
//! refused at load with its file, line and column; settlement of values inside them, whatever a
//! hand's total, is zero-sum and never makes the winner pay (a property over seeded random
//! totals, including i64's extremes); `rank(10)` and empty tile classes are refused against the
//! ruleset's own tiles, as the docs promise ("every tile must exist in the ruleset").

use mj_core::rng::Rng;
use mj_dsl::limits::{MAX_AMOUNT, MAX_FAN_VALUE};
use mj_dsl::settle::{settle_drawn, settle_kong, settle_win, WinKind, WinPay};

/// A ruleset extending mcr with `extra` appended to its ruleset.toml.
fn with(extra: &str) -> (String, Result<mj_dsl::Ruleset, mj_dsl::Diagnostics>) {
    let toml = format!("[ruleset]\nname = \"limits\"\nextends = \"mcr\"\n\n{extra}");
    let r = mj_dsl::load_from_memory("limits", &[("ruleset.toml", &toml)]);
    (toml, r)
}

/// The 1-based line and column of the first occurrence of `needle` in `text`, worked out here
/// rather than by the loader under test.
fn place(text: &str, needle: &str) -> (usize, usize) {
    let at = text.find(needle).expect("needle in text");
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    (line, col)
}

/// Loads `extra`, expects exactly one error whose message contains `wants`, at the line of
/// `needle` (and at its column when `column` is set).
fn refused(extra: &str, needle: &str, wants: &str, column: bool) {
    let (toml, r) = with(extra);
    let d = match r {
        Ok(_) => panic!("loaded although {needle} is out of range"),
        Err(d) => d,
    };
    let e =
        d.0.iter()
            .find(|e| e.message.contains(wants))
            .unwrap_or_else(|| panic!("no error saying `{wants}`:\n{d}"));
    let (line, col) = place(&toml, needle);
    assert_eq!(e.line, line, "{e:?}");
    if column {
        assert_eq!(e.column, col, "{e:?}");
    }
    let shown = d.to_string();
    assert!(
        shown.contains(&format!("limits/ruleset.toml:{}:{}", e.line, e.column))
            || shown.contains(&format!("{}:{}", e.line, e.column)),
        "{shown}"
    );
}

#[test]
fn an_overflowing_fan_value_is_refused_at_its_place() {
    let fan = |v: &str| {
        format!(
            "[[fan]]\nid = \"huge\"\nzh = \"大\"\nen = \"Huge\"\npoints = {v}\ndefinition = \"Too much.\"\nwhen = \"self_drawn\"\n"
        )
    };
    refused(
        &fan("9223372036854775807"),
        "9223372036854775807",
        "outside the allowed range",
        true,
    );
    refused(
        &fan("-9223372036854775808"),
        "-9223372036854775808",
        "outside the allowed range",
        true,
    );
    refused(
        &fan(&(MAX_FAN_VALUE + 1).to_string()),
        &(MAX_FAN_VALUE + 1).to_string(),
        "points",
        true,
    );
    // The limit itself loads.
    if let Err(d) = with(&fan(&MAX_FAN_VALUE.to_string())).1 {
        panic!("the limit itself is refused:\n{d}");
    }
}

#[test]
fn overflowing_settlement_amounts_and_minimums_are_refused_at_their_place() {
    let big = (MAX_AMOUNT + 1).to_string();
    refused(
        &format!("[settlement]\nself_drawn = {{ each = \"8 + total\" }}\ndiscard = {{ discarder = \"8 + total\", others = \"8\" }}\nfloat = {big}\n"),
        "float",
        "float",
        false,
    );
    refused(
        "[settlement]\nself_drawn = { each = \"total * 9223372036854775807\" }\ndiscard = { discarder = \"8 + total\", others = \"8\" }\n",
        "self_drawn",
        "outside the allowed range",
        false,
    );
    refused(
        &format!("[settlement]\nself_drawn = {{ each = \"8 + total\" }}\ndiscard = {{ discarder = \"8 + total\", others = \"8\" }}\ndealer_repeat_multiplier = {big}\n"),
        "dealer_repeat_multiplier",
        "dealer_repeat_multiplier",
        false,
    );
    refused(
        "[win]\nforms = [\"standard\"]\nmin_points = 9223372036854775807\n",
        "min_points",
        "min_points",
        true,
    );
}

#[test]
fn rank_10_and_empty_classes_are_checked_against_the_tiles() {
    let fan = |when: &str| {
        format!("[[fan]]\nid = \"odd\"\nzh = \"奇\"\nen = \"Odd\"\npoints = 1\ndefinition = \"Odd.\"\nwhen = \"{when}\"\n")
    };
    let (_, r) = with(&fan("pungs(rank(10)) >= 1"));
    let d = r.expect_err("rank 10 refused under mcr's 1–9 suits").to_string();
    assert!(d.contains("rank 10") && d.contains("m1–9"), "{d}");
    // Ranks that exist load.
    assert!(with(&fan("pungs(rank(9)) >= 1")).1.is_ok());
    // shiwan's suits run to 10, so rank(10) is a real class there.
    let toml = format!(
        "[ruleset]\nname = \"ten\"\nextends = \"shiwan\"\n\n{}",
        fan("pungs(rank(10)) >= 1")
    );
    assert!(mj_dsl::load_from_memory("ten", &[("ruleset.toml", &toml)]).is_ok());
    // 卡五星's 84 tiles have no winds: a class of winds there is empty, so refused.
    let toml = format!(
        "[ruleset]\nname = \"nowinds\"\nextends = \"kawuxing\"\n\n{}",
        fan("pungs(winds) >= 1")
    );
    let d = mj_dsl::load_from_memory("nowinds", &[("ruleset.toml", &toml)]);
    let d = d.expect_err("winds refused under kawuxing").to_string();
    assert!(d.contains("`winds` is empty"), "{d}");
}

/// Three rulesets whose settlement is as large as the limits allow.
fn extreme_rulesets() -> Vec<mj_dsl::Ruleset> {
    let m = MAX_AMOUNT;
    [
        format!("[settlement]\nself_drawn = {{ each = \"total * {m} * {m}\" }}\ndiscard = {{ discarder = \"total * {m} + {m}\", others = \"{m}\" }}\nfloat = {m}\nper_concealed_pung = {m}\ndealer_repeat_multiplier = {m}\n"),
        format!("[settlement]\nself_drawn = {{ each = \"points * points * points\" }}\ndiscard = {{ discarder = \"total + bonus + flowers\", others = \"total * {m}\" }}\n[settlement.kong]\nadded = \"{m} * {m}\"\nconcealed = \"{m}\"\nexposed = \"{m} * {m} * {m}\"\non_replacement = {m}\n[settlement.drawn_hand]\nfirst_declared_pays_undeclared = {m}\nunready_pays_ready = {m}\n"),
        format!("[settlement]\nself_drawn = {{ each = \"8 + total\" }}\ndiscard = {{ discarder = \"8 + total\", others = \"8\" }}\ncap = {m}\ndealer_repeat_multiplier = {m}\n"),
    ]
    .iter()
    .map(|extra| with(extra).1.unwrap_or_else(|d| panic!("extreme but allowed ruleset:\n{d}")))
    .collect()
}

#[test]
fn settlement_is_zero_sum_and_never_makes_the_winner_pay() {
    let mut rng = Rng::new(25);
    let pick = |rng: &mut Rng| -> i64 {
        match rng.below(5) {
            0 => i64::MAX,
            1 => rng.next_u64() as i64 & i64::MAX,
            2 => rng.below(1 << 40) as i64,
            3 => (MAX_FAN_VALUE as u64 * 100) as i64,
            _ => rng.below(300) as i64,
        }
    };
    for rs in extreme_rulesets() {
        for _ in 0..2_000 {
            let total = pick(&mut rng);
            let points = total - (rng.below(2) as i64) * total.min(rng.below(1 << 20) as i64);
            let winner = rng.below(4) as usize;
            let kind = match rng.below(3) {
                0 => WinKind::SelfDrawn,
                1 => WinKind::Discard {
                    discarder: (winner + 1 + rng.below(3) as usize) % 4,
                },
                _ => WinKind::RobbedKong {
                    konger: (winner + 1) % 4,
                },
            };
            let mut p = WinPay::plain(total, points, winner, kind, rng.below(9) as i64);
            p.dealer_streak = rng.below(3) as u32;
            p.concealed_pungs = rng.below(5) as i64;
            let out = settle_win(&rs, &p);
            let sum = out.iter().try_fold(0i64, |a, &x| a.checked_add(x));
            assert_eq!(sum, Some(0), "not zero-sum: {out:?} for {p:?}");
            assert!(out[winner] >= 0, "the winner pays: {out:?} for {p:?}");
            assert!(
                out.iter().enumerate().all(|(s, &x)| s == winner || x <= 0),
                "a payer gains: {out:?} for {p:?}"
            );
            let facts = mj_core::game::rules::KongFacts {
                konger: winner,
                kind: mj_core::game::KongKind::Exposed,
                from: Some((winner + 1) % 4),
                on_replacement: true,
                declared: vec![true; 4],
                dealer_streak: 2,
                left: Vec::new(),
            };
            let k = settle_kong(&rs, &facts);
            assert_eq!(
                k.iter().try_fold(0i64, |a, &x| a.checked_add(x)),
                Some(0),
                "{k:?}"
            );
            let ready = [true, false, rng.below(2) == 0, false];
            let d = settle_drawn(&rs, &[0], &ready, &k, 1);
            assert_eq!(
                d.iter().try_fold(0i64, |a, &x| a.checked_add(x)),
                Some(0),
                "{d:?}"
            );
        }
    }
}
