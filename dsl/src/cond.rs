//! Compiling expression ASTs into native matchers, and evaluating them against the [`Facts`] of
//! one reading. Tile classes become bit masks over tile ids, so `all(honours)` is one AND.

use crate::lang::{Ast, BinOp, Constraint, GroupAst, GroupKind, Span};
pub(crate) use mj_core::tile::ids as bits;
use mj_core::{Form, Reading, SetKind, TileSet};

/// A compile error inside an expression: the span is relative to the expression text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompileError {
    pub span: Span,
    pub message: String,
}

fn err<T>(span: Span, message: impl Into<String>) -> Result<T, CompileError> {
    Err(CompileError {
        span,
        message: message.into(),
    })
}

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
}

/// Number of [`Var`] variants.
pub const VAR_COUNT: usize = 24;

impl Facts<'_> {
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
        self.flags = flags;
        self.pung_tiles = pung_tiles;
    }

    /// Whether the reading passes a fan's gate (see [`GateTest::admits`]).
    #[inline]
    pub fn admits(&self, gate: &GateTest) -> bool {
        gate.admits(self.flags, self.present, &self.vars)
    }

    /// Pungs and kongs of the reading on tiles of the class `mask`.
    #[inline]
    fn pungs_of(&self, mask: u64) -> i64 {
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

/// For a class made of the seat and prevalent winds: the flags of which one is set whenever a
/// tile of the class is in the hand.
fn held_flags(c: &Class) -> Option<u64> {
    match c {
        Class::SeatWind => Some(SEAT_WIND_HELD),
        Class::RoundWind => Some(ROUND_WIND_HELD),
        Class::Union(a, b) => Some(held_flags(a)? | held_flags(b)?),
        _ => None,
    }
}

/// A necessary condition of a compiled expression being non-zero, checked with a few ANDs before
/// the expression itself is evaluated: most fans of a table fail on most readings for a reason a
/// bit mask or a variable's range sees (a tile outside the class of `all(...)`, no kong for
/// `kongs == 4`, the wrong form). Derived at load from the expression alone ([`Expr::gate`]), so it
/// holds for any ruleset. When `exact`, the gate is also sufficient and the expression is then 1:
/// the scorer need not evaluate it at all (`discard and exposed_melds == 0`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Gate {
    /// [`Facts::flags`] bits that must all be set.
    pub all: u64,
    /// [`Facts::flags`] bits that must all be clear.
    pub clear: u64,
    /// [`Facts::flags`] bits of which at least one must be set (0: no such requirement).
    pub any: u64,
    /// Tile kinds of which none may be present.
    pub forbid: u64,
    /// Tile kinds of which at least one must be present (0: no such requirement).
    pub need: u64,
    /// Variables that must lie in a range (`concealed_pungs == 3`), the first `ranges` of them.
    pub range: [VarRange; MAX_RANGES],
    pub ranges: u8,
    /// The gate admits exactly the readings on which the expression is non-zero, and the
    /// expression is then 1.
    pub exact: bool,
}

/// Most variable ranges a gate checks.
pub const MAX_RANGES: usize = 3;

/// `lo <= vars[var] <= hi`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VarRange {
    pub var: Var,
    pub lo: i64,
    pub hi: i64,
}

impl Default for VarRange {
    fn default() -> VarRange {
        VarRange {
            var: Var::SelfDrawn,
            lo: i64::MIN,
            hi: i64::MAX,
        }
    }
}

impl Gate {
    /// Every flag bit the gate reads (to make sure the scorer computes the variables behind them).
    pub fn flag_bits(&self) -> u64 {
        self.all | self.clear | self.any
    }

    /// The gate of a conjunction: both must hold. Exact if both are and nothing had to be left out.
    pub fn both(a: Gate, b: Gate) -> Gate {
        // Of two "at least one of" masks only one can be kept: the narrower one rejects more.
        let pick = |x: u64, y: u64| match (x, y) {
            (0, y) => y,
            (x, 0) => x,
            (x, y) if y.count_ones() < x.count_ones() => y,
            (x, _) => x,
        };
        let lossless = |x: u64, y: u64| x == 0 || y == 0 || x == y;
        let mut g = Gate {
            all: a.all | b.all,
            clear: a.clear | b.clear,
            any: pick(a.any, b.any),
            forbid: a.forbid | b.forbid,
            need: pick(a.need, b.need),
            range: a.range,
            ranges: a.ranges,
            exact: a.exact && b.exact && lossless(a.any, b.any) && lossless(a.need, b.need),
        };
        for r in &b.range[..b.ranges as usize] {
            if !g.push_range(*r) {
                g.exact = false;
            }
        }
        g
    }

    /// The gate of a disjunction: one of them must hold. Exact only for a choice of flags
    /// (`wait(edge) or wait(two_sided)`).
    pub fn either(a: Gate, b: Gate) -> Gate {
        if let (Some(x), Some(y)) = (a.only_flags(), b.only_flags()) {
            return Gate {
                any: x | y,
                exact: true,
                ..Gate::default()
            };
        }
        // Each side implies "one of its flags is set" (its `any`, else one of its `all`, a rare
        // yes/no fact if it has one), so the disjunction implies one of their union; likewise
        // for the tiles it needs.
        let some = |g: &Gate| {
            let yes_no = g.all & YES_NO_FLAGS;
            if g.any != 0 {
                g.any
            } else if yes_no != 0 {
                yes_no & yes_no.wrapping_neg()
            } else {
                g.all
            }
        };
        let (sa, sb) = (some(&a), some(&b));
        Gate {
            all: a.all & b.all,
            clear: a.clear & b.clear,
            any: if sa != 0 && sb != 0 { sa | sb } else { 0 },
            forbid: a.forbid & b.forbid,
            need: if a.need != 0 && b.need != 0 {
                a.need | b.need
            } else {
                0
            },
            ..Gate::default()
        }
    }

    /// For an exact gate that says only "one of these flags is set": the flags.
    fn only_flags(&self) -> Option<u64> {
        let plain = self.exact && self.clear == 0 && self.forbid == 0 && self.need == 0 && self.ranges == 0;
        match (self.all, self.any) {
            (all, 0) if plain && all.count_ones() == 1 => Some(all),
            (0, any) if plain && any != 0 => Some(any),
            _ => None,
        }
    }

    /// Whether every reading this gate admits also passes `c`.
    pub fn implies(&self, c: &Gate) -> bool {
        let within = |x: u64, y: u64| x & !y == 0;
        within(c.all, self.all)
            && within(c.clear, self.clear)
            && within(c.forbid, self.forbid)
            && (c.any == 0 || c.any & self.all != 0 || (self.any != 0 && within(self.any, c.any)))
            && (c.need == 0 || (self.need != 0 && within(self.need, c.need)))
            && c.range[..c.ranges as usize].iter().all(|r| {
                self.range[..self.ranges as usize]
                    .iter()
                    .any(|s| s.var == r.var && s.lo >= r.lo && s.hi <= r.hi)
            })
    }

    /// Adds a range to check; `false` when the gate holds no more.
    fn push_range(&mut self, r: VarRange) -> bool {
        match self.range.get_mut(self.ranges as usize) {
            Some(slot) => {
                *slot = r;
                self.ranges += 1;
                true
            }
            None => false,
        }
    }

    /// This gate, marked exact.
    fn exact(self) -> Gate {
        Gate { exact: true, ..self }
    }
}

