//! The rules of play as pure functions over [`State`]: what a seat may do now
//! ([`legal_actions`]) and what doing it leads to ([`apply`]). Deterministic: the same state and
//! action always give the same result, which is what makes records replayable.

use super::action::Action;
use super::event::{Event, KongKind, PaymentReason};
use super::facts::{last_copy, WinHow};
use super::rules::{
    ClaimKind, DealerAfterDraw, DealerAfterMultiple, DealerRotation, DiscardRunFacts, DrawnFacts, KongFacts,
    MissedWin, MultipleWinners, Rules, TableRules, WinFacts, WinJudgement, WinSource,
};
use super::state::{Declared, Discarded, HandStart, Offer, Phase, SeatState, State, Turn, TurnStart, Wall};
use crate::decompose::is_win;
use crate::hand::{Context, Hand};
use crate::meld::{From, Meld};
use crate::notation::print_hand;
use crate::rng::Rng;
use crate::tile::{Counts, Tile, TileSet, Wind, MAX_KINDS};
use std::fmt;

/// Why a hand cannot start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// The table must seat 2–4 players and the dealer must be one of them.
    Players { players: u8, dealer: usize },
    /// A given wall is not exactly the tile set's tiles.
    WallMismatch { expected: usize, found: usize },
    /// The wall is too short to deal every hand and play on.
    WallTooShort { needed: usize, have: usize },
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Players { players, dealer } => write!(
                f,
                "a table needs 2–4 players and a dealer among them (players {players}, dealer {dealer})"
            ),
            SetupError::WallMismatch { expected, found } => write!(
                f,
                "the wall must hold every tile of the set exactly as often as it exists ({expected} tiles); it has {found} tiles or wrong copies"
            ),
            SetupError::WallTooShort { needed, have } => {
                write!(f, "dealing needs {needed} tiles but the wall has {have}")
            }
        }
    }
}

impl std::error::Error for SetupError {}

/// An action the seat may not take now. Never applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalAction {
    pub seat: usize,
    pub action: Action,
    /// What the seat could have done.
    pub legal: Vec<Action>,
}

impl IllegalAction {
    /// The error in words, tiles in notation.
    pub fn message(&self, set: &TileSet) -> String {
        let legal: Vec<String> = self.legal.iter().map(|a| a.describe(set)).collect();
        if legal.is_empty() {
            format!(
                "seat {} cannot act now (tried: {})",
                self.seat,
                self.action.describe(set)
            )
        } else {
            format!(
                "seat {} may not {} now; legal: {}",
                self.seat,
                self.action.describe(set),
                legal.join(", ")
            )
        }
    }
}

impl fmt::Display for IllegalAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "seat {} may not take {:?} now ({} legal actions)",
            self.seat,
            self.action,
            self.legal.len()
        )
    }
}

impl std::error::Error for IllegalAction {}

/// Starts a hand from a seeded shuffle: the wall is shuffled, the dice thrown and the wall broken
/// where they say, then dealt.
pub fn new_hand(
    rules: &dyn Rules,
    seed: u64,
    dealer: usize,
    round: Wind,
) -> Result<(State, Vec<Event>), SetupError> {
    new_hand_at(rules, seed, dealer, round, &HandStart::default())
}

/// [`new_hand`] at a given point of a match: every seat's points and the dealer's streak.
pub fn new_hand_at(
    rules: &dyn Rules,
    seed: u64,
    dealer: usize,
    round: Wind,
    start: &HandStart,
) -> Result<(State, Vec<Event>), SetupError> {
    let set = rules.tiles();
    let table = rules.table();
    let mut rng = Rng::new(seed);
    let mut tiles: Vec<Tile> = set
        .tiles()
        .flat_map(|t| (0..set.copies(t)).map(move |_| t))
        .collect();
    for i in (1..tiles.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        tiles.swap(i, j);
    }
    let dice: Vec<u8> = (0..table.dice).map(|_| 1 + rng.below(6) as u8).collect();
    if !tiles.is_empty() {
        let start = break_point(&table.wall_sides, tiles.len(), dealer, &dice);
        tiles.rotate_left(start);
    }
    deal(rules, tiles, dice, dealer, round, start)
}

/// Starts a hand from a wall given in draw order (first tile drawn first, replacements taken
/// from the end): for scenario tests and for records of arranged games.
pub fn new_hand_from_wall(
    rules: &dyn Rules,
    wall: Vec<Tile>,
    dealer: usize,
    round: Wind,
) -> Result<(State, Vec<Event>), SetupError> {
    new_hand_from_wall_at(rules, wall, dealer, round, &HandStart::default())
}

/// [`new_hand_from_wall`] at a given point of a match.
pub fn new_hand_from_wall_at(
    rules: &dyn Rules,
    wall: Vec<Tile>,
    dealer: usize,
    round: Wind,
    start: &HandStart,
) -> Result<(State, Vec<Event>), SetupError> {
    let set = rules.tiles();
    let mut counts = [0usize; MAX_KINDS];
    for t in &wall {
        counts[t.id()] += 1;
    }
    if wall.len() != set.total_tiles() || set.tiles().any(|t| counts[t.id()] != set.copies(t) as usize) {
        return Err(SetupError::WallMismatch {
            expected: set.total_tiles(),
            found: wall.len(),
        });
    }
    deal(rules, wall, Vec::new(), dealer, round, start)
}

/// Where the wall is broken: count seats counter-clockwise from the dealer by the dice total,
/// then that many stacks from the right of that side. Only rotates the shuffled ring, but keeps
/// the ruleset's wall shape meaningful in records.
fn break_point(sides: &[u32], len: usize, dealer: usize, dice: &[u8]) -> usize {
    let total: usize = dice.iter().map(|&d| d as usize).sum::<usize>().max(1);
    let side_tiles: Vec<usize> = sides.iter().map(|&s| s as usize * 2).collect();
    if side_tiles.is_empty() || side_tiles.iter().sum::<usize>() != len {
        return (total * 2) % len;
    }
    let side = (dealer + total - 1) % side_tiles.len();
    let offset: usize = side_tiles[..side].iter().sum();
    let within = (total * 2) % side_tiles[side].max(1);
    (offset + within) % len
}

