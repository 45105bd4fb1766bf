//! `mj check` and `mj doc` say where every context word comes from in play, and `mj check` warns
//! about a word that play can never set.

use std::process::Command;

fn mj(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_mj"))
        .args(args)
        .output()
        .expect("run mj");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).to_string(),
    )
}

#[test]
fn check_warns_about_a_context_word_play_never_sets() {
    let (code, out) = mj(&["check", "jingji"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("context word last_turn: set in play") && out.contains("within = 4"),
        "{out}"
    );
    assert!(out.contains("context word from: set in play"), "{out}");
    assert!(out.contains("context word stacks: set in play"), "{out}");
    assert!(out.contains("context word double: score only"), "{out}");
    assert!(!out.contains("warning"), "{out}");
    let d = std::env::temp_dir().join(format!("mj-check-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    std::fs::write(
        d.join("ruleset.toml"),
        "[ruleset]\nname = \"house\"\nextends = \"jingji\"\nversion = \"0.1.0\"\ndescription = \"t\"\n\n[[context]]\nword = \"lucky\"\nhelp = \"a lucky hand\"\n",
    )
    .unwrap();
    let (code, out) = mj(&["check", d.to_str().unwrap()]);
    assert_eq!(code, 0, "a warning, not an error: mj score still reads the word");
    assert!(
        out.contains("warning: context word `lucky` can never be set in play"),
        "{out}"
    );
    let (_, doc) = mj(&["doc", d.to_str().unwrap()]);
    assert!(
        doc.contains("- `lucky`: a lucky hand; never set in play"),
        "{doc}"
    );
    let _ = std::fs::remove_dir_all(&d);
}
