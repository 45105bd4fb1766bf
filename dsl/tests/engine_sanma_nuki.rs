//! riichi-sanma's nuki-dora in play, from arranged walls (East = seat 0 deals; seats E S W):
//! shared/rules/riichi.md, `riichi-sanma`: "a North (北) may be set aside as a nuki-dora (one han
//! each, a dora, not a yaku ...) with a replacement from the dead wall, and a win on that
//! replacement is rinshan kaihou", and "tsumo pays as if the fourth player did not exist (ツモ損:
//! the absent seat's share is simply not paid)". The mechanism is `[play] set_aside`
//! (docs/ruleset-format.md): the player's choice, unlike a bonus tile.

mod common;

use common::{payments, table, Game};
use mj_core::game::record::RecordEvent;
use mj_core::game::{Action, GreedyBot, HandStart, Player, Rules};

/// 14 tiles kept back at the wall's end: the first (1p) is the dora indicator, so 2p is dora.
const KEPT: &str = "1p 1p 1p 2p 2p 2p 3s 3s 3s 4s 4s 4s 6s 6s";
/// South waits on 1s or 5s: 123p 456p 789p 11s 55s.
const SOUTH: &str = "123p 456p 789p 11s 55s";
const EAST: &str = "9m 9m 1m 1m 7p 7p 8p 8s 8s 9s 9s E E S";
const WEST: &str = "1m 9m 5p 6p 7s 7s 8s 9s W W C C F";

/// East discards 9m; South draws 3s and discards it, West 4s, East 6s; South then draws N, its
/// replacement being 5s (after a discard of its own, so that a win is not 地和).
fn south_draws_north(t: &mj_dsl::table::Table) -> Game<'_> {
    south_draws_north_with(t, SOUTH)
}

fn south_draws_north_with<'a>(t: &'a mj_dsl::table::Table, south: &str) -> Game<'a> {
    let mut g = Game::with_kept(
        t,
        &[EAST, south, WEST],
        "3s 4s 6s N",
        "5s",
        KEPT,
        &HandStart::default(),
    );
    g.discard(0, "9m");
    g.pass();
    for seat in [1, 2, 0] {
        assert_eq!(g.turn(), Some(seat));
        g.discard_drawn(seat);
        g.pass();
    }
    assert_eq!(g.turn(), Some(1));
    assert_eq!(g.drawn(), Some(g.tile("N")));
    g
}

#[test]
fn a_north_set_aside_is_replaced_and_a_win_on_the_replacement_is_rinshan_with_nuki_dora() {
    let t = table("riichi-sanma");
    let mut g = south_draws_north(&t);
    let north = g.tile("N");
    let legal = g.legal(1);
    // The player's choice: set it aside or discard it.
    assert!(legal.contains(&Action::Bonus(north)) && legal.contains(&Action::Discard(north)));
    g.act(1, Action::Bonus(north));
    assert_eq!(g.drawn(), Some(g.tile("5s")), "the replacement");
    g.act(1, Action::SelfWin);
    let r = g.finish();
    let (hand, fans) = r
        .events
        .iter()
        .find_map(|e| match e {
            RecordEvent::Win { hand, fans, .. } => Some((hand.clone(), fans.clone())),
            _ => None,
        })
        .expect("a win");
    // The North is not among the hand's tiles; the word counts it.
    let tiles = hand.split_whitespace().next().unwrap_or_default();
    assert!(hand.contains("nuki=1") && !tiles.contains('N'), "{hand}");
    let has = |name: &str| fans.iter().any(|f| f.contains(name));
    assert!(has("嶺上開花") || has("岭上开花"), "rinshan: {fans:?}");
    assert!(has("抜きドラ") || has("拔北宝牌"), "nuki-dora: {fans:?}");
    // Menzen tsumo 1, ittsu 2, rinshan 1, nuki-dora 1, dora 2p 1: 6 han, a haneman (basic
    // 3,000). South is not the dealer: East pays 2 × 3,000, West 3,000, and nobody the absent
    // fourth seat's 3,000 (tsumo loss).
    assert_eq!(payments(&r, None), vec![vec![-6000, 9000, -3000]]);
}

#[test]
fn a_north_may_be_kept_and_discarded_instead() {
    let t = table("riichi-sanma");
    let mut g = south_draws_north(&t);
    g.discard(1, "N");
    g.pass();
    assert_eq!(g.turn(), Some(2), "play goes on to West; nothing was replaced");
    assert!(g.st.seats[1].bonus.is_empty());
}

