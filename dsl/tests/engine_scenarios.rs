//! Scenario tests of the turn engine from arranged walls (Chinese Official ruleset): robbing a
//! kong, winning on a kong replacement, last-tile wins, competing claims on one discard, the
//! exhaustive draw, and a bonus tile as the wall's last tile. Seats follow a script and otherwise
//! play passively (pass every offer, discard the tile drawn), so each wall plays out as designed.

use mj_core::game::play::play_hand_from_wall;
use mj_core::game::record::RecordEvent;
use mj_core::game::{arrange_wall, replay, Action, Player, Rules, SeatView, State};
use mj_core::{parse_tiles, Tile, Wind};
use mj_dsl::table::Table;
use std::collections::VecDeque;

fn mcr() -> Table {
    Table::new(mj_dsl::load("mcr").expect("mcr loads")).expect("mcr maps to table rules")
}

fn tiles(t: &Table, s: &str) -> Vec<Tile> {
    parse_tiles(t.tiles(), s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn tile(t: &Table, s: &str) -> Tile {
    tiles(t, s)[0]
}

/// Takes its scripted actions in order, each as soon as it is legal; otherwise declares bonus
/// tiles, passes offers and discards the tile it drew.
struct Scripted {
    wants: VecDeque<Action>,
}

fn scripted(wants: Vec<Action>) -> Box<dyn Player> {
    Box::new(Scripted { wants: wants.into() })
}

impl Player for Scripted {
    fn name(&self) -> String {
        "scripted".into()
    }
    fn choose(&mut self, view: &SeatView, legal: &[Action]) -> Action {
        if let Some(&a) = self.wants.front() {
            if legal.contains(&a) {
                self.wants.pop_front();
                return a;
            }
        }
        let prefer = [
            legal.iter().copied().find(|a| matches!(a, Action::Bonus(_))),
            legal.contains(&Action::Pass).then_some(Action::Pass),
            view.drawn.map(Action::Discard).filter(|a| legal.contains(a)),
            legal.iter().copied().find(|a| matches!(a, Action::Discard(_))),
        ];
        prefer.into_iter().flatten().next().unwrap_or(legal[0])
    }
}

/// Plays an arranged hand (dealer East = seat 0) and checks that its record replays.
fn play(
    t: &Table,
    hands: [&str; 4],
    front: &str,
    back: &str,
    scripts: [Vec<Action>; 4],
) -> (Vec<RecordEvent>, State) {
    let hands: Vec<Vec<Tile>> = hands.iter().map(|h| tiles(t, h)).collect();
    let wall = arrange_wall(t, 0, &hands, &tiles(t, front), &tiles(t, back)).expect("wall arranges");
    let mut players: Vec<Box<dyn Player>> = scripts.into_iter().map(scripted).collect();
    let (record, end) = play_hand_from_wall(t, &mut players, wall, 0, Wind::EAST).expect("hand plays");
    assert_eq!(end.census(), t.tiles().total_tiles());
    let replayed = replay(t, &record).unwrap_or_else(|d| panic!("replay: {d}"));
    assert_eq!(replayed, end);
    assert!(record.to_json().contains("\"wall\""));
    (record.events, end)
}

fn wins(events: &[RecordEvent]) -> Vec<&RecordEvent> {
    events
        .iter()
        .filter(|e| matches!(e, RecordEvent::Win { .. }))
        .collect()
}

fn payments(events: &[RecordEvent]) -> Vec<i64> {
    let mut out = vec![0; 4];
    for e in events {
        if let RecordEvent::Payment { seat, amount, .. } = e {
            out[*seat] += amount;
        }
    }
    out
}

#[test]
fn robbing_an_added_kong() {
    let t = mcr();
    let p5 = tile(&t, "5p");
    let (events, end) = play(
        &t,
        [
            "55p19m139sESWNCFP",
            "123m456m789m11s46p",
            "2233m2233p77889s",
            "5566m7799p2244sW",
        ],
        // S, W (5p, ponged by E), S, W, N, E (the fourth 5p).
        "8p5p3p6s7m5p",
        "",
        [
            vec![
                Action::Discard(tile(&t, "C")),
                Action::Pong,
                Action::Discard(tile(&t, "F")),
                Action::AddedKong(p5),
            ],
            // South passes the 5p West discards (East pongs it), then robs East's kong.
            vec![Action::Pass, Action::Win],
            vec![],
            vec![],
        ],
    );
    let w = wins(&events);
    assert_eq!(w.len(), 1);
    match w[0] {
        RecordEvent::Win {
            seat,
            robbed_kong,
            from,
            fans,
            ..
        } => {
            assert_eq!((*seat, *robbed_kong, *from), (1, true, Some(0)));
            assert!(fans.iter().any(|f| f.starts_with("抢杠和")), "{fans:?}");
        }
        _ => unreachable!(),
    }
    // The robbed kong goes back to a pong; the konger pays as a discarder.
    assert!(
        end.seats[0].melds.contains(&mj_core::Meld::Pung {
            tile: p5,
            from: mj_core::meld::From::Right
        }) || end.seats[0]
            .melds
            .iter()
            .any(|m| matches!(m, mj_core::Meld::Pung { tile, .. } if *tile == p5))
    );
    let pay = payments(&events);
    assert_eq!(pay.iter().sum::<i64>(), 0);
    assert!(pay[0] < pay[2] && pay[2] == -8 && pay[3] == -8, "{pay:?}");
}

#[test]
fn winning_on_a_kong_replacement() {
    let t = mcr();
    let (events, _) = play(
        &t,
        ["EEEE123m456m789p1s", "", "", ""],
        "",
        "1s",
        [
            vec![Action::ConcealedKong(tile(&t, "E")), Action::SelfWin],
            vec![],
            vec![],
            vec![],
        ],
    );
    let w = wins(&events);
    assert_eq!(w.len(), 1, "{events:?}");
    match w[0] {
        RecordEvent::Win {
            seat,
            self_drawn,
            fans,
            hand,
            ..
        } => {
            assert_eq!((*seat, *self_drawn), (0, true));
            assert!(hand.contains("kong"), "{hand}");
            assert!(fans.iter().any(|f| f.starts_with("杠上开花")), "{fans:?}");
        }
        _ => unreachable!(),
    }
}

/// Every bonus tile is dealt, so the deal takes eight replacements from the end (East's two
/// first, then South's, West's, North's) and no bonus tile is drawn in play: the live wall has
/// 144 - 53 - 8 = 83 tiles and North (draw 83) draws the last, `back[8]`. Every copy of the
/// waiting tiles is placed, so the wait cannot come earlier.
#[test]
fn self_drawn_win_on_the_last_tile() {
    let t = mcr();
    let (events, end) = play(
        &t,
        ["1p9s12f", "1p34f", "56f", "123m456m789m11p78f"],
        "",
        // North's replacements make 123m456m789m11p99s; the last live tile is the third 9s.
        "EESSWW9s9s9s",
        [vec![], vec![], vec![], vec![Action::SelfWin]],
    );
    assert_eq!(end.wall.remaining(), 0);
    let w = wins(&events);
    assert_eq!(w.len(), 1, "{:?}", events.last());
    match w[0] {
        RecordEvent::Win {
            seat,
            fans,
            hand,
            self_drawn,
            ..
        } => {
            assert_eq!((*seat, *self_drawn), (3, true));
            assert!(hand.contains("last"), "{hand}");
            assert!(fans.iter().any(|f| f.starts_with("妙手回春")), "{fans:?}");
        }
        _ => unreachable!(),
    }
}

#[test]
fn discard_win_on_the_last_tile() {
    let t = mcr();
    // East discards N to wait on 1p/9s; North draws the last tile (9s) and discards it; East
    // wins on it (海底捞月).
    let (events, _) = play(
        &t,
        ["123m456m789m11pN12f", "1p9s34f", "1p56f", "78f"],
        "",
        "9s9sSSWWNN9s",
        [
            vec![Action::Discard(tile(&t, "N")), Action::Win],
            vec![],
            vec![],
            vec![],
        ],
    );
    let w = wins(&events);
    assert_eq!(w.len(), 1, "{:?}", events.last());
    match w[0] {
        RecordEvent::Win {
            seat,
            from,
            fans,
            hand,
            ..
        } => {
            assert_eq!((*seat, *from), (0, Some(3)));
            assert!(hand.contains("last"), "{hand}");
            assert!(fans.iter().any(|f| f.starts_with("海底捞月")), "{fans:?}");
        }
        _ => unreachable!(),
    }
}

#[test]
fn pong_beats_chi_on_the_same_discard() {
    let t = mcr();
    let (events, _) = play(
        &t,
        ["5m", "46m", "55m", ""],
        "",
        "",
        [
            vec![Action::Discard(tile(&t, "5m"))],
            vec![Action::Chi(tile(&t, "4m"))],
            vec![Action::Pong],
            vec![],
        ],
    );
    let claims: Vec<&RecordEvent> = events
        .iter()
        .filter(|e| matches!(e, RecordEvent::Chi { .. } | RecordEvent::Pong { .. }))
        .collect();
    assert!(
        matches!(claims.first(), Some(RecordEvent::Pong { seat: 2, from: 0, .. })),
        "{claims:?}"
    );
}

#[test]
fn a_win_beats_a_pong_and_the_first_winner_from_the_discarder_takes_it() {
    let t = mcr();
    // South and North can both win on East's 5m; West could pong it. Only South wins.
    let (events, _) = play(
        &t,
        ["5m", "46m123s456s789sEE", "55m", "123p456p789p11s5m"],
        "",
        "",
        [
            vec![Action::Discard(tile(&t, "5m"))],
            vec![Action::Win],
            vec![Action::Pong],
            vec![Action::Win],
        ],
    );
    assert!(!events.iter().any(|e| matches!(e, RecordEvent::Pong { .. })));
    let w = wins(&events);
    assert_eq!(w.len(), 1);
    assert!(matches!(
        w[0],
        RecordEvent::Win {
            seat: 1,
            from: Some(0),
            ..
        }
    ));
}

#[test]
fn passive_play_ends_in_an_exhaustive_draw() {
    let t = mcr();
    let (events, end) = play(&t, ["", "", "", ""], "", "", [vec![], vec![], vec![], vec![]]);
    assert_eq!(
        events.last(),
        Some(&RecordEvent::ExhaustiveDraw { ready: vec![] })
    );
    assert!(wins(&events).is_empty());
    assert_eq!(end.wall.remaining(), 0);
    assert_eq!(end.scores, vec![0; 4]);
}

#[test]
fn a_bonus_tile_as_the_last_tile_ends_the_hand() {
    let t = mcr();
    // Seven bonus tiles dealt (seven replacements), the eighth is the last live tile.
    let (events, end) = play(
        &t,
        ["12f", "34f", "56f", "7f"],
        "",
        "EEEESSS8f",
        [vec![], vec![], vec![], vec![]],
    );
    let n = events.len();
    assert_eq!(events[n - 1], RecordEvent::ExhaustiveDraw { ready: vec![] });
    assert_eq!(
        events[n - 2],
        RecordEvent::Flower {
            seat: 0,
            tile: "8f".into()
        },
        "{:?}",
        &events[n - 3..]
    );
    assert_eq!(
        events[n - 3],
        RecordEvent::Draw {
            seat: 0,
            tile: "8f".into(),
            replacement: false
        }
    );
    assert_eq!(end.wall.remaining(), 0);
    assert_eq!(end.census(), t.tiles().total_tiles());
}
