//! Drawing: the ordinary draw, replacements after a kong or a bonus tile, the drawn hand when the
//! wall runs out, and the wall questions (is it empty, is a replacement there) play asks.

use super::event::{Event, KongKind, PaymentReason};
use super::money::{kong_facts, pay};
use super::rules::{AfterWin, DealerAfterDraw, DrawnFacts, KongMoney, KongReveal, Rules};
use super::state::{Phase, State, Turn, TurnStart};
use super::win::{ready_value, shape_waits, wall_left_after};
use crate::tile::Tile;

/// Whether the wall the next draw after `seat`'s turn would come from is empty: the shared wall,
/// or (per-seat walls) the next seat's own. Then `seat`'s draw or discard is the hand's last tile
/// (妙手回春, 海底捞月).
pub(super) fn next_wall_empty(st: &State, seat: usize) -> bool {
    wall_left_after(st, seat) == 0
}

/// Whether `seat` may declare a kong in its turn as far as the wall goes: its replacement must
/// exist, and unless the ruleset lets the last turn be claimed, the turn must not be the last.
/// With one shared wall both say "the wall is not empty".
pub(super) fn kong_replacement_open(rules: &dyn Rules, st: &State, seat: usize) -> bool {
    st.wall.remaining_for(seat) > 0 && (rules.table().last_discard_claimable || !next_wall_empty(st, seat))
}

/// A kong stood (nobody robbed it): instant kong payments, then the replacement draw.
pub(super) fn kong_stands(
    rules: &dyn Rules,
    st: &mut State,
    seat: usize,
    kind: KongKind,
    from: Option<usize>,
    on_replacement: bool,
    ev: &mut Vec<Event>,
) {
    reveal_for_kong(rules, st, kind);
    let raw = rules.settle_kong(&kong_facts(st, seat, kind, from, on_replacement));
    st.last_kong = Some((seat, st.kong_money.len()));
    if raw.iter().any(|&x| x != 0) {
        let paid = pay(rules, st, &raw, PaymentReason::Kong, ev);
        for (payer, &x) in paid.iter().enumerate() {
            if x < 0 && payer != seat {
                st.kong_money.push(KongMoney {
                    payer,
                    payee: seat,
                    amount: x.saturating_neg(),
                });
            }
        }
        for (k, x) in st.kong_net.iter_mut().zip(paid) {
            *k += x;
        }
    }
    // The replacement; a kong declared on a kong's replacement makes it 槓上槓's.
    match st.wall.replacement_for(seat) {
        None => exhaustive(rules, st, ev),
        Some(tile) => take(st, seat, tile, Some((true, from)), on_replacement, ev),
    }
}

/// The indicator a standing kong turns up: at once, or (exposed and added kongs, with
/// [`KongReveal::ConcealedAtOnce`]) after the konger's discard; a pending one shows now.
fn reveal_for_kong(rules: &dyn Rules, st: &mut State, kind: KongKind) {
    let table = rules.table();
    reveal_pending(st);
    match table.indicators.kong {
        KongReveal::Never => {}
        KongReveal::AtOnce => st.indicators_shown = st.indicators_shown.saturating_add(1),
        KongReveal::ConcealedAtOnce if kind == KongKind::Concealed => {
            st.indicators_shown = st.indicators_shown.saturating_add(1)
        }
        KongReveal::ConcealedAtOnce => st.indicator_pending = true,
    }
}

/// Shows the indicator a kong left pending (at the konger's discard or the next kong).
pub(super) fn reveal_pending(st: &mut State) {
    if std::mem::take(&mut st.indicator_pending) {
        st.indicators_shown = st.indicators_shown.saturating_add(1);
    }
}

/// An ordinary draw for `seat`, or the drawn hand when the wall is empty.
pub(super) fn draw(rules: &dyn Rules, st: &mut State, seat: usize, ev: &mut Vec<Event>) {
    match st.wall.draw_for(seat) {
        None => exhaustive(rules, st, ev),
        Some(tile) => take(st, seat, tile, None, false, ev),
    }
}

