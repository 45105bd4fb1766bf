//! The facts of a hand that are the same for every reading (tiles present, suits, words, the
//! winning tile's copies), the table check of its melds and seat, and the facts of each reading
//! built on them.

use super::ScoreError;
use crate::expr::Facts;
use crate::ruleset::{DiscardPung, Ruleset};
use mj_core::decompose::Division;
use mj_core::{Counts, Hand, Reading, SetKind, Tile};

pub(super) fn cached(cell: &std::cell::Cell<Option<bool>>, f: impl FnOnce() -> bool) -> bool {
    match cell.get() {
        Some(v) => v,
        None => {
            let v = f();
            cell.set(Some(v));
            v
        }
    }
}

/// Whether a standard division shows on its own that the hand had two winning tiles: a two-sided
/// chow wait also completes with the tile on the chow's other side, and a pung wait (双碰) with
/// the pair's tile, the pair becoming the pung and the pung's two tiles the pair.
pub(super) fn shows_second_wait(d: &Division, win: Tile) -> bool {
    use mj_core::Wait;
    let r = &d.reading;
    r.form == mj_core::Form::Standard
        && (d.waits & (1 << Wait::TwoSided.bit()) != 0
            || (d.waits & (1 << Wait::Pung.bit()) != 0 && r.pair.is_some_and(|p| p != win)))
}

/// Rejects melds and seats the ruleset's table cannot produce.
#[inline(never)]
pub(super) fn check_table(rs: &Ruleset, hand: &Hand) -> Result<(), ScoreError> {
    let players = rs.play.players as usize;
    let name = &rs.name;
    if hand.context.seat.index() as usize >= players {
        return Err(ScoreError::Table(format!(
            "seat={} does not exist at a {players}-player table (ruleset {name} seats {})",
            hand.context.seat.letter(),
            (0..players as u8)
                .filter_map(mj_core::Wind::from_index)
                .map(|w| w.letter().to_string())
                .collect::<Vec<_>>()
                .join(" ")
        )));
    }
    for m in &hand.melds {
        let (claim, what, from) = match *m {
            mj_core::Meld::Chow { .. } => (0, "a declared chow", Some(mj_core::meld::From::Left)),
            mj_core::Meld::Pung { from, .. } => (1, "a declared pung", Some(from)),
            mj_core::Meld::ExposedKong { from, .. } => (2, "a kong on a discard", Some(from)),
            mj_core::Meld::AddedKong { from, .. } => (3, "an added kong", Some(from)),
            mj_core::Meld::ConcealedKong { .. } => (4, "a concealed kong", None),
        };
        if rs.meld_claims >> claim & 1 == 0 {
            return Err(ScoreError::Table(format!(
                "{what} cannot happen in ruleset {name}: its claims are {}",
                rs.play.claims.join(", ")
            )));
        }
        // At a three-player table the numbers count as `from=` does: 1 the seat before, 2 the
        // seat after (3, "right", is that seat too).
        let seat_exists = match from {
            Some(mj_core::meld::From::Opposite) => players >= 3,
            Some(mj_core::meld::From::Right) => players >= 3,
            _ => true,
        };
        if !seat_exists {
            return Err(ScoreError::Table(format!(
                "{what} claimed from seat {} cannot happen at a {players}-player table (1 = left{})",
                from.map_or(0, |f| f.digit()),
                if players == 3 { ", 3 = right" } else { "" }
            )));
        }
    }
    Ok(())
}

/// Whether the concealed tiles `before` (the hand before the win) had exactly one winning tile in
/// `forms`, copies in sight not mattering (独听 as the Chinese Official rules read it).
pub fn unique_wait(
    set: &mj_core::TileSet,
    forms: &mj_core::FormRules,
    melds: usize,
    before: &Counts,
) -> bool {
    mj_core::wait::shape_waits_up_to(set, forms, melds, before, 2).count_ones() == 1
}

