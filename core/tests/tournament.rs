//! Tournament standings worked by hand: ranking points by table place, every level of the
//! tie-break chain, teams, byes, substitutes, advancement and the draw.

use mj_core::game::matchplay::RankPoints;
use mj_core::tournament::{
    Absence, Advance, Advancement, Competition, Entrant, Event, Round, Table, TieBreak,
};

/// The Chinese Official rules as `rulesets/mcr` resolves them.
fn chinese_official() -> Competition {
    Competition {
        table_size: 4,
        ranking_points: vec![4, 2, 1, 0],
        share_ties: true,
        tie_breaks: vec![TieBreak::Score, TieBreak::BestRanking, TieBreak::HighCount],
        high_ranking: 4,
        team_tie_breaks: vec![TieBreak::Score],
        absence: Absence::Substitute,
        bye_ranking_points: 1,
        bye_score: 500,
        advancement: None,
        sessions: 1,
        session_seat_changes: vec![],
        result: None,
    }
}

fn entrants(names: &str, teams: &[&str]) -> Vec<Entrant> {
    names
        .split_whitespace()
        .enumerate()
        .map(|(i, n)| Entrant {
            name: n.trim_start_matches('~').to_string(),
            team: teams.get(i).filter(|t| !t.is_empty()).map(|t| t.to_string()),
            substitute: n.starts_with('~'),
        })
        .collect()
}

/// A table: seats named by entrant index, with scores.
fn t(players: [usize; 4], scores: [i64; 4]) -> Table {
    Table {
        players: players.to_vec(),
        scores: Some(scores.to_vec()),
        penalties: Vec::new(),
    }
}

fn line(e: &Event) -> Vec<String> {
    e.standings()
        .iter()
        .map(|s| {
            format!(
                "{} {} rp={} score={} best={} high={}",
                s.place, s.name, s.ranking_points, s.score, s.best_ranking, s.high_count
            )
        })
        .collect()
}

// Eight players, two tables, three rounds; places chosen so that every level of article 11's
// chain decides one pair:
//             round 1            round 2            round 3         rp  score
//   X   0  1st 600 (4)        1st 580 (4)        4th 440 (0)         8  1620
//   Y   1  1st 620 (4)        2nd 540 (2)        2nd 460 (2)         8  1620
//   Q   2  3rd 480 (1)        1st 650 (4)        3rd 450 (1)         6  1580
//   P   3  2nd 520 (2)        2nd 500 (2)        2nd 560 (2)         6  1580
//   R   4  3rd 470 (1)        3rd 460 (1)        3rd 430 (1)         3  1360
//   S   5  2nd 510 (2)        3rd 460 (1)        4th 400 (0)         3  1370
//   T   6  4th 400 (0)        4th 420 (0)        1st 700 (4)         4  1520
//   U   7  4th 400 (0)        4th 390 (0)        1st 600 (4)         4  1390
// X–Y: equal points, score and best (4); X has two first places (high_count 2 against 1).
// Q–P: equal points and score; Q's best single round is 4, P's 2.
// T–U and S–R: equal points, the score decides.
fn eight_player_event() -> Event {
    let (x, y, q, p, r, s, tt, u) = (0, 1, 2, 3, 4, 5, 6, 7);
    let mut e = Event::new(
        "mcr",
        chinese_official(),
        entrants(
            "X Y Q P R S T U",
            &[
                "South", "North", "South", "North", "South", "North", "South", "North",
            ],
        ),
        3,
    )
    .unwrap();
    e.drawn = vec![
        Round {
            tables: vec![
                t([x, p, q, tt], [600, 520, 480, 400]),
                t([y, s, r, u], [620, 510, 470, 400]),
            ],
            byes: vec![],
        },
        Round {
            tables: vec![
                t([x, y, r, tt], [580, 540, 460, 420]),
                t([q, p, s, u], [650, 500, 460, 390]),
            ],
            byes: vec![],
        },
        Round {
            tables: vec![
                t([tt, y, q, x], [700, 460, 450, 440]),
                t([u, p, r, s], [600, 560, 430, 400]),
            ],
            byes: vec![],
        },
    ];
    e.validate().unwrap();
    e
}

