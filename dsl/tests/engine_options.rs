//! Options of taiwan and hongkong that change play, each value played from an arranged wall
//! (East, seat 0, deals): taiwan's `pass_lock` (過水) and `ting` (天聽/地聽), hongkong's
//! `kong_on_kong` (槓上槓). Specs: shared/rules/taiwan.md and hongkong.md, "Options"; expected
//! payments are worked out in the comments from their money Decisions.

mod common;

use common::{payments, table, Game};
use mj_core::game::record::RecordEvent;
use mj_core::game::{Action, Record};

/// South's 16 tiles in taiwan: waits on 5s or 8s (two-sided).
const TW_SOUTH: &str = "123m 456m 789m 234p 55s 67s";

fn fans(r: &Record) -> Vec<String> {
    r.events
        .iter()
        .find_map(|e| match e {
            RecordEvent::Win { fans, .. } => Some(fans.clone()),
            _ => None,
        })
        .expect("a win")
}

/// South passes West's 5s; whether it is then offered North's 8s, before its own next draw.
fn offered_again(name: &str) -> bool {
    let t = table(name);
    let mut g = Game::new(&t, &["", TW_SOUTH], "9m 5s 8s", "");
    g.discard_drawn(0);
    g.pass();
    g.discard_drawn(1);
    g.pass();
    g.discard_drawn(2);
    assert!(g.offered_win(1), "South may win on West's 5s");
    g.pass();
    g.discard_drawn(3);
    let again = g.offered_win(1);
    g.passive_to_end();
    g.finish();
    again
}

#[test]
fn taiwan_pass_lock_per_value() {
    // pass_lock = false (default): nothing stops a later discard win.
    assert!(offered_again("taiwan"));
    assert!(offered_again("taiwan[pass_lock=false]"));
    // pass_lock = true (過水): no discard win until South's next draw.
    assert!(!offered_again("taiwan[pass_lock=true]"));
}

#[test]
fn taiwan_ting_lets_a_player_declare_with_the_first_discard_only() {
    let t = table("taiwan[ting=true]");
    let mut g = Game::new(&t, &["", TW_SOUTH], "N 9m 9p 1s 8s", "");
    g.discard_drawn(0);
    g.pass();
    assert!(
        g.legal(1)
            .iter()
            .any(|a| matches!(a, Action::DeclareReady { .. })),
        "South may declare with its first discard"
    );
    g.declare(1, "N", "");
    g.pass();
    for seat in [2, 3, 0] {
        g.discard_drawn(seat);
        g.pass();
    }
    g.act(1, Action::SelfWin);
    let r = g.finish();
    // Option ting: 地聽 4 (South does not deal) with 門清自摸 3 = 7 台; W and N pay
    // 100 + 20 × 7 = 240, E (the dealer) 100 + 20 × 8 = 260.
    assert_eq!(fans(&r), vec!["門清自摸 3", "地聽 4"]);
    assert_eq!(payments(&r, None), vec![vec![-260, 740, -240, -240]]);
}

#[test]
fn taiwan_ting_is_not_offered_after_the_first_discard_nor_by_default() {
    // Default (ting = false): no declaration at all.
    let t = table("taiwan");
    let mut g = Game::new(&t, &["", TW_SOUTH], "N", "");
    g.discard_drawn(0);
    g.pass();
    assert!(!g
        .legal(1)
        .iter()
        .any(|a| matches!(a, Action::DeclareReady { .. })));
    // ting = true: South throws its first tile without declaring; on its next turn it may not.
    let t = table("taiwan[ting=true]");
    let mut g = Game::new(&t, &["", TW_SOUTH], "N 9m 9p 1s W", "");
    g.discard_drawn(0);
    g.pass();
    g.discard(1, "N");
    g.pass();
    for seat in [2, 3, 0] {
        g.discard_drawn(seat);
        g.pass();
    }
    assert_eq!(g.turn(), Some(1));
    assert!(!g
        .legal(1)
        .iter()
        .any(|a| matches!(a, Action::DeclareReady { .. })));
}

