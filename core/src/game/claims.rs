//! A tile on offer (a discard, or a kong that may be robbed): which seats may answer and how, and
//! how the answers resolve (wins first, then the ruleset's claim priority).

use super::abort::{abort, abort_after_discard, kong_limit_open};
use super::action::Action;
use super::draw::{draw, kong_stands, next_wall_empty, replacement};
use super::event::{AbortReason, Event, KongKind};
use super::money::{capped, deposit, ends_with_other_first, kong_allowed, transfer_kong_money};
use super::rules::{ClaimKind, Furiten, MissedWin, MultipleWinners, Rules, WinJudgement, WinSource};
use super::state::{Offer, Phase, State, Turn, TurnStart};
use super::win::{discard_win, finish, kong_keeps_waits, shape_waits, win_facts, won_locked};
use crate::hand::Hand;
use crate::meld::{From, Meld};
use crate::tile::{Counts, Tile, TileSet};

/// What `seat` may answer to the tile on offer (a discard, or a kong being declared), Pass
/// included last. Claims other than a win are closed once the wall the next draw would come from
/// is empty, unless the ruleset says otherwise: the last discard can only be won on. A kong on a
/// discard also needs a replacement from the claimer's wall. A declared player may only win, or
/// kong a hidden triplet that keeps its waits; so may a winner under the won-hand lock.
pub(super) fn answer_options(rules: &dyn Rules, st: &State, seat: usize, o: &Offer) -> Vec<Action> {
    let table = rules.table();
    let set = rules.tiles();
    let s = &st.seats[seat];
    let tile = o.tile;
    let mut out = Vec::new();
    if seat == o.from || !st.is_in(seat) {
        return out;
    }
    let feeder_broke = table.no_win_from_floor && table.floor.is_some_and(|f| st.balance(o.from) <= f);
    if let Some((hand, j)) = discard_win(rules, st, seat, o).filter(|_| !feeder_broke) {
        let locked = match (s.missed_win, table.missed_win) {
            (None, _) | (_, MissedWin::None) => false,
            (Some(_), MissedWin::UntilDraw) => true,
            (Some(passed), MissedWin::UntilDrawOrFanChange) => j.total <= passed,
        } || furiten(rules, st, seat);
        let source = match o.kong {
            Some(_) => WinSource::RobbedKong { konger: o.from },
            None => WinSource::Discard { discarder: o.from },
        };
        let ends = table.leader_ends_only && {
            let facts = win_facts(rules, st, seat, &hand, source, None);
            ends_with_other_first(rules, st, &capped(rules, st, &rules.settle(&j, &facts)), seat)
        };
        if !locked && !ends {
            out.push(Action::Win);
        }
    }
    let claims_open = table.last_discard_claimable || !next_wall_empty(st, o.from);
    // A tile of the seat's declared void suit is never ponged or konged.
    if o.kong.is_none() && !o.bonus && claims_open && !s.is_void(set, tile) {
        let have = s.concealed[tile.id()];
        if won_locked(rules, st, seat) {
            // A winner under the won-hand lock: only a kong that leaves its waits as they were.
            let mut after = s.concealed;
            after[tile.id()] = after[tile.id()].saturating_sub(3);
            if table.claims.exposed_kong
                && have >= 3
                && st.wall.remaining_for(seat) > 0
                && kong_limit_open(rules, st)
                && kong_keeps_waits(rules, s.melds.len(), &s.concealed, &after)
                && kong_allowed(rules, st, seat, KongKind::Exposed, Some(o.from), false)
            {
                out.push(Action::ExposedKong);
            }
            out.push(Action::Pass);
            return out;
        }
        if let Some(d) = &s.declared {
            if table.claims.exposed_kong
                && table.declaration.kong_on_discard
                && have >= 3
                && d.hidden.contains(&tile)
                && st.wall.remaining_for(seat) > 0
            {
                let mut after = s.concealed;
                after[tile.id()] -= 3;
                if shape_waits(rules, s.melds.len() + 1, &after) == d.waits
                    && kong_allowed(rules, st, seat, KongKind::Exposed, Some(o.from), false)
                {
                    out.push(Action::ExposedKong);
                }
            }
            out.push(Action::Pass);
            return out;
        }
        if table.claims.exposed_kong
            && have >= 3
            && st.wall.remaining_for(seat) > 0
            && kong_limit_open(rules, st)
            && kong_allowed(rules, st, seat, KongKind::Exposed, Some(o.from), false)
        {
            out.push(Action::ExposedKong);
        }
        let from = relative(seat, o.from, st.players());
        if table.claims.pong && have >= 2 {
            let mut after = s.concealed;
            after[tile.id()] -= 2;
            let meld = Meld::Pung { tile, from };
            if !table.no_swap_calls || leaves_a_discard(set, &after, &meld) {
                out.push(Action::Pong);
            }
        }
        let n = st.players();
        if table.claims.chi && (!table.chi_from_left_only || seat == (o.from + 1) % n) {
            for d in (0..3usize).rev() {
                let Some(first) = tile.id().checked_sub(d).and_then(|id| set.tile(id)) else {
                    continue;
                };
                if set.step(first, d as u8) != Some(tile) || !set.chow_start(first) {
                    continue;
                }
                let ok = (0..3u8).all(|k| {
                    set.step(first, k)
                        .is_some_and(|x| x == tile || s.concealed[x.id()] > 0)
                });
                let swap_ok = !ok || !table.no_swap_calls || {
                    let mut after = s.concealed;
                    for x in (0..3u8).filter_map(|k| set.step(first, k)).filter(|&x| x != tile) {
                        after[x.id()] -= 1;
                    }
                    let claimed = (tile.id() - first.id() + 1) as u8;
                    leaves_a_discard(set, &after, &Meld::Chow { first, claimed })
                };
                if ok && swap_ok {
                    out.push(Action::Chi(first));
                }
            }
        }
    }
    out.push(Action::Pass);
    out
}

