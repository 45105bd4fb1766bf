//! `[settlement] penalty` entries as written: a fixed amount (a number or a formula of the
//! constants) or one the referee sizes. Checked in [`crate::penalty`].

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Penalty {
    pub id: String,
    pub zh: String,
    pub en: String,
    /// A fixed penalty: paid by the offender to each other player.
    #[serde(default)]
    pub each: Option<PenaltyAmount>,
    /// A penalty the referee sizes: the amounts allowed (e.g. 10, 20, … 50).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub amounts: Vec<i64>,
    /// A penalty the referee sizes on an open scale from this amount.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_amount: Option<i64>,
    /// Who receives a sized penalty: "each" (every other player the amount, the default) or
    /// "one" (one player the referee names, or nobody: dead points).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
    #[serde(default)]
    pub definition: String,
    /// The penalty ends the hand on the spot, with no winner (Botzone's judge).
    #[serde(default)]
    pub ends_hand: bool,
    /// With `ends_hand`: the hand is dealt again by the same dealer with the same streak and
    /// counters, as if it had not been played (詐胡: taiwan.md Decision 12, hongkong.md 12).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub replays_hand: bool,
    /// The offender may not win for the rest of the hand and plays on (相公, a wrong tile
    /// count: taiwan.md Decision 12). `each = 0` is allowed with it: a bar that costs nothing.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bars_win: bool,
}

impl Penalty {
    /// The amount of a fixed penalty. A loaded ruleset's penalties hold numbers only (the loader
    /// works out every formula), so `None` means a penalty the referee sizes.
    pub fn fixed(&self) -> Option<i64> {
        match self.each {
            Some(PenaltyAmount::Number(n)) => Some(n),
            Some(PenaltyAmount::Formula(_)) | None => None,
        }
    }
}

/// A fixed penalty's amount as written: a number, or a formula of `[settlement] constants` in a
/// string (`"base + 8 * tai_value"`), so that a setting that changes a stake changes the penalty
/// with it (Taiwan's 詐胡 is 底 + 8 台).
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(untagged)]
pub enum PenaltyAmount {
    Number(i64),
    Formula(String),
}

impl<'de> Deserialize<'de> for PenaltyAmount {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Amount;
        impl serde::de::Visitor<'_> for Amount {
            type Value = PenaltyAmount;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a whole number, or a formula of [settlement] constants in a string")
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<PenaltyAmount, E> {
                Ok(PenaltyAmount::Number(v))
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<PenaltyAmount, E> {
                i64::try_from(v)
                    .map(PenaltyAmount::Number)
                    .map_err(|_| E::custom(format!("{v} is too large for an amount")))
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<PenaltyAmount, E> {
                Ok(PenaltyAmount::Formula(v.to_string()))
            }
        }
        d.deserialize_any(Amount)
    }
}
