//! What a rule change does: score the same hands under two rulesets and keep every hand whose
//! result moved, with the points moved per fan. `mj diff` prints this report as a table or JSON
//! and the web API returns it, so both front ends compare hands through this one function.

use crate::report::{score_text, HandReport};
use crate::ruleset::Ruleset;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

/// One corpus entry: the comment above it (if any), the hand, and where it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    pub comment: String,
    pub hand: String,
    pub origin: String,
}

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/corpus.rs"));
}

/// The snapshot corpus of a built-in ruleset (`snapshots/corpus/NAME.txt`), embedded at build time.
pub fn builtin_corpus(name: &str) -> Option<&'static str> {
    embedded::CORPUS.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

/// Every snapshot corpus whose ruleset loads, with that ruleset: what the tests that check a
/// property on every corpus line walk.
#[cfg(test)]
pub(crate) fn loaded_corpora() -> Vec<(Ruleset, &'static str)> {
    embedded::CORPUS
        .iter()
        .filter_map(|(name, text)| Some((crate::load(name).ok()?, *text)))
        .collect()
}

/// The hands to compare when none are given: the snapshot corpus of `a`, or else of the nearest
/// ruleset it extends, so a house variant is checked on its parent's hands.
pub fn default_cases(a: &Ruleset) -> Result<Vec<Case>, String> {
    std::iter::once(&a.name)
        .chain(&a.extends)
        .find_map(|n| builtin_corpus(n).map(|text| read_corpus(text, &format!("snapshots/corpus/{n}.txt"))))
        .ok_or_else(|| format!("no built-in corpus for {} or any ruleset it extends", a.name))
}

/// Reads a corpus: one hand per line, `#` lines are the comment of the hand that follows.
pub fn read_corpus(text: &str, file: &str) -> Vec<Case> {
    let mut out = Vec::new();
    let mut comment = String::new();
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.is_empty() {
            continue;
        }
        if let Some(c) = t.strip_prefix('#') {
            comment = c.trim().to_string();
            continue;
        }
        out.push(Case {
            comment: std::mem::take(&mut comment),
            hand: t.to_string(),
            origin: format!("{file}:{}", i + 1),
        });
    }
    out
}

/// A hand's result under one ruleset: the report, or the message that rejected the line.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Outcome {
    /// Boxed: a report with its explanations is far larger than an error.
    Scored(Box<HandReport>),
    Error {
        error: String,
    },
}

impl Outcome {
    fn of(rs: &Ruleset, hand: &str) -> Outcome {
        match score_text(rs, hand) {
            Ok(r) => Outcome::Scored(Box::new(r)),
            Err(error) => Outcome::Error { error },
        }
    }

    /// Points per fan id (points × count), with the fan's Chinese name.
    fn points_by_fan(&self) -> BTreeMap<String, (String, i64)> {
        let mut m = BTreeMap::new();
        if let Outcome::Scored(r) = self {
            for f in &r.fans {
                m.insert(f.id.to_string(), (f.zh.to_string(), f.points * f.count as i64));
            }
        }
        m
    }
}

/// Whether two results are the same outcome. The echo of the hand is not compared, and error
/// messages name their ruleset, so two rejections are compared with the names taken out.
fn same(a: &Outcome, b: &Outcome, names: (&str, &str)) -> bool {
    match (a, b) {
        (Outcome::Error { error: x }, Outcome::Error { error: y }) => {
            x.replace(names.0, "") == y.replace(names.1, "")
        }
        (Outcome::Scored(a), Outcome::Scored(b)) => {
            // Fans as scored (id, value, count); what explains them may differ with the reading
            // without the result changing.
            fn fans(r: &HandReport) -> Vec<(&str, i64, u32)> {
                r.fans
                    .iter()
                    .map(|f| (f.id.as_str(), f.points, f.count))
                    .collect()
            }
            fans(a) == fans(b) && a.total == b.total && a.valid == b.valid && a.payments == b.payments
        }
        _ => false,
    }
}

