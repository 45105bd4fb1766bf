//! The notation's fast path (a hand-written scanner for plain lines) and its pest path read
//! every line the same: `parse_hand` (fast path, pest when unsure or wrong) equals
//! `parse_hand_pest` (pest always) on every line, correct or not, and whenever the fast path
//! alone accepts a line, pest gives exactly that hand.
//!
//! Lines are generated from notation pieces (melds good and broken, tile groups, honours, context
//! words of every kind, blanks, tabs, junk and non-ASCII characters) and then mutated (characters
//! inserted, deleted, replaced, pieces swapped), so they cluster around the grammar's edges.

use mj_core::notation::{
    parse_hand, parse_hand_fast, parse_hand_pest, print_hand, ContextWordSpec, WordValue,
};
use mj_core::rng::Rng;
use mj_core::tile::TileSet;
use mj_testkit::presets;
use mj_testkit::sample::{winning_hand, SampleOptions};
use proptest::prelude::*;

fn sets() -> Vec<TileSet> {
    [
        ("mcr", presets::chinese_official()),
        ("shiwan", presets::ten_rank()),
        ("kawuxing", presets::two_suits_dragons()),
        ("riichi", riichi()),
    ]
    .iter()
    .map(|(name, spec)| TileSet::new(*name, spec).expect("presets are valid"))
    .collect()
}

/// A riichi tile set (rulesets/riichi `[tiles]`): one red five per suit, written `0m 0p 0s`, and
/// Tenhou's honour numbering, under which `5z` is 白 and `7z` 中 (not the default order).
fn riichi() -> mj_core::tile::TileSetSpec {
    let mut spec = presets::chinese_official();
    spec.bonus.clear();
    for s in &mut spec.suits {
        s.red = 1;
    }
    spec.honour_numbers = Some(vec!['E', 'S', 'W', 'N', 'P', 'F', 'C']);
    spec
}

fn words() -> Vec<ContextWordSpec> {
    let spec = |word: &str, takes_value, value| ContextWordSpec {
        word: word.into(),
        takes_value,
        value,
        help: String::new(),
    };
    vec![
        spec("ready", false, WordValue::Text),
        spec("dealer", true, WordValue::Text),
        spec("from", true, WordValue::Text),
        // Riichi's kinds of value: tiles, a number, and a flag that may stand without tiles.
        spec("dora", true, WordValue::Tiles),
        spec("honba", true, WordValue::Number),
        spec("nagashi", false, WordValue::Alone),
    ]
}

/// Pieces lines are made of: every kind of token the grammar knows, and near misses.
const PIECES: &[&str] = &[
    "123m",
    "456p",
    "789s",
    "11s",
    "55m",
    "0m",
    "05p",
    "0m0p0s",
    "50m",
    "550p",
    "[0m55m]",
    "[550p]",
    "[505s,3]",
    "[0555m]",
    "5z",
    "567z",
    "55z",
    "dora=0m",
    "dora=5z",
    "dora=E3m",
    "dora=x",
    "dora=",
    "honba=3",
    "honba=x",
    "honba=1000001",
    "nagashi",
    "nagashi=1",
    "1234567z",
    "8z",
    "0z",
    "EEE",
    "SS",
    "W",
    "N",
    "C",
    "F",
    "P",
    "ESWNCFP",
    "15f",
    "1f",
    "9f",
    "0f",
    "12345678f",
    "[555p]",
    "[555p,2]",
    "[555p,3]",
    "[555p,4]",
    "[123m]",
    "[123m,2]",
    "[123m,4]",
    "[234s,3]",
    "[EEEE]",
    "[EEEE,1]",
    "[EEEE,5]",
    "[EEEE,8]",
    "[1111m,12]",
    "[CCC]",
    "[12m]",
    "[124m]",
    "[891m]",
    "[5m5m5m]",
    "[5m55m]",
    "[15f5f]",
    "[]",
    "[,]",
    "[555p,]",
    "[555p",
    "555p]",
    "[555p 2]",
    "[[555p]]",
    "123",
    "m",
    "z",
    "e",
    "s",
    "mps",
    " ",
    "  ",
    "\t",
    " \t ",
    "self",
    "last",
    "kong",
    "fourth",
    "seat=S",
    "seat=E",
    "seat=X",
    "seat=",
    "seat",
    "round=W",
    "round=SS",
    "flowers=2",
    "flowers=8",
    "flowers=9",
    "flowers=02",
    "flowers=x",
    "ready",
    "ready=1",
    "dealer=3",
    "dealer=",
    "dealer",
    "from=2",
    "from=Sr\u{a0}",
    "Self",
    "SELF",
    "foo",
    "x=y",
    "=",
    "==",
    "self=",
    "#",
    ",",
    "]",
    "[",
    "中",
    "é",
    "\u{a0}",
    "\u{3000}",
    "\r",
    "\n",
    "🀇",
];

