//! `mj`: the command-line shell around the engine. Only this crate knows clap, the terminal and
//! the file system layout; everything it prints comes from `report` (human) or `json`.

mod batch;
mod botzone;
mod diff;
mod json;
mod manual;
mod mjai;
mod play;
mod report;
mod simulate;
mod tenhou;
mod tournament;

use clap::{Parser, Subcommand};
use mj_dsl::Ruleset;
use mj_interop::botzone::protocol::Mode;
use std::io::Write;
use std::process::ExitCode;

/// mimalloc, asked through its fast paths (see [`mj_heap`]).
#[global_allocator]
static ALLOC: mj_heap::Mimalloc = mj_heap::Mimalloc;

#[derive(Parser)]
#[command(
    name = "mj",
    version,
    about = "Score, check and document mahjong hands under any ruleset"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print a shell completion script, e.g. `mj completions bash > /etc/bash_completion.d/mj`.
    Completions {
        /// The shell: bash, zsh, fish, elvish or powershell.
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff), e.g. `mj man > mj.1; man ./mj.1`.
    Man,
    /// Score a winning hand: every fan with its points, the total and the payments.
    Score {
        /// Built-in ruleset name (see `mj rulesets`) or a folder holding ruleset.toml.
        #[arg(long, short, default_value = "mcr")]
        rules: String,
        /// The hand in notation (see docs/notation.md), winning tile last, context words after.
        hand: Option<String>,
        /// Score one hand per line of FILE (`-` for stdin), one JSON object per line.
        #[arg(long)]
        batch: Option<String>,
        /// Threads for --batch, 1 to 256 (default: every core); the output does not depend on it.
        #[arg(long, requires = "batch", value_parser = clap::value_parser!(u16).range(1..=256))]
        threads: Option<u16>,
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
        /// Print the full account: the reading, what produced each fan, and every fan the
        /// hand's shape suggests that was not counted, with the rule that removed it.
        #[arg(long, conflicts_with = "json")]
        why: bool,
        /// Print only what the hand scores and pays, as JSON: its fans (without `why`), total,
        /// validity, payments, and han, fu and limit under a points formula; no canonical hand,
        /// reading, removed fans or warnings. For bots and bulk scoring.
        #[arg(long, conflicts_with = "why")]
        brief: bool,
    },
    /// Print seeded random winning hands (in shape) for a ruleset, one a line in canonical
    /// notation, with random values for the ruleset's context words: input for differential tests.
    Sample {
        /// Built-in ruleset name or a folder holding ruleset.toml.
        #[arg(long, short, default_value = "mcr")]
        rules: String,
        /// Seed of the random stream: the same seed gives the same hands.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// How many hands to print.
        #[arg(long, default_value_t = 100)]
        count: u64,
    },
    /// The tiles that complete a 3n+1 hand, and how far it is from ready.
    Waits {
        /// Built-in ruleset name (see `mj rulesets`) or a folder holding ruleset.toml.
        #[arg(long, short, default_value = "mcr")]
        rules: String,
        /// The hand one tile short of a win, in notation (no winning tile), context words after.
        hand: Option<String>,
        /// List the waits of one hand per line of FILE (`-` for stdin), one JSON object per line.
        #[arg(long)]
        batch: Option<String>,
        /// Threads for --batch, 1 to 256 (default: every core); the output does not depend on it.
        #[arg(long, requires = "batch", value_parser = clap::value_parser!(u16).range(1..=256))]
        threads: Option<u16>,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Validate a ruleset and summarise it; exit 1 on any error.
    Check {
        /// Built-in name or folder.
        ruleset: String,
    },
    /// Write a ruleset's fan table and play rules as Markdown.
    Doc {
        /// Built-in name or folder.
        ruleset: String,
    },
    /// List the built-in rulesets.
    Rulesets,
    /// Score a corpus under two rulesets and list every hand whose result changed; exit 1 if any.
    Diff {
        /// The ruleset before the change (built-in name or folder).
        a: String,
        /// The ruleset after the change.
        b: String,
        /// Corpus files (one hand per line, `#` comments); default: A's snapshot corpus.
        #[arg(long)]
        corpus: Vec<String>,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Play hands between four greedy bots and print the records.
    Play {
        /// Built-in ruleset name (see `mj rulesets`) or a folder holding ruleset.toml.
        #[arg(long, short, default_value = "mcr")]
        rules: String,
        /// Seed of the first hand's wall; hand k is dealt from seed + k. The same seed always
        /// plays the same hands.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Number of hands (the deal passes each hand).
        #[arg(long, default_value_t = 1, conflicts_with = "whole_match", value_parser = clap::value_parser!(u32).range(1..))]
        hands: u32,
        /// Play a whole match (every round of prevalent wind) instead.
        #[arg(long = "match")]
        whole_match: bool,
        /// Print JSON records instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Play as a bot over a platform's protocol: read requests on stdin, answer on stdout.
    /// See docs/botzone.md and docs/riichi.md (mjai).
    Bot {
        /// The protocol: `botzone` (Chinese Standard Mahjong) or `mjai` (Riichi: events as JSON
        /// lines or arrays, one answer line each; the ruleset defaults to `riichi`).
        #[arg(long, value_enum, default_value = "botzone")]
        protocol: Protocol,
        /// How requests arrive: one process per request with the history as lines (`simple`) or
        /// as JSON (`json`), or one process answering request after request (`keep-running`).
        #[arg(long, value_enum, default_value = "simple")]
        mode: ModeArg,
        /// The ruleset the bot judges its options by.
        #[arg(long, short, default_value = DEFAULT_BOTZONE_RULES)]
        rules: String,
    },
    /// Judge games between four external bot programs speaking the Botzone protocol (a game is
    /// one hand) or mjai (a game is a whole match); print each game's result and the totals, and
    /// write replayable records. See docs/botzone.md and docs/riichi.md.
    Match {
        /// The protocol: `botzone` or `mjai` (the ruleset then defaults to `riichi`).
        #[arg(long, value_enum, default_value = "botzone")]
        protocol: Protocol,
        /// The ruleset the games are judged by.
        #[arg(long, short, default_value = DEFAULT_BOTZONE_RULES)]
        rules: String,
        /// A shell command starting one bot; give it four times, for seats 0 (East, dealer) to 3.
        #[arg(long = "bot", required = true, num_args = 1)]
        bots: Vec<String>,
        /// Game k (from 0) is dealt from seed + k, in prevalent wind k mod 4 (mjai: the match's
        /// hand seeds are drawn from seed + k, as `mj play --match --seed` draws them).
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Number of games.
        #[arg(long, default_value_t = 1)]
        games: u32,
        /// How a freshly started bot is given the history: `simple` lines or `json`
        /// (`keep-running` = simple; any bot that asks to keep running is kept running).
        #[arg(long, value_enum, default_value = "simple")]
        mode: ModeArg,
        /// Milliseconds a bot has for each answer (doubled for a freshly started process).
        #[arg(long = "timeout-ms", default_value_t = 2000)]
        timeout_ms: u64,
        /// Write each game's record (mj-record JSON, replayable with `mj replay`) into DIR.
        #[arg(long, value_name = "DIR")]
        out: Option<std::path::PathBuf>,
        /// The ruleset penalty a fault costs (default: the ruleset's 10-each false-win penalty;
        /// mjai under a ruleset without one: none, the forfeited hand ends unpaid).
        #[arg(long)]
        penalty: Option<String>,
        /// One JSON object per game, then one with the totals.
        #[arg(long)]
        json: bool,
        /// mjai only: send each event as a one-element JSON array, as mjai.app's bots read them.
        #[arg(long = "mjai-arrays")]
        arrays: bool,
    },
    /// Replay a JSON game record; exit 1 at the first divergence.
    Replay {
        /// A record as `mj play --json` writes it: one JSON record, one per line, or an
        /// `mj-match` document.
        file: String,
    },
    /// Serve the web page and the JSON API (docs/api.md) until Ctrl-C.
    Serve {
        /// Address to listen on; loopback by default. Port 0 picks a free port (printed).
        #[arg(long, default_value = "127.0.0.1:8080")]
        addr: String,
        /// A folder whose subfolders are rulesets, offered beside the built-in ones.
        #[arg(long, value_name = "DIR")]
        rules_dir: Option<std::path::PathBuf>,
    },
    /// Replay the games of another platform's log through the engine: one JSON line per game
    /// (`match`, `ok`, `scores`, `recorded`, `fans`, `divergence`); exit 1 if any game diverges.
    /// See docs/botzone.md.
    Import {
        /// The log's platform.
        #[arg(value_enum)]
        format: LogFormat,
        /// The log (`-` for stdin); for `tenhou`, mjlog files and folders of them.
        #[arg(required = true, num_args = 1..)]
        files: Vec<String>,
        /// Also write each game's record (mj-record JSON, replayable with `mj replay`) to DIR.
        #[arg(long, value_name = "DIR")]
        out: Option<String>,
    },
    /// Write JSON records (one per line, as `mj play --json` and `mj import --out` write them) in
    /// another platform's log format: `botzone` (one file), `mjai` (each FILE one game).
    Export {
        /// The platform whose log format to write.
        #[arg(value_enum)]
        format: LogFormat,
        /// The records (`-` for stdin).
        #[arg(required = true, num_args = 1..)]
        files: Vec<String>,
    },
    /// Play many hands between bots and report statistics (rates with 95% intervals, totals,
    /// fan frequencies); or compare two rulesets on the same hands. See docs/simulate.md.
    Simulate {
        /// Built-in ruleset name or folder.
        #[arg(long, short, default_value = "mcr")]
        rules: String,
        /// Compare ruleset A with ruleset B on the same hand seeds instead.
        #[arg(long, num_args = 2, value_names = ["A", "B"], conflicts_with_all = ["shard", "out"])]
        compare: Option<Vec<String>>,
        /// Number of hands in the experiment.
        #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
        hands: u64,
        /// Master seed: hand k is played from a wall seed derived from (seed, k).
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Worker threads (default: the machine's parallelism); results do not depend on it.
        #[arg(long)]
        threads: Option<usize>,
        /// Bots in every seat.
        #[arg(long, value_enum, default_value = "greedy")]
        bot: BotArg,
        /// Print JSON instead of a table.
        #[arg(long, conflicts_with = "csv")]
        json: bool,
        /// Print CSV instead of a table.
        #[arg(long)]
        csv: bool,
        /// Play only shard i of n (hands k with k mod n = i); needs --out.
        #[arg(long, value_name = "i/n", requires = "out")]
        shard: Option<String>,
        /// Write the partial result (JSON) to FILE for `mj merge` instead of printing a report.
        #[arg(long, value_name = "FILE")]
        out: Option<String>,
    },
    /// Tournaments: create an event, draw rounds, record tables, standings; or simulate one.
    /// See docs/tournament.md.
    Tournament {
        #[command(subcommand)]
        cmd: tournament::Cmd,
    },
    /// Merge the partial results of `mj simulate --shard i/n --out FILE` and print the report a
    /// single run would have printed.
    Merge {
        /// The partial result files, one per shard.
        #[arg(required = true)]
        files: Vec<String>,
        /// Print JSON instead of a table.
        #[arg(long, conflicts_with = "csv")]
        json: bool,
        /// Print CSV instead of a table.
        #[arg(long)]
        csv: bool,
    },
}

/// Game log formats of other platforms.
#[derive(Clone, Copy, clap::ValueEnum)]
enum LogFormat {
    /// Botzone's Chinese Standard Mahjong logs (the PKU/IJCAI dataset's data.txt), under mcr-botzone.
    Botzone,
    /// Tenhou's mjlog XML (`<mjloggm>`), under riichi (riichi-sanma for three players); one JSON
    /// line per log (`file`, `ok`, `hands`, `deltas`, `final`, `divergence`). See docs/riichi.md.
    Tenhou,
    /// mjai JSON lines (Riichi bots: Mortal, mjai.app); written only, by `mj export mjai`. See
    /// docs/riichi.md.
    Mjai,
}

/// The ruleset `mj bot` and `mj match` use unless told otherwise: the Botzone judge's duplicate
/// format (own walls, no flowers, its penalty and scores) on MCR with 明暗杠.
const DEFAULT_BOTZONE_RULES: &str = "mcr-botzone";

#[derive(Clone, Copy, clap::ValueEnum)]
enum Protocol {
    Botzone,
    Mjai,
}

impl Protocol {
    /// The ruleset `rules` names for this protocol: the Botzone default is no Riichi table, so
    /// mjai plays `riichi` unless told.
    fn ruleset(self, rules: String) -> String {
        match self {
            Protocol::Mjai if rules == DEFAULT_BOTZONE_RULES => "riichi".to_string(),
            _ => rules,
        }
    }
}

/// The bots of `mj simulate`, as the command line names them (the library's [`mj_sim::Bot`]
/// knows no clap).
#[derive(Clone, Copy, clap::ValueEnum)]
enum BotArg {
    Greedy,
    Random,
}

impl From<BotArg> for mj_sim::Bot {
    fn from(b: BotArg) -> mj_sim::Bot {
        match b {
            BotArg::Greedy => mj_sim::Bot::Greedy,
            BotArg::Random => mj_sim::Bot::Random,
        }
    }
}

/// How `mj bot` and `mj match` deliver requests, as the command line names them
/// ([`Mode`] is the library's).
#[derive(Clone, Copy, clap::ValueEnum)]
enum ModeArg {
    Simple,
    Json,
    KeepRunning,
}

impl From<ModeArg> for Mode {
    fn from(m: ModeArg) -> Mode {
        match m {
            ModeArg::Simple => Mode::Simple,
            ModeArg::Json => Mode::Json,
            ModeArg::KeepRunning => Mode::KeepRunning,
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(msg) => {
            eprintln!("{msg}");
            ExitCode::from(2)
        }
    }
}

fn load(spec: &str) -> Result<Ruleset, String> {
    mj_dsl::load(spec).map_err(|d| d.to_string())
}

/// `mj import FORMAT FILE...`: Botzone reads one log, Tenhou any number of files and folders.
fn import(
    format: LogFormat,
    files: &[String],
    dir: Option<&str>,
    out: &mut impl Write,
) -> Result<ExitCode, String> {
    match (format, files) {
        (LogFormat::Botzone, [file]) => botzone::run(file, dir, out),
        (LogFormat::Botzone, _) => Err("mj import botzone reads one log (FILE or -)".into()),
        (LogFormat::Tenhou, _) => tenhou::run(files, dir, out),
        (LogFormat::Mjai, _) => Err("mjai logs are written (mj export mjai), not read".into()),
    }
}

/// `mj export FORMAT FILE...`: Botzone writes one file of records, mjai any number of games.
fn export(format: LogFormat, files: &[String], out: &mut impl Write) -> Result<ExitCode, String> {
    match (format, files) {
        (LogFormat::Botzone, [file]) => botzone::export(file, out),
        (LogFormat::Botzone, _) => Err("mj export botzone writes one file of records".into()),
        (LogFormat::Mjai, _) => mjai::export(files, out),
        (LogFormat::Tenhou, _) => {
            Err("mj export writes botzone and mjai logs; Tenhou logs are read only (mj import tenhou)".into())
        }
    }
}

fn run(cli: Cli) -> Result<ExitCode, String> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let io = |e: std::io::Error| e.to_string();
    match cli.command {
        Command::Completions { shell } => {
            manual::completions(shell, &mut out);
            Ok(ExitCode::SUCCESS)
        }
        Command::Man => {
            manual::man(&mut out)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Score {
            rules,
            hand,
            batch,
            threads,
            json,
            why,
            brief,
        } => hand_command(
            &mut out,
            "give a hand to score, or --batch FILE",
            json::score_writer(brief),
            |rs, hand, out| json::score_line(rs, hand).map(|s| report::score(rs, &s, why, out)),
            &rules,
            hand,
            batch,
            threads,
            json || brief,
        ),
        Command::Sample { rules, seed, count } => sample(&rules, seed, count, &mut out),
        Command::Waits {
            rules,
            hand,
            batch,
            threads,
            json,
        } => hand_command(
            &mut out,
            "give a hand to list the waits of, or --batch FILE",
            mj_dsl::waits_text_line,
            |rs, hand, out| json::waits(rs, hand).map(|w| report::waits(rs, &w, out)),
            &rules,
            hand,
            batch,
            threads,
            json,
        ),
        Command::Check { ruleset } => check(&ruleset, &mut out),
        Command::Doc { ruleset } => {
            let rs = load(&ruleset)?;
            write!(out, "{}", mj_dsl::doc::markdown(&rs)).map_err(io)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Diff { a, b, corpus, json } => diff(&a, &b, &corpus, json, &mut out),
        Command::Play {
            rules,
            seed,
            hands,
            whole_match,
            json,
        } => play::play(&rules, seed, hands, whole_match, json, &mut out),
        Command::Replay { file } => play::replay_file(&file, &mut out),
        Command::Serve { addr, rules_dir } => {
            drop(out);
            mj_serve::run(&addr, rules_dir.as_deref())?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Import {
            format,
            files,
            out: dir,
        } => import(format, &files, dir.as_deref(), &mut out),
        Command::Export { format, files } => export(format, &files, &mut out),
        Command::Bot {
            protocol,
            mode,
            rules,
        } => {
            drop(out);
            match protocol {
                Protocol::Botzone => botzone::cmd_bot(&rules, mode.into()),
                Protocol::Mjai => mjai::cmd_bot(&protocol.ruleset(rules)),
            }
        }
        Command::Match {
            protocol,
            rules,
            bots,
            seed,
            games,
            mode,
            timeout_ms,
            out: dir,
            penalty,
            json,
            arrays,
        } => {
            let opts = botzone::judge::MatchOptions {
                rules: protocol.ruleset(rules),
                bots,
                seed,
                games,
                mode: mode.into(),
                timeout: std::time::Duration::from_millis(timeout_ms),
                out: dir,
                json,
                penalty,
                arrays,
            };
            match protocol {
                Protocol::Botzone => botzone::judge::run_match(&opts, &mut out),
                Protocol::Mjai => mjai::run_match(&opts, &mut out),
            }
        }
        Command::Simulate {
            rules,
            compare,
            hands,
            seed,
            threads,
            bot,
            json,
            csv,
            shard,
            out: file,
        } => {
            let opts = simulate::Options {
                hands,
                seed,
                threads: threads.unwrap_or_else(simulate::default_threads),
                bot: bot.into(),
                format: format(json, csv),
            };
            let text = simulate::cmd(&rules, compare.as_deref(), &opts, shard, file.as_deref())?;
            write!(out, "{text}").map_err(io)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Tournament { cmd } => tournament::run(cmd, &mut out),
        Command::Merge { files, json, csv } => {
            let text = simulate::cmd_merge(&files, format(json, csv))?;
            write!(out, "{text}").map_err(io)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Rulesets => rulesets(&mut out),
    }
}

/// The JSON line of one hand (`--batch` lines carry their number), appended to a buffer;
/// whether the line failed.
type IntoJson = fn(&Ruleset, &str, Option<usize>, &mut Vec<u8>) -> bool;

/// What `mj score` and `mj waits` share: a `--batch` of lines, or one hand as JSON (`into`) or as
/// text (`text` prints it, or gives the reason the line is not a hand).
#[allow(clippy::too_many_arguments)]
fn hand_command<W: Write>(
    out: &mut W,
    missing: &str,
    into: IntoJson,
    text: impl FnOnce(&Ruleset, &str, &mut W) -> Result<std::io::Result<()>, String>,
    rules: &str,
    hand: Option<String>,
    batch: Option<String>,
    threads: Option<u16>,
    json: bool,
) -> Result<ExitCode, String> {
    let rs = load(rules)?;
    if let Some(path) = batch {
        let job = |line_text: &str, line: usize, buf: &mut Vec<u8>| into(&rs, line_text, Some(line), buf);
        return run_batch(&path, threads, &job, out);
    }
    let Some(hand) = hand else {
        return Err(missing.into());
    };
    if json {
        let mut buf = Vec::new();
        let failed = into(&rs, &hand, None, &mut buf);
        out.write_all(&buf).map_err(|e| e.to_string())?;
        return Ok(exit_code(failed));
    }
    match text(&rs, &hand, out) {
        Ok(written) => {
            written.map_err(|e| e.to_string())?;
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            eprintln!("error: {e}");
            Ok(ExitCode::from(1))
        }
    }
}

/// `mj sample`: `count` seeded winning hands of the ruleset, one a line.
fn sample(rules: &str, seed: u64, count: u64, out: &mut impl Write) -> Result<ExitCode, String> {
    let rs = load(rules)?;
    let mut rng = mj_core::Rng::new(seed);
    let opts = mj_dsl::sample::SampleOptions::default();
    let mut unscored = Vec::new();
    for line in 1..=count {
        let (h, scores) = mj_dsl::sample::try_winning_hand(&rs, &mut rng, &opts);
        if !scores {
            unscored.push(line);
        }
        writeln!(out, "{}", mj_core::print_hand(&rs.tiles, &h)).map_err(|e| e.to_string())?;
    }
    if unscored.is_empty() {
        return Ok(ExitCode::SUCCESS);
    }
    // The line is still printed, so the output keeps one line per hand asked for.
    let shown: Vec<String> = unscored.iter().take(10).map(u64::to_string).collect();
    eprintln!(
        "{} line(s) do not score under {}: no draw of the sampler's tries was a hand it accepts (lines {}{}); check its word rules and win forms with `mj check {}`",
        unscored.len(),
        rs.name,
        shown.join(", "),
        if unscored.len() > 10 { ", …" } else { "" },
        rs.name
    );
    Ok(ExitCode::FAILURE)
}

/// `mj rulesets`: every built-in ruleset with its description.
fn rulesets(out: &mut impl Write) -> Result<ExitCode, String> {
    for name in mj_dsl::builtin_names() {
        match mj_dsl::load(name) {
            Ok(rs) => writeln!(out, "{name:<14} {}", rs.description),
            Err(_) => writeln!(out, "{name:<14} (does not load: run `mj check {name}`)"),
        }
        .map_err(|e| e.to_string())?;
    }
    Ok(ExitCode::SUCCESS)
}

/// `mj check`: the ruleset's summary, then every fan script run on the probe corpus.
fn check(ruleset: &str, out: &mut impl Write) -> Result<ExitCode, String> {
    match mj_dsl::load(ruleset) {
        Ok(rs) => {
            report::check(&rs, out).map_err(|e| e.to_string())?;
            let problems = mj_dsl::probe::probe_scripts(&rs);
            for p in &problems {
                eprintln!("error: {}\n  probe hand: {}", p.message, p.hand);
            }
            if problems.is_empty() {
                Ok(ExitCode::SUCCESS)
            } else {
                eprintln!(
                    "\n{} script(s) failed on the built-in probe corpus ({} hands) of {ruleset}",
                    problems.len(),
                    mj_dsl::probe::PROBE_HANDS
                );
                Ok(ExitCode::from(1))
            }
        }
        Err(d) => {
            eprintln!("{d}");
            eprintln!("\n{} error(s) in {ruleset}", d.0.len().max(1));
            Ok(ExitCode::from(1))
        }
    }
}

/// `mj diff`: the corpus (A's snapshot corpus unless files are given) under both rulesets.
fn diff(a: &str, b: &str, corpus: &[String], json: bool, out: &mut impl Write) -> Result<ExitCode, String> {
    let (ra, rb) = (load(a)?, load(b)?);
    let mut cases = Vec::new();
    if corpus.is_empty() {
        cases = diff::default_cases(&ra).map_err(|e| format!("{e}; give one with --corpus FILE"))?;
    }
    for f in corpus {
        let text = std::fs::read_to_string(f).map_err(|e| format!("cannot read {f}: {e}"))?;
        cases.extend(diff::read_corpus(&text, f));
    }
    let changed = diff::run(&ra, &rb, &cases, json, out).map_err(|e| e.to_string())?;
    Ok(exit_code(changed))
}

fn format(json: bool, csv: bool) -> mj_sim::Format {
    if json {
        mj_sim::Format::Json
    } else if csv {
        mj_sim::Format::Csv
    } else {
        mj_sim::Format::Text
    }
}

fn exit_code(failed: bool) -> ExitCode {
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// Runs a `--batch` job over FILE; a bad line becomes an error object with its line number and
/// the run goes on. Exits 1 at the end if any line failed.
fn run_batch(
    path: &str,
    threads: Option<u16>,
    job: &dyn mj_sim::lines::LineJob,
    out: &mut dyn Write,
) -> Result<ExitCode, String> {
    let input = batch::Input::open(path)?;
    let threads = threads.map_or_else(simulate::default_threads, usize::from);
    let summary = batch::run(input, threads, job, out)?;
    if summary.failed > 0 {
        eprintln!("{} line(s) could not be scored", summary.failed);
    }
    Ok(exit_code(summary.failed > 0))
}
