//! Tenhou's game logs (mjlog XML, `<mjloggm>`): [`log`] reads a file into typed events (tiles as
//! Tenhou's 136 ids, [`tile`]; calls through the bit-packed codes of [`meld`]; the XML subset in
//! [`xml`]); [`win`] writes every recorded win as a line of our hand notation from what the log
//! had shown at that moment; [`scoring`] scores those lines with the `riichi` (or
//! `riichi-sanma`) ruleset and lists where our result differs from the one Tenhou recorded.
//!
//! [`replay`] plays one hand again in our engine from a wall arranged to deal and draw what the
//! log shows, applying every recorded action as the engine's; [`import`] does it for a whole log
//! and compares every hand's score changes, the carry to the next hand and the final points
//! (`mj import tenhou`).

pub mod import;
pub mod log;
pub mod meld;
pub mod replay;
pub mod scoring;
pub mod tile;
pub mod wall;
pub mod win;
pub mod xml;

pub use log::{parse, Agari, Event, Init, Log, Owari, Ryuukyoku, Ten};
pub use meld::{Meld, MeldKind};
pub use tile::TileId;
pub use win::{wins, Win};
pub use xml::{ParseError, Position};
