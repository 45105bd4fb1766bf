//! The Tenhou mjlog reader over the 20 development logs (tests/data/tenhou, from mjx, MIT), and
//! every recorded win scored with our riichi ruleset against Tenhou's own result.

use mj_interop::tenhou::{self, scoring, Event, Log, MeldKind};

mod common;
use common::{data, logs};

/// The figures of the data's README: 20 logs, 160 hands, 152 with a result, 128 wins (63
/// tsumo), 25 draws, 1 double ron.
#[test]
fn every_log_parses_with_the_documented_counts() {
    let logs = logs();
    assert_eq!(logs.len(), 20);
    let (mut hands, mut with_result, mut wins, mut tsumo, mut draws, mut double) = (0, 0, 0, 0, 0, 0);
    for (_, log) in &logs {
        assert_eq!(log.players, 4);
        assert!(log.red_fives());
        for hand in log.hands() {
            hands += 1;
            let agari: Vec<_> = hand
                .iter()
                .filter_map(|e| match e {
                    Event::Agari(a) => Some(a),
                    _ => None,
                })
                .collect();
            let drawn = hand.iter().filter(|e| matches!(e, Event::Ryuukyoku(_))).count();
            if !agari.is_empty() || drawn > 0 {
                with_result += 1;
            }
            wins += agari.len();
            tsumo += agari.iter().filter(|a| a.who == a.from_who).count();
            draws += drawn;
            double += usize::from(agari.len() == 2);
        }
    }
    assert_eq!(
        (hands, with_result, wins, tsumo, draws, double),
        (160, 152, 128, 63, 25, 1)
    );
    let finished = logs.iter().filter(|(_, l)| !l.cut_off).count();
    assert_eq!(finished, 9);
}

/// Within a hand, the changes of `sc=` add up to the deposits the winner collected (those on the
/// table at the start and those paid during the hand), and to zero after a draw, whose deposits
/// stay on the table. The points before each result are the points at the hand's start, less
/// the deposits paid, plus the changes of an earlier result of the same hand.
#[test]
fn score_changes_add_up() {
    for (name, log) in logs() {
        for (h, hand) in log.hands().into_iter().enumerate() {
            let Some(Event::Init(init)) = hand.first() else {
                panic!("{name}: no INIT")
            };
            let mut points = init.ten.clone();
            let mut deposits = 0;
            let mut first = true;
            for e in hand {
                let (sc, collected) = match e {
                    Event::Reach { who, step: 2, ten } => {
                        deposits += 1;
                        points[usize::from(*who)] -= 1000;
                        assert_eq!(ten, &points[..4].to_vec(), "{name} hand {h}: REACH ten=");
                        continue;
                    }
                    Event::Agari(a) => {
                        let c = if first {
                            1000 * i64::from(init.sticks + deposits)
                        } else {
                            0
                        };
                        first = false;
                        (&a.sc, c)
                    }
                    Event::Ryuukyoku(r) => (&r.sc, 0),
                    _ => continue,
                };
                let before: Vec<i64> = sc.iter().map(|c| c.0).collect();
                assert_eq!(before, points, "{name} hand {}: points before the result", h + 1);
                let sum: i64 = sc.iter().map(|c| c.1).sum();
                assert_eq!(sum, collected, "{name} hand {}: the changes add up", h + 1);
                for (p, c) in points.iter_mut().zip(sc) {
                    *p += c.1;
                }
            }
        }
    }
}

