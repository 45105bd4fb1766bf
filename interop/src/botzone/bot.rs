//! The greedy bot as a Botzone player (`mj bot --protocol botzone`).
//!
//! The bot rebuilds its seat's knowledge (its hand, every meld and discard, flowers, the wall's
//! length) from the requests alone, turns it into an engine state with
//! [`Knowledge::state`](mj_core::game::Knowledge::state), and asks the engine for its legal
//! actions and [`GreedyBot`] for the choice: the same rules and the same policy as `mj play`,
//! with nothing hidden used. It wins whenever the engine offers a win (the ruleset's minimum
//! reached, as the ruleset's scorer counts it).

use super::protocol::{Act, History, Mode, Request, Response, KEEP_RUNNING};
use mj_core::game::state::Discarded;
use mj_core::game::KongKind;
use mj_core::game::{apply, legal_actions, Action, GreedyBot, Knowledge, Moment, Player, Rules, State};
use mj_core::meld::{From, Meld};
use mj_core::tile::{Counts, Tile, Wind, MAX_KINDS};
use std::io::{BufRead, Write};

const SEATS: usize = 4;

/// One seat's picture of the hand, updated request by request.
pub struct Tracker {
    seat: usize,
    round: Wind,
    concealed: Counts,
    melds: Vec<Vec<Meld>>,
    discards: Vec<Vec<Discarded>>,
    bonus: Vec<Vec<Tile>>,
    /// Tiles each seat has taken from the wall so far (deal, draws, flowers): their sum is what
    /// the shared wall lost, and with per-seat walls each entry is what that seat's wall lost.
    taken_by: [usize; SEATS],
    /// The seat whose draw was the last thing that happened (a `GANG` then is concealed).
    drew: Option<usize>,
    /// The last discard still on the table: who made it and the tile.
    discard: Option<(usize, Tile)>,
    /// Per seat: its next draw replaces a kong.
    kong_pending: [bool; SEATS],
    /// Per seat: its current turn began with a kong replacement.
    after_kong: [bool; SEATS],
    /// The tile of this seat's last `GANG t` answer, for the `3 p GANG` that confirms it.
    my_kong: Option<Tile>,
    /// The tile of a kong on a discard declared by the request just observed (it may be robbed
    /// where the ruleset allows).
    exposed_kong: Option<Tile>,
}

impl Default for Tracker {
    fn default() -> Tracker {
        Tracker::new()
    }
}

impl Tracker {
    /// A seat that has seen no request yet.
    pub fn new() -> Tracker {
        Tracker {
            seat: 0,
            round: Wind::default(),
            concealed: [0; MAX_KINDS],
            melds: vec![Vec::new(); SEATS],
            discards: vec![Vec::new(); SEATS],
            bonus: vec![Vec::new(); SEATS],
            taken_by: [0; SEATS],
            drew: None,
            discard: None,
            kong_pending: [false; SEATS],
            after_kong: [false; SEATS],
            my_kong: None,
            exposed_kong: None,
        }
    }

    fn take(&mut self, tile: Tile, n: u8) -> Result<(), String> {
        let c = &mut self.concealed[tile.id()];
        *c = c
            .checked_sub(n)
            .ok_or_else(|| format!("the requests take tile {} from a hand without it", tile.id()))?;
        Ok(())
    }

    fn drawing(&mut self, seat: usize) {
        self.taken_by[seat] += 1;
        self.drew = Some(seat);
        self.after_kong[seat] = self.kong_pending[seat];
        self.kong_pending[seat] = false;
    }

    /// The last discard, now claimed by `seat`: marked claimed, and where it came from.
    fn claim(&mut self, seat: usize) -> Result<(Tile, From), String> {
        let (from, tile) = self.discard.take().ok_or("a claim without a discard before it")?;
        if let Some(d) = self.discards[from].last_mut() {
            d.claimed = true;
        }
        let rel = match (seat + SEATS - from) % SEATS {
            1 => From::Left,
            3 => From::Right,
            _ => From::Opposite,
        };
        Ok((tile, rel))
    }

