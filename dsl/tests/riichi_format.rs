//! The format extensions riichi needed (docs/ruleset-format.md: red tiles, honour numbering,
//! tile- and number-valued context words, `[dora]`, `[fu]`, `[points]`, `open_points`, `limit`,
//! `deposits`), each checked against the rule text it implements: shared/rules/riichi.md
//! ("Decisions") and the "Riichi rulesets" section of shared/notation.md.

use mj_dsl::{load, load_from_memory, score_text, HandReport, Ruleset};

fn rs(name: &str) -> Ruleset {
    load(name).unwrap_or_else(|d| panic!("{name}: {d}"))
}

fn score(rs: &Ruleset, hand: &str) -> HandReport {
    score_text(rs, hand).unwrap_or_else(|e| panic!("{hand}: {e}"))
}

fn pay(r: &HandReport, seat: &str) -> i64 {
    r.payments.get(seat).unwrap_or(0)
}

fn count(r: &HandReport, id: &str) -> u32 {
    r.fans.iter().filter(|f| f.id == id).map(|f| f.count).sum()
}

/// notation.md: "`406m` is 4m, red 5m, 6m. ... In melds too: `[406m,1]`, `[0555p,2]`"; each red
/// five is one han as dora (riichi.md Decisions 1).
#[test]
fn red_fives_are_fives_that_count_as_dora_and_print_back() {
    let r = rs("riichi");
    let a = score(&r, "[406m,1][0555p,2]234s678s2p2p seat=S");
    assert!(a.valid, "open tanyao: {a:?}");
    assert_eq!(count(&a, "aka_dora"), 2, "{a:?}");
    assert_eq!(a.hand, "[406m][0555p,2]2p234678s2p seat=S");
    let again = score(&r, &a.hand);
    assert_eq!(again, a, "the canonical form scores the same");
    // The same shape with plain fives is the same win without the two han.
    let plain = score(&r, "[456m,1][3333p,2]234s678s2p2p seat=S");
    assert_eq!(plain.han.zip(a.han).map(|(p, q)| q - p), Some(2));
    // One red five per suit exists: a second is an error naming it.
    let e = score_text(&r, "00m123456p789s11s1s").expect_err("two red 5m");
    assert!(e.contains("too many red 5m"), "{e}");
}

/// notation.md: "`0m 0p 0s` is the red five of that suit in a tile set that has red fives ... A
/// tile set may have red fives or rank ten, never both (the load fails with a located error)."
#[test]
fn red_tiles_and_rank_ten_do_not_mix() {
    let e = score_text(&rs("riichi-ema"), "406m123p456s789s1s1s").expect_err("no red fives in EMA");
    assert!(e.contains("column 2") && e.contains("'0m'"), "{e}");
    let d = load_from_memory(
        "ten-red",
        &[(
            "ruleset.toml",
            "[ruleset]\nname=\"ten-red\"\nextends=\"riichi\"\n[tiles]\nsuits=[{ letter = \"m\", max_rank = 10, red = 1 }]\n",
        )],
    )
    .expect_err("red fives with rank ten");
    let text = d.to_string();
    assert!(
        text.contains("red tiles and rank ten") && text.contains("ruleset.toml:5:"),
        "{text}"
    );
    // Sanma: 0m is no tile (no red five of characters), 0p is.
    let e = score_text(&rs("riichi-sanma"), "0m9m123p456s789s1s1s").expect_err("no red 5m");
    assert!(e.contains("no red characters tile") && e.contains("0p 0s"), "{e}");
}

/// notation.md: "`1z`–`7z` follow the ruleset's honour order. Chinese rulesets: E S W N C F P (5z =
/// 中). Riichi rulesets declare Tenhou's order: E S W N P F C (5z = 白 haku, 6z = 發 hatsu, 7z = 中)".
#[test]
fn honour_numbers_follow_the_ruleset() {
    let r = rs("riichi");
    for (d, letter, fan) in [(5, 'P', "haku"), (6, 'F', "hatsu"), (7, 'C', "chun")] {
        let h = score(&r, &format!("[{d}{d}{d}z]123m456p789s1s1s"));
        assert!(
            h.hand.starts_with(&format!("[{letter}{letter}{letter}]")),
            "{d}z: {}",
            h.hand
        );
        assert_eq!(count(&h, fan), 1, "{d}z");
    }
    let mcr = rs("mcr");
    let h = mj_core::parse_hand(&mcr.tiles, &mcr.context_words, "5z5z").expect("parses");
    assert_eq!(mcr.tiles.notation(h.concealed[0]), "C", "mcr keeps 5z = 中");
}

