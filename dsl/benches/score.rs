//! Hands scored per second through the built-in Chinese Official rulesets, on seeded generated
//! hands parsed outside the timed loop (the reference driver's `--bench` does the same, so the
//! figures compare directly: see `tools/reference/README.md`).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use mj_core::rng::Rng;
use mj_testkit::sample::{winning_hand, SampleOptions};

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("score");
    for name in ["mcr", "mcr-mil", "mcr-strict98"] {
        let rs = match mj_dsl::load(name) {
            Ok(rs) => rs,
            Err(d) => panic!("{name}: {d}"),
        };
        let mut rng = Rng::new(20261129);
        let hands: Vec<_> = (0..1000)
            .map(|_| winning_hand(&rs.tiles, &mut rng, &SampleOptions::default()))
            .collect();
        group.throughput(Throughput::Elements(hands.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut total = 0i64;
                for h in &hands {
                    if let Ok(s) = mj_dsl::score(&rs, std::hint::black_box(h)) {
                        total += s.total;
                    }
                }
                total
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
