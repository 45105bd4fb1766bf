//! The end of a 血战 hand in play (`rulesets/sichuan`, shared/rules/sichuan.md), from arranged
//! walls worked by hand. Decisions 16: when the wall runs out with two or more players still in,
//! 查花猪 (a player still holding its void suit pays every other one still in who does not
//! b × 2^cap), 查大叫 (a player neither ready nor holding its void suit pays every ready one
//! b × 2^min(F, cap), F the best fans of the ready hand won on a discard over its waits), 退税 (a
//! player not ready returns the kong money it collected). Decisions 15 (呼叫转移): a konger whose
//! discard right after the kong is won on hands that kong's money to the winner, the first in turn
//! order after the discarder when several win. Decisions 14: a concealed kong is paid 2b by each
//! other player still in. Each Option that turns one of them off or changes it is played too.

mod common;

use common::{payments, rest, table, tiles, written, Game};
use mj_core::game::record::RecordEvent;
use mj_core::game::{Action, Record, Rules};
use mj_core::Tile;

// The wall-end hand. East (dealer, void m) keeps 1m to the end: a 花猪. South (void s) is ready
// on 5p/7p: 111p 333p 999p 55p 77p + 5p or 7p = 对对胡 1 + 清一色 2 = 3 fans (Decisions 11; no 带幺九
// with 333p 555p, no 根). West (void m) is ready on 3p/6p: 123s 456s 789s 11s 45p = 平胡, 0 fans.
// North (void m) makes a concealed kong of 2p on its first turn (paid 2 by each other player,
// Decisions 14) and is not ready: 1p 3p 5p 66p 34s 678s can take no tile into four sets and a pair.
const EAST: &str = "1m9m 444p 888p 222s 555s";
const SOUTH: &str = "111p 333p 999p 55p 77p";
const WEST: &str = "123s 456s 789s 11s 4p5p";
const NORTH: &str = "2222p 1p5p66p 3s4s6s7s8s";
const NORTH_FIRST_DRAW: &str = "3p";
const NORTH_REPLACEMENT: &str = "6s";

/// Plays the wall-end hand under `rules` and returns its record: East discards 9m, North konges
/// 2p on its first draw, and then every seat discards the tile it draws until the wall is empty
/// (East draws only 万, its void suit, so it keeps its 1m; the others hold no void tile).
fn wall_end_hand(rules: &str) -> Record {
    let t = table(rules);
    let hands = [EAST, SOUTH, WEST, NORTH];
    let mut used: Vec<&str> = hands.to_vec();
    used.extend([NORTH_FIRST_DRAW, NORTH_REPLACEMENT]);
    let pool = rest(&t, &used);
    let (mut wan, mut other): (Vec<Tile>, Vec<Tile>) = pool
        .into_iter()
        .partition(|&x| t.tiles().notation(x).ends_with('m'));
    // Draws go South, West, North, East, South, ...; 54 of them empty the wall (108 − 53 dealt −
    // North's replacement).
    let mut front = Vec::new();
    for i in 0..54 {
        let next = match i % 4 {
            3 => wan.pop(),
            2 if i == 2 => Some(tiles(&t, NORTH_FIRST_DRAW)[0]),
            _ => other.pop().or_else(|| wan.pop()),
        };
        front.push(next.expect("enough tiles"));
    }
    assert!(wan.is_empty() && other.is_empty(), "the whole wall is arranged");
    let mut g = Game::new(&t, &hands, &written(&t, &front), NORTH_REPLACEMENT);
    g.declare_voids([0, 2, 0, 0]);
    g.discard(0, "9m");
    for seat in [1, 2] {
        g.pass();
        g.discard_drawn(seat);
    }
    g.pass();
    let kong = g.tile("2p");
    g.act(3, Action::ConcealedKong(kong));
    g.discard_drawn(3);
    g.passive_to_end();
    assert!(
        g.events
            .iter()
            .any(|e| matches!(e, mj_core::game::Event::ExhaustiveDraw { .. })),
        "the wall runs out"
    );
    assert_eq!(g.win_count(), 0, "nobody wins");
    g.finish()
}