    fn discarded(&mut self, seat: usize, tile: Tile) -> Result<(), String> {
        if seat == self.seat {
            self.take(tile, 1)?;
        }
        self.discards[seat].push(Discarded { tile, claimed: false });
        self.discard = Some((seat, tile));
        self.drew = None;
        Ok(())
    }

    /// Takes in one request (before answering it).
    pub fn observe(&mut self, rules: &dyn Rules, req: &Request) -> Result<(), String> {
        let set = rules.tiles();
        self.exposed_kong = None;
        match req {
            Request::Start { seat, quan } => {
                self.seat = *seat;
                self.round = Wind::from_index(*quan as u8).unwrap_or_default();
            }
            Request::Deal {
                flowers,
                hand,
                flower_tiles,
            } => {
                let table = rules.table();
                for (s, taken) in self.taken_by.iter_mut().enumerate() {
                    *taken = table.hand_size as usize + flowers.get(s).copied().unwrap_or(0);
                }
                for t in hand {
                    self.concealed[t.id()] += 1;
                }
                let mut rest = flower_tiles.iter();
                for (s, &n) in flowers.iter().enumerate().take(SEATS) {
                    self.bonus[s].extend(rest.by_ref().take(n).copied());
                }
            }
            Request::Draw(t) => {
                self.drawing(self.seat);
                self.concealed[t.id()] += 1;
            }
            Request::Table { seat, act } => {
                let seat = *seat;
                match *act {
                    Act::Buhua(f) => {
                        // The flower was drawn from the wall; its replacement is an ordinary
                        // draw, even when the flower itself replaced a kong.
                        self.taken_by[seat] += 1;
                        self.bonus[seat].push(f);
                        self.kong_pending[seat] = false;
                    }
                    Act::Draw => self.drawing(seat),
                    Act::Play(t) => self.discarded(seat, t)?,
                    Act::Peng(t) => {
                        let (tile, from) = self.claim(seat)?;
                        if seat == self.seat {
                            self.take(tile, 2)?;
                        }
                        self.melds[seat].push(Meld::Pung { tile, from });
                        self.after_kong[seat] = false;
                        self.discarded(seat, t)?;
                    }
                    Act::Chi { mid, discard } => {
                        let (tile, _) = self.claim(seat)?;
                        let first = mid
                            .id()
                            .checked_sub(1)
                            .and_then(|i| set.tile(i))
                            .filter(|&f| set.chow_start(f) && set.step(f, 1) == Some(mid))
                            .ok_or("a chow whose middle tile has no neighbours")?;
                        let claimed = (0..3u8)
                            .find(|&k| set.step(first, k) == Some(tile))
                            .ok_or("a chow that does not hold the claimed tile")?;
                        if seat == self.seat {
                            for k in (0..3u8).filter(|&k| k != claimed) {
                                if let Some(x) = set.step(first, k) {
                                    self.take(x, 1)?;
                                }
                            }
                        }
                        self.melds[seat].push(Meld::Chow {
                            first,
                            claimed: claimed + 1,
                        });
                        self.after_kong[seat] = false;
                        self.discarded(seat, discard)?;
                    }
                    Act::Gang => {
                        if self.drew == Some(seat) {
                            // Concealed: only the konger knows the tile.
                            if seat == self.seat {
                                let tile = self.my_kong.ok_or("my concealed kong, but I named no tile")?;
                                self.take(tile, 4)?;
                                self.melds[seat].push(Meld::ConcealedKong { tile });
                            }
                        } else {
                            let (tile, from) = self.claim(seat)?;
                            if seat == self.seat {
                                self.take(tile, 3)?;
                            }
                            self.melds[seat].push(Meld::ExposedKong { tile, from });
                            self.exposed_kong = Some(tile);
                        }
                        self.kong_pending[seat] = true;
                        self.drew = None;
                    }
                    Act::Bugang(t) => {
                        if seat == self.seat {
                            self.take(t, 1)?;
                        }
                        let m = self.melds[seat]
                            .iter_mut()
                            .find(|m| matches!(m, Meld::Pung { tile, .. } if *tile == t))
                            .ok_or("an added kong without its pong")?;
                        if let Meld::Pung { tile, from } = *m {
                            *m = Meld::AddedKong { tile, from };
                        }
                        self.kong_pending[seat] = true;
                        self.drew = None;
                    }
                }
            }
        }
        Ok(())
    }

