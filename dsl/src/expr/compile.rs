//! Compiling: syntax ([`super::ast`]) to the compiled form ([`super::ir`]) in a [`Scope`] that
//! says which names exist. Names are resolved, tile classes folded into masks and patterns checked
//! here, once at load, so nothing is looked up by name while scoring.

use super::ast::{Ast, BinOp, Constraint, GroupAst, Span};
use super::hints::suggest;
use super::ir::{Class, Expr, Group, Shape, Var, VARS};
use mj_core::{Form, TileSet};

/// A compile error inside an expression: the span is relative to the expression text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompileError {
    pub span: Span,
    pub message: String,
}

fn err<T>(span: Span, message: impl Into<String>) -> Result<T, CompileError> {
    Err(CompileError {
        span,
        message: message.into(),
    })
}

/// Where an expression is compiled: fan conditions see hands, settlement formulas see amounts.
pub trait Scope {
    fn set(&self) -> &TileSet;
    /// Names of ruleset context words.
    fn words(&self) -> &[String];
    /// Resolves a name of the scope's own (settlement amounts) to its slot in
    /// [`super::facts::Facts::slots`].
    fn extra_var(&self, _name: &str) -> Option<usize> {
        None
    }
    /// The names `extra_var` knows, offered first in "did you mean" hints.
    fn extra_names(&self) -> Vec<&str> {
        Vec::new()
    }
    /// A named number of the scope (`[settlement] constants`), compiled in as its value.
    fn constant(&self, _name: &str) -> Option<i64> {
        None
    }
}

/// Compiles a value expression (condition or formula).
pub fn compile(ast: &Ast, scope: &dyn Scope) -> Result<Expr, CompileError> {
    match ast {
        Ast::Num(n, _) => Ok(Expr::Num(*n)),
        Ast::Str(_, s) => err(s.clone(), "a quoted pattern is only allowed inside shape(...)"),
        Ast::Tiles(_, s) => err(
            s.clone(),
            "a tile list is a class: use it inside all(...), pungs(...) and the like",
        ),
        Ast::Ident(name, s) => {
            // A scope's own names come first: a settlement formula's `flowers` is its amount.
            if let Some(i) = scope.extra_var(name) {
                return Ok(Expr::Slot(i));
            }
            if let Some(n) = scope.constant(name) {
                return Ok(Expr::Num(n));
            }
            if let Some((_, v, _)) = VARS.iter().find(|(n, _, _)| n == name) {
                if *v == Var::UniqueWait {
                    return Ok(Expr::UniqueWait);
                }
                return Ok(Expr::Var(*v));
            }
            if let Some(i) = scope.words().iter().position(|w| w == name) {
                return Ok(Expr::Word(i));
            }
            // A scope with names of its own (settlement formulas) offers only those.
            let mut known: Vec<&str> = scope.extra_names();
            if known.is_empty() {
                known = VARS.iter().map(|(n, _, _)| *n).collect();
                known.extend(scope.words().iter().map(|s| s.as_str()));
            }
            err(
                s.clone(),
                format!("unknown name `{name}`{}", suggest(name, &known)),
            )
        }
        Ast::Not(a, _) => Ok(Expr::Not(Box::new(compile(a, scope)?))),
        Ast::Bin(op @ (BinOp::Union | BinOp::Inter), _, _, s) => err(
            s.clone(),
            format!(
                "`{}` combines tile classes; use it inside all(...), pungs(...) and the like",
                if *op == BinOp::Union { "|" } else { "&" }
            ),
        ),
        Ast::Bin(op, a, b, _) => {
            let (a, b) = (compile(a, scope)?, compile(b, scope)?);
            // The commonest condition shape, `name == 4`, gets a node of its own.
            Ok(match (a, b) {
                (Expr::Var(v), Expr::Num(n)) if is_comparison(*op) => Expr::VarCmp(*op, v, n),
                (a, b) => Expr::Bin(*op, Box::new(a), Box::new(b)),
            })
        }
        Ast::Call(name, args, s) => compile_call(name, args, s.clone(), scope),
    }
}

