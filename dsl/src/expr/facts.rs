//! The facts of one reading: everything a condition may look at, computed once per reading by the
//! scorer, with each hand quantity ([`Var`]) and tile class ([`Class`]) worked out from them.

use super::bits;
use super::ir::{
    form_flag, wait_flags, Class, Var, ROUND_WIND_HELD, SEAT_WIND_HELD, SETS_AT_LEAST, VAR_COUNT,
};
use super::GroupKind;
use mj_core::{Reading, SetKind, TileSet};

/// Everything a condition may look at, computed once per reading by the scorer.
pub struct Facts<'a> {
    pub set: &'a TileSet,
    pub reading: &'a Reading,
    /// Mask of tile kinds present anywhere in the hand (melds included).
    pub present: u64,
    /// Physical count of every tile kind in the hand, kongs counting four.
    pub counts: &'a [u8],
    /// Counts of concealed tiles before the winning tile was added.
    pub before_win: &'a [u8],
    pub winning: usize,
    pub self_drawn: bool,
    pub last_tile: bool,
    pub kong: bool,
    pub fourth: bool,
    pub seat: u8,
    pub round: u8,
    pub flowers: i64,
    /// Number suits present in the hand.
    pub suits: i64,
    /// Tile ids of the seat and prevalent wind honours, if the tile set has them.
    pub seat_tile: Option<usize>,
    pub round_tile: Option<usize>,
    /// Whether the hand before the win had a single winning tile: computed on first use.
    pub unique_wait: &'a dyn Fn() -> bool,
    /// Waits this division admits (any placement of the winning tile), as `1 << Wait as u8`.
    pub waits: u8,
    pub concealed_pungs: i64,
    pub declared: usize,
    pub exposed_melds: usize,
    /// Copies of the winning tile among the concealed tiles (itself included) and in melds.
    pub win_in_hand: i64,
    pub win_in_melds: i64,
    /// Ruleset context words present, by index in the ruleset's list; values parsed as numbers.
    pub words: &'a [Option<i64>],
    /// The [`Facts::flags`] bits of the words the gates read (from [`super::FIRST_WORD_FLAG`]
    /// on): the hand's, the same on every reading, added to `flags` by [`Facts::settle_vars`].
    pub word_flags: u64,
    /// The values of a scope's own names by slot ([`super::Expr::Slot`]): a settlement's amounts. Empty
    /// for a reading.
    pub slots: &'a [i64],
    /// Every [`Var`], filled by [`Facts::settle_vars`] once per reading so conditions read them
    /// without recounting sets.
    pub vars: [i64; VAR_COUNT],
    /// Tiles of the reading's pungs and kongs, filled by [`Facts::settle_vars`]; `None` when two
    /// of them share a tile (a tile set with more than four copies), where only a count will do.
    pub pung_tiles: Option<u64>,
    /// Yes/no facts of the reading as bits, filled by [`Facts::settle_vars`] for the steps'
    /// [`Gate`]s: [`var_flag`] for every computed variable that is not 0, [`form_flag`] for the
    /// reading's form, [`wait_flags`] for the waits it admits.
    pub flags: u64,
    /// The reading's groups of each kind (by `GroupKind as usize`), on first use.
    pub(crate) groups: [std::cell::OnceCell<Groups>; 3],
}

