//! `mj match`: our engine as a Botzone judge over four external bot programs.
//!
//! Every Botzone turn sends one request to each of the four bots and collects four answers, as
//! the platform does; the engine decides what is legal. A bot that answers late, answers
//! something that is not a response, or answers an illegal move (a false win included) ends the
//! game with a forfeit: it pays the ruleset's penalty to each other seat (Botzone: −30 / +10).
//! When several bots err in one turn the first in seat order is penalised, as on the platform.
//!
//! Bots are started per request with the whole history (simple or JSON interaction); a bot that
//! prints `>>>BOTZONE_REQUEST_KEEP_RUNNING<<<` after its answer is kept running and sent only
//! the next request line. Each bot runs in its own process group, killed at a timeout and at the
//! end of every game, so nothing a bot does can hang the match.

use super::protocol::{json_answer, Act, History, Mode, Request, Response, KEEP_RUNNING};
use mj_core::game::event::Event;
use mj_core::game::record::forfeit;
use mj_core::game::state::{Phase, TurnStart};
use mj_core::game::{apply, legal_actions, new_hand, Action, Record, Rules, State};
use mj_core::tile::Tile;
use mj_core::Wind;
use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

const SEATS: usize = 4;
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
    history: History,
    /// A bot that asked to keep running, waiting for its next request.
    live: Option<Proc>,
    /// The process answering the current request.
    busy: Option<(Proc, Instant, bool)>,
}

/// Why a seat is penalised.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    pub seat: usize,
    pub reason: String,
}

fn fault(seat: usize, reason: impl Into<String>) -> Fault {
    Fault {
        seat,
        reason: reason.into(),
    }
}

impl Seat {
    fn new(cmd: &str, mode: Mode) -> Seat {
        Seat {
            cmd: cmd.to_string(),
            mode,
            history: History::default(),
            live: None,
            busy: None,
        }
    }

    /// Sends `request`: to the kept-running process as one line, or to a new process with the
    /// whole history. Start failures surface when the answer is collected.
    fn start(&mut self, request: &str) {
        self.history.requests.push(request.to_string());
        let now = Instant::now();
        if let Some(mut p) = self.live.take() {
            if p.send(&format!("{request}\n")) {
                self.busy = Some((p, now, false));
                return;
            }
            p.kill();
        }
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
            return Err(fault(seat, format!("could not start `{}`", self.cmd)));
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
        self.history.responses.push(text.clone());
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
    }
}

impl Drop for Seat {
    fn drop(&mut self) {
        self.reset();
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    Win {
        seat: usize,
        self_drawn: bool,
        total: i64,
    },
    Draw,
    Forfeit(Fault),
}

/// One finished game.
pub struct Game {
    pub record: Record,
    pub ending: Ending,
    /// Botzone turns played (requests sent to each bot).
    pub turns: usize,
}

/// A table of four bot programs under one ruleset.
pub struct Judge<'a> {
    rules: &'a dyn Rules,
    seats: Vec<Seat>,
    limit: Duration,
    penalty: String,
}

/// The game in progress: engine state, events, turn count.
struct Play {
    st: State,
    events: Vec<Event>,
    turns: usize,
}

