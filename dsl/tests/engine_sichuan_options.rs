//! 血战 in play for the first go-around, the dealer rotation, the exchange direction and the match
//! length (`rulesets/sichuan`, shared/rules/sichuan.md), from arranged walls and seeded hands:
//! 天胡 and 地胡 (Decisions 11) as play awards them, with the Option `dihu_on_discard`; the next
//! dealer after a hand nobody won (Decisions 17, Option `dealer_rule = last_drawer`); where the
//! exchanged tiles go (Decisions 4, Option `exchange_direction`); hands in a match (Decisions 18,
//! Option `hands_per_match`). Expected payments are worked out in the comments from Decisions 11–13.

mod common;

use common::{payments, table, Game};
use mj_core::game::matchplay::play_match;
use mj_core::game::record::RecordEvent;
use mj_core::game::{play_hand, Action, GreedyBot, Player, Record, Rules};
use mj_core::Wind;

/// Void suits by index in the order 万 筒 条.
const M: u8 = 0;
const P: u8 = 1;
const S: u8 = 2;

/// Every win of the record: the seat and its fans.
fn wins(r: &Record) -> Vec<(usize, Vec<String>)> {
    r.events
        .iter()
        .filter_map(|e| match e {
            RecordEvent::Win { seat, fans, .. } => Some((*seat, fans.clone())),
            _ => None,
        })
        .collect()
}

fn greedy() -> Vec<Box<dyn Player>> {
    (0..4)
        .map(|_| Box::new(GreedyBot::new()) as Box<dyn Player>)
        .collect()
}

/// Decisions 11: 天胡 5, the dealer's tiles win before the first discard (here with no exchange,
/// the Option exchange_three = false). 123m 456m 789m 234p 55p is otherwise a plain 平胡 0, so 5
/// fans; Decisions 12 caps the payment at 2^4 = 16 and Decisions 13 adds a base to each payer of a
/// self-draw: S, W and N pay 17 each.
#[test]
fn the_dealers_dealt_tiles_winning_is_tian_hu() {
    let t = table("sichuan[exchange_three=false]");
    let mut g = Game::new(&t, &["123m 456m 789m 234p 55p"], "", "");
    g.declare_voids([S, M, M, M]);
    g.act(0, Action::SelfWin);
    g.passive_to_end();
    let r = g.finish();
    assert_eq!(
        wins(&r),
        vec![(0, vec!["平胡 0".to_string(), "天胡 5".to_string()])]
    );
    assert_eq!(payments(&r, None), vec![vec![51, -17, -17, -17]]);
}

/// South's 13 tiles: 123m 456m 789m 234p 5p, void 条, waiting on 5p (平胡).
const SOUTH: &str = "123m 456m 789m 234p 5p";

/// Decisions 11: 地胡 5, a non-dealer self-draws a win on its first draw with no pong or kong
/// before it. East throws its void tile 1s, South draws 5p and wins: 平胡 0 + 地胡 5, paid as
/// 天胡 above: E, W and N pay 16 + 1.
#[test]
fn a_self_draw_on_the_first_draw_is_di_hu() {
    let t = table("sichuan[exchange_three=false]");
    let mut g = Game::new(&t, &["1s 123m 456m 789m 11p 22p", SOUTH], "5p", "");
    g.declare_voids([S, S, M, M]);
    g.discard(0, "1s");
    g.pass();
    assert_eq!(g.turn(), Some(1));
    g.act(1, Action::SelfWin);
    g.passive_to_end();
    let r = g.finish();
    assert_eq!(
        wins(&r),
        vec![(1, vec!["平胡 0".to_string(), "地胡 5".to_string()])]
    );
    assert_eq!(payments(&r, None), vec![vec![-17, 51, -17, -17]]);
}

/// South wins on East's first discard, 5p (East's void suit 筒, so it must go first).
fn won_on_the_dealers_first_discard(rules: &str) -> Record {
    let t = table(rules);
    let mut g = Game::new(&t, &["5p 123m 456m 789m 11s 22s", SOUTH], "", "");
    g.declare_voids([P, S, M, M]);
    g.discard(0, "5p");
    g.claim(1, Action::Win);
    g.passive_to_end();
    g.finish()
}

/// Option dihu_on_discard: false (the default, Decisions 11: 地胡 is self-drawn) makes a win on
/// the dealer's first discard a plain 平胡 0, East paying 2^0 = 1 (Decisions 13); true makes it
/// 地胡 5, East paying 2^min(5, 4) = 16.
#[test]
fn dihu_on_discard_values() {
    for name in [
        "sichuan[exchange_three=false]",
        "sichuan[exchange_three=false,dihu_on_discard=false]",
    ] {
        let r = won_on_the_dealers_first_discard(name);
        assert_eq!(wins(&r), vec![(1, vec!["平胡 0".to_string()])], "{name}");
        assert_eq!(payments(&r, None), vec![vec![-1, 1, 0, 0]], "{name}");
    }
    let r = won_on_the_dealers_first_discard("sichuan[exchange_three=false,dihu_on_discard=true]");
    assert_eq!(
        wins(&r),
        vec![(1, vec!["平胡 0".to_string(), "地胡 5".to_string()])]
    );
    assert_eq!(payments(&r, None), vec![vec![-16, 16, 0, 0]]);
}

