//! Context words that change nothing. A hand written with `fourth`, `kong` or `last` (or a
//! ruleset's own word) that no fan of the ruleset can use on this hand scores as if the word
//! were absent; saying nothing would let the user believe the word was counted. Each such word
//! gets a warning naming the fans that read it and the condition they need, so the user sees why.
//!
//! Whether a word matters is decided by the scorer itself: the hand is scored again without the
//! word, and the word is reported when fans, totals and payments all come out the same. Most
//! words that matter are decided without the full report: a built-in word that a counted fan
//! names in its `why`, a ruleset's word that a counted fan's condition cannot do without
//! ([`needs`]: decided without scoring again at all), and a ruleset's word whose absence changes
//! the plain score's fans. Most built-in words that change nothing are decided without scoring
//! at all ([`inert`]): no condition that reads them could take the hand with the word or
//! without it. A ruleset's word
//! that only the settlement reads ([`settlement_only`]: counters, deposits, the discarder) is
//! weighed by settling the same score without it; one that leaves the plain score's fans,
//! payments and reading as they were, and that no counted or group fan reads
//! ([`explained_with`]), changes nothing without the account being made again. The test
//! `report::tests::word_warnings_agree_with_the_full_report_on_every_corpus_line` holds every
//! shortcut to the definition.

use crate::explain::RemovedFan;
use crate::expr::{reads, BinOp, Expr, Var, VAR_COUNT};
use crate::ruleset::{Ruleset, WordReach};
use mj_core::Hand;

/// A word of the hand and how to take it away.
enum Word {
    LastTile,
    Kong,
    Fourth,
    /// A ruleset's own word, by its position in `Context::extra`.
    Extra(usize),
}

/// One warning per context word of `hand` that changes nothing: `same(without, name, var)` says
/// whether the hand without the word (a built-in one read as `var`), and without the words that
/// need it (`ippatsu` without `riichi` is not a line), scores and pays as the hand does (the
/// report's own judgement).
///
/// `removed` is the report's list of fans not counted: a fan that reads the word and is in it is
/// named with the rule that removed it, not with the condition it needs (which held).
pub fn ignored_words(
    rs: &Ruleset,
    hand: &Hand,
    removed: &[RemovedFan],
    same: impl Fn(&Hand, &str, Option<Var>) -> bool,
) -> Vec<String> {
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
                (mj_core::hand::Word::const_new("last"), Some(Var::LastTile))
            }
            Word::Kong => {
                without.context.kong = false;
                (mj_core::hand::Word::const_new("kong"), Some(Var::Kong))
            }
            Word::Fourth => {
                without.context.fourth = false;
                (mj_core::hand::Word::const_new("fourth"), Some(Var::Fourth))
            }
            Word::Extra(i) => (without.context.extra.remove(i).0, None),
        };
        crate::word_rules::drop_unmet(&rs.word_rules, &mut without);
        if same(&without, &name, var) {
            out.push(why_ignored(rs, &name, var, removed));
        }
    }
    out
}

/// The indices conditions read ruleset word `word` as: its own, and for a word naming the dealer
/// or the dealer's streak the derived words `winner_dealer` and `dealer_streak` it feeds.
fn read_as(rs: &Ruleset, word: Option<usize>) -> [Option<usize>; 3] {
    let n = rs.context_words.len();
    let derived = |k: usize| word.filter(|&i| rs.dealer_words[k] == Some(i)).map(|_| n + 3 + k);
    [word, derived(0), derived(1)]
}

/// By fan, in table order: whether its condition reads hand quantity `var` or one of `words`
/// (ruleset words, as [`read_as`] gives them).
fn fans_reading<'a>(
    rs: &'a Ruleset,
    var: Option<Var>,
    words: &'a [Option<usize>; 3],
) -> impl Iterator<Item = bool> + 'a {
    rs.fans.iter().zip(&rs.scoring.reads).map(move |(f, r)| {
        f.when
            .as_ref()
            .is_some_and(|e| words.iter().any(|&w| r.reads(e, var, w)))
    })
}

