//! Tournaments run by the library: a whole event played by bots (`mj tournament simulate`, every
//! round drawn, every table a match of greedy bots, every result recorded, so an organiser can
//! try a `[competition]` before running it with people), and the standings report of any event
//! (`mj tournament standings`) as text, JSON, CSV or Markdown.

use mj_core::game::matchplay::play_match;
use mj_core::game::{GreedyBot, Player, Rules};
use mj_core::tournament::{Advance, Entrant, Event, Standing, TeamStanding};
use mj_dsl::table::Table;
use serde_json::json;

/// `players` entrants named `P1`, `P2`, ... (zero-padded to one width, so names sort in order).
pub fn numbered_entrants(players: usize) -> Vec<Entrant> {
    let width = players.to_string().len();
    (1..=players)
        .map(|i| Entrant {
            name: format!("P{i:0width$}"),
            team: None,
            substitute: false,
        })
        .collect()
}

/// Plays every round of `e` under `table`: each round drawn from `seed`, each table a match of
/// greedy bots (`winds` rounds of prevalent wind, default the ruleset's) seeded from `seed`, the
/// round and the table, and its totals recorded.
pub fn play_event(table: &Table, e: &mut Event, seed: u64, winds: Option<u32>) -> Result<(), String> {
    let n = table.table().player_count();
    for r in 0..e.rounds as usize {
        let tables = e.draw(seed)?.tables.len();
        for k in 0..tables {
            let mut bots: Vec<Box<dyn Player>> = (0..n)
                .map(|_| Box::new(GreedyBot::new()) as Box<dyn Player>)
                .collect();
            let match_seed = seed ^ ((r as u64) << 32 | k as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            let m = play_match(table, &mut bots, match_seed, winds).map_err(|err| err.to_string())?;
            e.record(r, k, m.totals)?;
        }
    }
    Ok(())
}

/// The forms of a standings report: a table for people, JSON (`mj-standings`), CSV, Markdown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    Text,
    Json,
    Csv,
    Markdown,
}

fn advancing(e: &Event) -> Vec<(usize, Advance)> {
    match e.drawn.len() {
        0 => Vec::new(),
        n => e.advancing(n - 1),
    }
}

fn how(a: Advance) -> &'static str {
    match a {
        Advance::Place => "place",
        Advance::Reserve => "reserve",
        Advance::Bye => "bye",
    }
}

/// The standings of `e` (players, teams, who advances from the last round drawn) in `style`.
pub fn standings(e: &Event, style: Style) -> String {
    let players = e.standings();
    let teams = e.team_standings();
    let adv = advancing(e);
    let chain: Vec<&str> = e.competition.tie_breaks.iter().map(|t| t.name()).collect();
    match style {
        Style::Json => {
            let v = json!({
                "format": "mj-standings",
                "rules": e.rules,
                "rounds_drawn": e.drawn.len(),
                "tie_breaks": chain,
                "players": players,
                "teams": teams,
                "advancing": adv.iter().map(|&(p, a)| json!({"player": e.players[p].name, "how": how(a)})).collect::<Vec<_>>(),
            });
            format!("{v}\n")
        }
        Style::Csv => {
            let mut s =
                String::from("place,name,team,ranking_points,score,best_ranking,high_count,played,byes\n");
            for p in &players {
                let row = row(p);
                let quoted: Vec<String> = row.iter().map(|c| csv_cell(c)).collect();
                s += &quoted.join(",");
                s.push('\n');
            }
            s
        }
        Style::Markdown => {
            let mut s = String::from(
                "| place | name | team | ranking points | score | best round | high rounds | played | byes |\n|---|---|---|---|---|---|---|---|---|\n",
            );
            for p in &players {
                s += &format!("| {} |\n", row(p).join(" | "));
            }
            if !teams.is_empty() {
                s += "\n| place | team | ranking points | score | members |\n|---|---|---|---|---|\n";
                for t in &teams {
                    s += &format!("| {} |\n", team_row(t).join(" | "));
                }
            }
            s
        }
        Style::Text => {
            let mut s = format!(
                "{} after {} of {} rounds; ties: ranking points, then {}\n",
                e.rules,
                e.drawn.len(),
                e.rounds,
                if chain.is_empty() {
                    "shared".to_string()
                } else {
                    chain.join(", ")
                }
            );
            s += &format!(
                "{:>5}  {:<16} {:<10} {:>7} {:>8} {:>5} {:>5} {:>6} {:>4}\n",
                "place", "name", "team", "points", "score", "best", "high", "played", "byes"
            );
            for p in &players {
                let r = row(p);
                s += &format!(
                    "{:>5}  {:<16} {:<10} {:>7} {:>8} {:>5} {:>5} {:>6} {:>4}\n",
                    r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8]
                );
            }
            if !teams.is_empty() {
                s += "\nteams\n";
                for t in &teams {
                    let r = team_row(t);
                    s += &format!("{:>5}  {:<16} {:>7} {:>8}  {}\n", r[0], r[1], r[2], r[3], r[4]);
                }
            }
            if !adv.is_empty() {
                s += &format!("\nadvancing from round {}\n", e.drawn.len());
                for (p, a) in &adv {
                    s += &format!("  {} ({})\n", e.players[*p].name, how(*a));
                }
            }
            s
        }
    }
}

fn row(p: &Standing) -> [String; 9] {
    [
        p.place.to_string(),
        p.name.clone(),
        p.team.clone().unwrap_or_default(),
        p.ranking_points.to_string(),
        p.score.to_string(),
        p.best_ranking.to_string(),
        p.high_count.to_string(),
        p.played.to_string(),
        p.byes.to_string(),
    ]
}

fn team_row(t: &TeamStanding) -> [String; 5] {
    [
        t.place.to_string(),
        t.team.clone(),
        t.ranking_points.to_string(),
        t.score.to_string(),
        t.members.join(", "),
    ]
}

fn csv_cell(c: &str) -> String {
    if c.contains([',', '"', '\n']) {
        format!("\"{}\"", c.replace('"', "\"\""))
    } else {
        c.to_string()
    }
}
