//! Waits and shanten (distance to ready) of incomplete hands.
//!
//! Shanten is computed from shapes alone, like [`crate::decompose::is_win`]: it does not know how
//! many copies of a tile are still unseen. So a hand whose only completions are tiles it already
//! holds every copy of (e.g. `1111m` waiting on the fifth `1m`) is shanten 0 yet has no
//! [`waits`]. Callers that care (a "no real wait" warning) compare the two.

use crate::decompose::{
    all_sets, concealed_total, honour_range, is_win, orphan_mask, presence, sets_and_pair, SUIT_BUF,
};
use crate::meld::Meld;
use crate::reading::FormRules;
use crate::suit_shapes::{self, Part, SuitShapes, POW5};
use crate::tile::{Counts, Knits, Tile, TileSet};

pub use crate::shanten::{shanten, shanten_best, Shanten};

/// Tiles that complete a 3n+1 hand, in id order, skipping tiles whose every copy is already in the
/// hand (concealed + melds), since those cannot be drawn or claimed. Empty for a hand of the
/// wrong size or with tiles no hand can hold.
pub fn waits(set: &TileSet, rules: &FormRules, melds: &[Meld], concealed: &Counts) -> Vec<Tile> {
    let mut out = Vec::new();
    let Some(total) = concealed_total(set, concealed) else {
        return out;
    };
    if (total + 3 * melds.len()) % 3 != 1 {
        return out;
    }
    let mut held = *concealed;
    for m in melds {
        let t = m.tile();
        if t.id() >= set.playing_kinds() {
            return out;
        }
        match m {
            Meld::Chow { .. } => {
                for k in 0..3 {
                    let Some(x) = set.step(t, k) else { return out };
                    held[x.id()] = held[x.id()].saturating_add(1);
                }
            }
            _ => held[t.id()] = held[t.id()].saturating_add(m.len() as u8),
        }
    }
    // Standard and seven-pairs completions touch a tile already held or a neighbour; the
    // knitted forms can be completed by tiles far from anything held, so they try every kind.
    let knits = Knits::of(set).len > 0;
    let everywhere = knits
        && ((rules.honours_knitted && melds.is_empty()) || (rules.knitted_straight && melds.len() <= 1));
    let orphans = orphan_mask(set, rules).unwrap_or(0);
    let near = if everywhere {
        u64::MAX
    } else {
        neighbourhood(set, concealed) | orphans
    };
    let mut c = *concealed;
    for id in 0..set.playing_kinds() {
        let t = Tile::from_id(id);
        if near >> id & 1 == 0 || held[id] >= set.copies(t) {
            continue;
        }
        c[id] += 1;
        if is_win(set, rules, melds.len(), &c) {
            out.push(t);
        }
        c[id] -= 1;
    }
    out
}

/// Every kind that completes `before` (a 3n+1 hand) by shape alone, copies in sight not
/// mattering, as a bit mask over tile ids. This is the question "did the hand have exactly one
/// winning tile" asks (独听), which is judged on the shape, not on what is left in the wall.
///
/// The standard form is decided per suit: adding one tile changes one suit only, so each suit's
/// verdict is computed once and a candidate costs one suit check instead of a whole-hand test.
pub fn shape_waits(set: &TileSet, rules: &FormRules, melds: usize, before: &Counts) -> u64 {
    shape_waits_up_to(set, rules, melds, before, u32::MAX)
}

/// Like [`shape_waits`], but may stop once `limit` waits are found: "is this the only wait" needs
/// to see a second one, not all of them.
pub fn shape_waits_up_to(set: &TileSet, rules: &FormRules, melds: usize, before: &Counts, limit: u32) -> u64 {
    let Some(total) = concealed_total(set, before) else {
        return 0;
    };
    if (total + 3 * melds) % 3 != 1 {
        return 0;
    }
    let mut mask = 0u64;
    if rules.standard {
        mask |= standard_shape_waits(set, before, limit);
        if mask.count_ones() >= limit {
            return mask;
        }
    }
    if rules.seven_pairs && rules.seven_pairs_pungs == 0 && melds == 0 && total == 13 {
        let mut odd = (0..set.playing_kinds()).filter(|&i| before[i] % 2 == 1);
        if let (Some(i), None) = (odd.next(), odd.next()) {
            if before[i] == 1 || rules.seven_pairs_allow_four {
                mask |= 1 << i;
            }
        }
    }
    // Seven pairs with pungs beside them are tried tile by tile like the rare forms.
    let pung_pairs = rules.seven_pairs && rules.seven_pairs_pungs > 0;
    let others = !rules.orphans.is_empty() || rules.honours_knitted || rules.knitted_straight || pung_pairs;
    if others {
        let rest = FormRules {
            standard: false,
            seven_pairs: pung_pairs,
            ..rules.clone()
        };
        let mut c = *before;
        for id in 0..set.playing_kinds() {
            c[id] += 1;
            if is_win(set, &rest, melds, &c) {
                mask |= 1 << id;
            }
            c[id] -= 1;
        }
    }
    mask
}

