//! Tenhou's game logs (mjlog XML, `<mjloggm>`): [`log`] reads a file into typed events (tiles as
//! Tenhou's 136 ids, [`tile`]; calls through the bit-packed codes of [`meld`]; the XML subset in
//! [`xml`]); [`win`] writes every recorded win as a line of our hand notation from what the log
//! had shown at that moment; [`scoring`] scores those lines with the `riichi` (or
//! `riichi-sanma`) ruleset and lists where our result differs from the one Tenhou recorded.
//!
//! Replaying the game itself in our engine is a later step (the engine has no riichi play yet).

pub mod log;
pub mod meld;
pub mod scoring;
pub mod tile;
pub mod win;
pub mod xml;

pub use log::{parse, Agari, Event, Init, Log, Owari, Ryuukyoku, Ten};
pub use meld::{Meld, MeldKind};
pub use tile::TileId;
pub use win::{wins, Win};
pub use xml::{ParseError, Position};
