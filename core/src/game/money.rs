//! Money at the table: every payment goes through one capping step (the chip floor), payments that
//! would end a match early are held back when the ruleset says so, kong money, and penalties.

use super::event::{Event, KongKind, PaymentReason};
use super::rules::{KongFacts, KongTransfer, Rules};
use super::state::{Phase, State};

pub(super) fn kong_facts(
    st: &State,
    konger: usize,
    kind: KongKind,
    from: Option<usize>,
    on_replacement: bool,
) -> KongFacts {
    KongFacts {
        konger,
        kind,
        from,
        on_replacement,
        declared: st.seats.iter().map(|s| s.declared.is_some()).collect(),
        dealer_streak: st.dealer_streak,
        left: st.left_facts(),
    }
}

/// 呼叫转移: the money `konger` collected for its last kong goes to `winners` (in turn order from
/// the konger), who won on the discard it made right after that kong's replacement: all to the
/// first, or shared equally with any remainder to the first ([`KongTransfer`]). The kong's
/// payments then name the first winner as their holder, so no later refund takes them back from
/// the konger.
pub(super) fn transfer_kong_money(
    rules: &dyn Rules,
    st: &mut State,
    konger: usize,
    winners: &[usize],
    ev: &mut Vec<Event>,
) {
    let mode = rules.table().kong_transfer;
    let (Some(&first), Some((k, start))) = (winners.first(), st.last_kong) else {
        return;
    };
    if mode == KongTransfer::None || k != konger {
        return;
    }
    let mut total = 0i64;
    for m in st.kong_money.iter_mut().skip(start).filter(|m| m.payee == konger) {
        total = total.saturating_add(m.amount);
        m.payee = first;
    }
    if total == 0 {
        return;
    }
    let mut raw = vec![0i64; st.players()];
    raw[konger] = -total;
    match mode {
        KongTransfer::Even => {
            let share = total / winners.len() as i64;
            for &w in winners {
                raw[w] += share;
            }
            raw[first] += total - share * winners.len() as i64;
        }
        _ => raw[first] = total,
    }
    let paid = pay(rules, st, &raw, PaymentReason::Kong, ev);
    for (k, x) in st.kong_net.iter_mut().zip(paid) {
        *k += x;
    }
}

/// A kong is offered unless its instant payments would end the match early with someone other
/// than the konger in first place (`leader_ends_only`).
pub(super) fn kong_allowed(
    rules: &dyn Rules,
    st: &State,
    konger: usize,
    kind: KongKind,
    from: Option<usize>,
    on_replacement: bool,
) -> bool {
    if !rules.table().leader_ends_only {
        return true;
    }
    let raw = rules.settle_kong(&kong_facts(st, konger, kind, from, on_replacement));
    !ends_with_other_first(rules, st, &capped(rules, st, &raw), konger)
}

/// A payment as it can actually be made: with a chip floor, each payer pays at most what it has
/// above the floor, and what is paid goes to the payees in turn order from the first payer.
pub fn capped(rules: &dyn Rules, st: &State, raw: &[i64]) -> Vec<i64> {
    let Some(floor) = rules.table().floor else {
        return raw.to_vec();
    };
    let balances: Vec<i64> = (0..raw.len()).map(|s| st.balance(s)).collect();
    cap_to_floor(raw, &balances, floor)
}

/// The chip step of [`capped`] on its own, for a hand scored away from the table (`mj score`
/// with every seat's stack given): each payer pays at most what it has above `floor`, and the
/// payees are paid in turn order from the first payer until that runs out.
pub fn cap_to_floor(raw: &[i64], balances: &[i64], floor: i64) -> Vec<i64> {
    let n = raw.len();
    let mut out = vec![0i64; n];
    let mut pool = 0i64;
    let mut first = None;
    for p in (0..n).filter(|&s| raw[s] < 0) {
        first.get_or_insert(p);
        let have = balances.get(p).copied().unwrap_or(0).saturating_sub(floor);
        let paid = raw[p].saturating_neg().min(have.max(0));
        out[p] = -paid;
        pool = pool.saturating_add(paid);
    }
    let first = first.unwrap_or(0);
    for k in 0..n {
        let r = (first + k) % n;
        if raw[r] > 0 {
            let got = raw[r].min(pool);
            out[r] = got;
            pool -= got;
        }
    }
    out
}

