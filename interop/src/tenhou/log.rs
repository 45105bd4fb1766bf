//! A Tenhou mjlog (`<mjloggm>` XML) as typed values: the game's rules and players, then every
//! event in order. Points are converted from Tenhou's hundreds to points. Reading never panics:
//! a malformed file is a [`ParseError`] naming the line, column and byte, and what was expected.

use super::meld::{decode, Meld};
use super::tile::TileId;
use super::xml::{ParseError, Tag, Tokens};

/// A whole log.
#[derive(Clone, Debug, PartialEq)]
pub struct Log {
    /// `GO type`: the lobby's rule bits (0x02 no red fives, 0x04 no open tanyao, 0x08 hanchan,
    /// 0x10 three players), when the log has a GO tag.
    pub go_type: Option<u32>,
    /// 3 or 4.
    pub players: u8,
    /// Player names as written in `UN` (Tenhou percent-encodes them).
    pub names: Vec<String>,
    pub events: Vec<Event>,
    /// Whether the file ends before the game did (no `owari=` on any result).
    pub cut_off: bool,
}

impl Log {
    /// Whether the game plays with red fives (GO type bit 0x02 clear).
    pub fn red_fives(&self) -> bool {
        self.go_type.is_none_or(|t| t & 0x02 == 0)
    }

    /// The hands: each INIT with the events up to the next INIT.
    pub fn hands(&self) -> Vec<&[Event]> {
        let starts: Vec<usize> = (0..self.events.len())
            .filter(|&i| matches!(self.events[i], Event::Init(_)))
            .collect();
        let mut out = Vec::new();
        for (n, &s) in starts.iter().enumerate() {
            let end = starts.get(n + 1).copied().unwrap_or(self.events.len());
            out.push(&self.events[s..end]);
        }
        out
    }
}

/// One event of the log.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// `TAIKYOKU oya`: the game starts with this dealer.
    Taikyoku {
        oya: u8,
    },
    Init(Init),
    /// `T`/`U`/`V`/`W` + id.
    Draw {
        who: u8,
        tile: TileId,
    },
    /// `D`/`E`/`F`/`G` + id; `tsumogiri` when the tile is the one the seat just drew (the same
    /// tile id as its last draw, or a lower-case tag as some converters write).
    Discard {
        who: u8,
        tile: TileId,
        tsumogiri: bool,
    },
    /// `N who m`.
    Call {
        who: u8,
        meld: Meld,
    },
    /// `REACH who step [ten]`: step 1 the declaration, step 2 the deposit taken (with the points
    /// after it).
    Reach {
        who: u8,
        step: u8,
        ten: Vec<i64>,
    },
    /// `DORA hai`: a new dora indicator.
    Dora {
        tile: TileId,
    },
    Agari(Agari),
    Ryuukyoku(Ryuukyoku),
    /// `BYE who`: a player disconnected.
    Bye {
        who: u8,
    },
    /// `UN` again in the middle of a game: a player reconnected.
    Reconnect,
    /// A tag this reader does not interpret (SHUFFLE, ...), by name.
    Other(String),
}

/// `INIT`: a hand's start.
#[derive(Clone, Debug, PartialEq)]
pub struct Init {
    /// 0 = East 1, 4 = South 1, 8 = West 1.
    pub round: u8,
    pub honba: u32,
    /// Riichi deposits on the table at the start.
    pub sticks: u32,
    pub dice: [u8; 2],
    pub dora_indicator: TileId,
    /// Points of each seat.
    pub ten: Vec<i64>,
    pub oya: u8,
    /// The dealt hands, seat by seat (three seats in a three-player game).
    pub hai: Vec<Vec<TileId>>,
}

/// `ten="fu,points,limit"` of a win: limit 0 none, 1 mangan, 2 haneman, 3 baiman,
/// 4 sanbaiman, 5 yakuman (counted or a yakuman yaku).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ten {
    pub fu: i64,
    pub points: i64,
    pub limit: u8,
}