/// A handful of calls checked by hand against the logs: the codes of AGARI `m=` lists decode to
/// the tiles the winning hands show.
#[test]
fn meld_codes_decode_to_the_tiles_tenhou_shows() {
    let logs = logs();
    let log = |n: &str| &logs.iter().find(|(f, _)| f == n).expect("the log").1;
    let agari = |l: &Log, i: usize| {
        l.events
            .iter()
            .filter_map(|e| match e {
                Event::Agari(a) => Some(a.clone()),
                _ => None,
            })
            .nth(i)
            .expect("the win")
    };
    let names = |a: &tenhou::Agari| -> Vec<(MeldKind, String)> {
        a.melds
            .iter()
            .map(|m| (m.kind, tenhou::tile::tiles_text(&m.tiles, true)))
            .collect()
    };
    // encdec-chanta's first win (td0005 in the corpus: `[111p,2][999p,2]4467888p8p`): m="26730,14858".
    let a = agari(log("encdec-chanta.mjlog"), 0);
    assert_eq!(
        names(&a),
        vec![
            (MeldKind::Pon, "999p".to_string()),
            (MeldKind::Pon, "111p".to_string())
        ]
    );
    assert_eq!(a.melds.iter().map(|m| m.relative).collect::<Vec<_>>(), vec![2, 2]);
    // Its fifth win (td0009, `[678s,1][406m,1][4444p]67p44s8p self kong`): m="12288,9231,58399".
    let a = agari(log("encdec-chanta.mjlog"), 4);
    assert_eq!(
        names(&a),
        vec![
            (MeldKind::ClosedKan, "4444p".to_string()),
            (MeldKind::Chi, "406m".to_string()),
            (MeldKind::Chi, "678s".to_string())
        ]
    );
    assert_eq!(a.melds[1].called.id(), 13, "the 4m claimed");
    // encdec-game-end's second win (td0038, `[FFFF,5]...`): m="49267", green dragons added to
    // a pon from the previous seat.
    let a = agari(log("encdec-game-end.mjlog"), 1);
    assert_eq!(names(&a), vec![(MeldKind::AddedKan, "FFFF".to_string())]);
    assert_eq!(
        (a.melds[0].relative, a.melds[0].added.map(|t| t.id())),
        (3, Some(131))
    );
    // The open kan of encdec-kan-opened-02 (`<N who="3" m="27139"/>`): 106 = 9s called from the
    // previous seat.
    let kan = log("encdec-kan-opened-02.mjlog")
        .events
        .iter()
        .find_map(|e| match e {
            Event::Call { who: 3, meld } if meld.code == 27139 => Some(meld.clone()),
            _ => None,
        })
        .expect("the call");
    assert_eq!(
        (kan.kind, kan.relative, kan.called.id()),
        (MeldKind::OpenKan, 3, 106)
    );
    assert_eq!(tenhou::tile::tiles_text(&kan.tiles, true), "9999s");
    for (_, l) in &logs {
        for e in &l.events {
            if let Event::Agari(a) = e {
                for m in &a.melds {
                    let n = m.tiles.len();
                    let want = match m.kind {
                        MeldKind::Chi | MeldKind::Pon => 3,
                        MeldKind::Nuki => 1,
                        _ => 4,
                    };
                    assert_eq!(n, want, "{m:?}");
                    assert!(m.tiles.contains(&m.called));
                    if m.kind == MeldKind::Chi {
                        let k: Vec<u8> = m.tiles.iter().map(|t| t.kind()).collect();
                        assert!(
                            k[0] + 1 == k[1] && k[1] + 1 == k[2] && k[0] / 9 == k[2] / 9,
                            "{m:?}"
                        );
                    }
                }
            }
        }
    }
}

