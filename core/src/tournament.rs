//! Tournaments: entrants seated at tables round after round, every table's scores turned into
//! ranking points by place, and standings with every tie-break value shown. Pure data and
//! functions: no files, no ruleset by name. The competition rules arrive as a [`Competition`].

use crate::game::matchplay::{rank, RankPoints};
use crate::game::rules::RankingTies;
use crate::rng::Rng;
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;

mod file;
mod result;
pub use file::{entrants, FORMAT as EVENT_FORMAT, VERSION as EVENT_VERSION};
pub use result::ResultRanking;

/// A tie-break after total ranking points, in the order the competition lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieBreak {
    /// Sum of the scores (局分) of every round played (a bye counts its fixed score).
    Score,
    /// Best ranking points taken in a single round.
    BestRanking,
    /// Number of rounds whose ranking points reach [`Competition::high_ranking`].
    HighCount,
}

impl TieBreak {
    pub fn name(self) -> &'static str {
        match self {
            TieBreak::Score => "score",
            TieBreak::BestRanking => "best_ranking",
            TieBreak::HighCount => "high_count",
        }
    }

    pub fn parse(s: &str) -> Option<TieBreak> {
        [TieBreak::Score, TieBreak::BestRanking, TieBreak::HighCount]
            .into_iter()
            .find(|t| t.name() == s)
    }
}

/// What fills a table short of players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Absence {
    /// Players left over sit out the round and take the bye's fixed result.
    #[default]
    Bye,
    /// Substitutes fill the table: they play and score, their results rank the table, but they
    /// are not ranked themselves. Without enough substitutes the rest take byes.
    Substitute,
}

/// Advancement out of a round: the first `per_table` places of every table advance, and
/// `reserve` more places go to the best next-placed players by score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Advancement {
    pub per_table: usize,
    pub reserve: usize,
}

/// A competition's rules, resolved (every default filled in).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Competition {
    pub table_size: usize,
    /// Ranking points by place at a table, first place first (0 beyond the list).
    pub ranking_points: Vec<i64>,
    /// Tied scores at a table share the ranking points of the places they cover; otherwise the
    /// earlier seat goes first.
    pub share_ties: bool,
    /// Tie-breaks after total ranking points, in order.
    pub tie_breaks: Vec<TieBreak>,
    /// Ranking points that make a round "high" for [`TieBreak::HighCount`].
    pub high_ranking: i64,
    /// Tie-breaks of team standings after the sum of members' ranking points.
    pub team_tie_breaks: Vec<TieBreak>,
    pub absence: Absence,
    pub bye_ranking_points: i64,
    pub bye_score: i64,
    #[serde(default)]
    pub advancement: Option<Advancement>,
    /// 局 (matches) a table plays in one round; the round's score is their sum.
    #[serde(default = "one")]
    pub sessions: u32,
    /// Seat changes between a round's sessions: entry `k` applies after session `k + 1` and
    /// gives, for every seat, the seat its player moves to; `[]` changes nothing.
    #[serde(default)]
    pub session_seat_changes: Vec<Vec<usize>>,
    /// A table's ranking points are each player's match result (points over the return in
    /// units, plus the ranking points of its place as uma, plus the oka to first place) rather
    /// than the ranking points of its place alone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<ResultRanking>,
}

fn one() -> u32 {
    1
}

/// The seating after the change `to` (the seat each seat's player moves to), if `to` is a
/// permutation of the seats.
pub fn permute(seating: &[usize], to: &[usize]) -> Option<Vec<usize>> {
    let n = seating.len();
    let mut out: Vec<Option<usize>> = vec![None; n];
    if to.len() != n {
        return None;
    }
    for (from, &dest) in to.iter().enumerate() {
        let slot = out.get_mut(dest)?;
        if slot.is_some() {
            return None;
        }
        *slot = Some(seating[from]);
    }
    out.into_iter().collect()
}