/// A replacement draw from the wall's end after a kong (made on `kong_from`'s discard, if any)
/// or a bonus tile.
pub(super) fn replacement(
    rules: &dyn Rules,
    st: &mut State,
    seat: usize,
    after_kong: bool,
    kong_from: Option<usize>,
    ev: &mut Vec<Event>,
) {
    match st.wall.replacement_for(seat) {
        None => exhaustive(rules, st, ev),
        Some(tile) => take(st, seat, tile, Some((after_kong, kong_from)), false, ev),
    }
}

/// `seat` takes `tile` into the hand and starts its turn: an ordinary draw (`replaced` is
/// `None`) or a replacement after a kong (`Some((true, kong_from))`) or a bonus tile
/// (`Some((false, None))`); `kong_on_kong` when that kong was declared on a kong's replacement.
fn take(
    st: &mut State,
    seat: usize,
    tile: Tile,
    replaced: Option<(bool, Option<usize>)>,
    kong_on_kong: bool,
    ev: &mut Vec<Event>,
) {
    let red = st.wall.last_red();
    st.last_red = red;
    let s = &mut st.seats[seat];
    s.add_copy(tile, red);
    s.missed_win = None;
    ev.push(Event::Draw {
        seat,
        tile,
        replacement: replaced.is_some(),
    });
    let (after_kong, kong_from) = replaced.unwrap_or((false, None));
    st.phase = Phase::Turn(Turn {
        seat,
        start: TurnStart::Drew {
            tile,
            after_kong,
            kong_from,
            // Replacements are drawn for kongs and for bonus tiles only.
            after_bonus: replaced.is_some() && !after_kong,
            kong_on_kong: kong_on_kong && after_kong,
        },
    });
}

/// The drawn hand (荒牌), with the ruleset's drawn-hand payments.
pub(super) fn exhaustive(rules: &dyn Rules, st: &mut State, ev: &mut Vec<Event>) {
    // Seats that have left, or (winners staying in) have won, are not checked.
    let exempt = st.drawn_exempt(matches!(rules.table().after_win, AfterWin::Stay { .. }));
    let checked = |s: usize| !exempt.get(s).copied().unwrap_or(false);
    let facts = DrawnFacts {
        declared_order: st.declared_order(),
        kong_net: st.kong_net.clone(),
        ready: st
            .seats
            .iter()
            .map(|s| s.declared.is_some() || !shape_waits(rules, s.melds.len(), &s.concealed).is_empty())
            .collect(),
        dealer_streak: st.dealer_streak,
        left: exempt.clone(),
        dealer: st.dealer,
        discards: st
            .seats
            .iter()
            .map(|s| s.discards.iter().map(|d| d.tile).collect())
            .collect(),
        discards_claimed: st
            .seats
            .iter()
            .map(|s| s.discards.iter().any(|d| d.claimed))
            .collect(),
        void_held: st.seats.iter().map(|s| s.holds_void(rules.tiles())).collect(),
        ready_value: if rules.table().ready_values {
            (0..st.players())
                .map(|s| {
                    if checked(s) {
                        ready_value(rules, st, s)
                    } else {
                        None
                    }
                })
                .collect()
        } else {
            Vec::new()
        },
        kong_money: st.kong_money.clone(),
    };
    // Listed only where the rotation reads them, so other tables' records stay as they were.
    let ready = if rules.table().dealer_after_draw == DealerAfterDraw::StayIfReady {
        (0..facts.ready.len()).filter(|&s| facts.ready[s]).collect()
    } else {
        Vec::new()
    };
    ev.push(Event::ExhaustiveDraw { ready });
    let raw = rules.settle_drawn(&facts);
    if raw.iter().any(|&x| x != 0) {
        pay(rules, st, &raw, PaymentReason::DrawnHand, ev);
    }
    // With winners who left, the hand still ends with them as its winners.
    st.phase = Phase::Over {
        winners: st.winners.clone(),
    };
}
