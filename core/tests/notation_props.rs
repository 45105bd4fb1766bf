//! Properties of the hand notation that unit tests cannot cover by example: every valid hand over
//! every preset tile set survives print → parse, and no input string can crash the parser.

use mj_core::meld::From as Source;
use mj_core::notation::{parse_hand, parse_tiles, print_hand, print_tiles, ContextWordSpec};
use mj_core::tile::{Tile, TileSet};
use mj_core::{Hand, Meld, Wind};
use mj_testkit::presets;
use proptest::prelude::*;

fn sets() -> Vec<TileSet> {
    [
        ("mcr", presets::chinese_official()),
        ("shiwan", presets::ten_rank()),
        ("kawuxing", presets::two_suits_dragons()),
    ]
    .iter()
    .map(|(name, spec)| TileSet::new(*name, spec).expect("presets are valid"))
    .collect()
}

fn words() -> Vec<ContextWordSpec> {
    vec![
        ContextWordSpec {
            word: "ready".into(),
            takes_value: false,
            value: Default::default(),
            help: String::new(),
        },
        ContextWordSpec {
            word: "dealer".into(),
            takes_value: true,
            value: Default::default(),
            help: String::new(),
        },
    ]
}

/// Raw random choices; `build` turns them into a hand that respects the set's copy limits, so
/// shrinking still always yields valid hands.
#[derive(Debug, Clone)]
struct Choices {
    set: usize,
    melds: Vec<(u8, u16, u8)>,
    concealed: Vec<u16>,
    bonus: Vec<u16>,
    flags: [bool; 5],
    seat: u8,
    round: u8,
    flowers: u8,
    dealer: Option<u8>,
}

fn choices() -> impl Strategy<Value = Choices> {
    (
        0..3usize,
        prop::collection::vec((any::<u8>(), any::<u16>(), any::<u8>()), 0..=4),
        prop::collection::vec(any::<u16>(), 0..=14),
        prop::collection::vec(any::<u16>(), 0..=4),
        any::<[bool; 5]>(),
        (0..4u8, 0..4u8, 0..=8u8),
        prop::option::of(0..100u8),
    )
        .prop_map(
            |(set, melds, concealed, bonus, flags, (seat, round, flowers), dealer)| Choices {
                set,
                melds,
                concealed,
                bonus,
                flags,
                seat,
                round,
                flowers,
                dealer,
            },
        )
}

fn build(set: &TileSet, c: &Choices) -> Hand {
    let playing: Vec<Tile> = set.playing_tiles().collect();
    let bonus: Vec<Tile> = set.tiles().filter(|&t| set.is_bonus(t)).collect();
    let mut counts = vec![0u8; set.kind_count()];
    let mut hand = Hand::default();
    let take = |tiles: &[Tile], counts: &mut [u8]| {
        let fits = tiles.iter().all(|&t| {
            let n = tiles.iter().filter(|&&u| u == t).count() as u8;
            counts[t.id()] + n <= set.copies(t)
        });
        if fits {
            for &t in tiles {
                counts[t.id()] += 1;
            }
        }
        fits
    };
    for &(kind, pick, src) in &c.melds {
        let tile = playing[pick as usize % playing.len()];
        let from = Source::from_digit(src % 3 + 1).expect("1..=3 is a source");
        let meld = match kind % 5 {
            0 if set.chow_start(tile) => Meld::Chow {
                first: tile,
                claimed: src % 3 + 1,
            },
            0 | 1 => Meld::Pung { tile, from },
            2 => Meld::ExposedKong { tile, from },
            3 => Meld::AddedKong { tile, from },
            _ => Meld::ConcealedKong { tile },
        };
        let tiles = meld.tiles(set).expect("generated melds fit the suit");
        if take(&tiles, &mut counts) {
            hand.melds.push(meld);
        }
    }
    for &pick in &c.concealed {
        let tile = playing[pick as usize % playing.len()];
        if take(&[tile], &mut counts) {
            hand.concealed.push(tile);
        }
    }
    if hand.melds.is_empty() && hand.concealed.is_empty() {
        hand.concealed.push(playing[0]);
    }
    if !bonus.is_empty() {
        for &pick in &c.bonus {
            let tile = bonus[pick as usize % bonus.len()];
            if take(&[tile], &mut counts) {
                hand.bonus.push(tile);
            }
        }
    }
    hand.bonus.sort();
    let ctx = &mut hand.context;
    ctx.self_drawn = c.flags[0];
    ctx.last_tile = c.flags[1];
    ctx.kong = c.flags[2];
    ctx.fourth = c.flags[3];
    ctx.seat = Wind::from_index(c.seat).unwrap_or_default();
    ctx.round = Wind::from_index(c.round).unwrap_or_default();
    ctx.flowers = c.flowers.min(8 - hand.bonus.len() as u8);
    if let Some(d) = c.dealer {
        ctx.extra.push(("dealer".into(), Some(d.to_string().into())));
    }
    if c.flags[4] {
        ctx.extra.push(("ready".into(), None));
    }
    hand
}

