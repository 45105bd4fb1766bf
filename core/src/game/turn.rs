//! The rules of play as pure functions over [`State`]: what a seat may do now
//! ([`legal_actions`]) and what doing it leads to ([`apply`]). Deterministic: the same state and
//! action always give the same result, which is what makes records replayable. This module holds
//! the turn itself (discard, declare ready, bonus, concealed and added kongs); answers to a tile
//! on offer are [`super::claims`], wins [`super::win`], draws [`super::draw`].

use super::abort::{abort, abort_after_discard, kong_limit_open, nine_kinds_open};
use super::action::Action;
use super::claims::{answer_options, new_offer, open_offer, resolve_offer, swap_banned};
use super::draw::{draw, kong_replacement_open, kong_stands, replacement, reveal_pending};
use super::event::{AbortReason, Event, KongKind, PaymentReason};
use super::money::{capped, deposit, ends_with_other_first, kong_allowed, pay};
use super::prepare::{prepare_actions, prepare_step};
use super::rules::{DiscardRunFacts, Rules, WinSource};
use super::state::{Declared, Discarded, Phase, State, Turn, TurnStart};
use super::win::{finish, kong_keeps_waits, self_win, shape_waits, wall_left_after, win_facts, won_locked};
use crate::meld::Meld;
use crate::tile::{Counts, Tile, TileSet};
use std::fmt;

/// An action the seat may not take now. Never applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalAction {
    pub seat: usize,
    pub action: Action,
    /// What the seat could have done.
    pub legal: Vec<Action>,
}

impl IllegalAction {
    /// The error in words, tiles in notation.
    pub fn message(&self, set: &TileSet) -> String {
        let legal: Vec<String> = self.legal.iter().map(|a| a.describe(set)).collect();
        if legal.is_empty() {
            format!(
                "seat {} cannot act now (tried: {})",
                self.seat,
                self.action.describe(set)
            )
        } else {
            format!(
                "seat {} may not {} now; legal: {}",
                self.seat,
                self.action.describe(set),
                legal.join(", ")
            )
        }
    }
}

impl fmt::Display for IllegalAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "seat {} may not take {:?} now ({} legal actions)",
            self.seat,
            self.action,
            self.legal.len()
        )
    }
}

impl std::error::Error for IllegalAction {}

/// What `seat` may do now; empty when it is not that seat's move. Offers are answered one seat
/// at a time in turn order, so only the seat [`State::to_act`] names gets actions.
pub fn legal_actions(rules: &dyn Rules, st: &State, seat: usize) -> Vec<Action> {
    if st.to_act() != Some(seat) {
        return Vec::new();
    }
    match &st.phase {
        Phase::Turn(t) => turn_actions(rules, st, t),
        Phase::Offer(o) => answer_options(rules, st, seat, o),
        Phase::Prepare(p) => prepare_actions(rules, st, seat, p),
        Phase::Over { .. } => Vec::new(),
    }
}

/// Applies one action if it is legal, returning the new state and what happened. The input
/// state is untouched either way.
pub fn apply(
    rules: &dyn Rules,
    state: &State,
    seat: usize,
    action: Action,
) -> Result<(State, Vec<Event>), IllegalAction> {
    let legal = legal_actions(rules, state, seat);
    if !legal.contains(&action) {
        return Err(IllegalAction { seat, action, legal });
    }
    let mut st = state.clone();
    let mut events = Vec::new();
    step(rules, &mut st, seat, action, &mut events);
    Ok((st, events))
}

/// Applies an action already checked against [`legal_actions`] for this state, in place. The
/// shell uses it to avoid cloning the state every move.
pub(crate) fn step(rules: &dyn Rules, st: &mut State, seat: usize, action: Action, ev: &mut Vec<Event>) {
    match st.phase.clone() {
        Phase::Turn(t) => turn_step(rules, st, t, action, ev),
        Phase::Offer(mut o) => {
            o.waiting.retain(|&s| s != seat);
            o.answers.push((seat, action));
            if o.waiting.is_empty() {
                resolve_offer(rules, st, o, ev);
            } else {
                st.phase = Phase::Offer(o);
            }
        }
        Phase::Prepare(p) => prepare_step(rules, st, p, seat, action, ev),
        Phase::Over { .. } => {}
    }
}

