//! `mj simulate` and `mj merge`: the shell around [`mj_sim`]. It loads the rulesets, shows a
//! progress bar on a terminal, reads and writes the partial-result files and prints the reports
//! the library renders.

use indicatif::{ProgressBar, ProgressStyle};
use mj_dsl::table::Table;
use mj_sim::experiment::{experiment, run};
use mj_sim::report::{compare, compare_report, report};
use mj_sim::{Bot, Format, Partial, PartialFile, Shard};
use std::io::IsTerminal;

/// Settings shared by `mj simulate` runs.
pub struct Options {
    pub hands: u64,
    pub seed: u64,
    pub threads: usize,
    pub bot: Bot,
    pub format: Format,
}

fn table(rules: &str) -> Result<Table, String> {
    let rs = mj_dsl::load(rules).map_err(|d| d.to_string())?;
    Table::new(rs)
}

/// A progress bar on stderr when it is a terminal, otherwise a hidden one.
fn progress_bar(len: u64, label: &str) -> ProgressBar {
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

/// Plays one shard of an experiment with the bar advancing hand by hand.
fn run_with_bar(
    t: &Table,
    e: &mj_sim::Experiment,
    shard: Shard,
    threads: usize,
    pb: &ProgressBar,
) -> Result<Partial, String> {
    run(t, e, shard, threads, &|n| pb.inc(n))
}

/// `mj simulate`: a comparison of two rulesets, or one ruleset's report or partial result.
pub fn cmd(
    rules: &str,
    compare: Option<&[String]>,
    o: &Options,
    shard: Option<String>,
    out: Option<&str>,
) -> Result<String, String> {
    match compare {
        Some([a, b]) => cmd_compare(a, b, o),
        _ => {
            let shard = match shard {
                Some(s) => Some(s.parse().map_err(|e| format!("--shard {s}: {e}"))?),
                None => None,
            };
            cmd_simulate(rules, o, shard, out)
        }
    }
}

/// `mj simulate`: the report, or (with `out`) writes the shard's partial result and returns "".
fn cmd_simulate(rules: &str, o: &Options, shard: Option<Shard>, out: Option<&str>) -> Result<String, String> {
    let t = table(rules)?;
    let e = experiment(&t, o.bot, o.seed, o.hands);
    let shard = shard.unwrap_or(Shard::WHOLE);
    let pb = progress_bar(shard.len(o.hands), &e.ruleset);
    let p = run_with_bar(&t, &e, shard, o.threads, &pb);
    pb.finish_and_clear();
    let p = p?;
    match out {
        Some(path) => {
            let f = PartialFile::new(e, shard, p);
            std::fs::write(path, f.to_json() + "\n").map_err(|err| format!("cannot write {path}: {err}"))?;
            Ok(String::new())
        }
        None => Ok(report(&e, &p, o.format)),
    }
}

/// `mj simulate --compare A B`.
fn cmd_compare(a: &str, b: &str, o: &Options) -> Result<String, String> {
    let (ta, tb) = (table(a)?, table(b)?);
    let ea = experiment(&ta, o.bot, o.seed, o.hands);
    let eb = experiment(&tb, o.bot, o.seed, o.hands);
    let pb = progress_bar(2 * o.hands, &format!("{} vs {}", ea.ruleset, eb.ruleset));
    let pa = run_with_bar(&ta, &ea, Shard::WHOLE, o.threads, &pb);
    let pbb = pa.and_then(|pa| run_with_bar(&tb, &eb, Shard::WHOLE, o.threads, &pb).map(|pb| (pa, pb)));
    pb.finish_and_clear();
    let (pa, pbb) = pbb?;
    Ok(compare_report(&ea, &eb, &compare(&pa, &pbb), o.format))
}

/// `mj merge FILES...`.
pub fn cmd_merge(paths: &[String], format: Format) -> Result<String, String> {
    let files = paths
        .iter()
        .map(|path| {
            let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
            PartialFile::parse(&text, path)
        })
        .collect::<Result<Vec<_>, _>>()?;
    let (e, p) = mj_sim::partial_file::merge_files(&files, paths)?;
    Ok(report(&e, &p, format))
}
