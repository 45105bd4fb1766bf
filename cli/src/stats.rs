//! Simulation statistics, kept pure: an integer-exact [`Partial`] filled from game records and
//! merged without loss, the figures a report prints (computed from a `Partial` only at print
//! time), and the interval and test formulas behind them.
//!
//! Everything a `Partial` holds is a count or a distribution of integers (value → count), so
//! merging partials in any order, split in any way, gives the same `Partial` bit for bit.

use mj_core::game::record::{Record, RecordEvent};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A distribution of integer values: value → how many times it was seen. Means, variances and
/// histograms are derived from it; it stays small because the values (totals, draws per hand)
/// take few distinct values, whatever the number of hands.
pub type Dist = BTreeMap<i64, u64>;

/// Integer-exact statistics of some hands of one experiment.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Partial {
    pub hands: u64,
    /// Hands with at least one win.
    pub hands_won: u64,
    /// Hands ended by an exhaustive draw (荒牌).
    pub exhaustive_draws: u64,
    /// Win events (more than hands won where several players may win on one discard).
    pub wins: u64,
    pub self_drawn: u64,
    pub robbed_kong: u64,
    /// Wins by the dealer of the hand, and by the other seats.
    pub dealer_wins: u64,
    pub non_dealer_wins: u64,
    /// Wins on a discard (or robbed kong) where the dealer, or another seat, paid for it.
    pub dealer_dealt_in: u64,
    pub non_dealer_dealt_in: u64,
    /// Seat-hands played by non-dealers: the sum over hands of (players − 1).
    pub non_dealer_seat_hands: u64,
    /// Net points of the dealer per hand, and of each non-dealer per seat-hand.
    pub dealer_net: Dist,
    pub non_dealer_net: Dist,
    /// Total of every win.
    pub win_totals: Dist,
    /// Per hand: every draw (replacement draws included), discards (one per completed turn),
    /// and claims on a discard (chi, pong, exposed kong).
    pub draws: Dist,
    pub turns: Dist,
    pub claims: Dist,
    pub chi: u64,
    pub pong: u64,
    /// Kongs of every kind (exposed, added, concealed).
    pub kongs: u64,
    /// Fan name → wins that scored it (at least once).
    pub fans: BTreeMap<String, u64>,
}

fn bump(d: &mut Dist, v: i64) {
    *d.entry(v).or_insert(0) += 1;
}

fn merge_dist(into: &mut Dist, from: &Dist) {
    for (v, c) in from {
        *into.entry(*v).or_insert(0) += c;
    }
}

/// The fan name of a record's fan line (`清一色 24`, `花牌 1×3` → `清一色`, `花牌`).
pub fn fan_name(line: &str) -> &str {
    line.rsplit_once(' ').map_or(line, |(name, _)| name)
}

