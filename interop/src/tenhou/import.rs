//! A whole Tenhou log replayed in our engine (`mj import tenhou`): every hand played from its
//! INIT with [`super::replay::play`], its score changes taken from the engine's settlement and
//! compared with the log's `sc=`, the match carried from hand to hand (points, dealer, counters,
//! deposits) and compared with the next INIT, where the game ends with where our match rules
//! end it, and the final points with `owari=`.

use super::log::{Event, Init, Log};
use super::replay::{play, Mismatch};
use super::wall::Kinds;
use mj_core::game::match_end::{verdict, AfterHand, Verdict};
use mj_core::game::matchplay::rank;
use mj_core::game::rules::RankingTies;
use mj_core::game::{next_counters, next_streak, Record, Rules};
use mj_dsl::table::Table;
use serde_json::json;

/// The first place a log and our replay of it disagree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divergence {
    /// 1-based number of the hand (the n-th INIT).
    pub hand: usize,
    pub mismatch: Mismatch,
}

/// What replaying one log gave.
pub struct Outcome {
    pub file: String,
    pub ok: bool,
    /// Hands the log finished (with a result).
    pub hands: usize,
    /// Every finished hand's net score changes as our engine settled them (deposits paid in the
    /// hand included), by seat; `None` for a hand the engine could not play to its result.
    pub deltas: Vec<Option<Vec<i64>>>,
    /// The recorded net changes of the same hands (`sc=` less the deposits paid in the hand).
    pub recorded: Vec<Vec<i64>>,
    /// Our final points (deposits left at the end to the first place): start points plus our
    /// deltas; `None` when a hand could not be played.
    pub final_points: Option<Vec<i64>>,
    pub divergence: Option<Divergence>,
    /// Our record of every hand played to its end, in order.
    pub records: Vec<Record>,
}

impl Outcome {
    /// The JSON line `mj import tenhou` prints for the log.
    pub fn to_json(&self) -> serde_json::Value {
        json!({
            "file": self.file,
            "ok": self.ok,
            "hands": self.hands,
            "deltas": self.deltas,
            "final": self.final_points,
            "divergence": self.divergence.as_ref().map(|d| json!({
                "hand": d.hand,
                "event": d.mismatch.event,
                "expected": d.mismatch.expected,
                "got": d.mismatch.got,
            })),
        })
    }

    /// Hands whose deltas equal the recorded ones.
    pub fn agreeing_hands(&self) -> usize {
        self.deltas
            .iter()
            .zip(&self.recorded)
            .filter(|(ours, theirs)| ours.as_ref() == Some(theirs))
            .count()
    }
}

/// Each discard of a hand's log: the seat, and whether it threw the tile just drawn.
fn discards(hand: &[Event]) -> impl Iterator<Item = (usize, bool)> + '_ {
    hand.iter().filter_map(|e| match e {
        Event::Discard { who, tsumogiri, .. } => Some((usize::from(*who), *tsumogiri)),
        _ => None,
    })
}

/// The hand's recorded net changes: the `sc=` changes of its results (both wins of a double ron)
/// less the 1,000 each declarer put on the table in it; `None` when the log stops before a
/// result.
fn recorded(events: &[Event], players: usize) -> Option<Vec<i64>> {
    let mut d = vec![0i64; players];
    let mut any = false;
    for e in events {
        let sc = match e {
            Event::Agari(a) => &a.sc,
            Event::Ryuukyoku(r) => &r.sc,
            Event::Reach { who, step: 2, .. } => {
                d[usize::from(*who)] -= 1000;
                continue;
            }
            _ => continue,
        };
        any = true;
        for (s, c) in sc.iter().enumerate().take(players) {
            d[s] += c.1;
        }
    }
    any.then_some(d)
}

/// The seats that won the hand, in log order.
fn winners(events: &[Event]) -> Vec<usize> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Agari(a) => Some(usize::from(a.who)),
            _ => None,
        })
        .collect()
}