/// The single-wait test of a knitted-straight reading looks only at what is left beside the knitted
/// body (the fourth set and the pair): the body is complete whatever the winning tile.
fn knitted_unique_wait(rs: &Ruleset, hand: &Hand, h: &HandFacts, r: &Reading) -> bool {
    let mut rest = hand.concealed_counts();
    for t in &r.knitted {
        rest[t.id()] = rest[t.id()].saturating_sub(1);
    }
    if rest[h.win.id()] == 0 {
        return false;
    }
    rest[h.win.id()] -= 1;
    let standard = mj_core::FormRules {
        standard: true,
        ..mj_core::FormRules::default()
    };
    unique_wait(&rs.tiles, &standard, hand.melds.len() + 3, &rest)
}

/// Facts that are the same for every reading of a hand.
pub(super) struct HandFacts<'a, 'p> {
    pub(super) present: u64,
    pub(super) suits: i64,
    pub(super) counts: &'a Counts,
    pub(super) before_win: &'a Counts,
    pub(super) win: Tile,
    /// Whether the hand before the win had a single winning tile, once someone has asked.
    pub(super) unique_wait: std::cell::Cell<Option<bool>>,
    pub(super) words: &'a [Option<i64>],
    /// The [`Facts::flags`] bits of the words among `words` that the plan's gates read
    /// ([`crate::ruleset::Plan::word_flags`]), worked out once for the hand.
    pub(super) word_flags: u64,
    pub(super) exposed_melds: usize,
    pub(super) win_in_melds: i64,
    pub(super) win_in_hand: i64,
    pub(super) seat_tile: Option<usize>,
    pub(super) round_tile: Option<usize>,
    pub(super) flowers: i64,
    /// Where [`probe`] collects script failures; when set, every script runs whatever its
    /// fan's gate and condition say.
    pub(super) probe: Option<&'p std::cell::RefCell<Vec<(usize, String)>>>,
}

/// Concealed pungs and kongs (坎) of a reading; a pung completed on a discard is exposed unless
/// the ruleset's `discard_pung` keeps it.
pub(super) fn concealed_pungs(rs: &Ruleset, hand: &Hand, win: Tile, r: &Reading) -> i64 {
    let ctx = &hand.context;
    if rs.scoring.wait_per_reading {
        // The reading says where the winning tile went: only that pung was completed by it.
        let won_into = |i: usize| !ctx.self_drawn && r.win == mj_core::WinPlace::Set(i as u8);
        return r
            .sets
            .iter()
            .enumerate()
            .filter(|(i, s)| s.kind != SetKind::Chow && s.concealed && !(s.meld.is_none() && won_into(*i)))
            .count() as i64;
    }
    let mut n = r
        .sets
        .iter()
        .filter(|s| s.kind != SetKind::Chow && s.concealed)
        .count() as i64;
    if !ctx.self_drawn {
        let w = win.id();
        let in_chow = r.sets.iter().any(|s| {
            s.kind == SetKind::Chow && s.meld.is_none() && (s.tile.id()..s.tile.id() + 3).contains(&w)
        });
        let keep = rs.scoring.discard_pung == DiscardPung::ExposedUnlessChow && in_chow;
        if !keep {
            n -= r
                .sets
                .iter()
                .filter(|s| s.kind == SetKind::Pung && s.meld.is_none() && s.tile == win)
                .count() as i64;
        }
    }
    n
}

