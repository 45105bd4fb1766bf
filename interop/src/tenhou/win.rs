//! Every win of a log written as a line of our hand notation (`shared/notation.md`, riichi
//! section), from what the log had shown when the win happened: the melds in the order they were
//! called, riichi, double riichi and ippatsu from the REACH steps and the calls since, the dora
//! indicators from INIT and DORA, the counters and deposits on the table, haitei/houtei from the
//! number of draws, rinshan and chankan from the event before the win. Only the ura-dora
//! indicators come from the AGARI tag itself, as the log reveals them nowhere else.

use super::log::{Agari, Event, Init, Log};
use super::meld::{Meld, MeldKind};
use super::tile::{tiles_text, TileId};

/// One recorded win and our line for it.
#[derive(Clone, Debug)]
pub struct Win<'a> {
    /// Index of the hand in the log (0 = the first INIT).
    pub hand: usize,
    /// 0 for the first AGARI of the hand, 1 for the second winner of a double ron, ...
    pub nth: usize,
    pub agari: &'a Agari,
    pub init: &'a Init,
    /// The hand in notation, with its context words.
    pub line: String,
    /// The dora indicators the log had shown before the win (to compare with `doraHai`).
    pub dora_shown: Vec<TileId>,
    /// The winner's concealed tiles as followed through the hand, the winning tile included (to
    /// compare with `hai=`), and the codes of the melds called (to compare with `m=`).
    pub concealed: Vec<TileId>,
    pub meld_codes: Vec<u32>,
    /// Counters and deposits as the table held them (to compare with `ba=`).
    pub honba: u32,
    pub sticks: u32,
}

/// Why a win could not be written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinError {
    pub hand: usize,
    pub message: String,
}

impl std::fmt::Display for WinError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "hand {}: {}", self.hand + 1, self.message)
    }
}

impl std::error::Error for WinError {}

/// What the hand so far says about a seat.
#[derive(Clone, Debug, Default)]
struct Seat {
    /// The concealed tiles, followed through draws, discards and calls.
    hand: Vec<TileId>,
    /// Melds in the order called (an added kan replaces its pon where the pon was).
    melds: Vec<(Meld, u8)>,
    nuki: u32,
    nuki_codes: Vec<u32>,
    discards: u32,
    riichi: bool,
    double: bool,
    ippatsu: bool,
    /// Declared (step 1) and waiting for the deposit.
    declaring: bool,
}

/// The table state one hand's events build up.
struct Table {
    n: u8,
    seats: Vec<Seat>,
    dora: Vec<TileId>,
    sticks: u32,
    draws: u32,
    calls: bool,
    /// The last discard and who made it.
    last_discard: Option<(u8, TileId)>,
    /// The previous event, for rinshan (a draw after a kan or nuki) and chankan (a win on a kan).
    prev: Prev,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Prev {
    Other,
    Draw {
        who: u8,
        rinshan: bool,
    },
    /// An added or closed kan: the next draw is a replacement, and the tile may be robbed.
    Robbable {
        who: u8,
    },
    /// An open kan or a nuki: the next draw is a replacement.
    Replaced {
        who: u8,
    },
}

/// The live wall's size: the tiles drawn in a hand, rinshan draws included, when it runs out.
fn wall(players: u8) -> u32 {
    if players == 3 {
        108 - 14 - 39
    } else {
        136 - 14 - 52
    }
}

/// Every win of the log, in order, as a line of notation.
pub fn wins(log: &Log) -> Result<Vec<Win<'_>>, WinError> {
    let mut out = Vec::new();
    for (h, events) in log.hands().into_iter().enumerate() {
        let Some(Event::Init(init)) = events.first() else {
            continue;
        };
        hand_wins(log, h, init, events, &mut out)?;
    }
    Ok(out)
}

