//! The account of a score: for every fan counted, what produced it (the sets, the pair, the
//! context words), one entry per time it was counted; and for every fan the hand's shape
//! suggests but that was not counted, the rule that removed it. Club players and rule designers
//! ask "why this fan?" far more than anything else, so the answer comes from the scorer's own
//! judgement of the best reading (its exclusions and its "once" accounting as they were
//! applied), never from a second model of the rules.
//!
//! Everything is derived from the ruleset's data: a fan's evidence is read off its compiled
//! condition (`pungs(dragons)` names the dragon pungs, `self_drawn` the word `self`), its group
//! pattern (the matching sets), or, for conditions about the whole hand, every set and the pair.

use crate::expr::GroupKind;
use crate::expr::{Expr, Facts, Var};
use crate::ruleset::{form_bit, Accounting, Name, Ruleset, SetName};
use crate::score::{Dropped, FanHit, Trace};
use mj_core::reading::{SetKind, WinPlace};
use serde::Serialize;

/// One time a fan was counted, and what it was counted on.
#[derive(Clone, Debug, Default, Serialize, PartialEq, Eq)]
pub struct Occurrence {
    /// Sets and pairs of the reading (in notation, as [`Explanation::reading`] lists them).
    /// Inline names, as fan names are ([`Name`]): a hand's report names a dozen sets or more,
    /// and a heap string for each was a large share of printing a report.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub sets: Vec<Name>,
    /// Context words of the hand the fan reads (`self`, `last`, `kong`, `fourth`, `flowers=2`,
    /// a ruleset's own words).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub words: Vec<String>,
}

/// A fan the hand's shape suggests but that was not counted (or counted fewer times).
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct RemovedFan {
    pub id: Name,
    pub zh: Name,
    pub en: Name,
    /// How many times it was not counted.
    pub count: u32,
    /// The rule that removed it, in words.
    pub by: String,
    /// The fan table's JSON of the names, for the writer.
    #[serde(skip)]
    pub(crate) head: crate::json_text::CachedHead,
}

/// The account of a score's best reading.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Explanation {
    /// The best reading's sets, then its pair (or pairs), then knitted and honour tiles, each in
    /// notation: what every [`Occurrence::sets`] entry is one of.
    pub reading: Vec<Name>,
    /// Per fan of the score's hits, in the same order: one entry per count when the occurrences
    /// can be told apart, else one entry for all of them.
    pub fans: Vec<Vec<Occurrence>>,
    pub removed: Vec<RemovedFan>,
}

/// The items of a reading, as [`Explanation::reading`] lists them.
struct Items {
    names: Vec<Name>,
    /// Index of the pair item (standard, knitted straight, orphans' duplicate).
    pair: Option<usize>,
    /// First index of the seven-pairs items.
    pairs: usize,
    /// Index of the knitted-tiles item, and of the honours item.
    knitted: Option<usize>,
    honours: Option<usize>,
}

fn items(rs: &Ruleset, f: &Facts) -> Items {
    let r = f.reading;
    let set = f.set;
    // Each name is printed into one reused buffer and kept inline (a set's name is a few
    // bytes): a heap string per name was a good part of explaining a hand.
    let mut buf = String::with_capacity(32);
    let mut names: Vec<Name> = Vec::with_capacity(r.sets.len() + 2);
    let mut name = |names: &mut Vec<Name>, tiles: &[mj_core::Tile]| {
        buf.clear();
        mj_core::notation::print_tiles_to(set, tiles, &mut buf);
        names.push(Name::new(&buf));
        names.len() - 1
    };
    // A set's name depends on its kind and first tile alone: printed once, at load (and here
    // only for a tile the names were not made for).
    let mut set_name =
        |names: &mut Vec<Name>, t: mj_core::Tile, kind: SetName| match rs.set_names.get(t, kind) {
            Some(n) => {
                names.push(n);
                names.len() - 1
            }
            None => {
                let (tiles, n) = kind.tiles(set, t);
                name(names, &tiles[..n])
            }
        };
    for s in &r.sets {
        let kind = match s.kind {
            SetKind::Chow => SetName::Chow,
            SetKind::Pung => SetName::Pung,
            SetKind::Kong => SetName::Kong,
        };
        set_name(&mut names, s.tile, kind);
    }
    let pair = r.pair.map(|p| set_name(&mut names, p, SetName::Pair));
    let pairs = names.len();
    for &p in r.pairs.iter() {
        set_name(&mut names, p, SetName::Pair);
    }
    // Thirteen orphans lists only its duplicated tile: the other twelve kinds, once each.
    if r.form == mj_core::Form::Orphans {
        let once: Vec<mj_core::Tile> = set
            .playing_tiles()
            .filter(|t| f.counts[t.id()] > 0 && Some(*t) != r.pair)
            .collect();
        name(&mut names, &once);
    }
    let mut listed = |tiles: &[mj_core::Tile]| (!tiles.is_empty()).then(|| name(&mut names, tiles));
    let knitted = listed(&r.knitted);
    let honours = listed(&r.honours);
    Items {
        names,
        pair,
        pairs,
        knitted,
        honours,
    }
}

