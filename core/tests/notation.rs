//! The notation: every form a line can take, what it parses to, the error (with its column) for
//! each way it can be wrong, and printing back.

use mj_core::meld::From as Source;
use mj_core::notation::*;
use mj_core::tile::{Tile, TileSet, Wind};
use mj_core::{Hand, Meld};
use mj_testkit::presets;

fn mcr() -> TileSet {
    TileSet::new("mcr", &presets::chinese_official()).expect("preset builds")
}
fn shiwan() -> TileSet {
    TileSet::new("shiwan", &presets::ten_rank()).expect("preset builds")
}
fn kawuxing() -> TileSet {
    TileSet::new("kawuxing", &presets::two_suits_dragons()).expect("preset builds")
}
fn words() -> Vec<ContextWordSpec> {
    vec![
        ContextWordSpec {
            word: "ready".into(),
            takes_value: false,
            value: WordValue::Text,
            help: "declared ready".into(),
        },
        ContextWordSpec {
            word: "dealer".into(),
            takes_value: true,
            value: WordValue::Text,
            help: "dealer streak".into(),
        },
    ]
}

fn parse(set: &TileSet, input: &str) -> Hand {
    match parse_hand(set, &words(), input) {
        Ok(h) => h,
        Err(e) => panic!("{input:?} should parse, got {e}"),
    }
}

/// Asserts the error's column and found text exactly and that message+expected mention
/// every fragment, so each test pins down what the user is told.
#[track_caller]
fn fails(set: &TileSet, input: &str, column: usize, found: &str, fragments: &[&str]) {
    let e = match parse_hand(set, &words(), input) {
        Ok(h) => panic!("{input:?} should fail, parsed as {h:?}"),
        Err(e) => e,
    };
    let shown = e.to_string();
    assert_eq!(
        (e.column, e.found.as_str()),
        (column, found),
        "{input:?}: {shown}"
    );
    for f in fragments {
        assert!(shown.contains(f), "{input:?}: {shown:?} lacks {f:?}");
    }
    assert!(!shown.contains("-->"), "raw pest output leaked: {shown}");
}

fn t(set: &TileSet, s: &str) -> Tile {
    match parse_tiles(set, s).as_deref() {
        Ok([tile]) => *tile,
        other => panic!("{s:?} is not one tile: {other:?}"),
    }
}

// ----- malformed input -----

#[test]
fn empty_input() {
    fails(&mcr(), "", 1, "", &["the hand is empty", "123m"]);
}

#[test]
fn blank_input() {
    fails(&mcr(), "   \t", 1, "", &["the hand is empty"]);
}

#[test]
fn two_tile_meld() {
    fails(
        &mcr(),
        "[12m]",
        1,
        "[12m]",
        &["a meld of 2 tiles", "4 for a kong"],
    );
}

#[test]
fn five_tile_meld() {
    fails(&mcr(), "[11111m]", 1, "[11111m]", &["a meld of 5 tiles"]);
}

#[test]
fn gapped_chow() {
    fails(&mcr(), "[124m]", 4, "4m", &["not a chow", "3m here"]);
}

#[test]
fn chow_across_suits() {
    fails(&mcr(), "[12m3p]", 5, "3p", &["one suit", "3m here"]);
}

#[test]
fn chow_never_wraps() {
    fails(
        &mcr(),
        "[891m]",
        4,
        "1m",
        &["8m cannot start a chow", "never wrap"],
    );
    fails(&shiwan(), "[901m]", 4, "1m", &["9m cannot start a chow"]);
}

#[test]
fn honours_cannot_chow() {
    fails(&mcr(), "[ESW]", 3, "S", &["honours cannot form a chow", "E here"]);
}

#[test]
fn mixed_kong() {
    fails(
        &mcr(),
        "[5556p]",
        5,
        "6p",
        &["a kong is four equal tiles", "5p here"],
    );
}