fn hand_wins<'a>(
    log: &Log,
    h: usize,
    init: &'a Init,
    events: &'a [Event],
    out: &mut Vec<Win<'a>>,
) -> Result<(), WinError> {
    let n = log.players;
    let fail = |message: String| WinError { hand: h, message };
    let mut t = Table {
        n,
        seats: init
            .hai
            .iter()
            .map(|h| Seat {
                hand: h.clone(),
                ..Seat::default()
            })
            .collect(),
        dora: vec![init.dora_indicator],
        sticks: init.sticks,
        draws: 0,
        calls: false,
        last_discard: None,
        prev: Prev::Other,
    };
    let mut nth = 0;
    for e in &events[1..] {
        let mut prev = Prev::Other;
        match e {
            Event::Draw { who, tile } => {
                t.draws += 1;
                t.seats[usize::from(*who)].hand.push(*tile);
                let rinshan =
                    matches!(t.prev, Prev::Replaced { who: w } | Prev::Robbable { who: w } if w == *who);
                prev = Prev::Draw { who: *who, rinshan };
            }
            Event::Discard { who, tile, .. } => {
                let s = &mut t.seats[usize::from(*who)];
                take(&mut s.hand, &[*tile]).map_err(|m| fail(format!("seat {who} discards {m}")))?;
                if s.declaring {
                    s.double = s.discards == 0 && !t.calls;
                } else {
                    s.ippatsu = false;
                }
                s.discards += 1;
                t.last_discard = Some((*who, *tile));
            }
            Event::Call { who, meld } => {
                call(&mut t, *who, meld).map_err(fail)?;
                t.calls = true;
                t.seats.iter_mut().for_each(|s| s.ippatsu = false);
                prev = match meld.kind {
                    MeldKind::AddedKan | MeldKind::ClosedKan => Prev::Robbable { who: *who },
                    MeldKind::OpenKan | MeldKind::Nuki => Prev::Replaced { who: *who },
                    _ => Prev::Other,
                };
            }
            Event::Reach { who, step, .. } => {
                let s = &mut t.seats[usize::from(*who)];
                if *step == 1 {
                    s.declaring = true;
                } else {
                    s.declaring = false;
                    s.riichi = true;
                    s.ippatsu = true;
                    t.sticks += 1;
                }
                prev = t.prev;
            }
            Event::Dora { tile } => {
                t.dora.push(*tile);
                prev = t.prev;
            }
            Event::Agari(a) => {
                // A second winner of a double ron takes neither counters nor deposits.
                let (honba, sticks) = if nth == 0 { (init.honba, t.sticks) } else { (0, 0) };
                let line = line(log, init, &t, a, (honba, sticks)).map_err(fail)?;
                let seat = &t.seats[usize::from(a.who)];
                let mut concealed = seat.hand.clone();
                if a.who != a.from_who {
                    concealed.push(a.machi);
                }
                concealed.sort();
                let mut meld_codes: Vec<u32> = seat.melds.iter().map(|(m, _)| m.code).collect();
                meld_codes.extend(&seat.nuki_codes);
                out.push(Win {
                    hand: h,
                    nth,
                    agari: a,
                    init,
                    line,
                    dora_shown: t.dora.clone(),
                    concealed,
                    meld_codes,
                    honba,
                    sticks,
                });
                nth += 1;
                prev = t.prev;
            }
            _ => {}
        }
        t.prev = prev;
    }
    Ok(())
}

/// Records a call: its bracket's source number, or an added kan in place of its pon.
fn call(t: &mut Table, who: u8, meld: &Meld) -> Result<(), String> {
    let n = t.n;
    let seat = &mut t.seats[usize::from(who)];
    let from_hand: Vec<TileId> = match meld.kind {
        MeldKind::AddedKan | MeldKind::Nuki => vec![meld.added.unwrap_or(meld.called)],
        MeldKind::ClosedKan => meld.tiles.clone(),
        _ => meld.tiles.iter().copied().filter(|&x| x != meld.called).collect(),
    };
    take(&mut seat.hand, &from_hand).map_err(|m| format!("seat {who} calls with {m}"))?;
    match meld.kind {
        MeldKind::Nuki => {
            seat.nuki += 1;
            seat.nuki_codes.push(meld.code);
        }
        MeldKind::ClosedKan => seat.melds.push((meld.clone(), 0)),
        MeldKind::AddedKan => {
            let kind = meld.tiles[0].kind();
            let Some(pon) = seat
                .melds
                .iter_mut()
                .find(|(m, _)| m.kind == MeldKind::Pon && m.tiles[0].kind() == kind)
            else {
                return Err(format!(
                    "seat {who} adds to a pon of {} it does not have",
                    meld.tiles[0]
                ));
            };
            *pon = (meld.clone(), pon.1 + 4);
        }
        MeldKind::Chi | MeldKind::Pon | MeldKind::OpenKan => {
            let Some((from, tile)) = t.last_discard else {
                return Err(format!("seat {who} calls before any discard"));
            };
            if tile != meld.called {
                return Err(format!(
                    "seat {who} calls {} but the last discard was {tile}",
                    meld.called
                ));
            }
            seat.melds.push((meld.clone(), (who + n - from) % n));
        }
    }
    Ok(())
}