/// How much of the account to build.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Account {
    /// Everything: the reading, every fan's `why`, the removed fans.
    Full,
    /// The reading and every fan's `why`, no removed fans (the larger part of the work), for
    /// comparing fan lines only.
    FansOnly,
}

/// Builds the account of the best reading `f` whose fans are `hits`, from the scorer's `trace`.
pub(crate) fn explain(
    rs: &Ruleset,
    f: &Facts,
    hits: &[FanHit],
    trace: &Trace,
    account: Account,
) -> Explanation {
    let it = items(rs, f);
    let fans = hits
        .iter()
        .map(|h| {
            let mut why = Vec::with_capacity(1);
            occurrences(rs, f, &it, trace, h.fan, h.count, &mut |sets, words| {
                why.push(Occurrence {
                    sets: sets.iter().map(|&i| it.names[i].clone()).collect(),
                    words,
                })
            });
            why
        })
        .collect();
    Explanation {
        removed: match account {
            Account::Full => removed(rs, f, hits, trace),
            Account::FansOnly => Vec::new(),
        },
        reading: it.names,
        fans,
    }
}

/// Item indices of one occurrence or one kind's sets, on the stack: a handful each.
type Items8 = smallvec::SmallVec<[usize; 8]>;

/// Hands `occurrence` the item indices and words of each occurrence of fan `fan`, counted
/// `count` times, in order. Handed over one by one, not collected: the account of a hand has an
/// occurrence or two per fan, and a list of them per fan was a good part of its allocations.
fn occurrences(
    rs: &Ruleset,
    f: &Facts,
    it: &Items,
    trace: &Trace,
    fan: usize,
    count: u32,
    occurrence: &mut dyn FnMut(&[usize], Vec<String>),
) {
    let def = &rs.fans[fan];
    let count = count as usize;
    // A group fan shared out by accounting "once": the sets the accounting counted it on.
    let mut once = trace.once_sets.iter().filter(|(x, _, _)| *x == fan).peekable();
    if once.peek().is_some() {
        for (_, kind, pos) in once.take(count.max(1)) {
            let order = kind_items(*kind, f, it);
            let sets: Items8 = pos.iter().filter_map(|&p| order.get(p).copied()).collect();
            occurrence(&sets, Vec::new());
        }
        return;
    }
    // A group fan under accounting "all": every matching pick of sets.
    if let Some(g) = &def.group {
        let picks = group_picks(g, f, it);
        if !picks.is_empty() {
            for p in picks.iter().take(count.max(1)) {
                occurrence(p, Vec::new());
            }
            return;
        }
    }
    let mut w = Witness::default();
    if let Some(e) = &def.when {
        witness(rs, e, f, it, &mut w);
    }
    if w.sets.is_empty() && w.words.is_empty() || w.whole {
        w.sets = (0..it.names.len()).collect();
    }
    // A count with one witnessed set each (箭刻 ×2 from `pungs(dragons)`): one per occurrence.
    if count > 1 && w.sets.len() == count && !w.whole && w.words.is_empty() {
        for &s in &w.sets {
            occurrence(&[s], Vec::new());
        }
        return;
    }
    occurrence(&w.sets, w.words);
}

/// What a condition reads, gathered by [`witness`].
#[derive(Default)]
struct Witness {
    sets: Items8,
    words: Vec<String>,
    /// The condition is about every tile (a flush, "no honours", a shape).
    whole: bool,
}

impl Witness {
    fn set(&mut self, i: usize) {
        if !self.sets.contains(&i) {
            self.sets.push(i);
        }
    }
    fn word(&mut self, w: String) {
        if !self.words.contains(&w) {
            self.words.push(w);
        }
    }
}

