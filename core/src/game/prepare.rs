//! Before play: steps in which every seat chooses at once (the exchange, 换三张; the void suit,
//! 定缺). Seats are asked
//! one at a time in turn order from the dealer, but nobody sees another's choice: the choices are
//! written and take effect together once the last seat has chosen, as a declaration made face
//! down and turned up at once.

use super::action::{Action, TilePick};
use super::event::Event;
use super::rules::{Exchange, ExchangeDirection, Rules, TableRules};
use super::state::{Phase, Prepare, PrepareStep, State, Turn, TurnStart};
use crate::tile::{Counts, Tile, TileSet};

/// The steps before play the table has, in order.
fn steps(table: &TableRules) -> Vec<PrepareStep> {
    let mut out = Vec::new();
    if table.exchange.is_some() {
        out.push(PrepareStep::Exchange);
    }
    if table.declare_void {
        out.push(PrepareStep::Void);
    }
    out
}

/// The phase a hand starts in once dealt: the first step before play, or the dealer's turn.
pub(super) fn opening(table: &TableRules, dealer: usize, first: TurnStart) -> Phase {
    match steps(table).first() {
        Some(&step) => Phase::Prepare(Prepare {
            step,
            waiting: turn_order(table, dealer),
            chosen: Vec::new(),
            first,
        }),
        None => Phase::Turn(Turn {
            seat: dealer,
            start: first,
        }),
    }
}

fn turn_order(table: &TableRules, dealer: usize) -> Vec<usize> {
    let n = table.player_count().max(1);
    (0..n).map(|k| (dealer + k) % n).collect()
}

/// What `seat` may choose in this step.
pub(super) fn prepare_actions(rules: &dyn Rules, st: &State, seat: usize, p: &Prepare) -> Vec<Action> {
    match p.step {
        PrepareStep::Exchange => match rules.table().exchange {
            Some(x) => exchange_picks(rules.tiles(), &st.seats[seat].concealed, x)
                .into_iter()
                .map(Action::Exchange)
                .collect(),
            None => Vec::new(),
        },
        PrepareStep::Void => (0..rules.tiles().suits().len())
            .filter_map(|s| u8::try_from(s).ok())
            .map(Action::DeclareVoid)
            .collect(),
    }
}

/// Takes `seat`'s choice; once every seat has chosen, the step takes effect and the next step
/// (or play) begins.
pub(super) fn prepare_step(
    rules: &dyn Rules,
    st: &mut State,
    mut p: Prepare,
    seat: usize,
    action: Action,
    ev: &mut Vec<Event>,
) {
    p.waiting.retain(|&s| s != seat);
    p.chosen.push((seat, action));
    if !p.waiting.is_empty() {
        st.phase = Phase::Prepare(p);
        return;
    }
    match p.step {
        PrepareStep::Exchange => exchange(rules, st, &mut p, ev),
        PrepareStep::Void => {
            for &(s, a) in &p.chosen {
                if let Action::DeclareVoid(suit) = a {
                    st.seats[s].void = Some(suit);
                    ev.push(Event::Void { seat: s, suit });
                }
            }
        }
    }
    let table = rules.table();
    let all = steps(table);
    let next = all.iter().skip_while(|&&s| s != p.step).nth(1).copied();
    st.phase = match next {
        Some(step) => Phase::Prepare(Prepare {
            step,
            waiting: turn_order(table, st.dealer),
            chosen: Vec::new(),
            first: p.first,
        }),
        None => Phase::Turn(Turn {
            seat: st.dealer,
            start: p.first,
        }),
    };
}

/// Every pick of `x.tiles` tiles the hand can pass (of one suit when the exchange says so), each
/// multiset once, in tile order.
fn exchange_picks(set: &TileSet, c: &Counts, x: Exchange) -> Vec<TilePick> {
    let n = usize::from(x.tiles);
    let groups: Vec<Vec<Tile>> = if x.same_suit {
        set.suits()
            .iter()
            .map(|s| {
                (0..s.len())
                    .filter_map(|k| set.tile(usize::from(s.first) + k))
                    .collect()
            })
            .collect()
    } else {
        vec![set.tiles().collect()]
    };
    let mut out = Vec::new();
    for kinds in groups {
        let mut pick = Vec::with_capacity(n);
        picks_from(c, &kinds, 0, n, &mut pick, &mut out);
    }
    out
}

/// Multisets of `left` more tiles from `kinds[from..]`, as many copies as `c` holds.
fn picks_from(
    c: &Counts,
    kinds: &[Tile],
    from: usize,
    left: usize,
    pick: &mut Vec<Tile>,
    out: &mut Vec<TilePick>,
) {
    if left == 0 {
        out.extend(TilePick::new(pick));
        return;
    }
    for (i, &k) in kinds.iter().enumerate().skip(from) {
        let have = usize::from(c[k.id()]);
        let used = pick.iter().filter(|&&t| t == k).count();
        if used < have {
            pick.push(k);
            picks_from(c, kinds, i, left - 1, pick, out);
            pick.pop();
        }
    }
}

/// The exchange takes effect: every seat's tiles leave its hand together and go where the
/// direction says. The dealer's first turn keeps its drawn tile if it still holds it, otherwise
/// takes its highest tile as the one "drawn" (the tile a 天胡 is read as won on).
fn exchange(rules: &dyn Rules, st: &mut State, p: &mut Prepare, ev: &mut Vec<Event>) {
    let n = st.players().max(1);
    let Some(x) = rules.table().exchange else {
        return;
    };
    let step = match x.direction {
        ExchangeDirection::Next => 1,
        ExchangeDirection::Across => 2,
        ExchangeDirection::Previous => n - 1,
        ExchangeDirection::Dice => match st.exchange_die {
            3 | 4 => 2,
            5 | 6 => n - 1,
            _ => 1,
        },
    } % n;
    let passes: Vec<(usize, Vec<Tile>)> = p
        .chosen
        .iter()
        .filter_map(|&(s, a)| match a {
            Action::Exchange(pick) => Some((s, pick.tiles().to_vec())),
            _ => None,
        })
        .collect();
    for (s, tiles) in &passes {
        for t in tiles {
            st.seats[*s].concealed[t.id()] -= 1;
        }
    }
    for (s, tiles) in passes {
        let to = (s + step) % n;
        for t in &tiles {
            st.seats[to].concealed[t.id()] += 1;
        }
        ev.push(Event::Exchange { seat: s, to, tiles });
    }
    if let TurnStart::Drew { tile, .. } = &mut p.first {
        let hand = &st.seats[st.dealer].concealed;
        if hand[tile.id()] == 0 {
            if let Some(t) = rules.tiles().tiles().filter(|t| hand[t.id()] > 0).last() {
                *tile = t;
            }
        }
    }
}
