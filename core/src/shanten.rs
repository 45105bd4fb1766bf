//! Shanten (distance to ready) per win form, from shapes alone: per-group tables of complete and
//! partial sets combined by max-plus, cached per suit pattern, with the special forms counted
//! directly. See [`crate::wait`] for why it knows nothing of unseen copies.

use crate::decompose::{concealed_total, honour_mask, honour_range, orphan_mask, presence, SUIT_BUF};
use crate::reading::FormRules;
use crate::tile::{Counts, Knits, TileSet};

/// Shanten per win form: how many tile exchanges short of ready the hand is (0 = ready, -1 =
/// complete). `None` means the form is disabled or cannot be reached with this many melds or
/// tiles. Kept per form because fans and hints want to know which shape the hand is heading for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Shanten {
    pub standard: Option<i8>,
    pub seven_pairs: Option<i8>,
    pub orphans: Option<i8>,
    pub honours_knitted: Option<i8>,
    pub knitted_straight: Option<i8>,
}

impl Shanten {
    /// The smallest shanten over reachable forms; `i8::MAX` when no enabled form is reachable, so
    /// such a hand sorts after every real one.
    pub fn best(&self) -> i8 {
        [
            self.standard,
            self.seven_pairs,
            self.orphans,
            self.honours_knitted,
            self.knitted_straight,
        ]
        .into_iter()
        .flatten()
        .min()
        .unwrap_or(i8::MAX)
    }
}

/// The most sets a hand can hold (see [`crate::decompose::MAX_CONCEALED`]); sizes the tables.
const MAX_SETS: usize = 8;

/// For one group of tiles: `cells[h][s]` is the most partial sets (pairs, two-of-a-chow) found
/// alongside exactly `s` complete sets, with (`h = 1`) or without a pair set aside as the head;
/// -1 where no split gives that combination. Groups combine by max-plus, which keeps shanten a
/// per-suit search instead of one over the whole hand. `top` is one past the largest `s` with a
/// cell set, so combining skips the empty tail.
#[derive(Clone, Copy)]
struct Table {
    cells: [[i8; MAX_SETS + 1]; 2],
    top: u8,
}

const EMPTY: Table = Table {
    cells: [[-1; MAX_SETS + 1]; 2],
    top: 0,
};

const UNIT: Table = {
    let mut t = EMPTY;
    t.cells[0][0] = 0;
    t.top = 1;
    t
};

impl Table {
    fn set_top(&mut self) {
        self.top = (0..=MAX_SETS)
            .rev()
            .find(|&s| self.cells[0][s] >= 0 || self.cells[1][s] >= 0)
            .map_or(0, |s| s as u8 + 1);
    }
}

fn combine(a: &Table, b: &Table) -> Table {
    let mut out = EMPTY;
    for ha in 0..2 {
        for sa in 0..a.top as usize {
            let x = a.cells[ha][sa];
            if x < 0 {
                continue;
            }
            for hb in 0..2 - ha {
                let row = &b.cells[hb];
                for (sb, &y) in row
                    .iter()
                    .enumerate()
                    .take((b.top as usize).min(MAX_SETS + 1 - sa))
                {
                    if y < 0 {
                        continue;
                    }
                    let t = (x + y).min(MAX_SETS as i8);
                    let cell = &mut out.cells[ha + hb][sa + sb];
                    *cell = (*cell).max(t);
                }
            }
        }
    }
    out.top = (a.top + b.top).saturating_sub(1).min(MAX_SETS as u8 + 1);
    out
}

/// Options for the blocks starting at one index, in the order the search takes them. Blocks at an
/// index are chosen in non-decreasing option order, so each multiset of blocks is visited once.
const PUNG: u8 = 0;
const CHOW: u8 = 1;
const HEAD: u8 = 2;
const PAIR: u8 = 3;
const ADJACENT: u8 = 4;
const GAP: u8 = 5;

struct Search<'a> {
    a: [u8; SUIT_BUF],
    len: usize,
    runs: bool,
    table: &'a mut Table,
}

