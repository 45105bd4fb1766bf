//! Wins: the hand a win is scored as, whether the ruleset accepts it, and the facts its settlement
//! is given. Also the shape waits that declaring ready and the drawn hand rely on.

use super::event::{Event, KongKind, PaymentReason};
use super::facts::{last_copy, WinHow};
use super::money::pay;
use super::rules::{AfterWin, Rules, TableRules, WinFact, WinFacts, WinJudgement, WinSource};
use super::state::{Offer, Phase, State, TurnStart};
use crate::decompose::is_win;
use crate::hand::{Context, Hand, RedTiles};
use crate::meld::Meld;
use crate::notation::print_hand;
use crate::tile::{Counts, Tile, TileSet};

/// The tiles that complete a hand of `counts` (3n+1 tiles, `melds` declared) in shape, in tile
/// order; a kind whose every copy is already in the hand is not a wait.
pub fn shape_waits(rules: &dyn Rules, melds: usize, counts: &Counts) -> Vec<Tile> {
    let set = rules.tiles();
    set.playing_tiles()
        .filter(|w| {
            if counts[w.id()] >= set.copies(*w) {
                return false;
            }
            let mut c = *counts;
            c[w.id()] += 1;
            is_win(set, rules.forms(), melds, &c)
        })
        .collect()
}

/// Whether `seat` has won this hand under [`AfterWin::Stay`] with `locked`: it keeps its hand as
/// it won it (the table's won-hand lock).
pub(super) fn won_locked(rules: &dyn Rules, st: &State, seat: usize) -> bool {
    matches!(rules.table().after_win, AfterWin::Stay { locked: true }) && st.winners.contains(&seat)
}

/// Whether a kong by a seat under the won-hand lock leaves its waits as they were: `before` is its
/// locked hand (3n+1 concealed tiles beside `melds` declared melds), `after` its concealed tiles
/// once the kong is made (one meld more).
pub(super) fn kong_keeps_waits(rules: &dyn Rules, melds: usize, before: &Counts, after: &Counts) -> bool {
    let waits = shape_waits(rules, melds, before);
    !waits.is_empty() && waits == shape_waits(rules, melds + 1, after)
}

/// What `seat`'s hand would score at most by winning on a discard (the judged total), over every
/// tile it waits on, with no situational fact (no last tile, no kong): `None` when it waits on
/// nothing it can win on. A tile counts as a wait only while a copy of it is outside the seat's
/// own hand and melds; a seat holding its void suit waits on nothing.
pub(super) fn ready_value(rules: &dyn Rules, st: &State, seat: usize) -> Option<i64> {
    let set = rules.tiles();
    let table = rules.table();
    let s = &st.seats[seat];
    if s.holds_void(set) {
        return None;
    }
    let own = |t: Tile| {
        usize::from(s.concealed[t.id()])
            + s.melds
                .iter()
                .map(|m| {
                    m.tiles(set)
                        .unwrap_or_default()
                        .iter()
                        .filter(|&&x| x == t)
                        .count()
                })
                .sum::<usize>()
    };
    shape_waits(rules, s.melds.len(), &s.concealed)
        .into_iter()
        .filter(|&t| own(t) < set.copies(t) as usize && !s.is_void(set, t))
        .filter_map(|t| {
            let how = WinHow {
                // Who discards does not change the hand's fans; the word's default is written.
                discarder: Some(1),
                dealer: st.seats[st.dealer].wind,
                dealer_streak: st.dealer_streak,
                ..WinHow::default()
            }
            .with_table(table, set, st, seat);
            let hand = win_hand(set, table, st, seat, &s.concealed, t, how);
            rules.judge_win(&hand).filter(|j| j.valid).map(|j| j.total)
        })
        .max()
}

/// The winning hand as the scorer reads it: concealed tiles `before` plus `win` written last,
/// with the context words the engine knows (the notation's and the ruleset's facts).
pub(super) fn win_hand(
    set: &TileSet,
    table: &TableRules,
    st: &State,
    seat: usize,
    before: &Counts,
    win: Tile,
    how: WinHow,
) -> Hand {
    let s = &st.seats[seat];
    let mut concealed = Vec::with_capacity(18);
    for (id, &c) in before.iter().enumerate() {
        for _ in 0..c {
            concealed.push(Tile::from_id(id));
        }
    }
    concealed.push(win);
    // Where each bonus tile belongs to a seat, the scorer needs the tiles, not their count.
    // Tiles set aside by choice (`set_aside`) are not bonus tiles: the scorer hears of them
    // through their context word.
    let flowers: Vec<Tile> = s.bonus.iter().copied().filter(|&t| set.is_bonus(t)).collect();
    let (bonus, flowers) = if set.bonus_seats() {
        (flowers, 0)
    } else {
        (Vec::new(), flowers.len() as u8)
    };
    Hand {
        melds: s.melds.clone(),
        concealed,
        bonus,
        context: Context {
            self_drawn: how.self_drawn,
            last_tile: how.last_tile(),
            kong: how.kong,
            fourth: how.fourth,
            seat: s.wind,
            round: st.round,
            flowers,
            extra: how.words(table),
        },
        red: red_tiles(st, seat, before, win, how.self_drawn),
    }
}

