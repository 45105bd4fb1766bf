//! Players: anything that picks one of the legal actions from what its seat can see. Bots live
//! here; people and network clients implement the same trait in the shell.

use super::action::Action;
use super::state::{Discarded, Phase, State, TurnStart};
use crate::meld::Meld;
use crate::reading::FormRules;
use crate::rng::Rng;
use crate::tile::{Counts, Tile, TileSet, Wind};
use crate::wait::shanten_best;

/// What one seat knows: its own concealed tiles, and the public table (melds, discards, counts).
/// Other seats' concealed tiles and the wall order are not in it.
pub struct SeatView<'a> {
    pub seat: usize,
    pub tiles: &'a TileSet,
    pub forms: &'a FormRules,
    pub concealed: &'a Counts,
    /// The tile this seat just drew, when it is its turn after a draw.
    pub drawn: Option<Tile>,
    /// The discard or kong tile on offer, when answering one.
    pub offered: Option<Tile>,
    pub melds: Vec<&'a [Meld]>,
    pub discards: Vec<&'a [Discarded]>,
    /// Bonus tiles each seat has set aside.
    pub bonus: Vec<&'a [Tile]>,
    /// Concealed tile count of every seat.
    pub hand_sizes: Vec<usize>,
    pub wall_remaining: usize,
    pub dealer: usize,
    pub round: Wind,
    pub seat_wind: Wind,
}

impl State {
    /// The view of `seat`.
    pub fn view<'a>(&'a self, tiles: &'a TileSet, forms: &'a FormRules, seat: usize) -> SeatView<'a> {
        let (drawn, offered) = match &self.phase {
            Phase::Turn(t) if t.seat == seat => match t.start {
                TurnStart::Drew { tile, .. } => (Some(tile), None),
                _ => (None, None),
            },
            Phase::Offer(o) => (None, Some(o.tile)),
            _ => (None, None),
        };
        SeatView {
            seat,
            tiles,
            forms,
            concealed: &self.seats[seat].concealed,
            drawn,
            offered,
            melds: self.seats.iter().map(|s| s.melds.as_slice()).collect(),
            discards: self.seats.iter().map(|s| s.discards.as_slice()).collect(),
            bonus: self.seats.iter().map(|s| s.bonus.as_slice()).collect(),
            hand_sizes: self.seats.iter().map(|s| s.concealed_len()).collect(),
            wall_remaining: self.wall.remaining(),
            dealer: self.dealer,
            round: self.round,
            seat_wind: self.seats[seat].wind,
        }
    }
}

/// A decision maker for one seat. It must return one of `legal` (never empty when called); the
/// shell rejects anything else with an error instead of applying it.
pub trait Player {
    /// A short name for records (`greedy`, `random`).
    fn name(&self) -> String;
    fn choose(&mut self, view: &SeatView, legal: &[Action]) -> Action;
    /// あがりやめ: this player dealt the match's last deal (or an extension hand), kept the
    /// deal and is placed first (`[match] last_dealer_stops`): `true` ends the match there,
    /// `false` plays on as dealer. `totals` are every seat's points, `seat` this player's.
    /// The default stops.
    fn stop_match(&mut self, seat: usize, totals: &[i64]) -> bool {
        let _ = (seat, totals);
        true
    }
}

/// Picks uniformly among the legal actions, from its own seeded generator.
pub struct RandomBot {
    rng: Rng,
}

impl RandomBot {
    pub fn new(seed: u64) -> RandomBot {
        RandomBot { rng: Rng::new(seed) }
    }
}

impl Player for RandomBot {
    fn name(&self) -> String {
        "random".into()
    }
    fn choose(&mut self, _view: &SeatView, legal: &[Action]) -> Action {
        let i = self.rng.below(legal.len() as u64) as usize;
        legal.get(i).copied().unwrap_or(Action::Pass)
    }
    /// Stops or plays on at random, from the same generator.
    fn stop_match(&mut self, _seat: usize, _totals: &[i64]) -> bool {
        self.rng.below(2) == 0
    }
}

