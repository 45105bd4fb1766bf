//! `mj simulate` and `mj merge`: many bot hands under a ruleset, summarised by [`crate::stats`].
//!
//! Hand `k` of an experiment is fully fixed by the master seed and `k` (its wall seed, dealer and
//! prevalent wind), and every hand is played by fresh bots, so the statistics do not depend on
//! how the hands are split over threads or shards: each worker fills its own integer-exact
//! [`Partial`] and merging them is exact.

use crate::stats::{two_proportion_z, welch_t, Bucket, FanRate, Figures, Moments, Partial, Rate, Test};
use indicatif::{ProgressBar, ProgressStyle};
use mj_core::game::{play_hand, GreedyBot, Player, RandomBot, Record, Rules};
use mj_core::Wind;
use mj_dsl::table::Table;
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};

/// `format` of a partial-result file.
pub const PARTIAL_FORMAT: &str = "mj-simulate-partial";
/// `format` of a JSON report.
pub const REPORT_FORMAT: &str = "mj-simulate";
pub const VERSION: u32 = 1;

/// The bots that play every seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Bot {
    Greedy,
    Random,
}

impl Bot {
    fn name(self) -> &'static str {
        match self {
            Bot::Greedy => "greedy",
            Bot::Random => "random",
        }
    }
}

/// Output form of a report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Text,
    Json,
    Csv,
}

/// One of `count` disjoint slices of an experiment: the hands `k` with `k % count == index`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

impl Shard {
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Parses `i/n` (0 ≤ i < n).
    pub fn parse(s: &str) -> Result<Shard, String> {
        let bad = || format!("--shard {s}: expected i/n with 0 <= i < n, e.g. 0/8");
        let (i, n) = s.split_once('/').ok_or_else(bad)?;
        let index: u64 = i.trim().parse().map_err(|_| bad())?;
        let count: u64 = n.trim().parse().map_err(|_| bad())?;
        if count == 0 || index >= count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }

    /// How many of the hands `0..hands` belong to this shard.
    pub fn len(self, hands: u64) -> u64 {
        if hands <= self.index {
            0
        } else {
            (hands - self.index - 1) / self.count + 1
        }
    }
}

/// What fixes an experiment's results: the ruleset (name and version), bots, seed and size.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Experiment {
    pub ruleset: String,
    pub ruleset_version: String,
    pub players: usize,
    pub bot: Bot,
    pub seed: u64,
    pub hands: u64,
}

/// A partial result on disk: the experiment, which shard, and its statistics.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PartialFile {
    pub format: String,
    pub version: u32,
    #[serde(flatten)]
    pub experiment: Experiment,
    pub shard: Shard,
    pub stats: Partial,
}

fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The wall seed of hand `k`: the SplitMix64 output for state `seed ^ k` (one golden-ratio step
/// ahead), so neighbouring hands and neighbouring master seeds get unrelated walls.
pub fn hand_seed(seed: u64, k: u64) -> u64 {
    mix((seed ^ k).wrapping_add(0x9E37_79B9_7F4A_7C15))
}

/// Dealer and prevalent wind of hand `k`: the deal passes every hand, the wind every full turn.
pub fn seating(k: u64, players: usize) -> (usize, Wind) {
    let n = players.max(1) as u64;
    let dealer = (k % n) as usize;
    let round = Wind::from_index(((k / n) % 4) as u8).unwrap_or_default();
    (dealer, round)
}

pub fn table(rules: &str) -> Result<Table, String> {
    let rs = mj_dsl::load(rules).map_err(|d| d.to_string())?;
    Table::new(rs)
}

fn bots(bot: Bot, n: usize, hand_seed: u64) -> Vec<Box<dyn Player>> {
    (0..n)
        .map(|s| match bot {
            Bot::Greedy => Box::new(GreedyBot::new()) as Box<dyn Player>,
            Bot::Random => Box::new(RandomBot::new(mix(hand_seed ^ (s as u64 + 1)))) as Box<dyn Player>,
        })
        .collect()
}

/// Plays hand `k` of an experiment.
pub fn play(t: &Table, bot: Bot, seed: u64, k: u64) -> Result<Record, String> {
    let n = t.table().player_count();
    let hs = hand_seed(seed, k);
    let (dealer, round) = seating(k, n);
    let mut players = bots(bot, n, hs);
    play_hand(t, &mut players, hs, dealer, round).map_err(|e| format!("hand {k} (wall seed {hs}): {e}"))
}

/// The experiment `rules` defines with these settings.
pub fn experiment(t: &Table, bot: Bot, seed: u64, hands: u64) -> Experiment {
    Experiment {
        ruleset: t.table().ruleset.clone(),
        ruleset_version: t.table().ruleset_version.clone(),
        players: t.table().player_count(),
        bot,
        seed,
        hands,
    }
}

/// Plays the shard's hands on `threads` threads and merges their partials. Worker `w` takes the
/// shard's hands at positions `w, w + threads, ...`; the merge is exact, so the split is
/// invisible in the result. An error names the lowest failing hand.
pub fn run(
    t: &Table,
    e: &Experiment,
    shard: Shard,
    threads: usize,
    progress: &ProgressBar,
) -> Result<Partial, String> {
    let len = shard.len(e.hands);
    let threads = (threads.max(1) as u64).min(len.max(1));
    let stop = AtomicBool::new(false);
    let results: Vec<Result<Partial, (u64, String)>> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads)
            .map(|w| {
                let stop = &stop;
                s.spawn(move || {
                    let mut p = Partial::default();
                    let mut pos = w;
                    while pos < len {
                        if stop.load(Ordering::Relaxed) {
                            break;
                        }
                        let k = shard.index + pos * shard.count;
                        match play(t, e.bot, e.seed, k) {
                            Ok(r) => p.add(&r),
                            Err(msg) => {
                                stop.store(true, Ordering::Relaxed);
                                return Err((k, msg));
                            }
                        }
                        progress.inc(1);
                        pos += threads;
                    }
                    Ok(p)
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err((u64::MAX, "a worker thread panicked".into())))
            })
            .collect()
    });
    let mut total = Partial::default();
    let mut first_err: Option<(u64, String)> = None;
    for r in results {
        match r {
            Ok(p) => total.merge(&p),
            Err(e) => {
                if first_err.as_ref().is_none_or(|f| e.0 < f.0) {
                    first_err = Some(e);
                }
            }
        }
    }
    match first_err {
        Some((_, msg)) => Err(msg),
        None => Ok(total),
    }
}

/// A progress bar on stderr when it is a terminal, otherwise a hidden one.
pub fn progress_bar(len: u64, label: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let pb = ProgressBar::new(len);
    let style = ProgressStyle::with_template("{prefix} {wide_bar} {pos}/{len} · {rate} · eta {eta}")
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .with_key(
            "rate",
            |st: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = write!(w, "{:.0} hands/s", st.per_sec());
            },
        );
    pb.set_style(style);
    pb.set_prefix(label.to_string());
    pb
}

/// Default worker count: the machine's parallelism.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Checks that the files are the complete, disjoint shards of one experiment and merges them.
pub fn merge_files(files: &[PartialFile], names: &[String]) -> Result<(Experiment, Partial), String> {
    let Some(first) = files.first() else {
        return Err("give the partial result files to merge".into());
    };
    for (f, name) in files.iter().zip(names) {
        if f.format != PARTIAL_FORMAT {
            return Err(format!(
                "{name}: format is `{}`, expected `{PARTIAL_FORMAT}`",
                f.format
            ));
        }
        if f.version != VERSION {
            return Err(format!(
                "{name}: partial version {} is not supported (this build reads version {VERSION})",
                f.version
            ));
        }
    }
    let e0 = &first.experiment;
    let n = first.shard.count;
    let mut seen: Vec<Option<&str>> = vec![None; n as usize];
    for (f, name) in files.iter().zip(names) {
        let e = &f.experiment;
        let differs = |what: &str, a: String, b: String| {
            format!(
                "{name} is not from the same experiment as {}: {what} {b} here, {a} there",
                names[0]
            )
        };
        if e.ruleset != e0.ruleset || e.ruleset_version != e0.ruleset_version {
            return Err(differs(
                "ruleset",
                format!("{} {}", e0.ruleset, e0.ruleset_version),
                format!("{} {}", e.ruleset, e.ruleset_version),
            ));
        }
        if e.seed != e0.seed {
            return Err(differs("seed", e0.seed.to_string(), e.seed.to_string()));
        }
        if e.hands != e0.hands {
            return Err(differs("hands", e0.hands.to_string(), e.hands.to_string()));
        }
        if e.bot != e0.bot {
            return Err(differs("bot", e0.bot.name().into(), e.bot.name().into()));
        }
        if e.players != e0.players {
            return Err(differs("players", e0.players.to_string(), e.players.to_string()));
        }
        if f.shard.count != n {
            return Err(differs("shard count", n.to_string(), f.shard.count.to_string()));
        }
        if f.shard.index >= n {
            return Err(format!("{name}: shard {}/{n} does not exist", f.shard.index));
        }
        if let Some(other) = seen[f.shard.index as usize] {
            return Err(format!(
                "{name} and {other} are both shard {}/{n}: shards must be disjoint",
                f.shard.index
            ));
        }
        seen[f.shard.index as usize] = Some(name);
        if f.stats.hands != f.shard.len(e.hands) {
            return Err(format!(
                "{name}: shard {}/{n} of {} hands should hold {} hands but holds {}",
                f.shard.index,
                e.hands,
                f.shard.len(e.hands),
                f.stats.hands
            ));
        }
    }
    let missing: Vec<String> = seen
        .iter()
        .enumerate()
        .filter(|(_, s)| s.is_none())
        .map(|(i, _)| format!("{i}/{n}"))
        .collect();
    if !missing.is_empty() {
        return Err(format!(
            "incomplete experiment: shard(s) {} missing",
            missing.join(", ")
        ));
    }
    let mut total = Partial::default();
    for f in files {
        total.merge(&f.stats);
    }
    Ok((e0.clone(), total))
}