pub(super) fn turn_actions(rules: &dyn Rules, st: &State, t: &Turn) -> Vec<Action> {
    let set = rules.tiles();
    let table = rules.table();
    let s = &st.seats[t.seat];
    let mut out = Vec::new();
    if table.claims.bonus {
        out.extend(
            set.tiles()
                .filter(|&b| set.is_bonus(b) && s.concealed[b.id()] > 0)
                .map(Action::Bonus),
        );
        if !out.is_empty() {
            // A bonus tile is set aside before anything else is done with the hand.
            return out;
        }
    }
    let drawn = match t.start {
        TurnStart::Drew { tile, .. } => Some(tile),
        _ => None,
    };
    if let TurnStart::Drew { tile, after_kong, .. } = t.start {
        if let Some((hand, j)) = self_win(rules, st, t.seat, tile, &t.start) {
            let fed = if after_kong { kong_from_of(t) } else { None };
            let facts = win_facts(rules, st, t.seat, &hand, WinSource::SelfDrawn, fed);
            if !ends_with_other_first(rules, st, &capped(rules, st, &rules.settle(&j, &facts)), t.seat) {
                out.push(Action::SelfWin);
            }
        }
    }
    if nine_kinds_open(rules, st, t) {
        out.push(Action::AbortiveDraw);
    }
    // A declared hand is frozen: kongs only when they leave the waits as declared.
    let frozen = s.declared.as_ref();
    // A seat that has won and stays in under the won-hand lock: kongs only with the tile it
    // drew, leaving its waits as they were; its only discard is that tile.
    let won_lock = won_locked(rules, st, t.seat);
    out.extend(turn_kongs(rules, st, t, drawn, won_lock));
    // While the seat holds a tile of its declared void suit, only those may be discarded.
    let void_first = s.holds_void(set);
    let mut candidates: Vec<Tile> = match (frozen.is_some() || won_lock, drawn) {
        (true, Some(d)) => vec![d],
        _ => set
            .tiles()
            .filter(|&k| s.concealed[k.id()] > 0 && (!void_first || s.is_void(set, k)))
            .collect(),
    };
    if table.no_swap_calls && matches!(t.start, TurnStart::Chi | TurnStart::Pong) {
        // The claim was only offered when something else is left to discard.
        if let Some(m) = s.melds.last() {
            let banned = swap_banned(set, m);
            candidates.retain(|k| !banned.contains(k));
        }
    }
    let allowed = if table.declaration.public_waits {
        unbanned(st, t.seat, candidates)
    } else {
        candidates
    };
    out.extend(allowed.iter().map(|&d| Action::Discard(d)));
    // Which copy leaves is the player's choice only while it holds red and plain ones.
    out.extend(
        allowed
            .iter()
            .filter(|d| s.red[d.id()] > 0 && s.red[d.id()] < s.concealed[d.id()])
            .map(|&d| Action::DiscardRed(d)),
    );
    if frozen.is_none() && !won_lock && may_declare(rules, st, t.seat) {
        for &d in &allowed {
            let mut after = s.concealed;
            after[d.id()] -= 1;
            if shape_waits(rules, s.melds.len(), &after).is_empty() {
                continue;
            }
            let triplets: Vec<Tile> = set.playing_tiles().filter(|k| after[k.id()] >= 3).collect();
            let mask = |subset: u32| {
                triplets
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| subset >> i & 1 == 1)
                    .fold(0u64, |m, (_, k)| m | 1 << k.id())
            };
            if !table.declaration.public_waits {
                // Nothing is shown: every triplet stays hidden (and may become a kong).
                out.push(Action::DeclareReady {
                    discard: d,
                    hidden: mask(u32::MAX),
                });
                continue;
            }
            for subset in 0u32..(1 << triplets.len()) {
                out.push(Action::DeclareReady {
                    discard: d,
                    hidden: mask(subset),
                });
            }
        }
    }
    // Setting a tile aside by choice (抜きドラ) needs a draw this turn and a replacement to
    // come; a declared hand may set aside only the tile it just drew.
    if drawn.is_some() && kong_replacement_open(rules, st, t.seat) {
        out.extend(
            table
                .set_aside
                .iter()
                .filter(|k| s.concealed[k.id()] > 0 && (frozen.is_none() && !won_lock || drawn == Some(**k)))
                .map(|&k| Action::Bonus(k)),
        );
    }
    out
}

