//! `mj match`: four external bot programs judged by [`mj_interop::botzone::referee`]. This
//! module runs the programs: each bot in its own process group, fed its history (simple or JSON
//! interaction) or, when it asks to keep running, only the next request line; killed at a
//! timeout and at the end of every game, so nothing a bot does can hang the match. It prints each
//! game's result and the totals, and writes the records.

use mj_core::Wind;
use mj_interop::botzone::protocol::{json_answer, History, Mode, KEEP_RUNNING};
use mj_interop::botzone::referee::{default_penalty, fault, Bots, Fault, Judge, Tally, SEATS};
use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Longest output line kept from a bot; the rest of a longer line is dropped.
const MAX_LINE: usize = 4096;
/// Output lines read from one bot per request before it counts as babbling.
const MAX_LINES: usize = 64;

/// One line of a bot's output, or the end of it.
enum Out {
    Line(String),
    End,
}

/// A bot process and the pipe ends the judge holds.
struct Proc {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Out>,
}

impl Proc {
    fn spawn(cmd: &str) -> Result<Proc, String> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(cmd)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()
            .map_err(|e| format!("cannot start `{cmd}`: {e}"))?;
        let stdout = child.stdout.take().ok_or("no stdout pipe")?;
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                // Bounded: a line without an end is cut at MAX_LINE bytes.
                match r.by_ref().take(MAX_LINE as u64).read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let text = String::from_utf8_lossy(&buf)
                            .trim_end_matches(['\n', '\r'])
                            .to_string();
                        if tx.send(Out::Line(text)).is_err() {
                            return;
                        }
                    }
                }
            }
            let _ = tx.send(Out::End);
        });
        let stdin = child.stdin.take();
        Ok(Proc {
            child,
            stdin,
            lines: rx,
        })
    }

    fn send(&mut self, text: &str) -> bool {
        match self.stdin.as_mut() {
            Some(w) => w.write_all(text.as_bytes()).and_then(|_| w.flush()).is_ok(),
            None => false,
        }
    }

    /// Kills the whole process group (a shell's children too) and reaps the shell.
    fn kill(mut self) {
        let pid = self.child.id();
        let _ = Command::new("kill")
            .arg("-KILL")
            .arg("--")
            .arg(format!("-{pid}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One seat's bot program over a game.
struct Seat {
    cmd: String,
    mode: Mode,
    /// mjai: one process for the whole game, one request line in and one answer line out.
    lines: bool,
    started: bool,
    history: History,
    /// A bot that asked to keep running, waiting for its next request.
    live: Option<Proc>,
    /// The process answering the current request.
    busy: Option<(Proc, Instant, bool)>,
}

impl Seat {
    fn new(cmd: &str, mode: Mode) -> Seat {
        Seat {
            cmd: cmd.to_string(),
            mode,
            lines: false,
            started: false,
            history: History::default(),
            live: None,
            busy: None,
        }
    }

    /// Sends `request`: to the kept-running process as one line, or to a new process with the
    /// whole history. Start failures surface when the answer is collected.
    fn start(&mut self, request: &str) {
        let now = Instant::now();
        if let Some(mut p) = self.live.take() {
            if p.send(&format!("{request}\n")) {
                self.busy = Some((p, now, false));
                return;
            }
            p.kill();
        }
        if self.lines {
            // A line bot that died or was stopped has lost the game's state: it stays silent.
            if !std::mem::replace(&mut self.started, true) {
                if let Ok(mut p) = Proc::spawn(&self.cmd) {
                    let _ = p.send(&format!("{request}\n"));
                    self.busy = Some((p, now, true));
                }
            }
            return;
        }
        self.history.requests.push(request.to_string());
        let input = match self.mode {
            Mode::Json => self.history.json(),
            Mode::Simple | Mode::KeepRunning => self.history.simple(),
        };
        if let Ok(mut p) = Proc::spawn(&self.cmd) {
            // A bot that exits without reading its input is caught by the answer it fails to give.
            let _ = p.send(&input);
            self.busy = Some((p, now, true));
        }
    }

    /// The answer to the request just sent, within `limit` (doubled for a fresh process, as the
    /// platform doubles a bot's first turn).
    fn collect(&mut self, seat: usize, limit: Duration) -> Result<String, Fault> {
        let Some((p, started, fresh)) = self.busy.take() else {
            let why = if self.lines && self.started {
                "its process has ended or was stopped"
            } else {
                "could not start"
            };
            return Err(fault(seat, format!("{why} (`{}`)", self.cmd)));
        };
        let deadline = started + if fresh { limit * 2 } else { limit };
        // A kept-running bot answers in the format it started with (the platform's rule).
        let json = self.mode == Mode::Json;
        let mut answer: Option<String> = None;
        let mut count = 0usize;
        let verdict = loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match p.lines.recv_timeout(left) {
                Ok(Out::Line(l)) => {
                    count += 1;
                    if count > MAX_LINES {
                        break Err(format!("printed more than {MAX_LINES} lines"));
                    }
                    if l == KEEP_RUNNING {
                        if answer.is_some() {
                            break Ok(true);
                        }
                        break Err("asked to keep running before answering".into());
                    }
                    if answer.is_none() {
                        answer = Some(l);
                    }
                    if self.lines {
                        break Ok(true);
                    }
                }
                Ok(Out::End) | Err(RecvTimeoutError::Disconnected) => break Ok(false),
                Err(RecvTimeoutError::Timeout) => {
                    break Err(format!(
                        "no complete answer within {} ms",
                        (deadline - started).as_millis()
                    ))
                }
            }
        };
        match verdict {
            Ok(true) => self.live = Some(p),
            _ => p.kill(),
        }
        verdict.map_err(|e| fault(seat, e))?;
        let raw = answer.ok_or_else(|| fault(seat, "exited without answering"))?;
        let text = if json {
            json_answer(&raw).map_err(|e| fault(seat, e))?
        } else {
            raw.trim().to_string()
        };
        if !self.lines {
            self.history.responses.push(text.clone());
        }
        Ok(text)
    }

    fn reset(&mut self) {
        if let Some(p) = self.live.take() {
            p.kill();
        }
        if let Some((p, _, _)) = self.busy.take() {
            p.kill();
        }
        self.history = History::default();
        self.started = false;
    }
}

impl Drop for Seat {
    fn drop(&mut self) {
        self.reset();
    }
}

/// The four bot programs of a table, each answering within `limit` per request.
pub struct Programs {
    seats: Vec<Seat>,
    limit: Duration,
}

impl Programs {
    /// Bots that speak in lines (mjai): each started once per game, answering one line with one.
    pub fn lines(cmds: &[String], limit: Duration) -> Programs {
        let seats = cmds
            .iter()
            .map(|c| {
                let mut seat = Seat::new(c, Mode::Simple);
                seat.lines = true;
                seat
            })
            .collect();
        Programs { seats, limit }
    }
}

impl Bots for Programs {
    fn exchange(&mut self, requests: &[String; SEATS]) -> Vec<Result<String, Fault>> {
        for (seat, r) in self.seats.iter_mut().zip(requests) {
            seat.start(r);
        }
        let limit = self.limit;
        self.seats
            .iter_mut()
            .enumerate()
            .map(|(s, seat)| seat.collect(s, limit))
            .collect()
    }

    fn reset(&mut self) {
        for s in &mut self.seats {
            s.reset();
        }
    }

    fn names(&self) -> Vec<String> {
        self.seats.iter().map(|s| s.cmd.clone()).collect()
    }
}

/// What `mj match` was asked to do.
pub struct MatchOptions {
    pub rules: String,
    pub bots: Vec<String>,
    pub seed: u64,
    pub games: u32,
    pub mode: Mode,
    pub timeout: Duration,
    pub out: Option<std::path::PathBuf>,
    pub json: bool,
    pub penalty: Option<String>,
    /// mjai: each event as a one-element JSON array (mjai.app's bots read arrays).
    pub arrays: bool,
}

/// Plays the games, printing one line per game (a JSON object with `json`) and the totals.
pub fn run_match(o: &MatchOptions, out: &mut impl Write) -> Result<std::process::ExitCode, String> {
    let io = |e: std::io::Error| e.to_string();
    let rs = mj_dsl::load(&o.rules).map_err(|d| d.to_string())?;
    let table = mj_dsl::table::Table::new(rs)?;
    let penalty = match &o.penalty {
        Some(p) => p.clone(),
        None => default_penalty(&table).ok_or_else(|| {
            format!(
                "ruleset `{}` has no [settlement] penalty to charge faults with; add one or name one with --penalty",
                o.rules
            )
        })?,
    };
    if let Some(dir) = &o.out {
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let programs = Programs {
        seats: o.bots.iter().map(|c| Seat::new(c, o.mode)).collect(),
        limit: o.timeout,
    };
    let mut judge = Judge::new(&table, programs, &penalty)?;
    let mut tally = Tally::default();
    let began = Instant::now();
    for k in 0..o.games {
        let seed = o.seed.wrapping_add(k as u64);
        let round = Wind::from_index((k % 4) as u8).unwrap_or_default();
        let g = judge.game(seed, round)?;
        tally.add(&g);
        let file = match &o.out {
            Some(dir) => {
                let path = dir.join(format!("game-{:04}.json", k + 1));
                std::fs::write(&path, format!("{}\n", g.record.to_json()))
                    .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
                Some(path.display().to_string())
            }
            None => None,
        };
        let line = g.report(k + 1, seed, round, file.as_deref(), o.json);
        writeln!(out, "{line}").map_err(io)?;
    }
    let secs = began.elapsed().as_secs_f64();
    write!(out, "{}", tally.report(o.games, secs, &o.bots, o.json)).map_err(io)?;
    Ok(std::process::ExitCode::SUCCESS)
}
