//! The combination principle: a reading's fan counts made into its total (a sum or a product of
//! the fans' values, capped), its limit han, and the choice of the best reading.

use super::judge::Touched;
use super::HanFu;
use crate::ruleset::{Combine, Ruleset};

/// The han of a reading's limit fans (yakuman), when any scored.
pub(super) fn limit_han(rs: &Ruleset, row: &[u32], touched: &Touched, open: bool) -> Option<i64> {
    let plan = &rs.scoring.plan;
    let mut han = None;
    for f in touched
        .fans(row.len())
        .filter(|&f| row[f] > 0 && rs.fans[f].limit)
    {
        let v = if open {
            plan.open_values[f]
        } else {
            plan.values[f].0
        };
        han = Some(
            han.unwrap_or(0i64)
                .saturating_add(v.saturating_mul(row[f] as i64)),
        );
    }
    han
}

/// A reading's (total, points): every fan's value combined, and the same without bonus fans.
pub(super) fn combine(rs: &Ruleset, counts: &[u32], touched: &Touched, open: bool) -> (i64, i64) {
    let product = rs.scoring.combine == Combine::Product;
    let mut total: i64 = i64::from(product);
    let mut points = total;
    let plan = &rs.scoring.plan;
    for fan in touched.fans(counts.len()) {
        let (c, (mut v, bonus)) = (counts[fan], plan.values[fan]);
        if open {
            v = plan.open_values[fan];
        }
        if c == 0 {
            continue;
        }
        total = add_fan(product, total, v, c);
        if !bonus {
            points = add_fan(product, points, v, c);
        }
    }
    if let Some(cap) = rs.scoring.cap {
        total = total.min(cap);
        points = points.min(cap);
    }
    (total, points)
}

/// `acc` with a fan of value `v` counted `c` times: multiplied in `c` times under a product,
/// added `c` times under a sum (saturating, as every total is).
#[inline]
pub(crate) fn add_fan(product: bool, acc: i64, v: i64, c: u32) -> i64 {
    if product {
        acc.saturating_mul(v.saturating_pow(c))
    } else {
        acc.saturating_add(v.saturating_mul(i64::from(c)))
    }
}

/// With a points formula, each reading's han, fu, basic points and limit, and whether limit fans
/// (yakuman) made it, into `out` (cleared first; left empty without one). A buffer the caller
/// keeps, so that scoring a hand allocates no list for it.
pub(super) fn valued(
    rs: &Ruleset,
    table: &[u32],
    touched: &[Touched],
    totals: &[(i64, i64)],
    fus: &[i64],
    open: bool,
    out: &mut Vec<(HanFu, bool)>,
) {
    out.clear();
    let n = rs.fans.len();
    let Some(formula) = &rs.points.formula else {
        return;
    };
    out.extend((0..totals.len()).map(|i| {
        let row = &table[i * n..(i + 1) * n];
        let limit_han = limit_han(rs, row, &touched[i], open);
        let han = totals[i].0;
        let v = formula.value(han, fus[i], limit_han);
        let hf = HanFu {
            han,
            fu: fus[i],
            basic: v.basic,
            limit: v.limit,
        };
        (hf, limit_han.is_some())
    }));
}

/// The best of the `candidates` readings: by `key` where the ruleset has a points formula, else
/// by total, a tie going to a later reading with a `tie_prefer` fan (`prefer`); 0 when there is
/// no candidate.
pub(super) fn best_reading<K: PartialOrd>(
    candidates: impl Iterator<Item = usize>,
    key: impl Fn(usize) -> Option<K>,
    total: impl Fn(usize) -> i64,
    prefer: impl Fn(usize) -> bool,
) -> usize {
    let mut best: Option<usize> = None;
    for i in candidates {
        best = match best {
            None => Some(i),
            Some(b) => {
                if key(i).is_some() {
                    if key(i) > key(b) {
                        Some(i)
                    } else {
                        Some(b)
                    }
                } else if total(i) > total(b) || (total(i) == total(b) && prefer(i)) {
                    Some(i)
                } else {
                    Some(b)
                }
            }
        };
    }
    best.unwrap_or(0)
}

/// Whether a reading's value reaches the ruleset's minimum for a win (a higher one on a discard
/// where the ruleset has it); bonus fans count toward it only where the ruleset says so.
pub(super) fn reaches_minimum(rs: &Ruleset, hand: &mj_core::Hand, total: i64, points: i64) -> bool {
    let value = if rs.bonus_counts_toward_min { total } else { points };
    let min = match rs.win.discard_min_points {
        Some(m) if !hand.context.self_drawn => m.max(rs.min_points),
        _ => rs.min_points,
    };
    value >= min
}
