//! Context words that change nothing. A hand written with `fourth`, `kong` or `last` (or a
//! ruleset's own word) that no fan of the ruleset can use on this hand scores as if the word
//! were absent; saying nothing would let the user believe the word was counted. Each such word
//! gets a warning naming the fans that read it and the condition they need, so the user sees why.
//!
//! Whether a word matters is decided by the scorer itself: the hand is scored again without the
//! word, and the word is reported when fans, totals and payments all come out the same. Most
//! words that matter are decided without the full report: a built-in word that a counted fan
//! names in its `why`, and a ruleset's word whose absence changes the plain score's fans.

use crate::expr::{Expr, Var};
use crate::ruleset::Ruleset;
use mj_core::Hand;

/// A word of the hand and how to take it away.
enum Word {
    LastTile,
    Kong,
    Fourth,
    /// A ruleset's own word, by its position in `Context::extra`.
    Extra(usize),
}

/// One warning per context word of `hand` that changes nothing: `same(without)` says whether the
/// hand without the word scores and pays as the hand does (the report's own judgement).
pub fn ignored_words(rs: &Ruleset, hand: &Hand, same: impl Fn(&Hand, &str, bool) -> bool) -> Vec<String> {
    let ctx = &hand.context;
    let mut words = Vec::new();
    if ctx.last_tile {
        words.push(Word::LastTile);
    }
    if ctx.kong {
        words.push(Word::Kong);
    }
    if ctx.fourth {
        words.push(Word::Fourth);
    }
    words.extend((0..ctx.extra.len()).map(Word::Extra));
    let mut out = Vec::new();
    for w in words {
        let mut without = hand.clone();
        let (name, var) = match w {
            Word::LastTile => {
                without.context.last_tile = false;
                ("last".to_string(), Some(Var::LastTile))
            }
            Word::Kong => {
                without.context.kong = false;
                ("kong".to_string(), Some(Var::Kong))
            }
            Word::Fourth => {
                without.context.fourth = false;
                ("fourth".to_string(), Some(Var::Fourth))
            }
            Word::Extra(i) => (without.context.extra.remove(i).0, None),
        };
        if same(&without, &name, var.is_some()) {
            out.push(why_ignored(rs, &name, var));
        }
    }
    out
}

/// The warning for word `name` (read by conditions as `var`, or as the ruleset word `name`).
fn why_ignored(rs: &Ruleset, name: &str, var: Option<Var>) -> String {
    let word_index = rs.context_words.iter().position(|w| w.word == name);
    let readers: Vec<String> = rs
        .fans
        .iter()
        .filter(|f| f.when.as_ref().is_some_and(|e| reads(e, var, word_index)))
        .map(|f| match &f.when_text {
            Some(t) => format!("{} needs `{t}`", f.zh),
            None => f.zh.clone(),
        })
        .collect();
    if readers.is_empty() {
        format!(
            "`{name}` changes nothing on this hand: no fan of ruleset {} reads it, and the payments are the same without it",
            rs.name
        )
    } else {
        format!("`{name}` changes nothing on this hand: {}", readers.join("; "))
    }
}

/// Whether condition `e` reads hand quantity `var` or ruleset word `word`.
fn reads(e: &Expr, var: Option<Var>, word: Option<usize>) -> bool {
    match e {
        Expr::Var(v) | Expr::VarCmp(_, v, _) => Some(*v) == var,
        Expr::Word(i) => Some(*i) == word,
        Expr::Not(a) => reads(a, var, word),
        Expr::Bin(_, a, b) => reads(a, var, word) || reads(b, var, word),
        _ => false,
    }
}
