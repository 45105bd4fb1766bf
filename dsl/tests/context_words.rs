//! Where a ruleset's context words come from in play: every word names the engine fact that sets
//! it, or is marked `score_only`; a word with neither is what `mj check` warns about, and a
//! malformed entry is a load error that says how to fix it.

use mj_dsl::ruleset::WordSource;

fn house(context: &str) -> Result<mj_dsl::Ruleset, String> {
    let toml = format!(
        "[ruleset]\nname = \"house\"\nextends = \"jingji\"\nversion = \"0.1.0\"\ndescription = \"test\"\n\n{context}"
    );
    mj_dsl::load_from_memory("house", &[("ruleset.toml", toml.as_str())]).map_err(|d| d.to_string())
}

#[test]
fn every_word_of_every_builtin_ruleset_is_set_in_play_or_score_only() {
    for name in mj_dsl::builtin_names() {
        let rs = mj_dsl::load(name).expect("loads");
        assert_eq!(rs.context_words.len(), rs.context_sources.len(), "{name}");
        assert!(
            rs.unset_words().is_empty(),
            "{name}: {:?} can never be set in play",
            rs.unset_words()
        );
    }
    // jingji's words that fans test are engine facts, and so are the discarder, the chips and the
    // dealer's streak (so that `mj score` of a recorded win pays as play did); `double`, 倍打
    // written by hand, is score-only.
    let rs = mj_dsl::load("jingji").expect("loads");
    let source = |w: &str| {
        let i = rs
            .context_words
            .iter()
            .position(|c| c.word == w)
            .expect("declared");
        rs.context_sources[i]
    };
    use mj_core::game::rules::WinFact;
    assert_eq!(
        source("bonus_replacement"),
        WordSource::Fact(WinFact::BonusReplacement)
    );
    assert_eq!(
        source("last_turn"),
        WordSource::Fact(WinFact::WallEnd { tiles: 4 })
    );
    assert_eq!(source("from"), WordSource::Fact(WinFact::Discarder));
    assert_eq!(source("stacks"), WordSource::Fact(WinFact::Stacks));
    assert_eq!(source("streak"), WordSource::Fact(WinFact::DealerStreak));
    assert_eq!(source("double"), WordSource::ScoreOnly);
}

#[test]
fn a_word_play_never_sets_is_reported() {
    let rs = house("[[context]]\nword = \"lucky\"\nhelp = \"a lucky hand\"\n").expect("loads");
    assert_eq!(rs.unset_words(), vec!["lucky"]);
    let rs = house("[[context]]\nword = \"lucky\"\nscore_only = true\n").expect("loads");
    assert!(rs.unset_words().is_empty());
}

#[test]
fn malformed_word_sources_are_load_errors() {
    for (entry, says) in [
        ("fact = \"moon_phase\"", "knows no fact \"moon_phase\""),
        ("fact = \"wall_end\"", "needs `within`"),
        ("fact = \"wall_end\"\nwithin = 0", "at least 1"),
        ("within = 4", "has `within` but no `fact`"),
        (
            "fact = \"bonus_replacement\"\nwithin = 4",
            "only fact \"wall_end\" takes `within`",
        ),
        (
            "fact = \"bonus_replacement\"\nscore_only = true",
            "both `fact` and `score_only`",
        ),
        (
            "fact = \"bonus_replacement\"\nvalue = true",
            "an engine fact is a flag",
        ),
    ] {
        let e = house(&format!("[[context]]\nword = \"lucky\"\n{entry}\n")).expect_err(entry);
        assert!(e.contains(says), "{entry}: {e}");
    }
}

/// `[win] never_together`: a line with every word of an entry, for the entry's kind of win, is
/// refused. riichi: `kong` and `last` on a discard (a robbed kong is no last discard; the
/// `mahjong` library refuses houtei with chankan). Self-drawn they stay: a rinshan on a kong that
/// emptied the live wall, which play reports as `self kong last`, scores 嶺上 alone. A name that
/// is no word, or a kind of win that is neither, is a load error.
#[test]
fn words_never_together_are_refused() {
    let rs = mj_dsl::load("riichi").expect("riichi");
    let e = mj_dsl::score_text(&rs, "234m456m789m23p55s1p kong last from=2").expect_err("chankan houtei");
    assert!(
        e.contains("`kong` and `last` are never written together on a discard"),
        "{e}"
    );
    for (line, fan) in [
        ("234m456m789m23p55s1p kong from=2", "chankan"),
        ("234m456m789m23p55s1p last from=2", "houtei"),
        ("234m456m789m23p55s1p self last", "haitei"),
        ("[1111m]45556p23789s4s self last kong", "rinshan"),
    ] {
        let r = mj_dsl::score_text(&rs, line).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert!(r.fans.iter().any(|f| f.id == fan), "{line}: no {fan}");
    }
    for (entry, says) in [
        ("{ words = [\"kong\", \"lastt\"] }", "`lastt` is not a word"),
        ("{ words = [\"kong\"] }", "two words or more"),
        (
            "{ words = [\"kong\", \"last\"], win = \"ron\" }",
            "is not \"discard\"",
        ),
    ] {
        let e = house(&format!(
            "[win]\nforms = [\"standard\"]\nnever_together = [{entry}]\n"
        ))
        .expect_err(entry);
        assert!(e.contains(says), "{entry}: {e}");
    }
}
