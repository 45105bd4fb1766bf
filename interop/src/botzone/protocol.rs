//! The Botzone "Chinese Standard Mahjong" bot protocol: the judge's requests, the bot's responses,
//! and the three ways the platform delivers them (simple lines, JSON, keep-running).
//!
//! Requests (one line each; `p` a seat 0–3, seat 0 the dealer, East):
//!
//! | request | meaning |
//! | --- | --- |
//! | `0 p quan` | you sit in seat `p`; the prevalent wind is `quan` (0–3 = E S W N) |
//! | `1 h0 h1 h2 h3 c1 … c13 f…` | the deal: every seat's flower count, your 13 tiles, then every flower set aside |
//! | `2 t` | you drew `t` |
//! | `3 p BUHUA f` / `3 p DRAW` | seat `p` set aside flower `f` / drew a tile |
//! | `3 p PLAY t` | seat `p` discarded `t` |
//! | `3 p PENG t` / `3 p CHI m t` | seat `p` claimed the last discard for a pong / a chow around `m`, then discarded `t` |
//! | `3 p GANG` | seat `p` declared a kong: concealed if `p` has just drawn, else on the last discard |
//! | `3 p BUGANG t` | seat `p` added `t` to its pong |
//!
//! Responses: `PASS`; on one's own draw `PLAY t`, `GANG t` (concealed kong), `BUGANG t`, `HU`; on
//! another's discard `PENG t`, `CHI m t`, `GANG`, `HU`; on another's added kong `HU` (robbing it).

use mj_core::tile::{Tile, TileSet};

use super::tile;

/// The line a keep-running bot prints after each answer: "keep me alive, send only the next request".
pub const KEEP_RUNNING: &str = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<";

/// How requests reach a bot. The platform calls the first two "simple interaction" and "JSON
/// interaction"; keep-running starts like simple and then sends one request line per turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Simple,
    Json,
    KeepRunning,
}

/// What seat `seat` did, as every seat is told.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Act {
    Buhua(Tile),
    Draw,
    Play(Tile),
    Peng(Tile),
    Chi { mid: Tile, discard: Tile },
    Gang,
    Bugang(Tile),
}

/// One request from the judge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    Start {
        seat: usize,
        quan: usize,
    },
    Deal {
        /// Flowers set aside at the deal, per seat.
        flowers: Vec<usize>,
        hand: Vec<Tile>,
        flower_tiles: Vec<Tile>,
    },
    Draw(Tile),
    Table {
        seat: usize,
        act: Act,
    },
}

/// One answer from a bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Response {
    Pass,
    Play(Tile),
    /// `GANG t` (a concealed kong of `t` on one's own turn) or `GANG` (a kong on a discard).
    Gang(Option<Tile>),
    Bugang(Tile),
    Hu,
    Peng(Tile),
    Chi {
        mid: Tile,
        discard: Tile,
    },
}

fn seat_of(word: Option<&str>) -> Result<usize, String> {
    let w = word.ok_or("a seat number is missing")?;
    match w.parse::<usize>() {
        Ok(s) if s < 4 => Ok(s),
        _ => Err(format!("`{w}` is not a seat (0–3)")),
    }
}

fn tile_of(set: &TileSet, word: Option<&str>) -> Result<Tile, String> {
    tile::parse(set, word.ok_or("a tile is missing")?)
}

fn name(set: &TileSet, t: Tile) -> String {
    tile::name(set, t).unwrap_or_else(|| set.notation(t))
}

fn done<'a>(mut words: impl Iterator<Item = &'a str>, line: &str) -> Result<(), String> {
    match words.next() {
        None => Ok(()),
        Some(w) => Err(format!("unexpected `{w}` at the end of `{line}`")),
    }
}

