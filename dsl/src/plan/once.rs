//! Combination fans over sets of one kind under accounting "once" (套算一次): the Chinese Official
//! principles for chow and pung group fans. A group pattern's verdict on two or three sets depends
//! only on the sets' first tiles, so it is tabulated once (on first use) for every pair and triple
//! of tile kinds; sharing out a reading's sets then costs a few table lookups instead of trying every
//! pattern on every pick of sets.

use super::Step;
use crate::expr::GroupKind;
use crate::expr::{bits, Class, Facts, Pick};
use mj_core::TileSet;

/// Most group fans of one kind (chows, or pungs) a ruleset may share out by accounting "once":
/// each is a bit of a `u64` while a reading is judged.
pub const MAX_ONCE_FANS: usize = 64;

/// Most fans of one kind the tables hold (a `u32` of verdicts per pick of sets); with more, every
/// pick is judged pattern by pattern.
const MAX_TABLED_FANS: usize = 32;

/// The group fans of one kind under accounting "once", in table order, with their verdicts on
/// every pair and triple of sets tabulated. Bit `k` of every mask is `steps[k]`.
#[derive(Clone, Debug, Default)]
pub struct OnceFans {
    pub steps: Vec<Step>,
    /// Per number of sets a pattern takes (1 to 8): the steps taking that many.
    by_arity: [u64; 9],
    /// Steps whose tile class depends on the hand (`seat_wind`, `winning`): the tables leave the
    /// class out and it is checked per reading.
    hand_class: u64,
    /// Built on the first reading shared out, so that loading a ruleset (`mj check`, `mj doc`, a
    /// server start) does not pay for them.
    tables: std::sync::OnceLock<Tables>,
}

/// The verdicts of [`OnceFans`] on picks of two and three sets.
#[derive(Clone, Debug, Default)]
struct Tables {
    /// Tile kinds the tables index (0 when none are built).
    kinds: usize,
    /// At [`pair_index`] of sets starting at tiles `a <= b`: the two-set steps they satisfy.
    /// Indexing only sorted picks keeps the tables a few kilobytes, so they stay in cache.
    pairs: Vec<u32>,
    /// At [`triple_index`] of `a <= b <= c`: the three-set steps they satisfy.
    triples: Vec<u32>,
}

/// Position of the sorted pair `a <= b` among all sorted pairs.
#[inline]
fn pair_index(a: usize, b: usize) -> usize {
    b * (b + 1) / 2 + a
}

/// Position of the sorted triple `a <= b <= c` among all sorted triples.
#[inline]
fn triple_index(a: usize, b: usize, c: usize) -> usize {
    c * (c + 1) * (c + 2) / 6 + pair_index(a, b)
}

impl OnceFans {
    /// The fans `steps` (at most [`MAX_ONCE_FANS`]; the loader refuses more, and any extra would
    /// be ignored), each with a group of the same kind.
    pub fn new(steps: Vec<Step>) -> OnceFans {
        let mut once = OnceFans {
            steps,
            ..OnceFans::default()
        };
        once.steps.truncate(MAX_ONCE_FANS);
        for (k, step) in once.steps.iter().enumerate() {
            if let Some(g) = &step.group {
                once.by_arity[g.count.min(8)] |= 1 << k;
                if !matches!(g.tiles, None | Some(Class::Mask(_))) {
                    once.hand_class |= 1 << k;
                }
            }
        }
        once
    }

