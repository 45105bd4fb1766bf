//! Our records of one game as an mjai log (`mj export mjai`).
//!
//! A record says which tiles moved but not which copies: red fives, dora indicators and the
//! moment a kong's indicator is turned over are the engine's to know. So each record is played
//! again ([`replay_observed`]) and every step's events are read beside the states before and
//! after it: a tile is red when the seat's red copies of its kind changed with it, an indicator
//! is new when the state shows one more. Scores are the hand's starting points plus every
//! payment so far; the payments after a riichi, a win or a draw are that event's `deltas`.

use super::tile_name;
use mj_core::game::record::RecordEvent;
use mj_core::game::state::{Phase, TurnStart};
use mj_core::game::{replay_observed, Record, Rules, State};
use mj_core::meld::Meld;
use mj_core::tile::{Tile, TileSet};
use serde_json::{json, Value};

/// The mjai log of a game played as `records` (its hands in order): `start_game`, each hand
/// from `start_kyoku` to `end_kyoku`, `end_game` with the final points.
pub fn export_game(rules: &dyn Rules, records: &[Record]) -> Result<Vec<Value>, String> {
    let first = records.first().ok_or("no hand to export")?;
    let mut out = vec![start_game(&first.players)];
    let mut scores = Vec::new();
    for (k, r) in records.iter().enumerate() {
        scores = export_hand(rules, r, &mut out).map_err(|e| format!("hand {}: {e}", k + 1))?;
    }
    out.push(end_game(&scores));
    Ok(out)
}

/// The line that opens a game of players `names` (each seat learns its own `id` from
/// [`super::seat_view`]).
pub fn start_game(names: &[String]) -> Value {
    json!({"type": "start_game", "names": names})
}

/// The line that closes a game with every seat's final points.
pub fn end_game(scores: &[i64]) -> Value {
    json!({"type": "end_game", "scores": scores})
}

/// Appends one hand's events to `out`; returns every seat's points at its end.
pub fn export_hand(rules: &dyn Rules, r: &Record, out: &mut Vec<Value>) -> Result<Vec<i64>, String> {
    let mut states: Vec<(usize, State)> = Vec::new();
    replay_observed(rules, r, &mut |n, st| states.push((n, st.clone())))
        .map_err(|d| format!("the record does not replay: {d}"))?;
    let Some((dealt, st0)) = states.first() else {
        return Err("the record has no deal".into());
    };
    let mut w = HandLines::start(rules, r, &r.events[..*dealt], st0)?;
    for pair in states.windows(2) {
        let ((from, before), (to, after)) = (&pair[0], &pair[1]);
        w.step(&r.events[*from..*to], before, after)?;
    }
    let (mut lines, scores) = w.finish();
    out.append(&mut lines);
    Ok(scores)
}

/// One hand's mjai lines as it is played, step by step: the export above and the mjai judge
/// (`mj match --protocol mjai`, which sends each line to the bots as it comes) share it, so a
/// game judged live reads exactly as its records export.
pub struct HandLines<'a>(Writer<'a>);

impl<'a> HandLines<'a> {
    /// `start_kyoku` and the dealer's first draw, from the hand's record (its deal `events`)
    /// and the state `st` after the deal.
    pub fn start(
        rules: &'a dyn Rules,
        r: &Record,
        events: &[RecordEvent],
        st: &State,
    ) -> Result<HandLines<'a>, String> {
        let mut w = Writer::new(rules.tiles(), st);
        w.start(r, events, st)?;
        Ok(HandLines(w))
    }

    /// The lines of one action's `events`, `before` and `after` being the states around it.
    pub fn step(&mut self, events: &[RecordEvent], before: &State, after: &State) -> Result<(), String> {
        self.0.step(events, before, after)
    }

    /// The lines complete so far, not yet taken. An event whose payments may still follow
    /// (`hora`, `ryukyoku`, `reach_accepted`) waits for the next step or [`HandLines::finish`].
    pub fn take(&mut self) -> Vec<Value> {
        std::mem::take(&mut self.0.out)
    }

    /// The remaining lines with `end_kyoku`, and every seat's points at the end of the hand.
    pub fn finish(mut self) -> (Vec<Value>, Vec<i64>) {
        self.0.flush();
        self.0.out.push(json!({"type": "end_kyoku"}));
        (self.0.out, self.0.scores)
    }
}

/// An event waiting for the payments that follow it (its `deltas`).
struct Pending {
    event: Value,
    deltas: Vec<i64>,
}

