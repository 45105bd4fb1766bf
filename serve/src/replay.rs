//! A game record as the states a viewer steps through. The engine does the replaying
//! (`mj_core::game::replay_observed`, the same check `mj replay` makes); this module only turns
//! each state it reports into plain JSON: every seat's hand, melds, discards and bonus tiles, the
//! wall, and the points so far.

use mj_core::game::state::{Phase, SeatState, State, TurnStart};
use mj_core::game::{replay_observed, Record, Rules};
use mj_core::meld::Meld;
use mj_core::TileSet;
use mj_dsl::table::Table;
use serde::Serialize;
use serde_json::{json, Value};

#[derive(Serialize)]
struct MeldView {
    tiles: Vec<String>,
    /// A concealed kong (shown face down at the table).
    concealed: bool,
}

#[derive(Serialize)]
struct DiscardView {
    tile: String,
    /// Taken by another seat into a meld or a win.
    claimed: bool,
}

#[derive(Serialize)]
struct SeatView {
    /// Seat wind letter.
    wind: char,
    /// Concealed tiles in tile order (the tile just drawn included; see `drawn`).
    concealed: Vec<String>,
    melds: Vec<MeldView>,
    discards: Vec<DiscardView>,
    bonus: Vec<String>,
    /// Net change this hand so far.
    score: i64,
    /// Declared ready (亮倒).
    ready: bool,
    /// The declared void suit's letter (定缺), once declared.
    void: Option<char>,
    /// Tiles the seat has won on and set aside, in order (winners who stay in and may win again,
    /// `[play] after_win = "stay"`); empty otherwise.
    won: Vec<String>,
}

/// The table after some of the record's events.
#[derive(Serialize)]
struct Frame {
    /// How many of the record's events lie behind this state.
    events: usize,
    /// `prepare` (seats choose tiles to exchange and a void suit), `turn`, `offer` (others
    /// answer a discard or a kong) or `over`.
    phase: &'static str,
    /// The seat to act next, if any.
    to_act: Option<usize>,
    /// The tile the seat to act has just drawn, on its turn.
    drawn: Option<String>,
    /// The tile on offer, during an offer.
    offered: Option<String>,
    /// Winners, once the hand is over (empty for a drawn hand).
    winners: Vec<usize>,
    /// Tiles still to draw, and the drawable wall in draw order.
    wall_remaining: usize,
    wall: Vec<String>,
    seats: Vec<SeatView>,
}

fn tiles(set: &TileSet, ts: impl IntoIterator<Item = mj_core::Tile>) -> Vec<String> {
    ts.into_iter().map(|t| set.notation(t)).collect()
}

fn seat_view(set: &TileSet, s: &SeatState, score: i64) -> SeatView {
    let mut concealed = Vec::new();
    for t in set.tiles() {
        for _ in 0..s.concealed[t.id()] {
            concealed.push(set.notation(t));
        }
    }
    SeatView {
        wind: s.wind.letter(),
        concealed,
        melds: s
            .melds
            .iter()
            .map(|m| MeldView {
                tiles: tiles(set, m.tiles(set).unwrap_or_default().to_vec()),
                concealed: matches!(m, Meld::ConcealedKong { .. }),
            })
            .collect(),
        discards: s
            .discards
            .iter()
            .map(|d| DiscardView {
                tile: set.notation(d.tile),
                claimed: d.claimed,
            })
            .collect(),
        bonus: tiles(set, s.bonus.iter().copied()),
        score,
        ready: s.declared.is_some(),
        void: s
            .void
            .and_then(|v| set.suits().get(usize::from(v)))
            .map(|suit| suit.letter),
        won: tiles(set, s.won.iter().copied()),
    }
}

fn frame(set: &TileSet, events: usize, st: &State) -> Frame {
    let (phase, drawn, offered, winners) = match &st.phase {
        Phase::Turn(t) => {
            let drawn = match t.start {
                TurnStart::Drew { tile, .. } => Some(set.notation(tile)),
                _ => None,
            };
            ("turn", drawn, None, Vec::new())
        }
        Phase::Offer(o) => ("offer", None, Some(set.notation(o.tile)), Vec::new()),
        // Before play: seats choose their void suit (and tiles to exchange).
        Phase::Prepare(_) => ("prepare", None, None, Vec::new()),
        Phase::Over { winners } => ("over", None, None, winners.clone()),
    };
    Frame {
        events,
        phase,
        to_act: st.to_act(),
        drawn,
        offered,
        winners,
        wall_remaining: st.wall.remaining(),
        wall: tiles(set, st.wall.live().iter().copied()),
        seats: st
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| seat_view(set, s, st.scores.get(i).copied().unwrap_or(0)))
            .collect(),
    }
}

/// Replays `record` and returns the record's header, its events, every state to step through
/// and the hand's net payments; or the divergence, in the words `mj replay` uses.
pub fn replay(table: &Table, record: &Record) -> Result<Value, String> {
    let set = table.tiles();
    let mut frames = Vec::new();
    replay_observed(table, record, &mut |n, st| frames.push(frame(set, n, st)))
        .map_err(|d| format!("the record does not replay: diverges at {d}"))?;
    Ok(json!({
        "ruleset": record.ruleset,
        "ruleset_version": record.ruleset_version,
        "seed": record.seed,
        "dealer": record.dealer,
        "round": record.round,
        "players": record.players,
        "events": record.events,
        "frames": frames,
        "net": record.net(),
        "held": record.held(),
    }))
}