/// One hand whose result changed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Change {
    pub hand: String,
    pub comment: String,
    pub origin: String,
    pub before: Outcome,
    pub after: Outcome,
}

/// The points a fan moved over all changed hands (after minus before).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FanMove {
    pub id: String,
    pub zh: String,
    pub points_moved: i64,
}

/// The comparison of two rulesets over a list of hands (the JSON of `mj diff --json`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DiffReport {
    pub a: String,
    pub b: String,
    /// Hands compared.
    pub hands: usize,
    /// Hands whose result changed.
    pub changed: usize,
    pub changes: Vec<Change>,
    /// Fans whose points moved, by id; fans that moved by zero overall are left out.
    pub fans: Vec<FanMove>,
}

/// Scores every case under `a` and `b` and reports the hands whose result changed.
pub fn compare(a: &Ruleset, b: &Ruleset, cases: &[Case]) -> DiffReport {
    let mut changes = Vec::new();
    let mut moved: BTreeMap<String, (String, i64)> = BTreeMap::new();
    for c in cases {
        // A caller that stopped waiting (the server's time limit) throws the report away.
        if crate::cancel::cancelled() {
            break;
        }
        let (ra, rb) = (Outcome::of(a, &c.hand), Outcome::of(b, &c.hand));
        if same(&ra, &rb, (&a.name, &b.name)) {
            continue;
        }
        let (pa, pb) = (ra.points_by_fan(), rb.points_by_fan());
        let ids: BTreeSet<&String> = pa.keys().chain(pb.keys()).collect();
        for id in ids {
            let delta = pb.get(id).map_or(0, |x| x.1) - pa.get(id).map_or(0, |x| x.1);
            let zh = pa
                .get(id)
                .or_else(|| pb.get(id))
                .map(|x| x.0.clone())
                .unwrap_or_default();
            moved.entry(id.clone()).or_insert((zh, 0)).1 += delta;
        }
        changes.push(Change {
            hand: c.hand.clone(),
            comment: c.comment.clone(),
            origin: c.origin.clone(),
            before: ra,
            after: rb,
        });
    }
    DiffReport {
        a: a.name.clone(),
        b: b.name.clone(),
        hands: cases.len(),
        changed: changes.len(),
        changes,
        fans: moved
            .into_iter()
            .filter(|(_, (_, pts))| *pts != 0)
            .map(|(id, (zh, points_moved))| FanMove { id, zh, points_moved })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_house_ruleset_is_compared_on_the_corpus_of_what_it_extends() {
        let house = crate::load_from_memory(
            "house",
            &[(
                "ruleset.toml",
                "[ruleset]\nname = \"house\"\nextends = \"mcr\"\n[win]\nmin_points = 6\n",
            )],
        )
        .expect("house ruleset loads");
        let cases = default_cases(&house).expect("mcr's corpus");
        let mcr = builtin_corpus("mcr").expect("mcr corpus embedded");
        assert_eq!(cases, read_corpus(mcr, "snapshots/corpus/mcr.txt"));
        assert!(cases[0].origin.starts_with("snapshots/corpus/mcr.txt:"));

        // A ruleset with its own corpus uses it, not its parent's.
        let mil = crate::load("mcr-mil").expect("mcr-mil");
        let own = default_cases(&mil).expect("mcr-mil's corpus");
        assert!(own
            .iter()
            .all(|c| c.origin.starts_with("snapshots/corpus/mcr-mil.txt:")));
    }

    #[test]
    fn without_any_corpus_the_error_names_the_ruleset() {
        let mut rs = crate::load("mcr").expect("mcr");
        rs.name = "standalone".into();
        rs.extends.clear();
        let err = default_cases(&rs).expect_err("no corpus");
        assert_eq!(err, "no built-in corpus for standalone or any ruleset it extends");
    }
}