/// The variables that are yes/no facts, 0 or 1.
const YES_NO: [Var; 5] = [
    Var::SelfDrawn,
    Var::Discard,
    Var::LastTile,
    Var::Kong,
    Var::Fourth,
];

/// Their [`var_flag`]s.
const YES_NO_FLAGS: u64 = {
    let mut m = 0;
    let mut i = 0;
    while i < YES_NO.len() {
        m |= 1 << (YES_NO[i] as u8);
        i += 1;
    }
    m
};

impl Var {
    /// Whether the variable is a yes/no fact, 0 or 1.
    fn is_yes_no(self) -> bool {
        YES_NO.contains(&self)
    }
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

impl Expr {
    /// What is left to evaluate of this condition on a reading `gate` (a gate of the condition)
    /// has admitted: the conjuncts of a top-level `and` that the gate decides on its own are
    /// dropped (`wait(single) and unique_wait` leaves `unique_wait`), so fewer nodes run per
    /// reading. The value is the same on every reading the gate admits.
    pub fn residual(&self, gate: &Gate) -> Expr {
        fn conjuncts<'a>(e: &'a Expr, out: &mut Vec<&'a Expr>) {
            match e {
                Expr::Bin(BinOp::And, a, b) => {
                    conjuncts(a, out);
                    conjuncts(b, out);
                }
                other => out.push(other),
            }
        }
        let mut all = Vec::new();
        conjuncts(self, &mut all);
        if all.len() < 2 {
            return self.clone();
        }
        let keep: Vec<&Expr> = all
            .into_iter()
            .filter(|c| {
                let g = c.gate();
                !(g.exact && gate.implies(&g))
            })
            .collect();
        let mut rest = keep.into_iter().cloned();
        match (rest.next(), rest.next()) {
            (None, _) => Expr::Num(1),
            // `and` gives 0 or 1: so must a lone conjunct (`hogs` counts).
            (Some(one), None) => Expr::Bin(BinOp::Ne, Box::new(one), Box::new(Expr::Num(0))),
            (Some(a), Some(b)) => rest.fold(Expr::Bin(BinOp::And, Box::new(a), Box::new(b)), |acc, c| {
                Expr::Bin(BinOp::And, Box::new(acc), Box::new(c))
            }),
        }
    }
}

/// The values of `x <op> n` as a range of x, for the comparisons that have one.
fn range_of(op: BinOp, n: i64) -> Option<(i64, i64)> {
    Some(match op {
        BinOp::Eq => (n, n),
        BinOp::Ge => (n, i64::MAX),
        BinOp::Gt => (n.checked_add(1)?, i64::MAX),
        BinOp::Le => (i64::MIN, n),
        BinOp::Lt => (i64::MIN, n.checked_sub(1)?),
        _ => return None,
    })
}

impl Expr {
    /// A necessary condition of this expression being non-zero (see [`Gate`]). Only what
    /// certainly follows is recorded; anything else gives the gate that admits every reading.
    pub fn gate(&self) -> Gate {
        let flag = |f: u64| Gate {
            all: f,
            ..Gate::default()
        };
        let need_tiles = |m: u64| Gate {
            need: m,
            ..Gate::default()
        };
        let mask = |c: &Class| match c {
            Class::Mask(m) => *m,
            _ => 0,
        };
        // A tile of the class must be in the hand: by mask, or by the wind flags.
        let need = |c: &Class| match held_flags(c) {
            Some(any) => Gate {
                any,
                ..Gate::default()
            },
            None => need_tiles(mask(c)),
        };
        match self {
            Expr::Var(v) if v.is_yes_no() => flag(var_flag(*v)).exact(),
            Expr::Var(v) => flag(var_flag(*v)),
            Expr::VarCmp(op, v, n) => {
                let mut g = match (op, *n) {
                    (BinOp::Eq, 0) => Gate {
                        clear: var_flag(*v),
                        ..Gate::default()
                    },
                    (BinOp::Eq, _) | (BinOp::Ne, 0) | (BinOp::Gt, 0..) | (BinOp::Ge, 1..) => {
                        flag(var_flag(*v))
                    }
                    _ => Gate::default(),
                };
                match range_of(*op, *n) {
                    Some((lo, hi)) if *v != Var::UniqueWait && g.push_range(VarRange { var: *v, lo, hi }) => {
                        g.exact()
                    }
                    _ if matches!((op, *n), (BinOp::Ne, 0)) => g.exact(),
                    _ => g,
                }
            }
            Expr::Not(a) => match **a {
                Expr::Var(v) => Gate {
                    clear: var_flag(v),
                    ..Gate::default()
                }
                .exact(),
                _ => Gate::default(),
            },
            Expr::Bin(op, a, b) => match (op, &**b) {
                (BinOp::And, _) => Gate::both(a.gate(), b.gate()),
                (BinOp::Mul | BinOp::Div, _) => Gate {
                    exact: false,
                    ..Gate::both(a.gate(), b.gate())
                },
                (BinOp::Or | BinOp::Add | BinOp::Sub, _) => Gate::either(a.gate(), b.gate()),
                (BinOp::Eq, Expr::Num(n)) if *n != 0 => Gate {
                    exact: false,
                    ..a.gate()
                },
                (BinOp::Ne, Expr::Num(0)) | (BinOp::Gt, Expr::Num(0..)) | (BinOp::Ge, Expr::Num(1..)) => {
                    Gate {
                        exact: false,
                        ..a.gate()
                    }
                }
                _ => Gate::default(),
            },
            Expr::All(Class::Mask(m)) => Gate {
                forbid: !m,
                ..Gate::default()
            }
            .exact(),
            Expr::NoneOf(Class::Mask(m)) => Gate {
                forbid: *m,
                ..Gate::default()
            }
            .exact(),
            Expr::Any(Class::Mask(m)) if *m != 0 => need(&Class::Mask(*m)).exact(),
            Expr::Any(c) | Expr::TileCount(c) | Expr::Kinds(c) | Expr::PairOf(c) => need(c),
            Expr::PungsOf(c) => Gate::both(flag(var_flag(Var::Pungs)), need(c)),
            Expr::KongsOf(c) => Gate::both(flag(var_flag(Var::Kongs)), need(c)),
            Expr::ChowsOf(c) => {
                // A chow meets the class with one of its three tiles, all of them present.
                let m = mask(c);
                Gate::both(flag(var_flag(Var::Chows)), need_tiles(m | m >> 1 | m >> 2))
            }
            Expr::EveryGroup(c) => Gate::both(flag(form_flag(Form::Standard)), need(c)),
            Expr::Form(f) => flag(form_flag(*f)).exact(),
            Expr::Wait(bit) if bit.count_ones() == 1 => flag(wait_flags(*bit)).exact(),
            Expr::Wait(bit) => Gate {
                any: wait_flags(*bit),
                ..Gate::default()
            },
            Expr::ConcealedShape(_) => Gate {
                clear: var_flag(Var::Declared),
                ..Gate::default()
            },
            Expr::Group(g) => g.gate(),
            Expr::Num(_) | Expr::UniqueWait | Expr::Word(_) | Expr::All(_) | Expr::NoneOf(_) => {
                Gate::default()
            }
            Expr::Shape(s) => s.gate(),
        }
    }
}