/// What our engine says the next hand starts with, compared with the log's next INIT.
fn carry(t: &Table, prev: &Init, record: &Record, stacks: &[i64], next: &Init) -> Option<Mismatch> {
    let table = t.table();
    let winners = record.winners();
    let (dealer, _) = record.next_dealer(table);
    let counters = next_counters(usize::from(prev.oya), &winners, prev.honba);
    let ours = (dealer, counters, record.deposits_left(), stacks.to_vec());
    let theirs = (usize::from(next.oya), next.honba, next.sticks, next.ten.clone());
    (ours != theirs).then(|| Mismatch {
        event: "the next INIT".into(),
        expected: format!(
            "dealer {}, counters {}, deposits {}, points {:?}",
            theirs.0, theirs.1, theirs.2, theirs.3
        ),
        got: format!(
            "dealer {}, counters {}, deposits {}, points {:?}",
            ours.0, ours.1, ours.2, ours.3
        ),
    })
}

/// Replays `log` (read from `file`) under `t`: each hand from its own INIT, so that one hand's
/// disagreement does not hide how the others go; the first disagreement is the log's divergence.
pub fn import(t: &Table, log: &Log, file: &str) -> Outcome {
    let n = usize::from(log.players);
    let mut out = Outcome {
        file: file.to_string(),
        ok: false,
        hands: 0,
        deltas: Vec::new(),
        recorded: Vec::new(),
        final_points: None,
        divergence: None,
        records: Vec::new(),
    };
    let diverge = |out: &mut Outcome, hand: usize, m: Mismatch| {
        if out.divergence.is_none() {
            out.divergence = Some(Divergence { hand, mismatch: m });
        }
    };
    let kinds = match Kinds::new(t, log.red_fives()) {
        Ok(k) => k,
        Err(e) => {
            let m = Mismatch {
                event: "the ruleset".into(),
                expected: "Tenhou's 34 tile kinds".into(),
                got: e,
            };
            diverge(&mut out, 1, m);
            return out;
        }
    };
    let names: Vec<String> = (0..n)
        .map(|s| log.names.get(s).cloned().unwrap_or_else(|| format!("seat {s}")))
        .collect();
    let mut totals: Option<Vec<i64>> = None;
    let mut all_played = true;
    let mut prev: Option<(Init, Record)> = None;
    let mut streak = 0u32;
    let hands = log.hands();
    let count = hands.len();
    for (k, hand) in hands.into_iter().enumerate() {
        let Some(Event::Init(init)) = hand.first() else {
            continue;
        };
        if totals.is_none() {
            totals = Some(init.ten.iter().take(n).copied().collect());
        }
        if let (Some((p, r)), Some(tot)) = (&prev, &totals) {
            let (dealer, next) = (usize::from(p.oya), usize::from(init.oya));
            streak = next_streak(t.table(), dealer, next, &r.winners(), streak);
            if let Some(m) = carry(t, p, r, tot, init) {
                diverge(&mut out, k + 1, m);
            }
        }
        let want = recorded(hand, n);
        let played = match play(t, &kinds, init, &hand[1..], streak) {
            Ok(p) => p,
            Err(m) => {
                diverge(&mut out, k + 1, m);
                None
            }
        };
        prev = None;
        let Some(want) = want else {
            // Cut off before the hand's result: not compared.
            continue;
        };
        out.hands += 1;
        out.recorded.push(want.clone());
        let Some(p) = played else {
            out.deltas.push(None);
            all_played = false;
            continue;
        };
        let mut record = Record::new(
            t,
            0,
            p.state.dealer,
            p.state.round,
            names.clone(),
            Some(&p.wall),
            &p.events,
        )
        .at(t, &p.state)
        .with_red_wall(t.tiles(), &p.red);
        record.mark_from_hand(discards(hand));
        let ours = record.net();
        if let Some(m) = p.red_choice.clone() {
            diverge(&mut out, k + 1, m);
        }
        let (w_ours, w_log) = (record.winners(), winners(hand));
        if w_ours != w_log {
            let m = Mismatch {
                event: "the hand's result".into(),
                expected: format!("winners {w_log:?}"),
                got: format!("winners {w_ours:?}"),
            };
            diverge(&mut out, k + 1, m);
        } else if ours != want {
            let m = Mismatch {
                event: "the hand's score changes".into(),
                expected: format!("{want:?}"),
                got: format!("{ours:?}"),
            };
            diverge(&mut out, k + 1, m);
        }
        if let Some(tot) = totals.as_mut() {
            for (x, d) in tot.iter_mut().zip(&ours) {
                *x += d;
            }
            // The log goes on exactly when our match rules say the game is not over.
            let goes_on = k + 1 < count;
            if goes_on || !log.cut_off {
                let v = ends(t, log, init, &record, tot);
                if let Some(m) = end_mismatch(v, goes_on, tot) {
                    diverge(&mut out, k + 1, m);
                }
                // あがりやめ: the record keeps the choice the log shows.
                if v == Verdict::DealerMayStop {
                    record.dealer_stops = Some(!goes_on);
                }
            }
        }
        out.deltas.push(Some(ours));
        prev = Some((init.clone(), record.clone()));
        out.records.push(record);
    }
    out.final_points = totals.filter(|_| all_played).map(|mut tot| {
        if !log.cut_off {
            finish(t, &mut tot, out.records.last());
        }
        tot
    });
    let owari = log.events.iter().rev().find_map(|e| match e {
        Event::Agari(a) => a.owari.as_ref(),
        Event::Ryuukyoku(r) => r.owari.as_ref(),
        _ => None,
    });
    if let (Some(o), Some(ours)) = (owari, &out.final_points) {
        if &o.points != ours {
            let m = Mismatch {
                event: "owari".into(),
                expected: format!("{:?}", o.points),
                got: format!("{ours:?}"),
            };
            let last = out.hands;
            diverge(&mut out, last, m);
        }
    }
    out.ok = out.divergence.is_none();
    out
}