/// `AGARI`: a win.
#[derive(Clone, Debug, PartialEq)]
pub struct Agari {
    /// `ba="honba,sticks"` as Tenhou shows it.
    pub honba: u32,
    pub sticks: u32,
    /// The concealed tiles, the winning tile included.
    pub hai: Vec<TileId>,
    pub melds: Vec<Meld>,
    pub machi: TileId,
    pub ten: Ten,
    /// (yaku id, han) pairs; dora are ids 52 (dora), 53 (ura), 54 (red).
    pub yaku: Vec<(u32, i64)>,
    /// Yakuman ids.
    pub yakuman: Vec<u32>,
    pub dora_hai: Vec<TileId>,
    pub ura_hai: Vec<TileId>,
    pub who: u8,
    pub from_who: u8,
    pub pao_who: Option<u8>,
    /// (points before, change) per seat.
    pub sc: Vec<(i64, i64)>,
    pub owari: Option<Owari>,
}

impl Agari {
    /// The han Tenhou counted: the yaku's han (dora included), 13 per yakuman.
    pub fn han(&self) -> i64 {
        self.yaku.iter().map(|y| y.1).sum::<i64>() + 13 * self.yakuman.len() as i64
    }
}

/// `RYUUKYOKU`: a drawn hand.
#[derive(Clone, Debug, PartialEq)]
pub struct Ryuukyoku {
    /// `yao9`, `reach4`, `ron3`, `kan4`, `kaze4`, `nm`; `None` for an exhaustive draw.
    pub kind: Option<String>,
    pub honba: u32,
    pub sticks: u32,
    pub sc: Vec<(i64, i64)>,
    /// The hands shown, by seat (`None` for a seat that did not show).
    pub hai: Vec<Option<Vec<TileId>>>,
    pub owari: Option<Owari>,
}

/// `owari=`: the final points and the match scores.
#[derive(Clone, Debug, PartialEq)]
pub struct Owari {
    pub points: Vec<i64>,
    pub scores: Vec<f64>,
}

/// Reads a whole mjlog.
pub fn parse(text: &str) -> Result<Log, ParseError> {
    let mut tokens = Tokens::new(text);
    let root = tokens.next_tag()?;
    match &root {
        Some(t) if t.name == "mjloggm" && !t.closing => {}
        _ => {
            return Err(ParseError {
                at: root.as_ref().map(|t| t.at).unwrap_or_default(),
                expected: "the root tag `<mjloggm ...>`".into(),
                found: root.map_or("the end of the input".into(), |t| format!("`<{}>`", t.name)),
            })
        }
    }
    let mut log = Log {
        go_type: None,
        players: 4,
        names: Vec::new(),
        events: Vec::new(),
        cut_off: true,
    };
    // Per seat: the tile id it drew and has not yet discarded or called past.
    let mut last_draw: [Option<TileId>; 4] = [None; 4];
    loop {
        let Some(tag) = tokens.next_tag()? else {
            return Err(tokens.error("`</mjloggm>` closing the log"));
        };
        if tag.closing {
            if tag.name != "mjloggm" {
                return Err(err(&tag, "`</mjloggm>`", &format!("`</{}>`", tag.name)));
            }
            break;
        }
        if let Some(mut e) = event(&tag, &mut log)? {
            mark_tsumogiri(&mut e, &mut last_draw);
            log.events.push(e);
        }
    }
    if let Some(t) = tokens.next_tag()? {
        return Err(err(&t, "nothing after `</mjloggm>`", &format!("`<{}>`", t.name)));
    }
    Ok(log)
}

/// mjlog writes a discard of the tile just drawn (tsumogiri) with the same tag as any other: the
/// tile id, unique among the 136 copies, is what tells. A call in between means the discard
/// came from the hand.
fn mark_tsumogiri(e: &mut Event, last_draw: &mut [Option<TileId>; 4]) {
    match e {
        Event::Init(_) => *last_draw = [None; 4],
        Event::Draw { who, tile } => {
            if let Some(d) = last_draw.get_mut(usize::from(*who)) {
                *d = Some(*tile);
            }
        }
        Event::Call { who, .. } => {
            if let Some(d) = last_draw.get_mut(usize::from(*who)) {
                *d = None;
            }
        }
        Event::Discard { who, tile, tsumogiri } => {
            if let Some(d) = last_draw.get_mut(usize::from(*who)) {
                *tsumogiri |= d.take() == Some(*tile);
            }
        }
        _ => {}
    }
}

