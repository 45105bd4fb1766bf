//! Time to load and compile a built-in ruleset: TOML parsing, merging `extends`, compiling every
//! condition and pattern. `mj` does this once per run.

use criterion::{criterion_group, criterion_main, Criterion};

fn load(c: &mut Criterion) {
    for name in ["mcr", "mcr-strict98"] {
        c.bench_function(&format!("load {name}"), |b| {
            b.iter(|| mj_dsl::load(std::hint::black_box(name)).expect("loads"))
        });
    }
}

criterion_group!(benches, load);
criterion_main!(benches);