/// The concealed and added kongs open to the seat whose turn it is (`drawn`: the tile it drew,
/// if it drew). A declared hand kongs only a hidden triplet with the drawn tile, keeping its
/// declared waits; a winner under the won-hand lock (`won_lock`) only with the drawn tile,
/// keeping its waits.
fn turn_kongs(rules: &dyn Rules, st: &State, t: &Turn, drawn: Option<Tile>, won_lock: bool) -> Vec<Action> {
    let set = rules.tiles();
    let table = rules.table();
    let s = &st.seats[t.seat];
    let mut out = Vec::new();
    let frozen = s.declared.as_ref();
    let keeps_won_waits = |k: Tile, melds: usize, after: &Counts| {
        let mut before = s.concealed;
        before[k.id()] -= 1;
        drawn == Some(k) && kong_keeps_waits(rules, melds, &before, after)
    };
    let keeps_waits =
        |d: &Declared, melds: usize, after: &Counts| shape_waits(rules, melds, after) == d.waits;
    let kongs_open = kong_replacement_open(rules, st, t.seat)
        && kong_limit_open(rules, st)
        && !(table.no_kong_after_chi && t.start == TurnStart::Chi)
        && !(table.no_kong_after_pong && t.start == TurnStart::Pong);
    if kongs_open {
        if table.claims.concealed_kong {
            // Tiles of the declared void suit are never konged.
            for k in set
                .playing_tiles()
                .filter(|&k| s.concealed[k.id()] >= 4 && !s.is_void(set, k))
            {
                let ok = frozen.is_none_or(|d| {
                    let mut after = s.concealed;
                    after[k.id()] -= 4;
                    drawn == Some(k) && d.hidden.contains(&k) && keeps_waits(d, s.melds.len() + 1, &after)
                }) && (!won_lock || {
                    let mut after = s.concealed;
                    after[k.id()] -= 4;
                    keeps_won_waits(k, s.melds.len(), &after)
                });
                if ok && kong_allowed(rules, st, t.seat, KongKind::Concealed, None, after_kong_of(t)) {
                    out.push(Action::ConcealedKong(k));
                }
            }
        }
        if table.claims.added_kong {
            for m in &s.melds {
                if let Meld::Pung { tile, .. } = *m {
                    if s.concealed[tile.id()] > 0 {
                        let ok = frozen.is_none_or(|d| {
                            let mut after = s.concealed;
                            after[tile.id()] -= 1;
                            drawn == Some(tile) && keeps_waits(d, s.melds.len(), &after)
                        }) && (!won_lock || drawn == Some(tile));
                        if ok && kong_allowed(rules, st, t.seat, KongKind::Added, None, after_kong_of(t)) {
                            out.push(Action::AddedKong(tile));
                        }
                    }
                }
            }
        }
    }
    out
}