/// Deals from a wall in draw order: blocks of four to each seat from the dealer, then single
/// tiles, then the dealer's extra; bonus tiles are then replaced seat by seat from the wall's end.
fn deal(
    rules: &dyn Rules,
    tiles: Vec<Tile>,
    dice: Vec<u8>,
    dealer: usize,
    round: Wind,
    start: &HandStart,
) -> Result<(State, Vec<Event>), SetupError> {
    let table = rules.table();
    let set = rules.tiles();
    let n = table.player_count();
    if !(2..=4).contains(&n) || dealer >= n {
        return Err(SetupError::Players {
            players: table.players,
            dealer,
        });
    }
    let hand = table.hand_size as usize;
    let needed = n * hand + table.dealer_extra as usize + 1;
    let mut wall = if table.per_seat_walls {
        Wall::per_seat(tiles, n, dealer)
    } else {
        Wall::new(tiles, table.kept_back as usize)
    };
    if wall.remaining() < needed {
        return Err(SetupError::WallTooShort {
            needed,
            have: wall.remaining(),
        });
    }
    if table.per_seat_walls {
        // Each seat deals its own hand from its own wall.
        for s in 0..n {
            let own = hand
                + if s == dealer {
                    table.dealer_extra as usize
                } else {
                    0
                };
            if wall.remaining_for(s) < own {
                return Err(SetupError::WallTooShort {
                    needed: own,
                    have: wall.remaining_for(s),
                });
            }
        }
    }
    let order: Vec<usize> = (0..n).map(|k| (dealer + k) % n).collect();
    let mut hands: Vec<Vec<Tile>> = vec![Vec::new(); n];
    for seat in deal_seats(table, dealer) {
        if let Some(t) = wall.draw_for(seat) {
            hands[seat].push(t);
        }
    }
    let seats: Vec<SeatState> = (0..n)
        .map(|s| {
            let mut concealed = [0u8; MAX_KINDS];
            for t in &hands[s] {
                concealed[t.id()] += 1;
            }
            SeatState {
                concealed,
                melds: Vec::new(),
                discards: Vec::new(),
                bonus: Vec::new(),
                wind: Wind::from_index(((s + n - dealer) % n) as u8).unwrap_or_default(),
                missed_win: None,
                declared: None,
                held_alone: Vec::new(),
            }
        })
        .collect();
    let mut last = hands[dealer].last().copied();
    let mut events = vec![Event::Deal {
        dealer,
        round,
        dice: dice.clone(),
        hands,
    }];
    let mut st = State {
        seats,
        wall,
        dealer,
        round,
        dice,
        phase: Phase::Over { winners: vec![] },
        scores: vec![0; n],
        kong_net: vec![0; n],
        stacks: (0..n)
            .map(|s| start.stacks.get(s).copied().unwrap_or(table.start_points))
            .collect(),
        dealer_streak: start.dealer_streak,
        held: vec![0; n],
        discard_run: None,
    };
    if table.replace_bonus_at_deal && table.claims.bonus {
        for &s in &order {
            while let Some(b) = set
                .tiles()
                .find(|&t| set.is_bonus(t) && st.seats[s].concealed[t.id()] > 0)
            {
                st.seats[s].concealed[b.id()] -= 1;
                st.seats[s].bonus.push(b);
                events.push(Event::Bonus { seat: s, tile: b });
                let Some(r) = st.wall.replacement_for(s) else {
                    return Err(SetupError::WallTooShort { needed, have: 0 });
                };
                st.seats[s].concealed[r.id()] += 1;
                events.push(Event::Draw {
                    seat: s,
                    tile: r,
                    replacement: true,
                });
                if s == dealer {
                    last = Some(r);
                }
            }
        }
    }
    st.phase = match last {
        Some(tile) => Phase::Turn(Turn {
            seat: dealer,
            start: TurnStart::Drew {
                tile,
                after_kong: false,
                kong_from: None,
                after_bonus: false,
            },
        }),
        None => Phase::Turn(Turn {
            seat: dealer,
            start: TurnStart::Pong,
        }),
    };
    Ok((st, events))
}

/// The seat that receives each dealt tile, in wall order: blocks of four to each seat from the
/// dealer, then single tiles, then the dealer's extra.
fn deal_seats(table: &super::rules::TableRules, dealer: usize) -> Vec<usize> {
    let n = table.player_count().max(1);
    let hand = table.hand_size as usize;
    let mut out = Vec::new();
    for _ in 0..hand / 4 {
        for k in 0..n {
            out.extend([(dealer + k) % n; 4]);
        }
    }
    for _ in 0..hand % 4 {
        for k in 0..n {
            out.push((dealer + k) % n);
        }
    }
    out.extend((0..table.dealer_extra).map(|_| dealer));
    out
}

/// Builds a wall in draw order for an arranged hand: the deal gives each seat `hands[seat]`
/// (topped up from the remaining tiles when shorter), the next draws from the front are `front`,
/// and the wall ends with `back` (`back[0]` is the very last tile, the first replacement drawn).
/// The other tiles fill the middle: playing tiles round-robin by kind, bonus tiles last. For
/// scenario tests and teaching positions.
pub fn arrange_wall(
    rules: &dyn Rules,
    dealer: usize,
    hands: &[Vec<Tile>],
    front: &[Tile],
    back: &[Tile],
) -> Result<Vec<Tile>, SetupError> {
    let set = rules.tiles();
    let table = rules.table();
    let n = table.player_count();
    let mismatch = || SetupError::WallMismatch {
        expected: set.total_tiles(),
        found: hands.iter().map(Vec::len).sum::<usize>() + front.len() + back.len(),
    };
    if dealer >= n || hands.len() > n {
        return Err(SetupError::Players {
            players: table.players,
            dealer,
        });
    }
    let mut left: Vec<usize> = set.tiles().map(|t| set.copies(t) as usize).collect();
    for t in hands.iter().flatten().chain(front).chain(back) {
        let c = left.get_mut(t.id()).ok_or_else(mismatch)?;
        *c = c.checked_sub(1).ok_or_else(mismatch)?;
    }
    let mut pool = Vec::new();
    let max = left.iter().copied().max().unwrap_or(0);
    for round in 0..max {
        for t in set.playing_tiles() {
            if left[t.id()] > round {
                pool.push(t);
            }
        }
    }
    let bonus: Vec<Tile> = set
        .tiles()
        .filter(|&t| set.is_bonus(t))
        .flat_map(|t| (0..left[t.id()]).map(move |_| t))
        .collect();
    let mut pool = pool.into_iter();
    let seats = deal_seats(table, dealer);
    let mut given: Vec<std::slice::Iter<Tile>> = (0..n)
        .map(|s| hands.get(s).map_or([].iter(), |h| h.iter()))
        .collect();
    let mut wall = Vec::with_capacity(set.total_tiles());
    for s in seats {
        match given[s].next() {
            Some(&t) => wall.push(t),
            None => wall.push(pool.next().ok_or_else(mismatch)?),
        }
    }
    if given.iter_mut().any(|g| g.next().is_some()) {
        return Err(mismatch());
    }
    wall.extend_from_slice(front);
    wall.extend(pool);
    wall.extend(bonus);
    wall.extend(back.iter().rev());
    Ok(wall)
}

