//! Evaluating a compiled expression against the [`Facts`] of one reading (or the amounts of a
//! settlement). There is one evaluator, [`Compiled`]: a tree of closures built once at load.
//! [`Cond`] keeps an expression with its evaluator, as the ruleset stores conditions and formulas.

use super::ast::BinOp;
use super::bits;
use super::facts::Facts;
use super::group::count_groups;
use super::ir::{Class, Expr};
use mj_core::{Form, SetKind};

/// A condition or formula as the ruleset keeps it: the expression, whose shape gates,
/// explanations and checks read, and its evaluator, built once at load.
#[derive(Clone, Debug)]
pub struct Cond {
    expr: Expr,
    run: Compiled,
}

impl Cond {
    pub fn new(expr: Expr) -> Cond {
        let run = expr.compiled();
        Cond { expr, run }
    }

    /// The expression's value on a reading; conditions are 0 (false) or non-zero (true).
    #[inline]
    pub fn eval(&self, f: &Facts) -> i64 {
        self.run.eval(f)
    }

    pub fn expr(&self) -> &Expr {
        &self.expr
    }
}

impl std::ops::Deref for Cond {
    type Target = Expr;
    fn deref(&self) -> &Expr {
        &self.expr
    }
}

impl Expr {
    /// The value of a part of an expression held in no [`Cond`] (what an explanation looks at
    /// inside a condition): built and run once, through the one evaluator.
    pub fn eval(&self, f: &Facts) -> i64 {
        self.compiled().eval(f)
    }
}

/// Whether the concealed tiles before the win are exactly `ranks` (per rank 1–10) of one suit,
/// with no melds declared.
fn concealed_shape(f: &Facts, ranks: &[u8]) -> bool {
    if f.declared > 0 {
        return false;
    }
    let mut suit_seen = None;
    let mut got = [0u8; 11];
    for t in f.set.playing_tiles() {
        let c = f.before_win[t.id()];
        if c == 0 {
            continue;
        }
        let Some((s, r)) = f.set.suit_rank(t) else {
            return false;
        };
        if *suit_seen.get_or_insert(s) != s {
            return false;
        }
        got[r as usize] = c;
    }
    suit_seen.is_some() && got[..] == ranks[..]
}

fn arith(op: BinOp, x: i64, y: i64) -> i64 {
    match op {
        BinOp::Eq => i64::from(x == y),
        BinOp::Ne => i64::from(x != y),
        BinOp::Ge => i64::from(x >= y),
        BinOp::Le => i64::from(x <= y),
        BinOp::Gt => i64::from(x > y),
        BinOp::Lt => i64::from(x < y),
        BinOp::Add => x.saturating_add(y),
        BinOp::Sub => x.saturating_sub(y),
        BinOp::Mul => x.saturating_mul(y),
        BinOp::Div => x.checked_div(y).unwrap_or(0),
        BinOp::Min => x.min(y),
        BinOp::Max => x.max(y),
        BinOp::Pow => power(x, y),
        _ => 0,
    }
}

/// `x` to the power `y`, saturating like the other operators; a negative exponent gives 0 (the
/// language has only integers), as does `0` to any power but 0.
fn power(x: i64, y: i64) -> i64 {
    if y < 0 {
        return 0;
    }
    let e = u32::try_from(y).unwrap_or(u32::MAX);
    x.checked_pow(e)
        .unwrap_or(if x < 0 && e % 2 == 1 { i64::MIN } else { i64::MAX })
}

/// Whether the reading is a standard one with a tile of `mask` in every set and the pair.
fn every_group(f: &Facts, mask: u64) -> bool {
    let sets_ok = f.reading.sets.iter().all(|s| {
        let span = if s.kind == SetKind::Chow { 0b111u64 } else { 1 };
        mask & (span << s.tile.id()) != 0
    });
    let pair_ok = f.reading.pair.is_none_or(|p| mask & (1 << p.id()) != 0);
    sets_ok && pair_ok && f.reading.form == Form::Standard
}

/// An expression compiled to nested closures: THE evaluator of the language. Each node is
/// specialised when it is built (an operator chosen, a constant mask folded in), so judging a fan
/// does not re-dispatch on the expression's shape. Built once at load from an [`Expr`] (see
/// [`Cond`]); fan conditions, fu rules and settlement formulas all run through it.
///
/// Shared (a ruleset and its plan are cloned), each closure boxed inside its `Arc`: through an
/// `Arc<dyn Fn>` every call first works out where the closure sits in the `Arc`'s allocation from
/// its alignment, and a riichi hand makes a hundred calls or so; the box's place is fixed.
#[derive(Clone)]
pub struct Compiled(std::sync::Arc<Box<Closure>>);