#[test]
fn unclosed_meld() {
    fails(
        &mcr(),
        "[EEE",
        5,
        "",
        &["opened at column 1 is not closed", "']'"],
    );
    fails(&mcr(), "[EEE,1", 7, "", &["not closed"]);
    fails(
        &mcr(),
        "[123m][EEE self",
        11,
        "",
        &["opened at column 7", "before the space"],
    );
}

#[test]
fn stray_character_in_meld() {
    fails(&mcr(), "[EEE;]", 5, ";", &["unexpected ';'", "']'"]);
}

#[test]
fn comma_without_number() {
    fails(&mcr(), "[EEE,]", 6, "]", &["followed by its number", "[555p,2]"]);
}

#[test]
fn digits_without_suit() {
    fails(
        &mcr(),
        "123",
        1,
        "123",
        &["digits without a suit letter", "m, p or s"],
    );
    fails(&mcr(), "5m12 3m", 3, "12", &["digits without a suit letter"]);
    fails(&mcr(), "[55x5p]", 2, "55x", &["digits without a suit letter"]);
}

#[test]
fn rank_ten_in_a_nine_rank_set() {
    let e = parse_hand(&mcr(), &[], "123456780m").expect_err("no tens in mcr");
    assert_eq!(
        e.to_string(),
        "column 9: '0m' — rank ten does not exist in ruleset mcr (suits run 1–9)"
    );
    fails(&mcr(), "1234567890m", 10, "0m", &["rank ten", "ruleset mcr"]);
    fails(&mcr(), "[890m]", 4, "0m", &["rank ten"]);
}

#[test]
fn suit_missing_from_set() {
    fails(
        &kawuxing(),
        "9s",
        1,
        "9s",
        &["kawuxing has no bamboo suit", "m, p"],
    );
}

#[test]
fn wind_missing_from_set() {
    fails(
        &kawuxing(),
        "123mE",
        5,
        "E",
        &[
            "kawuxing has no east wind",
            "this ruleset has no winds: honours are C F P",
        ],
    );
    fails(&kawuxing(), "2z", 1, "2z", &["south wind", "no winds"]);
    fails(&shiwan(), "C", 1, "C", &["no dragons: honours are E S W N"]);
}

#[test]
fn honour_number_out_of_range() {
    fails(&mcr(), "8z", 1, "8z", &["no honour 8z", "1z–7z"]);
    fails(&mcr(), "10z", 2, "0z", &["no honour 0z"]);
}

#[test]
fn bonus_number_out_of_range() {
    fails(&mcr(), "123m9f", 5, "9f", &["no bonus tile 9f", "1f–8f"]);
}

#[test]
fn bonus_missing_from_set() {
    fails(
        &kawuxing(),
        "123m 1f",
        6,
        "1f",
        &["kawuxing has no bonus tile 1f", "no bonus tiles"],
    );
}

#[test]
fn bad_kong_source() {
    fails(&mcr(), "[1111m,4]", 8, "4", &["kong's number", "5–7"]);
    fails(&mcr(), "[5555p,12]", 8, "12", &["kong's number"]);
}

#[test]
fn bad_chow_source() {
    fails(
        &mcr(),
        "[123m,5]",
        7,
        "5",
        &["which of its three tiles", "1, 2 or 3"],
    );
}

#[test]
fn bad_pung_source() {
    fails(&mcr(), "[555p,9]", 7, "9", &["claimed from", "2 = opposite"]);
    fails(&mcr(), "[555p,0]", 7, "0", &["claimed from"]);
}

#[test]
fn bad_seat_wind() {
    fails(&mcr(), "123m seat=X", 11, "X", &["seat wind", "E S W N"]);
    fails(&mcr(), "123m round=e", 12, "e", &["round wind"]);
}

#[test]
fn missing_value() {
    fails(&mcr(), "123m seat", 6, "seat", &["needs a value", "seat=X"]);
    fails(&mcr(), "123m dealer=", 6, "dealer=", &["'dealer' needs a value"]);
}

