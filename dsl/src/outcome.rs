//! A hand scored and settled without its account: the fans by index, the total, han and fu, the
//! limit and every seat's payment, and nothing a reader needs beside them (no reading in
//! notation, no "why" per fan, no removed fans, no check of context words that changed nothing).
//! It is what a bot, a simulation or a batch comparison with another scorer asks for, and it is
//! the same scoring as the report's: [`settle_hand`] and [`crate::report::score_hand`] run the
//! same scorer ([`crate::score`] is [`crate::score::explain`] without the account) and share the
//! line checks and the settlement below, so the two agree by construction
//! (`snapshots/tests/outcome.rs` checks it over every corpus and sampled hands).

use crate::ruleset::Ruleset;
use crate::score::{score, FanHit, HanFu, Score};
use crate::settle::drawn::alone_pay;
use crate::settle::written::{discarder_offset, word_values, written_payments, written_win};
use crate::settle::{settle_win, WinKind};
use mj_core::{Hand, Wind};
use serde::Serialize;

/// What a hand scores and pays, without the account of why.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// Fans in table order, by index into `Ruleset::fans`, with their counts.
    pub hits: Vec<FanHit>,
    /// Combined value of every fan listed (han, for a ruleset with a points formula).
    pub total: i64,
    /// Whether the hand is a legal win reaching the ruleset's minimum.
    pub valid: bool,
    /// For a ruleset with a `[points]` formula: han, fu, basic points and the limit reached.
    pub han_fu: Option<HanFu>,
    /// Net change per seat, winner positive; empty for an invalid hand.
    pub payments: Payments,
}

impl Outcome {
    /// The name of the limit reached (`mangan`, …), if any.
    pub fn limit_name<'a>(&self, rs: &'a Ruleset) -> Option<&'a str> {
        let i = self.han_fu?.limit?;
        rs.points.formula.as_ref().map(|f| f.limits[i].name.as_str())
    }
}

/// Parses a line of notation and [`settle_hand`]s it, giving the parsed hand beside its outcome
/// (what the outcome's JSON line needs of it: whether a meld is exposed, whether it has tiles).
/// Errors are the messages [`crate::report::score_text`] gives for the same line.
pub fn settle_text(rs: &Ruleset, text: &str) -> Result<(Hand, Outcome), String> {
    let hand =
        mj_core::notation::parse_hand(&rs.tiles, &rs.context_words, line(text)).map_err(|e| e.to_string())?;
    let o = settle_hand(rs, &hand)?;
    Ok((hand, o))
}

/// A line of notation without its line ending and surrounding ASCII blanks. Not `str::trim`:
/// that also strips Unicode spaces such as U+00A0, which the notation reads as part of a word,
/// so a hand's canonical form (ending in such a word) would not parse back to the same hand.
pub(crate) fn line(text: &str) -> &str {
    text.trim_matches(|c: char| c.is_ascii_whitespace())
}

/// Scores and settles `hand` (the last concealed tile is the winning tile). Errors are the
/// messages [`crate::report::score_hand`] gives for the same line.
pub fn settle_hand(rs: &Ruleset, hand: &Hand) -> Result<Outcome, String> {
    if is_words_only(hand) {
        let a = alone(rs, hand)?;
        return Ok(Outcome {
            hits: a.hits,
            total: a.total,
            valid: true,
            han_fu: a.han_fu,
            payments: a.payments,
        });
    }
    check_line(rs, hand)?;
    if let Some(word) = crate::word_rules::ready_word(&rs.word_rules, hand) {
        let mut o = best_ready_win(rs, hand, word, |won| {
            settle_hand(rs, won)
                .ok()
                .filter(|o| o.valid)
                .map(|o| (o.total, o))
        })?;
        o.payments = Payments::null();
        return Ok(o);
    }
    let s = score(rs, hand).map_err(|e| e.to_string())?;
    let payments = paid(rs, hand, &s)?;
    Ok(Outcome {
        total: s.total,
        valid: s.valid,
        han_fu: s.han_fu,
        payments,
        hits: s.hits,
    })
}

