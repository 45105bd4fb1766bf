//! Game records: a versioned JSON document of one hand's events with tiles in notation, a text
//! rendering for people, and [`replay`], which re-derives every action from the events and runs
//! them through the engine again.

use super::action::Action;
use super::event::{Event, KongKind, PaymentReason};
use super::rules::Rules;
use super::setup::{new_hand_at, new_hand_from_marked_wall_at};
use super::state::{HandStart, Phase, PrepareStep, State};
use super::turn::{legal_actions, step};
use crate::tile::{Tile, TileSet, Wind};
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;

mod next_hand;
mod replay;
use replay::replay_events;

/// The `format` field of every record.
pub const FORMAT: &str = "mj-record";
/// The record layout version this build writes and reads.
pub const VERSION: u32 = 1;

/// One hand, as written to disk.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    pub format: String,
    pub version: u32,
    pub ruleset: String,
    pub ruleset_version: String,
    pub seed: u64,
    pub dealer: usize,
    /// Prevalent wind letter.
    pub round: char,
    pub players: Vec<String>,
    /// The wall in draw order, for hands started from an arranged wall instead of the seed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wall: Option<Vec<String>>,
    /// Every seat's points when the hand began, for rulesets with a chip floor.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stacks: Option<Vec<i64>>,
    /// Hands in a row the dealer had kept the deal before this one.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub dealer_streak: u32,
    /// Counters on the table (本場) when the hand began.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub counters: u32,
    /// Deposits left on the table by earlier hands when the hand began.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub deposits: u32,
    /// In a match with seat changes: the player (numbered by starting seat) at every seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seats: Option<Vec<usize>>,
    /// After this hand the dealer could end the match (あがりやめ, `[match]
    /// last_dealer_chooses`): whether its player did. Absent when it was not asked (records of
    /// single hands, or older records, where a match's next hand says it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dealer_stops: Option<bool>,
    pub events: Vec<RecordEvent>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// An [`Event`] with tiles in notation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum RecordEvent {
    Deal {
        dealer: usize,
        round: char,
        dice: Vec<u8>,
        hands: Vec<String>,
    },
    Draw {
        seat: usize,
        tile: String,
        #[serde(default, skip_serializing_if = "is_false")]
        replacement: bool,
    },
    Flower {
        seat: usize,
        tile: String,
    },
    Discard {
        seat: usize,
        tile: String,
        /// The discard was not the tile just drawn but one from the hand (手出し), as the record's
        /// source said (a platform's log, a bot's answer). The engine holds equal copies as one
        /// tile, so its own records leave it false, and a discard of the kind just drawn is then
        /// taken as the drawn tile (ツモ切り). Replay does not compare it.
        #[serde(default, skip_serializing_if = "is_false")]
        from_hand: bool,
    },
    Chi {
        seat: usize,
        from: usize,
        tile: String,
        chow: String,
    },
    Pong {
        seat: usize,
        from: usize,
        tile: String,
    },
    Kong {
        seat: usize,
        tile: String,
        kind: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        from: Option<usize>,
    },
    Win {
        seat: usize,
        tile: String,
        self_drawn: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        from: Option<usize>,
        #[serde(default, skip_serializing_if = "is_false")]
        robbed_kong: bool,
        hand: String,
        fans: Vec<String>,
        total: i64,
    },
    /// Tiles passed before play (换三张) from `seat` to `to`.
    Exchange {
        seat: usize,
        to: usize,
        tiles: Vec<String>,
    },
    /// A suit declared void before play (定缺), by its letter.
    Void {
        seat: usize,
        suit: String,
    },
    Ready {
        seat: usize,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        hidden: Vec<String>,
        waits: Vec<String>,
    },
    /// A penalty of the ruleset's `[settlement] penalty` table (e.g. 诈和) against `seat`,
    /// written by a referee or a tool, never by the engine; its payments follow.
    Penalty {
        seat: usize,
        id: String,
    },
    /// A penalty like [`RecordEvent::Penalty`] that also ends the hand where it stands, with no
    /// winner: a referee stopping the game at a player's error (Botzone's judge does this at any
    /// false win, illegal answer or timeout). Its payments follow; nothing else may.
    Forfeit {
        seat: usize,
        id: String,
    },
    Payment {
        seat: usize,
        amount: i64,
        /// `kong`, `drawn_hand`, `discard_run`, `held` or `penalty`; absent for a win.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<String>,
    },
    /// The wall ran out (荒牌); `ready` as in [`Event::ExhaustiveDraw`].
    ExhaustiveDraw {
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        ready: Vec<usize>,
    },
    /// The hand was called off (途中流局): `reason` is an [`AbortReason`] name, `seats` the
    /// players it names (the declarer of nine kinds, the claimants of three wins).
    AbortiveDraw {
        reason: String,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        seats: Vec<usize>,
    },
    /// Horses (买马) revealed from the wall's end for `seat`'s win.
    Horses {
        seat: usize,
        tiles: Vec<String>,
    },
}