    /// The tables for tile set `set`: empty (every pick judged pattern by pattern) when there
    /// are too many fans or tile kinds for them.
    fn tables(&self, set: &TileSet) -> &Tables {
        self.tables.get_or_init(|| {
            let n = set.playing_kinds();
            let mut t = Tables::default();
            if self.steps.is_empty() || self.steps.len() > MAX_TABLED_FANS || n == 0 || n > 64 {
                return t;
            }
            t.kinds = n;
            // Only tiles a set of this kind can start at are ever looked up (a chow starts at
            // rank 7 at most): the other entries stay empty, a quarter of the work for chows.
            let chows = self
                .steps
                .iter()
                .any(|s| s.group.as_ref().is_some_and(|g| g.kind == GroupKind::Chows));
            let starts: Vec<usize> = (0..n)
                .filter(|&t| !chows || set.tile(t).is_some_and(|t| set.chow_start(t)))
                .collect();
            t.pairs = vec![0; pair_index(0, n)];
            for (j, &b) in starts.iter().enumerate() {
                for &a in &starts[..=j] {
                    t.pairs[pair_index(a, b)] = self.tabulate(set, &[a, b]);
                }
            }
            if self.by_arity[3] != 0 {
                t.triples = vec![0; triple_index(0, 0, n)];
                for (k, &c) in starts.iter().enumerate() {
                    for (j, &b) in starts[..=k].iter().enumerate() {
                        for &a in &starts[..=j] {
                            t.triples[triple_index(a, b, c)] = self.tabulate(set, &[a, b, c]);
                        }
                    }
                }
            }
            t
        })
    }

    /// The steps taking `tiles.len()` sets that accept sets starting at `tiles`, a class that
    /// depends on the hand counted as accepting.
    fn tabulate(&self, set: &TileSet, tiles: &[usize]) -> u32 {
        let p = Pick::new(set, tiles);
        let mut found = 0;
        for k in bits(self.by_arity[tiles.len()]) {
            let Some(g) = &self.steps[k].group else {
                continue;
            };
            let class_ok = match &g.tiles {
                Some(Class::Mask(m)) => p.mask() & !m == 0,
                _ => true,
            };
            if class_ok && g.accepts_pattern(&p) {
                found |= 1 << k;
            }
        }
        found
    }

    /// Whether there are any such fans.
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// The steps a reading may score at all: gate passed and condition true.
    pub fn live(&self, f: &Facts) -> u64 {
        let mut live = 0;
        for (k, step) in self.steps.iter().enumerate() {
            if f.admits(&step.gate) && step.when.as_ref().is_none_or(|w| w.eval(f) != 0) {
                live |= 1 << k;
            }
        }
        live
    }

    /// The steps among `live` satisfied by the sets starting at `tiles` (ascending), as many as
    /// the steps take.
    fn accepting(&self, t: &Tables, live: u64, tiles: &[usize], f: &Facts) -> u64 {
        let wanted = live & self.by_arity.get(tiles.len()).copied().unwrap_or(0);
        if wanted == 0 {
            return 0;
        }
        let n = t.kinds;
        let tabled = match *tiles {
            [a, b] if a <= b && b < n => t.pairs.get(pair_index(a, b)).copied(),
            [a, b, c] if a <= b && b <= c && c < n => t.triples.get(triple_index(a, b, c)).copied(),
            _ => None,
        };
        match tabled {
            Some(found) => {
                let mut found = u64::from(found) & wanted;
                let by_hand = found & self.hand_class;
                if by_hand != 0 {
                    let mask = tiles.iter().fold(0u64, |m, &t| m | 1 << t);
                    for k in bits(by_hand) {
                        let admits = match self.steps[k].group.as_ref().and_then(|g| g.tiles.as_ref()) {
                            Some(c) => mask & !c.eval(f) == 0,
                            None => true,
                        };
                        if !admits {
                            found &= !(1 << k);
                        }
                    }
                }
                found
            }
            None => {
                let p = Pick::new(f.set, tiles);
                let mut found = 0;
                for k in bits(wanted) {
                    if self.steps[k].group.as_ref().is_some_and(|g| g.accepts(&p, f)) {
                        found |= 1 << k;
                    }
                }
                found
            }
        }
    }

