//! `mj import botzone`: replays Botzone game logs (the PKU/IJCAI Mahjong dataset's `data.txt`
//! layout) through the engine under `mcr-botzone`, and `mj export botzone`, which writes our
//! records in that layout.
//!
//! A log is a series of games, each
//!
//! ```text
//! Match <id>
//! Wind <0..3>                      prevalent wind, counted E S W N
//! Player <p> Deal <13 tiles>       p = 0..3, seat 0 the dealer (East), then S, W, N
//! Player <p> Draw|Play|Chi|Peng|Gang|AnGang|BuGang|Hu <tile> [Ignore Player <q> <claim> <tile>]...
//! Fan <F> <name*count+...>  then  Score <s0> <s1> <s2> <s3>     (a win)
//! Huang                     then  Score 0 0 0 0                  (a drawn game)
//! ```
//!
//! `Chi` names the chow's middle tile; `Ignore` suffixes (on Peng, Gang and Hu) are claims on the
//! same discard that lost to it; on a self-drawn win the `Hu` tile repeats the last discard (the
//! dataset's converter writes the last tile played), so the winning tile is the preceding `Draw`.
//!
//! The log shows only the tiles each seat drew, so each seat's 34-tile wall is rebuilt as its deal
//! and its draws in order, and the rest of every wall is filled deterministically with the tiles
//! nobody drew ([`mj_core::game::arrange_seat_walls`]): the tiles of the set are all there, and no
//! filled tile is ever drawn, so the fill cannot change the game.

use super::tile;
use mj_core::game::event::Event;
use mj_core::game::record::RecordEvent;
use mj_core::game::state::{Phase, TurnStart};
use mj_core::game::{
    apply, arrange_seat_walls, legal_actions, new_hand_from_wall, Action, Record, Rules, State,
};
use mj_core::{Tile, Wind};
use mj_dsl::table::Table;
use std::io::{BufRead, Write};

/// The ruleset every Botzone log is replayed under.
pub const RULESET: &str = "mcr-botzone";
const PLAYERS: usize = 4;
const DEAL: usize = 13;

/// A claim named in an `Ignore` suffix, or the line's own claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Claim {
    Chi(Tile),
    Peng,
    Gang,
    Hu,
}

/// One play line: who did what, with its line number.
#[derive(Clone, Debug)]
enum Move {
    Draw(Tile),
    Play(Tile),
    /// The chow's middle tile.
    Chi(Tile),
    Peng(Tile),
    Gang(Tile),
    AnGang(Tile),
    BuGang(Tile),
    /// The tile as logged: for a self-drawn win the last tile played, which a win before any
    /// play lacks (the converter then writes `None`), so it may be missing.
    Hu(Option<Tile>),
}

#[derive(Clone, Debug)]
struct Line {
    no: usize,
    seat: usize,
    mv: Move,
    /// Losing claims on the same discard: (seat, claim).
    ignored: Vec<(usize, Claim)>,
}

/// How the game ended, as logged.
#[derive(Clone, Debug)]
enum End {
    Win { fan_line: usize, fan: i64 },
    Huang,
}

/// One game of the log, parsed but not yet replayed.
#[derive(Clone, Debug)]
struct Game {
    id: String,
    wind: Wind,
    deals: Vec<Vec<Tile>>,
    lines: Vec<Line>,
    end: End,
    score_line: usize,
    recorded: Vec<i64>,
}

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

/// Reads games one at a time from a Botzone log; every format error names its line.
struct Reader<'a, R: BufRead> {
    input: R,
    path: &'a str,
    no: usize,
    buf: String,
    set: &'a mj_core::TileSet,
    /// A line read but not used: the `Match` line that ended a malformed game.
    back: Option<(usize, String)>,
    /// Reading the input failed (as opposed to a game being malformed): nothing more to read.
    io_failed: bool,
}

impl<'a, R: BufRead> Reader<'a, R> {
    fn err(&self, no: usize, msg: impl std::fmt::Display) -> String {
        format!("{}:{no}: {msg}", self.path)
    }

