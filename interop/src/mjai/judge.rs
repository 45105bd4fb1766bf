//! Our engine as the judge of four mjai bots (`mj match --protocol mjai`): a whole match, every
//! event sent to every bot as it happens and every answer checked by the engine.
//!
//! The lines are the ones `mj export mjai` writes for the finished records ([`HandLines`], fed
//! step by step), each seat seeing its own view ([`seat_view`]: the others' tiles hidden). Every
//! bot answers every line, as with gimite's mjai server. An answer counts only where the engine
//! gives that seat a choice: its own `tsumo`, `pon` or `chi` (its discard) and `reach` (the
//! discard that goes with it), or another's `dahai`, `kakan` or `ankan` (a call, a win or
//! `none`); everywhere else a bot must answer `{"type":"none"}`. Answers to `end_kyoku` and
//! `end_game` are not judged.
//!
//! A bot that answers late, crashes, answers something that is not an mjai action, or answers
//! an action the engine does not allow forfeits: the hand ends there with a
//! [`RecordEvent::Forfeit`](mj_core::game::record::RecordEvent::Forfeit) charging the ruleset's
//! penalty when one is named (none for a ruleset without `[settlement] penalty`: the hand ends
//! unpaid), and the match ends with it. Faults in one exchange: the first seat in seat order.
//! The bots sit behind Botzone's [`Bots`] trait; the front end runs the processes.

use super::export::{end_game, start_game, HandLines};
use super::{parse_tile, seat_view};
use crate::botzone::referee::{fault, Bots, Fault, SEATS};
use mj_core::game::matchplay::{play_match_with, MatchHand, MatchStart};
use mj_core::game::record::{forfeit, RecordEvent};
use mj_core::game::state::Phase;
use mj_core::game::{
    apply, legal_actions, new_hand_at, Action, MatchResult, PlayError, Record, Rules, State,
};
use mj_core::tile::Tile;
use serde_json::{json, Value};

/// A judged match.
pub struct Game {
    pub result: MatchResult,
    /// The fault that ended it early, by the player's starting seat.
    pub fault: Option<Fault>,
    /// Lines sent to each bot.
    pub lines: usize,
}

impl Game {
    /// What `mj match --protocol mjai` says of game `number` (from 1) dealt from `seed`: one line
    /// of text, or with `json` one JSON object, naming the `record` file when one was written.
    pub fn report(&self, number: u32, seed: u64, record: Option<&str>, json: bool) -> String {
        let r = &self.result;
        if !json {
            let end = match &self.fault {
                Some(f) => format!("; seat {} forfeited: {}", f.seat, f.reason),
                None => String::new(),
            };
            let places: Vec<usize> = r.places.iter().map(|p| p + 1).collect();
            return format!(
                "game {number} (seed {seed}): {} hand(s), points {:?}, places {places:?}{end}",
                r.hands.len(),
                r.totals
            );
        }
        let mut v = json!({
            "game": number, "seed": seed, "hands": r.hands.len(), "totals": r.totals,
            "places": r.places, "ranking": r.ranking, "results": r.results, "lines": self.lines,
            "result": if self.fault.is_some() { "forfeit" } else { "complete" },
        });
        if let Some(f) = &self.fault {
            v["offender"] = f.seat.into();
            v["reason"] = f.reason.clone().into();
        }
        if let Some(f) = record {
            v["record"] = f.into();
        }
        v.to_string()
    }
}

/// Matches' running result, player by player (by starting seat).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Standings {
    pub games: u32,
    /// Final points summed over the matches.
    pub points: [i64; SEATS],
    /// `places[p][k]`: matches player `p` finished in place `k` (0 = first).
    pub places: [[u32; SEATS]; SEATS],
    pub forfeits: [u32; SEATS],
}

impl Standings {
    pub fn add(&mut self, g: &Game) {
        self.games += 1;
        for p in 0..SEATS {
            self.points[p] += g.result.totals.get(p).copied().unwrap_or(0);
            if let Some(&k) = g.result.places.get(p).filter(|&&k| k < SEATS) {
                self.places[p][k] += 1;
            }
        }
        if let Some(f) = g.fault.as_ref().filter(|f| f.seat < SEATS) {
            self.forfeits[f.seat] += 1;
        }
    }

