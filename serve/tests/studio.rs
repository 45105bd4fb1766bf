//! The studio's routes (`/api/check`, `/api/doc`, `/api/simulate`, a built-in ruleset's files)
//! and inline rulesets (`{"files": {...}}`) wherever a ruleset is named, against a real server.
//! Expected answers come from the library at test time. Inline rulesets are untrusted: these
//! tests show one cannot read a file, run past its limits or hold the server.

mod common;

use common::*;
use mj_serve::Limits;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// A ruleset extending mcr with `extra` appended to its ruleset.toml and the script file given.
fn inline(extra: &str, script: Option<&str>) -> Value {
    let toml = format!("[ruleset]\nname = \"house\"\nextends = \"mcr\"\n{extra}");
    match script {
        Some(s) => json!({ "files": { "ruleset.toml": toml, "fans.rhai": s } }),
        None => json!({ "files": { "ruleset.toml": toml } }),
    }
}

/// The same files loaded by the library, as the server loads them.
fn load_inline(v: &Value) -> mj_dsl::Ruleset {
    let files: Vec<(String, String)> = v["files"]
        .as_object()
        .expect("files")
        .iter()
        .map(|(k, t)| (k.clone(), t.as_str().expect("text").to_string()))
        .collect();
    let borrowed: Vec<(&str, &str)> = files.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
    mj_dsl::load_from_memory("inline", &borrowed).expect("loads")
}

/// Fans whose scripts run away, each its own way (the sandbox's limits).
const RUNAWAY: &str = "fn spin(hand) { let x = 0; loop { x += 1; } }\n";

fn scripted_fan(id: &str, function: &str) -> String {
    format!(
        "\n[[fan]]\nid = \"{id}\"\nzh = \"{id}\"\nen = \"{id}\"\npoints = 1\ndefinition = \"A scripted fan.\"\nscript = \"{function}\"\n"
    )
}

fn with_script(fans: &str) -> String {
    format!("\n[[script]]\nfile = \"fans.rhai\"\n{fans}")
}

/// Half Flush at 8 points instead of mcr's 6: the diff's changed hands are exactly those that
/// count Half Flush (mcr, rulesets/mcr/ruleset.toml `hun_yi_se`).
const HALF_FLUSH_8: &str = "\n[[fan]]\nid = \"hun_yi_se\"\npoints = 8\n";

#[test]
fn check_locates_a_broken_line_with_its_help() {
    let s = Server::start(Limits::default());
    // Line 5 of ruleset.toml: a string without its closing quote.
    let broken = inline("[win]\nmin_points = \"eight\n", None);
    let (status, v) = s.post("/api/check", &json!({ "ruleset": broken }));
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["ok"], false, "{v}");
    let d = &v["diagnostics"][0];
    assert_eq!(d["file"], "ruleset.toml", "{v}");
    assert_eq!(d["line"], 5, "{v}");
    assert!(d["column"].as_u64().is_some_and(|c| c > 0), "{v}");
    assert_eq!(d["severity"], "error");
    // The library's own diagnostics for the same files, file label aside.
    let files = [(
        "ruleset.toml",
        broken["files"]["ruleset.toml"].as_str().expect("toml"),
    )];
    let lib = mj_dsl::load_from_memory("inline", &files).expect_err("broken");
    assert_eq!(v["diagnostics"].as_array().map(Vec::len), Some(lib.0.len()));
    assert_eq!(d["message"], lib.0[0].message.as_str());
    assert_eq!(d["help"], json!(lib.0[0].help));

    // Fixed, it loads: no diagnostics, and the summary of what it is.
    let (status, v) = s.post(
        "/api/check",
        &json!({ "ruleset": inline("[win]\nmin_points = 6\n", None) }),
    );
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["ok"], true, "{v}");
    assert_eq!(v["diagnostics"], json!([]));
    assert_eq!(v["ruleset"]["name"], "house");
    assert_eq!(v["ruleset"]["fans"], load("mcr").fans.len());

    // A name works too.
    let (status, v) = s.post("/api/check", &json!({ "ruleset": "riichi" }));
    assert_eq!((status, &v["ok"]), (200, &json!(true)), "{v}");
}