/// What parsing a printed hand gives back: concealed tiles before the winning tile are sorted.
fn normalised(hand: &Hand) -> Hand {
    let mut h = hand.clone();
    let n = h.concealed.len().saturating_sub(1);
    h.concealed[..n].sort();
    h
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn valid_hands_round_trip(c in choices()) {
        let sets = sets();
        let set = &sets[c.set];
        let hand = build(set, &c);
        let printed = print_hand(set, &hand);
        let parsed = parse_hand(set, &words(), &printed)
            .map_err(|e| TestCaseError::fail(format!("{printed:?} does not parse: {e}")))?;
        prop_assert_eq!(&parsed, &normalised(&hand), "{}", printed);
        prop_assert_eq!(print_hand(set, &parsed), printed);
    }

    #[test]
    fn tile_runs_round_trip(set_index in 0..3usize, picks in prop::collection::vec(any::<u16>(), 0..20)) {
        let sets = sets();
        let set = &sets[set_index];
        let all: Vec<Tile> = set.tiles().collect();
        let mut counts = vec![0u8; set.kind_count()];
        let mut tiles = Vec::new();
        for p in picks {
            let t = all[p as usize % all.len()];
            if counts[t.id()] < set.copies(t) {
                counts[t.id()] += 1;
                tiles.push(t);
            }
        }
        let printed = print_tiles(set, &tiles);
        prop_assert_eq!(parse_tiles(set, &printed), Ok(tiles));
    }

    #[test]
    fn arbitrary_strings_never_panic(input in any::<String>()) {
        for set in &sets() {
            check_any_input(set, &input)?;
        }
    }

    #[test]
    fn notation_like_strings_never_panic(
        input in "[\\[\\],0-9mpszfESWNCFPe =a-z\t中]{0,40}"
    ) {
        for set in &sets() {
            check_any_input(set, &input)?;
        }
    }

    #[test]
    fn tile_like_strings_parse_or_fail_cleanly(input in "(\\[([0-9]{3,4}[mps]|[ESWNCFP]{3,4}|[1-7]{3,4}z|[0-9mpszESWNCFP]{3,5})(,[0-9])?\\]){0,3}([0-9]{1,4}[mps]|[ESWNCFP]{1,3}|[0-9]z|[0-9]f|[0-9mpszfESWNCFP]){0,8}( (self|last|kong|fourth|seat=[ESWNX]|round=[ESWN]|flowers=[0-9]|[1-8]{1,2}f|ready|dealer=[0-9]))*") {
        for set in &sets() {
            check_any_input(set, &input)?;
        }
    }
}

/// Whatever the input, parsing returns; errors point inside the line (or just past it), and any
/// hand it accepts prints to a line that parses back to the same print.
fn check_any_input(set: &TileSet, input: &str) -> Result<(), TestCaseError> {
    match parse_hand(set, &words(), input) {
        Ok(hand) => {
            let printed = print_hand(set, &hand);
            let again = parse_hand(set, &words(), &printed)
                .map_err(|e| TestCaseError::fail(format!("{input:?} printed as {printed:?}: {e}")))?;
            prop_assert_eq!(&again, &normalised(&hand));
            prop_assert_eq!(print_hand(set, &again), printed);
        }
        Err(e) => {
            prop_assert!(e.column >= 1 && e.column <= input.chars().count() + 1, "{e:?}");
            prop_assert!(!e.message.is_empty());
            let prefix = format!("column {}: ", e.column);
            prop_assert!(e.to_string().starts_with(&prefix), "{}", e);
        }
    }
    if let Ok(tiles) = parse_tiles(set, input) {
        prop_assert_eq!(parse_tiles(set, &print_tiles(set, &tiles)), Ok(tiles));
    }
    Ok(())
}

#[test]
fn contract_examples() {
    let sets = sets();
    let (mcr, shiwan, kawuxing) = (&sets[0], &sets[1], &sets[2]);
    for line in [
        "[EEEE][CCCC][FFFF][PPPP]NN",
        "[WWWW,1][444s]45m678pFF6m self seat=S round=W flowers=2",
        "1112345678999s9s",
    ] {
        let hand = parse_hand(mcr, &[], line).expect("contract example parses");
        assert_eq!(print_hand(mcr, &hand), line);
    }
    let hand = parse_hand(mcr, &[], "[123p,1][345s,2][999s,3]6m6pEW1m").expect("meld syntax");
    assert_eq!(print_hand(mcr, &hand), "[123p][345s,2][999s,3]6m6pEW1m");
    assert!(parse_hand(shiwan, &[], "1234567890m").is_ok());
    assert!(parse_hand(mcr, &[], "1234567890m").is_err());
    assert!(parse_hand(kawuxing, &[], "1234567890m").is_err());
    let e = parse_hand(kawuxing, &[], "[CCC]E").expect_err("no winds in kawuxing");
    assert!(e.to_string().contains("kawuxing"), "{e}");
}