/// A [`Gate`] together with the forms a fan applies to, in the shape checked for every fan on
/// every reading: three masks, two "at least one" masks that are all-ones when unused (a reading
/// always has a form flag and a tile) and ranges that admit everything when unused, so the test
/// has no special cases and no branches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GateTest {
    care: u64,
    expect: u64,
    forbid: u64,
    any: u64,
    need: u64,
    /// (variable index, lo, hi - lo) per range, the first `ranges` of them; `x - lo <= hi - lo` in
    /// unsigned arithmetic is `lo <= x <= hi`.
    range: [(u8, u64, u64); MAX_RANGES],
    ranges: u8,
    /// Whether admitting a reading settles the fan's condition: true, with value 1.
    pub exact: bool,
}

impl GateTest {
    /// The test of `gate` for a fan applying to `forms` (a bit per [`Form`]): a reading has
    /// exactly one form flag, so "its form is one of these" is "no other form's flag is set".
    pub fn new(gate: Gate, forms: u8) -> GateTest {
        let other_forms = u64::from(!forms & 0x1f) << 24;
        let clear = gate.clear | other_forms;
        let mut range = [(0u8, 0u64, u64::MAX); MAX_RANGES];
        for (slot, r) in range.iter_mut().zip(&gate.range[..gate.ranges as usize]) {
            *slot = (r.var as u8, r.lo as u64, (r.hi as u64).wrapping_sub(r.lo as u64));
        }
        GateTest {
            care: gate.all | clear,
            expect: gate.all,
            forbid: gate.forbid,
            any: if gate.any == 0 { !0 } else { gate.any },
            need: if gate.need == 0 { !0 } else { gate.need },
            range,
            ranges: gate.ranges,
            exact: gate.exact,
        }
    }

    /// Whether a reading with these [`Facts::flags`], tiles present and variables may satisfy
    /// the fan.
    #[inline]
    pub fn admits(&self, flags: u64, present: u64, vars: &[i64; VAR_COUNT]) -> bool {
        self.admits_masks(flags, present) && self.admits_ranges(vars)
    }

    /// The mask part of [`GateTest::admits`], computed without branching: which fans pass varies
    /// from reading to reading, and a mispredicted branch costs more than the operations saved.
    #[inline]
    pub fn admits_masks(&self, flags: u64, present: u64) -> bool {
        let masks = (((flags ^ self.expect) & self.care) | (present & self.forbid)) == 0;
        masks & (flags & self.any != 0) & (present & self.need != 0)
    }

    /// `[care, expect, forbid, any, need]`, from which [`GateMasks`] tests many gates at once.
    pub fn masks(&self) -> [u64; 5] {
        [self.care, self.expect, self.forbid, self.any, self.need]
    }

    /// The range part of [`GateTest::admits`]: checked only for the few fans whose masks pass.
    #[inline]
    pub fn admits_ranges(&self, vars: &[i64; VAR_COUNT]) -> bool {
        self.range[..(self.ranges as usize).min(MAX_RANGES)]
            .iter()
            .all(|&(v, lo, width)| {
                (vars.get(v as usize).copied().unwrap_or(0) as u64).wrapping_sub(lo) <= width
            })
    }
}

/// The mask parts of a list of gates turned inside out: per flag bit and per tile, the gates it
/// fails (or, for "at least one of" masks, satisfies), 64 gates to a chunk. Testing every gate
/// against a reading then costs a step per flag set and per tile held, about thirty, instead of
/// a dozen operations per gate, and gives the same answer as [`GateTest::admits_masks`] on each.
#[derive(Clone, Debug, Default)]
pub struct GateMasks {
    chunks: Vec<GateChunk>,
}

/// Up to 64 gates; bit `k` of every mask is gate `k` of the chunk.
#[derive(Clone, Debug)]
struct GateChunk {
    /// Per flag bit: the gates that fail when it is set (they need it clear).
    fail_if_set: [u64; 64],
    /// Per flag bit: the gates that fail when it is clear (they need it set).
    fail_if_clear: [u64; 64],
    /// Per flag bit: the gates with an "any of these flags" mask that it satisfies.
    any_of: [u64; 64],
    /// Per tile: the gates that fail when it is held.
    forbidden: [u64; 64],
    /// Per tile: the gates with a "one of these tiles" mask that it satisfies.
    need_of: [u64; 64],
    /// Flag bits worth a look when set, when clear, and tiles worth a look when held.
    set_bits: u64,
    clear_bits: u64,
    tile_bits: u64,
    /// Gates without an "any" mask, and without a "need" mask: those parts pass for them.
    no_any: u64,
    no_need: u64,
    /// The gates there are.
    all: u64,
}

impl Default for GateChunk {
    fn default() -> Self {
        GateChunk {
            fail_if_set: [0; 64],
            fail_if_clear: [0; 64],
            any_of: [0; 64],
            forbidden: [0; 64],
            need_of: [0; 64],
            set_bits: 0,
            clear_bits: 0,
            tile_bits: 0,
            no_any: 0,
            no_need: 0,
            all: 0,
        }
    }
}

impl GateMasks {
    pub fn new<'a>(gates: impl IntoIterator<Item = &'a GateTest>) -> GateMasks {
        let mut m = GateMasks::default();
        for (i, g) in gates.into_iter().enumerate() {
            if i % 64 == 0 {
                m.chunks.push(GateChunk::default());
            }
            let Some(ch) = m.chunks.last_mut() else { break };
            let k = 1u64 << (i % 64);
            let [care, expect, forbid, any, need] = g.masks();
            ch.all |= k;
            // Files gate `k` under every bit of `mask` in `table`, and notes those bits as worth
            // a look.
            let mark = |table: &mut [u64; 64], look: &mut u64, mask: u64| {
                for b in bits(mask) {
                    table[b] |= k;
                    *look |= 1 << b;
                }
            };
            mark(&mut ch.fail_if_set, &mut ch.set_bits, care & !expect);
            mark(&mut ch.fail_if_clear, &mut ch.clear_bits, care & expect);
            mark(&mut ch.forbidden, &mut ch.tile_bits, forbid);
            // All ones is "no such mask" (GateTest::new): a reading always has a flag (its form)
            // and a tile, so the test passes.
            if any == !0 {
                ch.no_any |= k;
            } else {
                mark(&mut ch.any_of, &mut ch.set_bits, any);
            }
            if need == !0 {
                ch.no_need |= k;
            } else {
                mark(&mut ch.need_of, &mut ch.tile_bits, need);
            }
        }
        m
    }

    /// Bit `k` set when gate `64 * chunk + k` admits a reading with these flags and tiles, as
    /// far as masks tell ([`GateTest::admits_masks`]).
    #[inline]
    pub fn admitted(&self, chunk: usize, flags: u64, present: u64) -> u64 {
        let Some(ch) = self.chunks.get(chunk) else {
            return 0;
        };
        let (mut fail, mut any, mut need) = (0u64, ch.no_any, ch.no_need);
        for b in bits(flags & ch.set_bits) {
            fail |= ch.fail_if_set[b];
            any |= ch.any_of[b];
        }
        for b in bits(!flags & ch.clear_bits) {
            fail |= ch.fail_if_clear[b];
        }
        for t in bits(present & ch.tile_bits) {
            fail |= ch.forbidden[t];
            need |= ch.need_of[t];
        }
        ch.all & !fail & any & need
    }
}

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