impl Competition {
    /// Players by seat in session `session` (0-based) of a table first seated as `seats`.
    pub fn session_seating(&self, seats: &[usize], session: usize) -> Vec<usize> {
        let mut now = seats.to_vec();
        for to in self.session_seat_changes.iter().take(session) {
            if let Some(next) = permute(&now, to) {
                now = next;
            }
        }
        now
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entrant {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team: Option<String>,
    /// Plays when needed, never ranked.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub substitute: bool,
}

/// One table of a round: entrants by seat, their scores once recorded, and the penalties the
/// referee gave at it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Table {
    pub players: Vec<usize>,
    #[serde(default)]
    pub scores: Option<Vec<i64>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub penalties: Vec<TablePenalty>,
}

/// A penalty given to the player at `seat` of a table: the ruleset's penalty `id` and what it
/// moved, by seat (the offender's loss; what the others received; a loss nobody receives is
/// dead points). Kept in the event file, added to the recorded scores.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TablePenalty {
    pub id: String,
    pub seat: usize,
    pub deltas: Vec<i64>,
}

impl Table {
    /// The recorded scores with every penalty applied: what places the table.
    pub fn final_scores(&self) -> Option<Vec<i64>> {
        let mut s = self.scores.clone()?;
        for p in &self.penalties {
            for (x, d) in s.iter_mut().zip(&p.deltas) {
                *x = x.saturating_add(*d);
            }
        }
        Some(s)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Round {
    pub tables: Vec<Table>,
    #[serde(default)]
    pub byes: Vec<usize>,
}

/// A whole event: its rules, entrants, the number of rounds planned and the rounds drawn so far.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    /// The ruleset's name, as the front end that made the event knows it.
    pub rules: String,
    pub competition: Competition,
    pub players: Vec<Entrant>,
    pub rounds: u32,
    #[serde(default)]
    pub drawn: Vec<Round>,
    /// Results that were replaced by a later record of the same table, oldest first: a
    /// correction never erases what was recorded before.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub history: Vec<Replaced>,
}

/// A table result that a later record replaced.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Replaced {
    /// Round and table, from 1, as the command line numbers them.
    pub round: usize,
    pub table: usize,
    /// The result as it was recorded, and the one that replaced it.
    pub scores: Vec<i64>,
    pub replaced_by: Vec<i64>,
}

/// A player's line in the standings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Standing {
    /// 1-based; players equal on every key share a place.
    pub place: usize,
    pub player: usize,
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub team: Option<String>,
    pub ranking_points: RankPoints,
    pub score: i64,
    pub best_ranking: RankPoints,
    pub high_count: u32,
    pub played: u32,
    pub byes: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TeamStanding {
    pub place: usize,
    pub team: String,
    pub members: Vec<String>,
    pub ranking_points: RankPoints,
    pub score: i64,
    pub best_ranking: RankPoints,
    pub high_count: u32,
}

/// How a player advanced out of a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Advance {
    /// A place at the table within `per_table`.
    Place,
    /// A reserve place, by score among the next places.
    Reserve,
    /// A bye advances (轮空晋级).
    Bye,
}

fn add(a: RankPoints, b: RankPoints) -> RankPoints {
    let ((an, ad), (bn, bd)) = (a.parts(), b.parts());
    RankPoints::new(an * bd + bn * ad, ad * bd)
}

fn cmp_points(a: RankPoints, b: RankPoints) -> Ordering {
    let ((an, ad), (bn, bd)) = (a.parts(), b.parts());
    (an as i128 * bd as i128).cmp(&(bn as i128 * ad as i128))
}

/// The running figures of a player or team.
#[derive(Clone, Copy, Debug)]
struct Tally {
    ranking: RankPoints,
    score: i64,
    best: Option<RankPoints>,
    high: u32,
    played: u32,
    byes: u32,
}

impl Default for Tally {
    fn default() -> Self {
        Tally {
            ranking: RankPoints::whole(0),
            score: 0,
            best: None,
            high: 0,
            played: 0,
            byes: 0,
        }
    }
}

