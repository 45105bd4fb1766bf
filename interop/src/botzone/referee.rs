//! Our engine as a Botzone referee (`mj match`): the turn logic of the platform's judge over four
//! bots that speak the Botzone protocol.
//!
//! Every Botzone turn sends one request to each of the four bots and collects four answers, as
//! the platform does; the engine decides what is legal. A bot that answers late, answers
//! something that is not a response, or answers an illegal move (a false win included) ends the
//! game with a forfeit: it pays the ruleset's penalty to each other seat (Botzone: −30 / +10).
//! When several bots err in one turn the first in seat order is penalised, as on the platform.
//!
//! How the bots run (processes with timeouts, threads, a network) is behind the [`Bots`] trait:
//! the front end starts and stops them, this module only judges what they answer.

use super::protocol::{Act, Request, Response};
use mj_core::game::event::Event;
use mj_core::game::record::forfeit;
use mj_core::game::state::{Phase, TurnStart};
use mj_core::game::{apply, legal_actions, new_hand, Action, Record, Rules, State};
use mj_core::tile::Tile;
use mj_core::Wind;

/// Seats at a Botzone table.
pub const SEATS: usize = 4;

/// Why a seat is penalised.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    pub seat: usize,
    pub reason: String,
}

/// The fault of `seat`, for `reason`.
pub fn fault(seat: usize, reason: impl Into<String>) -> Fault {
    Fault {
        seat,
        reason: reason.into(),
    }
}

/// The four bots a referee talks to.
pub trait Bots {
    /// Sends `requests[s]` to seat `s`, all four before any answer is awaited, and returns each
    /// seat's answer line in seat order, or the seat's fault (late, silent, not started).
    fn exchange(&mut self, requests: &[String; SEATS]) -> Vec<Result<String, Fault>>;
    /// Ends the game for every bot (a kept-running one is stopped, every history cleared).
    fn reset(&mut self);
    /// The bots' names, seat by seat, for the record.
    fn names(&self) -> Vec<String>;
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

impl Game {
    /// What `mj match` says of game `number` (from 1), dealt from `seed` in prevalent wind
    /// `round`: one line of text, or with `json` one JSON object, naming the `record` file when
    /// one was written.
    pub fn report(&self, number: u32, seed: u64, round: Wind, record: Option<&str>, json: bool) -> String {
        let net = self.record.net();
        let (kind, detail) = match &self.ending {
            Ending::Win {
                seat,
                self_drawn,
                total,
            } => {
                let how = if *self_drawn { "self-drawn" } else { "on a discard" };
                ("win", format!("seat {seat} wins {how}, {total} points"))
            }
            Ending::Draw => ("draw", "exhaustive draw".to_string()),
            Ending::Forfeit(f) => ("penalty", format!("seat {} penalised: {}", f.seat, f.reason)),
        };
        if !json {
            return format!(
                "game {number} (seed {seed}, round {}): {detail}; net {net:?}",
                round.letter()
            );
        }
        let mut v = serde_json::json!({
            "game": number, "seed": seed, "round": round.letter().to_string(), "result": kind,
            "net": net, "turns": self.turns,
        });
        match &self.ending {
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
        if let Some(f) = record {
            v["record"] = f.into();
        }
        v.to_string()
    }
}

/// A match's running result, seat by seat.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub totals: [i64; SEATS],
    pub wins: [u32; SEATS],
    pub penalties: [u32; SEATS],
    pub draws: u32,
}

impl Tally {
    /// Adds a finished game.
    pub fn add(&mut self, g: &Game) {
        for (t, n) in self.totals.iter_mut().zip(&g.record.net()) {
            *t += n;
        }
        match &g.ending {
            Ending::Win { seat, .. } => self.wins[*seat] += 1,
            Ending::Draw => self.draws += 1,
            Ending::Forfeit(f) => self.penalties[f.seat] += 1,
        }
    }

    /// What `mj match` says after `games` games played in `secs` seconds by the `bots` (by seat):
    /// lines of text, or with `json` one JSON object; it ends with a newline.
    pub fn report(&self, games: u32, secs: f64, bots: &[String], json: bool) -> String {
        let rate = if secs > 0.0 { games as f64 / secs } else { 0.0 };
        if json {
            let v = serde_json::json!({
                "games": games, "totals": self.totals, "wins": self.wins, "penalties": self.penalties,
                "draws": self.draws, "seconds": (secs * 1000.0).round() / 1000.0,
                "games_per_second": (rate * 100.0).round() / 100.0,
            });
            return format!("{v}\n");
        }
        let mut s = format!(
            "── {games} game(s) in {secs:.2} s ({rate:.2} games/s), {} drawn ──\n",
            self.draws
        );
        for (seat, bot) in bots.iter().enumerate().take(SEATS) {
            s += &format!(
                "seat {seat}: {:+} points, {} win(s), {} penalty(ies) · {bot}\n",
                self.totals[seat], self.wins[seat], self.penalties[seat]
            );
        }
        s
    }
}

/// A table of four bots under one ruleset.
pub struct Judge<'a, B: Bots> {
    rules: &'a dyn Rules,
    bots: B,
    penalty: String,
}

