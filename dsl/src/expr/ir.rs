//! The compiled form of an expression: [`Expr`] trees over hand quantities ([`Var`]), tile classes
//! ([`Class`]) as bit masks over tile ids, and set patterns ([`Group`], [`Shape`]). Also the layout
//! of the yes/no bits every reading carries ([`var_flag`], [`form_flag`], [`wait_flags`]), which
//! the facts of a reading and the gates agree on: it is defined once, here.

use super::ast::{BinOp, GroupKind};
use mj_core::Form;

/// Number of [`Var`] variants.
pub const VAR_COUNT: usize = 24;

/// The [`Facts::flags`] bit saying that `v` is not 0 (bits 0 to 23).
#[inline]
pub fn var_flag(v: Var) -> u64 {
    1 << (v as u8)
}

/// The [`Facts::flags`] bit of a reading's form (bits 24 to 28).
#[inline]
pub fn form_flag(f: Form) -> u64 {
    1 << (24 + f as u8)
}

/// The [`Facts::flags`] bits of a wait mask `1 << Wait::bit()` (bits 32 to 37).
#[inline]
pub fn wait_flags(waits: u8) -> u64 {
    u64::from(waits) << 32
}

/// [`Facts::flags`] bit: the seat wind's tile is in the hand (the class `seat_wind` is not a
/// fixed mask, so a gate cannot ask for its tile by [`Gate::need`]).
pub const SEAT_WIND_HELD: u64 = 1 << 40;

/// [`Facts::flags`] bit: the prevalent wind's tile is in the hand.
pub const ROUND_WIND_HELD: u64 = 1 << 41;

/// [`Facts::flags`] bits: the reading has at least two chows, at least three (bits 29 and 30);
/// at least two pungs or kongs, at least three (bits 31 and 38). A group pattern of that many
/// sets needs them ([`Group::gate`]), and flags are tested for a whole table at once, where a
/// range of [`Var::Chows`] would be checked fan by fan.
pub const SETS_AT_LEAST: [(GroupKind, i64, u64); 4] = [
    (GroupKind::Chows, 2, 1 << 29),
    (GroupKind::Chows, 3, 1 << 30),
    (GroupKind::Pungs, 2, 1 << 31),
    (GroupKind::Pungs, 3, 1 << 38),
];

/// The first [`Facts::flags`] bit of the context words a ruleset's gates read (bits 42 to 63,
/// one per word, in the order the plan gives them: `crate::ruleset::Plan::word_flags`).
pub const FIRST_WORD_FLAG: u32 = 42;

/// The variable with index `i` (the order of [`Var`]).
pub fn var_by_index(i: usize) -> Option<Var> {
    VARS.get(i).map(|(_, v, _)| *v)
}

