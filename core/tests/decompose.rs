//! The win decomposition on hands written compactly: which hands are wins, and every reading
//! (sets, pair, winning place, wait) of each.

use mj_core::decompose::{divisions, is_win, readings};
use mj_core::meld::From;
use mj_core::tile::MAX_KINDS;
use mj_core::{Form, FormRules, Meld, SetKind, Wait, WinPlace};
use mj_testkit::presets::{mcr, ten};
use mj_testkit::shapes::{all_forms, counts as hand, tile};

#[test]
fn standard_and_edge_cases() {
    let set = mcr();
    let r = FormRules::default();
    assert!(is_win(&set, &r, 0, &hand(&set, "11123456789999m")));
    assert!(!is_win(&set, &r, 0, &hand(&set, "11123456789999m EE")));
    assert!(!is_win(&set, &r, 0, &hand(&set, "12345678m 1p EEE SS")));
    assert!(is_win(&set, &r, 0, &hand(&set, "789m 123p 555s EEE SS")));
    assert!(!is_win(&set, &r, 0, &hand(&set, "89m 1p 123p 555s EEE SS")));
    let ten = ten();
    assert!(is_win(&ten, &r, 0, &hand(&ten, "890m 123p 555s EEE SS")));
    // Bonus tiles never belong to a form.
    let mut c = hand(&set, "789m 123p 555s EEE SS");
    c[set.bonus(1).expect("bonus").id()] = 1;
    assert!(!is_win(&set, &r, 0, &c));
}

#[test]
fn one_tile_in_pung_and_chow_gives_two_readings() {
    let set = mcr();
    let r = FormRules::default();
    let c = hand(&set, "111234m 555p 789s EE");
    let rs = readings(&set, &r, &[], &c, tile(&set, "1m"));
    assert_eq!(rs.len(), 1);
    assert_eq!((rs[0].win, rs[0].wait), (WinPlace::Set(0), Wait::Pung));
    let c = hand(&set, "111123m 555p 789s EE");
    let rs = readings(&set, &r, &[], &c, tile(&set, "1m"));
    let kinds: Vec<_> = rs.iter().map(|x| (x.win, x.wait)).collect();
    assert!(kinds.contains(&(WinPlace::Set(0), Wait::TwoSided)), "{kinds:?}");
    assert!(kinds.contains(&(WinPlace::Set(1), Wait::Pung)), "{kinds:?}");
}

#[test]
fn edge_and_closed_waits_use_the_suit_top() {
    let ten = ten();
    let r = FormRules::default();
    // 9-10 waiting on 8 is an edge wait where ten exists.
    let c = hand(&ten, "890m 123p 555s EEE SS");
    let rs = readings(&ten, &r, &[], &c, tile(&ten, "8m"));
    assert_eq!(rs.len(), 1);
    assert_eq!(rs[0].wait, Wait::Edge);
    let rs = readings(&ten, &r, &[], &c, tile(&ten, "9m"));
    assert_eq!(rs[0].wait, Wait::Closed);
    let c = hand(&ten, "789m 123p 555s EEE SS");
    let rs = readings(&ten, &r, &[], &c, tile(&ten, "7m"));
    assert_eq!(rs[0].wait, Wait::TwoSided, "89 waits on 7 and 10 in a ten suit");
    let set = mcr();
    let c = hand(&set, "789m 123p 555s EEE SS");
    let rs = readings(&set, &r, &[], &c, tile(&set, "7m"));
    assert_eq!(rs[0].wait, Wait::Edge);
    let rs = readings(&set, &r, &[], &c, tile(&set, "3p"));
    assert_eq!(rs[0].wait, Wait::Edge);
}

#[test]
fn melds_come_first_and_concealed_kong_is_concealed() {
    let set = mcr();
    let r = FormRules::default();
    let melds = [
        Meld::ConcealedKong {
            tile: tile(&set, "E"),
        },
        Meld::Chow {
            first: tile(&set, "1p"),
            claimed: 1,
        },
        Meld::Pung {
            tile: tile(&set, "9s"),
            from: From::Left,
        },
    ];
    let c = hand(&set, "234m 55p");
    let rs = readings(&set, &r, &melds, &c, tile(&set, "5p"));
    assert_eq!(rs.len(), 1);
    let s = &rs[0].sets;
    assert_eq!(s.len(), 4);
    assert_eq!(
        (s[0].kind, s[0].concealed, s[0].meld),
        (SetKind::Kong, true, Some(0))
    );
    assert_eq!(
        (s[1].kind, s[1].concealed, s[1].meld),
        (SetKind::Chow, false, Some(1))
    );
    assert_eq!(
        (s[2].kind, s[2].concealed, s[2].meld),
        (SetKind::Pung, false, Some(2))
    );
    assert_eq!(
        (s[3].kind, s[3].concealed, s[3].meld),
        (SetKind::Chow, true, None)
    );
    assert_eq!(rs[0].win, WinPlace::Pair);
    // A chow meld running off the suit is refused rather than trusted.
    let bad = [Meld::Chow {
        first: tile(&set, "8m"),
        claimed: 1,
    }];
    assert!(readings(
        &set,
        &r,
        &bad,
        &hand(&set, "234m 555p 789s 55p"),
        tile(&set, "5p")
    )
    .is_empty());
}