/// Every recorded win, written in our notation and scored with `riichi`, agrees with Tenhou's
/// han, fu, limit, points, dora and every seat's change.
#[test]
fn every_win_scores_as_tenhou_scored_it() {
    let rs = mj_dsl::load("riichi").expect("the riichi ruleset");
    let mut count = 0;
    let mut bad = Vec::new();
    for (name, log) in logs() {
        assert_eq!(scoring::ruleset_name(&log), "riichi");
        for win in tenhou::wins(&log).unwrap_or_else(|e| panic!("{name}: {e}")) {
            count += 1;
            let c = scoring::compare(&rs, &log, &win);
            if !c.differences.is_empty() {
                bad.push(format!(
                    "{name} hand {}: {}\n    {}",
                    win.hand + 1,
                    win.line,
                    c.differences.join("\n    ")
                ));
            }
        }
    }
    assert_eq!(count, 128);
    assert!(
        bad.is_empty(),
        "{} of {count} wins differ:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

/// The 95 distinct wins of these logs as the shared corpus writes them
/// (`corpus_tenhou_agari_dev.jsonl`, expected scores from the `mahjong` package): each is one of
/// our lines for its log (the same hand once both are in canonical notation), and our score of
/// it is the corpus's.
#[test]
fn our_lines_are_the_corpus_lines() {
    let rs = mj_dsl::load("riichi").expect("the riichi ruleset");
    let canon = |line: &str| {
        let h = mj_core::notation::parse_hand(&rs.tiles, &rs.context_words, line)
            .unwrap_or_else(|e| panic!("{line}: {e}"));
        mj_core::notation::print_hand(&rs.tiles, &h)
    };
    let logs = logs();
    let text = std::fs::read_to_string(data().join("corpus_tenhou_agari_dev.jsonl")).expect("the corpus");
    let mut n = 0;
    for rec in text.lines().filter(|l| !l.trim().is_empty()) {
        let rec: serde_json::Value = serde_json::from_str(rec).expect("a JSON line");
        let file = rec["file"].as_str().expect("file");
        let hand = rec["hand"].as_str().expect("hand");
        let log = &logs.iter().find(|(f, _)| f == file).expect("its log").1;
        let ours: Vec<String> = tenhou::wins(log)
            .expect("wins")
            .iter()
            .map(|w| canon(&w.line))
            .collect();
        let want = canon(hand);
        assert!(
            ours.contains(&want),
            "{}: {hand} is none of our lines for {file}:\n{}",
            rec["id"],
            ours.join("\n")
        );
        let r = mj_dsl::score_text(&rs, hand).expect("scores");
        assert_eq!(r.han, rec["han"].as_i64(), "{hand}");
        if rec["limit"] != "yakuman" {
            assert_eq!(r.fu, rec["fu"].as_i64(), "{hand}");
        }
        assert_eq!(r.limit.flatten().as_deref(), rec["limit"].as_str(), "{hand}");
        for (w, amount) in r.payments.iter() {
            assert_eq!(
                Some(amount),
                rec["payments"][w.to_string()].as_i64(),
                "{hand}: {w}"
            );
        }
        n += 1;
    }
    assert_eq!(n, 95);
}

/// Tsumogiri as the reader marks it (the discarded id is the one just drawn), checked against what
/// can be told without the reader's rule: a dealt tile is never "just drawn", nor is the discard
/// that follows a chi or pon; every log has both kinds of discard, as any real game does.
#[test]
fn tsumogiri_marks_only_discards_of_the_tile_just_drawn() {
    let (mut thrown, mut kept) = (0, 0);
    for (name, log) in logs() {
        let (mut log_thrown, mut log_kept) = (0, 0);
        for hand in log.hands() {
            let mut dealt: Vec<Vec<tenhou::tile::TileId>> = Vec::new();
            let mut after_call = [false; 4];
            for e in hand {
                match e {
                    Event::Init(init) => dealt = init.hai.clone(),
                    Event::Call { who, .. } => after_call[usize::from(*who)] = true,
                    // A kong's replacement draw is a draw like any other.
                    Event::Draw { who, .. } => after_call[usize::from(*who)] = false,
                    Event::Discard { who, tile, tsumogiri } => {
                        let w = usize::from(*who);
                        if *tsumogiri {
                            assert!(!dealt[w].contains(tile), "{name}: a dealt tile thrown as drawn");
                            assert!(!after_call[w], "{name}: a discard after a call thrown as drawn");
                            log_thrown += 1;
                        } else {
                            log_kept += 1;
                        }
                        after_call[w] = false;
                    }
                    _ => {}
                }
            }
        }
        assert!(
            log_thrown > 0 && log_kept > 0,
            "{name}: {log_thrown} / {log_kept}"
        );
        thrown += log_thrown;
        kept += log_kept;
    }
    println!("tsumogiri {thrown}, from the hand {kept}");
}