impl Tally {
    fn take(&mut self, rp: RankPoints, score: i64, high_at: i64) {
        self.ranking = add(self.ranking, rp);
        self.score += score;
        self.best = Some(match self.best {
            Some(b) if cmp_points(b, rp) != Ordering::Less => b,
            _ => rp,
        });
        if cmp_points(rp, RankPoints::whole(high_at)) != Ordering::Less {
            self.high += 1;
        }
    }

    fn merge(&mut self, o: &Tally) {
        self.ranking = add(self.ranking, o.ranking);
        self.score += o.score;
        self.high += o.high;
        if let Some(b) = o.best {
            self.best = Some(match self.best {
                Some(a) if cmp_points(a, b) != Ordering::Less => a,
                _ => b,
            });
        }
        self.played += o.played;
        self.byes += o.byes;
    }

    fn best(&self) -> RankPoints {
        self.best.unwrap_or(RankPoints::whole(0))
    }

    /// Better first: ranking points, then the tie-breaks in order.
    fn cmp(&self, o: &Tally, chain: &[TieBreak]) -> Ordering {
        let mut ord = cmp_points(o.ranking, self.ranking);
        for t in chain {
            ord = ord.then(match t {
                TieBreak::Score => o.score.cmp(&self.score),
                TieBreak::BestRanking => cmp_points(o.best(), self.best()),
                TieBreak::HighCount => o.high.cmp(&self.high),
            });
        }
        ord
    }
}

/// Places (1-based, shared when equal) of items already sorted best first.
fn places<T>(sorted: &[T], equal: impl Fn(&T, &T) -> bool) -> Vec<usize> {
    let mut out = Vec::with_capacity(sorted.len());
    for i in 0..sorted.len() {
        if i > 0 && equal(&sorted[i - 1], &sorted[i]) {
            let p = out[i - 1];
            out.push(p);
        } else {
            out.push(i + 1);
        }
    }
    out
}

impl Event {
    /// A new event with no round drawn. Names must be unique and non-empty, and there must be
    /// enough regular players for one table.
    pub fn new(
        rules: impl Into<String>,
        competition: Competition,
        players: Vec<Entrant>,
        rounds: u32,
    ) -> Result<Event, String> {
        let e = Event {
            rules: rules.into(),
            competition,
            players,
            rounds,
            drawn: Vec::new(),
            history: Vec::new(),
        };
        e.validate()?;
        Ok(e)
    }