/// The game in progress: engine state, events, turn count.
struct Play {
    st: State,
    events: Vec<Event>,
    turns: usize,
}

impl<'a, B: Bots> Judge<'a, B> {
    /// A judge for `bots`; faults cost the ruleset's penalty `penalty`.
    pub fn new(rules: &'a dyn Rules, bots: B, penalty: &str) -> Result<Judge<'a, B>, String> {
        let given = bots.names().len();
        if given != SEATS || rules.table().player_count() != SEATS {
            return Err(format!(
                "a Botzone table seats four bots under a four-player ruleset ({given} bots given)"
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
            bots,
            penalty: penalty.to_string(),
        })
    }

    /// Plays one game from `seed` with seat 0 dealing (Botzone's East) in prevalent wind `round`.
    pub fn game(&mut self, seed: u64, round: Wind) -> Result<Game, String> {
        let rules = self.rules;
        let (st, events) = new_hand(rules, seed, 0, round).map_err(|e| e.to_string())?;
        let mut play = Play { st, events, turns: 0 };
        let result = self.run(&mut play, round);
        self.bots.reset();
        let names = self.bots.names();
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
    /// One Botzone turn: `requests[s]` to seat `s`, all four at once; the answers parsed, or the
    /// first faulty seat.
    fn turn(&mut self, play: &mut Play, requests: [String; SEATS]) -> Result<[Response; SEATS], Fault> {
        play.turns += 1;
        let answers = self.bots.exchange(&requests);
        let set = self.rules.tiles();
        let mut out = [Response::Pass; SEATS];
        let mut first: Option<Fault> = None;
        for (s, answer) in answers.into_iter().enumerate().take(SEATS) {
            match answer.and_then(|t| Response::parse(set, &t).map_err(|e| fault(s, e))) {
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

/// The penalty faults cost when none is named: the ruleset's first penalty that ends the hand
/// (mcr-botzone's `botzone_error`, 10 to each other seat, as on the platform), else its first
/// penalty of any kind (the game still ends: a fault is a forfeit).
pub fn default_penalty(table: &mj_dsl::table::Table) -> Option<String> {
    let penalties = &table.ruleset.settlement.penalties;
    penalties
        .iter()
        .find(|p| p.ends_hand)
        .or_else(|| penalties.first())
        .map(|p| p.id.clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::botzone::bot::answer;
    use crate::botzone::protocol::History;
    use mj_dsl::table::Table;

    /// Four copies of our own bot, answering in this process from their histories: the referee
    /// needs no process to be tested.
    struct InProcess<'a> {
        rules: &'a dyn Rules,
        histories: Vec<History>,
    }

    impl Bots for InProcess<'_> {
        fn exchange(&mut self, requests: &[String; SEATS]) -> Vec<Result<String, Fault>> {
            let rules = self.rules;
            let histories = self.histories.iter_mut();
            (0..SEATS)
                .zip(histories)
                .map(|(s, h)| {
                    h.requests.push(requests[s].clone());
                    let a = answer(rules, h).map_err(|e| fault(s, e))?;
                    h.responses.push(a.clone());
                    Ok(a)
                })
                .collect()
        }

        fn reset(&mut self) {
            self.histories = vec![History::default(); SEATS];
        }

        fn names(&self) -> Vec<String> {
            (0..SEATS).map(|s| format!("greedy {s}")).collect()
        }
    }

    #[test]
    fn four_greedy_bots_play_games_that_replay() {
        let t = Table::new(mj_dsl::load("mcr-botzone").expect("loads")).expect("a table");
        let penalty = default_penalty(&t).expect("mcr-botzone has a penalty");
        let bots = InProcess {
            rules: &t,
            histories: vec![History::default(); SEATS],
        };
        let mut judge = Judge::new(&t, bots, &penalty).expect("a judge");
        let mut tally = Tally::default();
        for (k, round) in [Wind::EAST, Wind::SOUTH].into_iter().enumerate() {
            let g = judge.game(k as u64, round).expect("a game");
            assert!(!matches!(g.ending, Ending::Forfeit(_)), "{:?}", g.ending);
            assert!(g.turns > 2);
            assert!(mj_core::game::replay(&t, &g.record).is_ok());
            let line = g.report(k as u32 + 1, k as u64, round, None, true);
            assert!(line.starts_with(&format!("{{\"game\":{}", k + 1)), "{line}");
            tally.add(&g);
        }
        assert_eq!(tally.totals.iter().sum::<i64>(), 0, "{tally:?}");
        assert_eq!(tally.wins.iter().sum::<u32>() + tally.draws, 2);
        let names = judge.bots.names();
        assert!(tally.report(2, 1.0, &names, false).contains("seat 3:"));
    }

    #[test]
    fn a_judge_needs_a_penalty_of_the_ruleset() {
        let t = Table::new(mj_dsl::load("mcr-botzone").expect("loads")).expect("a table");
        let bots = InProcess {
            rules: &t,
            histories: Vec::new(),
        };
        assert!(Judge::new(&t, bots, "no_such_penalty").is_err());
    }
}
