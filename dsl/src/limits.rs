//! The documented ranges of a ruleset's numbers. Values outside them are refused at load, with
//! the place they are written, so that scoring and settlement can never overflow into a wrong
//! answer (`points = 9223372036854775807` making the winner pay). The ranges are far beyond any
//! real table and small enough that sums and products of them stay inside `i64` once settlement
//! clamps each payment to [`MAX_PAYMENT`].

/// Largest magnitude of a fan's `points` or `multiplier`, of `min_points` and of `[scoring] cap`.
pub const MAX_FAN_VALUE: i64 = 1_000_000;

/// Largest magnitude of every amount in `[settlement]`: constants (`cap`, `floor`, `float`,
/// `per_concealed_pung`, `dealer_repeat_multiplier`, kong `on_replacement`, drawn-hand payments,
/// penalties) and the numbers written in formulas.
pub const MAX_AMOUNT: i64 = 1_000_000_000_000;

/// Largest magnitude of one payment: a formula's result, after every multiplier, is clamped to
/// this before it changes hands, so the few payments of one hand always sum inside `i64`.
pub const MAX_PAYMENT: i64 = 1_000_000_000_000_000;

/// `x` clamped to a payment's range.
pub fn payment(x: i64) -> i64 {
    x.clamp(-MAX_PAYMENT, MAX_PAYMENT)
}

/// The message for a value outside its range, `None` when it is inside.
pub fn out_of_range(what: &str, value: i64, max: i64) -> Option<String> {
    (value.checked_abs().is_none_or(|a| a > max))
        .then(|| format!("{what} = {value} is outside the allowed range -{max}..={max}"))
}

/// Every number literal of a parsed expression, with its place, for the range check of formulas.
pub fn numbers(ast: &crate::expr::Ast, out: &mut Vec<(i64, crate::expr::Span)>) {
    use crate::expr::Ast;
    match ast {
        Ast::Num(n, s) => out.push((*n, s.clone())),
        Ast::Not(a, _) => numbers(a, out),
        Ast::Bin(_, a, b, _) => {
            numbers(a, out);
            numbers(b, out);
        }
        Ast::Call(_, args, _) => args.iter().for_each(|a| numbers(a, out)),
        _ => {}
    }
}
