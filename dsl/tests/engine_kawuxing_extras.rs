//! 卡五星's optional regional settings (all off in `kawuxing` itself), each switched on by a small
//! house ruleset that extends it: 对亮对番 (a formula), 数坎 (`per_concealed_pung`), 漂 (`float`),
//! 查叫 (`[settlement.drawn_hand] unready_pays_ready`) and 包胡
//! (`[settlement.liable] undeclared_feeds_declared`). Scenarios replay through `Game::finish`.

mod common;

use common::{payments, table, win_totals, Game};
use mj_core::game::record::RecordEvent;
use mj_core::game::Action;
use mj_dsl::table::Table;

/// A house ruleset: `kawuxing` plus the given TOML (whole tables, e.g. `[settlement]\nfloat = 1`).
fn house(extra: &str) -> Table {
    let toml = format!("[ruleset]\nname = \"house\"\nextends = \"kawuxing\"\n\n{extra}\n");
    let rs = mj_dsl::load_from_memory("house", &[("ruleset.toml", &toml)]).unwrap_or_else(|d| panic!("{d}"));
    Table::new(rs).expect("table rules")
}

/// `mj score`'s payments (E, S, W) of one hand line.
fn paid(t: &Table, hand: &str) -> Vec<i64> {
    let r = mj_dsl::score_text(&t.ruleset, hand).expect("scores");
    ["E", "S", "W"]
        .iter()
        .map(|w| r.payments.get(w).expect("a payment for every seat"))
        .collect()
}

fn total(t: &Table, hand: &str) -> i64 {
    mj_dsl::score_text(&t.ruleset, hand).expect("scores").total
}

#[test]
fn both_declared_quadruples_with_the_dui_liang_dui_fan_formula() {
    let f = "total * (1 + (winner_declared or payer_declared)) * (1 + (winner_declared and payer_declared))";
    let t = house(&format!(
        "[settlement]\nself_drawn = {{ each = \"{f}\" }}\ndiscard = {{ discarder = \"{f}\", others = \"0\" }}\nrobbed_kong = {{ discarder = \"{f}\", others = \"0\" }}"
    ));
    let base = table("kawuxing");
    let hand = "123m456m789m46pCC5p";
    let v = total(&t, hand);
    assert_eq!(v, 2, "卡五星");
    // The discarder (West, from the left) and the winner both declared: ×4, kawuxing ×2.
    let both = format!("{hand} ready ready_payers=W");
    assert_eq!(paid(&t, &both), vec![4 * v, 0, -4 * v]);
    assert_eq!(paid(&base, &both), vec![2 * v, 0, -2 * v]);
    // One side declared: ×2 as before; nobody: ×1.
    assert_eq!(paid(&t, &format!("{hand} ready")), vec![2 * v, 0, -2 * v]);
    assert_eq!(
        paid(&t, &format!("{hand} ready_payers=W")),
        vec![2 * v, 0, -2 * v]
    );
    assert_eq!(paid(&t, hand), vec![v, 0, -v]);
    // Self-drawn by a declared winner: only the declared payer pays ×4.
    assert_eq!(
        paid(&t, &format!("{hand} self ready ready_payers=S")),
        vec![6 * v, -4 * v, -2 * v]
    );
}

