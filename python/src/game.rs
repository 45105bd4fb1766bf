//! `Game`: one hand as a deterministic environment for bots written in Python. It wraps the
//! engine's functional core (`mj_core::game::{new_hand, legal_actions, apply}`): Python asks
//! for a seat's legal actions, picks one, and gets the events back; the record it keeps is the
//! JSON `mj replay` reads.

use crate::convert::to_py;
use crate::ruleset::Ruleset;
use crate::GameError;
use mj_core::game::record::RecordEvent;
use mj_core::game::{apply, legal_actions, new_hand, replay, Action, Phase, Record, Rules, State};
use mj_core::{Hand, Tile, TileSet, Wind};
use mj_dsl::table::Table;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::Arc;

/// One hand at the table, dealt from `seed` (the same seed deals the same hand, as
/// `mj play --seed` does). Actions are strings, exactly as `legal_actions` lists them:
/// `discard 5m`, `self_win`, `win`, `pass`, `chi 3m` (the chow starting at 3m), `pong`,
/// `exposed_kong`, `concealed_kong 5m`, `added_kong 5m`, `bonus 1f`, `ready 5m` (declare ready
/// discarding 5m; `ready 5m hide E N` keeps those triplets hidden).
#[pyclass(module = "mjrules")]
pub struct Game {
    table: Arc<Table>,
    state: State,
    /// The record so far: its header, and every event in notation.
    record: Record,
}

impl Game {
    fn tiles(&self) -> &TileSet {
        self.table.tiles()
    }

    fn seat_of(&self, seat: Option<usize>) -> PyResult<usize> {
        match seat.or_else(|| self.state.to_act()) {
            Some(s) if s < self.state.players() => Ok(s),
            Some(s) => Err(GameError::new_err(format!(
                "seat {s}: the table has seats 0–{}",
                self.state.players() - 1
            ))),
            None => Err(GameError::new_err("the hand is over: no seat is to act")),
        }
    }
}

/// The text of an action, as `legal_actions` lists it and `step` takes it.
fn action_text(set: &TileSet, a: &Action) -> String {
    let n = |t: Tile| set.notation(t);
    match *a {
        Action::Discard(t) => format!("discard {}", n(t)),
        Action::DiscardRed(t) => format!("discard {}", set.red_notation(t)),
        Action::SelfWin => "self_win".into(),
        Action::ConcealedKong(t) => format!("concealed_kong {}", n(t)),
        Action::AddedKong(t) => format!("added_kong {}", n(t)),
        Action::Bonus(t) => format!("bonus {}", n(t)),
        Action::Pass => "pass".into(),
        Action::Chi(t) => format!("chi {}", n(t)),
        Action::Pong => "pong".into(),
        Action::ExposedKong => "exposed_kong".into(),
        Action::Win => "win".into(),
        Action::Exchange(pick) => format!(
            "exchange {}",
            pick.tiles().iter().map(|&t| n(t)).collect::<Vec<_>>().join(" ")
        ),
        Action::DeclareVoid(suit) => match set.suits().get(usize::from(suit)) {
            Some(x) => format!("void {}", x.letter),
            None => format!("void {suit}"),
        },
        Action::AbortiveDraw => "abortive_draw".into(),
        Action::DeclareReady { discard, hidden } => {
            let mut s = format!("ready {}", n(discard));
            let kept: Vec<String> = set.tiles().filter(|t| hidden >> t.id() & 1 == 1).map(n).collect();
            if !kept.is_empty() {
                s.push_str(" hide ");
                s.push_str(&kept.join(" "));
            }
            s
        }
    }
}

/// The concealed tiles of a count table, in tile order.
fn concealed_tiles(set: &TileSet, counts: &mj_core::Counts) -> Vec<Tile> {
    set.tiles()
        .flat_map(|t| std::iter::repeat_n(t, counts[t.id()] as usize))
        .collect()
}

fn wind(round: &str) -> PyResult<Wind> {
    let mut chars = round.chars();
    match (chars.next().and_then(Wind::from_letter), chars.next()) {
        (Some(w), None) => Ok(w),
        _ => Err(GameError::new_err(format!(
            "round={round:?}: write the prevalent wind as E, S, W or N"
        ))),
    }
}

#[pymethods]
impl Game {
    /// Deals a hand of `ruleset` from `seed`, `dealer` (a seat number) dealing, in `round`
    /// (the prevalent wind letter). `players` names the seats in the record.
    #[new]
    #[pyo3(signature = (ruleset, seed, dealer=0, round="E", players=None))]
    fn new(
        ruleset: &Ruleset,
        seed: u64,
        dealer: usize,
        round: &str,
        players: Option<Vec<String>>,
    ) -> PyResult<Game> {
        let table = ruleset.table()?;
        let round = wind(round)?;
        let n = table.table().player_count();
        if dealer >= n {
            return Err(GameError::new_err(format!(
                "dealer={dealer}: the table has seats 0–{}",
                n - 1
            )));
        }
        let players = players.unwrap_or_else(|| vec!["python".to_string(); n]);
        if players.len() != n {
            return Err(GameError::new_err(format!(
                "the ruleset seats {n} players but {} were named",
                players.len()
            )));
        }
        let (state, events) =
            new_hand(table.as_ref(), seed, dealer, round).map_err(|e| GameError::new_err(e.to_string()))?;
        let record = Record::new(table.as_ref(), seed, dealer, round, players, None, &events)
            .at(table.as_ref(), &state);
        Ok(Game { table, state, record })
    }