/// The reading's item holding the winning tile.
fn winning_item(f: &Facts, it: &Items) -> Option<usize> {
    let r = f.reading;
    match r.win {
        WinPlace::Set(i) => Some(usize::from(i)),
        WinPlace::Pair => it.pair.or_else(|| {
            r.pairs
                .iter()
                .position(|p| p.id() == f.winning)
                .map(|k| it.pairs + k)
        }),
        WinPlace::Knitted => it.knitted.or(it.honours),
    }
}

/// Gathers what expression `e` reads on the reading. Only parts that hold are evidence: the
/// false side of an `or` and anything under `not` explain nothing.
fn witness(rs: &Ruleset, e: &Expr, f: &Facts, it: &Items, w: &mut Witness) {
    let sets = &f.reading.sets;
    let each_set = |w: &mut Witness, keep: &dyn Fn(&mj_core::reading::Set) -> bool| {
        for (i, s) in sets.iter().enumerate() {
            if keep(s) {
                w.set(i);
            }
        }
    };
    match e {
        Expr::Num(_) | Expr::Slot(_) | Expr::Not(_) => {}
        Expr::Bin(op, a, b) => {
            use crate::expr::BinOp;
            for side in [a, b] {
                if *op != BinOp::Or || side.eval(f) != 0 {
                    witness(rs, side, f, it, w);
                }
            }
        }
        Expr::PungsOf(c) => {
            let m = c.eval(f);
            each_set(w, &|s| s.kind != SetKind::Chow && m >> s.tile.id() & 1 != 0);
        }
        Expr::KongsOf(c) => {
            let m = c.eval(f);
            each_set(w, &|s| s.kind == SetKind::Kong && m >> s.tile.id() & 1 != 0);
        }
        Expr::ChowsOf(c) => {
            let m = c.eval(f);
            each_set(w, &|s| s.kind == SetKind::Chow && m & (0b111 << s.tile.id()) != 0);
        }
        Expr::PairOf(c) => {
            if let (Some(p), Some(i)) = (f.reading.pair, it.pair) {
                if c.eval(f) >> p.id() & 1 != 0 {
                    w.set(i);
                }
            }
        }
        Expr::Group(g) => {
            for p in group_picks(g, f, it) {
                p.into_iter().for_each(|i| w.set(i));
            }
        }
        Expr::Wait(_) | Expr::UniqueWait => {
            if let Some(i) = winning_item(f, it) {
                w.set(i);
            }
        }
        Expr::Word(i) => {
            if let Some(word) = rs.context_words.get(*i) {
                w.word(word_text(&word.word, f.words.get(*i).copied().flatten()));
            }
        }
        Expr::Var(v) | Expr::VarCmp(_, v, _) => var_witness(*v, f, it, w),
        Expr::All(_)
        | Expr::Any(_)
        | Expr::NoneOf(_)
        | Expr::TileCount(_)
        | Expr::Kinds(_)
        | Expr::EveryGroup(_)
        | Expr::Form(_)
        | Expr::Shape(_)
        | Expr::ConcealedShape(_) => w.whole = true,
    }
}

fn word_text(word: &str, value: Option<i64>) -> String {
    match value {
        Some(v) if v != 1 => format!("{word}={v}"),
        _ => word.to_string(),
    }
}

/// What a hand quantity reads.
fn var_witness(v: Var, f: &Facts, it: &Items, w: &mut Witness) {
    let sets = &f.reading.sets;
    let mut keep = |pred: &dyn Fn(&mj_core::reading::Set) -> bool| {
        for (i, s) in sets.iter().enumerate() {
            if pred(s) {
                w.set(i);
            }
        }
    };
    match v {
        Var::Chows => keep(&|s| s.kind == SetKind::Chow),
        Var::Pungs => keep(&|s| s.kind != SetKind::Chow),
        Var::Kongs => keep(&|s| s.kind == SetKind::Kong),
        Var::ConcealedKongs => keep(&|s| s.kind == SetKind::Kong && s.concealed),
        Var::ExposedKongs => keep(&|s| s.kind == SetKind::Kong && !s.concealed),
        Var::ConcealedPungs => keep(&|s| s.kind != SetKind::Chow && s.concealed),
        Var::Declared => keep(&|s| s.meld.is_some()),
        Var::ExposedMelds => keep(&|s| s.meld.is_some() && !s.concealed),
        Var::SelfDrawn if f.self_drawn => w.word("self".into()),
        Var::LastTile if f.last_tile => w.word("last".into()),
        Var::Kong if f.kong => w.word("kong".into()),
        Var::Fourth if f.fourth => w.word("fourth".into()),
        Var::Flowers if f.flowers > 0 => w.word(format!("flowers={}", f.flowers)),
        Var::UniqueWait | Var::WinInHand | Var::WinInMelds => {
            if let Some(i) = winning_item(f, it) {
                w.set(i);
            }
        }
        Var::Knitted => {
            if let Some(i) = it.knitted {
                w.set(i);
            }
        }
        Var::Suits | Var::Hogs | Var::ConcealedHogs | Var::MeldedHogs => w.whole = true,
        _ => {}
    }
}

