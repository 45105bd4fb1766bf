//! What a finished hand hands on to the next: who deals it (the first winners, the discarder,
//! an abortive draw, the ready seats and the last drawer at a drawn hand) and the deposits left
//! on the table.

use super::{Record, RecordEvent};
use crate::game::event::PaymentReason;

impl Record {
    /// Seats that won the hand's first win: one winner, or every winner of the first discard
    /// (or robbed kong) won by several. Where winners leave and play goes on, later wins are not
    /// among them; the dealer rotation reads these.
    pub fn first_winners(&self) -> Vec<usize> {
        let start = self
            .events
            .iter()
            .position(|e| matches!(e, RecordEvent::Win { .. }))
            .unwrap_or(self.events.len());
        self.events[start..]
            .iter()
            .take_while(|e| {
                matches!(
                    e,
                    RecordEvent::Win { .. } | RecordEvent::Payment { .. } | RecordEvent::Horses { .. }
                )
            })
            .filter_map(|e| match e {
                RecordEvent::Win { seat, .. } => Some(*seat),
                _ => None,
            })
            .collect()
    }

    /// Deposits on the table when the hand ended: those it began with plus the declarations
    /// paid for in it, unless a winner took them.
    pub fn deposits_left(&self) -> u32 {
        if !self.winners().is_empty() {
            return 0;
        }
        // A deposit is one payment line per seat; its payer's is the negative one.
        let paid = self
            .events
            .iter()
            .filter(|e| {
                matches!(e, RecordEvent::Payment { reason: Some(r), amount, .. }
                    if r == PaymentReason::Deposit.name() && *amount < 0)
            })
            .count();
        self.deposits
            .saturating_add(u32::try_from(paid).unwrap_or(u32::MAX))
    }

    /// Whether the hand was voided by a penalty that has it dealt again
    /// ([`crate::game::Rules::penalty_replays_hand`], a false win): the next hand keeps its
    /// dealer, streak and counters.
    pub fn replayed(&self, rules: &dyn crate::game::Rules) -> bool {
        self.events
            .iter()
            .any(|e| matches!(e, RecordEvent::Penalty { id, .. } if rules.penalty_replays_hand(id)))
    }

    /// Whether the hand was called off as an abortive draw (途中流局).
    pub fn aborted(&self) -> bool {
        self.events
            .iter()
            .any(|e| matches!(e, RecordEvent::AbortiveDraw { .. }))
    }

    /// The seats ready when the wall ran out, as the exhaustive draw lists them (only tables
    /// whose dealer rotation reads them list them); empty for a hand that did not run out.
    pub fn ready_at_draw(&self) -> &[usize] {
        self.events
            .iter()
            .find_map(|e| match e {
                RecordEvent::ExhaustiveDraw { ready } => Some(ready.as_slice()),
                _ => None,
            })
            .unwrap_or(&[])
    }

    /// Who deals the hand after this one, and whether the deal passed: the table's rotation
    /// ([`crate::game::next_dealer_at`], told whether the dealer was ready at an
    /// exhaustive draw and who drew last), except that after an abortive draw the dealer deals again.
    pub fn next_dealer(&self, table: &crate::game::rules::TableRules) -> (usize, bool) {
        if self.aborted() {
            return (self.dealer, false);
        }
        let end = crate::game::rotation::DrawnEnd {
            dealer_ready: self.ready_at_draw().contains(&self.dealer),
            last_drawer: self.events.iter().rev().find_map(|e| match e {
                RecordEvent::Draw { seat, .. } => Some(*seat),
                _ => None,
            }),
        };
        crate::game::rotation::next_dealer_at(
            table,
            self.dealer,
            &self.first_winners(),
            self.discarder(),
            end,
        )
    }

    /// The seat whose discard (or robbed kong) was won on, if the hand was won that way.
    pub fn discarder(&self) -> Option<usize> {
        self.events.iter().find_map(|e| match e {
            RecordEvent::Win { from, .. } => Some(*from),
            _ => None,
        })?
    }
}