#[test]
fn concealed_pungs_and_float_add_to_every_payment() {
    let hand = "111m222p333m46pCC5p";
    let base = table("kawuxing");
    let kan = house("[settlement]\nper_concealed_pung = 1");
    let float = house("[settlement]\nfloat = 2");
    let both = house("[settlement]\nper_concealed_pung = 1\nfloat = 2");
    let self_hand = format!("{hand} self");
    let v = total(&base, &self_hand);
    // Off by default.
    assert_eq!(paid(&base, &self_hand), vec![2 * v, -v, -v]);
    // Three 坎, self-drawn: each payer pays 3 more; 漂 2 more; both 5 more.
    assert_eq!(paid(&kan, &self_hand), vec![2 * (v + 3), -(v + 3), -(v + 3)]);
    assert_eq!(paid(&float, &self_hand), vec![2 * (v + 2), -(v + 2), -(v + 2)]);
    assert_eq!(paid(&both, &self_hand), vec![2 * (v + 5), -(v + 5), -(v + 5)]);
    // On a discard only the discarder pays; a pung completed by the discard is no 坎.
    let on_3m = "111m222p456p33mCC3m";
    let w = total(&base, on_3m);
    assert_eq!(paid(&both, on_3m), vec![w + 2 + 2, 0, -(w + 2 + 2)]);
    assert_eq!(paid(&both, &format!("{on_3m} self")), {
        let s = total(&base, &format!("{on_3m} self")) + 3 + 2;
        vec![2 * s, -s, -s]
    });
    // The 亮倒 doubling applies to the formula, not to the add-ons.
    assert_eq!(
        paid(&both, &format!("{hand} ready")),
        vec![2 * v + 5, 0, -(2 * v + 5)]
    );
}

#[test]
fn concealed_pungs_and_float_at_the_table_replay() {
    for (extra, add) in [
        ("", 0),
        ("[settlement]\nper_concealed_pung = 1", 3),
        ("[settlement]\nfloat = 1", 1),
        ("[settlement]\nper_concealed_pung = 2\nfloat = 1", 7),
    ] {
        let t = if extra.is_empty() {
            table("kawuxing")
        } else {
            house(extra)
        };
        let mut g = Game::new(&t, &["111m222p333m46pCCF"], "1p 2p 5p", "");
        g.discard(0, "F");
        g.pass();
        g.discard(1, "1p");
        g.pass();
        g.discard(2, "2p");
        g.pass();
        assert!(g.legal(0).contains(&Action::SelfWin), "卡五星 on 5p");
        g.act(0, Action::SelfWin);
        let r = g.finish();
        let v = win_totals(&r)[0].1;
        let each = v + add;
        assert_eq!(payments(&r, None), vec![vec![2 * each, -each, -each]], "{extra}");
    }
}

/// Plays East's arranged hand to a drawn hand: East discards F and is ready; South and West hold
/// `south` and `west`, and everyone discards what they draw.
fn drawn_hand(t: &Table, south: &str, west: &str) -> mj_core::game::Record {
    let mut g = Game::new(t, &["123m456m789m11pCCF", south, west], "", "");
    g.discard(0, "F");
    g.pass();
    g.passive_to_end();
    let r = g.finish();
    assert!(win_totals(&r).is_empty(), "a drawn hand");
    r
}

#[test]
fn drawn_hand_unready_players_pay_ready_ones() {
    let unready_s = "1357m1357p2468pF";
    let ready_s = "123p456p789p22mPP";
    let unready_w = "2468m2468p9m9pPPF";
    // Off by default: nobody declared, nobody pays.
    let base = table("kawuxing");
    assert!(payments(&drawn_hand(&base, unready_s, unready_w), Some("drawn_hand")).is_empty());
    let t = house("[settlement.drawn_hand]\nunready_pays_ready = 1");
    let r = drawn_hand(&t, unready_s, unready_w);
    assert_eq!(payments(&r, Some("drawn_hand")), vec![vec![2, -1, -1]]);
    let r = drawn_hand(&t, ready_s, unready_w);
    assert_eq!(payments(&r, Some("drawn_hand")), vec![vec![1, 1, -2]]);
    assert_eq!(r.net(), vec![1, 1, -2]);
}

