//! `[competition]`: the built-in rulesets' tournament rules, and the errors of broken tables.

use mj_core::tournament::{Absence, Advancement, TieBreak};

fn with(competition: &str) -> Result<mj_dsl::Ruleset, String> {
    let text =
        format!("[ruleset]\nname = \"comp-test\"\nextends = \"mcr\"\n\n[competition]\n{competition}\n");
    mj_dsl::load_from_memory("comp-test", &[("ruleset.toml", &text)]).map_err(|d| d.to_string())
}

#[test]
fn chinese_official_ranks_by_standard_points_then_article_11() {
    let rs = mj_dsl::load("mcr").unwrap();
    let c = rs.competition.expect("[competition]");
    assert_eq!(c.table_size, 4);
    assert_eq!(c.ranking_points, vec![4, 2, 1, 0]);
    assert!(c.share_ties);
    assert_eq!(
        c.tie_breaks,
        vec![TieBreak::Score, TieBreak::BestRanking, TieBreak::HighCount]
    );
    assert_eq!(c.high_ranking, 4);
    assert_eq!(c.absence, Absence::Substitute);
    assert_eq!(c.bye_score, 500);
    assert_eq!(c.advancement, None);
    // A ruleset that extends mcr inherits it.
    assert_eq!(mj_dsl::load("mcr-mil").unwrap().competition, Some(c));
}

#[test]
fn every_built_in_family_has_competition_rules() {
    let jingji = mj_dsl::load("jingji").unwrap().competition.unwrap();
    assert_eq!(
        jingji.advancement,
        Some(Advancement {
            per_table: 1,
            reserve: 0
        })
    );
    assert_eq!(jingji.tie_breaks, vec![TieBreak::Score]);
    assert_eq!(jingji.bye_ranking_points, 1);
    assert_eq!(jingji.sessions, 4);
    assert_eq!(jingji.session_seat_changes.len(), 3);
    let shiwan = mj_dsl::load("shiwan").unwrap().competition.unwrap();
    assert_eq!(shiwan.ranking_points, vec![4, 2, 1, 0]);
    let kwx = mj_dsl::load("kawuxing").unwrap().competition.unwrap();
    assert_eq!(kwx.table_size, 3);
    assert_eq!(kwx.ranking_points, vec![2, 1, 0]);
}

#[test]
fn broken_competition_tables_are_reported_at_the_key() {
    for (body, needle) in [
        ("tie_breaks = [\"score\", \"luck\"]", "which is not a tie-break"),
        ("tie_breaks = [\"score\", \"score\"]", "lists \"score\" twice"),
        ("table_size = 3", "the ruleset seats 4 players"),
        ("ranking_points = [1, 2, 4, 0]", "never rising"),
        ("ranking_points = [4, 3, 2, 1, 0]", "at most 4 values"),
        ("ties = \"coin\"", "`ties` = \"coin\" is not supported"),
        ("absence = \"forfeit\"", "`absence` = \"forfeit\""),
        ("advance_reserve = 2", "needs advance_per_table"),
        ("advance_per_table = 4", "between 1 and 3"),
        ("bye_points = 2", "unknown key `bye_points`"),
        ("sessions = 0", "at least one"),
        (
            "sessions = 2\nsession_seat_changes = [[0, 0, 1, 2]]",
            "not a seat permutation",
        ),
        ("session_seat_changes = [[1, 0, 3, 2]]", "1 changes for 1 session"),
        ("ranking = \"luck\"", "`ranking` = \"luck\" is not supported"),
        ("ranking = \"result\"", "needs [match] point_unit"),
    ] {
        let err = with(body).expect_err(body);
        assert!(err.contains(needle), "{body}: {err}");
        assert!(err.contains("[competition]"), "{body}: {err}");
    }
    assert!(with("ranking_points = [3, 1, 0]").is_ok());
}

#[test]
fn riichi_tables_rank_by_the_match_result() {
    // riichi.md Decision 14: the result counts from 30,000 in thousands, uma +20/+10/-10/-20.
    let c = mj_dsl::load("riichi")
        .unwrap()
        .competition
        .expect("[competition]");
    let r = c.result.expect("ranking = result");
    assert_eq!(
        (r.start_points, r.return_points, r.point_unit),
        (25000, 30000, 1000)
    );
    assert_eq!(c.ranking_points, vec![20, 10, -10, -20]);
    assert!(!c.share_ties);
    // The EMA rules start at 30,000 with no oka; three-player riichi returns 40,000.
    let ema = mj_dsl::load("riichi-ema").unwrap().competition.unwrap();
    let r = ema.result.unwrap();
    assert_eq!((r.start_points, r.return_points), (30000, 30000));
    assert_eq!(ema.ranking_points, vec![15, 5, -5, -15]);
    let sanma = mj_dsl::load("riichi-sanma").unwrap().competition.unwrap();
    let r = sanma.result.unwrap();
    assert_eq!(
        (sanma.table_size, r.start_points, r.return_points),
        (3, 35000, 40000)
    );
    // Without uma the results are the points alone; a result table needs no ranking points.
    let no_uma = mj_dsl::load("riichi[uma=false]").unwrap().competition.unwrap();
    assert!(no_uma.ranking_points.is_empty() && no_uma.result.is_some());
    // Several matches a round cannot each be ranked by one result.
    let text = "[ruleset]\nname = \"r2\"\nextends = \"riichi\"\n\n[competition]\nsessions = 2\n";
    let err = mj_dsl::load_from_memory("r2", &[("ruleset.toml", text)])
        .unwrap_err()
        .to_string();
    assert!(err.contains("one match a round"), "{err}");
}
