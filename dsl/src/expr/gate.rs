//! Gates: a necessary condition of an expression, derived at load from the expression alone and
//! checked with a few ANDs before the expression runs, so most fans of a table cost almost nothing
//! on most readings. [`GateTest`] is one gate in branch-free form, [`GateMasks`] many at once.

use super::ast::{BinOp, GroupKind};
use super::bits;
use super::facts::Facts;
use super::ir::{
    form_flag, var_flag, wait_flags, Class, Expr, Group, Shape, Var, ROUND_WIND_HELD, SEAT_WIND_HELD,
    SETS_AT_LEAST, VAR_COUNT,
};
use mj_core::Form;

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
    /// Context words (bit `i` for word `i` of [`Facts::words`], the first 64) whose value must not
    /// be 0: `riichi and not double` needs `riichi`. A word is a fact of the hand, the same on
    /// every reading; the plan gives the words its gates read flag bits of their own
    /// ([`Gate::words_as_flags`]), so they are tested with the other flags.
    pub words: u64,
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
            words: a.words | b.words,
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
            words: a.words & b.words,
            ..Gate::default()
        }
    }

    /// For an exact gate that says only "one of these flags is set": the flags.
    fn only_flags(&self) -> Option<u64> {
        let plain = self.exact
            && self.clear == 0
            && self.forbid == 0
            && self.need == 0
            && self.ranges == 0
            && self.words == 0;
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
            && within(c.words, self.words)
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

    /// This gate with its words turned into the flags `flags` gives them (word index, flag bit):
    /// a word with no flag is left out, which only admits more.
    pub fn words_as_flags(self, flags: &[(usize, u64)]) -> Gate {
        let all = flags
            .iter()
            .filter(|&&(i, _)| self.words >> i & 1 != 0)
            .fold(self.all, |m, &(_, bit)| m | bit);
        Gate {
            all,
            words: 0,
            ..self
        }
    }

    /// This gate, for `e` at least `n` where `e` counts sets of one kind (`pungs(dragons) == 2`):
    /// with the flags of that many sets of the kind ([`SETS_AT_LEAST`]).
    fn with_sets(self, e: &Expr, n: i64) -> Gate {
        let kind = match e {
            Expr::PungsOf(_) | Expr::KongsOf(_) => GroupKind::Pungs,
            Expr::ChowsOf(_) => GroupKind::Chows,
            _ => return self,
        };
        Gate {
            all: self.all | sets_at_least(kind, n),
            ..self
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

/// The [`SETS_AT_LEAST`] flags of a reading with `n` sets of `kind`.
fn sets_at_least(kind: GroupKind, n: i64) -> u64 {
    SETS_AT_LEAST
        .iter()
        .filter(|&&(k, m, _)| k == kind && n >= m)
        .fold(0, |bits, &(_, _, bit)| bits | bit)
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
                    ..a.gate().with_sets(a, *n)
                },
                (BinOp::Ne, Expr::Num(0)) | (BinOp::Gt, Expr::Num(0..)) | (BinOp::Ge, Expr::Num(1..)) => {
                    let least = match (op, &**b) {
                        (BinOp::Gt, Expr::Num(n)) => n.saturating_add(1),
                        (BinOp::Ge, Expr::Num(n)) => *n,
                        _ => 1,
                    };
                    Gate {
                        exact: false,
                        ..a.gate().with_sets(a, least)
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
            // Not a reading's fact but the hand's: its value is the word's (0 when the line does
            // not carry it), so the word must be there.
            Expr::Word(i) => Gate {
                words: u32::try_from(*i)
                    .ok()
                    .and_then(|i| 1u64.checked_shl(i))
                    .unwrap_or(0),
                ..Gate::default()
            },
            // Never non-zero (a fan of `when = "0"` is counted some other way, if at all): a
            // reading has one form, so a gate asking for two admits none.
            Expr::Num(0) => flag(form_flag(Form::Standard) | form_flag(Form::SevenPairs)),
            Expr::Num(_) | Expr::UniqueWait | Expr::Slot(_) | Expr::All(_) | Expr::NoneOf(_) => {
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

impl Facts<'_> {
    /// Whether the reading passes a fan's gate (see [`GateTest::admits`]).
    #[inline]
    pub fn admits(&self, gate: &GateTest) -> bool {
        gate.admits(self.flags, self.present, &self.vars)
    }
}

impl Group {
    /// A necessary condition of the pattern occurring (see [`Gate`]): as many sets of its kind
    /// as it takes (three chows for 三色同順), and a tile of its class.
    pub fn gate(&self) -> Gate {
        let kind = match self.kind {
            GroupKind::Chows => var_flag(Var::Chows),
            GroupKind::Pungs => var_flag(Var::Pungs),
            GroupKind::Pairs => 0,
        };
        let enough = sets_at_least(self.kind, i64::try_from(self.count).unwrap_or(i64::MAX));
        let need = match &self.tiles {
            Some(Class::Mask(m)) => *m,
            _ => 0,
        };
        Gate {
            all: kind | enough,
            need,
            ..Gate::default()
        }
    }
}

impl Shape {
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
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Riichi's fans that read a context word (riichi.md: 立直 is counted for a line with
    /// `riichi`, ura-dora only with riichi declared): their gates need the word, and the plan
    /// gives each word a flag bit of its own. The scorer's agreement on every line with and
    /// without these gates is checked by every scoring test in debug builds (`check_gate`).
    #[test]
    fn a_condition_reading_a_word_is_gated_on_it() {
        let rs = crate::load("riichi").expect("riichi loads");
        let word = |w: &str| {
            rs.context_words
                .iter()
                .position(|c| c.word == w)
                .unwrap_or_else(|| panic!("riichi declares `{w}`"))
        };
        let gate = |id: &str| {
            let f = rs.fans.iter().find(|f| f.id == id).expect("fan exists");
            f.when.as_ref().expect("a condition").gate()
        };
        assert_eq!(gate("riichi").words, 1 << word("riichi"));
        assert_eq!(gate("ippatsu").words, 1 << word("ippatsu"));
        // `(riichi or double) * ura`: either of the first two, so only `ura` is certain.
        assert_eq!(gate("ura_dora").words, 1 << word("ura"));
        let plan = &rs.scoring.plan;
        for w in ["riichi", "ippatsu", "ura", "double"] {
            let (_, bit) = plan
                .word_flags
                .iter()
                .find(|(i, _)| *i == word(w))
                .unwrap_or_else(|| panic!("`{w}` has a flag"));
            assert!(
                bit.trailing_zeros() >= super::super::FIRST_WORD_FLAG,
                "`{w}`: {bit:#x}"
            );
        }
        let flags: Vec<u64> = plan.word_flags.iter().map(|&(_, b)| b).collect();
        assert!(flags.windows(2).all(|w| w[0] != w[1]), "one bit per word");
    }

    /// A group pattern of several sets needs that many sets of its kind (riichi.md: 三色同順 is
    /// three chows, 三色同刻 three pungs, 一盃口 two chows), as flags a table's masks test at once.
    #[test]
    fn a_group_of_several_sets_needs_as_many() {
        let rs = crate::load("riichi").expect("riichi loads");
        let all = |id: &str| {
            let f = rs.fans.iter().find(|f| f.id == id).expect("fan exists");
            f.when.as_ref().expect("a condition").gate().all
        };
        let flag = |kind: GroupKind, n: i64| {
            let found = SETS_AT_LEAST.iter().find(|&&(k, m, _)| k == kind && m == n);
            found.map(|&(_, _, bit)| bit).expect("a flag")
        };
        let (chows2, chows3) = (flag(GroupKind::Chows, 2), flag(GroupKind::Chows, 3));
        let pungs3 = flag(GroupKind::Pungs, 3);
        assert_eq!(all("sanshoku") & (chows2 | chows3), chows2 | chows3);
        assert_eq!(all("iipeikou") & (chows2 | chows3), chows2);
        assert_eq!(all("sanshoku_doukou") & pungs3, pungs3);
        // `pungs(dragons) == 3`, `== 2`: counts of sets, as many needed.
        assert_eq!(all("daisangen") & pungs3, pungs3);
        let pungs2 = flag(GroupKind::Pungs, 2);
        assert_eq!(all("shousangen") & (pungs2 | pungs3), pungs2);
        // The flags are bits no other fact uses.
        let others =
            ((1u64 << VAR_COUNT) - 1) | (0x1f << 24) | (0x3f << 32) | SEAT_WIND_HELD | ROUND_WIND_HELD;
        let words = !0u64 << super::super::FIRST_WORD_FLAG;
        for (_, _, bit) in SETS_AT_LEAST {
            assert_eq!(bit & (others | words), 0, "{bit:#x}");
        }
    }

    /// A condition that is never true (`when = "0"`, riichi's 流し満貫, counted as a line of its
    /// own) has a gate that admits no reading, of any form.
    #[test]
    fn the_gate_of_zero_admits_nothing() {
        let g = GateTest::new(Expr::Num(0).gate(), 0x1f);
        for form in [
            Form::Standard,
            Form::SevenPairs,
            Form::Orphans,
            Form::HonoursKnitted,
            Form::KnittedStraight,
        ] {
            assert!(!g.admits_masks(form_flag(form) | !0 << 42, !0), "{form:?}");
        }
        let g = GateTest::new(Expr::Num(2).gate(), 0x1f);
        assert!(g.admits_masks(form_flag(Form::Standard), 1));
    }

    /// Words past the flags there are are left out of the gates: that only admits more.
    #[test]
    fn a_word_without_a_flag_is_not_gated_on() {
        let g = Gate {
            words: 0b101,
            ..Gate::default()
        };
        let only_first = g.words_as_flags(&[(0, 1 << 42)]);
        assert_eq!((only_first.all, only_first.words), (1 << 42, 0));
        let t = GateTest::new(only_first, 0x1f);
        assert!(!t.admits_masks(form_flag(Form::Standard), 1));
        assert!(t.admits_masks(form_flag(Form::Standard) | 1 << 42, 1));
    }
}