impl<'a> Judge<'a> {
    /// A judge for `cmds` (one shell command per seat) answering within `limit` per request;
    /// faults cost the ruleset's penalty `penalty`.
    pub fn new(
        rules: &'a dyn Rules,
        cmds: &[String],
        mode: Mode,
        limit: Duration,
        penalty: &str,
    ) -> Result<Judge<'a>, String> {
        if cmds.len() != SEATS || rules.table().player_count() != SEATS {
            return Err(format!(
                "a Botzone table seats four bots under a four-player ruleset ({} bots given)",
                cmds.len()
            ));
        }
        if rules.penalty(penalty).is_none() {
            return Err(format!(
                "ruleset `{}` has no penalty `{penalty}` ([settlement] penalty) to charge faults with",
                rules.table().ruleset
            ));
        }
        Ok(Judge {
            rules,
            seats: cmds.iter().map(|c| Seat::new(c, mode)).collect(),
            limit,
            penalty: penalty.to_string(),
        })
    }

    /// Plays one game from `seed` with seat 0 dealing (Botzone's East) in prevalent wind `round`.
    pub fn game(&mut self, seed: u64, round: Wind) -> Result<Game, String> {
        let rules = self.rules;
        let (st, events) = new_hand(rules, seed, 0, round).map_err(|e| e.to_string())?;
        let mut play = Play { st, events, turns: 0 };
        let result = self.run(&mut play, round);
        for s in &mut self.seats {
            s.reset();
        }
        let names: Vec<String> = self.seats.iter().map(|s| s.cmd.clone()).collect();
        let record = Record::new(rules, seed, 0, round, names, None, &play.events).at(rules, &play.st);
        let (record, ending) = match result {
            Ok(()) => {
                let ending = play
                    .events
                    .iter()
                    .find_map(|e| match e {
                        Event::Win {
                            seat,
                            self_drawn,
                            total,
                            ..
                        } => Some(Ending::Win {
                            seat: *seat,
                            self_drawn: *self_drawn,
                            total: *total,
                        }),
                        _ => None,
                    })
                    .unwrap_or(Ending::Draw);
                (record, ending)
            }
            Err(f) => {
                let r = forfeit(rules, &record, f.seat, &self.penalty).map_err(|d| d.to_string())?;
                (r, Ending::Forfeit(f))
            }
        };
        Ok(Game {
            record,
            ending,
            turns: play.turns,
        })
    }

    /// One Botzone turn: `requests[s]` to seat `s`, all four at once; the answers parsed, or the
    /// first faulty seat.
    fn turn(&mut self, play: &mut Play, requests: [String; SEATS]) -> Result<[Response; SEATS], Fault> {
        play.turns += 1;
        for (seat, r) in self.seats.iter_mut().zip(&requests) {
            seat.start(r);
        }
        let set = self.rules.tiles();
        let mut out = [Response::Pass; SEATS];
        let mut first: Option<Fault> = None;
        for (s, seat) in self.seats.iter_mut().enumerate() {
            match seat
                .collect(s, self.limit)
                .and_then(|t| Response::parse(set, &t).map_err(|e| fault(s, e)))
            {
                Ok(r) => out[s] = r,
                Err(f) => {
                    first.get_or_insert(f);
                }
            }
        }
        match first {
            Some(f) => Err(f),
            None => Ok(out),
        }
    }

    fn all(text: String) -> [String; SEATS] {
        [text.clone(), text.clone(), text.clone(), text]
    }

    fn say(&self, r: &Response) -> String {
        r.text(self.rules.tiles())
    }

    fn only_passes(&self, answers: &[Response; SEATS], except: Option<usize>) -> Result<(), Fault> {
        for (s, a) in answers.iter().enumerate() {
            if Some(s) != except && *a != Response::Pass {
                return Err(fault(
                    s,
                    format!("answered `{}` where only PASS is allowed", self.say(a)),
                ));
            }
        }
        Ok(())
    }

    fn step(&self, play: &mut Play, seat: usize, action: Action, answer: &Response) -> Result<(), Fault> {
        match apply(self.rules, &play.st, seat, action) {
            Ok((st, ev)) => {
                play.st = st;
                play.events.extend(ev);
                Ok(())
            }
            Err(e) => {
                let why = if matches!(action, Action::Win | Action::SelfWin) {
                    "false win".to_string()
                } else {
                    e.message(self.rules.tiles())
                };
                Err(fault(seat, format!("`{}`: {why}", self.say(answer))))
            }
        }
    }

    fn run(&mut self, play: &mut Play, round: Wind) -> Result<(), Fault> {
        let rules = self.rules;
        let set = rules.tiles();
        let start: Vec<String> = (0..SEATS)
            .map(|s| {
                Request::Start {
                    seat: s,
                    quan: round.index() as usize,
                }
                .text(set)
            })
            .collect();
        let a = self.turn(
            play,
            [
                start[0].clone(),
                start[1].clone(),
                start[2].clone(),
                start[3].clone(),
            ],
        )?;
        self.only_passes(&a, None)?;
        let drawn = match &play.st.phase {
            Phase::Turn(t) => match t.start {
                TurnStart::Drew { tile, .. } => Some(tile),
                _ => None,
            },
            _ => None,
        };
        let flowers: Vec<usize> = play.st.seats.iter().map(|s| s.bonus.len()).collect();
        let flower_tiles: Vec<Tile> = play
            .st
            .seats
            .iter()
            .flat_map(|s| s.bonus.iter().copied())
            .collect();
        let deal: Vec<String> = (0..SEATS)
            .map(|s| {
                let mut c = play.st.seats[s].concealed;
                if s == play.st.dealer {
                    if let Some(t) = drawn {
                        c[t.id()] = c[t.id()].saturating_sub(1);
                    }
                }
                let hand = set
                    .tiles()
                    .flat_map(|t| std::iter::repeat_n(t, c[t.id()] as usize))
                    .collect();
                Request::Deal {
                    flowers: flowers.clone(),
                    hand,
                    flower_tiles: flower_tiles.clone(),
                }
                .text(set)
            })
            .collect();
        let a = self.turn(
            play,
            [deal[0].clone(), deal[1].clone(), deal[2].clone(), deal[3].clone()],
        )?;
        self.only_passes(&a, None)?;
        let mut guard = 0usize;
        while let Phase::Turn(t) = play.st.phase.clone() {
            guard += 1;
            if guard > 10_000 {
                return Err(fault(t.seat, "the game does not end (judge safety net)"));
            }
            let p = t.seat;
            let legal = legal_actions(rules, &play.st, p);
            if let Some(&Action::Bonus(f)) = legal
                .first()
                .filter(|_| legal.iter().all(|a| matches!(a, Action::Bonus(_))))
            {
                // Flowers are set aside by the judge, never by the bot (补花).
                self.step(play, p, Action::Bonus(f), &Response::Pass)?;
                let text = Request::Table {
                    seat: p,
                    act: Act::Buhua(f),
                }
                .text(set);
                let a = self.turn(play, Self::all(text))?;
                self.only_passes(&a, None)?;
                continue;
            }
            let TurnStart::Drew { tile, .. } = t.start else {
                return Err(fault(p, "a turn without a draw (judge error)"));
            };
            let mut reqs = Self::all(
                Request::Table {
                    seat: p,
                    act: Act::Draw,
                }
                .text(set),
            );
            reqs[p] = Request::Draw(tile).text(set);
            let a = self.turn(play, reqs)?;
            self.only_passes(&a, Some(p))?;
            let (action, act) = match a[p] {
                Response::Play(t) => (Action::Discard(t), Some(Act::Play(t))),
                Response::Gang(Some(t)) => (Action::ConcealedKong(t), Some(Act::Gang)),
                Response::Bugang(t) => (Action::AddedKong(t), Some(Act::Bugang(t))),
                Response::Hu => (Action::SelfWin, None),
                other => {
                    return Err(fault(
                        p,
                        format!("answered `{}` to its own draw", self.say(&other)),
                    ))
                }
            };
            self.step(play, p, action, &a[p])?;
            if let Some(act) = act {
                self.offer(play, Request::Table { seat: p, act }.text(set))?;
            }
        }
        Ok(())
    }

    /// Tells everyone `text` (a discard, a claim with its discard, or a kong) and settles the
    /// answers: claims and wins on the tile on offer, in the engine's order and priority.
    fn offer(&mut self, play: &mut Play, mut text: String) -> Result<(), Fault> {
        let rules = self.rules;
        let set = rules.tiles();
        loop {
            let a = self.turn(play, Self::all(text))?;
            let waiting = match &play.st.phase {
                Phase::Offer(o) => o.waiting.clone(),
                _ => Vec::new(),
            };
            let offered = match &play.st.phase {
                Phase::Offer(o) => Some(o.tile),
                _ => None,
            };
            // Check every answer before applying any, on a copy: answers do not change one
            // another's options, and the first faulty seat in seat order is the one penalised.
            let mut trial = Play {
                st: play.st.clone(),
                events: Vec::new(),
                turns: 0,
            };
            let mut faults: Vec<Fault> = Vec::new();
            for (s, answer) in a.iter().enumerate() {
                if !waiting.contains(&s) && *answer != Response::Pass {
                    faults.push(fault(
                        s,
                        format!("answered `{}` where only PASS is allowed", self.say(answer)),
                    ));
                }
            }
            for &s in &waiting {
                let (action, discard) = match (a[s], offered) {
                    (Response::Pass, _) => (Action::Pass, None),
                    (Response::Hu, _) => (Action::Win, None),
                    (Response::Gang(None), _) => (Action::ExposedKong, None),
                    (Response::Peng(d), Some(_)) => (Action::Pong, Some(d)),
                    (Response::Chi { mid, discard }, Some(_)) => {
                        match mid
                            .id()
                            .checked_sub(1)
                            .and_then(|i| set.tile(i))
                            .filter(|&f| set.step(f, 1) == Some(mid))
                        {
                            Some(first) => (Action::Chi(first), Some(discard)),
                            None => {
                                faults.push(fault(s, format!("`{}`: no such chow", self.say(&a[s]))));
                                (Action::Pass, None)
                            }
                        }
                    }
                    (other, _) => {
                        faults.push(fault(
                            s,
                            format!("answered `{}` to another's discard", self.say(&other)),
                        ));
                        (Action::Pass, None)
                    }
                };
                if let (Some(d), Some(tile)) = (discard, offered) {
                    if !holds_after_claim(rules, &play.st, s, action, tile, d) {
                        faults.push(fault(
                            s,
                            format!("`{}`: cannot discard that tile after the claim", self.say(&a[s])),
                        ));
                    }
                }
                if let Err(f) = self.step(&mut trial, s, action, &a[s]) {
                    faults.push(f);
                    // Keep the offer going so that later seats are checked too.
                    let _ = self.step(&mut trial, s, Action::Pass, &Response::Pass);
                }
            }
            if let Some(f) = faults.into_iter().min_by_key(|f| f.seat) {
                return Err(f);
            }
            play.st = trial.st;
            play.events.extend(trial.events);
            // A claim that took effect: its discard (pong, chow) or its replacement draw (kong).
            let Phase::Turn(t) = play.st.phase.clone() else {
                return Ok(());
            };
            let q = t.seat;
            text = match (t.start, a[q]) {
                (TurnStart::Pong, Response::Peng(d)) => {
                    self.step(play, q, Action::Discard(d), &a[q])?;
                    Request::Table {
                        seat: q,
                        act: Act::Peng(d),
                    }
                    .text(set)
                }
                (TurnStart::Chi, Response::Chi { mid, discard }) => {
                    self.step(play, q, Action::Discard(discard), &a[q])?;
                    Request::Table {
                        seat: q,
                        act: Act::Chi { mid, discard },
                    }
                    .text(set)
                }
                (TurnStart::Drew { after_kong: true, .. }, Response::Gang(None)) if waiting.contains(&q) => {
                    Request::Table {
                        seat: q,
                        act: Act::Gang,
                    }
                    .text(set)
                }
                _ => return Ok(()),
            };
        }
    }
}

