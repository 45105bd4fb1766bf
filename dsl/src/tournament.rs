//! `[competition]` resolved into the engine's [`Competition`]: defaults taken from `[match]`
//! and the table size, every value checked.

use crate::schema;
use crate::Ruleset;
use mj_core::tournament::{Absence, Advancement, Competition, Event, ResultRanking, TieBreak};

/// A problem with `[competition]`: the key, the message and a help line.
pub type Problem = (String, String, String);

fn problem(key: &str, msg: String, help: &str) -> Problem {
    (key.to_string(), msg, help.to_string())
}

fn chain(key: &str, names: &[String]) -> Result<Vec<TieBreak>, Problem> {
    let mut out = Vec::new();
    for n in names {
        let t = TieBreak::parse(n).ok_or_else(|| {
            problem(
                key,
                format!("`{key}` names \"{n}\", which is not a tie-break"),
                "tie-breaks are \"score\", \"best_ranking\" and \"high_count\", in the order they apply",
            )
        })?;
        if out.contains(&t) {
            return Err(problem(
                key,
                format!("`{key}` lists \"{n}\" twice"),
                "give each tie-break once",
            ));
        }
        out.push(t);
    }
    Ok(out)
}

/// Resolves `[competition]` for a table of `players`, filling defaults from `[match]`.
pub fn resolve(
    raw: &schema::Competition,
    players: usize,
    m: Option<&schema::Match>,
) -> Result<Competition, Problem> {
    let table_size = raw.table_size.unwrap_or(players);
    if table_size != players {
        return Err(problem(
            "table_size",
            format!("`table_size` = {table_size} but the ruleset seats {players} players"),
            "leave table_size out, or give the ruleset's player count",
        ));
    }
    let ranking_points = raw
        .ranking_points
        .clone()
        .or_else(|| m.map(|m| m.ranking_points.clone()))
        .unwrap_or_default();
    let result = result_ranking(raw, m)?;
    if ranking_points.is_empty() && result.is_none() {
        return Err(problem(
            "ranking_points",
            "no `ranking_points`: give them here or in [match]".into(),
            "ranking points by place at the table, first place first, e.g. ranking_points = [4, 2, 1, 0]",
        ));
    }
    if ranking_points.len() > table_size || ranking_points.windows(2).any(|w| w[0] < w[1]) {
        return Err(problem(
            "ranking_points",
            format!(
                "`ranking_points` = {ranking_points:?} must give at most {table_size} values, best place first, never rising"
            ),
            "one value per place at the table, e.g. [4, 2, 1, 0]",
        ));
    }
    let ties = raw
        .ties
        .clone()
        .or_else(|| m.and_then(|m| m.ties.clone()))
        .unwrap_or_else(|| "seat_order".into());
    let share_ties = match ties.as_str() {
        "share" => true,
        "seat_order" => false,
        other => {
            return Err(problem(
                "ties",
                format!("`ties` = \"{other}\" is not supported"),
                "use \"share\" (tied players split the places' points) or \"seat_order\"",
            ))
        }
    };
    let absence = match raw.absence.as_deref() {
        None | Some("bye") => Absence::Bye,
        Some("substitute") => Absence::Substitute,
        Some(other) => {
            return Err(problem(
                "absence",
                format!("`absence` = \"{other}\" is not supported"),
                "use \"bye\" (a fixed result) or \"substitute\" (a substitute plays, unranked)",
            ))
        }
    };
    let advancement = match (raw.advance_per_table, raw.advance_reserve) {
        (None, None) => None,
        (None, Some(_)) => {
            return Err(problem(
                "advance_reserve",
                "`advance_reserve` needs advance_per_table".into(),
                "give advance_per_table, the places of every table that advance",
            ))
        }
        (Some(k), reserve) => {
            if k == 0 || k >= table_size {
                return Err(problem(
                    "advance_per_table",
                    format!(
                        "`advance_per_table` = {k} must be between 1 and {}",
                        table_size - 1
                    ),
                    "the number of places of every table that advance",
                ));
            }
            Some(Advancement {
                per_table: k,
                reserve: reserve.unwrap_or(0),
            })
        }
    };
    let sessions = raw.sessions.unwrap_or(1);
    if sessions == 0 {
        return Err(problem(
            "sessions",
            "`sessions` = 0: a round needs at least one 局".into(),
            "the number of 局 a table plays in one round, default 1",
        ));
    }
    if sessions > 1 && result.is_some() {
        return Err(problem(
            "sessions",
            format!("`sessions` = {sessions} with `ranking` = \"result\""),
            "a table ranked by its match result plays one match a round: leave sessions out",
        ));
    }
    if raw.session_seat_changes.len() >= sessions as usize && !raw.session_seat_changes.is_empty() {
        return Err(problem(
            "session_seat_changes",
            format!(
                "`session_seat_changes` gives {} changes for {sessions} session(s)",
                raw.session_seat_changes.len()
            ),
            "one change between each two sessions at most",
        ));
    }
    let seats: Vec<usize> = (0..table_size).collect();
    for (k, to) in raw.session_seat_changes.iter().enumerate() {
        if !to.is_empty() && mj_core::tournament::permute(&seats, to).is_none() {
            return Err(problem(
                "session_seat_changes",
                format!(
                    "`session_seat_changes` entry {} = {to:?} is not a seat permutation",
                    k + 1
                ),
                "give every seat 0.. once (the seat its player moves to), or [] for no change",
            ));
        }
    }
    Ok(Competition {
        sessions,
        session_seat_changes: raw.session_seat_changes.clone(),
        table_size,
        high_ranking: raw
            .high_ranking
            .unwrap_or(ranking_points.first().copied().unwrap_or(0)),
        ranking_points,
        share_ties,
        tie_breaks: chain("tie_breaks", &raw.tie_breaks)?,
        team_tie_breaks: chain("team_tie_breaks", &raw.team_tie_breaks)?,
        absence,
        bye_ranking_points: raw.bye_ranking_points.unwrap_or(0),
        bye_score: raw.bye_score.or(m.map(|m| m.start_points)).unwrap_or(0),
        advancement,
        result,
    })
}