/// The writer of one hand.
struct Writer<'a> {
    set: &'a TileSet,
    out: Vec<Value>,
    scores: Vec<i64>,
    pending: Option<Pending>,
    /// Per seat: the tile it drew and still holds this turn (for `tsumogiri`).
    drawn: Vec<Option<String>>,
    /// The tile last offered (a discard or an added kong's tile), by its mjai name.
    offered: Option<String>,
    /// The seat whose riichi waits for its deposit.
    reach: Option<usize>,
}

impl<'a> Writer<'a> {
    fn new(set: &'a TileSet, st: &State) -> Writer<'a> {
        Writer {
            set,
            out: Vec::new(),
            scores: st.stacks.clone(),
            pending: None,
            drawn: vec![None; st.seats.len()],
            offered: None,
            reach: None,
        }
    }

    fn name(&self, t: Tile, red: bool) -> Result<String, String> {
        tile_name(self.set, t, red).ok_or_else(|| format!("{} has no mjai name", self.set.notation(t)))
    }

    fn tile(&self, s: &str) -> Result<Tile, String> {
        match mj_core::parse_tiles(self.set, s) {
            Ok(v) if v.len() == 1 => Ok(v[0]),
            _ => Err(format!("`{s}` is not one tile")),
        }
    }

    /// The indicators `st` shows from the `skip`-th on (`hidden`: the ones under them).
    fn markers(&self, st: &State, skip: usize, hidden: bool) -> Result<Vec<String>, String> {
        (skip..usize::from(st.indicators_shown))
            .filter_map(|k| {
                let i = 2 * k + usize::from(hidden);
                st.wall.kept(i).map(|t| self.name(t, st.wall.kept_red(i)))
            })
            .collect()
    }

    /// `start_kyoku` (every hand of 13 tiles) and the dealer's first draw.
    fn start(&mut self, r: &Record, events: &[RecordEvent], st: &State) -> Result<(), String> {
        let Some(RecordEvent::Deal { hands, .. }) = events.first() else {
            return Err("the record does not begin with the deal".into());
        };
        let first_draw = match &st.phase {
            Phase::Turn(t) => match t.start {
                TurnStart::Drew { tile, .. } => Some((t.seat, tile, st.wall.last_red())),
                _ => None,
            },
            _ => None,
        };
        let mut tehais = Vec::new();
        for (seat, h) in hands.iter().enumerate() {
            let mut tiles = mj_core::parse_tiles(self.set, h).map_err(|e| e.to_string())?;
            let mut red = st
                .seats
                .get(seat)
                .map(|s| s.red)
                .unwrap_or([0; mj_core::tile::MAX_KINDS]);
            if let Some((s, t, was_red)) = first_draw.filter(|d| d.0 == seat) {
                let at = tiles
                    .iter()
                    .rposition(|&x| x == t)
                    .ok_or("the dealer's draw is not dealt")?;
                tiles.remove(at);
                red[t.id()] -= u8::from(was_red && red[t.id()] > 0);
                let _ = s;
            }
            let mut names = Vec::new();
            for t in tiles {
                let is_red = red[t.id()] > 0;
                red[t.id()] -= u8::from(is_red);
                names.push(self.name(t, is_red)?);
            }
            tehais.push(names);
        }
        let dora = self.markers(st, 0, false)?;
        let oya = r.dealer;
        self.out.push(json!({
            "type": "start_kyoku", "bakaze": r.round.to_string(), "kyoku": oya + 1,
            "honba": r.counters, "kyotaku": r.deposits, "oya": oya,
            "dora_marker": dora.first().cloned().unwrap_or_default(),
            "scores": self.scores, "tehais": tehais,
        }));
        if let Some((seat, t, was_red)) = first_draw {
            let pai = self.name(t, was_red)?;
            self.drawn[seat] = Some(pai.clone());
            self.out.push(json!({"type": "tsumo", "actor": seat, "pai": pai}));
        }
        Ok(())
    }

    /// The events one step produced, `before` and `after` being the states around it.
    fn step(&mut self, events: &[RecordEvent], before: &State, after: &State) -> Result<(), String> {
        let shown = usize::from(before.indicators_shown);
        let new_dora = self.markers(after, shown, false)?;
        // Where the new indicators go: after a discard (a kong's indicator turned over when
        // the konger discards), else after the kong (turned over at once), else before a win.
        let at = if new_dora.is_empty() {
            None
        } else {
            let find = |f: fn(&RecordEvent) -> bool| events.iter().position(f);
            find(|e| matches!(e, RecordEvent::Discard { .. }))
                .or_else(|| find(|e| matches!(e, RecordEvent::Kong { .. })))
                .map(|i| i + 1)
                .or_else(|| find(|e| matches!(e, RecordEvent::Win { .. })))
                .or(Some(events.len()))
        };
        for (i, e) in events.iter().enumerate() {
            if at == Some(i) {
                self.dora(&new_dora);
            }
            self.event(e, before, after)?;
        }
        if at == Some(events.len()) {
            self.dora(&new_dora);
        }
        Ok(())
    }

    fn dora(&mut self, markers: &[String]) {
        self.flush();
        for m in markers {
            self.out.push(json!({"type": "dora", "dora_marker": m}));
        }
    }

    /// Writes the event waiting for its payments, with its deltas and the scores after them.
    fn flush(&mut self) {
        if let Some(mut p) = self.pending.take() {
            p.event["deltas"] = json!(p.deltas);
            p.event["scores"] = json!(self.scores);
            self.out.push(p.event);
        }
    }

    fn wait_for_payments(&mut self, event: Value) {
        self.flush();
        self.pending = Some(Pending {
            event,
            deltas: vec![0; self.scores.len()],
        });
    }

    /// Red copies of `t` that left `seat`'s concealed tiles in the step.
    fn red_out(before: &State, after: &State, seat: usize, t: Tile) -> u8 {
        let b = before.seats.get(seat).map_or(0, |s| s.red[t.id()]);
        let a = after.seats.get(seat).map_or(0, |s| s.red[t.id()]);
        b.saturating_sub(a)
    }

    /// Red copies in `seat`'s meld `i` after the step.
    fn meld_red(after: &State, seat: usize, i: usize) -> u8 {
        after.seats[seat].meld_red.get(i).copied().unwrap_or(0)
    }

    /// The mjai names of `tiles`, the first `red` fives among them red.
    fn names(&self, tiles: &[Tile], mut red: u8) -> Result<Vec<String>, String> {
        let mut v = Vec::new();
        for &t in tiles {
            let r = red > 0 && self.set.notation(t).starts_with('5');
            red -= u8::from(r);
            v.push(self.name(t, r)?);
        }
        Ok(v)
    }

    fn offered_red(&self) -> u8 {
        u8::from(self.offered.as_deref().is_some_and(|n| n.ends_with('r')))
    }

    /// A call on the offered tile: `kind` with `consumed` from the caller's hand.
    fn call(
        &mut self,
        kind: &str,
        seat: usize,
        from: usize,
        t: Tile,
        consumed: &[Tile],
        after: &State,
    ) -> Result<(), String> {
        let meld = after.seats[seat].melds.len().saturating_sub(1);
        let red = Self::meld_red(after, seat, meld).saturating_sub(self.offered_red());
        let consumed = self.names(consumed, red)?;
        let pai = match &self.offered {
            Some(p) => p.clone(),
            None => self.name(t, false)?,
        };
        self.drawn[seat] = None;
        self.out
            .push(json!({"type": kind, "actor": seat, "target": from, "pai": pai, "consumed": consumed}));
        Ok(())
    }

    fn event(&mut self, e: &RecordEvent, before: &State, after: &State) -> Result<(), String> {
        if let RecordEvent::Payment { seat, amount, .. } = e {
            if let Some(s) = self.scores.get_mut(*seat) {
                *s += amount;
            }
            let deposit = matches!(e, RecordEvent::Payment { reason: Some(r), .. } if r == "deposit");
            if deposit && self.pending.is_none() {
                let actor = self.reach.take().ok_or("a deposit without a riichi")?;
                self.wait_for_payments(json!({"type": "reach_accepted", "actor": actor}));
            }
            if let Some(p) = self.pending.as_mut() {
                if let Some(d) = p.deltas.get_mut(*seat) {
                    *d += amount;
                }
            }
            return Ok(());
        }
        self.flush();
        match e {
            RecordEvent::Draw { seat, tile, .. } => {
                let t = self.tile(tile)?;
                let red = Self::red_out(after, before, *seat, t) > 0;
                let pai = self.name(t, red)?;
                self.drawn[*seat] = Some(pai.clone());
                self.out.push(json!({"type": "tsumo", "actor": seat, "pai": pai}));
            }
            RecordEvent::Discard { seat, tile, from_hand } => {
                let t = self.tile(tile)?;
                let pai = self.name(t, Self::red_out(before, after, *seat, t) > 0)?;
                let tsumogiri = self.drawn[*seat].take().is_some_and(|d| d == pai) && !from_hand;
                self.offered = Some(pai.clone());
                self.out
                    .push(json!({"type": "dahai", "actor": seat, "pai": pai, "tsumogiri": tsumogiri}));
            }
            RecordEvent::Ready { seat, .. } => {
                self.reach = Some(*seat);
                self.out.push(json!({"type": "reach", "actor": seat}));
            }
            RecordEvent::Chi {
                seat, from, tile, chow, ..
            } => {
                let (t, first) = (self.tile(tile)?, self.tile(chow)?);
                let mut run: Vec<Tile> = (0..3u8).filter_map(|k| self.set.step(first, k)).collect();
                let at = run.iter().position(|&x| x == t).ok_or("a chow without its tile")?;
                run.remove(at);
                self.call("chi", *seat, *from, t, &run, after)?;
            }
            RecordEvent::Pong { seat, from, tile } => {
                let t = self.tile(tile)?;
                self.call("pon", *seat, *from, t, &[t, t], after)?;
            }
            RecordEvent::Kong {
                seat, tile, kind, from, ..
            } => {
                let t = self.tile(tile)?;
                match (kind.as_str(), from) {
                    ("exposed", Some(f)) => self.call("daiminkan", *seat, *f, t, &[t, t, t], after)?,
                    ("concealed", _) => {
                        let meld = after.seats[*seat].melds.len().saturating_sub(1);
                        let consumed = self.names(&[t; 4], Self::meld_red(after, *seat, meld))?;
                        self.drawn[*seat] = None;
                        self.out.push(json!({"type": "ankan", "actor": seat, "consumed": consumed}));
                    }
                    ("added", _) => {
                        let red = Self::red_out(before, after, *seat, t);
                        let pai = self.name(t, red > 0)?;
                        let meld = after.seats[*seat]
                            .melds
                            .iter()
                            .position(|m| matches!(m, Meld::AddedKong { tile, .. } if *tile == t))
                            .ok_or("an added kong without its meld")?;
                        let pung_red = Self::meld_red(after, *seat, meld).saturating_sub(red);
                        let consumed = self.names(&[t; 3], pung_red)?;
                        self.drawn[*seat] = None;
                        self.offered = Some(pai.clone());
                        self.out.push(
                            json!({"type": "kakan", "actor": seat, "pai": pai, "consumed": consumed}),
                        );
                    }
                    _ => return Err(format!("a kong of kind `{kind}` mjai cannot write")),
                }
            }
            RecordEvent::Win {
                seat,
                tile,
                self_drawn,
                from,
                ..
            } => {
                let pai = match (self_drawn, &self.drawn[*seat], &self.offered) {
                    (true, Some(d), _) | (false, _, Some(d)) => d.clone(),
                    _ => self.name(self.tile(tile)?, false)?,
                };
                let riichi = before.seats.get(*seat).is_some_and(|s| s.declared.is_some());
                let ura = if riichi {
                    self.markers(after, 0, true)?
                } else {
                    Vec::new()
                };
                let target = if *self_drawn { *seat } else { from.unwrap_or(*seat) };
                self.wait_for_payments(json!({
                    "type": "hora", "actor": seat, "target": target, "pai": pai, "uradora_markers": ura,
                }));
            }
            RecordEvent::ExhaustiveDraw { .. } => {
                self.wait_for_payments(json!({"type": "ryukyoku", "reason": "fanpai"}));
            }
            RecordEvent::AbortiveDraw { reason, .. } => {
                let why = match reason.as_str() {
                    "nine_kinds" => "kyushukyuhai",
                    "four_winds" => "suufonrenda",
                    "all_declared" => "suuchariichi",
                    "four_kongs" => "suukaikan",
                    "three_wins" => "sanchaho",
                    other => other,
                };
                self.wait_for_payments(json!({"type": "ryukyoku", "reason": why}));
            }
            RecordEvent::Forfeit { seat, id } => {
                // Not mjai's own: a referee ended the hand at a player's fault.
                self.wait_for_payments(json!({"type": "ryukyoku", "reason": "forfeit", "actor": seat, "penalty": id}));
            }
            RecordEvent::Deal { .. } => return Err("a second deal in one hand".into()),
            RecordEvent::Payment { .. } => {}
            RecordEvent::Penalty { .. }
            | RecordEvent::Flower { .. }
            | RecordEvent::Horses { .. }
            | RecordEvent::Void { .. }
            | RecordEvent::Exchange { .. } => {
                return Err("the record has an event mjai does not know (flowers, horses, void suits, exchanges, penalties)".into())
            }
        }
        Ok(())
    }
}
