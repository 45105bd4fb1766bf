//! Seeded random winning hands for a ruleset, for differential tests against other scorers: the
//! core sampler's hand ([`mj_testkit::sample::winning_hand`]), fitted to the ruleset's table (seats,
//! claims) and given values for the ruleset's own context words and red copies. Nothing here
//! knows a ruleset by name: what is drawn follows from the words' declared kinds.

use crate::ruleset::{Ruleset, WordSource};
use mj_core::notation::WordValue;
use mj_core::{Hand, Meld, Rng, Tile, Wind};
/// The sampler's options, re-exported so front ends need not depend on the test kit.
pub use mj_testkit::sample::SampleOptions;

/// Percent of hands that get each flag word of the ruleset.
const FLAG_PERCENT: u64 = 25;

/// Draws before [`winning_hand`] gives up on a hand the ruleset accepts.
const ATTEMPTS: usize = 64;

/// A winning hand for `rs`, decorated with the ruleset's context words, that `mj score` scores
/// (valid or below the minimum, but not an error). The core sampler's shapes are fitted to the
/// ruleset (its hand size; only the win forms it enables), and words are drawn independently,
/// so a combination the ruleset's word rules forbid (a word that needs `self`, a void suit the
/// hand holds) can come up: such a hand is drawn again, from the same stream, so the output
/// stays a function of the seed. After [`ATTEMPTS`] draws the last one is returned as it is (no
/// built-in ruleset comes near that: a test samples every one of them); [`try_winning_hand`]
/// tells that case apart.
pub fn winning_hand(rs: &Ruleset, rng: &mut Rng, opts: &SampleOptions) -> Hand {
    try_winning_hand(rs, rng, opts).0
}

/// [`winning_hand`], and whether it scores: `false` when none of [`ATTEMPTS`] draws scored under
/// the ruleset (word rules no draw satisfies, say) and the hand is the last draw, so a front
/// end can say so.
pub fn try_winning_hand(rs: &Ruleset, rng: &mut Rng, opts: &SampleOptions) -> (Hand, bool) {
    let opts = fitted(rs, opts);
    let mut h = Hand::default();
    for _ in 0..ATTEMPTS {
        h = mj_testkit::sample::winning_hand(&rs.tiles, rng, &opts);
        fit_table(rs, rng, &mut h);
        add_words(rs, rng, &mut h);
        add_red(rs, rng, &mut h);
        if scores(rs, &h) {
            return (h, true);
        }
    }
    (h, false)
}

/// The sampler's options for the ruleset: its hand size, and no weight on a win form it does not
/// enable.
fn fitted(rs: &Ruleset, opts: &SampleOptions) -> SampleOptions {
    let mut opts = opts.clone();
    opts.sets = rs.win_size().saturating_sub(2) / 3;
    let (f, w) = (&rs.forms, &mut opts.forms);
    let off = |on: bool, weight: &mut u32| *weight = if on { *weight } else { 0 };
    off(f.standard, &mut w.standard);
    off(f.standard, &mut w.nine_gates);
    off(f.seven_pairs && f.seven_pairs_pungs == 0, &mut w.seven_pairs);
    off(!f.orphans.is_empty(), &mut w.orphans);
    off(f.honours_knitted, &mut w.honours_knitted);
    off(f.knitted_straight, &mut w.knitted_straight);
    opts
}

/// Whether the hand, printed and read back as `mj score` reads it, scores without an error.
fn scores(rs: &Ruleset, h: &Hand) -> bool {
    let line = mj_core::print_hand(&rs.tiles, h);
    mj_core::notation::parse_hand(&rs.tiles, &rs.context_words, &line)
        .is_ok_and(|parsed| crate::report::score_hand_plain(rs, &parsed).is_ok())
}

