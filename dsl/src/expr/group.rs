//! Set patterns at work: which picks of a reading's sets a [`Group`] accepts, how many times it
//! occurs, and whether a reading is a [`Shape`]. Picks of sets (the sets of one kind in the order
//! group patterns see them, every subset of a given size) are made here for the scorer, the "once"
//! accounting and the explanation of a score alike.

use super::facts::{suit_rank, Facts, Groups};
use super::ir::{Group, Shape};
use mj_core::{Form, SetKind, TileSet};

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
        // A pick holds a few sets: an insertion sort in place, without the call of a general sort.
        for i in 1..n {
            let mut j = i;
            while j > 0 && p.ranks[j - 1] > p.ranks[j] {
                p.ranks.swap(j - 1, j);
                j -= 1;
            }
        }
        p
    }
}

impl Group {
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

    /// Whether the pattern says anything of suits or ranks (then only suited sets match it).
    fn needs_suits(&self) -> bool {
        self.same_suit
            || self.different_suits
            || self.same_rank
            || self.ranks.is_some()
            || !self.steps.is_empty()
    }

    /// A necessary condition for any pick of the sets `sr` (suit and rank of each, as
    /// [`Groups`] holds them; `tiles` their first tiles) to match: enough sets the class
    /// `allowed` admits, and among them enough of one suit, of one rank, of different suits and
    /// of each rank the pattern names. Tested once per reading and group, it spares most readings
    /// the walk over every pick: on most a pattern such as "3 chows: different suits, same rank"
    /// fails already here.
    fn may_match(&self, sr: &[(u8, u8, bool)], tiles: &[usize], allowed: u64) -> bool {
        let needs_suits = self.needs_suits();
        let mut by_suit = [0u8; 32];
        // Ranks past 31 share the last slot: a count can only grow, so the test stays necessary.
        let mut by_rank = [0u8; 32];
        let mut usable = 0usize;
        for (&(s, r, suited), &t) in sr.iter().zip(tiles) {
            if 1u64.wrapping_shl(t as u32) & !allowed != 0 || (needs_suits && !suited) {
                continue;
            }
            usable += 1;
            by_suit[s as usize & 31] += 1;
            by_rank[(r as usize).min(31)] += 1;
        }
        if usable < self.count {
            return false;
        }
        if !needs_suits {
            return true;
        }
        let most = |h: &[u8; 32]| h.iter().copied().max().unwrap_or(0) as usize;
        if (self.same_suit && most(&by_suit) < self.count)
            || (self.same_rank && most(&by_rank) < self.count)
            || (self.different_suits && by_suit.iter().filter(|&&c| c > 0).count() < self.count)
        {
            return false;
        }
        // The named ranks, sorted: each run of one rank needs that many sets of it.
        let want = self.ranks.as_deref().unwrap_or(&[]);
        want.chunk_by(|a, b| a == b)
            .all(|run| by_rank[(run[0] as usize).min(31)] as usize >= run.len())
    }

