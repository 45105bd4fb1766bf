//! The compiled ruleset: native data the engine and scorer read on every hand. Built once by
//! [`crate::load`]; nothing in it is re-parsed afterwards.

use crate::combination::OnceFans;
use crate::expr::{Expr, Group};
use crate::schema;
use mj_core::notation::ContextWordSpec;
use mj_core::{Form, FormRules, TileSet};

/// Names fan conditions see after the ruleset's context words, worked out by the scorer:
/// `red`, the red copies held.
pub const DERIVED_WORDS: [&str; 1] = ["red"];

/// A fan this one implies: its index, and how many of its count are removed (`None` = all).
pub type Exclusion = (usize, Option<u32>);

/// A fan: a named scoring element with its condition.
#[derive(Clone, Debug)]
pub struct Fan {
    pub id: String,
    pub zh: String,
    pub en: String,
    /// The usual Japanese name, where the ruleset gives one.
    pub ja: Option<String>,
    /// The value in a hand with an exposed meld, where it differs (0: concealed hands only).
    pub open_value: Option<i64>,
    /// A limit fan (yakuman): see `[points] limit_fans`.
    pub limit: bool,
    /// Points (additive rulesets) or the multiplier (multiplying rulesets).
    pub value: i64,
    pub definition: String,
    pub note: Option<String>,
    pub family: String,
    pub when: Option<Expr>,
    pub when_text: Option<String>,
    pub group: Option<Group>,
    pub group_text: Option<String>,
    /// Fans this one implies, with how many of their count it removes (`None` = all).
    pub excludes: Vec<Exclusion>,
    /// Forms the fan applies to, as a bit per [`Form`].
    pub forms: u8,
    pub max_count: Option<u32>,
    pub bonus: bool,
    pub fallback: bool,
    pub exclusive: bool,
    /// Index of the rhai function that decides the fan, if any.
    pub script: Option<usize>,
}

pub fn form_bit(f: Form) -> u8 {
    1 << (f as u8)
}