impl RecordEvent {
    /// The event in record form.
    pub fn from_event(set: &TileSet, e: &Event) -> RecordEvent {
        let n = |t: Tile| set.notation(t);
        match e {
            Event::Deal {
                dealer,
                round,
                dice,
                hands,
            } => RecordEvent::Deal {
                dealer: *dealer,
                round: round.letter(),
                dice: dice.clone(),
                hands: hands
                    .iter()
                    .map(|h| crate::notation::print_tiles(set, h))
                    .collect(),
            },
            Event::Draw {
                seat,
                tile,
                replacement,
            } => RecordEvent::Draw {
                seat: *seat,
                tile: n(*tile),
                replacement: *replacement,
            },
            Event::Bonus { seat, tile } => RecordEvent::Flower {
                seat: *seat,
                tile: n(*tile),
            },
            Event::Discard { seat, tile, red } => RecordEvent::Discard {
                seat: *seat,
                tile: if *red { set.red_notation(*tile) } else { n(*tile) },
                from_hand: false,
            },
            Event::Chi {
                seat,
                from,
                tile,
                first,
            } => RecordEvent::Chi {
                seat: *seat,
                from: *from,
                tile: n(*tile),
                chow: n(*first),
            },
            Event::Pong { seat, from, tile } => RecordEvent::Pong {
                seat: *seat,
                from: *from,
                tile: n(*tile),
            },
            Event::Kong {
                seat,
                tile,
                kind,
                from,
            } => RecordEvent::Kong {
                seat: *seat,
                tile: n(*tile),
                kind: kind.name().into(),
                from: *from,
            },
            Event::Win {
                seat,
                tile,
                self_drawn,
                from,
                robbed_kong,
                hand,
                fans,
                total,
            } => RecordEvent::Win {
                seat: *seat,
                tile: n(*tile),
                self_drawn: *self_drawn,
                from: *from,
                robbed_kong: *robbed_kong,
                hand: hand.clone(),
                fans: fans.clone(),
                total: *total,
            },
            Event::Ready { seat, hidden, waits } => RecordEvent::Ready {
                seat: *seat,
                hidden: hidden.iter().map(|&t| n(t)).collect(),
                waits: waits.iter().map(|&t| n(t)).collect(),
            },
            Event::Payment { seat, amount, reason } => RecordEvent::Payment {
                seat: *seat,
                amount: *amount,
                reason: (*reason != PaymentReason::Win).then(|| reason.name().to_string()),
            },
            Event::ExhaustiveDraw { ready } => RecordEvent::ExhaustiveDraw { ready: ready.clone() },
            Event::Exchange { seat, to, tiles } => RecordEvent::Exchange {
                seat: *seat,
                to: *to,
                tiles: tiles.iter().map(|&t| n(t)).collect(),
            },
            Event::Void { seat, suit } => RecordEvent::Void {
                seat: *seat,
                suit: set
                    .suits()
                    .get(usize::from(*suit))
                    .map_or_else(|| suit.to_string(), |s| s.letter.to_string()),
            },
            Event::AbortiveDraw { reason, seats } => RecordEvent::AbortiveDraw {
                reason: reason.name().into(),
                seats: seats.clone(),
            },
            Event::Horses { seat, tiles } => RecordEvent::Horses {
                seat: *seat,
                tiles: tiles.iter().map(|&t| n(t)).collect(),
            },
        }
    }
}

