//! The win forms a sampled hand takes: the standard form (filled from templates and pools, with
//! declared melds and a winning tile), seven pairs, orphans, the knitted forms and nine gates; then
//! the context words.

use super::*;

impl Gen<'_> {
    pub(super) fn standard(&mut self) -> Option<Tiles> {
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
                // A template of more sets than the hand holds is not used.
                Some((s, p)) if s.len() <= self.opts.sets => {
                    sets = s;
                    pair = p;
                }
                _ => self.counts = saved,
            }
        }
        while sets.len() < self.opts.sets {
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
    pub(super) fn plain_hand(&mut self) -> Option<Tiles> {
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
        for _ in 0..self.opts.sets {
            sets.push(self.fill_set(&fill)?);
        }
        let open = (1 + self.rng.index(3)).min(sets.len());
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
    pub(super) fn kongify(&mut self, sets: &mut [Group]) {
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
    pub(super) fn declare(&mut self, sets: Vec<Group>, pair: Tile) -> Tiles {
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

    pub(super) fn source(&mut self) -> Source {
        match self.rng.index(3) {
            0 => Source::Left,
            1 => Source::Opposite,
            _ => Source::Right,
        }
    }

    pub(super) fn kong_meld(&mut self, tile: Tile) -> Meld {
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

    pub(super) fn open_meld(&mut self, g: Group) -> Meld {
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
    pub(super) fn pick_winning(&mut self, groups: &[Group], pair: Tile, tiles: &[Tile]) -> Tile {
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
    pub(super) fn with_winning_last(&mut self, mut tiles: Vec<Tile>, win: Tile) -> Vec<Tile> {
        self.rng.shuffle(&mut tiles);
        if let Some(i) = tiles.iter().position(|&t| t == win) {
            tiles.remove(i);
            tiles.push(win);
        }
        tiles
    }

    pub(super) fn seven_pairs(&mut self) -> Option<Tiles> {
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

    pub(super) fn orphans(&mut self) -> Option<Tiles> {
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
    pub(super) fn knitted_tiles(&mut self) -> Option<Vec<Tile>> {
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

    pub(super) fn honours_knitted(&mut self) -> Option<Tiles> {
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

    pub(super) fn knitted_straight(&mut self) -> Option<Tiles> {
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

    pub(super) fn nine_gates(&mut self) -> Option<Tiles> {
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
    pub(super) fn fallback(&mut self) -> Option<Hand> {
        let any = Fill {
            pool: [true; MAX_KINDS],
            need: Need::Any,
            pung_weight: 1,
            chow_weight: 1,
        };
        let mut sets = Vec::new();
        for _ in 0..self.opts.sets {
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
    pub(super) fn finish(&mut self, tiles: Tiles) -> Hand {
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
