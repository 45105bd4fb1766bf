//! Complete hands per second: four greedy bots playing Chinese Official hands from successive
//! seeds (deal, every decision, scoring of wins, settlement, record building).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use mj_core::game::{play_hand, GreedyBot, Player};
use mj_core::Wind;
use mj_dsl::table::Table;
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let t = Table::new(mj_dsl::load("mcr").expect("mcr loads")).expect("table rules");
    let mut players: Vec<Box<dyn Player>> = (0..4)
        .map(|_| Box::new(GreedyBot::new()) as Box<dyn Player>)
        .collect();
    let mut g = c.benchmark_group("play");
    g.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    g.bench_function("mcr_greedy_hand", |b| {
        b.iter(|| {
            seed += 1;
            let r = play_hand(&t, &mut players, seed, (seed % 4) as usize, Wind::EAST).expect("hand plays");
            black_box(r.events.len())
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
