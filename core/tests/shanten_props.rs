//! Property tests: the fast shanten ([`shanten`], [`shanten_best`]) against the original
//! implementation, kept here verbatim as a slow reference (a fresh exhaustive search per group,
//! no caches, every knitted pattern tried), on random hands of every preset tile set, with every
//! form enabled and with each form alone, for 3n+1 and 3n+2 hands, with and without melds.

use mj_core::tile::MAX_KINDS;

use mj_core::wait::{shanten, shanten_best};
use mj_core::{Counts, FormRules, Shanten, Tile, TileSet};
use mj_testkit::presets;
use proptest::prelude::*;

mod reference {
    //! The shanten of commit 98c859d, adapted only to reach the crate through its public API.
    use mj_core::{Counts, FormRules, Shanten, TileSet};

    const MAX_CONCEALED: usize = 3 * 8 + 2;
    const SUIT_BUF: usize = 12;

    fn concealed_total(set: &TileSet, c: &Counts) -> Option<usize> {
        let playing = set.playing_kinds();
        if c[playing..].iter().any(|&n| n != 0) {
            return None;
        }
        let total: usize = c[..playing].iter().map(|&n| n as usize).sum();
        (total <= MAX_CONCEALED).then_some(total)
    }

    fn honour_range(set: &TileSet) -> std::ops::Range<usize> {
        let start = set.suits().last().map_or(0, |s| s.first as usize + s.len());
        start..set.playing_kinds()
    }

    fn honour_mask(set: &TileSet) -> u64 {
        honour_range(set).fold(0u64, |m, i| m | 1 << i)
    }

    fn orphan_mask(set: &TileSet, rules: &FormRules) -> Option<u64> {
        let mut mask = 0u64;
        for t in &rules.orphans {
            if t.id() >= set.playing_kinds() {
                return None;
            }
            mask |= 1 << t.id();
        }
        (mask != 0).then_some(mask)
    }

    fn presence(c: &Counts) -> u64 {
        let mut m = 0u64;
        for (i, &n) in c.iter().enumerate() {
            if n != 0 {
                m |= 1 << i;
            }
        }
        m
    }

    fn knits(set: &TileSet) -> Vec<u64> {
        let mut eligible = [0usize; 3];
        let mut n = 0;
        for s in set.suits() {
            if s.min_rank == 1 && s.max_rank == 9 && n < 3 {
                eligible[n] = s.first as usize;
                n += 1;
            }
        }
        if n < 3 {
            return Vec::new();
        }
        const PERMS: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
        PERMS
            .iter()
            .map(|p| {
                let mut m = 0u64;
                for (class, &suit) in p.iter().enumerate() {
                    for step in 0..3 {
                        m |= 1 << (eligible[suit] + class + 3 * step);
                    }
                }
                m
            })
            .collect()
    }

    const MAX_SETS: usize = 8;
    type Table = [[i8; MAX_SETS + 1]; 2];
    const EMPTY: Table = [[-1; MAX_SETS + 1]; 2];

    fn unit() -> Table {
        let mut t = EMPTY;
        t[0][0] = 0;
        t
    }

    fn combine(a: &Table, b: &Table) -> Table {
        let mut out = EMPTY;
        for ha in 0..2 {
            for sa in 0..=MAX_SETS {
                if a[ha][sa] < 0 {
                    continue;
                }
                for hb in 0..2 - ha {
                    for sb in 0..=MAX_SETS - sa {
                        if b[hb][sb] < 0 {
                            continue;
                        }
                        let t = (a[ha][sa] + b[hb][sb]).min(MAX_SETS as i8);
                        let cell = &mut out[ha + hb][sa + sb];
                        *cell = (*cell).max(t);
                    }
                }
            }
        }
        out
    }

    const PUNG: u8 = 0;
    const CHOW: u8 = 1;
    const HEAD: u8 = 2;
    const PAIR: u8 = 3;
    const ADJACENT: u8 = 4;
    const GAP: u8 = 5;