/// The mismatch when the log goes on (`goes_on`) where our rules end the game, or the other
/// way round; a dealer who may stop (あがりやめ) chose as the log shows, either way agreeing.
fn end_mismatch(v: Verdict, goes_on: bool, totals: &[i64]) -> Option<Mismatch> {
    let disagree = match v {
        Verdict::Over => goes_on,
        Verdict::GoesOn => !goes_on,
        Verdict::DealerMayStop => false,
    };
    let said = |over: bool| if over { "the game ends" } else { "the game goes on" };
    disagree.then(|| Mismatch {
        event: "the match end".into(),
        expected: said(!goes_on).into(),
        got: format!("{} at points {totals:?}", said(goes_on)),
    })
}

/// What our match rules say after the hand that `init` began, leaving `totals`: Tenhou's
/// rounds are numbered 0 = East 1, 4 = South 1, the first dealer seat 0; a game without the
/// hanchan bit of `GO type` (0x08) is East only.
fn ends(t: &Table, log: &Log, init: &Init, record: &Record, totals: &[i64]) -> Verdict {
    let table = t.table();
    let rounds = match log.go_type {
        Some(g) if g & 0x08 == 0 => 1,
        _ => table.rounds,
    };
    let (next, _) = record.next_dealer(table);
    let dealer = usize::from(init.oya);
    let after = AfterHand {
        totals,
        dealer,
        dealer_stays: next == dealer,
        round: u32::from(init.round / 4),
        last_deal: usize::from(init.round % 4) + 1 == table.player_count(),
    };
    verdict(table, rounds, &after)
}

/// The end of the game: deposits still on the table go to the first-placed player (ties by
/// seat order, seat 0 being the first dealer).
fn finish(t: &Table, totals: &mut [i64], last: Option<&Record>) {
    let Some(r) = last else { return };
    let pot = t
        .table()
        .declaration
        .deposit
        .saturating_mul(i64::from(r.deposits_left()));
    if pot == 0 {
        return;
    }
    let (places, _) = rank(totals, &[], RankingTies::SeatOrder);
    if let Some(first) = places.iter().position(|&p| p == 0) {
        totals[first] = totals[first].saturating_add(pot);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dealer_who_may_stop_agrees_with_the_log_either_way() {
        // Decision 14: the dealer "may" stop (あがりやめ): a log that ends there and one that
        // goes on both follow our rules; otherwise the log must do what the rules say.
        let t = [40_000, 20_000, 20_000, 20_000];
        assert!(end_mismatch(Verdict::DealerMayStop, true, &t).is_none());
        assert!(end_mismatch(Verdict::DealerMayStop, false, &t).is_none());
        assert!(end_mismatch(Verdict::Over, false, &t).is_none());
        assert!(end_mismatch(Verdict::GoesOn, true, &t).is_none());
        let m = end_mismatch(Verdict::Over, true, &t).expect("the log goes on");
        assert_eq!(m.expected, "the game goes on");
        assert!(m.got.starts_with("the game ends at points"), "{}", m.got);
        assert!(end_mismatch(Verdict::GoesOn, false, &t).is_some());
    }
}
