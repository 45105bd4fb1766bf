//! Machine-readable output: the shapes other tools rely on (documented in the README).

use mj_dsl::{HandReport, Ruleset};
use serde_json::{json, Value};

pub fn score_line(rs: &Ruleset, text: &str) -> Result<HandReport, String> {
    mj_dsl::score_text(rs, text)
}

/// `{"fans":[...],"total":N,"valid":bool,"payments":{...}}` (plus `hand`, `reason`).
pub fn score_json(_rs: &Ruleset, r: &HandReport) -> Value {
    serde_json::to_value(r).unwrap_or_else(|e| json!({ "error": e.to_string() }))
}

pub struct Waits {
    pub waits: Vec<String>,
    pub shanten: i8,
    pub per_form: Vec<(&'static str, i8)>,
}

impl Waits {
    pub fn to_json(&self) -> Value {
        json!({ "waits": self.waits, "shanten": self.shanten })
    }
}

/// Waits and shanten of a 3n+1 hand.
pub fn waits(rs: &Ruleset, text: &str) -> Result<Waits, String> {
    let hand = mj_core::notation::parse_hand(&rs.tiles, &rs.context_words, text.trim())
        .map_err(|e| e.to_string())?;
    let expected = rs.deal.hand_size as usize;
    if hand.effective_len() != expected {
        return Err(format!(
            "the hand has {} tiles (a kong counting three); waits need {expected}, without a winning tile",
            hand.effective_len()
        ));
    }
    let counts = hand.concealed_counts();
    let w = mj_core::wait::waits(&rs.tiles, &rs.forms, &hand.melds, &counts);
    let s = mj_core::wait::shanten(&rs.tiles, &rs.forms, hand.melds.len(), &counts);
    let mut per_form = Vec::new();
    for (name, v) in [
        ("standard", s.standard),
        ("seven_pairs", s.seven_pairs),
        ("thirteen_orphans", s.orphans),
        ("honours_knitted", s.honours_knitted),
        ("knitted_straight", s.knitted_straight),
    ] {
        if let Some(v) = v {
            per_form.push((name, v));
        }
    }
    Ok(Waits {
        waits: w.iter().map(|&t| rs.tiles.notation(t)).collect(),
        shanten: s.best(),
        per_form,
    })
}