/// Whether `delta` would end the match early (`end_at_floor` players at the floor).
pub(super) fn ends_match(rules: &dyn Rules, st: &State, delta: &[i64]) -> bool {
    let table = rules.table();
    let Some(k) = table.end_at_floor else {
        return false;
    };
    let floor = table.floor.unwrap_or(0);
    let at_floor = (0..st.players())
        .filter(|&s| st.balance(s) + delta.get(s).copied().unwrap_or(0) <= floor)
        .count();
    at_floor >= k as usize
}

/// With `leader_ends_only`: `delta` would end the match with a player ahead of `actor`.
pub(super) fn ends_with_other_first(rules: &dyn Rules, st: &State, delta: &[i64], actor: usize) -> bool {
    if !rules.table().leader_ends_only || !ends_match(rules, st, delta) {
        return false;
    }
    let after = |s: usize| st.balance(s) + delta.get(s).copied().unwrap_or(0);
    (0..st.players()).any(|s| s != actor && after(s) > after(actor))
}

/// The deposit of `seat`'s declaration, once its declaring discard has passed without a win:
/// paid onto the table (a payment with no payee), counted in [`State::deposits_on_table`] for the next
/// winner. Nothing when no deposit is due.
pub(super) fn deposit(rules: &dyn Rules, st: &mut State, seat: usize, ev: &mut Vec<Event>) {
    let Some(d) = st.seats[seat].declared.as_mut().filter(|d| d.deposit_due) else {
        return;
    };
    d.deposit_due = false;
    d.deposit_paid = true;
    let mut raw = vec![0i64; st.players()];
    raw[seat] = -rules.table().declaration.deposit;
    pay(rules, st, &raw, PaymentReason::Deposit, ev);
}

/// Makes a payment (capped by the chip floor) and records it; a payment other than for a win or
/// a kong that would end the match early is held outside the table instead (`leader_ends_only`).
/// Returns what was paid on the table.
pub(super) fn pay(
    rules: &dyn Rules,
    st: &mut State,
    raw: &[i64],
    reason: PaymentReason,
    ev: &mut Vec<Event>,
) -> Vec<i64> {
    let n = st.players();
    let actual = capped(rules, st, raw);
    let held = rules.table().leader_ends_only
        && !matches!(reason, PaymentReason::Win | PaymentReason::Kong)
        && ends_match(rules, st, &actual);
    for (seat, &amount) in actual.iter().enumerate().take(n) {
        if held {
            st.held[seat] = st.held[seat].saturating_add(amount);
        } else {
            // Rules keep each payment far inside i64; saturating keeps a long match sound too.
            st.scores[seat] = st.scores[seat].saturating_add(amount);
        }
        ev.push(Event::Payment {
            seat,
            amount,
            reason: if held { PaymentReason::Held } else { reason },
        });
    }
    if held {
        vec![0; n]
    } else {
        actual
    }
}

/// Applies the ruleset's penalty `id` against `seat` between actions: the offender pays the
/// penalty's amount to every other seat (through the chip floor, if any), and when the ruleset
/// says so ([`Rules::penalty_ends_hand`]) the hand ends there with no winner; a penalty that bars
/// ([`Rules::penalty_bars_win`]) leaves the offender unable to win for the rest of the hand. Returns what every
/// seat paid (negative) or received; the caller records them (records write a `penalty` event
/// followed by `payment` events with reason `penalty`). Errors name an unknown penalty or seat.
pub fn penalize(rules: &dyn Rules, st: &mut State, seat: usize, id: &str) -> Result<Vec<i64>, String> {
    let n = st.players();
    if seat >= n {
        return Err(format!(
            "penalty `{id}` against seat {seat}, but the table has {n} seats"
        ));
    }
    let each = rules.penalty(id).ok_or_else(|| {
        format!(
            "penalty `{id}` is not one of ruleset `{}`'s [settlement] penalties",
            rules.table().ruleset
        )
    })?;
    let raw: Vec<i64> = (0..n)
        .map(|s| if s == seat { -each * (n as i64 - 1) } else { each })
        .collect();
    let paid = capped(rules, st, &raw);
    for (score, &x) in st.scores.iter_mut().zip(&paid) {
        *score += x;
    }
    if rules.penalty_ends_hand(id) {
        st.phase = Phase::Over { winners: Vec::new() };
    }
    if rules.penalty_bars_win(id) {
        st.seats[seat].barred = true;
    }
    Ok(paid)
}