impl Partial {
    /// Adds one hand.
    pub fn add(&mut self, r: &Record) {
        let players = r.players.len().max(1);
        let dealer = r.dealer;
        self.hands += 1;
        self.non_dealer_seat_hands += players as u64 - 1;
        let (mut draws, mut turns, mut claims) = (0i64, 0i64, 0i64);
        let mut won = false;
        for e in &r.events {
            match e {
                RecordEvent::Draw { .. } => draws += 1,
                RecordEvent::Discard { .. } => turns += 1,
                RecordEvent::Chi { .. } => {
                    claims += 1;
                    self.chi += 1;
                }
                RecordEvent::Pong { .. } => {
                    claims += 1;
                    self.pong += 1;
                }
                RecordEvent::Kong { from, .. } => {
                    self.kongs += 1;
                    if from.is_some() {
                        claims += 1;
                    }
                }
                RecordEvent::Win {
                    seat,
                    self_drawn,
                    from,
                    robbed_kong,
                    fans,
                    total,
                    ..
                } => {
                    won = true;
                    self.wins += 1;
                    if *self_drawn {
                        self.self_drawn += 1;
                    }
                    if *robbed_kong {
                        self.robbed_kong += 1;
                    }
                    if *seat == dealer {
                        self.dealer_wins += 1;
                    } else {
                        self.non_dealer_wins += 1;
                    }
                    match from {
                        Some(f) if *f == dealer => self.dealer_dealt_in += 1,
                        Some(_) => self.non_dealer_dealt_in += 1,
                        None => {}
                    }
                    bump(&mut self.win_totals, *total);
                    let mut names: Vec<&str> = fans.iter().map(|f| fan_name(f)).collect();
                    names.sort_unstable();
                    names.dedup();
                    for n in names {
                        *self.fans.entry(n.to_string()).or_insert(0) += 1;
                    }
                }
                RecordEvent::ExhaustiveDraw => self.exhaustive_draws += 1,
                _ => {}
            }
        }
        if won {
            self.hands_won += 1;
        }
        bump(&mut self.draws, draws);
        bump(&mut self.turns, turns);
        bump(&mut self.claims, claims);
        for (s, x) in r.net().into_iter().enumerate() {
            if s == dealer {
                bump(&mut self.dealer_net, x);
            } else {
                bump(&mut self.non_dealer_net, x);
            }
        }
    }

    /// Adds another partial of the same experiment. Exact, associative and commutative.
    pub fn merge(&mut self, o: &Partial) {
        self.hands += o.hands;
        self.hands_won += o.hands_won;
        self.exhaustive_draws += o.exhaustive_draws;
        self.wins += o.wins;
        self.self_drawn += o.self_drawn;
        self.robbed_kong += o.robbed_kong;
        self.dealer_wins += o.dealer_wins;
        self.non_dealer_wins += o.non_dealer_wins;
        self.dealer_dealt_in += o.dealer_dealt_in;
        self.non_dealer_dealt_in += o.non_dealer_dealt_in;
        self.non_dealer_seat_hands += o.non_dealer_seat_hands;
        merge_dist(&mut self.dealer_net, &o.dealer_net);
        merge_dist(&mut self.non_dealer_net, &o.non_dealer_net);
        merge_dist(&mut self.win_totals, &o.win_totals);
        merge_dist(&mut self.draws, &o.draws);
        merge_dist(&mut self.turns, &o.turns);
        merge_dist(&mut self.claims, &o.claims);
        self.chi += o.chi;
        self.pong += o.pong;
        self.kongs += o.kongs;
        for (n, c) in &o.fans {
            *self.fans.entry(n.clone()).or_insert(0) += c;
        }
    }
}

// ---- figures ------------------------------------------------------------------------------

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
    /// Dealer wins per hand; non-dealer wins per non-dealer seat-hand.
    pub dealer_win_rate: Rate,
    pub non_dealer_win_rate: Rate,
    /// Dealing in (paying for a discard win) per hand / per non-dealer seat-hand.
    pub dealer_deal_in_rate: Rate,
    pub non_dealer_deal_in_rate: Rate,
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
            dealer_win_rate: Rate::new(p.dealer_wins, p.hands),
            non_dealer_win_rate: Rate::new(p.non_dealer_wins, p.non_dealer_seat_hands),
            dealer_deal_in_rate: Rate::new(p.dealer_dealt_in, p.hands),
            non_dealer_deal_in_rate: Rate::new(p.non_dealer_dealt_in, p.non_dealer_seat_hands),
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

// ---- intervals and tests ------------------------------------------------------------------

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

/// Complementary error function (Numerical Recipes' `erfcc`, a Chebyshev fit of
/// exp(x²)·erfc(x)): fractional error below 1.2e-7 everywhere, ample for p-values printed to
/// three significant digits.
pub fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let r = t
        * (-z * z - 1.265_512_23
            + t * (1.000_023_68
                + t * (0.374_091_96
                    + t * (0.096_784_18
                        + t * (-0.186_288_06
                            + t * (0.278_868_07
                                + t * (-1.135_203_98
                                    + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77)))))))))
            .exp();
    if x >= 0.0 {
        r
    } else {
        2.0 - r
    }
}