#[test]
fn flag_with_value() {
    fails(&mcr(), "123m self=1", 6, "self=1", &["'self' takes no value"]);
    fails(
        &mcr(),
        "123m ready=yes",
        6,
        "ready=yes",
        &["'ready' takes no value"],
    );
}

#[test]
fn too_many_flowers() {
    fails(&mcr(), "123m flowers=99", 14, "99", &["0 to 8"]);
    fails(&mcr(), "123m flowers=-1", 14, "-1", &["0 to 8"]);
    fails(
        &mcr(),
        "123m 1f5f flowers=7",
        11,
        "flowers=7",
        &["more than the 8", "flowers=6 at most"],
    );
}

#[test]
fn unknown_word_lists_accepted_words() {
    fails(
        &mcr(),
        "123m riichi",
        6,
        "riichi",
        &[
            "not a context word of ruleset mcr",
            "self",
            "flowers=N",
            "ready",
            "dealer=value",
        ],
    );
}

#[test]
fn duplicate_words() {
    fails(
        &mcr(),
        "123m self self",
        11,
        "self",
        &["'self' is given twice", "column 6"],
    );
    fails(
        &mcr(),
        "123m seat=S seat=W",
        13,
        "seat=W",
        &["'seat' is given twice"],
    );
    fails(
        &mcr(),
        "123m self 15f 2f",
        15,
        "2f",
        &["bonus tiles are written as a word twice"],
    );
    // Before the first word, space-separated bonus tiles are tile groups like any other.
    let h = parse_hand(&mcr(), &[], "123m 15f 2f").expect("tile groups apart");
    assert_eq!(h.bonus.len(), 3);
}

#[test]
fn five_copies() {
    fails(&mcr(), "11111m", 5, "1m", &["too many 1m", "4 copies"]);
    fails(&mcr(), "[1111m]1m", 8, "1m", &["too many 1m"]);
    fails(&mcr(), "[123m][111m]1m", 13, "1m", &["too many 1m"]);
}

#[test]
fn bonus_tile_twice() {
    fails(&mcr(), "123m1f 1f", 8, "1f", &["too many 1f", "1 copy"]);
}

#[test]
fn words_without_tiles_or_space() {
    fails(&mcr(), "self", 1, "self", &["no tiles before its context words"]);
    fails(&mcr(), " seat=S 123m", 2, "seat=S", &["no tiles before"]);
    fails(
        &mcr(),
        "123mself",
        5,
        "self",
        &["separated from the tiles by a space"],
    );
}

#[test]
fn suit_letter_without_digits_in_meld() {
    fails(&mcr(), "[EEm]", 4, "m", &["suit letter without digits"]);
}

#[test]
fn lowercase_honours() {
    fails(&mcr(), "e", 1, "e", &["capitals", "E for the east wind"]);
    fails(&mcr(), "123mc", 5, "c", &["capitals", "C for the red dragon"]);
    fails(&mcr(), "123meee", 5, "e", &["capitals"]);
}

#[test]
fn melds_after_concealed_tiles() {
    fails(&mcr(), "123m[555p]", 5, "[", &["melds must be written before"]);
    fails(&mcr(), "123m [555p]", 6, "[555p]", &["melds go before"]);
}

#[test]
fn stray_punctuation() {
    fails(&mcr(), "123m,", 5, ",", &["comma belongs inside"]);
    fails(&mcr(), "123m]", 5, "]", &["without a '['"]);
    fails(&mcr(), "m", 1, "m", &["without digits"]);
}

#[test]
fn playing_tiles_among_words() {
    fails(
        &mcr(),
        "123m self 5m",
        11,
        "5m",
        &["only bonus tiles", "before the first space"],
    );
    fails(
        &mcr(),
        "123m self 45",
        11,
        "45",
        &["digits without a suit letter"],
    );
    fails(&mcr(), "123m Self", 6, "Self", &["not a context word"]);
    fails(&mcr(), "123m self EE", 11, "E", &["only bonus tiles"]);
}

#[test]
fn only_bonus_tiles() {
    fails(&mcr(), "15f", 1, "1f", &["only bonus tiles", "playing tiles"]);
}