    /// Rebuilds a game from a JSON record (`record()`'s, or `mj play --json`'s) by replaying
    /// it through the engine; raises `GameError` at the first event that does not follow.
    #[staticmethod]
    fn from_record(ruleset: &Ruleset, record: &str) -> PyResult<Game> {
        let table = ruleset.table()?;
        let record = Record::from_json(record).map_err(GameError::new_err)?;
        let state = replay(table.as_ref(), &record).map_err(|d| GameError::new_err(d.to_string()))?;
        Ok(Game { table, state, record })
    }

    /// The number of seats.
    #[getter]
    fn players(&self) -> usize {
        self.state.players()
    }

    /// The seat whose decision the engine waits for, or `None` once the hand is over.
    #[getter]
    fn to_act(&self) -> Option<usize> {
        self.state.to_act()
    }

    /// Whether the hand is over (won or drawn).
    #[getter]
    fn done(&self) -> bool {
        self.state.is_over()
    }

    /// Once the hand is over: `{"winners": [seats], "net": [change per seat]}`; else `None`.
    #[getter]
    fn result(&self, py: Python<'_>) -> PyResult<Option<PyObject>> {
        if !self.state.is_over() {
            return Ok(None);
        }
        let d = PyDict::new(py);
        d.set_item("winners", self.record.winners())?;
        d.set_item("net", self.record.net())?;
        Ok(Some(d.into_any().unbind()))
    }

    /// The actions `seat` (default: the seat to act) may take now; empty for a seat that has
    /// nothing to decide.
    #[pyo3(signature = (seat=None))]
    fn legal_actions(&self, seat: Option<usize>) -> PyResult<Vec<String>> {
        if self.state.is_over() {
            return Ok(Vec::new());
        }
        let seat = self.seat_of(seat)?;
        let set = self.tiles();
        Ok(legal_actions(self.table.as_ref(), &self.state, seat)
            .iter()
            .map(|a| action_text(set, a))
            .collect())
    }

    /// Takes `action` (one of `legal_actions(seat)`) for `seat` (default: the seat to act) and
    /// returns the events it caused, as the record writes them. An action that is not legal
    /// raises `GameError` listing the legal ones, and changes nothing.
    #[pyo3(signature = (action, seat=None))]
    fn step(&mut self, py: Python<'_>, action: &str, seat: Option<usize>) -> PyResult<PyObject> {
        let seat = self.seat_of(seat)?;
        let rules: &dyn Rules = self.table.as_ref();
        let legal = legal_actions(rules, &self.state, seat);
        let set = self.table.tiles();
        let Some(&chosen) = legal.iter().find(|a| action_text(set, a) == action) else {
            let options: Vec<String> = legal.iter().map(|a| action_text(set, a)).collect();
            return Err(GameError::new_err(format!(
                "seat {seat} cannot `{action}` now; legal: {}",
                if options.is_empty() {
                    "nothing (not this seat's decision)".to_string()
                } else {
                    options.join(", ")
                }
            )));
        };
        let (state, events) =
            apply(rules, &self.state, seat, chosen).map_err(|e| GameError::new_err(e.message(set)))?;
        if let Some(fault) = rules.take_fault() {
            return Err(GameError::new_err(format!("the ruleset failed: {fault}")));
        }
        self.state = state;
        let new: Vec<RecordEvent> = events.iter().map(|e| RecordEvent::from_event(set, e)).collect();
        self.record.events.extend(new.iter().cloned());
        to_py(py, &new)
    }

