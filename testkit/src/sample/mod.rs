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
}

impl Default for SampleOptions {
    fn default() -> Self {
        SampleOptions {
            forms: FormWeights::default(),
            template_percent: 55,
            flag_percent: 10,
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

/// The set templates; each stands for one or more set-combination fans.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Template {
    /// Same chow 2–4 times in one suit (一般高, 一色三同顺, 一色四同顺).
    PureSameChows,
    /// Same chow in two or three suits (喜相逢, 三色三同顺).
    MixedSameChows,
    /// Three or four chows of one suit, step 1 or 2 (一色三步高, 一色四步高).
    PureShiftedChows,
    /// Three chows, one per suit, starting ranks consecutive (三色三步高).
    MixedShiftedChows,
    /// 123 456 789 of one suit (清龙).
    PureStraight,
    /// 123 456 789 spread over three suits (花龙).
    MixedStraight,
    /// Two chows of one suit three apart (连六).
    ShortStraight,
    /// Lowest and highest chow of one suit (老少副).
    TerminalChows,
    /// Three or four pungs of one suit, consecutive ranks (一色三节高, 一色四节高).
    PureShiftedPungs,
    /// Three pungs of consecutive ranks in three suits (三色三节高).
    MixedShiftedPungs,
    /// Pungs of one rank in two or three suits (双同刻, 三同刻).
    SameRankPungs,
    /// Two lowest and two highest chows of one suit with a pair of its 5 (一色双龙会).
    PureTerminalChowsPair,
    /// Lowest and highest chows of two suits with a 5 pair of the third (三色双龙会).
    MixedTerminalChowsPair,
    /// Wind pungs: three, four, or three plus a wind pair (三风刻, 大四喜, 小四喜).
    Winds,
    /// Dragon pungs: two, three, or two plus a dragon pair (双箭刻, 大三元, 小三元).
    Dragons,
    /// Two to four kongs (双明杠, 双暗杠, 三杠, 四杠, …).
    Kongs,
    /// All four copies of a tile without a kong (四归一).
    FourOfAKind,
}

const TEMPLATES: [Template; 17] = [
    Template::PureSameChows,
    Template::MixedSameChows,
    Template::PureShiftedChows,
    Template::MixedShiftedChows,
    Template::PureStraight,
    Template::MixedStraight,
    Template::ShortStraight,
    Template::TerminalChows,
    Template::PureShiftedPungs,
    Template::MixedShiftedPungs,
    Template::SameRankPungs,
    Template::PureTerminalChowsPair,
    Template::MixedTerminalChowsPair,
    Template::Winds,
    Template::Dragons,
    Template::Kongs,
    Template::FourOfAKind,
];

/// How often each template is chosen (same order as [`TEMPLATES`]); rarer-to-hit fans get more.
const TEMPLATE_WEIGHTS: [u32; 17] = [8, 6, 7, 4, 4, 4, 3, 3, 6, 4, 6, 3, 3, 7, 7, 9, 4];

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
        let knitted = self.knitted_suits().is_some();
        let weights = [
            f.standard,
            f.seven_pairs,
            if self.orphan_tiles().is_some() {
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
            if self.nine_suits().is_empty() {
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

    // -----------------------------------------------------------------------------------------
    // Templates

    fn template(&mut self, which: Template) -> Option<(Vec<Group>, Option<Tile>)> {
        use Group::{Chow, Kong, Pung};
        let mut pair = None;
        let sets: Vec<Group> = match which {
            Template::PureSameChows => {
                let s = self.random_suit()?;
                let r = self.rank_with_span(s, 2)?;
                let n = 2 + self.rng.index(3);
                vec![Chow(self.at(s, r)?); n]
            }
            Template::MixedSameChows => {
                let n = 2 + self.rng.index(2);
                let suits = self.distinct_suits(n)?;
                let r = self.rank_with_span(suits[0], 2)?;
                suits
                    .iter()
                    .map(|&s| self.at(s, r + 2).and(self.at(s, r)).map(Chow))
                    .collect::<Option<_>>()?
            }
            Template::PureShiftedChows => {
                let n = 3 + self.rng.index(2) as u8;
                let step = 1 + self.rng.index(2) as u8;
                let s = self.random_suit()?;
                let r = self.rank_with_span(s, (n - 1) * step + 2)?;
                (0..n)
                    .map(|i| self.at(s, r + i * step).map(Chow))
                    .collect::<Option<_>>()?
            }
            Template::MixedShiftedChows => {
                let suits = self.distinct_suits(3)?;
                let r = self.rank_with_span(suits[0], 4)?;
                (0..3)
                    .map(|i| {
                        self.at(suits[i], r + i as u8 + 2)
                            .and(self.at(suits[i], r + i as u8))
                            .map(Chow)
                    })
                    .collect::<Option<_>>()?
            }
            Template::PureStraight => {
                let s = *self.rng.pick(&self.nine_suits())?;
                vec![Chow(self.at(s, 1)?), Chow(self.at(s, 4)?), Chow(self.at(s, 7)?)]
            }
            Template::MixedStraight => {
                let mut suits = self.nine_suits();
                if suits.len() < 3 {
                    return None;
                }
                self.rng.shuffle(&mut suits);
                vec![
                    Chow(self.at(suits[0], 1)?),
                    Chow(self.at(suits[1], 4)?),
                    Chow(self.at(suits[2], 7)?),
                ]
            }
            Template::ShortStraight => {
                let s = self.random_suit()?;
                let r = self.rank_with_span(s, 5)?;
                vec![Chow(self.at(s, r)?), Chow(self.at(s, r + 3)?)]
            }
            Template::TerminalChows => {
                let s = self.random_suit()?;
                let suit = self.set.suits().get(s)?;
                let (lo, hi) = (suit.min_rank, suit.max_rank.checked_sub(2)?);
                if hi <= lo + 2 {
                    return None;
                }
                vec![Chow(self.at(s, lo)?), Chow(self.at(s, hi)?)]
            }
            Template::PureShiftedPungs => {
                let n = 3 + self.rng.index(2) as u8;
                let s = self.random_suit()?;
                let r = self.rank_with_span(s, n - 1)?;
                (0..n)
                    .map(|i| self.at(s, r + i).map(Pung))
                    .collect::<Option<_>>()?
            }
            Template::MixedShiftedPungs => {
                let suits = self.distinct_suits(3)?;
                let r = self.rank_with_span(suits[0], 2)?;
                (0..3)
                    .map(|i| self.at(suits[i], r + i as u8).map(Pung))
                    .collect::<Option<_>>()?
            }
            Template::SameRankPungs => {
                let n = 2 + self.rng.index(2);
                let suits = self.distinct_suits(n)?;
                let r = self.rank_with_span(suits[0], 0)?;
                suits
                    .iter()
                    .map(|&s| self.at(s, r).map(Pung))
                    .collect::<Option<_>>()?
            }
            Template::PureTerminalChowsPair => {
                let s = *self.rng.pick(&self.nine_suits())?;
                pair = Some(self.at(s, 5)?);
                let (a, b) = (self.at(s, 1)?, self.at(s, 7)?);
                vec![Chow(a), Chow(a), Chow(b), Chow(b)]
            }
            Template::MixedTerminalChowsPair => {
                let mut suits = self.nine_suits();
                if suits.len() < 3 {
                    return None;
                }
                self.rng.shuffle(&mut suits);
                pair = Some(self.at(suits[2], 5)?);
                vec![
                    Chow(self.at(suits[0], 1)?),
                    Chow(self.at(suits[0], 7)?),
                    Chow(self.at(suits[1], 1)?),
                    Chow(self.at(suits[1], 7)?),
                ]
            }
            Template::Winds | Template::Dragons => {
                let group = if which == Template::Winds {
                    HonourGroup::Wind
                } else {
                    HonourGroup::Dragon
                };
                let mut tiles = self.honours_of(group);
                if tiles.len() < 3 {
                    return None;
                }
                self.rng.shuffle(&mut tiles);
                // 0: all but one as pungs + pair of the last (小四喜/小三元); 1: all pungs
                // (大四喜/大三元); 2: all but one as pungs, no pair (三风刻/双箭刻).
                let mode = self.rng.index(3);
                let n = if mode == 1 {
                    tiles.len().min(4)
                } else {
                    tiles.len().min(4) - 1
                };
                if mode == 0 {
                    pair = tiles.get(n).copied();
                }
                tiles[..n].iter().map(|&t| Pung(t)).collect()
            }
            Template::Kongs => {
                let n = 2 + self.rng.weighted(&[2, 1, 1]).unwrap_or(0);
                let mut tiles: Vec<Tile> = self.set.playing_tiles().collect();
                self.rng.shuffle(&mut tiles);
                tiles.truncate(n);
                tiles.into_iter().map(Kong).collect()
            }
            Template::FourOfAKind => {
                let s = self.random_suit()?;
                let r = self.rank_with_span(s, 2)?;
                let first = self.at(s, r)?;
                let k = self.rng.below(3) as u8;
                let shared = self.set.step(first, k)?;
                if self.rng.chance(1, 3) {
                    // Two chows through the tile plus its pair.
                    pair = Some(shared);
                    vec![Chow(first), Chow(first)]
                } else {
                    vec![Pung(shared), Chow(first)]
                }
            }
        };
        for &g in &sets {
            if !self.take_group(g) {
                return None;
            }
        }
        if let Some(p) = pair {
            if !self.take(p, 2) {
                return None;
            }
        }
        Some((sets, pair))
    }

    // -----------------------------------------------------------------------------------------
    // Win forms

    fn standard(&mut self) -> Option<Tiles> {
        if self.rng.chance(1, 20) {
            return self.plain_hand();
        }
        let fill = self.random_fill();
        let (mut sets, mut pair) = (Vec::new(), None);
        if self.rng.chance(self.opts.template_percent as u64, 100) {
            let which = self
                .rng
                .weighted(&TEMPLATE_WEIGHTS)
                .and_then(|i| TEMPLATES.get(i))
                .copied()?;
            let saved = self.counts;
            match self.template(which) {
                Some((s, p)) => {
                    sets = s;
                    pair = p;
                }
                None => self.counts = saved,
            }
        }
        while sets.len() < 4 {
            let g = self.fill_set(&fill).or_else(|| {
                // The pool ran dry (e.g. honours only after a template took tiles): any set.
                let any = Fill {
                    pool: [true; MAX_KINDS],
                    need: Need::Any,
                    pung_weight: 1,
                    chow_weight: 3,
                };
                self.fill_set(&any)
            })?;
            sets.push(g);
        }
        let pair = match pair {
            Some(p) => p,
            None => self.fill_pair(&fill).or_else(|| {
                let any = Fill {
                    pool: [true; MAX_KINDS],
                    need: Need::Any,
                    pung_weight: 1,
                    chow_weight: 1,
                };
                self.fill_pair(&any)
            })?,
        };
        self.rng.shuffle(&mut sets);
        self.kongify(&mut sets);
        Some(self.declare(sets, pair))
    }

    /// A hand with as little pattern as possible: suited sets, mostly chows, an honour pair (so
    /// neither 无字 nor 断幺-like fans), one to three open melds, a win inside a set. Random
    /// hands almost never score nothing at all; these often do.
    fn plain_hand(&mut self) -> Option<Tiles> {
        self.plain = true;
        let honours = self.honours();
        let pair = *self.rng.pick(&honours)?;
        if !self.take(pair, 2) {
            return None;
        }
        let fill = Fill {
            pool: self.pool(Pool::NoHonours)?,
            need: Need::Any,
            pung_weight: 1,
            chow_weight: 5,
        };
        let mut sets = Vec::new();
        for _ in 0..4 {
            sets.push(self.fill_set(&fill)?);
        }
        let open = 1 + self.rng.index(3);
        let mut melds = Vec::new();
        for &g in &sets[..open] {
            melds.push(self.open_meld(g));
        }
        let mut tiles = vec![pair, pair];
        let mut set_tiles = Vec::new();
        for &g in &sets[open..] {
            set_tiles.extend(self.group_tiles(g)?);
        }
        tiles.extend(set_tiles.iter().copied());
        let win = *self.rng.pick(&set_tiles)?;
        Some(Tiles {
            melds,
            concealed: self.with_winning_last(tiles, win),
        })
    }

    /// Turns some pungs into kongs when a fourth copy is free: rarely one by one, sometimes all
    /// of them (so three and four kongs occur without a template).
    fn kongify(&mut self, sets: &mut [Group]) {
        let all = self.rng.chance(1, 25);
        for g in sets.iter_mut() {
            if let Group::Pung(t) = *g {
                if (all || self.rng.chance(1, 14)) && self.take(t, 1) {
                    *g = Group::Kong(t);
                }
            }
        }
    }

    /// Declares some sets as melds (every kong must be declared), then picks the winning tile
    /// among the concealed tiles.
    fn declare(&mut self, sets: Vec<Group>, pair: Tile) -> Tiles {
        let kongs = sets.iter().filter(|g| matches!(g, Group::Kong(_))).count();
        let wanted = self.rng.weighted(&[34, 16, 16, 14, 20]).unwrap_or(0).max(kongs);
        let mut melds = Vec::new();
        let mut concealed_groups = Vec::new();
        let mut open_left = wanted - kongs;
        for g in sets {
            match g {
                Group::Kong(t) => melds.push(self.kong_meld(t)),
                _ if open_left > 0 => {
                    open_left -= 1;
                    melds.push(self.open_meld(g));
                }
                _ => concealed_groups.push(g),
            }
        }
        self.rng.shuffle(&mut melds);
        let mut tiles: Vec<Tile> = vec![pair, pair];
        for &g in &concealed_groups {
            tiles.extend(self.group_tiles(g).unwrap_or_default());
        }
        let win = self.pick_winning(&concealed_groups, pair, &tiles);
        Tiles {
            melds,
            concealed: self.with_winning_last(tiles, win),
        }
    }

    fn source(&mut self) -> Source {
        match self.rng.index(3) {
            0 => Source::Left,
            1 => Source::Opposite,
            _ => Source::Right,
        }
    }

    fn kong_meld(&mut self, tile: Tile) -> Meld {
        match self.rng.index(3) {
            0 => Meld::ConcealedKong { tile },
            1 => Meld::ExposedKong {
                tile,
                from: self.source(),
            },
            _ => Meld::AddedKong {
                tile,
                from: self.source(),
            },
        }
    }

    fn open_meld(&mut self, g: Group) -> Meld {
        match g {
            Group::Chow(first) => Meld::Chow {
                first,
                claimed: 1 + self.rng.index(3) as u8,
            },
            Group::Pung(tile) => Meld::Pung {
                tile,
                from: self.source(),
            },
            Group::Kong(tile) => self.kong_meld(tile),
        }
    }

    /// The winning tile: often chosen to make a single, closed or edge wait possible (the
    /// scorer still decides whether the wait is unique), otherwise any concealed tile.
    fn pick_winning(&mut self, groups: &[Group], pair: Tile, tiles: &[Tile]) -> Tile {
        let chows: Vec<Tile> = groups
            .iter()
            .filter_map(|g| match *g {
                Group::Chow(t) => Some(t),
                _ => None,
            })
            .collect();
        match self.rng.weighted(&[30, 18, 16, 36]) {
            Some(0) => return pair,
            Some(1) => {
                if let Some(&first) = self.rng.pick(&chows) {
                    if let Some(mid) = self.set.step(first, 1) {
                        return mid;
                    }
                }
            }
            Some(2) => {
                // 3 of a lowest chow or 7 of a highest one: an edge wait.
                let edges: Vec<Tile> = chows
                    .iter()
                    .filter_map(|&first| {
                        let last = self.set.step(first, 2)?;
                        if self.set.is_terminal(first) {
                            Some(last)
                        } else if self.set.is_terminal(last) {
                            Some(first)
                        } else {
                            None
                        }
                    })
                    .collect();
                if let Some(&t) = self.rng.pick(&edges) {
                    return t;
                }
            }
            _ => {}
        }
        self.rng.pick(tiles).copied().unwrap_or(pair)
    }

    /// Shuffles the concealed tiles and moves one copy of `win` to the end.
    fn with_winning_last(&mut self, mut tiles: Vec<Tile>, win: Tile) -> Vec<Tile> {
        self.rng.shuffle(&mut tiles);
        if let Some(i) = tiles.iter().position(|&t| t == win) {
            tiles.remove(i);
            tiles.push(win);
        }
        tiles
    }

    fn seven_pairs(&mut self) -> Option<Tiles> {
        let mut tiles = Vec::new();
        let shifted = self.rng.chance(1, 6);
        if shifted {
            let s = self.random_suit()?;
            let r = self.rank_with_span(s, 6)?;
            for i in 0..7 {
                let t = self.at(s, r + i)?;
                if !self.take(t, 2) {
                    return None;
                }
                tiles.extend([t, t]);
            }
        } else {
            let fill = self.random_fill();
            let fours = self.rng.chance(1, 3);
            for _ in 0..7 {
                let cands: Vec<Tile> = self
                    .set
                    .playing_tiles()
                    .filter(|&t| {
                        fill.pool[t.id()] && self.remaining(t) >= 2 && (fours || self.counts[t.id()] == 0)
                    })
                    .collect();
                let t = match self.rng.pick(&cands) {
                    Some(&t) => t,
                    None => {
                        // Pool too small for seven pairs: any free kind.
                        let any: Vec<Tile> = self
                            .set
                            .playing_tiles()
                            .filter(|&t| self.counts[t.id()] == 0 && self.remaining(t) >= 2)
                            .collect();
                        *self.rng.pick(&any)?
                    }
                };
                if !self.take(t, 2) {
                    return None;
                }
                tiles.extend([t, t]);
            }
        }
        let win = *self.rng.pick(&tiles)?;
        Some(Tiles {
            melds: Vec::new(),
            concealed: self.with_winning_last(tiles, win),
        })
    }

    fn orphans(&mut self) -> Option<Tiles> {
        let mut tiles = self.orphan_tiles()?;
        for &t in &tiles {
            if !self.take(t, 1) {
                return None;
            }
        }
        let dup = *self.rng.pick(&tiles)?;
        if !self.take(dup, 1) {
            return None;
        }
        tiles.push(dup);
        let win = if self.rng.chance(1, 3) {
            dup
        } else {
            *self.rng.pick(&tiles)?
        };
        Some(Tiles {
            melds: Vec::new(),
            concealed: self.with_winning_last(tiles, win),
        })
    }

    /// The nine tiles of a random knitted straight (147, 258, 369 over three suits).
    fn knitted_tiles(&mut self) -> Option<Vec<Tile>> {
        let mut suits = self.knitted_suits()?.to_vec();
        self.rng.shuffle(&mut suits);
        let mut tiles = Vec::new();
        for (offset, &s) in suits.iter().enumerate() {
            for r in [1u8, 4, 7] {
                tiles.push(self.at(s, r + offset as u8)?);
            }
        }
        Some(tiles)
    }

    fn honours_knitted(&mut self) -> Option<Tiles> {
        let knitted = self.knitted_tiles()?;
        let honours = self.honours();
        // 14 distinct tiles from 9 knitted + the honours: drop honours (to show the full
        // straight), drop suited tiles (the seven-honour form), or drop at random.
        let excess = (knitted.len() + honours.len()).checked_sub(14)?;
        let mut knitted = knitted;
        let mut honours = honours;
        self.rng.shuffle(&mut knitted);
        self.rng.shuffle(&mut honours);
        let drop_suited = match self.rng.index(3) {
            0 => 0,
            1 => excess.min(2),
            _ => self.rng.index(excess.min(2) + 1),
        };
        let drop_honours = excess - drop_suited;
        if drop_honours > honours.len() || drop_suited > 2 {
            return None;
        }
        knitted.truncate(knitted.len() - drop_suited);
        honours.truncate(honours.len() - drop_honours);
        let mut tiles = knitted;
        tiles.extend(honours);
        for &t in &tiles {
            if !self.take(t, 1) {
                return None;
            }
        }
        let win = *self.rng.pick(&tiles)?;
        Some(Tiles {
            melds: Vec::new(),
            concealed: self.with_winning_last(tiles, win),
        })
    }

    fn knitted_straight(&mut self) -> Option<Tiles> {
        let knitted = self.knitted_tiles()?;
        for &t in &knitted {
            if !self.take(t, 1) {
                return None;
            }
        }
        let fill = self.random_fill();
        let set = match self.rng.index(5) {
            // A kong (declared), to reach the kong fans of this form.
            0 => {
                let free: Vec<Tile> = self
                    .set
                    .playing_tiles()
                    .filter(|&t| self.remaining(t) >= 4)
                    .collect();
                let t = *self.rng.pick(&free)?;
                self.take(t, 4).then_some(Group::Kong(t))?
            }
            _ => self.fill_set(&fill)?,
        };
        let pair = self.fill_pair(&fill)?;
        let declared = matches!(set, Group::Kong(_)) || self.rng.chance(1, 3);
        let mut melds = Vec::new();
        let mut tiles = knitted;
        tiles.extend([pair, pair]);
        let mut remainder = vec![pair, pair];
        if declared {
            melds.push(self.open_meld(set));
        } else {
            let st = self.group_tiles(set)?;
            tiles.extend(st.iter().copied());
            remainder.extend(st);
        }
        // Usually win inside the set or pair, where wait fans can apply.
        let win = if self.rng.chance(2, 3) {
            *self.rng.pick(&remainder)?
        } else {
            *self.rng.pick(&tiles)?
        };
        Some(Tiles {
            melds,
            concealed: self.with_winning_last(tiles, win),
        })
    }

    fn nine_gates(&mut self) -> Option<Tiles> {
        let s = *self.rng.pick(&self.nine_suits())?;
        let suit = self.set.suits().get(s)?;
        let (lo, hi) = (suit.min_rank, suit.max_rank);
        let mut tiles = Vec::new();
        for r in lo..=hi {
            let n = if r == lo || r == hi { 3 } else { 1 };
            let t = self.at(s, r)?;
            if !self.take(t, n) {
                return None;
            }
            tiles.resize(tiles.len() + n as usize, t);
        }
        let extra_rank = lo + self.rng.below((hi - lo + 1) as u64) as u8;
        let extra = self.at(s, extra_rank)?;
        if !self.take(extra, 1) {
            return None;
        }
        self.rng.shuffle(&mut tiles);
        tiles.push(extra);
        Some(Tiles {
            melds: Vec::new(),
            concealed: tiles,
        })
    }

    /// A plain hand built greedily, for sets where random attempts keep failing.
    fn fallback(&mut self) -> Option<Hand> {
        let any = Fill {
            pool: [true; MAX_KINDS],
            need: Need::Any,
            pung_weight: 1,
            chow_weight: 1,
        };
        let mut sets = Vec::new();
        for _ in 0..4 {
            sets.push(self.fill_set(&any)?);
        }
        let pair = self.fill_pair(&any)?;
        let tiles = self.declare(sets, pair);
        Some(self.finish(tiles))
    }

    // -----------------------------------------------------------------------------------------
    // Context

    /// Adds context words. Flags are set independently of whether they make sense, so a scorer's
    /// corrections (和绝张 with a copy in hand, `kong` without a kong) are exercised too; some
    /// are biased to where they do score (kong flag with a kong, seat/round on a wind pung).
    fn finish(&mut self, tiles: Tiles) -> Hand {
        let pct = if self.plain {
            0
        } else {
            self.opts.flag_percent as u64
        };
        let has_kong = tiles.melds.iter().any(|m| m.is_kong());
        let self_drawn = !self.plain && self.rng.chance(1, 2);
        let mut ctx = Context {
            self_drawn,
            last_tile: self.rng.chance(pct, 100),
            kong: self.rng.chance(pct, 100) || (has_kong && self_drawn && self.rng.chance(1, 4)),
            fourth: self.rng.chance(pct, 100),
            ..Context::default()
        };
        let wind = |rng: &mut Rng| Wind::from_index(rng.below(4) as u8).unwrap_or_default();
        ctx.seat = wind(self.rng);
        ctx.round = wind(self.rng);
        // Seat and round on a wind the hand holds three of, so wind pungs score their fans.
        let mut counts = mj_core::hand::counts_of(&tiles.concealed);
        for m in &tiles.melds {
            counts[m.tile().id()] += 3;
        }
        let held: Vec<Wind> = self
            .set
            .playing_tiles()
            .filter(|&t| counts[t.id()] >= 3)
            .filter_map(|t| match self.set.kind(t) {
                Kind::Honour { letter, .. } => Wind::from_letter(letter),
                _ => None,
            })
            .collect();
        if !held.is_empty() {
            if self.rng.chance(1, 3) {
                ctx.seat = self.rng.pick(&held).copied().unwrap_or_default();
            }
            if self.rng.chance(1, 3) {
                ctx.round = self.rng.pick(&held).copied().unwrap_or_default();
            }
        }
        let bonus_tiles: Vec<Tile> = self.set.tiles().filter(|&t| self.set.is_bonus(t)).collect();
        let mut bonus = Vec::new();
        if !bonus_tiles.is_empty() && self.rng.chance(1, 4) {
            let n = 1 + self.rng.index(bonus_tiles.len().min(8));
            if self.rng.chance(1, 2) {
                ctx.flowers = n as u8;
            } else {
                let mut b = bonus_tiles;
                self.rng.shuffle(&mut b);
                b.truncate(n);
                b.sort();
                // Sometimes part counted, part written.
                if n > 1 && self.rng.chance(1, 3) {
                    let k = self.rng.index(n);
                    ctx.flowers = k as u8;
                    b.truncate(n - k);
                }
                bonus = b;
            }
        }
        Hand {
            melds: tiles.melds,
            concealed: tiles.concealed,
            bonus,
            context: ctx,
            red: Default::default(),
        }
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
