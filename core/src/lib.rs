//! The engine's vocabulary and algorithms, free of any particular variant: tile sets arrive as
//! data ([`tile::TileSetSpec`]), win forms as [`reading::FormRules`]. Nothing here reads files,
//! knows a ruleset by name, or prints.

pub mod decompose;
pub mod game;
pub mod hand;
pub mod meld;
pub mod notation;
pub mod reading;
pub mod rng;
mod shanten;
mod suit_shapes;
pub mod tile;
pub mod tournament;
pub mod wait;

pub use hand::{Context, Hand};
pub use meld::Meld;
pub use notation::{
    parse_hand, parse_tiles, print_hand, print_tiles, ContextWordSpec, NotationError, WordValue,
};
pub use reading::{Form, FormRules, Reading, Set, SetKind, Wait, WinPlace};
pub use rng::Rng;
pub use tile::{Counts, Tile, TileSet, TileSetSpec, Wind};
pub use wait::Shanten;
