//! A Botzone log's games replayed through the engine under `mcr-botzone`: each seat's wall is
//! rebuilt from its deal and draws, every line is applied as the engine's action, and the end is
//! scored and compared with the log's (`mj import botzone`).

use super::log::{Claim, End, Game, Line, Move, PLAYERS};
use super::tile;
use mj_core::game::event::Event;
use mj_core::game::state::{Phase, TurnStart};
use mj_core::game::{
    apply, arrange_seat_walls, legal_actions, new_hand_from_wall, Action, Record, Rules, State,
};
use mj_core::Tile;
use mj_dsl::table::Table;

/// The ruleset every Botzone log is replayed under.
pub const RULESET: &str = "mcr-botzone";

/// What replaying one game gave.
pub struct Outcome {
    pub id: String,
    pub ok: bool,
    pub scores: Vec<i64>,
    pub recorded: Vec<i64>,
    pub fans: Vec<String>,
    pub divergence: Option<String>,
    /// Our record, when the engine played the game to its end.
    pub record: Option<Record>,
}

impl Outcome {
    /// The JSON line `mj import` prints.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "match": self.id,
            "ok": self.ok,
            "scores": self.scores,
            "recorded": self.recorded,
            "fans": self.fans,
            "divergence": self.divergence,
        })
    }
}

/// The first tile of the chow whose middle tile is `mid`.
fn chow_first(t: &Table, mid: Tile) -> Option<Tile> {
    let set = t.tiles();
    let first = mid.id().checked_sub(1).and_then(|id| set.tile(id))?;
    (set.step(first, 1) == Some(mid) && set.chow_start(first)).then_some(first)
}

/// Replays one parsed game.
struct Replay<'a> {
    t: &'a Table,
    st: State,
    events: Vec<Event>,
}

impl Replay<'_> {
    fn name(&self, tile: Tile) -> String {
        tile::name(self.t.tiles(), tile).unwrap_or_else(|| self.t.tiles().notation(tile))
    }

    /// Applies `action` for `seat`, or says why it is illegal.
    fn act(&mut self, seat: usize, action: Action) -> Result<(), String> {
        match apply(self.t, &self.st, seat, action) {
            Ok((st, ev)) => {
                self.st = st;
                self.events.extend(ev);
                Ok(())
            }
            Err(e) => Err(e.message(self.t.tiles())),
        }
    }

    /// Answers the tile on offer: `main` claims with its action, each ignored claim is made if
    /// the engine allows it (the judge checks only the claim that wins), every other seat passes.
    /// With no offer open, the main claim is illegal.
    fn answer(&mut self, main: Option<(usize, Action)>, ignored: &[(usize, Action)]) -> Result<(), String> {
        if let Some((seat, a)) = main {
            let asked = matches!(&self.st.phase, Phase::Offer(o) if o.waiting.contains(&seat));
            if !asked {
                return Err(format!("player {seat} cannot {} now", a.describe(self.t.tiles())));
            }
        }
        while let Phase::Offer(o) = &self.st.phase {
            let s = o.waiting[0];
            let legal = legal_actions(self.t, &self.st, s);
            let a = match main {
                Some((m, a)) if m == s => a,
                _ => ignored
                    .iter()
                    .find(|(q, a)| *q == s && legal.contains(a))
                    .map_or(Action::Pass, |(_, a)| *a),
            };
            self.act(s, a)?;
        }
        Ok(())
    }

    /// The claim of an `Ignore` suffix as an engine answer.
    fn claim_action(&self, c: Claim) -> Action {
        match c {
            Claim::Chi(mid) => chow_first(self.t, mid).map_or(Action::Pass, Action::Chi),
            Claim::Peng => Action::Pong,
            Claim::Gang => Action::ExposedKong,
            Claim::Hu => Action::Win,
        }
    }

    fn line(&mut self, l: &Line) -> Result<(), String> {
        let seat = l.seat;
        let ignored: Vec<(usize, Action)> = l
            .ignored
            .iter()
            .map(|&(q, c)| (q, self.claim_action(c)))
            .collect();
        match l.mv {
            Move::Draw(t) => {
                self.answer(None, &[])?;
                match &self.st.phase {
                    Phase::Turn(turn) if turn.seat == seat => match turn.start {
                        TurnStart::Drew { tile, .. } if tile == t => Ok(()),
                        TurnStart::Drew { tile, .. } => Err(format!(
                            "player {seat} draws {}, the rebuilt wall gives {}",
                            self.name(t),
                            self.name(tile)
                        )),
                        _ => Err(format!("player {seat} draws, but its turn began with a claim")),
                    },
                    Phase::Turn(turn) => Err(format!(
                        "player {seat} draws, but it is player {}'s turn",
                        turn.seat
                    )),
                    Phase::Over { .. } => {
                        Err(format!("player {seat} draws, but the game is over (wall empty)"))
                    }
                    Phase::Offer(_) => Err("an offer is still open".into()),
                    Phase::Prepare(_) => Err("the seats are still choosing before play".into()),
                }
            }
            Move::Play(t) => {
                self.answer(None, &[])?;
                self.act(seat, Action::Discard(t))
            }
            Move::Chi(mid) => {
                let first = chow_first(self.t, mid)
                    .ok_or_else(|| format!("{} is not the middle of a chow", self.name(mid)))?;
                self.answer(Some((seat, Action::Chi(first))), &ignored)
            }
            Move::Peng(t) | Move::Gang(t) => {
                self.offered(t)?;
                let a = if matches!(l.mv, Move::Peng(_)) {
                    Action::Pong
                } else {
                    Action::ExposedKong
                };
                self.answer(Some((seat, a)), &ignored)
            }
            Move::AnGang(t) => {
                self.answer(None, &[])?;
                self.act(seat, Action::ConcealedKong(t))
            }
            Move::BuGang(t) => {
                self.answer(None, &[])?;
                self.act(seat, Action::AddedKong(t))
            }
            Move::Hu(t) => {
                if let Phase::Turn(turn) = &self.st.phase {
                    if turn.seat == seat && matches!(turn.start, TurnStart::Drew { .. }) {
                        // Self-drawn: the logged tile repeats the last discard; the win is on the draw.
                        return self.act(seat, Action::SelfWin);
                    }
                }
                let t = t.ok_or("the `Hu` names no tile, but the win is on a discard")?;
                self.offered(t)?;
                self.answer(Some((seat, Action::Win)), &ignored)
            }
        }
    }

    /// Checks that `t` is the tile on offer (a claim names the discard it takes).
    fn offered(&self, t: Tile) -> Result<(), String> {
        match &self.st.phase {
            Phase::Offer(o) if o.tile != t => Err(format!(
                "the tile on offer is {}, the log claims {}",
                self.name(o.tile),
                self.name(t)
            )),
            _ => Ok(()),
        }
    }
}