impl Facts<'_> {
    /// The reading's groups of `kind` (see [`Groups`]).
    #[inline]
    pub(crate) fn groups(&self, kind: GroupKind) -> &Groups {
        self.groups[kind as usize].get_or_init(|| Groups::of(kind, self))
    }

    /// Computes every [`Var`] of this reading once.
    pub fn settle_vars(&mut self, used: &[Var]) {
        // The set counts come out of one walk over the sets, whichever of them are used.
        let mut per_kind = [0i64; 4];
        let mut pung_tiles = Some(0u64);
        for s in self.reading.sets.iter() {
            if s.kind != SetKind::Chow {
                let bit = 1u64 << s.tile.id();
                pung_tiles = pung_tiles.filter(|m| m & bit == 0).map(|m| m | bit);
            }
            let k = match (s.kind, s.concealed) {
                (SetKind::Chow, _) => 0,
                (SetKind::Pung, _) => 1,
                (SetKind::Kong, true) => 2,
                (SetKind::Kong, false) => 3,
            };
            per_kind[k] += 1;
        }
        let [chows, pungs, concealed_kongs, exposed_kongs] = per_kind;
        let kongs = concealed_kongs + exposed_kongs;
        let mut v = [0i64; VAR_COUNT];
        let mut flags = form_flag(self.reading.form) | wait_flags(self.waits);
        for (kind, n, bit) in SETS_AT_LEAST {
            let sets = if kind == GroupKind::Chows {
                chows
            } else {
                pungs + kongs
            };
            flags |= if sets >= n { bit } else { 0 };
        }
        let held = |t: Option<usize>| t.is_some_and(|t| self.present >> t & 1 != 0);
        if held(self.seat_tile) {
            flags |= SEAT_WIND_HELD;
        }
        if held(self.round_tile) {
            flags |= ROUND_WIND_HELD;
        }
        // The cheap quantities are all filled in, one straight line each (a `match` on the
        // variable per entry cost a mispredicted jump each); the costly ones only when used.
        let used = used.iter().fold(0u32, |m, &v| m | 1 << (v as u8));
        let mut set = |var: Var, x: i64| v[var as usize] = x;
        set(Var::SelfDrawn, eval_var(Var::SelfDrawn, self));
        set(Var::Discard, eval_var(Var::Discard, self));
        set(Var::LastTile, eval_var(Var::LastTile, self));
        set(Var::Kong, eval_var(Var::Kong, self));
        set(Var::Fourth, eval_var(Var::Fourth, self));
        set(Var::Flowers, eval_var(Var::Flowers, self));
        set(Var::Declared, eval_var(Var::Declared, self));
        set(Var::ExposedMelds, eval_var(Var::ExposedMelds, self));
        set(Var::ConcealedPungs, eval_var(Var::ConcealedPungs, self));
        set(Var::Suits, eval_var(Var::Suits, self));
        set(Var::Chows, chows);
        set(Var::Pungs, pungs + kongs);
        set(Var::Kongs, kongs);
        set(Var::ConcealedKongs, concealed_kongs);
        set(Var::ExposedKongs, exposed_kongs);
        set(Var::Knitted, eval_var(Var::Knitted, self));
        set(Var::WinInHand, eval_var(Var::WinInHand, self));
        set(Var::WinInMelds, eval_var(Var::WinInMelds, self));
        set(Var::Seat, eval_var(Var::Seat, self));
        set(Var::Round, eval_var(Var::Round, self));
        if used >> (Var::Hogs as u8) & 1 != 0 {
            let full = bits(self.present).filter(|&t| self.counts[t] >= 4).count() as i64;
            set(Var::Hogs, (full - kongs).max(0));
        }
        for costly in [Var::ConcealedHogs, Var::MeldedHogs] {
            if used >> (costly as u8) & 1 != 0 {
                set(costly, eval_var(costly, self));
            }
        }
        for (i, &x) in v.iter().enumerate() {
            flags |= u64::from(x != 0) << i;
        }
        self.vars = v;
        self.flags = flags | self.word_flags;
        self.pung_tiles = pung_tiles;
    }

    /// Pungs and kongs of the reading on tiles of the class `mask`.
    #[inline]
    pub(super) fn pungs_of(&self, mask: u64) -> i64 {
        match self.pung_tiles {
            Some(m) => (m & mask).count_ones() as i64,
            None => self
                .reading
                .sets
                .iter()
                .filter(|s| s.kind != SetKind::Chow && mask >> s.tile.id() & 1 != 0)
                .count() as i64,
        }
    }
}

impl Class {
    #[inline]
    pub fn eval(&self, f: &Facts) -> u64 {
        match self {
            Class::Mask(m) => *m,
            Class::SeatWind => f.seat_tile.map_or(0, |t| 1 << t),
            Class::RoundWind => f.round_tile.map_or(0, |t| 1 << t),
            Class::Winning => 1 << f.winning,
            Class::Union(a, b) => a.eval(f) | b.eval(f),
            Class::Inter(a, b) => a.eval(f) & b.eval(f),
        }
    }
}

fn eval_var(v: Var, f: &Facts) -> i64 {
    let r = f.reading;
    match v {
        Var::SelfDrawn => f.self_drawn as i64,
        Var::Discard => (!f.self_drawn) as i64,
        Var::LastTile => f.last_tile as i64,
        Var::Kong => f.kong as i64,
        Var::Fourth => f.fourth as i64,
        Var::Flowers => f.flowers,
        // Worked out on demand (see `Expr::UniqueWait`), never in the per-reading table.
        Var::UniqueWait => 0,
        Var::Declared => f.declared as i64,
        Var::ExposedMelds => f.exposed_melds as i64,
        Var::ConcealedPungs => f.concealed_pungs,
        Var::Suits => f.suits,
        Var::Chows => r.sets.iter().filter(|s| s.kind == SetKind::Chow).count() as i64,
        Var::Pungs => r.sets.iter().filter(|s| s.kind != SetKind::Chow).count() as i64,
        Var::Kongs => r.sets.iter().filter(|s| s.kind == SetKind::Kong).count() as i64,
        Var::ConcealedKongs => r
            .sets
            .iter()
            .filter(|s| s.kind == SetKind::Kong && s.concealed)
            .count() as i64,
        Var::ExposedKongs => r
            .sets
            .iter()
            .filter(|s| s.kind == SetKind::Kong && !s.concealed)
            .count() as i64,
        Var::Hogs => {
            let kongs = r.sets.iter().filter(|s| s.kind == SetKind::Kong).count() as i64;
            let full = bits(f.present).filter(|&t| f.counts[t] >= 4).count() as i64;
            (full - kongs).max(0)
        }
        Var::ConcealedHogs => {
            let concealed = |t: usize| f.before_win[t] as usize + usize::from(t == f.winning);
            (0..f.set.playing_kinds()).filter(|&t| concealed(t) >= 4).count() as i64
        }
        Var::MeldedHogs => r
            .sets
            .iter()
            .filter(|s| s.kind == SetKind::Pung && s.meld.is_some())
            .filter(|s| f.before_win[s.tile.id()] as usize + usize::from(s.tile.id() == f.winning) >= 1)
            .count() as i64,
        Var::Knitted => r.knitted.len() as i64,
        Var::WinInHand => f.win_in_hand,
        Var::WinInMelds => f.win_in_melds,
        Var::Seat => f.seat as i64,
        Var::Round => f.round as i64,
    }
}