    struct Search<'a> {
        a: [u8; SUIT_BUF],
        len: usize,
        runs: bool,
        table: &'a mut Table,
    }

    impl Search<'_> {
        fn go(&mut self, mut i: usize, mut opt: u8, s: usize, t: i8, h: usize) {
            while i < self.len && self.a[i] == 0 {
                i += 1;
                opt = 0;
            }
            if i >= self.len {
                let cell = &mut self.table[h][s];
                *cell = (*cell).max(t.min(MAX_SETS as i8));
                return;
            }
            let a = &mut self.a;
            let seq = self.runs;
            let t_next = (t + 1).min(MAX_SETS as i8);
            if opt == PUNG && a[i] >= 3 && s < MAX_SETS {
                a[i] -= 3;
                self.go(i, PUNG, s + 1, t, h);
                self.a[i] += 3;
            }
            let a = &mut self.a;
            if opt <= CHOW && seq && s < MAX_SETS && i + 2 < self.len && a[i + 1] > 0 && a[i + 2] > 0 {
                a[i] -= 1;
                a[i + 1] -= 1;
                a[i + 2] -= 1;
                self.go(i, CHOW, s + 1, t, h);
                self.a[i] += 1;
                self.a[i + 1] += 1;
                self.a[i + 2] += 1;
            }
            if opt <= HEAD && h == 0 && self.a[i] >= 2 {
                self.a[i] -= 2;
                self.go(i, HEAD, s, t, 1);
                self.a[i] += 2;
            }
            if opt <= PAIR && self.a[i] >= 2 {
                self.a[i] -= 2;
                self.go(i, PAIR, s, t_next, h);
                self.a[i] += 2;
            }
            if opt <= ADJACENT && seq && i + 1 < self.len && self.a[i + 1] > 0 {
                self.a[i] -= 1;
                self.a[i + 1] -= 1;
                self.go(i, ADJACENT, s, t_next, h);
                self.a[i] += 1;
                self.a[i + 1] += 1;
            }
            if opt <= GAP && seq && i + 2 < self.len && self.a[i + 2] > 0 {
                self.a[i] -= 1;
                self.a[i + 2] -= 1;
                self.go(i, GAP, s, t_next, h);
                self.a[i] += 1;
                self.a[i + 2] += 1;
            }
            let n = self.a[i];
            self.a[i] = 0;
            self.go(i + 1, 0, s, t, h);
            self.a[i] = n;
        }
    }

    fn group_table(counts: &[u8], runs: bool) -> Table {
        let mut table = EMPTY;
        let mut a = [0u8; SUIT_BUF];
        let len = counts.len().min(SUIT_BUF - 2);
        a[..len].copy_from_slice(&counts[..len]);
        Search {
            a,
            len,
            runs,
            table: &mut table,
        }
        .go(0, 0, 0, 0, 0);
        table
    }

    fn standard_shanten(set: &TileSet, c: &Counts, need: usize) -> i8 {
        let mut acc = unit();
        for s in set.suits() {
            let first = s.first as usize;
            if c[first..first + s.len()].iter().any(|&n| n != 0) {
                acc = combine(&acc, &group_table(&c[first..first + s.len()], true));
            }
        }
        for i in honour_range(set) {
            if c[i] != 0 {
                acc = combine(&acc, &group_table(&c[i..i + 1], false));
            }
        }
        let need = need.min(MAX_SETS) as i8;
        let mut best = 0i8;
        for (h, row) in acc.iter().enumerate() {
            for (s, &t) in row.iter().enumerate() {
                if t < 0 {
                    continue;
                }
                let s = (s as i8).min(need);
                best = best.max(2 * s + t.min(need - s) + h as i8);
            }
        }
        2 * need - best
    }

    fn seven_pairs_shanten(set: &TileSet, rules: &FormRules, c: &Counts) -> Option<i8> {
        let cap = if rules.seven_pairs_allow_four { 2 } else { 1 };
        let (mut full, mut half, mut empty) = (0i32, 0i32, 0i32);
        for &n in &c[..set.playing_kinds()] {
            let f = (n as i32 / 2).min(cap);
            let h = i32::from(f < cap && n as i32 > 2 * f);
            full += f;
            half += h;
            empty += cap - f - h;
        }
        if full + half + empty < 7 {
            return None;
        }
        let f = full.min(7);
        let h = half.min(7 - f);
        let e = 7 - f - h;
        Some((h + 2 * e - 1) as i8)
    }

    pub fn shanten(set: &TileSet, rules: &FormRules, melds: usize, concealed: &Counts) -> Shanten {
        let mut out = Shanten::default();
        let Some(total) = concealed_total(set, concealed) else {
            return out;
        };
        let size = total + 3 * melds;
        let rem = size % 3;
        if rem == 0 || total == 0 {
            return out;
        }
        let c = concealed;
        let closed = melds == 0 && (total == 13 || total == 14);
        if rules.standard {
            let need = (size - 1) / 3 - melds;
            out.standard = Some(standard_shanten(set, c, need));
        }
        if rules.seven_pairs && closed {
            out.seven_pairs = seven_pairs_shanten(set, rules, c);
        }
        if let Some(mask) = orphan_mask(set, rules) {
            let kinds = mask.count_ones() as usize;
            if melds == 0 && (total == kinds || total == kinds + 1) {
                let have = presence(c) & mask;
                let dup = (0..set.playing_kinds()).any(|i| mask >> i & 1 == 1 && c[i] >= 2);
                out.orphans = Some(kinds as i8 - have.count_ones() as i8 - i8::from(dup));
            }
        }
        let knits = knits(set);
        if rules.honours_knitted && closed {
            let honours = honour_mask(set);
            let have = presence(c);
            out.honours_knitted = knits
                .iter()
                .filter(|&&k| (k | honours).count_ones() >= 14)
                .map(|&k| 13 - (have & (k | honours)).count_ones() as i8)
                .min();
        }
        if rules.knitted_straight && melds <= 1 && (size == 13 || size == 14) {
            let have = presence(c);
            out.knitted_straight = knits
                .iter()
                .map(|&k| {
                    let held = have & k;
                    let mut rest = *c;
                    let mut m = held;
                    while m != 0 {
                        rest[m.trailing_zeros() as usize] -= 1;
                        m &= m - 1;
                    }
                    (9 - held.count_ones() as i8) + standard_shanten(set, &rest, 1 - melds)
                })
                .min();
        }
        out
    }
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        // splitmix64
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn sets() -> Vec<TileSet> {
    vec![
        TileSet::new("mcr", &presets::chinese_official()).unwrap(),
        TileSet::new("ten", &presets::ten_rank()).unwrap(),
        TileSet::new("kawuxing", &presets::two_suits_dragons()).unwrap(),
    ]
}