    /// What `mj match --protocol mjai` says at the end, after `secs` seconds with `bots` (by
    /// starting seat): lines of text, or with `json` one JSON object; it ends with a newline.
    pub fn report(&self, secs: f64, bots: &[String], json: bool) -> String {
        if json {
            let v = json!({
                "games": self.games, "points": self.points, "places": self.places,
                "forfeits": self.forfeits, "seconds": (secs * 1000.0).round() / 1000.0,
            });
            return format!("{v}\n");
        }
        let mut s = format!("── {} match(es) in {secs:.2} s ──\n", self.games);
        for (p, bot) in bots.iter().enumerate().take(SEATS) {
            s += &format!(
                "seat {p}: {} points, places 1st-4th {:?}, {} forfeit(s) · {bot}\n",
                self.points[p], self.places[p], self.forfeits[p]
            );
        }
        s
    }
}

/// Why a hand stopped before its end.
enum Stop {
    Fault(Fault),
    /// The judge itself failed (a ruleset error, a state it cannot describe).
    Judge(String),
}

impl From<Fault> for Stop {
    fn from(f: Fault) -> Stop {
        Stop::Fault(f)
    }
}

impl From<PlayError> for Stop {
    fn from(e: PlayError) -> Stop {
        Stop::Judge(e.to_string())
    }
}

/// The hand in progress.
struct Play<'h> {
    st: State,
    events: Vec<mj_core::game::Event>,
    lines: HandLines<'h>,
    /// Lines made and not yet sent.
    unsent: Vec<Value>,
    /// The player (by starting seat) at each seat.
    occupant: Vec<usize>,
    /// Each discard so far: the seat, and whether its `dahai` said `tsumogiri` (the engine
    /// cannot tell equal copies apart; the record keeps what the bot said).
    discards: Vec<(usize, bool)>,
}

/// A table of four mjai bots under one ruleset.
pub struct Judge<'a, B: Bots> {
    rules: &'a dyn Rules,
    bots: B,
    penalty: Option<String>,
    sent: usize,
    arrays: bool,
}