/// Replays one game under `t` (mcr-botzone): rebuilds the walls, applies every line, scores the
/// end and compares it with the log.
pub fn replay(t: &Table, g: &Game) -> Outcome {
    let mut out = Outcome {
        id: g.id.clone(),
        ok: false,
        scores: vec![0; PLAYERS],
        recorded: g.recorded.clone(),
        fans: Vec::new(),
        divergence: None,
        record: None,
    };
    let first_line = g.lines.first().map_or(g.score_line, |l| l.no);
    let mut starts: Vec<Vec<Tile>> = g.deals.clone();
    for l in &g.lines {
        if let Move::Draw(tile) = l.mv {
            starts[l.seat].push(tile);
        }
    }
    let wall = match arrange_seat_walls(t, 0, &starts) {
        Ok(w) => w,
        Err(e) => {
            out.divergence = Some(format!(
                "line {first_line}: the deals and draws do not fit the walls: {e}"
            ));
            return out;
        }
    };
    let (st, events) = match new_hand_from_wall(t, wall.clone(), 0, g.wind) {
        Ok(x) => x,
        Err(e) => {
            out.divergence = Some(format!("line {first_line}: {e}"));
            return out;
        }
    };
    let mut r = Replay { t, st, events };
    for l in &g.lines {
        if let Err(e) = r.line(l) {
            out.scores = r.st.scores.clone();
            out.divergence = Some(format!("line {}: {e}", l.no));
            return out;
        }
    }
    if matches!(g.end, End::Huang) {
        // The last discard passes; the next seat's wall is empty.
        if let Err(e) = r.answer(None, &[]) {
            out.divergence = Some(format!("line {}: {e}", g.score_line));
            return out;
        }
    }
    out.scores = r.st.scores.clone();
    let win = r.events.iter().find_map(|e| match e {
        Event::Win { fans, total, .. } => Some((fans.clone(), *total)),
        _ => None,
    });
    if let Some((fans, _)) = &win {
        out.fans = fans.clone();
    }
    let divergence = match (&g.end, &r.st.phase, &win) {
        (_, Phase::Over { .. }, _) => None,
        (End::Huang, _, _) => Some(format!(
            "line {}: the log says Huang, but the game goes on (the seat to draw has tiles left)",
            g.score_line
        )),
        (End::Win { .. }, _, _) => Some(format!(
            "line {}: the log's win did not end the game",
            g.score_line
        )),
    }
    .or_else(|| match (&g.end, &win) {
        (End::Huang, Some((_, total))) => Some(format!(
            "line {}: the log says Huang, our engine has a win worth {total}",
            g.score_line
        )),
        (End::Win { fan_line, .. }, None) => {
            Some(format!("line {fan_line}: the log has a win, ours has none"))
        }
        (End::Win { fan_line, fan }, Some((fans, total))) if total != fan => Some(format!(
            "line {fan_line}: fan total: the log has {fan}, ours is {total} ({})",
            fans.join(", ")
        )),
        _ => None,
    })
    .or_else(|| {
        (out.scores != g.recorded).then(|| {
            format!(
                "line {}: scores: the log has {:?}, ours are {:?}",
                g.score_line, g.recorded, out.scores
            )
        })
    });
    if r.st.is_over() {
        let names = (0..PLAYERS).map(|p| format!("botzone player {p}")).collect();
        out.record = Some(Record::new(t, 0, 0, g.wind, names, Some(&wall), &r.events).at(t, &r.st));
    }
    out.ok = divergence.is_none();
    out.divergence = divergence;
    out
}