    /// Takes in this seat's own answer to the request just observed.
    pub fn answered(&mut self, resp: &Response) {
        if let Response::Gang(Some(t)) = resp {
            self.my_kong = Some(*t);
        }
    }

    fn knowledge(&self, rules: &dyn Rules, moment: Moment) -> Knowledge {
        let table = rules.table();
        let live = rules
            .tiles()
            .total_tiles()
            .saturating_sub(table.kept_back as usize);
        Knowledge {
            seat: self.seat,
            dealer: 0,
            round: self.round,
            concealed: self.concealed,
            melds: self.melds.clone(),
            discards: self.discards.clone(),
            bonus: self.bonus.clone(),
            wall_remaining: live.saturating_sub(self.taken_by.iter().sum()),
            walls: if table.per_seat_walls {
                let own = live / SEATS;
                self.taken_by.iter().map(|&t| own.saturating_sub(t)).collect()
            } else {
                Vec::new()
            },
            moment,
        }
    }

    /// The moment the request just observed puts this seat in, if it has a decision to make.
    fn moment(&self, req: &Request) -> Option<Moment> {
        match *req {
            Request::Draw(tile) => Some(Moment::Drew {
                tile,
                after_kong: self.after_kong[self.seat],
            }),
            Request::Table { seat, act } if seat != self.seat => {
                let (tile, kong) = match act {
                    Act::Play(t) | Act::Peng(t) => (t, None),
                    Act::Chi { discard, .. } => (discard, None),
                    Act::Bugang(t) => (t, Some(KongKind::Added)),
                    // A kong on a discard shows its tile; a concealed one cannot be robbed by
                    // anyone who does not know it.
                    Act::Gang => (self.exposed_kong?, Some(KongKind::Exposed)),
                    Act::Buhua(_) | Act::Draw => return None,
                };
                Some(Moment::Offered {
                    from: seat,
                    tile,
                    kong,
                    after_kong: self.after_kong[seat],
                })
            }
            _ => None,
        }
    }

    /// This seat's answer to the request just observed.
    pub fn decide(&self, rules: &dyn Rules, bot: &mut GreedyBot, req: &Request) -> Response {
        let Some(moment) = self.moment(req) else {
            return Response::Pass;
        };
        let st = self.knowledge(rules, moment).state(rules);
        let legal = legal_actions(rules, &st, self.seat);
        if legal.is_empty() {
            return Response::Pass;
        }
        let choice = choose(rules, bot, &st, self.seat, &legal);
        let set = rules.tiles();
        match choice {
            Action::Discard(t) | Action::DiscardRed(t) => Response::Play(t),
            Action::SelfWin | Action::Win => Response::Hu,
            Action::ConcealedKong(t) => Response::Gang(Some(t)),
            Action::AddedKong(t) => Response::Bugang(t),
            Action::ExposedKong => Response::Gang(None),
            Action::Pong | Action::Chi(_) => {
                // The protocol takes the claim and the discard after it in one answer.
                let Ok((after, _)) = apply(rules, &st, self.seat, choice) else {
                    return Response::Pass;
                };
                let then = legal_actions(rules, &after, self.seat);
                let discard = match choose(rules, bot, &after, self.seat, &then) {
                    Action::Discard(t) => t,
                    _ => match then.iter().find_map(|a| match a {
                        Action::Discard(t) => Some(*t),
                        _ => None,
                    }) {
                        Some(t) => t,
                        None => return Response::Pass,
                    },
                };
                match choice {
                    Action::Chi(first) => match set.step(first, 1) {
                        Some(mid) => Response::Chi { mid, discard },
                        None => Response::Pass,
                    },
                    _ => Response::Peng(discard),
                }
            }
            Action::Pass
            | Action::Bonus(_)
            | Action::DeclareReady { .. }
            | Action::DeclareVoid(_)
            | Action::Exchange(_)
            | Action::AbortiveDraw => Response::Pass,
        }
    }
}

