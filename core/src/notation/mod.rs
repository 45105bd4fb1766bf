//! The one-line hand notation shared by every command that reads hands (contract:
//! `notation.md`): parsing against a ruleset's tile set, and a canonical printed form.
//!
//! Parsing runs in two stages. The pest grammar (`notation.pest`) only fixes the shape of the
//! line; everything that depends on the ruleset (does the tile exist, is `[124m]` a chow, is
//! `ready` a word of this ruleset) is checked here on the parse tree, because only here can an
//! error name the ruleset and say what it would accept. Every error, pest's included, comes out as
//! a [`NotationError`] pointing at a column, so users never see raw parser output.

mod grammar {
    #[derive(pest_derive::Parser)]
    #[grammar = "notation.pest"]
    pub(super) struct NotationParser;
}

mod errors;
mod parse;
mod print;
mod shape;
mod tiles;
mod words;

pub use errors::NotationError;
pub use parse::{parse_hand, parse_hand_fast, parse_hand_pest, parse_tiles, MAX_HAND_LEN};
pub use print::{print_hand, print_tiles, print_tiles_to};
pub use words::{is_builtin_word, BUILTIN_FLAGS, BUILTIN_VALUES};

/// A context word a ruleset adds to the notation (e.g. a declared-ready flag `ready`, or
/// `x=value`). Rulesets declare these as data so the notation stays one grammar for all variants.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContextWordSpec {
    pub word: String,
    /// `word=value` when true, a bare flag when false.
    pub takes_value: bool,
    /// What the value must be, checked when the hand is read.
    pub value: WordValue,
    /// Shown to users, e.g. in the list of accepted words.
    pub help: String,
}

/// The kind of value a context word takes (`word=value`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum WordValue {
    /// Any text (the ruleset's fans and formulas read numbers out of it).
    #[default]
    Text,
    /// A whole number from 0 to 1,000,000.
    Number,
    /// Tiles of the ruleset in notation without spaces (`dora=3mE`), bonus tiles excluded.
    Tiles,
    /// A seat wind letter, E S W N (`dealer=S`).
    Wind,
    /// No value: a flag that may also be written without any tiles (`nagashi seat=S`), for a
    /// result that is scored without a hand.
    Alone,
}