/// Builds a wall in draw order for a ruleset with per-seat walls ([`TableRules::per_seat_walls`]):
/// the wall of seat `s` begins with `starts[s]` (the tiles it deals itself, then the tiles it
/// draws, replacements included, in order), and the tiles no start names fill the rest of every
/// wall: playing tiles one copy of each kind at a time in tile order, then bonus tiles, poured
/// into the walls part by part from the dealer's. The result has every tile of the set exactly
/// as often as it exists, so it deals with [`new_hand_from_wall`]. Used to rebuild a game known
/// only from the tiles its seats drew (Botzone logs), and by scenario tests.
pub fn arrange_seat_walls(
    rules: &dyn Rules,
    dealer: usize,
    starts: &[Vec<Tile>],
) -> Result<Vec<Tile>, SetupError> {
    let set = rules.tiles();
    let n = rules.table().player_count();
    let total = set.total_tiles();
    let mismatch = || SetupError::WallMismatch {
        expected: total,
        found: starts.iter().map(Vec::len).sum(),
    };
    if dealer >= n || starts.len() > n || n == 0 {
        return Err(SetupError::Players {
            players: rules.table().players,
            dealer,
        });
    }
    let mut left: Vec<usize> = set.tiles().map(|t| set.copies(t) as usize).collect();
    for t in starts.iter().flatten() {
        let c = left.get_mut(t.id()).ok_or_else(mismatch)?;
        *c = c.checked_sub(1).ok_or_else(mismatch)?;
    }
    let max = left.iter().copied().max().unwrap_or(0);
    let mut pool = Vec::new();
    for round in 0..max {
        pool.extend(set.playing_tiles().filter(|t| left[t.id()] > round));
    }
    pool.extend(
        set.tiles()
            .filter(|&t| set.is_bonus(t))
            .flat_map(|t| (0..left[t.id()]).map(move |_| t)),
    );
    let mut pool = pool.into_iter();
    let len = total / n;
    let mut wall = Vec::with_capacity(total);
    for k in 0..n {
        let seat = (dealer + k) % n;
        let part = if k + 1 == n { total - len * (n - 1) } else { len };
        let start = starts.get(seat).map_or(&[][..], |v| v.as_slice());
        if start.len() > part {
            return Err(SetupError::WallTooShort {
                needed: start.len(),
                have: part,
            });
        }
        wall.extend_from_slice(start);
        for _ in start.len()..part {
            wall.push(pool.next().ok_or_else(mismatch)?);
        }
    }
    Ok(wall)
}

/// What `seat` may do now; empty when it is not that seat's move. Offers are answered one seat
/// at a time in turn order, so only the seat [`State::to_act`] names gets actions.
pub fn legal_actions(rules: &dyn Rules, st: &State, seat: usize) -> Vec<Action> {
    if st.to_act() != Some(seat) {
        return Vec::new();
    }
    match &st.phase {
        Phase::Turn(t) => turn_actions(rules, st, t),
        Phase::Offer(o) => answer_options(rules, st, seat, o),
        Phase::Over { .. } => Vec::new(),
    }
}

/// Applies one action if it is legal, returning the new state and what happened. The input
/// state is untouched either way.
pub fn apply(
    rules: &dyn Rules,
    state: &State,
    seat: usize,
    action: Action,
) -> Result<(State, Vec<Event>), IllegalAction> {
    let legal = legal_actions(rules, state, seat);
    if !legal.contains(&action) {
        return Err(IllegalAction { seat, action, legal });
    }
    let mut st = state.clone();
    let mut events = Vec::new();
    step(rules, &mut st, seat, action, &mut events);
    Ok((st, events))
}

/// Applies an action already checked against [`legal_actions`] for this state, in place. The
/// shell uses it to avoid cloning the state every move.
pub(crate) fn step(rules: &dyn Rules, st: &mut State, seat: usize, action: Action, ev: &mut Vec<Event>) {
    match st.phase.clone() {
        Phase::Turn(t) => turn_step(rules, st, t, action, ev),
        Phase::Offer(mut o) => {
            o.waiting.retain(|&s| s != seat);
            o.answers.push((seat, action));
            if o.waiting.is_empty() {
                resolve_offer(rules, st, o, ev);
            } else {
                st.phase = Phase::Offer(o);
            }
        }
        Phase::Over { .. } => {}
    }
}

fn turn_actions(rules: &dyn Rules, st: &State, t: &Turn) -> Vec<Action> {
    let set = rules.tiles();
    let table = rules.table();
    let s = &st.seats[t.seat];
    let mut out = Vec::new();
    if table.claims.bonus {
        out.extend(
            set.tiles()
                .filter(|&b| set.is_bonus(b) && s.concealed[b.id()] > 0)
                .map(Action::Bonus),
        );
        if !out.is_empty() {
            // A bonus tile is set aside before anything else is done with the hand.
            return out;
        }
    }
    let drawn = match t.start {
        TurnStart::Drew { tile, .. } => Some(tile),
        _ => None,
    };
    if let TurnStart::Drew { tile, after_kong, .. } = t.start {
        if let Some((hand, j)) = self_win(rules, st, t.seat, tile, &t.start) {
            let fed = if after_kong { kong_from_of(t) } else { None };
            let facts = win_facts(rules, st, t.seat, &hand, WinSource::SelfDrawn, fed);
            if !ends_with_other_first(rules, st, &capped(rules, st, &rules.settle(&j, &facts)), t.seat) {
                out.push(Action::SelfWin);
            }
        }
    }
    // A declared hand is frozen: kongs only when they leave the waits as declared.
    let frozen = s.declared.as_ref();
    let keeps_waits =
        |d: &Declared, melds: usize, after: &Counts| shape_waits(rules, melds, after) == d.waits;
    let kongs_open = kong_replacement_open(rules, st, t.seat)
        && !(table.no_kong_after_chi && t.start == TurnStart::Chi)
        && !(table.no_kong_after_pong && t.start == TurnStart::Pong);
    if kongs_open {
        if table.claims.concealed_kong {
            for k in set.playing_tiles().filter(|k| s.concealed[k.id()] >= 4) {
                let ok = frozen.is_none_or(|d| {
                    let mut after = s.concealed;
                    after[k.id()] -= 4;
                    drawn == Some(k) && d.hidden.contains(&k) && keeps_waits(d, s.melds.len() + 1, &after)
                });
                if ok && kong_allowed(rules, st, t.seat, KongKind::Concealed, None, after_kong_of(t)) {
                    out.push(Action::ConcealedKong(k));
                }
            }
        }
        if table.claims.added_kong {
            for m in &s.melds {
                if let Meld::Pung { tile, .. } = *m {
                    if s.concealed[tile.id()] > 0 {
                        let ok = frozen.is_none_or(|d| {
                            let mut after = s.concealed;
                            after[tile.id()] -= 1;
                            drawn == Some(tile) && keeps_waits(d, s.melds.len(), &after)
                        });
                        if ok && kong_allowed(rules, st, t.seat, KongKind::Added, None, after_kong_of(t)) {
                            out.push(Action::AddedKong(tile));
                        }
                    }
                }
            }
        }
    }
    let candidates: Vec<Tile> = match (frozen, drawn) {
        (Some(_), Some(d)) => vec![d],
        _ => set.tiles().filter(|k| s.concealed[k.id()] > 0).collect(),
    };
    let allowed = unbanned(st, t.seat, candidates);
    out.extend(allowed.iter().map(|&d| Action::Discard(d)));
    if table.declare_ready && frozen.is_none() {
        for &d in &allowed {
            let mut after = s.concealed;
            after[d.id()] -= 1;
            if shape_waits(rules, s.melds.len(), &after).is_empty() {
                continue;
            }
            let triplets: Vec<Tile> = set.playing_tiles().filter(|k| after[k.id()] >= 3).collect();
            for subset in 0u32..(1 << triplets.len()) {
                let hidden = triplets
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| subset >> i & 1 == 1)
                    .fold(0u64, |m, (_, k)| m | 1 << k.id());
                out.push(Action::DeclareReady { discard: d, hidden });
            }
        }
    }
    out
}

