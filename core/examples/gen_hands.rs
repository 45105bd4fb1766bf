//! Prints seeded random winning hands in canonical notation, one per line, for differential
//! testing against a reference scorer:
//!
//! ```sh
//! cargo run -p mj-core --example gen_hands -- --seed 1 --count 20000 --set mcr | target/reference/bin/mcr
//! ```
//!
//! The same seed, count and set always print the same lines.

use std::process::ExitCode;

use mj_core::notation::print_hand;
use mj_core::rng::Rng;
use mj_core::tile::TileSet;
use mj_testkit::presets;
use mj_testkit::sample::{winning_hand, SampleOptions};

const USAGE: &str = "usage: gen_hands --seed S --count N [--set mcr|shiwan|kawuxing]";

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gen_hands: {e}\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn run() -> Result<(), String> {
    let mut seed: u64 = 0;
    let mut count: u64 = 10;
    let mut set_name = String::from("mcr");
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or_else(|| format!("{name} needs a value"));
        match arg.as_str() {
            "--seed" => {
                let v = value("--seed")?;
                seed = v.parse().map_err(|_| format!("--seed {v}: not a number"))?;
            }
            "--count" => {
                let v = value("--count")?;
                count = v.parse().map_err(|_| format!("--count {v}: not a number"))?;
            }
            "--set" => set_name = value("--set")?,
            "-h" | "--help" => {
                println!("{USAGE}");
                return Ok(());
            }
            other => return Err(format!("unknown argument {other}")),
        }
    }
    // Core has no rulesets; these presets stand in for the sets of the shipped rulesets.
    let spec = match set_name.as_str() {
        "mcr" => presets::chinese_official(),
        "shiwan" => presets::ten_rank(),
        "kawuxing" => presets::two_suits_dragons(),
        other => return Err(format!("unknown set {other}")),
    };
    let set = TileSet::new(set_name.clone(), &spec).map_err(|e| e.to_string())?;
    let mut rng = Rng::new(seed);
    let opts = SampleOptions::default();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for _ in 0..count {
        let hand = winning_hand(&set, &mut rng, &opts);
        use std::io::Write;
        if writeln!(out, "{}", print_hand(&set, &hand)).is_err() {
            // The reader went away (e.g. `| head`): stop quietly.
            return Ok(());
        }
    }
    Ok(())
}
