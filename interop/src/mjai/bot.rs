//! The greedy bot as an mjai player (`mj bot --protocol mjai`).
//!
//! It reads mjai events, one JSON object a line or a JSON array of them a line (mjai.app sends
//! the events since its last answer as one array), and answers every line with one JSON object:
//! its action on the last event that gave it a choice, or `{"type":"none"}`. Like the Botzone
//! bot, it rebuilds its seat's knowledge (its hand, every meld and discard, the wall's length)
//! from the events alone, asks the engine for its legal actions on that
//! ([`Knowledge::state`]) and [`GreedyBot`] for the choice. A riichi is answered `reach`; the
//! discard that goes with it is the answer to the `reach` event that follows.

use super::{parse_tile, tile_name};
use mj_core::game::state::{Declared, Discarded, Phase, Turn, TurnStart};
use mj_core::game::{
    apply, legal_actions, new_hand, Action, GreedyBot, Knowledge, KongKind, Moment, Player, Rules,
};
use mj_core::meld::{From, Meld};
use mj_core::tile::{Counts, Tile, Wind, MAX_KINDS};
use serde_json::{json, Value};
use std::io::{BufRead, Write};

/// One seat's picture of the game, event by event.
pub struct Bot<'a> {
    rules: &'a dyn Rules,
    me: usize,
    players: usize,
    /// Tiles left to draw right after the deal (before the dealer's first draw).
    dealt_wall: usize,
    k: Knowledge,
    red: Counts,
    /// The tile this seat drew and still holds this turn.
    drawn: Option<Tile>,
    /// This seat's next draw replaces its kong.
    kong_draw: bool,
    /// This seat's riichi, once made: its state is kept as the engine made it.
    declared: Option<Declared>,
    /// The discard chosen with `reach`, made when the `reach` event comes back.
    reach_discard: Option<Tile>,
    /// The tile on offer as the event named it (a red five stays red in a call or a ron).
    offered: String,
}

fn none() -> Value {
    json!({"type": "none"})
}