fn all_forms(set: &TileSet) -> FormRules {
    FormRules {
        standard: true,
        seven_pairs: true,
        seven_pairs_allow_four: true,
        seven_pairs_pungs: 0,
        orphans: set
            .playing_tiles()
            .filter(|&t| set.is_terminal(t) || set.is_honour(t))
            .collect(),
        honours_knitted: true,
        knitted_straight: true,
    }
}

/// Every form on, then each form alone (seven pairs also without four-as-two-pairs).
fn rule_variants(set: &TileSet) -> Vec<FormRules> {
    let all = all_forms(set);
    let none = FormRules {
        standard: false,
        seven_pairs: false,
        seven_pairs_allow_four: false,
        seven_pairs_pungs: 0,
        orphans: Vec::new(),
        honours_knitted: false,
        knitted_straight: false,
    };
    vec![
        all.clone(),
        FormRules {
            standard: true,
            ..none.clone()
        },
        FormRules {
            seven_pairs: true,
            seven_pairs_allow_four: true,
            ..none.clone()
        },
        FormRules {
            seven_pairs: true,
            ..none.clone()
        },
        FormRules {
            orphans: all.orphans.clone(),
            ..none.clone()
        },
        FormRules {
            honours_knitted: true,
            ..none.clone()
        },
        FormRules {
            knitted_straight: true,
            ..none.clone()
        },
        FormRules {
            standard: false,
            ..all.clone()
        },
        none,
    ]
}