/// [`WordReach`] of every word of `rs.context_words`, in order.
pub(crate) fn reach(rs: &Ruleset) -> Vec<WordReach> {
    let scripted = rs.fans.iter().any(|f| f.script.is_some());
    (0..rs.context_words.len())
        .map(|i| {
            let words = read_as(rs, Some(i));
            let readers: Vec<bool> = fans_reading(rs, None, &words).collect();
            let counted = rs.word_counts_as.iter().any(|&(w, _)| w == i);
            let alone = rs.alone_fans.iter().any(|&(w, _)| w == i);
            let name = &rs.context_words[i].word;
            let read = scripted || readers.iter().any(|&r| r);
            let group_reads = rs.fans.iter().zip(&readers).any(|(f, &r)| f.group.is_some() && r);
            let needed_by = rs
                .fans
                .iter()
                .map(|f| f.when.as_ref().is_some_and(|e| needs(e, i)))
                .collect();
            WordReach {
                needed_by,
                settlement_only: !read
                    && !fu_reads(rs, None, Some(i))
                    && !word_ruled(rs, name)
                    && !counted
                    && !alone,
                moves_sets: counted || group_reads,
                readers,
            }
        })
        .collect()
}

/// Whether condition `e` is 0 whenever ruleset word `word` is absent (an absent word reads as
/// 0): the word itself, a conjunction or product with a part that needs it, a choice whose
/// every side needs it, or a comparison that holds only for a value that is not 0. Anything
/// else may hold without the word, and is said not to need it.
fn needs(e: &Expr, word: usize) -> bool {
    match e {
        Expr::Word(i) => *i == word,
        Expr::Bin(BinOp::And | BinOp::Mul, a, b) => needs(a, word) || needs(b, word),
        Expr::Bin(BinOp::Or, a, b) => needs(a, word) && needs(b, word),
        Expr::Bin(op, a, b) => match (op, &**b) {
            (BinOp::Ge, Expr::Num(n)) if *n >= 1 => needs(a, word),
            (BinOp::Gt, Expr::Num(n)) if *n >= 0 => needs(a, word),
            (BinOp::Ne, Expr::Num(0)) => needs(a, word),
            (BinOp::Eq, Expr::Num(n)) if *n != 0 => needs(a, word),
            _ => false,
        },
        _ => false,
    }
}

/// Whether ruleset word `name` matters to a score whose fans are `hits` for want of scoring
/// again: a counted fan's condition needs it ([`needs`]), so without the word that fan is
/// counted on no reading and the hand's fan lines cannot stay the same.
pub(crate) fn needed_by_counted(rs: &Ruleset, name: &str, hits: &[crate::score::FanHit]) -> bool {
    reach_of(rs, name).is_some_and(|reach| {
        hits.iter()
            .any(|h| reach.needed_by.get(h.fan).copied().unwrap_or(false))
    })
}

/// What the conditions make of ruleset word `name` ([`reach`]), if the ruleset has the word.
fn reach_of<'a>(rs: &'a Ruleset, name: &str) -> Option<&'a WordReach> {
    let i = rs.context_words.iter().position(|w| w.word == name)?;
    rs.word_reach.get(i)
}

/// The index of ruleset word `name` when nothing the scorer reads can see it, only the
/// settlement (counters, deposits, the discarder): no fan condition or fu rule reads it, it
/// counts as no tile, stands in no rule of words written together, is no word allowed alone,
/// and no fan runs a script (which could read anything). Taking such a word off changes the
/// score in nothing but the word's own value; whether it matters is then a matter of payments.
pub(crate) fn settlement_only(rs: &Ruleset, name: &str) -> Option<usize> {
    let i = rs.context_words.iter().position(|w| w.word == name)?;
    rs.word_reach
        .get(i)
        .is_some_and(|r| r.settlement_only)
        .then_some(i)
}

