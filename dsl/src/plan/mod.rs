//! The scorer's plan, worked out once at load from the fan table: which fans are judged one by
//! one, which are shared out by accounting "once" ([`once`]), which fall back, and the gates that
//! reject most fans before their condition runs. Below the ruleset: it knows fans, not rulesets.

pub mod fan;
pub mod once;

pub use fan::{form_bit, Accounting, Exclusion, Fan, Name, ALL_FORMS};
pub use once::OnceFans;

use crate::expr::Group;

/// The scorer's itinerary through the fan table, worked out once at load. Each step holds copies
/// of just what it reads, packed together, so judging a reading walks a few small arrays instead
/// of the (large) fan records.
#[derive(Clone, Debug, Default)]
pub struct Plan {
    /// Fans judged one by one (conditions, pair groups, groups under accounting "all", scripts).
    pub plain: Vec<Step>,
    /// The masks of the `plain` steps' gates, tested all at once.
    pub plain_masks: crate::expr::GateMasks,
    /// Chow and pung group fans shared out by accounting "once", in table order.
    pub once_chows: OnceFans,
    pub once_pungs: OnceFans,
    /// Fans with exclusions, in table order: (fan, its exclusions).
    pub excluders: Vec<(usize, Vec<Exclusion>)>,
    /// Per fan: its index in `excluders`, or `u32::MAX` for a fan that excludes nothing, so the
    /// scorer finds a fan's exclusions without walking the list.
    pub excluder_of: Vec<u32>,
    /// Fallback fans (chicken hand).
    pub fallback: Vec<Step>,
    /// Per fan: (value, bonus), for combining counts into a total.
    pub values: Vec<(i64, bool)>,
    /// Per fan: the value in a hand with an exposed meld.
    pub open_values: Vec<i64>,
    /// The hand quantities some condition reads: the only ones worked out per reading.
    pub vars: Vec<crate::expr::Var>,
    /// The context words some gate reads, each with its [`crate::expr::Facts::flags`] bit (word
    /// index, bit): a hand sets the bits of the words it carries with a value other than 0.
    pub word_flags: Vec<(usize, u64)>,
    /// Per form (by `Form as usize`): the fans the explanation of a reading of that form must
    /// look at for counts the shape suggests but the score lacks, in table order. Every other fan
    /// was judged on its own for the form, so its count is what its pattern finds (see
    /// `score::explain::removed`): that is known at load, not worked out per hand.
    pub unexplained: [Vec<usize>; 5],
    /// Per fan: its place among the "once" steps, `(true, k)` for `once_chows.steps[k]` and
    /// `(false, k)` for `once_pungs.steps[k]`, so the explanation finds it without a search.
    pub once_slot: Vec<Option<(bool, usize)>>,
}

impl Plan {
    /// The exclusions of fan `fan` (empty for most fans).
    #[inline]
    pub fn exclusions(&self, fan: usize) -> &[Exclusion] {
        match self.excluder_of.get(fan) {
            Some(&k) if k != u32::MAX => &self.excluders[k as usize].1,
            _ => &[],
        }
    }
}

/// One fan as the scorer judges it.
#[derive(Clone, Debug)]
pub struct Step {
    pub fan: usize,
    pub forms: u8,
    pub max_count: Option<u32>,
    pub when: Option<crate::expr::Compiled>,
    pub group: Option<Group>,
    pub script: Option<usize>,
    /// What a reading must show for the fan to be possible at all (its form among `forms`
    /// included): checked before `when` and `group` are, so most fans of a table cost a few
    /// ANDs per reading.
    pub gate: crate::expr::GateTest,
}

impl Plan {
    /// The [`crate::expr::Facts::flags`] bits of a hand with these word values: those of the
    /// words its gates read ([`Plan::word_flags`]) whose value is not 0.
    pub fn word_flags_of(&self, words: &[Option<i64>]) -> u64 {
        self.word_flags.iter().fold(0, |m, &(i, bit)| {
            let on = words.get(i).copied().flatten().is_some_and(|v| v != 0);
            if on {
                m | bit
            } else {
                m
            }
        })
    }