/// Whether `seat`, claiming `tile` with `action`, would still hold `discard` to discard.
fn holds_after_claim(
    rules: &dyn Rules,
    st: &State,
    seat: usize,
    action: Action,
    tile: Tile,
    discard: Tile,
) -> bool {
    let set = rules.tiles();
    let mut c = st.seats[seat].concealed;
    c[tile.id()] += 1;
    let used: Vec<Tile> = match action {
        Action::Pong => vec![tile; 3],
        Action::Chi(first) => (0..3u8).filter_map(|k| set.step(first, k)).collect(),
        _ => Vec::new(),
    };
    for u in used {
        match c[u.id()].checked_sub(1) {
            Some(x) => c[u.id()] = x,
            None => return true, // not a claim the seat can make; the engine reports that
        }
    }
    c[discard.id()] > 0
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
}

/// The penalty faults cost when none is named: the ruleset's first penalty that ends the hand
/// (mcr-botzone's `botzone_error`, 10 to each other seat, as on the platform), else its first
/// penalty of any kind (the game still ends: a fault is a forfeit).
fn default_penalty(table: &mj_dsl::table::Table) -> Option<String> {
    let penalties = &table.ruleset.settlement.penalties;
    penalties
        .iter()
        .find(|p| p.ends_hand)
        .or_else(|| penalties.first())
        .map(|p| p.id.clone())
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
    let mut judge = Judge::new(&table, &o.bots, o.mode, o.timeout, &penalty)?;
    let mut totals = [0i64; SEATS];
    let (mut wins, mut faults) = ([0u32; SEATS], [0u32; SEATS]);
    let mut draws = 0u32;
    let began = Instant::now();
    for k in 0..o.games {
        let seed = o.seed.wrapping_add(k as u64);
        let round = Wind::from_index((k % 4) as u8).unwrap_or_default();
        let g = judge.game(seed, round)?;
        let net = g.record.net();
        for (t, n) in totals.iter_mut().zip(&net) {
            *t += n;
        }
        let file = match &o.out {
            Some(dir) => {
                let path = dir.join(format!("game-{:04}.json", k + 1));
                std::fs::write(&path, format!("{}\n", g.record.to_json()))
                    .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
                Some(path.display().to_string())
            }
            None => None,
        };
        let (kind, detail) = match &g.ending {
            Ending::Win {
                seat,
                self_drawn,
                total,
            } => {
                wins[*seat] += 1;
                let how = if *self_drawn { "self-drawn" } else { "on a discard" };
                ("win", format!("seat {seat} wins {how}, {total} points"))
            }
            Ending::Draw => {
                draws += 1;
                ("draw", "exhaustive draw".to_string())
            }
            Ending::Forfeit(f) => {
                faults[f.seat] += 1;
                ("penalty", format!("seat {} penalised: {}", f.seat, f.reason))
            }
        };
        if o.json {
            let mut v = serde_json::json!({
                "game": k + 1, "seed": seed, "round": round.letter().to_string(), "result": kind,
                "net": net, "turns": g.turns,
            });
            match &g.ending {
                Ending::Win {
                    seat,
                    self_drawn,
                    total,
                } => {
                    v["winner"] = (*seat).into();
                    v["self_drawn"] = (*self_drawn).into();
                    v["total"] = (*total).into();
                }
                Ending::Forfeit(f) => {
                    v["offender"] = f.seat.into();
                    v["reason"] = f.reason.clone().into();
                }
                Ending::Draw => {}
            }
            if let Some(f) = &file {
                v["record"] = f.clone().into();
            }
            writeln!(out, "{v}").map_err(io)?;
        } else {
            writeln!(
                out,
                "game {} (seed {seed}, round {}): {detail}; net {net:?}",
                k + 1,
                round.letter()
            )
            .map_err(io)?;
        }
    }
    let secs = began.elapsed().as_secs_f64();
    let rate = if secs > 0.0 { o.games as f64 / secs } else { 0.0 };
    if o.json {
        let v = serde_json::json!({
            "games": o.games, "totals": totals, "wins": wins, "penalties": faults, "draws": draws,
            "seconds": (secs * 1000.0).round() / 1000.0, "games_per_second": (rate * 100.0).round() / 100.0,
        });
        writeln!(out, "{v}").map_err(io)?;
    } else {
        writeln!(
            out,
            "── {} game(s) in {secs:.2} s ({rate:.2} games/s), {draws} drawn ──",
            o.games
        )
        .map_err(io)?;
        for s in 0..SEATS {
            writeln!(
                out,
                "seat {s}: {:+} points, {} win(s), {} penalty(ies) · {}",
                totals[s], wins[s], faults[s], o.bots[s]
            )
            .map_err(io)?;
        }
    }
    Ok(std::process::ExitCode::SUCCESS)
}
