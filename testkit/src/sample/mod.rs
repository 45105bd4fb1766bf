//! Seeded random *winning* hands, for differential testing of scorers against a reference.
//!
//! Uniformly random wins almost never show the rare scoring patterns (four kongs, nine gates, pure
//! terminal chows…), and a differential test only finds disagreements on patterns it feeds in. So
//! the sampler is deliberately biased: each hand picks a *tile pool* (one suit, honours only,
//! middle ranks, …), often a *template* of sets that some pattern needs (the same chow three
//! times, shifted pungs, three wind pungs, …), fills the rest at random from the pool, then
//! declares some sets as melds of every kind, picks a winning tile (favouring single, edge and
//! closed waits) and random context words — including combinations a scorer must correct, such as
//! `fourth` with another copy in hand or `kong` without a kong.
//!
//! Everything is derived from the [`TileSet`]: suits, ranks and honours the set lacks simply make
//! the templates that need them unavailable. Nothing here knows a ruleset by name; the special win
//! forms (seven pairs, orphans, knitted hands, nine gates) are generated when the set can hold
//! them and their weight in [`SampleOptions`] is non-zero.

use mj_core::hand::{Context, Hand};
use mj_core::meld::{From as Source, Meld};
use mj_core::rng::Rng;
use mj_core::tile::{Counts, HonourGroup, Kind, Tile, TileSet, Wind, MAX_KINDS};

mod forms;
mod templates;
use templates::{TEMPLATES, TEMPLATE_WEIGHTS};

/// Relative weights of the win forms. A form the tile set cannot hold is skipped whatever its
/// weight.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormWeights {
    /// Four sets and a pair, with 0–4 declared melds.
    pub standard: u32,
    /// Seven pairs, four equal tiles allowed as two pairs, sometimes seven shifted pairs.
    pub seven_pairs: u32,
    /// One of each terminal and honour plus a duplicate.
    pub orphans: u32,
    /// Fourteen single honours and knitted 147/258/369 tiles.
    pub honours_knitted: u32,
    /// Knitted straight plus a set and a pair (the set possibly declared).
    pub knitted_straight: u32,
    /// The thirteen tiles 1112345678999 of one suit plus any tile of that suit.
    pub nine_gates: u32,
}

impl Default for FormWeights {
    fn default() -> Self {
        FormWeights {
            standard: 80,
            seven_pairs: 8,
            orphans: 2,
            honours_knitted: 4,
            knitted_straight: 4,
            nine_gates: 2,
        }
    }
}

/// Knobs of the sampler. The defaults are tuned so that every Chinese Official fan occurs at least
/// a few dozen times in 20,000 hands of the 144-tile set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SampleOptions {
    pub forms: FormWeights,
    /// Percent of standard hands that start from a set template rather than pure random filling.
    pub template_percent: u32,
    /// Percent chance of each of `last`, `kong` and `fourth`, set independently (`self` is a coin
    /// flip) so that contradictory combinations occur too.
    pub flag_percent: u32,
    /// Sets beside the pair in a standard hand: 4 for the usual 14 tiles, 5 for a 17-tile
    /// hand (a 16-tile deal). The other forms are 14-tile shapes and are drawn only at 4.
    pub sets: usize,
}

impl Default for SampleOptions {
    fn default() -> Self {
        SampleOptions {
            forms: FormWeights::default(),
            template_percent: 55,
            flag_percent: 10,
            sets: 4,
        }
    }
}

/// A group of concealed-or-declared tiles while a hand is planned.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Group {
    Chow(Tile),
    Pung(Tile),
    Kong(Tile),
}

/// Which sets a random fill may add (besides the tile pool): the constraints of fans that look
/// at every set (all pungs, all chows, every set holding a terminal, every set holding a five).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Need {
    Any,
    TerminalOrHonour,
    Five,
}

/// How the rest of a hand is filled: allowed tiles, a per-set condition, and the relative odds of
/// a pung versus a chow candidate.
#[derive(Clone, Debug)]
struct Fill {
    pool: [bool; MAX_KINDS],
    need: Need,
    pung_weight: u32,
    chow_weight: u32,
}