/// A line with the ruleset's `ready_hand` word (`end`, 查大叫): a hand one tile short, valued as
/// the best it could score by winning on a discard, over every tile it waits on of which a copy
/// is left outside the hand. The situational words (the notation's `self`, `last`, `kong`,
/// `fourth`, and words that play sets from facts, such as 杠上炮's) are left out, so the value
/// is the hand's own. `score` scores one such win (the line less those words, plus the tile),
/// giving its total and result, or nothing when it is not a valid win; the first best is kept.
/// The report and the outcome both value a ready hand through here, so they agree.
pub(crate) fn best_ready_win<T>(
    rs: &Ruleset,
    hand: &Hand,
    word: &str,
    mut score: impl FnMut(&Hand) -> Option<(i64, T)>,
) -> Result<T, String> {
    let expected = rs.deal.hand_size as usize;
    if hand.effective_len() != expected {
        return Err(format!(
            "`{word}`: the hand has {}; a ready hand has {expected} (a kong counting three), without a winning tile",
            mj_core::tile::tiles_word(hand.effective_len())
        ));
    }
    let mut base = hand.clone();
    let c = &mut base.context;
    (c.self_drawn, c.last_tile, c.kong, c.fourth) = (false, false, false, false);
    let fact = |w: &str| {
        rs.context_words
            .iter()
            .zip(&rs.context_sources)
            .any(|(x, s)| x.word == w && matches!(s, crate::ruleset::WordSource::Fact(_)))
    };
    c.extra.retain(|(w, _)| w != word && !fact(w));
    let held = hand.all_counts(&rs.tiles);
    let waits = mj_core::wait::waits(&rs.tiles, &rs.forms, &hand.melds, &hand.concealed_counts());
    let mut best: Option<(i64, T)> = None;
    for t in waits.into_iter().filter(|&t| held[t.id()] < rs.tiles.copies(t)) {
        let mut won = base.clone();
        won.concealed.push(t);
        let Some((total, r)) = score(&won) else {
            continue;
        };
        if best.as_ref().is_none_or(|(b, _)| total > *b) {
            best = Some((total, r));
        }
    }
    best.map(|(_, r)| r)
        .ok_or_else(|| format!("`{word}`: the hand is not ready (no tile left outside it completes a win)"))
}

/// A line of context words only, without tiles (`nagashi seat=S`): scored by its word alone.
pub(crate) fn is_words_only(hand: &Hand) -> bool {
    hand.melds.is_empty() && hand.concealed.is_empty()
}

/// What a line with tiles must get right before it is scored: a `from=` that names a seat, no
/// flowers where the ruleset has no bonus tiles.
pub(crate) fn check_line(rs: &Ruleset, hand: &Hand) -> Result<(), String> {
    discarder_offset(rs, hand)?;
    crate::word_rules::check(&rs.word_rules, &rs.tiles, hand)?;
    crate::word_rules::check_never_together(&rs.win.never_together, hand)?;
    crate::settle::written::check_dealer_discard(rs, hand)?;
    if hand.context.flowers > 0 && !rs.tiles.tiles().any(|t| rs.tiles.is_bonus(t)) {
        return Err(format!(
            "'flowers={}' — ruleset {} has no bonus tiles, so a hand holds none: leave out flowers=N",
            hand.context.flowers, rs.name
        ));
    }
    Ok(())
}

/// The payments of a scored line: none for an invalid hand.
pub(crate) fn paid(rs: &Ruleset, hand: &Hand, s: &Score) -> Result<Payments, String> {
    if !s.valid {
        return Ok(Payments::default());
    }
    let players = (rs.play.players as usize).min(crate::settle::MAX_SEATS);
    written_payments(rs, hand, s).map(|p| Payments::from_seats(&p[..players]))
}

/// A line scored without tiles: its fans in table order, their combined value, han and basic
/// points under a points formula, and the payments.
pub(crate) struct Alone {
    pub hits: Vec<FanHit>,
    pub total: i64,
    pub han_fu: Option<HanFu>,
    pub payments: Payments,
}

