//! Any bytes as a line of notation under every built-in tile set: parsing never panics, the fast
//! path and the pest path read the line the same (equal results, and the fast path alone never
//! accepts a line pest reads otherwise), and a parsed hand prints to a canonical line that parses
//! to a hand printing the same line.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mj_core::notation::{parse_hand, parse_hand_fast, parse_hand_pest, print_hand};
use std::sync::OnceLock;

fn rulesets() -> &'static [mj_dsl::Ruleset] {
    static R: OnceLock<Vec<mj_dsl::Ruleset>> = OnceLock::new();
    R.get_or_init(|| {
        ["mcr", "shiwan", "kawuxing", "jingji"]
            .iter()
            .map(|n| mj_dsl::load(n).expect("built-in ruleset loads"))
            .collect()
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for rs in rulesets() {
        let parsed = parse_hand(&rs.tiles, &rs.context_words, text);
        let pest = parse_hand_pest(&rs.tiles, &rs.context_words, text);
        assert_eq!(parsed, pest, "the fast path and pest differ on {text:?}");
        if let Some(fast) = parse_hand_fast(&rs.tiles, &rs.context_words, text) {
            assert_eq!(Ok(&fast), pest.as_ref(), "the fast path alone differs from pest on {text:?}");
        }
        let Ok(hand) = parsed else {
            continue;
        };
        let printed = print_hand(&rs.tiles, &hand);
        let again = parse_hand(&rs.tiles, &rs.context_words, &printed)
            .unwrap_or_else(|e| panic!("{text:?} printed as {printed:?}, which does not parse: {e}"));
        assert_eq!(
            print_hand(&rs.tiles, &again),
            printed,
            "printing is not canonical for {text:?}"
        );
    }
});