/// Tile pools a hand's random filling draws from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Pool {
    All,
    OneSuit,
    OneSuitHonours,
    TwoSuits,
    NoHonours,
    Simples,
    TerminalsHonours,
    Terminals,
    Honours,
    EvenRanks,
    Ranks(u8, u8),
    Green,
    Reversible,
}

const POOLS: [(Pool, u32); 19] = [
    (Pool::All, 36),
    (Pool::OneSuit, 9),
    (Pool::OneSuitHonours, 7),
    (Pool::TwoSuits, 5),
    (Pool::NoHonours, 5),
    (Pool::Simples, 5),
    (Pool::TerminalsHonours, 3),
    (Pool::Terminals, 2),
    (Pool::Honours, 2),
    (Pool::EvenRanks, 3),
    (Pool::Ranks(7, 9), 2),
    (Pool::Ranks(4, 6), 2),
    (Pool::Ranks(1, 3), 2),
    (Pool::Ranks(6, 9), 2),
    (Pool::Ranks(1, 4), 2),
    (Pool::Ranks(5, 9), 1),
    (Pool::Ranks(1, 5), 1),
    (Pool::Green, 2),
    (Pool::Reversible, 2),
];

/// Produces a random winning hand over `set`.
///
/// The hand has declared melds, concealed tiles with the winning tile last, and context; the
/// counts of every tile kind, melds included, stay within the set's copies. Tile sets too small
/// to hold any four-sets-and-a-pair hand (fewer than five kinds of four copies, say) cannot give
/// a win; for them the result is the empty hand.
pub fn winning_hand(set: &TileSet, rng: &mut Rng, opts: &SampleOptions) -> Hand {
    let mut g = Gen {
        set,
        rng,
        opts,
        counts: [0; MAX_KINDS],
        plain: false,
    };
    for _ in 0..64 {
        g.counts = [0; MAX_KINDS];
        g.plain = false;
        if let Some(hand) = g.attempt() {
            return hand;
        }
    }
    g.counts = [0; MAX_KINDS];
    g.fallback().unwrap_or_default()
}

/// One generation: the tile set, the stream, and the tiles used so far (to respect copies).
struct Gen<'a> {
    set: &'a TileSet,
    rng: &'a mut Rng,
    opts: &'a SampleOptions,
    counts: Counts,
    /// Building a deliberately plain hand (aiming at 无番和-like "no pattern" hands): no flags,
    /// won on a discard, no single wait.
    plain: bool,
}

/// A hand before context: melds, concealed tiles (winning tile last).
struct Tiles {
    melds: Vec<Meld>,
    concealed: Vec<Tile>,
}

impl<'a> Gen<'a> {
    fn attempt(&mut self) -> Option<Hand> {
        let f = &self.opts.forms;
        // Seven pairs, orphans and the knitted and gates shapes are 14 tiles each.
        let fourteen = u32::from(self.opts.sets == 4);
        let knitted = self.knitted_suits().is_some() && fourteen == 1;
        let weights = [
            f.standard,
            f.seven_pairs * fourteen,
            if self.orphan_tiles().is_some() && fourteen == 1 {
                f.orphans
            } else {
                0
            },
            if knitted && self.honours().len() >= 5 {
                f.honours_knitted
            } else {
                0
            },
            if knitted { f.knitted_straight } else { 0 },
            if self.nine_suits().is_empty() || fourteen == 0 {
                0
            } else {
                f.nine_gates
            },
        ];
        let tiles = match self.rng.weighted(&weights)? {
            0 => self.standard()?,
            1 => self.seven_pairs()?,
            2 => self.orphans()?,
            3 => self.honours_knitted()?,
            4 => self.knitted_straight()?,
            _ => self.nine_gates()?,
        };
        Some(self.finish(tiles))
    }

    // -----------------------------------------------------------------------------------------
    // Tile bookkeeping

    /// Takes `n` copies of `t` if the set still has them.
    fn take(&mut self, t: Tile, n: u8) -> bool {
        let have = self.counts[t.id()];
        if have + n > self.set.copies(t) {
            return false;
        }
        self.counts[t.id()] = have + n;
        true
    }

