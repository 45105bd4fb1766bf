//! The fan table as the ruleset defines it: each fan's names, value, condition, exclusions and
//! the forms it applies to, compiled but not yet arranged for the scorer (that is [`super::Plan`]).

use crate::expr::{Cond, Group};
use mj_core::Form;

/// A fan this one implies: its index, and how many of its count are removed (`None` = all).
pub type Exclusion = (usize, Option<u32>);

/// A fan: a named scoring element with its condition.
#[derive(Clone, Debug)]
pub struct Fan {
    /// Names are kept inline (they are short), so that a report's line of the fan copies them
    /// rather than making each anew.
    pub id: compact_str::CompactString,
    pub zh: compact_str::CompactString,
    pub en: compact_str::CompactString,
    /// The usual Japanese name, where the ruleset gives one.
    pub ja: Option<compact_str::CompactString>,
    /// The value in a hand with an exposed meld, where it differs (0: concealed hands only).
    pub open_value: Option<i64>,
    /// A limit fan (yakuman): see `[points] limit_fans`.
    pub limit: bool,
    /// Points (additive rulesets) or the multiplier (multiplying rulesets).
    pub value: i64,
    pub definition: String,
    pub note: Option<String>,
    pub family: String,
    pub when: Option<Cond>,
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
    /// Counts only when another fan that is neither bonus nor `needs_other` scores on the
    /// reading (after the concealed-only rule, before limit fans remove the others).
    pub needs_other: bool,
    /// Index of the rhai function that decides the fan, if any.
    pub script: Option<usize>,
}

pub fn form_bit(f: Form) -> u8 {
    1 << (f as u8)
}

pub const ALL_FORMS: u8 = 0b1_1111;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Accounting {
    /// Every matching group counts.
    All,
    /// The Chinese Official combination principles for chow and pung groups.
    Once,
}
