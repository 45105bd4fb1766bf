//! A step-by-step driver for scenario tests from arranged walls: every move is given explicitly
//! (draws happen by themselves), and the finished hand is checked for tile conservation,
//! zero-sum payments and a replay that re-derives every action and payment.

#![allow(dead_code)]

pub mod riichi_end;
pub mod scoring;

use mj_core::game::event::Event;
use mj_core::game::record::RecordEvent;
use mj_core::game::state::{Phase, TurnStart};
use mj_core::game::{
    apply, arrange_seat_walls, arrange_wall, legal_actions, new_hand_from_wall_at, replay, Action, HandStart,
    Record, Rules, State,
};
use mj_core::{parse_tiles, Tile, Wind};
use mj_dsl::table::Table;

pub fn table(name: &str) -> Table {
    Table::new(mj_dsl::load(name).expect("ruleset loads")).expect("ruleset maps to table rules")
}

pub fn tiles(t: &Table, s: &str) -> Vec<Tile> {
    let s: String = s.split_whitespace().collect();
    parse_tiles(t.tiles(), &s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

pub fn tile(t: &Table, s: &str) -> Tile {
    tiles(t, s)[0]
}

pub struct Game<'a> {
    pub t: &'a Table,
    pub st: State,
    pub events: Vec<Event>,
    wall: Vec<Tile>,
    dealer: usize,
}

impl<'a> Game<'a> {
    /// Deals an arranged hand with seat 0 (East) as dealer: `hands` per seat (topped up from the
    /// remaining tiles), `front` the next draws, `back` the replacement tiles in the order drawn.
    pub fn new(t: &'a Table, hands: &[&str], front: &str, back: &str) -> Game<'a> {
        Game::new_at(t, hands, front, back, &HandStart::default())
    }

    /// [`Game::new`] at a point of a match: every seat's points and the dealer's streak.
    pub fn new_at(t: &'a Table, hands: &[&str], front: &str, back: &str, start: &HandStart) -> Game<'a> {
        Game::dealt_by(t, 0, hands, front, back, start)
    }

    /// [`Game::new_at`] with the tiles kept back at the wall's end (`[wall] kept_back`, all of
    /// them, in order: the dora indicators sit there) given as `kept`, and the replacement
    /// tiles `back` drawn from just before them.
    pub fn with_kept(
        t: &'a Table,
        hands: &[&str],
        front: &str,
        back: &str,
        kept: &str,
        start: &HandStart,
    ) -> Game<'a> {
        let kept = tiles(t, kept);
        assert_eq!(
            kept.len(),
            t.table().kept_back as usize,
            "give every kept-back tile"
        );
        // arrange_wall puts `back` reversed at the wall's very end: the kept tiles, reversed,
        // ahead of the replacements land there in order, the replacements just before them.
        let back: Vec<Tile> = kept.iter().rev().copied().chain(tiles(t, back)).collect();
        let hands: Vec<Vec<Tile>> = hands.iter().map(|h| tiles(t, h)).collect();
        let wall = arrange_wall(t, 0, &hands, &tiles(t, front), &back).expect("wall arranges");
        let (st, events) = new_hand_from_wall_at(t, wall.clone(), 0, Wind::EAST, start).expect("deal");
        Game {
            t,
            st,
            events,
            wall,
            dealer: 0,
        }
    }

    /// [`Game::new_at`] with `dealer` dealing (`hands` still by seat).
    pub fn dealt_by(
        t: &'a Table,
        dealer: usize,
        hands: &[&str],
        front: &str,
        back: &str,
        start: &HandStart,
    ) -> Game<'a> {
        let hands: Vec<Vec<Tile>> = hands.iter().map(|h| tiles(t, h)).collect();
        let wall = arrange_wall(t, dealer, &hands, &tiles(t, front), &tiles(t, back)).expect("wall arranges");
        let (st, events) = new_hand_from_wall_at(t, wall.clone(), dealer, Wind::EAST, start).expect("deal");
        Game {
            t,
            st,
            events,
            wall,
            dealer,
        }
    }

    /// Deals from per-seat walls (`[wall] per_seat`), seat 0 the dealer: each seat's wall begins
    /// with `starts[seat]` (its deal, then its draws in order) and the unused tiles fill the rest.
    pub fn from_seat_walls(t: &'a Table, starts: &[Vec<Tile>]) -> Game<'a> {
        let wall = arrange_seat_walls(t, 0, starts).expect("walls arrange");
        let (st, events) =
            new_hand_from_wall_at(t, wall.clone(), 0, Wind::EAST, &HandStart::default()).expect("deal");
        Game {
            t,
            st,
            events,
            wall,
            dealer: 0,
        }
    }

    /// The seat whose turn it is discards the tile it just drew.
    pub fn discard_drawn(&mut self, seat: usize) {
        let d = self.drawn().expect("a drawn tile");
        self.act(seat, Action::Discard(d));
    }

    pub fn tile(&self, s: &str) -> Tile {
        tile(self.t, s)
    }

    pub fn legal(&self, seat: usize) -> Vec<Action> {
        legal_actions(self.t, &self.st, seat)
    }

    /// Applies one action; panics with the legal ones if it is not legal.
    pub fn act(&mut self, seat: usize, a: Action) {
        match apply(self.t, &self.st, seat, a) {
            Ok((st, ev)) => {
                self.st = st;
                self.events.extend(ev);
            }
            Err(e) => panic!("{}", e.message(self.t.tiles())),
        }
    }

    pub fn discard(&mut self, seat: usize, t: &str) {
        let t = self.tile(t);
        self.act(seat, Action::Discard(t));
    }

    pub fn declare(&mut self, seat: usize, discard: &str, hidden: &str) {
        let d = self.tile(discard);
        let mask = tiles(self.t, hidden).iter().fold(0u64, |m, t| m | 1 << t.id());
        self.act(
            seat,
            Action::DeclareReady {
                discard: d,
                hidden: mask,
            },
        );
    }

    /// Answers the offer on the table: `seat` with `a`, every other asked seat passes.
    pub fn claim(&mut self, seat: usize, a: Action) {
        while let Phase::Offer(o) = &self.st.phase {
            let s = o.waiting[0];
            self.act(s, if s == seat { a } else { Action::Pass });
        }
    }

    /// Answers the offer on the table: each seat in `claims` with its action, the others pass.
    pub fn claim_many(&mut self, claims: &[(usize, Action)]) {
        while let Phase::Offer(o) = &self.st.phase {
            let s = o.waiting[0];
            let a = claims
                .iter()
                .find(|(c, _)| *c == s)
                .map_or(Action::Pass, |(_, a)| *a);
            self.act(s, a);
        }
    }

    /// Every seat declares its void suit (by suit index: 0 = m, 1 = p, 2 = s with 万 筒 条), in
    /// the order asked.
    pub fn declare_voids(&mut self, voids: [u8; 4]) {
        while let Phase::Prepare(p) = &self.st.phase {
            let seat = p.waiting[0];
            self.act(seat, Action::DeclareVoid(voids[seat]));
        }
    }

    /// Every asked seat passes the offer on the table, if any.
    pub fn pass(&mut self) {
        self.claim(usize::MAX, Action::Pass);
    }

    /// Whether the offer on the table asks `seat`, and whether it may win.
    pub fn offered_win(&self, seat: usize) -> bool {
        match &self.st.phase {
            Phase::Offer(o) => {
                o.waiting.contains(&seat) && {
                    let mut g = self.st.clone();
                    // Ask the seats before `seat` to pass so that `seat` is the one to act.
                    while g.to_act() != Some(seat) {
                        let s = g.to_act().expect("offer open");
                        g = apply(self.t, &g, s, Action::Pass).expect("pass").0;
                    }
                    legal_actions(self.t, &g, seat).contains(&Action::Win)
                }
            }
            _ => false,
        }
    }

    /// Wins so far.
    pub fn win_count(&self) -> usize {
        self.events
            .iter()
            .filter(|e| matches!(e, Event::Win { .. }))
            .count()
    }

    /// The seat whose turn it is, after a draw or a claim.
    pub fn turn(&self) -> Option<usize> {
        match &self.st.phase {
            Phase::Turn(t) => Some(t.seat),
            _ => None,
        }
    }

    pub fn drawn(&self) -> Option<Tile> {
        match &self.st.phase {
            Phase::Turn(t) => match t.start {
                TurnStart::Drew { tile, .. } => Some(tile),
                _ => None,
            },
            _ => None,
        }
    }

    /// Plays on passively to the end: offers are passed, bonus tiles set aside, turns discard the
    /// tile drawn (or the first legal discard).
    pub fn passive_to_end(&mut self) {
        self.passive_until(|_| false);
    }

    /// Plays passively, as [`Game::passive_to_end`], until `stop` holds or the hand ends.
    pub fn passive_until(&mut self, mut stop: impl FnMut(&State) -> bool) {
        while let Some(seat) = self.st.to_act().filter(|_| !stop(&self.st)) {
            let legal = self.legal(seat);
            let bonus = legal.iter().copied().find(|a| matches!(a, Action::Bonus(_)));
            let a = if legal.contains(&Action::Pass) {
                Action::Pass
            } else if let Some(b) = bonus {
                b
            } else {
                self.drawn()
                    .map(Action::Discard)
                    .filter(|a| legal.contains(a))
                    .or_else(|| legal.iter().copied().find(|a| matches!(a, Action::Discard(_))))
                    .expect("a discard")
            };
            self.act(seat, a);
        }
    }

    /// The record of the hand so far (its wall included), finished or not.
    pub fn record(&self) -> Record {
        let names = vec!["scripted".to_string(); self.t.table().player_count()];
        Record::new(
            self.t,
            0,
            self.dealer,
            Wind::EAST,
            names,
            Some(&self.wall),
            &self.events,
        )
        .at(self.t, &self.st)
    }

    /// Checks the finished hand (tiles, zero-sum, replay) and returns its record.
    pub fn finish(&self) -> Record {
        assert!(self.st.is_over(), "the hand is not over");
        assert_eq!(self.st.census(), self.t.tiles().total_tiles(), "tiles lost");
        let record = self.record();
        assert_eq!(
            record.net().iter().sum::<i64>() + self.st.pot_change(self.t.table().declaration.deposit),
            0,
            "points not conserved (deposits on the table counted)"
        );
        assert_eq!(record.net(), self.st.scores);
        let back = Record::from_json(&record.to_json()).expect("reads back");
        let end = replay(self.t, &back).unwrap_or_else(|d| panic!("replay: {d}"));
        assert_eq!(end, self.st, "replay ends elsewhere");
        record
    }
}

/// The tiles of the set not in `used`, in tile order: what is left to arrange a wall from.
pub fn rest(t: &Table, used: &[&str]) -> Vec<Tile> {
    let set = t.tiles();
    let mut left: Vec<usize> = set.tiles().map(|x| set.copies(x) as usize).collect();
    for x in used.iter().flat_map(|u| tiles(t, u)) {
        left[x.id()] -= 1;
    }
    set.tiles()
        .flat_map(|x| std::iter::repeat_n(x, left[x.id()]))
        .collect()
}

/// Tiles in notation, one after another (`1m2m3p`), as `Game::new` takes them.
pub fn written(t: &Table, v: &[Tile]) -> String {
    v.iter().map(|&x| t.tiles().notation(x)).collect()
}

/// Payments of one kind in a record: per event, (seat, amount). `reason` None = win payments.
pub fn payments(r: &Record, reason: Option<&str>) -> Vec<Vec<i64>> {
    let n = r.players.len();
    let mut out: Vec<Vec<i64>> = Vec::new();
    let mut cur = vec![0; n];
    let mut seen = 0;
    for e in &r.events {
        if let RecordEvent::Payment {
            seat,
            amount,
            reason: why,
        } = e
        {
            if why.as_deref() == reason {
                cur[*seat] += amount;
                seen += 1;
                if seen % n == 0 {
                    out.push(std::mem::replace(&mut cur, vec![0; n]));
                }
            }
        }
    }
    out
}

/// The first win of a record: its hand as written for the scorer and its fans as recorded.
pub fn first_win(r: &Record) -> Option<(String, Vec<String>)> {
    r.events.iter().find_map(|e| match e {
        RecordEvent::Win { hand, fans, .. } => Some((hand.clone(), fans.clone())),
        _ => None,
    })
}

/// The totals of the record's wins, by seat.
pub fn win_totals(r: &Record) -> Vec<(usize, i64)> {
    r.events
        .iter()
        .filter_map(|e| match e {
            RecordEvent::Win { seat, total, .. } => Some((*seat, *total)),
            _ => None,
        })
        .collect()
}

/// The seats of game `i` in the long property runs: all greedy, all random, or greedy and random
/// in turn, so that the runs meet both players' habits.
pub fn mixed_seats(i: u64, n: usize) -> Vec<Box<dyn mj_core::game::Player>> {
    (0..n as u64)
        .map(|s| -> Box<dyn mj_core::game::Player> {
            match (i % 3, s % 2) {
                (0, _) | (2, 0) => Box::new(mj_core::game::GreedyBot::new()),
                _ => Box::new(mj_core::game::RandomBot::new(i.wrapping_mul(31).wrapping_add(s))),
            }
        })
        .collect()
}