    /// What `seat` knows, as a dict: its concealed tiles (`concealed`, tile order), `drawn`,
    /// the tile `offered` to it, `hand` (its melds and concealed tiles in notation, ready for
    /// `Ruleset.shanten`), every seat's `melds`, `discards`, `bonus` tiles and `won` tiles (set
    /// aside by a winner who plays on, 血流成河) (by seat number),
    /// `hand_sizes`, `wall_remaining`, `dealer`, `round`, `seat_wind`, `to_act` and `legal`.
    /// Other seats' concealed tiles and the wall are not in it.
    fn observation<'py>(&self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyDict>> {
        let seat = self.seat_of(Some(seat))?;
        let set = self.tiles();
        let st = &self.state;
        let v = st.view(set, self.table.forms(), seat);
        let names = |ts: &[Tile]| ts.iter().map(|&t| set.notation(t)).collect::<Vec<_>>();
        let concealed = concealed_tiles(set, v.concealed);
        let own = Hand {
            melds: st.seats[seat].melds.clone(),
            concealed: concealed.clone(),
            ..Hand::default()
        };
        let melds: Vec<Vec<String>> = st
            .seats
            .iter()
            .map(|s| {
                s.melds
                    .iter()
                    .map(|m| {
                        mj_core::print_hand(
                            set,
                            &Hand {
                                melds: vec![*m],
                                ..Hand::default()
                            },
                        )
                    })
                    .collect()
            })
            .collect();
        let d = PyDict::new(py);
        d.set_item("seat", seat)?;
        d.set_item("concealed", names(&concealed))?;
        d.set_item("drawn", v.drawn.map(|t| set.notation(t)))?;
        d.set_item("offered", v.offered.map(|t| set.notation(t)))?;
        d.set_item("hand", mj_core::print_hand(set, &own))?;
        d.set_item("melds", melds)?;
        let discards: Vec<Vec<String>> = v
            .discards
            .iter()
            .map(|ds| ds.iter().map(|x| set.notation(x.tile)).collect())
            .collect();
        d.set_item("discards", discards)?;
        d.set_item("bonus", v.bonus.iter().map(|b| names(b)).collect::<Vec<_>>())?;
        // Tiles each seat has won on and set aside (winners who stay in, 血流成河).
        d.set_item("won", st.seats.iter().map(|s| names(&s.won)).collect::<Vec<_>>())?;
        d.set_item("hand_sizes", v.hand_sizes.clone())?;
        d.set_item("wall_remaining", v.wall_remaining)?;
        d.set_item("dealer", v.dealer)?;
        d.set_item("round", v.round.letter().to_string())?;
        d.set_item("seat_wind", v.seat_wind.letter().to_string())?;
        d.set_item("to_act", st.to_act())?;
        d.set_item("legal", self.legal_actions(Some(seat)).unwrap_or_default())?;
        Ok(d)
    }

    /// What `seat` knows as a flat list of integers whose length depends only on the ruleset
    /// (`feature_size`), for models that need a fixed shape. With K tile kinds and P seats
    /// (seats counted from `seat`: 0 is itself, 1 the next in turn order …): the concealed
    /// count of each kind (K); per seat its melded tiles by kind (P·K) and its discards by kind
    /// (P·K); the drawn tile one-hot (K); the offered tile one-hot (K); then per seat its
    /// concealed tile count (P); then wall remaining, seat wind, round wind (0–3) and the
    /// dealer's offset from `seat`.
    fn features(&self, seat: usize) -> PyResult<Vec<i32>> {
        let seat = self.seat_of(Some(seat))?;
        let set = self.tiles();
        let st = &self.state;
        let v = st.view(set, self.table.forms(), seat);
        let (k, p) = (set.kind_count(), st.players());
        let mut f = vec![0i32; feature_size(k, p)];
        for t in set.tiles() {
            f[t.id()] = i32::from(v.concealed[t.id()]);
        }
        for rel in 0..p {
            let s = (seat + rel) % p;
            for m in &st.seats[s].melds {
                for t in m.tiles(set).unwrap_or_default().iter() {
                    f[k + rel * k + t.id()] += 1;
                }
            }
            for d in &st.seats[s].discards {
                f[k + p * k + rel * k + d.tile.id()] += 1;
            }
            f[k * (3 + 2 * p) + rel] = v.hand_sizes[s] as i32;
        }
        let one_hot = k + 2 * p * k;
        if let Some(t) = v.drawn {
            f[one_hot + t.id()] = 1;
        }
        if let Some(t) = v.offered {
            f[one_hot + k + t.id()] = 1;
        }
        let tail = k * (3 + 2 * p) + p;
        f[tail] = v.wall_remaining as i32;
        f[tail + 1] = i32::from(v.seat_wind.index());
        f[tail + 2] = i32::from(v.round.index());
        f[tail + 3] = ((v.dealer + p - seat) % p) as i32;
        Ok(f)
    }

    /// The length of `features(seat)` under this game's ruleset.
    #[getter]
    fn feature_size(&self) -> usize {
        feature_size(self.tiles().kind_count(), self.state.players())
    }

    /// The record of the hand so far as one line of JSON: the `mj-record` that `mj replay`
    /// reads (byte-identical for the same seed and actions).
    fn record(&self) -> String {
        self.record.to_json()
    }

    /// The record as `mj play` prints it for people (Unicode tiles).
    fn record_text(&self) -> String {
        self.record.to_text(self.tiles(), self.table.table().fixed_seat_winds)
    }

    fn __repr__(&self) -> String {
        let phase = match &self.state.phase {
            Phase::Over { winners } if winners.is_empty() => "drawn".to_string(),
            Phase::Over { winners } => format!("won by seat {winners:?}"),
            _ => format!("seat {} to act", self.state.to_act().unwrap_or_default()),
        };
        format!(
            "Game({:?}, seed={}, {phase})",
            self.record.ruleset, self.record.seed
        )
    }
}

fn feature_size(kinds: usize, players: usize) -> usize {
    kinds * (3 + 2 * players) + players + 4
}