/// Whether `seat` may declare ready this turn, as far as the table's declaration terms go (the
/// hand must still be ready after the discard, checked per discard by the caller).
fn may_declare(rules: &dyn Rules, st: &State, seat: usize) -> bool {
    let table = rules.table();
    let terms = &table.declaration;
    let s = &st.seats[seat];
    table.declare_ready
        && (!terms.concealed_only || s.melds.iter().all(|m| matches!(m, Meld::ConcealedKong { .. })))
        && terms.min_points.is_none_or(|m| st.balance(seat) >= m)
        && wall_left_after(st, seat) >= terms.min_wall as usize
        && (!terms.first_turn_only || (s.discards.is_empty() && st.melds_made() == 0))
}

/// The discards `seat` may make of `candidates`: none that another declared player waits on,
/// unless every candidate is such a tile.
pub(super) fn unbanned(st: &State, seat: usize, candidates: Vec<Tile>) -> Vec<Tile> {
    let banned = |t: &Tile| {
        st.seats
            .iter()
            .enumerate()
            .any(|(i, x)| i != seat && x.declared.as_ref().is_some_and(|d| d.waits.contains(t)))
    };
    if candidates.iter().all(banned) {
        return candidates;
    }
    candidates.into_iter().filter(|t| !banned(t)).collect()
}

pub(super) fn turn_step(rules: &dyn Rules, st: &mut State, t: Turn, action: Action, ev: &mut Vec<Event>) {
    let seat = t.seat;
    let after_kong = matches!(t.start, TurnStart::Drew { after_kong: true, .. });
    match action {
        Action::SelfWin => {
            if let TurnStart::Drew {
                tile,
                after_kong,
                kong_from,
                ..
            } = t.start
            {
                if let Some((hand, j)) = self_win(rules, st, seat, tile, &t.start) {
                    let fed = if after_kong { kong_from } else { None };
                    if let Some(next) =
                        finish(rules, st, &[(seat, hand, j)], tile, WinSource::SelfDrawn, fed, ev)
                    {
                        draw(rules, st, next, ev);
                    }
                }
            }
        }
        Action::Discard(tile) => discard(rules, st, seat, tile, false, after_kong, ev),
        Action::DiscardRed(tile) => discard(rules, st, seat, tile, true, after_kong, ev),
        Action::AbortiveDraw => abort(st, AbortReason::NineKinds, vec![seat], ev),
        Action::DeclareReady {
            discard: tile,
            hidden,
        } => {
            let set = rules.tiles();
            let s = &st.seats[seat];
            let mut after = s.concealed;
            after[tile.id()] -= 1;
            let waits = shape_waits(rules, s.melds.len(), &after);
            let hidden: Vec<Tile> = set.tiles().filter(|k| hidden >> k.id() & 1 == 1).collect();
            let order = st.seats.iter().filter(|x| x.declared.is_some()).count();
            let melds_seen = st.melds_made();
            st.seats[seat].declared = Some(Declared {
                order,
                hidden: hidden.clone(),
                waits: waits.clone(),
                deposit_due: rules.table().declaration.deposit > 0,
                deposit_paid: false,
                first_turn: st.seats[seat].discards.is_empty() && melds_seen == 0,
                one_shot: false,
                melds_seen,
                passed_win: false,
            });
            ev.push(Event::Ready { seat, hidden, waits });
            discard(rules, st, seat, tile, false, after_kong, ev);
            // The one-shot window opens with the declaring discard and closes with the next.
            if let Some(d) = st.seats[seat].declared.as_mut() {
                d.one_shot = true;
            }
        }
        Action::Bonus(tile) => {
            let s = &mut st.seats[seat];
            s.take_copies(tile, 1, false);
            s.bonus.push(tile);
            ev.push(Event::Bonus { seat, tile });
            // A seat holding every other bonus tile may rob this one (七搶一) before the
            // replacement is drawn.
            let mut offer = new_offer(seat, tile, None, false, None);
            offer.bonus = true;
            if !(rules.table().bonus_win.robbed && open_offer(rules, st, offer)) {
                replacement(rules, st, seat, false, None, ev);
            }
        }
        Action::ConcealedKong(tile) => {
            let s = &mut st.seats[seat];
            let red = s.take_copies(tile, 4, true);
            s.melds.push(Meld::ConcealedKong { tile });
            s.add_meld_red(s.melds.len() - 1, red);
            if let Some(d) = s.declared.as_mut() {
                d.hidden.retain(|&h| h != tile);
            }
            ev.push(Event::Kong {
                seat,
                tile,
                kind: KongKind::Concealed,
                from: None,
            });
            let offer = new_offer(seat, tile, Some(KongKind::Concealed), after_kong, None);
            if !open_offer(rules, st, offer) {
                kong_stands(rules, st, seat, KongKind::Concealed, None, after_kong, ev);
            }
        }
        Action::AddedKong(tile) => {
            let s = &mut st.seats[seat];
            let red = s.take_copies(tile, 1, true);
            if let Some(i) = s
                .melds
                .iter()
                .position(|m| matches!(*m, Meld::Pung { tile: p, .. } if p == tile))
            {
                if let Meld::Pung { from, .. } = s.melds[i] {
                    s.melds[i] = Meld::AddedKong { tile, from };
                }
                s.add_meld_red(i, red);
            }
            st.last_red = red > 0;
            ev.push(Event::Kong {
                seat,
                tile,
                kind: KongKind::Added,
                from: None,
            });
            let offer = new_offer(seat, tile, Some(KongKind::Added), after_kong, None);
            if !open_offer(rules, st, offer) {
                kong_stands(rules, st, seat, KongKind::Added, None, after_kong, ev);
            }
        }
        Action::Pass
        | Action::Chi(_)
        | Action::Pong
        | Action::ExposedKong
        | Action::Win
        | Action::DeclareVoid(_)
        | Action::Exchange(_) => {}
    }
}

