//! The figures a report prints, derived from a [`Partial`] only at report time: rates with their
//! 95% Wilson intervals, means and standard deviations, the 1–2–5 histogram of winning totals.

use crate::partial::{Dist, Partial};
use serde::Serialize;

/// Two-sided 95% normal quantile.
pub const Z95: f64 = 1.959_963_984_540_054;

/// A proportion `count / of` with its 95% Wilson score interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Rate {
    pub count: u64,
    pub of: u64,
    pub rate: f64,
    pub ci95: [f64; 2],
}

impl Rate {
    pub fn new(count: u64, of: u64) -> Rate {
        let rate = if of == 0 { 0.0 } else { count as f64 / of as f64 };
        let (lo, hi) = wilson(count, of, Z95);
        Rate {
            count,
            of,
            rate,
            ci95: [lo, hi],
        }
    }
}

/// Mean and sample standard deviation of a distribution.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Moments {
    pub n: u64,
    pub mean: f64,
    pub sd: f64,
}

/// Moments of a distribution; the sums are exact (i128) and only the final division is floating.
pub fn moments(d: &Dist) -> Moments {
    let (mut n, mut s, mut ss) = (0u128, 0i128, 0i128);
    for (&v, &c) in d {
        n += c as u128;
        s += v as i128 * c as i128;
        ss += (v as i128) * (v as i128) * c as i128;
    }
    if n == 0 {
        return Moments {
            n: 0,
            mean: 0.0,
            sd: 0.0,
        };
    }
    let mean = s as f64 / n as f64;
    // Σ(x − m)² = (nΣx² − (Σx)²) / n, exact in integers up to the last division.
    let var = if n > 1 {
        let num = n as i128 * ss - s * s;
        num as f64 / (n as f64 * (n - 1) as f64)
    } else {
        0.0
    };
    Moments {
        n: n as u64,
        mean,
        sd: var.max(0.0).sqrt(),
    }
}

/// The 1–2–5 bucket `[lo, hi)` holding `v`; values below 1 share one bucket `(MIN, 1)`.
fn bucket_of(v: i64) -> (i64, i64) {
    if v < 1 {
        return (i64::MIN, 1);
    }
    let mut decade = 1i64;
    loop {
        for (a, b) in [(1, 2), (2, 5), (5, 10)] {
            let (x, y) = (decade.saturating_mul(a), decade.saturating_mul(b));
            if v >= x && v < y {
                return (x, y);
            }
        }
        if decade > i64::MAX / 10 {
            return (decade.saturating_mul(5), i64::MAX);
        }
        decade *= 10;
    }
}

/// One histogram bucket: values in `lo..hi` (`lo` is `None` for "below 1").
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Bucket {
    pub lo: Option<i64>,
    pub hi: i64,
    pub count: u64,
}

/// The distribution in 1–2–5 buckets, empty buckets between the first and last included.
pub fn histogram(d: &Dist) -> Vec<Bucket> {
    let mut out: Vec<Bucket> = Vec::new();
    for (&v, &c) in d {
        let (lo, hi) = bucket_of(v);
        let lo = (lo != i64::MIN).then_some(lo);
        // Fill empty buckets between the last one and this one.
        while let Some(last) = out.last() {
            if last.hi >= hi {
                break;
            }
            let (nlo, nhi) = bucket_of(last.hi);
            if nhi > hi {
                break;
            }
            out.push(Bucket {
                lo: Some(nlo),
                hi: nhi,
                count: 0,
            });
        }
        match out.last_mut() {
            Some(b) if b.hi == hi => b.count += c,
            _ => out.push(Bucket { lo, hi, count: c }),
        }
    }
    out
}

/// Everything a report prints, computed from a [`Partial`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Figures {
    pub hands: u64,
    pub win_rate: Rate,
    pub exhaustive_draw_rate: Rate,
    pub wins: u64,
    pub self_drawn_share: Rate,
    pub robbed_kong_share: Rate,
    /// Hands the dealer won (once or more), of hands; non-dealer seat-hands won, of non-dealer
    /// seat-hands. Shares, never over 100% where several players win in one hand.
    pub dealer_win_rate: Rate,
    pub non_dealer_win_rate: Rate,
    /// Hands in which the dealer dealt in (paid for a discard win, once or more), of hands; the
    /// same for non-dealer seat-hands.
    pub dealer_deal_in_rate: Rate,
    pub non_dealer_deal_in_rate: Rate,
    /// Win events per hand: a per-hand average that passes 1 where several players win in one
    /// hand (血战到底, 一炮多响) or a winner plays on and wins again.
    pub wins_per_hand: Moments,
    pub dealer_net: Moments,
    pub non_dealer_net: Moments,
    pub win_total: Moments,
    pub win_total_histogram: Vec<Bucket>,
    pub draws_per_hand: Moments,
    pub turns_per_hand: Moments,
    pub claims_per_hand: Moments,
    pub chi_per_hand: f64,
    pub pong_per_hand: f64,
    pub kongs_per_hand: f64,
    /// Each fan's share of wins, most frequent first (ties by name).
    pub fans: Vec<FanRate>,
}

