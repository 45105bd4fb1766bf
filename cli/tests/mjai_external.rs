//! An mjai bot that is not ours at our table: the rule-based bot of the `mjai` package (PyPI,
//! 0.2.1, mjai.app's simulator, with Mortal's libriichi inside) plays whole riichi matches
//! under `mj match --protocol mjai`. It reads each line as a JSON array of events (mjai.app's
//! batches), so the judge runs with `--mjai-arrays`; it takes its seat when started, so each
//! seat's command names it. `tools/mjai-bot/run.sh` installs the package into a venv and runs
//! this file with MJ_EXTERNAL_MJAI_PYTHON set to its Python; without it the test says it is
//! skipped and passes.

use serde_json::Value;
use std::process::Command;

/// The Python that has the `mjai` package, if this run was given one.
fn external_python() -> Option<String> {
    let py = std::env::var("MJ_EXTERNAL_MJAI_PYTHON").ok()?;
    let ok = Command::new(&py)
        .args(["-c", "import mjai.bot.rulebase"])
        .status()
        .is_ok_and(|s| s.success());
    assert!(ok, "MJ_EXTERNAL_MJAI_PYTHON={py} cannot import mjai.bot.rulebase");
    Some(py)
}

fn rulebase_bot(py: &str, seat: usize) -> String {
    format!("{py} -c 'from mjai.bot.rulebase import RulebaseBot; RulebaseBot(player_id={seat}).start()'")
}

#[test]
fn the_mjai_packages_rule_based_bot_plays_whole_matches_without_a_fault() {
    let Some(py) = external_python() else {
        eprintln!(
            "skipped: MJ_EXTERNAL_MJAI_PYTHON is not set (tools/mjai-bot/run.sh installs the mjai package and runs this test)"
        );
        return;
    };
    let dir = std::env::temp_dir().join(format!("mj-mjai-external-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp dir");
    let ours = format!("{} bot --protocol mjai", env!("CARGO_BIN_EXE_mj"));
    // Seats 0 and 2 the external bot, 1 and 3 ours; then all four the external bot.
    let tables = [
        [rulebase_bot(&py, 0), ours.clone(), rulebase_bot(&py, 2), ours],
        [0, 1, 2, 3].map(|s| rulebase_bot(&py, s)),
    ];
    for (k, bots) in tables.iter().enumerate() {
        let out = dir.join(format!("table-{k}"));
        let mut args = vec![
            "match".to_string(),
            "--protocol".into(),
            "mjai".into(),
            "--mjai-arrays".into(),
            "--rules".into(),
            "riichi".into(),
            "--seed".into(),
            "1".into(),
            "--games".into(),
            "2".into(),
            "--timeout-ms".into(),
            "20000".into(),
            "--json".into(),
            "--out".into(),
            out.display().to_string(),
        ];
        for b in bots {
            args.extend(["--bot".to_string(), b.clone()]);
        }
        let o = Command::new(env!("CARGO_BIN_EXE_mj"))
            .args(&args)
            .output()
            .expect("mj runs");
        let text = String::from_utf8_lossy(&o.stdout).to_string();
        assert!(o.status.success(), "{text}{}", String::from_utf8_lossy(&o.stderr));
        let lines: Vec<Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).expect("JSON"))
            .collect();
        assert_eq!(lines.len(), 3, "two matches and the standings: {text}");
        for game in &lines[..2] {
            // A fault (an illegal answer, no answer in time, a bot that died) is a forfeit.
            assert_eq!(game["result"], "complete", "table {k}: {game}");
            assert!(game["hands"].as_u64().is_some_and(|h| h >= 4), "{game}");
            let file = game["record"].as_str().expect("a record file");
            let replayed = Command::new(env!("CARGO_BIN_EXE_mj"))
                .args(["replay", file])
                .output()
                .expect("mj runs");
            assert!(
                replayed.status.success(),
                "{}",
                String::from_utf8_lossy(&replayed.stdout)
            );
        }
        assert_eq!(lines[2]["forfeits"], serde_json::json!([0, 0, 0, 0]), "table {k}");
    }
}
