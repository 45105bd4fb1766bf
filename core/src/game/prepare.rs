//! Before play: steps in which every seat chooses at once (the void suit, 定缺). Seats are asked
//! one at a time in turn order from the dealer, but nobody sees another's choice: the choices are
//! written and take effect together once the last seat has chosen, as a declaration made face
//! down and turned up at once.

use super::action::Action;
use super::event::Event;
use super::rules::{Rules, TableRules};
use super::state::{Phase, Prepare, PrepareStep, State, Turn, TurnStart};

/// The steps before play the table has, in order.
fn steps(table: &TableRules) -> Vec<PrepareStep> {
    let mut out = Vec::new();
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
pub(super) fn prepare_actions(rules: &dyn Rules, _st: &State, _seat: usize, p: &Prepare) -> Vec<Action> {
    match p.step {
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