#[test]
fn chinese_official_chain_breaks_ties_at_every_level() {
    let e = eight_player_event();
    assert_eq!(
        line(&e),
        [
            "1 X rp=8 score=1620 best=4 high=2",
            "2 Y rp=8 score=1620 best=4 high=1",
            "3 Q rp=6 score=1580 best=4 high=1",
            "4 P rp=6 score=1580 best=2 high=0",
            "5 T rp=4 score=1520 best=4 high=1",
            "6 U rp=4 score=1390 best=4 high=1",
            "7 S rp=3 score=1370 best=2 high=0",
            "8 R rp=3 score=1360 best=1 high=0",
        ]
    );
}

#[test]
fn a_shorter_chain_leaves_players_sharing_a_place() {
    let mut e = eight_player_event();
    e.competition.tie_breaks = vec![TieBreak::Score];
    let l = line(&e);
    assert!(l[0].starts_with("1 ") && l[1].starts_with("1 "), "{l:?}");
    assert!(l[2].starts_with("3 ") && l[3].starts_with("3 "), "{l:?}");
    assert!(l[4].starts_with("5 T"), "{l:?}");
    e.competition.tie_breaks = vec![TieBreak::HighCount, TieBreak::BestRanking];
    // Without the score, S (best 2) is ahead of R (best 1) still, and T and U share.
    let l = line(&e);
    assert!(l[4].starts_with("5 ") && l[5].starts_with("5 "), "{l:?}");
}

#[test]
fn teams_rank_by_members_points_then_their_scores() {
    let e = eight_player_event();
    let teams = e.team_standings();
    // North: Y 8 + P 6 + S 3 + U 4 = 21, score 1620 + 1580 + 1370 + 1390 = 5960.
    // South: X 8 + Q 6 + R 3 + T 4 = 21, score 1620 + 1580 + 1360 + 1520 = 6080.
    let shown: Vec<_> = teams
        .iter()
        .map(|t| (t.place, t.team.as_str(), t.ranking_points, t.score))
        .collect();
    assert_eq!(
        shown,
        [
            (1, "South", RankPoints::whole(21), 6080),
            (2, "North", RankPoints::whole(21), 5960)
        ]
    );
    assert_eq!(teams[0].members, ["X", "Q", "R", "T"]);
}

#[test]
fn a_bye_takes_its_fixed_result_and_a_substitute_plays_unranked() {
    // A B C play with the substitute E; D has the bye (1 point, 500).
    let mut e = Event::new("mcr", chinese_official(), entrants("A B C D ~E", &[]), 1).unwrap();
    e.drawn = vec![Round {
        tables: vec![t([0, 1, 2, 4], [520, 500, 470, 510])],
        byes: vec![3],
    }];
    e.validate().unwrap();
    // E's 510 takes second place: A 4, E 2, B 1, C 0. B and D are equal on every key.
    assert_eq!(
        line(&e),
        [
            "1 A rp=4 score=520 best=4 high=1",
            "2 B rp=1 score=500 best=1 high=0",
            "2 D rp=1 score=500 best=1 high=0",
            "4 C rp=0 score=470 best=0 high=0",
        ]
    );
    let d = &e.standings()[2];
    assert_eq!((d.played, d.byes), (0, 1));
}

#[test]
fn tied_table_scores_share_the_places_points() {
    let mut e = Event::new("mcr", chinese_official(), entrants("A B C D", &[]), 1).unwrap();
    e.drawn = vec![Round {
        tables: vec![t([0, 1, 2, 3], [550, 550, 450, 450])],
        byes: vec![],
    }];
    // (4 + 2) / 2 = 3 and (1 + 0) / 2 = 0.5.
    assert_eq!(
        line(&e),
        [
            "1 A rp=3 score=550 best=3 high=0",
            "1 B rp=3 score=550 best=3 high=0",
            "3 C rp=0.5 score=450 best=0.5 high=0",
            "3 D rp=0.5 score=450 best=0.5 high=0",
        ]
    );
}

