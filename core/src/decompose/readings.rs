//! Every reading of a complete hand: the declared melds as sets, the concealed part split every
//! way it can be, and each place the winning tile can take in each split (so every way it was
//! waited). [`super::is_win`] answers the yes/no question much faster.

use super::{
    concealed_total, honour_mask, honour_range, honours_knitted_win, orphans_win, presence, seven_pairs_win,
    standard_win, take_mask,
};
use crate::meld::Meld;
use crate::reading::{Form, FormRules, Reading, Set, SetKind, Sets, Tiles, Wait, WinPlace};
use crate::tile::{Counts, Knits, Tile, TileSet};

/// The fixed sets contributed by declared melds, or `None` for a meld this set cannot hold (a
/// chow running off the end of its suit, a bonus tile), which the parser should have refused, or
/// for more melds than a reading holds ([`crate::reading::MAX_SETS`]).
fn meld_sets(set: &TileSet, melds: &[Meld]) -> Option<Sets> {
    let mut out = Sets::new();
    for (i, m) in melds.iter().enumerate() {
        let tile = m.tile();
        if tile.id() >= set.playing_kinds() {
            return None;
        }
        let kind = match m {
            Meld::Chow { .. } => {
                if !set.chow_start(tile) {
                    return None;
                }
                SetKind::Chow
            }
            Meld::Pung { .. } => SetKind::Pung,
            _ => SetKind::Kong,
        };
        let s = Set {
            kind,
            tile,
            concealed: m.is_concealed(),
            meld: Some(u8::try_from(i).ok()?),
        };
        if !out.push(s) {
            return None;
        }
    }
    Some(out)
}

/// Every split of `c` (restricted to the kinds in `left`, which holds every kind still held past
/// those settled, and maybe some kinds chows have used up since) into concealed sets, each passed
/// to `emit` as `cur` extended by the split's sets. Each kind is settled in one step (how many
/// pungs, the rest chows starting there), so every multiset of sets appears exactly once. Every
/// split of the same counts has the same number of sets, so when they do not fit in [`Sets`] none
/// is emitted.
fn split_sets(set: &TileSet, c: &mut Counts, left: u64, cur: &mut Sets, emit: &mut impl FnMut(&Sets)) {
    // The next kind held: a few bit steps instead of a scan over every kind.
    let mut left = left;
    let i = loop {
        if left == 0 {
            emit(cur);
            return;
        }
        let i = left.trailing_zeros() as usize;
        left &= left - 1;
        if c[i] != 0 {
            break i;
        }
    };
    let n = c[i];
    let tile = Tile::from_id(i);
    for pungs in 0..=n / 3 {
        let chows = n - 3 * pungs;
        if chows > 0 && !(set.chow_start(tile) && c[i + 1] >= chows && c[i + 2] >= chows) {
            continue;
        }
        let mark = cur.len();
        let concealed_set = |kind| Set {
            kind,
            tile,
            concealed: true,
            meld: None,
        };
        let fits = (0..chows).all(|_| cur.push(concealed_set(SetKind::Chow)))
            && (0..pungs).all(|_| cur.push(concealed_set(SetKind::Pung)));
        if fits {
            c[i] = 0;
            if chows > 0 {
                c[i + 1] -= chows;
                c[i + 2] -= chows;
            }
            split_sets(set, c, left, cur, emit);
            c[i] = n;
            if chows > 0 {
                c[i + 1] += chows;
                c[i + 2] += chows;
            }
        }
        cur.truncate(mark);
    }
}

/// How a chow was waited on when `winning` completed it.
fn chow_wait(set: &TileSet, first: Tile, winning: Tile) -> Wait {
    let Some((suit, rank)) = set.suit_rank(first) else {
        return Wait::Closed;
    };
    let Some(s) = set.suits().get(suit as usize) else {
        return Wait::Closed;
    };
    match winning.id().wrapping_sub(first.id()) {
        1 => Wait::Closed,
        0 if rank + 2 == s.max_rank => Wait::Edge,
        2 if rank == s.min_rank => Wait::Edge,
        _ => Wait::TwoSided,
    }
}

/// Every place the winning tile can take in a split, in group order (declared melds excluded: the
/// winning tile is concealed; of two identical concealed sets only the first is a place).
fn placements(set: &TileSet, r: &Reading, winning: Tile) -> Places {
    let mut out = Places::default();
    match r.form {
        Form::SevenPairs => match r.sets.iter().position(|s| s.tile == winning) {
            // The winning tile completed the pung held beside the pairs.
            Some(i) => out.push(WinPlace::Set(i as u8), Wait::Pung),
            None => out.push(WinPlace::Pair, Wait::Single),
        },
        Form::Orphans | Form::HonoursKnitted => out.push(WinPlace::Knitted, Wait::Knitted),
        Form::Standard | Form::KnittedStraight => {
            for (i, s) in r.sets.iter().enumerate() {
                if s.meld.is_some() || r.sets[..i].contains(s) {
                    continue;
                }
                let wait = match s.kind {
                    SetKind::Chow if (s.tile.id()..s.tile.id() + 3).contains(&winning.id()) => {
                        chow_wait(set, s.tile, winning)
                    }
                    SetKind::Pung | SetKind::Kong if s.tile == winning => Wait::Pung,
                    _ => continue,
                };
                let Ok(i) = u8::try_from(i) else { continue };
                out.push(WinPlace::Set(i), wait);
            }
            if r.pair == Some(winning) {
                out.push(WinPlace::Pair, Wait::Single);
            }
            if r.knitted.contains(&winning) {
                out.push(WinPlace::Knitted, Wait::Knitted);
            }
        }
    }
    out
}

