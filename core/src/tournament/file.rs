//! The files of an event, as text: the `mj-event` document (an [`Event`] as JSON, its format
//! name and version first), the players and teams lists an event starts from, and the scores a
//! round takes from its sessions' match totals. Where the files live, and how they are replaced
//! safely, is the front end's.

use super::{Entrant, Event};
use serde_json::{json, Value};

/// `format` of an event file.
pub const FORMAT: &str = "mj-event";
/// The event file version this build reads and writes.
pub const VERSION: u64 = 1;

impl Event {
    /// The event file's text: pretty JSON, without a final newline.
    pub fn to_file_json(&self) -> Result<String, String> {
        let mut v = serde_json::Map::new();
        v.insert("format".into(), json!(FORMAT));
        v.insert("version".into(), json!(VERSION));
        match serde_json::to_value(self).map_err(|err| err.to_string())? {
            Value::Object(m) => v.extend(m),
            _ => return Err("event does not serialise to an object".into()),
        }
        serde_json::to_string_pretty(&Value::Object(v)).map_err(|err| err.to_string())
    }

    /// Reads an event file's bytes: its format and version checked, the event validated. The
    /// error says what is wrong, without the file's name.
    pub fn from_file_json(bytes: &[u8]) -> Result<Event, String> {
        let v: Value = serde_json::from_slice(bytes).map_err(|e| e.to_string())?;
        if v.get("format").and_then(Value::as_str) != Some(FORMAT) {
            return Err(format!("it is not an {FORMAT} document"));
        }
        if v.get("version").and_then(Value::as_u64) != Some(VERSION) {
            return Err(format!("it is not {FORMAT} version {VERSION}"));
        }
        let e: Event = serde_json::from_value(v).map_err(|e| e.to_string())?;
        e.validate()?;
        Ok(e)
    }

    /// A round's scores by the table's first seating, from every session's totals by seat.
    pub fn session_scores(&self, seats: &[usize], per: &[Vec<i64>]) -> Result<Vec<i64>, String> {
        let mut scores = vec![0; seats.len()];
        for (k, totals) in per.iter().enumerate() {
            if totals.len() != seats.len() {
                return Err(format!(
                    "session {}: {} totals for {} seats",
                    k + 1,
                    totals.len(),
                    seats.len()
                ));
            }
            for (s, &p) in self.competition.session_seating(seats, k).iter().enumerate() {
                let i = seats
                    .iter()
                    .position(|&q| q == p)
                    .expect("a permutation of the table");
                scores[i] += totals[s];
            }
        }
        Ok(scores)
    }
}

/// The lines of a list that say something: trimmed, without blanks and `#` comments.
fn lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
}

/// The entrants of a players list (one name a line, `#` comments, `~Name` a substitute) with the
/// teams of a teams list (`Team: name, name, ...`), given as its name (for errors) and text.
pub fn entrants(players: &str, teams: Option<(&str, &str)>) -> Result<Vec<Entrant>, String> {
    let mut list: Vec<Entrant> = lines(players)
        .map(|l| Entrant {
            name: l.trim_start_matches('~').trim().to_string(),
            team: None,
            substitute: l.starts_with('~'),
        })
        .collect();
    if let Some((t, text)) = teams {
        for (n, l) in lines(text).enumerate() {
            let (team, members) = l
                .split_once(':')
                .ok_or_else(|| format!("{t}: team line {} is not `Team: name, name, ...`", n + 1))?;
            for m in members.split(',').map(str::trim).filter(|m| !m.is_empty()) {
                let e = list
                    .iter_mut()
                    .find(|e| e.name == m)
                    .ok_or_else(|| format!("{t}: team {} names {m:?}, who is not a player", team.trim()))?;
                if let Some(old) = &e.team {
                    return Err(format!("{t}: {m} is in teams {old} and {}", team.trim()));
                }
                e.team = Some(team.trim().to_string());
            }
        }
    }
    Ok(list)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_and_teams_lists() {
        let players = "# entrants\nAnn\n\n~Bob\nCy\n";
        let list = entrants(players, Some(("teams.txt", "Red: Ann, Cy\n"))).expect("reads");
        let got: Vec<(&str, Option<&str>, bool)> = list
            .iter()
            .map(|e| (e.name.as_str(), e.team.as_deref(), e.substitute))
            .collect();
        assert_eq!(
            got,
            vec![
                ("Ann", Some("Red"), false),
                ("Bob", None, true),
                ("Cy", Some("Red"), false)
            ]
        );
        let err = |teams: &str| {
            entrants(players, Some(("teams.txt", teams)))
                .err()
                .unwrap_or_default()
        };
        assert_eq!(
            err("Red Ann"),
            "teams.txt: team line 1 is not `Team: name, name, ...`"
        );
        assert_eq!(
            err("Red: Dee"),
            "teams.txt: team Red names \"Dee\", who is not a player"
        );
        assert_eq!(
            err("Red: Ann\nBlue: Ann"),
            "teams.txt: Ann is in teams Red and Blue"
        );
    }
}