/// The tiles a swap-call ban (`no_swap_calls`) forbids discarding right after `meld`: the
/// claimed tile, and after a chow claimed at one end the tile beyond the other end (3 claimed
/// onto 45 bans 3 and 6; 4 claimed into 35 bans only 4). Empty for other melds.
pub(super) fn swap_banned(set: &TileSet, meld: &Meld) -> Vec<Tile> {
    match *meld {
        Meld::Pung { tile, .. } => vec![tile],
        Meld::Chow { first, claimed } => {
            let mut out: Vec<Tile> = set.step(first, claimed.saturating_sub(1)).into_iter().collect();
            let beyond = match claimed {
                1 => set.step(first, 3),
                3 => first
                    .id()
                    .checked_sub(1)
                    .and_then(|id| set.tile(id))
                    .filter(|&p| set.step(p, 1) == Some(first)),
                _ => None,
            };
            out.extend(beyond);
            out
        }
        _ => Vec::new(),
    }
}

/// Whether a claim leaves its maker something to discard under the swap-call ban: `after` is
/// the concealed hand once the meld is made.
fn leaves_a_discard(set: &TileSet, after: &Counts, meld: &Meld) -> bool {
    let banned = swap_banned(set, meld);
    set.tiles().any(|t| after[t.id()] > 0 && !banned.contains(&t))
}

/// Whether `seat`'s own play forbids it a win on an offered tile (the table's [`Furiten`]
/// rules): a wait among its own discards, or a win passed since it declared.
fn furiten(rules: &dyn Rules, st: &State, seat: usize) -> bool {
    let f: Furiten = rules.table().furiten;
    let s = &st.seats[seat];
    if f.declared_pass_locks_hand && s.declared.as_ref().is_some_and(|d| d.passed_win) {
        return true;
    }
    f.own_discards && {
        let waits = match &s.declared {
            Some(d) => d.waits.clone(),
            None => shape_waits(rules, s.melds.len(), &s.concealed),
        };
        s.discards.iter().any(|d| waits.contains(&d.tile))
    }
}

/// Where a claimed tile came from, relative to the claimer: the seats back from the claimer, the
/// digit the notation writes (at a table of three the seat after is 2, as `from=2` names it;
/// shared/notation.md, riichi section).
pub(super) fn relative(claimer: usize, from: usize, n: usize) -> From {
    match (claimer + n - from) % n.max(1) {
        1 => From::Left,
        2 => From::Opposite,
        _ => From::Right,
    }
}

pub(super) fn new_offer(
    from: usize,
    tile: Tile,
    kong: Option<KongKind>,
    after_kong: bool,
    kong_from: Option<usize>,
) -> Offer {
    Offer {
        from,
        tile,
        kong,
        waiting: Vec::new(),
        answers: Vec::new(),
        could_win: Vec::new(),
        after_kong,
        kong_from,
        bonus: false,
    }
}

/// Offers a tile to the other seats; returns whether anyone can answer (otherwise play goes on
/// without asking, so players are only consulted when they have a choice).
pub(super) fn open_offer(rules: &dyn Rules, st: &mut State, mut offer: Offer) -> bool {
    let n = st.players();
    for k in 1..n {
        let s = (offer.from + k) % n;
        let opts = answer_options(rules, st, s, &offer);
        if opts.len() > 1 {
            offer.waiting.push(s);
        }
        // A locked seat still "could win" for the lock's purposes only when offered the win.
        if opts.contains(&Action::Win) {
            offer.could_win.push(s);
        }
    }
    if offer.waiting.is_empty() {
        return false;
    }
    st.phase = Phase::Offer(offer);
    true
}

