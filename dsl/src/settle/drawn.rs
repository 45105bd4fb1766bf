//! Payments at an exhaustive draw that come from the table's state rather than from kong money
//! or 查叫: results scored on a seat's discards alone (`[settlement.drawn_hand] discards_fan`,
//! riichi's 流し満貫), each paid as that seat's self-drawn win of one fan, and a fixed sum the
//! players not ready share out to the ready ones (`ready_split`, riichi's 不聴罰符); and the checks
//! of the players still in when the wall runs out after others have won and left (血战's 查花猪,
//! 查大叫, 退税: `void_pays`, `unready_pays_value`, `unready_returns_kong_money`).

use super::amounts::{Amount, Slots};
use super::{settle_win, WinKind, WinPay};
use crate::limits::payment;
use crate::ruleset::Ruleset;
use crate::score::HanFu;
use mj_core::game::rules::DrawnFacts;

/// Fans scored without a hand, worth `value` in all (`limit`: a limit fan among them), paid as
/// a win of `winner` of the given kind: their han and basic points under a points formula, and
/// the win's settlement input with nothing else known (no counters, no deposits: the caller
/// adds what it knows).
pub(crate) fn alone_pay(
    rs: &Ruleset,
    value: i64,
    limit: bool,
    winner: usize,
    kind: WinKind,
    flowers: i64,
) -> (Option<HanFu>, WinPay) {
    let han_fu = rs.points.formula.as_ref().map(|fm| {
        let v = fm.value(value, 0, limit.then_some(value));
        HanFu {
            han: value,
            fu: 0,
            basic: v.basic,
            limit: v.limit,
        }
    });
    let mut pay = WinPay::plain(value, value, winner, kind, flowers);
    if let Some(h) = han_fu {
        pay.basic = h.basic;
        pay.han = h.han;
    }
    (han_fu, pay)
}

/// The seats whose discards alone make the ruleset's `discards_fan`: at least one discard,
/// every one among its tiles, none claimed by another player.
pub fn discard_winners(rs: &Ruleset, f: &DrawnFacts) -> Vec<usize> {
    let Some((tiles, _)) = &rs.settlement.discards_fan else {
        return Vec::new();
    };
    (0..f.discards.len())
        .filter(|&s| {
            let d = &f.discards[s];
            !d.is_empty()
                && !f.discards_claimed.get(s).copied().unwrap_or(true)
                && d.iter().all(|t| tiles.contains(t))
        })
        .collect()
}

/// Net change of every seat at an exhaustive draw from these two rules: every seat whose
/// discards make `discards_fan` is paid that fan as a self-drawn win (the deposits stay on the
/// table and no counters are paid); only when there is none, `ready_split` is shared out.
pub fn settle_drawn_table(rs: &Ruleset, f: &DrawnFacts) -> Vec<i64> {
    let players = rs.play.players as usize;
    let mut out = vec![0i64; players];
    let winners = discard_winners(rs, f);
    if let (Some((_, fan)), false) = (&rs.settlement.discards_fan, winners.is_empty()) {
        for &w in &winners {
            let fan = &rs.fans[*fan];
            let (_, mut pay) = alone_pay(rs, fan.value, fan.limit, w, WinKind::SelfDrawn, 0);
            pay.words = vec![0; rs.context_words.len()];
            pay.take_deposits = false;
            pay.dealer = f.dealer.min(players - 1);
            pay.dealer_streak = f.dealer_streak;
            for (o, x) in out.iter_mut().zip(settle_win(rs, &pay)) {
                *o = o.saturating_add(x);
            }
        }
        return out;
    }
    let pot = rs.settlement.drawn_hand.ready_split;
    let is_ready = |s: usize| f.ready.get(s).copied().unwrap_or(false);
    let ready = (0..players).filter(|&s| is_ready(s)).count() as i64;
    if pot == 0 || ready == 0 || ready == players as i64 {
        return out;
    }
    // The load checks that the sum divides by every count of payers and payees.
    let (pays, gets) = (payment(pot / (players as i64 - ready)), payment(pot / ready));
    for (s, o) in out.iter_mut().enumerate() {
        *o = if is_ready(s) { gets } else { -pays };
    }
    out
}

/// The checks of the players still in at a drawn hand, summed: each one holding its void suit
/// pays `void_pays` to every other one that does not; each one neither ready nor holding its
/// void suit pays every ready one `unready_pays_value` with `total` = that ready hand's value
/// ([`DrawnFacts::ready_value`]); each one not ready (void holders included) returns the kong
/// money it holds to whoever paid it, a player who has left included (the refund is no win's
/// payment). Players who have left take no part otherwise.
pub fn settle_drawn_checks(rs: &Ruleset, f: &DrawnFacts) -> Vec<i64> {
    let players = rs.play.players as usize;
    let mut out = vec![0i64; players];
    let st = &rs.settlement;
    let in_hand = |s: usize| !f.has_left(s);
    let void = |s: usize| in_hand(s) && f.void_held.get(s).copied().unwrap_or(false);
    let ready = |s: usize| in_hand(s) && !void(s) && f.is_ready(s);
    let mut move_money = |from: usize, to: usize, amount: i64| {
        out[from] = out[from].saturating_sub(amount);
        out[to] = out[to].saturating_add(amount);
    };
    if let Some(formula) = &st.void_pays {
        let amount = payment(Slots::new(0).eval(rs, formula));
        for p in (0..players).filter(|&p| void(p)) {
            for q in (0..players).filter(|&q| in_hand(q) && !void(q)) {
                move_money(p, q, amount);
            }
        }
    }
    if let Some(formula) = &st.unready_pays_value {
        for q in (0..players).filter(|&q| ready(q)) {
            let value = f.ready_value.get(q).copied().flatten().unwrap_or(0);
            let amount = payment(Slots::new(0).set(Amount::Total, value).eval(rs, formula));
            for p in (0..players).filter(|&p| in_hand(p) && !void(p) && !f.is_ready(p)) {
                move_money(p, q, amount);
            }
        }
    }
    if st.drawn_hand.unready_returns_kong_money {
        for m in f
            .kong_money
            .iter()
            .filter(|m| in_hand(m.payee) && !ready(m.payee))
        {
            move_money(m.payee, m.payer, m.amount);
        }
    }
    out
}