const FUNCS: &[(&str, &str)] = &[
    ("all", "every tile of the hand is in the class"),
    ("any", "some tile of the hand is in the class"),
    ("none", "no tile of the hand is in the class"),
    ("tiles", "number of tiles in the class (kongs count four)"),
    ("kinds", "distinct tile kinds of the class present"),
    ("pungs", "pungs and kongs of tiles in the class"),
    ("kongs", "kongs of tiles in the class"),
    ("chows", "chows containing a tile of the class"),
    ("pair", "1 if the pair is in the class"),
    (
        "every_group",
        "every set and the pair contain a tile of the class",
    ),
    (
        "form",
        "the reading's form: standard, seven_pairs, thirteen_orphans, honours_knitted, knitted_straight",
    ),
    (
        "wait",
        "the winning tile can be read as this wait: edge, closed, single, two_sided, pung",
    ),
    (
        "shape",
        "the sets and pair match a pattern like '123a 123a 789a 789a 55a'",
    ),
    (
        "concealed_shape",
        "the concealed tiles before the win are exactly these ranks of one suit",
    ),
    ("group", "number of times a set-group pattern occurs"),
    ("min", "the smaller of two numbers: min(total, 4)"),
    ("max", "the larger of two numbers"),
    (
        "pow",
        "the first number to the power of the second (saturating; a negative power gives 0): pow(2, min(total, 4))",
    ),
];

fn one_arg<'a>(name: &str, args: &'a [Ast], s: &Span) -> Result<&'a Ast, CompileError> {
    match args {
        [a] => Ok(a),
        _ => err(
            s.clone(),
            format!("{name}(...) takes one argument, found {}", args.len()),
        ),
    }
}

fn compile_call(name: &str, args: &[Ast], s: Span, scope: &dyn Scope) -> Result<Expr, CompileError> {
    let class = |args: &[Ast]| -> Result<Class, CompileError> {
        compile_class(one_arg(name, args, &s)?, scope.set())
    };
    let numbers = |op: BinOp| -> Result<Expr, CompileError> {
        match args {
            [a, b] => Ok(Expr::Bin(
                op,
                Box::new(compile(a, scope)?),
                Box::new(compile(b, scope)?),
            )),
            _ => err(
                s.clone(),
                format!("{name}(...) takes two numbers, found {} arguments", args.len()),
            ),
        }
    };
    Ok(match name {
        "min" => numbers(BinOp::Min)?,
        "max" => numbers(BinOp::Max)?,
        "pow" => numbers(BinOp::Pow)?,
        "all" => Expr::All(class(args)?),
        "any" => Expr::Any(class(args)?),
        "none" => Expr::NoneOf(class(args)?),
        "tiles" => Expr::TileCount(class(args)?),
        "kinds" => Expr::Kinds(class(args)?),
        "pungs" => Expr::PungsOf(class(args)?),
        "kongs" => Expr::KongsOf(class(args)?),
        "chows" => Expr::ChowsOf(class(args)?),
        "pair" => Expr::PairOf(class(args)?),
        "every_group" => Expr::EveryGroup(class(args)?),
        "form" => {
            let a = one_arg(name, args, &s)?;
            match a {
                Ast::Ident(f, fs) => Expr::Form(form_by_name(f).ok_or_else(|| CompileError {
                    span: fs.clone(),
                    message: format!("unknown form `{f}`{}", suggest(f, &FORM_NAMES)),
                })?),
                other => {
                    return err(
                        other.span(),
                        "form(...) takes a form name, e.g. form(seven_pairs)",
                    )
                }
            }
        }
        "wait" => {
            let a = one_arg(name, args, &s)?;
            match a {
                Ast::Ident(w, ws) => Expr::Wait(wait_bit(w).ok_or_else(|| CompileError {
                    span: ws.clone(),
                    message: format!(
                        "unknown wait `{w}`{}",
                        suggest(w, &["edge", "closed", "single", "two_sided", "pung"])
                    ),
                })?),
                other => return err(other.span(), "wait(...) takes a wait name, e.g. wait(edge)"),
            }
        }
        "shape" => match one_arg(name, args, &s)? {
            Ast::Str(text, ts) => Expr::Shape(
                Shape::parse(text)
                    .map_err(|m| CompileError {
                        span: ts.clone(),
                        message: m,
                    })?
                    .on_tiles(scope.set()),
            ),
            other => {
                return err(
                    other.span(),
                    "shape(...) takes a quoted pattern, e.g. shape('123a 123a 789a 789a 55a')",
                )
            }
        },
        "concealed_shape" => match one_arg(name, args, &s)? {
            Ast::Str(text, ts) => {
                let mut ranks = vec![0u8; 11];
                for c in text.chars() {
                    match c.to_digit(10) {
                        Some(d) => {
                            let r = if d == 0 { 10 } else { d as usize };
                            ranks[r] += 1;
                        }
                        None if c == ' ' => {}
                        None => return err(ts.clone(), format!("`{c}` is not a rank digit")),
                    }
                }
                Expr::ConcealedShape(ranks)
            }
            other => {
                return err(
                    other.span(),
                    "concealed_shape(...) takes quoted ranks, e.g. concealed_shape('1112345678999')",
                )
            }
        },
        "group" => match one_arg(name, args, &s)? {
            Ast::Str(text, ts) => {
                let g = super::parse::parse_group(text).map_err(|e| CompileError {
                    span: ts.start + 1 + e.span.start..ts.start + 1 + e.span.end,
                    message: e.message,
                })?;
                Expr::Group(Box::new(compile_group(&g, scope.set()).map_err(|e| {
                    CompileError {
                        span: ts.start + 1 + e.span.start..ts.start + 1 + e.span.end,
                        message: e.message,
                    }
                })?))
            }
            other => {
                return err(
                    other.span(),
                    "group(...) takes a quoted pattern, e.g. group('2 chows: same suit, same rank')",
                )
            }
        },
        _ => {
            let known: Vec<&str> = FUNCS.iter().map(|(n, _)| *n).collect();
            return err(s, format!("unknown function `{name}`{}", suggest(name, &known)));
        }
    })
}