fn err(tag: &Tag, expected: &str, found: &str) -> ParseError {
    ParseError {
        at: tag.at,
        expected: expected.to_string(),
        found: found.to_string(),
    }
}

/// The event a tag stands for; `None` for the tags that describe the game (GO, UN).
fn event(tag: &Tag, log: &mut Log) -> Result<Option<Event>, ParseError> {
    let name = tag.name.as_str();
    if let Some(e) = tile_event(tag)? {
        return Ok(Some(e));
    }
    let a = Attrs(tag);
    Ok(Some(match name {
        "SHUFFLE" => Event::Other(tag.name.clone()),
        "GO" => {
            let t = a.int("type")? as u32;
            log.go_type = Some(t);
            log.players = if t & 0x10 != 0 { 3 } else { 4 };
            return Ok(None);
        }
        "UN" => {
            if !log.names.is_empty() || log.events.iter().any(|e| matches!(e, Event::Init(_))) {
                return Ok(Some(Event::Reconnect));
            }
            log.names = (0..4)
                .filter_map(|i| tag.get(&format!("n{i}")).map(str::to_string))
                .collect();
            if log.go_type.is_none() && log.names.get(3).is_some_and(|n| n.is_empty()) {
                log.players = 3;
            }
            return Ok(None);
        }
        "TAIKYOKU" => Event::Taikyoku {
            oya: a.seat("oya", log.players)?,
        },
        "INIT" => Event::Init(init(&a, log.players)?),
        "N" => {
            let code = a.int("m")?;
            let meld = u32::try_from(code)
                .ok()
                .and_then(decode)
                .ok_or_else(|| a.bad("m", "a meld code naming real tiles"))?;
            Event::Call {
                who: a.seat("who", log.players)?,
                meld,
            }
        }
        "REACH" => Event::Reach {
            who: a.seat("who", log.players)?,
            step: match a.int("step")? {
                1 => 1,
                2 => 2,
                _ => return Err(a.bad("step", "1 or 2")),
            },
            ten: match tag.get("ten") {
                Some(_) => a.ints("ten")?.iter().map(|p| p * 100).collect(),
                None => Vec::new(),
            },
        },
        "DORA" => Event::Dora { tile: a.tile("hai")? },
        "AGARI" => {
            let e = Event::Agari(agari(&a, log.players)?);
            if matches!(&e, Event::Agari(g) if g.owari.is_some()) {
                log.cut_off = false;
            }
            e
        }
        "RYUUKYOKU" => {
            let r = ryuukyoku(&a, log.players)?;
            if r.owari.is_some() {
                log.cut_off = false;
            }
            Event::Ryuukyoku(r)
        }
        "BYE" => Event::Bye {
            who: a.seat("who", log.players)?,
        },
        _ => Event::Other(tag.name.clone()),
    }))
}

/// `T12`, `d45` and the like: a seat letter followed by a tile id.
fn tile_event(tag: &Tag) -> Result<Option<Event>, ParseError> {
    let name = tag.name.as_str();
    let mut chars = name.chars();
    let Some(letter) = chars.next() else {
        return Ok(None);
    };
    let digits = chars.as_str();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(None);
    }
    let draw = "TUVW".find(letter.to_ascii_uppercase());
    let discard = "DEFG".find(letter.to_ascii_uppercase());
    if draw.is_none() && discard.is_none() {
        return Ok(None);
    }
    let tile = digits
        .parse::<u32>()
        .ok()
        .and_then(TileId::new)
        .ok_or_else(|| err(tag, "a tile id 0-135 after the seat letter", &format!("`{name}`")))?;
    Ok(Some(match (draw, discard) {
        (Some(w), _) => Event::Draw { who: w as u8, tile },
        (_, Some(w)) => Event::Discard {
            who: w as u8,
            tile,
            tsumogiri: letter.is_ascii_lowercase(),
        },
        _ => return Ok(None),
    }))
}