impl Request {
    /// Reads one request line.
    pub fn parse(set: &TileSet, line: &str) -> Result<Request, String> {
        let mut w = line.split_whitespace();
        let req = match w.next() {
            Some("0") => {
                let seat = seat_of(w.next())?;
                let quan = seat_of(w.next()).map_err(|_| format!("`{line}`: the wind must be 0–3"))?;
                Request::Start { seat, quan }
            }
            Some("1") => {
                let mut flowers = Vec::with_capacity(4);
                for _ in 0..4 {
                    let x = w
                        .next()
                        .ok_or_else(|| format!("`{line}`: four flower counts expected"))?;
                    flowers.push(
                        x.parse::<usize>()
                            .ok()
                            .filter(|&n| n <= 8)
                            .ok_or_else(|| format!("`{x}` is not a flower count"))?,
                    );
                }
                let hand = (0..13)
                    .map(|_| tile_of(set, w.next()))
                    .collect::<Result<Vec<_>, _>>()?;
                let flower_tiles = w
                    .by_ref()
                    .map(|x| tile::parse(set, x))
                    .collect::<Result<Vec<_>, _>>()?;
                if flower_tiles.len() != flowers.iter().sum::<usize>() {
                    return Err(format!(
                        "`{line}`: {} flower tiles listed for counts adding to {}",
                        flower_tiles.len(),
                        flowers.iter().sum::<usize>()
                    ));
                }
                Request::Deal {
                    flowers,
                    hand,
                    flower_tiles,
                }
            }
            Some("2") => Request::Draw(tile_of(set, w.next())?),
            Some("3") => {
                let seat = seat_of(w.next())?;
                let act = match w.next() {
                    Some("BUHUA") => Act::Buhua(tile_of(set, w.next())?),
                    Some("DRAW") => Act::Draw,
                    Some("PLAY") => Act::Play(tile_of(set, w.next())?),
                    Some("PENG") => Act::Peng(tile_of(set, w.next())?),
                    Some("CHI") => Act::Chi {
                        mid: tile_of(set, w.next())?,
                        discard: tile_of(set, w.next())?,
                    },
                    Some("GANG") => Act::Gang,
                    Some("BUGANG") => Act::Bugang(tile_of(set, w.next())?),
                    other => return Err(format!("`{line}`: unknown action {other:?}")),
                };
                Request::Table { seat, act }
            }
            _ => return Err(format!("`{line}` is not a Botzone mahjong request")),
        };
        done(w, line)?;
        Ok(req)
    }

    /// The request line.
    pub fn text(&self, set: &TileSet) -> String {
        let n = |t: &Tile| name(set, *t);
        match self {
            Request::Start { seat, quan } => format!("0 {seat} {quan}"),
            Request::Deal {
                flowers,
                hand,
                flower_tiles,
            } => {
                let mut words: Vec<String> = vec!["1".into()];
                words.extend(flowers.iter().map(|f| f.to_string()));
                words.extend(hand.iter().map(n));
                words.extend(flower_tiles.iter().map(n));
                words.join(" ")
            }
            Request::Draw(t) => format!("2 {}", n(t)),
            Request::Table { seat, act } => match act {
                Act::Buhua(t) => format!("3 {seat} BUHUA {}", n(t)),
                Act::Draw => format!("3 {seat} DRAW"),
                Act::Play(t) => format!("3 {seat} PLAY {}", n(t)),
                Act::Peng(t) => format!("3 {seat} PENG {}", n(t)),
                Act::Chi { mid, discard } => format!("3 {seat} CHI {} {}", n(mid), n(discard)),
                Act::Gang => format!("3 {seat} GANG"),
                Act::Bugang(t) => format!("3 {seat} BUGANG {}", n(t)),
            },
        }
    }
}

impl Response {
    /// Reads one response line (surrounding blanks ignored, words separated by any blanks).
    pub fn parse(set: &TileSet, line: &str) -> Result<Response, String> {
        let mut w = line.split_whitespace();
        let r = match w.next() {
            Some("PASS") => Response::Pass,
            Some("PLAY") => Response::Play(tile_of(set, w.next())?),
            Some("GANG") => match w.next() {
                None => return Ok(Response::Gang(None)),
                Some(t) => Response::Gang(Some(tile::parse(set, t)?)),
            },
            Some("BUGANG") => Response::Bugang(tile_of(set, w.next())?),
            Some("HU") => Response::Hu,
            Some("PENG") => Response::Peng(tile_of(set, w.next())?),
            Some("CHI") => Response::Chi {
                mid: tile_of(set, w.next())?,
                discard: tile_of(set, w.next())?,
            },
            _ => {
                let shown: String = line.chars().take(60).collect();
                return Err(format!("`{shown}` is not a Botzone mahjong response"));
            }
        };
        done(w, line)?;
        Ok(r)
    }

