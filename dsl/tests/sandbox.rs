//! The rhai sandbox against hostile scripts: each runaway (endless loop, endless recursion, a
//! string or array that keeps growing, a call to a function nobody registered) must stop with a
//! diagnostic that names the function and the limit, within bounded time and memory, and leave
//! the process able to load and score normally. Scripts that try to reach outside (`eval`,
//! `import`) must not load at all.
//!
//! Memory is measured with a counting global allocator: the peak of live heap bytes while one
//! case runs, minus what was live before it. The cases run one after another in one test so that
//! other tests' allocations do not blur the figure.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc(layout);
        if !p.is_null() {
            let now = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout);
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

/// Cases measure memory one at a time, whatever the test harness runs in parallel.
static SERIAL: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// A hand every mcr reading of which reaches the scripted fan (it has no `when`).
const HAND: &str = "123m456m789m123p55s";
/// The README's hand, scored after every attack to show the process is unharmed.
const NEXT: &str = "[WWWW,1][444s]45m678pFF6m self seat=S round=W flowers=2";

/// Time and extra heap any one hostile script may take.
const MAX_TIME: Duration = Duration::from_secs(2);
const MAX_HEAP: usize = 8 << 20;

fn ruleset_with(script: &str, function: &str) -> Result<mj_dsl::Ruleset, mj_dsl::Diagnostics> {
    let toml = format!(
        r#"[ruleset]
name = "hostile"
extends = "mcr"

[[script]]
file = "evil.rhai"

[[fan]]
id = "evil"
zh = "恶"
en = "Evil"
points = 1
definition = "A hostile script."
script = "{function}"
"#
    );
    mj_dsl::load_from_memory("hostile", &[("ruleset.toml", &toml), ("evil.rhai", script)])
}

/// Loads `script`, scores a hand under it and returns the error, checking time and memory.
fn run_hostile(case: &str, script: &str, function: &str) -> String {
    let _one_at_a_time = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let rs = ruleset_with(script, function).unwrap_or_else(|d| panic!("{case} should load:\n{d}"));
    let before = LIVE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let start = Instant::now();
    let result = mj_dsl::score_text(&rs, HAND);
    let took = start.elapsed();
    let extra = PEAK.load(Ordering::Relaxed).saturating_sub(before);
    let err = match result {
        Ok(r) => panic!("{case}: scored without error: {r:?}"),
        Err(e) => e,
    };
    eprintln!("{case}: {took:?}, {} KiB extra heap: {err}", extra >> 10);
    assert!(took < MAX_TIME, "{case}: took {took:?}");
    assert!(extra < MAX_HEAP, "{case}: used {extra} bytes of heap");
    assert!(
        err.contains(function),
        "{case}: the message does not name `{function}`: {err}"
    );
    assert!(
        err.contains("evil.rhai"),
        "{case}: the message does not name the file: {err}"
    );
    err
}

fn score_json(rs: &mj_dsl::Ruleset, hand: &str) -> serde_json::Value {
    serde_json::to_value(mj_dsl::score_text(rs, hand).expect("scores")).unwrap()
}

#[test]
fn hostile_scripts_stop_with_clear_errors_and_leave_the_process_sound() {
    let expected = score_json(&mj_dsl::load("mcr").unwrap(), NEXT);
    assert!(expected["total"].as_i64().unwrap() >= 8, "{expected}");

    let cases: [(&str, &str, &str, &str); 7] = [
        (
            "endless loop",
            "fn spin(hand) { let n = 0; loop { n += 1; } n }",
            "spin",
            "operations",
        ),
        (
            "endless while over the hand",
            "fn spin(hand) { let n = 0; while hand.tiles.len() > 0 { n += 1; } n }",
            "spin",
            "operations",
        ),
        (
            "endless recursion",
            "fn deep(hand) { deep(hand) + 1 }",
            "deep",
            "nested deeper than",
        ),
        (
            "string that doubles",
            r#"fn grow(hand) { let s = "mahjong"; loop { s += s; } s.len() }"#,
            "grow",
            "grew past",
        ),
        (
            "array that grows",
            "fn hoard(hand) { let a = []; loop { a.push(hand.tiles); } a.len() }",
            "hoard",
            "grew past",
        ),
        (
            "one huge padding",
            "fn pad(hand) { let a = []; a.pad(1_000_000_000, 0); a.len() }",
            "pad",
            "grew past",
        ),
        (
            "an unregistered function",
            "fn reach(hand) { open_file(\"/etc/passwd\") }",
            "reach",
            "open_file",
        ),
    ];
    for (case, script, function, says) in cases {
        let err = run_hostile(case, script, function);
        assert!(err.contains(says), "{case}: expected `{says}` in: {err}");
        // The process is unharmed: a fresh load of mcr scores the next hand exactly as before.
        let mcr = mj_dsl::load("mcr").unwrap();
        assert_eq!(score_json(&mcr, NEXT), expected, "after {case}");
    }
}