pub const FORM_NAMES: [&str; 5] = [
    "standard",
    "seven_pairs",
    "thirteen_orphans",
    "honours_knitted",
    "knitted_straight",
];

/// The name of a form, as conditions write it.
pub fn form_name(form: Form) -> &'static str {
    FORM_NAMES
        .iter()
        .copied()
        .find(|n| form_by_name(n) == Some(form))
        .unwrap_or("standard")
}

pub fn form_by_name(name: &str) -> Option<Form> {
    Some(match name {
        "standard" => Form::Standard,
        "seven_pairs" => Form::SevenPairs,
        "thirteen_orphans" => Form::Orphans,
        "honours_knitted" => Form::HonoursKnitted,
        "knitted_straight" => Form::KnittedStraight,
        _ => return None,
    })
}

pub fn wait_bit(name: &str) -> Option<u8> {
    use mj_core::Wait;
    let w = match name {
        "two_sided" => Wait::TwoSided,
        "edge" => Wait::Edge,
        "closed" => Wait::Closed,
        "single" => Wait::Single,
        "pung" => Wait::Pung,
        _ => return None,
    };
    Some(1 << w.bit())
}

const CLASSES: &[(&str, &str)] = &[
    ("honours", "wind and dragon tiles"),
    ("winds", "wind tiles"),
    ("dragons", "dragon tiles"),
    ("suited", "number tiles"),
    ("terminals", "lowest and highest rank of each suit"),
    ("simples", "number tiles that are not terminals"),
    ("seat_wind", "the seat's wind tile"),
    ("round_wind", "the prevalent wind tile"),
    ("winning", "the winning tile"),
];

