//! The settlement's own scope: the amounts a formula may name, each a typed slot of the values
//! the one evaluator reads ([`crate::expr::Facts::slots`]), the ruleset's context words after
//! them. Loading compiles formulas in this scope; settling fills the slots and evaluates.

use crate::expr::{Cond, Facts};
use crate::ruleset::Ruleset;

/// A quantity a settlement formula may use. `WinnerDeclared` and `PayerDeclared` are 1 when the
/// winner (or konger) and the paying player had declared ready (亮倒), else 0; `DealerStreak` is
/// how many hands in a row the dealer has kept the deal before this one. `Basic`, `Han` and `Fu`
/// come from a `[points]` formula (`basic` is `total` without one); `WinnerDealer` and
/// `PayerDealer` are 1 for the seat dealing the hand. `Table` is the `[settlement.fan_table]`
/// entry of the hand's total (capped at its limit).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Amount {
    Total,
    Points,
    Bonus,
    Flowers,
    WinnerDeclared,
    PayerDeclared,
    DealerStreak,
    Table,
    Basic,
    Han,
    Fu,
    WinnerDealer,
    PayerDealer,
}

/// Every [`Amount`], in slot order.
pub const AMOUNTS: [Amount; 13] = [
    Amount::Total,
    Amount::Points,
    Amount::Bonus,
    Amount::Flowers,
    Amount::WinnerDeclared,
    Amount::PayerDeclared,
    Amount::DealerStreak,
    Amount::Table,
    Amount::Basic,
    Amount::Han,
    Amount::Fu,
    Amount::WinnerDealer,
    Amount::PayerDealer,
];

/// The names formulas write, in slot order ([`AMOUNTS`]); a ruleset's context words follow these,
/// with their values as numbers.
pub const VARS: [&str; 13] = [
    // The first PLAIN_VARS are those of every ruleset; `mj check` offers `table` with a
    // [settlement.fan_table] and the rest with [points].
    "total",
    "points",
    "bonus",
    "flowers",
    "winner_declared",
    "payer_declared",
    "dealer_streak",
    "table",
    "basic",
    "han",
    "fu",
    "winner_dealer",
    "payer_dealer",
];

/// The amounts every ruleset's formulas have (the first of [`VARS`]).
pub const PLAIN_VARS: usize = 7;

/// The slot a formula's name reads: an amount, or a context word after the amounts.
pub fn slot_of(name: &str, words: &[String]) -> Option<usize> {
    VARS.iter()
        .position(|v| *v == name)
        .or_else(|| words.iter().position(|w| w == name).map(|i| VARS.len() + i))
}

/// Slots kept on the stack: the amounts and up to this many words less (a ruleset with more
/// words puts its slots on the heap). Settling is done for every scored hand, and an allocation
/// per settlement was a measurable part of it.
const INLINE_SLOTS: usize = 48;

/// The values of one evaluation: each amount in its slot, then the words' values.
pub struct Slots {
    inline: [i64; INLINE_SLOTS],
    /// Every slot, when there are more than fit inline (else empty).
    heap: Vec<i64>,
}

impl Slots {
    /// Every amount 0, room for `words` word values (0 until set).
    pub fn new(words: usize) -> Slots {
        let n = VARS.len() + words;
        Slots {
            inline: [0; INLINE_SLOTS],
            heap: if n > INLINE_SLOTS { vec![0; n] } else { Vec::new() },
        }
    }

    fn values_mut(&mut self) -> &mut [i64] {
        if self.heap.is_empty() {
            &mut self.inline
        } else {
            &mut self.heap
        }
    }

    pub fn set(&mut self, a: Amount, value: i64) -> &mut Slots {
        self.values_mut()[a as usize] = value;
        self
    }

    /// The context words' values, in the ruleset's order.
    pub fn words(&mut self, values: impl IntoIterator<Item = i64>) -> &mut Slots {
        for (slot, v) in self.values_mut()[VARS.len()..].iter_mut().zip(values) {
            *slot = v;
        }
        self
    }

    /// One context word's value (index in the ruleset's order); past the words, nothing.
    pub fn set_word(&mut self, word: usize, value: i64) -> &mut Slots {
        if let Some(slot) = self.values_mut().get_mut(VARS.len() + word) {
            *slot = value;
        }
        self
    }

    /// A formula's value with these slots, through the one evaluator. Slots past the words are
    /// 0 and named by no formula (names were resolved to slots at load).
    pub fn eval(&self, rs: &Ruleset, formula: &Cond) -> i64 {
        let values = if self.heap.is_empty() {
            &self.inline[..]
        } else {
            &self.heap[..]
        };
        formula.eval(&Facts::amounts(&rs.tiles, values))
    }
}