/// 中国竞技麻将 (seed 003 第十条–第十二条): table winners advance, the best second places by
/// total 局分 fill the reserve places, a bye advances.
#[test]
fn jingji_table_winners_and_the_best_second_advance() {
    let c = Competition {
        table_size: 4,
        ranking_points: vec![1, 0, 0, 0],
        share_ties: true,
        tie_breaks: vec![TieBreak::Score],
        high_ranking: 1,
        team_tie_breaks: vec![TieBreak::Score],
        absence: Absence::Bye,
        bye_ranking_points: 1,
        bye_score: 400,
        advancement: Some(Advancement {
            per_table: 1,
            reserve: 1,
        }),
        sessions: 4,
        session_seat_changes: vec![vec![1, 0, 3, 2], vec![2, 3, 0, 1], vec![1, 0, 3, 2]],
        result: None,
    };
    let mut e = Event::new("jingji", c, entrants("A B C D E F G H I", &[]), 1).unwrap();
    // Four 局 totals at each table (each 局 starts at 100).
    e.drawn = vec![Round {
        tables: vec![
            t([0, 1, 2, 3], [180, 120, 60, 40]),
            t([4, 5, 6, 7], [150, 140, 70, 40]),
        ],
        byes: vec![8],
    }];
    assert_eq!(
        e.advancing(0),
        [
            (0, Advance::Place),
            (4, Advance::Place),
            (5, Advance::Reserve),
            (8, Advance::Bye)
        ]
    );
    // Standings: 1 point for A, E and the bye I; then total 局分.
    let l = line(&e);
    assert_eq!(
        &l[..4],
        [
            "1 I rp=1 score=400 best=1 high=1",
            "2 A rp=1 score=180 best=1 high=1",
            "3 E rp=1 score=150 best=1 high=1",
            "4 F rp=0 score=140 best=0 high=0"
        ]
    );
}

/// 卡五星: three-player tables, 2 1 0 by place.
#[test]
fn three_player_tables_rank_by_their_own_points() {
    let c = Competition {
        table_size: 3,
        ranking_points: vec![2, 1, 0],
        share_ties: true,
        tie_breaks: vec![TieBreak::Score, TieBreak::BestRanking],
        high_ranking: 2,
        team_tie_breaks: vec![],
        absence: Absence::Bye,
        bye_ranking_points: 1,
        bye_score: 0,
        advancement: None,
        sessions: 1,
        session_seat_changes: vec![],
        result: None,
    };
    let mut e = Event::new("kawuxing", c, entrants("A B C", &[]), 2).unwrap();
    let t3 = |p: [usize; 3], s: [i64; 3]| Table {
        players: p.to_vec(),
        scores: Some(s.to_vec()),
        penalties: Vec::new(),
    };
    e.drawn = vec![
        Round {
            tables: vec![t3([0, 1, 2], [40, -10, -30])],
            byes: vec![],
        },
        Round {
            tables: vec![t3([0, 1, 2], [-20, 50, -30])],
            byes: vec![],
        },
    ];
    // A 2 + 1 = 3 (score 20), B 1 + 2 = 3 (score 40), C 0.
    assert_eq!(
        line(&e),
        [
            "1 B rp=3 score=40 best=2 high=1",
            "2 A rp=3 score=20 best=2 high=1",
            "3 C rp=0 score=-60 best=0 high=0",
        ]
    );
}

fn record_all(e: &mut Event) {
    let r = e.drawn.len() - 1;
    for k in 0..e.drawn[r].tables.len() {
        let n = e.competition.table_size as i64;
        e.record(r, k, (0..n).map(|i| 100 - 10 * i).collect()).unwrap();
    }
}

#[test]
fn the_draw_seats_everyone_once_and_gives_byes_in_turn() {
    let mut c = chinese_official();
    c.absence = Absence::Bye;
    let mut e = Event::new("mcr", c, entrants("A B C D E F G H I J", &[]), 3).unwrap();
    let mut had_bye = Vec::new();
    for r in 0..3 {
        let round = e.draw(7).unwrap().clone();
        assert_eq!(round.tables.len(), 2);
        assert_eq!(round.byes.len(), 2);
        had_bye.extend(round.byes.iter().copied());
        e.validate().unwrap();
        if r < 2 {
            assert!(e.draw(7).unwrap_err().contains("not recorded"), "round {r}");
        }
        record_all(&mut e);
    }
    had_bye.sort_unstable();
    had_bye.dedup();
    assert_eq!(had_bye.len(), 6, "nobody sits out twice while others have not");
    assert!(e.draw(7).unwrap_err().contains("all 3 rounds"));
}