/// riichi.md Decisions 2: "the first dora indicator is shown"; an indicator points at the next
/// tile (9 → 1, N → E, 中 → 白); riichi-sanma: "a 1m indicator makes 9m the dora". Ura-dora count
/// only for a riichi winner.
#[test]
fn dora_are_the_tiles_after_their_indicators() {
    let r = rs("riichi");
    let hand = "111m234p567s9sEEE9s seat=S";
    for (ind, want) in [("9m", 3), ("8s", 2), ("N", 3), ("9mN", 6), ("9m9m", 6), ("1m", 0)] {
        let h = score(&r, &format!("{hand} dora={ind}"));
        assert_eq!(count(&h, "dora"), want, "dora={ind}");
    }
    let d = score(&r, "[CCC]234p567s9s111m9s dora=C");
    assert_eq!(count(&d, "dora"), 0, "中 indicates 白, not held");
    let d = score(&r, "[PPP]234p567s9s111m9s dora=C");
    assert_eq!(count(&d, "dora"), 3, "中 indicates 白");
    let no_riichi = score(&r, "[PPP]234p567s9s111m9s ura=C");
    assert_eq!(count(&no_riichi, "ura_dora"), 0, "ura only for a riichi winner");
    let s = rs("riichi-sanma");
    let h = score(&s, "999m234p567s1sEEE1s dora=1m");
    assert_eq!(count(&h, "dora"), 3, "1m indicates 9m at three players");
    // A set-aside North is a nuki-dora, and a dora too when North is dora (riichi-sanma).
    let h = score(&s, "999m234p567s1sEEE1s nuki=2 dora=W");
    assert_eq!((count(&h, "nuki_dora"), count(&h, "dora")), (2, 2), "{h:?}");
}

/// notation.md: context words `honba=N`, `sticks=N`, `dora=TILES` take values of their kind;
/// anything else is an error at its column.
#[test]
fn word_values_are_checked() {
    let r = rs("riichi");
    // The value starts after `word=`, the word at column 20.
    for (bad, what, column) in [
        ("honba=x", "whole number", 26),
        ("sticks=-1", "whole number", 27),
        ("dora=3q", "suit letter", 25),
    ] {
        let e = score_text(&r, &format!("123m456p789s11sEEE {bad}")).expect_err(bad);
        assert!(
            e.contains(what) && e.contains(&format!("column {column}:")),
            "{bad}: {e}"
        );
    }
}

/// riichi.md Decisions 6: "Dora, red fives and ura-dora add han but are not yaku: a hand needs one
/// yaku." Decisions 6 lists pinfu, iipeikou and menzen tsumo as closed only ("–").
#[test]
fn a_win_needs_a_yaku_and_closed_yaku_need_a_closed_hand() {
    let r = rs("riichi");
    let h = score(&r, "[789p,1]123m456s99s22p2p dora=8s1p");
    assert!(!h.valid, "dora alone: {h:?}");
    let closed = score(&r, "123m456p789s23s5p5p4s self");
    assert_eq!((count(&closed, "menzen_tsumo"), count(&closed, "pinfu")), (1, 1));
    let open = score(&r, "[123m,1]456p789s23s5p5p4s self");
    assert!(
        !open.valid,
        "an open pinfu shape self-drawn has no yaku: {open:?}"
    );
    // Open values: honitsu 3/2 and chinitsu 6/5.
    let h = score(&r, "[123m,1]456m789mEEE1m1m");
    let hon = h.fans.iter().find(|f| f.id == "honitsu").expect("honitsu");
    assert_eq!(hon.points, 2, "honitsu open is 2 han");
}

/// riichi.md Decisions 4: "a concealed ready hand ... may declare" riichi, so `riichi`, `double`
/// and `ippatsu` (`concealed = true`, docs/ruleset-format.md) are errors on a hand with an
/// exposed meld, in every riichi ruleset, and fine beside a concealed kong.
#[test]
fn riichi_words_need_a_concealed_hand() {
    for name in ["riichi", "riichi-ema", "riichi-sanma"] {
        let r = rs(name);
        for word in ["riichi", "double", "riichi ippatsu"] {
            let open = format!("[PPP,1]456p789s1sEEE1s self {word}");
            let err = score_text(&r, &open).expect_err(&open);
            let first = word.split(' ').next().unwrap_or(word);
            assert!(
                err.to_string()
                    .contains(&format!("`{first}` is only for a concealed hand")),
                "{name}: {open}: {err}"
            );
            let kong = format!("[1111p]456p789s1sEEE1s self {word}");
            assert!(score(&r, &kong).valid, "{name}: {kong}");
        }
        // Without the words an open hand scores as before.
        assert!(score(&r, "[PPP,1]456p789s1sEEE1s self").valid, "{name}");
    }
}