/// Wins whenever it may, declares bonus tiles, discards to minimise shanten, and claims or
/// declares a meld only when that brings it closer to ready. Deterministic: ties go to the tile
/// that connects least with the rest of the hand, then to the higher tile id.
#[derive(Default)]
pub struct GreedyBot {
    /// Shanten of the hand as it stood at the last offer: between two of its turns a seat is
    /// offered many discards with the same hand, and shanten is the bot's largest cost.
    last_offer: Option<(usize, Counts, i8)>,
}

impl GreedyBot {
    pub fn new() -> GreedyBot {
        GreedyBot::default()
    }
}

fn shanten_of(view: &SeatView, melds: usize, counts: &Counts) -> i8 {
    shanten_best(view.tiles, view.forms, melds, counts)
}

/// A tile that may be set aside by choice (nuki-dora), when the hand does not need it: the hand
/// without it is as close to ready as the best discard would leave it. A tile worth keeping
/// (a pair or set in the making) stays.
fn set_aside_unneeded(view: &SeatView, melds: usize, c: &Counts, legal: &[Action]) -> Option<Action> {
    let mut optional = legal
        .iter()
        .filter(|a| matches!(a, Action::Bonus(t) if !view.tiles.is_bonus(*t)))
        .peekable();
    optional.peek()?;
    let now = shanten_of(view, melds, c);
    optional.copied().find(|a| {
        let Action::Bonus(t) = *a else { return false };
        let mut after = *c;
        after[t.id()] -= 1;
        shanten_of(view, melds, &after) <= now
    })
}

/// How much a tile works with the rest of the hand: copies held and suited neighbours within two
/// ranks. Lower means a better discard among equal shanten.
fn connection(set: &TileSet, c: &Counts, t: Tile) -> u32 {
    let mut score = 4 * (c[t.id()] as u32).saturating_sub(1);
    let Some((suit, _)) = set.suit_rank(t) else {
        return score;
    };
    let same_suit = |u: Tile| set.suit_rank(u).is_some_and(|(s, _)| s == suit);
    for (d, weight) in [(1u8, 2u32), (2, 1)] {
        if let Some(u) = set.step(t, d) {
            score += weight * c[u.id()] as u32;
        }
        if let Some(u) = t
            .id()
            .checked_sub(d as usize)
            .and_then(|i| set.tile(i))
            .filter(|&u| same_suit(u))
        {
            score += weight * c[u.id()] as u32;
        }
    }
    score
}

impl Player for GreedyBot {
    fn name(&self) -> String {
        "greedy".into()
    }