/// A tag's attributes with typed getters whose errors name the tag and the attribute.
struct Attrs<'a>(&'a Tag);

impl Attrs<'_> {
    fn bad(&self, key: &str, what: &str) -> ParseError {
        let found = match self.0.get(key) {
            Some(v) => format!("{key}=\"{v}\""),
            None => format!("no attribute `{key}`"),
        };
        err(self.0, &format!("{} `{key}`: {what}", self.0.name), &found)
    }

    fn text(&self, key: &str) -> Result<&str, ParseError> {
        self.0.get(key).ok_or_else(|| self.bad(key, "present"))
    }

    fn int(&self, key: &str) -> Result<i64, ParseError> {
        self.text(key)?
            .trim()
            .parse()
            .map_err(|_| self.bad(key, "an integer"))
    }

    fn seat(&self, key: &str, players: u8) -> Result<u8, ParseError> {
        match self.int(key)? {
            s @ 0..=3 if (s as u8) < players => Ok(s as u8),
            _ => Err(self.bad(key, &format!("a seat 0-{}", players - 1))),
        }
    }

    /// A comma-separated list of integers (empty text: an empty list).
    fn ints(&self, key: &str) -> Result<Vec<i64>, ParseError> {
        let t = self.text(key)?;
        if t.trim().is_empty() {
            return Ok(Vec::new());
        }
        t.split(',')
            .map(|x| {
                x.trim()
                    .parse::<i64>()
                    .map_err(|_| self.bad(key, "comma-separated integers"))
            })
            .collect()
    }

    fn ints_or_empty(&self, key: &str) -> Result<Vec<i64>, ParseError> {
        if self.0.get(key).is_some() {
            self.ints(key)
        } else {
            Ok(Vec::new())
        }
    }

    fn tile(&self, key: &str) -> Result<TileId, ParseError> {
        u32::try_from(self.int(key)?)
            .ok()
            .and_then(TileId::new)
            .ok_or_else(|| self.bad(key, "a tile id 0-135"))
    }

    fn tiles(&self, key: &str) -> Result<Vec<TileId>, ParseError> {
        self.ints_or_empty(key)?
            .into_iter()
            .map(|i| u32::try_from(i).ok().and_then(TileId::new))
            .collect::<Option<Vec<_>>>()
            .ok_or_else(|| self.bad(key, "tile ids 0-135"))
    }

    /// `sc="p0,d0,p1,d1,.."` in points.
    fn sc(&self, players: u8) -> Result<Vec<(i64, i64)>, ParseError> {
        let v = self.ints("sc")?;
        if v.len() < 2 * usize::from(players) || v.len() % 2 != 0 {
            return Err(self.bad(
                "sc",
                &format!("{} numbers (points and change per seat)", 2 * players),
            ));
        }
        Ok(v.chunks(2).map(|c| (c[0] * 100, c[1] * 100)).collect())
    }

    /// `ba="honba,sticks"`.
    fn ba(&self) -> Result<(u32, u32), ParseError> {
        match self.ints("ba")?.as_slice() {
            &[h, s] if h >= 0 && s >= 0 => Ok((h as u32, s as u32)),
            _ => Err(self.bad("ba", "two counts: honba,sticks")),
        }
    }

    fn owari(&self) -> Result<Option<Owari>, ParseError> {
        let Some(t) = self.0.get("owari") else {
            return Ok(None);
        };
        let v = t
            .split(',')
            .map(|x| x.trim().parse::<f64>())
            .collect::<Result<Vec<_>, _>>()
            .map_err(|_| self.bad("owari", "comma-separated numbers"))?;
        if v.len() % 2 != 0 || v.is_empty() {
            return Err(self.bad("owari", "points and score per seat"));
        }
        Ok(Some(Owari {
            points: v.chunks(2).map(|c| (c[0] * 100.0).round() as i64).collect(),
            scores: v.chunks(2).map(|c| c[1]).collect(),
        }))
    }
}