impl Search<'_> {
    fn go(&mut self, mut i: usize, mut opt: u8, s: usize, t: i8, h: usize) {
        while i < self.len && self.a[i] == 0 {
            i += 1;
            opt = 0;
        }
        if i >= self.len {
            let cell = &mut self.table.cells[h][s];
            *cell = (*cell).max(t.min(MAX_SETS as i8));
            return;
        }
        let a = &mut self.a;
        let seq = self.runs;
        let t_next = (t + 1).min(MAX_SETS as i8);
        if opt == PUNG && a[i] >= 3 && s < MAX_SETS {
            a[i] -= 3;
            self.go(i, PUNG, s + 1, t, h);
            self.a[i] += 3;
        }
        let a = &mut self.a;
        if opt <= CHOW && seq && s < MAX_SETS && i + 2 < self.len && a[i + 1] > 0 && a[i + 2] > 0 {
            a[i] -= 1;
            a[i + 1] -= 1;
            a[i + 2] -= 1;
            self.go(i, CHOW, s + 1, t, h);
            self.a[i] += 1;
            self.a[i + 1] += 1;
            self.a[i + 2] += 1;
        }
        if opt <= HEAD && h == 0 && self.a[i] >= 2 {
            self.a[i] -= 2;
            self.go(i, HEAD, s, t, 1);
            self.a[i] += 2;
        }
        if opt <= PAIR && self.a[i] >= 2 {
            self.a[i] -= 2;
            self.go(i, PAIR, s, t_next, h);
            self.a[i] += 2;
        }
        if opt <= ADJACENT && seq && i + 1 < self.len && self.a[i + 1] > 0 {
            self.a[i] -= 1;
            self.a[i + 1] -= 1;
            self.go(i, ADJACENT, s, t_next, h);
            self.a[i] += 1;
            self.a[i + 1] += 1;
        }
        if opt <= GAP && seq && i + 2 < self.len && self.a[i + 2] > 0 {
            self.a[i] -= 1;
            self.a[i + 2] -= 1;
            self.go(i, GAP, s, t_next, h);
            self.a[i] += 1;
            self.a[i + 2] += 1;
        }
        // Whatever is left at this index stays single.
        let n = self.a[i];
        self.a[i] = 0;
        self.go(i + 1, 0, s, t, h);
        self.a[i] = n;
    }
}

/// The longest group searched: a suit of ranks 1–10, or the honours taken together.
const GROUP_MAX: usize = SUIT_BUF - 2;

/// The table of one group. Without runs (honours) the kinds of a group are independent, so one
/// search over all of them equals combining one search per kind.
fn group_table(counts: &[u8], runs: bool) -> Table {
    let mut table = EMPTY;
    let mut a = [0u8; SUIT_BUF];
    let len = counts.len().min(GROUP_MAX);
    a[..len].copy_from_slice(&counts[..len]);
    Search {
        a,
        len,
        runs,
        table: &mut table,
    }
    .go(0, 0, 0, 0, 0);
    table.set_top();
    table
}

/// Slots in the per-thread cache of group tables (a power of two). Patterns repeat so much in play
/// that this many cover nearly every lookup, at 2 MB per thread.
const CACHE_BITS: u32 = 14;

/// A slot of the cache: the packed key it holds (`u64::MAX` when empty) and its table.
#[derive(Clone, Copy)]
struct Slot {
    key: u64,
    table: Table,
}

/// Memoised group tables, keyed by the group's packed counts, direct-mapped: a lookup is one
/// multiply and one compare, and a collision merely evicts. A group's table depends on its
/// counts alone (not on the tile set, variant or other groups), so one cache per thread serves
/// every ruleset; hands change one or two groups between calls, so nearly every lookup hits.
struct Tables {
    slots: Vec<Slot>,
}

impl Default for Tables {
    fn default() -> Tables {
        Tables {
            slots: vec![
                Slot {
                    key: u64::MAX,
                    table: EMPTY,
                };
                1 << CACHE_BITS
            ],
        }
    }
}

thread_local! {
    static TABLES: std::cell::RefCell<Tables> = std::cell::RefCell::new(Tables::default());
}

impl Tables {
    /// Five bits per count (a hand holds at most 26 tiles), the length and the runs flag; `None`
    /// for groups too long or counts too large to pack, which are searched every time.
    fn key(counts: &[u8], runs: bool) -> Option<u64> {
        if counts.len() > GROUP_MAX {
            return None;
        }
        let mut k = (counts.len() as u64) << 1 | u64::from(runs);
        for (i, &n) in counts.iter().enumerate() {
            if n >= 32 {
                return None;
            }
            k |= u64::from(n) << (5 + 5 * i);
        }
        Some(k)
    }