/// Seats the table has, and melds only of the claims it allows: a declared chow where there is
/// no chi goes back among the concealed tiles (before the winning tile).
fn fit_table(rs: &Ruleset, rng: &mut Rng, h: &mut Hand) {
    let players = rs.play.players.max(1);
    let seat = |w: Wind, rng: &mut Rng| {
        if w.index() < players {
            w
        } else {
            Wind::from_index(rng.below(players as u64) as u8).unwrap_or_default()
        }
    };
    h.context.seat = seat(h.context.seat, rng);
    h.context.round = seat(h.context.round, rng);
    let allowed = |m: &Meld| {
        let claim = match m {
            Meld::Chow { .. } => "chi",
            Meld::Pung { .. } => "pong",
            Meld::ExposedKong { .. } => "exposed_kong",
            Meld::AddedKong { .. } => "added_kong",
            Meld::ConcealedKong { .. } => "concealed_kong",
        };
        rs.play.claims.iter().any(|c| c == claim)
    };
    let mut back: Vec<Tile> = Vec::new();
    h.melds.retain(|m| {
        let keep = allowed(m);
        if !keep {
            back.extend(m.tiles(&rs.tiles).unwrap_or_default().iter().copied());
        }
        keep
    });
    if !back.is_empty() {
        let win = h.concealed.pop();
        h.concealed.extend(back);
        h.concealed.extend(win);
    }
}

/// A value for each context word of the ruleset: flags now and then, numbers from 1 to one less
/// than the players (valid for a seat offset too; a dealer's streak 1–9), tiles 1–4 random
/// playing tiles.
fn add_words(rs: &Ruleset, rng: &mut Rng, h: &mut Hand) {
    let playing: Vec<Tile> = rs
        .tiles
        .playing_tiles()
        .filter(|&t| rs.tiles.copies(t) > 0)
        .collect();
    let top = u64::from(rs.play.players.max(2)) - 1;
    let streak = WordSource::Fact(mj_core::game::rules::WinFact::DealerStreak);
    for (w, source) in rs.context_words.iter().zip(&rs.context_sources) {
        let value = match (w.takes_value, w.value) {
            (false, _) => (rng.below(100) < FLAG_PERCENT).then_some(None),
            // A dealer's streak runs past the seat count: up to 9, so that fans of a long
            // streak (paarenchan at 7) come up.
            (true, WordValue::Number) => {
                let top = if *source == streak { 9 } else { top };
                (rng.below(2) == 0).then(|| Some((1 + rng.below(top)).to_string()))
            }
            (true, WordValue::Tiles) if !playing.is_empty() => (rng.below(2) == 0).then(|| {
                let n = 1 + rng.below(4) as usize;
                let tiles: Vec<Tile> = (0..n)
                    .map(|_| playing[rng.below(playing.len() as u64) as usize])
                    .collect();
                Some(mj_core::print_tiles(&rs.tiles, &tiles))
            }),
            _ => None,
        };
        if let Some(v) = value {
            h.context.extra.push((w.word.as_str().into(), v.map(Into::into)));
        }
    }
    h.context.extra.sort_by(|a, b| a.0.cmp(&b.0));
}

/// Copies of a tile with red copies are red at random, up to its red copies; where the hand holds
/// more copies than the plain ones, the rest are red (they cannot be anything else).
fn add_red(rs: &Ruleset, rng: &mut Rng, h: &mut Hand) {
    let set = &rs.tiles;
    if !set.has_red() {
        return;
    }
    let held = h.all_counts(set);
    let mut left: Vec<u8> = set.tiles().map(|t| set.red_copies(t)).collect();
    let mut must: Vec<u8> = set
        .tiles()
        .map(|t| held[t.id()].saturating_sub(set.copies(t) - set.red_copies(t)))
        .collect();
    let mut take = |t: Tile, rng: &mut Rng| -> bool {
        let i = t.id();
        let red = left[i] > 0 && (must[i] > 0 || rng.below(2) == 0);
        left[i] -= u8::from(red);
        must[i] = must[i].saturating_sub(u8::from(red));
        red
    };
    let mut melds = vec![0u8; h.melds.len()];
    for (i, m) in h.melds.iter().enumerate() {
        for &t in m.tiles(set).unwrap_or_default().iter() {
            melds[i] += u8::from(take(t, rng));
        }
    }
    if melds.iter().any(|&n| n > 0) {
        h.red.melds = melds;
    }
    let n = h.concealed.len();
    for (i, &t) in h.concealed.iter().enumerate() {
        if take(t, rng) {
            if i + 1 == n {
                h.red.winning = true;
            } else {
                h.red.concealed.push(t);
            }
        }
    }
    h.red.concealed.sort();
}