/// What a node of a [`Compiled`] tree is.
type Closure = dyn Fn(&Facts) -> i64 + Send + Sync;

impl std::fmt::Debug for Compiled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Compiled")
    }
}

impl Compiled {
    #[inline]
    pub fn eval(&self, f: &Facts) -> i64 {
        (self.0)(f)
    }
}

fn boxed(f: impl Fn(&Facts) -> i64 + Send + Sync + 'static) -> Compiled {
    Compiled(std::sync::Arc::new(Box::new(f)))
}

/// `a op n` (or `n op a` when `left`), the constant `n` folded in; the commonest operators get
/// a closure each, so no operator is chosen per evaluation, the others go through [`arith`].
fn with_constant(op: BinOp, a: Compiled, n: i64, left: bool) -> Compiled {
    match (op, left) {
        (BinOp::Add, _) => boxed(move |f| a.eval(f).saturating_add(n)),
        (BinOp::Mul, _) => boxed(move |f| a.eval(f).saturating_mul(n)),
        (BinOp::Sub, false) => boxed(move |f| a.eval(f).saturating_sub(n)),
        (BinOp::Div, false) => boxed(move |f| a.eval(f).checked_div(n).unwrap_or(0)),
        (op, false) => boxed(move |f| arith(op, a.eval(f), n)),
        (op, true) => boxed(move |f| arith(op, n, a.eval(f))),
    }
}

fn compare(op: BinOp) -> Option<fn(i64, i64) -> bool> {
    Some(match op {
        BinOp::Eq => |x, y| x == y,
        BinOp::Ne => |x, y| x != y,
        BinOp::Ge => |x, y| x >= y,
        BinOp::Le => |x, y| x <= y,
        BinOp::Gt => |x, y| x > y,
        BinOp::Lt => |x, y| x < y,
        _ => return None,
    })
}

impl Expr {
    /// Compiles the expression to closures (see [`Compiled`]).
    pub fn compiled(&self) -> Compiled {
        match self {
            Expr::Num(n) => {
                let n = *n;
                boxed(move |_| n)
            }
            Expr::Var(v) => {
                let i = *v as usize;
                boxed(move |f| f.vars[i])
            }
            Expr::VarCmp(op, v, n) => {
                let (i, n) = (*v as usize, *n);
                match compare(*op) {
                    Some(cmp) => boxed(move |f| i64::from(cmp(f.vars[i], n))),
                    None => {
                        let op = *op;
                        boxed(move |f| arith(op, f.vars[i], n))
                    }
                }
            }
            Expr::Not(a) => {
                let a = a.compiled();
                boxed(move |f| i64::from(a.eval(f) == 0))
            }
            Expr::Bin(BinOp::And, a, b) => {
                let (a, b) = (a.compiled(), b.compiled());
                boxed(move |f| i64::from(a.eval(f) != 0 && b.eval(f) != 0))
            }
            Expr::Bin(BinOp::Or, a, b) => {
                let (a, b) = (a.compiled(), b.compiled());
                boxed(move |f| i64::from(a.eval(f) != 0 || b.eval(f) != 0))
            }
            // Comparing against a constant, the commonest shape after `name == 4`, gets a node of
            // its own too (`pungs(winds) == 3`), so it skips the general interpreter.
            Expr::Bin(op, a, b) if matches!(**b, Expr::Num(_)) && compare(*op).is_some() => {
                let (Some(cmp), Expr::Num(n)) = (compare(*op), &**b) else {
                    unreachable!("checked by the guard")
                };
                let (a, n) = (a.compiled(), *n);
                boxed(move |f| i64::from(cmp(a.eval(f), n)))
            }
            // Arithmetic with a constant on one side (`x + 99`, `/ 100`, `100 * honba`), the
            // shape of settlement formulas: the constant is folded into the node, one closure
            // call fewer per constant.
            Expr::Bin(op, a, b) if matches!(**b, Expr::Num(_)) => {
                let Expr::Num(n) = **b else {
                    unreachable!("checked by the guard")
                };
                with_constant(*op, a.compiled(), n, false)
            }
            Expr::Bin(op, a, b) if matches!(**a, Expr::Num(_)) => {
                let Expr::Num(n) = **a else {
                    unreachable!("checked by the guard")
                };
                with_constant(*op, b.compiled(), n, true)
            }
            Expr::Bin(op, a, b) => {
                let (op, a, b) = (*op, a.compiled(), b.compiled());
                boxed(move |f| arith(op, a.eval(f), b.eval(f)))
            }
            Expr::All(Class::Mask(m)) => {
                let m = *m;
                boxed(move |f| i64::from(f.present & !m == 0))
            }
            Expr::Any(Class::Mask(m)) => {
                let m = *m;
                boxed(move |f| i64::from(f.present & m != 0))
            }
            Expr::NoneOf(Class::Mask(m)) => {
                let m = *m;
                boxed(move |f| i64::from(f.present & m == 0))
            }
            Expr::Form(form) => {
                let form = *form;
                boxed(move |f| i64::from(f.reading.form == form))
            }
            Expr::Wait(bit) => {
                let bit = *bit;
                boxed(move |f| i64::from(f.waits & bit != 0))
            }
            Expr::PungsOf(Class::Mask(m)) => {
                let m = *m;
                boxed(move |f| f.pungs_of(m))
            }
            Expr::PungsOf(c) => {
                let c = c.clone();
                boxed(move |f| f.pungs_of(c.eval(f)))
            }
            Expr::PairOf(Class::Mask(m)) => {
                let m = *m;
                boxed(move |f| i64::from(f.reading.pair.is_some_and(|p| m >> p.id() & 1 != 0)))
            }
            Expr::Kinds(Class::Mask(m)) => {
                let m = *m;
                boxed(move |f| (f.present & m).count_ones() as i64)
            }
            Expr::UniqueWait => boxed(|f| i64::from((f.unique_wait)())),
            Expr::EveryGroup(Class::Mask(m)) => {
                let m = *m;
                boxed(move |f| i64::from(every_group(f, m)))
            }
            other => other.compiled_by_class(),
        }
    }