    /// For every step among `wanted` (by bit, as in `live`): how many picks of the sets starting
    /// at `tiles` (ascending) its group accepts, every pick counted, which is what
    /// [`count_groups`](crate::expr::count_groups) finds for that group alone. One walk over the
    /// picks serves every step, each pick looked up once in the tables, where counting step by
    /// step walked them again per fan; the explanation of a score asks this of every "once" fan
    /// its gate admits (checked against `count_groups` in debug builds).
    pub fn count_picks(&self, wanted: u64, tiles: &[usize], f: &Facts) -> [u32; MAX_ONCE_FANS] {
        let mut counts = [0u32; MAX_ONCE_FANS];
        let t = self.tables(f.set);
        let n = tiles.len().min(8);
        let tiles = &tiles[..n];
        for arity in 1..=n {
            let live = wanted & self.by_arity[arity];
            if live == 0 || self.count_tabled(t, live, tiles, arity, &mut counts) {
                continue;
            }
            crate::expr::for_each_subset(n, arity, |idx| {
                let mut picked = [0usize; 8];
                for (slot, &i) in picked.iter_mut().zip(idx) {
                    *slot = tiles[i];
                }
                for k in bits(self.accepting(t, live, &picked[..arity], f)) {
                    counts[k] += 1;
                }
                true
            });
        }
        // A pattern of no sets, or of more than a reading holds, is left to the general count.
        for k in bits(wanted & !self.by_arity[1..=8].iter().fold(0, |m, a| m | a)) {
            if let Some(g) = &self.steps[k].group {
                counts[k] = crate::expr::count_groups(g, f) as u32;
            }
        }
        #[cfg(debug_assertions)]
        for k in bits(wanted) {
            if let Some(g) = &self.steps[k].group {
                assert_eq!(
                    counts[k] as usize,
                    crate::expr::count_groups(g, f),
                    "count_picks of step {k} against count_groups"
                );
            }
        }
        counts
    }

    /// [`OnceFans::count_picks`] for the `live` steps taking `arity` sets, straight from the
    /// tables: every pair (or triple) of `tiles` (ascending) looked up in a plain loop, where
    /// [`OnceFans::accepting`] per pick spent most of its time deciding how to judge it. Says
    /// whether it counted: not when the picks are not tabled (more than two or three sets, a
    /// class that depends on the hand, tiles beyond the tables), which are then judged pick by
    /// pick.
    fn count_tabled(&self, t: &Tables, live: u64, tiles: &[usize], arity: usize, counts: &mut [u32]) -> bool {
        // Tables not built (too many fans or kinds) are empty, and their `kinds` 0.
        let built = if arity == 3 { &t.triples } else { &t.pairs };
        let in_tables = tiles.last().is_none_or(|&last| last < t.kinds);
        if built.is_empty() || !in_tables || live & self.hand_class != 0 || !tiles.is_sorted() {
            return false;
        }
        // Fewer than `MAX_TABLED_FANS` steps when tabled: their bits fit the tables' `u32`.
        let live = live as u32;
        let mut add = |found: Option<&u32>| {
            for k in bits(u64::from(found.copied().unwrap_or(0) & live)) {
                counts[k] += 1;
            }
        };
        match arity {
            2 => {
                for (j, &b) in tiles.iter().enumerate() {
                    for &a in &tiles[..j] {
                        add(t.pairs.get(pair_index(a, b)));
                    }
                }
            }
            3 => {
                for (k, &c) in tiles.iter().enumerate() {
                    for (j, &b) in tiles[..k].iter().enumerate() {
                        for &a in &tiles[..j] {
                            add(t.triples.get(triple_index(a, b, c)));
                        }
                    }
                }
            }
            _ => return false,
        }
        true
    }

    /// The first fan in table order among `live` satisfied by the sets at positions `idx` of
    /// `tiles`, `t` being [`OnceFans::tables`].
    fn first_match(&self, t: &Tables, live: u64, tiles: &[usize], idx: &[usize], f: &Facts) -> Option<usize> {
        let mut picked = [0usize; 8];
        let k = idx.len().min(8);
        for (slot, &i) in picked.iter_mut().zip(&idx[..k]) {
            *slot = tiles[i];
        }
        let found = self.accepting(t, live, &picked[..k], f);
        (found != 0).then(|| self.steps[found.trailing_zeros() as usize].fan)
    }