/// Calls `body` with the facts of division `d`.
pub(super) fn with_facts<R>(
    rs: &Ruleset,
    hand: &Hand,
    h: &HandFacts,
    d: &Division,
    body: impl FnOnce(&Facts) -> R,
) -> R {
    let set = &rs.tiles;
    let r = &d.reading;
    let ctx = &hand.context;
    let concealed_pungs = concealed_pungs(rs, hand, h.win, r);
    let knitted_wait = std::cell::Cell::new(None);
    let unique = || -> bool {
        if r.form == mj_core::Form::KnittedStraight {
            cached(&knitted_wait, || knitted_unique_wait(rs, hand, h, r))
        } else {
            cached(&h.unique_wait, || {
                unique_wait(set, &rs.scoring.unique_wait_forms, hand.melds.len(), h.before_win)
            })
        }
    };
    let mut facts = Facts {
        set,
        reading: r,
        present: h.present,
        counts: &h.counts[..],
        before_win: &h.before_win[..],
        winning: h.win.id(),
        self_drawn: ctx.self_drawn,
        last_tile: ctx.last_tile,
        kong: ctx.kong,
        fourth: ctx.fourth,
        seat: ctx.seat.index(),
        round: ctx.round.index(),
        flowers: h.flowers,
        suits: h.suits,
        seat_tile: h.seat_tile,
        round_tile: h.round_tile,
        unique_wait: &unique,
        waits: d.waits,
        concealed_pungs,
        declared: hand.melds.len(),
        exposed_melds: h.exposed_melds,
        win_in_hand: h.win_in_hand,
        win_in_melds: h.win_in_melds,
        words: h.words,
        word_flags: h.word_flags,
        slots: &[],
        vars: [0; crate::expr::VAR_COUNT],
        pung_tiles: None,
        flags: 0,
        groups: Default::default(),
    };
    facts.settle_vars(&rs.scoring.plan.vars);
    body(&facts)
}

/// Every division of the hand into an enabled win form, into `divs`. Readings that differ only
/// in where the winning tile sits are one division (fans that look at the wait see every
/// placement through `waits`), unless the ruleset reads each place on its own
/// (`wait_per_reading`): then one division per place, its wait alone.
pub(super) fn divisions(rs: &Ruleset, hand: &Hand, concealed: &Counts, win: Tile, divs: &mut Vec<Division>) {
    let set = &rs.tiles;
    if rs.scoring.wait_per_reading {
        divs.clear();
        // Into the buffer directly, repeats dropped as `readings` drops them.
        mj_core::decompose::each_reading(set, &rs.forms, &hand.melds, concealed, win, |reading| {
            if !divs.iter().any(|d| d.reading == reading) {
                let waits = 1 << reading.wait.bit();
                divs.push(Division { reading, waits });
            }
        });
    } else {
        mj_core::decompose::divisions_into(set, &rs.forms, &hand.melds, concealed, win, divs);
    }
}

/// The tile kinds present in the hand, as a mask, and how many number suits they touch. Call
/// only for a hand with divisions: every tile is then a playing tile (ids below 64), concealed or
/// in a meld, and each declared chow three consecutive tiles of a suit.
pub(super) fn presence(rs: &Ruleset, hand: &Hand) -> (u64, i64) {
    let mut present = 0u64;
    for t in &hand.concealed {
        present |= 1 << t.id();
    }
    for m in &hand.melds {
        present |= match m {
            mj_core::Meld::Chow { first, .. } => 0b111 << first.id(),
            other => 1 << other.tile().id(),
        };
    }
    let suits = rs
        .tiles
        .suits()
        .iter()
        .filter(|s| present >> s.first & ((1u64 << s.len()) - 1) != 0)
        .count();
    (present, suits as i64)
}

/// Copies of the winning tile in the declared melds.
pub(super) fn win_in_melds(hand: &Hand, win: Tile) -> i64 {
    let mut win_in_melds = 0i64;
    for m in &hand.melds {
        match m {
            mj_core::Meld::Chow { first, .. } => {
                win_in_melds += i64::from((first.id()..first.id() + 3).contains(&win.id()));
            }
            other if other.tile() == win => win_in_melds += other.len() as i64,
            _ => {}
        }
    }
    win_in_melds
}

/// The winning tile (the last concealed tile) of a hand with the tile count of a win.
pub(super) fn winning_tile(rs: &Ruleset, hand: &Hand) -> Result<Tile, ScoreError> {
    let expected = rs.win_size();
    if hand.effective_len() != expected || hand.concealed.is_empty() {
        return Err(ScoreError::TileCount {
            found: hand.effective_len(),
            expected,
        });
    }
    hand.winning_tile()
        .ok_or(ScoreError::TileCount { found: 0, expected })
}