/// One fan's share of wins.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FanRate {
    pub fan: String,
    #[serde(flatten)]
    pub rate: Rate,
}

fn per(x: u64, n: u64) -> f64 {
    if n == 0 {
        0.0
    } else {
        x as f64 / n as f64
    }
}

impl Figures {
    pub fn of(p: &Partial) -> Figures {
        let mut fans: Vec<FanRate> = p
            .fans
            .iter()
            .map(|(n, &c)| FanRate {
                fan: n.clone(),
                rate: Rate::new(c, p.wins),
            })
            .collect();
        fans.sort_by(|a, b| b.rate.count.cmp(&a.rate.count).then_with(|| a.fan.cmp(&b.fan)));
        Figures {
            hands: p.hands,
            win_rate: Rate::new(p.hands_won, p.hands),
            exhaustive_draw_rate: Rate::new(p.exhaustive_draws, p.hands),
            wins: p.wins,
            self_drawn_share: Rate::new(p.self_drawn, p.wins),
            robbed_kong_share: Rate::new(p.robbed_kong, p.wins),
            dealer_win_rate: Rate::new(p.dealer_won_hands, p.hands),
            non_dealer_win_rate: Rate::new(p.non_dealer_won_seat_hands, p.non_dealer_seat_hands),
            dealer_deal_in_rate: Rate::new(p.dealer_dealt_in_hands, p.hands),
            non_dealer_deal_in_rate: Rate::new(p.non_dealer_dealt_in_seat_hands, p.non_dealer_seat_hands),
            wins_per_hand: moments(&p.wins_per_hand),
            dealer_net: moments(&p.dealer_net),
            non_dealer_net: moments(&p.non_dealer_net),
            win_total: moments(&p.win_totals),
            win_total_histogram: histogram(&p.win_totals),
            draws_per_hand: moments(&p.draws),
            turns_per_hand: moments(&p.turns),
            claims_per_hand: moments(&p.claims),
            chi_per_hand: per(p.chi, p.hands),
            pong_per_hand: per(p.pong, p.hands),
            kongs_per_hand: per(p.kongs, p.hands),
            fans,
        }
    }
}

/// Wilson score interval for `k` successes in `n` trials at normal quantile `z`. (0, 1) for n = 0.
pub fn wilson(k: u64, n: u64, z: f64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let n = n as f64;
    let p = k as f64 / n;
    let z2 = z * z;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = z / denom * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    #[test]
    fn histogram_fills_empty_buckets_and_groups_low_values() {
        let d = Dist::from([(0, 2), (3, 1), (60, 4)]);
        let got: Vec<(Option<i64>, i64, u64)> = histogram(&d).iter().map(|b| (b.lo, b.hi, b.count)).collect();
        assert_eq!(
            got,
            vec![
                (None, 1, 2),
                (Some(1), 2, 0),
                (Some(2), 5, 1),
                (Some(5), 10, 0),
                (Some(10), 20, 0),
                (Some(20), 50, 0),
                (Some(50), 100, 4),
            ]
        );
    }

    /// Newcombe (1998), "Two-sided confidence intervals for the single proportion", Table I,
    /// method 3 (score interval without continuity correction).
    #[test]
    fn wilson_matches_newcombe() {
        for (k, n, lo, hi) in [
            (81, 263, 0.2553, 0.3662),
            (15, 148, 0.0624, 0.1605),
            (0, 20, 0.0, 0.1611),
            (1, 29, 0.0061, 0.1718),
        ] {
            let (l, h) = wilson(k, n, Z95);
            assert!(close(l, lo, 5e-5) && close(h, hi, 5e-5), "{k}/{n}: {l} {h}");
        }
        assert_eq!(wilson(0, 0, Z95), (0.0, 1.0));
    }

    #[test]
    fn moments_are_exact_for_integer_values() {
        let d = Dist::from([(1, 1), (2, 1), (3, 1), (4, 1)]);
        let m = moments(&d);
        assert_eq!(m.n, 4);
        assert!(close(m.mean, 2.5, 1e-15));
        assert!(close(m.sd, (5.0f64 / 3.0).sqrt(), 1e-15));
    }
}
