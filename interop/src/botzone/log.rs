//! The Botzone game log (the PKU/IJCAI Mahjong dataset's `data.txt` layout), read one game at a
//! time. [`super::replay`] plays the games through the engine; [`super::export`] writes our
//! records in the same layout.
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
use mj_core::{Tile, TileSet, Wind};
use std::io::BufRead;

pub(crate) const PLAYERS: usize = 4;
pub(crate) const DEAL: usize = 13;

/// A claim named in an `Ignore` suffix, or the line's own claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Claim {
    Chi(Tile),
    Peng,
    Gang,
    Hu,
}

/// One play line: who did what, with its line number.
#[derive(Clone, Debug)]
pub(crate) enum Move {
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
pub(crate) struct Line {
    pub(crate) no: usize,
    pub(crate) seat: usize,
    pub(crate) mv: Move,
    /// Losing claims on the same discard: (seat, claim).
    pub(crate) ignored: Vec<(usize, Claim)>,
}

/// How the game ended, as logged.
#[derive(Clone, Debug)]
pub(crate) enum End {
    Win { fan_line: usize, fan: i64 },
    Huang,
}

/// One game of the log, parsed but not yet replayed.
#[derive(Clone, Debug)]
pub struct Game {
    pub(crate) id: String,
    pub(crate) wind: Wind,
    pub(crate) deals: Vec<Vec<Tile>>,
    pub(crate) lines: Vec<Line>,
    pub(crate) end: End,
    pub(crate) score_line: usize,
    pub(crate) recorded: Vec<i64>,
}

impl Game {
    /// The game's `Match` id.
    pub fn id(&self) -> &str {
        &self.id
    }
}

/// Reads games one at a time from a Botzone log; every format error names its line.
pub struct LogReader<'a, R: BufRead> {
    input: R,
    path: &'a str,
    no: usize,
    buf: String,
    set: &'a TileSet,
    /// A line read but not used: the `Match` line that ended a malformed game.
    back: Option<(usize, String)>,
    /// Reading the input failed (as opposed to a game being malformed): nothing more to read.
    io_failed: bool,
}

impl<'a, R: BufRead> LogReader<'a, R> {
    /// A reader of `input`; errors name `path` and the line (the tiles are `set`'s).
    pub fn new(input: R, path: &'a str, set: &'a TileSet) -> Self {
        LogReader {
            input,
            path,
            no: 0,
            buf: String::new(),
            set,
            back: None,
            io_failed: false,
        }
    }

    /// Whether reading the input failed (as opposed to a game being malformed): nothing more
    /// can be read.
    pub fn io_failed(&self) -> bool {
        self.io_failed
    }

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
    pub fn skip_to_next_game(&mut self) -> Result<(), String> {
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
    pub fn game(&mut self) -> Result<Option<Game>, String> {
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
