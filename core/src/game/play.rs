//! The imperative shell for one hand: ask the seat to move for an action, check it, apply it,
//! collect the events into a [`Record`].

use super::action::Action;
use super::event::Event;
use super::player::Player;
use super::record::Record;
use super::rules::Rules;
use super::setup::{new_hand_at, new_hand_from_wall, SetupError};
use super::state::{HandStart, State};
use super::turn::{legal_actions, step, IllegalAction};
use crate::tile::{Tile, Wind};
use std::fmt;

/// Why a hand could not be played to its end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    Setup(SetupError),
    /// A player answered with an action that is not legal; it was not applied.
    Illegal {
        error: IllegalAction,
        message: String,
    },
    /// The table has a different number of players than the ruleset seats.
    PlayerCount {
        rules: usize,
        given: usize,
    },
    /// Safety net: the hand did not end within a bound no real hand reaches.
    Stuck,
    /// The rules failed while judging (a ruleset script error, with its file and line); the
    /// hand stops rather than go on as if nobody could win.
    Rules(String),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Setup(e) => write!(f, "{e}"),
            PlayError::Illegal { message, .. } => write!(f, "illegal action rejected: {message}"),
            PlayError::PlayerCount { rules, given } => {
                write!(f, "the ruleset seats {rules} players but {given} were given")
            }
            PlayError::Stuck => write!(f, "the hand did not end"),
            PlayError::Rules(m) => write!(f, "the ruleset failed: {m}"),
        }
    }
}

impl std::error::Error for PlayError {}

/// Plays one hand from `seed` with `players` (one per seat) and returns its record.
pub fn play_hand(
    rules: &dyn Rules,
    players: &mut [Box<dyn Player>],
    seed: u64,
    dealer: usize,
    round: Wind,
) -> Result<Record, PlayError> {
    play_hand_at(rules, players, seed, dealer, round, &HandStart::default())
}

/// [`play_hand`] at a given point of a match (every seat's points, the dealer's streak); the
/// record carries them so that it replays alone.
pub fn play_hand_at(
    rules: &dyn Rules,
    players: &mut [Box<dyn Player>],
    seed: u64,
    dealer: usize,
    round: Wind,
    start: &HandStart,
) -> Result<Record, PlayError> {
    check_players(rules, players)?;
    let (mut st, mut events) = new_hand_at(rules, seed, dealer, round, start).map_err(PlayError::Setup)?;
    run(rules, &mut st, players, &mut events)?;
    let names = players.iter().map(|p| p.name()).collect();
    Ok(Record::new(rules, seed, dealer, round, names, None, &events).at(rules, &st))
}

/// Plays one hand from an arranged wall (draw order) and returns its record.
pub fn play_hand_from_wall(
    rules: &dyn Rules,
    players: &mut [Box<dyn Player>],
    wall: Vec<Tile>,
    dealer: usize,
    round: Wind,
) -> Result<(Record, State), PlayError> {
    check_players(rules, players)?;
    let (mut st, mut events) =
        new_hand_from_wall(rules, wall.clone(), dealer, round).map_err(PlayError::Setup)?;
    run(rules, &mut st, players, &mut events)?;
    let names = players.iter().map(|p| p.name()).collect();
    Ok((
        Record::new(rules, 0, dealer, round, names, Some(&wall), &events),
        st,
    ))
}

fn check_players(rules: &dyn Rules, players: &[Box<dyn Player>]) -> Result<(), PlayError> {
    let n = rules.table().player_count();
    if players.len() != n {
        return Err(PlayError::PlayerCount {
            rules: n,
            given: players.len(),
        });
    }
    Ok(())
}

/// Runs a hand to its end, appending events. `observe` (if any) sees every state, for tests.
pub fn run(
    rules: &dyn Rules,
    st: &mut State,
    players: &mut [Box<dyn Player>],
    events: &mut Vec<Event>,
) -> Result<(), PlayError> {
    run_observed(rules, st, players, events, &mut |_, _, _| {})
}

/// [`run`], calling `observe(state, seat, action)` before each action is applied.
pub fn run_observed(
    rules: &dyn Rules,
    st: &mut State,
    players: &mut [Box<dyn Player>],
    events: &mut Vec<Event>,
    observe: &mut dyn FnMut(&State, usize, Action),
) -> Result<(), PlayError> {
    // A fault left by an earlier judgement on this thread is not this hand's.
    let _ = rules.take_fault();
    let mut moves = 0usize;
    while let Some(seat) = st.to_act() {
        moves += 1;
        if moves > 100_000 {
            return Err(PlayError::Stuck);
        }
        let legal = legal_actions(rules, st, seat);
        let action = {
            let view = st.view(rules.tiles(), rules.forms(), seat);
            let Some(p) = players.get_mut(seat) else {
                return Err(PlayError::PlayerCount {
                    rules: st.players(),
                    given: players.len(),
                });
            };
            p.choose(&view, &legal)
        };
        if !legal.contains(&action) {
            let error = IllegalAction { seat, action, legal };
            let message = error.message(rules.tiles());
            return Err(PlayError::Illegal { error, message });
        }
        observe(st, seat, action);
        step(rules, st, seat, action, events);
        if let Some(fault) = rules.take_fault() {
            return Err(PlayError::Rules(fault));
        }
    }
    Ok(())
}
