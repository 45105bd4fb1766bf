//! Abortive draws (途中流局): hands the table calls off before the wall runs out, each a
//! [`AbortiveDraws`] rule of the ruleset. Nobody pays; the record says why; the dealer deals
//! again (see [`crate::game::record::Record::next_dealer`]).

use super::event::{AbortReason, Event};
use super::rules::{AbortiveDraws, Rules};
use super::state::{Phase, State, Turn, TurnStart};
use crate::tile::Wind;

/// Ends the hand as an abortive draw; `seats` are the players it names (the declarer of
/// nine kinds, the claimants of three wins).
pub(super) fn abort(st: &mut State, reason: AbortReason, seats: Vec<usize>, ev: &mut Vec<Event>) {
    ev.push(Event::AbortiveDraw { reason, seats });
    st.phase = Phase::Over { winners: Vec::new() };
}

/// Whether nobody has called or made a kong and `seat` has not yet discarded: its first go
/// is uninterrupted.
fn first_go(st: &State, seat: usize) -> bool {
    st.melds_made() == 0 && st.seats[seat].discards.is_empty()
}

/// Whether the player whose turn `t` is may call the hand off holding nine or more kinds of
/// terminals and honours (九種九牌) on its first, uninterrupted, ordinary draw.
pub(super) fn nine_kinds_open(rules: &dyn Rules, st: &State, t: &Turn) -> bool {
    if !rules.table().abortive.nine_kinds {
        return false;
    }
    let drew = matches!(
        t.start,
        TurnStart::Drew {
            after_kong: false,
            after_bonus: false,
            ..
        }
    );
    let set = rules.tiles();
    let s = &st.seats[t.seat];
    let kinds = set
        .playing_tiles()
        .filter(|&k| s.concealed[k.id()] > 0 && (set.is_terminal(k) || set.is_honour(k)))
        .count();
    drew && first_go(st, t.seat) && kinds >= 9
}

/// After a discard passed without a win (its deposit paid), whether the table calls the
/// hand off: every player's first discard the same wind with no call (四風連打), every player
/// declared (四家立直), or four kongs made by more than one player (四開槓). The abort is
/// recorded and the hand is over when it returns true.
pub(super) fn abort_after_discard(rules: &dyn Rules, st: &mut State, ev: &mut Vec<Event>) -> bool {
    let on: AbortiveDraws = rules.table().abortive;
    let reason = if on.four_winds && same_wind_first_discards(rules, st) {
        Some(AbortReason::FourWinds)
    } else if on.all_declared
        && st
            .seats
            .iter()
            .all(|s| s.declared.as_ref().is_some_and(|d| !d.deposit_due))
    {
        Some(AbortReason::AllDeclared)
    } else if on.four_kongs && kongs(st).0 >= 4 && kongs(st).1 > 1 {
        Some(AbortReason::FourKongs)
    } else {
        None
    };
    match reason {
        Some(r) => {
            abort(st, r, Vec::new(), ev);
            true
        }
        None => false,
    }
}

/// Kongs on the table, and how many players made them.
pub(super) fn kongs(st: &State) -> (usize, usize) {
    let per: Vec<usize> = st
        .seats
        .iter()
        .map(|s| s.melds.iter().filter(|m| m.is_kong()).count())
        .collect();
    (per.iter().sum(), per.iter().filter(|&&k| k > 0).count())
}

/// Whether another kong may be made as far as the four-kongs rule goes: not once four stand
/// (the dead wall gives four replacements at most).
pub(super) fn kong_limit_open(rules: &dyn Rules, st: &State) -> bool {
    !rules.table().abortive.four_kongs || kongs(st).0 < 4
}

/// Every player has made exactly one discard, the same wind, and nobody has called.
fn same_wind_first_discards(rules: &dyn Rules, st: &State) -> bool {
    let set = rules.tiles();
    let first = st.seats[0].discards.first().map(|d| d.tile);
    let is_wind = |t| {
        (0..4)
            .filter_map(Wind::from_index)
            .any(|w| set.honour(w.letter()) == Some(t))
    };
    st.melds_made() == 0
        && first.is_some_and(is_wind)
        && st
            .seats
            .iter()
            .all(|s| s.discards.len() == 1 && Some(s.discards[0].tile) == first)
}