    fn group_tiles(&self, g: Group) -> Option<Vec<Tile>> {
        match g {
            Group::Chow(t) => Some(vec![t, self.set.step(t, 1)?, self.set.step(t, 2)?]),
            Group::Pung(t) => Some(vec![t; 3]),
            Group::Kong(t) => Some(vec![t; 4]),
        }
    }

    /// Takes a group's tiles, all or nothing.
    fn take_group(&mut self, g: Group) -> bool {
        let Some(tiles) = self.group_tiles(g) else {
            return false;
        };
        let mut need: Vec<(Tile, u8)> = Vec::new();
        for t in tiles {
            match need.iter_mut().find(|(x, _)| *x == t) {
                Some(e) => e.1 += 1,
                None => need.push((t, 1)),
            }
        }
        if need
            .iter()
            .any(|&(t, n)| self.counts[t.id()] + n > self.set.copies(t))
        {
            return false;
        }
        for (t, n) in need {
            self.counts[t.id()] += n;
        }
        true
    }

    fn remaining(&self, t: Tile) -> u8 {
        self.set.copies(t).saturating_sub(self.counts[t.id()])
    }

    // -----------------------------------------------------------------------------------------
    // Tile set geometry

    fn honours(&self) -> Vec<Tile> {
        self.set
            .playing_tiles()
            .filter(|&t| self.set.is_honour(t))
            .collect()
    }

    fn honours_of(&self, group: HonourGroup) -> Vec<Tile> {
        self.set
            .playing_tiles()
            .filter(|&t| matches!(self.set.kind(t), Kind::Honour { group: g, .. } if g == group))
            .collect()
    }

    fn rank(&self, t: Tile) -> Option<u8> {
        self.set.suit_rank(t).map(|(_, r)| r)
    }

    /// The tile of suit index `suit` and rank `rank`, if the suit has that rank.
    fn at(&self, suit: usize, rank: u8) -> Option<Tile> {
        let s = self.set.suits().get(suit)?;
        self.set.suited(s.letter, rank)
    }

    /// Suits of exactly ranks 1–9: knitted tiles, nine gates and the 123-456-789 templates are
    /// defined on those; a suit ranked to ten has other hand sizes and other patterns.
    fn nine_suits(&self) -> Vec<usize> {
        (0..self.set.suits().len())
            .filter(|&i| {
                self.set
                    .suits()
                    .get(i)
                    .is_some_and(|s| s.min_rank == 1 && s.max_rank == 9)
            })
            .collect()
    }

    /// Three suits for knitted 147/258/369, if the set has them.
    fn knitted_suits(&self) -> Option<[usize; 3]> {
        let s = self.nine_suits();
        (s.len() >= 3).then(|| [s[0], s[1], s[2]])
    }

    /// Terminals of every suit plus every honour: the thirteen-orphans tiles, when there are
    /// exactly thirteen of them.
    fn orphan_tiles(&self) -> Option<Vec<Tile>> {
        let tiles: Vec<Tile> = self
            .set
            .playing_tiles()
            .filter(|&t| self.set.is_terminal(t) || self.set.is_honour(t))
            .collect();
        // One of each plus a duplicate must make the 14 tiles of a hand.
        (tiles.len() == 13).then_some(tiles)
    }

    /// `n` distinct suit indices in random order, if the set has that many suits.
    fn distinct_suits(&mut self, n: usize) -> Option<Vec<usize>> {
        let mut s: Vec<usize> = (0..self.set.suits().len()).collect();
        if s.len() < n {
            return None;
        }
        self.rng.shuffle(&mut s);
        s.truncate(n);
        Some(s)
    }

    fn random_suit(&mut self) -> Option<usize> {
        let n = self.set.suits().len();
        (n > 0).then(|| self.rng.index(n))
    }

    /// A random rank `r` of suit `suit` such that `r..=r + span` all exist.
    fn rank_with_span(&mut self, suit: usize, span: u8) -> Option<u8> {
        let s = self.set.suits().get(suit)?;
        let hi = s.max_rank.checked_sub(span)?;
        if hi < s.min_rank {
            return None;
        }
        Some(s.min_rank + self.rng.below((hi - s.min_rank + 1) as u64) as u8)
    }