pub(super) fn claim_kind(a: &Action) -> Option<ClaimKind> {
    match a {
        Action::Win => Some(ClaimKind::Win),
        Action::ExposedKong => Some(ClaimKind::Kong),
        Action::Pong => Some(ClaimKind::Pong),
        Action::Chi(_) => Some(ClaimKind::Chi),
        _ => None,
    }
}

/// Every seat has answered: wins first (limited by the multiple-winner policy), otherwise the
/// highest-priority claim, ties to the first in turn order from the discarder.
pub(super) fn resolve_offer(rules: &dyn Rules, st: &mut State, o: Offer, ev: &mut Vec<Event>) {
    let table = rules.table();
    let n = st.players();
    let mut winners: Vec<usize> = o
        .answers
        .iter()
        .filter(|(_, a)| *a == Action::Win)
        .map(|(s, _)| *s)
        .collect();
    let limit = match table.multiple_winners {
        MultipleWinners::First => 1,
        MultipleWinners::Two => 2,
        MultipleWinners::All => n,
    };
    // 三家和 settles claims the policy cannot pay all of: where every claimant is paid
    // (`All`), three wins are simply three wins.
    if table.abortive.three_wins && winners.len() >= 3 && winners.len() > limit {
        abort(st, AbortReason::ThreeWins, winners, ev);
        return;
    }
    winners.truncate(limit);
    // Where the winners fill the limit, the seats after the last of them in turn order lost
    // the tile whatever they answered: they passed nothing (and a record, which shows only who
    // won, cannot tell their answers apart, so a replay must lock them no more than play did).
    let behind = |s: usize| (s + n - o.from) % n;
    let cut_off = winners
        .last()
        .filter(|_| winners.len() == limit)
        .map(|&w| behind(w));
    // Robbing a bonus tile is not a discard win: passing it locks nothing.
    if table.missed_win != MissedWin::None && !o.bonus {
        for &s in &o.could_win {
            if o.answers.contains(&(s, Action::Win)) || cut_off.is_some_and(|c| behind(s) > c) {
                continue;
            }
            if let Some((_, j)) = discard_win(rules, st, s, &o) {
                let seat = &mut st.seats[s];
                seat.missed_win = Some(seat.missed_win.map_or(j.total, |v| v.max(j.total)));
                if let Some(d) = seat.declared.as_mut() {
                    d.passed_win = true;
                }
            }
        }
    }
    if !winners.is_empty() {
        win_on_offer(rules, st, &o, &winners, ev);
        return;
    }
    if o.bonus {
        // Nobody robbed the bonus tile: its owner draws the replacement.
        replacement(rules, st, o.from, false, None, ev);
        return;
    }
    deposit(rules, st, o.from, ev);
    if let Some(kind) = o.kong {
        kong_stands(rules, st, o.from, kind, o.kong_from, o.after_kong, ev);
        return;
    }
    if abort_after_discard(rules, st, ev) {
        return;
    }
    let best = o
        .answers
        .iter()
        .filter_map(|(s, a)| claim_kind(a).map(|k| (table.level(k), *s, *a)))
        .min_by_key(|(level, _, _)| *level);
    let Some((_, seat, action)) = best else {
        let next = st.next_in(o.from);
        draw(rules, st, next, ev);
        return;
    };
    take_claim(rules, st, &o, seat, action, ev);
}