#[test]
fn seven_pairs_with_four_equal_tiles_and_standard_overlap() {
    let set = mcr();
    let mut r = all_forms(&set);
    let c = hand(&set, "1111m 22p 33p 44p 55s 66s");
    let rs = readings(&set, &r, &[], &c, tile(&set, "6s"));
    let sp: Vec<_> = rs.iter().filter(|x| x.form == Form::SevenPairs).collect();
    assert_eq!(sp.len(), 1);
    assert_eq!(sp[0].pairs.len(), 7);
    assert_eq!(sp[0].pairs[0], sp[0].pairs[1]);
    r.seven_pairs_allow_four = false;
    assert!(!is_win(&set, &r, 0, &c));
    // 223344m 556677p 99s is seven pairs and also standard.
    let c = hand(&set, "223344m 556677p 99s");
    let rs = readings(&set, &r, &[], &c, tile(&set, "2m"));
    assert!(rs.iter().any(|x| x.form == Form::SevenPairs));
    assert!(rs.iter().any(|x| x.form == Form::Standard));
}

#[test]
fn seventeen_tile_hand_has_five_sets() {
    let set = mcr();
    let r = FormRules::default();
    let c = hand(&set, "123456789m 111p 234s 99s");
    assert!(is_win(&set, &r, 0, &c));
    let rs = readings(&set, &r, &[], &c, tile(&set, "9s"));
    assert!(!rs.is_empty());
    assert!(rs.iter().all(|x| x.sets.len() == 5));
    assert!(!is_win(&set, &r, 0, &hand(&set, "123456789m 111p 234s 9s")));
}

#[test]
fn knitted_forms() {
    let set = mcr();
    let r = all_forms(&set);
    let c = hand(&set, "147m 258p 36s ESWNCFP");
    assert!(!is_win(&set, &r, 0, &c), "13 tiles");
    let c = hand(&set, "147m 258p 369s ESWNC");
    let rs = readings(&set, &r, &[], &c, tile(&set, "C"));
    assert_eq!(rs.len(), 1);
    assert_eq!(rs[0].form, Form::HonoursKnitted);
    assert_eq!(rs[0].knitted.len(), 9);
    let c = hand(&set, "147m 258p 369s 789p EE");
    let rs = readings(&set, &r, &[], &c, tile(&set, "8p"));
    let forms: Vec<_> = rs.iter().map(|x| (x.form, x.win, x.wait)).collect();
    assert!(forms.contains(&(Form::KnittedStraight, WinPlace::Knitted, Wait::Knitted)));
    assert!(forms.contains(&(Form::KnittedStraight, WinPlace::Set(0), Wait::Closed)));
    // With a declared pung as the set.
    let melds = [Meld::Pung {
        tile: tile(&set, "C"),
        from: From::Left,
    }];
    let c = hand(&set, "147m 258p 369s EE");
    let rs = readings(&set, &r, &melds, &c, tile(&set, "E"));
    assert_eq!(rs.len(), 1);
    assert_eq!(rs[0].sets[0].meld, Some(0));
    // Ten-rank suits never knit.
    let ten = ten();
    assert!(!is_win(
        &ten,
        &all_forms_ten(),
        0,
        &hand(&ten, "147m 258p 369s 789p EE")
    ));
}

fn all_forms_ten() -> FormRules {
    FormRules {
        honours_knitted: true,
        knitted_straight: true,
        ..FormRules::default()
    }
}

#[test]
fn orphans_reading() {
    let set = mcr();
    let r = all_forms(&set);
    let c = hand(&set, "19m 19p 19s ESWNCFPP");
    let rs = readings(&set, &r, &[], &c, tile(&set, "P"));
    assert_eq!(rs.len(), 1);
    assert_eq!(rs[0].form, Form::Orphans);
    assert_eq!(rs[0].pair, Some(tile(&set, "P")));
}

#[test]
fn more_sets_than_a_reading_holds_give_no_reading() {
    let set = mcr();
    let r = FormRules::default();
    let pung = |t: &str| Meld::Pung {
        tile: tile(&set, t),
        from: From::Left,
    };
    // Eight sets fit; nine (three melds on top of six concealed sets) do not.
    let melds = [pung("E"), pung("S")];
    let c = hand(&set, "123456789m 123456789p 55s");
    assert!(!readings(&set, &r, &melds, &c, tile(&set, "5s")).is_empty());
    let melds = [pung("E"), pung("S"), pung("W")];
    assert!(readings(&set, &r, &melds, &c, tile(&set, "5s")).is_empty());
    assert!(divisions(&set, &r, &melds, &c, tile(&set, "5s")).is_empty());
}

#[test]
fn absurd_input_is_refused_not_panicked_on() {
    let set = mcr();
    let r = all_forms(&set);
    let mut c = [255u8; MAX_KINDS];
    assert!(!is_win(&set, &r, 0, &c));
    assert!(readings(&set, &r, &[], &c, tile(&set, "1m")).is_empty());
    c = [0; MAX_KINDS];
    assert!(!is_win(&set, &r, 0, &c));
    assert!(!is_win(&set, &r, 99, &c));
    let c = hand(&set, "789m 123p 555s EEE SS");
    assert!(
        readings(&set, &r, &[], &c, tile(&set, "1m")).is_empty(),
        "winning tile not held"
    );
}