    pub fn new(fans: &[Fan], accounting: Accounting) -> Plan {
        let mut p = Plan::default();
        let (mut once_chows, mut once_pungs) = (Vec::new(), Vec::new());
        let mut gate_flags = 0u64;
        let gates: Vec<crate::expr::Gate> = fans
            .iter()
            .map(|f| {
                match (
                    f.when.as_ref().map(|w| w.gate()),
                    f.group.as_ref().map(Group::gate),
                ) {
                    (Some(w), Some(g)) => crate::expr::Gate::both(w, g),
                    (Some(w), None) => w,
                    (None, Some(g)) => g,
                    (None, None) => crate::expr::Gate::default(),
                }
            })
            .collect();
        // The words the gates read get the flag bits left free for them, in word order; a word
        // past the last bit is not gated on (its fans are judged whatever the line says).
        let read = gates.iter().fold(0u64, |m, g| m | g.words);
        p.word_flags = crate::expr::bits(read)
            .zip(crate::expr::FIRST_WORD_FLAG..64)
            .map(|(word, bit)| (word, 1u64 << bit))
            .collect();
        for ((i, f), gate) in fans.iter().enumerate().zip(gates) {
            gate_flags |= gate.flag_bits();
            let step = Step {
                fan: i,
                forms: f.forms,
                max_count: f.max_count,
                when: f.when.as_ref().map(|w| w.residual(&gate).compiled()),
                group: f.group.clone(),
                script: f.script,
                gate: crate::expr::GateTest::new(gate.words_as_flags(&p.word_flags), f.forms),
            };
            if f.fallback {
                p.fallback.push(step);
            } else {
                match (&f.group, accounting) {
                    (Some(g), Accounting::Once) if g.kind == crate::expr::GroupKind::Chows => {
                        once_chows.push(step)
                    }
                    (Some(g), Accounting::Once) if g.kind == crate::expr::GroupKind::Pungs => {
                        once_pungs.push(step)
                    }
                    _ => p.plain.push(step),
                }
            }
            p.excluder_of.push(u32::MAX);
            if !f.excludes.is_empty() {
                p.excluder_of[i] = p.excluders.len() as u32;
                p.excluders.push((i, f.excludes.clone()));
            }
            p.values.push((f.value, f.bonus));
            p.open_values.push(f.value_in(true));
            if let Some(w) = &f.when {
                w.collect_vars(&mut p.vars);
            }
        }
        // A gate may read a variable its expression does not name (`pungs(dragons)` needs a
        // pung): those are computed too, or their flag would never be set.
        for i in 0..crate::expr::VAR_COUNT {
            if gate_flags & (1 << i) != 0 {
                if let Some(v) = crate::expr::var_by_index(i) {
                    if !p.vars.contains(&v) {
                        p.vars.push(v);
                    }
                }
            }
        }
        for (form, list) in p.unexplained.iter_mut().enumerate() {
            let bit = 1u8 << form;
            let shared = |f: &Fan| {
                accounting == Accounting::Once
                    && f.group.as_ref().is_some_and(|g| {
                        matches!(
                            g.kind,
                            crate::expr::GroupKind::Chows | crate::expr::GroupKind::Pungs
                        )
                    })
            };
            list.extend(
                (0..fans.len())
                    .filter(|&i| !fans[i].fallback && fans[i].script.is_none())
                    .filter(|&i| fans[i].forms & bit == 0 || shared(&fans[i])),
            );
        }
        p.plain_masks = crate::expr::GateMasks::new(p.plain.iter().map(|s| &s.gate));
        p.once_chows = OnceFans::new(once_chows);
        p.once_pungs = OnceFans::new(once_pungs);
        p.once_slot = vec![None; fans.len()];
        for (chows, once) in [(true, &p.once_chows), (false, &p.once_pungs)] {
            for (k, step) in once.steps.iter().enumerate() {
                if let Some(slot) = p.once_slot.get_mut(step.fan) {
                    slot.get_or_insert((chows, k));
                }
            }
        }
        p
    }
}