/// A tile class, possibly depending on the hand (seat wind, winning tile).
#[derive(Clone, Debug, PartialEq)]
pub enum Class {
    Mask(u64),
    SeatWind,
    RoundWind,
    Winning,
    Union(Box<Class>, Box<Class>),
    Inter(Box<Class>, Box<Class>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Var {
    SelfDrawn,
    Discard,
    LastTile,
    Kong,
    Fourth,
    Flowers,
    UniqueWait,
    Declared,
    ExposedMelds,
    ConcealedPungs,
    Suits,
    Chows,
    Pungs,
    Kongs,
    ConcealedKongs,
    ExposedKongs,
    Hogs,
    ConcealedHogs,
    MeldedHogs,
    Knitted,
    WinInHand,
    WinInMelds,
    Seat,
    Round,
}

/// The hand quantities a condition may name, each with what it is, in the order the docs list
/// them: docs/ruleset-format.md's table of names is generated from this (`dsl/tests/docs.rs`),
/// so a name added here cannot be missing there.
pub fn names() -> impl Iterator<Item = (&'static str, &'static str)> {
    VARS.iter().map(|(n, _, d)| (*n, *d))
}

pub(super) const VARS: &[(&str, Var, &str)] = &[
    ("self_drawn", Var::SelfDrawn, "won on a self-drawn tile"),
    ("discard", Var::Discard, "won on a discard"),
    ("last_tile", Var::LastTile, "the winning tile was the wall's last"),
    (
        "kong",
        Var::Kong,
        "won on a kong replacement (self-drawn) or by robbing a kong (discard)",
    ),
    (
        "fourth",
        Var::Fourth,
        "the winning tile was claimed to be the last unseen copy",
    ),
    ("flowers", Var::Flowers, "bonus tiles held"),
    (
        "unique_wait",
        Var::UniqueWait,
        "the hand before the win had exactly one winning tile",
    ),
    ("declared", Var::Declared, "melds declared during play"),
    (
        "exposed_melds",
        Var::ExposedMelds,
        "declared melds other than concealed kongs",
    ),
    (
        "concealed_pungs",
        Var::ConcealedPungs,
        "concealed pungs and kongs",
    ),
    ("suits", Var::Suits, "number suits present"),
    ("chows", Var::Chows, "chows in the reading"),
    ("pungs", Var::Pungs, "pungs and kongs in the reading"),
    ("kongs", Var::Kongs, "kongs"),
    ("concealed_kongs", Var::ConcealedKongs, "concealed kongs"),
    ("exposed_kongs", Var::ExposedKongs, "exposed and added kongs"),
    (
        "hogs",
        Var::Hogs,
        "tile kinds with every copy in the hand, not as a kong",
    ),
    (
        "concealed_hogs",
        Var::ConcealedHogs,
        "tile kinds with four copies among the concealed tiles",
    ),
    (
        "melded_hogs",
        Var::MeldedHogs,
        "declared pungs whose fourth copy is among the concealed tiles",
    ),
    ("knitted", Var::Knitted, "knitted number tiles in the reading"),
    (
        "win_in_hand",
        Var::WinInHand,
        "copies of the winning tile among the concealed tiles",
    ),
    (
        "win_in_melds",
        Var::WinInMelds,
        "copies of the winning tile in declared melds",
    ),
    ("seat", Var::Seat, "seat wind, 0–3 = E S W N"),
    ("round", Var::Round, "prevalent wind, 0–3 = E S W N"),
];

/// A compiled expression.
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    Num(i64),
    Var(Var),
    /// `var <op> constant`.
    VarCmp(BinOp, Var, i64),
    /// `unique_wait`, evaluated lazily because it is the one costly quantity.
    UniqueWait,
    Word(usize),
    /// A quantity of the scope the expression was compiled in, by its slot (settlement amounts:
    /// [`super::facts::Facts::slots`]).
    Slot(usize),
    Not(Box<Expr>),
    Bin(BinOp, Box<Expr>, Box<Expr>),
    All(Class),
    Any(Class),
    NoneOf(Class),
    TileCount(Class),
    Kinds(Class),
    PungsOf(Class),
    KongsOf(Class),
    ChowsOf(Class),
    PairOf(Class),
    EveryGroup(Class),
    Form(Form),
    Wait(u8),
    Shape(Shape),
    ConcealedShape(Vec<u8>),
    Group(Box<Group>),
}

impl Expr {
    /// Adds every [`Var`] this expression reads to `out` (once each), so the scorer computes only
    /// the quantities its ruleset uses.
    pub fn collect_vars(&self, out: &mut Vec<Var>) {
        let mut add = |v: Var| {
            if !out.contains(&v) {
                out.push(v);
            }
        };
        match self {
            Expr::Var(v) | Expr::VarCmp(_, v, _) => add(*v),
            Expr::Not(a) => a.collect_vars(out),
            Expr::Bin(_, a, b) => {
                a.collect_vars(out);
                b.collect_vars(out);
            }
            _ => {}
        }
    }
}

/// A compiled set-group pattern.
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    pub count: usize,
    pub kind: GroupKind,
    pub same_suit: bool,
    pub different_suits: bool,
    pub same_rank: bool,
    /// Required multiset of (starting) ranks, sorted.
    pub ranks: Option<Vec<u8>>,
    /// Allowed steps between consecutive sorted ranks.
    pub steps: Vec<u8>,
    pub tiles: Option<Class>,
}

/// A pattern over a whole reading's sets and pair with suit variables: `123a 123a 789a 789a 55a`
/// is pure terminal chows; `123a 789a 123b 789b 55c` three-suited terminal chows (distinct
/// letters are distinct suits).
#[derive(Clone, Debug, PartialEq)]
pub struct Shape {
    /// (kind, rank, suit variable) for each set; kind 0 = chow, 1 = pung, 2 = pair.
    pub(super) items: Vec<(u8, u8, u8)>,
    /// Every tile a standard reading of this shape can hold (suited tiles of the ranks it
    /// names): a hand with any other tile is rejected before suits are assigned.
    pub(super) allowed: u64,
}