/// A line of words only (a context word with `alone`, e.g. `nagashi seat=S`): the word's fan
/// alone, paid as a self-drawn win of `seat=` without the deposits on the table; or a line of
/// bonus tiles only ([`bonus_win`]).
pub(crate) fn alone(rs: &Ruleset, hand: &Hand) -> Result<Alone, String> {
    if !hand.bonus.is_empty() {
        return bonus_win(rs, hand);
    }
    let found = rs
        .alone_fans
        .iter()
        .find(|(w, _)| hand.context.has(&rs.context_words[*w].word));
    let Some(&(_, fan)) = found else {
        return Err(format!(
            "the hand has no tiles, and ruleset {} scores no result without them",
            rs.name
        ));
    };
    fan_alone(
        rs,
        hand,
        vec![FanHit { fan, count: 1 }],
        WinKind::SelfDrawn,
        false,
    )
}

/// A line of bonus tiles only (`12345678f self`): `[win] bonus_win`'s fan, with the fans its
/// `with` adds, self-drawn (every other player pays) or robbed from `from=K` (that player alone
/// pays).
fn bonus_win(rs: &Ruleset, hand: &Hand) -> Result<Alone, String> {
    let (hits, self_drawn) = bonus_win_hits(rs, hand)?;
    let kind = if self_drawn {
        WinKind::SelfDrawn
    } else {
        written_win(rs, hand, false)?.1
    };
    fan_alone(rs, hand, hits, kind, true)
}

/// The fans of a line of bonus tiles only, in table order (`[win] bonus_win`'s fan and those its
/// `with` adds), and whether the win is self-drawn. Play judges its bonus wins by it too.
pub(crate) fn bonus_win_hits(rs: &Ruleset, hand: &Hand) -> Result<(Vec<FanHit>, bool), String> {
    let (fan, self_drawn) = bonus_win_fan(rs, hand)?;
    let mut hits = vec![FanHit { fan, count: 1 }];
    hits.extend(bonus_win_with(rs, hand, self_drawn));
    hits.sort_by_key(|h| h.fan);
    Ok((hits, self_drawn))
}

/// The fans `[win] bonus_win.with` adds to an instant win, each as often as its condition gives.
/// The line has no tiles, so a condition reads the line's words (the dealer's `winner_dealer`
/// and `dealer_streak` among them) and every hand quantity reads 0.
fn bonus_win_with(rs: &Ruleset, hand: &Hand, self_drawn: bool) -> Vec<FanHit> {
    if rs.bonus_win.with.is_empty() {
        return Vec::new();
    }
    let mut words = vec![None; rs.context_words.len() + crate::ruleset::DERIVED_WORDS.len()];
    let tile_words = crate::points::TileWords::read(rs, hand, &mut words);
    let counts: mj_core::Counts = [0; mj_core::tile::MAX_KINDS];
    crate::points::derived_words(rs, hand, &counts, &mut words, &tile_words);
    let mut f = crate::expr::Facts::amounts(&rs.tiles, &[]);
    f.words = &words;
    f.self_drawn = self_drawn;
    f.flowers = hand.flower_count() as i64;
    f.seat = hand.context.seat.index();
    f.round = hand.context.round.index();
    rs.bonus_win
        .with
        .iter()
        .filter_map(|&fan| {
            let def = &rs.fans[fan];
            let n = def.when.as_ref().map_or(1, |c| c.eval(&f));
            let count = crate::score::fan_count(n, def.max_count);
            (count > 0).then_some(FanHit { fan, count })
        })
        .collect()
}

/// The fan of a hand of bonus tiles only under `[win] bonus_win` (by index), and whether the win
/// is self-drawn: the self-drawn or the robbing fan, when the hand holds every bonus tile of the
/// set. Without a robbing fan a line that names no discarder (no `from=`) is self-drawn, written
/// with `self` or not.
fn bonus_win_fan(rs: &Ruleset, hand: &Hand) -> Result<(usize, bool), String> {
    let all = rs.tiles.tiles().filter(|&t| rs.tiles.is_bonus(t)).count();
    let (self_fan, discard_fan) = (rs.bonus_win.self_drawn, rs.bonus_win.discard);
    let self_drawn =
        hand.context.self_drawn || (discard_fan.is_none() && hand.context.value("from").is_none());
    let fan = if self_drawn { self_fan } else { discard_fan };
    let Some(fan) = fan.filter(|_| hand.bonus.len() == all) else {
        let when = match (self_fan, discard_fan) {
            (None, None) => "never ([win] bonus_win is not set)".to_string(),
            (_, Some(_)) => format!("when all {all} are written (self-drawn, or robbed with from=K)"),
            (Some(_), None) => format!("when all {all} are written and self-drawn (no `from=`)"),
        };
        return Err(format!(
            "the hand has only bonus tiles: ruleset {} scores a win on them only {when}",
            rs.name
        ));
    };
    Ok((fan, self_drawn))
}