const VARS: &[(&str, Var, &str)] = &[
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

/// Where an expression is compiled: fan conditions see hands, settlement formulas see amounts.
pub trait Scope {
    fn set(&self) -> &TileSet;
    /// Names of ruleset context words.
    fn words(&self) -> &[String];
    /// Resolves a name that is not a hand quantity (settlement variables).
    fn extra_var(&self, _name: &str) -> Option<usize> {
        None
    }
    /// The names `extra_var` knows, offered first in "did you mean" hints.
    fn extra_names(&self) -> Vec<&str> {
        Vec::new()
    }
}

/// Compiles a value expression (condition or formula).
pub fn compile(ast: &Ast, scope: &dyn Scope) -> Result<Expr, CompileError> {
    match ast {
        Ast::Num(n, _) => Ok(Expr::Num(*n)),
        Ast::Str(_, s) => err(s.clone(), "a quoted pattern is only allowed inside shape(...)"),
        Ast::Tiles(_, s) => err(
            s.clone(),
            "a tile list is a class: use it inside all(...), pungs(...) and the like",
        ),
        Ast::Ident(name, s) => {
            if let Some((_, v, _)) = VARS.iter().find(|(n, _, _)| n == name) {
                if *v == Var::UniqueWait {
                    return Ok(Expr::UniqueWait);
                }
                return Ok(Expr::Var(*v));
            }
            if let Some(i) = scope.extra_var(name) {
                return Ok(Expr::Word(1000 + i));
            }
            if let Some(i) = scope.words().iter().position(|w| w == name) {
                return Ok(Expr::Word(i));
            }
            // A scope with names of its own (settlement formulas) offers only those.
            let mut known: Vec<&str> = scope.extra_names();
            if known.is_empty() {
                known = VARS.iter().map(|(n, _, _)| *n).collect();
                known.extend(scope.words().iter().map(|s| s.as_str()));
            }
            err(
                s.clone(),
                format!("unknown name `{name}`{}", suggest(name, &known)),
            )
        }
        Ast::Not(a, _) => Ok(Expr::Not(Box::new(compile(a, scope)?))),
        Ast::Bin(op @ (BinOp::Union | BinOp::Inter), _, _, s) => err(
            s.clone(),
            format!(
                "`{}` combines tile classes; use it inside all(...), pungs(...) and the like",
                if *op == BinOp::Union { "|" } else { "&" }
            ),
        ),
        Ast::Bin(op, a, b, _) => {
            let (a, b) = (compile(a, scope)?, compile(b, scope)?);
            // The commonest condition shape, `name == 4`, gets a node of its own.
            Ok(match (a, b) {
                (Expr::Var(v), Expr::Num(n)) if is_comparison(*op) => Expr::VarCmp(*op, v, n),
                (a, b) => Expr::Bin(*op, Box::new(a), Box::new(b)),
            })
        }
        Ast::Call(name, args, s) => compile_call(name, args, s.clone(), scope),
    }
}

const FUNCS: &[(&str, &str)] = &[
    ("all", "every tile of the hand is in the class"),
    ("any", "some tile of the hand is in the class"),
    ("none", "no tile of the hand is in the class"),
    ("tiles", "number of tiles in the class (kongs count four)"),
    ("kinds", "distinct tile kinds of the class present"),
    ("pungs", "pungs and kongs of tiles in the class"),
    ("kongs", "kongs of tiles in the class"),
    ("chows", "chows containing a tile of the class"),
    ("pair", "1 if the pair is in the class"),
    (
        "every_group",
        "every set and the pair contain a tile of the class",
    ),
    (
        "form",
        "the reading's form: standard, seven_pairs, thirteen_orphans, honours_knitted, knitted_straight",
    ),
    (
        "wait",
        "the winning tile can be read as this wait: edge, closed, single, two_sided, pung",
    ),
    (
        "shape",
        "the sets and pair match a pattern like '123a 123a 789a 789a 55a'",
    ),
    (
        "concealed_shape",
        "the concealed tiles before the win are exactly these ranks of one suit",
    ),
    ("group", "number of times a set-group pattern occurs"),
];

fn one_arg<'a>(name: &str, args: &'a [Ast], s: &Span) -> Result<&'a Ast, CompileError> {
    match args {
        [a] => Ok(a),
        _ => err(
            s.clone(),
            format!("{name}(...) takes one argument, found {}", args.len()),
        ),
    }
}

fn compile_call(name: &str, args: &[Ast], s: Span, scope: &dyn Scope) -> Result<Expr, CompileError> {
    let class = |args: &[Ast]| -> Result<Class, CompileError> {
        compile_class(one_arg(name, args, &s)?, scope.set())
    };
    Ok(match name {
        "all" => Expr::All(class(args)?),
        "any" => Expr::Any(class(args)?),
        "none" => Expr::NoneOf(class(args)?),
        "tiles" => Expr::TileCount(class(args)?),
        "kinds" => Expr::Kinds(class(args)?),
        "pungs" => Expr::PungsOf(class(args)?),
        "kongs" => Expr::KongsOf(class(args)?),
        "chows" => Expr::ChowsOf(class(args)?),
        "pair" => Expr::PairOf(class(args)?),
        "every_group" => Expr::EveryGroup(class(args)?),
        "form" => {
            let a = one_arg(name, args, &s)?;
            match a {
                Ast::Ident(f, fs) => Expr::Form(form_by_name(f).ok_or_else(|| CompileError {
                    span: fs.clone(),
                    message: format!("unknown form `{f}`{}", suggest(f, &FORM_NAMES)),
                })?),
                other => {
                    return err(
                        other.span(),
                        "form(...) takes a form name, e.g. form(seven_pairs)",
                    )
                }
            }
        }
        "wait" => {
            let a = one_arg(name, args, &s)?;
            match a {
                Ast::Ident(w, ws) => Expr::Wait(wait_bit(w).ok_or_else(|| CompileError {
                    span: ws.clone(),
                    message: format!(
                        "unknown wait `{w}`{}",
                        suggest(w, &["edge", "closed", "single", "two_sided", "pung"])
                    ),
                })?),
                other => return err(other.span(), "wait(...) takes a wait name, e.g. wait(edge)"),
            }
        }
        "shape" => match one_arg(name, args, &s)? {
            Ast::Str(text, ts) => Expr::Shape(
                Shape::parse(text)
                    .map_err(|m| CompileError {
                        span: ts.clone(),
                        message: m,
                    })?
                    .on_tiles(scope.set()),
            ),
            other => {
                return err(
                    other.span(),
                    "shape(...) takes a quoted pattern, e.g. shape('123a 123a 789a 789a 55a')",
                )
            }
        },
        "concealed_shape" => match one_arg(name, args, &s)? {
            Ast::Str(text, ts) => {
                let mut ranks = vec![0u8; 11];
                for c in text.chars() {
                    match c.to_digit(10) {
                        Some(d) => {
                            let r = if d == 0 { 10 } else { d as usize };
                            ranks[r] += 1;
                        }
                        None if c == ' ' => {}
                        None => return err(ts.clone(), format!("`{c}` is not a rank digit")),
                    }
                }
                Expr::ConcealedShape(ranks)
            }
            other => {
                return err(
                    other.span(),
                    "concealed_shape(...) takes quoted ranks, e.g. concealed_shape('1112345678999')",
                )
            }
        },
        "group" => match one_arg(name, args, &s)? {
            Ast::Str(text, ts) => {
                let g = crate::lang::parse_group(text).map_err(|e| CompileError {
                    span: ts.start + 1 + e.span.start..ts.start + 1 + e.span.end,
                    message: e.message,
                })?;
                Expr::Group(Box::new(compile_group(&g, scope.set()).map_err(|e| {
                    CompileError {
                        span: ts.start + 1 + e.span.start..ts.start + 1 + e.span.end,
                        message: e.message,
                    }
                })?))
            }
            other => {
                return err(
                    other.span(),
                    "group(...) takes a quoted pattern, e.g. group('2 chows: same suit, same rank')",
                )
            }
        },
        _ => {
            let known: Vec<&str> = FUNCS.iter().map(|(n, _)| *n).collect();
            return err(s, format!("unknown function `{name}`{}", suggest(name, &known)));
        }
    })
}

