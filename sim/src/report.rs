//! The reports of an experiment and of a comparison, rendered as text (a table for people), CSV
//! and JSON (`mj-simulate`, `mj-simulate-compare`). They are returned as strings: where they go
//! (a terminal, a file, an HTTP answer) is the front end's business.

use crate::experiment::Experiment;
use crate::figures::{Bucket, FanRate, Figures, Moments, Rate};
use crate::partial::Partial;
use crate::partial_file::VERSION;
use crate::significance::{two_proportion_z, welch_t, Test};
use serde::Serialize;
use std::fmt::Write as _;

/// `format` of a JSON report.
pub const REPORT_FORMAT: &str = "mj-simulate";

/// Output form of a report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Text,
    Json,
    Csv,
}

/// Terminal columns of `s`: East Asian wide characters (fan names) take two.
fn columns(s: &str) -> usize {
    s.chars()
        .map(|c| match c as u32 {
            0x1100..=0x115F
            | 0x2E80..=0x303E
            | 0x3041..=0x33FF
            | 0x3400..=0x4DBF
            | 0x4E00..=0x9FFF
            | 0xA000..=0xA4CF
            | 0xAC00..=0xD7A3
            | 0xF900..=0xFAFF
            | 0xFE30..=0xFE4F
            | 0xFF00..=0xFF60
            | 0xFFE0..=0xFFE6
            | 0x20000..=0x3FFFD => 2,
            _ => 1,
        })
        .sum()
}

/// `s` padded with spaces to `width` terminal columns.
fn pad(s: &str, width: usize) -> String {
    format!("{s}{}", " ".repeat(width.saturating_sub(columns(s))))
}

/// A p-value to three significant digits, in scientific form below 0.001.
fn fmt_p(p: f64) -> String {
    if p >= 0.001 {
        format!("{p:.3}")
    } else {
        format!("{p:.2e}")
    }
}

fn pct(x: f64) -> String {
    format!("{:.2}%", 100.0 * x)
}

fn ci(r: &Rate) -> String {
    format!("{:.2}–{:.2}%", 100.0 * r.ci95[0], 100.0 * r.ci95[1])
}

fn bucket_label(b: &Bucket) -> String {
    match b.lo {
        None => format!("< {}", b.hi),
        Some(lo) if b.hi - 1 == lo => lo.to_string(),
        Some(lo) => format!("{lo}–{}", b.hi - 1),
    }
}

fn rates(f: &Figures) -> Vec<(&'static str, &'static str, Rate)> {
    vec![
        ("win_rate", "hands won", f.win_rate),
        ("exhaustive_draw_rate", "exhaustive draws", f.exhaustive_draw_rate),
        ("self_drawn_share", "self-drawn, of wins", f.self_drawn_share),
        ("robbed_kong_share", "robbed kong, of wins", f.robbed_kong_share),
        ("dealer_win_rate", "dealer won, of hands", f.dealer_win_rate),
        (
            "non_dealer_win_rate",
            "non-dealer won, of seat-hands",
            f.non_dealer_win_rate,
        ),
        (
            "dealer_deal_in_rate",
            "dealer dealt in, of hands",
            f.dealer_deal_in_rate,
        ),
        (
            "non_dealer_deal_in_rate",
            "non-dealer dealt in, of seat-hands",
            f.non_dealer_deal_in_rate,
        ),
    ]
}

fn means(f: &Figures) -> Vec<(&'static str, &'static str, Moments)> {
    vec![
        ("wins_per_hand", "wins per hand (average)", f.wins_per_hand),
        ("win_total", "winning total", f.win_total),
        ("dealer_net", "dealer net, per hand", f.dealer_net),
        (
            "non_dealer_net",
            "non-dealer net, per seat-hand",
            f.non_dealer_net,
        ),
        ("draws_per_hand", "draws per hand", f.draws_per_hand),
        ("turns_per_hand", "turns (discards) per hand", f.turns_per_hand),
        ("claims_per_hand", "claims per hand", f.claims_per_hand),
    ]
}

fn header(e: &Experiment) -> String {
    format!(
        "{} {} · {} hands · seed {} · {} bots",
        e.ruleset,
        e.ruleset_version,
        e.hands,
        e.seed,
        e.bot.name()
    )
}