/// Decisions 16 with the defaults (cap 4, all three checks): 查花猪, East pays 16 to each of South,
/// West, North (−48); 查大叫, North pays South 2^3 = 8 and West 2^0 = 1 (East, a 花猪, pays no
/// 查大叫); 退税, North returns the 2 each paid for its kong (East is not ready too, but collected
/// none). So at the wall's end East −48 + 2, South 16 + 8 + 2, West 16 + 1 + 2, North 16 − 9 − 6.
#[test]
fn the_wall_end_checks() {
    let r = wall_end_hand("sichuan[exchange_three=false]");
    assert_eq!(
        payments(&r, Some("kong")),
        vec![vec![-2, -2, -2, 6]],
        "Decisions 14"
    );
    assert_eq!(payments(&r, Some("drawn_hand")), vec![vec![-46, 26, 19, 1]]);
    assert!(payments(&r, None).is_empty(), "no win");
    assert_eq!(r.net(), vec![-48, 24, 17, 7]);
}

/// The Options check_huazhu, check_dajiao, tuishui (each `false` drops one check) and cap (3: 查花猪
/// pays 2^3 and 查大叫 min(F, 3); none: 查花猪 pays 2^8), on the same hand as above.
#[test]
fn the_wall_end_check_options() {
    for (rules, want) in [
        // No 查花猪: East +2; South 8 + 2; West 1 + 2; North −9 − 6.
        ("check_huazhu=false", [2, 10, 3, -15]),
        // No 查大叫: East −48 + 2; South 16 + 2; West 16 + 2; North 16 − 6.
        ("check_dajiao=false", [-46, 18, 18, 10]),
        // No 退税: East −48; South 16 + 8; West 16 + 1; North 16 − 9.
        ("tuishui=false", [-48, 24, 17, 7]),
        // Cap 3: 查花猪 8 each; South's 3 fans pay 8, West's 0 fans 1; 退税 as before.
        ("cap=3", [-22, 18, 11, -7]),
        // No cap: 查花猪 pays 2^8 = 256 each.
        ("cap=none", [-766, 266, 259, 241]),
    ] {
        let r = wall_end_hand(&format!("sichuan[{rules},exchange_three=false]"));
        assert_eq!(payments(&r, Some("drawn_hand")), vec![want.to_vec()], "{rules}");
    }
}

// The call transfer hand. East (dealer, void m) konges 2p at once, draws 5p and discards 6p. South
// (void s) waits on 6p with 123m 456m 789m 11m 5p7p, West (void m) with 345p 789p 456s 678s 6p: both
// are 平胡 + 杠上炮 = 1 fan, each paid 2^1 = 2 by East (Decisions 7, 11, 13). North (void s) passes.
const T_EAST: &str = "2222p 123s 456s 78s 1p 6p";
const T_SOUTH: &str = "123m 456m 789m 11m 5p7p";
const T_WEST: &str = "345p 789p 456s 678s 6p";
const T_NORTH: &str = "2233m 4455m 99p 99s 8p";

/// Plays the call transfer hand under `rules` with `winners` winning on East's 6p, then passively
/// to the end.
fn transfer_hand(rules: &str, winners: &[usize]) -> Record {
    let t = table(rules);
    let mut g = Game::new(&t, &[T_EAST, T_SOUTH, T_WEST, T_NORTH], "", "5p");
    g.declare_voids([0, 2, 0, 2]);
    let kong = g.tile("2p");
    g.act(0, Action::ConcealedKong(kong));
    g.discard(0, "6p");
    let claims: Vec<(usize, Action)> = winners.iter().map(|&w| (w, Action::Win)).collect();
    g.claim_many(&claims);
    assert_eq!(g.win_count(), winners.len());
    g.passive_to_end();
    g.finish()
}

