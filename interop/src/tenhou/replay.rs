//! One hand of a Tenhou log played again in our engine: the wall is arranged so that the deal,
//! every recorded draw, every replacement draw and every dora indicator come out as the log
//! shows them (positions the log never reveals are filled with the remaining tiles in tile
//! order), then every recorded action is applied as the engine's own action, each checked legal
//! by the engine. Whatever the engine settles is the hand's result; nothing is copied from the
//! log's scores.

use super::log::{Event, Init};
use super::meld::{Meld, MeldKind};
use super::tile::TileId;
use mj_core::game::state::{Phase, TurnStart};
use mj_core::game::{
    apply, arrange_wall, legal_actions, new_hand_from_wall_at, Action, HandStart, Rules, State,
};
use mj_core::{parse_tiles, Tile, Wind};
use mj_dsl::table::Table;

/// Where and how a hand stopped agreeing with its log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The log event, in words (with the tag it came from).
    pub event: String,
    /// What the log says.
    pub expected: String,
    /// What our engine did or allows.
    pub got: String,
}

/// A hand the engine played to its end.
pub struct Played {
    /// The wall in draw order the hand was dealt from.
    pub wall: Vec<Tile>,
    /// The engine's events, from the deal to the last payment.
    pub events: Vec<mj_core::game::Event>,
    /// The final state (its phase is `Over`).
    pub state: State,
}

/// Our tiles for Tenhou's 34 kinds, found by name in the ruleset's tile set. The engine counts
/// tiles by kind and does not follow which copy of a five is red, so a red five is its kind here.
pub struct Kinds(Vec<Tile>);

impl Kinds {
    /// The kinds of `t`'s tile set, or the name it lacks.
    pub fn new(t: &Table) -> Result<Kinds, String> {
        let mut out = Vec::with_capacity(34);
        for k in 0..34u32 {
            let id = TileId::new(k * 4 + 1).ok_or("tile ids")?;
            let name = match id.suit() {
                'z' => id.symbol(false).to_string(),
                s => format!("{}{s}", id.symbol(false)),
            };
            let tiles = parse_tiles(t.tiles(), &name)
                .map_err(|e| format!("ruleset {} has no tile {name}: {e}", t.table().ruleset))?;
            out.push(*tiles.first().ok_or("an empty tile name")?);
        }
        Ok(Kinds(out))
    }

    pub fn of(&self, id: TileId) -> Tile {
        self.0[usize::from(id.kind())]
    }
}

/// The tiles one hand's events reveal, in the places the wall must hold them.
struct Reveal {
    hands: Vec<Vec<Tile>>,
    /// Ordinary draws in order (the dealer's first draw is dealt as its 14th tile instead).
    front: Vec<Tile>,
    /// Replacement draws (after a kan or a nuki) in order.
    replacements: Vec<Tile>,
    /// Dora indicators in order of reveal, and the ura-dora indicators under them.
    indicators: Vec<Tile>,
    ura: Vec<Tile>,
}

fn reveal(kinds: &Kinds, init: &Init, events: &[Event], dealer_extra: bool) -> Reveal {
    let mut hands: Vec<Vec<Tile>> = init
        .hai
        .iter()
        .map(|h| h.iter().map(|&t| kinds.of(t)).collect())
        .collect();
    let (mut front, mut replacements) = (Vec::new(), Vec::new());
    let mut after_kan: Option<u8> = None;
    let mut indicators = vec![kinds.of(init.dora_indicator)];
    let mut ura = Vec::new();
    let mut first = dealer_extra;
    for e in events {
        match e {
            Event::Draw { who, tile } => {
                let t = kinds.of(*tile);
                if first && *who == init.oya {
                    hands[usize::from(init.oya)].push(t);
                } else if after_kan == Some(*who) {
                    replacements.push(t);
                } else {
                    front.push(t);
                }
                first = false;
                after_kan = None;
            }
            Event::Call { who, meld } if is_kan(meld) => after_kan = Some(*who),
            Event::Dora { tile } => indicators.push(kinds.of(*tile)),
            Event::Agari(a) if ura.is_empty() => ura = a.ura_hai.iter().map(|&t| kinds.of(t)).collect(),
            _ => {}
        }
    }
    Reveal {
        hands,
        front,
        replacements,
        indicators,
        ura,
    }
}

