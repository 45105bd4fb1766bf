//! Judging every fan on one reading: the gates first, then the conditions, group patterns and
//! scripts of the fans they admit, accounting "once", exclusions and the fallback fan.

use super::hand::{with_facts, HandFacts};
use super::{count_groups, ScoreError};
use crate::expr::{Facts, GroupKind};
use crate::ruleset::Ruleset;
use mj_core::decompose::Division;
use mj_core::Hand;

/// The fans a reading gave a count to, as a bit set: exclusions, totals and the result walk these
/// few, in table order, instead of the whole fan table. A reading of a table with more fans than
/// the set holds is marked `all`, and then the whole table is walked.
#[derive(Clone, Copy)]
pub(super) struct Touched {
    bits: [u64; 2],
    all: bool,
}

impl Touched {
    fn new() -> Touched {
        Touched {
            bits: [0; 2],
            all: false,
        }
    }

    fn push(&mut self, fan: usize) {
        match self.bits.get_mut(fan / 64) {
            Some(word) => *word |= 1 << (fan % 64),
            None => self.all = true,
        }
    }

    /// The touched fans in table order (every fan of `n` when too many were touched).
    pub(super) fn fans(&self, n: usize) -> impl Iterator<Item = usize> + '_ {
        // Either the whole range or the listed bits, the other side empty: plain ranges and bit
        // walks chained, which the compiler follows better than optional iterators flattened.
        let (all, [lo, hi]) = if self.all {
            (0..n, [0; 2])
        } else {
            (0..0, self.bits)
        };
        all.chain(crate::expr::bits(lo))
            .chain(crate::expr::bits(hi).map(|f| f + 64))
    }
}

/// A row of fan counts with the fans it touched.
pub(super) struct Row<'a> {
    counts: &'a mut [u32],
    touched: Touched,
}

impl Row<'_> {
    fn set(&mut self, fan: usize, c: u32) {
        self.counts[fan] = c;
        if c > 0 {
            self.touched.push(fan);
        }
    }

    fn add(&mut self, fan: usize, c: u32) {
        self.set(fan, self.counts[fan].saturating_add(c));
    }
}

/// Counts of every fan on one division. With `account`, the division is the hand's only one,
/// so its counts are the score's: its account is built from the same facts, traced as it is
/// judged, rather than from facts made again for it afterwards.
pub(super) fn judge(
    rs: &Ruleset,
    hand: &Hand,
    h: &HandFacts,
    d: &Division,
    counts: &mut [u32],
    account: Option<(crate::explain::Account, &mut Option<crate::explain::Explanation>)>,
) -> Result<(Touched, i64), ScoreError> {
    with_facts(rs, hand, h, d, |facts| {
        let mut trace = account.is_some().then(Trace::default);
        let t = judge_facts(rs, hand, h, facts, counts, trace.as_mut())?;
        let fu = match &rs.points.fu {
            Some(rules) => rules.fu(facts, &|f| counts.get(f).is_some_and(|&c| c > 0)),
            None => 0,
        };
        if let (Some((account, out)), Some(trace)) = (account, trace) {
            let hits = super::hits_of(counts, &t);
            *out = Some(crate::explain::explain(rs, facts, &hits, &trace, account));
        }
        Ok((t, fu))
    })
}

/// What the explanation of a reading needs beyond its final counts: the counts before
/// exclusions, which fan excluded which, the fans the rules after the exclusions dropped, and
/// the sets each "once" group fan was counted on.
#[derive(Default)]
pub(crate) struct Trace {
    pub before_exclusions: Vec<u32>,
    /// (excluding fan, excluded fan), in the order applied.
    pub excluded: Vec<(usize, usize)>,
    /// (fan, the rule that dropped its count after the exclusions), in the order applied.
    pub dropped: Vec<(usize, Dropped)>,
    /// (fan, set positions among the reading's sets of the fan's kind, sorted by first tile).
    pub once_sets: Vec<(usize, GroupKind, Vec<usize>)>,
    /// The "once" fans of chows, then of pungs, the reading may score ([`OnceFans::live`]),
    /// where the judge worked them out: the explanation counts their patterns without doing so
    /// again.
    ///
    /// [`OnceFans::live`]: crate::plan::OnceFans::live
    pub once_live: [Option<u64>; 2],
}

/// The rules [`concealed_only_and_limits`] applies after the exclusions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Dropped {
    /// Worth 0 in a hand with an exposed meld.
    ClosedOnly,
    /// `needs_other`, and no other fan (neither bonus nor `needs_other`) scored.
    NeedsOther,
    /// Not a limit fan, where a limit fan scored.
    BesideLimit,
}

