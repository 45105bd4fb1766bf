//! 血战到底 in play (`rulesets/sichuan`, shared/rules/sichuan.md): the hand goes on after a win.
//! Decisions 8: a winner leaves; from then on it draws, discards, calls, pays and is paid nothing,
//! and is skipped in turn order; the hand ends when three players have won or when the wall is
//! empty. Decisions 7: every player still in may win on one discard. Decisions 13: players who
//! have already won pay nothing and are not paid (play writes them as `out=` on later wins, so
//! `mj score` of the recorded hand pays as play did). Decisions 17: the first winner deals next.
//! Decisions 5 (定缺): every player declares a void suit before play (the greedy bot the suit it
//! holds least); its tiles are discarded first, never ponged or konged, and nobody wins holding one.
//! Decisions 4 (换三张): before that, every player passes three tiles of one suit face down, in a
//! direction one seeded die draws per hand.

use mj_core::game::matchplay::play_match;
use mj_core::game::play::run_observed;
use mj_core::game::record::RecordEvent;
use mj_core::game::{new_hand, play_hand, Action, GreedyBot, Phase, Player, RandomBot, Record, Rules};
use mj_core::Wind;
use mj_dsl::table::Table;
use mj_dsl::{load, score_text};

fn table() -> Table {
    Table::new(load("sichuan").expect("sichuan loads")).expect("table rules")
}

fn greedy() -> Vec<Box<dyn Player>> {
    (0..4)
        .map(|_| Box::new(GreedyBot::new()) as Box<dyn Player>)
        .collect()
}

fn hand(t: &Table, seed: u64) -> Record {
    let dealer = (seed % 4) as usize;
    play_hand(t, &mut greedy(), seed, dealer, Wind::from_index(0).unwrap())
        .unwrap_or_else(|e| panic!("seed {seed}: {e}"))
}

/// The seat letter (wind) of `seat` in a hand dealt by `dealer`.
fn letter(seat: usize, dealer: usize) -> char {
    Wind::from_index(((seat + 4 - dealer) % 4) as u8)
        .unwrap()
        .letter()
}

/// What the seeded hands showed, for the coverage asserts.
#[derive(Default, Debug)]
struct Seen {
    hands: usize,
    by_winners: [usize; 4],
    multiple_on_one_discard: usize,
    wins_after_a_win: usize,
    self_drawn_with_left: usize,
}

/// The payments that follow event `i`, one per seat, as the engine writes them.
fn payments_after(r: &Record, i: usize) -> [i64; 4] {
    let mut out = [0i64; 4];
    for e in r.events[i + 1..].iter().take(4) {
        match e {
            RecordEvent::Payment { seat, amount, .. } => out[*seat] = *amount,
            other => panic!(
                "seed {}: a payment expected after the win, found {other:?}",
                r.seed
            ),
        }
    }
    out
}

/// Walks one record and checks Decisions 7, 8 and 13 on it.
fn check(r: &Record, seen: &mut Seen) {
    let sichuan = load("sichuan").expect("loads");
    let d = r.dealer;
    let mut left = [false; 4];
    // The winners of the win being paid now (several on one discard), who leave once it is paid.
    let mut group: Vec<usize> = Vec::new();
    for (i, e) in r.events.iter().enumerate() {
        if !matches!(e, RecordEvent::Win { .. } | RecordEvent::Payment { .. }) {
            for w in group.drain(..) {
                left[w] = true;
            }
        }
        match e {
            RecordEvent::Draw { seat, .. }
            | RecordEvent::Discard { seat, .. }
            | RecordEvent::Pong { seat, .. }
            | RecordEvent::Kong { seat, .. } => {
                assert!(
                    !left[*seat],
                    "seed {}: seat {seat} left but plays on: {e:?}",
                    r.seed
                )
            }
            RecordEvent::Win {
                seat,
                self_drawn,
                from,
                hand,
                ..
            } => {
                assert!(!left[*seat], "seed {}: seat {seat} wins twice", r.seed);
                if let Some(f) = from {
                    assert!(!left[*f], "seed {}: a player who left discarded", r.seed);
                }
                // Play writes who has left as `out=`, in wind order.
                let mut out: Vec<char> = (0..4).filter(|&s| left[s]).map(|s| letter(s, d)).collect();
                out.sort_by_key(|c| "ESWN".find(*c));
                let word = format!(" out={}", out.iter().collect::<String>());
                assert_eq!(hand.contains(" out="), !out.is_empty(), "seed {}: {hand}", r.seed);
                if !out.is_empty() {
                    assert!(hand.contains(&word), "seed {}: {hand} lacks{word}", r.seed);
                    seen.wins_after_a_win += 1;
                    seen.self_drawn_with_left += usize::from(*self_drawn);
                }
                if !group.is_empty() {
                    seen.multiple_on_one_discard += 1;
                }
                group.push(*seat);
                // Decisions 13: what play paid is what `mj score` pays for the recorded line
                // (whose `out=` drops the players who left): the winner's gain, and for a
                // self-drawn win every seat's payment; a discard win is paid by the discarder.
                let paid = payments_after(r, i);
                let report = score_text(&sichuan, hand).unwrap_or_else(|e| panic!("{hand}: {e}"));
                let want = |s: usize| report.payments.get(&letter(s, d).to_string()).unwrap_or(0);
                assert_eq!(paid[*seat], want(*seat), "seed {}: {hand}", r.seed);
                for s in (0..4).filter(|&s| s != *seat) {
                    let expected = match from {
                        None => want(s),
                        Some(f) if *f == s => -paid[*seat],
                        Some(_) => 0,
                    };
                    assert_eq!(paid[s], expected, "seed {}: seat {s} for {hand}", r.seed);
                    assert!(
                        !left[s] || paid[s] == 0,
                        "seed {}: seat {s} left but pays",
                        r.seed
                    );
                }
            }
            RecordEvent::Payment { seat, amount, reason } => {
                // Decisions 13 and 14: nobody who has left pays or is paid, for a win or a kong;
                // at the wall's end one may only get back kong money it paid (退税, Decisions 16).
                let refund = reason.as_deref() == Some("drawn_hand") && *amount > 0;
                assert!(
                    !left[*seat] || *amount == 0 || refund,
                    "seed {}: seat {seat} left but pays {amount} ({reason:?})",
                    r.seed
                );
            }
            _ => {}
        }
    }
    let winners = r.winners().len();
    // Decisions 8: the hand ends at the third win, or at the wall's end with fewer.
    let exhausted = r
        .events
        .iter()
        .any(|e| matches!(e, RecordEvent::ExhaustiveDraw { .. }));
    assert!(winners <= 3, "seed {}: {winners} winners", r.seed);
    assert!(
        exhausted != (winners == 3),
        "seed {}: {winners} winners, wall exhausted {exhausted}",
        r.seed
    );
    assert_eq!(r.net().iter().sum::<i64>(), 0, "seed {}: not zero-sum", r.seed);
    seen.hands += 1;
    seen.by_winners[winners] += 1;
}