fn is_kan(m: &Meld) -> bool {
    matches!(
        m.kind,
        MeldKind::ClosedKan | MeldKind::OpenKan | MeldKind::AddedKan | MeldKind::Nuki
    )
}

/// The wall in draw order that deals `r` and reveals its draws and indicators: the kept-back
/// tiles at the wall's end hold indicator `k` at `2k` and its ura-dora indicator at `2k + 1`
/// (the engine's `[wall.indicators]` layout); replacement draws come from just before them.
fn arrange(t: &Table, dealer: usize, r: &Reveal) -> Result<Vec<Tile>, String> {
    let set = t.tiles();
    let kept_back = t.table().kept_back as usize;
    if 2 * r.indicators.len() > kept_back || 2 * r.ura.len() > kept_back {
        return Err(format!(
            "{} dora indicators, but the ruleset keeps {kept_back} tiles back",
            r.indicators.len()
        ));
    }
    let mut kept: Vec<Option<Tile>> = vec![None; kept_back];
    for (k, &i) in r.indicators.iter().enumerate() {
        kept[2 * k] = Some(i);
    }
    for (k, &u) in r.ura.iter().enumerate() {
        kept[2 * k + 1] = Some(u);
    }
    let mut left: Vec<i64> = set.tiles().map(|x| i64::from(set.copies(x))).collect();
    let used = r
        .hands
        .iter()
        .flatten()
        .chain(&r.front)
        .chain(&r.replacements)
        .chain(kept.iter().flatten());
    for x in used {
        left[x.id()] -= 1;
    }
    if let Some(x) = set.tiles().find(|x| left[x.id()] < 0) {
        return Err(format!(
            "the log shows more than {} copies of {}",
            set.copies(x),
            set.notation(x)
        ));
    }
    // Kept-back places the log never shows get the remaining tiles, lowest first.
    let mut pool = set
        .playing_tiles()
        .flat_map(|x| (0..left[x.id()].max(0)).map(move |_| x));
    for slot in kept.iter_mut().filter(|s| s.is_none()) {
        *slot = pool.next();
    }
    let kept: Vec<Tile> = kept.into_iter().flatten().collect();
    if kept.len() != kept_back {
        return Err("too few tiles left for the dead wall".into());
    }
    let back: Vec<Tile> = kept.iter().rev().chain(&r.replacements).copied().collect();
    arrange_wall(t, dealer, &r.hands, &r.front, &back).map_err(|e| e.to_string())
}

/// A log event in words, with the tag it stands for.
pub fn describe(e: &Event) -> String {
    let seat = |w: &u8| format!("seat {w}");
    match e {
        Event::Draw { who, tile } => format!(
            "{} draws {tile} (<{}{}>)",
            seat(who),
            &"TUVW"[usize::from(*who)..][..1],
            tile.id()
        ),
        Event::Discard { who, tile, .. } => {
            format!(
                "{} discards {tile} (<{}{}>)",
                seat(who),
                &"DEFG"[usize::from(*who)..][..1],
                tile.id()
            )
        }
        Event::Call { who, meld } => format!(
            "{} calls {:?} (<N who=\"{who}\" m=\"{}\">)",
            seat(who),
            meld.kind,
            meld.code
        ),
        Event::Reach { who, step, .. } => format!("{} riichi step {step} (<REACH>)", seat(who)),
        Event::Dora { tile } => format!("dora indicator {tile} (<DORA>)"),
        Event::Agari(a) if a.who == a.from_who => format!("{} wins by tsumo (<AGARI>)", a.who),
        Event::Agari(a) => format!("seat {} wins on seat {}'s tile (<AGARI>)", a.who, a.from_who),
        Event::Ryuukyoku(r) => match &r.kind {
            Some(k) => format!("abortive draw {k} (<RYUUKYOKU type=\"{k}\">)"),
            None => "exhaustive draw (<RYUUKYOKU>)".into(),
        },
        other => format!("{other:?}"),
    }
}

