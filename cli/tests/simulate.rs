//! `mj simulate` and `mj merge` end to end: results depend only on (ruleset, bots, seed, hands),
//! never on threads or shards, and merge refuses files that are not one experiment.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

struct Out {
    code: i32,
    stdout: String,
    stderr: String,
}

fn mj(args: &[&str]) -> Out {
    let out = Command::new(env!("CARGO_BIN_EXE_mj"))
        .args(args)
        .output()
        .expect("run mj");
    Out {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).to_string(),
        stderr: String::from_utf8_lossy(&out.stderr).to_string(),
    }
}

fn ok(args: &[&str]) -> String {
    let o = mj(args);
    assert_eq!(o.code, 0, "mj {args:?} failed: {}", o.stderr);
    o.stdout
}

/// A scratch directory of this test process.
fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("mj-simulate-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&d).expect("scratch dir");
    d
}

const HANDS: &str = "30";

/// Writes shards `which` of `n` for the experiment and returns their paths.
fn shards(dir: &Path, rules: &str, seed: &str, n: u64, which: &[u64]) -> Vec<String> {
    which
        .iter()
        .map(|i| {
            let path = dir.join(format!("{rules}-{seed}-{i}-of-{n}.json"));
            let p = path.to_string_lossy().to_string();
            let shard = format!("{i}/{n}");
            let o = mj(&[
                "simulate",
                "--rules",
                rules,
                "--hands",
                HANDS,
                "--seed",
                seed,
                "--threads",
                "1",
                "--shard",
                &shard,
                "--out",
                &p,
            ]);
            assert_eq!(o.code, 0, "{}", o.stderr);
            assert!(o.stdout.is_empty(), "--out prints no report");
            p
        })
        .collect()
}

