//! A seat's knowledge rebuilt into a state (`mj_core::game::Knowledge`) gives that seat exactly the
//! options the real state gives it; and a forfeit ends a hand in a record that still replays.

use mj_core::game::play::run_observed;
use mj_core::game::record::{forfeit, RecordEvent, PENALTY_REASON};
use mj_core::game::state::{Phase, TurnStart};
use mj_core::game::{
    legal_actions, new_hand, play_hand, replay, Action, GreedyBot, Knowledge, Moment, Player, Record, Rules,
    State,
};
use mj_core::meld::Meld;
use mj_core::Wind;
use mj_dsl::table::Table;

fn table(name: &str) -> Table {
    Table::new(mj_dsl::load(name).expect("ruleset")).expect("table")
}

fn greedy(n: usize) -> Vec<Box<dyn Player>> {
    (0..n)
        .map(|_| Box::new(GreedyBot::new()) as Box<dyn Player>)
        .collect()
}

/// What `seat` can know of `st`: its own hand, the public table, other seats' concealed kongs
/// left out. `None` for a turn that began with a claim (no protocol asks a bot then).
fn knowledge_of(st: &State, seat: usize) -> Option<Knowledge> {
    let moment = match &st.phase {
        Phase::Turn(t) => match t.start {
            TurnStart::Drew { tile, after_kong, .. } => Moment::Drew { tile, after_kong },
            _ => return None,
        },
        Phase::Offer(o) => Moment::Offered {
            from: o.from,
            tile: o.tile,
            kong: o.kong,
            after_kong: o.after_kong,
        },
        Phase::Over { .. } | Phase::Prepare(_) => return None,
    };
    Some(Knowledge {
        seat,
        dealer: st.dealer,
        round: st.round,
        concealed: st.seats[seat].concealed,
        melds: st
            .seats
            .iter()
            .enumerate()
            .map(|(s, x)| {
                x.melds
                    .iter()
                    .copied()
                    .filter(|m| s == seat || !matches!(m, Meld::ConcealedKong { .. }))
                    .collect()
            })
            .collect(),
        discards: st.seats.iter().map(|x| x.discards.clone()).collect(),
        bonus: st.seats.iter().map(|x| x.bonus.clone()).collect(),
        wall_remaining: st.wall.remaining(),
        walls: if st.wall.is_per_seat() {
            (0..st.players()).map(|s| st.wall.remaining_for(s)).collect()
        } else {
            Vec::new()
        },
        moment,
    })
}

#[test]
fn knowledge_gives_the_seat_its_real_options() {
    for name in ["mcr", "mcr-mil", "mcr-botzone"] {
        let t = table(name);
        let mut checked = 0usize;
        let mut wins = 0usize;
        for seed in 0..40u64 {
            let (mut st, mut events) =
                new_hand(&t, seed, (seed % 4) as usize, Wind::default()).expect("deal");
            let mut players = greedy(4);
            run_observed(&t, &mut st, &mut players, &mut events, &mut |st, seat, _| {
                let Some(k) = knowledge_of(st, seat) else { return };
                let real = legal_actions(&t, st, seat);
                let known = legal_actions(&t, &k.state(&t), seat);
                assert_eq!(real, known, "{name} seed {seed} seat {seat}");
                checked += 1;
                wins += real
                    .iter()
                    .filter(|a| matches!(a, Action::Win | Action::SelfWin))
                    .count();
            })
            .expect("hand plays");
        }
        assert!(checked > 1000, "{name}: {checked} decisions");
        assert!(wins > 10, "{name}: wins among the options {wins}");
    }
}

fn first_discard_after(r: &Record, from: usize) -> usize {
    from + r.events[from..]
        .iter()
        .position(|e| matches!(e, RecordEvent::Discard { .. }))
        .expect("a discard")
}

#[test]
fn a_forfeit_ends_the_hand_and_replays() {
    let t = table("mcr");
    let mut players = greedy(4);
    let whole = play_hand(&t, &mut players, 3, 0, Wind::default()).expect("hand");
    // Cut the record at an action boundary (just before a discard) some way into the hand.
    let cut = first_discard_after(&whole, 20);
    let mut prefix = whole.clone();
    prefix.events.truncate(cut);
    assert!(
        replay(&t, &prefix).is_err(),
        "a cut record does not replay by itself"
    );
    let ended = forfeit(&t, &prefix, 2, "cuo_he").expect("forfeit");
    assert_eq!(
        ended.events[cut],
        RecordEvent::Forfeit {
            seat: 2,
            id: "cuo_he".into()
        }
    );
    assert_eq!(ended.events.len(), cut + 5);
    let paid: Vec<i64> = ended.events[cut + 1..]
        .iter()
        .map(|e| match e {
            RecordEvent::Payment {
                amount,
                reason: Some(r),
                ..
            } if r == PENALTY_REASON => *amount,
            other => panic!("not a penalty payment: {other:?}"),
        })
        .collect();
    assert_eq!(paid, vec![10, 10, -30, 10]);
    let st = replay(&t, &ended).unwrap_or_else(|d| panic!("{d}"));
    assert!(st.is_over());
    let back = Record::from_json(&ended.to_json()).expect("reads");
    replay(&t, &back).unwrap_or_else(|d| panic!("{d}"));
    assert!(ended
        .to_text(t.tiles(), false)
        .contains("penalty cuo_he, the hand ends"));
    // Nothing may follow a forfeit but its payments.
    let mut longer = ended.clone();
    longer.events.push(whole.events[cut].clone());
    assert!(replay(&t, &longer).is_err());
}