/// The replay of one hand in progress.
struct Hand<'a> {
    t: &'a Table,
    kinds: &'a Kinds,
    st: State,
    events: Vec<mj_core::game::Event>,
    /// Seats that announced riichi (REACH step 1) and have not yet discarded.
    reaching: Vec<u8>,
}

type Step = Result<(), (String, String)>;

impl Hand<'_> {
    fn name(&self, t: Tile) -> String {
        self.t.tiles().notation(t)
    }

    fn act(&mut self, seat: usize, a: Action) -> Step {
        match apply(self.t, &self.st, seat, a) {
            Ok((st, ev)) => {
                self.st = st;
                self.events.extend(ev);
                Ok(())
            }
            Err(e) => Err((a.describe(self.t.tiles()), e.message(self.t.tiles()))),
        }
    }

    /// Answers the tile on offer: each seat of `claims` with its action, every other seat asked
    /// passes. With no offer open a claim is an error.
    fn answer(&mut self, claims: &[(usize, Action)]) -> Step {
        let set = self.t.tiles();
        for &(seat, a) in claims {
            let asked = matches!(&self.st.phase, Phase::Offer(o) if o.waiting.contains(&seat));
            if !asked {
                let legal = legal_actions(self.t, &self.st, seat);
                let legal: Vec<String> = legal.iter().map(|a| a.describe(set)).collect();
                return Err((
                    format!("seat {seat}: {}", a.describe(set)),
                    format!("seat {seat} is not offered that (may: {})", legal.join(", ")),
                ));
            }
        }
        while let Phase::Offer(o) = &self.st.phase {
            let s = o.waiting[0];
            let a = claims.iter().find(|c| c.0 == s).map_or(Action::Pass, |c| c.1);
            self.act(s, a)?;
        }
        Ok(())
    }

    /// The seat's turn, after the open offer (if any) passed.
    fn turn_of(&mut self, who: u8) -> Result<TurnStart, (String, String)> {
        self.answer(&[])?;
        match &self.st.phase {
            Phase::Turn(t) if t.seat == usize::from(who) => Ok(t.start),
            Phase::Turn(t) => Err((
                format!("seat {who} to act"),
                format!("it is seat {}'s turn", t.seat),
            )),
            _ => Err((format!("seat {who} to act"), "the hand is over".into())),
        }
    }

    fn event(&mut self, e: &Event, next: &[Event]) -> Step {
        match e {
            Event::Draw { who, tile } => {
                let want = self.kinds.of(*tile);
                match self.turn_of(*who)? {
                    TurnStart::Drew { tile, .. } if tile == want => Ok(()),
                    TurnStart::Drew { tile, .. } => Err((
                        format!("seat {who} draws {}", self.name(want)),
                        format!("the arranged wall gave {}", self.name(tile)),
                    )),
                    _ => Err((format!("seat {who} draws"), "its turn began with a claim".into())),
                }
            }
            Event::Discard { who, tile, .. } => {
                self.turn_of(*who)?;
                let t = self.kinds.of(*tile);
                let seat = usize::from(*who);
                if let Some(i) = self.reaching.iter().position(|w| w == who) {
                    self.reaching.remove(i);
                    let legal = legal_actions(self.t, &self.st, seat);
                    let Some(&a) = legal
                        .iter()
                        .find(|a| matches!(a, Action::DeclareReady { discard, .. } if *discard == t))
                    else {
                        return Err((
                            format!("seat {who} declares riichi discarding {}", self.name(t)),
                            "the engine offers no such declaration".into(),
                        ));
                    };
                    return self.act(seat, a);
                }
                self.act(seat, Action::Discard(t))
            }
            Event::Reach { who, step: 1, .. } => {
                self.reaching.push(*who);
                Ok(())
            }
            Event::Call { who, meld } => self.call(*who, meld),
            Event::Agari(a) if a.who == a.from_who => {
                self.turn_of(a.who)?;
                self.act(usize::from(a.who), Action::SelfWin)
            }
            Event::Agari(a) => {
                // Every AGARI of this discard (a double ron) answers the same offer.
                let mut claims = vec![(usize::from(a.who), Action::Win)];
                for n in next {
                    match n {
                        Event::Agari(b) if b.who != b.from_who => {
                            claims.push((usize::from(b.who), Action::Win))
                        }
                        _ => break,
                    }
                }
                if self.st.is_over() {
                    return Ok(());
                }
                self.answer(&claims)
            }
            Event::Ryuukyoku(r) => {
                self.answer(&[])?;
                match (&r.kind, &self.st.phase) {
                    (None, Phase::Over { winners }) if winners.is_empty() => Ok(()),
                    (None, _) => Err(("an exhaustive draw".into(), "the wall is not empty".into())),
                    (Some(k), _) => Err((
                        format!("an abortive draw ({k})"),
                        "the engine plays no abortive draw".into(),
                    )),
                }
            }
            _ => Ok(()),
        }
    }

    fn call(&mut self, who: u8, meld: &Meld) -> Step {
        let seat = usize::from(who);
        let kind = self.kinds.of(meld.called);
        let action = match meld.kind {
            MeldKind::Chi => Action::Chi(self.kinds.of(meld.tiles[0])),
            MeldKind::Pon => Action::Pong,
            MeldKind::OpenKan => Action::ExposedKong,
            MeldKind::ClosedKan => Action::ConcealedKong(kind),
            MeldKind::AddedKan => Action::AddedKong(kind),
            MeldKind::Nuki => Action::Bonus(kind),
        };
        match meld.kind {
            MeldKind::Chi | MeldKind::Pon | MeldKind::OpenKan => {
                if let Phase::Offer(o) = &self.st.phase {
                    if o.tile != kind {
                        return Err((
                            format!("seat {who} calls {}", self.name(kind)),
                            format!("the tile on offer is {}", self.name(o.tile)),
                        ));
                    }
                }
                self.answer(&[(seat, action)])?;
                match &self.st.phase {
                    Phase::Turn(t) if t.seat == seat => Ok(()),
                    _ => Err((
                        format!("seat {who}'s call takes the tile"),
                        "another claim took it".into(),
                    )),
                }
            }
            _ => {
                self.turn_of(who)?;
                self.act(seat, action)
            }
        }
    }
}