/// The tiles that complete a hand of `counts` (3n+1 tiles, `melds` declared) in shape, in tile
/// order; a kind whose every copy is already in the hand is not a wait.
pub fn shape_waits(rules: &dyn Rules, melds: usize, counts: &Counts) -> Vec<Tile> {
    let set = rules.tiles();
    set.playing_tiles()
        .filter(|w| {
            if counts[w.id()] >= set.copies(*w) {
                return false;
            }
            let mut c = *counts;
            c[w.id()] += 1;
            is_win(set, rules.forms(), melds, &c)
        })
        .collect()
}

/// The discards `seat` may make of `candidates`: none that another declared player waits on,
/// unless every candidate is such a tile.
fn unbanned(st: &State, seat: usize, candidates: Vec<Tile>) -> Vec<Tile> {
    let banned = |t: &Tile| {
        st.seats
            .iter()
            .enumerate()
            .any(|(i, x)| i != seat && x.declared.as_ref().is_some_and(|d| d.waits.contains(t)))
    };
    if candidates.iter().all(banned) {
        return candidates;
    }
    candidates.into_iter().filter(|t| !banned(t)).collect()
}

/// Whether the wall the next draw after `seat`'s turn would come from is empty: the shared wall,
/// or (per-seat walls) the next seat's own. Then `seat`'s draw or discard is the hand's last tile
/// (妙手回春, 海底捞月).
fn next_wall_empty(st: &State, seat: usize) -> bool {
    wall_left_after(st, seat) == 0
}

/// Whether `seat` may declare a kong in its turn as far as the wall goes: its replacement must
/// exist, and unless the ruleset lets the last turn be claimed, the turn must not be the last.
/// With one shared wall both say "the wall is not empty".
fn kong_replacement_open(rules: &dyn Rules, st: &State, seat: usize) -> bool {
    st.wall.remaining_for(seat) > 0 && (rules.table().last_discard_claimable || !next_wall_empty(st, seat))
}

/// What `seat` may answer to the tile on offer (a discard, or a kong being declared), Pass
/// included last. Claims other than a win are closed once the wall the next draw would come from
/// is empty, unless the ruleset says otherwise: the last discard can only be won on. A kong on a
/// discard also needs a replacement from the claimer's wall. A declared player may only win, or
/// kong a hidden triplet that keeps its waits.
fn answer_options(rules: &dyn Rules, st: &State, seat: usize, o: &Offer) -> Vec<Action> {
    let table = rules.table();
    let set = rules.tiles();
    let s = &st.seats[seat];
    let tile = o.tile;
    let mut out = Vec::new();
    if seat == o.from {
        return out;
    }
    let feeder_broke = table.no_win_from_floor && table.floor.is_some_and(|f| st.balance(o.from) <= f);
    if let Some((hand, j)) = discard_win(rules, st, seat, o).filter(|_| !feeder_broke) {
        let locked = match (s.missed_win, table.missed_win) {
            (None, _) | (_, MissedWin::None) => false,
            (Some(_), MissedWin::UntilDraw) => true,
            (Some(passed), MissedWin::UntilDrawOrFanChange) => j.total <= passed,
        };
        let source = match o.kong {
            Some(_) => WinSource::RobbedKong { konger: o.from },
            None => WinSource::Discard { discarder: o.from },
        };
        let ends = table.leader_ends_only && {
            let facts = win_facts(rules, st, seat, &hand, source, None);
            ends_with_other_first(rules, st, &capped(rules, st, &rules.settle(&j, &facts)), seat)
        };
        if !locked && !ends {
            out.push(Action::Win);
        }
    }
    let claims_open = table.last_discard_claimable || !next_wall_empty(st, o.from);
    if o.kong.is_none() && claims_open {
        let have = s.concealed[tile.id()];
        if let Some(d) = &s.declared {
            if table.claims.exposed_kong
                && have >= 3
                && d.hidden.contains(&tile)
                && st.wall.remaining_for(seat) > 0
            {
                let mut after = s.concealed;
                after[tile.id()] -= 3;
                if shape_waits(rules, s.melds.len() + 1, &after) == d.waits
                    && kong_allowed(rules, st, seat, KongKind::Exposed, Some(o.from), false)
                {
                    out.push(Action::ExposedKong);
                }
            }
            out.push(Action::Pass);
            return out;
        }
        if table.claims.exposed_kong
            && have >= 3
            && st.wall.remaining_for(seat) > 0
            && kong_allowed(rules, st, seat, KongKind::Exposed, Some(o.from), false)
        {
            out.push(Action::ExposedKong);
        }
        if table.claims.pong && have >= 2 {
            out.push(Action::Pong);
        }
        let n = st.players();
        if table.claims.chi && (!table.chi_from_left_only || seat == (o.from + 1) % n) {
            for d in (0..3usize).rev() {
                let Some(first) = tile.id().checked_sub(d).and_then(|id| set.tile(id)) else {
                    continue;
                };
                if set.step(first, d as u8) != Some(tile) || !set.chow_start(first) {
                    continue;
                }
                let ok = (0..3u8).all(|k| {
                    set.step(first, k)
                        .is_some_and(|x| x == tile || s.concealed[x.id()] > 0)
                });
                if ok {
                    out.push(Action::Chi(first));
                }
            }
        }
    }
    out.push(Action::Pass);
    out
}

/// The winning hand as the scorer reads it: concealed tiles `before` plus `win` written last,
/// with the context words the engine knows (the notation's and the ruleset's facts).
fn win_hand(table: &TableRules, st: &State, seat: usize, before: &Counts, win: Tile, how: WinHow) -> Hand {
    let s = &st.seats[seat];
    let mut concealed = Vec::with_capacity(18);
    for (id, &c) in before.iter().enumerate() {
        for _ in 0..c {
            concealed.push(Tile::from_id(id));
        }
    }
    concealed.push(win);
    Hand {
        melds: s.melds.clone(),
        concealed,
        bonus: Vec::new(),
        context: Context {
            self_drawn: how.self_drawn,
            last_tile: how.last_tile(),
            kong: how.kong,
            fourth: how.fourth,
            seat: s.wind,
            round: st.round,
            flowers: s.bonus.len() as u8,
            extra: how.words(table),
        },
        red: Default::default(),
    }
}

/// Tiles left in the wall the draw after `seat`'s turn would come from.
fn wall_left_after(st: &State, seat: usize) -> usize {
    st.wall.remaining_for((seat + 1) % st.players().max(1))
}