#[test]
fn doc_is_mj_doc_and_the_fan_table() {
    let s = Server::start(Limits::default());
    let (status, v) = s.post("/api/doc", &json!({ "ruleset": "mcr" }));
    assert_eq!(status, 200, "{v}");
    let mcr = load("mcr");
    assert_eq!(v["markdown"], mj_dsl::doc::markdown(&mcr).as_str());
    assert_eq!(
        v["fans"],
        serde_json::to_value(mj_dsl::report::fan_table(&mcr)).expect("json")
    );

    let house = inline(HALF_FLUSH_8, None);
    let (status, v) = s.post("/api/doc", &json!({ "ruleset": house }));
    assert_eq!(status, 200, "{v}");
    assert_eq!(
        v["markdown"],
        mj_dsl::doc::markdown(&load_inline(&house)).as_str()
    );
    let half_flush = v["fans"]
        .as_array()
        .and_then(|fans| fans.iter().find(|f| f["id"] == "hun_yi_se"))
        .expect("Half Flush in the table");
    assert_eq!(half_flush["points"], 8);

    // A ruleset that does not load is a 422 naming the file, not a page.
    let (status, v) = s.post(
        "/api/doc",
        &json!({ "ruleset": inline("[win]\nmin_points = \"x\"\n", None) }),
    );
    assert_eq!(status, 422, "{v}");
    assert!(error_of(&v).contains("ruleset.toml:5"), "{v}");
}

#[test]
fn inline_rulesets_score_wait_and_diff_wherever_a_name_is_taken() {
    let s = Server::start(Limits::default());
    let house = inline(HALF_FLUSH_8, None);
    let rs = load_inline(&house);
    // 123 456 789m, a pung of east, a pair of 5m: Half Flush among others.
    let hand = "123456789m5mEEE5m self";
    let (status, v) = s.post("/api/score", &json!({ "ruleset": house, "hand": hand }));
    assert_eq!(status, 200, "{v}");
    assert_eq!(
        v,
        serde_json::to_value(mj_dsl::score_text(&rs, hand).expect("a win")).expect("json")
    );
    let (status, v) = s.post(
        "/api/waits",
        &json!({ "ruleset": house, "hand": "123456789m5mEEE" }),
    );
    assert_eq!(status, 200, "{v}");
    assert_eq!(
        v,
        serde_json::to_value(mj_dsl::waits_text(&rs, "123456789m5mEEE").expect("waits")).expect("json")
    );

    // The parent's snapshot corpus plus a pasted hand, as the studio's diff asks.
    let (status, v) = s.post(
        "/api/diff",
        &json!({ "a": "mcr", "b": house, "hands": ["123456789m5mEEE5m"], "snapshots": true }),
    );
    assert_eq!(status, 200, "{v}");
    let mut cases = vec![mj_dsl::diff::Case {
        comment: String::new(),
        hand: "123456789m5mEEE5m".into(),
        origin: "hands[0]".into(),
    }];
    cases.extend(mj_dsl::diff::default_cases(&load("mcr")).expect("mcr corpus"));
    let expected = mj_dsl::diff::compare(&load("mcr"), &rs, &cases);
    assert_eq!(v, serde_json::to_value(&expected).expect("json"));
    // Exactly the hands that count Half Flush changed, each by 2 points per Half Flush.
    let changes = v["changes"].as_array().expect("changes");
    assert!(!changes.is_empty());
    let mcr = load("mcr");
    let counting = cases
        .iter()
        .filter(|c| {
            mj_dsl::score_text(&mcr, &c.hand).is_ok_and(|r| r.fans.iter().any(|f| f.id == "hun_yi_se"))
        })
        .count();
    assert_eq!(changes.len(), counting, "{v}");
    assert_eq!(v["fans"].as_array().map(Vec::len), Some(1), "{v}");
    assert_eq!(v["fans"][0]["id"], "hun_yi_se");
    assert_eq!(changes[0]["origin"], "hands[0]");
}

#[test]
fn a_built_in_rulesets_files_seed_the_editor() {
    let s = Server::start(Limits::default());
    let (status, v) = s.get("/api/rulesets/kawuxing/files");
    assert_eq!(status, 200, "{v}");
    let expected = mj_dsl::load::builtin_files("kawuxing").expect("built in");
    assert_eq!(v["files"].as_object().map(|m| m.len()), Some(expected.len()));
    for (name, text) in expected {
        assert_eq!(v["files"][*name], *text, "{name}");
    }
    expect_error(
        s.get("/api/rulesets/nope/files"),
        404,
        "no built-in ruleset `nope`",
    );
}

