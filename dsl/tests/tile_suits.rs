//! `[tiles] suits` in an extension merge by letter (docs/ruleset-format.md, `[tiles]`): a suit's
//! keys change the base's suit of that letter, a new letter adds a suit, `remove = true` deletes
//! one. Tested on the documented example as a base, on riichi-sanma (which says only its
//! characters) and on riichi's `aka_dora=false` overlay (which says only `red = 0`).

use mj_dsl::{load, score_text, Ruleset};
use std::path::{Path, PathBuf};

/// The documented example (docs/ruleset-format.md) written as folder `base` beside an extension
/// `ext` whose `[tiles]` is `tiles`, in a fresh folder; the extension loaded.
fn extension(tag: &str, tiles: &str) -> Result<Ruleset, String> {
    let doc =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/ruleset-format.md"))
            .expect("docs/ruleset-format.md");
    let block = |name: &str| {
        let start = doc.find(&format!("<!-- example: {name} -->")).expect("example");
        let body = &doc[start..];
        let body = &body[body.find("```").expect("fence")..];
        let body = &body[body.find('\n').expect("line") + 1..];
        body[..body.find("```").expect("fence")].to_string()
    };
    let root: PathBuf = std::env::temp_dir().join(format!("mj-tile-suits-{}-{tag}", std::process::id()));
    let write = |dir: &str, file: &str, text: &str| {
        std::fs::create_dir_all(root.join(dir)).expect("dir");
        std::fs::write(root.join(dir).join(file), text).expect("write");
    };
    write("base", "ruleset.toml", &block("ruleset.toml"));
    write("base", "fans.rhai", &block("fans.rhai"));
    write(
        "ext",
        "ruleset.toml",
        &format!("[ruleset]\nname = \"ext\"\nextends = \"base\"\n\n[tiles]\n{tiles}\n"),
    );
    let loaded = load(&root.join("ext").display().to_string()).map_err(|d| d.to_string());
    let _ = std::fs::remove_dir_all(&root);
    loaded
}

/// A suit's keys override the base's suit of that letter; the other suits stay as they are.
#[test]
fn a_suit_entry_changes_only_its_keys() {
    let rs =
        extension("rename", "suits = [{ letter = \"p\", name = \"筒\" }]").unwrap_or_else(|e| panic!("{e}"));
    let names: Vec<(char, String)> = rs
        .tiles_spec
        .suits
        .iter()
        .map(|s| (s.letter, s.name.clone()))
        .collect();
    assert_eq!(names, [('m', "万".to_string()), ('p', "筒".to_string())]);
    assert!(score_text(&rs, "123m456m789m123p5p5p").is_ok());
}

/// `remove = true` deletes a suit and a new letter adds one (here dots become bamboo, so the
/// wall keeps its size).
#[test]
fn suits_are_removed_and_added() {
    let rs = extension(
        "swap",
        "suits = [{ letter = \"p\", remove = true }, { letter = \"s\", name = \"索\", max_rank = 9 }]",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let letters: Vec<char> = rs.tiles_spec.suits.iter().map(|s| s.letter).collect();
    assert_eq!(letters, ['m', 's']);
    assert!(score_text(&rs, "123m456m789m123s5s5s").is_ok());
    let e = score_text(&rs, "123m456m789m123p5p5p").expect_err("no dots");
    assert!(e.contains('p'), "{e}");
}

/// Removing a suit no base has is a located load error.
#[test]
fn removing_an_unknown_suit_is_an_error() {
    let e = extension("unknown", "suits = [{ letter = \"s\", remove = true }]")
        .expect_err("no bamboo in the base");
    assert!(
        e.contains("suit `s` is removed, but no base ruleset has it") && e.contains("ext"),
        "{e}"
    );
}

/// riichi-sanma says only its characters (1m and 9m, no red): dots and bamboo with their red
/// fives come from riichi (riichi.md, riichi-sanma: 108 tiles, red fives only in p and s); and
/// riichi's `aka_dora=false` overlay, every suit `red = 0`, applies to it unchanged.
#[test]
fn sanma_and_the_aka_dora_overlay_say_only_what_changes() {
    let sanma = load("riichi-sanma").unwrap_or_else(|d| panic!("{d}"));
    assert_eq!(sanma.tiles.total_tiles(), 108);
    let red: Vec<(char, u8)> = sanma.tiles_spec.suits.iter().map(|s| (s.letter, s.red)).collect();
    assert_eq!(red, [('m', 0), ('p', 1), ('s', 1)]);
    let plain = load("riichi-sanma[aka_dora=false]").unwrap_or_else(|d| panic!("{d}"));
    assert!(plain.tiles_spec.suits.iter().all(|s| s.red == 0));
    assert_eq!(plain.tiles_spec.suits[0].ranks, Some(vec![1, 9]));
    let riichi = load("riichi[aka_dora=false]").unwrap_or_else(|d| panic!("{d}"));
    let kept: Vec<(char, String, u8)> = riichi
        .tiles_spec
        .suits
        .iter()
        .map(|s| (s.letter, s.name.clone(), s.max_rank))
        .collect();
    assert_eq!(
        kept,
        [
            ('m', "萬子".to_string(), 9),
            ('p', "筒子".to_string(), 9),
            ('s', "索子".to_string(), 9)
        ]
    );
    assert!(riichi.tiles_spec.suits.iter().all(|s| s.red == 0));
}