pub const ALL_FORMS: u8 = 0b1_1111;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Combine {
    Sum,
    Product,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Accounting {
    /// Every matching group counts.
    All,
    /// The Chinese Official combination principles for chow and pung groups.
    Once,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiscardPung {
    Exposed,
    ExposedUnlessChow,
}

#[derive(Clone, Debug)]
pub struct Scoring {
    pub combine: Combine,
    pub accounting: Accounting,
    pub exclusive_forms: u8,
    pub discard_pung: DiscardPung,
    pub unique_wait_forms: FormRules,
    pub tie_prefer: Vec<usize>,
    pub cap: Option<i64>,
    /// Every place of the winning tile is a reading of its own.
    pub wait_per_reading: bool,
    /// Fans marked `exclusive`.
    pub exclusive_fans: Vec<usize>,
    /// Which fans the scorer visits at each step, worked out once at load.
    pub plan: Plan,
}

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
    pub fn new(fans: &[Fan], accounting: Accounting) -> Plan {
        let mut p = Plan::default();
        let (mut once_chows, mut once_pungs) = (Vec::new(), Vec::new());
        let mut gate_flags = 0u64;
        for (i, f) in fans.iter().enumerate() {
            let gate = match (f.when.as_ref().map(Expr::gate), f.group.as_ref().map(Group::gate)) {
                (Some(w), Some(g)) => crate::expr::Gate::both(w, g),
                (Some(w), None) => w,
                (None, Some(g)) => g,
                (None, None) => crate::expr::Gate::default(),
            };
            gate_flags |= gate.flag_bits();
            let step = Step {
                fan: i,
                forms: f.forms,
                max_count: f.max_count,
                when: f.when.as_ref().map(|w| w.residual(&gate).compiled()),
                group: f.group.clone(),
                script: f.script,
                gate: crate::expr::GateTest::new(gate, f.forms),
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
            p.open_values.push(f.open_value.unwrap_or(f.value));
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
        p.plain_masks = crate::expr::GateMasks::new(p.plain.iter().map(|s| &s.gate));
        p.once_chows = OnceFans::new(once_chows);
        p.once_pungs = OnceFans::new(once_pungs);
        p
    }
}

/// A compiled payment rule: formulas over [`crate::settle`]'s quantities.
#[derive(Clone, Debug, Default)]
pub struct PaymentRule {
    pub each: Option<Expr>,
    pub discarder: Option<Expr>,
    pub others: Option<Expr>,
}

#[derive(Clone, Debug, Default)]
pub struct Settlement {
    pub self_drawn: PaymentRule,
    pub discard: PaymentRule,
    pub robbed_kong: Option<PaymentRule>,
    pub penalties: Vec<schema::Penalty>,
    pub cap: Option<i64>,
    pub declared_words: schema::DeclaredWords,
    pub table_words: schema::TableWords,
    pub liable: schema::Liable,
    pub kong: KongRule,
    pub drawn_hand: schema::DrawnHand,
    pub floor: Option<i64>,
    /// Multiplier of every payment in a hand whose dealer kept the deal (1 = none).
    pub dealer_repeat_multiplier: i64,
    /// Same tile discarded `count` times in a row: the first discarder pays `each` to every other.
    pub discard_run: Option<(u8, Expr)>,
    /// Added to each win payment per concealed pung or kong of the winner (数坎); 0 = none.
    pub per_concealed_pung: i64,
    /// Added to each win payment (漂); 0 = none.
    pub float: i64,
    /// 买马 after a self-drawn win.
    pub horses: Option<schema::Horses>,
    /// Paid to the winner from the table (riichi deposits).
    pub deposits: Option<Expr>,
}

/// Compiled instant kong payments.
#[derive(Clone, Debug)]
pub struct KongRule {
    pub added: Option<Expr>,
    pub concealed: Option<Expr>,
    pub exposed: Option<Expr>,
    /// `exposed` is paid by every other player, not only the discarder.
    pub exposed_each: bool,
    pub on_replacement: i64,
    pub stand_on_draw: bool,
}

impl Default for KongRule {
    fn default() -> Self {
        KongRule {
            added: None,
            concealed: None,
            exposed: None,
            exposed_each: false,
            on_replacement: 1,
            stand_on_draw: true,
        }
    }
}

/// A loaded, validated, compiled ruleset.
#[derive(Clone, Debug)]
pub struct Ruleset {
    pub name: String,
    pub version: String,
    pub description: String,
    pub language: String,
    /// The chain of rulesets this one extends, nearest first.
    pub extends: Vec<String>,
    pub tiles: TileSet,
    pub tiles_spec: mj_core::TileSetSpec,
    pub wall: schema::Wall,
    pub deal: schema::Deal,
    pub play: schema::Play,
    /// The meld-declaring claims `play.claims` allows, as bits (see `score::meld_claims`).
    pub meld_claims: u8,
    pub win: schema::Win,
    pub forms: FormRules,
    pub min_points: i64,
    pub bonus_counts_toward_min: bool,
    pub fans: Vec<Fan>,
    pub scoring: Scoring,
    /// Base points (fu), dora order and the points formula, for rulesets that have them.
    pub points: crate::points::PointsRules,
    /// Context words whose count adds copies of a tile for tile-valued words: (word, tile id).
    pub word_counts_as: Vec<(usize, usize)>,
    /// Flags that may stand without tiles, and the fan such a line scores: (word, fan).
    pub alone_fans: Vec<(usize, usize)>,
    pub settlement: Settlement,
    /// The merged `[settlement]` table as written, for `mj doc`.
    pub settlement_source: schema::Settlement,
    pub match_rules: Option<schema::Match>,
    /// `[competition]`, resolved against `[match]` and the table size.
    pub competition: Option<mj_core::tournament::Competition>,
    pub context_words: Vec<ContextWordSpec>,
    /// Where each of `context_words` (same order) gets its value in play.
    pub context_sources: Vec<WordSource>,
    pub scripts: crate::script::Scripts,
    /// Tile ids of the wind honours E S W N, where the tile set has them (seat and round fans).
    pub wind_tiles: [Option<usize>; 4],
    /// Source files the ruleset was built from, for `mj check`.
    pub files: Vec<String>,
}

/// Where a ruleset's context word gets its value when the engine plays a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WordSource {
    /// The engine sets it from this fact about the win.
    Fact(mj_core::game::rules::WinFact),
    /// Only ever written by hand for `mj score` (`score_only = true`).
    ScoreOnly,
    /// Neither: play never sets it, so a fan that needs it is never awarded in play
    /// (`mj check` reports it).
    Unset,
}

impl Ruleset {
    /// The context words play can never set (neither an engine fact nor `score_only`).
    pub fn unset_words(&self) -> Vec<&str> {
        self.context_words
            .iter()
            .zip(&self.context_sources)
            .filter(|(_, s)| **s == WordSource::Unset)
            .map(|(w, _)| w.word.as_str())
            .collect()
    }

    pub fn fan_index(&self, id: &str) -> Option<usize> {
        self.fans.iter().position(|f| f.id == id)
    }

    /// Tiles in a complete hand, a kong counting three.
    pub fn win_size(&self) -> usize {
        self.deal.hand_size as usize + 1
    }
}