/// notation.md: `ippatsu` is "won within the uninterrupted go-around after riichi" and `first` "on
/// the first uninterrupted draw": a line with ippatsu and neither `riichi` nor `double`
/// (`requires_any`), or `first` beside a meld of any kind (`no_melds`: play's first turn needs no
/// meld made at the table), riichi, a kong or the last tile (`conflicts`), cannot happen and is
/// an error rather than a score.
#[test]
fn impossible_first_turn_and_ippatsu_lines_are_errors() {
    for name in ["riichi", "riichi-ema", "riichi-sanma"] {
        let r = rs(name);
        let err = |line: &str| score_text(&r, line).expect_err(line).to_string();
        let e = err("234p456p789s1sEEE1s ippatsu");
        assert!(
            e.contains("`ippatsu` needs one of `riichi`, `double`"),
            "{name}: {e}"
        );
        for ok in [
            "234p456p789s1sEEE1s ippatsu riichi",
            "234p456p789s1sEEE1s ippatsu double",
        ] {
            assert!(score(&r, ok).valid, "{name}: {ok}");
        }
        let e = err("[1111p]456p789s1sEEE1s self first");
        assert!(
            e.contains("`first` is only for a hand without melds"),
            "{name}: {e}"
        );
        for word in ["riichi", "double", "kong", "last"] {
            let line = format!("234p456p789s1sEEE1s self first {word}");
            let e = err(&line);
            assert!(
                e.contains(&format!("`first` cannot be written with `{word}`")),
                "{name}: {e}"
            );
        }
        let tenhou = score(&r, "234p456p789s1sEEE1s self first");
        assert_eq!(count(&tenhou, "tenhou"), 1, "{name}: {tenhou:?}");
    }
}

/// A win on the tile that replaced a North set aside (docs/riichi.md, "sanma nuki-dora") is
/// self-drawn, follows a North set aside, and cannot be a first-draw win: a seat that has set a
/// North aside can no longer win tenhou or chiihou. Lines that say otherwise are errors, as the
/// engine never reports them.
#[test]
fn impossible_north_replacement_lines_are_errors() {
    let r = rs("riichi-sanma");
    let err = |line: &str| score_text(&r, line).expect_err(line).to_string();
    let hand = "234p456p789s1sEEE1s";
    let e = err(&format!("{hand} nuki_replacement nuki=1"));
    assert!(e.contains("`nuki_replacement` needs `self`"), "{e}");
    let e = err(&format!("{hand} self nuki_replacement"));
    assert!(e.contains("`nuki_replacement` needs `nuki`"), "{e}");
    let e = err(&format!("{hand} self first nuki_replacement nuki=1"));
    assert!(
        e.contains("`nuki_replacement` cannot be written with `first`")
            || e.contains("`first` cannot be written with `nuki_replacement`"),
        "{e}"
    );
    let ok = score(&r, &format!("{hand} self nuki_replacement nuki=1"));
    assert_eq!(count(&ok, "rinshan"), 1, "{ok:?}");
}

/// A replacement comes from the dead wall, so a win on it is rinshan kaihou and never haitei,
/// even when the kong (or the North set aside) left the live wall empty and play reports `last`
/// (riichi.wiki, "Rinshan kaihou": it "cannot be combined with haitei ... tsumo is not called on
/// any tile from the live wall, but on a tile from the dead wall"). The last live tile drawn is
/// still haitei; `dsl/tests/engine_riichi_wall_end.rs` checks what play reports.
#[test]
fn a_replacement_drawn_when_the_live_wall_is_empty_is_not_haitei() {
    for (name, hand, replacement) in [
        ("riichi", "[1111m]45556p23789s4s", "kong"),
        ("riichi-ema", "[1111m]45556p23789s4s", "kong"),
        ("riichi-sanma", "[1111p]45556p23789s4s", "kong"),
        ("riichi-sanma", "123p456p789p11s99s9s nuki=1", "nuki_replacement"),
    ] {
        let r = rs(name);
        let on_replacement = score(&r, &format!("{hand} self last {replacement}"));
        assert_eq!(count(&on_replacement, "rinshan"), 1, "{name}: {on_replacement:?}");
        assert_eq!(count(&on_replacement, "haitei"), 0, "{name}: {on_replacement:?}");
        let on_the_last_draw = score(&r, &format!("{hand} self last"));
        assert_eq!(
            count(&on_the_last_draw, "haitei"),
            1,
            "{name}: {on_the_last_draw:?}"
        );
    }
}