pub fn read_partial(path: &str) -> Result<PartialFile, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let v: serde_json::Value = serde_json::from_str(&text).map_err(|e| format!("{path}: not JSON: {e}"))?;
    if v.get("format").and_then(|f| f.as_str()) != Some(PARTIAL_FORMAT) {
        return Err(format!(
            "{path}: not an `{PARTIAL_FORMAT}` file (write one with mj simulate --out)"
        ));
    }
    serde_json::from_value(v).map_err(|e| format!("{path}: {e}"))
}

pub fn partial_json(f: &PartialFile) -> String {
    serde_json::to_string(f).unwrap_or_default()
}

// ---- reports ------------------------------------------------------------------------------

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
        ("dealer_win_rate", "dealer wins, per hand", f.dealer_win_rate),
        (
            "non_dealer_win_rate",
            "non-dealer wins, per seat-hand",
            f.non_dealer_win_rate,
        ),
        (
            "dealer_deal_in_rate",
            "dealer deals in, per hand",
            f.dealer_deal_in_rate,
        ),
        (
            "non_dealer_deal_in_rate",
            "non-dealer deals in, per seat-hand",
            f.non_dealer_deal_in_rate,
        ),
    ]
}

fn means(f: &Figures) -> Vec<(&'static str, &'static str, Moments)> {
    vec![
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

/// The report of one experiment, in the chosen form.
pub fn report(e: &Experiment, p: &Partial, format: Format) -> String {
    let f = Figures::of(p);
    match format {
        Format::Json => {
            let v = serde_json::json!({
                "format": REPORT_FORMAT,
                "version": VERSION,
                "experiment": e,
                "figures": f,
            });
            format!("{v}\n")
        }
        Format::Csv => report_csv(&f),
        Format::Text => report_text(e, &f),
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

// ---- commands -----------------------------------------------------------------------------

/// Settings shared by `mj simulate` runs.
pub struct Options {
    pub hands: u64,
    pub seed: u64,
    pub threads: usize,
    pub bot: Bot,
    pub format: Format,
}

/// `mj simulate`: the report, or (with `out`) writes the shard's partial result and returns "".
pub fn cmd_simulate(
    rules: &str,
    o: &Options,
    shard: Option<Shard>,
    out: Option<&str>,
) -> Result<String, String> {
    let t = table(rules)?;
    let e = experiment(&t, o.bot, o.seed, o.hands);
    let shard = shard.unwrap_or(Shard::WHOLE);
    let pb = progress_bar(shard.len(o.hands), &e.ruleset);
    let p = run(&t, &e, shard, o.threads, &pb);
    pb.finish_and_clear();
    let p = p?;
    match out {
        Some(path) => {
            let f = PartialFile {
                format: PARTIAL_FORMAT.into(),
                version: VERSION,
                experiment: e,
                shard,
                stats: p,
            };
            std::fs::write(path, partial_json(&f) + "\n")
                .map_err(|err| format!("cannot write {path}: {err}"))?;
            Ok(String::new())
        }
        None => Ok(report(&e, &p, o.format)),
    }
}

/// `mj simulate --compare A B`.
pub fn cmd_compare(a: &str, b: &str, o: &Options) -> Result<String, String> {
    let (ta, tb) = (table(a)?, table(b)?);
    let ea = experiment(&ta, o.bot, o.seed, o.hands);
    let eb = experiment(&tb, o.bot, o.seed, o.hands);
    let pb = progress_bar(2 * o.hands, &format!("{} vs {}", ea.ruleset, eb.ruleset));
    let pa = run(&ta, &ea, Shard::WHOLE, o.threads, &pb);
    let pbb = pa.and_then(|pa| run(&tb, &eb, Shard::WHOLE, o.threads, &pb).map(|pb| (pa, pb)));
    pb.finish_and_clear();
    let (pa, pbb) = pbb?;
    Ok(compare_report(&ea, &eb, &compare(&pa, &pbb), o.format))
}

/// `mj merge FILES...`.
pub fn cmd_merge(paths: &[String], format: Format) -> Result<String, String> {
    let files = paths
        .iter()
        .map(|p| read_partial(p))
        .collect::<Result<Vec<_>, _>>()?;
    let (e, p) = merge_files(&files, paths)?;
    Ok(report(&e, &p, format))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_partition_the_hands() {
        for hands in [0u64, 1, 2, 7, 30, 31] {
            for count in 1..=5u64 {
                let total: u64 = (0..count).map(|index| Shard { index, count }.len(hands)).sum();
                assert_eq!(total, hands, "{hands} hands in {count} shards");
                for index in 0..count {
                    let by_hand = (0..hands).filter(|k| k % count == index).count() as u64;
                    assert_eq!(Shard { index, count }.len(hands), by_hand);
                }
            }
        }
        assert_eq!(Shard::parse("2/3"), Ok(Shard { index: 2, count: 3 }));
        assert!(Shard::parse("3/3").is_err());
        assert!(Shard::parse("0/0").is_err());
    }

    #[test]
    fn hands_are_fixed_by_seed_and_index_alone() {
        assert_eq!(hand_seed(5, 9), hand_seed(5, 9));
        let seeds: std::collections::BTreeSet<u64> = (0..1000).map(|k| hand_seed(1, k)).collect();
        assert_eq!(seeds.len(), 1000);
        assert_ne!(hand_seed(1, 0), hand_seed(2, 0));
        assert_eq!(seating(0, 4), (0, Wind::EAST));
        assert_eq!(seating(5, 4), (1, Wind::SOUTH));
        assert_eq!(seating(17, 3), (2, Wind::SOUTH));
        assert_eq!(seating(9, 4), (1, Wind::WEST));
        assert_eq!(seating(16, 4), (0, Wind::EAST));
    }

    /// A fixed seed's Partial agrees with counts taken straight from the records it played.
    #[test]
    fn partial_agrees_with_the_records() {
        let t = table("mcr").expect("mcr");
        let e = experiment(&t, Bot::Greedy, 11, 6);
        let records: Vec<Record> = (0..6)
            .map(|k| play(&t, Bot::Greedy, 11, k).expect("hand"))
            .collect();
        let p = run(&t, &e, Shard::WHOLE, 2, &ProgressBar::hidden()).expect("run");
        let wins: usize = records.iter().map(|r| r.winners().len()).sum();
        assert_eq!(p.hands, 6);
        assert_eq!(p.wins, wins as u64);
        assert_eq!(
            p.hands_won,
            records.iter().filter(|r| !r.winners().is_empty()).count() as u64
        );
        assert_eq!(p.hands_won + p.exhaustive_draws, 6);
        let dealer_net: i64 = records.iter().map(|r| r.net()[r.dealer]).sum();
        let from_dist: i64 = p.dealer_net.iter().map(|(v, c)| v * *c as i64).sum();
        assert_eq!(from_dist, dealer_net);
        for (k, r) in records.iter().enumerate() {
            assert_eq!(r.seed, hand_seed(11, k as u64));
            assert_eq!(r.dealer, k % 4);
        }
    }
}