/// [`judge`] on the facts of a division; with `trace`, also records what explains the counts.
pub(super) fn judge_facts(
    rs: &Ruleset,
    hand: &Hand,
    h: &HandFacts,
    facts: &Facts,
    counts: &mut [u32],
    mut trace: Option<&mut Trace>,
) -> Result<Touched, ScoreError> {
    let mut row = Row {
        counts,
        touched: Touched::new(),
    };
    let plan = &rs.scoring.plan;
    // The gates first, in one pass without branches, then the fans they admit: a step left out
    // keeps its count at 0, which is what it would have scored.
    #[cfg(debug_assertions)]
    for step in plan
        .plain
        .iter()
        .chain(&plan.fallback)
        .chain(&plan.once_chows.steps)
        .chain(&plan.once_pungs.steps)
    {
        check_gate(rs, step, facts);
    }
    // The probe runs every script that has not failed yet, and judges nothing: its score is
    // thrown away, and judging would run the scripts again, so a script that hit its operation
    // or time limit would be run to that limit once per reading and hand instead of once.
    if let Some(failures) = h.probe {
        for s in plan.plain.iter().filter_map(|step| step.script) {
            if crate::cancel::cancelled() {
                break;
            }
            if failures.borrow().iter().any(|(f, _)| *f == s) {
                continue;
            }
            if let Err(ScoreError::Script(m)) = run_script(rs, hand, facts, s) {
                failures.borrow_mut().push((s, m));
            }
        }
        return Ok(row.touched);
    }
    for (c, chunk) in plan.plain.chunks(64).enumerate() {
        let pass = plan.plain_masks.admitted(c, facts.flags, facts.present);
        #[cfg(debug_assertions)]
        {
            let one_by_one = chunk.iter().enumerate().fold(0u64, |m, (k, step)| {
                m | u64::from(step.gate.admits_masks(facts.flags, facts.present)) << k
            });
            assert_eq!(
                pass, one_by_one,
                "gate chunk {c}: all at once and one by one disagree"
            );
        }
        for step in crate::expr::bits(pass).map(|k| &chunk[k]) {
            if !step.gate.admits_ranges(&facts.vars) {
                continue;
            }
            if step.gate.exact && step.group.is_none() && step.script.is_none() {
                row.set(step.fan, clamp(1, step.max_count));
                continue;
            }
            let mut c: i64 = match &step.group {
                Some(g) => count_groups(g, facts) as i64,
                None => 1,
            };
            if c > 0 {
                if let Some(w) = &step.when {
                    let v = w.eval(facts);
                    c = if step.group.is_some() {
                        c * i64::from(v != 0)
                    } else {
                        v
                    };
                }
            }
            if c > 0 {
                if let Some(s) = step.script {
                    c = run_script(rs, hand, facts, s)?;
                }
            }
            row.set(step.fan, clamp(c, step.max_count));
        }
    }
    for (kind, once) in [
        (GroupKind::Chows, &plan.once_chows),
        (GroupKind::Pungs, &plan.once_pungs),
    ] {
        if once.is_empty() {
            continue;
        }
        let &crate::expr::Groups { tiles, n: nt, .. } = facts.groups(kind);
        if nt < 2 {
            continue;
        }
        let live = once.live(facts);
        if let Some(t) = trace.as_deref_mut() {
            t.once_live[usize::from(kind == GroupKind::Pungs)] = Some(live);
        }
        if live != 0 {
            match trace.as_deref_mut() {
                None => once.account(live, &tiles[..nt], facts, |fan, _| row.add(fan, 1)),
                Some(t) => once.account(live, &tiles[..nt], facts, |fan, sets| {
                    row.add(fan, 1);
                    t.once_sets.push((fan, kind, sets.to_vec()));
                }),
            }
        }
    }
    let Row { counts, mut touched } = row;
    let n = counts.len();
    if let Some(t) = trace.as_deref_mut() {
        t.before_exclusions = counts.to_vec();
    }
    // Exclusions, in table order: a fan already excluded excludes nothing. Only fans with a
    // count can exclude, so the touched ones are all there is to visit.
    for i in touched.fans(n) {
        if counts[i] == 0 {
            continue;
        }
        for &(j, lim) in plan.exclusions(i) {
            if let Some(t) = trace.as_deref_mut() {
                if counts[j] > 0 {
                    t.excluded.push((i, j));
                }
            }
            counts[j] = match lim {
                None => 0,
                Some(l) => counts[j].saturating_sub(l),
            };
        }
    }
    if h.exposed_melds > 0 || rs.scoring.has_limit_fans || rs.scoring.has_needs_other {
        let dropped = trace.map(|t| &mut t.dropped);
        concealed_only_and_limits(rs, h.exposed_melds > 0, counts, &touched, dropped);
    }
    // The fallback fan (chicken hand) scores when nothing else but bonus fans did.
    if !plan.fallback.is_empty() && !touched.fans(n).any(|f| counts[f] > 0 && !plan.values[f].1) {
        touched = fallback(plan, facts, Row { counts, touched });
    }

    Ok(touched)
}