    /// Checks that the event is consistent: every seat names an entrant, no entrant is seated
    /// twice in a round, every table has the table size and scores for every seat.
    pub fn validate(&self) -> Result<(), String> {
        let c = &self.competition;
        if c.table_size < 2 {
            return Err(format!("table size {} is too small", c.table_size));
        }
        if c.sessions == 0 {
            return Err("a round needs at least one session".into());
        }
        let seats: Vec<usize> = (0..c.table_size).collect();
        for (k, to) in c.session_seat_changes.iter().enumerate() {
            if !to.is_empty() && permute(&seats, to).is_none() {
                return Err(format!(
                    "session seat change {} = {to:?} is not a permutation of the seats",
                    k + 1
                ));
            }
        }
        let mut names = std::collections::HashSet::new();
        for p in &self.players {
            if p.name.trim().is_empty() {
                return Err("a player has an empty name".into());
            }
            if !names.insert(p.name.as_str()) {
                return Err(format!("player {:?} is listed twice", p.name));
            }
        }
        let regular = self.players.iter().filter(|p| !p.substitute).count();
        if regular < c.table_size {
            return Err(format!(
                "{regular} ranked player(s) cannot fill a table of {}",
                c.table_size
            ));
        }
        if self.drawn.len() > self.rounds as usize {
            return Err(format!(
                "{} rounds drawn but the event has {}",
                self.drawn.len(),
                self.rounds
            ));
        }
        for (r, round) in self.drawn.iter().enumerate() {
            let mut seen = vec![false; self.players.len()];
            let all = round
                .tables
                .iter()
                .flat_map(|t| t.players.iter())
                .chain(&round.byes);
            for &p in all {
                if p >= self.players.len() {
                    return Err(format!("round {}: no player number {p}", r + 1));
                }
                if std::mem::replace(&mut seen[p], true) {
                    return Err(format!(
                        "round {}: {} is seated twice",
                        r + 1,
                        self.players[p].name
                    ));
                }
            }
            for (t, table) in round.tables.iter().enumerate() {
                if table.players.len() != c.table_size {
                    return Err(format!(
                        "round {} table {}: {} players, the table size is {}",
                        r + 1,
                        t + 1,
                        table.players.len(),
                        c.table_size
                    ));
                }
                if let Some(s) = &table.scores {
                    if s.len() != c.table_size {
                        return Err(format!(
                            "round {} table {}: {} scores for {} players",
                            r + 1,
                            t + 1,
                            s.len(),
                            c.table_size
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    pub fn player_index(&self, name: &str) -> Option<usize> {
        self.players.iter().position(|p| p.name == name)
    }

    /// Places (0-based) and ranking points of a recorded table, by seat.
    pub fn table_result(&self, table: &Table) -> Option<(Vec<usize>, Vec<RankPoints>)> {
        let scores = table.final_scores()?;
        let ties = if self.competition.share_ties {
            RankingTies::Share
        } else {
            RankingTies::SeatOrder
        };
        let (places, ranking) = rank(&scores, &self.competition.ranking_points, ties);
        let ranking = match &self.competition.result {
            Some(r) => r.results(&scores, &places, &ranking),
            None => ranking,
        };
        Some((places, ranking))
    }

    /// Records the scores of table `table` (0-based) of round `round` (0-based), by seat.
    pub fn record(&mut self, round: usize, table: usize, scores: Vec<i64>) -> Result<(), String> {
        self.record_table(round, table, scores, false)
    }

    /// [`Event::record`], or with `replace`, over a table already recorded: the old result is
    /// kept in [`Event::history`]. Without `replace`, a table already recorded is an error, so a
    /// mistyped table number cannot silently overwrite another table's result.
    pub fn record_table(
        &mut self,
        round: usize,
        table: usize,
        scores: Vec<i64>,
        replace: bool,
    ) -> Result<(), String> {
        let size = self.competition.table_size;
        let t = self.table_mut(round, table)?;
        if scores.len() != size {
            return Err(format!("{} scores given; the table seats {size}", scores.len()));
        }
        if let Some(old) = &t.scores {
            if !replace {
                return Err(format!(
                    "round {} table {} is already recorded ({}); give --replace to record it again (the old result is kept in the event's history)",
                    round + 1,
                    table + 1,
                    old.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" ")
                ));
            }
            let old = old.clone();
            self.history.push(Replaced {
                round: round + 1,
                table: table + 1,
                scores: old,
                replaced_by: scores.clone(),
            });
        }
        let t = &mut self.drawn[round].tables[table];
        t.scores = Some(scores);
        Ok(())
    }

    /// Gives the player at `seat` of table `table` (0-based) of round `round` (0-based) a
    /// penalty that moves `deltas` (by seat): kept with the table and applied to its scores.
    pub fn penalize(
        &mut self,
        round: usize,
        table: usize,
        seat: usize,
        id: &str,
        deltas: Vec<i64>,
    ) -> Result<(), String> {
        let size = self.competition.table_size;
        let t = self.table_mut(round, table)?;
        if seat >= size || deltas.len() != size {
            return Err(format!("a penalty names a seat of the {size} at the table"));
        }
        t.penalties.push(TablePenalty {
            id: id.to_string(),
            seat,
            deltas,
        });
        Ok(())
    }

    /// Table `table` (0-based) of round `round` (0-based), or which of the two is missing.
    fn table_mut(&mut self, round: usize, table: usize) -> Result<&mut Table, String> {
        self.drawn
            .get_mut(round)
            .ok_or_else(|| format!("round {} has not been drawn", round + 1))?
            .tables
            .get_mut(table)
            .ok_or_else(|| format!("round {} has no table {}", round + 1, table + 1))
    }

    /// How many times each pair of entrants has met at a table.
    fn meetings(&self) -> Vec<Vec<u32>> {
        let n = self.players.len();
        let mut m = vec![vec![0u32; n]; n];
        for t in self.drawn.iter().flat_map(|r| &r.tables) {
            for &a in &t.players {
                for &b in &t.players {
                    if a != b {
                        m[a][b] += 1;
                    }
                }
            }
        }
        m
    }

    /// Draws the next round: byes (or substitutes) for the players left over, then a random
    /// seating from `seed` that repeats as few earlier pairings as possible (the best of many
    /// randomised greedy seatings). Every earlier round must be fully recorded.
    pub fn draw(&mut self, seed: u64) -> Result<&Round, String> {
        if self.drawn.len() >= self.rounds as usize {
            return Err(format!("all {} rounds are drawn", self.rounds));
        }
        if let Some((r, t)) = self.drawn.iter().enumerate().find_map(|(r, round)| {
            round
                .tables
                .iter()
                .position(|t| t.scores.is_none())
                .map(|t| (r, t))
        }) {
            return Err(format!(
                "round {} table {} is not recorded yet; record it before drawing the next round",
                r + 1,
                t + 1
            ));
        }
        let size = self.competition.table_size;
        let mut rng = Rng::new(seed ^ (self.drawn.len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let mut regular: Vec<usize> = (0..self.players.len())
            .filter(|&p| !self.players[p].substitute)
            .collect();
        let mut subs: Vec<usize> = (0..self.players.len())
            .filter(|&p| self.players[p].substitute)
            .collect();
        rng.shuffle(&mut regular);
        rng.shuffle(&mut subs);
        let short = (size - regular.len() % size) % size;
        let mut byes = Vec::new();
        if short > 0 && self.competition.absence == Absence::Substitute && subs.len() >= short {
            regular.extend(subs.iter().take(short));
        } else if short > 0 {
            // The fewest byes so far sit out first; the shuffle breaks ties.
            let mut had = vec![0u32; self.players.len()];
            for r in &self.drawn {
                for &b in &r.byes {
                    had[b] += 1;
                }
            }
            let out = size - short;
            regular.sort_by_key(|&p| std::cmp::Reverse(had[p]));
            byes = regular.split_off(regular.len() - out);
            byes.sort_unstable();
        }
        let met = self.meetings();
        let mut best: Option<(u32, Vec<Vec<usize>>)> = None;
        for _ in 0..200 {
            let mut pool = regular.clone();
            rng.shuffle(&mut pool);
            let mut tables = Vec::new();
            let mut cost = 0;
            while !pool.is_empty() {
                let mut t = vec![pool.remove(0)];
                while t.len() < size {
                    let (i, c) = pool
                        .iter()
                        .enumerate()
                        .map(|(i, &p)| (i, t.iter().map(|&q| met[p][q]).sum::<u32>()))
                        .min_by_key(|&(_, c)| c)
                        .unwrap_or((0, 0));
                    cost += c;
                    t.push(pool.remove(i));
                }
                tables.push(t);
            }
            if !matches!(&best, Some((c, _)) if *c <= cost) {
                best = Some((cost, tables));
            }
            if cost == 0 {
                break;
            }
        }
        let tables = best.map(|b| b.1).unwrap_or_default();
        self.drawn.push(Round {
            tables: tables
                .into_iter()
                .map(|players| Table {
                    penalties: Vec::new(),
                    players,
                    scores: None,
                })
                .collect(),
            byes,
        });
        Ok(self.drawn.last().expect("just pushed"))
    }

    fn tallies(&self) -> Vec<Tally> {
        let c = &self.competition;
        let mut t = vec![Tally::default(); self.players.len()];
        for round in &self.drawn {
            for table in &round.tables {
                let Some((_, rp)) = self.table_result(table) else {
                    continue;
                };
                let scores = table.final_scores().expect("recorded");
                for (s, &p) in table.players.iter().enumerate() {
                    t[p].take(rp[s], scores[s], c.high_ranking);
                    t[p].played += 1;
                }
            }
            for &p in &round.byes {
                t[p].take(
                    RankPoints::whole(c.bye_ranking_points),
                    c.bye_score,
                    c.high_ranking,
                );
                t[p].byes += 1;
            }
        }
        t
    }

    /// Individual standings of the ranked (non-substitute) players over every recorded table.
    pub fn standings(&self) -> Vec<Standing> {
        let chain = &self.competition.tie_breaks;
        let tallies = self.tallies();
        let mut order: Vec<usize> = (0..self.players.len())
            .filter(|&p| !self.players[p].substitute)
            .collect();
        order.sort_by(|&a, &b| tallies[a].cmp(&tallies[b], chain).then(a.cmp(&b)));
        let place = places(&order, |&a, &b| tallies[a].cmp(&tallies[b], chain).is_eq());
        order
            .iter()
            .zip(place)
            .map(|(&p, place)| {
                let t = &tallies[p];
                Standing {
                    place,
                    player: p,
                    name: self.players[p].name.clone(),
                    team: self.players[p].team.clone(),
                    ranking_points: t.ranking,
                    score: t.score,
                    best_ranking: t.best(),
                    high_count: t.high,
                    played: t.played,
                    byes: t.byes,
                }
            })
            .collect()
    }

    /// Team standings: the sum of the members' ranking points, then the team tie-breaks over
    /// the members' results together. Substitutes never count for a team.
    pub fn team_standings(&self) -> Vec<TeamStanding> {
        let chain = &self.competition.team_tie_breaks;
        let tallies = self.tallies();
        let mut teams: Vec<(String, Vec<String>, Tally)> = Vec::new();
        for (p, e) in self.players.iter().enumerate() {
            let Some(team) = e.team.as_ref().filter(|_| !e.substitute) else {
                continue;
            };
            let i = match teams.iter().position(|t| &t.0 == team) {
                Some(i) => i,
                None => {
                    teams.push((team.clone(), Vec::new(), Tally::default()));
                    teams.len() - 1
                }
            };
            teams[i].1.push(e.name.clone());
            teams[i].2.merge(&tallies[p]);
        }
        teams.sort_by(|a, b| a.2.cmp(&b.2, chain).then_with(|| a.0.cmp(&b.0)));
        let place = places(&teams, |a, b| a.2.cmp(&b.2, chain).is_eq());
        teams
            .into_iter()
            .zip(place)
            .map(|((team, members, t), place)| TeamStanding {
                place,
                team,
                members,
                ranking_points: t.ranking,
                score: t.score,
                best_ranking: t.best(),
                high_count: t.high,
            })
            .collect()
    }

    /// Who advances out of round `round` (0-based) under the competition's advancement rule:
    /// every table's first `per_table` places, then the `reserve` best of the next place by
    /// score (earlier table first on equal scores), then every bye. Substitutes never advance. Empty without
    /// an advancement rule or before every table of the round is recorded.
    pub fn advancing(&self, round: usize) -> Vec<(usize, Advance)> {
        let (Some(adv), Some(r)) = (self.competition.advancement, self.drawn.get(round)) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        let mut next = Vec::new();
        for table in &r.tables {
            let Some((places, _)) = self.table_result(table) else {
                return Vec::new();
            };
            let scores = table.final_scores().expect("recorded");
            for (s, &p) in table.players.iter().enumerate() {
                if self.players[p].substitute {
                    continue;
                }
                if places[s] < adv.per_table {
                    out.push((p, Advance::Place));
                } else if places[s] == adv.per_table {
                    next.push((scores[s], p));
                }
            }
        }
        next.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
        out.extend(next.iter().take(adv.reserve).map(|&(_, p)| (p, Advance::Reserve)));
        out.extend(r.byes.iter().map(|&p| (p, Advance::Bye)));
        out
    }
}