/// The check of words that change nothing takes a word off with the words only it allowed: a
/// yakuman with `riichi ippatsu` warns that `riichi` changes nothing (the line without `riichi`
/// would have `ippatsu` alone, which is an error, not a score to compare with).
#[test]
fn a_word_is_weighed_without_the_words_that_need_it() {
    let r = rs("riichi");
    let h = score(&r, "1112345678999p5p self seat=S dora=5s ippatsu riichi");
    assert_eq!(count(&h, "chuuren"), 1, "{h:?}");
    for word in ["riichi", "ippatsu"] {
        let warned = format!("`{word}` changes nothing on this hand");
        assert!(
            h.warnings.iter().any(|w| w.starts_with(&warned)),
            "{word}: {:?}",
            h.warnings
        );
    }
    // Where riichi counts, it matters, and so does ippatsu.
    let h = score(&r, "123456789p11s23s4s self dora=3s ippatsu riichi");
    assert!(h.warnings.is_empty(), "{:?}", h.warnings);
}

/// riichi.md Decisions 7: fu (20 base; closed ron +10; tsumo +2 except pinfu; kanchan/penchan/
/// tanki +2; pungs 2/4, 4/8, kongs ×4; chiitoitsu 25; open hand of no fu 30; pinfu tsumo 20, pinfu
/// ron 30; round up to 10).
#[test]
fn fu_follow_decisions_7() {
    let r = rs("riichi");
    let fu = |hand: &str| score(&r, hand).fu.expect("fu");
    assert_eq!(fu("123m456p789s23s5p5p4s self"), 20, "pinfu tsumo");
    assert_eq!(fu("123m456p789s23s5p5p4s"), 30, "pinfu ron");
    assert_eq!(fu("1122m3344p5566s7s7s"), 25, "chiitoitsu");
    assert_eq!(fu("[234m,1]456p678s23s5p5p4s"), 30, "open, no fu: 30");
    // Closed ron on a kanchan: 20 + 10 + 2 = 32 → 40.
    assert_eq!(fu("123m456p789s24s5p5p3s riichi"), 40, "kanchan ron");
    // Concealed pung of terminals (8) + tsumo (2) + 20 = 30; kong of it ×4 = 32: 20+32+2 = 54 → 60.
    assert_eq!(fu("111m456p789s23s5p5p4s self riichi"), 30);
    assert_eq!(fu("[1111m]456p789s23s5p5p4s self riichi"), 60);
    // A double-wind pair (seat and round east) is +4: tanki wait +2, closed ron +10: 36 → 40.
    assert_eq!(fu("123m456p789s234sEE riichi"), 40);
}

/// riichi.md Decisions 8: basic = fu × 2^(han+2); mangan at 5 han or basic over 2,000; ron 4×
/// (6× dealer) rounded up to 100; counters +300 on ron, +100 each on tsumo; the winner takes the
/// deposits. "No kiriage mangan": 4 han 30 fu stays 7,700.
#[test]
fn points_follow_decisions_8() {
    let r = rs("riichi");
    // riichi + pinfu + tanyao + dora 1 (1m indicates 2m) = 4 han 30 fu, ron from E.
    let h = score(&r, "234m456p678s34s6p6p5s riichi seat=S dora=1m");
    assert_eq!((h.han, h.fu), (Some(4), Some(30)), "{h:?}");
    assert_eq!(
        pay(&h, "E"),
        -7700,
        "4 han 30 fu, non-dealer ron from E: 30 × 2^6 × 4 = 7,680 → 7,700"
    );
    assert_eq!(h.limit, Some(None));
    let c = score(&r, "234m456p678s34s6p6p5s riichi seat=S dora=1m honba=2 sticks=1");
    assert_eq!(
        (pay(&c, "E"), pay(&c, "S")),
        (-8300, 9300),
        "+300 × 2 counters, +1,000 deposit"
    );
    // Kanchan instead (no pinfu, 40 fu) and two dora: 4 han 40 fu is over 2,000 basic: mangan.
    let m = score(&r, "234m456p678s35s6p6p4s riichi seat=S dora=1m3m");
    assert_eq!((m.han, m.fu), (Some(4), Some(40)), "{m:?}");
    assert_eq!(m.limit, Some(Some("mangan".into())), "{m:?}");
    assert_eq!(pay(&m, "E"), -8000);
    // Dealer tsumo, riichi + tsumo + pinfu = 3 han 20 fu: 20 × 32 = 640 basic, 2× from each
    // = 1,280 → 1,300.
    let t = score(&r, "123m456p789s23s5p5p4s self riichi");
    assert_eq!((t.han, t.fu), (Some(3), Some(20)));
    assert_eq!((pay(&t, "S"), pay(&t, "E")), (-1300, 3900));
}

