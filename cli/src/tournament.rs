//! `mj tournament`: an event file (JSON) that `new` creates, `draw` seats round by round,
//! `record` fills with table results and `standings` ranks by the ruleset's `[competition]`;
//! `simulate` plays a whole event with bots. The rules of ranking live in
//! `mj_core::tournament`; this module reads and writes files and prints.

use clap::Subcommand;
use mj_core::tournament::{entrants, Entrant, Event};
use mj_dsl::tournament::{give_penalty, GivenPenalty};
use mj_sim::tournament::{standings, Style};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Subcommand)]
pub enum Cmd {
    /// Create an event file: entrants, optional teams and the number of rounds.
    New {
        /// The ruleset whose `[competition]` rules the event follows (built-in name or folder).
        #[arg(long, short)]
        rules: String,
        /// One player a line (`#` comments); a line `~Name` registers a substitute.
        #[arg(long)]
        players: String,
        /// One team a line: `Team: name, name, ...`.
        #[arg(long)]
        teams: Option<String>,
        /// Rounds the event will have.
        #[arg(long)]
        rounds: u32,
        /// Reserve places for advancement (rulesets with advance_per_table).
        #[arg(long)]
        reserve: Option<usize>,
        /// The event file to write (refused if it exists).
        #[arg(long)]
        out: String,
    },
    /// Seat the next round: byes or substitutes as the ruleset says, then a random seating that
    /// repeats as few earlier opponents as it can.
    Draw {
        /// The event file (written by `mj tournament new`).
        event: String,
        /// Seed of the seating; the same seed draws the same round.
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
    /// Record one table's result: scores by seat, or an `mj play --match --json` output.
    Record {
        /// The event file (written by `mj tournament new`).
        event: String,
        /// Round number, from 1.
        #[arg(long)]
        round: usize,
        /// Table number, from 1.
        #[arg(long)]
        table: usize,
        /// Scores of the seats in order, e.g. `--scores 540 510 480 470` or, quoted, "540 510 480
        /// 470"; negative scores are written as they are (`--scores -50 0 0 50`).
        #[arg(long, conflicts_with = "record", num_args = 1.., allow_negative_numbers = true)]
        scores: Option<Vec<String>>,
        /// Record over a table already recorded; the old result is kept in the event's history.
        #[arg(long)]
        replace: bool,
        /// An `mj-match` JSON document; its totals are taken seat by seat. Give one per session
        /// when the ruleset's rounds have several (jingji: four 局, in order).
        #[arg(long)]
        record: Vec<String>,
        /// Instead of scores: give the ruleset's penalty ID (`[settlement] penalty`) to the
        /// player `--player` at this table; kept in the event file and applied to its scores.
        #[arg(long, requires = "player", conflicts_with_all = ["scores", "record"])]
        penalty: Option<String>,
        /// The offender, by name.
        #[arg(long, requires = "penalty")]
        player: Option<String>,
        /// The amount, for a penalty the referee sizes.
        #[arg(long, requires = "penalty")]
        amount: Option<i64>,
        /// Who receives a penalty that goes to one player (leave out for dead points).
        #[arg(long, requires = "penalty")]
        to: Option<String>,
    },
    /// Individual (and team) standings with every tie-break value.
    Standings {
        /// The event file (written by `mj tournament new`).
        event: String,
        /// Print JSON instead of a table.
        #[arg(long, conflicts_with_all = ["csv", "markdown"])]
        json: bool,
        /// Print CSV instead of a table.
        #[arg(long, conflicts_with = "markdown")]
        csv: bool,
        /// Print a Markdown table.
        #[arg(long)]
        markdown: bool,
    },
    /// Play a whole event with greedy bots and print the standings.
    Simulate {
        /// The ruleset to play and rank by (built-in name or folder).
        #[arg(long, short)]
        rules: String,
        /// Number of entrants.
        #[arg(long, default_value_t = 32)]
        players: usize,
        /// Number of rounds.
        #[arg(long, default_value_t = 4)]
        rounds: u32,
        /// Seed of the draw and of every game; the same seed plays the same event.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Rounds of prevalent wind in each table's match (default: the ruleset's `[match]`).
        #[arg(long)]
        winds: Option<u32>,
        /// Also write the event file.
        #[arg(long)]
        out: Option<String>,
        /// Print JSON instead of a table.
        #[arg(long, conflicts_with_all = ["csv", "markdown"])]
        json: bool,
        /// Print CSV instead of a table.
        #[arg(long, conflicts_with = "markdown")]
        csv: bool,
        /// Print a Markdown table.
        #[arg(long)]
        markdown: bool,
    },
}

fn style(json: bool, csv: bool, markdown: bool) -> Style {
    match (json, csv, markdown) {
        (true, _, _) => Style::Json,
        (_, true, _) => Style::Csv,
        (_, _, true) => Style::Markdown,
        _ => Style::Text,
    }
}

pub fn run(cmd: Cmd, out: &mut impl Write) -> Result<ExitCode, String> {
    let io = |e: std::io::Error| e.to_string();
    match cmd {
        Cmd::New {
            rules,
            players,
            teams,
            rounds,
            reserve,
            out: path,
        } => {
            if Path::new(&path).exists() {
                return Err(format!("{path} exists; choose another file for the new event"));
            }
            let list = read(&players)?;
            let teams = match teams {
                Some(t) => Some((read(&t)?, t)),
                None => None,
            };
            let entrants = entrants(&list, teams.as_ref().map(|(text, t)| (t.as_str(), text.as_str())))?;
            let event = new_event(&rules, entrants, rounds, reserve)?;
            save(Path::new(&path), &event)?;
            writeln!(
                out,
                "{path}: {} players, {} rounds under {}",
                event.players.len(),
                rounds,
                event.rules
            )
            .map_err(io)?;
        }
        Cmd::Draw { event: path, seed } => {
            let p = Path::new(&path);
            let mut e = load(p)?;
            let round = e.draw(seed)?.clone();
            save(p, &e)?;
            writeln!(out, "round {}", e.drawn.len()).map_err(io)?;
            for (k, t) in round.tables.iter().enumerate() {
                let names: Vec<&str> = t.players.iter().map(|&i| e.players[i].name.as_str()).collect();
                writeln!(out, "table {}: {}", k + 1, names.join(", ")).map_err(io)?;
            }
            for &b in &round.byes {
                writeln!(out, "bye: {}", e.players[b].name).map_err(io)?;
            }
        }
        Cmd::Record {
            event: path,
            round,
            table,
            scores,
            record,
            replace,
            penalty,
            player,
            amount,
            to,
        } => {
            let p = Path::new(&path);
            let mut e = load(p)?;
            if round == 0 || table == 0 {
                return Err("rounds and tables are numbered from 1".into());
            }
            if let Some(id) = penalty {
                let given = GivenPenalty {
                    id: &id,
                    player: player.as_deref().unwrap_or_default(),
                    amount,
                    to: to.as_deref(),
                };
                let rs = mj_dsl::load(&e.rules)
                    .map_err(|d| format!("the event's ruleset {} does not load: {d}", e.rules))?;
                let moved = give_penalty(&rs, &mut e, round - 1, table - 1, &given)?;
                save(p, &e)?;
                writeln!(out, "round {round} table {table}: penalty {id} ({moved})").map_err(io)?;
                return Ok(ExitCode::SUCCESS);
            }
            let scores = match scores {
                Some(s) => parse_scores(&s.join(" "))?,
                None if record.is_empty() => return Err("give --scores or --record".into()),
                None => {
                    let seats = e
                        .drawn
                        .get(round - 1)
                        .and_then(|r| r.tables.get(table - 1))
                        .ok_or_else(|| format!("round {round} has no table {table}"))?
                        .players
                        .clone();
                    let sessions = e.competition.sessions as usize;
                    if record.len() != sessions {
                        return Err(format!(
                            "a round is {sessions} session(s) under {}: give --record once for each, in order",
                            e.rules
                        ));
                    }
                    let mut per = Vec::new();
                    for f in &record {
                        per.push(match_totals(f, &e)?);
                    }
                    e.session_scores(&seats, &per)?
                }
            };
            let replaced = e.history.len();
            e.record_table(round - 1, table - 1, scores, replace)?;
            save(p, &e)?;
            if e.history.len() > replaced {
                writeln!(
                    out,
                    "round {round} table {table} recorded again; the old result is in the event's history"
                )
                .map_err(io)?;
            } else {
                writeln!(out, "round {round} table {table} recorded").map_err(io)?;
            }
        }
        Cmd::Standings {
            event,
            json,
            csv,
            markdown,
        } => {
            let e = load(Path::new(&event))?;
            write!(out, "{}", standings(&e, style(json, csv, markdown))).map_err(io)?;
        }
        Cmd::Simulate {
            rules,
            players,
            rounds,
            seed,
            winds,
            out: path,
            json,
            csv,
            markdown,
        } => {
            let e = simulate(&rules, players, rounds, seed, winds)?;
            if let Some(path) = path {
                save(Path::new(&path), &e)?;
            }
            write!(out, "{}", standings(&e, style(json, csv, markdown))).map_err(io)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn new_event(
    rules: &str,
    players: Vec<Entrant>,
    rounds: u32,
    reserve: Option<usize>,
) -> Result<Event, String> {
    let rs = mj_dsl::load(rules).map_err(|d| d.to_string())?;
    let mut c = rs.competition.clone().ok_or_else(|| {
        format!(
            "ruleset {} has no [competition] table: add one (docs/ruleset-format.md) to run events under it",
            rs.name
        )
    })?;
    if let Some(r) = reserve {
        match c.advancement.as_mut() {
            Some(a) => a.reserve = r,
            None => {
                return Err(format!(
                    "ruleset {} has no advancement; --reserve does not apply",
                    rs.name
                ))
            }
        }
    }
    Event::new(rules, c, players, rounds)
}

fn read(path: &str) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))
}

fn parse_scores(s: &str) -> Result<Vec<i64>, String> {
    s.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .map(|w| {
            w.parse::<i64>()
                .map_err(|_| format!("score {w:?} is not a whole number"))
        })
        .collect()
}

/// The totals of an `mj play --match --json` document, by starting seat.
fn match_totals(path: &str, e: &Event) -> Result<Vec<i64>, String> {
    let m = mj_sim::match_file::totals(&read(path)?, path)?;
    let rs = mj_dsl::load(&e.rules).map_err(|d| d.to_string())?;
    if m.ruleset != rs.name {
        return Err(format!(
            "{path} was played under {}, the event under {}",
            m.ruleset, rs.name
        ));
    }
    m.totals
        .ok_or_else(|| format!("{path}: no `totals` list of whole numbers"))
}

// ---------------------------------------------------------------- the event file

fn backup_of(path: &Path) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(".bak");
    PathBuf::from(s)
}

