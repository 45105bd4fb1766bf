//! Win decomposition: deciding whether a hand is complete and listing every way it is.
//!
//! Everything is driven by the [`TileSet`] and [`FormRules`] passed in: suits are walked as count
//! slices whose length is the suit's own rank range, so a 1–10 suit gets 8-9-10 sequences and a
//! 1–9 suit does not, without any special case here.
//!
//! Copy limits are deliberately not enforced in this module: a hand is judged by its shape alone,
//! so that [`is_win`], [`readings`] and [`crate::wait::shanten`] agree with each other on every
//! input. The notation parser rejects impossible hands, and [`crate::wait::waits`] skips tiles that
//! cannot be drawn.
//!
//! Readings hold their sets and tiles inline ([`crate::reading::Sets`], [`crate::reading::Tiles`]),
//! so listing them allocates nothing per reading. The one exception to the agreement above comes
//! from that: a hand of more than [`crate::reading::MAX_SETS`] sets (possible only with declared
//! melds on top of a near-[`MAX_CONCEALED`] concealed part) can pass [`is_win`] yet has no reading.

use crate::reading::FormRules;
use crate::tile::{Counts, Knits, TileSet};

mod readings;
pub use readings::{divisions, divisions_into, each_reading, readings, Division};

/// The largest concealed part considered: eight sets and a pair. No variant comes close, and a
/// bound keeps enumeration and shanten search finite on absurd input instead of exploding.
pub const MAX_CONCEALED: usize = 3 * 8 + 2;

/// Longest suit (ranks 1–10) plus two cells of zero padding, so `i + 1` and `i + 2` never need a
/// bounds check when looking for sequences.
pub(crate) const SUIT_BUF: usize = 12;

/// Number of concealed tiles, or `None` when the counts hold something a hand cannot: bonus tiles
/// or ids past the set's kinds (bonus tiles are set aside, never part of a form), or more tiles
/// than [`MAX_CONCEALED`].
pub(crate) fn concealed_total(set: &TileSet, c: &Counts) -> Option<usize> {
    let playing = set.playing_kinds();
    if c[playing..].iter().any(|&n| n != 0) {
        return None;
    }
    let total: usize = c[..playing].iter().map(|&n| n as usize).sum();
    (total <= MAX_CONCEALED).then_some(total)
}

/// Ids of the honour tiles: they sit between the last suit and the bonus tiles.
#[inline]
pub(crate) fn honour_range(set: &TileSet) -> std::ops::Range<usize> {
    let start = set.suits().last().map_or(0, |s| s.first as usize + s.len());
    start..set.playing_kinds()
}

/// Whether a suit slice splits into sets only. Chows starting at the lowest remaining rank can be
/// taken modulo three (three equal chows are three pungs), which makes the split deterministic.
#[inline]
pub(crate) fn all_sets(a: &mut [u8; SUIT_BUF], len: usize) -> bool {
    for i in 0..len {
        let r = a[i] % 3;
        if r != 0 {
            if i + 2 >= len || a[i + 1] < r || a[i + 2] < r {
                return false;
            }
            a[i + 1] -= r;
            a[i + 2] -= r;
        }
    }
    true
}

/// Whether a suit slice splits into sets plus one pair. Every set has a rank sum divisible by
/// three, so the pair's rank is fixed modulo three and only a third of the ranks need trying.
#[inline]
pub(crate) fn sets_and_pair(a: &[u8; SUIT_BUF], len: usize) -> bool {
    let weighted: usize = (0..len).map(|i| i * a[i] as usize).sum();
    let mut p = (2 * weighted) % 3;
    while p < len {
        if a[p] >= 2 {
            let mut b = *a;
            b[p] -= 2;
            if all_sets(&mut b, len) {
                return true;
            }
        }
        p += 3;
    }
    false
}

/// Standard form on concealed counts: every suit and honour splits into sets, exactly one of them
/// also yields the pair. Declared melds are already sets, so their number does not matter here.
pub(crate) fn standard_win(set: &TileSet, c: &Counts) -> bool {
    let mut pairs = 0;
    for s in set.suits() {
        let first = s.first as usize;
        let len = s.len();
        let mut a = [0u8; SUIT_BUF];
        a[..len].copy_from_slice(&c[first..first + len]);
        let sum: usize = a[..len].iter().map(|&n| n as usize).sum();
        let ok = match sum % 3 {
            0 => all_sets(&mut a, len),
            2 => {
                pairs += 1;
                pairs == 1 && sets_and_pair(&a, len)
            }
            _ => false,
        };
        if !ok {
            return false;
        }
    }
    for &n in &c[honour_range(set)] {
        match n % 3 {
            0 => {}
            2 => {
                pairs += 1;
                if pairs > 1 {
                    return false;
                }
            }
            _ => return false,
        }
    }
    pairs == 1
}

/// Seven pairs, plus `seven_pairs_pungs` concealed pungs: with at most four copies of a tile a
/// kind of three can only be a pung and one of four only two pairs, so the counts decide it.
pub(crate) fn seven_pairs_win(rules: &FormRules, c: &Counts, total: usize, melds: usize) -> bool {
    let pungs = usize::from(rules.seven_pairs_pungs);
    if melds != 0 || total != 14 + 3 * pungs {
        return false;
    }
    let mut threes = 0;
    let shape = c.iter().all(|&n| {
        threes += usize::from(n == 3);
        n == 0 || n == 2 || (n == 3 && pungs > 0) || (n == 4 && rules.seven_pairs_allow_four)
    });
    shape && threes == pungs
}