#[test]
fn merged_shards_print_exactly_the_single_run() {
    let dir = scratch("merge");
    let single_json = ok(&[
        "simulate", "--rules", "mcr", "--hands", HANDS, "--seed", "7", "--json",
    ]);
    let single_text = ok(&["simulate", "--rules", "mcr", "--hands", HANDS, "--seed", "7"]);
    let single_csv = ok(&[
        "simulate", "--rules", "mcr", "--hands", HANDS, "--seed", "7", "--csv",
    ]);
    let files = shards(&dir, "mcr", "7", 3, &[2, 0, 1]);
    let mut args = vec!["merge", "--json"];
    args.extend(files.iter().map(String::as_str));
    assert_eq!(ok(&args), single_json, "byte-identical JSON");
    args.remove(1);
    assert_eq!(ok(&args), single_text);
    args.push("--csv");
    assert_eq!(ok(&args), single_csv);

    let v: Value = serde_json::from_str(&single_json).expect("json");
    assert_eq!(v["format"], "mj-simulate");
    assert_eq!(v["figures"]["hands"], 30);
    assert_eq!(v["experiment"]["ruleset"], "mcr");

    // The whole experiment written as one partial (shard 0/1) merges to the same report too.
    let whole = dir.join("whole.json").to_string_lossy().to_string();
    ok(&[
        "simulate", "--rules", "mcr", "--hands", HANDS, "--seed", "7", "--out", &whole,
    ]);
    assert_eq!(ok(&["merge", "--json", &whole]), single_json);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn thread_count_does_not_change_results() {
    for (rules, bot) in [("mcr", "greedy"), ("kawuxing", "greedy"), ("shiwan", "random")] {
        let run = |threads: &str| {
            ok(&[
                "simulate",
                "--rules",
                rules,
                "--bot",
                bot,
                "--hands",
                "20",
                "--seed",
                "3",
                "--threads",
                threads,
                "--json",
            ])
        };
        let one = run("1");
        assert_eq!(one, run("3"), "{rules}");
        assert_eq!(one, run("2"), "{rules}");
    }
}

#[test]
fn different_seeds_give_different_experiments() {
    let a = ok(&[
        "simulate", "--rules", "mcr", "--hands", "20", "--seed", "1", "--json",
    ]);
    let b = ok(&[
        "simulate", "--rules", "mcr", "--hands", "20", "--seed", "2", "--json",
    ]);
    assert_ne!(a, b);
}

fn merge_error(files: &[&str]) -> String {
    let mut args = vec!["merge"];
    args.extend_from_slice(files);
    let o = mj(&args);
    assert_eq!(o.code, 2, "merge of {files:?} should fail; printed {}", o.stdout);
    assert!(o.stdout.is_empty());
    o.stderr
}

#[test]
fn mismatched_shards_are_rejected_with_a_clear_error() {
    let dir = scratch("reject");
    let a = shards(&dir, "mcr", "5", 2, &[0, 1]);
    let other_seed = shards(&dir, "mcr", "6", 2, &[1]);
    let other_rules = shards(&dir, "mcr-mil", "5", 2, &[1]);
    let other_count = shards(&dir, "mcr", "5", 3, &[1]);

    let e = merge_error(&[&a[0], &other_seed[0]]);
    assert!(
        e.contains("not from the same experiment") && e.contains("seed 6"),
        "{e}"
    );
    let e = merge_error(&[&a[0], &other_rules[0]]);
    assert!(e.contains("ruleset mcr-mil"), "{e}");
    let e = merge_error(&[&a[0], &other_count[0]]);
    assert!(e.contains("shard count 3"), "{e}");
    let e = merge_error(&[&a[0], &a[0]]);
    assert!(e.contains("both shard 0/2") && e.contains("disjoint"), "{e}");
    let e = merge_error(&[&a[1]]);
    assert!(
        e.contains("incomplete experiment") && e.contains("0/2 missing"),
        "{e}"
    );

    // A different hand count, and a file that was edited to claim fewer hands.
    let other_n = dir.join("n.json").to_string_lossy().to_string();
    ok(&[
        "simulate", "--rules", "mcr", "--hands", "31", "--seed", "5", "--shard", "1/2", "--out", &other_n,
    ]);
    let e = merge_error(&[&a[0], &other_n]);
    assert!(e.contains("hands 31"), "{e}");
    let text = std::fs::read_to_string(&a[1]).expect("read");
    let tampered = dir.join("tampered.json").to_string_lossy().to_string();
    std::fs::write(
        &tampered,
        text.replacen("\"stats\":{\"hands\":15", "\"stats\":{\"hands\":14", 1),
    )
    .expect("write");
    let e = merge_error(&[&a[0], &tampered]);
    assert!(e.contains("should hold 15 hands but holds 14"), "{e}");

    // Not a partial at all.
    let junk = dir.join("junk.json").to_string_lossy().to_string();
    std::fs::write(&junk, "{\"format\":\"mj-record\"}").expect("write");
    assert!(merge_error(&[&junk]).contains("not an `mj-simulate-partial` file"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_shard_arguments_are_rejected() {
    for bad in ["3/3", "1/0", "x/2", "1"] {
        let o = mj(&["simulate", "--hands", "2", "--shard", bad, "--out", "/dev/null"]);
        assert_ne!(o.code, 0, "{bad}");
        assert!(o.stderr.contains("--shard"), "{bad}: {}", o.stderr);
    }
    let o = mj(&["simulate", "--hands", "2", "--shard", "0/2"]);
    assert_ne!(o.code, 0, "--shard needs --out");
}

#[test]
fn comparing_a_ruleset_with_itself_finds_no_difference() {
    let out = ok(&[
        "simulate",
        "--compare",
        "mcr",
        "mcr",
        "--hands",
        "20",
        "--seed",
        "1",
        "--json",
    ]);
    let v: Value = serde_json::from_str(&out).expect("json");
    let rows = v["rows"].as_array().expect("rows");
    assert!(rows.iter().any(|r| r["statistic"] == "win_rate"));
    assert!(rows
        .iter()
        .any(|r| r["statistic"] == "win_total" && r["test"] == "welch-t"));
    for r in rows {
        assert_eq!(r["diff"], 0.0, "{r}");
        assert_eq!(r["significant"], false, "{r}");
    }
}

#[test]
fn compare_text_and_csv_name_every_statistic() {
    let text = ok(&[
        "simulate",
        "--compare",
        "mcr",
        "mcr-mil",
        "--hands",
        "12",
        "--seed",
        "2",
    ]);
    assert!(text.starts_with("A: mcr 1.0.0 · 12 hands"), "{text}");
    assert!(text.contains("B: mcr-mil"));
    assert!(text.contains("win_total") && text.contains("welch-t"));
    let csv = ok(&[
        "simulate",
        "--compare",
        "mcr",
        "mcr-mil",
        "--hands",
        "12",
        "--seed",
        "2",
        "--csv",
    ]);
    assert!(csv.starts_with("statistic,a,b,diff,test,test_statistic,df,p,significant\n"));
    assert!(csv.contains("\nwin_rate,"));
}