#[test]
fn riichi_without_set_aside_offers_nothing_of_the_kind() {
    // The four-player table has no `set_aside`: a drawn North is only discarded or kept.
    let t = table("riichi");
    let mut g = Game::new(&t, &["123m 456p 789s 23s 55p E", "", "", ""], "N", "");
    g.discard(0, "E");
    g.pass();
    let drawn = g.drawn().expect("South drew");
    assert_eq!(drawn, g.tile("N"));
    assert!(!g.legal(1).iter().any(|a| matches!(a, Action::Bonus(_))));
}

#[test]
fn the_greedy_bot_sets_a_lone_north_aside_and_keeps_a_pair() {
    let t = table("riichi-sanma");
    // South holds no North but the one drawn: set it aside.
    let g = south_draws_north(&t);
    let n = g.tile("N");
    let choice = GreedyBot::new().choose(&g.st.view(t.tiles(), t.forms(), 1), &g.legal(1));
    assert_eq!(choice, Action::Bonus(n));
    // A South whose North pair is its hand's pair keeps it (it would leave it further from ready).
    let g = south_draws_north_with(&t, "123p 456p 789p 11s 5s N");
    let legal = g.legal(1);
    assert!(legal.contains(&Action::Bonus(n)));
    let choice = GreedyBot::new().choose(&g.st.view(t.tiles(), t.forms(), 1), &legal);
    assert!(!matches!(choice, Action::Bonus(_)), "{choice:?}");
}

#[test]
fn a_riichi_hand_sets_aside_only_the_north_it_just_drew() {
    // South waits on N alone (123p 456p 789p 555s N) after declaring with 3s; when it then draws
    // 1s, the North it holds may not be set aside (its hand is frozen, Decisions 4).
    let t = table("riichi-sanma");
    let mut g = Game::with_kept(
        &t,
        &[EAST, "123p 456p 789p 555s N", WEST],
        "3s 4s 6s 1s",
        "",
        KEPT,
        &HandStart::default(),
    );
    g.discard(0, "9m");
    g.pass();
    g.declare(1, "3s", "5s");
    g.pass();
    for seat in [2, 0] {
        g.discard_drawn(seat);
        g.pass();
    }
    assert_eq!(g.drawn(), Some(g.tile("1s")));
    let legal = g.legal(1);
    assert!(!legal.iter().any(|a| matches!(a, Action::Bonus(_))), "{legal:?}");
    assert_eq!(legal, vec![Action::Discard(g.tile("1s"))]);
}

#[test]
fn a_bad_set_aside_is_a_clear_error() {
    for (value, says) in [("X", "set_aside = \"X\""), ("1f", "bonus tiles")] {
        let text =
            format!("[ruleset]\nname = \"house\"\nextends = \"mcr\"\n[play]\nset_aside = \"{value}\"\n");
        let rs = mj_dsl::load_from_memory("house", &[("ruleset.toml", &text)]).expect("loads");
        let Err(e) = mj_dsl::table::Table::new(rs) else {
            panic!("{value}: refused")
        };
        assert!(e.contains(says), "{e}");
    }
}

#[test]
fn a_win_on_the_first_draws_replacement_is_rinshan_not_chiihou() {
    // South's first draw is N, set aside; the replacement 5s completes the hand. A tile set
    // aside is drawn for like a kong's, so the win is not on the first draw: rinshan, not 地和
    // (a yakuman), as in the Tenhou-format log of interop/tests/tenhou_sanma.rs.
    let t = table("riichi-sanma");
    let mut g = Game::with_kept(&t, &[EAST, SOUTH, WEST], "N", "5s", KEPT, &HandStart::default());
    g.discard(0, "9m");
    g.pass();
    let n = g.tile("N");
    g.act(1, Action::Bonus(n));
    g.act(1, Action::SelfWin);
    let r = g.finish();
    let fans: Vec<String> = r
        .events
        .iter()
        .find_map(|e| match e {
            RecordEvent::Win { fans, .. } => Some(fans.clone()),
            _ => None,
        })
        .expect("a win");
    assert!(fans.iter().any(|f| f.contains("岭上开花")), "{fans:?}");
    assert!(!fans.iter().any(|f| f.contains("地和")), "{fans:?}");
    // The same 6 han haneman as after a discard: 6,000 + 3,000.
    assert_eq!(payments(&r, None), vec![vec![-6000, 9000, -3000]]);
}