#[test]
fn simulate_reports_both_sides_and_their_comparison() {
    let s = Server::start(Limits::default());
    let house = inline(HALF_FLUSH_8, None);
    let (status, v) = s.post(
        "/api/simulate",
        &json!({ "ruleset": "mcr", "compare": house, "hands": 24, "seed": 5 }),
    );
    assert_eq!(status, 200, "{v}");
    // What `mj simulate --compare mcr house --hands 24 --seed 5 --json` computes.
    let (ta, tb) = (
        mj_dsl::table::Table::new(load("mcr")).expect("playable"),
        mj_dsl::table::Table::new(load_inline(&house)).expect("playable"),
    );
    let bot = mj_sim::Bot::Greedy;
    let (ea, eb) = (
        mj_sim::experiment::experiment(&ta, bot, 5, 24),
        mj_sim::experiment::experiment(&tb, bot, 5, 24),
    );
    let pa = mj_sim::experiment::run(&ta, &ea, mj_sim::Shard::WHOLE, 1, &|_| {}).expect("runs");
    let pb = mj_sim::experiment::run(&tb, &eb, mj_sim::Shard::WHOLE, 1, &|_| {}).expect("runs");
    use mj_sim::report::{compare, report_json};
    same(&v["a"], &report_json(&ea, &pa), "a");
    same(&v["b"], &report_json(&eb, &pb), "b");
    same(
        &v["rows"],
        &serde_json::to_value(compare(&pa, &pb)).expect("json"),
        "rows",
    );
    assert_eq!(v["a"]["figures"]["hands"], 24, "{v}");

    // One side alone.
    let (status, v) = s.post("/api/simulate", &json!({ "ruleset": "mcr", "hands": 4 }));
    assert_eq!(status, 200, "{v}");
    assert!(v.get("b").is_none() && v.get("rows").is_none(), "{v}");
}

/// Equal JSON, numbers to within a few ulps: the test's JSON reader (serde_json without its
/// exact float option) may read the server's shortest-form numbers one ulp off.
fn same(got: &Value, want: &Value, at: &str) {
    match (got, want) {
        (Value::Number(x), Value::Number(y)) => {
            let (x, y) = (x.as_f64().unwrap_or(f64::NAN), y.as_f64().unwrap_or(f64::NAN));
            assert!(
                (x - y).abs() <= 1e-12 * x.abs().max(y.abs()).max(1.0),
                "{at}: {x} != {y}"
            );
        }
        (Value::Array(x), Value::Array(y)) => {
            assert_eq!(x.len(), y.len(), "{at}");
            for (i, (a, b)) in x.iter().zip(y).enumerate() {
                same(a, b, &format!("{at}[{i}]"));
            }
        }
        (Value::Object(x), Value::Object(y)) => {
            assert_eq!(x.keys().collect::<Vec<_>>(), y.keys().collect::<Vec<_>>(), "{at}");
            for (k, a) in x {
                same(a, &y[k], &format!("{at}.{k}"));
            }
        }
        _ => assert_eq!(got, want, "{at}"),
    }
}

#[test]
fn simulate_is_capped() {
    let s = Server::start(Limits {
        max_sim_hands: 10,
        ..Limits::default()
    });
    expect_error(
        s.post("/api/simulate", &json!({ "ruleset": "mcr", "hands": 11 })),
        413,
        "one request simulates 1 to 10",
    );
    expect_error(
        s.post(
            "/api/simulate",
            &json!({ "ruleset": "mcr", "hands": 2, "bot": "clever" }),
        ),
        400,
        "not a bot",
    );
}

/// An inline ruleset reaches no file: a path as a file name is refused, and a script or base
/// named by a path is looked for among the request's files and the built-in rulesets only.
#[test]
fn an_inline_ruleset_cannot_read_a_file() {
    let s = Server::start(Limits::default());
    let evil_name = json!({ "files": { "ruleset.toml": "[ruleset]\nname = \"x\"\nextends = \"mcr\"\n", "../../etc/passwd": "" } });
    expect_error(
        s.post("/api/check", &json!({ "ruleset": evil_name })),
        400,
        "is not allowed",
    );
    let cases = [
        format!(
            "[ruleset]\nname = \"x\"\nextends = \"mcr\"\n[[script]]\nfile = \"../../../../etc/passwd\"\n{}",
            scripted_fan("f", "f")
        ),
        "[ruleset]\nname = \"x\"\nextends = \"../../../../etc/passwd\"\n".to_string(),
        "[ruleset]\nname = \"x\"\nextends = \"/etc\"\n".to_string(),
        format!(
            "[ruleset]\nname = \"x\"\nextends = \"{}\"\n",
            concat!(env!("CARGO_MANIFEST_DIR"), "/../rulesets/mcr")
        ),
    ];
    for toml in cases {
        let (status, v) = s.post(
            "/api/check",
            &json!({ "ruleset": { "files": { "ruleset.toml": toml } } }),
        );
        assert_eq!(status, 200, "{v}");
        assert_eq!(v["ok"], false, "{toml} loaded: {v}");
        let text = v.to_string();
        assert!(!text.contains("root:"), "passwd leaked: {text}");
    }
}