/// Where the red copies of `seat`'s winning hand are: the winning tile is red when the tile
/// last moved in play was (the draw, or the discard or kong tile won on); the concealed tiles
/// before it are red as the seat's red counts say (less the drawn tile's own, when self-drawn).
fn red_tiles(st: &State, seat: usize, before: &Counts, win: Tile, self_drawn: bool) -> RedTiles {
    let s = &st.seats[seat];
    let winning = st.last_red;
    let mut concealed = Vec::new();
    for (id, &held) in before.iter().enumerate() {
        let mut red = s.red[id];
        if self_drawn && winning && id == win.id() {
            red = red.saturating_sub(1);
        }
        for _ in 0..red.min(held) {
            concealed.push(Tile::from_id(id));
        }
    }
    let melds = if s.meld_red.iter().any(|&r| r > 0) {
        s.meld_red.clone()
    } else {
        Vec::new()
    };
    RedTiles {
        melds,
        concealed,
        winning,
    }
}

/// Tiles left in the wall the draw after `seat`'s turn would come from (the next seat still
/// in draws).
pub(super) fn wall_left_after(st: &State, seat: usize) -> usize {
    st.wall.remaining_for(st.next_in(seat))
}

/// A self-drawn win on `tile` (already in the hand), if the ruleset accepts it; `start` says how
/// the tile was drawn. With every bonus tile set aside the seat may also win on them alone
/// ([`TableRules::bonus_win`]); when both are wins, the one worth more is taken (the hand's on a
/// tie).
pub(super) fn self_win(
    rules: &dyn Rules,
    st: &State,
    seat: usize,
    tile: Tile,
    start: &TurnStart,
) -> Option<(Hand, WinJudgement)> {
    // A seat barred by a penalty (相公) plays on but never wins.
    if st.seats[seat].barred {
        return None;
    }
    let hand = hand_self_win(rules, st, seat, tile, start);
    let bonus = if rules.table().bonus_win.self_drawn {
        bonus_win(rules, st, seat, None)
    } else {
        None
    };
    match (hand, bonus) {
        (Some(h), Some(b)) => Some(if b.1.total > h.1.total { b } else { h }),
        (h, b) => h.or(b),
    }
}

/// A win on the bonus tiles alone: `seat`'s own when `robbed` is `None` (self-drawn, every bonus
/// tile set aside), or with the bonus tile robbed from another seat, `(tile, that seat)` (all
/// the others set aside).
pub(super) fn bonus_win(
    rules: &dyn Rules,
    st: &State,
    seat: usize,
    robbed: Option<(Tile, usize)>,
) -> Option<(Hand, WinJudgement)> {
    let set = rules.tiles();
    let table = rules.table();
    let s = &st.seats[seat];
    let mut bonus: Vec<Tile> = s.bonus.iter().copied().filter(|&t| set.is_bonus(t)).collect();
    bonus.extend(robbed.map(|(t, _)| t));
    bonus.sort_unstable();
    bonus.dedup();
    let all = set.tiles().filter(|&t| set.is_bonus(t)).count();
    if all == 0 || bonus.len() != all || robbed.is_some_and(|(t, _)| s.bonus.contains(&t)) {
        return None;
    }
    let n = st.players().max(1);
    let how = WinHow {
        self_drawn: robbed.is_none(),
        discarder: robbed.map(|(_, from)| (seat + n - from) % n),
        dealer: st.seats[st.dealer].wind,
        dealer_streak: st.dealer_streak,
        ..WinHow::default()
    }
    .with_table(table, set, st, seat);
    let extra = how.words(table);
    let hand = Hand {
        melds: Vec::new(),
        concealed: Vec::new(),
        bonus,
        context: Context {
            self_drawn: how.self_drawn,
            seat: s.wind,
            round: st.round,
            extra,
            ..Context::default()
        },
        red: Default::default(),
    };
    let j = rules.judge_win(&hand).filter(|j| j.valid)?;
    Some((hand, j))
}

