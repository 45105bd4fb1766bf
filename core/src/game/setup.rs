//! Starting a hand: the seeded shuffle, breaking the wall where the dice say, the deal (with bonus
//! tiles replaced), and arranged walls for scenario tests and rebuilt games.

use super::event::Event;
use super::rules::Rules;
use super::state::{HandStart, Phase, SeatState, State, TurnStart, Wall};
use crate::rng::Rng;
use crate::tile::{Tile, Wind, MAX_KINDS};
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
    // The first copies of a kind are its red ones; the shuffle moves the marks with the tiles
    // (and draws the same numbers as without them, so seeds keep their walls).
    let mut red: Vec<bool> = set
        .tiles()
        .flat_map(|t| (0..set.copies(t)).map(move |k| k < set.red_copies(t)))
        .collect();
    for i in (1..tiles.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        tiles.swap(i, j);
        red.swap(i, j);
    }
    let dice: Vec<u8> = (0..table.dice).map(|_| 1 + rng.below(6) as u8).collect();
    if !tiles.is_empty() {
        let start = break_point(&table.wall_sides, tiles.len(), dealer, &dice);
        tiles.rotate_left(start);
        red.rotate_left(start);
    }
    // Thrown after the dice, so tables without an exchange deal as they always did.
    let die = match table.exchange.map(|e| e.direction) {
        Some(super::rules::ExchangeDirection::Dice) => 1 + rng.below(6) as u8,
        _ => 0,
    };
    let (mut st, events) = deal(rules, tiles, red, dice, dealer, round, start)?;
    st.exchange_die = die;
    Ok((st, events))
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

/// [`new_hand_from_wall`] at a given point of a match. No copy in the wall is red; see
/// [`new_hand_from_marked_wall_at`].
pub fn new_hand_from_wall_at(
    rules: &dyn Rules,
    wall: Vec<Tile>,
    dealer: usize,
    round: Wind,
    start: &HandStart,
) -> Result<(State, Vec<Event>), SetupError> {
    new_hand_from_marked_wall_at(rules, wall, Vec::new(), dealer, round, start)
}

/// [`new_hand_from_wall_at`] with the red copies marked: `red[i]` says whether the tile at
/// draw position `i` is a red copy (at most the tile set's red copies of each kind; missing
/// entries are plain). For rebuilt games whose red fives are known.
pub fn new_hand_from_marked_wall_at(
    rules: &dyn Rules,
    wall: Vec<Tile>,
    red: Vec<bool>,
    dealer: usize,
    round: Wind,
    start: &HandStart,
) -> Result<(State, Vec<Event>), SetupError> {
    let set = rules.tiles();
    let mut counts = [0usize; MAX_KINDS];
    for t in &wall {
        counts[t.id()] += 1;
    }
    let mut reds = [0usize; MAX_KINDS];
    for (t, _) in wall.iter().zip(&red).filter(|(_, &r)| r) {
        reds[t.id()] += 1;
    }
    if wall.len() != set.total_tiles()
        || set
            .tiles()
            .any(|t| counts[t.id()] != set.copies(t) as usize || reds[t.id()] > set.red_copies(t) as usize)
    {
        return Err(SetupError::WallMismatch {
            expected: set.total_tiles(),
            found: wall.len(),
        });
    }
    deal(rules, wall, red, Vec::new(), dealer, round, start)
}

/// Where the wall is broken: count seats counter-clockwise from the dealer by the dice total,
/// then that many stacks from the right of that side. Only rotates the shuffled ring, but keeps
/// the ruleset's wall shape meaningful in records.
pub(super) fn break_point(sides: &[u32], len: usize, dealer: usize, dice: &[u8]) -> usize {
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
pub(super) fn deal(
    rules: &dyn Rules,
    tiles: Vec<Tile>,
    red: Vec<bool>,
    dice: Vec<u8>,
    dealer: usize,
    round: Wind,
    start: &HandStart,
) -> Result<(State, Vec<Event>), SetupError> {
    let table = rules.table();
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
    }
    .with_red(red);
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
    let mut reds = vec![[0u8; MAX_KINDS]; n];
    let mut last_red = false;
    for seat in deal_seats(table, dealer) {
        if let Some(t) = wall.draw_for(seat) {
            hands[seat].push(t);
            last_red = wall.last_red();
            reds[seat][t.id()] += u8::from(last_red);
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
                wind: Wind::from_index(if table.fixed_seat_winds {
                    s as u8
                } else {
                    ((s + n - dealer) % n) as u8
                })
                .unwrap_or_default(),
                missed_win: None,
                declared: None,
                held_alone: Vec::new(),
                void: None,
                red: reds[s],
                meld_red: Vec::new(),
                won: Vec::new(),
                barred: false,
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
        kong_money: Vec::new(),
        last_kong: None,
        stacks: (0..n)
            .map(|s| start.stacks.get(s).copied().unwrap_or(table.start_points))
            .collect(),
        dealer_streak: start.dealer_streak,
        held: vec![0; n],
        discard_run: None,
        counters: start.counters,
        deposits: start.deposits,
        deposits_taken: false,
        indicators_shown: table.indicators.at_deal,
        indicator_pending: false,
        winners: Vec::new(),
        left: vec![false; n],
        last_red,
        exchange_die: 0,
    };
    if table.replace_bonus_at_deal && table.claims.bonus {
        for &s in &order {
            if let Some(r) = replace_bonus(rules, &mut st, s, &mut events)
                .map_err(|()| SetupError::WallTooShort { needed, have: 0 })?
            {
                if s == dealer {
                    last = Some(r);
                }
            }
        }
    }
    let first = match last {
        Some(tile) => TurnStart::Drew {
            tile,
            after_kong: false,
            kong_from: None,
            after_bonus: false,
            kong_on_kong: false,
        },
        None => TurnStart::Pong,
    };
    st.phase = super::prepare::opening(table, dealer, first);
    Ok((st, events))
}

/// Sets aside the bonus tiles seat `s` was dealt, each replaced from the wall's end; returns the
/// last replacement (the dealer's tile to play on), or `Err` when the wall runs out.
fn replace_bonus(
    rules: &dyn Rules,
    st: &mut State,
    s: usize,
    events: &mut Vec<Event>,
) -> Result<Option<Tile>, ()> {
    let set = rules.tiles();
    let mut last = None;
    while let Some(b) = set
        .tiles()
        .find(|&t| set.is_bonus(t) && st.seats[s].concealed[t.id()] > 0)
    {
        st.seats[s].take_copies(b, 1, false);
        st.seats[s].bonus.push(b);
        events.push(Event::Bonus { seat: s, tile: b });
        let r = st.wall.replacement_for(s).ok_or(())?;
        let red = st.wall.last_red();
        st.seats[s].add_copy(r, red);
        events.push(Event::Draw {
            seat: s,
            tile: r,
            replacement: true,
        });
        if s == st.dealer {
            st.last_red = red;
        }
        last = Some(r);
    }
    Ok(last)
}

/// The seat that receives each dealt tile, in wall order: blocks of four to each seat from the
/// dealer, then single tiles, then the dealer's extra.
pub fn deal_seats(table: &super::rules::TableRules, dealer: usize) -> Vec<usize> {
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