/// riichi.md Decisions 6: "No double yakuman: every yakuman counts one ..., different yakuman in
/// one hand add up. Kazoe yakuman at 13 han or more." riichi-ema: "no kazoe yakuman (13 han =
/// sanbaiman) ... yakuman do not add up".
#[test]
fn yakuman_and_kazoe() {
    let r = rs("riichi");
    // 大三元 + 字一色 (daisangen and tsuuiisou) on a discard to a non-dealer: two yakuman.
    // 大三元 and 字一色 (one pung claimed, so no 四暗刻) on S's discard to W: two yakuman.
    let h = score(&r, "[CCC]FFFPPPEEESS seat=W");
    assert_eq!(h.limit, Some(Some("yakuman".into())));
    assert_eq!(pay(&h, "S"), -64000, "two yakuman add up: 2 × 32,000");
    let e = score(&rs("riichi-ema"), "[CCC]FFFPPPEEESS seat=W");
    assert_eq!(pay(&e, "S"), -32000, "EMA: one yakuman at most");
    // Kazoe: riichi 1, ippatsu 1, tsumo 1, tanyao 1, ryanpeikou 3, chinitsu 6 = 13 han.
    let k = score(&r, "2233445566778m8m self riichi ippatsu seat=S");
    assert_eq!(k.limit, Some(Some("kazoe".into())), "{k:?}");
    let ke = score(&rs("riichi-ema"), "2233445566778m8m self riichi ippatsu seat=S");
    assert_eq!(
        ke.limit,
        Some(Some("sanbaiman".into())),
        "EMA: 13+ han is sanbaiman"
    );
}

/// riichi.md riichi-sanma: "tsumo pays as if the fourth player did not exist (ツモ損: the absent
/// seat's share is simply not paid); counters are 100 per other player (ron +200 per 本場, tsumo
/// +100 from each payer)"; `from=2` is the seat after.
#[test]
fn three_player_payments() {
    let s = rs("riichi-sanma");
    // Non-dealer tsumo, riichi + tsumo + pinfu = 3 han 20 fu: 640 basic → 1,300 / 700; no N.
    let t = score(&s, "123p456p789s23s5p5p4s self riichi seat=S honba=1");
    assert_eq!((pay(&t, "E"), pay(&t, "W"), pay(&t, "S")), (-1400, -800, 2200));
    assert!(pay(&t, "N") == 0 && t.payments.len() == 3, "{:?}", t.payments);
    // Ron from=2 (the seat after S is W), one counter: +200.
    let r = score(&s, "123p456p789s23s5p5p4s riichi seat=S from=2 honba=1");
    assert_eq!(pay(&r, "W"), -(2000 + 200), "{r:?}");
}

/// notation.md: "`mj score --json` under a riichi ruleset also prints han, fu and limit"; other
/// rulesets' JSON must not change: no such keys there.
#[test]
fn han_fu_limit_only_where_a_points_formula_is() {
    let r = serde_json::to_value(score(&rs("riichi"), "123m456p789s23s5p5p4s")).expect("json");
    assert!(r.get("han").is_some() && r.get("fu").is_some() && r.get("limit").is_some());
    assert_eq!(r["fans"][0]["ja"], "平和");
    let m = serde_json::to_value(score(&rs("mcr"), "123m456m789m123p55s")).expect("json");
    for key in ["han", "fu", "limit"] {
        assert!(m.get(key).is_none(), "mcr JSON has {key}");
    }
    assert!(m["fans"][0].get("ja").is_none());
}