/// South holds 111m and 222p, draws the fourth 1m, kongs it, kongs 2p on the replacement, and
/// wins on the second replacement 9s: [1111m][2222p] 345s 678s 99s.
fn kong_on_kong(name: &str) -> Record {
    let t = table(name);
    let mut g = Game::new(&t, &["", "111m 222p 345s 678s 9s"], "1m", "2p 9s");
    g.discard_drawn(0);
    g.pass();
    let (m1, p2) = (g.tile("1m"), g.tile("2p"));
    g.act(1, Action::ConcealedKong(m1));
    g.act(1, Action::ConcealedKong(p2));
    g.act(1, Action::SelfWin);
    g.finish()
}

#[test]
fn hongkong_kong_on_kong_per_value() {
    // Default (false): 槓上開花 1, 門前清 1, 自摸 1, 無花 1 = 4 番, M(4) = 16 from each
    // (Decisions 7, 9, 10).
    let r = kong_on_kong("hongkong");
    assert_eq!(fans(&r), vec!["門前清 1", "自摸 1", "槓上開花 1", "無花 1"]);
    assert_eq!(payments(&r, None), vec![vec![-16, 48, -16, -16]]);
    // true: 槓上槓 8 replaces 槓上開花: 11 番, paid at the limit M(10) = 128 from each.
    let r = kong_on_kong("hongkong[kong_on_kong=true]");
    assert_eq!(fans(&r), vec!["門前清 1", "自摸 1", "無花 1", "槓上槓 8"]);
    assert_eq!(payments(&r, None), vec![vec![-128, 384, -128, -128]]);
}

#[test]
fn hongkong_one_kong_is_not_kong_on_kong() {
    // A single kong's replacement wins: 槓上開花 only, even with the setting.
    let t = table("hongkong[kong_on_kong=true]");
    let mut g = Game::new(&t, &["", "111m 234p 345s 678s 9s"], "1m", "9s");
    g.discard_drawn(0);
    g.pass();
    let m1 = g.tile("1m");
    g.act(1, Action::ConcealedKong(m1));
    g.act(1, Action::SelfWin);
    let r = g.finish();
    assert!(fans(&r).contains(&"槓上開花 1".to_string()), "{:?}", fans(&r));
    assert!(!fans(&r).iter().any(|f| f.starts_with("槓上槓")));
}

/// South pongs 中 from East, 發 from West and then 白 from West, and self-draws 5s:
/// [CCC][FFF][PPP] 123m 5s5s, 大三元 8, 自摸 1, 無花 1 = 10 番, the limit, M = 128.
fn big_three_dragons(name: &str) -> Record {
    let t = table(name);
    let mut g = Game::new(
        &t,
        &["C", "CC FF PP 123m 5s 9s 9p 1p", "F P"],
        "9m 9m 9m 8m 8m 5s",
        "",
    );
    g.discard(0, "C");
    g.claim(1, Action::Pong);
    g.discard(1, "9s");
    g.pass();
    g.discard(2, "F");
    g.claim(1, Action::Pong);
    g.discard(1, "9p");
    g.pass();
    g.discard(2, "P");
    g.claim(1, Action::Pong);
    g.discard(1, "1p");
    g.pass();
    for seat in [2, 3, 0] {
        g.discard_drawn(seat);
        g.pass();
    }
    g.act(1, Action::SelfWin);
    g.finish()
}

#[test]
fn hongkong_bao_big_per_value() {
    // Default (false): each of the three pays one portion, 128 (Decisions 9, 10).
    let r = big_three_dragons("hongkong");
    assert_eq!(fans(&r), vec!["自摸 1", "大三元 8", "無花 1"]);
    assert_eq!(payments(&r, None), vec![vec![-128, 384, -128, -128]]);
    // true (Options: bao_big): West fed the last dragon pong and pays the whole hand.
    let r = big_three_dragons("hongkong[bao_big=true]");
    assert_eq!(payments(&r, None), vec![vec![0, 384, -384, 0]]);
}