#[test]
fn the_draw_uses_substitutes_to_fill_a_short_table() {
    let mut e = Event::new(
        "mcr",
        chinese_official(),
        entrants("A B C D E F G ~S1 ~S2", &[]),
        1,
    )
    .unwrap();
    let round = e.draw(1).unwrap().clone();
    assert!(round.byes.is_empty());
    let seated: Vec<usize> = round.tables.iter().flat_map(|t| t.players.clone()).collect();
    assert_eq!(seated.len(), 8);
    assert_eq!(seated.iter().filter(|&&p| p >= 7).count(), 1);
}

#[test]
fn the_draw_avoids_repeated_opponents_when_it_can() {
    let names: Vec<String> = (1..=16).map(|i| format!("P{i}")).collect();
    let mut e = Event::new("mcr", chinese_official(), entrants(&names.join(" "), &[]), 2).unwrap();
    for _ in 0..2 {
        e.draw(42).unwrap();
        record_all(&mut e);
    }
    let mut met = std::collections::HashSet::new();
    for t in e.drawn.iter().flat_map(|r| &r.tables) {
        for &a in &t.players {
            for &b in &t.players {
                if a < b {
                    assert!(met.insert((a, b)), "{a} and {b} meet twice");
                }
            }
        }
    }
    // The same seed draws the same event.
    let mut again = Event::new("mcr", chinese_official(), entrants(&names.join(" "), &[]), 2).unwrap();
    again.draw(42).unwrap();
    let seats = |r: &Round| r.tables.iter().map(|t| t.players.clone()).collect::<Vec<_>>();
    assert_eq!(seats(&again.drawn[0]), seats(&e.drawn[0]));
}

#[test]
fn inconsistent_events_are_refused() {
    assert!(Event::new("mcr", chinese_official(), entrants("A B C", &[]), 1).is_err());
    assert!(Event::new("mcr", chinese_official(), entrants("A B C A", &[]), 1).is_err());
    let mut e = eight_player_event();
    e.drawn[0].tables[1].players[0] = 0;
    assert!(e.validate().unwrap_err().contains("seated twice"));
    let mut e = eight_player_event();
    assert!(e.record(0, 0, vec![1, 2]).is_err());
    assert!(e.record(5, 0, vec![1, 2, 3, 4]).is_err());
}

/// Seed 003 第三条: sixteen rounds of wind are four 局 at one table with a seat change (换座)
/// after each. The text gives no order; `rulesets/jingji` swaps 东南 and 西北, then 东西 and 南北,
/// then 东南 and 西北 again (seed 004's 换位), so every player sits at every position once.
#[test]
fn jingji_seat_changes_between_the_four_ju_seat_everyone_everywhere_once() {
    let c = four_ju();
    let seats = [10, 11, 12, 13];
    let sessions: Vec<Vec<usize>> = (0..4).map(|k| c.session_seating(&seats, k)).collect();
    assert_eq!(
        sessions,
        [
            vec![10, 11, 12, 13],
            vec![11, 10, 13, 12],
            vec![13, 12, 11, 10],
            vec![12, 13, 10, 11]
        ]
    );
    for seat in 0..4 {
        let mut at: Vec<usize> = sessions.iter().map(|s| s[seat]).collect();
        at.sort_unstable();
        assert_eq!(at, seats, "seat {seat}");
    }
    let mut bad = c.clone();
    bad.session_seat_changes = vec![vec![0, 0, 1, 2]];
    assert!(Event::new("jingji", bad, entrants("A B C D", &[]), 1).is_err());
}

fn four_ju() -> Competition {
    let mut c = chinese_official();
    c.sessions = 4;
    c.session_seat_changes = vec![vec![1, 0, 3, 2], vec![2, 3, 0, 1], vec![1, 0, 3, 2]];
    c
}