    /// Shares out the sets starting at `tiles` (ascending) among the `live` steps, calling `add`
    /// once per fan scored: the largest group fan wins and stops smaller ones; after a three-set
    /// fan a leftover set combines once with a used set; without one, pairwise fans are capped at
    /// one fewer than the sets that take part, trimming repeated fans first, lowest in the table
    /// first (不得相同, 不拆移, 套算一次). `add` also gets the positions in `tiles` of the sets the
    /// fan was counted on, for the explanation of a score.
    pub fn account(&self, live: u64, tiles: &[usize], f: &Facts, mut add: impl FnMut(usize, &[usize])) {
        let t = self.tables(f.set);
        let n = tiles.len().min(8);
        let tiles = &tiles[..n];
        let max_arity = (1..=8).rev().find(|&a| live & self.by_arity[a] != 0).unwrap_or(0);
        for arity in (3..=max_arity.min(n)).rev() {
            let mut found: Option<(usize, [usize; 8])> = None;
            crate::expr::for_each_subset(n, arity, |idx| {
                if let Some(fan) = self.first_match(t, live, tiles, idx, f) {
                    let mut used = [usize::MAX; 8];
                    used[..arity].copy_from_slice(idx);
                    found = Some((fan, used));
                    return false;
                }
                true
            });
            if let Some((fan, used)) = found {
                let used = &used[..arity];
                add(fan, used);
                // Each leftover set may combine once with a used one: the best pairwise fan.
                for l in (0..n).filter(|i| !used.contains(i)) {
                    let best = used
                        .iter()
                        .filter_map(|&u| {
                            let (a, b) = if u < l { (u, l) } else { (l, u) };
                            self.first_match(t, live, tiles, &[a, b], f)
                                .map(|fan| (fan, [a, b]))
                        })
                        .min();
                    if let Some((b, pair)) = best {
                        add(b, &pair);
                    }
                }
                return;
            }
        }
        if n < 2 || live & self.by_arity[2] == 0 {
            return;
        }
        // Pairwise relations: at most one fan per pair of sets.
        let mut related = [false; 8];
        let mut per_fan: [(usize, u32); 16] = [(usize::MAX, 0); 16];
        // Every related pair with its fan, in the order found: the pairs a fan is counted on
        // are its first ones.
        let mut pairs = [(usize::MAX, 0u8, 0u8); 28];
        let mut found = 0;
        let mut kinds = 0;
        let mut total = 0usize;
        for i in 0..n {
            for j in i + 1..n {
                if let Some(fan) = self.first_match(t, live, tiles, &[i, j], f) {
                    if let Some(slot) = pairs.get_mut(found) {
                        *slot = (fan, i as u8, j as u8);
                        found += 1;
                    }
                    related[i] = true;
                    related[j] = true;
                    total += 1;
                    if let Some(e) = per_fan[..kinds].iter_mut().find(|e| e.0 == fan) {
                        e.1 += 1;
                    } else if kinds < per_fan.len() {
                        per_fan[kinds] = (fan, 1);
                        kinds += 1;
                    }
                }
            }
        }
        let isolated = related[..n].iter().filter(|r| !**r).count();
        let cap = (n as i64 - 1 - isolated as i64).max(0) as usize;
        let per_fan = &mut per_fan[..kinds];
        per_fan.sort_unstable();
        // Trim: first repeated fans down to one each, then to none, lowest in the table first.
        for limit in [1u32, 0] {
            for e in per_fan.iter_mut().rev() {
                while total > cap && e.1 > limit {
                    e.1 -= 1;
                    total -= 1;
                }
            }
        }
        for &(fan, c) in per_fan.iter() {
            let on = pairs[..found].iter().filter(|p| p.0 == fan);
            for &(_, i, j) in on.take(c as usize) {
                add(fan, &[usize::from(i), usize::from(j)]);
            }
        }
    }
}