/// A self-drawn win of the hand's tiles on `tile`, if the ruleset accepts it.
fn hand_self_win(
    rules: &dyn Rules,
    st: &State,
    seat: usize,
    tile: Tile,
    start: &TurnStart,
) -> Option<(Hand, WinJudgement)> {
    let s = &st.seats[seat];
    // A seat holding a tile of its declared void suit cannot win.
    if s.concealed[tile.id()] == 0
        || s.holds_void(rules.tiles())
        || !is_win(rules.tiles(), rules.forms(), s.melds.len(), &s.concealed)
    {
        return None;
    }
    let (after_kong, after_bonus, kong_on_kong) = match *start {
        TurnStart::Drew {
            after_kong,
            after_bonus,
            kong_on_kong,
            ..
        } => (after_kong, after_bonus, kong_on_kong),
        _ => (false, false, false),
    };
    let mut before = s.concealed;
    before[tile.id()] -= 1;
    let table = rules.table();
    let how = WinHow {
        self_drawn: true,
        kong: after_kong,
        fourth: last_copy(table, rules.tiles(), st, tile, false, None),
        wall_left: Some(wall_left_after(st, seat)),
        after_bonus,
        kong_on_kong,
        after_kong_discard: false,
        dealer: st.seats[st.dealer].wind,
        dealer_streak: st.dealer_streak,
        ..WinHow::default()
    }
    .with_table(table, rules.tiles(), st, seat);
    let hand = win_hand(rules.tiles(), table, st, seat, &before, tile, how);
    let j = rules.judge_win(&hand).filter(|j| j.valid)?;
    Some((hand, j))
}

/// A win on the tile on offer: a discard, or (with `kong`) robbing a kong.
pub(super) fn discard_win(
    rules: &dyn Rules,
    st: &State,
    seat: usize,
    o: &Offer,
) -> Option<(Hand, WinJudgement)> {
    let table = rules.table();
    if st.seats[seat].barred {
        return None;
    }
    if o.bonus {
        return bonus_win(rules, st, seat, Some((o.tile, o.from))).filter(|_| table.bonus_win.robbed);
    }
    let (tile, kong) = (o.tile, o.kong);
    let forms = match kong {
        Some(k) => table.rob_kong.forms(k, rules.forms())?,
        None => rules.forms(),
    };
    let s = &st.seats[seat];
    if s.holds_void(rules.tiles()) || s.is_void(rules.tiles(), tile) {
        return None;
    }
    let mut full = s.concealed;
    full[tile.id()] += 1;
    if !is_win(rules.tiles(), forms, s.melds.len(), &full) {
        return None;
    }
    // The offered tile itself is on the table (in the discards or the kong) and is not "seen".
    let on_table = kong != Some(KongKind::Concealed);
    let robbed = (kong == Some(KongKind::Added)).then_some(o.from);
    let how = WinHow {
        self_drawn: false,
        kong: kong.is_some(),
        fourth: last_copy(table, rules.tiles(), st, tile, on_table, robbed),
        wall_left: kong.is_none().then(|| wall_left_after(st, o.from)),
        after_bonus: false,
        after_kong_discard: o.after_kong && kong.is_none(),
        discarder: Some((seat + st.players() - o.from) % st.players().max(1)),
        dealer: st.seats[st.dealer].wind,
        dealer_streak: st.dealer_streak,
        ..WinHow::default()
    }
    .with_table(table, rules.tiles(), st, seat);
    let hand = win_hand(rules.tiles(), table, st, seat, &s.concealed, tile, how);
    let j = rules.judge_win(&hand).filter(|j| j.valid)?;
    Some((hand, j))
}

/// The winning hand as the record writes it, with the word of [`WinFact::Liable`] (where the
/// ruleset has one) naming the seat the settlement makes pay the whole win: what play knows of
/// it and the line alone cannot show (whose claims came in a row, the tile first hung), so that
/// scoring the line pays as play did.
fn win_line(rules: &dyn Rules, st: &State, hand: &Hand, j: &WinJudgement, facts: &WinFacts) -> String {
    let set = rules.tiles();
    let word = rules
        .table()
        .context_facts
        .iter()
        .find(|(_, f)| *f == WinFact::Liable)
        .map(|(w, _)| w);
    let n = st.players().max(1);
    match word.zip(rules.liable(j, facts).filter(|&l| l != facts.winner && l < n)) {
        Some((word, liable)) => {
            let mut h = hand.clone();
            let k = (facts.winner + n - liable) % n;
            h.context
                .extra
                .push((word.as_str().into(), Some(k.to_string().into())));
            h.context.extra.sort();
            print_hand(set, &h)
        }
        None => print_hand(set, hand),
    }
}

/// The seat a meld was claimed from, if it was claimed.
pub(super) fn meld_source(seat: usize, n: usize, m: &Meld) -> Option<usize> {
    m.source_seat(seat, n)
}

