//! `mj sample` promises winning hands of the ruleset: every line it prints must score under that
//! ruleset (valid or below the minimum, never an error). Before the sampler was fitted to the
//! ruleset, taiwan's lines were all 14-tile hands (a 17-tile ruleset rejects every one), and
//! sichuan, hongkong, jingji and the riichi family drew words their word rules forbid or win
//! forms they do not enable.

use mj_core::Rng;
use mj_dsl::sample::{winning_hand, SampleOptions};

/// Hands per ruleset: enough that every word and form combination comes up many times.
const HANDS: usize = 400;

#[test]
fn every_sampled_line_of_every_builtin_ruleset_scores() {
    for name in mj_dsl::builtin_names() {
        let rs = mj_dsl::load(name).expect("built-in ruleset loads");
        let mut rng = Rng::new(11);
        let opts = SampleOptions::default();
        let mut failures = Vec::new();
        for _ in 0..HANDS {
            let line = mj_core::print_hand(&rs.tiles, &winning_hand(&rs, &mut rng, &opts));
            if let Err(e) = mj_dsl::report::score_text(&rs, &line) {
                failures.push(format!("{line}: {e}"));
            }
        }
        assert!(
            failures.is_empty(),
            "{name}: {} of {HANDS} sampled lines do not score, e.g.\n{}",
            failures.len(),
            failures[..failures.len().min(5)].join("\n")
        );
    }
}

#[test]
fn a_sixteen_tile_ruleset_samples_seventeen_tile_wins() {
    let rs = mj_dsl::load("taiwan").expect("taiwan loads");
    let mut rng = Rng::new(5);
    for _ in 0..100 {
        let h = winning_hand(&rs, &mut rng, &SampleOptions::default());
        // A kong counts three: the tiles of a winning hand are 3 per set plus the pair.
        let tiles = h.concealed.len() + 3 * h.melds.len();
        assert_eq!(tiles, rs.win_size(), "{}", mj_core::print_hand(&rs.tiles, &h));
    }
}

#[test]
fn sampling_is_a_function_of_the_seed() {
    for name in ["sichuan", "riichi"] {
        let rs = mj_dsl::load(name).expect("built-in ruleset loads");
        let draw = |seed| {
            let mut rng = Rng::new(seed);
            (0..50)
                .map(|_| {
                    mj_core::print_hand(&rs.tiles, &winning_hand(&rs, &mut rng, &SampleOptions::default()))
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(draw(3), draw(3), "{name}");
        assert_ne!(draw(3), draw(4), "{name}");
    }
}