/// A random concealed part of `size` tiles. `kind` picks the shape: drawn from a full wall
/// (scattered), from one or two suits (dense, long runs), from the knitted/orphan tiles, or
/// with many equal tiles (up to the copy limit, and past it for absurd input).
fn gen_hand(set: &TileSet, rng: &mut Rng, kind: usize, size: usize) -> Counts {
    let playing: Vec<Tile> = set.playing_tiles().collect();
    let suits = set.suits();
    let pool: Vec<Tile> = match kind {
        1 => {
            let s = &suits[rng.below(suits.len())];
            playing
                .iter()
                .copied()
                .filter(|t| (s.first as usize..s.first as usize + s.len()).contains(&t.id()))
                .collect()
        }
        2 => {
            let a = &suits[rng.below(suits.len())];
            let b = &suits[rng.below(suits.len())];
            playing
                .iter()
                .copied()
                .filter(|t| {
                    let id = t.id();
                    (a.first as usize..a.first as usize + a.len()).contains(&id)
                        || (b.first as usize..b.first as usize + b.len()).contains(&id)
                        || set.is_honour(*t) && id % 3 == 0
                })
                .collect()
        }
        3 => playing
            .iter()
            .copied()
            .filter(|&t| {
                set.is_honour(t)
                    || set.is_terminal(t)
                    || set
                        .suit_rank(t)
                        .is_some_and(|(s, r)| (r as usize + s as usize) % 3 == 1)
            })
            .collect(),
        4 => {
            let n = 2 + rng.below(4);
            (0..n).map(|_| playing[rng.below(playing.len())]).collect()
        }
        _ => playing.clone(),
    };
    let limit = if kind == 5 { 255 } else { 4 };
    let mut c = [0u8; MAX_KINDS];
    let mut placed = 0;
    let mut tries = 0;
    while placed < size && tries < 10_000 {
        tries += 1;
        let t = pool[rng.below(pool.len())];
        if c[t.id()] < limit {
            c[t.id()] += 1;
            placed += 1;
        }
    }
    c
}

fn check(set: &TileSet, rules: &FormRules, melds: usize, c: &Counts) {
    let want: Shanten = reference::shanten(set, rules, melds, c);
    let got = shanten(set, rules, melds, c);
    assert_eq!(
        got,
        want,
        "shanten, melds {melds}, counts {:?}",
        &c[..set.playing_kinds()]
    );
    assert_eq!(
        shanten_best(set, rules, melds, c),
        want.best(),
        "shanten_best, melds {melds}, counts {:?}",
        &c[..set.playing_kinds()]
    );
}

fn run(seed: u64, preset: usize, kind: usize) {
    let set = &sets()[preset];
    let mut rng = Rng(seed);
    let melds = match rng.below(4) {
        0 | 1 => 0,
        2 => 1,
        _ => rng.below(5),
    };
    let size = match rng.below(8) {
        0 => rng.below(20),
        1 => 17 - 3 * melds.min(5),
        _ => 14usize.saturating_sub(3 * melds) - rng.below(2),
    };
    let c = gen_hand(set, &mut rng, kind, size);
    for rules in rule_variants(set) {
        check(set, &rules, melds, &c);
        // Every discard, as a discard choice asks.
        for i in 0..set.playing_kinds() {
            if c[i] > 0 {
                let mut after = c;
                after[i] -= 1;
                check(set, &rules, melds, &after);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn matches_reference(seed in any::<u64>(), preset in 0..3usize, kind in 0..6usize) {
        run(seed, preset, kind);
    }
}

/// Many hands in one thread: whatever the fast path caches must not change any later answer.
#[test]
fn long_sequences_match_reference() {
    let sets = sets();
    let mut rng = Rng(7);
    for round in 0..4000 {
        let set = &sets[round % 3];
        let rules = all_forms(set);
        let melds = rng.below(3);
        let size = 14 - 3 * melds - rng.below(2);
        let c = gen_hand(set, &mut rng, round % 5, size);
        check(set, &rules, melds, &c);
    }
}

#[test]
fn edge_inputs_match_reference() {
    for set in sets() {
        for rules in rule_variants(&set) {
            let mut absurd = [0u8; MAX_KINDS];
            absurd[0] = 200;
            for c in [[0u8; MAX_KINDS], [200u8; MAX_KINDS], absurd] {
                for melds in 0..6 {
                    check(&set, &rules, melds, &c);
                }
            }
            // Every kind alone, from one to twenty-six copies.
            for id in 0..set.playing_kinds() {
                for n in 1..=26u8 {
                    let mut c = [0u8; MAX_KINDS];
                    c[id] = n;
                    check(&set, &rules, 0, &c);
                }
            }
        }
    }
}