/// Compiles a tile class: a named class, a tile list `{...}`, `rank(..)`, `suit(x)`, `|` and `&`.
pub fn compile_class(ast: &Ast, set: &TileSet) -> Result<Class, CompileError> {
    let mask_where = |pred: &dyn Fn(mj_core::Tile) -> bool| -> u64 {
        set.playing_tiles()
            .filter(|t| pred(*t))
            .fold(0u64, |m, t| m | (1 << t.id()))
    };
    match ast {
        Ast::Ident(name, s) => Ok(match name.as_str() {
            "honours" => Class::Mask(mask_where(&|t| set.is_honour(t))),
            "winds" => Class::Mask(mask_where(&|t| {
                matches!(
                    set.kind(t),
                    mj_core::tile::Kind::Honour {
                        group: mj_core::tile::HonourGroup::Wind,
                        ..
                    }
                )
            })),
            "dragons" => Class::Mask(mask_where(&|t| {
                matches!(
                    set.kind(t),
                    mj_core::tile::Kind::Honour {
                        group: mj_core::tile::HonourGroup::Dragon,
                        ..
                    }
                )
            })),
            "suited" => Class::Mask(mask_where(&|t| set.is_suited(t))),
            "terminals" => Class::Mask(mask_where(&|t| set.is_terminal(t))),
            "simples" => Class::Mask(mask_where(&|t| set.is_suited(t) && !set.is_terminal(t))),
            "seat_wind" => Class::SeatWind,
            "round_wind" => Class::RoundWind,
            "winning" => Class::Winning,
            _ => {
                let known: Vec<&str> = CLASSES.iter().map(|(n, _)| *n).collect();
                return err(
                    s.clone(),
                    format!("unknown tile class `{name}`{}", suggest(name, &known)),
                );
            }
        })
        .and_then(|c| match c {
            // A class with no tile in this set makes its condition silently never (or always)
            // true: almost surely a fan copied from a ruleset with other tiles.
            Class::Mask(0) => err(
                s.clone(),
                format!(
                    "tile class `{name}` is empty: ruleset {} has no such tiles",
                    set.name
                ),
            ),
            c => Ok(c),
        }),
        Ast::Tiles(runs, _) => {
            let mut m = 0u64;
            for (run, rs) in runs {
                let tiles = mj_core::notation::parse_tiles(set, run).map_err(|e| CompileError {
                    span: rs.clone(),
                    // The notation error's column is within the run; the span already says where.
                    message: {
                        let m = e.to_string();
                        match m.split_once(": ") {
                            Some((c, rest)) if c.starts_with("column ") => rest.to_string(),
                            _ => m,
                        }
                    },
                })?;
                for t in tiles {
                    m |= 1 << t.id();
                }
            }
            Ok(Class::Mask(m))
        }
        Ast::Call(name, args, s) if name == "rank" || name == "ranks" => {
            let mut ranks = Vec::new();
            for a in args {
                match a {
                    Ast::Num(n, _) if (1..=10).contains(n) => ranks.push(*n as u8),
                    other => return err(other.span(), "rank(...) takes ranks 1 to 10"),
                }
            }
            if ranks.is_empty() {
                return err(s.clone(), "rank(...) needs at least one rank");
            }
            let in_some_suit = |r: u8| set.suits().iter().any(|x| (x.min_rank..=x.max_rank).contains(&r));
            if let Some((r, at)) = ranks.iter().zip(args).find(|(r, _)| !in_some_suit(**r)) {
                let suits: Vec<String> = set
                    .suits()
                    .iter()
                    .map(|x| format!("{}{}–{}", x.letter, x.min_rank, x.max_rank))
                    .collect();
                return err(
                    at.span(),
                    format!(
                        "rank {r}: no suit of ruleset {} has it (suits {})",
                        set.name,
                        suits.join(" ")
                    ),
                );
            }
            Ok(Class::Mask(mask_where(&|t| {
                set.suit_rank(t).is_some_and(|(_, r)| ranks.contains(&r))
            })))
        }
        Ast::Call(name, args, s) if name == "suit" => {
            let letter = match args.as_slice() {
                [Ast::Ident(l, _)] if l.len() == 1 => l.chars().next().unwrap_or('?'),
                _ => return err(s.clone(), "suit(...) takes a suit letter, e.g. suit(m)"),
            };
            let Some(suit) = set.suits().iter().position(|x| x.letter == letter) else {
                return err(s.clone(), format!("ruleset {} has no suit `{letter}`", set.name));
            };
            Ok(Class::Mask(mask_where(&|t| {
                set.suit_rank(t).is_some_and(|(x, _)| x as usize == suit)
            })))
        }
        // Classes known at load are folded into one mask, so `terminals | honours` costs one AND.
        Ast::Bin(BinOp::Union, a, b, _) => Ok(match (compile_class(a, set)?, compile_class(b, set)?) {
            (Class::Mask(x), Class::Mask(y)) => Class::Mask(x | y),
            (x, y) => Class::Union(Box::new(x), Box::new(y)),
        }),
        Ast::Bin(BinOp::Inter, a, b, _) => Ok(match (compile_class(a, set)?, compile_class(b, set)?) {
            (Class::Mask(x), Class::Mask(y)) => Class::Mask(x & y),
            (x, y) => Class::Inter(Box::new(x), Box::new(y)),
        }),
        other => err(
            other.span(),
            "expected a tile class: honours, winds, dragons, terminals, {tiles}, rank(...), suit(x)",
        ),
    }
}

