//! Speed of the hot paths: the scorer calls `readings` once per hand, the hint engine calls
//! `waits` and `shanten` for every candidate discard, and `waits` is built on `is_win`.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use mj_core::decompose::{is_win, readings};
use mj_core::tile::MAX_KINDS;
use mj_core::wait::{shanten, shanten_best, waits};
use mj_core::{Counts, FormRules, Rng, Tile, TileSet};
use mj_testkit::presets;
use mj_testkit::shapes::{all_forms, counts, tile};

fn bench(c: &mut Criterion) {
    let mcr = TileSet::new("mcr", &presets::chinese_official()).expect("preset");
    let ten = TileSet::new("ten", &presets::ten_rank()).expect("preset");
    let std_rules = FormRules::default();
    let all = all_forms(&mcr);

    let win14 = counts(&mcr, "234m 345m 456p 678s 55s");
    let nowin14 = counts(&mcr, "234m 345m 456p 678s 5s E");
    let gates14 = counts(&mcr, "11123455678999m");
    c.bench_function("is_win/14 standard win", |b| {
        b.iter(|| is_win(&mcr, &std_rules, 0, black_box(&win14)))
    });
    c.bench_function("is_win/14 not a win, all forms", |b| {
        b.iter(|| is_win(&mcr, &all, 0, black_box(&nowin14)))
    });
    c.bench_function("is_win/14 one-suit, all forms", |b| {
        b.iter(|| is_win(&mcr, &all, 0, black_box(&gates14)))
    });

    let w = tile(&mcr, "5m");
    c.bench_function("readings/nine gates + 5m (many splits)", |b| {
        b.iter(|| readings(&mcr, &all, &[], black_box(&gates14), w))
    });
    let w = tile(&mcr, "4m");
    c.bench_function("readings/ordinary 14", |b| {
        b.iter(|| readings(&mcr, &all, &[], black_box(&win14), w))
    });

    let hands13 = [
        ("nine gates", &mcr, counts(&mcr, "1112345678999m")),
        ("two-sided + pair", &mcr, counts(&mcr, "234m 345m 456p 67s 55s")),
        ("scattered 2-shanten", &mcr, counts(&mcr, "13m 468p 2579s ESCC")),
        ("ten-rank", &ten, counts(&ten, "890m 2345p 67s EEE S")),
    ];
    for (name, set, h) in &hands13 {
        let s_rules = FormRules::default();
        c.bench_function(&format!("waits/standard/{name}"), |b| {
            b.iter(|| waits(set, &s_rules, &[], black_box(h)))
        });
        let a = all_forms(set);
        c.bench_function(&format!("waits/all forms/{name}"), |b| {
            b.iter(|| waits(set, &a, &[], black_box(h)))
        });
        c.bench_function(&format!("shanten/all forms/{name}"), |b| {
            b.iter(|| shanten(set, &a, 0, black_box(h)))
        });
    }
}

/// Realistic 14-tile hands of one tile set: `games` walls, each dealt 13 tiles and then played
/// for `turns` draws by a plain greedy discarder (lowest shanten, then lowest id), recording the
/// hand after every draw. Covers the whole range from scattered deals to ready hands.
fn played_hands(set: &TileSet, rules: &FormRules, games: u64, turns: usize) -> Vec<Counts> {
    let mut out = Vec::new();
    for seed in 0..games {
        let mut rng = Rng::new(seed);
        let mut wall: Vec<Tile> = set
            .playing_tiles()
            .flat_map(|t| (0..set.copies(t)).map(move |_| t))
            .collect();
        rng.shuffle(&mut wall);
        let mut c = [0u8; MAX_KINDS];
        for t in wall.drain(..13) {
            c[t.id()] += 1;
        }
        for t in wall.into_iter().take(turns) {
            c[t.id()] += 1;
            out.push(c);
            let discard = (0..set.playing_kinds())
                .filter(|&i| c[i] > 0)
                .min_by_key(|&i| {
                    let mut after = c;
                    after[i] -= 1;
                    (shanten(set, rules, 0, &after).best(), i)
                })
                .expect("a tile to discard");
            c[discard] -= 1;
        }
    }
    out
}

/// Shanten as the greedy bot uses it: whole-hand figures for many distinct hands, so per-call
/// cost and not a single hand's cached answer is measured.
fn bench_shanten(c: &mut Criterion) {
    let mcr = TileSet::new("mcr", &presets::chinese_official()).expect("preset");
    let ten = TileSet::new("ten", &presets::ten_rank()).expect("preset");
    for (name, set) in [("mcr", &mcr), ("ten", &ten)] {
        let rules = all_forms(set);
        let hands = played_hands(set, &rules, 64, 16);
        let mut g = c.benchmark_group(format!("shanten14/{name} all forms"));
        g.throughput(criterion::Throughput::Elements(hands.len() as u64));
        g.bench_function("played hands", |b| {
            b.iter(|| {
                hands
                    .iter()
                    .map(|h| shanten(set, &rules, 0, black_box(h)).best() as i32)
                    .sum::<i32>()
            })
        });
        // Every discard of every hand, as a discard choice scores them.
        g.bench_function("played hands, every discard", |b| {
            b.iter(|| {
                let mut sum = 0i32;
                for h in &hands {
                    for i in 0..set.playing_kinds() {
                        if h[i] > 0 {
                            let mut after = *h;
                            after[i] -= 1;
                            sum += shanten(set, &rules, 0, black_box(&after)).best() as i32;
                        }
                    }
                }
                sum
            })
        });
        // What the greedy bot calls: the best figure only (before this existed, the bot took
        // `shanten(..).best()`, which the two benches above measure).
        g.bench_function("played hands, every discard, best only", |b| {
            b.iter(|| {
                let mut sum = 0i32;
                for h in &hands {
                    for i in 0..set.playing_kinds() {
                        if h[i] > 0 {
                            let mut after = *h;
                            after[i] -= 1;
                            sum += shanten_best(set, &rules, 0, black_box(&after)) as i32;
                        }
                    }
                }
                sum
            })
        });
        g.finish();
    }
}

criterion_group!(benches, bench, bench_shanten);
criterion_main!(benches);
