//! The `mj-simulate-partial` file: one shard's integer-exact statistics with the experiment they
//! belong to, and the merge that checks a set of them is one whole experiment. Reading and
//! writing the files themselves is the front end's; this module turns them into text and back.

use crate::experiment::{Experiment, Shard};
use crate::partial::Partial;
use serde::{Deserialize, Serialize};

/// `format` of a partial-result file.
pub const PARTIAL_FORMAT: &str = "mj-simulate-partial";
/// Version of the partial-result file and of the reports.
pub const VERSION: u32 = 2;

/// A partial result on disk: the experiment, which shard, and its statistics.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PartialFile {
    pub format: String,
    pub version: u32,
    #[serde(flatten)]
    pub experiment: Experiment,
    pub shard: Shard,
    pub stats: Partial,
}

impl PartialFile {
    /// The file for one shard of an experiment.
    pub fn new(experiment: Experiment, shard: Shard, stats: Partial) -> PartialFile {
        PartialFile {
            format: PARTIAL_FORMAT.into(),
            version: VERSION,
            experiment,
            shard,
            stats,
        }
    }

    /// Reads the text of a partial-result file; `path` names it in errors.
    pub fn parse(text: &str, path: &str) -> Result<PartialFile, String> {
        let v: serde_json::Value =
            serde_json::from_str(text).map_err(|e| format!("{path}: not JSON: {e}"))?;
        if v.get("format").and_then(|f| f.as_str()) != Some(PARTIAL_FORMAT) {
            return Err(format!(
                "{path}: not an `{PARTIAL_FORMAT}` file (write one with mj simulate --out)"
            ));
        }
        serde_json::from_value(v).map_err(|e| format!("{path}: {e}"))
    }

    /// The file's text: one JSON line, without its newline.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// Checks that the files are the complete, disjoint shards of one experiment and merges them.
pub fn merge_files(files: &[PartialFile], names: &[String]) -> Result<(Experiment, Partial), String> {
    let Some(first) = files.first() else {
        return Err("give the partial result files to merge".into());
    };
    for (f, name) in files.iter().zip(names) {
        if f.format != PARTIAL_FORMAT {
            return Err(format!(
                "{name}: format is `{}`, expected `{PARTIAL_FORMAT}`",
                f.format
            ));
        }
        if f.version != VERSION {
            return Err(format!(
                "{name}: partial version {} is not supported (this build reads version {VERSION})",
                f.version
            ));
        }
    }
    let e0 = &first.experiment;
    let n = first.shard.count;
    let mut seen: Vec<Option<&str>> = vec![None; n as usize];
    for (f, name) in files.iter().zip(names) {
        let e = &f.experiment;
        let differs = |what: &str, a: String, b: String| {
            format!(
                "{name} is not from the same experiment as {}: {what} {b} here, {a} there",
                names[0]
            )
        };
        if e.ruleset != e0.ruleset || e.ruleset_version != e0.ruleset_version {
            return Err(differs(
                "ruleset",
                format!("{} {}", e0.ruleset, e0.ruleset_version),
                format!("{} {}", e.ruleset, e.ruleset_version),
            ));
        }
        if e.seed != e0.seed {
            return Err(differs("seed", e0.seed.to_string(), e.seed.to_string()));
        }
        if e.hands != e0.hands {
            return Err(differs("hands", e0.hands.to_string(), e.hands.to_string()));
        }
        if e.bot != e0.bot {
            return Err(differs("bot", e0.bot.name().into(), e.bot.name().into()));
        }
        if e.players != e0.players {
            return Err(differs("players", e0.players.to_string(), e.players.to_string()));
        }
        if f.shard.count != n {
            return Err(differs("shard count", n.to_string(), f.shard.count.to_string()));
        }
        if f.shard.index >= n {
            return Err(format!("{name}: shard {}/{n} does not exist", f.shard.index));
        }
        if let Some(other) = seen[f.shard.index as usize] {
            return Err(format!(
                "{name} and {other} are both shard {}/{n}: shards must be disjoint",
                f.shard.index
            ));
        }
        seen[f.shard.index as usize] = Some(name);
        if f.stats.hands != f.shard.len(e.hands) {
            return Err(format!(
                "{name}: shard {}/{n} of {} hands should hold {} hands but holds {}",
                f.shard.index,
                e.hands,
                f.shard.len(e.hands),
                f.stats.hands
            ));
        }
    }
    let missing: Vec<String> = seen
        .iter()
        .enumerate()
        .filter(|(_, s)| s.is_none())
        .map(|(i, _)| format!("{i}/{n}"))
        .collect();
    if !missing.is_empty() {
        return Err(format!(
            "incomplete experiment: shard(s) {} missing",
            missing.join(", ")
        ));
    }
    let mut total = Partial::default();
    for f in files {
        total.merge(&f.stats);
    }
    Ok((e0.clone(), total))
}
