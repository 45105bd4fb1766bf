//! Where the 20 development logs end (tests/data/tenhou, from mjx, MIT) against our match rules
//! (Decision 14 of ../shared/rules/riichi.md): under `riichi` every log ends exactly where our
//! rules end the game (tenhou_replay.rs); with a rule switched off, the logs whose ending needs
//! it diverge at "the match end", so the check sees tobi (5 logs) and the West extension (1 log).
//! No dev log ends by あがりやめ (riichi without it ends all 20 in the same place), so that rule
//! is tested only in dsl/tests/engine_riichi_match.rs.

use mj_interop::tenhou::{self, import::import};
use std::path::PathBuf;

/// The first divergence of every dev log under `rules`, by file, where it is "the match end".
fn match_end_divergences(rules: &str) -> Vec<String> {
    let t = mj_dsl::table::Table::new(mj_dsl::load(rules).expect("loads")).expect("table");
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/tenhou");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("the data folder")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "mjlog"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for p in &files {
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        let log = tenhou::parse(&std::fs::read_to_string(p).unwrap()).unwrap();
        let o = import(&t, &log, &name);
        if let Some(d) = o.divergence.filter(|d| d.mismatch.event == "the match end") {
            out.push(format!("{name} hand {}: {}", d.hand, d.mismatch.expected));
        }
    }
    out
}

#[test]
fn the_dev_logs_end_where_riichi_ends_them_and_not_without_its_rules() {
    assert_eq!(match_end_divergences("riichi"), Vec::<String>::new());
    for rules in ["riichi[tobi=false]", "riichi[west=false]"] {
        let d = match_end_divergences(rules);
        println!("{rules}: {d:#?}");
        assert!(!d.is_empty(), "{rules}: some log ends otherwise");
    }
}

/// Tenhou's final scores (`owari=`, every player's result after the game) against ours:
/// Decision 14's "(points − 30,000) / 1,000 plus uma +20/+10/−10/−20 and the 20 oka to first".
/// Tenhou rounds each result but first place's to whole thousands (五捨六入) and gives first place what
/// makes the sum zero; ours are exact, so each non-first result is compared after rounding it
/// the same way, and first place by the same player.
#[test]
fn our_final_results_round_to_tenhous_owari_scores() {
    use mj_core::game::matchplay::{final_results, rank, RankPoints};
    use mj_core::game::Rules;
    use mj_interop::tenhou::log::Event;
    let t = mj_dsl::table::Table::new(mj_dsl::load("riichi").expect("loads")).expect("table");
    let table = t.table();
    let rule = table.results.expect("riichi has results");
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/tenhou");
    let mut compared = 0;
    for p in std::fs::read_dir(dir).expect("the data folder") {
        let p = p.expect("an entry").path();
        if p.extension().is_none_or(|x| x != "mjlog") {
            continue;
        }
        let log = tenhou::parse(&std::fs::read_to_string(&p).unwrap()).unwrap();
        let owari = log.events.iter().find_map(|e| match e {
            Event::Agari(a) => a.owari.clone(),
            Event::Ryuukyoku(r) => r.owari.clone(),
            _ => None,
        });
        let (Some(owari), Some(points)) = (owari, import(&t, &log, "f").final_points) else {
            continue;
        };
        let (places, ranking) = rank(&points, &table.ranking_points, table.ranking_ties);
        let ours = final_results(&points, &places, &ranking, rule, table.start_points);
        for s in 0..4 {
            let theirs = owari.scores[s];
            if places[s] == 0 {
                assert!(owari.scores.iter().all(|&x| x <= theirs), "{p:?}: seat {s} first");
                continue;
            }
            // Our result less its uma, in tenths, rounded 五捨六入 on the size: up to .5 drops,
            // from .6 up (encdec-fu-max: 10,500 is −19.5, so −19 −20).
            let (un, ud) = ranking[s].parts();
            let (num, den) = ours[s].plus(RankPoints::new(-un, ud)).parts();
            let tenths = num * 10 / den;
            let size = tenths.abs() / 10 + i64::from(tenths.abs() % 10 >= 6);
            let rounded = (tenths.signum() * size) as f64 + ranking[s].as_f64();
            assert_eq!(rounded, theirs, "{p:?} seat {s}: ours {}", ours[s]);
            compared += 1;
        }
    }
    assert_eq!(
        compared, 27,
        "three non-first players in each of the 9 logs with owari="
    );
}
