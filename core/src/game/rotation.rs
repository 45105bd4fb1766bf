//! Dealer rotation between hands: who deals next and whether the round count advances.

use super::rules::{DealerAfterDraw, DealerAfterMultiple, DealerRotation, TableRules};

/// The dealer of the next hand, and whether the deal passed on (which advances the round count).
/// `discarder` is the seat that fed the win(s), if they were on a discard or a robbed kong.
/// A drawn hand counts the dealer as not ready and its last drawer unknown (see
/// [`next_dealer_at`]).
pub fn next_dealer(
    table: &TableRules,
    dealer: usize,
    winners: &[usize],
    discarder: Option<usize>,
) -> (usize, bool) {
    next_dealer_at(table, dealer, winners, discarder, DrawnEnd::default())
}

/// How a drawn hand ended, as the rotation after it may read it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DrawnEnd {
    /// The dealer was ready when the wall ran out ([`DealerAfterDraw::StayIfReady`]).
    pub dealer_ready: bool,
    /// The seat that drew the wall's last tile ([`DealerAfterDraw::LastDrawer`]).
    pub last_drawer: Option<usize>,
}

/// [`next_dealer`] told how a drawn hand ended ([`DrawnEnd`]); a hand with winners ignores it.
pub fn next_dealer_at(
    table: &TableRules,
    dealer: usize,
    winners: &[usize],
    discarder: Option<usize>,
    end: DrawnEnd,
) -> (usize, bool) {
    let players = table.player_count().max(1);
    let pass = ((dealer + 1) % players, true);
    let to = |seat: usize| (seat, seat != dealer);
    if winners.is_empty() {
        return match (table.dealer, table.dealer_after_draw) {
            (DealerRotation::Rotate, _) | (_, DealerAfterDraw::Pass) => pass,
            (_, DealerAfterDraw::Stay) => (dealer, false),
            (_, DealerAfterDraw::StayIfReady) if end.dealer_ready => (dealer, false),
            (_, DealerAfterDraw::StayIfReady) => pass,
            (_, DealerAfterDraw::LastDrawer) => to(end.last_drawer.unwrap_or(dealer) % players),
        };
    }
    match table.dealer {
        DealerRotation::Rotate => pass,
        DealerRotation::WinnerDeals => match (winners, table.dealer_after_multiple, discarder) {
            ([_, _, ..], DealerAfterMultiple::Discarder, Some(d)) => to(d),
            _ => to(winners[0]),
        },
        DealerRotation::StayOnWin => {
            if winners.contains(&dealer) {
                (dealer, false)
            } else {
                pass
            }
        }
    }
}

/// The dealer's streak in the next hand, dealt by `next`: one more when the dealer deals again
/// (and, with [`TableRules::dealer_streak_of_wins`], won this hand), otherwise 0.
pub fn next_streak(table: &TableRules, dealer: usize, next: usize, winners: &[usize], streak: u32) -> u32 {
    let kept = next == dealer && (!table.dealer_streak_of_wins || winners.contains(&dealer));
    if kept {
        streak.saturating_add(1)
    } else {
        0
    }
}

/// The counters (本場) of the next hand: one more after a drawn hand or a win by the dealer, none
/// after any other win. Tables whose rules read no counters carry them without effect.
pub fn next_counters(dealer: usize, winners: &[usize], counters: u32) -> u32 {
    if winners.is_empty() || winners.contains(&dealer) {
        counters.saturating_add(1)
    } else {
        0
    }
}