pub const FORM_NAMES: [&str; 5] = [
    "standard",
    "seven_pairs",
    "thirteen_orphans",
    "honours_knitted",
    "knitted_straight",
];

/// The name of a form, as conditions write it.
pub fn form_name(form: Form) -> &'static str {
    FORM_NAMES
        .iter()
        .copied()
        .find(|n| form_by_name(n) == Some(form))
        .unwrap_or("standard")
}

pub fn form_by_name(name: &str) -> Option<Form> {
    Some(match name {
        "standard" => Form::Standard,
        "seven_pairs" => Form::SevenPairs,
        "thirteen_orphans" => Form::Orphans,
        "honours_knitted" => Form::HonoursKnitted,
        "knitted_straight" => Form::KnittedStraight,
        _ => return None,
    })
}

pub fn wait_bit(name: &str) -> Option<u8> {
    use mj_core::Wait;
    let w = match name {
        "two_sided" => Wait::TwoSided,
        "edge" => Wait::Edge,
        "closed" => Wait::Closed,
        "single" => Wait::Single,
        "pung" => Wait::Pung,
        _ => return None,
    };
    Some(1 << w.bit())
}

const CLASSES: &[(&str, &str)] = &[
    ("honours", "wind and dragon tiles"),
    ("winds", "wind tiles"),
    ("dragons", "dragon tiles"),
    ("suited", "number tiles"),
    ("terminals", "lowest and highest rank of each suit"),
    ("simples", "number tiles that are not terminals"),
    ("seat_wind", "the seat's wind tile"),
    ("round_wind", "the prevalent wind tile"),
    ("winning", "the winning tile"),
];