/// The wins and what follows them: the win payments, the kong payments (the kong, then any
/// transfer), and what the winners (who left) get at the wall's end.
fn transfer_payments(r: &Record) -> (Vec<Vec<i64>>, Vec<Vec<i64>>, Vec<i64>) {
    for e in &r.events {
        if let RecordEvent::Win { hand, total, .. } = e {
            assert!(hand.contains("afterkong"), "{hand}: 杠上炮");
            assert_eq!(*total, 1, "{hand}");
        }
    }
    let drawn = payments(r, Some("drawn_hand"));
    let left: Vec<i64> = r
        .winners()
        .iter()
        .map(|&w| drawn.first().map_or(0, |d| d[w]))
        .collect();
    (payments(r, None), payments(r, Some("kong")), left)
}

/// Decisions 15, one winner: South wins on East's discard after its kong and takes the 6 East
/// collected for the kong; the 杠上炮 itself is paid as any discard win (2 by East). The kong
/// money is South's now, so East does not return it at the wall's end (South, who paid for the
/// kong and left, gets nothing there).
#[test]
fn call_transfer_to_the_winner() {
    let r = transfer_hand("sichuan[exchange_three=false]", &[1]);
    let (wins, kongs, left) = transfer_payments(&r);
    assert_eq!(wins, vec![vec![-2, 2, 0, 0]]);
    assert_eq!(kongs, vec![vec![6, -2, -2, -2], vec![-6, 6, 0, 0]]);
    assert_eq!(left, vec![0]);
}

/// Decisions 7 and 15, two winners: South and West both win on the 6p (each paid 2); the kong
/// money goes to South, the first in turn order after East (transfer_split = first, the default),
/// or 3 and 3 (transfer_split = even).
#[test]
fn call_transfer_with_two_winners() {
    for (rules, transfer) in [
        ("sichuan[exchange_three=false]", vec![-6, 6, 0, 0]),
        (
            "sichuan[exchange_three=false,transfer_split=even]",
            vec![-6, 3, 3, 0],
        ),
    ] {
        let r = transfer_hand(rules, &[1, 2]);
        let (wins, kongs, left) = transfer_payments(&r);
        assert_eq!(wins, vec![vec![-2, 2, 0, 0], vec![-2, 0, 2, 0]], "{rules}");
        assert_eq!(kongs, vec![vec![6, -2, -2, -2], transfer], "{rules}");
        assert_eq!(left, vec![0, 0], "{rules}");
    }
}

/// Option hujiao_zhuanyi = false: East keeps the kong money; not ready at the wall's end (123s
/// 456s 78s 1p 5p and its draws discarded), it returns 2 to each payer (退税, Decisions 16), South
/// included though it left: the refund is no win's payment.
#[test]
fn without_call_transfer_the_konger_keeps_it() {
    let r = transfer_hand("sichuan[exchange_three=false,hujiao_zhuanyi=false]", &[1]);
    let (wins, kongs, left) = transfer_payments(&r);
    assert_eq!(wins, vec![vec![-2, 2, 0, 0]]);
    assert_eq!(kongs, vec![vec![6, -2, -2, -2]]);
    assert_eq!(left, vec![2]);
}

/// sichuan-sbr (sichuan.md, Options, last bullet): "a void-suit penalty of 16 to each other player
/// at the end", whatever the cap. The same hand: East, the 花猪, pays 16 to each of South, West,
/// North; 查大叫 and 退税 as in sichuan (South's 3 fans are within SBR's cap of 3: 8, West 1), so
/// the drawn-hand payments are sichuan's own; with sichuan's cap=3 the penalty would be 8, and under
/// `sichuan-sbr[cap=none]` it stays 16.
#[test]
fn sbr_void_penalty_is_sixteen() {
    for rules in ["sichuan-sbr", "sichuan-sbr[cap=none]"] {
        let r = wall_end_hand(&format!("{rules}[exchange_three=false]").replace("][", ","));
        assert_eq!(
            payments(&r, Some("drawn_hand")),
            vec![vec![-46, 26, 19, 1]],
            "{rules}"
        );
    }
}