    /// The next non-blank line, trimmed, with its number.
    fn next_line(&mut self) -> Result<Option<(usize, String)>, String> {
        if let Some(line) = self.back.take() {
            return Ok(Some(line));
        }
        loop {
            self.buf.clear();
            let n = match self.input.read_line(&mut self.buf) {
                Ok(n) => n,
                Err(e) => {
                    self.io_failed = true;
                    return Err(self.err(self.no + 1, format!("cannot read: {e}")));
                }
            };
            if n == 0 {
                return Ok(None);
            }
            self.no += 1;
            // A byte-order mark at the start of the file is not part of the first line.
            let line = self.buf.trim_start_matches('\u{feff}').trim();
            if !line.is_empty() {
                return Ok(Some((self.no, line.to_string())));
            }
        }
    }

    /// Skips the rest of a malformed game: up to the next `Match` line, which is read next.
    fn skip_to_next_game(&mut self) -> Result<(), String> {
        while let Some((no, line)) = self.next_line()? {
            if line.split_whitespace().next() == Some("Match") {
                self.back = Some((no, line));
                break;
            }
        }
        Ok(())
    }

    fn tile(&self, no: usize, name: &str) -> Result<Tile, String> {
        tile::parse(self.set, name).map_err(|e| self.err(no, e))
    }

    fn seat(&self, no: usize, s: &str) -> Result<usize, String> {
        s.parse::<usize>()
            .ok()
            .filter(|&p| p < PLAYERS)
            .ok_or_else(|| self.err(no, format!("`{s}` is not a player number 0–3")))
    }

    /// The next game, or `None` at the end of the file.
    fn game(&mut self) -> Result<Option<Game>, String> {
        let Some((no, first)) = self.next_line()? else {
            return Ok(None);
        };
        let words: Vec<&str> = first.split_whitespace().collect();
        let id = match words.as_slice() {
            ["Match", id] => id.to_string(),
            _ => return Err(self.err(no, format!("expected `Match <id>`, found `{first}`"))),
        };
        let mut wind = None;
        let mut deals: Vec<Option<Vec<Tile>>> = vec![None; PLAYERS];
        let mut lines = Vec::new();
        let mut end: Option<End> = None;
        loop {
            let Some((no, text)) = self.next_line()? else {
                return Err(self.err(self.no, format!("game {id} ends without a `Score` line")));
            };
            let w: Vec<&str> = text.split_whitespace().collect();
            match w.as_slice() {
                ["Match", ..] => {
                    let e = self.err(no, format!("game {id} ends without a `Score` line"));
                    // The next game starts here.
                    self.back = Some((no, text.clone()));
                    return Err(e);
                }
                ["Wind", x] => {
                    let i = x.parse::<u8>().ok().and_then(Wind::from_index);
                    wind = Some(
                        i.ok_or_else(|| self.err(no, format!("`Wind {x}`: the wind is 0–3 (E S W N)")))?,
                    );
                }
                ["Player", p, "Deal", tiles @ ..] => {
                    let p = self.seat(no, p)?;
                    if tiles.len() != DEAL {
                        return Err(self.err(no, format!("a deal is {DEAL} tiles, found {}", tiles.len())));
                    }
                    if deals[p].is_some() {
                        return Err(self.err(no, format!("player {p} is dealt twice")));
                    }
                    let hand = tiles.iter().map(|t| self.tile(no, t)).collect::<Result<_, _>>()?;
                    deals[p] = Some(hand);
                }
                ["Player", p, verb, t, rest @ ..] => {
                    if deals.iter().any(Option::is_none) {
                        return Err(self.err(no, "play begins before every player's `Deal` line"));
                    }
                    if end.is_some() {
                        return Err(self.err(no, "play goes on after the game's end"));
                    }
                    let seat = self.seat(no, p)?;
                    if *verb == "Hu" {
                        let ignored = self.ignored(no, rest)?;
                        end = Some(End::Win { fan_line: 0, fan: 0 });
                        let tile = tile::parse(self.set, t).ok();
                        lines.push(Line {
                            no,
                            seat,
                            mv: Move::Hu(tile),
                            ignored,
                        });
                        continue;
                    }
                    let t = self.tile(no, t)?;
                    let mv = match *verb {
                        "Draw" => Move::Draw(t),
                        "Play" => Move::Play(t),
                        "Chi" => Move::Chi(t),
                        "Peng" => Move::Peng(t),
                        "Gang" => Move::Gang(t),
                        "AnGang" => Move::AnGang(t),
                        "BuGang" => Move::BuGang(t),
                        other => {
                            return Err(self.err(
                                no,
                                format!("unknown action `{other}`: expected Deal, Draw, Play, Chi, Peng, Gang, AnGang, BuGang or Hu"),
                            ))
                        }
                    };
                    let ignored = self.ignored(no, rest)?;
                    if !ignored.is_empty() && !matches!(mv, Move::Peng(_) | Move::Gang(_)) {
                        return Err(self.err(no, "`Ignore` follows only Peng, Gang and Hu"));
                    }
                    lines.push(Line {
                        no,
                        seat,
                        mv,
                        ignored,
                    });
                }
                ["Fan", f, ..] => {
                    let fan = f
                        .parse::<i64>()
                        .map_err(|_| self.err(no, format!("`Fan {f}`: the fan total is a number")))?;
                    match end {
                        Some(End::Win { fan_line: 0, .. }) => end = Some(End::Win { fan_line: no, fan }),
                        _ => return Err(self.err(no, "a `Fan` line follows only a `Hu` line")),
                    }
                }
                ["Huang"] => {
                    if end.is_some() {
                        return Err(self.err(no, "`Huang` after the game's end"));
                    }
                    end = Some(End::Huang);
                }
                ["Score", s @ ..] => {
                    let recorded: Vec<i64> = s
                        .iter()
                        .map(|x| x.parse::<i64>())
                        .collect::<Result<_, _>>()
                        .ok()
                        .filter(|v: &Vec<i64>| v.len() == PLAYERS)
                        .ok_or_else(|| self.err(no, "`Score` needs four whole numbers"))?;
                    let end = match end {
                        Some(End::Win { fan_line: 0, .. }) => {
                            return Err(self.err(no, "a win's `Score` needs a `Fan` line before it"))
                        }
                        Some(e) => e,
                        None => return Err(self.err(no, "`Score` before the game's end (`Hu` or `Huang`)")),
                    };
                    let wind = wind.ok_or_else(|| self.err(no, format!("game {id} has no `Wind` line")))?;
                    let deals = deals.into_iter().flatten().collect();
                    return Ok(Some(Game {
                        id,
                        wind,
                        deals,
                        lines,
                        end,
                        score_line: no,
                        recorded,
                    }));
                }
                _ => return Err(self.err(no, format!("cannot read `{text}`"))),
            }
        }
    }

