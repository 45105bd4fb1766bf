//! Settlement of a scored hand: who pays the winner how much, by the ruleset's formulas.

use crate::cond::Expr;
use crate::lang::BinOp;
use crate::ruleset::{PaymentRule, Ruleset};
use crate::score::Score;

/// Quantities a settlement formula may use.
pub const VARS: [&str; 4] = ["total", "points", "bonus", "flowers"];

/// How the hand was won, from the payers' point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WinKind {
    SelfDrawn,
    /// Won on a discard by the seat `discarder` (seat index).
    Discard {
        discarder: usize,
    },
    /// Robbed a kong declared by `konger`.
    RobbedKong {
        konger: usize,
    },
}

/// Net change of every seat, winner positive; sums to zero.
pub fn payments(rs: &Ruleset, score: &Score, winner: usize, kind: WinKind, flowers: i64) -> Vec<i64> {
    payments_for(rs, score.total, score.points, winner, kind, flowers)
}

/// [`payments`] from the totals alone (`points` = total without bonus fans), for callers that
/// keep a summary of the score rather than the [`Score`] itself (the turn engine).
pub fn payments_for(
    rs: &Ruleset,
    total: i64,
    points: i64,
    winner: usize,
    kind: WinKind,
    flowers: i64,
) -> Vec<i64> {
    let players = rs.play.players as usize;
    let bonus = total - points;
    let vals = [total, points, bonus, flowers];
    let mut out = vec![0i64; players];
    let (rule, from): (&PaymentRule, Option<usize>) = match kind {
        WinKind::SelfDrawn => (&rs.settlement.self_drawn, None),
        WinKind::Discard { discarder } => (&rs.settlement.discard, Some(discarder)),
        WinKind::RobbedKong { konger } => (
            rs.settlement
                .robbed_kong
                .as_ref()
                .unwrap_or(&rs.settlement.discard),
            Some(konger),
        ),
    };
    for seat in 0..players {
        if seat == winner {
            continue;
        }
        let f = match from {
            None => rule.each.as_ref(),
            Some(d) if d == seat => rule.discarder.as_ref(),
            Some(_) => rule.others.as_ref(),
        };
        let amount = f.map_or(0, |e| eval(e, &vals));
        out[seat] -= amount;
        out[winner] += amount;
    }
    out
}

/// Evaluates a settlement formula; compile-time checks keep hand-only names out of formulas.
pub fn eval(e: &Expr, vals: &[i64]) -> i64 {
    match e {
        Expr::Num(n) => *n,
        Expr::Word(i) if *i >= 1000 => vals.get(i - 1000).copied().unwrap_or(0),
        Expr::Not(a) => i64::from(eval(a, vals) == 0),
        Expr::Bin(op, a, b) => {
            let (x, y) = (eval(a, vals), eval(b, vals));
            match op {
                BinOp::Add => x.saturating_add(y),
                BinOp::Sub => x.saturating_sub(y),
                BinOp::Mul => x.saturating_mul(y),
                BinOp::Div => x.checked_div(y).unwrap_or(0),
                BinOp::Eq => i64::from(x == y),
                BinOp::Ne => i64::from(x != y),
                BinOp::Ge => i64::from(x >= y),
                BinOp::Le => i64::from(x <= y),
                BinOp::Gt => i64::from(x > y),
                BinOp::Lt => i64::from(x < y),
                BinOp::And => i64::from(x != 0 && y != 0),
                BinOp::Or => i64::from(x != 0 || y != 0),
                _ => 0,
            }
        }
        _ => 0,
    }
}