/// Whether a fu rule's condition reads hand quantity `var` or ruleset word `word`.
fn fu_reads(rs: &Ruleset, var: Option<Var>, word: Option<usize>) -> bool {
    rs.points.fu.as_ref().is_some_and(|fu| {
        fu.add
            .iter()
            .chain(&fu.fixed)
            .chain(&fu.minimum)
            .any(|r| r.when.as_ref().is_some_and(|e| reads(e, var, word)))
    })
}

/// Whether a rule of words written together is the word `name`'s or names it.
fn word_ruled(rs: &Ruleset, name: &str) -> bool {
    rs.word_rules.iter().any(|r| {
        r.word == name
            || r.requires
                .iter()
                .chain(&r.requires_any)
                .chain(&r.conflicts)
                .any(|w| w == name)
    })
}

/// Whether the account of fans `hits` could name ruleset word `name`: one of them reads it (its
/// `why` lists the words its condition reads) or runs a script, a group fan reads it (accounting
/// "once" shares sets out among the group fans whose conditions hold, so any of them may move
/// the sets another is counted on), or the word counts as tiles (then the words of those tiles
/// read differently). `false` means the `why`s of these fans on a reading do not depend on it.
pub(crate) fn explained_with(rs: &Ruleset, name: &str, hits: &[crate::score::FanHit]) -> bool {
    let Some(reach) = reach_of(rs, name) else {
        return true;
    };
    reach.moves_sets
        || hits
            .iter()
            .any(|h| rs.fans[h.fan].script.is_some() || reach.readers.get(h.fan).copied().unwrap_or(true))
}

/// The warning for word `name` (read by conditions as `var`, or as the ruleset word `name`).
/// Written into one string as it goes: a formatted string per fan that reads the word, joined
/// and formatted again, was most of the cost of a warning (a quarter of generated hands carry
/// one).
fn why_ignored(rs: &Ruleset, name: &str, var: Option<Var>, removed: &[RemovedFan]) -> String {
    let words = read_as(rs, rs.context_words.iter().position(|w| w.word == name));
    let mut out = String::with_capacity(160);
    out.push('`');
    out.push_str(name);
    out.push_str("` changes nothing on this hand: ");
    let readers = rs
        .fans
        .iter()
        .zip(fans_reading(rs, var, &words))
        .filter(|&(_, reads)| reads);
    let mut any = false;
    for (f, _) in readers {
        if any {
            out.push_str("; ");
        }
        any = true;
        out.push_str(&f.zh);
        match (removed.iter().find(|r| r.id == f.id.as_str()), &f.when_text) {
            (Some(r), _) => {
                out.push_str(" is not counted: ");
                out.push_str(&r.by);
            }
            (None, Some(t)) => {
                out.push_str(" needs `");
                out.push_str(t);
                out.push('`');
            }
            (None, None) => {}
        }
    }
    if !any {
        out.push_str("no fan of ruleset ");
        out.push_str(&rs.name);
        out.push_str(" reads it, and the payments are the same without it");
    }
    out
}

