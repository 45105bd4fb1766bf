//! Parsing of the expression language (see `expr.pest`) into the [`super::ast`] tree. pest
//! lives here and nowhere else in the crate.

use super::ast::{Ast, BinOp, Constraint, GroupAst, GroupKind, Span, SyntaxError};
use pest::iterators::Pair;
use pest::Parser;
use pest_derive::Parser;

#[derive(Parser)]
#[grammar = "expr/expr.pest"]
struct ExprParser;

fn syntax_error(e: pest::error::Error<Rule>, text: &str) -> SyntaxError {
    let pos = match e.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((a, _)) => a,
    };
    let expected: Vec<String> = match &e.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => {
            let mut v: Vec<String> = positives
                .iter()
                .filter_map(describe_rule)
                .map(String::from)
                .collect();
            v.sort();
            v.dedup();
            v
        }
        pest::error::ErrorVariant::CustomError { message } => vec![message.clone()],
    };
    let found = text[pos.min(text.len())..]
        .chars()
        .take_while(|c| !c.is_whitespace())
        .collect::<String>();
    let found = if found.is_empty() {
        "end of text".to_string()
    } else {
        format!("`{found}`")
    };
    let message = if expected.is_empty() {
        format!("unexpected {found}")
    } else {
        format!("expected {} but found {found}", expected.join(" or "))
    };
    let end = (pos + 1).min(text.len()).max(pos);
    SyntaxError {
        span: pos..end,
        message,
    }
}

fn describe_rule(r: &Rule) -> Option<&'static str> {
    Some(match r {
        Rule::expr | Rule::or_expr | Rule::and_expr | Rule::not_expr | Rule::cmp_expr => "an expression",
        Rule::sum_expr | Rule::prod_expr | Rule::set_expr | Rule::atom => "a value",
        Rule::number => "a number",
        Rule::ident => "a name",
        Rule::call => "a function call",
        Rule::tile_lit => "a tile list `{...}`",
        Rule::string => "a quoted pattern '...'",
        Rule::cmp_op => "a comparison (== != >= <= > <)",
        Rule::add_op | Rule::mul_op => "an operator",
        Rule::set_op => "`|` or `&`",
        Rule::kw_or | Rule::kw_and => "`and`/`or`",
        Rule::EOI => "the end of the expression",
        Rule::group_kind => "`chows`, `pungs` or `pairs`",
        Rule::constraint
        | Rule::same_suit
        | Rule::diff_suits
        | Rule::same_rank
        | Rule::ranks
        | Rule::step
        | Rule::tiles => {
            "a constraint (same suit, different suits, same rank, ranks N.., step N [or N], tiles C)"
        }
        Rule::tile_run => "tiles",
        _ => return None,
    })
}

/// Parses a `when` condition or a settlement formula.
pub fn parse_expr(text: &str) -> Result<Ast, SyntaxError> {
    let mut pairs = ExprParser::parse(Rule::expr_input, text).map_err(|e| syntax_error(e, text))?;
    let input = pairs.next().ok_or_else(|| SyntaxError {
        span: 0..0,
        message: "empty expression".into(),
    })?;
    let expr = input.into_inner().next().ok_or_else(|| SyntaxError {
        span: 0..0,
        message: "empty expression".into(),
    })?;
    Ok(build(expr))
}

fn span_of(p: &Pair<Rule>) -> Span {
    let s = p.as_span();
    s.start()..s.end()
}

fn build(p: Pair<Rule>) -> Ast {
    let span = span_of(&p);
    match p.as_rule() {
        Rule::expr | Rule::atom => {
            let mut inner = p.into_inner();
            match inner.next() {
                Some(x) => build(x),
                None => Ast::Num(0, span),
            }
        }
        Rule::or_expr
        | Rule::and_expr
        | Rule::cmp_expr
        | Rule::sum_expr
        | Rule::prod_expr
        | Rule::set_expr => {
            let mut inner = p.into_inner();
            let mut left = match inner.next() {
                Some(x) => build(x),
                None => return Ast::Num(0, span),
            };
            while let Some(op) = inner.next() {
                let bop = match op.as_str() {
                    "or" => BinOp::Or,
                    "and" => BinOp::And,
                    "==" => BinOp::Eq,
                    "!=" => BinOp::Ne,
                    ">=" => BinOp::Ge,
                    "<=" => BinOp::Le,
                    ">" => BinOp::Gt,
                    "<" => BinOp::Lt,
                    "+" => BinOp::Add,
                    "-" => BinOp::Sub,
                    "*" => BinOp::Mul,
                    "/" => BinOp::Div,
                    "|" => BinOp::Union,
                    _ => BinOp::Inter,
                };
                let right = match inner.next() {
                    Some(x) => build(x),
                    None => break,
                };
                let s = left.span().start..right.span().end;
                left = Ast::Bin(bop, Box::new(left), Box::new(right), s);
            }
            left
        }
        Rule::not_expr => {
            let mut inner = p.into_inner().peekable();
            match inner.peek().map(|x| x.as_rule()) {
                Some(Rule::kw_not) => {
                    inner.next();
                    match inner.next() {
                        Some(x) => Ast::Not(Box::new(build(x)), span),
                        None => Ast::Num(0, span),
                    }
                }
                _ => match inner.next() {
                    Some(x) => build(x),
                    None => Ast::Num(0, span),
                },
            }
        }
        Rule::number => Ast::Num(p.as_str().parse().unwrap_or(i64::MAX), span),
        Rule::string => {
            let s = p.as_str();
            Ast::Str(s[1..s.len() - 1].to_string(), span)
        }
        Rule::ident => Ast::Ident(p.as_str().to_string(), span),
        Rule::tile_lit => Ast::Tiles(
            p.into_inner()
                .map(|r| (r.as_str().to_string(), span_of(&r)))
                .collect(),
            span,
        ),
        Rule::call => {
            let mut inner = p.into_inner();
            let name = inner.next().map(|n| n.as_str().to_string()).unwrap_or_default();
            Ast::Call(name, inner.map(build).collect(), span)
        }
        _ => Ast::Num(0, span),
    }
}

