//! `mj diff A B`: what a rule change does. The comparison itself is `mj_dsl::diff` (shared with
//! the web API); this module prints it for people or as JSON.

use mj_dsl::diff::{compare, Case, Outcome};
use mj_dsl::Ruleset;
use std::io::Write;

pub use mj_dsl::diff::{default_cases, read_corpus};

fn brief(r: &Outcome) -> String {
    match r {
        Outcome::Error { error } => format!("error: {error}"),
        Outcome::Scored(r) => {
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

/// Runs the comparison and prints it; returns whether anything changed.
pub fn run(
    a: &Ruleset,
    b: &Ruleset,
    cases: &[Case],
    json_out: bool,
    out: &mut impl Write,
) -> std::io::Result<bool> {
    let report = compare(a, b, cases);
    if json_out {
        let v = serde_json::to_string(&report).map_err(std::io::Error::other)?;
        writeln!(out, "{v}")?;
    } else {
        for c in &report.changes {
            writeln!(out, "{}  {}", c.origin, c.hand)?;
            if !c.comment.is_empty() {
                writeln!(out, "  # {}", c.comment)?;
            }
            writeln!(out, "  {:<14} {}", a.name, brief(&c.before))?;
            writeln!(out, "  {:<14} {}", b.name, brief(&c.after))?;
        }
        writeln!(
            out,
            "{} of {} hands changed from {} to {}",
            report.changed, report.hands, a.name, b.name
        )?;
        for f in &report.fans {
            writeln!(out, "  {} ({}): {:+} points", f.zh, f.id, f.points_moved)?;
        }
    }
    Ok(report.changed > 0)
}