/// Two-sided p-value of a standard normal statistic.
pub fn normal_two_sided_p(z: f64) -> f64 {
    erfc(z.abs() / std::f64::consts::SQRT_2).min(1.0)
}

/// A test result: the statistic, its p-value, and for Welch the degrees of freedom.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Test {
    pub test: &'static str,
    #[serde(rename = "test_statistic")]
    pub statistic: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub df: Option<f64>,
    pub p: f64,
}

/// Two-proportion z-test (pooled) of `k1/n1` against `k2/n2`. p = 1 when it is undefined
/// (an empty sample, or both proportions 0 or both 1).
pub fn two_proportion_z(k1: u64, n1: u64, k2: u64, n2: u64) -> Test {
    let undefined = Test {
        test: "z",
        statistic: 0.0,
        df: None,
        p: 1.0,
    };
    if n1 == 0 || n2 == 0 {
        return undefined;
    }
    let (a, b) = (n1 as f64, n2 as f64);
    let (p1, p2) = (k1 as f64 / a, k2 as f64 / b);
    let pool = (k1 + k2) as f64 / (a + b);
    let se = (pool * (1.0 - pool) * (1.0 / a + 1.0 / b)).sqrt();
    if se <= 0.0 || !se.is_finite() {
        return undefined;
    }
    let z = (p1 - p2) / se;
    Test {
        test: "z",
        statistic: z,
        df: None,
        p: normal_two_sided_p(z),
    }
}

/// Welch's unequal-variance t-test of two means. p = 1 when undefined (fewer than two values on
/// a side, or no variance at all).
pub fn welch_t(a: &Moments, b: &Moments) -> Test {
    let undefined = Test {
        test: "welch-t",
        statistic: 0.0,
        df: None,
        p: 1.0,
    };
    if a.n < 2 || b.n < 2 {
        return undefined;
    }
    let va = a.sd * a.sd / a.n as f64;
    let vb = b.sd * b.sd / b.n as f64;
    let se2 = va + vb;
    if se2 <= 0.0 || !se2.is_finite() {
        return undefined;
    }
    let t = (a.mean - b.mean) / se2.sqrt();
    let df = se2 * se2 / (va * va / (a.n as f64 - 1.0) + vb * vb / (b.n as f64 - 1.0));
    Test {
        test: "welch-t",
        statistic: t,
        df: Some(df),
        p: student_t_two_sided_p(t, df),
    }
}

/// Two-sided p-value of Student's t with `df` degrees of freedom: I_{df/(df+t²)}(df/2, 1/2).
pub fn student_t_two_sided_p(t: f64, df: f64) -> f64 {
    if !t.is_finite() {
        return 0.0;
    }
    let x = df / (df + t * t);
    inc_beta(df / 2.0, 0.5, x).clamp(0.0, 1.0)
}

/// ln Γ(x) for x > 0 (Lanczos, g = 7, nine coefficients; ~1e-15 relative).
pub fn ln_gamma(x: f64) -> f64 {
    const G: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    if x < 0.5 {
        let pi = std::f64::consts::PI;
        return (pi / (pi * x).sin()).ln() - ln_gamma(1.0 - x);
    }
    let x = x - 1.0;
    let mut a = G[0];
    let t = x + 7.5;
    for (i, g) in G.iter().enumerate().skip(1) {
        a += g / (x + i as f64);
    }
    0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + a.ln()
}

/// Regularised incomplete beta I_x(a, b), by the continued fraction (Numerical Recipes betacf).
pub fn inc_beta(a: f64, b: f64, x: f64) -> f64 {
    if x <= 0.0 {
        return 0.0;
    }
    if x >= 1.0 {
        return 1.0;
    }
    let front = (ln_gamma(a + b) - ln_gamma(a) - ln_gamma(b) + a * x.ln() + b * (1.0 - x).ln()).exp();
    if x < (a + 1.0) / (a + b + 2.0) {
        front * beta_cf(a, b, x) / a
    } else {
        1.0 - front * beta_cf(b, a, 1.0 - x) / b
    }
}