pub fn parse_group(text: &str) -> Result<GroupAst, SyntaxError> {
    let mut pairs = ExprParser::parse(Rule::group_input, text).map_err(|e| syntax_error(e, text))?;
    let group = pairs
        .next()
        .and_then(|g| g.into_inner().next())
        .ok_or_else(|| SyntaxError {
            span: 0..0,
            message: "empty pattern".into(),
        })?;
    let mut inner = group.into_inner();
    let count = inner
        .next()
        .map(|n| n.as_str().parse().unwrap_or(usize::MAX))
        .unwrap_or(0);
    let kind = match inner.next().map(|k| k.as_str()) {
        Some("chows") => GroupKind::Chows,
        Some("pungs") => GroupKind::Pungs,
        _ => GroupKind::Pairs,
    };
    let mut constraints = Vec::new();
    for c in inner {
        let span = span_of(&c);
        let Some(c) = c.into_inner().next() else { continue };
        let nums = |c: Pair<Rule>| -> Vec<u8> {
            c.into_inner()
                .filter(|x| x.as_rule() == Rule::number)
                .map(|x| x.as_str().parse().unwrap_or(u8::MAX))
                .collect()
        };
        let con = match c.as_rule() {
            Rule::same_suit => Constraint::SameSuit,
            Rule::diff_suits => Constraint::DifferentSuits,
            Rule::same_rank => Constraint::SameRank,
            Rule::ranks => Constraint::Ranks(nums(c)),
            Rule::step => Constraint::Step(nums(c)),
            _ => match c.into_inner().next() {
                Some(e) => Constraint::Tiles(build(e)),
                None => continue,
            },
        };
        constraints.push((con, span));
    }
    Ok(GroupAst {
        count,
        kind,
        constraints,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn precedence_binds_and_tighter_than_or() {
        let ast = parse_expr("a or b and not c").unwrap();
        match ast {
            Ast::Bin(BinOp::Or, _, r, _) => assert!(matches!(*r, Ast::Bin(BinOp::And, ..))),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn calls_classes_and_literals() {
        let ast = parse_expr("all({23468s F}) and pungs(terminals | honours) >= 2").unwrap();
        assert!(matches!(ast, Ast::Bin(BinOp::And, ..)));
        assert!(parse_expr("shape('123a 789a')").is_ok());
        assert!(
            parse_expr("order(x)").is_ok(),
            "`or` prefix inside a name is a name"
        );
    }

    #[test]
    fn errors_point_at_the_problem() {
        let e = parse_expr("pungs(winds) >= ").unwrap_err();
        assert_eq!(e.span.start, 16);
        assert!(e.message.contains("expected"), "{}", e.message);
        let e = parse_expr("all(honours").unwrap_err();
        assert!(e.message.contains("end of text"), "{}", e.message);
    }

    #[test]
    fn group_patterns() {
        let g = parse_group("3 chows: same suit, ranks 1 4 7").unwrap();
        assert_eq!(g.count, 3);
        assert_eq!(g.kind, GroupKind::Chows);
        assert_eq!(g.constraints[1].0, Constraint::Ranks(vec![1, 4, 7]));
        let g = parse_group("3 chows: same suit, step 1 or 2").unwrap();
        assert_eq!(g.constraints[1].0, Constraint::Step(vec![1, 2]));
        let g = parse_group("2 pungs: tiles dragons").unwrap();
        assert!(matches!(g.constraints[0].0, Constraint::Tiles(_)));
        assert!(parse_group("3 chow: same suit").is_err());
    }
}
