//! The set templates: combinations of sets that Chinese Official set fans need (the same chow
//! three times, shifted pungs, wind pungs, ...), which uniformly random wins almost never show.

use super::{Gen, Group};
use mj_core::tile::{HonourGroup, Tile};

/// The set templates; each stands for one or more set-combination fans.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Template {
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

pub(super) const TEMPLATES: [Template; 17] = [
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
pub(super) const TEMPLATE_WEIGHTS: [u32; 17] = [8, 6, 7, 4, 4, 4, 3, 3, 6, 4, 6, 3, 3, 7, 7, 9, 4];

impl Gen<'_> {
    pub(super) fn template(&mut self, which: Template) -> Option<(Vec<Group>, Option<Tile>)> {
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
                let (sets, p) = self.honour_pungs(which)?;
                pair = p;
                sets
            }
            Template::Kongs => {
                let n = 2 + self.rng.weighted(&[2, 1, 1]).unwrap_or(0);
                let mut tiles: Vec<Tile> = self.set.playing_tiles().collect();
                self.rng.shuffle(&mut tiles);
                tiles.truncate(n);
                tiles.into_iter().map(Kong).collect()
            }
            Template::FourOfAKind => {
                let (sets, p) = self.four_of_a_kind()?;
                pair = p;
                sets
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
    /// Pungs of the winds or of the dragons: all but one with a pair of the last (小四喜, 小三元),
    /// all of them (大四喜, 大三元), or all but one without a pair (三风刻, 双箭刻).
    fn honour_pungs(&mut self, which: Template) -> Option<(Vec<Group>, Option<Tile>)> {
        let mut pair = None;
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
        Some((tiles[..n].iter().map(|&t| Group::Pung(t)).collect(), pair))
    }

    /// All four copies of a tile without a kong (四归一): two chows through it and its pair, or
    /// its pung and a chow through it.
    fn four_of_a_kind(&mut self) -> Option<(Vec<Group>, Option<Tile>)> {
        let s = self.random_suit()?;
        let r = self.rank_with_span(s, 2)?;
        let first = self.at(s, r)?;
        let k = self.rng.below(3) as u8;
        let shared = self.set.step(first, k)?;
        if self.rng.chance(1, 3) {
            // Two chows through the tile plus its pair.
            Some((vec![Group::Chow(first), Group::Chow(first)], Some(shared)))
        } else {
            Some((vec![Group::Pung(shared), Group::Chow(first)], None))
        }
    }
}
