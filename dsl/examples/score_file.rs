//! Scores every hand of a file repeatedly and prints hands per second, the same procedure as the
//! reference driver's `--bench` (parse first, time only the scoring), so the two compare directly:
//!
//!     cargo run --release -p mj-dsl --example score_file -- mcr hands.txt
//!     target/reference/bin/mcr --bench < hands.txt
//!
//! With a fourth argument `report` each hand is scored and settled into the report `mj score`
//! prints (payments included, with the account of every fan and the check of its context words);
//! with `outcome` it is scored and settled without the account (`mj_dsl::outcome::settle_hand`:
//! fans, han, fu, limit, payments), which is what `tools/riichi-oracle/bench.py` compares with
//! riichienv's `HandEvaluator` (which returns the same figures and no account).

use std::time::Instant;

/// The allocator `mj` links: a scored hand makes and frees a few small heap blocks, and the
/// figures here are meant to be those of the shipped binary's scorer, not of the system malloc.
#[global_allocator]
static ALLOC: mj_heap::Mimalloc = mj_heap::Mimalloc;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        eprintln!("usage: score_file RULESET FILE [SECONDS|ROUNDSx [report|outcome]]");
        std::process::exit(2);
    }
    let rs = match mj_dsl::load(&args[1]) {
        Ok(rs) => rs,
        Err(d) => {
            eprintln!("{d}");
            std::process::exit(1);
        }
    };
    let text = match std::fs::read_to_string(&args[2]) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{}: {e}", args[2]);
            std::process::exit(1);
        }
    };
    // `3x` instead of seconds: exactly three rounds, for instruction counts that do not depend on
    // the machine's load (`valgrind --tool=callgrind`, one run of `1x` against one of `2x`).
    let limit = args.get(3).map_or("2", String::as_str);
    let rounds: Option<u64> = limit.strip_suffix('x').and_then(|n| n.parse().ok());
    let seconds: f64 = limit.parse().unwrap_or(2.0);
    let mode = args.get(4).map_or("score", String::as_str);
    if !["score", "report", "outcome"].contains(&mode) {
        eprintln!("unknown mode '{mode}': write report, outcome or nothing (the plain score)");
        std::process::exit(2);
    }
    let hands: Vec<_> = text
        .lines()
        .filter_map(|l| mj_core::notation::parse_hand(&rs.tiles, &rs.context_words, l.trim()).ok())
        .collect();
    if hands.is_empty() {
        eprintln!("no parsable hands");
        std::process::exit(1);
    }
    let mut checksum = 0i64;
    let mut reps = 0u64;
    let start = Instant::now();
    loop {
        for h in &hands {
            match mode {
                "report" => {
                    if let Ok(r) = mj_dsl::report::score_hand(&rs, h) {
                        checksum = checksum.wrapping_add(r.total + r.payments.len() as i64);
                    }
                }
                "outcome" => {
                    if let Ok(o) = mj_dsl::outcome::settle_hand(&rs, h) {
                        checksum = checksum.wrapping_add(o.total + o.payments.len() as i64);
                    }
                }
                _ => {
                    if let Ok(s) = mj_dsl::score(&rs, h) {
                        checksum = checksum.wrapping_add(s.total);
                    }
                }
            }
        }
        reps += 1;
        let done = match rounds {
            Some(n) => reps >= n,
            None => start.elapsed().as_secs_f64() >= seconds,
        };
        if done {
            break;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let n = hands.len() as f64 * reps as f64;
    println!(
        "{{\"ruleset\":\"{}\",\"hands\":{},\"reps\":{reps},\"seconds\":{secs:.3},\"hands_per_sec\":{:.0},\"checksum\":{checksum}}}",
        rs.name,
        hands.len(),
        n / secs
    );
}
