//! The rough edges a new user hits (issue 25), end to end through the binary: input written the
//! way people write it, help and manuals, colour only where it belongs, and wording.

mod common;

use common::*;

#[test]
fn hands_written_with_spaces_or_unicode_tiles_score_as_the_plain_line() {
    let (_, plain, _) = mj(&["score", "--json", "123m456p789s11pEEE"]);
    for same in ["123m 456p 789s 11p EEE", "🀇🀈🀉 🀜🀝🀞 🀖🀗🀘 🀙🀙 🀀🀀🀀"] {
        let (code, out, err) = mj(&["score", "--json", same]);
        assert_eq!(code, 0, "{same}: {err}");
        assert_eq!(out, plain, "{same}");
    }
    let (code, _, err) = mj(&["score", "123m456p789s11pEEE SELF"]);
    assert_eq!(code, 1);
    assert!(err.contains("did you mean `self`"), "{err}");
}

#[test]
fn zero_hands_is_an_error_and_one_tile_is_singular() {
    for cmd in [&["simulate", "--hands", "0"][..], &["play", "--hands", "0"][..]] {
        let (code, _, err) = mj(cmd);
        assert_eq!(code, 2, "{cmd:?}");
        assert!(
            err.contains("--hands") && err.contains("0 is not in 1.."),
            "{cmd:?}: {err}"
        );
    }
    let (_, _, err) = mj(&["score", "5m"]);
    assert!(err.contains("has 1 tile ") && !err.contains("1 tiles"), "{err}");
}

#[test]
fn colour_on_request_never_in_a_pipe_never_with_no_color() {
    let hand = ["score", "123m456p789s11pEEE"];
    let (_, piped, _) = mj(&hand);
    assert!(!piped.contains('\x1b'), "colour in a pipe: {piped}");
    let (_, forced, _) = mj_env(&hand, &[("CLICOLOR_FORCE", "1")]);
    assert!(forced.contains("\x1b[32mvalid win\x1b[0m"), "{forced}");
    let (_, no_color, _) = mj_env(&hand, &[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")]);
    assert_eq!(no_color, piped);
}

#[test]
fn completions_and_a_man_page() {
    for shell in ["bash", "zsh", "fish"] {
        let (code, out, err) = mj(&["completions", shell]);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains("simulate") && out.contains("tournament"), "{shell}");
    }
    let (code, _, err) = mj(&["completions", "tcsh"]);
    assert_eq!(code, 2, "{err}");
    let (code, out, _) = mj(&["man"]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with(".ie") || out.contains(".TH mj"),
        "{}",
        &out[..out.len().min(200)]
    );
    assert!(out.contains("MJ SCORE") && out.contains("MJ TOURNAMENT"));
}

#[test]
fn why_prints_the_full_account() {
    // 第九条 2 大三元: 不计箭刻 — the account says 箭刻 was excluded by 大三元.
    let (code, out, err) = mj(&["score", "--why", "[CCC,1][FFF,2][PPP,3]123m9p9p"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("reading: CCC FFF PPP 123m 99p"), "{out}");
    assert!(
        out.contains("not counted:") && out.contains("箭刻") && out.contains("excluded by 大三元"),
        "{out}"
    );
}

#[test]
fn waits_never_says_not_ready_at_shanten_0() {
    let (code, out, _) = mj(&["waits", "1111m234p567p888s"]);
    assert_eq!(code, 0);
    assert!(!out.contains("not ready: shanten 0"), "{out}");
    assert!(out.contains("no wait") && out.contains("1m"), "{out}");
    let (_, out, _) = mj(&["waits", "[123m][567p]789s22s34s"]);
    assert!(out.contains("5s  on a discard 2 (below the minimum 8)"), "{out}");
}