/// The places of one split: at most one per set, the pair and the knitted body.
#[derive(Default)]
struct Places {
    items: [Option<(WinPlace, Wait)>; 10],
    len: usize,
}

impl Places {
    fn push(&mut self, place: WinPlace, wait: Wait) {
        if self.len < self.items.len() {
            self.items[self.len] = Some((place, wait));
            self.len += 1;
        }
    }

    fn iter(&self) -> impl Iterator<Item = (WinPlace, Wait)> + '_ {
        self.items[..self.len].iter().flatten().copied()
    }
}

/// Tiles that can be the pair of a standard reading. Every set's tiles sum to a multiple of three
/// in count and (within a suit) in rank, so the pair sits in the one group whose count is 2 mod 3,
/// at a rank fixed mod 3: a third of that suit's ranks, instead of every tile held twice.
fn pair_candidates(set: &TileSet, c: &Counts) -> u64 {
    let mut mask = 0u64;
    for s in set.suits() {
        let first = s.first as usize;
        let len = s.len();
        let sum: usize = c[first..first + len].iter().map(|&n| n as usize).sum();
        if sum % 3 != 2 {
            continue;
        }
        let weighted: usize = (0..len).map(|i| i * c[first + i] as usize).sum();
        let mut p = (2 * weighted) % 3;
        while p < len {
            mask |= 1 << (first + p);
            p += 3;
        }
    }
    for id in honour_range(set) {
        if c[id] % 3 == 2 {
            mask |= 1 << id;
        }
    }
    mask
}

/// Standard readings of `c` (concealed tiles left for sets and the pair) on top of `fixed` sets.
fn standard_readings(
    emit: &mut impl FnMut(Reading),
    set: &TileSet,
    form: Form,
    fixed: &Sets,
    c: &Counts,
    knitted: &Tiles,
) {
    let mut c = *c;
    let held = presence(&c);
    // Only the candidates' bits are visited, not every kind of the set.
    let mut candidates = pair_candidates(set, &c);
    while candidates != 0 {
        let p = candidates.trailing_zeros() as usize;
        candidates &= candidates - 1;
        if c[p] < 2 {
            continue;
        }
        c[p] -= 2;
        // Declared melds come first in every split, so each split is built once, in place.
        let mut cur = *fixed;
        split_sets(set, &mut c, held, &mut cur, &mut |sets| {
            emit(Reading {
                form,
                sets: *sets,
                pair: Some(Tile::from_id(p)),
                pairs: Tiles::new(),
                knitted: *knitted,
                honours: Tiles::new(),
                win: WinPlace::Pair,
                wait: Wait::Single,
            })
        });
        c[p] += 2;
    }
}

/// The tiles of `mask`, ascending, or `None` when they do not fit in [`Tiles`].
fn mask_tiles(mask: u64) -> Option<Tiles> {
    let mut out = Tiles::new();
    let mut m = mask;
    while m != 0 {
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        if !out.push(Tile::from_id(i)) {
            return None;
        }
    }
    Some(out)
}

/// Every reading of a complete hand: `concealed` includes the winning tile `winning`; `melds` are
/// the declared melds. Fans are scored per reading and the best taken, so nothing may be pruned
/// here: each distinct split and each distinct place of the winning tile is its own reading.
/// Returns nothing for a hand that is not complete or does not hold `winning`, or whose readings
/// would hold more than [`crate::reading::MAX_SETS`] sets.
pub fn readings(
    set: &TileSet,
    rules: &FormRules,
    melds: &[Meld],
    concealed: &Counts,
    winning: Tile,
) -> Vec<Reading> {
    let mut out = Vec::new();
    each_reading(set, rules, melds, concealed, winning, |r| {
        if !out.contains(&r) {
            out.push(r);
        }
    });
    out
}

/// The readings of [`readings`] one at a time, into `emit`, without collecting them; a reading
/// may come twice (as [`readings`] lists it once, a caller that keeps them drops repeats).
pub fn each_reading(
    set: &TileSet,
    rules: &FormRules,
    melds: &[Meld],
    concealed: &Counts,
    winning: Tile,
    mut emit: impl FnMut(Reading),
) {
    splits(set, rules, melds, concealed, winning, &mut |base| {
        for (win, wait) in placements(set, &base, winning).iter() {
            emit(Reading {
                win,
                wait,
                ..base.clone()
            });
        }
    });
}