/// The `mj-simulate` JSON report of one experiment as a value, for a front end that embeds it
/// in an answer of its own (the server's balance run) without printing and re-reading it.
pub fn report_json(e: &Experiment, p: &Partial) -> serde_json::Value {
    serde_json::json!({
        "format": REPORT_FORMAT,
        "version": VERSION,
        "experiment": e,
        "figures": Figures::of(p),
    })
}

/// The report of one experiment, in the chosen form.
pub fn report(e: &Experiment, p: &Partial, format: Format) -> String {
    match format {
        Format::Json => format!("{}\n", report_json(e, p)),
        Format::Csv => report_csv(&Figures::of(p)),
        Format::Text => report_text(e, &Figures::of(p)),
    }
}

fn report_text(e: &Experiment, f: &Figures) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "{}", header(e));
    let _ = writeln!(s);
    let _ = writeln!(s, "{:<36} {:>9} {:>9} {:>8}  95% CI", "", "count", "of", "rate");
    for (_, label, r) in rates(f) {
        let _ = writeln!(
            s,
            "{label:<36} {:>9} {:>9} {:>8}  {}",
            r.count,
            r.of,
            pct(r.rate),
            ci(&r)
        );
    }
    let _ = writeln!(s);
    let _ = writeln!(s, "{:<36} {:>9} {:>9}", "", "mean", "sd");
    for (_, label, m) in means(f) {
        let _ = writeln!(s, "{label:<36} {:>9.3} {:>9.3}", m.mean, m.sd);
    }
    let _ = writeln!(
        s,
        "{:<36} chi {:.3} · pong {:.3} · kongs (all kinds) {:.3}",
        "  of which, per hand", f.chi_per_hand, f.pong_per_hand, f.kongs_per_hand
    );
    let _ = writeln!(s);
    let _ = writeln!(s, "winning totals ({} wins)", f.wins);
    let peak = f.win_total_histogram.iter().map(|b| b.count).max().unwrap_or(0);
    for b in &f.win_total_histogram {
        let share = if f.wins == 0 {
            0.0
        } else {
            b.count as f64 / f.wins as f64
        };
        let bar = if peak == 0 {
            0
        } else {
            (b.count * 40).div_ceil(peak) as usize
        };
        let _ = writeln!(
            s,
            "  {:<12} {:>9} {:>8}  {}",
            bucket_label(b),
            b.count,
            pct(share),
            "█".repeat(bar)
        );
    }
    let _ = writeln!(s);
    let _ = writeln!(
        s,
        "{:<36} {:>9} {:>9} {:>8}  95% CI",
        "fans, share of wins", "wins", "of", "rate"
    );
    for FanRate { fan: name, rate: r } in &f.fans {
        let _ = writeln!(
            s,
            "  {} {:>9} {:>9} {:>8}  {}",
            pad(name, 34),
            r.count,
            r.of,
            pct(r.rate),
            ci(r)
        );
    }
    s
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

fn report_csv(f: &Figures) -> String {
    let mut s = String::from("statistic,count,of,value,sd,ci95_low,ci95_high\n");
    let _ = writeln!(s, "hands,{},,,,,", f.hands);
    let _ = writeln!(s, "wins,{},,,,,", f.wins);
    for (key, _, r) in rates(f) {
        let _ = writeln!(
            s,
            "{key},{},{},{},,{},{}",
            r.count, r.of, r.rate, r.ci95[0], r.ci95[1]
        );
    }
    for (key, _, m) in means(f) {
        let _ = writeln!(s, "{key},,{},{},{},,", m.n, m.mean, m.sd);
    }
    let _ = writeln!(s, "chi_per_hand,,,{},,,", f.chi_per_hand);
    let _ = writeln!(s, "pong_per_hand,,,{},,,", f.pong_per_hand);
    let _ = writeln!(s, "kongs_per_hand,,,{},,,", f.kongs_per_hand);
    for b in &f.win_total_histogram {
        let _ = writeln!(
            s,
            "{},{},{},,,,",
            csv_field(&format!("win_total {}", bucket_label(b))),
            b.count,
            f.wins
        );
    }
    for FanRate { fan: name, rate: r } in &f.fans {
        let _ = writeln!(
            s,
            "{},{},{},{},,{},{}",
            csv_field(&format!("fan {name}")),
            r.count,
            r.of,
            r.rate,
            r.ci95[0],
            r.ci95[1]
        );
    }
    s
}

