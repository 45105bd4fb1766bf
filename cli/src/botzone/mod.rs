//! The Botzone platform's formats: its game logs (`import`) and its bot line protocol.
//!
//! Botzone names tiles differently from our notation: `W1`–`W9` characters (万), `B1`–`B9` dots (饼),
//! `T1`–`T9` bamboo (条), `F1`–`F4` the winds east to north, `J1`–`J3` the red, green and white dragons.
//! This module is the one place that translates between the two.

pub mod import;
// Used by `mj import botzone`, and by `mj bot` and `mj match`, which land next.
#[allow(dead_code)]
pub mod tile;