impl<'a> Bot<'a> {
    /// A bot for `rules`' table; its seat comes with `start_game`'s `id`.
    pub fn new(rules: &'a dyn Rules) -> Result<Bot<'a>, String> {
        let n = rules.table().player_count();
        let (st, _) = new_hand(rules, 0, 0, Wind::EAST).map_err(|e| e.to_string())?;
        let k = Knowledge {
            seat: 0,
            dealer: 0,
            round: Wind::EAST,
            concealed: [0; MAX_KINDS],
            melds: vec![Vec::new(); n],
            discards: vec![Vec::new(); n],
            bonus: vec![Vec::new(); n],
            wall_remaining: 0,
            walls: Vec::new(),
            moment: Moment::Drew {
                tile: rules
                    .tiles()
                    .playing_tiles()
                    .next()
                    .ok_or("a tile set without tiles")?,
                after_kong: false,
            },
        };
        Ok(Bot {
            rules,
            me: 0,
            players: n,
            dealt_wall: st.wall.remaining() + 1,
            k,
            red: [0; MAX_KINDS],
            drawn: None,
            kong_draw: false,
            declared: None,
            reach_discard: None,
            offered: String::new(),
        })
    }

    fn tile(&self, v: &Value) -> Result<(Tile, bool), String> {
        let name = v.as_str().ok_or_else(|| format!("{v} is not a tile name"))?;
        parse_tile(self.rules.tiles(), name).ok_or_else(|| format!("`{name}` is not an mjai tile"))
    }

    fn tiles(&self, v: &Value) -> Result<Vec<(Tile, bool)>, String> {
        v.as_array()
            .ok_or("`consumed` is not a list")?
            .iter()
            .map(|x| self.tile(x))
            .collect()
    }

    fn seat(&self, v: &Value, key: &str) -> Result<usize, String> {
        v[key]
            .as_u64()
            .map(|s| s as usize)
            .filter(|&s| s < self.players)
            .ok_or_else(|| format!("`{key}` is not a seat in {v}"))
    }

    /// Where `target` sits from `actor`.
    fn from(&self, actor: usize, target: usize) -> From {
        match (actor + self.players - target) % self.players {
            1 => From::Left,
            2 => From::Opposite,
            _ => From::Right,
        }
    }

    fn take(&mut self, t: Tile, red: bool) {
        let i = t.id();
        self.k.concealed[i] = self.k.concealed[i].saturating_sub(1);
        self.red[i] = self.red[i].saturating_sub(u8::from(red || self.red[i] > self.k.concealed[i]));
    }

    fn claimed(&mut self, target: usize) {
        if let Some(d) = self.k.discards[target].last_mut() {
            d.claimed = true;
        }
    }

    /// Takes one event in; returns this seat's answer to it when it has a choice.
    pub fn event(&mut self, v: &Value) -> Result<Option<Value>, String> {
        let ty = v["type"].as_str().ok_or_else(|| format!("no `type` in {v}"))?;
        let actor = v["actor"].as_u64().map(|a| a as usize);
        let mine = actor == Some(self.me);
        match ty {
            "start_game" => {
                if let Some(id) = v["id"].as_u64() {
                    self.me = id as usize;
                }
            }
            "start_kyoku" => {
                let n = self.players;
                self.k.seat = self.me;
                self.k.dealer = self.seat(v, "oya")?;
                let wind = v["bakaze"].as_str().and_then(|s| s.chars().next());
                self.k.round = wind.and_then(Wind::from_letter).ok_or("`bakaze` is not a wind")?;
                self.k.concealed = [0; MAX_KINDS];
                self.red = [0; MAX_KINDS];
                self.k.melds = vec![Vec::new(); n];
                self.k.discards = vec![Vec::new(); n];
                self.k.wall_remaining = self.dealt_wall;
                self.declared = None;
                self.reach_discard = None;
                self.drawn = None;
                self.kong_draw = false;
                for (t, red) in self.tiles(&v["tehais"][self.me])? {
                    self.k.concealed[t.id()] += 1;
                    self.red[t.id()] += u8::from(red);
                }
            }
            "tsumo" => {
                self.k.wall_remaining = self.k.wall_remaining.saturating_sub(1);
                if mine {
                    let (t, red) = self.tile(&v["pai"])?;
                    self.k.concealed[t.id()] += 1;
                    self.red[t.id()] += u8::from(red);
                    self.drawn = Some(t);
                    self.offered = v["pai"].as_str().unwrap_or_default().to_string();
                    let after_kong = std::mem::take(&mut self.kong_draw);
                    return self.decide(Moment::Drew { tile: t, after_kong }, None).map(Some);
                }
            }
            "dahai" => {
                let s = actor.ok_or("a dahai without an actor")?;
                let (t, red) = self.tile(&v["pai"])?;
                self.k.discards[s].push(Discarded {
                    tile: t,
                    claimed: false,
                });
                self.offered = v["pai"].as_str().unwrap_or_default().to_string();
                if mine {
                    self.take(t, red);
                    self.drawn = None;
                } else {
                    let m = Moment::Offered {
                        from: s,
                        tile: t,
                        kong: None,
                        after_kong: false,
                    };
                    return self.decide(m, None).map(Some);
                }
            }
            "reach" if mine => {
                if let Some(t) = self.reach_discard.take() {
                    return Ok(Some(self.discard(t)));
                }
            }
            "reach_accepted" if mine => {
                if let Some(d) = self.declared.as_mut() {
                    d.deposit_due = false;
                    d.deposit_paid = true;
                }
            }
            "chi" | "pon" | "daiminkan" => {
                let (s, target) = (actor.ok_or("a call without an actor")?, self.seat(v, "target")?);
                let (t, _) = self.tile(&v["pai"])?;
                let consumed = self.tiles(&v["consumed"])?;
                self.claimed(target);
                let from = self.from(s, target);
                let meld = match ty {
                    "pon" => Meld::Pung { tile: t, from },
                    "daiminkan" => Meld::ExposedKong { tile: t, from },
                    _ => {
                        let first = consumed.iter().map(|c| c.0).chain([t]).min_by_key(|x| x.id());
                        let first = first.ok_or("a chi without tiles")?;
                        let claimed = (t.id() - first.id() + 1) as u8;
                        Meld::Chow { first, claimed }
                    }
                };
                self.k.melds[s].push(meld);
                if mine {
                    for (c, red) in consumed {
                        self.take(c, red);
                    }
                    if ty == "daiminkan" {
                        self.kong_draw = true;
                    } else {
                        let start = if ty == "pon" {
                            TurnStart::Pong
                        } else {
                            TurnStart::Chi
                        };
                        let m = Moment::Drew {
                            tile: t,
                            after_kong: false,
                        };
                        return self.decide(m, Some(start)).map(Some);
                    }
                }
            }
            "ankan" | "kakan" => return self.kan(ty, v, actor.ok_or("a kan without an actor")?),
            _ => {}
        }
        Ok(None)
    }

    /// An `ankan` or `kakan` by seat `s`: robbable by this seat when it is another's.
    fn kan(&mut self, ty: &str, v: &Value, s: usize) -> Result<Option<Value>, String> {
        let mine = s == self.me;
        let (t, red) = match ty {
            "kakan" => {
                self.offered = v["pai"].as_str().unwrap_or_default().to_string();
                self.tile(&v["pai"])?
            }
            _ => *self
                .tiles(&v["consumed"])?
                .first()
                .ok_or("an ankan without tiles")?,
        };
        if ty == "ankan" {
            self.k.melds[s].push(Meld::ConcealedKong { tile: t });
        } else if let Some(m) = self.k.melds[s]
            .iter_mut()
            .find(|m| matches!(m, Meld::Pung { tile, .. } if *tile == t))
        {
            if let Meld::Pung { from, .. } = *m {
                *m = Meld::AddedKong { tile: t, from };
            }
        }
        if mine {
            let copies = if ty == "ankan" { 4 } else { 1 };
            for _ in 0..copies {
                self.take(t, red);
            }
            self.kong_draw = true;
            self.drawn = None;
        } else {
            let kind = if ty == "ankan" {
                KongKind::Concealed
            } else {
                KongKind::Added
            };
            let m = Moment::Offered {
                from: s,
                tile: t,
                kong: Some(kind),
                after_kong: false,
            };
            return self.decide(m, None).map(Some);
        }
        Ok(None)
    }

    /// The mjai name of `t` as this seat gives it away: a red copy only when no plain one is
    /// left (the engine's policy: discards are plain first).
    fn give(&self, t: Tile) -> Result<String, String> {
        let red = self.red[t.id()] > 0 && self.red[t.id()] >= self.k.concealed[t.id()];
        tile_name(self.rules.tiles(), t, red).ok_or_else(|| "a tile mjai cannot name".into())
    }

    fn discard(&self, t: Tile) -> Value {
        let pai = self.give(t).unwrap_or_default();
        json!({"type": "dahai", "actor": self.me, "pai": pai, "tsumogiri": self.drawn == Some(t)})
    }

    /// `tiles` as given into a meld: red copies first.
    fn meld_names(&self, tiles: &[Tile]) -> Vec<String> {
        let set = self.rules.tiles();
        let mut red = self.red;
        tiles
            .iter()
            .filter_map(|&t| {
                let r = red[t.id()] > 0;
                red[t.id()] -= u8::from(r);
                tile_name(set, t, r)
            })
            .collect()
    }

    /// The engine's options at `moment` (a turn begun by a call when `called`), and the greedy
    /// choice among them as an mjai answer.
    fn decide(&mut self, moment: Moment, called: Option<TurnStart>) -> Result<Value, String> {
        let rules = self.rules;
        self.k.moment = moment;
        let mut st = self.k.state(rules);
        if let Some(start) = called {
            st.phase = Phase::Turn(Turn { seat: self.me, start });
        }
        st.seats[self.me].declared = self.declared.clone();
        let legal = legal_actions(rules, &st, self.me);
        if legal.is_empty() || legal == [Action::Pass] {
            return Ok(none());
        }
        let choice = {
            let view = st.view(rules.tiles(), rules.forms(), self.me);
            GreedyBot::new().choose(&view, &legal)
        };
        let me = self.me;
        let offered = match &st.phase {
            Phase::Offer(o) => Some((o.from, o.tile)),
            _ => None,
        };
        let set = rules.tiles();
        let name = |t: Tile| tile_name(set, t, false).unwrap_or_default();
        let on_offer = |t: Tile| {
            let o = self.offered.strip_suffix('r').unwrap_or(&self.offered);
            if o == name(t) {
                self.offered.clone()
            } else {
                name(t)
            }
        };
        Ok(match (choice, offered) {
            (Action::Discard(t), _) => self.discard(t),
            (Action::DiscardRed(t), _) => {
                let pai = tile_name(set, t, true).unwrap_or_default();
                json!({"type": "dahai", "actor": me, "pai": pai, "tsumogiri": false})
            }
            (Action::DeclareReady { discard, .. }, _) => {
                let (after, _) = apply(rules, &st, me, choice).map_err(|e| e.message(set))?;
                self.declared = after.seats[me].declared.clone();
                self.reach_discard = Some(discard);
                json!({"type": "reach", "actor": me})
            }
            (Action::SelfWin, _) => {
                let pai = self.offered.clone();
                json!({"type": "hora", "actor": me, "target": me, "pai": pai})
            }
            (Action::Win, Some((from, t))) => {
                json!({"type": "hora", "actor": me, "target": from, "pai": on_offer(t)})
            }
            (Action::Pong, Some((from, t))) => {
                json!({"type": "pon", "actor": me, "target": from, "pai": on_offer(t), "consumed": self.meld_names(&[t, t])})
            }
            (Action::ExposedKong, Some((from, t))) => json!({
                "type": "daiminkan", "actor": me, "target": from, "pai": on_offer(t), "consumed": self.meld_names(&[t, t, t]),
            }),
            (Action::Chi(first), Some((from, t))) => {
                let run: Vec<Tile> = (0..3u8)
                    .filter_map(|k| set.step(first, k))
                    .filter(|&x| x != t)
                    .collect();
                json!({"type": "chi", "actor": me, "target": from, "pai": on_offer(t), "consumed": self.meld_names(&run)})
            }
            (Action::ConcealedKong(t), _) => {
                json!({"type": "ankan", "actor": me, "consumed": self.meld_names(&[t; 4])})
            }
            (Action::AddedKong(t), _) => {
                json!({"type": "kakan", "actor": me, "pai": self.give(t)?, "consumed": [name(t), name(t), name(t)]})
            }
            (Action::AbortiveDraw, _) => json!({"type": "ryukyoku", "actor": me}),
            _ => none(),
        })
    }

    /// Answers one input line: an event or an array of events; the answer to the last event
    /// that gave a choice, else `none`.
    pub fn line(&mut self, text: &str) -> Result<Value, String> {
        let v: Value = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
        let events = match v {
            Value::Array(a) => a,
            other => vec![other],
        };
        let mut answer = None;
        for e in &events {
            if let Some(a) = self.event(e)? {
                answer = Some(a);
            }
        }
        Ok(answer.unwrap_or_else(none))
    }
}

/// Plays over `input` and `output` until the input ends: one answer line per input line.
pub fn run(rules: &dyn Rules, input: &mut impl BufRead, output: &mut impl Write) -> Result<(), String> {
    let mut bot = Bot::new(rules)?;
    let mut line = String::new();
    loop {
        line.clear();
        if input.read_line(&mut line).map_err(|e| e.to_string())? == 0 {
            return Ok(());
        }
        if line.trim().is_empty() {
            continue;
        }
        let answer = bot.line(line.trim())?;
        writeln!(output, "{answer}")
            .and_then(|_| output.flush())
            .map_err(|e| e.to_string())?;
    }
}
