//! Picks of a reading's sets: the sets of one kind in the order group patterns see them, every
//! subset of a given size, and how many of them a group pattern accepts (accounting "all"). The
//! scorer, the "once" accounting and the explanation of a score all pick sets this way.

use crate::cond::{suit_rank, Facts, Group, Pick};
use crate::lang::GroupKind;
use mj_core::{Reading, SetKind};

/// The first tiles of a reading's sets of one group kind, sorted: the order combination fans are
/// tried in. A hand has at most seven pairs or six sets, so this lives on the stack.
pub(crate) fn group_tiles(kind: GroupKind, r: &Reading) -> ([usize; 8], usize) {
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

/// Every `count`-subset of the reading's sets of the group's kind that matches (accounting "all").
pub fn count_groups(g: &Group, f: &Facts) -> usize {
    let (tiles, n) = group_tiles(g.kind, f.reading);
    if g.count > n {
        return 0;
    }
    let sr = suit_ranks(f, &tiles[..n]);
    let mut found = 0;
    for_each_subset(n, g.count, |idx| {
        if g.accepts(&pick(&sr, &tiles, idx), f) {
            found += 1;
        }
        true
    });
    found
}

/// Suit and rank of each set's first tile, looked up once per reading for every pick.
pub(crate) fn suit_ranks(f: &Facts, tiles: &[usize]) -> [(u8, u8, bool); 8] {
    let mut sr = [(0u8, 0u8, false); 8];
    for (x, &t) in sr.iter_mut().zip(tiles) {
        *x = suit_rank(f.set, t);
    }
    sr
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