/// Decisions 7, 8, 13: over seeded greedy hands, winners leave and play goes on; hands where one,
/// two and three players win all occur, and wins after a win are paid only by those still in.
#[test]
fn winners_leave_and_the_others_play_on() {
    let t = table();
    let mut seen = Seen::default();
    for seed in 0..200 {
        check(&hand(&t, seed), &mut seen);
    }
    eprintln!("{seen:?}");
    assert!(seen.by_winners[2] > 0 && seen.by_winners[3] > 0, "{seen:?}");
    assert!(
        seen.wins_after_a_win > 0 && seen.self_drawn_with_left > 0,
        "{seen:?}"
    );
}

/// Decisions 17: the first winner deals the next hand, whoever wins after; the match's hands
/// follow that rotation.
#[test]
fn the_first_winner_deals_next() {
    let t = table();
    let m = play_match(&t, &mut greedy(), 7, Some(1)).expect("match");
    for pair in m.hands.windows(2) {
        let (a, b) = (&pair[0], &pair[1]);
        let first = a.first_winners();
        let expected = match (first.as_slice(), a.discarder()) {
            ([], _) => a.dealer,
            ([_, _, ..], Some(discarder)) => discarder,
            (w, _) => w[0],
        };
        assert_eq!(b.dealer, expected, "after hand seed {}", a.seed);
    }
    assert!(
        m.hands
            .iter()
            .any(|h| h.winners().len() > 1 && h.winners()[0] != h.dealer),
        "some hand has later winners"
    );
}