impl Record {
    /// A record of a hand played from `seed` (or from `wall`, when given).
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        rules: &dyn Rules,
        seed: u64,
        dealer: usize,
        round: Wind,
        players: Vec<String>,
        wall: Option<&[Tile]>,
        events: &[Event],
    ) -> Record {
        let set = rules.tiles();
        Record {
            format: FORMAT.into(),
            version: VERSION,
            ruleset: rules.table().ruleset.clone(),
            ruleset_version: rules.table().ruleset_version.clone(),
            seed,
            dealer,
            round: round.letter(),
            players,
            wall: wall.map(|w| w.iter().map(|&t| set.notation(t)).collect()),
            stacks: None,
            dealer_streak: 0,
            counters: 0,
            deposits: 0,
            seats: None,
            dealer_stops: None,
            events: events.iter().map(|e| RecordEvent::from_event(set, e)).collect(),
        }
    }

    /// The record with the red copies of its wall written red (`0m`): `red[i]` says whether the
    /// tile at draw position `i` is a red copy. A record without a wall is left as it is (its
    /// seed deals the red copies).
    pub fn with_red_wall(mut self, set: &TileSet, red: &[bool]) -> Record {
        if let Some(w) = self.wall.as_mut() {
            for (name, _) in w.iter_mut().zip(red).filter(|(_, &r)| r) {
                if let Some(t) = tile_of(set, name) {
                    *name = set.red_notation(t);
                }
            }
        }
        self
    }

    /// The record with the match position of `st` (a state of this hand): the starting stacks
    /// when the ruleset has a chip floor or a declaration needs points, the dealer's streak,
    /// the counters and the deposits on the table.
    pub fn at(mut self, rules: &dyn Rules, st: &State) -> Record {
        let table = rules.table();
        if table.floor.is_some() || table.declaration.min_points.is_some() {
            self.stacks = Some(st.stacks.clone());
        }
        self.dealer_streak = st.dealer_streak;
        self.counters = st.counters;
        self.deposits = st.deposits;
        self
    }

    /// Where in its match the hand was played, as the engine takes it.
    pub fn start(&self) -> HandStart {
        HandStart {
            stacks: self.stacks.clone().unwrap_or_default(),
            dealer_streak: self.dealer_streak,
            counters: self.counters,
            deposits: self.deposits,
        }
    }

    /// Compact JSON, one line; byte-identical for identical games.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads a record, checking its format and version.
    pub fn from_json(text: &str) -> Result<Record, String> {
        let r: Record = serde_json::from_str(text).map_err(|e| format!("not a game record: {e}"))?;
        if r.format != FORMAT {
            return Err(format!("format is `{}`, expected `{FORMAT}`", r.format));
        }
        if r.version != VERSION {
            return Err(format!(
                "record version {} is not supported (this build reads version {VERSION})",
                r.version
            ));
        }
        Ok(r)
    }

    /// Net change of every seat over the hand, on the table (payments held outside the table
    /// are not included: see [`Record::held`]).
    pub fn net(&self) -> Vec<i64> {
        self.payments_where(|r| r != Some(PaymentReason::Held.name()))
    }

    /// Payments of the hand held outside the table, added once the match is over.
    pub fn held(&self) -> Vec<i64> {
        self.payments_where(|r| r == Some(PaymentReason::Held.name()))
    }

    fn payments_where(&self, keep: impl Fn(Option<&str>) -> bool) -> Vec<i64> {
        let mut out = vec![0i64; self.players.len()];
        for e in &self.events {
            if let RecordEvent::Payment { seat, amount, reason } = e {
                if let Some(x) = out.get_mut(*seat).filter(|_| keep(reason.as_deref())) {
                    // A forged record may carry absurd amounts: saturate rather than overflow.
                    *x = (*x).saturating_add(*amount);
                }
            }
        }
        out
    }

    /// Marks the discards a source says were not the tile just drawn but one from the hand
    /// (手出し): what the engine's events do not carry (equal copies are one tile to it), and what
    /// mjai's `tsumogiri` and a Tenhou log's tile ids say. `threw_drawn` gives, for each discard
    /// of the record in order, the seat and whether the source says it threw the tile just drawn;
    /// at the first that does not pair up with the record's, marking stops.
    pub fn mark_from_hand(&mut self, threw_drawn: impl IntoIterator<Item = (usize, bool)>) {
        let mut said = threw_drawn.into_iter();
        for e in &mut self.events {
            if let RecordEvent::Discard { seat, from_hand, .. } = e {
                let Some((_, threw)) = said.next().filter(|(who, _)| who == seat) else {
                    return;
                };
                *from_hand = !threw;
            }
        }
    }

    /// Seats that won the hand (empty for an exhaustive draw).
    pub fn winners(&self) -> Vec<usize> {
        self.events
            .iter()
            .filter_map(|e| match e {
                RecordEvent::Win { seat, .. } => Some(*seat),
                _ => None,
            })
            .collect()
    }

    /// The text record's first lines: the hand, and where its match stood.
    fn text_header(&self, wind: &dyn Fn(usize) -> char) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{} {} · seed {} · dealer {} · round {} · players {}",
            self.ruleset,
            self.ruleset_version,
            self.seed,
            wind(self.dealer),
            self.round,
            self.players.join(", ")
        );
        if let Some(stacks) = &self.stacks {
            let list: Vec<String> = (0..self.players.len().max(1))
                .map(|s| format!("{} {}", wind(s), stacks.get(s).copied().unwrap_or(0)))
                .collect();
            let _ = writeln!(out, "stacks {}", list.join(", "));
        }
        if let Some(seats) = &self.seats {
            let list: Vec<String> = seats
                .iter()
                .enumerate()
                .map(|(s, p)| format!("{} P{}", wind(s), p + 1))
                .collect();
            let _ = writeln!(out, "seated {}", list.join(", "));
        }
        if self.dealer_streak > 0 && self.stacks.is_some() {
            let _ = writeln!(out, "dealer streak {}", self.dealer_streak);
        }
        out
    }

    /// The record for people: one line per event, tiles as Unicode glyphs, seats by wind.
    ///
    /// Seats are named by their seat winds: the dealer East and the rest in turn order, or with
    /// `fixed_seat_winds` (the table's rule, Taiwan's 以開門為東) seat 0 East whoever deals.
    pub fn to_text(&self, set: &TileSet, fixed_seat_winds: bool) -> String {
        let n = self.players.len().max(1);
        let from = if fixed_seat_winds { 0 } else { self.dealer % n };
        let wind = |seat: usize| Wind::from_index(((seat + n - from) % n) as u8).map_or('?', |w| w.letter());
        let glyph = |s: &str| tile_of(set, s).map_or_else(|| s.to_string(), |t| set.glyph(t));
        let glyphs = |s: &str| {
            crate::notation::parse_tiles(set, s)
                .map(|ts| ts.iter().map(|&t| set.glyph(t)).collect::<String>())
                .unwrap_or_else(|_| s.to_string())
        };
        let mut out = self.text_header(&wind);
        for e in &self.events {
            let _ = match e {
                RecordEvent::Deal { dice, hands, .. } => {
                    let _ = writeln!(out, "dice {dice:?}");
                    let mut r = Ok(());
                    for (s, h) in hands.iter().enumerate() {
                        r = writeln!(out, "  {} dealt {}", wind(s), glyphs(h));
                    }
                    r
                }
                RecordEvent::Draw {
                    seat,
                    tile,
                    replacement,
                } => writeln!(
                    out,
                    "{} draws {}{}",
                    wind(*seat),
                    glyph(tile),
                    if *replacement { " (replacement)" } else { "" }
                ),
                RecordEvent::Flower { seat, tile } => {
                    writeln!(out, "{} sets aside {}", wind(*seat), glyph(tile))
                }
                RecordEvent::Discard { seat, tile, .. } => {
                    writeln!(out, "{} discards {}", wind(*seat), glyph(tile))
                }
                RecordEvent::Chi { seat, from, chow, .. } => {
                    let run = tile_of(set, chow)
                        .map(|f| {
                            (0..3u8)
                                .filter_map(|k| set.step(f, k))
                                .map(|t| set.glyph(t))
                                .collect::<String>()
                        })
                        .unwrap_or_default();
                    writeln!(out, "{} chi {} from {}", wind(*seat), run, wind(*from))
                }
                RecordEvent::Pong { seat, from, tile } => {
                    writeln!(
                        out,
                        "{} pong {} from {}",
                        wind(*seat),
                        glyph(tile).repeat(3),
                        wind(*from)
                    )
                }
                RecordEvent::Kong { seat, tile, kind, .. } => {
                    writeln!(out, "{} {} kong {}", wind(*seat), kind, glyph(tile).repeat(4))
                }
                RecordEvent::Win {
                    seat,
                    tile,
                    self_drawn,
                    from,
                    robbed_kong,
                    hand,
                    fans,
                    total,
                } => {
                    let how = match (self_drawn, from, robbed_kong) {
                        (true, _, _) => "self-drawn".to_string(),
                        (_, Some(f), true) => format!("robbing {}'s kong", wind(*f)),
                        (_, Some(f), _) => format!("on {}'s discard", wind(*f)),
                        _ => String::new(),
                    };
                    writeln!(
                        out,
                        "{} wins {} with {}: {}\n  {}\n  total {}",
                        wind(*seat),
                        how,
                        glyph(tile),
                        hand,
                        fans.join(", "),
                        total
                    )
                }
                RecordEvent::Ready { seat, hidden, .. } => {
                    let kept: String = hidden.iter().map(|t| glyph(t).repeat(3)).collect();
                    if kept.is_empty() {
                        writeln!(out, "{} declares ready (亮倒)", wind(*seat))
                    } else {
                        writeln!(out, "{} declares ready (亮倒), hiding {}", wind(*seat), kept)
                    }
                }
                RecordEvent::Payment { seat, amount, reason } => match reason {
                    Some(r) => writeln!(out, "  {} {:+} ({})", wind(*seat), amount, r.replace('_', " ")),
                    None => writeln!(out, "  {} {:+}", wind(*seat), amount),
                },
                RecordEvent::Penalty { seat, id } => writeln!(out, "{} penalty {}", wind(*seat), id),
                RecordEvent::Forfeit { seat, id } => {
                    writeln!(out, "{} penalty {}, the hand ends", wind(*seat), penalty_name(id))
                }
                RecordEvent::ExhaustiveDraw { ready } => {
                    writeln!(out, "{}", exhaustive_text(ready, &wind))
                }
                RecordEvent::Exchange { .. } | RecordEvent::Void { .. } => {
                    writeln!(out, "{}", prepare_line(set, e, wind))
                }
                RecordEvent::AbortiveDraw { reason, seats } => {
                    writeln!(out, "{}", abortive_text(reason, seats, &wind))
                }
                RecordEvent::Horses { seat, tiles } => {
                    let t: String = tiles.iter().map(|t| glyph(t)).collect();
                    writeln!(out, "  {} buys horses (买马): {}", wind(*seat), t)
                }
            };
        }
        if let Some(stops) = self.dealer_stops {
            let choice = if stops { "stops" } else { "plays on" };
            let _ = writeln!(out, "the dealer may end the match here (あがりやめ) and {choice}");
        }
        out
    }
}

