//! Bonus tiles that belong to seats (`[tiles] bonus_seats`): the names `seat_flowers` and
//! `flower_sets`, the notation refusing `flowers=N` where the seat of each flower scores, and
//! play handing the winner's bonus tiles themselves (not their count) to the scorer.

mod common;

use common::Game;
use mj_core::game::record::RecordEvent;
use mj_core::game::{Action, Record};
use mj_dsl::table::Table;
use mj_dsl::{score_text, Ruleset};

/// mcr with bonus tiles by seat and two bonus fans that read the new names.
fn house(bonus_seats: bool) -> Ruleset {
    let toml = format!(
        r#"[ruleset]
name = "seats"
extends = "mcr"
description = "test"

[tiles]
bonus_seats = {bonus_seats}

[[fan]]
id = "own_flower"
zh = "正花"
en = "Own flower"
points = 1
bonus = true
definition = "Each bonus tile of the winner's seat."
when = "seat_flowers"

[[fan]]
id = "flower_set"
zh = "花槓"
en = "Flower set"
points = 2
bonus = true
definition = "Each complete set of four bonus tiles."
when = "flower_sets"
"#
    );
    mj_dsl::load_from_memory("seats", &[("ruleset.toml", toml.as_str())]).unwrap_or_else(|d| panic!("{d}"))
}

/// (id, count) of the bonus fans of this test's house in a scored line.
fn seat_fans(rs: &Ruleset, line: &str) -> Vec<(String, u32)> {
    let r = score_text(rs, line).unwrap_or_else(|e| panic!("{line}: {e}"));
    r.fans
        .iter()
        .filter(|f| f.id.as_str() == "own_flower" || f.id.as_str() == "flower_set")
        .map(|f| (f.id.as_str().to_string(), f.count))
        .collect()
}

/// Pure straight (16) with a wind pung, so every line below is a legal mcr win.
const HAND: &str = "123456789mEEE1p1p";

#[test]
fn own_flowers_count_by_the_seat_printed_on_the_tile() {
    let rs = house(true);
    let own = |s: &str| (s.to_string(), 1);
    // 1f 5f are East's, 2f 6f South's, 3f 7f West's, 4f 8f North's.
    assert_eq!(
        seat_fans(&rs, &format!("{HAND} 15f")),
        vec![("own_flower".into(), 2)]
    );
    assert_eq!(seat_fans(&rs, &format!("{HAND} 15f seat=S")), vec![]);
    assert_eq!(
        seat_fans(&rs, &format!("{HAND} 26f seat=S")),
        vec![("own_flower".into(), 2)]
    );
    assert_eq!(seat_fans(&rs, &format!("{HAND} 37f seat=N")), vec![]);
    assert_eq!(
        seat_fans(&rs, &format!("{HAND} 48f seat=N")),
        vec![("own_flower".into(), 2)]
    );
    // A complete set of four holds exactly one of the seat's own flowers.
    assert_eq!(
        seat_fans(&rs, &format!("{HAND} 1234f seat=W")),
        vec![own("own_flower"), own("flower_set")]
    );
    assert_eq!(
        seat_fans(&rs, &format!("{HAND} 12345678f seat=S")),
        vec![("own_flower".into(), 2), ("flower_set".into(), 2)]
    );
    // Three of a set are no set.
    assert_eq!(
        seat_fans(&rs, &format!("{HAND} 567f seat=W")),
        vec![own("own_flower")]
    );
}

#[test]
fn flowers_by_count_are_refused_where_the_seat_of_each_flower_scores() {
    let rs = house(true);
    let e = score_text(&rs, &format!("{HAND} flowers=2")).expect_err("flowers=N is refused");
    assert!(e.contains("column 19"), "{e}");
    assert!(e.contains("whose flowers") && e.contains("15f"), "{e}");
    // Nor does the list of accepted words, given for an unknown word, offer it.
    let e = score_text(&rs, &format!("{HAND} flower")).expect_err("unknown word");
    assert!(
        e.contains("one of:") && e.contains("15f") && !e.contains("flowers=N"),
        "{e}"
    );
    let e = score_text(&house(false), &format!("{HAND} flower")).expect_err("unknown word");
    assert!(e.contains("flowers=N"), "{e}");
    // Without bonus_seats a count still reads, and names no seat.
    let rs = house(false);
    assert_eq!(seat_fans(&rs, &format!("{HAND} flowers=2")), vec![]);
    assert_eq!(
        seat_fans(&rs, &format!("{HAND} 15f")),
        vec![("own_flower".into(), 2)]
    );
}

#[test]
fn a_line_of_bonus_tiles_alone_stays_refused_in_mcr() {
    let rs = mj_dsl::load("mcr").expect("mcr loads");
    let e = score_text(&rs, "12345678f self").expect_err("no hand");
    assert!(e.contains("column 1") && e.contains("only bonus tiles"), "{e}");
}

/// The one win of a finished hand: its fans and its hand as written.
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

#[test]
fn play_hands_the_bonus_tiles_themselves_to_the_scorer() {
    // South waits on 1p with a pure straight; it draws 2f (its own flower), sets it aside and
    // wins on the replacement.
    for (bonus_seats, written, own) in [(true, "2f", true), (false, "flowers=1", false)] {
        let t = Table::new(house(bonus_seats)).expect("table");
        let mut g = Game::new(&t, &["", "123456789mEEE1p"], "2f", "1p");
        g.discard_drawn(0);
        g.pass();
        g.act(1, Action::Bonus(g.tile("2f")));
        g.act(1, Action::SelfWin);
        let (fans, hand) = win(&g.finish());
        assert!(hand.contains(written), "{hand}");
        assert_eq!(fans.iter().any(|f| f.starts_with("正花")), own, "{fans:?}");
    }
}