    // -----------------------------------------------------------------------------------------
    // Pools and filling

    fn pool(&mut self, pool: Pool) -> Option<[bool; MAX_KINDS]> {
        let set = self.set;
        let mut p = [false; MAX_KINDS];
        let suit_of = |t: Tile| set.suit_rank(t).map(|(s, _)| s as usize);
        let mark = |p: &mut [bool; MAX_KINDS], f: &dyn Fn(Tile) -> bool| {
            for t in set.playing_tiles() {
                p[t.id()] = f(t);
            }
        };
        match pool {
            Pool::All => mark(&mut p, &|_| true),
            Pool::OneSuit | Pool::OneSuitHonours => {
                let s = self.random_suit()?;
                let honours = pool == Pool::OneSuitHonours;
                mark(&mut p, &|t| {
                    suit_of(t) == Some(s) || (honours && set.is_honour(t))
                });
            }
            Pool::TwoSuits => {
                let s = self.distinct_suits(2)?;
                let honours = self.rng.chance(1, 2);
                mark(&mut p, &|t| {
                    suit_of(t).is_some_and(|x| s.contains(&x)) || (honours && set.is_honour(t))
                });
            }
            Pool::NoHonours => mark(&mut p, &|t| set.is_suited(t)),
            Pool::Simples => mark(&mut p, &|t| set.is_suited(t) && !set.is_terminal(t)),
            Pool::TerminalsHonours => mark(&mut p, &|t| set.is_terminal(t) || set.is_honour(t)),
            Pool::Terminals => mark(&mut p, &|t| set.is_terminal(t)),
            Pool::Honours => mark(&mut p, &|t| set.is_honour(t)),
            Pool::EvenRanks => mark(&mut p, &|t| set.suit_rank(t).is_some_and(|(_, r)| r % 2 == 0)),
            Pool::Ranks(lo, hi) => mark(&mut p, &|t| {
                set.suit_rank(t).is_some_and(|(_, r)| (lo..=hi).contains(&r))
            }),
            Pool::Green | Pool::Reversible => {
                let list: &[(char, &[u8])] = if pool == Pool::Green {
                    &[('s', &[2, 3, 4, 6, 8])]
                } else {
                    &[('p', &[1, 2, 3, 4, 5, 8, 9]), ('s', &[2, 4, 5, 6, 8, 9])]
                };
                for (letter, ranks) in list {
                    for &r in ranks.iter() {
                        if let Some(t) = set.suited(*letter, r) {
                            p[t.id()] = true;
                        }
                    }
                }
                let honour = if pool == Pool::Green { 'F' } else { 'P' };
                if let Some(t) = set.honour(honour) {
                    p[t.id()] = true;
                }
            }
        }
        Some(p)
    }

    fn random_fill(&mut self) -> Fill {
        let weights: Vec<u32> = POOLS.iter().map(|&(_, w)| w).collect();
        let pool = self
            .rng
            .weighted(&weights)
            .and_then(|i| POOLS.get(i))
            .map_or(Pool::All, |&(p, _)| p);
        let pool = self
            .pool(pool)
            .or_else(|| self.pool(Pool::All))
            .unwrap_or([true; MAX_KINDS]);
        let need = match self.rng.weighted(&[88, 6, 6]) {
            Some(1) => Need::TerminalOrHonour,
            Some(2) => Need::Five,
            _ => Need::Any,
        };
        // Mostly mixed, sometimes all pungs (碰碰和, 四暗刻) or all chows (平和).
        let (pung_weight, chow_weight) = match self.rng.weighted(&[70, 18, 12]) {
            Some(1) => (1, 0),
            Some(2) => (0, 1),
            _ => (1, 3),
        };
        Fill {
            pool,
            need,
            pung_weight,
            chow_weight,
        }
    }

    fn meets(&self, need: Need, tiles: &[Tile]) -> bool {
        match need {
            Need::Any => true,
            Need::TerminalOrHonour => tiles
                .iter()
                .any(|&t| self.set.is_terminal(t) || self.set.is_honour(t)),
            Need::Five => tiles.iter().any(|&t| self.rank(t) == Some(5)),
        }
    }