/// A self-drawn win on `tile` (already in the hand), if the ruleset accepts it; `start` says how
/// the tile was drawn.
fn self_win(
    rules: &dyn Rules,
    st: &State,
    seat: usize,
    tile: Tile,
    start: &TurnStart,
) -> Option<(Hand, WinJudgement)> {
    let s = &st.seats[seat];
    if s.concealed[tile.id()] == 0 || !is_win(rules.tiles(), rules.forms(), s.melds.len(), &s.concealed) {
        return None;
    }
    let (after_kong, after_bonus) = match *start {
        TurnStart::Drew {
            after_kong,
            after_bonus,
            ..
        } => (after_kong, after_bonus),
        _ => (false, false),
    };
    let mut before = s.concealed;
    before[tile.id()] -= 1;
    let table = rules.table();
    let how = WinHow {
        self_drawn: true,
        kong: after_kong,
        fourth: last_copy(table, rules.tiles(), st, tile, false, None),
        wall_left: Some(wall_left_after(st, seat)),
        after_bonus,
        after_kong_discard: false,
    };
    let hand = win_hand(table, st, seat, &before, tile, how);
    let j = rules.judge_win(&hand).filter(|j| j.valid)?;
    Some((hand, j))
}

/// A win on the tile on offer: a discard, or (with `kong`) robbing a kong.
fn discard_win(rules: &dyn Rules, st: &State, seat: usize, o: &Offer) -> Option<(Hand, WinJudgement)> {
    let table = rules.table();
    let (tile, kong) = (o.tile, o.kong);
    if let Some(k) = kong {
        let allowed = match k {
            KongKind::Added => table.rob_kong.added,
            KongKind::Concealed => table.rob_kong.concealed,
            KongKind::Exposed => table.rob_kong.exposed,
        };
        if !allowed {
            return None;
        }
    }
    let s = &st.seats[seat];
    let mut full = s.concealed;
    full[tile.id()] += 1;
    if !is_win(rules.tiles(), rules.forms(), s.melds.len(), &full) {
        return None;
    }
    // The offered tile itself is on the table (in the discards or the kong) and is not "seen".
    let on_table = kong != Some(KongKind::Concealed);
    let robbed = (kong == Some(KongKind::Added)).then_some(o.from);
    let how = WinHow {
        self_drawn: false,
        kong: kong.is_some(),
        fourth: last_copy(table, rules.tiles(), st, tile, on_table, robbed),
        wall_left: kong.is_none().then(|| wall_left_after(st, o.from)),
        after_bonus: false,
        after_kong_discard: o.after_kong && kong.is_none(),
    };
    let hand = win_hand(table, st, seat, &s.concealed, tile, how);
    let j = rules.judge_win(&hand).filter(|j| j.valid)?;
    Some((hand, j))
}

/// Where a claimed tile came from, relative to the claimer.
fn relative(claimer: usize, from: usize, n: usize) -> From {
    let r = (claimer + n - from) % n;
    if r == 1 {
        From::Left
    } else if r == n - 1 {
        From::Right
    } else {
        From::Opposite
    }
}

fn turn_step(rules: &dyn Rules, st: &mut State, t: Turn, action: Action, ev: &mut Vec<Event>) {
    let seat = t.seat;
    let after_kong = matches!(t.start, TurnStart::Drew { after_kong: true, .. });
    match action {
        Action::SelfWin => {
            if let TurnStart::Drew {
                tile,
                after_kong,
                kong_from,
                ..
            } = t.start
            {
                if let Some((hand, j)) = self_win(rules, st, seat, tile, &t.start) {
                    let fed = if after_kong { kong_from } else { None };
                    finish(rules, st, &[(seat, hand, j)], tile, WinSource::SelfDrawn, fed, ev);
                }
            }
        }
        Action::Discard(tile) => discard(rules, st, seat, tile, after_kong, ev),
        Action::DeclareReady {
            discard: tile,
            hidden,
        } => {
            let set = rules.tiles();
            let s = &st.seats[seat];
            let mut after = s.concealed;
            after[tile.id()] -= 1;
            let waits = shape_waits(rules, s.melds.len(), &after);
            let hidden: Vec<Tile> = set.tiles().filter(|k| hidden >> k.id() & 1 == 1).collect();
            let order = st.seats.iter().filter(|x| x.declared.is_some()).count();
            st.seats[seat].declared = Some(Declared {
                order,
                hidden: hidden.clone(),
                waits: waits.clone(),
            });
            ev.push(Event::Ready { seat, hidden, waits });
            discard(rules, st, seat, tile, after_kong, ev);
        }
        Action::Bonus(tile) => {
            let s = &mut st.seats[seat];
            s.concealed[tile.id()] -= 1;
            s.bonus.push(tile);
            ev.push(Event::Bonus { seat, tile });
            replacement(rules, st, seat, false, None, ev);
        }
        Action::ConcealedKong(tile) => {
            let s = &mut st.seats[seat];
            s.concealed[tile.id()] -= 4;
            s.melds.push(Meld::ConcealedKong { tile });
            if let Some(d) = s.declared.as_mut() {
                d.hidden.retain(|&h| h != tile);
            }
            ev.push(Event::Kong {
                seat,
                tile,
                kind: KongKind::Concealed,
                from: None,
            });
            let offer = new_offer(seat, tile, Some(KongKind::Concealed), after_kong, None);
            if !open_offer(rules, st, offer) {
                kong_stands(rules, st, seat, KongKind::Concealed, None, after_kong, ev);
            }
        }
        Action::AddedKong(tile) => {
            let s = &mut st.seats[seat];
            s.concealed[tile.id()] -= 1;
            for m in s.melds.iter_mut() {
                if let Meld::Pung { tile: p, from } = *m {
                    if p == tile {
                        *m = Meld::AddedKong { tile, from };
                        break;
                    }
                }
            }
            ev.push(Event::Kong {
                seat,
                tile,
                kind: KongKind::Added,
                from: None,
            });
            let offer = new_offer(seat, tile, Some(KongKind::Added), after_kong, None);
            if !open_offer(rules, st, offer) {
                kong_stands(rules, st, seat, KongKind::Added, None, after_kong, ev);
            }
        }
        Action::Pass | Action::Chi(_) | Action::Pong | Action::ExposedKong | Action::Win => {}
    }
}

