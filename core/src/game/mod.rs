//! The turn engine: a functional core (`State` + [`apply`]) and an imperative shell
//! ([`play::play_hand`], [`matchplay::play_match`]) that asks [`player::Player`]s for decisions.
//!
//! Nothing here is variant-specific. Every choice a ruleset makes reaches the engine through the
//! [`rules::Rules`] trait: plain table data ([`rules::TableRules`]) plus two callbacks, one that
//! judges a winning hand and one that settles it. The engine never sees TOML or scripts.

mod abort;
pub mod action;
mod claims;
mod draw;
pub mod engine;
pub mod event;
mod facts;
pub mod knowledge;
pub mod match_end;
pub mod match_replay;
pub mod matchplay;
mod money;
pub mod play;
pub mod player;
mod prepare;
pub mod record;
mod rotation;
pub mod rules;
mod setup;
pub mod state;
mod turn;
mod win;
mod win_fact;

pub use action::Action;
pub use event::{AbortReason, Event, KongKind};
pub use knowledge::{Knowledge, Moment};
pub use matchplay::{play_match, play_match_from, MatchResult, MatchStart};
pub use money::penalize;
pub use play::{play_hand, play_hand_at, play_hand_from_wall, PlayError};
pub use player::{GreedyBot, Player, RandomBot, SeatView};
pub use record::{replay, replay_observed, Divergence, Record};
pub use rotation::{next_counters, next_dealer, next_dealer_at, next_streak, DrawnEnd};
pub use rules::{Rules, TableRules, WinJudgement, WinSource};
pub use setup::{
    arrange_seat_walls, arrange_wall, deal_seats, new_hand, new_hand_at, new_hand_from_marked_wall_at,
    new_hand_from_wall, new_hand_from_wall_at, SetupError,
};
pub use state::{HandStart, Phase, State};
pub use turn::{apply, legal_actions, IllegalAction};