/// With dihu_on_discard = true only the dealer's discard counts: West winning on South's first
/// discard (South's void 筒 5p goes first), before West's own first discard, is a plain 平胡 0 that
/// South pays 1.
#[test]
fn dihu_on_discard_is_only_the_dealers_discard() {
    let t = table("sichuan[exchange_three=false,dihu_on_discard=true]");
    let hands = ["1s 123m 456m 789m 11p 22p", "5p 123m 456m 789m 11s 2s", SOUTH];
    let mut g = Game::new(&t, &hands, "9p", "");
    g.declare_voids([S, P, S, M]);
    g.discard(0, "1s");
    g.pass();
    g.discard(1, "5p");
    g.claim(2, Action::Win);
    g.passive_to_end();
    let r = g.finish();
    assert_eq!(wins(&r), vec![(2, vec!["平胡 0".to_string()])]);
    assert_eq!(payments(&r, None), vec![vec![0, -1, 1, 0]]);
}

/// A hand nobody wins: every seat throws what it draws and passes every offer. 108 − 53 dealt
/// leaves 55 draws, South first, so the 55th falls to South + 54 = North (seat 3).
fn nobody_wins(rules: &str) -> Record {
    let t = table(rules);
    let mut g = Game::new(&t, &[], "", "");
    g.declare_voids([M, M, M, M]);
    g.passive_to_end();
    let r = g.finish();
    assert!(r.winners().is_empty(), "{rules}: nobody wins");
    let draws = r
        .events
        .iter()
        .filter(|e| matches!(e, RecordEvent::Draw { .. }))
        .count();
    assert_eq!(draws, 55, "{rules}");
    r
}

/// Option dealer_rule after a hand nobody won: Decisions 17 (first_winner_or_discarder, the
/// default, and first_winner alike) keeps the dealer; last_drawer gives the deal to North, who
/// drew the last tile. After a win, last_drawer follows Decisions 17: South, the first winner,
/// deals next.
#[test]
fn dealer_rule_after_a_hand_nobody_won() {
    for (name, next) in [
        ("sichuan[exchange_three=false]", (0, false)),
        (
            "sichuan[exchange_three=false,dealer_rule=first_winner]",
            (0, false),
        ),
        ("sichuan[exchange_three=false,dealer_rule=last_drawer]", (3, true)),
    ] {
        let t = table(name);
        assert_eq!(nobody_wins(name).next_dealer(t.table()), next, "{name}");
    }
    let name = "sichuan[exchange_three=false,dealer_rule=last_drawer]";
    let r = won_on_the_dealers_first_discard(name);
    assert_eq!(r.next_dealer(table(name).table()), (1, true));
}

/// Option exchange_direction: over 40 seeded hands, `dice` (Decisions 4) sends the tiles to the
/// next seat (下家), across, or to the previous seat (上家) as the die says, and all three occur;
/// `clockwise` always to the previous seat, `counter` always to the next.
#[test]
fn exchange_direction_values() {
    for (name, allowed) in [
        ("sichuan", &[1, 2, 3][..]),
        ("sichuan[exchange_direction=dice]", &[1, 2, 3][..]),
        ("sichuan[exchange_direction=clockwise]", &[3][..]),
        ("sichuan[exchange_direction=counter]", &[1][..]),
    ] {
        let t = table(name);
        let mut seen = [0usize; 4];
        for seed in 0..40 {
            let r = play_hand(&t, &mut greedy(), seed, (seed % 4) as usize, Wind::EAST)
                .unwrap_or_else(|e| panic!("{name} seed {seed}: {e}"));
            let steps: Vec<usize> = r
                .events
                .iter()
                .filter_map(|e| match e {
                    RecordEvent::Exchange { seat, to, .. } => Some((to + 4 - seat) % 4),
                    _ => None,
                })
                .collect();
            assert_eq!(steps.len(), 4, "{name} seed {seed}: every seat passes");
            assert!(
                steps.iter().all(|&d| d == steps[0]),
                "{name} seed {seed}: one direction"
            );
            seen[steps[0]] += 1;
        }
        for d in 1..4 {
            assert_eq!(
                seen[d] > 0,
                allowed.contains(&d),
                "{name}: direction {d} in {seen:?}"
            );
        }
    }
}

/// Option hands_per_match: a match is 8 hands (Decisions 18, the default), or 4, or 16, however
/// the deal moves.
#[test]
fn hands_per_match_values() {
    for (name, hands) in [
        ("sichuan", 8),
        ("sichuan[hands_per_match=8]", 8),
        ("sichuan[hands_per_match=4]", 4),
        ("sichuan[hands_per_match=16]", 16),
    ] {
        let t = table(name);
        let m = play_match(&t, &mut greedy(), 11, None).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(m.hands.len(), hands, "{name}");
        assert_eq!(m.totals.iter().sum::<i64>(), 0, "{name}: scores summed from 0");
    }
}
