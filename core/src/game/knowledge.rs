//! What one seat knows of a hand, rebuilt into a [`State`] the engine can reason about.
//!
//! A bot that plays through a line protocol (Botzone) is never given the engine's state: it hears
//! its own tiles and the public table. To decide with the same rules as everyone else it still
//! needs [`legal_actions`](super::turn::legal_actions), win judging included, and that needs a
//! [`State`]. [`Knowledge::state`] builds one in which everything the seat cannot see is blank:
//! other seats hold no concealed tiles and the wall holds placeholder tiles (only its length is
//! real). Every question the engine asks about the seat's own options reads only what is real: its
//! concealed tiles and melds, the visible discards and melds (for 和绝张), the wall's length (for
//! the last-tile fans and the end of claims), the winds and the moment in the turn.

use super::event::KongKind;
use super::rules::Rules;
use super::state::{Discarded, Offer, Phase, SeatState, State, Turn, TurnStart, Wall};
use crate::meld::Meld;
use crate::tile::{Counts, Tile, Wind, MAX_KINDS};

/// The moment at which the seat must decide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moment {
    /// The seat has drawn `tile` (already in its concealed tiles); `after_kong` when it was the
    /// replacement for its own kong (杠上开花).
    Drew { tile: Tile, after_kong: bool },
    /// Seat `from` offers `tile`: a discard (`kong` none) or a kong that may be robbed.
    /// `after_kong` when the discarder's turn began with a kong replacement.
    Offered {
        from: usize,
        tile: Tile,
        kong: Option<KongKind>,
        after_kong: bool,
    },
}

/// One seat's knowledge of a hand in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Knowledge {
    pub seat: usize,
    pub dealer: usize,
    pub round: Wind,
    /// The seat's own concealed tiles.
    pub concealed: Counts,
    /// Every seat's melds as far as they are known: another seat's concealed kong shows no tile,
    /// so it is left out (it could not change this seat's options: all four copies are in it).
    pub melds: Vec<Vec<Meld>>,
    pub discards: Vec<Vec<Discarded>>,
    /// Bonus tiles each seat has set aside.
    pub bonus: Vec<Vec<Tile>>,
    /// Tiles that can still be drawn.
    pub wall_remaining: usize,
    /// Tiles left in each seat's own wall, by seat, when the ruleset gives every seat a wall of
    /// its own (`TableRules::per_seat_walls`); empty otherwise. The last-tile and empty-wall rules
    /// then ask about one seat's wall, so the total alone would give the seat wrong options.
    pub walls: Vec<usize>,
    pub moment: Moment,
}

impl Knowledge {
    /// A state consistent with this knowledge, for [`legal_actions`](super::turn::legal_actions)
    /// and [`apply`](super::turn::apply) on the seat's own moves. Seats are taken from the
    /// ruleset; missing per-seat entries count as empty.
    pub fn state(&self, rules: &dyn Rules) -> State {
        let table = rules.table();
        let n = table.player_count();
        let filler = rules
            .tiles()
            .playing_tiles()
            .next()
            .unwrap_or_else(|| Tile::from_id(0));
        let kept_back = table.kept_back as usize;
        let wall = if table.per_seat_walls && self.walls.len() == n {
            Wall::per_seat_left(filler, &self.walls)
        } else {
            Wall::new(vec![filler; self.wall_remaining + kept_back], kept_back)
        };
        let seats = (0..n)
            .map(|s| SeatState {
                concealed: if s == self.seat {
                    self.concealed
                } else {
                    [0; MAX_KINDS]
                },
                melds: self.melds.get(s).cloned().unwrap_or_default(),
                discards: self.discards.get(s).cloned().unwrap_or_default(),
                bonus: self.bonus.get(s).cloned().unwrap_or_default(),
                wind: Wind::from_index(((s + n - self.dealer % n.max(1)) % n.max(1)) as u8)
                    .unwrap_or_default(),
                missed_win: None,
                declared: None,
                held_alone: Vec::new(),
                void: None,
                // A seat's requests do not say which copies are red.
                red: [0; MAX_KINDS],
                meld_red: Vec::new(),
                won: Vec::new(),
                barred: false,
            })
            .collect();
        let phase = match self.moment {
            Moment::Drew { tile, after_kong } => Phase::Turn(Turn {
                seat: self.seat,
                start: TurnStart::Drew {
                    tile,
                    after_kong,
                    kong_from: None,
                    // A seat's requests do not say whether the draw replaced a bonus tile, so a
                    // win judged from them lacks the `bonus_replacement` fact.
                    after_bonus: false,
                    kong_on_kong: false,
                },
            }),
            Moment::Offered {
                from,
                tile,
                kong,
                after_kong,
            } => Phase::Offer(Offer {
                from,
                tile,
                kong,
                waiting: vec![self.seat],
                answers: Vec::new(),
                could_win: Vec::new(),
                after_kong,
                kong_from: None,
                bonus: false,
            }),
        };
        State {
            seats,
            wall,
            dealer: self.dealer,
            round: self.round,
            dice: Vec::new(),
            phase,
            scores: vec![0; n],
            kong_net: vec![0; n],
            kong_money: Vec::new(),
            last_kong: None,
            stacks: vec![table.start_points; n],
            dealer_streak: 0,
            held: vec![0; n],
            discard_run: None,
            counters: 0,
            deposits: 0,
            deposits_taken: false,
            indicators_shown: 0,
            indicator_pending: false,
            winners: Vec::new(),
            left: vec![false; n],
            last_red: false,
            exchange_die: 0,
        }
    }
}