#[test]
fn undeclared_feeder_of_a_declared_winner_pays_every_share() {
    let t = house("[settlement.liable]\nundeclared_feeds_declared = true");
    let base = table("kawuxing");
    let hand = "123m456m789m46pCC5p";
    let v = total(&t, hand);
    // West (undeclared) feeds declared East: West pays South's share too, each doubled.
    assert_eq!(paid(&t, &format!("{hand} ready")), vec![4 * v, 0, -4 * v]);
    assert_eq!(paid(&base, &format!("{hand} ready")), vec![2 * v, 0, -2 * v]);
    // A declared feeder, or an undeclared winner: as usual.
    assert_eq!(
        paid(&t, &format!("{hand} ready ready_payers=W")),
        vec![2 * v, 0, -2 * v]
    );
    assert_eq!(paid(&t, hand), vec![v, 0, -v]);

    // At the table: East declares nine gates; West holds only 万 and must feed it.
    for (t, liable) in [(&base, false), (&t, true)] {
        let mut g = Game::new(
            t,
            &["1112345678999mC", "2345m123456789p", "1226667778889m"],
            "1p 3m F 9p 4m",
            "",
        );
        g.declare(0, "C", "");
        g.discard(1, "1p");
        g.discard(2, "3m");
        g.pass();
        g.discard(0, "F");
        g.discard(1, "9p");
        g.discard(2, "4m");
        g.claim(0, Action::Win);
        let r = g.finish();
        let w = win_totals(&r)[0].1;
        let expect = if liable {
            vec![4 * w, 0, -4 * w]
        } else {
            vec![2 * w, 0, -2 * w]
        };
        assert_eq!(payments(&r, None), vec![expect]);
    }
}

fn horses_in(r: &mj_core::game::Record) -> Vec<Vec<String>> {
    r.events
        .iter()
        .filter_map(|e| match e {
            RecordEvent::Horses { tiles, .. } => Some(tiles.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn horses_after_a_self_drawn_win_multiply_each_payment() {
    let buy = "[settlement.horses]\ncount = 3\nranks = [1, 4, 7]";
    let only_declared = format!("{buy}\ndeclared_only = true");
    // (ruleset, East declares, horses expected, payment multiple of the total per payer)
    let cases: [(Option<&str>, bool, bool, i64); 5] = [
        (None, false, false, 1),
        (Some(buy), false, true, 3),
        (Some(buy), true, true, 6),
        (Some(&only_declared), false, false, 1),
        (Some(&only_declared), true, true, 6),
    ];
    for (extra, declare, bought, times) in cases {
        let t = extra.map_or_else(|| table("kawuxing"), house);
        // The wall's end, last tile first: 1m (a horse), 2m (not), 4p (a horse).
        let mut g = Game::new(&t, &["111m222p333m46pCCF"], "1p 2p 5p", "1m 2m 4p");
        if declare {
            g.declare(0, "F", "");
        } else {
            g.discard(0, "F");
        }
        g.pass();
        g.discard(1, "1p");
        g.pass();
        g.discard(2, "2p");
        g.pass();
        g.act(0, Action::SelfWin);
        let r = g.finish();
        let v = win_totals(&r)[0].1;
        let expect_horses: Vec<Vec<String>> = if bought {
            vec![vec!["1m".into(), "2m".into(), "4p".into()]]
        } else {
            vec![]
        };
        assert_eq!(horses_in(&r), expect_horses, "{extra:?} {declare}");
        let each = times * v;
        assert_eq!(
            payments(&r, None),
            vec![vec![2 * each, -each, -each]],
            "{extra:?} {declare}"
        );
        if bought {
            assert!(r.to_json().contains("\"type\":\"horses\""));
        }
    }
    // No horses for a win on a discard.
    let t = house(buy);
    let mut g = Game::new(&t, &["111m222p333m46pCCF"], "5p", "1m 2m 4p");
    g.discard(0, "F");
    g.pass();
    g.discard(1, "5p");
    g.claim(0, Action::Win);
    let r = g.finish();
    assert!(horses_in(&r).is_empty());
    let v = win_totals(&r)[0].1;
    assert_eq!(payments(&r, None), vec![vec![v, -v, 0]]);
}