#[test]
fn bonus_tiles_in_meld() {
    fails(
        &mcr(),
        "[1f2f3f]",
        2,
        "1f",
        &["bonus tiles cannot be part of a meld"],
    );
}

#[test]
fn columns_count_characters() {
    fails(&mcr(), "123m中", 5, "中", &["unexpected character"]);
    fails(&mcr(), "123m self 中 x", 11, "中", &["not a context word"]);
    fails(&mcr(), "123m dealer=中文 seat=Q", 21, "Q", &["seat wind"]);
}

#[test]
fn parse_tiles_errors() {
    let e = parse_tiles(&mcr(), "12x").expect_err("no suit x");
    assert_eq!((e.column, e.found.as_str()), (1, "12x"));
    let e = parse_tiles(&mcr(), "[123m]").expect_err("no melds in a tile run");
    assert_eq!(e.column, 1);
    let e = parse_tiles(&mcr(), "5m self").expect_err("no words in a tile run");
    assert_eq!(e.column, 4);
}

// ----- well-formed input -----

/// Issue 25: spaces between tile groups, Unicode tiles (U+1F000–U+1F02B) and a wrong-case
/// word read as a person means them; each reads as the same hand as the plain notation.
#[test]
fn spaces_between_groups_and_unicode_tiles() {
    let set = mcr();
    let plain = parse_hand(&set, &[], "[555p]123m456p789s1sE self").expect("plain");
    for same in [
        "[555p] 123m 456p 789s 1s E self",
        "[555p]  123m456p   789s1sE self",
        "[🀝🀝🀝]🀇🀈🀉🀜🀝🀞🀖🀗🀘🀐🀀 self",
        "[🀝🀝🀝] 🀇🀈🀉 456p 🀖🀗🀘 🀐 🀀 self",
    ] {
        assert_eq!(parse_hand(&set, &[], same), Ok(plain.clone()), "{same}");
    }
    // Dragons and winds in Unicode order (East South West North, 中 發 白), the emoji selector
    // after 🀄 ignored; flowers 🀢–🀥 are 5–8f (梅兰竹菊), seasons 🀦–🀩 1–4f (春夏秋冬).
    let h = parse_hand(&set, &[], "🀀🀁🀂🀃🀄\u{FE0F}🀅🀆 🀢🀦").expect("honours and bonus");
    assert_eq!(print_hand(&set, &h), "ESWNCFP 15f");
    fails(&set, "123m🀪", 5, "🀪", &["joker"]);
    fails(
        &set,
        "123m [456p]",
        6,
        "[456p]",
        &["melds go before the concealed tiles"],
    );
    fails(&set, "123m SELF", 6, "SELF", &["did you mean `self`"]);
    fails(&set, "123m Seat=S", 6, "Seat=S", &["did you mean `seat`"]);
}

#[test]
fn four_concealed_kongs() {
    let set = mcr();
    let h = parse(&set, "[EEEE][CCCC][FFFF][PPPP]NN");
    assert_eq!(h.melds.len(), 4);
    assert!(h.melds.iter().all(Meld::is_concealed));
    assert_eq!(h.winning_tile(), Some(t(&set, "N")));
    assert_eq!(print_hand(&set, &h), "[EEEE][CCCC][FFFF][PPPP]NN");
}

#[test]
fn example_with_context() {
    let set = mcr();
    let line = "[WWWW,1][444s]45m678pFF6m self seat=S round=W flowers=2";
    let h = parse(&set, line);
    assert_eq!(
        h.melds,
        vec![
            Meld::ExposedKong {
                tile: t(&set, "W"),
                from: Source::Left
            },
            Meld::Pung {
                tile: t(&set, "4s"),
                from: Source::Left
            },
        ]
    );
    assert_eq!(h.concealed.len(), 8);
    assert_eq!(h.winning_tile(), Some(t(&set, "6m")));
    assert!(h.context.self_drawn && !h.context.last_tile);
    assert_eq!((h.context.seat, h.context.round), (Wind::SOUTH, Wind::WEST));
    assert_eq!(h.flower_count(), 2);
    assert_eq!(print_hand(&set, &h), line);
}