/// Bit mask of the orphan kinds, or `None` when the list names tiles this set does not have
/// (a rule written for another tile set must not match by accident).
pub(crate) fn orphan_mask(set: &TileSet, rules: &FormRules) -> Option<u64> {
    let mut mask = 0u64;
    for t in &rules.orphans {
        if t.id() >= set.playing_kinds() {
            return None;
        }
        mask |= 1 << t.id();
    }
    (mask != 0).then_some(mask)
}

/// Bit mask of kinds present in the hand. Eight counts at a time, as one word: every scored hand
/// asks this several times, and a branch per kind cost more than the rest of the test.
#[inline]
pub(crate) fn presence(c: &Counts) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // Multiplying the high bits (bit 8j+7 for byte j) by this gathers them, byte j's to bit
    // 56 + j, without carries (each partial product lands on its own bit).
    const GATHER: u64 = 0x0002_0408_1020_4081;
    let mut m = 0u64;
    for (k, chunk) in c.chunks_exact(8).enumerate() {
        let w = u64::from_le_bytes([
            chunk[0], chunk[1], chunk[2], chunk[3], chunk[4], chunk[5], chunk[6], chunk[7],
        ]);
        // A byte's high bit ends up set exactly when the byte is not 0.
        let nonzero = (((w & LOW7) + LOW7) | w) & HIGH;
        m |= (nonzero.wrapping_mul(GATHER) >> 56) << (8 * k);
    }
    m
}

fn orphans_win(set: &TileSet, rules: &FormRules, c: &Counts, total: usize, melds: usize) -> bool {
    // Most hands lack some orphan: a cheap look at the listed tiles settles them.
    if melds != 0
        || rules
            .orphans
            .iter()
            .any(|t| c.get(t.id()).is_none_or(|&n| n == 0))
    {
        return false;
    }
    let Some(mask) = orphan_mask(set, rules) else {
        return false;
    };
    if total != mask.count_ones() as usize + 1 || presence(c) != mask {
        return false;
    }
    c.iter().filter(|&&n| n == 2).count() == 1 && c.iter().all(|&n| n <= 2)
}

pub(crate) fn honour_mask(set: &TileSet) -> u64 {
    honour_range(set).fold(0u64, |m, i| m | 1 << i)
}

fn honours_knitted_win(set: &TileSet, c: &Counts, total: usize, melds: usize) -> bool {
    if melds != 0 || total != 14 || c.iter().any(|&n| n > 1) {
        return false;
    }
    let have = presence(c);
    let honours = honour_mask(set);
    Knits::of(set).iter().any(|k| have & !(k | honours) == 0)
}

/// Removes one of each tile in `mask` if all are present.
#[inline]
fn take_mask(c: &Counts, mask: u64) -> Option<Counts> {
    let mut r = *c;
    let mut m = mask;
    while m != 0 {
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        r[i] = r[i].checked_sub(1)?;
    }
    Some(r)
}

fn knitted_straight_win(set: &TileSet, c: &Counts, total: usize, melds: usize) -> bool {
    if melds > 1 || total + 3 * melds != 14 {
        return false;
    }
    Knits::of(set)
        .iter()
        .any(|k| take_mask(c, k).is_some_and(|rest| standard_win(set, &rest)))
}

/// Fast yes/no: is this a complete hand in some enabled form? `melds` is the number of declared
/// melds, which only the fixed-size forms care about. Allocation-free, so waits can call it per
/// candidate tile.
pub fn is_win(set: &TileSet, rules: &FormRules, melds: usize, concealed: &Counts) -> bool {
    let Some(total) = concealed_total(set, concealed) else {
        return false;
    };
    if (total + 3 * melds) % 3 != 2 {
        return false;
    }
    // A reading holds at most MAX_SETS sets; a bigger hand has no reading, so it is no win either.
    if melds + total / 3 > crate::reading::MAX_SETS {
        return false;
    }
    (rules.standard && standard_win(set, concealed))
        || (rules.seven_pairs && seven_pairs_win(rules, concealed, total, melds))
        || (!rules.orphans.is_empty() && orphans_win(set, rules, concealed, total, melds))
        || (rules.honours_knitted && honours_knitted_win(set, concealed, total, melds))
        || (rules.knitted_straight && knitted_straight_win(set, concealed, total, melds))
}

#[cfg(test)]
mod tests {
    use super::presence;
    use crate::tile::{Counts, MAX_KINDS};

    /// The word-at-a-time mask against the plain definition, on counts with every value a
    /// count can take at every position (one kind set, and a run of mixed kinds).
    #[test]
    fn presence_is_the_mask_of_nonzero_counts() {
        let plain = |c: &Counts| (0..MAX_KINDS).fold(0u64, |m, i| if c[i] != 0 { m | 1 << i } else { m });
        for i in 0..MAX_KINDS {
            for v in [0u8, 1, 2, 3, 4, 127, 128, 255] {
                let mut c = [0u8; MAX_KINDS];
                c[i] = v;
                assert_eq!(presence(&c), plain(&c), "kind {i} count {v}");
            }
        }
        let mut c = [0u8; MAX_KINDS];
        for (i, x) in c.iter_mut().enumerate() {
            *x = [0u8, 1, 0, 4, 128, 0, 255, 2, 0][i % 9];
        }
        assert_eq!(presence(&c), plain(&c));
    }
}