/// Discards `tile` (a red copy first when `red_first`, otherwise a plain one) and offers it;
/// the next seat draws when nobody can answer.
pub(super) fn discard(
    rules: &dyn Rules,
    st: &mut State,
    seat: usize,
    tile: Tile,
    red_first: bool,
    after_kong: bool,
    ev: &mut Vec<Event>,
) {
    let s = &mut st.seats[seat];
    if let Some(d) = s.declared.as_mut() {
        d.one_shot = false;
    }
    let red = s.take_copies(tile, 1, red_first) > 0;
    s.discards.push(Discarded { tile, claimed: false });
    if s.concealed_len() == 1 {
        if let Some(alone) = rules.tiles().tiles().find(|k| s.concealed[k.id()] > 0) {
            if s.held_alone.last() != Some(&alone) {
                s.held_alone.push(alone);
            }
        }
    }
    ev.push(Event::Discard { seat, tile, red });
    st.last_red = red;
    reveal_pending(st);
    if let Some(k) = rules.table().discard_run {
        let run = match st.discard_run {
            Some((t, first, c)) if t == tile => (t, first, c.saturating_add(1)),
            _ => (tile, seat, 1),
        };
        st.discard_run = Some(run);
        if run.2 >= k.max(1) {
            st.discard_run = None;
            let facts = DiscardRunFacts {
                first: run.1,
                tile,
                dealer_streak: st.dealer_streak,
            };
            let raw = rules.settle_discard_run(&facts);
            if raw.iter().any(|&x| x != 0) {
                pay(rules, st, &raw, PaymentReason::DiscardRun, ev);
            }
        }
    }
    if !open_offer(rules, st, new_offer(seat, tile, None, after_kong, None)) {
        deposit(rules, st, seat, ev);
        if !abort_after_discard(rules, st, ev) {
            let next = st.next_in(seat);
            draw(rules, st, next, ev);
        }
    }
}

pub(super) fn after_kong_of(t: &Turn) -> bool {
    matches!(t.start, TurnStart::Drew { after_kong: true, .. })
}

pub(super) fn kong_from_of(t: &Turn) -> Option<usize> {
    match t.start {
        TurnStart::Drew { kong_from, .. } => kong_from,
        _ => None,
    }
}