    /// The response line.
    pub fn text(&self, set: &TileSet) -> String {
        let n = |t: &Tile| name(set, *t);
        match self {
            Response::Pass => "PASS".into(),
            Response::Play(t) => format!("PLAY {}", n(t)),
            Response::Gang(None) => "GANG".into(),
            Response::Gang(Some(t)) => format!("GANG {}", n(t)),
            Response::Bugang(t) => format!("BUGANG {}", n(t)),
            Response::Hu => "HU".into(),
            Response::Peng(t) => format!("PENG {}", n(t)),
            Response::Chi { mid, discard } => format!("CHI {} {}", n(mid), n(discard)),
        }
    }
}

/// The history a bot is started with: every earlier request and its own response, then the new
/// request (so `requests.len() == responses.len() + 1`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct History {
    pub requests: Vec<String>,
    pub responses: Vec<String>,
}

impl History {
    /// The simple interaction: the turn number, then requests and responses alternating, ending
    /// with the new request. (The platform's `data`/`globaldata` lines are not sent: nothing here
    /// keeps data between turns, and a keep-running bot would read them as requests.)
    pub fn simple(&self) -> String {
        let mut s = format!("{}\n", self.requests.len());
        for (i, r) in self.requests.iter().enumerate() {
            s.push_str(r);
            s.push('\n');
            if let Some(a) = self.responses.get(i) {
                s.push_str(a);
                s.push('\n');
            }
        }
        s
    }

    /// The JSON interaction, one compact line.
    pub fn json(&self) -> String {
        let v = serde_json::json!({ "requests": self.requests, "responses": self.responses });
        format!("{v}\n")
    }

    /// Reads a simple-interaction input from its lines: the turn number `n`, then `2n − 1` lines.
    /// Anything after them (the platform's data lines) is ignored.
    pub fn from_simple<'a>(mut lines: impl Iterator<Item = &'a str>) -> Result<History, String> {
        let first = lines.next().ok_or("the input is empty")?;
        let n: usize = first
            .trim()
            .parse()
            .ok()
            .filter(|&n| (1..=10_000).contains(&n))
            .ok_or_else(|| format!("the first line `{}` is not a turn number", first.trim()))?;
        let mut h = History::default();
        for i in 0..2 * n - 1 {
            let line = lines
                .next()
                .ok_or_else(|| format!("turn {n} needs {} lines after the first; got {i}", 2 * n - 1))?;
            let line = line.trim_end_matches('\r').to_string();
            if i % 2 == 0 {
                h.requests.push(line);
            } else {
                h.responses.push(line);
            }
        }
        Ok(h)
    }

    /// Reads a JSON-interaction input (`{"requests":[..],"responses":[..],..}`).
    pub fn from_json(text: &str) -> Result<History, String> {
        let v: serde_json::Value = serde_json::from_str(text.trim()).map_err(|e| format!("not JSON: {e}"))?;
        let strings = |key: &str| -> Result<Vec<String>, String> {
            v.get(key)
                .and_then(|x| x.as_array())
                .ok_or_else(|| format!("`{key}` must be an array"))?
                .iter()
                .map(|x| {
                    x.as_str()
                        .map(str::to_string)
                        .ok_or_else(|| format!("`{key}` must hold strings"))
                })
                .collect()
        };
        let h = History {
            requests: strings("requests")?,
            responses: strings("responses").or_else(|_| {
                if v.get("responses").is_none() {
                    Ok(Vec::new())
                } else {
                    Err("`responses` must be an array of strings".to_string())
                }
            })?,
        };
        if h.requests.len() != h.responses.len() + 1 {
            return Err(format!(
                "{} requests and {} responses: there must be one more request",
                h.requests.len(),
                h.responses.len()
            ));
        }
        Ok(h)
    }
}

/// The response in a bot's JSON-interaction output: the `response` field of its first line.
pub fn json_answer(output: &str) -> Result<String, String> {
    let line = output.lines().next().unwrap_or("");
    let v: serde_json::Value = serde_json::from_str(line.trim()).map_err(|e| format!("not JSON: {e}"))?;
    v.get("response")
        .and_then(|r| r.as_str())
        .map(str::to_string)
        .ok_or_else(|| "no string `response` in the output".to_string())
}