    /// The nodes whose tile class is worked out per reading (`seat_wind`, `winning`), and the
    /// rarer nodes: each a closure over its own data, like the commoner ones above.
    fn compiled_by_class(&self) -> Compiled {
        match self.clone() {
            Expr::Word(i) => boxed(move |f| f.words.get(i).copied().flatten().unwrap_or(0)),
            Expr::Slot(i) => boxed(move |f| f.slots.get(i).copied().unwrap_or(0)),
            Expr::All(c) => boxed(move |f| i64::from(f.present & !c.eval(f) == 0)),
            Expr::Any(c) => boxed(move |f| i64::from(f.present & c.eval(f) != 0)),
            Expr::NoneOf(c) => boxed(move |f| i64::from(f.present & c.eval(f) == 0)),
            Expr::TileCount(c) => boxed(move |f| bits(c.eval(f)).map(|t| f.counts[t] as i64).sum()),
            Expr::Kinds(c) => boxed(move |f| (f.present & c.eval(f)).count_ones() as i64),
            Expr::KongsOf(c) => boxed(move |f| {
                let m = c.eval(f);
                f.reading
                    .sets
                    .iter()
                    .filter(|s| s.kind == SetKind::Kong && m & (1 << s.tile.id()) != 0)
                    .count() as i64
            }),
            Expr::ChowsOf(c) => boxed(move |f| {
                let m = c.eval(f);
                f.reading
                    .sets
                    .iter()
                    .filter(|s| s.kind == SetKind::Chow && m & (0b111 << s.tile.id()) != 0)
                    .count() as i64
            }),
            Expr::PairOf(c) => {
                boxed(move |f| i64::from(f.reading.pair.is_some_and(|p| c.eval(f) & (1 << p.id()) != 0)))
            }
            Expr::EveryGroup(c) => boxed(move |f| i64::from(every_group(f, c.eval(f)))),
            Expr::Shape(s) => boxed(move |f| i64::from(s.matches(f))),
            Expr::ConcealedShape(ranks) => boxed(move |f| i64::from(concealed_shape(f, &ranks))),
            Expr::Group(g) => boxed(move |f| count_groups(&g, f) as i64),
            // Whatever their contents, these have a closure of their own in `compiled`.
            Expr::Num(_)
            | Expr::Var(_)
            | Expr::VarCmp(..)
            | Expr::UniqueWait
            | Expr::Not(_)
            | Expr::Bin(..)
            | Expr::PungsOf(_)
            | Expr::Form(_)
            | Expr::Wait(_) => self.compiled(),
        }
    }
}
