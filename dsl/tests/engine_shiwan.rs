//! 十万麻将 scenarios from arranged walls (four players, East = seat 0 deals): 一炮三响, the 漏和
//! lock and what lifts it, robbing a kong, a replacement win after a kong on a discard,
//! 十二张落地 and its concealed-kong exception, and the deal passing every hand.

mod common;

use common::{payments, table, win_totals, Game};
use mj_core::game::engine::next_dealer;
use mj_core::game::{play_match, Action, GreedyBot, Player, Rules};

#[test]
fn three_players_win_on_one_discard_each_paid_for_their_own_hand() {
    let t = table("shiwan");
    let mut g = Game::new(
        &t,
        &[
            "5p",
            "11m22m33m44m66m77m5p",
            "111s333s999s888p5p",
            "EEESSSWWW46pNN",
        ],
        "",
        "",
    );
    g.discard(0, "5p");
    for s in 1..4 {
        assert!(g.offered_win(s), "seat {s}");
    }
    g.claim_many(&[(1, Action::Win), (2, Action::Win), (3, Action::Win)]);
    let r = g.finish();
    let wins = win_totals(&r);
    assert_eq!(wins.iter().map(|w| w.0).collect::<Vec<_>>(), vec![1, 2, 3]);
    let expect: Vec<Vec<i64>> = wins
        .iter()
        .map(|&(w, total)| {
            let mut v = vec![0; 4];
            v[0] = -total;
            v[w] = total;
            v
        })
        .collect();
    assert_eq!(payments(&r, None), expect);
    // The deal passes on regardless.
    assert_eq!(next_dealer(t.table(), 0, &r.winners(), r.discarder()), (1, true));
}

/// North waits on 7p and 9s; East discards 7p and North passes, which locks it.
fn locked_north(t: &mj_dsl::table::Table) -> Game<'_> {
    let mut g = Game::new(t, &["77p", "9s1m", "", "111m333m555p77p99s"], "WWW W", "E");
    g.discard(0, "7p");
    assert!(g.offered_win(3));
    g.pass();
    assert!(g.st.seats[3].missed_win.is_some());
    g
}

#[test]
fn missed_win_locks_every_winning_tile_until_a_draw() {
    let t = table("shiwan");
    let mut g = locked_north(&t);
    // South discards 9s, another of North's winning tiles: North may pong but not win.
    g.discard(1, "9s");
    assert!(!g.offered_win(3));
    assert!(matches!(&g.st.phase, mj_core::game::Phase::Offer(o) if o.waiting.contains(&3)));
    g.pass();
    g.discard(2, "W");
    g.pass();
    // North's draw lifts the lock.
    assert_eq!(g.turn(), Some(3));
    assert_eq!(g.st.seats[3].missed_win, None);
    g.discard(3, "W");
    g.pass();
    g.discard(0, "7p");
    assert!(g.offered_win(3));
    g.claim(3, Action::Win);
    let r = g.finish();
    let total = win_totals(&r)[0].1;
    assert_eq!(payments(&r, None), vec![vec![-total, 0, 0, total]]);
}

#[test]
fn missed_win_lock_is_lifted_by_a_pong_or_a_kong() {
    let t = table("shiwan");
    for claim in [Action::Pong, Action::ExposedKong] {
        let mut g = locked_north(&t);
        g.discard(1, "1m");
        g.claim(3, claim);
        assert_eq!(g.st.seats[3].missed_win, None, "{claim:?}");
        let d = if claim == Action::Pong { "1m" } else { "E" };
        g.discard(3, d);
        g.pass();
        g.discard(0, "7p");
        assert!(g.offered_win(3), "{claim:?}");
        g.claim(3, Action::Win);
        let r = g.finish();
        assert_eq!(win_totals(&r).len(), 1);
    }
}

