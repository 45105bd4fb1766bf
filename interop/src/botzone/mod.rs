//! The Botzone platform's formats: its game logs and its bot line protocol.
//!
//! Botzone names tiles differently from our notation: `W1`–`W9` characters (万), `B1`–`B9` dots (饼),
//! `T1`–`T9` bamboo (条), `F1`–`F4` the winds east to north, `J1`–`J3` the red, green and white dragons,
//! `H1`–`H8` the flowers. [`tile`] is the one place that translates between the two.
//!
//! [`log`] reads the game logs, [`replay`] plays them through the engine and [`export`] writes our
//! records as logs. [`protocol`] is the bot protocol's text (requests, responses, the three
//! interactions), [`bot`] our greedy bot speaking it (`mj bot`), [`referee`] our engine judging
//! four bots that speak it (`mj match`).

pub mod bot;
pub mod export;
pub mod log;
pub mod protocol;
pub mod referee;
pub mod replay;
pub mod tile;
