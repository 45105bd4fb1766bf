//! Tests of a difference between two experiments: the pooled two-proportion z-test and Welch's
//! t-test, with their p-values from `statrs` (the complementary error function and the
//! regularised incomplete beta function) rather than formulas of our own.

use crate::figures::Moments;
use serde::Serialize;
use statrs::function::beta::checked_beta_reg;
use statrs::function::erf::erfc;

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
/// Two-sided p-value of Student's t with `df` degrees of freedom: I_{df/(df+t²)}(df/2, 1/2).
/// Degrees of freedom that are not positive give no evidence: p = 1.
pub fn student_t_two_sided_p(t: f64, df: f64) -> f64 {
    if !t.is_finite() {
        return 0.0;
    }
    let x = df / (df + t * t);
    checked_beta_reg(df / 2.0, 0.5, x.clamp(0.0, 1.0))
        .unwrap_or(1.0)
        .clamp(0.0, 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use statrs::function::gamma::ln_gamma;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
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
}