/// Records the wins and their payments, then ends the hand, or (with [`AfterWin::Leave`]) marks
/// the winners as having left and returns the seat that draws next: the first seat still in
/// after the last winner in turn order. The hand ends there too once one player is left in.
/// With [`AfterWin::Stay`] the winning tile is set aside as the first winner's won tile and the
/// seat after the last winner draws next.
/// `kong_fed_by`: for a win on a kong replacement, the seat whose discard that kong was made on.
#[must_use = "play goes on with a draw by the seat returned"]
pub(super) fn finish(
    rules: &dyn Rules,
    st: &mut State,
    winners: &[(usize, Hand, WinJudgement)],
    tile: Tile,
    source: WinSource,
    kong_fed_by: Option<usize>,
    ev: &mut Vec<Event>,
) -> Option<usize> {
    for (i, (w, hand, j)) in winners.iter().enumerate() {
        let (from, robbed) = match source {
            WinSource::SelfDrawn => (None, false),
            WinSource::Discard { discarder } => (Some(discarder), false),
            WinSource::RobbedKong { konger } => (Some(konger), true),
        };
        let mut facts = win_facts(rules, st, *w, hand, source, kong_fed_by);
        ev.push(Event::Win {
            seat: *w,
            tile,
            self_drawn: source == WinSource::SelfDrawn,
            from,
            robbed_kong: robbed,
            hand: win_line(rules, st, hand, j, &facts),
            fans: j.fans.clone(),
            total: j.total,
        });
        if i > 0 {
            // Counters and deposits go to the first winner in turn from the discarder only.
            facts.counters = 0;
            facts.deposits = 0;
        }
        let horses = rules.horses(&facts);
        if horses > 0 {
            facts.horses = st.wall.live().into_iter().rev().take(horses).collect();
            ev.push(Event::Horses {
                seat: *w,
                tiles: facts.horses.clone(),
            });
        }
        let raw = rules.settle(j, &facts);
        pay(rules, st, &raw, PaymentReason::Win, ev);
        if i == 0 {
            // The first winner's settlement took the deposits off the table.
            st.deposits_taken = true;
        }
    }
    st.winners.extend(winners.iter().map(|(w, _, _)| *w));
    let last = winners.last().map(|(w, _, _)| *w);
    if let (AfterWin::Stay { .. }, Some(last)) = (rules.table().after_win, last) {
        // The winning tile leaves the hand it completed (the first winner's, who took it) and
        // is set aside; every seat stays in and the seat after the last winner draws.
        if let Some((w, _, _)) = winners.first() {
            let red = st.last_red;
            let s = &mut st.seats[*w];
            if s.concealed[tile.id()] > 0 {
                s.take_copies(tile, 1, red);
                s.won.push(tile);
            }
        }
        return Some(st.next_in(last));
    }
    if rules.table().after_win == AfterWin::Leave {
        for (w, _, _) in winners {
            st.left[*w] = true;
        }
        if let Some(last) = last.filter(|_| st.players_in() > 1) {
            return Some(st.next_in(last));
        }
    }
    st.phase = Phase::Over {
        winners: st.winners.clone(),
    };
    None
}

/// What the engine knows about a win by `w` with `hand`, for its settlement.
pub(super) fn win_facts(
    rules: &dyn Rules,
    st: &State,
    w: usize,
    hand: &Hand,
    source: WinSource,
    kong_fed_by: Option<usize>,
) -> WinFacts {
    let set = rules.tiles();
    let n = st.players();
    let melds = &st.seats[w].melds;
    let concealed_kongs = melds
        .iter()
        .filter(|m| matches!(m, Meld::ConcealedKong { .. }))
        .count();
    let one_suit = hand.is_one_suit(set);
    WinFacts {
        winner: w,
        source,
        dealer: st.dealer,
        flowers: st.seats[w].bonus.iter().filter(|&&t| set.is_bonus(t)).count() as u8,
        declared: st.seats.iter().map(|s| s.declared.is_some()).collect(),
        kong_fed_by,
        exposed_melds: (melds.len() - concealed_kongs) as u8,
        concealed_kongs: concealed_kongs as u8,
        last_meld_from: melds.last().and_then(|m| meld_source(w, n, m)),
        melds: melds.clone(),
        dealer_streak: st.dealer_streak,
        claim_feeders: (0..n)
            .map(|s| {
                st.seats[s]
                    .melds
                    .iter()
                    .filter_map(|m| meld_source(s, n, m))
                    .collect()
            })
            .collect(),
        one_suit,
        held_alone: st.seats[w].held_alone.clone(),
        left: st.left_facts(),
        horses: Vec::new(),
        counters: st.counters,
        deposits: st.deposits_on_table(),
    }
}
