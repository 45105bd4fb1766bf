//! One hand of a Tenhou log played again in our engine: the wall is arranged so that the deal,
//! every recorded draw, every replacement draw and every dora indicator come out as the log
//! shows them (positions the log never reveals are filled with the remaining tiles in tile
//! order), then every recorded action is applied as the engine's own action, each checked legal
//! by the engine. Whatever the engine settles is the hand's result; nothing is copied from the
//! log's scores.

use super::log::{Event, Init};
use super::meld::{Meld, MeldKind};
use super::wall::{arrange, Kinds};
use mj_core::game::state::{Phase, TurnStart};
use mj_core::game::AbortReason;
use mj_core::game::{apply, legal_actions, new_hand_from_marked_wall_at, Action, HandStart, Rules, State};
use mj_core::{Tile, Wind};
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
    /// The wall in draw order the hand was dealt from, and which of its tiles are red copies.
    pub wall: Vec<Tile>,
    pub red: Vec<bool>,
    /// The engine's events, from the deal to the last payment.
    pub events: Vec<mj_core::game::Event>,
    /// The final state (its phase is `Over`).
    pub state: State,
    /// Where a player's choice of red or plain five differed from the engine's (the hand was
    /// played on with the engine's).
    pub red_choice: Option<Mismatch>,
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
    /// The first red-five choice the engine made otherwise than the log's player.
    choice: Option<Mismatch>,
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
                    self.red_discard(seat, t, self.kinds.red(*tile), false);
                    return self.act(seat, a);
                }
                let a = if self.red_discard(seat, t, self.kinds.red(*tile), true) {
                    Action::DiscardRed(t)
                } else {
                    Action::Discard(t)
                };
                self.act(seat, a)
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
            Event::Ryuukyoku(r) => self.draw_end(r.kind.as_deref()),
            _ => Ok(()),
        }
    }

    /// A drawn hand's end: the wall ran out (`None`, or `nm`, Tenhou's exhaustive draw with a
    /// nagashi mangan), or one of Tenhou's abortive draws, each played as the engine's own: nine
    /// kinds called by the player whose turn it is, three wins claimed by every seat offered
    /// one, and the others (four riichi, four winds, four kans) called by the table once the
    /// last discard passes.
    fn draw_end(&mut self, kind: Option<&str>) -> Step {
        let reason = match kind {
            None | Some("nm") => None,
            Some("yao9") => Some(AbortReason::NineKinds),
            Some("reach4") => Some(AbortReason::AllDeclared),
            Some("kaze4") => Some(AbortReason::FourWinds),
            Some("kan4") => Some(AbortReason::FourKongs),
            Some("ron3") => Some(AbortReason::ThreeWins),
            Some(k) => {
                return Err((
                    format!("a drawn hand ({k})"),
                    "no such Tenhou draw type is known".into(),
                ))
            }
        };
        match reason {
            Some(AbortReason::NineKinds) => {
                if let Phase::Turn(t) = &self.st.phase {
                    let seat = t.seat;
                    self.act(seat, Action::AbortiveDraw)?;
                }
            }
            Some(AbortReason::ThreeWins) => {
                let claims: Vec<(usize, Action)> = match &self.st.phase {
                    Phase::Offer(o) => o
                        .waiting
                        .iter()
                        .filter(|&&s| legal_actions(self.t, &self.st, s).contains(&Action::Win))
                        .map(|&s| (s, Action::Win))
                        .collect(),
                    _ => Vec::new(),
                };
                self.answer(&claims)?;
            }
            _ => self.answer(&[])?,
        }
        let aborted = self.events.iter().find_map(|e| match e {
            mj_core::game::Event::AbortiveDraw { reason, .. } => Some(*reason),
            _ => None,
        });
        let over = matches!(&self.st.phase, Phase::Over { winners } if winners.is_empty());
        let said = |r: Option<AbortReason>| {
            r.map_or("an exhaustive draw".to_string(), |r| {
                format!("an abortive draw ({})", r.name())
            })
        };
        if over && aborted == reason {
            return Ok(());
        }
        let got = if over {
            format!("the engine's hand ended in {}", said(aborted))
        } else {
            "the engine's hand goes on".into()
        };
        Err((said(reason), got))
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
                let melds = self.st.seats[seat].melds.len();
                let took = matches!(&self.st.phase, Phase::Turn(t) if t.seat == seat)
                    || (meld.kind == MeldKind::OpenKan && melds > 0);
                if !took {
                    return Err((
                        format!("seat {who}'s call takes the tile"),
                        "another claim took it".into(),
                    ));
                }
                self.red_meld(seat, melds.saturating_sub(1), meld)
            }
            MeldKind::AddedKan => {
                self.turn_of(who)?;
                let pung = self.st.seats[seat]
                    .melds
                    .iter()
                    .position(|m| matches!(m, mj_core::Meld::Pung { tile, .. } if *tile == kind));
                self.act(seat, action)?;
                pung.map_or(Ok(()), |i| self.red_meld(seat, i, meld))
            }
            _ => {
                self.turn_of(who)?;
                self.act(seat, action)?;
                let melds = self.st.seats[seat].melds.len();
                match meld.kind {
                    MeldKind::ClosedKan => self.red_meld(seat, melds.saturating_sub(1), meld),
                    _ => Ok(()),
                }
            }
        }
    }

    /// Whether the log's discard of `t` (`red` or plain) is the player's red copy given away
    /// while plain ones are held, which `Action::DiscardRed` names (`may_name`: the action is a
    /// plain discard). Otherwise the engine's `Discard` gives the copy the log shows; where it
    /// cannot (a declaring discard, which the engine makes with a plain copy first), the choice
    /// is noted as the hand's divergence and the hand is played on with the engine's.
    fn red_discard(&mut self, seat: usize, t: Tile, red: bool, may_name: bool) -> bool {
        let s = &self.st.seats[seat];
        let (reds, held) = (s.red[t.id()], s.concealed[t.id()]);
        if red && reds > 0 && reds < held && may_name {
            return true;
        }
        let engine = reds > 0 && held <= reds;
        if engine != red {
            let which = |r: bool| if r { "the red" } else { "a plain" };
            let m = Mismatch {
                event: format!("seat {seat} discards {}", self.name(t)),
                expected: format!("{} copy discarded", which(red)),
                got: format!("the engine discards {} one", which(engine)),
            };
            self.choice.get_or_insert(m);
        }
        false
    }

    /// The red copies of meld `i` of `seat` against the log's meld.
    fn red_meld(&mut self, seat: usize, i: usize, meld: &Meld) -> Step {
        let want = meld.tiles.iter().filter(|&&id| self.kinds.red(id)).count();
        let got = self.st.seats[seat].meld_red.get(i).copied().unwrap_or(0) as usize;
        if want == got {
            return Ok(());
        }
        let m = Mismatch {
            event: format!("seat {seat} calls {:?} (<N m=\"{}\">)", meld.kind, meld.code),
            expected: format!("{want} red five(s) in the meld"),
            got: format!("{got} in the engine's (red copies are melded first)"),
        };
        self.choice.get_or_insert(m);
        Ok(())
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
    let (wall, red) = arrange(t, kinds, init, events)
        .map_err(|e| fail("INIT", ("a wall holding the log's tiles".into(), e)))?;
    let (st, dealt) = new_hand_from_marked_wall_at(t, wall.clone(), red.clone(), dealer, round, &start)
        .map_err(|e| fail("INIT", ("a deal".into(), e.to_string())))?;
    let mut h = Hand {
        t,
        kinds,
        st,
        events: dealt,
        reaching: Vec::new(),
        choice: None,
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
        red,
        events: h.events,
        state: h.st,
        red_choice: h.choice,
    }))
}