/// Compiles a tile class: a named class, a tile list `{...}`, `rank(..)`, `suit(x)`, `|` and `&`.
pub fn compile_class(ast: &Ast, set: &TileSet) -> Result<Class, CompileError> {
    let mask_where = |pred: &dyn Fn(mj_core::Tile) -> bool| -> u64 {
        set.playing_tiles()
            .filter(|t| pred(*t))
            .fold(0u64, |m, t| m | (1 << t.id()))
    };
    match ast {
        Ast::Ident(name, s) => Ok(match name.as_str() {
            "honours" => Class::Mask(mask_where(&|t| set.is_honour(t))),
            "winds" => Class::Mask(mask_where(&|t| {
                matches!(
                    set.kind(t),
                    mj_core::tile::Kind::Honour {
                        group: mj_core::tile::HonourGroup::Wind,
                        ..
                    }
                )
            })),
            "dragons" => Class::Mask(mask_where(&|t| {
                matches!(
                    set.kind(t),
                    mj_core::tile::Kind::Honour {
                        group: mj_core::tile::HonourGroup::Dragon,
                        ..
                    }
                )
            })),
            "suited" => Class::Mask(mask_where(&|t| set.is_suited(t))),
            "terminals" => Class::Mask(mask_where(&|t| set.is_terminal(t))),
            "simples" => Class::Mask(mask_where(&|t| set.is_suited(t) && !set.is_terminal(t))),
            "seat_wind" => Class::SeatWind,
            "round_wind" => Class::RoundWind,
            "winning" => Class::Winning,
            _ => {
                let known: Vec<&str> = CLASSES.iter().map(|(n, _)| *n).collect();
                return err(
                    s.clone(),
                    format!("unknown tile class `{name}`{}", suggest(name, &known)),
                );
            }
        })
        .and_then(|c| match c {
            // A class with no tile in this set makes its condition silently never (or always)
            // true: almost surely a fan copied from a ruleset with other tiles.
            Class::Mask(0) => err(
                s.clone(),
                format!(
                    "tile class `{name}` is empty: ruleset {} has no such tiles",
                    set.name
                ),
            ),
            c => Ok(c),
        }),
        Ast::Tiles(runs, _) => {
            let mut m = 0u64;
            for (run, rs) in runs {
                let tiles = mj_core::notation::parse_tiles(set, run).map_err(|e| CompileError {
                    span: rs.clone(),
                    // The notation error's column is within the run; the span already says where.
                    message: {
                        let m = e.to_string();
                        match m.split_once(": ") {
                            Some((c, rest)) if c.starts_with("column ") => rest.to_string(),
                            _ => m,
                        }
                    },
                })?;
                for t in tiles {
                    m |= 1 << t.id();
                }
            }
            Ok(Class::Mask(m))
        }
        Ast::Call(name, args, s) if name == "rank" || name == "ranks" => {
            let mut ranks = Vec::new();
            for a in args {
                match a {
                    Ast::Num(n, _) if (1..=10).contains(n) => ranks.push(*n as u8),
                    other => return err(other.span(), "rank(...) takes ranks 1 to 10"),
                }
            }
            if ranks.is_empty() {
                return err(s.clone(), "rank(...) needs at least one rank");
            }
            let in_some_suit = |r: u8| set.suits().iter().any(|x| (x.min_rank..=x.max_rank).contains(&r));
            if let Some((r, at)) = ranks.iter().zip(args).find(|(r, _)| !in_some_suit(**r)) {
                let suits: Vec<String> = set
                    .suits()
                    .iter()
                    .map(|x| format!("{}{}–{}", x.letter, x.min_rank, x.max_rank))
                    .collect();
                return err(
                    at.span(),
                    format!(
                        "rank {r}: no suit of ruleset {} has it (suits {})",
                        set.name,
                        suits.join(" ")
                    ),
                );
            }
            Ok(Class::Mask(mask_where(&|t| {
                set.suit_rank(t).is_some_and(|(_, r)| ranks.contains(&r))
            })))
        }
        Ast::Call(name, args, s) if name == "suit" => {
            let letter = match args.as_slice() {
                [Ast::Ident(l, _)] if l.len() == 1 => l.chars().next().unwrap_or('?'),
                _ => return err(s.clone(), "suit(...) takes a suit letter, e.g. suit(m)"),
            };
            let Some(suit) = set.suits().iter().position(|x| x.letter == letter) else {
                return err(s.clone(), format!("ruleset {} has no suit `{letter}`", set.name));
            };
            Ok(Class::Mask(mask_where(&|t| {
                set.suit_rank(t).is_some_and(|(x, _)| x as usize == suit)
            })))
        }
        // Classes known at load are folded into one mask, so `terminals | honours` costs one AND.
        Ast::Bin(BinOp::Union, a, b, _) => Ok(match (compile_class(a, set)?, compile_class(b, set)?) {
            (Class::Mask(x), Class::Mask(y)) => Class::Mask(x | y),
            (x, y) => Class::Union(Box::new(x), Box::new(y)),
        }),
        Ast::Bin(BinOp::Inter, a, b, _) => Ok(match (compile_class(a, set)?, compile_class(b, set)?) {
            (Class::Mask(x), Class::Mask(y)) => Class::Mask(x & y),
            (x, y) => Class::Inter(Box::new(x), Box::new(y)),
        }),
        other => err(
            other.span(),
            "expected a tile class: honours, winds, dragons, terminals, {tiles}, rank(...), suit(x)",
        ),
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

pub fn compile_group(g: &GroupAst, set: &TileSet) -> Result<Group, CompileError> {
    let mut out = Group {
        count: g.count,
        kind: g.kind,
        same_suit: false,
        different_suits: false,
        same_rank: false,
        ranks: None,
        steps: vec![],
        tiles: None,
    };
    if !(1..=7).contains(&g.count) {
        return err(0..1, "a group has 1 to 7 sets");
    }
    for (c, span) in &g.constraints {
        match c {
            Constraint::SameSuit => out.same_suit = true,
            Constraint::DifferentSuits => out.different_suits = true,
            Constraint::SameRank => out.same_rank = true,
            Constraint::Ranks(r) => {
                if r.len() != g.count {
                    return err(
                        span.clone(),
                        format!("`ranks` lists {} ranks for a group of {}", r.len(), g.count),
                    );
                }
                let mut r = r.clone();
                r.sort_unstable();
                out.ranks = Some(r);
            }
            Constraint::Step(s) => out.steps = s.clone(),
            Constraint::Tiles(a) => out.tiles = Some(compile_class(a, set)?),
        }
    }
    if out.same_suit && out.different_suits {
        return err(
            0..g.constraints.len(),
            "a group cannot be both `same suit` and `different suits`",
        );
    }
    Ok(out)
}

/// What group patterns look at in a pick of sets: worked out once per pick, so that trying every
/// pattern of a table on the same sets does not look up suits and sort ranks again each time.
#[derive(Clone, Copy, Debug)]
pub struct Pick {
    n: usize,
    /// The sets' first tiles.
    mask: u64,
    /// Every set is of a suit (a pattern with a suit or rank constraint needs that).
    suited: bool,
    same_suit: bool,
    distinct_suits: bool,
    /// Ranks of the first tiles, ascending.
    ranks: [u8; 8],
}

impl Pick {
    /// The sets' first tiles, as a mask of tile ids.
    pub fn mask(&self) -> u64 {
        self.mask
    }

    /// The pick of sets starting at `tiles` (at most eight; more are ignored).
    pub fn new(set: &TileSet, tiles: &[usize]) -> Pick {
        let mut sr = [(0u8, 0u8, false); 8];
        let n = tiles.len().min(8);
        for (x, &t) in sr.iter_mut().zip(&tiles[..n]) {
            *x = suit_rank(set, t);
        }
        Pick::from_suit_ranks(&sr[..n], tiles)
    }

    /// The pick from each set's (suit, rank, suited), as [`suit_rank`] gives them, and first tiles.
    pub fn from_suit_ranks(sr: &[(u8, u8, bool)], tiles: &[usize]) -> Pick {
        let n = sr.len().min(8);
        let mut p = Pick {
            n,
            mask: 0,
            suited: true,
            same_suit: true,
            distinct_suits: true,
            ranks: [0; 8],
        };
        let mut suits_seen = 0u32;
        for (i, &(s, r, ok)) in sr[..n].iter().enumerate() {
            p.suited &= ok;
            p.same_suit &= s == sr[0].0;
            p.distinct_suits &= suits_seen & (1 << s) == 0;
            suits_seen |= 1 << s;
            p.ranks[i] = r;
        }
        for &t in tiles {
            p.mask |= 1 << t;
        }
        p.ranks[..n].sort_unstable();
        p
    }
}

/// A tile's (suit, rank, is suited); (0, 0, false) for honours and ids past the set.
#[inline]
pub fn suit_rank(set: &TileSet, t: usize) -> (u8, u8, bool) {
    match set.tile(t).and_then(|t| set.suit_rank(t)) {
        Some((s, r)) => (s & 31, r, true),
        None => (0, 0, false),
    }
}

impl Group {
    /// A necessary condition of the pattern occurring (see [`Gate`]): sets of its kind, and a
    /// tile of its class.
    pub fn gate(&self) -> Gate {
        let kind = match self.kind {
            GroupKind::Chows => var_flag(Var::Chows),
            GroupKind::Pungs => var_flag(Var::Pungs),
            GroupKind::Pairs => 0,
        };
        let need = match &self.tiles {
            Some(Class::Mask(m)) => *m,
            _ => 0,
        };
        Gate {
            all: kind,
            need,
            ..Gate::default()
        }
    }

    /// Whether the given sets (by start tile) satisfy the pattern. `tiles` are the sets' first
    /// tiles; all are of the group's kind.
    pub fn matches(&self, set: &TileSet, tiles: &[usize], f: &Facts) -> bool {
        tiles.len() == self.count && tiles.len() <= 8 && self.accepts(&Pick::new(set, tiles), f)
    }

    /// [`Group::matches`] on a pick already worked out.
    #[inline]
    pub fn accepts(&self, p: &Pick, f: &Facts) -> bool {
        if let Some(c) = &self.tiles {
            if p.mask & !c.eval(f) != 0 {
                return false;
            }
        }
        self.accepts_pattern(p)
    }

    /// [`Group::accepts`] but for the tile class: the number of sets, suits and ranks.
    pub fn accepts_pattern(&self, p: &Pick) -> bool {
        let n = p.n;
        if n != self.count {
            return false;
        }
        let needs_suits = self.same_suit
            || self.different_suits
            || self.same_rank
            || self.ranks.is_some()
            || !self.steps.is_empty();
        if !needs_suits {
            return true;
        }
        let r = &p.ranks[..n];
        if !p.suited
            || (self.same_suit && !p.same_suit)
            || (self.different_suits && !p.distinct_suits)
            || (self.same_rank && r.first() != r.last())
        {
            return false;
        }
        if let Some(want) = &self.ranks {
            if want.as_slice() != r {
                return false;
            }
        }
        self.steps.is_empty()
            || self
                .steps
                .iter()
                .any(|&st| r.windows(2).all(|w| w[1] == w[0] + st))
    }
}

/// A pattern over a whole reading's sets and pair with suit variables: `123a 123a 789a 789a 55a`
/// is pure terminal chows; `123a 789a 123b 789b 55c` three-suited terminal chows (distinct
/// letters are distinct suits).
#[derive(Clone, Debug, PartialEq)]
pub struct Shape {
    /// (kind, rank, suit variable) for each set; kind 0 = chow, 1 = pung, 2 = pair.
    items: Vec<(u8, u8, u8)>,
    /// Every tile a standard reading of this shape can hold (suited tiles of the ranks it
    /// names): a hand with any other tile is rejected before suits are assigned.
    allowed: u64,
}

impl Shape {
    fn parse(text: &str) -> Result<Shape, String> {
        let mut items = Vec::new();
        for word in text.split_whitespace() {
            let chars: Vec<char> = word.chars().collect();
            let Some((&var, digits)) = chars.split_last() else {
                continue;
            };
            if !var.is_ascii_lowercase() {
                return Err(format!("`{word}` must end in a suit variable a–z"));
            }
            let ds: Vec<u8> = digits
                .iter()
                .map(|c| c.to_digit(10).map(|d| if d == 0 { 10 } else { d as u8 }))
                .collect::<Option<_>>()
                .ok_or_else(|| format!("`{word}`: ranks must be digits"))?;
            let kind = match ds.as_slice() {
                [a, b, c] if *b == a + 1 && *c == b + 1 => 0,
                [a, b, c] if a == b && b == c => 1,
                [a, b] if a == b => 2,
                _ => {
                    return Err(format!(
                        "`{word}` is not a chow (123a), pung (555a) or pair (55a)"
                    ))
                }
            };
            items.push((kind, ds[0], var as u8 - b'a'));
        }
        if items.is_empty() {
            return Err("empty shape".into());
        }
        Ok(Shape { items, allowed: !0 })
    }

    /// Narrows [`Shape::allowed`] to the tiles of `set` the shape can hold.
    fn on_tiles(mut self, set: &TileSet) -> Shape {
        let mut ranks = 0u32;
        for &(kind, r, _) in &self.items {
            let span = if kind == 0 { 0b111 } else { 1 };
            ranks |= span << r;
        }
        self.allowed = set
            .playing_tiles()
            .filter(|&t| set.suit_rank(t).is_some_and(|(_, r)| ranks & (1 << r) != 0))
            .fold(0u64, |m, t| m | 1 << t.id());
        self
    }

    /// What a reading must show to match (see [`Gate`]): the standard form, no tile outside the
    /// shape's ranks, and chows or pungs if the shape has them.
    fn gate(&self) -> Gate {
        let mut all = form_flag(Form::Standard);
        for &(kind, _, _) in &self.items {
            all |= match kind {
                0 => var_flag(Var::Chows),
                1 => var_flag(Var::Pungs),
                _ => 0,
            };
        }
        Gate {
            all,
            forbid: !self.allowed,
            ..Gate::default()
        }
    }

    /// Whether the reading is a standard one whose sets and pair are exactly the shape, for some
    /// assignment of distinct suits to the variables. Other forms hold tiles outside their sets
    /// and pair, so a shape describes none of them.
    pub fn matches(&self, f: &Facts) -> bool {
        let r = f.reading;
        let n = r.sets.len() + usize::from(r.pair.is_some());
        if r.form != Form::Standard || n != self.items.len() || n > 8 {
            return false;
        }
        // A standard reading holds every tile of the hand.
        if f.present & !self.allowed != 0 {
            return false;
        }
        let mut have = [(0u8, 0u8, 0u8); 8];
        for (i, s) in r.sets.iter().enumerate() {
            let Some((suit, rank)) = f.set.suit_rank(s.tile) else {
                return false;
            };
            have[i] = (if s.kind == SetKind::Chow { 0 } else { 1 }, rank, suit);
        }
        if let Some(p) = r.pair {
            let Some((suit, rank)) = f.set.suit_rank(p) else {
                return false;
            };
            have[n - 1] = (2, rank, suit);
        }
        let have = &mut have[..n];
        // Cheap rejection first: the shape's kinds and ranks, suits aside, must already agree.
        let mut a = [(0u8, 0u8); 8];
        let mut b = [(0u8, 0u8); 8];
        for i in 0..n {
            a[i] = (have[i].0, have[i].1);
            b[i] = (self.items[i].0, self.items[i].1);
        }
        a[..n].sort_unstable();
        b[..n].sort_unstable();
        if a[..n] != b[..n] {
            return false;
        }
        have.sort_unstable();
        let vars = self.items.iter().map(|x| x.2).max().unwrap_or(0) as usize + 1;
        let nsuits = f.set.suits().len();
        let mut assign = [u8::MAX; 8];
        vars <= 8 && self.assign(0, vars, &mut assign, nsuits, have)
    }

    /// Tries every assignment of distinct suits to the variables (at most 3! for three suits).
    fn assign(
        &self,
        v: usize,
        vars: usize,
        assign: &mut [u8; 8],
        nsuits: usize,
        have: &[(u8, u8, u8)],
    ) -> bool {
        if v == vars {
            let n = have.len();
            let mut want = [(0u8, 0u8, 0u8); 8];
            for (i, &(k, r, var)) in self.items.iter().enumerate() {
                want[i] = (k, r, assign[var as usize]);
            }
            want[..n].sort_unstable();
            return want[..n] == *have;
        }
        for s in 0..nsuits as u8 {
            if assign[..v].contains(&s) {
                continue;
            }
            assign[v] = s;
            if self.assign(v + 1, vars, assign, nsuits, have) {
                return true;
            }
        }
        false
    }
}

/// "did you mean" for a misspelt name.
pub fn suggest(name: &str, known: &[&str]) -> String {
    let best = known.iter().map(|k| (edit_distance(name, k), *k)).min();
    match best {
        Some((d, k)) if d <= 2.max(name.len() / 3) => format!("; did you mean `{k}`?"),
        _ => {
            let mut list: Vec<&str> = known.to_vec();
            list.sort_unstable();
            if !list.is_empty() && list.len() <= 30 {
                format!("; known: {}", list.join(", "))
            } else {
                String::new()
            }
        }
    }
}

fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut cur = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            cur[j] = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
        }
        prev = cur;
    }
    prev[b.len()]
}

