//! `mj import tenhou`: the 20 development mjlogs (interop/tests/data/tenhou, from mjx, MIT)
//! replayed in our engine. The command's contract (issue #23): one JSON line per log with `file`,
//! `ok`, `hands`, `deltas`, `final` and `divergence`; exit 1 when a log diverges, 2 with
//! FILE:LINE:COLUMN when a file is not an mjlog; `--out DIR` writes records `mj replay` accepts.
//! How many hands agree with the log is measured in interop/tests/tenhou_replay.rs.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn mj(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mj"))
        .args(args)
        .output()
        .expect("mj runs")
}

fn logs() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../interop/tests/data/tenhou")
}

fn temp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("mj-tenhou-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

#[test]
fn a_folder_gives_one_json_line_per_log_and_records_that_replay() {
    let out = temp("out");
    let o = mj(&[
        "import",
        "tenhou",
        logs().to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    let text = String::from_utf8_lossy(&o.stdout);
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect();
    assert_eq!(lines.len(), 20, "{text}");
    let mut diverged = 0;
    for v in &lines {
        for key in ["file", "ok", "hands", "deltas", "final", "divergence"] {
            assert!(v.get(key).is_some(), "{key} missing in {v}");
        }
        let deltas = v["deltas"].as_array().expect("deltas");
        assert_eq!(deltas.len() as u64, v["hands"].as_u64().unwrap());
        for d in deltas.iter().filter(|d| !d.is_null()) {
            // Four seats, and the points a hand moves sum to zero but for deposits put down.
            let d: Vec<i64> = d
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_i64().unwrap())
                .collect();
            assert_eq!(d.len(), 4);
            assert_eq!(d.iter().sum::<i64>() % 1000, 0, "{v}");
        }
        let ok = v["ok"].as_bool().unwrap();
        assert_eq!(ok, v["divergence"].is_null(), "{v}");
        if !ok {
            diverged += 1;
            let div = &v["divergence"];
            assert!(div["hand"].as_u64().unwrap() >= 1, "{div}");
            for key in ["event", "expected", "got"] {
                assert!(div[key].is_string(), "{div}");
            }
        }
    }
    assert_eq!(o.status.code(), Some(if diverged > 0 { 1 } else { 0 }));
    // Every log's records replay in the engine.
    let written = std::fs::read_dir(&out).unwrap().count();
    assert_eq!(written, 20);
    let rec = out.join("encdec-game-end.json");
    let r = mj(&["replay", rec.to_str().unwrap()]);
    assert_eq!(r.status.code(), Some(0), "{}", String::from_utf8_lossy(&r.stdout));
    assert!(String::from_utf8_lossy(&r.stdout).contains("15 hand(s) replay"));
}

#[test]
fn a_malformed_log_exits_2_naming_its_line() {
    let d = temp("bad");
    let good = std::fs::read_to_string(logs().join("double-ron.mjlog")).unwrap();
    // The first draw tag names a tile id past 135.
    let at = good.find("<T").expect("a draw");
    let end = at + good[at..].find('/').unwrap();
    let bad = format!("{}<T200{}", &good[..at], &good[end..]);
    let line = bad[..at].matches('\n').count() + 1;
    let f = d.join("bad.mjlog");
    std::fs::write(&f, bad).unwrap();
    let o = mj(&["import", "tenhou", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains(&format!("bad.mjlog:{line}:")) && err.contains("T200"),
        "{err}"
    );
}