fn init(a: &Attrs, players: u8) -> Result<Init, ParseError> {
    let seed = a.ints("seed")?;
    let small = |v: i64| u8::try_from(v).ok();
    let [round, honba, sticks, d0, d1, dora] = seed.as_slice() else {
        return Err(a.bad("seed", "six numbers: round,honba,sticks,dice,dice,dora indicator"));
    };
    let (Some(round), Some(d0), Some(d1)) = (small(*round), small(*d0), small(*d1)) else {
        return Err(a.bad("seed", "a round 0-255 and two dice"));
    };
    let (Ok(honba), Ok(sticks)) = (u32::try_from(*honba), u32::try_from(*sticks)) else {
        return Err(a.bad("seed", "counts of honba and sticks 0 or more"));
    };
    let dora_indicator = u32::try_from(*dora)
        .ok()
        .and_then(TileId::new)
        .ok_or_else(|| a.bad("seed", "a dora indicator 0-135 last"))?;
    let ten: Vec<i64> = a.ints("ten")?.iter().map(|p| p * 100).collect();
    if ten.len() < usize::from(players) {
        return Err(a.bad("ten", &format!("{players} points")));
    }
    let mut hai = Vec::new();
    for s in 0..players {
        let h = a.tiles(&format!("hai{s}"))?;
        if h.len() != 13 {
            return Err(a.bad(&format!("hai{s}"), "13 tile ids"));
        }
        hai.push(h);
    }
    Ok(Init {
        round,
        honba,
        sticks,
        dice: [d0, d1],
        dora_indicator,
        ten,
        oya: a.seat("oya", players)?,
        hai,
    })
}

fn agari(a: &Attrs, players: u8) -> Result<Agari, ParseError> {
    let (honba, sticks) = a.ba()?;
    let melds = a
        .ints_or_empty("m")?
        .into_iter()
        .map(|c| u32::try_from(c).ok().and_then(decode))
        .collect::<Option<Vec<_>>>()
        .ok_or_else(|| a.bad("m", "meld codes naming real tiles"))?;
    let ten = match a.ints("ten")?.as_slice() {
        &[fu, points, limit] if (0..=5).contains(&limit) => Ten {
            fu,
            points,
            limit: limit as u8,
        },
        _ => return Err(a.bad("ten", "fu,points,limit (limit 0-5)")),
    };
    let yaku = a.ints_or_empty("yaku")?;
    if yaku.len() % 2 != 0 || yaku.iter().any(|&v| v < 0) {
        return Err(a.bad("yaku", "pairs of yaku id and han"));
    }
    let yakuman = a.ints_or_empty("yakuman")?;
    if yakuman.iter().any(|&v| v < 0) {
        return Err(a.bad("yakuman", "yakuman ids"));
    }
    let pao_who = match a.0.get("paoWho") {
        Some(_) => Some(a.seat("paoWho", players)?),
        None => None,
    };
    Ok(Agari {
        honba,
        sticks,
        hai: a.tiles("hai")?,
        melds,
        machi: a.tile("machi")?,
        ten,
        yaku: yaku.chunks(2).map(|c| (c[0] as u32, c[1])).collect(),
        yakuman: yakuman.into_iter().map(|v| v as u32).collect(),
        dora_hai: a.tiles("doraHai")?,
        ura_hai: a.tiles("doraHaiUra")?,
        who: a.seat("who", players)?,
        from_who: a.seat("fromWho", players)?,
        pao_who,
        sc: a.sc(players)?,
        owari: a.owari()?,
    })
}

fn ryuukyoku(a: &Attrs, players: u8) -> Result<Ryuukyoku, ParseError> {
    let (honba, sticks) = a.ba()?;
    let mut hai = Vec::new();
    for s in 0..players {
        let key = format!("hai{s}");
        hai.push(match a.0.get(&key) {
            Some(_) => Some(a.tiles(&key)?),
            None => None,
        });
    }
    Ok(Ryuukyoku {
        kind: a.0.get("type").map(str::to_string),
        honba,
        sticks,
        sc: a.sc(players)?,
        hai,
        owari: a.owari()?,
    })
}