/// Verdict of one suit on its own, `tiles` being its number of tiles: looked up in the suit's
/// table when it has one and the pattern is in it, else split.
fn suit_part(a: &[u8; SUIT_BUF], len: usize, table: Option<(&SuitShapes, usize)>, tiles: usize) -> Part {
    if let Some(p) = table.and_then(|(t, idx)| t.part(idx, tiles)) {
        return p;
    }
    match tiles % 3 {
        0 => {
            let mut b = *a;
            if all_sets(&mut b, len) {
                Part::Sets
            } else {
                Part::Broken
            }
        }
        2 if sets_and_pair(a, len) => Part::WithPair,
        _ => Part::Broken,
    }
}

fn honour_part(counts: &[u8]) -> Part {
    let mut pairs = 0;
    for &n in counts {
        match n % 3 {
            0 => {}
            2 => pairs += 1,
            _ => return Part::Broken,
        }
    }
    match pairs {
        0 => Part::Sets,
        1 => Part::WithPair,
        _ => Part::Broken,
    }
}

fn standard_shape_waits(set: &TileSet, before: &Counts, limit: u32) -> u64 {
    // Groups: each suit, then the honours. A winning tile goes into one group; every other group
    // must already be complete, and exactly one group in all holds the pair. A tile set has at
    // most three suits (the notation's m, p, s), so four groups.
    let suits = set.suits();
    let ns = suits.len().min(3);
    let hon = honour_range(set);
    let mut parts = [Part::Sets; 4];
    let mut bufs = [[0u8; SUIT_BUF]; 3];
    // Per suit: its table and the pattern's index in it, and its number of tiles.
    let mut tables: [Option<(&SuitShapes, usize)>; 3] = [None; 3];
    let mut sums = [0usize; 3];
    for (g, s) in suits.iter().take(ns).enumerate() {
        let first = s.first as usize;
        let held = &before[first..first + s.len()];
        bufs[g][..s.len()].copy_from_slice(held);
        sums[g] = held.iter().map(|&n| n as usize).sum();
        tables[g] = SuitShapes::of_len(s.len()).zip(suit_shapes::index(held));
        parts[g] = suit_part(&bufs[g], s.len(), tables[g], sums[g]);
    }
    parts[ns] = honour_part(&before[hon.clone()]);
    let parts = &parts[..=ns];
    let broken = parts.iter().filter(|p| **p == Part::Broken).count();
    if broken > 1 {
        return 0;
    }
    let mut mask = 0u64;
    for g in 0..parts.len() {
        if broken == 1 && parts[g] != Part::Broken {
            continue;
        }
        let outside = parts
            .iter()
            .enumerate()
            .filter(|(i, p)| *i != g && **p == Part::WithPair)
            .count();
        if outside > 1 {
            continue;
        }
        let want = if outside == 1 { Part::Sets } else { Part::WithPair };
        if g < ns {
            let s = &suits[g];
            let len = s.len();
            // One more tile must leave the group complete: sets alone (a multiple of three
            // tiles) or sets and the pair (two over).
            let sum = sums[g];
            if (sum + 1) % 3 != if want == Part::Sets { 0 } else { 2 } {
                continue;
            }
            // Every set's ranks (counted from the suit's first) sum to a multiple of three, so a
            // group of sets alone fixes the added tile's rank modulo three.
            let weighted: usize = (0..len).map(|i| i * bufs[g][i] as usize).sum();
            let rank_class = (3 - weighted % 3) % 3;
            // A winning tile is held or within two ranks of a held tile: the candidates as a
            // mask of ranks (a suit has at most 12), narrowed to the rank class when it counts.
            let ranks = (1u32 << len) - 1;
            let held = (0..len).fold(0u32, |m, i| m | u32::from(bufs[g][i] != 0) << i);
            let near = (held | held << 1 | held << 2 | held >> 1 | held >> 2) & ranks;
            let class = if want == Part::Sets {
                0b1001_0010_0100_1001 << rank_class
            } else {
                ranks
            };
            for r in crate::tile::ids(u64::from(near & class)) {
                let mut a = bufs[g];
                a[r] += 1;
                // The index of the pattern with the tile added, if it still has at most four.
                let table = tables[g].filter(|_| a[r] <= 4).map(|(t, idx)| (t, idx + POW5[r]));
                if suit_part(&a, s.len(), table, sum + 1) == want {
                    mask |= 1 << (s.first as usize + r);
                    if mask.count_ones() >= limit {
                        return mask;
                    }
                }
            }
        } else {
            let mut h = *before;
            for id in hon.clone() {
                h[id] += 1;
                if honour_part(&h[hon.clone()]) == want {
                    mask |= 1 << id;
                    if mask.count_ones() >= limit {
                        return mask;
                    }
                }
                h[id] -= 1;
            }
        }
    }
    mask
}

/// Kinds held or one rank from a held tile of the same suit. A tile completing a pair or pung is
/// held already, and one completing a chow has a held chow-mate adjacent to it (the middle tile
/// of a closed wait is next to both ends), so nothing farther can be a standard or pairs wait.
fn neighbourhood(set: &TileSet, c: &Counts) -> u64 {
    let have = presence(c);
    let mut near = have;
    for s in set.suits() {
        let first = s.first as usize;
        let suit_mask = ((1u64 << s.len()) - 1) << first;
        let h = have & suit_mask;
        near |= (h << 1 | h >> 1) & suit_mask;
    }
    near
}