/// Writes `bytes` to `path` atomically: a temporary file in the same folder, flushed to disk,
/// renamed over `path`.
fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    let tmp = dir.join(format!(".{name}.tmp{}", std::process::id()));
    let fail = |what: &str, e: std::io::Error| format!("cannot {what} {}: {e}", tmp.display());
    {
        let mut f = std::fs::File::create(&tmp).map_err(|e| fail("create", e))?;
        f.write_all(bytes).map_err(|e| fail("write", e))?;
        f.sync_all().map_err(|e| fail("sync", e))?;
    }
    std::fs::rename(&tmp, path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        format!("cannot replace {}: {e}", path.display())
    })?;
    if let Ok(d) = std::fs::File::open(&dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// Saves the event: the file's present (good) content is kept as `EVENT.bak` first, then the
/// new content replaces the file atomically.
pub fn save(path: &Path, e: &Event) -> Result<(), String> {
    e.validate()?;
    let text = e.to_file_json()? + "\n";
    if let Ok(old) = std::fs::read(path) {
        if Event::from_file_json(&old).is_ok() {
            write_atomic(&backup_of(path), &old)?;
        }
    }
    write_atomic(path, text.as_bytes())
}

/// Reads an event file. A file that does not parse (truncated, half-written, edited by hand)
/// is an error naming the backup that holds the previous good state; neither file is touched.
pub fn load(path: &Path) -> Result<Event, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    Event::from_file_json(&bytes).map_err(|why| {
        let bak = backup_of(path);
        let help = match std::fs::read(&bak).map(|b| Event::from_file_json(&b)) {
            Ok(Ok(_)) => format!(
                "The previous good state is in {b}: restore it with `cp {b} {p}`",
                b = bak.display(),
                p = path.display()
            ),
            _ => "No good backup was found.".to_string(),
        };
        format!(
            "{} is not a valid event file ({why}); it may be truncated or half-written. {help}",
            path.display()
        )
    })
}

// ---------------------------------------------------------------- simulate

fn simulate(
    rules: &str,
    players: usize,
    rounds: u32,
    seed: u64,
    winds: Option<u32>,
) -> Result<Event, String> {
    let rs = mj_dsl::load(rules).map_err(|d| d.to_string())?;
    let table = mj_dsl::table::Table::new(rs)?;
    let mut e = new_event(
        rules,
        mj_sim::tournament::numbered_entrants(players),
        rounds,
        None,
    )?;
    mj_sim::tournament::play_event(&table, &mut e, seed, winds)?;
    Ok(e)
}