    fn get(&mut self, counts: &[u8], runs: bool) -> Table {
        let Some(key) = Self::key(counts, runs) else {
            return group_table(counts, runs);
        };
        let z = (key ^ key >> 29).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let slot = &mut self.slots[(z >> (64 - CACHE_BITS)) as usize];
        if slot.key != key {
            *slot = Slot {
                key,
                table: group_table(counts, runs),
            };
        }
        slot.table
    }

    /// The combined table of every suit of `c`.
    fn suits(&mut self, set: &TileSet, c: &Counts) -> Table {
        let mut acc = UNIT;
        for s in set.suits() {
            let first = s.first as usize;
            let g = &c[first..first + s.len()];
            if g.iter().any(|&n| n != 0) {
                acc = combine(&acc, &self.get(g, true));
            }
        }
        acc
    }

    /// The table of the honours of `c`.
    fn honours(&mut self, set: &TileSet, c: &Counts) -> Table {
        let h = &c[honour_range(set)];
        if h.iter().all(|&n| n == 0) {
            UNIT
        } else if h.len() <= GROUP_MAX {
            self.get(h, false)
        } else {
            h.chunks(GROUP_MAX)
                .fold(UNIT, |acc, g| combine(&acc, &self.get(g, false)))
        }
    }
}

/// Standard-form shanten from the suits' and honours' tables when `need` more sets (besides
/// melds) and a pair are wanted: the classic 2·sets + partials + head count, with partials capped
/// so they never exceed the sets still missing.
fn standard_from(suits: &Table, honours: &Table, need: usize) -> i8 {
    let need = need.min(MAX_SETS) as i8;
    let mut best = 0i8;
    // Fold the honours in while scoring, instead of building the combined table first.
    for ha in 0..2 {
        for sa in 0..suits.top as usize {
            let x = suits.cells[ha][sa];
            if x < 0 {
                continue;
            }
            for hb in 0..2 - ha {
                let row = &honours.cells[hb];
                for (sb, &y) in row
                    .iter()
                    .enumerate()
                    .take((honours.top as usize).min(MAX_SETS + 1 - sa))
                {
                    if y < 0 {
                        continue;
                    }
                    let t = (x + y).min(MAX_SETS as i8);
                    let s = ((sa + sb) as i8).min(need);
                    best = best.max(2 * s + t.min(need - s) + (ha + hb) as i8);
                }
            }
        }
    }
    2 * need - best
}

fn seven_pairs_shanten(set: &TileSet, rules: &FormRules, c: &Counts) -> Option<i8> {
    let need = pung_pairs_need(set, rules, c, usize::from(rules.seven_pairs_pungs), 0, 0)?;
    Some((need - 1) as i8)
}

/// Tiles still needed for seven pairs and `pungs` more pungs, with kinds `used` (a bit mask)
/// taken by pungs already: every choice of the pung kinds from `from` on is tried (the rules
/// allow at most a couple), each costing the tiles it lacks of three.
fn pung_pairs_need(
    set: &TileSet,
    rules: &FormRules,
    c: &Counts,
    pungs: usize,
    from: usize,
    used: u64,
) -> Option<i32> {
    if pungs == 0 {
        return seven_pairs_need(set, rules, c, used);
    }
    (from..set.playing_kinds())
        .filter_map(|k| {
            let lack = 3 - i32::from(c[k]).min(3);
            Some(lack + pung_pairs_need(set, rules, c, pungs - 1, k + 1, used | 1 << k)?)
        })
        .min()
}

/// Tiles still needed for seven pairs from the kinds not in `used`.
fn seven_pairs_need(set: &TileSet, rules: &FormRules, c: &Counts, used: u64) -> Option<i32> {
    // Each kind offers one pair slot (two when four equal tiles count as two pairs). A slot costs
    // 0 draws if its pair is held, 1 if one tile is, 2 otherwise; the cheapest seven slots give
    // the tiles still needed, and shanten is one less.
    let cap = if rules.seven_pairs_allow_four { 2 } else { 1 };
    let (mut full, mut half, mut empty) = (0i32, 0i32, 0i32);
    for (k, &n) in c[..set.playing_kinds()].iter().enumerate() {
        if used & 1 << k != 0 {
            continue;
        }
        let f = (n as i32 / 2).min(cap);
        let h = i32::from(f < cap && n as i32 > 2 * f);
        full += f;
        half += h;
        empty += cap - f - h;
    }
    if full + half + empty < 7 {
        return None;
    }
    let f = full.min(7);
    let h = half.min(7 - f);
    let e = 7 - f - h;
    Some(h + 2 * e)
}