/// A fan worth 0 in an open hand does not score there (a concealed-hand fan); a `needs_other`
/// fan scores only beside another fan (not bonus, not `needs_other`) that still scores then;
/// and where a limit fan (yakuman) scored, no other fan does.
#[cold]
#[inline(never)]
fn concealed_only_and_limits(
    rs: &Ruleset,
    open: bool,
    counts: &mut [u32],
    touched: &Touched,
    mut dropped: Option<&mut Vec<(usize, Dropped)>>,
) {
    let plan = &rs.scoring.plan;
    let n = counts.len();
    // Drops fan `f`'s count by `rule`, noted for the explanation when it had one.
    let mut drop = |counts: &mut [u32], f: usize, rule: Dropped| {
        if counts[f] > 0 {
            if let Some(d) = dropped.as_deref_mut() {
                d.push((f, rule));
            }
            counts[f] = 0;
        }
    };
    if open {
        for f in touched.fans(n) {
            if plan.open_values[f] == 0 && plan.values[f].0 != 0 {
                drop(counts, f, Dropped::ClosedOnly);
            }
        }
    }
    if rs.scoring.has_needs_other {
        let fans = &rs.fans;
        let companion = touched
            .fans(n)
            .any(|f| counts[f] > 0 && !fans[f].needs_other && !fans[f].bonus);
        if !companion {
            for f in touched.fans(n) {
                if fans[f].needs_other {
                    drop(counts, f, Dropped::NeedsOther);
                }
            }
        }
    }
    if touched.fans(n).any(|f| counts[f] > 0 && rs.fans[f].limit) {
        for f in touched.fans(n) {
            if !rs.fans[f].limit {
                drop(counts, f, Dropped::BesideLimit);
            }
        }
    }
}

/// A fan's script, run on a reading. Kept out of line, as is [`fallback`]: neither runs on most
/// readings, and inlined into [`judge`] their code pushed the hot loop out of the instruction cache.
#[cold]
#[inline(never)]
fn run_script(rs: &Ruleset, hand: &Hand, facts: &Facts, script: usize) -> Result<i64, ScoreError> {
    rs.scripts
        .call(script, crate::scriptapi::hand_map(rs, hand, facts))
        .map_err(ScoreError::Script)
}

/// The fallback fans on a reading where nothing else but bonus fans scored.
#[cold]
#[inline(never)]
fn fallback(plan: &crate::ruleset::Plan, facts: &Facts, mut row: Row) -> Touched {
    for step in &plan.fallback {
        if facts.admits(&step.gate) {
            let c = step.when.as_ref().map_or(1, |w| w.eval(facts));
            row.set(step.fan, clamp(c, step.max_count));
        }
    }
    row.touched
}

/// What every gate promises, checked on every reading in debug builds (so by every test that
/// scores): a fan of the reading's form has a zero condition and no matching group on a reading
/// its gate rejects, a condition of 1 on one an exact gate admits, and on one any gate admits,
/// the residual condition the scorer evaluates has the value of the whole.
#[cfg(debug_assertions)]
fn check_gate(rs: &Ruleset, step: &crate::ruleset::Step, f: &Facts) {
    if step.forms & crate::ruleset::form_bit(f.reading.form) == 0 {
        return;
    }
    let original = rs.fans[step.fan].when.as_ref();
    let when = original.map(|w| w.eval(f));
    let admitted = f.admits(&step.gate);
    if let (Some(whole), Some(residual), true) = (when, &step.when, admitted) {
        let part = residual.eval(f);
        assert_eq!(
            part, whole,
            "fan `{}`: the residual condition gives {part}, the whole {whole}",
            rs.fans[step.fan].id
        );
    }
    let v = match &step.group {
        Some(g) => count_groups(g, f) as i64 * when.map_or(1, |w| i64::from(w != 0)),
        None => match when {
            Some(w) => w,
            None => return,
        },
    };
    let fan = &rs.fans[step.fan].id;
    assert!(
        admitted || v == 0,
        "the gate of fan `{fan}` rejected a reading its condition gives {v}"
    );
    if step.gate.exact && admitted {
        assert_eq!(
            v, 1,
            "the exact gate of fan `{fan}` admitted a reading its condition gives {v}"
        );
    }
}

/// A condition's value as a fan count: at least 0, at most the fan's `max_count`.
pub(crate) fn clamp(c: i64, max: Option<u32>) -> u32 {
    let c = c.clamp(0, u32::MAX as i64) as u32;
    max.map_or(c, |m| c.min(m))
}