/// Whether built-in word `var`, written on `hand`, changes nothing, decided from the conditions
/// that read it instead of scoring the hand again: every fan whose condition reads it is refused
/// with the word and without it by what the hand's context and melds alone say (the same for
/// every reading), so neither report counts or names it; and nothing else reads it (no script,
/// fu rule, word rule, nor, for `kong`, a settlement rule that tells a robbed kong or a kong's
/// feeder apart). `false` means "not known this way": the caller scores the hand without the word.
pub(crate) fn inert(rs: &Ruleset, hand: &Hand, var: Var) -> bool {
    let name = match var {
        Var::LastTile => "last",
        Var::Kong => "kong",
        Var::Fourth => "fourth",
        _ => return false,
    };
    let st = &rs.settlement;
    let settled = var == Var::Kong
        && (st.robbed_kong.is_some()
            || st.liable.robbed_kong
            || st.liable.kong_feeder
            || st.liable.kong_feeder_as_discard);
    let fu_reads = fu_reads(rs, Some(var), None);
    let ruled = word_ruled(rs, name);
    let tiles = !(hand.melds.is_empty() && hand.concealed.is_empty());
    let ready = crate::word_rules::ready_word(&rs.word_rules, hand).is_some();
    if ready || settled || fu_reads || ruled || !tiles || rs.fans.iter().any(|f| f.script.is_some()) {
        return false;
    }
    if rs.context_words.iter().any(|w| w.word == name) {
        return false;
    }
    let Some(mut known) = hand_vars(hand) else {
        return false;
    };
    let conditions = rs.fans.iter().zip(&rs.scoring.reads);
    conditions
        .filter_map(|(f, r)| Some((f.when.as_ref()?, r)))
        .all(|(e, r)| {
            !r.reads(e, Some(var), None) || {
                let refused = |on: bool, known: &mut [Option<i64>; VAR_COUNT]| {
                    known[var as usize] = Some(i64::from(on));
                    value(e, known) == Some(0)
                };
                refused(true, &mut known) && refused(false, &mut known)
            }
        })
}

/// The quantities of `hand` that are the same on every reading (its context, its melds, where
/// its winning tile is), by [`Var`] as the scorer computes them; `None` for the rest.
fn hand_vars(hand: &Hand) -> Option<[Option<i64>; VAR_COUNT]> {
    let ctx = &hand.context;
    let win = hand.winning_tile()?;
    let mut v = [None; VAR_COUNT];
    let kongs = |concealed: bool| {
        let n = hand
            .melds
            .iter()
            .filter(|m| m.is_kong() && m.is_concealed() == concealed)
            .count();
        Some(n as i64)
    };
    let in_melds = hand
        .melds
        .iter()
        .map(|m| match m {
            mj_core::Meld::Chow { first, .. } => i64::from((first.id()..first.id() + 3).contains(&win.id())),
            m if m.tile() == win => m.len() as i64,
            _ => 0,
        })
        .sum::<i64>();
    for (var, x) in [
        (Var::SelfDrawn, Some(i64::from(ctx.self_drawn))),
        (Var::Discard, Some(i64::from(!ctx.self_drawn))),
        (Var::LastTile, Some(i64::from(ctx.last_tile))),
        (Var::Kong, Some(i64::from(ctx.kong))),
        (Var::Fourth, Some(i64::from(ctx.fourth))),
        (Var::Flowers, Some(i64::from(hand.flower_count()))),
        (Var::Declared, Some(hand.melds.len() as i64)),
        (
            Var::ExposedMelds,
            Some(hand.melds.iter().filter(|m| !m.is_concealed()).count() as i64),
        ),
        (Var::ConcealedKongs, kongs(true)),
        (Var::ExposedKongs, kongs(false)),
        (
            Var::WinInHand,
            Some(hand.concealed.iter().filter(|&&t| t == win).count() as i64),
        ),
        (Var::WinInMelds, Some(in_melds)),
        (Var::Seat, Some(i64::from(ctx.seat.index()))),
        (Var::Round, Some(i64::from(ctx.round.index()))),
    ] {
        v[var as usize] = x;
    }
    v[Var::Kongs as usize] = Some(v[Var::ConcealedKongs as usize]? + v[Var::ExposedKongs as usize]?);
    Some(v)
}

