//! Evaluating a compiled expression against the [`Facts`] of one reading.

use super::ast::BinOp;
use super::bits;
use super::facts::Facts;
use super::group::count_groups;
use super::ir::{Class, Expr};
use mj_core::{Form, SetKind};

impl Expr {
    /// Evaluates to a number; conditions are 0 (false) or non-zero (true).
    pub fn eval(&self, f: &Facts) -> i64 {
        match self {
            Expr::Num(n) => *n,
            Expr::Var(v) => f.vars[*v as usize],
            Expr::UniqueWait => i64::from((f.unique_wait)()),
            Expr::VarCmp(op, v, n) => arith(*op, f.vars[*v as usize], *n),
            Expr::Word(i) => f.words.get(*i).copied().flatten().unwrap_or(0),
            Expr::Not(a) => i64::from(a.eval(f) == 0),
            Expr::Bin(op, a, b) => {
                let x = a.eval(f);
                match op {
                    BinOp::And => {
                        if x == 0 {
                            0
                        } else {
                            i64::from(b.eval(f) != 0)
                        }
                    }
                    BinOp::Or => {
                        if x != 0 {
                            1
                        } else {
                            i64::from(b.eval(f) != 0)
                        }
                    }
                    _ => {
                        let y = b.eval(f);
                        arith(*op, x, y)
                    }
                }
            }
            Expr::All(c) => i64::from(f.present & !c.eval(f) == 0),
            Expr::Any(c) => i64::from(f.present & c.eval(f) != 0),
            Expr::NoneOf(c) => i64::from(f.present & c.eval(f) == 0),
            Expr::TileCount(c) => {
                let m = c.eval(f);
                bits(m).map(|t| f.counts[t] as i64).sum()
            }
            Expr::Kinds(c) => (f.present & c.eval(f)).count_ones() as i64,
            Expr::PungsOf(c) => f.pungs_of(c.eval(f)),
            Expr::KongsOf(c) => {
                let m = c.eval(f);
                f.reading
                    .sets
                    .iter()
                    .filter(|s| s.kind == SetKind::Kong && m & (1 << s.tile.id()) != 0)
                    .count() as i64
            }
            Expr::ChowsOf(c) => {
                let m = c.eval(f);
                f.reading
                    .sets
                    .iter()
                    .filter(|s| s.kind == SetKind::Chow && m & (0b111 << s.tile.id()) != 0)
                    .count() as i64
            }
            Expr::PairOf(c) => i64::from(f.reading.pair.is_some_and(|p| c.eval(f) & (1 << p.id()) != 0)),
            Expr::EveryGroup(c) => i64::from(every_group(f, c.eval(f))),
            Expr::Form(form) => i64::from(f.reading.form == *form),
            Expr::Wait(bit) => i64::from(f.waits & bit != 0),
            Expr::Shape(s) => i64::from(s.matches(f)),
            Expr::ConcealedShape(ranks) => {
                if f.declared > 0 {
                    return 0;
                }
                let mut suit_seen = None;
                let mut got = [0u8; 11];
                for t in f.set.playing_tiles() {
                    let c = f.before_win[t.id()];
                    if c == 0 {
                        continue;
                    }
                    let Some((s, r)) = f.set.suit_rank(t) else {
                        return 0;
                    };
                    if *suit_seen.get_or_insert(s) != s {
                        return 0;
                    }
                    got[r as usize] = c;
                }
                i64::from(suit_seen.is_some() && got[..] == ranks[..])
            }
            Expr::Group(g) => count_groups(g, f) as i64,
        }
    }
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
        _ => 0,
    }
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

/// A condition compiled to nested closures: each node is specialised when it is built (an
/// operator chosen, a constant mask folded in), so judging a fan does not re-dispatch on the
/// expression's shape. Built once at load from an [`Expr`]; nodes without a special form fall
/// back to [`Expr::eval`].
#[derive(Clone)]
pub struct Compiled(std::sync::Arc<dyn Fn(&Facts) -> i64 + Send + Sync>);

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
    Compiled(std::sync::Arc::new(f))
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
                        let e = self.clone();
                        boxed(move |f| e.eval(f))
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
            other => {
                let e = other.clone();
                boxed(move |f| e.eval(f))
            }
        }
    }
}