/// A step before play as the text record writes it: who passed what to whom (换三张), who
/// declared which suit void (定缺).
fn prepare_line(set: &TileSet, e: &RecordEvent, wind: impl Fn(usize) -> char) -> String {
    let glyph = |s: &str| tile_of(set, s).map_or_else(|| s.to_string(), |t| set.glyph(t));
    match e {
        RecordEvent::Exchange { seat, to, tiles } => {
            let t: String = tiles.iter().map(|t| glyph(t)).collect();
            format!("{} passes {} to {} (换三张)", wind(*seat), t, wind(*to))
        }
        RecordEvent::Void { seat, suit } => {
            let name = suit
                .chars()
                .next()
                .and_then(|c| set.suit_by_letter(c))
                .map_or(String::new(), |s| format!(" ({})", s.name));
            format!("{} declares {}{} void (定缺)", wind(*seat), suit, name)
        }
        _ => String::new(),
    }
}

/// The text record's line for an abortive draw: its reason and the seats it names.
/// The exhaustive draw's line, with the ready seats where the record lists them.
fn exhaustive_text(ready: &[usize], wind: &dyn Fn(usize) -> char) -> String {
    if ready.is_empty() {
        return "exhaustive draw (荒牌)".into();
    }
    let who: String = ready.iter().map(|&s| wind(s)).collect();
    format!("exhaustive draw (荒牌), ready: {who}")
}

