//! 血流成河 in play (`rulesets/sichuan-xueliu`, shared/rules/sichuan.md, Options, last bullet:
//! "winners keep playing and may win again until the wall is empty"), from arranged walls worked
//! by hand. `[play] after_win = "stay"`: a winner stays in, its winning tile is set aside, each win
//! is paid when it is made (sichuan's Decisions 13 with everybody still in), the seat after the
//! (last) winner draws next and the hand ends only at the wall's end, where the checks of
//! Decisions 16 leave out every player who has won. `winner_locked = true`: a player who has won
//! may only win, discard the tile it drew, or kong with it leaving its waits as they were.
//! Every hand is finished through the common driver: tiles conserved, payments zero-sum, and the
//! record replays to the same state.

mod common;

use common::{payments, rest, table, tiles, written, Game};
use mj_core::game::event::Event;
use mj_core::game::{Action, Record, Rules};
use mj_core::Tile;

const RULES: &str = "sichuan-xueliu[exchange_three=false]";

// ---- A seat winning twice, and the wall's end with winners and non-winners --------------------
//
// East (dealer, void m) discards 9m and keeps 1m to the end: a 花猪. South (void m) waits on 3s
// alone: 123p 456p 789p 678s 3s (平胡, 0 fans: two suits, no 根, no 带幺九). West (void m) is ready
// on 3p/6p: 123s 456s 789s 11s 4p5p, 平胡 (F = 0). North (void m) is not ready: 22p 4p 6p 88p 1s
// 44s 6s 7s 99s has no complete set and five single tiles.
const A_EAST: &str = "1m9m 111p 999p 222s 555s";
const A_SOUTH: &str = "123p 456p 789p 678s 3s";
const A_WEST: &str = "123s 456s 789s 11s 4p5p";
const A_NORTH: &str = "22p4p6p88p 1s44s6s7s99s";

/// The draws of hand A: South, West, North draw and discard a tile each, East a 万; South draws
/// 3s (its first win, self-drawn); West, next after the winner, draws the other 3s and discards
/// it (South's second win); then West again, North, East, South, ... until the wall is empty.
/// East draws only 万 (its void suit, so it always discards what it draws and keeps 1m); the
/// others draw what is left.
fn a_front(rules: &str) -> String {
    let t = table(rules);
    let pool = rest(&t, &[A_EAST, A_SOUTH, A_WEST, A_NORTH, "3s3s"]);
    let (mut wan, mut other): (Vec<Tile>, Vec<Tile>) = pool
        .into_iter()
        .partition(|&x| t.tiles().notation(x).ends_with('m'));
    let three_s = tiles(&t, "3s")[0];
    // The seat of each draw: S W N E, S (wins), W (discards into South's win), then W N E S ...
    let seats = [1usize, 2, 3, 0, 1, 2]
        .into_iter()
        .chain((6..55).map(|i| [2, 3, 0, 1][(i - 6) % 4]));
    let mut front = Vec::new();
    for (i, seat) in seats.enumerate() {
        let next = match (i, seat) {
            (4 | 5, _) => Some(three_s),
            (_, 0) => wan.pop(),
            _ => other.pop().or_else(|| wan.pop()),
        };
        front.push(next.expect("enough tiles"));
    }
    assert!(wan.is_empty() && other.is_empty(), "the whole wall is arranged");
    written(&t, &front)
}

/// Plays hand A up to South's turn after its second win (South then holds its locked hand and a
/// drawn tile) and returns the game.
fn a_to_second_win<'a>(t: &'a mj_dsl::table::Table, front: &str) -> Game<'a> {
    let mut g = Game::new(t, &[A_EAST, A_SOUTH, A_WEST, A_NORTH], front, "");
    g.declare_voids([0, 0, 0, 0]);
    g.discard(0, "9m");
    let three_s = g.tile("3s");
    g.passive_until(|st| {
        st.to_act() == Some(1) && st.winners.is_empty() && {
            matches!(&st.phase, mj_core::game::Phase::Turn(tu)
            if matches!(tu.start, mj_core::game::state::TurnStart::Drew { tile, .. } if tile == three_s))
        }
    });
    assert!(g.legal(1).contains(&Action::SelfWin), "South self-draws 3s");
    g.act(1, Action::SelfWin);
    // The hand goes on: West, the seat after the winner, draws the other 3s and discards it.
    assert!(!g.st.is_over(), "a win does not end the hand");
    assert_eq!(g.turn(), Some(2), "West draws next");
    assert_eq!(g.drawn(), Some(three_s));
    g.act(2, Action::Discard(three_s));
    assert!(g.offered_win(1), "South may win again, on West's 3s");
    g.claim(1, Action::Win);
    assert_eq!(
        g.turn(),
        Some(2),
        "after South's win on West's discard, West (after South) draws"
    );
    g
}