/// Shanten per enabled form. `melds` is the number of declared melds. Hands of 3n+1 and 3n+2
/// tiles are both accepted (a 3n+2 hand's figure is that after its best discard).
pub fn shanten(set: &TileSet, rules: &FormRules, melds: usize, concealed: &Counts) -> Shanten {
    compute(set, rules, melds, concealed, false)
}

/// `shanten(..).best()`, faster: forms that cannot beat the best figure found so far are not
/// worked out in full. This is what a bot ranking discards and claims wants.
pub fn shanten_best(set: &TileSet, rules: &FormRules, melds: usize, concealed: &Counts) -> i8 {
    compute(set, rules, melds, concealed, true).best()
}

/// Shanten per form; with `best_only`, a form whose lower bound already reaches the best other
/// figure may be left `None` or above its true value, which leaves `best()` unchanged.
fn compute(set: &TileSet, rules: &FormRules, melds: usize, concealed: &Counts, best_only: bool) -> Shanten {
    let mut out = Shanten::default();
    let Some(total) = concealed_total(set, concealed) else {
        return out;
    };
    let size = total + 3 * melds;
    let rem = size % 3;
    if rem == 0 || total == 0 {
        return out;
    }
    let c = concealed;
    let closed = melds == 0 && (total == 13 || total == 14);
    let pairs_size = 13 + 3 * usize::from(rules.seven_pairs_pungs);
    if rules.seven_pairs && melds == 0 && (total == pairs_size || total == pairs_size + 1) {
        out.seven_pairs = seven_pairs_shanten(set, rules, c);
    }
    if let Some(mask) = orphan_mask(set, rules) {
        let kinds = mask.count_ones() as usize;
        if melds == 0 && (total == kinds || total == kinds + 1) {
            let have = presence(c) & mask;
            let mut m = have;
            let mut dup = false;
            while m != 0 && !dup {
                dup = c[m.trailing_zeros() as usize] >= 2;
                m &= m - 1;
            }
            out.orphans = Some(kinds as i8 - have.count_ones() as i8 - i8::from(dup));
        }
    }
    let knitted_straight = rules.knitted_straight && melds <= 1 && (size == 13 || size == 14);
    let knits = if (rules.honours_knitted && closed) || knitted_straight {
        *Knits::of(set)
    } else {
        Knits::default()
    };
    if rules.honours_knitted && closed {
        let honours = honour_mask(set);
        let have = presence(c);
        out.honours_knitted = knits
            .iter()
            .filter(|k| (k | honours).count_ones() >= 14)
            .map(|k| 13 - (have & (k | honours)).count_ones() as i8)
            .min();
    }
    if !(rules.standard || knitted_straight && knits.len > 0) {
        return out;
    }
    TABLES.with(|tables| {
        let tables = &mut *tables.borrow_mut();
        let honours = tables.honours(set, c);
        if rules.standard {
            let need = (size - 1) / 3 - melds;
            out.standard = Some(standard_from(&tables.suits(set, c), &honours, need));
        }
        if knitted_straight && knits.len > 0 {
            // Knit k costs (9 - held) draws plus the standard shanten of the rest, which is at
            // least -1: skip knits whose bound cannot improve on the best found (or, for
            // `best_only`, on the best of any form).
            let have = presence(c);
            let others = if best_only { out.best() } else { i8::MAX };
            let mut best: Option<i8> = None;
            for k in knits.iter() {
                let held_n = (have & k).count_ones();
                if 8 - held_n as i8 >= best.unwrap_or(i8::MAX).min(others) {
                    continue;
                }
                let mut rest = *c;
                let mut m = have & k;
                while m != 0 {
                    rest[m.trailing_zeros() as usize] -= 1;
                    m &= m - 1;
                }
                let v = (9 - held_n as i8) + standard_from(&tables.suits(set, &rest), &honours, 1 - melds);
                best = Some(best.map_or(v, |b| b.min(v)));
            }
            out.knitted_straight = best;
        }
    });
    out
}