    /// Adds one random set allowed by `fill`, or `None` when no candidate fits.
    fn fill_set(&mut self, fill: &Fill) -> Option<Group> {
        let mut cands: Vec<Group> = Vec::new();
        let mut weights: Vec<u32> = Vec::new();
        for t in self.set.playing_tiles() {
            if !fill.pool[t.id()] {
                continue;
            }
            if fill.pung_weight > 0 && self.remaining(t) >= 3 && self.meets(fill.need, &[t]) {
                cands.push(Group::Pung(t));
                weights.push(fill.pung_weight);
            }
            if fill.chow_weight > 0 {
                if let (Some(b), Some(c)) = (self.set.step(t, 1), self.set.step(t, 2)) {
                    if fill.pool[b.id()]
                        && fill.pool[c.id()]
                        && [t, b, c].iter().all(|&x| self.remaining(x) >= 1)
                        && self.meets(fill.need, &[t, b, c])
                    {
                        cands.push(Group::Chow(t));
                        weights.push(fill.chow_weight);
                    }
                }
            }
        }
        let g = *cands.get(self.rng.weighted(&weights)?)?;
        self.take_group(g).then_some(g)
    }

    fn fill_pair(&mut self, fill: &Fill) -> Option<Tile> {
        let cands: Vec<Tile> = self
            .set
            .playing_tiles()
            .filter(|&t| fill.pool[t.id()] && self.remaining(t) >= 2 && self.meets(fill.need, &[t]))
            .collect();
        let t = *self.rng.pick(&cands)?;
        self.take(t, 2).then_some(t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets;
    use mj_core::tile::{SuitSpec, TileSetSpec};

    #[test]
    fn a_set_too_small_for_any_win_gives_the_empty_hand() {
        let spec = TileSetSpec {
            suits: vec![],
            honours: vec!['C', 'F'],
            honour_copies: 4,
            bonus: vec![],
            honour_numbers: None,
            bonus_seats: false,
        };
        let set = TileSet::new("tiny", &spec).unwrap();
        let hand = winning_hand(&set, &mut Rng::new(1), &SampleOptions::default());
        assert_eq!(hand, Hand::default());
    }

    #[test]
    fn one_suit_sets_still_get_hands() {
        let spec = TileSetSpec {
            suits: vec![SuitSpec {
                letter: 's',
                name: String::new(),
                min_rank: 1,
                max_rank: 9,
                copies: 4,
                red: 0,
                red_rank: 5,
                ranks: None,
            }],
            honours: vec![],
            honour_copies: 4,
            bonus: vec![],
            honour_numbers: None,
            bonus_seats: false,
        };
        let set = TileSet::new("bamboo", &spec).unwrap();
        let mut rng = Rng::new(3);
        for _ in 0..200 {
            let hand = winning_hand(&set, &mut rng, &SampleOptions::default());
            assert_eq!(hand.effective_len(), 14);
        }
    }

    #[test]
    fn every_form_weight_alone_yields_its_form_on_the_144_tile_set() {
        let set = TileSet::new("mcr", &presets::chinese_official()).unwrap();
        let only = |i: usize| {
            let mut w = [0u32; 6];
            w[i] = 1;
            SampleOptions {
                forms: FormWeights {
                    standard: w[0],
                    seven_pairs: w[1],
                    orphans: w[2],
                    honours_knitted: w[3],
                    knitted_straight: w[4],
                    nine_gates: w[5],
                },
                ..SampleOptions::default()
            }
        };
        let mut rng = Rng::new(11);
        let distinct = |h: &Hand| h.concealed_counts().iter().filter(|&&n| n > 0).count();
        let h = winning_hand(&set, &mut rng, &only(1));
        assert!(h.melds.is_empty() && h.concealed_counts().iter().all(|n| n % 2 == 0));
        let h = winning_hand(&set, &mut rng, &only(2));
        assert_eq!(distinct(&h), 13);
        let h = winning_hand(&set, &mut rng, &only(3));
        assert_eq!(distinct(&h), 14);
        let h = winning_hand(&set, &mut rng, &only(5));
        assert!(h.melds.is_empty() && distinct(&h) == 9);
    }
}