/// The JSON-interaction output for `response`.
pub fn json_output(response: &str) -> String {
    serde_json::json!({ "response": response }).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use mj_testkit::presets;

    fn set() -> TileSet {
        TileSet::new("mcr", &presets::chinese_official()).expect("built-in set")
    }

    #[test]
    fn requests_round_trip() {
        let set = set();
        for line in [
            "0 2 1",
            "1 0 0 0 0 W1 W2 W3 B4 B5 B6 T7 T8 T9 F1 F1 J1 J3",
            "1 1 0 2 0 W1 W2 W3 B4 B5 B6 T7 T8 T9 F1 F1 J1 J3 H1 H4 H7",
            "2 T6",
            "3 2 BUHUA H7",
            "3 1 DRAW",
            "3 0 PLAY F4",
            "3 3 PENG W3",
            "3 2 CHI T2 W3",
            "3 1 GANG",
            "3 0 BUGANG J2",
        ] {
            let r = Request::parse(&set, line).unwrap_or_else(|e| panic!("{line}: {e}"));
            assert_eq!(r.text(&set), line);
        }
        let chi = Request::parse(&set, "3 2 CHI T2 W3").expect("chi");
        let t = |n: &str| tile::parse(&set, n).expect(n);
        assert_eq!(
            chi,
            Request::Table {
                seat: 2,
                act: Act::Chi {
                    mid: t("T2"),
                    discard: t("W3")
                }
            }
        );
    }

    #[test]
    fn bad_requests_are_errors() {
        let set = set();
        for line in [
            "",
            "4 1",
            "0 4 0",
            "0 1 7",
            "0 1",
            "1 0 0 0 W1",
            "1 0 0 0 0 W1 W2",
            "1 1 0 0 0 W1 W2 W3 B4 B5 B6 T7 T8 T9 F1 F1 J1 J3",
            "2",
            "2 X9",
            "2 W1 W2",
            "3 5 DRAW",
            "3 1 JUMP",
            "3 1 PLAY",
            "3 1 CHI W2",
        ] {
            assert!(Request::parse(&set, line).is_err(), "{line:?} parsed");
        }
    }

    #[test]
    fn responses_round_trip() {
        let set = set();
        for line in [
            "PASS",
            "PLAY W1",
            "GANG",
            "GANG B9",
            "BUGANG F2",
            "HU",
            "PENG J1",
            "CHI T5 W9",
        ] {
            let r = Response::parse(&set, line).unwrap_or_else(|e| panic!("{line}: {e}"));
            assert_eq!(r.text(&set), line);
        }
        assert_eq!(
            Response::parse(&set, "  PLAY   W1 \r"),
            Ok(Response::Play(tile::parse(&set, "W1").expect("W1")))
        );
        for bad in [
            "",
            "pass",
            "PLAY",
            "PLAY W0",
            "PENG",
            "CHI T5",
            "HU HU",
            "GANG W1 W2",
            "lol",
        ] {
            assert!(Response::parse(&set, bad).is_err(), "{bad:?} parsed");
        }
    }

    #[test]
    fn interactions_round_trip() {
        let h = History {
            requests: vec!["0 1 0".into(), "1 0 0 0 0 W1".into(), "3 0 DRAW".into()],
            responses: vec!["PASS".into(), "PASS".into()],
        };
        assert_eq!(h.simple(), "3\n0 1 0\nPASS\n1 0 0 0 0 W1\nPASS\n3 0 DRAW\n");
        assert_eq!(History::from_simple(h.simple().lines()), Ok(h.clone()));
        // The platform's data lines after the history are ignored.
        let with_data = format!("{}data\nglobal\n", h.simple());
        assert_eq!(History::from_simple(with_data.lines()), Ok(h.clone()));
        assert_eq!(History::from_json(&h.json()), Ok(h.clone()));
        assert!(History::from_simple("2\n0 1 0\nPASS\n".lines()).is_err());
        assert!(History::from_simple("0\n".lines()).is_err());
        assert!(History::from_simple("x\n".lines()).is_err());
        assert!(History::from_json(r#"{"requests":["a"],"responses":["b"]}"#).is_err());
        assert!(History::from_json(r#"{"requests":[1]}"#).is_err());
        assert_eq!(
            History::from_json(r#"{"requests":["0 1 0"]}"#).map(|h| h.requests.len()),
            Ok(1)
        );
    }

    #[test]
    fn answers_are_read_from_outputs() {
        assert_eq!(json_answer(&json_output("HU")), Ok("HU".into()));
        assert_eq!(
            json_answer(r#"{"response":"PASS","debug":"x"}"#),
            Ok("PASS".into())
        );
        assert!(json_answer("PASS").is_err());
        assert!(json_answer(r#"{"response":3}"#).is_err());
    }
}