/// Discards `tile` and offers it; the next seat draws when nobody can answer.
fn discard(
    rules: &dyn Rules,
    st: &mut State,
    seat: usize,
    tile: Tile,
    after_kong: bool,
    ev: &mut Vec<Event>,
) {
    let n = st.players();
    let s = &mut st.seats[seat];
    s.concealed[tile.id()] -= 1;
    s.discards.push(Discarded { tile, claimed: false });
    if s.concealed_len() == 1 {
        if let Some(alone) = rules.tiles().tiles().find(|k| s.concealed[k.id()] > 0) {
            if s.held_alone.last() != Some(&alone) {
                s.held_alone.push(alone);
            }
        }
    }
    ev.push(Event::Discard { seat, tile });
    if let Some(k) = rules.table().discard_run {
        let run = match st.discard_run {
            Some((t, first, c)) if t == tile => (t, first, c.saturating_add(1)),
            _ => (tile, seat, 1),
        };
        st.discard_run = Some(run);
        if run.2 >= k.max(1) {
            st.discard_run = None;
            let facts = DiscardRunFacts {
                first: run.1,
                tile,
                dealer_streak: st.dealer_streak,
            };
            let raw = rules.settle_discard_run(&facts);
            if raw.iter().any(|&x| x != 0) {
                pay(rules, st, &raw, PaymentReason::DiscardRun, ev);
            }
        }
    }
    if !open_offer(rules, st, new_offer(seat, tile, None, after_kong, None)) {
        draw(rules, st, (seat + 1) % n, ev);
    }
}

/// A kong stood (nobody robbed it): instant kong payments, then the replacement draw.
fn kong_stands(
    rules: &dyn Rules,
    st: &mut State,
    seat: usize,
    kind: KongKind,
    from: Option<usize>,
    on_replacement: bool,
    ev: &mut Vec<Event>,
) {
    let raw = rules.settle_kong(&kong_facts(st, seat, kind, from, on_replacement));
    if raw.iter().any(|&x| x != 0) {
        let paid = pay(rules, st, &raw, PaymentReason::Kong, ev);
        for (k, x) in st.kong_net.iter_mut().zip(paid) {
            *k += x;
        }
    }
    replacement(rules, st, seat, true, from, ev);
}

fn new_offer(
    from: usize,
    tile: Tile,
    kong: Option<KongKind>,
    after_kong: bool,
    kong_from: Option<usize>,
) -> Offer {
    Offer {
        from,
        tile,
        kong,
        waiting: Vec::new(),
        answers: Vec::new(),
        could_win: Vec::new(),
        after_kong,
        kong_from,
    }
}

/// Offers a tile to the other seats; returns whether anyone can answer (otherwise play goes on
/// without asking, so players are only consulted when they have a choice).
fn open_offer(rules: &dyn Rules, st: &mut State, mut offer: Offer) -> bool {
    let n = st.players();
    for k in 1..n {
        let s = (offer.from + k) % n;
        let opts = answer_options(rules, st, s, &offer);
        if opts.len() > 1 {
            offer.waiting.push(s);
        }
        // A locked seat still "could win" for the lock's purposes only when offered the win.
        if opts.contains(&Action::Win) {
            offer.could_win.push(s);
        }
    }
    if offer.waiting.is_empty() {
        return false;
    }
    st.phase = Phase::Offer(offer);
    true
}

fn claim_kind(a: &Action) -> Option<ClaimKind> {
    match a {
        Action::Win => Some(ClaimKind::Win),
        Action::ExposedKong => Some(ClaimKind::Kong),
        Action::Pong => Some(ClaimKind::Pong),
        Action::Chi(_) => Some(ClaimKind::Chi),
        _ => None,
    }
}

/// Every seat has answered: wins first (limited by the multiple-winner policy), otherwise the
/// highest-priority claim, ties to the first in turn order from the discarder.
fn resolve_offer(rules: &dyn Rules, st: &mut State, o: Offer, ev: &mut Vec<Event>) {
    let table = rules.table();
    let n = st.players();
    if table.missed_win != MissedWin::None {
        for &s in &o.could_win {
            if !o.answers.contains(&(s, Action::Win)) {
                if let Some((_, j)) = discard_win(rules, st, s, &o) {
                    let seat = &mut st.seats[s];
                    seat.missed_win = Some(seat.missed_win.map_or(j.total, |v| v.max(j.total)));
                }
            }
        }
    }
    let mut winners: Vec<usize> = o
        .answers
        .iter()
        .filter(|(_, a)| *a == Action::Win)
        .map(|(s, _)| *s)
        .collect();
    let limit = match table.multiple_winners {
        MultipleWinners::First => 1,
        MultipleWinners::Two => 2,
        MultipleWinners::All => n,
    };
    winners.truncate(limit);
    if !winners.is_empty() {
        let judged: Vec<(usize, Hand, WinJudgement)> = winners
            .iter()
            .filter_map(|&w| discard_win(rules, st, w, &o).map(|(h, j)| (w, h, j)))
            .collect();
        let source = match o.kong {
            Some(_) => WinSource::RobbedKong { konger: o.from },
            None => WinSource::Discard { discarder: o.from },
        };
        let konger = &mut st.seats[o.from];
        match o.kong {
            None => {
                if let Some(d) = konger.discards.last_mut() {
                    d.claimed = true;
                }
            }
            Some(KongKind::Added) | Some(KongKind::Exposed) => {
                for m in konger.melds.iter_mut() {
                    match *m {
                        Meld::AddedKong { tile, from } | Meld::ExposedKong { tile, from }
                            if tile == o.tile =>
                        {
                            *m = Meld::Pung { tile, from };
                            break;
                        }
                        _ => {}
                    }
                }
            }
            Some(KongKind::Concealed) => {
                if let Some(i) = konger
                    .melds
                    .iter()
                    .position(|m| *m == Meld::ConcealedKong { tile: o.tile })
                {
                    konger.melds.remove(i);
                    konger.concealed[o.tile.id()] += 3;
                }
            }
        }
        if let Some((w, _, _)) = judged.first() {
            st.seats[*w].concealed[o.tile.id()] += 1;
        }
        finish(rules, st, &judged, o.tile, source, None, ev);
        return;
    }
    if let Some(kind) = o.kong {
        kong_stands(rules, st, o.from, kind, o.kong_from, o.after_kong, ev);
        return;
    }
    let best = o
        .answers
        .iter()
        .filter_map(|(s, a)| claim_kind(a).map(|k| (table.level(k), *s, *a)))
        .min_by_key(|(level, _, _)| *level);
    let Some((_, seat, action)) = best else {
        draw(rules, st, (o.from + 1) % n, ev);
        return;
    };
    let tile = o.tile;
    let from = relative(seat, o.from, n);
    if let Some(d) = st.seats[o.from].discards.last_mut() {
        d.claimed = true;
    }
    st.discard_run = None;
    let s = &mut st.seats[seat];
    // 漏和 is lifted by any move of one's own: a pong or a kong as well as a draw.
    if table.missed_win == MissedWin::UntilDraw {
        s.missed_win = None;
    }
    match action {
        Action::Pong => {
            s.concealed[tile.id()] -= 2;
            s.melds.push(Meld::Pung { tile, from });
            ev.push(Event::Pong {
                seat,
                from: o.from,
                tile,
            });
            st.phase = Phase::Turn(Turn {
                seat,
                start: TurnStart::Pong,
            });
        }
        Action::Chi(first) => {
            let set = rules.tiles();
            for k in 0..3u8 {
                if let Some(x) = set.step(first, k) {
                    if x != tile {
                        s.concealed[x.id()] -= 1;
                    }
                }
            }
            let claimed = (tile.id() - first.id() + 1) as u8;
            s.melds.push(Meld::Chow { first, claimed });
            ev.push(Event::Chi {
                seat,
                from: o.from,
                tile,
                first,
            });
            st.phase = Phase::Turn(Turn {
                seat,
                start: TurnStart::Chi,
            });
        }
        Action::ExposedKong => {
            s.concealed[tile.id()] -= 3;
            s.melds.push(Meld::ExposedKong { tile, from });
            if let Some(d) = s.declared.as_mut() {
                d.hidden.retain(|&h| h != tile);
            }
            ev.push(Event::Kong {
                seat,
                tile,
                kind: KongKind::Exposed,
                from: Some(o.from),
            });
            let offer = new_offer(seat, tile, Some(KongKind::Exposed), false, Some(o.from));
            if !open_offer(rules, st, offer) {
                kong_stands(rules, st, seat, KongKind::Exposed, Some(o.from), false, ev);
            }
        }
        _ => draw(rules, st, (o.from + 1) % n, ev),
    }
}

