//! `mj diff A B`: what a rule change does. Scores a corpus under two rulesets and lists every hand
//! whose result moved, with a per-fan summary of the points that moved.

use mj_dsl::{HandReport, Ruleset};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::io::Write;

/// One corpus entry: the comment above it (if any), the hand, and where it came from.
pub struct Case {
    pub comment: String,
    pub hand: String,
    pub origin: String,
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

/// The result as compared: everything but the echo of the hand.
fn outcome(rs: &Ruleset, hand: &str) -> Result<HandReport, String> {
    mj_dsl::score_text(rs, hand)
}

fn points_by_fan(r: &Result<HandReport, String>) -> BTreeMap<String, (String, i64)> {
    let mut m = BTreeMap::new();
    if let Ok(r) = r {
        for f in &r.fans {
            m.insert(f.id.clone(), (f.zh.clone(), f.points * f.count as i64));
        }
    }
    m
}

/// Whether two results are the same outcome. Error messages name their ruleset, so two rejections
/// are compared with the names taken out.
fn same(a: &Result<HandReport, String>, b: &Result<HandReport, String>, names: (&str, &str)) -> bool {
    match (a, b) {
        (Err(x), Err(y)) => x.replace(names.0, "") == y.replace(names.1, ""),
        (Ok(a), Ok(b)) => {
            a.fans == b.fans && a.total == b.total && a.valid == b.valid && a.payments == b.payments
        }
        _ => false,
    }
}

fn brief(r: &Result<HandReport, String>) -> String {
    match r {
        Err(e) => format!("error: {e}"),
        Ok(r) => {
            let fans: Vec<String> = r
                .fans
                .iter()
                .map(|f| {
                    if f.count > 1 {
                        format!("{} {}x{}", f.zh, f.points, f.count)
                    } else {
                        format!("{} {}", f.zh, f.points)
                    }
                })
                .collect();
            format!(
                "{} ({}) {}",
                r.total,
                if r.valid { "valid" } else { "not valid" },
                fans.join(", ")
            )
        }
    }
}

fn as_json(r: &Result<HandReport, String>) -> Value {
    match r {
        Ok(r) => serde_json::to_value(r).unwrap_or(Value::Null),
        Err(e) => json!({ "error": e }),
    }
}

/// Runs the comparison and prints it; returns whether anything changed.
pub fn run(
    a: &Ruleset,
    b: &Ruleset,
    cases: &[Case],
    json_out: bool,
    out: &mut impl Write,
) -> std::io::Result<bool> {
    let mut changed = Vec::new();
    let mut moved: BTreeMap<String, (String, i64)> = BTreeMap::new();
    for c in cases {
        let (ra, rb) = (outcome(a, &c.hand), outcome(b, &c.hand));
        if same(&ra, &rb, (&a.name, &b.name)) {
            continue;
        }
        let (pa, pb) = (points_by_fan(&ra), points_by_fan(&rb));
        let ids: std::collections::BTreeSet<&String> = pa.keys().chain(pb.keys()).collect();
        for id in ids {
            let delta = pb.get(id).map_or(0, |x| x.1) - pa.get(id).map_or(0, |x| x.1);
            let zh = pa
                .get(id)
                .or_else(|| pb.get(id))
                .map(|x| x.0.clone())
                .unwrap_or_default();
            moved.entry(id.clone()).or_insert((zh, 0)).1 += delta;
        }
        changed.push((c, ra, rb));
    }
    moved.retain(|_, e| e.1 != 0);
    if json_out {
        let hands: Vec<Value> = changed
            .iter()
            .map(|(c, ra, rb)| json!({ "hand": c.hand, "comment": c.comment, "origin": c.origin, "before": as_json(ra), "after": as_json(rb) }))
            .collect();
        let fans: Vec<Value> = moved
            .iter()
            .map(|(id, (zh, pts))| json!({ "id": id, "zh": zh, "points_moved": pts }))
            .collect();
        let v = json!({
            "a": a.name, "b": b.name, "hands": cases.len(), "changed": changed.len(),
            "changes": hands, "fans": fans,
        });
        writeln!(out, "{v}")?;
    } else {
        for (c, ra, rb) in &changed {
            writeln!(out, "{}  {}", c.origin, c.hand)?;
            if !c.comment.is_empty() {
                writeln!(out, "  # {}", c.comment)?;
            }
            writeln!(out, "  {:<14} {}", a.name, brief(ra))?;
            writeln!(out, "  {:<14} {}", b.name, brief(rb))?;
        }
        writeln!(
            out,
            "{} of {} hands changed from {} to {}",
            changed.len(),
            cases.len(),
            a.name,
            b.name
        )?;
        for (id, (zh, pts)) in &moved {
            writeln!(out, "  {zh} ({id}): {pts:+} points")?;
        }
    }
    Ok(!changed.is_empty())
}