impl Expr {
    /// Evaluates to a number; conditions are 0 (false) or non-zero (true).
    pub fn eval(&self, f: &Facts) -> i64 {
        match self {
            Expr::Num(n) => *n,
            Expr::Var(v) => f.vars[*v as usize],
            Expr::UniqueWait => i64::from((f.unique_wait)()),
            Expr::VarCmp(op, v, n) => arith(*op, f.vars[*v as usize], *n),
            Expr::Word(i) => f.words.get(*i).copied().flatten().unwrap_or(0),
            Expr::Not(a) => i64::from(a.eval(f) == 0),
            Expr::Bin(op, a, b) => {
                let x = a.eval(f);
                match op {
                    BinOp::And => {
                        if x == 0 {
                            0
                        } else {
                            i64::from(b.eval(f) != 0)
                        }
                    }
                    BinOp::Or => {
                        if x != 0 {
                            1
                        } else {
                            i64::from(b.eval(f) != 0)
                        }
                    }
                    _ => {
                        let y = b.eval(f);
                        arith(*op, x, y)
                    }
                }
            }
            Expr::All(c) => i64::from(f.present & !c.eval(f) == 0),
            Expr::Any(c) => i64::from(f.present & c.eval(f) != 0),
            Expr::NoneOf(c) => i64::from(f.present & c.eval(f) == 0),
            Expr::TileCount(c) => {
                let m = c.eval(f);
                bits(m).map(|t| f.counts[t] as i64).sum()
            }
            Expr::Kinds(c) => (f.present & c.eval(f)).count_ones() as i64,
            Expr::PungsOf(c) => f.pungs_of(c.eval(f)),
            Expr::KongsOf(c) => {
                let m = c.eval(f);
                f.reading
                    .sets
                    .iter()
                    .filter(|s| s.kind == SetKind::Kong && m & (1 << s.tile.id()) != 0)
                    .count() as i64
            }
            Expr::ChowsOf(c) => {
                let m = c.eval(f);
                f.reading
                    .sets
                    .iter()
                    .filter(|s| s.kind == SetKind::Chow && m & (0b111 << s.tile.id()) != 0)
                    .count() as i64
            }
            Expr::PairOf(c) => i64::from(f.reading.pair.is_some_and(|p| c.eval(f) & (1 << p.id()) != 0)),
            Expr::EveryGroup(c) => i64::from(every_group(f, c.eval(f))),
            Expr::Form(form) => i64::from(f.reading.form == *form),
            Expr::Wait(bit) => i64::from(f.waits & bit != 0),
            Expr::Shape(s) => i64::from(s.matches(f)),
            Expr::ConcealedShape(ranks) => {
                if f.declared > 0 {
                    return 0;
                }
                let mut suit_seen = None;
                let mut got = [0u8; 11];
                for t in f.set.playing_tiles() {
                    let c = f.before_win[t.id()];
                    if c == 0 {
                        continue;
                    }
                    let Some((s, r)) = f.set.suit_rank(t) else {
                        return 0;
                    };
                    if *suit_seen.get_or_insert(s) != s {
                        return 0;
                    }
                    got[r as usize] = c;
                }
                i64::from(suit_seen.is_some() && got[..] == ranks[..])
            }
            Expr::Group(g) => crate::score::count_groups(g, f) as i64,
        }
    }
}