impl<'a, B: Bots> Judge<'a, B> {
    /// A judge for `bots`; a fault costs the ruleset's penalty `penalty` when given.
    pub fn new(rules: &'a dyn Rules, bots: B, penalty: Option<&str>) -> Result<Judge<'a, B>, String> {
        let given = bots.names().len();
        if given != SEATS || rules.table().player_count() != SEATS {
            return Err(format!(
                "an mjai table seats four bots under a four-player ruleset ({given} bots given)"
            ));
        }
        if let Some(p) = penalty.filter(|p| rules.penalty(p).is_none()) {
            return Err(format!(
                "ruleset `{}` has no penalty `{p}` ([settlement] penalty)",
                rules.table().ruleset
            ));
        }
        Ok(Judge {
            rules,
            bots,
            penalty: penalty.map(str::to_string),
            sent: 0,
            arrays: false,
        })
    }

    /// With `yes`, each line is a JSON array of its one event, as mjai.app sends the events
    /// since a bot's last answer (bots written for it read arrays only).
    pub fn arrays(mut self, yes: bool) -> Self {
        self.arrays = yes;
        self
    }

    /// Plays one match from `seed` (the seeds, rotation and results of `mj play --match`).
    pub fn game(&mut self, seed: u64) -> Result<Game, String> {
        let names = self.bots.names();
        let mut fault = None;
        self.sent = 0;
        let mut first = true;
        let fresh = MatchStart::fresh(self.rules);
        let result = play_match_with(self.rules, seed, None, &fresh, &mut |h: &MatchHand| {
            let opening = std::mem::take(&mut first).then(|| start_game(&names));
            self.hand(h, &names, opening, &mut fault)
        });
        let result = match result {
            Ok(r) => r,
            Err(e) => {
                self.bots.reset();
                return Err(e);
            }
        };
        if fault.is_none() {
            self.tell_all(&[end_game(&result.totals)], &[0, 1, 2, 3]);
        }
        self.bots.reset();
        Ok(Game {
            result,
            fault,
            lines: self.sent,
        })
    }

    /// One hand of the match; a fault ends it with a forfeit, noted in `fault`.
    fn hand(
        &mut self,
        h: &MatchHand,
        names: &[String],
        opening: Option<Value>,
        fault: &mut Option<Fault>,
    ) -> Result<Record, String> {
        let rules = self.rules;
        let (st, events) =
            new_hand_at(rules, h.seed, h.dealer, h.round, h.start).map_err(|e| e.to_string())?;
        let seated: Vec<String> = h.occupant.iter().map(|&p| names[p].clone()).collect();
        let deal =
            Record::new(rules, h.seed, h.dealer, h.round, seated.clone(), None, &events).at(rules, &st);
        let lines = HandLines::start(rules, &deal, &deal.events, &st)?;
        let mut play = Play {
            st,
            events,
            lines,
            unsent: opening.into_iter().collect(),
            occupant: h.occupant.to_vec(),
            discards: Vec::new(),
        };
        let stop = self.run(&mut play).err();
        let mut record =
            Record::new(rules, h.seed, h.dealer, h.round, seated, None, &play.events).at(rules, &play.st);
        record.mark_from_hand(play.discards.iter().copied());
        match stop {
            None => {
                let (closing, _) = play.lines.finish();
                self.tell_all(&closing, &play.occupant);
                Ok(record)
            }
            Some(Stop::Judge(e)) => Err(e),
            Some(Stop::Fault(f)) => {
                let seat = play.occupant.iter().position(|&p| p == f.seat).unwrap_or(f.seat);
                let id = self.penalty.clone().unwrap_or_default();
                let r = forfeit(rules, &record, seat, &id).map_err(|d| d.to_string())?;
                *fault = Some(f);
                Ok(r)
            }
        }
    }

    /// Sends `lines` to every bot (seat `s` to player `occupant[s]`), answers unjudged.
    fn tell_all(&mut self, lines: &[Value], occupant: &[usize]) {
        for l in lines {
            let _ = self.bots.exchange(&self.requests(l, occupant));
            self.sent += 1;
        }
    }

    fn requests(&self, line: &Value, occupant: &[usize]) -> [String; SEATS] {
        let mut r: [String; SEATS] = Default::default();
        for (s, &p) in occupant.iter().enumerate().take(SEATS) {
            let v = seat_view(line, s);
            r[p] = if self.arrays { json!([v]) } else { v }.to_string();
        }
        r
    }

    /// Sends the unsent lines; returns each acting seat's answer to the last line that gave it
    /// its choice (`acting`: the seats the engine waits for), every other answer being `none`.
    fn tell(&mut self, play: &mut Play, acting: &[usize]) -> Result<[Value; SEATS], Stop> {
        let lines = std::mem::take(&mut play.unsent);
        let mut deciding = [None; SEATS];
        for (i, l) in lines.iter().enumerate() {
            for &s in acting.iter().filter(|&&s| gives_choice(l, s)) {
                deciding[s] = Some(i);
            }
        }
        if let Some(&s) = acting.iter().find(|&&s| deciding[s].is_none()) {
            return Err(Stop::Judge(format!(
                "no line gives seat {s} its choice (judge error)"
            )));
        }
        let mut out: [Value; SEATS] = Default::default();
        for (i, l) in lines.iter().enumerate() {
            let answers = self.bots.exchange(&self.requests(l, &play.occupant));
            self.sent += 1;
            let mut first: Option<Fault> = None;
            for (s, &p) in play.occupant.iter().enumerate().take(SEATS) {
                let answer = answers
                    .get(p)
                    .cloned()
                    .unwrap_or_else(|| Err(fault(p, "no answer")))
                    .and_then(|a| parse_answer(&a).map_err(|e| fault(p, e)));
                let checked = answer.and_then(|a| {
                    if deciding[s] == Some(i) {
                        out[s] = a;
                        Ok(())
                    } else if a["type"] == "none" {
                        Ok(())
                    } else {
                        Err(fault(
                            p,
                            format!("answered {a} to {l}, where only none is allowed"),
                        ))
                    }
                });
                if let Err(f) = checked {
                    first.get_or_insert(f);
                }
            }
            if let Some(f) = first {
                return Err(f.into());
            }
        }
        Ok(out)
    }

    /// Plays the hand to its end.
    fn run(&mut self, play: &mut Play) -> Result<(), Stop> {
        for _ in 0..100_000 {
            play.unsent.extend(play.lines.take());
            let acting = match &play.st.phase {
                Phase::Turn(t) => vec![t.seat],
                Phase::Offer(o) => o.waiting.clone(),
                Phase::Over { .. } => Vec::new(),
                Phase::Prepare(_) => return Err(Stop::Judge("mjai has no exchange before play".into())),
            };
            let answers = self.tell(play, &acting)?;
            match play.st.phase.clone() {
                Phase::Turn(t) => self.turn(play, t.seat, &answers[t.seat])?,
                Phase::Offer(o) => self.offer(play, &o.waiting, &answers)?,
                _ => return Ok(()),
            }
        }
        Err(Stop::Judge("the hand does not end (judge safety net)".into()))
    }

    /// Applies `action` of `seat`, turning its events into lines; an illegal one is `seat`'s fault.
    fn apply(&self, play: &mut Play, seat: usize, action: Action, answer: &Value) -> Result<(), Stop> {
        let set = self.rules.tiles();
        let player = play.occupant[seat];
        let (after, events) = apply(self.rules, &play.st, seat, action)
            .map_err(|e| fault(player, format!("{answer}: illegal ({})", e.message(set))))?;
        let mut recorded: Vec<RecordEvent> = events.iter().map(|e| RecordEvent::from_event(set, e)).collect();
        for e in &mut recorded {
            if let RecordEvent::Discard { from_hand, .. } = e {
                // A bot that leaves `tsumogiri` out is taken to have thrown the tile it drew.
                let threw = answer["tsumogiri"].as_bool().unwrap_or(true);
                play.discards.push((seat, threw));
                // The others are told what the bot said (the lines are written from these events),
                // and the record keeps it (`Record::mark_from_hand`).
                *from_hand = !threw;
            }
        }
        play.lines
            .step(&recorded, &play.st, &after)
            .map_err(Stop::Judge)?;
        play.st = after;
        play.events.extend(events);
        Ok(())
    }

    /// The seat to move answered `a` to its draw or call.
    fn turn(&mut self, play: &mut Play, seat: usize, a: &Value) -> Result<(), Stop> {
        let set = self.rules.tiles();
        let player = play.occupant[seat];
        let bad = |why: &str| fault(player, format!("{a}: {why}"));
        let tile = |key: &str| parse_tile(set, a[key].as_str().unwrap_or_default());
        let action = match a["type"].as_str().unwrap_or_default() {
            "dahai" => {
                let (t, red) = tile("pai").ok_or_else(|| bad("no tile `pai`"))?;
                discard(&play.st, seat, t, red).ok_or_else(|| bad("that copy is not in the hand"))?
            }
            "hora" => Action::SelfWin,
            "ankan" => {
                let first = a["consumed"].get(0).and_then(|v| parse_tile(set, v.as_str()?));
                Action::ConcealedKong(first.ok_or_else(|| bad("no tiles `consumed`"))?.0)
            }
            "kakan" => Action::AddedKong(tile("pai").ok_or_else(|| bad("no tile `pai`"))?.0),
            "ryukyoku" => Action::AbortiveDraw,
            "reach" => return self.reach(play, seat, a),
            _ => return Err(bad("not an action on one's own turn").into()),
        };
        self.apply(play, seat, action, a)
    }

    /// A `reach`: the `reach` line goes to everyone, the seat's answer to it is its discard.
    fn reach(&mut self, play: &mut Play, seat: usize, a: &Value) -> Result<(), Stop> {
        let set = self.rules.tiles();
        let player = play.occupant[seat];
        let legal = legal_actions(self.rules, &play.st, seat);
        if !legal.iter().any(|x| matches!(x, Action::DeclareReady { .. })) {
            return Err(fault(player, format!("{a}: no riichi is allowed here")).into());
        }
        let line = json!({"type": "reach", "actor": seat});
        play.unsent.push(line.clone());
        let answers = self.tell(play, &[seat])?;
        let d = &answers[seat];
        let t = (d["type"] == "dahai")
            .then(|| parse_tile(set, d["pai"].as_str().unwrap_or_default()))
            .flatten()
            .ok_or_else(|| fault(player, format!("answered {d} to its reach, not a dahai")))?
            .0;
        let action = legal
            .into_iter()
            .find(|x| matches!(x, Action::DeclareReady { discard, .. } if *discard == t))
            .ok_or_else(|| fault(player, format!("{d}: that discard does not keep the hand ready")))?;
        self.apply(play, seat, action, d)?;
        // The reach line is already out; the step's own copy of it is not sent twice.
        let mut made = play.lines.take();
        if made.first() == Some(&line) {
            made.remove(0);
        }
        play.unsent.extend(made);
        Ok(())
    }

    /// The seats `waiting` on the tile on offer answered `answers`: applied in the engine's
    /// order on a copy, the first faulty seat in seat order penalised.
    fn offer(&mut self, play: &mut Play, waiting: &[usize], answers: &[Value; SEATS]) -> Result<(), Stop> {
        let set = self.rules.tiles();
        let Phase::Offer(o) = &play.st.phase else {
            return Ok(());
        };
        let tile = o.tile;
        let mut faults: Vec<Fault> = Vec::new();
        let before = (play.st.clone(), play.events.len());
        for &s in waiting {
            let a = &answers[s];
            let player = play.occupant[s];
            let action = claim(set, a, tile).map_err(|e| fault(player, format!("{a}: {e}")));
            let done = action.and_then(|x| match self.apply(play, s, x, a) {
                Err(Stop::Fault(f)) => Err(f),
                other => Ok(other),
            });
            match done {
                Ok(r) => r?,
                Err(f) => {
                    faults.push(f);
                    // Keep the offer going so that later seats are checked too.
                    let _ = self.apply(play, s, Action::Pass, &json!({"type": "none"}));
                }
            }
        }
        if let Some(f) = faults
            .into_iter()
            .min_by_key(|f| play.occupant.iter().position(|&p| p == f.seat))
        {
            // The hand ends where the faulty answers were given.
            play.st = before.0;
            play.events.truncate(before.1);
            return Err(f.into());
        }
        Ok(())
    }
}

/// Whether line `l` gives seat `s` a choice to answer.
fn gives_choice(l: &Value, s: usize) -> bool {
    let mine = l["actor"].as_u64() == Some(s as u64);
    match l["type"].as_str().unwrap_or_default() {
        "tsumo" | "pon" | "chi" | "reach" => mine,
        "dahai" | "kakan" | "ankan" => !mine,
        _ => false,
    }
}

/// An answer line as a JSON object with a `type`.
fn parse_answer(text: &str) -> Result<Value, String> {
    let v: Value =
        serde_json::from_str(text.trim()).map_err(|e| format!("answered `{text}`: not JSON ({e})"))?;
    if v["type"].is_string() {
        Ok(v)
    } else {
        Err(format!("answered `{text}`: not an mjai action (no `type`)"))
    }
}

/// The discard of a `t` (`red`: the red copy) from `seat`'s hand: the engine gives plain copies
/// first, so a red one held beside plain ones is its own action; `None` if that copy is not held.
fn discard(st: &State, seat: usize, t: Tile, red: bool) -> Option<Action> {
    let held = &st.seats[seat];
    let (all, reds) = (held.concealed[t.id()], held.red[t.id()]);
    match (red, reds, all) {
        (_, _, 0) => None,
        (true, 0, _) => None,
        (true, r, n) if r < n => Some(Action::DiscardRed(t)),
        (false, r, n) if r >= n => None,
        _ => Some(Action::Discard(t)),
    }
}

/// The engine's answer for an mjai answer to the tile `tile` on offer.
fn claim(set: &mj_core::tile::TileSet, a: &Value, tile: Tile) -> Result<Action, String> {
    let kinds = |key: &str| -> Result<Vec<Tile>, String> {
        let v = a[key].as_array().ok_or(format!("no list `{key}`"))?;
        v.iter()
            .map(|x| parse_tile(set, x.as_str().unwrap_or_default()).map(|p| p.0))
            .collect::<Option<Vec<_>>>()
            .ok_or(format!("`{key}` names a tile that is not one"))
    };
    let ty = a["type"].as_str().unwrap_or_default();
    if ty != "none" {
        let pai = parse_tile(set, a["pai"].as_str().unwrap_or_default()).map(|p| p.0);
        if pai != Some(tile) {
            return Err("`pai` is not the tile on offer".into());
        }
    }
    match ty {
        "none" => Ok(Action::Pass),
        "hora" => Ok(Action::Win),
        "pon" if kinds("consumed")? == [tile, tile] => Ok(Action::Pong),
        "daiminkan" if kinds("consumed")? == [tile, tile, tile] => Ok(Action::ExposedKong),
        "chi" => {
            let mut run = kinds("consumed")?;
            run.push(tile);
            run.sort_by_key(|t| t.id());
            let first = run[0];
            let ok = run.len() == 3 && (1..3u8).all(|k| set.step(first, k) == Some(run[usize::from(k)]));
            ok.then_some(Action::Chi(first))
                .ok_or_else(|| "`consumed` and `pai` are no run".into())
        }
        "pon" | "daiminkan" => Err("`consumed` does not match the call".into()),
        _ => Err("not an answer to another's tile".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mj_core::game::new_hand;
    use mj_core::tile::Wind;

    fn riichi() -> mj_dsl::table::Table {
        mj_dsl::table::Table::new(mj_dsl::load("riichi").expect("loads")).expect("a table")
    }

    fn tile(set: &mj_core::tile::TileSet, name: &str) -> Tile {
        parse_tile(set, name).expect("a tile").0
    }

    #[test]
    fn calls_are_read_by_kind_and_checked_against_the_tile_on_offer() {
        let t = riichi();
        let set = t.tiles();
        let a = |s: &str| serde_json::from_str::<Value>(s).expect("JSON");
        let five = tile(set, "5p");
        let pon = a(r#"{"type":"pon","pai":"5p","consumed":["5p","5pr"]}"#);
        assert_eq!(claim(set, &pon, five), Ok(Action::Pong));
        let wrong = a(r#"{"type":"pon","pai":"5p","consumed":["5p","6p"]}"#);
        assert!(claim(set, &wrong, five).is_err());
        assert!(
            claim(set, &pon, tile(set, "6p")).is_err(),
            "not the tile on offer"
        );
        let (three, four) = (tile(set, "3m"), tile(set, "4m"));
        let chi = a(r#"{"type":"chi","pai":"4m","consumed":["3m","5mr"]}"#);
        assert_eq!(claim(set, &chi, four), Ok(Action::Chi(three)));
        let gap = a(r#"{"type":"chi","pai":"4m","consumed":["2m","5m"]}"#);
        assert!(claim(set, &gap, four).is_err());
        assert_eq!(claim(set, &a(r#"{"type":"none"}"#), four), Ok(Action::Pass));
        assert_eq!(
            claim(set, &a(r#"{"type":"hora","pai":"4m"}"#), four),
            Ok(Action::Win)
        );
        assert!(claim(set, &a(r#"{"type":"dahai","pai":"4m"}"#), four).is_err());
    }

    #[test]
    fn a_red_dahai_gives_the_red_copy_and_only_a_held_copy_is_discarded() {
        let t = riichi();
        let (mut st, _) = new_hand(&t, 1, 0, Wind::EAST).expect("a hand");
        let five = tile(t.tiles(), "5p");
        let seat = &mut st.seats[0];
        (seat.concealed[five.id()], seat.red[five.id()]) = (2, 1);
        assert_eq!(discard(&st, 0, five, true), Some(Action::DiscardRed(five)));
        assert_eq!(discard(&st, 0, five, false), Some(Action::Discard(five)));
        st.seats[0].red[five.id()] = 0;
        assert_eq!(discard(&st, 0, five, true), None, "no red copy held");
        (st.seats[0].concealed[five.id()], st.seats[0].red[five.id()]) = (1, 1);
        assert_eq!(
            discard(&st, 0, five, true),
            Some(Action::Discard(five)),
            "the only copy is red"
        );
        assert_eq!(discard(&st, 0, five, false), None, "no plain copy held");
        st.seats[0].concealed[five.id()] = 0;
        assert_eq!(discard(&st, 0, five, false), None);
    }
}
