//! `mj play` and `mj replay`: games between bots, and checking a record against the engine.

use mj_core::game::matchplay::play_match;
use mj_core::game::{play_hand, replay, GreedyBot, Player, Rules};
use mj_core::Wind;
use mj_dsl::table::Table;
use std::io::Write;
use std::process::ExitCode;

fn table(rules: &str) -> Result<Table, String> {
    let rs = mj_dsl::load(rules).map_err(|d| d.to_string())?;
    Table::new(rs)
}

fn bots(n: usize) -> Vec<Box<dyn Player>> {
    (0..n)
        .map(|_| Box::new(GreedyBot::new()) as Box<dyn Player>)
        .collect()
}

/// Plays `hands` hands (the deal passing each hand, hand seeds `seed`, `seed + 1`, ...) or a whole
/// match, with greedy bots in every seat, and prints the records.
pub fn play(
    rules: &str,
    seed: u64,
    hands: u32,
    whole_match: bool,
    json: bool,
    out: &mut impl Write,
) -> Result<ExitCode, String> {
    let t = table(rules)?;
    let n = t.table().player_count();
    let mut players = bots(n);
    let io = |e: std::io::Error| e.to_string();
    if whole_match {
        let m = play_match(&t, &mut players, seed, None).map_err(|e| e.to_string())?;
        if json {
            let doc = mj_sim::match_file::to_json(&t.table().ruleset, seed, &m);
            writeln!(out, "{doc}").map_err(io)?;
        } else {
            for (i, r) in m.hands.iter().enumerate() {
                writeln!(out, "── hand {} ──", i + 1).map_err(io)?;
                write!(out, "{}", r.to_text(t.tiles(), t.table().fixed_seat_winds)).map_err(io)?;
            }
            writeln!(out, "── result ──").map_err(io)?;
            for s in 0..n {
                let result = m.results.get(s).map(|r| format!(", result {r}"));
                writeln!(
                    out,
                    "P{s} (started in seat {s}): {} points, place {}, ranking points {}{}",
                    m.totals[s],
                    m.places[s] + 1,
                    m.ranking[s],
                    result.unwrap_or_default()
                )
                .map_err(io)?;
            }
        }
        return Ok(ExitCode::SUCCESS);
    }
    for h in 0..hands.max(1) {
        let dealer = h as usize % n;
        let round = Wind::from_index((h as usize / n % 4) as u8).unwrap_or_default();
        let r = play_hand(&t, &mut players, seed.wrapping_add(h as u64), dealer, round)
            .map_err(|e| e.to_string())?;
        if json {
            writeln!(out, "{}", r.to_json()).map_err(io)?;
        } else {
            write!(out, "{}", r.to_text(t.tiles(), t.table().fixed_seat_winds)).map_err(io)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Replays every record in FILE: one JSON record, JSON lines of records, or an `mj-match`
/// document. Exit 0 when all replay; 1 with the first divergence.
pub fn replay_file(path: &str, out: &mut impl Write) -> Result<ExitCode, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let records = mj_sim::match_file::records_in(&text, path)?;
    if records.is_empty() {
        return Err(format!("{path} holds no game record"));
    }
    let mut tables: Vec<Table> = Vec::new();
    let mut warned: Vec<String> = Vec::new();
    for (i, r) in records.iter().enumerate() {
        if !tables.iter().any(|t| t.table().ruleset == r.ruleset) {
            tables.push(table(&r.ruleset)?);
        }
        let Some(t) = tables.iter().find(|t| t.table().ruleset == r.ruleset) else {
            continue;
        };
        let now = &t.table().ruleset_version;
        if &r.ruleset_version != now && !warned.contains(&r.ruleset_version) {
            eprintln!(
                "warning: hand {} was recorded under {} {}; this is {} {now}: a divergence may be a change of the rules, not of the record",
                i + 1,
                r.ruleset,
                r.ruleset_version,
                r.ruleset
            );
            warned.push(r.ruleset_version.clone());
        }
        if let Err(d) = replay(t, r) {
            writeln!(out, "hand {}: diverges at {d}", i + 1).map_err(|e| e.to_string())?;
            return Ok(ExitCode::from(1));
        }
    }
    writeln!(out, "{} hand(s) replay", records.len()).map_err(|e| e.to_string())?;
    for (k, doc) in mj_sim::match_file::documents_in(&text).iter().enumerate() {
        if let Err(why) = replay_match_document(doc, &tables) {
            writeln!(out, "match {}: {why}", k + 1).map_err(|e| e.to_string())?;
            return Ok(ExitCode::from(1));
        }
        writeln!(out, "match {}: replays, with its totals", k + 1).map_err(|e| e.to_string())?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Replays an `mj-match` document as a match (its hands dealt again from its seed, the
/// dealer's recorded answers to あがりやめ given again) and checks its totals; `tables` holds
/// the table of every ruleset its hands name.
fn replay_match_document(doc: &serde_json::Value, tables: &[Table]) -> Result<(), String> {
    let records = mj_sim::match_file::records(doc)?;
    let Some(first) = records.first() else {
        return Ok(());
    };
    let seed = doc
        .get("seed")
        .and_then(serde_json::Value::as_u64)
        .ok_or("the match document has no seed")?;
    let Some(t) = tables.iter().find(|t| t.table().ruleset == first.ruleset) else {
        return Err(format!("no table for ruleset {}", first.ruleset));
    };
    let fresh = mj_core::game::MatchStart::fresh(t);
    let m = mj_core::game::match_replay::replay_match(t, seed, None, &fresh, &records)
        .map_err(|d| d.to_string())?;
    let written = doc.get("totals").cloned().unwrap_or_default();
    if written != serde_json::json!(m.totals) {
        return Err(format!(
            "the match ends with totals {:?}; the document says {written}",
            m.totals
        ));
    }
    Ok(())
}
