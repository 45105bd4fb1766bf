//! Context words that change nothing. A hand written with `fourth`, `kong` or `last` (or a
//! ruleset's own word) that no fan of the ruleset can use on this hand scores as if the word
//! were absent; saying nothing would let the user believe the word was counted. Each such word
//! gets a warning naming the fans that read it and the condition they need, so the user sees why.
//!
//! Whether a word matters is decided by the scorer itself: the hand is scored again without the
//! word, and the word is reported when fans, totals and payments all come out the same. Most
//! words that matter are decided without the full report: a built-in word that a counted fan
//! names in its `why`, and a ruleset's word whose absence changes the plain score's fans.

use crate::cond::{Expr, Var};
use crate::report::HandReport;
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

/// One warning per context word of `hand` that changes nothing in `report`.
pub fn ignored_words(rs: &Ruleset, hand: &Hand, report: &HandReport) -> Vec<String> {
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
        if var.is_some() {
            // A built-in word that a counted fan names in its `why` matters: without the word no
            // fan can name it (only the word's own flag puts it there), so the reports differ.
            if witnessed(rs, &name, report) {
                continue;
            }
        } else {
            // A ruleset's word that matters mostly changes the fans: the plain score (no account
            // of it, no payments) says so for far less than the full report compared below. A
            // hand the plain score refuses, the full report refuses too. (A line of words only
            // is scored by its word, not by the scorer.)
            let tiles = !(without.melds.is_empty() && without.concealed.is_empty());
            if tiles && !crate::score::score(rs, &without).is_ok_and(|s| same_fans(rs, &s, report)) {
                continue;
            }
        }
        let Ok(other) = crate::report::score_hand_plain(rs, &without) else {
            continue;
        };
        let same =
            other.fans == report.fans && other.total == report.total && other.payments == report.payments;
        if same {
            out.push(why_ignored(rs, &name, var));
        }
    }
    out
}

/// Whether `s` counts the fans of `report` (in its order, with its counts) to its total: if
/// not, the report of `s` differs from `report` whatever else it says.
fn same_fans(rs: &Ruleset, s: &crate::score::Score, report: &HandReport) -> bool {
    s.total == report.total
        && s.hits.len() == report.fans.len()
        && s.hits
            .iter()
            .zip(&report.fans)
            .all(|(h, f)| h.count == f.count && rs.fans[h.fan].id == f.id)
}

/// Whether built-in word `name` is among the words a fan line of `report` was counted on, and
/// no word of the ruleset has that name (whose `why` could name it without the built-in one).
fn witnessed(rs: &Ruleset, name: &str, report: &HandReport) -> bool {
    !rs.context_words.iter().any(|w| w.word == name)
        && report
            .fans
            .iter()
            .any(|f| f.why.iter().any(|o| o.words.iter().any(|w| w == name)))
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