#[test]
fn robbing_a_kong_is_paid_in_full_by_the_konger() {
    let t = table("shiwan");
    let mut g = Game::new(
        &t,
        &["55s123m456m789mESN", "5s", "46s111m234p567p99s"],
        "W W W W 5s",
        "",
    );
    g.discard(0, "N");
    g.pass();
    g.discard(1, "5s");
    g.claim(0, Action::Pong);
    g.discard(0, "S");
    g.pass();
    for s in 1..4 {
        g.discard(s, "W");
        g.pass();
    }
    g.act(0, Action::AddedKong(g.tile("5s")));
    assert!(g.offered_win(2));
    g.claim(2, Action::Win);
    let r = g.finish();
    let total = win_totals(&r)[0].1;
    assert_eq!(payments(&r, None), vec![vec![-3 * total, 0, 3 * total, 0]]);
}

#[test]
fn replacement_win_after_a_kong_on_a_discard_is_paid_by_that_discarder() {
    let t = table("shiwan");
    let mut g = Game::new(&t, &["1m", "", "111m234p567p888s9s"], "", "9s");
    g.discard(0, "1m");
    g.claim(2, Action::ExposedKong);
    assert!(g.legal(2).contains(&Action::SelfWin));
    g.act(2, Action::SelfWin);
    let r = g.finish();
    let total = win_totals(&r)[0].1;
    assert_eq!(payments(&r, None), vec![vec![-3 * total, 0, 3 * total, 0]]);
}

#[test]
fn twelve_tiles_down_is_paid_by_the_feeder_of_the_last_meld() {
    let t = table("shiwan");
    let mut g = Game::new(
        &t,
        &["1m", "", "11m22m33m44m5p6p7p8p9p", "2m3m4m"],
        "E E E S S S 9p",
        "",
    );
    g.discard(0, "1m");
    g.claim(2, Action::Pong);
    g.discard(2, "5p");
    for (feed, out) in [("2m", "6p"), ("3m", "7p"), ("4m", "8p")] {
        g.pass();
        g.discard(3, feed);
        g.claim(2, Action::Pong);
        g.discard(2, out);
    }
    for (s, d) in [(3, "S"), (0, "S"), (1, "S")] {
        g.pass();
        g.discard(s, d);
    }
    g.pass();
    g.act(2, Action::SelfWin);
    let r = g.finish();
    let total = win_totals(&r)[0].1;
    assert_eq!(payments(&r, None), vec![vec![0, 0, 3 * total, -3 * total]]);
}

#[test]
fn twelve_tiles_down_does_not_apply_with_a_concealed_kong() {
    let t = table("shiwan");
    let mut g = Game::new(
        &t,
        &["N", "", "1111m22m33m44m6p7p9p", "2m3m4m"],
        "0s 0s 0p 0p 0p 0p 0s 0m 9p",
        "0m",
    );
    g.discard(0, "N");
    g.pass();
    g.discard(1, "0s");
    g.pass();
    g.act(2, Action::ConcealedKong(g.tile("1m")));
    g.discard(2, "0s");
    for (feed, out) in [("2m", "6p"), ("3m", "7p"), ("4m", "0m")] {
        g.pass();
        g.discard(3, feed);
        g.claim(2, Action::Pong);
        g.discard(2, out);
    }
    for (s, d) in [(3, "0p"), (0, "0s"), (1, "0m")] {
        g.pass();
        g.discard(s, d);
    }
    g.pass();
    g.act(2, Action::SelfWin);
    let r = g.finish();
    let total = win_totals(&r)[0].1;
    assert_eq!(payments(&r, None), vec![vec![-total, -total, 3 * total, -total]]);
}

#[test]
fn the_deal_passes_every_hand() {
    let t = table("shiwan");
    let tr = t.table();
    assert_eq!(next_dealer(tr, 0, &[0], None), (1, true));
    assert_eq!(next_dealer(tr, 1, &[], None), (2, true));
    assert_eq!(next_dealer(tr, 3, &[1, 2], Some(0)), (0, true));
    let mut players: Vec<Box<dyn Player>> = (0..4)
        .map(|_| Box::new(GreedyBot::new()) as Box<dyn Player>)
        .collect();
    let m = play_match(&t, &mut players, 5, Some(1)).expect("match plays");
    let dealers: Vec<usize> = m.hands.iter().map(|h| h.dealer).collect();
    assert_eq!(dealers, vec![0, 1, 2, 3]);
}