/// Wins on the tile on offer: the tile leaves the discarder's river (or the robbed kong goes back
/// to what it was), and the winners are settled.
fn win_on_offer(rules: &dyn Rules, st: &mut State, o: &Offer, winners: &[usize], ev: &mut Vec<Event>) {
    let judged: Vec<(usize, Hand, WinJudgement)> = winners
        .iter()
        .filter_map(|&w| discard_win(rules, st, w, o).map(|(h, j)| (w, h, j)))
        .collect();
    let source = match o.kong {
        Some(_) => WinSource::RobbedKong { konger: o.from },
        None => WinSource::Discard { discarder: o.from },
    };
    if o.bonus {
        // The robbed bonus tile moves to the winner's bonus tiles.
        let from = &mut st.seats[o.from].bonus;
        if let Some(i) = from.iter().rposition(|&t| t == o.tile) {
            from.remove(i);
        }
        if let Some((w, _, _)) = judged.first() {
            st.seats[*w].bonus.push(o.tile);
        }
        if finish(rules, st, &judged, o.tile, source, None, ev).is_some() {
            // Play goes on after the win: the robbed seat's turn goes on with its replacement.
            replacement(rules, st, o.from, false, None, ev);
        }
        return;
    }
    let konger = &mut st.seats[o.from];
    match o.kong {
        None => {
            if let Some(d) = konger.discards.last_mut() {
                d.claimed = true;
            }
        }
        Some(KongKind::Added) | Some(KongKind::Exposed) => {
            let robbed = konger.melds.iter().position(|m| {
                matches!(*m, Meld::AddedKong { tile, .. } | Meld::ExposedKong { tile, .. } if tile == o.tile)
            });
            if let Some(i) = robbed {
                if let Meld::AddedKong { tile, from } | Meld::ExposedKong { tile, from } = konger.melds[i] {
                    konger.melds[i] = Meld::Pung { tile, from };
                }
                // The robbed copy leaves the meld, red if it was.
                if st.last_red {
                    if let Some(r) = konger.meld_red.get_mut(i) {
                        *r = r.saturating_sub(1);
                    }
                }
            }
        }
        Some(KongKind::Concealed) => {
            if let Some(i) = konger
                .melds
                .iter()
                .position(|m| *m == Meld::ConcealedKong { tile: o.tile })
            {
                konger.melds.remove(i);
                let red = if i < konger.meld_red.len() {
                    konger.meld_red.remove(i)
                } else {
                    0
                };
                konger.concealed[o.tile.id()] += 3;
                konger.red[o.tile.id()] += red.saturating_sub(u8::from(st.last_red));
            }
        }
    }
    if let Some((w, _, _)) = judged.first() {
        let red = st.last_red;
        st.seats[*w].add_copy(o.tile, red);
    }
    let next = finish(rules, st, &judged, o.tile, source, None, ev);
    if o.after_kong && o.kong.is_none() {
        let winners: Vec<usize> = judged.iter().map(|(w, _, _)| *w).collect();
        transfer_kong_money(rules, st, o.from, &winners, ev);
    }
    if let Some(next) = next {
        draw(rules, st, next, ev);
    }
}

/// The claim that won the offer: the claimer makes its meld and takes the turn (a kong on a
/// discard is itself offered for robbing first); anything else passes play to the next seat.
fn take_claim(
    rules: &dyn Rules,
    st: &mut State,
    o: &Offer,
    seat: usize,
    action: Action,
    ev: &mut Vec<Event>,
) {
    let table = rules.table();
    let n = st.players();
    let tile = o.tile;
    let from = relative(seat, o.from, n);
    if let Some(d) = st.seats[o.from].discards.last_mut() {
        d.claimed = true;
    }
    st.discard_run = None;
    let s = &mut st.seats[seat];
    // 漏和 is lifted by any move of one's own: a pong or a kong as well as a draw.
    if table.missed_win == MissedWin::UntilDraw {
        s.missed_win = None;
    }
    match action {
        Action::Pong => {
            let red = s.take_copies(tile, 2, true) + u8::from(st.last_red);
            s.melds.push(Meld::Pung { tile, from });
            s.add_meld_red(s.melds.len() - 1, red);
            ev.push(Event::Pong {
                seat,
                from: o.from,
                tile,
            });
            st.phase = Phase::Turn(Turn {
                seat,
                start: TurnStart::Pong,
            });
        }
        Action::Chi(first) => {
            let set = rules.tiles();
            let mut red = u8::from(st.last_red);
            for k in 0..3u8 {
                if let Some(x) = set.step(first, k) {
                    if x != tile {
                        red += s.take_copies(x, 1, true);
                    }
                }
            }
            let claimed = (tile.id() - first.id() + 1) as u8;
            s.melds.push(Meld::Chow { first, claimed });
            s.add_meld_red(s.melds.len() - 1, red);
            ev.push(Event::Chi {
                seat,
                from: o.from,
                tile,
                first,
            });
            st.phase = Phase::Turn(Turn {
                seat,
                start: TurnStart::Chi,
            });
        }
        Action::ExposedKong => {
            let red = s.take_copies(tile, 3, true) + u8::from(st.last_red);
            s.melds.push(Meld::ExposedKong { tile, from });
            s.add_meld_red(s.melds.len() - 1, red);
            if let Some(d) = s.declared.as_mut() {
                d.hidden.retain(|&h| h != tile);
            }
            ev.push(Event::Kong {
                seat,
                tile,
                kind: KongKind::Exposed,
                from: Some(o.from),
            });
            let offer = new_offer(seat, tile, Some(KongKind::Exposed), false, Some(o.from));
            if !open_offer(rules, st, offer) {
                kong_stands(rules, st, seat, KongKind::Exposed, Some(o.from), false, ev);
            }
        }
        _ => {
            let next = st.next_in(o.from);
            draw(rules, st, next, ev)
        }
    }
}