/// The seat a meld was claimed from, if it was claimed.
fn meld_source(seat: usize, n: usize, m: &Meld) -> Option<usize> {
    m.source_seat(seat, n)
}

/// Records the wins and their payments, and ends the hand. `kong_fed_by`: for a win on a kong
/// replacement, the seat whose discard that kong was made on.
fn finish(
    rules: &dyn Rules,
    st: &mut State,
    winners: &[(usize, Hand, WinJudgement)],
    tile: Tile,
    source: WinSource,
    kong_fed_by: Option<usize>,
    ev: &mut Vec<Event>,
) {
    let set = rules.tiles();
    for (w, hand, j) in winners {
        let (from, robbed) = match source {
            WinSource::SelfDrawn => (None, false),
            WinSource::Discard { discarder } => (Some(discarder), false),
            WinSource::RobbedKong { konger } => (Some(konger), true),
        };
        ev.push(Event::Win {
            seat: *w,
            tile,
            self_drawn: source == WinSource::SelfDrawn,
            from,
            robbed_kong: robbed,
            hand: print_hand(set, hand),
            fans: j.fans.clone(),
            total: j.total,
        });
        let mut facts = win_facts(rules, st, *w, hand, source, kong_fed_by);
        let horses = rules.horses(&facts);
        if horses > 0 {
            facts.horses = st.wall.live().into_iter().rev().take(horses).collect();
            ev.push(Event::Horses {
                seat: *w,
                tiles: facts.horses.clone(),
            });
        }
        let raw = rules.settle(j, &facts);
        pay(rules, st, &raw, PaymentReason::Win, ev);
    }
    st.phase = Phase::Over {
        winners: winners.iter().map(|(w, _, _)| *w).collect(),
    };
}

/// An ordinary draw for `seat`, or the drawn hand when the wall is empty.
fn draw(rules: &dyn Rules, st: &mut State, seat: usize, ev: &mut Vec<Event>) {
    match st.wall.draw_for(seat) {
        None => exhaustive(rules, st, ev),
        Some(tile) => {
            let s = &mut st.seats[seat];
            s.concealed[tile.id()] += 1;
            s.missed_win = None;
            ev.push(Event::Draw {
                seat,
                tile,
                replacement: false,
            });
            st.phase = Phase::Turn(Turn {
                seat,
                start: TurnStart::Drew {
                    tile,
                    after_kong: false,
                    kong_from: None,
                    after_bonus: false,
                },
            });
        }
    }
}

/// A replacement draw from the wall's end after a kong (made on `kong_from`'s discard, if any)
/// or a bonus tile.
fn replacement(
    rules: &dyn Rules,
    st: &mut State,
    seat: usize,
    after_kong: bool,
    kong_from: Option<usize>,
    ev: &mut Vec<Event>,
) {
    match st.wall.replacement_for(seat) {
        None => exhaustive(rules, st, ev),
        Some(tile) => {
            let s = &mut st.seats[seat];
            s.concealed[tile.id()] += 1;
            s.missed_win = None;
            ev.push(Event::Draw {
                seat,
                tile,
                replacement: true,
            });
            st.phase = Phase::Turn(Turn {
                seat,
                start: TurnStart::Drew {
                    tile,
                    after_kong,
                    kong_from,
                    // Replacements are drawn for kongs and for bonus tiles only.
                    after_bonus: !after_kong,
                },
            });
        }
    }
}

/// The drawn hand (荒牌), with the ruleset's drawn-hand payments.
fn exhaustive(rules: &dyn Rules, st: &mut State, ev: &mut Vec<Event>) {
    ev.push(Event::ExhaustiveDraw);
    let facts = DrawnFacts {
        declared_order: st.declared_order(),
        kong_net: st.kong_net.clone(),
        ready: st
            .seats
            .iter()
            .map(|s| s.declared.is_some() || !shape_waits(rules, s.melds.len(), &s.concealed).is_empty())
            .collect(),
        dealer_streak: st.dealer_streak,
    };
    let raw = rules.settle_drawn(&facts);
    if raw.iter().any(|&x| x != 0) {
        pay(rules, st, &raw, PaymentReason::DrawnHand, ev);
    }
    st.phase = Phase::Over { winners: vec![] };
}

/// What the engine knows about a win by `w` with `hand`, for its settlement.
fn win_facts(
    rules: &dyn Rules,
    st: &State,
    w: usize,
    hand: &Hand,
    source: WinSource,
    kong_fed_by: Option<usize>,
) -> WinFacts {
    let set = rules.tiles();
    let n = st.players();
    let melds = &st.seats[w].melds;
    let concealed_kongs = melds
        .iter()
        .filter(|m| matches!(m, Meld::ConcealedKong { .. }))
        .count();
    let one_suit = hand.is_one_suit(set);
    WinFacts {
        winner: w,
        source,
        dealer: st.dealer,
        flowers: st.seats[w].bonus.len() as u8,
        declared: st.seats.iter().map(|s| s.declared.is_some()).collect(),
        kong_fed_by,
        exposed_melds: (melds.len() - concealed_kongs) as u8,
        concealed_kongs: concealed_kongs as u8,
        last_meld_from: melds.last().and_then(|m| meld_source(w, n, m)),
        dealer_streak: st.dealer_streak,
        claim_feeders: (0..n)
            .map(|s| {
                st.seats[s]
                    .melds
                    .iter()
                    .filter_map(|m| meld_source(s, n, m))
                    .collect()
            })
            .collect(),
        one_suit,
        held_alone: st.seats[w].held_alone.clone(),
        horses: Vec::new(),
    }
}

fn kong_facts(
    st: &State,
    konger: usize,
    kind: KongKind,
    from: Option<usize>,
    on_replacement: bool,
) -> KongFacts {
    KongFacts {
        konger,
        kind,
        from,
        on_replacement,
        declared: st.seats.iter().map(|s| s.declared.is_some()).collect(),
        dealer_streak: st.dealer_streak,
    }
}

