//! When a match is over: out of rounds, a player fallen below a threshold or the floor, or a
//! target reached in the stretch (the last deal of the regular rounds and the extension rounds).
//! One function answers it for the engine's matches and for games rebuilt from others' logs,
//! so that both end a match at the same hand.

use super::rules::{RankingTies, TableRules};

/// Where a match stands once a hand is settled.
#[derive(Clone, Copy, Debug)]
pub struct AfterHand<'a> {
    /// Every player's points now, by player.
    pub totals: &'a [i64],
    /// The player who dealt the hand.
    pub dealer: usize,
    /// Whether that player deals the next hand too.
    pub dealer_stays: bool,
    /// The hand's round of prevalent wind, 0 = the first.
    pub round: u32,
    /// Whether the hand's dealer is the round's last, so that the deal passing ends the round.
    pub last_deal: bool,
}

/// The index of the last round a match of `rounds` regular rounds may reach: its extension
/// counts only with a target (nothing else could stop it early), and winds stop at the fourth.
pub fn final_round(table: &TableRules, rounds: u32) -> u32 {
    let regular = rounds.clamp(1, 4) - 1;
    let extra = match table.match_end.target {
        Some(_) => table.match_end.extra_rounds,
        None => 0,
    };
    regular.saturating_add(extra).min(3)
}

/// What the rules say after a hand: the match is over, goes on, or is the dealer's to end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Over,
    GoesOn,
    /// The dealer kept the deal in the stretch placed first (with the target or more when one
    /// is set) under `last_dealer_stops` and `last_dealer_chooses`: its player may end the match
    /// (あがりやめ) or play on. Without `last_dealer_chooses` that case is [`Verdict::Over`].
    DealerMayStop,
}

/// Whether the match ends after the hand `h`, in a match of `rounds` regular rounds, with a
/// dealer who may stop ([`Verdict::DealerMayStop`]) stopping.
pub fn match_over(table: &TableRules, rounds: u32, h: &AfterHand) -> bool {
    verdict(table, rounds, h) != Verdict::GoesOn
}

/// What the rules say after the hand `h`, in a match of `rounds` regular rounds.
pub fn verdict(table: &TableRules, rounds: u32, h: &AfterHand) -> Verdict {
    let over = |b: bool| if b { Verdict::Over } else { Verdict::GoesOn };
    let floor = table.floor.unwrap_or(0);
    let at_floor = h.totals.iter().filter(|&&t| t <= floor).count();
    if table.end_at_floor.is_some_and(|k| at_floor >= usize::from(k)) {
        return Verdict::Over;
    }
    let end = &table.match_end;
    if end.end_below.is_some_and(|b| h.totals.iter().any(|&t| t < b)) {
        return Verdict::Over;
    }
    let regular = rounds.clamp(1, 4) - 1;
    let stretch = h.round > regular || (h.round == regular && h.last_deal);
    if !stretch {
        return Verdict::GoesOn;
    }
    let mine = h.totals.get(h.dealer).copied().unwrap_or(i64::MIN);
    if h.dealer_stays {
        let may = end.last_dealer_stops
            && is_first(h.totals, h.dealer, table.ranking_ties)
            && end.target.is_none_or(|t| mine >= t);
        return match (may, end.last_dealer_chooses) {
            (true, true) => Verdict::DealerMayStop,
            (true, false) => Verdict::Over,
            (false, _) => Verdict::GoesOn,
        };
    }
    over(
        (h.last_deal && h.round >= final_round(table, rounds))
            || end.target.is_some_and(|t| h.totals.iter().any(|&x| x >= t)),
    )
}

/// Whether `p` is placed first: ahead of everyone, or tied with lower seats only when tied
/// players share places.
fn is_first(totals: &[i64], p: usize, ties: RankingTies) -> bool {
    let Some(&mine) = totals.get(p) else {
        return false;
    };
    totals
        .iter()
        .enumerate()
        .all(|(q, &x)| x < mine || (x == mine && (q >= p || ties == RankingTies::Share)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first(totals: &[i64], p: usize, ties: RankingTies) -> bool {
        is_first(totals, p, ties)
    }

    #[test]
    fn first_place_goes_to_the_lower_seat_unless_ties_share() {
        assert!(first(&[1, 3, 2], 1, RankingTies::SeatOrder));
        assert!(!first(&[3, 1, 3], 2, RankingTies::SeatOrder));
        assert!(first(&[3, 1, 3], 0, RankingTies::SeatOrder));
        assert!(first(&[3, 1, 3], 2, RankingTies::Share));
        assert!(!first(&[3, 1, 3], 7, RankingTies::Share));
    }
}