fn abortive_text(reason: &str, seats: &[usize], wind: &dyn Fn(usize) -> char) -> String {
    let who: Vec<String> = seats.iter().map(|&s| wind(s).to_string()).collect();
    let by = if who.is_empty() {
        String::new()
    } else {
        format!(" by {}", who.join(" "))
    };
    format!("abortive draw (途中流局): {}{by}", reason.replace('_', " "))
}

fn tile_of(set: &TileSet, s: &str) -> Option<Tile> {
    match crate::notation::parse_tiles(set, s) {
        Ok(ts) if ts.len() == 1 => ts.first().copied(),
        _ => None,
    }
}

/// Where a replay first departs from its record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divergence {
    /// Index into the record's events (the record's length when it ended early).
    pub index: usize,
    pub message: String,
}

impl std::fmt::Display for Divergence {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "event {}: {}", self.index, self.message)
    }
}

impl std::error::Error for Divergence {}

/// The `reason` of the payments that follow a [`RecordEvent::Penalty`].
pub const PENALTY_REASON: &str = "penalty";

/// Re-runs a record: starts the hand from its seed (or wall), derives each seat's action from
/// the recorded events, checks it is legal, applies it, and checks that the engine produces
/// exactly the recorded events (payments included). Penalty events between actions are checked
/// against the ruleset's penalties and their payments (the offender pays every other player the
/// penalty's amount, through the chip floor) are applied. Returns the final state.
pub fn replay(rules: &dyn Rules, record: &Record) -> Result<State, Divergence> {
    replay_observed(rules, record, &mut |_, _| {})
}

