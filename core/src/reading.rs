//! A reading of a complete hand: one way its tiles form a win. Fans are judged per reading, and a
//! hand's score is the best over its readings, so readings carry everything fans look at: the
//! sets, whether each is concealed, which group holds the winning tile and how it was waited.

use crate::tile::Tile;

/// Which win forms a ruleset enables. Read by [`crate::decompose`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormRules {
    /// n sets + a pair, n = (tiles - 2) / 3 (4 for 14-tile hands, 5 for 17-tile hands).
    pub standard: bool,
    /// Seven distinct-or-not pairs, concealed, 14 tiles. Four equal tiles count as two pairs
    /// when `seven_pairs_allow_four` is set (the Chinese Official reading).
    pub seven_pairs: bool,
    pub seven_pairs_allow_four: bool,
    /// Thirteen-orphans-like form: one of each listed tile plus one duplicate of any of them.
    /// Empty disables it.
    pub orphans: Vec<Tile>,
    /// Honours-and-knitted (全不靠): 14 single tiles, honours plus knitted 147/258/369 of three
    /// distinct suits, no pair. Needs 9-rank suits 1–9 to be meaningful.
    pub honours_knitted: bool,
    /// Knitted straight (组合龙: 147/258/369 in three distinct suits) plus one set and a pair.
    pub knitted_straight: bool,
}

impl Default for FormRules {
    fn default() -> Self {
        FormRules {
            standard: true,
            seven_pairs: false,
            seven_pairs_allow_four: true,
            orphans: Vec::new(),
            honours_knitted: false,
            knitted_straight: false,
        }
    }
}

/// The shape of a reading.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub enum Form {
    Standard,
    SevenPairs,
    Orphans,
    HonoursKnitted,
    KnittedStraight,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum SetKind {
    Chow,
    Pung,
    Kong,
}

/// One set (meld) of a reading.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Set {
    pub kind: SetKind,
    /// A chow's lowest tile, or the tile of a pung/kong.
    pub tile: Tile,
    /// Formed from concealed tiles or a concealed kong. A pung completed by a discard is
    /// reported concealed here with `winning` set; fans decide what that means (see `Reading`).
    pub concealed: bool,
    /// Index into `Hand::melds` when the set was declared during play.
    pub meld: Option<u8>,
}

/// Where the winning tile sits in a reading.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum WinPlace {
    /// In `sets[i]`.
    Set(u8),
    /// In the pair (standard form) or one of the pairs (seven pairs).
    Pair,
    /// In the knitted part (knitted straight body, honours-and-knitted, orphans).
    Knitted,
}

/// How the winning tile was waited on in this reading.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Wait {
    /// Completes x(x+1) from either end (两面).
    TwoSided,
    /// 12 waiting on 3, or (top-1)(top) waiting on top-2 (边张).
    Edge,
    /// Middle of a chow (坎张).
    Closed,
    /// Completes the pair (单钓).
    Single,
    /// Completes a pung from a pair (双碰).
    Pung,
    /// Any wait in a knitted or orphans shape.
    Knitted,
}

impl Wait {
    /// A small index per wait, for bit sets of waits.
    pub fn bit(self) -> u8 {
        match self {
            Wait::TwoSided => 0,
            Wait::Edge => 1,
            Wait::Closed => 2,
            Wait::Single => 3,
            Wait::Pung => 4,
            Wait::Knitted => 5,
        }
    }
}

/// One way a complete hand is a win.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Reading {
    pub form: Form,
    /// Declared melds first (in `Hand::melds` order), then concealed sets in tile order.
    pub sets: Vec<Set>,
    /// The pair tile of the standard and knitted-straight forms; the duplicated tile of orphans.
    pub pair: Option<Tile>,
    /// Seven pairs: the pair tiles, ascending (a tile appears twice if four copies form two pairs).
    pub pairs: Vec<Tile>,
    /// Knitted forms: the nine (or fewer, for honours-and-knitted) knitted number tiles, ascending.
    pub knitted: Vec<Tile>,
    /// Honours-and-knitted: the honour tiles held, ascending. Without them the reading would not
    /// say which honours are missing, and could not be turned back into the hand it came from.
    pub honours: Vec<Tile>,
    pub win: WinPlace,
    pub wait: Wait,
}