/// South wins twice: 3s self-drawn (平胡 0 fans: each other player pays 2^0 + 1, Decisions 13),
/// then West's 3s (West pays 2^0). Both 3s are set aside as South's won tiles and its hand is
/// again the 13 tiles it began with. At the wall's end (Decisions 16 for the players who never
/// won): 查花猪, East pays 2^4 = 16 to West and North, not to South, who has won; 查大叫, North
/// (not ready) pays West 2^0 = 1; nobody holds kong money. South takes no part: 0.
#[test]
fn a_seat_wins_twice_and_the_wall_end_checks_only_those_who_never_won() {
    let t = table(RULES);
    let front = a_front(RULES);
    let mut g = a_to_second_win(&t, &front);
    let three_s = g.tile("3s");
    assert_eq!(
        g.st.seats[1].won,
        vec![three_s, three_s],
        "both winning tiles set aside"
    );
    assert_eq!(g.st.seats[1].concealed_len(), 13);
    g.passive_to_end();
    assert!(
        g.events.iter().any(|e| matches!(e, Event::ExhaustiveDraw { .. })),
        "the hand ends at the wall's end"
    );
    let r = g.finish();
    assert_eq!(r.winners(), vec![1, 1], "one seat among the winners twice");
    assert_eq!(
        payments(&r, None),
        vec![vec![-2, 6, -2, -2], vec![0, 1, -1, 0]],
        "each win paid when it is made"
    );
    assert_eq!(payments(&r, Some("drawn_hand")), vec![vec![-32, 0, 17, 15]]);
    assert_eq!(r.net(), vec![-34, 7, 14, 13]);
    // The first winner deals next (Decisions 17).
    assert_eq!(r.next_dealer(t.table()).0, 1);
}

/// The won-hand lock on hand A: after its wins South may only discard the tile it draws; with
/// `winner_locked=false` it may discard any tile.
#[test]
fn a_winner_may_only_discard_what_it_draws_unless_the_lock_is_off() {
    for (rules, locked) in [
        (RULES.to_string(), true),
        (RULES.replace(']', ",winner_locked=false]"), false),
    ] {
        let t = table(&rules);
        let front = a_front(&rules);
        let mut g = a_to_second_win(&t, &front);
        g.passive_until(|st| st.to_act() == Some(1));
        let drawn = g.drawn().expect("South drew");
        let legal = g.legal(1);
        if locked {
            assert_eq!(legal, vec![Action::Discard(drawn)], "{rules}");
        } else {
            assert!(
                legal.len() > 2 && legal.contains(&Action::Discard(drawn)),
                "{rules}: {legal:?}"
            );
        }
    }
}

// ---- Three wins by different seats on one discard, and the hand goes on ------------------------
//
// East (dealer, void m) discards 5p. South (void m) 123s 456s 789s 11s 4p6p, West (void m) 34p 678p
// 99p 234s 567s and North (void s) 123m 456m 789m 55m 4p6p all win on it, each 平胡 (0 fans), each
// paid 1 by East (Decisions 7, 13).
const B_EAST: &str = "5p 111p 222p 88p 7p 99s 88s";
const B_SOUTH: &str = "123s 456s 789s 11s 4p6p";
const B_WEST: &str = "34p 678p 99p 234s 567s";
const B_NORTH: &str = "123m 456m 789m 55m 4p6p";

/// The three winners stay in; East, the seat after the last winner (North), draws next. The 5p
/// is set aside once, with South (the first winner in turn from East). At the wall's end only
/// East, who never won, is checked, and has nobody to pay or be paid by. After a first discard
/// won by several, the discarder deals next (Decisions 17).
#[test]
fn three_winners_on_one_discard_and_play_goes_on() {
    let t = table(RULES);
    let mut g = Game::new(&t, &[B_EAST, B_SOUTH, B_WEST, B_NORTH], "", "");
    g.declare_voids([0, 0, 0, 2]);
    g.discard(0, "5p");
    for seat in [1, 2, 3] {
        assert!(g.offered_win(seat), "seat {seat} may win on 5p");
    }
    g.claim_many(&[(1, Action::Win), (2, Action::Win), (3, Action::Win)]);
    assert!(!g.st.is_over(), "three wins do not end the hand");
    assert_eq!(g.turn(), Some(0), "East draws next");
    let five_p = g.tile("5p");
    assert_eq!(g.st.seats[1].won, vec![five_p]);
    assert!(g.st.seats[2].won.is_empty() && g.st.seats[3].won.is_empty());
    g.passive_to_end();
    assert!(g.events.iter().any(|e| matches!(e, Event::ExhaustiveDraw { .. })));
    let r = g.finish();
    assert_eq!(r.winners(), vec![1, 2, 3]);
    assert_eq!(
        payments(&r, None),
        vec![vec![-1, 1, 0, 0], vec![-1, 0, 1, 0], vec![-1, 0, 0, 1]]
    );
    assert!(
        payments(&r, Some("drawn_hand")).is_empty(),
        "nobody to check East against"
    );
    assert_eq!(r.net(), vec![-3, 1, 1, 1]);
    assert_eq!(r.next_dealer(t.table()).0, 0, "the discarder deals");
}

