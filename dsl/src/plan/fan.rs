//! The fan table as the ruleset defines it: each fan's names, value, condition, exclusions and
//! the forms it applies to, compiled but not yet arranged for the scorer (that is [`super::Plan`]).

use crate::expr::{Cond, Group};
use mj_core::Form;

/// A fan this one implies: its index, and how many of its count are removed (`None` = all).
pub type Exclusion = (usize, Option<u32>);

/// A fan's or a set's name: a few bytes, kept inline. The one name type of the fan table, the
/// account of a score and the report built from it, so that each copies the names it shows
/// rather than making them anew.
pub type Name = compact_str::CompactString;

impl Fan {
    /// The fan's value in a hand with an exposed meld (`open`) or without.
    pub fn value_in(&self, open: bool) -> i64 {
        if open {
            self.open_value.unwrap_or(self.value)
        } else {
            self.value
        }
    }
}

/// A fan: a named scoring element with its condition.
#[derive(Clone, Debug)]
pub struct Fan {
    pub id: Name,
    pub zh: Name,
    pub en: Name,
    /// The usual Japanese name, where the ruleset gives one.
    pub ja: Option<Name>,
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
    /// Its names as the JSON of a report line writes them, written once.
    pub head: std::sync::Arc<crate::json_text::FanHead>,
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