fn is_comparison(op: BinOp) -> bool {
    matches!(
        op,
        BinOp::Eq | BinOp::Ne | BinOp::Ge | BinOp::Le | BinOp::Gt | BinOp::Lt
    )
}

fn arith(op: BinOp, x: i64, y: i64) -> i64 {
    match op {
        BinOp::Eq => i64::from(x == y),
        BinOp::Ne => i64::from(x != y),
        BinOp::Ge => i64::from(x >= y),
        BinOp::Le => i64::from(x <= y),
        BinOp::Gt => i64::from(x > y),
        BinOp::Lt => i64::from(x < y),
        BinOp::Add => x.saturating_add(y),
        BinOp::Sub => x.saturating_sub(y),
        BinOp::Mul => x.saturating_mul(y),
        BinOp::Div => x.checked_div(y).unwrap_or(0),
        _ => 0,
    }
}

/// Whether the reading is a standard one with a tile of `mask` in every set and the pair.
fn every_group(f: &Facts, mask: u64) -> bool {
    let sets_ok = f.reading.sets.iter().all(|s| {
        let span = if s.kind == SetKind::Chow { 0b111u64 } else { 1 };
        mask & (span << s.tile.id()) != 0
    });
    let pair_ok = f.reading.pair.is_none_or(|p| mask & (1 << p.id()) != 0);
    sets_ok && pair_ok && f.reading.form == Form::Standard
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

/// A name of the expression language and what it means.
pub type Entry = (&'static str, &'static str);

/// The expression language's vocabulary, for `mj doc` and error messages.
pub struct Vocabulary {
    pub names: Vec<Entry>,
    pub functions: Vec<Entry>,
    pub classes: Vec<Entry>,
}

pub fn vocabulary() -> Vocabulary {
    Vocabulary {
        names: VARS.iter().map(|(n, _, d)| (*n, *d)).collect(),
        functions: FUNCS.to_vec(),
        classes: CLASSES.to_vec(),
    }
}

/// A condition compiled to nested closures: each node is specialised when it is built (an
/// operator chosen, a constant mask folded in), so judging a fan does not re-dispatch on the
/// expression's shape. Built once at load from an [`Expr`]; nodes without a special form fall
/// back to [`Expr::eval`].
#[derive(Clone)]
pub struct Compiled(std::sync::Arc<dyn Fn(&Facts) -> i64 + Send + Sync>);

impl std::fmt::Debug for Compiled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Compiled")
    }
}

impl Compiled {
    #[inline]
    pub fn eval(&self, f: &Facts) -> i64 {
        (self.0)(f)
    }
}

fn boxed(f: impl Fn(&Facts) -> i64 + Send + Sync + 'static) -> Compiled {
    Compiled(std::sync::Arc::new(f))
}

fn compare(op: BinOp) -> Option<fn(i64, i64) -> bool> {
    Some(match op {
        BinOp::Eq => |x, y| x == y,
        BinOp::Ne => |x, y| x != y,
        BinOp::Ge => |x, y| x >= y,
        BinOp::Le => |x, y| x <= y,
        BinOp::Gt => |x, y| x > y,
        BinOp::Lt => |x, y| x < y,
        _ => return None,
    })
}

impl Expr {
    /// Compiles the expression to closures (see [`Compiled`]).
    pub fn compiled(&self) -> Compiled {
        match self {
            Expr::Num(n) => {
                let n = *n;
                boxed(move |_| n)
            }
            Expr::Var(v) => {
                let i = *v as usize;
                boxed(move |f| f.vars[i])
            }
            Expr::VarCmp(op, v, n) => {
                let (i, n) = (*v as usize, *n);
                match compare(*op) {
                    Some(cmp) => boxed(move |f| i64::from(cmp(f.vars[i], n))),
                    None => {
                        let e = self.clone();
                        boxed(move |f| e.eval(f))
                    }
                }
            }
            Expr::Not(a) => {
                let a = a.compiled();
                boxed(move |f| i64::from(a.eval(f) == 0))
            }
            Expr::Bin(BinOp::And, a, b) => {
                let (a, b) = (a.compiled(), b.compiled());
                boxed(move |f| i64::from(a.eval(f) != 0 && b.eval(f) != 0))
            }
            Expr::Bin(BinOp::Or, a, b) => {
                let (a, b) = (a.compiled(), b.compiled());
                boxed(move |f| i64::from(a.eval(f) != 0 || b.eval(f) != 0))
            }
            // Comparing against a constant, the commonest shape after `name == 4`, gets a node of
            // its own too (`pungs(winds) == 3`), so it skips the general interpreter.
            Expr::Bin(op, a, b) if matches!(**b, Expr::Num(_)) && compare(*op).is_some() => {
                let (Some(cmp), Expr::Num(n)) = (compare(*op), &**b) else {
                    unreachable!("checked by the guard")
                };
                let (a, n) = (a.compiled(), *n);
                boxed(move |f| i64::from(cmp(a.eval(f), n)))
            }
            Expr::Bin(op, a, b) => {
                let (op, a, b) = (*op, a.compiled(), b.compiled());
                boxed(move |f| arith(op, a.eval(f), b.eval(f)))
            }
            Expr::All(Class::Mask(m)) => {
                let m = *m;
                boxed(move |f| i64::from(f.present & !m == 0))
            }
            Expr::Any(Class::Mask(m)) => {
                let m = *m;
                boxed(move |f| i64::from(f.present & m != 0))
            }
            Expr::NoneOf(Class::Mask(m)) => {
                let m = *m;
                boxed(move |f| i64::from(f.present & m == 0))
            }
            Expr::Form(form) => {
                let form = *form;
                boxed(move |f| i64::from(f.reading.form == form))
            }
            Expr::Wait(bit) => {
                let bit = *bit;
                boxed(move |f| i64::from(f.waits & bit != 0))
            }
            Expr::PungsOf(Class::Mask(m)) => {
                let m = *m;
                boxed(move |f| f.pungs_of(m))
            }
            Expr::PungsOf(c) => {
                let c = c.clone();
                boxed(move |f| f.pungs_of(c.eval(f)))
            }
            Expr::PairOf(Class::Mask(m)) => {
                let m = *m;
                boxed(move |f| i64::from(f.reading.pair.is_some_and(|p| m >> p.id() & 1 != 0)))
            }
            Expr::Kinds(Class::Mask(m)) => {
                let m = *m;
                boxed(move |f| (f.present & m).count_ones() as i64)
            }
            Expr::UniqueWait => boxed(|f| i64::from((f.unique_wait)())),
            Expr::EveryGroup(Class::Mask(m)) => {
                let m = *m;
                boxed(move |f| i64::from(every_group(f, m)))
            }
            other => {
                let e = other.clone();
                boxed(move |f| e.eval(f))
            }
        }
    }
}