// ---- A locked winner's kongs --------------------------------------------------------------------
//
// C1: South (void m) 222p 456p 789p 123s 3s waits on 3s alone (1233s takes only 3s) and wins
// East's 3s (平胡, East pays 1). Locked, it draws the fourth 2p: 2222p as a concealed kong leaves
// 456p 789p 123s 3s, still waiting on 3s alone, so the kong is allowed (and no other discard than 2p). Every other player
// pays 2 for it (Decisions 14, everybody still in), and South wins again on the replacement 3s:
// 根 1 + 杠上开花 1 = 2 fans, each other player pays 2^2 + 1 = 5.
const C1_EAST: &str = "3s 333p 666p 999s 888s 7s";
const C1_SOUTH: &str = "222p 456p 789p 123s 3s";

#[test]
fn a_locked_winner_konges_when_its_waits_stay_and_wins_again() {
    let t = table(RULES);
    // West, North and East draw 4s, 5s, 6s (East, waiting on 7s, cannot win on them); South 2p.
    let mut g = Game::new(&t, &[C1_EAST, C1_SOUTH, "", ""], "4s5s6s2p", "3s");
    g.declare_voids([0, 0, 0, 0]);
    g.discard(0, "3s");
    g.claim(1, Action::Win);
    g.passive_until(|st| st.to_act() == Some(1));
    let two_p = g.tile("2p");
    assert_eq!(g.drawn(), Some(two_p));
    assert_eq!(
        g.legal(1),
        vec![Action::ConcealedKong(two_p), Action::Discard(two_p)]
    );
    g.act(1, Action::ConcealedKong(two_p));
    assert!(g.legal(1).contains(&Action::SelfWin), "杠上开花 on 3s");
    g.act(1, Action::SelfWin);
    let three_s = g.tile("3s");
    assert_eq!(g.st.seats[1].won, vec![three_s, three_s]);
    assert!(!g.st.is_over());
    g.passive_to_end();
    let r = g.finish();
    assert_eq!(&r.winners()[..2], &[1, 1]);
    assert_eq!(
        &payments(&r, None)[..2],
        &[vec![-1, 1, 0, 0], vec![-5, 15, -5, -5]]
    );
    assert_eq!(payments(&r, Some("kong")), vec![vec![-2, 6, -2, -2]]);
    // South has won: the wall's end checks pay it nothing and take nothing from it (no 退税 of
    // its kong money either).
    for drawn in payments(&r, Some("drawn_hand")) {
        assert_eq!(drawn[1], 0, "South is not checked");
    }
}

// C2: South (void m) 222p 34p 567p 789s 99s waits on 2p, 5p and 9s (222p+34p, or 22p 234p and
// 999s) and wins East's 5p (平胡, East pays 1). It draws the fourth 2p: a win (222p 234p 567p 789s
// 99s), but 2222p as a kong would leave 34p 567p 789s 99s waiting on 2p and 5p only, so the lock
// forbids the kong; without the lock it is offered. The 2p is South's first draw of the hand, but
// South has already won: no 地胡 (a seat that has won is past its first turn).
const C2_EAST: &str = "5p 111p 888p 666s 555s 4s";
const C2_SOUTH: &str = "222p 34p 567p 789s 99s";

#[test]
fn a_locked_winner_may_not_kong_when_its_waits_change() {
    for (rules, locked) in [
        (RULES.to_string(), true),
        (RULES.replace(']', ",winner_locked=false]"), false),
    ] {
        let t = table(&rules);
        // West, North and East draw 1s, 2s, 7s (East waits on 3s and 4s); South the fourth 2p.
        let mut g = Game::new(&t, &[C2_EAST, C2_SOUTH, "", ""], "1s2s7s2p", "");
        g.declare_voids([0, 0, 0, 0]);
        g.discard(0, "5p");
        g.claim(1, Action::Win);
        g.passive_until(|st| st.to_act() == Some(1));
        let two_p = g.tile("2p");
        assert_eq!(g.drawn(), Some(two_p));
        let legal = g.legal(1);
        assert!(legal.contains(&Action::SelfWin), "{rules}");
        assert_eq!(
            legal.contains(&Action::ConcealedKong(two_p)),
            !locked,
            "{rules}: {legal:?}"
        );
        if locked {
            assert_eq!(legal, vec![Action::SelfWin, Action::Discard(two_p)]);
        }
        g.act(1, Action::SelfWin);
        g.passive_to_end();
        let r: Record = g.finish();
        assert_eq!(&r.winners()[..2], &[1, 1], "{rules}");
        // 222p 234p 567p 789s 99s with all four 2p in the hand: 根 1 (Decisions 11), self-drawn:
        // 2^1 + 1 from each.
        assert_eq!(
            &payments(&r, None)[..2],
            &[vec![-1, 1, 0, 0], vec![-3, 9, -3, -3]]
        );
    }
}