    /// `Ignore Player <q> <Chi|Peng|Gang|Hu> <tile>` suffixes (claim names in any case).
    fn ignored(&self, no: usize, mut rest: &[&str]) -> Result<Vec<(usize, Claim)>, String> {
        let mut out = Vec::new();
        while !rest.is_empty() {
            let ["Ignore", "Player", q, claim, t, more @ ..] = rest else {
                return Err(self.err(
                    no,
                    format!(
                        "cannot read `{}`: expected `Ignore Player <n> <Chi|Peng|Gang|Hu> <tile>`",
                        rest.join(" ")
                    ),
                ));
            };
            let q = self.seat(no, q)?;
            let t = self.tile(no, t)?;
            let c = match claim.to_ascii_lowercase().as_str() {
                "chi" => Claim::Chi(t),
                "peng" => Claim::Peng,
                "gang" => Claim::Gang,
                "hu" => Claim::Hu,
                _ => return Err(self.err(no, format!("`{claim}` is not a claim (Chi, Peng, Gang, Hu)"))),
            };
            out.push((q, c));
            rest = more;
        }
        Ok(out)
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
fn replay_game(t: &Table, g: &Game) -> Outcome {
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

/// A file name for a match id: letters, digits, `-` and `_` kept, anything else `_`.
fn file_name(id: &str) -> String {
    id.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// `mj import botzone FILE [--out DIR]`: one JSON line per game; exit 1 if any game diverges.
pub fn run(
    path: &str,
    out_dir: Option<&str>,
    out: &mut impl Write,
) -> Result<std::process::ExitCode, String> {
    let t = Table::new(mj_dsl::load(RULESET).map_err(|d| d.to_string())?)?;
    let input: Box<dyn BufRead> = if path == "-" {
        Box::new(std::io::BufReader::new(std::io::stdin()))
    } else {
        let f = std::fs::File::open(path).map_err(|e| format!("cannot read {path}: {e}"))?;
        Box::new(std::io::BufReader::with_capacity(1 << 20, f))
    };
    if let Some(dir) = out_dir {
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {dir}: {e}"))?;
    }
    let mut reader = Reader {
        input,
        path,
        no: 0,
        buf: String::new(),
        set: t.tiles(),
        back: None,
        io_failed: false,
    };
    let io = |e: std::io::Error| e.to_string();
    let (mut games, mut diverged, mut malformed) = (0usize, 0usize, 0usize);
    loop {
        let g = match reader.game() {
            Ok(Some(g)) => g,
            Ok(None) => break,
            Err(e) if reader.io_failed => return Err(e),
            // One bad game in a log of thousands: say where, and go on with the next.
            Err(e) => {
                eprintln!("error: {e}; skipping to the next game");
                malformed += 1;
                reader.skip_to_next_game()?;
                continue;
            }
        };
        let o = replay_game(&t, &g);
        games += 1;
        if !o.ok {
            diverged += 1;
        }
        if let (Some(dir), Some(r)) = (out_dir, &o.record) {
            let file = std::path::Path::new(dir).join(format!("{}.json", file_name(&o.id)));
            std::fs::write(&file, r.to_json() + "\n")
                .map_err(|e| format!("cannot write {}: {e}", file.display()))?;
        }
        writeln!(out, "{}", o.to_json()).map_err(io)?;
    }
    if games == 0 && malformed == 0 {
        return Err(format!("{path} holds no game (expected `Match <id>` blocks)"));
    }
    eprintln!(
        "{games} game(s), {} replay to the logged scores, {diverged} diverge, {malformed} malformed",
        games - diverged
    );
    Ok(if diverged > 0 || malformed > 0 {
        std::process::ExitCode::from(1)
    } else {
        std::process::ExitCode::SUCCESS
    })
}

/// `mj export botzone FILE`: our JSON records (one per line, as `mj play --json` prints, of
/// `mcr-botzone`) in the Botzone log layout. A record whose dealer is not seat 0 is turned so that
/// it is (Botzone's player 0 is always the dealer); scores follow the players.
pub fn export(path: &str, out: &mut impl Write) -> Result<std::process::ExitCode, String> {
    let text = if path == "-" {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut s).map_err(|e| e.to_string())?;
        s
    } else {
        std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?
    };
    let t = Table::new(mj_dsl::load(RULESET).map_err(|d| d.to_string())?)?;
    let io = |e: std::io::Error| e.to_string();
    for (i, l) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let r = Record::from_json(l).map_err(|e| format!("{path}:{}: {e}", i + 1))?;
        let log = export_record(&t, &r, &format!("{}-{}", file_name(path), i + 1))
            .map_err(|e| format!("{path}:{}: {e}", i + 1))?;
        write!(out, "{log}").map_err(io)?;
    }
    Ok(std::process::ExitCode::SUCCESS)
}

/// One record as a Botzone log block (ending with a blank line).
pub fn export_record(t: &Table, r: &Record, id: &str) -> Result<String, String> {
    use std::fmt::Write as _;
    if r.ruleset != RULESET {
        return Err(format!(
            "the record is of ruleset `{}`, not `{RULESET}`",
            r.ruleset
        ));
    }
    let set = t.tiles();
    let n = r.players.len();
    if n != PLAYERS || r.dealer >= n {
        return Err("a Botzone game has four players".into());
    }
    // Botzone player k sits in our seat dealer + k.
    let bz = |seat: usize| (seat + n - r.dealer) % n;
    let tile = |s: &str| -> Result<Tile, String> {
        match mj_core::parse_tiles(set, s) {
            Ok(v) if v.len() == 1 => Ok(v[0]),
            _ => Err(format!("`{s}` is not one tile")),
        }
    };
    let name = |s: &str| -> Result<String, String> {
        let t = tile(s)?;
        tile::name(set, t).ok_or_else(|| format!("{s} has no Botzone name"))
    };
    let wind = Wind::from_letter(r.round).ok_or("the record's round is not a wind")?;
    let mut o = String::new();
    let _ = writeln!(o, "Match {id}");
    let _ = writeln!(o, "Wind {}", wind.index());
    let mut last_offered: Option<String> = None;
    let mut net = vec![0i64; n];
    for e in &r.events {
        match e {
            RecordEvent::Deal { hands, .. } => {
                let mut dealt = vec![String::new(); n];
                let mut first_draw = None;
                for (seat, h) in hands.iter().enumerate() {
                    let tiles = mj_core::parse_tiles(set, h).map_err(|e| e.to_string())?;
                    let mut names: Vec<String> = tiles
                        .iter()
                        .map(|&x| tile::name(set, x).ok_or_else(|| format!("{h} has a tile Botzone lacks")))
                        .collect::<Result<_, _>>()?;
                    if names.len() == DEAL + 1 {
                        first_draw = names.pop();
                    }
                    if names.len() != DEAL {
                        return Err(format!(
                            "seat {seat} is dealt {}",
                            mj_core::tile::tiles_word(names.len())
                        ));
                    }
                    dealt[bz(seat)] = names.join(" ");
                }
                for (p, d) in dealt.iter().enumerate() {
                    let _ = writeln!(o, "Player {p} Deal {d}");
                }
                if let Some(d) = first_draw {
                    let _ = writeln!(o, "Player 0 Draw {d}");
                }
            }
            RecordEvent::Draw { seat, tile: x, .. } => {
                let _ = writeln!(o, "Player {} Draw {}", bz(*seat), name(x)?);
            }
            RecordEvent::Discard { seat, tile: x } => {
                let nm = name(x)?;
                let _ = writeln!(o, "Player {} Play {nm}", bz(*seat));
                last_offered = Some(nm);
            }
            RecordEvent::Chi { seat, chow, .. } => {
                let first = tile(chow)?;
                let mid = set.step(first, 1).ok_or("a chow without a middle tile")?;
                let mid = tile::name(set, mid).ok_or("a chow Botzone cannot name")?;
                let _ = writeln!(o, "Player {} Chi {mid}", bz(*seat));
            }
            RecordEvent::Pong { seat, tile: x, .. } => {
                let _ = writeln!(o, "Player {} Peng {}", bz(*seat), name(x)?);
            }
            RecordEvent::Kong {
                seat, tile: x, kind, ..
            } => {
                let verb = match kind.as_str() {
                    "exposed" => "Gang",
                    "concealed" => "AnGang",
                    _ => "BuGang",
                };
                let nm = name(x)?;
                let _ = writeln!(o, "Player {} {verb} {nm}", bz(*seat));
                if verb == "BuGang" {
                    last_offered = Some(nm);
                }
            }
            RecordEvent::Win {
                seat,
                tile: x,
                self_drawn,
                fans,
                total,
                ..
            } => {
                // The dataset's quirk: a self-drawn win logs the last tile played, not the draw.
                let logged = match (self_drawn, &last_offered) {
                    (true, Some(l)) => l.clone(),
                    _ => name(x)?,
                };
                let _ = writeln!(o, "Player {} Hu {logged}", bz(*seat));
                let desc: Vec<String> = fans.iter().map(|f| fan_entry(f)).collect();
                let _ = writeln!(o, "Fan {total} {}", desc.join("+"));
            }
            RecordEvent::Payment { seat, amount, .. } => net[bz(*seat)] += amount,
            RecordEvent::ExhaustiveDraw => {
                let _ = writeln!(o, "Huang");
            }
            RecordEvent::Penalty { .. } | RecordEvent::Forfeit { .. } => {
                return Err("a penalty has no place in a Botzone log".into())
            }
            RecordEvent::Ready { .. } | RecordEvent::Flower { .. } | RecordEvent::Horses { .. } => {
                return Err("the record has an event Botzone does not know".into())
            }
        }
    }
    let _ = writeln!(
        o,
        "Score {}",
        net.iter().map(i64::to_string).collect::<Vec<_>>().join(" ")
    );
    let _ = writeln!(o);
    Ok(o)
}

/// `和绝张 4` → `和绝张*1`, `幺九刻 1×2` → `幺九刻*2`: the dataset's `name*count`.
fn fan_entry(f: &str) -> String {
    let (name, value) = f.rsplit_once(' ').unwrap_or((f, "1"));
    let count = value.split_once('×').map_or("1", |(_, c)| c);
    format!("{name}*{count}")
}