/// Decisions 5: the void suit is declared by every seat before anything else happens, and then
/// restricts play: while a seat holds a tile of it only such tiles are discarded, none is ponged
/// or konged, and no win holds one (the recorded line carries `void=X` and no tile of suit X).
/// The greedy bot declares the suit it holds fewest tiles of.
#[test]
fn the_void_suit_is_declared_first_and_kept() {
    let t = table();
    let set = t.tiles().clone();
    let (mut discards_forced, mut games) = (0, 0);
    for seed in 0..60u64 {
        let (mut st, mut events) = new_hand(&t, seed, 0, Wind::from_index(0).unwrap()).expect("deal");
        assert!(
            matches!(st.phase, Phase::Prepare(_)),
            "play starts with the declaration"
        );
        let mut players: Vec<Box<dyn Player>> = (0..4)
            .map(|s: u64| -> Box<dyn Player> {
                if seed.is_multiple_of(2) || s.is_multiple_of(2) {
                    Box::new(GreedyBot::new())
                } else {
                    Box::new(RandomBot::new(seed * 7 + s))
                }
            })
            .collect();
        let greedy = |s: usize| seed.is_multiple_of(2) || s.is_multiple_of(2);
        run_observed(&t, &mut st, &mut players, &mut events, &mut |s, seat, action| {
            let me = &s.seats[seat];
            match action {
                Action::DeclareVoid(suit) => {
                    assert!(s.seats.iter().all(|x| x.discards.is_empty()));
                    if greedy(seat) {
                        let held = |k: u8| {
                            set.tiles()
                                .filter(|&x| set.suit_rank(x).map(|r| r.0) == Some(k))
                                .map(|x| me.concealed[x.id()] as u32)
                                .sum::<u32>()
                        };
                        assert!((0..3).all(|k| held(suit) <= held(k)), "seed {seed}: greedy void");
                    }
                }
                Action::Discard(tile) => {
                    assert!(me.void.is_some(), "seed {seed}: a discard before the declaration");
                    if me.holds_void(&set) {
                        assert!(me.is_void(&set, tile), "seed {seed}: void tiles go first");
                        discards_forced += 1;
                    }
                }
                Action::Pong | Action::ExposedKong => {
                    if let Phase::Offer(o) = &s.phase {
                        assert!(!me.is_void(&set, o.tile), "seed {seed}: a void tile claimed");
                    }
                }
                Action::ConcealedKong(k) | Action::AddedKong(k) => {
                    assert!(!me.is_void(&set, k), "seed {seed}: a void kong")
                }
                Action::Win | Action::SelfWin => assert!(!me.holds_void(&set), "seed {seed}"),
                _ => {}
            }
        })
        .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let record = Record::new(
            &t,
            seed,
            0,
            Wind::from_index(0).unwrap(),
            vec![String::new(); 4],
            None,
            &events,
        );
        let voids: Vec<(usize, String)> = record
            .events
            .iter()
            .filter_map(|e| match e {
                RecordEvent::Void { seat, suit } => Some((*seat, suit.clone())),
                _ => None,
            })
            .collect();
        assert_eq!(voids.len(), 4, "seed {seed}: every seat declares");
        assert!(
            matches!(record.events[5], RecordEvent::Void { .. }),
            "seed {seed}: right after the exchange"
        );
        for e in &record.events {
            if let RecordEvent::Win { seat, hand, .. } = e {
                let void = &voids.iter().find(|(s, _)| s == seat).unwrap().1;
                assert!(hand.contains(&format!(" void={void}")), "{hand}");
                let tiles = hand.split(' ').next().unwrap();
                assert!(
                    !tiles.contains(void.as_str()),
                    "seed {seed}: {hand} holds its void suit"
                );
            }
        }
        let end = mj_core::game::replay(&t, &record).unwrap_or_else(|d| panic!("seed {seed}: {d}"));
        assert_eq!(end, st, "seed {seed}: the replay ends elsewhere");
        games += 1;
    }
    assert!(
        games == 60 && discards_forced > 100,
        "{discards_forced} forced discards"
    );
}

/// Decisions 4: right after the deal every seat passes three tiles of one suit from its hand, all
/// in the same direction (next, across or previous seat, drawn per hand from the seed: each occurs
/// over the seeds); the void declarations follow.
#[test]
fn three_tiles_of_one_suit_are_exchanged_first() {
    let t = table();
    let set = t.tiles().clone();
    let mut directions = [0usize; 4];
    for seed in 0..40 {
        let r = hand(&t, seed);
        let RecordEvent::Deal { hands, .. } = &r.events[0] else {
            panic!("seed {seed}: the deal comes first")
        };
        let mut step = None;
        for k in 0..4 {
            let RecordEvent::Exchange { seat, to, tiles } = &r.events[1 + k] else {
                panic!(
                    "seed {seed}: four exchanges follow the deal: {:?}",
                    r.events[1 + k]
                )
            };
            assert_eq!(tiles.len(), 3, "seed {seed}");
            let suits: Vec<char> = tiles.iter().map(|x| x.chars().last().unwrap()).collect();
            assert!(
                suits.iter().all(|&c| c == suits[0]),
                "seed {seed}: {tiles:?} not one suit"
            );
            let dealt = mj_core::notation::parse_tiles(&set, &hands[*seat]).unwrap();
            for x in tiles {
                let tile = mj_core::notation::parse_tiles(&set, x).unwrap()[0];
                let passed = tiles.iter().filter(|y| *y == x).count();
                assert!(
                    dealt.iter().filter(|&&d| d == tile).count() >= passed,
                    "seed {seed}"
                );
            }
            let d = (to + 4 - seat) % 4;
            assert!(
                d != 0 && step.is_none_or(|s| s == d),
                "seed {seed}: one direction"
            );
            step = Some(d);
        }
        directions[step.unwrap()] += 1;
        assert!(
            matches!(r.events[5], RecordEvent::Void { .. }),
            "seed {seed}: then 定缺"
        );
    }
    assert!(
        directions[1] > 0 && directions[2] > 0 && directions[3] > 0,
        "{directions:?}"
    );
}

/// Option exchange_three = true (Decisions 4, the default) or false (plain 血战: no exchange, the
/// void declarations follow the deal).
#[test]
fn exchange_three_values() {
    for (name, passes) in [
        ("sichuan[exchange_three=true]", 4),
        ("sichuan[exchange_three=false]", 0),
    ] {
        let t = Table::new(load(name).expect("loads")).expect("table rules");
        let r = hand(&t, 3);
        let n = r
            .events
            .iter()
            .filter(|e| matches!(e, RecordEvent::Exchange { .. }))
            .count();
        assert_eq!(n, passes, "{name}");
        assert!(matches!(r.events[1 + passes], RecordEvent::Void { .. }), "{name}");
    }
}