    fn choose(&mut self, view: &SeatView, legal: &[Action]) -> Action {
        let set = view.tiles;
        let win = legal.iter().find(|a| matches!(a, Action::Win | Action::SelfWin));
        let bonus = || {
            legal
                .iter()
                .find(|a| matches!(a, Action::Bonus(t) if set.is_bonus(*t)))
        };
        if let Some(a) = win.or_else(bonus) {
            return *a;
        }
        let melds = view.melds[view.seat].len();
        let c = *view.concealed;
        if let Some(a) = set_aside_unneeded(view, melds, &c, legal) {
            return a;
        }
        if let Some(void) = least_held_suit(set, &c, legal) {
            return void;
        }
        if let Some(pass) = loosest_pass(set, &c, legal) {
            return pass;
        }
        if legal.iter().any(|a| matches!(a, Action::Discard(_))) {
            // Own turn: best discard, unless a kong is at least as good. The 14-tile figure is
            // the shanten after the best discard, a lower bound for every discard; so trying
            // discards in tie-break order and stopping at the first that reaches it gives the
            // same choice as scoring them all, at a fraction of the shanten calls.
            let floor = shanten_of(view, melds, &c);
            let mut candidates: Vec<(u32, std::cmp::Reverse<Tile>)> = legal
                .iter()
                .filter_map(|a| match *a {
                    Action::Discard(t) => Some((connection(set, &c, t), std::cmp::Reverse(t))),
                    _ => None,
                })
                .collect();
            candidates.sort_unstable();
            let mut best: Option<(i8, u32, std::cmp::Reverse<Tile>)> = None;
            for (conn, rt) in candidates {
                let mut after = c;
                after[rt.0.id()] -= 1;
                let key = (shanten_of(view, melds, &after), conn, rt);
                match best {
                    Some(b) if b <= key => {}
                    _ => best = Some(key),
                }
                if key.0 <= floor {
                    break;
                }
            }
            let Some((s_best, _, std::cmp::Reverse(discard))) = best else {
                return legal[0];
            };
            for a in legal {
                let after = match *a {
                    Action::ConcealedKong(t) => {
                        let mut x = c;
                        x[t.id()] -= 4;
                        x
                    }
                    Action::AddedKong(t) => {
                        let mut x = c;
                        x[t.id()] -= 1;
                        x
                    }
                    _ => continue,
                };
                if shanten_of(view, melds + 1, &after) <= s_best {
                    return *a;
                }
            }
            // Declare ready with that discard when the table allows it, keeping every concealed
            // triplet hidden (they may still be konged).
            let declare = legal
                .iter()
                .filter_map(|a| match *a {
                    Action::DeclareReady { discard: d, hidden } if d == discard => Some(hidden),
                    _ => None,
                })
                .max_by_key(|h| (h.count_ones(), *h));
            if let Some(hidden) = declare {
                return Action::DeclareReady { discard, hidden };
            }
            return Action::Discard(discard);
        }
        // Answering an offer: claim only when it lowers shanten.
        let Some(tile) = view.offered else {
            return Action::Pass;
        };
        let now = match self.last_offer {
            Some((m, h, s)) if m == melds && h == c => s,
            _ => {
                let s = shanten_of(view, melds, &c);
                self.last_offer = Some((melds, c, s));
                s
            }
        };
        let mut choice = (now, Action::Pass);
        for a in legal {
            let mut after = c;
            match *a {
                Action::ExposedKong => after[tile.id()] -= 3,
                Action::Pong => after[tile.id()] -= 2,
                Action::Chi(first) => {
                    for k in 0..3u8 {
                        if let Some(x) = set.step(first, k) {
                            if x != tile {
                                after[x.id()] -= 1;
                            }
                        }
                    }
                }
                _ => continue,
            }
            let s = shanten_of(view, melds + 1, &after);
            if s < choice.0 {
                choice = (s, *a);
            }
        }
        choice.1
    }
}

/// The void-suit declaration a greedy player makes: the suit it holds fewest tiles of (the lowest
/// suit on a tie), so the fewest tiles must go before its hand can win. `None` when no such
/// declaration is legal.
fn least_held_suit(set: &TileSet, c: &Counts, legal: &[Action]) -> Option<Action> {
    legal
        .iter()
        .filter_map(|a| match *a {
            Action::DeclareVoid(s) => set.suits().get(usize::from(s)).map(|suit| {
                let held: u32 = (0..suit.len())
                    .map(|k| u32::from(c[usize::from(suit.first) + k]))
                    .sum();
                (held, s, *a)
            }),
            _ => None,
        })
        .min_by_key(|&(held, s, _)| (held, s))
        .map(|(_, _, a)| a)
}

/// The exchange a greedy player makes: the pick whose tiles are the least connected to the rest
/// of the hand (the suit it is readiest to give up), the lowest pick on a tie. `None` when no
/// exchange is legal.
fn loosest_pass(set: &TileSet, c: &Counts, legal: &[Action]) -> Option<Action> {
    legal
        .iter()
        .filter_map(|a| match a {
            Action::Exchange(pick) => {
                let mut after = *c;
                for t in pick.tiles() {
                    after[t.id()] -= 1;
                }
                let kept: u32 = set
                    .tiles()
                    .filter(|t| after[t.id()] > 0)
                    .map(|t| connection(set, &after, t) * u32::from(after[t.id()]))
                    .sum();
                Some((std::cmp::Reverse(kept), *a))
            }
            _ => None,
        })
        .min_by_key(|&(k, a)| (k, format!("{a:?}")))
        .map(|(_, a)| a)
}