/// [`replay`], calling `observe(n, state)` with the state after the deal and after every step
/// that consumed recorded events, `n` being how many of the record's events lie behind that
/// state. A viewer steps through these states instead of re-implementing the rules of play.
pub fn replay_observed(
    rules: &dyn Rules,
    record: &Record,
    observe: &mut dyn FnMut(usize, &State),
) -> Result<State, Divergence> {
    let mut events = record.events.clone();
    replay_events(rules, record, &mut events, false, observe)
}

/// A copy of `record` with the penalty `id` against `seat` inserted before event `at` (which
/// must lie between two actions, or at the end), and every payment from there on recomputed
/// (the penalty's own, and any later one a chip floor changes). The result replays.
pub fn insert_penalty(
    rules: &dyn Rules,
    record: &Record,
    at: usize,
    seat: usize,
    id: &str,
) -> Result<Record, Divergence> {
    if at > record.events.len() {
        return Err(Divergence {
            index: record.events.len(),
            message: format!(
                "cannot insert a penalty at event {at}: the record has {} events",
                record.events.len()
            ),
        });
    }
    let mut events = record.events.clone();
    events.insert(
        at,
        RecordEvent::Penalty {
            seat,
            id: id.to_string(),
        },
    );
    replay_events(rules, record, &mut events, true, &mut |_, _| {})?;
    let mut out = record.clone();
    out.events = events;
    Ok(out)
}

/// A forfeit's penalty as the text record names it (`none` for a ruleset without one).
fn penalty_name(id: &str) -> &str {
    if id.is_empty() {
        "none"
    } else {
        id
    }
}

/// A copy of `record`, which must replay up to its last event with the hand still in play, ended
/// there by a [`RecordEvent::Forfeit`] of penalty `id` against `seat`, its payments appended. The
/// result replays. For referees that stop a game at a player's error instead of playing on. An
/// empty `id` ends the hand without payments (for rulesets that define no penalty).
pub fn forfeit(rules: &dyn Rules, record: &Record, seat: usize, id: &str) -> Result<Record, Divergence> {
    let mut events = record.events.clone();
    events.push(RecordEvent::Forfeit {
        seat,
        id: id.to_string(),
    });
    replay_events(rules, record, &mut events, true, &mut |_, _| {})?;
    let mut out = record.clone();
    out.events = events;
    Ok(out)
}