fn after_kong_of(t: &Turn) -> bool {
    matches!(t.start, TurnStart::Drew { after_kong: true, .. })
}

fn kong_from_of(t: &Turn) -> Option<usize> {
    match t.start {
        TurnStart::Drew { kong_from, .. } => kong_from,
        _ => None,
    }
}

/// A kong is offered unless its instant payments would end the match early with someone other
/// than the konger in first place (`leader_ends_only`).
fn kong_allowed(
    rules: &dyn Rules,
    st: &State,
    konger: usize,
    kind: KongKind,
    from: Option<usize>,
    on_replacement: bool,
) -> bool {
    if !rules.table().leader_ends_only {
        return true;
    }
    let raw = rules.settle_kong(&kong_facts(st, konger, kind, from, on_replacement));
    !ends_with_other_first(rules, st, &capped(rules, st, &raw), konger)
}

/// A payment as it can actually be made: with a chip floor, each payer pays at most what it has
/// above the floor, and what is paid goes to the payees in turn order from the first payer.
pub fn capped(rules: &dyn Rules, st: &State, raw: &[i64]) -> Vec<i64> {
    let Some(floor) = rules.table().floor else {
        return raw.to_vec();
    };
    let balances: Vec<i64> = (0..raw.len()).map(|s| st.balance(s)).collect();
    cap_to_floor(raw, &balances, floor)
}

/// The chip step of [`capped`] on its own, for a hand scored away from the table (`mj score`
/// with every seat's stack given): each payer pays at most what it has above `floor`, and the
/// payees are paid in turn order from the first payer until that runs out.
pub fn cap_to_floor(raw: &[i64], balances: &[i64], floor: i64) -> Vec<i64> {
    let n = raw.len();
    let mut out = vec![0i64; n];
    let mut pool = 0i64;
    let mut first = None;
    for p in (0..n).filter(|&s| raw[s] < 0) {
        first.get_or_insert(p);
        let have = balances.get(p).copied().unwrap_or(0).saturating_sub(floor);
        let paid = raw[p].saturating_neg().min(have.max(0));
        out[p] = -paid;
        pool = pool.saturating_add(paid);
    }
    let first = first.unwrap_or(0);
    for k in 0..n {
        let r = (first + k) % n;
        if raw[r] > 0 {
            let got = raw[r].min(pool);
            out[r] = got;
            pool -= got;
        }
    }
    out
}

/// Whether `delta` would end the match early (`end_at_floor` players at the floor).
fn ends_match(rules: &dyn Rules, st: &State, delta: &[i64]) -> bool {
    let table = rules.table();
    let Some(k) = table.end_at_floor else {
        return false;
    };
    let floor = table.floor.unwrap_or(0);
    let at_floor = (0..st.players())
        .filter(|&s| st.balance(s) + delta.get(s).copied().unwrap_or(0) <= floor)
        .count();
    at_floor >= k as usize
}

/// With `leader_ends_only`: `delta` would end the match with a player ahead of `actor`.
fn ends_with_other_first(rules: &dyn Rules, st: &State, delta: &[i64], actor: usize) -> bool {
    if !rules.table().leader_ends_only || !ends_match(rules, st, delta) {
        return false;
    }
    let after = |s: usize| st.balance(s) + delta.get(s).copied().unwrap_or(0);
    (0..st.players()).any(|s| s != actor && after(s) > after(actor))
}

/// Makes a payment (capped by the chip floor) and records it; a payment other than for a win or
/// a kong that would end the match early is held outside the table instead (`leader_ends_only`).
/// Returns what was paid on the table.
fn pay(
    rules: &dyn Rules,
    st: &mut State,
    raw: &[i64],
    reason: PaymentReason,
    ev: &mut Vec<Event>,
) -> Vec<i64> {
    let n = st.players();
    let actual = capped(rules, st, raw);
    let held = rules.table().leader_ends_only
        && !matches!(reason, PaymentReason::Win | PaymentReason::Kong)
        && ends_match(rules, st, &actual);
    for (seat, &amount) in actual.iter().enumerate().take(n) {
        if held {
            st.held[seat] = st.held[seat].saturating_add(amount);
        } else {
            // Rules keep each payment far inside i64; saturating keeps a long match sound too.
            st.scores[seat] = st.scores[seat].saturating_add(amount);
        }
        ev.push(Event::Payment {
            seat,
            amount,
            reason: if held { PaymentReason::Held } else { reason },
        });
    }
    if held {
        vec![0; n]
    } else {
        actual
    }
}

/// Applies the ruleset's penalty `id` against `seat` between actions: the offender pays the
/// penalty's amount to every other seat (through the chip floor, if any), and when the ruleset
/// says so ([`Rules::penalty_ends_hand`]) the hand ends there with no winner. Returns what every
/// seat paid (negative) or received; the caller records them (records write a `penalty` event
/// followed by `payment` events with reason `penalty`). Errors name an unknown penalty or seat.
pub fn penalize(rules: &dyn Rules, st: &mut State, seat: usize, id: &str) -> Result<Vec<i64>, String> {
    let n = st.players();
    if seat >= n {
        return Err(format!(
            "penalty `{id}` against seat {seat}, but the table has {n} seats"
        ));
    }
    let each = rules.penalty(id).ok_or_else(|| {
        format!(
            "penalty `{id}` is not one of ruleset `{}`'s [settlement] penalties",
            rules.table().ruleset
        )
    })?;
    let raw: Vec<i64> = (0..n)
        .map(|s| if s == seat { -each * (n as i64 - 1) } else { each })
        .collect();
    let paid = capped(rules, st, &raw);
    for (score, &x) in st.scores.iter_mut().zip(&paid) {
        *score += x;
    }
    if rules.penalty_ends_hand(id) {
        st.phase = Phase::Over { winners: Vec::new() };
    }
    Ok(paid)
}

/// The dealer of the next hand, and whether the deal passed on (which advances the round count).
/// `discarder` is the seat that fed the win(s), if they were on a discard or a robbed kong.
pub fn next_dealer(
    table: &TableRules,
    dealer: usize,
    winners: &[usize],
    discarder: Option<usize>,
) -> (usize, bool) {
    let players = table.player_count().max(1);
    let pass = ((dealer + 1) % players, true);
    let to = |seat: usize| (seat, seat != dealer);
    if winners.is_empty() {
        return match (table.dealer, table.dealer_after_draw) {
            (DealerRotation::Rotate, _) | (_, DealerAfterDraw::Pass) => pass,
            (_, DealerAfterDraw::Stay) => (dealer, false),
        };
    }
    match table.dealer {
        DealerRotation::Rotate => pass,
        DealerRotation::WinnerDeals => match (winners, table.dealer_after_multiple, discarder) {
            ([_, _, ..], DealerAfterMultiple::Discarder, Some(d)) => to(d),
            _ => to(winners[0]),
        },
        DealerRotation::StayOnWin => {
            if winners.contains(&dealer) {
                (dealer, false)
            } else {
                pass
            }
        }
    }
}