/// Where a hand starts: its dealer, prevalent wind and match position, from its INIT.
pub fn start_of(init: &Init, streak: u32) -> (usize, Wind, HandStart) {
    let start = HandStart {
        stacks: init.ten.clone(),
        dealer_streak: streak,
        counters: init.honba,
        deposits: init.sticks,
    };
    let round = Wind::from_index(init.round / 4 % 4).unwrap_or_default();
    (usize::from(init.oya), round, start)
}

/// Plays one hand (its INIT and the events up to the next INIT) from `start`. A log cut off in
/// the middle of the hand gives `Ok(None)`.
pub fn play(
    t: &Table,
    kinds: &Kinds,
    init: &Init,
    events: &[Event],
    streak: u32,
) -> Result<Option<Played>, Mismatch> {
    let (dealer, round, start) = start_of(init, streak);
    let fail = |event: &str, (expected, got): (String, String)| Mismatch {
        event: event.into(),
        expected,
        got,
    };
    let r = reveal(kinds, init, events, t.table().dealer_extra > 0);
    let wall =
        arrange(t, dealer, &r).map_err(|e| fail("INIT", ("a wall holding the log's tiles".into(), e)))?;
    let (st, dealt) = new_hand_from_wall_at(t, wall.clone(), dealer, round, &start)
        .map_err(|e| fail("INIT", ("a deal".into(), e.to_string())))?;
    let mut h = Hand {
        t,
        kinds,
        st,
        events: dealt,
        reaching: Vec::new(),
    };
    let mut ended = false;
    for (i, e) in events.iter().enumerate() {
        if ended {
            break;
        }
        if matches!(e, Event::Agari(_) | Event::Ryuukyoku(_)) {
            ended = true;
        }
        h.event(e, &events[i + 1..]).map_err(|x| fail(&describe(e), x))?;
    }
    if !ended {
        return Ok(None);
    }
    if !h.st.is_over() {
        return Err(fail(
            "the hand's result",
            ("the hand is over".into(), "the engine's hand goes on".into()),
        ));
    }
    Ok(Some(Played {
        wall,
        events: h.events,
        state: h.st,
    }))
}
