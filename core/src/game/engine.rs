//! The engine's functions under their old path: the rules of play live in the modules named for
//! their purpose ([`super::setup`], [`super::turn`], [`super::claims`], [`super::win`],
//! [`super::draw`], [`super::money`], [`super::rotation`]); this module only re-exports them so
//! `mj_core::game::engine::...` keeps working for other crates.

pub use super::money::{cap_to_floor, capped, penalize};
pub use super::rotation::{next_dealer, next_dealer_at, DrawnEnd};
pub use super::setup::{
    arrange_seat_walls, arrange_wall, new_hand, new_hand_at, new_hand_from_wall, new_hand_from_wall_at,
    SetupError,
};
pub use super::turn::{apply, legal_actions, IllegalAction};
pub use super::win::shape_waits;