/// One split of a complete hand with every place the winning tile can take in it: the unit fans
/// are judged on (a scorer sees all the waits a split admits at once, instead of one reading per
/// place). `reading.win`/`reading.wait` hold the first place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Division {
    pub reading: Reading,
    /// `1 << wait.bit()` for every [`Wait`] the split admits.
    pub waits: u8,
}

/// The readings of [`readings`] grouped by split: one [`Division`] per split.
pub fn divisions(
    set: &TileSet,
    rules: &FormRules,
    melds: &[Meld],
    concealed: &Counts,
    winning: Tile,
) -> Vec<Division> {
    let mut out = Vec::new();
    divisions_into(set, rules, melds, concealed, winning, &mut out);
    out
}

/// [`divisions`] into a buffer the caller keeps (emptied first): a scorer going through many
/// hands allocates it once instead of once per hand.
pub fn divisions_into(
    set: &TileSet,
    rules: &FormRules,
    melds: &[Meld],
    concealed: &Counts,
    winning: Tile,
    out: &mut Vec<Division>,
) {
    out.clear();
    splits(set, rules, melds, concealed, winning, &mut |mut reading| {
        let places = placements(set, &reading, winning);
        let Some((win, wait)) = places.iter().next() else {
            return;
        };
        reading.win = win;
        reading.wait = wait;
        let waits = places.iter().fold(0u8, |m, (_, w)| m | 1 << w.bit());
        out.push(Division { reading, waits });
    });
}

/// Every distinct split of a complete hand into an enabled form (placement fields unset), passed
/// to `emit` one at a time. A split whose sets or tiles do not fit a [`Reading`]'s inline lists
/// (see [`crate::reading::MAX_SETS`]) is skipped.
fn splits(
    set: &TileSet,
    rules: &FormRules,
    melds: &[Meld],
    concealed: &Counts,
    winning: Tile,
    emit: &mut impl FnMut(Reading),
) {
    let Some(total) = concealed_total(set, concealed) else {
        return;
    };
    if winning.id() >= set.playing_kinds()
        || concealed[winning.id()] == 0
        || (total + 3 * melds.len()) % 3 != 2
    {
        return;
    }
    let Some(fixed) = meld_sets(set, melds) else {
        return;
    };
    let c = concealed;
    let m = melds.len();

    // No `standard_win` check first: on a hand that is not standard the enumeration finds
    // nothing, and on one that is (nearly every hand scored) the check would be repeated work.
    if rules.standard {
        standard_readings(emit, set, Form::Standard, &fixed, c, &Tiles::new());
    }
    if rules.seven_pairs && seven_pairs_win(rules, c, total, m) {
        let mut pairs = Tiles::new();
        let mut pungs = Sets::new();
        // A kind of three is the pung beside the pairs (only counted when the rules allow one).
        let fits = (0..set.playing_kinds()).filter(|&i| c[i] == 3).all(|i| {
            pungs.push(Set {
                kind: SetKind::Pung,
                tile: Tile::from_id(i),
                concealed: true,
                meld: None,
            })
        }) && (0..set.playing_kinds())
            .filter(|&i| c[i] != 3)
            .flat_map(|i| (0..c[i] / 2).map(move |_| Tile::from_id(i)))
            .all(|t| pairs.push(t));
        if fits {
            emit(Reading {
                form: Form::SevenPairs,
                sets: pungs,
                pair: None,
                pairs,
                knitted: Tiles::new(),
                honours: Tiles::new(),
                win: WinPlace::Pair,
                wait: Wait::Single,
            });
        }
    }
    if !rules.orphans.is_empty() && orphans_win(set, rules, c, total, m) {
        let pair = (0..set.playing_kinds()).find(|&i| c[i] == 2).map(Tile::from_id);
        emit(Reading {
            form: Form::Orphans,
            sets: Sets::new(),
            pair,
            pairs: Tiles::new(),
            knitted: Tiles::new(),
            honours: Tiles::new(),
            win: WinPlace::Knitted,
            wait: Wait::Knitted,
        });
    }
    if rules.honours_knitted && honours_knitted_win(set, c, total, m) {
        let honours = honour_mask(set);
        if let (Some(knitted), Some(honours)) = (
            mask_tiles(presence(c) & !honours),
            mask_tiles(presence(c) & honours),
        ) {
            emit(Reading {
                form: Form::HonoursKnitted,
                sets: Sets::new(),
                pair: None,
                pairs: Tiles::new(),
                knitted,
                honours,
                win: WinPlace::Knitted,
                wait: Wait::Knitted,
            });
        }
    }
    if rules.knitted_straight && m <= 1 && total + 3 * m == 14 {
        let have = presence(c);
        for k in Knits::of(set).iter().filter(|&k| k & !have == 0) {
            if let Some(rest) = take_mask(c, k) {
                if standard_win(set, &rest) {
                    if let Some(knitted) = mask_tiles(k) {
                        standard_readings(emit, set, Form::KnittedStraight, &fixed, &rest, &knitted);
                    }
                }
            }
        }
    }
}