fn choose(rules: &dyn Rules, bot: &mut GreedyBot, st: &State, seat: usize, legal: &[Action]) -> Action {
    let view = st.view(rules.tiles(), rules.forms(), seat);
    bot.choose(&view, legal)
}

/// The answer to the last request of `history`, replaying the earlier requests (and this bot's
/// own earlier answers) first.
pub fn answer(rules: &dyn Rules, history: &History) -> Result<String, String> {
    let mut session = Session::new();
    let mut last = String::new();
    for (i, line) in history.requests.iter().enumerate() {
        last = session.step(rules, line, history.responses.get(i).map(String::as_str))?;
    }
    Ok(last)
}

/// A bot over one game: the tracker and the policy, fed one request at a time.
pub struct Session {
    tracker: Tracker,
    bot: GreedyBot,
}

impl Default for Session {
    fn default() -> Session {
        Session::new()
    }
}

impl Session {
    /// A bot before its game's first request.
    pub fn new() -> Session {
        Session {
            tracker: Tracker::new(),
            bot: GreedyBot::new(),
        }
    }

    /// Takes in one request; answers it, or takes `given` (a recorded answer) as the answer.
    pub fn step(&mut self, rules: &dyn Rules, line: &str, given: Option<&str>) -> Result<String, String> {
        let set = rules.tiles();
        let req = Request::parse(set, line)?;
        self.tracker.observe(rules, &req)?;
        let resp = match given {
            Some(text) => Response::parse(set, text).unwrap_or(Response::Pass),
            None => self.tracker.decide(rules, &mut self.bot, &req),
        };
        self.tracker.answered(&resp);
        Ok(resp.text(set))
    }
}

/// Runs the bot over `input` and `out` (the front end gives it stdin and stdout) in `mode` until
/// its input ends (simple and JSON: one answer).
pub fn run(
    rules: &dyn Rules,
    mode: Mode,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> Result<(), String> {
    let io = |e: std::io::Error| e.to_string();
    let mut first = String::new();
    input.read_line(&mut first).map_err(io)?;
    let json = first.trim_start().starts_with('{');
    let history = if json {
        History::from_json(&first)?
    } else {
        let n: usize = first
            .trim()
            .parse()
            .map_err(|_| format!("`{}` is not a turn number", first.trim()))?;
        let mut text = first.clone();
        for _ in 0..(2 * n).saturating_sub(1) {
            let mut line = String::new();
            if input.read_line(&mut line).map_err(io)? == 0 {
                break;
            }
            text.push_str(&line);
        }
        History::from_simple(text.lines())?
    };
    if mode != Mode::KeepRunning {
        let a = answer(rules, &history)?;
        let text = if json { super::protocol::json_output(&a) } else { a };
        writeln!(out, "{text}").map_err(io)?;
        return out.flush().map_err(io);
    }
    let mut session = Session::new();
    let mut a = String::new();
    for (i, line) in history.requests.iter().enumerate() {
        a = session.step(rules, line, history.responses.get(i).map(String::as_str))?;
    }
    loop {
        let text = if json {
            super::protocol::json_output(&a)
        } else {
            a.clone()
        };
        writeln!(out, "{text}\n{KEEP_RUNNING}").map_err(io)?;
        out.flush().map_err(io)?;
        let mut line = String::new();
        if input.read_line(&mut line).map_err(io)? == 0 {
            return Ok(());
        }
        let line = line.trim();
        // With JSON interaction the platform may wrap the lone request; take it either way.
        let request = if line.starts_with('{') {
            History::from_json(line)?.requests.pop().unwrap_or_default()
        } else if line.starts_with('"') {
            serde_json::from_str::<String>(line).map_err(|e| e.to_string())?
        } else {
            line.to_string()
        };
        a = session.step(rules, &request, None)?;
    }
}