/// Removes `tiles` from `hand`; the error names the first tile the hand does not hold.
fn take(hand: &mut Vec<TileId>, tiles: &[TileId]) -> Result<(), String> {
    for &x in tiles {
        let Some(i) = hand.iter().position(|&h| h == x) else {
            return Err(format!("{x}, which it does not hold"));
        };
        hand.swap_remove(i);
    }
    Ok(())
}

/// A meld in brackets: `[406m,1]` (chi: which tile was claimed), `[555p,2]`, `[5555p,6]`,
/// `[5555p]`.
fn bracket(meld: &Meld, source: u8, red: bool) -> String {
    let text = tiles_text(&meld.tiles, red);
    match meld.kind {
        MeldKind::Chi => {
            let mut sorted = meld.tiles.clone();
            sorted.sort();
            let k = sorted.iter().position(|&x| x == meld.called).unwrap_or(0) + 1;
            format!("[{text},{k}]")
        }
        MeldKind::ClosedKan | MeldKind::Nuki => format!("[{text}]"),
        _ => format!("[{text},{source}]"),
    }
}

/// The line for one win, with the counters and deposits it takes.
fn line(log: &Log, init: &Init, t: &Table, a: &Agari, table: (u32, u32)) -> Result<String, String> {
    let red = log.red_fives();
    let n = t.n;
    let seat = &t.seats[usize::from(a.who)];
    let mut s = String::new();
    for (m, source) in &seat.melds {
        s.push_str(&bracket(m, *source, red));
    }
    let mut concealed = a.hai.clone();
    let Some(i) = concealed.iter().position(|&x| x == a.machi) else {
        return Err(format!("the winning tile {} is not in the hand shown", a.machi));
    };
    concealed.remove(i);
    s.push_str(&tiles_text(&concealed, red));
    s.push_str(&tiles_text(&[a.machi], red));
    let self_drawn = a.who == a.from_who;
    let words = |w: &mut Vec<String>| {
        if self_drawn {
            w.push("self".into());
        }
        let drawn_last = t.draws >= wall(n);
        match t.prev {
            Prev::Draw { who, rinshan } if self_drawn && who == a.who => {
                if rinshan {
                    w.push("kong".into());
                } else if drawn_last {
                    w.push("last".into());
                }
            }
            Prev::Robbable { who } if !self_drawn && who == a.from_who => w.push("kong".into()),
            _ if !self_drawn && drawn_last => w.push("last".into()),
            _ => {}
        }
        if seat.riichi && seat.double {
            w.push("double".into());
        } else if seat.riichi {
            w.push("riichi".into());
        }
        if seat.riichi && seat.ippatsu {
            w.push("ippatsu".into());
        }
        if self_drawn && !t.calls && seat.discards == 0 {
            w.push("first".into());
        }
        if !self_drawn {
            w.push(format!("from={}", (a.who + n - a.from_who) % n));
        }
        w.push(format!("dora={}", indicators(&t.dora, red)));
        if seat.riichi && !a.ura_hai.is_empty() {
            w.push(format!("ura={}", indicators(&a.ura_hai, red)));
        }
        if seat.nuki > 0 {
            w.push(format!("nuki={}", seat.nuki));
        }
        w.push(format!("honba={}", table.0));
        w.push(format!("sticks={}", table.1));
        let wind = |k: u8| ["E", "S", "W", "N"][usize::from(k % 4)];
        w.push(format!("seat={}", wind((a.who + n - init.oya) % n)));
        w.push(format!("round={}", wind(init.round / 4)));
    };
    let mut w = Vec::new();
    words(&mut w);
    Ok(format!("{s} {}", w.join(" ")))
}

/// Dora indicators in the order shown, each written on its own (`dora=2p3p`, `dora=NS`), so a
/// repeated indicator counts twice.
fn indicators(tiles: &[TileId], red: bool) -> String {
    tiles.iter().map(|t| tiles_text(&[*t], red)).collect()
}