/// The item indices of the reading's groups of `kind`, in the order the scorer picks them
/// (sorted by first tile).
fn kind_items(kind: GroupKind, f: &Facts, it: &Items) -> Items8 {
    let r = f.reading;
    let mut v: smallvec::SmallVec<[(usize, usize); 8]> = match kind {
        GroupKind::Chows => r
            .sets
            .iter()
            .enumerate()
            .filter(|(_, s)| s.kind == SetKind::Chow)
            .map(|(i, s)| (s.tile.id(), i))
            .collect(),
        GroupKind::Pungs => r
            .sets
            .iter()
            .enumerate()
            .filter(|(_, s)| s.kind != SetKind::Chow)
            .map(|(i, s)| (s.tile.id(), i))
            .collect(),
        GroupKind::Pairs => r
            .pairs
            .iter()
            .enumerate()
            .map(|(k, p)| (p.id(), it.pairs + k))
            .collect(),
    };
    v.sort_unstable();
    v.into_iter().map(|(_, i)| i).collect()
}

/// Every pick of the reading's groups that group pattern `g` accepts, as item indices.
fn group_picks(g: &crate::expr::Group, f: &Facts, it: &Items) -> Vec<Items8> {
    let crate::expr::Groups { tiles, n, sr } = f.groups(g.kind);
    let n = *n;
    let order = kind_items(g.kind, f, it);
    let mut out = Vec::new();
    crate::score::for_each_subset(n, g.count, |idx| {
        if g.accepts(&crate::score::pick(sr, tiles, idx), f) {
            out.push(idx.iter().filter_map(|&i| order.get(i).copied()).collect());
        }
        true
    });
    out
}

/// The rule that dropped a fan after the exclusions, as the scorer recorded it, in words. A
/// riichi hand with a yakuman and `riichi dora=…` would otherwise list its 立直 and 宝牌 as
/// neither counted nor removed.
fn dropped(rs: &Ruleset, hits: &[FanHit], rule: Dropped) -> String {
    match rule {
        Dropped::ClosedOnly => "counted in a concealed hand only, and this hand has an exposed meld".into(),
        Dropped::NeedsOther => {
            "counted only beside another fan that is neither a bonus fan nor one that needs another; none was counted"
                .into()
        }
        Dropped::BesideLimit => {
            let limits: Vec<&str> = hits
                .iter()
                .filter(|h| rs.fans[h.fan].limit)
                .map(|h| rs.fans[h.fan].zh.as_str())
                .collect();
            format!("a limit hand is counted alone, without other fans: {}", limits.join(", "))
        }
    }
}

/// "excluded by" and the names of the fans that excluded one, or nothing when none did. Written
/// straight into one string: a list of the names, joined, then formatted, was three allocations
/// for each removed fan of a hand.
fn excluded_by<'a>(names: impl Iterator<Item = &'a str>) -> Option<String> {
    let mut by = String::new();
    for name in names {
        if by.is_empty() {
            // Room for a few names at once (a fan's name is some ten bytes).
            by.reserve(64);
            by.push_str("excluded by ");
        } else {
            by.push_str(", ");
        }
        by.push_str(name);
    }
    (!by.is_empty()).then_some(by)
}

