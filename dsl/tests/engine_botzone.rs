//! Scenario tests of the engine settings Botzone's duplicate format needs, under `mcr-botzone`:
//! per-seat walls (`[wall] per_seat`: deals, draws and kong replacements from the seat's own
//! wall), the last-discard rule on the next seat's wall (`[wall] last_discard`), a drawn game when
//! the seat due to draw has an empty wall while other walls still hold tiles, no kong after a pong
//! (`[play] no_kong_after_pong`) and a penalty that ends the game (`ends_hand`).
//!
//! Walls are given per seat with `arrange_seat_walls`: each seat's deal and draws in order, the
//! rest filled with the unused tiles. Seats not scripted play passively (pass every offer, discard
//! the tile drawn).

mod common;

use common::Game;
use mj_core::game::event::{Event, KongKind};
use mj_core::game::record::{insert_penalty, RecordEvent};
use mj_core::game::state::Phase;
use mj_core::game::{penalize, replay, Action, Rules, State};
use mj_core::{parse_tiles, Tile, Wind};
use mj_dsl::table::Table;

fn table_of(name: &str) -> Table {
    Table::new(mj_dsl::load(name).expect("ruleset loads")).expect("table rules")
}

fn bz() -> Table {
    table_of("mcr-botzone")
}

fn tiles(t: &Table, s: &str) -> Vec<Tile> {
    let s: String = s.split_whitespace().collect();
    parse_tiles(t.tiles(), &s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// `n` tiles not in `used` and not of the kinds in `avoid`, in tile order, for filler draws.
fn filler(t: &Table, used: &[Tile], avoid: &[Tile], n: usize) -> Vec<Tile> {
    let set = t.tiles();
    let mut out = Vec::new();
    for k in set.playing_tiles().filter(|k| !avoid.contains(k)) {
        let free = set.copies(k) as usize - used.iter().filter(|&&u| u == k).count();
        out.extend(std::iter::repeat_n(k, free));
    }
    out.truncate(n);
    assert_eq!(out.len(), n, "not enough filler tiles");
    out
}

fn is_turn(st: &State, seat: usize) -> bool {
    matches!(&st.phase, Phase::Turn(t) if t.seat == seat)
}

#[test]
fn each_seat_deals_draws_and_replaces_from_its_own_wall() {
    let t = bz();
    let starts = vec![
        // East's 14th tile (S) is its first draw; the concealed kong's replacement is C, the next
        // tile of East's own wall (not the end of anything).
        tiles(&t, "1111m 234p 567p 89p E S C"),
        tiles(&t, "2222m 345s 678s 12s N P"),
        tiles(&t, "33m 44m 55m 66m 77m 11p 9s 6p"),
        tiles(&t, "99m 88m 22p 33p 44p 55s F 7p"),
    ];
    let mut g = Game::from_seat_walls(&t, &starts);
    let Event::Deal { hands, .. } = &g.events[0] else {
        panic!("a deal first")
    };
    for s in 0..4 {
        let n = if s == 0 { 14 } else { 13 };
        assert_eq!(
            hands[s],
            starts[s][..n].to_vec(),
            "seat {s} is dealt the start of its wall"
        );
        assert_eq!(g.st.wall.remaining_for(s), 34 - n);
    }
    assert_eq!(g.drawn(), Some(tiles(&t, "S")[0]));
    let m1 = tiles(&t, "1m")[0];
    g.act(0, Action::ConcealedKong(m1));
    let c = tiles(&t, "C")[0];
    assert!(g.events.contains(&Event::Draw {
        seat: 0,
        tile: c,
        replacement: true
    }));
    assert_eq!(g.st.wall.remaining_for(0), 19);
    assert_eq!([1, 2, 3].map(|s| g.st.wall.remaining_for(s)), [21, 21, 21]);
    g.act(0, Action::Discard(c));
    // South draws the 14th tile of its own wall.
    g.passive_until(|st| is_turn(st, 1));
    assert_eq!(g.drawn(), Some(tiles(&t, "P")[0]));
    assert_eq!(g.st.wall.remaining_for(1), 20);
    g.passive_until(|_| false);
    let r = g.finish();
    assert!(r
        .events
        .iter()
        .any(|e| matches!(e, RecordEvent::Kong { kind, .. } if kind == KongKind::Concealed.name())));
}

/// South (seat 1) holds 9s 9s, North (seat 3) four 1s; North's 34th tile is 9s. On North's last
/// turn East's wall is empty: North may not kong, and its 9s can only be won or passed.
fn last_turn_starts(t: &Table, last_of_north: &str) -> Vec<Vec<Tile>> {
    let east = tiles(t, "1m2m3m4m5m6m7m8m9m1p2p3p5p E");
    let south = tiles(t, "9s9s 1p1p 2p2p 3p3p 4p4p 6p6p 7p");
    let north_hand = tiles(t, "1s1s1s1s 2s2s3s3s 4s4s 6s6s 7s");
    let last = tiles(t, last_of_north);
    let used: Vec<Tile> = [&east[..], &south[..], &north_hand[..], &last[..]].concat();
    let avoid = tiles(t, "5p 9s 1s");
    let mut north = north_hand.clone();
    north.extend(filler(t, &used, &avoid, 20));
    north.extend(last);
    vec![east, south, Vec::new(), north]
}

/// North's last turn: East (the next seat) has an empty wall.
fn at_norths_last_turn(st: &State) -> bool {
    is_turn(st, 3) && st.wall.remaining_for(0) == 0
}

#[test]
fn the_last_discard_can_only_be_won_and_nobody_kongs_on_the_last_turn() {
    let t = bz();
    let mut g = Game::from_seat_walls(&t, &last_turn_starts(&t, "9s"));
    let s1 = tiles(&t, "1s")[0];
    // Earlier, North may kong its four 1s.
    g.passive_until(|st| is_turn(st, 3));
    assert!(g.legal(3).contains(&Action::ConcealedKong(s1)));
    g.passive_until(at_norths_last_turn);
    assert_eq!(g.st.wall.remaining_for(3), 0);
    assert!(!g.legal(3).iter().any(|a| matches!(a, Action::ConcealedKong(_))));
    let s9 = tiles(&t, "9s")[0];
    g.act(3, Action::Discard(s9));
    // South could pong 9s, but the discard is the last: no offer, and East cannot draw.
    assert!(g.st.is_over());
    assert_eq!(g.events.last(), Some(&Event::ExhaustiveDraw { ready: vec![] }));
    let r = g.finish();
    assert_eq!(r.net(), vec![0, 0, 0, 0]);
}

#[test]
fn a_claimable_last_discard_is_a_ruleset_choice() {
    let toml = r#"
[ruleset]
name = "bz-claimable"
extends = "mcr-botzone"

[wall]
last_discard = "claimable"
"#;
    let rs = mj_dsl::load_from_memory("house", &[("ruleset.toml", toml)]).unwrap_or_else(|d| panic!("{d}"));
    let t = Table::new(rs).expect("table");
    assert!(t.table().last_discard_claimable);
    let mut g = Game::from_seat_walls(&t, &last_turn_starts(&t, "9s"));
    g.passive_until(at_norths_last_turn);
    // A kong still needs a replacement, and North has just drawn its wall's last tile.
    assert!(!g.legal(3).contains(&Action::ConcealedKong(tiles(&t, "1s")[0])));
    g.act(3, Action::Discard(tiles(&t, "9s")[0]));
    assert_eq!(g.st.to_act(), Some(1));
    assert!(g.legal(1).contains(&Action::Pong));
}

#[test]
fn winning_the_last_discard_is_hai_di_lao_yue() {
    let t = bz();
    // East waits on 5p alone; North's 34th tile is 5p, discarded on the last turn.
    let mut g = Game::from_seat_walls(&t, &last_turn_starts(&t, "5p"));
    g.passive_until(at_norths_last_turn);
    let p5 = tiles(&t, "5p")[0];
    assert_eq!(g.drawn(), Some(p5));
    g.act(3, Action::Discard(p5));
    assert_eq!(g.st.to_act(), Some(0));
    assert!(g.legal(0).contains(&Action::Win));
    g.act(0, Action::Win);
    let r = g.finish();
    let Some(RecordEvent::Win {
        fans, total, from, ..
    }) = r.events.iter().find(|e| matches!(e, RecordEvent::Win { .. }))
    else {
        panic!("a win")
    };
    assert_eq!(*from, Some(3));
    assert!(fans.iter().any(|f| f.starts_with("海底捞月")), "{fans:?}");
    // Botzone's discard win: winner 24 + F, discarder −(8 + F), the others −8.
    assert_eq!(r.net(), vec![24 + total, -8, -8, -8 - total]);
}

#[test]
fn a_seat_due_to_draw_from_an_empty_wall_draws_the_game_while_others_hold_tiles() {
    let t = bz();
    // West pongs East's first discard (N), so South and West each skip a draw; East's wall then
    // runs out first, after North's 21st draw, with one tile left in South's and West's walls.
    let starts = vec![
        tiles(&t, "1m2m3m4m5m6m7m8m9m1p2p3p5p N"),
        Vec::new(),
        tiles(&t, "NN 19s 19p"),
        Vec::new(),
    ];
    let mut g = Game::from_seat_walls(&t, &starts);
    g.discard(0, "N");
    g.claim(2, Action::Pong);
    assert!(is_turn(&g.st, 2));
    g.passive_until(|_| false);
    assert_eq!(g.events.last(), Some(&Event::ExhaustiveDraw { ready: vec![] }));
    assert_eq!(
        (0..4).map(|s| g.st.wall.remaining_for(s)).collect::<Vec<_>>(),
        vec![0, 1, 1, 0]
    );
    g.finish();
}

#[test]
fn no_kong_in_the_turn_of_a_pong() {
    let t = bz();
    assert!(t.table().no_kong_after_pong);
    // West pongs East's N while holding four 9p: no concealed kong before its discard.
    let starts = vec![
        tiles(&t, "1m2m3m4m5m6m7m8m1s2s3s5s6s N"),
        Vec::new(),
        tiles(&t, "NN 9p9p9p9p 19s"),
        Vec::new(),
    ];
    let mut g = Game::from_seat_walls(&t, &starts);
    g.discard(0, "N");
    g.claim(2, Action::Pong);
    let legal = g.legal(2);
    assert!(
        !legal.iter().any(|a| matches!(a, Action::ConcealedKong(_))),
        "{legal:?}"
    );
    assert!(legal.iter().all(|a| matches!(a, Action::Discard(_))));
}

#[test]
fn the_botzone_penalty_costs_thirty_and_ends_the_game() {
    let t = bz();
    assert_eq!(t.penalty("botzone_error"), Some(10));
    assert!(t.penalty_ends_hand("botzone_error"));
    let starts = vec![tiles(&t, "1m2m3m4m5m6m7m8m9m1p2p3p5p E")];
    let mut g = Game::from_seat_walls(&t, &starts);
    let mut moves = 0;
    g.passive_until(|_| {
        moves += 1;
        moves > 9
    });
    assert!(!g.st.is_over());
    // In the engine: South offends; it pays 10 to each other seat and the game is over.
    let mut st = g.st.clone();
    let paid = penalize(&t, &mut st, 1, "botzone_error").expect("a penalty of the ruleset");
    assert_eq!(paid, vec![10, -30, 10, 10]);
    assert_eq!(st.scores, vec![10, -30, 10, 10]);
    assert!(st.is_over());
    assert_eq!(st.to_act(), None);
    assert!(
        penalize(&t, &mut st, 1, "zha_he").is_err(),
        "mcr's penalties are replaced"
    );
    // In a record: the penalty event ends it, and it replays.
    let r = g.record();
    let p = insert_penalty(&t, &r, r.events.len(), 1, "botzone_error").expect("inserted");
    let end = replay(&t, &p).unwrap_or_else(|d| panic!("{d}"));
    assert!(end.is_over());
    assert_eq!(p.net(), vec![10, -30, 10, 10]);
    // Play recorded after an ending penalty is a divergence.
    let mut more = p.clone();
    more.events.push(r.events[r.events.len() - 1].clone());
    let d = replay(&t, &more).expect_err("the game ended");
    assert!(d.message.contains("ended"), "{d}");
}

#[test]
fn mcr_penalties_still_play_on() {
    let t = table_of("mcr");
    assert!(!t.table().per_seat_walls);
    assert!(!t.penalty_ends_hand("cuo_he"));
    let (mut st, _) = mj_core::game::new_hand(&t, 4, 0, Wind::EAST).expect("deal");
    penalize(&t, &mut st, 2, "cuo_he").expect("penalty");
    assert_eq!(st.scores, vec![10, 10, -30, 10]);
    assert!(!st.is_over());
}