#[test]
fn strings_and_arrays_nested_inside_each_other_are_bounded_too() {
    // Each array item is a maximal string: the sandbox must count the total, not only the
    // outermost length.
    for (case, script) in [
        (
            "array of long strings",
            r#"fn nest(hand) {
                let s = "x";
                while s.len() < 2000 { s += s; }
                let a = [];
                loop { a.push([s, s, s, s]); }
                a.len()
            }"#,
        ),
        (
            "array of padded arrays",
            r#"fn nest(hand) {
                let s = "x";
                while s.len() < 2000 { s += s; }
                let row = [];
                row.pad(1000, s);
                let a = [];
                loop { a.push(row); }
                a.len()
            }"#,
        ),
        (
            "map that gains keys by index",
            r#"fn nest(hand) {
                let m = #{};
                let i = 0;
                loop { m[`k${i}`] = i; i += 1; }
                i
            }"#,
        ),
        (
            "map inside a map that gains keys by property",
            r#"fn nest(hand) {
                let m = #{ inner: #{} };
                let i = 0;
                loop { m.inner[`k${i}`] = hand.tiles; i += 1; }
                i
            }"#,
        ),
        (
            "map of arrays",
            r#"fn nest(hand) {
                let row = [];
                row.pad(1000, 0);
                let m = #{};
                let i = 0;
                loop { m[`k${i}`] = row; i += 1; }
                i
            }"#,
        ),
    ] {
        let err = run_hostile(case, script, "nest");
        assert!(
            err.contains("grew past") || err.contains("operations"),
            "{case}: {err}"
        );
    }
}

#[test]
fn eval_and_import_are_refused_when_the_ruleset_loads() {
    for (case, script) in [
        ("eval", r#"fn sneaky(hand) { eval("40 + 2") }"#),
        ("import", r#"import "os" as os; fn sneaky(hand) { 1 }"#),
        (
            "import in a function",
            r#"fn sneaky(hand) { import "os" as os; 1 }"#,
        ),
    ] {
        let d = match ruleset_with(script, "sneaky") {
            Ok(_) => panic!("a script using {case} loaded"),
            Err(d) => d.to_string(),
        };
        eprintln!("{case}: {d}");
        assert!(d.contains("evil.rhai"), "{case}: no file named: {d}");
        assert!(
            d.contains(if case == "eval" { "eval" } else { "import" }),
            "{case}: the message does not say what is refused: {d}"
        );
    }
}

/// `mj check`'s probe runs a script that hit a limit once, not again on every probe hand and
/// reading: probing a runaway script costs about one run to the operation limit (it cost one per
/// hand and reading before, over 64 of them, seconds in a debug build). A ratio of times, with
/// a wide margin, so that a loaded machine does not fail it.
#[test]
fn the_probe_runs_a_runaway_script_to_its_limit_once() {
    let _one_at_a_time = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let rs = ruleset_with("fn spin(hand) { let n = 0; loop { n += 1; } n }", "spin").expect("loads");
    let one_run = (0..3)
        .map(|_| {
            let start = Instant::now();
            assert!(mj_dsl::score_text(&rs, HAND).is_err());
            start.elapsed()
        })
        .max()
        .unwrap_or_default();
    let start = Instant::now();
    let problems = mj_dsl::probe::probe_scripts(&rs);
    let probe = start.elapsed();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].message.contains("stopped after"), "{problems:?}");
    assert_eq!((problems[0].file.as_str(), problems[0].line), ("evil.rhai", 1));
    assert!(
        probe < one_run * 16,
        "the probe took {probe:?}, one run to the limit {one_run:?}"
    );
}