/// Fans the reading's shape suggests but that were not counted, or counted fewer times, each
/// with the rule that removed it: an exclusion by a fan that was counted, accounting "once"
/// (a set shared by combination fans counts once), the fan's `forms`, or a rule applied after
/// the exclusions ([`dropped`]).
fn removed(rs: &Ruleset, f: &Facts, hits: &[FanHit], trace: &Trace) -> Vec<RemovedFan> {
    let final_count = |j: usize| hits.iter().find(|h| h.fan == j).map_or(0, |h| h.count);
    let mut out = Vec::new();
    let mut push = |j: usize, count: u32, by: String| {
        let d = &rs.fans[j];
        if count > 0 && !out.iter().any(|r: &RemovedFan| r.id == d.id) {
            out.push(RemovedFan {
                id: d.id.clone(),
                zh: d.zh.clone(),
                en: d.en.clone(),
                count,
                by,
                head: crate::json_text::CachedHead::of(&d.head),
            });
        }
    };
    // Exclusions, as the scorer applied them, then the rules it applies after them: only the
    // fans either took a count from are visited.
    let mut lost_fans: smallvec::SmallVec<[usize; 16]> = trace
        .excluded
        .iter()
        .map(|&(_, j)| j)
        .chain(trace.dropped.iter().map(|&(j, _)| j))
        .collect();
    lost_fans.sort_unstable();
    lost_fans.dedup();
    for j in lost_fans {
        let before = trace.before_exclusions.get(j).copied().unwrap_or(0);
        if before == 0 {
            continue;
        }
        let lost = before.saturating_sub(final_count(j));
        if lost == 0 {
            continue;
        }
        let by = trace.excluded.iter().filter(|(_, x)| *x == j);
        if let Some(by) = excluded_by(by.map(|(i, _)| rs.fans[*i].zh.as_str())) {
            push(j, lost, by);
        } else if let Some(&(_, rule)) = trace.dropped.iter().find(|&&(x, _)| x == j) {
            push(j, lost, dropped(rs, hits, rule));
        }
    }
    let form = form_bit(f.reading.form);
    let plan = &rs.scoring.plan;
    // What the "once" fans' own patterns find on the reading, every matching pick counted: one
    // walk over the picks of each kind for all of its fans the gates admit (with their whole
    // condition true).
    let picks = |once: &crate::plan::OnceFans, kind: GroupKind| {
        let live = match trace.once_live[usize::from(kind == GroupKind::Pungs)] {
            Some(live) => live,
            None if once.is_empty() => 0,
            None => once.live(f),
        };
        if live == 0 {
            return (0, [0; crate::plan::once::MAX_ONCE_FANS]);
        }
        let g = f.groups(kind);
        (live, once.count_picks(live, &g.tiles[..g.n], f))
    };
    let chows = picks(&plan.once_chows, GroupKind::Chows);
    let pungs = picks(&plan.once_pungs, GroupKind::Pungs);
    let once_shape = |j: usize| match plan.once_slot.get(j).copied().flatten() {
        Some((is_chows, k)) => {
            let (live, counts) = if is_chows { &chows } else { &pungs };
            if live >> k & 1 != 0 {
                counts[k]
            } else {
                0
            }
        }
        None => 0,
    };
    // Only the fans the plan lists for this form: any other was judged on its own for the
    // reading's form, so its count before exclusions is what its pattern finds (the gate that
    // skipped it promises a zero, and its residual condition equals the whole: both checked on
    // every reading in debug builds), and nothing of it can be missing. Listed are the fans not
    // for this form and those accounting "once" shares out.
    for &j in &plan.unexplained[f.reading.form as usize] {
        let def = &rs.fans[j];
        let counted = trace.before_exclusions.get(j).copied().unwrap_or(0);
        // What the fan's own pattern finds, every matching pick counted.
        let shape = if def.forms & form != 0 {
            once_shape(j)
        } else {
            match (&def.group, &def.when) {
                (Some(g), when) => {
                    let holds = when.as_ref().is_none_or(|w| w.eval(f) != 0);
                    if holds {
                        crate::score::count_groups(g, f) as u32
                    } else {
                        0
                    }
                }
                (None, Some(w)) => w.eval(f).clamp(0, i64::from(u32::MAX)) as u32,
                (None, None) => 0,
            }
        };
        let shape = def.max_count.map_or(shape, |m| shape.min(m));
        if shape <= counted {
            continue;
        }
        // A counted fan that implies this one: the rule text's reason, whichever mechanism
        // (exclusion or accounting) kept the count at zero.
        let by = hits
            .iter()
            .filter(|h| rs.scoring.plan.exclusions(h.fan).iter().any(|&(x, _)| x == j));
        if let Some(by) = excluded_by(by.map(|h| rs.fans[h.fan].zh.as_str())) {
            push(j, shape - counted, by);
        } else if def.forms & form == 0 {
            push(
                j,
                shape,
                format!(
                    "not for the {} form in this ruleset (the fan's forms leave it out)",
                    crate::expr::form_name(f.reading.form)
                ),
            );
        } else if rs.scoring.accounting == Accounting::Once && def.group.is_some() {
            push(
                j,
                shape - counted,
                "accounting once (不得相同, 套算一次): each set combines once with the others, and a combination used for a larger fan is not counted again".into(),
            );
        }
    }
    out
}