/// Fans scored without a hand (`hits`, the first the line's own), paid as a win of `seat=` of
/// the given kind, the dealer and streak from the line's words.
fn fan_alone(
    rs: &Ruleset,
    hand: &Hand,
    hits: Vec<FanHit>,
    kind: WinKind,
    take_deposits: bool,
) -> Result<Alone, String> {
    let players = rs.play.players as usize;
    let winner = (hand.context.seat.index() as usize).min(players - 1);
    let total = combined(rs, &hits);
    let limit = hits.iter().any(|h| rs.fans[h.fan].limit);
    let (han_fu, mut pay) = alone_pay(rs, total, limit, winner, kind, hand.flower_count() as i64);
    pay.words = word_values(rs, hand);
    pay.take_deposits = take_deposits;
    let (dealer, streak) = rs.dealer_of(hand);
    pay.dealer = dealer.min(players - 1);
    pay.dealer_streak = streak;
    Ok(Alone {
        hits,
        total,
        han_fu,
        payments: Payments::from_seats(&settle_win(rs, &pay)),
    })
}

/// The fans' values combined as the ruleset combines a hand's (a sum or a product), capped.
pub(crate) fn combined(rs: &Ruleset, hits: &[FanHit]) -> i64 {
    let product = rs.scoring.combine == crate::ruleset::Combine::Product;
    let total = hits.iter().fold(i64::from(product), |acc, h| {
        crate::score::add_fan(product, acc, rs.fans[h.fan].value, h.count)
    });
    rs.scoring.cap.map_or(total, |cap| total.min(cap))
}

/// Net change per seat, serialized as a map from seat wind letter to amount (`{"E":24,…}`), in
/// seat order. Plain data rather than a JSON map, so a report is built without hashing or
/// allocating per seat; empty when nothing is paid (an invalid hand).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Payments {
    amounts: [i64; 4],
    seats: u8,
    /// Printed as `null`: the line is not a win that anyone pays (a ready hand's value).
    null: bool,
}

impl Payments {
    /// One amount per seat, East first; at most four seats (seats are named by wind).
    pub fn from_seats(amounts: &[i64]) -> Payments {
        let mut p = Payments::default();
        for (slot, &a) in p.amounts.iter_mut().zip(amounts) {
            *slot = a;
            p.seats += 1;
        }
        p
    }

    /// No payments at all, printed `null`: the line values a hand rather than settling a win.
    pub fn null() -> Payments {
        Payments {
            null: true,
            ..Payments::default()
        }
    }

    pub fn is_empty(&self) -> bool {
        self.seats == 0
    }

    /// Whether this is [`Payments::null`].
    pub fn is_null(&self) -> bool {
        self.null
    }

    pub fn len(&self) -> usize {
        self.seats as usize
    }

    /// The amount of the seat whose wind letter is `seat` (`"E"`, `"S"`, …).
    pub fn get(&self, seat: &str) -> Option<i64> {
        self.iter()
            .find(|&(w, _)| seat.len() == 1 && seat.starts_with(w))
            .map(|(_, a)| a)
    }

    pub fn contains_key(&self, seat: &str) -> bool {
        self.get(seat).is_some()
    }

    /// `(wind letter, amount)` in seat order.
    pub fn iter(&self) -> impl Iterator<Item = (char, i64)> + '_ {
        self.amounts[..self.len()]
            .iter()
            .enumerate()
            .map(|(i, &a)| (Wind::from_index(i as u8).map_or('?', |w| w.letter()), a))
    }
}

impl Serialize for Payments {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        if self.null {
            return s.serialize_none();
        }
        let mut map = s.serialize_map(Some(self.len()))?;
        for (w, a) in self.iter() {
            let mut key = [0u8; 4];
            map.serialize_entry(w.encode_utf8(&mut key), &a)?;
        }
        map.end()
    }
}