pub fn compile_group(g: &GroupAst, set: &TileSet) -> Result<Group, CompileError> {
    let mut out = Group {
        count: g.count,
        kind: g.kind,
        same_suit: false,
        different_suits: false,
        same_rank: false,
        ranks: None,
        steps: vec![],
        tiles: None,
    };
    if !(1..=7).contains(&g.count) {
        return err(0..1, "a group has 1 to 7 sets");
    }
    for (c, span) in &g.constraints {
        match c {
            Constraint::SameSuit => out.same_suit = true,
            Constraint::DifferentSuits => out.different_suits = true,
            Constraint::SameRank => out.same_rank = true,
            Constraint::Ranks(r) => {
                if r.len() != g.count {
                    return err(
                        span.clone(),
                        format!("`ranks` lists {} ranks for a group of {}", r.len(), g.count),
                    );
                }
                let mut r = r.clone();
                r.sort_unstable();
                out.ranks = Some(r);
            }
            Constraint::Step(s) => out.steps = s.clone(),
            Constraint::Tiles(a) => out.tiles = Some(compile_class(a, set)?),
        }
    }
    if out.same_suit && out.different_suits {
        return err(
            0..g.constraints.len(),
            "a group cannot be both `same suit` and `different suits`",
        );
    }
    Ok(out)
}

impl Shape {
    fn parse(text: &str) -> Result<Shape, String> {
        let mut items = Vec::new();
        for word in text.split_whitespace() {
            let chars: Vec<char> = word.chars().collect();
            let Some((&var, digits)) = chars.split_last() else {
                continue;
            };
            if !var.is_ascii_lowercase() {
                return Err(format!("`{word}` must end in a suit variable a–z"));
            }
            let ds: Vec<u8> = digits
                .iter()
                .map(|c| c.to_digit(10).map(|d| if d == 0 { 10 } else { d as u8 }))
                .collect::<Option<_>>()
                .ok_or_else(|| format!("`{word}`: ranks must be digits"))?;
            let kind = match ds.as_slice() {
                [a, b, c] if *b == a + 1 && *c == b + 1 => 0,
                [a, b, c] if a == b && b == c => 1,
                [a, b] if a == b => 2,
                _ => {
                    return Err(format!(
                        "`{word}` is not a chow (123a), pung (555a) or pair (55a)"
                    ))
                }
            };
            items.push((kind, ds[0], var as u8 - b'a'));
        }
        if items.is_empty() {
            return Err("empty shape".into());
        }
        Ok(Shape { items, allowed: !0 })
    }

    /// Narrows [`Shape::allowed`] to the tiles of `set` the shape can hold.
    fn on_tiles(mut self, set: &TileSet) -> Shape {
        let mut ranks = 0u32;
        for &(kind, r, _) in &self.items {
            let span = if kind == 0 { 0b111 } else { 1 };
            ranks |= span << r;
        }
        self.allowed = set
            .playing_tiles()
            .filter(|&t| set.suit_rank(t).is_some_and(|(_, r)| ranks & (1 << r) != 0))
            .fold(0u64, |m, t| m | 1 << t.id());
        self
    }
}

fn is_comparison(op: BinOp) -> bool {
    matches!(
        op,
        BinOp::Eq | BinOp::Ne | BinOp::Ge | BinOp::Le | BinOp::Gt | BinOp::Lt
    )
}

/// A name of the expression language and what it means.
pub type Entry = (&'static str, &'static str);

/// The expression language's vocabulary, for `mj doc` and error messages.
pub struct Vocabulary {
    pub names: Vec<Entry>,
    pub functions: Vec<Entry>,
    pub classes: Vec<Entry>,
}

pub fn vocabulary() -> Vocabulary {
    Vocabulary {
        names: VARS.iter().map(|(n, _, d)| (*n, *d)).collect(),
        functions: FUNCS.to_vec(),
        classes: CLASSES.to_vec(),
    }
}