/// A runaway script is reported by `check` at once, as an error at its function's line, while
/// other requests are answered; run many at once and the probe's budget still answers.
#[test]
fn a_runaway_script_is_reported_at_once_while_others_are_served() {
    let s = std::sync::Arc::new(Server::start(Limits::default()));
    let one = inline(&with_script(&scripted_fan("spin", "spin")), Some(RUNAWAY));
    let checker = {
        let s = std::sync::Arc::clone(&s);
        std::thread::spawn(move || {
            let started = Instant::now();
            let answer = s.post("/api/check", &json!({ "ruleset": one }));
            (answer, started.elapsed())
        })
    };
    // A cheap request sent meanwhile is answered (the runaway holds one blocking thread only).
    let (status, v) = s.post(
        "/api/score",
        &json!({ "ruleset": "mcr", "hand": "123m456p789s11pEEE" }),
    );
    assert_eq!(status, 200, "{v}");
    let ((status, v), took) = checker.join().expect("checker");
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["ok"], false, "{v}");
    let d = &v["diagnostics"][0];
    assert_eq!((&d["file"], &d["line"]), (&json!("fans.rhai"), &json!(1)), "{v}");
    // Stopped by its operation limit, or by the probe's time budget on a slow machine.
    assert!(
        d["message"]
            .as_str()
            .is_some_and(|m| m.contains("spin") && m.contains("was stopped")),
        "{v}"
    );
    // Generous, for a loaded debug build; the note measures the real figure.
    assert!(took < Duration::from_secs(5), "took {took:?}");

    // Forty runaway functions: each runs to its limit once at most, then the budget stops the
    // probe and says so.
    let script: String = (0..40)
        .map(|i| format!("fn spin{i}(hand) {{ let x = 0; loop {{ x += 1; }} }}\n"))
        .collect();
    let fans: String = (0..40)
        .map(|i| scripted_fan(&format!("s{i}"), &format!("spin{i}")))
        .collect();
    let many = inline(&with_script(&fans), Some(&script));
    let started = Instant::now();
    let (status, v) = s.post("/api/check", &json!({ "ruleset": many }));
    let took = started.elapsed();
    assert_eq!(status, 200, "{v}");
    let diags = v["diagnostics"].as_array().expect("diagnostics");
    let errors = diags.iter().filter(|d| d["severity"] == "error").count();
    let stopped = diags.iter().any(|d| d["severity"] == "warning");
    assert!(errors >= 1 && (errors == 40 || stopped), "{v}");
    assert!(took < Duration::from_secs(5), "took {took:?}");
}

/// Scoring under a runaway script is an error naming the limit; a diff that would run it on
/// every hand of the corpus is abandoned at the time limit and its script stopped, so the only
/// place for work is free again for the next request.
#[test]
fn a_runaway_script_cannot_hold_the_server() {
    let s = Server::start(Limits {
        timeout: Duration::from_secs(1),
        max_in_flight: 1,
        ..Limits::default()
    });
    let spin = inline(&with_script(&scripted_fan("spin", "spin")), Some(RUNAWAY));
    let (status, v) = s.post(
        "/api/score",
        &json!({ "ruleset": spin, "hand": "123m456m789m123p55s" }),
    );
    assert_eq!(status, 422, "{v}");
    assert!(error_of(&v).contains("stopped after"), "{v}");
    // Long scripts: each stays under the operation limit but the corpus makes it many seconds.
    let slow = "fn spin(hand) { let x = 0; while x < 150000 { x += 1; } 0 }\n";
    let slow = inline(&with_script(&scripted_fan("spin", "spin")), Some(slow));
    let (status, v) = s.post("/api/diff", &json!({ "a": "mcr", "b": slow }));
    assert_eq!(status, 503, "{v}");
    let (status, v) = s.post(
        "/api/score",
        &json!({ "ruleset": "mcr", "hand": "123m456p789s11pEEE" }),
    );
    assert_eq!(status, 200, "the abandoned diff still holds the only place: {v}");
}

#[test]
fn serves_the_studio_page() {
    let s = Server::start(Limits::default());
    let (status, html) = s.request("GET", "/studio", b"");
    assert_eq!(status, 200);
    assert!(html.contains("<script src=\"/studio.js\">"), "{html}");
    let (status, js) = s.request("GET", "/studio.js", b"");
    assert_eq!(status, 200);
    for route in ["/api/check", "/api/doc", "/api/diff", "/api/simulate", "/files"] {
        assert!(js.contains(route), "studio.js does not call {route}");
    }
    let (status, css) = s.request("GET", "/studio.css", b"");
    assert_eq!(status, 200);
    assert!(css.contains(".editor"));
}