/// The value of condition `e` from the quantities `known`, when they decide it whatever the
/// unknown ones are: `and` with a false side is false, `or` with a true side true; comparisons of
/// known values as the evaluator makes them. `None` when it is not decided (or not looked into).
fn value(e: &Expr, known: &[Option<i64>; VAR_COUNT]) -> Option<i64> {
    let truth = |b: bool| Some(i64::from(b));
    match e {
        Expr::Num(n) => Some(*n),
        Expr::Var(v) => known[*v as usize],
        Expr::VarCmp(op, v, n) => compare(*op, known[*v as usize]?, *n).and_then(truth),
        Expr::Not(a) => truth(value(a, known)? == 0),
        Expr::Bin(BinOp::And, a, b) => match (value(a, known), value(b, known)) {
            (Some(0), _) | (_, Some(0)) => Some(0),
            (Some(_), Some(_)) => Some(1),
            _ => None,
        },
        Expr::Bin(BinOp::Or, a, b) => match (value(a, known), value(b, known)) {
            (Some(x), _) if x != 0 => Some(1),
            (_, Some(y)) if y != 0 => Some(1),
            (Some(_), Some(_)) => Some(0),
            _ => None,
        },
        Expr::Bin(op, a, b) => compare(*op, value(a, known)?, value(b, known)?).and_then(truth),
        _ => None,
    }
}

/// `x op y` for a comparison (`None` for any other operator).
fn compare(op: BinOp, x: i64, y: i64) -> Option<bool> {
    Some(match op {
        BinOp::Eq => x == y,
        BinOp::Ne => x != y,
        BinOp::Ge => x >= y,
        BinOp::Le => x <= y,
        BinOp::Gt => x > y,
        BinOp::Lt => x < y,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    /// Which riichi fans need which words, as `needs` reads their conditions (the fan table's
    /// `when`s in rulesets/riichi): a word is needed only where its absence makes the condition
    /// 0 on every reading.
    #[test]
    fn a_fan_needs_the_words_its_condition_cannot_do_without() {
        let rs = crate::load("riichi").expect("riichi loads");
        let needed = |fan: &str, word: &str| {
            let f = rs.fans.iter().position(|f| f.id == fan).expect("fan");
            let w = rs
                .context_words
                .iter()
                .position(|w| w.word == word)
                .expect("word");
            rs.word_reach[w].needed_by[f]
        };
        // `riichi and not double`
        assert!(needed("riichi", "riichi"));
        assert!(!needed("riichi", "double"));
        // `(riichi or double) * ura`: either riichi word will do, the indicators will not.
        assert!(needed("ura_dora", "ura"));
        assert!(!needed("ura_dora", "riichi"));
        assert!(!needed("ura_dora", "double"));
        // `ippatsu and (riichi or double)`
        assert!(needed("ippatsu", "ippatsu"));
        assert!(!needed("ippatsu", "riichi"));
        // `first and self_drawn and seat == 0`
        assert!(needed("tenhou", "first"));
        // `dora`: the count of dora the indicators make.
        assert!(needed("dora", "dora"));
        assert!(!needed("dora", "ura"));
        // A fan that reads no word needs none.
        assert!(!needed("tanyao", "riichi"));
    }

    /// The comparisons `needs` accepts are those false at 0, and no others.
    #[test]
    fn only_comparisons_false_at_zero_need_the_word() {
        use crate::expr::{BinOp, Expr};
        let w = || Box::new(Expr::Word(0));
        let cmp = |op, n| Expr::Bin(op, w(), Box::new(Expr::Num(n)));
        for (e, want) in [
            (cmp(BinOp::Ge, 1), true),
            (cmp(BinOp::Ge, 0), false),
            (cmp(BinOp::Gt, 0), true),
            (cmp(BinOp::Gt, -1), false),
            (cmp(BinOp::Ne, 0), true),
            (cmp(BinOp::Ne, 2), false),
            (cmp(BinOp::Eq, 2), true),
            (cmp(BinOp::Eq, 0), false),
            (cmp(BinOp::Le, 3), false),
            (Expr::Not(w()), false),
            (Expr::Bin(BinOp::Or, w(), Box::new(Expr::Word(1))), false),
            (Expr::Bin(BinOp::Or, w(), w()), true),
            (Expr::Bin(BinOp::Add, w(), Box::new(Expr::Num(1))), false),
        ] {
            assert_eq!(super::needs(&e, 0), want, "{e:?}");
        }
    }
}