/// A line of `n` pieces, each followed by a blank with some chance.
fn line_of(rng: &mut Rng, n: usize) -> String {
    let mut s = String::new();
    for _ in 0..n {
        s.push_str(PIECES[rng.index(PIECES.len())]);
        if rng.below(3) == 0 {
            s.push(' ');
        }
    }
    s
}

/// Characters a mutation inserts.
const CHARS: &[char] = &[
    '[', ']', ',', '0', '1', '5', '9', 'm', 'p', 's', 'z', 'f', 'E', 'S', 'C', 'P', ' ', '\t', '=', 'e', 'x',
    'é', '\u{a0}', '中',
];

/// A small random edit of a line: insert, delete or replace a character, or swap two halves.
fn mutate(rng: &mut Rng, line: &str) -> String {
    let mut chars: Vec<char> = line.chars().collect();
    match rng.below(4) {
        0 => chars.insert(rng.index(chars.len() + 1), CHARS[rng.index(CHARS.len())]),
        1 if !chars.is_empty() => {
            chars.remove(rng.index(chars.len()));
        }
        2 if !chars.is_empty() => {
            let at = rng.index(chars.len());
            chars[at] = CHARS[rng.index(CHARS.len())];
        }
        _ if chars.len() > 1 => {
            let at = rng.index(chars.len());
            chars.rotate_left(at);
        }
        _ => {}
    }
    chars.into_iter().collect()
}

/// Checks both paths on one line under every set; returns how many (set, line) pairs the fast
/// path took alone.
fn check(line: &str) -> Result<usize, String> {
    let mut fast_taken = 0;
    for set in &sets() {
        let pest = parse_hand_pest(set, &words(), line);
        let both = parse_hand(set, &words(), line);
        if both != pest {
            return Err(format!(
                "{}: {line:?}: parse_hand {both:?}, pest {pest:?}",
                set.name
            ));
        }
        if let Some(hand) = parse_hand_fast(set, &words(), line) {
            if pest.as_ref() != Ok(&hand) {
                return Err(format!(
                    "{}: {line:?}: fast path {hand:?}, pest {pest:?}",
                    set.name
                ));
            }
            fast_taken += 1;
        }
    }
    Ok(fast_taken)
}

/// Generated winning hands (the common input), their mutations and piece lines: every one reads
/// the same both ways, and the corpus exercises both outcomes of the fast path heavily.
#[test]
fn fast_path_agrees_with_pest_on_generated_and_mutated_lines() {
    let all = sets();
    // Hands of the MCR set and of the riichi set (red fives, Tenhou honour numbers).
    let (mcr, riichi) = (&all[0], &all[3]);
    let mut rng = Rng::new(26);
    let opts = SampleOptions::default();
    let (mut lines, mut fast) = (0usize, 0usize);
    for i in 0..6000 {
        let set = if i % 8 < 4 { mcr } else { riichi };
        let hand = print_hand(set, &winning_hand(set, &mut rng, &opts));
        let line = match i % 4 {
            0 => hand,
            1 => mutate(&mut rng, &hand),
            2 => {
                let n = 1 + rng.index(8);
                line_of(&mut rng, n)
            }
            _ => {
                let n = 1 + rng.index(8);
                let l = line_of(&mut rng, n);
                mutate(&mut rng, &l)
            }
        };
        fast += check(&line).unwrap_or_else(|e| panic!("{e}"));
        lines += all.len();
    }
    // Not vacuous: many lines take the fast path and many do not.
    assert!(
        fast > lines / 10 && fast < lines * 9 / 10,
        "fast path took {fast} of {lines}"
    );
}

/// Generated winning hands, as a batch file holds them, take the fast path.
#[test]
fn generated_hands_take_the_fast_path() {
    for set in &sets() {
        let mut rng = Rng::new(7);
        let opts = SampleOptions::default();
        for _ in 0..500 {
            let line = print_hand(set, &winning_hand(set, &mut rng, &opts));
            let fast = parse_hand_fast(set, &words(), &line);
            assert!(fast.is_some(), "{}: {line:?} fell back to pest", set.name);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn fast_path_agrees_with_pest_on_piece_lines(
        picks in prop::collection::vec((0..PIECES.len(), any::<bool>()), 1..10),
    ) {
        let mut line = String::new();
        for (k, blank) in picks {
            line.push_str(PIECES[k]);
            if blank {
                line.push(' ');
            }
        }
        check(&line).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn fast_path_agrees_with_pest_on_notation_like_strings(
        line in "[\\[\\],0-9mpszfESWNCFPe =a-z\t中\u{a0}]{0,40}"
    ) {
        check(&line).map_err(TestCaseError::fail)?;
    }
}
