//! `[match]` settings at the table: seat changes between rounds and shared ranking ties.

use mj_core::game::matchplay::play_match;
use mj_core::game::rules::RankingTies;
use mj_core::game::{replay, GreedyBot, Player, Rules};
use mj_dsl::table::{table_rules, Table};

fn bots(n: usize) -> Vec<Box<dyn Player>> {
    (0..n)
        .map(|_| Box::new(GreedyBot::new()) as Box<dyn Player>)
        .collect()
}

#[test]
fn shiwan_players_change_seats_after_the_first_and_second_round() {
    let t = Table::new(mj_dsl::load("shiwan").expect("shiwan")).expect("table");
    assert_eq!(t.table().seat_changes, vec![vec![1, 0, 3, 2], vec![2, 3, 0, 1]]);
    for seed in [3u64, 11] {
        let mut players = bots(4);
        let m = play_match(&t, &mut players, seed, None).expect("match");
        let mut totals = vec![t.table().start_points; 4];
        for r in &m.hands {
            let expected = match r.round {
                'E' => [0, 1, 2, 3],
                // 东南 and 西北 swap.
                'S' => [1, 0, 3, 2],
                // Then 东西 and 南北 swap, and nobody moves after that.
                _ => [3, 2, 1, 0],
            };
            assert_eq!(
                r.seats.as_deref(),
                Some(&expected[..]),
                "seed {seed} round {}",
                r.round
            );
            replay(&t, r).unwrap_or_else(|d| panic!("seed {seed}: {d}"));
            for (s, x) in r.net().into_iter().enumerate() {
                totals[expected[s]] += x;
            }
        }
        assert!(
            m.hands.iter().any(|r| r.round == 'W'),
            "seed {seed}: the match reaches round 3"
        );
        assert_eq!(m.totals, totals, "seed {seed}: totals are per player");
        assert_eq!(m.totals.iter().sum::<i64>(), 0);
        let json = m.hands[m.hands.len() - 1].to_json();
        assert!(json.contains("\"seats\":[3,2,1,0]"), "{json}");
    }
}

#[test]
fn rulesets_without_seat_changes_record_no_seats() {
    let t = Table::new(mj_dsl::load("mcr").expect("mcr")).expect("table");
    assert_eq!(t.table().ranking_ties, RankingTies::Share);
    let mut players = bots(4);
    let m = play_match(&t, &mut players, 1, Some(1)).expect("match");
    assert!(m.hands.iter().all(|r| r.seats.is_none()));
    assert!(!m.hands[0].to_json().contains("seats"));
}

#[test]
fn bad_match_settings_are_reported() {
    let mut rs = mj_dsl::load("mcr").expect("mcr");
    let mut m = rs.match_rules.clone().expect("[match]");
    m.ties = Some("coin".into());
    rs.match_rules = Some(m.clone());
    let e = table_rules(&rs).unwrap_err();
    assert!(e.contains("[match] ties = \"coin\""), "{e}");
    m.ties = None;
    m.seat_changes = vec![vec![], vec![0, 0, 1, 2]];
    rs.match_rules = Some(m.clone());
    let e = table_rules(&rs).unwrap_err();
    assert!(e.contains("seat_changes entry 2"), "{e}");
    m.seat_changes = vec![vec![], vec![3, 2, 1, 0]];
    rs.match_rules = Some(m);
    let t = table_rules(&rs).expect("valid");
    assert_eq!(t.ranking_ties, RankingTies::SeatOrder);
}

#[test]
fn bad_match_ending_and_result_keys_are_reported() {
    let rs = mj_dsl::load("riichi").expect("riichi");
    let with = |edit: &dyn Fn(&mut mj_dsl::schema::Match)| {
        let mut rs = rs.clone();
        let mut m = rs.match_rules.clone().expect("[match]");
        edit(&mut m);
        rs.match_rules = Some(m);
        table_rules(&rs)
    };
    let e = with(&|m| m.target = None).unwrap_err();
    assert!(e.contains("extra_rounds needs a target"), "{e}");
    let e = with(&|m| m.last_dealer_stops = false).unwrap_err();
    assert!(e.contains("last_dealer_chooses needs last_dealer_stops"), "{e}");
    let e = with(&|m| m.point_unit = Some(0)).unwrap_err();
    assert!(e.contains("point_unit = 0 must be positive"), "{e}");
    let e = with(&|m| m.point_unit = None).unwrap_err();
    assert!(e.contains("return_points needs point_unit"), "{e}");
    // Without a return, results count from the start points.
    let t = with(&|m| m.return_points = None).expect("valid");
    assert_eq!(t.results.map(|r| r.return_points), Some(25_000));
    let t = table_rules(&rs).expect("riichi");
    assert_eq!(
        t.results.map(|r| (r.return_points, r.point_unit)),
        Some((30_000, 1_000))
    );
}

/// `[play] rob_kong` entries naming win forms (hongkong.md Decision 4: "Only an added kong can be
/// robbed, except that 十三么 may also rob a concealed kong"): only the ruleset's own forms, and
/// an unknown kind, are reported.
#[test]
fn rob_kong_by_forms_names_the_rulesets_own_forms() {
    use mj_core::game::event::KongKind;
    let rs = mj_dsl::load("hongkong").expect("hongkong");
    let with = |entries: &[&str]| {
        let mut rs = rs.clone();
        rs.play.rob_kong = entries.iter().map(|e| e.to_string()).collect();
        table_rules(&rs)
    };
    let t = with(&["added", "concealed:thirteen_orphans"]).expect("valid");
    assert!(t.rob_kong.added && !t.rob_kong.concealed);
    let (kind, forms) = &t.rob_kong.by_forms[0];
    assert_eq!(*kind, KongKind::Concealed);
    assert!(
        !forms.standard && !forms.orphans.is_empty(),
        "thirteen orphans alone"
    );
    // hongkong has no seven pairs unless its setting adds them.
    let e = with(&["concealed:seven_pairs"]).unwrap_err();
    assert!(
        e.contains("`seven_pairs` is not one of this ruleset's [win] forms"),
        "{e}"
    );
    let e = with(&["hidden:thirteen_orphans"]).unwrap_err();
    assert!(e.contains("rob_kong = \"hidden\""), "{e}");
    let e = with(&["concealed:thirteen_orphans+seven_pairs"]).unwrap_err();
    assert!(e.contains("seven_pairs"), "{e}");
}
