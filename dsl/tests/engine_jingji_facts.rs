//! 中国竞技麻将 wins whose fans depend on what only play knows, from arranged walls (East = seat 0
//! deals): 夹绝张's last copy shown as an exposed pung, 补花和牌 on a flower's replacement, and
//! 妙手回春 / 海底捞月 over the wall's last four tiles (jingji.md §4 row 8, §5).

mod common;

use common::{table, tiles, Game};
use mj_core::game::record::RecordEvent;
use mj_core::game::state::Phase;
use mj_core::game::{Action, Record, Rules};
use mj_core::Tile;
use mj_dsl::table::Table;

/// The fans of the record's only win, and its hand as written.
fn win(r: &Record) -> (Vec<String>, String) {
    let wins: Vec<_> = r
        .events
        .iter()
        .filter_map(|e| match e {
            RecordEvent::Win { fans, hand, .. } => Some((fans.clone(), hand.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(wins.len(), 1, "one win");
    wins[0].clone()
}

fn has(fans: &[String], zh: &str) -> bool {
    fans.iter().any(|f| f.split(' ').next() == Some(zh))
}

/// South waits on 5m alone (closed), with no other technical fan: 456m 234p 789s 234s EE.
const CLOSED_5M: &str = "46m234p789s234sEE";

#[test]
fn jia_jue_zhang_needs_the_other_copies_shown_as_a_pung_not_merely_discarded() {
    // Seed 003 / jingji.md §4 row 8: "牌池内已经出现碰牌的刻子". East discards three 5m, nobody
    // pongs them; South then draws the last 5m. Without 夹绝张 the hand has no technical fan, so
    // it is no win at all ("无番禁和牌").
    let t = table("jingji");
    let mut g = Game::new(&t, &["5m5m5m", CLOSED_5M], "1p 2p 3p 4p 6p 7p 8p 9p 5m", "");
    g.discard(0, "5m");
    for _ in 0..2 {
        g.pass();
        for s in [1, 2, 3] {
            g.discard_drawn(s);
            g.pass();
        }
        g.discard(0, "5m");
    }
    g.pass();
    assert_eq!((g.turn(), g.drawn()), (Some(1), Some(g.tile("5m"))));
    assert!(
        !g.legal(1).contains(&Action::SelfWin),
        "three 5m in the discards are not a pung: no 夹绝张, no win"
    );

    // West pongs East's 5m: now the last 5m wins with 夹绝张.
    let mut g = Game::new(&t, &["5m", CLOSED_5M, "55m9s"], "1p 2p 5m", "");
    g.discard(0, "5m");
    g.claim(2, Action::Pong);
    g.discard(2, "9s");
    g.pass();
    for s in [3, 0] {
        g.discard_drawn(s);
        g.pass();
    }
    assert_eq!(g.drawn(), Some(g.tile("5m")));
    assert!(g.legal(1).contains(&Action::SelfWin));
    g.act(1, Action::SelfWin);
    let (fans, hand) = win(&g.finish());
    assert!(has(&fans, "夹绝张"), "{fans:?}");
    assert!(hand.contains("fourth"), "{hand}");
}

/// South holds 清龙 and waits on 1p alone: 123m 456m 789m EEE 1p.
const WAIT_1P: &str = "123456789mEEE1p";

#[test]
fn a_win_on_a_flower_replacement_scores_bu_hua_he() {
    // jingji.md §5: 补花和牌 6, a win on a flower-replacement tile (a self-draw).
    let t = table("jingji");
    let mut g = Game::new(&t, &["", WAIT_1P], "1f", "1p");
    g.discard_drawn(0);
    g.pass();
    let flower = g.tile("1f");
    assert!(g.legal(1).contains(&Action::Bonus(flower)));
    g.act(1, Action::Bonus(flower));
    assert_eq!(g.drawn(), Some(g.tile("1p")));
    g.act(1, Action::SelfWin);
    let (fans, hand) = win(&g.finish());
    assert!(has(&fans, "补花和牌") && has(&fans, "花牌"), "{fans:?}");
    assert!(hand.contains("bonus_replacement"), "{hand}");

    // The same tile drawn from the wall, after a flower set aside earlier: no 补花和牌.
    let mut g = Game::new(&t, &["", WAIT_1P], "1f 2p 3p 4p 1p", "6p");
    g.discard_drawn(0);
    g.pass();
    g.act(1, Action::Bonus(flower));
    g.discard_drawn(1);
    g.pass();
    for s in [2, 3, 0] {
        g.discard_drawn(s);
        g.pass();
    }
    assert_eq!(g.drawn(), Some(g.tile("1p")));
    g.act(1, Action::SelfWin);
    let (fans, _) = win(&g.finish());
    assert!(!has(&fans, "补花和牌") && has(&fans, "花牌"), "{fans:?}");
}

/// A deal in which the whole draw order is fixed: every seat's hand is given (North holds the
/// eight flowers, replaced at the deal from the wall's end), and the tiles South does not hold
/// are drawn in tile order except that `wait` (1p) is the `at`-th draw of play. With no claims,
/// draw k (from 0) goes to seat (k + 1) mod 4 and leaves 82 − k tiles in the wall.
fn wall_with_1p_at(t: &Table, at: usize) -> Game<'_> {
    let hands = [
        "2m3m4m5m6m7m2p3p4p5p6p7p2s3s",
        WAIT_1P,
        "1m2m3m4m5m6m7m8m9mSSSW",
        "12345678f1p1pWNN",
    ];
    let used: Vec<Tile> = hands.iter().flat_map(|h| tiles(t, h)).collect();
    let one_p = tiles(t, "1p")[0];
    let mut left: Vec<usize> = t.tiles().tiles().map(|k| t.tiles().copies(k) as usize).collect();
    for u in &used {
        left[u.id()] -= 1;
    }
    let mut rest: Vec<Tile> = t
        .tiles()
        .tiles()
        .flat_map(|k| std::iter::repeat_n(k, left[k.id()]))
        .filter(|&k| k != one_p)
        .collect();
    rest.insert(at, one_p);
    let front: String = rest.iter().map(|&k| t.tiles().notation(k)).collect();
    let hands: Vec<&str> = hands.to_vec();
    Game::new(t, &hands, &front, "")
}

/// Plays passively (offers passed, drawn tiles discarded) until South has drawn the second 1p.
fn until_south_draws_1p(g: &mut Game<'_>) {
    let one_p = g.tile("1p");
    g.passive_until(|st| {
        matches!(&st.phase, Phase::Turn(tn) if tn.seat == 1) && st.seats[1].concealed[one_p.id()] > 1
    });
}

#[test]
fn miao_shou_hui_chun_covers_the_walls_last_four_tiles() {
    // jingji.md §5 (D): 妙手回春 is a self-draw of any of the wall's last four tiles.
    let t = table("jingji");
    // Draw 80 leaves 2 tiles: within the last four.
    let mut g = wall_with_1p_at(&t, 80);
    until_south_draws_1p(&mut g);
    assert_eq!(g.st.wall.remaining(), 2);
    g.act(1, Action::SelfWin);
    let (fans, hand) = win(&g.finish());
    assert!(has(&fans, "妙手回春"), "{fans:?}");
    let words: Vec<&str> = hand.split(' ').collect();
    assert!(words.contains(&"last_turn") && !words.contains(&"last"), "{hand}");
    // Draw 76 leaves 6: an ordinary self-draw.
    let mut g = wall_with_1p_at(&t, 76);
    until_south_draws_1p(&mut g);
    assert_eq!(g.st.wall.remaining(), 6);
    g.act(1, Action::SelfWin);
    let (fans, _) = win(&g.finish());
    assert!(!has(&fans, "妙手回春"), "{fans:?}");
}

#[test]
fn hai_di_lao_yue_covers_each_players_last_discard() {
    // jingji.md §5 (D): 海底捞月 is a win on any player's final discard (the last four).
    let t = table("jingji");
    for (at, expected) in [(81, true), (77, false)] {
        // West draws 1p as draw `at` and discards it.
        let mut g = wall_with_1p_at(&t, at);
        let one_p = g.tile("1p");
        g.passive_until(|st| matches!(&st.phase, Phase::Offer(o) if o.tile == one_p && o.from == 2));
        assert!(g.offered_win(1));
        g.claim(1, Action::Win);
        let (fans, _) = win(&g.finish());
        assert_eq!(has(&fans, "海底捞月"), expected, "1p as draw {at}: {fans:?}");
    }
}