/// A disagreement with the oracle that is the oracle's, kept failing (run with `--ignored`): the
/// `mahjong` package 2.1.0 has no option for riichi.md riichi-ema's "yakuman do not add up (a hand
/// scores one yakuman at most)", so configured for EMA it still pays 大四喜 + 字一色 as two
/// yakuman: 32,000 each from the three payers of this non-dealer tsumo (`diff.py` found it; the
/// oracle's figure is asserted here). tools/riichi-oracle/diff.py skips such hands under
/// riichi-ema and counts them.
#[test]
#[ignore = "the oracle cannot be configured for EMA's one-yakuman cap"]
fn oracle_gap_ema_yakuman_do_not_add_up() {
    let e = score(&rs("riichi-ema"), "[SSS,2]EEEWWWNNNPP self seat=N round=W");
    assert_eq!(
        pay(&e, "N"),
        64000,
        "the oracle's two yakuman (16,000 + 8,000 × 2, twice)"
    );
}

/// The brief: arithmetic on user values is range-checked. Fu and points of absurd size saturate
/// instead of overflowing (a debug build would panic).
#[test]
fn absurd_fu_and_limits_saturate() {
    let rs = load_from_memory(
        "huge",
        &[(
            "ruleset.toml",
            "[ruleset]\nname=\"huge\"\nextends=\"riichi\"\n[fu]\nbase = 9223372036854775807\nround_to = 9223372036854775807\nadd = [{ when = \"1\", fu = 9223372036854775807 }]\n[points]\nlimits = [{ name = \"yakuman\", han = 13, basic = 9223372036854775807 }]\n",
        )],
    )
    .unwrap_or_else(|d| panic!("{d}"));
    let h = score(&rs, "123m456p789s23s5p5p4s riichi");
    assert!(h.fu.is_some_and(|f| f > 0), "{h:?}");
}

/// notation.md: "`nagashi` (alone, no tiles needed) score a nagashi mangan for seat `seat=`";
/// riichi-dev/README: "Nagashi mangan is paid like a mangan tsumo and the deposits stay on the
/// table"; riichi-ema: "no nagashi mangan".
#[test]
fn nagashi_mangan_is_a_line_without_tiles() {
    let r = rs("riichi");
    let n = score(&r, "nagashi seat=S sticks=2");
    assert_eq!(n.limit, Some(Some("mangan".into())));
    assert_eq!(
        (pay(&n, "E"), pay(&n, "S"), pay(&n, "W")),
        (-4000, 8000, -2000),
        "no deposits"
    );
    assert_eq!(score(&r, &n.hand), n, "the canonical form scores the same");
    let d = score(&r, "nagashi");
    assert_eq!(pay(&d, "E"), 12000, "the dealer: 4,000 from each");
    let s = score(&rs("riichi-sanma"), "nagashi seat=W");
    assert_eq!(
        (pay(&s, "E"), pay(&s, "S"), pay(&s, "W")),
        (-4000, -2000, 6000),
        "tsumo loss"
    );
    let e = score_text(&rs("riichi-ema"), "nagashi seat=S").expect_err("EMA has none");
    assert!(e.contains("no result without them"), "{e}");
    assert!(
        score_text(&r, "seat=S").is_err(),
        "words without the alone word are no hand"
    );
}

/// `counts_as` (docs/ruleset-format.md, context words) adds set-aside copies to the dora count;
/// the scorer holds at most four such words, so a fifth is refused at load with its place
/// instead of being left out of every count without a word.
#[test]
fn a_fifth_counts_as_word_is_refused_at_load() {
    let ruleset = |words: usize| {
        let mut text = String::from("[ruleset]\nname = \"many-nuki\"\nextends = \"riichi\"\n\n");
        for (name, tile) in ["a", "b", "c", "d", "e"]
            .iter()
            .zip(["E", "S", "W", "N", "C"])
            .take(words)
        {
            text.push_str(&format!(
                "[[context]]\nword = \"aside_{name}\"\nscore_only = true\nvalue = \"number\"\ncounts_as = \"{tile}\"\nhelp = \"tiles set aside\"\n\n"
            ));
        }
        mj_dsl::load_from_memory("many-nuki", &[("ruleset.toml", text.as_str())])
    };
    let at_limit = ruleset(4).expect("four counts_as words load");
    assert!(mj_dsl::score_text(&at_limit, "234567m23455p0s67s self riichi dora=1p aside_d=1").is_ok());
    let err = ruleset(5)
        .expect_err("a fifth counts_as word is refused")
        .to_string();
    assert!(err.contains("aside_e") && err.contains("at most 4"), "{err}");
    assert!(
        err.contains("ruleset.toml:"),
        "the diagnostic points at the file: {err}"
    );
}