// ---- comparison ---------------------------------------------------------------------------

/// One compared statistic: both values, B − A, and the test of the difference.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Row {
    pub statistic: String,
    pub a: f64,
    pub b: f64,
    pub diff: f64,
    #[serde(flatten)]
    pub test: Test,
    pub significant: bool,
}

/// Compares two experiments on the same hand seeds: rates and fan frequencies by the
/// two-proportion z-test, means by Welch's t-test; `significant` when p < 0.05.
pub fn compare(a: &Partial, b: &Partial) -> Vec<Row> {
    let (fa, fb) = (Figures::of(a), Figures::of(b));
    let mut rows = Vec::new();
    let mut push = |statistic: String, x: f64, y: f64, test: Test| {
        rows.push(Row {
            statistic,
            a: x,
            b: y,
            diff: y - x,
            test,
            significant: test.p < 0.05,
        })
    };
    for ((key, _, ra), (_, _, rb)) in rates(&fa).into_iter().zip(rates(&fb)) {
        push(
            key.into(),
            ra.rate,
            rb.rate,
            two_proportion_z(ra.count, ra.of, rb.count, rb.of),
        );
    }
    for ((key, _, ma), (_, _, mb)) in means(&fa).into_iter().zip(means(&fb)) {
        push(key.into(), ma.mean, mb.mean, welch_t(&ma, &mb));
    }
    let mut names: Vec<&String> = a.fans.keys().chain(b.fans.keys()).collect();
    names.sort();
    names.dedup();
    for n in names {
        let (ka, kb) = (
            a.fans.get(n).copied().unwrap_or(0),
            b.fans.get(n).copied().unwrap_or(0),
        );
        let (x, y) = (
            if a.wins == 0 {
                0.0
            } else {
                ka as f64 / a.wins as f64
            },
            if b.wins == 0 {
                0.0
            } else {
                kb as f64 / b.wins as f64
            },
        );
        push(format!("fan {n}"), x, y, two_proportion_z(ka, a.wins, kb, b.wins));
    }
    rows
}

/// The comparison report in the chosen form.
pub fn compare_report(ea: &Experiment, eb: &Experiment, rows: &[Row], format: Format) -> String {
    match format {
        Format::Json => {
            let v = serde_json::json!({
                "format": "mj-simulate-compare",
                "version": VERSION,
                "a": ea,
                "b": eb,
                "rows": rows,
            });
            format!("{v}\n")
        }
        Format::Csv => {
            let mut s = String::from("statistic,a,b,diff,test,test_statistic,df,p,significant\n");
            for r in rows {
                let _ = writeln!(
                    s,
                    "{},{},{},{},{},{},{},{},{}",
                    csv_field(&r.statistic),
                    r.a,
                    r.b,
                    r.diff,
                    r.test.test,
                    r.test.statistic,
                    r.test.df.map(|d| d.to_string()).unwrap_or_default(),
                    r.test.p,
                    r.significant
                );
            }
            s
        }
        Format::Text => {
            let mut s = String::new();
            let _ = writeln!(s, "A: {}", header(ea));
            let _ = writeln!(s, "B: {}", header(eb));
            let _ = writeln!(s, "(same hand seeds; * marks p < 0.05)");
            let _ = writeln!(s);
            let _ = writeln!(
                s,
                "{:<36} {:>10} {:>10} {:>10}  {:<8} {:>8} {:>9}",
                "statistic", "A", "B", "B − A", "test", "stat", "p"
            );
            for r in rows {
                let is_rate = r.test.test == "z";
                let show = |x: f64| {
                    if is_rate {
                        pct(x)
                    } else {
                        format!("{x:.3}")
                    }
                };
                let diff = if is_rate {
                    format!("{:+.2}pp", 100.0 * r.diff)
                } else {
                    format!("{:+.3}", r.diff)
                };
                let _ = writeln!(
                    s,
                    "{} {:>10} {:>10} {:>10}  {:<8} {:>8.3} {:>9} {}",
                    pad(&r.statistic, 36),
                    show(r.a),
                    show(r.b),
                    diff,
                    r.test.test,
                    r.test.statistic,
                    fmt_p(r.test.p),
                    if r.significant { "*" } else { "" }
                );
            }
            s
        }
    }
}
