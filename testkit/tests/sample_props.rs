//! Properties of the seeded hand sampler over every preset tile set: reproducible from a seed,
//! printable and parsable, within the tile copies, 14 tiles (a kong counting three), and a win.

use mj_core::hand::counts_of;
use mj_core::notation::{parse_hand, print_hand};
use mj_core::rng::Rng;
use mj_core::tile::{Counts, Tile, TileSet};
use mj_core::Hand;
use mj_testkit::presets;
use mj_testkit::sample::{winning_hand, SampleOptions};

const HANDS: usize = 3000;

fn sets() -> Vec<TileSet> {
    [
        ("mcr", presets::chinese_official()),
        ("shiwan", presets::ten_rank()),
        ("kawuxing", presets::two_suits_dragons()),
    ]
    .iter()
    .map(|(name, spec)| TileSet::new(*name, spec).unwrap())
    .collect()
}

fn sample(set: &TileSet, seed: u64, n: usize) -> Vec<Hand> {
    let mut rng = Rng::new(seed);
    let opts = SampleOptions::default();
    (0..n).map(|_| winning_hand(set, &mut rng, &opts)).collect()
}

#[test]
fn same_seed_same_hands() {
    for set in sets() {
        let a: Vec<String> = sample(&set, 77, 500)
            .iter()
            .map(|h| print_hand(&set, h))
            .collect();
        let b: Vec<String> = sample(&set, 77, 500)
            .iter()
            .map(|h| print_hand(&set, h))
            .collect();
        let c: Vec<String> = sample(&set, 78, 500)
            .iter()
            .map(|h| print_hand(&set, h))
            .collect();
        assert_eq!(a, b, "{}", set.name);
        assert_ne!(a, c, "{}", set.name);
    }
}

#[test]
fn first_hands_of_seed_one_are_locked() {
    // Locks the whole pipeline (rng, sampler, printer) for mcr; regenerate deliberately when the
    // sampler's biases change, since saved corpora keyed by seed change with it.
    let set = &sets()[0];
    let got: Vec<String> = sample(set, 1, 3).iter().map(|h| print_hand(set, h)).collect();
    assert_eq!(got, LOCKED);
}

const LOCKED: [&str; 3] = [
    "[EEEE,1][WWWW,2]23466sCCC self fourth",
    "[567m,3][789m,2][234m,3][234m,2]5m5m self seat=N round=W",
    "2233445566788s7s kong seat=S round=N",
];

#[test]
fn printed_hands_parse_back_to_the_same_hand() {
    for set in sets() {
        for hand in sample(&set, 5, HANDS) {
            let line = print_hand(&set, &hand);
            let back = parse_hand(&set, &[], &line).unwrap_or_else(|e| panic!("{line}: {e}"));
            assert_eq!(back.melds, hand.melds, "{line}");
            assert_eq!(back.winning_tile(), hand.winning_tile(), "{line}");
            let mut a = back.concealed.clone();
            let mut b = hand.concealed.clone();
            a.sort();
            b.sort();
            assert_eq!(a, b, "{line}");
            assert_eq!(back.bonus, hand.bonus, "{line}");
            assert_eq!(back.context, hand.context, "{line}");
            assert_eq!(print_hand(&set, &back), line);
        }
    }
}

#[test]
fn copies_and_tile_count_hold() {
    for set in sets() {
        for hand in sample(&set, 9, HANDS) {
            let line = print_hand(&set, &hand);
            let counts = hand.all_counts(&set);
            for t in set.playing_tiles() {
                assert!(
                    counts[t.id()] <= set.copies(t),
                    "{line}: too many {}",
                    set.notation(t)
                );
            }
            let bonus = counts_of(&hand.bonus);
            assert!(bonus.iter().all(|&n| n <= 1), "{line}");
            assert!(hand.flower_count() <= 8, "{line}");
            assert_eq!(hand.effective_len(), 14, "{line}");
            assert!(hand.melds.len() <= 4, "{line}");
        }
    }
}

#[test]
fn every_hand_is_a_win() {
    for set in sets() {
        for hand in sample(&set, 13, HANDS) {
            let line = print_hand(&set, &hand);
            assert!(is_win(&set, &hand), "{line} is not a win");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// A deliberately naive win check, independent of the sampler's construction.

fn is_win(set: &TileSet, hand: &Hand) -> bool {
    let mut c = hand.concealed_counts();
    let sets_needed = 4 - hand.melds.len();
    if standard(set, &mut c, sets_needed, false) {
        return true;
    }
    if !hand.melds.is_empty() {
        return knitted_straight(set, hand);
    }
    let c = hand.concealed_counts();
    let seven_pairs = c.iter().all(|&n| n % 2 == 0);
    let orphans: Vec<Tile> = set
        .playing_tiles()
        .filter(|&t| set.is_terminal(t) || set.is_honour(t))
        .collect();
    let is_orphans = orphans.len() == 13 && orphans.iter().all(|t| c[t.id()] >= 1);
    let distinct = c.iter().filter(|&&n| n == 1).count() == 14 && knitted_only(set, &c);
    seven_pairs || is_orphans || distinct || knitted_straight(set, hand)
}

/// `sets` sets plus one pair from the counts (first nonzero tile must start something).
fn standard(set: &TileSet, c: &mut Counts, sets: usize, paired: bool) -> bool {
    let Some(i) = c.iter().position(|&n| n > 0) else {
        return sets == 0 && paired;
    };
    let Some(t) = set.tile(i) else {
        return false;
    };
    if !paired && c[i] >= 2 {
        c[i] -= 2;
        let ok = standard(set, c, sets, true);
        c[i] += 2;
        if ok {
            return true;
        }
    }
    if sets == 0 {
        return false;
    }
    if c[i] >= 3 {
        c[i] -= 3;
        let ok = standard(set, c, sets - 1, paired);
        c[i] += 3;
        if ok {
            return true;
        }
    }
    if let (Some(b), Some(d)) = (set.step(t, 1), set.step(t, 2)) {
        if c[b.id()] > 0 && c[d.id()] > 0 {
            for x in [i, b.id(), d.id()] {
                c[x] -= 1;
            }
            let ok = standard(set, c, sets - 1, paired);
            for x in [i, b.id(), d.id()] {
                c[x] += 1;
            }
            return ok;
        }
    }
    false
}

/// The six knitted straights (147/258/369 over the three suits) as tile lists.
fn knitted_straights(set: &TileSet) -> Vec<Vec<Tile>> {
    let letters: Vec<char> = set.suits().iter().map(|s| s.letter).collect();
    if letters.len() != 3 || set.suits().iter().any(|s| s.max_rank != 9) {
        return Vec::new();
    }
    let perms = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    perms
        .iter()
        .map(|p| {
            (0..3)
                .flat_map(|k| {
                    let letter = letters[p[k]];
                    [1, 4, 7].map(|r| set.suited(letter, r + k as u8))
                })
                .flatten()
                .collect()
        })
        .collect()
}

fn knitted_only(set: &TileSet, c: &Counts) -> bool {
    knitted_straights(set).iter().any(|k| {
        set.playing_tiles()
            .filter(|&t| c[t.id()] > 0 && set.is_suited(t))
            .all(|t| k.contains(&t))
    })
}

fn knitted_straight(set: &TileSet, hand: &Hand) -> bool {
    for k in knitted_straights(set) {
        let mut c = hand.concealed_counts();
        if k.iter().all(|t| c[t.id()] >= 1) {
            for t in &k {
                c[t.id()] -= 1;
            }
            return standard(set, &mut c, 1 - hand.melds.len().min(1), false);
        }
    }
    false
}
