//! Which tile patterns of one suit are complete: all sets, or sets and a pair. Waiting and
//! single-wait tests ask this of a suit with one candidate tile added, many times per hand; a bit
//! table indexed by the pattern read as a base-5 number (each rank holding 0 to 4 copies) answers
//! in one lookup, where splitting the pattern again costs dozens of steps.
//!
//! The complete patterns are few (sums of at most [`MAX_SETS`] chows and pungs, with or without a
//! pair), so each table is built by listing them rather than by testing every index, once per
//! suit length on first use, and shared by every ruleset.

use std::sync::OnceLock;

/// Most sets a tabulated pattern holds: enough for any 17-tile hand (five sets and a pair) in one
/// suit. Larger patterns are not in the table and are split the slow way.
const MAX_SETS: usize = 5;

/// Longest suit tabulated (ranks 1 to 10): a table has 5^len entries per kind of completeness.
const MAX_LEN: usize = 10;

/// Completeness of one suit's tiles on their own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Part {
    Sets,
    WithPair,
    Broken,
}

/// The complete patterns of one suit length.
pub(crate) struct SuitShapes {
    /// Bit `i` set when the pattern of index `i` splits into sets alone.
    sets: Vec<u64>,
    /// Bit `i` set when the pattern of index `i` splits into sets and one pair.
    with_pair: Vec<u64>,
}

/// `POW5[r]`: what one more tile of rank `r` (counted from the suit's first) adds to an index.
pub(crate) const POW5: [usize; MAX_LEN] = {
    let mut p = [1usize; MAX_LEN];
    let mut i = 1;
    while i < MAX_LEN {
        p[i] = p[i - 1] * 5;
        i += 1;
    }
    p
};

impl SuitShapes {
    /// The table for suits of `len` ranks, built on first use; `None` past [`MAX_LEN`].
    pub(crate) fn of_len(len: usize) -> Option<&'static SuitShapes> {
        static TABLES: [OnceLock<SuitShapes>; MAX_LEN + 1] = [const { OnceLock::new() }; MAX_LEN + 1];
        let cell = TABLES.get(len).filter(|_| len > 0)?;
        Some(cell.get_or_init(|| SuitShapes::build(len)))
    }

    fn build(len: usize) -> SuitShapes {
        let words = POW5[len - 1] * 5 / 64 + 1;
        let mut t = SuitShapes {
            sets: vec![0; words],
            with_pair: vec![0; words],
        };
        // Set kinds in a fixed order: pungs of each rank, then chows starting at each rank.
        let kinds: Vec<(usize, bool)> = (0..len)
            .map(|r| (r, false))
            .chain((0..len.saturating_sub(2)).map(|r| (r, true)))
            .collect();
        let mut counts = [0u8; MAX_LEN];
        t.extend(len, &kinds, 0, 0, &mut counts);
        t
    }

    /// Marks the pattern `counts` (already a sum of `sets` sets) and every pattern it gives with a
    /// pair added, then adds one more set of kind `from` or later.
    fn extend(
        &mut self,
        len: usize,
        kinds: &[(usize, bool)],
        from: usize,
        sets: usize,
        counts: &mut [u8; MAX_LEN],
    ) {
        let idx = index(&counts[..len]).unwrap_or(0);
        set_bit(&mut self.sets, idx);
        for (r, &n) in counts[..len].iter().enumerate() {
            if n <= 2 {
                set_bit(&mut self.with_pair, idx + 2 * POW5[r]);
            }
        }
        if sets == MAX_SETS {
            return;
        }
        for (k, &(r, chow)) in kinds.iter().enumerate().skip(from) {
            let span = if chow { r..r + 3 } else { r..r + 1 };
            let add = if chow { 1 } else { 3 };
            if counts[span.clone()].iter().any(|&n| n + add > 4) {
                continue;
            }
            counts[span.clone()].iter_mut().for_each(|n| *n += add);
            self.extend(len, kinds, k, sets + 1, counts);
            counts[span].iter_mut().for_each(|n| *n -= add);
        }
    }

    /// Completeness of the pattern with index `idx` holding `tiles` tiles, or `None` when the
    /// table cannot tell (more tiles than it covers).
    #[inline]
    pub(crate) fn part(&self, idx: usize, tiles: usize) -> Option<Part> {
        if tiles > 3 * MAX_SETS + 2 {
            return None;
        }
        let hit = |table: &[u64]| table.get(idx / 64).is_some_and(|w| w >> (idx % 64) & 1 != 0);
        Some(match tiles % 3 {
            0 if hit(&self.sets) => Part::Sets,
            2 if hit(&self.with_pair) => Part::WithPair,
            _ => Part::Broken,
        })
    }
}

/// The base-5 index of a pattern, or `None` when a rank holds more than four copies.
#[inline]
pub(crate) fn index(counts: &[u8]) -> Option<usize> {
    let mut idx = 0;
    for &n in counts.iter().rev() {
        if n > 4 {
            return None;
        }
        idx = idx * 5 + n as usize;
    }
    Some(idx)
}

fn set_bit(bits: &mut [u64], i: usize) {
    if let Some(w) = bits.get_mut(i / 64) {
        *w |= 1 << (i % 64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decompose::{all_sets, sets_and_pair, SUIT_BUF};

    /// The table against splitting, on every pattern of up to 17 tiles with at most four copies
    /// of each rank, for the 9-rank suit (every index) and a sample of the 10-rank one.
    #[test]
    fn table_agrees_with_splitting() {
        for (len, step) in [(9usize, 1usize), (10, 7), (3, 1), (1, 1)] {
            let t = SuitShapes::of_len(len).expect("tabulated length");
            let mut checked = 0;
            for idx in (0..POW5[len - 1] * 5).step_by(step) {
                let mut a = [0u8; SUIT_BUF];
                let mut x = idx;
                for n in a.iter_mut().take(len) {
                    *n = (x % 5) as u8;
                    x /= 5;
                }
                assert_eq!(index(&a[..len]), Some(idx));
                let tiles: usize = a.iter().map(|&n| n as usize).sum();
                if tiles > 17 {
                    assert_eq!(t.part(idx, tiles), None);
                    continue;
                }
                let want = match tiles % 3 {
                    0 if all_sets(&mut a.clone(), len) => Part::Sets,
                    2 if sets_and_pair(&a, len) => Part::WithPair,
                    _ => Part::Broken,
                };
                assert_eq!(t.part(idx, tiles), Some(want), "pattern {:?}", &a[..len]);
                checked += 1;
            }
            assert!(checked > 0);
        }
        assert!(SuitShapes::of_len(0).is_none() && SuitShapes::of_len(11).is_none());
        assert_eq!(index(&[1, 5]), None);
    }
}