/// What a reading of no hand holds: settlement formulas are evaluated on it, with their amounts
/// in [`Facts::slots`] (loading refuses hand names in formulas, so nothing else is read).
static NO_READING: Reading = Reading {
    form: mj_core::Form::Standard,
    sets: mj_core::reading::Sets::new(),
    pair: None,
    pairs: mj_core::reading::Tiles::new(),
    knitted: mj_core::reading::Tiles::new(),
    honours: mj_core::reading::Tiles::new(),
    win: mj_core::WinPlace::Pair,
    wait: mj_core::Wait::Single,
};

fn never() -> bool {
    false
}

impl<'a> Facts<'a> {
    /// The facts of amounts alone: no hand, every hand quantity 0, `slots` the scope's values.
    pub fn amounts(set: &'a TileSet, slots: &'a [i64]) -> Facts<'a> {
        Facts {
            set,
            reading: &NO_READING,
            present: 0,
            counts: &[],
            before_win: &[],
            winning: 0,
            self_drawn: false,
            last_tile: false,
            kong: false,
            fourth: false,
            seat: 0,
            round: 0,
            flowers: 0,
            suits: 0,
            seat_tile: None,
            round_tile: None,
            unique_wait: &never,
            waits: 0,
            concealed_pungs: 0,
            declared: 0,
            exposed_melds: 0,
            win_in_hand: 0,
            win_in_melds: 0,
            words: &[],
            word_flags: 0,
            slots,
            vars: [0; VAR_COUNT],
            pung_tiles: None,
            flags: 0,
            groups: Default::default(),
        }
    }
}

/// A reading's groups of one kind as combination fans see them: the first tiles of its sets (or
/// its pairs) of that kind, sorted, each with its suit and rank. Worked out once per reading, on
/// first use ([`Facts::groups`]): a hand's conditions ask for them several times (each riichi yaku
/// over chows, the "once" accounting and the account of a score), and sorting and looking up the
/// tiles was most of what counting the groups of one pattern cost.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Groups {
    pub tiles: [usize; 8],
    pub n: usize,
    pub sr: [(u8, u8, bool); 8],
}

impl Groups {
    fn of(kind: GroupKind, f: &Facts) -> Groups {
        let (tiles, n) = group_tiles(kind, f.reading);
        let mut sr = [(0u8, 0u8, false); 8];
        for (x, &t) in sr.iter_mut().zip(&tiles[..n]) {
            *x = suit_rank(f.set, t);
        }
        Groups { tiles, n, sr }
    }
}

/// The first tiles of a reading's sets of one group kind, sorted: the order combination fans are
/// tried in. A hand has at most seven pairs or six sets, so this lives on the stack.
fn group_tiles(kind: GroupKind, r: &Reading) -> ([usize; 8], usize) {
    let mut t = [0usize; 8];
    let mut n = 0;
    let mut push = |id: usize| {
        if n < 8 {
            t[n] = id;
            n += 1;
        }
    };
    match kind {
        GroupKind::Chows => r
            .sets
            .iter()
            .filter(|s| s.kind == SetKind::Chow)
            .for_each(|s| push(s.tile.id())),
        GroupKind::Pungs => r
            .sets
            .iter()
            .filter(|s| s.kind != SetKind::Chow)
            .for_each(|s| push(s.tile.id())),
        GroupKind::Pairs => r.pairs.iter().for_each(|p| push(p.id())),
    }
    t[..n].sort_unstable();
    (t, n)
}

/// A tile's (suit, rank, is suited); (0, 0, false) for honours and ids past the set.
#[inline]
pub fn suit_rank(set: &TileSet, t: usize) -> (u8, u8, bool) {
    match set.tile(t).and_then(|t| set.suit_rank(t)) {
        Some((s, r)) => (s & 31, r, true),
        None => (0, 0, false),
    }
}