    /// How many picks match, worked out from counts instead of trying every pick, for the
    /// patterns of sets of one rank (`same rank` with `same suit`, `different suits` or neither:
    /// identical chows, 三色同顺, 三色同刻): every pick is then sets of one rank, and their number
    /// per rank follows from how many usable sets each suit has there. `None` for other patterns.
    fn count_by_rank(&self, sr: &[(u8, u8, bool)], tiles: &[usize], allowed: u64) -> Option<usize> {
        let k = self.count;
        if !self.same_rank
            || self.ranks.is_some()
            || !self.steps.is_empty()
            || (self.same_suit && self.different_suits)
            || k == 0
            || k > 8
        {
            return None;
        }
        // The usable sets (in the class, of a suit) as (rank, suit), sorted so that each rank and,
        // within it, each suit is one run.
        let mut sets = [(0u8, 0u8); 8];
        let mut m = 0;
        for (&(s, r, suited), &t) in sr.iter().zip(tiles) {
            if suited && 1u64.wrapping_shl(t as u32) & !allowed == 0 && m < 8 {
                sets[m] = (r, s);
                m += 1;
            }
        }
        let sets = &mut sets[..m];
        sets.sort_unstable();
        let mut found = 0;
        for rank in sets.chunk_by(|a, b| a.0 == b.0) {
            found += if self.same_suit {
                rank.chunk_by(|a, b| a == b)
                    .map(|suit| choose(suit.len(), k))
                    .sum()
            } else if self.different_suits {
                // One set from each of k different suits: the k-th elementary symmetric sum of
                // the per-suit counts.
                let mut e = [0usize; 9];
                e[0] = 1;
                for suit in rank.chunk_by(|a, b| a == b) {
                    for j in (1..=k).rev() {
                        e[j] += e[j - 1] * suit.len();
                    }
                }
                e[k]
            } else {
                choose(rank.len(), k)
            };
        }
        Some(found)
    }

    /// [`Group::accepts`] but for the tile class: the number of sets, suits and ranks.
    pub fn accepts_pattern(&self, p: &Pick) -> bool {
        let n = p.n;
        if n != self.count {
            return false;
        }
        if !self.needs_suits() {
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
            // Compared as numbers rather than through memcmp: a pick holds a few sets.
            if want.len() != r.len() || want.iter().zip(r).any(|(a, b)| a != b) {
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

impl Shape {
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

/// Every `count`-subset of the reading's sets of the group's kind that matches (accounting "all").
pub fn count_groups(g: &Group, f: &Facts) -> usize {
    let Groups { tiles, n, sr } = f.groups(g.kind);
    let n = *n;
    if g.count > n {
        return 0;
    }
    // The class is the same for every pick: worked out once ([`Group::accepts`] per pick).
    let allowed = g.tiles.as_ref().map_or(u64::MAX, |c| c.eval(f));
    if !g.may_match(&sr[..n], &tiles[..n], allowed) {
        return 0;
    }
    let walk = || {
        let mut found = 0;
        for_each_subset(n, g.count, |idx| {
            let p = pick(sr, tiles, idx);
            if p.mask & !allowed == 0 && g.accepts_pattern(&p) {
                found += 1;
            }
            true
        });
        found
    };
    match g.count_by_rank(&sr[..n], &tiles[..n], allowed) {
        Some(found) => {
            debug_assert_eq!(found, walk(), "count_by_rank against the walk over every pick");
            found
        }
        None => walk(),
    }
}

/// `n` choose `k`, for the few sets of a reading.
fn choose(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// The [`Pick`] of the sets at positions `idx`.
pub(crate) fn pick(sr: &[(u8, u8, bool); 8], tiles: &[usize; 8], idx: &[usize]) -> Pick {
    let mut s = [(0u8, 0u8, false); 8];
    let mut t = [0usize; 8];
    let k = idx.len().min(8);
    for (j, &i) in idx[..k].iter().enumerate() {
        s[j] = sr[i];
        t[j] = tiles[i];
    }
    Pick::from_suit_ranks(&s[..k], &t[..k])
}

/// Calls `visit` with every k-subset of 0..n in lexicographic order until it returns false.
pub(crate) fn for_each_subset(n: usize, k: usize, mut visit: impl FnMut(&[usize]) -> bool) {
    if k > n || k == 0 || k > 8 {
        return;
    }
    let mut idx = [0usize; 8];
    for (i, x) in idx.iter_mut().enumerate().take(k) {
        *x = i;
    }
    loop {
        if !visit(&idx[..k]) {
            return;
        }
        // Find the rightmost index that can still move right.
        let Some(i) = (0..k).rev().find(|&i| idx[i] != i + n - k) else {
            return;
        };
        idx[i] += 1;
        for j in i + 1..k {
            idx[j] = idx[j - 1] + 1;
        }
    }
}