fn beta_cf(a: f64, b: f64, x: f64) -> f64 {
    const TINY: f64 = 1e-300;
    let (qab, qap, qam) = (a + b, a + 1.0, a - 1.0);
    let mut c = 1.0;
    let mut d = 1.0 - qab * x / qap;
    if d.abs() < TINY {
        d = TINY;
    }
    d = 1.0 / d;
    let mut h = d;
    for m in 1..=300 {
        let m = m as f64;
        let m2 = 2.0 * m;
        let aa = m * (b - m) * x / ((qam + m2) * (a + m2));
        d = 1.0 + aa * d;
        if d.abs() < TINY {
            d = TINY;
        }
        c = 1.0 + aa / c;
        if c.abs() < TINY {
            c = TINY;
        }
        d = 1.0 / d;
        h *= d * c;
        let aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
        d = 1.0 + aa * d;
        if d.abs() < TINY {
            d = TINY;
        }
        c = 1.0 + aa / c;
        if c.abs() < TINY {
            c = TINY;
        }
        d = 1.0 / d;
        let del = d * c;
        h *= del;
        if (del - 1.0).abs() < 1e-15 {
            break;
        }
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    fn record(dealer: usize, events: Vec<RecordEvent>) -> Record {
        Record {
            format: "mj-record".into(),
            version: 1,
            ruleset: "toy".into(),
            ruleset_version: "1".into(),
            seed: 0,
            dealer,
            round: 'E',
            players: vec!["greedy".into(); 4],
            wall: None,
            stacks: None,
            dealer_streak: 0,
            seats: None,
            events,
        }
    }

    fn draw(seat: usize) -> RecordEvent {
        RecordEvent::Draw {
            seat,
            tile: "1m".into(),
            replacement: false,
        }
    }

    fn discard(seat: usize) -> RecordEvent {
        RecordEvent::Discard {
            seat,
            tile: "1m".into(),
        }
    }

    fn win(seat: usize, from: Option<usize>, fans: &[&str], total: i64) -> RecordEvent {
        RecordEvent::Win {
            seat,
            tile: "1m".into(),
            self_drawn: from.is_none(),
            from,
            robbed_kong: false,
            hand: String::new(),
            fans: fans.iter().map(|f| f.to_string()).collect(),
            total,
        }
    }

    fn pay(seat: usize, amount: i64) -> RecordEvent {
        RecordEvent::Payment {
            seat,
            amount,
            reason: None,
        }
    }

    /// Three hands with known outcomes:
    /// 1. dealer 0 wins self-drawn with total 10 (the fan lines are only names here), after
    ///    3 draws, 2 discards and one pong; each other seat pays 10.
    /// 2. dealer 1; seat 3 wins on the dealer's discard (total 25, 花牌 counted once although
    ///    scored ×3), after a chi and an exposed kong; 4 draws (one replacement), 3 discards.
    /// 3. dealer 2; exhaustive draw after 2 draws and 2 discards, no payments.
    fn three_hands() -> Vec<Record> {
        vec![
            record(
                0,
                vec![
                    draw(0),
                    discard(0),
                    RecordEvent::Pong {
                        seat: 2,
                        from: 0,
                        tile: "1m".into(),
                    },
                    discard(2),
                    draw(3),
                    draw(0),
                    win(0, None, &["自摸 1", "清一色 24"], 10),
                    pay(0, 30),
                    pay(1, -10),
                    pay(2, -10),
                    pay(3, -10),
                ],
            ),
            record(
                1,
                vec![
                    draw(1),
                    discard(1),
                    RecordEvent::Chi {
                        seat: 2,
                        from: 1,
                        tile: "2m".into(),
                        chow: "1m".into(),
                    },
                    discard(2),
                    RecordEvent::Kong {
                        seat: 3,
                        tile: "3m".into(),
                        kind: "exposed".into(),
                        from: Some(2),
                    },
                    RecordEvent::Draw {
                        seat: 3,
                        tile: "4m".into(),
                        replacement: true,
                    },
                    discard(3),
                    draw(0),
                    draw(1),
                    win(3, Some(1), &["花牌 1×3", "清一色 24"], 25),
                    pay(3, 25),
                    pay(1, -25),
                ],
            ),
            record(
                2,
                vec![
                    draw(2),
                    discard(2),
                    draw(3),
                    discard(3),
                    RecordEvent::ExhaustiveDraw,
                ],
            ),
        ]
    }

    #[test]
    fn three_known_hands_give_hand_counted_statistics() {
        let mut p = Partial::default();
        for r in three_hands() {
            p.add(&r);
        }
        assert_eq!(p.hands, 3);
        assert_eq!(p.hands_won, 2);
        assert_eq!(p.exhaustive_draws, 1);
        assert_eq!(p.wins, 2);
        assert_eq!(p.self_drawn, 1);
        assert_eq!(p.dealer_wins, 1);
        assert_eq!(p.non_dealer_wins, 1);
        assert_eq!(p.dealer_dealt_in, 1);
        assert_eq!(p.non_dealer_dealt_in, 0);
        assert_eq!(p.non_dealer_seat_hands, 9);
        assert_eq!(p.win_totals, Dist::from([(10, 1), (25, 1)]));
        assert_eq!(p.draws, Dist::from([(2, 1), (3, 1), (4, 1)]));
        assert_eq!(p.turns, Dist::from([(2, 2), (3, 1)]));
        assert_eq!(p.claims, Dist::from([(0, 1), (1, 1), (2, 1)]));
        assert_eq!((p.chi, p.pong, p.kongs), (1, 1, 1));
        // Dealer nets: +30, −25, 0. Non-dealers: −10 ×3; 0, +25, 0; 0 ×3.
        assert_eq!(p.dealer_net, Dist::from([(-25, 1), (0, 1), (30, 1)]));
        assert_eq!(p.non_dealer_net, Dist::from([(-10, 3), (0, 5), (25, 1)]));
        let fans: Vec<(&str, u64)> = p.fans.iter().map(|(k, v)| (k.as_str(), *v)).collect();
        assert_eq!(fans, vec![("清一色", 2), ("自摸", 1), ("花牌", 1)]);

        let f = Figures::of(&p);
        assert!(close(f.win_rate.rate, 2.0 / 3.0, 1e-12));
        assert!(close(f.self_drawn_share.rate, 0.5, 1e-12));
        assert!(close(f.exhaustive_draw_rate.rate, 1.0 / 3.0, 1e-12));
        assert!(close(f.win_total.mean, 17.5, 1e-12));
        // sd of {10, 25}: sqrt(((−7.5)² + 7.5²) / 1).
        assert!(close(f.win_total.sd, 112.5f64.sqrt(), 1e-12));
        assert!(close(f.draws_per_hand.mean, 3.0, 1e-12));
        assert!(close(f.turns_per_hand.mean, 7.0 / 3.0, 1e-12));
        assert!(close(f.claims_per_hand.mean, 1.0, 1e-12));
        assert!(close(f.dealer_net.mean, 5.0 / 3.0, 1e-12));
        assert!(close(f.non_dealer_win_rate.rate, 1.0 / 9.0, 1e-12));
        assert_eq!(f.fans[0].fan, "清一色");
        assert_eq!(f.fans[0].rate.count, 2);
        let buckets: Vec<(Option<i64>, i64, u64)> = f
            .win_total_histogram
            .iter()
            .map(|b| (b.lo, b.hi, b.count))
            .collect();
        assert_eq!(buckets, vec![(Some(10), 20, 1), (Some(20), 50, 1)]);
    }

    #[test]
    fn merging_is_exact_in_any_split_and_order() {
        let hands = three_hands();
        let mut whole = Partial::default();
        for r in &hands {
            whole.add(r);
        }
        let mut a = Partial::default();
        a.add(&hands[2]);
        let mut b = Partial::default();
        b.add(&hands[0]);
        b.add(&hands[1]);
        let mut ab = a.clone();
        ab.merge(&b);
        let mut ba = b.clone();
        ba.merge(&a);
        assert_eq!(ab, whole);
        assert_eq!(ba, whole);
        let mut with_empty = whole.clone();
        with_empty.merge(&Partial::default());
        assert_eq!(with_empty, whole);
        // And it round-trips through JSON unchanged.
        let text = serde_json::to_string(&whole).unwrap();
        let back: Partial = serde_json::from_str(&text).unwrap();
        assert_eq!(back, whole);
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

    #[test]
    fn fan_names_drop_the_value() {
        assert_eq!(fan_name("清一色 24"), "清一色");
        assert_eq!(fan_name("花牌 1×3"), "花牌");
        assert_eq!(fan_name("plain"), "plain");
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
    fn normal_and_t_tails_match_tables() {
        assert!(close(normal_two_sided_p(1.959_964), 0.05, 1e-6));
        assert!(close(normal_two_sided_p(2.575_829), 0.01, 1e-6));
        assert!(close(normal_two_sided_p(0.0), 1.0, 1e-6));
        // Student t critical values: t(0.975, 10) = 2.228139, t(0.995, 4) = 4.604095,
        // t(0.975, 1) = 12.7062; large df approaches the normal.
        assert!(close(student_t_two_sided_p(2.228_139, 10.0), 0.05, 1e-6));
        assert!(close(student_t_two_sided_p(4.604_095, 4.0), 0.01, 1e-6));
        assert!(close(student_t_two_sided_p(12.706_2, 1.0), 0.05, 1e-5));
        assert!(close(student_t_two_sided_p(1.959_964, 1e7), 0.05, 1e-5));
        assert!(close(ln_gamma(5.0), 24f64.ln(), 1e-12));
        assert!(close(ln_gamma(0.5), std::f64::consts::PI.sqrt().ln(), 1e-12));
    }

    /// 45/100 against 30/100: pooled p = 0.375, se = √(0.375·0.625·0.02), z = 2.19089, p = 0.02846.
    #[test]
    fn two_proportion_z_test_by_hand() {
        let t = two_proportion_z(45, 100, 30, 100);
        assert!(close(t.statistic, 2.190_890, 1e-5), "{t:?}");
        assert!(close(t.p, 0.028_460, 1e-5), "{t:?}");
        assert_eq!(two_proportion_z(0, 10, 0, 10).p, 1.0);
        assert_eq!(two_proportion_z(1, 0, 0, 10).p, 1.0);
    }

    /// Welch's t-test, example 1 of the Wikipedia article: t = −2.46, df ≈ 25.0, p ≈ 0.021.
    #[test]
    fn welch_t_test_textbook_example() {
        let a1 = [
            27.5, 21.0, 19.0, 23.6, 17.0, 17.9, 16.9, 20.1, 21.9, 22.6, 23.1, 19.6, 19.0, 21.7, 21.4,
        ];
        let a2 = [
            27.1, 22.0, 20.8, 23.4, 23.4, 23.5, 25.8, 22.0, 24.8, 20.2, 21.9, 22.1, 22.9, 20.5, 24.4,
        ];
        let m = |xs: &[f64]| {
            let n = xs.len() as f64;
            let mean = xs.iter().sum::<f64>() / n;
            let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
            Moments {
                n: xs.len() as u64,
                mean,
                sd: var.sqrt(),
            }
        };
        let t = welch_t(&m(&a1), &m(&a2));
        assert!(close(t.statistic, -2.46, 0.005), "{t:?}");
        assert!(close(t.df.unwrap_or(0.0), 24.99, 0.01), "{t:?}");
        assert!(close(t.p, 0.021, 0.0005), "{t:?}");
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