#[test]
fn meld_sources() {
    let set = mcr();
    let h = parse(&set, "[123p,1][345s,2][999s,3]6m6pEW1m");
    assert_eq!(
        h.melds[1],
        Meld::Chow {
            first: t(&set, "3s"),
            claimed: 2
        }
    );
    assert_eq!(
        h.melds[2],
        Meld::Pung {
            tile: t(&set, "9s"),
            from: Source::Right
        }
    );
    assert_eq!(print_hand(&set, &h), "[123p][345s,2][999s,3]6m6pEW1m");
    let h = parse(&set, "[5555p,6][7777s,3][1111m]EE");
    assert_eq!(
        h.melds[0],
        Meld::AddedKong {
            tile: t(&set, "5p"),
            from: Source::Opposite
        }
    );
    assert_eq!(print_hand(&set, &h), "[5555p,6][7777s,3][1111m]EE");
}

#[test]
fn rank_ten_only_where_suits_reach_ten() {
    let h = parse(&shiwan(), "1234567890m");
    assert_eq!(h.concealed.len(), 10);
    assert_eq!(print_hand(&shiwan(), &h), "123456789m0m");
    assert!(parse_hand(&mcr(), &[], "1234567890m").is_err());
    assert!(parse_hand(&kawuxing(), &[], "1234567890m").is_err());
    let h = parse(&shiwan(), "[890m]EE");
    assert_eq!(print_hand(&shiwan(), &h), "[890m]EE");
}

#[test]
fn winning_tile_is_written_last() {
    let set = mcr();
    let h = parse(&set, "9s1112345678999s");
    assert_eq!(h.concealed[0], t(&set, "9s"));
    assert_eq!(h.winning_tile(), Some(t(&set, "9s")));
    assert_eq!(print_hand(&set, &h), "1112345678999s9s");
    let h = parse(&set, "EE123m");
    assert_eq!(print_hand(&set, &h), "12mEE3m");
}

#[test]
fn z_alias_prints_as_letters() {
    let set = mcr();
    let h = parse(&set, "1234567z");
    assert_eq!(print_hand(&set, &h), "ESWNCFP");
}

#[test]
fn bonus_tiles_go_apart() {
    let set = mcr();
    let h = parse(&set, "123m5f45p6p 1f");
    assert_eq!(h.concealed.len(), 6);
    assert_eq!(h.bonus, vec![t(&set, "1f"), t(&set, "5f")]);
    assert_eq!(h.winning_tile(), Some(t(&set, "6p")));
    assert_eq!(print_hand(&set, &h), "123m45p6p 15f");
}

#[test]
fn context_words_print_in_canonical_order() {
    let set = mcr();
    let h = parse(
        &set,
        "  11m dealer=3 ready flowers=3 round=N fourth seat=E kong last self  ",
    );
    assert_eq!(
        h.context.extra,
        vec![("dealer".into(), Some("3".into())), ("ready".into(), None)]
    );
    assert!(h.context.has("ready"));
    assert_eq!(h.context.value("dealer"), Some("3"));
    assert_eq!(
        print_hand(&set, &h),
        "1m1m self last kong fourth round=N flowers=3 dealer=3 ready"
    );
}

#[test]
fn print_tiles_groups_neighbours() {
    let set = mcr();
    let apart = parse_tiles(&set, "1m2m3m4pE E 1f2f").expect("spaces between groups");
    let tiles = parse_tiles(&set, "1m2m3m4pEE1f2f").expect("valid run");
    assert_eq!(apart, tiles);
    assert_eq!(print_tiles(&set, &tiles), "123m4pEE12f");
    assert_eq!(parse_tiles(&set, &print_tiles(&set, &tiles)), Ok(tiles));
    assert_eq!(parse_tiles(&set, ""), Ok(vec![]));
}