/// `ranking`: `None` for ranking points by place, or the match-result rule from `[match]`.
fn result_ranking(
    raw: &schema::Competition,
    m: Option<&schema::Match>,
) -> Result<Option<ResultRanking>, Problem> {
    match raw.ranking.as_deref() {
        None | Some("places") => Ok(None),
        Some("result") => {
            let m = m.filter(|m| m.point_unit.is_some_and(|u| u > 0)).ok_or_else(|| {
                problem(
                    "ranking",
                    "`ranking` = \"result\" needs [match] point_unit".into(),
                    "give [match] point_unit (points per result point, e.g. 1000) and return_points",
                )
            })?;
            Ok(Some(ResultRanking {
                start_points: m.start_points,
                return_points: m.return_points.unwrap_or(m.start_points),
                point_unit: m.point_unit.unwrap_or(1),
            }))
        }
        Some(other) => Err(problem(
            "ranking",
            format!("`ranking` = \"{other}\" is not supported"),
            "use \"places\" (ranking points by place) or \"result\" (the match's final result with uma and oka)",
        )),
    }
}

/// A penalty as `mj tournament record --penalty` gives it.
pub struct GivenPenalty<'a> {
    /// The ruleset's penalty ID (`[settlement] penalty`).
    pub id: &'a str,
    /// The offender, by name.
    pub player: &'a str,
    /// The amount, for a penalty the referee sizes.
    pub amount: Option<i64>,
    /// Who receives a penalty that goes to one player (`None`: dead points).
    pub to: Option<&'a str>,
}

/// Applies the penalty `g` of the event's ruleset `rs` to a player of a drawn table (round and
/// table from 0); says what moved.
pub fn give_penalty(
    rs: &Ruleset,
    e: &mut Event,
    round: usize,
    table: usize,
    g: &GivenPenalty,
) -> Result<String, String> {
    let pen = rs
        .settlement
        .penalties
        .iter()
        .find(|p| p.id == g.id)
        .ok_or_else(|| {
            let ids: Vec<&str> = rs.settlement.penalties.iter().map(|p| p.id.as_str()).collect();
            format!(
                "ruleset {} has no penalty `{}`; its penalties: {}",
                rs.name,
                g.id,
                ids.join(", ")
            )
        })?;
    let seats = e
        .drawn
        .get(round)
        .and_then(|r| r.tables.get(table))
        .ok_or_else(|| format!("round {} has no table {}", round + 1, table + 1))?
        .players
        .clone();
    let seat_of = |name: &str| {
        e.player_index(name)
            .and_then(|i| seats.iter().position(|&s| s == i))
            .ok_or_else(|| format!("{name} does not sit at round {} table {}", round + 1, table + 1))
    };
    let seat = seat_of(g.player)?;
    let to = g.to.map(seat_of).transpose()?;
    let deltas = crate::penalty::deltas(pen, seats.len(), seat, g.amount, to)?;
    let moved: Vec<String> = seats
        .iter()
        .zip(&deltas)
        .filter(|(_, d)| **d != 0)
        .map(|(&s, d)| format!("{} {d:+}", e.players[s].name))
        .collect();
    e.penalize(round, table, seat, g.id, deltas)?;
    Ok(moved.join(", "))
}
